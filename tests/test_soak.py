"""The soak's verdict on a game that does not end (``benchmarks/soak.py``):
a game whose scores stand still is handed to random bots in every seat; one
they end is a stalemate of its bots, reported as stalled and not a failure;
one they cannot end either, or one still scoring at the action limit, is
unended, a failure.  Root's game that never ended (the Marquise, the
Alliance and the Corvids, seed 0, greedy, random and greedy bots) is the
first kind.  A game its bots end by agreement (Root's at a standstill,
docs/rules/root.md, R-AGREE) is counted and listed apart, not a failure."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"
if str(BENCHMARKS) not in sys.path:
    sys.path.insert(0, str(BENCHMARKS))

import pytest  # noqa: E402
import soak  # noqa: E402

from boardgames_tui.engine import Action, Game, GameState, Seat  # noqa: E402
from boardgames_tui.engine.bots import Bot, get_bot  # noqa: E402
from boardgames_tui.engine.registry import get_game  # noqa: E402
from boardgames_tui.games.root.agreement import ROUNDS  # noqa: E402
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


#: The soak's three games that reached a standstill (docs/rules/root.md,
#: R-AGREE, once the open question Q-DEAD): the Marquise, the Alliance and
#: the Duchy at three seats, random bots, on these maps and seeds.
STANDSTILLS = (("lake", 43), ("winter", 46), ("mountain", 22))


def standstill_options(map_id: str) -> Any:
    return get_game("root").options({"factions": ("marquise", "alliance", "duchy"), "map": map_id})


@pytest.mark.parametrize(("map_id", "seed"), STANDSTILLS)
def test_the_soaks_games_at_a_standstill_end_by_agreement(map_id: str, seed: int) -> None:
    """Each of the three games that could never end (before R-AGREE: the
    deck and the discard pile empty, every other card a supporter of the
    Alliance's, the Marquise swept and the Duchy in its Burrow): its bots
    propose and accept an end by agreement ``ROUNDS`` full rounds after
    the last card was drawn; the soak counts it as ended by agreement, not unended,
    and lists it with its seed, bots, where it stood and the ranking."""
    game = get_game("root")
    options = standstill_options(map_id)
    played = soak.play_one(
        game, options, seed, ["random"] * 3, soak.CHECKS["root"](), max_actions=6_000
    )
    assert not (played.exception or played.conservation or played.unended)
    assert played.stall is None
    assert played.agreed.startswith(f"seed {seed} (bots random,random,random) ended by agreement")
    assert "The table agreed to end the game: no one wins; ranked by points: 1. " in played.agreed
    result = soak.Result("root", 3, soak.variant_name({"map": map_id}))
    result.add(seed, played, 0.1)
    assert result.agreed == [played.agreed]
    assert "0 unended, 0 stalled, 1 ended by agreement" in soak.line(result)
    assert soak.failed(result) == soak.failed(result, strict=True) == 0
    # The position is the one Q-DEAD describes: no card left to draw, no
    # score changed over the last rounds, nobody won.
    seats = [Seat(name=f"P{i + 1}", bot="random") for i in range(3)]
    state = game.setup(seats, options, seed)
    bots = [get_bot("random", seed=seed * 31 + i, game=game) for i in range(3)]
    soak.run(game, state, bots, None, soak.Played(), limit=6_000, stall_actions=0)
    assert state.agreed and state.winner < 0
    assert not state.draw_pile and not state.discard
    assert state.turn_number - state.quiet[0] >= 3 * ROUNDS
    assert state.quiet[1:] == [p.vp for p in state.players]
    outcome = game.outcome(state)
    assert outcome.agreed and outcome.winners == []


def test_the_lake_game_before_its_standstill_is_the_one_q_dead_found() -> None:
    """The Lake game, seed 43, when the deck and the discard pile are first
    found empty at the start of a turn: the bots do not agree yet (the
    rounds of a standstill have not passed) and the game goes on; it ends by agreement with each
    faction at 12 points and a dominance card activated."""
    game = get_game("root")
    seats = [Seat(name=f"P{i + 1}", bot="random") for i in range(3)]
    state = game.setup(seats, standstill_options("lake"), 43)
    bots = [get_bot("random", seed=43 * 31 + i, game=game) for i in range(3)]
    played = soak.Played()
    while not (not state.draw_pile and not state.discard and state.quiet):
        soak.run(game, state, bots, None, played, limit=1, stall_actions=0)
    assert not state.over and not game.bots_agree(state)
    soak.run(game, state, bots, None, played, limit=6_000, stall_actions=0)
    assert state.agreed and [p.vp for p in state.players] == [12, 12, 12]
    assert all(p.dominance >= 0 for p in state.players)


def test_the_soak_counts_games_ended_by_agreement_apart_from_failures() -> None:
    """An agreed end is counted and listed; unended stays a failure."""
    result = soak.Result("sevens", 2)
    result.add(4, sevens(Endless()), 0.1)
    agreed = soak.Played(actions=10, agreed="seed 5 (bots random,random) ended by agreement")
    result.add(5, agreed, 0.1)
    assert result.agreed == ["seed 5 (bots random,random) ended by agreement"]
    assert "1 unended, 0 stalled, 1 ended by agreement" in soak.line(result)
    assert soak.failed(result) == 1


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
