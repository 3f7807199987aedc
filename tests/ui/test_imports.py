"""Importing the app stays cheap: screens are imported when first shown."""

from __future__ import annotations

import subprocess
import sys


def test_importing_the_app_does_not_import_the_screens() -> None:
    code = (
        "import sys, boardgames_tui.app\n"
        "loaded = [m for m in sys.modules if m.startswith('boardgames_tui.ui.screens')]\n"
        "print(','.join(loaded))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == ""


def test_opening_the_menu_imports_neither_pydantic_nor_the_engine() -> None:
    """The command line hands over to the app without importing what the
    menu's first frame does not need (pydantic alone is a third of a start)."""
    code = (
        "import sys, boardgames_tui.cli as cli\n"
        "seen = []\n"
        "cli._run_app = lambda saves, session=None: seen.extend(sorted(sys.modules)) or 0\n"
        "assert cli.main([]) == 0\n"
        "print(','.join(m for m in seen if m.split('.')[0] == 'pydantic'"
        " or m.startswith(('boardgames_tui.engine.game', 'boardgames_tui.engine.saves'))))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == ""
