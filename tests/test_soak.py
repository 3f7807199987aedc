"""The soak's verdict on a game that does not end (``benchmarks/soak.py``):
a game whose scores stand still is handed to random bots in every seat; one
they end is a stalemate of its bots, reported as stalled and not a failure;
one they cannot end either, or one still scoring at the action limit, is
unended, a failure.  Root's game that never ended (the Marquise, the
Alliance and the Corvids, seed 0, greedy, random and greedy bots) is the
first kind."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"
if str(BENCHMARKS) not in sys.path:
    sys.path.insert(0, str(BENCHMARKS))

import soak  # noqa: E402

from boardgames_tui.engine import Action, Game, GameState, Seat  # noqa: E402
from boardgames_tui.engine.bots import Bot, get_bot  # noqa: E402
from boardgames_tui.engine.registry import get_game  # noqa: E402
from tests.toygame import Keep, Roll, Sevens, SevensState  # noqa: E402

NAMES = ["letgo", "letgo"]


class LetGo(Bot):
    """Rolls for luck and lets every roll go: it never scores, and a Sevens
    game ends only when every seat has scored its plays."""

    name = "letgo"

    def pick(self, game: Game[Any, Any], view: GameState, legal: list[Action]) -> Action:
        for action in (Roll(), Keep(keep=False)):
            if action in legal:
                return action
        raise AssertionError("a Sevens table that forbids rolling")


class Endless(Sevens):
    """Sevens with a rule bug: only rolls are offered, and no roll is kept."""

    def legal_actions(self, state: SevensState) -> list[Action]:
        return [Keep(keep=False)] if state.rolled is not None else [Roll()]


class Unbounded(Sevens):
    """Sevens with another: every roll is kept, and the game never ends."""

    def legal_actions(self, state: SevensState) -> list[Action]:
        return [Keep(keep=True)] if state.rolled is not None else [Roll()]

    def is_over(self, state: SevensState) -> bool:
        return False


def sevens(game: Sevens, bots: list[Bot] | None = None) -> soak.Played:
    return soak.play_one(
        game,
        game.options(),
        3,
        NAMES,
        None,
        bots=bots or [LetGo(), LetGo()],
        max_actions=2_000,
        stall_actions=300,
    )


def test_bots_that_never_score_are_a_stall_that_random_bots_end() -> None:
    played = sevens(Sevens())
    assert not (played.exception or played.conservation or played.unended)
    stall = played.stall
    assert stall is not None
    assert stall.scores == (0, 0)
    assert stall.at - stall.since == 300 and stall.since == 0
    assert 0 < stall.finished == played.actions - stall.at
    assert stall.bots == "letgo,letgo" and stall.seed == 3
    text = stall.text()
    assert "seed 3 (bots letgo,letgo) stalled" in text
    assert "the rules can end it, its bots had stopped scoring" in text


def test_a_game_random_bots_cannot_end_either_is_unended() -> None:
    played = sevens(Endless())
    assert played.stall is None and not played.exception
    assert "random bots in every seat had not ended it" in played.unended
    assert "the rules may never end this game" in played.unended
    assert played.actions == 300 + 2_000


def test_a_game_still_scoring_at_the_limit_is_unended() -> None:
    played = sevens(Unbounded(), bots=[get_bot("random", seed=i) for i in range(2)])
    assert played.stall is None and not played.exception
    assert "had not ended after 2,000 actions" in played.unended
    assert "its scores last changed at action 2,000" in played.unended


class LetGoAwhile(LetGo):
    """Lets its first hundred rolls go, then plays at random."""

    def pick(self, game: Game[Any, Any], view: GameState, legal: list[Action]) -> Action:
        self.picks = getattr(self, "picks", 0) + 1
        if self.picks <= 100:
            return super().pick(game, view, legal)
        return self.rng.choice(legal)


def test_a_game_that_ends_counts_its_longest_scoreless_stretch() -> None:
    """Two hundred actions without a score (read every hundred), then a
    game that ends: no stall, and the stretch counted."""
    played = sevens(Sevens(), bots=[LetGoAwhile(seed=1), LetGoAwhile(seed=2)])
    assert played.stall is None and not (played.unended or played.exception)
    assert played.flat == 200 < played.actions


def test_the_soak_reports_stalls_and_fails_only_on_unended_games() -> None:
    result = soak.Result("sevens", 2)
    result.add(3, sevens(Sevens()), 0.1)
    result.add(4, sevens(Endless()), 0.1)
    assert len(result.stalls) == 1 and len(result.unended) == 1
    assert "1 unended, 1 stalled" in soak.line(result)
    assert soak.failed(result) == 1
    assert soak.failed(result, strict=True) == 2


ROOTS = ("marquise", "alliance", "corvids")
ROOTS_BOTS = ["greedy", "random", "greedy"]


def test_roots_game_that_never_ended_is_a_stalemate_of_its_bots() -> None:
    """The soak's verdict on the game that never ended: stalled, and ended
    by random bots from there, with everything conserved."""
    game = get_game("root")
    played = soak.play_one(
        game,
        game.options({"factions": ROOTS}),
        0,
        ROOTS_BOTS,
        soak.CHECKS["root"](),
        stall_actions=500,
    )
    assert not (played.exception or played.conservation or played.unended)
    stall = played.stall
    assert stall is not None
    assert stall.at - stall.since == 500
    assert max(stall.scores) < 30
    assert stall.finished > 0


def test_in_roots_stalled_game_every_bot_declines_what_would_score() -> None:
    """Why it stalled (docs/rules/root.md, R-STALL): the Marquise swept off
    the map after activating a dominance card (Law 3.3.1: "You can no
    longer score victory points"), the Alliance with nothing on the map and
    the Corvids short of 30.  Spreading sympathy (a supporter for the
    track's first space, no points) and flipping a plot (a point) stay
    offered; the greedy bot, one action deep, takes neither."""
    from boardgames_tui.games.root.factions.alliance import ALLIANCE
    from boardgames_tui.games.root.factions.corvids import CORVIDS
    from boardgames_tui.games.root.factions.marquise import CATS
    from boardgames_tui.games.root.model import RootState

    game = get_game("root")
    seats = [Seat(name=f"P{i + 1}", bot=name) for i, name in enumerate(ROOTS_BOTS)]
    state = game.setup(seats, game.options({"factions": ROOTS}), 0)
    assert isinstance(state, RootState)
    bots = [get_bot(name, seed=i, game=game) for i, name in enumerate(ROOTS_BOTS)]
    how, _, _ = soak.run(game, state, bots, None, soak.Played(), limit=20_000, stall_actions=500)
    assert how == "stalled"
    on_map = [state.clearings[n] for n in state.woodland.numbers]
    marquise, alliance = state.player(CATS), state.player(ALLIANCE)
    assert marquise.dominance >= 0
    assert not any(c.buildings or CATS in c.warriors or ALLIANCE in c.warriors for c in on_map)
    assert "sympathy" not in {t for c in on_map for t in c.tokens}
    assert alliance.vp == 0 and state.player(CORVIDS).vp < 30
    declined: set[str] = set()
    for _ in range(400):
        seat = game.to_act(state)
        assert seat is not None
        legal = game.legal_actions(state)
        chosen = bots[seat].choose(game, state, legal)
        kinds = {a.kind for a in legal}
        for kind in ("spread_sympathy", "flip_plot"):
            if kind in kinds:
                assert chosen.kind != kind, game.describe(state, chosen)
                declined.add(kind)
        game.apply(state, chosen, legal)
    assert declined == {"spread_sympathy", "flip_plot"}


def test_a_lake_game_reaches_a_position_no_move_changes_and_is_unended() -> None:
    """The soak's one unended Root game (docs/rules/root.md, Q-DEAD): the
    Marquise, the Alliance and the Duchy on the Lake, seed 43, random bots.
    Each activated a dominance card at 12 points; the Alliance holds every
    card of the deck the others did not craft as supporters (no limit with
    a base on the map) and can spend none (no sympathy token nor base left
    to place, no warrior in its supply or on the map); the deck and the
    discard pile are empty, so every hand stays empty (R-DRAW); nothing of
    the Marquise is on the map and the Duchy's warriors are all in the
    Burrow, with no card to dig.  Every move offered changes nothing, and
    the soak reports the game as one the rules may never end."""
    game = get_game("root")
    options = game.options({"factions": ("marquise", "alliance", "duchy"), "map": "lake"})
    played = soak.play_one(
        game,
        options,
        43,
        ["random"] * 3,
        soak.CHECKS["root"](),
        max_actions=6_000,
    )
    assert played.stall is None and not (played.exception or played.conservation)
    assert "the rules may never end this game" in played.unended
    seats = [Seat(name=f"P{i + 1}", bot="random") for i in range(3)]
    state = game.setup(seats, options, 43)
    bots = [get_bot("random", seed=43 * 31 + i, game=game) for i in range(3)]
    soak.run(game, state, bots, None, soak.Played(), limit=5_000, stall_actions=0)
    assert not state.draw_pile and not state.discard
    assert all(not p.hand and p.dominance >= 0 for p in state.players)
    board = game.dump_state(state)["clearings"]
    for _ in range(300):  # about a hundred turns
        legal = game.legal_actions(state)
        game.apply(state, bots[game.to_act(state) or 0].choose(game, state, legal), legal)
        assert game.dump_state(state)["clearings"] == board
        assert all(not p.hand and p.vp == 12 for p in state.players)


def test_the_soak_plays_every_mix_of_two_three_and_four_factions_on_every_map() -> None:
    """Issues 51 and 52: every mix of the registered factions, at two, three
    and four seats, on every map; each table once."""
    import itertools

    from boardgames_tui.games.root.faction import FACTIONS
    from boardgames_tui.games.root.woodland import DEFAULT_MAP, MAPS

    tables = [*soak.VARIANTS["root"](), None]
    names = [soak.variant_name(t) for t in tables]
    assert len(names) == len(set(names))
    played = set()
    for options in tables:
        options = options or {"factions": ("marquise", "duchy")}  # the game's default table
        mix = frozenset(options["factions"])
        assert soak.seat_counts(get_game("root"), options) == range(len(mix), len(mix) + 1)
        played.add((mix, options.get("map", DEFAULT_MAP)))
    mixes = {
        frozenset(mix)
        for n in (2, 3, 4)
        for mix in itertools.combinations([f.key for f in FACTIONS.values()], n)
    }
    assert played == {(mix, m) for mix in mixes for m in MAPS}
