"""The search bots on the Aberrations' and the Undead's rule patterns: a
forced discard is chosen by the discarding seat in the forcing seat's turn
(``SearchProfile.turn_owner``), so the playouts finish that turn through
it and the bot's turn budget does not take it for a turn of its own; a
card played from the inner circle or the market is a choice the search
makes, not an order-free play."""

from __future__ import annotations

from typing import Any

import pytest

from boardgames_tui.engine.bots import Budget, SearchBot, profile_of
from boardgames_tui.engine.bots.rollout import answer_turn, finish_turn
from boardgames_tui.engine.rng import Rng
from boardgames_tui.games.tyrants import GAME
from boardgames_tui.games.tyrants import actions as a
from boardgames_tui.games.tyrants.bots import TyrantsBot
from boardgames_tui.games.tyrants.model import TyrantsState

from .helpers import ANA, BEN, act, table

EXPANSION = {"half_decks": ("aberrations", "undead")}
PROFILE = profile_of(GAME)


def forcer_to_play(forcer: int, victim_hand: list[str]) -> TyrantsState:
    """``forcer`` to play a Cranium Rats (an opponent with more than three
    cards in hand discards one), with five Soldiers to draw at the turn's
    end; the other seat holds ``victim_hand``."""
    s = table(options=EXPANSION)
    s.current = forcer
    s.players[forcer].hand = ["cranium-rats", "soldier"]
    s.players[forcer].deck = ["soldier"] * 5
    s.players[1 - forcer].hand = list(victim_hand)
    s.players[1 - forcer].deck = ["noble"] * 5
    return s


def test_a_playout_finishes_the_turn_through_the_opponents_forced_discard() -> None:
    """Ana's turn, played out by the rule bot, goes on after Ben has chosen
    his discard (the rule bot chooses it for him) to its very end: Ben is
    next to play.  Cut off at the discard, the playout scored Ana's turn
    half played, her Soldier still in hand."""
    s = forcer_to_play(ANA, ["noble", "noble", "soldier", "grimlock"])
    finish_turn(GAME, s, ANA, 200, Rng.from_seed(1), TyrantsBot(seed=1), 0.0)
    assert len(s.players[BEN].discard) == 1
    assert s.current == BEN and GAME.to_act(s) == BEN and not s.jobs
    assert s.players[ANA].hand == ["soldier"] * 5


def test_the_answering_turn_runs_through_a_discard_forced_on_the_searcher() -> None:
    """After Ana's turn, Ben answers with a Cranium Rats: Ana's discard in
    Ben's turn is the rule bot's too, and the answer stops only where Ana's
    next turn begins, not at her discard in the middle of Ben's turn."""
    s = forcer_to_play(BEN, ["noble", "noble", "noble", "soldier", "soldier"])
    answer_turn(GAME, s, ANA, 200, Rng.from_seed(2), TyrantsBot(seed=2), 0.0)
    assert len(s.players[ANA].discard) == 1 and len(s.players[ANA].hand) == 4
    assert s.current == ANA and GAME.to_act(s) == ANA and not s.jobs
    assert s.players[BEN].hand == ["soldier"] * 5


def test_the_turns_owner_is_the_seat_playing_its_cards() -> None:
    s = forcer_to_play(ANA, ["noble", "noble", "soldier", "grimlock"])
    act(s, a.PlayCard(card="cranium-rats"), a.Deploy(space="erynd-llace"))
    act(s, a.Deploy(space="llacerellyn"))
    assert GAME.to_act(s) == BEN and PROFILE.turn_owner(s) == ANA
    setup = GAME.setup(table().seats, {"first_player": 1}, 0)
    assert setup.phase == "placing" and PROFILE.turn_owner(setup) == GAME.to_act(setup)


def test_a_discard_out_of_turn_is_no_turn_of_the_searchers() -> None:
    """Ben's bot, with 40 playouts a decision and 60 a turn, after a turn in
    which it searched five decisions: its discard in Ana's turn may spend a
    decision's 40 playouts (not a share of a turn of 6.5 decisions, 9), and
    neither it nor Ana's turn counts as one of Ben's turns in the mean that
    shares his next turn's budget."""
    bot = SearchBot(seed=1, budget=Budget(seconds=None, playouts=40, turn_playouts=60))
    own = table(options=EXPANSION)
    own.current = BEN
    own.players[BEN].hand = ["soldier", "wight"]
    spend = bot.turn_spend(GAME, GAME.view(own, BEN), BEN)
    spend.searched = 5
    s = forcer_to_play(ANA, ["noble", "noble", "soldier", "grimlock"])
    act(s, a.PlayCard(card="cranium-rats"), a.Deploy(space="erynd-llace"))
    act(s, a.Deploy(space="llacerellyn"))
    assert GAME.to_act(s) == BEN
    out = bot.turn_spend(GAME, GAME.view(s, BEN), BEN)
    assert out.out_of_turn and bot.turns_done == 1 and bot.searched_done == 5
    assert bot.share(GAME, out) == (40, None)
    out.searched = 1
    own.round += 1
    bot.turn_spend(GAME, GAME.view(own, BEN), BEN)
    assert bot.turns_done == 1 and bot.searched_done == 5


def test_a_discard_out_of_turn_is_judged_after_the_searchers_next_turn(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ben chooses his discard in Ana's turn: the paired playouts finish
    Ana's turn and then play Ben's own, and score the position after it
    (Ana to play again), where the card he kept has been played.  Scored at
    the start of his turn, every discard left him the same count of cards
    and the same deck: nothing told them apart."""
    s = forcer_to_play(ANA, ["noble", "severin-silrajin", "soldier", "wight"])
    act(s, a.PlayCard(card="cranium-rats"), a.Deploy(space="erynd-llace"))
    act(s, a.Deploy(space="llacerellyn"))
    assert GAME.to_act(s) == BEN
    scored: list[tuple[int, str]] = []
    rewards = SearchBot.rewards

    def spy(game: Any, state: Any, base: list[float], scale: float) -> list[float]:
        scored.append((state.current, state.phase))
        return rewards(game, state, base, scale)

    monkeypatch.setattr(SearchBot, "rewards", staticmethod(spy))
    bot = SearchBot(seed=5, budget=Budget(seconds=None, playouts=40))
    legal = GAME.legal_actions(s)
    assert bot.choose(GAME, GAME.view(s, BEN), legal) in legal
    assert bot.last.playouts > 0 and len(scored) == bot.last.playouts
    assert all(where == (ANA, "main") for where in scored), set(scored)


def test_the_search_chooses_the_card_its_elder_brain_plays() -> None:
    """Elder Brain plays one card of the inner circle: a Noble (1 influence)
    or Severin Silrajin (5 power).  Both only add resources, but only one
    is played, so the choice is no order-free play: the search plays
    Severin, where it took the Noble (the first listed) unsearched."""
    s = table(hand=["elder-brain"], deck=["noble"], options=EXPANSION)
    s.players[ANA].inner_circle = ["noble", "severin-silrajin"]
    act(s, a.PlayCard(card="elder-brain"))
    legal = GAME.legal_actions(s)
    assert legal == [a.PlayCard(card="noble"), a.PlayCard(card="severin-silrajin")]
    assert PROFILE.free_play(s, legal) is None
    bot = SearchBot(seed=3, budget=Budget(seconds=None, playouts=40))
    assert bot.choose(GAME, GAME.view(s, ANA), legal) == a.PlayCard(card="severin-silrajin")
