"""The side panels every game screen switches: the action list (A), the log
(L) and a game's own (Underwing's players, Tyrants' houses), once.

Where the screen is narrow, a panel opened takes the side's place (or, at a
crowded table, the board's): the screen carries the class ``-show-<name>``
of the panel open, which the game's stylesheet reads
(``UnderwingScreen.-narrow.-show-log #log { display: block; }``).  Only the
board and side columns and the side's panels are styled again when it
changes: restyling the whole screen cost the next move its board parts'
styles, worked out afresh.  And only the parts a rule of the stylesheet
that reads the class styles (by their ids), at the screen's other classes:
the wide screens show every panel at once, and opening or closing the list
restyles nothing there; Tyrants' restyles the list and the cards.  A part
in a container the change hides (Underwing's list and players, with the
side, at a crowded table) is styled when that container shows again, not
as it goes (:func:`shown` says what the next frame shows).

A key opening a panel opens it and gives it the focus; pressed again (the
panel has the focus), or Esc, closes it and the focus goes back to the board
(``GameScreen.focus_board``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.css.model import SelectorType
from textual.widget import Widget

from .rules import compound_may_match, compounds

if TYPE_CHECKING:
    from ..screens.game_core import ScreenCore

#: The kit's panels, by name: the selector of each.
KIT_PANELS = {"picker": "#actions", "log": "#log"}


class SidePanels:
    """Which side panel is open (see the module's docstring)."""

    def __init__(
        self, screen: ScreenCore, own: dict[str, str], *, board_list: bool = False
    ) -> None:
        self.screen = screen
        #: Every panel's selector, by name (the action list is no panel on a
        #: screen where it is the board: the generic screen's).
        kit = {n: s for n, s in KIT_PANELS.items() if not (board_list and n == "picker")}
        self.selectors = {**kit, **own}
        #: The panel open (None: none).
        self.open: str | None = None
        #: What toggling some classes restyles, by the classes and the
        #: screen's others (``_restyled_by``).
        self._restyled: dict[tuple[frozenset[str], frozenset[str]], tuple[str, ...] | None] = {}
        #: Parts whose restyle was put off while a container hid them
        #: (``_restyle``): styled again at the next change.
        self._stale: list[Widget] = []

    def widget(self, name: str) -> Widget | None:
        return self.screen.part(self.selectors[name], Widget)

    def holds_focus(self) -> bool:
        """The focus is in one of the panels (or in a part of the side)."""
        focused = self.screen.focused
        if focused is None:
            return False
        for name in self.selectors:
            widget = self.widget(name)
            if widget is not None and (focused is widget or widget in focused.ancestors):
                return True
        return False

    def toggle(self, name: str) -> None:
        """The panel's key: open it, or close it when it is open and has the
        focus (or, a panel that takes no focus, when it is open)."""
        widget = self.widget(name)
        if widget is None:
            return
        taken = widget.has_focus or (self.open == name and not widget.focusable)
        if taken or (self.open == name and widget.has_focus_within):
            self.close()
            return
        self.show(name)

    def show(self, name: str) -> None:
        """Open ``name`` (the picker filled first: it is filled only when it
        can be seen) and give it the focus."""
        screen = self.screen
        self._mark(name)
        widget = self.widget(name)
        if name == "picker":
            screen.refresh_picker()
            screen.picker.can_focus = True
        if widget is not None and widget.focusable:
            widget.focus()
        screen.panel_opened(name)

    def close(self) -> None:
        """Close the panel open; the focus goes back to the board."""
        screen = self.screen
        self._mark(None)
        if not screen.PICKER_FOCUS:
            screen.picker.can_focus = False
        screen.focus_board()

    def _mark(self, name: str | None) -> None:
        """The screen's ``-show-<name>`` class; only what it styles is
        styled again."""
        screen = self.screen
        self.open = name
        wanted = f"-show-{name}" if name else ""
        current = {f"-show-{n}" for n in self.selectors if screen.has_class(f"-show-{n}")}
        if current == ({wanted} if wanted else set()):
            return
        screen.remove_class(*current, update=False)
        if wanted:
            screen.add_class(wanted, update=False)
        toggled = current ^ ({wanted} if wanted else set())
        styled = self._restyled_by(toggled)
        if styled is None:
            nodes = self._styled()
        else:
            found = [screen.part(f"#{ident}", Widget) for ident in styled]
            nodes = [n for n in found if n is not None]
        self._restyle(nodes)

    def _restyle(self, nodes: list[Widget]) -> None:
        """Style ``nodes`` again, and those put off before, containers
        first; a node inside a container hidden now is put off until the
        next change (a list closed at a crowded table, where the side it
        is in goes: restyling the list alone, its component classes with
        it, cost a move more than the rest of the change)."""
        screen = self.screen
        pending = [n for n in self._stale if n.is_attached and n not in nodes]
        work = sorted([*nodes, *pending], key=lambda n: len(n.ancestors))
        self._stale.clear()
        sheet = screen.app.stylesheet
        for node in work:
            if shown(node.parent, screen):
                sheet.update_nodes([node], animate=False)
            else:
                self._stale.append(node)

    def _restyled_by(self, toggled: set[str]) -> tuple[str, ...] | None:
        """What toggling the ``toggled`` classes on the screen may style
        differently, as the screen's other classes stand: the ids of the
        parts the rules that read them style (none: at 120 columns no rule
        of Underwing's reads which panel is open), or None: more than parts
        by id (then the columns and the side's parts, ``_styled``).
        Worked out once per classes."""
        screen = self.screen
        others = frozenset(screen.classes) - toggled
        key = (frozenset(toggled), others)
        if key not in self._restyled:
            names = {cls.__name__ for cls in type(screen).__mro__}
            subjects: set[str] = set()
            every = False
            for rule in screen.app.stylesheet.rules:
                for selectors in rule.selector_set:
                    parts = compounds(selectors.selectors)
                    if not any(
                        compound_may_match(c, toggled, others, names, screen.id) for c in parts
                    ):
                        continue
                    subject = parts[-1]
                    ids = [s.name for s in subject if s.type == SelectorType.ID]
                    if len(parts) > 1 and ids:
                        subjects.add(ids[0])
                    else:
                        every = True  # (the screen itself, or parts not by id)
            self._restyled[key] = None if every else tuple(sorted(subjects))
        return self._restyled[key]

    def _styled(self) -> list[Widget]:
        """The nodes the panels' classes style: the board and side columns
        and the side's parts."""
        screen = self.screen
        nodes: list[Widget] = []
        for column in (screen.BOARD_ID, screen.SIDE_ID):
            found = screen.part(f"#{column}", Widget)
            if found is not None:
                nodes.append(found)
                if column == screen.SIDE_ID:
                    nodes.extend(found.children)
        for name in self.selectors:
            widget = self.widget(name)
            if widget is not None and widget not in nodes:
                nodes.append(widget)
        return nodes


def shown(widget: object, screen: object) -> bool:
    """``widget`` and every container it is in, up to ``screen``, are
    displayed and visible as their styles stand now (before the layout a
    change of the screen's classes asks for: what the next frame shows)."""
    node = widget
    while isinstance(node, Widget) and node is not screen:
        if not (node.display and node.visible):
            return False
        node = node.parent
    return True


__all__ = ["KIT_PANELS", "SidePanels", "shown"]
