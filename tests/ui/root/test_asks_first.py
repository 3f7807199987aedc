"""Root's keys that act without asking (issue 45, items 3 and 4).

- N ending a step of the turn with something left undone asks first
  (the Marquise's Daylight with actions left, the Duchy's N at the sway
  step, and every faction's steps where work can be left: the class is
  walked over seeded games of all six factions); "Keep playing" changes
  nothing; nothing left, no question.
- A move that spends a card from the hidden hand (Overwork, a Mobilize, a
  discard ...) is confirmed; crafting a card does not ask.
- A person who answered in another seat's turn (an ambush declined, hits
  taken) and whose own turn follows gets a one-key pause: the Enter meant
  for the answer does not act in the turn.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

import pytest
from textual.pilot import Pilot

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.engine.game import Action, Seat
from boardgames_tui.engine.session import Session
from boardgames_tui.games.root import core
from boardgames_tui.games.root.actions import Craft, Discard, Done, Move
from boardgames_tui.games.root.bots import RootBot
from boardgames_tui.games.root.model import RootState, card_of
from boardgames_tui.ui.root import asks
from boardgames_tui.ui.root.faction_ui import screen_of as faction_screen
from boardgames_tui.ui.root.screen import RootScreen
from boardgames_tui.ui.screens.dialogs import ConfirmDialog
from boardgames_tui.ui.screens.handoff import HandoffScreen, PauseScreen
from tests.ui.helpers import asks_then_ends, wait_until

from .helpers import keys_for, screen_of, state_of

AppFactory = Callable[..., BoardgamesApp]

#: Two-seat tables that between them seat all six factions.
TABLES = ("marquise,duchy", "eyrie,alliance", "vagabond,corvids", "alliance,marquise")


def table(factions: str, seed: int) -> Session:
    names = ["Ana", "Ben", "Cleo", "Dan"][: len(factions.split(","))]
    seats = [Seat(name=n) for n in names]
    options = {"factions": factions, "seating": "chosen"}
    return Session.new("root", seats, options, seed=seed, autosave=False)


# ------------------------------------------------------- the class: item 3
def test_every_faction_asks_before_a_step_ends_with_work_left() -> None:
    """Over seeded games seating all six factions: wherever "done" ends a
    step of the turn with other moves of that step legal (card effects
    aside), it asks, naming what is left, unless the faction's step is a
    choice whose "done" is the other answer (slipping, exerting, Exposure)
    or nothing but an extra action's cost is left (the Marquise)."""
    asked: dict[str, set[str]] = {}
    for factions in TABLES:
        for seed in (1, 2):
            session = table(factions, seed)
            bots = [RootBot(seed=seed + i) for i in range(2)]
            for _ in range(300):
                if session.is_over:
                    break
                state, legal = state_of(session), session.legal_actions()
                if Done() in legal and not state.stack and state.setting_up < 0:
                    ask = asks.left_undone(state, legal, Done(), session.describe)
                    others = asks.still_possible(legal)
                    name = core.name(state.turn)
                    if ask is not None:
                        asked.setdefault(name, set()).add(state.step)
                        assert ask.question.startswith(session.describe(Done()) + "?")
                        assert ask.no == "Keep playing"
                    else:
                        # No question only where nothing is left, or the
                        # faction's step is a choice (its own words say so).
                        words = faction_screen(state.turn).left_undone(state, legal)
                        assert not others or words == "", (name, state.step, others)
                seat = session.to_act
                assert seat is not None
                session.apply(bots[seat].choose(session.game, session.state))
    for name in ("Marquise", "Duchy", "Eyrie", "Alliance", "Vagabond", "Corvids"):
        assert name in asked, f"the {name} never asked: {asked}"


def test_the_words_name_what_is_left() -> None:
    """The Marquise's actions left; the Duchy's minister to sway; another
    move never asks; the question says when it cannot be undone."""
    state = state_of(table("marquise,duchy", 1))
    state.setting_up, state.step, state.turn, state.actions_left = -1, "actions", 0, 2
    other = Move(origin=1, to=5, count=1)
    ask = asks.left_undone(state, [Done(), other], Done(), lambda a: "End Daylight", True)
    assert ask is not None
    assert ask.question == "End Daylight? 2 actions are left.\nIt cannot be undone once taken."
    assert ask.yes == "End Daylight"
    state.actions_left = 1
    ask = asks.left_undone(state, [Done(), other], Done(), lambda a: "End Daylight")
    assert ask is not None and ask.question == "End Daylight? 1 action is left."
    # Nothing else legal, or another move: no question.
    assert asks.left_undone(state, [Done()], Done(), str) is None
    assert asks.left_undone(state, [Done(), other], other, str) is None
    # No actions left: only an extra action's cost remains, not work left.
    state.actions_left = 0
    assert asks.left_undone(state, [Done(), other], Done(), str) is None
    # The Duchy at the sway step.
    state.turn, state.step = 1, "sway"
    ask = asks.left_undone(state, [Done(), other], Done(), lambda a: "Sway no minister")
    assert ask is not None and "A minister could still be swayed" in ask.question
    # Other steps: the keys' words for what is still possible.
    state.turn, state.step = 0, "craft"
    ask = asks.left_undone(state, [Done(), other], Done(), lambda a: "Craft no more")
    assert ask is not None and ask.question == "Craft no more? Still possible: move."


# ------------------------------------------------------------ on screen
def marquise_at_her_actions(overwork: bool = False) -> Session:
    """Ana (the Marquise) in her Daylight actions, three left (and with
    ``overwork``, an Overwork open to her)."""
    session = Session.new(
        "root",
        [Seat(name="Ana"), Seat(name="Ben")],
        {"factions": "marquise,duchy", "seating": "chosen", "first": "marquise"},
        seed=1,
        autosave=False,
    )
    bots = [RootBot(seed=1), RootBot(seed=2)]
    for _ in range(200):
        state = state_of(session)
        mine = state.turn == 0 and state.step == "actions" and not state.stack
        if mine and state.actions_left == 3:
            kinds = {a.kind for a in session.legal_actions()}
            if not overwork or "overwork" in kinds:
                return session
        seat = session.to_act
        assert seat is not None
        legal = session.legal_actions()
        # Craft nothing, so that the actions come with a hand to spend.
        if state.step == "craft" and Done() in legal:
            session.apply(Done())
            continue
        session.apply(bots[seat].choose(session.game, session.state))
    raise AssertionError("no Marquise Daylight")


async def lift(app: BoardgamesApp, pilot: Pilot[Any]) -> RootScreen:
    await wait_until(pilot, lambda: isinstance(app.screen, RootScreen | HandoffScreen))
    if isinstance(app.screen, HandoffScreen):
        await pilot.press("enter")
    screen = await screen_of(app, pilot)
    await wait_until(pilot, lambda: screen.live and app.screen is screen)
    return screen


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_n_with_actions_left_asks_and_keep_playing_changes_nothing(
    new_app: AppFactory, size: tuple[int, int]
) -> None:
    session = marquise_at_her_actions()
    app = new_app(session=session)
    async with app.run_test(size=size) as pilot:
        screen = await lift(app, pilot)
        question = await asks_then_ends(pilot, session, screen)
        assert question.startswith("End Daylight? 3 actions are left.")
        assert session.actions[-1] == Done()


async def test_overwork_asks_before_the_card_leaves_the_hand(new_app: AppFactory) -> None:
    """O (Overwork) spends a card of the hidden hand: it asks, naming the
    card; "Not now" keeps the hand; Enter on the clearing asks as well."""
    session = marquise_at_her_actions(overwork=True)
    overworks = [a for a in session.legal_actions() if a.kind == "overwork"]
    assert overworks, "no Overwork open in the seeded Daylight"
    action = overworks[0]
    card = asks.card_field(action)
    assert card is not None
    name = card_of(card).name
    app = new_app(session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await lift(app, pilot)
        before = len(session.actions)
        keys = keys_for(screen, action)
        assert keys[-1] == "y"  # (the answer keys_for gives: pressed here by hand)
        keys = keys[:-1]
        await pilot.press(*keys)
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmDialog))
        question = cast(ConfirmDialog, app.screen).question
        assert f"{name} leaves your hand." in question
        await pilot.press("n")
        await wait_until(pilot, lambda: app.screen is screen)
        assert len(session.actions) == before
        assert card in state_of(session).player(0).hand
        await pilot.press(*keys)
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmDialog))
        await pilot.press("y")
        await wait_until(pilot, lambda: len(session.actions) == before + 1)
        assert session.actions[-1] == action


def test_what_spends_a_card_and_what_does_not() -> None:
    """Every move naming a card of the deciding hand asks, but crafting it
    (the card's own use) and revealing it (it stays in the hand); a card
    of another's hand or none: no question."""
    session = marquise_at_her_actions(overwork=True)
    state = state_of(session)
    legal = session.legal_actions()
    hand = state.player(0).hand
    # Crafting a card of the hand and discarding it, by hand.
    assert asks.spent_card(state, Craft(card=hand[0], using=("fox",))) == ""
    assert asks.spent_card(state, Discard(card=hand[0])) == card_of(hand[0]).name
    # A card of the other hand is not the decider's to spend.
    theirs = state.player(1).hand[0]
    assert asks.spent_card(state, Discard(card=theirs)) == ""
    for action in legal:
        card = asks.card_field(action)
        spent = asks.spent_card(state, action)
        if card is None or action.kind in ("craft", "reveal"):
            assert spent == "", action
        elif card in hand:
            assert spent == card_of(card).name, action
    assert any(asks.spent_card(state, a) for a in legal)


# ---------------------------------------------------------- the pause
def ben_answers_then_plays() -> tuple[Session, Action]:
    """Ben (the Duchy) to answer in Ana's (the Marquise's) turn, his own
    turn following his answer: the session and the answer."""
    session = Session.new(
        "root",
        [Seat(name="Ana"), Seat(name="Ben")],
        {"factions": "marquise,duchy", "seating": "chosen"},
        seed=4,
        autosave=False,
    )
    bots = [RootBot(seed=4), RootBot(seed=5)]
    for _ in range(400):
        seat = session.to_act
        assert seat is not None
        owner = asks.turn_owner(state_of(session))
        action = bots[seat].choose(session.game, session.state)
        if owner is not None and owner != seat:
            after = _after(session, action)
            if after.to_act == seat and asks.turn_owner(cast(RootState, after.state)) == seat:
                return session, action
        session.apply(action)
    raise AssertionError("no answer in another's turn followed by one's own")


def _after(session: Session, action: Action) -> Session:
    """A copy of ``session`` with ``action`` applied."""
    copy = Session.new(
        "root",
        list(session.seats),
        {"factions": "marquise,duchy", "seating": "chosen"},
        seed=4,
        autosave=False,
    )
    for done in session.actions:
        copy.apply(done)
    copy.apply(action)
    return copy


async def test_an_answer_in_anothers_turn_then_ones_own_turn_pauses(
    new_app: AppFactory,
) -> None:
    session, answer = ben_answers_then_plays()
    app = new_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await lift(app, pilot)
        assert screen.viewer == 1
        before = len(session.actions)
        await pilot.press(*keys_for(screen, answer))
        await pilot.pause()
        if isinstance(app.screen, ConfirmDialog):
            await pilot.press("y")
        await wait_until(pilot, lambda: len(session.actions) == before + 1)
        await wait_until(pilot, lambda: isinstance(app.screen, PauseScreen))
        # The Enter meant for the answer is taken by the pause, not the turn.
        await pilot.press("enter")
        await wait_until(pilot, lambda: app.screen is screen)
        assert len(session.actions) == before + 1
        assert session.to_act == 1 and screen.live
