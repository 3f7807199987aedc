"""Incubation's keys as data: the bindings, and the kit's key map that says
in which decision each key means something, which legal action it stands for
(``choices.py``'s ``pick_*``), the hint and why a key does nothing.

A key of play is bound to ``take('kind')``: the kit shows it, dims it (it
would mean something, but nothing fits: an empty deck, an objective not
met) or hides it, from the map, and plays what it picks.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from textual.binding import Binding, BindingType

from boardgames_tui.engine.game import Action
from boardgames_tui.games.incubation.cards import COLOURS
from boardgames_tui.games.incubation.model import IncubationState

from ..kit.choice import KeyKind, KeyMap
from ..kit.keys import BACK, BOT_KEYS, HELP, LIST, LOG, RESULTS, SAVE, UNDO
from . import choices
from .choices import Selection
from .look import SECTION_KEYS


@dataclass(frozen=True)
class Here:
    """What the keys read: the state, the legal actions, the selection."""

    state: IncubationState
    legal: Sequence[Action]
    selection: Selection


_SECTION_STEPS = ("double_chest", "excess")

#: Each key's kind of action: its decisions and the legal action it picks.
KEYMAP: KeyMap[Here] = KeyMap(
    decision=lambda here: choices.decision(here.state),
    kinds=[
        KeyKind("roll", ("roll",), lambda h: choices.pick_roll(h.state, h.legal)),
        KeyKind(
            "confirm_reroll",
            ("reroll",),
            lambda h: choices.pick_reroll(h.state, h.legal, set(h.selection.marked)),
        ),
        KeyKind("mark", ("reroll",)),
        KeyKind(
            "use_die", ("dice",), lambda h: choices.pick_use(h.state, h.legal, h.selection.die)
        ),
        KeyKind("other_die", ("dice",), shown=lambda h: choices.two_free_dice(h.state)),
        KeyKind(
            "deck",
            ("starting_egg", "dice"),
            lambda h, deck: choices.pick_deck(h.state, h.legal, deck, h.selection.die),
            dim=True,
        ),
        KeyKind(
            "incubator",
            ("place",),
            lambda h, slot: choices.pick_incubator(h.state, h.legal, slot),
            dim=True,
        ),
        KeyKind(
            "take_section",
            _SECTION_STEPS,
            lambda h: choices.pick_section(h.state, h.legal, h.selection.cursor),
        ),
        KeyKind("ring", _SECTION_STEPS),
        KeyKind("section", _SECTION_STEPS, lambda h, n: choices.pick_section(h.state, h.legal, n)),
        KeyKind(
            "claim",
            ("objective",),
            lambda h, index: choices.pick_objective(h.state, h.legal, index),
            dim=True,
        ),
        KeyKind("decline", ("objective",), lambda h: choices.pick_decline(h.state, h.legal)),
    ],
    hint=lambda h: choices.hint(h.state, h.selection, h.legal),
    explain=lambda h, key: choices.explain_key(h.state, h.legal, key, h.selection),
)

_DECK = Binding.Group("Egg from deck", compact=True)
_MARK = Binding.Group("Mark die to reroll", compact=True)
_INCUBATOR = Binding.Group("Token on incubator", compact=True)
_CLAIM = Binding.Group("Claim objective", compact=True)
_SECTION = Binding.Group("Section", compact=True)
_DIE = Binding.Group("Other die", compact=True)
_RING = Binding.Group("Around the ring", compact=True)

#: The screen's keys, in the footer's order.
KEYS: list[BindingType] = [
    Binding("enter", "take('roll')", "Roll"),
    Binding("enter", "take('confirm_reroll')", "Confirm dice"),
    Binding("enter", "take('use_die')", "Use die"),
    Binding("u", "take('use_die')", "Use die", show=False),
    Binding("enter", "take('take_section')", "Take section"),
    *(
        Binding(str(n), f"take('deck', {n - 1})", f"Egg from deck {n}", group=_DECK)
        for n in range(1, 4)
    ),
    *(Binding(str(n), f"mark({n - 1})", f"Mark die {n}", group=_MARK) for n in (1, 2)),
    *(
        Binding(str(n), f"take('incubator', {n - 1})", f"Incubator {n}", group=_INCUBATOR)
        for n in (1, 2)
    ),
    *(
        Binding(str(n), f"take('claim', {n - 1})", f"Claim objective {n}", group=_CLAIM)
        for n in range(1, 6)
    ),
    Binding("n", "take('decline')", "No claim"),
    Binding("left", "other_die", "Other die", group=_DIE),
    Binding("right", "other_die", "Other die", group=_DIE),
    Binding("left", "ring(-1)", "Anticlockwise", group=_RING),
    Binding("right", "ring(1)", "Clockwise", group=_RING),
    *(
        Binding(key, f"section({i})", COLOURS[i], group=_SECTION)
        for i, key in enumerate(SECTION_KEYS)
    ),
    Binding("r", "take('roll')", "Roll", show=False),
    RESULTS,
    *BOT_KEYS,
    LIST,
    Binding("v", "dragons", "Dragons"),
    LOG,
    UNDO,
    SAVE,
    HELP,
    BACK,
]

#: Direct keys the footer does not spell out, for the help screen.
HELP_KEYS = [
    ("Enter", "Roll; keep or reroll the marked dice; use the chosen die; take the section"),
    ("R", "Roll the dice (when choosing a section: red)"),
    ("1 2", "Mark a die to reroll; put the token in hand on that incubator"),
    ("1 2 3", "Take the top egg of that deck (with the chosen die)"),
    ("← →", "Choose the other die; move around the ring"),
    ("R O Y G B P K W", "Choose that section of the Market (K is black)"),
    ("1 … 5", "Claim that objective"),
    ("N", "Claim no objective this turn"),
    ("A", "Every legal action as a list (the picker)"),
    ("V", "Every player's dragons (four or five players at 80 columns)"),
]
