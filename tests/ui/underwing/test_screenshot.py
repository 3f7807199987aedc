"""The README's screenshot (docs/screenshot.svg) is made by
``python docs/screenshot.py``: it writes the same picture every time."""

from __future__ import annotations

from pathlib import Path

from tests.ui.helpers import ROOT, docs_script


async def test_the_screenshot_is_written_and_deterministic(tmp_path: Path) -> None:
    save_screenshot = docs_script("screenshot.py").save_screenshot
    first = await save_screenshot(tmp_path / "one.svg")
    svg = first.read_text(encoding="utf-8")
    text = svg.replace("&#160;", " ")
    assert svg.startswith("<svg") and "Underlings of Underwing" in text
    assert "Round 12 of 15" in text and "Ana: place 2 more elements" in text
    second = await save_screenshot(tmp_path / "two.svg")
    assert second.read_text(encoding="utf-8") == svg
    assert (ROOT / "docs" / "screenshot.svg").exists()
