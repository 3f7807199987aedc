"""The Tyrants modules know no screen (DESIGN.md: games never import textual or
rich).  Every module of the package is loaded here, with the board and the
cards, and a game is set up."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
PACKAGE = ROOT / "boardgames_tui" / "games" / "tyrants"


def test_loading_the_tyrants_modules_and_data_imports_no_ui() -> None:
    modules = sorted(p.stem for p in PACKAGE.glob("*.py") if p.stem != "__init__")
    assert {"board", "cards", "effects", "options"} <= set(modules)
    imports = ", ".join(f"boardgames_tui.games.tyrants.{m}" for m in modules)
    code = (
        f"import sys, {imports}\n"
        "from boardgames_tui.games.tyrants import board, cards\n"
        "board.board(); board.board_map(4); cards.load_cards()\n"
        "from boardgames_tui.games.tyrants import GAME\n"
        "from boardgames_tui.engine.game import Seat\n"
        "GAME.setup([Seat(name='A'), Seat(name='B')])\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich'))\n"
        "assert not bad, bad\n"
        "assert not any(m.startswith('boardgames_tui.ui') or m == 'boardgames_tui.app'"
        " for m in sys.modules)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60
    )
    assert result.returncode == 0, result.stderr
