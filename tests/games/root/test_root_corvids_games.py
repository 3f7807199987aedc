"""Random games of every table with the Corvid Conspiracy, on every map:
every component conserved after every action (the plots on the map, face
up or down, and in the supply: two of each type), every game reaching an
end, and each seat's view of the face-down plots telling nothing."""

from __future__ import annotations

from collections import Counter
from itertools import count

import pytest

from boardgames_tui.engine.bots import get_bot
from boardgames_tui.games.root import GAME
from boardgames_tui.games.root.factions.corvids import CORVIDS, FACE_DOWN, PLOTS, UNKNOWN
from boardgames_tui.games.root.model import RootState
from boardgames_tui.games.root.woodland import MAPS
from tests.games.root.pieces import corvids_of
from tests.games.root.tables import table

from .conservation import play_out
from .test_root_eyrie_games import conserved

MIXES = [
    "corvids,marquise",
    "corvids,eyrie",
    "corvids,duchy",
    "marquise,eyrie,corvids",
    "duchy,corvids,eyrie",
    "marquise,duchy,eyrie,corvids",
]
MAX_ACTIONS = 8_000


def plots_conserved(state: RootState) -> None:
    corvids = corvids_of(state)
    numbers = state.woodland.numbers
    down = [n for n in numbers if FACE_DOWN in state.clearings[n].tokens]
    assert sorted(corvids.plots) == down
    up = Counter(t for n in numbers for t in state.clearings[n].tokens if t in PLOTS)
    every = Counter(corvids.supply) + Counter(corvids.plots.values()) + up
    assert every == dict.fromkeys(PLOTS, 2)
    for n in numbers:
        tokens = state.clearings[n].tokens
        assert sum(1 for t in tokens if t == FACE_DOWN or t in PLOTS) <= 1
    assert state.clearings[0].warriors.get(CORVIDS, 0) == 0  # never the Burrow


def hidden(state: RootState) -> None:
    """Every other seat's view: where the face-down plots are, not what."""
    for seat, p in enumerate(state.players):
        if p.faction == CORVIDS:
            continue
        theirs = GAME.view(state, seat).player(CORVIDS)
        assert set(theirs.plots.values()) <= {UNKNOWN}  # type: ignore[attr-defined]
        assert set(theirs.supply) <= {UNKNOWN}  # type: ignore[attr-defined]


def play(factions: str, seed: int, board: str, bot: str = "random") -> RootState:
    state = table(factions, seed, map=board)
    bots = [get_bot(bot, seed=seed * 7 + i, game=GAME) for i in range(len(state.players))]
    actions = count(1)

    def checked(state: RootState) -> None:
        """Every component and plot conserved; after every seventh action,
        the plots hidden from the other seats."""
        conserved(state)
        plots_conserved(state)
        if next(actions) % 7 == 0:
            hidden(state)

    return play_out(state, bots, limit=MAX_ACTIONS, label=f"{factions} seed {seed}", check=checked)


@pytest.mark.parametrize("board", MAPS)
@pytest.mark.parametrize("factions", MIXES)
@pytest.mark.parametrize("seed", [1, 2])
def test_random_games_with_the_corvids_conserve_everything_and_end(
    factions: str, seed: int, board: str
) -> None:
    state = play(factions, seed, board)
    assert state.winner >= 0 and not state.ended_by_limit


@pytest.mark.parametrize("factions", MIXES[:4])
def test_rule_bot_games_with_the_corvids_end(factions: str) -> None:
    state = play(factions, 3, MAPS[0], bot="root")
    assert state.winner >= 0
