"""The factions that came after the maps, on every variant map: random
games of the Corvids, the Alliance and the Vagabond (each with the others
and at four) on Winter, the Lake and the Mountain play to their end, every
card, warrior, item, plot and the pawn conserved after every action."""

from __future__ import annotations

import pytest

from boardgames_tui.engine.bots import get_bot
from boardgames_tui.games.root import GAME, core
from boardgames_tui.games.root.faction import FACTIONS
from boardgames_tui.games.root.factions.corvids import CORVIDS
from boardgames_tui.games.root.factions.vagabond import PAWN, VAGABOND, Vagabond
from boardgames_tui.games.root.factions.vagabond.board import board
from boardgames_tui.games.root.model import HIDDEN, RootState

from .conservation import items_at_start, items_everywhere
from .eyrie_helpers import table
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
    cards = state.draw_pile + state.discard + state.available
    for p in state.players:
        fac = FACTIONS[p.faction]
        cards += p.hand + p.crafted + fac.public_cards(state)
        for face_down in fac.face_down(p):
            cards += face_down
        if p.dominance != HIDDEN:
            cards.append(p.dominance)
        on_map = sum(c.warriors.get(p.faction, 0) for c in state.clearings)
        out = on_map + getattr(p, "officers", 0)
        assert p.warriors >= 0 and out + p.warriors == fac.new_player().warriors
    assert sorted(cards) == sorted(set(cards))
    assert len(cards) == (54 if len(state.players) > 2 else 50)
    if CORVIDS in state.factions:
        plots_conserved(state)
    assert all(core.free_slots(state, n) >= 0 for n in state.woodland.numbers)
    if VAGABOND not in state.factions:
        assert items_everywhere(state) == items_at_start(state)
        return
    v = state.player(VAGABOND)
    assert isinstance(v, Vagabond)
    if state.setting_up >= 0 and not v.character:
        return
    assert items_everywhere(state) == items_at_start(state)
    assert sorted(v.quests + v.quest_deck + v.done_quests) == list(range(len(board().quests)))
    pawns = [n for n, c in enumerate(state.clearings) if PAWN in c.tokens]
    assert pawns == ([v.place] if v.place else [])
    assert sorted(v.ruins + state.ruins_gone) == list(state.woodland.ruins())


def play(factions: str, seed: int, map_id: str) -> RootState:
    state = table(factions, seed, map=map_id)
    bots = [get_bot("random", seed=seed * 11 + i, game=GAME) for i in range(len(state.players))]
    actions = 0
    while not GAME.is_over(state):
        actions += 1
        assert actions < 10_000, f"{factions} on {map_id}, seed {seed}: no end in sight"
        seat = GAME.to_act(state)
        assert seat is not None
        legal = GAME.legal_actions(state)
        assert legal and all(GAME.describe(state, a) for a in legal)
        GAME.apply(state, bots[seat].choose(GAME, GAME.view(state, seat), legal), legal)
        conserved(state)
    return state


@pytest.mark.parametrize("map_id", ["winter", "lake", "mountain"])
@pytest.mark.parametrize("factions", MIXES)
def test_random_games_of_the_newcomers_on_every_map_end(map_id: str, factions: str) -> None:
    for seed in (1, 2):
        state = play(factions, seed, map_id)
        assert state.winner >= 0 and not state.ended_by_limit
        assert state.seat(state.winner) in GAME.outcome(state).winners
