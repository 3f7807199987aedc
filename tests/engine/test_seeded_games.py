"""Seeded bot games play the same, action by action, as when they were
recorded (``seeded_games.py``): the rules, the bots and their plumbing may
get faster or change shape, never change a move.  A failure names the first
action, or the first ``CHECK_EVERY`` actions, where the game went otherwise."""

from __future__ import annotations

import json

import pytest

from .seeded_games import CHECK_EVERY, SPECS, Spec, load, steps

CASES = [(game_id, spec) for game_id, specs in SPECS.items() for spec in specs]


@pytest.mark.parametrize(
    ("game_id", "spec"), CASES, ids=[f"{g}-{'-'.join(s.bots)}-{s.seed}" for g, s in CASES]
)
def test_a_seeded_game_plays_as_recorded(game_id: str, spec: Spec) -> None:
    recorded = load(game_id).get(spec.key())
    assert recorded is not None, f"{spec.key()} is not recorded: record {game_id} again"
    actions = recorded["actions"]
    offered = [int(n) for n in recorded["offered"].split(",")]
    checks = iter(recorded["checks"])
    where = f"{game_id} {spec.key()}"
    for count, action, listed, check in steps(game_id, spec):
        if action is None:
            assert count == len(actions), (
                f"{where}: ended after {count} actions, not {len(actions)}"
            )
            assert listed == recorded["scores"], f"{where}: final scores {listed}"
            assert check == next(checks), f"{where}: the final breakdown or the last events differ"
            break
        assert count <= len(actions), f"{where}: still going after {len(actions)} actions"
        said = json.dumps(action, separators=(",", ":"), sort_keys=True)
        assert listed == offered[count - 1], (
            f"{where}: action {count}: {listed} actions offered, recorded {offered[count - 1]}"
        )
        assert said == actions[count - 1], (
            f"{where}: action {count} is {said}, recorded {actions[count - 1]}"
        )
        if check is not None:
            assert check == next(checks), (
                f"{where}: the actions offered or the events' words differ in actions "
                f"{count - CHECK_EVERY + 1}-{count}"
            )
