"""A widget's styles for a look it had before, put back as they were worked
out (issue 49).

Textual styles a widget again whenever a class or a pseudo-class of it
changes (it takes or loses the focus): it matches the whole stylesheet
against the widget, and again against each of its component classes (an
action list has half a dozen: its options, the highlighted one ...).  A
widget that goes back and forth between two looks (the action list,
focused while a move is chosen, not once the board takes the focus back)
matches the same rules every time.  :class:`KeptLooks` keeps what each look
gave the widget and its component classes, and puts it back the next time
(the rules are the stylesheet's own: only the matching is saved).

A look is keyed by what the match reads of each node on the widget's path,
its pseudo-classes among them: only those some selector of the stylesheet
names (a handful of Textual's nineteen), the others read nothing the match
reads (``first-child``, ``odd`` and the like walk the node's siblings: most
of the key's cost, for classes no rule asks about).
"""

from __future__ import annotations

from typing import Any

from textual.css.model import RuleSet
from textual.dom import DOMNode
from textual.widget import Widget


class KeptLooks:
    """One widget's looks as styled: its own rules and its component
    classes', by everything the match reads (each node on its path's type,
    id, classes and pseudo-classes, the stylesheet's rules, the theme)."""

    #: Looks kept at most (each width, each focus: a few).
    LIMIT = 8

    def __init__(self) -> None:
        self._looks: dict[tuple[object, ...], tuple[Any, ...]] = {}

    def restyle(self, widget: Widget, animate: bool = True) -> None:
        """Style ``widget`` again, as Textual's ``update_node_styles`` does
        (which a widget calls this from overrides: Textual's own is called
        here as ``Widget``'s)."""
        if widget.children or not widget.is_attached:
            Widget.update_node_styles(widget, animate=animate)
            return
        app = widget.app
        rule_sets = app.stylesheet.rules  # (held with the look: its id is not reused meanwhile)
        bars = scrollbars(widget)
        asked = pseudo_classes_asked(rule_sets)
        key = (
            id(rule_sets),
            app.theme,
            tuple(node_look(node, asked) for node in widget.css_path_nodes),
            # (its scrollbars, styled with it, have pseudo-classes of their own)
            tuple(None if bar is None else node_look(bar, asked) for bar in bars),
        )
        look = self._looks.get(key)
        if look is None or look[0] is not rule_sets:
            Widget.update_node_styles(widget, animate=animate)
            rules = widget.styles.base.get_rules()
            if "transitions" in rules:
                return  # (Textual animates those: styled its way every time)
            if len(self._looks) >= self.LIMIT:
                self._looks.clear()
            components = {
                name: styles_node(widget, name).styles.base.get_rules()
                for name in component_classes(widget)
            }
            bar_rules = tuple(None if bar is None else bar.styles.base.get_rules() for bar in bars)
            self._looks[key] = (rule_sets, rules, components, bar_rules)
            return
        _, rules, components, bar_rules = look
        own = put_back(widget, rules)
        changed = False
        for name, component_rules in components.items():
            changed = put_back(styles_node(widget, name), component_rules) or changed
        if own or changed:
            # (The widget's styles read from its component classes are
            # cached with its own: both forgotten.)
            widget.notify_style_update()
        if changed:
            widget.refresh()
        # (Its scrollbars and their corner, as Textual's restyle does them.)
        for bar, kept in zip(bars, bar_rules, strict=True):
            if bar is not None and kept is not None and put_back(bar, kept):
                bar.notify_style_update()


def node_look(node: DOMNode, asked: tuple[str, ...] | None = None) -> tuple[object, ...]:
    """What the stylesheet's match reads of ``node``: its type, id, classes
    and pseudo-classes (of those in ``asked``, the pseudo-classes the
    stylesheet's selectors name, when given: a selector checks only its
    own, and a class no selector names matches nothing)."""
    if asked is None:
        pseudo = frozenset(node.get_pseudo_classes())
    else:
        pseudo = frozenset(name for name in asked if node.has_pseudo_class(name))
    return (type(node).__name__, node.id, frozenset(node.classes), pseudo)


#: The stylesheet's rules last read by ``pseudo_classes_asked`` and the
#: pseudo-classes their selectors name (the stylesheet makes a new list of
#: rules whenever it is parsed again).
_asked: tuple[list[RuleSet] | None, tuple[str, ...]] = (None, ())


def pseudo_classes_asked(rule_sets: list[RuleSet]) -> tuple[str, ...]:
    """The pseudo-classes some selector of ``rule_sets`` names (each rule
    set's, of all its selectors), in a fixed order."""
    global _asked
    kept, asked = _asked
    if kept is not rule_sets:
        asked = tuple(sorted(set().union(*(rule.pseudo_classes for rule in rule_sets))))
        _asked = (rule_sets, asked)
    return asked


def put_back(node: DOMNode, rules: Any) -> bool:
    """Give ``node`` the rules ``rules`` as Textual's ``replace_rules`` does
    (each rule that differs set, the others left): True if any differed."""
    base = node.styles.base
    now = base.get_rules()
    changed = [name for name in now.keys() | rules.keys() if now.get(name) != rules.get(name)]
    for name in changed:
        setattr(base, name, rules.get(name))
    return bool(changed)


def styles_node(widget: Widget, component: str) -> DOMNode:
    """The node that holds ``widget``'s styles for the component class
    ``component`` (Textual's, made at its last restyle)."""
    node = widget.get_component_styles(component).node
    assert node is not None
    return node


def scrollbars(widget: Widget) -> tuple[Widget | None, Widget | None, Widget | None]:
    """The scrollbars and the corner Textual styles with ``widget`` (those
    shown), as its restyle finds them."""
    vertical = bool(widget.show_vertical_scrollbar and widget.scrollbar_size_vertical)
    horizontal = bool(widget.show_horizontal_scrollbar and widget.scrollbar_size_horizontal)
    return (
        widget.vertical_scrollbar if vertical else None,
        widget.horizontal_scrollbar if horizontal else None,
        widget.scrollbar_corner if vertical and horizontal else None,
    )


class LooksKept:
    """For a widget (put before its widget class among the bases): styled
    again only for a look it has not had before, a look met before put
    back as it was worked out (:class:`KeptLooks`, one per widget)."""

    _kept_looks: KeptLooks | None = None

    def update_node_styles(self, animate: bool = True) -> None:
        assert isinstance(self, Widget)
        looks = self._kept_looks
        if looks is None:
            looks = self._kept_looks = KeptLooks()
        looks.restyle(self, animate)


def component_classes(widget: Widget) -> list[str]:
    """The component classes ``widget`` has styles for, its classes' and
    those it inherits."""
    names: set[str] = set()
    for base in type(widget).__mro__:
        names.update(base.__dict__.get("COMPONENT_CLASSES", ()))
    found = []
    for name in sorted(names):
        try:
            widget.get_component_styles(name)
        except KeyError:
            continue
        found.append(name)
    return found


__all__ = [
    "KeptLooks",
    "LooksKept",
    "component_classes",
    "node_look",
    "pseudo_classes_asked",
    "put_back",
    "scrollbars",
]
