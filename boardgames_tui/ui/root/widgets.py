"""Root's board widgets: the Woodland (one Line API widget with its own
cursor), the clearing at the cursor in words, and the side panel with the
score, the hand of the person at the terminal, the Burrow and both
factions' boards.

The screen hands each widget a :class:`Board` (the state as the person at the
terminal may see it, what is legal, where the cursor is) and the widget
redraws.  Colours come from component classes styled in ``root.tcss``.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import ClassVar

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.geometry import Size
from textual.strip import Strip
from textual.widget import Widget

from boardgames_tui.engine.game import Action
from boardgames_tui.games.root import core
from boardgames_tui.games.root.cards import describe as card_words
from boardgames_tui.games.root.model import (
    BURROW,
    CATS,
    DUCHY,
    FACTION_NAMES,
    HIDDEN,
    WIN_VP,
    RootState,
    card_of,
)
from boardgames_tui.games.root.tracks import (
    RANKS,
    action_text,
)
from boardgames_tui.games.root.tracks import duchy as duchy_board
from boardgames_tui.games.root.tracks import marquise as marquise_board
from boardgames_tui.games.root.woodland import autumn

from ..widgets.keybar import KeyBar as SharedKeyBar
from .choices import clearing_of, destinations, where
from .look import (
    BUILDING_FACTION,
    BUILDING_LETTER,
    COMPONENTS,
    EMPTY_SLOT,
    KEEP,
    RUIN,
    RULER_WORD,
    SUIT_LETTER,
    TUNNEL,
    WARRIOR_LETTER,
    WOOD,
    faction_class,
    suit_class,
)
from .messages import ClearingActivated, ClearingChanged

#: Where the Burrow sits for the arrows: under the middle of the map.
BURROW_POSITION = (0.5, 1.1)


@dataclass
class Board:
    """Everything a widget needs to draw itself."""

    state: RootState
    #: The seat whose hand is shown (None: no hand, behind a hand-off).
    viewer: int | None = None
    names: Sequence[str] = ()
    live: bool = False
    legal: Sequence[Action] = ()
    cursor: int = 1
    #: The clearing warriors are being moved from (M), if any.
    moving_from: int | None = None
    #: Clearings where Enter does something now (or where warriors may go).
    targets: set[int] = field(default_factory=set)
    #: The outlook of the battle at the cursor (or highlighted in a list),
    #: in words, when one may be started there.
    preview: Sequence[str] = ()
    #: Clearings that changed since the person at the terminal last saw the
    #: board (marked ✱ after a hand-off, until their first key).
    changed: frozenset[int] = frozenset()

    @classmethod
    def build(
        cls,
        state: RootState,
        viewer: int | None,
        names: Sequence[str],
        live: bool,
        legal: Sequence[Action],
        cursor: int,
        moving_from: int | None,
        preview: Sequence[str] = (),
        changed: frozenset[int] = frozenset(),
    ) -> Board:
        if moving_from is not None:
            targets = set(destinations(legal, moving_from))
        else:
            targets = {c for a in legal if (c := clearing_of(a)) is not None}
        return cls(
            state, viewer, names, live, legal, cursor, moving_from, targets, preview, changed
        )


class Drawing:
    """Helpers shared by the widgets: styled pieces of text."""

    _styles: dict[tuple[str, str], Style]

    def st(self, name: str) -> Style:
        """A component class's style, cached per theme."""
        assert isinstance(self, Widget)
        if not hasattr(self, "_styles"):
            self._styles = {}
        key = (name, self.app.theme)
        style = self._styles.get(key)
        if style is None:
            partial = name in ("root--cursor", "root--target")
            style = self._styles[key] = self.get_component_rich_style(name, partial=partial)
        return style

    def suit(self, suit: str, word: bool = False) -> Text:
        return Text(suit if word else SUIT_LETTER[suit], style=self.st(suit_class(suit)))

    def pieces(self, state: RootState, n: int, wide: bool) -> list[Text]:
        """A clearing's building slots, warriors and tokens."""
        c = state.clearings[n]
        spot = autumn().clearing(n)
        slots = Text()
        for b in c.buildings:
            slots.append(BUILDING_LETTER[b], style=self.st(faction_class(BUILDING_FACTION[b])))
            if wide:
                slots.append(" ")
        if spot.ruin:
            slots.append(RUIN + (" " if wide else ""), style=self.st("root--ruin"))
        free = core.free_slots(state, n)
        slots.append(
            (EMPTY_SLOT + (" " if wide else "")) * max(0, free), style=self.st("root--dim")
        )
        slots.rstrip()
        warriors = Text()
        for faction, count in ((CATS, c.cats), (DUCHY, c.moles)):
            if count:
                if warriors:
                    warriors.append(" ")
                warriors.append(
                    f"{WARRIOR_LETTER[faction]}{count}", style=self.st(faction_class(faction))
                )
        tokens = Text()
        if c.keep:
            tokens.append(KEEP, style=self.st("root--cats") + Style(bold=True))
        if c.wood:
            tokens.append((" " if tokens else "") + f"{WOOD}{c.wood}", style=self.st("root--cats"))
        if c.tunnel:
            tokens.append(
                (" " if tokens else "") + TUNNEL, style=self.st("root--duchy") + Style(bold=True)
            )
        return [slots, warriors, tokens]


def fit(text: Text, width: int) -> Text:
    """``text`` cut or padded to exactly ``width`` cells."""
    text = text.copy()
    text.truncate(width, overflow="crop", pad=True)
    return text


# --------------------------------------------------------------- the map
@dataclass(frozen=True)
class MapLayout:
    """Where each clearing's box is drawn, for a widget of this size."""

    width: int
    height: int
    box_w: int
    box_h: int
    boxes: dict[int, tuple[int, int]]

    @property
    def wide(self) -> bool:
        return self.box_h >= 5

    @property
    def burrow_y(self) -> int:
        return self.height - 1

    def box_at(self, x: int, y: int) -> int | None:
        """The clearing drawn at (x, y); 0 for the Burrow's line."""
        if y == self.burrow_y:
            return BURROW
        for n, (bx, by) in self.boxes.items():
            if bx <= x < bx + self.box_w and by <= y < by + self.box_h:
                return n
        return None

    def centre(self, n: int) -> tuple[int, int]:
        x, y = self.boxes[n]
        return x + self.box_w // 2, y + self.box_h // 2


def columns() -> dict[int, int]:
    """Each clearing's column on screen: the printed map's clearings fall in
    four columns (x positions closer than a tenth of the map's width share
    one)."""
    spots = sorted(autumn().clearings, key=lambda c: c.position[0])
    col = 0
    found: dict[int, int] = {}
    last = spots[0].position[0]
    for c in spots:
        if c.position[0] - last > 0.1:
            col += 1
        last = c.position[0]
        found[c.number] = col
    return found


def map_layout(width: int, height: int) -> MapLayout:
    """The boxes laid out like the printed Autumn map: four columns, each
    clearing as high up as on the map, no two boxes overlapping."""
    cols = columns()
    count = max(cols.values()) + 1
    box_w = next((w for w in (18, 16, 14, 12, 11) if count * w + count - 1 <= width), 11)
    room = height - 1
    box_h = 5 if room >= 3 * 5 + 3 else 4
    clearings = autumn().clearings
    ys = [c.position[1] for c in clearings]
    top, bottom = min(ys), max(ys)
    step = (width - box_w) / (count - 1) if count > 1 else 0
    boxes: dict[int, tuple[int, int]] = {}
    for col in range(count):
        members = sorted(
            (c for c in clearings if cols[c.number] == col), key=lambda c: c.position[1]
        )
        placed: list[tuple[int, int]] = []
        for c in members:
            y = round((c.position[1] - top) / (bottom - top) * max(0, room - box_h))
            if placed and y < placed[-1][1] + box_h:
                y = placed[-1][1] + box_h
            placed.append((c.number, y))
        # pushed past the bottom: push back up from there
        limit = room - box_h
        for i in range(len(placed) - 1, -1, -1):
            n, y = placed[i]
            if y > limit:
                placed[i] = (n, max(0, limit))
            limit = placed[i][1] - box_h
        for n, y in placed:
            boxes[n] = (round(col * step), y)
    return MapLayout(width, height, box_w, box_h, boxes)


class WoodlandView(Drawing, Widget, can_focus=True):
    """The Woodland: every clearing as a box where the printed map has it
    (number, name, suit, building slots, warriors, wood, the keep, tunnels,
    who rules it), the paths as dotted trails and the river as waves between
    them, and the Burrow on the last line.  The cursor (a heavy frame) moves
    with the arrows; a click points, a second click acts."""

    COMPONENT_CLASSES: ClassVar[set[str]] = COMPONENTS
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "move('up')", "Up", show=False),
        Binding("down", "move('down')", "Down", show=False),
        Binding("left", "move('left')", "Left", show=False),
        Binding("right", "move('right')", "Right", show=False),
    ]

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.board: Board | None = None
        self.cursor = 1
        self.drawn: MapLayout | None = None
        self._lines: list[Strip] = []

    def show(self, board: Board) -> None:
        self.board = board
        self.cursor = board.cursor
        self._rebuild()

    def point(self, clearing: int) -> None:
        if clearing != self.cursor:
            self.cursor = clearing
            if self.board is not None:
                self.board.cursor = clearing
            self._rebuild()

    def on_resize(self, event: events.Resize) -> None:
        self._rebuild()

    def on_focus(self) -> None:
        self.call_later(self._rebuild)

    def on_blur(self) -> None:
        self.call_later(self._rebuild)

    # ----------------------------------------------------------- drawing
    def _rebuild(self) -> None:
        width, height = self.size.width, self.size.height
        if self.board is None or width <= 0 or height <= 0:
            return
        self.drawn = map_layout(width, height)
        self._lines = self._draw(self.board, self.drawn)
        self.refresh()

    def _draw(self, board: Board, layout: MapLayout) -> list[Strip]:
        base = self.rich_style
        blank = (" ", base)
        combined: dict[Style, Style] = {}

        def on_base(style: Style) -> Style:
            found = combined.get(style)
            if found is None:
                found = combined[style] = base + style
            return found

        cells = [[blank for _ in range(layout.width)] for _ in range(layout.height)]
        woodland = autumn()
        inside: set[tuple[int, int]] = set()
        for x, y in layout.boxes.values():
            for dy in range(layout.box_h):
                for dx in range(layout.box_w):
                    inside.add((x + dx, y + dy))

        def trail(a: int, b: int, glyph: str, style: Style) -> None:
            (x0, y0), (x1, y1) = layout.centre(a), layout.centre(b)
            steps = max(abs(x1 - x0), abs(y1 - y0), 1)
            for i in range(steps + 1):
                x = round(x0 + (x1 - x0) * i / steps)
                y = round(y0 + (y1 - y0) * i / steps)
                if (x, y) not in inside and 0 <= y < layout.height and 0 <= x < layout.width:
                    cells[y][x] = (glyph, on_base(style))

        near = self.st("root--near")
        for a, b in woodland.river:
            trail(a, b, "~", self.st("root--river"))
        for a, b in woodland.paths():
            touches = board.cursor in (a, b)
            trail(a, b, "•" if touches else "·", near if touches else self.st("root--path"))
        for n in woodland.numbers:
            x, y = layout.boxes[n]
            for dy, line in enumerate(self._box(board, n, layout)):
                for dx, (char, style) in enumerate(_cells(line)):
                    if 0 <= x + dx < layout.width and 0 <= y + dy < layout.height:
                        cells[y + dy][x + dx] = (char, on_base(style))
        burrow = self._burrow_line(board, layout.width)
        for dx, (char, style) in enumerate(_cells(burrow)):
            if dx < layout.width:
                cells[layout.burrow_y][dx] = (char, on_base(style))
        strips: list[Strip] = []
        for row in cells:
            segments: list[Segment] = []
            run: list[str] = []
            run_style: Style | None = None
            for char, style in row:
                if style is run_style:
                    run.append(char)
                    continue
                if run:
                    segments.append(Segment("".join(run), run_style))
                run, run_style = [char], style
            if run:
                segments.append(Segment("".join(run), run_style))
            strips.append(Strip(segments, layout.width))
        return strips

    def _box(self, board: Board, n: int, layout: MapLayout) -> list[Text]:
        state = board.state
        w, h = layout.box_w, layout.box_h
        inner = w - 2
        cursor = n == board.cursor
        target = n in board.targets and board.live
        ruler = core.ruler(state, n)
        frame_style = self.st(faction_class(ruler)) if ruler is not None else self.st("root--dim")
        if cursor:
            frame_style = frame_style + Style(bold=True)
        tl, tr, bl, br, hz, vt = (
            ("┏", "┓", "┗", "┛", "━", "┃") if cursor else ("╭", "╮", "╰", "╯", "─", "│")
        )
        spot = autumn().clearing(n)
        title = Text()
        title.append(tl, style=frame_style)
        label = Text(f"{n} {spot.name}" if layout.wide else f"{n}{spot.name}")
        if cursor:
            label.stylize(self.st("root--cursor") + Style(bold=True))
        mark = Text("◆", style=self.st("root--target")) if target else Text("")
        if n in board.changed:  # changed since this person last looked
            mark = Text("✱", style=Style(bold=True)) + mark
        room = inner - len(mark) - 1
        label.truncate(room, overflow="crop")
        title.append_text(label)
        title.append(hz * (inner - len(label) - len(mark)), style=frame_style)
        title.append_text(mark)
        title.append(tr, style=frame_style)
        slots, warriors, tokens = self.pieces(state, n, layout.wide)
        rows: list[Text] = []
        if layout.wide:
            first = self.suit(spot.suit, word=True)
            first.append(" ")
            pad = inner - 2 - len(first) - len(slots)
            first.append(" " * max(0, pad))
            first.append_text(slots)
            rows = [first, warriors, tokens]
        else:
            first = self.suit(spot.suit)
            first.append(" ")
            first.append_text(slots)
            if tokens:
                first.append(" ")
                first.append_text(tokens)
            rows = [first, warriors]
        lines = [title]
        for row in rows[: h - 2]:
            line = Text(vt, style=frame_style)
            body = Text(" ")
            body.append_text(row)
            line.append_text(fit(body, inner))
            line.append(vt, style=frame_style)
            lines.append(line)
        bottom = Text(bl, style=frame_style)
        word = (
            Text(RULER_WORD[ruler], style=self.st(faction_class(ruler)))
            if ruler is not None
            else Text("")
        )
        bottom.append(hz, style=frame_style)
        bottom.append_text(word)
        bottom.append(hz * (inner - 1 - len(word)), style=frame_style)
        bottom.append(br, style=frame_style)
        lines.append(bottom)
        return lines

    def _burrow_line(self, board: Board, width: int) -> Text:
        state = board.state
        cursor = board.cursor == BURROW
        line = Text()
        label = Text(
            "▶ Burrow" if cursor else "  Burrow", style=self.st("root--duchy") + Style(bold=True)
        )
        if cursor:
            label.stylize(self.st("root--cursor"))
        line.append_text(label)
        if BURROW in board.targets and board.live:
            line.append(" ◆", style=self.st("root--target"))
        moles = state.clearings[BURROW].moles
        line.append(f"  {WARRIOR_LETTER[DUCHY]}{moles}", style=self.st("root--duchy"))
        tunnels = core.tunnels(state)
        line.append("  tunnels to " if tunnels else "  no tunnels yet", style=self.st("root--dim"))
        line.append(", ".join(f"{n} {autumn().clearing(n).name}" for n in tunnels))
        return line

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        if y >= len(self._lines):
            return Strip.blank(width, self.rich_style)
        return self._lines[y].crop_extend(0, width, self.rich_style)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return 17

    # ------------------------------------------------------------ cursor
    def action_move(self, direction: str) -> None:
        """To the nearest clearing that way (the Burrow lies under the map)."""
        found = step(self.cursor, direction)
        if found is not None:
            self.point(found)
            self.post_message(ClearingChanged(found))

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None or self.drawn is None:
            return
        found = self.drawn.box_at(offset.x, offset.y)
        if found is None:
            return
        event.stop()
        if found == self.cursor:
            self.post_message(ClearingActivated(found))
            return
        self.point(found)
        self.post_message(ClearingChanged(found))


def position(n: int) -> tuple[float, float]:
    """Where a clearing lies on the printed map (the Burrow: under it)."""
    if n == BURROW:
        return BURROW_POSITION
    x, y = autumn().clearing(n).position
    return x, y


def step(cursor: int, direction: str) -> int | None:
    """The clearing an arrow key moves the cursor to from ``cursor``: the
    nearest one that way, preferring those straight ahead; None at the edge."""
    here = position(cursor)
    dx, dy = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}[direction]
    best: tuple[float, int] | None = None
    for n in (*autumn().numbers, BURROW):
        if n == cursor:
            continue
        x, y = position(n)
        ahead = (x - here[0]) * dx + (y - here[1]) * dy
        if ahead <= 0.02:
            continue
        aside = abs((x - here[0]) * dy) + abs((y - here[1]) * dx)
        if aside > ahead * 2.5:
            continue
        score = ahead + 2 * aside
        if best is None or score < best[0]:
            best = (score, n)
    return None if best is None else best[1]


def _cells(text: Text) -> list[tuple[str, Style]]:
    """A line of text as (character, style) cells: every character here is
    one cell wide, and every style a Style (no markup), so the spans are
    read directly (far cheaper than rendering through a console)."""
    base = text.style if isinstance(text.style, Style) else Style()
    styles = [base] * len(text.plain)
    for span in text.spans:
        style = span.style
        if isinstance(style, Style):
            for i in range(span.start, min(span.end, len(styles))):
                styles[i] = styles[i] + style
    return list(zip(text.plain, styles, strict=True))


# ------------------------------------------------------------ in words
class TextPanel(Drawing, Widget):
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
            text = Text("The Burrow", style=self.st("root--duchy") + Style(bold=True))
            text.append(f" · {state.clearings[BURROW].moles} Duchy warriors")
            tunnels = core.tunnels(state)
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
        pieces = []
        if c.cats:
            pieces.append(f"{c.cats} Marquise")
        if c.moles:
            pieces.append(f"{c.moles} Duchy")
        text.append(" · warriors: " + (", ".join(pieces) if pieces else "none"))
        if c.keep:
            text.append(" · the keep")
        if c.wood:
            text.append(f" · {c.wood} wood")
        if c.tunnel:
            text.append(" · a tunnel")
        ruler = core.ruler(state, n)
        text.append(" · ruled by ")
        if ruler is None:
            text.append("nobody")
        else:
            text.append(f"the {FACTION_NAMES[ruler]}", style=self.st(faction_class(ruler)))
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
    """The score, the hand of the person at the terminal (the other hand
    face down), crafted cards and items, the Burrow and both factions'
    boards."""

    def lines(self, board: Board) -> list[Text]:
        state = board.state
        out: list[Text] = []
        out += self.score(board)
        out += self.hands(board)
        out += self.burrow(state)
        out += self.duchy(board)
        out += self.marquise(board)
        return out

    def who(self, board: Board, faction: int) -> str:
        seat = board.state.seat_of[faction]
        name = board.names[seat] if seat < len(board.names) else ""
        return f"{core.name(faction)} ({name})" if name else core.name(faction)

    def score(self, board: Board) -> list[Text]:
        state = board.state
        text = self.heading("Score ")
        for faction in (CATS, DUCHY):
            vp = state.player(faction).vp
            text.append(f"{self.who(board, faction)} ", style=self.st(faction_class(faction)))
            text.append(f"{vp}", style=Style(bold=True))
            text.append("  ")
        text.append_text(self.dim(f"of {WIN_VP}"))
        return [text]

    def hands(self, board: Board) -> list[Text]:
        state = board.state
        out: list[Text] = []
        viewer = board.viewer
        for faction in (CATS, DUCHY):
            seat = state.seat_of[faction]
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
        for faction in (CATS, DUCHY):
            player = state.player(faction)
            things = [card_of(c).name for c in player.crafted] + player.items
            if things:
                line = Text(
                    f"{core.name(faction)} crafted: ", style=self.st(faction_class(faction))
                )
                line.append(", ".join(things))
                out.append(line)
        return out

    def burrow(self, state: RootState) -> list[Text]:
        line = self.heading("The Burrow ")
        line.append(
            f"{WARRIOR_LETTER[DUCHY]}{state.clearings[BURROW].moles}", style=self.st("root--duchy")
        )
        tunnels = core.tunnels(state)
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
                    style=self.st("root--duchy") if i < built else self.st("root--dim"),
                )
            word = "warriors in Birdsong" if gives == "recruits" else "cards in Evening"
            line.append_text(self.dim(word))
            out.append(line)
        for rank in RANKS:
            left = core.crowns_left(state, rank)
            spec_rank = spec.rank(rank)
            line = Text(f" {rank}s", style=Style(bold=True))
            crown = f"{spec.sway_vp(rank, left)} VP" if left else "no crown left"
            line.append_text(self.dim(f" (reveal {spec_rank.cards_to_reveal}, {crown}): "))
            names = [m.name for m in spec.ministers if m.rank == rank]
            for i, m in enumerate(names):
                if i:
                    line.append(", ")
                if m in d.swayed:
                    line.append("★" + m, style=self.st("root--duchy"))
                else:
                    line.append(m)
            out.append(line)
        for m in d.swayed:
            minister = spec.minister(m)
            used = f"minister:{m}" in d.used
            line = Text(" ★" + m, style=self.st("root--duchy"))
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
                    line.append("■ ", style=self.st("root--cats"))
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


# ------------------------------------------------------------- the keys
class KeyBar(SharedKeyBar):
    """The shared key bar; the card list gives way too when keys crowd."""

    GIVE_WAY: ClassVar[tuple[str, ...]] = (
        "command_palette",
        "save",
        "back",
        "menu",
        "undo",
        "log",
        "picker",
        "cards",
        "help",
    )
