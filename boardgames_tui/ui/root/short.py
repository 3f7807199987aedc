"""The side panel's short boards, in pieces: a short board's facts (each
with how readily it gives way where even the short boards do not fit the
side), packed as many to a line as fit, and the order the facts give way in.

Where the score, the hand at the terminal and every board whole do not fit
the wide side (120 columns), the boards are shown short (:mod:`.panels`).
Where even the short ones do not (late in a four-seat game: a long hand,
many cards crafted, a faction's board grown, a hand seen), facts give way,
least needed first, a board at a time (:func:`steps`): those marked
:data:`FIRST` (the other seats', then the viewer's own), then those marked
:data:`LAST`.  A fact marked neither never gives way: what a decision needs
at a glance (warriors, the pieces and cards a move spends, the points).
Every fact that gives way is on the faction's whole board, or under it
(:func:`held`), which F3 shows (``SidePanel(whole=True)``), and a board that
gave some way ends with :data:`GAVE_WAY`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Final, Protocol

from rich.style import Style
from rich.text import Text

from boardgames_tui.games.root import core
from boardgames_tui.games.root.model import HIDDEN, card_of

from .faction_ui import screen_of
from .look import faction_style

if TYPE_CHECKING:
    from .board import Board

#: How readily a fact gives way: never (the default), last, first.
NEVER: Final = 0
LAST: Final = 1
FIRST: Final = 2

#: The mark that ends a short board some of whose facts gave way.
GAVE_WAY: Final = "…"

#: The width a short board is packed to before the panel is laid out.
SHORT_WIDTH: Final = 47


class Fact(Text):
    """A fact of a short board that gives way where the side lacks room
    (``gives_way``: :data:`LAST` or :data:`FIRST`), a :class:`~rich.text.Text`
    otherwise."""

    gives_way: int = NEVER


def giving_way(text: Text, order: int) -> Fact:
    """``text`` as a fact that gives way ``order`` (:data:`LAST`, :data:`FIRST`)."""
    fact = Fact()
    fact.append_text(text)
    fact.gives_way = order
    return fact


def order_of(fact: Text) -> int:
    """How readily ``fact`` gives way (:data:`NEVER` for a plain text)."""
    return fact.gives_way if isinstance(fact, Fact) else NEVER


def kept(facts: Iterable[Text], level: int) -> tuple[list[Text], bool]:
    """The facts that stand where those giving way at ``level`` or sooner
    have gone (``level`` :data:`NEVER`: all of them), and whether any went."""
    facts = list(facts)
    if level == NEVER:
        return facts, False
    out = [f for f in facts if order_of(f) < level]
    return out, len(out) < len(facts)


def steps(factions: Sequence[int], own: int | None) -> list[dict[int, int]]:
    """The levels the boards give way to, a board at a time, least needed
    first: each other seat's :data:`FIRST` facts (in ``factions``' order),
    then the viewer's own; then each other seat's :data:`LAST`, then the
    viewer's."""
    order = [f for f in factions if f != own] + [f for f in factions if f == own]
    out: list[dict[int, int]] = []
    level: dict[int, int] = {}
    for step in (FIRST, LAST):
        for faction in order:
            level = {**level, faction: step}
            out.append(level)
    return out


def packed(head: Text, facts: list[Text], width: int) -> list[Text]:
    """``head`` and then ``facts``, as many to a line as fit ``width`` (one
    wider than that on a line of its own), " · " between them, each line
    after the first indented a column."""
    out = [head]
    for fact in facts:
        line = out[-1]
        if line.cell_len + 3 + fact.cell_len <= width:
            line.append(" · ")
            line.append_text(fact)
        else:
            out.append(Text(" ").append_text(fact))
    return out


class Side(Protocol):
    """What a short board is drawn with: the side panel's words for a seat,
    the plain board's facts and the dim style (:class:`.side_panel.SidePanel`)."""

    def who(self, board: Board, faction: int) -> str: ...

    def plain_facts(self, board: Board, faction: int) -> Text: ...

    def dim(self, words: str) -> Text: ...

    def rows(self, lines: list[Text], width: int) -> int: ...


def short_board(
    panel: Side, board: Board, faction: int, width: int, level: int = NEVER
) -> list[Text]:
    """A faction's board short: a line with its seat, points and hand, then
    its screen package's facts (or the plain board's) as many to a line as
    fit ``width``, the cards seen in its hand, what it crafted; the facts
    that give way at ``level`` or sooner left out, and :data:`GAVE_WAY` at
    its end where some were.  A screen package with a board of its own and
    no short form keeps its board whole under that line."""
    state = board.state
    player = state.player(faction)
    head = Text(panel.who(board, faction), style=faction_style(faction))
    head.append(f" {player.vp} VP", style=Style(bold=True))
    if state.seat(faction) != board.viewer:
        head.append(f" · {core.plural(len(player.hand), 'card')}")
    screen = screen_of(faction)
    own = screen.compact(panel, board)
    whole = screen.panel(panel, board) if own is None else None
    facts = [*own] if own is not None else [] if whole else [panel.plain_facts(board, faction)]
    facts, went = kept([*facts, *held(panel, board, faction)], level)
    lines = packed(head, facts, width or SHORT_WIDTH)
    if went:
        # After the last fact, where its last row has room (a fact wider
        # than the side, a long "seen:" list, wraps: its last row, not its
        # length, says): no row of its own.
        last, room = lines[-1], width or SHORT_WIDTH
        mark = Text(" ").append_text(panel.dim(GAVE_WAY))
        if panel.rows([last + mark], room) > panel.rows([last], room):
            lines.append(last := Text(""))
        last.append_text(mark)
    return [*lines, *(whole or ())]


def held(panel: Side, board: Board, faction: int) -> list[Text]:
    """What a short board says of a faction's hand and play area that its
    whole board does not (F3 shows it under the whole board): the cards
    seen in its hand (not the viewer's own: their hand is shown), giving
    way last; what it crafted, giving way first (the crafted cards' texts
    are under H too)."""
    state = board.state
    player = state.player(faction)
    out: list[Text] = []
    known = [card_of(c).name for c in player.hand if c != HIDDEN]
    if known and state.seat(faction) != board.viewer:
        out.append(giving_way(panel.dim("seen: " + ", ".join(known)), LAST))
    things = [card_of(c).name for c in player.crafted] + player.items
    if things:
        out.append(giving_way(Text("crafted: " + ", ".join(things)), FIRST))
    return out
