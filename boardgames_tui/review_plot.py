"""A review's curve (``engine/review.py``) as a plot, drawn by plotext:
one line per seat, the turns along the bottom; and the review as
``boardgames-tui review`` prints it (:func:`print_review`).

:func:`draw` sets up any plotext figure (the ``plotext`` module itself, or
the figure of the review screen's ``PlotextPlot`` widget), so the screen
and ``boardgames-tui review --plot`` draw the same plot.  Colour is never
the only signal: each seat has a tag (its initial, or its number when two
share one) written where its line ends and in the legend, and the text
plot for the command line draws every line with its tag.  Neither this
module nor plotext imports Textual.
"""

from __future__ import annotations

import math
import shutil
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from .engine.review_model import Review

#: A colour plotext takes: a name, a 256-colour number or (r, g, b).
Colour = str | int | tuple[int, int, int]


def seat_tags(names: Sequence[str]) -> list[str]:
    """One character per seat: its initial (upper case) when no other seat
    shares it, else its number."""
    initials = [(name.strip()[:1] or "?").upper() for name in names]
    return [
        initial if initials.count(initial) == 1 and initial.isalpha() else str(index + 1)
        for index, initial in enumerate(initials)
    ]


def y_label(review: Review) -> str:
    if review.kind == "chance":
        return "chance to win, %"
    if len(review.seats) == 1:
        return "points at the end"
    return "points ahead of the best other"


def figures(review: Review, seat: int) -> list[float]:
    """The seat's curve in the plot's units (a chance in per cent)."""
    curve = review.seats[seat].curve
    return [100 * v for v in curve] if review.kind == "chance" else list(curve)


def turn_ticks(turns: int, width: int) -> list[int]:
    """Whole turns to label along the bottom, about one per 12 columns."""
    if turns <= 1:
        return [1]
    most = max(2, min(turns, width // 12))
    step = max(1, -(-(turns - 1) // (most - 1)))
    ticks = list(range(1, turns + 1, step))
    if ticks[-1] != turns:
        if turns - ticks[-1] < step / 2:
            ticks[-1] = turns
        else:
            ticks.append(turns)
    return ticks


def value_ticks(low: float, high: float, most: int = 5) -> list[float]:
    """Round values to label up the side: the closest steps of 1, 2, 2.5 or
    5 times a power of ten that give at most ``most`` labels from ``low``
    to ``high``."""
    if high - low < 1e-9:
        return [round(low, 1)]
    power = 10 ** math.floor(math.log10((high - low) / max(1, most)))
    for step in (m * p for p in (power, 10 * power, 100 * power) for m in (1, 2, 2.5, 5)):
        first = math.ceil(low / step - 1e-9)
        last = math.floor(high / step + 1e-9)
        if last - first + 1 <= most:
            return [round(n * step, 6) for n in range(first, last + 1)]
    return [round(low, 1), round(high, 1)]


def tick_words(ticks: list[float]) -> list[str]:
    whole = all(float(t).is_integer() for t in ticks)
    return [f"{t:.0f}" if whole else f"{t:.1f}" for t in ticks]


def draw(
    plt: Any,
    review: Review,
    width: int,
    height: int,
    *,
    colours: Sequence[Colour] | None = None,
    letters: bool = False,
) -> None:
    """Set up ``plt`` (a plotext figure or the module) with the review's
    curve at ``width`` by ``height`` cells.  ``colours``: one per seat
    (None: no colour at all); ``letters``: each line drawn with its seat's
    tag instead of fine Braille dots."""
    plt.clear_data()
    plt.plotsize(width, height)
    tags = seat_tags([s.name for s in review.seats])
    turns = list(range(1, review.turns + 1))
    top = 0.0
    bottom = 0.0
    for seat, info in enumerate(review.seats):
        ys = figures(review, seat)
        if not ys:
            continue
        top, bottom = max(top, *ys), min(bottom, *ys)
        colour = colours[seat % len(colours)] if colours else None
        options: dict[str, Any] = {
            "marker": tags[seat] if letters else "braille",
            "label": f"{tags[seat]} {info.name}",
        }
        if colour is not None:
            options["color"] = colour
        plt.plot(turns, ys, **options)
        if not letters:
            # The tag where the line ends: the colour is not the only sign.
            text: dict[str, Any] = {"alignment": "left"}
            if colour is not None:
                text["color"] = colour
            plt.text(tags[seat], turns[-1], ys[-1], **text)
    if review.kind == "chance":
        plt.ylim(0, 100)
        top, bottom = 100.0, 0.0
        plt.hline(50)
    elif len(review.seats) > 1 and bottom < 0 < top:
        plt.hline(0)
    plt.xticks(turn_ticks(review.turns, width))
    ticks = value_ticks(bottom, top, max(2, min(5, height // 2)))
    plt.yticks(ticks, tick_words(ticks))
    plt.xlabel("turn")
    plt.ylabel(y_label(review))
    if colours is None:
        plt.theme("clear")


def plot_text(review: Review, width: int, height: int, *, colour: bool = False) -> str:
    """The curve as text for a terminal without the app: every line drawn
    with its seat's tag (``colour``: in the seats' colours too)."""
    import plotext  # type: ignore[import-untyped]

    palette: list[Colour] | None = ["blue", "red", "green", "orange", "magenta", "cyan"]
    draw(plotext, review, width, height, colours=palette if colour else None, letters=True)
    text: str = plotext.build()
    plotext.clear_figure()
    return text if colour else plotext.uncolorize(text)


#: The text plot's size: the terminal's width within these bounds.
PLOT_WIDTH = (40, 120)
PLOT_HEIGHT = 20


def print_review(
    path: Path, *, plot: bool = False, bots: bool = False, out: TextIO | None = None
) -> None:
    """Print the review of the save at ``path`` (worked out, or the one kept
    beside it): the turning points, and with ``plot`` the curve as a text
    plot.  While the moves are judged, a terminal on standard error is told
    how far it got.  Raises ``SaveError`` (a save that does not load) and
    ``ReviewError`` (a game not finished), each a sentence."""
    from .engine.review_cache import review_save
    from .engine.review_text import review_text

    out = out or sys.stdout
    err = sys.stderr
    shown = err.isatty()

    def progress(done: int, total: int) -> None:
        if shown:
            err.write(f"\rJudging the moves: {done} of {total}")
            err.flush()

    try:
        review = review_save(path, bots=bots, progress=progress)
    finally:
        if shown:
            err.write("\r\033[K")
            err.flush()
    print(review_text(review), file=out)
    if plot:
        columns = shutil.get_terminal_size((100, 24)).columns
        width = max(PLOT_WIDTH[0], min(PLOT_WIDTH[1], columns - 1))
        print("", file=out)
        print(plot_text(review, width, PLOT_HEIGHT, colour=out.isatty()), file=out)


__all__ = [
    "draw",
    "figures",
    "plot_text",
    "print_review",
    "seat_tags",
    "turn_ticks",
    "value_ticks",
    "y_label",
]
