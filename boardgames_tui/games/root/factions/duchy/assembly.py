"""The Underground Duchy on the map (Law 12): its setup in a corner, its
tunnels, Birdsong's recruits into the Burrow, and the Assembly: revealing a
card to build a citadel or market, recruiting, moving, battling and digging a
tunnel (with the warriors that come up from the Burrow through it).

A part of the Duchy's rules; ``faction.py`` is the faction the shared rules ask.
"""

from __future__ import annotations

from functools import cache

from boardgames_tui.engine.game import Action, Event

from ... import core
from ...actions import RECRUIT, Battle, Move, Recruit
from ...core import clearing_name
from ...events import WarriorsMoved, announce
from ...model import CARD_SUITS, RootState
from .actions import BuildDuchy, Dig, Warriors
from .board import DUCHY_BUILDINGS, DuchyBuilding, duchy
from .decisions import DigUp
from .state import BURROW, DUCHY, me

DIG_WARRIORS = 4


# -------------------------------------------------------------------- setup
def setup(state: RootState, corner: int) -> list[Event]:
    """Two warriors and a tunnel in the corner, and two warriors in each
    clearing adjacent to it (where the Duchy may place)."""
    d = me(state)
    core.add_warriors(state, DUCHY, corner, 2)
    state.clearings[corner].add_token("tunnel")
    d.tunnels -= 1
    d.warriors -= 2
    near = [n for n in sorted(state.woodland.neighbours(corner)) if core.may_place(state, DUCHY, n)]
    for n in near:
        core.add_warriors(state, DUCHY, n, 2)
        d.warriors -= 2
    where = ", ".join(clearing_name(state, n) for n in near)
    return [
        Event(
            text=f"The Duchy surfaces in {clearing_name(state, corner)} with two warriors and a tunnel, "
            f"and two warriors in each of {where}."
        )
    ]


def tunnels(state: RootState) -> tuple[int, ...]:
    """The clearings with a tunnel."""
    places = state.clearings
    return tuple([n for n in state.woodland.numbers if "tunnel" in places[n].tokens])


# ------------------------------------------------------------------ Birdsong
def on_map(state: RootState) -> dict[DuchyBuilding, int]:
    counts = core.buildings_on_map(state)
    return {b: counts.get(b, 0) for b in DUCHY_BUILDINGS}


def birdsong(state: RootState) -> list[Event]:
    """12.4: one warrior, plus one per warrior icon showing, into the Burrow."""
    want = duchy().birdsong_recruits(on_map(state))
    n = min(want, me(state).warriors)
    me(state).warriors -= n
    core.add_warriors(state, DUCHY, BURROW, n)
    short = f" (the supply had only {n})" if n < want else ""
    return [
        Event(text=f"The Duchy places {n} warrior{'s' if n != 1 else ''} in the Burrow{short}.")
    ]


# ------------------------------------------------------------------ Assembly
def build_options(state: RootState, any_suit: bool) -> list[BuildDuchy]:
    """Reveal a card to place a citadel or market in a clearing the Duchy
    rules (matching the card, unless the Foremole builds)."""
    kinds, spots = _build_spots(state)
    out: list[BuildDuchy] = []
    if not spots:
        return out
    suits = state.woodland.suits
    for c in core.distinct(me(state).hand):
        suit = CARD_SUITS[c]
        # ``core.fits`` of each spot, inline: a bird card fits every
        # clearing, another a clearing of its suit.
        if any_suit:
            matching = spots
        elif suit == "bird":
            matching = [n for n in spots if n in suits]
        else:
            matching = [n for n in spots if suits.get(n) == suit]
        for n in matching:
            out += [_build(c, n, b) for b in kinds]
    return out


#: Each build offered, made once (an action is a frozen value).
_BUILDS: dict[tuple[int, int, DuchyBuilding], BuildDuchy] = {}


def _build(card: int, clearing: int, building: DuchyBuilding) -> BuildDuchy:
    found = _BUILDS.get((card, clearing, building))
    if found is None:
        found = _BUILDS[card, clearing, building] = BuildDuchy(
            card=card, clearing=clearing, building=building
        )
    return found


def can_build(state: RootState, any_suit: bool) -> bool:
    """Whether :func:`build_options` lists anything, found without listing."""
    hand = me(state).hand
    if not hand:
        return False
    _, spots = _build_spots(state)
    if not spots:
        return False
    if any_suit:
        return True
    suits = state.woodland.suits
    return any(core.fits(suits, CARD_SUITS[c], n) for c in set(hand) for n in spots)


def _build_spots(state: RootState) -> tuple[list[DuchyBuilding], list[int]]:
    """The buildings left to place, and where one may go: a clearing the
    Duchy rules with a free slot (none when no building is left)."""
    counts = core.buildings_on_map(state)
    kinds = [b for b in DUCHY_BUILDINGS if counts.get(b, 0) < duchy().buildings(b)]
    if not kinds:
        return kinds, []
    free = core.with_free_slot(state, core.ruled_clearings(state, DUCHY))
    return kinds, core.placeable(state, DUCHY, free)


def build(state: RootState, action: BuildDuchy) -> list[Event]:
    core.take_from_hand(me(state), action.card)
    me(state).revealed.append(action.card)
    core.add_building(state, action.clearing, action.building)
    return [
        Event(
            text=f"The Duchy reveals {core.card_name(action.card)} and builds a {action.building} "
            f"in {clearing_name(state, action.clearing)}.",
            reveals=True,
        )
    ]


def dig_options(state: RootState) -> list[Dig]:
    """Spend a card to place a tunnel in a matching clearing without one
    (moving a tunnel from the map first when all three are out, 12.2.4)."""
    d = me(state)
    out: list[Dig] = []
    if not d.hand:
        return out
    have = tunnels(state)
    spots = _dig_spots(state, have)
    suits = state.woodland.suits
    replaced = (0,) if d.tunnels > 0 else have
    # The spots each suit of card fits, found once per suit in this listing
    # (a memo by hand and spots was seldom found again: it cost the
    # collector more than it saved).
    fitting: dict[str, tuple[int, ...]] = {}
    for c in core.distinct(d.hand):
        suit = CARD_SUITS[c]
        places = fitting.get(suit)
        if places is None:
            # ``core.fits`` of each spot, inline: a bird card fits every
            # clearing, another a clearing of its suit.
            places = fitting[suit] = (
                tuple([n for n in spots if n in suits])
                if suit == "bird"
                else tuple([n for n in spots if suits.get(n) == suit])
            )
        out += _digs(c, places, replaced)
    return out


#: Dig lists kept (the memo below is bounded by it).
DIG_LISTS_KEPT = 20_000


#: A card's digs into each of some clearings (from each tunnel to move, or
#: none), by card, clearings and tunnels: each list made once (never
#: changed); past :data:`DIG_LISTS_KEPT` lists they are made again.
_DIG_LISTS: dict[tuple[int, tuple[int, ...], tuple[int, ...]], list[Dig]] = {}


def _digs(card: int, places: tuple[int, ...], replaced: tuple[int, ...]) -> list[Dig]:
    key = (card, places, replaced)
    found = _DIG_LISTS.get(key)
    if found is None:
        if len(_DIG_LISTS) >= DIG_LISTS_KEPT:
            _DIG_LISTS.clear()
        # Each dig read from its memo inline (:func:`_dig` where it is new).
        known = _DIGS.get
        found = _DIG_LISTS[key] = [
            known((card, n, t)) or _dig(card, n, t) for n in places for t in replaced
        ]
    return found


#: Each dig offered, made once (an action is a frozen value).
_DIGS: dict[tuple[int, int, int], Dig] = {}


def _dig(card: int, clearing: int, replace: int) -> Dig:
    found = _DIGS.get((card, clearing, replace))
    if found is None:
        found = _DIGS[card, clearing, replace] = Dig(card=card, clearing=clearing, replace=replace)
    return found


def can_dig(state: RootState) -> bool:
    """Whether :func:`dig_options` lists anything, found without listing."""
    d = me(state)
    if not d.hand:
        return False
    have = tunnels(state)
    if d.tunnels <= 0 and not have:
        return False
    spots = _dig_spots(state, have)
    suits = state.woodland.suits
    return any(core.fits(suits, CARD_SUITS[c], n) for c in set(d.hand) for n in spots)


def _dig_spots(state: RootState, have: tuple[int, ...]) -> list[int]:
    """The clearings without a tunnel where the Duchy may place one."""
    return core.placeable(state, DUCHY, [n for n in state.woodland.numbers if n not in have])


def dig(state: RootState, action: Dig) -> list[Event]:
    d = me(state)
    discarded = core.discard_from_hand(state, DUCHY, action.card)
    events: list[Event] = []
    if action.replace:
        state.clearings[action.replace].remove_token("tunnel")
        d.tunnels += 1
        events.append(
            Event(text=f"The Duchy takes up its tunnel in {clearing_name(state, action.replace)}.")
        )
    state.clearings[action.clearing].add_token("tunnel")
    d.tunnels -= 1
    events.append(
        Event(
            text=f"The Duchy spends {core.card_name(action.card)} to dig a tunnel in "
            f"{clearing_name(state, action.clearing)}."
        )
    )
    events += discarded
    if core.warriors(state, DUCHY, BURROW):
        state.stack.append(DigUp(faction=DUCHY, clearing=action.clearing))
    return events


def dig_options_warriors(state: RootState) -> list[Warriors]:
    most = min(DIG_WARRIORS, core.warriors(state, DUCHY, BURROW))
    return [_warriors(k) for k in range(most, -1, -1)]


#: Each count of warriors offered, made once (bounded by the Duchy's warriors).
@cache
def _warriors(count: int) -> Warriors:
    return Warriors(count=count)


def dig_move(state: RootState, pending: DigUp, count: int) -> list[Event]:
    """The Dig's move (Law 12.4.5): warriors from the Burrow into the new
    tunnel's clearing."""
    state.stack.pop()
    core.add_warriors(state, DUCHY, BURROW, -count)
    core.add_warriors(state, DUCHY, pending.clearing, count)
    events = [
        Event(
            text=f"{count} warriors come up from the Burrow into "
            f"{clearing_name(state, pending.clearing)}."
        )
    ]
    moved = WarriorsMoved(faction=DUCHY, origin=BURROW, to=pending.clearing, count=count)
    return events + (announce(state, moved) if count else [])


def assembly_options(state: RootState) -> list[Action]:
    if state.actions_left <= 0:
        return []
    out: list[Action] = []
    out += build_options(state, any_suit=False)
    if me(state).warriors > 0:
        out.append(RECRUIT)
    out += core.moves(state, DUCHY)
    out += core.battle_actions(state, DUCHY)
    out += dig_options(state)
    return out


def has_assembly_options(state: RootState) -> bool:
    """Whether :func:`assembly_options` lists anything, the cheapest
    questions first (a march or a battle is found without listing them)."""
    if state.actions_left <= 0:
        return False
    return (
        me(state).warriors > 0
        or core.can_move(state, DUCHY)
        or core.can_battle(state, DUCHY)
        or can_build(state, any_suit=False)
        or can_dig(state)
    )


def perform_assembly(state: RootState, action: Action) -> list[Event]:
    state.actions_left -= 1
    if isinstance(action, BuildDuchy):
        return build(state, action)
    if isinstance(action, Recruit):
        me(state).warriors -= 1
        core.add_warriors(state, DUCHY, BURROW, 1)
        return [Event(text="The Duchy recruits a warrior into the Burrow.")]
    if isinstance(action, Battle):
        return core.start_battle(state, DUCHY, action.clearing, action.defender)
    if isinstance(action, Dig):
        return dig(state, action)
    assert isinstance(action, Move)
    return core.do_move(state, DUCHY, action)
