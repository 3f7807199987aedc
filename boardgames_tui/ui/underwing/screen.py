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
from boardgames_tui.games.underwing.trading import trade_words

from ..commands import GameCommand
from ..kit.choice import Ask, Pick
from ..kit.kept_frame import KeptContainer
from ..screens.game import GAME_SCREEN_CSS, GameScreen
from ..screens.gameover import GameOverScreen
from ..settings import Settings
from ..widgets.action_picker import ActionPicker
from ..widgets.scrollbars import PanelScroll
from . import choices, keys, targets
from .dialogs import CSS, ChoiceDialog, UnderwingGameOver
from .drawing import Board, UnderwingPalette
from .grid import MIN_CARD, grid_layout
from .grounds import GroundsView
from .keys import KEYMAP, TAB_LABELS, Here
from .look import seat_tags
from .mats import PlayerMats, UnderwingPicker
from .table import CardDetail, FieldRing, SupplyLine
from .targets import Target, decision

#: The Players panel's share of the side panel's height when wide (as in
#: underwing.tcss, ``#mats-scroll { max-height: 62% }``).
MATS_SHARE = 0.62

#: From this width the side panel shows the players, the actions and the log at once.
WIDE = 110
#: Side panel widths: wide and at 80 columns.
SIDE_WIDE = 44
SIDE_NARROW = 30


def _shown_within(node: object, screen: Widget, asked: dict[Widget, bool]) -> bool:
    """``kit.panels.shown``: ``node`` and every container it is in, up to
    ``screen``, displayed and visible as their styles stand now; what a
    container shows is kept in ``asked`` for the other parts in it.  (A
    node with no visibility of its own is as visible as its container,
    which is asked on the way up, or as the screen, asked once.)"""
    if not isinstance(node, Widget) or node is screen:
        return True
    known = asked.get(node)
    if known is None:
        own = node.styles.get_rule("visibility")
        parent = node.parent
        if own is not None:
            visible = own != "hidden"
        elif parent is screen:
            if screen not in asked:
                asked[screen] = screen.visible
            visible = asked[screen]
        else:
            visible = True  # (its container's, asked next)
        known = asked[node] = node.display and visible and _shown_within(parent, screen, asked)
    return known


class UnderwingScreen(KeptContainer, GameScreen):
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
    }

    def __init__(self, session: Session, settings: Settings | None = None) -> None:
        super().__init__(session, settings)
        self.target: Target = Target(slot=0)
        #: Which board part had the cursor last: the grounds or the Field.
        self.board_part = "grounds"
        #: The cursor was moved for this decision from where the person
        #: deciding had put it themselves, and they have not moved it since:
        #: the hint says so ("Cursor moved here").  Not where they had not
        #: moved it (just loaded, before any key; the next person's turn after
        #: a move: it was someone else's cursor).
        self._moved = False
        #: The seat deciding when a person last moved the cursor themselves
        #: (a key, a click); None: not since the cursor was last moved for them.
        self._pointer_seat: int | None = None
        self.tags = seat_tags(session.seats)
        #: What the hint's lines and the grid's room were last judged on
        #: (``_laid_out``): the grid's room, its width, the hint on one line.
        self._judged: tuple[int, int, bool] = (0, 0, False)

    def on_mount(self) -> None:
        self.screen_layout_refresh_signal.subscribe(self, self._laid_out)

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

    def _fit(self) -> None:
        """(On every redraw, and so at every size:) set the classes that
        depend on the terminal's width: compact mats
        at 80 columns, and the board alone when the grid and a side panel do
        not fit side by side; and the hint on one line where the grid
        needs that line not to scroll (``_tight``)."""
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
        self._tight()

    def _tight(self) -> None:
        """The hint keeps its two lines whatever it says (a hint taking
        another height in a move would give the board another room, and
        lay the screen out again every move), but for the one line the grid
        needs not to scroll: at a wide, crowded table (six players, an egg of
        eight spaces in every row), and at 80x24, where the key bar's second
        row leaves two players' grid a row short of its last eggs' bottom
        edge.  The class ``-tight`` gives it one line (the keys it names are
        in the key bar), set only when what the grid needs changes (a
        bigger egg drawn).  Judged again on every layout the screen makes
        (``_laid_out``): a resize lays the screen out in steps, and the
        hint's, the key bar's and the grid's heights each settle in one."""
        grid = self.one("GroundsView", GroundsView)
        room = grid.room()
        width = grid.scrollable_content_region.width
        if not room or not width:
            return  # (not laid out yet)
        if self.has_class("-tight"):
            room -= 1  # (the room it has with the hint on two lines)
        needed = grid_layout(self.state, width).height
        tight = room < needed <= room + 1
        if tight != self.has_class("-tight"):
            self.set_class(tight, "-tight")

    def _laid_out(self, _screen: object) -> None:
        """After every layout of the screen (Textual's layout-refresh
        signal): where the grid's room, its width or the hint's lines
        changed since they were last judged, judge the hint's lines and the
        grid's room again, on the layout as made.  (Judged only on the
        layout a redraw is drawn in, a resize could leave the grid the
        room of a passing layout: a row more than the column holds, after
        the key bar took its second row in the next.)"""
        if not self.is_mounted:
            return
        grid = self.one("GroundsView", GroundsView)
        judged = (grid.room(), grid.scrollable_content_region.width, self.has_class("-tight"))
        if judged == self._judged or not judged[0] or not judged[1]:
            return
        self._judged = judged
        self._tight()
        grid.refit()

    # ------------------------------------------------------------- queries
    @property
    def state(self) -> UnderwingState:
        return cast(UnderwingState, self.session.state)

    def board(self) -> Board:
        return Board.build(self.state, self.tags, self.session.to_act, self.live, self.legal())

    def here(self) -> Here:
        return Here(self.state, self.legal(), self.target)

    # --------------------------------------------------------------- flow
    def new_decision(self) -> None:
        """When the cursor points where Enter does nothing, move it to the
        first egg or space where it does (a wild dragon's scattered
        element, the eggs it may hatch ...)."""
        state, legal = self.state, self.legal()
        self.target, self._moved = targets.clamp(state, self.target), False
        if decision(state) not in ("effect", "place", "assign"):
            return
        if not choices.at(state, legal, self.target).actions:
            found = targets.first_live(state, legal)
            if found is not None:
                pointer, self._pointer_seat = self._pointer_seat, None
                moved = pointer is not None and pointer == self.session.to_act
                self.target, self.board_part, self._moved = found, "grounds", moved
                # (Drawn there by the redraw that follows, not before it too.)
                self.one("GroundsView", GroundsView).place(found)

    def draw_board(self) -> None:
        """The grounds (which may have changed under the cursor: an egg
        taken and replaced by one with fewer spaces, the grid grown), the
        Field, the supply, the mats, the card at the cursor (the kit draws
        the hint after them, for the cursor as clamped here)."""
        self.tags = seat_tags(self.session.seats)
        self._fit()
        self.target = targets.clamp(self.state, self.target)
        board = self.board()
        # Beneath the side (``covered``) the board's parts are not drawn:
        # they are drawn as it goes (``focus_board``).
        self._board_stale = covered = self.covered
        if not covered:
            grid = self.one("GroundsView", GroundsView)
            if not self.target.on_field and grid.target != self.target:
                grid.place(self.target)
            grid.show(board)
            grid.refit()
            self.one("FieldRing", FieldRing).show(board)
            self.one("SupplyLine", SupplyLine).show(board)
        self.one("PlayerMats", PlayerMats).show(board)
        self.call_after_refresh(self._after_drawn)
        if not covered:
            self.one("CardDetail", CardDetail).show(board, self.target)

    #: The board's parts were last left undrawn beneath the side
    #: (``draw_board``): drawn as it goes.
    _board_stale = False

    @property
    def covered(self) -> bool:
        """The side lies over the board: a panel open at a crowded table
        (underwing.tcss: the side on a layer over the board, which stays
        laid out beneath it)."""
        return self.panels.open is not None and self.has_class("-crowded")

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

    def _redraw_pointer(self) -> None:
        """The cursor moved: the card at it, and the hint (what Enter does)."""
        self.one("CardDetail", CardDetail).show(self.board(), self.target)
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

    # --------------------------------------------------------- the cursor
    @on(GroundsView.TargetChanged, "#grounds")
    @on(GroundsView.TargetActivated, "#grounds")
    def _on_grid(self, message: GroundsView.TargetChanged | GroundsView.TargetActivated) -> None:
        self._pointer_seat = self.session.to_act
        self._pointed(message.target, isinstance(message, GroundsView.TargetActivated))

    @on(FieldRing.CursorMoved, "#field")
    @on(FieldRing.Activated, "#field")
    def _on_field(self, message: FieldRing.CursorMoved | FieldRing.Activated) -> None:
        self._pointer_seat = self.session.to_act
        self._pointed(Target(field=FIELD[message.cursor]), isinstance(message, FieldRing.Activated))

    def _pointed(self, target: Target, act: bool = False) -> None:
        """The cursor moved (a click again: act there)."""
        self.target, self._moved = target, False
        self.board_part = "field" if target.on_field else "grounds"
        if act and self.live:
            self.play_pick(choices.at(self.state, self.legal(), target))
        elif not act:
            self._redraw_pointer()

    def focus_moved(self) -> None:
        focused = self.focused
        if isinstance(focused, GroundsView | FieldRing) and focused.target != self.target:
            self._pointed(focused.target)

    @on(PlayerMats.SeatPicked, "#mats")
    def _seat_picked(self, message: PlayerMats.SeatPicked) -> None:
        if self.live and any(a.kind == "choose_seat" for a in self.legal()):
            self.take("seat", message.seat)

    # ------------------------------------------------------------ playing
    def left_undone(self, action: Action) -> Ask | None:
        return choices.left_undone(self.state, self.legal(), action)

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
            # (Tab has a binding per part it goes to: what they all ask is
            # worked out once per look at the keys.)
            if parameters[0] != self.in_binding_look("next_part", self._next_part):
                return False
            step = self.in_binding_look("step", self._step)
            return step == "assign" or not isinstance(self.focused, GroundsView)
        return super().check_action(action, parameters)

    def _step(self) -> str:
        return decision(self.state) if self.looked_live() else "over"

    def action_trade(self) -> None:
        self.open_trade(KEYMAP.pick(self.here(), "trade")) if self.live else self.action_explain(
            "t"
        )

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
        field = self.board_part == "field"
        part = self.one("#field", FieldRing) if field else self.one("#grounds", GroundsView)
        moved = self.focused is not part
        if moved:
            self.focus_now(part)
        if self.drawing_next:
            return  # (the screen draws them next)
        if self._board_stale and not self.covered:
            self.redraw()  # (left undrawn beneath the side, which went)
        elif moved:
            part.redraw()
            self._redraw_pointer()

    def _parts(self) -> list[Widget]:
        """The parts Tab goes round, in order: those on screen, as the
        screen's classes show them now (a panel just closed shows the board
        again in the layout to come: the hint and the keys drawn with the
        move name the part Tab goes to then, not one frame later)."""
        board = () if self.covered else ("#grounds", "#field")
        parts = [self.one(selector, Widget) for selector in (*board, "#actions", "#log")]
        # (What the parts' containers show asked once for the parts in them:
        # every look at the keys asks, for Tab's word.)
        asked: dict[Widget, bool] = {}
        return [w for w in parts if _shown_within(w, self, asked)]

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

    def _after_drawn(self) -> None:
        """Once the frame a redraw is laid out in is made: the grid fitted
        to the room that layout gave it (``_fit``'s classes may have changed
        it), and the deciding player's mat kept in view.  (One callback
        queued a redraw, not one for each.)"""
        self.one("GroundsView", GroundsView).refit()
        self._show_decider()

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
