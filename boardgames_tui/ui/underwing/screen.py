"""Underlings of Underwing's game screen for pass-and-play, on the screen kit.

The hatching grounds (one Line API widget with its own cursor), the card at
the cursor in words, the bag and the draw pile, the Field as a clockwise
ring, every player's mat, the action picker and the log: the slots of the
kit's ``BoardScreen``, filled by declaring the parts (:mod:`.widgets` names
them).  A player points at an egg, an element space or a Field space and
presses Enter, or presses a direct key (an element's letter, C, D, N, T, Y,
X, a player's number); the key map of :mod:`.keys` turns that into the
engine's own legal actions through :mod:`.choices`, and the kit plays the
one found, offers the few, or says why there is none.  Tab goes round the
board's two parts (the grounds and the Field), the action list and the log,
saying where it goes next; M opens the players where the table is crowded.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import partial
from typing import ClassVar, cast

from textual import on
from textual.containers import VerticalScroll
from textual.widget import Widget

from boardgames_tui.engine.game import Action
from boardgames_tui.engine.session import Session
from boardgames_tui.games.underwing.actions import OfferTrade
from boardgames_tui.games.underwing.game import PHASE_NAMES
from boardgames_tui.games.underwing.model import FIELD, UnderwingState
from boardgames_tui.games.underwing.rules import trade_words

from ..commands import GameCommand
from ..kit.choice import Pick
from ..screens.game import GAME_SCREEN_CSS, GameScreen
from ..screens.gameover import GameOverScreen
from ..settings import Settings
from ..widgets.action_picker import ActionPicker
from ..widgets.scrollbars import PanelScroll
from . import choices, keys
from .choices import Target, decision
from .dialogs import CSS, ChoiceDialog, UnderwingGameOver
from .drawing import Board, UnderwingPalette
from .grid import MIN_CARD
from .grounds import GroundsView
from .keys import KEYMAP, TAB_LABELS, Here
from .look import seat_tags
from .mats import PlayerMats, UnderwingPicker
from .table import CardDetail, FieldRing, SupplyLine

#: The Players panel's share of the side panel's height when wide (as in
#: underwing.tcss, ``#mats-scroll { max-height: 62% }``).
MATS_SHARE = 0.62

#: From this width the side panel shows the players, the actions and the log at once.
WIDE = 110
#: Side panel widths: wide and at 80 columns.
SIDE_WIDE = 44
SIDE_NARROW = 30


class UnderwingScreen(GameScreen):
    """Underlings of Underwing at one table: keyboard first, the mouse too."""

    CSS_PATH = [str(GAME_SCREEN_CSS), CSS]  # type: ignore[assignment]
    KEYS = keys.KEYS
    EXPLAINED = ("t",)
    KEYMAP = KEYMAP
    HELP_KEYS = keys.HELP_KEYS
    PANELS: ClassVar[dict[str, str]] = {"mats": "#mats-scroll"}
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
        self.tags = seat_tags(session.seats)

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
        """What the key map reads (worked out once per look at the bindings)."""
        return self.in_binding_look("here", lambda: Here(self.state, self.legal(), self.target))

    # --------------------------------------------------------------- flow
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
        """The hint line: what Enter does now and the keys that matter (Tab's
        next part among them); a list or the log focused, the kit's."""
        if not self.live or self._picker_focused() or self._log_focused():
            return super().hint_text()
        tab = TAB_LABELS.get(self._next_part(), "")
        if decision(self.state) != "assign" and isinstance(self.focused, GroundsView):
            tab = ""
        legal = self.legal()
        return choices.hint(
            self.state, legal, self.target, tab=tab.lower() if tab else "", moved=self._moved
        )

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

    @on(ActionPicker.Highlighted, "#actions")
    def _picker_moved(self, event: ActionPicker.Highlighted) -> None:
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
            self.take("seat", message.seat)

    # ------------------------------------------------------------ playing
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
        words = [
            f"{names[a.proposer].name} proposes" if a.proposer is not None else "" for a in firsts
        ]

        def proposer(chosen: Action) -> None:
            if isinstance(chosen, OfferTrade):
                self._trade_partner([a for a in offers if a.proposer == chosen.proposer])

        self.ask("Who proposes a trade?", firsts, words=words, then=proposer)

    def _trade_partner(self, offers: list[OfferTrade]) -> None:
        if len(offers) == 1:
            self.play(offers[0])
            return
        who = offers[0].proposer
        name = self.session.seats[who].name if who is not None else "You"
        words = [f"with {self.session.seats[a.partner].name}" for a in offers]
        self.ask(f"{name} proposes a trade: with whom?", offers, words=words)

    # ------------------------------------------------------------- keys
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The keys of play come from the key map (the kit); Tab is shown
        where the Field matters (Phase 2) and to come back from it or from
        a list, saying where it goes; elsewhere its hidden binding moves on."""
        if action == "next_part":
            if not parameters[0]:
                return True
            step = decision(self.state) if self.live else "over"
            return parameters[0] == self.in_binding_look("next_part", self._next_part) and (
                step == "assign" or not isinstance(self.focused, GroundsView)
            )
        return super().check_action(action, parameters)

    def action_trade(self) -> None:
        if KEYMAP.check(self.here(), "trade") and self.live:
            self.open_trade(KEYMAP.pick(self.here(), "trade"))
        else:
            self.action_explain("t")

    def results_screen(self) -> GameOverScreen:
        return UnderwingGameOver(self.game.title, self.session.outcome(), self.state)

    def game_commands(self) -> list[GameCommand]:
        commands = super().game_commands()
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

    # ------------------------------------------------------------ panels
    def panel_shown(self, name: str) -> bool:
        return self.has_class("-crowded")  # the players: behind M at a crowded table

    def panel_opened(self, name: str) -> None:
        self.call_after_refresh(self._show_decider)

    def focus_board(self) -> None:
        """The grounds or the Field, whichever had the cursor last; the focus
        moves now, with the cursor and the hint drawn in the same frame."""
        part: GroundsView | FieldRing = (
            self.one("#field", FieldRing)
            if self.board_part == "field"
            else self.one("#grounds", GroundsView)
        )
        if self.focused is part:
            return
        self.focus_now(part)
        part.redraw()
        self._redraw_pointer()

    def _parts(self) -> list[Widget]:
        """The parts Tab goes round, in order: those on screen now."""
        parts = [
            self.one(selector, Widget) for selector in ("#grounds", "#field", "#actions", "#log")
        ]
        return [w for w in parts if w.display and w.visible and w.region.area > 0]

    def _next_part(self) -> str:
        """Where Tab goes from the focused part ("field", "actions", "log",
        "grounds")."""
        parts = self._parts()
        if self.focused not in parts:
            return "grounds"
        return parts[(parts.index(self.focused) + 1) % len(parts)].id or "grounds"

    def action_next_part(self, part: str) -> None:
        part = part or self._next_part()
        if part in ("grounds", "field"):
            self.board_part = part
            self.focus_board()
        else:
            self.one(f"#{part}", Widget).focus()

    def _show_decider(self) -> None:
        """Keep the deciding player's mat in view in the Players panel."""
        seat = self.session.to_act
        mats = self.one("#mats", PlayerMats)
        starts = mats.starts
        if seat is None or seat >= len(starts):
            return
        scroll = self.one("#mats-scroll", VerticalScroll)
        end = starts[seat + 1] - 1 if seat + 1 < len(starts) else mats.size.height
        top, height = scroll.scroll_offset.y, scroll.scrollable_content_region.height
        if starts[seat] < top or end > top + height:
            scroll.scroll_to(y=starts[seat], animate=False, immediate=True)

    def _show_mat(self, seat: int) -> None:
        if self.has_class("-crowded"):
            self.panels.show("mats")
        elif self.has_class("-narrow"):
            self.panels.close()
        starts = self.one("#mats", PlayerMats).starts
        if seat < len(starts):
            self.one("#mats-scroll", VerticalScroll).scroll_to(y=starts[seat], animate=False)
