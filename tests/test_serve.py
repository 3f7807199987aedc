"""``boardgames-tui serve``: the app in a web page.

The main test plays in a real headless Chromium (Debian's ``chromium``, driven
by Playwright through ``executable_path``): it starts ``serve`` on a free
loopback port, starts a two-player Underwing game with key presses in the page,
moves with keys and with a click, reads the players' names and the round off
the page, scrolls the action list with a finger, stops the server as Ctrl+C
does and loads the game's save; a second one opens a table from the link
with a token.  They are skipped, saying why, only when no Chromium can be
found; ``.ci/run`` installs it.  Then real requests to a real server on
127.0.0.1 (aiohttp's client): another site's page, another host name, a
missing or wrong token and one table too many are refused, this computer's own
page is not.  The others check the command's refusals and what it prints
without serving.
"""

from __future__ import annotations

import asyncio
import inspect
import json
import os
import re
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from pathlib import Path
from typing import Any

import pytest

from boardgames_tui.cli import main
from boardgames_tui.engine.session import Session
from boardgames_tui.serve import TOKEN_ENV, Gate, app_command, choose_token, is_loopback

ROOT = Path(__file__).resolve().parent.parent

#: Where to look for Chromium: $BOARDGAMES_TUI_CHROMIUM, then these commands.
CHROMIUM_COMMANDS = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
#: Set to a file name to keep the browser's screenshot (the README's picture).
SCREENSHOT_ENV = "BOARDGAMES_TUI_SERVE_SCREENSHOT"

#: textual-serve's page keeps its xterm.js terminal to itself.  This catches
#: the terminal as the page stores it (``this.terminal = new Terminal(...)``)
#: so that the test can read the screen's text, which is drawn on a canvas.
CATCH_TERMINAL = """
window.__terminals = [];
Object.defineProperty(Object.prototype, "terminal", {
  configurable: true,
  set(value) {
    Object.defineProperty(this, "terminal", {
      value, writable: true, configurable: true, enumerable: true,
    });
    if (value && value.buffer && value.buffer.active) window.__terminals.push(value);
  },
});
"""
SCREEN_TEXT = """() => {
  const term = window.__terminals[0];
  if (!term) return "";
  const lines = [];
  for (let y = 0; y < term.rows; y++) {
    const line = term.buffer.active.getLine(y);
    lines.push(line ? line.translateToString(true) : "");
  }
  return lines.join("\\n");
}"""
#: Where cell (0, 0) is on the page, and a cell's size in CSS pixels.
CELL_GEOMETRY = """() => {
  const term = window.__terminals[0];
  const box = term.element.querySelector(".xterm-screen").getBoundingClientRect();
  return [box.left, box.top, box.width / term.cols, box.height / term.rows, term.cols, term.rows];
}"""


def find_chromium() -> str | None:
    given = os.environ.get("BOARDGAMES_TUI_CHROMIUM")
    if given:
        return given if Path(given).is_file() else None
    for command in CHROMIUM_COMMANDS:
        found = shutil.which(command)
        if found:
            return found
    return None


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def listening(port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.settimeout(0.5)
        return probe.connect_ex(("127.0.0.1", port)) == 0


def group_alive(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


class Served:
    """A ``serve`` process in a process group of its own, so that it and every
    table it started can be ended even when the test fails."""

    def __init__(self, saves: Path, log: Path, *options: str) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        self.log = log
        self._log_file = log.open("w")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "boardgames_tui", "serve"]
            + ["--port", str(self.port), "--saves", str(saves), *options],
            stdin=subprocess.DEVNULL,
            stdout=self._log_file,
            stderr=subprocess.STDOUT,
            cwd=ROOT,
            start_new_session=True,
        )

    @property
    def output(self) -> str:
        return self.log.read_text()

    def wait_listening(self, timeout: float = 45) -> None:
        deadline = time.monotonic() + timeout
        while not listening(self.port):
            if self.process.poll() is not None:
                pytest.fail(f"serve ended with status {self.process.returncode}:\n{self.output}")
            if time.monotonic() > deadline:
                pytest.fail(f"serve did not listen within {timeout} s:\n{self.output}")
            time.sleep(0.1)

    def interrupt(self, timeout: float = 20) -> int:
        """Ctrl+C, as a person stops it; the exit status."""
        self.process.send_signal(signal.SIGINT)
        return self.process.wait(timeout)

    def kill(self) -> None:
        """Whatever is left of the server and its tables."""
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait(10)
        if group_alive(self.process.pid):
            os.killpg(self.process.pid, signal.SIGKILL)
        self._log_file.close()


@contextmanager
def serving(saves: Path, log: Path, *options: str) -> Iterator[Served]:
    served = Served(saves, log, *options)
    try:
        served.wait_listening()
        yield served
    finally:
        served.kill()


def saved_games(saves: Path) -> list[Path]:
    return sorted(p for p in saves.glob("*.json") if p.is_file())


def saved_actions(saves: Path) -> int:
    """How many actions the one game in ``saves`` has saved (0 before its
    first save)."""
    games = saved_games(saves)
    if not games:
        return 0
    try:
        return len(json.loads(games[0].read_text())["actions"])
    except (ValueError, KeyError):  # caught between two writes: not yet
        return 0


def wait_for_actions(saves: Path, count: int, timeout: float = 20) -> None:
    deadline = time.monotonic() + timeout
    while saved_actions(saves) < count:
        if time.monotonic() > deadline:
            pytest.fail(f"the game saved {saved_actions(saves)} actions, not {count}")
        time.sleep(0.1)


class Screen:
    """The page's terminal: what it shows, keys and clicks."""

    def __init__(self, page: Any) -> None:
        self.page = page

    @property
    def text(self) -> str:
        return str(self.page.evaluate(SCREEN_TEXT))

    def wait_for(self, *needles: str, timeout: float = 20) -> None:
        """Until the screen shows every one of ``needles``."""
        predicate = (
            f"() => {{ const text = ({SCREEN_TEXT})(); "
            f"return {json.dumps(list(needles))}.every(n => text.includes(n)); }}"
        )
        try:
            self.page.wait_for_function(predicate, timeout=timeout * 1000)
        except Exception:
            pytest.fail(f"the page did not show {needles!r}; it shows:\n{self.text}")

    def wait_for_change(self, row: int, shown: str, timeout: float = 10) -> None:
        """Until line ``row`` no longer ends with ``shown``."""
        deadline = time.monotonic() + timeout
        while self.text.splitlines()[row].endswith(shown):
            if time.monotonic() > deadline:
                pytest.fail(f"line {row} still shows {shown!r}:\n{self.text}")
            time.sleep(0.1)

    def press(self, *keys: str) -> None:
        self.page.focus(".xterm-helper-textarea")
        for key in keys:
            self.page.keyboard.press(key)

    def find(self, needle: str) -> tuple[int, int]:
        """The column and row where ``needle`` is shown."""
        for row, line in enumerate(self.text.splitlines()):
            if needle in line:
                return line.index(needle), row
        pytest.fail(f"{needle!r} is not on the page:\n{self.text}")

    def _point(self, column: float, row: float) -> tuple[float, float]:
        left, top, width, height, _, _ = self.page.evaluate(CELL_GEOMETRY)
        return left + (column + 0.5) * width, top + (row + 0.5) * height

    def click(self, column: int, row: int) -> None:
        self.page.mouse.click(*self._point(column, row))

    def tap(self, column: int, row: int) -> None:
        self.page.touchscreen.tap(*self._point(column, row))

    def swipe(self, column: int, row: int, rows_up: int) -> None:
        """A finger dragged up (or down, when negative) over the page."""
        x, y = self._point(column, row)
        _, end = self._point(column, row - rows_up)
        cdp = self.page.context.new_cdp_session(self.page)
        touch = "Input.dispatchTouchEvent"
        cdp.send(touch, {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
        for step in range(1, 11):
            point = {"x": x, "y": y + (end - y) * step / 10}
            cdp.send(touch, {"type": "touchMove", "touchPoints": [point]})
        cdp.send(touch, {"type": "touchEnd", "touchPoints": []})
        cdp.detach()

    @property
    def size(self) -> tuple[int, int]:
        *_, columns, rows = self.page.evaluate(CELL_GEOMETRY)
        return int(columns), int(rows)


def only_loopback(route: Any, port: int) -> None:
    """The page may ask for a web font on the internet: only the server answers."""
    if route.request.url.startswith((f"http://127.0.0.1:{port}/", f"ws://127.0.0.1:{port}/")):
        route.continue_()
    else:
        route.abort()


# ------------------------------------------------------------------ browser
def test_a_game_in_the_browser_plays_saves_and_stops(tmp_path: Path) -> None:
    chromium = find_chromium()
    if chromium is None:
        pytest.skip(
            "no Chromium found (apt-get install chromium, or set BOARDGAMES_TUI_CHROMIUM "
            "to a Chromium executable): the browser test of `serve` did not run"
        )
    from playwright.sync_api import sync_playwright

    saves = tmp_path / "saves"
    saves.mkdir()
    with serving(saves, tmp_path / "serve.log") as served:
        assert f"Serving boardgames-tui at {served.url}" in served.output
        assert "Warning" not in served.output  # loopback: nobody else can reach it
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium)
            try:
                # 1080x720 CSS pixels at the page's 16px font: 120x40 cells.
                page = browser.new_page(viewport={"width": 1080, "height": 720}, has_touch=True)
                page.add_init_script(CATCH_TERMINAL)
                page.route("**/*", lambda route: only_loopback(route, served.port))
                page.goto(served.url)
                screen = Screen(page)
                screen.wait_for("New game", "Continue", timeout=45)  # the app starts
                assert page.evaluate("window.__terminals.length") == 1
                assert screen.size == (120, 40)

                # The menu's New game, then the setup: Underwing, Ana and Ben.
                screen.press("n")
                screen.wait_for("Underlings of Underwing", "Ana", "Ben", "blank: random")
                # Tap the seed field, type a seed, start with F2.
                screen.tap(*screen.find("blank: random"))
                screen.press("7", "F2")
                screen.wait_for("Round 1 of 15", "Ana: assign or recall a handler")

                # Ana claims the egg at the cursor with Enter; then Ben does.
                screen.press("Enter")
                wait_for_actions(saves, 1)
                screen.wait_for("Ben: assign or recall a handler")
                screen.press("Enter")
                wait_for_actions(saves, 2)
                screen.wait_for("Ana: assign or recall a handler")
                # Ana sends her second handler to the Field with a click on
                # the action list's first entry.
                column, row = screen.find("All actions")
                screen.click(column + 4, row + 1)
                wait_for_actions(saves, 3)
                screen.wait_for("Ben: assign or recall a handler")

                text = screen.text
                assert "Round 1 of 15" in text
                assert "Ana" in text and "Ben" in text
                shot = page.screenshot(path=str(tmp_path / "serve.png"))
                keep = os.environ.get(SCREENSHOT_ENV)
                if keep:
                    Path(keep).write_bytes(shot)

                # A finger dragged up the action list scrolls it, and plays nothing.
                column, row = screen.find("All actions")
                first = screen.text.splitlines()[row + 1][column:]
                assert "1 Send a handler" in first
                screen.swipe(column + 10, row + 8, 6)
                screen.wait_for_change(row + 1, first)
                assert saved_actions(saves) == 3
            finally:
                browser.close()

        pgid = served.process.pid
        assert served.interrupt() == 0, served.output
        assert served.output.rstrip().endswith("Stopped."), served.output
        assert "Traceback" not in served.output, served.output
        deadline = time.monotonic() + 10
        while group_alive(pgid) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not group_alive(pgid), "a table's process outlived the server"

    assert not (saves / "crash.log").exists(), (saves / "crash.log").read_text()
    [save] = saved_games(saves)
    session = Session.load(save)  # validates and replays from the seed
    assert session.game_id == "underwing"
    assert [seat.name for seat in session.seats] == ["Ana", "Ben"]
    assert len(session.actions) == 3
    assert session.seed == 7


def test_the_token_link_opens_a_table_in_the_browser(tmp_path: Path) -> None:
    """With a token, the page opened from the printed link sets a cookie that
    its websocket carries: the menu appears.  Without the token, the page
    says which link to open."""
    chromium = find_chromium()
    if chromium is None:
        pytest.skip("no Chromium found: the browser test of the token link did not run")
    from playwright.sync_api import sync_playwright

    with serving(tmp_path / "saves", tmp_path / "serve.log", "--token", TOKEN) as served:
        link = f"{served.url}?token={TOKEN}"
        assert f"Serving boardgames-tui at {link}" in served.output
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium)
            try:
                page = browser.new_page(viewport={"width": 1080, "height": 720})
                page.route("**/*", lambda route: only_loopback(route, served.port))
                answer = page.goto(served.url)
                assert answer is not None and answer.status == 403
                assert "This table needs its link" in page.content()

                page.add_init_script(CATCH_TERMINAL)
                page.goto(link)
                Screen(page).wait_for("New game", "Continue", timeout=45)
            finally:
                browser.close()
        assert served.interrupt() == 0, served.output


# ------------------------------------------------------- who may open a table
#: A token given with --token in the tests.
TOKEN = "a-secret-for-the-tests_0123"


def http(port: int) -> str:
    return f"http://127.0.0.1:{port}"


async def get(
    port: int, path: str = "/", headers: dict[str, str] | None = None
) -> tuple[int, str, Any]:
    """A page request: its status, its text and its headers."""
    import aiohttp

    async with (
        aiohttp.ClientSession() as client,
        client.get(http(port) + path, headers=headers or {}) as answer,
    ):
        return answer.status, await answer.text(), answer.headers


async def refused_websocket(port: int, headers: dict[str, str]) -> int:
    """The status a websocket handshake with ``headers`` is refused with
    (the test fails when it is accepted)."""
    import aiohttp

    async with aiohttp.ClientSession() as client:
        try:
            socket_ = await client.ws_connect(
                f"{http(port)}/ws?width=80&height=24", headers=headers
            )
        except aiohttp.WSServerHandshakeError as exc:
            return exc.status
        await socket_.close()
    pytest.fail(f"a websocket with {headers} was accepted")


@asynccontextmanager
async def table(port: int, headers: dict[str, str]) -> AsyncIterator[Any]:
    """An open websocket, once its table's app has drawn something."""
    import aiohttp

    async with (
        aiohttp.ClientSession() as client,
        client.ws_connect(f"{http(port)}/ws?width=80&height=24", headers=headers) as socket_,
    ):
        message = await socket_.receive(timeout=45)
        assert message.type == aiohttp.WSMsgType.BINARY, message
        assert message.data  # the app's first output
        yield socket_


async def test_other_sites_and_other_host_names_are_refused(tmp_path: Path) -> None:
    with serving(tmp_path / "saves", tmp_path / "serve.log") as served:
        port = served.port
        # This computer's own page, by either of its names.
        status, text, headers = await get(port)
        assert status == 200 and f"ws://127.0.0.1:{port}/ws" in text
        assert headers["X-Frame-Options"] == "DENY"  # no other site may frame it
        assert headers["Referrer-Policy"] == "no-referrer"
        status, text, _ = await get(port, headers={"Host": f"localhost:{port}"})
        assert status == 200 and f"ws://localhost:{port}/ws" in text
        status, _, _ = await get(port, headers={"Origin": http(port)})
        assert status == 200

        # Another site's page, or a name that another site's DNS points here.
        status, text, _ = await get(port, headers={"Origin": "http://evil.example"})
        assert status == 403
        assert "not a page from http://evil.example" in text
        status, text, _ = await get(port, headers={"Host": f"evil.example:{port}"})
        assert status == 403 and f"open http://127.0.0.1:{port}/ instead" in text
        for host in ("127.0.0.1", f"127.0.0.1:{port + 1}", f"192.0.2.1:{port}", "a b"):
            status, _, _ = await get(port, headers={"Host": host})
            assert status == 403, host

        for headers in (
            {"Origin": "http://evil.example"},
            {"Origin": f"http://evil.example:{port}"},
            {"Origin": f"http://127.0.0.1:{port + 1}"},  # another server on this computer
            {"Origin": f"https://127.0.0.1:{port}"},
            {"Origin": "null"},  # a sandboxed frame or a file
            {"Host": f"evil.example:{port}", "Origin": f"http://evil.example:{port}"},
            {"Host": f"evil.example:{port}"},
        ):
            assert await refused_websocket(port, headers) == 403, headers
        assert "Traceback" not in served.output, served.output


async def test_tables_are_capped_and_a_closed_one_frees_its_place(tmp_path: Path) -> None:
    with serving(tmp_path / "saves", tmp_path / "serve.log", "--max-tables", "1") as served:
        port = served.port
        assert "(at most 1)" in served.output
        async with table(port, {"Origin": http(port)}):
            status, text, _ = await get(port)
            assert status == 503
            assert "This server allows 1 table at once, and it is open." in text
            assert "--max-tables" in text
            assert await refused_websocket(port, {"Origin": http(port)}) == 503
        deadline = time.monotonic() + 20
        while (status := (await get(port))[0]) == 503 and time.monotonic() < deadline:
            await asyncio.sleep(0.1)
        assert status == 200
        assert "Traceback" not in served.output, served.output


async def test_with_a_token_only_the_link_opens_a_table(tmp_path: Path) -> None:
    with serving(tmp_path / "saves", tmp_path / "serve.log", "--token", TOKEN) as served:
        port = served.port
        assert f"Serving boardgames-tui at {http(port)}/?token={TOKEN}" in served.output
        cookie = f"boardgames-tui-token-{port}"
        wrong = TOKEN[:-1] + "1"

        for path, headers in (
            ("/", {}),
            (f"/?token={wrong}", {}),
            ("/?token=", {}),
            ("/", {"Cookie": f"{cookie}={wrong}"}),
            (f"/download/x?token={wrong}", {}),
        ):
            status, text, _ = await get(port, path, headers)
            assert status == 403, (path, headers)
            assert "This table needs its link" in text and "?token=" in text
            assert TOKEN not in text
        for headers in (
            {"Origin": http(port)},
            {"Origin": http(port), "Cookie": f"{cookie}={wrong}"},
        ):
            assert await refused_websocket(port, headers) == 403
        # The page's own scripts are the package's, the same for everyone.
        status, _, _ = await get(port, "/static/js/textual.js")
        assert status == 200

        status, text, headers = await get(port, f"/?token={TOKEN}")
        assert status == 200 and "data-session-websocket-url" in text
        set_cookie = headers["Set-Cookie"]
        assert set_cookie.startswith(f"{cookie}={TOKEN};")
        assert "HttpOnly" in set_cookie and "SameSite=Lax" in set_cookie
        status, _, _ = await get(port, headers={"Cookie": f"{cookie}={TOKEN}"})
        assert status == 200
        async with table(port, {"Origin": http(port), "Cookie": f"{cookie}={TOKEN}"}):
            pass
        assert "Traceback" not in served.output, served.output


# ---------------------------------------------------------------- refusals
def run_serve(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """``boardgames-tui serve ARGS`` in this process: status, output, errors."""
    try:
        status = main(["serve", *args])
    except SystemExit as exit:  # argparse's refusals
        status = int(exit.code or 0)
    out, err = capsys.readouterr()
    return status, out, err


def test_a_port_in_use_is_one_sentence_and_status_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        status, out, err = run_serve(capsys, "--port", str(port), "--saves", str(tmp_path))
    assert (status, out) == (2, "")
    assert err == (
        f"boardgames-tui: Port {port} on 127.0.0.1 is already in use "
        "(is another server running?); choose another with --port.\n"
    )


def test_an_unknown_host_is_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, _, err = run_serve(capsys, "--host", "no-such-host.invalid", "--saves", str(tmp_path))
    assert (status, err) == (
        2,
        "boardgames-tui: 'no-such-host.invalid' is not an address of this computer.\n",
    )


def test_a_bad_port_is_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, _, err = run_serve(capsys, "--port", "70000", "--saves", str(tmp_path))
    assert (status, err) == (
        2,
        "boardgames-tui: --port must be between 1 and 65535, not 70000.\n",
    )
    status, _, err = run_serve(capsys, "--port", "eighty")
    assert status == 2 and "invalid int value" in err
    assert err.startswith("usage: boardgames-tui serve")


def test_a_saves_folder_that_cannot_be_made_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    status, _, err = run_serve(
        capsys, "--port", str(free_port()), "--saves", str(blocker / "saves")
    )
    assert status == 2
    assert (
        err.startswith("boardgames-tui: Could not make the saves folder") and err.count("\n") == 1
    )


def test_without_textual_serve_it_says_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    monkeypatch.setitem(sys.modules, "textual_serve", None)  # as if not installed
    monkeypatch.setitem(sys.modules, "textual_serve.server", None)
    assert main(["serve", "--saves", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert "pip install 'boardgames-tui[serve]'" in err
    assert err.count("\n") == 1


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """textual-serve's own serving replaced, so nothing listens: the servers
    that would have served, once each has said what to open and built its
    aiohttp application."""
    from boardgames_tui import serve as serve_module

    servers: list[Any] = []

    def fake_serve(self: Any, debug: bool = False) -> None:
        async def start() -> None:
            self.application = await self._make_app()
            await self.on_startup(self.application)

        servers.append(self)
        asyncio.run(start())

    monkeypatch.setattr(serve_module, "run_server", fake_serve)
    monkeypatch.delenv(TOKEN_ENV, raising=False)
    return servers


def printed_token(out: str) -> str:
    match = re.search(r"\?token=([A-Za-z0-9_-]+)", out)
    assert match, out
    return match[1]


def test_another_host_needs_the_token_link_and_warns_who_can_play(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, started: list[Any]
) -> None:
    assert main(["serve", "--host", "0.0.0.0", "--port", "0", "--saves", str(tmp_path)]) == 2
    assert "--port must be between 1 and 65535" in capsys.readouterr().err

    port = free_port()
    assert main(["serve", "--host", "0.0.0.0", "--port", str(port), "--saves", str(tmp_path)]) == 0
    out, err = capsys.readouterr()
    assert "Warning: anyone with the link (its token included)" in err
    assert "can play, and read the saves in" in err and str(tmp_path) in err
    assert err.count("\n") == 1
    assert f"port {port}: open http://{socket.gethostname()}:{port}/?token=" in out
    assert "Stopped." in out
    token = printed_token(out)
    assert len(token) >= 32  # secrets.token_urlsafe(24)
    [server] = started
    assert (server.host, server.port) == ("0.0.0.0", port)
    assert shlex.split(server.command) == [
        sys.executable,
        "-m",
        "boardgames_tui",
        "--saves",
        str(tmp_path.resolve()),
    ]
    # Each start makes a new secret.
    assert main(["serve", "--host", "0.0.0.0", "--port", str(port), "--saves", str(tmp_path)]) == 0
    assert printed_token(capsys.readouterr().out) != token

    # The default: loopback only, no token, and no warning.
    started.clear()
    assert main(["serve", "--port", str(port), "--saves", str(tmp_path)]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert f"Serving boardgames-tui at http://127.0.0.1:{port}/\n" in out
    assert "(at most 8)" in out
    assert started[0].host == "127.0.0.1"


def test_a_token_comes_from_the_option_or_the_environment(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    started: list[Any],
) -> None:
    port = str(free_port())
    base = ["serve", "--port", port, "--saves", str(tmp_path)]
    assert main([*base, "--token", TOKEN]) == 0
    assert f"at http://127.0.0.1:{port}/?token={TOKEN}\n" in capsys.readouterr().out

    monkeypatch.setenv(TOKEN_ENV, "from-the-environment")
    assert main([*base, "--host", "0.0.0.0"]) == 0
    assert printed_token(capsys.readouterr().out) == "from-the-environment"
    assert main(base) == 0  # set, it is needed on loopback too
    assert printed_token(capsys.readouterr().out) == "from-the-environment"
    assert main([*base, "--token", TOKEN]) == 0  # the option wins
    assert printed_token(capsys.readouterr().out) == TOKEN

    monkeypatch.setenv(TOKEN_ENV, "short")
    assert main(base) == 2
    assert capsys.readouterr().err == (
        f"boardgames-tui: ${TOKEN_ENV} must be at least 12 characters, "
        "each a letter, a digit, '-' or '_'.\n"
    )


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (
            ["--token", "short"],
            "--token must be at least 12 characters, each a letter, a digit, '-' or '_'.",
        ),
        (
            ["--token", "has spaces in it, see"],
            "--token must be at least 12 characters, each a letter, a digit, '-' or '_'.",
        ),
        (["--max-tables", "0"], "--max-tables must be at least 1, not 0."),
    ],
)
def test_a_bad_token_or_table_cap_is_one_sentence_and_status_2(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    started: list[Any],
    options: list[str],
    message: str,
) -> None:
    status, out, err = run_serve(capsys, "--saves", str(tmp_path), *options)
    assert (status, out, err) == (2, "", f"boardgames-tui: {message}\n")
    assert started == []


def test_an_unknown_option_is_one_error_and_status_2(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run_serve(capsys, "--password", "3")
    assert (status, out) == (2, "")
    assert err.startswith("usage: boardgames-tui")
    assert err.endswith("boardgames-tui: error: unrecognized arguments: --password 3\n")
    assert err.count("error:") == 1


def test_the_guard_goes_in_through_textual_serves_make_app(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, started: list[Any]
) -> None:
    """The one private name of textual-serve that ``serve`` relies on:
    ``Server._make_app``, which builds the aiohttp application that the
    guard is put in front of.  Should a textual-serve release rename it, this
    says so (and the request tests above fail)."""
    from textual_serve.server import Server

    assert inspect.iscoroutinefunction(Server._make_app)
    assert main(["serve", "--port", str(free_port()), "--saves", str(tmp_path)]) == 0
    capsys.readouterr()
    [server] = started
    [guard] = server.application.middlewares
    assert guard.__name__ == "guard"
    routes = {resource.canonical for resource in server.application.router.resources()}
    assert {"/", "/ws"} <= routes


@pytest.mark.parametrize(
    ("served", "header", "allowed"),
    [
        ("127.0.0.1", "127.0.0.1:8000", True),
        ("127.0.0.1", "localhost:8000", True),
        ("127.0.0.1", "LOCALHOST.:8000", True),
        ("127.0.0.1", "[::1]:8000", True),
        ("127.0.0.1", "127.0.0.1:8001", False),
        ("127.0.0.1", "127.0.0.1", False),  # port 80
        ("127.0.0.1", "evil.example:8000", False),
        ("127.0.0.1", "192.0.2.7:8000", False),
        ("127.0.0.1", "127.0.0.1:8000@evil.example", False),
        ("127.0.0.1", "", False),
        ("localhost", "127.0.0.1:8000", True),
        ("0.0.0.0", "192.0.2.7:8000", True),
        ("0.0.0.0", "[2001:db8::7]:8000", True),
        ("0.0.0.0", f"{socket.gethostname()}:8000", True),
        ("0.0.0.0", f"{socket.gethostname().split('.')[0]}.local:8000", True),
        ("0.0.0.0", "evil.example:8000", False),
    ],
)
def test_the_names_that_mean_the_served_address(served: str, header: str, allowed: bool) -> None:
    assert Gate(served, 8000, None).host_allowed(header) is allowed


@pytest.mark.parametrize(
    ("origin", "allowed"),
    [
        ("http://127.0.0.1:8000", True),
        ("HTTP://127.0.0.1:8000", True),
        ("http://localhost:8000", False),  # another name than the request's
        ("https://127.0.0.1:8000", False),
        ("http://127.0.0.1:8001", False),
        ("http://127.0.0.1", False),
        ("http://evil.example", False),
        ("http://127.0.0.1:8000/path", False),
        ("http://user@127.0.0.1:8000", False),
        ("null", False),
        ("", False),
    ],
)
def test_only_the_pages_own_origin_is_allowed(origin: str, allowed: bool) -> None:
    assert Gate("127.0.0.1", 8000, None).origin_allowed(origin, "127.0.0.1:8000") is allowed


def test_the_token_is_compared_whole() -> None:
    gate = Gate("0.0.0.0", 8000, TOKEN)
    assert gate.token_matches(TOKEN)
    for given in (None, "", TOKEN[:-1], TOKEN + "x", TOKEN.upper(), "é" * 12):
        assert not gate.token_matches(given), given
    assert Gate("127.0.0.1", 8000, None).token_matches(None)  # none needed
    assert choose_token("127.0.0.1", None, {}) is None
    made = choose_token("0.0.0.0", None, {})
    assert made is not None and len(made) >= 32
    assert choose_token("0.0.0.0", None, {TOKEN_ENV: ""}) not in (None, "")


def test_each_tab_runs_this_app_on_the_same_saves_folder() -> None:
    folder = Path("/tmp/a folder with 'quotes' and spaces/saves")
    assert shlex.split(app_command(folder)) == [
        sys.executable,
        "-m",
        "boardgames_tui",
        "--saves",
        str(folder),
    ]


@pytest.mark.parametrize(
    ("host", "loopback"),
    [
        ("127.0.0.1", True),
        ("127.0.0.2", True),
        ("::1", True),
        ("localhost", True),
        ("0.0.0.0", False),
        ("::", False),
        ("192.0.2.1", False),
    ],
)
def test_only_loopback_addresses_count_as_private(host: str, loopback: bool) -> None:
    assert is_loopback(host) is loopback
