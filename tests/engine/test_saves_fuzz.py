"""Hand-edited saves: whatever is changed in a save file, loading either gives
a game or refuses with one sentence (SaveError), and never touches the file."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from boardgames_tui.engine import Seat
from boardgames_tui.engine.saves import SaveError
from boardgames_tui.engine.session import Session

# Values a person editing the file by hand might leave behind.
ODD_VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=True),
    st.text(max_size=12),
    st.just([]),
    st.just({}),
    st.just({"kind": "pass"}),
)


def paths(data: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON tree, the root excepted."""
    found: list[tuple[Any, ...]] = []
    items = (
        data.items()
        if isinstance(data, dict)
        else enumerate(data)
        if isinstance(data, list)
        else []
    )
    for key, value in items:
        found.append((*prefix, key))
        found.extend(paths(value, (*prefix, key)))
    return found


def edited(data: Any, path: tuple[Any, ...], value: Any, delete: bool) -> Any:
    copy = json.loads(json.dumps(data))
    node = copy
    for key in path[:-1]:
        node = node[key]
    if delete:
        del node[path[-1]]
    else:
        node[path[-1]] = value
    return copy


def recorded_game(folder: Path, game_id: str, players: int, moves: int) -> dict[str, Any]:
    seats = [Seat(name=f"P{i + 1}", bot="random") for i in range(players)]
    session = Session.new(game_id, seats, seed=9, saves_dir=folder)
    for _ in range(moves):
        if session.is_over:
            break
        session.play_bot()
    assert session.path is not None
    data: dict[str, Any] = json.loads(session.path.read_text())
    return data


@pytest.mark.parametrize(
    ("game_id", "players", "moves"), [("sevens", 3, 8), ("underwing", 2, 60), ("incubation", 2, 40)]
)
def test_any_edit_loads_or_is_refused_clearly(
    game_id: str, players: int, moves: int, tmp_path_factory: pytest.TempPathFactory
) -> None:
    folder = tmp_path_factory.mktemp("fuzz")
    original = recorded_game(folder, game_id, players, moves)
    places = paths(original)
    target = folder / "edited.json"

    @settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
    @given(st.sampled_from(places), ODD_VALUES, st.booleans())
    def check(path: tuple[Any, ...], value: Any, delete: bool) -> None:
        data = edited(original, path, value, delete)
        try:
            text = json.dumps(data)
        except ValueError:
            return
        target.write_text(text)
        before = hashlib.sha256(target.read_bytes()).hexdigest()
        try:
            Session.load(target)
        except SaveError as exc:
            message = str(exc)
            assert message and "\n" not in message and "Traceback" not in message
        assert hashlib.sha256(target.read_bytes()).hexdigest() == before

    check()
