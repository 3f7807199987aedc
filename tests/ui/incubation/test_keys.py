"""Each direct key of the Incubation screen makes the matching legal action;
a key that matches none says why and changes nothing; the mouse and the action
picker work too."""

from __future__ import annotations

from collections.abc import Callable

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.engine.data import to_json
from boardgames_tui.engine.session import Session
from boardgames_tui.games.incubation.actions import (
    ChooseStartingEgg,
    ClaimObjective,
    CollectTreasure,
    KeepDice,
    PlaceExcess,
    PlaceToken,
    RerollDice,
    RollDice,
    TakeEgg,
    UseDice,
)
from boardgames_tui.games.incubation.cards import SECTIONS
from boardgames_tui.ui.incubation.choices import decision
from boardgames_tui.ui.incubation.market import MarketRing
from boardgames_tui.ui.incubation.panel import IncubationPanel
from boardgames_tui.ui.incubation.widgets import DecksPanel, DicePanel, PlayersPanel
from boardgames_tui.ui.screens.help import HelpScreen
from boardgames_tui.ui.widgets import ActionPicker
from boardgames_tui.ui.widgets.keybar import KeyBar
from tests.games.incubation.helpers import (
    blank,
    give_dragons,
    new_game,
    offer,
    put_egg,
    seats,
    section,
    set_treasure,
)
from tests.ui.helpers import messages, wait_until

from .helpers import mid_game, screen_of, session_at, state_of

AppFactory = Callable[..., BoardgamesApp]


async def test_starting_eggs_roll_and_reroll_both(new_app: AppFactory) -> None:
    session = session_at(new_game(2))
    app = new_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await screen_of(app, pilot)
        await pilot.press("3")  # Ben, the last player, chooses first
        await pilot.press("1")
        assert session.actions == [ChooseStartingEgg(deck=2), ChooseStartingEgg(deck=0)]
        await pilot.press("enter")
        assert session.actions[-1] == RollDice()
        await pilot.press("1", "2", "enter")
        assert session.actions[-1] == RerollDice(dice=(0, 1))


async def test_reroll_other_die_use_place_and_claim(new_app: AppFactory) -> None:
    state = blank()
    offer(state, "O09", "O01")  # Dragon Hoard; Twin Clutch (2 of one colour)
    give_dragons(state, 0, "E01")  # a red dragon
    put_egg(state, 0, 0, "E02", fire=2)  # a red egg: 1 water to go
    put_egg(state, 0, 1, "E10", water=1)  # Mossling: 1 water to go
    state.dice, state.used, state.step = ["water", "coin"], [False, False], "reroll"
    session = session_at(state)
    app = new_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await screen_of(app, pilot)
        await pilot.press("1")
        assert screen.selection.marked == {0}
        await pilot.press("1", "enter")  # unmarked again: keep both
        assert session.actions == [KeepDice()]
        await pilot.press("right", "enter")  # the coin die
        assert session.actions[-1] == UseDice(dice=(1,))
        assert state_of(session).players[0].silver == 1
        await pilot.press("enter")  # the water die: two eggs need it
        assert session.actions[-1] == UseDice(dice=(0,))
        assert decision(state_of(session)) == "place"
        await pilot.press("1")  # the red egg hatches: two red dragons
        assert session.actions[-1] == PlaceToken(incubator=0)
        assert decision(state_of(session)) == "objective"
        await pilot.press("1")  # Dragon Hoard: not fulfilled
        await pilot.pause()
        assert "Dragon Hoard is not fulfilled yet" in messages(app)
        assert session.actions[-1] == PlaceToken(incubator=0)
        await pilot.press("2")
        assert session.actions[-1] == ClaimObjective(objective="O01")
        assert state_of(session).current == 1


async def test_take_an_egg_with_the_chosen_die_and_refusals(new_app: AppFactory) -> None:
    state = blank()
    put_egg(state, 0, 0, "E10")  # Mossling: water only
    state.dice, state.used, state.step = ["fire", "coin"], [False, False], "dice"
    session = session_at(state)
    top = state.decks[2][-1]
    app = new_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await screen_of(app, pilot)
        await pilot.press("right", "3")
        assert session.actions == [TakeEgg(die=1, deck=2)]
        assert state_of(session).players[0].incubators[1].egg == top
        before = to_json(state_of(session))
        await pilot.press("2")  # both incubators are full now
        await pilot.pause()
        assert "You need an empty incubator to take a Dragon Egg card." in messages(app)
        await pilot.press("r")  # no section to choose
        await pilot.pause()
        said = messages(app)  # the new message in place of the old
        assert "R chooses a section of the Market only when one is to be chosen." in said
        assert "empty incubator" not in said
        assert to_json(state_of(session)) == before
        assert len(session.actions) == 1


async def test_two_chests_then_the_excess_on_the_ring(new_app: AppFactory) -> None:
    state = blank()
    set_treasure(state, "green", silver=1, water=2, fire=1)
    state.spinner = section("blue")
    state.dice, state.used, state.step = ["chest", "chest"], [False, False], "reroll"
    session = session_at(state)
    app = new_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await screen_of(app, pilot)
        await pilot.press("enter")
        assert decision(state_of(session)) == "double_chest"
        assert screen.selection.cursor == section("green")  # the richest
        await pilot.press("g")
        assert session.actions[-1] == CollectTreasure(section=section("green"))
        # No egg needs the water and fire: they are excess.
        assert decision(state_of(session)) == "excess"
        assert screen.selection.cursor == section("blue")  # where the spinner is
        await pilot.press("left", "left", "right", "enter")
        assert session.actions[-1] == PlaceExcess(section=section("green"))
        assert state_of(session).market[section("green")].water == 2


async def test_clicks_mark_dice_take_eggs_and_choose_sections(new_app: AppFactory) -> None:
    state = blank()
    state.dice, state.used, state.step = ["water", "coin"], [False, False], "reroll"
    session = session_at(state)
    app = new_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await screen_of(app, pilot)
        dice = screen.query_one(DicePanel)
        await pilot.click(dice, offset=(8, 2))  # die 2's line, under the rule
        assert screen.selection.marked == {1}
        await pilot.click(dice, offset=(8, 2))
        assert screen.selection.marked == set()
        await pilot.press("enter")
        decks = screen.query_one(DecksPanel)
        await pilot.click(decks, offset=(12, 2))  # deck 2's line, with die 1
        assert session.actions[-1] == TakeEgg(die=0, deck=1)
        await pilot.press("enter")  # the coin die: the turn ends
        ring = screen.query_one(MarketRing)
        target = section("white")
        spot = next(
            (x, y)
            for y in range(ring.size.height)
            for x in range(ring.size.width)
            if ring.section_at(x, y) == target
        )
        before = len(session.actions)
        await pilot.click(ring, offset=spot)  # not a section choice now
        await pilot.pause()
        assert len(session.actions) == before
        assert "Choosing a section is not a choice now" in messages(app)


async def test_a_clicked_section_takes_the_excess(new_app: AppFactory) -> None:
    state = blank()
    state.dice, state.used, state.step = ["water", "fire"], [False, False], "dice"
    session = session_at(state)
    app = new_app(session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await screen_of(app, pilot)
        await pilot.press("enter")  # one water, no egg: excess
        assert decision(state_of(session)) == "excess"
        ring = screen.query_one(MarketRing)
        for target in (section("purple"), section("white")):
            spot = next(
                (x, y)
                for y in range(ring.size.height)
                for x in range(ring.size.width)
                if ring.section_at(x - 1, y - 1) == target  # inside the border
            )
            await pilot.click(ring, offset=spot)
            assert session.actions[-1] == PlaceExcess(section=target)
            if target == section("purple"):
                await pilot.press("enter")  # the fire die: excess again


async def test_the_action_picker_is_a_fallback(new_app: AppFactory) -> None:
    session = Session.new("incubation", seats(2), seed=5, autosave=False)
    app = new_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await screen_of(app, pilot)
        picker = screen.query_one("#actions", ActionPicker)
        assert not picker.display  # 80 columns: behind A
        await pilot.press("a")
        assert picker.display and app.focused is picker
        assert picker.actions == session.legal_actions()
        await pilot.press("down", "enter")  # the second deck's egg, from the list
        assert session.actions == [ChooseStartingEgg(deck=1)]
        await pilot.press("escape")
        assert not picker.display
        assert app.focused is screen.query_one(MarketRing)
        await pilot.press("1")  # a direct key again
        assert session.actions[-1] == ChooseStartingEgg(deck=0)


async def test_a_single_chest_turns_the_spinner_animated_or_not(new_app: AppFactory) -> None:
    for level in ("none", "full"):
        state = blank()
        state.dice, state.used, state.step = ["chest", "coin"], [False, False], "reroll"
        session = session_at(state)
        app = new_app(session=session)
        app.animation_level = level
        async with app.run_test(size=(120, 40)) as pilot:
            screen = await screen_of(app, pilot)
            ring = screen.query_one(MarketRing)
            await pilot.press("enter")
            assert state_of(session).spinner == 1
            if level == "none":
                assert not ring.spinning  # tests and "animations off" see no frames
            else:
                assert ring.spinning
                for _ in range(100):
                    if not ring.spinning:
                        break
                    await pilot.pause(0.05)
                assert not ring.spinning
            assert ring.phase == ""


async def test_clicks_on_the_picker_and_the_key_bar(new_app: AppFactory) -> None:
    session = Session.new("incubation", seats(2), seed=5, autosave=False)
    app = new_app(session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await screen_of(app, pilot)
        picker = screen.query_one("#actions", ActionPicker)
        assert picker.display  # 120 columns: always shown, not focused
        assert app.focused is screen.query_one(MarketRing)
        await pilot.click(picker, offset=(5, 3))  # its second line: deck 2
        assert session.actions == [ChooseStartingEgg(deck=1)]
        bar = screen.query_one(KeyBar)
        y, x = next((row, start) for row, start, _, key in bar._spots if key == "3")
        await pilot.click(bar, offset=(x, y))
        assert session.actions[-1] == ChooseStartingEgg(deck=2)


async def test_help_has_the_direct_keys_and_the_rules(new_app: AppFactory) -> None:
    session = Session.new("incubation", seats(2), seed=5, autosave=False)
    app = new_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await screen_of(app, pilot)
        await pilot.press("f1")
        await wait_until(pilot, lambda: isinstance(app.screen, HelpScreen))
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen)
        assert "R O Y G B P K W" in help_screen.source
        assert "## The Market and its spinner" in help_screen.source


async def test_four_or_five_players_fit_80_columns(new_app: AppFactory) -> None:
    session = Session.new("incubation", seats(5), seed=2, autosave=False)
    app = new_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await screen_of(app, pilot)
        players = screen.query_one(PlayersPanel)
        assert players.size.height == 15  # three lines each: dragons as counts
        await pilot.press("v")
        await pilot.pause()
        assert players.size.height == 20  # every player's dragons
        await pilot.press("escape")
        await pilot.pause()
        assert players.size.height == 15
        assert app.focused is screen.query_one(MarketRing)


def test_every_section_has_a_place_on_the_ring() -> None:
    ring = MarketRing()
    ring._cell, ring._left = 12, 0
    found = {
        ring.section_at(x, y)
        for y in range(13)
        for x in range(40)
        if ring.section_at(x, y) is not None
    }
    assert found == set(range(SECTIONS))


async def test_every_panel_fits_from_80x24_to_120x40(new_app: AppFactory) -> None:
    for players in (2, 5):
        session = Session.new("incubation", seats(players), seed=3, autosave=False)
        app = new_app(session=session)
        async with app.run_test(size=(80, 24)) as pilot:
            screen = await screen_of(app, pilot)
            for width, height in ((80, 24), (100, 30), (120, 30), (80, 40), (120, 40)):
                await pilot.resize_terminal(width, height)
                await pilot.pause()
                for panel in screen.query(IncubationPanel):
                    if not panel.display or panel.id == "objectives-wide" and screen.compact:
                        continue
                    region = panel.region
                    where = (players, width, height, panel.id)
                    assert region.height >= panel.line_count(panel.board), where
                    assert region.bottom <= height - 1 and region.right <= width, where


async def test_undo_takes_back_a_die_and_its_choices(new_app: AppFactory) -> None:
    session = mid_game()  # Ben to use a water and a fire die
    app = new_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await screen_of(app, pilot)
        moves = len(session.actions)
        before = to_json(state_of(session))
        await pilot.press("right")
        assert screen.selection.die == 1
        await pilot.press("enter")
        assert session.actions[-1] == UseDice(dice=(1,))
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert len(session.actions) == moves
        assert to_json(state_of(session)) == before
        assert screen.selection.die == 0  # a fresh decision


async def test_a_list_or_log_asked_for_when_wide_stays_shown_when_narrowed(
    new_app: AppFactory,
) -> None:
    """A and L at 120 columns mark the list or the log as asked for (at that
    width both are on screen anyway); narrowed to 80 columns, the one asked
    for takes the table's place, and Escape gives the table back."""
    for key, shown in (("a", "#actions"), ("l", "#log")):
        app = new_app(session=mid_game())
        async with app.run_test(size=(120, 40)) as pilot:
            screen = await screen_of(app, pilot)
            await pilot.press(key)
            await pilot.pause()
            await pilot.resize_terminal(80, 24)
            await pilot.pause()
            assert screen.has_class("-narrow")
            assert screen.query_one(shown).display, key
            assert not screen.query_one("#table-scroll").display, key
            await pilot.press("escape")
            await pilot.pause()
            assert not screen.query_one(shown).display, key
            assert screen.query_one("#table-scroll").display, key
