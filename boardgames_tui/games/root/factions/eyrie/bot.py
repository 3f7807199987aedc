"""The Eyrie Dynasties' rule bot (the Root rule bot's plan for Eyrie seats),
in the spirit of the published automated factions: it fills its Decree only
with what it can carry out this turn and the next, then resolves it in order.

Everything it decides goes through one light model of the Woodland
(:class:`Board`: the Eyrie's warriors and roosts, the strongest enemy's
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
from dataclasses import dataclass

from boardgames_tui.engine.game import Action

from ... import core
from ...actions import Battle, ChooseCorner, Done, Move
from ...faction import FACTIONS
from ...model import RootState, card_of
from ...plan import RulePlan
from ...woodland import WoodlandMap
from . import decree
from .actions import AddToDecree, BuildRoost, ChooseLeader, DecreeRecruit, PlaceRoost, Turmoil
from .decisions import DecreeCard, LeaderChoice, RoostSite
from .state import DECREE_COLUMNS, EYRIE, VIZIER, Eyrie

RECRUIT, MOVE, BATTLE, BUILD = range(len(DECREE_COLUMNS))
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


def suit(card: int) -> str:
    return decree.suit(card)


@dataclass(slots=True)
class Board:
    """What the plan reads of the Woodland, copied so that a plan may change it."""

    mine: dict[int, int]
    """The Eyrie's warriors by clearing."""
    foes: dict[int, int]
    """The strongest enemy's warriors by clearing."""
    foe_rule: dict[int, int]
    """The most warriors plus buildings an enemy has in a clearing (rule)."""
    prizes: dict[int, int]
    """The enemies' buildings and tokens by clearing."""
    roosts: set[int]
    slots: dict[int, int]
    open_: set[int]
    """Clearings the Eyrie may place pieces in (no keep)."""
    supply: int
    roost_supply: int
    per_recruit: int
    extra_hit: int
    woodland: WoodlandMap
    """The map (the game's)."""
    places: dict[str, tuple[int, ...]]
    """The clearings a card of each suit matches (a bird: every one), read
    once per model: the plan asks for each card it carries out."""

    def copy(self) -> Board:
        return Board(
            dict(self.mine),
            dict(self.foes),
            dict(self.foe_rule),
            dict(self.prizes),
            set(self.roosts),
            dict(self.slots),
            self.open_,
            self.supply,
            self.roost_supply,
            self.per_recruit,
            self.extra_hit,
            self.woodland,
            self.places,
        )

    def rules(self, n: int) -> bool:
        """The Eyrie's rule, Lords of the Forest winning ties."""
        presence = self.mine[n] + (n in self.roosts)
        return presence > 0 and presence >= self.foe_rule[n]

    def fight(self, n: int) -> bool:
        return self.mine[n] > 0 and (self.foes[n] > 0 or self.prizes[n] > 0)

    def buildable(self, n: int) -> bool:
        return (
            self.roost_supply > 0
            and n not in self.roosts
            and self.slots[n] > 0
            and n in self.open_
            and self.rules(n)
        )


def board_of(s: RootState, leader: str | None = None) -> Board:
    """The model of a position (with ``leader`` in office, when named)."""
    eyrie = s.player(EYRIE)
    assert isinstance(eyrie, Eyrie)
    leader = eyrie.leader if leader is None else leader
    others = core.enemies(s, EYRIE)
    mine: dict[int, int] = {}
    foes: dict[int, int] = {}
    foe_rule: dict[int, int] = {}
    prizes: dict[int, int] = {}
    roosts: set[int] = set()
    slots: dict[int, int] = {}
    open_: set[int] = set()
    pieces = [(e, FACTIONS[e].building_kinds, FACTIONS[e].token_kinds) for e in others]
    for n in s.woodland.numbers:
        c = s.clearings[n]
        warriors, buildings, tokens = c.warriors, c.buildings, c.tokens
        mine[n] = warriors.get(EYRIE, 0)
        strongest = 0
        rule = 0
        loot = 0
        for e, building_kinds, token_kinds in pieces:
            theirs = warriors.get(e, 0)
            strongest = max(strongest, theirs)
            built = sum(1 for b in buildings if b in building_kinds) if buildings else 0
            rule = max(rule, theirs + built)
            loot += built
            if tokens:
                loot += sum(1 for t in tokens if t in token_kinds)
        foes[n] = strongest
        foe_rule[n] = rule
        prizes[n] = loot
        if "roost" in c.buildings:
            roosts.add(n)
        slots[n] = core.free_slots(s, n)
        if core.may_place(s, EYRIE, n):
            open_.add(n)
    board = Board(
        mine,
        foes,
        foe_rule,
        prizes,
        roosts,
        slots,
        open_,
        eyrie.warriors,
        eyrie.roosts,
        2 if leader == "charismatic" else 1,
        1 if leader == "commander" else 0,
        s.woodland,
        suited_places(s.woodland),
    )
    if not roosts and eyrie.roosts > 0:
        # A New Roost comes before Daylight: a roost and three warriors.
        sites = decree.roost_sites(s)
        if sites:
            site = sites[0]
            board.roosts.add(site)
            board.slots[site] -= 1
            board.roost_supply -= 1
            placed = min(3, board.supply)
            board.mine[site] += placed
            board.supply -= placed
    return board


def suited_places(woodland: WoodlandMap) -> dict[str, tuple[int, ...]]:
    """The clearings a card of each suit matches, birds every one."""
    places: dict[str, tuple[int, ...]] = {
        suit: woodland.of_suit(suit) for suit in set(woodland.suits.values())
    }
    places["bird"] = woodland.numbers
    return places


# --------------------------------------------------------------- the plan
def move_worth(
    board: Board, origin: int, to: int, count: int, wanted: list[tuple[int, str]]
) -> float:
    """How good a march is for the cards still to come (``wanted``: their
    columns and suits): to a clearing the Battle column may fight in, or
    one it would rule and could build a roost in; keeping a guard at a roost."""
    return _move_worth(board, origin, to, count, wants(wanted))


#: The cards still to come that a march serves, as :func:`move_worth`
#: counts them: for each clearing suit, the Battle column's cards and the
#: Build column's that match it (of its suit, or birds).
Wants = tuple[dict[str, int], dict[str, int]]
#: The suits of the map's clearings.
SUITS = ("fox", "rabbit", "mouse")


def wants(wanted: list[tuple[int, str]]) -> Wants:
    """``wanted`` (columns and suits) as the Battle and Build cards matching
    each clearing suit."""
    battles = [s for column, s in wanted if column == BATTLE]
    builds = [s for column, s in wanted if column == BUILD]
    return _matching_counts(battles), _matching_counts(builds)


def _matching_counts(cards: list[str]) -> dict[str, int]:
    if not cards:
        return {}
    birds = cards.count("bird")
    return {suit: cards.count(suit) + birds for suit in SUITS}


def _move_worth(board: Board, origin: int, to: int, count: int, wanted: Wants) -> float:
    """:func:`move_worth` with the cards to come counted by suit: each
    Battle card matching the destination (its suit, or a bird) adds the
    same worth, and each Build card the same 7 (whole numbers, so the sum
    is the one card by card)."""
    value = 0.0
    mine = board.mine
    after = mine[to] + count
    foe_rule = board.foe_rule[to]
    roosts_ = board.roosts
    suit = board.woodland.suits[to]
    battles, builds = wanted
    if battles:
        fights = battles[suit]
        if fights:
            foes = board.foes[to]
            prizes = board.prizes[to]
            if foes or prizes:
                value += fights * (6.0 + prizes + min(after - foes, 3))
    if builds:
        roosts = builds[suit]
        if (
            roosts
            and to not in roosts_
            and board.slots[to] > 0
            and to in board.open_
            and after >= foe_rule
        ):
            value += roosts * 7.0
    if after + (to in roosts_) >= foe_rule and not board.rules(to):
        value += 3.0
    if origin in roosts_:
        left = mine[origin] - count
        if left < min(board.foes[origin] + 1, 2):
            value -= 4.0 if left == 0 else 1.5
    return value + 0.1 * count


def _recruit(board: Board, n: int) -> bool:
    placed = min(board.per_recruit, board.supply)
    board.mine[n] += placed
    board.supply -= placed
    return placed == board.per_recruit


def _battle(board: Board, n: int) -> None:
    """A battle's likely end: two hits dealt (the Commander's extra one, a
    defenceless defender's), one taken while the enemy has warriors."""
    hits = min(2, board.mine[n]) + board.extra_hit + (0 if board.foes[n] else 1)
    taken = 1 if board.foes[n] else 0
    killed = min(hits, board.foes[n])
    board.foes[n] -= killed
    razed = min(hits - killed, board.prizes[n])
    board.prizes[n] -= razed
    board.foe_rule[n] = max(0, board.foe_rule[n] - killed - razed)
    board.mine[n] = max(0, board.mine[n] - taken)


def _build(board: Board, n: int) -> None:
    board.roosts.add(n)
    board.slots[n] -= 1
    board.roost_supply -= 1


def carry_out(board: Board, column: int, card_suit: str, wanted: list[tuple[int, str]]) -> bool:
    """One card in the model, in the clearing the bot would choose; False
    when nothing can be done with it (Turmoil)."""
    return _carry_out(board, column, card_suit, wants(wanted))


def _carry_out(board: Board, column: int, card_suit: str, wanted: Wants) -> bool:
    """:func:`carry_out` with the cards to come counted (:func:`wants`)."""
    places = board.places.get(card_suit, ())
    if column == RECRUIT:
        sites = [n for n in places if n in board.roosts and n in board.open_]
        if not sites or board.supply <= 0:
            return False
        return _recruit(board, max(sites, key=lambda n: (board.foe_rule[n] - board.mine[n], -n)))
    if column == MOVE:
        found = _best_march(board, places, wanted)
        if found is None:
            return False
        origin, to, count = found
        board.mine[origin] -= count
        board.mine[to] += count
        return True
    mine = board.mine
    if column == BATTLE:
        foes, prizes = board.foes, board.prizes
        # Board.fight, for each place.
        fights = [n for n in places if mine[n] > 0 and (foes[n] > 0 or prizes[n] > 0)]
        if not fights:
            return False
        _battle(board, max(fights, key=lambda n: (prizes[n] * 2 + mine[n] - foes[n], -n)))
        return True
    if board.roost_supply <= 0:
        return False
    roosts, slots, open_, rules = board.roosts, board.slots, board.open_, board.rules
    # Board.buildable, for each place (with a roost in the supply).
    sites = [n for n in places if n not in roosts and slots[n] > 0 and n in open_ and rules(n)]
    if not sites:
        return False
    _build(board, max(sites, key=lambda n: (board.mine[n] - board.foe_rule[n], -n)))
    return True


def _best_march(
    board: Board, places: tuple[int, ...], wanted: Wants
) -> tuple[int, int, int] | None:
    """The march the plan makes for a Move card from one of ``places``: the
    first of the best by :func:`_move_worth` (every warrior but a roost's
    guard, to a neighbour, ruling one end).  What :func:`_move_worth` reads
    of a destination is read once per destination, and its whole-number
    parts summed before the tenth per warrior, as it sums them: the same
    worths to the last bit."""
    mine, roosts, rules, foes = board.mine, board.roosts, board.rules, board.foes
    neighbours = board.woodland.neighbours
    battles, builds = wanted
    suits = board.woodland.suits
    seen: dict[int, tuple[int, int, int, int, int, int, bool]] = {}
    best: tuple[float, int, int, int] | None = None
    for origin in places:
        here = mine[origin]
        if not here:
            continue
        rules_origin = rules(origin)
        guarded = origin in roosts
        keep = 1 if guarded and here > 1 else 0
        count = here - keep
        # The guard left behind at a roost (the origin's part of the worth).
        penalty = 0.0
        if guarded:
            left = here - count
            if left < min(foes[origin] + 1, 2):
                penalty = 4.0 if left == 0 else 1.5
        tenth = 0.1 * count
        for to in neighbours(origin):
            part = seen.get(to)
            if part is None:
                suit = suits[to]
                fights = battles[suit] if battles else 0
                if not (foes[to] or board.prizes[to]):
                    fights = 0
                built = builds[suit] if builds else 0
                if to in roosts or board.slots[to] <= 0 or to not in board.open_:
                    built = 0
                part = seen[to] = (
                    mine[to],
                    fights,
                    foes[to],
                    board.prizes[to],
                    built,
                    board.foe_rule[to] - (to in roosts),
                    rules(to),
                )
            there, fights, enemy, prizes, built, needed, rules_to = part
            if not (rules_origin or rules_to):
                continue
            after = there + count
            whole = 0
            if fights:
                whole += fights * (6 + prizes + min(after - enemy, 3))
            if built and after >= needed + (to in roosts):
                whole += built * 7
            if after >= needed and not rules_to:
                whole += 3
            worth = (whole - penalty) + tenth
            if best is None or worth > best[0]:
                best = (worth, origin, to, count)
    return None if best is None else best[1:]


def ordered(cards: list[str]) -> list[str]:
    """A column's cards as the plan resolves them: suited first, birds last
    (each in the column's order)."""
    if "bird" not in cards:
        return cards
    return [s for s in cards if s != "bird"] + [s for s in cards if s == "bird"]


def shortfall(board: Board, columns: list[list[str]], start: int = 0) -> int:
    """The cards of the Decree (suits by column, from column ``start``) that
    could not be carried out, resolving them in the model (which it changes)."""
    undone = 0
    # Only a march reads the cards to come: the Battle and Build columns',
    # every one of them still to come while the Move column resolves.
    later = NO_WANTS
    if start <= MOVE and columns[MOVE]:
        later = _later_wants(tuple(columns[BATTLE]), tuple(columns[BUILD]))
    for column in range(start, len(columns)):
        cards = columns[column]
        if not cards:
            continue
        wanted = later if column == MOVE else NO_WANTS
        for s in ordered(cards):
            if not _carry_out(board, column, s, wanted):
                undone += 1
    return undone


#: :func:`wants` of the Battle and Build columns' cards, by those cards.
_LATER: dict[tuple[tuple[str, ...], tuple[str, ...]], Wants] = {}


def _later_wants(battles: tuple[str, ...], builds: tuple[str, ...]) -> Wants:
    found = _LATER.get((battles, builds))
    if found is None:
        found = _LATER[battles, builds] = (
            _matching_counts(list(battles)),
            _matching_counts(list(builds)),
        )
    return found


#: No cards to come.
NO_WANTS: Wants = ({}, {})


def decree_suits(eyrie: Eyrie, leader: str | None = None) -> list[list[str]]:
    """The Decree's suits by column, its viziers (of ``leader``, when named) included."""
    leader = eyrie.leader if leader is None else leader
    viziers = decree.VIZIER_COLUMNS.get(leader, ())
    return [
        (["bird"] if i in viziers else []) + [suit(c) for c in eyrie.decree[i]]
        for i in range(len(DECREE_COLUMNS))
    ]


def two_turns(board: Board, columns: list[list[str]]) -> tuple[int, int]:
    """What the Decree leaves undone this turn, and the next on the board it leaves."""
    now = shortfall(board, columns)
    return now, shortfall(board, columns)


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
        columns = decree_suits(eyrie)
        base_now, base_next = two_turns(board.copy(), columns)
        verdicts: dict[tuple[str, int], tuple[int, int]] = {}
        out: list[float | None] = []
        second = bool(eyrie.added)
        for a in legal:
            if isinstance(a, Done):
                out.append(0.0)
                continue
            if not isinstance(a, AddToDecree):
                out.append(None)
                continue
            card_suit = suit(a.card)
            key = (card_suit, a.column)
            verdict = verdicts.get(key)
            if verdict is None:
                trial = [list(c) for c in columns]
                trial[a.column].append(card_suit)
                verdict = verdicts[key] = two_turns(board.copy(), trial)
            now, nxt = verdict[0] - base_now, verdict[1] - base_next
            value = COLUMN_WORTH[a.column] - UNDONE_NOW * now - UNDONE_NEXT * nxt
            if card_suit == "bird":
                # Wild, so safest; but a point lost in Turmoil.
                value -= 1.0
            value -= 0.8 * card_value(a.card) + 0.5 * craftable(s, eyrie, a.card)
            if second and (now or nxt or base_now or base_next):
                value = min(value, -1.0)  # no second card into a failing Decree
            out.append(value)
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
        now, nxt = two_turns(board, columns)
        return LEADER_ORDER[a.leader] - 10.0 * now - 4.0 * nxt

    # ------------------------------------------------------------ Daylight
    def rate_resolution(
        self, s: RootState, eyrie: Eyrie, legal: list[Action]
    ) -> list[float | None]:
        board = board_of(s)
        columns = decree_suits(eyrie)
        column = eyrie.column
        todo = [suit(c) for c in eyrie.todo]
        out: list[float | None] = []
        for a in legal:
            if isinstance(a, Turmoil):
                out.append(-1000.0)
                continue
            if not isinstance(a, (DecreeRecruit, Move, Battle, BuildRoost)):
                out.append(None)
                continue
            where = a.origin if isinstance(a, Move) else a.clearing
            left = spent(todo, core.suit_of(s, where) or "bird")
            rest = [list(c) for c in columns]
            rest[column] = left
            trial = board.copy()
            wanted = [(column, x) for x in left] + [
                (later, x) for later in range(column + 1, len(columns)) for x in columns[later]
            ]
            local = self.local_worth(s, board, trial, a, wanted)
            undone = shortfall(trial, rest, column)
            out.append(local - UNDONE_NOW * undone)
        return out

    def local_worth(
        self,
        s: RootState,
        board: Board,
        trial: Board,
        a: Action,
        wanted: list[tuple[int, str]],
    ) -> float:
        """What an action is worth beyond the plan, applied to ``trial``."""
        if isinstance(a, DecreeRecruit):
            threat = board.foe_rule[a.clearing] - board.mine[a.clearing]
            _recruit(trial, a.clearing)
            return 10.0 + threat * 0.5
        if isinstance(a, Move):
            worth = move_worth(board, a.origin, a.to, a.count, wanted)
            trial.mine[a.origin] -= a.count
            trial.mine[a.to] += a.count
            return 10.0 + worth
        if isinstance(a, BuildRoost):
            _build(trial, a.clearing)
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
        _battle(trial, a.clearing)
        value = 10.0 + loot * 3 + min(mine - theirs, 3) + (2 if theirs == 0 else 0)
        if mine < theirs:
            value -= 4
        return value


def spent(todo: list[str], clearing_suit: str) -> list[str]:
    """The column's cards left once an action in a clearing of this suit
    spends one (its own suit first, else a bird: the engine's rule)."""
    left = list(todo)
    for wanted in (clearing_suit, "bird"):
        if wanted in left:
            left.remove(wanted)
            return left
    return left


def craftable(s: RootState, eyrie: Eyrie, card: int) -> float:
    """What crafting the card would bring the Eyrie (0 when it cannot be
    crafted with the roosts it has): an item scores 1 (Disdain for Trade)
    but in full under the Builder."""
    c = card_of(card)
    if not c.craftable or card == VIZIER:
        return 0.0
    have = Counter(
        core.suit_of(s, n) for n in s.woodland.numbers if "roost" in s.clearings[n].buildings
    )
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
