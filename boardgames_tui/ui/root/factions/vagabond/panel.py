"""The Vagabond's board in the side panel: where his pawn stands, his
character and its special action, his items by state (face up, exhausted,
damaged) with the tea, coins and bag tracks, his relationship with every
other faction, his completed quests by suit and the three face up; and his
forest as a line under the Woodland when he stands in one."""

from __future__ import annotations

from collections import Counter

from rich.style import Style
from rich.text import Text

from boardgames_tui.games.root import core
from boardgames_tui.games.root.factions.vagabond import relations, satchel
from boardgames_tui.games.root.factions.vagabond.board import board as vboard
from boardgames_tui.games.root.factions.vagabond.board import quest
from boardgames_tui.games.root.factions.vagabond.state import (
    TRACK_ITEMS,
    TRACK_SPACES,
    VAGABOND,
    is_forest,
    me,
)
from boardgames_tui.games.root.model import RootState

from ...board import Board, RootDrawing
from ...look import faction_style
from ...panels import SidePanel


def counted(items: list[str]) -> str:
    found = Counter(items)
    return ", ".join(f"{n}×{i}" if n > 1 else i for i, n in sorted(found.items())) or "none"


def place_words(state: RootState) -> str:
    v = me(state)
    if not v.place:
        return "not yet placed"
    return core.clearing_name(state, v.place)


def vagabond_board(panel: SidePanel, board: Board) -> list[Text]:
    state = board.state
    v = me(state)
    head = panel.heading(f"Vagabond board, {panel.who(board, VAGABOND)}")
    if v.character:
        c = vboard().character(v.character)
        head.append(f" · the {c.name}", style=Style())
    out = [head]
    where = Text(" in " if v.place else " ")
    out.append(where.append(place_words(state), style=faction_style(VAGABOND)))
    if v.character:
        c = vboard().character(v.character)
        out.append(panel.dim(f"  {c.action_name} (a torch): {c.text}"))
    tracks = Text(" tracks ")
    for item in TRACK_ITEMS:
        n = satchel.on_track(v, item)
        tracks.append(f"{item} ")
        tracks.append("■" * n, style=faction_style(VAGABOND))
        tracks.append("□" * (TRACK_SPACES - n) + "  ", style=panel.st("root--dim"))
    out.append(tracks)
    satchel_up = [i for i in v.ready if i not in TRACK_ITEMS] + [
        i for i in TRACK_ITEMS for _ in range(v.ready.count(i) - satchel.on_track(v, i))
    ]
    out.append(Text(" face up ").append(counted(satchel_up), style=Style(bold=True)))
    out.append(Text(" exhausted ").append(counted(v.exhausted)))
    damaged = Text(" damaged ")
    damaged.append(counted(v.damaged + v.damaged_down), style=panel.st("root--dim"))
    if v.damaged_down:
        damaged.append_text(panel.dim(f" ({counted(v.damaged_down)} face down)"))
    out.append(damaged)
    limit = Text(f" items {satchel.satchel_and_damaged(v)} of {satchel.item_limit(v)}")
    limit.append_text(
        panel.dim(f" · Refresh {satchel.refreshes(v)} · draws {1 + satchel.on_track(v, 'coins')}")
    )
    out.append(limit)
    rel = Text(" relationships ")
    for i, (f, level) in enumerate(sorted(v.relations.items())):
        if i:
            rel.append(", ")
        rel.append(core.name(f), style=faction_style(f))
        rel.append(f" {relations.word(level)}")
        if v.aided.get(f):
            rel.append(f" ({v.aided[f]} aid this turn)")
    if v.partner >= 0:
        rel.append(" · coalition with ")
        rel.append(core.name(v.partner), style=faction_style(v.partner))
    out.append(rel)
    quests = Text(" quests ")
    laid = "; ".join(
        f"{quest(q).name} ({quest(q).suit}: {' + '.join(quest(q).items)})" for q in v.quests
    )
    quests.append(laid or ("none left" if v.done_quests else "laid out at his setup"))
    out.append(quests)
    done = Counter(quest(q).suit for q in v.done_quests)
    if done:
        out.append(
            panel.dim(" completed: " + ", ".join(f"{n} {s}" for s, n in sorted(done.items())))
        )
    if v.ruin_items:
        out.append(panel.dim(f" ruins: {len(v.ruins)} left, holding {counted(v.ruin_items)}"))
    return out


def forest_line(drawing: RootDrawing, board: Board, place: int) -> Text:
    """His forest on its line under the Woodland."""
    state = board.state
    cursor = board.cursor == place
    line = Text("▶ " if cursor else "  ")
    label = Text("Vagabond", style=faction_style(VAGABOND))
    if cursor:
        label.stylize(drawing.st("root--cursor"))
    line.append_text(label)
    if place in board.targets and board.live:
        line.append(" ◆", style=drawing.st("root--target"))
    line.append(" in " + core.clearing_name(state, place))
    return line


def forest_detail(board: Board, place: int) -> Text:
    text = Text("A forest", style=faction_style(VAGABOND))
    text.append(f": {core.clearing_name(board.state, place)} · only a pawn stands here")
    return text


def forests_below(state: RootState) -> tuple[int, ...]:
    """His forest, when he stands in one (the others are listed in his choices)."""
    v = me(state)
    return (v.place,) if is_forest(v.place) else ()
