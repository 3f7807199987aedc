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
"""

from __future__ import annotations

from typing import Any

from textual.widget import Widget


class KeptLooks:
    """One widget's looks as styled: its own rules and its component
    classes', by everything the match reads (each node on its path's type,
    id, classes and pseudo-classes, the stylesheet's rules, the theme)."""

    #: Looks kept at most (each width, each focus: a few).
    LIMIT = 8

    def __init__(self) -> None:
        self._looks: dict[tuple[object, ...], tuple[object, Any, dict[str, Any]]] = {}

    def restyle(self, widget: Widget, animate: bool = True) -> None:
        """Style ``widget`` again, as Textual's ``update_node_styles`` does
        (which a widget calls this from overrides: Textual's own is called
        here as ``Widget``'s)."""
        if widget.children or not widget.is_attached:
            Widget.update_node_styles(widget, animate=animate)
            return
        app = widget.app
        sheet = app.stylesheet
        rule_sets = sheet.rules  # (held with the look: its id is not reused meanwhile)
        key = (
            id(rule_sets),
            app.theme,
            tuple(
                (
                    type(node).__name__,
                    node.id,
                    frozenset(node.classes),
                    frozenset(node.get_pseudo_classes()),
                )
                for node in widget.css_path_nodes
            ),
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
                name: widget.get_component_styles(name).node.styles.base.get_rules()  # type: ignore[union-attr]
                for name in component_classes(widget)
            }
            self._looks[key] = (rule_sets, rules, components)
            return
        _, rules, components = look
        sheet.replace_rules(widget, rules, animate=False)
        changed = False
        for name, component_rules in components.items():
            node = widget.get_component_styles(name).node
            assert node is not None
            if node.styles.base.get_rules() != component_rules:
                sheet.replace_rules(node, component_rules, animate=False)
                changed = True
        if changed:
            widget.refresh()
        # (Its scrollbars and their corner, as Textual's restyle does them.)
        vertical = widget.show_vertical_scrollbar and widget.scrollbar_size_vertical
        horizontal = widget.show_horizontal_scrollbar and widget.scrollbar_size_horizontal
        if vertical:
            sheet.apply(widget.vertical_scrollbar)
        if horizontal:
            sheet.apply(widget.horizontal_scrollbar)
        if vertical and horizontal:
            sheet.apply(widget.scrollbar_corner)


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


__all__ = ["KeptLooks", "component_classes"]
