"""Incubation in words: the sentence for each action (the picker and the
log), the prompt, the progress line, and why an action is not allowed now.
"""

from __future__ import annotations

from .actions import (
    ChooseStartingEgg,
    ClaimObjective,
    CollectTreasure,
    IncubationAction,
    KeepDice,
    PlaceExcess,
    PlaceToken,
    RerollDice,
    RollDice,
    TakeEgg,
    UseDice,
)
from .cards import SECTIONS, Face, egg, objective
from .model import DECKS, IncubationState, Treasure, section_name, top_card
from .queries import empty_incubator, free_dice, name_of, to_act


def dice_text(faces: list[Face]) -> str:
    """The faces shown, as words: "coin and fire"."""
    return " and ".join(faces)


def describe(state: IncubationState, action: IncubationAction) -> str:
    """A sentence for the action picker and the log."""
    if isinstance(action, ChooseStartingEgg):
        return f"Start with {_deck_top(state, action.deck)} from deck {action.deck + 1}"
    if isinstance(action, RollDice):
        return "Roll the dice"
    if isinstance(action, KeepDice):
        return f"Keep {dice_text(state.dice) or 'the dice'}"
    if isinstance(action, RerollDice):
        if len(action.dice) == 2:
            return "Reroll both dice"
        i = action.dice[0] if action.dice else 0
        return f"Reroll die {i + 1} ({_face_of(state, i)})"
    if isinstance(action, CollectTreasure):
        # A choice that does nothing says so (issue 45, item 5).
        if 0 <= action.section < SECTIONS and state.market[action.section].is_empty():
            return f"Collect the {section_name(action.section)} treasure (no effect: it is empty)"
        return (
            f"Collect the {section_name(action.section)} treasure "
            f"({_section_text(state, action.section)})"
        )
    if isinstance(action, UseDice):
        face = _face_of(state, action.dice[0] if action.dice else 0)
        amount = 3 if len(action.dice) == 2 else 1
        what = "silver" if face == "coin" else face
        dice = "both dice" if amount == 3 else f"die {action.dice[0] + 1}"
        none_left = what in ("silver", "water", "fire") and not left_anywhere(state, what)
        note = f" (no effect: no {what} left)" if none_left else ""
        return f"Use {dice} ({face}): take {amount} {what}{note}"
    if isinstance(action, TakeEgg):
        return (
            f"Use die {action.die + 1} ({_face_of(state, action.die)}) to take "
            f"{_deck_top(state, action.deck)} from deck {action.deck + 1}"
        )
    if isinstance(action, PlaceToken):
        resource = (
            state.placement.tokens[0] if state.placement and state.placement.tokens else "token"
        )
        return f"Put the {resource} on incubator {action.incubator + 1} ({_slot_text(state, action.incubator)})"
    if isinstance(action, PlaceExcess):
        excess = "excess"
        if state.placement is not None:
            excess = Treasure(
                water=state.placement.excess_water, fire=state.placement.excess_fire
            ).text()
        return f"Add the excess ({excess}) to the {section_name(action.section)} treasure"
    if isinstance(action, ClaimObjective):
        try:
            card = objective(action.objective)
        except KeyError:
            return f"Claim objective {action.objective}"
        return f"Claim {card.name}: {card.text}"
    return "Claim no objective this turn"


def _face_of(state: IncubationState, die: int) -> str:
    return state.dice[die] if 0 <= die < len(state.dice) else "not rolled"


def _deck_top(state: IncubationState, deck: int) -> str:
    if not 0 <= deck < DECKS:
        return "a card"
    card = top_card(state, deck)
    return egg(card).label() if card is not None else "nothing (empty deck)"


def left_anywhere(state: IncubationState, what: str) -> bool:
    """Whether a ``what`` (silver, water or fire) may still be taken: from
    the Reserve, or from a treasure when the Reserve has none
    (``tokens.draw_token``)."""
    if int(getattr(state.reserve, what)) > 0:
        return True
    return any(int(getattr(treasure, what)) > 0 for treasure in state.market)


def _section_text(state: IncubationState, section: int) -> str:
    if not 0 <= section < SECTIONS:
        return "no such section"
    return state.market[section].text()


def _slot_text(state: IncubationState, slot: int) -> str:
    seat = to_act(state)
    if seat is None or not 0 <= slot < len(state.players[seat].incubators):
        return "no such incubator"
    inc = state.players[seat].incubators[slot]
    if inc.egg is None:
        return "empty"
    card = egg(inc.egg)
    return f"{card.name}, {inc.water}/{card.water} water {inc.fire}/{card.fire} fire"


def prompt(state: IncubationState) -> str:
    seat = to_act(state)
    if seat is None:
        return "The game is over."
    who = name_of(state, seat)
    if state.placement is not None:
        if state.placement.tokens:
            return f"{who}: place a {state.placement.tokens[0]} token on an incubator"
        excess = Treasure(
            water=state.placement.excess_water, fire=state.placement.excess_fire
        ).text()
        return f"{who}: choose a treasure for the excess ({excess})"
    asks = {
        "starting_egg": "choose a starting egg",
        "roll": "roll the dice",
        "reroll": f"choose dice to reroll ({dice_text(state.dice)})",
        "double_chest": "two chests! choose a section to collect",
        "dice": "use your dice (" + dice_text([state.dice[i] for i in free_dice(state)]) + ")",
        "objective": "claim an objective?",
    }
    return f"{who}: {asks.get(state.step, 'play')}"


def progress(state: IncubationState) -> str:
    decks = "/".join(str(len(d)) for d in state.decks)
    if state.step == "starting_egg":
        return f"Setup · decks {decks}"
    last = " · final round" if state.final_round else ""
    return f"Round {state.round} · decks {decks}{last}"


def explain_illegal(state: IncubationState, action: IncubationAction) -> str:
    """Why ``action`` is not legal now, in a sentence for the player."""
    seat = to_act(state)
    if seat is None:
        return "The game is over."
    wanted = prompt(state)
    if state.placement is not None and not isinstance(action, PlaceToken | PlaceExcess):
        return f"First place the tokens in hand. {wanted}."
    p = state.players[seat]
    if isinstance(action, TakeEgg) and state.step == "dice":
        if empty_incubator(p) is None:
            return "You need an empty incubator to take a Dragon Egg card."
        if not 0 <= action.deck < DECKS or not state.decks[action.deck]:
            return "That egg deck is empty."
        if 0 <= action.die < len(state.dice) and state.dice[action.die] == "chest":
            return "You may not use a Chest die to draw a new Dragon Egg."
        return "That die is already used."
    if isinstance(action, ClaimObjective) and state.step == "objective":
        if action.objective not in state.objectives:
            return "That objective is not on offer."
        return "You have not fulfilled that objective yet."
    if isinstance(action, PlaceToken):
        return "That incubator does not need this token."
    if isinstance(action, ChooseStartingEgg) and state.step == "starting_egg":
        return "That egg deck is empty."
    return f"That is not allowed now ({describe(state, action)}). {wanted}."
