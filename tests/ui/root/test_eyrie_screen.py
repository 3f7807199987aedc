"""The Eyrie Dynasties on Root's screen: their board panel (the Decree's
columns, the column being resolved and the cards done, the leader and the
leaders face up and deposed, the roosts and their track, the next Decree
step and whether it can be done, what Turmoil would cost), read from
hand-built positions; the keys for their decisions (a leader, a card to
the Decree by its number or by its column, R M B U resolving the Decree at
the cursor, T for Turmoil, Enter on a new roost's site) and the hint; and hot-seat privacy between the
Marquise and the Eyrie, through the hand-offs of a whole stretch of play."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.pilot import Pilot

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.engine import Seat
from boardgames_tui.engine.session import Session
from boardgames_tui.games.root import GAME
from boardgames_tui.games.root.actions import Battle, Done, Move
from boardgames_tui.games.root.factions.eyrie import EYRIE, VIZIER
from boardgames_tui.games.root.factions.eyrie.actions import (
    AddToDecree,
    BuildRoost,
    ChooseLeader,
    DecreeRecruit,
    PlaceRoost,
    Turmoil,
)
from boardgames_tui.games.root.factions.marquise import CATS
from boardgames_tui.games.root.model import HIDDEN, RootState, card_of
from boardgames_tui.ui.root.dialogs import CardsDialog, ChoiceDialog
from boardgames_tui.ui.root.factions.eyrie import EYRIE_SCREEN
from boardgames_tui.ui.root.factions.eyrie.facts import (
    DecreeCard,
    NextStep,
    decree_rows,
    in_danger,
    next_steps,
    turmoil_cost,
)
from boardgames_tui.ui.root.side_panel import SidePanel
from tests.games.root.eyrie_helpers import blank, decree, resolve_now
from tests.games.root.helpers import dice
from tests.games.root.pieces import eyrie_of
from tests.games.root.tables import begin, deal, put
from tests.ui.helpers import hint, screen_text, wait_until, yes_if_asked

from .helpers import (
    arrows,
    keys_for,
    on_the_table,
    scan_hot_seat,
    screen_of,
    side,
    state_of,
    whole_boards,
)

AppFactory = Callable[..., BoardgamesApp]


# ---------------------------------------------------------------- positions
def session_for(state: RootState, people: bool = False) -> Session:
    """A session on a hand-built position (the Marquise's seat the random
    bot unless ``people``: both seats people, hot-seat)."""
    seats = [Seat(name="Ana"), Seat(name="Ben")]
    if not people:
        other = state.seat(CATS)
        seats[other] = Seat(name=seats[other].name, bot="random")
    options = GAME.options({"factions": "marquise,eyrie"})
    return Session(GAME, seats, options, 1, state=state)


def resolving_recruit() -> tuple[RootState, dict[str, int]]:
    """The Despot (viziers in Move and Build; the Commander deposed) with
    2 points, roosts in Hill (1, fox) and Pond (7, mouse), three warriors in
    Hill, the Marquise in Pond; a card in each column; resolving Recruit."""
    state = blank(leader="despot")
    eyrie = eyrie_of(state)
    eyrie.leaders = ["builder", "charismatic"]
    eyrie.deposed = ["commander"]
    eyrie.vp = 2
    put(state, 1, EYRIE, 3, "roost")
    put(state, 7, EYRIE, 0, "roost")
    put(state, 7, CATS, 2)
    cards = {
        "anvil": decree(state, 0, "fox-anvil")[0],
        "bake": decree(state, 1, "rabbit-bake-sale")[0],
        "sword": decree(state, 2, "mouse-sword")[0],
        "crossbow": decree(state, 3, "bird-crossbow")[0],
    }
    resolve_now(state)
    return state, cards


async def play_keys(pilot: Pilot[Any], session: Session, *keys: str) -> bool:
    """Press keys and wait for the action they take, answering yes to the
    question it asks first (a card spent from the hand, a step ended with
    work left); whether it asked."""
    before = len(session.actions)
    await pilot.press(*keys)
    asked = await yes_if_asked(pilot, lambda: len(session.actions) > before)
    await pilot.pause()
    return asked


# -------------------------------------------------------------- the facts
def test_the_decree_rows_mark_the_viziers_and_the_cards_done() -> None:
    state, cards = resolving_recruit()
    rows = decree_rows(state)
    assert rows == [
        [DecreeCard(cards["anvil"], False, False)],
        [DecreeCard(VIZIER, True, False), DecreeCard(cards["bake"], False, False)],
        [DecreeCard(cards["sword"], False, False)],
        [DecreeCard(VIZIER, True, False), DecreeCard(cards["crossbow"], False, False)],
    ]
    GAME.apply(state, DecreeRecruit(clearing=1))
    rows = decree_rows(state)
    assert rows[0] == [DecreeCard(cards["anvil"], False, True)]
    assert [e.done for e in rows[1]] == [False, False]


def test_the_next_step_says_what_it_needs_and_whether_it_can_be_done() -> None:
    state, cards = resolving_recruit()
    assert next_steps(state) == [NextStep(0, cards["anvil"], "fox", True)]
    assert next_steps(state)[0].needs == "a warrior placed at a roost in a fox clearing"
    assert not in_danger(state)
    GAME.apply(state, DecreeRecruit(clearing=1))
    # Move: the vizier (any clearing: warriors in Hill) and the rabbit card
    # (no Eyrie warrior in a rabbit clearing).
    steps = next_steps(state)
    assert [(s.column, s.suit, s.possible) for s in steps] == [
        (1, "bird", True),
        (1, "rabbit", False),
    ]
    assert steps[0].needs == "a move from any clearing"
    assert in_danger(state)


def test_outside_daylight_the_next_step_is_the_first_card_of_the_decree() -> None:
    state = blank(step="add_to_decree", leader="builder")  # viziers: Recruit, Move
    put(state, 4, EYRIE, 0, "roost")  # Haven, rabbit
    steps = next_steps(state)
    assert [(s.column, s.card, s.possible) for s in steps] == [(0, VIZIER, True)]


def test_turmoil_costs_a_point_a_bird_but_never_below_nothing() -> None:
    state, _ = resolving_recruit()
    cost = turmoil_cost(state)
    # The two viziers and Crossbow: three birds; the Eyrie have 2 points.
    assert (cost.birds, cost.vp, cost.purged, cost.leader) == (3, 2, 4, "despot")
    eyrie_of(state).vp = 7
    assert turmoil_cost(state).vp == 3


# --------------------------------------------------------------- the panel
async def test_the_panel_shows_the_decree_the_leaders_and_the_roosts(
    new_app: AppFactory,
) -> None:
    state, _ = resolving_recruit()
    session = session_for(state)
    app = new_app(session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        await screen_of(app, pilot)
        text = await whole_boards(app, pilot)
        assert "Eyrie board, Eyrie (" in text and "17 warriors left" in text
        assert "Leader: Despot (viziers on Move and Build;" in text
        assert "Face up: Builder, Charismatic · deposed: Commander" in text
        assert "Roosts: 2 on the map, 5 left" in text
        assert "roosts ■ ■ □ □ □ □ □" in text
        assert "VP     0 1 2 3 4 4 5" in text and "cards  1 1 2 2 2 3 3" in text
        assert "Decree · resolving Recruit" in text
        assert "▶Recruit F Anvil" in text
        assert "Move    V Loyal Vizier, R Bake Sale" in text
        assert "Battle  M Sword" in text
        assert "Build   V Loyal Vizier, B Crossbow" in text
        assert (
            "Now: Recruit (fox): a warrior placed at a roost in a fox clearing — possible now"
            in text
        )
        assert "Turmoil would cost 2 VP (3 birds in the Decree), 4 cards discarded" in text
        assert "the Despot deposed" in text
        # The side: their board whole at their seat, the Marquise's short;
        # the Eyrie's short form (at a table where it must be) has the
        # same facts, the Decree's columns by their keys, a card by its suit.
        shown = " ".join(side(app).split())
        assert "Eyrie board, Eyrie (" in shown and "Marquise (Ana) 0 VP · 0 cards" in shown
        short = " ".join(
            line.plain
            for line in EYRIE_SCREEN.compact(app.screen.query_one("#boards"), board_of(app))
        )
        for words in (
            "17 warriors",
            "Despot",
            "2 roosts score 1 VP",
            "Turmoil: 2 VP",
            "Decree ▶R F · M VR · B M · U VB",
            "Now Recruit: fox possible",
        ):
            assert words in short, words
        # The map: the roosts (N) and the warriors (E) in the Eyrie's letters.
        board = screen_text(app)
        assert "E3" in board and "N" in board and "eyrie" in board


async def test_a_card_that_cannot_be_done_warns_of_turmoil(new_app: AppFactory) -> None:
    state, _ = resolving_recruit()
    GAME.apply(state, DecreeRecruit(clearing=1))
    session = session_for(state)
    app = new_app(session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        await screen_of(app, pilot)
        text = await whole_boards(app, pilot)
        assert "✓Recruit F Anvil✓" in text and "▶Move" in text
        assert "Move (rabbit): a move from a rabbit clearing — not possible now" in text
        assert "⚠ Turmoil: 2 VP (3 birds in the Decree)" in text


# ---------------------------------------------------------------- the keys
async def test_the_leader_is_chosen_at_setup_with_its_number(new_app: AppFactory) -> None:
    session = Session.new(
        "root",
        [Seat(name="Ana"), Seat(name="Ben", bot="random")],
        {"factions": "marquise,eyrie", "first": "marquise"},
        seed=3,
        autosave=False,
    )
    state = state_of(session)
    while state.step != "eyrie_leader":
        session.apply(session.legal_actions()[0])
    eyrie_seat = state.seat(EYRIE)
    if session.seats[eyrie_seat].bot:
        session.seats.reverse()  # a person plays the Eyrie
    app = new_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await screen_of(app, pilot)
        assert hint(screen).startswith("Choose your leader: 1: Builder · 2: Charismatic")
        assert "Leader: to be chosen from" in side(app)
        before = len(session.actions)
        await play_keys(pilot, session, "4")
        assert session.actions[before] == ChooseLeader(leader="despot")
        assert eyrie_of(state).leader == "despot"


async def test_the_card_texts_show_the_leaders(new_app: AppFactory) -> None:
    state, _ = resolving_recruit()
    app = new_app(session=session_for(state))
    async with app.run_test(size=(120, 40)) as pilot:
        await screen_of(app, pilot)
        await pilot.press("h")
        await wait_until(pilot, lambda: isinstance(app.screen, CardsDialog))
        dialog = app.screen
        assert isinstance(dialog, CardsDialog)
        assert "Despot (in office): viziers on Move and Build" in dialog.text
        assert "Commander (deposed): viziers on Move and Battle; an extra hit" in dialog.text
        assert "Builder (face up)" in dialog.text
        assert "Move: Loyal Vizier, Bake Sale" in dialog.text


def adding_position() -> tuple[RootState, list[int]]:
    """Birdsong: the Eyrie (the Despot, a roost in Hill) add to the Decree
    from a hand of Anvil (fox), Bake Sale (rabbit) and Crossbow (bird)."""
    state = blank(step="birdsong", leader="despot")
    put(state, 1, EYRIE, 3, "roost")
    hand = deal(state, EYRIE, "fox-anvil", "rabbit-bake-sale", "bird-crossbow")
    begin(state, "add_to_decree")
    assert state.stack and state.stack[-1].kind == "decree_card"
    return state, hand


async def test_a_card_by_its_number_then_its_column(new_app: AppFactory) -> None:
    state, hand = adding_position()
    session = session_for(state)
    app = new_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await screen_of(app, pilot)
        assert hint(screen).startswith("1-3: a card of your hand, then its column")
        await pilot.press("2")
        await wait_until(pilot, lambda: isinstance(app.screen, ChoiceDialog))
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        assert [a for a, _ in dialog.choices] == [
            AddToDecree(card=hand[1], column=c) for c in range(4)
        ]
        await play_keys(pilot, session, "3")  # the Battle column
        assert session.actions[-1] == AddToDecree(card=hand[1], column=2)
        assert eyrie_of(state).decree[2] == [hand[1]]
        # The second card: N adds none, and Birdsong goes on.
        assert "N: add no second card" in hint(screen)
        await play_keys(pilot, session, "n")
        assert session.actions[-1] == Done()


async def test_a_column_by_its_letter_then_the_card(new_app: AppFactory) -> None:
    state, hand = adding_position()
    session = session_for(state)
    app = new_app(session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        await screen_of(app, pilot)
        await pilot.press("u")  # the Build column
        await wait_until(pilot, lambda: isinstance(app.screen, ChoiceDialog))
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        assert [a for a, _ in dialog.choices] == [AddToDecree(card=c, column=3) for c in hand]
        await play_keys(pilot, session, "3")
        assert session.actions[-1] == AddToDecree(card=hand[2], column=3)
        await pilot.press("m")  # the Move column: the cards that may go
        await wait_until(pilot, lambda: isinstance(app.screen, ChoiceDialog))
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        assert [a for a, _ in dialog.choices] == [
            AddToDecree(card=hand[0], column=1),
            AddToDecree(card=hand[1], column=1),
        ]
        await play_keys(pilot, session, "1")
        assert eyrie_of(state).decree[1] == [hand[0]]


async def test_r_recruits_at_the_roost_at_the_cursor(new_app: AppFactory) -> None:
    state, _ = resolving_recruit()
    session = session_for(state)
    app = new_app(session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await screen_of(app, pilot)
        assert hint(screen).startswith(
            "Decree Recruit (fox) · Enter: Decree, Recruit: 1 warrior at the roost in Hill"
        )
        # T says why there is no Turmoil now.
        await pilot.press("t")
        assert "can still be carried out" in hint(screen)
        await pilot.press(*arrows(screen.cursor, 1))
        await play_keys(pilot, session, "r")
        assert session.actions[-1] == DecreeRecruit(clearing=1)
        assert "Move (bird, rabbit)" in hint(screen) and "T: Turmoil" in hint(screen)


async def test_m_moves_for_the_decree_and_a_wrong_clearing_says_why(
    new_app: AppFactory,
) -> None:
    state, _ = resolving_recruit()
    GAME.apply(state, DecreeRecruit(clearing=1))
    session = session_for(state)
    app = new_app(session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await screen_of(app, pilot)
        # R is not the column being resolved.
        await pilot.press("r")
        assert "The Decree is at its Move column: M resolves it." in hint(screen)
        move = Move(origin=1, to=5, count=2)
        await play_keys(pilot, session, *keys_for(screen, move))
        assert session.actions[-1] == move
        assert state.clearings[5].warriors[EYRIE] == 2


async def test_b_battles_and_u_builds_at_the_cursor(new_app: AppFactory) -> None:
    state = blank(leader="commander")  # viziers: Move and Battle
    put(state, 1, EYRIE, 2, "roost")  # Hill, fox
    put(state, 8, EYRIE, 3)  # Meadow, fox
    put(state, 8, CATS, 1)
    decree(state, 3, "fox-anvil")  # Build
    resolve_now(state)
    session = session_for(state)
    session.apply(Move(origin=1, to=5, count=1))  # the Move vizier
    dice(state, 1, 0)  # the Eyrie roll 1 (and the Commander's extra hit)
    app = new_app(session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await screen_of(app, pilot)
        await pilot.press(*arrows(screen.cursor, 8), "b")
        await wait_until(pilot, lambda: eyrie_of(state_of(session)).column == 3)
        assert session.actions[1] == Battle(clearing=8)
        assert CATS not in state_of(session).clearings[8].warriors
        await wait_until(pilot, lambda: screen.live and session.to_act == state.seat(EYRIE))
        await pilot.pause()
        assert hint(screen).startswith("Decree Build (fox)")
        await pilot.press(*arrows(screen.cursor, 8))
        await play_keys(pilot, session, "u")
        assert session.actions[-1] == BuildRoost(clearing=8)
        assert "roost" in state_of(session).clearings[8].buildings


def turmoil_position() -> RootState:
    """Resolving Recruit with a rabbit card, the only roost in a fox clearing."""
    state = blank(leader="despot")
    put(state, 1, EYRIE, 3, "roost")
    decree(state, 0, "rabbit-bake-sale")
    decree(state, 3, "bird-crossbow")
    eyrie_of(state).vp = 5
    resolve_now(state)
    return state


async def test_t_falls_into_turmoil_and_a_new_leader_is_chosen(new_app: AppFactory) -> None:
    state = turmoil_position()
    session = session_for(state)
    app = new_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await screen_of(app, pilot)
        assert hint(screen).startswith("Decree Recruit (rabbit) cannot be carried out · T: Turmoil")
        await play_keys(pilot, session, "t")
        assert isinstance(session.actions[-1], Turmoil)
        eyrie = eyrie_of(state)
        # Humiliated (three birds), purged, deposed.
        assert eyrie.vp == 2 and eyrie.decree == [[], [], [], []]
        assert eyrie.deposed == ["despot"]
        assert hint(screen).startswith("Choose your leader: 1: Builder")
        await play_keys(pilot, session, "3")
        assert session.actions[-1] == ChooseLeader(leader="commander")


# ----------------------------------------------------------------- privacy
def secrets_of(state: RootState, viewer: int | None, log: str) -> set[str]:
    """Names of cards in a hand that ``viewer``'s seat may not see, shown
    nowhere public (the log, the Decree, crafted cards, cards seen there,
    the viewer's own hand)."""
    public: set[str] = set()
    for i, player in enumerate(state.players):
        public |= {card_of(c).name for c in player.crafted + player.known}
        if i == viewer:
            public |= {card_of(c).name for c in player.hand}
    public |= {card_of(c).name for column in eyrie_of(state).decree for c in column}
    out: set[str] = set()
    for i, player in enumerate(state.players):
        if i == viewer:
            continue
        for c in player.hand:
            name = card_of(c).name
            if c != HIDDEN and name not in public and name not in log:
                out.add(name)
    return out


async def test_no_hand_card_crosses_between_the_marquise_and_the_eyrie(
    new_app: AppFactory,
) -> None:
    """Hot-seat, both seats people: at every step of a stretch of play
    (random legal actions, setup and several turns of each), the screen
    shows no card of the other seat's hand, the hand-off screen none at
    all, and the card texts (H) only the person's own hand."""
    session = Session.new(
        "root",
        [Seat(name="Ana"), Seat(name="Ben")],
        {"factions": "marquise,eyrie"},
        seed=3,
        autosave=False,
    )
    app = new_app(session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        checked_cards = await scan_hot_seat(app, pilot, session, secrets_of, 45, seed=3)
        assert checked_cards == {0, 1}
        assert state_of(session).turn_number >= 3
        assert any(isinstance(a, AddToDecree) for a in session.actions)


# --------------------------------------------------------------- snapshots
def test_the_eyrie_resolving_their_decree_at_80x24(snap_compare: Any, new_app: AppFactory) -> None:
    state, _ = resolving_recruit()
    GAME.apply(state, DecreeRecruit(clearing=1))
    app = new_app(session=session_for(state))
    assert snap_compare(app, terminal_size=(80, 24), run_before=on_the_table)


def test_the_eyrie_resolving_their_decree_at_120x40(snap_compare: Any, new_app: AppFactory) -> None:
    state, _ = resolving_recruit()
    GAME.apply(state, DecreeRecruit(clearing=1))
    app = new_app(session=session_for(state))
    assert snap_compare(app, terminal_size=(120, 40), run_before=on_the_table)


async def test_a_second_bird_is_refused_with_a_reason(new_app: AppFactory) -> None:
    """After a bird card, the other bird of the hand cannot follow: its
    number says so and adds nothing (it never falls back to the list)."""
    state, hand = adding_position()
    bird = deal(state, EYRIE, "bird-arms-trader")[0]
    session = session_for(state)
    app = new_app(session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await screen_of(app, pilot)
        await pilot.press("3")  # Crossbow, a bird
        await wait_until(pilot, lambda: isinstance(app.screen, ChoiceDialog))
        await play_keys(pilot, session, "1")
        assert session.actions[-1] == AddToDecree(card=hand[2], column=0)
        await pilot.press("3")  # now Arms Trader, the other bird
        await pilot.pause()
        assert app.screen is screen and len(session.actions) == 1
        assert "Arms Trader cannot be added now: at most one bird card" in hint(screen)
        assert bird in state_of(session).player(EYRIE).hand


async def test_a_new_roost_site_is_chosen_with_enter_on_the_map(new_app: AppFactory) -> None:
    """A New Roost with no roost on the map and two clearings tied for the
    fewest warriors: both marked on the map, Enter on one places it."""
    state = blank(step="birdsong", leader="despot")
    for n in range(1, 13):
        if n not in (3, 9):
            put(state, n, CATS, 1)
    begin(state, "new_roost")
    assert state.stack and state.stack[-1].kind == "roost_site"
    session = session_for(state)
    app = new_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await screen_of(app, pilot)
        assert screen.board().targets == {3, 9}
        await pilot.press(*arrows(screen.cursor, 9, burrow=False))
        assert hint(screen).startswith("Enter: A New Roost: a roost and warriors in Dune")
        await play_keys(pilot, session, "enter")
        assert session.actions[0] == PlaceRoost(clearing=9)
        assert "roost" in state_of(session).clearings[9].buildings


def board_of(app: Any) -> Any:
    """The frame the side panel shows."""
    return app.screen.query_one("#boards", SidePanel).board
