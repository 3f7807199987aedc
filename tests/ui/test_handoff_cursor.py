"""No cursor crosses a hand-off: in Root and Tyrants, the person handed the
table, deciding something with no place to pick (Root's craft list) or at
the start of their turn (Tyrants), does not find the map's cursor where the
last person pointed.  (The kit's own test with the toy game:
``test_kit.test_each_person_finds_the_boards_cursor_where_they_left_it``.)"""

from __future__ import annotations

from collections.abc import Callable

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.engine.bots import get_bot
from boardgames_tui.games.root.bots import RootBot
from boardgames_tui.ui.root import choices as root_choices
from boardgames_tui.ui.root.screen import RootScreen
from boardgames_tui.ui.screens.handoff import HandoffScreen
from boardgames_tui.ui.tyrants import choices as tyrants_choices
from boardgames_tui.ui.tyrants.screen import TyrantsScreen
from boardgames_tui.ui.tyrants.widgets import MapView
from tests.ui.helpers import past_the_cover, played_by, wait_until, yes_if_asked
from tests.ui.root.helpers import new_session as root_session
from tests.ui.root.helpers import state_of as root_state
from tests.ui.tyrants.helpers import new_session as tyrants_session
from tests.ui.tyrants.helpers import state_of as tyrants_state

AppFactory = Callable[..., BoardgamesApp]


async def test_roots_decision_with_no_place_keeps_no_cursor_of_the_last_person(
    new_app: AppFactory,
) -> None:
    # Seed 3 with these bots: the 38th move hands the table to a person
    # whose decision is a list (craft a card or no more), no clearing in it.
    bots = [RootBot(seed=1), RootBot(seed=2)]
    session = played_by(root_session(seed=3), bots, 37)
    last = session.to_act
    assert last is not None
    move = bots[last].choose(session.game, session.state)
    app = new_app(session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        await past_the_cover(pilot)
        screen = app.screen
        assert isinstance(screen, RootScreen)
        await wait_until(pilot, lambda: screen.live and screen.viewer == last)
        start = screen.cursor
        for key in ("down", "right", "down", "right"):
            await pilot.press(key)
        pointed = screen.cursor
        assert pointed != start
        before = len(session.actions)
        if not screen.play(move):
            await yes_if_asked(pilot, lambda: len(session.actions) > before)
        await wait_until(pilot, lambda: isinstance(app.screen, HandoffScreen))
        nxt = session.to_act
        assert nxt is not None and nxt != last
        legal = session.legal_actions()
        state = root_state(session)
        assert root_choices.decision(legal) != "map"
        assert not (state.stack and state.stack[-1].place)
        await past_the_cover(pilot)
        await wait_until(pilot, lambda: screen.live and screen.viewer == nxt)
        # Where the cursor stood before anyone pointed, not the last person's.
        assert screen.cursor == start != pointed
        assert screen.board().cursor == start


async def test_tyrants_map_cursor_is_not_the_last_persons_after_a_hand_off(
    new_app: AppFactory,
) -> None:
    bots = [get_bot("random", 21 + i) for i in range(2)]
    session = played_by(tyrants_session(2, seed=3), bots, 2)
    last = session.to_act
    assert last is not None
    app = new_app(session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        await past_the_cover(pilot)
        screen = app.screen
        assert isinstance(screen, TyrantsScreen)
        await wait_until(pilot, lambda: screen.live and screen.viewer == last)
        map_view = screen.query_one(MapView)
        spaces = map_view.spaces()
        # The last person points at a space that is none of the next
        # person's (no troop of theirs, nothing to do there).
        nxt = 1 - last
        theirs = {s for s, occupants in tyrants_state(session).troops.items() if nxt in occupants}
        pointed = next(s for s in reversed(spaces) if s not in theirs)
        map_view.space = pointed
        screen.refresh_view()
        while session.to_act == last:
            legal = session.legal_actions()
            plays = [a for a in legal if a.kind == "play_card"]
            action = plays[0] if plays else next(a for a in legal if a.kind == "end_turn")
            before = len(session.actions)
            if not screen.play(action):
                await yes_if_asked(pilot, lambda before=before: len(session.actions) > before)
            await wait_until(pilot, lambda before=before: len(session.actions) > before)
        assert session.to_act == nxt
        assert not tyrants_choices.live_spaces(session.legal_actions())
        await past_the_cover(pilot)
        await wait_until(pilot, lambda: screen.live and screen.viewer == nxt)
        assert map_view.space != pointed
