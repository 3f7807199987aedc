"""Incubation's game screen: the Market ring, the dice, the egg decks, every
player's incubators and the objectives, with a direct key for every decision.

A game screen of the kit (``GameScreen``): it declares its parts, its keys
(``keys.py``: each key of play a ``take('kind')`` of the key map, which
``choices.py`` turns into the engine's legal action or the reason there is
none) and what a key reads (:meth:`IncubationScreen.here`); the selection
(the marked dice, the die chosen, the ring's cursor) is its own.  The
action list is the fallback (always shown when wide, behind A at 80
columns).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar, cast

from textual import on
from textual.widget import Widget

from boardgames_tui.engine.session import Session
from boardgames_tui.games.incubation.cards import SECTIONS
from boardgames_tui.games.incubation.model import IncubationState
from boardgames_tui.games.incubation.rules import free_dice

from ..screens.game import GAME_SCREEN_CSS, GameScreen
from ..settings import Settings
from ..widgets.action_picker import ActionPicker
from ..widgets.scrollbars import PanelScroll
from . import choices, keys
from .choices import Selection, decision
from .keys import KEYMAP, Here
from .look import SECTION_KEYS
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


class IncubationScreen(GameScreen):
    """Incubation at the table: keyboard first, the mouse too."""

    CSS_PATH = [str(GAME_SCREEN_CSS), "incubation.tcss"]  # type: ignore[assignment]
    #: Under 37 rows the panels lose their frames and some words.
    VERTICAL_BREAKPOINTS = [(0, "-short"), (37, "-tall")]
    KEYS = keys.KEYS
    EXPLAINED = SECTION_KEYS
    KEYMAP = KEYMAP
    HELP_KEYS = keys.HELP_KEYS
    PANELS: ClassVar[dict[str, str]] = {"players": "#table-scroll"}
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
    PANELS_AFTER_MOVE = "keep"

    def __init__(self, session: Session, settings: Settings | None = None) -> None:
        super().__init__(session, settings)
        self.selection = Selection()
        #: (actions played, decision) the selection was made for.
        self._selection_for: tuple[int, str] = (-1, "")
        #: The spinner and move count last drawn, to animate a turn.
        self._drawn: tuple[int, int] | None = None
        self._panels: tuple[IncubationPanel, ...] = ()

    # --------------------------------------------------------------- parts
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
        # Screen's own handler sets the breakpoint classes after this one.
        self.call_next(self._sync_compact)

    def _sync_compact(self) -> None:
        for panel in self.panels_drawn:
            panel.compact = self.compact

    @property
    def panels_drawn(self) -> tuple[IncubationPanel, ...]:
        """The board's panels (composed once: looked up once, not every move)."""
        if not self._panels:
            self._panels = tuple(self.query(IncubationPanel))
        return self._panels

    # ------------------------------------------------------------- queries
    @property
    def state(self) -> IncubationState:
        return cast(IncubationState, self.session.state)

    @property
    def ring(self) -> MarketRing:
        return self.one("#market", MarketRing)

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

    def focus_board(self) -> None:
        self.one("#players", PlayersPanel).full = False
        self.focus_now(self.ring)

    # --------------------------------------------------------------- drawing
    def refresh_view(self) -> None:
        super().refresh_view()
        state = self.state
        self._sync_selection()
        self._redraw_board()
        moves = len(self.session.actions)
        if self._drawn is not None:
            spinner, before = self._drawn
            turned = state.spinner == (spinner + 1) % SECTIONS and moves > before
            if turned and self.app.animation_level != "none":
                self.ring.spin(spinner)
        self._drawn = (state.spinner, moves)

    def _sync_selection(self) -> None:
        """A new decision starts with nothing marked, the first free die
        chosen and the ring's cursor on a sensible section."""
        state = self.state
        key = (len(self.session.actions), decision(state))
        if key == self._selection_for:
            return
        self._selection_for = key
        cursor = state.spinner
        if decision(state) == "double_chest":
            # The richest treasure first: it is what most players want.
            totals = [t.silver + t.water + t.fire for t in state.market]
            cursor = totals.index(max(totals))
        self.selection = Selection(die=choices.current_die(state, None), cursor=cursor)
        self.ring.place_cursor(cursor)

    def _redraw_board(self) -> None:
        board = self.board()
        compact = self.compact
        for panel in self.panels_drawn:
            panel.compact = compact
            panel.show(board)
        self.draw_hint()

    # --------------------------------------------------------------- keys
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "dragons":
            # Four or five players at 80 columns show dragon counts; V shows them all.
            return self.compact and len(self.session.seats) >= 4
        return super().check_action(action, parameters)

    def action_mark(self, die: int) -> None:
        if decision(self.state) == "reroll" and self.live:
            self.selection.marked ^= {die}
            self._redraw_board()

    def action_other_die(self) -> None:
        self.selection.die = choices.other_die(self.state, self.selection.die)
        self._redraw_board()

    def action_ring(self, delta: int) -> None:
        self.ring.move_cursor(delta)

    @on(MarketRing.CursorMoved, "#market")
    def _ring_moved(self, message: MarketRing.CursorMoved) -> None:
        self.selection.cursor = message.cursor
        self._redraw_board()

    def action_section(self, section: int) -> None:
        self.selection.cursor = section
        self.ring.place_cursor(section)
        self.take("section", section)

    def action_dragons(self) -> None:
        """Every player's dragons, when four or five players share 80 columns."""
        players = self.one("#players", PlayersPanel)
        players.full = not players.full
        players.refresh(layout=True)
        if players.full:
            self.panels.show("players")
        else:
            self.panels.close()

    # ------------------------------------------------------------- clicks
    @on(IncubationPanel.Picked)
    def _clicked(self, message: IncubationPanel.Picked) -> None:
        if not self.live:
            return
        where, number = message.control.id or "", message.number
        if where == "market":
            self.action_section(number)
        elif where == "decks":
            self.take("deck", number)
        elif where == "players" and message.seat == self.session.to_act:
            self.take("incubator", number)
        elif where.startswith("objectives"):
            self.take("claim", number)
        elif where == "dice":
            step = decision(self.state)
            if step == "reroll":
                self.action_mark(number)
            elif step == "dice" and number in free_dice(self.state):
                self.selection.die = number
                self._redraw_board()
