"""The factions that came after the maps, on every variant map: random
games of the Corvids, the Alliance and the Vagabond (each with the others
and at four) on Winter, the Lake and the Mountain play to their end, every
card, warrior, item, plot and the pawn conserved after every action."""

from __future__ import annotations

import pytest

from boardgames_tui.engine.bots import get_bot
from boardgames_tui.games.root import GAME
from boardgames_tui.games.root.factions.corvids import CORVIDS
from boardgames_tui.games.root.model import RootState

from .conservation import play_out, table_conserved
from .tables import table
from .test_root_corvids_games import plots_conserved

MIXES = [
    "alliance,corvids",
    "corvids,vagabond",
    "alliance,vagabond",
    "alliance,corvids,vagabond",
    "marquise,alliance,vagabond,corvids",
]


def conserved(state: RootState) -> None:
    """Every card, warrior (officers counted), item, plot, quest and the
    pawn somewhere, once."""
    table_conserved(state)
    if CORVIDS in state.factions:
        plots_conserved(state)


def play(factions: str, seed: int, map_id: str) -> RootState:
    state = table(factions, seed, map=map_id)
    bots = [get_bot("random", seed=seed * 11 + i, game=GAME) for i in range(len(state.players))]
    return play_out(
        state,
        bots,
        limit=10_000,
        label=f"{factions} on {map_id}, seed {seed}",
        check=conserved,
    )


@pytest.mark.parametrize("map_id", ["winter", "lake", "mountain"])
@pytest.mark.parametrize("factions", MIXES)
def test_random_games_of_the_newcomers_on_every_map_end(map_id: str, factions: str) -> None:
    for seed in (1, 2):
        state = play(factions, seed, map_id)
        assert state.winner >= 0 and not state.ended_by_limit
        assert state.seat(state.winner) in GAME.outcome(state).winners
