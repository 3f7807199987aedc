"""Small hand-built Underwing positions for the rule tests.

Every helper moves things rather than creating them (crystals come from the
bag, cards from the deck), so a hand-built position still holds every crystal
and every card of the game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from boardgames_tui.engine import Action, Event, Seat
from boardgames_tui.games.underwing import GAME
from boardgames_tui.games.underwing.actions import UnderwingAction
from boardgames_tui.games.underwing.cards import Card, deck
from boardgames_tui.games.underwing.colours import BAG, ELEMENTS, Element
from boardgames_tui.games.underwing.model import WILD_HANDLERS, Slot, UnderwingState
from boardgames_tui.games.underwing.rules import advance

NAMES = ["Ana", "Bo", "Cy", "Di", "Ed", "Flo"]
CRYSTALS = sum(BAG.values())
CARDS = 90


def seats(n: int) -> list[Seat]:
    return [Seat(name=NAMES[i]) for i in range(n)]


def new_game(n: int = 2, seed: int = 0, **options: Any) -> UnderwingState:
    return GAME.setup(seats(n), options or None, seed)


def bot_game(n: int = 2, seed: int = 0, bot: str = "random", **options: Any) -> UnderwingState:
    """A game where every seat is a bot (bots propose trades a bounded number
    of times, ruling R-TRADE, so random play always ends)."""
    table = [Seat(name=NAMES[i], bot=bot) for i in range(n)]
    return GAME.setup(table, options or None, seed)


def check(state: UnderwingState) -> None:
    """Nothing created or lost: crystals, cards, handlers (the Wild Forces' too)."""
    assert state.crystal_count() == CRYSTALS
    assert state.card_count() == CARDS
    assert sorted(state.deck + state.removed + state.set_aside + _placed(state)) == list(
        range(CARDS)
    )
    assert len(state.grounds) == state.cols * state.rows
    for seat in range(state.n):
        assert state.handler_count(seat) == state.max_handlers
        assert all(v >= 0 for v in state.players[seat].storage.values())
    assert all(v >= 0 for v in state.bag.values())
    wild = state.wild_forces
    if wild is not None:
        assert len(wild.field) + wild.tracker == WILD_HANDLERS
        assert len(set(wild.field)) == len(wild.field), "two Wild handlers on one space"
        assert all(v >= 0 for v in wild.storage.values())


def _placed(state: UnderwingState) -> list[int]:
    found = [s.card for s in state.grounds if s.card is not None]
    for p in state.players:
        found += [n.card for n in p.nursery] + p.dragons
    return found


def empty_storages(state: UnderwingState) -> None:
    """Every stored crystal (the players' and the Wild Forces') back to the bag."""
    stores = [p.storage for p in state.players]
    if state.wild_forces is not None:
        stores.append(state.wild_forces.storage)
    for storage in stores:
        for e in ELEMENTS:
            state.bag[e] += storage[e]
            storage[e] = 0


def wild_give(state: UnderwingState, *elements: Element) -> None:
    """Crystals from the bag to the Wild Forces' storage."""
    assert state.wild_forces is not None
    for e in elements:
        assert state.bag[e] > 0, f"no {e} left in the bag"
        state.bag[e] -= 1
        state.wild_forces.storage[e] += 1


def give(state: UnderwingState, seat: int, *elements: Element) -> None:
    """Crystals from the bag to a player's storage."""
    for e in elements:
        assert state.bag[e] > 0, f"no {e} left in the bag"
        state.bag[e] -= 1
        state.players[seat].storage[e] += 1


def find_card(test: Callable[[Card], bool], skip: int = 0) -> int:
    found = [i for i, c in enumerate(deck()) if test(c)]
    assert len(found) > skip, "no such card in the deck"
    return found[skip]


def with_spaces(*spaces: Element) -> int:
    return find_card(lambda c: c.spaces == spaces)


def clear_slot(state: UnderwingState, slot: int) -> None:
    """Empty a slot: its crystals to the bag, its card to the bottom of the
    deck, its claimant's handler to the Ready Room."""
    s = state.grounds[slot]
    for e in s.crystals():
        state.bag[e] += 1
    if s.claimant is not None:
        state.players[s.claimant].ready += 1
    if s.card is not None:
        state.deck.append(s.card)
    state.grounds[slot] = Slot()


def put_card(
    state: UnderwingState,
    slot: int,
    index: int,
    claimant: int | None = None,
    wild: bool = False,
) -> None:
    """Put card ``index`` (taken from the deck or another slot) in ``slot`` as
    an egg (claimed by ``claimant``, whose Ready handler goes there) or as a
    wild dragon."""
    for other, s in enumerate(state.grounds):
        if s.card == index:
            clear_slot(state, other)
    clear_slot(state, slot)
    state.deck.remove(index)
    state.grounds[slot] = Slot(
        card=index, wild=wild, fill=() if wild else tuple(() for _ in deck()[index].spaces)
    )
    if claimant is not None:
        assert state.players[claimant].ready > 0, "no Ready handler to claim with"
        state.players[claimant].ready -= 1
        state.grounds[slot].claimant = claimant


def fill(state: UnderwingState, slot: int, space: int, *elements: Element) -> None:
    """Crystals from the bag onto an egg's element space."""
    s = state.grounds[slot]
    for e in elements:
        assert state.bag[e] > 0
        state.bag[e] -= 1
    s.with_space(space, (*s.fill[space], *elements))


def fill_egg(state: UnderwingState, slot: int, leave: int | None = None) -> None:
    """Fill every space of an egg with its own element, except space ``leave``."""
    s = state.grounds[slot]
    assert s.card is not None
    for i, e in enumerate(deck()[s.card].spaces):
        if i != leave and not s.fill[i]:
            fill(state, slot, i, e)


def all_wild(state: UnderwingState, but: int | None = None) -> None:
    """Turn every egg but one into a wild dragon (their crystals to the bag)."""
    for i, s in enumerate(state.grounds):
        if i == but or s.card is None:
            continue
        for e in s.crystals():
            state.bag[e] += 1
        if s.claimant is not None:
            state.players[s.claimant].ready += 1
        state.grounds[i] = Slot(card=s.card, wild=True)


def phase(state: UnderwingState, number: int, seat: int = 0) -> None:
    """Make it ``seat``'s regular turn in phase ``number`` (2 or 3)."""
    state.phase = number  # type: ignore[assignment]
    state.first = seat
    state.turn = 0
    state.placed = 0
    state.jobs.clear()
    state.trade = None
    state.collect = []
    state.passed = [False] * state.n
    for p in state.players:
        p.offers = state.options.trade_offers
    if state.wild_forces is not None:
        state.wild_forces.owed = False


def play(state: UnderwingState, action: Action) -> list[Event]:
    return GAME.apply(state, cast(UnderwingAction, action))


def run(state: UnderwingState) -> list[Event]:
    """Run the automatic steps up to the next decision."""
    events: list[Event] = []
    advance(state, events)
    return events


def texts(events: list[Event]) -> str:
    return "\n".join(e.text for e in events)


def kinds(state: UnderwingState) -> set[str]:
    return {a.kind for a in GAME.legal_actions(state)}


def decisions(state: UnderwingState) -> list[Action]:
    """The deciding seat's own choices: the legal actions without the trades
    anybody may open meanwhile (ruling R-TRADE)."""
    return [a for a in GAME.legal_actions(state) if a.kind != "offer_trade"]
