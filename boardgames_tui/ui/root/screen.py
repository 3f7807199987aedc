"""Root's game screen for pass-and-play: the Woodland read at a glance, every
faction's board, the score and the hand of the person at the terminal,
played with the keys.

A player points at a clearing with the arrows and presses Enter, or presses
a direct key (M move, B battle, U build, R recruit, C craft, E card effects,
N done, 1-9 a numbered choice, and each faction's own keys, its screen
package's); the screen turns that into the engine's own legal actions
through the key map of :mod:`.choices` and plays it, offers just the
matching few when there are several, or says why there is none in the hint
line.  Undo, save, help, the log, bots, hand-offs (also in the middle of a
turn: an ambush, hits to take, a faction's own decisions) and the game-over
screen, the layout, the key checks and the hint line come from the kit's
:class:`GameScreen`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any, ClassVar, cast

from rich.style import Style
from rich.text import Text
from textual import on
from textual.widget import Widget
from textual.widgets import Static

from boardgames_tui.engine.game import Action
from boardgames_tui.engine.session import Session
from boardgames_tui.games.root import core
from boardgames_tui.games.root.actions import Battle, DefenderFirst, Move, UseEffect
from boardgames_tui.games.root.model import RootState

from ..kit.choice import Ask, Pick, Registered
from ..kit.drawing import height_changes
from ..screens.game import GAME_SCREEN_CSS, GameScreen
from ..settings import Settings
from ..widgets.action_picker import ActionPicker
from ..widgets.keybar import KeyBar
from ..widgets.scrollbars import PanelScroll
from ..widgets.text_line import update_text
from . import asks, choices, keys, preview, reading
from .board import Board, RootPalette
from .choices import keymap
from .dialogs import (
    CSS,
    BoardsDialog,
    CardsDialog,
    ChoiceDialog,
    DetailDialog,
    cards_text,
    looked_at_hand,
)
from .faction_ui import at_table, dialog_keys
from .here import Here
from .look import title_text
from .panels import ClearingDetail, fit_lines
from .picker import RootPicker
from .reading import decision, listed
from .side_panel import SidePanel
from .side_room import SideRoom, give_room
from .widgets import WoodlandView

__all__ = ["HINT_MARK", "RootScreen", "board_signature"]

#: How a hint too long for its lines ends: where it is read whole.
HINT_MARK = " … A: the list"

#: A parenthesis with none inside it (the details of a choice's words).
_ASIDE = re.compile(r"\s*\([^()]*\)")


def short_words(words: str) -> str:
    """A choice's words without their asides in parentheses: "Play the
    Thief (boots, torch, ...; Steal: ...)" is "Play the Thief"."""
    while (shorter := _ASIDE.sub("", words)) != words:
        words = shorter
    return " ".join(words.split())


def short_hint(choices: Sequence[str]) -> str | None:
    """A list decision's hint in short: each choice's words without their
    asides (the list, A, words them whole); None where two choices would
    then read alike, or there is nothing to shorten."""
    short = [short_words(words) for words in choices[:9]]
    if len(set(short)) < len(short) or not all(short) or short == list(choices[:9]):
        return None
    parts = [f"{i}: {words}" for i, words in enumerate(short, start=1)]
    more = " · A: the list in full" if len(choices) <= 9 else " · A: the list, more"
    return "Press " + " · ".join(parts) + more


def board_signature(state: RootState) -> dict[int, str]:
    """Each place's public contents (the places off the map too), to compare."""
    return {n: repr(clearing) for n, clearing in enumerate(state.clearings)}


class RootScreen(GameScreen):
    """Root at one table: keyboard first, the mouse too.  Built on the
    screen kit: it declares its parts and its keys as data
    (``choices.keymap()``, the bindings in ``keys.py``)."""

    CSS_PATH = [str(GAME_SCREEN_CSS), CSS]  # type: ignore[assignment]
    KEYS = keys.KEYS
    EXPLAINED = ("enter", "space")
    KEYMAP = Registered(keymap)
    HELP_KEYS = keys.HELP_KEYS
    TITLES: ClassVar[dict[str, str]] = {
        "#woodland": "The Woodland",
        "#boards-scroll": "Score, hands and boards",
    }
    #: After every move the focus goes back to the Woodland: a list left open
    #: with its first line highlighted let a stray Enter start a battle.
    PANELS_AFTER_MOVE = "close"
    BOARD_WORDS = "the Woodland"
    CHOICE_DIALOG = ChoiceDialog

    def __init__(self, session: Session, settings: Settings | None = None) -> None:
        super().__init__(session, settings)
        #: The clearing warriors are being moved from (after M), if any.
        self.moving_from: int | None = None
        #: Why the last key did nothing (in the hint line until the cursor moves).
        self.reason = ""
        #: The view last drawn, and for what (asked several times a redraw);
        #: which actions of this position cannot be taken back, as found.
        self._view: RootState | None = None
        self._view_for: tuple[int, int, int, int | None] = (-1, -1, -1, None)
        #: The player pointed the cursor at this decision (an arrow, a click).
        self.aimed = False
        #: Enter is taking what the player did not point at (while it plays).
        self._unaimed = False
        self._closes: dict[Action, bool] = {}
        self._closes_for: tuple[int, int, int] = (-1, -1, -1)
        #: The board last made, and what it was made from (``board``).
        self._board: Board | None = None
        self._board_for: tuple[object, ...] = ()
        #: What the hint was last fitted for (``draw_hint``).
        self._hint_for: tuple[object, ...] = ()
        self.panels = SideRoom(self, self.PANELS, board_list=not self.board_parts_declared())

    def board_parts(self) -> Iterable[Widget]:
        yield WoodlandView(id="woodland")
        yield ClearingDetail(id="detail")
        yield RootPalette()

    def side_parts(self) -> Iterable[Widget]:
        yield PanelScroll(SidePanel(id="boards"), id="boards-scroll")

    def key_bar(self) -> KeyBar:
        return KeyBar(give_way=keys.GIVE_WAY)

    def make_picker(self) -> ActionPicker:
        return RootPicker(id="actions")

    # ------------------------------------------------------------- queries
    @property
    def state(self) -> RootState:
        return cast(RootState, self.session.state)

    @property
    def woodland(self) -> WoodlandView:
        return self.one("#woodland", WoodlandView)

    @property
    def cursor(self) -> int:
        """The place at the Woodland's cursor."""
        return self.woodland.cursor

    @cursor.setter
    def cursor(self, clearing: int) -> None:
        # Placed by the screen (a new decision, a move begun or cancelled):
        # the redraw that follows draws it.
        self.woodland.place_cursor(clearing)

    def shown_state(self) -> RootState:
        """The state as the person at the terminal may see it: their own
        hand only (no hand at all behind a hand-off); everything once the
        game is over."""
        if self.session.is_over:
            return self.state
        key = (self.version, len(self.session.actions), id(self.session.state), self.watching())
        if key != self._view_for or self._view is None:
            self._view_for, self._view = key, cast(RootState, self.session.view(key[3]))
        return self._view

    def here(self) -> Here:
        closes = None if self.aimed else self.closes_undo
        state, legal = self.shown_state(), self.legal()
        numbered = () if self.picker_hidden else tuple(self.picker.actions)
        return Here(
            state, legal, self.cursor, self.moving_from, self.session.describe, closes, numbered
        )

    def board(self) -> Board:
        """What the parts draw from, made again only when some of it changed:
        a part handed the board it drew last, at the size it drew it for,
        has nothing to draw (the focus moving, a highlight, a redraw asked
        twice in a move)."""
        names = tuple(seat.name for seat in self.session.seats)
        viewer = None if self.handoff_pending or self.session.is_over else self.viewer
        state, preview_words = self.shown_state(), self.battle_preview()
        live, cursor, marks = self.live, self.cursor, self.changed_marks
        position = (self.version, len(self.session.actions), id(state))
        key = (position, viewer, names, live, cursor, self.moving_from, preview_words, marks)
        if self._board is None or key != self._board_for:
            self._board_for = key
            self._board = Board.build(
                state, viewer, names, live, self.legal(), cursor, self.moving_from,
                preview_words, marks,
            )  # fmt: skip
        return self._board

    def battle_preview(self) -> tuple[str, ...]:
        """The outlook of the battle highlighted in the action list, else of
        the one the cursor points at, when one may be started there."""
        if not self.live or self.moving_from is not None:
            return ()
        target, defender = None, -1
        picker = self.picker
        index, actions = picker.highlighted, picker.actions
        live = picker.has_focus and index is not None and index < len(actions)
        chosen = actions[index] if live and index is not None else None
        if isinstance(chosen, Battle):
            target, defender = chosen.clearing, chosen.defender
        if target is None and any(
            isinstance(a, Battle) and a.clearing == self.cursor for a in self.legal()
        ):
            target = self.cursor
        if target is None:
            return ()
        return tuple(preview.words(self._outlook(target, defender), here=target == self.cursor))

    def _outlook(self, clearing: int, defender: int) -> Any:
        state = self.shown_state()
        return preview.outlook(state, reading.deciding(state), clearing, defender)

    # --------------------------------------------------------------- flow
    def handoff_name(self, seat: int) -> str:
        names = [s.name for s in self.session.seats]
        return choices.player_name(self.state, names, self.state.faction_of(seat))

    def handoff_words(self, seat: int) -> str:
        """In the middle of a turn, the decision that waits ("Ana (her faction)
        attacks you in Mountain (6, fox): will you play an ambush?"), in
        public words only."""
        order = DefenderFirst() in self.session.legal_actions()
        return choices.waiting_line(self.state, [s.name for s in self.session.seats], order)

    def focus_board(self) -> None:
        self.focus_now(self.woodland)

    def place_signature(self) -> dict[Any, str]:
        return board_signature(self.state)

    def new_decision(self) -> None:
        """When the cursor points where Enter does nothing, move it to the
        first clearing where it does; a decision about one clearing (an
        ambush, hits) points at it."""
        self.moving_from, self.reason, self.aimed = None, "", False
        legal = self.legal()
        if decision(legal) != "map":
            stack = self.state.stack
            if stack and stack[-1].place:
                self.cursor = stack[-1].place
            return
        spots = sorted({c for a in legal if (c := reading.clearing_of(a)) is not None})
        if spots and self.cursor not in spots:
            state = self.state
            self.cursor = next((c for c in spots if core.on_the_map(state, c)), spots[0])

    def draw_board(self) -> None:
        """The prompt and the hint over the map and the detail under it
        first: where any will be another height, the map's size changes in the next layout,
        and it is drawn then, once, for that size (``WoodlandView.resizing``).
        Behind a hand-off's cover nothing is drawn: no one sees the table
        until the cover lifts, and then it is drawn for the person handed
        it (their hand, their cursor), once; or, the cover going without
        handing it over, for nobody (``drawing_for_nobody``)."""
        if self.handoff_pending and not self.drawing_for_nobody:
            return
        board = self.board()
        prompt = self.part("#prompt", Static)
        if prompt is not None and height_changes(prompt):
            self.woodland.resizing()  # (the prompt over the map: another height)
        self.draw_hint()
        self._show_detail(board)
        self.woodland.show(board)
        self.one("#boards", SidePanel).show(board)

    def refresh_picker(self) -> None:
        """Its highlight starts on the first action that can be taken back,
        or on none (Enter then takes nothing until the player points)."""
        super().refresh_picker()
        if self.live and not self.picker_hidden and self.picker.actions:
            self.picker.highlighted = self.first_safe(self.picker.actions)

    # ------------------------------------------------- what cannot be undone
    def closes_undo(self, action: Action) -> bool:
        """Whether ``action`` could not be taken back (a roll, a draw, a card
        revealed, the terminal handed over), found once per position."""
        key = (self.version, len(self.session.actions), id(self.session.state))
        if key != self._closes_for:
            self._closes_for, self._closes = key, {}
        found = self._closes.get(action)
        if found is None:
            found = self._closes[action] = self.session.closes_undo(action)
        return found

    def first_safe(self, actions: Sequence[Action]) -> int | None:
        """The first action that can be taken back (None: every one closes
        undo behind it)."""
        return next((i for i, a in enumerate(actions) if not self.closes_undo(a)), None)

    choice_default = first_safe

    def choice_note(self, actions: Sequence[Action]) -> str:
        """A battle among the choices: its outlook."""
        battle = next((a for a in actions if isinstance(a, Battle)), None)
        if battle is None:
            return ""
        return " ".join(preview.words(self._outlook(battle.clearing, battle.defender)))

    def ask(
        self,
        title: str,
        actions: Sequence[Action],
        *,
        words: Sequence[str] | None = None,
        then: Any = None,
        **dialog: Any,
    ) -> None:
        """The kit's choice dialog, with the letters a faction gives its
        choices (a board's columns, say R M B U)."""
        letters = dialog_keys(self.shown_state(), actions)
        if letters is not None:
            dialog["letters"] = letters
        super().ask(title, actions, words=words, then=then, **dialog)

    def confirm_first(self, action: Action) -> Ask | None:
        """Enter on an action that cannot be taken back, with the cursor
        where the screen put it, asks (No is the default, so a second stray
        Enter answers no)."""
        if not (self._unaimed and self.closes_undo(action)):
            return None
        return Ask(
            f"{self.session.describe(action)}?\n"
            "It cannot be undone once taken. (Enter asks when you have not pointed "
            "at it; its key, its number or the cursor moved onto it takes it at once.)",
            "Take it",
            "Not now",
        )

    def left_undone(self, action: Action) -> Ask | None:
        """N (or Enter) ending a step of the turn with something left undone
        asks first (``asks.left_undone``)."""
        legal = self.legal()
        if action.kind != "done" or len(legal) < 2:
            return None
        state, describe = self.shown_state(), self.session.describe
        return asks.left_undone(state, legal, action, describe, self.closes_undo(action))

    def spent_card(self, action: Action) -> str:
        """A card spent from the hidden hand (Overwork, a Mobilize, a discard):
        the move asks first."""
        return asks.spent_card(self.shown_state(), action)

    def turn_owner(self) -> int | None:
        """The seat whose turn it is: an answer in another's turn (an ambush,
        hits, an Outrage) followed by one's own turn gets a one-key pause."""
        return asks.turn_owner(self.state)

    # ------------------------------------------------------------ drawing
    def _show_detail(self, board: Board | None = None) -> None:
        """The cursor or the list's highlight moved: the lines under the map
        (the map gives up rows for a long outlook: ``resizing``)."""
        if self.one("#detail", ClearingDetail).show(board or self.board()):
            self.woodland.resizing()

    def title_line(self) -> str:
        names, width = [seat.name for seat in self.session.seats], self.size.width or 80
        finished = self.game.title * self.session.is_over
        # (the title bar's padding, a column each side, and the mode's words)
        room = width - 2 - len(self.mode.title(""))
        return title_text(self.state, names, width < 110, finished, room)

    def hint_text(self) -> str:
        """The reason the last key did nothing, else the kit's."""
        return self.reason or super().hint_text()

    def short_hint(self) -> str | None:
        """A list decision's choices named short (``short_hint``), for a hint
        that does not fit its lines: a few choices are then all seen without
        a key (where they do not fit even so, the hint stays whole words, cut).  None where the hint says something else (a reason, a move)."""
        focused = self.focused
        if focused is not None and focused.id in ("actions", "log"):
            return None
        if self.reason or self.moving_from is not None or not self.live:
            return None
        items = listed(self.legal())
        if not items:
            return None
        return short_hint([self.session.describe(a) for a in items])

    def draw_hint(self) -> None:
        """The hint on its lines (two: the map under it keeps its place);
        where it is longer its last line says where it is read whole, the
        action list (A), which words every choice.  (One of another height
        would move the map's top edge: ``resizing``.)  Not behind a
        hand-off's cover (``draw_board``)."""
        hint = self.part("#hint", Static)
        if hint is None or (self.handoff_pending and not self.drawing_for_nobody):
            return
        words = self.hint_text()
        width, rows = hint.content_size.width, hint.styles.height
        height = rows.cells if rows is not None else None
        focused = self.focused
        # (Asked several times a move, the focus moving and the position:
        # fitted again only when the words, the room or what the short form
        # reads changed.)
        position = (self.version, len(self.session.actions), self.live, self.moving_from)
        key = (words, width, height, focused.id if focused else None, self.reason, position)
        if key == self._hint_for:
            return
        self._hint_for, text = key, Text(words)
        if width > 0 and height:
            reading = focused is self.picker
            mark = " …" if reading else HINT_MARK
            text, cut = fit_lines(text, self.app.console, width, height, Style(), mark)
            short = self.short_hint() if cut and not reading else None
            if short is not None:  # (taken only where it is whole: asides lost for nothing)
                shown, cut = fit_lines(Text(short), self.app.console, width, height, Style(), mark)
                text = text if cut else shown
        update_text(hint, text)
        if height_changes(hint):
            self.woodland.resizing()

    # ---------------------------------------------------------- the cursor
    @on(WoodlandView.CursorMoved, "#woodland")
    @on(WoodlandView.Activated, "#woodland")
    def _on_woodland(self, message: WoodlandView.CursorMoved | WoodlandView.Activated) -> None:
        """The player pointed (a click again: act there)."""
        self.aimed = True
        if isinstance(message, WoodlandView.Activated):
            if self.live:
                self.action_act()
            return
        self.reason = ""
        self._show_detail()  # (the Woodland has redrawn its own cursor)
        self.draw_hint()

    @on(ActionPicker.Highlighted, "#actions")
    def _picker_moved(self) -> None:
        self._show_detail()  # a battle highlighted: its outlook under the map

    def focus_moved(self) -> None:
        """The line under the map follows; and the side's room follows the
        list or the log being read (``side_room``)."""
        self.side_room()
        self._show_detail()

    def side_room(self) -> None:
        """The side's room for the panel open and the list or the log being
        read, if one is (``side_room.give_room``)."""
        focused, side = self.focused, self.part(f"#{self.SIDE_ID}", Widget)
        if side is not None:
            name = focused.id if focused is not None else None
            give_room(side, name, self.panels.open, self.has_class("-wide"))

    def redraw(self) -> None:
        """The side's room first: at another width (the screen's layout
        classes changed) the stylesheet's or the reading one's."""
        self.side_room()
        super().redraw()

    def panel_opened(self, name: str) -> None:
        """The list (A) or the log (L) opened takes the focus in this frame:
        what follows the focus (the side's room, the hint, the keys) is
        drawn with the panel, not after the focus event, a frame later."""
        widget = self.panels.widget(name)
        if widget is not None and widget.focusable:
            self.focus_now(widget)

    # ------------------------------------------------------------ playing
    def refuse(self, reason: str) -> None:
        """Said, and kept in the hint line until the cursor moves."""
        self.reason = reason
        self.draw_hint()
        super().refuse(reason)

    def action_act(self) -> None:
        """Enter: move to the clearing at the cursor (after M), act there,
        or open the list of choices; an action the player did not point at
        that cannot be taken back asks first (``confirm_first``)."""
        legal, state = self.legal(), self.shown_state()
        if self.moving_from is not None:
            self.play_pick(choices.move_to(state, legal, self.moving_from, self.cursor))
            return
        listed = decision(legal) == "list"
        pick = Pick(tuple(legal), "", self.session.prompt()) if listed else None
        self._unaimed = listed or not self.aimed
        self.play_pick(pick or choices.at(state, legal, self.cursor))
        self._unaimed = False

    def take(self, kind: str, *parameters: object) -> None:
        """A key of the map; M starts a move (then a destination, Enter), M
        again (or Esc) cancels it."""
        if kind == "move" and self.moving_from is not None:
            self.escape_board()
            return
        pick = self.KEYMAP.pick(self.here(), kind, *parameters)
        if kind == "move" and pick.actions and isinstance(pick.actions[0], Move):
            self.moving_from, self.reason = self.cursor, ""
            targets = reading.destinations(self.legal(), self.cursor)
            if targets:
                self.cursor = targets[0]
            self.refresh_view()
            return
        self.play_pick(pick)

    def escape_closes(self) -> bool:
        return self.moving_from is not None

    def escape_board(self) -> bool:
        """Esc (or M again) while moving: the move is cancelled."""
        if self.moving_from is None:
            return False
        self.cursor, self.moving_from = self.moving_from, None
        self.refresh_view()
        return True

    def play(self, action: Action) -> bool:
        """A move; Codebreakers shows the hand it looked at at once, to the
        person who used it (the view of their seat holds those cards)."""
        played, seat = super().play(action), self.viewer
        codebreakers = isinstance(action, UseEffect) and action.effect == "codebreakers"
        if played and codebreakers and seat is not None:
            target = getattr(action, "target", -1)
            self.app.push_screen(looked_at_hand(self.shown_state(), seat, target))
        return played

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """F2 is offered while the lines under the map are cut, and only
        then; F3 while the side shows boards short."""
        if action == "read_detail":
            cut = self.one("#detail", ClearingDetail).cut
            return cut if parameters == ("cut",) else not cut
        if action == "boards":
            short = bool(self.one("#boards", SidePanel).shortened)
            return short if parameters == ("short",) else not short
        return super().check_action(action, parameters)

    @on(ClearingDetail.Cut, "#detail")
    @on(SidePanel.Shortened, "#boards")
    def _detail_cut(self) -> None:
        self.refresh_bindings()

    def action_boards(self, _: str = "") -> None:
        """F3: every faction's board whole, from what the side shows."""
        board = self.one("#boards", SidePanel).board
        if board is not None:
            self.app.push_screen(BoardsDialog(board))

    def action_read_detail(self, _: str = "") -> None:
        """F2: the lines under the map, whole (where the focus is: the map,
        the action list's highlighted battle, the log)."""
        title, text = self.one("#detail", ClearingDetail).whole()
        if text:
            self.app.push_screen(DetailDialog(title, text))

    def action_cards(self) -> None:
        """The text of every card the person at the terminal may read."""
        viewer = None if self.handoff_pending else self.viewer
        state = self.shown_state()
        text = cards_text(state, viewer, self.session.is_over)
        for screen in at_table(state):
            own = screen.cards_text(state)
            if own:
                text += "\n" + own
        self.app.push_screen(CardsDialog("Cards", text))
