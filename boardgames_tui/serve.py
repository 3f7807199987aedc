"""``boardgames-tui serve``: the app in a web page, for a tablet passed around
the table.

``textual-serve`` (an optional extra) runs a web server whose page is a
terminal; every browser tab that opens it gets its own app process, started
with the same command, so every tab plays on the same saves folder as the
terminal does.  This module decides that command, checks the address before
serving on it, and says what to open; ``serve_web.py`` holds the server
itself (textual-serve's, with the guard and the tables made here).

It also decides who may open a table.  A table can read every save (and so the
hand of the seat to move), play and delete saves, so by default only this
computer may: every request must name the served address in its ``Host``
(which stops DNS rebinding) and, when a browser says which page sent it, come
from that address's own page (``Origin``: another web site open in the same
browser gets nothing).  Served to other devices, every request must also carry
a secret token, given in the printed link and then kept in a cookie.  And at
most ``--max-tables`` tables (app processes) are open at once.

Nothing here imports Textual: the app runs in the child processes.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import hmac
import html
import ipaddress
import os
import re
import secrets
import shlex
import socket
import sys
from collections.abc import Awaitable, Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

if TYPE_CHECKING:
    from aiohttp import web

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
#: How long the open tables get to end when the server stops (each is told
#: to quit, then stopped: ``serve_table.TableApp.stop``); Ctrl+C stops the
#: server within about this.
SHUTDOWN_SECONDS = 4
#: A connection must send a request's headers within this many seconds of
#: opening (or of its last request): a client sending them a byte at a time
#: cannot hold a connection.
HEADER_SECONDS = 10
#: How many tables (browser tabs, each an app process) may be open at once.
DEFAULT_MAX_TABLES = 8
#: Where a token may come from when ``--token`` is not given.
TOKEN_ENV = "BOARDGAMES_TUI_TOKEN"
#: A token given by hand: letters, digits, ``-`` and ``_`` (it goes in a URL
#: as it is), and long enough not to be guessed over a network.
MIN_TOKEN_LENGTH = 12
_TOKEN_CHARACTERS = re.compile(r"[A-Za-z0-9_-]+")
#: A ``Host`` header: a name or an IPv4 address, or an IPv6 address in
#: brackets, then an optional port.
_HOST_HEADER = re.compile(
    r"(?:\[(?P<ipv6>[0-9A-Fa-f:.]+)\]|(?P<name>[A-Za-z0-9._-]+))(?::(?P<port>[0-9]{1,5}))?"
)
#: Sent with every answer: no page may show ours in a frame (where another
#: site could trick clicks into it), and no link on it tells another site
#: the address it came from (which may hold the token).
GUARD_HEADERS = {
    "X-Frame-Options": "DENY",
    "Content-Security-Policy": "frame-ancestors 'none'",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}

INSTALL_HINT = (
    "serving to a browser needs the textual-serve package: "
    "pip install 'boardgames-tui[serve]' (in a checkout: uv sync --extra serve)"
)


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


def new_token() -> str:
    """A fresh secret for the link to a server that other devices can reach."""
    return secrets.token_urlsafe(24)


def check_token(token: str, source: str) -> None:
    """Refuse a token given by hand that would not do in a link or could be
    guessed; ``source`` names where it came from.  Raises ServeError."""
    if len(token) < MIN_TOKEN_LENGTH or not _TOKEN_CHARACTERS.fullmatch(token):
        raise ServeError(
            f"{source} must be at least {MIN_TOKEN_LENGTH} characters, "
            "each a letter, a digit, '-' or '_'."
        )


def choose_token(host: str, given: str | None, environ: Mapping[str, str]) -> str | None:
    """The token every request must carry, or None when none is needed:
    ``--token`` when given, else ``$BOARDGAMES_TUI_TOKEN`` when set, else a new
    one when other devices can reach ``host``.  Raises ServeError."""
    if given is not None:
        check_token(given, "--token")
        return given
    from_env = environ.get(TOKEN_ENV, "")
    if from_env:
        check_token(from_env, f"${TOKEN_ENV}")
        return from_env
    return None if is_loopback(host) else new_token()


def split_host(header: str) -> tuple[str, int] | None:
    """A ``Host`` header (or an origin's ``host[:port]``) as its lowercase name
    or address and its port (80 when none is given); None when it is not one."""
    match = _HOST_HEADER.fullmatch(header)
    if match is None:
        return None
    name = match["ipv6"] or match["name"].lower()
    if name.endswith(".") and not match["ipv6"]:
        name = name[:-1]  # "localhost." is "localhost"
    port = int(match["port"]) if match["port"] else 80
    return (name, port) if name and port <= 65535 else None


def _ip_address(name: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        return ipaddress.ip_address(name)
    except ValueError:
        return None


class Gate:
    """Who may use a server on ``host:port``: which ``Host`` and ``Origin``
    headers name it, and the token when one is needed.

    Served on loopback, the names that mean it are the served name, ``localhost``
    and the loopback addresses.  Served to other devices, they are also this
    computer's name (and ``NAME.local``) and any IP address (an address, unlike a
    name, cannot be pointed at this server by another site's DNS); there the
    token is what keeps strangers out."""

    def __init__(self, host: str, port: int, token: str | None) -> None:
        self.port = port
        self.token = token
        self.loopback = is_loopback(host)
        served = host.strip("[]").lower().rstrip(".")
        self.names = {served, "localhost"}
        if not self.loopback:
            machine = socket.gethostname().lower().rstrip(".")
            for name in (machine, machine.split(".")[0]):
                if name:
                    self.names |= {name, f"{name}.local"}

    @property
    def cookie(self) -> str:
        """The cookie that keeps the token once a tokened link was opened
        (cookies are kept by name, not by port: the port tells servers apart)."""
        return f"boardgames-tui-token-{self.port}"

    def host_allowed(self, header: str | None) -> bool:
        """Whether a request's ``Host`` names this server."""
        parts = split_host(header or "")
        if parts is None or parts[1] != self.port:
            return False
        name = parts[0]
        if name in self.names:
            return True
        address = _ip_address(name)
        if address is None:
            return False
        return address.is_loopback or not self.loopback

    def origin_allowed(self, origin: str, host: str) -> bool:
        """Whether a request that a page at ``origin`` sent to ``host`` (its
        ``Host``, already allowed) comes from this server's own page."""
        # An origin is "scheme://host[:port]"; this server's pages are plain http.
        scheme, separator, rest = origin.partition("://")
        if scheme.lower() != "http" or not separator:
            return False
        parts = split_host(rest)
        return parts is not None and parts == split_host(host)

    def token_matches(self, given: str | None) -> bool:
        """Whether ``given`` is the token (always, when none is needed)."""
        if self.token is None:
            return True
        if given is None:
            return False
        return hmac.compare_digest(given.encode("utf-8"), self.token.encode("utf-8"))


def refusal_page(status: int, title: str, sentence: str) -> web.Response:
    """A short page that says why a request was refused."""
    from aiohttp import web

    text = (
        "<!DOCTYPE html>\n<html><head><meta charset='utf-8'>"
        "<meta name='viewport' content='width=device-width'>"
        f"<title>boardgames-tui: {html.escape(title)}</title></head>\n"
        "<body style='font-family: sans-serif; max-width: 36em; margin: 2em auto'>"
        f"<h1>{html.escape(title)}</h1>\n<p>{html.escape(sentence)}</p></body></html>\n"
    )
    return web.Response(status=status, text=text, content_type="text/html", headers=GUARD_HEADERS)


def run_server(server: Any, debug: bool = False) -> None:
    """Run textual-serve's ``server`` until SIGINT or SIGTERM, as its own
    ``serve`` does, with a time limit on a request's headers (the idle
    connection's limit, which aiohttp also applies while a request's
    headers are incomplete: :data:`HEADER_SECONDS`) and a short shutdown."""
    import signal

    from aiohttp import web

    server.debug = debug
    server.initialize_logging()
    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    with contextlib.suppress(NotImplementedError):
        for stop in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(stop, server.request_exit)
    web.run_app(
        server._make_app(),
        host=server.host,
        port=server.port,
        handle_signals=False,
        loop=loop,
        print=None,
        keepalive_timeout=HEADER_SECONDS,
        shutdown_timeout=1.0,
    )


def _folder_asked(statics: Path, filename: str) -> bool:
    """Whether a request under /static/ names a folder of the bundled
    assets (whose listing is not served) rather than a file."""
    if not filename or filename.endswith("/"):
        return True
    with contextlib.suppress(OSError, ValueError):
        return (statics / filename).is_dir()
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


# ------------------------------------------------------------ the tables
class Tables:
    """The open tables (each a request's task running one app), at most
    ``cap`` at once."""

    def __init__(self, cap: int) -> None:
        self.cap = cap
        self.running: set[asyncio.Task[Any]] = set()

    def full(self) -> web.Response | None:
        """The refusal when every table is taken, else None."""
        if len(self.running) < self.cap:
            return None
        one = self.cap == 1
        return refusal_page(
            503,
            "Every table is taken",
            f"This server allows {self.cap} {'table' if one else 'tables'} "
            f"at once, and {'it is' if one else 'all are'} open. Close a tab "
            "that is playing here, then reload this page (the server's --max-tables "
            "option sets how many tables can be open at once).",
        )

    async def run(self, play: Callable[[], Awaitable[Any]]) -> Any:
        """Run ``play`` as one of the tables, counted while it runs; the
        refusal instead when every table is taken.  Counting and taking a
        table happen with no await between them."""
        full = self.full()
        if full is not None:
            return full
        task = asyncio.current_task()
        assert task is not None
        self.running.add(task)
        try:
            return await play()
        finally:
            self.running.discard(task)

    async def stop_all(self) -> None:
        """Stop every table's task: that ends its app (told to quit: its game
        was saved at its last move; stopped if it does not) and waits until
        the app's process has ended, so no process outlives the server."""
        running = [task for task in self.running if not task.done()]
        for task in running:
            task.cancel()
        if running:
            await asyncio.wait(running, timeout=SHUTDOWN_SECONDS)


# ------------------------------------------------------------- the guard
def guard_for(gate: Gate, address: str, token: str | None, statics: Path) -> Any:
    """The middleware that sees every request before textual-serve does:
    the right ``Host``, no other site's page, and the token when one is
    needed (``address``: the one to open, for the refusals' words;
    ``statics``: the bundled assets' folder, whose listings are refused)."""
    from aiohttp import web

    from .serve_seats import SEAT_PREFIX

    @web.middleware
    async def guard(request: web.Request, handler: Any) -> web.StreamResponse:
        if not gate.host_allowed(request.headers.get("Host")):
            return refusal_page(
                403,
                "Not this server's address",
                f"This server answers only at its own address: open {address} instead.",
            )
        origin = request.headers.get("Origin")
        if origin is not None and not gate.origin_allowed(origin, request.headers["Host"]):
            return refusal_page(
                403,
                "Refused",
                "Only this server's own page may open a table here, "
                f"not a page from {origin}: open {address} instead.",
            )
        given = request.query.get("token")
        from_link = given is not None
        if not from_link:
            given = request.cookies.get(gate.cookie)
        static = isinstance(request.match_info.route.resource, web.StaticResource)
        if static and _folder_asked(statics, request.match_info.get("filename", "")):
            # Files, not listings of the bundled assets' folders.
            return refusal_page(404, "Not found", "There is no page at this address.")
        # A seat's page and terminal carry their own key (the seat's token,
        # checked by their handlers), and open nothing but that seat.
        seat = request.path.startswith(SEAT_PREFIX)
        if not static and not seat and not gate.token_matches(given):
            # The page's scripts and styles are textual-serve's own files,
            # the same for everyone; everything else needs the token.
            return refusal_page(
                403,
                "This table needs its link",
                "Open the link that `boardgames-tui serve` printed where it was "
                f"started: it ends in ?token= and a secret ({address}?token=...).",
            )
        response: web.StreamResponse = await handler(request)
        if not response.prepared:  # a websocket's answer has gone already
            response.headers.update(GUARD_HEADERS)
            if from_link and token is not None:
                # The page's websocket carries no token of its own: the cookie does.
                response.set_cookie(gate.cookie, token, httponly=True, samesite="Lax", path="/")
        return response

    return guard


# ------------------------------------------------------------- serving
def checked_folder(saves_dir: Path | None) -> Path:
    """The saves folder to serve, resolved and checked writable; raises
    ServeError."""
    from .engine.paths import default_saves_dir
    from .engine.savefile import SaveError
    from .engine.saves import check_saves_dir

    folder = (saves_dir or default_saves_dir()).expanduser().resolve()
    try:
        check_saves_dir(folder)
    except SaveError as exc:
        raise ServeError(str(exc)) from None
    return folder


def addresses(host: str, port: int, token: str | None) -> tuple[str, str]:
    """The address to open (for the refusals' words) and the words that say
    where the server listens, with the token's link."""
    link = "" if token is None else f"?token={token}"
    address = f"http://{url_host(host)}:{port}/"
    if _is_unspecified(host):  # every address: the one to open is this computer's own
        address = f"http://{url_host(socket.gethostname())}:{port}/"
        return address, (
            f"on every address of this computer, port {port}: "
            f"open {address}{link} (or its IP address)"
        )
    return address, f"at {address}{link}"


def announce(
    out: TextIO, host: str, listening: str, max_tables: int, folder: Path, links: Sequence[Any]
) -> None:
    """What the server prints once it listens: what to open, the seats'
    links, and a warning when other computers can reach it."""
    from .serve_seats import print_links

    print(f"Serving boardgames-tui {listening}", file=out)
    print(f"Open it in a browser; each tab is a table of its own (at most {max_tables}).", file=out)
    print(f"Saves: {folder}", file=out)
    print_links(list(links), out)
    if not is_loopback(host):
        print(
            "Warning: anyone with the link (its token included) who can reach "
            f"this computer can play, and read the saves in {folder}.",
            file=sys.stderr,
            flush=True,
        )
    print("Press Ctrl+C to stop.", file=out, flush=True)


def serve(
    host: str = DEFAULT_HOST,
    port: int = DEFAULT_PORT,
    saves_dir: Path | None = None,
    *,
    token: str | None = None,
    max_tables: int = DEFAULT_MAX_TABLES,
    out: TextIO | None = None,
    environ: Mapping[str, str] | None = None,
    table_saves: Sequence[Path] = (),
) -> None:
    """Serve the app at ``http://host:port/`` until Ctrl+C (or SIGTERM).

    ``table_saves``: saves to seat a player at each screen of: a link per person's
    seat, with the seat's own secret, is printed (``serve_seats.py``).

    ``token`` is the secret every request must carry (see ``choose_token``:
    without one, ``$BOARDGAMES_TUI_TOKEN``, or a new one when ``host`` is not
    loopback); at most ``max_tables`` tables are open at once.

    Raises ServeError when it cannot start (textual-serve missing, the port in
    use, the saves folder not writable, a bad token or table cap), before
    anything is served."""
    out = out or sys.stdout
    if max_tables < 1:
        raise ServeError(f"--max-tables must be at least 1, not {max_tables}.")
    token = choose_token(host, token, os.environ if environ is None else environ)
    try:
        import textual_serve.server  # noqa: F401  (the optional extra, asked for each time)
    except ImportError:
        raise ServeError(INSTALL_HINT, status=1) from None
    from .serve_web import TableServer  # textual-serve's server, beneath ours

    folder = checked_folder(saves_dir)
    check_address(host, port)
    from .engine.savefile import SaveError
    from .serve_seats import link_base, seat_links

    try:
        links = seat_links(
            link_base(host, port, url_host), [Path(t).resolve() for t in table_saves]
        )
    except SaveError as exc:
        raise ServeError(str(exc)) from None
    address, listening = addresses(host, port, token)
    server = TableServer(
        app_command(folder),
        host=host,
        port=port,
        folder=folder,
        tables=Tables(max_tables),
        guard=lambda statics: guard_for(Gate(host, port, token), address, token, statics),
        refuse=refusal_page,
        announce=lambda: announce(out, host, listening, max_tables, folder, links),
    )
    try:
        run_server(server)
    except OSError as exc:  # the port was taken between the check and now
        raise ServeError(bind_error(host, port, exc)) from None
    print("Stopped.", file=out, flush=True)
