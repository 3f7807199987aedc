"""A monkey at the keyboard: seeded random key presses on a game screen.

The keys come from what the screen on top binds now (the game screen's own
keys, its focused widget's, dialogs', the menu's), plus arrows, Enter, Tab,
Escape, Ctrl+Z and the digits.  The keys the footer shows now weigh the
most, so that moves really get made; quitting keys are left out (the run
would end).  The terminal switches between 80x24 and 120x40 now and then.

The test suite runs a few short seeds (``tests/ui/test_monkey.py``);
``benchmarks/monkey.py`` runs thousands of presses per screen.
"""

from __future__ import annotations

import random
import traceback
from dataclasses import dataclass, field
from pathlib import Path

from boardgames_tui.app import BoardgamesApp, make_app
from boardgames_tui.engine.game import Seat
from boardgames_tui.engine.savefile import SaveError
from boardgames_tui.engine.session import Session
from boardgames_tui.ui.screens.game import GameScreen
from boardgames_tui.ui.screens.handoff import HandoffScreen
from boardgames_tui.ui.screens.load import LoadScreen
from boardgames_tui.ui.screens.menu import MainMenuScreen

#: Every game screen, with the player counts the monkey plays it at.
GAMES: list[tuple[str, int]] = [
    ("underwing", 1),
    ("underwing", 2),
    ("underwing", 4),
    ("incubation", 3),
    ("tyrants", 2),
    ("root", 2),
]
SIZES = [(80, 24), (120, 40)]
NAMES = ["Ana", "Ben", "Cy", "Di", "Eve", "Fay"]

BASE_KEYS = ["up", "down", "left", "right", "enter", "tab", "escape", "ctrl+z"] + [
    str(n) for n in range(1, 10)
]
#: Actions that end the run, never pressed.
QUIT_ACTIONS = {"quit", "app.quit", "exit", "app.exit", "app.suspend_process"}
#: How much more likely a key the footer shows is than any other.
SHOWN_WEIGHT = 8
#: On a game screen, keys that make no move weigh like any other key even
#: when the footer shows them: undo, help, save, the log, the menu, panels.
META_ACTIONS = {
    "undo",
    "help",
    "app.help",
    "save",
    "log",
    "menu",
    "back",
    "esc",
    "table",
    "panel",
    "picker",
}
META_KEYS = {"escape", "tab", "shift+tab", "ctrl+z", "ctrl+s", "ctrl+p", "f1"}
#: Keys for scrolling, copying and pasting: pressed now and then only.
RARE_KEYS = {
    "shift+tab",
    "ctrl+c",
    "super+c",
    "ctrl+v",
    "pageup",
    "pagedown",
    "ctrl+pageup",
    "ctrl+pagedown",
    "home",
    "end",
}
#: One press in this many is a resize (to the other size).
RESIZE_EVERY = 25


@dataclass
class MonkeyReport:
    game: str
    players: int
    seed: int
    presses: int = 0
    moves: int = 0
    undone: int = 0
    resizes: int = 0
    exceptions: list[str] = field(default_factory=list)
    #: How many presses each kind of screen received.
    screens: dict[str, int] = field(default_factory=dict)
    final_screen: str = ""
    #: The run ended on a game screen or the menu (after closing dialogs).
    on_game_or_menu: bool = False
    save_problems: list[str] = field(default_factory=list)
    #: Saves the monkey deleted itself from the load screen (and confirmed).
    deleted: int = 0

    def line(self) -> str:
        return (
            f"{self.game} {self.players}p seed {self.seed}: {self.presses} presses, "
            f"{self.moves} moves made ({self.undone} undone), {self.resizes} resizes, "
            f"{len(self.exceptions)} exceptions, {len(self.save_problems)} save problems, "
            f"{self.deleted} saves deleted, "
            f"ends on {self.final_screen}"
        )


def new_session(game: str, players: int, seed: int, saves_dir: Path) -> Session:
    seats = [Seat(name=NAMES[i]) for i in range(players)]
    return Session.new(game, seats, seed=seed, saves_dir=saves_dir)


def choose_key(app: BoardgamesApp, rng: random.Random) -> str:
    """A key drawn with the footer's keys weighing the most."""
    screen = app.screen
    in_game = isinstance(screen, GameScreen)
    weights: dict[str, float] = dict.fromkeys(BASE_KEYS, 1.0)
    for key, active in screen.active_bindings.items():
        if active.binding.action in QUIT_ACTIONS:
            continue
        shown = active.binding.show and active.enabled
        if in_game and (
            key in META_KEYS or active.binding.action.partition("(")[0] in META_ACTIONS
        ):
            shown = False
        weights[key] = max(weights.get(key, 0.0), SHOWN_WEIGHT if shown else 1.0)
    for key in [k for k, a in screen.active_bindings.items() if a.binding.action in QUIT_ACTIONS]:
        weights.pop(key, None)
    if in_game and screen.live:
        # The action list's own keys (which every game screen has, and the
        # help lists): Enter takes the highlighted action, a digit a
        # numbered one.
        for key in ("enter", "1", "2", "3"):
            weights[key] = max(weights[key], SHOWN_WEIGHT / 2)
    for key in RARE_KEYS:
        if key in weights:
            weights[key] = 0.25
    if isinstance(screen, MainMenuScreen):
        # Back to the game (Continue, or Load) rather than into a new one.
        for key in ("n", "r"):
            if key in weights:
                weights[key] = 0.25
        back = "c" if "c" in weights and screen.latest is not None else "l"
        weights[back] = sum(weights.values())
    keys = list(weights)
    return rng.choices(keys, weights=[weights[k] for k in keys])[0]


def same_as_disk(session: Session) -> str | None:
    """Why the save on disk is not the session, or None when it is."""
    if session.path is None:
        return None
    if not session.actions and not session.path.exists():
        return None  # a game is first written at its first move
    try:
        loaded = Session.load(session.path)
    except SaveError as exc:
        return str(exc)
    game = session.game
    if [game.dump_action(a) for a in loaded.actions] != [
        game.dump_action(a) for a in session.actions
    ]:
        return f"{session.path.name}: the saved moves differ from the game's"
    if game.dump_state(loaded.state) != game.dump_state(session.state):
        return f"{session.path.name}: the saved state differs from the game's"
    return None


async def run_monkey(
    game: str,
    players: int,
    seed: int,
    presses: int,
    saves_dir: Path,
    *,
    size: tuple[int, int] = (80, 24),
) -> MonkeyReport:
    """Press ``presses`` seeded random keys on a new game of ``game``.

    Every exception is counted in the report (a crash the app recovered
    from, one that ended it, one in the pilot), and the run goes on after
    a recovered crash as a person would: from the crash screen."""
    rng = random.Random(seed)
    report = MonkeyReport(game, players, seed)
    session = new_session(game, players, seed, saves_dir)
    app = make_app(saves_dir, session=session, seed=seed, bot_delay=0)
    app.animation_level = "none"
    previous_strict = BoardgamesApp.strict
    BoardgamesApp.strict = False  # counted here instead
    #: The latest session seen for each save file, to compare with the disk.
    seen: dict[Path, Session] = {}
    tracked: tuple[int, int] | None = None  # (id of the session, its actions)
    try:
        async with app.run_test(size=size) as pilot:
            current = size
            for _ in range(presses):
                if not app.is_running:
                    break
                if rng.randrange(RESIZE_EVERY) == 0:
                    current = SIZES[1] if current == SIZES[0] else SIZES[0]
                    await pilot.resize_terminal(*current)
                    report.resizes += 1
                key = choose_key(app, rng)
                kind = type(app.screen).__name__
                # A confirmation over the load screen is a delete's.
                deleting = len(app.screen_stack) > 1 and isinstance(
                    app.screen_stack[-2], LoadScreen
                )
                report.screens[kind] = report.screens.get(kind, 0) + 1
                try:
                    await pilot.press(key)
                except Exception as exc:  # the pilot itself failed
                    report.exceptions.append("".join(traceback.format_exception(exc)))
                    break
                report.presses += 1
                if deleting:
                    # A save the player chose to delete is gone on purpose;
                    # any other save that vanishes is a save problem.
                    for path in [p for p in seen if not p.exists()]:
                        del seen[path]
                        report.deleted += 1
                games = [s for s in app.screen_stack if isinstance(s, GameScreen)]
                if games:
                    playing = games[-1].session
                    if playing.path is not None:
                        seen[playing.path] = playing
                    count = len(playing.actions)
                    if tracked is not None and tracked[0] == id(playing):
                        if count > tracked[1]:
                            report.moves += count - tracked[1]
                        else:
                            report.undone += tracked[1] - count
                    tracked = (id(playing), count)
            # Close what is open over the game or the menu (help, dialogs).
            for _ in range(6):
                if isinstance(app.screen, GameScreen | MainMenuScreen) or not app.is_running:
                    break
                # The hand-off cover is lifted with Enter, the rest with Escape.
                await pilot.press("enter" if isinstance(app.screen, HandoffScreen) else "escape")
            report.final_screen = type(app.screen).__name__ if app.is_running else "(app ended)"
            report.on_game_or_menu = app.is_running and isinstance(
                app.screen, GameScreen | MainMenuScreen
            )
            await pilot.pause()
            report.exceptions.extend(
                "".join(traceback.format_exception(error)) for error in app.crashes
            )
    except Exception as exc:
        report.exceptions.append("".join(traceback.format_exception(exc)))
    finally:
        BoardgamesApp.strict = previous_strict
    for latest in seen.values():
        if (problem := same_as_disk(latest)) is not None:
            report.save_problems.append(problem)
    return report
