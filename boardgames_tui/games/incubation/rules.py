"""Incubation's rules, in the rulebook's order.

Setup; 1. Roll the Dice; 2. Perform the Actions on the Dice (and Take a Dragon
Egg Card); 3. Hatch and Sell a Dragon Egg Card (Hybrid and Mystery Eggs);
4. Resolve an Objective Card; End of the Game.  Every ruling is written down,
with the paragraph it reads, in ``docs/rules/incubation.md``.

A turn is a chain of single decisions.  After each action ``advance`` carries
out everything that needs no choice (a single chest, a token with one possible
incubator, hatching, ending the turn) and stops at the next decision.

The options and actions are in ``actions.py``, what is legal now in
``legal.py``, the questions that change nothing in ``queries.py``, where
tokens come from in ``tokens.py``, and the words (descriptions, prompt,
progress, why an action is refused) in ``words.py``.
"""

from __future__ import annotations

from boardgames_tui.engine.data import clone
from boardgames_tui.engine.game import Event, Seat
from boardgames_tui.engine.rng import Rng

from .actions import (
    ChooseStartingEgg,
    ClaimObjective,
    CollectTreasure,
    IncubationAction,
    IncubationOptions,
    KeepDice,
    PlaceExcess,
    PlaceToken,
    RerollDice,
    RollDice,
    TakeEgg,
    UseDice,
)
from .cards import COLOURS, SECTIONS, Face, egg, load_cards, objective
from .model import (
    DECKS,
    IncubationState,
    Incubator,
    Placement,
    PlayerState,
    Resource,
    Treasure,
    section_name,
)
from .queries import (
    claimable,
    empty_incubator,
    end_triggered,
    name_of,
    room_for,
    to_act,
)
from .tokens import (
    draw_token,
    fill_spinner_treasures,
    make_change,
    sources_text,
    take_silver,
)
from .words import dice_text

#: Setup 6: Objective cards in play by player count.
OBJECTIVES_BY_PLAYERS: dict[int, int] = {2: 5, 3: 5, 4: 4, 5: 3}


# -------------------------------------------------------------------- setup
def setup_game(seats: list[Seat], opts: IncubationOptions, seed: int) -> IncubationState:
    n = len(seats)
    rng = Rng.from_seed(seed)
    cards = load_cards()
    # 5. "Shuffle the Dragon Egg cards, and place three faceup decks of equal size."
    eggs = [e.id for e in cards.eggs]
    rng.shuffle(eggs)
    size = len(eggs) // DECKS
    decks = [eggs[d * size : (d + 1) * size] for d in range(DECKS)]
    # 6. "Randomly select a number of Objective cards corresponding to the number
    # of players": 5 for 2 or 3, 4 for 4, 5 players 3.
    objectives = [o.id for o in cards.objectives]
    rng.shuffle(objectives)
    count = OBJECTIVES_BY_PLAYERS[n]
    # 7. The first player.
    first = rng.randbelow(n) if opts.random_first_player else opts.first_player
    # 3. The spinner points somewhere when the box is opened.
    spinner = rng.randbelow(SECTIONS)
    state = IncubationState(
        seats=list(seats),
        rng=rng,
        players=[PlayerState() for _ in range(n)],
        spinner=spinner,
        decks=decks,
        objectives=objectives[:count],
        objectives_out=objectives[count:],
        first_player=first,
        current=first,
        # 8. "Starting with the last player (the player to the right of the First
        # Player) and proceeding counter-clockwise."  Seats are listed clockwise.
        starting_order=[(first - 1 - k) % n for k in range(n)],
        step="starting_egg",
    )
    # 3. "Place 1 Silver coin, 1 Water token, and 1 Fire token in the Treasure
    # slots, indicated by the spinner."
    fill_spinner_treasures(state)
    return state


# ------------------------------------------------------------------ perform
def perform(state: IncubationState, action: IncubationAction) -> list[Event]:
    events: list[Event] = []
    seat = to_act(state)
    assert seat is not None
    # The most frequent actions first (the classes are distinct).
    if isinstance(action, UseDice):
        perform_dice_actions(state, action.dice, events)
    elif isinstance(action, RollDice):
        roll_dice(state, events)
    elif isinstance(action, RerollDice):
        reroll_dice(state, action.dice, events)
    elif isinstance(action, PlaceToken):
        place_token(state, action.incubator, events)
    elif isinstance(action, TakeEgg):
        take_egg(state, action.die, action.deck, events)
    elif isinstance(action, KeepDice):
        events.append(
            Event(text=f"{name_of(state, seat)} keeps {dice_text(state.dice)}.", seat=seat)
        )
        resolve_chests(state, events)
    elif isinstance(action, ChooseStartingEgg):
        choose_starting_egg(state, seat, action.deck, events)
    elif isinstance(action, CollectTreasure):
        collect_treasure(state, action.section, events)
    elif isinstance(action, PlaceExcess):
        place_excess(state, action.section, events)
    elif isinstance(action, ClaimObjective):
        resolve_objective(state, action.objective, events)
    else:
        events.append(Event(text=f"{name_of(state, seat)} claims no objective.", seat=seat))
        end_turn(state, events)
    advance(state, events)
    return events


def advance(state: IncubationState, events: list[Event]) -> None:
    """Carry out everything that needs no decision, up to the next decision.

    Ruling: "As soon as you have a Dragon Egg with all of its required
    resources in one of your Incubators, the Egg hatches!" -- an egg hatches as
    soon as the tokens being placed (a die's, a double chest's, a treasure's)
    are all placed, even in the middle of step 2."""
    while True:
        if state.placement is not None:
            if not settle_placement(state, events):
                return
            continue
        step = state.step
        if step in ("dice", "hatch") and hatch_step(state, events):
            continue
        if step == "dice":
            if not all(state.used):  # a die is free
                return
            state.step = "hatch"
        elif step == "hatch":
            state.step = "objective"
        elif step == "objective":
            if claimable(state, state.current):
                return
            end_turn(state, events)
        else:
            return


# ------------------------------------------------------------------- setup 8
def choose_starting_egg(state: IncubationState, seat: int, deck: int, events: list[Event]) -> None:
    """Setup 8: "choose 1 Dragon Egg card and place it in one of your Incubators"."""
    card = state.decks[deck].pop()
    p = state.players[seat]
    slot = empty_incubator(p)
    assert slot is not None
    p.incubators[slot] = Incubator(egg=card)
    events.append(
        Event(
            text=f"{name_of(state, seat)} starts with {egg(card).label()} from deck {deck + 1}.",
            seat=seat,
            reveals=bool(state.decks[deck]),
        )
    )
    state.starting_order.pop(0)
    if not state.starting_order:
        state.current = state.first_player
        state.step = "roll"


# ---------------------------------------------------------- 1. roll the dice
def _roll_one(state: IncubationState, die: int) -> Face:
    return state.rng.choice(load_cards().dice.dice[die])


def roll_dice(state: IncubationState, events: list[Event]) -> None:
    """1. "Roll the two dice." """
    state.dice = [_roll_one(state, 0), _roll_one(state, 1)]
    state.used = [False, False]
    state.step = "reroll"
    seat = state.current
    events.append(Event(text=f"{name_of(state, seat)} rolls {dice_text(state.dice)}.", seat=seat))


def reroll_dice(state: IncubationState, dice: tuple[int, ...], events: list[Event]) -> None:
    """1. "After your first roll, you may reroll one or both of the dice. You may
    not reroll either die again." """
    for i in dice:
        state.dice[i] = _roll_one(state, i)
    seat = state.current
    which = "both dice" if len(dice) == 2 else f"die {dice[0] + 1}"
    events.append(
        Event(
            text=f"{name_of(state, seat)} rerolls {which}: {dice_text(state.dice)}.",
            seat=seat,
        )
    )
    resolve_chests(state, events)


def resolve_chests(state: IncubationState, events: list[Event]) -> None:
    """1. (A) one chest turns the spinner, (B) then adds treasure; two chests
    collect one section instead.  Chest dice are spent here."""
    chests = [i for i, face in enumerate(state.dice) if face == "chest"]
    for i in chests:
        state.used[i] = True
    if len(chests) == 2:
        state.step = "double_chest"
        return
    if len(chests) == 1:
        turn_spinner(state, events)
    state.step = "dice"


def turn_spinner(state: IncubationState, events: list[Event]) -> None:
    """(A) "turn the Market spinner 1 section clockwise." (B) "Then, add a Silver
    coin, a Water token and a Fire token in the Treasures corresponding to the
    spinner." """
    state.spinner = (state.spinner + 1) % SECTIONS
    added = fill_spinner_treasures(state)
    text = "; ".join(added) if added else "the Reserve is empty"
    events.append(
        Event(text=f"Chest: the spinner turns to {section_name(state.spinner)} ({text}).")
    )


def collect_treasure(state: IncubationState, section: int, events: list[Event]) -> None:
    """ "If both dice show Chests, don't turn the Market spinner. Instead, collect
    all the Treasures from one Section of your choice from the Market."

    Ruling: the water and fire are resources acquired on the turn, so they go
    to Incubators that need them and the excess to a treasure of choice."""
    seat = state.current
    treasure = state.market[section]
    got = clone(treasure)
    state.market[section] = Treasure()
    p = state.players[seat]
    p.silver += got.silver
    gold = make_change(state, seat)
    change = f" (changed for {gold} gold)" if gold else ""
    events.append(
        Event(
            text=f"{name_of(state, seat)} collects the {section_name(section)} treasure: "
            f"{got.text()}{change}.",
            seat=seat,
        )
    )
    water: list[Resource] = ["water"] * got.water
    fire: list[Resource] = ["fire"] * got.fire
    if water or fire:
        state.placement = Placement(source="gain", tokens=water + fire)
    state.step = "dice"


# ------------------------------------------- 2. perform the actions on the dice
def perform_dice_actions(
    state: IncubationState, dice: tuple[int, ...], events: list[Event]
) -> None:
    """2. A coin die: 1 silver (a pair: 3).  A water or fire die: 1 token (a
    pair: 3) from the Reserve, to place on Incubators that need it."""
    seat = state.current
    for i in dice:
        state.used[i] = True
    face = state.dice[dice[0]]
    amount = 3 if len(dice) == 2 else 1
    who = name_of(state, seat)
    sources: list[str]
    if face == "coin":
        sources = take_silver(state, seat, amount)
        text = f"{who} takes {amount} silver{sources_text(sources, amount)}."
        events.append(Event(text=text, seat=seat))
        return
    assert face in ("water", "fire")
    resource: Resource = "water" if face == "water" else "fire"
    sources = []
    for _ in range(amount):
        source = draw_token(state, resource)
        if source is None:
            break
        sources.append(source)
    text = f"{who} takes {amount} {resource}{sources_text(sources, amount)}."
    events.append(Event(text=text, seat=seat))
    if sources:
        state.placement = Placement(source="gain", tokens=[resource] * len(sources))


def take_egg(state: IncubationState, die: int, deck: int, events: list[Event]) -> None:
    """Take a Dragon Egg Card: a Water, Fire or Gold die draws the top card of a
    deck into an empty Incubator instead of its action."""
    seat = state.current
    state.used[die] = True
    p = state.players[seat]
    slot = empty_incubator(p)
    assert slot is not None
    card = state.decks[deck].pop()
    p.incubators[slot] = Incubator(egg=card)
    events.append(
        Event(
            text=f"{name_of(state, seat)} uses the {state.dice[die]} die to take "
            f"{egg(card).label()} from deck {deck + 1}.",
            seat=seat,
            # The card beneath is turned face up: no undo across it.
            reveals=bool(state.decks[deck]),
        )
    )


def _put_token(state: IncubationState, slot: int, resource: Resource, events: list[Event]) -> None:
    seat = state.current
    inc = state.players[seat].incubators[slot]
    setattr(inc, resource, getattr(inc, resource) + 1)
    assert inc.egg is not None
    events.append(
        Event(
            text=f"{name_of(state, seat)} puts 1 {resource} on {egg(inc.egg).name}.",
            seat=seat,
        )
    )


def settle_placement(state: IncubationState, events: list[Event]) -> bool:
    """Place every token with a single possible Incubator; put aside what fits
    nowhere.  False when the player must choose (an Incubator or the excess)."""
    placement = state.placement
    assert placement is not None
    p = state.players[state.current]
    while placement.tokens:
        resource = placement.tokens[0]
        options = room_for(p, resource)
        if len(options) >= 2:
            return False
        placement.tokens.pop(0)
        if options:
            _put_token(state, options[0], resource, events)
        elif resource == "water":
            placement.excess_water += 1
        else:
            placement.excess_fire += 1
    if placement.excess_water or placement.excess_fire:
        # Only gains carry excess: a treasure gives only the tokens that fit.
        return False
    state.placement = None
    return True


def place_token(state: IncubationState, slot: int, events: list[Event]) -> None:
    placement = state.placement
    assert placement is not None
    resource = placement.tokens.pop(0)
    _put_token(state, slot, resource, events)


def place_excess(state: IncubationState, section: int, events: list[Event]) -> None:
    """ "If you do not have enough space in your Incubators to place all of the
    resources acquired on your turn, the player adds the excess to a Treasure
    of his choice." """
    placement = state.placement
    assert placement is not None
    treasure = state.market[section]
    treasure.water += placement.excess_water
    treasure.fire += placement.excess_fire
    excess = Treasure(water=placement.excess_water, fire=placement.excess_fire)
    seat = state.current
    events.append(
        Event(
            text=f"{name_of(state, seat)} adds the excess ({excess.text()}) to the "
            f"{section_name(section)} treasure.",
            seat=seat,
        )
    )
    state.placement = None


# ------------------------------------------------------------------ 3. hatch
def hatch_step(state: IncubationState, events: list[Event]) -> bool:
    """One piece of step 3: collect a treasure due, or hatch the first complete
    egg.  False when nothing is left to do."""
    if state.treasures_due:
        collect_hatch_treasure(state, state.treasures_due.pop(0), events)
        return True
    p = state.players[state.current]
    for slot, inc in enumerate(p.incubators):
        if inc.is_complete():
            hatch(state, slot, events)
            return True
    return False


def hatch(state: IncubationState, slot: int, events: list[Event]) -> None:
    """ "As soon as you have a Dragon Egg with all of its required resources in
    one of your Incubators, the Egg hatches!"  Resources back to the Reserve,
    the card to the player's dragons, then a treasure per colour (hybrids: one
    per colour; mystery eggs: none)."""
    seat = state.current
    p = state.players[seat]
    inc = p.incubators[slot]
    assert inc.egg is not None
    card = egg(inc.egg)
    state.reserve.water += inc.water
    state.reserve.fire += inc.fire
    p.incubators[slot] = Incubator()
    p.dragons.append(card.id)
    if card.kind == "mystery":
        reward = "a mystery dragon, no treasure"
    elif card.kind == "hybrid":
        reward = f"a {' and '.join(card.colours)} hybrid"
    else:
        reward = f"a {card.colours[0]} dragon"
    events.append(
        Event(
            text=f"{name_of(state, seat)}'s {card.name} hatches: {reward}, {card.vp} VP.",
            seat=seat,
        )
    )
    state.treasures_due.extend(COLOURS.index(c) for c in card.colours)


def collect_hatch_treasure(state: IncubationState, section: int, events: list[Event]) -> None:
    """ "Collect one of the Market's Treasures, corresponding to the colour of the
    newly-hatched Dragon Egg.  The player has to leave any excess resources
    that don't fit in an Incubator in the chest and takes only Silver coins." """
    seat = state.current
    p = state.players[seat]
    treasure = state.market[section]
    silver = treasure.silver
    treasure.silver = 0
    p.silver += silver
    gold = make_change(state, seat)
    taken = Treasure(silver=silver)
    tokens: list[Resource] = []
    for resource in ("water", "fire"):
        room = sum(inc.room(resource) for inc in p.incubators)
        n = min(getattr(treasure, resource), room)
        setattr(treasure, resource, getattr(treasure, resource) - n)
        setattr(taken, resource, n)
        tokens.extend([resource] * n)
    left = f"; {treasure.text()} stays" if not treasure.is_empty() else ""
    change = f" (changed for {gold} gold)" if gold else ""
    events.append(
        Event(
            text=f"{name_of(state, seat)} collects the {section_name(section)} treasure: "
            f"{taken.text()}{change}{left}.",
            seat=seat,
        )
    )
    if tokens:
        state.placement = Placement(source="treasure", tokens=tokens)


# ------------------------------------------------------- 4. objective, end
def resolve_objective(state: IncubationState, objective_id: str, events: list[Event]) -> None:
    """4. "As soon as you fulfill the conditions of an Objective card, you may
    claim it ... You may only claim 1 Objective card per turn." """
    seat = state.current
    state.objectives.remove(objective_id)
    state.players[seat].objectives.append(objective_id)
    card = objective(objective_id)
    events.append(
        Event(text=f"{name_of(state, seat)} claims {card.name} ({card.text}): 5 VP.", seat=seat)
    )
    end_turn(state, events)


def end_turn(state: IncubationState, events: list[Event]) -> None:
    """End of the Game: once triggered, "the players finish the current round,
    with the player to the right of the First Player taking the final turn." """
    if not state.final_round and end_triggered(state):
        state.final_round = True
        why = "no objective is left" if not state.objectives else "two egg decks are empty"
        events.append(Event(text=f"The end is near: {why}. This round is the last."))
    state.dice = []
    state.used = []
    n = len(state.seats)
    nxt = (state.current + 1) % n
    if state.final_round and nxt == state.first_player:
        state.step = "over"
        events.append(Event(text="The game is over."))
        return
    if nxt == state.first_player:
        state.round += 1
    state.current = nxt
    state.step = "roll"
