"""Incubation's game screen: the Market ring, the dice, the egg decks, every
player's incubators and the objectives, with a direct key for every decision.

A game screen of the kit: its parts, its keys (``keys.py``: each key of play
a ``take('kind')`` of the key map, which ``choices.py`` turns into the
engine's legal action or the reason there is none) and what a key reads;
the selection (the marked dice, the die chosen, the ring's cursor) is its
own.  The action list is the fallback (shown when wide, behind A at 80
columns).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar, cast

from textual import on
from textual.widget import Widget

from boardgames_tui.engine.game import Action
from boardgames_tui.engine.session import Session
from boardgames_tui.games.incubation.cards import SECTIONS
from boardgames_tui.games.incubation.model import IncubationState
from boardgames_tui.games.incubation.queries import free_dice

from ..kit.choice import Ask
from ..screens.game import GAME_SCREEN_CSS, GameScreen
from ..settings import Settings
from ..widgets.scrollbars import PanelScroll
from . import choices, keys
from .choices import Selection, decision
from .keys import KEYMAP, Here
from .look import SECTION_KEYS
from .market import MarketRing
from .panel import Board, IncubationPanel
from .widgets import DecksPanel, DicePanel, ObjectivesPanel, PlayersPanel


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
    ROW_ID, BOARD_ID, SIDE_ID = "board", "left", "right"
    TITLES: ClassVar[dict[str, str]] = {
        "#market": "Market",
        "#dice": "Dice",
        "#decks": "Egg decks",
        ".objectives": "Objectives on offer",
        "#players": "Players",
    }
    #: The list takes the focus only when asked for (A), so the digits and
    #: Enter stay direct keys; opened, it stays open after a move.
    PICKER_FOCUS = False
    PANELS_AFTER_MOVE = "keep"

    def __init__(self, session: Session, settings: Settings | None = None) -> None:
        super().__init__(session, settings)
        self.selection = Selection()
        #: The spinner and move count last drawn, to animate a turn.
        self._drawn: tuple[int, int] | None = None
        self._panels: tuple[IncubationPanel, ...] = ()

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

    # ------------------------------------------------------------- queries
    @property
    def state(self) -> IncubationState:
        return cast(IncubationState, self.session.state)

    @property
    def ring(self) -> MarketRing:
        return self.one("#market", MarketRing)

    @property
    def compact(self) -> bool:
        """Fewer words and frames: 80 columns, or fewer than 37 rows."""
        return self.has_class("-narrow") or self.has_class("-short")

    def here(self) -> Here:
        return Here(self.state, self.legal(), self.selection)

    def left_undone(self, action: Action) -> Ask | None:
        return choices.left_undone(self.legal(), action)

    def focus_board(self) -> None:
        self.one("#players", PlayersPanel).full = False
        self.focus_now(self.ring)

    # --------------------------------------------------------------- drawing
    def new_decision(self) -> None:
        """A new decision starts with nothing marked, the first free die
        chosen, and the ring's cursor on the spinner (on a double chest, on
        the richest treasure: what most players want)."""
        state = self.state
        cursor = state.spinner
        if decision(state) == "double_chest":
            totals = [t.silver + t.water + t.fire for t in state.market]
            cursor = totals.index(max(totals))
        self.selection = Selection(die=choices.current_die(state, None), cursor=cursor)
        self.ring.place_cursor(cursor)

    def draw_board(self) -> None:
        """The panels (each only when what it shows changed), and the
        ring's turn animated when the spinner moved on."""
        board = Board(self.state, self.session.to_act, self.live, self.legal(), self.selection)
        if not self._panels:  # composed once: looked up once
            self._panels = tuple(self.query(IncubationPanel))
        compact = self.compact
        for panel in self._panels:
            if panel.compact != compact:
                panel.compact = compact
            panel.show(board)
        spinner, moves = self.state.spinner, len(self.session.actions)
        last, self._drawn = self._drawn, (spinner, moves)
        animate = self.app.animation_level != "none"
        if animate and last and spinner == (last[0] + 1) % SECTIONS and moves > last[1]:
            self.ring.spin(last[0])

    # ------------------------------------------------------------- keys
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "dragons":
            # Four or five players at 80 columns show dragon counts; V shows them all.
            return self.compact and len(self.session.seats) >= 4
        return super().check_action(action, parameters)

    def action_mark(self, die: int) -> None:
        if decision(self.state) == "reroll" and self.live:
            self.selection.marked ^= {die}
            self.redraw()

    def action_other_die(self) -> None:
        self.selection.die = choices.other_die(self.state, self.selection.die)
        self.redraw()

    def action_ring(self, delta: int) -> None:
        self.ring.move_cursor(delta)

    @on(MarketRing.CursorMoved, "#market")
    def _ring_moved(self, message: MarketRing.CursorMoved) -> None:
        self.selection.cursor = message.cursor
        self.redraw()

    def action_section(self, section: int) -> None:
        self.selection.cursor = section
        self.ring.place_cursor(section)
        self.take("section", section)

    def action_dragons(self) -> None:
        """Every player's dragons, when four or five players share 80 columns."""
        players = self.one("#players", PlayersPanel)
        players.full = not players.full
        players.refresh(layout=True)
        self.panels.show("players") if players.full else self.panels.close()

    @on(IncubationPanel.Picked)
    def _clicked(self, message: IncubationPanel.Picked) -> None:
        """A click on a section, a die, a deck, an incubator or an objective."""
        where, number, step = message.control.id or "", message.number, decision(self.state)
        if not self.live:
            return
        if where == "market":
            self.action_section(number)
        elif where == "decks":
            self.take("deck", number)
        elif where == "players" and message.seat == self.session.to_act:
            self.take("incubator", number)
        elif where.startswith("objectives"):
            self.take("claim", number)
        elif where == "dice" and step == "reroll":
            self.action_mark(number)
        elif where == "dice" and step == "dice" and number in free_dice(self.state):
            self.selection.die = number
            self.redraw()
