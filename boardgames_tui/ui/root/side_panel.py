"""Root's side panel: the score, the hand of the person at the terminal
(the other hands face down) and every faction's board (its screen
package's panel, or a plain one), shortened where the room is short
(:mod:`.short`).  A :class:`~.panels.TextPanel` like the clearing's detail
under the map (:mod:`.panels`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from typing import Final, TypeVar, cast

from rich.style import Style
from rich.text import Text
from textual.message import Message
from textual.widget import Widget

from boardgames_tui.games.root import core
from boardgames_tui.games.root.faction import FACTIONS
from boardgames_tui.games.root.model import (
    HIDDEN,
    WIN_VP,
    card_of,
)

from ..kit.drawing import height_changes
from .board import Board
from .faction_ui import screen_of
from .look import (
    by_setup_order,
    faction_style,
)
from .panels import TextPanel
from .short import NEVER, held, short_board, steps
from .words import card_line, wrapped_rows

T = TypeVar("T")


#: The key that shows every board whole where the side shows them short.
BOARDS_KEY: Final = "f3"
#: The border's words under the boards while some are short.
SHORT_MARK: Final = "F3: every board whole"
#: Below this width the side is the narrow one (80 columns): the boards'
#: own column, scrolled, never shortened.
WIDE_SIDE: Final = 40


class SidePanel(TextPanel):
    """The score, the hand of the person at the terminal (the other hands
    face down), crafted cards and items, and every faction's board: its
    own panel (its screen package's ``panel``), or a plain one naming its
    warriors, buildings and tokens left, in reverse setup order.

    Where they do not all fit the room the wide side gives them (beside
    the action list and the log: a table of three or four, or two large
    boards), the boards are shortened in two steps: first the other seats'
    boards, the board of the person at the terminal staying whole when that
    is enough, then every one.  A short board is its screen package's
    ``compact`` lines under a line with its seat, points and hand (the
    score line goes: its points are there); F3 shows every board whole
    (:class:`~.dialogs.BoardsDialog`, a panel made ``whole``), as the
    border under them says.  The narrow side (80 columns) is the boards'
    own column and scrolls them whole.  Whether boards are short is posted
    (``Shortened``) when that changes, for the key bar."""

    class Shortened(Message):
        """Some boards are now shown short, or none is."""

        def __init__(self, panel: SidePanel, short: bool) -> None:
            super().__init__()
            self.panel = panel
            self.short = short

        @property
        def control(self) -> SidePanel:
            return self.panel

    def __init__(
        self, *, whole: bool = False, id: str | None = None, classes: str | None = None
    ) -> None:
        super().__init__(id=id, classes=classes)
        #: Only the boards, every one whole (the F3 dialog's panel).
        self.whole = whole
        #: The factions whose boards were last drawn short; the room last found.
        self.shortened: frozenset[int] = frozenset()
        #: How far each short board's facts last gave way (by faction; a
        #: faction not named: none gave way), :mod:`.short`'s levels.
        self.given_way: Mapping[int, int] = {}
        self._room_at: tuple[int, int] | None = None
        #: What was worked out for one board (``_kept``): the panel's lines
        #: by what they were chosen for, each board's lines by its form.
        self._kept_for: Board | None = None
        self._kept: dict[tuple[object, ...], object] = {}

    def _keep(self, board: Board, key: tuple[object, ...], make: Callable[[], T]) -> T:
        """``make()``, worked out once for ``board`` and ``key`` at this
        width and theme: the layout asks for the panel's lines as it
        measures it and again as it draws it, and choosing how short the
        boards are builds each board in every form it tries."""
        if board is not self._kept_for:
            self._kept_for, self._kept = board, {}
        key = (*key, self.picture_width(), self.app.theme)
        if key not in self._kept:
            self._kept[key] = make()
        return cast(T, self._kept[key])

    def drawing_stale(self) -> None:
        super().drawing_stale()
        self._kept_for, self._kept = None, {}

    def on_resize(self) -> None:
        """Laid out anew (the first time, or at another width): the room the
        boards have may be another, and with it their form and height (a
        panel drawn already for the width it now has is not drawn again)."""
        if self.board is not None and not self.whole and not self._is_drawn():
            self.redraw()
            if height_changes(self):
                self.refresh(layout=True)

    def _room(self) -> tuple[object, ...]:
        # In the side, the width the next layout gives it (while it measures
        # it, that width): its scroll's, less the bar ``fit_bar`` asks for.
        if self._measured_at and not self.whole:
            return (self._measured_at, None, self.app.theme)
        width = None if self.whole else self.coming_width()
        if width is None:
            return super()._room()
        return (width, None, self.app.theme)

    def picture(self) -> Text:
        text = super().picture()
        # (Made for the width the lines chose: with or without the bar.)
        self._drawn = (self.board, self._room())
        return text

    def coming_width(self) -> int | None:
        """The columns the panel will have in the next layout: its scroll's
        less the scrollbar it shows then (``fit_bar``); None: not in a
        laid-out scroll."""
        scroll = self.parent
        if not isinstance(scroll, Widget) or scroll.size.width <= 0:
            return None
        return scroll.size.width - self.bar_width(scroll.show_vertical_scrollbar)

    def bar_width(self, shown: bool) -> int:
        """The columns its scroll's bar takes, where it is ``shown``."""
        scroll = self.parent
        if not shown or not isinstance(scroll, Widget):
            return 0
        return scroll.styles.scrollbar_size_vertical

    def lines(self, board: Board) -> list[Text]:
        if self.whole:
            return self._keep(
                board, ("whole",), lambda: self.boards(board, frozenset(), gave_way=True)
            )
        # (Chosen for the room and, while the list or the log is read, for
        # the boards' form before: the same again chose the same.)
        reading = self.reading()
        was = (self.shortened, tuple(self.given_way.items())) if reading else ()
        short, level, out, bar = self._keep(
            board, ("lines", self.room(), reading, was), lambda: self._chosen(board)
        )
        self.fit_bar(bar)
        self.given_way = level
        if short != self.shortened:
            self.shortened = short
            self.post_message(self.Shortened(self, bool(short)))
            scroll = self.parent
            if isinstance(scroll, Widget):
                scroll.border_subtitle = SHORT_MARK if short else ""
        return out

    def _chosen(self, board: Board) -> tuple[frozenset[int], Mapping[int, int], list[Text], bool]:
        """The boards shortened, how far, the lines, and whether the bar
        shows (``shortest_needed``)."""
        full = [*self.score(board), *self.hands(board), *self.boards(board, frozenset())]
        short, level, out = self.shortest_needed(board, full)
        scroll = self.parent
        bar = isinstance(scroll, Widget) and scroll.show_vertical_scrollbar
        return short, level, out, bar

    def shortest_needed(
        self, board: Board, full: list[Text]
    ) -> tuple[frozenset[int], Mapping[int, int], list[Text]]:
        """The boards to shorten, how far their facts give way, and the
        panel's lines: none short in the narrow side, or where the whole
        ones fit; else the other seats', where the viewer's whole board then
        fits; else every one; and where even those do not fit, their facts
        give way a step at a time, least needed first (:func:`.short.steps`).
        While the list or the log is read (it has the boards' room for a
        while) the boards stay as they were.  Where the lines chosen do not
        fit even so, the scroll's bar is shown, before the layout
        (``fit_bar``).  Short boards are packed to the width the panel has
        beside a bar, so that they read the same with the bar or without
        it."""
        state = board.state
        room = self.room()
        if room is None or self.reading():
            was = self.shortened & set(state.factions)
            went = {f: n for f, n in self.given_way.items() if f in was}
            pack = 0 if room is None else room[1] - self.bar_width(True)
            out = full if not was else self.short_lines(board, was, pack, went)
            if room is not None:
                self.fit_bar(self.rows(out, room[1]) > room[0])
            return was, went, out
        rows, width = room
        pack = width - self.bar_width(True)
        short: frozenset[int] = frozenset()
        level: Mapping[int, int] = {}
        out = full
        if width >= WIDE_SIDE and self.rows(full, width) > rows:
            own = state.faction_of(board.viewer) if board.viewer is not None else None
            others = frozenset(f for f in state.factions if f != own)
            short, out = others, self.short_lines(board, others, pack)
            if own is None or self.rows(out, width) > rows:
                short = frozenset(state.factions)
                out = self.short_lines(board, short, pack)
                for step in steps(by_setup_order(state.factions), own):
                    if self.rows(out, width) <= rows:
                        break
                    level, out = step, self.short_lines(board, short, pack, step)
        self.fit_bar(self.rows(out, width) > rows)
        return short, level, out

    def fit_bar(self, shown: bool) -> None:
        """Show or hide the scroll's bar now, for the lines just chosen: the
        layout that places them then lays the panel out once, at the width
        the bar leaves (Textual decides the bar after a layout and lays the
        side out again, in a frame of its own, when it comes or goes)."""
        scroll = self.parent
        if not isinstance(scroll, Widget) or scroll.show_vertical_scrollbar == shown:
            return
        if scroll.styles.overflow_y != "auto":
            return
        scroll.show_vertical_scrollbar = shown
        if shown or scroll.vertical_scrollbar.display:
            scroll.vertical_scrollbar.display = shown

    def room(self) -> tuple[int, int] | None:
        """The rows and columns the panel fills without scrolling: the most
        its scroll may take (its ``max-height``) within the side, less its
        border, the columns without a bar.  None: not known (not laid
        out)."""
        if self._measured_at and self._room_at:  # (sizes asked now re-lay the screen out)
            return self._room_at
        scroll = self.parent
        side = scroll.parent if scroll is not None else None
        if not isinstance(scroll, Widget) or not isinstance(side, Widget):
            return None
        limit = scroll.styles.max_height
        if limit is None or not scroll.size.width or not side.size.height:
            return None
        rows = int(limit.resolve(side.size, self.app.size)) - scroll.styles.gutter.height
        self._room_at = rows, scroll.size.width
        return self._room_at

    def reading(self) -> bool:
        """Whether the list or the log is being read, the boards giving it
        their room for a while (the side's ``-reading-list`` and
        ``-reading-log``)."""
        scroll = self.parent
        side = scroll.parent if scroll is not None else None
        if not isinstance(side, Widget):
            return False
        return side.has_class("-reading-list") or side.has_class("-reading-log")

    def rows(self, lines: list[Text], width: int) -> int:
        """How many rows ``lines`` take wrapped at ``width``."""
        return wrapped_rows(self.app.console, lines, width)

    def boards(
        self,
        board: Board,
        short: frozenset[int],
        width: int = 0,
        level: Mapping[int, int] | None = None,
        gave_way: bool = False,
    ) -> list[Text]:
        """Every faction's board in reverse setup order, those in ``short``
        in their short form (joined to their first line within ``width``,
        their facts given way as far as ``level`` says); with ``gave_way``
        (every board whole, F3), each whole board followed by what gave way
        from its short form that is not on it (its hand's cards seen, what
        it crafted)."""
        out: list[Text] = []
        for faction in reversed(by_setup_order(board.state.factions)):
            if faction in short:
                out += self.short_board(board, faction, width, (level or {}).get(faction, NEVER))
                continue
            out += self._keep(board, ("board", faction), partial(self.whole_board, board, faction))
            if gave_way:
                out += [Text(" ").append_text(fact) for fact in held(self, board, faction)]
        return out

    def short_lines(
        self,
        board: Board,
        short: frozenset[int],
        width: int = 0,
        level: Mapping[int, int] | None = None,
    ) -> list[Text]:
        """The panel with the boards in ``short`` shortened (their facts
        given way as far as ``level`` says): the viewer's hand (with their
        points, where their board is whole), then the boards, each short
        one with its hand and crafted things."""
        state = board.state
        viewer = board.viewer
        out: list[Text] = []
        for faction in by_setup_order(state.factions):
            if state.seat(faction) == viewer:
                out += self.own_hand(board, faction, points=faction not in short)
        return out + self.boards(board, short, width, level)

    def short_board(self, board: Board, faction: int, width: int, level: int = NEVER) -> list[Text]:
        """A faction's board short (:func:`.short.short_board`), built once
        per board, width and level (the boards give way a step at a time,
        each step trying them all)."""
        return self._keep(
            board,
            ("short", faction, width, level),
            lambda: short_board(self, board, faction, width, level),
        )

    def whole_board(self, board: Board, faction: int) -> list[Text]:
        """A faction's board whole: its screen package's panel, or a plain one."""
        own = screen_of(faction).panel(self, board)
        return own if own is not None else self.plain_board(board, faction)

    def plain_board(self, board: Board, faction: int) -> list[Text]:
        """A faction's board in a line: its warriors and pieces left."""
        f = FACTIONS[faction]
        head = self.heading(f"{f.short} board, {self.who(board, faction)}")
        head.append(" · ", style=Style())
        head.append_text(self.plain_facts(board, faction))
        return [head]

    def plain_facts(self, board: Board, faction: int) -> Text:
        """A faction's warriors left and pieces on the map, in words."""
        state = board.state
        f = FACTIONS[faction]
        text = Text(f"{core.plural(state.player(faction).warriors, 'warrior')} left")
        on_map = [
            f"{core.on_map(state, kind)} {kind}"
            for kind in f.building_kinds + f.token_kinds
            if core.on_map(state, kind)
        ]
        if on_map:
            text.append(" · on the map: " + ", ".join(on_map))
        return text

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

    def own_hand(self, board: Board, faction: int, points: bool = False) -> list[Text]:
        """The hand of the person at the terminal, a card a line, numbered
        (``points``: their points beside it, where the score line is not)."""
        player = board.state.player(faction)
        head = self.heading(
            f"Your hand, {self.who(board, faction)}: {core.plural(len(player.hand), 'card')}"
        )
        if points:
            head.append(f" · {player.vp} VP", style=Style())
        out = [head]
        for i, c in enumerate(player.hand, start=1):
            line = Text(f" {i} ")
            line.append_text(self.suit(card_of(c).suit))
            line.append(" " + card_line(c))
            out.append(line)
        return out

    def hands(self, board: Board) -> list[Text]:
        state = board.state
        out: list[Text] = []
        viewer = board.viewer
        for faction in by_setup_order(state.factions):
            seat = state.seat(faction)
            player = state.player(faction)
            if seat == viewer:
                out += self.own_hand(board, faction)
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
