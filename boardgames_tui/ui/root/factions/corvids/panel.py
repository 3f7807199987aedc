"""The Corvid Conspiracy's board in the side panel: warriors left, the plots
in the supply (by type for their own seat, a count for everyone else), the
face-down plots on the map by clearing (their types for their own seat
only), the face-up plots, the next flip's points and this turn's plot
cost; whole or short (where the side has no room for every board whole)."""

from __future__ import annotations

from collections import Counter

from rich.style import Style
from rich.text import Text

from boardgames_tui.games.root import core
from boardgames_tui.games.root.factions.corvids.state import (
    CORVIDS,
    PLOTS,
    UNKNOWN,
    face_up,
    me,
)

from ...board import Board
from ...look import faction_style
from ...short import FIRST, LAST, giving_way
from ...side_panel import SidePanel


def corvids_board(panel: SidePanel, board: Board) -> list[Text]:
    """Read from the viewer's view: another seat's holds no plot type but
    the face-up ones, so nothing here can tell it more."""
    state = board.state
    corvids = me(state)
    head = panel.heading(f"Corvid board, {panel.who(board, CORVIDS)}")
    head.append(f" · {corvids.warriors} warriors left", style=Style())
    out = [head]
    supply = Counter(k for k in corvids.supply if k != UNKNOWN)
    line = Text(" Supply ".ljust(12))
    if supply:
        line.append(
            ", ".join(f"{supply[k]} {k}" for k in PLOTS if supply[k]) or "empty",
            style=faction_style(CORVIDS),
        )
    else:
        n = len(corvids.supply)
        line.append(f"{n} plot{'s' if n != 1 else ''} face down" if n else "empty")
    out.append(line)
    places = state.clearings
    up = [(n, t) for n in state.woodland.numbers for t in places[n].tokens if t in PLOTS]
    out.append(_plots(panel, board, " Face down ", sorted(corvids.plots.items())))
    out.append(_plots(panel, board, " Face up ", up))
    cost = 1 + corvids.placed
    out.append(
        panel.dim(
            f"  next flip scores {face_up(state) + 1} · next plot costs "
            f"{cost} warrior{'s' if cost != 1 else ''}"
            + (" · exerted: no draw" if corvids.exerted else "")
        )
    )
    return out


def _plots(
    panel: SidePanel, board: Board, label: str, plots: list[tuple[int, str]], pad: bool = True
) -> Text:
    """A line of plots by clearing, each with its type where the viewer sees it."""
    woodland = board.state.woodland
    line = Text(label.ljust(12) if pad else label)
    if not plots:
        line.append("none", style=panel.st("root--dim"))
    for i, (n, kind) in enumerate(plots):
        if i:
            line.append(", ")
        name = woodland.clearing(n).name
        line.append(name if kind == UNKNOWN else f"{name} {kind}", style=faction_style(CORVIDS))
    return line


def corvids_compact(panel: SidePanel, board: Board) -> list[Text]:
    """Their board short, from the viewer's view as whole: warriors left,
    the supply, the plots on the map by clearing (face down, their types
    where the viewer sees them; face up), the next flip's points and plot's
    cost."""
    state = board.state
    corvids = me(state)
    supply = Counter(k for k in corvids.supply if k != UNKNOWN)
    n = len(corvids.supply)
    if supply:
        stock = ", ".join(f"{supply[k]} {k}" for k in PLOTS if supply[k])
    else:
        stock = f"{n} face down" if n else "empty"
    facts = [Text(f"{corvids.warriors} warriors"), Text(f"supply {stock}")]
    down = sorted(corvids.plots.items())
    up = [(c, t) for c in state.woodland.numbers for t in state.clearings[c].tokens if t in PLOTS]
    if down:
        facts.append(giving_way(_plots(panel, board, "face down: ", down, pad=False), LAST))
    if up:
        facts.append(giving_way(_plots(panel, board, "face up: ", up, pad=False), FIRST))
    if not down and not up:
        facts.append(Text("no plot on the map"))
    cost = 1 + corvids.placed
    nxt = panel.dim(
        f"next flip {face_up(state) + 1} VP, plot {core.plural(cost, 'warrior')}"
        + (" · exerted" if corvids.exerted else "")
    )
    facts.append(giving_way(nxt, FIRST))
    return facts
