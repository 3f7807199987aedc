"""``serve``'s seat links: a screen per seat in the players' own browsers.

A game served with ``boardgames-tui serve --table SAVE`` gets a link per
person's seat, ``http://HOST:PORT/seat/TOKEN``.  The token is the seat's
secret (``engine/seating.py`` keeps it beside the save): the page of a link
runs ``boardgames-tui sit SAVE --seat NAME`` for that seat alone, which shows
that seat's hand and nobody else's.  A link with no token, or with one that
is no seat's, shows a refusal and nothing of the game.  The links are
printed with a QR code each, for a phone's camera.

Nothing here imports Textual: the app runs in the child processes.
"""

from __future__ import annotations

import contextlib
import ipaddress
import shlex
import socket
import sys
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:
    from aiohttp import web

#: Where a seat's page and its terminal's websocket are.
SEAT_PREFIX = "/seat/"


@dataclass(frozen=True)
class SeatLink:
    game: str  # the save's file name
    seat: str
    url: str


def seat_command(folder: Path, save: Path, seat: str) -> str:
    """The shell command a seat's page runs: this app sitting at ``seat``."""
    return shlex.join(
        [sys.executable, "-m", "boardgames_tui", "--saves", str(folder)]
        + ["sit", str(save), f"--seat={seat}"]
    )


def lan_address() -> str | None:
    """This computer's address on its network (the one its default route
    leaves by), for links a phone can open; None when it has none.  No packet
    is sent: connecting a datagram socket only picks the route."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never reached
            address = str(probe.getsockname()[0])
        except OSError:
            return None
    with contextlib.suppress(ValueError):
        if not ipaddress.ip_address(address).is_loopback and address != "0.0.0.0":
            return address
    return None


def link_base(host: str, port: int, url_host: Callable[[str], str]) -> str:
    """``http://HOST:PORT`` as another device opens it: the served address,
    or, when serving on every address, this computer's network address."""
    try:
        unspecified = ipaddress.ip_address(host.strip("[]")).is_unspecified
    except ValueError:
        unspecified = False
    if unspecified:
        host = lan_address() or socket.gethostname()
    return f"http://{url_host(host)}:{port}"


def seat_links(base: str, saves: list[Path]) -> list[SeatLink]:
    """A link per person's seat of each save (their tokens made if need be).
    Raises SaveError for a save that cannot be read or whose tokens cannot
    be kept."""
    from .engine.savefile import read_save
    from .engine.seating import seat_tokens

    links = []
    for save in saves:
        seats = read_save(save).seats
        for name, token in seat_tokens(save, seats).items():
            links.append(SeatLink(save.name, name, f"{base}{SEAT_PREFIX}{token}"))
    return links


def qr_lines(text: str) -> list[str] | None:
    """A QR code of ``text`` drawn with half blocks, two rows of modules a
    line (dark modules as dark cells, light as light, on a light border, so
    a camera reads it on a dark or a light terminal); None without segno."""
    try:
        import segno
    except ImportError:
        return None
    matrix = [list(row) for row in segno.make(text, error="m").matrix]
    size = len(matrix)
    border = 2
    light = [[0] * (size + 2 * border) for _ in range(border)]
    rows = light + [[0] * border + [1 if m else 0 for m in row] + [0] * border for row in matrix]
    rows += light
    if len(rows) % 2:
        rows.append([0] * (size + 2 * border))
    # Each character is two modules, top and bottom; light is drawn.
    glyphs = {(0, 0): "█", (0, 1): "▀", (1, 0): "▄", (1, 1): " "}
    return [
        "".join(glyphs[(top, bottom)] for top, bottom in zip(rows[y], rows[y + 1], strict=True))
        for y in range(0, len(rows), 2)
    ]


def print_links(links: list[SeatLink], out: TextIO) -> None:
    """The links, each with its QR code, for the host's terminal."""
    if not links:
        return
    print("A screen per seat: give each player their own link (it is their seat's key).", file=out)
    for link in links:
        print(f"  {link.seat} ({link.game}): {link.url}", file=out)
        lines = qr_lines(link.url)
        if lines is not None:
            for line in lines:
                print(f"    {line}", file=out)
    if qr_lines("x") is None:
        print("  (QR codes need the segno package: uv sync --extra serve)", file=out)


class SeatRoutes:
    """The seat pages and their terminals, added to the served application.

    ``page(request, websocket_url)`` renders textual-serve's page for a
    terminal connecting to ``websocket_url``; ``start(command, request)``
    runs ``command`` as a table behind a websocket (counted among the open
    tables); ``refusal(status, title, sentence)`` is the server's refusal."""

    def __init__(
        self,
        folder: Path,
        page: Callable[[web.Request, str], Awaitable[web.StreamResponse]],
        start: Callable[[str, web.Request], Awaitable[web.StreamResponse]],
        refusal: Callable[[int, str, str], web.Response],
    ) -> None:
        self.folder = folder
        self._page = page
        self._start = start
        self._refusal = refusal

    def add_to(self, app: web.Application) -> None:
        app.router.add_get(SEAT_PREFIX + "{token}", self.seat_page)
        app.router.add_get(SEAT_PREFIX + "{token}/ws", self.seat_socket)

    def _seat(self, request: web.Request) -> tuple[Path, str] | None:
        from .engine.seating import find_seat

        token = request.match_info.get("token", "")
        return find_seat(self.folder, token) if token else None

    def _unknown(self) -> web.Response:
        return self._refusal(
            403,
            "Not a seat's link",
            "This link opens no seat: ask the host for your seat's link "
            "(`boardgames-tui serve --table SAVE` prints one for each seat).",
        )

    async def seat_page(self, request: web.Request) -> web.StreamResponse:
        if self._seat(request) is None:
            return self._unknown()
        return await self._page(request, f"{request.path}/ws")

    async def seat_socket(self, request: web.Request) -> web.StreamResponse:
        found = self._seat(request)
        if found is None:
            return self._unknown()
        save, seat = found
        return await self._start(seat_command(self.folder, save, seat), request)
