"""Every recorded game (``regression.py``) plays the same moves to the same
end: the rule bot's thirty seeded games of each mix and ten of the default
table, and the search bot's five of each mix with a counted budget."""

from __future__ import annotations

from typing import Any

import pytest

from .regression import MIXES, Spec, load, play, specs

_RECORDED: dict[str, dict[str, Any]] = {}


def recorded(spec: Spec) -> dict[str, Any]:
    if not _RECORDED:
        _RECORDED.update(load())
    return _RECORDED[spec.key]


def by_table(bots: str) -> list[Any]:
    return [pytest.param(mix, id=mix) for mix in sorted({s.mix for s in specs() if s.bots == bots})]


def check(spec: Spec) -> None:
    was = recorded(spec)
    played = play(spec, was["actions"])
    assert played.actions == was["actions"], f"{spec.key}: the game ends after other moves"
    assert played.summary == was["summary"], spec.key
    assert played.digest == was["digest"], f"{spec.key}: the same moves end in another state"


def test_the_fixture_holds_every_mix() -> None:
    games = load()
    for mix in MIXES:
        assert sum(k.startswith(f"{mix}/rule/") for k in games) >= 30
        assert sum(k.startswith(f"{mix}/search/") for k in games) >= 5
    assert set(games) == {s.key for s in specs()}


@pytest.mark.parametrize("mix", by_table("rule"))
def test_the_rule_bots_play_every_recorded_game_again(mix: str) -> None:
    for spec in specs():
        if spec.bots == "rule" and spec.mix == mix:
            check(spec)


def by_game(bots: str) -> list[Any]:
    return [pytest.param(s, id=f"{s.mix}-{s.seed}") for s in specs() if s.bots == bots]


@pytest.mark.first
@pytest.mark.parametrize("spec", by_game("search"))
def test_the_search_plays_every_recorded_game_again(spec: Spec) -> None:
    """A game a test: the search's games take seconds each, and a mix's
    five in one test kept one worker busy half a minute at the end."""
    check(spec)
