"""Root's screens in a table's words (issue 33, defect 10): every seat says
which faction it plays (the prompt, the hand-off, the wide title, the
results), the hand-off in the middle of a turn says what decision waits, in
public words only, and no count reads "1 cards" or "1 points".  Started from
the menu (hot-seat) and against a bot, at 80x24 and 120x40."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.games.root import GAME, core, flow
from boardgames_tui.games.root.actions import Battle
from boardgames_tui.games.root.battle import Ambush, BattleEffects, CounterAmbush
from boardgames_tui.games.root.factions.duchy import DUCHY
from boardgames_tui.games.root.factions.marquise import CATS
from boardgames_tui.games.root.factions.marquise.actions import BuildCats
from boardgames_tui.games.root.factions.marquise.decisions import FieldHospitals, PlaceWood
from boardgames_tui.games.root.model import Battle as BattleState
from boardgames_tui.games.root.removal import Hits
from boardgames_tui.ui.root import choices
from boardgames_tui.ui.screens.handoff import HandoffScreen
from tests.games.root.helpers import blank, give, put
from tests.games.root.pieces import marquise_of
from tests.ui.helpers import picture_text, screen_text, wait_until

from .helpers import ana_marquise_against_a_bot, keys_for, secret_names, state_of
from .test_stray_enter import SIZES, from_the_menu, to_the_marquise_daylight

AppFactory = Callable[..., BoardgamesApp]
NAMES = ["Cat", "Mole"]  # the hand-built positions' seats: Marquise 0, Duchy 1


# ------------------------------------------------- the hand-off's line
def test_the_ambush_line_names_the_attacker_and_the_clearing() -> None:
    state = blank()
    state.battle = BattleState(attacker=CATS, clearing=6, defending=DUCHY)
    state.stack.append(Ambush(faction=DUCHY, clearing=6))
    assert choices.waiting_line(state, NAMES) == (
        "Cat (Marquise) attacks you in Mountain (6): will you play an ambush?"
    )


def test_the_counter_line_names_the_ambusher() -> None:
    state = blank()
    state.battle = BattleState(attacker=CATS, clearing=6, defending=DUCHY)
    state.stack.append(CounterAmbush(faction=CATS, clearing=6))
    assert choices.waiting_line(state, NAMES) == (
        "Mole (Duchy) ambushes your attack in Mountain (6): will you cancel it?"
    )


def test_the_hits_line_counts_in_words() -> None:
    state = blank()
    state.stack.append(Hits(faction=DUCHY, clearing=7, count=1, by=CATS))
    assert choices.waiting_line(state, NAMES) == (
        "You take 1 hit from the Marquise in Pond (7): choose the pieces you lose."
    )
    state.stack[-1] = Hits(faction=DUCHY, clearing=7, count=2, by=CATS)
    assert "You take 2 hits from the Marquise" in choices.waiting_line(state, NAMES)


def test_the_field_hospitals_line() -> None:
    state = blank()
    state.stack.append(FieldHospitals(faction=CATS, clearing=8, count=3))
    assert choices.waiting_line(state, NAMES) == (
        "Field Hospitals: 3 warriors fell in Meadow (8); spend a matching card "
        "to bring them to the keep?"
    )


def test_the_battle_effects_line_offers_the_order_when_it_is_offered() -> None:
    state = blank()
    state.battle = BattleState(attacker=CATS, clearing=6, defending=DUCHY)
    state.stack.append(BattleEffects(faction=CATS, side="attacker"))
    assert choices.waiting_line(state, NAMES, order_offered=True) == (
        "The battle in Mountain (6): use your battle effects first, or let the Duchy go first?"
    )
    assert choices.waiting_line(state, NAMES) == (
        "The battle in Mountain (6): will you use a battle effect?"
    )


def test_no_line_at_the_start_of_a_turn() -> None:
    assert choices.waiting_line(blank(), NAMES) == ""


# ------------------------------------------------------------ the texts
def test_one_point_and_one_card_read_in_the_singular() -> None:
    state = blank()
    put(state, 2, cats=1, buildings=("sawmill",), wood=1)
    marquise_of(state).keep = 2
    state.clearings[2].add_token("keep")
    build = next(
        a for a in GAME.legal_actions(state) if isinstance(a, BuildCats) and a.building == "sawmill"
    )
    assert GAME.describe(state, build).endswith("(1 wood, 1 point)")
    events = core.gain(state, CATS, 1, "crafting")
    assert events[0].text == "The Marquise scores 1 point (crafting): 1 point in all."
    give(state, DUCHY, "fox-ambush")
    assert flow.prompt(state).startswith("Cat (Marquise): ")


def test_the_results_name_the_factions() -> None:
    state = blank()
    marquise_of(state).vp = 12
    outcome = GAME.outcome(state)
    assert {r.name for r in outcome.results} == {"Cat (Marquise)", "Mole (Duchy)"}
    assert "Cat (Marquise) leads" in outcome.summary


# ------------------------------------------------------ from the menu
@pytest.mark.parametrize("size", SIZES)
async def test_a_hot_seat_table_says_who_plays_what_and_what_waits(
    size: tuple[int, int], new_app: AppFactory
) -> None:
    from .test_stray_enter import SEED_MARQUISE_FIRST

    app = new_app(seed=SEED_MARQUISE_FIRST)
    async with app.run_test(size=size) as pilot:
        await from_the_menu(app, pilot)
        await wait_until(pilot, lambda: isinstance(app.screen, HandoffScreen))
        await pilot.pause()
        first = app.screen
        assert isinstance(first, HandoffScreen)
        assert first.player.endswith("(Marquise)")
        screen = await to_the_marquise_daylight(app, pilot)
        session = screen.session
        state = state_of(session)
        names = [s.name for s in session.seats]
        cat, mole = names[state.seat_of[CATS]], names[state.seat_of[DUCHY]]
        assert f"{cat} (Marquise): Daylight" in screen_text(app)
        battle = next(a for a in screen.legal() if isinstance(a, Battle))
        before = len(session.actions)
        await pilot.press(*keys_for(screen, battle))
        await wait_until(pilot, lambda: len(session.actions) > before)
        await wait_until(pilot, lambda: isinstance(app.screen, HandoffScreen))
        await pilot.pause()
        cover = app.screen
        assert isinstance(cover, HandoffScreen)
        picture = " ".join(picture_text(app).replace("║", " ").split())
        assert f"Pass to {mole} (Duchy)" in picture
        line = (
            f"{cat} (Marquise) attacks you in {choices.where(state, battle.clearing)}: "
            "will you play an ambush?"
        )
        assert cover.waiting == line
        assert line in picture  # whole, not cut (it may wrap inside the box)
        log = " ".join(e.text for e in session.log)
        assert not [n for n in secret_names(state, None, log) if n in picture]
        await pilot.press("enter")
        await wait_until(pilot, lambda: app.screen is screen and screen.live)
        await pilot.pause()
        shown = screen_text(app)
        assert f"{mole} (Duchy): You are attacked" in shown
        assert "Press 1: " in shown and "Keys 1" not in shown


@pytest.mark.parametrize("size", SIZES)
async def test_against_a_bot_the_prompt_names_the_faction(
    size: tuple[int, int], new_app: AppFactory
) -> None:
    session = ana_marquise_against_a_bot()
    app = new_app(session=session)
    async with app.run_test(size=size) as pilot:
        screen = await to_the_marquise_daylight(app, pilot)
        shown = screen_text(app)
        assert "Ana (Marquise): Daylight, 3 actions left." in shown
        if size[0] >= 110:
            assert "Marquise (Ana) 0, Duchy (Ben) 0 of 30" in shown
        assert not re.search(r"(?<![\w+])1 (cards|points)\b", shown)
        assert screen.people == 1


def test_crafting_placing_wood_and_moving_read_as_english() -> None:
    from boardgames_tui.games.root import core
    from boardgames_tui.games.root.actions import Craft, Move
    from boardgames_tui.games.root.cards import deck
    from boardgames_tui.games.root.factions.marquise.actions import PlaceAt

    state = blank()
    sword = next(i for i, c in enumerate(deck()) if c.name == "Sword")
    craft = Craft(card=sword, using=["fox", "fox", "mouse"])
    assert GAME.describe(state, craft) == (
        "Craft Sword (mouse) with crafting pieces in 2 fox clearings and a mouse one"
    )
    state.stack.append(PlaceWood(faction=CATS, count=1, spots=(2,)))
    assert GAME.describe(state, PlaceAt(clearing=2)) == "Place wood in Quarry (2, mouse)"
    state.stack.clear()
    put(state, 2, cats=1)
    (event,) = core.do_move(state, CATS, Move(origin=2, to=5, count=1))
    assert event.text == "The Marquise moves 1 warrior from Quarry (2, mouse) to Creek (5, rabbit)."
