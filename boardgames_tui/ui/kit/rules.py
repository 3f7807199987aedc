"""What a stylesheet's rules read, for restyling only what a change can
restyle (Textual restyles a node and everything in it whenever a class or
the focus changes on it, rule or no rule).

- :func:`compounds`: a selector's compounds (``Screen.-narrow.-show-log``,
  ``#log``).
- :func:`compound_may_match`: whether a compound that names some classes
  being toggled may match a node with its other classes as they stand.
- :func:`focus_restyles`: whether any rule reads the focus of a widget
  (``:focus``, ``:focus-within`` on it or on what it holds): a board part
  taking or losing the focus restyles nothing when none does (its cursor
  shows the focus, drawn by the part).
"""

from __future__ import annotations

from textual.css.model import CombinatorType, Selector, SelectorType
from textual.widget import Widget

#: The pseudo-classes that follow the focus.
FOCUS = frozenset({"focus", "focus-within", "blur"})


def compounds(selectors: list[Selector]) -> list[list[Selector]]:
    """A selector's compounds (``Screen.-narrow.-show-log``, ``#log``):
    the simple selectors joined to the one before them."""
    found: list[list[Selector]] = []
    for selector in selectors:
        if found and selector.combinator == CombinatorType.SAME:
            found[-1].append(selector)
        else:
            found.append([selector])
    return found


def compound_may_match(
    compound: list[Selector],
    toggled: set[str],
    others: frozenset[str],
    names: set[str],
    ident: str | None,
) -> bool:
    """Whether ``compound`` names one of the ``toggled`` classes (any, if
    none are) and may match a node of the types ``names`` and the id
    ``ident`` with its ``others`` classes as they stand: then toggling them
    may change what it styles."""
    classes = {s.name for s in compound if s.type == SelectorType.CLASS}
    if toggled and not classes & toggled:
        return False
    for simple in compound:
        if simple.type == SelectorType.TYPE and simple.name not in names:
            return False
        if simple.type == SelectorType.ID and simple.name != ident:
            return False
    return classes - toggled <= others


def focus_restyles(widget: Widget) -> bool:
    """Whether a rule of the stylesheet reads ``widget``'s focus: a compound
    with a focus pseudo-class that may match it (its types, id and classes)
    or, for ``:focus-within``, a node it holds (not known: said yes)."""
    names = {cls.__name__ for cls in type(widget).__mro__}
    classes = frozenset(widget.classes)
    for rule in widget.app.stylesheet.rules:
        if not rule.pseudo_classes & FOCUS:
            continue
        for selectors in rule.selector_set:
            for compound in compounds(selectors.selectors):
                pseudo = set().union(*(s.pseudo_classes for s in compound))
                if not pseudo & FOCUS:
                    continue
                if compound_may_match(compound, set(), classes, names, widget.id):
                    return True
                if "focus-within" in pseudo and widget.children:
                    return True
    return False


__all__ = ["FOCUS", "compound_may_match", "compounds", "focus_restyles"]
