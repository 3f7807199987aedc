"""Where the focus goes on Underwing's screen, and the side panels.

:class:`SidePanels` is the part of :class:`~.screen.UnderwingScreen` that
moves the focus: between the board's two parts (the grounds and the Field),
round the parts with Tab, and to the panels A, L and M open (the action
list, the log, the players), which at 80 columns take the side's place (or,
when the board is crowded, the board's).
"""

from __future__ import annotations

from textual.containers import VerticalScroll
from textual.widget import Widget

from ..kit.layout import BoardScreen
from ..widgets import ActionPicker, GameLog
from .widgets import FieldRing, GroundsView, PlayerMats

#: From this width the side panel shows the players, the actions and the log at once.
WIDE = 110

#: The panels A, M and L open over the side (or the board, when crowded).
SIDE_PANELS = ("picker", "log", "mats")


class SidePanels(BoardScreen):
    """The focus and the side panels of Underwing's screen (its base)."""

    #: Which board part had the cursor last: the grounds or the Field.
    board_part: str = "grounds"
    _side_panel: str | None = None

    def _redraw_pointer(self) -> None:
        """Draw what the cursor points at and the hint (the screen does)."""

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

    def _show_mat(self, seat: int) -> None:
        mats = self.one("PlayerMats", PlayerMats)
        if self.has_class("-crowded"):
            self.show_side_panel("mats")
        elif self.has_class("-narrow"):
            self.show_side_panel(None)
        starts = mats.starts
        if seat < len(starts):
            self.one("#mats-scroll", VerticalScroll).scroll_to(y=starts[seat], animate=False)


__all__ = ["SIDE_PANELS", "WIDE", "SidePanels"]
