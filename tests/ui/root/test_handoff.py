"""Hot-seat privacy in the middle of a turn: when the attacker starts a
battle, the defender decides on an ambush behind the hand-off screen, with
only their own hand on screen, and the table is handed back the same way.
With a bot in the defender's seat there is no hand-off at all."""

from __future__ import annotations

from collections.abc import Callable

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.engine.session import Session
from boardgames_tui.games.root import core
from boardgames_tui.games.root.actions import (
    DONE,
    Battle,
    Decline,
    DefenderFirst,
    PlayAmbush,
    UseEffect,
)
from boardgames_tui.games.root.bots import RootBot
from boardgames_tui.games.root.cards import AmbushEffect
from boardgames_tui.games.root.factions.duchy import DUCHY
from boardgames_tui.games.root.model import RootState, card_of
from boardgames_tui.ui.root import choices
from boardgames_tui.ui.screens.handoff import HandoffScreen
from tests.games.root.helpers import dice
from tests.games.root.pieces import CLEARINGS, cats_in, duchy_of, keep_in, moles_in, tunnel_in
from tests.ui.helpers import picture_text, screen_text, wait_until

from .helpers import assert_private, keys_for, new_session, screen_of, state_of, take

AppFactory = Callable[..., BoardgamesApp]


def before_a_battle(session: Session, seed: int = 1) -> Battle:
    """Play on with the Root bot until the player to act may start a battle
    in their Daylight; give the enemy a bird ambush (it matches any
    clearing).  Returns the battle."""
    bots = [RootBot(seed=seed), RootBot(seed=seed + 1)]
    while True:
        state = state_of(session)
        legal = session.legal_actions()
        battles = [a for a in legal if isinstance(a, Battle)]
        if battles and not state.stack and state.step in ("actions", "assembly"):
            break
        seat = session.to_act
        assert seat is not None
        session.apply(bots[seat].choose(session.game, session.state))
    defender = state.player(1 - state.turn)
    ambush = next(
        i
        for i in state.draw_pile
        if isinstance(card_of(i).effect, AmbushEffect) and card_of(i).suit == "bird"
    )
    state.draw_pile.remove(ambush)
    defender.hand.append(ambush)
    return battles[0]


async def test_an_ambush_is_decided_behind_a_hand_off_and_handed_back(
    new_app: AppFactory,
) -> None:
    session = new_session(seed=4)
    battle = before_a_battle(session)
    state = state_of(session)
    attacker = session.to_act
    assert attacker is not None
    defender = 1 - attacker
    names = [s.name for s in session.seats]
    app = new_app(session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, HandoffScreen))
        await pilot.pause()
        assert f"Pass to {names[attacker]}" in picture_text(app)
        assert_private(app, session, None)
        await pilot.press("enter")
        screen = await screen_of(app, pilot)
        assert screen.viewer == attacker
        assert_private(app, session, attacker)
        await take(pilot, app, battle)
        # The defender decides: the table is covered first.
        await wait_until(pilot, lambda: isinstance(app.screen, HandoffScreen))
        await pilot.pause()
        picture = picture_text(app)
        attacking = core.name(state.turn)
        assert f"Pass to {names[defender]} ({core.name(1 - state.turn)})" in picture
        # The decision that waits, in public words.
        cover = app.screen
        assert isinstance(cover, HandoffScreen)
        assert cover.waiting == (
            f"{names[attacker]} ({attacking}) attacks you in "
            f"{choices.where(state, battle.clearing)}: will you play an ambush?"
        )
        assert "will you play an ambush?" in " ".join(picture.split())
        assert_private(app, session, None)
        await pilot.press("enter")
        screen = await screen_of(app, pilot)
        assert screen.viewer == defender and session.to_act == defender
        assert state.stack[-1].kind == "ambush"
        shown = screen_text(app)
        assert "Your hand" in shown and "Ambush" in shown
        assert_private(app, session, defender)
        legal = session.legal_actions()
        ambush = next(a for a in legal if isinstance(a, PlayAmbush))
        assert any(isinstance(a, Decline) for a in legal)
        await take(pilot, app, ambush)
        # Decisions for the defender may follow (hits to take); then the
        # table goes back to the attacker behind another hand-off.
        bot = RootBot(seed=3)
        handed_back = False
        for _ in range(30):
            await pilot.pause()
            if isinstance(app.screen, HandoffScreen):
                expected = names[session.to_act or 0]
                assert f"Pass to {expected}" in picture_text(app)
                assert_private(app, session, None)
                handed_back = handed_back or session.to_act == attacker
                await pilot.press("enter")
                continue
            screen = await screen_of(app, pilot)
            if session.to_act == attacker and not state.stack:
                break
            assert screen.viewer == session.to_act
            assert_private(app, session, screen.viewer)
            await take(pilot, app, bot.choose(session.game, session.state))
        assert handed_back
        screen = await screen_of(app, pilot)
        assert screen.viewer == attacker
        assert_private(app, session, attacker)


async def test_with_a_bot_defending_there_is_no_hand_off(new_app: AppFactory) -> None:
    session = new_session(seed=4, bots=(None, "root"))
    bots = [RootBot(seed=1), RootBot(seed=2)]
    while True:
        # The person (seat 0) about to start a battle in their Daylight.
        state = state_of(session)
        legal = session.legal_actions()
        battles = [a for a in legal if isinstance(a, Battle)]
        mine = session.to_act == 0 and not state.stack
        if mine and battles and state.step in ("actions", "assembly"):
            break
        seat = session.to_act
        assert seat is not None
        session.apply(bots[seat].choose(session.game, session.state))
    app = new_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await screen_of(app, pilot)
        before = len(session.actions)
        await pilot.press(*keys_for(screen, battles[0]))
        # The bot answers the ambush question (and takes hits) by itself.
        for _ in range(200):
            assert not isinstance(app.screen, HandoffScreen)
            if len(session.actions) > before + 1 and (session.to_act == 0 or session.is_over):
                break
            await pilot.pause(0.02)
        assert session.to_act == 0 or session.is_over
        assert any(a.kind in ("ambush", "decline") for a in session.actions[before:])
        assert not isinstance(app.screen, HandoffScreen)
        assert screen.viewer == 0


async def test_the_price_of_failure_is_chosen_behind_a_hand_off(new_app: AppFactory) -> None:
    """Ben (the Marquise) battles a lone citadel: it falls, and the Duchy,
    with two squires swayed, chooses which returns; Ana takes that choice
    behind a hand-off in Ben's turn, and the table goes back to Ben."""
    session = new_session(seed=4)
    bots = [RootBot(seed=1), RootBot(seed=2)]
    marquise = state_of(session).seat_of[0]
    while True:
        state = state_of(session)
        if session.to_act == marquise and state.step == "actions" and not state.stack:
            break
        seat = session.to_act
        assert seat is not None
        session.apply(bots[seat].choose(session.game, session.state))
    # A lone citadel in a clearing with a Marquise warrior; an empty Duchy
    # hand (no ambush to ask about); two squires swayed.
    where = next(
        n
        for n in CLEARINGS
        if cats_in(state.clearings[n])
        and not keep_in(state.clearings[n])
        and core.free_slots(state, n) > 0
    )
    here = state.clearings[where]
    duchy_of(state).warriors += moles_in(here)
    here.set_warriors(DUCHY, 0)
    if tunnel_in(here):
        here.remove_token("tunnel")
        duchy_of(state).tunnels += 1
    here.buildings.append("citadel")
    state.discard += duchy_of(state).hand
    duchy_of(state).hand = []
    duchy_of(state).known = []
    for m in ("Captain", "Marshal"):
        duchy_of(state).unswayed.remove(m)
        duchy_of(state).swayed.append(m)
    duchy = 1 - marquise
    names = [s.name for s in session.seats]
    app = new_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, HandoffScreen))
        await pilot.press("enter")
        screen = await screen_of(app, pilot)
        assert screen.viewer == marquise
        before = len(session.actions)
        await pilot.press(*keys_for(screen, Battle(clearing=where)))
        await wait_until(pilot, lambda: len(session.actions) > before)
        await wait_until(pilot, lambda: isinstance(app.screen, HandoffScreen))
        await pilot.pause()
        assert f"Pass to {names[duchy]} (Duchy)" in picture_text(app)
        assert state.stack[-1].kind == "failure_choice"
        cover = app.screen
        assert isinstance(cover, HandoffScreen)
        assert cover.waiting.startswith("The Price of Failure: a Duchy building was removed")
        assert "citadel" not in state.clearings[where].buildings
        await pilot.press("enter")
        screen = await screen_of(app, pilot)
        assert screen.viewer == duchy
        assert "Press 1: Return the Captain" in str(screen.query_one("#hint").render())
        assert_private(app, session, duchy)
        await pilot.press("1")
        await wait_until(pilot, lambda: isinstance(app.screen, HandoffScreen))
        await pilot.pause()
        assert f"Pass to {names[marquise]}" in picture_text(app)
        assert duchy_of(state).swayed == ["Marshal"] and "squire" in duchy_of(state).retired
        await pilot.press("enter")
        screen = await screen_of(app, pilot)
        assert screen.viewer == marquise == session.to_act
        assert_private(app, session, marquise)


def craft_from_the_deck(state: RootState, faction: int, design: str) -> None:
    card = next(i for i in state.draw_pile if card_of(i).id == design)
    state.draw_pile.remove(card)
    state.player(faction).crafted.append(card)


async def test_the_attacker_lets_the_defender_use_effects_first_behind_a_hand_off(
    new_app: AppFactory,
) -> None:
    """Law 4.3.3: "If both want to use effects, the attacker chooses who uses
    them first."  The attacker's choice is one of the numbered choices, named
    in the prompt and the hint; letting the defender go first hands the
    table to the defender, then back to the attacker for its own effects."""
    session = new_session(seed=4)
    bots = [RootBot(seed=1), RootBot(seed=2)]
    while True:
        state = state_of(session)
        battles = [a for a in session.legal_actions() if isinstance(a, Battle)]
        if battles and not state.stack and state.step in ("actions", "assembly"):
            break
        seat = session.to_act
        assert seat is not None
        session.apply(bots[seat].choose(session.game, session.state))
    attacker = state.turn
    craft_from_the_deck(state, attacker, "bird-brutal-tactics")
    craft_from_the_deck(state, 1 - attacker, "bird-armorers")
    # No card in the defender's hand: no ambush to ask about.
    defender_player = state.player(1 - attacker)
    state.discard += defender_player.hand
    defender_player.hand, defender_player.known = [], []
    dice(state, 2, 1)
    attacking, defending = state.seat_of[attacker], state.seat_of[1 - attacker]
    names = [s.name for s in session.seats]
    app = new_app(session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, HandoffScreen))
        await pilot.press("enter")
        await take(pilot, app, battles[0])
        screen = await screen_of(app, pilot)
        assert screen.viewer == attacking == session.to_act
        assert DefenderFirst() in session.legal_actions()
        enemy = core.name(1 - attacker)
        assert f"let the {enemy} go first" in session.prompt()
        assert f"Let the {enemy} use battle effects first" in str(
            screen.query_one("#hint").render()
        )
        await take(pilot, app, DefenderFirst())
        await wait_until(pilot, lambda: isinstance(app.screen, HandoffScreen))
        await pilot.pause()
        assert f"Pass to {names[defending]}" in picture_text(app)
        cover = app.screen
        assert isinstance(cover, HandoffScreen)
        spot = choices.where(session.state, battles[0].clearing)
        assert cover.waiting == f"The battle in {spot}: will you use a battle effect?"
        await pilot.press("enter")
        screen = await screen_of(app, pilot)
        assert screen.viewer == defending == session.to_act
        assert session.legal_actions() == [UseEffect(effect="armorers"), DONE]
        await take(pilot, app, UseEffect(effect="armorers"))
        await wait_until(pilot, lambda: isinstance(app.screen, HandoffScreen))
        await pilot.pause()
        assert f"Pass to {names[attacking]}" in picture_text(app)
        await pilot.press("enter")
        screen = await screen_of(app, pilot)
        assert screen.viewer == attacking == session.to_act
        assert session.legal_actions() == [UseEffect(effect="brutal_tactics"), DONE]
        await take(pilot, app, UseEffect(effect="brutal_tactics"))
        assert state.player(1 - attacker).points.get("Brutal Tactics") == 1
