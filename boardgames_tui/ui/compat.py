"""Every private name of Textual's the UI relies on, and nothing else.

Textual promises nothing about names that start with an underscore: any
release may rename or remove them.  The UI uses its public API wherever that
serves; what it cannot do without Textual's insides goes through this module,
and only this one (tests/ui/test_textual_private.py looks for such names
anywhere else).  :data:`PRIVATE` lists each name with the parameters it was
read with, and :data:`CHECKED` the Textual versions they were checked
against: tests/ui/test_compat.py fails, naming the name, when the installed
Textual lacks one or changed its parameters, and when the installed version
is outside :data:`CHECKED` (pyproject.toml bounds Textual to the same range).

Why each is needed:

- the app's exception hook (``App._handle_exception``): the one place every
  unhandled exception passes, in a screen or in the app; a screen's is
  recovered from (the crash screen), which no public hook allows;
  ``textual._context.active_message_pump`` tells which one raised it;
- a frame written (``App._display``): the app runs work once a move is on
  the terminal (a save's fsync, the garbage collector's pass);
  ``call_after_refresh`` runs before the frame is drawn;
- ``App._exception`` and ``_exception_event``: a pilot test
  (``App.run_test``) re-raises the exception the app ended or recovered on,
  so no bug hides behind the crash screen;
- ``Widget._vertical_scrollbar`` and ``App._start_widget``: a widget's own
  kind of scrollbar, made as Textual makes its own;
- ``Widget._check_refresh``: a widget tells its screen of a repaint or a
  layout asked of it in its own idle turn, which may come after the
  screen's next frame (a move drawn in two frames, the parts the screen
  heard of late in the second); a game screen tells it of every part at
  once when it has drawn (:func:`repaints_now`).

(The action list and the log draw their own lines with the Line API, as the
boards do: none of ``OptionList``'s or ``RichLog``'s insides is needed.)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from textual._context import active_message_pump
from textual.app import App
from textual.widget import Widget

if TYPE_CHECKING:
    from rich.console import RenderableType
    from textual.message_pump import MessagePump
    from textual.screen import Screen
    from textual.scrollbar import ScrollBar

#: The Textual versions this module was checked against: from the first,
#: below the second (pyproject.toml asks for the same range).
CHECKED = ((8, 0), (9, 0))

#: Each private name used here: its owner (a class, or a module), the name,
#: and a method's parameters (None for an attribute).
PRIVATE: tuple[tuple[str, str, tuple[str, ...] | None], ...] = (
    ("textual._context", "active_message_pump", None),
    ("textual.app.App", "_handle_exception", ("self", "error")),
    ("textual.app.App", "_display", ("self", "screen", "renderable")),
    ("textual.app.App", "_batch_count", None),
    ("textual.app.App", "_exception", None),
    ("textual.app.App", "_exception_event", None),
    ("textual.app.App", "_start_widget", ("self", "parent", "widget")),
    ("textual.widget.Widget", "_vertical_scrollbar", None),
    ("textual.widget.Widget", "_check_refresh", ("self",)),
)


# ------------------------------------------------------------------ the app
class AppHooks(App[None]):
    """Base of the app: Textual's exception hook and each frame written,
    as methods of ours."""

    def unhandled_exception(self, error: Exception, raised_in: MessagePump | None) -> None:
        """Every unhandled exception, and the app, screen or widget whose
        message loop raised it (None when not known)."""
        super()._handle_exception(error)

    def frame_written(self) -> None:
        """A frame has just been written to the terminal."""

    def _handle_exception(self, error: Exception) -> None:
        try:
            raised_in: MessagePump | None = active_message_pump.get()
        except LookupError:
            raised_in = None
        self.unhandled_exception(error, raised_in)

    def _display(self, screen: Screen[Any], renderable: RenderableType | None) -> None:
        # Textual writes nothing while a batch of updates is open or when
        # nothing changed; any other call puts a frame on the terminal.
        frame = renderable is not None and not self._batch_count
        super()._display(screen, renderable)
        if frame:
            self.frame_written()

    def keep_exception_for_tests(self, error: Exception) -> None:
        """A pilot test (``run_test``) raises ``error`` when it ends (the
        first such error only), as Textual does for an unhandled one."""
        if self._exception is None:
            self._exception = error
            self._exception_event.set()


# ----------------------------------------------------------------- widgets
def repaints_now(widgets: Iterable[Widget]) -> None:
    """Tell the screen now of every repaint and layout asked of ``widgets``
    (Textual has each tell it in its own idle turn), so that the screen's
    next frame draws them all."""
    for widget in widgets:
        widget._check_refresh()


def start_vertical_scrollbar(widget: Widget, make: type[ScrollBar]) -> ScrollBar:
    """``widget``'s vertical scrollbar, made of the class ``make`` when
    first asked for, as Textual makes its own (hidden until the widget
    scrolls, started as the widget's child)."""
    bar = widget._vertical_scrollbar
    if bar is None:
        bar = make(vertical=True, name="vertical", thickness=widget.scrollbar_size_vertical)
        bar.display = False
        widget._vertical_scrollbar = bar
        widget.app._start_widget(widget, bar)
    return bar


__all__ = [
    "CHECKED",
    "PRIVATE",
    "AppHooks",
    "repaints_now",
    "start_vertical_scrollbar",
]
