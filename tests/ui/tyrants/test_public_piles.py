"""The table's information in Tyrants (issue 45.11): what is public can be
seen, and the same fact reads the same everywhere.

- every house's discard pile and inner circle are one key away (P), and no
  hand or deck appears there;
- the houses panel's VP is the score as it stands (V), not the VP tokens
  alone (it showed 0 VP for everyone while V said 19 and 15);
- the prompt's step counter stays to the last step of an effect of several
  ("1 left"), where it used to vanish after the first.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from textual.pilot import Pilot

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.engine.session import Session
from boardgames_tui.games.tyrants import GAME
from boardgames_tui.games.tyrants.actions import Deploy, PlayCard
from boardgames_tui.games.tyrants.cards import card
from boardgames_tui.games.tyrants.rules import prompt
from boardgames_tui.ui.tyrants.dialogs import TextDialog, piles_text, score_text
from boardgames_tui.ui.tyrants.screen import TyrantsScreen
from boardgames_tui.ui.tyrants.widgets import HousesPanel
from tests.games.tyrants.helpers import ANA, BEN, table
from tests.ui.helpers import screen_text, wait_until

from .helpers import state_of
from .test_end_turn import to_main_turn
from .test_table import against_a_bot

AppFactory = Callable[..., BoardgamesApp]
SIZES = [(80, 24), (120, 40)]


async def houses_with_piles(
    app: BoardgamesApp, pilot: Pilot[Any], size: tuple[int, int]
) -> TyrantsScreen:
    """At Ana's first turn against a bot, Ben given public piles
    (``give_ben_piles``), and the houses shown (behind H at 80 columns)."""
    await wait_until(pilot, lambda: isinstance(app.screen, TyrantsScreen))
    screen = app.screen
    assert isinstance(screen, TyrantsScreen)
    session = screen.session
    await to_main_turn(app, pilot, session)
    await wait_until(pilot, lambda: screen.live and not app.workers)
    assert session.to_act == ANA
    give_ben_piles(session)
    screen.changed()
    await wait_until(pilot, lambda: screen.live)
    if size == (80, 24):
        await pilot.press("h")
        await pilot.pause()
    return screen


def give_ben_piles(session: Session) -> None:
    """Ben gets public piles (an Advocate discarded, a House Guard in his
    inner circle) and a hand card found nowhere else (a Black Dragon), and
    Ana 4 VP tokens."""
    state = state_of(session)
    ben = state.players[BEN]
    ben.discard = ["advocate"]
    ben.inner_circle = ["house-guard"]
    ben.hand = ["black-dragon", *ben.hand[1:]]
    state.players[ANA].vp = 4


@pytest.mark.parametrize("size", SIZES)
async def test_every_discard_pile_and_inner_circle_is_one_key_away(
    size: tuple[int, int], new_app: AppFactory
) -> None:
    session = against_a_bot()
    app = new_app(session=session, seed=2)
    async with app.run_test(size=size) as pilot:
        screen = await houses_with_piles(app, pilot, size)
        # The footer has no room for P beside the bots' keys: the houses
        # panel's title says it.
        assert "Houses (H) · P: their piles" in screen_text(app)
        if size == (80, 24):
            await pilot.press("escape")
        await pilot.press("p")
        await wait_until(pilot, lambda: isinstance(app.screen, TextDialog))
        body = str(app.screen.query_one("#text-body").render())
        assert "Discard pile (1): Advocate" in body
        assert "Inner circle (1, 3 VP): House Guard" in body
        # Ben's hand and Ana's own hand and deck are not among the piles.
        assert "Black Dragon" not in body
        for c in state_of(session).players[ANA].hand:
            if c not in state_of(session).players[ANA].discard:
                assert card(c).name not in body
        await pilot.press("p")
        await wait_until(pilot, lambda: app.screen is screen)


def test_the_piles_text_reads_no_hand_and_no_deck() -> None:
    state = table(hand=("black-dragon",), deck=("mercenary-squad",), discard=("advocate",))
    state.players[BEN].hand = ["white-dragon"]
    state.players[BEN].inner_circle = ["house-guard", "house-guard"]
    text = str(piles_text(state, ["A", "B"]))
    assert "A Ana\n  Discard pile (1): Advocate\n  Inner circle (0, 0 VP): none" in text
    assert "B Ben\n  Discard pile (0): none\n  Inner circle (2, 6 VP): House Guard ×2" in text
    for hidden in ("Black Dragon", "Mercenary Squad", "White Dragon"):
        assert hidden not in text
    # Any seat's view says the same (only the public piles are read).
    assert piles_text(GAME.view(state, BEN), ["A", "B"]) == piles_text(state, ["A", "B"])


@pytest.mark.parametrize("size", SIZES)
async def test_the_houses_show_the_score_as_it_stands(
    size: tuple[int, int], new_app: AppFactory
) -> None:
    session = against_a_bot()
    app = new_app(session=session, seed=2)
    async with app.run_test(size=size) as pilot:
        screen = await houses_with_piles(app, pilot, size)
        houses = str(screen.query_one(HousesPanel).render())
        score = str(score_text(GAME, state_of(session)))
        for who in session.seats:
            total = int(score.split(f"{who.name}: ")[1].split(" VP")[0])
            line = next(line for line in houses.splitlines() if who.name in line)
            assert f" {total} VP" in line, (line, score)
        # Ben has no VP token: the VP shown are his sites, deck and inner circle.
        assert "Ben: 0 VP" not in score and "Ben: " in score, score


def test_the_step_counter_stays_to_the_last_step() -> None:
    state = table(hand=("mercenary-squad",))
    GAME.apply(state, PlayCard(card="mercenary-squad"))
    seen = [prompt(state)]
    for _ in range(2):
        deploy = next(a for a in GAME.legal_actions(state) if isinstance(a, Deploy))
        GAME.apply(state, deploy)
        seen.append(prompt(state))
    assert [p.split("(")[-1] for p in seen] == ["3 left).", "2 left).", "1 left)."], seen
    # Two steps: the second still says how many are left.
    two = table(hand=("white-wyrmling",))
    GAME.apply(two, PlayCard(card="white-wyrmling"))
    assert "(2 left)" in prompt(two)
    GAME.apply(two, next(a for a in GAME.legal_actions(two) if isinstance(a, Deploy)))
    assert "(1 left)" in prompt(two)
