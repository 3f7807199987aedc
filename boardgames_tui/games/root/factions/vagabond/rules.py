"""The Vagabond's rules (Law 9) as functions over a :class:`RootState`, in
the Law's order: setup (character, forest, quests, ruins, starting items,
relationships), where his pawn may go (clearings and forests), Birdsong
(Refresh, Slip), Daylight (Move, Battle, Explore, Aid, Quest, Strike,
Repair, Craft, the special actions) and Evening (rest, the item limit).
Relationships, hostility and infamy are in ``relations.py``; items' states
in ``satchel.py``."""

from __future__ import annotations

from collections import Counter

from boardgames_tui.engine.game import Action, Event

from ... import core
from ...actions import Battle, Craft, Move, Sail
from ...clearings import FERRY_USED
from ...clearings import ferry_stops as lake_stops
from ...faction import BENDS_MOVING, FACTIONS
from ...model import CARD_SUITS, RootState
from . import offered, relations, satchel
from .actions import (
    Aid,
    Attack,
    DayLabor,
    Explore,
    Hideout,
    Quest,
    Repair,
    Steal,
    Strike,
    Walk,
)
from .board import board, quest
from .decisions import ItemLimit, Refreshing, Repairing, TakeCrafted
from .offered import next_to, offered_aid, offered_quests, offered_walk
from .satchel import DAMAGED, EXHAUSTED, READY
from .state import (
    ALLIED,
    FOREST_BASE,
    HOSTILE,
    INDIFFERENT,
    PAWN,
    VAGABOND,
    forest_number,
    is_forest,
    me,
)

QUESTS_FACE_UP = 3


# -------------------------------------------------------------------- setup
def choose_character(state: RootState, key: str) -> list[Event]:
    """Law 9.3.1 and 9.3.5: the character, and its starting items face up."""
    v = me(state)
    c = board().character(key)
    v.character = key
    for item in c.items:
        satchel.gain(v, item)
    return [Event(text=f"The Vagabond is the {c.name}: {', '.join(c.items)}.")]


def forests(state: RootState) -> list[int]:
    """The map's forests, as places."""
    return [FOREST_BASE + f.number for f in state.woodland.forests]


def start_in(state: RootState, place: int) -> list[Event]:
    """Law 9.3.2: the pawn in a forest."""
    put_pawn(state, place)
    return [Event(text=f"The Vagabond's pawn starts in {core.clearing_name(state, place)}.")]


def prepare(state: RootState) -> list[Event]:
    """Law 9.3.3, 9.3.4 and 9.3.6: three quests face up, an item under each
    ruin, every other faction Indifferent."""
    v = me(state)
    v.quest_deck = list(range(len(board().quests)))
    for _ in range(QUESTS_FACE_UP):
        draw_quest(state)
    v.ruins = list(state.woodland.ruins())
    v.ruin_items = sorted(board().ruin_items[: len(v.ruins)])
    v.relations = {p.faction: INDIFFERENT for p in state.players if p.faction != VAGABOND}
    return [Event(text="The Vagabond lays out three quests; an item lies under each ruin.")]


def draw_quest(state: RootState) -> None:
    """A new quest face up, drawn at random from those left."""
    v = me(state)
    if v.quest_deck:
        v.quests.append(v.quest_deck.pop(state.rng.randbelow(len(v.quest_deck))))


# ------------------------------------------------------------- his places
def put_pawn(state: RootState, place: int) -> None:
    v = me(state)
    if v.place:
        state.clearings[v.place].remove_token(PAWN)
    state.clearings[place].add_token(PAWN)
    v.place = place


def place_name(state: RootState, place: int) -> str:
    forest = forest_number(place)
    around = next(f.clearings for f in state.woodland.forests if f.number == forest)
    names = ", ".join(state.woodland.clearing(n).name for n in sorted(around))
    return f"the forest between {names}"


def forests_adjacent(state: RootState, place: int) -> list[int]:
    """Forests one step from this one (Law 2.4.1), as the map in play counts
    them: separated by a single path, a closed path or (on Winter) the
    river, or the Lake's listed coastal forests."""
    near = state.woodland.forest_neighbours(forest_number(place))
    return [FOREST_BASE + f for f in sorted(near)]


def clearings_next_to(state: RootState, place: int) -> list[int]:
    """The clearings adjacent to a clearing (by path) or a forest (around it)."""
    return list(next_to(state, place))


def slip_targets(state: RootState) -> list[int]:
    """Law 9.4.2: an adjacent clearing or forest."""
    here = me(state).place
    out = clearings_next_to(state, here)
    if is_forest(here):
        out += forests_adjacent(state, here)
    else:
        out += [FOREST_BASE + f for f in state.woodland.forests_touching(here)]
    return out


def in_clearing(state: RootState) -> int:
    """His clearing (0 in a forest)."""
    here = me(state).place
    return 0 if is_forest(here) else here


# ----------------------------------------------------------------- Birdsong
def refresh(state: RootState) -> list[Event]:
    """Law 9.4.1: two exhausted items face up per tea face up on its track,
    then three more: all of them when he has no more, else he chooses."""
    v = me(state)
    n = satchel.refreshes(v)
    down = len(v.exhausted) + len(v.damaged_down)
    if not down:
        return []
    if down <= n:
        for item in list(v.exhausted):
            satchel.refresh(v, item, EXHAUSTED)
        for item in list(v.damaged_down):
            satchel.refresh(v, item, satchel.DAMAGED_DOWN)
        return [Event(text=f"Refresh: the Vagabond turns {core.plural(down, 'item')} face up.")]
    state.stack.append(Refreshing(faction=VAGABOND, count=n))
    return []


def slip(state: RootState, to: int, sail: bool = False) -> list[Event]:
    """Slip's move; on the Ferry (16.2.2.V: "pieces moving from the coastal
    clearing with the Ferry"), the Ferry goes with him and he draws."""
    put_pawn(state, to)
    if not sail:
        return [Event(text=f"The Vagabond slips into {core.clearing_name(state, to)}.")]
    state.ferry = to
    me(state).used.append(FERRY_USED)
    events = [
        Event(
            text=f"The Vagabond slips across the lake on the Ferry to {core.clearing_name(state, to)}."
        )
    ]
    return events + core.draw(state, VAGABOND, 1)


# ----------------------------------------------------------------- Daylight
def hostile_warriors(state: RootState, place: int) -> bool:
    v = me(state)
    c = state.clearings[place]
    return any(v.relations.get(f) == HOSTILE for f in c.warriors)


def boots_to(state: RootState, to: int) -> int:
    """Law 9.5.1 and 9.2.9.3.2: one boots, one more into hostile warriors."""
    return 1 + int(hostile_warriors(state, to))


def walk_options(state: RootState, free: bool = False) -> list[Action]:
    """Law 9.5.1: exhaust a boots (``free``: a move a card gives, the
    Cobbler's, costs only 9.2.9.3.2's boots into hostile warriors) to move
    to an adjacent clearing, allied warriors along; on the Lake, from the
    Ferry's clearing to any other coastal clearing (16.2.2.V; Nimble, he
    need rule neither)."""
    v = me(state)
    here = v.place
    boots = v.ready.count("boots")
    base = 0 if free else 1
    out: list[Action] = []
    allies = [] if is_forest(here) else allied_here(state, here)
    stops = [(to, False) for to in next_to(state, here)]
    stops += [(to, True) for to in ferry_stops(state, here)]
    # boots_to and blocked, with his relations and the factions that may
    # keep him from moving read once.
    relations = v.relations
    clearings = state.clearings
    blockers = [f for f in state.factions if f in BENDS_MOVING and f != VAGABOND]
    for to, sail in stops:
        hostile = any(relations.get(f) == HOSTILE for f in clearings[to].warriors)
        if boots < hostile + base:
            continue
        if blockers and any(
            FACTIONS[f].forbids_moving(state, VAGABOND, here, to) for f in blockers
        ):
            continue
        out.append(offered_walk(to, -1, 0, sail))
        for ally in allies:
            n = core.warriors(state, ally, here)
            out += [offered_walk(to, ally, k, sail) for k in range(1, n + 1)]
    return out


def ferry_stops(state: RootState, here: int) -> tuple[int, ...]:
    """Where the Ferry may carry him from ``here`` (the shared rule, asked
    for his pawn)."""
    if is_forest(here):
        return ()
    return lake_stops(state, VAGABOND, here)


def walk(state: RootState, action: Walk, free: bool = False) -> list[Event]:
    """The move: his pawn, then the allied warriors he forces along (their
    own move, 1.5.5); on the Ferry, the Ferry goes with them and each
    moving player draws a card, the ally too (the FAQ on 16.2.2.V)."""
    v = me(state)
    origin = v.place
    to = action.clearing
    satchel.exhaust(v, *["boots"] * (boots_to(state, to) - int(free)))
    put_pawn(state, to)
    verb = "sails on the Ferry" if action.sail else "moves"
    events = [Event(text=f"The Vagabond {verb} to {core.clearing_name(state, to)}.")]
    if action.sail:
        state.ferry = to
        v.used.append(FERRY_USED)
    if action.ally >= 0 and action.count:
        kind = Sail if action.sail else Move
        move = kind(origin=origin, to=to, count=action.count)
        events += core.do_move(state, action.ally, move, by=VAGABOND)
    if action.sail:
        events += core.draw(state, VAGABOND, 1)
    return events


def blocked(state: RootState, origin: int, to: int) -> bool:
    """Whether a faction at the table keeps him from moving (a snare); Slip
    ignores it (Law 9.4.2)."""
    return any(
        FACTIONS[f].forbids_moving(state, VAGABOND, origin, to)
        for f in state.factions
        if f in BENDS_MOVING and f != VAGABOND
    )


def allied_here(state: RootState, place: int) -> list[int]:
    v = me(state)
    return [f for f, r in v.relations.items() if r == ALLIED and core.warriors(state, f, place)]


def attack_options(state: RootState, free: bool = False) -> list[Action]:
    """Law 9.5.2: exhaust a sword (``free``: a battle a card lets him
    initiate, Command Warren's, exhausts none) to battle an enemy in his
    clearing; an allied faction's warriors there may fight as his
    (9.2.9.2.3), not against that faction."""
    v = me(state)
    here = in_clearing(state)
    if not here or not (free or v.ready.count("sword")):
        return []
    out: list[Action] = []
    allies = allied_here(state, here)
    for d in core.defenders(state, VAGABOND, here):
        out.append(offered.offered_attack(here, d, -1))
        out += [offered.offered_attack(here, d, a) for a in allies if a != d]
    return out


def attack(state: RootState, action: Attack, free: bool = False) -> list[Event]:
    v = me(state)
    if not free:
        satchel.exhaust(v, "sword")
    v.ally = action.ally
    v.ally_hits = v.item_hits = 0
    return core.start_battle(state, VAGABOND, v.place, action.defender)


def explore(state: RootState) -> list[Event]:
    """Law 9.5.3: exhaust a torch, take the item under the ruin and score 1;
    the ruin's last item taken, the ruin is removed (one item each here)."""
    v = me(state)
    satchel.exhaust(v, "torch")
    item = v.ruin_items.pop(state.rng.randbelow(len(v.ruin_items)))
    satchel.gain(v, item)
    here = v.place
    v.ruins.remove(here)
    state.ruins_gone.append(here)
    events = [
        Event(
            text=f"The Vagabond explores the ruin in {core.clearing_name(state, here)}: "
            f"a {item}. The ruin is removed."
        )
    ]
    return events + core.gain(state, VAGABOND, 1, "exploring")


def may_explore(state: RootState) -> bool:
    v = me(state)
    return v.ready.count("torch") > 0 and v.place in v.ruins and bool(v.ruin_items)


def aid_options(state: RootState) -> list[Action]:
    """Law 9.5.4: exhaust any item and give a card matching his clearing to a
    player with pieces there."""
    v = me(state)
    here = in_clearing(state)
    if not here or not v.ready:
        return []
    cards = [c for c in core.distinct(v.hand) if core.matches(state, CARD_SUITS[c], here)]
    if not cards:
        return []
    targets = [
        p.faction
        for p in state.players
        if p.faction != VAGABOND and core.has_pieces(state, p.faction, here)
    ]
    kinds = sorted(set(v.ready))
    return [offered_aid(f, c, i) for f in targets for c in cards for i in kinds]


def aid(state: RootState, action: Aid) -> list[Event]:
    v = me(state)
    satchel.exhaust(v, action.item)
    core.take_from_hand(v, action.card)
    target = state.player(action.faction)
    target.hand.append(action.card)
    if len(state.players) == 2:
        target.known.append(action.card)
    else:
        target.seen_by.setdefault(VAGABOND, []).append(action.card)
    events = [
        Event(
            text=f"The Vagabond aids the {core.name(action.faction)}, exhausting a "
            f"{action.item} and giving a card.",
        )
    ]
    events += relations.aided(state, action.faction)
    if state.over:
        return events
    if target.items:
        state.stack.append(TakeCrafted(faction=VAGABOND, target=action.faction))
    return events


def take_crafted(state: RootState, target: int, item: str) -> list[Event]:
    """Aid's item from the player's Crafted Items box, face up."""
    state.player(target).items.remove(item)
    satchel.gain(me(state), item)
    return [
        Event(text=f"The Vagabond takes a {item} from the {core.name(target)}'s Crafted Items.")
    ]


def quest_options(state: RootState) -> list[Action]:
    """Law 9.5.5: a face-up quest of his clearing's suit, its two items exhausted."""
    v = me(state)
    here = in_clearing(state)
    if not here:
        return []
    suit = state.woodland.suit_of(here)
    out: list[Action] = []
    for q in v.quests:
        spec = quest(q)
        if spec.suit == suit and satchel.has_ready(v, *spec.items):
            out += offered_quests(q)
    return out


def do_quest(state: RootState, action: Quest) -> list[Event]:
    v = me(state)
    spec = quest(action.quest)
    satchel.exhaust(v, *spec.items)
    v.quests.remove(action.quest)
    v.done_quests.append(action.quest)
    draw_quest(state)
    events = [Event(text=f"The Vagabond completes the quest {spec.name} ({spec.suit}).")]
    if action.reward == "vp":
        n = sum(1 for q in v.done_quests if quest(q).suit == spec.suit)
        return events + core.gain(state, VAGABOND, n, "quests")
    return events + core.draw(state, VAGABOND, 2)


def strike_options(state: RootState) -> list[Action]:
    """Law 9.5.6: exhaust a crossbow to remove an enemy warrior in his
    clearing, or, where it has none, one of its other pieces."""
    v = me(state)
    here = in_clearing(state)
    if not here or not v.ready.count("crossbow"):
        return []
    out: list[Action] = []
    for f in core.enemies(state, VAGABOND):
        if core.warriors(state, f, here):
            out.append(Strike(faction=f))
        else:
            out += [Strike(faction=f, piece=p) for p in sorted(core.removable(state, f, here))]
    return out


def strike(state: RootState, action: Strike) -> list[Event]:
    v = me(state)
    satchel.exhaust(v, "crossbow")
    here = v.place
    events = [Event(text=f"The Vagabond strikes the {core.name(action.faction)}.")]
    if action.piece:
        events += core.remove_piece(state, action.faction, here, action.piece, VAGABOND)
    else:
        events.append(
            Event(
                text=f"{core.the(action.faction, 'loses', start=True)} a warrior in {core.clearing_name(state, here)}."
            )
        )
        events += core.remove_warriors(state, action.faction, here, 1, VAGABOND)
    if state.over:
        return events
    return events + core.flush(state)


def repair_options(state: RootState) -> list[Action]:
    """Law 9.5.7: exhaust a hammer to repair a damaged item."""
    v = me(state)
    if not v.ready.count("hammer"):
        return []
    return [Repair(item=i, box=b) for i, b in satchel.broken(v)]


def repair(state: RootState, action: Repair) -> list[Event]:
    v = me(state)
    satchel.exhaust(v, "hammer")
    satchel.repair(v, action.item, action.box)
    return [Event(text=f"The Vagabond repairs a {action.item}.")]


def crafting_pieces(state: RootState) -> Counter[str]:
    """Law 9.2.1: his face-up hammers, each of his clearing's suit."""
    here = in_clearing(state)
    hammers = me(state).ready.count("hammer")
    if not here or not hammers:
        return Counter()
    return Counter({state.woodland.suit_of(here): hammers})


def special_options(state: RootState) -> list[Action]:
    """The character's special action, exhausting a torch (Law 9.5.9)."""
    v = me(state)
    if not v.ready.count("torch") or not v.character:
        return []
    action = board().character(v.character).action
    here = in_clearing(state)
    if action == "steal":
        if not here:
            return []
        return [
            Steal(faction=p.faction)
            for p in state.players
            if p.faction != VAGABOND and p.hand and core.has_pieces(state, p.faction, here)
        ]
    if action == "day_labor":
        if not here:
            return []
        return [
            offered.offered_day_labor(c)
            for c in core.distinct(state.discard)
            if core.matches(state, CARD_SUITS[c], here)
        ]
    return [Hideout()]


def steal(state: RootState, action: Steal) -> list[Event]:
    v = me(state)
    satchel.exhaust(v, "torch")
    other = state.player(action.faction)
    card = other.hand[state.rng.randbelow(len(other.hand))]
    core.take_from_hand(other, card)
    v.hand.append(card)
    if len(state.players) == 2:
        v.known.append(card)
    else:
        v.seen_by.setdefault(action.faction, []).append(card)
    return [
        Event(
            text=f"Steal: the Vagabond takes a card at random from the {core.name(action.faction)}.",
            reveals=True,
        )
    ]


def day_labor(state: RootState, action: DayLabor) -> list[Event]:
    v = me(state)
    satchel.exhaust(v, "torch")
    state.discard.remove(action.card)
    v.hand.append(action.card)
    v.known.append(action.card)
    return [
        Event(
            text=f"Day Labor: the Vagabond takes {core.card_name(action.card)} from the discard pile."
        )
    ]


def hideout(state: RootState) -> list[Event]:
    """The Ranger: repair three items, then Daylight ends."""
    v = me(state)
    satchel.exhaust(v, "torch")
    state.stack.append(Repairing(faction=VAGABOND, count=3))
    return [Event(text="Hideout: the Vagabond repairs three items; his Daylight ends.")]


def daylight_options(state: RootState) -> list[Action]:
    out: list[Action] = [*walk_options(state), *attack_options(state)]
    if may_explore(state):
        out.append(Explore())
    out += aid_options(state)
    out += quest_options(state)
    out += strike_options(state)
    out += repair_options(state)
    out += core.craft_options(state, VAGABOND)
    out += special_options(state)
    out += relations.coalition_options(state)
    return out


def daylight(state: RootState, action: Action) -> list[Event]:
    match action:
        case Walk():
            return walk(state, action)
        case Attack():
            return attack(state, action)
        case Explore():
            return explore(state)
        case Aid():
            return aid(state, action)
        case Quest():
            return do_quest(state, action)
        case Strike():
            return strike(state, action)
        case Repair():
            return repair(state, action)
        case Steal():
            return steal(state, action)
        case DayLabor():
            return day_labor(state, action)
        case Hideout():
            return hideout(state)
        case Craft():
            return core.craft(state, VAGABOND, action.card, action.using)
        case Battle():
            raise AssertionError("the Vagabond battles with Attack")
    return relations.coalition(state, action)


# ------------------------------------------------------------------ Evening
def rest(state: RootState) -> list[Event]:
    """Law 9.6.1: in a forest, every damaged item repaired and face up."""
    v = me(state)
    if not is_forest(v.place) or not (v.damaged or v.damaged_down):
        return []
    n = len(v.damaged) + len(v.damaged_down)
    for item in list(v.damaged):
        satchel.move(v, item, DAMAGED, READY)
    for item in list(v.damaged_down):
        satchel.move(v, item, satchel.DAMAGED_DOWN, READY)
    return [Event(text=f"An Evening's Rest: the Vagabond repairs {core.plural(n, 'item')}.")]


def item_limit(state: RootState) -> list[Event]:
    """Law 9.6.4: items in the Satchel and Damaged box beyond six plus two
    per face-up bag on its track are removed from the game, as he chooses."""
    v = me(state)
    over = satchel.satchel_and_damaged(v) - satchel.item_limit(v)
    if over > 0:
        state.stack.append(ItemLimit(faction=VAGABOND, count=over))
    return []


def drop(state: RootState, item: str, origin: str) -> list[Event]:
    v = me(state)
    satchel.box(v, origin).remove(item)
    v.removed.append(item)
    return [Event(text=f"The Vagabond removes a {item} from the game (item limit).")]
