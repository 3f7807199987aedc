"""The menu and the Load screen on a saves folder holding files made to break
them: the menu opens (no crash screen, no loop), the Load screen lists each
bad file as damaged with its reason, and names are shown escaped."""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import OptionList

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.engine.game import Seat
from boardgames_tui.engine.save_index import INDEX_NAME
from boardgames_tui.engine.saves import SaveInfo
from boardgames_tui.engine.session import Session
from boardgames_tui.ui.screens.load import LoadScreen, save_entry
from boardgames_tui.ui.screens.menu import MainMenuScreen
from tests.ui.helpers import plain, wait_until

AppFactory = Callable[..., BoardgamesApp]


def played(saves_dir: Path, names: tuple[str, str] = ("Ana", "Ben"), seed: int = 2) -> Session:
    session = Session.new(
        "tally", [Seat(name=names[0]), Seat(name=names[1])], seed=seed, saves_dir=saves_dir
    )
    session.apply(session.legal_actions()[0])
    return session


def content(saves_dir: Path, seed: int) -> dict[str, Any]:
    """A good save's content; its file removed."""
    session = played(saves_dir, seed=seed)
    assert session.path is not None
    data: dict[str, Any] = json.loads(session.path.read_text())
    session.path.unlink()
    return data


def hostile_folder(saves_dir: Path) -> dict[str, tuple[bytes, int]]:
    """A good save beside files that crashed or hung the program; the
    files' bytes and times, to check they are left alone."""
    good = played(saves_dir, names=("\x1b[2JAna", "[/]Ben\x1b]0;owned\x07"))
    assert good.path is not None
    data = content(saves_dir, 5)
    seed = f'"seed": {data["seed"]}'
    (saves_dir / "huge.json").write_text(json.dumps(data).replace(seed, '"seed": ' + "9" * 5000))
    data["updated"] = "0001-01-01T00:00:00"
    (saves_dir / "naive.json").write_text(json.dumps(data))
    data["updated"] = "9999-12-31T23:59:59Z"
    (saves_dir / "future.json").write_text(json.dumps(data))
    (saves_dir / "\x1b[31mred.json").write_text("{")
    if hasattr(os, "mkfifo"):
        os.mkfifo(saves_dir / "pipe.json")
    (saves_dir / "link.json").symlink_to(good.path)
    (saves_dir / "zero.json").symlink_to("/dev/zero")
    return {
        p.name: (p.read_bytes(), p.stat().st_mtime_ns)
        for p in saves_dir.iterdir()
        # The saves, not the index of checked saves the listing keeps beside them.
        if p.is_file() and not p.is_symlink() and p.name != INDEX_NAME
    }


def unchanged(saves_dir: Path, before: dict[str, tuple[bytes, int]]) -> None:
    for name, (data, mtime) in before.items():
        path = saves_dir / name
        assert path.read_bytes() == data and path.stat().st_mtime_ns == mtime, name


def unblock(saves_dir: Path) -> None:
    with contextlib.suppress(OSError):
        os.close(os.open(saves_dir / "pipe.json", os.O_WRONLY | os.O_NONBLOCK))


async def test_the_menu_opens_on_a_folder_of_hostile_files(
    new_app: AppFactory, saves_dir: Path
) -> None:
    before = hostile_folder(saves_dir)
    app = new_app()
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_until(pilot, lambda: isinstance(app.screen, MainMenuScreen))
            await pilot.pause()
            menu = app.screen
            assert isinstance(menu, MainMenuScreen)
            latest = menu.latest
            assert latest is not None and latest.ok, "the good save is offered"
            shown = plain(menu.query_one("#menu", OptionList).get_option_at_index(1).prompt)
            assert "\x1b" not in shown and "\\x1b[2JAna" in shown
    finally:
        unblock(saves_dir)
    unchanged(saves_dir, before)


async def test_the_load_screen_lists_hostile_files_as_damaged(
    new_app: AppFactory, saves_dir: Path
) -> None:
    before = hostile_folder(saves_dir)
    app = new_app()
    try:
        async with app.run_test(size=(100, 40)) as pilot:
            await pilot.press("l")
            await wait_until(pilot, lambda: isinstance(app.screen, LoadScreen))
            screen = app.screen
            assert isinstance(screen, LoadScreen)
            bad = ("huge.json", "naive.json", "future.json", "\x1b[31mred.json", "link.json")

            def errors() -> dict[str, str | None]:
                return {info.path.name: info.error for info in screen.saves}

            await wait_until(pilot, lambda: all(errors().get(name) for name in bad), timeout=15)
            found = errors()
            assert "thousands of digits" in (found["huge.json"] or "")
            assert "time zone" in (found["naive.json"] or "")
            assert "in the future" in (found["future.json"] or "")
            assert "cut short" in (found["\x1b[31mred.json"] or "")
            assert "symbolic link" in (found["link.json"] or "")
            good = [info for info in screen.saves if info.ok]
            assert len(good) == 1
            listing = "\n".join(
                plain(screen.query_one("#saves", OptionList).get_option_at_index(i).prompt)
                for i in range(screen.query_one("#saves", OptionList).option_count)
            )
            assert "\x1b" not in listing and "\x07" not in listing
            assert "\\x1b[2JAna, [/]Ben\\x1b]0;owned\\x07" in listing
            assert "Damaged: \\x1b[31mred.json" in listing
            # Choosing a damaged one is refused with its reason.
            options = screen.query_one("#saves", OptionList)
            options.highlighted = [i.path.name for i in screen.saves].index("huge.json")
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, LoadScreen)
    finally:
        unblock(saves_dir)
    unchanged(saves_dir, before)


@pytest.mark.parametrize(
    "info",
    [
        SaveInfo(
            path=Path("\x1b]0;title\x07.json"),
            game="tally",
            title="Tally",
            seats=["[bold]Ana\x1b[5m", "Ben\u202e"],
            progress="Round 1\x1b[2J",
            actions=1,
            open_elsewhere="process 1 on h\x1bst",
        ),
        SaveInfo(path=Path("bad\udcff\x9b.json"), error="bad\udcff\x9b.json is cut short."),
    ],
)
def test_a_save_entry_shows_every_name_escaped(info: SaveInfo) -> None:
    shown = plain(save_entry(info))
    shown.encode("utf-8")
    for raw in ("\x1b", "\x07", "\u202e", "\x9b", "\udcff"):
        assert raw not in shown
    if info.ok:
        assert "[bold]Ana\\x1b[5m, Ben\\u202e" in shown  # not markup either
        assert "Round 1\\x1b[2J" in shown and "\\x1b]0;title\\x07.json" in shown
        assert "h\\x1bst" in shown
    else:
        assert "bad\\udcff\\x9b.json" in shown
