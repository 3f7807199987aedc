"""The side panels every game screen switches: the action list (A), the log
(L) and a game's own (Underwing's players, Tyrants' houses), once.

Where the screen is narrow, a panel opened takes the side's place (or, at a
crowded table, the board's): the screen carries the class ``-show-<name>``
of the panel open, which the game's stylesheet reads
(``UnderwingScreen.-narrow.-show-log #log { display: block; }``).  Only the
board and side columns and the side's panels are styled again when it
changes: restyling the whole screen cost the next move its board parts'
styles, worked out afresh.  And they are styled again only when a rule of
the stylesheet reads the class at the screen's other classes (the wide
screens show every panel at once: opening or closing the list restyles
nothing there).

A key opening a panel opens it and gives it the focus; pressed again (the
panel has the focus), or Esc, closes it and the focus goes back to the board
(``GameScreen.focus_board``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.css.model import CombinatorType, Selector, SelectorType
from textual.widget import Widget

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
        #: Whether toggling some classes restyles, by the classes and the
        #: screen's others (``_restyles``).
        self._restyled: dict[tuple[frozenset[str], frozenset[str]], bool] = {}

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
        if self._restyles(toggled):
            screen.app.stylesheet.update_nodes(self._styled(), animate=False)

    def _restyles(self, toggled: set[str]) -> bool:
        """Whether a rule of the stylesheet may match the screen with some
        of the ``toggled`` classes and not without them, as the screen's
        other classes stand (at 120 columns no rule of Underwing's reads
        which panel is open: the list opening or closing restyles
        nothing).  Worked out once per classes."""
        screen = self.screen
        others = frozenset(screen.classes) - toggled
        key = (frozenset(toggled), others)
        known = self._restyled.get(key)
        if known is None:
            names = {cls.__name__ for cls in type(screen).__mro__}
            known = self._restyled[key] = any(
                _compound_may_match(compound, toggled, others, names, screen.id)
                for rule in screen.app.stylesheet.rules
                for selectors in rule.selector_set
                for compound in _compounds(selectors.selectors)
            )
        return known

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


def _compounds(selectors: list[Selector]) -> list[list[Selector]]:
    """A selector's compounds (``Screen.-narrow.-show-log``, ``#log``):
    the simple selectors joined to the one before them."""
    compounds: list[list[Selector]] = []
    for selector in selectors:
        if compounds and selector.combinator == CombinatorType.SAME:
            compounds[-1].append(selector)
        else:
            compounds.append([selector])
    return compounds


def _compound_may_match(
    compound: list[Selector],
    toggled: set[str],
    others: frozenset[str],
    names: set[str],
    ident: str | None,
) -> bool:
    """Whether ``compound`` names one of the ``toggled`` classes and may
    match the screen (of the type ``names``) with its ``others`` classes
    as they stand: then toggling them may change what it styles."""
    classes = {s.name for s in compound if s.type == SelectorType.CLASS}
    if not classes & toggled:
        return False
    for simple in compound:
        if simple.type == SelectorType.TYPE and simple.name not in names:
            return False
        if simple.type == SelectorType.ID and simple.name != ident:
            return False
    return classes - toggled <= others


__all__ = ["KIT_PANELS", "SidePanels"]
