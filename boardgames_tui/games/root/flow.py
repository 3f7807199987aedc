"""The turn: setup, then Birdsong, Daylight and Evening for each faction in
turn, with their "start of" effects; the decisions waiting on the stack
(battles, hits, Field Hospitals, the Price of Failure, the parts of a
minister's action); what may be done now and doing it.

``legal_actions`` answers for the decision on top of the stack, else for the
step of the turn.  ``perform`` carries out one action, then ``settle`` runs
everything automatic until the next real decision: a step or an optional
choice whose only option is "done" is passed by itself.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from boardgames_tui.engine.game import Action, Event, Seat
from boardgames_tui.engine.rng import Rng

from . import core
from .actions import (
    DECLINE,
    DONE,
    Battle,
    BuildCats,
    BuildDuchy,
    ChooseKeep,
    Craft,
    Decline,
    DefenderFirst,
    Dig,
    Discard,
    Done,
    ExtraAction,
    Hospital,
    Minister,
    Move,
    Overwork,
    PayWood,
    PlaceAt,
    PlaceStart,
    PlayAmbush,
    Recruit,
    Remove,
    ReturnMinister,
    Reveal,
    Spend,
    Sway,
    TaxCollector,
    UseEffect,
    Warriors,
)
from .cards import deck
from .core import CLEARINGS, card_name, clearing_name, name, plural
from .factions import duchy, marquise
from .model import (
    CATS,
    DUCHY,
    FACTION_NAMES,
    HAND_LIMIT,
    STARTING_HAND,
    Duchy,
    Marquise,
    Pending,
    RootOptions,
    RootState,
    Step,
    card_of,
)
from .tracks import duchy as duchy_board
from .tracks import item_supply
from .tracks import marquise as marquise_board

STEPS: dict[int, tuple[Step, ...]] = {
    CATS: ("birdsong", "daylight_start", "craft", "actions", "evening_start", "discard"),
    DUCHY: (
        "birdsong",
        "daylight_start",
        "assembly",
        "parliament",
        "sway",
        "evening_start",
        "evening_craft",
        "discard",
    ),
}
SETUP_STEPS: tuple[Step, ...] = ("keep", *marquise.START_STEPS)
DAYLIGHT_STEPS: tuple[Step, ...] = ("craft", "actions", "assembly", "parliament", "sway")
AUTOMATIC = ("battle", "failure")


# -------------------------------------------------------------------- setup
def new_game(seats: list[Seat], options: RootOptions, seed: int) -> RootState:
    """Both factions' pieces in their supplies, the deck without its four
    dominance cards (a two-player game) shuffled, three cards each, the first
    player drawn at random unless the options name one (after the deal, so the
    deal of a seed is the same whoever starts); then the Marquise's setup
    choices begin (setup order: the Marquise before the Duchy)."""
    cats_seat = options.marquise_seat
    state = RootState(
        seats=list(seats),
        rng=Rng.from_seed(seed),
        options=options,
        seat_of=[cats_seat, 1 - cats_seat],
    )
    mb = marquise_board()
    db = duchy_board()
    state.cats = Marquise(warriors=mb.warriors, wood=mb.wood)
    state.duchy = Duchy(
        warriors=db.warriors,
        tunnels=db.tunnels,
        unswayed=[m.name for m in db.ministers],
    )
    state.items = {str(k): v for k, v in item_supply().items()}
    state.draw_pile = [i for i, c in enumerate(deck()) if c.kind != "dominance"]
    state.rng.shuffle(state.draw_pile)
    state.step = "keep"
    opening = [
        Event(
            text=f"{seats[state.seat_of[CATS]].name} plays the {FACTION_NAMES[CATS]}, "
            f"{seats[state.seat_of[DUCHY]].name} the {FACTION_NAMES[DUCHY]}. The four dominance "
            "cards are set aside (two players)."
        )
    ]
    for faction in (CATS, DUCHY):
        opening += core.draw(state, faction, STARTING_HAND)
    if options.first is None:
        state.turn = state.rng.choice((CATS, DUCHY))
        how = "drawn at random"
    else:
        state.turn = CATS if options.first == "marquise" else DUCHY
        how = "as the table chose"
    starter = seats[state.seat_of[state.turn]].name
    opening.append(
        Event(text=f"{starter} ({FACTION_NAMES[state.turn]}) takes the first turn, {how}.")
    )
    state.opening = opening
    return state


def finish_setup(state: RootState) -> list[Event]:
    events = duchy.setup(state)
    state.step = "turn"
    events += enter(state, "birdsong")
    return events


# -------------------------------------------------------------------- steps
def enter(state: RootState, step: Step) -> list[Event]:
    """Begin a step: its automatic part ("place wood", "draw", ...)."""
    state.step = step
    faction = state.turn
    player = state.player(faction)
    events: list[Event] = []
    if step == "birdsong":
        state.turn_number += 1
        limit = state.options.turn_limit
        if limit and state.turn_number > limit:
            state.ended_by_limit = True
            state.step = "over"
            return [Event(text=f"The simulation's limit of {limit} turns is reached.")]
        state.cats.used.clear()
        state.duchy.used.clear()
        events.append(
            Event(text=f"Turn {state.turn_number}: the {FACTION_NAMES[faction]}'s Birdsong.")
        )
        if core.has_effect(player, "better_burrow_bank"):
            events.append(Event(text="Better Burrow Bank: both players draw a card."))
            events += core.draw(state, faction, 1)
            events += core.draw(state, 1 - faction, 1)
        events += marquise.birdsong(state) if faction == CATS else duchy.birdsong(state)
    elif step == "daylight_start":
        events.append(Event(text=f"The {FACTION_NAMES[faction]}'s Daylight."))
    elif step == "actions":
        state.actions_left = 3
    elif step == "assembly":
        state.actions_left = 2
    elif step == "evening_start":
        events.append(Event(text=f"The {FACTION_NAMES[faction]}'s Evening."))
    elif step == "evening_craft":
        events += duchy.return_revealed(state)
    elif step == "discard":
        n = marquise.evening_draws(state) if faction == CATS else duchy.evening_draws(state)
        events += core.draw(state, faction, n)
    return events


def advance(state: RootState) -> list[Event]:
    """Go on to the next step of the turn, or to the other faction's turn."""
    order = STEPS[state.turn]
    i = order.index(state.step)
    if i + 1 < len(order):
        return enter(state, order[i + 1])
    state.turn = 1 - state.turn
    state.actions_left = 0
    return enter(state, "birdsong")


def settle(state: RootState) -> list[Event]:
    """Run everything automatic until a real decision is due."""
    events: list[Event] = []
    while not state.over:
        if state.step == "duchy_setup":
            events += finish_setup(state)
            continue
        if state.stack and state.stack[-1].kind in AUTOMATIC:
            top = state.stack[-1]
            if top.kind == "battle":
                events += core.battle_step(state)
            else:
                state.stack.pop()
                events += core.price_of_failure(state)
            continue
        options = legal_actions(state)
        if options == [DONE]:
            events += do(state, DONE)
            continue
        return events
    return events


# -------------------------------------------------------------- card effects
def birdsong_effects(state: RootState, faction: int) -> list[Action]:
    player = state.player(faction)
    out: list[Action] = []
    if core.has_effect(player, "royal_claim"):
        out.append(UseEffect(effect="royal_claim"))
    if (
        core.has_effect(player, "stand_and_deliver")
        and "stand_and_deliver" not in player.used
        and state.player(1 - faction).hand
    ):
        out.append(UseEffect(effect="stand_and_deliver"))
    return out


def daylight_effects(state: RootState, faction: int) -> list[Action]:
    player = state.player(faction)
    out: list[Action] = []
    if core.has_effect(player, "tax_collector") and "tax_collector" not in player.used:
        out += [TaxCollector(clearing=n) for n in CLEARINGS if core.warriors(state, faction, n)]
    if core.has_effect(player, "codebreakers") and "codebreakers" not in player.used:
        out.append(UseEffect(effect="codebreakers"))
    return out


def use_effect(state: RootState, faction: int, effect: str) -> list[Event]:
    player = state.player(faction)
    enemy = state.player(1 - faction)
    if effect == "royal_claim":
        core.discard_crafted(state, faction, "royal_claim")
        n = len(core.ruled(state, faction))
        events = [
            Event(text=f"{name(faction)} discards Royal Claim: it rules {plural(n, 'clearing')}.")
        ]
        return events + core.gain(state, faction, n, "Royal Claim")
    if effect == "stand_and_deliver":
        player.used.append(effect)
        card = enemy.hand[state.rng.randbelow(len(enemy.hand))]
        core.take_from_hand(enemy, card)
        player.hand.append(card)
        player.known.append(card)
        events = [
            Event(
                text=f"Stand and Deliver!: {name(faction)} takes a card at random from "
                f"{name(1 - faction)}'s hand.",
                reveals=True,
            )
        ]
        return events + core.gain(state, 1 - faction, 1, "Stand and Deliver!")
    if effect == "codebreakers":
        player.used.append(effect)
        enemy.known = list(enemy.hand)
        return [
            Event(
                text=f"Codebreakers: {name(faction)} looks at {name(1 - faction)}'s hand.",
                seat=state.seat_of[faction],
                reveals=True,
            )
        ]
    raise AssertionError(effect)


def tax_collector(state: RootState, faction: int, clearing: int) -> list[Event]:
    state.player(faction).used.append("tax_collector")
    core.remove_warriors(state, faction, clearing, 1)
    events = [
        Event(
            text=f"Tax Collector: {name(faction)} removes a warrior from {clearing_name(clearing)}."
        )
    ]
    events += core.draw(state, faction, 1)
    core.flush(state)
    return events


def craft_options(state: RootState, faction: int) -> list[Action]:
    out: list[Action] = []
    for c in core.distinct(state.player(faction).hand):
        if core.can_craft(state, faction, c):
            out += [Craft(card=c, using=u) for u in core.craft_payments(state, faction, c)]
    return out


# ------------------------------------------------------------- legal actions
def to_act(state: RootState) -> int | None:
    if state.over:
        return None
    if state.stack:
        return state.seat_of[state.stack[-1].faction]
    if state.step in SETUP_STEPS:
        return state.seat_of[CATS]
    return state.seat_of[state.turn]


def legal_actions(state: RootState) -> list[Action]:
    if state.over:
        return []
    if state.stack:
        return pending_options(state, state.stack[-1])
    return step_options(state)


def step_options(state: RootState) -> list[Action]:
    step = state.step
    f = state.turn
    if step == "keep":
        return marquise.keep_options(state)
    if step in marquise.START_STEPS:
        return list(marquise.start_options(state))
    out: list[Action] = []
    if step == "birdsong":
        out = birdsong_effects(state, f)
    elif step == "daylight_start":
        if core.has_effect(state.player(f), "command_warren"):
            out = [Battle(clearing=n) for n in core.battle_targets(state, f)]
    elif step == "craft":
        out = craft_options(state, CATS)
    elif step == "actions":
        out = marquise.action_options(state)
    elif step == "assembly":
        out = duchy.assembly_options(state)
    elif step == "parliament":
        out = duchy.parliament_options(state)
    elif step == "sway":
        out = duchy.sway_options(state)
    elif step == "evening_start":
        if core.has_effect(state.player(f), "cobbler"):
            out = list(core.moves(state, f))
    elif step == "evening_craft":
        out = craft_options(state, DUCHY)
    elif step == "discard":
        hand = state.player(f).hand
        if len(hand) > HAND_LIMIT:
            return [Discard(card=c) for c in core.distinct(hand)]
    if step in DAYLIGHT_STEPS:
        out += daylight_effects(state, f)
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
    if k == "hospital":
        return [*(Hospital(card=c) for c in core.hospital_cards(state, p.clearing)), DECLINE]
    if k == "failure_choice":
        return [ReturnMinister(name=m) for m in p.names]
    if k in ("place_wood", "place_warrior"):
        return [PlaceAt(clearing=n) for n in sorted(set(p.numbers))]
    if k == "pay_wood":
        return [PayWood(clearing=n) for n in marquise.wood_sources(state, p.clearing)]
    if k in ("march", "move", "brigadier_moves"):
        return [*core.moves(state, f), DONE]
    if k in ("battle_choice", "brigadier_battles"):
        return [*(Battle(clearing=n) for n in core.battle_targets(state, f)), DONE]
    if k == "brigadier":
        return [
            *core.moves(state, f),
            *(Battle(clearing=n) for n in core.battle_targets(state, f)),
            DONE,
        ]
    if k == "foremole":
        return [*duchy.build_options(state, any_suit=True), DONE]
    if k == "banker":
        spends: list[Action] = list(duchy.banker_options(state, p))
        return [*spends, DONE] if p.count else spends or [DONE]
    if k == "mayor":
        return [*(Minister(name=m) for m in duchy.mayor_choices(state)), DONE]
    if k == "dig":
        return list(duchy.dig_options_warriors(state))
    if k == "sway":
        return list(duchy.reveal_options(state, p))
    raise AssertionError(f"no options for {k}")


# ------------------------------------------------------------------- perform
def perform(state: RootState, action: Action) -> list[Event]:
    events = do(state, action)
    return events + settle(state)


def do(state: RootState, action: Action) -> list[Event]:
    if state.stack:
        return do_pending(state, state.stack[-1], action)
    return do_step(state, action)


def do_step(state: RootState, action: Action) -> list[Event]:
    step = state.step
    f = state.turn
    if isinstance(action, ChooseKeep):
        return marquise.choose_keep(state, action.clearing)
    if isinstance(action, PlaceStart):
        return marquise.place_start(state, action)
    if isinstance(action, Done):
        return advance(state)
    if isinstance(action, UseEffect):
        return use_effect(state, f, action.effect)
    if isinstance(action, TaxCollector):
        return tax_collector(state, f, action.clearing)
    if isinstance(action, Craft):
        return core.craft(state, f, action.card, action.using)
    if isinstance(action, Discard):
        core.discard_from_hand(state, f, action.card)
        return [Event(text=f"{name(f)} discards {card_name(action.card)}.")]
    if step == "daylight_start":
        assert isinstance(action, Battle)
        events = [Event(text="Command Warren: a battle at the start of Daylight.")]
        events += advance(state)
        return events + core.start_battle(state, f, action.clearing)
    if step == "evening_start":
        assert isinstance(action, Move)
        events = [Event(text="Cobbler: a move at the start of Evening.")]
        events += core.do_move(state, f, action)
        return events + advance(state)
    if step == "actions":
        return marquise.perform_action(state, action)
    if step == "assembly":
        return duchy.perform_assembly(state, action)
    if step == "parliament":
        assert isinstance(action, Minister)
        return duchy.use_minister(state, action.name)
    if step == "sway":
        assert isinstance(action, Sway)
        return duchy.start_sway(state, action.minister)
    raise AssertionError(f"{action} in step {step}")


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
    if k == "hospital":
        state.stack.pop()
        if isinstance(action, Hospital):
            return core.field_hospital(state, p.clearing, p.count, action.card)
        return [
            Event(
                text=f"The Marquise lets the {'warrior' if p.count == 1 else f'{p.count} warriors'} "
                f"from {clearing_name(p.clearing)} go."
            )
        ]
    if k == "failure_choice":
        assert isinstance(action, ReturnMinister)
        state.stack.pop()
        return core.return_minister(state, action.name)
    if k in ("place_wood", "place_warrior"):
        assert isinstance(action, PlaceAt)
        return marquise.place_choice(state, p, action.clearing)
    if k == "pay_wood":
        assert isinstance(action, PayWood)
        return marquise.pay(state, p, action.clearing)
    if k in ("march", "move", "brigadier_moves"):
        state.stack.pop()
        if isinstance(action, Move):
            return core.do_move(state, p.faction, action)
        return []
    if k in ("battle_choice", "brigadier_battles"):
        state.stack.pop()
        if isinstance(action, Battle):
            return core.start_battle(state, p.faction, action.clearing)
        return []
    if k == "brigadier":
        state.stack.pop()
        if isinstance(action, Move):
            state.stack.append(Pending(kind="brigadier_moves", faction=p.faction))
            return core.do_move(state, p.faction, action)
        if isinstance(action, Battle):
            state.stack.append(Pending(kind="brigadier_battles", faction=p.faction))
            return core.start_battle(state, p.faction, action.clearing)
        return []
    if k == "foremole":
        state.stack.pop()
        if isinstance(action, BuildDuchy):
            return duchy.build(state, action)
        return []
    if k == "banker":
        if isinstance(action, Spend):
            return duchy.spend(state, p, action.card)
        state.stack.pop()
        return []
    if k == "mayor":
        state.stack.pop()
        if isinstance(action, Minister):
            events = [Event(text=f"The Mayor takes the action of the {action.name}.")]
            return events + duchy.minister_action(state, action.name)
        return []
    if k == "dig":
        assert isinstance(action, Warriors)
        return duchy.dig_move(state, p, action.count)
    if k == "sway":
        assert isinstance(action, Reveal)
        events = duchy.reveal(state, p, action.card)
        if (not state.stack or state.stack[-1] is not p) and not state.over:
            events += advance(state)
        return events
    raise AssertionError(f"{action} for {k}")


# ------------------------------------------------------------------ words
def describe(state: RootState, action: Action) -> str:
    f = state.stack[-1].faction if state.stack else state.turn
    match action:
        case Done():
            return done_text(state)
        case Decline():
            if state.stack and state.stack[-1].kind == "hospital":
                return "Spend no card for Field Hospitals"
            return "Play no ambush"
        case ChooseKeep():
            return f"Place the keep in {clearing_name(action.clearing)}"
        case PlaceStart():
            return f"Place the first {action.building} in {clearing_name(action.clearing)}"
        case Move():
            return (
                f"Move {action.count} warrior{'s' if action.count > 1 else ''} from "
                f"{clearing_name(action.origin)} to {clearing_name(action.to)}"
            )
        case Battle():
            return f"Battle the {name(1 - f)} in {clearing_name(action.clearing)}"
        case PlayAmbush():
            verb = (
                "Cancel the ambush with"
                if state.stack and state.stack[-1].kind == "counter"
                else "Ambush with"
            )
            return f"{verb} {card_name(action.card)}"
        case UseEffect():
            return EFFECT_TEXT[action.effect]
        case DefenderFirst():
            return f"Let the {name(1 - f)} use battle effects first (you decide after)"
        case TaxCollector():
            return f"Tax Collector: remove a warrior from {clearing_name(action.clearing)} to draw a card"
        case Remove():
            return f"Remove your {action.piece}"
        case Hospital():
            return (
                f"Field Hospitals: spend {card_name(action.card)} to bring the warriors to the keep"
            )
        case Craft():
            c = card_of(action.card)
            return f"Craft {c.name} ({c.suit}) with {crafters_text(action.using)}"
        case Discard():
            return f"Discard {card_name(action.card)}"
        case PlaceAt():
            piece = state.stack[-1].kind.removeprefix("place_") if state.stack else "piece"
            what = "wood" if piece == "wood" else f"a {piece}"
            return f"Place {what} in {clearing_name(action.clearing)}"
        case Recruit():
            if f == CATS:
                return "Recruit: a warrior at each recruiter"
            return "Recruit a warrior into the Burrow"
        case BuildCats():
            space = marquise.next_space(state, action.building)
            cost = space.wood if space else 0
            vp = space.vp if space else 0
            return f"Build a {action.building} in {clearing_name(action.clearing)} ({cost} wood, {plural(vp, 'point')})"
        case PayWood():
            return f"Pay wood from {clearing_name(action.clearing)}"
        case Overwork():
            return f"Overwork: spend {card_name(action.card)} for wood at the sawmill in {clearing_name(action.clearing)}"
        case ExtraAction():
            return f"Spend {card_name(action.card)} for an extra action"
        case BuildDuchy():
            return f"Reveal {card_name(action.card)} to build a {action.building} in {clearing_name(action.clearing)}"
        case Dig():
            moved = (
                f", moving the tunnel from {clearing_name(action.replace)}"
                if action.replace
                else ""
            )
            return f"Dig: spend {card_name(action.card)} for a tunnel in {clearing_name(action.clearing)}{moved}"
        case Warriors():
            return (
                f"Bring {action.count} warrior{'s' if action.count != 1 else ''} up from the Burrow"
            )
        case Minister():
            m = duchy_board().minister(action.name)
            from .tracks import action_text

            return f"{m.name}: {action_text(m.action)}"
        case Spend():
            return f"Banker: spend {card_name(action.card)} for a point"
        case Sway():
            m = duchy_board().minister(action.minister)
            return f"Sway the {m.name} ({m.rank}, reveal {duchy_board().cards_to_sway(m)} cards)"
        case Reveal():
            return f"Reveal {card_name(action.card)}"
        case ReturnMinister():
            return f"Return the {action.name} (its crown leaves the game)"
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
}

STEP_DONE = {
    "birdsong": "End Birdsong",
    "daylight_start": "Start no battle (Command Warren)",
    "craft": "Craft no more",
    "actions": "End Daylight",
    "assembly": "End the Assembly",
    "parliament": "End Parliament",
    "sway": "Sway no minister",
    "evening_start": "Take no move (Cobbler)",
    "evening_craft": "Craft no more",
    "discard": "End the turn",
}

PENDING_DONE = {
    "counter": "Let the ambush stand",
    "battle_effects": "Use no more battle effects",
    "march": "Take no second move",
    "move": "Take no move",
    "brigadier_moves": "Take no second move",
    "battle_choice": "Start no battle",
    "brigadier_battles": "Start no second battle",
    "brigadier": "Neither move nor battle",
    "foremole": "Build nothing",
    "banker": "Spend no more cards",
    "mayor": "Copy no minister",
}


def done_text(state: RootState) -> str:
    if state.stack:
        return PENDING_DONE.get(state.stack[-1].kind, "Done")
    return STEP_DONE.get(state.step, "Done")


STEP_PROMPTS = {
    "keep": "choose the corner clearing for your keep.",
    "start_sawmill": "place your first sawmill in or next to the keep.",
    "start_workshop": "place your first workshop in or next to the keep.",
    "start_recruiter": "place your first recruiter in or next to the keep.",
    "birdsong": "Birdsong: use a Birdsong card, or go on to Daylight.",
    "daylight_start": "Start of Daylight: Command Warren lets you start a battle.",
    "craft": "Daylight: craft with your workshops.",
    "assembly": "Assembly: take up to two actions (build, recruit, move, battle, dig).",
    "parliament": "Parliament: take each swayed minister's action once.",
    "sway": "Sway: you may sway one minister.",
    "evening_start": "Start of Evening: the Cobbler lets you take a move.",
    "evening_craft": "Evening: craft with your citadels and markets.",
    "discard": "Evening: discard down to five cards.",
}

PENDING_PROMPTS = {
    "ambush": "You are attacked: play an ambush?",
    "counter": "You are ambushed: cancel it with an ambush of your own?",
    "battle_effects": "The dice are rolled: use a battle effect?",
    "hits": "Taking hits: choose the piece to remove.",
    "hospital": "Field Hospitals: spend a matching card to bring the removed warriors to the keep?",
    "failure_choice": "The Price of Failure: choose which minister returns.",
    "place_wood": "Not enough wood: choose a sawmill to place wood at.",
    "place_warrior": "Not enough warriors: choose a recruiter to place a warrior at.",
    "pay_wood": "Choose where the wood for this building comes from.",
    "march": "March: take a second move?",
    "move": "Marshal: take a move.",
    "brigadier": "Brigadier: take up to two moves, or start up to two battles.",
    "brigadier_moves": "Brigadier: a second move?",
    "brigadier_battles": "Brigadier: a second battle?",
    "battle_choice": "Captain: start a battle.",
    "foremole": "Foremole: reveal any card to build in a clearing you rule.",
    "banker": "Banker: spend cards of one suit for a point each.",
    "mayor": "Mayor: take the action of a swayed squire or noble.",
    "dig": "Dig: how many warriors come up from the Burrow?",
    "sway": "Sway: reveal the next card.",
}


def prompt(state: RootState) -> str:
    seat = to_act(state)
    if seat is None:
        return "The game is over."
    who = state.seats[seat].name
    if state.stack:
        p = state.stack[-1]
        text = PENDING_PROMPTS.get(p.kind, "Decide.")
        if p.kind == "sway":
            need = duchy_board().cards_to_sway(duchy_board().minister(p.names[0]))
            text = f"Sway the {p.names[0]}: reveal card {len(p.numbers) + 1} of {need}."
        elif p.kind == "battle_effects" and DefenderFirst() in legal_actions(state):
            text = (
                "The dice are rolled and both sides may use a battle effect: use yours "
                f"first, or let the {name(1 - p.faction)} go first?"
            )
        elif p.kind == "hits":
            text = f"Taking {p.count} more hit{'s' if p.count > 1 else ''} in {clearing_name(p.clearing)}: choose the piece to remove."
        return f"{who} ({name(p.faction)}): {text}"
    if state.step == "actions":
        return f"{who} (Marquise): Daylight, {state.actions_left} action{'s' if state.actions_left != 1 else ''} left."
    if state.step == "assembly":
        return f"{who} (Duchy): Assembly, {state.actions_left} action{'s' if state.actions_left != 1 else ''} left."
    faction = CATS if state.turn_number == 0 else state.turn
    return f"{who} ({name(faction)}): {STEP_PROMPTS.get(state.step, 'Decide.')}"


def progress(state: RootState) -> str:
    if state.turn_number == 0:
        return "Setup"
    return (
        f"Turn {state.turn_number}, {name(state.turn)}: Marquise {state.cats.vp}, "
        f"Duchy {state.duchy.vp} points"
    )
