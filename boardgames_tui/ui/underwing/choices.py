"""Direct keys, the cursor and clicks to legal actions.

A player points at something (an egg, one of its element spaces, a Field
space) and presses Enter, or presses a key (an element letter, C, D, N, T
...).  Every function here answers with the engine's own legal actions that
match: one (play it), several (let the player choose among just those) or
none, with the reason in a player's words.  Nothing here builds a move the
engine has not offered, and nothing here imports Textual: the screen's key
map (:mod:`.keys`) calls these, and the tests call them directly.  A
:class:`Pick` is the kit's; what the cursor points at and what is being
decided come from :mod:`.targets`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from boardgames_tui.engine.game import Action
from boardgames_tui.games.underwing.actions import (
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
)
from boardgames_tui.games.underwing.cards import card
from boardgames_tui.games.underwing.colours import LETTER, Element, additions
from boardgames_tui.games.underwing.game import prompt
from boardgames_tui.games.underwing.model import UnderwingState
from boardgames_tui.games.underwing.rules import randoms_owed
from boardgames_tui.games.underwing.trading import trade_words

from ..kit.choice import Ask, Pick, among
from .targets import (
    CRYSTAL_EFFECTS,
    Target,
    canonical_space,
    clamp,
    decision,
    effect_kind,
    where,
)


def _pick(actions: Sequence[Action], reason: str, title: str = "") -> Pick:
    """The kit's :class:`Pick` of ``actions`` already found (titled), else
    ``reason``."""
    return Pick(tuple(actions), title=title) if actions else Pick(reason=reason)


def _slot_actions(legal: Sequence[Action], slot: int) -> list[Action]:
    return [
        a for a in legal if isinstance(a, AssignEgg | RecallEgg | ChooseSlot) and a.slot == slot
    ]


def _space_actions(
    state: UnderwingState, legal: Sequence[Action], slot: int, space: int | None
) -> list[Action]:
    """Placements, scattered elements and crystals to take on one space (or
    on any space of the egg when ``space`` is None)."""
    if space is None:
        return [
            a
            for a in legal
            if isinstance(a, Place | ChooseSpace | ChooseCrystal) and a.slot == slot
        ]
    canon = canonical_space(state, slot, space)
    found: list[Action] = []
    for a in legal:
        if isinstance(a, Place | ChooseSpace | ChooseCrystal) and a.slot == slot:
            # a crystal is taken off the very space; placements name the leftmost twin
            wanted = space if isinstance(a, ChooseCrystal) else canon
            if a.space == wanted:
                found.append(a)
    return found


def _field_actions(state: UnderwingState, legal: Sequence[Action], space: Element) -> list[Action]:
    found: list[Action] = [
        a for a in legal if isinstance(a, AssignField | RecallField) and a.space == space
    ]
    if state.phase == 1 and state.collect and state.collect[0] == space:
        found += [a for a in legal if isinstance(a, Collect) and a.guaranteed]
    return found


def at(state: UnderwingState, legal: Sequence[Action], target: Target) -> Pick:
    """Enter (or a click) on the target: what it stands for now.  While a
    group of elements is being put together, Enter places it."""
    target = clamp(state, target)
    if decision(state) == "group":
        return place_group(state, legal)
    if target.field is not None:
        return _pick(
            _field_actions(state, legal, target.field),
            why_not_field(state, legal, target.field),
            f"The {target.field} Field space",
        )
    if target.slot is None or not 0 <= target.slot < len(state.grounds):
        return Pick((), "Point at an egg or a Field space first.")
    slot = target.slot
    found = _slot_actions(legal, slot)
    if not found:
        found = _space_actions(state, legal, slot, target.space)
    return _pick(found, why_not_slot(state, legal, target), where(state, target))


def with_element(
    state: UnderwingState,
    legal: Sequence[Action],
    target: Target | None,
    element: Element,
    ask: bool = False,
) -> Pick:
    """An element key: put it into the trade (``ask``: ask for it), take it
    from the bag or from the player being robbed, place it on the space at
    the cursor, or take that crystal off it."""
    letter = LETTER[element]
    step = decision(state)
    if step == "trade":
        side = "ask" if ask else "give"
        adds = [
            a for a in legal if isinstance(a, TradeAdd) and a.side == side and a.element == element
        ]
        trade = state.trade
        assert trade is not None
        owner = trade.partner if ask else trade.proposer
        return _pick(adds, f"{state.seats[owner].name} has no {element} left to trade.")
    if step == "group":
        return _add_to_group(state, legal, element, ask)
    chosen = [a for a in legal if isinstance(a, ChooseElement) and a.element == element]
    if chosen:
        return Pick((chosen[0],))
    if any(isinstance(a, ChooseElement) for a in legal):
        kind = effect_kind(state)
        if kind == "steal_elements":
            return Pick((), f"There is no {element} to steal.")
        return Pick((), f"There is no {element} left in the bag.")
    if ask:
        return Pick((), f"Shift+{letter} asks for {element} only while a trade is put together.")
    if step not in ("place", "effect") or not any(
        isinstance(a, Place | ChooseCrystal) for a in legal
    ):
        return Pick((), f"{letter} names an element to place or take; not now. {prompt(state)}.")
    if target is not None:
        target = clamp(state, target)
    if target is None or target.slot is None:
        return Pick(
            (), f"Point at an element space of an egg first (the arrows), then press {letter}."
        )
    slot = target.slot
    if target.space is not None:
        canon = canonical_space(state, slot, target.space)
        start = StartGroup(slot=slot, space=canon, element=element)
        if start in legal:
            # it may be combined with more: it waits for them (and Enter)
            return Pick((start,))
    on_space = _space_actions(state, legal, slot, target.space)
    found: list[Action] = [
        a
        for a in on_space
        if (isinstance(a, Place) and a.crystals == (element,))
        or (isinstance(a, ChooseCrystal) and a.element == element)
    ]
    if found:
        return Pick(tuple(found), "", f"{element.capitalize()} on {where(state, target)}")
    if step == "place":
        return Pick((), why_not_place(state, target, element))
    return Pick((), f"There is no {element} to take there.")


def _add_to_group(
    state: UnderwingState, legal: Sequence[Action], element: Element, ask: bool
) -> Pick:
    group = state.group
    assert group is not None
    if ask:
        return Pick((), f"Shift+{LETTER[element]} asks for {element} only in a trade.")
    found = [a for a in legal if isinstance(a, AddToGroup) and a.element == element]
    if found:
        return Pick((found[0],))
    held = state.players[state.current()].storage.get(element, 0) - group.crystals.count(element)
    together = " + ".join(group.crystals)
    if held <= 0:
        return Pick((), f"You have no other {element} to add to {together}.")
    space = where(state, Target(slot=group.slot, space=group.space))
    return Pick((), f"{element.capitalize()} cannot join {together} on {space}.")


def place_group(state: UnderwingState, legal: Sequence[Action]) -> Pick:
    """Enter while a group is being put together: place it."""
    return among(
        legal, lambda a: isinstance(a, PlaceGroup), "There is no group of elements to place."
    )


def random_first(state: UnderwingState, legal: Sequence[Action]) -> Pick:
    """F: draw the random elements before deciding on the Field's."""
    found = [a for a in legal if isinstance(a, RandomFirst)]
    if found:
        return Pick(tuple(found))
    if decision(state) != "collect":
        return Pick((), "F draws your random elements first, in Phase 1 only.")
    if state.randoms_drawn:
        return Pick((), "Your random elements are drawn already.")
    return Pick((), "You have no random element to draw this round: every handler is on the Field.")


def collect(legal: Sequence[Action], guaranteed: bool) -> Pick:
    return among(
        legal,
        lambda a: isinstance(a, Collect) and a.guaranteed == guaranteed,
        "There is no Field element to collect now.",
    )


def pass_or_stop(state: UnderwingState, legal: Sequence[Action]) -> Pick:
    """N: pass (Phase 2), take no more (an "up to" effect), decline a trade."""
    found: list[Action] = [a for a in legal if isinstance(a, Pass | Stop)]
    found += [a for a in legal if isinstance(a, TradeAnswer) and not a.accept]
    return _pick(found, f"There is nothing to pass or stop now. {prompt(state)}.")


def accept(state: UnderwingState, legal: Sequence[Action]) -> Pick:
    return among(
        legal,
        lambda a: isinstance(a, TradeAnswer) and a.accept,
        "There is no trade offer to accept.",
    )


def trade(state: UnderwingState, legal: Sequence[Action]) -> Pick:
    """T: start a trade offer (with whom, when there is a choice)."""
    found = [a for a in legal if isinstance(a, OfferTrade)]
    if found:
        return Pick(tuple(found), "", "Who proposes a trade?")
    if state.n < 2:
        return Pick((), "There is nobody to trade with.")
    if decision(state) in ("trade", "answer"):
        return Pick((), "A trade is already under way.")
    if decision(state) == "group":
        return Pick((), "Place the group of elements first (Enter), then trade.")
    return Pick((), "Nobody has an element to trade.")


def send(legal: Sequence[Action]) -> Pick:
    return among(
        legal, lambda a: isinstance(a, TradeSend), "Add something to give or to ask for first."
    )


def cancel(legal: Sequence[Action]) -> Pick:
    return among(legal, lambda a: isinstance(a, TradeCancel), "There is no trade to call off.")


def seat(state: UnderwingState, legal: Sequence[Action], number: int) -> Pick:
    """A player's number: the player to steal from."""
    found: list[Action] = [a for a in legal if isinstance(a, ChooseSeat) and a.seat == number]
    if found:
        return Pick((found[0],))
    if not 0 <= number < state.n:
        return Pick((), f"There is no player {number + 1}.")
    who = state.seats[number].name
    if any(isinstance(a, ChooseSeat) for a in legal):
        return Pick((), f"{who} has nothing to steal.")
    return Pick((), f"Choosing {who} means nothing now. {prompt(state)}.")


def choices(state: UnderwingState, legal: Sequence[Action]) -> Pick:
    """Enter when the decision is not about a place on the table (an element
    from the bag, a player): every choice, to pick from."""
    return among(
        legal, lambda a: isinstance(a, ChooseElement | ChooseSeat | Stop), "", _question(state)
    )


def why_not_field(state: UnderwingState, legal: Sequence[Action], space: Element) -> str:
    step = decision(state)
    if step == "collect":
        return "Press C to take the guaranteed element, or D to draw a random one."
    if step != "assign":
        return f"The Field is for assigning handlers (phase 2). {prompt(state)}."
    seat = state.current()
    p = state.players[seat]
    if p.ready == 0:
        return "You have no handler in the Ready Room to send."
    return f"You cannot send a handler to {space} now."


def why_not_slot(state: UnderwingState, legal: Sequence[Action], target: Target) -> str:
    assert target.slot is not None
    s = state.grounds[target.slot]
    step = decision(state)
    kind = effect_kind(state)
    if s.card is None:
        return "That space of the grounds is empty: the draw pile ran out."
    name = card(s.card).name
    if step == "effect":
        job = state.jobs[-1]
        if kind == "banish_wild":
            return "Only a wild dragon can be banished."
        if kind == "claim_and_hatch":
            limit = getattr(job.effect, "max_score", 0)
            return f"Choose an unclaimed egg worth at most {limit} points."
        near = job.origin is None or target.slot in state.adjacent(job.origin)
        if kind in ("hatch_adjacent", "scatter_elements", "smash_elements") and not near:
            return "Only the eggs next to the wild dragon are affected."
        if kind == "scatter_elements":
            return f"The scattered {job.drawn} cannot go there."
        if kind in CRYSTAL_EFFECTS:
            return "There is no crystal to take there."
        return f"{prompt(state)}."
    if s.wild:
        return f"{name} is a wild dragon: it stays in the grounds."
    if step == "assign":
        seat = state.current()
        if s.complete:
            return f"The {name} egg is complete: its handler stays with it."
        if s.claimant is not None and s.claimant != seat:
            return f"The {name} egg is claimed by {state.seats[s.claimant].name}."
        if state.players[seat].ready == 0:
            return "You have no handler in the Ready Room to send."
        return f"You cannot claim the {name} egg now."
    if step == "place":
        if s.complete:
            return f"The {name} egg is complete."
        if target.space is None:
            return f"None of your elements fits on the {name} egg."
        return why_not_place(state, target, None)
    if step == "collect":
        return "Phase 1 is about the Field: C takes the guaranteed element, D draws at random."
    return f"{prompt(state)}."


def why_not_place(state: UnderwingState, target: Target, element: Element | None) -> str:
    """Why nothing (or not ``element``) can be placed on the space at the cursor."""
    assert target.slot is not None
    s = state.grounds[target.slot]
    if s.card is None or s.wild:
        return "There is no egg there."
    if target.space is None:
        if element is None:
            return "Point at one of the egg's element spaces."
        return f"No {element} space of this egg can take it."
    if s.complete:
        return "That egg is complete."
    space_element = card(s.card).spaces[target.space]
    contents = tuple(s.fill[target.space])
    groups = additions(space_element, contents)
    if not groups:
        return f"That {space_element} space is already filled."
    needs = sorted({e for g in groups for e in g}, key=list(LETTER).index)
    wanted = ", ".join(needs)
    storage = state.players[state.current()].storage
    if element is not None:
        if storage.get(element, 0) == 0:
            return f"You have no {element}."
        return (
            f"{element.capitalize()} does not fit that {space_element} space (it takes {wanted})."
        )
    return f"That {space_element} space takes {wanted}; you have none that fits."


def _question(state: UnderwingState) -> str:
    return prompt(state).split(": ", 1)[-1].capitalize()


def explain_key(state: UnderwingState, legal: Sequence[Action], target: Target, key: str) -> str:
    """Why ``key`` (a direct key, Enter or Space) does nothing now."""
    label = {"enter": "Enter", "space": "Space"}.get(key, key.upper())
    reason = ""
    if key in ("enter", "space"):
        if decision(state) == "answer":
            reason = "Y accepts the trade, N declines it."
        else:
            reason = at(state, legal, target).reason
    elif key in ("c", "d"):
        reason = f"{label} collects in Phase 1 only, for a handler on the Field."
    elif key == "f":
        reason = random_first(state, legal).reason
    elif key == "n":
        reason = pass_or_stop(state, legal).reason
    elif key == "t":
        reason = trade(state, legal).reason
    elif key == "x":
        reason = "X calls off a trade being put together; there is none."
    elif key.isdigit():
        reason = seat(state, legal, int(key) - 1).reason
    if reason:
        return reason
    keys = hint(state, legal, target)
    return f"{label} does nothing now." + (f" Keys: {keys}." if keys else "")


# --------------------------------------------------------------------- hints
@dataclass
class Hint:
    """One line of keys for the decision at hand."""

    parts: list[str] = field(default_factory=list)

    def add(self, text: str) -> None:
        self.parts.append(text)

    def __str__(self) -> str:
        return " · ".join(self.parts)


def enter_words(state: UnderwingState, legal: Sequence[Action], target: Target | None) -> str:
    """What Enter does at the cursor, in a few words ("" when nothing)."""
    if decision(state) == "group":
        group = state.group
        assert group is not None
        spot = where(state, Target(slot=group.slot, space=group.space))
        return f"place {' + '.join(group.crystals)} on {spot} (one placement)"
    if target is None:
        return ""
    target = clamp(state, target)
    pick = at(state, legal, target)
    if not pick.actions:
        return ""
    if len(pick.actions) > 1:
        return f"choose among {len(pick.actions)} on {where(state, target)}"
    return action_words(state, pick.actions[0])


def action_words(state: UnderwingState, action: Action) -> str:
    """An action in the few words the hint line has room for."""
    if isinstance(action, AssignEgg):
        return f"claim {where(state, Target(slot=action.slot))}"
    if isinstance(action, RecallEgg):
        return f"recall your handler from {where(state, Target(slot=action.slot))}"
    if isinstance(action, AssignField):
        return f"send a handler to {action.space}"
    if isinstance(action, RecallField):
        return f"recall your handler from {action.space}"
    if isinstance(action, Collect):
        if action.guaranteed and state.collect:
            return f"take the guaranteed {state.collect[0]}"
        return "take the guaranteed element" if action.guaranteed else "draw a random one instead"
    if isinstance(action, Place | StartGroup):
        spot = where(state, Target(slot=action.slot, space=action.space))
        crystals = action.crystals if isinstance(action, Place) else (action.element,)
        return f"place {' + '.join(crystals)} on {spot}"
    if isinstance(action, ChooseSpace):
        job = state.jobs[-1] if state.jobs else None
        drawn = job.drawn if job is not None and job.drawn else "it"
        return f"scatter {drawn} onto {where(state, Target(slot=action.slot, space=action.space))}"
    if isinstance(action, ChooseCrystal):
        return f"take the {action.element}"
    if isinstance(action, ChooseSlot):
        return f"choose {where(state, Target(slot=action.slot))}"
    return ""


def hint(
    state: UnderwingState,
    legal: Sequence[Action],
    target: Target | None,
    *,
    tab: str = "",
    moved: bool = False,
) -> str:
    """The keys that do something now, in one line, Enter first: what it does
    where the cursor points.  ``tab`` names where Tab goes; ``moved`` says the
    cursor was moved for this decision to the first place Enter acts on."""
    step = decision(state)
    out = Hint()
    if step == "over":
        return "G: the results · L: the log"
    if target is not None:
        target = clamp(state, target)
    enter = enter_words(state, legal, target)
    if step == "trade":
        t = state.trade
        assert t is not None
        if t.give or t.ask:
            out.add(f"Offer: {trade_words(t)}")
        out.add(f"letters: {state.seats[t.proposer].name} gives")
        out.add(f"Shift+letter: asks of {state.seats[t.partner].name}")
        if any(isinstance(a, TradeSend) for a in legal):
            out.add("Enter: send")
        out.add("X: call off")
        return str(out)
    if step == "answer":
        return "Y: accept the trade · N: decline"
    if moved and enter:
        out.add("Cursor moved here")
    if step == "collect":
        space = state.collect[0] if state.collect else "element"
        out.add(f"C or Enter: take the guaranteed {space}")
        out.add("D: a random one instead")
        if any(isinstance(a, RandomFirst) for a in legal):
            count = randoms_owed(state, state.current())
            out.add(f"F: draw your {count} random element{'s' if count != 1 else ''} first")
    elif step == "assign":
        out.add(f"Enter: {enter}" if enter else "arrows: point at an underlined egg or Field space")
        out.add("N: pass")
    elif step == "group":
        group = state.group
        assert group is not None
        # the prompt line says where; here the keys, short enough for 80 columns
        out.add(f"Enter: place {' + '.join(group.crystals)} (one placement)")
        more = [LETTER[a.element] for a in legal if isinstance(a, AddToGroup)]
        if more:
            out.add(f"{' '.join(more)}: add to it")
        out.add("Ctrl+Z: take back")
    elif step == "place":
        if enter:
            out.add(f"Enter: {enter}")
            out.add("letters: place one (several + Enter: combined)")
        else:
            out.add("arrows: point at an underlined element space")
    else:
        kind = effect_kind(state)
        if any(isinstance(a, ChooseElement) for a in legal):
            out.add("R O Y G B P K W: choose that element")
        elif any(isinstance(a, ChooseSeat) for a in legal):
            out.add("1-6: choose that player")
        elif enter:
            out.add(f"Enter: {enter}")
            if kind in CRYSTAL_EFFECTS:
                out.add("or the crystal's letter")
        else:
            out.add("arrows: point at an underlined egg or space")
        if any(isinstance(a, Stop) for a in legal):
            out.add("N: take no more")
    if tab:
        out.add(f"Tab: {tab}")
    if any(isinstance(a, OfferTrade) for a in legal):
        out.add("T: trade")
    return str(out)


def left_undone(state: UnderwingState, legal: Sequence[Action], action: Action) -> Ask | None:
    """Passing in Phase 2 with handlers still in the Ready Room and somewhere
    to send them, or taking no more of an "up to" effect with more to
    take, asks once first: either ends that step for the round."""
    if action.kind == "pass":
        ready = state.players[state.current()].ready
        if ready and any(a.kind in ("assign_field", "assign_egg") for a in legal):
            handlers = "handler" if ready == 1 else "handlers"
            return Ask(f"Pass with {ready} {handlers} still in the Ready Room?", "Pass")
    if action.kind == "stop" and state.jobs:
        left = state.jobs[-1].left
        more = f" ({left} more to take)" if left > 0 else ""
        return Ask(f"Take no more{more}? The rest of the effect is lost.", "Take no more")
    return None


__all__ = [
    "left_undone",
    "accept",
    "at",
    "cancel",
    "choices",
    "collect",
    "explain_key",
    "hint",
    "pass_or_stop",
    "place_group",
    "random_first",
    "seat",
    "send",
    "trade",
    "with_element",
]
