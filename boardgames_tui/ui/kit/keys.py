"""The bindings every game screen and board writes the same way.

A game lists its own keys (``GameScreen.KEYS``, in the footer's order) with
the shared ones named here wherever it wants them in that order; the
screen kit adds what every game screen has besides (``assemble``): the
replay's keys, the bots' keys, copying, and last for each of the game's keys
a hidden binding to ``explain``, which says why the key does nothing now.

- the shared keys: :data:`LIST` (the action list), :data:`LOG`,
  :data:`HELP`, :data:`UNDO`, :data:`SAVE`, :data:`RESULTS`, :data:`BACK`
  (Esc: back to the board, or leave; the footer's word comes from the
  screen's mode), :data:`BOT_KEYS` (F5 the bots' pace and F6 skipping to
  your turn, shown wherever bots play; ``?`` the advice, hidden);
- :func:`panel`: a key opening a side panel of the game's own (Underwing's
  players at a crowded table, Tyrants' houses at 80 columns);
- :data:`FOCUS_KEYS`: Tab and Shift+Tab go round the focusable parts (a
  screen whose Tab says where it goes next lists its own Tab first);
- :data:`COPY_KEY`: copying the selected text, as Textual's screens have it;
- :func:`explain_keys`: hidden bindings to ``explain``, listed after the others;
- :data:`ARROWS`: a board's arrows, to its ``move`` action with the way;
- :data:`PICKER_KEYS`: the keys of the action list, which no footer shows,
  for the help screen.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from textual.binding import Binding, BindingType

from ..screens.game_advice import ADVICE_KEY, ADVICE_WHY

LIST: Final = Binding("a", "picker", "List")
LOG: Final = Binding("l", "log", "Log")
HELP: Final = Binding("f1", "help", "Help")
UNDO: Final = Binding("ctrl+z", "undo", "Undo")
SAVE: Final = Binding("ctrl+s", "save", "Save")
RESULTS: Final = Binding("g", "results", "Results")
#: Esc: closes what is open over the board, else leaves (its word in the
#: footer is the mode's: "Menu", "Leave seat", "Close").
BACK: Final = Binding("escape", "back", "Menu")
#: The bots' keys: shown wherever bots play (F5 at a table with a bot, F6
#: while one is to move and a person sits at the table), and ``?`` while
#: advice may be given.
BOT_KEYS: Final[tuple[Binding, ...]] = (
    Binding("f5", "pace", "Bot pace"),
    Binding("f6", "skip", "Skip to my turn"),
    ADVICE_KEY,
)
FOCUS_KEYS: Final = (
    Binding("tab", "app.focus_next", "Focus next", show=False),
    Binding("shift+tab", "app.focus_previous", "Focus previous", show=False),
)
COPY_KEY: Final = Binding("ctrl+c,super+c", "screen.copy_text", "Copy selected text", show=False)
#: Ctrl+Z where the footer does not offer undo (nothing it may take back):
#: a hidden binding after :data:`UNDO` that says why.
UNDO_WHY: Final = Binding("ctrl+z", "undo_why", "", show=False)
ARROWS: Final = tuple(
    Binding(way, f"move('{way}')", way.title(), show=False)
    for way in ("up", "down", "left", "right")
)
#: Keys the footer does not show, for the help screen.
PICKER_KEYS: Final = [
    ("↑ / ↓", "Move through the actions"),
    ("Enter", "Take the highlighted action"),
    ("1 … 9", "Take the numbered action"),
    ("Tab", "Move between the panels"),
    ("Ctrl+P", "Command palette (save, undo, rules …)"),
    ("F5", "Bot pace: how long each bot move stays in view (instant, normal, slow)"),
    ("F6", "While bots play: skip to your turn (they play on without pausing)"),
    ("?", "What would the bot do? The search's three best moves for you, with why"),
]


def panel(key: str, name: str, words: str) -> Binding:
    """A key opening (or closing) the game's side panel ``name``."""
    return Binding(key, f"panel('{name}')", words)


def explain_keys(keys: Iterable[str]) -> list[Binding]:
    """A hidden ``explain`` binding for each key, to list after the others."""
    return [Binding(key, f"explain('{key}')", "", show=False) for key in keys]


def _keys_of(binding: BindingType) -> list[str]:
    if isinstance(binding, Binding):
        return binding.key.split(",")
    return str(binding[0]).split(",")


def played_keys(bindings: Sequence[BindingType]) -> list[str]:
    """The keys of the bindings that play something (``take(...)``), each
    once, in order: those a hidden ``explain`` binding follows."""
    keys: list[str] = []
    for binding in bindings:
        action = binding.action if isinstance(binding, Binding) else str(binding[1])
        if action.startswith("take("):
            keys += [key for key in _keys_of(binding) if key not in keys]
    return keys


def assemble(
    keys: Sequence[BindingType], explained: Sequence[str], last: Sequence[Binding] = ()
) -> list[BindingType]:
    """A game screen's bindings: the game's ``keys`` in the footer's order,
    the bots' keys and copying unless the game placed them, Tab round the
    parts unless the game binds Tab, ``last`` (the replay's, priority keys
    its mode turns on: a key the game binds keeps the game's place in the
    footer), then an ``explain`` binding for every key of ``take(...)`` and
    every key in ``explained``."""
    bound = {key for binding in keys for key in _keys_of(binding)}
    extra: list[BindingType] = [b for b in BOT_KEYS if b.key not in bound]
    if "tab" not in bound:
        extra += list(FOCUS_KEYS)
    elif "shift+tab" not in bound:
        extra.append(FOCUS_KEYS[1])
    if COPY_KEY not in keys:
        extra.append(COPY_KEY)
    said = [*played_keys(keys), *(k for k in explained if k not in played_keys(keys))]
    if any(isinstance(b, Binding) and b.action == UNDO.action for b in keys):
        extra.append(UNDO_WHY)
    if ADVICE_KEY in keys or ADVICE_KEY in extra:
        extra.append(ADVICE_WHY)
    return [*keys, *extra, *last, *explain_keys(said)]


__all__ = [
    "ARROWS",
    "BACK",
    "BOT_KEYS",
    "COPY_KEY",
    "FOCUS_KEYS",
    "HELP",
    "LIST",
    "LOG",
    "PICKER_KEYS",
    "RESULTS",
    "SAVE",
    "UNDO",
    "UNDO_WHY",
    "assemble",
    "explain_keys",
    "panel",
    "played_keys",
]
