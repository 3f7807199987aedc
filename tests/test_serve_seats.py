"""``serve --table SAVE``: a link per seat, each its seat's key.

In a real headless Chromium (skipped, saying why, when none is found, as
``tests/test_serve.py`` does): two pages open the two seats' links of one
Tyrants game, move in turn, each showing its own hand and never the
other's; a page with a wrong token or none shows nothing of the game.
Without a browser: the links printed, their tokens kept beside the save,
a QR code drawn for each."""

from __future__ import annotations

import re
import socket
from pathlib import Path

import pytest

from boardgames_tui.engine.game import Seat
from boardgames_tui.engine.seating import find_seat, seat_tokens, tokens_path
from boardgames_tui.engine.session import Session
from boardgames_tui.serve_seats import qr_lines, seat_links

from .test_serve import (
    CATCH_TERMINAL,
    Screen,
    find_chromium,
    only_loopback,
    saved_actions,
    serving,
    wait_for_actions,
)


def tyrants_save(saves: Path) -> Path:
    saves.mkdir(exist_ok=True)
    session = Session.new("tyrants", [Seat(name="Ana"), Seat(name="Ben")], seed=7, saves_dir=saves)
    assert session.path is not None
    return session.path


def test_seat_tokens_are_kept_beside_the_save_for_its_owner(tmp_path: Path) -> None:
    save = tyrants_save(tmp_path / "saves")
    seats = Session.load(save).seats
    tokens = seat_tokens(save, seats)
    assert set(tokens) == {"Ana", "Ben"} and len(set(tokens.values())) == 2
    assert all(len(token) >= 32 for token in tokens.values())
    assert seat_tokens(save, seats) == tokens  # made once, kept
    assert tokens_path(save).stat().st_mode & 0o077 == 0
    assert find_seat(save.parent, tokens["Ben"]) == (save, "Ben")
    # One character changed (never to itself: a token ending in "x" made
    # this the same token, one run in 64).
    other = "y" if tokens["Ben"].endswith("x") else "x"
    assert find_seat(save.parent, tokens["Ben"][:-1] + other) is None
    assert find_seat(save.parent, "") is None


def test_each_link_is_printed_with_a_qr_code(tmp_path: Path) -> None:
    save = tyrants_save(tmp_path / "saves")
    links = seat_links("http://192.168.1.20:8000", [save])
    assert [link.seat for link in links] == ["Ana", "Ben"]
    assert all(
        re.fullmatch(r"http://192\.168\.1\.20:8000/seat/[\w-]{32,}", link.url) for link in links
    )
    lines = qr_lines(links[0].url)
    assert lines is not None and len({len(line) for line in lines}) == 1
    assert len(lines[0]) > 25 and set("".join(lines)) <= set("█▀▄ ")


def test_two_seat_links_play_in_turn_each_with_its_own_hand(tmp_path: Path) -> None:
    chromium = find_chromium()
    if chromium is None:
        pytest.skip(
            "no Chromium found (apt-get install chromium, or set BOARDGAMES_TUI_CHROMIUM): "
            "the browser test of the seat links did not run"
        )
    from playwright.sync_api import sync_playwright

    saves = tmp_path / "saves"
    save = tyrants_save(saves)
    first = Session.load(save).to_act
    assert first is not None
    with serving(saves, tmp_path / "serve.log", "--table", str(save)) as served:
        links = dict(re.findall(r"^  (\w+) \([^)]*\): (\S+)$", served.output, re.MULTILINE))
        assert set(links) == {"Ana", "Ben"}, served.output
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium)
            try:
                screens = {}
                for name in ("Ana", "Ben"):
                    # A browser context each: two phones, no cookie shared.
                    page = browser.new_context(viewport={"width": 1080, "height": 720}).new_page()
                    page.add_init_script(CATCH_TERMINAL)
                    page.route("**/*", lambda route: only_loopback(route, served.port))
                    page.goto(links[name])
                    screens[name] = Screen(page)
                for name, screen in screens.items():
                    screen.wait_for(f"{name}'s screen", f"{name}'s hand", timeout=45)
                names = ["Ana", "Ben"]
                order = [names[first], names[1 - first]]
                for count, name in enumerate(order, start=1):
                    other = "Ben" if name == "Ana" else "Ana"
                    screens[name].wait_for("place your first troop")
                    screens[other].wait_for(f"Waiting for {name}…")
                    screens[name].press("Enter")
                    wait_for_actions(saves, count)
                    for who, screen in screens.items():
                        stranger = "Ben" if who == "Ana" else "Ana"
                        text = screen.text
                        assert f"{who}'s hand" in text and f"{stranger}'s hand" not in text
                assert saved_actions(saves) == 2

                # No token, or one that is no seat's: nothing of the game.
                page = browser.new_context().new_page()
                page.route("**/*", lambda route: only_loopback(route, served.port))
                token = links["Ana"].rsplit("/", 1)[1]
                wrong = token[:-1] + ("x" if token[-1] != "x" else "y")
                for path in ("seat/", "seat/not-a-seat-token-at-all", f"seat/{wrong}"):
                    answer = page.goto(served.url + path)
                    assert answer is not None and answer.status in (403, 404), path
                    content = page.content()
                    assert "Ana" not in content and "Ben" not in content
                    assert "tyrants" not in content.lower()
            finally:
                browser.close()
        assert served.interrupt() == 0, served.output


def test_links_carry_the_address_other_devices_open() -> None:
    from boardgames_tui.serve import url_host
    from boardgames_tui.serve_seats import lan_address, link_base

    assert link_base("192.168.1.20", 8000, url_host) == "http://192.168.1.20:8000"
    assert link_base("::1", 8001, url_host) == "http://[::1]:8001"
    # On every address: this computer's own address on its network (or its
    # name), never 0.0.0.0, which no phone can open.
    everywhere = link_base("0.0.0.0", 8000, url_host)
    assert "0.0.0.0" not in everywhere and everywhere.endswith(":8000")
    assert everywhere.startswith(f"http://{lan_address() or socket.gethostname()}")
