"""The questions a Root move asks before it is made (issue 45, items 3 and
4), for the screen's ``left_undone`` and ``spent_card``:

- N ending a step (Daylight with actions left, the Duchy's sway step)
  while other moves are still open asks once first;
- a move that spends a card from the hand (the card goes to the discard
  pile: an overwork, an extra action, a dig, a discard down to the hand's
  limit ...) names the card and asks first: the hand is hidden, and a key
  meant for something else must not spend it.

Both read only what the deciding seat may see, and name no faction: what a
move does to the hand is found by trying it on a copy.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from boardgames_tui.engine.game import Action, Game, copy_state
from boardgames_tui.games.root.clearings import card_name
from boardgames_tui.games.root.model import RootState

from ..kit.choice import Ask
from .choices import deciding


def left_undone(
    legal: Sequence[Action], action: Action, describe: Callable[[Action], str]
) -> Ask | None:
    """N (``done``) while other moves are open: "End Daylight, with 5 other
    moves still open?" (None for any other move, or nothing else open)."""
    if action.kind != "done":
        return None
    others = sum(1 for a in legal if a.kind != "done")
    if not others:
        return None
    moves = "move" if others == 1 else "moves"
    return Ask(f"{describe(action)}, with {others} other {moves} still open?", "End it")


def spends_from_hand(game: Game[RootState, Action], state: RootState, action: Action) -> str:
    """The name of the card ``action`` takes from the deciding seat's hand
    to the discard pile, or ""."""
    card = getattr(action, "card", None)
    if not isinstance(card, int) or card not in state.player(deciding(state)).hand:
        return ""
    trial = copy_state(state)
    try:
        game.apply(trial, action)
    except Exception:  # (an action the rules refuse spends nothing)
        return ""
    return card_name(card) if trial.discard.count(card) > state.discard.count(card) else ""


__all__ = ["left_undone", "spends_from_hand"]
