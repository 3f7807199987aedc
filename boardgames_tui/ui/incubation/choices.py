"""Direct keys (and clicks) to legal actions.

Every function here builds the action a key stands for and returns it only
when it is one of the engine's legal actions; otherwise it returns the reason
the engine gives, in a player's words (the kit's ``Pick``, see
``ui/kit/choice.py``; ``keys.py`` binds these to the screen's keys as data).  So a key can never make a move the
action picker would not offer.  Nothing here imports Textual: the screen calls
these and the tests call them directly.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from boardgames_tui.engine.game import Action
from boardgames_tui.games.incubation.actions import (
    ChooseStartingEgg,
    ClaimObjective,
    CollectTreasure,
    DeclineObjective,
    IncubationAction,
    KeepDice,
    PlaceExcess,
    PlaceToken,
    RerollDice,
    RollDice,
    TakeEgg,
    UseDice,
)
from boardgames_tui.games.incubation.cards import SECTIONS, objective
from boardgames_tui.games.incubation.model import IncubationState
from boardgames_tui.games.incubation.queries import free_dice, paired, token_in_hand
from boardgames_tui.games.incubation.words import explain_illegal, prompt

from ..kit.choice import Ask, Pick, match
from .look import SECTION_KEYS, face_effect

SECTION_KEYS_SET = frozenset(SECTION_KEYS)

Decision = Literal[
    "starting_egg",
    "roll",
    "reroll",
    "double_chest",
    "dice",
    "place",
    "excess",
    "objective",
    "over",
]


def decision(state: IncubationState) -> Decision:
    """What is being decided now, as the screen groups it."""
    if state.step == "over":
        return "over"
    if state.placement is not None:
        return "place" if state.placement.tokens else "excess"
    if state.step in ("starting_egg", "roll", "reroll", "double_chest", "dice", "objective"):
        return state.step
    return "over"


def choosing_section(state: IncubationState) -> bool:
    return decision(state) in ("double_chest", "excess")


@dataclass
class Selection:
    """What the player has pointed at but not yet played: the dice marked for
    a reroll, the die chosen in the dice step, the ring's cursor."""

    marked: set[int] = field(default_factory=set)
    die: int | None = None
    cursor: int = 0


def _match(state: IncubationState, legal: Sequence[Action], candidate: IncubationAction) -> Pick:
    """The kit's ``match``: ``candidate`` when legal, else the engine's reason."""
    return match(legal, candidate, lambda: explain_illegal(state, candidate))


def _not_now(state: IncubationState, what: str) -> Pick:
    return Pick(reason=f"{what} is not a choice now. {prompt(state)}.")


def current_die(state: IncubationState, chosen: int | None) -> int | None:
    """The die the dice step acts with: the chosen one while it is free, else
    the first free die (chests are spent at once, so free dice are never
    chests); die 1 stands for both of a pair."""
    free = free_dice(state)
    if not free:
        return None
    if paired(state):
        return 0
    if chosen in free:
        return chosen
    return free[0]


def two_free_dice(state: IncubationState) -> bool:
    """Two dice free, not a pair: the key that switches dice means something."""
    return len(free_dice(state)) == 2 and not paired(state)


def other_die(state: IncubationState, chosen: int | None) -> int | None:
    """The next free die after ``chosen`` (for the key that switches dice)."""
    free = free_dice(state)
    if not free or paired(state):
        return current_die(state, chosen)
    now = current_die(state, chosen)
    later = [d for d in free if now is None or d > now] + free
    return later[0]


# --------------------------------------------------------------------- keys
def pick_deck(state: IncubationState, legal: Sequence[Action], deck: int, die: int | None) -> Pick:
    """1 2 3: the starting egg from that deck, or (dice step) that deck's egg
    taken with the chosen die."""
    step = decision(state)
    if step == "starting_egg":
        return _match(state, legal, ChooseStartingEgg(deck=deck))
    if step == "dice":
        using = current_die(state, die)
        if using is None:
            return Pick(reason="No die is left to take an egg with.")
        return _match(state, legal, TakeEgg(die=using, deck=deck))
    return _not_now(state, "Taking an egg")


def pick_roll(state: IncubationState, legal: Sequence[Action]) -> Pick:
    if decision(state) != "roll":
        return _not_now(state, "Rolling")
    return _match(state, legal, RollDice())


def pick_reroll(state: IncubationState, legal: Sequence[Action], marked: set[int]) -> Pick:
    """Enter after marking: reroll the marked dice, or keep both when none is."""
    if decision(state) != "reroll":
        return _not_now(state, "Rerolling")
    if not marked:
        return _match(state, legal, KeepDice())
    return _match(state, legal, RerollDice(dice=tuple(sorted(marked))))


def pick_use(state: IncubationState, legal: Sequence[Action], die: int | None) -> Pick:
    """Enter in the dice step: the chosen die's own action (both of a pair)."""
    if decision(state) != "dice":
        return _not_now(state, "Using a die")
    using = current_die(state, die)
    if using is None:
        return Pick(reason="Both dice are used.")
    dice = (0, 1) if paired(state) else (using,)
    return _match(state, legal, UseDice(dice=dice))


def pick_incubator(state: IncubationState, legal: Sequence[Action], slot: int) -> Pick:
    """1 2: the token in hand goes on that incubator."""
    if decision(state) != "place":
        return _not_now(state, "Placing a token")
    return _match(state, legal, PlaceToken(incubator=slot))


def pick_section(state: IncubationState, legal: Sequence[Action], section: int) -> Pick:
    """A section letter (or the ring's cursor): collect it on two chests, or
    put the excess there."""
    step = decision(state)
    if not 0 <= section < SECTIONS:
        return Pick(reason="There is no such section.")
    if step == "double_chest":
        return _match(state, legal, CollectTreasure(section=section))
    if step == "excess":
        return _match(state, legal, PlaceExcess(section=section))
    return _not_now(state, "Choosing a section")


def pick_objective(state: IncubationState, legal: Sequence[Action], index: int) -> Pick:
    """1-5: claim the objective in that place on offer."""
    if decision(state) != "objective":
        return _not_now(state, "Claiming an objective")
    if not 0 <= index < len(state.objectives):
        return Pick(reason=f"There is no objective {index + 1} on offer.")
    card_id = state.objectives[index]
    pick = _match(state, legal, ClaimObjective(objective=card_id))
    if pick.action is None:
        card = objective(card_id)
        return Pick(reason=f"{card.name} is not fulfilled yet: {card.text}")
    return pick


def pick_decline(state: IncubationState, legal: Sequence[Action]) -> Pick:
    if decision(state) != "objective":
        return _not_now(state, "Declining an objective")
    return _match(state, legal, DeclineObjective())


def left_undone(legal: Sequence[Action], action: Action) -> Ask | None:
    """Claiming no objective while one is met asks once first: the turn
    ends with it unclaimed."""
    met = [objective(a.objective).name for a in legal if isinstance(a, ClaimObjective)]
    if action.kind != "decline_objective" or not met:
        return None
    return Ask(f"Claim no objective this turn? {' and '.join(met)} may be claimed.", "Claim none")


# --------------------------------------------------------------------- hints
def hint(state: IncubationState, selection: Selection, legal: Sequence[Action] = ()) -> str:
    """The keys for the decision at hand, in one line (``legal``: the legal
    actions, to leave out keys that can do nothing now)."""
    step = decision(state)
    if step == "starting_egg":
        return "1 2 3: take the top egg of that deck"
    if step == "roll":
        return "Enter: roll the dice"
    if step == "reroll":
        if selection.marked:
            which = " and ".join(f"die {d + 1}" for d in sorted(selection.marked))
            return f"1 2: mark dice to reroll · Enter: reroll {which}"
        return "1 2: mark dice to reroll · Enter: keep both"
    if step in ("double_chest", "excess"):
        what = "collect that section" if step == "double_chest" else "put the excess there"
        return f"R O Y G B P K W, or ←→ then Enter: {what}"
    if step == "dice":
        die = current_die(state, selection.die)
        if die is None:
            return ""
        face = state.dice[die]
        pair = paired(state)
        which = "both dice" if pair else f"die {die + 1}"
        switch = "" if pair or len(free_dice(state)) < 2 else " · ←→: other die"
        effect = face_effect(face, pair, short=True)
        eggs = " · 1 2 3: egg from that deck" if any(isinstance(a, TakeEgg) for a in legal) else ""
        return f"Enter: use {which} ({effect}){eggs}{switch}"
    if step == "place":
        token = token_in_hand(state) or "token"
        return f"1 2: put the {token} on that incubator"
    if step == "objective":
        return "1-5: claim that objective · N: claim none"
    return ""


def explain_key(
    state: IncubationState, legal: Sequence[Action], key: str, selection: Selection
) -> str:
    """Why a direct key does nothing now, in a sentence."""
    step = decision(state)
    label = "Enter" if key == "enter" else key.upper()
    if key.isdigit():
        number = int(key) - 1
        pick: Pick | None = None
        if step in ("starting_egg", "dice"):
            pick = pick_deck(state, legal, number, selection.die)
        elif step == "place":
            pick = pick_incubator(state, legal, number)
        elif step == "objective":
            pick = pick_objective(state, legal, number)
        elif step == "reroll":
            return "There are two dice: 1 and 2 mark them for a reroll."
        if pick is not None and pick.reason:
            return pick.reason
        if step in ("starting_egg", "dice") and number >= 3:
            return "There are three egg decks: 1, 2 and 3."
        if step == "place" and number >= 2:
            return "There are two incubators: 1 and 2."
    if key in SECTION_KEYS_SET and step not in ("double_chest", "excess"):
        return f"{label} chooses a section of the Market only when one is to be chosen. {prompt(state)}."
    keys = hint(state, selection, legal)
    return f"{label} does nothing now. " + (f"Keys: {keys}." if keys else f"{prompt(state)}.")
