"""Root's board parts in words: the clearing at the cursor (or the battle
it would start) under the map, and the side panel with the score, the hand
of the person at the terminal, the Burrow and both factions' boards.

Each is a :class:`TextPanel`: the screen hands it a :class:`~.board.Board`
and it redraws; colours come from component classes styled in ``root.tcss``.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable
from typing import ClassVar

from rich.style import Style
from rich.text import Text
from textual.widget import Widget

from boardgames_tui.games.root import core
from boardgames_tui.games.root.cards import describe as card_words
from boardgames_tui.games.root.factions import duchy as duchy_rules
from boardgames_tui.games.root.factions.base import FACTIONS
from boardgames_tui.games.root.model import (
    BURROW,
    CATS,
    DUCHY,
    EYRIE,
    HIDDEN,
    WIN_VP,
    RootState,
    card_of,
)
from boardgames_tui.games.root.tracks import RANKS, action_text
from boardgames_tui.games.root.tracks import duchy as duchy_board
from boardgames_tui.games.root.tracks import marquise as marquise_board
from boardgames_tui.games.root.woodland import autumn

from .board import Board, RootDrawing
from .choices import where
from .eyrie_drawing import eyrie_board
from .look import (
    COMPONENTS,
    SUIT_LETTER,
    by_setup_order,
    faction_mark,
    faction_style,
    token_words,
)


class TextPanel(RootDrawing, Widget):
    """A panel that renders its own rich text from a :class:`Board`."""

    COMPONENT_CLASSES: ClassVar[set[str]] = COMPONENTS

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.board: Board | None = None
        self._count = -1

    def show(self, board: Board) -> None:
        self.board = board
        lines = self.lines(board)
        self.refresh(layout=len(lines) != self._count)
        self._count = len(lines)

    @abstractmethod
    def lines(self, board: Board) -> list[Text]:
        """The panel's lines for this board (each panel says what it shows)."""

    def render(self) -> Text:
        if self.board is None:
            return Text("")
        return Text("\n").join(self.lines(self.board))

    def heading(self, words: str) -> Text:
        return Text(words, style=self.st("root--title"))

    def dim(self, words: str) -> Text:
        return Text(words, style=self.st("root--dim"))


class ClearingDetail(TextPanel):
    """The clearing at the cursor in words: suit, slots, pieces, ruler,
    paths and the river."""

    def lines(self, board: Board) -> list[Text]:
        state = board.state
        n = board.cursor
        if board.preview:
            # Before a battle: its outlook, in one paragraph (it wraps).
            head, *rest = board.preview
            text = Text("⚔ " + head, style=Style(bold=True))
            for line in rest:
                text.append(" " + line, style=Style())
            return [text]
        if n == BURROW:
            text = Text("The Burrow", style=faction_style(DUCHY))
            text.append(f" · {state.clearings[BURROW].moles} Duchy warriors")
            tunnels = duchy_rules.tunnels(state)
            text.append(
                " · next to " + ", ".join(where(t) for t in tunnels)
                if tunnels
                else " · no tunnel yet"
            )
            text.append(" · only the Duchy goes there")
            return [text]
        spot = autumn().clearing(n)
        c = state.clearings[n]
        text = Text(f"{n} {spot.name} ", style=Style(bold=True))
        text.append_text(self.suit(spot.suit, word=True))
        slots = [
            *c.buildings,
            *(["ruin"] if spot.ruin else []),
            *(["free"] * core.free_slots(state, n)),
        ]
        text.append(" · slots: " + ", ".join(slots))
        pieces = [
            f"{c.warriors[f]} {FACTIONS[f].short}"
            for f in by_setup_order(c.warriors)
            if c.warriors[f]
        ]
        text.append(" · warriors: " + (", ".join(pieces) if pieces else "none"))
        for faction in by_setup_order(FACTIONS):
            for kind in FACTIONS[faction].piece_marks:
                if c.count(kind):
                    text.append(" · " + token_words(kind, c.count(kind)))
        ruler = core.ruler(state, n)
        text.append(" · ruled by ")
        if ruler is None:
            text.append("nobody")
        else:
            text.append(f"the {FACTIONS[ruler].name}", style=faction_style(ruler))
        text.append(" · paths to " + ", ".join(where(p) for p in spot.paths))
        river = sorted(autumn().river_neighbours(n))
        if river:
            text.append(" · river to " + ", ".join(where(r) for r in river))
        return [text]


def card_line(number: int) -> str:
    """A card in a hand: its suit letter, name and kind."""
    c = card_of(number)
    kind = c.kind
    if kind == "item":
        what = "item"
    elif kind in ("ambush", "dominance", "favor"):
        what = kind
    else:
        what = "keeps"
    cost = "".join(SUIT_LETTER.get(s, "?") for s in c.cost) if c.cost else ""
    cost = cost.replace("?", "*")
    return f"{c.name} · {what}" + (f" · cost {cost}" if cost else "")


def card_text(number: int) -> str:
    """A card in full: name, suit, cost and effect in words."""
    return card_words(card_of(number))


class SidePanel(TextPanel):
    """The score, the hand of the person at the terminal (the other hands
    face down), crafted cards and items, and every faction's board: its
    own panel (:data:`BOARD_PANELS`), or a plain one naming its warriors,
    buildings and tokens left, in reverse setup order (the Duchy's above
    the Marquise's)."""

    def lines(self, board: Board) -> list[Text]:
        state = board.state
        out: list[Text] = []
        out += self.score(board)
        out += self.hands(board)
        for faction in reversed(by_setup_order(state.factions)):
            panel = BOARD_PANELS.get(faction)
            out += panel(self, board) if panel is not None else self.plain_board(board, faction)
        return out

    def plain_board(self, board: Board, faction: int) -> list[Text]:
        """A faction's board in a line: its warriors and pieces left."""
        state = board.state
        f = FACTIONS[faction]
        player = state.player(faction)
        head = self.heading(f"{f.short} board, {self.who(board, faction)}")
        head.append(f" · {core.plural(player.warriors, 'warrior')} left", style=Style())
        on_map = [
            f"{core.on_map(state, kind)} {kind}"
            for kind in f.building_kinds + f.token_kinds
            if core.on_map(state, kind)
        ]
        if on_map:
            head.append(" · on the map: " + ", ".join(on_map), style=Style())
        return [head]

    def duchy_boards(self, board: Board) -> list[Text]:
        """The Burrow and the Duchy's board."""
        return self.burrow(board.state) + self.duchy(board)

    def who(self, board: Board, faction: int) -> str:
        seat = board.state.seat(faction)
        name = board.names[seat] if seat < len(board.names) else ""
        return f"{core.name(faction)} ({name})" if name else core.name(faction)

    def score(self, board: Board) -> list[Text]:
        state = board.state
        text = self.heading("Score ")
        for faction in by_setup_order(state.factions):
            vp = state.player(faction).vp
            text.append(f"{self.who(board, faction)} ", style=faction_style(faction))
            text.append(f"{vp}", style=Style(bold=True))
            text.append("  ")
        text.append_text(self.dim(f"of {WIN_VP}"))
        return [text]

    def hands(self, board: Board) -> list[Text]:
        state = board.state
        out: list[Text] = []
        viewer = board.viewer
        for faction in by_setup_order(state.factions):
            seat = state.seat(faction)
            player = state.player(faction)
            if seat == viewer:
                head = self.heading(
                    f"Your hand, {self.who(board, faction)}: {core.plural(len(player.hand), 'card')}"
                )
                out.append(head)
                for i, c in enumerate(player.hand, start=1):
                    line = Text(f" {i} ")
                    line.append_text(self.suit(card_of(c).suit))
                    line.append(" " + card_line(c))
                    out.append(line)
            else:
                known = [c for c in player.hand if c != HIDDEN]
                line = self.heading(f"{self.who(board, faction)}'s hand: ")
                line.append(f"{core.plural(len(player.hand), 'card')}, face down")
                if known:
                    line.append(" · seen: " + ", ".join(card_of(c).name for c in known))
                out.append(line)
        for faction in by_setup_order(state.factions):
            player = state.player(faction)
            things = [card_of(c).name for c in player.crafted] + player.items
            if things:
                line = Text(f"{core.name(faction)} crafted: ", style=faction_style(faction))
                line.append(", ".join(things))
                out.append(line)
        return out

    def burrow(self, state: RootState) -> list[Text]:
        line = self.heading("The Burrow ")
        line.append(
            f"{faction_mark(DUCHY)}{state.clearings[BURROW].moles}", style=faction_style(DUCHY)
        )
        tunnels = duchy_rules.tunnels(state)
        line.append(
            " · tunnels: " + ", ".join(where(t) for t in tunnels) if tunnels else " · no tunnels"
        )
        line.append(f" · {state.duchy.tunnels} left")
        return [line]

    def duchy(self, board: Board) -> list[Text]:
        state = board.state
        d = state.duchy
        spec = duchy_board()
        out = [self.heading(f"Duchy board, {self.who(board, DUCHY)}")]
        out[0].append(f" · {d.warriors} warriors left", style=Style())
        for track, gives in ((spec.track("citadel"), "recruits"), (spec.track("market"), "draws")):
            built = core.on_map(state, track.building)
            line = Text(f" {track.building.capitalize()}s ".ljust(12))
            for i, space in enumerate(track.spaces):
                value = space.recruits if gives == "recruits" else space.draws
                mark = "■" if i < built else "□"
                line.append(
                    f"{mark}+{value} ",
                    style=faction_style(DUCHY) if i < built else self.st("root--dim"),
                )
            word = "warriors in Birdsong" if gives == "recruits" else "cards in Evening"
            line.append_text(self.dim(word))
            out.append(line)
        for rank in RANKS:
            left = duchy_rules.crowns_left(state, rank)
            spec_rank = spec.rank(rank)
            line = Text(f" {rank}s", style=Style(bold=True))
            crown = f"{spec.sway_vp(rank, left)} VP" if left else "no crown left"
            line.append_text(self.dim(f" (reveal {spec_rank.cards_to_reveal}, {crown}): "))
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

    def marquise(self, board: Board) -> list[Text]:
        state = board.state
        cats = state.cats
        spec = marquise_board()
        head = self.heading(f"Marquise board, {self.who(board, CATS)}")
        keep = (
            f" · keep in {where(cats.keep)}"
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
                        style=self.st("root--dim") if i > built else Style(bold=True),
                    )
            out.append(line)
        out.append(
            self.dim("  (a space: wood it costs, w, points it scores; +c: a card in Evening)")
        )
        return out


#: Each faction's own board panel, by faction number; a faction without
#: one gets :meth:`SidePanel.plain_board`.  A new faction's panel is a
#: function of the side panel and the board, added here.
BOARD_PANELS: dict[int, Callable[[SidePanel, Board], list[Text]]] = {
    DUCHY: SidePanel.duchy_boards,
    CATS: SidePanel.marquise,
    EYRIE: eyrie_board,
}
