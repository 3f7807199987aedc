"""The direct keys' mapping (``ui/underwing/choices.py``), without a screen:
every pointer and key gives only legal actions, or a reason; every legal
action has a direct way; the reasons say why."""

from __future__ import annotations

from boardgames_tui.engine.bots import get_bot
from boardgames_tui.engine.game import Action
from boardgames_tui.games.underwing import GAME
from boardgames_tui.games.underwing.actions import (
    AddToGroup,
    AssignEgg,
    AssignField,
    Collect,
    OfferTrade,
    Pass,
    Place,
    PlaceGroup,
    RecallEgg,
    RecallField,
    StartGroup,
    TradeAdd,
    TradeAnswer,
    TradeCancel,
    TradeSend,
)
from boardgames_tui.games.underwing.cards import card
from boardgames_tui.games.underwing.colours import ELEMENTS
from boardgames_tui.games.underwing.model import FIELD, UnderwingState
from boardgames_tui.ui.kit import choice
from boardgames_tui.ui.underwing import choices
from boardgames_tui.ui.underwing.targets import Target, canonical_space, decision, live_targets
from tests.games.underwing.helpers import (
    empty_storages,
    fill,
    give,
    new_game,
    phase,
    play,
    put_card,
    with_spaces,
)


def legal(state: UnderwingState) -> list[Action]:
    return list(GAME.legal_actions(state))


def targets(state: UnderwingState) -> list[Target]:
    found = [Target(field=space) for space in FIELD]
    for slot, s in enumerate(state.grounds):
        found.append(Target(slot=slot))
        if s.card is not None and not s.wild:
            found += [Target(slot=slot, space=i) for i in range(len(card(s.card).spaces))]
    return found


def every_pick(state: UnderwingState, actions: list[Action]) -> list[choice.Pick]:
    """What every pointer and every direct key stands for in this position."""
    picks = [
        choices.collect(actions, True),
        choices.collect(actions, False),
        choices.pass_or_stop(state, actions),
        choices.accept(state, actions),
        choices.trade(state, actions),
        choices.send(actions),
        choices.cancel(actions),
        choices.choices(state, actions),
        *(choices.seat(state, actions, n) for n in range(6)),
        choices.random_first(state, actions),
        choices.place_group(state, actions),
    ]
    for target in targets(state):
        picks.append(choices.at(state, actions, target))
        for element in ELEMENTS:
            picks.append(choices.with_element(state, actions, target, element))
            picks.append(choices.with_element(state, actions, target, element, ask=True))
    return picks


def test_every_key_gives_legal_actions_and_every_action_has_a_key() -> None:
    """Seeded random games of 1, 2 and 4 players: at every decision, each
    pointer and key stands for legal actions only (or says why not), and
    every legal action is reachable by some pointer or key."""
    steps: set[str] = set()
    for players, seed in ((2, 1), (4, 2), (1, 3), (2, 4)):
        state = new_game(players, seed=seed)
        bots = [get_bot("random", seed * 11 + i) for i in range(players)]
        moves = 0
        while not state.over and moves < 160:
            actions = legal(state)
            steps.add(decision(state))
            picks = every_pick(state, actions)
            reached: list[Action] = []
            for pick in picks:
                assert all(a in actions for a in pick.actions), pick
                assert pick.actions or pick.reason or pick is picks[7], pick
                reached += pick.actions
            missing = [a for a in actions if a not in reached]
            assert not missing, (decision(state), missing)
            seat = GAME.to_act(state)
            assert seat is not None
            play(state, bots[seat].choose(GAME, state))
            moves += 1
    assert {"collect", "assign", "place", "group", "trade", "answer", "effect"} <= steps, steps


def test_identical_spaces_stand_for_the_leftmost() -> None:
    state = new_game(2)
    phase(state, 3)
    empty_storages(state)
    index = with_spaces("blue", "green", "blue", "green", "blue", "green")
    put_card(state, 0, index)
    give(state, 0, "blue")
    fill(state, 0, 0, "blue")
    # Space 0 holds blue: space 2 and 4 are alike (empty), and stand for 2.
    assert canonical_space(state, 0, 4) == 2
    assert canonical_space(state, 0, 0) == 0
    pick = choices.at(state, legal(state), Target(slot=0, space=4))
    assert pick.actions == (Place(slot=0, space=2, crystals=("blue",)),)
    slots, spaces, _ = live_targets(state, legal(state))
    assert {(0, 2), (0, 4)} <= spaces and (0, 0) not in spaces


def test_a_combination_is_built_with_letters_and_placed_with_enter() -> None:
    # R-COMBINATION: Enter offers the single elements; a letter that may be
    # combined with more starts a group, further letters join it, Enter places it.
    state = new_game(2)
    phase(state, 3)
    empty_storages(state)
    index = with_spaces("purple", "purple", "purple")
    put_card(state, 0, index)
    give(state, 0, "red", "blue")
    pick = choices.at(state, legal(state), Target(slot=0, space=1))
    assert set(pick.actions) == {
        Place(slot=0, space=0, crystals=("red",)),
        Place(slot=0, space=0, crystals=("blue",)),
    }
    red = choices.with_element(state, legal(state), Target(slot=0, space=2), "red")
    assert red.actions == (StartGroup(slot=0, space=0, element="red"),)
    play(state, StartGroup(slot=0, space=0, element="red"))
    assert decision(state) == "group"
    hint = choices.hint(state, legal(state), Target(slot=0, space=0))
    assert hint.startswith("Enter: place red (one placement) · B: add to it")
    yellow = choices.with_element(state, legal(state), None, "yellow")
    assert not yellow.actions and "no other yellow" in yellow.reason
    blue = choices.with_element(state, legal(state), Target(slot=0, space=0), "blue")
    assert blue.actions == (AddToGroup(element="blue"),)
    play(state, AddToGroup(element="blue"))
    assert choices.at(state, legal(state), Target(slot=0, space=1)).actions == (PlaceGroup(),)
    play(state, PlaceGroup())
    assert state.grounds[0].fill[0] == ("red", "blue")
    # a letter that nothing could join places at once
    state = new_game(2)
    phase(state, 3)
    empty_storages(state)
    put_card(state, 0, index)
    give(state, 0, "red", "red")
    assert choices.with_element(state, legal(state), Target(slot=0, space=1), "red").actions == (
        Place(slot=0, space=0, crystals=("red",)),
    )


def test_nothing_fits_says_what_the_space_takes() -> None:
    state = new_game(2)
    phase(state, 3)
    empty_storages(state)
    put_card(state, 0, with_spaces("purple", "purple", "purple"))
    give(state, 0, "yellow")
    why = choices.at(state, legal(state), Target(slot=0, space=0))
    assert not why.actions
    assert "purple" in why.reason and "red" in why.reason and "blue" in why.reason
    none = choices.with_element(state, legal(state), Target(slot=0, space=0), "green")
    assert none.reason == "You have no green."


def test_assigning_and_recalling_by_pointing() -> None:
    state = new_game(2)
    phase(state, 2)
    actions = legal(state)
    assert choices.at(state, actions, Target(slot=1)).actions == (AssignEgg(slot=1),)
    assert choices.at(state, actions, Target(slot=1, space=0)).actions == (AssignEgg(slot=1),)
    assert choices.at(state, actions, Target(field="blue")).actions == (AssignField(space="blue"),)
    play(state, AssignEgg(slot=1))  # Ana claims, Ben's turn
    why = choices.at(state, legal(state), Target(slot=1))
    assert why.reason == f"The {card(state.grounds[1].card or 0).name} egg is claimed by Ana."
    play(state, AssignField(space="blue"))  # Ben, then Ana again
    assert choices.at(state, legal(state), Target(slot=1)).actions == (RecallEgg(slot=1),)
    play(state, Pass())
    assert choices.at(state, legal(state), Target(field="blue")).actions == (
        RecallField(space="blue"),
    )
    assert choices.pass_or_stop(state, legal(state)).actions == (Pass(),)


def test_collecting_and_trading_keys() -> None:
    state = new_game(2)
    phase(state, 2)
    play(state, AssignField(space="red"))
    play(state, Pass())
    play(state, Pass())
    # Phase 3 for both, then round 2: the handler moved to green.
    while decision(state) == "place":
        seat = GAME.to_act(state)
        assert seat is not None
        play(state, get_bot("random", 1).choose(GAME, state))
    assert decision(state) == "collect"
    actions = legal(state)
    assert choices.collect(actions, True).actions == (Collect(guaranteed=True),)
    assert choices.collect(actions, False).actions == (Collect(guaranteed=False),)
    assert choices.at(state, actions, Target(field=state.collect[0])).actions == (
        Collect(guaranteed=True),
    )
    offer = choices.trade(state, actions)
    # either player may propose (R-TRADE), the deciding one first
    assert offer.actions == (OfferTrade(partner=1, proposer=0), OfferTrade(partner=0, proposer=1))
    empty_storages(state)
    mine, theirs = "red", "blue"
    give(state, 0, mine)
    give(state, 1, theirs)
    play(state, OfferTrade(partner=1, proposer=0))
    assert not choices.send(legal(state)).actions
    assert "Ana has no yellow" in choices.with_element(state, legal(state), None, "yellow").reason
    give_pick = choices.with_element(state, legal(state), None, mine)
    assert give_pick.actions == (TradeAdd(side="give", element=mine),)
    ask_pick = choices.with_element(state, legal(state), None, theirs, ask=True)
    assert ask_pick.actions == (TradeAdd(side="ask", element=theirs),)
    assert choices.cancel(legal(state)).actions == (TradeCancel(),)
    play(state, TradeAdd(side="give", element=mine))
    assert choices.send(legal(state)).actions == (TradeSend(),)
    assert choices.trade(state, legal(state)).reason == "A trade is already under way."
    play(state, TradeSend())
    assert decision(state) == "answer"
    assert choices.accept(state, legal(state)).actions == (TradeAnswer(accept=True),)
    assert choices.pass_or_stop(state, legal(state)).actions == (TradeAnswer(accept=False),)


def test_hints_name_the_keys_of_the_decision() -> None:
    state = new_game(2)
    phase(state, 2)
    hint = choices.hint(state, legal(state), Target(slot=0))
    assert hint.startswith("Enter: claim the ") and "N: pass" in hint and "T: trade" in hint
    phase(state, 3)
    empty_storages(state)
    put_card(state, 0, with_spaces("purple", "purple", "purple"))
    give(state, 0, "red")
    hint = choices.hint(state, legal(state), Target(slot=0, space=0))
    # R-COMBINATION and issue 9: Enter names the element, the egg and the space
    name = card(state.grounds[0].card or 0).name
    assert hint.startswith(f"Enter: place red on the purple space of the {name} egg")
    assert "letters: place one (several + Enter: combined)" in hint
