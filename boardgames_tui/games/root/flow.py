"""Root's turn in words, for the game and the screen.  The turn itself is
in parts, each imported from where it lives:

- ``setup``: a new game (the table, the supply, the deck, the deal, who
  goes first);
- ``turn``: setup in setup-letter order, then Birdsong, Daylight and Evening
  for each seat in turn, the decisions waiting on the stack, what may be done
  now (``legal_actions``) and doing it (``perform``, then ``settle`` runs
  everything automatic until the next real decision);
- ``card_effects``: dominance and the crafted effects any faction may use;

and, here, the words: what an action is called (``describe``), what the
seat to act is asked (``prompt``) and the standing (``progress``).

Nothing here names a faction: each step that is a faction's own is answered
by its package (``factions/``), each decision by its kind's words and
handler.  The parts import one another, never this module.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from boardgames_tui.engine.game import Action

from . import core
from .actions import (
    ActivateDominance,
    Battle,
    ClearPath,
    Craft,
    Decline,
    DefenderFirst,
    Discard,
    Done,
    DrawFirst,
    Move,
    PlayAmbush,
    Remove,
    Sail,
    TakeDominance,
    TaxCollector,
    UseEffect,
)
from .battle import BattleEffects, CounterAmbush
from .card_effects import (
    single_enemy,
)
from .core import card_name, clearing_name, name
from .faction import FACTIONS
from .model import (
    RootState,
    card_of,
)
from .removal import Hits
from .turn import (
    acting,
    legal_actions,
    setup_order,
    to_act,
)

__all__ = [
    "EFFECT_TEXT",
    "STEP_DONE",
    "STEP_PROMPTS",
    "crafters_text",
    "describe",
    "done_text",
    "other_side",
    "progress",
    "prompt",
]


# ------------------------------------------------------------------ words
def other_side(state: RootState, number: int) -> int:
    """The other faction in the battle, or the only other one at the table."""
    b = state.battle
    if b is not None and number in (b.attacker, b.defender):
        return b.defender if number == b.attacker else b.attacker
    only = single_enemy(state, number)
    return only if only is not None else number


def describe(state: RootState, action: Action) -> str:
    f = acting(state)
    own = FACTIONS[f].describe(state, action)
    if own is not None:
        return own
    match action:
        case Done():
            return done_text(state)
        case Decline():
            # A decision's "no" in its own words (the ambush's, an exposure's).
            return state.stack[-1].done if state.stack else "Decline"
        case DrawFirst():
            return "Draw the Ferry's card now"
        case Sail():
            return (
                f"Sail {action.count} warrior{'s' if action.count > 1 else ''} on the Ferry from "
                f"{clearing_name(state, action.origin)} to {clearing_name(state, action.to)} "
                "(draw a card)"
            )
        case ClearPath():
            return (
                f"Spend {card_name(action.card)} to clear the closed path between "
                f"{clearing_name(state, action.a)} and {clearing_name(state, action.b)} (1 point)"
            )
        case Move():
            return (
                f"Move {action.count} warrior{'s' if action.count > 1 else ''} from "
                f"{clearing_name(state, action.origin)} to {clearing_name(state, action.to)}"
            )
        case Battle():
            if action.defender >= 0:
                them = action.defender
            else:
                found = core.defenders(state, f, action.clearing)
                them = found[0] if len(found) == 1 else other_side(state, f)
            return f"Battle the {name(them)} in {clearing_name(state, action.clearing)}"
        case PlayAmbush():
            verb = (
                "Cancel the ambush with"
                if state.stack and isinstance(state.stack[-1], CounterAmbush)
                else "Ambush with"
            )
            return f"{verb} {card_name(action.card)}"
        case UseEffect():
            text = EFFECT_TEXT[action.effect]
            if action.target >= 0:
                text = f"{text} (the {name(action.target)})"
            return text
        case DefenderFirst():
            return (
                f"Let the {name(other_side(state, f))} use battle effects first (you decide after)"
            )
        case TaxCollector():
            return f"Tax Collector: remove a warrior from {clearing_name(state, action.clearing)} to draw a card"
        case Remove():
            return f"Remove your {action.piece}"
        case Craft():
            c = card_of(action.card)
            return f"Craft {c.name} ({c.suit}) with {crafters_text(action.using)}"
        case Discard():
            return f"Discard {card_name(action.card)}"
        case ActivateDominance():
            return f"Activate {card_name(action.card)} (you score no more points)"
        case TakeDominance():
            return f"Spend {card_name(action.spend)} to take {card_name(action.card)}"
    for other in FACTIONS.values():
        words = other.describe(state, action)
        if words is not None:
            return words
    raise AssertionError(action)


def crafters_text(suits: Sequence[str]) -> str:
    """The crafting pieces a craft uses, by the suits of their clearings:
    ``crafting pieces in 2 fox clearings and a mouse one``."""
    counts = Counter(suits)
    parts = []
    for i, (suit, n) in enumerate(counts.items()):
        if i == 0:
            parts.append(f"a {suit} clearing" if n == 1 else f"{n} {suit} clearings")
        else:
            parts.append(f"a {suit} one" if n == 1 else f"{n} {suit} ones")
    return "crafting pieces in " + " and ".join(parts)


EFFECT_TEXT = {
    "royal_claim": "Royal Claim: discard it to score a point per clearing you rule",
    "stand_and_deliver": "Stand and Deliver!: take a random card from the enemy (they score 1)",
    "codebreakers": "Codebreakers: look at the enemy's hand",
    "brutal_tactics": "Brutal Tactics: deal an extra hit (the defender scores 1)",
    "sappers": "Sappers: discard them to deal an extra hit",
    "armorers": "Armorers: discard them to ignore the rolled hits you take",
    "better_burrow_bank": "Better Burrow Bank: you and this player draw a card",
}

STEP_DONE = {
    "birdsong": "End Birdsong",
    "daylight_start": "Start no battle (Command Warren)",
    "evening_start": "Take no move (Cobbler)",
    "discard": "End the turn",
}


def done_text(state: RootState) -> str:
    """What "done" means now: the decision's words, else the step's."""
    if state.stack:
        return state.stack[-1].done
    fac = FACTIONS[acting(state)]
    return STEP_DONE.get(state.step) or fac.step_done.get(state.step, "Done")


STEP_PROMPTS = {
    "birdsong": "Birdsong: use a Birdsong card, or go on to Daylight.",
    "daylight_start": "Start of Daylight: Command Warren lets you start a battle.",
    "evening_start": "Start of Evening: the Cobbler lets you take a move.",
    "discard": "Evening: discard down to five cards.",
}


def prompt(state: RootState) -> str:
    seat = to_act(state)
    if seat is None:
        return "The game is over."
    who = state.seats[seat].name
    f = acting(state)
    fac = FACTIONS[f]
    own = fac.prompt(state)
    if state.stack:
        p = state.stack[-1]
        text = p.asks
        if own is not None:
            text = own
        elif isinstance(p, BattleEffects) and DefenderFirst() in legal_actions(state):
            text = (
                "The dice are rolled and both sides may use a battle effect: use yours "
                f"first, or let the {name(other_side(state, f))} go first?"
            )
        elif isinstance(p, Hits):
            text = f"Taking {p.count} more hit{'s' if p.count > 1 else ''} in {clearing_name(state, p.clearing)}: choose the piece to remove."
        return f"{who} ({name(f)}): {text}"
    if own is not None:
        return f"{who} ({name(f)}): {own}"
    text = STEP_PROMPTS.get(state.step) or fac.step_prompts.get(state.step, "Decide.")
    return f"{who} ({name(f)}): {text}"


def progress(state: RootState) -> str:
    if state.turn_number == 0:
        return "Setup"
    scores = ", ".join(f"{name(f)} {state.player(f).vp}" for f in setup_order(state))
    return f"Turn {state.turn_number}, {name(state.turn)}: {scores} points"
