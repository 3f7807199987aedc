"""The order of play, following the rulebook's headings: setup, Phase 1
(:func:`collect_elements`), Phase 2 (:func:`assign_handlers`), Phase 3
(:func:`place_elements`), trading, Phase 4 (:func:`hatch_eggs`) and the end.

:func:`advance` runs every automatic step until somebody has a decision to
make; :func:`legal_actions` lists that decision's choices and :func:`perform`
carries one out.  Dragon effects are resolved by :mod:`.effects`.

Phase 2 is in :mod:`.handlers`, Phase 3 in :mod:`.placing` and trading in
:mod:`.trading`; this module keeps setup, Phase 1, Phase 4, the end and the
driver.
"""

from __future__ import annotations

from boardgames_tui.engine.game import Action, Event, Seat
from boardgames_tui.engine.rng import Rng

from .actions import (
    ChooseCrystal,
    ChooseElement,
    ChooseSeat,
    ChooseSlot,
    ChooseSpace,
    Collect,
    Pass,
    Place,
    RandomFirst,
    Stop,
)
from .cards import card, deck
from .colours import BAG
from .effects import job_options, resolve
from .handlers import assign, assign_handlers, assignment_options, may_assign, next_turn
from .model import (
    GROUNDS,
    MAX_HANDLERS,
    ROUNDS,
    START_HANDLERS,
    WILD_FORCES,
    HatchTame,
    Job,
    Nursling,
    Player,
    Slot,
    UnderwingOptions,
    UnderwingState,
)
from .placing import (
    do_group,
    group_options,
    place,
    place_elements,
    placement_options,
    places_more,
    still_to_place,
)
from .solo import wild_collect, wild_decides, wild_place, wild_setup
from .table import draw_named, draw_random, name, refill
from .trading import do_trade, new_phase, offer_options, trade_options

__all__ = ["advance", "collect_elements", "hatch_eggs", "legal_actions", "new_state", "perform"]


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


# Actions are values: the few that every position offers are made once.
_PASS = Pass()
_COLLECT: list[Action] = [Collect(guaranteed=True), Collect(guaranteed=False)]
_RANDOM_FIRST = RandomFirst()


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
