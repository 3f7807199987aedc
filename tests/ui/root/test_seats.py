"""A screen per seat at Root: Ana and Ben each sit in a window of their own
on one save, through the start of a game with battles.  The defender's
decisions in the middle of the attacker's turn (an ambush, the hits to
take, a field hospital) go to the defender's window while the attacker's
says "Waiting for …"; after every move every window is read, and never
shows a card of the other hand; no hand-off screen ever covers a window."""

from __future__ import annotations

from pathlib import Path

import pytest

from boardgames_tui.engine import lock as lock_module
from boardgames_tui.games.root.actions import DefenderFirst
from boardgames_tui.games.root.bots import RootBot
from boardgames_tui.games.root.model import card_of
from boardgames_tui.ui.root.choices import waiting_line
from boardgames_tui.ui.screens import seats as seat_windows
from boardgames_tui.ui.screens.handoff import HandoffScreen
from tests.ui.helpers import screen_text
from tests.ui.seats import Window, synced, windows

from .helpers import new_session, secret_names, state_of

pytestmark = pytest.mark.skipif(not lock_module.ENFORCED, reason="no fcntl here")

#: A seeded game whose first battles bring the defender's decisions early.
SEED = 4
STEPS = 60


def check_private(window: Window, seat: int) -> int:
    session = window.session
    state = state_of(session)
    log = " ".join(entry.text for entry in session.log)
    text = screen_text(window.app)
    leaked = [name for name in secret_names(state, seat, log) if name in text]
    assert not leaked, f"{leaked} on {session.seats[seat].name}'s screen"
    assert not isinstance(window.app.screen, HandoffScreen)
    mine = state.player(state.faction_of(seat)).hand
    return sum(1 for c in mine if card_of(c).name in text)


async def test_the_defenders_decisions_go_to_the_defenders_window(
    saves_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(seat_windows, "FOLLOW_SECONDS", 0.05)
    session = new_session(seed=SEED, saves_dir=saves_dir)
    save = session.path
    assert save is not None
    bots = [RootBot(seed=1), RootBot(seed=2)]
    own_seen = 0
    decided: list[str] = []
    async with windows(saves_dir, save, ["Ana"], ["Ben"]) as wins:
        for _ in range(STEPS):
            await synced(wins, save)
            truth = wins[0].session
            if truth.is_over or len(decided) >= 3:
                break
            for seat, window in enumerate(wins):
                own_seen += bool(check_private(window, seat))
            seat = truth.to_act
            assert seat is not None
            mover, other = wins[seat], wins[1 - seat]
            state = state_of(truth)
            assert mover.screen.can_act and not other.screen.can_act
            name = truth.seats[seat].name
            waiting = other.screen.prompt_text()
            if state.seat_of[state.turn] != seat:
                # In the other's turn: the decision is the defender's, here;
                # the attacker's window says what it waits for, in the
                # hand-off's public words.
                decided.append(state.stack[-1].kind if state.stack else state.step)
                names = [s.name for s in truth.seats]
                order = DefenderFirst() in truth.legal_actions()
                asked = waiting_line(state, names, order)
                assert asked and waiting == f"Waiting for {name}… (asked: “{asked}”)", waiting
                assert "attacks you" in asked or "hit" in asked or "battle" in asked, asked
            elif not state.stack:
                assert waiting == f"Waiting for {name}…"
            before = len(truth.actions)
            assert mover.play(bots[seat].choose(truth.game, truth.view(seat)))
            await synced(wins, save, before)
    assert "ambush" in decided and len(decided) >= 3, decided
    assert own_seen > 20
