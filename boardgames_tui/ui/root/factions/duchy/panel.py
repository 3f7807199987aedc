"""The Underground Duchy on Root's screen: the Burrow (its line under the
Woodland, its words under the map when the cursor is there, its line in the
side panel) and the Duchy's board (its warriors left, its building tracks,
its ministers by rank with the crowns left, the swayed ministers' actions and
the cards revealed this turn), whole or short (where the side has no room
for every board whole)."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

from boardgames_tui.games.root import core
from boardgames_tui.games.root.factions.duchy.assembly import tunnels
from boardgames_tui.games.root.factions.duchy.board import (
    DUCHY_BUILDINGS,
    RANKS,
    action_text,
    duchy,
)
from boardgames_tui.games.root.factions.duchy.crowns import crowns_left
from boardgames_tui.games.root.factions.duchy.state import BURROW, DUCHY, me
from boardgames_tui.games.root.model import RootState, card_of

from ...board import Board, RootDrawing
from ...look import faction_mark, faction_style
from ...reading import where
from ...short import FIRST, LAST, giving_way
from ...side_panel import SidePanel


def in_burrow(state: RootState) -> int:
    return state.clearings[BURROW].warriors.get(DUCHY, 0)


def burrow_line(drawing: RootDrawing, board: Board) -> Text:
    """The Burrow on its line under the Woodland."""
    state = board.state
    cursor = board.cursor == BURROW
    line = Text()
    label = Text("▶ Burrow" if cursor else "  Burrow", style=faction_style(DUCHY))
    if cursor:
        label.stylize(drawing.st("root--cursor"))
    line.append_text(label)
    if BURROW in board.targets and board.live:
        line.append(" ◆", style=drawing.st("root--target"))
    line.append(f"  {faction_mark(DUCHY)}{in_burrow(state)}", style=faction_style(DUCHY))
    found = tunnels(state)
    line.append("  tunnels to " if found else "  no tunnels yet", style=drawing.st("root--dim"))
    line.append(", ".join(f"{n} {state.woodland.clearing(n).name}" for n in found))
    return line


def burrow_detail(board: Board) -> Text:
    """The Burrow in words, under the map when the cursor is there."""
    state = board.state
    text = Text("The Burrow", style=faction_style(DUCHY))
    text.append(f" · {in_burrow(state)} Duchy warriors")
    found = tunnels(state)
    text.append(
        " · next to " + ", ".join(where(state, t) for t in found) if found else " · no tunnel yet"
    )
    text.append(" · only the Duchy goes there")
    return text


def duchy_board(panel: SidePanel, board: Board) -> list[Text]:
    """The Burrow and the Duchy's board, in the side panel."""
    return burrow(panel, board.state) + board_lines(panel, board)


def burrow(panel: SidePanel, state: RootState) -> list[Text]:
    line = panel.heading("The Burrow ")
    line.append(f"{faction_mark(DUCHY)}{in_burrow(state)}", style=faction_style(DUCHY))
    found = tunnels(state)
    line.append(
        " · tunnels: " + ", ".join(where(state, t) for t in found) if found else " · no tunnels"
    )
    line.append(f" · {me(state).tunnels} left")
    return [line]


def board_lines(panel: SidePanel, board: Board) -> list[Text]:
    state = board.state
    d = me(state)
    spec = duchy()
    out = [panel.heading(f"Duchy board, {panel.who(board, DUCHY)}")]
    out[0].append(f" · {d.warriors} warriors left", style=Style())
    for track, gives in ((spec.track("citadel"), "recruits"), (spec.track("market"), "draws")):
        built = core.on_map(state, track.building)
        line = Text(f" {track.building.capitalize()}s ".ljust(12))
        for i, space in enumerate(track.spaces):
            value = space.recruits if gives == "recruits" else space.draws
            mark = "■" if i < built else "□"
            line.append(
                f"{mark}+{value} ",
                style=faction_style(DUCHY) if i < built else panel.st("root--dim"),
            )
        word = "warriors in Birdsong" if gives == "recruits" else "cards in Evening"
        line.append_text(panel.dim(word))
        out.append(line)
    for rank in RANKS:
        left = crowns_left(state, rank)
        spec_rank = spec.rank(rank)
        line = Text(f" {rank}s", style=Style(bold=True))
        crown = f"{spec.sway_vp(rank, left)} VP" if left else "no crown left"
        line.append_text(panel.dim(f" (reveal {spec_rank.cards_to_reveal}, {crown}): "))
        names = [m.name for m in spec.ministers if m.rank == rank]
        for i, m in enumerate(names):
            if i:
                line.append(", ")
            if m in d.swayed:
                line.append("★" + m, style=faction_style(DUCHY))
            else:
                line.append(m)
        out.append(line)
    for m in d.swayed:
        minister = spec.minister(m)
        used = f"minister:{m}" in d.used
        line = Text(" ★" + m, style=faction_style(DUCHY))
        line.append(f": {action_text(minister.action)}" + (" (used)" if used else ""))
        out.append(line)
    if d.revealed:
        line = Text(" revealed this turn: ")
        line.append(", ".join(card_of(c).name for c in d.revealed))
        out.append(line)
    return out


def duchy_compact(panel: SidePanel, board: Board) -> list[Text]:
    """The Burrow and the Duchy's board short: warriors left and in the
    Burrow, the tunnels, what the buildings on the map recruit in Birdsong
    and draw in Evening, the swayed ministers (★; dim once used this turn),
    the cards revealed this turn."""
    state = board.state
    d = me(state)
    spec = duchy()
    found = tunnels(state)
    on_map = {b: core.on_map(state, b) for b in DUCHY_BUILDINGS}
    burrow = Text("Burrow ").append(
        f"{faction_mark(DUCHY)}{in_burrow(state)}", style=faction_style(DUCHY)
    )
    facts = [
        Text(f"{core.plural(d.warriors, 'warrior')}"),
        burrow,
        giving_way(Text(f"tunnels {len(found)} of {len(found) + d.tunnels}"), FIRST),
        giving_way(
            Text(f"recruits {spec.birdsong_recruits(on_map)}, draws {spec.evening_draws(on_map)}"),
            FIRST,
        ),
    ]
    for m in d.swayed:
        used = f"minister:{m}" in d.used
        minister = Text("★" + m, style=panel.st("root--dim") if used else faction_style(DUCHY))
        facts.append(giving_way(minister, LAST))
    if d.revealed:
        revealed = Text("revealed: " + ", ".join(card_of(c).name for c in d.revealed))
        facts.append(giving_way(revealed, LAST))
    return facts
