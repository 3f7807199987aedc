"""Ctrl+Z in the footer only where undo takes something back: on every
game's screen, in every mode a window has a game (one keyboard, a seat,
watching, a replay), the footer offers Ctrl+Z exactly when the key acts (a
move taken back, or the question whether to take back another's too);
elsewhere the key, not offered, says why and changes nothing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.ui.screens.dialogs import ConfirmDialog
from boardgames_tui.ui.screens.game import GameScreen
from tests.ui.helpers import wait_until
from tests.ui.test_footer_truth import GAMES, MODES, at_the_table, opener, played


def offered(screen: GameScreen) -> bool:
    return any(
        key == "ctrl+z" and active.binding.show and active.enabled
        for key, active in screen.active_bindings.items()
    )


async def pressed_key_explains(
    screen: GameScreen, pilot: Pilot[Any], key: str, refusal: str | None, where: str
) -> None:
    """``key``, not offered, says why (``refusal``) and changes nothing."""
    app = pilot.app
    assert isinstance(app, BoardgamesApp)
    moves, told, screens = len(screen.session.actions), len(app.told), len(app.screen_stack)
    await pilot.press(key)
    for _ in range(3):
        await pilot.pause()
    assert len(screen.session.actions) == moves and len(app.screen_stack) == screens, where
    said = [n.message for n in list(app.told)[told:]]
    assert refusal in said, f"{where}: {key} not offered, and it did not say why"


async def pressed_ctrl_z(
    screen: GameScreen, pilot: Pilot[Any], shown: bool, refusal: str | None, where: str
) -> None:
    """Ctrl+Z acts where it is offered, and says why where it is not."""
    if not shown:
        await pressed_key_explains(screen, pilot, "ctrl+z", refusal, where)
        return
    app = pilot.app
    moves = len(screen.session.actions)
    await pilot.press("ctrl+z")
    for _ in range(3):
        await pilot.pause()
    acted = len(screen.session.actions) < moves or isinstance(app.screen, ConfirmDialog)
    assert acted, f"{where}: Ctrl+Z offered, and it took nothing back"


async def moved(screen: GameScreen, pilot: Pilot[Any]) -> None:
    """The first legal move played by the person here (yes if it asks)."""
    app = screen.app
    before = len(screen.session.actions)
    if not screen.play(screen.legal()[0]):
        await wait_until(
            pilot,
            lambda: len(screen.session.actions) > before or isinstance(app.screen, ConfirmDialog),
        )
        if isinstance(app.screen, ConfirmDialog):
            await pilot.press("y")
    await wait_until(pilot, lambda: len(screen.session.actions) > before)
    if screen.session.is_over:
        await wait_until(pilot, lambda: app.screen is not screen)
        await pilot.pause()


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_footer_offers_undo_only_where_it_acts(
    game: str, mode: str, size: tuple[int, int], saves_dir: Path
) -> None:
    app = opener(mode, played(game, saves_dir), saves_dir)()
    async with app.run_test(size=size) as pilot:
        screen = await at_the_table(app, pilot)
        seen: set[bool] = set()
        # The position as opened, then after each move a person here makes
        # (a keyboard's, a seat's) until Ctrl+Z is offered, or a few moves.
        for _ in range(6):
            await pilot.pause()
            shown, refusal = offered(screen), screen.undo_refusal()
            where = f"{game}, {mode}, {size}, move {len(screen.session.actions)}"
            assert shown == (refusal is None), f"{where}: offered {shown}, refused {refusal!r}"
            seen.add(shown)
            if shown:
                break  # (pressed last: it changes the game)
            await pressed_ctrl_z(screen, pilot, shown, refusal, where)
            if not screen.legal() or screen.session.is_over:
                break
            await moved(screen, pilot)
            if screen.session.is_over:
                break
            await at_the_table(app, pilot)
        if True in seen:
            await pressed_ctrl_z(screen, pilot, True, None, f"{game}, {mode}, {size}")
        if mode in ("watch", "replay"):
            assert seen == {False}  # nothing is ever taken back there
        elif mode == "keyboard" and not screen.session.is_over:
            assert True in seen  # a person's own move, taken back
