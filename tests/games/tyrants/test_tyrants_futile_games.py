"""Every card's choices in seeded random games of every pairing (ruling
R-FUTILE): an option said to do nothing, chosen, leaves the game exactly as
skipping the choice would.  The cases, one per card pattern, are in
test_tyrants_futile.py."""

from __future__ import annotations

import itertools
import json
from typing import Any

import pytest

from boardgames_tui.engine.bots import get_bot
from boardgames_tui.engine.data import clone
from boardgames_tui.games.tyrants import GAME, resolve
from boardgames_tui.games.tyrants import actions as a
from boardgames_tui.games.tyrants.cards import HALF_DECKS
from boardgames_tui.games.tyrants.futile import futile_list, futile_play
from boardgames_tui.games.tyrants.jobs import effect_of
from boardgames_tui.games.tyrants.model import TyrantsState
from boardgames_tui.games.tyrants.pending import ChooseJob

from .helpers import seats


def settled(state: TyrantsState) -> Any:
    """The state as JSON, for comparing two positions."""
    return json.dumps(GAME.dump_state(state), sort_keys=True)


def without_the_choice(state: TyrantsState) -> TyrantsState:
    """The position after the choice on top, as if its option did nothing."""
    after = clone(state)
    after.jobs.pop()
    resolve.run(after, [])
    return after


@pytest.mark.parametrize("half_decks", list(itertools.combinations(HALF_DECKS, 2)), ids="-".join)
def test_an_option_said_to_do_nothing_changes_nothing(half_decks: tuple[str, str]) -> None:
    """Every choice reached in seeded random games of each pairing: an
    option said to do nothing, chosen, leaves the game exactly as skipping
    the choice would; a card said to do nothing, played from the hand
    (its choices made), only lies in play (and the run marks some of each)."""
    marked = cards = 0
    for seed, n in zip(range(4), (2, 3, 4, 2), strict=True):
        state = GAME.setup(seats(n), {"half_decks": half_decks}, seed)
        bots = [get_bot("random", seed=seed * 5 + i) for i in range(n)]
        while not GAME.is_over(state):
            if state.jobs and isinstance(state.jobs[-1], ChooseJob):
                job = state.jobs[-1]
                for i, option in enumerate(effect_of(job).options):
                    if futile_list(state, job, option) is None:
                        continue
                    marked += 1
                    chosen = clone(state)
                    GAME.apply(chosen, a.ChooseOption(option=i))
                    assert settled(chosen) == settled(without_the_choice(state)), (
                        f"{job.card} option {i + 1} is said to do nothing"
                    )
            seat = GAME.to_act(state)
            assert seat is not None
            legal = GAME.legal_actions(state)
            if not state.jobs and state.phase == "main":
                for action in legal:
                    if not isinstance(action, a.PlayCard):
                        continue
                    if futile_play(state, seat, action.card) is None:
                        continue
                    cards += 1
                    played = clone(state)
                    GAME.apply(played, action)
                    while played.jobs:  # its choices are all said to do nothing
                        assert isinstance(played.jobs[-1], ChooseJob), action.card
                        GAME.apply(played, a.ChooseOption(option=0))
                    laid = clone(state)
                    laid.players[seat].hand.remove(action.card)
                    laid.players[seat].played.append(action.card)
                    assert settled(played) == settled(laid), f"{action.card} is said to do nothing"
            GAME.apply(state, bots[seat].choose(GAME, state, legal), legal)
    assert marked and cards, "no choice or card that does nothing came up: nothing was checked"
