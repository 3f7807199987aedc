"""The side panel: every player's mat, and the action list.

- :class:`PlayerMats`: every player's Ready and Break Rooms, tracker, Field
  and egg handlers, storage, nursery and hatched dragons (the other
  players' summed up when they do not all fit); a click on a mat posts
  :class:`PlayerMats.SeatPicked` (``control``: the mats).
- :class:`UnderwingPicker`: the list of every legal action.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from rich.console import Console
from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from boardgames_tui.games.underwing.cards import card
from boardgames_tui.games.underwing.colours import ELEMENTS
from boardgames_tui.games.underwing.model import UnderwingState

from ..kit.drawing import PicturedLines, plural, seg
from ..kit.looks import LooksKept
from ..kit.panels import shown
from ..widgets import ActionPicker
from .drawing import Board, UnderwingDrawing
from .look import WILD_TAG


# ------------------------------------------------------------------ mats
def full_label(word: str) -> str:
    """A full mat's label column holding ``word``."""
    return f"  {word:<9}"


#: A full mat's label column left blank (its dragons' names are indented
#: under their count).
LABEL = full_label("")


class PlayerMats(UnderwingDrawing, PicturedLines, Widget):
    """Every player's mat: score and the Egg Token; handlers in the Ready
    Room, the Break Room, on the tracker, on the Field and on eggs; stored
    elements; eggs in the nursery (delivering: hatches at the end of this
    round; nurturing: at the end of the next); hatched dragons with their
    scores and the warm / neutral / cool counts.  A click on a mat chooses
    that player (whom to steal from, whom to trade with)."""

    class SeatPicked(Message):
        """A player's mat was clicked."""

        def __init__(self, mats: PlayerMats, seat: int) -> None:
            self.mats = mats
            self.seat = seat
            super().__init__()

        @property
        def control(self) -> PlayerMats:
            return self.mats

    #: (Both change the mats' height: ``_remeasure``.)
    compact: reactive[bool] = reactive(False, repaint=False)
    #: Lines the panel shows without scrolling (0: no limit).  When every
    #: mat in full does not fit, the other players' mats are summed up in two
    #: lines each (one when even that is too much): the deciding player's mat
    #: is always whole.
    room: reactive[int] = reactive(0, repaint=False)

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.board: Board | None = None
        self._starts: list[int] = []
        self._count = 0
        #: Each player's mat (or summary) made for the lines last drawn, by
        #: everything it reads (``_seat_reads``): a move changes one
        #: player's mat or two, and the others are not made again.  Those
        #: made or used for the lines being drawn now (``lines``) are kept
        #: in ``_making`` and are the next drawing's to use.
        self._made_mats: dict[tuple[object, ...], list[Text]] = {}
        self._making: dict[tuple[object, ...], list[Text]] = {}
        #: Full mats' dragon lines, by dragons and width (``_dragon_rows``).
        self._dragon_wraps: dict[tuple[object, ...], list[Text]] = {}

    #: The lines ``show`` made, and the width and theme they were made for:
    #: the repaint that follows draws them (not made again, nor joined into
    #: one text to be split again), and the next move's are compared with
    #: them line by line.
    _shown: tuple[list[Text], int, str] | None = None

    def show(self, board: Board) -> None:
        self.board = board
        if not self.on_screen:
            # Hidden (behind the list at 80 columns, with the side at a
            # crowded table): made when it shows, by the layout that
            # measures it and the repaint that follows.
            self._shown = None
            self.refresh()
            return
        lines = self.lines()
        count = len(lines)
        if count != self._count:
            self._count = count
            self._remeasure()
            return
        width, before = self.size.width, self._shown
        if not width:  # (hidden, or not laid out yet: drawn when it shows)
            self._shown = None
            self.refresh()
            return
        self._shown = (lines, width, self.app.theme)
        if before is None or before[1:] != self._shown[1:]:
            self.refresh()
        elif before[0] != lines:
            self.refresh_rows(before[0], lines)

    def text_rows(self) -> list[Text]:
        shown, look = self._shown, (self.size.width, self.app.theme)
        if shown is None or shown[1:] != look:
            shown = self._shown = (self.lines(), *look)
        return shown[0]

    def watch_compact(self) -> None:
        self._remeasure()

    def watch_room(self) -> None:
        self._remeasure()

    def _remeasure(self) -> None:
        """Another number of lines: drawn again, and laid out again where
        the mats show; hidden (behind the action list at 80 columns, or the
        board at a crowded table), they are measured by the layout that
        shows them again, and a move lays nothing out for them."""
        self._shown = None
        self.refresh(layout=self.on_screen)

    @property
    def starts(self) -> list[int]:
        """The first line of each player's mat."""
        return list(self._starts)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        if self.board is None:
            return 1
        self._count = len(self.lines())
        return self._count

    def picture(self) -> Text:
        return Text("\n").join(self.lines())

    def lines(self) -> list[Text]:
        if self.board is None:
            return []
        self._making = {}
        try:
            return self._lines()
        finally:
            self._made_mats, self._making = self._making, {}

    def _lines(self) -> list[Text]:
        assert self.board is not None
        state = self.board.state
        wild = self.wild_mat(state) if state.wild_forces is not None else []
        gaps = state.n - 1 + (1 if wild else 0)
        # (Measured before they are made: a mat summed up is not made in
        # full first.)
        mats: list[list[Text]] = []
        full = sum(self._mat_height(seat) for seat in range(state.n)) if self.room else 0
        if not self.room or full + gaps + len(wild) <= self.room:
            mats = [self.mat(seat) for seat in range(state.n)]
        else:
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

    def _seat_reads(self, seat: int, kind: object) -> tuple[object, ...]:
        """Everything a player's mat (``kind``: "mat", or a summary's number
        of lines) reads, as a value that compares equal when it would read
        the same (and costs far less to make than the mat)."""
        assert self.board is not None
        board, state = self.board, self.board.state
        p = state.players[seat]
        return (
            kind,
            seat,
            p.ready,
            p.break_room,
            p.tracker,
            p.score,
            tuple(p.field),
            tuple(p.storage.items()),
            tuple(p.dragons),
            tuple((n.card, n.round) for n in p.nursery),
            state.seats[seat].name,
            state.seats[seat].is_bot,
            board.tags[seat],
            seat == board.to_act,
            seat == state.first,
            state.solo,
            len(state.claimed(seat)),
            state.round,
            state.final_round,
            self.compact,
            self.content_size.width,
            self.app.theme,
        )

    def _mat_height(self, seat: int) -> int:
        """The lines of a player's mat in full (``_mat``'s), counted without
        making it: its five lines, its dragons' names (wrapped, at most
        three lines) and a line for each egg in its nursery."""
        assert self.board is not None
        p = self.board.state.players[seat]
        names = len(self._dragon_rows(p.dragons)) if p.dragons and not self.compact else 0
        return 5 + names + len(p.nursery)

    def _dragon_rows(self, dragons: list[int]) -> list[Text]:
        """A full mat's hatched dragons, their names and scores wrapped to
        the mat's width (at most three lines; kept by dragons and width)."""
        width = max(20, (self.content_size.width or 42) - len(LABEL))
        key = (tuple(dragons), width)
        rows = self._dragon_wraps.get(key)
        if rows is None:
            if len(self._dragon_wraps) > 32:
                self._dragon_wraps.clear()
            words = ", ".join(f"{card(c).name} {card(c).score}" for c in dragons)
            rows = self._dragon_wraps[key] = list(Text(words).wrap(Console(width=width), width)[:3])
        return rows

    def _mat_made(self, seat: int, kind: object, make: Callable[[], list[Text]]) -> list[Text]:
        """The mat ``make`` makes, as made before when it reads the same."""
        key = self._seat_reads(seat, kind)
        lines = self._making.get(key)
        if lines is None:
            lines = self._made_mats.get(key)
        if lines is None:
            lines = make()
        self._making[key] = lines
        return lines

    def brief(self, seat: int, size: int) -> list[Text]:
        """A player's mat summed up in ``size`` lines (2 or 1): score, Egg
        Token and handlers; stored elements, Field, eggs, dragons, nursery."""
        return self._mat_made(seat, size, lambda: self._brief(seat, size))

    def _brief(self, seat: int, size: int) -> list[Text]:
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
        """A player's mat in full."""
        return self._mat_made(seat, "mat", lambda: self._mat(seat))

    def _mat(self, seat: int) -> list[Text]:
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
            return "  " if compact else full_label(word)

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
            for row in self._dragon_rows(p.dragons):
                lines.append(Text(LABEL) + row)
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
        self.post_message(self.SeatPicked(self, seat))


# ----------------------------------------------------------- action list
class UnderwingPicker(LooksKept, ActionPicker):
    """The action list.  Its Enter is in the footer while it has the focus
    (then Enter plays its highlighted action, not the board's), and its
    highlight shows only then: one selection at a time says what Enter does.
    Its looks are kept (``LooksKept``): the focus comes and goes with every
    move that hands the turn over, and its border and highlight with it."""

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

    def watch_has_focus(self, has_focus: bool) -> None:
        """Styled for the focus where it can be seen: a list losing the
        focus as it goes (closed at 80 columns after a move that changes
        who decides) is styled when it is next shown, which restyles it."""
        if has_focus or shown(self, self.screen):
            super().watch_has_focus(has_focus)


__all__ = ["PlayerMats", "UnderwingPicker"]
