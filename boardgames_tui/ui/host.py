"""What the screens ask of the app, named without importing it.

The app (``boardgames_tui/app.py``) imports the screens; a screen that
imported the app back would close a circle (tests/test_layering.py forbids
them).  A screen reaches the app's own services through :func:`host`, typed
by the :class:`Host` protocol, which the app implements.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol, cast

if TYPE_CHECKING:
    from textual.dom import DOMNode

    from boardgames_tui.engine.replay import Replay


class Host(Protocol):
    """The app, as the screens see it."""

    def call_after_frame(self, callback: Callable[[], object]) -> None:
        """Run ``callback`` once the next frame has been written to the terminal."""

    def hold_collections(self) -> None:
        """Hold the garbage collector's passes until the next frame is out."""

    def release_collections(self) -> None:
        """Let the garbage collector run again (when the frame never comes)."""

    def open_replay(self, replay: Replay, seat: int | None = None, at: int = 0) -> None:
        """Show ``replay`` on its game's screen over this one, after its
        first ``at`` moves, from ``seat``'s view (a screen that opens a
        replay from inside the game screens' imports: the review's)."""


def host(node: DOMNode) -> Host:
    """The app ``node`` runs in."""
    return cast("Host", node.app)


__all__ = ["Host", "host"]
