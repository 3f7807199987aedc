"""The shortcuts the rules and the rule bot take give the very answers of the
long way, at every position of whole games (random bots and rule bots, both
factions): the turn driver's "nothing but Done" and each faction's
``has_step_options`` against the listed options, ``can_move`` and the battle
targets against the listed moves and battles, a crafting listing that counts
the pieces once against ``can_craft`` card by card, and the rule bot's
ratings of marches sharing what it read of each place against rating each
march alone."""

from __future__ import annotations

from boardgames_tui.engine.bots import get_bot
from boardgames_tui.engine.game import Seat
from boardgames_tui.games.root import GAME, core
from boardgames_tui.games.root.actions import DONE, Move
from boardgames_tui.games.root.bots import Marches, RootBot
from boardgames_tui.games.root.faction import FACTIONS
from boardgames_tui.games.root.model import RootState
from boardgames_tui.games.root.turn import SHARED_STEPS, legal_actions, only_done


def check_position(state: RootState, bot: RootBot) -> None:
    assert only_done(state) == (legal_actions(state) == [DONE])
    if not state.stack and state.setting_up < 0 and state.step not in SHARED_STEPS:
        fac = FACTIONS[state.turn]
        assert fac.has_step_options(state, state.step) == bool(fac.step_options(state, state.step))
    for f in state.factions:
        assert core.can_move(state, f) == bool(core.moves(state, f))
        assert bool(core.battle_targets(state, f)) == bool(core.battle_actions(state, f))
        listed = sorted({a.card for a in core.craft_options(state, f)})
        hand = core.distinct(state.player(f).hand)
        assert listed == sorted(c for c in hand if core.can_craft(state, f, c))
        for c in listed:
            assert [a.using for a in core.craft_options(state, f) if a.card == c] == (
                core.craft_payments(state, f, c)
            )
    me = state.players[GAME.to_act(state) or 0].faction
    marches = Marches()
    for action in legal_actions(state):
        if isinstance(action, Move):
            alone = bot.rate_move(state, me, action)
            assert bot.rate_move(state, me, action, marches) == alone
            assert bot.rate(state, me, action) == alone


def play(seed: int, bot_name: str) -> int:
    state = GAME.setup([Seat(name="A"), Seat(name="B")], {"marquise_seat": seed % 2}, seed)
    bots = [get_bot(bot_name, seed=seed * 7 + i, game=GAME) for i in range(2)]
    judge = RootBot(seed=0)
    positions = 0
    while not GAME.is_over(state):
        check_position(state, judge)
        seat = GAME.to_act(state)
        assert seat is not None
        legal = GAME.legal_actions(state)
        GAME.apply(state, bots[seat].choose(GAME, state, legal), legal)
        positions += 1
    return positions


def test_the_shortcuts_answer_as_the_full_listings_through_whole_games() -> None:
    positions = sum(play(seed, bot) for seed in range(2) for bot in ("random", "root"))
    assert positions > 300
