"""Solo rules: Setup for Solo Game, Phase 1 and Phase 2 (rulebook, "Solo
Rules"), the opening log of every game, and rulings R-SOLO-SETUP,
R-SOLO-DRAW, R-SOLO-MOVE, R-SOLO-WHITE, R-SOLO-SHARE, R-SOLO-TRADE."""

from __future__ import annotations

from pathlib import Path

from boardgames_tui.engine import Event, Rng
from boardgames_tui.engine.data import to_json
from boardgames_tui.engine.session import Session
from boardgames_tui.games.underwing import GAME
from boardgames_tui.games.underwing.actions import AssignField, Pass
from boardgames_tui.games.underwing.cards import deck
from boardgames_tui.games.underwing.handlers import assign_handlers
from boardgames_tui.games.underwing.model import FIELD, UnderwingState
from boardgames_tui.games.underwing.rules import collect_elements

from .helpers import check, empty_storages, kinds, new_game, phase, play, run, seats, texts

LEGENDARY = [i for i, c in enumerate(deck()) if c.legendary]


def solo(seed: int = 0) -> UnderwingState:
    return new_game(1, seed=seed)


def test_solo_setup() -> None:
    # "3. Hatching Grounds are arranged in a 2x2 grid to start ... 5. Choose a
    # Player Mat, place 2 Handlers in the Break Room, and place 3 corresponding
    # colored Handlers on the Tracker. Max. number of Handlers for solo play:
    # Player = 5, Wild Forces = 6 ... 7. Place the Round Tracker on number 12"
    state = solo(seed=5)
    assert state.solo and state.n == 1
    assert (state.cols, state.rows) == (2, 2) and len(state.grounds) == 4
    assert all(s.is_egg for s in state.grounds)
    assert state.max_handlers == 5 and state.rounds == 12
    p = state.players[0]
    # the two handlers drew at random in Phase 1 from the Break Room, then
    # moved to the Ready Room in Phase 2
    assert p.tracker == 3 and p.ready == 2 and p.break_room == 0 and not p.field
    assert p.stored() == 2
    assert "Ana draws" in texts(state.opening)
    assert (state.round, state.phase) == (1, 2)
    assert GAME.to_act(state) == 0
    assert GAME.progress(state) == "Round 1 of 12 · phase 2"
    check(state)


def test_solo_leaves_the_legendary_dragons_out() -> None:
    # "4. Legendary Dragons should be removed from the Deck": the shuffled deck
    # without them; they are set aside (ruling R-SOLO-SETUP)
    state = solo(seed=7)
    assert len(LEGENDARY) == 16
    assert state.set_aside == LEGENDARY
    order = list(range(90))
    Rng.from_seed(7).shuffle(order)
    order = [i for i in order if not deck()[i].legendary]
    assert [s.card for s in state.grounds] == order[:4]
    assert state.deck == order[4:]
    assert len(state.deck) + 4 == 74
    check(state)


def test_the_wild_forces_start_on_white_black_and_purple() -> None:
    # "6. Assign one Wild 'Handler' to the White, Black, and Purple Elemental
    # spaces on the Field; place the remaining 3 Wild 'Handlers' in the
    # allocated spaces on the Tracker": round 1 drew from those spaces
    state = solo()
    wild = state.wild_forces
    assert wild is not None
    assert wild.tracker == 3 and len(wild.field) == 3
    assert (
        "The Wild Forces draw first: white (White space), purple (Purple space), "
        "black (Black space)." in texts(state.opening)
    )
    assert {e: n for e, n in wild.storage.items() if n} == {"white": 1, "purple": 1, "black": 1}


def test_round_one_wild_handlers_move_white_to_orange_black_to_red_purple_to_blue() -> None:
    # "The Handlers representing the Wild Forces rotate clockwise in Round 1
    # (the Handler on White will move to Orange, the Handler on Black will move
    # to Red, the Handler on Purple will move to Blue)" -- the Field order of
    # ruling R-FIELD gives exactly these steps
    state = solo()
    assert state.wild_forces is not None
    assert state.wild_forces.field == ["orange", "blue", "red"]
    assert (
        "The Wild Forces move clockwise: White to Orange, Purple to Blue, Black to Red."
        in texts(state.opening)
    )


def test_the_wild_forces_go_round_the_whole_track() -> None:
    # R-SOLO-MOVE: "the White space is a part of the Field track and Handlers
    # are NOT recalled": eight moves bring every Wild handler back
    state = solo()
    wild = state.wild_forces
    assert wild is not None
    start = list(wild.field)
    seen = []
    for _ in range(len(FIELD)):
        assign_handlers(state, [])
        seen.append(list(wild.field))
        assert len(wild.field) == 3 and wild.tracker == 3
    assert seen[-1] == start
    assert any("white" in field for field in seen)
    check(state)


def test_no_handler_is_withdrawn_from_white_in_solo() -> None:
    # R-SOLO-WHITE: "In the solo version of Underwing, the White space is a part
    # of the Field track and Handlers are NOT recalled to the Break Room after
    # collecting a White Element" -- "Handlers" are the player's too
    state = solo()
    assert not state.white_withdraws
    p = state.players[0]
    p.ready -= 1
    p.field = ["white"]
    events: list[Event] = []
    assign_handlers(state, events)
    assert p.field == ["orange"] and p.break_room == 0
    assert "Break Room" not in texts(events)
    check(state)


def test_the_player_may_share_a_field_space_with_a_wild_handler() -> None:
    # R-SOLO-SHARE: "Individuals can play one of their Handlers on the same
    # space as another player's Handler"; the Wild Forces never block a space
    state = solo()
    assert state.wild_forces is not None
    for space in state.wild_forces.field:
        assert AssignField(space=space) in GAME.legal_actions(state)
    play(state, AssignField(space="orange"))
    assert state.players[0].field == ["orange"]
    assert "orange" in state.wild_forces.field


def test_the_wild_forces_draw_first_one_element_per_field_handler() -> None:
    # "During Phase 1: Draw Elements - Wild Forces receive Elements FIRST."
    # R-SOLO-DRAW: the element of each space holding a Wild handler (they are
    # always on the Field), in Field order; the tracker's handlers draw nothing
    state = solo()
    empty_storages(state)
    wild = state.wild_forces
    assert wild is not None
    wild.field = ["yellow", "blue", "green"]
    wild.tracker = 3
    events: list[Event] = []
    collect_elements(state, events)
    events += run(state)  # then Ana draws for her two Ready handlers
    lines = [e.text for e in events]
    draws = lines.index(
        "The Wild Forces draw first: yellow (Yellow space), blue (Blue space), green (Green space)."
    )
    assert draws < next(i for i, t in enumerate(lines) if t.startswith("Ana draws"))
    assert {e: n for e, n in wild.storage.items() if n} == {"yellow": 1, "blue": 1, "green": 1}
    check(state)


def test_a_wild_element_missing_from_the_bag_is_a_random_draw() -> None:
    # R-SHORTAGE holds for the Wild Forces: "If a player cannot draw a
    # guaranteed Element because of a shortage in the bag, that player should
    # instead draw a random Element."
    state = solo()
    empty_storages(state)
    wild = state.wild_forces
    assert wild is not None
    wild.field = ["white"]
    wild.tracker = 5
    state.players[0].storage["white"] = state.bag["white"]
    state.bag["white"] = 0
    events: list[Event] = []
    collect_elements(state, events)
    assert "(no white is left in the bag)" in texts(events)
    assert wild.stored() == 1 and wild.storage["white"] == 0
    check(state)


def test_an_empty_bag_gives_the_wild_forces_nothing() -> None:
    state = solo()
    empty_storages(state)
    wild = state.wild_forces
    assert wild is not None
    for e in state.bag:
        state.players[0].storage[e] += state.bag[e]
        state.bag[e] = 0
    events: list[Event] = []
    collect_elements(state, events)
    assert wild.stored() == 0
    assert "nothing for the Orange space (the bag is empty)" in texts(events)
    check(state)


def test_no_trading_in_solo() -> None:
    # R-SOLO-TRADE: "Players may trade Elements with other players": there is
    # nobody to trade with (the Wild Forces are no player)
    state = solo()
    trade = {"offer_trade", "trade_add", "trade_send", "trade_cancel", "trade_answer"}
    assert not kinds(state) & trade
    phase(state, 3)
    assert not kinds(state) & trade


def test_setup_events_open_the_log() -> None:
    # What setup did (the eggs discovered, round 1's draws, the first moves)
    # is the state's opening, for multiplayer and solo games alike
    state = new_game(3, seed=2)
    text = texts(state.opening)
    assert text.count("A new egg is discovered") == 12
    assert "Round 1 of 13: element collection." in text
    for who in ("Ana", "Bo", "Cy"):
        assert f"{who} draws" in text
    assert "Wild Forces" not in text
    lines = [e.text for e in solo().opening]
    assert lines[:4] == [line for line in lines if "discovered" in line]
    assert lines[4] == "Round 1 of 12: element collection."
    assert lines[5].startswith("The Wild Forces draw first")
    assert lines[6].startswith("Ana draws")


def test_a_new_solo_session_starts_its_log_with_the_opening(tmp_path: Path) -> None:
    session = Session.new("underwing", seats(1), seed=4, saves_dir=tmp_path)
    opening = GAME.setup(seats(1), None, 4).opening
    assert [e.text for e in session.log] == [e.text for e in opening]
    assert session.state.opening == [], "the session keeps the opening in its log, not the state"
    assert session.game.to_act(session.state) == 0
    session.apply(Pass())
    assert session.path is not None
    loaded = Session.load(session.path)
    assert to_json(loaded.state) == to_json(session.state)
