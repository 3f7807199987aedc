"""Whether a Tyrants effect list would do nothing if carried out now, and
why, in a player's words (ruling R-FUTILE in ``docs/rules/tyrants.md``).

Two places ask.  A choice ("choose one") offers every option, as the cards
do, and an option that would do nothing says so in its words ("no effect:
no spy of yours on the board").  A cost (the arrow) is paid "in order to
get the effect" (rulebook, abilities with costs), so a way of paying that
would buy nothing is not offered, and a cost that can buy nothing is not
asked for at all.

The answer is certain in one direction only: a reason is given when the
list cannot do anything now; None when it may.  Each effect is judged by
the same listers the decisions use (``decision_options.TARGETS``) on the
position as it stands, which is the position every effect of a list that
does nothing leaves; a cost is judged on a copy of the position with the
cost paid (a spy taken back changes where its card acts).  An effect whose
result is not settled yet (at the end of the turn) may always do something.

A part of the interpreter, beside ``decision_options.py``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from boardgames_tui.engine.data import clone, shallow

from . import actions as a
from . import effect_words, ops
from . import effects as fx
from .cards import card
from .jobs import discarders, this_in_play
from .model import TyrantsState, tally
from .pending import ActJob, JobBase, ListJob, Origin, make
from .target_options import TARGETS
from .targets import distinct, holds, own_spy_sites

#: Why an effect would do nothing now, or None when it may do something.
Reason = str | None


# ------------------------------------------------------------------ lists
def futile_list(state: TyrantsState, job: JobBase, effects: Sequence[Any]) -> Reason:
    """Why ``effects`` (resolved for ``job``'s card, with its frame) would
    all do nothing now, or None when one of them may do something."""
    reasons: list[str] = []
    for effect in effects:
        reason = futile(state, job, effect)
        if reason is None:
            return None
        if reason not in reasons:
            reasons.append(reason)
    return "; ".join(reasons) if reasons else None


def futile(state: TyrantsState, job: JobBase, effect: Any) -> Reason:
    """Why the one effect would do nothing now, or None."""
    judge = JUDGES.get(type(effect))
    if judge is not None:
        return judge(state, job, effect)
    return futile_targets(state, job, effect)


def futile_targets(state: TyrantsState, job: JobBase, effect: Any) -> Reason:
    """A targeted effect does nothing when its lister finds no target (a
    deploy with an empty barracks still brings VP)."""
    if isinstance(effect, fx.Deploy) and state.players[job.seat].troops == 0:
        return None
    if (
        isinstance(effect, fx.Assassinate)
        and effect.per is not None
        and tally(state, job.seat, effect.per) <= 0
    ):
        return f"no {effect_words.tally_words(effect.per)}"
    target = make(ActJob, job, path=job.path, left=1)
    found = TARGETS[type(effect)](state, target, effect)
    if any(not isinstance(action, a.Stop) for action in found):
        return None
    if isinstance(effect, fx.ForceDiscard):
        return "no opponent has to discard"
    return f"nothing to {effect_words.effect_text(effect)}"


def futile_play(state: TyrantsState, seat: int, card_id: str, origin: Origin = "hand") -> Reason:
    """Why playing the card now (from the hand, the market or the inner
    circle) would do nothing, or None: judged on a copy of the position
    with the card laid in play.  None too for a card that is not there to
    be played (the words of an action that is not legal now)."""
    pile = {"hand": state.players[seat].hand, "market": state.market}.get(
        origin, state.players[seat].inner_circle
    )
    if card_id not in pile:
        return None
    played = paid_copy(state, seat, spies=False)
    p = played.players[seat]
    if origin == "hand":
        p.hand.remove(card_id)
    elif origin == "market":
        played.market = list(state.market)
        played.market.remove(card_id)
    else:
        p.inner_circle.remove(card_id)
    p.played.append(card_id)
    job = ListJob(seat=seat, card=card_id, source=len(p.played) - 1, origin=origin)
    return futile_list(played, job, card(card_id).effects)


# ---------------------------------------------------------------- judges
def gains(state: TyrantsState, job: JobBase, effect: Any) -> Reason:
    """Power, influence, VP: nothing only when counted per a tally of none."""
    per = getattr(effect, "per", None)
    if per is None:
        return None
    every = getattr(effect, "every", 1)
    if tally(state, job.seat, per) // every > 0:
        return None
    return (
        f"no {effect_words.tally_words(per)}"
        if every == 1
        else f"too few {effect_words.tally_words(per)}"
    )


def draw(state: TyrantsState, job: JobBase, effect: fx.Draw) -> Reason:
    if effect.per is not None and tally(state, job.seat, effect.per) <= 0:
        return f"no {effect_words.tally_words(effect.per)}"
    p = state.players[job.seat]
    if p.deck_size() == 0 and not p.discard:
        return "no card left to draw"
    return None


def force_discards(state: TyrantsState, job: JobBase, effect: fx.ForceDiscard) -> Reason:
    if effect.who == "an_opponent":
        return futile_targets(state, job, effect)
    return None if discarders(state, job, effect) else "no opponent has to discard"


def promote(state: TyrantsState, job: JobBase, effect: fx.Promote) -> Reason:
    if effect.source != "deck_top":
        return futile_targets(state, job, effect)
    p = state.players[job.seat]
    return None if p.deck_size() or p.discard else "no card in your deck to promote"


def give_outcasts(state: TyrantsState, job: JobBase, effect: fx.GiveOutcast) -> Reason:
    if state.piles.get("insane-outcast", 0) <= 0:
        return "the Insane Outcast pile is empty"
    if effect.to in ("self", "each_opponent"):
        return None
    return futile_targets(state, job, effect)


def return_to_supply(state: TyrantsState, job: JobBase, effect: Any) -> Reason:
    return None if this_in_play(state, job) else "this card is no longer in play"


def discard_deck(state: TyrantsState, job: JobBase, effect: Any) -> Reason:
    return None if state.players[job.seat].deck_size() else "your deck is empty"


def never(state: TyrantsState, job: JobBase, effect: Any) -> Reason:
    """Always does something (or is not settled until later: the end of the turn)."""
    return None


def reaction(state: TyrantsState, job: JobBase, effect: Any) -> Reason:
    return "it acts only when an opponent makes you discard it"


def choose(state: TyrantsState, job: JobBase, effect: fx.Choose) -> Reason:
    reasons = [futile_list(state, job, option) for option in effect.options]
    if any(reason is None for reason in reasons):
        return None
    return reasons[0]


def then(state: TyrantsState, job: JobBase, effect: fx.Then) -> Reason:
    """Each part starts with a frame of its own; a first part that does
    nothing hands the second nothing to act on."""
    fresh = make(type(job), job, spy_site=None, deployed=(), removed=())
    first = futile_list(state, fresh, effect.first)
    if first is None:
        return None
    second = futile_list(state, fresh, effect.then)
    if second is None:
        return None
    return first if first == second else f"{first}; {second}"


def if_(state: TyrantsState, job: JobBase, effect: fx.If) -> Reason:
    if holds(state, job, effect.condition, []):
        return futile_list(state, job, effect.effects)
    return f"not so: {effect_words.condition_text(effect.condition)}"


def repeat(state: TyrantsState, job: JobBase, effect: fx.Repeat) -> Reason:
    return futile_list(state, job, effect.effects)


def pay(state: TyrantsState, job: JobBase, effect: fx.Pay) -> Reason:
    """Nothing when the cost cannot be paid, or what it buys would do
    nothing whichever way it is paid."""
    ways = ways_to_pay(state, job, effect.cost)
    if not ways:
        return cost_reason(effect.cost)
    reasons = [bought(state, job, effect, way) for way in ways]
    if any(reason is None for reason in reasons):
        return None
    return reasons[0]


#: How each kind of effect is judged, by its type (the targeted ones, any
#: other, by their listers: :func:`futile_targets`).
JUDGES: dict[type, Callable[[TyrantsState, JobBase, Any], Reason]] = {
    fx.GainPower: gains,
    fx.GainInfluence: gains,
    fx.GainVP: gains,
    fx.Draw: draw,
    fx.ForceDiscard: force_discards,
    fx.Promote: promote,
    fx.GiveOutcast: give_outcasts,
    fx.ReturnToSupply: return_to_supply,
    fx.DiscardDeck: discard_deck,
    fx.OpenDevoured: never,
    fx.AtEndOfTurn: never,
    fx.WhenDiscarded: reaction,
    fx.Choose: choose,
    fx.Then: then,
    fx.If: if_,
    fx.Repeat: repeat,
    fx.Pay: pay,
}


# ------------------------------------------------------------------ costs
def ways_to_pay(state: TyrantsState, job: JobBase, cost: Any) -> list[a.TyrantsAction]:
    """Every way the cost can be paid now (none: it cannot be)."""
    seat = job.seat
    p = state.players[seat]
    if isinstance(cost, fx.ReturnOwnSpy):
        return [a.offer(a.ReturnOwnSpy, s) for s in own_spy_sites(state, seat)]
    if isinstance(cost, fx.DevourCard) and cost.source == "this":
        return [a.offer(a.DevourCard, job.card)] if this_in_play(state, job) else []
    if isinstance(cost, fx.DevourCard):
        pile = p.hand if cost.source == "hand" else p.inner_circle
        return [a.offer(a.DevourCard, c) for c in distinct(pile)]
    return [a.offer(a.DiscardCard, c) for c in distinct(p.hand)]


def cost_reason(cost: Any) -> str:
    """Why the cost cannot be paid."""
    if isinstance(cost, fx.ReturnOwnSpy):
        return "no spy of yours on the board"
    if isinstance(cost, fx.DevourCard):
        return {
            "this": "this card is no longer in play",
            "hand": "no card in your hand to devour",
        }.get(cost.source, "no card in your inner circle")
    return "no card in your hand to discard"


def bought(state: TyrantsState, job: JobBase, effect: fx.Pay, way: a.TyrantsAction) -> Reason:
    """Why what the cost buys would do nothing, paid this way (on a copy
    of the position with the cost paid), or None."""
    seat = job.seat
    paid = paid_copy(state, seat, spies=isinstance(way, a.ReturnOwnSpy))
    p = paid.players[seat]
    frame = job
    if isinstance(way, a.ReturnOwnSpy):
        ops.return_spy(paid, seat, way.site, seat)
        frame = make(type(job), job, spy_site=way.site)
    elif isinstance(way, a.DevourCard):
        assert isinstance(effect.cost, fx.DevourCard)
        if effect.cost.source == "this":
            p.played[job.source] = None
        elif effect.cost.source == "hand":
            p.hand.remove(way.card)
        else:
            p.inner_circle.remove(way.card)
    elif isinstance(way, a.DiscardCard):
        p.hand.remove(way.card)
        p.discard.append(way.card)
    return futile_list(paid, frame, effect.effects)


def paid_copy(state: TyrantsState, seat: int, spies: bool) -> TyrantsState:
    """A copy of ``state`` in which a cost may be paid: the paying seat's
    cards copied, and with ``spies`` the spies too (the rest shared, and
    left as it is).  Without ``spies`` the board is the same, and so is
    every seat's reach, which the copy shares."""
    paid = shallow(state)
    paid.players = list(state.players)
    paid.players[seat] = clone(state.players[seat])
    if spies:
        paid.spies = dict(state.spies)
    else:
        paid.reaches = state.reaches
    return paid


def worth_paying(state: TyrantsState, job: JobBase, effect: fx.Pay) -> list[a.TyrantsAction]:
    """The ways to pay the cost that buy something (ruling R-FUTILE)."""
    return [
        way
        for way in ways_to_pay(state, job, effect.cost)
        if bought(state, job, effect, way) is None
    ]
