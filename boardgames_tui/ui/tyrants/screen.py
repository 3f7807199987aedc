"""Tyrants of the Underdark's game screen for pass-and-play.

The Underdark as one map widget with its own cursor, the cards (a card's
choices, the hand of the person at the terminal, the cards played this
turn, the market and the always-available piles), what the cursor points at
in words, every house, the action picker (behind A) and the log.  A player
points at a space or a card and presses Enter, or presses a direct key (D
deploy, X remove a troop, M move, S spy, E end the turn, N stop, a digit for
a card of the hand or a numbered choice).  The keys are data (:mod:`.keys`,
the kit's key map) and :mod:`.choices` turns each into the engine's own
legal actions; the kit (``GameScreen``) plays the one, offers the few when
there are several, or says why there is none.  The parts: :mod:`.map`,
:mod:`.cards` and :mod:`.widgets`, drawn from one :class:`~.board.Board`.

Hot-seat privacy: everything is drawn from the game's ``view`` for the
person at the terminal (other hands are not in it), and while the hand-off
screen is up nobody's hand is drawn at all.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar, cast

from textual import on
from textual.widget import Widget
from textual.widgets import Static

from boardgames_tui.engine.game import Action
from boardgames_tui.engine.session import Session
from boardgames_tui.games.tyrants.cards import card as card_named
from boardgames_tui.games.tyrants.model import TyrantsState

from ..kit.choice import Ask
from ..kit.drawing import plural
from ..screens.game import GAME_SCREEN_CSS, GameScreen
from ..screens.handoff import HandoffScreen
from ..settings import Settings
from ..widgets.action_picker import ActionPicker
from . import choices, keys
from .board import Board, board_spaces
from .choices import CHOICE_KINDS, SPACE_KINDS, Pointer
from .dialogs import (
    CSS,
    CardDialog,
    OwnCardsDialog,
    overview_text,
    own_cards_text,
    score_text,
    table_dialog,
)
from .keys import KEYMAP, Here
from .look import seat_tags
from .widgets import CardsPanel, DetailView, HousesPanel, MapView

#: The turn's actions paid for with power, and with influence.
POWER_KINDS = frozenset({"deploy", "assassinate", "return_spy"})
INFLUENCE_KINDS = frozenset({"recruit"})


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


class TyrantsScreen(GameScreen):
    """Tyrants of the Underdark at one table: keyboard first, the mouse too."""

    CSS_PATH = [str(GAME_SCREEN_CSS), CSS]  # type: ignore[assignment]
    KEYS = keys.KEYS
    EXPLAINED = ("c",)
    KEYMAP = KEYMAP
    HELP_KEYS = keys.HELP_KEYS
    PANELS: ClassVar[dict[str, str]] = {"houses": "#houses"}
    ROW_ID = "play"
    BOARD_ID = "left"
    SIDE_ID = "side"
    TITLES: ClassVar[dict[str, str]] = {
        "#cards": "Cards (Tab)",
        "#detail": "Map (Tab) · O: overview",
        "#houses": "Houses (H)",
        "#actions": "All actions (A)",
        "#log": "Log (L)",
    }
    #: The picker takes the focus only when asked for (A), so the digits and
    #: Enter stay the board's keys; every decision starts on the board.
    PICKER_FOCUS = False
    PANELS_AFTER_MOVE = "close"
    BOARD_WORDS = "the map"

    def __init__(self, session: Session, settings: Settings | None = None) -> None:
        super().__init__(session, settings)
        self.tags = seat_tags(session.seats)
        #: Which part had the cursor last: the map or the cards.
        self.part_name = "map"
        #: The decision the cursor was last placed for (actions played, seat).
        self._placed_for: tuple[int, int | None] = (-1, None)
        #: What was last drawn (the cursor's moves redraw from it).
        self._board: Board | None = None
        #: The player whose turn the cursor was last placed for.
        self._decider: int | None = None

    # --------------------------------------------------------------- slots
    def board_parts(self) -> Iterable[Widget]:
        yield MapView(id="map")
        yield DetailView(id="detail")

    def side_parts(self) -> Iterable[Widget]:
        yield CardsPanel(id="cards")
        yield HousesPanel(id="houses")

    # ------------------------------------------------------------- queries
    @property
    def state(self) -> TyrantsState:
        return cast(TyrantsState, self.session.state)

    def board(self) -> Board:
        """What the person at the terminal may see: the game's own ``view``
        for them (every other hand taken out), the whole state once over."""
        watching = self.watching()
        session = self.session
        shown = session.state if session.is_over else session.view(watching)
        legal = self.legal()
        return Board(
            state=cast(TyrantsState, shown),
            tags=self.tags,
            viewer=None if session.is_over else watching,
            live=self.live,
            legal=legal,
            live_spaces=choices.live_spaces(legal),
            live_cards=choices.live_cards(self.state, legal),
            changed=self.changed_marks,
        )

    @property
    def map(self) -> MapView:
        return self.one("#map", MapView)

    @property
    def cards(self) -> CardsPanel:
        return self.one("#cards", CardsPanel)

    def here(self) -> Here:
        """What the key map reads (worked out once per look at the bindings)."""
        return self.in_binding_look("here", self._here)

    def _here(self) -> Here:
        legal = self.legal()
        if self._picker_focused():
            focus = "picker"
        elif self._log_focused():
            focus = "log"
        else:
            focus = self.part_name
        return Here(
            state=self.state,
            legal=legal,
            pointer=self.pointer(),
            map_pointer=self.map.pointer,
            focus=focus,
            cards=self.part_name == "cards",
            kinds=frozenset(a.kind for a in legal),
        )

    def pointer(self) -> Pointer | None:
        """What the cursor points at: in the part with the focus, else the
        part that had it last."""
        if isinstance(self.focused, CardsPanel) or (
            not isinstance(self.focused, MapView) and self.part_name == "cards"
        ):
            return self.cards.pointer
        return self.map.pointer

    # --------------------------------------------------------------- flow
    def handoff_screen(self, seat: int) -> HandoffScreen:
        """The generic cover, with a line on a forced discard (or the
        reaction to one) that waits for ``seat`` in another player's turn."""
        return HandoffScreen(
            self.seat_name(seat),
            self.game.title,
            waiting=choices.waiting_words(self.state, seat),
            recap=self.recap_for(seat),
        )

    def waiting_words(self, seat: int) -> str:
        return choices.waiting_phrase(self.state, seat)

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
        board = self._board = self.board()
        # The map's cursor is placed in the board's order: it needs the board.
        self.map.board = board
        self._place_cursor(board)
        self.map.show(board)
        self.cards.show(board)
        self.one("#houses", HousesPanel).show(board)
        self._redraw_pointer(board)

    def _place_cursor(self, board: Board) -> None:
        """A new decision: the cursor goes where it is answered, on the map
        or among the cards, when it is not there already."""
        key = (len(self.session.actions), self.session.to_act)
        if key == self._placed_for or not board.live:
            return
        self._placed_for = key
        kinds = {a.kind for a in board.legal}
        main = self.state.phase == "main" and not self.state.jobs
        if main:
            # A new turn: the map's cursor goes where this player can deploy
            # (or to one of their troops) unless it is there already.
            if self.session.to_act != self._decider:
                self._decider = self.session.to_act
                self._map_to(board.live_spaces or self._own_spaces(board))
            return
        if kinds & set(SPACE_KINDS):
            self.part_name = "map"
            self._map_to(board.live_spaces)
        elif kinds & (set(CHOICE_KINDS) | set(choices.CARD_KINDS)):
            self.part_name = "cards"
            self.call_after_refresh(self.cards.first_live)
            self.call_after_refresh(self._redraw_pointer)

    def _map_to(self, spaces: set[str]) -> None:
        """Put the map's cursor on the first of ``spaces`` (in the board's
        order) unless it is on one of them already."""
        if not spaces or self.map.space in spaces:
            return
        map_view = self.map
        map_view.space = next(s for s in map_view.spaces() if s in spaces)
        self.call_after_refresh(self.map.scroll_to_cursor)

    @staticmethod
    def _own_spaces(board: Board) -> set[str]:
        seat = board.viewer
        return {s for s, occ in board.state.troops.items() if seat is not None and seat in occ}

    def _redraw_pointer(self, board: Board | None = None) -> None:
        """The cursor moved (or the game changed): the detail and the hint."""
        board = board or self._board or self.board()
        pointer = self.pointer()
        detail = self.one("#detail", DetailView)
        detail.show(board, None if self.handoff_pending else pointer)
        self.draw_hint()

    def hint_text(self) -> str:
        """The map's hint (what Enter does at the cursor first), or what the
        list or the log that has the focus takes."""
        if self.session.is_over:
            return "G: the results · L: the log · Esc: the menu"
        if not self.live or self._picker_focused() or self._log_focused():
            return super().hint_text()
        where = "Cards" if self.part_name == "cards" else "Map"
        text = f"{where} ▸ " + KEYMAP.hint(self.here())
        hint = self.one("#hint", Static)
        room = hint.content_region.width * (2 if self.has_class("-narrow") else 1)
        if room and len(text) > room:
            # C is in the footer too: the hint's keys of play come first.
            text = text.removesuffix(" · C: card text")
        return text

    # ------------------------------------------------------------ pointing
    @on(MapView.CursorMoved, "#map")
    def _map_moved(self, message: MapView.CursorMoved) -> None:
        self.part_name = "map"
        self._redraw_pointer()

    @on(CardsPanel.CursorMoved, "#cards")
    def _cards_moved(self, message: CardsPanel.CursorMoved) -> None:
        self.part_name = "cards"
        self._redraw_pointer()

    @on(MapView.Activated, "#map")
    def _map_activated(self, message: MapView.Activated) -> None:
        self._act_at(self.map.pointer)

    @on(CardsPanel.Activated, "#cards")
    def _cards_activated(self, message: CardsPanel.Activated) -> None:
        self._act_at(self.cards.pointer)

    def _act_at(self, pointer: Pointer | None) -> None:
        """A second click on a space or a card: act there."""
        if self.live:
            self.play_pick(choices.at(self.state, self.legal(), pointer))

    @on(ActionPicker.Highlighted, "#actions")
    def _picker_moved(self, event: ActionPicker.Highlighted) -> None:
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
            (self.one("#detail", DetailView), "Map (Tab)", map_focused),
            (self.cards, "Cards (Tab)", cards_focused),
        ):
            part = title.split(" ")[0]
            widget.border_title = f"▶ {part} (has the focus)" if focused else title
            if part == "Map":
                # The overview of the whole board is one key away.
                widget.border_title += " · O: overview"
            widget.set_class(focused, "-focus")

    # ------------------------------------------------------------ playing
    def left_undone(self, action: Action) -> Ask | None:
        """Ending the turn with cards in hand, or with power or influence an
        action could still spend, asks once first: the draw that follows
        cannot be undone."""
        if action.kind != "end_turn":
            return None
        left = left_unused(self.state, self.legal())
        return Ask(f"End your turn with {left}?", "End turn") if left else None

    def spent_card(self, action: Action) -> str:
        """A card leaving the hand of the person at the terminal: discarded
        (a cost, a forced discard), devoured from the hand, promoted from it."""
        card = getattr(action, "card", None)
        if card is None or action.kind not in ("discard_card", "devour_card", "promote"):
            return ""
        if action.kind == "promote" and getattr(action, "pile", None) != "hand":
            return ""
        player = self.state.players[self.session.to_act or 0]
        if action.kind == "devour_card" and card not in player.hand:
            return ""
        return card_named(card).name

    # ------------------------------------------------------------ keys
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The keys of play come from the key map (the kit); these are the
        rest."""
        if action == "card":
            pointer = self.pointer()
            return pointer is not None and pointer.zone not in ("space", "choice")
        if action == "switch":
            return not self.session.is_over
        if action in ("score", "overview"):
            return not self.handoff_pending
        if action == "own_cards":
            return not self.handoff_pending and self.watching() is not None
        return super().check_action(action, parameters)

    def panel_shown(self, name: str) -> bool:
        return self.has_class("-narrow")  # the houses: behind H at 80 columns

    def action_score(self) -> None:
        """The score as it stands, from public information only."""
        body = score_text(self.game, self.state)
        self.app.push_screen(table_dialog("The score as it stands", body, "v"))

    def action_overview(self) -> None:
        """The whole board in words, from the table as everyone sees it."""
        shown = self._board.state if self._board is not None else self.board().state
        self.app.push_screen(table_dialog("Overview", overview_text(shown, self.tags), "o"))

    def action_own_cards(self) -> None:
        """The cards of the person at the terminal, by zone."""
        seat = self.watching()
        if seat is None or self.handoff_pending:
            self.refuse("Nobody's cards are shown now.")
            return
        view = cast(TyrantsState, self.session.view(seat))
        name = self.session.seats[seat].name
        dialog = OwnCardsDialog(f"{name}'s cards", own_cards_text(view, seat), "y", seat)
        self.app.push_screen(dialog)

    def action_card(self) -> None:
        pointer = self.pointer()
        if pointer is None or pointer.zone in ("space", "choice"):
            self.refuse("C shows a card: point at one in the cards panel (Tab).")
            return
        self.app.push_screen(CardDialog(pointer.key))

    # ------------------------------------------------------------- focus
    def focus_board(self) -> None:
        """Back to the map or the cards (the part that had the cursor last)."""
        self.focus_now(self.cards if self.part_name == "cards" else self.map)

    def action_switch(self) -> None:
        self.part_name = "map" if isinstance(self.focused, CardsPanel) else "cards"
        self.panels.close()

    def escape_closes(self) -> bool:
        return isinstance(self.focused, CardsPanel)

    def escape_board(self) -> bool:
        """Esc from the cards: back to the map."""
        if not isinstance(self.focused, CardsPanel):
            return False
        self.part_name = "map"
        self.focus_board()
        return True
