"""The Eyrie Dynasties' keys: what the direct keys stand for in the Eyrie's
own decisions, the hint line for them and the reasons a key does nothing.

- Birdsong, adding to the Decree (the ``decree_card`` decision): a digit
  picks a card of the hand (numbered as in the side panel), then the dialog
  asks its column; or R M B U pick a column (Recruit, Move, Battle, Build),
  then the dialog asks the card; N adds no second card.
- A leader to choose (setup, or after Turmoil): the digits, as in any list.
- A New Roost's site: Enter at a clearing marked ◆.
- Daylight, resolving the Decree: R recruits at the roost at the cursor, M
  moves from it, B battles there, U builds a roost there (Enter does what
  can be done at the cursor); T falls into Turmoil when a card cannot be
  carried out (the engine offers it only then).

Nothing here imports Textual; the shared key map (``ui/root/choices.py``)
asks these through the Eyrie's screen part.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final, cast

from boardgames_tui.engine.game import Action
from boardgames_tui.games.root import core
from boardgames_tui.games.root.factions.eyrie.actions import AddToDecree, ChooseLeader, Turmoil
from boardgames_tui.games.root.factions.eyrie.state import DECREE_COLUMNS, EYRIE
from boardgames_tui.games.root.model import HIDDEN, RootState, card_of

from ....kit.choice import Pick
from ...faction_ui import DialogKeys
from ...look import numbers
from .facts import card_suit, me, next_steps, resolving_now

if TYPE_CHECKING:
    from ...here import Here

#: The column each letter adds a card to while adding to the Decree.
COLUMN_KEYS: Final[dict[str, int]] = {"r": 0, "m": 1, "b": 2, "u": 3}
#: The letter of each Decree column, in order (the hint's "R M B U").
COLUMN_LETTERS: Final = "RMBU"


def adding(legal: Sequence[Action]) -> bool:
    """Whether the decision is a card to add to the Decree."""
    return any(isinstance(a, AddToDecree) for a in legal)


def column_pick(legal: Sequence[Action], letter: str) -> Pick | None:
    """R M B U while adding to the Decree: the cards that may go to that
    column (None: not adding, the letter keeps its usual meaning)."""
    if letter not in COLUMN_KEYS or not adding(legal):
        return None
    column = COLUMN_KEYS[letter]
    found = tuple(a for a in legal if isinstance(a, AddToDecree) and a.column == column)
    name = DECREE_COLUMNS[column].capitalize()
    if found:
        return Pick(found, "", f"Add which card to the Decree's {name} column?")
    return Pick((), f"No card of your hand may go to the {name} column now.")


def column_keys(actions: Sequence[Action]) -> DialogKeys | None:
    """In the dialog asking a card's column: R M B U take that column, as
    the hint offered (None: not that dialog)."""
    if not actions or not all(isinstance(a, AddToDecree) for a in actions):
        return None
    columns = {cast(AddToDecree, a).column: a for a in actions}
    if len(columns) != len(actions):
        return None
    letters = {COLUMN_LETTERS[c].lower(): a for c, a in sorted(columns.items())}
    return DialogKeys(letters, f"{' '.join(k.upper() for k in letters)}: that column")


def card_pick(state: RootState, legal: Sequence[Action], number: int) -> Pick | None:
    """A digit while adding to the Decree: that card of the hand (as the
    side panel numbers them), for each column it may go to (None: not
    adding, the digit chooses from the list as usual)."""
    if not adding(legal):
        return None
    hand = [c for c in state.player(EYRIE).hand if c != HIDDEN]
    if not 1 <= number <= len(hand):
        if not hand:
            return Pick((), "Your hand holds no cards.")
        return Pick((), f"Your hand holds {core.plural(len(hand), 'card')}: {numbers(len(hand))}.")
    name = card_of(hand[number - 1]).name
    found = tuple(a for a in legal if isinstance(a, AddToDecree) and card_of(a.card).name == name)
    if found:
        return Pick(found, "", f"Add {name} to which column?")
    return Pick((), f"{name} cannot be added now: at most one bird card a Birdsong.")


def turmoil_pick(legal: Sequence[Action]) -> Pick:
    """T: fall into Turmoil (offered only for a card that cannot be done)."""
    found = tuple(a for a in legal if isinstance(a, Turmoil))
    if found:
        return Pick(found, "", "Which card cannot be carried out?")
    return Pick((), "")


def turmoil_reason(state: RootState) -> str:
    """Why T does nothing now."""
    if state.turn == EYRIE and state.step == "resolve" and not state.stack:
        return (
            "Every card left in this Decree column can still be carried out: "
            "Turmoil comes only when one cannot."
        )
    return "The Eyrie fall into Turmoil in Daylight, when a Decree card cannot be carried out."


def cause(state: RootState, key: str, clearing: int) -> str | None:
    """Why a Decree key (R M B U) does nothing at the cursor while the
    Decree is being resolved: the column, or the suits left (None: not
    the Eyrie's Decree, the usual reasons)."""
    if not resolving_now(state) or state.stack or key not in COLUMN_KEYS:
        return None
    eyrie = me(state)
    column = COLUMN_KEYS[key]
    if eyrie.column >= len(DECREE_COLUMNS):
        return "The Decree is carried out for this Daylight: nothing more to resolve."
    if column != eyrie.column:
        name = DECREE_COLUMNS[eyrie.column].capitalize()
        return f"The Decree is at its {name} column: {COLUMN_LETTERS[eyrie.column]} resolves it."
    suits = sorted({card_suit(c) for c in eyrie.todo})
    suit = core.suit_of(state, clearing) or ""
    if "bird" not in suits and suit not in suits:
        return (
            f"No card left in the {DECREE_COLUMNS[column].capitalize()} column matches "
            f"{suit or 'that'} ({', '.join(suits)} left)."
        )
    return None


# -------------------------------------------------------------------- hint
def hint(here: Here) -> str | None:
    """The hint line for the Eyrie's own decisions (None: the usual one)."""
    state, legal = here.state, here.legal
    if adding(legal):
        hand = [c for c in state.player(EYRIE).hand if c != HIDDEN]
        done = any(a.kind == "done" for a in legal)
        parts = [f"{numbers(len(hand))}: a card of your hand, then its column"] if hand else []
        if done:
            parts.append("N: add no second card")
        parts.append("R M B U: a column (Recruit, Move, Battle, Build), then the card")
        return " · ".join(parts)
    leaders = [a for a in legal if isinstance(a, ChooseLeader)]
    if leaders and len(leaders) == len(legal):
        names = " · ".join(f"{i}: {a.leader.capitalize()}" for i, a in enumerate(leaders, 1))
        return f"Choose your leader: {names} (what each does: the Eyrie board, H)"
    return None


def decree_prefix(state: RootState, legal: Sequence[Action]) -> str:
    """While resolving the Decree, the column and the suits left: what the
    hint line begins with ("" otherwise)."""
    if not resolving_now(state) or state.stack or not legal:
        return ""
    steps = next_steps(state)
    if not steps:
        return ""
    suits = ", ".join(s.suit for s in steps)
    out = f"Decree {DECREE_COLUMNS[steps[0].column].capitalize()} ({suits})"
    if all(isinstance(a, Turmoil) for a in legal):
        out += " cannot be carried out · T: Turmoil"
    return out


def decree_suffix(legal: Sequence[Action]) -> str:
    """T, when a Decree card cannot be carried out (and others can): what
    the hint line ends with ("" otherwise)."""
    turmoil = [isinstance(a, Turmoil) for a in legal]
    return "T: Turmoil" if any(turmoil) and not all(turmoil) else ""
