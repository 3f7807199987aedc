"""Root's game screen for pass-and-play: the Woodland read at a glance, the
Burrow, both factions' boards, the score and the hand of the person at the
terminal, played with the keys.

A player points at a clearing with the arrows and presses Enter, or presses
a direct key (M move, B battle, U build, D dig, O overwork, R recruit, C
craft, X extra action, E card effects, S sway, P minister, N done, 1-9 a
numbered choice); the screen turns that into the engine's own legal actions
through :mod:`.choices` and plays it, offers just the matching few when there
are several, or says why there is none in the hint line.  Undo, save, help,
the log, bots, hand-offs (also in the middle of a turn: an ambush, hits to
take, Field Hospitals, the Price of Failure) and the game-over screen come
from the generic :class:`GameScreen`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, cast

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import OptionList, Static

from boardgames_tui.engine.game import Action
from boardgames_tui.engine.session import Session
from boardgames_tui.games.root import core
from boardgames_tui.games.root.actions import Battle, DefenderFirst, UseEffect
from boardgames_tui.games.root.model import BURROW, CATS, HIDDEN, RootState

from ..screens.dialogs import ConfirmDialog
from ..screens.game import BOT_KEYS, GAME_SCREEN_CSS, PICKER_KEYS, GameScreen
from ..screens.handoff import HandoffScreen
from ..screens.help import HelpScreen, screen_keys
from ..settings import Settings
from ..widgets import ActionPicker, GameLog
from ..widgets.scrollbars import PanelScroll
from . import choices, preview
from .choices import KEY_KINDS, Pick, decision
from .dialogs import CSS, CardsDialog, ChoiceDialog
from .messages import ClearingActivated, ClearingChanged
from .widgets import Board, ClearingDetail, KeyBar, SidePanel, WoodlandView, card_text

#: The letters of the direct keys, in the footer's order.
LETTERS = tuple(KEY_KINDS)

#: Direct keys the footer does not spell out, for the help screen.
DIRECT_KEYS = [
    ("↑ ↓ ← →", "Move the cursor over the clearings (the Burrow lies under the map)"),
    ("Enter / Space", "Act in the clearing at the cursor; in a list decision, open the list"),
    ("M", "Move warriors from the clearing at the cursor: then point at where to, Enter"),
    ("B", "Battle the enemy in the clearing at the cursor (the preview under the map)"),
    (
        "Battle preview",
        "On a clearing where a battle may start: the most hits each side deals, "
        "defenceless, and what an ambush would do",
    ),
    ("U", "Build in the clearing at the cursor"),
    ("D", "Dig a tunnel in the clearing at the cursor (the Duchy)"),
    ("O", "Overwork the sawmill at the cursor (the Marquise)"),
    ("R", "Recruit"),
    ("C", "Craft a card"),
    ("X", "Spend a bird card for an extra action (the Marquise)"),
    ("E", "Use a crafted card's effect (Codebreakers, Tax Collector, Royal Claim ...)"),
    ("S", "Sway a minister (the Duchy)"),
    ("P", "Take a swayed minister's action in Parliament (the Duchy)"),
    ("N", "End the step, or decline the choice"),
    ("1 … 9", "Take that choice, in a decision made from a list"),
    ("H", "The text of your cards, your crafted cards and the revealed ones"),
    ("A / L", "The list of every legal action / the log (at 80 columns)"),
    (
        "Enter",
        "A move that cannot be undone (a battle, ending a turn) asks first when "
        "the screen put the cursor there; its key, a number or the arrows take it",
    ),
    ("Esc", "Cancel a move; back to the Woodland from a list; else ask to leave for the menu"),
    ("Mouse", "Click a clearing to point at it; click again to act there"),
]

#: What the footer calls each direct key.
FOOTER_WORD = {
    "m": "Move",
    "b": "Battle",
    "u": "Build",
    "d": "Dig",
    "o": "Overwork",
    "r": "Recruit",
    "c": "Craft",
    "x": "Extra",
    "e": "Effect",
    "s": "Sway",
    "p": "Minister",
    "n": "Done",
}

STEP_WORDS = {
    "keep": "Setup",
    "start_sawmill": "Setup",
    "start_workshop": "Setup",
    "start_recruiter": "Setup",
    "birdsong": "Birdsong",
    "daylight_start": "Daylight",
    "craft": "Daylight, crafting",
    "parliament": "Daylight, Parliament",
    "sway": "Daylight, swaying",
    "evening_start": "Evening",
    "evening_craft": "Evening, crafting",
    "discard": "Evening",
}


def step_words(state: RootState) -> str:
    """The phase and the step: ``Duchy: Daylight, Assembly 1 of 2``."""
    if state.step == "actions":
        left = state.actions_left
        return f"Marquise: Daylight, {left} action{'s' if left != 1 else ''} left"
    if state.step == "assembly":
        done = 2 - state.actions_left
        if state.actions_left <= 0:
            return "Duchy: Daylight, Assembly done"
        return f"Duchy: Daylight, Assembly {done + 1} of 2"
    words = STEP_WORDS.get(state.step, state.step)
    if state.turn_number == 0:
        return words
    return f"{core.name(state.turn)}: {words}"


def board_signature(state: RootState) -> dict[int, str]:
    """Each clearing's public contents (the Burrow's too), to compare."""
    return {n: repr(clearing) for n, clearing in enumerate(state.clearings)}


class RootScreen(GameScreen, inherit_bindings=False):
    """Root at one table: keyboard first, the mouse too."""

    CSS_PATH = [str(GAME_SCREEN_CSS), CSS]  # type: ignore[assignment]
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,space", "act", "Act", show=False),
        *(Binding(k, f"key('{k}')", FOOTER_WORD[k]) for k in LETTERS),
        *(Binding(str(n), f"choose({n})", str(n), show=False) for n in range(1, 10)),
        Binding("h", "cards", "Cards"),
        Binding("a", "picker", "List"),
        Binding("l", "log", "Log"),
        Binding("f1", "help", "Help"),
        Binding("ctrl+z", "undo", "Undo"),
        Binding("ctrl+s", "save", "Save"),
        Binding("g", "results", "Results"),
        *BOT_KEYS,
        Binding("escape", "back", "Menu"),
        Binding("tab", "app.focus_next", "Focus next", show=False),
        Binding("shift+tab", "app.focus_previous", "Focus previous", show=False),
        Binding("ctrl+c,super+c", "screen.copy_text", "Copy selected text", show=False),
        # Last for each key: when no binding above applies, say why.
        *(
            Binding(key, f"explain('{key}')", "", show=False)
            for key in ("enter", "space", *LETTERS, *(str(n) for n in range(1, 10)))
        ),
    ]

    def __init__(self, session: Session, settings: Settings | None = None) -> None:
        super().__init__(session, settings)
        #: The clearing at the cursor (0: the Burrow).
        self.cursor = 1
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

    # -------------------------------------------------------------- layout
    def compose(self) -> ComposeResult:
        yield Static(id="game-title", markup=False)
        yield Static(id="prompt", markup=False)
        yield Static(id="hint", markup=False)
        with Horizontal(id="play"):
            with Vertical(id="board"):
                yield WoodlandView(id="woodland")
                yield ClearingDetail(id="detail")
            with Vertical(id="side"):
                with PanelScroll(id="boards-scroll"):
                    yield SidePanel(id="boards")
                yield ActionPicker(id="actions")
                yield GameLog(id="log")
        yield KeyBar()

    def on_mount(self) -> None:
        titles = {
            "#woodland": "The Woodland",
            "#boards-scroll": "Score, hands and boards",
            "#actions": "All actions (A)",
            "#log": "Log (L)",
        }
        for selector, title in titles.items():
            for widget in self.query(selector):
                widget.border_title = title
        # GameScreen's own on_mount runs after this one (Textual calls the
        # handler of every class in the MRO) and starts the game.

    # ------------------------------------------------------------- queries
    @property
    def state(self) -> RootState:
        return cast(RootState, self.session.state)

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
        picker = self.part("#actions", ActionPicker)
        if picker is not None and picker.has_focus:
            index = picker.highlighted
            actions = picker.actions
            if index is not None and 0 <= index < len(actions):
                chosen = actions[index]
                if isinstance(chosen, Battle):
                    target = chosen.clearing
        if target is None and any(
            isinstance(a, Battle) and a.clearing == self.cursor for a in legal
        ):
            target = self.cursor
        if target is None:
            return ()
        state = self.shown_state()
        outlook = preview.outlook(state, choices.deciding(state), target)
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
        """ "Pass to Ben (Marquise)", and in the middle of a turn the decision
        that waits ("Ana (Duchy) attacks you in Mountain (6, fox): will you
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
        self.query_one(WoodlandView).focus()

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
        self.query_one(WoodlandView).show(board)
        self.query_one(ClearingDetail).show(board)
        self.query_one(SidePanel).show(board)
        self.query_one("#game-title", Static).update(self.title_text(), layout=False)
        self._redraw_hint()

    def title_text(self) -> str:
        state = self.state
        narrow = (self.size.width or 80) < 110
        if self.session.is_over:
            title = "Root" if narrow else self.game.title
            return f"{title} · finished after turn {state.turn_number}"
        turn = f" · Turn {state.turn_number}" if state.turn_number else ""
        if narrow:
            # (the score panel beside the map names who plays which)
            score = f"Marquise {state.cats.vp}, Duchy {state.duchy.vp} of 30"
        else:
            names = [s.name for s in self.session.seats]
            score = (
                f"Marquise ({names[state.seat_of[CATS]]}) {state.cats.vp}, "
                f"Duchy ({names[state.seat_of[1 - CATS]]}) {state.duchy.vp} of 30"
            )
        return f"Root{turn} · {step_words(state)} · {score}"

    def _redraw_hint(self) -> None:
        self.query_one("#hint", Static).update(self.hint_text(), layout=False)

    def hint_text(self) -> Text:
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
        return Text(
            choices.hint(
                self.shown_state(),
                self.legal(),
                self.cursor,
                self.session.describe,
                self.moving_from,
                None if self.aimed else self.closes_undo,
            )
        )

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
            if stack and stack[-1].clearing:
                self.cursor = stack[-1].clearing
            return
        spots = sorted({c for a in legal if (c := choices.clearing_of(a)) is not None})
        if spots and self.cursor not in spots:
            self.cursor = next((c for c in spots if c != BURROW), spots[0])

    # ---------------------------------------------------------- the cursor
    @on(ClearingChanged)
    def _clearing_changed(self, message: ClearingChanged) -> None:
        self.cursor = message.clearing
        self.reason = ""
        self.aimed = True
        # (the Woodland has moved its own cursor)
        self.query_one(ClearingDetail).show(self.board())
        self._redraw_hint()

    @on(ClearingActivated)
    def _clearing_activated(self, message: ClearingActivated) -> None:
        self.cursor = message.clearing
        self.aimed = True
        if self.live:
            self.action_act()

    @on(OptionList.OptionHighlighted, "#actions")
    def _picker_moved(self, event: OptionList.OptionHighlighted) -> None:
        self._redraw_hint()
        # A battle highlighted in the list: its outlook under the map.
        self.query_one(ClearingDetail).show(self.board())

    def on_descendant_focus(self, event: object) -> None:
        self._redraw_hint()
        self.refresh_bindings()
        self.query_one(ClearingDetail).show(self.board())

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
            outlook = preview.outlook(state, choices.deciding(state), battle.clearing)
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
        self._redraw_hint()
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
            self.resolve(choices.move_to(legal, self.moving_from, self.cursor))
            return
        if decision(legal) == "list":
            self.resolve(Pick(tuple(legal), "", self.session.prompt()), aimed=False)
            return
        self.resolve(choices.at(state, legal, self.cursor), aimed=self.aimed)

    def action_key(self, key: str) -> None:
        legal = self.legal()
        state = self.shown_state()
        if key == "m" and self.moving_from is not None:
            self.moving_from = None
            self.refresh_view()
            return
        pick = choices.with_key(state, legal, key, self.cursor)
        if key == "m" and pick.actions:
            self.moving_from = self.cursor
            self.reason = ""
            targets = choices.destinations(legal, self.cursor)
            if targets:
                self.cursor = targets[0]
            self.refresh_view()
            return
        self.resolve(pick)

    def action_choose(self, number: int) -> None:
        self.resolve(choices.choose(self.legal(), number))

    def action_explain(self, key: str) -> None:
        """A key that does nothing now: say why."""
        legal = self.legal()
        state = self.shown_state()
        if key in ("enter", "space"):
            reason = "Nothing to do now."
        elif key.isdigit():
            reason = choices.choose(legal, int(key)).reason
        else:
            reason = choices.why_not(state, legal, key, self.cursor)
        self.refuse(reason)

    # ----------------------------------------------------- binding checks
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """A direct key is shown when its action is legal somewhere now, and
        hidden otherwise; a hidden key falls through to ``explain``."""
        live = self.live
        if action == "key":
            if not live or self._picker_focused():
                return False
            kinds = KEY_KINDS[str(parameters[0])]
            return any(a.kind in kinds for a in self.legal())
        if action == "act":
            return live and not self._picker_focused() and not self._log_focused()
        if action == "choose":
            return live and bool(choices.listed(self.legal())) and not self._picker_focused()
        if action == "explain":
            return live
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
            self.show_looked_at_hand()
        return played

    def show_looked_at_hand(self) -> None:
        """The enemy's hand as Codebreakers showed it to the deciding seat."""
        state = self.shown_state()
        viewer = self.viewer
        if viewer is None:
            return
        enemy = 1 - state.faction_of(viewer)
        seen = [c for c in state.player(enemy).hand if c != HIDDEN]
        who = core.name(enemy)
        lines = [f"  {card_text(c)}" for c in seen] or ["  (no cards)"]
        text = "\n".join([f"The {who}'s hand, as Codebreakers shows it:", *lines])
        self.app.push_screen(CardsDialog(f"Codebreakers: the {who}'s hand", text))

    def action_cards(self) -> None:
        """The text of every card the person at the terminal may read."""
        state = self.shown_state()
        viewer = None if self.handoff_pending else self.viewer
        parts: list[str] = []
        for faction in (CATS, 1 - CATS):
            player = state.player(faction)
            who = core.name(faction)
            seat = state.seat_of[faction]
            if seat == viewer or self.session.is_over:
                parts.append(f"Your hand ({who}):" if seat == viewer else f"{who}'s hand:")
                parts += [f"  {card_text(c)}" for c in player.hand if c != HIDDEN] or ["  (empty)"]
            else:
                known = [c for c in player.hand if c != HIDDEN]
                if known:
                    parts.append(f"Seen in the {who}'s hand:")
                    parts += [f"  {card_text(c)}" for c in known]
            if player.crafted:
                parts.append(f"Crafted by the {who}:")
                parts += [f"  {card_text(c)}" for c in player.crafted]
        if state.duchy.revealed:
            parts.append("Revealed by the Duchy this turn:")
            parts += [f"  {card_text(c)}" for c in state.duchy.revealed]
        text = "\n".join(parts) or "No cards to read."
        self.app.push_screen(CardsDialog("Cards", text))

    # ----------------------------------------------------------- the help
    def help_screen(self, query: str = "") -> HelpScreen:
        keys = screen_keys(self) + DIRECT_KEYS + PICKER_KEYS
        return HelpScreen(self.game, keys, query=query)
