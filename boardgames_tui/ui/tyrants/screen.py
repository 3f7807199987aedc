"""Tyrants of the Underdark's game screen for pass-and-play.

The Underdark as one map widget with its own cursor, the cards (a card's
choices, the hand of the person at the terminal, the cards played this
turn, the market and the always-available piles), what the cursor points at
in words, every house, the action list (behind A) and the log.  A player
points at a space or a card and presses Enter, or presses a direct key (D
deploy, X remove a troop, M move, S spy, E end the turn, N stop, a digit for
a card of the hand or a numbered choice): :mod:`.keys` binds each to a kind
of the key map, and :mod:`.choices` turns it into the engine's own legal
actions.  The parts: :mod:`.map`, :mod:`.cards` and :mod:`.widgets`, drawn
from one :class:`~.board.Board`.

Hot-seat privacy: everything is drawn from the game's ``view`` for the
person at the terminal (other hands are not in it), and while the hand-off
screen is up nobody's hand is drawn at all.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any, ClassVar, cast

from textual import on
from textual.widget import Widget
from textual.widgets import Static

from boardgames_tui.engine.game import Action
from boardgames_tui.engine.session import Session
from boardgames_tui.games.tyrants.model import TyrantsState

from ..kit.choice import Ask, Pick
from ..screens.game import GAME_SCREEN_CSS, GameScreen
from ..settings import Settings
from . import choices, keys
from .board import Board, TyrantsPalette, map_signature
from .choices import CARD_KINDS, CHOICE_KINDS, SPACE_KINDS, Pointer
from .dialogs import (
    CSS,
    CardDialog,
    OwnCardsDialog,
    forecast,
    overview_text,
    own_cards_text,
    piles_text,
    score_text,
    table_dialog,
)
from .keys import KEYMAP, Here
from .look import seat_tags
from .widgets import CardsPanel, DetailView, HousesPanel, MapView, detail_text


class TyrantsScreen(GameScreen):
    """Tyrants of the Underdark at one table: keyboard first, the mouse too."""

    CSS_PATH = [str(GAME_SCREEN_CSS), CSS]  # type: ignore[assignment]
    KEYS = keys.KEYS
    EXPLAINED = ("c",)
    KEYMAP = KEYMAP
    HELP_KEYS = keys.HELP_KEYS
    PANELS: ClassVar[dict[str, str]] = {"houses": "#houses"}
    BOARD_ID = "left"
    TITLES: ClassVar[dict[str, str]] = {
        "#cards": "Cards (Tab)",
        "#detail": "Map (Tab) · O: overview",
        # (Where the footer has no room for P, the title says it.)
        "#houses": "Houses (H) · P: their piles",
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
        #: What was last drawn (the cursor's moves redraw from it).
        self._board: Board | None = None
        #: A new decision among the cards: their cursor goes to the first
        #: live card when they are next drawn.
        self._cards_first_live = False
        #: The player whose turn the cursor was last placed for.
        self._decider: int | None = None
        #: The cursor of the cards rests on a card (or a choice) that the
        #: person at the terminal has not pointed at yet: after a hand-off,
        #: a new turn, or when the card pointed at went (a recruit).  The
        #: first Enter there only says what a second would do.
        self.unread = False
        #: Whether C was offered when the cursor last moved.
        self._readable = False
        #: The houses' VP as they stand, and the move they were counted at.
        self._standing: tuple[tuple[int, int, int], list[int]] | None = None

    def board_parts(self) -> Iterable[Widget]:
        yield MapView(id="map")
        yield DetailView(id="detail")
        yield TyrantsPalette()

    def side_parts(self) -> Iterable[Widget]:
        yield CardsPanel(id="cards")
        yield HousesPanel(id="houses")

    # ------------------------------------------------------------- queries
    @property
    def state(self) -> TyrantsState:
        return cast(TyrantsState, self.session.state)

    @property
    def map(self) -> MapView:
        return self.one("#map", MapView)

    @property
    def cards(self) -> CardsPanel:
        return self.one("#cards", CardsPanel)

    def board(self) -> Board:
        """What the person at the terminal may see: the game's own ``view``
        for them (every other hand taken out), the whole state once over."""
        watching, session, legal = self.watching(), self.session, self.legal()
        return Board(
            state=cast(TyrantsState, session.state if session.is_over else session.view(watching)),
            tags=self.tags,
            viewer=None if session.is_over else watching,
            live=self.live,
            legal=legal,
            live_spaces=choices.live_spaces(legal),
            live_cards=choices.live_cards(self.state, legal),
            changed=self.changed_marks,
            vp=self.standing(),
        )

    def standing(self) -> list[int]:
        """Each house's VP if the game ended now, from public information
        only: the totals of the score as it stands (V), worked out once a move."""
        key = (self.version, len(self.session.actions), id(self.session.state))
        if self._standing is None or self._standing[0] != key:
            parts = forecast(self.game, self.state)
            self._standing = (key, [sum(p.values()) for p in parts])
        return self._standing[1]

    def here(self) -> Here:
        cards = self.part_name == "cards"
        pointer = self.pointer()
        return Here(
            self.state, self.legal(), pointer, self.map.pointer, cards, self.readable(pointer)
        )

    def readable(self, pointer: Pointer | None) -> bool:
        """Whether C has something to read at ``pointer``: a card's whole
        text always; a space's or a choice's words when the detail has no
        room for them all.  The hint and the footer offer C only then."""
        if pointer is None or self.handoff_pending:
            return False
        if pointer.zone not in ("space", "choice"):
            return True
        return self.one("#detail", DetailView).overflows()

    def pointer(self) -> Pointer | None:
        """What the cursor points at: in the part with the focus, else the
        part that had it last."""
        if isinstance(self.focused, CardsPanel) or (
            not isinstance(self.focused, MapView) and self.part_name == "cards"
        ):
            return self.cards.pointer
        return self.map.pointer

    def title_line(self) -> str:
        """The game and how far it has got, whole in the title bar: where
        the mode's words ("Cleo's screen") leave too little room, the
        game's short name, then without the market deck's count (the cards
        panel shows it)."""
        session = self.session
        progress = "Finished" if session.is_over else session.progress()
        # (the title bar's padding, a column each side, and the mode's words)
        room = (self.size.width or 80) - 2 - len(self.mode.title(""))
        short = re.sub(r"; market deck \d+", "", progress)
        lines = [f"{self.game.title} · {progress}", f"Tyrants · {progress}", f"Tyrants · {short}"]
        return next((line for line in lines if len(line) <= room), lines[-1])

    def handoff_words(self, seat: int) -> str:
        """A forced discard (or the reaction to one) that waits for ``seat``
        in another player's turn."""
        return choices.waiting_words(self.state, seat)

    def waiting_words(self, seat: int) -> str:
        return choices.waiting_phrase(self.state, seat)

    def place_signature(self) -> dict[Any, str]:
        return map_signature(self.state)

    def left_undone(self, action: Action) -> Ask | None:
        """Ending the turn with cards in hand, or with power or influence an
        action could still spend, asks once first: the draw that follows
        cannot be undone."""
        left = choices.left_unused(self.state, self.legal()) if action.kind == "end_turn" else ""
        return Ask(f"End your turn with {left}?", "End turn") if left else None

    def spent_card(self, action: Action) -> str:
        return choices.spends_from_hand(self.state, action, self.session.to_act or 0)

    # ------------------------------------------------------------- drawing
    def draw_board(self) -> None:
        # One's own cards are closed before the table can pass to anyone
        # else (a hand-off goes on top of what is open).
        top = self.app.screen
        if isinstance(top, OwnCardsDialog) and top.seat != self.watching():
            top.dismiss(None)
        self.tags = seat_tags(self.session.seats)
        board = self._board = self.board()
        self.map.board = board  # (the cursor is placed in the board's order)
        self.map.show(board)
        self.cards.show(board, first_live=self._cards_first_live)
        self._cards_first_live = False
        if self.cards.moved_on or self.handed_over:
            self.cards.moved_on = False
            self.unread = True
        self.one("#houses", HousesPanel).show(board)
        self.one("#detail", DetailView).show(
            board, None if self.handoff_pending else self.pointer()
        )

    def new_decision(self) -> None:
        """The cursor goes where the decision is answered, on the map or
        among the cards, when it is not there already; a new turn puts the
        map's cursor where this player can deploy (or on one of their troops)."""
        legal, seat = self.legal(), self.session.to_act
        kinds = {a.kind for a in legal}
        spaces = choices.live_spaces(legal)
        if self.state.phase == "main" and not self.state.jobs:
            if seat != self._decider:
                self._decider = seat
                own = {s for s, occ in self.state.troops.items() if seat in occ}
                self._map_to(spaces or own)
        elif kinds & set(SPACE_KINDS):
            self.part_name = "map"
            self._map_to(spaces)
        elif kinds & (set(CHOICE_KINDS) | set(CARD_KINDS)):
            self.part_name = "cards"
            # The cards' cursor goes to the first live card as they are
            # drawn (``draw_board``): drawn once, with it there.
            self._cards_first_live = True

    def _map_to(self, spaces: set[str]) -> None:
        """Put the map's cursor on the first of ``spaces`` (in the board's
        order) unless it is on one of them already."""
        map_view = self.map
        if spaces and map_view.space not in spaces:
            map_view.board = self._board or self.board()
            map_view.space = next(s for s in map_view.spaces() if s in spaces)
            self.call_after_refresh(map_view.scroll_to_cursor)

    def _redraw_pointer(self, board: Board | None = None) -> None:
        """The cursor moved (or the game changed): the detail and the hint."""
        detail = self.one("#detail", DetailView)
        detail.show(
            board or self._board or self.board(), None if self.handoff_pending else self.pointer()
        )
        self.draw_hint()
        self._readable_changed()

    def _readable_changed(self) -> bool:
        """C is offered at a space while its words have no room: the footer
        is told when that changes (True: it changed)."""
        readable = self.readable(self.pointer())
        if readable == self._readable:
            return False
        self._readable = readable
        self.refresh_bindings()
        return True

    @on(DetailView.Roomed, "#detail")
    def _detail_roomed(self) -> None:
        """The detail is another size: the words at the cursor may now fit,
        or no longer fit, and the hint and the footer say so."""
        if self._readable_changed():
            self.draw_hint()

    def hint_text(self) -> str:
        """The map's hint (what Enter does at the cursor first), or what the
        list or the log that has the focus takes."""
        if self.session.is_over:
            return "G: the results · L: the log · Esc: the menu"
        if not self.live or self._picker_focused() or self._log_focused():
            return super().hint_text()
        where = "Cards" if self.part_name == "cards" else "Map"
        text = f"{where} ▸ " + KEYMAP.hint(self.keys_here())
        if self.unread_pick() is not None:
            # The first Enter only tells what the card is.
            text = text.replace("Enter: ", "Enter twice: ", 1)
        room = self.one("#hint", Static).content_region.width * (1 + self.has_class("-narrow"))
        if room and len(text) > room:
            # C is in the footer too: the hint's keys of play come first.
            text = text.removesuffix(" · C: read all")
        return text

    # ------------------------------------------------------------ pointing
    @on(MapView.CursorMoved, "#map")
    @on(MapView.Activated, "#map")
    def _on_map(self, message: MapView.CursorMoved | MapView.Activated) -> None:
        self.part_name = "map"
        self._pointed(message, self.map.pointer)

    @on(CardsPanel.CursorMoved, "#cards")
    @on(CardsPanel.Activated, "#cards")
    def _on_cards(self, message: CardsPanel.CursorMoved | CardsPanel.Activated) -> None:
        self.part_name = "cards"
        self._pointed(message, self.cards.pointer)

    def _pointed(self, message: object, pointer: Pointer | None) -> None:
        """The cursor moved, or a space or a card was clicked again: act there."""
        if isinstance(message, MapView.Activated | CardsPanel.Activated):
            if self.live:
                self.play_pick(choices.at(self.state, self.legal(), pointer))
            return
        # The player moved the cursor: what it points at is theirs.
        self.unread = False
        self._redraw_pointer()

    # ------------------------------------------------------ unread cards
    def unread_pick(self) -> Pick | None:
        """What Enter would do at a card or a choice the player has not
        pointed at yet (None: nothing, or it was pointed at)."""
        pointer = self.pointer()
        if not self.unread or pointer is None or pointer.zone == "space":
            return None
        pick = choices.at(self.state, self.legal(), pointer)
        return pick if pick.actions else None

    def take(self, kind: str, *parameters: object) -> None:
        """Enter on a card the player has not read yet (after a hand-off, a
        new turn, or a recruit that moved the cursor on) does not act: it
        says what the card is and what a second Enter does."""
        pick = self.unread_pick() if kind == "act" else None
        self.unread = False
        if pick is not None:
            pointer = self.pointer()
            assert pointer is not None
            what = choices.pointed_words(pointer)
            self.notify(
                f"{what[:1].upper() + what[1:]} is under the cursor, which "
                f"you have not moved yet: press Enter again to "
                f"{choices.enter_words(self.state, pick)}.",
                title="New at the cursor",
            )
            self.draw_hint()
            return
        super().take(kind, *parameters)

    def focus_moved(self) -> None:
        """The part with the focus shows it: its title marked and bright, the
        other's dimmed (the keys of the hint act there)."""
        if isinstance(self.focused, MapView | CardsPanel):
            self.part_name = "map" if isinstance(self.focused, MapView) else "cards"
        for widget, part, focused in (
            (self.one("#detail", DetailView), "Map", isinstance(self.focused, MapView)),
            (self.cards, "Cards", isinstance(self.focused, CardsPanel)),
        ):
            title = f"▶ {part} (has the focus)" if focused else f"{part} (Tab)"
            # (The overview of the whole board is one key away.)
            title += " · O: overview" if part == "Map" else ""
            if widget.border_title != title:  # (set, it repaints the part)
                widget.border_title = title
            widget.set_class(focused, "-focus")
        self._redraw_pointer()

    # ------------------------------------------------------------ keys
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "card":
            return self.readable(self.pointer())
        if action == "switch":
            return not self.session.is_over
        if action in ("score", "overview", "own_cards", "piles"):
            return not self.handoff_pending and (
                action != "own_cards" or self.watching() is not None
            )
        return super().check_action(action, parameters)

    def panel_shown(self, name: str) -> bool:
        return self.has_class("-narrow")  # the houses: behind H at 80 columns

    def action_score(self) -> None:
        """The score as it stands, from public information only."""
        body = score_text(self.game, self.state)
        self.app.push_screen(table_dialog("The score as it stands", body, "v"))

    def action_overview(self) -> None:
        """The whole board in words, from the table as everyone sees it."""
        shown = (self._board or self.board()).state
        self.app.push_screen(table_dialog("Overview", overview_text(shown, self.tags), "o"))

    def action_piles(self) -> None:
        """Every house's discard pile and inner circle: open to all, drawn
        from the table as the person at the terminal sees it."""
        shown = (self._board or self.board()).state
        body = piles_text(shown, self.tags)
        self.app.push_screen(table_dialog("Discard piles and inner circles", body, "p"))

    def action_own_cards(self) -> None:
        """The cards of the person at the terminal, by zone."""
        seat = self.watching()
        if seat is None or self.handoff_pending:
            self.refuse("Nobody's cards are shown now.")
            return
        view = cast(TyrantsState, self.session.view(seat))
        name = self.session.seats[seat].name
        self.app.push_screen(
            OwnCardsDialog(f"{name}'s cards", own_cards_text(view, seat), "y", seat)
        )

    def action_card(self) -> None:
        """The whole text at the cursor: a card's, or a space's or a
        choice's words when the detail line has no room for them all."""
        pointer = self.pointer()
        if pointer is None or self.handoff_pending:
            self.refuse("C reads what the cursor points at: point at a space or a card.")
            return
        if pointer.zone not in ("space", "choice"):
            self.app.push_screen(CardDialog(pointer.key))
            return
        detail = self.one("#detail", DetailView)
        words = detail_text(detail, self._board or self.board(), pointer)
        title = "At the cursor" if pointer.zone == "space" else "Choice"
        self.app.push_screen(table_dialog(title, words, "c"))

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
        if isinstance(self.focused, CardsPanel):
            self.part_name = "map"
            self.focus_board()
            return True
        return False
