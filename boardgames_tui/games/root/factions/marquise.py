"""The Marquise de Cat: setup (the keep, a warrior everywhere but the opposite
corner, the first sawmill, workshop and recruiter), Birdsong's wood, and the
Daylight actions (battle, march, recruit, build with wood, overwork, and a
bird card for an extra action)."""

from __future__ import annotations

from typing import cast

from boardgames_tui.engine.game import Action, Event

from .. import core
from ..actions import (
    Battle,
    BuildCats,
    ChooseKeep,
    ExtraAction,
    Move,
    Overwork,
    PlaceStart,
    Recruit,
)
from ..core import CLEARINGS, WOODLAND, clearing_name
from ..model import CAT_BUILDING_KINDS, CATS, Pending, PendingKind, RootState, Step, card_of
from ..tracks import CatBuilding, CatSpace, marquise

START_STEPS: tuple[Step, ...] = ("start_sawmill", "start_workshop", "start_recruiter")


# -------------------------------------------------------------------- setup
def keep_options(state: RootState) -> list[Action]:
    return [ChooseKeep(clearing=c) for c in WOODLAND.corners()]


def choose_keep(state: RootState, clearing: int) -> list[Event]:
    """The keep in a corner; a warrior in every clearing except the corner
    diagonally opposite."""
    state.cats.keep = clearing
    state.clearings[clearing].keep = True
    far = WOODLAND.opposite_corner(clearing)
    for n in CLEARINGS:
        if n != far:
            state.clearings[n].cats += 1
            state.cats.warriors -= 1
    state.step = START_STEPS[0]
    return [
        Event(
            text=f"The Marquise places her keep in {clearing_name(clearing)} and a warrior "
            f"in every clearing but {clearing_name(far)}."
        )
    ]


def start_options(state: RootState) -> list[Action]:
    building = state.step.removeprefix("start_")
    keep = state.cats.keep
    near = sorted({keep} | WOODLAND.neighbours(keep))
    return [
        PlaceStart(building=building, clearing=n) for n in near if core.free_slots(state, n) > 0
    ]


def place_start(state: RootState, action: PlaceStart) -> list[Event]:
    state.clearings[action.clearing].buildings.append(action.building)
    i = START_STEPS.index(state.step)
    state.step = START_STEPS[i + 1] if i + 1 < len(START_STEPS) else "duchy_setup"
    return [
        Event(
            text=f"The Marquise places her first {action.building} in {clearing_name(action.clearing)}."
        )
    ]


# ----------------------------------------------------------------- Birdsong
def _spots(state: RootState, building: str) -> list[int]:
    """One entry per building of the kind on the map: its clearing."""
    return [n for n in CLEARINGS for b in state.clearings[n].buildings if b == building]


def place_at_buildings(state: RootState, piece: str) -> list[Event]:
    """Wood at each sawmill (Birdsong) or a warrior at each recruiter
    (Recruit); when the supply is short, the Marquise chooses where."""
    building = "sawmill" if piece == "wood" else "recruiter"
    spots = _spots(state, building)
    supply = state.cats.wood if piece == "wood" else state.cats.warriors
    if not spots:
        return []
    if supply >= len(spots) or len(set(spots)) == 1:
        return place_pieces(state, piece, spots[:supply])
    if supply == 0:
        return [Event(text=f"The Marquise has no {piece} left to place.")]
    kind: PendingKind = "place_wood" if piece == "wood" else "place_warrior"
    assert piece in ("wood", "warrior"), piece
    state.stack.append(Pending(kind=kind, faction=CATS, count=supply, numbers=spots))
    return []


def place_pieces(state: RootState, piece: str, where: list[int]) -> list[Event]:
    for n in where:
        if piece == "wood":
            state.clearings[n].wood += 1
            state.cats.wood -= 1
        else:
            state.clearings[n].cats += 1
            state.cats.warriors -= 1
    if not where:
        return []
    places = ", ".join(clearing_name(n) for n in sorted(set(where)))
    word = "wood" if piece == "wood" else ("warrior" if len(where) == 1 else "warriors")
    return [Event(text=f"The Marquise places {len(where)} {word} in {places}.")]


def place_choice(state: RootState, pending: Pending, clearing: int) -> list[Event]:
    piece = pending.kind.removeprefix("place_")
    pending.numbers.remove(clearing)
    pending.count -= 1
    events = place_pieces(state, piece, [clearing])
    if pending.count <= 0 or not pending.numbers:
        state.stack.pop()
    elif len(set(pending.numbers)) == 1:
        state.stack.pop()
        events += place_pieces(state, piece, pending.numbers[: pending.count])
    return events


def birdsong(state: RootState) -> list[Event]:
    return place_at_buildings(state, "wood")


# ------------------------------------------------------------------ Daylight
def next_space(state: RootState, building: str) -> CatSpace | None:
    """The track space the next building of a kind comes from (its wood and
    points); None when all six are on the map."""
    kind = cast(CatBuilding, building)
    return marquise().next_space(kind, core.on_map(state, kind))


def build_options(state: RootState) -> list[BuildCats]:
    out: list[BuildCats] = []
    ruled = [n for n in CLEARINGS if core.rules(state, CATS, n)]
    for building in CAT_BUILDING_KINDS:
        space = next_space(state, building)
        if space is None:
            continue
        for n in ruled:
            if core.free_slots(state, n) <= 0:
                continue
            wood = sum(state.clearings[m].wood for m in WOODLAND.connected(n, ruled))
            if wood >= space.wood:
                out.append(BuildCats(building=building, clearing=n))
    return out


def wood_sources(state: RootState, clearing: int) -> list[int]:
    ruled = [n for n in CLEARINGS if core.rules(state, CATS, n)]
    return sorted(m for m in WOODLAND.connected(clearing, ruled) if state.clearings[m].wood)


def build(state: RootState, action: BuildCats) -> list[Event]:
    space = next_space(state, action.building)
    assert space is not None
    pending = Pending(
        kind="pay_wood",
        faction=CATS,
        clearing=action.clearing,
        count=space.wood,
        names=[action.building],
    )
    state.stack.append(pending)
    return pay(state, pending)


def pay(state: RootState, pending: Pending, clearing: int = 0) -> list[Event]:
    """Pay the build's wood, asking from which clearing only when it matters;
    then place the building and score its space."""
    events: list[Event] = []
    if clearing:
        state.clearings[clearing].wood -= 1
        state.cats.wood += 1
        pending.count -= 1
        events.append(Event(text=f"The Marquise spends wood from {clearing_name(clearing)}."))
    while pending.count > 0:
        sources = wood_sources(state, pending.clearing)
        total = sum(state.clearings[m].wood for m in sources)
        if len(sources) > 1 and total > pending.count:
            return events
        m = sources[0]
        state.clearings[m].wood -= 1
        state.cats.wood += 1
        pending.count -= 1
        events.append(Event(text=f"The Marquise spends wood from {clearing_name(m)}."))
    state.stack.pop()
    building = pending.names[0]
    space = next_space(state, building)
    assert space is not None
    state.clearings[pending.clearing].buildings.append(building)
    events.append(
        Event(text=f"The Marquise builds a {building} in {clearing_name(pending.clearing)}.")
    )
    return events + core.gain(state, CATS, space.vp, "buildings")


def overwork_options(state: RootState) -> list[Overwork]:
    if state.cats.wood <= 0:
        return []
    spots = sorted(set(_spots(state, "sawmill")))
    return [
        Overwork(card=c, clearing=n)
        for c in core.distinct(state.cats.hand)
        for n in spots
        if core.matches(card_of(c).suit, n)
    ]


def recruit_possible(state: RootState) -> bool:
    return (
        "recruit" not in state.cats.used
        and state.cats.warriors > 0
        and bool(_spots(state, "recruiter"))
    )


def action_options(state: RootState) -> list[Action]:
    out: list[Action] = []
    if state.actions_left > 0:
        out += [Battle(clearing=n) for n in core.battle_targets(state, CATS)]
        out += core.moves(state, CATS)
        if recruit_possible(state):
            out.append(Recruit())
        out += build_options(state)
        out += overwork_options(state)
    out += [
        ExtraAction(card=c) for c in core.distinct(state.cats.hand) if card_of(c).suit == "bird"
    ]
    return out


def perform_action(state: RootState, action: Action) -> list[Event]:
    if isinstance(action, ExtraAction):
        core.discard_from_hand(state, CATS, action.card)
        state.actions_left += 1
        return [
            Event(text=f"The Marquise spends {core.card_name(action.card)} for an extra action.")
        ]
    state.actions_left -= 1
    if isinstance(action, Battle):
        return core.start_battle(state, CATS, action.clearing)
    if isinstance(action, Move):
        events = [Event(text="The Marquise marches.")] + core.do_move(state, CATS, action)
        state.stack.append(Pending(kind="march", faction=CATS))
        return events
    if isinstance(action, Recruit):
        state.cats.used.append("recruit")
        return place_at_buildings(state, "warrior")
    if isinstance(action, BuildCats):
        return build(state, action)
    if isinstance(action, Overwork):
        core.discard_from_hand(state, CATS, action.card)
        place_pieces(state, "wood", [action.clearing])
        return [
            Event(
                text=f"The Marquise overworks the sawmill in {clearing_name(action.clearing)}, "
                f"spending {core.card_name(action.card)}."
            )
        ]
    raise AssertionError(action)


def evening_draws(state: RootState) -> int:
    return marquise().evening_draws({b: core.on_map(state, b) for b in CAT_BUILDING_KINDS})
