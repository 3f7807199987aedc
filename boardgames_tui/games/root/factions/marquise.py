"""The Marquise de Cat (Law 6): setup (the keep, a warrior everywhere but the
opposite corner, the first sawmill, workshop and recruiter), Birdsong's wood,
the Daylight actions (battle, march, recruit, build with wood, overwork, and a
bird card for an extra action), the keep (no one else places pieces in its
clearing) and Field Hospitals."""

from __future__ import annotations

from typing import ClassVar, Final, cast

from boardgames_tui.engine.game import Action, Event

from .. import core
from ..actions import (
    DECLINE,
    DONE,
    Battle,
    BuildCats,
    ChooseKeep,
    Decline,
    ExtraAction,
    Hospital,
    Move,
    Overwork,
    PayWood,
    PlaceAt,
    PlaceStart,
    Recruit,
)
from ..core import CLEARINGS, WOODLAND, clearing_name
from ..model import (
    CAT_BUILDING_KINDS,
    CATS,
    KEEP_CORNERS,
    Marquise,
    Pending,
    PendingKind,
    Player,
    RootState,
    Step,
    card_of,
)
from ..tracks import CatBuilding, CatSpace, marquise
from .base import Faction, register

START_STEPS: tuple[Step, ...] = ("start_sawmill", "start_workshop", "start_recruiter")


# -------------------------------------------------------------------- setup
def keep_options(state: RootState) -> list[Action]:
    return [ChooseKeep(clearing=c) for c in WOODLAND.corners()]


def choose_keep(state: RootState, clearing: int) -> list[Event]:
    """The keep in a corner; a warrior in every clearing except the corner
    diagonally opposite."""
    state.cats.keep = clearing
    state.clearings[clearing].add_token("keep")
    far = WOODLAND.opposite_corner(clearing)
    for n in CLEARINGS:
        if n != far:
            core.add_warriors(state, CATS, n, 1)
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
    state.step = START_STEPS[i + 1] if i + 1 < len(START_STEPS) else "setup"
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
            state.clearings[n].add_token("wood")
            state.cats.wood -= 1
        else:
            core.add_warriors(state, CATS, n, 1)
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
    # The wood connected to each clearing, counted once for every kind.
    wood_near: dict[int, int] = {}
    for building in CAT_BUILDING_KINDS:
        space = next_space(state, building)
        if space is None:
            continue
        for n in ruled:
            if core.free_slots(state, n) <= 0:
                continue
            wood = wood_near.get(n)
            if wood is None:
                wood = wood_near[n] = sum(
                    state.clearings[m].count("wood") for m in WOODLAND.connected(n, ruled)
                )
            if wood >= space.wood:
                out.append(BuildCats(building=building, clearing=n))
    return out


def wood_sources(state: RootState, clearing: int) -> list[int]:
    ruled = [n for n in CLEARINGS if core.rules(state, CATS, n)]
    return sorted(
        m for m in WOODLAND.connected(clearing, ruled) if "wood" in state.clearings[m].tokens
    )


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
        state.clearings[clearing].remove_token("wood")
        state.cats.wood += 1
        pending.count -= 1
        events.append(Event(text=f"The Marquise spends wood from {clearing_name(clearing)}."))
    while pending.count > 0:
        sources = wood_sources(state, pending.clearing)
        total = sum(state.clearings[m].count("wood") for m in sources)
        if len(sources) > 1 and total > pending.count:
            return events
        m = sources[0]
        state.clearings[m].remove_token("wood")
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
        out += core.battle_actions(state, CATS)
        out += core.moves(state, CATS)
        if recruit_possible(state):
            out.append(Recruit())
        out += build_options(state)
        out += overwork_options(state)
    out += [
        ExtraAction(card=c) for c in core.distinct(state.cats.hand) if card_of(c).suit == "bird"
    ]
    return out


def has_action_options(state: RootState) -> bool:
    """Whether :func:`action_options` lists anything, the cheapest
    questions first (a march or a battle is found without listing them)."""
    if any(card_of(c).suit == "bird" for c in state.cats.hand):
        return True
    if state.actions_left <= 0:
        return False
    return (
        core.can_move(state, CATS)
        or bool(core.battle_targets(state, CATS))
        or recruit_possible(state)
        or bool(build_options(state))
        or bool(overwork_options(state))
    )


def perform_action(state: RootState, action: Action) -> list[Event]:
    if isinstance(action, ExtraAction):
        core.discard_from_hand(state, CATS, action.card)
        state.actions_left += 1
        return [
            Event(text=f"The Marquise spends {core.card_name(action.card)} for an extra action.")
        ]
    state.actions_left -= 1
    if isinstance(action, Battle):
        return core.start_battle(state, CATS, action.clearing, action.defender)
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


# ----------------------------------------------------------- Field Hospitals
def hospital_cards(state: RootState, number: int) -> list[int]:
    suit = core.suit_of(number) or ""
    return core.distinct(c for c in state.cats.hand if card_of(c).suit in ("bird", suit))


def field_hospital(state: RootState, number: int, count: int, card: int) -> list[Event]:
    core.discard_from_hand(state, CATS, card)
    n = min(count, state.cats.warriors)
    keep = state.cats.keep
    state.cats.warriors -= n
    core.add_warriors(state, CATS, keep, n)
    return [
        Event(
            text=f"Marquise spends {core.card_name(card)}: Field Hospitals bring {n} warrior"
            f"{'s' if n != 1 else ''} from {clearing_name(number)} to the keep in {clearing_name(keep)}."
        )
    ]


# ------------------------------------------------------------ the module
class MarquiseFaction(Faction):
    number = CATS
    key = "marquise"
    name = "Marquise de Cat"
    short = "Marquise"
    letter = "A"
    reach = 10
    mark = "C"
    colour = "#d2691e"
    ruler_word = "cats"
    piece_marks: ClassVar[dict[str, str]] = {
        "sawmill": "S",
        "workshop": "W",
        "recruiter": "R",
        "keep": "K",
        "wood": "w",
    }
    player_class = Marquise
    building_kinds = CAT_BUILDING_KINDS
    token_kinds = ("wood", "keep")
    crafts_with = marquise().crafts_with
    daylight_steps = ("craft", "actions")
    setup_steps = ("keep", *START_STEPS)
    pending_kinds = ("hospital", "place_wood", "place_warrior", "pay_wood", "march")
    step_done: ClassVar[dict[str, str]] = {"craft": "Craft no more", "actions": "End Daylight"}
    step_prompts: ClassVar[dict[str, str]] = {
        "keep": "choose the corner clearing for your keep.",
        "start_sawmill": "place your first sawmill in or next to the keep.",
        "start_workshop": "place your first workshop in or next to the keep.",
        "start_recruiter": "place your first recruiter in or next to the keep.",
        "craft": "Daylight: craft with your workshops.",
    }
    pending_done: ClassVar[dict[str, str]] = {"march": "Take no second move"}
    pending_prompts: ClassVar[dict[str, str]] = {
        "hospital": "Field Hospitals: spend a matching card to bring the removed warriors to the keep?",
        "place_wood": "Not enough wood: choose a sawmill to place wood at.",
        "place_warrior": "Not enough warriors: choose a recruiter to place a warrior at.",
        "pay_wood": "Choose where the wood for this building comes from.",
        "march": "March: take a second move?",
    }

    def new_player(self) -> Player:
        board = marquise()
        return Marquise(faction=CATS, warriors=board.warriors, wood=board.wood)

    # setup
    def setup(self, state: RootState) -> list[Event]:
        state.step = "keep"
        return []

    def setup_options(self, state: RootState) -> list[Action]:
        if state.step == "keep":
            return keep_options(state)
        return list(start_options(state))

    def setup_do(self, state: RootState, action: Action) -> list[Event]:
        if isinstance(action, ChooseKeep):
            return choose_keep(state, action.clearing)
        assert isinstance(action, PlaceStart)
        return place_start(state, action)

    def start_corner(self, state: RootState) -> int:
        return state.cats.keep

    # the turn
    def birdsong(self, state: RootState) -> list[Event]:
        return birdsong(state)

    def enter(self, state: RootState, step: Step) -> list[Event]:
        if step == "actions":
            state.actions_left = 3
        return []

    def step_options(self, state: RootState, step: Step) -> list[Action]:
        if step == "craft":
            return list[Action](core.craft_options(state, CATS))
        return action_options(state)

    def has_step_options(self, state: RootState, step: Step) -> bool:
        if step == "actions":
            return has_action_options(state)
        return super().has_step_options(state, step)

    def do_step(self, state: RootState, step: Step, action: Action) -> list[Event]:
        assert step == "actions", (step, action)
        return perform_action(state, action)

    def pending_options(self, state: RootState, p: Pending) -> list[Action]:
        k = p.kind
        if k == "hospital":
            return [*(Hospital(card=c) for c in hospital_cards(state, p.clearing)), DECLINE]
        if k in ("place_wood", "place_warrior"):
            return [PlaceAt(clearing=n) for n in sorted(set(p.numbers))]
        if k == "pay_wood":
            return [PayWood(clearing=n) for n in wood_sources(state, p.clearing)]
        assert k == "march", k
        return [*core.moves(state, CATS), DONE]

    def do_pending(self, state: RootState, p: Pending, action: Action) -> list[Event]:
        k = p.kind
        if k == "hospital":
            state.stack.pop()
            if isinstance(action, Hospital):
                return field_hospital(state, p.clearing, p.count, action.card)
            return [
                Event(
                    text=f"The Marquise lets the {'warrior' if p.count == 1 else f'{p.count} warriors'} "
                    f"from {clearing_name(p.clearing)} go."
                )
            ]
        if k in ("place_wood", "place_warrior"):
            assert isinstance(action, PlaceAt)
            return place_choice(state, p, action.clearing)
        if k == "pay_wood":
            assert isinstance(action, PayWood)
            return pay(state, p, action.clearing)
        state.stack.pop()
        if isinstance(action, Move):
            return core.do_move(state, CATS, action)
        return []

    def evening_draws(self, state: RootState) -> int:
        return evening_draws(state)

    def describe(self, state: RootState, action: Action) -> str | None:
        match action:
            case Decline() if state.stack and state.stack[-1].kind == "hospital":
                return "Spend no card for Field Hospitals"
            case ChooseKeep():
                return f"Place the keep in {clearing_name(action.clearing)}"
            case PlaceStart():
                return f"Place the first {action.building} in {clearing_name(action.clearing)}"
            case Hospital():
                return f"Field Hospitals: spend {core.card_name(action.card)} to bring the warriors to the keep"
            case PlaceAt():
                piece = state.stack[-1].kind.removeprefix("place_") if state.stack else "piece"
                what = "wood" if piece == "wood" else f"a {piece}"
                return f"Place {what} in {clearing_name(action.clearing)}"
            case Recruit():
                return "Recruit: a warrior at each recruiter"
            case BuildCats():
                space = next_space(state, action.building)
                cost = space.wood if space else 0
                vp = space.vp if space else 0
                return f"Build a {action.building} in {clearing_name(action.clearing)} ({cost} wood, {core.plural(vp, 'point')})"
            case PayWood():
                return f"Pay wood from {clearing_name(action.clearing)}"
            case Overwork():
                return f"Overwork: spend {core.card_name(action.card)} for wood at the sawmill in {clearing_name(action.clearing)}"
            case ExtraAction():
                return f"Spend {core.card_name(action.card)} for an extra action"
        return None

    def prompt(self, state: RootState) -> str | None:
        if state.step == "actions" and not state.stack:
            n = state.actions_left
            return f"Daylight, {n} action{'s' if n != 1 else ''} left."
        return None

    # the common rules, bent
    def forbids_placing(self, state: RootState, faction: int, number: int) -> bool:
        """The keep: no other player may place pieces in its clearing (6.2.1)."""
        return state.cats.keep == number

    def removed_warriors(self, state: RootState, number: int, n: int) -> None:
        if number in core.CLEARING_SET:
            hospitals = state.cats.hospitals
            hospitals[number] = hospitals.get(number, 0) + n

    def removed_piece(self, state: RootState, number: int, piece: str) -> None:
        if piece == "wood":
            state.cats.wood += 1
        elif piece == "keep":
            state.cats.keep = 0
            state.cats.keep_removed = True

    def after_removal(self, state: RootState) -> None:
        """Field Hospitals: a decision per clearing that lost warriors, while
        the keep is on the map and the Marquise holds a card (6.2.2)."""
        cats = state.cats
        if cats.hospitals:
            for number, n in sorted(cats.hospitals.items(), reverse=True):
                if cats.keep and cats.hand:
                    state.stack.append(
                        Pending(kind="hospital", faction=CATS, clearing=number, count=n)
                    )
            cats.hospitals.clear()

    def clear_removal(self, state: RootState) -> None:
        state.cats.hospitals.clear()

    def standing(self, state: RootState) -> float:
        return standing(state) + KEEP_CORNERS.get(state.cats.keep, 0.0)


#: What the Marquise's standing counts for the search (``RootGame.evaluate``):
#: victory points, clearings ruled, cards in hand, warriors on the map, wood
#: on the map, persistent cards crafted.  Fitted to the rule bots' games.
WEIGHTS: Final = {
    "vp": 1.0,
    "ruled": 0.9,
    "hand": 0.1,
    "warriors": 0.2,
    "tokens": 0.45,
    "crafted": 1.6,
}


def standing(state: RootState) -> float:
    player = state.cats
    w = WEIGHTS
    warriors = tokens = 0
    for c in state.clearings:
        warriors += c.warriors.get(CATS, 0)
        tokens += c.tokens.count("wood")
    return (
        w["vp"] * player.vp
        + w["ruled"] * len(core.ruled(state, CATS))
        + w["hand"] * len(player.hand)
        + w["warriors"] * warriors
        + w["tokens"] * tokens
        + w["crafted"] * len(player.crafted)
    )


MARQUISE = register(MarquiseFaction())
