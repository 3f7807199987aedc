"""The Marquise de Cat's rules (Law 6) as functions over a :class:`RootState`:
setup (the keep, a warrior everywhere but the opposite corner, the first
sawmill, workshop and recruiter), Birdsong's wood, the Daylight actions
(battle, march, recruit, build with wood, overwork, and a bird card for an
extra action), the Evening draw and Field Hospitals; and the handlers of her
decisions (``decisions.py``)."""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from typing import cast

from boardgames_tui.engine.game import Action, Event

from ... import core
from ...actions import DECLINE, DONE, RECRUIT, Battle, Move, Recruit
from ...faction import handles
from ...model import CARD_SUITS, RootState
from .actions import (
    BuildCats,
    ChooseKeep,
    ExtraAction,
    Hospital,
    Overwork,
    PayWood,
    PlaceAt,
    PlaceStart,
)
from .board import CAT_BUILDINGS, CatBuilding, CatSpace, marquise
from .decisions import FieldHospitals, March, PayingWood, PlaceWarrior, PlaceWood
from .state import CATS, me

START_STEPS: tuple[str, ...] = ("start_sawmill", "start_workshop", "start_recruiter")


def name_of(state: RootState, number: int) -> str:
    return core.clearing_name(state, number)


# -------------------------------------------------------------------- setup
def keep_options(state: RootState) -> list[Action]:
    return [ChooseKeep(clearing=c) for c in state.woodland.corners()]


def choose_keep(state: RootState, clearing: int) -> list[Event]:
    """The keep in a corner; a warrior in every clearing except the corner
    diagonally opposite."""
    cats = me(state)
    cats.keep = clearing
    state.clearings[clearing].add_token("keep")
    far = state.woodland.opposite_corner(clearing)
    for n in state.woodland.numbers:
        if n != far:
            core.add_warriors(state, CATS, n, 1)
            cats.warriors -= 1
    state.step = START_STEPS[0]
    return [
        Event(
            text=f"The Marquise places her keep in {name_of(state, clearing)} and a warrior "
            f"in every clearing but {name_of(state, far)}."
        )
    ]


def start_options(state: RootState) -> list[Action]:
    building = state.step.removeprefix("start_")
    keep = me(state).keep
    near = sorted({keep} | state.woodland.neighbours(keep))
    return [
        PlaceStart(building=building, clearing=n) for n in near if core.free_slots(state, n) > 0
    ]


def place_start(state: RootState, action: PlaceStart) -> list[Event]:
    core.add_building(state, action.clearing, action.building)
    i = START_STEPS.index(state.step)
    state.step = START_STEPS[i + 1] if i + 1 < len(START_STEPS) else "setup"
    return [
        Event(
            text=f"The Marquise places her first {action.building} in "
            f"{name_of(state, action.clearing)}."
        )
    ]


# ----------------------------------------------------------------- Birdsong
def _spots(state: RootState, building: str) -> list[int]:
    """One entry per building of the kind on the map, in a clearing where
    she may place pieces (no other faction forbids it): its clearing."""
    places = state.clearings
    return [
        n
        for n in state.woodland.numbers
        for b in places[n].buildings
        if b == building and core.may_place(state, CATS, n)
    ]


def place_at_buildings(state: RootState, piece: str) -> list[Event]:
    """Wood at each sawmill (Birdsong) or a warrior at each recruiter
    (Recruit); when the supply is short, the Marquise chooses where."""
    assert piece in ("wood", "warrior"), piece
    building = "sawmill" if piece == "wood" else "recruiter"
    spots = _spots(state, building)
    cats = me(state)
    supply = cats.wood if piece == "wood" else cats.warriors
    if not spots:
        return []
    if supply >= len(spots) or len(set(spots)) == 1:
        return place_pieces(state, piece, spots[:supply])
    if supply == 0:
        return [Event(text=f"The Marquise has no {piece} left to place.")]
    short = PlaceWood if piece == "wood" else PlaceWarrior
    state.stack.append(short(faction=CATS, count=supply, spots=tuple(spots)))
    return []


def place_pieces(state: RootState, piece: str, where: list[int]) -> list[Event]:
    cats = me(state)
    for n in where:
        if piece == "wood":
            state.clearings[n].add_token("wood")
            cats.wood -= 1
        else:
            core.add_warriors(state, CATS, n, 1)
            cats.warriors -= 1
    if not where:
        return []
    places = ", ".join(name_of(state, n) for n in sorted(set(where)))
    word = "wood" if piece == "wood" else ("warrior" if len(where) == 1 else "warriors")
    return [Event(text=f"The Marquise places {len(where)} {word} in {places}.")]


def place_choice(state: RootState, pending: PlaceWood | PlaceWarrior, clearing: int) -> list[Event]:
    piece = pending.piece
    spots = list(pending.spots)
    spots.remove(clearing)
    count = pending.count - 1
    events = place_pieces(state, piece, [clearing])
    if count <= 0 or not spots:
        state.stack.pop()
    elif len(set(spots)) == 1:
        state.stack.pop()
        events += place_pieces(state, piece, spots[:count])
    else:
        state.stack[-1] = replace(pending, count=count, spots=tuple(spots))
    return events


def birdsong(state: RootState) -> list[Event]:
    return place_at_buildings(state, "wood")


# ------------------------------------------------------------------ Daylight
def next_space(
    state: RootState, building: str, counts: dict[str, int] | None = None
) -> CatSpace | None:
    """The track space the next building of a kind comes from (its wood and
    points); None when all six are on the map.  ``counts``: the buildings
    on the map by kind (``core.buildings_on_map``), when counted already."""
    kind = cast(CatBuilding, building)
    built = core.on_map(state, kind) if counts is None else counts.get(kind, 0)
    return marquise().next_space(kind, built)


def build_options(state: RootState, counts: dict[str, int] | None = None) -> list[BuildCats]:
    """Each building she may build where: a ruled clearing with
    a free slot and no ban on placing there, paid with the wood connected
    to it through ruled clearings.  ``counts``: the buildings on the map
    by kind (``core.buildings_on_map``), when counted already."""
    ruled = core.ruled_clearings(state, CATS)
    # Where any building may go (a free slot, no faction forbidding it),
    # found once for every kind.
    spots = core.placeable(state, CATS, core.with_free_slot(state, ruled))
    if not spots:
        return []
    if counts is None:
        counts = core.buildings_on_map(state)
    out: list[BuildCats] = []
    woodland = state.woodland
    places = state.clearings
    through = frozenset(ruled)
    # The wood connected to each clearing, counted once for every kind and
    # once for all the clearings connected through the ruled ones (each is
    # connected to the same ones: woodland.connected).
    wood_near: dict[int, int] = {}
    for building in CAT_BUILDINGS:
        space = next_space(state, building, counts)
        if space is None:
            continue
        for n in spots:
            wood = wood_near.get(n)
            if wood is None:
                joined = woodland.connected(n, through)
                wood = sum([places[m].tokens.count("wood") for m in joined])
                for m in joined:
                    wood_near[m] = wood
            if wood >= space.wood:
                out.append(_build(building, n))
    return out


#: Each build offered, made once (an action is a frozen value).
_BUILDS: dict[tuple[str, int], BuildCats] = {}


def _build(building: str, clearing: int) -> BuildCats:
    found = _BUILDS.get((building, clearing))
    if found is None:
        found = _BUILDS[building, clearing] = BuildCats(building=building, clearing=clearing)
    return found


def wood_sources(state: RootState, clearing: int) -> list[int]:
    woodland = state.woodland
    ruled = [n for n in woodland.numbers if core.rules(state, CATS, n)]
    return sorted(
        m for m in woodland.connected(clearing, ruled) if "wood" in state.clearings[m].tokens
    )


def build(state: RootState, action: BuildCats) -> list[Event]:
    space = next_space(state, action.building)
    assert space is not None
    pending = PayingWood(
        faction=CATS, clearing=action.clearing, count=space.wood, building=action.building
    )
    state.stack.append(pending)
    return pay(state, pending)


def pay(state: RootState, pending: PayingWood, clearing: int = 0) -> list[Event]:
    """Pay the build's wood, asking from which clearing only when it matters;
    then place the building and score its space."""
    events: list[Event] = []
    cats = me(state)
    count = pending.count
    if clearing:
        state.clearings[clearing].remove_token("wood")
        cats.wood += 1
        count -= 1
        events.append(Event(text=f"The Marquise spends wood from {name_of(state, clearing)}."))
    while count > 0:
        sources = wood_sources(state, pending.clearing)
        total = sum(state.clearings[m].count("wood") for m in sources)
        if len(sources) > 1 and total > count:
            state.stack[-1] = replace(pending, count=count)
            return events
        m = sources[0]
        state.clearings[m].remove_token("wood")
        cats.wood += 1
        count -= 1
        events.append(Event(text=f"The Marquise spends wood from {name_of(state, m)}."))
    state.stack.pop()
    building = pending.building
    space = next_space(state, building)
    assert space is not None
    core.add_building(state, pending.clearing, building)
    events.append(
        Event(text=f"The Marquise builds a {building} in {name_of(state, pending.clearing)}.")
    )
    return events + core.gain(state, CATS, space.vp, "buildings")


def overwork_options(state: RootState, sawmills: list[int] | None = None) -> list[Overwork]:
    """Overwork: a card matching a sawmill's clearing spent for
    a wood there.  ``sawmills``: :func:`_spots` of the sawmills, when found
    already."""
    cats = me(state)
    if cats.wood <= 0:
        return []
    if sawmills is None:
        sawmills = _spots(state, "sawmill")
    if not sawmills:
        return []
    spots = sorted(set(sawmills))
    suits = state.woodland.suits
    return [
        _overwork(c, n)
        for c in core.distinct(cats.hand)
        for n in spots
        if core.fits(suits, CARD_SUITS[c], n)
    ]


# Each overwork offered is made once (an action is a frozen value every
# listing may share); bounded by the deck and the maps' clearings.
@cache
def _overwork(card: int, clearing: int) -> Overwork:
    return Overwork(card=card, clearing=clearing)


def recruit_possible(state: RootState, recruiters: list[int] | None = None) -> bool:
    """Recruit: once a turn, a warrior left and a recruiter on
    the map where she may place.  ``recruiters``: :func:`_spots` of the
    recruiters, when found already."""
    cats = me(state)
    if "recruit" in cats.used or cats.warriors <= 0:
        return False
    return bool(_spots(state, "recruiter") if recruiters is None else recruiters)


def _on_map(state: RootState) -> tuple[dict[str, int], list[int], list[int]]:
    """In one pass over the map: every building by kind
    (``core.buildings_on_map``), and :func:`_spots` of the sawmills and of
    the recruiters."""
    counts: dict[str, int] = {}
    sawmills: list[int] = []
    recruiters: list[int] = []
    places = state.clearings
    for n in state.woodland.numbers:
        buildings = places[n].buildings
        if not buildings:
            continue
        for b in buildings:
            counts[b] = counts.get(b, 0) + 1
            if b == "sawmill":
                sawmills.append(n)
            elif b == "recruiter":
                recruiters.append(n)
    return counts, core.placeable(state, CATS, sawmills), core.placeable(state, CATS, recruiters)


def action_options(state: RootState) -> list[Action]:
    out: list[Action] = []
    if state.actions_left > 0:
        out += core.battle_actions(state, CATS)
        out += core.moves(state, CATS)
        counts, sawmills, recruiters = _on_map(state)
        if recruit_possible(state, recruiters):
            out.append(RECRUIT)
        out += build_options(state, counts)
        out += overwork_options(state, sawmills)
    out += [_extra(c) for c in core.distinct(me(state).hand) if CARD_SUITS[c] == "bird"]
    return out


# Each extra action offered, by card, is made once (an action is a frozen
# value every listing may share); bounded by the deck.
@cache
def _extra(card: int) -> ExtraAction:
    return ExtraAction(card=card)


def has_action_options(state: RootState) -> bool:
    """Whether :func:`action_options` lists anything, the cheapest
    questions first (a march or a battle is found without listing them)."""
    if any(CARD_SUITS[c] == "bird" for c in me(state).hand):
        return True
    if state.actions_left <= 0:
        return False
    return (
        core.can_move(state, CATS)
        or core.can_battle(state, CATS)
        or recruit_possible(state)
        or bool(build_options(state))
        or bool(overwork_options(state))
    )


def perform_action(state: RootState, action: Action) -> list[Event]:
    if isinstance(action, ExtraAction):
        discarded = core.discard_from_hand(state, CATS, action.card)
        state.actions_left += 1
        return [
            Event(text=f"The Marquise spends {core.card_name(action.card)} for an extra action."),
            *discarded,
        ]
    state.actions_left -= 1
    if isinstance(action, Battle):
        return core.start_battle(state, CATS, action.clearing, action.defender)
    if isinstance(action, Move):
        events = [Event(text="The Marquise marches.")] + core.do_move(state, CATS, action)
        state.stack.append(March(faction=CATS))
        return events
    if isinstance(action, Recruit):
        me(state).used.append("recruit")
        return place_at_buildings(state, "warrior")
    if isinstance(action, BuildCats):
        return build(state, action)
    if isinstance(action, Overwork):
        discarded = core.discard_from_hand(state, CATS, action.card)
        place_pieces(state, "wood", [action.clearing])
        return [
            Event(
                text=f"The Marquise overworks the sawmill in {name_of(state, action.clearing)}, "
                f"spending {core.card_name(action.card)}."
            ),
            *discarded,
        ]
    raise AssertionError(action)


def evening_draws(state: RootState) -> int:
    counts = core.buildings_on_map(state)
    return marquise().evening_draws({b: counts.get(b, 0) for b in CAT_BUILDINGS})


# ----------------------------------------------------------- Field Hospitals
def hospital_cards(state: RootState, number: int) -> list[int]:
    suit = core.suit_of(state, number) or ""
    return core.distinct(c for c in me(state).hand if CARD_SUITS[c] in ("bird", suit))


def field_hospital(state: RootState, number: int, count: int, card: int) -> list[Event]:
    discarded = core.discard_from_hand(state, CATS, card)
    cats = me(state)
    n = min(count, cats.warriors)
    keep = cats.keep
    cats.warriors -= n
    core.add_warriors(state, CATS, keep, n)
    return [
        Event(
            text=f"The Marquise spends {core.card_name(card)}: Field Hospitals bring {n} warrior"
            f"{'s' if n != 1 else ''} from {name_of(state, number)} to the keep in "
            f"{name_of(state, keep)}."
        ),
        *discarded,
    ]


# ------------------------------------------------------------- the decisions
def _hospital_options(state: RootState, p: FieldHospitals) -> list[Action]:
    return [*(_hospital_card(c) for c in hospital_cards(state, p.clearing)), DECLINE]


#: Each card offered for Field Hospitals, made once (bounded by the deck).
@cache
def _hospital_card(card: int) -> Hospital:
    return Hospital(card=card)


def _hospital(state: RootState, p: FieldHospitals, action: Action) -> list[Event]:
    state.stack.pop()
    if isinstance(action, Hospital):
        return field_hospital(state, p.clearing, p.count, action.card)
    return [
        Event(
            text=f"The Marquise lets the {'warrior' if p.count == 1 else f'{p.count} warriors'} "
            f"from {name_of(state, p.clearing)} go."
        )
    ]


def _short_options(state: RootState, p: PlaceWood | PlaceWarrior) -> list[Action]:
    return [PlaceAt(clearing=n) for n in sorted(set(p.spots))]


def _short(state: RootState, p: PlaceWood | PlaceWarrior, action: Action) -> list[Event]:
    assert isinstance(action, PlaceAt)
    return place_choice(state, p, action.clearing)


def _pay_options(state: RootState, p: PayingWood) -> list[Action]:
    return [PayWood(clearing=n) for n in wood_sources(state, p.clearing)]


def _pay(state: RootState, p: PayingWood, action: Action) -> list[Event]:
    assert isinstance(action, PayWood)
    return pay(state, p, action.clearing)


def _march_options(state: RootState, p: March) -> list[Action]:
    return [*core.moves(state, CATS), DONE]


def _march(state: RootState, p: March, action: Action) -> list[Event]:
    state.stack.pop()
    if isinstance(action, Move):
        return core.do_move(state, CATS, action)
    return []


handles(FieldHospitals, options=_hospital_options, decide=_hospital)
handles(PlaceWood, options=_short_options, decide=_short)
handles(PlaceWarrior, options=_short_options, decide=_short)
handles(PayingWood, options=_pay_options, decide=_pay)
handles(March, options=_march_options, decide=_march)
