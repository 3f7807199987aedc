"""Underwing's keys as data: the bindings, and the kit's key map that says in
which decision each key means something, which legal actions it stands for
(:mod:`.choices`), the hint and why a key does nothing.

Each key of play is bound to ``take('kind')``: the kit shows or hides it
from the map (Enter's word by the decision its binding names), and the
screen decides only where Tab goes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

from textual.binding import Binding, BindingType

from boardgames_tui.engine.game import Action
from boardgames_tui.games.underwing.colours import ELEMENTS, LETTER
from boardgames_tui.games.underwing.model import UnderwingState

from ..kit.choice import KeyKind, KeyMap, Pick
from ..kit.keys import BACK, BOT_KEYS, COPY_KEY, FOCUS_KEYS, HELP, LIST, LOG, RESULTS, SAVE, UNDO
from ..kit.keys import panel as panel_key
from . import choices, targets
from .look import ELEMENT_KEYS
from .targets import Target


@dataclass(frozen=True)
class Here:
    """What the keys read: the state, the legal actions, the cursor's target."""

    state: UnderwingState
    legal: Sequence[Action]
    target: Target

    @cached_property
    def step(self) -> str:
        """The decision at hand (``choices.decision``), worked out once."""
        return targets.decision(self.state)

    @cached_property
    def kinds(self) -> frozenset[str]:
        """The kinds of the legal actions (which keys mean something)."""
        return frozenset(a.kind for a in self.legal)


def _enter(here: Here, step: str) -> Pick:
    """Enter on the board: send the trade, take the guaranteed element,
    choose among the elements or players on offer, or act at the cursor."""
    if step == "trade":
        return choices.send(here.legal)
    if step == "collect":
        return choices.collect(here.legal, guaranteed=True)
    if here.kinds & {"choose_element", "choose_seat"}:
        return choices.choices(here.state, here.legal)
    return choices.at(here.state, here.legal, here.target)


def _no(here: Here) -> Pick:
    return choices.pass_or_stop(here.state, here.legal)


def _element_shown(here: Here) -> bool:
    return here.step in ("trade", "group") or bool(
        here.kinds & {"choose_element", "place", "start_group", "choose_crystal"}
    )


#: Each key's kind of action: its decisions and the legal actions it picks.
KEYMAP: KeyMap[Here] = KeyMap(
    decision=lambda here: here.step,
    kinds=[
        # Shown for its own decision (the binding's parameter), with the
        # board focused.
        KeyKind("act", pick=_enter, board=True, step_param=True),
        KeyKind(
            "collect", ("collect",), lambda h, guaranteed: choices.collect(h.legal, guaranteed)
        ),
        KeyKind(
            "random_first",
            shown=lambda h: "random_first" in h.kinds,
            pick=lambda h: choices.random_first(h.state, h.legal),
        ),
        KeyKind("no", shown=lambda h: "pass" in h.kinds, pick=_no),
        KeyKind("no_more", shown=lambda h: "stop" in h.kinds, pick=_no),
        KeyKind("decline", ("answer",), _no),
        KeyKind("accept", ("answer",), lambda h: choices.accept(h.state, h.legal)),
        KeyKind(
            "element",
            shown=_element_shown,
            pick=lambda h, e: choices.with_element(h.state, h.legal, h.target, e),
        ),
        KeyKind(
            "ask",
            ("trade",),
            lambda h, e: choices.with_element(h.state, h.legal, h.target, e, ask=True),
        ),
        KeyKind(
            "seat",
            shown=lambda h: "choose_seat" in h.kinds,
            pick=lambda h, n: choices.seat(h.state, h.legal, n),
        ),
        KeyKind("call_off", ("trade",), lambda h: choices.cancel(h.legal)),
        KeyKind(
            "trade",
            shown=lambda h: "offer_trade" in h.kinds,
            pick=lambda h: choices.trade(h.state, h.legal),
        ),
    ],
    hint=lambda h: choices.hint(h.state, h.legal, h.target),
    explain=lambda h, key: choices.explain_key(h.state, h.legal, h.target, key),
)

_ELEMENT = Binding.Group("Element", compact=True)
_SEAT = Binding.Group("Player", compact=True)

#: Where Tab goes next -> the footer's word for it.
TAB_LABELS = {"field": "Field", "actions": "Actions", "log": "Log", "grounds": "Eggs"}


#: The screen's keys, in the footer's order.
KEYS: list[BindingType] = [
    # Enter in Phase 1 is C (the hint says so): the footer has no room for
    # both at 80 columns.
    Binding("enter,space", "take('act', 'collect')", "Collect", show=False),
    Binding("enter,space", "take('act', 'assign')", "Assign"),
    Binding("enter,space", "take('act', 'place')", "Place"),
    Binding("enter,space", "take('act', 'group')", "Place group"),
    Binding("enter,space", "take('act', 'effect')", "Choose"),
    Binding("enter", "take('act', 'trade')", "Send offer"),
    Binding("c", "take('collect', True)", "Take"),
    Binding("d", "take('collect', False)", "Random"),
    Binding("f", "take('random_first')", "Randoms"),
    Binding("n", "take('no')", "Pass"),
    Binding("n", "take('no_more')", "No more"),
    Binding("n", "take('decline')", "Decline"),
    *(Binding(str(n), f"take('seat', {n - 1})", str(n), group=_SEAT) for n in range(1, 7)),
    Binding("t", "trade", "Trade"),
    LIST,
    LOG,
    panel_key("m", "mats", "Players"),
    HELP,
    UNDO,
    SAVE,
    # The hint line spells the elements out; the footer has no room at 80.
    *(
        Binding(ELEMENT_KEYS[e], f"take('element', '{e}')", LETTER[e], group=_ELEMENT, show=False)
        for e in ELEMENTS
    ),
    Binding("y", "take('accept')", "Accept"),
    *(
        Binding(f"{LETTER[e]},shift+{ELEMENT_KEYS[e]}", f"take('ask', '{e}')", f"Ask {e}", False)
        for e in ELEMENTS
    ),
    RESULTS,
    *BOT_KEYS,
    # Esc calls a trade off (X too: the footer shows them together, "esc/x
    # Call off"), else the kit's.
    Binding("escape", "take('call_off')", "Call off"),
    Binding("x", "take('call_off')", "Call off"),
    BACK,
    # Tab goes round the parts: the grounds, the Field, the action list and
    # the log (those shown); the footer says where it goes next.
    *(Binding("tab", f"next_part('{part}')", label) for part, label in TAB_LABELS.items()),
    Binding("tab", "next_part('')", "Next part", show=False),
    FOCUS_KEYS[1],  # (Shift+Tab; Tab is the screen's own, above)
    COPY_KEY,
]

#: Direct keys the footer does not spell out, for the help screen.
HELP_KEYS = [
    ("↑ ↓ ← →", "Move the cursor over the eggs, their element spaces, or the Field"),
    ("Tab", "From the hatching grounds to the Field, then the action list and the log"),
    ("Enter / Space", "Act on what the cursor points at (claim, assign, recall, place, choose)"),
    (
        "R O Y G B P K W",
        "Place that element on the space at the cursor (where it combines with "
        "more, the next letters join it and Enter places them as one placement); "
        "take that crystal; choose that element; give it in a trade (K is black)",
    ),
    ("Shift+R … Shift+W", "Ask for that element in a trade"),
    ("C / D", "Phase 1: take the guaranteed element / draw a random one instead"),
    ("F", "Phase 1: draw your random elements first, then decide on the Field's"),
    ("N", "Pass (phase 2); take no more (an effect); decline a trade"),
    ("Y", "Accept a trade"),
    (
        "T",
        "Open a trade: who proposes, then with whom (any player, any time the "
        "game waits for a person); X calls it off, Enter sends it",
    ),
    ("1 … 6", "Choose that player (whom to steal from)"),
    ("A / L / M", "The list of every legal action / the log / the players (small terminals)"),
    ("G", "The results, when the game is over"),
    ("Esc", "Back to the board from a list; from the board, the main menu"),
    ("Mouse", "Click an egg, a space or a Field space to point at it; click again to act"),
]

__all__ = ["HELP_KEYS", "KEYMAP", "KEYS", "TAB_LABELS", "Here"]
