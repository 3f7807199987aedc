"""The covers of the table: the hand-off, while the terminal passes to the
next person, so nobody sees a hand that is not theirs; and the pause, when
the person at the keyboard goes from answering in another seat's turn to
their own turn, so the key meant for the answer does not act."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Literal

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.geometry import Size
from textual.reactive import Reactive
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Static

from ..widgets.keybar import KeyBar
from ..widgets.laid_out import Column, Line
from .cover import Cover

#: How an entry of the recap starts, and how its wrapped rows go on under it.
BULLET = "· "
HANG = "  "


class Recap(Widget):
    """What the others did since this person's last turn: the latest
    entries of the log that fit the rows the terminal has left for it,
    each whole (wrapped at the width the recap has, its rows hanging under
    its first), and first how many earlier ones the log holds.  Worked out
    when measured and drawn, for the width and the room it has then."""

    DEFAULT_CSS = """
    Recap { width: 100%; height: auto; color: $text-muted; }
    """
    #: Sized by the layout alone (``laid_out``).
    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False, repaint=False)

    def __init__(self, entries: Sequence[str], *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.entries = list(entries)
        #: What the room was worked out from besides the width (the
        #: screen's height, the key bars' rows), at each width Textual
        #: keeps a measure for: ``follow_room``.
        self._room_from: set[tuple[int, tuple[int, ...]]] = set()

    def show(self, entries: Sequence[str]) -> None:
        """Recap ``entries`` now (laid out again where they differ)."""
        if list(entries) != self.entries:
            self.entries = list(entries)
            self.refresh(layout=True)

    def _room_read(self) -> tuple[int, tuple[int, ...]]:
        """What the room reads besides the width and the box's own lines:
        the screen's height and the rows its key bars take now."""
        bars = tuple(bar.outer_size.height or 1 for bar in self.screen.query_children(KeyBar))
        return self.screen.size.height, bars

    def follow_room(self) -> None:
        """Measured again where the screen's height or its key bar's rows
        changed since the room was worked out at some width.  Textual keeps
        a part's measure, and the box's arrangement, by the width alone: a
        key bar that took its second row after the cover was first laid out
        (it takes as many as the bar beneath: ``KeyBar._fit_height``) left
        a recap one row too tall kept for the box's width, and the right one
        for that width less the screen's scrollbar, and the cover went from
        one to the other in every frame, for ever."""
        if self._room_from - {self._room_read()}:
            self._room_from.clear()
            self.refresh(layout=True)

    def room(self, container: Size, viewport: Size, width: int) -> int:
        """The rows the recap may take: the screen's, less the footer's,
        its box's border and padding, and the rows the box's other lines
        take at this width."""
        box = self.parent
        read = self._room_read()
        self._room_from.add(read)
        rows = read[0] - sum(read[1])
        if isinstance(box, Widget):
            rows -= box.styles.gutter.height
            for part in box.children:
                if part is self or not part.display:
                    continue
                height = part.get_content_height(container, viewport, width)
                rows -= height + part.styles.gutter.height
        return max(rows, 2)

    def rows(self, width: int, room: int) -> list[Text]:
        """The recap's rows at ``width``, no more than ``room`` of them: the
        latest entries that fit whole, under a line counting those left out."""
        if width <= len(BULLET):
            return []
        console = self.app.console
        wrapped = [
            Text(entry).wrap(console, width - len(BULLET), overflow="fold")
            for entry in self.entries
        ]
        heights = [len(lines) for lines in wrapped]
        shown = len(wrapped)
        if sum(heights) > room:
            # The latest entries that fit under the line counting the rest.
            shown, used = 0, 1
            while shown < len(wrapped) and used + heights[-1 - shown] <= room:
                used += heights[-1 - shown]
                shown += 1
            shown = max(shown, 1)
        rows: list[Text] = []
        earlier = len(wrapped) - shown
        if earlier:
            rows.append(Text(f"… {earlier} earlier (the log, L, has them all)"))
        for lines in wrapped[len(wrapped) - shown :]:
            for number, line in enumerate(lines):
                rows.append(Text(BULLET if number == 0 else HANG).append_text(line))
        # The latest entry alone may be taller than the room: its first rows.
        return rows[:room]

    def shown_entries(self) -> list[str]:
        """The entries the recap shows at its size (for the tests)."""
        rows = self.rows(self.size.width, self.size.height)
        starts = [row.plain for row in rows if row.plain.startswith(BULLET)]
        return self.entries[len(self.entries) - len(starts) :] if starts else []

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return container.width

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self.rows(width, self.room(container, viewport, width)))

    def render(self) -> Text:
        width, height = self.content_size
        rows = self.rows(width, height)
        return Text("\n").join(rows) if rows else Text()


#: What the hand-off ends with: the table handed over (None), or leaving
#: the game for the menu without showing it.
Lifted = Literal["menu"] | None


#: The words Esc may have on the cover: a mode's ``LEAVE``.
LEAVE_WORDS = ("Menu", "Leave seat", "Close")
LEAVE_QUESTION = "Leave this game for the main menu? It is saved: Continue brings it back."
#: Leaving a game set up from the menu before its first move: such a game is
#: saved at its first move, so nothing of it is kept.
LEAVE_UNSTARTED = (
    "Leave this game for the main menu? No move has been made, so it is not kept: "
    "New game sets up another."
)


class HandoffScreen(Cover[Lifted]):
    """ "Pass to Ana — press Enter".  Only Enter shows the table; Esc leaves
    the game for the menu (asking first) without showing it."""

    CSS_PATH = "handoff.tcss"
    BINDINGS = [
        Binding("enter", "ready", "Ready"),
        # One binding per word Esc may have (the window's: a seat's window
        # closes, it has no menu behind it); the one that applies is shown.
        *(Binding("escape", f"leave('{word}')", word) for word in LEAVE_WORDS),
        Binding("ctrl+q", "app.quit", "Quit"),
    ]

    def __init__(
        self,
        name: str,
        game_title: str = "",
        waiting: str = "",
        recap: Sequence[str] = (),
        leave: tuple[str, str] = ("Menu", LEAVE_QUESTION),
    ) -> None:
        """``waiting``: a line on the decision that waits for ``name`` (a
        game's screen gives it when the terminal passes in the middle of a
        turn, e.g. "Ben attacks you in Mountain: will you ambush?");
        ``recap``: what the others did since this person's last turn (the
        log's lines).  Public information only.  ``leave``: Esc's word in
        the footer and the question it asks (the window's own)."""
        super().__init__()
        self.fill(name, game_title, waiting, recap, leave)

    def fill(
        self,
        name: str,
        game_title: str = "",
        waiting: str = "",
        recap: Sequence[str] = (),
        leave: tuple[str, str] = ("Menu", LEAVE_QUESTION),
    ) -> None:
        """Say these words (as ``__init__`` takes them).  A game's screen
        covers its table with one cover, filled anew at each hand-off (a
        new one was composed, styled and laid out in three or four frames
        per hand-off; the same one is laid out once, where its words take
        other rows)."""
        self.player = name
        self.game_title = game_title
        self.waiting = waiting
        self.recap = list(recap)
        self.leave_word, self.leave_question = leave
        if self.is_mounted:
            self._show_words()
            self.refresh_bindings()

    def _show_words(self) -> None:
        """The parts say the words held, those with none hidden."""
        words = {
            "#handoff-game": self.game_title,
            "#handoff-name": f"Pass to {self.player} — press Enter",
            "#handoff-waiting": self.waiting,
            "#handoff-hint": f"The table stays hidden until {self.player} is ready.",
            "#handoff-recap-title": "Since your last turn:" if self.recap else "",
        }
        for selector, text in words.items():
            part = self.query_one(selector, Static)
            part.display = bool(text)
            if str(part.content) != text:
                part.update(text)
        recap = self.query_one(Recap)
        recap.display = bool(self.recap)
        recap.show(self.recap)

    def compose(self) -> ComposeResult:
        # Every part, those with no words hidden (``_show_words``): a cover
        # filled anew shows or hides them, not mounts them.
        classes = {
            "game": "cover-game",
            "name": "cover-heading",
            "waiting": "cover-line",
            "hint": "cover-hint",
            "recap-title": "",
        }
        # (Parts sized by the layout alone: a cover whose words take other
        # rows is laid out once, ``laid_out``.)
        with Column(id="handoff-box", classes="cover-box"):
            for part, kind in classes.items():
                yield Line(id=f"handoff-{part}", classes=kind, markup=False)
            yield Recap(self.recap, id="handoff-recap")
        yield KeyBar()

    def on_mount(self) -> None:
        # (and ``Cover``'s: the messages said before it go)
        self._show_words()
        recap = self.query_one(Recap)
        self.screen_layout_refresh_signal.subscribe(self, lambda _: recap.follow_room())

    def on_screen_resume(self) -> None:
        # Nothing of the previous seat crosses the hand-off: its messages
        # ("House Guard costs 3 influence; you have 2") go with it (the
        # same cover shown again included).
        self.app.clear_notifications()

    #: What brings the table beneath up to date as Enter lifts the cover:
    #: called once the cover is off the stack, in the same turn, so no frame
    #: comes between (a result callback runs a turn later, and the table,
    #: not drawn while covered, would show as the last person left it).
    lifting: Callable[[], None] | None = None

    #: What leaves the game as the cover goes without handing the table
    #: over (Esc, Leave): called once the cover is off the stack, in the same
    #: turn, so no frame shows the table beneath (it still holds the last
    #: person's view: it is not drawn again while covered).
    leaving: Callable[[], None] | None = None

    def action_ready(self) -> None:
        self.app.clear_notifications()  # nor anything said while covered
        self.dismiss(None)
        if self.lifting is not None:
            self.lifting()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "leave":
            return bool(parameters) and parameters[0] == self.leave_word
        return True

    def action_leave(self, word: str = "") -> None:
        """Esc: leave the game (for the menu, or closing a seat's window),
        the table still covered."""
        from .dialogs import ConfirmDialog

        def answered(leave: bool | None) -> None:
            if leave:
                self.dismiss("menu")
                if self.leaving is not None:
                    self.leaving()

        self.app.push_screen(ConfirmDialog(self.leave_question, yes="Leave", no="Stay"), answered)


class PauseScreen(ModalScreen[None]):
    """ "Your turn now, Ben: press any key".  Shown when the person at the
    keyboard has answered a decision in another seat's turn and their own
    turn follows: the Enter meant for that answer (or a hand-off's Ready)
    is taken by this pause, not by the turn."""

    DEFAULT_CSS = """
    PauseScreen { align: center middle; background: $background 60%; }
    PauseScreen #pause-box {
        width: 60; max-width: 95%; height: auto;
        border: round $accent; background: $surface; padding: 1 2;
    }
    PauseScreen #pause-name { width: 100%; text-align: center; text-style: bold; }
    PauseScreen #pause-hint { width: 100%; text-align: center; color: $text-muted; }
    """
    BINDINGS = [Binding("enter", "go", "Start my turn"), Binding("ctrl+q", "app.quit", "Quit")]

    def __init__(self, name: str) -> None:
        super().__init__()
        self.player = name

    def compose(self) -> ComposeResult:
        with Vertical(id="pause-box"):
            yield Static(f"Your own turn now, {self.player}", id="pause-name", markup=False)
            yield Static(
                "You answered in another player's turn; your turn follows. "
                "Press any key to see it.",
                id="pause-hint",
                markup=False,
            )
        yield KeyBar()

    def on_key(self, event: events.Key) -> None:
        if event.key != "ctrl+q":
            event.stop()
            self.dismiss(None)

    def action_go(self) -> None:
        self.dismiss(None)
