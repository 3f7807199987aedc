"""The private names of Textual's that ui/compat.py relies on are still there,
as they were, in the Textual installed; and that Textual is one of the
versions they were checked against (the bound in pyproject.toml)."""

from __future__ import annotations

import ast
import importlib
import inspect
import re
import tomllib
from importlib.metadata import version
from pathlib import Path
from typing import Any

import pytest
from textual.app import App
from textual.widget import Widget

from boardgames_tui.ui import compat

ROOT = Path(__file__).resolve().parents[2]


def private(name: str) -> bool:
    return name.startswith("_") and not name.endswith("__")


def installed() -> tuple[int, ...]:
    return tuple(int(part) for part in re.findall(r"\d+", version("textual"))[:3])


def test_the_installed_textual_is_one_compat_was_checked_against() -> None:
    low, high = compat.CHECKED
    assert low <= installed() < high, (
        f"Textual {version('textual')} is installed; ui/compat.py was checked against"
        f" {low} up to (not including) {high}: check each name in compat.PRIVATE, then"
        " widen compat.CHECKED and the bound in pyproject.toml"
    )


def test_pyproject_bounds_textual_as_compat_was_checked() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    wanted = [d for d in project["project"]["dependencies"] if re.match(r"textual(?![\w-])", d)]
    (low, _), (high, _) = compat.CHECKED
    assert wanted == [f"textual>={low},<{high}"], wanted


#: An instance of each owner, for the names set on instances.
MAKE: dict[str, Any] = {
    "textual.app.App": App,
    "textual.widget.Widget": Widget,
}


def owner_of(path: str) -> Any:
    """A module by its name, or a class by its module and name."""
    try:
        return importlib.import_module(path)
    except ImportError:
        module, _, name = path.rpartition(".")
        return getattr(importlib.import_module(module), name)


@pytest.mark.parametrize(
    ("owner", "name", "parameters"),
    compat.PRIVATE,
    ids=[f"{owner}.{name}" for owner, name, _ in compat.PRIVATE],
)
def test_each_private_name_is_still_there(
    owner: str, name: str, parameters: tuple[str, ...] | None
) -> None:
    found = owner_of(owner)
    if parameters is None:
        if hasattr(found, name):
            return
        assert owner in MAKE, f"{owner}.{name} is gone (Textual {version('textual')})"
        assert hasattr(MAKE[owner](), name), (
            f"{owner}.{name} is gone (Textual {version('textual')})"
        )
        return
    method = getattr(found, name, None)
    assert callable(method), f"{owner}.{name} is gone (Textual {version('textual')})"
    now = tuple(inspect.signature(method).parameters)
    assert now == parameters, (
        f"{owner}.{name} takes {now} now, not {parameters} (Textual {version('textual')})"
    )


def test_compat_lists_every_private_name_it_uses() -> None:
    """A name compat.py reaches that PRIVATE does not list would go unchecked."""
    listed = {name for _, name, _ in compat.PRIVATE}
    tree = ast.parse(Path(compat.__file__).read_text(encoding="utf-8"))
    used = {
        node.attr
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute) and private(node.attr)
    }
    used |= {
        node.name
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and private(node.name)
    }
    used |= {
        alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("textual._")
        for alias in node.names
    }
    assert used <= listed, sorted(used - listed)


def test_at_most_nine_private_names() -> None:
    """Textual's insides are reached only where the public API cannot do
    the job: nine names at most (issue 48), each listed with its reason."""
    assert len(compat.PRIVATE) <= 9, [name for _, name, _ in compat.PRIVATE]
