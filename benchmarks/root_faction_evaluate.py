"""How well Root's ``evaluate`` tells whether the Corvids, the Vagabond or
the Woodland Alliance will win, and (with ``--fit``) that faction's standing weights fitted as the other
factions' were: logistic regression on who won the rule bot's games against
itself (the fitting and judging are ``root_eyrie_evaluate.py``'s).

The rule bot plays every seat of the faction's tables (the faction against
each other one, ``--tables`` to name others) for ``--games`` games a table
(seeds from ``--seed``); at the start of every turn the faction's counts
(``COUNTS``: the parts of its ``standing``) and the best placed enemy's
standing are read.  ``--fit`` fits a logistic model of the faction's win on
the even seeds' positions and prints each count's weight in the enemies'
units (its coefficient over minus the enemy standing's); ``--drop`` fits
again without some counts.  The evaluation (``evaluate`` from the faction's
seat, and the fitted weights) is judged on the odd seeds' games.

    uv run python benchmarks/root_faction_evaluate.py --faction corvids --games 200 --seed 100000 --fit
    uv run python benchmarks/root_faction_evaluate.py --faction vagabond --games 200 --seed 100000 --fit
    uv run python benchmarks/root_faction_evaluate.py --faction alliance --games 300 --seed 100000 --fit
"""

from __future__ import annotations

import argparse
from collections.abc import Callable

from root_eyrie_evaluate import fit_and_judge, judge

from boardgames_tui.engine.game import Seat
from boardgames_tui.engine.registry import get_game
from boardgames_tui.games.root import core
from boardgames_tui.games.root.bots import RootBot
from boardgames_tui.games.root.faction import FACTIONS
from boardgames_tui.games.root.factions.alliance import ALLIANCE, rules
from boardgames_tui.games.root.factions.alliance import me as alliance_of
from boardgames_tui.games.root.factions.corvids.state import CORVIDS, FACE_DOWN, PLOTS
from boardgames_tui.games.root.factions.vagabond import satchel
from boardgames_tui.games.root.factions.vagabond.state import VAGABOND, Vagabond
from boardgames_tui.games.root.model import RootState

GAME = get_game("root")
Row = tuple[int, int, list[float], float]
"""(seed, 1 when the faction won, its counts and the enemy's standing, ``evaluate``)."""


def corvid_counts(state: RootState) -> list[float]:
    """Points, clearings ruled, cards in hand, warriors, face-down and
    face-up plots on the map, persistent cards crafted."""
    player = state.player(CORVIDS)
    warriors = down = up = 0
    for n in state.woodland.numbers:
        c = state.clearings[n]
        warriors += c.warriors.get(CORVIDS, 0)
        down += c.tokens.count(FACE_DOWN)
        up += sum(1 for t in c.tokens if t in PLOTS)
    return [
        float(player.vp),
        float(len(core.ruled(state, CORVIDS))),
        float(len(player.hand)),
        float(warriors),
        float(down),
        float(up),
        float(len(player.crafted)),
    ]


def vagabond_counts(state: RootState) -> list[float]:
    """Points, undamaged and damaged items, relationship steps (Allied 3),
    hostile factions, cards in hand, quests completed."""
    v = state.player(VAGABOND)
    assert isinstance(v, Vagabond)
    damaged = len(v.damaged) + len(v.damaged_down)
    return [
        float(v.vp),
        float(len(satchel.all_items(v)) - damaged),
        float(damaged),
        float(sum(max(0, r) for r in v.relations.values())),
        float(sum(1 for r in v.relations.values() if r < 0)),
        float(len(v.hand)),
        float(len(v.done_quests)),
    ]


def alliance_counts(state: RootState) -> list[float]:
    """Points, sympathy on the map, bases on the map, officers, supporters
    (up to eight), cards in hand, warriors on the map."""
    alliance = alliance_of(state)
    return [
        float(alliance.vp),
        float(rules.placed(state)),
        float(len(rules.bases_on_map(state))),
        float(alliance.officers),
        float(min(len(alliance.supporters), 8)),
        float(len(alliance.hand)),
        float(sum(c.warriors.get(ALLIANCE, 0) for c in state.clearings)),
    ]


#: Each faction: its number, its counts' names and reader, its tables.
FACTION_COUNTS: dict[str, tuple[int, tuple[str, ...], Callable[[RootState], list[float]], str]] = {
    "alliance": (
        ALLIANCE,
        ("vp", "sympathy", "bases", "officers", "supporters", "hand", "warriors"),
        alliance_counts,
        "alliance,marquise;alliance,duchy;alliance,eyrie",
    ),
    "corvids": (
        CORVIDS,
        ("vp", "ruled", "hand", "warriors", "down", "up", "crafted"),
        corvid_counts,
        "corvids,marquise;corvids,eyrie;corvids,duchy;corvids,alliance",
    ),
    "vagabond": (
        VAGABOND,
        ("vp", "items", "damaged", "relations", "hostile", "hand", "quests"),
        vagabond_counts,
        "vagabond,marquise;vagabond,eyrie;vagabond,duchy;vagabond,alliance",
    ),
}


def positions(faction: str, tables: list[str], games: int, seed: int) -> list[Row]:
    number, _, read, _ = FACTION_COUNTS[faction]
    rows: list[Row] = []
    for table in tables:
        n = len(table.split(","))
        for s in range(seed, seed + games):
            state = GAME.setup([Seat(name=f"P{i}") for i in range(n)], {"factions": table}, s)
            bots = [RootBot(seed=s * 7 + i) for i in range(n)]
            turn = 0
            starts: list[tuple[list[float], float]] = []
            while not GAME.is_over(state):
                if state.turn_number != turn:
                    turn = state.turn_number
                    enemy = max(FACTIONS[e].standing(state) for e in core.enemies(state, number))
                    evaluation = GAME.evaluate(state, state.seat(number))
                    starts.append(([*read(state), enemy], evaluation))
                seat = GAME.to_act(state)
                assert seat is not None
                legal = GAME.legal_actions(state)
                GAME.apply(state, bots[seat].choose(GAME, state, legal), legal)
            won = 1 if state.seat(number) in GAME.outcome(state).winners else 0
            rows += [(s, won, x, e) for x, e in starts]
    return rows


def main(faction: str | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--faction", choices=sorted(FACTION_COUNTS), default=faction, required=faction is None
    )
    parser.add_argument("--games", type=int, default=200, help="games per table")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--tables", default="")
    parser.add_argument("--fit", action="store_true", help="fit the faction's weights")
    parser.add_argument(
        "--drop", default="", help="with --fit, fit again without these counts (comma-separated)"
    )
    args = parser.parse_args()
    number, counts, _, default_tables = FACTION_COUNTS[args.faction]
    tables = (args.tables or default_tables).split(";")
    rows = positions(args.faction, tables, args.games, args.seed)
    wins = len({(s, y) for s, y, *_ in rows if y})
    print(
        f"{args.games} rule-bot games a table ({', '.join(tables)}; seeds "
        f"{args.seed}-{args.seed + args.games - 1}), {len(rows)} positions, "
        f"about {wins} {args.faction} wins; judged on the odd seeds"
    )
    judge("evaluate", [(s, y, e) for s, y, _, e in rows])
    if args.fit:
        fit_and_judge("fitted", rows, list(counts), counts)
        dropped = [c for c in args.drop.split(",") if c]
        if dropped:
            kept = [c for c in counts if c not in dropped]
            fit_and_judge(f"without {', '.join(dropped)}", rows, kept, counts)


if __name__ == "__main__":
    main()
