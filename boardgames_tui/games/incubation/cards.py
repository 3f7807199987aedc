"""Incubation's card data: the 36 Dragon Egg cards, the 10 Objective cards and
the two dice, loaded once from ``assets/incubation/`` and validated by pydantic.

The designs are the project's own; ``docs/rules/incubation.md`` explains them.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable
from functools import lru_cache
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from boardgames_tui.engine.assets import asset_path

Colour = Literal["red", "orange", "yellow", "green", "blue", "purple", "black", "white"]

#: The Market's eight sections, clockwise, one per dragon colour.  Section ``i``
#: of the state's ``market`` holds the treasure of ``COLOURS[i]``.
COLOURS: tuple[Colour, ...] = (
    "red",
    "orange",
    "yellow",
    "green",
    "blue",
    "purple",
    "black",
    "white",
)
SECTIONS = len(COLOURS)

Face = Literal["chest", "coin", "water", "fire"]
EggKind = Literal["plain", "hybrid", "mystery"]

EGG_COUNT = 36
OBJECTIVE_COUNT = 10


class EggCard(BaseModel):
    """A Dragon Egg card: the water and fire its Incubator must receive, the
    Dragon's colours (one, two for a hybrid, none for a mystery egg) and VP."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    name: str
    kind: EggKind
    colours: tuple[Colour, ...] = ()
    water: int = Field(ge=0)
    fire: int = Field(ge=0)
    vp: int = Field(ge=1)

    @model_validator(mode="after")
    def _shape(self) -> EggCard:
        want = {"plain": 1, "hybrid": 2, "mystery": 0}[self.kind]
        if len(self.colours) != want:
            raise ValueError(f"{self.id}: a {self.kind} egg has {want} colour(s)")
        if len(set(self.colours)) != len(self.colours):
            raise ValueError(f"{self.id}: a hybrid egg crosses two different colours")
        if self.water + self.fire < 1:
            raise ValueError(f"{self.id}: an egg needs at least one resource")
        return self

    @property
    def needs(self) -> int:
        return self.water + self.fire

    def label(self) -> str:
        """``Cinderling (red, 0 water 2 fire, 2 VP)``."""
        colour = "mystery" if self.kind == "mystery" else "/".join(self.colours)
        return f"{self.name} ({colour}, {self.water} water {self.fire} fire, {self.vp} VP)"


# ----------------------------------------------------------------- objectives
class SameColour(BaseModel):
    """N hatched dragons of one colour."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    kind: Literal["same_colour"]
    count: int = Field(ge=1)


class ColourSet(BaseModel):
    """A hatched dragon of each listed colour (a colour listed twice needs two)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    kind: Literal["colours"]
    colours: tuple[Colour, ...] = Field(min_length=1)


class DistinctColours(BaseModel):
    """Hatched dragons of N different colours."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    kind: Literal["distinct_colours"]
    count: int = Field(ge=1, le=SECTIONS)


class Dragons(BaseModel):
    """N hatched dragons, each worth at least ``min_vp``."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    kind: Literal["dragons"]
    count: int = Field(ge=1)
    min_vp: int = Field(default=0, ge=0)


class Coins(BaseModel):
    """Coins (silver 1, gold 5) worth at least N VP."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    kind: Literal["coins"]
    worth: int = Field(ge=1)


Requirement = Annotated[
    SameColour | ColourSet | DistinctColours | Dragons | Coins, Field(discriminator="kind")
]


class ObjectiveCard(BaseModel):
    """An Objective card: 5 VP for the player who claims it; every requirement
    must hold at once."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    name: str
    text: str
    requires: tuple[Requirement, ...] = Field(min_length=1)


def requirement_met(req: Requirement, dragons: Iterable[EggCard], coin_worth: int) -> bool:
    """Whether hatched ``dragons`` and coins worth ``coin_worth`` meet ``req``.

    "Hybrid Eggs cannot help to complete Objective cards": hybrids never count.
    Mystery dragons are wild: each stands for any one colour.
    """
    if isinstance(req, Coins):
        return coin_worth >= req.worth
    counted = [d for d in dragons if d.kind != "hybrid"]
    wild = sum(1 for d in counted if d.kind == "mystery")
    by_colour = Counter(d.colours[0] for d in counted if d.kind == "plain")
    if isinstance(req, Dragons):
        return sum(1 for d in counted if d.vp >= req.min_vp) >= req.count
    if isinstance(req, SameColour):
        best = max(by_colour.values(), default=0)
        return best + wild >= req.count
    if isinstance(req, DistinctColours):
        return len(by_colour) + wild >= req.count
    need = Counter(req.colours)
    missing = sum(max(0, n - by_colour[c]) for c, n in need.items())
    return missing <= wild


def objective_met(card: ObjectiveCard, dragons: Iterable[EggCard], coin_worth: int) -> bool:
    hatched = list(dragons)
    return all(requirement_met(r, hatched, coin_worth) for r in card.requires)


# ---------------------------------------------------------------------- dice
class DiceSpec(BaseModel):
    """The two dice, each a list of six faces."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    dice: tuple[tuple[Face, ...], tuple[Face, ...]]

    @model_validator(mode="after")
    def _six_faces(self) -> DiceSpec:
        for faces in self.dice:
            if len(faces) != 6:
                raise ValueError("each die has six faces")
        return self


class CardSet(BaseModel):
    """Everything printed: eggs, objectives, dice."""

    model_config = ConfigDict(frozen=True)

    eggs: tuple[EggCard, ...]
    objectives: tuple[ObjectiveCard, ...]
    dice: DiceSpec

    @model_validator(mode="after")
    def _complete(self) -> CardSet:
        if len(self.eggs) != EGG_COUNT:
            raise ValueError(f"there are {EGG_COUNT} Dragon Egg cards, not {len(self.eggs)}")
        if len(self.objectives) != OBJECTIVE_COUNT:
            raise ValueError(
                f"there are {OBJECTIVE_COUNT} Objective cards, not {len(self.objectives)}"
            )
        ids = [e.id for e in self.eggs] + [o.id for o in self.objectives]
        if len(set(ids)) != len(ids):
            raise ValueError("card ids must be unique")
        return self


def _read(name: str) -> object:
    with asset_path("incubation", name).open(encoding="utf-8") as f:
        return json.load(f)


@lru_cache(maxsize=1)
def load_cards() -> CardSet:
    """The card set, read and validated once."""
    eggs = _read("eggs.json")
    objectives = _read("objectives.json")
    dice = _read("dice.json")
    assert isinstance(eggs, dict) and isinstance(objectives, dict)
    return CardSet.model_validate(
        {"eggs": eggs["eggs"], "objectives": objectives["objectives"], "dice": dice}
    )


@lru_cache(maxsize=1)
def _eggs_by_id() -> dict[str, EggCard]:
    return {e.id: e for e in load_cards().eggs}


@lru_cache(maxsize=1)
def _objectives_by_id() -> dict[str, ObjectiveCard]:
    return {o.id: o for o in load_cards().objectives}


def egg(egg_id: str) -> EggCard:
    """The Dragon Egg card with this id."""
    return _eggs_by_id()[egg_id]


def objective(objective_id: str) -> ObjectiveCard:
    """The Objective card with this id."""
    return _objectives_by_id()[objective_id]
