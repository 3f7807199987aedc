"""A move looks at the keys and works out the hint once (issue 49).

A move that hands the decision to another person moves the focus back to
the board (``focus_now``), which draws the hint and has the key bar look at
every binding in the move's own turn; the focus event that follows a turn
later did both again (the same hint, the same keys: nothing changed on
screen, two to three milliseconds of work a move).  And the hint drawn as
the focus moved was drawn again by the redraw that follows in the same turn.

Moves are made as a player without the direct keys makes them (A opens the
action list, Home, Enter plays its first action), some way into a seeded
game, and each is counted: the key bar's looks at the bindings
(``KeyBar._look``) and the hint worked out (the screen's ``hint_text``);
and the bar woken to run its queue (Textual's ``Prompt``) no more often
than it is repainted: the signal that the keys changed sets its look going
at once, not through a callback of its own queued after the signal (a
message and a turn of the bar's queue a move).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.message import Message
from textual.messages import Prompt

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.ui.screens.game import GameScreen
from boardgames_tui.ui.widgets.keybar import KeyBar
from tests.ui.render_count import RenderCount
from tests.ui.test_render_once import Table, moves_counted, played

#: Moves counted per table and size.
MOVES = 6


class Looks:
    """The key bar's looks and the hints worked out, since :meth:`reset`."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, screen_class: type[GameScreen]) -> None:
        self.count: Counter[str] = Counter()
        look = KeyBar._look
        hint_text = screen_class.hint_text

        def counted_look(bar: KeyBar) -> None:
            self.count["keys"] += 1
            look(bar)

        def counted_hint(screen: GameScreen) -> str:
            self.count["hint"] += 1
            return hint_text(screen)

        post = KeyBar.post_message
        repaint = KeyBar.refresh

        def counted_post(bar: KeyBar, message: Message) -> bool:
            if isinstance(message, Prompt):
                self.count["bar woken"] += 1
            return post(bar, message)

        def counted_refresh(bar: KeyBar, *args: Any, **kwargs: Any) -> Any:
            self.count["bar repainted"] += 1
            return repaint(bar, *args, **kwargs)

        monkeypatch.setattr(KeyBar, "_look", counted_look)
        monkeypatch.setattr(screen_class, "hint_text", counted_hint)
        monkeypatch.setattr(KeyBar, "post_message", counted_post)
        monkeypatch.setattr(KeyBar, "refresh", counted_refresh)

    def reset(self) -> None:
        self.count.clear()


async def looked_once(
    table: Table,
    screen_class: type[GameScreen],
    size: tuple[int, int],
    new_app: Callable[..., BoardgamesApp],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Make ``MOVES`` moves at ``table`` and fail on a move that looked at
    the keys, or worked out the hint, more than once."""
    looks = Looks(monkeypatch, screen_class)
    app = new_app(session=played(table))
    failures: list[str] = []

    def before(screen: GameScreen) -> None:
        looks.reset()

    def check(screen: GameScreen, count: RenderCount) -> None:
        twice = {what: n for what, n in looks.count.items() if n > 1 and what in ("keys", "hint")}
        # The bar is woken (a turn of its queue) for its look and for its
        # repaint, not for each signal of the keys as well.
        woken, repainted = looks.count["bar woken"], looks.count["bar repainted"]
        if woken > repainted:
            twice["bar woken"] = woken
        if twice:
            failures.append(f"move {len(screen.session.actions)}: {twice}")

    async with app.run_test(size=size) as pilot:
        made = await moves_counted(app, pilot, MOVES, check, before)
    assert made == MOVES, f"only {made} moves made"
    assert not failures, "looked at more than once in a move:\n" + "\n".join(failures)


@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_an_underwing_move_looks_at_the_keys_and_the_hint_once(
    size: tuple[int, int],
    new_app: Callable[..., BoardgamesApp],
    saves_dir: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from boardgames_tui.ui.underwing.screen import UnderwingScreen

    await looked_once(Table("underwing", 4, into=30), UnderwingScreen, size, new_app, monkeypatch)
