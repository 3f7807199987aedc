"""The dragon cards: the effect vocabulary and the 90-card deck in
``assets/underwing/dragons.json``, validated by pydantic when first loaded.

Effects are data: each kind is a small model with a ``kind`` tag, interpreted
by exactly one resolver in :mod:`.effects`.  Tame effects sit on the green
ribbon (an egg hatched by a handler), wild effects on the red ribbon (an egg
hatched in the wild).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, model_validator

from boardgames_tui.engine.assets import asset_path

from .colours import Element


class _Effect(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


# ------------------------------------------------------------------ tame effects
class GainHandler(_Effect):
    """A new handler reports to the Ready Room (from the tracker)."""

    kind: Literal["gain_handler"] = "gain_handler"
    count: int = Field(default=1, ge=1, le=2)


class CollectElements(_Effect):
    """Draw named elements from the bag (a random one for each that is missing)."""

    kind: Literal["collect_elements"] = "collect_elements"
    element: Element
    count: int = Field(default=1, ge=1, le=4)


class CollectChosen(_Effect):
    """Take elements of your choice from the bag, one at a time."""

    kind: Literal["collect_chosen"] = "collect_chosen"
    count: int = Field(default=1, ge=1, le=4)


class ElementEveryRound(_Effect):
    """From now on, draw this element (or a random one) in every Phase 1."""

    kind: Literal["element_every_round"] = "element_every_round"
    element: Element | None = None


class TakeFromEgg(_Effect):
    """Take up to ``count`` elements off eggs in the grounds into your storage."""

    kind: Literal["take_from_egg"] = "take_from_egg"
    count: int = Field(default=1, ge=1, le=4)


class ClaimAndHatch(_Effect):
    """Claim an unclaimed egg worth at most ``max_score`` and hatch it at once."""

    kind: Literal["claim_and_hatch"] = "claim_and_hatch"
    max_score: int = Field(ge=3, le=20)


class DestroyElements(_Effect):
    """Return up to ``count`` elements from eggs anywhere in the grounds to the bag."""

    kind: Literal["destroy_elements"] = "destroy_elements"
    count: int = Field(default=1, ge=1, le=5)


class StealElements(_Effect):
    """Take up to ``count`` elements from one other player's storage."""

    kind: Literal["steal_elements"] = "steal_elements"
    count: int = Field(default=1, ge=1, le=4)


class BanishWild(_Effect):
    """Remove a wild dragon from the grounds; a new egg takes its place."""

    kind: Literal["banish_wild"] = "banish_wild"


# ------------------------------------------------------------------ wild effects
class ScatterElements(_Effect):
    """Elements from the bag land on eggs adjacent to the wild dragon."""

    kind: Literal["scatter_elements"] = "scatter_elements"
    element: Element | None = None
    count: int = Field(default=1, ge=1, le=4)


class HatchAdjacent(_Effect):
    """Up to ``count`` adjacent unclaimed eggs hatch in the wild too."""

    kind: Literal["hatch_adjacent"] = "hatch_adjacent"
    count: int = Field(default=1, ge=1, le=3)


class ScareHandlers(_Effect):
    """Handlers on adjacent eggs flee to their owners' Break Rooms."""

    kind: Literal["scare_handlers"] = "scare_handlers"


class SmashElements(_Effect):
    """Up to ``count`` elements on adjacent eggs return to the bag."""

    kind: Literal["smash_elements"] = "smash_elements"
    count: int = Field(default=1, ge=1, le=4)


class EveryoneLosesHandler(_Effect):
    """Every player sends one handler back to the tracker (never the last one)."""

    kind: Literal["everyone_loses_handler"] = "everyone_loses_handler"


class EveryoneDiscards(_Effect):
    """Every player returns ``count`` random stored elements to the bag."""

    kind: Literal["everyone_discards"] = "everyone_discards"
    count: int = Field(default=1, ge=1, le=3)


TameEffect = Annotated[
    GainHandler
    | CollectElements
    | CollectChosen
    | ElementEveryRound
    | TakeFromEgg
    | ClaimAndHatch
    | DestroyElements
    | StealElements
    | BanishWild,
    Field(discriminator="kind"),
]
WildEffect = Annotated[
    ScatterElements
    | HatchAdjacent
    | ScareHandlers
    | SmashElements
    | EveryoneLosesHandler
    | EveryoneDiscards,
    Field(discriminator="kind"),
]

Temperature = Literal["cool", "neutral", "warm"]
Family = Literal[
    "tertiary",
    "monochromatic",
    "legendary",
    "complementary",
    "triadic",
    "tetradic",
    "harmonic",
]


class Card(BaseModel):
    """One dragon card: the egg side (element spaces) and the dragon side."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    name: str
    family: Family
    legendary: bool = False
    score: int = Field(ge=3, le=20)
    temperature: Temperature
    spaces: tuple[Element, ...] = Field(min_length=2, max_length=8)
    tame: tuple[TameEffect, ...] = Field(min_length=1)
    wild: tuple[WildEffect, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _legendary_family(self) -> Card:
        if self.legendary != (self.family == "legendary"):
            raise ValueError(
                f"{self.id}: legendary cards and only they are of the legendary family"
            )
        return self


class Deck(BaseModel):
    model_config = ConfigDict(extra="forbid")

    cards: tuple[Card, ...]

    @model_validator(mode="after")
    def _unique(self) -> Deck:
        ids = [c.id for c in self.cards]
        names = [c.name for c in self.cards]
        if len(set(ids)) != len(ids) or len(set(names)) != len(names):
            raise ValueError("card ids and names must be unique")
        return self


_DECK_ADAPTER: TypeAdapter[Deck] = TypeAdapter(Deck)


@lru_cache(maxsize=1)
def deck() -> tuple[Card, ...]:
    """Every card, in the order of the asset file (a card's index is its number
    in the game state)."""
    text = asset_path("underwing", "dragons.json").read_text(encoding="utf-8")
    return _DECK_ADAPTER.validate_json(text).cards


def card(index: int) -> Card:
    return deck()[index]


def effect_text(effect: TameEffect | WildEffect) -> str:
    """A short phrase for a ribbon effect ("collect 2 red", "scatter 1 random")."""
    count = getattr(effect, "count", 1)
    element = getattr(effect, "element", None) or "random"
    plural = "s" if count > 1 else ""
    match effect.kind:
        case "gain_handler":
            return f"gain {count} handler{plural}"
        case "collect_elements":
            return f"collect {count} {element}"
        case "collect_chosen":
            return f"take {count} element{plural} of your choice"
        case "element_every_round":
            return f"{element} element every round"
        case "take_from_egg":
            return f"take up to {count} from eggs"
        case "claim_and_hatch":
            return f"claim and hatch an egg worth up to {getattr(effect, 'max_score', 0)}"
        case "destroy_elements":
            return f"destroy up to {count} on eggs"
        case "steal_elements":
            return f"steal up to {count} from a player"
        case "banish_wild":
            return "banish a wild dragon"
        case "scatter_elements":
            return f"scatter {count} {element}"
        case "hatch_adjacent":
            return f"hatch {count} adjacent egg{plural} wild"
        case "scare_handlers":
            return "scare handlers off adjacent eggs"
        case "smash_elements":
            return f"smash {count} on adjacent eggs"
        case "everyone_loses_handler":
            return "everyone loses a handler"
        case _:
            return f"everyone discards {count}"


def card_text(c: Card) -> str:
    """One line for a card: name, score, temperature, spaces and ribbons."""
    tame = "; ".join(effect_text(e) for e in c.tame)
    wild = "; ".join(effect_text(e) for e in c.wild)
    return (
        f"{c.name} ({c.score}, {c.temperature}): {' '.join(c.spaces)} | tame: {tame} | wild: {wild}"
    )
