"""The Marquise de Cat's board in the side panel: her warriors and wood left,
the keep, and her three building tracks (each space's wood, points and
card), and the same short where the side has no room for every board
whole."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

from boardgames_tui.games.root import core
from boardgames_tui.games.root.factions.marquise.board import marquise
from boardgames_tui.games.root.factions.marquise.state import CATS, me

from ...board import Board
from ...look import faction_style, piece_mark
from ...reading import where
from ...short import FIRST, giving_way
from ...side_panel import SidePanel


def marquise_board(panel: SidePanel, board: Board) -> list[Text]:
    state = board.state
    cats = me(state)
    spec = marquise()
    head = panel.heading(f"Marquise board, {panel.who(board, CATS)}")
    keep = (
        f" · keep in {where(state, cats.keep)}"
        if cats.keep
        else (" · keep removed" if cats.keep_removed else "")
    )
    head.append(f" · {cats.warriors} warriors, {cats.wood} wood left{keep}", style=Style())
    out = [head]
    for track in spec.tracks:
        built = core.on_map(state, track.building)
        line = Text(f" {track.building.capitalize()}s ".ljust(12))
        for i, space in enumerate(track.spaces):
            if i < built:
                line.append("■ ", style=faction_style(CATS))
            else:
                extra = "+c" if space.draws else ""
                line.append(
                    f"{space.wood}w{space.vp}{extra} ",
                    style=panel.st("root--dim") if i > built else Style(bold=True),
                )
        out.append(line)
    out.append(panel.dim("  (a space: wood it costs, w, points it scores; +c: a card in Evening)"))
    return out


def marquise_compact(panel: SidePanel, board: Board) -> list[Text]:
    """Her board short: warriors and wood, the keep, and the next space of
    each building track (its letter on the map, the wood it costs and the
    points it scores)."""
    state = board.state
    cats = me(state)
    facts = [Text(f"{cats.warriors} warriors, {cats.wood} wood")]
    if cats.keep:
        facts.append(giving_way(Text(f"keep in {where(state, cats.keep)}"), FIRST))
    elif cats.keep_removed:
        facts.append(giving_way(Text("keep removed"), FIRST))
    build = Text("next (wood w VP): ")
    for i, track in enumerate(marquise().tracks):
        built = core.on_map(state, track.building)
        if i:
            build.append(" · ")
        build.append(piece_mark(track.building), style=faction_style(CATS))
        if built < len(track.spaces):
            space = track.spaces[built]
            build.append(f" {space.wood}w{space.vp}" + ("+c" if space.draws else ""))
        else:
            build.append(" all built", style=panel.st("root--dim"))
    facts.append(build)
    return facts
