"""The Eyrie Dynasties' board in the side panel: the leader and the leaders
left to choose, the roosts and their track, the Decree's four columns with
their cards (which column is being resolved, which cards are done), what
the next Decree step needs and whether it can be done now, and what
Turmoil would cost.

Everything here is public (the Decree is face up; the hand is the side
panel's, hidden like every hand).  The facts are plain functions of the
state (:func:`decree_rows`, :func:`next_steps`, :func:`turmoil_cost`), read
by the panel, the keys and the tests; :mod:`.drawing`'s ``eyrie_board``
writes them as lines that wrap in the narrow (28-column) panel as in the
wide one.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from rich.style import Style

from boardgames_tui.games.root import core
from boardgames_tui.games.root.faction import FACTIONS
from boardgames_tui.games.root.factions.eyrie.decree import (
    LEADER_TEXT,
    birds_in_decree,
    can_be_done,
    column_cards,
)
from boardgames_tui.games.root.factions.eyrie.state import (
    DECREE_COLUMNS,
    EYRIE,
    LEADERS,
    VIZIER,
    Eyrie,
)
from boardgames_tui.games.root.model import RootState, card_of

#: What a card in each Decree column asks, for a clearing of its suit.
COLUMN_NEEDS: Final[tuple[str, str, str, str]] = (
    "a warrior placed at a roost in {where}",
    "a move from {where}",
    "a battle in {where}",
    "a roost built in {where} you rule",
)

#: The Eyrie's colour in their panel, the same in every theme (as the map's
#: pieces and the suits): their package's ``colour``.
EYRIE_COLOUR: Final = FACTIONS[EYRIE].colour
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
