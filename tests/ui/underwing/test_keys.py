"""Each direct key of the Underwing screen makes the matching legal action;
pointing somewhere with several matches offers just those; a key that matches
nothing says why and changes nothing; the mouse, the action picker, undo,
help and the results work too."""

from __future__ import annotations

from collections.abc import Callable

from textual.widgets import Static

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.games.underwing.actions import (
    AddToGroup,
    AssignEgg,
    AssignField,
    ChooseCrystal,
    ChooseElement,
    ChooseSeat,
    ChooseSlot,
    ChooseSpace,
    Collect,
    OfferTrade,
    Pass,
    Place,
    PlaceGroup,
    RecallEgg,
    RecallField,
    StartGroup,
    Stop,
    TradeAdd,
    TradeAnswer,
    TradeCancel,
    TradeSend,
)
from boardgames_tui.games.underwing.cards import (
    BanishWild,
    CollectChosen,
    HatchAdjacent,
    ScatterElements,
    SmashElements,
    StealElements,
    TakeFromEgg,
)
from boardgames_tui.games.underwing.model import Job, UnderwingState
from boardgames_tui.ui.screens.dialogs import ConfirmDialog
from boardgames_tui.ui.screens.help import HelpScreen
from boardgames_tui.ui.underwing.dialogs import ChoiceDialog, UnderwingGameOver
from boardgames_tui.ui.underwing.grounds import GroundsView
from boardgames_tui.ui.underwing.screen import UnderwingScreen
from boardgames_tui.ui.underwing.targets import decision
from boardgames_tui.ui.widgets import ActionPicker
from tests.games.underwing.helpers import (
    clear_slot,
    empty_storages,
    fill,
    find_card,
    give,
    new_game,
    phase,
    put_card,
    run,
    with_spaces,
)
from tests.ui.helpers import messages, wait_until, yes_if_asked

from .helpers import point, point_field, screen_of, session_at, state_of

AppFactory = Callable[..., BoardgamesApp]
PURPLES = with_spaces("purple", "purple", "purple")
REDS = with_spaces("red", "red")


def placing() -> UnderwingState:
    """Two players, phase 3, Ana to place; a purple egg in the top left."""
    state = new_game(2)
    phase(state, 3)
    empty_storages(state)
    put_card(state, 0, PURPLES)
    return state


def wild_board(players: int = 2) -> UnderwingState:
    """Empty grounds but a wild dragon in the middle of the top row (slot 1),
    Ana in phase 3 with a yellow to place on an egg far from it."""
    state = new_game(players)
    empty_storages(state)
    for slot in range(len(state.grounds)):
        clear_slot(state, slot)
    phase(state, 3, 0)
    put_card(state, 1, find_card(lambda c: c.legendary), wild=True)
    put_card(state, len(state.grounds) - 1, with_spaces("yellow", "yellow"))
    give(state, 0, "yellow")
    return state


def effect(state: UnderwingState, job: object, seat: int = 0) -> UnderwingState:
    state.jobs.append(Job(effect=job, seat=seat, origin=1, left=getattr(job, "count", 1)))
    run(state)
    return state


async def test_assign_recall_and_pass_by_pointing(new_app: AppFactory) -> None:
    state = new_game(2)
    phase(state, 2)
    session = session_at(state)
    app = new_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await screen_of(app, pilot)
        await point(pilot, screen, 1)
        await pilot.press("enter")
        assert session.actions == [AssignEgg(slot=1)]
        # Bo: the cursor left the claimed egg for one he may claim.
        assert screen.target.slot != 1
        await point_field(pilot, screen, "black")
        await pilot.press("enter")
        assert session.actions[-1] == AssignField(space="black")
        # Ana again: Enter on her own egg recalls its handler.
        await point(pilot, screen, 1, 0)
        await pilot.press("enter")
        assert session.actions[-1] == RecallEgg(slot=1)
        # Bo recalls his handler from the Field, then passes with N.
        await point_field(pilot, screen, "black")
        await pilot.press("space")
        assert session.actions[-1] == RecallField(space="black")
        await pilot.press("n")  # with handlers in the Ready Room: asked first
        await yes_if_asked(pilot, lambda: session.actions[-1] == Pass())


async def test_an_egg_claimed_by_another_says_so(new_app: AppFactory) -> None:
    state = new_game(2)
    phase(state, 2)
    put_card(state, 0, REDS, claimant=1)
    session = session_at(state)
    app = new_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await screen_of(app, pilot)
        await point(pilot, screen, 0)
        await pilot.press("enter")
        await pilot.pause()
        assert session.actions == []
        assert "claimed by Bo" in messages(app)
        await pilot.press("c")
        await pilot.pause()
        assert session.actions == []
        assert "Phase 1 only" in messages(app)  # before 1's message replaces it
        await pilot.press("1")
        await pilot.pause()
        assert session.actions == []


async def test_place_one_element_or_build_a_combination(new_app: AppFactory) -> None:
    # R-COMBINATION: Enter offers the single elements; letters build a group
    # (one placement) that Enter places.
    state = placing()
    give(state, 0, "red", "blue", "yellow")
    session = session_at(state)
    app = new_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await screen_of(app, pilot)
        await point(pilot, screen, 0, 2)
        await pilot.press("y")  # yellow does not fit purple
        await pilot.pause()
        assert session.actions == []
        assert "does not fit" in messages(app)
        await pilot.press("enter")  # red or blue: choose
        await wait_until(pilot, lambda: isinstance(app.screen, ChoiceDialog))
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        offered = [a for a, _ in dialog.choices]
        assert {a.crystals for a in offered if isinstance(a, Place)} == {("red",), ("blue",)}
        await pilot.press("escape")  # changed my mind
        await wait_until(pilot, lambda: isinstance(app.screen, UnderwingScreen))
        assert session.actions == []
        await pilot.press("r")
        hint = str(screen.query_one("#hint", Static).render())
        assert hint.startswith("Enter: place red (one placement) · B: add to it")
        prompt = str(screen.query_one("#prompt", Static).render())
        assert prompt.startswith("Ana: add to red on the purple space of the ")
        await pilot.press("b", "enter")
        assert session.actions == [
            StartGroup(slot=0, space=0, element="red"),
            AddToGroup(element="blue"),
            PlaceGroup(),
        ]
        assert state_of(session).grounds[0].fill[0] == ("red", "blue")
        assert state_of(session).placed == 1


async def test_an_element_letter_places_it_at_the_cursor(new_app: AppFactory) -> None:
    state = placing()
    give(state, 0, "red", "blue", "yellow")
    session = session_at(state)
    app = new_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await screen_of(app, pilot)
        await point(pilot, screen, 0, 1)
        # red could be joined by blue: it waits; Enter places it alone
        await pilot.press("r", "enter")
        assert session.actions == [
            StartGroup(slot=0, space=0, element="red"),
            PlaceGroup(),
        ]
        # Space 0 now holds red; only blue completes it: B places it at once.
        await point(pilot, screen, 0, 0)
        await pilot.press("b")
        assert session.actions[-1] == Place(slot=0, space=0, crystals=("blue",))


async def test_collect_guaranteed_or_random(new_app: AppFactory) -> None:
    state = new_game(2)
    phase(state, 2)
    state.players[0].field = ["red", "blue"]
    state.players[0].ready -= 2
    state.phase = 1
    state.collect = ["red", "blue"]
    session = session_at(state)
    app = new_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await screen_of(app, pilot)
        await pilot.press("c")
        assert session.actions == [Collect(guaranteed=True)]
        await pilot.press("d")
        assert session.actions[-1] == Collect(guaranteed=False)


async def test_a_whole_trade_with_keys(new_app: AppFactory) -> None:
    state = new_game(2)
    phase(state, 2)
    empty_storages(state)
    give(state, 0, "red", "red")
    give(state, 1, "blue")
    session = session_at(state)
    app = new_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await screen_of(app, pilot)
        await pilot.press("t")  # who proposes: Ana (deciding) or Bo
        await wait_until(pilot, lambda: isinstance(app.screen, ChoiceDialog))
        await pilot.press("1")  # Ana; Bo is her only partner
        await wait_until(pilot, lambda: isinstance(app.screen, UnderwingScreen))
        await pilot.press("r", "r", "B")
        assert session.actions == [
            OfferTrade(partner=1, proposer=0),
            TradeAdd(side="give", element="red"),
            TradeAdd(side="give", element="red"),
            TradeAdd(side="ask", element="blue"),
        ]
        hint = str(screen.query_one("#hint", Static).render())
        assert "Offer: red, red for blue" in hint
        await pilot.press("r")  # Ana has no third red
        await pilot.pause()
        assert len(session.actions) == 4 and "no red left" in messages(app)
        await pilot.press("enter")
        assert session.actions[-1] == TradeSend()
        await pilot.press("y")  # Bo accepts
        assert session.actions[-1] == TradeAnswer(accept=True)
        assert state_of(session).players[1].storage["red"] == 2


async def test_call_off_and_decline(new_app: AppFactory) -> None:
    state = new_game(3)
    phase(state, 2)
    session = session_at(state)
    app = new_app(session=session, seed=1)
    async with app.run_test(size=(120, 40)) as pilot:
        await screen_of(app, pilot)
        await pilot.press("t")  # three may propose: choose
        await wait_until(pilot, lambda: isinstance(app.screen, ChoiceDialog))
        await pilot.press("1")  # Ana
        await wait_until(
            pilot,
            lambda: isinstance(app.screen, ChoiceDialog) and "with whom" in app.screen.title_text,
        )
        await pilot.press("2")  # two partners: the second, Cy
        await wait_until(pilot, lambda: isinstance(app.screen, UnderwingScreen))
        assert session.actions == [OfferTrade(partner=2, proposer=0)]
        await pilot.press("x")
        assert session.actions[-1] == TradeCancel()
    state = new_game(2)
    phase(state, 2)
    session = session_at(state)
    app = new_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await screen_of(app, pilot)
        mine = next(e for e, n in state.players[0].storage.items() if n)
        await pilot.press("t")
        await wait_until(pilot, lambda: isinstance(app.screen, ChoiceDialog))
        await pilot.press("1")
        await wait_until(pilot, lambda: isinstance(app.screen, UnderwingScreen))
        await pilot.press(mine[0] if mine != "black" else "k", "enter", "n")
        assert session.actions[-1] == TradeAnswer(accept=False)


async def test_a_player_who_is_not_deciding_opens_a_trade(new_app: AppFactory) -> None:
    # R-TRADE: Ana is placing; Bo opens a trade with her, she answers, and
    # her placement goes on where it was.
    state = placing()
    give(state, 0, "red", "blue")
    give(state, 1, "yellow")
    session = session_at(state)
    app = new_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await screen_of(app, pilot)
        await pilot.press("t")
        await wait_until(pilot, lambda: isinstance(app.screen, ChoiceDialog))
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        assert [d for _, d in dialog.choices] == ["Ana proposes", "Bo proposes"]
        await pilot.press("2")
        await wait_until(pilot, lambda: isinstance(app.screen, UnderwingScreen))
        assert session.actions == [OfferTrade(partner=0, proposer=1)]
        prompt = str(screen.query_one("#prompt", Static).render())
        assert prompt.startswith("Bo: put a trade together with Ana")
        await pilot.press("y", "R", "enter")  # Bo gives yellow, asks for red
        await pilot.press("y")  # Ana accepts
        assert session.actions[-1] == TradeAnswer(accept=True)
        assert state_of(session).players[0].storage["yellow"] == 1
        assert session.to_act == 0 and decision(state_of(session)) == "place"


async def test_a_wild_dragons_scattered_element_lands_where_pointed(new_app: AppFactory) -> None:
    state = wild_board()
    put_card(state, 0, PURPLES)
    put_card(state, 2, REDS)
    effect(state, ScatterElements(element="red", count=1))
    session = session_at(state)
    app = new_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await screen_of(app, pilot)
        # The cursor starts on the first space the element may land on.
        assert screen.target.slot == 0
        await point(pilot, screen, 2, 1)
        await pilot.press("enter")
        assert session.actions == [ChooseSpace(slot=2, space=0)]


async def test_hatch_adjacent_banish_and_smash_by_pointing(new_app: AppFactory) -> None:
    state = wild_board()
    put_card(state, 0, PURPLES)
    put_card(state, 2, REDS)
    put_card(state, 4, with_spaces("blue", "green"))
    effect(state, HatchAdjacent(count=1))
    session = session_at(state)
    app = new_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await screen_of(app, pilot)
        await point(pilot, screen, 2)
        await pilot.press("enter")
        assert session.actions[0] == ChooseSlot(slot=2)

    state = wild_board()
    effect(state, BanishWild())
    session = session_at(state)
    app = new_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await screen_of(app, pilot)
        await point(pilot, screen, 5)
        await pilot.press("enter")
        await pilot.pause()
        assert session.actions == [] and "Only a wild dragon" in messages(app)
        await point(pilot, screen, 1)
        await pilot.press("enter")
        assert session.actions == [ChooseSlot(slot=1)]

    state = wild_board()
    put_card(state, 0, PURPLES)
    fill(state, 0, 1, "red", "blue")
    fill(state, 0, 2, "red")
    effect(state, SmashElements(count=1))
    session = session_at(state)
    app = new_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await screen_of(app, pilot)
        await point(pilot, screen, 0, 1)
        await pilot.press("b")  # the blue crystal on that space
        assert session.actions == [ChooseCrystal(slot=0, space=1, element="blue")]


async def test_take_crystals_then_stop(new_app: AppFactory) -> None:
    state = wild_board()
    put_card(state, 4, PURPLES)
    fill(state, 4, 0, "red", "blue")
    effect(state, TakeFromEgg(count=2))
    session = session_at(state)
    app = new_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await screen_of(app, pilot)
        await point(pilot, screen, 4, 0)
        await pilot.press("enter")  # red or blue: choose
        await wait_until(pilot, lambda: isinstance(app.screen, ChoiceDialog))
        await pilot.press("1")
        await wait_until(pilot, lambda: isinstance(app.screen, UnderwingScreen))
        assert session.actions == [ChooseCrystal(slot=4, space=0, element="red")]
        await pilot.press("n")  # more to take: asked first
        assert await yes_if_asked(pilot, lambda: session.actions[-1] == Stop())


async def test_steal_and_take_elements_by_letter_and_number(new_app: AppFactory) -> None:
    state = wild_board(players=3)
    give(state, 2, "black", "white")
    effect(state, StealElements(count=2))
    session = session_at(state)
    app = new_app(session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        await screen_of(app, pilot)
        await pilot.press("2")  # Bo has nothing
        await pilot.pause()
        assert session.actions == [] and "nothing to steal" in messages(app)
        await pilot.press("3", "w")
        assert session.actions == [ChooseSeat(seat=2), ChooseElement(element="white")]

    state = wild_board()
    effect(state, CollectChosen(count=2))
    session = session_at(state)
    app = new_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await screen_of(app, pilot)
        await pilot.press("k")
        assert session.actions == [ChooseElement(element="black")]
        await pilot.press("enter")  # every element still in the bag, to choose from
        await wait_until(pilot, lambda: isinstance(app.screen, ChoiceDialog))
        await pilot.press("escape")


async def test_the_mouse_points_then_acts(new_app: AppFactory) -> None:
    state = new_game(2)
    phase(state, 2)
    session = session_at(state)
    app = new_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await screen_of(app, pilot)
        grid = screen.query_one(GroundsView)
        assert grid.grid is not None
        x, y = grid.grid.origin(2)
        await pilot.click(GroundsView, offset=(x + 3, y + 1))
        await pilot.pause()
        assert screen.target.slot == 2 and session.actions == []
        await pilot.click(GroundsView, offset=(x + 3, y + 1))
        await pilot.pause()
        assert session.actions == [AssignEgg(slot=2)]


async def test_the_picker_undo_help_and_log(new_app: AppFactory) -> None:
    state = new_game(2)
    phase(state, 2)
    session = session_at(state)
    app = new_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await screen_of(app, pilot)
        picker = screen.query_one("#actions", ActionPicker)
        assert not picker.display or not picker.region.width
        await pilot.press("a")
        await pilot.pause()
        assert picker.has_focus and picker.region.width > 0
        first = picker.actions[0]
        await pilot.press("1")
        assert session.actions == [first]
        await pilot.pause()
        # Bo decides now: the list Ana opened is closed, Bo starts on the board
        assert screen.query_one(GroundsView).has_focus
        assert screen.panels.open != "picker"
        # Bo decides now: undoing Ana's move asks first.
        await pilot.press("ctrl+z")
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmDialog))
        await pilot.press("y")
        await pilot.pause()
        assert session.actions == []
        await pilot.press("l")
        await pilot.pause()
        assert screen.panels.open == "log"
        await pilot.press("f1")
        await wait_until(pilot, lambda: isinstance(app.screen, HelpScreen))
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen)
        assert "Colour theory" in help_screen.source and "Shift+R" in help_screen.source


async def test_the_results_show_every_players_dragons(new_app: AppFactory) -> None:
    state = new_game(2)
    state.players[0].dragons = [state.deck.pop(0), state.deck.pop(0)]
    state.players[0].score = 9
    state.over = True
    session = session_at(state)
    app = new_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, UnderwingGameOver))
        await pilot.pause()
        dragons = str(app.screen.query_one("#gameover-dragons").render())
        assert "Ana: 2 dragons" in dragons and "Bo: no dragons" in dragons
        await pilot.press("b")
        await wait_until(pilot, lambda: isinstance(app.screen, UnderwingScreen))
        await pilot.press("g")
        await wait_until(pilot, lambda: isinstance(app.screen, UnderwingGameOver))
