"""``serve`` keeps its bounds against a hostile page or client (issue 46,
items 6 and 7), with real requests to a real server on 127.0.0.1:

- a malformed websocket message is one log line (no traceback), and the
  table goes on; an unread log never holds the server up;
- one message may carry at most ``MAX_MESSAGE`` bytes: a 3 MB one closes
  its page, and the table's slot is free and its app gone within seconds;
- a page that goes ends its app even when the app is busy with keys;
- Ctrl+C (SIGINT) stops the server within 5 s, its tables' apps with it;
- a client sending its headers a byte at a time is cut off;
- ``/static/`` serves files, not listings of folders.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager, suppress
from pathlib import Path
from typing import Any

import pytest

from boardgames_tui.serve import HEADER_SECONDS
from boardgames_tui.serve_table import MAX_MESSAGE

from .test_serve import ROOT, Served, free_port, get, http, serving
from .test_serve_seats import tyrants_save

#: A keystroke message as the 3 MB one the issue sent.
THREE_MB = json.dumps(["stdin", "a" * (3 * 1024 * 1024)])
#: Down arrows, as many as one message may carry (JSON writes the escape
#: character as six): a table kept busy for a while by each.
DOWN = json.dumps("\x1b[B")[1:-1]
BUSY_KEYS = json.dumps(["stdin", "\x1b[B" * ((MAX_MESSAGE - 100) // len(DOWN))])


def children(pid: int) -> set[int]:
    """The processes whose parent is ``pid`` (Linux's /proc)."""
    found = set()
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid and fields[0] != "Z":
            found.add(int(entry))
    return found


def alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


async def eventually(check: Any, seconds: float, what: str) -> float:
    """Wait until ``check()`` holds (at most ``seconds``); how long it took."""
    start = time.monotonic()
    while not check():
        if time.monotonic() - start > seconds:
            pytest.fail(f"{what} not within {seconds} s")
        await asyncio.sleep(0.1)
    return time.monotonic() - start


@asynccontextmanager
async def page(port: int, path: str = "/ws") -> AsyncIterator[Any]:
    """A page's websocket once its table's app has drawn something."""
    import aiohttp

    async with (
        aiohttp.ClientSession() as client,
        client.ws_connect(
            f"{http(port)}{path}?width=80&height=24",
            headers={"Origin": http(port)},
            max_msg_size=0,
        ) as socket_,
    ):
        message = await socket_.receive(timeout=45)
        assert message.type == aiohttp.WSMsgType.BINARY, message
        yield socket_


async def pong(socket_: Any) -> None:
    """A ping answered: the table still takes messages."""
    import aiohttp

    await socket_.send_str(json.dumps(["ping", "still there"]))
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        message = await socket_.receive(timeout=20)
        if message.type == aiohttp.WSMsgType.TEXT:
            assert json.loads(message.data) == ["pong", "still there"]
            return
        assert message.type == aiohttp.WSMsgType.BINARY, message
    pytest.fail("no pong")


async def slot_free(port: int, seconds: float = 6) -> None:
    """The server's one table is free again (its page answers, not 503)."""
    deadline = time.monotonic() + seconds
    while (await get(port))[0] != 200:
        assert time.monotonic() < deadline, "the table's slot is still taken"
        await asyncio.sleep(0.1)


async def table_app(served: Served) -> int:
    """The one table's app process of ``served``."""
    found: set[int] = set()

    def one() -> bool:
        found.clear()
        found.update(children(served.process.pid))
        return len(found) == 1

    await eventually(one, 20, "one table's app")
    return found.pop()


# ----------------------------------------------------------------- messages
MALFORMED = [
    "not json",
    "[]",
    '{"kind": "stdin"}',
    '["stdin"]',
    '["stdin", 5]',
    '["resize", {"width": "x", "height": 24}]',
    '["resize", {"width": 80}]',
    '["resize", {"width": 100000000, "height": 24}]',
    '["nope", 1]',
    "[" * 50_000,
]


async def test_a_malformed_message_is_one_log_line_and_the_table_goes_on(tmp_path: Path) -> None:
    with serving(tmp_path / "saves", tmp_path / "serve.log") as served:
        async with page(served.port) as socket_:
            for text in MALFORMED:
                await socket_.send_str(text)
            await socket_.send_bytes(b"\x00\x01")
            await pong(socket_)
        await asyncio.sleep(0.5)  # the log's thread writes its lines
        output = served.output
    refused = [line for line in output.splitlines() if "Refused a message" in line]
    assert len(refused) == len(MALFORMED) + 1, output
    assert all(len(line) < 200 for line in refused), refused
    assert "Traceback" not in output and "locals" not in output, output


async def test_an_unread_log_never_holds_the_server_up(tmp_path: Path) -> None:
    """Its output a pipe nobody reads: thousands of refused messages later,
    the server still answers and the table still takes keys."""
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "boardgames_tui", "serve", "--port", str(port)]
        + ["--saves", str(tmp_path / "saves")],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        cwd=ROOT,
        start_new_session=True,
    )
    try:
        from .test_serve import listening

        deadline = time.monotonic() + 45
        while not listening(port):
            assert process.poll() is None and time.monotonic() < deadline
            time.sleep(0.1)
        async with page(port) as socket_:
            line = "x" * 200
            for _ in range(2000):  # far more than a pipe holds
                await socket_.send_str(line)
            await pong(socket_)
        status, _, _ = await asyncio.wait_for(get(port), 10)
        assert status == 200
    finally:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait(10)


# --------------------------------------------------- a table's size and end
@pytest.mark.parametrize("where", ["table", "seat"])
async def test_a_3mb_message_closes_its_page_frees_the_slot_and_ends_the_app(
    tmp_path: Path, where: str
) -> None:
    import aiohttp

    saves = tmp_path / "saves"
    options = ["--max-tables", "1"]
    path = "/ws"
    if where == "seat":
        options += ["--table", str(tyrants_save(saves))]
    with serving(saves, tmp_path / "serve.log", *options) as served:
        if where == "seat":
            link = re.search(r"^  Ana \([^)]*\): \S+(/seat/\S+)$", served.output, re.MULTILINE)
            assert link, served.output
            path = f"{link[1]}/ws"
        async with page(served.port, path) as socket_:
            app = await table_app(served)
            await socket_.send_str(THREE_MB)
            message = await socket_.receive(timeout=20)
            while message.type == aiohttp.WSMsgType.BINARY:
                message = await socket_.receive(timeout=20)
            assert message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED), message
            assert socket_.close_code == aiohttp.WSCloseCode.MESSAGE_TOO_BIG
        await eventually(lambda: not alive(app), 6, "the table's app gone")
        await slot_free(served.port)
        assert f"more than {MAX_MESSAGE // 1024} KB" in served.output, served.output
        assert "Traceback" not in served.output


async def test_a_page_that_goes_ends_its_app_even_while_it_is_busy(tmp_path: Path) -> None:
    """Keys just under the bound, many times over: the app is busy for a
    long while, and ends within seconds of its page closing all the same."""
    with serving(tmp_path / "saves", tmp_path / "serve.log", "--max-tables", "1") as served:
        async with page(served.port) as socket_:
            app = await table_app(served)
            assert len(BUSY_KEYS) < MAX_MESSAGE
            for _ in range(4):  # more than the app's input holds
                await socket_.send_str(BUSY_KEYS)
            assert not socket_.closed, "the page was closed by the server"
        await eventually(lambda: not alive(app), 8, "the busy table's app gone")
        await slot_free(served.port)


def test_sigint_stops_the_server_within_5_s_and_no_app_outlives_it(tmp_path: Path) -> None:
    async def busy_table(served: Served) -> int:
        async with page(served.port) as socket_:
            app = await table_app(served)
            for _ in range(4):
                await socket_.send_str(BUSY_KEYS)
            assert not socket_.closed, "the page was closed by the server"
            # The page stays open: the server stops with the table playing.
            served.process.send_signal(signal.SIGINT)
            start = time.monotonic()
            await asyncio.get_running_loop().run_in_executor(None, served.process.wait, 10)
            assert time.monotonic() - start < 5, "Ctrl+C took more than 5 s"
            return app

    with serving(tmp_path / "saves", tmp_path / "serve.log") as served:
        app = asyncio.run(busy_table(served))
        assert served.process.returncode == 0, served.output
        assert not alive(app), "a table's app outlived the server"
        assert served.output.rstrip().endswith("Stopped."), served.output


# ---------------------------------------------------------------- requests
@contextmanager
def slow_clients(port: int, count: int) -> Iterator[list[socket.socket]]:
    clients = []
    try:
        for _ in range(count):
            client = socket.create_connection(("127.0.0.1", port), timeout=5)
            client.sendall(b"GET / HTTP/1.1\r\n")
            clients.append(client)
        yield clients
    finally:
        for client in clients:
            client.close()


def closed_by_server(client: socket.socket) -> bool:
    client.setblocking(False)
    try:
        return client.recv(1024) == b""
    except BlockingIOError:
        return False
    except OSError:
        return True
    finally:
        client.setblocking(True)


async def test_a_client_sending_headers_a_byte_at_a_time_is_cut_off(tmp_path: Path) -> None:
    with serving(tmp_path / "saves", tmp_path / "serve.log") as served:
        with slow_clients(served.port, 20) as clients:
            start = time.monotonic()
            header = b"Host: 127.0.0.1\r\n"
            sent = 0
            while not all(closed_by_server(c) for c in clients):
                assert time.monotonic() - start < HEADER_SECONDS + 5, "slow clients kept"
                for client in clients:
                    with suppress(OSError):
                        client.sendall(header[sent % len(header) : sent % len(header) + 1])
                sent += 1
                # A page loads meanwhile: slow clients hold nothing up.
                status, _, _ = await get(served.port)
                assert status == 200
                await asyncio.sleep(0.3)
        assert "Traceback" not in served.output


@pytest.mark.parametrize(
    "path", ["/static/", "/static", "/static/js", "/static/js/", "/static/css"]
)
async def test_static_folders_are_not_listed(tmp_path: Path, path: str) -> None:
    with serving(tmp_path / "saves", tmp_path / "serve.log") as served:
        status, text, _ = await get(served.port, path)
        assert status == 404 and "textual.js" not in text, (path, status)
        status, _, _ = await get(served.port, "/static/js/textual.js")
        assert status == 200
