"""The Woodland Alliance's board in the side panel: warriors and officers,
the bases (on the board or where they stand), the sympathy track (each
space's cost in supporters and the points it scores) and the Supporters
stack: its cards by suit for the Alliance's own seat, its count for every
other seat (the view turns the cards face down); and the same short, where
the side has no room for every board whole."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from rich.style import Style
from rich.text import Text

from boardgames_tui.games.root import core
from boardgames_tui.games.root.factions.alliance.rules import bases_on_map, placed
from boardgames_tui.games.root.factions.alliance.state import (
    ALLIANCE,
    BASES,
    STACK_LIMIT,
    TRACK_COST,
    TRACK_VP,
    me,
)
from boardgames_tui.games.root.model import HIDDEN, RootState, card_of

from ...look import SUIT_LETTER, faction_style
from ...reading import where
from ...short import FIRST, LAST, giving_way

if TYPE_CHECKING:
    from ...board import Board
    from ...side_panel import SidePanel

#: The order the supporters are counted in.
SUITS = ("fox", "rabbit", "mouse", "bird")


def alliance_board(panel: SidePanel, board: Board) -> list[Text]:
    state = board.state
    alliance = me(state)
    head = panel.heading(f"Alliance board, {panel.who(board, ALLIANCE)}")
    head.append(
        f" · {core.plural(alliance.warriors, 'warrior')} left, "
        f"{core.plural(alliance.officers, 'officer')}",
        style=Style(),
    )
    return [head, bases_line(panel, state), *track_lines(panel, state), supporters_line(state)]


def bases_line(panel: SidePanel, state: RootState) -> Text:
    """Where each base stands: on the map (its clearing), or on the board."""
    there = bases_on_map(state)
    line = Text(" Bases:")
    for suit, n in sorted(there.items(), key=lambda item: item[1]):
        line.append(f" {suit} in ")
        line.append(where(state, n), style=faction_style(ALLIANCE))
        line.append(";")
    board = [suit for suit in BASES if suit not in there]
    if board:
        line.append(" on the board: " + ", ".join(board), style=panel.st("root--dim"))
    else:
        line.rstrip()
        line.right_crop(1)
    return line


def track_lines(panel: SidePanel, state: RootState) -> list[Text]:
    """The sympathy track as a small table, a column per space: its cost in
    supporters and the points it scores, a placed token ■ in the cost row,
    the next space in bold; above it, the next space in words.  It fits the
    narrow panel (80 columns) as it is."""
    done = placed(state)
    total = len(TRACK_COST)
    head = Text(f" Sympathy {done}/{total} placed")
    if done < total:
        cost, vp = TRACK_COST[done], TRACK_VP[done]
        head.append(
            f": the next costs {core.plural(cost, 'supporter')}, scores {vp}",
            style=Style(),
        )
    rows = {"cost": Text(" cost  "), "vp": Text(" score ")}
    for i, (cost, vp) in enumerate(zip(TRACK_COST, TRACK_VP, strict=True)):
        style = Style(bold=True) if i == done else panel.st("root--dim")
        if i < done:
            rows["cost"].append("■ ", style=faction_style(ALLIANCE))
            rows["vp"].append(f"{vp} ", style=panel.st("root--dim"))
        else:
            rows["cost"].append(f"{cost} ", style=style)
            rows["vp"].append(f"{vp} ", style=style)
    for line in rows.values():
        line.rstrip()
    return [head, *rows.values(), panel.dim("  (Martial Law: one supporter more)")]


def supporters_line(
    state: RootState, label: str = " Supporters", hidden: str = " · face down"
) -> Text:
    """The stack by suit for the Alliance's own seat; its count for others
    (then ``hidden`` after it)."""
    cards = me(state).supporters
    limit = "" if bases_on_map(state) else f" of {STACK_LIMIT}"
    line = Text(f"{label} {len(cards)}{limit}")
    if not cards:
        return line
    if HIDDEN in cards:
        line.append(hidden)
        return line
    suits: Counter[str] = Counter(str(card_of(c).suit) for c in cards)
    line.append(": ")
    line.append(
        ", ".join(f"{SUIT_LETTER[s]} {suits[s]}" for s in SUITS if suits[s]),
    )
    return line


def alliance_compact(panel: SidePanel, board: Board) -> list[Text]:
    """The Alliance's board short: warriors and officers, the supporters
    (by suit for their own seat, a count for others, as whole), the
    sympathy placed and what the next costs and scores, the bases on the
    map (by suit and clearing)."""
    state = board.state
    alliance = me(state)
    facts = [
        Text(
            f"{core.plural(alliance.warriors, 'warrior')}, "
            f"{core.plural(alliance.officers, 'officer')}"
        ),
        supporters_line(state, "supporters", hidden=""),
    ]
    done = placed(state)
    sympathy = Text(f"sympathy {done}/{len(TRACK_COST)}")
    if done < len(TRACK_COST):
        sympathy.append(f", next: {TRACK_COST[done]} for {TRACK_VP[done]} VP")
    facts.append(giving_way(sympathy, LAST))
    there = bases_on_map(state)
    bases = Text("bases: " if there else "no base")
    for i, (suit, n) in enumerate(sorted(there.items(), key=lambda item: item[1])):
        bases.append(", " if i else "")
        bases.append_text(panel.suit(suit))
        bases.append(" ")
        bases.append(state.woodland.clearing(n).name, style=faction_style(ALLIANCE))
    facts.append(giving_way(bases, FIRST))
    return facts
