"""Tyrants of the Underdark's game screen for pass-and-play.

The Underdark as one map widget with its own cursor, the cards (a card's
choices, the hand of the person at the terminal, the cards played this
turn, the market and the always-available piles), what the cursor points at
in words, every house, the action picker (behind A) and the log.  A player
points at a space or a card and presses Enter, or presses a direct key (D
deploy, X remove a troop, M move, S spy, E end the turn, N stop, a digit for
a card of the hand or a numbered choice); :mod:`.choices` turns that into the
engine's own legal actions, offers the few when there are several, or says
why there is none.

Hot-seat privacy: everything is drawn from the game's ``view`` for the
person at the terminal (other hands are not in it), and while the hand-off
screen is up nobody's hand is drawn at all.  Undo, save, help, bots, the
hand-off and the game-over screen come from the generic :class:`GameScreen`.
"""

from __future__ import annotations

from typing import Any, ClassVar, cast

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widget import Widget
from textual.widgets import OptionList, Static

from boardgames_tui.engine.game import Action
from boardgames_tui.engine.session import Session
from boardgames_tui.games.tyrants.model import TyrantsState

from ..screens.dialogs import ConfirmDialog
from ..screens.game import BOT_KEYS, GAME_SCREEN_CSS, PICKER_KEYS, GameScreen
from ..screens.help import HelpScreen, screen_keys
from ..settings import Settings
from ..widgets import ActionPicker, GameLog
from ..widgets.keybar import KeyBar
from . import choices
from .choices import CHOICE_KINDS, SPACE_KINDS, Pick, Pointer
from .dialogs import (
    CSS,
    CardDialog,
    ChoiceDialog,
    OwnCardsDialog,
    TextDialog,
    overview_text,
    own_cards_text,
    score_text,
)
from .look import seat_tags
from .messages import PointerActivated, PointerMoved
from .widgets import CardsPanel, DetailView, HousesPanel, MapView, Table, board_spaces

#: Direct keys the footer does not spell out, for the help screen.
DIRECT_KEYS = [
    (
        "↑ ↓ ← →",
        "Move the cursor: to the nearest site or route space that way on the map; up and down the cards",
    ),
    ("Tab", "From the map to the cards and back"),
    (
        "Enter / Space",
        "Act on what the cursor points at (several ways: a short list to choose from)",
    ),
    ("1 … 9", "Play that card of your hand; or take that numbered choice of a card"),
    (
        "D",
        "Deploy a troop at the cursor (setup: place your first troop; a move: put the troop there)",
    ),
    ("X", "Assassinate, supplant or return a troop at the cursor"),
    ("M", "Pick up an enemy troop at the cursor to move it"),
    ("S", "Place a spy, or return a spy, at the cursor"),
    ("E", "End your turn (asks first if cards, or power or influence you could spend, are left)"),
    ("N", 'Stop: decline a cost, or take no more of an "up to" effect'),
    ("C", "The whole text of the card at the cursor"),
    ("A / L / H", "The list of every legal action / the log / the houses (80 columns)"),
    ("V", "The score as it stands: each house's VP if the game ended now, part by part"),
    ("O", "The overview: where each house has troops and spies, and who controls each site"),
    ("Y", "Your own cards by zone: hand, played, deck, discard pile and inner circle"),
    ("G", "The results, when the game is over"),
    ("Esc", "Close the list, log or panel that is open; with none, ask to leave for the menu"),
    ("Mouse", "Click a space or a card to point at it; click again to act"),
]

_SPACE = Binding.Group("At the cursor", compact=True)

#: The turn's actions paid for with power, and with influence.
POWER_KINDS = frozenset({"deploy", "assassinate", "return_spy"})
INFLUENCE_KINDS = frozenset({"recruit"})


def plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def left_unused(state: TyrantsState, legal: list[Action]) -> str:
    """What ending the turn now would leave unused, in words ("3 cards
    unplayed and 2 influence unspent"), or "" when nothing: the cards in
    hand, and power or influence that an action offered now could spend."""
    player = state.players[state.current]
    kinds = {action.kind for action in legal}
    parts = []
    if player.hand:
        parts.append(f"{plural(len(player.hand), 'card')} unplayed")
    unspent = []
    if player.power and kinds & POWER_KINDS:
        unspent.append(f"{player.power} power")
    if player.influence and kinds & INFLUENCE_KINDS:
        unspent.append(f"{player.influence} influence")
    if unspent:
        parts.append(" and ".join(unspent) + " unspent")
    return " and ".join(parts)


def map_signature(state: TyrantsState) -> dict[str, str]:
    """Each space's public contents (troops, spies, its control marker)."""
    return {
        space: repr((state.troops.get(space), state.spies.get(space), state.markers.get(space)))
        for space in board_spaces(state)
    }


class TyrantsScreen(GameScreen, inherit_bindings=False):
    """Tyrants of the Underdark at one table: keyboard first, the mouse too."""

    CSS_PATH = [str(GAME_SCREEN_CSS), CSS]  # type: ignore[assignment]
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "act", "Act"),
        Binding("space", "act", "Act", show=False),
        Binding("d", "direct('d')", "Deploy", group=_SPACE),
        Binding("x", "direct('x')", "Remove", group=_SPACE),
        Binding("m", "direct('m')", "Move", group=_SPACE),
        Binding("s", "direct('s')", "Spy", group=_SPACE),
        Binding("e", "direct('e')", "End turn"),
        Binding("n", "direct('n')", "Stop"),
        *(Binding(str(n), f"number({n - 1})", str(n), show=False) for n in range(1, 10)),
        Binding("c", "card", "Card"),
        Binding("tab", "switch", "Map/cards"),
        Binding("a", "picker", "List"),
        Binding("h", "houses", "Houses"),
        Binding("l", "log", "Log"),
        Binding("f1", "help", "Help"),
        Binding("ctrl+z", "undo", "Undo"),
        Binding("ctrl+s", "save", "Save"),
        Binding("g", "results", "Results"),
        *BOT_KEYS,
        # After the keys of play: shown when the footer has room.
        Binding("v", "score", "Score"),
        Binding("o", "overview", "Overview", show=False),
        Binding("y", "own_cards", "My cards", show=False),
        Binding("escape", "back", "Menu"),
        Binding("shift+tab", "switch", "Map/cards", show=False),
        Binding("ctrl+c,super+c", "screen.copy_text", "Copy selected text", show=False),
        # Last for each key: when no binding above applies, say why.
        *(
            Binding(key, f"explain('{key}')", "", show=False)
            for key in ("enter", "space", "d", "x", "m", "s", "e", "n", "c", *"123456789")
        ),
    ]

    def __init__(self, session: Session, settings: Settings | None = None) -> None:
        super().__init__(session, settings)
        self.tags = seat_tags(session.seats)
        #: Which part had the cursor last: the map or the cards.
        self.part_name = "map"
        #: The decision the cursor was last placed for (actions played, seat).
        self._placed_for: tuple[int, int | None] = (-1, None)
        #: What was last drawn (the cursor's moves redraw from it).
        self._table: Table | None = None
        #: The player whose turn the cursor was last placed for.
        self._decider: int | None = None

    # -------------------------------------------------------------- layout
    def compose(self) -> ComposeResult:
        yield Static(id="game-title", markup=False)
        yield Static(id="prompt", markup=False)
        yield Static(id="hint", markup=False)
        with Horizontal(id="play"):
            with Vertical(id="left"):
                yield MapView(id="map")
                yield DetailView(id="detail")
            with Vertical(id="side"):
                yield CardsPanel(id="cards")
                yield HousesPanel(id="houses")
                yield ActionPicker(id="actions")
                yield GameLog(id="log")
        yield KeyBar()

    def on_mount(self) -> None:
        titles = {
            "#cards": "Cards (Tab)",
            "#detail": "Map (Tab) · O: overview",
            "#houses": "Houses (H)",
            "#actions": "All actions (A)",
            "#log": "Log (L)",
        }
        for selector, title in titles.items():
            for widget in self.query(selector):
                widget.border_title = title
        self.picker.can_focus = False
        # (Textual runs GameScreen.on_mount after this one by itself: calling
        # it here too would start the game twice, two hand-offs deep.)

    # ------------------------------------------------------------- queries
    @property
    def state(self) -> TyrantsState:
        return cast(TyrantsState, self.session.state)

    def table(self) -> Table:
        """What the person at the terminal may see: the game's own ``view``
        for them (every other hand taken out), the whole state once over."""
        watching = self.watching()
        session = self.session
        shown = session.state if session.is_over else session.view(watching)
        legal = self.legal()
        seen = cast(TyrantsState, shown)
        return Table(
            state=seen,
            tags=self.tags,
            seat=None if session.is_over else watching,
            live=self.live,
            legal=legal,
            live_spaces=choices.live_spaces(legal),
            live_cards=choices.live_cards(self.state, legal),
            changed=self.changed_marks,
        )

    @property
    def map(self) -> MapView:
        return self.query_one(MapView)

    @property
    def cards(self) -> CardsPanel:
        return self.query_one(CardsPanel)

    def pointer(self) -> Pointer | None:
        """What the cursor points at: in the part with the focus, else the
        part that had it last."""
        if isinstance(self.focused, CardsPanel) or (
            not isinstance(self.focused, MapView) and self.part_name == "cards"
        ):
            return self.cards.pointer
        return self.map.pointer

    # --------------------------------------------------------------- flow
    def advance(self) -> None:
        """The generic flow, but the focus goes to the map or the cards
        rather than to the action picker."""
        self._close_private()
        session = self.session
        seat = session.to_act
        if session.is_over or seat is None or session.bot_to_act or self.needs_handoff(seat):
            super().advance()
            return
        self.thinking = None
        self.viewer = seat
        self.refresh_view()
        self.focus_part()

    def _handed_off(self, _: None = None) -> None:
        self.handoff_pending = False
        self.viewer = self.session.to_act
        self.refresh_view()
        self.focus_part()

    @property
    def picker_hidden(self) -> bool:
        return not self.has_class("-show-picker")

    def refresh_picker(self) -> None:
        """The picker is filled when it can be seen (it is costly to fill)."""
        if not self.picker_hidden:
            super().refresh_picker()

    def _close_private(self) -> None:
        """One's own cards are closed before the table can pass to anyone
        else (a hand-off goes on top of what is open)."""
        top = self.app.screen
        if isinstance(top, OwnCardsDialog) and top.seat != self.watching():
            top.dismiss(None)

    def place_signature(self) -> dict[Any, str]:
        return map_signature(self.state)

    def refresh_view(self) -> None:
        self._close_private()
        super().refresh_view()
        self.tags = seat_tags(self.session.seats)
        table = self._table = self.table()
        self._place_cursor(table)
        self.map.show(table)
        self.cards.show(table)
        self.query_one(HousesPanel).show(table)
        self._redraw_pointer(table)

    def _place_cursor(self, table: Table) -> None:
        """A new decision: the cursor goes where it is answered, on the map
        or among the cards, when it is not there already."""
        key = (len(self.session.actions), self.session.to_act)
        if key == self._placed_for or not table.live:
            return
        self._placed_for = key
        kinds = {a.kind for a in table.legal}
        main = self.state.phase == "main" and not self.state.jobs
        if main:
            # A new turn: the map's cursor goes where this player can deploy
            # (or to one of their troops) unless it is there already.
            if self.session.to_act != self._decider:
                self._decider = self.session.to_act
                self._map_to(table, table.live_spaces or self._own_spaces(table))
            return
        if kinds & set(SPACE_KINDS):
            self.part_name = "map"
            self._map_to(table, table.live_spaces)
        elif kinds & (set(CHOICE_KINDS) | set(choices.CARD_KINDS)):
            self.part_name = "cards"
            self.call_after_refresh(self.cards.first_live)
            self.call_after_refresh(self._redraw_pointer)

    def _map_to(self, table: Table, spaces: set[str]) -> None:
        """Put the map's cursor on the first of ``spaces`` (in the board's
        order) unless it is on one of them already."""
        if not spaces or self.map.space in spaces:
            return
        # The board's order from the table: the map may not have drawn it
        # yet (one person against bots: no hand-off drew it first).
        self.map.space = next(s for s in board_spaces(table.state) if s in spaces)
        self.call_after_refresh(self.map.scroll_to_cursor)

    @staticmethod
    def _own_spaces(table: Table) -> set[str]:
        seat = table.seat
        return {s for s, occ in table.state.troops.items() if seat is not None and seat in occ}

    def _redraw_pointer(self, table: Table | None = None) -> None:
        """The cursor moved (or the game changed): the detail and the hint."""
        table = table or self._table or self.table()
        pointer = self.pointer()
        detail = self.query_one(DetailView)
        detail.show(table, None if self.handoff_pending else pointer)
        self.query_one("#hint", Static).update(self.hint_text(pointer), layout=False)

    def hint_text(self, pointer: Pointer | None) -> str:
        if self.session.is_over:
            return "G: the results · L: the log · Esc: the menu"
        if not self.live:
            return ""
        if self._picker_focused():
            return "Enter: take the highlighted action · ↑ ↓: choose · Esc: back to the map"
        if self._log_focused():
            return "The log has the focus: ↑ ↓ scroll · Esc: back to the map"
        cards = self.part_name == "cards"
        where = "Cards" if cards else "Map"
        text = f"{where} ▸ " + choices.hint(self.state, self.legal(), pointer, cards=cards)
        hint = self.query_one("#hint", Static)
        room = hint.content_region.width * (2 if self.has_class("-narrow") else 1)
        if room and len(text) > room:
            # C is in the footer too: the hint's keys of play come first.
            text = text.removesuffix(" · C: card text")
        return text

    # ------------------------------------------------------------ pointing
    @on(PointerMoved)
    def _pointer_moved(self, message: PointerMoved) -> None:
        self.part_name = "map" if message.pointer.zone == "space" else "cards"
        self._redraw_pointer()

    @on(PointerActivated)
    def _pointer_activated(self, message: PointerActivated) -> None:
        if self.live:
            self.resolve(choices.at(self.state, self.legal(), message.pointer))

    @on(OptionList.OptionHighlighted, "#actions")
    def _picker_moved(self, event: OptionList.OptionHighlighted) -> None:
        self._redraw_pointer()

    def on_descendant_focus(self, event: object) -> None:
        if isinstance(self.focused, MapView):
            self.part_name = "map"
        elif isinstance(self.focused, CardsPanel):
            self.part_name = "cards"
        self._mark_focus()
        self._redraw_pointer()
        self.refresh_bindings()

    def _mark_focus(self) -> None:
        """Which part has the focus shows: its title is marked and bright,
        the other's dimmed (the keys of the hint act there)."""
        map_focused = isinstance(self.focused, MapView)
        cards_focused = isinstance(self.focused, CardsPanel)
        for widget, title, focused in (
            (self.query_one(DetailView), "Map (Tab)", map_focused),
            (self.cards, "Cards (Tab)", cards_focused),
        ):
            part = title.split(" ")[0]
            widget.border_title = f"▶ {part} (has the focus)" if focused else title
            if part == "Map":
                # The overview of the whole board is one key away.
                widget.border_title += " · O: overview"
            widget.set_class(focused, "-focus")

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
        self.app.push_screen(ChoiceDialog(pick.title or "Choose", options), callback=self._chosen)

    def _chosen(self, action: Action | None) -> None:
        if action is not None and self.live:
            self.play(action)

    def play(self, action: Action) -> bool:
        """Ending the turn with cards in hand, or with power or influence an
        action could still spend, asks once first (E, Enter and the list
        alike); the draw that follows cannot be undone."""
        if action.kind == "end_turn" and not self.read_only:
            left = left_unused(self.state, self.legal())
            if left:

                def answered(end: bool | None) -> None:
                    if end and self.live and action in self.legal():
                        super(TyrantsScreen, self).play(action)

                question = f"End your turn with {left}?"
                dialog = ConfirmDialog(question, yes="End turn", no="Keep playing")
                self.app.push_screen(dialog, answered)
                return False
        return super().play(action)

    # ----------------------------------------------------- binding checks
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """A direct key is shown when it means something in this decision
        and hidden otherwise; a hidden key falls through to ``explain``,
        which says why it does nothing."""
        live = self.live
        if action == "act":
            return live and not self._picker_focused() and not self._log_focused()
        if action == "direct":
            if not live:
                return False
            key = str(parameters[0])
            kinds = {a.kind for a in self.legal()}
            if key == "e":
                return "end_turn" in kinds
            if key == "n":
                return "stop" in kinds
            if key == "d" and "deploy_for_vp" in kinds:
                return True
            return any(SPACE_KINDS.get(k) == key for k in kinds)
        if action == "number":
            return live
        if action == "card":
            pointer = self.pointer()
            return pointer is not None and pointer.zone not in ("space", "choice")
        if action == "switch":
            return not self.session.is_over
        if action == "houses":
            return self.has_class("-narrow")
        if action in ("score", "overview"):
            return not self.handoff_pending
        if action == "own_cards":
            return not self.handoff_pending and self.watching() is not None
        if action == "explain":
            return live
        if action in ("table", "show_table"):
            return False
        return super().check_action(action, parameters)

    # -------------------------------------------------------- direct keys
    def action_act(self) -> None:
        self.resolve(choices.at(self.state, self.legal(), self.pointer()))

    def action_direct(self, key: str) -> None:
        self.resolve(choices.direct(self.state, self.legal(), key, self._key_pointer(key)))

    def _key_pointer(self, key: str) -> Pointer | None:
        """The map's keys (D, X, M, S) act on the map's cursor from any
        panel; the others on what the focused part points at."""
        return self.map.pointer if key in "dxms" else self.pointer()

    def action_score(self) -> None:
        """The score as it stands, from public information only."""
        body = score_text(self.game, self.state)
        self.app.push_screen(TextDialog("The score as it stands", body, "v"))

    def action_overview(self) -> None:
        """The whole board in words, from the table as everyone sees it."""
        shown = self._table.state if self._table is not None else self.table().state
        self.app.push_screen(TextDialog("Overview", overview_text(shown, self.tags), "o"))

    def action_own_cards(self) -> None:
        """The cards of the person at the terminal, by zone."""
        seat = self.watching()
        if seat is None or self.handoff_pending:
            self.notify("Nobody's cards are shown now.", title="Not possible", severity="warning")
            return
        view = cast(TyrantsState, self.session.view(seat))
        name = self.session.seats[seat].name
        dialog = OwnCardsDialog(f"{name}'s cards", own_cards_text(view, seat), "y", seat)
        self.app.push_screen(dialog)

    def action_number(self, number: int) -> None:
        self.resolve(choices.numbered(self.state, self.legal(), number))

    def action_card(self) -> None:
        pointer = self.pointer()
        if pointer is None or pointer.zone in ("space", "choice"):
            self.notify("C shows a card: point at one in the cards panel (Tab).", title="No card")
            return
        self.app.push_screen(CardDialog(pointer.key))

    def action_explain(self, key: str) -> None:
        """A direct key that does nothing now: say why."""
        state = self.state
        legal = self.legal()
        pointer = self.pointer()
        if key in ("enter", "space"):
            reason = (
                "The log has the focus: Esc goes back to the map, where Enter acts."
                if self._log_focused()
                else choices.at(state, legal, pointer).reason
            )
        elif key == "c":
            reason = "C shows a card's whole text: point at a card in the cards panel (Tab)."
        elif key.isdigit():
            reason = choices.numbered(state, legal, int(key) - 1).reason
        else:
            reason = choices.direct(state, legal, key, self._key_pointer(key)).reason
        if not reason:
            reason = f"{key.upper()} does nothing now."
        self.notify(reason, title="Not possible", severity="warning")

    # ------------------------------------------------------------- panels
    def _log_focused(self) -> bool:
        return isinstance(self.focused, GameLog)

    def _picker_focused(self) -> bool:
        focused = self.focused
        return focused is not None and focused.id == "actions"

    def focus_part(self) -> None:
        """Back to the map or the cards, closing a list opened over them."""
        self.remove_class("-show-picker", "-show-log", "-show-houses")
        self.picker.can_focus = False
        part: Widget = self.cards if self.part_name == "cards" else self.map
        part.focus()

    def action_switch(self) -> None:
        self.part_name = "map" if isinstance(self.focused, CardsPanel) else "cards"
        self.focus_part()

    def _show_side(self, name: str, widget: Widget) -> None:
        if widget.has_focus or self.has_class(f"-show-{name}"):
            self.focus_part()
            return
        self.remove_class("-show-picker", "-show-log", "-show-houses")
        self.add_class(f"-show-{name}")
        widget.focus()

    def action_picker(self) -> None:
        """Every legal action as a list (the fallback), over the cards."""
        picker = self.picker
        if picker.has_focus:
            self.focus_part()
            return
        self.remove_class("-show-log", "-show-houses")
        self.add_class("-show-picker")
        self.refresh_picker()
        picker.can_focus = True
        picker.focus()

    def action_log(self) -> None:
        self._show_side("log", self.query_one("#log", GameLog))

    def action_show_log(self) -> None:
        self.remove_class("-show-picker", "-show-houses")
        self.add_class("-show-log")
        self.query_one("#log", GameLog).focus()

    def action_houses(self) -> None:
        if self.has_class("-show-houses"):
            self.focus_part()
            return
        self.remove_class("-show-picker", "-show-log")
        self.add_class("-show-houses")

    def action_back(self) -> None:
        """Escape: back to the map from a list, else ask to leave for the menu."""
        if isinstance(self.focused, ActionPicker | GameLog | CardsPanel) or any(
            self.has_class(c) for c in ("-show-picker", "-show-log", "-show-houses")
        ):
            self.part_name = "map"
            self.focus_part()
            return
        self.ask_leave()

    # ----------------------------------------------------------- the help
    def help_screen(self, query: str = "") -> HelpScreen:
        keys = screen_keys(self) + DIRECT_KEYS + PICKER_KEYS
        return HelpScreen(self.game, keys, query=query)
