"""The engine and the games know no screen (DESIGN.md: the arrows point one way)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "boardgames_tui"
CORE = [p for p in (PACKAGE / "engine").rglob("*.py")] + list((PACKAGE / "games").rglob("*.py"))
GAME_PACKAGES = sorted(
    p.name for p in (PACKAGE / "games").iterdir() if p.is_dir() and (p / "__init__.py").exists()
)


@pytest.mark.parametrize(
    "module",
    ["boardgames_tui.engine", "boardgames_tui.engine.session"]
    + [f"boardgames_tui.games.{name}" for name in GAME_PACKAGES],
)
def test_importing_the_core_does_not_import_textual(module: str) -> None:
    code = (
        f"import sys, {module}\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich'))\n"
        "assert not bad, bad\n"
        "assert not any(m.startswith('boardgames_tui.ui') or m == 'boardgames_tui.app' for m in sys.modules)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 0, result.stderr


IMPORT = re.compile(r"^\s*(?:from|import)\s+([\w.]+)", re.MULTILINE)


def test_core_sources_name_no_ui() -> None:
    for path in CORE:
        for module in IMPORT.findall(path.read_text()):
            root = module.split(".")[0]
            assert root not in ("textual", "rich"), f"{path} imports {module}"
            assert not module.startswith(("boardgames_tui.ui", "boardgames_tui.app")), path


def test_games_do_not_import_each_other() -> None:
    for name in GAME_PACKAGES:
        for path in (PACKAGE / "games" / name).rglob("*.py"):
            for module in IMPORT.findall(path.read_text()):
                if module.startswith("boardgames_tui.games."):
                    assert module.split(".")[2] == name, f"{path} imports {module}"
