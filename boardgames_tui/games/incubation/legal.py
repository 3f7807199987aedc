"""What Incubation lets the player to act do now: the legal actions of each
decision, and the check of an action against them.

A decision offers the same actions again and again, so they are made once
(actions are values).
"""

from __future__ import annotations

from functools import cache

from boardgames_tui.engine.game import IllegalAction

from .actions import (
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
from .cards import SECTIONS
from .model import DECKS, IncubationState
from .queries import claimable, empty_incubator, free_dice, paired, room_for
from .words import explain_illegal

_ROLL: list[IncubationAction] = [RollDice()]
_REROLLS: list[IncubationAction] = [
    KeepDice(),
    RerollDice(dice=(0,)),
    RerollDice(dice=(1,)),
    RerollDice(dice=(0, 1)),
]
_SECTIONS: list[IncubationAction] = [CollectTreasure(section=s) for s in range(SECTIONS)]
_EXCESS: list[IncubationAction] = [PlaceExcess(section=s) for s in range(SECTIONS)]
# The other actions offered again and again, made once (actions are values).
_STARTING_EGG: list[IncubationAction] = [ChooseStartingEgg(deck=d) for d in range(DECKS)]
_USE_PAIR: IncubationAction = UseDice(dice=(0, 1))
_DECLINE: IncubationAction = DeclineObjective()


@cache
def _place_token(incubator: int) -> IncubationAction:
    return PlaceToken(incubator=incubator)


@cache
def _use_die(die: int) -> IncubationAction:
    return UseDice(dice=(die,))


@cache
def _take_egg(die: int, deck: int) -> IncubationAction:
    return TakeEgg(die=die, deck=deck)


@cache
def _claim(objective_id: str) -> IncubationAction:
    return ClaimObjective(objective=objective_id)


# ----------------------------------------------------------- legal actions
def legal_actions(state: IncubationState) -> list[IncubationAction]:
    if state.step == "over":
        return []
    if state.placement is not None:
        return placement_actions(state)
    step = state.step
    if step == "starting_egg":
        return [_STARTING_EGG[d] for d in range(DECKS) if state.decks[d]]
    if step == "roll":
        return list(_ROLL)
    if step == "reroll":
        return list(_REROLLS)
    if step == "double_chest":
        return list(_SECTIONS)
    if step == "dice":
        return dice_actions(state)
    if step == "objective":
        claims: list[IncubationAction] = [_claim(o) for o in claimable(state, state.current)]
        claims.append(_DECLINE)
        return claims
    raise AssertionError(f"no decision waits at step {step}")


def placement_actions(state: IncubationState) -> list[IncubationAction]:
    placement = state.placement
    assert placement is not None
    if placement.tokens:
        p = state.players[state.current]
        return [_place_token(i) for i in room_for(p, placement.tokens[0])]
    return list(_EXCESS)


def dice_actions(state: IncubationState) -> list[IncubationAction]:
    """2. Each free die: its own action, or (not a chest) a Dragon Egg card from
    a deck when an Incubator is empty.  Two equal faces act as a pair (3)."""
    p = state.players[state.current]
    free = free_dice(state)
    decks = [d for d in range(DECKS) if state.decks[d]] if empty_incubator(p) is not None else []
    actions: list[IncubationAction] = []
    if paired(state):
        # Equal faces: using them together gives 3; either die may take an egg
        # instead (they are alike, so die 0 stands for both).
        actions.append(_USE_PAIR)
        actions.extend(_take_egg(0, d) for d in decks)
        return actions
    for i in free:
        actions.append(_use_die(i))
        actions.extend(_take_egg(i, d) for d in decks)
    return actions


def check(state: IncubationState, action: IncubationAction) -> None:
    if action not in legal_actions(state):
        raise IllegalAction(explain_illegal(state, action))
