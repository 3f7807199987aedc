"""A rule-based Tyrants bot, written from the rulebook and the cards and
reading only the seat's view.

Each decision rates every legal action by a short list of priorities and
takes the best (ties broken by the bot's own RNG).  What the ratings share
(the seat's presence, how far the game has gone, the best targets of each
kind) is worked out once per decision (:class:`Plan`), and a change on the
board is rated by what it does to the sites' worth: a site's VP, its
control marker's influence and VP, +2 for total control, for the seat and
against its opponents.

- Setup: the first troop on a free start site, away from the opponents and
  near the richest sites.
- Main phase: play every card first (those that devour or discard another
  card of the hand while a weak one is there to pay with); then spend power
  where a point of it does most: a deploy that takes, secures or nears a
  site's control, or spreads presence; an assassination (a trophy, and often
  control); returning a spy only when it stands in the way of total
  control; spend influence on the affordable card worth most (its cost early,
  its VP late, with a little for cards that promote and for the aspect the
  seat already collects).  End the turn when nothing is left worth doing.
- Choices: each option of a card rated by what its effects would bring now;
  a cost paid only when what it buys is worth more than what it takes (a
  Noble, a Soldier or an Insane Outcast first).  Promotions: the starting
  Nobles and Soldiers early (the deck gets thinner and each scores 1), the
  card that gains most inner-circle VP over its deck VP late.  Spies where
  they break an opponent's total control or bring an enemy troop within
  reach; a forced discard gives up the weakest card, unless a card that
  answers the discard (Grimlock, Ambassador, Umber Hulk) is there; the
  opponent made to discard is the leader; enemy troops moved or returned
  where that costs the opponents most; Insane Outcasts to the leader; the market card devoured is the best one the
  seat cannot afford.  With all five spies out, one moves only when the card
  gains more where it goes than the spy is worth where it stands: the spy
  worth least where it is goes where the card gains most.

What the ratings rest on (the seat's presence, how far the game has gone,
the sites' worth, what an effect would bring) is :class:`Plan`, in
``bot_plan.py``; this module is the bot itself: which
priorities each kind of decision follows.

It copies no state: every rating reads the view.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from boardgames_tui.engine.bots.base import Bot
from boardgames_tui.engine.game import Action, Game, GameState

from . import actions as a
from . import board as bd
from . import effects as fx
from . import resolve
from .bot_plan import (
    FODDER,
    Plan,
)
from .cards import card, reaction
from .model import WHITE, TyrantsState, scores
from .pending import ActJob, Decision

__all__ = ["TyrantsBot"]


@cache
def play_kind(card_id: str) -> tuple[bool, bool]:
    """Whether a card pays with another card of the hand (anywhere in its
    effects), and whether it draws (among its own effects): what
    :meth:`TyrantsBot.play_order` reads, worked out once per card."""
    effects = card(card_id).effects
    pays_with_hand = any(
        isinstance(e, fx.Pay)
        and isinstance(e.cost, fx.DevourCard | fx.DiscardCard)
        and getattr(e.cost, "source", "hand") == "hand"
        for e in fx.walk(effects)
    )
    return pays_with_hand, any(isinstance(e, fx.Draw) for e in effects)


#: A card's rating in the main phase, before its order (-10 to +10).
PLAY = 100.0
#: What every other main-phase action rates below (a deploy, an
#: assassination, a spy returned, a recruit, the end of the turn): the
#: least a card to play rates, so :meth:`TyrantsBot.play_first` rates the
#: cards alone.
MAIN_CEILING = PLAY - 10.0


class TyrantsBot(Bot):
    """Plays every card, takes and holds sites, buys the best cards it can."""

    name = "tyrants"
    about = "rule-based: plays every card, takes sites, buys the best cards"

    def unseen(self, legal: list[Action]) -> Action | None:
        """A forced move (one legal action) is played without a look at the
        view, and so is a card to play in the main phase
        (:meth:`play_first`: the list says all it needs)."""
        if len(legal) == 1:
            return legal[0]
        return self.play_first(legal)

    def play_first(self, legal: list[Action], hand: list[str] | None = None) -> Action | None:
        """In the main phase with a card to play, the card to play, else
        None.  Every card is played before anything else: a card's rating
        (:meth:`rate_main`, 100 and its order, at least 90) is above any
        other main-phase action's (below :data:`MAIN_CEILING`,
        ``test_tyrants_bot_plays_first.py`` bounds them from the board and
        the cards), so only the cards are rated, the best taken as
        :meth:`pick` takes it (ties by the same draw).  A card's order reads
        whether the ``hand`` holds a weak card besides it to pay with;
        without the hand the list tells, as it offers each card of the hand
        once, except for an Insane Outcast (weak itself) with no other weak
        card offered: whether a second one is in the hand, only the view
        says (None then)."""
        if type(legal[-1]) is not a.EndTurn:  # only the main phase ends the turn
            return None
        plays = [act for act in legal if isinstance(act, a.PlayCard)]
        if not plays:
            return None
        weak = [act.card for act in plays if act.card in FODDER]
        best = float("-inf")
        chosen: list[Action] = []
        for act in plays:
            pays_with_hand, draws = play_kind(act.card)
            if pays_with_hand:
                if hand is not None:
                    left = list(hand)
                    left.remove(act.card)
                    paid = any(c in FODDER for c in left)
                elif act.card not in FODDER or len(weak) > 1:
                    paid = any(c != act.card for c in weak)
                else:
                    return None
                value = 10.0 if paid else -10.0
            else:
                value = 5.0 if draws else 0.0
            if value > best:
                best, chosen = value, [act]
            elif value == best:
                chosen.append(act)
        return self.rng.choice(chosen)

    def pick(self, game: Game[Any, Any], view: GameState, legal: list[Action]) -> Action:
        assert isinstance(view, TyrantsState)
        if len(legal) == 1:
            return legal[0]
        seat = game.to_act(view)
        assert seat is not None
        first = self.play_first(legal, view.players[seat].hand)
        if first is not None:
            return first
        plan = Plan(view, seat)
        job = view.jobs[-1] if view.jobs and view.phase != "placing" else None
        # The main phase's actions rated at once (what ``rate`` does there).
        rating = self.rate_main if job is None and view.phase == "main" else None
        decision: Any = job
        best = float("-inf")
        chosen: list[Action] = []
        for action in legal:
            act: Any = action
            value = rating(plan, act) if rating is not None else self.rate(plan, decision, act)
            if value > best:
                best, chosen = value, [action]
            elif value == best:
                chosen.append(action)
        return self.rng.choice(chosen)

    # ----------------------------------------------------------- priorities
    def rate(self, plan: Plan, job: Decision | None, action: a.TyrantsAction) -> float:
        if isinstance(action, a.PlaceStartTroop):
            return self.rate_start(plan, action.site)
        if job is None:
            return self.rate_main(plan, action)
        return self.rate_job(plan, job, action)

    def rate_start(self, plan: Plan, site: str) -> float:
        s = plan.s
        troops = s.troops[site]
        value = -3.0 * sum(1 for c in troops if c not in (WHITE, plan.me))
        value += 0.2 * (bd.site(site).troop_spaces - len(troops))
        # The sites two steps or so away: what there is to take.
        seen = {site}
        ring = [site]
        for _ in range(3):
            ring = [n for sp in ring for n in plan.map.neighbours[sp] if n not in seen]
            seen.update(ring)
        for sp in sorted(seen):  # (a set's order would change the float sum)
            if sp != site and bd.is_site(sp):
                value += 0.1 * bd.site(sp).vp
                if any(c not in (WHITE, plan.me) for c in s.troops[sp]):
                    value -= 0.5
        return value

    def rate_main(self, plan: Plan, action: a.TyrantsAction) -> float:
        if isinstance(action, a.PlayCard):
            return PLAY + self.play_order(plan, action.card)
        if isinstance(action, a.Deploy):
            return plan.deploy(action.space)
        if isinstance(action, a.DeployForVP):
            return 1.0
        if isinstance(action, a.Assassinate):
            return plan.assassinate(action.space, action.colour) / 3.0
        if isinstance(action, a.ReturnSpy):
            return plan.return_spy(action.site, action.owner) / 3.0 - 0.2
        if isinstance(action, a.Recruit | a.RecruitDevoured):
            return 10.0 + plan.card_value(action.card)
        if isinstance(action, a.EndTurn):
            return 0.0
        return -1.0  # pragma: no cover - the main phase offers nothing else

    def play_order(self, plan: Plan, card_id: str) -> float:
        """Cards that pay with another card of the hand go first, while a
        weak one is there; cards that draw next; the rest in any order."""
        pays_with_hand, draws = play_kind(card_id)
        if pays_with_hand:
            hand = list(plan.p.hand)
            hand.remove(card_id)
            return 10.0 if any(c in FODDER for c in hand) else -10.0
        if draws:
            return 5.0
        return 0.0

    def rate_job(self, plan: Plan, job: Decision, action: a.TyrantsAction) -> float:
        effect = resolve.effect_of(job)
        source = job.card
        if job.kind == "choose":
            assert isinstance(action, a.ChooseOption)
            return plan.estimate(effect.options[action.option], source)
        if job.kind == "discard":
            assert isinstance(action, a.DiscardCard)
            return self.rate_discard(plan, action.card)
        if job.kind == "pay":
            if isinstance(action, a.Stop):
                return 0.0
            gain = self.paid_for(plan, job, effect, action)
            if isinstance(action, a.ReturnOwnSpy):
                return gain - plan.keep_spy(action.site)
            if isinstance(action, a.DevourCard):
                if effect.cost.source == "inner_circle":
                    return gain - (card(action.card).inner_circle_vp or 0)
                return gain - plan.strength(action.card)
            if isinstance(action, a.DiscardCard):
                return gain - plan.strength(action.card)
            return -1.0  # pragma: no cover
        match action:
            case a.Stop():
                return 0.0
            case a.Deploy(space=space):
                return plan.deploy(space)
            case a.Assassinate(space=space, colour=colour):
                return plan.assassinate(space, colour)
            case a.Supplant(space=space, colour=colour):
                return plan.supplant(space, colour)
            case a.PlaceSpy(site=site):
                return plan.spy_site(site, source)
            case a.ReturnOwnSpy(site=site):
                # all five are out: move this one only if the card gains
                # more at its new site than the spy is worth where it is
                return plan.move_spy(site, source)
            case a.ReturnTroop(space=space, colour=colour):
                return plan.return_troop(space, colour)
            case a.ReturnSpy(site=site, owner=owner):
                return plan.return_spy(site, owner)
            case a.PickTroop(space=space, colour=colour):
                # what leaving costs that site, and a little less for a
                # player's troop, which can be put where it hurts its owner
                return 0.2 + plan.change(space, remove=colour) + (0.3 if colour != WHITE else 0)
            case a.MoveTo(space=space):
                return self.rate_move_to(plan, job, space)
            case a.TakeTrophy(hall=hall, colour=colour):
                value = -1.0 if hall == plan.me else 1.0
                if colour == plan.me:
                    return value + 0.8
                return value + (0.3 if colour == WHITE else -0.5)
            case a.Promote(card=c):
                return plan.promote_value(c)
            case a.DevourMarket(card=c):
                if (card(c).cost or 0) <= plan.p.influence:
                    return -plan.card_value(c)
                return plan.card_value(c) - 6.0
            case a.Recruit(card=c) | a.RecruitDevoured(card=c):
                return plan.card_value(c)
            case a.MakeDiscard(seat=victim):
                return float(scores(plan.s)[victim])
            case a.PlayCard(card=c):
                return plan.estimate(card(c).effects, c)
            case a.GiveOutcast(seat=taker):
                return float(scores(plan.s)[taker])
        return 0.0

    def rate_discard(self, plan: Plan, card_id: str) -> float:
        """A card to give up to an opponent's forced discard: the weakest,
        unless one answers the discard (Grimlock draws, Ambassador may be
        promoted, Umber Hulk makes the opponent discard)."""
        value = -plan.strength(card_id)
        index = reaction(card_id)
        if index is None:
            return value
        answer = card(card_id).effects[index]
        gain = 0.0
        for e in fx.walk(answer.effects if isinstance(answer, fx.WhenDiscarded) else ()):
            if isinstance(e, fx.Promote):
                gain += max(0.0, plan.promote_value(card_id)) + plan.strength(card_id)
            elif isinstance(e, fx.Draw):
                gain += 1.5 * e.count
            elif isinstance(e, fx.ForceDiscard):
                gain += 3.0  # the opponent loses a card of the turn being played
        return value + gain

    def rate_move_to(self, plan: Plan, job: Decision, space: str) -> float:
        """Where a moved enemy troop, or a troop taken from a trophy hall, goes."""
        assert isinstance(job, ActJob) and job.holding is not None
        _, colour = job.holding
        value = plan.change(space, add=colour)
        if colour == plan.me:
            value += plan.new_presence(space) + (plan.progress(space) if bd.is_site(space) else 0)
        elif not bd.is_site(space):
            value += 0.1  # out of the way
        return value

    def paid_for(self, plan: Plan, job: Decision, effect: Any, action: a.TyrantsAction) -> float:
        """What the effects bought by paying are worth; at a returned spy's
        site, what the card does there."""
        if isinstance(action, a.ReturnOwnSpy):
            site = action.site
            value = 0.0
            for e in effect.effects:
                if isinstance(e, fx.Assassinate | fx.Supplant) and e.at == "spy_site":
                    enemies = {
                        c
                        for c in plan.s.troops[site]
                        if c != plan.me and (c == WHITE or not e.white_only)
                    }
                    rate = plan.supplant if isinstance(e, fx.Supplant) else plan.assassinate
                    value += max((rate(site, c) + 0.5 for c in enemies), default=0.0)
                else:
                    value += plan.effect(e, job.card)
            return value
        return plan.estimate(effect.effects, job.card)
