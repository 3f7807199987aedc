"""The lines under the grid: what the cursor points at in words, the bag and
the draw pile, and the Field.

- :class:`CardDetail`: the card or space at the cursor in words (the
  ribbons too), or the Field space at the Field's cursor.
- :class:`SupplyLine`: the bag's crystals by colour and the draw pile.
- :class:`FieldRing`: the eight Field spaces as a clockwise ring with every
  owner's handlers on them; its cursor is the kit's :class:`BoardCursor`
  over the spaces in the Field's order (``FIELD``), so it posts
  ``FieldRing.CursorMoved`` and ``FieldRing.Activated`` (a second click).
"""

from __future__ import annotations

from typing import ClassVar

from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.geometry import Size
from textual.widget import Widget

from boardgames_tui.games.underwing.cards import card, effect_text
from boardgames_tui.games.underwing.colours import ELEMENTS, LETTER, Element
from boardgames_tui.games.underwing.model import FIELD, UnderwingState

from ..kit.cursor import BoardCursor
from ..kit.drawing import Pictured, PicturedLines, fit, seg
from ..widgets.own_focus import focus_moved
from .drawing import Board, UnderwingDrawing, still_needs
from .look import WILD_TAG, space_state
from .targets import Target


# ------------------------------------------------------------- the detail
class CardDetail(UnderwingDrawing, Pictured, Widget):
    """The card or space at the cursor in words: name, score, temperature,
    what each ribbon does, who claimed it; for a space, what lies there and
    what it still takes."""

    #: Its words are wrapped by Textual, to whatever width it has.
    PICTURE_READS_SIZE = False

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.board: Board | None = None
        self.target: Target | None = None

    def show(self, board: Board, target: Target | None) -> None:
        self.board = board
        self.target = target
        self.redraw()

    def picture(self) -> Text:
        if self.board is None or self.target is None:
            return Text("")
        state = self.board.state
        target = self.target
        if target.field is not None:
            return self._field(state, target.field)
        if target.slot is None or not 0 <= target.slot < len(state.grounds):
            return Text("")
        s = state.grounds[target.slot]
        if s.card is None:
            return seg("An empty space: the draw pile has run out.", self.st("uw--dim"))
        c = card(s.card)
        text = Text()
        text.append(c.name, style=self.st("uw--name"))
        text.append(f" · {c.score} points · {c.temperature}")
        if s.wild:
            text.append(" · WILD DRAGON", style=self.st("uw--wild") + Style(bold=True))
            text.append(" · its wild ribbon: " + "; ".join(effect_text(e) for e in c.wild))
            return text
        if target.space is not None and target.space < len(c.spaces):
            element = c.spaces[target.space]
            contents = tuple(s.fill[target.space])
            text.append(" · ")
            text.append_text(self.chip(element))
            text.append(f" {element} space: ")
            if not contents:
                text.append("empty")
            else:
                text.append(" + ".join(contents))
                if space_state(element, contents) == "✓":
                    text.append(" (filled)", style=self.st("uw--ok"))
            needs = still_needs(element, contents)
            if needs:
                text.append("; needs " + " or ".join("+".join(LETTER[e] for e in g) for g in needs))
        else:
            if s.claimant is not None:
                who = state.seats[s.claimant].name
                text.append(f" · claimed by {who}")
                if s.complete:
                    text.append(
                        " · complete: it goes to their nursery at the end of this round and "
                        "hatches at the end of the next"
                    )
            elif s.complete:
                text.append(" · complete")
            else:
                text.append(" · unclaimed")
        text.append(" · tame: " + "; ".join(effect_text(e) for e in c.tame))
        text.append(" · wild: " + "; ".join(effect_text(e) for e in c.wild))
        return text

    def _field(self, state: UnderwingState, space: Element) -> Text:
        assert self.board is not None
        text = self.chip(space)
        text.append(f" the {space} Field space: a handler here collects {space} in Phase 1")
        if space == "white" and state.white_withdraws:
            text.append("; from White a handler goes to the Break Room")
        owners = [state.seats[i].name for i, p in enumerate(state.players) if space in p.field]
        if state.wild_forces is not None and space in state.wild_forces.field:
            owners.append(f"the Wild Forces ({WILD_TAG})")
        if owners:
            text.append(" · here: " + ", ".join(owners))
        return text


# ---------------------------------------------------------------- the Field
class FieldRing(UnderwingDrawing, PicturedLines, BoardCursor, can_focus=True):
    """The Field: eight element spaces in a clockwise ring (White, Orange,
    Yellow, Purple along the top, then Blue, Black, Red, Green back along the
    bottom), each with the tags of the handlers on it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "move(-1, 0)", "Left", show=False),
        Binding("right", "move(1, 0)", "Right", show=False),
        Binding("up", "move(0, -1)", "Up", show=False),
        Binding("down", "move(0, 1)", "Down", show=False),
    ]
    #: Field spaces by (row, column) as drawn.
    TOP: ClassVar[tuple[Element, ...]] = FIELD[:4]
    BOTTOM: ClassVar[tuple[Element, ...]] = tuple(reversed(FIELD[4:]))

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.board: Board | None = None
        self._cell = 12
        #: What the picture on screen was made from (``reads``).
        self._picture_read: object = None
        #: The ring's lines made before, by what each reads (``_line_reads``).
        self._ring_lines: dict[tuple[object, ...], Text] = {}

    @property
    def space(self) -> Element:
        return FIELD[self.cursor]

    @property
    def target(self) -> Target:
        return Target(field=self.space)

    def show(self, board: Board) -> None:
        """Draw ``board``: nothing to do when the Field reads as it did
        (most moves place nothing on it)."""
        self.board = board
        if self._drawn_lines is not None and self.reads() == self._picture_read:
            return
        self.redraw()

    def reads(self) -> tuple[object, ...]:
        """Everything the picture reads, as a value that compares equal when
        it would be the same (and costs far less to make)."""
        board = self.board
        if board is None:
            return ()
        state = board.state
        wild = state.wild_forces
        return (
            tuple(tuple(p.field) for p in state.players),
            None if wild is None else tuple(wild.field),
            state.phase == 1 and bool(state.collect) and state.collect[0],
            frozenset(board.live_fields),
            tuple(board.tags),
            self.cursor,
            self.has_cursor,
            self.content_size.width,
            self.app.theme,
        )

    def point(self, space: Element) -> None:
        """Move the cursor to ``space`` (from the screen: no message)."""
        self.place_cursor(FIELD.index(space))
        self.redraw()

    def place_count(self) -> int:
        return len(FIELD)

    def owners(self, space: Element) -> list[int]:
        """The seats with a handler on ``space``."""
        assert self.board is not None
        return [i for i, p in enumerate(self.board.state.players) if space in p.field]

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return 4

    def picture_lines(self) -> list[Text]:
        self._picture_read = self.reads()
        if self.board is None:
            return [Text("")]
        width = self.content_size.width or 56
        self._cell = w = max(11, min(16, (width - 4) // 4))
        return [
            self._ring_line("top", w),
            self._ring_line("upper", w),
            self._ring_line("lower", w),
            self._ring_line("bottom", w),
        ]

    def _ring_line(self, which: str, w: int) -> Text:
        """One of the ring's four lines (``which``: its top edge, the top
        spaces' handlers, the bottom spaces' handlers, its bottom edge), as
        made before when it reads the same: a move changes a line or two of
        the four (a handler placed, the cursor or a live mark moved)."""
        key = self._line_reads(which, w)
        line = self._ring_lines.get(key)
        if line is None:
            if len(self._ring_lines) >= 64:
                self._ring_lines.clear()
            line = self._ring_lines[key] = self._make_line(which, w)
        return line

    def _line_reads(self, which: str, w: int) -> tuple[object, ...]:
        """Everything the ring's line ``which`` reads, as a value."""
        board = self.board
        assert board is not None
        spaces = self.TOP if which in ("top", "upper") else self.BOTTOM
        if which in ("top", "bottom"):
            here = FIELD[self.cursor] if self.has_cursor else None
            return (which, w, self.app.theme, here, tuple(s in board.live_fields for s in spaces))
        state = board.state
        wild = state.wild_forces
        return (
            which,
            w,
            self.app.theme,
            tuple(tuple((seat, board.tags[seat]) for seat in self.owners(s)) for s in spaces),
            None if wild is None else tuple(s in wild.field for s in spaces),
            state.phase == 1 and bool(state.collect) and state.collect[0],
        )

    def _make_line(self, which: str, w: int) -> Text:
        edge = self.st("uw--border")
        if which == "top":
            line = seg("╭─", edge)
            for space in self.TOP:
                line.append_text(self._label(space, "→", w))
            line.append("─╮", style=edge)
        elif which == "upper":
            line = seg("│ ", edge)
            for space in self.TOP:
                line.append_text(self._handlers(space, w))
            line.append(" ↓", style=edge)
        elif which == "lower":
            line = seg("↑ ", edge)
            for space in self.BOTTOM:
                line.append_text(self._handlers(space, w))
            line.append(" │", style=edge)
        else:
            line = seg("╰─", edge)
            for space in self.BOTTOM:
                line.append_text(self._label(space, "←", w))
            line.append("─╯", style=edge)
        return line

    def drawing_stale(self) -> None:
        self._ring_lines.clear()
        super().drawing_stale()

    def _label(self, space: Element, arrow: str, w: int) -> Text:
        assert self.board is not None
        here = FIELD[self.cursor] == space and self.has_cursor
        text = seg(arrow, self.st("uw--border"))
        text.append("▸" if here else " ", style=self.st("uw--marker"))
        label = self.chip(space)
        label.append(f" {space}")
        if space in self.board.live_fields:
            label.stylize(self.st("uw--live"), 2)
        if here:
            label.stylize(self.st("uw--cursor"))
        text.append_text(label)
        return fit(text, w)

    def _handlers(self, space: Element, w: int) -> Text:
        assert self.board is not None
        state = self.board.state
        text = Text("  ")
        owners = self.owners(space)
        for seat in owners:
            text.append_text(self.tag(seat))
            text.append(" ")
        wild = state.wild_forces
        if wild is not None and space in wild.field:
            text.append(WILD_TAG, style=self.st("uw--wild") + Style(bold=True))
            text.append(" ")
        if not owners and not (wild is not None and space in wild.field):
            text.append("·", style=self.st("uw--dim"))
        if state.phase == 1 and state.collect and state.collect[0] == space:
            text.append("◂ collect", style=self.st("uw--marker"))
        return fit(text, w)

    def redraw_places(self, old: int, new: int) -> None:
        self.redraw()

    def on_focus(self, event: events.Focus) -> None:
        focus_moved(self, event)
        self.redraw()

    def on_blur(self, event: events.Blur) -> None:
        focus_moved(self, event)
        self.redraw()

    def action_move(self, dx: int, dy: int) -> None:
        space = FIELD[self.cursor]
        if space in self.TOP:
            row, col = 0, self.TOP.index(space)
        else:
            row, col = 1, self.BOTTOM.index(space)
        row = max(0, min(1, row + dy))
        col = max(0, min(3, col + dx))
        new = (self.TOP if row == 0 else self.BOTTOM)[col]
        if new != space:
            self.cursor = FIELD.index(new)  # posts CursorMoved

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        col = (offset.x - 2) // self._cell
        if not 0 <= col < 4 or offset.y not in (0, 1, 2, 3):
            return
        row = 0 if offset.y < 2 else 1
        space = (self.TOP if row == 0 else self.BOTTOM)[col]
        event.stop()
        if space == FIELD[self.cursor] and self.has_focus:
            self.activate()
            return
        if space == FIELD[self.cursor]:
            # pointed at already, from another part: the screen points here
            self.post_message(self.CursorMoved(self, self.cursor))
        else:
            self.cursor = FIELD.index(space)  # posts CursorMoved
        self.focus()


# ----------------------------------------------------------------- supply
class SupplyLine(UnderwingDrawing, PicturedLines, Widget):
    """The bag's crystals by colour, and the eggs left in the draw pile."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.board: Board | None = None
        #: What the picture on screen was made from (``reads``).
        self._picture_read: object = None

    def show(self, board: Board) -> None:
        """Draw ``board``: nothing to do when the bag and the pile are as
        they were (most moves)."""
        self.board = board
        if self._drawn_lines is not None and self.reads() == self._picture_read:
            return
        self.redraw()

    def reads(self) -> tuple[object, ...]:
        """Everything the picture reads, as a value."""
        if self.board is None:
            return ()
        state = self.board.state
        return (
            tuple(state.bag.items()),
            len(state.deck),
            self.content_size.width,
            self.app.theme,
        )

    def picture_lines(self) -> list[Text]:
        self._picture_read = self.reads()
        if self.board is None:
            return [Text("")]
        state = self.board.state
        narrow = (self.content_size.width or 80) < 60
        text = seg("" if narrow else "Bag ", self.st("uw--title"))
        for element in ELEMENTS:
            text.append_text(self.count(element, state.bag[element]))
            text.append(" ")
        if not narrow:
            text.append(f"({sum(state.bag.values())})", style=self.st("uw--dim"))
        pile = len(state.deck)
        text.append("│ " if narrow else "  │  Draw pile ", style=self.st("uw--title"))
        text.append(f"{pile} egg{'s' if pile != 1 else ''}")
        return [text]


__all__ = ["CardDetail", "FieldRing", "SupplyLine"]
