"""Root's keys on screen: the bindings (a direct key's screen action is its
footer word, ``move`` ... ``done``, a kind of :data:`.choices.KEYMAP`), the
keys that give way first in the key bar, and the keys the help lists
besides the footer's.  Which legal actions each key stands for, when it is
shown and why it does nothing are the key map's data, in ``choices.py``.
"""

from __future__ import annotations

from typing import Final

from textual.binding import Binding, BindingType

from boardgames_tui.ui.kit.keys import BOT_KEYS, COPY_KEY, FOCUS_KEYS, explain_keys

from .choices import LETTER_KEYS, action_of

#: The letters of the direct keys, in the footer's order.
LETTERS: Final = tuple(k.letter for k in LETTER_KEYS)

#: The screen's bindings, in the footer's order.
BINDINGS: Final[list[BindingType]] = [
    Binding("enter,space", "act", "Act", show=False),
    *(Binding(k.letter, action_of(k.letter), k.footer) for k in LETTER_KEYS),
    *(Binding(str(n), f"choose({n})", str(n), show=False) for n in range(1, 10)),
    Binding("h", "cards", "Cards"),
    Binding("a", "picker", "List"),
    Binding("l", "log", "Log"),
    Binding("f1", "help", "Help"),
    Binding("ctrl+z", "undo", "Undo"),
    Binding("ctrl+s", "save", "Save"),
    Binding("g", "results", "Results"),
    *BOT_KEYS,
    Binding("escape", "back", "Menu"),
    *FOCUS_KEYS,
    COPY_KEY,
    # Last for each key: when no binding above applies, say why.
    *explain_keys(("enter", "space", *LETTERS, *(str(n) for n in range(1, 10)))),
]

#: When the keys crowd the key bar, these give way, first to go first (the
#: card texts too, before the help).
GIVE_WAY: Final = (
    "command_palette",
    "save",
    "back",
    "menu",
    "undo",
    "log",
    "picker",
    "cards",
    "help",
)

#: Direct keys the footer does not spell out, for the help screen.
DIRECT_KEYS: Final = [
    ("↑ ↓ ← →", "Move the cursor over the clearings (the Burrow lies under the map)"),
    ("Enter / Space", "Act in the clearing at the cursor; in a list decision, open the list"),
    ("M", "Move warriors from the clearing at the cursor: then point at where to, Enter"),
    ("B", "Battle the enemy in the clearing at the cursor (the preview under the map)"),
    (
        "Battle preview",
        "On a clearing where a battle may start: the most hits each side deals, "
        "defenceless, and what an ambush would do",
    ),
    ("U", "Build in the clearing at the cursor"),
    ("D", "Dig a tunnel in the clearing at the cursor (the Duchy)"),
    ("O", "Overwork the sawmill at the cursor (the Marquise)"),
    ("R", "Recruit (the Eyrie: at the roost at the cursor, by their Decree)"),
    ("C", "Craft a card"),
    ("X", "Spend a bird card for an extra action (the Marquise)"),
    ("E", "Use a crafted card's effect (Codebreakers, Tax Collector, Royal Claim ...)"),
    ("S", "Sway a minister (the Duchy)"),
    ("P", "Take a swayed minister's action in Parliament (the Duchy)"),
    (
        "R M B U",
        "The Eyrie adding to their Decree: that column (Recruit, Move, Battle, Build), "
        "then the card; 1-9 a card of the hand, then its column",
    ),
    ("T", "Fall into Turmoil: a Decree card cannot be carried out (the Eyrie)"),
    ("N", "End the step, or decline the choice"),
    ("1 … 9", "Take that choice, in a decision made from a list"),
    ("H", "The text of your cards, your crafted cards and the revealed ones"),
    ("A / L", "The list of every legal action / the log (at 80 columns)"),
    (
        "Enter",
        "A move that cannot be undone (a battle, ending a turn) asks first when "
        "the screen put the cursor there; its key, a number or the arrows take it",
    ),
    ("Esc", "Cancel a move; back to the Woodland from a list; else ask to leave for the menu"),
    ("Mouse", "Click a clearing to point at it; click again to act there"),
]
