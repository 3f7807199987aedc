"""The table: two to four players with the factions named, drawn (``random``
in a place) or seated as the table chose; a request the registered factions
cannot meet refused with a sentence naming them; reach and the recommended
total (the Law's balancing guide); the simultaneous 30 points (the player
whose turn it is wins); ``simulate`` and ``arena`` with the factions named."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import ExitStack, contextmanager

import pytest

from boardgames_tui.cli import main
from boardgames_tui.engine import Seat, SetupError
from boardgames_tui.engine.arena import ArenaSpec, check, run
from boardgames_tui.games.root import GAME, core
from boardgames_tui.games.root.actions import Battle, UseEffect
from boardgames_tui.games.root.faction import BY_KEY, FACTIONS, register, unregister
from boardgames_tui.games.root.factions.duchy import DUCHY
from boardgames_tui.games.root.factions.marquise import CATS
from boardgames_tui.games.root.model import Clearing, RootState
from boardgames_tui.games.root.reach import RECOMMENDED, check_reach, reach_of, reaches, recommended

from .hares import HARES, OWLS, base_factions, extra_factions
from .helpers import act, craft_for, dice

SEATS = [Seat(name=n) for n in ("Ana", "Ben", "Cy", "Dee")]


@pytest.fixture(autouse=True)
def three_factions() -> Iterator[None]:
    """The tests here count seats and draws with the Marquise, the Eyrie and
    the Duchy as the only factions of the box."""
    with base_factions():
        yield


@pytest.fixture
def hares() -> Iterator[None]:
    with extra_factions():
        yield


def table(factions: str, seed: int = 1, **options: object) -> RootState:
    n = len(factions.split(","))
    return GAME.setup(SEATS[:n], {"factions": factions, **options}, seed)


# ------------------------------------------------------------ who can sit
@contextmanager
def without(key: str) -> Iterator[None]:
    """A registered faction taken off the table for the length of a test."""
    gone = BY_KEY[key]
    unregister(gone.number)
    try:
        yield
    finally:
        register(gone)


def test_root_seats_as_many_players_as_its_factions_up_to_four() -> None:
    """Two to four (Law 5.1), each faction once: each faction module
    registered adds a seat, up to four."""
    assert (GAME.min_players, GAME.max_players) == (2, min(4, len(FACTIONS)))
    with without("eyrie"):
        assert GAME.max_players == len(FACTIONS) < 4 or GAME.max_players == 4
    with extra_factions():
        assert GAME.max_players == 4
        with pytest.raises(SetupError, match="Root is for 2 to 4 players, not 5."):
            GAME.setup([*SEATS, Seat(name="Eve")], {"factions": "random"}, 0)


def test_more_players_than_factions_is_refused_naming_the_factions() -> None:
    """With only the Marquise, the Eyrie and the Duchy registered, a fourth
    player has no faction to play, however the table asks."""
    others = sorted(k for k in BY_KEY if k not in ("marquise", "duchy", "eyrie"))
    with ExitStack() as stack:
        for key in others:
            stack.enter_context(without(key))
        for options in (
            None,
            {"factions": "marquise,duchy,eyrie,random"},
            {"factions": "random,random,random,random"},
        ):
            with pytest.raises(SetupError) as refused:
                GAME.setup(SEATS[:4], options, 0)
            assert (
                str(refused.value) == "Root has 3 factions to seat, not 4: duchy, eyrie, marquise."
            )


def test_a_bigger_table_without_factions_draws_them_all(hares: None) -> None:
    """Ruling R-DRAWN-TABLE: three or four players who name no faction play
    factions drawn at random, as if each place said random; the seed decides."""
    drawn: set[int] = set()
    for seed in range(12):
        state = GAME.setup(SEATS[:3], None, seed)
        assert len(set(state.factions)) == 3
        assert GAME.setup(SEATS[:3], None, seed).factions == state.factions
        drawn |= set(state.factions)
    assert len(drawn) == len(FACTIONS)  # the registered factions and both test factions


def test_the_same_faction_twice_is_refused_by_name(hares: None) -> None:
    with pytest.raises(SetupError, match="the Test Hares is named twice"):
        table("hares,random,hares")


# ---------------------------------------------------- places left to chance
def test_a_random_place_draws_a_faction_nobody_named(hares: None) -> None:
    drawn = set()
    for seed in range(20):
        state = table("marquise,random,random", seed)
        factions = set(state.factions)
        assert CATS in factions and len(factions) == 3
        drawn |= factions - {CATS}
        again = table("marquise,random,random", seed)
        assert again.factions == state.factions and again.turn == state.turn
    assert drawn == set(FACTIONS) - {CATS}


def test_four_places_left_to_chance_seat_every_faction(hares: None) -> None:
    state = table("random,random,random,random", 3)
    assert len(set(state.factions)) == 4 and set(state.factions) <= set(FACTIONS)
    # Setup in setup-letter order: the first letter at the table sets up first.
    first = min(state.factions, key=lambda f: FACTIONS[f].letter)
    assert state.setting_up == first or state.turn_number > 0


def test_a_table_seated_as_it_chose_keeps_each_seat_at_its_faction(hares: None) -> None:
    for seed in range(10):
        state = table("hares,duchy,marquise", seed, seating="chosen")
        assert state.factions == [HARES, DUCHY, CATS]
    assert (
        "seated as the table chose"
        in table("hares,duchy,marquise", seating="chosen").opening[0].text
    )
    mixed = table("owls,random,marquise", 4, seating="chosen")
    assert mixed.factions[0] == OWLS and mixed.factions[2] == CATS
    assert GAME.seat_sides(
        GAME.options({"factions": "owls,random,marquise", "seating": "chosen"}), 3
    ) == [
        "Owls",
        "",
        "Marquise",
    ]


def test_the_marquise_and_the_duchy_seated_as_chosen_are_the_default_game() -> None:
    """The setup screen's choice of the two first factions and the options
    the table always had give the very same game."""
    for seed in (0, 7):
        chosen = table("duchy,marquise", seed, seating="chosen")
        default = GAME.setup(SEATS[:2], {"marquise_seat": 1}, seed)
        assert chosen.factions == default.factions
        assert chosen.turn == default.turn and chosen.draw_pile == default.draw_pile
        assert [p.hand for p in chosen.players] == [p.hand for p in default.players]


# -------------------------------------------------------------------- reach
def test_each_faction_has_its_reach_and_a_table_its_recommended_total(hares: None) -> None:
    assert reach_of("marquise") == 10 and reach_of("duchy") == 8
    assert RECOMMENDED == {2: 17, 3: 18, 4: 21, 5: 25, 6: 28}
    assert [recommended(n) for n in (2, 3, 4)] == [17, 18, 21]
    assert list(reaches())[:5] == ["marquise", "duchy", "eyrie", "hares", "owls"]
    two = check_reach(["marquise", "duchy"])
    assert (two.low, two.high, two.below) == (18, 18, False)
    assert two.words() == "Reach 18: at least the 17 recommended for 2 players."
    low = check_reach(["hares", "owls"])
    assert low.below and low.words() == (
        "Reach 9: below the 17 recommended for 2 players; the factions may be uneven."
    )
    # A place left to chance: the least and the most the draw can make.
    chance = check_reach(["hares", None, "owls"])
    least = min(reach_of(k) for k in BY_KEY if k not in ("hares", "owls"))
    assert (chance.low, chance.high) == (9 + least, 19)
    assert not chance.below and chance.may_fall_below


def test_a_table_below_the_recommended_reach_is_warned_not_refused(hares: None) -> None:
    state = table("hares,owls")
    assert any("below the 17 recommended for 2 players" in e.text for e in state.opening)
    assert not any("recommended" in e.text for e in table("marquise,duchy").opening)


# ------------------------------------------------------- simultaneous 30
def test_two_players_reaching_thirty_at_once_the_player_whose_turn_it_is_wins(
    hares: None,
) -> None:
    """Facts, section 1: "Two players reaching 30 at the same moment: the
    player whose turn it is wins."  The Owls (attacking, their turn) and the
    Duchy (defending with Sappers) each remove the other's building in one
    battle's hits, both from 29 points."""
    state = table("owls,hares,duchy")
    for p in state.players:
        state.draw_pile += p.hand
        p.hand.clear()
    state.clearings = [Clearing() for _ in state.clearings]
    state.setting_up, state.turn, state.turn_number = -1, OWLS, 1
    state.step, state.actions_left = "owl_hop", 2
    core.add_warriors(state, OWLS, 7, 1)
    core.add_warriors(state, DUCHY, 7, 1)
    state.clearings[7].buildings += ["citadel", "nest"]
    craft_for(state, DUCHY, "bird-sappers")
    state.player(OWLS).vp = state.player(DUCHY).vp = 29
    dice(state, 1, 1)
    act(state, Battle(clearing=7))
    act(state, UseEffect(effect="sappers"))
    # The attacker's hits are dealt first (R-HITS) and 30 points win at
    # once: the Owls, whose turn it is, win before the Duchy's hits score.
    assert "citadel" not in state.clearings[7].buildings
    assert state.winner == OWLS and state.over
    assert state.player(OWLS).vp == 30 and state.player(DUCHY).vp == 29
    assert GAME.outcome(state).winners == [state.seat(OWLS)]


# ------------------------------------------------------- simulate and arena
def test_simulate_plays_a_table_of_named_factions(
    hares: None, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(
        [
            "simulate",
            "root",
            "--players",
            "3",
            "--games",
            "1",
            "--option",
            "factions=marquise,hares,duchy",
            "--option",
            "turn_limit=6",
        ]
    )
    assert code == 0
    out = capsys.readouterr().out
    assert "(3 players" in out and "Hares" in out


def test_arena_takes_the_factions_option(hares: None) -> None:
    spec = ArenaSpec(
        game_id="root",
        bots=("random", "random", "random"),
        games=1,
        seed=0,
        options={"factions": ("owls", "hares", "duchy"), "turn_limit": 6},
    )
    check(spec)
    (record,) = run(spec, workers=1)
    assert len(record.seats) == 3


def test_arena_refuses_a_table_it_cannot_seat_with_a_sentence(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with ExitStack() as stack:
        for key in sorted(k for k in BY_KEY if k not in ("marquise", "duchy", "eyrie")):
            stack.enter_context(without(key))
        code = main(["arena", "root", "--bots", "random,random,random,random", "--games", "1"])
    assert code == 2
    err = capsys.readouterr().err
    assert "Root has 3 factions to seat, not 4: duchy, eyrie, marquise." in err
