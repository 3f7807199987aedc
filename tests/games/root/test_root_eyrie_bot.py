"""The Eyrie's rule bot (``factions/eyrie/bot.py``, asked by the Root rule bot for
Eyrie seats): from hand-built positions it adds to the Decree only what it
can carry out, resolves the Decree without Turmoil where a careless order
would fall, battles where it wins and chooses a leader whose viziers it can
carry out; whole games are the same for a seed, and every choice is legal
and read from the seat's view alone."""

from __future__ import annotations

from boardgames_tui.engine.bots import get_bot
from boardgames_tui.engine.game import Event, Seat
from boardgames_tui.games.root import GAME
from boardgames_tui.games.root.actions import DONE, Battle, Move
from boardgames_tui.games.root.bots import RootBot
from boardgames_tui.games.root.factions.eyrie import EYRIE
from boardgames_tui.games.root.factions.eyrie.actions import (
    AddToDecree,
    BuildRoost,
    ChooseLeader,
    DecreeRecruit,
)
from boardgames_tui.games.root.factions.eyrie.decisions import LeaderChoice
from boardgames_tui.games.root.factions.marquise import CATS
from boardgames_tui.games.root.model import RootState
from tests.games.root.pieces import CLEARINGS, eyrie_of
from tests.games.root.tables import begin, deal, legal, put

from .eyrie_helpers import blank, decree, resolve_now

FELL = "The Eyrie fall into turmoil."


def choose(state: RootState, seed: int = 0) -> object:
    return RootBot(seed=seed).choose(GAME, state, legal(state))


def play_eyrie_turn(state: RootState, seed: int = 0) -> list[Event]:
    """The rule bot plays the Eyrie's decisions until its Daylight ends."""
    bot = RootBot(seed=seed)
    events: list[Event] = []
    turn = state.turn_number
    while state.turn_number == turn and state.step in (
        "add_to_decree",
        "new_roost",
        "craft",
        "resolve",
    ):
        seat = GAME.to_act(state)
        assert seat == state.seat(EYRIE)
        options = legal(state)
        events += GAME.apply(state, bot.choose(GAME, state, options), options)
    return events


def test_it_adds_only_a_card_it_can_carry_out_and_no_second_one_it_cannot() -> None:
    """With its one roost in a fox clearing and no enemy anywhere, only the
    fox card can be recruited or moved with; the mouse and rabbit cards
    could not be carried out in any column, so it stops after the fox card,
    and its Daylight passes without Turmoil."""
    state = blank(step="add_to_decree", leader="builder")  # viziers: Recruit, Move
    put(state, 8, EYRIE, 3, "roost")  # Meadow, fox
    fox, mouse, rabbit = deal(state, EYRIE, "fox-tax-collector", "mouse-sword", "rabbit-cobbler")
    begin(state, "add_to_decree")
    first = choose(state)
    assert isinstance(first, AddToDecree)
    assert first.card == fox and first.column in (0, 1)
    GAME.apply(state, first, legal(state))
    assert AddToDecree(card=mouse, column=0) in legal(state)
    assert choose(state) == DONE
    GAME.apply(state, DONE, legal(state))
    assert rabbit in eyrie_of(state).hand
    events = play_eyrie_turn(state)
    assert FELL not in [e.text for e in events]
    assert eyrie_of(state).leader == "builder"


def test_it_moves_where_the_build_column_needs_rule_and_so_falls_into_no_turmoil() -> None:
    """The Despot's Move vizier, then Build with the vizier and a fox card:
    a roost can go in Quarry (ruled, mouse) with the bird, and the fox card
    needs Hill, which the Eyrie rule only if the one move goes there.  Any
    other move leaves the fox card undone (Turmoil)."""
    state = blank(leader="despot")  # viziers: Move, Build
    put(state, 5, EYRIE, 6, "roost")  # Creek, next to Hill and Quarry
    put(state, 1, CATS, 1)  # Hill, fox: one cat
    put(state, 2, EYRIE, 1)  # Quarry, mouse: the Eyrie rule it
    decree(state, 3, "fox-anvil")
    resolve_now(state)
    move = choose(state)
    assert isinstance(move, Move) and move.to == 1
    events = play_eyrie_turn(state)
    assert FELL not in [e.text for e in events]
    assert "roost" in state.clearings[1].buildings and "roost" in state.clearings[2].buildings


def test_it_resolves_without_turmoil_where_it_can_and_falls_only_when_it_must() -> None:
    """Every action but Turmoil while one carries the Decree on; Turmoil
    only when it is the sole way left (a Build card with nowhere to build)."""
    state = blank(leader="despot")
    put(state, 5, EYRIE, 6, "roost")
    put(state, 1, CATS, 1)
    put(state, 2, EYRIE, 1)
    decree(state, 3, "fox-anvil", "rabbit-cobbler")  # no second rabbit clearing to rule
    resolve_now(state)
    events = play_eyrie_turn(state)
    built = [n for n in CLEARINGS if "roost" in state.clearings[n].buildings]
    assert sorted(built) == [1, 2, 5]  # both cards it could carry out, then Turmoil
    assert [e.text for e in events].count(FELL) == 1


def test_it_picks_the_battle_it_wins() -> None:
    """The Charismatic's Battle vizier: three warriors against one cat and a
    sawmill in Meadow, or one against four in Haven; it fights in Meadow."""
    state = blank(leader="charismatic")  # viziers: Recruit, Battle
    put(state, 7, EYRIE, 1, "roost")  # Pond, for the Recruit vizier
    put(state, 8, EYRIE, 3)
    put(state, 8, CATS, 1, "sawmill")
    put(state, 4, EYRIE, 1)
    put(state, 4, CATS, 4)
    resolve_now(state)
    assert legal(state) == [DecreeRecruit(clearing=7)]
    GAME.apply(state, DecreeRecruit(clearing=7), legal(state))
    options = legal(state)
    assert Battle(clearing=4) in options and Battle(clearing=8) in options
    assert choose(state) == Battle(clearing=8)


def test_it_chooses_a_leader_whose_viziers_it_can_carry_out() -> None:
    """After Turmoil, the Despot (Move, Build) and the Charismatic (Recruit,
    Battle) face up: ringed by cats, the Eyrie could rule no clearing to
    build in, but can recruit at the roost and fight the cat beside it."""
    state = blank(leader="commander")
    put(state, 5, EYRIE, 2, "roost")  # Creek: next to Hill and Quarry
    put(state, 5, CATS, 1)
    put(state, 1, CATS, 5)
    put(state, 2, CATS, 5)
    eyrie = eyrie_of(state)
    eyrie.leader, eyrie.leaders = "", ["charismatic", "despot"]
    state.stack.append(LeaderChoice(faction=EYRIE))
    assert set(legal(state)) == {ChooseLeader(leader="charismatic"), ChooseLeader(leader="despot")}
    assert choose(state) == ChooseLeader(leader="charismatic")


def _game(factions: str, seed: int, limit: int) -> list[object]:
    """A game of the rule bot in the Eyrie's seat and random elsewhere:
    every choice checked legal and the same from the seat's view."""
    n = len(factions.split(","))
    state = GAME.setup([Seat(name=f"P{i}") for i in range(n)], {"factions": factions}, seed)
    eyrie = state.seat(EYRIE)
    bots = [
        RootBot(seed=seed) if i == eyrie else get_bot("random", seed=seed + i) for i in range(n)
    ]
    played: list[object] = []
    while not GAME.is_over(state) and len(played) < limit:
        seat = GAME.to_act(state)
        assert seat is not None
        options = GAME.legal_actions(state)
        action = bots[seat].choose(GAME, state, options)
        assert action in options
        if seat == eyrie:
            view = GAME.view(state, seat)
            assert RootBot(seed=5).pick(GAME, view, options) == RootBot(seed=5).choose(
                GAME, state, options
            )
        GAME.apply(state, action, options)
        played.append(action)
    return played


def test_whole_games_are_legal_read_from_the_view_and_the_same_for_a_seed() -> None:
    first = _game("marquise,eyrie", 11, 400)
    assert first == _game("marquise,eyrie", 11, 400)
    assert any(isinstance(a, BuildRoost) for a in first)
    _game("marquise,eyrie,duchy", 12, 250)


def test_it_beats_random_in_a_small_sample() -> None:
    """The full figures (100 games a table) are in docs/bots.md; here a
    few games at each table."""
    for factions in ("marquise,eyrie", "duchy,eyrie"):
        for seed in range(2):
            n = len(factions.split(","))
            state = GAME.setup([Seat(name=f"P{i}") for i in range(n)], {"factions": factions}, seed)
            eyrie = state.seat(EYRIE)
            bots = [
                RootBot(seed=seed) if i == eyrie else get_bot("random", seed=seed) for i in range(n)
            ]
            while not GAME.is_over(state):
                seat = GAME.to_act(state)
                assert seat is not None
                GAME.apply(state, bots[seat].choose(GAME, state))
            assert state.winner == EYRIE, (factions, seed)


def test_the_eyries_fitted_standing_counts_roosts_and_birds_in_the_decree() -> None:
    """The search's yardstick for the Eyrie (fitted to who won the rule
    bots' games): a roost on the map and a bird card in the Decree each
    raise it, a point more than either."""
    state = blank(leader="builder")
    put(state, 8, EYRIE, 2, "roost")
    seat = state.seat(EYRIE)
    before = GAME.evaluate(state, seat)
    put(state, 4, EYRIE, 0, "roost")
    with_roost = GAME.evaluate(state, seat)
    decree(state, 0, "bird-crossbow")
    with_bird = GAME.evaluate(state, seat)
    eyrie_of(state).vp += 1
    assert before < with_roost < with_bird < GAME.evaluate(state, seat)
    assert GAME.evaluate(state, seat) - with_bird > with_bird - with_roost
