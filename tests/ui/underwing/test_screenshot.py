"""The README's screenshot (docs/screenshot.svg) is made by
``python docs/screenshot.py``: it writes the same picture every time."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[3]


def screenshot_script() -> ModuleType:
    """docs/screenshot.py, loaded as the script it is (docs/ is no package)."""
    spec = importlib.util.spec_from_file_location("screenshot", ROOT / "docs" / "screenshot.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


async def test_the_screenshot_is_written_and_deterministic(tmp_path: Path) -> None:
    save_screenshot = screenshot_script().save_screenshot
    first = await save_screenshot(tmp_path / "one.svg")
    svg = first.read_text(encoding="utf-8")
    text = svg.replace("&#160;", " ")
    assert svg.startswith("<svg") and "Underlings of Underwing" in text
    assert "Round 12 of 15" in text and "Ana: place 2 more elements" in text
    second = await save_screenshot(tmp_path / "two.svg")
    assert second.read_text(encoding="utf-8") == svg
    assert (ROOT / "docs" / "screenshot.svg").exists()
