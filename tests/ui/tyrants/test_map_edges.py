"""The map's edges cut no site name (issue 45, item 13): at 80x24 the map
is bigger than its view and scrolls with the cursor; a site box the view's
edge cuts showed the start of its name ("Menzoberra", "Chasmlea") until the
cursor went there.  Now the part of the box in view writes the name whole,
or no name at all (an arrow says the box goes on that way)."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.games.tyrants import board as bd
from boardgames_tui.ui.tyrants.look import short_name
from boardgames_tui.ui.tyrants.screen import TyrantsScreen
from tests.ui.helpers import lifted, screen_lines

from .helpers import arrows_to, new_session

AppFactory = Callable[..., BoardgamesApp]


def whole_names(name: str) -> set[str]:
    """Every way the map may write a site's name: whole, or a short form
    that is a name of its own ("Dekanter", "Chasmleap"), never cut."""
    return {
        shown
        for room in range(1, len(name) + 1)
        if not (shown := short_name(name, room)).endswith(".")
    }


def cut_names(screen: TyrantsScreen, app: BoardgamesApp) -> list[str]:
    """The site names the map shows cut, as drawn on the terminal now."""
    view = screen.map
    plan = view.plan
    assert plan is not None
    lines = screen_lines(app)
    region = view.content_region
    sx, sy = int(view.scroll_offset.x), int(view.scroll_offset.y)
    found = []
    for site, (x, y) in plan.boxes.items():
        if not sy <= y < sy + region.height:
            continue
        start, end = max(x, sx), min(x + plan.box_w, sx + region.width)
        if start >= end:
            continue
        row = lines[region.y + y - sy]
        drawn = row[region.x + start - sx : region.x + end - sx]
        # The presence bar, then the name, then the VP.
        words = re.sub(r"\s*\d*\s*$", "", drawn[1:]).strip()
        if any(ch.isalpha() for ch in words) and words not in whole_names(bd.site(site).name):
            found.append(f"{site}: {drawn!r}")
    return found


@pytest.mark.parametrize("players", [3, 4])
async def test_no_site_name_is_half_drawn_wherever_the_map_scrolls(
    new_app: AppFactory, players: int
) -> None:
    session = new_session(players, seed=3)
    app = new_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await lifted(app, pilot, TyrantsScreen)
        plan = screen.map.plan
        assert plan is not None
        # The map is bigger than its view: it scrolls.
        assert plan.width > screen.map.content_region.width
        assert not cut_names(screen, app)
        scrolled = {(0, 0)}
        for space in screen.map.spaces()[::3]:
            await pilot.press(*arrows_to(screen, space))
            await pilot.pause()
            offset = screen.map.scroll_offset
            scrolled.add((int(offset.x), int(offset.y)))
            assert not cut_names(screen, app), (space, cut_names(screen, app))
        # The walk saw the view at several places, across as well as down.
        assert len({x for x, _ in scrolled}) > 1, scrolled
