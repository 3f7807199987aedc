"""The turn's machinery: setup in setup-letter order, then Birdsong, Daylight
and Evening for each seat in turn, with their "start of" effects; the
decisions waiting on the stack (battles, hits, and each faction's own); what
may be done now and doing it.

Nothing here names a faction: each step or decision that is a faction's own
is answered by its module (``factions/``), through :data:`.factions.base.FACTIONS`.

``legal_actions`` answers for the decision on top of the stack, else for the
step of the turn.  ``perform`` carries out one action, then ``settle`` runs
everything automatic until the next real decision: a step or an optional
choice whose only option is "done" is passed by itself.
"""

from __future__ import annotations

from typing import Final

from boardgames_tui.engine.game import Action, Event

from . import core
from .actions import (
    DECLINE,
    DONE,
    ActivateDominance,
    Battle,
    Craft,
    DefenderFirst,
    Discard,
    Done,
    Move,
    PlayAmbush,
    Remove,
    TakeDominance,
    TaxCollector,
    UseEffect,
)
from .card_effects import (
    activate_dominance,
    birdsong_effects,
    daylight_effects,
    dominance_options,
    dominance_victory,
    take_dominance,
    tax_collector,
    use_effect,
)
from .core import card_name, name
from .factions.base import FACTIONS, Faction
from .model import (
    Pending,
    RootState,
    Step,
)

#: The decisions every faction shares (the rest are the deciding faction's).
SHARED_PENDING: Final = ("ambush", "counter", "battle_effects", "hits", "bank_target")
#: The steps every faction's turn shares, whose options ``step_options`` lists itself.
SHARED_STEPS: Final = ("birdsong", "daylight_start", "evening_start", "discard")


def possessive(name: str) -> str:
    """A faction's name as an owner: "the Marquise de Cat's", "the Eyrie
    Dynasties'" (a plural name takes the apostrophe alone)."""
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
    """Begin a step: its automatic part ("place wood", "draw", ...)."""
    state.step = step
    number = state.turn
    fac = FACTIONS[number]
    player = state.player(number)
    events: list[Event] = []
    if step == "birdsong":
        state.turn_number += 1
        limit = state.options.turn_limit
        if limit and state.turn_number > limit:
            state.ended_by_limit = True
            state.step = "over"
            return [Event(text=f"The simulation's limit of {limit} turns is reached.")]
        for p in state.players:
            p.used.clear()
        events.append(Event(text=f"Turn {state.turn_number}: the {possessive(fac.name)} Birdsong."))
        events += dominance_victory(state, number)
        if state.over:
            return events
        if core.has_effect(player, "better_burrow_bank"):
            others = core.enemies(state, number)
            if len(others) == 1:
                events.append(Event(text="Better Burrow Bank: both players draw a card."))
                events += core.draw(state, number, 1)
                events += core.draw(state, others[0], 1)
            else:
                state.stack.append(Pending(kind="bank_target", faction=number))
        events += fac.birdsong(state)
    elif step == "daylight_start":
        events.append(Event(text=f"The {possessive(fac.name)} Daylight."))
    elif step == "evening_start":
        events.append(Event(text=f"The {possessive(fac.name)} Evening."))
    elif step == "discard":
        events += core.draw(state, number, fac.evening_draws(state))
    else:
        events += fac.enter(state, step)
    return events


def advance(state: RootState) -> list[Event]:
    """Go on to the next step of the turn, or to the next seat's turn."""
    order = FACTIONS[state.turn].steps()
    i = order.index(state.step)
    if i + 1 < len(order):
        return enter(state, order[i + 1])
    state.turn = next_seat(state, state.turn)
    state.actions_left = 0
    return enter(state, "birdsong")


def settle(state: RootState) -> list[Event]:
    """Run everything automatic until a real decision is due."""
    events: list[Event] = []
    while not state.over:
        if state.step == "setup":
            events += next_setup(state)
            continue
        if state.stack:
            top = state.stack[-1]
            if top.kind == "battle":
                events += core.battle_step(state)
                continue
            fac = FACTIONS[top.faction]
            if top.kind in fac.automatic_kinds:
                state.stack.pop()
                events += fac.automatic(state, top)
                continue
        if only_done(state):
            events += do(state, DONE)
            continue
        return events
    return events


def only_done(state: RootState) -> bool:
    """Whether ending the step (or the decision) is all there is to do:
    ``legal_actions(state) == [DONE]``, found without listing every option
    of a faction's own step (which its ``has_step_options`` answers)."""
    if state.over or state.stack or state.setting_up >= 0:
        return legal_actions(state) == [DONE]
    step = state.step
    f = state.turn
    fac = FACTIONS[f]
    if step in SHARED_STEPS:
        return step_options(state) == [DONE]
    if fac.has_step_options(state, step):
        return False
    if step in fac.daylight_steps:
        return not daylight_effects(state, f) and not dominance_options(state, f)
    return True


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


def legal_actions(state: RootState) -> list[Action]:
    if state.over:
        return []
    if state.stack:
        return pending_options(state, state.stack[-1])
    return step_options(state)


def step_options(state: RootState) -> list[Action]:
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
            out = list(core.battle_actions(state, f))
    elif step == "evening_start":
        if core.has_effect(state.player(f), "cobbler"):
            out = list(core.moves(state, f))
    elif step == "discard":
        hand = state.player(f).hand
        if len(hand) > fac.hand_limit:
            return [Discard(card=c) for c in core.distinct(hand)]
    else:
        out = fac.step_options(state, step)
    if step in fac.daylight_steps:
        out += daylight_effects(state, f)
        out += dominance_options(state, f)
    if step not in SHARED_STEPS and not fac.may_end_step(state, step):
        return out
    return [*out, DONE]


def pending_options(state: RootState, p: Pending) -> list[Action]:
    f = p.faction
    k = p.kind
    if k == "ambush":
        return [*(PlayAmbush(card=c) for c in core.ambush_cards(state, f, p.clearing)), DECLINE]
    if k == "counter":
        return [*(PlayAmbush(card=c) for c in core.ambush_cards(state, f, p.clearing)), DONE]
    if k == "battle_effects":
        uses: list[Action] = [UseEffect(effect=e) for e in core.battle_effects(state, p.names[0])]
        if p.names[0] == "attacker" and core.defender_may_go_first(state):
            uses.append(DefenderFirst())
        return [*uses, DONE]
    if k == "hits":
        return [Remove(piece=piece) for piece in sorted(core.removable(state, f, p.clearing))]
    if k == "bank_target":
        return [UseEffect(effect="better_burrow_bank", target=e) for e in core.enemies(state, f)]
    return FACTIONS[f].pending_options(state, p)


# ------------------------------------------------------------------- perform
def perform(state: RootState, action: Action) -> list[Event]:
    events = do(state, action)
    return events + settle(state)


def do(state: RootState, action: Action) -> list[Event]:
    if state.stack:
        return do_pending(state, state.stack[-1], action)
    return do_step(state, action)


def do_step(state: RootState, action: Action) -> list[Event]:
    if state.setting_up >= 0:
        return FACTIONS[state.setting_up].setup_do(state, action)
    step = state.step
    f = state.turn
    if isinstance(action, Done):
        return advance(state)
    if isinstance(action, UseEffect):
        return use_effect(state, f, action.effect, action.target)
    if isinstance(action, TaxCollector):
        return tax_collector(state, f, action.clearing)
    if isinstance(action, Craft):
        return core.craft(state, f, action.card, action.using)
    if isinstance(action, Discard):
        core.discard_from_hand(state, f, action.card)
        return [Event(text=f"{name(f)} discards {card_name(action.card)}.")]
    if isinstance(action, ActivateDominance):
        return activate_dominance(state, f, action.card)
    if isinstance(action, TakeDominance):
        return take_dominance(state, f, action.card, action.spend)
    if step == "daylight_start":
        assert isinstance(action, Battle)
        events = [Event(text="Command Warren: a battle at the start of Daylight.")]
        events += advance(state)
        return events + core.start_battle(state, f, action.clearing, action.defender)
    if step == "evening_start":
        assert isinstance(action, Move)
        events = [Event(text="Cobbler: a move at the start of Evening.")]
        events += core.do_move(state, f, action)
        return events + advance(state)
    return FACTIONS[f].do_step(state, step, action)


def do_pending(state: RootState, p: Pending, action: Action) -> list[Event]:
    k = p.kind
    b = state.battle
    if k == "ambush":
        assert b is not None
        state.stack.pop()
        if isinstance(action, PlayAmbush):
            core.discard_from_hand(state, p.faction, action.card)
            b.ambush = action.card
            b.stage = "counter"
            text = f"{name(p.faction)} springs an ambush: {card_name(action.card)}."
            return [Event(text=text, reveals=True)]
        b.stage = "roll"
        return [Event(text=f"{name(p.faction)} plays no ambush.")]
    if k == "counter":
        assert b is not None
        state.stack.pop()
        if isinstance(action, PlayAmbush):
            core.discard_from_hand(state, p.faction, action.card)
            b.stage = "roll"
            return [
                Event(
                    text=f"{name(p.faction)} cancels the ambush with {card_name(action.card)}.",
                    reveals=True,
                )
            ]
        b.stage = "ambush_hits"
        return []
    if k == "battle_effects":
        if isinstance(action, UseEffect):
            return core.use_battle_effect(state, p.names[0], action.effect)
        state.stack.pop()
        if isinstance(action, DefenderFirst):
            return core.defender_first(state)
        return []
    if k == "hits":
        assert isinstance(action, Remove)
        state.stack.pop()
        events = core.remove_piece(state, p.faction, p.clearing, action.piece, p.by)
        return events + core.hit_pieces(state, p.faction, p.clearing, p.count - 1, p.by)
    if k == "bank_target":
        assert isinstance(action, UseEffect)
        state.stack.pop()
        return use_effect(state, p.faction, action.effect, action.target)
    fac = FACTIONS[p.faction]
    events = fac.do_pending(state, p, action)
    if (
        k in fac.ends_step_kinds
        and (not state.stack or state.stack[-1] is not p)
        and not state.over
    ):
        events += advance(state)
    return events
