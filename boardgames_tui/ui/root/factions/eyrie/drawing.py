"""The Eyrie's board drawn in Root's side panel: the Decree's columns, what
comes next and what Turmoil would cost, the leaders and the roosts track.
The facts it draws are :mod:`.facts`' (which the keys read too, so they
stay apart from the drawing and its board)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from rich.style import Style
from rich.text import Text
from textual.dom import NoScreen
from textual.widget import Widget

from boardgames_tui.games.root import core
from boardgames_tui.games.root.factions.eyrie.decree import (
    LEADER_TEXT,
    ROOST_DRAWS,
    ROOST_POINTS,
    VIZIER_COLUMNS,
    roosts_on_map,
)
from boardgames_tui.games.root.factions.eyrie.state import DECREE_COLUMNS, Eyrie
from boardgames_tui.games.root.model import RootState

from ...look import SUIT_LETTER
from ...short import FIRST, LAST, giving_way
from .facts import (
    EYRIE_STYLE,
    VIZIER_MARK,
    DecreeCard,
    candidates,
    card_label,
    card_suit,
    decree_rows,
    in_danger,
    me,
    next_steps,
    resolving_now,
    turmoil_cost,
    who,
)
from .keys import COLUMN_LETTERS

if TYPE_CHECKING:
    from ...board import Board, RootDrawing


def eyrie_board(panel: RootDrawing, board: Board) -> list[Text]:
    """The Eyrie's board as the side panel's lines: the Decree first (what
    the turn turns on), then the leaders and the roosts.  In the narrow
    panel (80 columns) the leaders' powers are left to the card texts (H)."""
    state = board.state
    eyrie = me(state)
    narrow = narrow_panel(panel)
    head = Text(f"Eyrie board, {who(state, board.names)}", style=panel.st("root--title"))
    head.append(f" · {core.plural(eyrie.warriors, 'warrior')} left", style=Style())
    return [
        head,
        *_decree_lines(panel, state, narrow),
        *_leader_lines(panel, eyrie, narrow),
        *_roost_lines(panel, state),
    ]


#: Below this width the panel is the narrow one (80 columns).
NARROW: Final = 40


def narrow_panel(panel: RootDrawing) -> bool:
    """Whether ``panel`` is the narrow one (80 columns): by the width it is
    drawn at (``picture_width``: while the layout measures it, the width it
    is measured at), or, while it has none (hidden behind the action list or
    the log), by the screen's ``-narrow``: drawn then for the width it will
    have, it is not laid out for one width and drawn again for the other."""
    if not isinstance(panel, Widget):
        return False
    width = panel.picture_width()
    if width > 0:
        return width < NARROW
    try:
        return panel.screen.has_class("-narrow")
    except NoScreen:
        return False


def _decree_lines(panel: RootDrawing, state: RootState, narrow: bool) -> list[Text]:
    """The Decree's columns, what comes next and what Turmoil would cost."""
    eyrie = me(state)
    dim = panel.st("root--dim")
    own = EYRIE_STYLE
    resolving = resolving_now(state)
    head = Text("Decree", style=panel.st("root--title"))
    if resolving and eyrie.column < len(DECREE_COLUMNS):
        head.append(f" · resolving {DECREE_COLUMNS[eyrie.column].capitalize()}", style=Style())
    elif resolving:
        head.append(" · done for this Daylight", style=Style())
    out = [head]
    for column, cards in enumerate(decree_rows(state)):
        current = resolving and column == eyrie.column
        finished = resolving and column < eyrie.column
        mark = "▶" if current else ("✓" if finished else " ")
        line = Text(f" {mark}{DECREE_COLUMNS[column].capitalize():<8}", style=Style(bold=current))
        if not cards:
            line.append("—", style=dim)
        for i, entry in enumerate(cards):
            if i:
                line.append(", ")
            line.append_text(_card(panel, entry, narrow))
        out.append(line)
    if eyrie.leader in VIZIER_COLUMNS:
        words = "a Loyal Vizier" if narrow else "a Loyal Vizier, a bird; ✓: done"
        out.append(Text(f"  ({VIZIER_MARK}: {words})", style=dim))
    for s in next_steps(state):
        line = Text(" Now: " if resolving else " Next: ", style=Style(bold=True))
        line.append(f"{DECREE_COLUMNS[s.column].capitalize()} (")
        line.append_text(panel.suit(s.suit, word=True))
        line.append(f"): {s.needs} — ")
        if s.possible:
            line.append("possible now", style=own)
        else:
            line.append("not possible now", style=Style(bold=True))
        out.append(line)
    if eyrie.leader:
        cost = turmoil_cost(state)
        danger = in_danger(state)
        line = Text(" ⚠ Turmoil: " if danger else " Turmoil would cost ", style=Style(bold=danger))
        line.append(
            f"{cost.vp} VP ({core.plural(cost.birds, 'bird')} in the Decree), "
            f"{core.plural(cost.purged, 'card')} discarded, the {cost.leader.capitalize()} deposed",
            style=Style(bold=True) if danger else dim,
        )
        if danger:
            line.append(" — T falls into it", style=dim)
        out.append(line)
    return out


def _leader_lines(panel: RootDrawing, eyrie: Eyrie, narrow: bool) -> list[Text]:
    """The leader in office (or the choice of one), face up and deposed."""
    dim = panel.st("root--dim")
    own = EYRIE_STYLE
    out: list[Text] = []
    if eyrie.leader:
        line = Text(" Leader: ")
        line.append(eyrie.leader.capitalize(), style=own)
        if not narrow:
            line.append(f" ({LEADER_TEXT[eyrie.leader]})", style=dim)
        out.append(line)
        line = Text(" Face up: ")
        line.append(", ".join(x.capitalize() for x in eyrie.leaders) or "none")
        if eyrie.deposed:
            line.append(" · deposed: ")
            line.append(", ".join(x.capitalize() for x in eyrie.deposed), style=dim)
        out.append(line)
        return out
    out.append(Text(" Leader: to be chosen from", style=Style(bold=True)))
    for i, leader in enumerate(candidates(eyrie), start=1):
        line = Text(f" {i} ")
        line.append(leader.capitalize(), style=own)
        line.append(f": {LEADER_TEXT[leader]}", style=dim)
        out.append(line)
    return out


def _roost_lines(panel: RootDrawing, state: RootState) -> list[Text]:
    """Roosts on the map and left, and the track: by roosts on the map, the
    points each Evening and the cards drawn (the current space marked)."""
    eyrie = me(state)
    dim = panel.st("root--dim")
    own = EYRIE_STYLE
    placed = roosts_on_map(state)
    out = [Text(f" Roosts: {placed} on the map, {eyrie.roosts} left")]
    spaces = range(1, len(ROOST_POINTS))
    line = Text("  roosts ", style=dim)
    for n in spaces:
        line.append("■ " if n <= placed else "□ ", style=own if n <= placed else dim)
    out.append(line)
    for label, values in (("  VP     ", ROOST_POINTS), ("  cards  ", ROOST_DRAWS)):
        line = Text(label, style=dim)
        for n in spaces:
            style = own + Style(reverse=True) if n == placed else (own if n < placed else dim)
            line.append(str(values[n]), style=style)
            line.append(" ")
        out.append(line)
    return out


def _card(panel: RootDrawing, entry: DecreeCard, narrow: bool = False) -> Text:
    """A Decree card: its suit letter in the suit's colour and its name
    (V for a vizier), dim with ✓ once resolved."""
    suit = card_suit(entry.card)
    letter = VIZIER_MARK if entry.vizier else SUIT_LETTER[suit]
    text = Text(letter, style=panel.st(f"root--{suit}"))
    text.append(" " + ("Vizier" if narrow and entry.vizier else card_label(entry.card)))
    if entry.done:
        text.stylize(panel.st("root--dim"))
        text.append("✓", style=panel.st("root--dim"))
    return text


def eyrie_compact(panel: RootDrawing, board: Board) -> list[Text]:
    """The Eyrie's board short: warriors, the leader, the roosts and what
    they score each Evening, what Turmoil would cost in points; the
    Decree's columns (R M B U, as their keys) by their cards' suits (V a
    vizier; ▶ the column being resolved, ✓ the ones done); the step at
    hand or next and whether it can be done."""
    state = board.state
    eyrie = me(state)
    dim = panel.st("root--dim")
    placed = roosts_on_map(state)
    facts = [
        Text(f"{core.plural(eyrie.warriors, 'warrior')}"),
        Text(eyrie.leader.capitalize() if eyrie.leader else "no leader yet", style=EYRIE_STYLE),
        giving_way(
            Text(
                f"{core.plural(placed, 'roost')} score{'s' if placed == 1 else ''} "
                f"{ROOST_POINTS[placed]} VP"
            ),
            LAST,
        ),
    ]
    if eyrie.leader:
        danger = in_danger(state)
        words = f"Turmoil: {turmoil_cost(state).vp} VP"
        turmoil = Text(("⚠ " if danger else "") + words, style=Style(bold=True) if danger else dim)
        facts.append(turmoil if danger else giving_way(turmoil, FIRST))
    resolving = resolving_now(state)
    decree = Text("Decree", style=Style(bold=True))
    for column, cards in enumerate(decree_rows(state)):
        current = resolving and column == eyrie.column
        finished = resolving and column < eyrie.column
        mark = "▶" if current else ("✓" if finished else "")
        decree.append(" " if not column else " · ")
        decree.append(
            f"{mark}{COLUMN_LETTERS[column]} ",
            style=dim if finished else Style(bold=current),
        )
        if not cards:
            decree.append("—", style=dim)
        for entry in cards:
            suit = card_suit(entry.card)
            letter = VIZIER_MARK if entry.vizier else SUIT_LETTER[suit]
            decree.append(letter, style=dim if entry.done else panel.st(f"root--{suit}"))
    facts.append(decree)
    steps = next_steps(state)
    if steps:
        step = Text("Now " if resolving else "Next ", style=Style(bold=True))
        step.append(f"{DECREE_COLUMNS[steps[0].column].capitalize()}: ")
        for i, s in enumerate(steps):
            if i:
                step.append(", ")
            step.append_text(panel.suit(s.suit, word=True))
            step.append(
                " possible" if s.possible else " not possible", style=Style(bold=not s.possible)
            )
        facts.append(giving_way(step, FIRST))
    return facts
