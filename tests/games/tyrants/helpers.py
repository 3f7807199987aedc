"""Hand-built Tyrants positions for the rules and card tests.

``table()`` is a 2-player game on the centre section, past the first troops:
the setup's white troops, Ana (seat 0, to play) with a troop at Eryndlyn, Ben
(seat 1) with a troop at Eryndlyn and one at Ched Nasad.  Ana's presence is
Eryndlyn and the three route spaces next to it (``erynd-kana-a``,
``erynd-llace``, ``araum-erynd``, which holds a white troop).  Hands, decks and
discard piles are exactly what the test gives (empty by default).
"""

from __future__ import annotations

from typing import Any

from boardgames_tui.engine.game import Event, Seat
from boardgames_tui.games.tyrants import GAME
from boardgames_tui.games.tyrants.actions import PlayCard, TyrantsAction
from boardgames_tui.games.tyrants.model import WHITE, TyrantsState
from boardgames_tui.games.tyrants.ops import add_troop

ANA, BEN, CAL, DEV = 0, 1, 2, 3
NAMES = ["Ana", "Ben", "Cal", "Dev"]


def seats(n: int) -> list[Seat]:
    return [Seat(name=NAMES[i]) for i in range(n)]


def table(
    n: int = 2,
    *,
    hand: tuple[str, ...] | list[str] = (),
    deck: tuple[str, ...] | list[str] = (),
    discard: tuple[str, ...] | list[str] = (),
    power: int = 0,
    influence: int = 0,
    standard_troops: bool = True,
    options: dict[str, Any] | None = None,
    seed: int = 0,
) -> TyrantsState:
    opts = {"first_player": 0, **(options or {})}
    state = GAME.setup(seats(n), opts, seed)
    state.opening = []
    state.placing = []
    state.phase = "main"
    state.current = ANA
    for p in state.players:
        p.hand, p.deck, p.discard = [], [], []
    p = state.players[ANA]
    p.hand = list(hand)
    p.deck = list(deck)
    p.discard = list(discard)
    p.power = power
    p.influence = influence
    if standard_troops:
        put(state, "eryndlyn", ANA)
        put(state, "eryndlyn", BEN)
        put(state, "ched-nasad", BEN)
    return state


def put(state: TyrantsState, space: str, colour: int, count: int = 1) -> None:
    """Troops from the barracks (or whites from the box) onto a space."""
    for _ in range(count):
        add_troop(state, space, colour)
        if colour == WHITE:
            state.whites_in_box -= 1
        else:
            state.players[colour].troops -= 1


def clear(state: TyrantsState, space: str) -> None:
    """Every troop off a space, back where it came from."""
    for colour in state.troops[space]:
        if colour == WHITE:
            state.whites_in_box += 1
        else:
            state.players[colour].troops += 1
    state.troops[space] = ()
    state.reaches.clear()
    state.troops_moved = True


def spy(state: TyrantsState, site: str, seat: int) -> None:
    state.spies[site] += (seat,)
    state.reaches.clear()
    state.players[seat].spies -= 1


def act(state: TyrantsState, *actions: TyrantsAction) -> list[Event]:
    """Apply actions in turn, each checked against the legal actions."""
    events: list[Event] = []
    for action in actions:
        legal = GAME.legal_actions(state)
        assert action in legal, f"{action} not among {legal}"
        events += GAME.apply(state, action)
    return events


def play(
    state: TyrantsState, card_id: str, *choices: TyrantsAction, done: bool = True
) -> list[Event]:
    """Play a card from the hand, then make the choices; with ``done`` the
    card must be fully resolved afterwards."""
    events = act(state, PlayCard(card=card_id), *choices)
    if done:
        assert not state.jobs, f"still deciding: {GAME.prompt(state)} {GAME.legal_actions(state)}"
    return events


def count(state: TyrantsState, space: str, colour: int) -> int:
    return state.troops[space].count(colour)
