"""The questions Root's moves ask first (issue 45, items 3 and 4): ending a
step of one's turn with something left undone (N with two actions left, N at a
step with a piece still to place), and spending a card
from one's hidden hand (Overwork, a Mobilize, an Outrage's card, a discard).

The shared rule is here and names no faction: a step ends with something
undone when "done" is taken in one of the turn's steps (not a decision on
the stack: declining an effect or the second move of a march is the
decision's own answer) while other moves of that step are legal.  What is
left is said in the words of the faction whose step it is
(``FactionScreen.left_undone``: "2 actions left"), or else by the keys that
would still do something ("move, battle, build").  Optional card effects
(E) are never counted as left undone.  Nothing here imports Textual.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import fields

from boardgames_tui.engine.game import Action
from boardgames_tui.games.root.model import HIDDEN, RootState, card_of

from ..kit.choice import Ask
from .choices import letter_keys
from .faction_ui import screen_of
from .reading import deciding

#: Actions that only say "no more" (never something left undone).
ENDING = frozenset({"done", "decline"})
#: Optional card effects: using none is no step left undone.
OPTIONAL = frozenset({"effect", "tax_collector"})
#: Moves naming a card of the hand that do not spend it: crafting is the
#: card's own use (the move is named for it), a reveal keeps it in the hand.
KEEPS_CARD = frozenset({"craft", "reveal"})


def still_possible(legal: Sequence[Action]) -> list[Action]:
    """The moves of the step besides ending it (card effects aside)."""
    return [a for a in legal if a.kind not in ENDING | OPTIONAL]


def key_words(actions: Sequence[Action]) -> str:
    """The keys' words for ``actions``, each once, in the footer's order
    ("move, battle, recruit"); "other choices" for moves no key stands for."""
    kinds = {a.kind for a in actions}
    words = [k.word for k in letter_keys() if kinds & set(k.kinds)]
    covered = {kind for k in letter_keys() for kind in k.kinds}
    if kinds - covered:
        words.append("other choices")
    return ", ".join(dict.fromkeys(words))


def still_words(actions: Sequence[Action]) -> str:
    """What is still possible, in a sentence: the cards that could still be
    crafted, else the keys that would still do something."""
    if all(a.kind == "craft" for a in actions):
        cards = len({card_field(a) for a in actions})
        return f"{cards} card{'s' if cards != 1 else ''} could still be crafted."
    return f"Still possible: {key_words(actions)}."


def actions_left(count: int, what: str = "action") -> str:
    """A faction's words for a step with ``count`` actions left ("" for none)."""
    if count <= 0:
        return ""
    return f"{count} {what}{'s' if count != 1 else ''} {'are' if count != 1 else 'is'} left."


def left_undone(
    state: RootState,
    legal: Sequence[Action],
    action: Action,
    describe: Callable[[Action], str],
    final: bool = False,
) -> Ask | None:
    """The question ``action`` asks when it ends a step of the turn leaving
    something undone, or None.  ``final``: it cannot be taken back (the
    draw, the hand-off)."""
    if action.kind != "done" or state.stack or state.setting_up >= 0:
        return None
    others = still_possible(legal)
    if not others:
        return None
    words = screen_of(state.turn).left_undone(state, legal)
    if words is None:
        words = still_words(others)
    if not words:
        return None
    end = describe(action)
    tail = "\nIt cannot be undone once taken." if final else ""
    return Ask(f"{end}? {words}{tail}", end, "Keep playing")


def card_field(action: Action) -> int | None:
    """The card an action names (its ``card`` field), if any."""
    if any(f.name == "card" for f in fields(action)):
        found = getattr(action, "card")  # noqa: B009 - a field of the action's class
        return found if isinstance(found, int) else None
    return None


def spent_card(state: RootState, action: Action) -> str:
    """The name of the card ``action`` takes out of the deciding player's
    hidden hand to pay or answer for something (Overwork, a Mobilize, an
    ambush, an Outrage's card, a discard), or "" (crafting the card, any
    other move)."""
    if action.kind in KEEPS_CARD:
        return ""
    card = card_field(action)
    if card is None or card == HIDDEN:
        return ""
    if card not in state.player(deciding(state)).hand:
        return ""
    return card_of(card).name


def turn_owner(state: RootState) -> int | None:
    """The seat whose turn it is (the faction setting up, during setup);
    None once the game is over."""
    if state.over:
        return None
    faction = state.setting_up if state.setting_up >= 0 else state.turn
    return state.seat(faction)
