"""The greedy bot on Tyrants: it reads only the view, plays the same way for
the same seed, beats random bots, and ``evaluate`` rates positions sensibly."""

from __future__ import annotations

from boardgames_tui.engine.bots import get_bot
from boardgames_tui.engine.data import to_json
from boardgames_tui.games.tyrants import GAME
from boardgames_tui.games.tyrants import actions as a

from .figures import play
from .helpers import ANA, BEN, put, seats, table


def test_the_bot_never_changes_the_state_or_the_view() -> None:
    state = GAME.setup(seats(3), None, 2)
    bot = get_bot("greedy", seed=2)
    for _ in range(120):
        before = to_json(state)
        view = GAME.view(state, GAME.to_act(state))
        seen = to_json(view)
        bot.pick(GAME, view, GAME.legal_actions(view))
        assert to_json(view) == seen
        action = bot.choose(GAME, state)
        assert to_json(state) == before
        GAME.apply(state, action)


def test_the_same_seed_gives_the_same_game() -> None:
    first, n = play(["greedy", "greedy"], 4)
    again, m = play(["greedy", "greedy"], 4)
    assert n == m and to_json(first) == to_json(again) and GAME.is_over(first)


def test_greedy_beats_random() -> None:
    wins = 0
    for seed in range(6):
        greedy = seed % 2
        bots = ["greedy" if seat == greedy else "random" for seat in range(2)]
        state, _ = play(bots, 100 + seed)
        wins += GAME.outcome(state).winners == [greedy]
    assert wins >= 5


def test_evaluate_likes_vp_resources_and_control() -> None:
    s = table(hand=["noble"])
    base = GAME.evaluate(s, ANA)
    s.players[ANA].influence = 2
    assert GAME.evaluate(s, ANA) == base + 1.0
    put(s, "llacerellyn", ANA)  # a 2-VP site
    assert GAME.evaluate(s, ANA) == base + 3.0
    put(s, "kanaglym", BEN)  # Ben's 3-VP site counts against her
    assert GAME.evaluate(s, ANA) == base + 3.0 - 3.0
    assert GAME.evaluate(s, BEN) == 6.0 - 2.0  # Ched Nasad and Kanaglym against Llacerellyn


def test_ending_the_turn_with_cards_and_influence_left_rates_lower() -> None:
    s = table(hand=["noble", "soldier"], deck=["noble"] * 5)
    s.players[BEN].deck = ["noble"] * 5
    before = GAME.evaluate(s, ANA)
    GAME.apply(s, a.EndTurn())
    assert GAME.evaluate(s, ANA) < before
