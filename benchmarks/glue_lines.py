"""How many lines of screen and key glue each game's own screen writes.

"Glue" is the code that puts a game's screen together and wires its keys:
the screen class and its key declarations, not the board widgets that draw
the game's picture nor ``choices.py`` (which legal actions a key stands
for, read from the rules; free of Textual).  Per game, the modules counted:

- Underwing: ``ui/underwing/screen.py``, ``keys.py``, ``panels.py``;
- Incubation: ``ui/incubation/screen.py``, ``keys.py``;
- Tyrants: ``ui/tyrants/screen.py``, ``keys.py``;
- Root: ``ui/root/screen.py``, ``keys.py``;

and any further module of the game's ``ui/`` package named on the command
line (a module the glue moved into counts as glue).  Two figures per file:
its lines (``wc -l``) and its code lines: lines holding a token of code,
so neither blank lines, comments nor docstrings count.

    uv run python benchmarks/glue_lines.py [--also GAME:MODULE ...]
"""

from __future__ import annotations

import argparse
import ast
import io
import tokenize
from pathlib import Path

UI = Path(__file__).resolve().parents[1] / "boardgames_tui" / "ui"
GLUE = {
    "underwing": ["screen.py", "keys.py", "panels.py"],
    "incubation": ["screen.py", "keys.py"],
    "tyrants": ["screen.py", "keys.py"],
    "root": ["screen.py", "keys.py"],
}


def code_lines(source: str) -> int:
    """Lines holding code: not blank, not only a comment, not a docstring."""
    tree = ast.parse(source)
    docstrings: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            first = node.body[0] if node.body else None
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                if not isinstance(first.value.value, str):
                    continue
                end = first.end_lineno or first.lineno
                docstrings.update(range(first.lineno, end + 1))
    lines: set[int] = set()
    skip = {tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT}
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type in skip or token.type == tokenize.ENDMARKER:
            continue
        for line in range(token.start[0], token.end[0] + 1):
            if line not in docstrings:
                lines.add(line)
    return len(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--also", nargs="*", default=[], help="GAME:MODULE counted as glue too")
    args = parser.parse_args()
    glue = {game: list(files) for game, files in GLUE.items()}
    for extra in args.also:
        game, _, module = extra.partition(":")
        glue[game].append(module)
    for game, files in glue.items():
        total = code = 0
        for name in files:
            path = UI / game / name
            if not path.exists():
                continue
            source = path.read_text()
            lines, found = source.count("\n"), code_lines(source)
            total += lines
            code += found
            print(f"  {game}/{name}: {lines} lines, {found} code lines")
        print(f"{game}: {total} lines, {code} code lines")


if __name__ == "__main__":
    main()
