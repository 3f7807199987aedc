"""The Woodland is drawn once for a size it takes that the screen did not
see coming (issue 49): painted in the frame that lays it out at that size,
for that size, not painted there with its old lines and drawn again, in a
second frame, when its resize event comes after the frame (the first move
after loading a game, 300 moves into a three-seat game, was drawn so)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.ui.root.widgets import WoodlandView
from tests.ui.render_count import RenderCount, part_name

from .helpers import in_the_assembly, screen_of

AppFactory = Callable[..., BoardgamesApp]


@pytest.mark.parametrize(
    ("before", "after"), [((120, 40), (120, 44)), ((80, 24), (80, 27))], ids=str
)
async def test_a_map_resized_unforeseen_is_painted_once_at_its_new_size(
    new_app: AppFactory, before: tuple[int, int], after: tuple[int, int]
) -> None:
    app = new_app(session=in_the_assembly())
    async with app.run_test(size=before) as pilot:
        screen = await screen_of(app, pilot)
        woodland = screen.query_one(WoodlandView)
        count = RenderCount(app, screen)
        await count.quiet(pilot)
        height = woodland.size.height
        count.reset()
        await pilot.resize_terminal(*after)
        await count.quiet(pilot)
        assert woodland.size.height != height, "the map kept its size"
        name = part_name(woodland)
        assert count.painted[name] == 1, [sorted(f) for f in count.in_frames]
        # (what it painted is its drawing for the size it has)
        assert woodland._drawn_for[1:3] == (woodland.size.width, woodland.size.height)
