"""Hand-edited saves: whatever is changed in a save file, loading either gives
a game or refuses with one sentence (SaveError), and never touches the file.
The whole path too: mutated files (tests/engine/save_mutations.py) through
`saves`, `load`, `continue` and the Load screen."""

from __future__ import annotations

import hashlib
import io
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TypeVar

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from boardgames_tui.engine import Seat
from boardgames_tui.engine.save_index import INDEX_NAME
from boardgames_tui.engine.savefile import SaveError
from boardgames_tui.engine.session import Session
from tests.engine.save_mutations import (
    RandomChooser,
    check_whole_path,
    fingerprint,
    mutate,
    recorded_saves,
    shown_badly,
)

T = TypeVar("T")

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


# ------------------------------------------------------- the whole path
#: The saves the whole-path fuzzing mutates: the test game (quick to
#: replay) and a real one with a board, hands and a deck.
WHOLE_PATH_GAMES = [("sevens", 3, 8), ("incubation", 2, 30)]


class DrawChooser:
    """The mutations' choices drawn by Hypothesis (so a failure shrinks)."""

    def __init__(self, data: st.DataObject) -> None:
        self.data = data

    def choice(self, options: Sequence[T]) -> T:
        return self.data.draw(st.sampled_from(options))

    def integer(self, low: int, high: int) -> int:
        return self.data.draw(st.integers(low, high))


@pytest.fixture(scope="module")
def whole_path_saves(tmp_path_factory: pytest.TempPathFactory) -> list[dict[str, Any]]:
    return recorded_saves(tmp_path_factory.mktemp("originals"), WHOLE_PATH_GAMES)


def test_mutated_files_go_through_saves_load_and_continue(
    whole_path_saves: list[dict[str, Any]],
    tmp_path_factory: pytest.TempPathFactory,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A short seeded run of the whole-path fuzzer (benchmarks/save_fuzz.py
    runs it long): each mutated file, alone in a saves folder, is listed,
    loaded and continued as the command line does: refused in one line
    naming it or loaded, never a traceback, nothing printed raw, the list's
    verdict the same as loading's, and the file never changed."""
    root = tmp_path_factory.mktemp("whole")
    monkeypatch.delenv("BOARDGAMES_TUI_SAVES", raising=False)
    counter = iter(range(10**9))

    @settings(
        max_examples=60, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck)
    )
    @given(st.data())
    def check(data: st.DataObject) -> None:
        choose = DrawChooser(data)
        mutation = mutate(choose.choice(whole_path_saves), choose)
        folder = root / f"case-{next(counter)}"
        folder.mkdir()
        path = folder / "mutated.json"
        path.write_bytes(mutation.data)
        verdict = check_whole_path(path)
        assert verdict.problems == [], f"{mutation.what}: {verdict.problems}"

    check()


@pytest.mark.parametrize(
    "what",
    [
        "a 5,000-digit seed",
        "a naive date",
        "an escape in a seat name",
        "a lone surrogate",
        "deep nesting",
    ],
)
def test_the_defects_found_go_through_the_whole_path(
    what: str, whole_path_saves: list[dict[str, Any]], tmp_path: Path
) -> None:
    """The files that once broke the program, through the same checks."""
    data = json.loads(json.dumps(whole_path_saves[0]))
    text = json.dumps(data)
    if what == "a 5,000-digit seed":
        text = text.replace(f'"seed": {data["seed"]}', '"seed": ' + "9" * 5000)
    elif what == "a naive date":
        text = text.replace(data["updated"], "0001-01-01T00:00:00")
    elif what == "an escape in a seat name":
        text = text.replace('"P1"', '"\\u001b]0;owned\\u0007P1"')
    elif what == "a lone surrogate":
        text = text.replace('"P1"', '"P\\ud800"')
    else:
        text = text.replace('"actions": [', '"actions": [' + "[" * 900 + "]" * 900 + ", ")
    path = tmp_path / "once-fatal.json"
    path.write_text(text)
    verdict = check_whole_path(path)
    assert verdict.problems == []
    assert not verdict.loaded or what == "an escape in a seat name"


async def test_mutated_files_in_the_load_screen(
    whole_path_saves: list[dict[str, Any]], saves_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A folder of mutated files (seeded) beside a good save, in the Load
    screen: it opens, lists each with the verdict loading gives, shows no
    name raw, refuses the damaged ones when chosen, and changes no file."""
    from rich.console import Console
    from textual.widgets import OptionList

    from boardgames_tui.app import BoardgamesApp, make_app
    from boardgames_tui.ui.screens.load import LoadScreen
    from boardgames_tui.ui.screens.menu import MainMenuScreen
    from tests.ui.helpers import wait_until

    monkeypatch.setattr(BoardgamesApp, "strict", True)  # a recovered crash fails the test
    choose = RandomChooser(31)
    recorded_game(saves_dir, "sevens", 2, 3)
    for number in range(14):
        mutation = mutate(choose.choice(whole_path_saves), choose)
        (saves_dir / f"mutated-{number:02}.json").write_bytes(mutation.data)
    (saves_dir / "\x1b[2Jname.json").write_text("{")
    before = {p.name: fingerprint(p) for p in saves_dir.iterdir() if p.name != INDEX_NAME}
    expected: dict[str, bool] = {}
    for path in saves_dir.glob("*.json"):
        try:
            Session.load(path)
            expected[path.name] = True
        except SaveError:
            expected[path.name] = False
    app = make_app(saves_dir, bot_delay=0)
    app.animation_level = "none"
    async with app.run_test(size=(100, 40)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, MainMenuScreen))
        await pilot.press("l")
        await wait_until(pilot, lambda: isinstance(app.screen, LoadScreen))
        screen = app.screen
        assert isinstance(screen, LoadScreen)

        def verdicts() -> dict[str, bool]:
            return {i.path.name: i.ok for i in screen.saves}

        # (A list that shows entries before they are checked settles on these.)
        await wait_until(pilot, lambda: verdicts() == expected, timeout=15)
        options = screen.query_one("#saves", OptionList)
        for index in range(options.option_count):
            console = Console(width=200, file=io.StringIO(), record=True)
            console.print(options.get_option_at_index(index).prompt)
            assert shown_badly(console.export_text()) is None
        for index, info in enumerate(list(screen.saves)):
            if info.ok:
                continue
            options.highlighted = index
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, LoadScreen)
    assert not app.crashes
    after = {p.name: fingerprint(p) for p in saves_dir.iterdir() if p.name != INDEX_NAME}
    assert after == before  # the saves untouched (the listing's index beside them aside)
