"""A count of what a move draws: frames written, and for each part of the
game's screen the frames it was painted in and the times its picture was
built (issue 49: a move redraws only what changed, each part once).

``RenderCount(app, screen)`` watches every widget of the screen: a part is
*painted* in a frame when Textual asks it for a line it does not hold (its
``render_line``: only a part refreshed since the last frame is asked), or
when it gives back rows it painted before for what it shows now (a part
that keeps its paintings, ``KeptPaintings``: the prompt, the hint, the key
bar), and
*built* when its drawing is made (the first of ``BUILDERS`` it has: a
board's ``_draw``, a panel's ``picture``, a widget's ``render``).  The
frames are the app's own (``frame_written``, after each frame is on the
terminal).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from textual.pilot import Pilot
from textual.screen import Screen
from textual.widget import Widget

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.ui.widgets.kept_paintings import KeptPaintings

#: Where a part's drawing is made, in the order looked for: a board's
#: lines (``_draw``), a cards list's lines (``_text_lines``), a kit part's
#: picture, rows or render.
BUILDERS = ("_draw", "_text_lines", "picture", "text_rows", "render")


def part_name(widget: Widget) -> str:
    return f"{type(widget).__name__}#{widget.id}" if widget.id else type(widget).__name__


class RenderCount:
    """Frames, paints and builds since the last :meth:`reset`."""

    def __init__(self, app: BoardgamesApp, screen: Screen[Any]) -> None:
        self.app = app
        self.frames = 0
        self.painted: Counter[str] = Counter()
        self.built: Counter[str] = Counter()
        self._this_frame: set[str] = set()
        #: The parts painted in each frame, in order.
        self.in_frames: list[set[str]] = []
        written = app.frame_written

        def frame_written() -> None:
            self.frames += 1
            self.painted.update(self._this_frame)
            self.in_frames.append(set(self._this_frame))
            self._this_frame.clear()
            written()

        app.frame_written = frame_written  # type: ignore[method-assign]
        for widget in screen.walk_children(Widget, with_self=False):
            self.watch(widget)

    def watch(self, widget: Widget) -> None:
        name = part_name(widget)
        line = widget.render_line

        def render_line(y: int) -> Any:
            self._this_frame.add(name)
            return line(y)

        widget.render_line = render_line  # type: ignore[method-assign]
        if isinstance(widget, KeptPaintings):
            lines = widget.render_lines
            kept: KeptPaintings = widget

            def render_lines(crop: Any) -> Any:
                given = kept.paintings_given
                rows = lines(crop)
                if kept.paintings_given != given:
                    self._this_frame.add(name)
                return rows

            widget.render_lines = render_lines  # type: ignore[method-assign]
        builder = next((b for b in BUILDERS if hasattr(widget, b)), None)
        if builder is not None:
            build: Callable[..., Any] = getattr(widget, builder)

            def built(*args: Any, **kwargs: Any) -> Any:
                self.built[name] += 1
                return build(*args, **kwargs)

            setattr(widget, builder, built)

    def reset(self) -> None:
        self.frames = 0
        self.painted.clear()
        self.built.clear()
        self.in_frames.clear()
        self._this_frame.clear()

    async def quiet(self, pilot: Pilot[Any], calm: int = 6, limit: int = 150) -> None:
        """Let the app run until no frame has been written for ``calm``
        pauses in a row (a move's last frame is out)."""
        still, seen = 0, self.frames
        for _ in range(limit):
            await pilot.pause(0.02)
            if self.frames == seen:
                still += 1
                if still >= calm:
                    return
            else:
                still, seen = 0, self.frames


__all__ = ["BUILDERS", "RenderCount", "part_name"]
