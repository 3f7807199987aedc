"""The order of play, following the rulebook's headings: setup, Phase 1
(:func:`collect_elements`), Phase 2 (:func:`assign_handlers`), Phase 3
(:func:`place_elements`), trading, Phase 4 (:func:`hatch_eggs`) and the end.

:func:`advance` runs every automatic step until somebody has a decision to
make; :func:`legal_actions` lists that decision's choices and :func:`perform`
carries one out.  Dragon effects are resolved by :mod:`.effects`.
"""

from __future__ import annotations

from functools import cache, lru_cache
from operator import itemgetter

from boardgames_tui.engine.game import Action, Event, Seat
from boardgames_tui.engine.rng import Rng

from .actions import (
    ACTION_TYPE,
    AddToGroup,
    AssignEgg,
    AssignField,
    ChooseCrystal,
    ChooseElement,
    ChooseSeat,
    ChooseSlot,
    ChooseSpace,
    Collect,
    OfferTrade,
    Pass,
    Place,
    PlaceGroup,
    RandomFirst,
    RecallEgg,
    RecallField,
    StartGroup,
    Stop,
    TradeAdd,
    TradeAnswer,
    TradeCancel,
    TradeSend,
    UnderwingAction,
)
from .cards import card, deck
from .colours import (
    BAG,
    ELEMENTS,
    Element,
    group_additions,
    group_allowed,
    norm,
    space_moves,
)
from .effects import (
    draw_named,
    draw_random,
    egg_name,
    job_options,
    name,
    refill,
    resolve,
)
from .model import (
    FIELD,
    FIELD_INDEX,
    GROUNDS,
    MAX_HANDLERS,
    ROUNDS,
    START_HANDLERS,
    WILD_FORCES,
    Group,
    HatchTame,
    HatchWild,
    Job,
    Nursling,
    Player,
    Slot,
    Trade,
    UnderwingOptions,
    UnderwingState,
    clockwise,
    egg_complete,
)
from .solo import wild_collect, wild_decides, wild_move, wild_place, wild_setup

__all__ = [
    "ACTION_TYPE",
    "UnderwingAction",
    "advance",
    "assign_handlers",
    "collect_elements",
    "hatch_eggs",
    "legal_actions",
    "new_state",
    "perform",
    "place_elements",
]


# ----------------------------------------------------------------------- setup
def new_state(seats: list[Seat], options: UnderwingOptions, seed: int) -> UnderwingState:
    """Setup for a multiplayer game: shuffle the egg deck, lay the hatching
    grounds left to right and top to bottom, 2 handlers in each Ready Room and
    the rest on the tracker, every crystal in the bag; the first seat holds the
    Egg Token (ruling R-FIRST).

    One player is the solo game: "Hatching Grounds are arranged in a 2x2 grid
    to start; Legendary Dragons should be removed from the Deck; Choose a
    Player Mat, place 2 Handlers in the Break Room, and place 3 corresponding
    colored Handlers on the Tracker"; the Wild Forces on White, Black and
    Purple; the countdown at 12.  What setup did (the eggs discovered, round
    1's draws) is the state's ``opening``."""
    n = len(seats)
    solo = n == 1
    cols, rows = GROUNDS[n]
    most = MAX_HANDLERS[n]
    rng = Rng.from_seed(seed)
    order = list(range(len(deck())))
    rng.shuffle(order)
    set_aside = sorted(i for i in order if solo and deck()[i].legendary)
    order = [i for i in order if i not in set_aside]
    if solo:
        player = Player(ready=0, break_room=START_HANDLERS, tracker=most - START_HANDLERS)
        players = [player]
    else:
        players = [Player(ready=START_HANDLERS, tracker=most - START_HANDLERS) for _ in range(n)]
    state = UnderwingState(
        seats=list(seats),
        rng=rng,
        options=options,
        rounds=options.rounds if options.rounds is not None else ROUNDS[n],
        temperature_bonus=(
            options.temperature_bonus if options.temperature_bonus is not None else n != 2
        ),
        cols=cols,
        rows=rows,
        max_handlers=most,
        bag=dict(BAG),
        deck=order,
        set_aside=set_aside,
        grounds=[Slot() for _ in range(cols * rows)],
        players=players,
        # "the White space is a part of the Field track" in solo
        white_withdraws=not solo,
        wild_forces=wild_setup() if solo else None,
    )
    events = refill(state)
    collect_elements(state, events)
    advance(state, events)
    state.opening = events
    return state


# --------------------------------------------------------------------- phase 1
def collect_elements(state: UnderwingState, events: list[Event]) -> None:
    """Phase 1 begins: "Beginning with Player 1 and rotating to the left, each
    player draws an appropriate Element from the Element Bag for each Dragon
    Handler they currently have on the Field ... For each of their Dragon
    Handlers that is NOT in the Field ... draw 1 random Element"."""
    state.phase = 1
    state.turn = 0
    new_phase(state)
    events.append(Event(text=f"Round {state.round} of {state.rounds}: element collection."))
    if state.solo:
        wild_collect(state, events)
    start_collection(state)


def start_collection(state: UnderwingState) -> None:
    state.collect = list(state.players[state.current()].field)
    state.randoms_drawn = False


def randoms_owed(state: UnderwingState, seat: int) -> int:
    """The random elements a player draws this Phase 1: one per handler off
    the Field, one per dragon granting "a random element every round"."""
    p = state.players[seat]
    return state.staff(seat) - len(p.field) + sum(1 for perk in p.perks if perk is None)


def collect_options(state: UnderwingState, seat: int) -> list[Action]:
    """The next Field handler: its guaranteed element or a random one instead;
    and, while the random draws are still to come, drawing them first "If
    desired, players may draw their random Elements before guaranteed
    Elements" (ruling R-DRAW-ORDER)."""
    found = _COLLECT[:]
    if not state.randoms_drawn and randoms_owed(state, seat) > 0:
        found.append(_RANDOM_FIRST)
    return found


def draw_randoms(state: UnderwingState, seat: int) -> list[str]:
    """A player's random draws: dragons' random every-round elements, then one
    per handler off the Field."""
    p = state.players[seat]
    got: list[str] = []
    for perk in p.perks:
        if perk is None and (drawn := draw_random(state, seat)):
            got.append(drawn)
    for _ in range(state.staff(seat) - len(p.field)):
        if drawn := draw_random(state, seat):
            got.append(drawn)
    return got


def random_first(state: UnderwingState, events: list[Event]) -> None:
    seat = state.current()
    got = draw_randoms(state, seat)
    state.randoms_drawn = True
    drawn = ", ".join(got) if got else "nothing (the bag is empty)"
    events.append(
        Event(text=f"{name(state, seat)} draws the random elements first: {drawn}.", seat=seat)
    )


def collect(state: UnderwingState, action: Collect, events: list[Event]) -> None:
    """The current player's next Field handler: its guaranteed element, or a
    random one "in place of any Element they would normally receive from a
    Handler in the Field"."""
    seat = state.current()
    space = state.collect.pop(0)
    if action.guaranteed:
        got = draw_named(state, seat, space)
        events.append(Event(text=f"{name(state, seat)} collects {got} from the Field.", seat=seat))
    else:
        got = draw_random(state, seat)
        events.append(
            Event(
                text=f"{name(state, seat)} draws {got or 'nothing'} instead of {space}.", seat=seat
            )
        )


def finish_collection(state: UnderwingState, events: list[Event]) -> None:
    """After the Field handlers: elements from dragons' every-round effects,
    then a random element per handler not on the Field; the random ones only
    if they were not drawn first (ruling R-DRAW-ORDER)."""
    seat = state.current()
    p = state.players[seat]
    got: list[str] = []
    if state.randoms_drawn:
        for perk in p.perks:
            if perk is not None and (drawn := draw_named(state, seat, perk)):
                got.append(drawn)
    else:
        for perk in p.perks:
            drawn = draw_named(state, seat, perk) if perk is not None else draw_random(state, seat)
            if drawn:
                got.append(drawn)
        for _ in range(state.staff(seat) - len(p.field)):
            drawn = draw_random(state, seat)
            if drawn:
                got.append(drawn)
    state.randoms_drawn = False
    if got:
        events.append(Event(text=f"{name(state, seat)} draws {', '.join(got)}.", seat=seat))
    elif sum(state.bag.values()) == 0:
        events.append(
            Event(text=f"The bag is empty: {name(state, seat)} draws nothing.", seat=seat)
        )


# --------------------------------------------------------------------- phase 2
def assign_handlers(state: UnderwingState, events: list[Event]) -> None:
    """Phase 2 begins: "Move ALL Handlers in each player's Break Room to the
    Ready Room. Move ALL Dragon Handlers currently on the Field ONE space
    clockwise. If a Handler is currently on the White Element space, that
    Handler MUST be withdrawn to the Break Room"."""
    state.phase = 2
    state.turn = 0
    state.passed = [False] * state.n
    new_phase(state)
    for p in state.players:
        p.ready += p.break_room
        p.break_room = 0
    for seat, p in enumerate(state.players):
        moved: list[Element] = []
        for space in p.field:
            if space == "white" and state.white_withdraws:
                p.break_room += 1
                events.append(
                    Event(text=f"{name(state, seat)}'s handler leaves White for the Break Room.")
                )
            else:
                moved.append(clockwise(space))
        p.field = sorted(moved, key=FIELD_INDEX.__getitem__)
    if state.solo:
        wild_move(state, events)
    if any(p.field for p in state.players):
        events.append(Event(text="Handlers on the Field move one space clockwise."))


def assignment_options(state: UnderwingState, seat: int) -> list[Action]:
    """ "Assign 1 Dragon Handler currently in the Ready Room to any space on the
    Field ... to claim any unclaimed Egg ... Recall 1 'employed' Dragon Handler
    to the Break Room"; at most one of a player's handlers per Field space."""
    p = state.players[seat]
    field = p.field
    found: list[Action] = []
    if p.ready > 0:
        found += [_ASSIGN_FIELD[s] for s in FIELD if s not in field]
        found += [
            _assign_egg(i)
            for i, s in enumerate(state.grounds)
            if s.card is not None
            and s.claimant is None
            and not s.wild
            and not egg_complete(s.card, s.fill)
        ]
    found += [_RECALL_FIELD[s] for s in field]
    found += [
        _recall_egg(i) for i, s in enumerate(state.grounds) if s.claimant == seat and not s.complete
    ]
    return found


def may_assign(state: UnderwingState, seat: int) -> bool:
    """Whether :func:`assignment_options` offers anything, without listing it:
    a handler on the Field may be recalled, a Ready one may go to any Field
    space when none of the player's is there, else only a claimed open egg's
    handler may be recalled."""
    p = state.players[seat]
    if p.field or p.ready > 0:
        return True
    return any(s.claimant == seat and not s.complete for s in state.grounds)


# Actions are values: the few that every position offers are made once.
_ASSIGN_FIELD: dict[Element, Action] = {s: AssignField(space=s) for s in FIELD}
_RECALL_FIELD: dict[Element, Action] = {s: RecallField(space=s) for s in FIELD}
_PASS = Pass()
_TRADE_ADD: dict[tuple[str, Element], Action] = {
    (side, e): TradeAdd(side=side, element=e) for side in ("give", "ask") for e in ELEMENTS
}
_TRADE_SEND = TradeSend()
_TRADE_CANCEL = TradeCancel()
_TRADE_ANSWERS: list[Action] = [TradeAnswer(accept=True), TradeAnswer(accept=False)]
_COLLECT: list[Action] = [Collect(guaranteed=True), Collect(guaranteed=False)]
_RANDOM_FIRST = RandomFirst()


@cache
def _assign_egg(slot: int) -> Action:
    return AssignEgg(slot=slot)


@cache
def _recall_egg(slot: int) -> Action:
    return RecallEgg(slot=slot)


@cache
def _offer(partner: int, proposer: int) -> Action:
    return OfferTrade(partner=partner, proposer=proposer)


def assign(state: UnderwingState, action: Action, events: list[Event]) -> None:
    seat = state.current()
    p = state.players[seat]
    who = name(state, seat)
    if isinstance(action, AssignField):
        p.ready -= 1
        p.field = sorted([*p.field, action.space], key=FIELD_INDEX.__getitem__)
        events.append(
            Event(text=f"{who} sends a handler to the {action.space} Field space.", seat=seat)
        )
    elif isinstance(action, AssignEgg):
        p.ready -= 1
        state.grounds[action.slot].claimant = seat
        events.append(Event(text=f"{who} claims {egg_name(state, action.slot)}.", seat=seat))
    elif isinstance(action, RecallField):
        p.field.remove(action.space)
        p.break_room += 1
        events.append(
            Event(text=f"{who} recalls a handler from the {action.space} Field space.", seat=seat)
        )
    elif isinstance(action, RecallEgg):
        state.grounds[action.slot].claimant = None
        p.break_room += 1
        events.append(
            Event(text=f"{who} recalls a handler from {egg_name(state, action.slot)}.", seat=seat)
        )
    else:
        state.passed[seat] = True
        events.append(Event(text=f"{who} passes.", seat=seat))
    next_turn(state)


def next_turn(state: UnderwingState) -> None:
    state.turn = (state.turn + 1) % len(state.players)


# --------------------------------------------------------------------- phase 3
def place_elements(state: UnderwingState, events: list[Event]) -> None:
    """Phase 3 begins: "Starting with Player 1 and rotating to the left, each
    player MUST place one of their collected Elements on an Egg card for EACH
    Dragon Handler they currently have on their staff" (ruling R-PLACE-ORDER:
    each player makes all their placements in their turn)."""
    state.phase = 3
    state.turn = 0
    state.placed = 0
    if state.wild_forces is not None:
        state.wild_forces.owed = False
    new_phase(state)
    events.append(Event(text="Elements are placed on eggs."))


def placement_options(state: UnderwingState, seat: int, first: bool = False) -> list[Action]:
    """Every placement the player may begin now, on any open element space of
    any egg: one crystal placed at once, or the first crystal of a group to be
    placed together (ruling R-COMBINATION: a group is one placement, built
    one crystal at a time, so the list never holds every combination).
    Identical spaces of one egg (same element, same contents) are offered
    once.  With ``first``, stop at the first egg that takes something.

    For each space, the crystals that fit and those a second crystal could
    join depend on the space alone (:func:`.colours.space_moves`, cached);
    only which of them the player holds is looked up here, so this is the
    same list :func:`.colours.group_moves` gives, at a fraction of its cost."""
    storage = state.players[seat].storage
    found: list[Action] = []
    counts = _COUNTS(storage)
    key = _HOLDING.get(counts)
    if key is None:
        key = _HOLDING[counts] = holding_key(counts)
    if not key:
        return found
    last = _LAST_EGG
    for index, s in enumerate(state.grounds):
        if s.card is None or s.wild:
            continue
        fill = s.fill
        seen = last.get(index)
        if seen is None or seen[0] is not fill or seen[1] != s.card:
            moves = egg_moves(index, s.card, fill)
            seen = last[index] = (fill, s.card, moves, {}, egg_mask(moves))
        relevant = key & seen[4]
        placements = seen[3].get(relevant)
        if placements is None:
            placements = seen[3][relevant] = egg_placements(seen[2], storage)
        if placements:
            found += placements
            if first:
                return found
    return found


_COUNTS = itemgetter(*ELEMENTS)
#: A storage's counts (in :data:`ELEMENTS` order) -> :func:`holding_key`.
_HOLDING: dict[tuple[int, ...], int] = {}


def holding_key(counts: tuple[int, ...]) -> int:
    """What decides a storage's placements, as a small number: which
    elements it holds (bits 0-7) and which it holds two of (bits 8-15); a
    crystal fits alone or starts a group with another of what is held
    (:func:`.colours.group_moves`), so nothing else counts."""
    key = 0
    for bit, count in enumerate(counts):
        if count:
            key |= 1 << bit
        if count >= 2:
            key |= 1 << (bit + 8)
    return key


def egg_mask(egg: tuple[tuple[Move, ...], ...]) -> int:
    """The bits of a :func:`holding_key` that an egg's placements read: that
    a crystal fitting one of its spaces is held, that two of it are held when
    two may go together, that a crystal that could join it is held.  Holdings
    that agree on these bits have the same placements on the egg."""
    mask = 0
    for moves in egg:
        for e, alone, partners, _place, _start in moves:
            bit = ELEMENT_BIT[e]
            mask |= bit
            if alone:
                mask |= bit << 8
            for other in partners:
                mask |= ELEMENT_BIT[other]
    return mask


#: Element -> its bit in a :func:`holding_key`.
ELEMENT_BIT: dict[Element, int] = {e: 1 << i for i, e in enumerate(ELEMENTS)}


def egg_placements(egg: tuple[tuple[Move, ...], ...], storage: dict[Element, int]) -> list[Action]:
    """One egg's placements (:func:`egg_moves`) for a player holding ``storage``:
    per space, the crystals held that fit, then those of them a crystal
    still held could join in a group."""
    found: list[Action] = []
    for moves in egg:
        starts: list[Action] = []
        for e, alone, partners, place, start in moves:
            held = storage[e]
            if not held:
                continue
            found.append(place)
            if held >= 2 and alone:
                starts.append(start)
                continue
            for other in partners:
                if storage[other]:
                    starts.append(start)
                    break
        found += starts
    return found


#: Slot index -> the contents, card and :func:`egg_moves` last looked up
#: there, with the placements found on it per :func:`holding_key` (only the
#: bits of :func:`egg_mask`).  Copies of
#: a state share each egg's contents (a tuple, replaced when a crystal
#: lands), so the very same object is found again until the egg changes:
#: checked by identity, without hashing the contents.  What is kept is a pure
#: function of the contents, the card, the slot and the holding key, so an
#: entry is never wrong, only replaced.
_LAST_EGG: dict[
    int, tuple[object, int, tuple[tuple[Move, ...], ...], dict[int, list[Action]], int]
] = {}

#: One crystal that fits a space: the crystal, whether a second of it could
#: join it, the others that could, and the two actions placing it (alone, or
#: starting a group).
Move = tuple[Element, bool, tuple[Element, ...], Action, Action]


@lru_cache(maxsize=1 << 15)
def egg_moves(
    index: int, card_id: int, contents: tuple[tuple[Element, ...], ...]
) -> tuple[tuple[Move, ...], ...]:
    """For slot ``index`` holding card ``card_id`` with ``contents``: the
    moves of each element space that takes a crystal (:func:`.colours.space_moves`
    with the actions made), in space order; a space identical to an earlier
    one (same element, same contents) is left out.  A pure function of its
    arguments, whatever the player holds, so every position with this egg
    shares it until a crystal lands on the egg."""
    found: list[tuple[Move, ...]] = []
    seen: set[tuple[Element, tuple[Element, ...]]] = set()
    for space, element in enumerate(card(card_id).spaces):
        key = (element, contents[space])
        if key in seen:
            continue
        seen.add(key)
        moves = space_moves(element, contents[space])
        if moves:
            found.append(
                tuple(
                    (
                        e,
                        alone,
                        partners,
                        _place_one(index, space, e),
                        _start_group(index, space, e),
                    )
                    for e, alone, partners in moves
                )
            )
    return tuple(found)


@cache
def _place_one(slot: int, space: int, element: Element) -> Action:
    return Place(slot=slot, space=space, crystals=(element,))


@cache
def _start_group(slot: int, space: int, element: Element) -> Action:
    return StartGroup(slot=slot, space=space, element=element)


def group_space(state: UnderwingState, group: Group) -> tuple[Element, tuple[Element, ...]]:
    """The element of the group's space and what already lies on it."""
    s = state.grounds[group.slot]
    assert s.card is not None
    return card(s.card).spaces[group.space], tuple(s.fill[group.space])


def group_options(state: UnderwingState, group: Group) -> list[Action]:
    """A group being put together: another crystal that the space may take
    with it, or place the group now."""
    element, contents = group_space(state, group)
    storage = state.players[state.current()].storage
    found: list[Action] = [
        AddToGroup(element=e)
        for e in group_additions(element, contents, tuple(group.crystals), storage)
    ]
    found.append(PlaceGroup())
    return found


def do_group(state: UnderwingState, action: Action, events: list[Event]) -> None:
    if isinstance(action, StartGroup):
        state.group = Group(slot=action.slot, space=action.space, crystals=[action.element])
        return
    group = state.group
    assert group is not None
    if isinstance(action, AddToGroup):
        group.crystals.append(action.element)
        return
    state.group = None
    place(state, Place(slot=group.slot, space=group.space, crystals=norm(group.crystals)), events)


def may_place(state: UnderwingState, action: Place) -> bool:
    """Whether ``action`` is a placement the current player may make now,
    whatever the number of crystals (the check for a Place of several
    crystals, which saves written before the group chain may hold)."""
    if state.over or state.trade is not None or state.jobs or state.group is not None:
        return False
    if state.phase != 3:
        return False
    seat = state.current()
    if still_to_place(state, seat) <= 0:
        return False
    if not 0 <= action.slot < len(state.grounds):
        return False
    s = state.grounds[action.slot]
    if not s.is_egg or s.complete:
        return False
    assert s.card is not None
    spaces = card(s.card).spaces
    if not 0 <= action.space < len(spaces):
        return False
    return group_allowed(
        spaces[action.space],
        s.fill[action.space],
        norm(action.crystals),
        state.players[seat].storage,
    )


def place(state: UnderwingState, action: Place, events: list[Event]) -> None:
    seat = state.current()
    s = lay(state, seat, action)
    events.append(
        Event(
            text=f"{name(state, seat)} places {' + '.join(action.crystals)} on "
            f"{egg_name(state, action.slot)}.",
            seat=seat,
        )
    )
    if s.complete:
        if s.claimant is None:
            # "If, during this phase, an Egg is completed but unclaimed by a
            # player, that Egg is immediately hatched ... The player who placed
            # the Element that caused the Wild Dragon to hatch makes any
            # decisions regarding its negative effects."
            state.jobs.append(Job(effect=HatchWild(slot=action.slot), seat=seat))
        else:
            done = egg_name(state, action.slot)
            events.append(Event(text=f"{done[0].upper()}{done[1:]} is complete."))


def lay(state: UnderwingState, seat: int, action: Place) -> Slot:
    """The crystals of a placement go from the placer's storage onto the
    egg, and the placement is counted; the egg's slot is returned.  The
    changes :func:`place` makes, without its words and what follows."""
    p = state.players[seat]
    s = state.grounds[action.slot]
    for e in action.crystals:
        p.storage[e] -= 1
    s.with_space(action.space, (*s.fill[action.space], *action.crystals))
    state.placed += 1
    if state.wild_forces is not None:
        # "The player places Elements first, alternating placement with the
        # Wild Forces"
        state.wild_forces.owed = True
    return s


def still_to_place(state: UnderwingState, seat: int) -> int:
    return state.staff(seat) - state.placed


def places_more(state: UnderwingState, seat: int) -> bool:
    """Whether the placing player has a placement left to make and somewhere
    to make it: :func:`advance` then waits for them (unless the Wild Forces
    are owed their placement)."""
    return still_to_place(state, seat) > 0 and bool(placement_options(state, seat, first=True))


# --------------------------------------------------------------------- phase 4
def hatch_eggs(state: UnderwingState, events: list[Event]) -> None:
    """Phase 4: claimed eggs completed this round leave the grounds with their
    handler (their crystals back to the bag); empty spaces are refilled from
    the deck; then eggs completed last round hatch, in turn order.  "In the
    FINAL round of play, claimed Eggs are hatched and have their effects
    resolved immediately" (ruling R-FINAL-HATCH).

    Solo: "Hatch claimed Dragons from the Previous Round; Discover new Eggs,
    filling the grounds from left to right, top to bottom": the refill comes
    after the hatching, in :func:`end_round` (ruling R-SOLO-PHASE-4)."""
    state.phase = 4
    new_phase(state)
    for index, s in enumerate(state.grounds):
        if s.is_egg and s.claimant is not None and s.complete:
            assert s.card is not None
            owner = s.claimant
            for e in s.crystals():
                state.bag[e] += 1
            state.players[owner].nursery.append(Nursling(card=s.card, round=state.round))
            events.append(
                Event(
                    text=f"{name(state, owner)} collects the completed {card(s.card).name} egg.",
                    seat=owner,
                )
            )
            state.grounds[index] = Slot()
    if not state.solo:
        events += refill(state)
    hatching: list[Job] = []
    for seat in state.order():
        for n in state.players[seat].nursery:
            if n.round < state.round or state.final_round:
                hatching.append(Job(effect=HatchTame(card=n.card), seat=seat))
    state.jobs.extend(reversed(hatching))


def end_round(state: UnderwingState, events: list[Event]) -> None:
    """ "Once ALL Eggs have hatched, pass the Player Token to the left, move the
    round tracker one space toward 'zero,' and begin the next round." After
    the final round the game ends.  Solo: the eggs are discovered now, after
    the hatching, and there is no Egg Token to pass."""
    if state.final_round:
        state.over = True
        events.append(Event(text="Hatching Day is over."))
        return
    if state.solo:
        events += refill(state)
    state.round += 1
    state.first = (state.first + 1) % state.n
    if not state.solo:
        events.append(Event(text=f"{name(state, state.first)} takes the Egg Token."))
    collect_elements(state, events)


# --------------------------------------------------------------------- trading
def new_phase(state: UnderwingState) -> None:
    """Trade offers are counted per phase (ruling R-TRADE)."""
    for p in state.players:
        p.offers = state.options.trade_offers


def offer_options(state: UnderwingState, seat: int) -> list[Action]:
    """Ruling R-TRADE: "Players may trade Elements with other players AT ANY
    TIME."  While the game waits for a person (``seat`` decides), any person
    at the table may open a trade with any other player, as often as they
    like: the deciding seat first, then the others in turn order.  A bot
    proposes only at its own decisions, ``trade_offers`` times a phase.  A
    trade needs something to trade: the proposer or the partner holds an
    element."""
    players = state.players
    n = len(players)
    if n < 2 or state.group is not None or not 0 <= seat < n:
        return []
    seats = state.seats
    if seats[seat].bot is not None:
        if players[seat].offers <= 0:
            return []
        proposers: tuple[int, ...] = (seat,)
    else:
        proposers = (
            seat,
            *(q for q in _order(state.first, n) if q != seat and seats[q].bot is None),
        )
    holding = [any(p.storage.values()) for p in players]
    found: list[Action] = []
    for proposer in proposers:
        found += _offers(proposer, state.first, n, holding[proposer] or tuple(holding))
    return found


@cache
def _order(first: int, n: int) -> tuple[int, ...]:
    return tuple((first + i) % n for i in range(n))


@lru_cache(maxsize=1 << 12)
def _offers(
    proposer: int, first: int, n: int, holding: bool | tuple[bool, ...]
) -> tuple[Action, ...]:
    """The offers ``proposer`` may open, partners in turn order: to anybody
    when they hold an element (``holding`` True), else to those who hold one
    (``holding`` says who)."""
    return tuple(
        _offer(q, proposer)
        for q in _order(first, n)
        if q != proposer and (holding is True or holding[q])  # type: ignore[index]
    )


def trade_options(state: UnderwingState, trade: Trade) -> list[Action]:
    if trade.sent:
        return _TRADE_ANSWERS[:]
    mine = state.players[trade.proposer].storage
    theirs = state.players[trade.partner].storage
    give, ask = trade.give, trade.ask
    found: list[Action] = [
        _TRADE_ADD["give", e] for e in ELEMENTS if mine[e] and mine[e] > give.count(e)
    ]
    found += [_TRADE_ADD["ask", e] for e in ELEMENTS if theirs[e] and theirs[e] > ask.count(e)]
    if give or ask:
        found.append(_TRADE_SEND)
    found.append(_TRADE_CANCEL)
    return found


def do_trade(state: UnderwingState, action: Action, events: list[Event]) -> None:
    if isinstance(action, OfferTrade):
        seat = action.proposer
        if seat is None:  # a save from before any seat could propose
            seat = decider(state)
            assert seat is not None
        p = state.players[seat]
        p.offers = max(0, p.offers - 1)
        state.trade = Trade(proposer=seat, partner=action.partner)
        return
    trade = state.trade
    assert trade is not None
    if isinstance(action, TradeAdd):
        (trade.give if action.side == "give" else trade.ask).append(action.element)
        return
    if isinstance(action, TradeCancel):
        state.trade = None
        return
    who, other = name(state, trade.proposer), name(state, trade.partner)
    if isinstance(action, TradeSend):
        trade.sent = True
        events.append(
            Event(text=f"{who} offers {other} {trade_words(trade)}.", seat=trade.proposer)
        )
    elif isinstance(action, TradeAnswer):
        state.trade = None
        if action.accept:
            mine = state.players[trade.proposer].storage
            theirs = state.players[trade.partner].storage
            for e in trade.give:
                mine[e] -= 1
                theirs[e] += 1
            for e in trade.ask:
                theirs[e] -= 1
                mine[e] += 1
            events.append(Event(text=f"{other} accepts {who}'s trade.", seat=trade.partner))
        else:
            events.append(Event(text=f"{other} declines {who}'s trade.", seat=trade.partner))


def trade_words(trade: Trade) -> str:
    give = ", ".join(trade.give) or "nothing"
    ask = ", ".join(trade.ask) or "nothing"
    return f"{give} for {ask}"


# ---------------------------------------------------------------------- driver
def advance(state: UnderwingState, events: list[Event]) -> None:
    """Run every automatic step until a player has a decision, or the game ends."""
    while not state.over:
        if state.trade is not None or state.group is not None:
            return
        if state.jobs:
            job = state.jobs[-1]
            if job.seat == WILD_FORCES:
                wild_decides(state, job, events)
                continue
            if job_options(state, job):
                return
            resolve(state, job, None, events)
            continue
        seat = state.current()
        if state.phase == 1:
            if state.collect:
                if state.bag[state.collect[0]] > 0:
                    return
                space = state.collect.pop(0)
                got = draw_random(state, seat)
                events.append(
                    Event(
                        text=f"No {space} is left in the bag: {name(state, seat)} draws "
                        f"{got or 'nothing'} instead.",
                        seat=seat,
                    )
                )
                continue
            finish_collection(state, events)
            state.turn += 1
            if state.turn == state.n:
                assign_handlers(state, events)
            else:
                start_collection(state)
        elif state.phase == 2:
            if all(state.passed):
                place_elements(state, events)
            elif state.passed[seat]:
                next_turn(state)
            elif may_assign(state, seat):
                return
            else:
                state.passed[seat] = True  # nothing to do but pass
                events.append(
                    Event(
                        text=f"{name(state, seat)} has no handler to assign and passes.", seat=seat
                    )
                )
                next_turn(state)
        elif state.phase == 3:
            can_place = places_more(state, seat)
            wild = state.wild_forces
            if wild is not None and wild.stored() and (wild.owed or not can_place):
                # the Wild Forces' turn in the alternation, or the player is done
                wild.owed = False
                wild_place(state, events)
                continue
            if can_place:
                return
            left = still_to_place(state, seat)
            if left > 0 and state.players[seat].stored() > 0:
                # "If there are no spaces available for a player to spend a
                # given Element, that player will retain the Element"
                events.append(
                    Event(
                        text=f"{name(state, seat)} has nowhere to place and keeps their elements.",
                        seat=seat,
                    )
                )
            state.turn += 1
            state.placed = 0
            if state.turn == state.n:
                hatch_eggs(state, events)
        else:
            end_round(state, events)


def decider(state: UnderwingState) -> int | None:
    """The seat that decides now."""
    if state.over:
        return None
    if state.trade is not None:
        return state.trade.partner if state.trade.sent else state.trade.proposer
    if state.jobs:
        return state.jobs[-1].seat
    return state.current()


def legal_actions(state: UnderwingState) -> list[Action]:
    """The deciding seat's choices, then the trades that may be opened now
    (ruling R-TRADE)."""
    if state.over:
        return []
    if state.trade is not None:
        return trade_options(state, state.trade)
    if state.jobs:
        job = state.jobs[-1]
        return [*job_options(state, job), *offer_options(state, job.seat)]
    if state.group is not None:
        return group_options(state, state.group)
    seat = state.current()
    if state.phase == 1:
        return [*collect_options(state, seat), *offer_options(state, seat)]
    if state.phase == 2:
        return [*assignment_options(state, seat), _PASS, *offer_options(state, seat)]
    return [*placement_options(state, seat), *offer_options(state, seat)]


TRADE_KINDS = frozenset({"offer_trade", "trade_add", "trade_send", "trade_cancel", "trade_answer"})
GROUP_KINDS = frozenset({"start_group", "add_to_group", "place_group"})
CHOICE_KINDS = frozenset(
    {"choose_slot", "choose_space", "choose_crystal", "choose_element", "choose_seat", "stop"}
)


def perform(state: UnderwingState, action: Action) -> list[Event]:
    """Carry out a legal action, then run the game on to the next decision."""
    events: list[Event] = []
    if action.kind in TRADE_KINDS:
        do_trade(state, action, events)
    elif state.jobs:
        assert isinstance(
            action, ChooseSlot | ChooseSpace | ChooseCrystal | ChooseElement | ChooseSeat | Stop
        )
        resolve(state, state.jobs[-1], action, events)
    elif action.kind in GROUP_KINDS:
        do_group(state, action, events)
    elif isinstance(action, Collect):
        collect(state, action, events)
    elif isinstance(action, RandomFirst):
        random_first(state, events)
    elif isinstance(action, Place):
        place(state, action, events)
    else:
        assign(state, action, events)
    advance(state, events)
    return events
