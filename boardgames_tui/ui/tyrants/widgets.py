"""Tyrants' parts, each one widget drawing its own text.

- :class:`MapView`: the Underdark, one Line API widget laid out like the
  printed board, with its own cursor over sites and route spaces.
- :class:`CardsPanel`: the numbered choices of a card, the hand of the person
  at the terminal, the cards played this turn, the market and the
  always-available piles (and the discard pile or inner circle when a card
  asks for them), with its own cursor.
- :class:`DetailView`: what the cursor points at, in words.
- :class:`HousesPanel`: every house's barracks, spies, trophies, cards, VP
  and markers.

The screen hands each a :class:`Table` (the state as the person at the
terminal may see it, who decides, what is legal) and they redraw; the map
and the cards post :class:`~.messages.PointerMoved` when their cursor moves
and :class:`~.messages.PointerActivated` on a second click.  Colours come
from component classes styled in ``tyrants.tcss``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import ClassVar

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.geometry import Region, Size
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.widget import Widget

from boardgames_tui.engine.game import Action
from boardgames_tui.games.tyrants import board as bd
from boardgames_tui.games.tyrants.cards import card, describe
from boardgames_tui.games.tyrants.model import (
    WHITE,
    TyrantsState,
    controller,
    presence,
    trophy_colour,
)
from boardgames_tui.games.tyrants.ops import space_name
from boardgames_tui.games.tyrants.rules import describe as describe_action

from . import choices
from .choices import Pointer, Zone
from .layout import MapLayout, layout, nearest
from .look import (
    ASPECT_LETTER,
    EMPTY,
    MARKER_FREE,
    MARKER_HELD,
    PRESENCE,
    SEAT_CLASSES,
    SPY,
    WHITE_TAG,
    card_facts,
    seat_class,
    short_name,
)
from .messages import PointerActivated, PointerMoved

COMPONENTS: set[str] = {
    *(f"ty--seat-{i}" for i in range(SEAT_CLASSES)),
    "ty--white",
    "ty--empty",
    "ty--line",
    "ty--site",
    "ty--name",
    "ty--live",
    "ty--cursor",
    "ty--presence",
    "ty--marker",
    "ty--dim",
    "ty--head",
    "ty--key",
}
#: Components that add to the style beneath them.
MODIFIERS = frozenset({"ty--cursor", "ty--live"})


@dataclass
class Table:
    """Everything a part needs to draw itself.  ``state`` is what the person
    at the terminal may see (other hands taken away by the game's ``view``)."""

    state: TyrantsState
    tags: list[str]
    #: The person at the terminal, whose hand and presence are shown.
    seat: int | None = None
    live: bool = False
    legal: Sequence[Action] = ()
    live_spaces: set[str] = field(default_factory=set)
    live_cards: set[tuple[Zone, str]] = field(default_factory=set)
    #: Spaces that changed since the person at the terminal last saw the
    #: map (after a hand-off, until their first key): a site's box ends in
    #: ✱, a route space is drawn reversed.
    changed: frozenset[str] = frozenset()


class Drawing:
    """Styled pieces shared by the parts."""

    table: Table | None

    def st(self, name: str) -> Style:
        """A component class's style, cached until the styles change (a
        redraw asks for the same few styles thousands of times)."""
        assert isinstance(self, Widget)
        styles: dict[str, Style] = self.__dict__.setdefault("_styles", {})
        style = styles.get(name)
        if style is None:
            style = styles[name] = self.get_component_rich_style(name, partial=name in MODIFIERS)
        return style

    def notify_style_update(self) -> None:
        self.__dict__["_styles"] = {}
        super().notify_style_update()  # type: ignore[misc]

    def troop(self, colour: int) -> tuple[str, Style]:
        assert self.table is not None
        if colour == WHITE:
            return WHITE_TAG, self.st("ty--white")
        return self.table.tags[colour], self.st(seat_class(colour))

    def tag(self, seat: int) -> Text:
        letter, style = self.troop(seat)
        text = Text()
        text.append(letter, style=style)
        return text


def fit(text: Text, width: int) -> Text:
    text = text.copy()
    text.truncate(width, overflow="ellipsis", pad=True)
    return text


def wrap_parts(parts: Sequence[str], width: int, indent: str = "  ") -> list[str]:
    """Phrases joined with " · " into lines of at most ``width`` cells, a
    line broken between phrases (the next ones indented), never inside one
    unless a phrase alone is too long."""
    lines: list[str] = []
    line = ""
    for part in parts:
        if not line:
            line = (indent if lines else "") + part
        elif len(line) + 3 + len(part) <= width:
            line += " · " + part
        else:
            lines.append(line)
            line = indent + part
    if line:
        lines.append(line)
    return lines


# ------------------------------------------------------------------ the map
def plural(count: int, word: str, words: str | None = None) -> str:
    """ "1 troop", "3 troops", "1 spy", "0 spies"."""
    return f"{count} {word if count == 1 else words or word + 's'}"


def board_spaces(state: TyrantsState) -> list[str]:
    """The spaces of the game's board, in the board's order."""
    return list(bd.board_map(len(state.players), state.side).spaces)


class MapView(Drawing, ScrollView, can_focus=True):
    """The Underdark: each site a box (presence bar, name, VP; troop spaces,
    control marker, spies), the routes as lines with their troop spaces on
    them.  Arrows move the cursor to the nearest space that way; the map
    scrolls to keep it in view when it is bigger than its room."""

    COMPONENT_CLASSES: ClassVar[set[str]] = COMPONENTS
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "move('up')", "Up", show=False),
        Binding("down", "move('down')", "Down", show=False),
        Binding("left", "move('left')", "Left", show=False),
        Binding("right", "move('right')", "Right", show=False),
    ]

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.table: Table | None = None
        self.space = ""
        self.plan: MapLayout | None = None
        self._lines: list[Strip] = []

    @property
    def pointer(self) -> Pointer:
        return Pointer("space", self.space)

    def spaces(self) -> list[str]:
        if self.table is None:
            return []
        return board_spaces(self.table.state)

    def show(self, table: Table) -> None:
        self.table = table
        if self.space not in self.spaces():
            self.space = self.spaces()[0]
        self._rebuild()

    def point(self, space: str) -> None:
        if space in self.spaces() and space != self.space:
            self.space = space
            self._rebuild()
            self.scroll_to_cursor()

    def on_resize(self, event: events.Resize) -> None:
        self._rebuild()
        self.call_after_refresh(self.scroll_to_cursor)

    def on_focus(self) -> None:
        self.call_later(self._rebuild)

    def on_blur(self) -> None:
        self.call_later(self._rebuild)

    def _rebuild(self) -> None:
        if self.table is None:
            return
        s = self.table.state
        width = self.scrollable_content_region.width or self.size.width or 60
        height = self.scrollable_content_region.height or self.size.height or 20
        self.plan = layout(len(s.players), s.side, width, height)
        self._lines = self._draw(self.plan)
        self.virtual_size = Size(self.plan.width, self.plan.height)
        self.refresh()

    def _draw(self, plan: MapLayout) -> list[Strip]:
        assert self.table is not None
        table = self.table
        s = table.state
        base = self.rich_style
        blank = (" ", Style())
        grid: list[list[tuple[str, Style]]] = [[blank] * plan.width for _ in range(plan.height)]
        line_style = self.st("ty--line")
        for (x, y), glyph in plan.lines.items():
            if 0 <= y < plan.height and 0 <= x < plan.width:
                grid[y][x] = (glyph, line_style)
        mine = presence(s, table.seat) if table.seat is not None else frozenset()
        focused = self.has_focus
        for space, (x, y) in plan.cells.items():
            occupants = s.troops.get(space, [])
            if occupants:
                glyph, style = self.troop(occupants[0])
            else:
                glyph, style = EMPTY, self.st("ty--empty")
            if space in table.live_spaces:
                style = style + self.st("ty--live")
            if space == self.space:
                style = style + self.st("ty--cursor")
                if focused and x > 0 and x + 1 < plan.width:
                    grid[y][x - 1] = ("[", self.st("ty--key"))
                    grid[y][x + 1] = ("]", self.st("ty--key"))
            elif space in mine and not occupants:
                glyph = "◎"
            if space in table.changed:
                style = style + Style(reverse=True)
            grid[y][x] = (glyph, style)
        for site, (x, y) in plan.boxes.items():
            for dx, cell in enumerate(self._box_top(site, site in mine, plan.box_w)):
                grid[y][x + dx] = cell
            for dx, cell in enumerate(self._box_bottom(site, plan.box_w)):
                grid[y + 1][x + dx] = cell
        strips = []
        for row in grid:
            # One segment per run of cells in the same style.
            segments: list[Segment] = []
            run: list[str] = []
            current: Style | None = None
            for ch, st in row:
                if st is not current and run:
                    segments.append(Segment("".join(run), base + current if current else base))
                    run = []
                current = st
                run.append(ch)
            if run:
                segments.append(Segment("".join(run), base + current if current else base))
            strips.append(Strip(segments, plan.width))
        return strips

    def _box_top(self, site: str, present: bool, box_w: int) -> list[tuple[str, Style]]:
        assert self.table is not None
        info = bd.site(site)
        box = self.st("ty--site")
        name_style = box + self.st("ty--name")
        if site in self.table.live_spaces:
            name_style = name_style + self.st("ty--live")
        here = site == self.space
        if here:
            name_style = name_style + self.st("ty--cursor")
        bar = (PRESENCE, box + self.st("ty--presence")) if present else (" ", box)
        name = short_name(info.name, box_w - 4)
        text = f"{name:<{box_w - 4}}"
        cells = [bar] + [(ch, name_style) for ch in text]
        vp = f"{info.vp:>2}"
        cells += [(" ", name_style if here else box)] + [
            (ch, box + self.st("ty--dim")) for ch in vp
        ]
        return cells[:box_w]

    def _box_bottom(self, site: str, box_w: int) -> list[tuple[str, Style]]:
        assert self.table is not None
        s = self.table.state
        box = self.st("ty--site")
        cells: list[tuple[str, Style]] = [(" ", box)]
        occupants = sorted(s.troops.get(site, []), key=lambda c: (c == WHITE, c))
        for i in range(bd.troop_spaces(site)):
            if i < len(occupants):
                letter, style = self.troop(occupants[i])
                cells.append((letter, style))
            else:
                cells.append((EMPTY, box + self.st("ty--empty")))
        if site in s.markers:
            holder = s.markers[site]
            cells.append((" ", box))
            if holder is None:
                cells.append((MARKER_FREE, box + self.st("ty--marker")))
            else:
                cells.append((MARKER_HELD, box + self.st("ty--marker")))
                cells.append(self.troop(holder))
        for spy in s.spies.get(site, []):
            cells.append((SPY, box + self.st("ty--marker")))
            cells.append(self.troop(spy))
        cells += [(" ", box)] * (box_w - len(cells))
        cells = cells[:box_w]
        if site in self.table.changed:  # changed since this person last looked
            cells[-1] = ("✱", box + Style(bold=True))
        return cells

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        index = y + scroll_y
        width = self.scrollable_content_region.width
        if index >= len(self._lines):
            return Strip.blank(width, self.rich_style)
        return self._lines[index].crop_extend(scroll_x, scroll_x + width, self.rich_style)

    def cursor_region(self) -> Region:
        if self.plan is None or not self.space:
            return Region(0, 0, 1, 1)
        if self.space in self.plan.boxes:
            x, y = self.plan.boxes[self.space]
            return Region(x, y, self.plan.box_w, 2)
        x, y = self.plan.cells[self.space]
        return Region(max(0, x - 1), y, 3, 1)

    def scroll_to_cursor(self) -> None:
        self.scroll_to_region(
            self.cursor_region().grow((1, 2, 1, 2)), animate=False, immediate=True, force=True
        )

    def action_move(self, direction: str) -> None:
        if self.plan is None:
            return
        found = nearest(self.plan, self.space, direction, self.spaces())
        if found is None:
            return
        self.space = found
        self._rebuild()
        self.scroll_to_cursor()
        self.post_message(PointerMoved(self.pointer))

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None or self.plan is None:
            return
        scroll_x, scroll_y = self.scroll_offset
        found = self.plan.space_at(offset.x + int(scroll_x), offset.y + int(scroll_y))
        if found is None:
            return
        event.stop()
        if found == self.space:
            self.post_message(PointerActivated(self.pointer))
            return
        self.space = found
        self._rebuild()
        self.post_message(PointerMoved(self.pointer))


# ---------------------------------------------------------------- the cards
HEADINGS: dict[Zone, str] = {
    "choice": "Choose",
    "hand": "Hand",
    "played": "Played this turn",
    "market": "Market",
    "piles": "Always available",
    "discard": "Discard pile",
    "inner": "Inner circle",
}


class CardsPanel(Drawing, ScrollView, can_focus=True):
    """The cards, one line each under a heading per zone; the cursor moves
    with ↑ ↓ over the card lines."""

    COMPONENT_CLASSES: ClassVar[set[str]] = COMPONENTS
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "move(-1)", "Up", show=False),
        Binding("down", "move(1)", "Down", show=False),
        Binding("home", "home", "First", show=False),
    ]

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.table: Table | None = None
        self.rows: list[Pointer] = []
        self.cursor = 0
        #: Line of each card row.
        self._at: list[int] = []
        self._lines: list[Strip] = []
        #: The player whose turn, and the person at the terminal, the
        #: cursor was placed for.
        self._turn_of: tuple[int, int | None] | None = None

    @property
    def pointer(self) -> Pointer | None:
        return self.rows[self.cursor] if self.rows else None

    def show(self, table: Table) -> None:
        old = self.pointer
        self.table = table
        self.rows = choices.card_rows(table.state, table.seat, table.legal)
        turn = (table.state.current, table.seat)
        if turn != self._turn_of:
            # Another player's turn, or another person at the terminal: the
            # cursor starts at the top again rather than where the last
            # player left it in the market.
            self._turn_of = turn
            self.cursor = 0
        elif old in self.rows:
            self.cursor = self.rows.index(old)
        else:
            self.cursor = min(self.cursor, max(0, len(self.rows) - 1))
        self._rebuild()

    def point(self, pointer: Pointer) -> None:
        if pointer in self.rows:
            self.cursor = self.rows.index(pointer)
            self._rebuild()
            self.scroll_to_cursor()

    def first_live(self) -> None:
        """Put the cursor on the first card Enter does something with."""
        for i, row in enumerate(self.rows):
            if self._live(row):
                self.cursor = i
                self._rebuild()
                self.scroll_to_cursor()
                return

    def _live(self, row: Pointer) -> bool:
        assert self.table is not None
        if row.zone == "choice":
            return self.table.live
        return (row.zone, row.key) in self.table.live_cards

    def on_resize(self, event: events.Resize) -> None:
        self._rebuild()

    def watch_show_vertical_scrollbar(self, shown: bool) -> None:
        # The scrollbar takes a column from the lines: made for the width
        # without it, they were cut a column short of their ellipsis (and
        # whether they were made again depended on which event came first).
        self._rebuild()

    def on_focus(self) -> None:
        self.call_later(self._rebuild)

    def on_blur(self) -> None:
        self.call_later(self._rebuild)

    def _rebuild(self) -> None:
        if self.table is None:
            return
        width = self.scrollable_content_region.width or self.size.width or 30
        lines, self._at = self._text_lines(width)
        base = self.rich_style
        self._lines = [
            Strip(Segment.apply_style(list(t.render(self.app.console)), base), width) for t in lines
        ]
        self.virtual_size = Size(width, len(self._lines))
        self.refresh()

    def _heading(self, zone: Zone, width: int) -> list[Text]:
        """A zone's heading, on as many lines as it needs at this width."""
        assert self.table is not None
        s = self.table.state
        parts = [HEADINGS[zone]]
        if zone == "hand" and self.table.seat is not None:
            p = s.players[self.table.seat]
            # Whose hand it is, always: during a bot's turn too.
            parts = [f"{s.seats[self.table.seat].name}'s hand ({len(p.hand)})"]
            parts += [f"{p.power} power", f"{p.influence} influence"]
        elif zone == "market":
            parts.append(f"deck {len(s.market_deck)}")
        elif zone == "played":
            parts = [f"{s.seats[s.current].name}: {parts[0].lower()}"]
        return [
            fit(Text(line, style=self.st("ty--head")), width) for line in wrap_parts(parts, width)
        ]

    def _text_lines(self, width: int) -> tuple[list[Text], list[int]]:
        assert self.table is not None
        table = self.table
        s = table.state
        lines: list[Text] = []
        at: list[int] = []
        zone: Zone | None = None
        options = choices.choice_actions(table.legal)
        focused = self.has_focus
        empty_hand = table.seat is not None and not s.players[table.seat].hand
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
                cost = f"{c.cost}" if row.zone in ("market", "piles") and c.cost is not None else ""
                aspect = ASPECT_LETTER.get(c.aspect or "", "")
                if row.zone == "piles":
                    aspect = f"×{s.piles.get(row.key, 0)}"
                room = width - len(line) - 9
                line.append(f"{c.name[:room]:<{room}}")
                line.append(f" {aspect:>4}", style=self.st("ty--dim"))
                line.append(f" {cost:>2}", style=self.st("ty--key"))
            text = fit(line, width)
            if live:
                text.stylize(self.st("ty--live"), 1)
            elif table.live and row.zone != "hand":
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
        cursor = max(0, min(len(self.rows) - 1, self.cursor + delta))
        if cursor != self.cursor:
            self.cursor = cursor
            self._rebuild()
            self.scroll_to_cursor()
            pointer = self.pointer
            if pointer is not None:
                self.post_message(PointerMoved(pointer))

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
        pointer = self.rows[index]
        if index == self.cursor:
            self.post_message(PointerActivated(pointer))
            return
        self.cursor = index
        self._rebuild()
        self.post_message(PointerMoved(pointer))


# --------------------------------------------------------------- the detail
class DetailView(Drawing, Widget):
    """What the cursor points at, in words: a site or route space with who
    is there, or a card with its cost, aspect, VP and effect."""

    COMPONENT_CLASSES: ClassVar[set[str]] = COMPONENTS

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.table: Table | None = None
        self.pointer: Pointer | None = None

    def show(self, table: Table, pointer: Pointer | None) -> None:
        self.table, self.pointer = table, pointer
        self.refresh()

    def render(self) -> Text:
        if self.table is None or self.pointer is None:
            return Text("")
        return detail_text(self, self.table, self.pointer)


def detail_text(drawing: Drawing, table: Table, pointer: Pointer) -> Text:
    s = table.state
    if pointer.zone == "space":
        return space_text(drawing, table, pointer.key)
    if pointer.zone == "choice":
        options = choices.choice_actions(table.legal)
        number = int(pointer.key)
        if number < len(options):
            return Text(f"{number + 1}: " + describe_action(s, options[number]))  # type: ignore[arg-type]
        return Text("")
    c = card(pointer.key)
    text = Text(c.name, style=Style(bold=True))
    text.append(f" ({card_facts(c)}): ", style=drawing.st("ty--dim"))
    text.append(describe(c))
    return text


def space_text(drawing: Drawing, table: Table, space: str) -> Text:
    s = table.state
    name = space_name(space)
    text = Text(name[:1].upper() + name[1:], style=Style(bold=True))
    occupants = s.troops.get(space, [])
    counts: dict[int, int] = {}
    for colour in occupants:
        counts[colour] = counts.get(colour, 0) + 1
    who = ", ".join(
        f"{'white' if c == WHITE else s.seats[c].name} {n}"
        for c, n in sorted(counts.items(), key=lambda kv: (kv[0] == WHITE, kv[0]))
    )
    spaces = bd.troop_spaces(space)
    if bd.is_site(space):
        info = bd.site(space)
        text.append(f" · {info.vp} VP")
        if info.start:
            text.append(" · start site")
        text.append(f" · troops {len(occupants)}/{spaces}: {who or 'none'}")
        owner = controller(s, space)
        text.append(
            f" · controlled by {s.seats[owner].name}" if owner is not None else " · no control"
        )
        if s.spies.get(space):
            text.append(" · spies: " + ", ".join(s.seats[p].name for p in s.spies[space]))
        if info.control_marker is not None:
            m = info.control_marker
            holder = s.markers.get(space)
            who = s.seats[holder].name if holder is not None else "nobody"
            text.append(
                f" · marker ({who}): +{m.control.influence} influence a turn, "
                f"+{m.total_control.vp} VP a turn with total control"
            )
    else:
        text.append(f" · {who or 'empty'}")
    if table.seat is not None and space in presence(s, table.seat):
        text.append(f" · {s.seats[table.seat].name} has presence", style=drawing.st("ty--dim"))
    return text


# --------------------------------------------------------------- the houses
class HousesPanel(Drawing, Widget):
    """Every house in three lines: tag, name, VP tokens and the site control
    markers held; troops in the barracks, spies left and trophies; deck,
    hand, discard and inner-circle sizes."""

    COMPONENT_CLASSES: ClassVar[set[str]] = COMPONENTS

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.table: Table | None = None

    def show(self, table: Table) -> None:
        self.table = table
        # Its height follows its wrapped lines.
        self.refresh(layout=True)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        if self.table is None:
            return 1
        return len(self._lines(width))

    def render(self) -> Text:
        if self.table is None:
            return Text("")
        return Text("\n").join(self._lines(self.content_region.width or self.size.width or 40))

    def _lines(self, width: int) -> list[Text]:
        """Each house's lines at this width: the facts are wrapped between
        phrases, never cut."""
        assert self.table is not None
        s = self.table.state
        lines: list[Text] = []
        for seat, p in enumerate(s.players):
            first = self.tag(seat)
            name = s.seats[seat].name
            turn = "▸" if seat == s.current and s.phase != "over" else " "
            first.append(f"{turn}{name[:12]:<12}", style=Style(bold=seat == s.current))
            first.append(f" {p.vp:>2} VP")
            held = [short_name(bd.site(m).name, 9) for m, h in s.markers.items() if h == seat]
            if held:
                first.append(" " + " ".join(f"{MARKER_HELD}{m}" for m in held))
            trophies = sum(p.trophies.values())
            whites = sum(n for k, n in p.trophies.items() if trophy_colour(k) == WHITE)
            facts = [
                plural(p.troops, "troop"),
                plural(p.spies, "spy", "spies"),
                plural(trophies, "trophy", "trophies") + (f" ({whites}w)" if whites else ""),
            ]
            lines += [first] + [Text("  " + line) for line in wrap_parts(facts, width - 2, "")]
            piles = [
                f"deck {p.deck_size()}",
                f"hand {p.hand_size()}",
                f"discard {len(p.discard)}",
                f"inner {len(p.inner_circle)}",
            ]
            lines += [
                Text("  " + line, style=self.st("ty--dim"))
                for line in wrap_parts(piles, width - 2, "")
            ]
        return lines
