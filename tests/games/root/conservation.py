"""Where every item of a game of Root is, for the conservation tests: the
supply, each faction's Crafted Items box, and, with the Vagabond at the
table, his items in every state, those removed from the game and those
still under the ruins; and what the game began with (the supply, plus the
Vagabond's ruin items and his character's starting items)."""

from __future__ import annotations

from collections import Counter

from boardgames_tui.games.root.factions.vagabond import VAGABOND, Vagabond
from boardgames_tui.games.root.factions.vagabond.board import board
from boardgames_tui.games.root.factions.vagabond.satchel import all_items
from boardgames_tui.games.root.items import item_supply
from boardgames_tui.games.root.model import RootState


def items_everywhere(state: RootState) -> Counter[str]:
    found: Counter[str] = Counter(state.items)
    for p in state.players:
        found.update(p.items)
        if isinstance(p, Vagabond):
            found.update(all_items(p) + p.removed + p.ruin_items)
    return +found


def items_at_start(state: RootState) -> Counter[str]:
    start: Counter[str] = Counter(item_supply())
    if VAGABOND in state.factions:
        v = state.player(VAGABOND)
        assert isinstance(v, Vagabond)
        start.update(board().ruin_items[: len(state.woodland.ruins())])
        if v.character:
            start.update(board().character(v.character).items)
    return +start
