"""Root behind the Game contract: random games end at 30 points, every
component is conserved after every action, the same seed and actions give the
same game, an illegal action changes nothing, saves replay, and each seat's
view hides the other hand and the deck."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from boardgames_tui.engine import IllegalAction, Seat, registry
from boardgames_tui.engine.bots import get_bot
from boardgames_tui.engine.data import to_json
from boardgames_tui.engine.session import Session
from boardgames_tui.games.root import GAME, core
from boardgames_tui.games.root.actions import Action
from boardgames_tui.games.root.factions import duchy as duchy_rules
from boardgames_tui.games.root.factions.duchy import BURROW, DUCHY
from boardgames_tui.games.root.factions.duchy.board import duchy
from boardgames_tui.games.root.factions.marquise import CATS
from boardgames_tui.games.root.factions.marquise.board import marquise
from boardgames_tui.games.root.items import item_supply
from boardgames_tui.games.root.model import HIDDEN, WIN_VP, RootState
from tests.games.root.pieces import (
    CLEARINGS,
    cats_in,
    duchy_of,
    keep_in,
    marquise_of,
    moles_in,
    tunnel_in,
    wood_in,
)

SEATS = [Seat(name="P1", bot="random"), Seat(name="P2", bot="random")]
MAX_ACTIONS = 20_000


def dump(state: Any) -> str:
    return json.dumps(to_json(state), sort_keys=True)


def conserved(state: RootState) -> None:
    """Every component is somewhere, once."""
    clearings = state.clearings
    assert marquise_of(state).warriors + sum(cats_in(c) for c in clearings) == marquise().warriors
    assert duchy_of(state).warriors + sum(moles_in(c) for c in clearings) == duchy().warriors
    assert cats_in(clearings[BURROW]) == 0 and not clearings[BURROW].buildings
    assert all(cats_in(c) >= 0 and moles_in(c) >= 0 and wood_in(c) >= 0 for c in clearings)
    assert marquise_of(state).warriors >= 0 and duchy_of(state).warriors >= 0
    assert marquise_of(state).wood + sum(wood_in(c) for c in clearings) == marquise().wood
    assert duchy_of(state).tunnels + sum(tunnel_in(c) for c in clearings) == duchy().tunnels
    keeps = sum(keep_in(c) for c in clearings)
    if state.turn_number:
        assert keeps + marquise_of(state).keep_removed == 1
    for kind in ("sawmill", "workshop", "recruiter"):
        assert core.on_map(state, kind) <= 6
    for kind in ("citadel", "market"):
        assert core.on_map(state, kind) <= 3
    for n in CLEARINGS:
        assert core.free_slots(state, n) >= 0
    items = Counter(state.items)
    items.update(marquise_of(state).items)
    items.update(duchy_of(state).items)
    assert items == Counter(item_supply())
    cards = (
        state.draw_pile
        + state.discard
        + marquise_of(state).hand
        + duchy_of(state).hand
        + duchy_of(state).revealed
        + marquise_of(state).crafted
        + duchy_of(state).crafted
    )
    assert len(cards) == 50 and len(set(cards)) == 50
    d = duchy_of(state)
    assert sorted(d.swayed + d.unswayed) == sorted(m.name for m in duchy().ministers)
    for rank in ("squire", "noble", "lord"):
        assert duchy_rules.crowns_left(state, rank) >= 0
    assert set(marquise_of(state).known) <= set(marquise_of(state).hand)
    assert set(duchy_of(state).known) <= set(duchy_of(state).hand)


def play(
    seed: int, check: bool = False, options: dict[str, Any] | None = None
) -> tuple[RootState, list[Action]]:
    state = GAME.setup(SEATS, options, seed)
    bots = [get_bot("random", seed=seed * 31 + i) for i in range(2)]
    actions: list[Action] = []
    while not GAME.is_over(state):
        assert len(actions) < MAX_ACTIONS, f"seed {seed}: no end in sight"
        seat = GAME.to_act(state)
        assert seat is not None
        legal = GAME.legal_actions(state)
        assert legal
        action = bots[seat].choose(GAME, state, legal)
        GAME.apply(state, action, legal)
        actions.append(action)
        if check:
            conserved(state)
    return state, actions


def test_components_are_conserved_after_every_action() -> None:
    for seed in range(6):
        state, _ = play(seed, check=True)
        assert max(marquise_of(state).vp, duchy_of(state).vp) >= WIN_VP


def test_random_games_end_at_thirty_points() -> None:
    for seed in range(20):
        state, _ = play(100 + seed)
        assert state.winner in (CATS, DUCHY)
        assert state.player(state.winner).vp >= WIN_VP
        outcome = GAME.outcome(state)
        assert outcome.winners == [state.seat_of[state.winner]]
        assert outcome.summary
        assert sum(outcome.results[0].breakdown.values()) == outcome.results[0].score


def test_a_turn_limit_ends_a_simulation() -> None:
    state, _ = play(7, options={"turn_limit": 4})
    assert state.ended_by_limit and state.turn_number == 5
    outcome = GAME.outcome(state)
    assert outcome.ranking and outcome.summary


def test_same_seed_and_actions_give_the_same_game() -> None:
    first, actions = play(1234)
    again = GAME.setup(SEATS, None, 1234)
    for action in actions:
        GAME.apply(
            again, GAME.parse_action(json.loads(json.dumps(to_json(action, GAME.action_type))))
        )
    assert dump(again) == dump(first)


def test_an_illegal_action_raises_and_changes_nothing() -> None:
    state = GAME.setup(SEATS, None, 77)
    bot = get_bot("random", seed=77)
    seen: list[Action] = []
    tried = 0
    while not GAME.is_over(state) and tried < 200:
        legal = GAME.legal_actions(state)
        illegal = [a for a in seen if a not in legal]
        if illegal:
            before = dump(state)
            with pytest.raises(IllegalAction):
                GAME.apply(state, illegal[-1])
            assert dump(state) == before
            tried += 1
        seen.extend(a for a in legal if a not in seen)
        seen = seen[-200:]
        GAME.apply(state, bot.choose(GAME, state))
    assert tried > 0


@pytest.fixture
def registered() -> Iterator[None]:
    registry.register(GAME)
    yield
    registry.unregister(GAME.id)


def test_saves_load_and_replay(registered: None, tmp_path: Path) -> None:
    session = Session.new("root", SEATS, seed=3001, saves_dir=tmp_path)
    step = 0
    while not session.is_over:
        session.play_bot()
        step += 1
        if step % 97 == 0 or session.is_over:
            assert session.path is not None
            loaded = Session.load(session.path)
            assert dump(loaded.state) == dump(session.state)
    assert step > 0


# ----------------------------------------------------------------- views
def test_the_view_hides_the_other_hand_and_the_deck() -> None:
    state, _ = play(5)
    state = GAME.setup(SEATS, None, 5)
    for seat in (0, 1):
        view = GAME.view(state, seat)
        mine = view.player(state.faction_of(seat))
        theirs = view.player(1 - state.faction_of(seat))
        assert mine.hand == state.player(state.faction_of(seat)).hand
        assert theirs.hand == [HIDDEN] * 3
        assert set(view.draw_pile) == {HIDDEN}
        assert len(view.draw_pile) == len(state.draw_pile)


def test_states_differing_only_in_hidden_cards_look_the_same() -> None:
    a = GAME.setup(SEATS, None, 9)
    b = GAME.setup(SEATS, None, 9)
    # Swap a card of the Duchy's hand with one deep in the deck.
    i = duchy_of(b).hand[0]
    j = b.draw_pile[3]
    duchy_of(b).hand[0] = j
    b.draw_pile[3] = i
    cats_seat = a.seat_of[CATS]
    assert dump(GAME.view(a, cats_seat)) == dump(GAME.view(b, cats_seat))
    duchy_seat = a.seat_of[DUCHY]
    assert dump(GAME.view(a, duchy_seat)) != dump(GAME.view(b, duchy_seat))


def test_the_view_answers_for_the_deciding_seat() -> None:
    state = GAME.setup(SEATS, None, 4001)
    bot = get_bot("random", seed=1)
    for _ in range(400):
        if GAME.is_over(state):
            break
        seat = GAME.to_act(state)
        before = dump(state)
        view = GAME.view(state, seat)
        assert dump(state) == before
        assert GAME.legal_actions(view) == GAME.legal_actions(state)
        GAME.apply(state, bot.choose(GAME, state))


def test_cards_seen_in_a_hand_stay_seen_until_they_leave_it() -> None:
    state = GAME.setup(SEATS, None, 12)
    duchy_of(state).known = duchy_of(state).hand[:1]
    view = GAME.view(state, state.seat_of[CATS])
    assert duchy_of(view).hand == [duchy_of(state).hand[0], HIDDEN, HIDDEN]


def test_describe_prompt_and_progress_speak() -> None:
    state = GAME.setup(SEATS, None, 5)
    bot = get_bot("random", seed=5)
    for _ in range(300):
        if GAME.is_over(state):
            break
        assert GAME.prompt(state).strip()
        assert GAME.progress(state)
        for action in GAME.legal_actions(state):
            text = GAME.describe(state, action)
            assert text.strip() and "kind=" not in text
        GAME.apply(state, bot.choose(GAME, state))


def test_options_have_defaults_and_seats_are_two_by_default() -> None:
    """One player is too few; more players than the table may seat too many
    (the playable factions, up to the Law's four)."""
    from boardgames_tui.engine import SetupError

    GAME.Options()
    with pytest.raises(SetupError):
        GAME.setup(SEATS[:1], None, 0)
    with pytest.raises(SetupError):
        GAME.setup([Seat(name=f"P{i}") for i in range(GAME.max_players + 1)], None, 0)
    state = GAME.setup(SEATS, {"marquise_seat": 0, "first": "duchy"}, 0)
    assert state.seat_of == [0, 1]
    while state.turn_number == 0:
        GAME.apply(state, GAME.legal_actions(state)[0])
    assert state.turn == DUCHY


# ------------------------------------------------------------ first player
# Law 5.1.1: "Determine the starting player and seating order randomly."
def first_turn(state: RootState) -> int:
    """The faction whose Birdsong opens turn 1 (setup played through)."""
    while state.turn_number == 0:
        GAME.apply(state, GAME.legal_actions(state)[0])
    return state.turn


def test_the_first_player_is_drawn_from_the_seed() -> None:
    firsts = {seed: first_turn(GAME.setup(SEATS, None, seed)) for seed in range(24)}
    assert set(firsts.values()) == {CATS, DUCHY}, "either faction may start"
    for seed in (0, 5, 11):
        assert first_turn(GAME.setup(SEATS, None, seed)) == firsts[seed]
    opening = " ".join(e.text for e in GAME.setup(SEATS, None, 3).opening)
    assert "takes the first turn" in opening and "at random" in opening


def test_a_table_may_still_name_the_first_player() -> None:
    for first, faction in (("marquise", CATS), ("duchy", DUCHY)):
        for seed in range(6):
            assert first_turn(GAME.setup(SEATS, {"first": first}, seed)) == faction
    # Naming the first player draws nothing: the deal is the one of the
    # same seed at random, and the generator is where it was before.
    named = GAME.setup(SEATS, {"first": "marquise"}, 7)
    drawn = GAME.setup(SEATS, None, 7)
    assert named.draw_pile == drawn.draw_pile
    assert (marquise_of(named).hand, duchy_of(named).hand) == (
        marquise_of(drawn).hand,
        duchy_of(drawn).hand,
    )
    assert named.rng != drawn.rng
    assert GAME.options({"first": "random"}) == GAME.options(None)
    assert GAME.options(None).first is None  # type: ignore[attr-defined]


def test_a_save_that_records_no_first_player_was_played_with_the_marquise_first() -> None:
    # Before the draw, the Marquise always started: a save without ``first``
    # is read that way; one recording it (null: drawn) is read as it is.
    assert GAME.saved_options({"marquise_seat": 0})["first"] == "marquise"
    assert GAME.saved_options({"first": None})["first"] is None
    assert GAME.saved_options({"first": "duchy"})["first"] == "duchy"
    state = GAME.setup(SEATS, {"first": "duchy"}, 4)
    data = json.loads(json.dumps(GAME.dump_state(state)))
    assert GAME.load_state(data).options.first == "duchy"
    del data["options"]["first"]
    assert GAME.load_state(data).options.first == "marquise"
