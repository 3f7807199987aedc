"""Incubation's rules, in the rulebook's order.

Setup; 1. Roll the Dice; 2. Perform the Actions on the Dice (and Take a Dragon
Egg Card); 3. Hatch and Sell a Dragon Egg Card (Hybrid and Mystery Eggs);
4. Resolve an Objective Card; End of the Game.  Every ruling is written down,
with the paragraph it reads, in ``docs/rules/incubation.md``.

A turn is a chain of single decisions.  After each action ``advance`` carries
out everything that needs no choice (a single chest, a token with one possible
incubator, hatching, ending the turn) and stops at the next decision.
"""

from __future__ import annotations

from functools import cache, lru_cache
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from boardgames_tui.engine.data import action_data, clone
from boardgames_tui.engine.game import Action, Event, IllegalAction, Seat
from boardgames_tui.engine.rng import Rng

from .cards import (
    COLOURS,
    SECTIONS,
    Coins,
    EggCard,
    Face,
    egg,
    load_cards,
    objective,
    objective_met,
    requirement_met,
)
from .model import (
    DECKS,
    GOLD_VALUE,
    IncubationState,
    Incubator,
    Placement,
    PlayerState,
    Resource,
    Treasure,
    pointer_sections,
    section_name,
    top_card,
)


# ------------------------------------------------------------------ options
class IncubationOptions(BaseModel):
    """Setup 7: "The player who most recently ate an egg starts the game."
    The table says who (``first_player``, a seat index) or lets chance decide."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    first_player: int = Field(
        default=0,
        ge=0,
        le=4,
        title="First player",
        description="The player who most recently ate an egg: they play first.",
        json_schema_extra={"command_line": "a seat index from 0"},
    )
    random_first_player: bool = Field(
        default=False,
        title="Random first player",
        description="Let chance choose the first player instead.",
    )


#: Setup 6: Objective cards in play by player count.
OBJECTIVES_BY_PLAYERS: dict[int, int] = {2: 5, 3: 5, 4: 4, 5: 3}


# ------------------------------------------------------------------ actions
@action_data
class ChooseStartingEgg(Action):
    """Setup 8: take the top card of a deck into an Incubator."""

    kind: Literal["choose_starting_egg"] = "choose_starting_egg"
    deck: int


@action_data
class RollDice(Action):
    kind: Literal["roll_dice"] = "roll_dice"


@action_data
class RerollDice(Action):
    """Reroll the listed dice (0, 1 or both) once."""

    kind: Literal["reroll_dice"] = "reroll_dice"
    dice: tuple[int, ...]


@action_data
class KeepDice(Action):
    kind: Literal["keep_dice"] = "keep_dice"


@action_data
class CollectTreasure(Action):
    """Two chests: collect every treasure of one section."""

    kind: Literal["collect_treasure"] = "collect_treasure"
    section: int


@action_data
class UseDice(Action):
    """Carry out the action of one die, or of both when they show the same face."""

    kind: Literal["use_dice"] = "use_dice"
    dice: tuple[int, ...]


@action_data
class TakeEgg(Action):
    """Use a non-chest die to take the top card of a deck into an empty Incubator."""

    kind: Literal["take_egg"] = "take_egg"
    die: int
    deck: int


@action_data
class PlaceToken(Action):
    """Put the next token in hand on one of the Incubators that need it."""

    kind: Literal["place_token"] = "place_token"
    incubator: int


@action_data
class PlaceExcess(Action):
    """Too many resources: add the excess to the treasure of one section."""

    kind: Literal["place_excess"] = "place_excess"
    section: int


@action_data
class ClaimObjective(Action):
    kind: Literal["claim_objective"] = "claim_objective"
    objective: str


@action_data
class DeclineObjective(Action):
    kind: Literal["decline_objective"] = "decline_objective"


IncubationAction = (
    ChooseStartingEgg
    | RollDice
    | RerollDice
    | KeepDice
    | CollectTreasure
    | UseDice
    | TakeEgg
    | PlaceToken
    | PlaceExcess
    | ClaimObjective
    | DeclineObjective
)
ActionType = Annotated[IncubationAction, Field(discriminator="kind")]

_ROLL: list[IncubationAction] = [RollDice()]
_REROLLS: list[IncubationAction] = [
    KeepDice(),
    RerollDice(dice=(0,)),
    RerollDice(dice=(1,)),
    RerollDice(dice=(0, 1)),
]
_SECTIONS: list[IncubationAction] = [CollectTreasure(section=s) for s in range(SECTIONS)]
_EXCESS: list[IncubationAction] = [PlaceExcess(section=s) for s in range(SECTIONS)]
# The other actions offered again and again, made once (actions are values).
_STARTING_EGG: list[IncubationAction] = [ChooseStartingEgg(deck=d) for d in range(DECKS)]
_USE_PAIR: IncubationAction = UseDice(dice=(0, 1))
_DECLINE: IncubationAction = DeclineObjective()


@cache
def _place_token(incubator: int) -> IncubationAction:
    return PlaceToken(incubator=incubator)


@cache
def _use_die(die: int) -> IncubationAction:
    return UseDice(dice=(die,))


@cache
def _take_egg(die: int, deck: int) -> IncubationAction:
    return TakeEgg(die=die, deck=deck)


@cache
def _claim(objective_id: str) -> IncubationAction:
    return ClaimObjective(objective=objective_id)


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


# ----------------------------------------------------------------- helpers
def player(state: IncubationState, seat: int) -> PlayerState:
    return state.players[seat]


def name_of(state: IncubationState, seat: int) -> str:
    return state.seats[seat].name


def to_act(state: IncubationState) -> int | None:
    if state.step == "over":
        return None
    if state.step == "starting_egg":
        return state.starting_order[0]
    return state.current


def fill_spinner_treasures(state: IncubationState) -> list[str]:
    """Add a silver, a water and a fire from the Reserve to the sections the
    three pointers face.  A token the Reserve no longer has is not added."""
    added: list[str] = []
    for what, section in pointer_sections(state.spinner).items():
        if getattr(state.reserve, what) > 0:
            setattr(state.reserve, what, getattr(state.reserve, what) - 1)
            treasure = state.market[section]
            setattr(treasure, what, getattr(treasure, what) + 1)
            added.append(f"1 {what} to {section_name(section)}")
    return added


def make_change(state: IncubationState, seat: int) -> int:
    """Ruling: a player holding 5 silver changes them at once for 1 gold from
    the Reserve, while the Reserve has gold.  Returns the gold taken."""
    p = state.players[seat]
    changed = 0
    while p.silver >= GOLD_VALUE and state.reserve.gold > 0:
        p.silver -= GOLD_VALUE
        state.reserve.silver += GOLD_VALUE
        p.gold += 1
        state.reserve.gold -= 1
        changed += 1
    return changed


def richest_section(state: IncubationState, what: str) -> int | None:
    """The section holding the most ``what`` (silver, water or fire); on a tie
    the first clockwise from the coin pointer.  None when no section has any."""
    best: int | None = None
    most = 0
    for k in range(SECTIONS):
        section = (state.spinner + k) % SECTIONS
        have = int(getattr(state.market[section], what))
        if have > most:
            best, most = section, have
    return best


def draw_token(state: IncubationState, what: str) -> str | None:
    """Take one silver, water or fire for a player.  Ruling: from the Reserve;
    when the Reserve has none left, from the treasure holding the most of it
    (the components are all there is).  Returns where it came from, or None
    when there is none anywhere outside the players' hands and Incubators."""
    have = int(getattr(state.reserve, what))
    if have > 0:
        setattr(state.reserve, what, have - 1)
        return "reserve"
    section = richest_section(state, what)
    if section is None:
        return None
    treasure = state.market[section]
    setattr(treasure, what, int(getattr(treasure, what)) - 1)
    return section_name(section)


def take_silver(state: IncubationState, seat: int, amount: int) -> list[str]:
    """Take silver coins one at a time (see ``draw_token``), changing 5 silver
    for 1 gold as they come; returns where each coin came from."""
    p = state.players[seat]
    sources: list[str] = []
    for _ in range(amount):
        source = draw_token(state, "silver")
        if source is None:
            break
        p.silver += 1
        sources.append(source)
        make_change(state, seat)
    return sources


def _sources_text(sources: list[str], amount: int) -> str:
    """`` (1 from the red treasure)`` for the tokens not from the Reserve."""
    parts = [f"1 from the {s} treasure" for s in sources if s != "reserve"]
    if len(sources) < amount:
        parts.append(f"{amount - len(sources)} not available")
    return f" ({', '.join(parts)})" if parts else ""


def empty_incubator(p: PlayerState) -> int | None:
    for i, inc in enumerate(p.incubators):
        if inc.egg is None:
            return i
    return None


def room_for(p: PlayerState, resource: Resource) -> list[int]:
    """The Incubators whose egg still needs ``resource``."""
    return [i for i, inc in enumerate(p.incubators) if inc.room(resource) > 0]


def dragons_of(p: PlayerState) -> list[EggCard]:
    return [egg(d) for d in p.dragons]


def claimable(state: IncubationState, seat: int) -> list[str]:
    """The objectives on offer whose conditions ``seat`` fulfils now."""
    p = state.players[seat]
    dragons = tuple(p.dragons)
    worth = p.coin_worth
    found: list[str] = []
    for o in state.objectives:
        need = _coins_needed(o, dragons)
        if need is not None and worth >= need:
            found.append(o)
    return found


@lru_cache(maxsize=1 << 14)
def _coins_needed(objective_id: str, dragons: tuple[str, ...]) -> int | None:
    """The least coin worth with which a player who hatched ``dragons`` meets
    the objective (0 when it asks for no coins), or None when the dragons do
    not meet it.  Only a Coins requirement reads the coins, so this and the
    coins held decide :func:`.cards.objective_met`; it is a pure function of
    the two ids, which change only when an egg hatches, so positions share it."""
    hatched = [egg(d) for d in dragons]
    need = 0
    for req in objective(objective_id).requires:
        if isinstance(req, Coins):
            need = max(need, req.worth)
        elif not requirement_met(req, hatched, 0):
            return None
    return need


def free_dice(state: IncubationState) -> list[int]:
    """Dice not yet used (chests are spent as soon as they are resolved)."""
    return [i for i, used in enumerate(state.used) if not used]


def paired(state: IncubationState) -> bool:
    """Both dice are free and show the same face: used for their action they
    act together (3 silver, water or fire), never 1 + 1 (ruling A2)."""
    return len(free_dice(state)) == 2 and state.dice[0] == state.dice[1]


def token_in_hand(state: IncubationState) -> Resource | None:
    """The water or fire token the current player is placing now, if any."""
    if state.placement is None or not state.placement.tokens:
        return None
    return state.placement.tokens[0]


def fulfilled_by(state: IncubationState, objective_id: str) -> list[int]:
    """The seats whose dragons and coins meet this objective now (whether or
    not they may claim it on this turn)."""
    card = objective(objective_id)
    return [
        seat
        for seat, p in enumerate(state.players)
        if objective_met(card, dragons_of(p), p.coin_worth)
    ]


def end_triggered(state: IncubationState) -> bool:
    """End of the Game: (A) 2 Dragon Egg decks have run out; (B) there are no
    more available Objective cards."""
    empty = sum(1 for d in state.decks if not d)
    return empty >= 2 or not state.objectives


def _faces(faces: list[Face]) -> str:
    return " and ".join(faces)


# ----------------------------------------------------------- legal actions
def legal_actions(state: IncubationState) -> list[IncubationAction]:
    if state.step == "over":
        return []
    if state.placement is not None:
        return placement_actions(state)
    step = state.step
    if step == "starting_egg":
        return [_STARTING_EGG[d] for d in range(DECKS) if state.decks[d]]
    if step == "roll":
        return list(_ROLL)
    if step == "reroll":
        return list(_REROLLS)
    if step == "double_chest":
        return list(_SECTIONS)
    if step == "dice":
        return dice_actions(state)
    if step == "objective":
        claims: list[IncubationAction] = [_claim(o) for o in claimable(state, state.current)]
        claims.append(_DECLINE)
        return claims
    raise AssertionError(f"no decision waits at step {step}")


def placement_actions(state: IncubationState) -> list[IncubationAction]:
    placement = state.placement
    assert placement is not None
    if placement.tokens:
        p = state.players[state.current]
        return [_place_token(i) for i in room_for(p, placement.tokens[0])]
    return list(_EXCESS)


def dice_actions(state: IncubationState) -> list[IncubationAction]:
    """2. Each free die: its own action, or (not a chest) a Dragon Egg card from
    a deck when an Incubator is empty.  Two equal faces act as a pair (3)."""
    p = state.players[state.current]
    free = free_dice(state)
    decks = [d for d in range(DECKS) if state.decks[d]] if empty_incubator(p) is not None else []
    actions: list[IncubationAction] = []
    if paired(state):
        # Equal faces: using them together gives 3; either die may take an egg
        # instead (they are alike, so die 0 stands for both).
        actions.append(_USE_PAIR)
        actions.extend(_take_egg(0, d) for d in decks)
        return actions
    for i in free:
        actions.append(_use_die(i))
        actions.extend(_take_egg(i, d) for d in decks)
    return actions


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
        events.append(Event(text=f"{name_of(state, seat)} keeps {_faces(state.dice)}.", seat=seat))
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
    events.append(Event(text=f"{name_of(state, seat)} rolls {_faces(state.dice)}.", seat=seat))


def reroll_dice(state: IncubationState, dice: tuple[int, ...], events: list[Event]) -> None:
    """1. "After your first roll, you may reroll one or both of the dice. You may
    not reroll either die again." """
    for i in dice:
        state.dice[i] = _roll_one(state, i)
    seat = state.current
    which = "both dice" if len(dice) == 2 else f"die {dice[0] + 1}"
    events.append(
        Event(
            text=f"{name_of(state, seat)} rerolls {which}: {_faces(state.dice)}.",
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
        text = f"{who} takes {amount} silver{_sources_text(sources, amount)}."
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
    text = f"{who} takes {amount} {resource}{_sources_text(sources, amount)}."
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


# ------------------------------------------------------------------- words
def describe(state: IncubationState, action: IncubationAction) -> str:
    """A sentence for the action picker and the log."""
    if isinstance(action, ChooseStartingEgg):
        return f"Start with {_deck_top(state, action.deck)} from deck {action.deck + 1}"
    if isinstance(action, RollDice):
        return "Roll the dice"
    if isinstance(action, KeepDice):
        return f"Keep {_faces(state.dice) or 'the dice'}"
    if isinstance(action, RerollDice):
        if len(action.dice) == 2:
            return "Reroll both dice"
        i = action.dice[0] if action.dice else 0
        return f"Reroll die {i + 1} ({_face_of(state, i)})"
    if isinstance(action, CollectTreasure):
        return (
            f"Collect the {section_name(action.section)} treasure "
            f"({_section_text(state, action.section)})"
        )
    if isinstance(action, UseDice):
        face = _face_of(state, action.dice[0] if action.dice else 0)
        amount = 3 if len(action.dice) == 2 else 1
        what = "silver" if face == "coin" else face
        dice = "both dice" if amount == 3 else f"die {action.dice[0] + 1}"
        return f"Use {dice} ({face}): take {amount} {what}"
    if isinstance(action, TakeEgg):
        return (
            f"Use die {action.die + 1} ({_face_of(state, action.die)}) to take "
            f"{_deck_top(state, action.deck)} from deck {action.deck + 1}"
        )
    if isinstance(action, PlaceToken):
        resource = (
            state.placement.tokens[0] if state.placement and state.placement.tokens else "token"
        )
        return f"Put the {resource} on incubator {action.incubator + 1} ({_slot_text(state, action.incubator)})"
    if isinstance(action, PlaceExcess):
        excess = "excess"
        if state.placement is not None:
            excess = Treasure(
                water=state.placement.excess_water, fire=state.placement.excess_fire
            ).text()
        return f"Add the excess ({excess}) to the {section_name(action.section)} treasure"
    if isinstance(action, ClaimObjective):
        try:
            card = objective(action.objective)
        except KeyError:
            return f"Claim objective {action.objective}"
        return f"Claim {card.name}: {card.text}"
    return "Claim no objective this turn"


def _face_of(state: IncubationState, die: int) -> str:
    return state.dice[die] if 0 <= die < len(state.dice) else "not rolled"


def _deck_top(state: IncubationState, deck: int) -> str:
    if not 0 <= deck < DECKS:
        return "a card"
    card = top_card(state, deck)
    return egg(card).label() if card is not None else "nothing (empty deck)"


def _section_text(state: IncubationState, section: int) -> str:
    if not 0 <= section < SECTIONS:
        return "no such section"
    return state.market[section].text()


def _slot_text(state: IncubationState, slot: int) -> str:
    seat = to_act(state)
    if seat is None or not 0 <= slot < len(state.players[seat].incubators):
        return "no such incubator"
    inc = state.players[seat].incubators[slot]
    if inc.egg is None:
        return "empty"
    card = egg(inc.egg)
    return f"{card.name}, {inc.water}/{card.water} water {inc.fire}/{card.fire} fire"


def prompt(state: IncubationState) -> str:
    seat = to_act(state)
    if seat is None:
        return "The game is over."
    who = name_of(state, seat)
    if state.placement is not None:
        if state.placement.tokens:
            return f"{who}: place a {state.placement.tokens[0]} token on an incubator"
        excess = Treasure(
            water=state.placement.excess_water, fire=state.placement.excess_fire
        ).text()
        return f"{who}: choose a treasure for the excess ({excess})"
    asks = {
        "starting_egg": "choose a starting egg",
        "roll": "roll the dice",
        "reroll": f"choose dice to reroll ({_faces(state.dice)})",
        "double_chest": "two chests! choose a section to collect",
        "dice": "use your dice (" + _faces([state.dice[i] for i in free_dice(state)]) + ")",
        "objective": "claim an objective?",
    }
    return f"{who}: {asks.get(state.step, 'play')}"


def progress(state: IncubationState) -> str:
    decks = "/".join(str(len(d)) for d in state.decks)
    if state.step == "starting_egg":
        return f"Setup · decks {decks}"
    last = " · final round" if state.final_round else ""
    return f"Round {state.round} · decks {decks}{last}"


def explain_illegal(state: IncubationState, action: IncubationAction) -> str:
    """Why ``action`` is not legal now, in a sentence for the player."""
    seat = to_act(state)
    if seat is None:
        return "The game is over."
    wanted = prompt(state)
    if state.placement is not None and not isinstance(action, PlaceToken | PlaceExcess):
        return f"First place the tokens in hand. {wanted}."
    p = state.players[seat]
    if isinstance(action, TakeEgg) and state.step == "dice":
        if empty_incubator(p) is None:
            return "You need an empty incubator to take a Dragon Egg card."
        if not 0 <= action.deck < DECKS or not state.decks[action.deck]:
            return "That egg deck is empty."
        if 0 <= action.die < len(state.dice) and state.dice[action.die] == "chest":
            return "You may not use a Chest die to draw a new Dragon Egg."
        return "That die is already used."
    if isinstance(action, ClaimObjective) and state.step == "objective":
        if action.objective not in state.objectives:
            return "That objective is not on offer."
        return "You have not fulfilled that objective yet."
    if isinstance(action, PlaceToken):
        return "That incubator does not need this token."
    if isinstance(action, ChooseStartingEgg) and state.step == "starting_egg":
        return "That egg deck is empty."
    return f"That is not allowed now ({describe(state, action)}). {wanted}."


def check(state: IncubationState, action: IncubationAction) -> None:
    if action not in legal_actions(state):
        raise IllegalAction(explain_illegal(state, action))
