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

from collections.abc import Callable, Iterable, Sequence
from typing import Any, ClassVar, Generic, TypeVar, cast

from rich.text import Text
from textual import on
from textual.binding import BindingType
from textual.widget import Widget
from textual.widgets import Static

from boardgames_tui.engine.game import Action
from boardgames_tui.engine.session import Session
from boardgames_tui.games.root import core
from boardgames_tui.games.root.actions import Battle, DefenderFirst, Move, UseEffect
from boardgames_tui.games.root.model import RootState

from ..kit.choice import Pick
from ..screens.dialogs import ConfirmDialog
from ..screens.game import GAME_SCREEN_CSS, GameScreen
from ..screens.handoff import HandoffScreen
from ..settings import Settings
from ..widgets import ActionPicker, GameLog
from ..widgets.keybar import KeyBar
from ..widgets.scrollbars import PanelScroll
from ..widgets.text_line import update_text
from . import choices, keys, preview
from .board import Board
from .choices import Here, action_of, decision, keymap, letter_of
from .dialogs import CSS, CardsDialog, ChoiceDialog, cards_text, looked_at_hand
from .faction_ui import at_table
from .keys import DIRECT_KEYS, direct_keys
from .look import step_words, title_text
from .panels import ClearingDetail, SidePanel
from .widgets import WoodlandView

__all__ = ["DIRECT_KEYS", "RootScreen", "board_signature", "step_words"]


def board_signature(state: RootState) -> dict[int, str]:
    """Each place's public contents (the places off the map too), to compare."""
    return {n: repr(clearing) for n, clearing in enumerate(state.clearings)}


T = TypeVar("T")


class _Registered(Generic[T]):
    """The key map and the help's keys, read from the registry on every
    access (made again only when a faction's screen part registers)."""

    def __init__(self, read: Callable[[], T]) -> None:
        self.read = read

    def __get__(self, obj: object, owner: type | None = None) -> T:
        return self.read()


class RootScreen(GameScreen, inherit_bindings=False):
    """Root at one table: keyboard first, the mouse too.  Built on the
    screen kit: it declares its parts (the slots of ``GameScreen``) and
    its keys as data (``choices.keymap()``, the bindings in ``keys.py``)."""

    CSS_PATH = [str(GAME_SCREEN_CSS), CSS]  # type: ignore[assignment]
    BINDINGS: ClassVar[list[BindingType]] = keys.BINDINGS
    KEYMAP = _Registered(keymap)
    HELP_KEYS = _Registered(direct_keys)
    TITLES: ClassVar[dict[str, str]] = {
        "#woodland": "The Woodland",
        "#boards-scroll": "Score, hands and boards",
    }

    def __init__(self, session: Session, settings: Settings | None = None) -> None:
        super().__init__(session, settings)
        #: The clearing warriors are being moved from (after M), if any.
        self.moving_from: int | None = None
        #: Why the last key did nothing (shown in the hint line until the
        #: cursor moves or the game changes).
        self.reason = ""
        #: The decision the cursor was last placed for.
        self._placed_for: tuple[int, str] = (-1, "")
        self._decider: int | None = None
        #: The view last drawn, and for what (asked several times a redraw).
        self._view: RootState | None = None
        self._view_for: tuple[int, int, int, int | None] = (-1, -1, -1, None)
        #: The player has pointed the cursor since this decision began (an
        #: arrow or a click); the screen placed it otherwise.
        self.aimed = False
        #: Which actions of this position cannot be taken back, as found.
        self._closes: dict[Action, bool] = {}
        self._closes_for: tuple[int, int, int] = (-1, -1, -1)

    # --------------------------------------------------------------- slots
    def board_parts(self) -> Iterable[Widget]:
        yield WoodlandView(id="woodland")
        yield ClearingDetail(id="detail")

    def side_parts(self) -> Iterable[Widget]:
        yield PanelScroll(SidePanel(id="boards"), id="boards-scroll")

    def key_bar(self) -> KeyBar:
        return KeyBar(give_way=keys.GIVE_WAY)

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
        watching = self.watching()
        key = (self.version, len(self.session.actions), id(self.session.state), watching)
        if key != self._view_for or self._view is None:
            self._view_for = key
            self._view = cast(RootState, self.session.view(watching))
        return self._view

    def here(self) -> Here:
        """What the key map reads (worked out once per look at the bindings)."""
        return self.in_binding_look(
            "here",
            lambda: Here(
                self.shown_state(),
                self.legal(),
                self.cursor,
                self.moving_from,
                self.session.describe,
                None if self.aimed else self.closes_undo,
            ),
        )

    def board(self) -> Board:
        names = [seat.name for seat in self.session.seats]
        viewer = None if self.handoff_pending else self.viewer
        if self.session.is_over:
            viewer = None
        return Board.build(
            self.shown_state(),
            viewer,
            names,
            self.live,
            self.legal(),
            self.cursor,
            self.moving_from,
            self.battle_preview(),
            self.changed_marks,
        )

    def battle_preview(self) -> tuple[str, ...]:
        """The outlook of the battle highlighted in the action list, else of
        the one the cursor points at, when one may be started there."""
        if not self.live or self.moving_from is not None:
            return ()
        legal = self.legal()
        target: int | None = None
        defender = -1
        picker = self.part("#actions", ActionPicker)
        if picker is not None and picker.has_focus:
            index = picker.highlighted
            actions = picker.actions
            if index is not None and 0 <= index < len(actions):
                chosen = actions[index]
                if isinstance(chosen, Battle):
                    target, defender = chosen.clearing, chosen.defender
        if target is None and any(
            isinstance(a, Battle) and a.clearing == self.cursor for a in legal
        ):
            target = self.cursor
        if target is None:
            return ()
        state = self.shown_state()
        outlook = preview.outlook(state, choices.deciding(state), target, defender)
        return tuple(preview.words(outlook, here=target == self.cursor))

    # --------------------------------------------------------------- flow
    def advance(self) -> None:
        """The generic flow (results, bots, hand-offs), but the focus stays
        on the Woodland rather than going to the action picker."""
        session = self.session
        seat = session.to_act
        if session.is_over or seat is None or session.bot_to_act or self.needs_handoff(seat):
            super().advance()
            return
        self.thinking = None
        self.viewer = seat
        self._decider = seat
        self.refresh_view()
        # After every move the focus goes back to the Woodland, where the
        # player was: a list left open with its first line highlighted let a
        # stray Enter start a battle.
        self.focus_board()

    def handoff_screen(self, seat: int) -> HandoffScreen:
        """ "Pass to Ben (his faction)", and in the middle of a turn the decision
        that waits ("Ana (her faction) attacks you in Mountain (6, fox): will you
        play an ambush?"), in public words only."""
        state = self.state
        names = [s.name for s in self.session.seats]
        faction = state.faction_of(seat)
        order = DefenderFirst() in self.session.legal_actions()
        return HandoffScreen(
            choices.player_name(state, names, faction),
            self.game.title,
            choices.waiting_line(state, names, order),
            recap=self.recap_for(seat),
        )

    def _handed_off(self, _: None = None) -> None:
        super()._handed_off()
        self._decider = self.viewer
        self.focus_board()

    def changed(self) -> None:
        self.moving_from = None
        self.reason = ""
        super().changed()

    def focus_board(self) -> None:
        self.remove_class("-show-picker", "-show-log")
        self.woodland.focus()

    # ------------------------------------------------------------ drawing
    @property
    def picker_hidden(self) -> bool:
        return self.has_class("-narrow") and not self.has_class("-show-picker")

    def refresh_picker(self) -> None:
        """The action list is filled when it can be seen (a Daylight can
        offer a hundred moves: filling it costs).  Its highlight starts on
        the first action that can be taken back, or on none (Enter then takes
        nothing until the player points at an action)."""
        if self.picker_hidden:
            return
        super().refresh_picker()
        picker = self.picker
        actions = picker.actions
        if self.live and actions:
            picker.highlighted = self.first_safe(actions)

    # ------------------------------------------------- what cannot be undone
    def closes_undo(self, action: Action) -> bool:
        """Whether ``action`` could not be taken back (a roll, a draw, a card
        revealed, the terminal handed over), found once per position."""
        key = (self.version, len(self.session.actions), id(self.session.state))
        if key != self._closes_for:
            self._closes_for = key
            self._closes = {}
        found = self._closes.get(action)
        if found is None:
            found = self._closes[action] = self.session.closes_undo(action)
        return found

    def first_safe(self, actions: Sequence[Action]) -> int | None:
        """Where a list's highlight starts: the first action that can be
        taken back; None when every one closes undo behind it."""
        return next((i for i, a in enumerate(actions) if not self.closes_undo(a)), None)

    def on_resize(self) -> None:
        # Screen's own handler sets the breakpoint classes after this one.
        self.call_next(self.refresh_picker)

    def place_signature(self) -> dict[Any, str]:
        return board_signature(self.state)

    def refresh_view(self) -> None:
        super().refresh_view()
        self._place_cursor()
        board = self.board()
        self.woodland.show(board)
        self.one("#detail", ClearingDetail).show(board)
        self.one("#boards", SidePanel).show(board)
        self.draw_hint()

    def _show_detail(self) -> None:
        """The cursor or the list's highlight moved: the line under the map."""
        self.one("#detail", ClearingDetail).show(self.board())

    def title_line(self) -> str:
        names = [seat.name for seat in self.session.seats]
        narrow = (self.size.width or 80) < 110
        over = self.session.is_over
        return title_text(self.state, names, narrow, self.game.title if over else "")

    def draw_hint(self) -> None:
        update_text(self.one("#hint", Static), self.hint_line())

    def hint_line(self) -> Text:
        """The reason the last key did nothing; the keys of the list or the
        log when they have the focus; else the key map's hint."""
        if self.reason:
            return Text(self.reason, style="bold")
        if not self.live:
            return Text("")
        picker = self.picker
        if picker.has_focus:
            if picker.highlighted is None:
                return Text(
                    "↑ ↓: point at an action, then Enter · 1-9: that one · Esc: back to the map"
                )
            return Text("Enter: take the highlighted action · 1-9: that one · Esc: back to the map")
        if self._log_focused():
            return Text("The log has the focus: ↑ ↓ scroll · Esc: back to the Woodland")
        return Text(self.hint_text())

    def _place_cursor(self) -> None:
        """At each new decision on the map, when the cursor points where
        Enter does nothing, move it to the first clearing where it does."""
        if not self.live:
            return
        legal = self.legal()
        key = (len(self.session.actions), self.session.prompt())
        if key == self._placed_for:
            return
        self._placed_for = key
        self.aimed = False
        if decision(legal) != "map":
            # A decision about one clearing (an ambush, hits, Field
            # Hospitals): point at it.
            stack = self.state.stack
            if stack and stack[-1].place:
                self.cursor = stack[-1].place
            return
        spots = sorted({c for a in legal if (c := choices.clearing_of(a)) is not None})
        if spots and self.cursor not in spots:
            state = self.state
            self.cursor = next((c for c in spots if core.on_the_map(state, c)), spots[0])

    # ---------------------------------------------------------- the cursor
    @on(WoodlandView.CursorMoved, "#woodland")
    def _clearing_changed(self, message: WoodlandView.CursorMoved) -> None:
        self.reason = ""
        self.aimed = True
        # (the Woodland has redrawn its own cursor)
        self._show_detail()
        self.draw_hint()

    @on(WoodlandView.Activated, "#woodland")
    def _clearing_activated(self, message: WoodlandView.Activated) -> None:
        self.aimed = True
        if self.live:
            self.action_act()

    @on(ActionPicker.Highlighted, "#actions")
    def _picker_moved(self, event: ActionPicker.Highlighted) -> None:
        self.draw_hint()
        # A battle highlighted in the list: its outlook under the map.
        self._show_detail()

    def on_descendant_focus(self, event: object) -> None:
        self.draw_hint()
        self.refresh_bindings()
        self._show_detail()

    # ------------------------------------------------------------ playing
    def resolve(self, pick: Pick, aimed: bool = True) -> None:
        """Play the one action a key stands for, offer the few, or say why none.

        ``aimed``: the player chose this (a key that names the action, the
        cursor they moved, a number).  An Enter they did not aim never
        takes, unasked, an action that cannot be taken back."""
        if not pick.actions:
            self.refuse(pick.reason)
            return
        if len(pick.actions) == 1:
            action = pick.actions[0]
            if not aimed and self.closes_undo(action):
                self.ask_first(action)
                return
            self.play(action)
            return
        options = [(a, self.session.describe(a)) for a in pick.actions]
        default = self.first_safe(pick.actions)
        battle = next((a for a in pick.actions if isinstance(a, Battle)), None)
        note = ""
        if battle is not None:
            state = self.shown_state()
            outlook = preview.outlook(
                state, choices.deciding(state), battle.clearing, battle.defender
            )
            note = " ".join(preview.words(outlook))
        self.app.push_screen(
            ChoiceDialog(pick.title or "Choose", options, default, note), callback=self._chosen
        )

    def ask_first(self, action: Action) -> None:
        """Enter on an action that cannot be taken back, with the cursor
        where the screen put it: ask (No is the default, so a second stray
        Enter answers no)."""
        question = (
            f"{self.session.describe(action)}?\n"
            "It cannot be undone once taken. (Enter asks when you have not pointed "
            "at it; its key, its number or the cursor moved onto it takes it at once.)"
        )
        self.app.push_screen(
            ConfirmDialog(question, yes="Take it", no="Not now"),
            callback=lambda yes: self._chosen(action if yes else None),
        )

    def refuse(self, reason: str) -> None:
        self.reason = reason
        self.draw_hint()
        self.notify(reason, title="Not possible", severity="warning")

    def _chosen(self, action: Action | None) -> None:
        if action is not None and self.live:
            self.play(action)

    def action_act(self) -> None:
        """Enter: move to the clearing at the cursor (after M), act there,
        or open the list of choices."""
        legal = self.legal()
        state = self.shown_state()
        if self.moving_from is not None:
            self.resolve(choices.move_to(state, legal, self.moving_from, self.cursor))
            return
        if decision(legal) == "list":
            self.resolve(Pick(tuple(legal), "", self.session.prompt()), aimed=False)
            return
        self.resolve(choices.at(state, legal, self.cursor), aimed=self.aimed)

    def press(self, key: str) -> None:
        """A direct key: what the key map's kind for it picks.  M starts a
        move (then a destination, Enter); M again, or Esc, cancels it."""
        if key == "m" and self.moving_from is not None:
            self.moving_from = None
            self.refresh_view()
            return
        pick = self.KEYMAP.pick(self.here(), action_of(key))
        if key == "m" and pick.actions and isinstance(pick.actions[0], Move):
            self.moving_from = self.cursor
            self.reason = ""
            targets = choices.destinations(self.legal(), self.cursor)
            if targets:
                self.cursor = targets[0]
            self.refresh_view()
            return
        self.resolve(pick)

    def take(self, action: str, *parameters: object) -> None:
        """A direct key's binding (``take('move')``, ``keys.BINDINGS``): the
        key's press."""
        self.press(letter_of(action))

    def action_choose(self, number: int) -> None:
        self.resolve(self.KEYMAP.pick(self.here(), "choose", number))

    def action_explain(self, key: str) -> None:
        """A key that does nothing now: say why (in the hint line too)."""
        self.refuse(self.KEYMAP.explain(self.here(), key))

    # ----------------------------------------------------- binding checks
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The map's keys (a direct key is shown when its action is legal
        somewhere now, hidden otherwise, and a hidden key falls through to
        ``explain``), but none while the list has the focus, and no Enter
        in the log."""
        if (action in self.KEYMAP or action == "take") and self._picker_focused():
            return False
        if action == "act" and self._log_focused():
            return False
        if action in ("table", "show_table"):
            return False
        return super().check_action(action, parameters)

    # ------------------------------------------------------------- panels
    def _log_focused(self) -> bool:
        focused = self.focused
        return focused is not None and focused.id == "log"

    def _picker_focused(self) -> bool:
        focused = self.focused
        return focused is not None and focused.id == "actions"

    def _show_side(self, name: str, selector: str) -> None:
        widget = self.query_one(selector)
        if widget.has_focus:
            self.focus_board()
            return
        self.remove_class("-show-picker", "-show-log")
        self.add_class(f"-show-{name}")
        if name == "picker":
            self.refresh_picker()
        widget.focus()

    def action_picker(self) -> None:
        self._show_side("picker", "#actions")

    def action_log(self) -> None:
        self._show_side("log", "#log")

    def action_show_log(self) -> None:
        self.remove_class("-show-picker")
        self.add_class("-show-log")
        self.query_one("#log", GameLog).focus()

    def action_back(self) -> None:
        """Escape: cancel a move, back to the Woodland from a list, else ask to
        leave for the menu."""
        if self.moving_from is not None:
            self.cursor = self.moving_from
            self.moving_from = None
            self.refresh_view()
            return
        if (
            self._picker_focused()
            or self._log_focused()
            or any(self.has_class(c) for c in ("-show-picker", "-show-log"))
        ):
            self.focus_board()
            return
        self.ask_leave()

    def play(self, action: Action) -> bool:
        """A move; Codebreakers shows the hand it looked at at once, to the
        person who used it (the view of their seat holds those cards)."""
        played = super().play(action)
        if played and isinstance(action, UseEffect) and action.effect == "codebreakers":
            self.show_looked_at_hand(action.target)
        return played

    def show_looked_at_hand(self, target: int = -1) -> None:
        """The enemy's hand as Codebreakers showed it to the deciding seat."""
        if self.viewer is not None:
            self.app.push_screen(looked_at_hand(self.shown_state(), self.viewer, target))

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
