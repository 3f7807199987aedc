"""The Tyrants cards, loaded once from ``assets/tyrants/cards.json`` and
validated by pydantic: the always-available piles (Priestess of Lolth, House
Guard, Insane Outcast), the starting cards (Noble, Soldier), the four base
half-decks of 40 cards (Drow, Dragons, Elementals, Demons) and the two of the
Aberrations & Undead expansion.

Each card lists its copies, cost, deck VP (the rectangle), inner-circle VP
(the circle), aspect, and its effect as data in the vocabulary of
:mod:`.effects`.  The numbers follow the published cards
(``shared/facts/tyrants-cards.md``, ``tyrants-expansion-cards.md``); the
words are ours.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache, lru_cache
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from boardgames_tui.engine.assets import asset_path

from .effect_words import describe as describe_effects
from .effects import (
    Aspect,
    Effect,
    Promote,
    PromotePlayed,
    WhenDiscarded,
    children,
    reference_problem,
    walk,
)

HalfDeck = Literal["drow", "dragons", "elementals", "demons", "aberrations", "undead"]
HALF_DECKS: tuple[HalfDeck, ...] = (
    "drow",
    "dragons",
    "elementals",
    "demons",
    "aberrations",
    "undead",
)
#: "choose two [half-decks] for the game", 40 cards each: an 80-card market deck.
HALF_DECK_SIZE = 40
MARKET_SIZE = 6
HAND_SIZE = 5


class Card(BaseModel):
    """One card design, with the number of copies printed.

    ``cost`` is None for the starting cards (never in the market);
    ``inner_circle_vp`` is None for the Insane Outcast, which never stays in
    an inner circle; ``back_to_supply`` marks a card that goes back to its pile
    whenever it would be promoted or devoured.  ``only_with`` names the
    half-deck an always-available pile comes with.  ``minion`` is the card's
    type (drow, dragon, undead, ...), which High Priest of Myrkul counts.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    name: str
    copies: int = Field(ge=1)
    cost: int | None = Field(default=None, ge=0)
    deck_vp: int
    inner_circle_vp: int | None = None
    aspect: Aspect | None = None
    minion: str = Field(min_length=1)
    effects: tuple[Effect, ...] = Field(min_length=1)
    back_to_supply: bool = False
    only_with: HalfDeck | None = None

    @model_validator(mode="after")
    def _effects_refer_to_what_they_set_up(self) -> Card:
        problem = reference_problem(self.effects)
        if problem is not None:
            raise ValueError(f"{self.id}: {problem}")
        nested = [
            e
            for top in self.effects
            for inner in children(top)
            for e in walk(inner)
            if isinstance(e, WhenDiscarded)
        ]
        if nested:
            raise ValueError(
                f"{self.id}: a reaction to a discard stands on its own, not inside another effect"
            )
        return self


class HalfDeckCards(BaseModel):
    """One half-deck of the market: 40 cards."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: HalfDeck
    name: str
    cards: tuple[Card, ...]

    @model_validator(mode="after")
    def _forty(self) -> HalfDeckCards:
        total = sum(c.copies for c in self.cards)
        if total != HALF_DECK_SIZE:
            raise ValueError(f"the {self.name} half-deck has {total} cards, not {HALF_DECK_SIZE}")
        for c in self.cards:
            if c.cost is None or c.inner_circle_vp is None or c.aspect is None:
                raise ValueError(f"{c.id}: a market card has a cost, an aspect and both VP")
        return self


class CardSet(BaseModel):
    """Every card of the base game."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    about: str = ""
    piles: tuple[Card, ...]
    starting: tuple[Card, ...]
    half_decks: tuple[HalfDeckCards, ...]

    @model_validator(mode="after")
    def _complete(self) -> CardSet:
        if tuple(h.id for h in self.half_decks) != HALF_DECKS:
            raise ValueError(f"the half-decks are {', '.join(HALF_DECKS)}, in that order")
        cards = self.all_cards()
        ids = [c.id for c in cards]
        names = [c.name for c in cards]
        if len(set(ids)) != len(ids) or len(set(names)) != len(names):
            raise ValueError("card ids and names must be unique")
        for c in self.starting:
            if c.cost is not None:
                raise ValueError(f"{c.id}: a starting card cannot be recruited")
        for c in self.piles:
            if c.cost is None:
                raise ValueError(f"{c.id}: a card of the piles has a cost")
        return self

    def all_cards(self) -> tuple[Card, ...]:
        """Piles, starting cards, then each half-deck in order."""
        return self.piles + self.starting + tuple(c for half in self.half_decks for c in half.cards)


@lru_cache(maxsize=1)
def load_cards() -> CardSet:
    """The card set, read and validated once."""
    text = asset_path("tyrants", "cards.json").read_text(encoding="utf-8")
    return CardSet.model_validate_json(text)


@lru_cache(maxsize=1)
def _by_id() -> dict[str, Card]:
    return {c.id: c for c in load_cards().all_cards()}


def card(card_id: str) -> Card:
    """The card with this id."""
    return _by_id()[card_id]


@lru_cache(maxsize=1)
def card_costs() -> dict[str, int]:
    """Every card's cost in influence, by id (0 for a card with none)."""
    return {c.id: c.cost or 0 for c in load_cards().all_cards()}


@lru_cache(maxsize=1)
def deck_vps() -> dict[str, int]:
    """Every card's deck VP, by id (read for every card owned whenever a
    position is scored)."""
    return {c.id: c.deck_vp for c in load_cards().all_cards()}


@lru_cache(maxsize=1)
def inner_circle_vps() -> dict[str, int]:
    """Every card's inner-circle VP, by id (0 where it has none)."""
    return {c.id: c.inner_circle_vp or 0 for c in load_cards().all_cards()}


@cache
def reaction(card_id: str) -> int | None:
    """The index of the card's reaction to being discarded by an opponent
    (a top-level :class:`WhenDiscarded`), or None."""
    for index, effect in enumerate(card(card_id).effects):
        if isinstance(effect, WhenDiscarded):
            return index
    return None


@cache
def promotes(card_id: str) -> bool:
    """The card promotes cards (other played ones, the deck's top, the discard)."""
    return any(isinstance(e, Promote | PromotePlayed) for e in walk(card(card_id).effects))


def half_deck(name: HalfDeck) -> tuple[Card, ...]:
    """The designs of one half-deck (each with its copies)."""
    return next(h.cards for h in load_cards().half_decks if h.id == name)


def half_deck_name(name: HalfDeck) -> str:
    return next(h.name for h in load_cards().half_decks if h.id == name)


def supply_piles(half_decks: Iterable[HalfDeck]) -> tuple[Card, ...]:
    """The always-available piles for a game with these half-decks.

    "Place the House Guards and Priestesses of Lolth cards on their respective
    spaces. The Insane Outcasts cards are only used with the Demon deck."
    """
    chosen = set(half_decks)
    return tuple(c for c in load_cards().piles if c.only_with is None or c.only_with in chosen)


def starting_deck() -> tuple[str, ...]:
    """One player's starting deck, card ids with copies spelled out (unshuffled):
    "three Soldier cards and seven Noble cards"."""
    return tuple(c.id for c in load_cards().starting for _ in range(c.copies))


def market_deck(half_decks: Iterable[HalfDeck]) -> tuple[str, ...]:
    """The market deck before shuffling: every copy of the chosen half-decks."""
    chosen = list(half_decks)
    if len(chosen) != len(set(chosen)):
        raise ValueError("a half-deck can be chosen once")
    return tuple(c.id for name in chosen for c in half_deck(name) for _ in range(c.copies))


def describe(c: Card) -> str:
    """The card's effect in English sentences, for the screen."""
    return describe_effects(c.effects)
