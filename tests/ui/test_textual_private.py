"""No private Textual name outside ``boardgames_tui/ui/compat.py``.

Textual's names that start with an underscore may change in any release; the
one module that leans on them is checked against each upgrade
(tests/ui/test_compat.py).  Everywhere else this test looks for:

- an import of a private Textual module or name (``from textual._context
  import ...``, ``from textual.widget import _x``, ``textual._x``);
- in a class with a Textual class among its bases (and in every class of
  ours mixed into one), a method, a class attribute or a ``self._x`` of a
  name that one of those Textual classes defines (an override or a use of
  Textual's private insides);
- ``something._x`` on any other object, where ``_x`` is a private name of a
  Textual class and no class of ours defines a name ``_x`` of its own.

Our own private helpers (``self._rows`` in a widget of ours, when no Textual
class above it has a ``_rows``) are left alone.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
import re
import sys
from functools import cache
from pathlib import Path

import pytest
import textual

import boardgames_tui

PACKAGE = Path(boardgames_tui.__file__).resolve().parent
COMPAT = PACKAGE / "ui" / "compat.py"
TEXTUAL = Path(textual.__file__).resolve().parent


def private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def on_self(node: ast.Attribute) -> bool:
    """Whether ``node`` is ``self.x``, ``cls.x`` or ``super().x``."""
    value = node.value
    if isinstance(value, ast.Name):
        return value.id in ("self", "cls")
    return (
        isinstance(value, ast.Call)
        and isinstance(value.func, ast.Name)
        and value.func.id == "super"
    )


def self_attributes(node: ast.AST) -> set[str]:
    """The names a class's code sets or reads on ``self`` (or ``super()``)."""
    return {sub.attr for sub in ast.walk(node) if isinstance(sub, ast.Attribute) and on_self(sub)}


def class_members(node: ast.ClassDef) -> dict[str, int]:
    """Private names a class body defines or uses, with a line of each."""
    found: dict[str, int] = {}
    for item in node.body:
        if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef) and private(item.name):
            found.setdefault(item.name, item.lineno)
        targets: list[ast.expr] = []
        if isinstance(item, ast.Assign):
            targets = item.targets
        elif isinstance(item, ast.AnnAssign):
            targets = [item.target]
        for target in targets:
            if isinstance(target, ast.Name) and private(target.id):
                found.setdefault(target.id, item.lineno)
    for sub in ast.walk(node):
        if isinstance(sub, ast.Attribute) and private(sub.attr) and on_self(sub):
            found.setdefault(sub.attr, sub.lineno)
    return found


@cache
def parsed(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), str(path))


@cache
def classes_in(path: Path) -> dict[str, ast.ClassDef]:
    """The ``class`` statements of a file, by name (the first of a name)."""
    found: dict[str, ast.ClassDef] = {}
    for node in ast.walk(parsed(path)):
        if isinstance(node, ast.ClassDef):
            found.setdefault(node.name, node)
    return found


def class_node(cls: type) -> ast.ClassDef | None:
    """The ``class`` statement of ``cls`` (a top-level or nested class)."""
    try:
        path = Path(inspect.getfile(cls))
    except (TypeError, OSError):
        return None
    if path.suffix != ".py":
        return None
    return classes_in(path).get(cls.__qualname__.rsplit(".", 1)[-1])


@cache
def textual_private_names(cls: type) -> frozenset[str]:
    """Private names one Textual class defines: in its namespace, or set on
    ``self`` by its methods."""
    names = {name for name in vars(cls) if private(name)}
    node = class_node(cls)
    if node is not None:
        names |= {name for name in self_attributes(node) if private(name)}
    return frozenset(names)


def is_textual(cls: type) -> bool:
    return cls.__module__.split(".")[0] == "textual"


#: In Textual's source: a method, a class attribute, or a name set on ``self``.
TEXTUAL_MEMBER = re.compile(
    r"^[ \t]+(?:async[ \t]+)?def[ \t]+(_\w+)|^[ \t]+(_\w+)[ \t]*[:=]|\bself\.(_\w+)[ \t]*[:=]",
    re.MULTILINE,
)


@cache
def all_textual_private_names() -> frozenset[str]:
    """Every private name a class anywhere in Textual defines or sets on
    itself (read from the text: parsing all of Textual took seconds)."""
    names: set[str] = set()
    for path in TEXTUAL.rglob("*.py"):
        for match in TEXTUAL_MEMBER.finditer(path.read_text(encoding="utf-8")):
            name = next(group for group in match.groups() if group)
            if private(name):
                names.add(name)
    return frozenset(names)


def modules(package: str, root: Path) -> list[str]:
    """``package`` and every module under it (``root`` is its folder)."""
    names = [package]
    for info in pkgutil.walk_packages([str(root)], prefix=f"{package}."):
        if info.name.rsplit(".", 1)[-1] != "__main__":  # runs the program
            names.append(info.name)
    return names


def source_of(name: str) -> Path:
    module = sys.modules[name]
    assert module.__file__ is not None
    return Path(module.__file__).resolve()


def private_imports(path: Path) -> list[str]:
    problems = []
    tree = parsed(path)
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            parts = node.module.split(".")
            if parts[0] == "textual":
                if any(private(part) for part in parts):
                    problems.append(f"{node.lineno}: imports from {node.module}")
                problems += [
                    f"{node.lineno}: imports {node.module}.{alias.name}"
                    for alias in node.names
                    if private(alias.name)
                ]
        elif isinstance(node, ast.Import):
            problems += [
                f"{node.lineno}: imports {alias.name}"
                for alias in node.names
                if alias.name.split(".")[0] == "textual"
                and any(private(part) for part in alias.name.split("."))
            ]
        elif (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id == "textual"
            and private(node.attr)
        ):
            problems.append(f"{node.lineno}: uses textual.{node.attr}")
    return problems


def find_problems(package: str, root: Path, compat: Path) -> list[str]:
    """Every private Textual name used in ``package`` (whose folder is
    ``root``) outside its module ``compat``."""
    root, compat = root.resolve(), compat.resolve()
    names = modules(package, root)

    def is_ours(cls: type) -> bool:
        return cls.__module__.split(".")[0] == package

    for name in names:
        importlib.import_module(name)
    files = {name: source_of(name) for name in names}
    problems: list[str] = []

    # Imports of Textual's private modules and names.
    for path in sorted(set(files.values())):
        if path != compat:
            problems += [f"{path.relative_to(root)}:{p}" for p in private_imports(path)]

    # Our classes built on Textual's: overrides and uses of Textual's insides.
    ours: dict[type, ast.ClassDef] = {}
    checked: set[tuple[type, str]] = set()
    textual_based: list[type] = []
    for name in names:
        for value in vars(sys.modules[name]).values():
            if isinstance(value, type) and is_ours(value) and value.__module__ == name:
                node = class_node(value)
                if node is not None:
                    ours[value] = node
                if any(is_textual(base) for base in value.__mro__):
                    textual_based.append(value)
    for cls in textual_based:
        theirs: dict[str, str] = {}
        for base in reversed(cls.__mro__):
            if is_textual(base):
                for member in textual_private_names(base):
                    theirs[member] = f"{base.__module__}.{base.__qualname__}"
        for part in cls.__mro__:
            if part not in ours or Path(inspect.getfile(part)).resolve() == compat:
                continue
            for member, line in class_members(ours[part]).items():
                if member in theirs and (part, member) not in checked:
                    checked.add((part, member))
                    path = Path(inspect.getfile(part)).resolve().relative_to(root)
                    problems.append(
                        f"{path}:{line}: {part.__qualname__} overrides or uses {member}"
                        f" of {theirs[member]}"
                    )

    # ``obj._x`` on other objects: Textual's private names we never define.
    our_names: set[str] = set()
    for node in ours.values():
        our_names |= set(class_members(node))
    flagged = {member for _, member in checked}
    foreign = all_textual_private_names() - (our_names - flagged)
    for path in sorted(set(files.values())):
        if path == compat:
            continue
        for node in ast.walk(parsed(path)):
            if isinstance(node, ast.Attribute) and node.attr in foreign and not on_self(node):
                problems.append(
                    f"{path.relative_to(root)}:{node.lineno}: uses {node.attr},"
                    " a private name of Textual's"
                )
    return sorted(set(problems))


def test_no_private_textual_name_outside_the_compat_module() -> None:
    problems = find_problems("boardgames_tui", PACKAGE, COMPAT)
    assert not problems, "Textual's private names outside ui/compat.py:\n" + "\n".join(problems)


FAKE = """
from textual import _context
from textual._context import active_message_pump
from textual.widget import Widget
from textual.widgets import OptionList


class Noting:
    def _set_dirty(self, *regions):
        super()._set_dirty(*regions)


class Board(Noting, Widget):
    def _redraw_marks(self):
        self._marks = 1

    def on_mount(self):
        return self.app._exception


class Picker(OptionList):
    def first(self):
        return self._options[0]


class Plain:
    def _set_dirty(self):
        self._options = []
"""

FAKE_COMPAT = """
from textual.widget import Widget


class Hook(Widget):
    def _set_dirty(self, *regions):
        super()._set_dirty(*regions)
"""


def test_the_search_finds_overrides_and_uses_but_not_our_own_names(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tmp_path / "fakeui"
    root.mkdir()
    (root / "__init__.py").write_text("")
    (root / "board.py").write_text(FAKE)
    (root / "compat.py").write_text(FAKE_COMPAT)
    monkeypatch.syspath_prepend(str(tmp_path))
    problems = find_problems("fakeui", root, root / "compat.py")
    for module in [m for m in sys.modules if m.split(".")[0] == "fakeui"]:
        monkeypatch.delitem(sys.modules, module)
    # Found: the private imports, the mixin's override, Textual's private
    # attributes; not found: Board's own _redraw_marks and _marks, nor Plain
    # (no Textual class above it), nor the compat module's override.
    assert set(problems) == {
        "board.py:2: imports textual._context",
        "board.py:3: imports from textual._context",
        "board.py:9: Noting overrides or uses _set_dirty of textual.widget.Widget",
        "board.py:18: uses _exception, a private name of Textual's",
        "board.py:23: Picker overrides or uses _options of textual.widgets._option_list.OptionList",
    }
