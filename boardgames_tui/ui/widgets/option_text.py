"""An option's text in the action list: its number, and its description
wrapped to the list's width.

Most of a list's descriptions fit on one line, and every new list (a move's)
wrapped each of them with :func:`textwrap.wrap`, which splits and measures
every word: a list of forty actions spent about a fifth of a millisecond on
it before the move's frame.  A description that fits is taken as it is,
which is what wrapping it gives; one made of plain words (single spaces,
no hyphen, none longer than the width) is wrapped word by word, as
:func:`textwrap.wrap` wraps it, without its splitting by pattern.
"""

from __future__ import annotations

import textwrap

from rich.text import Span, Text

#: What :func:`textwrap.wrap` reads as whitespace besides the space (it
#: makes each a space, and breaks at it): a description holding one is
#: wrapped the long way.
_OTHER_WHITESPACE = frozenset("\t\n\x0b\x0c\r")


def fits_one_line(description: str, width: int) -> bool:
    """Whether wrapping ``description`` at ``width`` gives the description
    itself, on one line: it is no longer than the width, neither starts nor
    ends with a space (wrapping drops a line's last spaces), and holds no
    whitespace but spaces."""
    return (
        0 < len(description) <= width
        and description[0] != " "
        and description[-1] != " "
        and _OTHER_WHITESPACE.isdisjoint(description)
    )


def plain_words(description: str, width: int) -> list[str] | None:
    """``description``'s words when wrapping it at ``width`` is filling
    lines with them greedily: it holds words of at most ``width`` characters
    each, one space between two, no space first or last, no whitespace but
    spaces and no hyphen (:func:`textwrap.wrap` may break a word at one);
    else None.  (Each of its lines then takes the next word while the line,
    a space and the word fit: what :func:`textwrap.wrap` makes of it.)"""
    if not description or "-" in description or not _OTHER_WHITESPACE.isdisjoint(description):
        return None
    words = description.split(" ")
    for word in words:
        if not 0 < len(word) <= width:
            return None  # (a space first, last or doubled; a word to break)
    return words


def wrapped(description: str, width: int) -> list[str]:
    """``description``'s lines wrapped at ``width`` columns (long words
    broken; one empty line for an empty description)."""
    if fits_one_line(description, width):
        return [description]
    words = plain_words(description, width)
    if words is None:
        return textwrap.wrap(description, width, break_long_words=True) or [""]
    lines: list[str] = []
    line = [words[0]]
    length = len(words[0])
    for word in words[1:]:
        size = len(word)
        if length + 1 + size <= width:
            line.append(word)
            length += 1 + size
        else:
            lines.append(" ".join(line))
            line, length = [word], size
    lines.append(" ".join(line))
    return lines


def option_plain(number: int, description: str, width: int) -> str:
    """:func:`option_text`'s plain text."""
    head = f"{number:>2} " if 1 <= number <= 9 else "   "  # (three columns)
    return head + "\n   ".join(wrapped(description, width))


def option_text_of(plain: str) -> Text:
    """The option text reading ``plain`` (:func:`option_plain`): its number
    dim, the rest plain."""
    return Text(plain, end="", spans=[Span(0, 3, "dim")])


def option_text(number: int, description: str, width: int) -> Text:
    """The number (1-9 have one), then the description wrapped with its
    lines indented under it.  Plain text, wrapped here: far cheaper for the
    list to measure and draw than a table laid out on every redraw."""
    # (Made whole, as appending its parts one by one makes it: the number
    # dim, the rest plain.)
    return option_text_of(option_plain(number, description, width))


__all__ = [
    "fits_one_line",
    "option_plain",
    "option_text",
    "option_text_of",
    "plain_words",
    "wrapped",
]
