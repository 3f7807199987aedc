"""The Woodland Alliance's rules (Law 8) as functions over a
:class:`RootState`, by the Law's headings: the Supporters stack (8.2.3) and
spending it, removing a base (8.2.4), sympathy (8.2.5), Outrage (8.2.6),
Revolt and Spread Sympathy (8.4), Mobilize and Train (8.5), Military
Operations' Recruit and Organize (8.6.1) and the Evening draw (8.6.2).

Supporters are spent by suit: an action names its clearing, and the cards
spent are the clearing's own suit first (a dominance card last), birds only
for what is left (ruling R-ALLIANCE-SPEND)."""

from __future__ import annotations

from math import ceil

from boardgames_tui.engine.game import Event

from ... import core
from ...core import clearing_name
from ...model import RootState, card_of
from .decisions import Outrage, OutrageDue, SupportersOver
from .state import (
    ALLIANCE,
    BASE_SUITS,
    BASES,
    MARTIAL_LAW,
    STACK_LIMIT,
    SYMPATHY,
    SYMPATHY_TOKENS,
    TRACK_COST,
    TRACK_VP,
    Alliance,
    me,
)


# -------------------------------------------------------------- the map
def sympathetic(state: RootState, number: int) -> bool:
    """A sympathetic clearing (8.2.5.II): one with a sympathy token."""
    tokens = state.clearings[number].tokens
    return bool(tokens) and SYMPATHY in tokens


def sympathetic_clearings(state: RootState) -> list[int]:
    return [n for n in state.woodland.numbers if sympathetic(state, n)]


def bases_on_map(state: RootState) -> dict[str, int]:
    """The bases on the map: the clearing of each, by suit."""
    found: dict[str, int] = {}
    places = state.clearings
    for n in state.woodland.numbers:
        for b in places[n].buildings:
            suit = BASE_SUITS.get(b)
            if suit is not None:
                found[suit] = n
    return found


def bases_on_board(state: RootState) -> list[str]:
    """The suits of the bases still on the faction board (not on the map)."""
    there = bases_on_map(state)
    return [suit for suit in BASES if suit not in there]


def placed(state: RootState) -> int:
    """Sympathy tokens off the track (on the map)."""
    return SYMPATHY_TOKENS - me(state).sympathy


# ------------------------------------------------------ the supporters
def stack_full(state: RootState) -> bool:
    """8.2.3.I: with no base on the map the stack holds five cards at most."""
    return len(me(state).supporters) >= STACK_LIMIT and not bases_on_map(state)


def add_supporter(state: RootState, card: int) -> list[Event]:
    """A card gained onto the stack, or discarded when it cannot hold it."""
    if stack_full(state):
        core.to_discard(state, card)
        return [
            Event(
                text=f"The Supporters stack is full (no base on the map): "
                f"{core.card_name(card)} is discarded."
            )
        ]
    me(state).supporters.append(card)
    return []


def _spend_order(card: int, suit: str) -> tuple[int, int, int]:
    """Cards of the suit first, birds after; a dominance card after the others."""
    c = card_of(card)
    return (0 if c.suit == suit else 1, int(core.is_dominance(card)), card)


def payment(alliance: Alliance, suit: str, n: int) -> list[int] | None:
    """The ``n`` supporters spent for ``suit`` (birds wild), or None when the
    stack has too few."""
    fits = [c for c in alliance.supporters if card_of(c).suit in (suit, "bird")]
    if len(fits) < n:
        return None
    return sorted(fits, key=lambda c: _spend_order(c, suit))[:n]


def can_pay(alliance: Alliance, suit: str, n: int) -> bool:
    return sum(1 for c in alliance.supporters if card_of(c).suit in (suit, "bird")) >= n


def spend_supporters(state: RootState, suit: str, n: int) -> list[Event]:
    alliance = me(state)
    cards = payment(alliance, suit, n)
    assert cards is not None, (suit, n)
    for c in cards:
        alliance.supporters.remove(c)
        core.to_discard(state, c)
    names = ", ".join(core.card_name(c) for c in cards)
    return [Event(text=f"The Alliance spend {core.plural(n, 'supporter')}: {names}.")]


# -------------------------------------------------------- removing bases
def base_removed(state: RootState, suit: str) -> list[Event]:
    """8.2.4: the supporters of the base's suit (birds too) discarded, half
    the officers (rounded up) removed; with no base left, down to five."""
    alliance = me(state)
    gone = [c for c in alliance.supporters if card_of(c).suit in (suit, "bird")]
    for c in gone:
        alliance.supporters.remove(c)
        core.to_discard(state, c)
    lost = ceil(alliance.officers / 2)
    alliance.officers -= lost
    alliance.warriors += lost
    events = [
        Event(
            text=f"The {suit} base is lost: the Alliance discard "
            f"{core.plural(len(gone), 'supporter')} ({suit} and bird) and lose "
            f"{core.plural(lost, 'officer')}."
        )
    ]
    if gone:
        events[0] = Event(
            text=events[0].text[:-1] + ": " + ", ".join(core.card_name(c) for c in gone) + "."
        )
    if not bases_on_map(state) and len(alliance.supporters) > STACK_LIMIT:
        state.stack.append(SupportersOver(faction=ALLIANCE))
    return events


# ----------------------------------------------------------------- Outrage
def outrage(state: RootState, payer: int, clearing: int) -> list[Event]:
    """8.2.6: the player who removed sympathy or moved warriors into a
    sympathetic clearing owes Outrage, worked out when the marker reaches
    the top of the stack (:func:`settle_outrage`).  A decision of the
    payer's own on top is the rest of the action under way (a second move
    to take): the marker waits beneath it, as an action is not interrupted
    (1.4.2)."""
    due = OutrageDue(faction=payer, clearing=clearing)
    top = state.stack[-1] if state.stack else None
    if top is not None and top.faction == payer and not top.automatic:
        state.stack.insert(len(state.stack) - 1, due)
    else:
        state.stack.append(due)
    where = clearing_name(state, clearing)
    return [Event(text=f"Outrage in {where}: {core.the(payer, 'owes')} the Alliance a card.")]


def settle_outrage(state: RootState, due: OutrageDue) -> list[Event]:
    """The payer adds a matching card (birds too) to the stack (the
    :class:`Outrage` decision); with none, shows their hand to the Alliance,
    who draw a card onto the stack."""
    state.stack.pop()
    payer, clearing = due.faction, due.clearing
    suit = core.suit_of(state, clearing)
    assert suit is not None
    player = state.player(payer)
    where = clearing_name(state, clearing)
    if any(core.matches(state, card_of(c).suit, clearing) for c in player.hand):
        state.stack.append(Outrage(faction=payer, clearing=clearing))
        return []
    if len(state.players) == 2:
        player.known = list(player.hand)
    else:
        player.seen_by[ALLIANCE] = list(player.hand)
    events = [
        Event(
            text=f"Outrage in {where}: {core.the(payer, 'has')} no {suit} card and show "
            "their hand to the Alliance.",
            seat=state.seat(ALLIANCE),
            reveals=True,
        )
    ]
    return events + draw_supporter(state)


def draw_supporter(state: RootState) -> list[Event]:
    """The Alliance draw a card from the deck onto the stack."""
    alliance = me(state)
    before = len(alliance.hand)
    events = core.draw(state, ALLIANCE, 1)
    if len(alliance.hand) == before:
        return events
    card = alliance.hand.pop()
    return [
        Event(text="The Alliance draw a card onto the Supporters stack.", reveals=True),
        *add_supporter(state, card),
    ]


def outrage_cards(state: RootState, p: Outrage) -> list[int]:
    hand = state.player(p.faction).hand
    return core.distinct(c for c in hand if core.matches(state, card_of(c).suit, p.clearing))


def give_supporter(state: RootState, p: Outrage, card: int) -> list[Event]:
    state.stack.pop()
    core.take_from_hand(state.player(p.faction), card)
    events = [
        Event(
            text=f"{core.the(p.faction, 'adds', start=True)} a card to the Alliance's supporters."
        )
    ]
    return events + add_supporter(state, card)


# --------------------------------------------------------------- Birdsong
def revolt_sites(state: RootState) -> list[int]:
    """8.4.1: sympathetic clearings matching a base on the faction board,
    with two supporters to spend and room for the base once the enemy
    buildings there are gone."""
    alliance = me(state)
    board = bases_on_board(state)
    if not board:
        return []
    out = []
    for n in sympathetic_clearings(state):
        suit = state.woodland.suits[n]
        if suit not in board or not can_pay(alliance, suit, 2):
            continue
        if not core.may_place(state, ALLIANCE, n):
            continue
        theirs = [b for b in state.clearings[n].buildings if b not in BASE_SUITS]
        if core.free_slots(state, n) + len(theirs) > 0:
            out.append(n)
    return out


def revolt(state: RootState, clearing: int) -> list[Event]:
    """Spend two supporters; remove every enemy piece there (a point per
    building and token); place the base and a warrior per sympathetic
    clearing of its suit; one more warrior becomes an officer."""
    suit = state.woodland.suits[clearing]
    where = clearing_name(state, clearing)
    events = [Event(text=f"The Alliance revolt in {where}!")]
    events += spend_supporters(state, suit, 2)
    # Every enemy piece, as any "remove all enemy pieces" effect (the
    # Vagabond's pawn stays, three of his items damaged: Law 9.2.2.I).
    events += core.remove_enemy_pieces(state, ALLIANCE, clearing)
    if state.over:
        return events
    alliance = me(state)
    core.add_building(state, clearing, BASES[suit])
    wanted = sum(1 for n in state.woodland.of_suit(suit) if sympathetic(state, n))
    n = min(wanted, alliance.warriors)
    alliance.warriors -= n
    core.add_warriors(state, ALLIANCE, clearing, n)
    officer = 1 if alliance.warriors else 0
    alliance.warriors -= officer
    alliance.officers += officer
    events.append(
        Event(
            text=f"The {suit} base rises in {where} with {core.plural(n, 'warrior')}"
            + (", and an officer joins." if officer else "; no warrior is left for an officer.")
        )
    )
    return events + core.flush(state)


def spread_cost(state: RootState, clearing: int) -> int:
    """8.4.2.II: the track's cost, and one more under Martial Law (another
    player with three warriors or more there)."""
    cost = TRACK_COST[placed(state)]
    there = state.clearings[clearing].warriors
    if any(k >= MARTIAL_LAW for f, k in there.items() if f != ALLIANCE):
        cost += 1
    return cost


def spread_targets(state: RootState) -> list[int]:
    """Unsympathetic clearings adjacent to a sympathetic one (any clearing
    while none is), where the Alliance may place."""
    if me(state).sympathy <= 0:
        return []
    sym = set(sympathetic_clearings(state))
    if sym:
        near: set[int] = set()
        for n in sym:
            near |= state.woodland.neighbours(n)
        candidates = sorted(n for n in near if n not in sym and n in state.woodland.number_set)
    else:
        candidates = list(state.woodland.numbers)
    return [n for n in candidates if core.may_place(state, ALLIANCE, n)]


def spread_options(state: RootState) -> list[int]:
    alliance = me(state)
    suits = state.woodland.suits
    return [n for n in spread_targets(state) if can_pay(alliance, suits[n], spread_cost(state, n))]


def place_sympathy(state: RootState, clearing: int, how: str) -> list[Event]:
    """A sympathy token placed: the points of the space it uncovers."""
    vp = TRACK_VP[placed(state)]
    me(state).sympathy -= 1
    state.clearings[clearing].add_token(SYMPATHY)
    events = [Event(text=f"{how}: sympathy in {clearing_name(state, clearing)}.")]
    return events + core.gain(state, ALLIANCE, vp, "sympathy")


def spread(state: RootState, clearing: int) -> list[Event]:
    suit = state.woodland.suits[clearing]
    events = spend_supporters(state, suit, spread_cost(state, clearing))
    return events + place_sympathy(state, clearing, "The Alliance spread sympathy")


# --------------------------------------------------------------- Daylight
def mobilize_options(state: RootState) -> list[int]:
    return core.distinct(me(state).hand)


def mobilize(state: RootState, card: int) -> list[Event]:
    core.take_from_hand(me(state), card)
    events = [Event(text="The Alliance mobilize a card onto the Supporters stack.")]
    return events + add_supporter(state, card)


def train_options(state: RootState) -> list[int]:
    """8.5.3: cards matching the printed suit of a base on the map (birds
    wild), with a warrior in the supply to become the officer."""
    alliance = me(state)
    suits = set(bases_on_map(state))
    if not suits or alliance.warriors <= 0:
        return []
    return core.distinct(
        c for c in alliance.hand if card_of(c).suit == "bird" or card_of(c).suit in suits
    )


def train(state: RootState, card: int) -> list[Event]:
    alliance = me(state)
    events = [Event(text=f"The Alliance spend {core.card_name(card)} to train an officer.")]
    events += core.discard_from_hand(state, ALLIANCE, card)
    alliance.warriors -= 1
    alliance.officers += 1
    return events


# ---------------------------------------------------------------- Evening
def recruit_sites(state: RootState) -> list[int]:
    if me(state).warriors <= 0:
        return []
    return sorted(n for n in bases_on_map(state).values() if core.may_place(state, ALLIANCE, n))


def recruit(state: RootState, clearing: int) -> list[Event]:
    me(state).warriors -= 1
    core.add_warriors(state, ALLIANCE, clearing, 1)
    return [Event(text=f"The Alliance recruit a warrior in {clearing_name(state, clearing)}.")]


def organize_sites(state: RootState) -> list[int]:
    """8.6.1.IV: an unsympathetic clearing with an Alliance warrior, where
    sympathy may be placed."""
    if me(state).sympathy <= 0:
        return []
    places = state.clearings
    return [
        n
        for n in state.woodland.numbers
        if places[n].warriors.get(ALLIANCE)
        and not sympathetic(state, n)
        and core.may_place(state, ALLIANCE, n)
    ]


def organize(state: RootState, clearing: int) -> list[Event]:
    events = core.remove_warriors(state, ALLIANCE, clearing, 1, ALLIANCE)
    return events + place_sympathy(state, clearing, "The Alliance organize")


def evening_draws(state: RootState) -> int:
    """8.6.2: one card, and one per base on the map (its uncovered draw bonus)."""
    return 1 + len(bases_on_map(state))
