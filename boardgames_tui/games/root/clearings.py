"""The rule of the Woodland's clearings as functions over a :class:`RootState`:
the names the log uses, the map (the state's) and the paths a faction steps
along, whose pieces stand where, who rules a clearing (Law 2.5), where a
faction may place pieces and which corner it may start in, and moving
warriors (Law 4.2).

Every other part of Root's shared rules (``hands``, ``removal``, ``crafting``,
``battle``) builds on this one; ``core`` gathers them all under one name.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Final

from boardgames_tui.engine.game import Event

from .actions import Move, Sail
from .events import WarriorsMoved, announce, listening
from .faction import BENDS_MOVING, FACTIONS, FORBIDS_PLACING, OWNER, PLACES, Faction
from .model import (
    HIDDEN,
    RootState,
    card_of,
)
from .woodland import WoodlandMap


def plural(count: int, word: str) -> str:
    """``1 point``, ``2 points``: a count and its noun."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def name(number: int) -> str:
    """A faction's short name."""
    return FACTIONS[number].short


#: Plural forms of the verbs that do not just drop their ``s``.
_PLURAL_VERBS: Final = {"has": "have", "is": "are", "was": "were", "does": "do", "goes": "go"}


def the(number: int, verb: str = "", start: bool = False) -> str:
    """A faction as the log writes it, with the verb agreeing with its
    short name: "the <name> moves", or "the <name> move" for a collective
    name (``Faction.plural``).  ``verb``: its singular form ("moves", "has");
    ``start``: at the start of a sentence ("The ...")."""
    words = f"{'The' if start else 'the'} {FACTIONS[number].short}"
    if not verb:
        return words
    if FACTIONS[number].plural:
        found = _PLURAL_VERBS.get(verb)
        if found is None:
            sibilant = verb.endswith(("ches", "shes", "sses", "xes", "zes"))
            found = verb[:-2] if sibilant else verb[:-1]
        verb = found
    return f"{words} {verb}"


def clearing_name(state: RootState, number: int) -> str:
    """A place in the log's words: a clearing's name, number and suit; a
    place off the map by its faction's name for it."""
    owner = PLACES.get(number)
    if owner is not None:
        return FACTIONS[owner].place_name(state, number)
    return _clearing_words(state.woodland, number)


def _clearing_words(woodland: WoodlandMap, number: int) -> str:
    return woodland.words[number]


def clearings(state: RootState) -> tuple[int, ...]:
    """The map's clearings, by number."""
    return state.woodland.numbers


def on_the_map(state: RootState, number: int) -> bool:
    """Whether a place is a clearing of the map (not a place off it)."""
    return number in state.woodland.number_set


def card_name(number: int) -> str:
    if number == HIDDEN:
        return "a face-down card"
    c = card_of(number)
    return f"{c.name} ({c.suit})"


def enemies(state: RootState, number: int) -> list[int]:
    """The other factions at the table, in turn order after this one (every
    other player is an enemy but a coalition partner)."""
    seats = state.players
    if len(seats) == 2:
        # Two seats (most games, and every playout of the search): the other one.
        first, second = seats
        if first.faction == number:
            me, other = first, second.faction
        elif second.faction == number:
            me, other = second, first.faction
        else:
            raise KeyError(f"faction {number} is not at the table")
        # Coalition partners are not enemies (Law 9.2.8).
        return [] if me.partner == other else [other]
    i = 0
    for me in seats:
        if me.faction == number:
            break
        i += 1
    else:
        raise KeyError(f"faction {number} is not at the table")
    count = len(seats)
    found = [seats[(i + k) % count].faction for k in range(1, count)]
    partner = me.partner
    if partner >= 0:
        # Coalition partners are not enemies (Law 9.2.8).
        return [f for f in found if f != partner]
    return found


# ------------------------------------------------------------------ the map
def neighbours(state: RootState, number: int, place: int) -> frozenset[int]:
    """Where a faction may step from a place: along paths, or as its package
    says (to and from its places off the map)."""
    return FACTIONS[number].neighbours(state, place)


def suit_of(state: RootState, number: int) -> str | None:
    """A place's suit: a clearing's, or None for a place off the map."""
    found = state.woodland.suits.get(number)
    if found is None and number not in PLACES:
        raise KeyError(f"no clearing {number} on the {state.woodland.map} map")
    return found


def matches(state: RootState, card_suit: str, number: int) -> bool:
    """Whether a card of this suit matches a place: a clearing of its suit,
    or any clearing for a bird card (wild).  A place off the map has no
    suit, so no card matches it."""
    return fits(state.woodland.suits, card_suit, number)


def fits(suits: Mapping[int, str], card_suit: str, number: int) -> bool:
    """:func:`matches` with the map's suits at hand (``state.woodland.suits``,
    read once for a loop over many clearings)."""
    if number not in suits:
        return False
    return card_suit == "bird" or card_suit == suits[number]


def warriors(state: RootState, number: int, place: int) -> int:
    return state.clearings[place].warriors.get(number, 0)


def add_warriors(state: RootState, number: int, place: int, n: int) -> None:
    c = state.clearings[place]
    c.set_warriors(number, c.warriors.get(number, 0) + n)
    if state.kept_rulers is not None:
        state.kept_rulers.pop(place, None)


def add_building(state: RootState, place: int, building: str) -> None:
    """Put a building in a free slot of a place (every building placed goes
    through here or :func:`remove_building`: its ruler is found again)."""
    state.clearings[place].buildings.append(building)
    if state.kept_rulers is not None:
        state.kept_rulers.pop(place, None)


def remove_building(state: RootState, place: int, building: str) -> None:
    """Take a building out of its slot (see :func:`add_building`)."""
    state.clearings[place].buildings.remove(building)
    if state.kept_rulers is not None:
        state.kept_rulers.pop(place, None)


def buildings_of(state: RootState, number: int, place: int) -> list[str]:
    buildings = state.clearings[place].buildings
    if not buildings:
        return []
    kinds = FACTIONS[number].building_kinds
    return [b for b in buildings if b in kinds]


def tokens_of(state: RootState, number: int, place: int) -> list[str]:
    tokens = state.clearings[place].tokens
    if not tokens:
        return []
    kinds = FACTIONS[number].token_kinds
    return [t for t in tokens if t in kinds]


def has_pieces(state: RootState, number: int, place: int) -> bool:
    c = state.clearings[place]
    if number in c.warriors:
        return True
    fac = FACTIONS[number]
    if c.buildings:
        kinds = fac.building_kinds
        for b in c.buildings:
            if b in kinds:
                return True
    if c.tokens:
        kinds = fac.token_kinds
        for t in c.tokens:
            if t in kinds:
                return True
    return False


def on_map(state: RootState, building: str) -> int:
    places = state.clearings
    return sum([places[n].buildings.count(building) for n in state.woodland.numbers])


def buildings_on_map(state: RootState) -> dict[str, int]:
    """How many buildings of each kind stand on the map (:func:`on_map` of
    every kind), counted in one pass."""
    places = state.clearings
    counts: dict[str, int] = {}
    for n in state.woodland.numbers:
        for b in places[n].buildings:
            counts[b] = counts.get(b, 0) + 1
    return counts


def tokens_on_map(state: RootState, token: str) -> int:
    places = state.clearings
    return sum([places[n].tokens.count(token) for n in state.woodland.numbers])


def ruler(state: RootState, number: int) -> int | None:
    """Who rules a clearing (:func:`rule_of`), found once per clearing while
    a listing runs (``RootState.rulers``), and in a loop's own state once
    until its pieces change (``RootState.kept_rulers``)."""
    known = state.rulers
    if known is None:
        known = state.kept_rulers
        if known is None:
            return rule_of(state, number)
    found = known.get(number, -1)
    if found == -1:
        found = known[number] = rule_of(state, number)
    return found


def rule_of(state: RootState, number: int) -> int | None:
    """Who rules a clearing (Law 2.5): the most warriors plus buildings there;
    a tie (or nobody) rules nobody, unless one of the tied has Lords of the
    Forest; a place off the map is ruled by the faction whose place it is,
    when it is at the table (places off the map are numbered apart from
    every map's clearings: 0, or above them)."""
    if number in PLACES:
        owner = PLACES[number]
        if not FACTIONS[owner].rules_places:
            return None
        for p in state.players:
            if p.faction == owner:
                return owner
        return None
    c = state.clearings[number]
    score = c.warriors
    buildings = c.buildings
    if buildings:
        score = score.copy()
        owners = OWNER
        for b in buildings:
            if b in owners:
                owner = owners[b]
                score[owner] = score.get(owner, 0) + 1
    n = len(score)
    if n < 2:
        # One faction's pieces at most (a count is never 0).
        if n:
            for f in score:
                return f
        return None
    if n == 2:
        (f, x), (g, y) = score.items()
        if x != y:
            return f if x > y else g
        top = [f, g]
    else:
        best = max(score.values())
        top = [f for f, v in score.items() if v == best]
        if len(top) == 1:
            return top[0]
    lords = [f for f in top if FACTIONS[f].wins_ties]
    return lords[0] if len(lords) == 1 else None


def rules(state: RootState, number: int, place: int) -> bool:
    return ruler(state, place) == number


def ruled_clearings(state: RootState, number: int) -> list[int]:
    """The clearings of the map a faction rules, in number order (:func:`ruled`
    without the places off the map; each ruler as :func:`ruler` finds it)."""
    numbers = state.woodland.numbers
    known = state.rulers
    if known is None:
        known = state.kept_rulers
        if known is None:
            return [n for n in numbers if rule_of(state, n) == number]
    out: list[int] = []
    for n in numbers:
        found = known.get(n, -1)
        if found == -1:
            found = known[n] = rule_of(state, n)
        if found == number:
            out.append(n)
    return out


def ruled(state: RootState, number: int) -> list[int]:
    """The clearings a faction rules, and its places off the map."""
    found = ruled_clearings(state, number)
    fac = FACTIONS[number]
    if fac.rules_places:
        found += fac.off_map
    return found


def may_place(state: RootState, number: int, place: int) -> bool:
    """Whether a faction may place pieces there: a place off the map only
    its own, a clearing unless another faction forbids it."""
    owner = PLACES.get(place)
    if owner is not None:
        return owner == number
    if not FORBIDS_PLACING:
        return True
    for p in state.players:
        other = p.faction
        if (
            other != number
            and other in FORBIDS_PLACING
            and FACTIONS[other].forbids_placing(state, number, place)
        ):
            return False
    return True


def placeable(state: RootState, number: int, places: list[int]) -> list[int]:
    """The places of ``places`` (in their order) where a faction may place
    pieces (:func:`may_place` of each, the factions that may forbid it
    found once)."""
    if not places:
        return places
    forbidding = [
        FACTIONS[p.faction]
        for p in state.players
        if p.faction != number and p.faction in FORBIDS_PLACING
    ]
    if not forbidding:
        return [n for n in places if PLACES.get(n, number) == number]
    # The places named at once, and the factions asked place by place.
    banned: set[int] = set()
    asked: list[Faction] = []
    for f in forbidding:
        named = f.forbidden_places(state, number)
        if named is None:
            asked.append(f)
        else:
            banned.update(named)
    out: list[int] = []
    for n in places:
        owner = PLACES.get(n)
        if owner is not None:
            if owner == number:
                out.append(n)
        elif n not in banned and not (
            asked and any(f.forbids_placing(state, number, n) for f in asked)
        ):
            out.append(n)
    return out


def corner_choices(state: RootState, number: int) -> list[int]:
    """The corners a faction that starts in one may take (Law 5.1 with the
    factions' setup): none that is another player's starting corner, and one
    diagonally opposite a starting corner if any is."""
    taken = [
        c
        for p in state.players
        if p.faction != number and (c := FACTIONS[p.faction].start_corner(state))
    ]
    woodland = state.woodland
    free = [c for c in woodland.corners() if c not in taken]
    across = [c for c in free if any(woodland.opposite_corner(t) == c for t in taken)]
    return across or free


def places(state: RootState, number: int) -> tuple[int, ...]:
    """Where a faction's warriors may stand: its places off the map, then the clearings."""
    off_map = FACTIONS[number].off_map
    numbers = state.woodland.numbers
    return (*off_map, *numbers) if off_map else numbers


# ------------------------------------------------------------------ moving
#: The marches from one place to another, one per number of warriors, made
#: once (an action is a frozen value: every list of legal moves may share
#: it); and the sails on the Lake's Ferry (:class:`Sail`) the same way.
_MARCHES: dict[tuple[int, int, bool], list[Move]] = {}
#: Each set of places one may step to, in number order, sorted once (a
#: frozenset keeps its hash: looking one up costs less than sorting it).
_IN_ORDER: dict[frozenset[int], tuple[int, ...]] = {}


def in_order(places: frozenset[int]) -> tuple[int, ...]:
    """The places in number order."""
    found = _IN_ORDER.get(places)
    if found is None:
        found = _IN_ORDER[places] = tuple(sorted(places))
    return found


#: The marches of 1 to n warriors from one place to another, by (origin,
#: to, n, sail), each list made once from :data:`_MARCHES`.
_UP_TO: dict[tuple[int, int, int, bool], list[Move]] = {}


def _marches(origin: int, to: int, n: int, sail: bool = False) -> list[Move]:
    """The moves of 1 to ``n`` warriors from ``origin`` to ``to`` (on the
    Ferry: ``sail``), a list shared by every listing (never changed)."""
    found = _UP_TO.get((origin, to, n, sail))
    if found is not None:
        return found
    made = _MARCHES.get((origin, to, sail))
    if made is None:
        made = _MARCHES[origin, to, sail] = []
    kind = Sail if sail else Move
    while len(made) < n:
        made.append(kind(origin=origin, to=to, count=len(made) + 1))
    found = _UP_TO[origin, to, n, sail] = made[:n]
    return found


#: The marches of 1 to n warriors from one place to each of the places
#: ahead of it, in their order, by (origin, places ahead, n): each list made
#: once from :func:`_marches`.  It stays bounded without emptying, as its
#: keys are bounded by the four maps and the factions' pieces, not by the
#: games played: an origin is one of a map's places, the places ahead are
#: its neighbours along the paths or the few sets a faction's own places
#: step to (a place off the map joined to at most a faction's few tunnels
#: or the like), and n is at most one faction's warriors.
_FROM: dict[tuple[int, tuple[int, ...], int], list[Move]] = {}


def _all_marches(origin: int, ahead: tuple[int, ...], n: int) -> list[Move]:
    """:func:`_marches` to every place ``ahead``, one after the other (a list
    shared by every listing, never changed)."""
    key = (origin, ahead, n)
    found = _FROM.get(key)
    if found is None:
        found = _FROM[key] = [m for to in ahead for m in _marches(origin, to, n)]
    return found


def _blockers(state: RootState, number: int) -> list[int]:
    """The other factions at the table that may keep this one from moving."""
    if not BENDS_MOVING:
        return []
    return [p.faction for p in state.players if p.faction != number and p.faction in BENDS_MOVING]


def _blocked(state: RootState, blockers: list[int], number: int, origin: int, to: int) -> bool:
    return any(FACTIONS[b].forbids_moving(state, number, origin, to) for b in blockers)


def ferry_stops(state: RootState, number: int, origin: int) -> tuple[int, ...]:
    """Where the Lake's Ferry may carry the faction's warriors from
    ``origin``: every other coastal clearing, when the Ferry is there and
    has not carried that player this turn (Law 16.2.2.V)."""
    ferry = state.ferry
    if origin != ferry or not ferry or FERRY_USED in state.player(number).used:
        return ()
    return tuple(c for c in state.woodland.coastal if c != origin)


#: What a player's ``used`` list notes once the Ferry carried their pieces
#: this turn (Law 16.2.2.V: once per turn).
FERRY_USED = "ferry"


def moves(state: RootState, number: int, only: Callable[[int], bool] | None = None) -> list[Move]:
    """Every move: any number of warriors from one clearing to an adjacent
    one, ruling the origin or the destination unless the faction moves
    freely (and no faction at the table forbidding it); and on the Lake, from
    the Ferry's clearing across the lake to any other coastal clearing on the
    same terms (a :class:`Sail`); ``only``: those from where it answers yes."""
    out: list[Move] = []
    places_ = state.clearings
    fac = FACTIONS[number]
    step = fac.neighbours
    # Stepping along the paths alone: each clearing's neighbours from the map.
    along = state.woodland.steps if type(fac).neighbours is Faction.neighbours else None
    free = fac.moves_freely
    blockers = _blockers(state, number)
    # Who rules a place, asked once per place: :func:`ruler`, inline.
    known = state.rulers
    if known is None:
        known = state.kept_rulers
        if known is None:
            known = {}
    ferry, off_map = state.ferry, fac.off_map
    for origin in (*off_map, *state.woodland.numbers) if off_map else state.woodland.numbers:
        n = places_[origin].warriors.get(number)
        if not n or (only is not None and not only(origin)):
            continue
        if free:
            rules_origin = True
        else:
            found = known.get(origin, -1)
            if found == -1:
                found = known[origin] = rule_of(state, origin)
            rules_origin = found == number
        ahead = along.get(origin) if along is not None else None
        if ahead is None:
            ahead = in_order(step(state, origin))
        if rules_origin and not blockers:  # every place ahead may be marched to
            made = _FROM.get((origin, ahead, n))  # :func:`_all_marches`, inline
            out += _all_marches(origin, ahead, n) if made is None else made
        else:
            for to in ahead:
                if not rules_origin:
                    found = known.get(to, -1)
                    if found == -1:
                        found = known[to] = rule_of(state, to)
                    if found != number:
                        continue
                if blockers and _blocked(state, blockers, number, origin, to):
                    continue
                made = _UP_TO.get((origin, to, n, False))  # :func:`_marches`, inline
                out += _marches(origin, to, n) if made is None else made
        if ferry == origin:
            for to in ferry_stops(state, number, origin):
                if not rules_origin and ruler(state, to) != number:
                    continue
                if blockers and _blocked(state, blockers, number, origin, to):
                    continue
                out += _marches(origin, to, n, sail=True)
    return out


def can_move(state: RootState, number: int) -> bool:
    blockers = _blockers(state, number)
    for origin in places(state, number):
        if warriors(state, number, origin):
            ahead = neighbours(state, number, origin)
            if origin == state.ferry:
                ahead = ahead | frozenset(ferry_stops(state, number, origin))
            if blockers:
                ahead = frozenset(
                    to for to in ahead if not _blocked(state, blockers, number, origin, to)
                )
            if FACTIONS[number].moves_freely or rules(state, number, origin):
                if ahead:
                    return True
            elif any(rules(state, number, to) for to in ahead):
                return True
    return False


def do_move(state: RootState, number: int, move: Move, by: int = -1) -> list[Event]:
    """Move a faction's warriors (``by``: the player moving them, when not
    their owner)."""
    add_warriors(state, number, move.origin, -move.count)
    add_warriors(state, number, move.to, move.count)
    origin, to = move.origin, move.to
    if origin in PLACES or to in PLACES:
        # A place off the map is named now (its faction's name for it may
        # read the state).
        text: str | Callable[[], str] = (
            f"{the(number, 'moves', start=True)} {plural(move.count, 'warrior')} from "
            f"{clearing_name(state, origin)} to {clearing_name(state, to)}."
        )
    else:
        woodland = state.woodland
        text = lambda: (  # noqa: E731 - the log's words, made when read
            f"{the(number, 'moves', start=True)} {plural(move.count, 'warrior')} from "
            f"{_clearing_words(woodland, origin)} to {_clearing_words(woodland, to)}."
        )
    events = [Event(text=text)]
    if not listening(state, WarriorsMoved):
        return events
    return events + announce(
        state,
        WarriorsMoved(faction=number, origin=move.origin, to=move.to, count=move.count, by=by),
    )
