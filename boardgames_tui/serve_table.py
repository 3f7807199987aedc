"""A table in a browser page: the page's terminal and its app's process.

textual-serve's page is a terminal that talks JSON over a websocket: keys
(``["stdin", "…"]``), its size (``["resize", {"width": …, "height": …}]``),
focus and blur, pings.  Behind it runs one app process per page, speaking
Textual's web driver protocol on its stdin and stdout (packets of a kind
letter, a 4-byte length and a payload: ``D`` data, ``M`` JSON meta; the app
first writes a ``__GANGLION__`` line).  This module runs both ends itself,
so that a table keeps its bounds whatever a page sends:

- **What one message may carry**: at most :data:`MAX_MESSAGE` bytes (a
  terminal sends keystrokes and, for a paste, a few kilobytes); a larger
  one closes the page's connection before it reaches the app.
- **A refused message is one log line** (:data:`log`, no traceback): not
  JSON, not one of the page's kinds, a size that is not a size.  The table
  goes on.
- **A table's app ends when its page goes**: it is told to quit, and if it
  has not ended within :data:`QUIT_SECONDS` (busy with a flood of keys),
  it is stopped (SIGTERM, then SIGKILL).  The server stops every table the
  same way when it stops, and on Linux the kernel ends an app whose server
  died any other way (``PR_SET_PDEATHSIG``): no app outlives its server.

Nothing here imports Textual: the app runs in the child process.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import shlex
import signal
import sys
from collections.abc import Awaitable, Callable, Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from aiohttp import web

log = logging.getLogger("boardgames-tui.serve")

#: The most one websocket message from a page may carry.
MAX_MESSAGE = 64 * 1024
#: How long an app told to quit gets before it is stopped, then killed.
QUIT_SECONDS = 1.0
TERM_SECONDS = 0.5
#: How long a page gets to answer the closing of its connection.
CLOSE_SECONDS = 1.0
#: A page's size is a terminal's: within these bounds (cells).
MAX_CELLS = 1000
#: The line the web driver writes before its first packet; and how many
#: lines (a warning printed at start) may come before it.
PRELUDE = b"__GANGLION__\n"
PRELUDE_LINES = 10
#: The web driver's output packets: data for the page, JSON meta, packed data.
DATA, META, PACKED = b"D", b"M", b"P"
#: The end of an app's error output kept, to say why it ended early.
ERROR_TAIL = 2000


def app_environment(width: int, height: int) -> dict[str, str]:
    """The environment an app process runs in: this one, with Textual's web
    driver and the page's size."""
    environment = dict(os.environ)
    environment.update(
        {
            "TEXTUAL_DRIVER": "textual.drivers.web_driver:WebDriver",
            "TEXTUAL_FPS": "60",
            "TEXTUAL_COLOR_SYSTEM": "truecolor",
            "TERM_PROGRAM": "textual",
            "COLUMNS": str(width),
            "ROWS": str(height),
        }
    )
    return environment


def _end_with_parent() -> None:  # pragma: no cover - runs in the child
    """In the app's process, before it starts: end (SIGTERM, which the web
    driver turns into quitting) when the server that started it dies, in
    any way.  Linux only; elsewhere the server's own stop does it."""
    with contextlib.suppress(Exception):
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        pr_set_pdeathsig = 1
        libc.prctl(pr_set_pdeathsig, signal.SIGTERM, 0, 0, 0)


def packet(kind: bytes, payload: bytes) -> bytes:
    """One packet of the web driver's protocol."""
    return kind + len(payload).to_bytes(4, "big") + payload


class TableApp:
    """One table's app process.  ``to_page(data)`` gets what the app draws;
    ``closed()`` is called when the app says it exits."""

    def __init__(
        self,
        command: str,
        to_page: Callable[[bytes], Awaitable[object]],
        closed: Callable[[], Awaitable[object]],
    ) -> None:
        self.argv = shlex.split(command)
        self._to_page = to_page
        self._closed = closed
        self.process: asyncio.subprocess.Process | None = None
        self._pump: asyncio.Task[None] | None = None
        self._errors = bytearray()

    async def start(self, width: int, height: int) -> None:
        self.process = await asyncio.create_subprocess_exec(
            *self.argv,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            env=app_environment(width, height),
            preexec_fn=_end_with_parent if sys.platform == "linux" else None,
        )
        self._pump = asyncio.create_task(self._run())

    @property
    def running(self) -> bool:
        return self.process is not None and self.process.returncode is None

    async def send(self, kind: bytes, payload: bytes) -> None:
        """A packet to the app; nothing when it has ended.  Waits while the
        app is behind (its input is full), which holds the page's next
        message back rather than piling keys up."""
        process = self.process
        if process is None or process.stdin is None or not self.running:
            return
        try:
            process.stdin.write(packet(kind, payload))
            await process.stdin.drain()
        except (ConnectionError, RuntimeError):
            pass

    async def keys(self, text: str) -> None:
        await self.send(DATA, text.encode("utf-8"))

    async def meta(self, data: Mapping[str, object]) -> None:
        await self.send(META, json.dumps(data).encode("utf-8"))

    async def _run(self) -> None:
        """What the app writes, to the page, until its output ends."""
        process = self.process
        assert process is not None and process.stdout is not None
        errors = asyncio.create_task(self._read_errors())
        stdout = process.stdout
        try:
            for _ in range(PRELUDE_LINES):
                line = await stdout.readline()
                if not line or line == PRELUDE:
                    break
            while True:
                kind = await stdout.readexactly(1)
                size = int.from_bytes(await stdout.readexactly(4), "big")
                payload = await stdout.readexactly(size)
                if kind == DATA:
                    await self._to_page(payload)
                elif kind == META and _meta_type(payload) == "exit":
                    await self._closed()
        except (asyncio.IncompleteReadError, ConnectionError):
            pass
        except Exception as exc:  # a page that went mid-write, a garbled packet
            log.warning("A table's output stopped: %s.", _one_line(exc))
        finally:
            errors.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await errors

    async def _read_errors(self) -> None:
        process = self.process
        assert process is not None and process.stderr is not None
        while chunk := await process.stderr.read(4096):
            self._errors += chunk
            del self._errors[:-ERROR_TAIL]

    async def stop(self) -> None:
        """End the app: told to quit, then stopped if it has not ended
        within :data:`QUIT_SECONDS`, then killed.  Returns once it has ended."""
        process = self.process
        if process is None:
            return
        if process.returncode is None:
            # Not waiting for room in its input: a busy app may never read.
            with contextlib.suppress(ConnectionError, RuntimeError, AttributeError):
                assert process.stdin is not None
                process.stdin.write(packet(META, b'{"type": "quit"}'))
            for ending, patience in (
                (None, QUIT_SECONDS),
                (process.terminate, TERM_SECONDS),
                (process.kill, None),
            ):
                if ending is not None:
                    with contextlib.suppress(ProcessLookupError):
                        ending()
                try:
                    await asyncio.wait_for(process.wait(), patience)
                    break
                except TimeoutError:
                    continue
            if ending is not None:
                log.warning(
                    "A table's app did not quit within %.1f s of its page closing; it was stopped.",
                    QUIT_SECONDS,
                )
        if self._pump is not None:
            await self._pump
        if process.returncode not in (0, -signal.SIGTERM, -signal.SIGKILL) and self._errors:
            last = bytes(self._errors).decode("utf-8", "replace").strip().splitlines()
            log.warning("A table's app ended with status %s: %s", process.returncode, last[-1])


def _one_line(exc: BaseException) -> str:
    text = " ".join(str(exc).split())[:200]
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


def _meta_type(payload: bytes) -> object:
    try:
        data = json.loads(payload)
    except ValueError:
        return None
    return data.get("type") if isinstance(data, dict) else None


def _cells(value: object) -> int | None:
    """A terminal's width or height as a page sends it, or None."""
    if type(value) is int and 1 <= value <= MAX_CELLS:
        return value
    return None


def refusal(text: str) -> str | None:
    """Why a page's text message is not one a terminal sends, or None."""
    try:
        envelope = json.loads(text)
    except ValueError:
        return "not JSON"
    except RecursionError:
        return "nested too deeply"
    if not isinstance(envelope, list) or not envelope or not isinstance(envelope[0], str):
        return "not a [kind, data] message"
    kind, data = envelope[0], envelope[1] if len(envelope) > 1 else None
    if kind == "stdin":
        return None if isinstance(data, str) else "keys that are not text"
    if kind == "resize":
        if isinstance(data, dict) and _cells(data.get("width")) and _cells(data.get("height")):
            return None
        return "a size that is not a terminal's"
    if kind in ("ping", "focus", "blur"):
        return None
    return f"an unknown kind {kind[:20]!r}"


async def run_page(command: str, request: web.Request, who: str) -> web.WebSocketResponse:
    """A page's terminal running ``command`` until the page goes (then its
    app is ended) or the server stops.  ``who`` names the table in the log
    ("the table at /seat/…" never holds a token: "a seat's table")."""
    from aiohttp import WSMsgType, web

    def number(name: str, default: int) -> int:
        try:
            return _cells(int(request.query.get(name, default))) or default
        except ValueError:
            return default

    # A page that does not answer a closing handshake is not waited for long.
    websocket = web.WebSocketResponse(heartbeat=15, max_msg_size=MAX_MESSAGE, timeout=CLOSE_SECONDS)
    await websocket.prepare(request)

    async def closed() -> None:
        await websocket.close()

    app = TableApp(command, websocket.send_bytes, closed)
    try:
        await app.start(number("width", 80), number("height", 24))
        async for message in websocket:
            if message.type == WSMsgType.ERROR:
                log.warning(
                    "Closed %s: its page sent a message of more than %d KB.",
                    who,
                    MAX_MESSAGE // 1024,
                )
                break
            if message.type != WSMsgType.TEXT:
                log.warning("Refused a message to %s: not text.", who)
                continue
            why = refusal(message.data)
            if why is not None:
                log.warning("Refused a message to %s: %s.", who, why)
                continue
            await _deliver(app, websocket, json.loads(message.data))
    except asyncio.CancelledError:
        pass  # the server is stopping: the app first, then the page
    finally:
        await app.stop()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(websocket.close(), CLOSE_SECONDS)
    return websocket


async def _deliver(app: TableApp, websocket: web.WebSocketResponse, envelope: list[Any]) -> None:
    """One message a page sent (checked by :func:`refusal`), to the app."""
    kind, data = envelope[0], envelope[1] if len(envelope) > 1 else None
    if kind == "stdin" and isinstance(data, str):
        await app.keys(data)
    elif kind == "resize" and isinstance(data, dict):
        await app.meta({"type": "resize", "width": data["width"], "height": data["height"]})
    elif kind == "ping":
        await websocket.send_json(["pong", data])
    elif kind in ("focus", "blur"):
        await app.meta({"type": kind})


# ------------------------------------------------------------------ the log
#: Lines waiting to be written; past this many, lines are dropped (and
#: counted) rather than holding the server up.
LOG_QUEUE = 1000


class LineLog(logging.Handler):
    """The server's log: one line per record (an exception as its type and
    message, never a traceback), written by a thread of its own, so that a
    reader that does not read (an unread pipe) never holds the server up:
    lines it cannot take wait in a bounded queue, then are dropped and
    counted."""

    def __init__(self, stream: Any) -> None:
        super().__init__(logging.INFO)
        import queue
        import threading

        self.stream = stream
        self.lines: queue.Queue[str] = queue.Queue(LOG_QUEUE)
        self.dropped = 0
        threading.Thread(target=self._write, name="serve-log", daemon=True).start()

    def format(self, record: logging.LogRecord) -> str:
        line = " ".join(record.getMessage().split())
        if record.exc_info and record.exc_info[1] is not None:
            line += f" ({_one_line(record.exc_info[1])})"
        return line

    def emit(self, record: logging.LogRecord) -> None:
        import queue

        try:
            self.lines.put_nowait(self.format(record))
        except queue.Full:
            self.dropped += 1
        except Exception:  # a record that cannot be formatted: never the server's end
            self.dropped += 1

    def _write(self) -> None:
        while True:
            line = self.lines.get()
            dropped, self.dropped = self.dropped, 0
            if dropped:
                line = f"({dropped} log lines dropped: nobody read them)\n{line}"
            with contextlib.suppress(Exception):
                self.stream.write(line + "\n")
                self.stream.flush()


def log_in_lines(stream: Any) -> None:
    """The server's log (its own, aiohttp's, textual-serve's): warnings and
    errors, each one line on ``stream`` (:class:`LineLog`)."""
    root = logging.getLogger()
    for handler in list(root.handlers):
        root.removeHandler(handler)
    root.addHandler(LineLog(stream))
    root.setLevel(logging.WARNING)
