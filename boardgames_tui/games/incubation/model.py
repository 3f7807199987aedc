"""Incubation's state: the Market (eight treasures and the spinner), the three
egg decks, the objectives on offer, the Reserve, every player's Incubator board
and what they own, and the decision in progress.

Everything is open information.  Cards are stored by id (see ``cards.py``).
"""

from __future__ import annotations

import dataclasses
from typing import Literal

from boardgames_tui.engine.data import state_data
from boardgames_tui.engine.game import GameState

from .cards import COLOURS, SECTIONS, Face, egg

Resource = Literal["water", "fire"]
RESOURCES: tuple[Resource, ...] = ("water", "fire")

#: Components in the box ("Components"): the totals the game conserves.
SILVER_TOTAL = 30
GOLD_TOTAL = 15
FIRE_TOTAL = 30
WATER_TOTAL = 30
GOLD_VALUE = 5
OBJECTIVE_VP = 5
INCUBATORS = 2
DECKS = 3

#: The spinner's three pointers, as sections clockwise from the spinner's
#: position: the coin pointer faces the spinner's own section, the water pointer
#: the section three further clockwise, the fire pointer five further.
POINTER_OFFSETS: dict[str, int] = {"silver": 0, "water": 3, "fire": 5}

Step = Literal[
    "starting_egg",  # setup 8: seats choose a starting egg, counter-clockwise
    "roll",  # 1. roll the dice
    "reroll",  # 1. reroll one or both dice, or keep them
    "double_chest",  # 1. two chests: choose the section to collect
    "dice",  # 2. use each remaining die: its action or a Dragon Egg card
    "hatch",  # 3. hatch complete eggs (automatic; decisions only to place tokens)
    "objective",  # 4. claim an objective or not
    "over",
]


@state_data
class Treasure:
    """What lies in one section of the Market (or is carried as excess)."""

    silver: int = 0
    water: int = 0
    fire: int = 0

    def is_empty(self) -> bool:
        return self.silver == 0 and self.water == 0 and self.fire == 0

    def text(self) -> str:
        parts = [f"{n} {name}" for name, n in self.counts() if n]
        return ", ".join(parts) if parts else "nothing"

    def counts(self) -> list[tuple[str, int]]:
        return [("silver", self.silver), ("water", self.water), ("fire", self.fire)]


@state_data
class Incubator:
    """One Incubator: an egg card (or none) and the tokens placed on it."""

    egg: str | None = None
    water: int = 0
    fire: int = 0

    def room(self, resource: Resource) -> int:
        """How many more tokens of ``resource`` the egg here still needs."""
        if self.egg is None:
            return 0
        card = egg(self.egg)
        if resource == "water":
            return card.water - self.water
        return card.fire - self.fire

    def is_complete(self) -> bool:
        if self.egg is None:
            return False
        card = egg(self.egg)
        return self.water >= card.water and self.fire >= card.fire


def _incubators() -> list[Incubator]:
    return [Incubator() for _ in range(INCUBATORS)]


@state_data
class PlayerState:
    """One player's Incubator board and what lies in front of them."""

    incubators: list[Incubator] = dataclasses.field(default_factory=_incubators)
    silver: int = 0
    gold: int = 0
    #: Hatched Dragon Egg cards (flipped to their Dragon side), in hatching order.
    dragons: list[str] = dataclasses.field(default_factory=list)
    #: Claimed Objective cards.
    objectives: list[str] = dataclasses.field(default_factory=list)

    @property
    def coin_worth(self) -> int:
        return self.silver + GOLD_VALUE * self.gold


@state_data
class Reserve:
    silver: int = SILVER_TOTAL
    gold: int = GOLD_TOTAL
    water: int = WATER_TOTAL
    fire: int = FIRE_TOTAL


@state_data
class Placement:
    """Water and fire tokens in the player's hand, waiting to be placed.

    ``gain``: taken from the Reserve by a die or from a section by a double
    chest; what fits nowhere is ``excess``, put on a treasure of the player's
    choice.  ``treasure``: taken from a section on hatching, only as many as fit.
    """

    source: Literal["gain", "treasure"]
    tokens: list[Resource] = dataclasses.field(default_factory=list)
    excess_water: int = 0
    excess_fire: int = 0


def _decks() -> list[list[str]]:
    return [[] for _ in range(DECKS)]


def _market() -> list[Treasure]:
    return [Treasure() for _ in range(SECTIONS)]


@state_data
class IncubationState(GameState):
    players: list[PlayerState]
    reserve: Reserve = dataclasses.field(default_factory=Reserve)
    #: Section i holds the treasure of colour ``COLOURS[i]``; the ring is clockwise.
    market: list[Treasure] = dataclasses.field(default_factory=_market)
    #: The section the coin pointer faces (see ``POINTER_OFFSETS``).
    spinner: int = 0
    #: The three face-up egg decks; the top card of a deck is its LAST element.
    decks: list[list[str]] = dataclasses.field(default_factory=_decks)
    #: Objective cards on offer in the Market.
    objectives: list[str] = dataclasses.field(default_factory=list)
    #: Objective cards returned to the box at setup.
    objectives_out: list[str] = dataclasses.field(default_factory=list)
    first_player: int = 0
    #: The seat whose turn it is.
    current: int = 0
    round: int = 1
    step: Step = "starting_egg"
    #: Seats still to choose a starting egg, in order (setup 8).
    starting_order: list[int] = dataclasses.field(default_factory=list)
    #: The faces rolled this turn (empty before the roll) and which are spent.
    dice: list[Face] = dataclasses.field(default_factory=list)
    used: list[bool] = dataclasses.field(default_factory=list)
    placement: Placement | None = None
    #: Sections whose treasure the current player is still to collect on hatching.
    treasures_due: list[int] = dataclasses.field(default_factory=list)
    #: The end was triggered; the round finishes and the game ends.
    final_round: bool = False


def pointer_sections(spinner: int) -> dict[str, int]:
    """The section each pointer faces: {"silver": s, "water": s, "fire": s}."""
    return {name: (spinner + off) % SECTIONS for name, off in POINTER_OFFSETS.items()}


def section_name(section: int) -> str:
    return COLOURS[section % SECTIONS]


def top_card(state: IncubationState, deck: int) -> str | None:
    """The face-up card on top of a deck, or None when the deck is empty."""
    cards = state.decks[deck]
    return cards[-1] if cards else None


#: What the box holds, for ``inventory``.
BOX: dict[str, int] = {
    "silver": SILVER_TOTAL,
    "gold": GOLD_TOTAL,
    "water": WATER_TOTAL,
    "fire": FIRE_TOTAL,
    "eggs": 36,
    "objectives": 10,
}


def inventory(state: IncubationState) -> dict[str, int]:
    """Every component counted where it lies: Reserve + treasures + Incubators
    + tokens in hand + players.  Always equal to ``BOX`` (conservation)."""
    counts = {
        "silver": state.reserve.silver + sum(t.silver for t in state.market),
        "gold": state.reserve.gold,
        "water": state.reserve.water + sum(t.water for t in state.market),
        "fire": state.reserve.fire + sum(t.fire for t in state.market),
        "eggs": sum(len(d) for d in state.decks),
        "objectives": len(state.objectives) + len(state.objectives_out),
    }
    for p in state.players:
        counts["silver"] += p.silver
        counts["gold"] += p.gold
        counts["eggs"] += len(p.dragons)
        counts["objectives"] += len(p.objectives)
        for inc in p.incubators:
            counts["water"] += inc.water
            counts["fire"] += inc.fire
            counts["eggs"] += inc.egg is not None
    if state.placement is not None:
        counts["water"] += state.placement.excess_water + state.placement.tokens.count("water")
        counts["fire"] += state.placement.excess_fire + state.placement.tokens.count("fire")
    return counts


def card_ids(state: IncubationState) -> tuple[list[str], list[str]]:
    """Every egg id and every objective id, wherever they lie (for checking
    that no card is duplicated or lost)."""
    eggs = [c for d in state.decks for c in d]
    objectives = list(state.objectives) + list(state.objectives_out)
    for p in state.players:
        eggs += p.dragons
        eggs += [inc.egg for inc in p.incubators if inc.egg is not None]
        objectives += p.objectives
    return eggs, objectives
