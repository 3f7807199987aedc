"""The Vagabond on Root's screen, at a four-seat table (the Marquise, the
Eyrie, the Vagabond and the Duchy, hot-seat): his board in the side panel
(items by state, tracks, relationships, quests), his keys, his hits chosen
at his seat, every other hand private; snapshots of his Daylight at 80x24
and 120x40."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from textual.pilot import Pilot

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.engine.game import Seat
from boardgames_tui.engine.session import Session
from boardgames_tui.games.root import core
from boardgames_tui.games.root.actions import Battle
from boardgames_tui.games.root.bots import RootBot
from boardgames_tui.games.root.factions.marquise import CATS
from boardgames_tui.games.root.factions.vagabond import FOREST_BASE, VAGABOND
from boardgames_tui.games.root.factions.vagabond.actions import Explore, Quest, Strike, Walk
from boardgames_tui.games.root.factions.vagabond.satchel import item_limit, satchel_and_damaged
from boardgames_tui.games.root.factions.vagabond.state import me as vagabond
from boardgames_tui.games.root.model import RootState, card_of
from boardgames_tui.ui.root.board import Board
from boardgames_tui.ui.root.screen import RootScreen
from boardgames_tui.ui.root.side_panel import SidePanel
from boardgames_tui.ui.screens.handoff import HandoffScreen
from tests.games.root.helpers import dice
from tests.ui.helpers import wait_until

from .helpers import keys_for, screen_of, state_of, whole_boards

AppFactory = Callable[..., BoardgamesApp]
FOUR = "marquise,eyrie,vagabond,duchy"
NAMES = ("Ana", "Ben", "Cy", "Dee")
#: His Daylight actions, each under a key (M, B, C or one of his own).
OWN_KINDS = {
    "walk",
    "attack",
    "explore",
    "aid",
    "quest",
    "strike",
    "repair",
    "steal",
    "day_labor",
    "hideout",
    "coalition",
    "craft",
    "done",
}


def in_his_daylight(seed: int = 2, turn: int = 3) -> Session:
    """A four-seat hot-seat table played by the rule bot until the
    Vagabond's Daylight, from his ``turn``-th turn on, with a move and
    three other kinds of action to take."""
    session = Session.new(
        "root",
        [Seat(name=n) for n in NAMES],
        {"factions": FOUR, "seating": "chosen"},
        seed=seed,
        autosave=False,
    )
    bots = [RootBot(seed=i) for i in range(4)]
    while True:
        state = state_of(session)
        if state.turn == VAGABOND and state.step == "wander" and state.turn_number >= turn * 4:
            kinds = {type(a) for a in session.legal_actions()}
            if not state.stack and Walk in kinds and len(kinds) >= 4:
                return session
        seat = session.to_act
        assert seat is not None and not state.over
        legal = session.legal_actions()
        session.apply(bots[seat].pick(session.game, session.game.view(state, seat), legal))


def secrets(state: RootState, viewer: int, log: str) -> set[str]:
    """Names of cards in the other hands that nothing the viewer may see
    shows (the log, crafted and known cards, what the viewer saw there, its
    own hand)."""
    me = state.players[viewer]
    public = {card_of(c).name for c in me.hand}
    for player in state.players:
        public |= {card_of(c).name for c in player.crafted + player.known}
        public |= {card_of(c).name for c in player.seen_by.get(me.faction, [])}
    return {
        card_of(c).name
        for seat, player in enumerate(state.players)
        if seat != viewer
        for c in player.hand
        if card_of(c).name not in public and card_of(c).name not in log
    }


async def on_his_table(pilot: Pilot[Any]) -> None:
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, HandoffScreen))
    await pilot.press("enter")
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, RootScreen))
    await pilot.pause()
    await pilot.pause()


async def test_his_board_shows_items_tracks_relationships_and_quests(new_app: AppFactory) -> None:
    session = in_his_daylight()
    app = new_app(session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        await on_his_table(pilot)
        screen = await screen_of(app, pilot)
        assert screen.viewer == state_of(session).seat(VAGABOND)
        side = app.screen.query_one("#boards", SidePanel).render().plain
        shown = await whole_boards(app, pilot)
        assert "Vagabond board, Vagabond (Cy)" in shown
        for words in ("tracks tea", "face up", "exhausted", "damaged", "relationships", "quests"):
            assert words in shown, words
        # The side (his board whole, or short where the side has no room):
        # the items he may carry.
        v = vagabond(state_of(session))
        assert f"items {satchel_and_damaged(v)} of {item_limit(v)}" in " ".join(side.split())
        log = " ".join(e.text for e in session.log)
        for text in (side, shown):
            leaked = [n for n in secrets(state_of(session), screen.viewer, log) if n in text]
            assert not leaked


async def test_his_keys_take_his_actions(new_app: AppFactory) -> None:
    """Each of his Daylight actions legal now is reached by its key."""
    session = in_his_daylight()
    legal = session.legal_actions()
    mine = [a for a in legal if isinstance(a, Explore | Quest | Strike)]
    app = new_app(session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        await on_his_table(pilot)
        screen = await screen_of(app, pilot)
        for action in legal:
            if action.kind in OWN_KINDS:
                keys = keys_for(screen, action)
                assert keys, action
        if mine:
            before = len(session.actions)
            await pilot.press(*keys_for(screen, mine[0]))
            await wait_until(pilot, lambda: len(session.actions) > before)
            assert session.actions[before] == mine[0]


def test_his_daylight_at_80x24(snap_compare: Any, new_app: AppFactory) -> None:
    app = new_app(session=in_his_daylight())
    assert snap_compare(app, terminal_size=(80, 24), run_before=on_his_table)


def test_his_daylight_at_120x40(snap_compare: Any, new_app: AppFactory) -> None:
    app = new_app(session=in_his_daylight())
    assert snap_compare(app, terminal_size=(120, 40), run_before=on_his_table)


def before_a_battle_on_him(seed: int = 2) -> tuple[Session, Battle]:
    """Play on with the rule bot until the Marquise may battle the Vagabond
    in her Daylight, his items undamaged and of several kinds; the dice will
    give her two hits."""
    session = Session.new(
        "root",
        [Seat(name=n) for n in NAMES[:2]],
        {"factions": "marquise,vagabond", "seating": "chosen"},
        seed=seed,
        autosave=False,
    )
    bots = [RootBot(seed=seed), RootBot(seed=seed + 1)]
    while True:
        state = state_of(session)
        legal = session.legal_actions()
        found = [
            a
            for a in legal
            if isinstance(a, Battle) and VAGABOND in core.defenders(state, CATS, a.clearing)
        ]
        if found and state.turn == CATS and not state.stack and state.step == "actions":
            break
        seat = session.to_act
        assert seat is not None
        session.apply(bots[seat].pick(session.game, session.game.view(state, seat), legal))
    v = state.player(VAGABOND)
    v.ready = sorted(["boots", "sword", "torch"])  # type: ignore[attr-defined]
    v.exhausted, v.damaged, v.damaged_down = [], [], []  # type: ignore[attr-defined]
    dice(state, 3, 0)
    return session, found[0]


async def test_his_hits_are_chosen_at_his_seat_behind_a_hand_off(new_app: AppFactory) -> None:
    """The Marquise battles him: the hits he takes are his choice of items,
    asked at his seat's screen after a hand-off, and the table passes back."""
    session, battle = before_a_battle_on_him()
    app = new_app(session=session)
    him = state_of(session).seat(VAGABOND)
    asked: list[str] = []
    async with app.run_test(size=(120, 40)) as pilot:
        await on_his_table(pilot)
        screen = await screen_of(app, pilot)
        assert screen.viewer != him
        started = len(session.actions)
        await pilot.press(*keys_for(screen, battle))
        await wait_until(pilot, lambda: len(session.actions) > started)
        for _ in range(6):
            state = state_of(session)
            if not state.stack or state.stack[-1].faction != VAGABOND:
                break
            await pilot.pause()
            if not asked:  # his first decision: the table passes to him
                await wait_until(pilot, lambda: isinstance(pilot.app.screen, HandoffScreen))
                await pilot.press("enter")
            screen = await screen_of(app, pilot)
            assert screen.viewer == him
            top = state_of(session).stack[-1]
            asked.append(type(top).__name__)
            before = len(session.actions)
            await pilot.press(*keys_for(screen, session.legal_actions()[0]))
            await wait_until(pilot, lambda n=before: len(session.actions) > n)
        assert "ItemHits" in asked
        v = state_of(session).player(VAGABOND)
        assert v.damaged  # type: ignore[attr-defined]
        await wait_until(pilot, lambda: isinstance(pilot.app.screen, HandoffScreen))


def test_the_forests_are_places_on_the_map_not_lines_under_it() -> None:
    """Every forest of the map is a place on the Woodland with him at the
    table (only the Burrow keeps a line under it), on every map; under the
    map, a forest names its clearings and who stands in it."""
    from boardgames_tui.games.root import GAME
    from boardgames_tui.games.root.factions.duchy import BURROW
    from boardgames_tui.ui.root.factions.vagabond.panel import forest_detail
    from boardgames_tui.ui.root.widgets import below, forest_places
    from tests.games.root.vagabond_helpers import blank, forest

    state = blank(factions="vagabond,duchy", place=forest(4))
    assert below(state) == (BURROW,)
    assert forest_places(state) == {forest(f.number): f.number for f in state.woodland.forests}
    board = Board.build(state, 0, NAMES[:2], True, [], forest(4), None)
    assert forest_detail(board, forest(4)).plain == (
        "♣ A forest between Haven (4), Dune (9), Glade (12) · the Vagabond stands here"
    )
    assert forest_detail(board, forest(1)).plain == (
        "♣ A forest between Hill (1), Quarry (2), Creek (5), Beach (10) · nobody here: "
        "only the Vagabond's pawn may stand in a forest"
    )
    for map_id in ("winter", "lake", "mountain"):
        state = blank(factions="marquise,vagabond", place=5, map=map_id, suits="random")
        assert sorted(forest_places(state).values()) == [f.number for f in state.woodland.forests]
    # (without him nobody stands in a forest: the map draws none)
    seats = [Seat(name=n) for n in NAMES[:2]]
    assert forest_places(GAME.setup(seats, {"factions": "marquise,duchy"}, 1)) == {}


def test_his_slip_is_taken_by_pointing_at_the_forest() -> None:
    """In Birdsong his Slip names a place: a decision on the map, each
    clearing and forest he may slip into marked; Enter (or M) on a forest
    slips there, N stays."""
    from boardgames_tui.games.root import GAME
    from boardgames_tui.games.root.actions import Done
    from boardgames_tui.games.root.factions.vagabond.actions import Slip
    from boardgames_tui.ui.root import choices
    from tests.games.root.vagabond_helpers import blank, forest, items

    state = blank(step="slip", place=forest(1))
    items(state)
    legal = GAME.legal_actions(state)
    assert choices.decision(legal) == "map"
    board = Board.build(state, 1, NAMES[:2], True, legal, forest(2), None)
    assert board.targets == {1, 2, 5, 10, forest(2), forest(3)}
    assert choices.at(state, legal, forest(2)).actions == (Slip(to=forest(2)),)
    assert choices.with_key(state, legal, "m", forest(3)).actions == (Slip(to=forest(3)),)
    assert Done() in choices.with_key(state, legal, "n", 1).actions
    hint = choices.hint(state, legal, forest(2), partial(GAME.describe, state))
    assert hint.startswith("Enter: ") and "forest between Hill, Dune, Beach, Glade" in hint


async def test_his_starting_forest_is_chosen_on_the_map(new_app: AppFactory) -> None:
    """At setup he points at a forest with the arrows (its words under the
    map, the paths between its clearings lit as its bounds) and presses
    Enter; his pawn is drawn in it (a V in the forest's cell), the other
    forests keep their mark."""
    from boardgames_tui.games.root.factions.vagabond.actions import StartIn
    from boardgames_tui.ui.root.forests import box_cells, trail_cells
    from boardgames_tui.ui.root.widgets import FOREST_MARK, WoodlandView

    session = Session.new(
        "root",
        [Seat(name=n) for n in NAMES[:2]],
        {"factions": "marquise,vagabond", "seating": "chosen"},
        seed=3,
        autosave=False,
    )
    bot = RootBot(seed=1)
    while state_of(session).step != "vagabond_forest":
        session.apply(bot.pick(session.game, session.state, session.legal_actions()))
    goal = StartIn(place=FOREST_BASE + 5)
    assert goal in session.legal_actions()
    app = new_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await on_his_table(pilot)
        screen = await screen_of(app, pilot)
        keys = keys_for(screen, goal)
        assert keys[-1] == "enter" and set(keys[:-1]) <= {"up", "down", "left", "right"}
        await pilot.press(*keys[:-1])
        await pilot.pause()
        detail = str(screen.query_one("#detail").render())
        assert "A forest between Weald (3), Pond (7), Waterfall (11), Glade (12)" in detail
        # (its bounds: the paths between its clearings, drawn as next to the cursor)
        woodland = screen.query_one(WoodlandView)
        layout, board = woodland.drawn, state_of(session).woodland
        assert layout is not None
        rim = {3, 7, 11, 12}
        bounds = [(a, b) for a, b in board.paths() if a in rim and b in rim]
        assert bounds
        for a, b in bounds:
            for x, y in trail_cells(layout, a, b, box_cells(layout)):
                assert woodland.render_line(y).text[x] == "•", (a, b, x, y)
        await pilot.press("enter")
        await wait_until(pilot, lambda: len(session.actions) and session.actions[-1] == goal)
        await wait_until(pilot, lambda: state_of(session).player(VAGABOND).place == goal.place)
        await pilot.pause()
        if isinstance(app.screen, HandoffScreen):
            # (Behind the cover the table is not drawn: it is, for the next
            # person, when the cover lifts.)
            await pilot.press("enter")
            await wait_until(pilot, lambda: app.screen is screen)
            await pilot.pause()
        woodland = screen.query_one(WoodlandView)
        assert woodland.drawn is not None
        x, y = woodland.drawn.marks[goal.place]
        assert woodland.render_line(y).text[x] == "V"
        others = [c for p, c in woodland.drawn.marks.items() if p != goal.place]
        assert others and all(woodland.render_line(oy).text[ox] == FOREST_MARK for ox, oy in others)


async def test_a_click_on_a_forest_points_at_it_and_a_second_slips_there(
    new_app: AppFactory,
) -> None:
    """The mouse: a click on a forest's mark puts the cursor there (its
    words under the map), a second click slips into it."""
    from boardgames_tui.games.root.factions.vagabond.actions import Slip
    from boardgames_tui.games.root.factions.vagabond.state import is_forest
    from boardgames_tui.ui.root.widgets import WoodlandView

    from .test_map_snapshots import at_his_slip

    session = at_his_slip("autumn")
    target = min(a.to for a in session.legal_actions() if isinstance(a, Slip) and is_forest(a.to))
    app = new_app(session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await screen_of(app, pilot)
        woodland = screen.query_one(WoodlandView)
        assert woodland.drawn is not None
        x, y = woodland.drawn.marks[target]
        inset = woodland.content_region.offset - woodland.region.offset
        spot = (x + inset.x, y + inset.y)
        await pilot.click(WoodlandView, offset=spot)
        await pilot.pause()
        assert screen.cursor == target
        assert "A forest between" in str(screen.query_one("#detail").render())
        before = len(session.actions)
        await pilot.click(WoodlandView, offset=spot)
        await wait_until(pilot, lambda: len(session.actions) > before)
        assert session.actions[before] == Slip(to=target)
