"""Tyrants' parts, each one widget drawing its own text.

- :class:`~.map.MapView` (``map.py``): the Underdark, laid out like the
  printed board, with the kit's board cursor over sites and route spaces.
- :class:`~.cards.CardsPanel` (``cards.py``): the cards of a card's choice,
  the hand, the cards played this turn, the market and the piles, with its
  own cursor.
- :class:`DetailView`: what the cursor points at, in words.
- :class:`HousesPanel`: every house's barracks, spies, trophies, cards, VP
  and markers.

The screen hands each a :class:`~.board.Board` (the state as the person at
the terminal may see it, who decides, what is legal) and they redraw; the
map and the cards post the kit's ``CursorMoved`` when their cursor moves and
``Activated`` on a second click.  Colours come from component classes
styled in ``tyrants.tcss``.
"""

from __future__ import annotations

from rich.containers import Lines
from rich.style import Style
from rich.text import Text
from textual.geometry import Size
from textual.message import Message
from textual.widget import Widget

from boardgames_tui.games.tyrants import board as bd
from boardgames_tui.games.tyrants.cards import card, describe
from boardgames_tui.games.tyrants.model import WHITE, controller, presence, trophy_colour
from boardgames_tui.games.tyrants.ops import space_name
from boardgames_tui.games.tyrants.rules import describe as describe_action

from ..kit.drawing import Pictured, plural
from . import choices
from .board import Board, TyrantsDrawing, board_spaces, wrap_parts
from .cards import CardsPanel
from .choices import Pointer
from .look import MARKER_HELD, card_facts, short_name
from .map import MapView


# --------------------------------------------------------------- the detail
class DetailView(TyrantsDrawing, Pictured, Widget):
    """What the cursor points at, in words: a site or route space with who
    is there, or a card with its cost, aspect, VP and effect."""

    class Roomed(Message):
        """The detail is another size: what fits in it may have changed."""

        def __init__(self, detail: DetailView) -> None:
            super().__init__()
            self.detail = detail

        @property
        def control(self) -> DetailView:
            return self.detail

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.board: Board | None = None
        self.pointer: Pointer | None = None
        #: The words at the cursor and their lines (``_wrapped``), and the
        #: board and the rest they were made for (``_made_for``); the same
        #: for the picture on screen.
        self._words: tuple[Text, Lines | None] | None = None
        self._words_for: tuple[Board | None, tuple[object, ...]] | None = None
        self._drawn: tuple[Board | None, tuple[object, ...]] | None = None

    def on_resize(self) -> None:
        self.post_message(self.Roomed(self))

    def _made_for(self) -> tuple[Board | None, tuple[object, ...]]:
        """What the words are made for: the board (the screen hands the same
        one until the game or the view changes), the cursor, the size and
        the theme."""
        region = self.content_region
        return self.board, (self.pointer, region.width, region.height, self.app.theme)

    def _made(self, made: tuple[Board | None, tuple[object, ...]] | None) -> bool:
        """``made`` is what the words would be made for now."""
        return made is not None and made[0] is self.board and made[1] == self._made_for()[1]

    def show(self, board: Board, pointer: Pointer | None) -> None:
        """Show the words at ``pointer``: a move, the focus moving and the
        cursor's redraw all ask, and they are made once."""
        if board is self.board and pointer == self.pointer and self._made(self._drawn):
            return
        self.board, self.pointer = board, pointer
        self.redraw()

    def _wrapped(self) -> tuple[Text, Lines | None]:
        """The words at the cursor, and their lines at this size when there
        are more of them than rows (None: they fit); made once for a board,
        a cursor and a size (the picture, the hint and the footer ask)."""
        if self._words is None or not self._made(self._words_for):
            self._words_for, self._words = self._made_for(), self._make_words()
        return self._words

    def _make_words(self) -> tuple[Text, Lines | None]:
        if self.board is None or self.pointer is None:
            return Text(""), None
        text = detail_text(self, self.board, self.pointer)
        width, height = self.content_region.width, self.content_region.height
        if not width or not height:
            return text, None
        lines = text.wrap(self.app.console, width)
        return text, (lines if len(lines) > height else None)

    def overflows(self) -> bool:
        """Whether some of the words at the cursor have no room (C reads them)."""
        return self._wrapped()[1] is not None

    def render(self) -> Text:
        # The picture made for this board, cursor and size stands.
        if self._picture is not None and self._made(self._drawn):
            return self._picture
        return super().render()

    def picture(self) -> Text:
        # Drawn for its size (the repaint after a resize draws it again).
        self._drawn = self._made_for()
        text, lines = self._wrapped()
        if lines is None:
            return text
        width, height = self.content_region.width, self.content_region.height
        # More than there is room for: the last line says where the rest is.
        more = Text(" … C: read all", style=self.st("ty--key"))
        last = lines[height - 1].copy()  # (the lines are kept: ``_wrapped``)
        last.truncate(max(0, width - more.cell_len))
        last.rstrip()
        return Text("\n").join([*lines[: height - 1], last + more])


def detail_text(drawing: TyrantsDrawing, board: Board, pointer: Pointer) -> Text:
    s = board.state
    if pointer.zone == "space":
        return space_text(drawing, board, pointer.key)
    if pointer.zone == "choice":
        options = choices.choice_actions(board.legal)
        number = int(pointer.key)
        if number < len(options):
            return Text(f"{number + 1}: " + describe_action(s, options[number]))  # type: ignore[arg-type]
        return Text("")
    c = card(pointer.key)
    text = Text(c.name, style=Style(bold=True))
    text.append(f" ({card_facts(c)}): ", style=drawing.st("ty--dim"))
    text.append(describe(c))
    return text


def space_text(drawing: TyrantsDrawing, board: Board, space: str) -> Text:
    s = board.state
    name = space_name(space)
    text = Text(name[:1].upper() + name[1:], style=Style(bold=True))
    occupants = s.troops.get(space, ())
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
    if board.viewer is not None and space in presence(s, board.viewer):
        text.append(f" · {s.seats[board.viewer].name} has presence", style=drawing.st("ty--dim"))
    return text


# --------------------------------------------------------------- the houses
class HousesPanel(TyrantsDrawing, Pictured, Widget):
    """Every house in three lines: tag, name, VP as it stands (what V counts
    part by part) and the site control
    markers held; troops in the barracks, spies left and trophies; deck,
    hand, discard and inner-circle sizes."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.board: Board | None = None

    def show(self, board: Board) -> None:
        self.board = board
        # Its height follows its wrapped lines (laid out again when their
        # number changes).
        self.redraw()

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        if self.board is None:
            return 1
        return len(self._lines(width))

    def picture(self) -> Text:
        if self.board is None:
            return Text("")
        return Text("\n").join(self._lines(self.content_region.width or self.size.width or 40))

    def _lines(self, width: int) -> list[Text]:
        """Each house's lines at this width: the facts are wrapped between
        phrases, never cut."""
        assert self.board is not None
        s = self.board.state
        lines: list[Text] = []
        for seat, p in enumerate(s.players):
            first = self.tag(seat)
            name = s.seats[seat].name
            turn = "▸" if seat == s.current and s.phase != "over" else " "
            first.append(f"{turn}{name[:12]:<12}", style=Style(bold=seat == s.current))
            # The score as it stands (V), not the VP tokens alone.
            vp = self.board.vp[seat] if seat < len(self.board.vp) else p.vp
            first.append(f" {vp:>2} VP")
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
            piles = [
                f"deck {p.deck_size()}",
                f"hand {p.hand_size()}",
                f"discard {len(p.discard)}",
                f"inner {len(p.inner_circle)}",
            ]
            lines.append(first)
            lines += self._facts(facts, piles, width - 2)
        return lines

    def _facts(self, facts: list[str], piles: list[str], width: int) -> list[Text]:
        """A house's pieces, then its piles (dim), each on lines of their
        own; run together where that takes fewer lines (four houses in the
        narrow panel: every line of each in view)."""
        apart = wrap_parts(facts, width, "") + wrap_parts(piles, width, "")
        together = wrap_parts(facts + piles, width, "")
        dim = self.st("ty--dim")
        out: list[Text] = []
        for line in together if len(together) < len(apart) else apart:
            parts = line.split(" · ")
            dims = {part in piles for part in parts}
            if len(dims) == 1:  # a line of one kind, in one style
                out.append(Text("  " + line, style=dim if dims.pop() else ""))
                continue
            text = Text("  ")
            for i, part in enumerate(parts):
                style = dim if part in piles else Style()
                text.append(" · " if i else "", style=style)
                text.append(part, style=style)
            out.append(text)
        return out


__all__ = [
    "Board",
    "CardsPanel",
    "DetailView",
    "HousesPanel",
    "MapView",
    "board_spaces",
    "detail_text",
    "space_text",
]
