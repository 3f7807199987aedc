"""Incubation's panels, each one widget drawing its own text: the Market
(a ring of eight sections around the spinner), the dice, the egg decks, the
players with their incubators, and the objectives on offer.

The screen hands each panel a :class:`Board` (the state, who acts, what is
legal, what the player has pointed at) and the panel redraws; a click on a
part of a panel posts one of ``messages.py``'s messages.  Colours come from
component classes styled in ``incubation.tcss``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import ClassVar, Self

from rich.style import Style
from rich.text import Text
from textual import events
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from boardgames_tui.engine.data import clone
from boardgames_tui.engine.game import Action
from boardgames_tui.games.incubation.cards import (
    COLOURS,
    SECTIONS,
    ColourSet,
    DistinctColours,
    Dragons,
    EggCard,
    ObjectiveCard,
    SameColour,
    egg,
    objective,
)
from boardgames_tui.games.incubation.model import (
    DECKS,
    IncubationState,
    Incubator,
    Treasure,
    pointer_sections,
    top_card,
)
from boardgames_tui.games.incubation.rules import (
    ClaimObjective,
    PlaceToken,
    claimable,
    free_dice,
    fulfilled_by,
    paired,
)
from boardgames_tui.games.incubation.score import score

from ..widgets import ActionPicker
from ..widgets.keybar import KeyBar as SharedKeyBar
from ..widgets.text_rows import TextRows
from .choices import Selection, choosing_section, current_die, decision
from .look import (
    ARROWS,
    FACE_GLYPH,
    FIRE,
    GOLD,
    LETTERS,
    POINTERS,
    SILVER,
    WATER,
    colour_class,
    egg_letters,
    face_effect,
)
from .messages import DeckPicked, DiePicked, IncubatorPicked, ObjectivePicked, SectionPicked


@dataclass
class Board:
    """Everything a panel needs to draw itself."""

    state: IncubationState
    to_act: int | None = None
    #: A person may act now (no bot thinking, game not over): keys are live.
    live: bool = False
    legal: Sequence[Action] = ()
    selection: Selection = field(default_factory=Selection)


class IncubationPanel(TextRows, Widget):
    """A panel that renders its own rich text from a :class:`Board`, a line
    per row (drawn row by row: see :class:`TextRows`)."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        *(colour_class(c) for c in (*COLOURS, "mystery")),
        "inc--silver",
        "inc--gold",
        "inc--water",
        "inc--fire",
        "inc--chest",
        "inc--dim",
        "inc--key",
        "inc--key-live",
        "inc--active",
        "inc--marker",
        "inc--cursor",
        "inc--pointer",
        "inc--flash",
        "inc--ok",
        "inc--title",
    }

    #: Fewer words, for 80 columns.
    compact: reactive[bool] = reactive(False, layout=True)

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.board: Board | None = None
        self._styles: dict[str, Style] = {}
        #: The lines on screen (as last rendered).
        self._drawn: list[Text] | None = None
        #: How many lines the last board shown takes.
        self._count: int | None = None
        #: The lines ``show`` made, for the repaint that follows it (what
        #: they were made for: the board, the size, compact or not).
        self._made: tuple[Board, Size, bool, list[Text]] | None = None
        #: What the panel read when ``show`` last made its lines (see
        #: :meth:`reads`), and those lines.
        self._read: object = None
        self._read_lines: list[Text] | None = None

    def show(self, board: Board) -> None:
        """Draw ``board``: nothing to do when the panel reads as before (most
        panels, most moves); the layout is refreshed only when the number of
        lines changes (a relayout of the whole screen is what costs)."""
        self.board = board
        if not self.on_screen:
            # Not displayed (the objectives are drawn in one of two places,
            # by the screen's width): drawn from this board when it is.
            self._made = self._drawn = self._count = None
            return
        key = self.reads(board)
        if key is not None:
            key = (key, self.content_size, self.compact)
        if key is not None and key == self._read and self._read_lines is not None:
            after = self._read_lines  # it reads as before: the same lines
        else:
            after = self.lines(board)
            self._read, self._read_lines = key, after
        self._made = (board, self.content_size, self.compact, after)
        count, self._count = self._count, len(after)
        if after != self._drawn:
            if count != len(after):
                self.refresh(layout=True)
            else:
                self.refresh_rows(self._drawn, after)

    @property
    def on_screen(self) -> bool:
        """Displayed, and so is everything it sits in."""
        return self.display and all(
            node.display for node in self.ancestors if isinstance(node, Widget)
        )

    def reads(self, board: Board) -> object:
        """Everything of ``board`` that :meth:`lines` reads, as a value that
        compares equal when the lines would be the same (and costs far less
        to make than they do); None (the default): make them every time."""
        return None

    def line_count(self, board: Board) -> int:
        """How many lines ``lines`` draws: never more than one per row."""
        return len(self.lines(board))

    # ------------------------------------------------------------- pieces
    def style(self, name: str) -> Style:
        """A component class's style (cached until the styles change)."""
        style = self._styles.get(name)
        if style is None:
            # Not partial: "auto" and translucent colours ($text-muted) are
            # only right once blended with the panel's background.
            style = self._styles[name] = self.get_component_rich_style(name)
        return style

    def notify_style_update(self) -> None:
        self._styles.clear()
        self._made = None
        self._read = self._read_lines = None
        super().notify_style_update()

    def chip(self, letter: str, colour: str) -> Text:
        """A dragon colour: its letter on the colour (never the colour alone)."""
        return seg(f" {letter} ", self.style(colour_class(colour)))

    def egg_chips(self, card: EggCard, align: bool = False) -> Text:
        """A card's colours as one chip: `` R `` for a plain egg, `` RO `` (two
        colours) for a hybrid, `` ? `` for a mystery egg.  ``align`` pads it
        to a hybrid's width."""
        letters = egg_letters(card)
        if len(letters) == 1:
            text = self.chip(*letters[0])
        else:
            (first, one), (second, two) = letters
            text = seg(f" {first}", self.style(colour_class(one)))
            text.append(f"{second} ", style=self.style(colour_class(two)))
        if align and len(text) < 4:
            text.append(" " * (4 - len(text)))
        return text

    def key(self, label: str, live: bool) -> Text:
        """A key the player may press: bright when it does something now."""
        return seg(f"[{label}]", self.style("inc--key-live" if live else "inc--key"))

    def amount(self, glyph: str, count: int, resource: str) -> Text:
        style = self.style(f"inc--{resource}") if count else self.style("inc--dim")
        return seg(f"{glyph}{count}", style)

    def needs(self, glyph: str, have: int, need: int, resource: str, pips: bool) -> Text:
        """``≈ ●●○ 2/3``: tokens placed over tokens needed."""
        if need == 0:
            return seg(f"{glyph} -", self.style("inc--dim"))
        text = seg(glyph, self.style(f"inc--{resource}"))
        if pips:
            text.append(" " + "●" * have, style=self.style(f"inc--{resource}"))
            text.append("○" * (need - have), style=self.style("inc--dim"))
        text.append(f" {have}/{need}")
        return text

    def click_target(self, x: int, y: int) -> Message | None:
        """What a click at content offset (x, y) picks, if anything."""
        return None

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None or self.board is None:
            return
        message = self.click_target(offset.x, offset.y)
        if message is not None:
            event.stop()
            self.post_message(message)

    def render(self) -> Text:
        return Text("\n").join(self.text_rows())

    def text_rows(self) -> list[Text]:
        if self.board is None:
            return [Text("")]
        made = self._made
        self._made = None
        if (
            made is not None
            and made[0] is self.board
            and made[1] == self.content_size
            and made[2] == self.compact
        ):
            lines = made[3]  # made by ``show`` for this repaint: not twice
        else:
            lines = self.lines(self.board)
        self._drawn = lines
        self._count = len(lines)
        return lines

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """One row per line: lines never wrap (they are cut with an ellipsis)."""
        return self.line_count(self.board) if self.board is not None else 1

    def lines(self, board: Board) -> list[Text]:
        """The panel's lines for ``board``; each panel subclass draws its own
        (the bare base panel draws nothing)."""
        return []


def treasures(market: Sequence[Treasure]) -> tuple[tuple[int, int, int], ...]:
    """What lies in each section, as a value."""
    return tuple((t.silver, t.water, t.fire) for t in market)


def seg(text: str, style: Style) -> Text:
    """``text`` in ``style``, as a span: text appended to it later keeps its
    own style (``Text(text, style=...)`` would lend it this one)."""
    out = Text()
    out.append(text, style=style)
    return out


def pad(text: Text, width: int) -> Text:
    """Cut or fill ``text`` to exactly ``width`` cells."""
    text = text.copy()
    text.truncate(width, overflow="ellipsis", pad=True)
    return text


# ----------------------------------------------------------------- market
class MarketRing(IncubationPanel, can_focus=True):
    """The Market: eight sections in a ring (clockwise from the top-left
    corner) around the spinner, whose three pointers face the sections that
    receive treasure.  Each section: its letter and colour, then its silver,
    water and fire, then the pointer facing it.  Letters choose a section; so
    do the arrows and Enter, and the mouse."""

    #: Grid place (row, column) of each ring position, clockwise.
    PLACES: ClassVar[tuple[tuple[int, int], ...]] = (
        (0, 0),
        (0, 1),
        (0, 2),
        (1, 2),
        (2, 2),
        (2, 1),
        (2, 0),
        (1, 0),
    )
    #: The frames of a turn of the spinner and how long each lasts (seconds):
    #: the pointers where they were, the spinner moving, the pointers landed
    #: with the new tokens flashing.
    FRAMES: ClassVar[tuple[tuple[str, float], ...]] = (
        ("from", 0.15),
        ("moving", 0.15),
        ("landed", 0.45),
    )

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        #: While the spinner turns: the section the coin pointer came from and
        #: the frame shown.
        self.turning_from: int | None = None
        self.phase = ""
        self._frames: list[tuple[str, float]] = []
        #: The treasures as last shown, and as shown before that (the counts
        #: before a turn added tokens).
        self._market: list[Treasure] = []
        self._market_before: list[Treasure] = []
        self._left = 0
        self._cell = 12
        #: Each section's cell as drawn (padded to its width), by what it
        #: shows: a move changes a section or two of the eight.
        self._cells: dict[tuple[object, ...], list[Text]] = {}

    def notify_style_update(self) -> None:
        self._cells.clear()
        super().notify_style_update()

    def show(self, board: Board) -> None:
        self._market_before = self._market
        self._market = [clone(t) for t in board.state.market]
        super().show(board)

    def line_count(self, board: Board) -> int:
        return 13 if self.compact else 14

    def reads(self, board: Board) -> object:
        state = board.state
        turning = self.phase in ("from", "moving")
        return (
            state.spinner,
            treasures(state.market),
            self.phase,
            self.turning_from,
            treasures(self._market_before) if turning else (),
            board.live and choosing_section(state),
            board.selection.cursor,
        )

    # ---------------------------------------------------------- animation
    def spin(self, old: int) -> None:
        """Show the spinner turning one section clockwise from ``old`` (the
        caller checks that animations are on)."""
        self.turning_from = old
        self._frames = list(self.FRAMES)
        self._next_frame()

    def _next_frame(self) -> None:
        self._made = None  # the lines show made are for the spinner at rest
        if not self._frames:
            self.turning_from = None
            self.phase = ""
            self.refresh()
            return
        self.phase, seconds = self._frames.pop(0)
        self.refresh()
        self.set_timer(seconds, self._next_frame)

    @property
    def spinning(self) -> bool:
        return self.turning_from is not None

    # ------------------------------------------------------------- layout
    def cell_width(self) -> int:
        width = self.content_size.width or 64
        return max(12, min(18, (width - 4) // 3))

    def lines(self, board: Board) -> list[Text]:
        state = board.state
        w = self._cell = self.cell_width()
        total = 3 * w + 4
        self._left = max(0, (self.content_size.width - total) // 2)
        spinner = state.spinner
        market = state.market
        if self.phase in ("from", "moving") and self.turning_from is not None:
            if self.phase == "from":
                spinner = self.turning_from
            if len(self._market_before) == SECTIONS:
                market = self._market_before
        facing = {s: name for name, s in pointer_sections(spinner).items()}
        flash = set(facing) if self.phase == "landed" else set()
        choosing = board.live and choosing_section(state)
        cells: dict[tuple[int, int], list[Text]] = {}
        if len(self._cells) > 4 * SECTIONS * 8:
            self._cells.clear()
        for section in range(SECTIONS):
            pointer = None if self.phase == "moving" else facing.get(section)
            t = market[section]
            at_cursor = choosing and board.selection.cursor == section
            key = (section, t.silver, t.water, t.fire, pointer, section in flash, at_cursor, w)
            cell = self._cells.get(key)
            if cell is None:
                drawn = self.section_cell(
                    board, section, market, pointer, section in flash, choosing, w
                )
                cell = self._cells[key] = [pad(line, w) for line in drawn]
            cells[self.PLACES[section]] = cell
        cells[(1, 1)] = [pad(line, w) for line in self.hub(facing, w)]
        out: list[Text] = []
        rule = {0: ("┌", "┬", "┐"), 1: ("├", "┼", "┤"), 2: ("├", "┼", "┤"), 3: ("└", "┴", "┘")}
        border = self.style("inc--dim")
        for row in range(3):
            left, mid, right = rule[row]
            out.append(seg(left + mid.join(["─" * w] * 3) + right, border))
            for k in range(3):
                line = seg("│", border)
                for col in range(3):
                    line.append_text(cells[(row, col)][k])
                    line.append("│", style=border)
                out.append(line)
        out.append(seg("└" + "┴".join(["─" * w] * 3) + "┘", border))
        if not self.compact:
            out.append(self.legend(total))
        if self._left:
            out = [Text(" " * self._left) + line for line in out]
        return out

    def section_cell(
        self,
        board: Board,
        section: int,
        market: Sequence[Treasure],
        pointer: str | None,
        flash: bool,
        choosing: bool,
        w: int,
    ) -> list[Text]:
        colour = COLOURS[section]
        treasure = market[section]
        at_cursor = choosing and board.selection.cursor == section
        name = seg("▶" if at_cursor else " ", self.style("inc--marker"))
        name.append_text(self.chip(LETTERS[colour], colour))
        name.append(f" {colour}")
        gap = " " if w < 14 else "  "
        counts = Text(" ")
        counts.append_text(self.amount(SILVER, treasure.silver, "silver"))
        counts.append(gap)
        counts.append_text(self.amount(WATER, treasure.water, "water"))
        counts.append(gap)
        counts.append_text(self.amount(FIRE, treasure.fire, "fire"))
        if flash:
            counts.stylize(self.style("inc--flash"))
        tag = Text(" ")
        if pointer is not None:
            word, glyph = next((w_, g) for r, w_, g in POINTERS if r == pointer)
            tag.append(f"▸{glyph} {word}", style=self.style("inc--pointer"))
            if flash:
                tag.append(" +1", style=self.style("inc--flash"))
        lines = [name, counts, tag]
        if at_cursor:
            lines = [pad(line, w) for line in lines]
            for line in lines:
                line.stylize(self.style("inc--cursor"))
        return lines

    def hub(self, facing: dict[int, str], w: int) -> list[Text]:
        """The spinner: an arrow towards each section a pointer faces."""

        pointer_style = self.style("inc--dim" if self.phase == "moving" else "inc--pointer")

        def slot(position: int, arrow_first: bool) -> Text:
            pointer = facing.get(position)
            if pointer is None:
                return Text("")
            word = next(w_ for r, w_, _ in POINTERS if r == pointer)
            arrow = ARROWS[position]
            body = f"{arrow}{word}" if arrow_first else f"{word}{arrow}"
            return seg(body, pointer_style)

        def row(left: Text, middles: Sequence[str], right: Text) -> Text:
            """``left`` and ``right`` at the edges, the first of ``middles``
            that fits in the centre."""
            middle, start = "", len(left)
            for candidate in middles:
                at = (w - len(candidate)) // 2
                if at >= len(left) + 1 and at + len(candidate) <= w - len(right) - 1:
                    middle, start = candidate, at
                    break
            line = Text()
            line.append_text(left)
            line.append(" " * (start - len(left)))
            line.append(middle, style=self.style("inc--title"))
            line.append(" " * max(1, w - len(line) - len(right)))
            line.append_text(right)
            return line

        turning = self.phase in ("from", "moving")
        centre = ("⟳ turning", "⟳") if turning else ("spinner", "◎")
        lines = [
            row(slot(0, True), [], slot(2, False)),
            row(slot(7, True), centre, slot(3, False)),
            row(slot(6, True), [], slot(4, False)),
        ]
        # A pointer straight up or down sits in the middle of its row.
        for index, position in ((0, 1), (2, 5)):
            tip = slot(position, True)
            if tip.plain:
                at = (w - len(tip)) // 2
                line = Text(" " * at)
                line.append_text(tip)
                lines[index] = line
        return lines

    #: The legend's words, longest first: the first that fits is drawn.
    LEGENDS: ClassVar[tuple[tuple[str, str, str, str], ...]] = (
        (" silver  ", " water  ", " fire   ", " pointer: adds its token there"),
        (" silver  ", " water  ", " fire  ", " pointer: adds a token there"),
        (" silver ", " water ", " fire ", " pointer adds a token"),
    )

    def legend(self, width: int) -> Text:
        for silver, water, fire, pointer in self.LEGENDS:
            text = Text(" ")
            text.append(SILVER, style=self.style("inc--silver"))
            text.append(silver)
            text.append(WATER, style=self.style("inc--water"))
            text.append(water)
            text.append(FIRE, style=self.style("inc--fire"))
            text.append(fire)
            text.append("▸", style=self.style("inc--pointer"))
            text.append(pointer)
            if len(text) <= width:
                break
        return pad(text, width)

    # -------------------------------------------------------------- mouse
    def section_at(self, x: int, y: int) -> int | None:
        """The section drawn at content offset (x, y), if any."""
        w = self._cell
        col, inside = divmod(x - self._left - 1, w + 1)
        row, line = divmod(y - 1, 4)
        if not (0 <= col < 3 and 0 <= row < 3 and inside < w and line < 3):
            return None
        place = (row, col)
        return self.PLACES.index(place) if place in self.PLACES else None

    def click_target(self, x: int, y: int) -> Message | None:
        section = self.section_at(x, y)
        return None if section is None else SectionPicked(section)


# ------------------------------------------------------------------- dice
class DicePanel(IncubationPanel):
    """The two dice: each face and what it does, which dice are kept and which
    reroll, which die is chosen and which are used."""

    def line_count(self, board: Board) -> int:
        return 2 if self.compact else 3

    def lines(self, board: Board) -> list[Text]:
        state = board.state
        step = decision(state)
        out: list[Text] = []
        if not state.dice:
            note = "Not rolled yet."
            if board.live and step == "roll":
                note += " Enter rolls both dice."
            out = [seg(f" {note}", self.style("inc--dim"))]
            out += [Text("")] * (1 if self.compact else 2)
            return out
        pair = paired(state)
        chosen = current_die(state, board.selection.die) if step == "dice" else None
        free = free_dice(state)
        for die, face in enumerate(state.dice):
            used = state.used[die] if die < len(state.used) else False
            line = Text()
            mark = "▶" if board.live and chosen is not None and (die == chosen or pair) else " "
            line.append(mark, style=self.style("inc--marker"))
            live = board.live and step in ("reroll", "dice") and (step == "reroll" or not used)
            line.append_text(self.key(str(die + 1), live))
            line.append(" ")
            line.append(
                f"{FACE_GLYPH[face]} {face:<5}",
                style=self.style("inc--chest" if face == "chest" else f"inc--{face}")
                if face != "coin"
                else self.style("inc--silver"),
            )
            line.append(" ")
            if step == "reroll":
                if die in board.selection.marked:
                    line.append("↻ reroll", style=self.style("inc--flash"))
                else:
                    line.append("✓ keep  ")
                line.append("  ")
                line.append(
                    face_effect(face, False, short=self.compact), style=self.style("inc--dim")
                )
            elif face == "chest":
                line.append("spent   ", style=self.style("inc--dim"))
                both = state.dice.count("chest") == 2
                line.append(
                    "two chests: collect a section" if both else "turned the spinner",
                    style=self.style("inc--dim"),
                )
            elif used:
                line.append("used", style=self.style("inc--dim"))
            else:
                line.append("free    ")
                effect = face_effect(face, pair, short=self.compact)
                if self.compact:
                    effect += ", or an egg"
                line.append(effect, style=self.style("inc--dim"))
            out.append(line)
        if not self.compact:
            out.append(self.note(state, step, pair, free))
        return out

    def note(self, state: IncubationState, step: str, pair: bool, free: list[int]) -> Text:
        if step == "reroll":
            text = "You may reroll one or both dice, once."
        elif step == "double_chest":
            text = "Two chests: collect every treasure of one section."
        elif step == "dice" and pair:
            text = "A pair: used together they give 3; either may take an egg instead."
        elif step == "dice":
            text = "Each die: its action, or an egg into an empty incubator."
        else:
            text = ""
        return seg(f" {text}", self.style("inc--dim"))

    def click_target(self, x: int, y: int) -> Message | None:
        assert self.board is not None
        return DiePicked(y) if self.board.state.dice and y in (0, 1) else None


# ------------------------------------------------------------------ decks
class DecksPanel(IncubationPanel):
    """The three face-up egg decks: size and top card."""

    def line_count(self, board: Board) -> int:
        return DECKS

    def lines(self, board: Board) -> list[Text]:
        state = board.state
        step = decision(state)
        live = board.live and step in ("starting_egg", "dice")
        out: list[Text] = []
        for deck in range(DECKS):
            line = Text(" ")
            card_id = top_card(state, deck)
            line.append_text(self.key(str(deck + 1), live and card_id is not None))
            size = len(state.decks[deck])
            label = f" {size:>2} " if self.compact else f" {size:>2} cards  "
            line.append(label, style=self.style("inc--dim") if not size else Style())
            if card_id is None:
                line.append("empty", style=self.style("inc--dim"))
            else:
                line.append_text(self.egg_line(egg(card_id)))
            out.append(line)
        return out

    def egg_line(self, card: EggCard) -> Text:
        text = self.egg_chips(card, align=True)
        width = 13 if self.compact else 18
        text.append(f" {card.name[:width]:<{width}} ")
        text.append_text(self.amount(WATER, card.water, "water"))
        text.append(" ")
        text.append_text(self.amount(FIRE, card.fire, "fire"))
        text.append(f" {card.vp}VP" if self.compact else f"  {card.vp} VP")
        return text

    def click_target(self, x: int, y: int) -> Message | None:
        return DeckPicked(y) if 0 <= y < DECKS else None


# ---------------------------------------------------------------- players
class PlayersPanel(IncubationPanel):
    """Every player: score, coins, dragons, objectives, and both incubators
    with the egg, what it needs and the tokens on it."""

    #: Every player's dragons shown even when four or five share 80 columns.
    full: reactive[bool] = reactive(False, layout=True)

    def lines_per_player(self, board: Board) -> int:
        """Four lines each (name, two incubators, dragons); three when four or
        five players share 80 columns (the dragons then go in a count),
        unless ``full``."""
        return 3 if self.compact and not self.full and len(board.state.players) >= 4 else 4

    def line_count(self, board: Board) -> int:
        return self.lines_per_player(board) * len(board.state.players)

    def lines(self, board: Board) -> list[Text]:
        state = board.state
        out: list[Text] = []
        placing = board.live and decision(state) == "place"
        targets = {a.incubator for a in board.legal if isinstance(a, PlaceToken)}
        short = self.lines_per_player(board) == 3
        for seat, p in enumerate(state.players):
            active = seat == board.to_act
            head = Text()
            head.append("▶ " if active else "  ", style=self.style("inc--marker"))
            name = state.seats[seat].name
            if state.seats[seat].is_bot:
                name += " (bot)"
            head.append(
                f" {name} ", style=self.style("inc--active") if active else Style(bold=True)
            )
            head.append(f"  {score(state, seat)} VP", style=Style(bold=True))
            head.append("   ")
            head.append(SILVER, style=self.style("inc--silver"))
            head.append(f" {p.silver}" if self.compact else f" {p.silver} silver  ")
            head.append(" " if self.compact else "")
            head.append(GOLD, style=self.style("inc--gold"))
            head.append(f" {p.gold}" if self.compact else f" {p.gold} gold")
            if short:
                head.append(f"  {len(p.dragons)}dr", style=self.style("inc--dim"))
                if p.objectives:
                    head.append(f" ★{len(p.objectives)}", style=self.style("inc--ok"))
            out.append(head)
            for slot, inc in enumerate(p.incubators):
                live = placing and active and slot in targets
                out.append(self.incubator_line(seat, slot, inc, live))
            if not short:
                out.append(self.owned_line(state, seat))
        return out

    def incubator_line(self, seat: int, slot: int, inc: Incubator, live: bool) -> Text:
        # An incubator that may take the token in hand is marked, not only lit.
        line = Text(" " if self.compact else "  ")
        if live:
            line = seg("▸" if self.compact else " ▸", self.style("inc--marker"))
        line.append_text(self.key(str(slot + 1), live))
        line.append(" ")
        if inc.egg is None:
            line.append("empty incubator", style=self.style("inc--dim"))
        else:
            card = egg(inc.egg)
            line.append_text(self.egg_chips(card, align=not self.compact))
            width = 12 if self.compact else 18
            line.append(f" {card.name[:width]:<{width}} ")
            line.append_text(self.needs(WATER, inc.water, card.water, "water", not self.compact))
            line.append(" " if self.compact else "  ")
            line.append_text(self.needs(FIRE, inc.fire, card.fire, "fire", not self.compact))
            if not self.compact:
                line.append(f"  {card.vp} VP", style=self.style("inc--dim"))
        if live:
            start = 1 if self.compact else 2
            line.stylize(self.style("inc--cursor"), start, start + 3)
        return line

    def owned_line(self, state: IncubationState, seat: int) -> Text:
        """The dragons hatched (one chip each) and the objectives claimed."""
        p = state.players[seat]
        line = Text("     " if not self.compact else "  ")
        if p.dragons:
            for dragon_id in p.dragons:
                line.append_text(self.egg_chips(egg(dragon_id)))
                line.append(" ")
            vp = sum(egg(d).vp for d in p.dragons)
            if self.compact:
                line.append(f"{vp}VP", style=self.style("inc--dim"))
            else:
                count = f"{len(p.dragons)} dragon" + ("s" if len(p.dragons) > 1 else "")
                line.append(f"{count}, {vp} VP", style=self.style("inc--dim"))
        else:
            line.append("no dragons yet", style=self.style("inc--dim"))
        if p.objectives:
            line.append("  ★ ", style=self.style("inc--ok"))
            if self.compact:
                line.append(str(len(p.objectives)))
            else:
                line.append(", ".join(objective(o).name for o in p.objectives))
        return line

    def click_target(self, x: int, y: int) -> Message | None:
        assert self.board is not None
        seat, line = divmod(y, self.lines_per_player(self.board))
        if seat < len(self.board.state.players) and line in (1, 2):
            return IncubatorPicked(seat, line - 1)
        return None


# ------------------------------------------------------------- objectives
class ObjectivesPanel(IncubationPanel):
    """The objectives on offer, what each needs, and who meets it now."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._needs: dict[str, Text] = {}

    def notify_style_update(self) -> None:
        self._needs.clear()
        super().notify_style_update()

    def line_count(self, board: Board) -> int:
        return max(1, len(board.state.objectives))

    def reads(self, board: Board) -> object:
        state = board.state
        return (
            tuple(state.objectives),
            tuple((tuple(p.dragons), p.coin_worth) for p in state.players),
            tuple(seat.name for seat in state.seats),
            board.to_act,
            board.live,
            decision(state),
            tuple(a.objective for a in board.legal if isinstance(a, ClaimObjective)),
        )

    def lines(self, board: Board) -> list[Text]:
        state = board.state
        live = board.live and decision(state) == "objective"
        claims = {a.objective for a in board.legal if isinstance(a, ClaimObjective)}
        mine = set(claimable(state, board.to_act)) if board.to_act is not None else set()
        out: list[Text] = []
        cards = [objective(o) for o in state.objectives]
        needs = [self.requirements(card) for card in cards]
        longest_name = max((len(card.name) for card in cards), default=0)
        longest_need = max((len(need) for need in needs), default=0)
        for index, card in enumerate(cards):
            who = fulfilled_by(state, card.id)
            line = Text(" ")
            line.append_text(self.key(str(index + 1), live and card.id in claims))
            met = board.to_act in who
            line.append(" ✓ " if met else "   ", style=self.style("inc--ok"))
            need = pad(needs[index], longest_need)
            name = seg(f"{card.name:<{longest_name}}", Style(bold=True))
            if self.compact:
                # What it needs first: the name is what gets cut.
                line.append_text(need)
                line.append("  ")
                line.append_text(name)
            else:
                line.append_text(name)
                line.append("  ")
                line.append_text(need)
                if who:
                    mark = "you may claim" if card.id in mine and live else "met by "
                    if not (card.id in mine and live):
                        mark += ", ".join(state.seats[s].name for s in who)
                    line.append(f"  {mark}", style=self.style("inc--ok"))
            out.append(line)
        if not out:
            out.append(seg(" No objective is left.", self.style("inc--dim")))
        return out

    def requirements(self, card: ObjectiveCard) -> Text:
        """What an objective needs, in a few words and colour chips (made
        once for each card, until the colours change: do not change it)."""
        text = self._needs.get(card.id)
        if text is None:
            text = self._needs[card.id] = self._requirements(card)
        return text

    def _requirements(self, card: ObjectiveCard) -> Text:
        text = Text()
        for number, req in enumerate(card.requires):
            if number:
                text.append(" + ")
            if isinstance(req, SameColour):
                text.append(f"{req.count} of one colour")
            elif isinstance(req, ColourSet):
                for colour in req.colours:
                    text.append_text(self.chip(LETTERS[colour], colour))
            elif isinstance(req, DistinctColours):
                text.append(f"{req.count} colours")
            elif isinstance(req, Dragons):
                if req.min_vp:
                    text.append(f"{req.count} of {req.min_vp}+VP")
                else:
                    text.append(f"{req.count} dragons")
            else:
                text.append(f"coins {req.worth}VP")
        return text

    def click_target(self, x: int, y: int) -> Message | None:
        assert self.board is not None
        return ObjectivePicked(y) if 0 <= y < len(self.board.state.objectives) else None


# ------------------------------------------------------- footer and picker
class KeyBar(SharedKeyBar):
    """The shared key bar; the dragons' list gives way too when keys crowd."""

    GIVE_WAY: ClassVar[tuple[str, ...]] = (
        "command_palette",
        "save",
        "back",
        "undo",
        "log",
        "picker",
        "dragons",
        "help",
    )


class FallbackPicker(ActionPicker):
    """The action picker as a fallback: it takes the focus only when the
    screen lets it (``can_focus``), so the digits and Enter stay direct keys
    while the board has the focus."""

    def focus(self, scroll_visible: bool = True) -> Self:
        if not self.can_focus:
            return self
        return super().focus(scroll_visible)
