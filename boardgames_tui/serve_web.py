"""The web server behind ``boardgames-tui serve``: textual-serve's server,
saying what to open instead of its banner, building the page's links from
the address the browser used, letting in only the requests its guard allows
(``serve.guard_for``), up to its cap of tables (``serve.Tables``), with the
seats' own routes beside its own.

``serve`` imports this module only when it serves: it imports aiohttp and
textual-serve, an optional extra.  Nothing here imports Textual: the app
runs in the child processes.
"""

from __future__ import annotations

import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, Protocol, TypeVar

import aiohttp_jinja2
from aiohttp import web
from textual_serve.server import Server

from .serve_seats import SeatRoutes
from .serve_table import log_in_lines, run_page


class Tables(Protocol):
    """The open tables and their cap (``serve.Tables``)."""

    def full(self) -> web.Response | None: ...

    async def run(self, play: Callable[[], Awaitable[Any]]) -> Any: ...

    async def stop_all(self) -> None: ...


#: Added to the page: a finger dragged over the terminal scrolls what is
#: under it, as a mouse wheel does (elsewhere, and with two fingers, the
#: browser's own gestures are left alone).  The page's terminal turns taps into
#: clicks but drags into nothing, so without this a tablet could not scroll
#: the action list or the log.
TOUCH_SCROLL = """<script>
(() => {
  let lastY = null;
  document.addEventListener("touchstart", (event) => {
    const onTerminal = event.target.closest && event.target.closest(".xterm");
    lastY = onTerminal && event.touches.length === 1 ? event.touches[0].clientY : null;
  }, { passive: true });
  document.addEventListener("touchmove", (event) => {
    const screen = document.querySelector(".xterm-screen");
    if (lastY === null || event.touches.length !== 1 || !screen) return;
    const touch = event.touches[0];
    const moved = lastY - touch.clientY;
    event.preventDefault();
    if (Math.abs(moved) < 16) return;  // about a line of text
    lastY = touch.clientY;
    screen.dispatchEvent(new WheelEvent("wheel", {
      deltaY: moved, deltaMode: 0, clientX: touch.clientX, clientY: touch.clientY,
      bubbles: true, cancelable: true,
    }));
  }, { passive: false });
  document.addEventListener("touchend", () => { lastY = null; }, { passive: true });
})();
</script>
"""


P = TypeVar("P")


def with_touch_scroll(page: P) -> P:
    """The page with :data:`TOUCH_SCROLL` added before its ``</body>``."""
    if isinstance(page, web.Response) and page.text and "</body>" in page.text:
        page.text = page.text.replace("</body>", TOUCH_SCROLL + "</body>", 1)
    return page


class TableServer(Server):
    """textual-serve's server with our guard, tables and seats.

    ``guard``: makes the middleware put in front of every route, given the
    bundled assets' folder; ``refuse``: the page that says why a request is
    refused; ``announce``: prints what to open, once the server listens."""

    def __init__(
        self,
        command: str,
        *,
        host: str,
        port: int,
        folder: Path,
        tables: Tables,
        guard: Callable[[Path], Any],
        refuse: Callable[[int, str, str], web.Response],
        announce: Callable[[], None],
    ) -> None:
        super().__init__(command, host=host, port=port, title="boardgames-tui")
        self.folder = folder
        self.tables = tables
        self.guard = guard(self.statics_path)
        self.refuse = refuse
        self.announce = announce

    async def _make_app(self) -> web.Application:
        # The one private name of textual-serve used here (a test names
        # it): the method that builds its aiohttp application, where the
        # guard goes in front of every route.
        app = await super()._make_app()
        app.middlewares.append(self.guard)
        SeatRoutes(self.folder, self.seat_page, self.seat_table, self.refuse).add_to(app)
        return app

    async def seat_page(self, request: web.Request, websocket_path: str) -> web.StreamResponse:
        """textual-serve's page, its terminal connecting to a seat's table."""
        full = self.tables.full()
        if full is not None:
            return full
        here = f"{request.scheme}://{request.host}"
        scheme = "wss" if request.scheme == "https" else "ws"
        static = str(request.app.router["static"].url_for(filename="/")).rstrip("/")
        context = {
            "font_size": 16,
            "app_websocket_url": f"{scheme}://{request.host}{websocket_path}",
            "config": {"static": {"url": f"{here}{static}/"}},
            "application": {"name": self.title},
        }
        page = aiohttp_jinja2.render_template("app_index.html", request, context)
        return with_touch_scroll(page)

    async def seat_table(self, command: str, request: web.Request) -> web.StreamResponse:
        """A seat's table: its app sitting at the seat, counted among the tables."""
        response: web.StreamResponse = await self.tables.run(
            lambda: run_page(command, request, "a seat's table")
        )
        return response

    def initialize_logging(self) -> None:
        # Warnings and errors, one line each, never a traceback, and
        # never holding the server up when nobody reads them.
        log_in_lines(sys.stderr)

    async def on_startup(self, app: web.Application) -> None:
        self.announce()

    async def handle_websocket(self, request: web.Request) -> Any:
        # One browser tab's table: the request's task runs it until the
        # tab goes away (then its app is ended) or the server stops.
        return await self.tables.run(lambda: run_page(self.command, request, "a table"))

    async def on_shutdown(self, app: web.Application) -> None:
        await self.tables.stop_all()

    async def handle_index(self, request: web.Request) -> Any:
        # A page whose websocket would find every table taken says so now.
        full = self.tables.full()
        if full is not None:
            return full
        # The page tells the browser where its terminal connects.  From the
        # address the browser itself used (checked by the guard), that
        # works from a tablet even when the server listens on 0.0.0.0.
        # Nothing awaits between this and the page being built, so
        # requests cannot mix their addresses.
        self.public_url = f"{request.scheme}://{request.host}"
        return with_touch_scroll(await super().handle_index(request))
