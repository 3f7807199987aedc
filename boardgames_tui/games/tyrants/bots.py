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

It copies no state: every rating reads the view.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from typing import Any

from boardgames_tui.engine.bots.base import Bot
from boardgames_tui.engine.game import Action, Game, GameState

from . import actions as a
from . import board as bd
from . import effects as fx
from . import resolve
from .cards import card, promotes, reaction
from .model import WHITE, Job, TyrantsState, control_of, game_left, scores, tally

#: A control marker's influence each turn, in VP.
MARKER_WORTH = 1.0
#: A total-control marker's VP each turn counts this many times.
TOTAL_MARKER_TURNS = 2.0
#: The starting cards and the Insane Outcast: what a cost is paid with first.
FODDER = ("insane-outcast", "noble", "soldier")


@cache
def spy_site_targets(card_id: str) -> tuple[bool, bool]:
    """Whether the card acts at its spy's site: (assassinates or supplants
    there, has an effect that needs another player's troop there)."""
    kills = needs_enemy = False
    for e in fx.walk(card(card_id).effects):
        if isinstance(e, fx.Assassinate | fx.Supplant) and e.at == "spy_site":
            kills = True
        if isinstance(e, fx.EnemyTroopAtSpySite):
            needs_enemy = True
    return kills, needs_enemy


def swapped(pieces: Sequence[int], add: int | None, remove: int | None) -> list[int]:
    """``pieces`` (a site's troops or spies, by colour) with one of colour
    ``remove`` taken away and one of colour ``add`` put there."""
    after = list(pieces)
    if remove is not None:
        after.remove(remove)
    if add is not None:
        after.append(add)
    return after


def site_worth(
    state: TyrantsState, site: str, troops: Sequence[int], spies: Sequence[int], me: int
) -> float:
    """What the site is worth to ``me`` with these troops and spies: its VP,
    marker and total control to whoever controls it, positive for ``me`` and
    negative (shared out among them) for an opponent."""
    best = control_of(troops)
    if best is None:
        return 0.0
    s = bd.site(site)
    value = float(s.vp)
    marker = s.control_marker
    if marker is not None:
        value += MARKER_WORTH
    if (
        len(troops) == s.troop_spaces
        and all(t == best for t in troops)
        and all(o == best for o in spies)
    ):
        value += 2.0
        if marker is not None:
            value += marker.total_control.vp * TOTAL_MARKER_TURNS
    if best == me:
        return value
    return -value / max(1, len(state.players) - 1)


class Plan:
    """What the seat's ratings share, worked out once per decision."""

    def __init__(self, s: TyrantsState, me: int) -> None:
        self.s = s
        self.me = me
        self.p = s.players[me]
        self.n = len(s.players)
        self.map = bd.board_map(self.n, s.side)
        mine = [sp for sp, occ in s.troops.items() if me in occ]
        spied = [sp for sp, who in s.spies.items() if me in who]
        self.on_board = bool(mine)
        self.presence = bd.presence(mine, spied, self.n, s.side)
        #: How far the game has gone, 0 to 1: the market deck or the
        #: emptiest barracks, whichever is nearer its end.
        self.late = 1.0 - game_left(s)
        self.memo: dict[Any, float] = {}
        self.aspects: list[str] | None = None

    # ---------------------------------------------------------- the board
    def change(self, space: str, add: int | None = None, remove: int | None = None) -> float:
        """How much a troop added and/or removed at ``space`` changes its worth."""
        if not bd.is_site(space):
            return 0.0
        troops = self.s.troops[space]
        after = swapped(troops, add, remove)
        spies = self.s.spies[space]
        me = self.me
        return site_worth(self.s, space, after, spies, me) - site_worth(
            self.s, space, troops, spies, me
        )

    def spy_change(self, site: str, add: int | None = None, remove: int | None = None) -> float:
        troops = self.s.troops[site]
        spies = self.s.spies[site]
        after = swapped(spies, add, remove)
        me = self.me
        return site_worth(self.s, site, troops, after, me) - site_worth(
            self.s, site, troops, spies, me
        )

    def new_presence(self, space: str) -> float:
        """What a troop at ``space`` adds to the seat's reach: sites newly
        within reach, more if they hold enemy troops or free spaces."""
        value = 0.0
        for near in (space, *self.map.neighbours[space]):
            if near in self.presence or not bd.is_site(near):
                continue
            occupants = self.s.troops[near]
            value += 0.1 + 0.03 * bd.site(near).vp
            if any(c != self.me for c in occupants):
                value += 0.1
        return value

    def progress(self, space: str) -> float:
        """After one more troop of the seat at ``space`` (a site): how much
        nearer it is to control, a safer lead, or total control."""
        troops = self.s.troops[space]
        me = self.me
        mine = troops.count(me) + 1
        others: dict[int, int] = {}
        for c in troops:
            if c != me:
                others[c] = others.get(c, 0) + 1
        top = max(others.values(), default=0)
        s = bd.site(space)
        free = s.troop_spaces - len(troops) - 1
        if mine <= top:
            need = top + 1 - mine
            return 0.3 * s.vp / need if free >= need else 0.05
        value = 0.25 * s.vp / (mine - top)
        if not others and free > 0 and all(o == me for o in self.s.spies[space]):
            value += 0.8 / free
        return value

    def deploy(self, space: str) -> float:
        key = ("deploy", space)
        found = self.memo.get(key)
        if found is not None:
            return found
        value = 0.1 + self.change(space, add=self.me) + self.new_presence(space)
        if bd.is_site(space):
            value += self.progress(space)
        if self.p.troops == 1 and self.behind():
            value -= 5.0  # the last troop ends the game
        self.memo[key] = value
        return value

    def behind(self) -> bool:
        if "behind" not in self.memo:
            totals = scores(self.s)
            mine = totals[self.me]
            self.memo["behind"] = float(
                any(t >= mine for i, t in enumerate(totals) if i != self.me)
            )
        return bool(self.memo["behind"])

    def assassinate(self, space: str, colour: int) -> float:
        """A trophy (1 VP), what the site's worth gains, and a little more
        for a player's troop (it leaves their barracks' count for good)."""
        value = 1.0 + self.change(space, remove=colour)
        if colour != WHITE:
            value += 0.2
        return value

    def supplant(self, space: str, colour: int) -> float:
        return 1.1 + self.change(space, add=self.me, remove=colour) + self.new_presence(space)

    def return_troop(self, space: str, colour: int) -> float:
        return 0.1 + self.change(space, remove=colour)

    def return_spy(self, site: str, owner: int) -> float:
        return 0.05 + self.spy_change(site, remove=owner)

    def spy_site(self, site: str, source: str) -> float:
        """A spy of the seat at ``site``: a total control broken, a site
        brought within reach, and what the card does at its spy's site."""
        value = self.spy_change(site, add=self.me)
        troops = self.s.troops[site]
        enemies = [c for c in troops if c != self.me]
        if site not in self.presence:
            value += 0.2 + (0.3 if enemies else 0.0)
            if bd.site(site).troop_spaces > len(troops):
                value += 0.1
        kills, needs_enemy = spy_site_targets(source)
        if kills and enemies:
            value += 2.0 + max(self.change(site, remove=c) for c in set(enemies))
        if needs_enemy and any(c != WHITE for c in enemies):
            value += 2.0
        return value

    def move_spy(self, site: str, source: str) -> float:
        """With all five spies out: what taking the spy back from ``site``
        and placing it where the card gains most brings, less what leaving
        ``site`` costs (ruling R-SPY-MOVE)."""
        key = ("move spy", site, source)
        found = self.memo.get(key)
        if found is not None:
            return found
        places = [s for s in self.map.sites if s != site and self.me not in self.s.spies[s]]
        gain = max((self.spy_site(s, source) for s in places), default=0.0)
        value = gain - self.keep_spy(site)
        self.memo[key] = value
        return value

    def best_move_spy(self, source: str) -> float:
        spied = [s for s, who in self.s.spies.items() if self.me in who]
        return self.best(
            f"move spy {source}", (self.move_spy(s, source) for s in spied), default=0.0
        )

    def keep_spy(self, site: str) -> float:
        """What the seat loses by taking its spy back from ``site``."""
        value = -self.spy_change(site, remove=self.me)
        troops = self.s.troops[site]
        if not any(self.me == c for c in troops):
            value += 0.4 if troops else 0.2
        return value

    def best(self, key: str, values: Iterable[float], default: float = 0.0) -> float:
        if key not in self.memo:
            self.memo[key] = max(values, default=default)
        return self.memo[key]

    def best_deploy(self) -> float:
        return self.best("best deploy", (self.deploy(s) for s in self.deploy_spaces()))

    def deploy_spaces(self) -> list[str]:
        spaces = [s for s in self.map.spaces if bd.troop_spaces(s) > len(self.s.troops[s])]
        if not self.on_board:
            return spaces
        return [s for s in spaces if s in self.presence]

    def targets(self, scope: str, white_only: bool) -> list[tuple[str, int]]:
        spaces = self.map.spaces if scope == "anywhere" else self.presence
        found = []
        for space in spaces:
            for colour in set(self.s.troops[space]):
                if colour != self.me and (colour == WHITE or not white_only):
                    found.append((space, colour))
        return found

    # ------------------------------------------------------------- cards
    def card_value(self, card_id: str) -> float:
        """A card to recruit: its strength (cost) early, its VP late, a
        little for promoting and for the aspect the seat collects."""
        c = card(card_id)
        early = 1.0 - self.late
        value = (c.cost or 0) * (0.4 + early) + c.deck_vp + 0.2 * (c.inner_circle_vp or 0)
        if promotes(card_id):
            value += 1.0 * early
        if c.aspect is not None and c.aspect != "obedience":
            same = sum(1 for o in self.owned_aspects() if o == c.aspect)
            value += min(1.0, 0.25 * same) * early
        return value

    def owned_aspects(self) -> list[str]:
        """The aspects of the market cards the seat owns (not in its inner circle)."""
        if self.aspects is None:
            p = self.p
            cards = p.deck + p.hand + p.discard + [c for c in p.played if c is not None]
            self.aspects = [
                aspect for c in cards if (aspect := card(c).aspect) is not None and card(c).cost
            ]
        return self.aspects

    def strength(self, card_id: str) -> float:
        """How much the seat loses by losing the card from its deck."""
        if card_id == "insane-outcast":
            return -1.5
        if card_id in ("noble", "soldier"):
            return 0.3
        c = card(card_id)
        return 0.6 * (c.cost or 0) + c.deck_vp

    def promote_value(self, card_id: str) -> float:
        """Into the inner circle: the VP it gains there over its deck VP,
        less what the deck loses while the game goes on."""
        c = card(card_id)
        if c.inner_circle_vp is None:
            return 3.0  # an Insane Outcast goes back to its pile
        gain = c.inner_circle_vp - c.deck_vp
        if card_id in ("noble", "soldier"):
            return gain + 1.0 * (1.0 - self.late)
        return gain - 0.5 * (c.cost or 0) * (1.0 - self.late)

    # ----------------------------------------------------------- effects
    def estimate(self, effects: Iterable[Any], source: str) -> float:
        """About what carrying out the effects now would bring."""
        return sum(self.effect(e, source) for e in effects)

    def effect(self, e: Any, source: str) -> float:
        late = self.late
        if isinstance(e, fx.GainPower):
            amount = e.amount
            if e.per is not None:
                amount *= tally(self.s, self.me, e.per) // e.every
            return amount * (0.9 + 0.3 * late)
        if isinstance(e, fx.GainInfluence):
            return e.amount * (1.1 - 0.5 * late)
        if isinstance(e, fx.GainVP):
            if e.per is None:
                return float(e.amount)
            return float(e.amount * (tally(self.s, self.me, e.per) // e.every))
        if isinstance(e, fx.Draw):
            count = e.count * (tally(self.s, self.me, e.per) if e.per is not None else 1)
            return 1.2 * count
        if isinstance(e, fx.Deploy):
            return e.count * max(0.3, self.best_deploy())
        if isinstance(e, fx.Assassinate):
            found = self.targets(e.at if e.at != "spy_site" else "presence", e.white_only)
            if not found:
                return 0.0
            best = self.best(
                f"assassinate {e.at} {e.white_only}", (self.assassinate(*t) for t in found)
            )
            count = tally(self.s, self.me, e.per) if e.per is not None else e.count
            return min(count, len(found)) * (best + 0.5 + e.influence_each)
        if isinstance(e, fx.Supplant):
            found = self.targets(e.at if e.at != "spy_site" else "presence", e.white_only)
            if not found:
                return 0.0
            best = self.best(f"supplant {e.at} {e.white_only}", (self.supplant(*t) for t in found))
            return min(e.count, len(found)) * (best + 0.5)
        if isinstance(e, fx.PlaceSpy):
            if self.p.spies <= 0:
                if self.s.rules < 2:
                    return 0.0
                return e.count * max(0.0, self.best_move_spy(source))
            return e.count * (0.8 + max(0.0, self.best_spy(source)))
        if isinstance(e, fx.ReturnEnemy):
            return 0.5
        if isinstance(e, fx.MoveTroop):
            return 0.8 * e.count
        if isinstance(e, fx.Promote):
            return 1.5 * e.count
        if isinstance(e, fx.PromotePlayed):
            return 1.5 * e.count
        if isinstance(e, fx.DevourMarket):
            return 0.2
        if isinstance(e, fx.RecruitFree):
            return 0.6 * e.max_cost
        if isinstance(e, fx.GiveOutcast):
            return -1.0 * e.count if e.to == "self" else 1.0 * e.count
        if isinstance(e, fx.DeployTrophies):
            return 1.0 * e.count
        if isinstance(e, fx.ForceDiscard):
            # an opponent's next turn one card weaker
            return 0.7 if e.who != "each_opponent" else 0.7 * (self.n - 1)
        if isinstance(e, fx.PlayFrom):
            return 3.0
        if isinstance(e, fx.OpenDevoured):
            top = self.s.devoured[-1] if self.s.devoured else None
            return 0.1 * (card(top).cost or 0) if top is not None else 0.0
        if isinstance(e, fx.WhenDiscarded):
            return 0.0  # only when an opponent makes the owner discard it
        if isinstance(e, fx.Choose):
            return max(self.estimate(o, source) for o in e.options)
        if isinstance(e, fx.Then):
            return self.estimate(e.first, source) + self.estimate(e.then, source)
        if isinstance(e, fx.If):
            return self.likely(e.condition, source) * self.estimate(e.effects, source)
        if isinstance(e, fx.Pay):
            loss = self.cheapest_cost(e.cost)
            if loss is None:
                return 0.0
            return max(0.0, self.estimate(e.effects, source) - loss)
        if isinstance(e, fx.AtEndOfTurn):
            return self.estimate(e.effects, source)
        if isinstance(e, fx.Repeat):
            return e.times * self.estimate(e.effects, source)
        return 0.0

    def best_spy(self, source: str) -> float:
        return self.best(
            f"spy {source}",
            (self.spy_site(s, source) for s in resolve.spy_sites(self.s, self.me)),
        )

    def likely(self, condition: Any, source: str) -> float:
        if isinstance(condition, fx.Focus):
            p = self.p
            played = [c for c in p.played if c is not None]
            hand = list(p.hand)
            if source in hand:
                hand.remove(source)
            return 1.0 if any(card(c).aspect == condition.aspect for c in played + hand) else 0.0
        if isinstance(condition, fx.AtLeast):
            return 1.0 if tally(self.s, self.me, condition.tally) >= condition.count else 0.0
        return 0.5

    def cheapest_cost(self, cost: Any) -> float | None:
        """What paying the cost takes at least, or None when it cannot be paid."""
        p = self.p
        if isinstance(cost, fx.ReturnOwnSpy):
            sites = [s for s, who in self.s.spies.items() if self.me in who]
            return min((self.keep_spy(s) for s in sites), default=None)
        if isinstance(cost, fx.DevourCard) and cost.source == "this":
            return 2.0  # the card's deck VP and its plays to come
        if isinstance(cost, fx.DevourCard) and cost.source == "inner_circle":
            return min(((card(c).inner_circle_vp or 0) * 1.0 for c in p.inner_circle), default=None)
        return min((self.strength(c) for c in p.hand), default=None)


class TyrantsBot(Bot):
    """Plays every card, takes and holds sites, buys the best cards it can."""

    name = "tyrants"
    about = "rule-based: plays every card, takes sites, buys the best cards"

    def pick(self, game: Game[Any, Any], view: GameState, legal: list[Action]) -> Action:
        assert isinstance(view, TyrantsState)
        if len(legal) == 1:
            return legal[0]
        seat = game.to_act(view)
        assert seat is not None
        plan = Plan(view, seat)
        job = view.jobs[-1] if view.jobs and view.phase != "placing" else None
        best = float("-inf")
        chosen: list[Action] = []
        for action in legal:
            value = self.rate(plan, job, action)  # type: ignore[arg-type]
            if value > best:
                best, chosen = value, [action]
            elif value == best:
                chosen.append(action)
        return self.rng.choice(chosen)

    # ----------------------------------------------------------- priorities
    def rate(self, plan: Plan, job: Job | None, action: a.TyrantsAction) -> float:
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
        for sp in seen:
            if sp != site and bd.is_site(sp):
                value += 0.1 * bd.site(sp).vp
                if any(c not in (WHITE, plan.me) for c in s.troops[sp]):
                    value -= 0.5
        return value

    def rate_main(self, plan: Plan, action: a.TyrantsAction) -> float:
        if isinstance(action, a.PlayCard):
            return 100.0 + self.play_order(plan, action.card)
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
        effects = card(card_id).effects
        pays_with_hand = any(
            isinstance(e, fx.Pay)
            and isinstance(e.cost, fx.DevourCard | fx.DiscardCard)
            and getattr(e.cost, "source", "hand") == "hand"
            for e in fx.walk(effects)
        )
        if pays_with_hand:
            hand = list(plan.p.hand)
            hand.remove(card_id)
            return 10.0 if any(c in FODDER for c in hand) else -10.0
        if any(isinstance(e, fx.Draw) for e in effects):
            return 5.0
        return 0.0

    def rate_job(self, plan: Plan, job: Job, action: a.TyrantsAction) -> float:
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

    def rate_move_to(self, plan: Plan, job: Job, space: str) -> float:
        """Where a moved enemy troop, or a troop taken from a trophy hall, goes."""
        assert job.holding is not None
        _, colour = job.holding
        value = plan.change(space, add=colour)
        if colour == plan.me:
            value += plan.new_presence(space) + (plan.progress(space) if bd.is_site(space) else 0)
        elif not bd.is_site(space):
            value += 0.1  # out of the way
        return value

    def paid_for(self, plan: Plan, job: Job, effect: Any, action: a.TyrantsAction) -> float:
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
