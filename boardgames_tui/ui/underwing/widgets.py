"""Underwing's board, each part one widget drawing its own text.

- :class:`GroundsView`: the hatching grounds, the whole grid in one Line API
  widget with its own cursor over the cards and their element spaces.
- :class:`CardDetail`: what the cursor points at, in words (the ribbons too).
- :class:`FieldRing`: the eight Field spaces as a clockwise ring, with every
  owner's handlers on them, and its own cursor.
- :class:`SupplyLine`: the bag's crystals by colour and the draw pile.
- :class:`PlayerMats`: every player's Ready and Break Rooms, tracker, Field
  and egg handlers, storage, nursery and hatched dragons.

The screen hands each a :class:`Board` (the state, who acts, what is legal,
where Enter does something) and they redraw; the grid and the Field post
:class:`~.messages.TargetChanged` when their cursor moves and
:class:`~.messages.TargetActivated` on a second click.  Colours come from
component classes styled in ``underwing.tcss``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from math import ceil
from typing import ClassVar

from rich.console import Console
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.css.scalar import Scalar
from textual.dom import NoScreen
from textual.geometry import Region, Size
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.widget import Widget

from boardgames_tui.engine.game import Action
from boardgames_tui.games.underwing.cards import card, effect_text
from boardgames_tui.games.underwing.colours import COMPLETIONS, ELEMENTS, LETTER, Element
from boardgames_tui.games.underwing.model import FIELD, Slot, UnderwingState
from boardgames_tui.ui.widgets import ActionPicker
from boardgames_tui.ui.widgets.frame_look import FrameLook
from boardgames_tui.ui.widgets.own_focus import focus_moved
from boardgames_tui.ui.widgets.palette import Palette, find_palette
from boardgames_tui.ui.widgets.text_rows import TextRows

from .choices import Target, live_targets
from .look import (
    GLYPH,
    SEAT_CLASSES,
    SPACE_WIDTH,
    WILD_TAG,
    chip,
    element_class,
    seat_class,
    shown_contents,
    space_state,
)
from .messages import SeatPicked, TargetActivated, TargetChanged

COMPONENTS: set[str] = {
    *(element_class(e) for e in ELEMENTS),
    *(f"uw--seat-{i}" for i in range(SEAT_CLASSES)),
    "uw--dim",
    "uw--border",
    "uw--border-cursor",
    "uw--wild",
    "uw--score",
    "uw--name",
    "uw--cursor",
    "uw--live",
    "uw--marker",
    "uw--active",
    "uw--ok",
    "uw--title",
}


#: Components that add to the style beneath them instead of replacing it.
MODIFIERS = frozenset({"uw--cursor", "uw--live"})


@dataclass
class Board:
    """Everything a part needs to draw itself."""

    state: UnderwingState
    tags: list[str]
    to_act: int | None = None
    #: A person may act now (no bot thinking, game not over): targets are live.
    live: bool = False
    legal: Sequence[Action] = ()
    live_slots: set[int] = field(default_factory=set)
    live_spaces: set[tuple[int, int]] = field(default_factory=set)
    live_fields: set[Element] = field(default_factory=set)

    @classmethod
    def build(
        cls,
        state: UnderwingState,
        tags: list[str],
        to_act: int | None,
        live: bool,
        legal: Sequence[Action],
    ) -> Board:
        slots, spaces, fields = live_targets(state, legal) if live else (set(), set(), set())
        return cls(state, tags, to_act, live, legal, slots, spaces, fields)


class UnderwingPalette(Palette):
    """Underwing's colours, styled once for every drawing on the screen."""

    COMPONENT_CLASSES: ClassVar[set[str]] = COMPONENTS


class Drawing:
    """Helpers shared by the parts: styled pieces of text."""

    board: Board | None
    _styles: dict[tuple[str, str], Style]

    def st(self, name: str) -> Style:
        """A component class's style, from the screen's palette (cached per
        theme: a redraw asks for the same few styles hundreds of times)."""
        assert isinstance(self, Widget)
        if not hasattr(self, "_styles"):
            self._styles = {}
        key = (name, self.app.theme)
        style = self._styles.get(key)
        if style is None:
            palette = find_palette(self, UnderwingPalette)
            if palette is None:
                return Style()
            # Colours blended with the screen's background ("auto" and
            # translucent ones such as $text-muted are only right then);
            # the cursor and the live mark only add reverse and underline
            # to what they lie on.
            style = self._styles[key] = palette.style(name, partial=name in MODIFIERS)
        return style

    @property
    def has_cursor(self) -> bool:
        """This part has the focus as the screen has it now.  (``has_focus``
        follows a frame later, when the focus event arrives: drawing the
        cursor from it would draw each move twice.)"""
        assert isinstance(self, Widget)
        try:
            return self.screen.focused is self
        except NoScreen:
            return False

    def chip(self, element: Element) -> Text:
        """``♥R`` on the element's colour."""
        return seg(chip(element), self.st(element_class(element)))

    def crystal(self, element: Element) -> Text:
        """One crystal on a space: its letter, small, on its colour."""
        return seg(LETTER[element].lower(), self.st(element_class(element)))

    def tag(self, seat: int) -> Text:
        assert self.board is not None
        return seg(self.board.tags[seat], self.st(seat_class(seat)))

    def count(self, element: Element, number: int) -> Text:
        """``♥R3``; dim when there are none."""
        text = self.chip(element)
        text.append(str(number), style=self.st("uw--dim") if not number else Style(bold=True))
        return text


class Pictured(Drawing):
    """A part drawn as one piece of text, repainted only when it changes."""

    #: The text last drawn.
    _picture: Text | None = None

    def picture(self) -> Text:
        """The part's text now."""
        return Text("")

    def render(self) -> Text:
        self._picture = self.picture()
        return self._picture

    def redraw(self, picture: Text | None = None) -> None:
        """Repaint when the part would look different: a move repaints the
        parts it changed, and the pointer's and the focus's messages that
        follow it a frame later repaint nothing."""
        assert isinstance(self, Widget)
        if picture is None:
            picture = self.picture()
        if picture != self._picture:
            self._picture = picture
            self.refresh()


class PicturedLines(TextRows, Pictured):
    """A :class:`Pictured` part whose text is a line per row, never wrapped
    (a line too long is cut, with an ellipsis where the stylesheet asks for
    one), drawn row by row (:class:`~boardgames_tui.ui.widgets.text_rows.TextRows`)."""

    #: The picture ``redraw`` made, for the repaint that follows it (and
    #: what it was made for: the size and the theme).
    _made: tuple[Text, Size, str] | None = None

    def text_rows(self) -> list[Text]:
        assert isinstance(self, Widget)
        made, self._made = self._made, None
        if made is not None and made[1:] == (self.size, self.app.theme):
            self._picture = made[0]  # made by ``redraw`` for this repaint: not twice
        else:
            self._picture = self.picture()
        return list(self._picture.split("\n", allow_blank=True))

    def redraw(self, picture: Text | None = None) -> None:
        """As :meth:`Pictured.redraw`, repainting only the rows that changed."""
        assert isinstance(self, Widget)
        if picture is None:
            picture = self.picture()
        if picture != self._picture:
            before = None if self._picture is None else self._picture.split("\n", allow_blank=True)
            self._picture = picture
            self._made = (picture, self.size, self.app.theme)
            self.refresh_rows(
                None if before is None else list(before),
                list(picture.split("\n", allow_blank=True)),
            )


def still_needs(element: Element, contents: Sequence[Element]) -> list[tuple[Element, ...]]:
    """What would fill a space still open: each recipe holding ``contents``,
    without them (nothing when the space is filled)."""
    held = tuple(contents)
    if held in COMPLETIONS[element]:
        return []
    found: list[tuple[Element, ...]] = []
    for recipe in sorted(COMPLETIONS[element], key=lambda r: (len(r), r)):
        rest = list(recipe)
        for crystal in held:
            if crystal not in rest:
                break
            rest.remove(crystal)
        else:
            found.append(tuple(rest))
    return found


def plural(count: int, word: str) -> str:
    """``1 dragon``, ``2 dragons``, ``0 dragons``."""
    return f"{count} {word}{'' if count == 1 else 's'}"


def seg(text: str, style: Style) -> Text:
    """A piece of text in one style (as a span: text appended later keeps
    its own style)."""
    piece = Text()
    piece.append(text, style)
    return piece


def fit(text: Text, width: int) -> Text:
    """Cut or pad ``text`` to exactly ``width`` cells."""
    text = text.copy()
    text.truncate(width, overflow="ellipsis", pad=True)
    return text


# ---------------------------------------------------------------- the grid
#: Each element space takes a gutter (the cursor's arrow) and its cell.
SLOT_WIDTH = SPACE_WIDTH + 1
MIN_CARD = 2 + 2 * SLOT_WIDTH
MAX_CARD = 2 + 3 * SLOT_WIDTH + 3


@dataclass(frozen=True)
class GridLayout:
    """Where each card and each of its element spaces sits."""

    cols: int
    rows: int
    outer: int
    per_line: int
    tops: tuple[int, ...]
    heights: tuple[int, ...]
    ribbons: bool = False

    @property
    def inner(self) -> int:
        return self.outer - 2

    @property
    def width(self) -> int:
        return self.cols * self.outer

    @property
    def height(self) -> int:
        return sum(self.heights)

    def origin(self, slot: int) -> tuple[int, int]:
        row, col = divmod(slot, self.cols)
        return col * self.outer, self.tops[row]

    def item_region(self, slot: int, item: int) -> Region:
        """The cells of the card's name line (``item`` -1) or of a space."""
        x, y = self.origin(slot)
        if item < 0:
            return Region(x + 1, y + 1, self.inner, 1)
        line, col = divmod(item, self.per_line)
        return Region(x + 1 + col * SLOT_WIDTH, y + 2 + line, SLOT_WIDTH, 1)

    def card_region(self, slot: int) -> Region:
        x, y = self.origin(slot)
        return Region(x, y, self.outer, self.heights[slot // self.cols])


def space_count(s: Slot) -> int:
    """Element spaces a player can point at: none on a wild dragon or an empty space."""
    return len(card(s.card).spaces) if s.card is not None and not s.wild else 0


def ribbon_lines(s: Slot, width: int) -> list[tuple[str, str]]:
    """A card's ribbons, wrapped to ``width``, at most two lines each:
    ``(kind, line)`` with kind "tame" or "wild" (a wild dragon shows only
    what its red ribbon did)."""
    if s.card is None:
        return []
    return list(_ribbon_lines(s.card, s.wild, width))


@lru_cache(maxsize=1024)
def _ribbon_lines(card_id: int, wild: bool, width: int) -> tuple[tuple[str, str], ...]:
    c = card(card_id)
    found: list[tuple[str, str]] = []
    ribbons = [("wild", c.wild)] if wild else [("tame", c.tame), ("wild", c.wild)]
    for kind, effects in ribbons:
        words = f"{kind}: " + "; ".join(effect_text(e) for e in effects)
        wrapped = Text(words).wrap(Console(width=max(8, width)), max(8, width))
        lines = [line.plain.rstrip() for line in wrapped]
        if len(lines) > 2:
            lines = [lines[0], lines[1][: max(0, width - 1)] + "…"]
        found += [(kind, line) for line in lines]
    return tuple(found)


def grid_layout(state: UnderwingState, width: int, ribbons: bool = False) -> GridLayout:
    """Card sizes for ``width`` columns; ``ribbons``: room for each card's
    tame and wild ribbons."""
    cols = max(1, state.cols)
    rows = max(state.rows, ceil(len(state.grounds) / cols))
    outer = max(MIN_CARD, min(MAX_CARD, width // cols))
    per_line = max(1, (outer - 2) // SLOT_WIDTH)
    heights = []
    for row in range(rows):
        slots = state.grounds[row * cols : (row + 1) * cols]
        lines = max((ceil(space_count(s) / per_line) for s in slots), default=1)
        extra = 0
        if ribbons:
            extra = max((len(ribbon_lines(s, outer - 3)) for s in slots), default=0)
        heights.append(3 + max(2, lines) + extra)
    tops = tuple(sum(heights[:r]) for r in range(rows))
    return GridLayout(cols, rows, outer, per_line, tops, tuple(heights), ribbons)


class GroundsView(Drawing, FrameLook, ScrollView, can_focus=True):
    """The hatching grounds: every card with its score, temperature, element
    spaces (required colour, what lies there, empty / part-filled / filled),
    who claimed it and how far it is; wild dragons framed double and marked
    WILD.  The cursor (a heavy frame round the card, the name or space in
    reverse with an arrow) moves with the arrows; a click points, a second
    click acts."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "move('up')", "Up", show=False),
        Binding("down", "move('down')", "Down", show=False),
        Binding("left", "move('left')", "Left", show=False),
        Binding("right", "move('right')", "Right", show=False),
        Binding("home", "home", "First egg", show=False),
    ]

    #: Lines the parts below the grid take (the detail, the bag, the Field).
    RESERVED: ClassVar[int] = 8

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.board: Board | None = None
        #: The cursor: a slot and an item of its card (-1: the card itself).
        self.slot = 0
        self.item = -1
        self.grid: GridLayout | None = None
        self._lines: list[Strip] = []
        #: Each card's lines as last drawn, by everything they depend on.
        self._cards: dict[tuple[object, ...], list[list[Segment]]] = {}
        #: The width and the room the grid was last laid out for.
        self._fitted: tuple[int, int] = (0, 0)
        #: The board and everything else the lines were last drawn for.
        self._rebuilt_for: tuple[Board | None, tuple[object, ...]] = (None, ())

    # ------------------------------------------------------------- state
    @property
    def target(self) -> Target:
        return Target(slot=self.slot, space=None if self.item < 0 else self.item)

    def show(self, board: Board) -> None:
        self.board = board
        self._clamp()
        self._rebuild()

    def point(self, target: Target) -> None:
        """Move the cursor to ``target`` (from the screen)."""
        if target.slot is None:
            return
        self.slot = target.slot
        self.item = -1 if target.space is None else target.space
        self._clamp()
        self._rebuild()
        self._scroll_to_cursor()

    def _items(self, slot: int) -> int:
        assert self.board is not None
        grounds = self.board.state.grounds
        return space_count(grounds[slot]) if 0 <= slot < len(grounds) else 0

    def _clamp(self) -> None:
        if self.board is None:
            return
        total = len(self.board.state.grounds)
        self.slot = max(0, min(self.slot, total - 1))
        self.item = max(-1, min(self.item, self._items(self.slot) - 1))

    # ----------------------------------------------------------- drawing
    def on_resize(self, event: events.Resize) -> None:
        self._rebuild()

    # The focus shows as the cursor, drawn by ``_rebuild``: only the lines
    # it changes are repainted (see ``focus_moved``).
    def on_focus(self, event: events.Focus) -> None:
        focus_moved(self, event)
        self.call_later(self._rebuild)

    def on_blur(self, event: events.Blur) -> None:
        focus_moved(self, event)
        self.call_later(self._rebuild)

    def redraw(self) -> None:
        """Draw again (the focus moved): repainted only if it looks different."""
        self._rebuild()

    def _rebuild(self) -> None:
        board = self.board
        if board is None:
            return
        width = self.scrollable_content_region.width or self.size.width or 60
        room = self.room()
        self._fitted = (width, room)
        # Drawn already for this board, cursor, focus, size and style (the
        # focus event after the screen moved the focus, a second redraw in
        # one move): nothing to do.
        key = (self.slot, self.item, self.has_cursor, width, room, self.rich_style, self.app.theme)
        drawn_board, drawn_key = self._rebuilt_for
        if drawn_board is board and drawn_key == key:
            return
        self._rebuilt_for = (board, key)
        layout = grid_layout(board.state, width)
        if room:
            roomy = grid_layout(board.state, width, ribbons=True)
            if roomy.height <= room:
                layout = roomy
        self.grid = layout
        lines = self._draw(layout)
        self.virtual_size = Size(layout.width, layout.height)
        # Repainted only when it looks different: the focus arriving (or
        # leaving) after the screen already drew the cursor changes nothing.
        if lines != self._lines:
            before, self._lines = self._lines, lines
            self._repaint(before, lines)

    def _repaint(self, before: list[Strip], after: list[Strip]) -> None:
        """Repaint the lines on view that changed (a move changes a card or
        two), or all of them when the grid's height changed."""
        width = self.size.width
        if len(before) != len(after) or not width:
            self.refresh()
            return
        top = self.scroll_offset.y
        rows = [
            Region(0, index - top, width, 1)
            for index, (old, new) in enumerate(zip(before, after, strict=True))
            if old != new and top <= index < top + self.size.height
        ]
        if rows:
            self.refresh(*rows)

    def room(self) -> int:
        """Lines the grid may take before it has to scroll: its container's
        height less what the parts below it need."""
        parent = self.parent
        if not isinstance(parent, Widget):
            return 0
        below = [w.outer_size.height for w in parent.children if w is not self and w.display]
        reserved = sum(below) if all(below) else self.RESERVED
        return max(0, parent.content_size.height - reserved)

    def refit(self) -> None:
        """Keep the parts below the grid on screen (the grid scrolls when it
        has less room than it needs) and lay it out again if its room
        changed (after a resize)."""
        room = self.room()
        if room and self.styles.max_height != Scalar.from_number(room):
            self.styles.max_height = room
        width = self.scrollable_content_region.width or self.size.width or 60
        if (width, room) != self._fitted:
            self._rebuild()

    def _draw(self, layout: GridLayout) -> list[Strip]:
        """The grid's lines, each card's lines taken from the cache when the
        card looks as it did (a move changes one or two cards)."""
        assert self.board is not None
        state = self.board.state
        base = self.rich_style
        strips: list[Strip] = []
        if len(self._cards) > 4 * max(1, len(state.grounds)):
            self._cards.clear()
        for row in range(layout.rows):
            cards = []
            for col in range(layout.cols):
                slot = row * layout.cols + col
                if slot < len(state.grounds):
                    cards.append(self._card_lines(slot, layout, layout.heights[row], base))
            for line in range(layout.heights[row]):
                segments = [segment for lines in cards for segment in lines[line]]
                strips.append(Strip(segments))
        return strips

    def _card_key(
        self, slot: int, layout: GridLayout, height: int, base: Style
    ) -> tuple[object, ...]:
        """Everything a card's picture depends on."""
        assert self.board is not None
        board = self.board
        s = board.state.grounds[slot]
        here = slot == self.slot and self.has_cursor
        claimant = s.claimant
        return (
            s.card,
            s.wild,
            claimant,
            None if claimant is None else (board.tags[claimant], board.state.seats[claimant].name),
            tuple(tuple(space) for space in s.fill),
            here,
            self.item if here else None,
            slot in board.live_slots,
            tuple(i for (at, i) in board.live_spaces if at == slot),
            layout.outer,
            layout.per_line,
            layout.ribbons,
            height,
            base,
            self.app.theme,
        )

    def _card_lines(
        self, slot: int, layout: GridLayout, height: int, base: Style
    ) -> list[list[Segment]]:
        key = self._card_key(slot, layout, height, base)
        lines = self._cards.get(key)
        if lines is None:
            console = self.app.console
            lines = self._cards[key] = [
                list(Segment.apply_style(text.render(console), base))
                for text in self._card(slot, layout, height)
            ]
        return lines

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        index = y + scroll_y
        width, style = self.frame_look()
        if index >= len(self._lines):
            return Strip.blank(width, style)
        return self._lines[index].crop_extend(scroll_x, scroll_x + width, style)

    def _card(self, slot: int, layout: GridLayout, height: int) -> list[Text]:
        assert self.board is not None
        state = self.board.state
        s = state.grounds[slot]
        # The cursor shows only while the grid has the focus: then Enter acts
        # here, and nowhere else shows a selection.
        here = slot == self.slot and self.has_cursor
        inner = layout.inner
        lines: list[Text] = [self._top(s, layout.outer, here)]
        body: list[Text] = []
        if s.card is None:
            body.append(seg(" no egg: the draw pile is empty", self.st("uw--dim")))
        elif s.wild:
            c = card(s.card)
            name = seg("▸" if here and self.item < 0 else " ", self.st("uw--marker"))
            name.append(c.name, style=self.st("uw--wild") + Style(bold=True))
            if here:
                name.stylize(self.st("uw--cursor"), 1)
            if slot in self.board.live_slots:
                name.stylize(self.st("uw--live"), 1)
            body.append(name)
            body.append(seg(" WILD DRAGON", self.st("uw--wild") + Style(bold=True)))
        else:
            body.append(self._name_line(slot, s, here))
            body += self._spaces(slot, s, layout, here)
        if layout.ribbons:
            ribbons = ribbon_lines(s, inner - 1)
            while len(body) < height - 2 - len(ribbons):
                body.append(seg("░" * inner if s.wild else "", self.st("uw--wild")))
            for kind, words in ribbons:
                body.append(seg(" " + words, self.st("uw--ok" if kind == "tame" else "uw--wild")))
        while len(body) < height - 2:
            filler = "░" * inner if s.wild else ""
            body.append(seg(filler, self.st("uw--wild") if s.wild else Style()))
        side = self._side(s, here)
        for line in body[: height - 2]:
            text = seg(side[0], side[1])
            text.append_text(fit(line, inner))
            text.append(side[0], style=side[1])
            lines.append(text)
        lines.append(self._bottom(slot, s, layout.outer, here))
        return lines

    def _frame(self, s: Slot, here: bool) -> tuple[str, str, str, str, str, Style]:
        """Corners, rule and style of a card's frame: heavy at the cursor,
        double round a wild dragon, dashed round an empty space."""
        if here:
            return "┏", "┓", "┗", "┛", "━", self.st("uw--border-cursor")
        if s.wild:
            return "╔", "╗", "╚", "╝", "═", self.st("uw--wild")
        if s.card is None:
            return "╭", "╮", "╰", "╯", "┄", self.st("uw--dim")
        return "╭", "╮", "╰", "╯", "─", self.st("uw--border")

    def _side(self, s: Slot, here: bool) -> tuple[str, Style]:
        if here:
            return "┃", self.st("uw--border-cursor")
        if s.wild:
            return "║", self.st("uw--wild")
        if s.card is None:
            return "┆", self.st("uw--dim")
        return "│", self.st("uw--border")

    def _top(self, s: Slot, outer: int, here: bool) -> Text:
        tl, tr, _, _, rule, style = self._frame(s, here)
        text = seg(tl + rule, style)
        if s.card is None:
            text.append(rule * (outer - 3), style=style)
            text.append(tr, style=style)
            return text
        c = card(s.card)
        left = seg(f" {c.score} ", self.st("uw--score"))
        word = "WILD" if s.wild else c.temperature
        right = Text(f" {word} ")
        if outer - 5 - left.cell_len - right.cell_len < 0:
            right = Text(word)
        right.stylize(self.st("uw--wild") + Style(bold=True) if s.wild else self.st("uw--dim"))
        gap = outer - 4 - left.cell_len - right.cell_len
        text.append_text(left)
        text.append(rule * max(0, gap), style=style)
        text.append_text(right)
        text.append(rule + tr, style=style)
        return fit(text, outer)

    def _bottom(self, slot: int, s: Slot, outer: int, here: bool) -> Text:
        assert self.board is not None
        _, _, bl, br, rule, style = self._frame(s, here)
        text = seg(bl + rule, style)
        label = Text()
        if s.is_egg and s.claimant is not None:
            label.append(" ")
            label.append_text(self.tag(s.claimant))
            if s.complete:
                label.append(" ✓ nurturing ", style=self.st("uw--ok"))
            else:
                label.append(f" {self.board.state.seats[s.claimant].name} ")
        elif s.is_egg and s.complete:
            label.append(" complete ", style=self.st("uw--ok"))
        label.truncate(outer - 4)
        text.append_text(label)
        text.append(rule * (outer - 3 - label.cell_len), style=style)
        text.append(br, style=style)
        return text

    def _name_line(self, slot: int, s: Slot, here: bool) -> Text:
        assert self.board is not None and s.card is not None
        pointed = here and self.item < 0
        line = seg("▸" if pointed else " ", self.st("uw--marker"))
        line.append(card(s.card).name, style=self.st("uw--name"))
        if slot in self.board.live_slots:
            line.stylize(self.st("uw--live"), 1)
        if pointed:
            line.stylize(self.st("uw--cursor"), 1)
        return line

    def _spaces(self, slot: int, s: Slot, layout: GridLayout, here: bool) -> list[Text]:
        assert self.board is not None and s.card is not None
        spaces = card(s.card).spaces
        lines: list[Text] = []
        for start in range(0, len(spaces), layout.per_line):
            line = Text()
            for index in range(start, min(start + layout.per_line, len(spaces))):
                pointed = here and self.item == index
                line.append("▸" if pointed else " ", style=self.st("uw--marker"))
                line.append_text(
                    self.space_cell(
                        spaces[index],
                        s.fill[index],
                        pointed,
                        (slot, index) in self.board.live_spaces,
                    )
                )
            lines.append(line)
        return lines

    def space_cell(
        self, element: Element, contents: Sequence[Element], pointed: bool, live: bool
    ) -> Text:
        """``♥R·`` empty, ``✦P◐r`` part-filled with red, ``✦P✓rb`` filled."""
        cell = self.chip(element)
        cell.append(space_state(element, contents))
        shown = shown_contents(element, contents)
        room = SPACE_WIDTH - 3
        for crystal in shown[: room if len(shown) <= room else room - 1]:
            cell.append_text(self.crystal(crystal))
        if len(shown) > room:
            cell.append("+")
        cell = fit(cell, SPACE_WIDTH)
        if live:
            cell.stylize(self.st("uw--live"))
        if pointed:
            cell.stylize(self.st("uw--cursor"))
        return cell

    # ------------------------------------------------------------ cursor
    def action_move(self, direction: str) -> None:
        if self.board is None or self.grid is None:
            return
        layout = self.grid
        cols, per = layout.cols, layout.per_line
        total = len(self.board.state.grounds)
        slot, item = self.slot, self.item
        row, col = divmod(slot, cols)
        count = self._items(slot)
        line, sub = divmod(item, per) if item >= 0 else (-1, 0)
        if direction == "down":
            if item < 0 and count:
                item = 0
            elif item >= 0 and item + per < count:
                item += per
            elif item >= 0 and line < (count - 1) // per:
                item = count - 1
            elif slot + cols < total:
                slot, item = slot + cols, -1
        elif direction == "up":
            if item >= per:
                item -= per
            elif item >= 0:
                item = -1
            elif row > 0:
                slot -= cols
                above = self._items(slot)
                item = ((above - 1) // per) * per + min(sub, per - 1) if above else -1
                item = min(item, above - 1)
        elif direction == "right":
            if item >= 0 and sub + 1 < per and item + 1 < count:
                item += 1
            elif col + 1 < cols and slot + 1 < total:
                slot += 1
                item = self._same_line(slot, line, first=True)
        elif direction == "left":
            if item >= 0 and sub > 0:
                item -= 1
            elif col > 0:
                slot -= 1
                item = self._same_line(slot, line, first=False)
        if (slot, item) != (self.slot, self.item):
            self.slot, self.item = slot, item
            self._rebuild()
            self._scroll_to_cursor()
            self.post_message(TargetChanged(self.target))

    def _same_line(self, slot: int, line: int, first: bool) -> int:
        """On the card ``slot``: the first (or last) space of line ``line``,
        or its name when it has no such line."""
        count = self._items(slot)
        per = self.grid.per_line if self.grid else 2
        if line < 0 or count == 0:
            return -1
        line = min(line, (count - 1) // per)
        return line * per if first else min(count - 1, line * per + per - 1)

    def action_home(self) -> None:
        if (self.slot, self.item) != (0, -1):
            self.slot, self.item = 0, -1
            self._rebuild()
            self._scroll_to_cursor()
            self.post_message(TargetChanged(self.target))

    def _scroll_to_cursor(self) -> None:
        if self.grid is None:
            return
        self.scroll_to_region(
            self.grid.card_region(self.slot), animate=False, immediate=True, force=True
        )

    # ------------------------------------------------------------- mouse
    def hit(self, x: int, y: int) -> tuple[int, int] | None:
        """The (slot, item) drawn at virtual offset (x, y): a space, or the
        card itself anywhere else on it."""
        layout = self.grid
        if layout is None or self.board is None:
            return None
        col = x // layout.outer
        row = next((r for r in range(layout.rows) if layout.tops[r] + layout.heights[r] > y), None)
        if row is None or col >= layout.cols:
            return None
        slot = row * layout.cols + col
        if slot >= len(self.board.state.grounds):
            return None
        for item in range(self._items(slot)):
            if layout.item_region(slot, item).contains(x, y):
                return slot, item
        return slot, -1

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        scroll_x, scroll_y = self.scroll_offset
        found = self.hit(offset.x + scroll_x, offset.y + scroll_y)
        if found is None:
            return
        event.stop()
        if found == (self.slot, self.item):
            self.post_message(TargetActivated(self.target))
            return
        self.slot, self.item = found
        self._rebuild()
        self.post_message(TargetChanged(self.target))


# ------------------------------------------------------------- the detail
class CardDetail(Pictured, Widget):
    """The card or space at the cursor in words: name, score, temperature,
    what each ribbon does, who claimed it; for a space, what lies there and
    what it still takes."""

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
class FieldRing(PicturedLines, Widget, can_focus=True):
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

    cursor: reactive[int] = reactive(0)

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.board: Board | None = None
        self._cell = 12

    @property
    def space(self) -> Element:
        return FIELD[self.cursor]

    @property
    def target(self) -> Target:
        return Target(field=self.space)

    def show(self, board: Board) -> None:
        self.board = board
        self.redraw()

    def point(self, space: Element) -> None:
        self.cursor = FIELD.index(space)

    def owners(self, space: Element) -> list[int]:
        """The seats with a handler on ``space``."""
        assert self.board is not None
        return [i for i, p in enumerate(self.board.state.players) if space in p.field]

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return 4

    def picture(self) -> Text:
        if self.board is None:
            return Text("")
        width = self.content_size.width or 56
        self._cell = w = max(11, min(16, (width - 4) // 4))
        edge = self.st("uw--border")
        top = seg("╭─", edge)
        for space in self.TOP:
            top.append_text(self._label(space, "→", w))
        top.append("─╮", style=edge)
        upper = seg("│ ", edge)
        for space in self.TOP:
            upper.append_text(self._handlers(space, w))
        upper.append(" ↓", style=edge)
        lower = seg("↑ ", edge)
        for space in self.BOTTOM:
            lower.append_text(self._handlers(space, w))
        lower.append(" │", style=edge)
        bottom = seg("╰─", edge)
        for space in self.BOTTOM:
            bottom.append_text(self._label(space, "←", w))
        bottom.append("─╯", style=edge)
        return Text("\n").join([top, upper, lower, bottom])

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

    def watch_cursor(self) -> None:
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
            self.cursor = FIELD.index(new)
            self.post_message(TargetChanged(self.target))

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
            self.post_message(TargetActivated(self.target))
            return
        self.cursor = FIELD.index(space)
        self.focus()
        self.post_message(TargetChanged(self.target))


# ----------------------------------------------------------------- supply
class SupplyLine(PicturedLines, Widget):
    """The bag's crystals by colour, and the eggs left in the draw pile."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.board: Board | None = None

    def show(self, board: Board) -> None:
        self.board = board
        self.redraw()

    def picture(self) -> Text:
        if self.board is None:
            return Text("")
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
        return text


# ------------------------------------------------------------------ mats
class PlayerMats(PicturedLines, Widget):
    """Every player's mat: score and the Egg Token; handlers in the Ready
    Room, the Break Room, on the tracker, on the Field and on eggs; stored
    elements; eggs in the nursery (delivering: hatches at the end of this
    round; nurturing: at the end of the next); hatched dragons with their
    scores and the warm / neutral / cool counts.  A click on a mat chooses
    that player (whom to steal from, whom to trade with)."""

    compact: reactive[bool] = reactive(False, layout=True)
    #: Lines the panel shows without scrolling (0: no limit).  When every
    #: mat in full does not fit, the other players' mats are summed up in two
    #: lines each (one when even that is too much): the deciding player's mat
    #: is always whole.
    room: reactive[int] = reactive(0, layout=True)

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.board: Board | None = None
        self._starts: list[int] = []
        self._count = 0

    def show(self, board: Board) -> None:
        self.board = board
        lines = self.lines()
        count = len(lines)
        if count != self._count:
            self._count = count
            self._picture = None
            self._made = None
            self.refresh(layout=True)
        else:
            self.redraw(Text("\n").join(lines))

    @property
    def starts(self) -> list[int]:
        """The first line of each player's mat."""
        return list(self._starts)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self.lines()) if self.board is not None else 1

    def picture(self) -> Text:
        return Text("\n").join(self.lines())

    def lines(self) -> list[Text]:
        if self.board is None:
            return []
        state = self.board.state
        wild = self.wild_mat(state) if state.wild_forces is not None else []
        mats = [self.mat(seat) for seat in range(state.n)]
        gaps = state.n - 1 + (1 if wild else 0)
        if self.room and sum(map(len, mats)) + gaps + len(wild) > self.room:
            for size in (2, 1):
                mats = [
                    self.mat(seat) if seat == self.board.to_act else self.brief(seat, size)
                    for seat in range(state.n)
                ]
                if sum(map(len, mats)) + len(wild) + (1 if wild else 0) <= self.room:
                    break
            gaps = 0
        out: list[Text] = []
        self._starts = []
        for seat, mat in enumerate(mats):
            if seat and gaps:
                out.append(Text(""))
            self._starts.append(len(out))
            out += mat
        if wild:
            out.append(Text(""))
            out += wild
        return out

    def brief(self, seat: int, size: int) -> list[Text]:
        """A player's mat summed up in ``size`` lines (2 or 1): score, Egg
        Token and handlers; stored elements, Field, eggs, dragons, nursery."""
        assert self.board is not None
        state = self.board.state
        p = state.players[seat]
        head = Text("  ")
        head.append_text(self.tag(seat))
        name = state.seats[seat].name + (" (bot)" if state.seats[seat].is_bot else "")
        head.append(f" {name} ", style=Style(bold=True))
        head.append(f" {p.score} pts", style=Style(bold=True))
        if seat == state.first and not state.solo:
            head.append(" ◆", style=self.st("uw--ok"))
        held = [e for e in ELEMENTS if p.storage[e]]
        stock = Text()
        for element in held:
            stock.append_text(self.count(element, p.storage[element]))
            stock.append(" ")
        if not held:
            stock.append("nothing stored ", style=self.st("uw--dim"))
        stock.rstrip()
        temps = [card(c).temperature for c in p.dragons]
        dragons = f"{plural(len(p.dragons), 'dragon')}"
        if p.dragons:
            dragons += f" {temps.count('warm')}w {temps.count('neutral')}n {temps.count('cool')}c"
        if size == 1:
            head.append(" · ")
            head.append_text(stock)
            head.append(f" · {dragons}")
            return [head]
        head.append(f" · ready {p.ready} · break {p.break_room}")
        more = Text("    ")
        more.append_text(stock)
        if p.field:
            more.append(" · Field")
            for space in p.field:
                more.append(" ")
                more.append_text(self.chip(space))
        eggs = len(state.claimed(seat))
        more.append(f" · {plural(eggs, 'egg')} · {dragons}")
        if p.nursery:
            more.append(f" · nursery {len(p.nursery)}")
        return [head, more]

    def wild_mat(self, state: UnderwingState) -> list[Text]:
        """The solo game's Wild Forces: their handlers on the Field and the
        tracker, and the elements they drew and have still to place."""
        wild = state.wild_forces
        assert wild is not None
        head = seg(f"  {WILD_TAG} Wild Forces", self.st("uw--wild") + Style(bold=True))
        field = Text("  Field " if self.compact else "  Handlers  Field ")
        for space in wild.field:
            field.append_text(self.chip(space))
            field.append(" ")
        field.append(f"· tracker {wild.tracker}")
        held = [e for e in ELEMENTS if wild.storage[e]]
        stock = Text("  " if self.compact else "  To place  ")
        for element in held:
            stock.append_text(self.count(element, wild.storage[element]))
            stock.append(" ")
        if not held:
            stock.append("nothing", style=self.st("uw--dim"))
        return [head, field, stock]

    def mat(self, seat: int) -> list[Text]:
        assert self.board is not None
        state = self.board.state
        p = state.players[seat]
        compact = self.compact
        active = seat == self.board.to_act
        head = seg("▶ " if active else "  ", self.st("uw--marker"))
        head.append_text(self.tag(seat))
        name = state.seats[seat].name + (" (bot)" if state.seats[seat].is_bot else "")
        head.append(f" {name} ", style=self.st("uw--active") if active else Style(bold=True))
        head.append(f" {p.score} pts", style=Style(bold=True))
        if seat == state.first and not state.solo:
            head.append(" ◆ Egg Token" if not compact else " ◆ first", style=self.st("uw--ok"))

        def label(word: str) -> str:
            return "  " if compact else f"  {word:<9}"

        eggs = len(state.claimed(seat))
        rooms = seg(label("Handlers"), self.st("uw--title"))
        rooms.append(
            f"ready {p.ready} · break {p.break_room} · tracker {p.tracker}"
            if not compact
            else f"Ready {p.ready} Break {p.break_room} Tracker {p.tracker}"
        )
        working = seg(label(""), self.st("uw--title"))
        working.append("Field ")
        for space in p.field:
            working.append_text(self.chip(space))
            working.append(" ")
        if not p.field:
            working.append("– ", style=self.st("uw--dim"))
        working.append(f"· on eggs {eggs}")
        stored = seg(label("Stored"), self.st("uw--title"))
        held = [e for e in ELEMENTS if p.storage[e]]
        for element in held:
            stored.append_text(self.count(element, p.storage[element]))
            stored.append(" ")
        if not held:
            stored.append("nothing", style=self.st("uw--dim"))
        temps = [card(c).temperature for c in p.dragons]
        dragons = seg(label("Dragons"), self.st("uw--title"))
        counts = (temps.count("warm"), temps.count("neutral"), temps.count("cool"))
        if compact:
            dragons.append(
                f"{plural(len(p.dragons), 'dragon')}: {counts[0]}w {counts[1]}n {counts[2]}c"
            )
        else:
            dragons.append(
                f"{len(p.dragons)}: {counts[0]} warm · {counts[1]} neutral · {counts[2]} cool"
            )
        lines = [head, rooms, working, stored, dragons]
        if p.dragons and not compact:
            width = max(20, (self.content_size.width or 42) - len(label("")))
            words = ", ".join(f"{card(c).name} {card(c).score}" for c in p.dragons)
            for row in Text(words).wrap(Console(width=width), width)[:3]:
                lines.append(Text(label("")) + row)
        for nursling in p.nursery:
            c = card(nursling.card)
            line = seg(label("Nursery"), self.st("uw--title"))
            soon = nursling.round < state.round or state.final_round
            if compact:
                line.append(f"nursery {c.name} {c.score}: {'this' if soon else 'next'} round")
            else:
                line.append(f"{c.name} {c.score} · ")
                line.append(
                    "delivering, hatches at the end of this round"
                    if soon
                    else "nurturing, hatches at the end of the next round",
                    style=self.st("uw--ok"),
                )
            lines.append(line)
        return lines

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None or not self._starts:
            return
        seat = max(i for i, start in enumerate(self._starts) if start <= offset.y or i == 0)
        event.stop()
        self.post_message(SeatPicked(seat))


# ----------------------------------------------------------- action list
class UnderwingPicker(ActionPicker):
    """The action list.  Its Enter is in the footer while it has the focus
    (then Enter plays its highlighted action, not the board's), and its
    highlight shows only then: one selection at a time says what Enter does."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "select", "Play"),
    ]

    DEFAULT_CSS = """
    UnderwingPicker:blur > .option-list--option-highlighted {
        background: transparent;
        color: $foreground;
        text-style: none;
    }
    """


# ----------------------------------------------------------------- footer
__all__ = [
    "UnderwingPalette",
    "UnderwingPicker",
    "GLYPH",
    "Board",
    "CardDetail",
    "FieldRing",
    "GroundsView",
    "PlayerMats",
    "SupplyLine",
]
