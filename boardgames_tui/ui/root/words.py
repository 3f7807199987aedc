"""Root's board in words, beside the panels: what the map adds to a
clearing, a card as a hand lists it or in full, and the rows lines take."""

from __future__ import annotations

from rich.console import Console
from rich.text import Text

from boardgames_tui.games.root.cards import describe as card_words
from boardgames_tui.games.root.model import RootState, card_of

from .look import SUIT_LETTER
from .reading import where


def map_words(state: RootState, n: int) -> list[str]:
    """What the map adds to a clearing, in words: the Ferry, a coastal
    clearing, the Pass, the closed paths from it."""
    board = state.woodland
    found: list[str] = []
    if n == state.ferry:
        found.append("Ferry here: sail to any coastal clearing, draw a card")
    elif board.is_coastal(n):
        found.append("coastal")
    if n == board.tower:
        found.append("the Pass: its ruler scores 1 at the end of their Evening")
    closed = sorted(b if a == n else a for a, b in board.closed_paths if n in (a, b))
    if closed:
        found.append(
            "closed paths to "
            + ", ".join(where(state, c) for c in closed)
            + " (clear one in Daylight: a card, 1 point)"
        )
    return found


def card_line(number: int) -> str:
    """A card in a hand: its suit letter, name and kind."""
    c = card_of(number)
    kind = c.kind
    if kind == "item":
        what = "item"
    elif kind in ("ambush", "dominance", "favor"):
        what = kind
    else:
        what = "keeps"
    cost = "".join(SUIT_LETTER.get(s, "?") for s in c.cost) if c.cost else ""
    cost = cost.replace("?", "*")
    return f"{c.name} · {what}" + (f" · cost {cost}" if cost else "")


def card_text(number: int) -> str:
    """A card in full: name, suit, cost and effect in words."""
    return card_words(card_of(number))


#: The rows a line's words take wrapped at a width (``wrapped_rows``).
_ROWS: dict[tuple[str, int], int] = {}


def wrapped_rows(console: Console, lines: list[Text], width: int) -> int:
    """How many rows ``lines`` take wrapped at ``width``: each line's words
    wrapped once (most of the side's lines stand from move to move, and a
    move asks three times)."""
    if len(_ROWS) > 4096:
        _ROWS.clear()
    for key in (keys := [(line.plain, width) for line in lines]):
        if key not in _ROWS:
            _ROWS[key] = len(Text(key[0]).wrap(console, width))
    return sum(_ROWS[key] for key in keys)


__all__ = ["card_line", "card_text", "map_words", "wrapped_rows"]
