"""Root's data modules know no screen (DESIGN.md: games import pydantic, never
textual or rich), and load their assets without the UI."""

from __future__ import annotations

import subprocess
import sys


def test_the_data_modules_import_no_ui() -> None:
    code = (
        "import sys\n"
        "from boardgames_tui.games.root import cards, items, woodland\n"
        "woodland.autumn(); cards.deck(); items.items()\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')\n"
        "             or m.startswith('boardgames_tui.ui') or m == 'boardgames_tui.app')\n"
        "assert not bad, bad\n"
        "assert not any(m.startswith('boardgames_tui.games.') and '.root' not in m\n"
        "               for m in sys.modules if m.count('.') >= 2), 'another game imported'\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
