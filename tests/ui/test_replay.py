"""Replaying a save on the game's own screen: opened from the Load screen
(R) or at start (``boardgames-tui replay``), read-only at its start; the
keys step a move, a turn, to the ends, and the screen shows the game as a
fresh replay of that many actions has it; in a hidden-hand game no card in
any hand is on screen while the game is unfinished (no seat's view is
offered); a window playing the game is not disturbed (its lock held by
another process); everything fits 80x24."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, cast

import pytest
from textual.pilot import Pilot

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.engine import lock as lock_module
from boardgames_tui.engine.game import Seat
from boardgames_tui.engine.lock import lock_path
from boardgames_tui.engine.replay import EVERY_HAND, NO_HAND, Replay
from boardgames_tui.engine.savefile import SaveError
from boardgames_tui.engine.session import Session
from boardgames_tui.games.root.model import RootState
from boardgames_tui.games.tyrants.model import TyrantsState
from boardgames_tui.ui.game_screens import screen_class
from boardgames_tui.ui.screens.game import GameScreen
from boardgames_tui.ui.screens.load import LoadScreen
from boardgames_tui.ui.screens.replay import ReplayMode, SeatDialog
from boardgames_tui.ui.widgets import GameLog
from tests.engine.lockholder import Holder
from tests.engine.test_replay import played_save
from tests.ui.helpers import footer_text, picture_text, screen_text, wait_until
from tests.ui.root.helpers import secret_names
from tests.ui.tyrants.test_privacy import hidden_names

AppFactory = Callable[..., BoardgamesApp]
GAMES = [
    ("underwing", "underwing"),
    ("incubation", "greedy"),
    ("tyrants", "tyrants"),
    ("root", "root"),
]


def replaying(screen: object) -> bool:
    return isinstance(screen, GameScreen) and isinstance(screen.mode, ReplayMode)


async def replay_on_screen(app: BoardgamesApp, pilot: Pilot[Any]) -> GameScreen:
    await wait_until(pilot, lambda: replaying(app.screen) or isinstance(app.screen, SeatDialog))
    await pilot.pause()
    if isinstance(app.screen, SeatDialog):  # whose view: the first seat's
        await pilot.press("enter")
        await wait_until(pilot, lambda: replaying(app.screen))
    screen = app.screen
    assert isinstance(screen, GameScreen) and replaying(screen)
    return screen


def same_game(screen: GameScreen, replay: Replay, count: int) -> None:
    fresh = replay.at(count)
    game = replay.game
    assert game.dump_state(screen.session.state) == game.dump_state(fresh.state)
    assert [e.text for e in screen.session.log] == [e.text for e in fresh.log]
    log = screen.part("#log", GameLog)
    assert log is not None


def fits(app: BoardgamesApp) -> None:
    """At 80x24 the replay's bar, the prompt and the replay's keys are on
    the terminal: the bar on the first row, the keys on the key bar's rows
    at the bottom (the replay's own on its first)."""
    screen = app.screen
    width, height = app.size
    rows = screen_text(app).splitlines()
    assert len(rows) == height
    assert rows[0].strip().startswith("Replay · "), rows[0]
    keys = footer_text(app)
    assert "← → Step" in keys and "PgUp PgDn Turn" in keys, keys
    assert "…" not in keys, keys  # the keys whole
    for selector in ("#game-title", "#prompt"):
        region = screen.query_one(selector).region
        assert region.area and region.right <= width and region.bottom <= height


async def test_from_the_load_screen_the_keys_step_through_the_game(
    new_app: AppFactory, saves_dir: Path
) -> None:
    path = played_save(saves_dir, "incubation", "greedy", cap=80)
    replay = Replay.open(path)
    turns = replay.turn_starts()
    app = new_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        await wait_until(pilot, lambda: isinstance(app.screen, LoadScreen))
        load = app.screen
        await wait_until(pilot, lambda: load.current is not None)
        # The footer shows the key on the highlighted save.
        shown = load.active_bindings["r"]
        assert shown.enabled and shown.binding.description == "Replay"
        await pilot.press("r")
        screen = await replay_on_screen(app, pilot)
        assert isinstance(screen, screen_class("incubation"))
        assert screen.mode.at == 0
        same_game(screen, replay, 0)
        assert "Replay · start" in str(screen.title_shown())
        await pilot.press("right", "right", "right")
        assert screen.mode.at == 3
        same_game(screen, replay, 3)
        assert "Replay · move 3 of 80" in screen.title_shown()
        await pilot.press("left")
        assert screen.mode.at == 2
        same_game(screen, replay, 2)
        await pilot.press("pagedown")
        assert screen.mode.at == next(t for t in turns if t > 2)
        await pilot.press("pagedown", "pageup")
        assert screen.mode.at == next(t for t in turns if t > 2)
        await pilot.press("end")
        assert screen.mode.at == replay.length
        same_game(screen, replay, replay.length)
        await pilot.press("right")
        assert screen.mode.at == replay.length
        await pilot.press("home")
        assert screen.mode.at == 0
        fits(app)
        # Nothing to play: no action offered, no undo, no save.
        assert not screen.legal() and not screen.can_act
        keys = {active.binding.action for active in screen.active_bindings.values()}
        assert not {"undo", "save"} & {a for a in keys if screen.check_action(a, ()) is not False}
        await pilot.press("escape")
        await wait_until(pilot, lambda: app.screen is load)


@pytest.mark.parametrize(("game_id", "bot"), GAMES)
async def test_each_game_steps_forward_and_back_on_its_own_screen(
    new_app: AppFactory, saves_dir: Path, game_id: str, bot: str
) -> None:
    path = played_save(saves_dir, game_id, bot, cap=40)
    before = (path.read_bytes(), path.stat().st_mtime_ns)
    replay = Replay.open(path)
    app = new_app()
    app.initial_replay = Replay.open(path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await replay_on_screen(app, pilot)
        assert isinstance(screen, screen_class(game_id))
        for count in range(1, replay.length + 1):
            await pilot.press("right")
            assert screen.mode.at == count
            same_game(screen, replay, count)
        fits(app)
        for count in range(replay.length - 1, replay.length - 6, -1):
            await pilot.press("left")
            same_game(screen, replay, count)
        fits(app)
    assert (path.read_bytes(), path.stat().st_mtime_ns) == before
    assert not lock_path(path).exists()


async def hidden_cards_never_shown(
    new_app: AppFactory,
    saves_dir: Path,
    game_id: str,
    secrets: Callable[[Any, int | None, str], set[str]],
) -> None:
    """An unfinished game replays as the whole table saw it (issue 45: a
    replay cannot know who is looking): no seat's view is asked for or
    offered (W does nothing), and at no position, the last one included,
    is a card of any hand on screen."""
    path = played_save(saves_dir, game_id, game_id, cap=120)
    replay = Replay.open(path)
    assert not replay.finished
    app = new_app()
    app.initial_replay = replay
    guarded = 0
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await replay_on_screen(app, pilot)
        assert screen.viewer is None and "no hand shown" in screen.title_shown()
        assert "W: whose view" not in screen.hint_text()
        for count in range(replay.length + 1):
            if count:
                await pilot.press("right")
            await pilot.pause()
            assert screen.mode.at == count and screen.viewer is None
            log = " ".join(entry.text for entry in screen.session.log)
            forbidden = secrets(screen.session.state, None, log)
            # The log is public (what was recruited, played): Tyrants'
            # scan leaves its panel out, Root's the names it mentions.
            panel = screen.query_one(GameLog)
            text = screen_text(app, without=[panel.region] if game_id == "tyrants" else [])
            leaked = {name for name in forbidden if name in text}
            assert not leaked, (leaked, count)
            guarded += bool(forbidden)
        # W offers no other view: nobody's hand comes up.
        await pilot.press("w")
        await pilot.pause()
        assert app.screen is screen and screen.viewer is None
        mode = screen.mode
        assert isinstance(mode, ReplayMode) and mode.seat == NO_HAND
    assert guarded > 20


def tyrants_secrets(state: TyrantsState, viewer: int | None, log: str) -> set[str]:
    return hidden_names(state, viewer)


async def test_tyrants_replay_never_shows_another_hand(
    new_app: AppFactory, saves_dir: Path
) -> None:
    await hidden_cards_never_shown(new_app, saves_dir, "tyrants", tyrants_secrets)


def root_secrets(state: RootState, viewer: int | None, log: str) -> set[str]:
    return set(secret_names(state, viewer, log))


@pytest.mark.first(14)
async def test_root_replay_never_shows_another_hand(new_app: AppFactory, saves_dir: Path) -> None:
    await hidden_cards_never_shown(new_app, saves_dir, "root", root_secrets)


@pytest.mark.skipif(not lock_module.ENFORCED, reason="no fcntl here")
async def test_a_game_open_in_another_window_is_not_disturbed(
    new_app: AppFactory, saves_dir: Path
) -> None:
    path = played_save(saves_dir, "tyrants", "tyrants", cap=30)
    other = Holder(path)
    try:
        assert other.first == "LOCKED"
        lock_file = lock_path(path)
        before = (path.read_bytes(), path.stat().st_mtime_ns)
        held = (lock_file.read_bytes(), lock_file.stat().st_mtime_ns)
        app = new_app()
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.press("l")
            await wait_until(pilot, lambda: isinstance(app.screen, LoadScreen))
            load = app.screen
            await wait_until(pilot, lambda: load.current is not None)
            await pilot.press("r")  # no "open elsewhere" question: nothing is taken
            screen = await replay_on_screen(app, pilot)
            await pilot.press("end", "home", "pagedown")
            assert screen.mode.at > 0
            assert other.send("check") == "KEPT"
            await pilot.press("escape")
            await wait_until(pilot, lambda: app.screen is load)
        assert (path.read_bytes(), path.stat().st_mtime_ns) == before
        assert (lock_file.read_bytes(), lock_file.stat().st_mtime_ns) == held
        assert other.send("move") == "MOVED 31"
    finally:
        other.close()


async def test_a_damaged_save_is_refused_in_the_load_screens_words(
    new_app: AppFactory, saves_dir: Path
) -> None:
    path = played_save(saves_dir, "incubation", "greedy", cap=10)
    text = path.read_text()
    path.write_text(text.replace('"actions": [', '"actions": [{"kind": "nonsense"}, ', 1))
    damaged = path.read_bytes()
    with pytest.raises(SaveError) as refusal:
        Session.load(path)
    app = new_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        await wait_until(pilot, lambda: isinstance(app.screen, LoadScreen))
        load = cast(LoadScreen, app.screen)
        await wait_until(pilot, lambda: load.current is not None)
        await pilot.press("r")
        await wait_until(pilot, lambda: load.current is not None and not load.current.pending)
        assert app.screen is load
        assert load.current.error == str(refusal.value)
        assert load.check_action("replay", ()) is None
    assert path.read_bytes() == damaged


async def test_the_generic_screen_replays_a_finished_game_with_every_hand(
    new_app: AppFactory, saves_dir: Path
) -> None:
    """Sevens (hidden hands, no screen of its own): the generic screen; a
    finished game offers every hand, which then shows at every move."""
    session = Session.new("sevens", [Seat(name="Ana"), Seat(name="Ben")], seed=4, autosave=False)
    while not session.is_over:
        session.apply(session.legal_actions()[0])
    path = session.save(saves_dir / "sevens.json")
    replay = Replay.open(path)
    assert replay.finished
    app = new_app()
    app.initial_replay = replay
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, SeatDialog))
        dialog = cast(SeatDialog, app.screen)
        values = [value for value, _ in dialog.choices]
        assert values == [0, 1, NO_HAND, EVERY_HAND]
        await pilot.pause()
        assert "Replay · start" in picture_text(app)  # the table in sight behind it
        await pilot.press("down", "down", "down", "enter")
        await wait_until(pilot, lambda: replaying(app.screen))
        screen = cast(GameScreen, app.screen)
        assert type(screen) is screen_class("sevens")
        await pilot.press("right", "right")
        assert "every hand shown" in screen.title_shown()
        assert screen.session.view(0) is screen.session.state
        assert screen.session.view(1) is screen.session.state
        assert screen.public_scores() is not None
        # Ana's view: her hand only, Ben's hidden.
        await pilot.press("w")
        await wait_until(pilot, lambda: isinstance(app.screen, SeatDialog))
        await pilot.press("home", "enter")
        await wait_until(pilot, lambda: app.screen is screen)
        assert screen.viewer == 0 and "Ana's view" in screen.title_shown()
        hidden = session.game.view(replay.state_at(2), 0)
        assert screen.session.view(0) == hidden != screen.session.state
        assert screen.public_scores() is None
