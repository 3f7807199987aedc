"""Incubation's game screen: the Market ring, the dice, the egg decks, every
player's incubators and the objectives, with a direct key for every decision.

It subclasses the generic :class:`GameScreen`, so undo, save, help, the log,
bots, the command palette and the game-over screen work as everywhere.  Direct
keys never build a move themselves: ``choices.py`` maps each key to the legal
action it stands for, or to the engine's reason why there is none.  The action
picker stays as a fallback (always shown when wide, behind A at 80 columns).
"""

from __future__ import annotations

from typing import ClassVar, cast

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from boardgames_tui.engine.session import Session
from boardgames_tui.games.incubation.cards import COLOURS, SECTIONS
from boardgames_tui.games.incubation.model import IncubationState
from boardgames_tui.games.incubation.rules import free_dice, paired

from ..screens.game import BOT_KEYS, GAME_SCREEN_CSS, PICKER_KEYS, GameScreen
from ..screens.help import HelpScreen, screen_keys
from ..settings import Settings
from ..widgets import ActionPicker, GameLog
from ..widgets.scrollbars import PanelScroll
from ..widgets.text_line import update_text
from . import choices
from .choices import Pick, Selection, decision
from .look import SECTION_KEYS
from .messages import DeckPicked, DiePicked, IncubatorPicked, ObjectivePicked, SectionPicked
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

_DECK = Binding.Group("Egg from deck", compact=True)
_MARK = Binding.Group("Mark die to reroll", compact=True)
_INCUBATOR = Binding.Group("Token on incubator", compact=True)
_CLAIM = Binding.Group("Claim objective", compact=True)
_SECTION = Binding.Group("Section", compact=True)
_DIE = Binding.Group("Other die", compact=True)
_RING = Binding.Group("Around the ring", compact=True)

#: The decisions in which each direct key's action means something.
KEY_STEPS: dict[str, tuple[str, ...]] = {
    "roll": ("roll",),
    "confirm_reroll": ("reroll",),
    "mark": ("reroll",),
    "use_die": ("dice",),
    "other_die": ("dice",),
    "deck": ("starting_egg", "dice"),
    "incubator": ("place",),
    "take_section": ("double_chest", "excess"),
    "ring": ("double_chest", "excess"),
    "section": ("double_chest", "excess"),
    "claim": ("objective",),
    "decline": ("objective",),
}

#: Direct keys the footer does not spell out, for the help screen.
DIRECT_KEYS = [
    ("Enter", "Roll; keep or reroll the marked dice; use the chosen die; take the section"),
    ("R", "Roll the dice (when choosing a section: red)"),
    ("1 2", "Mark a die to reroll; put the token in hand on that incubator"),
    ("1 2 3", "Take the top egg of that deck (with the chosen die)"),
    ("← →", "Choose the other die; move around the ring"),
    ("R O Y G B P K W", "Choose that section of the Market (K is black)"),
    ("1 … 5", "Claim that objective"),
    ("N", "Claim no objective this turn"),
    ("A", "Every legal action as a list (the picker)"),
    ("V", "Every player's dragons (four or five players at 80 columns)"),
]


class IncubationScreen(GameScreen, inherit_bindings=False):
    """Incubation at the table: keyboard first, the mouse too."""

    CSS_PATH = [str(GAME_SCREEN_CSS), "incubation.tcss"]  # type: ignore[assignment]
    #: Under 37 rows the panels lose their frames and some words.
    VERTICAL_BREAKPOINTS = [(0, "-short"), (37, "-tall")]
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "roll", "Roll"),
        Binding("enter", "confirm_reroll", "Confirm dice"),
        Binding("enter", "use_die", "Use die"),
        Binding("u", "use_die", "Use die", show=False),
        Binding("enter", "take_section", "Take section"),
        *(
            Binding(str(n), f"deck({n - 1})", f"Egg from deck {n}", group=_DECK)
            for n in range(1, 4)
        ),
        *(Binding(str(n), f"mark({n - 1})", f"Mark die {n}", group=_MARK) for n in (1, 2)),
        *(
            Binding(str(n), f"incubator({n - 1})", f"Incubator {n}", group=_INCUBATOR)
            for n in (1, 2)
        ),
        *(
            Binding(str(n), f"claim({n - 1})", f"Claim objective {n}", group=_CLAIM)
            for n in range(1, 6)
        ),
        Binding("n", "decline", "No claim"),
        Binding("left", "other_die", "Other die", group=_DIE),
        Binding("right", "other_die", "Other die", group=_DIE),
        Binding("left", "ring(-1)", "Anticlockwise", group=_RING),
        Binding("right", "ring(1)", "Clockwise", group=_RING),
        *(
            Binding(key, f"section({i})", COLOURS[i], group=_SECTION)
            for i, key in enumerate(SECTION_KEYS)
        ),
        Binding("r", "roll", "Roll", show=False),
        Binding("g", "results", "Results"),
        *BOT_KEYS,
        Binding("a", "picker", "Actions"),
        Binding("v", "dragons", "Dragons"),
        Binding("l", "log", "Log"),
        Binding("ctrl+z", "undo", "Undo"),
        Binding("ctrl+s", "save", "Save"),
        Binding("f1", "help", "Help"),
        Binding("escape", "back", "Menu"),
        # What every screen has (bindings are not inherited, to order these).
        Binding("tab", "app.focus_next", "Focus next", show=False),
        Binding("shift+tab", "app.focus_previous", "Focus previous", show=False),
        Binding("ctrl+c,super+c", "screen.copy_text", "Copy selected text", show=False),
        # Last for each key: when no binding above applies, say why.
        *(
            Binding(key, f"explain('{key}')", "", show=False)
            for key in ("enter", "u", "n", "1", "2", "3", "4", "5", *SECTION_KEYS)
        ),
    ]

    def __init__(self, session: Session, settings: Settings | None = None) -> None:
        super().__init__(session, settings)
        self.selection = Selection()
        #: (actions played, decision) the selection was made for.
        self._selection_for: tuple[int, str] = (-1, "")
        #: The spinner and move count last drawn, to animate a turn.
        self._drawn: tuple[int, int] | None = None
        self._panels: tuple[IncubationPanel, ...] = ()

    # -------------------------------------------------------------- layout
    def compose(self) -> ComposeResult:
        yield Static(id="game-title", markup=False)
        yield Static(id="prompt", markup=False)
        yield Static(id="hint", markup=False)
        with Horizontal(id="board"):
            with Vertical(id="left"):
                yield MarketRing(id="market")
                yield DicePanel(id="dice")
                yield DecksPanel(id="decks")
                yield ObjectivesPanel(id="objectives-wide", classes="objectives")
            with Vertical(id="right"):
                with PanelScroll(id="table-scroll"):
                    yield PlayersPanel(id="players")
                    yield ObjectivesPanel(id="objectives-narrow", classes="objectives")
                yield FallbackPicker(id="actions")
                yield GameLog(id="log")
        yield KeyBar()

    def on_mount(self) -> None:
        titles = {
            "#market": "Market",
            "#dice": "Dice",
            "#decks": "Egg decks",
            ".objectives": "Objectives on offer",
            "#players": "Players",
            "#actions": "All actions (A)",
            "#log": "Log (L)",
        }
        for selector, title in titles.items():
            for widget in self.query(selector):
                widget.border_title = title
        # The picker takes the focus only when asked for (A), so the digits
        # and Enter stay direct keys.
        self.picker.can_focus = False
        # GameScreen's own on_mount runs after this one (Textual calls the
        # handler of every class in the MRO) and starts the game.

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

    # --------------------------------------------------------------- flow
    def advance(self) -> None:
        super().advance()
        if not self.has_class("-show-picker") and not self.session.is_over:
            self.focus_now(self.query_one(MarketRing))

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
        hint = self.query_one("#hint", Static)
        update_text(hint, choices.hint(state, self.selection, self.legal()) if self.live else "")
        moves = len(self.session.actions)
        ring = self.query_one(MarketRing)
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
        update_text(
            self.query_one("#hint", Static),
            choices.hint(self.state, self.selection, self.legal()) if self.live else "",
        )

    def _play(self, pick: Pick) -> None:
        if pick.action is None:
            self.notify(pick.reason, title="Not possible", severity="warning")
            return
        self.play(pick.action)

    # ----------------------------------------------------- binding checks
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """A direct key is shown when it means something in this decision,
        dimmed when it would mean something but nothing fits (an empty deck,
        an unfulfilled objective), hidden otherwise.  A dimmed or hidden key
        falls through to ``explain``, which says why."""
        if action in KEY_STEPS:
            if not self.live:
                return False
            state = self.state
            if decision(state) not in KEY_STEPS[action]:
                return False
            if action in ("deck", "incubator", "claim"):
                return self._fits(action, int(cast(int, parameters[0]))) or None
            if action == "other_die":
                return len(free_dice(state)) == 2 and not paired(state)
            return True
        if action == "explain":
            return self.live
        if action == "table":
            return False
        if action == "dragons":
            # Four or five players at 80 columns show dragon counts; V shows them all.
            return self.compact and len(self.session.seats) >= 4
        return super().check_action(action, parameters)

    def _fits(self, action: str, number: int) -> bool:
        """Whether the key numbered ``number`` (from 0) makes a legal move."""
        state = self.state
        legal = self.legal()
        if action == "deck":
            return choices.pick_deck(state, legal, number, self.selection.die).action is not None
        if action == "incubator":
            return choices.pick_incubator(state, legal, number).action is not None
        return choices.pick_objective(state, legal, number).action is not None

    # ------------------------------------------------------- direct keys
    def action_roll(self) -> None:
        self._play(choices.pick_roll(self.state, self.legal()))

    def action_confirm_reroll(self) -> None:
        marked = set(self.selection.marked)
        self._play(choices.pick_reroll(self.state, self.legal(), marked))

    def action_mark(self, die: int) -> None:
        if decision(self.state) != "reroll" or not self.live:
            return
        self.selection.marked ^= {die}
        self._redraw_board()

    def action_use_die(self) -> None:
        self._play(choices.pick_use(self.state, self.legal(), self.selection.die))

    def action_other_die(self) -> None:
        self.selection.die = choices.other_die(self.state, self.selection.die)
        self._redraw_board()

    def action_deck(self, deck: int) -> None:
        legal = self.legal()
        self._play(choices.pick_deck(self.state, legal, deck, self.selection.die))

    def action_incubator(self, slot: int) -> None:
        self._play(choices.pick_incubator(self.state, self.legal(), slot))

    def action_ring(self, delta: int) -> None:
        self.selection.cursor = (self.selection.cursor + delta) % SECTIONS
        self._redraw_board()

    def action_section(self, section: int) -> None:
        self.selection.cursor = section
        self._play(choices.pick_section(self.state, self.legal(), section))

    def action_take_section(self) -> None:
        section = self.selection.cursor
        self._play(choices.pick_section(self.state, self.legal(), section))

    def action_claim(self, index: int) -> None:
        self._play(choices.pick_objective(self.state, self.legal(), index))

    def action_decline(self) -> None:
        self._play(choices.pick_decline(self.state, self.legal()))

    def action_explain(self, key: str) -> None:
        """A direct key that does nothing now: say why."""
        self.notify(
            choices.explain_key(self.state, self.legal(), key, self.selection),
            title="Not possible",
            severity="warning",
        )

    # ------------------------------------------------------------- clicks
    @on(SectionPicked)
    def _section_clicked(self, message: SectionPicked) -> None:
        if self.live:
            self.action_section(message.section)

    @on(DiePicked)
    def _die_clicked(self, message: DiePicked) -> None:
        if not self.live:
            return
        step = decision(self.state)
        if step == "reroll":
            self.action_mark(message.die)
        elif step == "dice" and message.die in free_dice(self.state):
            self.selection.die = message.die
            self._redraw_board()

    @on(DeckPicked)
    def _deck_clicked(self, message: DeckPicked) -> None:
        if self.live:
            self.action_deck(message.deck)

    @on(IncubatorPicked)
    def _incubator_clicked(self, message: IncubatorPicked) -> None:
        if self.live and message.seat == self.session.to_act:
            self.action_incubator(message.slot)

    @on(ObjectivePicked)
    def _objective_clicked(self, message: ObjectivePicked) -> None:
        if self.live:
            self.action_claim(message.index)

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
