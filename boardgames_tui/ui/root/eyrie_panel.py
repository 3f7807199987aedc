"""The Eyrie Dynasties' board in the side panel: the leader and the leaders
left to choose, the roosts and their track, the Decree's four columns with
their cards (which column is being resolved, which cards are done), what
the next Decree step needs and whether it can be done now, and what
Turmoil would cost.

Everything here is public (the Decree is face up; the hand is the side
panel's, hidden like every hand).  The facts are plain functions of the
state (:func:`decree_rows`, :func:`next_steps`, :func:`turmoil_cost`), read
by the panel and by the tests; :func:`eyrie_board` writes them as lines
that wrap in the narrow (28-column) panel as in the wide one.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from rich.style import Style
from rich.text import Text
from textual.widget import Widget

from boardgames_tui.games.root import core
from boardgames_tui.games.root.factions.eyrie_decree import (
    LEADER_TEXT,
    ROOST_DRAWS,
    ROOST_POINTS,
    VIZIER_COLUMNS,
    birds_in_decree,
    can_be_done,
    column_cards,
    roosts_on_map,
)
from boardgames_tui.games.root.model import (
    DECREE_COLUMNS,
    EYRIE,
    LEADERS,
    VIZIER,
    Eyrie,
    RootState,
    card_of,
)

from .look import SUIT_LETTER

if TYPE_CHECKING:
    from .board import Board, RootDrawing

#: What a card in each Decree column asks, for a clearing of its suit.
COLUMN_NEEDS: Final[tuple[str, str, str, str]] = (
    "a warrior placed at a roost in {where}",
    "a move from {where}",
    "a battle in {where}",
    "a roost built in {where} you rule",
)

#: The Eyrie's colour in their panel, the same in every theme (as the map's
#: pieces and the suits): the turquoise of the Eyrie module's ``colour`` (and ``root.tcss``'s ``$root-eyrie``).
EYRIE_COLOUR: Final = "#48c9b0"
EYRIE_STYLE: Final = Style(color=EYRIE_COLOUR, bold=True)

#: The letter that stands for a Loyal Vizier in a Decree column.
VIZIER_MARK: Final = "V"


def me(state: RootState) -> Eyrie:
    player = state.player(EYRIE)
    assert isinstance(player, Eyrie)
    return player


def card_suit(card: int) -> str:
    return "bird" if card == VIZIER else card_of(card).suit


def card_label(card: int) -> str:
    """A Decree card in a few words: the vizier, or the deck card's name."""
    return "Loyal Vizier" if card == VIZIER else card_of(card).name


@dataclass(frozen=True)
class DecreeCard:
    """One card in a Decree column, as the panel shows it."""

    card: int
    vizier: bool
    done: bool


def resolving_now(state: RootState) -> bool:
    """Whether the Eyrie are in the Daylight step that resolves the Decree
    (a battle or a choice in the middle of it included)."""
    return state.turn == EYRIE and state.step == "resolve" and state.setting_up < 0


def decree_rows(state: RootState) -> list[list[DecreeCard]]:
    """The four columns' cards (the vizier first), each marked done when it
    was resolved this Daylight."""
    eyrie = me(state)
    rows: list[list[DecreeCard]] = []
    resolving = resolving_now(state)
    for column in range(len(DECREE_COLUMNS)):
        cards = column_cards(eyrie, column)
        if not resolving or column > eyrie.column:
            done: Counter[int] = Counter()
        elif column < eyrie.column:
            done = Counter(cards)
        else:
            done = Counter(cards) - Counter(eyrie.todo)
        row = []
        for c in cards:
            finished = done[c] > 0
            if finished:
                done[c] -= 1
            row.append(DecreeCard(c, c == VIZIER, finished))
        rows.append(row)
    return rows


@dataclass(frozen=True)
class NextStep:
    """A Decree card still to resolve: its column, its suit, what it asks
    and whether that can be done in the position as it stands."""

    column: int
    card: int
    suit: str
    possible: bool

    @property
    def needs(self) -> str:
        where = "any clearing" if self.suit == "bird" else f"a {self.suit} clearing"
        return COLUMN_NEEDS[self.column].format(where=where)


def next_steps(state: RootState) -> list[NextStep]:
    """The Decree's next step: while it is being resolved, the cards left
    in the column at hand (one per suit); otherwise the first card of the
    first column with cards (what the next Daylight begins with)."""
    eyrie = me(state)
    if resolving_now(state):
        if eyrie.column >= len(DECREE_COLUMNS):
            return []
        column, cards = eyrie.column, eyrie.todo
    else:
        column, cards = next(
            (
                (i, column_cards(eyrie, i))
                for i in range(len(DECREE_COLUMNS))
                if column_cards(eyrie, i)
            ),
            (0, []),
        )
    out: list[NextStep] = []
    seen: set[str] = set()
    for c in cards:
        suit = card_suit(c)
        if suit in seen:
            continue
        seen.add(suit)
        out.append(NextStep(column, c, suit, can_be_done(state, column, c)))
    return out


@dataclass(frozen=True)
class TurmoilCost:
    """What falling into Turmoil now would cost: points (a bird card in the
    Decree each, the viziers included, Law 7.7.1), the deck cards purged and
    the leader deposed."""

    vp: int
    birds: int
    purged: int
    leader: str


def turmoil_cost(state: RootState) -> TurmoilCost:
    eyrie = me(state)
    return TurmoilCost(
        vp=min(birds_in_decree(eyrie), eyrie.vp),
        birds=birds_in_decree(eyrie),
        purged=sum(len(column) for column in eyrie.decree),
        leader=eyrie.leader,
    )


def in_danger(state: RootState) -> bool:
    """Whether a card of the column being resolved cannot be done now."""
    return resolving_now(state) and any(not s.possible for s in next_steps(state))


def candidates(eyrie: Eyrie) -> list[str]:
    """The leaders the Eyrie may choose next (every one at setup)."""
    return list(eyrie.leaders) if eyrie.leaders else list(LEADERS)


def cards_text(state: RootState) -> str:
    """For the card texts (H): the Eyrie's leaders and the Decree, public."""
    eyrie = me(state)
    parts = ["The Eyrie's leaders (a leader places the two Loyal Viziers in its columns):"]
    for leader in LEADERS:
        status = (
            "in office"
            if leader == eyrie.leader
            else "deposed"
            if leader in eyrie.deposed
            else "face up"
            if leader in eyrie.leaders
            else "not chosen yet"
        )
        parts.append(f"  {leader.capitalize()} ({status}): {LEADER_TEXT[leader]}")
    parts.append("The Eyrie's Decree:")
    for column, cards in enumerate(decree_rows(state)):
        names = ", ".join(card_label(e.card) + (" (done)" if e.done else "") for e in cards)
        parts.append(f"  {DECREE_COLUMNS[column].capitalize()}: {names or 'no card'}")
    return "\n".join(parts)


# ------------------------------------------------------------------ drawing
def who(state: RootState, names: Sequence[str]) -> str:
    seat = state.seat(EYRIE)
    name = names[seat] if 0 <= seat < len(names) else ""
    return f"{core.name(EYRIE)} ({name})" if name else core.name(EYRIE)


def eyrie_board(panel: RootDrawing, board: Board) -> list[Text]:
    """The Eyrie's board as the side panel's lines: the Decree first (what
    the turn turns on), then the leaders and the roosts.  In the narrow
    panel (80 columns) the leaders' powers are left to the card texts (H)."""
    state = board.state
    eyrie = me(state)
    narrow = isinstance(panel, Widget) and 0 < panel.size.width < NARROW
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
