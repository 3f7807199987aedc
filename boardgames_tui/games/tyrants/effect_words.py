"""The words for the Tyrants effect vocabulary (``effects.py``): a phrase for
each condition, cost and effect, and :func:`describe`, a card's effects as
English sentences for the screen.  The words are ours; the facts they follow
are in ``docs/rules/tyrants.md``.
"""

from __future__ import annotations

from collections.abc import Iterable

from .effects import (
    Aspect,
    Assassinate,
    AtEndOfTurn,
    AtLeast,
    Choose,
    Condition,
    Cost,
    Deploy,
    DeployTrophies,
    DevourCard,
    DevourMarket,
    DiscardDeck,
    Draw,
    Effect,
    EnemySpyAtSpySite,
    Focus,
    ForceDiscard,
    GainInfluence,
    GainPower,
    GainVP,
    GiveOutcast,
    If,
    MoveTroop,
    OpenDevoured,
    Pay,
    PlaceSpy,
    PlayFrom,
    Promote,
    PromotePlayed,
    RecruitFree,
    Repeat,
    ReturnEnemy,
    ReturnOwnSpy,
    ReturnToSupply,
    Supplant,
    Then,
    WhenDiscarded,
    aspect_name,
)

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


def tally_words(tally: str) -> str:
    """What a tally counts, in the plural: "sites you control"."""
    return _TALLY[tally][1]


def _per(tally: str, every: int) -> str:
    one, many = _TALLY[tally]
    return f"for each {one}" if every == 1 else f"for every {every} {many}"


def _played_kind(aspect: Aspect | None, minion: str | None) -> str:
    if aspect is not None:
        return f"{aspect_name(aspect)} card"
    if minion is not None:
        return f"{minion.capitalize()} card"
    return "card"


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
