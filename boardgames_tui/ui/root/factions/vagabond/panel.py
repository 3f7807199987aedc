"""The Vagabond's board in the side panel: where his pawn stands, his
character and its special action, his items by state (face up, exhausted,
damaged) with the tea, coins and bag tracks, his relationship with every
other faction, his completed quests by suit and the three face up; and the
map's forests as his places on the Woodland (his pawn in one, a forest in
words under the map); and his board short, where the side has no room for
every board whole."""

from __future__ import annotations

from collections import Counter

from rich.style import Style
from rich.text import Text

from boardgames_tui.games.root import core
from boardgames_tui.games.root.faction import FACTIONS
from boardgames_tui.games.root.factions.vagabond import relations, satchel
from boardgames_tui.games.root.factions.vagabond.board import board as vboard
from boardgames_tui.games.root.factions.vagabond.board import quest
from boardgames_tui.games.root.factions.vagabond.rules import clearings_next_to
from boardgames_tui.games.root.factions.vagabond.state import (
    FOREST_BASE,
    INDIFFERENT,
    PAWN,
    TRACK_ITEMS,
    TRACK_SPACES,
    VAGABOND,
    is_forest,
    me,
)
from boardgames_tui.games.root.model import RootState

from ...board import Board
from ...look import faction_style
from ...reading import where
from ...short import FIRST, LAST, giving_way
from ...side_panel import SidePanel


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


def vagabond_compact(panel: SidePanel, board: Board) -> list[Text]:
    """His board short: his character and where he stands (a forest by the
    numbers of its clearings), the items he may carry, his items by state
    (the tracks' by count, the satchel's face up, exhausted and damaged),
    his relationships other than Indifferent by level, a coalition, the
    face-up quests by suit and the quests done."""
    state = board.state
    v = me(state)
    character = vboard().character(v.character).name if v.character else "no character yet"
    if not v.place:
        here = Text(f"{character}, not yet placed")
    elif is_forest(v.place):
        around = ", ".join(str(n) for n in clearings_next_to(state, v.place))
        here = Text(f"{character} in a forest ").append(
            f"({around})", style=faction_style(VAGABOND)
        )
    else:
        here = Text(f"{character} in ").append(where(state, v.place), style=faction_style(VAGABOND))
    facts = [here, Text(f"items {satchel.satchel_and_damaged(v)} of {satchel.item_limit(v)}")]
    tracks = [f"{item} {n}" for item in TRACK_ITEMS if (n := satchel.on_track(v, item))]
    if tracks:
        facts.append(Text(", ".join(tracks)))
    up = [i for i in v.ready if i not in TRACK_ITEMS] + [
        i for i in TRACK_ITEMS for _ in range(v.ready.count(i) - satchel.on_track(v, i))
    ]
    if v.character:
        facts.append(Text("up: ").append(counted(up), style=Style(bold=True)))
    if v.exhausted:
        facts.append(Text(f"exhausted: {counted(v.exhausted)}"))
    if v.damaged or v.damaged_down:
        damaged = panel.dim(f"damaged: {counted(v.damaged + v.damaged_down)}")
        facts.append(giving_way(damaged, LAST))
    by_level: dict[int, list[int]] = {}
    for f, level in sorted(v.relations.items()):
        if level != INDIFFERENT:
            by_level.setdefault(level, []).append(f)
    for level in sorted(by_level, key=lambda lv: (lv < 0, -lv)):
        rel = Text(f"{relations.word(level)}: ")
        for i, f in enumerate(by_level[level]):
            rel.append(", " if i else "")
            rel.append(FACTIONS[f].short, style=faction_style(f))
        facts.append(giving_way(rel, LAST))
    if not by_level and v.relations:
        facts.append(giving_way(Text(f"all {relations.word(INDIFFERENT)}"), FIRST))
    if v.partner >= 0:
        partner = core.name(v.partner)
        facts.append(Text("coalition with ").append(partner, style=faction_style(v.partner)))
    quests = Text("quests")
    for q in v.quests:
        quests.append(" ")
        quests.append_text(panel.suit(quest(q).suit))
    done = Counter(quest(q).suit for q in v.done_quests)
    if done:
        quests.append(", done " + ", ".join(f"{n} {s}" for s, n in sorted(done.items())))
    if v.quests or done:
        facts.append(giving_way(quests, FIRST))
    return facts


def forest_places(state: RootState) -> dict[int, int]:
    """Every forest of the map in play as his place (place -> forest)."""
    return {FOREST_BASE + f.number: f.number for f in state.woodland.forests}


def forest_mark(board: Board, place: int) -> Text | None:
    """His pawn in its forest, in one cell (the other forests: the map's mark)."""
    if me(board.state).place != place:
        return None
    return Text(FACTIONS[VAGABOND].piece_marks[PAWN], style=faction_style(VAGABOND))


def forest_detail(board: Board, place: int) -> Text:
    """A forest in words: the clearings around it and who stands there."""
    state = board.state
    around = clearings_next_to(state, place)
    text = Text("♣ A forest", style=Style(bold=True))
    text.append(" between " + ", ".join(where(state, n) for n in around))
    if me(state).place == place:
        text.append(" · ")
        text.append("the Vagabond", style=faction_style(VAGABOND))
        text.append(" stands here")
    else:
        text.append(" · nobody here: only the Vagabond's pawn may stand in a forest")
    return text
