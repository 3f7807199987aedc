"""``boardgames-tui serve``: the app in a web page, for a tablet passed around
the table.

``textual-serve`` (an optional extra) runs a web server whose page is a
terminal; every browser tab that opens it gets its own app process, started
with the same command, so every tab plays on the same saves folder as the
terminal does.  This module decides that command, checks the address before
serving on it, and says what to open.

Nothing here imports Textual: the app runs in the child processes.
"""

from __future__ import annotations

import asyncio
import errno
import ipaddress
import shlex
import socket
import sys
from pathlib import Path
from typing import Any, TextIO

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
#: How long the open tables get to quit when the server stops.
SHUTDOWN_SECONDS = 10

INSTALL_HINT = (
    "serving to a browser needs the textual-serve package: "
    "pip install 'boardgames-tui[serve]' (in a checkout: uv sync --extra serve)"
)


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


class ServeError(Exception):
    """The server cannot start; the message is one sentence for the person.
    ``status`` is the exit status: 2 for an address or folder that will not
    do, 1 for the missing package."""

    def __init__(self, message: str, status: int = 2) -> None:
        super().__init__(message)
        self.status = status


def app_command(saves_dir: Path) -> str:
    """The shell command each browser tab runs: this installed app, by the
    Python running the server, on ``saves_dir`` (made absolute, so the folder
    is the same whatever directory the child starts in)."""
    return shlex.join([sys.executable, "-m", "boardgames_tui", "--saves", str(saves_dir)])


def is_loopback(host: str) -> bool:
    """True when ``host`` names only this machine's loopback addresses."""
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        pass
    try:
        infos = socket.getaddrinfo(host, None, proto=socket.IPPROTO_TCP)
    except (OSError, UnicodeError):
        return False
    return bool(infos) and all(
        ipaddress.ip_address(str(info[4][0]).split("%")[0]).is_loopback for info in infos
    )


def url_host(host: str) -> str:
    """``host`` as written in a URL (an IPv6 address goes in brackets)."""
    try:
        if ipaddress.ip_address(host).version == 6:
            return f"[{host}]"
    except ValueError:
        pass
    return host


def _is_unspecified(host: str) -> bool:
    try:
        return ipaddress.ip_address(host.strip("[]")).is_unspecified
    except ValueError:
        return False


def check_address(host: str, port: int) -> None:
    """Bind ``host:port`` for a moment, as the server will, so that a port in
    use or an unknown host is one clear sentence before anything starts.
    Raises ServeError."""
    if not 1 <= port <= 65535:
        raise ServeError(f"--port must be between 1 and 65535, not {port}.")
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (OSError, UnicodeError):
        raise ServeError(f"{host!r} is not an address of this computer.") from None
    for family, kind, proto, _, address in infos:
        with socket.socket(family, kind, proto) as probe:
            # As the server's own socket does, so a port just freed counts as free.
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            try:
                probe.bind(address)
            except OSError as exc:
                raise ServeError(bind_error(host, port, exc)) from None


def bind_error(host: str, port: int, exc: OSError) -> str:
    """One sentence for a failed bind."""
    if exc.errno == errno.EADDRINUSE:
        return (
            f"Port {port} on {host} is already in use (is another server running?); "
            "choose another with --port."
        )
    if exc.errno == errno.EACCES:
        return f"Port {port} needs special permission; choose one above 1023 with --port."
    if exc.errno == errno.EADDRNOTAVAIL:
        return f"{host!r} is not an address of this computer."
    return f"Cannot serve on {host}:{port}: {exc.strerror or exc}."


def serve(
    host: str = DEFAULT_HOST,
    port: int = DEFAULT_PORT,
    saves_dir: Path | None = None,
    *,
    out: TextIO | None = None,
) -> None:
    """Serve the app at ``http://host:port/`` until Ctrl+C (or SIGTERM).

    Raises ServeError when it cannot start (textual-serve missing, the port in
    use, the saves folder not writable), before anything is served."""
    out = out or sys.stdout
    try:
        from aiohttp import web
        from textual_serve.server import Server
    except ImportError:
        raise ServeError(INSTALL_HINT, status=1) from None

    from .engine.paths import default_saves_dir
    from .engine.saves import SaveError, check_saves_dir

    folder = (saves_dir or default_saves_dir()).expanduser().resolve()
    try:
        check_saves_dir(folder)
    except SaveError as exc:
        raise ServeError(str(exc)) from None
    check_address(host, port)

    address = f"http://{url_host(host)}:{port}/"
    if _is_unspecified(host):  # every address: the one to open is this computer's own
        address = f"http://{url_host(socket.gethostname())}:{port}/"
        listening = (
            f"on every address of this computer, port {port}: open {address} (or its IP address)"
        )
    else:
        listening = f"at {address}"

    class TableServer(Server):
        """textual-serve's server, saying what to open instead of its banner,
        and building the page's links from the address the browser used."""

        def initialize_logging(self) -> None:
            # Its warnings and errors, without a line for every request.
            super().initialize_logging()
            import logging

            logging.getLogger().setLevel(logging.WARNING)

        async def on_startup(self, app: web.Application) -> None:
            print(f"Serving boardgames-tui {listening}", file=out)
            print("Open it in a browser; each tab is a table of its own.", file=out)
            print(f"Saves: {folder}", file=out)
            if not is_loopback(host):
                print(
                    f"Warning: anyone who can reach {address} can play, and read the saves in {folder}.",
                    file=sys.stderr,
                    flush=True,
                )
            print("Press Ctrl+C to stop.", file=out, flush=True)

        async def handle_websocket(self, request: web.Request) -> Any:
            # One browser tab's table: the request's task runs it until the
            # tab goes away (then its app is told to quit) or the server stops.
            task = asyncio.current_task()
            assert task is not None
            tables.add(task)
            try:
                return await super().handle_websocket(request)
            finally:
                tables.discard(task)

        async def on_shutdown(self, app: web.Application) -> None:
            # Stopping a table's task tells its app to quit (its game was saved
            # at its last move) and waits until the app's process has ended:
            # no process outlives the server.
            running = [task for task in tables if not task.done()]
            for task in running:
                task.cancel()
            if running:
                await asyncio.wait(running, timeout=SHUTDOWN_SECONDS)

        async def handle_index(self, request: web.Request) -> Any:
            # The page tells the browser where its terminal connects.  From the
            # address the browser itself used, that works from a tablet even
            # when the server listens on 0.0.0.0.  Nothing awaits between this
            # and the page being built, so requests cannot mix their addresses.
            self.public_url = f"{request.scheme}://{request.host}"
            page = await super().handle_index(request)
            if isinstance(page, web.Response) and page.text and "</body>" in page.text:
                page.text = page.text.replace("</body>", TOUCH_SCROLL + "</body>", 1)
            return page

    tables: set[asyncio.Task[Any]] = set()
    server = TableServer(app_command(folder), host=host, port=port, title="boardgames-tui")
    try:
        server.serve()
    except OSError as exc:  # the port was taken between the check and now
        raise ServeError(bind_error(host, port, exc)) from None
    print("Stopped.", file=out, flush=True)
