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

from boardgames_tui.engine import Action, Game, GameState  # noqa: E402
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
    assert "its scores still changing" in played.unended


def test_a_game_that_ends_counts_its_longest_scoreless_stretch() -> None:
    played = sevens(Sevens(), bots=[get_bot("random", seed=i) for i in range(2)])
    assert played.stall is None and not (played.unended or played.exception)
    assert 0 <= played.flat <= played.actions


def test_the_soak_reports_stalls_and_fails_only_on_unended_games() -> None:
    result = soak.Result("sevens", 2)
    result.add(3, sevens(Sevens()), 0.1)
    result.add(4, sevens(Endless()), 0.1)
    assert len(result.stalls) == 1 and len(result.unended) == 1
    assert "1 unended, 1 stalled" in soak.line(result)


def test_roots_game_that_never_ended_is_a_stalemate_of_its_bots() -> None:
    """The Marquise swept off the map, the Alliance with nothing on it and
    the Corvids at 24 points: the greedy bot, one action deep, never spends
    a supporter on a first sympathy that scores nothing nor flips a plot for
    one point, so nobody scores again; random bots end it from there."""
    game = get_game("root")
    options = game.options({"factions": ("marquise", "alliance", "corvids")})
    played = soak.play_one(
        game,
        options,
        0,
        ["greedy", "random", "greedy"],
        soak.CHECKS["root"](),
        stall_actions=500,
    )
    assert not (played.exception or played.conservation or played.unended)
    stall = played.stall
    assert stall is not None
    assert stall.at - stall.since == 500
    assert max(stall.scores) < 30
    assert stall.finished > 0


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
