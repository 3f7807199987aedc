"""The effect vocabulary of the Tyrants cards: every card's effect is a tuple
of these small frozen models, tagged by ``kind``, resolved in order by one
interpreter (``resolve.py``, one branch per kind).

Three families:

* **actions** do one thing: gain power, influence or VP, draw, deploy,
  assassinate, supplant, place or return a spy, move, promote, devour, recruit,
  hand out Insane Outcasts;
* **structure** combines effects: a choice of effect lists, "then" (a second
  part that acts where the first did), a condition, an optional cost, a delay
  to the end of the turn, a repeat;
* **conditions** and **costs**, the small parts the structure uses: Focus on
  an aspect, "at least N" of a tally, another player's troop at the spy's site;
  returning your own spy, devouring or discarding a card.

The English for an effect tuple (what the screen shows) is in
``effect_words.py``; the facts it follows are in ``docs/rules/tyrants.md``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

Aspect = Literal["ambition", "conquest", "guile", "malice", "obedience"]
ASPECTS: tuple[Aspect, ...] = ("ambition", "conquest", "guile", "malice", "obedience")


def aspect_name(aspect: Aspect) -> str:
    return aspect.capitalize()


#: Where a targeted effect may act.  ``presence``: a space where you have
#: presence (the keyword's own rule); ``anywhere``: any space, presence or not;
#: ``spy_site``: the site of the spy this card just placed or returned.
Scope = Literal["presence", "anywhere", "spy_site"]

#: Things a card counts, for "+1 VP per ..." and "if you have at least ...".
Tally = Literal[
    "sites_controlled",
    "sites_totally_controlled",
    "control_markers",
    "inner_circle_cards",
    "white_trophies",
    "player_trophies",
    "trophies",
    "spies_placed",
]

#: Who takes Insane Outcasts: you; every opponent; one opponent you choose;
#: one opponent you choose among those with a troop next to a troop this card
#: just deployed.
OutcastTaker = Literal["self", "each_opponent", "an_opponent", "an_opponent_near_deployed"]

#: Who is made to discard a card from their hand: one opponent you choose;
#: every opponent; every opponent with a troop at the spy's site; the owner of
#: a player's troop this card just assassinated; in a reaction, the opponent
#: who forced the discard.
Discarder = Literal[
    "an_opponent", "each_opponent", "each_opponent_at_spy_site", "assassinated", "forcer"
]


class _Part(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


# ------------------------------------------------------------------ conditions
class Focus(_Part):
    """Focus: true if you played another card of this aspect this turn, or
    show one from your hand."""

    kind: Literal["focus"] = "focus"
    aspect: Aspect


class AtLeast(_Part):
    """True if you have at least ``count`` of the ``tally``."""

    kind: Literal["at_least"] = "at_least"
    tally: Tally
    count: int = Field(ge=1)


class EnemyTroopAtSpySite(_Part):
    """True if another player (not white) has a troop at the spy's site."""

    kind: Literal["enemy_troop_at_spy_site"] = "enemy_troop_at_spy_site"


class EnemySpyAtSpySite(_Part):
    """True if another player already has a spy at the spy's site."""

    kind: Literal["enemy_spy_at_spy_site"] = "enemy_spy_at_spy_site"


Condition = Annotated[
    Focus | AtLeast | EnemyTroopAtSpySite | EnemySpyAtSpySite, Field(discriminator="kind")
]


# ----------------------------------------------------------------------- costs
class ReturnOwnSpy(_Part):
    """Take one of your spies off the board back to your barracks (or any
    number of them); the effects paid for act at that spy's site."""

    kind: Literal["return_own_spy"] = "return_own_spy"
    any_number: bool = False


class DevourCard(_Part):
    """Remove one of your cards from the game: another from your hand, one
    from your inner circle, or this card itself (``this``: it leaves play at
    once and is not discarded at the end of the turn)."""

    kind: Literal["devour_card"] = "devour_card"
    source: Literal["hand", "inner_circle", "this"] = "hand"


class DiscardCard(_Part):
    """Put another card from your hand onto your discard pile."""

    kind: Literal["discard_card"] = "discard_card"


Cost = Annotated[ReturnOwnSpy | DevourCard | DiscardCard, Field(discriminator="kind")]


# --------------------------------------------------------------------- actions
class GainPower(_Part):
    """Gain power, spent this turn on deploying, assassinating, returning
    spies: ``amount``, or ``amount`` for every ``every`` of a tally."""

    kind: Literal["gain_power"] = "gain_power"
    amount: int = Field(ge=1)
    per: Tally | None = None
    every: int = Field(default=1, ge=1)

    @model_validator(mode="after")
    def _every_needs_per(self) -> GainPower:
        if self.per is None and self.every != 1:
            raise ValueError("'every' counts a tally: give 'per' too")
        return self


class GainInfluence(_Part):
    """Gain influence, spent this turn on recruiting."""

    kind: Literal["gain_influence"] = "gain_influence"
    amount: int = Field(ge=1)


class GainVP(_Part):
    """Take VP tokens: ``amount``, or ``amount`` for every ``every`` of a tally."""

    kind: Literal["gain_vp"] = "gain_vp"
    amount: int = Field(default=1, ge=1)
    per: Tally | None = None
    every: int = Field(default=1, ge=1)

    @model_validator(mode="after")
    def _every_needs_per(self) -> GainVP:
        if self.per is None and self.every != 1:
            raise ValueError("'every' counts a tally: give 'per' too")
        return self


class Draw(_Part):
    """Draw cards from your deck (shuffling your discard pile in when it runs
    out): ``count``, or ``count`` for each of a tally."""

    kind: Literal["draw"] = "draw"
    count: int = Field(default=1, ge=1)
    per: Tally | None = None


class Deploy(_Part):
    """Deploy troops from your barracks, each on an empty troop space where you
    have presence."""

    kind: Literal["deploy"] = "deploy"
    count: int = Field(default=1, ge=1)


class Assassinate(_Part):
    """Remove enemy troops (white ones only, if so marked) into your trophy
    hall: ``count`` (or one for each of a tally, counted when the effect
    starts), all at one site if so marked, each bringing ``influence_each``."""

    kind: Literal["assassinate"] = "assassinate"
    count: int = Field(default=1, ge=1)
    white_only: bool = False
    at: Scope = "presence"
    per: Tally | None = None
    up_to: bool = False
    one_site: bool = False
    influence_each: int = Field(default=0, ge=0)


class Supplant(_Part):
    """Assassinate an enemy troop, then deploy one of your own in its space."""

    kind: Literal["supplant"] = "supplant"
    count: int = Field(default=1, ge=1)
    white_only: bool = False
    at: Scope = "presence"


class PlaceSpy(_Part):
    """Put spies from your barracks on sites without one of yours; no presence
    needed. With all five out, you may first return one to place it again."""

    kind: Literal["place_spy"] = "place_spy"
    count: int = Field(default=1, ge=1)


class ReturnEnemy(_Part):
    """Send another player's troop or spy (or spy only) back to its owner's
    barracks, where you have presence.  White troops cannot be returned.
    With ``yours_too`` your own troops and spies anywhere may be returned too."""

    kind: Literal["return_enemy"] = "return_enemy"
    count: int = Field(default=1, ge=1)
    what: Literal["troop_or_spy", "spy"] = "troop_or_spy"
    up_to: bool = False
    yours_too: bool = False


class MoveTroop(_Part):
    """Move enemy troops (white or another player's) from a space where you
    have presence to any empty troop space."""

    kind: Literal["move_troop"] = "move_troop"
    count: int = Field(default=1, ge=1)
    up_to: bool = False


class Promote(_Part):
    """Promote now into your inner circle: the top card of your deck, a card
    of your discard pile, this card, or one of this card, a card of your hand
    and a card of your discard pile."""

    kind: Literal["promote"] = "promote"
    source: Literal["deck_top", "discard", "this", "this_hand_or_discard"]
    count: int = Field(default=1, ge=1)
    optional: bool = False


class PromotePlayed(_Part):
    """Promote other cards you played this turn (of one aspect or minion
    type, if given; any number of them with ``any_number``).
    Only at the end of the turn: it sits inside :class:`AtEndOfTurn`."""

    kind: Literal["promote_played"] = "promote_played"
    count: int = Field(default=1, ge=1)
    up_to: bool = False
    aspect: Aspect | None = None
    minion: str | None = None
    any_number: bool = False


class DevourMarket(_Part):
    """Remove face-up market cards from the game; the market refills, or with
    ``replace_with_this`` this card takes the slot instead."""

    kind: Literal["devour_market"] = "devour_market"
    count: int = Field(default=1, ge=1)
    optional: bool = True
    replace_with_this: bool = False


class RecruitFree(_Part):
    """Recruit cards (of an aspect, if given) costing at most ``max_cost``,
    without paying; with ``piles`` the always-available piles count too."""

    kind: Literal["recruit_free"] = "recruit_free"
    aspect: Aspect | None = None
    max_cost: int = Field(ge=0)
    count: int = Field(default=1, ge=1)
    up_to: bool = False
    piles: bool = False


class GiveOutcast(_Part):
    """Insane Outcasts from their pile go into the taker's discard pile."""

    kind: Literal["give_outcast"] = "give_outcast"
    to: OutcastTaker
    count: int = Field(default=1, ge=1)


class ReturnToSupply(_Part):
    """Put this card back on its always-available pile."""

    kind: Literal["return_to_supply"] = "return_to_supply"


class DiscardDeck(_Part):
    """Put your whole deck, unlooked-at, onto your discard pile."""

    kind: Literal["discard_deck"] = "discard_deck"


class DeployTrophies(_Part):
    """Take troops from trophy halls and deploy them, each keeping its colour:
    of any colour (or white only), from any hall (yours too) or from the hall
    of an opponent with a troop at the spy's site (one hall), anywhere or where
    you have presence."""

    kind: Literal["deploy_trophies"] = "deploy_trophies"
    count: int = Field(default=1, ge=1)
    up_to: bool = True
    white_only: bool = False
    halls: Literal["any", "opponent_at_spy_site"] = "any"
    at: Literal["anywhere", "presence"] = "anywhere"


class ForceDiscard(_Part):
    """Players put a card of their choice from their hand onto their discard
    pile: those ``who`` names, holding at least ``min_hand`` cards."""

    kind: Literal["force_discard"] = "force_discard"
    who: Discarder
    min_hand: int = Field(default=0, ge=0)


class PlayFrom(_Part):
    """Play a card from the market (costing at most ``max_cost``) or from your
    inner circle as if from your hand; afterwards the market card is devoured
    and the inner-circle card goes back to the inner circle."""

    kind: Literal["play_from"] = "play_from"
    source: Literal["market", "inner_circle"]
    max_cost: int | None = Field(default=None, ge=0)


class OpenDevoured(_Part):
    """For the rest of the turn the top card of the devoured pile counts as a
    market card."""

    kind: Literal["open_devoured"] = "open_devoured"


# ------------------------------------------------------------------- structure
class Choose(_Part):
    """Choose exactly one of the options and carry it out."""

    kind: Literal["choose"] = "choose"
    options: tuple[tuple[Effect, ...], ...] = Field(min_length=2)

    @model_validator(mode="after")
    def _no_empty_option(self) -> Choose:
        if any(not option for option in self.options):
            raise ValueError("every option of a choice has at least one effect")
        return self


class Then(_Part):
    """Carry out ``first``, then ``then``, which acts where ``first`` did (the
    spy's site, the troops just deployed); if ``first`` did nothing, there is
    nothing for those references to act on."""

    kind: Literal["then"] = "then"
    first: tuple[Effect, ...] = Field(min_length=1)
    then: tuple[Effect, ...] = Field(min_length=1)


class If(_Part):
    """Carry out the effects only if the condition holds when this is reached."""

    kind: Literal["if"] = "if"
    condition: Condition
    effects: tuple[Effect, ...] = Field(min_length=1)


class Pay(_Part):
    """You may pay the cost to carry out the effects; with any number of spies
    returned, the effects happen once for each, at its site."""

    kind: Literal["pay"] = "pay"
    cost: Cost
    effects: tuple[Effect, ...] = Field(min_length=1)


class AtEndOfTurn(_Part):
    """Wait: the effects happen at the end of the turn, in its first step."""

    kind: Literal["at_end_of_turn"] = "at_end_of_turn"
    effects: tuple[Effect, ...] = Field(min_length=1)


class Repeat(_Part):
    """Carry out the effects ``times`` times, each in full."""

    kind: Literal["repeat"] = "repeat"
    times: int = Field(ge=2)
    effects: tuple[Effect, ...] = Field(min_length=1)


class WhenDiscarded(_Part):
    """A reaction, not an effect of playing the card: when an opponent's
    effect makes you discard this card from your hand, carry out the effects."""

    kind: Literal["when_discarded"] = "when_discarded"
    effects: tuple[Effect, ...] = Field(min_length=1)


Effect = Annotated[
    GainPower
    | GainInfluence
    | GainVP
    | Draw
    | Deploy
    | Assassinate
    | Supplant
    | PlaceSpy
    | ReturnEnemy
    | MoveTroop
    | Promote
    | PromotePlayed
    | DevourMarket
    | RecruitFree
    | GiveOutcast
    | ReturnToSupply
    | DiscardDeck
    | DeployTrophies
    | ForceDiscard
    | PlayFrom
    | OpenDevoured
    | Choose
    | Then
    | If
    | Pay
    | AtEndOfTurn
    | Repeat
    | WhenDiscarded,
    Field(discriminator="kind"),
]

for _model in (Choose, Then, If, Pay, AtEndOfTurn, Repeat, WhenDiscarded):
    _model.model_rebuild()

Part = (
    GainPower
    | GainInfluence
    | GainVP
    | Draw
    | Deploy
    | Assassinate
    | Supplant
    | PlaceSpy
    | ReturnEnemy
    | MoveTroop
    | Promote
    | PromotePlayed
    | DevourMarket
    | RecruitFree
    | GiveOutcast
    | ReturnToSupply
    | DiscardDeck
    | DeployTrophies
    | ForceDiscard
    | PlayFrom
    | OpenDevoured
    | Choose
    | Then
    | If
    | Pay
    | AtEndOfTurn
    | Repeat
    | WhenDiscarded
    | Focus
    | AtLeast
    | EnemyTroopAtSpySite
    | EnemySpyAtSpySite
    | ReturnOwnSpy
    | DevourCard
    | DiscardCard
)


def children(effect: Effect) -> tuple[tuple[Effect, ...], ...]:
    """The effect lists directly inside a structural effect (none for an action)."""
    if isinstance(effect, Choose):
        return effect.options
    if isinstance(effect, Then):
        return (effect.first, effect.then)
    if isinstance(effect, If | Pay | AtEndOfTurn | Repeat | WhenDiscarded):
        return (effect.effects,)
    return ()


def walk(effects: Iterable[Effect]) -> Iterator[Part]:
    """Every effect, condition and cost, depth first, in the order of the card."""
    for effect in effects:
        yield effect
        if isinstance(effect, If):
            yield effect.condition
        if isinstance(effect, Pay):
            yield effect.cost
        for inner in children(effect):
            yield from walk(inner)


# ------------------------------------------------------------------ references
def reference_problem(effects: tuple[Effect, ...]) -> str | None:
    """Why the effects refer to something they never set up, or None.

    "The spy's site" exists after a spy is placed (in the ``first`` part of a
    :class:`Then`) or returned (as the cost of a :class:`Pay`); "the troops
    just deployed" after a deploy in the ``first`` part of a :class:`Then`;
    promoting played cards happens only inside :class:`AtEndOfTurn`; "the
    troop's owner" after an assassination in the ``first`` part of a
    :class:`Then`; "the opponent who forced the discard" inside
    :class:`WhenDiscarded`.
    """
    return _problem(effects, frozenset())


def _problem(effects: tuple[Effect, ...], known: frozenset[str]) -> str | None:
    for effect in effects:
        need = _needs(effect)
        if need is not None and need not in known:
            return f"{effect.kind} needs {need.replace('_', ' ')}"
        inner: list[tuple[tuple[Effect, ...], frozenset[str]]] = []
        if isinstance(effect, Then):
            sets = {"spy_site"} if any(isinstance(e, PlaceSpy) for e in effect.first) else set()
            if any(isinstance(e, Deploy) for e in effect.first):
                sets.add("deployed")
            if any(isinstance(e, Assassinate) for e in effect.first):
                sets.add("assassinated")
            inner = [(effect.first, known), (effect.then, known | sets)]
        elif isinstance(effect, Pay) and isinstance(effect.cost, ReturnOwnSpy):
            inner = [(effect.effects, known | {"spy_site"})]
        elif isinstance(effect, AtEndOfTurn):
            inner = [(effect.effects, known | {"end_of_turn"})]
        elif isinstance(effect, WhenDiscarded):
            inner = [(effect.effects, known | {"reaction"})]
        else:
            inner = [(lst, known) for lst in children(effect)]
        for lst, k in inner:
            problem = _problem(lst, k)
            if problem is not None:
                return problem
    return None


def _needs(effect: Effect) -> str | None:
    if isinstance(effect, Assassinate | Supplant) and effect.at == "spy_site":
        return "spy_site"
    if isinstance(effect, If) and isinstance(
        effect.condition, EnemyTroopAtSpySite | EnemySpyAtSpySite
    ):
        return "spy_site"
    if isinstance(effect, ForceDiscard):
        return {
            "each_opponent_at_spy_site": "spy_site",
            "assassinated": "assassinated",
            "forcer": "reaction",
        }.get(effect.who)
    if isinstance(effect, DeployTrophies) and effect.halls == "opponent_at_spy_site":
        return "spy_site"
    if isinstance(effect, GiveOutcast) and effect.to == "an_opponent_near_deployed":
        return "deployed"
    if isinstance(effect, PromotePlayed):
        return "end_of_turn"
    return None
