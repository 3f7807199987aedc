"""The Eyrie rule bot's model of the Woodland and its plan over it
(``bot.py`` rates the Eyrie's decisions with them): :class:`Board`, the
Eyrie's warriors and roosts, the strongest enemy's warriors and the
enemies' buildings and tokens per clearing, as :func:`board_of` reads them
from a position; and :func:`shortfall`, the Decree resolved in the model
column by column, each card in the clearing the bot would choose (the
suited cards first, the birds after them), counting the cards nothing could
be done for.  The plan runs for every action the bot rates, thousands of
times a search: what it reads is read once (a destination's pieces for the
marches of one card, the cards to come once per Decree)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import count

from ... import core
from ...faction import FACTIONS
from ...model import RootState
from ...plan import remembered
from ...woodland import WoodlandMap
from . import decree
from .map_read import of_map
from .state import DECREE_COLUMNS, EYRIE, Eyrie

RECRUIT, MOVE, BATTLE, BUILD = range(len(DECREE_COLUMNS))


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
    once per map: the plan asks for each card it carries out."""
    near: dict[int, tuple[int, ...]]
    """Each clearing's neighbours, in the order the map's ``neighbours``
    gives them (the order a march's ties are settled in), read once per map."""

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
            self.near,
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
    # Each enemy building kind's owner, and the enemies' token kinds (a
    # piece kind is one faction's: faction.register).
    built_by = {b: e for e in others for b in FACTIONS[e].building_kinds}
    token_kinds = {t for e in others for t in FACTIONS[e].token_kinds}
    open_slots = s.woodland.open_slots
    ruins_gone = s.ruins_gone
    clearings = s.clearings
    numbers = s.woodland.numbers
    for n in numbers:
        c = clearings[n]
        warriors, buildings, tokens = c.warriors, c.buildings, c.tokens
        mine[n] = warriors.get(EYRIE, 0)
        strongest = 0
        loot = 0
        if buildings:
            built: dict[int, int] = {}
            for b in buildings:
                e = built_by.get(b)
                if e is not None:
                    built[e] = built.get(e, 0) + 1
                    loot += 1
            rule = 0
            for e in others:
                theirs = warriors.get(e, 0)
                if theirs > strongest:
                    strongest = theirs
                theirs += built.get(e, 0)
                if theirs > rule:
                    rule = theirs
            if "roost" in buildings:
                roosts.add(n)
        else:
            for e in others:
                theirs = warriors.get(e, 0)
                if theirs > strongest:
                    strongest = theirs
            rule = strongest
        if tokens:
            for t in tokens:
                if t in token_kinds:
                    loot += 1
        foes[n] = strongest
        foe_rule[n] = rule
        prizes[n] = loot
        # core.free_slots
        free = open_slots.get(n)
        if free is None:
            slots[n] = 0
        else:
            if ruins_gone and n in ruins_gone:
                free += 1
            slots[n] = free - len(buildings)
    # Where the Eyrie may place pieces (core.may_place of each clearing).
    open_.update(core.placeable(s, EYRIE, list(numbers)))
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
        *of_map(s.woodland),
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


# --------------------------------------------------------------- the plan
#: The cards still to come that a march serves, as :func:`marched_worth`
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


def marched_worth(board: Board, origin: int, to: int, count: int, wanted: Wants) -> float:
    """How good a march is for the cards still to come (``wanted``, counted
    by suit: :func:`wants`): to a clearing the Battle column may fight in,
    or one it would rule and could build a roost in; keeping a guard at a
    roost.  Each Battle card matching the destination (its suit, or a bird)
    adds the same worth, and each Build card the same 7 (whole numbers, so
    the sum is the one card by card)."""
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


def recruit_at(board: Board, n: int) -> bool:
    placed = min(board.per_recruit, board.supply)
    board.mine[n] += placed
    board.supply -= placed
    return placed == board.per_recruit


def battle_at(board: Board, n: int) -> None:
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


def build_at(board: Board, n: int) -> None:
    board.roosts.add(n)
    board.slots[n] -= 1
    board.roost_supply -= 1


def _carry_out(board: Board, column: int, card_suit: str, wanted: Wants) -> bool:
    """One card in the model, in the clearing the bot would choose (the
    cards to come counted: :func:`wants`); False when nothing can be done
    with it (Turmoil).  Each column's clearing is the one rated best, the
    lowest-numbered of equals (one pass over the places, no list made)."""
    places = board.places.get(card_suit, ())
    mine = board.mine
    best = -1
    worth = 0
    if column == RECRUIT:
        if board.supply <= 0:
            return False
        roosts, open_, foe_rule = board.roosts, board.open_, board.foe_rule
        for n in places:
            if n in roosts and n in open_:
                value = foe_rule[n] - mine[n]
                if best < 0 or value > worth or (value == worth and n < best):
                    best, worth = n, value
        if best < 0:
            return False
        return recruit_at(board, best)
    if column == MOVE:
        found = _best_march(board, places, wanted)
        if found is None:
            return False
        origin, to, count = found
        mine[origin] -= count
        mine[to] += count
        return True
    if column == BATTLE:
        foes, prizes = board.foes, board.prizes
        for n in places:
            # Board.fight
            here = mine[n]
            if here > 0 and (foes[n] > 0 or prizes[n] > 0):
                value = prizes[n] * 2 + here - foes[n]
                if best < 0 or value > worth or (value == worth and n < best):
                    best, worth = n, value
        if best < 0:
            return False
        battle_at(board, best)
        return True
    if board.roost_supply <= 0:
        return False
    roosts, slots, open_, foe_rule = board.roosts, board.slots, board.open_, board.foe_rule
    for n in places:
        # Board.buildable (with a roost in the supply): no roost there, so
        # the Eyrie's presence is its warriors.
        if n not in roosts and slots[n] > 0 and n in open_:
            here = mine[n]
            if here > 0 and here >= foe_rule[n]:
                value = here - foe_rule[n]
                if best < 0 or value > worth or (value == worth and n < best):
                    best, worth = n, value
    if best < 0:
        return False
    build_at(board, best)
    return True


def _best_march(
    board: Board, places: tuple[int, ...], wanted: Wants
) -> tuple[int, int, int] | None:
    """The march the plan makes for a Move card from one of ``places``: the
    first of the best by :func:`marched_worth` (every warrior but a roost's
    guard, to a neighbour, ruling one end).  What :func:`marched_worth` reads
    of a destination is read once per destination, and its whole-number
    parts summed before the tenth per warrior, as it sums them: the same
    worths to the last bit."""
    mine, roosts, foes, foe_rule = board.mine, board.roosts, board.foes, board.foe_rule
    prizes_, slots, open_ = board.prizes, board.slots, board.open_
    near = board.near
    battles, builds = wanted
    suits = board.woodland.suits
    seen: dict[int, tuple[int, int, int, int, int, int, bool]] = {}
    best: tuple[int, int, int] | None = None
    best_worth = 0.0
    for origin in places:
        here = mine[origin]
        if not here:
            continue
        guarded = origin in roosts
        # Board.rules, with warriors there.
        rules_origin = here + guarded >= foe_rule[origin]
        keep = 1 if guarded and here > 1 else 0
        count = here - keep
        # The guard left behind at a roost (the origin's part of the worth).
        penalty = 0.0
        if guarded:
            left = here - count
            if left < min(foes[origin] + 1, 2):
                penalty = 4.0 if left == 0 else 1.5
        tenth = 0.1 * count
        for to in near[origin]:
            part = seen.get(to)
            if part is None:
                suit = suits[to]
                fights = battles[suit] if battles else 0
                if not (foes[to] or prizes_[to]):
                    fights = 0
                built = builds[suit] if builds else 0
                roost = to in roosts
                if roost or slots[to] <= 0 or to not in open_:
                    built = 0
                there = mine[to]
                # Board.rules
                presence = there + roost
                part = seen[to] = (
                    there,
                    fights,
                    foes[to],
                    prizes_[to],
                    built,
                    foe_rule[to] - roost,
                    presence > 0 and presence >= foe_rule[to],
                )
            if not rules_origin and not part[6]:
                continue
            there, fights, enemy, prizes, built, needed, rules_to = part
            after = there + count
            whole = 0
            if fights:
                ahead = after - enemy
                whole += fights * (6 + prizes + (ahead if ahead < 3 else 3))
            if built and after >= needed + (to in roosts):
                whole += built * 7
            if after >= needed and not rules_to:
                whole += 3
            worth = (whole - penalty) + tenth
            if best is None or worth > best_worth:
                best = (origin, to, count)
                best_worth = worth
    return best


def ordered(cards: list[str]) -> list[str]:
    """A column's cards as the plan resolves them: suited first, birds last
    (each in the column's order)."""
    if "bird" not in cards:
        return cards
    return [s for s in cards if s != "bird"] + [s for s in cards if s == "bird"]


def shortfall(board: Board, columns: list[list[str]], start: int = 0) -> int:
    """The cards of the Decree (suits by column, from column ``start``) that
    could not be carried out, resolving them in the model (which it changes)."""
    return _shortfall(board, tuple(map(tuple, columns)), start)


def _shortfall(board: Board, decree: Decree, start: int) -> int:
    """:func:`shortfall` of the Decree as a value (its columns put in the
    plan's order once per Decree: :func:`_in_order`)."""
    undone = 0
    # Only a march reads the cards to come: the Battle and Build columns',
    # every one of them still to come while the Move column resolves.
    later = NO_WANTS
    if start <= MOVE and decree[MOVE]:
        later = _later_wants(decree[BATTLE], decree[BUILD])
    columns = _in_order(decree)
    for column in range(start, len(columns)):
        cards = columns[column]
        if not cards:
            continue
        wanted = later if column == MOVE else NO_WANTS
        for s in cards:
            if not _carry_out(board, column, s, wanted):
                undone += 1
    return undone


#: Each Decree's columns as the plan resolves them (:func:`ordered`), by the Decree.
_ORDERED: dict[Decree, Decree] = {}


def _in_order(decree: Decree) -> Decree:
    found = _ORDERED.get(decree)
    if found is None:
        if len(_ORDERED) >= PLANS_KEPT:
            _ORDERED.clear()
        found = _ORDERED[decree] = tuple(tuple(ordered(list(c))) for c in decree)
    return found


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


# ------------------------------------------------------- plans remembered
#: A board, for the plans remembered: a number standing for what a plan
#: reads of it (:func:`board_key`).
BoardKey = int
#: The Decree's suits by column, as a value.
Decree = tuple[tuple[str, ...], ...]
#: The plans already worked out (:func:`planned`), by the board and the
#: Decree; and the shortfalls (:func:`planned_after`, and the next turn's
#: in :func:`planned`), by the board, what was done first, the Decree and
#: the column it starts from.  A search rates the Eyrie's decisions on the
#: same boards again and again (four in five of its plans were worked out
#: before); a plan depends on nothing else, so a remembered one is the one
#: it would work out again.
_PLANS: dict[tuple[int, Decree], tuple[int, int]] = {}
_SHORTFALLS: dict[tuple[int, object, Decree, int], int] = {}
#: The number of each board met (what a plan reads of it, as one value: the
#: map by its identity, each layout made once by ``woodland.played_map``).
#: A number is never given twice, so a plan remembered under it is of
#: that board only.
_BOARDS: dict[tuple[object, ...], int] = {}
_NUMBERS = count()
#: The most plans (and boards) remembered; past it they are forgotten all at once.
PLANS_KEPT = 20_000
#: The maps the remembered boards were read on, by identity (kept, so that
#: no other map takes the identity of one a board's number stands for).
_MAPS: dict[int, WoodlandMap] = {}


def board_key(board: Board) -> BoardKey:
    """The number standing for ``board`` (for everything a plan reads of it:
    its sets as bit masks, so the cycle collector soon stops tracking the key)."""
    woodland = board.woodland
    if id(woodland) not in _MAPS:
        _MAPS[id(woodland)] = woodland
    read = (
        id(woodland),
        tuple(board.mine.values()),
        tuple(board.foes.values()),
        tuple(board.foe_rule.values()),
        tuple(board.prizes.values()),
        sum([1 << n for n in board.roosts]),
        tuple(board.slots.values()),
        sum([1 << n for n in board.open_]),
        board.supply,
        board.roost_supply,
        board.per_recruit,
        board.extra_hit,
    )
    return remembered(_BOARDS, read, lambda: next(_NUMBERS), PLANS_KEPT)


def planned(board: Board, key: BoardKey, columns: list[list[str]]) -> tuple[int, int]:
    """:func:`two_turns` on a copy of ``board`` (whose :func:`board_key` is
    ``key``), remembered."""
    decree: Decree = tuple(map(tuple, columns))

    def plan() -> tuple[int, int]:
        trial = board.copy()
        now = _shortfall(trial, decree, 0)
        # The next turn is the Decree resolved on the board this one
        # leaves: remembered by that board (another plan's may lead there).
        after = (board_key(trial), None, decree, 0)
        return now, remembered(_SHORTFALLS, after, lambda: _shortfall(trial, decree, 0), PLANS_KEPT)

    return remembered(_PLANS, (key, decree), plan, PLANS_KEPT)


def planned_in_two(
    board: Board, key: BoardKey, columns: list[list[str]]
) -> tuple[int, Callable[[], int]]:
    """:func:`planned` in two parts: this turn's shortfall at once, and a
    function (to call once at most) giving the next turn's, worked out only
    then; both as :func:`planned` finds and remembers them.  A rating that
    cannot be the best with this turn's shortfall known asks no more."""
    decree: Decree = tuple(map(tuple, columns))
    found = _PLANS.get((key, decree))
    if found is not None:
        return found[0], lambda: found[1]
    trial = board.copy()
    now = _shortfall(trial, decree, 0)

    def next_turn() -> int:
        after = (board_key(trial), None, decree, 0)
        nxt = remembered(_SHORTFALLS, after, lambda: _shortfall(trial, decree, 0), PLANS_KEPT)
        return remembered(_PLANS, (key, decree), lambda: (now, nxt), PLANS_KEPT)[1]

    return now, next_turn


def planned_after(
    trial: Board, key: BoardKey, done: object, columns: list[list[str]], start: int
) -> int:
    """:func:`shortfall` of ``trial`` (the board whose :func:`board_key` is
    ``key`` after ``done``, which depends on nothing else) from column
    ``start``, remembered."""
    decree: Decree = tuple(map(tuple, columns))
    at = (key, done, decree, start)
    return remembered(_SHORTFALLS, at, lambda: _shortfall(trial, decree, start), PLANS_KEPT)
