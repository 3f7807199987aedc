"""A screen per seat at Underwing: Ana and Ben each sit in a window of their
own on one save.  Ana opens a trade with Ben from her window (her window
never opens one for Ben), puts it together and sends it: the answer is
Ben's, made in his window while hers waits for it; both windows then show
the trade done.  While Ana decides, Ben's window may open a trade of his
own (anyone may, at any time: ruling R-TRADE), and make no other move."""

from __future__ import annotations

from pathlib import Path

import pytest

from boardgames_tui.engine import lock as lock_module
from boardgames_tui.engine.game import Seat
from boardgames_tui.engine.session import Session
from boardgames_tui.games.underwing.actions import (
    OfferTrade,
    TradeAdd,
    TradeAnswer,
    TradeCancel,
    TradeSend,
)
from boardgames_tui.ui.screens import seats as seat_windows
from boardgames_tui.ui.underwing.dialogs import ChoiceDialog
from tests.ui.seats import in_step, windows

from .helpers import state_of

pytestmark = pytest.mark.skipif(not lock_module.ENFORCED, reason="no fcntl here")


async def test_a_trade_offer_is_answered_in_the_partners_window(
    saves_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(seat_windows, "FOLLOW_SECONDS", 0.05)
    session = Session.new(
        "underwing", [Seat(name="Ana"), Seat(name="Ben")], seed=3, saves_dir=saves_dir
    )
    save = session.path
    assert save is not None
    state = state_of(session)
    assert session.to_act == 0
    # Ana gives an element she holds, for nothing.
    mine = next(e for e, n in state.players[0].storage.items() if n)
    async with windows(saves_dir, save, ["Ana"], ["Ben"], size=(120, 40)) as (ana, ben):
        # Ana's window opens offers of Ana's only: "who proposes" is not asked.
        assert {a.proposer for a in ana.screen.legal() if isinstance(a, OfferTrade)} == {0}
        assert not ana.play(OfferTrade(partner=0, proposer=1))
        await ana.pilot.pause()
        assert "Ben's move" in ana.messages() and ana.session.actions == []
        await ana.pilot.press("t")
        await ana.pilot.pause()
        assert not isinstance(ana.app.screen, ChoiceDialog)
        await in_step([ana, ben], 1)
        assert ana.session.actions == [OfferTrade(partner=1, proposer=0)]
        assert ben.screen.prompt_text() == "Waiting for Ana to put a trade together with Ben…"
        await ana.pilot.press(mine[0] if mine != "black" else "k")
        await in_step([ana, ben], 2)
        assert ana.session.actions[-1] == TradeAdd(side="give", element=mine)
        await ana.pilot.press("enter")
        await in_step([ana, ben], 3)
        assert ana.session.actions[-1] == TradeSend()
        # The answer is Ben's: his window decides, Ana's waits for it.
        assert ben.screen.can_act and not ana.screen.can_act
        assert ana.screen.prompt_text() == (
            f"Waiting for Ben to answer Ana's trade offer ({mine} for nothing)…"
        )
        await ana.pilot.press("y")
        await ana.pilot.pause(0.2)
        assert len(ana.session.actions) == 3
        await ben.pilot.press("y")
        await in_step([ana, ben], 4)
        assert ben.session.actions[-1] == TradeAnswer(accept=True)
        for window in (ana, ben):
            assert state_of(window.session).players[1].storage[mine] >= 1
            assert window.session.to_act == 0 and state_of(window.session).trade is None
        assert ana.screen.can_act and ana.screen.mode.mine_to_act
        # R-TRADE: anyone may open a trade while a person decides: Ben's
        # window may, while Ana decides (his offers only: no other move).
        assert ben.screen.can_act and not ben.screen.mode.mine_to_act
        assert {type(a) for a in ben.screen.legal()} == {OfferTrade}
        assert ben.screen.prompt_text() == "Waiting for Ana…"
        assert ben.screen.advice_refusal() is not None
        await ben.pilot.press("t")
        await in_step([ana, ben], 5)
        assert ana.session.actions[-1] == OfferTrade(partner=0, proposer=1)
        assert ana.screen.prompt_text() == "Waiting for Ben to put a trade together with Ana…"
        assert not ana.screen.can_act
        await ben.pilot.press("x")  # called off: Ana decides again
        await in_step([ana, ben], 6)
        assert ana.session.actions[-1] == TradeCancel()
        assert ana.screen.mode.mine_to_act and not ben.screen.mode.mine_to_act
