"""The shared deck: the 54 cards of Root's base deck in ``assets/root/deck.json``,
validated by pydantic when first loaded, and the vocabulary of their effects.

Each entry of the file is one card design with its number of copies; a card's
effect is data, a small frozen model tagged by ``kind``, to be interpreted by
one function per kind in the rules engine.  The kinds are: an ``item`` (crafted
for an item and victory points), an ``ambush``, a ``dominance`` card, a
``favor`` (crafted, it acts once and is discarded) and one kind per persistent
effect (crafted, it stays in front of its owner).

The effects are written in the project's own words after the facts page
(``shared/facts/root-cards.md``); ``describe`` gives each card as a sentence.
"""

from __future__ import annotations

import re
from collections import Counter
from functools import lru_cache
from typing import Annotated, ClassVar, Final, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, model_validator

from boardgames_tui.engine.assets import asset_path

from .woodland import Suit

CardSuit = Literal["bird", "fox", "rabbit", "mouse"]
"""A card's suit: a clearing suit, or bird (wild when matching a clearing)."""

CARD_SUITS: Final[tuple[CardSuit, ...]] = ("bird", "fox", "rabbit", "mouse")

CostSuit = Literal["fox", "rabbit", "mouse", "any"]
"""One pip of a crafting cost: a crafting piece in a clearing of that suit
("any": a crafting piece in a clearing of any suit)."""

Item = Literal["boots", "bag", "crossbow", "hammer", "sword", "tea", "coins"]
"""The seven kinds of item in the supply."""

ITEMS: Final[tuple[Item, ...]] = ("boots", "bag", "crossbow", "hammer", "sword", "tea", "coins")

Timing = Literal[
    "start of Birdsong",
    "Birdsong",
    "start of Daylight",
    "Daylight",
    "start of Evening",
    "battle",
]
"""When a persistent effect may be used."""


class _Effect(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


# ------------------------------------------------------------- one-time cards
class ItemEffect(_Effect):
    """Crafted, the card scores ``vp`` victory points and its owner takes the
    ``item`` from the supply; the card is then discarded.  It cannot be crafted
    while that item is not in the supply."""

    kind: Literal["item"] = "item"
    item: Item
    vp: int = Field(ge=1, le=3)


class AmbushEffect(_Effect):
    """Played by a defender before the dice, in a clearing matching the card
    (a bird ambush matches any clearing): ``hits`` immediate hits on the
    attacker, unless the attacker cancels it with a matching ambush of their
    own.  It cannot be crafted."""

    kind: Literal["ambush"] = "ambush"
    hits: int = Field(default=2, ge=1)


class DominanceEffect(_Effect):
    """Played in Daylight by a player with at least ``min_vp`` victory points, in
    place of their score: they now win instead by ruling, at the start of their
    Birdsong, three clearings of the card's suit (``three_of_suit``) or, for the
    bird card, two diagonally opposite corners (``opposite_corners``).  It
    cannot be crafted; dominance cards leave the deck in a two-player game."""

    kind: Literal["dominance"] = "dominance"
    min_vp: int = Field(default=10, ge=1)
    goal: Literal["three_of_suit", "opposite_corners"]


class FavorEffect(_Effect):
    """Crafted, it removes every enemy piece from every clearing of ``suit`` (the
    crafter scores for the enemy buildings and tokens removed, as always); the
    card is then discarded."""

    kind: Literal["favor"] = "favor"
    suit: Suit


# ---------------------------------------------------------- persistent effects
class Persistent(_Effect):
    """Crafted, the card stays face up in front of its owner."""

    timing: ClassVar[Timing]
    """When its owner may use it."""
    once_per_turn: ClassVar[bool] = False
    """Whether the card limits its use to once a turn ("once in Daylight")."""
    discard_to_use: ClassVar[bool] = False
    """Whether using it discards it (else it stays for the rest of the game)."""


class ArmorersEffect(Persistent):
    """In any battle, its owner may discard it to ignore every rolled hit they
    would take (immediate hits, such as an ambush's, still count)."""

    kind: Literal["armorers"] = "armorers"
    timing: ClassVar[Timing] = "battle"
    discard_to_use: ClassVar[bool] = True


class SappersEffect(Persistent):
    """In a battle where its owner defends, they may discard it to deal
    ``extra_hits`` more hits."""

    kind: Literal["sappers"] = "sappers"
    extra_hits: int = Field(default=1, ge=1)
    timing: ClassVar[Timing] = "battle"
    discard_to_use: ClassVar[bool] = True


class BrutalTacticsEffect(Persistent):
    """In a battle where its owner attacks, they may deal ``extra_hits`` more
    hits; if they do, the defender scores ``defender_vp`` victory points."""

    kind: Literal["brutal_tactics"] = "brutal_tactics"
    extra_hits: int = Field(default=1, ge=1)
    defender_vp: int = Field(default=1, ge=1)
    timing: ClassVar[Timing] = "battle"


class RoyalClaimEffect(Persistent):
    """In Birdsong, its owner may discard it to score ``vp_per_clearing`` victory
    points for each clearing they rule."""

    kind: Literal["royal_claim"] = "royal_claim"
    vp_per_clearing: int = Field(default=1, ge=1)
    timing: ClassVar[Timing] = "Birdsong"
    discard_to_use: ClassVar[bool] = True


class StandAndDeliverEffect(Persistent):
    """In Birdsong, its owner may take a random card from another player's
    hand; that player scores ``victim_vp`` victory points."""

    kind: Literal["stand_and_deliver"] = "stand_and_deliver"
    victim_vp: int = Field(default=1, ge=1)
    timing: ClassVar[Timing] = "Birdsong"


class TaxCollectorEffect(Persistent):
    """Once in Daylight, its owner may remove ``warriors`` of their own warriors
    from the map to draw ``draws`` cards."""

    kind: Literal["tax_collector"] = "tax_collector"
    warriors: int = Field(default=1, ge=1)
    draws: int = Field(default=1, ge=1)
    timing: ClassVar[Timing] = "Daylight"
    once_per_turn: ClassVar[bool] = True


class CommandWarrenEffect(Persistent):
    """At the start of Daylight, its owner may start a battle."""

    kind: Literal["command_warren"] = "command_warren"
    timing: ClassVar[Timing] = "start of Daylight"


class BetterBurrowBankEffect(Persistent):
    """At the start of Birdsong, its owner draws ``draws`` cards and so does
    another player of their choice."""

    kind: Literal["better_burrow_bank"] = "better_burrow_bank"
    draws: int = Field(default=1, ge=1)
    timing: ClassVar[Timing] = "start of Birdsong"


class CobblerEffect(Persistent):
    """At the start of Evening, its owner may take one move."""

    kind: Literal["cobbler"] = "cobbler"
    timing: ClassVar[Timing] = "start of Evening"


class ScoutingPartyEffect(Persistent):
    """When its owner attacks, ambush cards have no effect on them."""

    kind: Literal["scouting_party"] = "scouting_party"
    timing: ClassVar[Timing] = "battle"


class CodebreakersEffect(Persistent):
    """Once in Daylight, its owner may look at another player's hand."""

    kind: Literal["codebreakers"] = "codebreakers"
    timing: ClassVar[Timing] = "Daylight"
    once_per_turn: ClassVar[bool] = True


PersistentEffect = (
    ArmorersEffect
    | SappersEffect
    | BrutalTacticsEffect
    | RoyalClaimEffect
    | StandAndDeliverEffect
    | TaxCollectorEffect
    | CommandWarrenEffect
    | BetterBurrowBankEffect
    | CobblerEffect
    | ScoutingPartyEffect
    | CodebreakersEffect
)

CardEffect = Annotated[
    ItemEffect | AmbushEffect | DominanceEffect | FavorEffect | PersistentEffect,
    Field(discriminator="kind"),
]

PERSISTENT_KINDS: Final[frozenset[str]] = frozenset(
    str(m.model_fields["kind"].default) for m in get_args(PersistentEffect)
)
UNCRAFTABLE_KINDS: Final[frozenset[str]] = frozenset({"ambush", "dominance"})


def _slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


class Card(BaseModel):
    """One card design: suit, name, number of copies, crafting cost (one pip per
    crafting piece needed, by clearing suit) and its effect."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(pattern=r"^(bird|fox|rabbit|mouse)-[a-z0-9-]+$")
    name: str = Field(min_length=1)
    suit: CardSuit
    count: int = Field(ge=1, le=3)
    cost: tuple[CostSuit, ...] = Field(max_length=4)
    effect: CardEffect

    @model_validator(mode="after")
    def _check(self) -> Card:
        if self.id != f"{self.suit}-{_slug(self.name)}":
            raise ValueError(f"{self.id}: the id is the suit and the name ({self.suit}-...)")
        if (self.effect.kind in UNCRAFTABLE_KINDS) == bool(self.cost):
            raise ValueError(f"{self.id}: ambush and dominance cards, and only they, have no cost")
        if "any" in self.cost and set(self.cost) != {"any"}:
            raise ValueError(f"{self.id}: a cost is of named suits or all of any suit")
        if isinstance(self.effect, DominanceEffect) and (
            self.effect.goal == "opposite_corners"
        ) != (self.suit == "bird"):
            raise ValueError(f"{self.id}: bird dominance, and only it, asks for opposite corners")
        if isinstance(self.effect, FavorEffect) and (
            self.effect.suit != self.suit or self.cost != (self.suit,) * 3
        ):
            raise ValueError(f"{self.id}: a favor acts on its own suit and costs three of it")
        return self

    @property
    def kind(self) -> str:
        """The effect's kind: "item", "ambush", "dominance", "favor" or a
        persistent effect's own kind."""
        return self.effect.kind

    @property
    def craftable(self) -> bool:
        return self.effect.kind not in UNCRAFTABLE_KINDS

    @property
    def persistent(self) -> bool:
        return self.effect.kind in PERSISTENT_KINDS

    def cost_counts(self) -> dict[CostSuit, int]:
        """The cost by suit, e.g. {"fox": 1, "rabbit": 1, "mouse": 1}."""
        return dict(Counter(self.cost))


class Deck(BaseModel):
    """The deck file: the designs, each listed once with its number of copies."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    about: str
    cards: tuple[Card, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _unique(self) -> Deck:
        ids = [c.id for c in self.cards]
        if len(set(ids)) != len(ids):
            raise ValueError("card ids must be unique")
        return self


_DECK_ADAPTER: TypeAdapter[Deck] = TypeAdapter(Deck)


@lru_cache(maxsize=1)
def designs() -> tuple[Card, ...]:
    """Every card design once, in the order of the asset file."""
    text = asset_path("root", "deck.json").read_text(encoding="utf-8")
    return _DECK_ADAPTER.validate_json(text).cards


@lru_cache(maxsize=1)
def deck() -> tuple[Card, ...]:
    """Every physical card: each design repeated ``count`` times, in file order
    (a card's index here is its number in the game state)."""
    return tuple(c for c in designs() for _ in range(c.count))


def card(index: int) -> Card:
    return deck()[index]


def design(card_id: str) -> Card:
    """A design by its id ("fox-tax-collector")."""
    for c in designs():
        if c.id == card_id:
            return c
    raise KeyError(card_id)


# ------------------------------------------------------------------ words
_ITEM_WORDS: Final[dict[Item, str]] = {
    "boots": "boots",
    "bag": "a bag",
    "crossbow": "a crossbow",
    "hammer": "a hammer",
    "sword": "a sword",
    "tea": "tea",
    "coins": "coins",
}


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _and(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def cost_text(c: Card) -> str:
    """The crafting cost in words ("2 fox", "1 fox, 1 rabbit and 1 mouse",
    "4 of any suit"); empty for a card that cannot be crafted."""
    counts = c.cost_counts()
    if "any" in counts:
        return f"{counts['any']} of any suit"
    return _and([f"{n} {suit}" for suit, n in counts.items()]) if counts else ""


def effect_text(c: Card) -> str:
    """What the card does, as a clause in the project's own words."""
    e = c.effect
    match e:
        case ItemEffect():
            return f"take {_ITEM_WORDS[e.item]} from the supply and score {_plural(e.vp, 'point')}"
        case AmbushEffect():
            where = "in any clearing" if c.suit == "bird" else f"in a {c.suit} clearing"
            return (
                f"when defending {where}, play it before the dice to deal "
                f"{e.hits} hits at once, unless the attacker answers with a matching ambush"
            )
        case DominanceEffect():
            goal = (
                "two diagonally opposite corner clearings"
                if e.goal == "opposite_corners"
                else f"three {c.suit} clearings"
            )
            return (
                f"play it in Daylight once you have {e.min_vp} or more points; from then on "
                f"you score no points and win instead by ruling {goal} at the start of your "
                "Birdsong"
            )
        case FavorEffect():
            return f"remove every enemy piece from every {e.suit} clearing, then discard it"
        case ArmorersEffect():
            return "in a battle, discard it to ignore all rolled hits you would take"
        case SappersEffect():
            return f"when defending in a battle, discard it to deal {_plural(e.extra_hits, 'extra hit')}"
        case BrutalTacticsEffect():
            return (
                f"when attacking, you may deal {_plural(e.extra_hits, 'extra hit')}; "
                f"the defender then scores {_plural(e.defender_vp, 'point')}"
            )
        case RoyalClaimEffect():
            return (
                f"in Birdsong, discard it to score {_plural(e.vp_per_clearing, 'point')} "
                "per clearing you rule"
            )
        case StandAndDeliverEffect():
            return (
                "in Birdsong, take a random card from another player's hand; "
                f"they score {_plural(e.victim_vp, 'point')}"
            )
        case TaxCollectorEffect():
            return (
                f"once in Daylight, remove {_plural(e.warriors, 'warrior')} of yours "
                f"from the map to draw {_plural(e.draws, 'card')}"
            )
        case CommandWarrenEffect():
            return "at the start of Daylight, you may start a battle"
        case BetterBurrowBankEffect():
            return (
                f"at the start of Birdsong, you and another player of your choice "
                f"each draw {_plural(e.draws, 'card')}"
            )
        case CobblerEffect():
            return "at the start of Evening, you may take a move"
        case ScoutingPartyEffect():
            return "when you attack, ambush cards have no effect on you"
        case CodebreakersEffect():
            return "once in Daylight, look at another player's hand"


def describe(c: Card) -> str:
    """The card as one English sentence: name, suit, copies, cost and effect.
    The copies are the deck's ("one of 2 in the deck"): the sentence stands
    for one card wherever it is listed (a hand, a crafted card), and "2
    copies" read as two of it there."""
    copies = "" if c.count == 1 else f", one of {c.count} in the deck"
    head = f"{c.name} ({c.suit}{copies})"
    if not c.craftable:
        return f"{head}: cannot be crafted; {effect_text(c)}."
    if c.persistent:
        return f"{head}: craft with {cost_text(c)} and keep it; {effect_text(c)}."
    return f"{head}: craft with {cost_text(c)} to {effect_text(c)}."
