"""Where the card and board data live.

In a source checkout (``uv run``) that is ``assets/`` at the top of the repository;
in an installed wheel it is ``boardgames_tui/_assets``.
"""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent.parent


def assets_dir() -> Path:
    bundled = _PACKAGE / "_assets"
    if bundled.is_dir():
        return bundled
    return _PACKAGE.parent / "assets"


def asset_path(*parts: str) -> Path:
    return assets_dir().joinpath(*parts)
