"""Keys and the cursor to legal actions, without the app: at every position
of seeded games played by the Root bot, every key, every clearing and every
move picked by destination stands only for legal actions, every legal action
is reachable by some key or pointer, and a key that does nothing says why."""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial

import pytest

from boardgames_tui.engine.game import Action, Seat
from boardgames_tui.games.root import GAME, core
from boardgames_tui.games.root.bots import RootBot
from boardgames_tui.games.root.factions.duchy import BURROW
from boardgames_tui.games.root.model import RootState
from boardgames_tui.games.root.woodland import autumn
from boardgames_tui.ui.root import choices
from boardgames_tui.ui.root.choices import at_cursor, decision, key_kinds
from boardgames_tui.ui.root.widgets import step
from tests.games.root.pieces import CLEARINGS

PLACES = (BURROW, *CLEARINGS)


def positions(seed: int) -> Iterator[tuple[RootState, list[Action]]]:
    """Every position of a whole game between two Root bots, as the deciding
    seat sees it, with the legal actions."""
    state = GAME.setup([Seat(name="Ana"), Seat(name="Ben")], {"marquise_seat": seed % 2}, seed)
    bots = [RootBot(seed=seed), RootBot(seed=seed + 5)]
    while not GAME.is_over(state):
        seat = GAME.to_act(state)
        assert seat is not None
        legal = GAME.legal_actions(state)
        yield GAME.view(state, seat), legal
        GAME.apply(state, bots[seat].choose(GAME, state, legal), legal)


def reachable(state: RootState, legal: list[Action]) -> list[Action]:
    """Everything the keys and the pointer can reach in this position."""
    found: list[Action] = []
    if decision(legal) == "list":
        found += [choices.choose(legal, n).actions[0] for n in range(1, len(legal) + 1)]
        return found
    for place in PLACES:
        found += choices.at(state, legal, place).actions
        for key in key_kinds():
            found += choices.with_key(state, legal, key, place).actions
        for to in choices.destinations(legal, place):
            found += choices.move_to(state, legal, place, to).actions
    return found


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_keys_reach_exactly_the_legal_actions(seed: int) -> None:
    seen = 0
    for state, legal in positions(seed):
        got = reachable(state, legal)
        assert all(a in legal for a in got), [a for a in got if a not in legal]
        assert {repr(a) for a in got} == {repr(a) for a in legal}
        seen += 1
    assert seen > 80


@pytest.mark.parametrize("seed", [5, 6])
def test_a_key_that_does_nothing_says_why(seed: int) -> None:
    for state, legal in positions(seed):
        for key in key_kinds():
            for place in (BURROW, 1, 7, 11):
                pick = choices.with_key(state, legal, key, place)
                assert pick.actions or pick.reason, (key, place)
                if not pick.actions:
                    assert pick.reason.endswith((".", ")")), pick.reason
        for place in PLACES:
            pick = choices.at(state, legal, place)
            assert pick.actions or pick.reason


def test_cursor_keys_name_their_clearing_and_keys_at_the_cursor_stay_there() -> None:
    for state, legal in positions(7):
        for key in at_cursor():
            for place in PLACES:
                for a in choices.with_key(state, legal, key, place).actions:
                    assert choices.clearing_of(a) == place


def test_a_hint_says_what_enter_does() -> None:
    for state, legal in positions(8):
        hint = choices.hint(state, legal, 1, partial(GAME.describe, state))
        assert hint
        if decision(legal) == "list":
            assert hint.startswith("Press 1: ")
        else:
            assert "Enter" in hint or "M: move" in hint or "nothing to do here" in hint


def test_the_arrows_reach_every_clearing_and_the_burrow_from_anywhere() -> None:
    for start in PLACES:
        seen = {start}
        todo = [start]
        while todo:
            here = todo.pop()
            for key in ("up", "down", "left", "right"):
                there = step(autumn(), here, key, (BURROW,))
                if there is not None and there not in seen:
                    seen.add(there)
                    todo.append(there)
        assert seen == set(PLACES), start


def test_reasons_name_the_cause() -> None:
    """Hand-made: the Duchy in its Assembly, pointing at a clearing with no
    warriors of its own, is told so; with warriors there and nothing to
    fight, it is told that; battle with no battle anywhere names the step."""
    state = GAME.setup([Seat(name="Ana"), Seat(name="Ben")], None, 3)
    bots = [RootBot(seed=1), RootBot(seed=2)]
    while not (state.step == "assembly" and not state.stack):
        seat = GAME.to_act(state)
        assert seat is not None
        GAME.apply(state, bots[seat].choose(GAME, state))
    legal = GAME.legal_actions(state)
    empty = next(n for n in CLEARINGS if not core.warriors(state, 1, n))
    assert "no warriors" in choices.with_key(state, legal, "m", empty).reason
    assert "no warriors" in choices.with_key(state, legal, "b", empty).reason
    sway = choices.with_key(state, legal, "s", empty)
    assert not sway.actions and "Assembly" in sway.reason and "sways" in sway.reason
