"""The rule-based Root bot plays either faction from its own view and beats
the random bot (the full benchmark is in the report; this is a small sample)."""

from __future__ import annotations

from typing import Any

from boardgames_tui.engine.bots import get_bot
from boardgames_tui.engine.game import Seat
from boardgames_tui.games.root import GAME
from boardgames_tui.games.root.actions import DONE, Battle, DefenderFirst, Move, UseEffect
from boardgames_tui.games.root.bots import RootBot
from boardgames_tui.games.root.factions.duchy import DUCHY
from boardgames_tui.games.root.factions.marquise import CATS
from boardgames_tui.games.root.factions.marquise.actions import BuildCats, ChooseKeep, ExtraAction
from tests.games.root.pieces import marquise_of, moles_in

from .helpers import act, battle_with_effects_on_both_sides, blank, give, put


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


def test_the_marquise_keeps_in_quarry() -> None:
    """The keep goes in Quarry, the corner whose games the rule bot won most
    often (see KEEP_CORNERS)."""
    state = GAME.setup([Seat(name="A"), Seat(name="B")], None, 0)
    legal = GAME.legal_actions(state)
    assert RootBot(seed=0).choose(GAME, state, legal) == ChooseKeep(clearing=2)


def test_the_marquise_battles_duchy_buildings_before_building() -> None:
    state = blank()
    put(state, 2, cats=3, moles=1, buildings=("citadel",))
    put(state, 5, cats=2, buildings=("sawmill",), wood=2)
    put(state, 1, cats=1, keep=True)
    legal = GAME.legal_actions(state)
    assert any(isinstance(a, BuildCats) for a in legal)
    assert RootBot(seed=0).choose(GAME, state, legal) == Battle(clearing=2)


def test_the_marquise_marches_to_fight_a_duchy_building() -> None:
    """With no building or battle to take, she moves enough warriors next to
    a Duchy market to battle it, rather than a lone warrior anywhere."""
    state = blank()
    put(state, 1, cats=4, keep=True)
    put(state, 8, cats=2, buildings=("sawmill", "workshop"))
    put(state, 7, cats=2, buildings=("recruiter",))
    put(state, 5, moles=1, buildings=("market",))
    marquise_of(state).used.append("recruit")
    legal = GAME.legal_actions(state)
    chosen = RootBot(seed=0).choose(GAME, state, legal)
    assert isinstance(chosen, Move)
    assert (chosen.origin, chosen.to) == (1, 5) and chosen.count >= 2


def test_the_marquise_spends_a_bird_card_for_another_action() -> None:
    state = blank(actions=0)
    put(state, 1, cats=2, keep=True)
    (card,) = give(state, CATS, "bird-armorers")
    legal = GAME.legal_actions(state)
    assert RootBot(seed=0).choose(GAME, state, legal) == ExtraAction(card=card)


def test_evaluate_counts_the_marquises_wood_on_the_map() -> None:
    """Wood made at a sawmill is worth something to her; wood in the supply
    (not made yet, or spent) is not."""
    state = blank()
    put(state, 1, cats=1, keep=True)
    before = GAME.evaluate(state, state.seat_of[CATS])
    put(state, 1, wood=2)
    assert GAME.evaluate(state, state.seat_of[CATS]) > before


def test_evaluate_prefers_the_keep_in_quarry_to_weald() -> None:
    """The search rates the setup's keep by the corner (its worth shows only
    over a whole game): Quarry above Weald, for the Marquise alone."""
    values = {}
    for corner in (2, 3):
        state = GAME.setup([Seat(name="A"), Seat(name="B")], None, 0)
        GAME.apply(state, ChooseKeep(clearing=corner))
        cats, duchy = state.seat_of[CATS], state.seat_of[DUCHY]
        values[corner] = (GAME.evaluate(state, cats), GAME.evaluate(state, duchy))
    assert values[2][0] > values[3][0]
    assert values[2][1] < values[3][1]


def test_the_attacker_lets_the_defender_use_effects_first_then_uses_its_own() -> None:
    """Law 4.3.3: the attacker chooses who uses battle effects first.  The
    rule bot goes second (it sees the defender's choice and loses nothing),
    then still deals its extra hit."""
    state = battle_with_effects_on_both_sides()
    bot = RootBot(seed=0)
    assert bot.choose(GAME, state) == DefenderFirst()
    act(state, DefenderFirst())
    act(state, DONE)  # the Marquise keeps her Armorers
    assert bot.choose(GAME, state) == UseEffect(effect="brutal_tactics")


def test_the_search_decides_who_uses_battle_effects_first() -> None:
    """The search bot takes the attacker's choice like any other: a legal
    action, the same for a seed, and the battle goes on to its end."""
    from boardgames_tui.engine.bots import Budget, SearchBot

    state = battle_with_effects_on_both_sides()
    legal = GAME.legal_actions(state)
    assert DefenderFirst() in legal
    budget = Budget(seconds=None, playouts=12, horizon=4)
    first, again = (SearchBot(seed=3, budget=budget).choose(GAME, state, legal) for _ in "ab")
    assert first == again and first in legal
    GAME.apply(state, first, legal)
    bots = {state.seat_of[f]: SearchBot(seed=f, budget=budget) for f in (CATS, DUCHY)}
    while state.battle is not None:
        seat = GAME.to_act(state)
        assert seat is not None
        GAME.apply(state, bots[seat].choose(GAME, state))
    assert moles_in(state.clearings[5]) == 2  # the Duchy has no Armorers for the rolled hit


def test_a_forced_move_is_played_without_the_view(monkeypatch: Any) -> None:
    """Issue 49: a bot that does not read the position makes no view (its
    glance, a copy of the other seats) for it: the rule bot with one legal
    action.  With more than one it looks, and plays as it did."""
    state = GAME.setup([Seat(name="A"), Seat(name="B")], {"marquise_seat": 0}, 5)
    bot = RootBot(seed=3)
    views = 0
    real_glance = GAME.glance

    def counted(s: Any, seat: Any) -> Any:
        nonlocal views
        views += 1
        return real_glance(s, seat)

    monkeypatch.setattr(GAME, "glance", counted)
    forced = choices = 0
    while not GAME.is_over(state) and (forced < 5 or choices < 5):
        legal = GAME.legal_actions(state)
        before = views
        action = bot.choose(GAME, state, legal)
        if len(legal) == 1:
            forced += 1
            assert views == before and action is legal[0]
        else:
            choices += 1
            assert views == before + 1
        GAME.apply(state, action, legal)
    assert forced >= 5 and choices >= 5


def test_no_march_is_rated_above_the_bound_the_bot_skips_marches_by() -> None:
    """``march_most`` bounds every march's rating, marches from off the map
    (the Burrow's warriors, not in any clearing) included: a bound below a
    march's rating would let the bot pass over its best move."""
    from boardgames_tui.games.root.bots import march_most

    seen_off_map = 0
    for seed in range(3):
        state = GAME.setup([Seat(name="A"), Seat(name="B")], None, seed)
        bot = RootBot(seed=seed)
        for _ in range(400):
            if GAME.is_over(state):
                break
            seat = GAME.to_act(state)
            assert seat is not None
            legal = GAME.legal_actions(state)
            me = state.faction_of(seat)
            plan = bot.plan(me)[0]
            on_map = state.woodland.number_set
            for m in legal:
                if type(m) is Move:
                    seen_off_map += m.origin not in on_map
                    assert bot.rate_move(state, me, m) <= march_most(state, plan, m.count)
            GAME.apply(state, bot.choose(GAME, state, legal), legal)
    assert seen_off_map  # (the Burrow's marches were among them)


def test_a_plan_that_rates_marches_says_the_most_it_adds() -> None:
    import pytest

    from boardgames_tui.games.root.plan import RulePlan

    with pytest.raises(TypeError, match="march_most"):

        class Marching(RulePlan):
            def march(
                self, s: Any, there_mine: int, there_enemy: int, count: int, b: bool
            ) -> float:
                return 1.0
