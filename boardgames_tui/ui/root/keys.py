"""Root's keys on screen: the bindings (a direct key is bound to the kit's
``take('kind')``, its kind in :func:`.choices.keymap` its footer word,
``move`` ... ``done``), the keys that give way first in the key bar, and
the keys the help lists besides the footer's.  Which legal actions each key
stands for, when it is shown and why it does nothing are the key map's data,
in ``choices.py``; a faction's own keys and help lines are its screen
package's (registered before this module is read: ``ui/root/__init__.py``).
"""

from __future__ import annotations

from typing import Final

from textual.binding import Binding, BindingType

from boardgames_tui.games.root.model import RootState

from ..kit.keys import BACK, BOT_KEYS, COPY_KEY, FOCUS_KEYS, HELP, LIST, LOG, RESULTS, SAVE, UNDO
from .choices import action_of, letter_keys, seated
from .faction_ui import HelpLine
from .panels import READ_KEY
from .side_panel import BOARDS_KEY

#: The screen's keys, in the footer's order (the kit adds the rest:
#: Tab, copying, the replay's keys and a reason for every key of play).
KEYS: Final[list[BindingType]] = [
    Binding("enter,space", "act", "Act", show=False),
    *(Binding(k.letter, f"take('{action_of(k.letter)}')", k.footer) for k in letter_keys()),
    *(Binding(str(n), f"take('choose', {n})", str(n), show=False) for n in range(1, 10)),
    Binding("h", "cards", "Cards"),
    #: F2 reads the lines under the map whole: offered while they are cut
    #: (``check_action``), and working, unoffered, when they are not.
    Binding(READ_KEY, "read_detail('cut')", "Read all"),
    Binding(READ_KEY, "read_detail('whole')", "Read all", show=False),
    #: F3 shows every board whole: offered while the side shows some short
    #: (``check_action``), and working, unoffered, when it does not.
    Binding(BOARDS_KEY, "boards('short')", "Boards"),
    Binding(BOARDS_KEY, "boards('whole')", "Boards", show=False),
    LIST,
    LOG,
    HELP,
    UNDO,
    SAVE,
    RESULTS,
    *BOT_KEYS,
    BACK,
    *FOCUS_KEYS,
    COPY_KEY,
]

#: When the keys crowd the key bar, these give way, first to go first (the
#: card texts too, before the help; the boards first of all: the border under
#: the short boards names their key too).
GIVE_WAY: Final = (
    "boards",
    "command_palette",
    "save",
    "esc",
    "undo",
    "log",
    "picker",
    "cards",
    "help",
)

#: The help's keys every faction shares, each in its place in the list
#: (a faction's own lines go between them, and a faction may add its words
#: to a shared line, in parentheses: its screen package's ``clauses.help``).
SHARED_HELP: Final[tuple[HelpLine, ...]] = (
    HelpLine("↑ ↓ ← →", "Move the cursor over the clearings", 0),
    HelpLine(
        "Enter / Space", "Act in the clearing at the cursor; in a list decision, open the list", 1
    ),
    HelpLine(
        "M", "Move warriors from the clearing at the cursor: then point at where to, Enter", 2
    ),
    HelpLine("B", "Battle the enemy in the clearing at the cursor (the preview under the map)", 3),
    HelpLine(
        "Battle preview",
        "On a clearing where a battle may start: the most hits each side deals, "
        "defenceless, and what an ambush would do",
        4,
    ),
    HelpLine("U", "Build in the clearing at the cursor", 5),
    HelpLine("R", "Recruit", 8),
    HelpLine("C", "Craft a card", 9),
    HelpLine("E", "Use a crafted card's effect (Codebreakers, Tax Collector, Royal Claim ...)", 11),
    HelpLine("N", "End the step, or decline the choice", 16),
    HelpLine("1 … 9", "Take that choice, in a decision made from a list", 17),
    HelpLine("H", "The text of your cards, your crafted cards and the revealed ones", 18),
    HelpLine(
        "F2",
        "Read whole what is cut under the map (a long battle outlook, a busy clearing)",
        18,
    ),
    HelpLine(
        "F3",
        "Every faction's board whole (where the side has no room for them all, "
        "it shows them short: the seat, points, hand and what each board holds; "
        "a short board ending … has more there)",
        18,
    ),
    HelpLine("A / L", "The list of every legal action / the log (at 80 columns)", 19),
    HelpLine(
        "Enter",
        "A move that cannot be undone (a battle, ending a turn) asks first when "
        "the screen put the cursor there; its key, a number or the arrows take it",
        20,
    ),
    HelpLine(
        "Esc", "Cancel a move; back to the Woodland from a list; else ask to leave for the menu", 21
    ),
    HelpLine("Mouse", "Click a clearing to point at it; click again to act there", 22),
)


def direct_keys(state: RootState | None = None) -> list[tuple[str, str]]:
    """Direct keys the footer does not spell out, for the help screen: the
    shared lines with the words of the factions at the table added, and
    each seated faction's own (``None``: every registered faction's)."""
    screens = seated(state)
    lines: list[HelpLine] = []
    for line in SHARED_HELP:
        added = [s.clauses.help[line.key] for s in screens if line.key in s.clauses.help]
        words = f"{line.words} ({'; '.join(added)})" if added else line.words
        lines.append(HelpLine(line.key, words, line.order))
    lines += [line for s in screens for line in s.help_lines]
    return [(line.key, line.words) for line in sorted(lines, key=lambda h: h.order)]


class TableHelp:
    """The screen's help keys (``HELP_KEYS``), read afresh for its table:
    the keys of the factions seated there, none of another's."""

    def __get__(self, obj: object, owner: type | None = None) -> list[tuple[str, str]]:
        state = getattr(obj, "state", None) if obj is not None else None
        return direct_keys(state if isinstance(state, RootState) else None)


#: ``RootScreen.HELP_KEYS``.
HELP_KEYS: Final = TableHelp()
