"""The turn: setup in setup-letter order, then Birdsong, Daylight and Evening
for each seat in turn, with their "start of" effects; the decisions waiting
on the stack (battles, hits, and each faction's own); dominance; what may be
done now and doing it.

Nothing here names a faction: each step or decision that is a faction's own
is answered by its module (``factions/``), through :func:`.factions.base.faction`.

``legal_actions`` answers for the decision on top of the stack, else for the
step of the turn.  ``perform`` carries out one action, then ``settle`` runs
everything automatic until the next real decision: a step or an optional
choice whose only option is "done" is passed by itself.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Final

from boardgames_tui.engine.game import Action, Event, Seat, SetupError
from boardgames_tui.engine.rng import Rng

from . import core
from .actions import (
    DECLINE,
    DONE,
    ActivateDominance,
    Battle,
    Craft,
    Decline,
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
from .cards import DominanceEffect, deck
from .core import CLEARINGS, card_name, clearing_name, name, plural
from .factions import duchy as _duchy  # noqa: F401 - registers the faction
from .factions import marquise as _marquise  # noqa: F401 - registers the faction
from .factions.base import BY_KEY, FACTIONS, Faction
from .model import (
    CATS,
    DUCHY,
    HIDDEN,
    STARTING_HAND,
    Pending,
    RootOptions,
    RootState,
    Step,
    card_of,
)
from .tracks import item_supply
from .woodland import autumn

#: The decisions every faction shares (the rest are the deciding faction's).
SHARED_PENDING: Final = ("ambush", "counter", "battle_effects", "hits", "bank_target")


def module(number: int) -> Faction:
    return FACTIONS[number]


def setup_order(state: RootState) -> list[int]:
    """The factions at the table in setup-letter order (Law 5.1)."""
    return sorted(state.factions, key=lambda f: FACTIONS[f].letter)


def next_seat(state: RootState, number: int) -> int:
    """The faction seated after this one: turns go round the table."""
    i = state.seat(number)
    return state.players[(i + 1) % len(state.players)].faction


# -------------------------------------------------------------------- setup
def new_game(seats: list[Seat], options: RootOptions, seed: int) -> RootState:
    """Every faction's pieces in its supply, the deck shuffled (without its
    four dominance cards in a two-player game, Law 5.1.2), three cards each,
    the first player drawn at random unless the options name one (after the
    deal, so the deal of a seed is the same whoever starts); then setup in
    setup-letter order.

    With ``factions`` named, they are dealt to the seats at random; without,
    the table is the Marquise and the Duchy, the Marquise in ``marquise_seat``."""
    rng = Rng.from_seed(seed)
    if options.factions is None:
        if len(seats) != 2:
            raise SetupError(
                f"Name the factions for {len(seats)} players (the factions option, "
                "for example factions=marquise,duchy,eyrie)."
            )
        cats_seat = options.marquise_seat
        numbers = [CATS, DUCHY] if cats_seat == 0 else [DUCHY, CATS]
    else:
        numbers = chosen_factions(options.factions, len(seats))
        rng.shuffle(numbers)
    state = RootState(
        seats=list(seats),
        rng=rng,
        options=options,
        players=[FACTIONS[n].new_player() for n in numbers],
    )
    state.items = {str(k): v for k, v in item_supply().items()}
    with_dominance = len(seats) >= 3
    state.draw_pile = [i for i, c in enumerate(deck()) if with_dominance or c.kind != "dominance"]
    state.rng.shuffle(state.draw_pile)
    state.step = "setup"
    who = [f"{seats[i].name} plays the {FACTIONS[n].name}" for i, n in enumerate(numbers)]
    if options.factions is None:
        cats, moles = state.seat(CATS), state.seat(DUCHY)
        table = (
            f"{seats[cats].name} plays the {FACTIONS[CATS].name}, "
            f"{seats[moles].name} the {FACTIONS[DUCHY].name}."
        )
    else:
        table = "; ".join(who) + " (seated at random)."
    deal = (
        " The four dominance cards are set aside (two players)."
        if not with_dominance
        else " The four dominance cards stay in the deck."
    )
    opening = [Event(text=table + deal)]
    for number in setup_order_of(numbers):
        opening += core.draw(state, number, STARTING_HAND)
    if options.first is None:
        state.turn = state.rng.choice(tuple(setup_order_of(numbers)))
        how = "drawn at random"
    else:
        wanted = BY_KEY[options.first].number
        if wanted not in numbers:
            raise SetupError(f"The {FACTIONS[wanted].name} is not at the table to go first.")
        state.turn = wanted
        how = "as the table chose"
    starter = seats[state.seat(state.turn)].name
    opening.append(
        Event(text=f"{starter} ({FACTIONS[state.turn].name}) takes the first turn, {how}.")
    )
    state.opening = opening
    return state


def setup_order_of(numbers: Sequence[int]) -> list[int]:
    return sorted(numbers, key=lambda f: FACTIONS[f].letter)


def chosen_factions(keys: Sequence[str], players: int) -> list[int]:
    """The factions a table named, checked: one per seat, each once, each known."""
    if len(keys) != players:
        raise SetupError(f"Name one faction per player: {len(keys)} named for {players} players.")
    unknown = [k for k in keys if k not in BY_KEY]
    if unknown:
        known = ", ".join(sorted(BY_KEY))
        raise SetupError(f"There is no faction {unknown[0]!r} (the factions are {known}).")
    if len(set(keys)) != len(keys):
        raise SetupError("Each faction sits at the table once.")
    return [BY_KEY[k].number for k in keys]


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
        events.append(Event(text=f"Turn {state.turn_number}: the {fac.name}'s Birdsong."))
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
        events.append(Event(text=f"The {fac.name}'s Daylight."))
    elif step == "evening_start":
        events.append(Event(text=f"The {fac.name}'s Evening."))
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
        options = legal_actions(state)
        if options == [DONE]:
            events += do(state, DONE)
            continue
        return events
    return events


# ----------------------------------------------------------------- dominance
def dominance_victory(state: RootState, number: int) -> list[Event]:
    """Law 3.3.1: at the start of Birdsong, a player with an activated
    dominance card wins if it rules three clearings of its suit (the bird
    card: two clearings in opposite corners)."""
    card = state.player(number).dominance
    if card == HIDDEN:
        return []
    suit = card_of(card).suit
    effect = card_of(card).effect
    assert isinstance(effect, DominanceEffect)
    woodland = autumn()
    if effect.goal == "opposite_corners":
        won = any(
            core.rules(state, number, a) and core.rules(state, number, b)
            for a, b in woodland.opposite_corners
        )
        how = "two clearings in opposite corners"
    else:
        won = sum(core.rules(state, number, n) for n in woodland.of_suit(suit)) >= 3
        how = f"three {suit} clearings"
    if not won:
        return []
    state.winner = number
    state.stack.clear()
    state.battle = None
    state.step = "over"
    return [Event(text=f"{name(number)} rules {how}: it wins by dominance!")]


def dominance_options(state: RootState, number: int) -> list[Action]:
    """Activate a dominance card (10 points or more, none active yet), or take
    an available one by spending a card of its suit (a real bird for the bird
    card; birds are wild for the others), Law 3.3."""
    player = state.player(number)
    out: list[Action] = []
    if not state.available and not any(c in core.DOMINANCE_CARDS for c in player.hand):
        return out
    if player.dominance == HIDDEN:
        out += [
            ActivateDominance(card=c)
            for c in core.distinct(player.hand)
            if c != HIDDEN
            and isinstance(e := card_of(c).effect, DominanceEffect)
            and player.vp >= e.min_vp
        ]
    for d in core.distinct(state.available):
        suit = card_of(d).suit
        out += [
            TakeDominance(card=d, spend=c)
            for c in core.distinct(player.hand)
            if c != HIDDEN
            and (card_of(c).suit == suit or (suit != "bird" and card_of(c).suit == "bird"))
        ]
    return out


def activate_dominance(state: RootState, number: int, card: int) -> list[Event]:
    player = state.player(number)
    core.take_from_hand(player, card)
    player.dominance = card
    return [
        Event(
            text=f"{name(number)} activates {card_name(card)}: it scores no more points and "
            "wins by ruling at the start of a Birdsong.",
            reveals=True,
        )
    ]


def take_dominance(state: RootState, number: int, card: int, spend: int) -> list[Event]:
    core.discard_from_hand(state, number, spend)
    state.available.remove(card)
    state.player(number).hand.append(card)
    state.player(number).known.append(card)
    return [
        Event(
            text=f"{name(number)} spends {card_name(spend)} to take {card_name(card)}.",
            reveals=True,
        )
    ]


# -------------------------------------------------------------- card effects
def single_enemy(state: RootState, number: int) -> int | None:
    others = core.enemies(state, number)
    return others[0] if len(others) == 1 else None


def birdsong_effects(state: RootState, number: int) -> list[Action]:
    player = state.player(number)
    out: list[Action] = []
    if core.has_effect(player, "royal_claim"):
        out.append(UseEffect(effect="royal_claim"))
    if core.has_effect(player, "stand_and_deliver") and "stand_and_deliver" not in player.used:
        only = single_enemy(state, number)
        if only is not None:
            if state.player(only).hand:
                out.append(UseEffect(effect="stand_and_deliver"))
        else:
            out += [
                UseEffect(effect="stand_and_deliver", target=e)
                for e in core.enemies(state, number)
                if state.player(e).hand
            ]
    return out


def daylight_effects(state: RootState, number: int) -> list[Action]:
    player = state.player(number)
    out: list[Action] = []
    if core.has_effect(player, "tax_collector") and "tax_collector" not in player.used:
        out += [TaxCollector(clearing=n) for n in CLEARINGS if core.warriors(state, number, n)]
    if core.has_effect(player, "codebreakers") and "codebreakers" not in player.used:
        if single_enemy(state, number) is not None:
            out.append(UseEffect(effect="codebreakers"))
        else:
            out += [UseEffect(effect="codebreakers", target=e) for e in core.enemies(state, number)]
    return out


def target_of(state: RootState, number: int, target: int) -> int:
    if target >= 0:
        return target
    only = single_enemy(state, number)
    assert only is not None, "an effect with several possible targets names one"
    return only


def use_effect(state: RootState, number: int, effect: str, target: int = -1) -> list[Event]:
    player = state.player(number)
    if effect == "royal_claim":
        core.discard_crafted(state, number, "royal_claim")
        n = len(core.ruled(state, number))
        events = [
            Event(text=f"{name(number)} discards Royal Claim: it rules {plural(n, 'clearing')}.")
        ]
        return events + core.gain(state, number, n, "Royal Claim")
    other = target_of(state, number, target)
    enemy = state.player(other)
    if effect == "stand_and_deliver":
        player.used.append(effect)
        card = enemy.hand[state.rng.randbelow(len(enemy.hand))]
        core.take_from_hand(enemy, card)
        player.hand.append(card)
        if len(state.players) == 2:
            player.known.append(card)
        else:
            player.seen_by.setdefault(other, []).append(card)
        events = [
            Event(
                text=f"Stand and Deliver!: {name(number)} takes a card at random from "
                f"{name(other)}'s hand.",
                reveals=True,
            )
        ]
        return events + core.gain(state, other, 1, "Stand and Deliver!")
    if effect == "codebreakers":
        player.used.append(effect)
        if len(state.players) == 2:
            enemy.known = list(enemy.hand)
        else:
            enemy.seen_by[number] = list(enemy.hand)
        return [
            Event(
                text=f"Codebreakers: {name(number)} looks at {name(other)}'s hand.",
                seat=state.seat(number),
                reveals=True,
            )
        ]
    if effect == "better_burrow_bank":
        events = [Event(text=f"Better Burrow Bank: {name(number)} and {name(other)} draw a card.")]
        events += core.draw(state, number, 1)
        return events + core.draw(state, other, 1)
    raise AssertionError(effect)


def tax_collector(state: RootState, number: int, clearing: int) -> list[Event]:
    state.player(number).used.append("tax_collector")
    core.remove_warriors(state, number, clearing, 1)
    events = [
        Event(
            text=f"Tax Collector: {name(number)} removes a warrior from {clearing_name(clearing)}."
        )
    ]
    events += core.draw(state, number, 1)
    core.flush(state)
    return events


def craft_options(state: RootState, number: int) -> list[Action]:
    return list(core.craft_options(state, number))


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


# ------------------------------------------------------------------ words
def other_side(state: RootState, number: int) -> int:
    """The other faction in the battle, or the only other one at the table."""
    b = state.battle
    if b is not None and number in (b.attacker, b.defender):
        return b.defender if number == b.attacker else b.attacker
    only = single_enemy(state, number)
    return only if only is not None else number


def describe(state: RootState, action: Action) -> str:
    f = acting(state)
    own = FACTIONS[f].describe(state, action)
    if own is not None:
        return own
    match action:
        case Done():
            return done_text(state)
        case Decline():
            return "Play no ambush"
        case Move():
            return (
                f"Move {action.count} warrior{'s' if action.count > 1 else ''} from "
                f"{clearing_name(action.origin)} to {clearing_name(action.to)}"
            )
        case Battle():
            if action.defender >= 0:
                them = action.defender
            else:
                found = core.defenders(state, f, action.clearing)
                them = found[0] if len(found) == 1 else other_side(state, f)
            return f"Battle the {name(them)} in {clearing_name(action.clearing)}"
        case PlayAmbush():
            verb = (
                "Cancel the ambush with"
                if state.stack and state.stack[-1].kind == "counter"
                else "Ambush with"
            )
            return f"{verb} {card_name(action.card)}"
        case UseEffect():
            text = EFFECT_TEXT[action.effect]
            if action.target >= 0:
                text = f"{text} (the {name(action.target)})"
            return text
        case DefenderFirst():
            return (
                f"Let the {name(other_side(state, f))} use battle effects first (you decide after)"
            )
        case TaxCollector():
            return f"Tax Collector: remove a warrior from {clearing_name(action.clearing)} to draw a card"
        case Remove():
            return f"Remove your {action.piece}"
        case Craft():
            c = card_of(action.card)
            return f"Craft {c.name} ({c.suit}) with {crafters_text(action.using)}"
        case Discard():
            return f"Discard {card_name(action.card)}"
        case ActivateDominance():
            return f"Activate {card_name(action.card)} (you score no more points)"
        case TakeDominance():
            return f"Spend {card_name(action.spend)} to take {card_name(action.card)}"
    for other in FACTIONS.values():
        words = other.describe(state, action)
        if words is not None:
            return words
    raise AssertionError(action)


def crafters_text(suits: Sequence[str]) -> str:
    """The crafting pieces a craft uses, by the suits of their clearings:
    ``crafting pieces in 2 fox clearings and a mouse one``."""
    counts = Counter(suits)
    parts = []
    for i, (suit, n) in enumerate(counts.items()):
        if i == 0:
            parts.append(f"a {suit} clearing" if n == 1 else f"{n} {suit} clearings")
        else:
            parts.append(f"a {suit} one" if n == 1 else f"{n} {suit} ones")
    return "crafting pieces in " + " and ".join(parts)


EFFECT_TEXT = {
    "royal_claim": "Royal Claim: discard it to score a point per clearing you rule",
    "stand_and_deliver": "Stand and Deliver!: take a random card from the enemy (they score 1)",
    "codebreakers": "Codebreakers: look at the enemy's hand",
    "brutal_tactics": "Brutal Tactics: deal an extra hit (the defender scores 1)",
    "sappers": "Sappers: discard them to deal an extra hit",
    "armorers": "Armorers: discard them to ignore the rolled hits you take",
    "better_burrow_bank": "Better Burrow Bank: you and this player draw a card",
}

STEP_DONE = {
    "birdsong": "End Birdsong",
    "daylight_start": "Start no battle (Command Warren)",
    "evening_start": "Take no move (Cobbler)",
    "discard": "End the turn",
}

PENDING_DONE = {
    "counter": "Let the ambush stand",
    "battle_effects": "Use no more battle effects",
}


def done_text(state: RootState) -> str:
    fac = FACTIONS[acting(state)]
    if state.stack:
        kind = state.stack[-1].kind
        return PENDING_DONE.get(kind) or fac.pending_done.get(kind, "Done")
    return STEP_DONE.get(state.step) or fac.step_done.get(state.step, "Done")


STEP_PROMPTS = {
    "birdsong": "Birdsong: use a Birdsong card, or go on to Daylight.",
    "daylight_start": "Start of Daylight: Command Warren lets you start a battle.",
    "evening_start": "Start of Evening: the Cobbler lets you take a move.",
    "discard": "Evening: discard down to five cards.",
}

PENDING_PROMPTS = {
    "ambush": "You are attacked: play an ambush?",
    "counter": "You are ambushed: cancel it with an ambush of your own?",
    "battle_effects": "The dice are rolled: use a battle effect?",
    "hits": "Taking hits: choose the piece to remove.",
    "bank_target": "Better Burrow Bank: choose the player who draws a card with you.",
}


def prompt(state: RootState) -> str:
    seat = to_act(state)
    if seat is None:
        return "The game is over."
    who = state.seats[seat].name
    f = acting(state)
    fac = FACTIONS[f]
    own = fac.prompt(state)
    if state.stack:
        p = state.stack[-1]
        text = PENDING_PROMPTS.get(p.kind) or fac.pending_prompts.get(p.kind, "Decide.")
        if own is not None:
            text = own
        elif p.kind == "battle_effects" and DefenderFirst() in legal_actions(state):
            text = (
                "The dice are rolled and both sides may use a battle effect: use yours "
                f"first, or let the {name(other_side(state, f))} go first?"
            )
        elif p.kind == "hits":
            text = f"Taking {p.count} more hit{'s' if p.count > 1 else ''} in {clearing_name(p.clearing)}: choose the piece to remove."
        return f"{who} ({name(f)}): {text}"
    if own is not None:
        return f"{who} ({name(f)}): {own}"
    text = STEP_PROMPTS.get(state.step) or fac.step_prompts.get(state.step, "Decide.")
    return f"{who} ({name(f)}): {text}"


def progress(state: RootState) -> str:
    if state.turn_number == 0:
        return "Setup"
    scores = ", ".join(f"{name(f)} {state.player(f).vp}" for f in setup_order(state))
    return f"Turn {state.turn_number}, {name(state.turn)}: {scores} points"
