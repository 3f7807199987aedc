"""Every rule of the shared screens' stylesheets starts with its screen's
type.  A screen's stylesheet stays loaded once the screen has been shown and
applies to every later screen: the setup screen's ``#players { width: 10 }``
once squeezed Incubation's Players panel (``#players`` too) to ten columns."""

from __future__ import annotations

import re
from pathlib import Path

import boardgames_tui.ui.screens as screens_package

SCREENS = Path(screens_package.__file__).parent
SCREEN_TYPE = re.compile(r"^[A-Z][A-Za-z]*(Screen|Dialog)\b")


def selectors(text: str) -> list[str]:
    """The selectors of every rule in a stylesheet (comments removed)."""
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    found: list[str] = []
    for head in re.findall(r"([^{}]+)\{", text):
        found.extend(s.strip() for s in head.split(",") if s.strip())
    return found


def test_screen_stylesheets_are_scoped_to_their_screen() -> None:
    sheets = sorted(SCREENS.glob("*.tcss"))
    assert sheets
    for sheet in sheets:
        for selector in selectors(sheet.read_text(encoding="utf-8")):
            assert SCREEN_TYPE.match(selector), f"{sheet.name}: {selector!r} is not scoped"
