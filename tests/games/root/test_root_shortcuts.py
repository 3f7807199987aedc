"""The shortcuts the rules and the rule bot take give the very answers of the
long way, at every position of whole games (random bots and rule bots, both
factions): the turn driver's "nothing but Done" and each faction's
``has_step_options`` against the listed options (the Duchy's Parliament
among them), whether the Duchy could build or dig against its listings,
``can_move`` and the battle targets against the listed moves and battles, a crafting listing that counts
the pieces once against ``can_craft`` card by card, and the rule bot's
ratings of marches sharing what it read of each place against rating each
march alone; the list the turn driver kept while settling (what a
playout's ``next_actions`` answers) against the list made afresh; and the
rulers kept from one action to the next against the clearings' rulers."""

from __future__ import annotations

from boardgames_tui.engine.bots import get_bot
from boardgames_tui.engine.game import Seat
from boardgames_tui.games.root import GAME, core
from boardgames_tui.games.root.actions import DONE, Move
from boardgames_tui.games.root.bots import Marches, RootBot
from boardgames_tui.games.root.clearings import rule_of
from boardgames_tui.games.root.faction import FACTIONS
from boardgames_tui.games.root.factions.duchy import DUCHY
from boardgames_tui.games.root.factions.duchy.assembly import (
    build_options,
    can_build,
    can_dig,
    dig_options,
)
from boardgames_tui.games.root.model import RootState
from boardgames_tui.games.root.turn import SHARED_STEPS, legal_actions, only_done


def check_position(state: RootState, bot: RootBot) -> None:
    assert only_done(state) == (legal_actions(state) == [DONE])
    assert GAME.next_actions(state) == legal_actions(state)
    if not state.stack and state.setting_up < 0 and state.step not in SHARED_STEPS:
        fac = FACTIONS[state.turn]
        assert fac.has_step_options(state, state.step) == bool(fac.step_options(state, state.step))
    if DUCHY in state.factions:
        for any_suit in (False, True):
            assert can_build(state, any_suit) == bool(build_options(state, any_suit))
        assert can_dig(state) == bool(dig_options(state))
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
    check_kept_rulers(state)
    me = state.players[GAME.to_act(state) or 0].faction
    marches = Marches()
    for action in legal_actions(state):
        if isinstance(action, Move):
            alone = bot.rate_move(state, me, action)
            assert bot.rate_move(state, me, action, marches) == alone
            assert bot.rate(state, me, action) == alone


def check_kept_rulers(state: RootState) -> None:
    """Each ruler kept from one action to the next (``kept_rulers``) is the
    clearing's ruler as it stands: every piece that changed forgot its own."""
    for n, found in (state.kept_rulers or {}).items():
        assert found == rule_of(state, n), (n, found)


def play(seed: int, bot_name: str, factions: str | None = None) -> int:
    options = {"factions": factions} if factions else {"marquise_seat": seed % 2}
    players = len(factions.split(",")) if factions else 2
    state = GAME.setup([Seat(name=n) for n in "ABCD"[:players]], options, seed)
    bots = [get_bot(bot_name, seed=seed * 7 + i, game=GAME) for i in range(players)]
    kept = 0
    judge = RootBot(seed=0)
    positions = 0
    while not GAME.is_over(state):
        kept += state.offered is not None or (
            not state.stack and state.step in FACTIONS[state.turn].checked_steps
        )
        check_position(state, judge)
        seat = GAME.to_act(state)
        assert seat is not None
        legal = GAME.legal_actions(state)
        GAME.apply(state, bots[seat].choose(GAME, state, legal), legal)
        positions += 1
    # Every position was reached by setup's settling or an action's, which
    # kept its list.
    assert kept == positions
    return positions


def test_the_shortcuts_answer_as_the_full_listings_through_whole_games() -> None:
    positions = sum(play(seed, bot) for seed in range(2) for bot in ("random", "root"))
    assert positions > 300


def test_the_kept_list_is_the_listing_at_three_seats() -> None:
    positions = sum(
        play(seed, bot, "marquise,eyrie,duchy") for seed in range(2) for bot in ("random", "root")
    )
    assert positions > 300


def test_the_kept_rulers_follow_every_piece_at_every_table() -> None:
    """Through whole games of random bots at tables of every faction, the
    loop listing with ``next_actions`` as the playouts do: after every
    action the rulers it kept are the clearings' rulers as they stand."""
    tables = ("marquise,eyrie,duchy,vagabond", "alliance,corvids,marquise", "eyrie,alliance")
    checked = 0
    for seed, factions in enumerate(tables):
        players = len(factions.split(","))
        state = GAME.setup([Seat(name=n) for n in "ABCD"[:players]], {"factions": factions}, seed)
        bots = [get_bot("random", seed=seed * 7 + i, game=GAME) for i in range(players)]
        while not GAME.is_over(state):
            legal = GAME.next_actions(state)
            seat = GAME.to_act(state)
            assert seat is not None
            GAME.apply(state, bots[seat].choose(GAME, state, legal), legal)
            check_kept_rulers(state)
            checked += len(state.kept_rulers or {})
    assert checked > 1000


def test_a_state_changed_by_hand_lists_afresh() -> None:
    """``legal_actions`` never reads the kept list: a position set by hand
    after an action (a test's) is listed as it stands."""
    state = GAME.setup([Seat(name="A"), Seat(name="B")], {"marquise_seat": 0}, 3)
    bot = get_bot("random", seed=1, game=GAME)
    # A position whose list settling kept (a decision on the stack, or a
    # step whose options are listed to see whether there are any).
    while state.offered is None or not any(isinstance(a, Move) for a in state.offered):
        GAME.apply(state, bot.choose(GAME, state))
    kept = GAME.next_actions(state)
    assert any(isinstance(a, Move) for a in kept)
    for place in state.clearings:
        place.warriors.clear()
    assert not any(isinstance(a, Move) for a in GAME.legal_actions(state))
    # The kept list is for a playout's state, which nothing changes by hand.
    assert GAME.next_actions(state) == kept
