"""docs/rules/tyrants.md and the assets agree: every table line made from the
JSON (doc_tables.py) is on the page, and every test the page names exists."""

from __future__ import annotations

import re
from pathlib import Path

from .doc_tables import all_lines

DOC = Path(__file__).resolve().parents[3] / "docs" / "rules" / "tyrants.md"
HERE = Path(__file__).resolve().parent


def test_the_rules_notes_have_every_table_line() -> None:
    text = DOC.read_text(encoding="utf-8").splitlines()
    missing = [line for line in all_lines() if line not in text]
    assert not missing, (
        "docs/rules/tyrants.md is out of date (uv run python -m tests.games.tyrants.doc_tables):\n"
        + "\n".join(missing)
    )


def test_the_tests_the_page_names_exist() -> None:
    named = set(re.findall(r"`(test_\w+)`", DOC.read_text(encoding="utf-8")))
    defined = set()
    for path in HERE.glob("test_*.py"):
        defined |= set(re.findall(r"^def (test_\w+)", path.read_text(), re.MULTILINE))
        defined |= {path.stem}
    assert named, "the page names its tests"
    assert named <= defined, sorted(named - defined)


def test_every_ruling_has_a_name_once() -> None:
    names = re.findall(r"\*\*(?:Ruling|Reading) (R-[A-Z-]+) ", DOC.read_text(encoding="utf-8"))
    assert len(names) == len(set(names)) >= 10
