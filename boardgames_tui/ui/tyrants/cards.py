"""The cards panel: the numbered choices of a card, the hand of the person
at the terminal, the cards played this turn, the market and the
always-available piles (the devoured pile's top card while it counts as a
market card, and the discard pile or inner circle when a card
asks for them), one line each under a heading per zone, with the kit's
board cursor over the card lines (↑ ↓; a second click acts)."""

from __future__ import annotations

from typing import ClassVar

from rich.segment import Segment
from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.geometry import Region, Size
from textual.scroll_view import ScrollView
from textual.strip import Strip

from boardgames_tui.games.tyrants.cards import card
from boardgames_tui.games.tyrants.rules import describe as describe_action

from ..kit.cursor import BoardCursor
from ..kit.drawing import fit, repaint_rows
from ..widgets.own_focus import focus_moved
from ..widgets.scrollbars import StraightScrollbars
from . import choices
from .board import Board, TyrantsDrawing, wrap_parts
from .choices import Pointer, Zone
from .look import ASPECT_LETTER

#: Below this width a card's aspect is its initial (C for Conquest).
NARROW_CARDS = 36

HEADINGS: dict[Zone, str] = {
    "choice": "Choose",
    "hand": "Hand",
    "played": "Played this turn",
    "market": "Market",
    "devoured": "Devoured pile: its top card",
    "piles": "Always available",
    "discard": "Discard pile",
    "inner": "Inner circle",
}


class CardsPanel(TyrantsDrawing, StraightScrollbars, ScrollView, BoardCursor, can_focus=True):
    """The cards, one line each under a heading per zone; the cursor moves
    with ↑ ↓ over the card lines."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "move(-1)", "Up", show=False),
        Binding("down", "move(1)", "Down", show=False),
        Binding("home", "home", "First", show=False),
    ]

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.board: Board | None = None
        self.rows: list[Pointer] = []
        #: Line of each card row.
        self._at: list[int] = []
        self._lines: list[Strip] = []
        #: The board and what else the lines were last drawn for.
        self._drawn_board: Board | None = None
        self._drawn_for: tuple[object, ...] = ()
        #: The player whose turn, and the person at the terminal, the
        #: cursor was placed for.
        self._turn_of: tuple[int, int | None] | None = None
        #: The cursor came to rest on a card the player did not point at
        #: (a new turn, or the card pointed at went); the screen reads and
        #: clears it.
        self.moved_on = False
        #: The width it last had on screen (before it was laid out: a guess).
        self._seen_width = 30
        #: Its height then (the lines it holds without scrolling).
        self._seen_height = 0

    @property
    def pointer(self) -> Pointer | None:
        return self.rows[self.cursor] if self.rows else None

    def place_count(self) -> int:
        return len(self.rows)

    def redraw_places(self, old: int, new: int) -> None:
        self._rebuild()

    def show(self, board: Board, *, first_live: bool = False) -> None:
        """Draw ``board``'s cards (with ``first_live``, the cursor on the
        first card Enter does something with)."""
        old = self.pointer
        self.board = board
        self.rows = choices.card_rows(board.state, board.viewer, board.legal)
        turn = (board.state.current, board.viewer)
        if turn != self._turn_of:
            # Another player's turn, or another person at the terminal: the
            # cursor starts at the top again rather than where the last
            # player left it in the market.
            self._turn_of = turn
            self.place_cursor(0)
            self.moved_on = True
        elif old in self.rows:
            self.place_cursor(self.rows.index(old))
        else:
            # The card pointed at went (recruited, played): the cursor is
            # on another one, which the player has not pointed at.
            self.place_cursor(self.cursor)
            self.moved_on = self.moved_on or (old is not None and self.pointer is not None)
        live = self._first_live_row() if first_live else None
        self._rebuild()
        if live is not None:
            self.call_after_refresh(self.scroll_to_cursor)

    def point(self, pointer: Pointer) -> None:
        if pointer in self.rows:
            self.place_cursor(self.rows.index(pointer))
            self._rebuild()
            self.scroll_to_cursor()

    def first_live(self) -> None:
        """Put the cursor on the first card Enter does something with."""
        if self._first_live_row() is not None:
            self._rebuild()
            self.scroll_to_cursor()

    def _first_live_row(self) -> int | None:
        """The cursor placed on the first live card (no redraw): its row."""
        for i, row in enumerate(self.rows):
            if self._live(row):
                self.place_cursor(i)
                return i
        return None

    def _live(self, row: Pointer) -> bool:
        assert self.board is not None
        if row.zone == "choice":
            return self.board.live
        return (row.zone, row.key) in self.board.live_cards

    def on_resize(self, event: events.Resize) -> None:
        self._rebuild()

    def watch_show_vertical_scrollbar(self, shown: bool) -> None:
        # The scrollbar takes a column from the lines: made for the width
        # without it, they were cut a column short of their ellipsis (and
        # whether they were made again depended on which event came first).
        self._rebuild()

    # The focus shows as the cursor, drawn by ``_rebuild`` from the screen's
    # focus (``has_cursor``): the focus event repaints nothing unchanged.
    def on_focus(self, event: events.Focus) -> None:
        focus_moved(self, event)
        self.call_later(self._rebuild)

    def on_blur(self, event: events.Blur) -> None:
        focus_moved(self, event)
        self.call_later(self._rebuild)

    def render_lines(self, crop: Region) -> list[Strip]:
        # Laid out at another width since the lines were made (the list
        # closed after a move, a scrollbar came or went): made again for
        # this frame rather than repainted in the next.
        if self.board is not None and self._drawn_for[3:4] != (self._width(),):
            self._rebuild(repaint=False)
        return super().render_lines(crop)

    def _width(self) -> int:
        """The width its lines are made for: its own, or with none (hidden
        behind the action list or the log), the one it last had, which it
        has again when the list closes: made for that, they are not made
        again for the frame that shows them."""
        region = self.scrollable_content_region
        width = region.width or self.size.width
        if width:
            self._seen_width, self._seen_height = width, region.height
        return width or self._seen_width

    def _rebuild(self, *, repaint: bool = True) -> None:
        if self.board is None:
            return
        width = self._width()
        base = self.rich_style
        key = (tuple(self.rows), self.cursor, self.has_cursor, width, base)
        if (
            self.board is self._drawn_board
            and key == self._drawn_for
            and self.app.theme == self._st_theme
        ):
            return  # drawn already for this board, cursor, focus, width and style
        self._drawn_board, self._drawn_for = self.board, key
        lines, self._at = self._text_lines(width)
        before, self._lines = (
            self._lines,
            [
                Strip(Segment.apply_style(list(t.render(self.app.console)), base), width)
                for t in lines
            ],
        )
        # Its lines fit its width: only their number is laid out (a width
        # of its own would lay the screen out again whenever it changed),
        # and no fewer than fill it: a move that changes how many lines
        # there are while they fit lays nothing out again (the layout's
        # frame would come before the repaint's, a frame more).
        height = max(len(self._lines), self._seen_height)
        if self.virtual_size.height != height:
            self.virtual_size = Size(0, height)
        if repaint:
            repaint_rows(self, before, self._lines)

    def _heading(self, zone: Zone, width: int) -> list[Text]:
        """A zone's heading, on as many lines as it needs at this width."""
        assert self.board is not None
        s = self.board.state
        parts = [HEADINGS[zone]]
        if zone == "hand" and self.board.viewer is not None:
            p = s.players[self.board.viewer]
            # Whose hand it is, always: during a bot's turn too.
            parts = [f"{s.seats[self.board.viewer].name}'s hand ({len(p.hand)})"]
            parts += [f"{p.power} power", f"{p.influence} influence"]
        elif zone == "market":
            parts.append(f"deck {len(s.market_deck)}")
        elif zone == "devoured":
            parts.append("as a market card")
        elif zone == "played":
            parts = [f"{s.seats[s.current].name}: {parts[0].lower()}"]
        return [
            fit(Text(line, style=self.st("ty--head")), width) for line in wrap_parts(parts, width)
        ]

    def _text_lines(self, width: int) -> tuple[list[Text], list[int]]:
        assert self.board is not None
        board = self.board
        s = board.state
        lines: list[Text] = []
        at: list[int] = []
        zone: Zone | None = None
        options = choices.choice_actions(board.legal)
        focused = self.has_cursor
        empty_hand = board.viewer is not None and not s.players[board.viewer].hand
        for i, row in enumerate(self.rows):
            if empty_hand and row.zone != "choice":
                # No card in hand: the heading still says the power and influence.
                empty_hand = False
                lines += self._heading("hand", width)
                lines.append(fit(Text("  no cards", style=self.st("ty--dim")), width))
            if row.zone != zone:
                zone = row.zone
                lines += self._heading(zone, width)
            at.append(len(lines))
            here = i == self.cursor
            live = self._live(row)
            line = Text()
            line.append("▶" if here and focused else " ", style=self.st("ty--key"))
            if row.zone == "choice":
                number = int(row.key)
                line.append(f"{number + 1} ", style=self.st("ty--key"))
                words = describe_action(s, options[number])  # type: ignore[arg-type]
                line.append(words)
            else:
                c = card(row.key)
                if row.zone == "hand":
                    line.append(f"{row.index + 1} ", style=self.st("ty--key"))
                cost = (
                    f"{c.cost}"
                    if row.zone in ("market", "devoured", "piles") and c.cost is not None
                    else ""
                )
                aspect = ASPECT_LETTER.get(c.aspect or "", "")
                # Narrow (80 columns): the aspect's initial, so that the
                # longest names are written whole ("Master of Melee-Magthere").
                aspect_w = 4
                if row.zone == "piles":
                    aspect = f"×{s.piles.get(row.key, 0)}"
                elif width < NARROW_CARDS:
                    aspect, aspect_w = aspect[:1], 1
                # (Every cost is one digit; the column is kept on every row,
                # so the aspects line up, and a spare one where there is room.)
                spare = 0 if width < NARROW_CARDS else 1
                room = max(1, width - len(line) - 3 - aspect_w - spare)
                name = c.name if len(c.name) <= room else c.name[: room - 1] + "…"
                line.append(f"{name:<{room}}")
                line.append(f" {aspect:>{aspect_w}}", style=self.st("ty--dim"))
                line.append(f" {cost:>1}", style=self.st("ty--key"))
            text = fit(line, width)
            if live:
                text.stylize(self.st("ty--live"), 1)
            elif board.live and row.zone != "hand":
                text.stylize(self.st("ty--dim"), 1)
            if here and focused:
                text.stylize(self.st("ty--cursor"), 1)
            lines.append(text)
        if not self.rows:
            lines.append(fit(Text("No cards to show.", style=self.st("ty--dim")), width))
        return lines, at

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        index = y + scroll_y
        width = self.scrollable_content_region.width
        if index >= len(self._lines):
            return Strip.blank(width, self.rich_style)
        return self._lines[index].crop_extend(scroll_x, scroll_x + width, self.rich_style)

    def scroll_to_cursor(self) -> None:
        if not self._at:
            return
        y = self._at[self.cursor]
        top = y - 1 if y > 0 and (self.cursor == 0 or self._at[self.cursor - 1] != y - 1) else y
        self.scroll_to_region(
            Region(0, top, 1, y - top + 1), animate=False, immediate=True, force=True
        )

    def action_move(self, delta: int) -> None:
        if not self.rows:
            return
        before = self.cursor
        # The cursor's watcher redraws and posts CursorMoved.
        self.move_cursor(delta)
        if self.cursor != before:
            self.scroll_to_cursor()

    def action_home(self) -> None:
        self.action_move(-self.cursor)

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        y = offset.y + int(self.scroll_offset.y)
        if y not in self._at:
            return
        event.stop()
        index = self._at.index(y)
        if index == self.cursor:
            self.activate()
            return
        self.cursor = index
