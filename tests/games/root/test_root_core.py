"""The core rules of the Woodland from hand-built positions: rule, moving,
drawing, scoring and winning (facts README "Core"; Law 12.2.2 for the Burrow)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from boardgames_tui.games.root import GAME, core
from boardgames_tui.games.root.actions import Move
from boardgames_tui.games.root.factions.duchy import BURROW, DUCHY
from boardgames_tui.games.root.factions.marquise import CATS
from boardgames_tui.games.root.model import HAND_LIMIT
from tests.games.root.pieces import duchy_of, marquise_of, moles_in

from .helpers import act, blank, done, give, kinds, put


def test_rule_is_warriors_plus_buildings_and_a_tie_rules_nobody() -> None:
    state = blank()
    put(state, 5, cats=2, moles=1, buildings=("citadel",))
    assert core.ruler(state, 5) is None
    put(state, 5, cats=1)
    assert core.ruler(state, 5) == CATS
    put(state, 5, buildings=("market",), moles=1)
    assert core.ruler(state, 5) == DUCHY


def test_tokens_do_not_count_for_rule() -> None:
    state = blank()
    put(state, 5, cats=1, wood=3, keep=True, moles=1, tunnel=True)
    assert core.ruler(state, 5) is None


def test_the_burrow_is_always_the_duchys() -> None:
    state = blank()
    assert core.ruler(state, BURROW) == DUCHY
    assert BURROW in core.ruled(state, DUCHY)


@given(
    cats=st.integers(0, 6),
    moles=st.integers(0, 6),
    cat_buildings=st.integers(0, 1),
    duchy_buildings=st.integers(0, 1),
)
def test_rule_property(cats: int, moles: int, cat_buildings: int, duchy_buildings: int) -> None:
    state = blank()
    put(
        state,
        8,
        cats=cats,
        moles=moles,
        buildings=("sawmill",) * cat_buildings + ("market",) * duchy_buildings,
    )
    a, b = cats + cat_buildings, moles + duchy_buildings
    expected = CATS if a > b else DUCHY if b > a else None
    assert core.ruler(state, 8) == expected


def test_a_move_needs_rule_of_the_origin_or_the_destination() -> None:
    state = blank()
    put(state, 1, cats=1, moles=2)  # the Duchy rules Hill
    put(state, 5, moles=1, cats=2)  # the Marquise rules Creek
    put(state, 9, cats=1, moles=1)  # nobody rules Dune
    cat_moves = {(m.origin, m.to) for m in core.moves(state, CATS)}
    assert (1, 5) in cat_moves  # into a clearing she rules
    assert (1, 9) not in cat_moves  # neither end ruled
    assert (5, 2) in cat_moves  # out of a clearing she rules
    assert (9, 12) not in cat_moves
    counts = sorted(m.count for m in core.moves(state, CATS) if (m.origin, m.to) == (5, 2))
    assert counts == [1, 2]


def test_only_the_duchy_goes_through_the_burrow() -> None:
    state = blank(turn=DUCHY, step="assembly", actions=2)
    put(state, 3, moles=1, tunnel=True)
    put(state, BURROW, moles=2)
    put(state, 7, cats=3)
    duchy_moves = {(m.origin, m.to) for m in core.moves(state, DUCHY)}
    assert (BURROW, 3) in duchy_moves and (3, BURROW) in duchy_moves
    assert (BURROW, 7) not in duchy_moves  # no tunnel at Pond
    put(state, 3, cats=5)
    cat_moves = {(m.origin, m.to) for m in core.moves(state, CATS)}
    assert all(BURROW not in pair for pair in cat_moves)


def test_the_burrows_neighbours_follow_the_tunnels() -> None:
    state = blank()
    put(state, 3, tunnel=True)
    assert core.neighbours(state, DUCHY, BURROW) == {3}
    state.clearings[3].remove_token("tunnel")
    put(state, 8, tunnel=True)
    assert core.neighbours(state, DUCHY, BURROW) == {8}
    assert BURROW in core.neighbours(state, DUCHY, 8)
    assert BURROW not in core.neighbours(state, DUCHY, 3)


def test_moving_out_of_the_burrow_in_assembly() -> None:
    state = blank(turn=DUCHY, step="assembly", actions=2)
    put(state, 3, tunnel=True)
    put(state, BURROW, moles=3)
    act(state, Move(origin=BURROW, to=3, count=3))
    assert moles_in(state.clearings[3]) == 3 and moles_in(state.clearings[BURROW]) == 0
    assert state.actions_left == 1


def test_draws_reshuffle_the_discard_pile() -> None:
    state = blank()
    state.discard = state.draw_pile[:5]
    state.draw_pile = state.draw_pile[5:7]
    core.draw(state, CATS, 4)
    assert len(marquise_of(state).hand) == 4
    assert len(state.draw_pile) == 3 and not state.discard


def test_reaching_thirty_points_wins_at_once() -> None:
    state = blank()
    marquise_of(state).vp = 29
    core.gain(state, CATS, 1, "test")
    assert state.over and state.winner == CATS
    assert not core.gain(state, DUCHY, 5, "too late")
    assert duchy_of(state).vp == 0


def test_hand_limit_five_at_the_end_of_evening() -> None:
    state = blank(turn=DUCHY, step="evening_craft")
    give(
        state,
        DUCHY,
        "fox-anvil",
        "fox-root-tea",
        "mouse-sword",
        "rabbit-bake-sale",
        "bird-crossbow",
    )
    done(state)  # craft nothing: draw 1, then 6 cards in hand
    assert len(duchy_of(state).hand) == HAND_LIMIT + 1
    assert kinds(state) == {"discard"}
    act(state, GAME.legal_actions(state)[0])
    assert len(duchy_of(state).hand) == HAND_LIMIT
    assert state.turn_number > 1  # the turn is over (the Marquise, with nothing, passes hers)
