"""The shared facts about Tyrants (``shared/facts/`` beside the repository),
read for tests that check our data against them.  Tests that need them skip
when the folder is not there (a checkout on its own)."""

from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]


@lru_cache(maxsize=1)
def facts_dir() -> Path | None:
    """``shared/facts`` in the first folder above the repository that has one."""
    for folder in ROOT.parents:
        candidate = folder / "shared" / "facts"
        if (candidate / "tyrants-cards.md").is_file():
            return candidate
    return None


def need_facts() -> Path:
    folder = facts_dir()
    if folder is None:
        pytest.skip("shared/facts is not beside this checkout")
    return folder


def cards_text() -> str:
    return (need_facts() / "tyrants-cards.md").read_text(encoding="utf-8")


def board_json() -> dict[str, object]:
    data = json.loads((need_facts() / "tyrants-board.json").read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def tables(text: str) -> dict[str, list[dict[str, str]]]:
    """Every Markdown table of the text, under the last heading before it:
    a list of rows, each a dict from column header to cell."""
    found: dict[str, list[dict[str, str]]] = {}
    heading = ""
    header: list[str] | None = None
    for line in text.splitlines():
        if line.startswith("#"):
            heading = line.lstrip("#").strip()
            header = None
            continue
        if not line.startswith("|"):
            header = None
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if header is None:
            header = cells
            found.setdefault(heading, [])
        elif all(re.fullmatch(r":?-+:?", c) for c in cells):
            continue
        else:
            found[heading].append(dict(zip(header, cells, strict=False)))
    return found


def section(text: str, starts: str) -> list[dict[str, str]]:
    """The rows of the one table whose heading starts with ``starts``."""
    matches = [rows for heading, rows in tables(text).items() if heading.startswith(starts)]
    assert len(matches) == 1, f"one table under a heading starting {starts!r}"
    return matches[0]


def expansion_text() -> str:
    return (need_facts() / "tyrants-expansion-cards.md").read_text(encoding="utf-8")
