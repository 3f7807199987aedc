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

:func:`describe` turns an effect tuple into English sentences for the screen.
The words are ours; the facts they follow are in ``docs/rules/tyrants.md``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

Aspect = Literal["ambition", "conquest", "guile", "malice", "obedience"]
ASPECTS: tuple[Aspect, ...] = ("ambition", "conquest", "guile", "malice", "obedience")

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


# ------------------------------------------------------------------- the words
_TALLY: dict[str, tuple[str, str]] = {
    "sites_controlled": ("site you control", "sites you control"),
    "sites_totally_controlled": ("site you totally control", "sites you totally control"),
    "control_markers": ("site control marker you hold", "site control markers you hold"),
    "inner_circle_cards": ("card in your inner circle", "cards in your inner circle"),
    "white_trophies": ("white troop in your trophy hall", "white troops in your trophy hall"),
    "player_trophies": (
        "troop of another player in your trophy hall",
        "troops of other players in your trophy hall",
    ),
    "trophies": ("troop in your trophy hall", "troops in your trophy hall"),
    "spies_placed": ("spy of yours on the board", "spies of yours on the board"),
}
_WHERE: dict[str, str] = {
    "presence": "",
    "anywhere": " anywhere on the board",
    "spy_site": " at the spy's site",
}
_TIMES = {2: "twice", 3: "three times", 4: "four times"}


def _some(count: int, noun: str, plural: str | None = None, up_to: bool = False) -> str:
    """ "a troop", "3 troops", "up to 2 troops", "an Insane Outcast"."""
    if count == 1 and not up_to:
        article = "an" if noun[0].lower() in "aeiou" else "a"
        return f"{article} {noun}"
    many = plural or f"{noun}s"
    return f"up to {count} {many}" if up_to else f"{count} {many}"


def _per(tally: str, every: int) -> str:
    one, many = _TALLY[tally]
    return f"for each {one}" if every == 1 else f"for every {every} {many}"


def _played_kind(aspect: Aspect | None, minion: str | None) -> str:
    if aspect is not None:
        return f"{aspect_name(aspect)} card"
    if minion is not None:
        return f"{minion.capitalize()} card"
    return "card"


def aspect_name(aspect: Aspect) -> str:
    return aspect.capitalize()


def condition_text(condition: Condition) -> str:
    """The condition after "if"."""
    if isinstance(condition, Focus):
        name = aspect_name(condition.aspect)
        return f"you played another {name} card this turn or show one from your hand"
    if isinstance(condition, AtLeast):
        one, many = _TALLY[condition.tally]
        return f"you have at least {_some(condition.count, one, many)}"
    if isinstance(condition, EnemySpyAtSpySite):
        return "another player already has a spy at the spy's site"
    return "another player has a troop at the spy's site"


def cost_text(cost: Cost) -> str:
    """The cost after "you may"."""
    if isinstance(cost, ReturnOwnSpy):
        return "return any number of your spies" if cost.any_number else "return one of your spies"
    if isinstance(cost, DevourCard):
        if cost.source == "this":
            return "devour this card"
        where = "your hand" if cost.source == "hand" else "your inner circle"
        return f"devour a card from {where}"
    return "discard another card from your hand"


def effect_text(effect: Effect, *, in_choice: bool = False) -> str:
    """A phrase for one effect, starting in lower case ("deploy 3 troops")."""
    match effect:
        case GainPower(amount=n, per=None):
            return f"gain {n} power"
        case GainPower(amount=n, per=str(tally), every=every):
            return f"gain {n} power {_per(tally, every)}"
        case GainInfluence(amount=n):
            return f"gain {n} influence"
        case GainVP(amount=n, per=None):
            return f"gain {n} VP"
        case GainVP(amount=n, per=str(tally), every=every):
            return f"gain {n} VP {_per(tally, every)}"
        case Draw(count=n, per=None):
            return f"draw {_some(n, 'card')}"
        case Draw(count=n, per=str(tally)):
            return f"draw {_some(n, 'card')} {_per(tally, 1)}"
        case Deploy(count=n):
            return f"deploy {_some(n, 'troop')}"
        case Assassinate(per=str(tally), white_only=white):
            return f"assassinate {_some(1, 'white troop' if white else 'troop')} {_per(tally, 1)}"
        case (
            Assassinate(count=n, white_only=white, at=at)
            | Supplant(count=n, white_only=white, at=at)
        ):
            verb = "assassinate" if isinstance(effect, Assassinate) else "supplant"
            up_to = isinstance(effect, Assassinate) and effect.up_to
            text = (
                f"{verb} {_some(n, 'white troop' if white else 'troop', up_to=up_to)}{_WHERE[at]}"
            )
            if isinstance(effect, Assassinate) and effect.one_site:
                text += ", all at one site"
            if isinstance(effect, Assassinate) and effect.influence_each:
                text += f", gaining {effect.influence_each} influence for each"
            return text
        case PlaceSpy(count=n):
            return f"place {_some(n, 'spy', 'spies')}"
        case ReturnEnemy(count=n, up_to=True, yours_too=True):
            return (
                f"return up to {n} troops or spies (another player's where you have presence,"
                " your own anywhere)"
            )
        case ReturnEnemy(count=n, what=what):
            if n == 1:
                thing = "troop or spy" if what == "troop_or_spy" else "spy"
                return f"return another player's {thing}"
            things = "troops or spies" if what == "troop_or_spy" else "spies"
            return f"return {n} {things} of other players"
        case MoveTroop(count=n, up_to=up_to):
            return f"move {_some(n, 'enemy troop', up_to=up_to)}"
        case Promote(source="deck_top", count=n):
            return (
                "promote the top card of your deck"
                if n == 1
                else f"promote the top {n} cards of your deck"
            )
        case Promote(source="this", optional=optional):
            return (
                "you may promote it instead of discarding it" if optional else "promote this card"
            )
        case Promote(source="this_hand_or_discard"):
            return "promote this card, a card from your hand or a card from your discard pile"
        case Promote(count=n):
            return f"promote {_some(n, 'card')} from your discard pile"
        case PromotePlayed(any_number=True, aspect=aspect, minion=minion):
            kind = _played_kind(aspect, minion)
            return f"promote any number of other {kind}s you played this turn"
        case PromotePlayed(count=n, up_to=up_to, aspect=aspect, minion=minion):
            kind = _played_kind(aspect, minion)
            if n == 1 and not up_to:
                return f"promote another {kind} you played this turn"
            return f"promote {'up to ' if up_to else ''}{n} other {kind}s you played this turn"
        case DevourMarket(count=n, replace_with_this=True):
            return (
                f"devour {_some(n, 'card')} in the market and put this card in its place"
                " (no card comes from the market deck)"
            )
        case DevourMarket(count=n, optional=optional):
            return f"{'you may ' if optional else ''}devour {_some(n, 'card')} in the market"
        case RecruitFree(aspect=None, max_cost=cost, count=n, up_to=up_to, piles=piles):
            cards = _some(n, "card", up_to=up_to)
            where = " from the market or the piles" if piles else ""
            each = " each" if n > 1 else ""
            return f"recruit {cards} costing {cost} or less{each}{where} without paying"
        case RecruitFree(aspect=str(aspect), max_cost=cost, count=n):
            cards = _some(n, f"{aspect_name(aspect)} card", up_to=n > 1)
            return f"recruit {cards} costing {cost} or less without paying for it"
        case GiveOutcast(to=to, count=n):
            outcasts = _some(n, "Insane Outcast")
            if to == "self":
                return f"put {outcasts} into your own discard pile"
            who = {
                "each_opponent": "each opponent",
                "an_opponent": "an opponent you choose",
                "an_opponent_near_deployed": (
                    "an opponent you choose with a troop next to one you just deployed"
                ),
            }[to]
            return f"{who} puts {outcasts} into their discard pile"
        case ReturnToSupply():
            return "put this card back on its pile"
        case DiscardDeck():
            return "put your whole deck onto your discard pile"
        case DeployTrophies(count=n, up_to=up_to, white_only=white, halls=halls, at=at):
            troops = _some(n, "white troop" if white else "troop", up_to=up_to)
            them = "it" if n == 1 and not up_to else "them"
            if halls == "any":
                source = "any trophy hall (yours too)" if n == 1 else "any trophy halls (yours too)"
            else:
                source = "the trophy hall of one player with a troop at the spy's site"
            where = " anywhere" if at == "anywhere" else ""
            colour = (
                ""
                if white
                else (", in its own colour" if them == "it" else ", each in its own colour")
            )
            return f"take {troops} from {source} and deploy {them}{where}{colour}"
        case ForceDiscard(who=who, min_hand=least):
            more = f"more than {least - 1} cards in hand" if least else ""
            if who == "an_opponent":
                chosen = f"an opponent you choose with {more}" if more else "an opponent you choose"
                return f"{chosen} discards a card"
            if who == "each_opponent":
                return (
                    f"each opponent with {more} discards a card"
                    if more
                    else "each opponent discards a card"
                )
            if who == "each_opponent_at_spy_site":
                extra = f" and {more}" if more else ""
                return f"each opponent with a troop at the spy's site{extra} discards a card"
            if who == "assassinated":
                extra = f" and that player has {more}" if more else ""
                return f"if it was another player's troop{extra}, that player discards a card"
            return "the opponent who made you discard it discards a card"
        case PlayFrom(source="market", max_cost=cost):
            costing = f" costing {cost} or less" if cost is not None else ""
            return f"play a card{costing} from the market as if from your hand, then devour it"
        case PlayFrom(source="inner_circle"):
            return (
                "play a card from your inner circle as if from your hand, then put it back"
                " in your inner circle"
            )
        case OpenDevoured():
            return "for the rest of your turn, the top card of the devoured pile counts as a market card"
        case WhenDiscarded(effects=effects):
            return f"if an opponent makes you discard this card, {effects_text(effects)}"
        case Choose(options=options):
            texts = [effects_text(option, in_choice=True) for option in options]
            return "choose one: " + "; or ".join(texts)
        case Then(first=first, then=then):
            second = effects_text(then)
            joint = ", then, " if second.startswith("if ") else ", then "
            return f"{effects_text(first)}{joint}{second}"
        case If(condition=condition, effects=effects):
            return f"if {condition_text(condition)}, {effects_text(effects)}"
        case Pay(cost=cost, effects=effects):
            may = "" if in_choice else "you may "
            if isinstance(cost, ReturnOwnSpy) and cost.any_number:
                return f"{may}{cost_text(cost)} and, for each one, {effects_text(effects)}"
            bought = effects_text(effects)
            joint = ": " if bought.startswith(("at the end", "for the rest")) else " to "
            return f"{may}{cost_text(cost)}{joint}{bought}"
        case AtEndOfTurn(effects=effects):
            return f"at the end of your turn, {effects_text(effects)}"
        case Repeat(times=times, effects=effects):
            return f"{_TIMES.get(times, f'{times} times')}, {effects_text(effects)}"
    raise AssertionError(f"no words for {effect!r}")  # pragma: no cover


def effects_text(effects: Iterable[Effect], *, in_choice: bool = False) -> str:
    """Phrases joined with "and" (a single optional cost inside a choice drops its "you may")."""
    items = list(effects)
    single = in_choice and len(items) == 1
    return " and ".join(effect_text(e, in_choice=single) for e in items)


def describe(effects: Iterable[Effect]) -> str:
    """Sentences for a card's effects, one per top-level effect."""
    sentences = []
    for effect in effects:
        phrase = effect_text(effect)
        sentences.append(phrase[0].upper() + phrase[1:] + ".")
    return " ".join(sentences)
