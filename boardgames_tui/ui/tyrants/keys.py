"""Tyrants' keys as data: the bindings, and the kit's key map that says
which legal actions each key stands for (``choices.py``), when a key is
shown, the hint and why a key does nothing.

The map's keys (D deploy, X remove a troop, M move, S spy) act on the map's
cursor from any panel; Enter acts on what the part with the focus points at;
E and N wherever the cursor is; a digit takes a numbered choice or plays that
card of the hand.  Each is bound to ``take('kind')``: the kit shows it
when it means something in this decision and hides it otherwise (a hidden
key falls through to ``explain``, which says why it does nothing).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property

from textual.binding import Binding, BindingType

from boardgames_tui.engine.game import Action
from boardgames_tui.games.tyrants.model import TyrantsState

from ..kit.choice import KeyKind, KeyMap, Pick
from ..kit.keys import BACK, BOT_KEYS, COPY_KEY, HELP, LIST, LOG, RESULTS, SAVE, UNDO, panel
from . import choices
from .choices import SPACE_KINDS, Pointer


@dataclass(frozen=True)
class Here:
    """What the keys read: the state, the legal actions, what the part with
    the focus points at, the map's cursor, whether the cards panel is the
    part the keys act in (it has the focus, or had it last), and whether C
    has something to read there."""

    state: TyrantsState
    legal: Sequence[Action]
    pointer: Pointer | None
    map_pointer: Pointer | None
    cards: bool = False
    #: C reads something at the cursor (the screen's ``check_action``).
    readable: bool = False

    @cached_property
    def kinds(self) -> frozenset[str]:
        return frozenset(a.kind for a in self.legal)


#: The direct keys, by their kind in the key map.
DIRECT = {"deploy": "d", "remove": "x", "move_troop": "m", "spy": "s", "end_turn": "e", "stop": "n"}


def _direct(key: str, on_map: bool) -> Callable[[Here], Pick]:
    """D X M S act at the map's cursor from any panel; E and N wherever it is."""
    return lambda h: choices.direct(h.state, h.legal, key, h.map_pointer if on_map else h.pointer)


def _shown(key: str) -> Callable[[Here], bool]:
    """A direct key is shown while a legal action is of its kind."""
    if key in "en":
        return lambda h: {"e": "end_turn", "n": "stop"}[key] in h.kinds
    return lambda h: (
        (key == "d" and "deploy_for_vp" in h.kinds)
        or any(SPACE_KINDS.get(kind) == key for kind in h.kinds)
    )


def explain(h: Here, key: str) -> str:
    """Why ``key`` does nothing now, in a sentence."""
    if key in ("enter", "space"):
        reason = choices.at(h.state, h.legal, h.pointer).reason
    elif key == "c":
        reason = (
            "C reads what the cursor points at: point at a space or a card."
            if h.pointer is None
            else "Everything at the cursor is shown already: C reads a card's whole "
            "text, or a space's or a choice's words when they have no room."
        )
    elif key.isdigit():
        reason = choices.numbered(h.state, h.legal, int(key) - 1).reason
    else:
        reason = _direct(key, key in "dxms")(h).reason
    return reason or f"{key.upper()} does nothing now."


#: Each key's kind of action: when it is shown and the legal actions it picks.
KEYMAP: KeyMap[Here] = KeyMap(
    decision=lambda h: h.state.phase,
    kinds=[
        KeyKind("act", pick=lambda h: choices.at(h.state, h.legal, h.pointer), board=True),
        *(
            KeyKind(kind, pick=_direct(key, key in "dxms"), shown=_shown(key))
            for kind, key in DIRECT.items()
        ),
        KeyKind("number", pick=lambda h, n: choices.numbered(h.state, h.legal, n)),
    ],
    hint=lambda h: choices.hint(h.state, h.legal, h.pointer, cards=h.cards, readable=h.readable),
    explain=explain,
)

_SPACE = Binding.Group("At the cursor", compact=True)
#: The score, the board in words and one's own cards: one entry of the footer.
_VIEWS = Binding.Group("Overviews", compact=True)

#: The screen's keys, in the footer's order.
KEYS: list[BindingType] = [
    Binding("enter", "take('act')", "Act"),
    Binding("space", "take('act')", "Act", show=False),
    Binding("d", "take('deploy')", "Deploy", group=_SPACE),
    Binding("x", "take('remove')", "Remove", group=_SPACE),
    Binding("m", "take('move_troop')", "Move", group=_SPACE),
    Binding("s", "take('spy')", "Spy", group=_SPACE),
    Binding("e", "take('end_turn')", "End turn"),
    Binding("n", "take('stop')", "Stop"),
    *(Binding(str(n), f"take('number', {n - 1})", str(n), show=False) for n in range(1, 10)),
    Binding("c", "card", "Read"),
    Binding("tab", "switch", "Map/cards"),
    LIST,
    panel("h", "houses", "Houses"),
    LOG,
    HELP,
    UNDO,
    SAVE,
    RESULTS,
    *BOT_KEYS,
    # After the keys of play: shown when the footer has room.
    Binding("v", "score", "Score", group=_VIEWS),
    Binding("o", "overview", "Overview", group=_VIEWS),
    Binding("y", "own_cards", "My cards", group=_VIEWS),
    Binding("p", "piles", "Piles", group=_VIEWS),
    BACK,
    Binding("shift+tab", "switch", "Map/cards", show=False),
    COPY_KEY,
]

#: Direct keys the footer does not spell out, for the help screen.
HELP_KEYS = [
    (
        "↑ ↓ ← →",
        "Move the cursor: to the nearest site or route space that way on the map; up and down the cards",
    ),
    ("Tab", "From the map to the cards and back"),
    (
        "Enter / Space",
        "Act on what the cursor points at (several ways: a short list to choose from)",
    ),
    ("1 … 9", "Play that card of your hand; or take that numbered choice of a card"),
    (
        "D",
        "Deploy a troop at the cursor (setup: place your first troop; a move: put the troop there)",
    ),
    ("X", "Assassinate, supplant or return a troop at the cursor"),
    ("M", "Pick up an enemy troop at the cursor to move it"),
    ("S", "Place a spy, or return a spy, at the cursor"),
    ("E", "End your turn (asks first if cards, or power or influence you could spend, are left)"),
    ("N", 'Stop: decline a cost, or take no more of an "up to" effect'),
    (
        "C",
        "Read all of what the cursor points at: a card's whole text, a site's or a choice's words",
    ),
    ("A / L / H", "The list of every legal action / the log / the houses (80 columns)"),
    ("V", "The score as it stands: each house's VP if the game ended now, part by part"),
    ("O", "The overview: where each house has troops and spies, and who controls each site"),
    ("Y", "Your own cards by zone: hand, played, deck, discard pile and inner circle"),
    ("P", "Every house's discard pile and inner circle (open to all; hands and decks stay hidden)"),
    ("G", "The results, when the game is over"),
    ("Esc", "Close the list, log or panel that is open; with none, ask to leave for the menu"),
    ("Mouse", "Click a space or a card to point at it; click again to act"),
]
