"""Direct keys and the cursor never stand for anything but legal actions, and
every legal action can be reached with them, in positions of seeded games of
2 and 4 players (placing first troops, playing cards, their choices, costs,
moves, promotions, the market)."""

from __future__ import annotations

from boardgames_tui.engine.bots import get_bot
from boardgames_tui.engine.game import Action, copy_state
from boardgames_tui.games.tyrants import board as bd
from boardgames_tui.ui.tyrants import choices
from boardgames_tui.ui.tyrants.choices import Pointer

from .helpers import new_session, state_of


def positions(
    players: int, seed: int, decks: tuple[str, str], every: int = 3, limit: int = 400
) -> list:
    session = new_session(players, seed, half_decks=decks)
    bots = [get_bot("random", seed * 11 + i) for i in range(players)]
    found = []
    for step in range(limit):
        if session.is_over:
            break
        if step % every == 0:
            found.append((copy_state(state_of(session)), session.legal_actions()))
        seat = session.to_act
        assert seat is not None
        session.apply(bots[seat].choose(session.game, session.state))
    return found


def reachable(state, legal: list[Action]) -> set[Action]:
    """Everything the keys reach: Enter and D X M S at every space, Enter at
    every card line of the deciding player's panel, the digits, E and N."""
    seat = (
        state.jobs[-1].seat
        if state.jobs
        else (state.placing[0] if state.phase == "placing" else state.current)
    )
    found: set[Action] = set()
    spaces = bd.board_map(len(state.players), state.side).spaces
    pointers = [Pointer("space", s) for s in spaces] + choices.card_rows(state, seat, legal)
    for pointer in pointers:
        found.update(choices.at(state, legal, pointer).actions)
        for key in "dxmsen":
            found.update(choices.direct(state, legal, key, pointer).actions)
    for number in range(9):
        found.update(choices.numbered(state, legal, number).actions)
    return found


#: Seeded random games whose positions, together, hold every kind of
#: decision but taking a trophy (Orcus alone asks for it).
GAMES = [
    (2, 2, ("drow", "dragons")),
    (4, 4, ("drow", "dragons")),
    (4, 7, ("demons", "elementals")),
    (2, 8, ("drow", "demons")),
    (2, 11, ("dragons", "elementals")),
    (4, 16, ("demons", "dragons")),
]


def test_keys_only_legal_and_every_legal_action_reachable() -> None:
    kinds: set[str] = set()
    for players, seed, decks in GAMES:
        for state, legal in positions(players, seed, decks, every=2, limit=700):
            keyed = reachable(state, legal)
            assert keyed <= set(legal), "a key stands for an action that is not legal"
            missing = set(legal) - keyed
            assert not missing, f"no key reaches {missing}"
            kinds.update(a.kind for a in legal)
    # The positions cover every family of decisions.
    everything = {
        "place_start_troop", "play_card", "deploy", "deploy_for_vp", "assassinate",
        "supplant", "return_troop", "return_spy", "place_spy", "pick_troop", "move_to",
        "recruit", "devour_market", "promote", "give_outcast", "choose_option",
        "return_own_spy", "devour_card", "discard_card", "stop", "end_turn",
    }  # fmt: skip
    assert everything <= kinds, everything - kinds


def test_a_key_that_does_nothing_says_why() -> None:
    session = new_session(2, seed=3)
    state = state_of(session)
    legal = session.legal_actions()
    # Setup: a troop goes on a start site only.
    pick = choices.direct(state, legal, "d", Pointer("space", "blingdenstone"))
    assert not pick.actions and "start site" in pick.reason
    assert "not a choice now" in choices.direct(state, legal, "e", None).reason
    assert "Point at" in choices.direct(state, legal, "x", Pointer("hand", "noble")).reason


def test_assassinating_costs_three_power() -> None:
    session = new_session(2, seed=3)
    while state_of(session).phase == "placing":
        session.apply(session.legal_actions()[0])
    state = state_of(session)
    pick = choices.direct(state, session.legal_actions(), "x", Pointer("space", "menzoberranzan"))
    assert pick.reason == "Assassinating costs 3 power; you have 0."


def test_a_trophy_to_take_is_a_numbered_choice() -> None:
    """Taking a trophy (Orcus) is listed as numbered choices: a digit takes it."""
    from boardgames_tui.games.tyrants.actions import Stop, TakeTrophy

    session = new_session(2, seed=3)
    state = state_of(session)
    legal = [TakeTrophy(hall=1, colour=0), TakeTrophy(hall=0, colour=-1), Stop()]
    assert choices.numbered(state, legal, 1).actions == (legal[1],)
    assert choices.direct(state, legal, "n", None).actions == (legal[2],)
    rows = choices.card_rows(state, 0, legal)
    assert rows[:2] == [Pointer("choice", "0"), Pointer("choice", "1")]
    assert choices.at(state, legal, rows[0]).actions == (legal[0],)


def test_the_hint_says_what_each_map_key_does_at_the_cursor() -> None:
    """Issue 45.10: "D deploy X remove a troop at the cursor" read as one
    run of words, and "S spy" returned an enemy's spy: each key now says
    what it does, after "at the cursor:"."""
    from boardgames_tui.games.tyrants.actions import Assassinate, Deploy, ReturnSpy

    session = new_session(2, seed=3)
    state = state_of(session)
    legal: list[Action] = [
        Deploy(space="menzoberranzan"),
        Assassinate(space="menzoberranzan", colour=1),
        ReturnSpy(site="menzoberranzan", owner=1),
    ]
    text = choices.hint(state, legal, None)
    assert "at the cursor: D deploy, X assassinate, S return a spy" in text, text
    assert "map cursor" in choices.hint(state, legal, None, cards=True)


def test_a_card_to_choose_off_the_map_says_tab() -> None:
    """Issue 45.10: a promote decision with the map focused did not say to
    press Tab; a card to choose among the played ones (or the discard) now
    sends the player to the cards panel, from the map only."""
    from boardgames_tui.games.tyrants.actions import Promote

    state = state_of(new_session(2, seed=3))
    legal: list[Action] = [Promote(card="noble", pile="played")]
    assert "Tab: the cards" in choices.hint(state, legal, None)
    at_card = Pointer("played", "noble", 0)
    assert "Tab: the cards" not in choices.hint(state, legal, at_card)
