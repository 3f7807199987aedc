"""One look at a game screen's keys works out what they all ask once
(issue 49).

The key bar looks at the screen's keys after every move (Textual's
``active_bindings`` asks ``check_action`` of every binding: over a hundred
on Underwing's screen).  What the game's keys all ask -- the decision the
key map reads, what Esc closes, whether a person decides here -- is worked
out once per look, not once per binding; and the look says of every key
what the key's own check says when asked alone (no answer of the look is
kept for the key pressed afterwards: it is checked afresh).

On every game's screen, some way into a seeded game: one look counts its
calls of the key map's ``decision``, the screen's ``here`` and its
``_escape_closes``; and each key's state in the look is compared with the
screen's checks asked one at a time (Textual's look without the screen's
table).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from textual.binding import ActiveBinding
from textual.screen import Screen

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.engine.bots import get_bot
from boardgames_tui.engine.game import Seat
from boardgames_tui.engine.session import Session
from boardgames_tui.ui.screens.game import GameScreen
from tests.ui.helpers import lifted

NAMES = ("Ana", "Ben", "Cy", "Dee")

#: (game, players, options, moves played first by seeded random bots)
TABLES: list[tuple[str, int, dict[str, str], int]] = [
    ("underwing", 4, {}, 40),
    ("incubation", 2, {}, 30),
    ("tyrants", 4, {}, 40),
    ("root", 3, {"factions": "marquise,eyrie,duchy", "seating": "chosen"}, 30),
]


def played(game: str, players: int, options: dict[str, str], into: int) -> Session:
    seats = [Seat(name=name) for name in NAMES[:players]]
    session = Session.new(game, seats, options, seed=5, autosave=False)
    bots = [get_bot("random", seed=i, game=session.game) for i in range(players)]
    while not session.is_over and len(session.actions) < into:
        seat = session.to_act
        assert seat is not None
        session.apply(bots[seat].choose(session.game, session.view(seat), session.legal_actions()))
    return session


def states(bindings: dict[str, ActiveBinding]) -> dict[str, tuple[str, bool]]:
    return {key: (active.binding.action, active.enabled) for key, active in bindings.items()}


def kind_of(state: tuple[str, bool]) -> str:
    """The key map's kind a binding's action names: ``take('act', ...)``'s
    first parameter, or the action itself."""
    action = state[0]
    name, _, rest = action.partition("(")
    if name == "take":
        return rest.split(",")[0].strip("')\" ")
    return name


class Counted:
    """Calls of a function, counted while ``on``."""

    def __init__(self, work: Callable[..., Any]) -> None:
        self.work, self.calls, self.on = work, 0, False

    def __call__(self, *args: Any) -> Any:
        self.calls += self.on
        return self.work(*args)


@pytest.mark.parametrize(("game", "players", "options", "into"), TABLES, ids=lambda t: str(t))
@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=["120x40", "80x24"])
async def test_a_look_at_the_keys_works_out_what_they_all_ask_once(
    game: str,
    players: int,
    options: dict[str, str],
    into: int,
    size: tuple[int, int],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    session = played(game, players, options, into)
    app = BoardgamesApp(session=session)
    async with app.run_test(size=size) as pilot:
        screen = await lifted(app, pilot, GameScreen)
        keymap = screen.KEYMAP
        assert keymap is not None and screen.live
        # On the board, and in the action list (other keys, other checks).
        for place in ("board", "list"):
            if place == "list":
                await pilot.press("a")
                await pilot.pause()
                assert screen.focused is not None and screen.focused.id == "actions"
            counted = {
                "decision": Counted(keymap.decision),
                "here": Counted(screen.here),
                "escape": Counted(screen._escape_closes),
            }
            monkeypatch.setattr(keymap, "decision", counted["decision"])
            monkeypatch.setattr(screen, "here", counted["here"])
            monkeypatch.setattr(screen, "_escape_closes", counted["escape"])
            for count in counted.values():
                count.on = True
            looked = states(screen.active_bindings)
            for count in counted.values():
                count.on = False
            calls = {name: count.calls for name, count in counted.items()}
            assert all(n <= 1 for n in calls.values()), f"{place}: {calls}"

            # The same as each key's check asked alone.
            alone = states(Screen.active_bindings.fget(screen))  # type: ignore[attr-defined]
            assert looked == alone
            kinds = [kind for kind in map(kind_of, looked.values()) if kind in keymap.kinds]
            # (In the action list the board's keys are off: Incubation's, Root's.)
            assert kinds or place == "list", f"{place}: no key of the key map's in {looked}"

            # A key pressed afterwards is checked afresh: nothing is kept.
            before = counted["decision"].calls
            counted["decision"].on = True
            stepped = [kind for kind in kinds if keymap.kinds[kind].steps]
            for kind in stepped[:1]:
                for _ in range(2):
                    if any(action.startswith("take(") for action, _ in looked.values()):
                        screen.check_action("take", (kind,))
                    else:
                        screen.check_action(kind, ())
            counted["decision"].on = False
            assert counted["decision"].calls == before + 2 * len(stepped[:1])
            monkeypatch.undo()
