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
