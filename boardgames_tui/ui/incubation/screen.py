"""Incubation's game screen: the Market ring, the dice, the egg decks, every
player's incubators and the objectives, with a direct key for every decision.

It subclasses the generic :class:`GameScreen`, so undo, save, help, the log,
bots, the command palette and the game-over screen work as everywhere.  Direct
keys never build a move themselves: ``choices.py`` maps each key to the legal
action it stands for, or to the engine's reason why there is none.  The action
picker stays as a fallback (always shown when wide, behind A at 80 columns).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar, cast

from textual import on
from textual.binding import BindingType
from textual.widget import Widget

from boardgames_tui.engine.session import Session
from boardgames_tui.games.incubation.cards import SECTIONS
from boardgames_tui.games.incubation.model import IncubationState
from boardgames_tui.games.incubation.rules import free_dice

from ..kit.layout import BoardScreen
from ..screens.game import GAME_SCREEN_CSS, PICKER_KEYS
from ..screens.help import HelpScreen, screen_keys
from ..settings import Settings
from ..widgets import ActionPicker, GameLog
from ..widgets.scrollbars import PanelScroll
from . import choices, keys
from .choices import Selection, decision
from .keys import DIRECT_KEYS, KEYMAP, Here
from .widgets import (
    Board,
    DecksPanel,
    DicePanel,
    FallbackPicker,
    IncubationPanel,
    KeyBar,
    MarketRing,
    ObjectivesPanel,
    PlayersPanel,
)


class IncubationScreen(BoardScreen, inherit_bindings=False):
    """Incubation at the table: keyboard first, the mouse too.  Built on the
    screen kit: it declares its panels (the slots of ``BoardScreen``) and its
    keys as data (``keys.py``)."""

    CSS_PATH = [str(GAME_SCREEN_CSS), "incubation.tcss"]  # type: ignore[assignment]
    #: Under 37 rows the panels lose their frames and some words.
    VERTICAL_BREAKPOINTS = [(0, "-short"), (37, "-tall")]
    BINDINGS: ClassVar[list[BindingType]] = keys.BINDINGS
    KEYMAP = KEYMAP
    ROW_ID = "board"
    BOARD_ID = "left"
    SIDE_ID = "right"
    TITLES: ClassVar[dict[str, str]] = {
        "#market": "Market",
        "#dice": "Dice",
        "#decks": "Egg decks",
        ".objectives": "Objectives on offer",
        "#players": "Players",
        "#actions": "All actions (A)",
        "#log": "Log (L)",
    }
    #: The picker takes the focus only when asked for (A), so the digits and
    #: Enter stay direct keys.
    PICKER_FOCUS = False

    def __init__(self, session: Session, settings: Settings | None = None) -> None:
        super().__init__(session, settings)
        self.selection = Selection()
        #: (actions played, decision) the selection was made for.
        self._selection_for: tuple[int, str] = (-1, "")
        #: The spinner and move count last drawn, to animate a turn.
        self._drawn: tuple[int, int] | None = None
        self._panels: tuple[IncubationPanel, ...] = ()

    # --------------------------------------------------------------- slots
    def board_parts(self) -> Iterable[Widget]:
        yield MarketRing(id="market")
        yield DicePanel(id="dice")
        yield DecksPanel(id="decks")
        yield ObjectivesPanel(id="objectives-wide", classes="objectives")

    def side_parts(self) -> Iterable[Widget]:
        yield PanelScroll(
            PlayersPanel(id="players"),
            ObjectivesPanel(id="objectives-narrow", classes="objectives"),
            id="table-scroll",
        )

    def make_picker(self) -> ActionPicker:
        return FallbackPicker(id="actions")

    def key_bar(self) -> KeyBar:
        return KeyBar()

    @property
    def compact(self) -> bool:
        """Fewer words and frames: 80 columns, or fewer than 37 rows."""
        return self.has_class("-narrow") or self.has_class("-short")

    def on_resize(self) -> None:
        # This handler runs before Screen's own, which sets the breakpoint
        # classes for the new size: read them once it has.
        self.call_next(self._sync_compact)

    def _sync_compact(self) -> None:
        for panel in self.panels:
            panel.compact = self.compact

    # ------------------------------------------------------------- queries
    @property
    def panels(self) -> tuple[IncubationPanel, ...]:
        """The board's panels (composed once: looked up once, not on every
        move)."""
        if not self._panels:  # none before the screen is composed
            self._panels = tuple(self.query(IncubationPanel))
        return self._panels

    @property
    def state(self) -> IncubationState:
        return cast(IncubationState, self.session.state)

    def board(self) -> Board:
        return Board(
            state=self.state,
            to_act=self.session.to_act,
            live=self.live,
            legal=self.legal() if self.live else (),
            selection=self.selection,
        )

    def here(self) -> Here:
        """What the key map reads (worked out once per look at the bindings)."""
        return self.in_binding_look("here", lambda: Here(self.state, self.legal(), self.selection))

    # --------------------------------------------------------------- flow
    def advance(self) -> None:
        super().advance()
        if not self.has_class("-show-picker") and not self.session.is_over:
            self.focus_now(self.one("#market", MarketRing))

    @property
    def picker_hidden(self) -> bool:
        return self.has_class("-narrow") and not self.has_class("-show-picker")

    def refresh_picker(self) -> None:
        """The picker is filled when it can be seen (it is costly to fill)."""
        if not self.picker_hidden:
            super().refresh_picker()

    def refresh_view(self) -> None:
        super().refresh_view()
        state = self.state
        self._sync_selection()
        board = self.board()
        for panel in self.panels:
            panel.compact = self.compact
            panel.show(board)
        self.draw_hint()
        moves = len(self.session.actions)
        ring = self.one("#market", MarketRing)
        if self._drawn is not None:
            spinner, before = self._drawn
            turned = state.spinner == (spinner + 1) % SECTIONS and moves > before
            if turned and self.app.animation_level != "none":
                ring.spin(spinner)
        self._drawn = (state.spinner, moves)

    def _sync_selection(self) -> None:
        """A new decision starts with nothing marked, the first free die
        chosen and the ring's cursor on a sensible section."""
        state = self.state
        key = (len(self.session.actions), decision(state))
        if key == self._selection_for:
            return
        self._selection_for = key
        self.selection = Selection(
            die=choices.current_die(state, None), cursor=self._default_section(state)
        )
        self.one("#market", MarketRing).place_cursor(self.selection.cursor)

    @staticmethod
    def _default_section(state: IncubationState) -> int:
        if decision(state) == "double_chest":
            # The richest treasure first: it is what most players want.
            totals = [t.silver + t.water + t.fire for t in state.market]
            return totals.index(max(totals))
        return state.spinner

    def _redraw_board(self) -> None:
        """Only the selection changed: redraw the panels and the hint."""
        board = self.board()
        for panel in self.panels:
            panel.show(board)
        self.draw_hint()

    # ----------------------------------------------------- binding checks
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The direct keys are shown, dimmed or hidden by the key map
        (``keys.py``, through the kit); a dimmed or hidden key falls
        through to ``explain``, which says why."""
        if action == "table":
            return False
        if action == "dragons":
            # Four or five players at 80 columns show dragon counts; V shows them all.
            return self.compact and len(self.session.seats) >= 4
        return super().check_action(action, parameters)

    # ------------------------------------------------------- direct keys
    def action_roll(self) -> None:
        self.take("roll")

    def action_confirm_reroll(self) -> None:
        self.take("confirm_reroll")

    def action_mark(self, die: int) -> None:
        if decision(self.state) != "reroll" or not self.live:
            return
        self.selection.marked ^= {die}
        self._redraw_board()

    def action_use_die(self) -> None:
        self.take("use_die")

    def action_other_die(self) -> None:
        self.selection.die = choices.other_die(self.state, self.selection.die)
        self._redraw_board()

    def action_deck(self, deck: int) -> None:
        self.take("deck", deck)

    def action_incubator(self, slot: int) -> None:
        self.take("incubator", slot)

    def action_ring(self, delta: int) -> None:
        self.one("#market", MarketRing).move_cursor(delta)

    @on(MarketRing.CursorMoved, "#market")
    def _ring_moved(self, message: MarketRing.CursorMoved) -> None:
        self.selection.cursor = message.cursor
        self._redraw_board()

    def action_section(self, section: int) -> None:
        self.selection.cursor = section
        self.one("#market", MarketRing).place_cursor(section)
        self.take("section", section)

    def action_take_section(self) -> None:
        self.take("take_section")

    def action_claim(self, index: int) -> None:
        self.take("claim", index)

    def action_decline(self) -> None:
        self.take("decline")

    # ------------------------------------------------------------- clicks
    @on(IncubationPanel.Picked, "#market")
    def _section_clicked(self, message: IncubationPanel.Picked) -> None:
        if self.live:
            self.action_section(message.number)

    @on(IncubationPanel.Picked, "#dice")
    def _die_clicked(self, message: IncubationPanel.Picked) -> None:
        if not self.live:
            return
        step = decision(self.state)
        if step == "reroll":
            self.action_mark(message.number)
        elif step == "dice" and message.number in free_dice(self.state):
            self.selection.die = message.number
            self._redraw_board()

    @on(IncubationPanel.Picked, "#decks")
    def _deck_clicked(self, message: IncubationPanel.Picked) -> None:
        if self.live:
            self.action_deck(message.number)

    @on(IncubationPanel.Picked, "#players")
    def _incubator_clicked(self, message: IncubationPanel.Picked) -> None:
        if self.live and message.seat == self.session.to_act:
            self.action_incubator(message.number)

    @on(IncubationPanel.Picked, ".objectives")
    def _objective_clicked(self, message: IncubationPanel.Picked) -> None:
        if self.live:
            self.action_claim(message.number)

    # ------------------------------------------------------------- panels
    def show_side(self, picker: bool = False, log: bool = False) -> None:
        """Show the picker or the log in place of the table when narrow
        (classes on the screen).  Only the three parts those classes style
        are styled again (incubation.tcss): restyling the whole screen for
        them cost the next move its panels' colours, worked out afresh."""
        if self.has_class("-show-picker") == picker and self.has_class("-show-log") == log:
            return
        self.set_class(picker, "-show-picker", update=False)
        self.set_class(log, "-show-log", update=False)
        if not self.has_class("-narrow"):
            # The classes style nothing at this width (incubation.tcss), and
            # the screen is styled afresh when its width class changes.
            return
        for selector in ("#actions", "#log", "#table-scroll"):
            self.query_one(selector).update_node_styles()

    def focus_board(self) -> None:
        self.show_side()
        self.query_one(PlayersPanel).full = False
        self.picker.can_focus = False
        self.query_one(MarketRing).focus()

    def action_picker(self) -> None:
        """The list of every legal action: shown when wide, behind A when not."""
        picker = self.query_one("#actions", ActionPicker)
        if picker.has_focus:
            self.focus_board()
            return
        self.show_side(picker=True)
        self.refresh_picker()
        picker.can_focus = True
        picker.focus()

    def action_dragons(self) -> None:
        """Every player's dragons, when four or five players share 80 columns."""
        players = self.query_one(PlayersPanel)
        players.full = not players.full
        players.refresh(layout=True)
        if players.full:
            self.show_side()
            self.query_one("#table-scroll").focus()
        else:
            self.focus_board()

    def action_log(self) -> None:
        log = self.query_one("#log", GameLog)
        if log.has_focus:
            self.focus_board()
            return
        self.show_side(log=True)
        self.picker.can_focus = False
        log.focus()

    def action_show_log(self) -> None:
        self.show_side(log=True)
        self.query_one("#log", GameLog).focus()

    def action_back(self) -> None:
        """Escape: back to the board from the picker or the log, else to the menu."""
        ring = self.query_one(MarketRing)
        if self.focused is not None and self.focused is not ring:
            self.focus_board()
            return
        if self.has_class("-show-picker") or self.has_class("-show-log"):
            self.focus_board()
            return
        self.action_menu()

    def help_screen(self, query: str = "") -> HelpScreen:
        keys = screen_keys(self) + DIRECT_KEYS + PICKER_KEYS
        return HelpScreen(self.game, keys, query=query)
