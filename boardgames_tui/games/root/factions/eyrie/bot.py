"""The Eyrie Dynasties' rule bot (the Root rule bot's plan for Eyrie seats),
in the spirit of the published automated factions: it fills its Decree only
with what it can carry out this turn and the next, then resolves it in order.

Everything it decides goes through one light model of the Woodland
(``plan_model.py``'s :class:`Board`: the Eyrie's warriors and roosts, the strongest enemy's
warriors and the enemies' buildings and tokens per clearing) and one plan
over it (:func:`shortfall`): the Decree resolved column by column, each card
in the clearing the bot would choose, the suited cards first and the birds
(wild) after them, counting the cards nothing could be done for.

- **Adding to the Decree.** Each card a column could take is tried in the
  plan: a card that would leave something undone this turn or the next is
  added only when every card would (the first card is not optional); among
  the rest, Build (roosts raise the track) before Battle, Recruit and Move,
  less what the card is worth in hand (an ambush, an item it can craft).
  A bird card, wild, is the safest addition but costs a point in Turmoil.
  A second card is added only when it leaves the plan whole.
- **Resolving.** Each legal action is applied to the model and the rest of
  the Decree planned after it; an action after which something could not be
  done loses to any after which all can, and Turmoil comes last.  Between
  equals: battles where it wins and takes buildings and tokens, roosts where
  they are safe, moves that bring enough warriors to rule a clearing or to
  fight the enemies the Battle column needs, recruits where a roost is
  threatened.
- **Leaders**: the one whose two viziers the plan carries out, then the
  Despot, the Builder, the Commander, the Charismatic.

This module knows no other faction; the rule bot (``bots.py``) asks it
through the faction's ``plan`` and rates every other decision by its shared
priorities."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import TypeVar

from boardgames_tui.engine.game import Action

from ... import core
from ...actions import Battle, ChooseCorner, Done, Move
from ...model import RootState, card_of
from ...plan import RulePlan
from . import decree
from .actions import AddToDecree, BuildRoost, ChooseLeader, DecreeRecruit, PlaceRoost, Turmoil
from .decisions import DecreeCard, LeaderChoice, RoostSite
from .plan_model import (
    Board,
    Wants,
    battle_at,
    board_key,
    board_of,
    build_at,
    decree_suits,
    marched_worth,
    planned,
    planned_after,
    planned_in_two,
    recruit_at,
    suit,
    wants,
)
from .state import EYRIE, VIZIER, Eyrie

#: What a card in each column is worth to the bot each turn, once it can be
#: carried out: a roost raises the track (points and draws every Evening),
#: a battle takes pieces (points), a recruit and a move feed the others.
COLUMN_WORTH: tuple[float, float, float, float] = (3.0, 2.5, 4.0, 6.0)
#: The leaders in the bot's order when the plan carries out several
#: (the Despot's points for battles, the Builder's items, ...).
LEADER_ORDER: dict[str, float] = {
    "despot": 3.0,
    "builder": 2.5,
    "commander": 2.0,
    "charismatic": 1.5,
}
#: A card the plan cannot carry out: Turmoil, this turn or the next.
UNDONE_NOW = 100.0
UNDONE_NEXT = 30.0


# ------------------------------------------------------------- decisions
class EyriePlan(RulePlan):
    """The Eyrie's own decisions, rated; ``None`` for a decision the shared
    priorities rate (battle effects, hits, discards, crafting ...)."""

    def ratings(
        self, s: RootState, legal: list[Action], card_value: Callable[[int], float]
    ) -> list[float | None] | None:
        eyrie = s.player(EYRIE)
        assert isinstance(eyrie, Eyrie)
        top = s.stack[-1] if s.stack else None
        if isinstance(top, DecreeCard):
            return self.rate_additions(s, eyrie, legal, card_value)
        if isinstance(top, RoostSite):
            return [self.rate_roost_site(s, a) for a in legal]
        if isinstance(top, LeaderChoice) or (s.setting_up == EYRIE and s.step == "eyrie_leader"):
            return [self.rate_leader(s, eyrie, a) for a in legal]
        if s.setting_up == EYRIE and s.step == "eyrie_corner":
            return [self.rate_corner(s, a) for a in legal]
        if decree.resolving(s):
            return self.rate_resolution(s, eyrie, legal)
        return None

    # ------------------------------------------------------------ Birdsong
    def rate_additions(
        self,
        s: RootState,
        eyrie: Eyrie,
        legal: list[Action],
        card_value: Callable[[int], float],
    ) -> list[float | None]:
        board = board_of(s)
        board_at = board_key(board)
        columns = decree_suits(eyrie)
        base_now, base_next = planned(board, board_at, columns)
        verdicts: dict[tuple[str, int], tuple[int, int]] = {}
        out: list[float | None] = [None] * len(legal)
        second = bool(eyrie.added)
        # What each card would craft, from the roosts' suits read once.
        have = roost_suits(s)
        crafts: dict[int, float] = {}
        # The additions with the most each could be worth: the rating with
        # the plan left whole (a card may mend the plan, never beyond it).
        bounds: list[tuple[float, int, tuple[AddToDecree, str, float]]] = []
        best = float("-inf")
        for i, a in enumerate(legal):
            if isinstance(a, Done):
                out[i] = 0.0
                best = max(best, 0.0)
                continue
            if not isinstance(a, AddToDecree):
                continue
            card_suit = suit(a.card)
            crafted = crafts.get(a.card)
            if crafted is None:
                crafted = crafts[a.card] = craftable(s, eyrie, a.card, have)
            kept = 0.8 * card_value(a.card) + 0.5 * crafted
            most = _added_worth(a.column, card_suit, -base_now, -base_next, kept)
            bounds.append((most, i, (a, card_suit, kept)))

        # This turn's shortfall of each Decree tried, and the next turn's
        # when asked (plan_model.planned_in_two).
        halves: dict[tuple[str, int], tuple[int, Callable[[], int]]] = {}

        def rate(added: tuple[AddToDecree, str, float], most: float, best: float) -> float:
            a, card_suit, kept = added
            key = (card_suit, a.column)
            verdict = verdicts.get(key)
            if verdict is None:
                half = halves.get(key)
                if half is None:
                    trial = [list(c) for c in columns]
                    trial[a.column].append(card_suit)
                    half = halves[key] = planned_in_two(board, board_at, trial)
                # The most it can be worth with this turn's shortfall known
                # (the next turn's mended at best, which only lowers it).
                if _added_worth(a.column, card_suit, half[0] - base_now, -base_next, kept) < best:
                    return NOT_BEST
                verdict = verdicts[key] = (half[0], half[1]())
            now, nxt = verdict[0] - base_now, verdict[1] - base_next
            value = _added_worth(a.column, card_suit, now, nxt, kept)
            if second and (now or nxt or base_now or base_next):
                value = min(value, -1.0)  # no second card into a failing Decree
            return value

        best_rated(bounds, best, out, rate)
        return out

    def rate_roost_site(self, s: RootState, a: Action) -> float | None:
        """A New Roost: where few enemies stand around and some slots are free."""
        if not isinstance(a, PlaceRoost):
            return None
        woodland = s.woodland
        around = sum(
            max((s.clearings[m].warriors.get(e, 0) for e in core.enemies(s, EYRIE)), default=0)
            for m in woodland.neighbours(a.clearing)
        )
        return (
            core.free_slots(s, a.clearing) * 1.0
            - around * 0.5
            + len(woodland.neighbours(a.clearing)) * 0.2
        )

    def rate_corner(self, s: RootState, a: Action) -> float | None:
        if not isinstance(a, ChooseCorner):
            return None
        near = sum(
            sum(s.clearings[m].warriors.get(e, 0) for e in core.enemies(s, EYRIE))
            for m in (a.clearing, *s.woodland.neighbours(a.clearing))
        )
        return -float(near)

    def rate_leader(self, s: RootState, eyrie: Eyrie, a: Action) -> float | None:
        """The leader whose viziers (and the Decree as it stands, empty after
        Turmoil) the plan carries out this turn and the next."""
        if not isinstance(a, ChooseLeader):
            return None
        board = board_of(s, a.leader)
        columns = decree_suits(eyrie, a.leader)
        now, nxt = planned(board, board_key(board), columns)
        return LEADER_ORDER[a.leader] - 10.0 * now - 4.0 * nxt

    # ------------------------------------------------------------ Daylight
    def rate_resolution(
        self, s: RootState, eyrie: Eyrie, legal: list[Action]
    ) -> list[float | None]:
        board = board_of(s)
        board_at = board_key(board)
        columns = decree_suits(eyrie)
        column = eyrie.column
        todo = [suit(c) for c in eyrie.todo]
        # The Decree left, and the cards to come a march serves, by the
        # suit of the clearing an action spends a card in.
        by_suit: dict[str, tuple[list[list[str]], Wants]] = {}
        out: list[float | None] = [None] * len(legal)
        # Each action's worth beyond the plan, the most its rating can be
        # (the plan after it subtracts from it), and the board it leaves.
        locals_: list[tuple[float, int, tuple[Action, list[list[str]]]]] = []
        best = float("-inf")
        for i, a in enumerate(legal):
            if isinstance(a, Turmoil):
                out[i] = -1000.0
                best = max(best, -1000.0)
                continue
            if not isinstance(a, (DecreeRecruit, Move, Battle, BuildRoost)):
                continue
            where = a.origin if isinstance(a, Move) else a.clearing
            where_suit = core.suit_of(s, where) or "bird"
            after = by_suit.get(where_suit)
            if after is None:
                left = spent(todo, where_suit)
                rest = [list(c) for c in columns]
                rest[column] = left
                wanted = [(column, x) for x in left] + [
                    (later, x) for later in range(column + 1, len(columns)) for x in columns[later]
                ]
                after = by_suit[where_suit] = (rest, wants(wanted))
            rest, wanted_by_suit = after
            local = self.local_worth(s, board, a, wanted_by_suit)
            locals_.append((local, i, (a, rest)))

        def rate(after: tuple[Action, list[list[str]]], local: float, best: float) -> float:
            # The board after the action is the board and the action's
            # (made only for an action whose plan is worked out).
            a, rest = after
            trial = board.copy()
            carry_out(trial, a)
            done = done_key(a)
            return local - UNDONE_NOW * planned_after(trial, board_at, done, rest, column)

        best_rated(locals_, best, out, rate)
        return out

    def local_worth(
        self,
        s: RootState,
        board: Board,
        a: Action,
        wanted: Wants,
    ) -> float:
        """What an action is worth beyond the plan (``wanted``: the cards
        to come, :func:`plan_model.wants`); :func:`carry_out` puts it on a
        board."""
        if isinstance(a, DecreeRecruit):
            threat = board.foe_rule[a.clearing] - board.mine[a.clearing]
            return 10.0 + threat * 0.5
        if isinstance(a, Move):
            return 10.0 + marched_worth(board, a.origin, a.to, a.count, wanted)
        if isinstance(a, BuildRoost):
            return 10.0 + min(board.mine[a.clearing] - board.foe_rule[a.clearing], 3)
        assert isinstance(a, Battle)
        enemy = a.defender
        if enemy < 0:
            (enemy,) = core.defenders(s, EYRIE, a.clearing)
        mine = core.warriors(s, EYRIE, a.clearing)
        theirs = core.warriors(s, enemy, a.clearing)
        loot = len(core.buildings_of(s, enemy, a.clearing)) + len(
            core.tokens_of(s, enemy, a.clearing)
        )
        value = 10.0 + loot * 3 + min(mine - theirs, 3) + (2 if theirs == 0 else 0)
        if mine < theirs:
            value -= 4
        return value


def carry_out(trial: Board, a: Action) -> None:
    """A recruit, a march, a battle or a roost of the Decree put on ``trial``
    (a copy of the board it was rated on)."""
    if isinstance(a, DecreeRecruit):
        recruit_at(trial, a.clearing)
    elif isinstance(a, Move):
        trial.mine[a.origin] -= a.count
        trial.mine[a.to] += a.count
    elif isinstance(a, BuildRoost):
        build_at(trial, a.clearing)
    else:
        assert isinstance(a, Battle)
        battle_at(trial, a.clearing)


#: An action of the Decree's resolution as a key of plain values (its kind
#: and its fields): what a remembered shortfall was planned after.
DoneKey = tuple[str, int, int, int] | tuple[str, int, int] | tuple[str, int]


def done_key(a: Action) -> DoneKey:
    """``a`` (a recruit, a march, a battle or a roost of the Decree) as its
    kind and its fields: a key of strings and numbers alone, which the cycle
    collector soon stops tracking (a remembered shortfall's key outlives
    many collections; an action is an object it tracks), hashed and
    compared without a call."""
    if isinstance(a, Move):
        return (a.kind, a.origin, a.to, a.count)
    if isinstance(a, Battle):
        return (a.kind, a.clearing, a.defender)
    assert isinstance(a, (DecreeRecruit, BuildRoost))
    return (a.kind, a.clearing)


#: The rating of an action that cannot be the best one (a rating found
#: already beats the most it could be worth): what the bot takes is the
#: best rated, so its plan is not worked out.
NOT_BEST = float("-inf")


T = TypeVar("T")


def best_rated(
    entries: list[tuple[float, int, T]],
    best: float,
    out: list[float | None],
    rate: Callable[[T, float, float], float],
) -> None:
    """Rate the actions whose plan is worked out, into ``out`` by their
    place in the listing: each entry the most its action could be worth,
    its place, and what ``rate`` reads to rate it (with that most and the
    best rating found so far, below which it may answer :data:`NOT_BEST`
    as soon as it knows its rating is lower); ``best``, the best rating
    found so far.  The likeliest best first; an action whose most is below
    a rating found cannot be chosen: its plan is not worked out
    (:data:`NOT_BEST`)."""
    entries.sort(key=_most_first)
    for most, i, entry in entries:
        if most < best:
            out[i] = NOT_BEST
            continue
        value = rate(entry, most, best)
        out[i] = value
        best = max(best, value)


def _most_first(entry: tuple[float, int, object]) -> tuple[float, int]:
    """The most an action could be worth, highest first, then the listing's order."""
    return -entry[0], entry[1]


def _added_worth(column: int, card_suit: str, now: int, nxt: int, kept: float) -> float:
    """A card added to the Decree: its column's worth less the cards the
    plan leaves undone because of it (``now``, ``nxt``: this turn and the
    next, against the Decree without it), a bird's Turmoil point and what
    the card is worth kept (``kept``: in hand and to craft).  The fewer
    cards undone, the higher, to the last bit (so the rating with none
    undone bounds every other)."""
    value = COLUMN_WORTH[column] - UNDONE_NOW * now - UNDONE_NEXT * nxt
    if card_suit == "bird":
        # Wild, so safest; but a point lost in Turmoil.
        value -= 1.0
    return value - kept


def spent(todo: list[str], clearing_suit: str) -> list[str]:
    """The column's cards left once an action in a clearing of this suit
    spends one (its own suit first, else a bird: the engine's rule)."""
    left = list(todo)
    for wanted in (clearing_suit, "bird"):
        if wanted in left:
            left.remove(wanted)
            return left
    return left


def roost_suits(s: RootState) -> Counter[str | None]:
    """The suits of the clearings with a roost (what the Eyrie crafts with)."""
    return Counter(
        core.suit_of(s, n) for n in s.woodland.numbers if "roost" in s.clearings[n].buildings
    )


def craftable(
    s: RootState, eyrie: Eyrie, card: int, have: Counter[str | None] | None = None
) -> float:
    """What crafting the card would bring the Eyrie (0 when it cannot be
    crafted with the roosts it has: ``have``, :func:`roost_suits`, when
    read already): an item scores 1 (Disdain for Trade) but in full under
    the Builder."""
    c = card_of(card)
    if not c.craftable or card == VIZIER:
        return 0.0
    if have is None:
        have = roost_suits(s)
    need = Counter(c.cost)
    anywhere = need.pop("any", 0)
    if any(have[x] < k for x, k in need.items()) or sum(have.values()) < anywhere + sum(
        need.values()
    ):
        return 0.0
    if c.kind == "item":
        vp = c.effect.vp  # type: ignore[union-attr]
        return float(vp if eyrie.leader == "builder" else 1)
    return 2.0
