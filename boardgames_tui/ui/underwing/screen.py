"""Underlings of Underwing's game screen for pass-and-play, on the screen kit.

The hatching grounds (one Line API widget with its own cursor), the card at
the cursor in words, the bag and the draw pile, the Field as a clockwise
ring, every player's mat, the action picker and the log: the slots of the
kit's ``BoardScreen``, filled by declaring the parts (:mod:`.widgets` names
them).  A player points at an egg, an element space or a Field space and
presses Enter, or presses a direct key (an element's letter, C, D, N, T, Y,
X, a player's number); the key map of :mod:`.keys` turns that into the
engine's own legal actions through :mod:`.choices`, and the kit plays the
one found, offers the few, or says why there is none.  Where the focus goes
and the side panels are :mod:`.panels`.  Undo, save, help, the log, bots and
the game-over screen come from the generic :class:`GameScreen`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from functools import partial
from typing import ClassVar, cast

from textual import on
from textual.binding import BindingType
from textual.widget import Widget
from textual.widgets import OptionList

from boardgames_tui.engine.game import Action
from boardgames_tui.engine.session import Session
from boardgames_tui.games.underwing.actions import OfferTrade
from boardgames_tui.games.underwing.game import PHASE_NAMES
from boardgames_tui.games.underwing.model import FIELD, UnderwingState
from boardgames_tui.games.underwing.rules import trade_words

from ..commands import GameCommand
from ..kit.choice import Pick
from ..screens.game import GAME_SCREEN_CSS, PICKER_KEYS
from ..screens.help import HelpScreen, screen_keys
from ..settings import Settings
from ..widgets import ActionPicker
from ..widgets.keybar import KeyBar
from ..widgets.scrollbars import PanelScroll
from . import choices, keys
from .choices import Target, decision
from .dialogs import CSS, ChoiceDialog, UnderwingGameOver
from .keys import DIRECT_KEYS, KEYMAP, TAB_LABELS, Here
from .look import seat_tags
from .panels import WIDE, SidePanels
from .widgets import (
    MIN_CARD,
    Board,
    CardDetail,
    FieldRing,
    GroundsView,
    PlayerMats,
    SupplyLine,
    UnderwingPalette,
    UnderwingPicker,
)

#: The Players panel's share of the side panel's height when wide (as in
#: underwing.tcss, ``#mats-scroll { max-height: 62% }``).
MATS_SHARE = 0.62

#: Side panel widths: wide and at 80 columns.
SIDE_WIDE = 44
SIDE_NARROW = 30


class UnderwingScreen(SidePanels, inherit_bindings=False):
    """Underlings of Underwing at one table: keyboard first, the mouse too.
    Built on the screen kit: it declares its parts (the slots of
    ``BoardScreen``) and its keys as data (``keys.py``)."""

    CSS_PATH = [str(GAME_SCREEN_CSS), CSS]  # type: ignore[assignment]
    BINDINGS: ClassVar[list[BindingType]] = keys.BINDINGS
    KEYMAP = KEYMAP
    CHOICE_DIALOG = ChoiceDialog
    TITLES: ClassVar[dict[str, str]] = {
        "#mats-scroll": "Players",
        "#actions": "All actions (A)",
        "#log": "Log (L)",
    }

    def __init__(self, session: Session, settings: Settings | None = None) -> None:
        super().__init__(session, settings)
        self.target: Target = Target(slot=0)
        #: Which board part had the cursor last: the grounds or the Field.
        self.board_part = "grounds"
        #: The decision the cursor was last placed for (actions played, kind).
        self._placed_for: tuple[int, str] = (-1, "")
        #: The cursor was moved for this decision (and the player has not moved it).
        self._moved = False
        #: The seat that decided when the screen last moved on.
        self._decider: int | None = None
        self.tags = seat_tags(session.seats)
        #: The keys' context (see ``_keys``) and the position it is for.
        self._keys_for: tuple[object, ...] = ()
        self._keys_now: tuple[bool, Here] = (False, Here(self.state, (), self.target))

    # --------------------------------------------------------------- slots
    def top_parts(self) -> Iterable[Widget]:
        yield UnderwingPalette()

    def board_parts(self) -> Iterable[Widget]:
        yield GroundsView(id="grounds")
        yield CardDetail(id="detail")
        yield SupplyLine(id="supply")
        yield FieldRing(id="field")

    def side_parts(self) -> Iterable[Widget]:
        yield PanelScroll(PlayerMats(id="mats"), id="mats-scroll")

    def make_picker(self) -> ActionPicker:
        return UnderwingPicker(id="actions")

    def key_bar(self) -> KeyBar:
        return KeyBar()

    def on_mount(self) -> None:
        self._fit()
        # The kit's on_mount (the titles) and GameScreen's (which starts the
        # game) run after this one: Textual calls every class's handler.

    def on_resize(self) -> None:
        self._fit()

    def _fit(self) -> None:
        """Set the classes that depend on the terminal's width: compact mats
        at 80 columns, and the board alone when the grid and a side panel do
        not fit side by side."""
        width = self.size.width or self.app.size.width
        wide = width >= WIDE
        side = SIDE_WIDE if wide else SIDE_NARROW
        needed = self.state.cols * MIN_CARD + 1
        self.set_class(width - side < needed, "-crowded")
        self._sync_side_panel()
        crowded = self.has_class("-crowded")
        mats = self.one("PlayerMats", PlayerMats)
        mats.compact = not wide and not crowded
        # The Players panel's room: a share of the side panel when wide (the
        # action list and the log below it), the whole of it (less its rule)
        # at 80 columns.
        height = self.one("#side", Widget).size.height or self.size.height
        mats.room = max(4, int(height * MATS_SHARE) - 2 if wide else height - 1)
        self.call_after_refresh(self.one("GroundsView", GroundsView).refit)

    # ------------------------------------------------------------- queries
    @property
    def state(self) -> UnderwingState:
        return cast(UnderwingState, self.session.state)

    def board(self) -> Board:
        return Board.build(self.state, self.tags, self.session.to_act, self.live, self.legal())

    def here(self) -> Here:
        """What the key map reads."""
        return self._keys()[1]

    def _keys(self) -> tuple[bool, Here]:
        """Whether a person decides, and what the key map reads: asked once
        per binding each time the footer is drawn (some eighty bindings),
        so worked out once per position and cursor."""
        session = self.session
        key = (
            self.version,
            len(session.actions),
            id(session.state),
            self.handoff_pending,
            self.thinking,
            self.read_only,
            self.target,
        )
        if key != self._keys_for:
            self._keys_for = key
            self._keys_now = (self.live, Here(self.state, self.legal(), self.target))
        return self._keys_now

    # --------------------------------------------------------------- flow
    def advance(self) -> None:
        """The generic flow (results, bots, a person's choice), but the focus
        stays on the board rather than going to the action picker."""
        session = self.session
        seat = session.to_act
        if session.is_over or seat is None or session.bot_to_act or self.needs_handoff(seat):
            super().advance()
            return
        self.thinking = None
        self.viewer = seat
        changed = seat != self._decider
        self._decider = seat
        self.refresh_view()
        # A new player at the keyboard starts on the board: the action list
        # (or the log) that the last one opened closes.
        if changed or self.side_panel is None:
            self.focus_board()

    def refresh_view(self) -> None:
        super().refresh_view()
        state = self.state
        self.tags = seat_tags(self.session.seats)
        self._fit()
        # The grounds may have changed under the cursor (an egg taken and
        # replaced by one with fewer spaces, the grid grown): point at
        # something that exists, the grid's cursor with it.
        self.target = choices.clamp(state, self.target)
        self._place_cursor()
        board = self.board()
        grid = self.one("GroundsView", GroundsView)
        grid.show(board)
        if not self.target.on_field and grid.target != self.target:
            grid.point(self.target)
        self.one("FieldRing", FieldRing).show(board)
        self.one("SupplyLine", SupplyLine).show(board)
        self.one("PlayerMats", PlayerMats).show(board)
        self.call_after_refresh(self._show_decider)
        self._redraw_pointer(board)

    def title_line(self) -> str:
        return self.title_text(self.state)

    def title_text(self, state: UnderwingState) -> str:
        narrow = (self.size.width or 80) < 110
        title = "Underwing" if narrow else self.game.title
        if self.session.is_over:
            return f"{title} · finished after round {state.round} of {state.rounds}"
        final = " (the last)" if state.final_round else ""
        phase = PHASE_NAMES.get(state.phase, "")
        text = (
            f"{title} · Round {state.round} of {state.rounds}{final} · Phase {state.phase}: {phase}"
        )
        if state.solo:
            return f"{text} · solo"
        return f"{text} · Egg Token: {state.seats[state.first].name}"

    def _redraw_pointer(self, board: Board | None = None) -> None:
        """The cursor moved (or the game changed, or the focus): the detail
        and the hint, which always says what Enter does now."""
        board = board or self.board()
        self.one("CardDetail", CardDetail).show(board, self.target)
        self.draw_hint()

    def hint_text(self) -> str:
        """The hint line: what Enter does now and the keys that matter.  With
        the action list focused, Enter plays its highlighted action."""
        over = self.session.is_over
        if not (self.live or over):
            return ""
        legal = self.legal()
        picker = self.one("#actions", ActionPicker)
        if self._picker_focused() and self.live:
            index = picker.highlighted
            actions = picker.actions
            words = "Enter: " + (
                self.session.describe(actions[index])
                if index is not None and 0 <= index < len(actions)
                else "nothing (no action highlighted)"
            )
            return f"{words} · ↑ ↓: choose · 1-9: play that one · Esc: back to the board"
        if self._log_focused() and self.live:
            return "The log has the focus: ↑ ↓ scroll · Esc or Tab: back to the board, where Enter acts"
        tab = TAB_LABELS.get(self._next_part(), "")
        if decision(self.state) != "assign" and self._grid_focused():
            tab = ""
        hint = choices.hint(
            self.state, legal, self.target, tab=tab.lower() if tab else "", moved=self._moved
        )
        return hint

    def _place_cursor(self) -> None:
        """At each new decision, when the cursor points where Enter does
        nothing, move it to the first egg or space where it does (a wild
        dragon's scattered element, the eggs it may hatch ...)."""
        if not self.live:
            return
        state = self.state
        key = (len(self.session.actions), decision(state))
        if key == self._placed_for:
            return
        self._placed_for = key
        legal = self.legal()
        self._moved = False
        if choices.at(state, legal, self.target).actions:
            return
        if decision(state) in ("effect", "place", "assign"):
            found = choices.first_live(state, legal)
            if found is not None:
                self.target = found
                self.board_part = "grounds"
                self._moved = True
                self.one("GroundsView", GroundsView).point(found)

    # --------------------------------------------------------- the cursor
    @on(GroundsView.TargetChanged, "#grounds")
    def _grid_moved(self, message: GroundsView.TargetChanged) -> None:
        self._pointed(message.target)

    @on(FieldRing.CursorMoved, "#field")
    def _field_moved(self, message: FieldRing.CursorMoved) -> None:
        self._pointed(Target(field=FIELD[message.cursor]))

    def _pointed(self, target: Target) -> None:
        self.target = target
        self._moved = False
        self.board_part = "field" if target.on_field else "grounds"
        self._redraw_pointer()

    @on(OptionList.OptionHighlighted, "#actions")
    def _picker_moved(self, event: OptionList.OptionHighlighted) -> None:
        self._redraw_pointer()

    @on(GroundsView.TargetActivated, "#grounds")
    def _grid_activated(self, message: GroundsView.TargetActivated) -> None:
        self._activated(message.target)

    @on(FieldRing.Activated, "#field")
    def _field_activated(self, message: FieldRing.Activated) -> None:
        self._activated(Target(field=FIELD[message.cursor]))

    def _activated(self, target: Target) -> None:
        self.target = target
        if self.live:
            self.play_pick(choices.at(self.state, self.legal(), target))

    def on_descendant_focus(self, event: object) -> None:
        focused = self.focused
        if isinstance(focused, GroundsView | FieldRing):
            target = focused.target
            if target != self.target:
                self.target = target
                self._moved = False
                self.board_part = "field" if target.on_field else "grounds"
        # What Enter does changes with the focus (the board or the list).
        self._redraw_pointer()
        self.refresh_bindings()

    def on_descendant_blur(self, event: object) -> None:
        self.call_after_refresh(self._redraw_pointer)

    @on(PlayerMats.SeatPicked, "#mats")
    def _seat_picked(self, message: PlayerMats.SeatPicked) -> None:
        if self.live and any(a.kind == "choose_seat" for a in self.legal()):
            self.action_seat(message.seat)

    # ------------------------------------------------------------ playing
    def play_pick(self, pick: Pick) -> None:
        """Play the one action a key stands for, offer the few (the kit's
        dialog, in Underwing's look), or say why none."""
        super().play_pick(pick if pick.title else replace(pick, title="Choose"))

    def _chosen(self, action: Action | None) -> None:
        if action is not None and self.live:
            self.play(action)

    def waiting_words(self, seat: int) -> str:
        """A trade waits for ``seat``: to be put together, or answered."""
        trade = self.state.trade
        if trade is None:
            return ""
        names = self.session.seats
        if trade.sent and seat == trade.partner:
            offer = trade_words(trade)
            return f"to answer {names[trade.proposer].name}'s trade offer ({offer})"
        if not trade.sent and seat == trade.proposer:
            return f"to put a trade together with {names[trade.partner].name}"
        return ""

    def open_trade(self, pick: Pick) -> None:
        """T: who proposes (when several people may), then with whom."""
        if not pick.actions:
            self.play_pick(pick)
            return
        offers = [a for a in pick.actions if isinstance(a, OfferTrade)]
        proposers = list(dict.fromkeys(a.proposer for a in offers))
        if len(proposers) == 1:
            self._trade_partner(offers)
            return
        names = self.session.seats
        firsts = [next(a for a in offers if a.proposer == p) for p in proposers]
        options = [
            (a, f"{names[a.proposer].name} proposes" if a.proposer is not None else "")
            for a in firsts
        ]
        self.app.push_screen(
            ChoiceDialog("Who proposes a trade?", options),
            callback=lambda chosen: self._trade_proposer(offers, chosen),
        )

    def _trade_proposer(self, offers: list[OfferTrade], chosen: Action | None) -> None:
        if not isinstance(chosen, OfferTrade) or not self.live:
            return
        self._trade_partner([a for a in offers if a.proposer == chosen.proposer])

    def _trade_partner(self, offers: list[OfferTrade]) -> None:
        if len(offers) == 1:
            self.play(offers[0])
            return
        who = offers[0].proposer
        name = self.session.seats[who].name if who is not None else "You"
        options = [(a, f"with {self.session.seats[a.partner].name}") for a in offers]
        self.app.push_screen(
            ChoiceDialog(f"{name} proposes a trade: with whom?", options), callback=self._chosen
        )

    # ----------------------------------------------------- binding checks
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The direct keys are shown or hidden by the key map (``keys.py``);
        a hidden key falls through to ``explain``, which says why it does
        nothing.  Besides, what hangs on the focus: Enter, Tab, M."""
        if action in KEYMAP and action != "act":
            live, here = self._keys()
            return live and KEYMAP.check(here, action, parameters)
        if action == "explain":
            return self._keys()[0]
        if action == "act":
            # its own decision only; with the action list focused, Enter
            # plays its highlighted action; with the log focused, it does
            # nothing (the hint says so)
            live, here = self._keys()
            return (
                live
                and here.step == parameters[0]
                and not self._picker_focused()
                and not self._log_focused()
            )
        if action == "next_part":
            # Shown where the Field matters (Phase 2) and to come back from it
            # or from a list; elsewhere the last, unshown, binding does it.
            if not parameters[0]:
                return True
            live, here = self._keys()
            step = here.step if live else "over"
            return parameters[0] == self.in_binding_look("next_part", self._next_part) and (
                step == "assign" or not self._grid_focused()
            )
        if action == "mats":
            return self.has_class("-crowded")
        if action in ("table", "show_table"):
            return False
        return super().check_action(action, parameters)

    # -------------------------------------------------------- direct keys
    def action_act(self, step: str) -> None:
        self.take("act", step)

    def action_collect(self, guaranteed: bool) -> None:
        self.take("collect", guaranteed)

    def action_random_first(self) -> None:
        self.take("random_first")

    def action_no(self) -> None:
        self.take("no")

    def action_no_more(self) -> None:
        self.take("no_more")

    def action_decline(self) -> None:
        self.take("decline")

    def action_accept(self) -> None:
        self.take("accept")

    def action_element(self, element: str) -> None:
        self.take("element", element)

    def action_ask(self, element: str) -> None:
        self.take("ask", element)

    def action_seat(self, seat: int) -> None:
        self.take("seat", seat)

    def action_trade(self) -> None:
        self.open_trade(KEYMAP.pick(self.here(), "trade"))

    def action_call_off(self) -> None:
        self.take("call_off")

    def action_explain(self, key: str) -> None:
        """A direct key that does nothing now: say why (the key map's reason,
        or, for Enter in the log, where Enter acts)."""
        if key in ("enter", "space") and self._log_focused():
            reason = "The log has the focus: Esc or Tab goes back to the board, where Enter acts."
            self.notify(reason, title="Not possible", severity="warning")
            return
        super().action_explain(key)

    def action_results(self) -> None:
        if not self.session.is_over:
            return
        self.app.push_screen(
            UnderwingGameOver(self.game.title, self.session.outcome(), self.state),
            callback=self._after_results,
        )

    # ----------------------------------------------------------- the help
    def help_screen(self, query: str = "") -> HelpScreen:
        keys = screen_keys(self) + DIRECT_KEYS + PICKER_KEYS
        return HelpScreen(self.game, keys, query=query)

    def game_commands(self) -> list[GameCommand]:
        commands = super().game_commands()
        commands.insert(
            4, GameCommand("All actions", "Every legal action as a list", self.action_picker)
        )
        for seat in range(self.state.n):
            name = self.session.seats[seat].name
            commands.append(
                GameCommand(
                    f"Show {name}'s mat",
                    "Scroll the players panel to this player",
                    partial(self._show_mat, seat),
                )
            )
        return commands
