"""The turn's machinery: setup in setup-letter order, then Birdsong, Daylight
and Evening for each seat in turn, with their "start of" effects; the
decisions waiting on the stack (battles, hits, and each faction's own); what
may be done now and doing it.

Nothing here names a faction: each step that is a faction's own is answered
by its package (``factions/``), through :data:`.faction.FACTIONS`, and each
decision on the stack by its kind's handler (:data:`.faction.HANDLERS`).
The phases' beginnings and each turn's end are announced
(``events.PhaseBegun``, ``TurnEnded``), and after each action the clearings
whose ruler it changed (``RulerChanged``, while a faction subscribes).

``legal_actions`` answers for the decision on top of the stack, else for the
step of the turn.  ``perform`` carries out one action, then ``settle`` runs
everything automatic until the next real decision: a step or an optional
choice whose only option is "done" is passed by itself.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any, Final

from boardgames_tui.engine.game import Action, Event

from . import core
from .actions import (
    DONE,
    ActivateDominance,
    Battle,
    ClearPath,
    Craft,
    Discard,
    Done,
    Move,
    TakeDominance,
    TaxCollector,
    UseEffect,
)
from .agreement import note_turn
from .card_effects import (
    BankTarget,
    activate_dominance,
    birdsong_effects,
    daylight_effects,
    dominance_options,
    dominance_victory,
    take_dominance,
    tax_collector,
    use_effect,
)
from .clearings import the
from .core import card_name
from .events import PhaseBegun, RulerChanged, TurnEnded, announce, listening, subscribed
from .faction import FACTIONS, HANDLERS, Faction
from .map_rules import clear_path, clear_path_options, end_of_evening
from .model import (
    Decision,
    RootState,
    Step,
)

#: The steps every faction's turn shares, whose options ``step_options`` lists itself.
SHARED_STEPS: Final = ("birdsong", "daylight_start", "evening_start", "discard")


def possessive(name: str) -> str:
    """A faction's name as an owner: its name and "'s", a plural name (one
    ending in "s") taking the apostrophe alone."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def module(number: int) -> Faction:
    return FACTIONS[number]


def setup_order(state: RootState) -> list[int]:
    """The factions at the table in setup-letter order (Law 5.1)."""
    return sorted(state.factions, key=lambda f: FACTIONS[f].letter)


def next_seat(state: RootState, number: int) -> int:
    """The faction seated after this one: turns go round the table."""
    i = state.seat(number)
    return state.players[(i + 1) % len(state.players)].faction


def next_setup(state: RootState) -> list[Event]:
    """The next faction in setup order sets up: by itself, or by choices
    (its setup steps); after the last, the first turn's Birdsong."""
    order = setup_order(state)
    start = 0 if state.setting_up < 0 else order.index(state.setting_up) + 1
    events: list[Event] = []
    for number in order[start:]:
        state.setting_up = number
        state.step = "setup"
        events += FACTIONS[number].setup(state)
        if state.step != "setup":
            return events
    state.setting_up = -1
    state.step = "turn"
    events += enter(state, "birdsong")
    return events


# -------------------------------------------------------------------- steps
def enter(state: RootState, step: Step) -> list[Event]:
    """Begin a step: its automatic part (a faction's pieces placed, a draw ...)."""
    state.step = step
    number = state.turn
    fac = FACTIONS[number]
    events: list[Event] = []
    if step == "birdsong":
        player = state.player(number)
        state.turn_number += 1
        limit = state.options.turn_limit
        if limit and state.turn_number > limit:
            state.ended_by_limit = True
            state.step = "over"
            return [Event(text=f"The simulation's limit of {limit} turns is reached.")]
        note_turn(state)
        for p in state.players:
            p.used.clear()
        turn_number = state.turn_number
        events.append(
            Event(text=lambda: f"Turn {turn_number}: the {possessive(fac.name)} Birdsong.")
        )
        events += dominance_victory(state, number)
        if state.over:
            return events
        events += phase_begun(state, number, "birdsong")
        if core.has_effect(player, "better_burrow_bank"):
            others = core.enemies(state, number)
            if len(others) == 1:
                events.append(Event(text="Better Burrow Bank: both players draw a card."))
                events += core.draw(state, number, 1)
                events += core.draw(state, others[0], 1)
            else:
                state.stack.append(BankTarget(faction=number))
        events += fac.birdsong(state)
    elif step == "daylight_start":
        events.append(Event(text=lambda: f"The {possessive(fac.name)} Daylight."))
        events += phase_begun(state, number, "daylight")
    elif step == "evening_start":
        events.append(Event(text=lambda: f"The {possessive(fac.name)} Evening."))
        events += phase_begun(state, number, "evening")
    elif step == "discard":
        events += core.draw(state, number, fac.evening_draws(state))
    else:
        events += fac.enter(state, step)
    return events


def phase_begun(state: RootState, number: int, phase: str) -> list[Event]:
    """Announce that a faction's phase begins (``PhaseBegun``), made only
    where some registered faction subscribes to it."""
    if not subscribed(PhaseBegun):
        return []
    return announce(state, PhaseBegun(faction=number, phase=phase))


#: Each faction class's step after each of its steps (None after the
#: last), from its ``steps()``, made once per class.
_NEXT_STEP: dict[type[Faction], dict[Step, Step | None]] = {}


def _next_step(fac: Faction, step: Step) -> Step | None:
    found = _NEXT_STEP.get(type(fac))
    if found is None:
        order = fac.steps()
        found = {}
        for i, s in enumerate(order):
            found.setdefault(s, order[i + 1] if i + 1 < len(order) else None)
        _NEXT_STEP[type(fac)] = found
    return found[step]


def advance(state: RootState) -> list[Event]:
    """Go on to the next step of the turn, or to the next seat's turn."""
    following = _next_step(FACTIONS[state.turn], state.step)
    if following is not None:
        return enter(state, following)
    events = end_of_evening(state)
    if state.over:
        return events
    if subscribed(TurnEnded):
        events += announce(state, TurnEnded(faction=state.turn))
    state.turn = next_seat(state, state.turn)
    state.actions_left = 0
    return events + enter(state, "birdsong")


def settle(state: RootState) -> list[Event]:
    """Run everything automatic until a real decision is due.  The legal
    actions of the position it stops at are kept on the state
    (``offered``) where listing them is how it knows to stop there
    (``next_actions`` would only list them again); a faction's own step
    that answers "anything to do?" without listing (``checked_steps``) is
    left to be listed when asked, but in a state a loop owns, which lists
    every position it reaches."""
    events: list[Event] = []
    while not state.over:
        if state.step == "setup":
            events += next_setup(state)
            continue
        if state.stack:
            top = state.stack[-1]
            if top.automatic:
                run = HANDLERS[top.kind].run
                assert run is not None
                events += run(state, top)
                continue
        found = offered_now(state)
        if found is None:
            # Ending the step is all there is to do (``do`` of DONE: a
            # decision's handler, else the next step).
            events += do(state, DONE) if state.stack or state.setting_up >= 0 else advance(state)
            continue
        state.offered = found or None
        return events
    return events


def offered_now(state: RootState) -> list[Action] | None:
    """:func:`_offered_now`, each clearing's ruler found once
    (``RootState.rulers``); in a loop's own state, the rulers kept from
    the last listings (``RootState.kept_rulers``)."""
    if state.rulers is not None:
        return _offered_now(state)
    kept = state.kept_rulers
    state.rulers = {} if kept is None else kept
    try:
        return _offered_now(state)
    finally:
        state.rulers = None


def _offered_now(state: RootState) -> list[Action] | None:
    """The legal actions now; None when ending the step (or the decision)
    is all there is to do (``legal_actions(state) == [DONE]``); an empty
    list for a real decision left unlisted: a faction's own step whose
    ``has_step_options`` answers without listing (``checked_steps``) and
    says there is something to do.  Any other step is listed once, and a
    step with nothing of its own to do is ended without listing what every
    Daylight step offers besides, when none of it is there."""
    if state.over or state.stack or state.setting_up >= 0 or state.step in SHARED_STEPS:
        found = legal_actions(state)
    else:
        step = state.step
        f = state.turn
        fac = FACTIONS[f]
        # In a state a loop owns (``kept_rulers``: it asks ``next_actions``
        # after every action) the step is listed at once and the list kept:
        # asking first would only add the question to the listing.
        if step in fac.checked_steps and state.kept_rulers is None:
            if fac.has_step_options(state, step):
                return []
            own: list[Action] = []
        else:
            own = fac.step_options(state, step)
            if own:
                return step_options(state, own)
        if step not in fac.daylight_steps:
            return None
        if (
            not daylight_effects(state, f)
            and not dominance_options(state, f)
            and not clear_path_options(state, f)
        ):
            return None
        found = step_options(state, own)
    # ``Done`` has no field but its kind: of its class is equal to DONE.
    return None if len(found) == 1 and found[0].__class__ is Done else found


def only_done(state: RootState) -> bool:
    """Whether ending the step (or the decision) is all there is to do:
    ``legal_actions(state) == [DONE]``."""
    return offered_now(state) is None


# ------------------------------------------------------------- legal actions
def acting(state: RootState) -> int:
    """The faction deciding now."""
    if state.stack:
        return state.stack[-1].faction
    if state.setting_up >= 0:
        return state.setting_up
    return state.turn


def to_act(state: RootState) -> int | None:
    if state.over:
        return None
    return state.seat(acting(state))


def next_actions(state: RootState) -> list[Action]:
    """:func:`legal_actions` of a state that only ``perform`` has changed
    since it was made or copied (``Game.next_actions``): as the last
    ``settle`` listed them (``offered``), else listed now."""
    found = state.offered
    if found is not None and not state.over:
        return list(found)
    kept = state.kept_rulers
    if kept is None:
        # The loop owns the state from here on: each clearing's ruler is
        # kept from one listing to the next until its pieces change.
        kept = state.kept_rulers = {}
    if state.over or state.rulers is not None:
        return legal_actions(state)
    state.rulers = kept
    try:
        return _listed(state)
    finally:
        state.rulers = None


def legal_actions(state: RootState) -> list[Action]:
    """What the deciding faction may do now, listed (each clearing's ruler
    found once: ``RootState.rulers``)."""
    if state.over:
        return []
    if state.rulers is None:
        state.rulers = {}
        try:
            return _listed(state)
        finally:
            state.rulers = None
    return _listed(state)


def _listed(state: RootState) -> list[Action]:
    if state.stack:
        return pending_options(state, state.stack[-1])
    return step_options(state)


def step_options(state: RootState, own: list[Action] | None = None) -> list[Action]:
    """The step's options; ``own``: the faction's own for its step, when
    already listed."""
    if state.setting_up >= 0:
        return FACTIONS[state.setting_up].setup_options(state)
    step = state.step
    f = state.turn
    fac = FACTIONS[f]
    out: list[Action] = []
    if step == "birdsong":
        out = birdsong_effects(state, f)
    elif step == "daylight_start":
        if core.has_effect(state.player(f), "command_warren"):
            found = fac.effect_battles(state)
            out = list(core.battle_actions(state, f)) if found is None else found
    elif step == "evening_start":
        if core.has_effect(state.player(f), "cobbler"):
            found = fac.effect_moves(state)
            out = list(core.moves(state, f)) if found is None else found
    elif step == "discard":
        hand = state.player(f).hand
        if len(hand) > fac.hand_limit:
            return [_discard(c) for c in core.distinct(hand)]
    else:
        out = fac.step_options(state, step) if own is None else list(own)
    if step in fac.daylight_steps:
        out += daylight_effects(state, f)
        out += dominance_options(state, f)
        out += clear_path_options(state, f)
    if step not in SHARED_STEPS and not fac.may_end_step(state, step):
        return out
    return [*out, DONE]


# Each discard offered, by card, is made once (an action is a frozen value
# every listing may share).  Bounded by the deck, not by the games played:
# one entry per card number at most (the deck's 54 cards).
@cache
def _discard(card: int) -> Discard:
    return Discard(card=card)


def pending_options(state: RootState, p: Decision) -> list[Action]:
    """What the decision on top of the stack offers (its kind's handler)."""
    options = HANDLERS[p.kind].options
    assert options is not None, p
    return options(state, p)


# ------------------------------------------------------------------- perform
def perform(state: RootState, action: Action) -> list[Event]:
    """Carry out an action and everything automatic after it; then, while
    a faction at the table subscribes, announce the clearings whose ruler
    the action changed (and settle what that set off)."""
    state.offered = None
    before = rulers(state) if listening(state, RulerChanged) else None
    events = do(state, action)
    events += settle(state)
    if before is not None and not state.over:
        after = rulers(state)
        for n, was in before.items():
            if after[n] != was:
                events += announce(state, RulerChanged(clearing=n, before=was, after=after[n]))
        events += settle(state)
    return events


def rulers(state: RootState) -> dict[int, int | None]:
    """Who rules each clearing."""
    return {n: core.ruler(state, n) for n in state.woodland.numbers}


def do(state: RootState, action: Action) -> list[Event]:
    if state.stack:
        return do_pending(state, state.stack[-1], action)
    return do_step(state, action)


def do_step(state: RootState, action: Action) -> list[Event]:
    if state.setting_up >= 0:
        return FACTIONS[state.setting_up].setup_do(state, action)
    step = state.step
    f = state.turn
    shared = _SHARED_DO.get(action.__class__)
    if shared is not None:
        return shared(state, f, action)
    if step == "daylight_start":
        events = [Event(text="Command Warren: a battle at the start of Daylight.")]
        events += advance(state)
        own = FACTIONS[f].effect_act(state, action)
        if own is not None:
            return events + own
        assert isinstance(action, Battle)
        return events + core.start_battle(state, f, action.clearing, action.defender)
    if step == "evening_start":
        events = [Event(text="Cobbler: a move at the start of Evening.")]
        own = FACTIONS[f].effect_act(state, action)
        if own is None:
            assert isinstance(action, Move)
            own = core.do_move(state, f, action)
        return events + own + advance(state)
    return FACTIONS[f].do_step(state, step, action)


def _discard_card(state: RootState, f: int, action: Discard) -> list[Event]:
    discarded = core.discard_from_hand(state, f, action.card)
    card = action.card
    return [
        Event(text=lambda: f"{the(f, 'discards', start=True)} {card_name(card)}."),
        *discarded,
    ]


#: What every faction's turn may do at any step, by the action's class (none
#: of these classes has a subclass): found with one lookup, the faction's
#: own actions passed on to it without a test for each of these.
_SHARED_DO: Final[dict[type, Callable[[RootState, int, Any], list[Event]]]] = {
    Done: lambda state, f, a: advance(state),
    UseEffect: lambda state, f, a: use_effect(state, f, a.effect, a.target),
    TaxCollector: lambda state, f, a: tax_collector(state, f, a.clearing),
    Craft: lambda state, f, a: core.craft(state, f, a.card, a.using),
    Discard: _discard_card,
    ActivateDominance: lambda state, f, a: activate_dominance(state, f, a.card),
    TakeDominance: lambda state, f, a: take_dominance(state, f, a.card, a.spend),
    ClearPath: lambda state, f, a: clear_path(state, f, a),
}


def do_pending(state: RootState, p: Decision, action: Action) -> list[Event]:
    """Choose an option of the decision on top of the stack (its kind's
    handler); a decision that ends its step, once it is over, ends it."""
    decide = HANDLERS[p.kind].decide
    assert decide is not None, p
    index = len(state.stack) - 1
    events = decide(state, p, action)
    if p.ends_step and not state.over and not _still_there(state, index, p):
        events += advance(state)
    return events


def _still_there(state: RootState, index: int, p: Decision) -> bool:
    """Whether the decision is still waiting at its place on the stack (a
    handler that takes a step of several leaves its kind there)."""
    return len(state.stack) > index and type(state.stack[index]) is type(p)
