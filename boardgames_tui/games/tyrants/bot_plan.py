"""What the Tyrants rule bot (``bots.py``) knows about a position, worked out
once per decision from the seat's view: :class:`Plan`.  A change on the board
is rated by what it does to the sites' worth (a site's VP, its control
marker's influence and VP, +2 for total control, for the seat and against its
opponents); on that rest the ratings of a deploy, an assassination, a
supplant, a spy placed, moved or kept, a card's worth to buy or promote, and
what a card's effects would bring now (``estimate``), with the likelihood of
a condition and the cheapest way to pay a cost.

It copies no state: every rating reads the view.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from typing import Any

from . import board as bd
from . import effects as fx
from .cards import card, promotes
from .model import (
    WHITE,
    Pieces,
    TyrantsState,
    control_of,
    game_left,
    reach,
    scores,
    tally,
)
from .targets import spy_sites

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


def swapped(pieces: Sequence[int], add: int | None, remove: int | None) -> tuple[int, ...]:
    """``pieces`` (a site's troops or spies, by colour) with one of colour
    ``remove`` taken away and one of colour ``add`` put there."""
    after = tuple(pieces)
    if remove is not None:
        at = after.index(remove)
        after = after[:at] + after[at + 1 :]
    if add is not None:
        after += (add,)
    return after


def site_worth(
    state: TyrantsState, site: str, troops: Pieces, spies: Sequence[int], me: int
) -> float:
    """What the site is worth to ``me`` with these troops and spies: its VP,
    marker and total control to whoever controls it, positive for ``me`` and
    negative (shared out among them) for an opponent."""
    best = control_of(troops)
    if best is None:
        return 0.0
    value, spaces, total = _site_facts(site)
    count = len(troops)
    if count == spaces and troops.count(best) == count and spies.count(best) == len(spies):
        value += total
    if best == me:
        return value
    return -value / max(1, len(state.players) - 1)


#: :func:`_site_facts` of each site met.
_FACTS: dict[str, tuple[float, int, float]] = {}


def _site_facts(site: str) -> tuple[float, int, float]:
    """What :func:`site_worth` reads of the site: its worth when controlled
    (its VP and a marker's), its troop spaces, and what total control adds
    (2 and a marker's VP for that many turns)."""
    found = _FACTS.get(site)
    if found is None:
        s = bd.site(site)
        value, total = float(s.vp), 2.0
        marker = s.control_marker
        if marker is not None:
            value += MARKER_WORTH
            total += marker.total_control.vp * TOTAL_MARKER_TURNS
        found = _FACTS[site] = (value, s.troop_spaces, total)
    return found


class Plan:
    """What the seat's ratings share, worked out once per decision."""

    def __init__(self, s: TyrantsState, me: int) -> None:
        self.s = s
        self.me = me
        self.p = s.players[me]
        self.n = len(s.players)
        self.map = bd.board_map(self.n, s.side)
        seen = reach(s, me)
        self.on_board = bool(seen.troops)
        self.presence = seen.near
        #: Each site's worth to the seat as it stands (:func:`site_worth`).
        self.worth: dict[str, float] = {}
        #: How far the game has gone, 0 to 1: the market deck or the
        #: emptiest barracks, whichever is nearer its end.
        self.late = 1.0 - game_left(s)
        self.memo: dict[Any, float] = {}
        self.aspects: list[str] | None = None

    # ---------------------------------------------------------- the board
    def worth_now(self, site: str) -> float:
        """The site's worth to the seat as it stands."""
        found = self.worth.get(site)
        if found is None:
            s = self.s
            found = self.worth[site] = site_worth(s, site, s.troops[site], s.spies[site], self.me)
        return found

    def change(self, space: str, add: int | None = None, remove: int | None = None) -> float:
        """How much a troop added and/or removed at ``space`` changes its worth."""
        spies = self.s.spies.get(space)
        if spies is None:  # a route space
            return 0.0
        after = swapped(self.s.troops[space], add, remove)
        return site_worth(self.s, space, after, spies, self.me) - self.worth_now(space)

    def spy_change(self, site: str, add: int | None = None, remove: int | None = None) -> float:
        troops = self.s.troops[site]
        after = swapped(self.s.spies[site], add, remove)
        return site_worth(self.s, site, troops, after, self.me) - self.worth_now(site)

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
        brought within reach, and what the card does at its spy's site.
        Worked out once per site and card (a spy moved with all five out
        weighs every site for each spy it might take back)."""
        key = ("spy site", site, source)
        found = self.memo.get(key)
        if found is None:
            found = self.memo[key] = self._spy_site(site, source)
        return found

    def _spy_site(self, site: str, source: str) -> float:
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
        # In the map's order, each colour once in seat order: the presence is
        # a set of names, whose order would change with the interpreter's
        # string hashing and so would the bot's choice between equal targets.
        spaces = [s for s in self.map.spaces if scope == "anywhere" or s in self.presence]
        found = []
        for space in spaces:
            for colour in sorted(set(self.s.troops[space])):
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
            (self.spy_site(s, source) for s in spy_sites(self.s, self.me)),
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
