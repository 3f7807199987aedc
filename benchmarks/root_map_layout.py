"""Root's map laid out for a new size: the first draw of the Woodland at a
size it was not drawn at (the boxes placed, the forests' marks found; the
layout is kept after, so only a resize or another map pays it again), per
map at the sizes 80x24 and 120x40 give the map (52 columns and 12 to 16
rows of boxes; 70x37), beside the machine's speed at plain Python measured
in the same run (:func:`common.calibration`).

    uv run python benchmarks/root_map_layout.py [--runs N]
"""

from __future__ import annotations

import argparse
import statistics
import time

from common import calibration, report

from boardgames_tui.games.root.woodland import MAPS, woodland
from boardgames_tui.ui.root import widgets

#: The map's room (columns, rows with the line under it) at 80x24 (with a
#: hint or a detail a line or more taller or shorter, down to the smallest:
#: the hint three lines) and at 120x40.
SIZES = [(52, 13), (52, 14), (52, 15), (52, 16), (52, 17), (70, 37)]


def first_draw(map_id: str, size: tuple[int, int]) -> float:
    """One layout made anew, in milliseconds (every forest a place, as for
    a table with the Vagabond)."""
    board = woodland(map_id)
    forests = {100 + f.number: f.number for f in board.forests}
    widgets._LAYOUTS.clear()
    start = time.perf_counter()
    widgets.map_layout(board, *size, (0,), forests)
    return (time.perf_counter() - start) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    speed = calibration()
    every: list[float] = []
    for map_id in MAPS:
        for size in SIZES:
            times = [first_draw(map_id, size) for _ in range(args.runs)]
            every.append(statistics.median(times))
            print(f"  {map_id:9} {size[0]}x{size[1]}: {every[-1]:7.1f} ms", flush=True)
    base = f"{speed:.1f} M plain-Python steps/s"
    report("a new size's layout, median over maps and sizes", statistics.median(every), "ms", base)
    report("a new size's layout, the slowest", max(every), "ms", base)


if __name__ == "__main__":
    main()
