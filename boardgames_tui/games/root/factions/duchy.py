"""The Underground Duchy (Law 12): setup, Birdsong's recruits into the Burrow,
Assembly (build, recruit, move, battle, dig), Parliament (every minister),
Sway, and Evening's revealed cards and draws."""

from __future__ import annotations

from collections import Counter

from boardgames_tui.engine.game import Action, Event

from .. import core
from ..actions import (
    Battle,
    BuildDuchy,
    Dig,
    Minister,
    Recruit,
    Reveal,
    Spend,
    Sway,
    Warriors,
)
from ..core import CLEARINGS, WOODLAND, clearing_name
from ..model import BURROW, DUCHY, DUCHY_BUILDING_KINDS, HIDDEN, Pending, RootState, card_of
from ..tracks import (
    Battles,
    BuildAnywhere,
    CashIn,
    CopyMinister,
    DuchyBuilding,
    Moves,
    MovesOrBattles,
    ScoreIfAllTunnels,
    ScorePerBuilding,
    duchy,
)

DIG_WARRIORS = 4


# -------------------------------------------------------------------- setup
def setup(state: RootState) -> list[Event]:
    """12.3.3: two warriors and a tunnel in a corner that is not the keep's,
    diagonally opposite it when possible (always, with two players), and two
    warriors in each clearing adjacent to it."""
    corner = WOODLAND.opposite_corner(state.cats.keep)
    d = state.duchy
    state.clearings[corner].moles += 2
    state.clearings[corner].tunnel = True
    d.tunnels -= 1
    d.warriors -= 2
    for n in sorted(WOODLAND.neighbours(corner)):
        state.clearings[n].moles += 2
        d.warriors -= 2
    near = ", ".join(clearing_name(n) for n in sorted(WOODLAND.neighbours(corner)))
    return [
        Event(
            text=f"The Duchy surfaces in {clearing_name(corner)} with two warriors and a tunnel, "
            f"and two warriors in each of {near}."
        )
    ]


# ------------------------------------------------------------------ Birdsong
def on_map(state: RootState) -> dict[DuchyBuilding, int]:
    return {b: core.on_map(state, b) for b in DUCHY_BUILDING_KINDS}


def birdsong(state: RootState) -> list[Event]:
    """12.4: one warrior, plus one per warrior icon showing, into the Burrow."""
    want = duchy().birdsong_recruits(on_map(state))
    n = min(want, state.duchy.warriors)
    state.duchy.warriors -= n
    state.clearings[BURROW].moles += n
    short = f" (the supply had only {n})" if n < want else ""
    return [
        Event(text=f"The Duchy places {n} warrior{'s' if n != 1 else ''} in the Burrow{short}.")
    ]


# ------------------------------------------------------------------ Assembly
def build_options(state: RootState, any_suit: bool) -> list[BuildDuchy]:
    """Reveal a card to place a citadel or market in a clearing the Duchy
    rules (matching the card, unless the Foremole builds)."""
    kinds = [b for b in DUCHY_BUILDING_KINDS if core.on_map(state, b) < duchy().buildings(b)]
    if not kinds:
        return []
    spots = [
        n
        for n in CLEARINGS
        if core.rules(state, DUCHY, n)
        and core.free_slots(state, n) > 0
        and core.may_place(state, DUCHY, n)
    ]
    out: list[BuildDuchy] = []
    for c in core.distinct(state.duchy.hand):
        suit = card_of(c).suit
        for n in spots:
            if any_suit or core.matches(suit, n):
                out += [BuildDuchy(card=c, clearing=n, building=b) for b in kinds]
    return out


def build(state: RootState, action: BuildDuchy) -> list[Event]:
    core.take_from_hand(state.duchy, action.card)
    state.duchy.revealed.append(action.card)
    state.clearings[action.clearing].buildings.append(action.building)
    return [
        Event(
            text=f"The Duchy reveals {core.card_name(action.card)} and builds a {action.building} "
            f"in {clearing_name(action.clearing)}.",
            reveals=True,
        )
    ]


def dig_options(state: RootState) -> list[Dig]:
    """Spend a card to place a tunnel in a matching clearing without one
    (moving a tunnel from the map first when all three are out, 12.2.4)."""
    d = state.duchy
    have = core.tunnels(state)
    out: list[Dig] = []
    spots = [n for n in CLEARINGS if n not in have and core.may_place(state, DUCHY, n)]
    for c in core.distinct(d.hand):
        suit = card_of(c).suit
        for n in spots:
            if core.matches(suit, n):
                if d.tunnels > 0:
                    out.append(Dig(card=c, clearing=n))
                else:
                    out += [Dig(card=c, clearing=n, replace=t) for t in have]
    return out


def dig(state: RootState, action: Dig) -> list[Event]:
    d = state.duchy
    core.discard_from_hand(state, DUCHY, action.card)
    events: list[Event] = []
    if action.replace:
        state.clearings[action.replace].tunnel = False
        d.tunnels += 1
        events.append(
            Event(text=f"The Duchy takes up its tunnel in {clearing_name(action.replace)}.")
        )
    state.clearings[action.clearing].tunnel = True
    d.tunnels -= 1
    events.append(
        Event(
            text=f"The Duchy spends {core.card_name(action.card)} to dig a tunnel in "
            f"{clearing_name(action.clearing)}."
        )
    )
    if state.clearings[BURROW].moles:
        state.stack.append(Pending(kind="dig", faction=DUCHY, clearing=action.clearing))
    return events


def dig_options_warriors(state: RootState) -> list[Warriors]:
    most = min(DIG_WARRIORS, state.clearings[BURROW].moles)
    return [Warriors(count=k) for k in range(most, -1, -1)]


def dig_move(state: RootState, pending: Pending, count: int) -> list[Event]:
    state.stack.pop()
    state.clearings[BURROW].moles -= count
    state.clearings[pending.clearing].moles += count
    return [
        Event(
            text=f"{count} warriors come up from the Burrow into {clearing_name(pending.clearing)}."
        )
    ]


def assembly_options(state: RootState) -> list[Action]:
    if state.actions_left <= 0:
        return []
    out: list[Action] = []
    out += build_options(state, any_suit=False)
    if state.duchy.warriors > 0:
        out.append(Recruit())
    out += core.moves(state, DUCHY)
    out += [Battle(clearing=n) for n in core.battle_targets(state, DUCHY)]
    out += dig_options(state)
    return out


def perform_assembly(state: RootState, action: Action) -> list[Event]:
    state.actions_left -= 1
    if isinstance(action, BuildDuchy):
        return build(state, action)
    if isinstance(action, Recruit):
        state.duchy.warriors -= 1
        state.clearings[BURROW].moles += 1
        return [Event(text="The Duchy recruits a warrior into the Burrow.")]
    if isinstance(action, Battle):
        return core.start_battle(state, DUCHY, action.clearing)
    if isinstance(action, Dig):
        return dig(state, action)
    from ..actions import Move

    assert isinstance(action, Move)
    return core.do_move(state, DUCHY, action)


# ---------------------------------------------------------------- Parliament
MAYOR_COPIES = ("squire", "noble")


def possible(state: RootState, minister: str, depth: int = 0) -> bool:
    """Whether a minister's action could do anything now."""
    act = duchy().minister(minister).action
    match act:
        case BuildAnywhere():
            return bool(build_options(state, any_suit=True))
        case Battles():
            return bool(core.battle_targets(state, DUCHY))
        case Moves():
            return core.can_move(state, DUCHY)
        case MovesOrBattles():
            return core.can_move(state, DUCHY) or bool(core.battle_targets(state, DUCHY))
        case CashIn():
            return bool(state.duchy.hand)
        case CopyMinister():
            return depth == 0 and bool(mayor_choices(state))
        case ScoreIfAllTunnels() | ScorePerBuilding():
            return True


def mayor_choices(state: RootState) -> list[str]:
    """The Mayor takes the action of any swayed squire or noble, except its
    own (ruling R-MAYOR-SELF)."""
    board = duchy()
    return [
        m
        for m in state.duchy.swayed
        if board.minister(m).rank in MAYOR_COPIES
        and not isinstance(board.minister(m).action, CopyMinister)
        and possible(state, m, depth=1)
    ]


def parliament_options(state: RootState) -> list[Action]:
    return [
        Minister(name=m)
        for m in state.duchy.swayed
        if f"minister:{m}" not in state.duchy.used and possible(state, m)
    ]


def use_minister(state: RootState, minister: str) -> list[Event]:
    state.duchy.used.append(f"minister:{minister}")
    return [Event(text=f"Parliament: the {minister} acts.")] + minister_action(state, minister)


def minister_action(state: RootState, minister: str) -> list[Event]:
    act = duchy().minister(minister).action
    match act:
        case BuildAnywhere():
            state.stack.append(Pending(kind="foremole", faction=DUCHY))
        case Battles():
            state.stack.append(Pending(kind="battle_choice", faction=DUCHY))
        case Moves():
            state.stack.append(Pending(kind="move", faction=DUCHY))
        case MovesOrBattles():
            state.stack.append(Pending(kind="brigadier", faction=DUCHY, count=act.up_to))
        case CashIn():
            state.stack.append(Pending(kind="banker", faction=DUCHY))
        case CopyMinister():
            state.stack.append(Pending(kind="mayor", faction=DUCHY))
        case ScoreIfAllTunnels():
            if state.duchy.tunnels == 0:
                return core.gain(state, DUCHY, act.vp, minister)
            return [Event(text=f"Not every tunnel is on the map: the {minister} scores nothing.")]
        case ScorePerBuilding():
            return core.gain(state, DUCHY, act.vp_each * core.on_map(state, act.building), minister)
    return []


def banker_options(state: RootState, pending: Pending) -> list[Spend]:
    suit = pending.names[0] if pending.names else None
    return [
        Spend(card=c)
        for c in core.distinct(state.duchy.hand)
        if suit is None or card_of(c).suit in ("bird", suit)
    ]


def spend(state: RootState, pending: Pending, card: int) -> list[Event]:
    """The Banker: each card spent (all of one suit, birds wild) scores 1."""
    core.discard_from_hand(state, DUCHY, card)
    suit = card_of(card).suit
    if suit != "bird" and not pending.names:
        pending.names.append(suit)
    pending.count += 1
    events = [Event(text=f"The Banker spends {core.card_name(card)}.")]
    return events + core.gain(state, DUCHY, 1, "Banker")


# --------------------------------------------------------------------- Sway
def sway_capacity(state: RootState) -> Counter[str]:
    """Suited clearings with a Duchy piece, by suit: each lets one matching
    card be revealed."""
    have: Counter[str] = Counter()
    for n in CLEARINGS:
        if core.has_pieces(state, DUCHY, n):
            have[core.suit_of(n) or ""] += 1
    return have


def most_revealable(cards: list[int], capacity: Counter[str]) -> int:
    """The most of these cards that can be revealed at once, each matching a
    different clearing (birds match any)."""
    suits = Counter(card_of(c).suit for c in cards if c != HIDDEN)
    birds = suits.pop("bird", 0)
    return min(
        sum(capacity.values()),
        sum(min(k, capacity[s]) for s, k in suits.items()) + birds,
    )


def revealable(cards: list[int], capacity: Counter[str]) -> bool:
    return most_revealable(cards, capacity) == len(cards)


def sway_options(state: RootState) -> list[Action]:
    board = duchy()
    d = state.duchy
    cap = sway_capacity(state)
    best = most_revealable(d.hand, cap)
    return [
        Sway(minister=m)
        for m in sorted(d.unswayed, key=lambda m: board.minister(m).number)
        if core.crowns_left(state, board.minister(m).rank) > 0
        and best >= board.cards_to_sway(board.minister(m))
    ]


def start_sway(state: RootState, minister: str) -> list[Event]:
    state.stack.append(Pending(kind="sway", faction=DUCHY, names=[minister]))
    return [Event(text=f"The Duchy sets out to sway the {minister}.")]


def reveal_options(state: RootState, pending: Pending) -> list[Reveal]:
    board = duchy()
    need = board.cards_to_sway(board.minister(pending.names[0]))
    cap = sway_capacity(state)
    chosen = list(pending.numbers)
    hand = state.duchy.hand
    out: list[Reveal] = []
    for c in core.distinct(hand):
        with_c = [*chosen, c]
        if not revealable(with_c, cap):
            continue
        rest = list(hand)
        rest.remove(c)
        if most_revealable(with_c + rest, cap) >= need:
            out.append(Reveal(card=c))
    return out


def reveal(state: RootState, pending: Pending, card: int) -> list[Event]:
    """Reveal a card toward the sway; with the last one, sway the minister
    and score the crown space it uncovers (12.5.3)."""
    board = duchy()
    d = state.duchy
    minister = board.minister(pending.names[0])
    core.take_from_hand(d, card)
    d.revealed.append(card)
    pending.numbers.append(card)
    events = [Event(text=f"The Duchy reveals {core.card_name(card)}.", reveals=True)]
    if len(pending.numbers) < board.cards_to_sway(minister):
        return events
    state.stack.pop()
    vp = board.sway_vp(minister.rank, core.crowns_left(state, minister.rank))
    d.unswayed.remove(minister.name)
    d.swayed.append(minister.name)
    events.append(
        Event(text=f"The Duchy sways the {minister.name} and places a {minister.rank}'s crown.")
    )
    return events + core.gain(state, DUCHY, vp, "swaying ministers")


# ------------------------------------------------------------------- Evening
def return_revealed(state: RootState) -> list[Event]:
    """12.6.1: revealed bird cards are discarded, the rest go back to hand
    (where the Marquise has seen them)."""
    d = state.duchy
    if not d.revealed:
        return []
    birds = [c for c in d.revealed if card_of(c).suit == "bird"]
    rest = [c for c in d.revealed if card_of(c).suit != "bird"]
    state.discard.extend(birds)
    d.hand.extend(rest)
    d.known.extend(rest)
    d.revealed.clear()
    return [
        Event(
            text=f"The Duchy discards {len(birds)} revealed bird card{'s' if len(birds) != 1 else ''} "
            f"and takes {len(rest)} revealed card{'s' if len(rest) != 1 else ''} back."
        )
    ]


def evening_draws(state: RootState) -> int:
    return duchy().evening_draws(on_map(state))
