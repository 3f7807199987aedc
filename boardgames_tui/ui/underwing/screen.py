"""Underlings of Underwing's game screen for pass-and-play.

The hatching grounds (one Line API widget with its own cursor), the card at
the cursor in words, the bag and the draw pile, the Field as a clockwise
ring, every player's mat, the action picker and the log.  A player points
at an egg, an element space or a Field space and presses Enter, or presses a
direct key (an element's letter, C, D, N, T, Y, X, a player's number); the
screen turns that into the engine's own legal actions through
:mod:`.choices` and plays it, offers just the matching few when there are
several, or says why there is none.  Undo, save, help, the log, bots and the
game-over screen come from the generic :class:`GameScreen`.
"""

from __future__ import annotations

from functools import partial
from typing import ClassVar, cast

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widget import Widget
from textual.widgets import OptionList, Static

from boardgames_tui.engine.game import Action
from boardgames_tui.engine.session import Session
from boardgames_tui.games.underwing.actions import OfferTrade
from boardgames_tui.games.underwing.colours import ELEMENTS, LETTER, Element
from boardgames_tui.games.underwing.game import PHASE_NAMES
from boardgames_tui.games.underwing.model import UnderwingState

from ..commands import GameCommand
from ..screens.game import BOT_KEYS, GAME_SCREEN_CSS, PICKER_KEYS, GameScreen
from ..screens.help import HelpScreen, screen_keys
from ..settings import Settings
from ..widgets import ActionPicker, GameLog
from ..widgets.keybar import KeyBar
from ..widgets.scrollbars import PanelScroll
from ..widgets.text_line import update_text
from . import choices
from .choices import Pick, Target, decision
from .dialogs import CSS, ChoiceDialog, UnderwingGameOver
from .look import ELEMENT_KEYS, seat_tags
from .messages import SeatPicked, TargetActivated, TargetChanged
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

_ELEMENT = Binding.Group("Element", compact=True)
_SEAT = Binding.Group("Player", compact=True)

#: The Players panel's share of the side panel's height when wide (as in
#: underwing.tcss, ``#mats-scroll { max-height: 62% }``).
MATS_SHARE = 0.62

#: From this width the side panel shows the players, the actions and the log at once.
WIDE = 110

#: Side panel widths: wide and at 80 columns.
SIDE_WIDE = 44
SIDE_NARROW = 30

#: Direct keys the footer does not spell out, for the help screen.
DIRECT_KEYS = [
    ("↑ ↓ ← →", "Move the cursor over the eggs, their element spaces, or the Field"),
    ("Tab", "From the hatching grounds to the Field, then the action list and the log"),
    ("Enter / Space", "Act on what the cursor points at (claim, assign, recall, place, choose)"),
    (
        "R O Y G B P K W",
        "Place that element on the space at the cursor (where it combines with "
        "more, the next letters join it and Enter places them as one placement); "
        "take that crystal; choose that element; give it in a trade (K is black)",
    ),
    ("Shift+R … Shift+W", "Ask for that element in a trade"),
    ("C / D", "Phase 1: take the guaranteed element / draw a random one instead"),
    ("F", "Phase 1: draw your random elements first, then decide on the Field's"),
    ("N", "Pass (phase 2); take no more (an effect); decline a trade"),
    ("Y", "Accept a trade"),
    (
        "T",
        "Open a trade: who proposes, then with whom (any player, any time the "
        "game waits for a person); X calls it off, Enter sends it",
    ),
    ("1 … 6", "Choose that player (whom to steal from)"),
    ("A / L / M", "The list of every legal action / the log / the players (small terminals)"),
    ("G", "The results, when the game is over"),
    ("Esc", "Back to the board from a list; from the board, the main menu"),
    ("Mouse", "Click an egg, a space or a Field space to point at it; click again to act"),
]


#: The panels A, M and L open over the side (or the board, when crowded).
SIDE_PANELS = ("picker", "log", "mats")

#: Where Tab goes next -> the footer's word for it.
TAB_LABELS = {"field": "Field", "actions": "Actions", "log": "Log", "grounds": "Eggs"}


def _element_bindings() -> list[Binding]:
    found: list[Binding] = []
    for element in ELEMENTS:
        key = ELEMENT_KEYS[element]
        # The hint line spells these out; the footer has no room for them at 80.
        found.append(
            Binding(key, f"element('{element}')", LETTER[element], group=_ELEMENT, show=False)
        )
    return found


def _ask_bindings() -> list[Binding]:
    return [
        Binding(f"{LETTER[e]},shift+{ELEMENT_KEYS[e]}", f"ask('{e}')", f"Ask {e}", show=False)
        for e in ELEMENTS
    ]


class UnderwingScreen(GameScreen, inherit_bindings=False):
    """Underlings of Underwing at one table: keyboard first, the mouse too."""

    CSS_PATH = [str(GAME_SCREEN_CSS), CSS]  # type: ignore[assignment]
    BINDINGS: ClassVar[list[BindingType]] = [
        # Enter in Phase 1 is C (the hint says so): the footer has no room
        # for both at 80 columns.
        Binding("enter,space", "act('collect')", "Collect", show=False),
        Binding("enter,space", "act('assign')", "Assign"),
        Binding("enter,space", "act('place')", "Place"),
        Binding("enter,space", "act('group')", "Place group"),
        Binding("enter,space", "act('effect')", "Choose"),
        Binding("enter", "act('trade')", "Send offer"),
        Binding("c", "collect(True)", "Take"),
        Binding("d", "collect(False)", "Random"),
        Binding("f", "random_first", "Randoms"),
        Binding("n", "no", "Pass"),
        Binding("n", "no_more", "No more"),
        Binding("n", "decline", "Decline"),
        *(Binding(str(n), f"seat({n - 1})", str(n), group=_SEAT) for n in range(1, 7)),
        Binding("x,escape", "call_off", "Call off"),
        Binding("t", "trade", "Trade"),
        Binding("a", "picker", "List"),
        Binding("l", "log", "Log"),
        Binding("m", "mats", "Players"),
        Binding("f1", "help", "Help"),
        Binding("ctrl+z", "undo", "Undo"),
        Binding("ctrl+s", "save", "Save"),
        *_element_bindings(),
        Binding("y", "accept", "Accept"),
        *_ask_bindings(),
        Binding("g", "results", "Results"),
        *BOT_KEYS,
        Binding("escape", "back", "Menu", show=False),
        # Tab goes round the parts: the grounds, the Field, the action list
        # and the log (those shown); the footer says where it goes next.
        *(Binding("tab", f"next_part('{part}')", label) for part, label in TAB_LABELS.items()),
        Binding("tab", "next_part('')", "Next part", show=False),
        # What every screen has (bindings are not inherited, to order these).
        Binding("shift+tab", "app.focus_previous", "Focus previous", show=False),
        Binding("ctrl+c,super+c", "screen.copy_text", "Copy selected text", show=False),
        # Last for each key: when no binding above applies, say why.
        *(
            Binding(key, f"explain('{key}')", "", show=False)
            for key in (
                "enter",
                "space",
                "c",
                "d",
                "f",
                "n",
                "t",
                "x",
                *ELEMENT_KEYS.values(),
                *(str(n) for n in range(1, 7)),
            )
        ),
    ]

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
        self._side_panel: str | None = None
        #: The keys' context (see ``_keys_context``) and the position it is for.
        self._keys_for: tuple[object, ...] = ()
        self._keys_now: tuple[bool, str, frozenset[str]] = (False, "over", frozenset())

    # -------------------------------------------------------------- layout
    def compose(self) -> ComposeResult:
        yield UnderwingPalette()
        yield Static(id="game-title", markup=False)
        yield Static(id="prompt", markup=False)
        yield Static(id="hint", markup=False)
        with Horizontal(id="play"):
            with Vertical(id="board"):
                yield GroundsView(id="grounds")
                yield CardDetail(id="detail")
                yield SupplyLine(id="supply")
                yield FieldRing(id="field")
            with Vertical(id="side"):
                with PanelScroll(id="mats-scroll"):
                    yield PlayerMats(id="mats")
                yield UnderwingPicker(id="actions")
                yield GameLog(id="log")
        yield KeyBar()

    def on_mount(self) -> None:
        titles = {
            "#mats-scroll": "Players",
            "#actions": "All actions (A)",
            "#log": "Log (L)",
        }
        for selector, title in titles.items():
            for widget in self.query(selector):
                widget.border_title = title
        self._fit()
        # GameScreen's own on_mount runs after this one (Textual calls the
        # handler of every class in the MRO) and starts the game.

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
        update_text(self.one("#hint", Static), self.hint_text())

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

    @property
    def side_panel(self) -> str | None:
        """The panel opened with A, L or M: "picker", "log", "mats", or
        None.  At 80 columns it takes the side's place (or, when crowded,
        the board's)."""
        return self._side_panel

    def show_side_panel(self, name: str | None) -> None:
        self._side_panel = name
        self._sync_side_panel()

    def _sync_side_panel(self) -> None:
        """The panel's class on ``#play`` (not on the screen, so that only
        the board and the side are restyled), set only where the stylesheet
        uses it: when wide every panel is on screen, and restyling for
        nothing would cost a move a frame."""
        width = self.size.width or self.app.size.width
        name = self._side_panel if width < WIDE or self.has_class("-crowded") else None
        play = self.one("#play", Widget)
        wanted = {f"-show-{name}"} if name else set()
        current = {f"-show-{other}" for other in SIDE_PANELS if play.has_class(f"-show-{other}")}
        if wanted == current:
            return
        play.remove_class(*current, update=False)
        play.add_class(*wanted, update=False)
        play.update_node_styles()

    def focus_board(self) -> None:
        self.show_side_panel(None)
        part: GroundsView | FieldRing = (
            self.one("FieldRing", FieldRing)
            if self.board_part == "field"
            else self.one("GroundsView", GroundsView)
        )
        if self.focused is part:
            return
        # The focus moves now, not after the app's next message: the cursor,
        # the hint and the footer are drawn for it in the same frame as the
        # move (the focus events that follow find nothing left to change).
        self.focus_now(part)
        part.redraw()
        self._redraw_pointer()

    # --------------------------------------------------------- the cursor
    @on(TargetChanged)
    def _target_changed(self, message: TargetChanged) -> None:
        self.target = message.target
        self._moved = False
        self.board_part = "field" if message.target.on_field else "grounds"
        self._redraw_pointer()

    @on(OptionList.OptionHighlighted, "#actions")
    def _picker_moved(self, event: OptionList.OptionHighlighted) -> None:
        self._redraw_pointer()

    @on(TargetActivated)
    def _target_activated(self, message: TargetActivated) -> None:
        self.target = message.target
        if self.live:
            self.resolve(choices.at(self.state, self.legal(), message.target))

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

    @on(SeatPicked)
    def _seat_picked(self, message: SeatPicked) -> None:
        if self.live and any(a.kind == "choose_seat" for a in self.legal()):
            self.action_seat(message.seat)

    # ------------------------------------------------------------ playing
    def resolve(self, pick: Pick) -> None:
        """Play the one action a key stands for, offer the few, or say why none."""
        if not pick.actions:
            self.notify(pick.reason, title="Not possible", severity="warning")
            return
        if len(pick.actions) == 1:
            self.play(pick.actions[0])
            return
        options = [(a, self.session.describe(a)) for a in pick.actions]
        title = pick.title or "Choose"
        self.app.push_screen(ChoiceDialog(title, options), callback=self._chosen)

    def _chosen(self, action: Action | None) -> None:
        if action is not None and self.live:
            self.play(action)

    def open_trade(self, pick: Pick) -> None:
        """T: who proposes (when several people may), then with whom."""
        if not pick.actions:
            self.resolve(pick)
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
        """A direct key is shown when it means something in this decision and
        hidden otherwise; a hidden key falls through to ``explain``, which
        says why it does nothing."""
        live, step, kinds = self._keys_context()
        if action == "act":
            # with the action list focused, Enter plays its highlighted action;
            # with the log focused, it does nothing (the hint says so)
            return step == parameters[0] and not self._picker_focused() and not self._log_focused()
        if action == "next_part":
            # Shown where the Field matters (Phase 2) and to come back from it
            # or from a list; elsewhere the last, unshown, binding does it.
            if not parameters[0]:
                return True
            return parameters[0] == self.in_binding_look("next_part", self._next_part) and (
                step == "assign" or not self._grid_focused()
            )
        if action == "collect":
            return step == "collect"
        if action == "random_first":
            return "random_first" in kinds
        if action == "no":
            return "pass" in kinds
        if action == "no_more":
            return "stop" in kinds
        if action == "decline":
            return step == "answer"
        if action == "accept":
            return step == "answer"
        if action == "element":
            return (
                step in ("trade", "group")
                or "choose_element" in kinds
                or "place" in kinds
                or "start_group" in kinds
                or "choose_crystal" in kinds
            )
        if action == "ask":
            return step == "trade"
        if action == "seat":
            return "choose_seat" in kinds
        if action == "call_off":
            return step == "trade"
        if action == "trade":
            return "offer_trade" in kinds
        if action == "explain":
            return live
        if action == "mats":
            return self.has_class("-crowded")
        if action in ("table", "show_table"):
            return False
        return super().check_action(action, parameters)

    def _keys_context(self) -> tuple[bool, str, frozenset[str]]:
        """What the keys depend on in this position: whether a person
        decides, the decision, and the kinds of legal action.  Asked once
        per binding each time the footer is drawn (some eighty bindings),
        so worked out once per position."""
        session = self.session
        key = (
            self.version,
            len(session.actions),
            id(session.state),
            self.handoff_pending,
            self.thinking,
            self.read_only,
        )
        if key != self._keys_for:
            live = self.live
            step = decision(self.state) if live else "over"
            kinds = frozenset(a.kind for a in self.legal())
            self._keys_for = key
            self._keys_now = (live, step, kinds)
        return self._keys_now

    # -------------------------------------------------------- direct keys
    def action_act(self, step: str) -> None:
        state = self.state
        legal = self.legal()
        if step == "trade":
            self.resolve(choices.send(legal))
        elif step == "collect":
            self.resolve(choices.collect(legal, guaranteed=True))
        elif any(a.kind in ("choose_element", "choose_seat") for a in legal):
            self.resolve(choices.choices(state, legal))
        else:
            self.resolve(choices.at(state, legal, self.target))

    def action_collect(self, guaranteed: bool) -> None:
        self.resolve(choices.collect(self.legal(), guaranteed))

    def action_random_first(self) -> None:
        self.resolve(choices.random_first(self.state, self.legal()))

    def action_no(self) -> None:
        self.resolve(choices.pass_or_stop(self.state, self.legal()))

    def action_no_more(self) -> None:
        self.action_no()

    def action_decline(self) -> None:
        self.action_no()

    def action_accept(self) -> None:
        self.resolve(choices.accept(self.state, self.legal()))

    def action_element(self, element: Element) -> None:
        legal = self.legal()
        self.resolve(choices.with_element(self.state, legal, self.target, element))

    def action_ask(self, element: Element) -> None:
        legal = self.legal()
        self.resolve(choices.with_element(self.state, legal, self.target, element, ask=True))

    def action_seat(self, seat: int) -> None:
        self.resolve(choices.seat(self.state, self.legal(), seat))

    def action_trade(self) -> None:
        self.open_trade(choices.trade(self.state, self.legal()))

    def action_call_off(self) -> None:
        self.resolve(choices.cancel(self.legal()))

    def action_explain(self, key: str) -> None:
        """A direct key that does nothing now: say why."""
        state = self.state
        legal = self.legal()
        label = {"enter": "Enter", "space": "Space"}.get(key, key.upper())
        reason = ""
        if key in ("enter", "space") and self._log_focused():
            reason = "The log has the focus: Esc or Tab goes back to the board, where Enter acts."
        elif key in ("enter", "space"):
            step = decision(state)
            if step == "answer":
                reason = "Y accepts the trade, N declines it."
            else:
                reason = choices.at(state, legal, self.target).reason
        elif key in ("c", "d"):
            reason = f"{label} collects in Phase 1 only, for a handler on the Field."
        elif key == "f":
            reason = choices.random_first(state, legal).reason
        elif key == "n":
            reason = choices.pass_or_stop(state, legal).reason
        elif key == "t":
            reason = choices.trade(state, legal).reason
        elif key == "x":
            reason = "X calls off a trade being put together; there is none."
        elif key.isdigit():
            reason = choices.seat(state, legal, int(key) - 1).reason
        if not reason:
            hint = choices.hint(state, legal, self.target)
            reason = f"{label} does nothing now." + (f" Keys: {hint}." if hint else "")
        self.notify(reason, title="Not possible", severity="warning")

    # ------------------------------------------------------------- panels
    def _log_focused(self) -> bool:
        focused = self.focused
        return focused is not None and focused.id == "log"

    def _grid_focused(self) -> bool:
        return isinstance(self.focused, GroundsView)

    def _picker_focused(self) -> bool:
        focused = self.focused
        return focused is not None and focused.id == "actions"

    def _parts(self) -> list[Widget]:
        """The parts Tab goes round, in order: those on screen now."""
        parts: list[Widget] = [
            self.one("GroundsView", GroundsView),
            self.one("FieldRing", FieldRing),
            self.one("#actions", ActionPicker),
            self.one("#log", GameLog),
        ]
        return [w for w in parts if w.display and w.visible and w.region.area > 0]

    def _next_part(self) -> str:
        """Where Tab goes from the focused part ("field", "actions", "log",
        "grounds")."""
        names = {"grounds": "grounds", "field": "field", "actions": "actions", "log": "log"}
        parts = self._parts()
        focused = self.focused
        if not parts:
            return "grounds"
        ids = [names.get(w.id or "", "grounds") for w in parts]
        if focused in parts:
            return ids[(parts.index(focused) + 1) % len(parts)]
        return "grounds"

    def action_next_part(self, part: str) -> None:
        part = part or self._next_part()
        if part == "grounds":
            self.board_part = "grounds"
            self.focus_board()
        elif part == "field":
            self.board_part = "field"
            self.focus_board()
        elif part == "actions":
            self.one("#actions", ActionPicker).focus()
        else:
            self.one("#log", GameLog).focus()

    def _show_decider(self) -> None:
        """Keep the deciding player's mat in view in the Players panel."""
        seat = self.session.to_act
        mats = self.one("PlayerMats", PlayerMats)
        starts = mats.starts
        if seat is None or seat >= len(starts):
            return
        scroll = self.one("#mats-scroll", VerticalScroll)
        end = starts[seat + 1] - 1 if seat + 1 < len(starts) else mats.size.height
        top, height = scroll.scroll_offset.y, scroll.scrollable_content_region.height
        if starts[seat] < top or end > top + height:
            scroll.scroll_to(y=starts[seat], animate=False, immediate=True)

    def _show_side(self, name: str, widget: Widget) -> None:
        if widget.has_focus:
            self.focus_board()
            return
        self.show_side_panel(name)
        widget.focus()

    def action_picker(self) -> None:
        """The list of every legal action: shown when wide, behind A when not."""
        self._show_side("picker", self.one("#actions", ActionPicker))

    def action_log(self) -> None:
        self._show_side("log", self.one("#log", GameLog))

    def action_show_log(self) -> None:
        self.show_side_panel("log")
        self.one("#log", GameLog).focus()

    def action_mats(self) -> None:
        scroll = self.one("#mats-scroll", VerticalScroll)
        if self.side_panel == "mats":
            self.focus_board()
            return
        self.show_side_panel("mats")
        scroll.focus()
        self.call_after_refresh(self._show_decider)

    def action_back(self) -> None:
        """Escape: back to the board from a list, else to the menu."""
        focused = self.focused
        if isinstance(focused, ActionPicker | GameLog | VerticalScroll) or self.side_panel:
            self.focus_board()
            return
        self.action_menu()

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

    def _show_mat(self, seat: int) -> None:
        mats = self.one("PlayerMats", PlayerMats)
        if self.has_class("-crowded"):
            self.show_side_panel("mats")
        elif self.has_class("-narrow"):
            self.show_side_panel(None)
        starts = mats.starts
        if seat < len(starts):
            self.one("#mats-scroll", VerticalScroll).scroll_to(y=starts[seat], animate=False)
