"""The engine and the games know no screen (DESIGN.md: the arrows point one way)."""

from __future__ import annotations

import ast
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


# ------------------------------------------------------------ import circles
def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {module_name(p): p for p in PACKAGE.rglob("*.py")}


def imported_by(name: str, path: Path) -> set[str]:
    """Our modules that ``path`` (module ``name``) imports: every import
    statement in it, at the top, under ``TYPE_CHECKING`` or inside a
    function; relative imports resolved, ``from package import module``
    counted as the module."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()

    def ours(target: str) -> str | None:
        while target and target not in MODULES:
            target = target.rpartition(".")[0]
        return target or None

    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            targets = [
                f"{source}.{alias.name}" if f"{source}.{alias.name}" in MODULES else source
                for alias in node.names
            ]
        else:
            continue
        for target in targets:
            module = ours(target)
            if module is not None and module != name:
                found.add(module)
    return found


def import_cycles() -> list[list[str]]:
    """The groups of our modules that import each other, each in a circle
    (Tarjan's strongly connected components of more than one module)."""
    graph = {name: imported_by(name, path) for name, path in MODULES.items()}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in sorted(graph[node]):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for name in sorted(graph):
        if name not in index:
            visit(name)
    return sorted(groups)


def test_no_import_circles() -> None:
    """No module of ours imports, through any chain, one that imports it:
    counting every import statement (also under TYPE_CHECKING and inside
    functions), so the floors (cli -> app -> ui -> games -> engine) hold."""
    cycles = import_cycles()
    assert not cycles, "modules that import each other:\n" + "\n".join(
        " <-> ".join(group) for group in cycles
    )


def test_the_import_graph_sees_relative_and_late_imports() -> None:
    """The graph the circle test reads has the edges it must see."""
    assert "boardgames_tui.engine.game" in imported_by(
        "boardgames_tui.engine.session", MODULES["boardgames_tui.engine.session"]
    )
    assert "boardgames_tui.ui.screens.menu" in imported_by(
        "boardgames_tui.app", MODULES["boardgames_tui.app"]
    )  # imported inside a function


# ------------------------------------------------------------ module sizes
#: A module may run past this many lines only when its docstring says why.
MOST_LINES = 600
#: How a module's docstring says why it is one module: a paragraph that
#: starts with these words and gives the reason.
WHY_ONE_MODULE = "Why one module:"


def why_one_module(source: str) -> str | None:
    """The reason a module's docstring gives for being one long module (the
    paragraph that starts with ``WHY_ONE_MODULE``), or None."""
    doc = ast.get_docstring(ast.parse(source)) or ""
    for paragraph in re.split(r"\n\s*\n", doc):
        text = " ".join(paragraph.split())
        if text.startswith(WHY_ONE_MODULE):
            return text.removeprefix(WHY_ONE_MODULE).strip()
    return None


def test_long_modules_say_why_they_are_one() -> None:
    """No module over about 600 lines without the reason written at its top
    (issue 32): a long module is split into cohesive parts, or its docstring
    has a paragraph "Why one module: ..." that says why it is the right unit."""
    unexplained = []
    for path in sorted(PACKAGE.rglob("*.py")):
        name = path.relative_to(ROOT).as_posix()
        source = path.read_text(encoding="utf-8")
        lines = len(source.splitlines())
        if lines <= MOST_LINES:
            continue
        reason = why_one_module(source)
        if reason is None or len(reason.split()) < 12:
            unexplained.append(f"{name} ({lines} lines)")
    assert not unexplained, (
        f"modules over {MOST_LINES} lines whose docstring does not say why they are one "
        f"(a paragraph starting {WHY_ONE_MODULE!r}, a sentence or two), or that should be "
        "split:\n" + "\n".join(unexplained)
    )


def test_the_reason_is_read_from_the_docstring_only() -> None:
    explained = '"""A module.\n\nWhy one module: the twelve steps of a turn call one another\nin a ring, and apart they would each import the rest."""\n'
    assert why_one_module(explained) == (
        "the twelve steps of a turn call one another in a ring, "
        "and apart they would each import the rest."
    )
    assert why_one_module('"""A module."""\n# Why one module: a comment is not the top.\n') is None
    assert why_one_module("x = 1\n") is None
