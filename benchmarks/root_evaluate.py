"""How well Root's ``evaluate`` tells who will win, beside the weights it had
before (measured on the same positions in the same run).

The rule bot plays both factions for ``--games`` games (seeds from
``--seed``); at the start of every turn each evaluation is read from the
Marquise's side.  A logistic curve (a slope and an offset) is fitted to the
winners of the even seeds' games, and each evaluation is judged on the odd
seeds' games by its log loss (lower is better) and by how often its sign
names the winner.  The weights of ``evaluate`` were fitted to such games
(1,200, seeds 100000-101199), so judge it on other seeds.

    uv run python benchmarks/root_evaluate.py --games 400 --seed 0
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable

from boardgames_tui.engine.game import Seat
from boardgames_tui.engine.registry import get_game
from boardgames_tui.games.root import core
from boardgames_tui.games.root.bots import RootBot
from boardgames_tui.games.root.factions.duchy import DUCHY
from boardgames_tui.games.root.factions.duchy.board import DUCHY_BUILDINGS as DUCHY_BUILDING_KINDS
from boardgames_tui.games.root.factions.marquise import CATS, KEEP_CORNERS
from boardgames_tui.games.root.factions.marquise.board import CAT_BUILDINGS as CAT_BUILDING_KINDS
from boardgames_tui.games.root.model import RootState
from tests.games.root.pieces import cats_in, duchy_of, marquise_of, moles_in, tunnel_in, wood_in

GAME = get_game("root")


def former(state: RootState) -> float:
    """The evaluation before the fit (hand-set weights), for the Marquise."""

    def standing(f: int) -> float:
        player = state.player(f)
        kinds = CAT_BUILDING_KINDS if f == CATS else DUCHY_BUILDING_KINDS
        buildings = warriors = tokens = 0
        for c in state.clearings:
            buildings += sum(1 for b in c.buildings if b in kinds)
            warriors += cats_in(c) if f == CATS else moles_in(c)
            tokens += wood_in(c) if f == CATS else tunnel_in(c)
        value = player.vp + 0.5 * len(core.ruled(state, f)) + 0.4 * len(player.hand)
        value += 1.0 * buildings + 0.2 * warriors + 0.8 * len(player.crafted)
        if f == CATS:
            value += 0.3 * tokens + KEEP_CORNERS.get(marquise_of(state).keep, 0.0)
        else:
            value += 1.5 * len(duchy_of(state).swayed) + 0.3 * tokens
        return value

    return standing(CATS) - standing(DUCHY)


def current(state: RootState) -> float:
    return GAME.evaluate(state, state.seat_of[CATS])


def positions(games: int, seed: int) -> list[tuple[int, int, RootState]]:
    """(seed, 1 when the Marquise won, the state) at every turn's start."""
    rows: list[tuple[int, int, RootState]] = []
    for s in range(seed, seed + games):
        state = GAME.setup([Seat(name="A", bot="root"), Seat(name="B", bot="root")], None, s)
        bots = [RootBot(seed=2 * s + 1), RootBot(seed=2 * s + 2)]
        turn = 0
        starts: list[RootState] = []
        while not GAME.is_over(state):
            if state.turn_number != turn:
                turn = state.turn_number
                starts.append(GAME.view(state, None))
            seat = GAME.to_act(state)
            assert seat is not None
            legal = GAME.legal_actions(state)
            GAME.apply(state, bots[seat].choose(GAME, state, legal), legal)
        won = 1 if state.winner == CATS else 0
        rows += [(s, won, start) for start in starts]
    return rows


def fit(xs: list[float], ys: list[int]) -> tuple[float, float]:
    """Offset and slope of the logistic curve that best fits ``ys`` (Newton)."""
    a = b = 0.0
    for _ in range(30):
        ga = gb = haa = hab = hbb = 0.0
        for x, y in zip(xs, ys, strict=True):
            p = 1.0 / (1.0 + math.exp(-(a + b * x)))
            w = p * (1.0 - p)
            ga += p - y
            gb += (p - y) * x
            haa += w
            hab += w * x
            hbb += w * x * x
        det = haa * hbb - hab * hab
        a -= (hbb * ga - hab * gb) / det
        b -= (haa * gb - hab * ga) / det
    return a, b


def judge(
    name: str, evaluation: Callable[[RootState], float], rows: list[tuple[int, int, RootState]]
) -> None:
    train = [(evaluation(st), won) for s, won, st in rows if s % 2 == 0]
    test = [(evaluation(st), won) for s, won, st in rows if s % 2 == 1]
    a, b = fit([x for x, _ in train], [y for _, y in train])
    loss = right = 0.0
    for x, y in test:
        p = min(max(1.0 / (1.0 + math.exp(-(a + b * x))), 1e-9), 1 - 1e-9)
        loss -= y * math.log(p) + (1 - y) * math.log(1 - p)
        right += (p > 0.5) == (y == 1)
    print(f"{name:10s} log loss {loss / len(test):.4f}  names the winner {right / len(test):.1%}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    rows = positions(args.games, args.seed)
    print(f"{args.games} rule-bot games (seeds {args.seed}-{args.seed + args.games - 1}), ", end="")
    print(f"{len(rows)} positions; fitted on the even seeds, judged on the odd")
    judge("evaluate", current, rows)
    judge("former", former, rows)


if __name__ == "__main__":
    main()
