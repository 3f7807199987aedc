"""The legal actions are the same, in the same order, at every position of
seeded random games at every table of two, three and four factions as they
were when the fixture was recorded (``listing.py``, before issue 49 made the
listing quicker); and at each of those positions the list the turn driver
kept while settling (``next_actions``, what the loops that own their state
ask) is the list made afresh."""

from __future__ import annotations

from typing import Any

import pytest

from boardgames_tui.games.root import GAME
from boardgames_tui.games.root.model import RootState

from .listing import GAMES, key, load, play, tables

_RECORDED: dict[str, dict[str, Any]] = {}


def recorded(mix: str, seed: int) -> dict[str, Any]:
    if not _RECORDED:
        _RECORDED.update(load())
    return _RECORDED[key(mix, seed)]


def kept_is_fresh(state: RootState, legal: list[Any]) -> None:
    assert GAME.next_actions(state) == legal


def test_the_fixture_holds_every_table() -> None:
    assert set(load()) == {key(mix, seed) for mix in tables() for seed in range(GAMES)}
    assert {len(mix.split(",")) for mix in tables()} == {2, 3, 4}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_table_lists_what_it_listed_when_recorded(players: int) -> None:
    for mix in tables():
        if len(mix.split(",")) != players:
            continue
        for seed in range(GAMES):
            was = recorded(mix, seed)
            listed = play(mix, seed, kept_is_fresh)
            assert (listed.positions, listed.digest) == (was["positions"], was["digest"]), (
                f"{key(mix, seed)}: another listing somewhere in its {was['positions']} positions"
            )
