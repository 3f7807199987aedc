"""The rule-based Root bot plays either faction from its own view and beats
the random bot (the full benchmark is in the report; this is a small sample)."""

from __future__ import annotations

from boardgames_tui.engine.bots import get_bot
from boardgames_tui.engine.game import Seat
from boardgames_tui.games.root import GAME
from boardgames_tui.games.root.bots import RootBot
from boardgames_tui.games.root.model import CATS, DUCHY


def play(rule_faction: int, seed: int) -> int:
    state = GAME.setup([Seat(name="A"), Seat(name="B")], {"marquise_seat": seed % 2}, seed)
    bots = {
        state.seat_of[f]: RootBot(seed=seed) if f == rule_faction else get_bot("random", seed=seed)
        for f in (CATS, DUCHY)
    }
    while not GAME.is_over(state):
        seat = GAME.to_act(state)
        assert seat is not None
        GAME.apply(state, bots[seat].choose(GAME, state))
    return state.winner


def test_the_rule_bot_beats_random_as_either_faction_in_either_seat() -> None:
    for faction in (CATS, DUCHY):
        wins = sum(play(faction, seed) == faction for seed in range(4))
        assert wins >= 3, (faction, wins)


def test_the_rule_bot_reads_only_its_view() -> None:
    state = GAME.setup([Seat(name="A"), Seat(name="B")], None, 3)
    bot = RootBot(seed=1)
    for _ in range(150):
        if GAME.is_over(state):
            break
        seat = GAME.to_act(state)
        view = GAME.view(state, seat)
        legal = GAME.legal_actions(state)
        # The same choice from the view alone as from the bot's own call.
        a = RootBot(seed=7).pick(GAME, view, legal)
        b = RootBot(seed=7).choose(GAME, state, legal)
        assert a == b
        GAME.apply(state, bot.choose(GAME, state, legal), legal)
