"""The search bots' budget per turn (issue 33, "Bot turns a person can wait
for"): a turn's decisions share one budget, measured here by counting
playouts or by a fake clock, never by timing; nothing is spent where one
action is legal, where every action leaves the same position or where the
game names an order-free play; the arena plays the levels by caps alone."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from boardgames_tui.engine import Game, Seat, arena, registry
from boardgames_tui.engine.arena import ArenaSpec
from boardgames_tui.engine.bots import (
    Budget,
    HardBot,
    NormalBot,
    SearchBot,
    SearchProfile,
    get_bot,
    ismcts,
    profile_of,
)
from boardgames_tui.engine.bots.levels import TURN_MARGIN

#: Root's turns are long chains of choices: a good test of the sharing.
TURNS = 5


def bot_turns(
    game: Game[Any, Any], bot: SearchBot, seed: int, turns: int, rival: str = "root"
) -> list[list[int]]:
    """The playouts of each of ``bot``'s decisions, turn by turn, in seat 1
    of a seeded 2-player game against ``rival``, for ``turns`` turns (a turn:
    the seat's decisions until the other seat is to act)."""
    state = game.setup([Seat(name="A"), Seat(name="B")], None, seed)
    other = get_bot(rival, seed=seed, game=game)
    found: list[list[int]] = []
    current: list[int] | None = None
    while not game.is_over(state) and len(found) < turns:
        seat = game.to_act(state)
        legal = game.legal_actions(state)
        if seat == 0:
            action = bot.choose(game, state, legal)
            current = [] if current is None else current
            current.append(bot.last.playouts)
        else:
            if current is not None:
                found.append(current)
                current = None
            action = other.choose(game, state, legal)
        game.apply(state, action, legal)
    return found


@pytest.mark.parametrize("game_id", ["root", "tyrants"])
def test_a_turn_spends_no_more_playouts_than_its_budget(game_id: str) -> None:
    """40 playouts a decision and 60 a turn: no turn runs more than 60 in
    all (Tyrants' promotions after the turn is ended included: they are part
    of the turn), some turn spends most of it, and without the budget per
    turn the same bot spends far more on the same turns."""
    game = registry.get_game(game_id)
    shared = SearchBot(seed=4, budget=Budget(seconds=None, playouts=40, turn_playouts=60))
    turns = bot_turns(game, shared, seed=2, turns=TURNS, rival=game_id)
    assert len(turns) == TURNS
    assert all(sum(turn) <= 60 for turn in turns), turns
    assert any(sum(turn) > 30 for turn in turns)
    alone = SearchBot(seed=4, budget=Budget(seconds=None, playouts=40))
    spent = [sum(turn) for turn in bot_turns(game, alone, seed=2, turns=TURNS, rival=game_id)]
    assert max(spent) > 60


def test_the_turns_clock_is_a_hard_stop(monkeypatch: pytest.MonkeyPatch) -> None:
    """A fake clock on which each sample the search draws takes 0.05 s: with
    0.6 s a turn and playout caps far beyond reach, each turn's searches stop
    within one sample (and the prior's) of the turn's budget, and once it is
    spent the turn's later decisions draw no sample at all."""
    game = registry.get_game("root")
    clock = [0.0]
    step = 0.05
    original = type(game).determinize

    def slow_determinize(self: Any, view: Any, seat: int, rng: Any) -> Any:
        clock[0] += step
        return original(self, view, seat, rng)

    monkeypatch.setattr(type(game), "determinize", slow_determinize)
    monkeypatch.setattr(ismcts.time, "perf_counter", lambda: clock[0])
    budget = Budget(seconds=10.0, playouts=1_000_000, turn_seconds=0.6)
    bot = SearchBot(seed=3, budget=budget)
    state = game.setup([Seat(name="A"), Seat(name="B")], None, 5)
    rival = get_bot("root", seed=5, game=game)
    spent: list[float] = []
    unsampled = 0
    last: int | None = None
    while not game.is_over(state) and len(spent) < TURNS:
        seat = game.to_act(state)
        legal = game.legal_actions(state)
        if seat == 0:
            if last != 0:
                spent.append(0.0)
            used_up = last == 0 and bot.turn is not None and bot.turn.seconds >= 0.6
            before = clock[0]
            action = bot.choose(game, state, legal)
            spent[-1] += clock[0] - before
            if used_up:
                assert clock[0] == before, "a sample was drawn after the turn's budget ran out"
                unsampled += 1
        else:
            action = rival.choose(game, state, legal)
        last = seat
        game.apply(state, action, legal)
    assert len(spent) == TURNS
    assert max(spent) <= 0.6 + 2 * step + 1e-9, spent
    assert max(spent) > 0.6 - 2 * step  # the budget was used, not left idle
    assert unsampled > 0


def test_one_legal_action_costs_nothing_and_leaves_the_turn_untouched(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = registry.get_game("root")
    state = game.setup([Seat(name="A"), Seat(name="B")], None, 1)
    legal = game.legal_actions(state)
    samples: list[int] = []
    original = type(game).determinize
    monkeypatch.setattr(
        type(game),
        "determinize",
        lambda self, *a: samples.append(1) or original(self, *a),
    )
    bot = HardBot(seed=1)
    assert bot.choose(game, state, legal[:1]) == legal[0]
    assert bot.last.playouts == 0 and not samples and bot.turn is None


def test_actions_that_leave_the_same_position_are_not_searched() -> None:
    """Two offers of one action (the same position after either): no
    playouts; and among several, the equal ones are searched once."""
    game = registry.get_game("incubation")
    state = game.setup([Seat(name="A"), Seat(name="B")], None, 4)
    legal = game.legal_actions(state)
    assert len(legal) > 1
    twins = [legal[0], replace(legal[0])]
    bot = SearchBot(seed=2, budget=Budget(seconds=None, playouts=30))
    assert bot.choose(game, state, twins) == legal[0]
    assert bot.last.playouts == 0
    wide = SearchBot(seed=2, budget=Budget(seconds=None, playouts=60, widen=0.0))
    doubled = [*legal, *(replace(a) for a in legal)]
    wide.choose(game, state, doubled)
    assert wide.last.playouts == 60
    assert wide.last.tried <= len(legal)


def test_tyrants_plays_cards_that_only_add_resources_unsearched() -> None:
    """Which cards only add power or influence comes from the cards' data
    (their effects), not from names in the engine; such a play is made at
    once, and a card with a choice is searched."""
    from boardgames_tui.games.tyrants.actions import PlayCard
    from boardgames_tui.games.tyrants.cards import load_cards
    from boardgames_tui.games.tyrants.search_profile import only_resources, takes_from_hand
    from tests.games.tyrants.helpers import table

    assert only_resources("noble") and only_resources("soldier")
    every = [*load_cards().piles, *(c for h in load_cards().half_decks for c in h.cards)]
    chooser = next(c for c in every if any(e.kind == "choose" for e in c.effects))
    assert not only_resources(chooser.id)
    game = registry.get_game("tyrants")
    profile = profile_of(game)
    state = table(hand=["noble", "soldier"], deck=["soldier"] * 5)
    legal = game.legal_actions(state)
    free = profile.free_play(state, legal)
    assert isinstance(free, PlayCard) and free.card in {"noble", "soldier"}
    bot = SearchBot(seed=1, budget=Budget(seconds=None, playouts=40))
    assert bot.choose(game, state, legal) == free
    assert bot.last.playouts == 0
    # A card with a choice in hand, and nothing that only adds resources.
    state = table(hand=[chooser.id], deck=["soldier"] * 5)
    legal = game.legal_actions(state)
    assert PlayCard(card=chooser.id) in legal
    assert profile.free_play(state, legal) is None
    # A card that may discard or devour another from the hand, beside a
    # Noble: keeping the Noble to pay with may be better, so it is searched.
    payer = next(c for c in every if takes_from_hand(c.id))
    assert not takes_from_hand("noble")
    state = table(hand=["noble", payer.id], deck=["soldier"] * 5)
    legal = game.legal_actions(state)
    assert PlayCard(card="noble") in legal
    assert profile.free_play(state, legal) is None


def test_the_levels_budget_their_turns_and_the_arena_plays_them_by_caps(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """normal: 2 s a turn, hard: 4 s (less the margin for what surrounds the
    playouts); the arena turns both into playout caps, and a run is the same
    whatever the clock says (a clock that jumps a minute at every reading)."""
    root = registry.get_game("root")
    rate = profile_of(root).search_rate
    assert NormalBot.BUDGET.turn_seconds == pytest.approx(2.0 * TURN_MARGIN)
    assert HardBot.BUDGET.turn_seconds == pytest.approx(4.0 * TURN_MARGIN)
    assert HardBot.BUDGET.turn_cap(root) == round(rate * 4.0 * TURN_MARGIN)
    made = arena.make_bot("hard", 1, root, 0.5)
    assert isinstance(made, SearchBot)
    assert made.budget.seconds is None and made.budget.turn_seconds is None
    assert made.budget.turn_playouts == round(rate * 4.0 * TURN_MARGIN * 0.5)
    spec = ArenaSpec(
        game_id="incubation", bots=("hard", "normal"), games=1, seed=2, budget_scale=0.1
    )

    def played() -> list[tuple[str, int, int, int]]:
        record = arena.play_one(spec, 0)
        return [(s.bot, s.score, s.moves, s.playouts) for s in record.seats]

    first = played()
    ticks = [0.0]

    def jumping() -> float:
        ticks[0] += 60.0
        return ticks[0]

    monkeypatch.setattr(ismcts.time, "perf_counter", jumping)
    assert played() == first
    assert all(playouts > 0 for _, _, _, playouts in first)


def test_a_table_with_a_rate_of_its_own_budgets_by_it() -> None:
    """Root at four seats searches at its own rate (a playout plays three
    other seats' turns): the levels' caps there, in the app and in the
    arena, are that rate times their seconds; the other tables keep the
    profile's ``search_rate``."""
    root = registry.get_game("root")
    profile = profile_of(root)
    four = dict(profile.seat_rates)[4]
    assert four < profile.search_rate
    assert profile.rate(4) == four and profile.rate(3) == profile.rate() == profile.search_rate
    assert HardBot.BUDGET.cap(root, 4) == four
    assert HardBot.BUDGET.turn_cap(root, 4) == round(four * 4.0 * TURN_MARGIN)
    assert HardBot.BUDGET.turn_cap(root, 3) == round(profile.search_rate * 4.0 * TURN_MARGIN)
    made = arena.make_bot("hard", 1, root, 1.0, 4)
    assert isinstance(made, SearchBot)
    assert made.budget.playouts == four
    assert made.budget.turn_playouts == round(four * 4.0 * TURN_MARGIN)
    # The bot reads the table from its view: a four-seat turn's first share.
    names = ("hard", "root", "root", "root")
    state = root.setup([Seat(name=f"P{i}", bot=n) for i, n in enumerate(names)], None, 1)
    bot = get_bot("hard", seed=1, game=root)
    assert isinstance(bot, SearchBot)
    seat = root.to_act(state)
    assert seat is not None
    spend = bot.turn_spend(root, root.view(state, seat), seat)
    cap, _ = bot.share(root, spend, len(state.seats))
    assert cap == min(four, int(round(four * 4.0 * TURN_MARGIN) / profile.turn_decisions))
    with pytest.raises(ValueError, match="seat_rates"):
        SearchProfile[Any, Any](seat_rates=((4, 0),))


def test_a_profile_refuses_a_turn_of_no_decisions() -> None:
    with pytest.raises(ValueError, match="turn_decisions"):
        SearchProfile(turn_decisions=0.5)


def test_a_tyrants_turn_runs_to_the_end_of_its_promotions() -> None:
    """Tyrants' turn, as the budget counts it, holds the promotions made after
    the turn is ended (the "ending" phase), and the next seat's turn is
    another."""
    from boardgames_tui.games.tyrants.actions import EndTurn

    game = registry.get_game("tyrants")
    turn_of = profile_of(game).turn_of
    state = game.setup([Seat(name="A"), Seat(name="B")], None, 3)
    bots = [get_bot("tyrants", seed=i, game=game) for i in range(2)]
    checked = 0
    while not game.is_over(state) and checked < 3:
        legal = game.legal_actions(state)
        seat = game.to_act(state)
        assert seat is not None
        action = bots[seat].choose(game, state, legal)
        before = turn_of(state)
        game.apply(state, action, legal)
        if isinstance(action, EndTurn) and state.phase == "ending":
            assert game.to_act(state) == seat and turn_of(state) == before
            checked += 1
        elif game.to_act(state) not in (None, seat):
            assert turn_of(state) != before
    assert checked == 3
