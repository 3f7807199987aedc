"""The search bot (information-set MCTS) and the difficulty levels: each game
can sample a full state from a seat's view; the bot plays only legal
actions, chooses the same way for the same seed, reads nothing its seat may
not see, and keeps to its playout cap and its time cap.  No test here asserts
how strong a bot is: the arena measures that."""

from __future__ import annotations

from collections import Counter
from dataclasses import FrozenInstanceError, replace
from typing import Any

import pytest

from boardgames_tui.engine import Game, GameState, Seat, registry
from boardgames_tui.engine.bots import (
    Bot,
    Budget,
    EasyBot,
    HardBot,
    NormalBot,
    SearchBot,
    SearchProfile,
    about,
    bot_names,
    get_bot,
    ismcts,
    profile_of,
    searchable,
)
from boardgames_tui.engine.bots.profile import DEFAULT_PROFILE, PAIRED_MARGIN, search_evaluate
from boardgames_tui.engine.bots.rollout import (
    answer_turn,
    finish_round,
    finish_turn,
    greedy_step,
)
from boardgames_tui.engine.data import to_json
from boardgames_tui.engine.game import Action, copy_state
from boardgames_tui.engine.rng import Rng
from boardgames_tui.games.root.factions.duchy import DUCHY
from boardgames_tui.games.root.factions.marquise import CATS
from boardgames_tui.games.root.model import HIDDEN, RootState
from boardgames_tui.games.tyrants.model import TyrantsState, all_cards
from tests.games.root.pieces import duchy_of, marquise_of, wood_in

GAMES = [("underwing", 2), ("incubation", 2), ("tyrants", 2), ("root", 2), ("underwing", 1)]
SMALL = Budget(seconds=None, playouts=40, horizon=6)


def position(game_id: str, players: int, seed: int, steps: int) -> tuple[Game[Any, Any], Any]:
    """A position ``steps`` random actions into a seeded game, at a decision
    with a choice (or the game's end)."""
    game: Game[Any, Any] = registry.get_game(game_id)
    state = game.setup([Seat(name=f"P{i + 1}") for i in range(players)], None, seed)
    rng = Rng.from_seed(seed)
    done = 0
    while not game.is_over(state) and (done < steps or len(game.legal_actions(state)) < 2):
        legal = game.legal_actions(state)
        game.apply(state, rng.choice(legal), legal)
        done += 1
    return game, state


def counted(monkeypatch: pytest.MonkeyPatch, owner: Any, name: str) -> list[int]:
    """Replace ``owner.name`` with a wrapper that notes each call (a 1 in
    the list returned) and then calls the original."""
    calls: list[int] = []
    original = getattr(owner, name)

    def wrapper(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        return original(*args, **kwargs)

    monkeypatch.setattr(owner, name, wrapper)
    return calls


# ------------------------------------------------------------ the levels
def test_the_levels_are_named_bots_with_a_line_each() -> None:
    names = bot_names()
    assert names[:5] == ["random", "greedy", "easy", "normal", "hard"]
    assert isinstance(get_bot("easy", seed=1), EasyBot)
    assert isinstance(get_bot("normal", seed=1), NormalBot)
    assert isinstance(get_bot("hard", seed=1), HardBot)
    for name in names:
        assert about(name)
    # normal searches less than hard: its cap is the game's rate times 0.3 s
    underwing = registry.get_game("underwing")
    assert NormalBot.BUDGET.cap(underwing) < HardBot.BUDGET.cap(underwing)
    assert HardBot.BUDGET.cap(underwing) == profile_of(underwing).search_rate


def test_search_is_offered_only_where_the_game_can_be_sampled() -> None:
    sevens = registry.get_game("sevens")  # hides hands and defines no determinize()
    assert not searchable(sevens)
    assert "hard" not in bot_names(sevens) and "easy" in bot_names(sevens)
    with pytest.raises(TypeError, match="determinize"):
        sevens.determinize(sevens.setup([Seat(name="A"), Seat(name="B")]), 0, Rng())
    for game_id in ("underwing", "incubation", "tyrants", "root"):
        game = registry.get_game(game_id)
        assert searchable(game)
        assert "hard" in bot_names(game)


# ------------------------------------------------------------ profiles
@pytest.mark.parametrize("game_id", ["underwing", "incubation", "tyrants", "root"])
def test_each_game_declares_its_search_profile_beside_its_bots(game_id: str) -> None:
    """Every shipped game names the profile its package declares in
    ``search_profile.py``; the search's cap is that profile's rate."""
    from importlib import import_module

    game = registry.get_game(game_id)
    declared = import_module(f"boardgames_tui.games.{game_id}.search_profile").PROFILE
    assert isinstance(declared, SearchProfile)
    assert type(game).search_profile is declared and profile_of(game) is declared
    assert HardBot.BUDGET.cap(game) == max(8, declared.search_rate)
    assert NormalBot.BUDGET.cap(game) == max(8, round(declared.search_rate * 0.3))


def test_a_game_without_a_profile_is_searched_with_the_defaults() -> None:
    """Sevens names no profile: the defaults, the game's own evaluate."""
    sevens = registry.get_game("sevens")
    assert type(sevens).search_profile is None
    assert profile_of(sevens) is DEFAULT_PROFILE
    assert SearchProfile() == DEFAULT_PROFILE
    assert search_evaluate(sevens) == sevens.evaluate
    state = sevens.setup([Seat(name="A"), Seat(name="B")])
    assert DEFAULT_PROFILE.playout_round(state) is None
    assert all(DEFAULT_PROFILE.paired_challenger(state, a) for a in sevens.legal_actions(state))


def test_a_profile_that_is_not_a_search_profile_is_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The contract types ``search_profile`` loosely (it does not know the
    search): the search refuses anything else by name, at once."""
    sevens = registry.get_game("sevens")
    monkeypatch.setattr(type(sevens), "search_profile", {"search_rate": 5})
    with pytest.raises(TypeError, match="search_profile is a dict, not a SearchProfile"):
        profile_of(sevens)


def test_the_search_reads_its_parameters_from_the_profile(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A profile with another rate and another scale changes the cap and
    the rewards, and nothing else is asked of the game."""
    game, state = position("incubation", 2, seed=2, steps=12)
    profile = profile_of(game)
    monkeypatch.setattr(type(game), "search_profile", replace(profile, search_rate=123))
    assert HardBot.BUDGET.cap(game) == 123
    legal = game.legal_actions(state)
    scales: list[float] = []
    original = SearchBot.rewards

    def spy(g: Any, st: Any, base: list[float], scale: float) -> list[float]:
        scales.append(scale)
        return original(g, st, base, scale)

    monkeypatch.setattr(SearchBot, "rewards", staticmethod(spy))
    monkeypatch.setattr(type(game), "search_profile", replace(profile, evaluate_scale=7.5))
    bot = SearchBot(seed=1, budget=Budget(seconds=None, playouts=5))
    assert bot.choose(game, state, legal) in legal
    assert scales and set(scales) == {7.5}


def test_a_search_profile_is_a_frozen_value_that_refuses_nonsense() -> None:
    profile = SearchProfile[Any, Any](search_rate=200, playout_bot="root", paired_width=4)
    with pytest.raises(FrozenInstanceError):
        profile.search_rate = 100  # type: ignore[misc]
    with pytest.raises(ValueError, match="evaluate_scale"):
        SearchProfile[Any, Any](evaluate_scale=0.0)
    with pytest.raises(ValueError, match="search_rate"):
        SearchProfile[Any, Any](search_rate=0)
    with pytest.raises(ValueError, match="paired_width"):
        SearchProfile[Any, Any](paired_width=-1)
    with pytest.raises(ValueError, match="playout_bot"):
        SearchProfile[Any, Any](paired_width=4)


# ------------------------------------------------------------ determinize
@pytest.mark.parametrize(("game_id", "players"), GAMES)
def test_a_sampled_state_agrees_with_what_the_seat_sees(game_id: str, players: int) -> None:
    """The same legal actions, the same view, every component still there,
    and the same sample for the same generator."""
    for seed, steps in ((1, 5), (2, 40), (3, 120)):
        game, state = position(game_id, players, seed, steps)
        if game.is_over(state):
            continue
        seat = game.to_act(state)
        view = game.view(state, seat)
        sample = game.determinize(view, seat, Rng.from_seed(9))
        assert game.legal_actions(sample) == game.legal_actions(state)
        assert game.view(sample, seat) == view or not game.hidden_information
        assert to_json(sample) == to_json(game.determinize(view, seat, Rng.from_seed(9)))
        assert sample.rng != state.rng
        if isinstance(state, TyrantsState):
            assert all_cards(sample) == all_cards(state)
        elif isinstance(state, RootState):
            cards = Counter(sample.draw_pile + marquise_of(sample).hand + duchy_of(sample).hand)
            real = Counter(state.draw_pile + marquise_of(state).hand + duchy_of(state).hand)
            assert HIDDEN not in cards and sum(cards.values()) == sum(real.values())
            assert max(cards.values()) == 1
        elif game_id == "underwing":
            assert sorted(sample.deck) == sorted(state.deck)
        elif game_id == "incubation":
            assert [d[-1:] for d in sample.decks] == [d[-1:] for d in state.decks]
            assert sorted(c for d in sample.decks for c in d) == sorted(
                c for d in state.decks for c in d
            )


# ------------------------------------------------------------ hidden twins
def hidden_twin(game_id: str, state: Any, seat: int) -> Any:
    """A copy of ``state`` that differs only in what ``seat`` may not see:
    face-down orders, other hands, the random generator's future."""
    twin = copy_state(state)
    twin.rng = Rng.from_seed(state.rng.state ^ 0x5EED)
    shuffle = Rng.from_seed(77).shuffle
    if game_id == "underwing":
        shuffle(twin.deck)
    elif game_id == "incubation":
        under = [c for d in twin.decks for c in d[:-1]]
        shuffle(under)
        for deck in twin.decks:
            size = len(deck) - 1
            if size > 0:
                deck[:-1], under = under[:size], under[size:]
    elif game_id == "tyrants":
        shuffle(twin.market_deck)
        me = twin.players[seat]
        shuffle(me.deck)
        other = twin.players[1 - seat]
        cards = other.hand + other.deck
        shuffle(cards)
        other.hand, other.deck = cards[: len(other.hand)], cards[len(other.hand) :]
    elif game_id == "root":
        other = twin.player(DUCHY if twin.faction_of(seat) == CATS else CATS)
        unknown = [c for c in other.hand if c not in other.known]
        pool = unknown + twin.draw_pile
        shuffle(pool)
        other.hand = [c for c in other.hand if c in other.known] + pool[: len(unknown)]
        twin.draw_pile = pool[len(unknown) :]
    return twin


@pytest.mark.parametrize(("game_id", "players"), GAMES)
def test_the_bot_reads_only_its_view(game_id: str, players: int) -> None:
    """Two states that differ only in what the seat cannot see: the same
    samples, so the same choice for the same seed."""
    game, state = position(game_id, players, seed=4, steps=30)
    seat = game.to_act(state)
    assert seat is not None
    twin = hidden_twin(game_id, state, seat)
    assert to_json(twin) != to_json(state)
    view, twin_view = game.view(state, seat), game.view(twin, seat)
    if game.hidden_information:
        assert view == twin_view
    for draw in range(3):
        first = game.determinize(view, seat, Rng.from_seed(draw))
        second = game.determinize(twin_view, seat, Rng.from_seed(draw))
        assert to_json(first) == to_json(second)
    legal = game.legal_actions(state)
    mine = SearchBot(seed=5, budget=SMALL).choose(game, state, legal)
    theirs = SearchBot(seed=5, budget=SMALL).choose(game, twin, game.legal_actions(twin))
    assert mine == theirs
    assert EasyBot(seed=5).choose(game, state, legal) in legal


# ------------------------------------------------------------ play
@pytest.mark.parametrize(("game_id", "players"), GAMES)
def test_the_search_bot_plays_legal_moves_the_same_way_for_a_seed(
    game_id: str, players: int
) -> None:
    game, state = position(game_id, players, seed=6, steps=20)
    budget = SMALL if game_id != "root" else Budget(seconds=None, playouts=12, horizon=4)
    bots = [SearchBot(seed=3, budget=budget), SearchBot(seed=3, budget=budget)]
    before = to_json(state)
    for _ in range(4):
        if game.is_over(state):
            break
        legal = game.legal_actions(state)
        first, again = (bot.choose(game, state, legal) for bot in bots)
        assert first == again
        assert first in legal
        assert to_json(state) == before, "the bot changed the state it was given"
        game.apply(state, first, legal)
        before = to_json(state)


def test_a_search_bot_finishes_a_short_game() -> None:
    game: Game[Any, Any] = registry.get_game("underwing")
    seats = [Seat(name="A", bot="hard"), Seat(name="B", bot="greedy")]
    state: GameState = game.setup(seats, {"rounds": 2}, 8)
    bots = [SearchBot(seed=1, budget=Budget(seconds=None, playouts=12, horizon=4)), EasyBot(seed=2)]
    for _ in range(400):
        if game.is_over(state):
            break
        seat = game.to_act(state)
        assert seat is not None
        legal = game.legal_actions(state)
        action = bots[seat].choose(game, state, legal)
        assert action in legal
        game.apply(state, action, legal)
    assert game.is_over(state)


# ------------------------------------------------------------ the budget
def test_the_search_stops_at_its_playout_cap() -> None:
    game, state = position("incubation", 2, seed=7, steps=10)
    bot = SearchBot(seed=1, budget=Budget(seconds=None, playouts=25, horizon=3))
    bot.choose(game, state)
    assert bot.last.playouts == 25
    assert not bot.last.timed_out


def test_the_search_stops_at_its_time_cap() -> None:
    """A cap far beyond what the time allows: the clock stops the search,
    soon after its time cap (PATIENCE times the budget), with a legal move."""
    game, state = position("underwing", 2, seed=7, steps=10)
    budget = Budget(seconds=0.02, playouts=1_000_000)
    bot = SearchBot(seed=1, budget=budget)
    legal = game.legal_actions(state)
    assert bot.choose(game, state, legal) in legal
    assert bot.last.timed_out
    assert 1 <= bot.last.playouts < 1_000_000
    # generous: one playout's worth past the cap, on a machine shared by many
    assert bot.last.seconds < 5.0


def test_the_cap_holds_with_the_turn_rollout_and_widening() -> None:
    """Underwing, whose turns are long: the default budget finishes each
    playout's turn greedily, and still runs exactly its cap; the root's
    widening keeps the actions tried below the cap's square root's reach."""
    game, state = position("underwing", 2, seed=5, steps=60)
    legal = game.legal_actions(state)
    assert len(legal) > ismcts.MIN_WIDTH
    budget = Budget(seconds=None, playouts=16)
    assert budget.rollout == ismcts.ROLLOUT > 0
    bot = SearchBot(seed=2, budget=budget)
    assert bot.choose(game, state, legal) in legal
    assert bot.last.playouts == 16
    width = max(ismcts.MIN_WIDTH, int(ismcts.WIDEN * 16**0.5))
    assert 1 <= bot.last.tried <= min(width, len(legal))
    wide = SearchBot(seed=2, budget=Budget(seconds=None, playouts=16, widen=0.0))
    wide.choose(game, state, legal)
    assert wide.last.tried == min(16, len(legal))


@pytest.mark.parametrize(("game_id", "players"), GAMES)
def test_the_turn_rollout_plays_legal_moves_and_repeats_for_a_seed(
    game_id: str, players: int
) -> None:
    """Each rollout step is one of the legal actions; the rollout stops when
    the turn passes (or at its limit); the same generator gives the same
    line; the prior rates every root action between 0 and 1."""
    game, state = position(game_id, players, seed=8, steps=25)
    if game.is_over(state):
        return
    seat = game.to_act(state)
    assert seat is not None
    view = game.view(state, seat)
    sample = game.determinize(view, seat, Rng.from_seed(3))
    legal = game.legal_actions(sample)
    prior, _, _ = SearchBot.prior(game, sample, seat, legal, game.evaluate(sample, seat), 4.0)
    assert set(prior) == set(legal) and all(0.0 <= v <= 1.0 for v in prior.values())
    stepped = copy_state(sample)
    rng = Rng.from_seed(11)
    steps = 0
    while steps < 30 and not game.is_over(stepped) and game.to_act(stepped) == seat:
        moves = game.legal_actions(stepped)
        action = greedy_step(game, stepped, seat, moves, rng)
        assert action in moves
        game.perform(stepped, action)
        steps += 1
    finished = copy_state(sample)
    assert finish_turn(game, finished, seat, 30, Rng.from_seed(11)) == steps
    assert to_json(finished) == to_json(stepped)
    assert steps == 30 or game.is_over(finished) or game.to_act(finished) != seat
    limited = copy_state(sample)
    assert finish_turn(game, limited, seat, 1, Rng.from_seed(11)) <= 1


def test_a_games_own_bot_finishes_the_playouts_turns_and_is_tried_first(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Root names its rule bot as its playout bot: the search asks it for the
    root's first action (one playout visits only that one, so it is the move)
    and lets it finish the mover's turn in the playouts."""
    from boardgames_tui.games.root.bots import RootBot

    game, state = position("root", 2, seed=6, steps=20)
    assert profile_of(game).playout_bot == "root" and game.own_bots()["root"] is RootBot
    picks: list[Action] = []
    original = RootBot.pick

    def spy(self: RootBot, g: Game[Any, Any], view: GameState, legal: list[Action]) -> Action:
        action = original(self, g, view, legal)
        picks.append(action)
        assert action in legal
        return action

    monkeypatch.setattr(RootBot, "pick", spy)
    legal = game.legal_actions(state)
    assert len(legal) > 1
    one = SearchBot(seed=4, budget=Budget(seconds=None, playouts=1))
    assert one.choose(game, state, legal) == picks[0]
    picks.clear()
    many = SearchBot(seed=4, budget=Budget(seconds=None, playouts=12))
    assert many.choose(game, state, legal) in legal
    assert len(picks) > 1, "the rule bot played no step of any playout"
    # Root has no rounds: the mover's turn and the answer, not a round.
    assert profile_of(game).playout_round(state) is None
    # Incubation has no bot of its own: the generic policy, no extra draw.
    assert profile_of(registry.get_game("incubation")).playout_bot is None


def test_underwing_playouts_run_to_the_end_of_the_round_with_its_rule_bot(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Underwing's playouts let its rule bot play every seat until the round
    moves on; then the position is scored."""
    from boardgames_tui.games.underwing.bots import UnderwingBot

    game, state = position("underwing", 2, seed=5, steps=40)
    profile = profile_of(game)
    assert profile.playout_bot == "underwing" and game.own_bots()["underwing"] is UnderwingBot
    start = profile.playout_round(state)
    assert start == state.round
    policy = UnderwingBot(seed=1)
    trial = copy_state(state)
    steps = finish_round(game, trial, start, 600, policy)
    assert steps >= 1
    assert game.is_over(trial) or trial.round == start + 1
    assert finish_round(game, trial, start, 600, policy) == 0  # already moved on
    short = copy_state(state)
    assert finish_round(game, short, start, 1, policy) == 1
    movers: set[int | None] = set()
    original = UnderwingBot.pick

    def spy(self: UnderwingBot, g: Game[Any, Any], view: GameState, legal: list[Action]) -> Action:
        movers.add(g.to_act(view))
        return original(self, g, view, legal)

    monkeypatch.setattr(UnderwingBot, "pick", spy)
    legal = game.legal_actions(state)
    assert (
        SearchBot(seed=2, budget=Budget(seconds=None, playouts=6)).choose(game, state, legal)
        in legal
    )
    assert movers == {0, 1}, "the rule bot did not play both seats to the round's end"
    # Solo: one seat; the rule bot plays the rest of the game in each playout.
    movers.clear()
    solo_game, solo = position("underwing", 1, seed=5, steps=10)
    solo_legal = solo_game.legal_actions(solo)
    assert (
        SearchBot(seed=2, budget=Budget(seconds=None, playouts=6)).choose(
            solo_game, solo, solo_legal
        )
        in solo_legal
    )
    assert movers == {0}, "the rule bot did not play the solo playouts"


def test_finish_turn_follows_a_policy_bot() -> None:
    """With a policy, every step of the rollout is the policy's choice or,
    one step in ten, a random one; always legal, the same for a seed."""

    class Last(Bot):
        name = "last"
        calls = 0

        def pick(self, game: Game[Any, Any], view: GameState, legal: list[Action]) -> Action:
            Last.calls += 1
            return legal[-1]

    game, state = position("root", 2, seed=9, steps=12)
    seat = game.to_act(state)
    assert seat is not None
    runs = []
    for _ in range(2):
        trial = copy_state(state)
        steps = finish_turn(game, trial, seat, 30, Rng.from_seed(2), Last())
        runs.append((steps, to_json(trial)))
    assert runs[0] == runs[1] and runs[0][0] >= 1
    assert Last.calls >= 2, "the policy was not asked"
    # Then the other seat answers with a whole turn: the seat is to act again.
    trial = copy_state(state)
    finish_turn(game, trial, seat, 60, Rng.from_seed(2), Last())
    other = game.to_act(trial)
    assert other is not None and other != seat
    assert answer_turn(game, trial, seat, 60, Rng.from_seed(2), Last()) >= 1
    assert game.is_over(trial) or game.to_act(trial) == seat
    assert answer_turn(game, trial, seat, 60, Rng.from_seed(2), Last()) == 0


def test_a_single_legal_action_needs_no_search() -> None:
    game, state = position("underwing", 2, seed=3, steps=0)
    bot = HardBot(seed=1)
    only = game.legal_actions(state)[:1]
    assert bot.choose(game, state, only) == only[0]
    assert bot.last.playouts == 0


# ------------------------------------------------------------ evaluate
def test_root_values_what_makes_points_later() -> None:
    game = registry.get_game("root")
    state = game.setup([Seat(name="Ana"), Seat(name="Bo")], None, 0)
    cats = state.seat_of[CATS]
    start = game.evaluate(state, cats)
    clearing = next(n for n, c in enumerate(state.clearings) if n and not wood_in(c))
    state.clearings[clearing].add_token("wood")
    built = game.evaluate(state, cats)
    assert built > start
    assert game.evaluate(state, 1 - cats) == -built
    marquise_of(state).vp += 3
    assert game.evaluate(state, cats) == built + 3
    duchy_of(state).swayed.append("Captain")
    assert game.evaluate(state, 1 - cats) > -built - 3
    state.winner = CATS
    assert game.evaluate(state, cats) == 1000.0 and game.evaluate(state, 1 - cats) == -1000.0


def test_solo_compares_a_few_actions_to_the_end_of_the_game_on_shared_samples(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A game of one seat with a playout bot: the rule bot's choice and the
    prior's next best are each played to the end of the game on the same
    samples; the cap counts a whole-game playout as SOLO_COST."""
    from boardgames_tui.engine.bots import ismcts

    game, state = position("underwing", 1, seed=5, steps=10)
    legal = game.legal_actions(state)
    assert len(legal) > 1
    ends: list[bool] = []
    original = ismcts.finish_game

    def spy(g: Game[Any, Any], s: Any, limit: int, policy: Any) -> int:
        played = original(g, s, limit, policy)
        ends.append(g.is_over(s))
        return played

    monkeypatch.setattr(ismcts, "finish_game", spy)
    cap = 40
    bot = SearchBot(seed=3, budget=Budget(seconds=None, playouts=cap))
    action = bot.choose(game, state, legal)
    assert action in legal
    width = min(ismcts.SOLO_WIDTH, len(legal))
    assert bot.last.tried == width
    assert bot.last.playouts == len(ends) and bot.last.playouts % width == 0
    assert bot.last.playouts * ismcts.SOLO_COST <= cap
    assert all(ends), "a playout stopped before the end of the game"
    again = SearchBot(seed=3, budget=Budget(seconds=None, playouts=cap))
    assert again.choose(game, state, legal) == action


def test_root_compares_its_best_few_actions_on_shared_samples(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Root opts in to the paired search (its profile's ``paired_width``): the rule bot's
    choice and the prior's next best are each played on the same samples
    (one new sample per round of candidates), the rule bot finishing the
    turn and the other seat answering; the cap holds; the same seed gives
    the same move; and when no candidate scores better the rule bot's
    choice is played."""
    from boardgames_tui.games.root.bots import RootBot

    game, state = position("root", 2, seed=6, steps=20)
    legal = game.legal_actions(state)
    width = min(profile_of(game).paired_width, len(legal))
    assert width > 1
    samples = counted(monkeypatch, game, "determinize")
    answers = counted(monkeypatch, ismcts, "answer_turn")
    cap = 24
    bot = SearchBot(seed=3, budget=Budget(seconds=None, playouts=cap))
    action = bot.choose(game, state, legal)
    assert action in legal
    assert bot.last.tried == width
    assert bot.last.playouts <= cap and bot.last.playouts % width == 0
    # one sample for the prior, then one for each round of candidates
    assert len(samples) == 1 + bot.last.playouts // width
    assert len(answers) == bot.last.playouts
    again = SearchBot(seed=3, budget=Budget(seconds=None, playouts=cap))
    assert again.choose(game, state, legal) == action

    # Every playout scored alike: nothing beats the rule bot's choice.
    picks: list[Action] = []
    original_pick = RootBot.pick

    def spy(self: RootBot, g: Game[Any, Any], view: GameState, moves: list[Action]) -> Action:
        chosen = original_pick(self, g, view, moves)
        picks.append(chosen)
        return chosen

    monkeypatch.setattr(RootBot, "pick", spy)
    monkeypatch.setattr(SearchBot, "rewards", staticmethod(lambda *_: [0.5, 0.5]))
    level = SearchBot(seed=5, budget=Budget(seconds=None, playouts=cap))
    assert level.choose(game, state, legal) == picks[0]
    # The time cap stops it too; the other games keep their tree.
    hurried = SearchBot(seed=5, budget=Budget(seconds=0.001, playouts=1_000_000))
    assert hurried.choose(game, state, legal) in legal
    assert hurried.last.timed_out and hurried.last.playouts < 1_000_000
    assert profile_of(registry.get_game("incubation")).paired_width == 0
    # Underwing's 2-player search is the tree
    assert profile_of(registry.get_game("underwing")).paired_seats > 2


def test_a_challenger_needs_more_than_one_lucky_sample(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The paired comparison replaces the rule bot's choice only on
    ``PAIRED_MIN_EVIDENCE`` samples or more: a search whose cap (or clock)
    allows one round of candidates keeps the rule bot's choice even when a
    challenger scored better on that one sample (its spread unknown, any gain
    passed any margin); on enough samples the same steady gain wins."""
    game, state = position("root", 2, seed=6, steps=20)
    legal = game.legal_actions(state)
    width = min(profile_of(game).paired_width, len(legal))
    assert width > 1
    first: list[Action] = []

    def watch(action: Action, _state: GameState, samples: int) -> None:
        if samples == 0 and len(first) < width:
            first.append(action)

    # Every playout of a challenger scores above every playout of the
    # rule bot's choice, by a little that varies (a spread to measure).
    calls = [0]

    def rewards(g: Game[Any, Any], s: GameState, base: list[float], scale: float) -> list[float]:
        calls[0] += 1
        index = (calls[0] - 1) % width
        gain = 0.0 if index == 0 else 0.2 + 0.01 * (calls[0] % 3)
        return [0.4 + gain, 0.6 - gain]

    monkeypatch.setattr(SearchBot, "rewards", staticmethod(rewards))
    for cap, replaced in ((width, False), (2 * width, False), (8 * width, True)):
        calls[0] = 0
        first.clear()
        bot = SearchBot(seed=3, budget=Budget(seconds=None, playouts=cap))
        bot.watch = watch
        action = bot.choose(game, state, legal)
        samples = bot.last.playouts // width
        assert samples == cap // width
        assert (action != first[0]) is replaced, (cap, samples)
    assert ismcts.SearchBot.paired_better(0.5, 0.25, 1, 0.0) is False
    assert ismcts.SearchBot.paired_better(0.6, 0.12, 3, 1.0) is True
    # A gain that swings both ways is no evidence, however many samples.
    assert ismcts.SearchBot.paired_better(0.3, 3.0, 3, 1.0) is False


def test_root_at_three_players_scores_its_playouts_at_the_movers_next_turn(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With three seats a Root playout lets both other seats answer the
    mover's turn, so the position scored is the start of the mover's next
    turn (where its dominance win is checked), not the middle of the
    round with the seat after next never played.  Every playout's
    position is the mover's to act, or the game's end."""
    game: Game[Any, Any] = registry.get_game("root")
    seats = [Seat(name=f"P{i + 1}") for i in range(3)]
    state = game.setup(seats, {"factions": "marquise,eyrie,duchy"}, 4)
    rng = Rng.from_seed(4)
    for _ in range(400):
        legal = game.legal_actions(state)
        if state.turn_number >= 3 and len(legal) > 1:
            break
        game.apply(state, rng.choice(legal), legal)
    seat = game.to_act(state)
    assert seat is not None and not game.is_over(state)
    legal = game.legal_actions(state)
    scored: list[tuple[bool, int | None, int]] = []
    original = SearchBot.rewards

    def spy(g: Game[Any, Any], s: Any, base: list[float], scale: float) -> list[float]:
        scored.append((g.is_over(s), g.to_act(s), s.turn_number))
        return original(g, s, base, scale)

    monkeypatch.setattr(SearchBot, "rewards", staticmethod(spy))
    bot = SearchBot(seed=3, budget=Budget(seconds=None, playouts=24))
    assert bot.choose(game, state, legal) in legal
    assert scored and len(scored) == bot.last.playouts
    for over, mover, turn in scored:
        assert over or (mover == seat and turn == state.turn_number + 3), (over, mover, turn)


def test_underwing_from_three_players_compares_its_best_few_to_the_rounds_end(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Underwing with three or more players opts in to the paired search:
    the rule bot's choice and the prior's next best, each on the same
    samples, followed by the rule bot playing every seat to the end of the
    round (its playouts' horizon), not by one turn and an answer.  With two
    players it keeps the tree."""
    game, state = position("underwing", 4, seed=5, steps=60)
    legal = game.legal_actions(state)
    width = min(profile_of(game).paired_width, len(legal))
    assert width > 1
    rounds = counted(monkeypatch, ismcts, "finish_round")
    answers = counted(monkeypatch, ismcts, "answer_turn")
    cap = 12
    bot = SearchBot(seed=3, budget=Budget(seconds=None, playouts=cap))
    action = bot.choose(game, state, legal)
    assert action in legal
    assert bot.last.tried == width
    assert bot.last.playouts <= cap and bot.last.playouts % width == 0
    assert len(rounds) == bot.last.playouts and not answers
    assert (
        SearchBot(seed=3, budget=Budget(seconds=None, playouts=cap)).choose(game, state, legal)
        == action
    )
    # Two players: the tree, widening as it goes (every action tried).
    rounds.clear()
    game2, state2 = position("underwing", 2, seed=5, steps=40)
    legal2 = game2.legal_actions(state2)
    tree = SearchBot(seed=3, budget=Budget(seconds=None, playouts=cap))
    assert tree.choose(game2, state2, legal2) in legal2
    assert tree.last.playouts == cap and len(rounds) == cap


def test_tyrants_scores_its_paired_playouts_by_its_search_evaluation(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Tyrants opts in to the paired search with its rule bot, and the search
    scores positions by its profile's ``evaluate`` (what the deck and the
    markers will still bring), not by the game's ``evaluate``, which the
    greedy bot keeps; a game whose profile names none scores by the game's
    ``evaluate``."""
    from boardgames_tui.games.tyrants.bots import TyrantsBot

    game, state = position("tyrants", 2, seed=3, steps=30)
    profile = profile_of(game)
    # A decision the search must make: no card that only adds resources to
    # play (those are played unsearched, ``free_play``).
    rng = Rng.from_seed(3)
    while profile.free_play(state, game.legal_actions(state)) is not None:
        legal = game.legal_actions(state)
        game.apply(state, rng.choice(legal), legal)
    assert len(game.legal_actions(state)) > 1
    assert profile.playout_bot == "tyrants" and game.own_bots()["tyrants"] is TyrantsBot
    assert profile.paired_width > 1
    assert profile.evaluate is not None
    original = profile.evaluate
    calls: list[str] = []

    def spy(st: Any, seat: int) -> float:
        calls.append("search")
        return original(st, seat)

    monkeypatch.setattr(type(game), "search_profile", replace(profile, evaluate=spy))
    legal = game.legal_actions(state)
    bot = SearchBot(seed=2, budget=Budget(seconds=None, playouts=8))
    assert bot.choose(game, state, legal) in legal
    assert 1 < bot.last.tried <= profile.paired_width
    assert calls, "the search never read the profile's evaluate"
    for other in ("underwing", "incubation", "root"):
        g, st = position(other, 2, seed=4, steps=10)
        other_profile = profile_of(g)
        assert other_profile.evaluate is None
        assert search_evaluate(g)(st, 0) == g.evaluate(st, 0)
        assert other_profile.paired_margin == PAIRED_MARGIN
        if other != "root":
            assert all(other_profile.paired_challenger(st, a) for a in g.legal_actions(st))


def test_tyrants_never_pits_ending_the_turn_against_its_rule_bot(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ending the turn is no challenger in Tyrants' paired comparison: with a
    Noble to play or the turn to end, the rule bot's choice (the Noble) is
    the only candidate, and it is played without a playout.  (The Noble only
    adds influence, so the search plays it before comparing anything at all,
    ``free_play``; without that the comparison has one candidate.)"""
    from boardgames_tui.games.tyrants.actions import EndTurn, PlayCard
    from tests.games.tyrants.helpers import table

    game = registry.get_game("tyrants")
    profile = profile_of(game)
    state = table(hand=["noble"], deck=["soldier"] * 5)
    state.players[1].deck = ["noble"] * 5
    legal = game.legal_actions(state)
    assert set(legal) == {PlayCard(card="noble"), EndTurn()}
    assert profile.paired_margin > 1
    assert not profile.paired_challenger(state, EndTurn())
    assert profile.paired_challenger(state, PlayCard(card="noble"))
    bot = SearchBot(seed=2, budget=Budget(seconds=None, playouts=8))
    assert bot.choose(game, state, legal) == PlayCard(card="noble")
    assert bot.last.playouts == 0 and bot.last.tried == 0
    assert profile.free_play(state, legal) == PlayCard(card="noble")
    monkeypatch.setattr(
        type(game), "search_profile", replace(profile, free_play=lambda st, moves: None)
    )
    bot = SearchBot(seed=2, budget=Budget(seconds=None, playouts=8))
    assert bot.choose(game, state, legal) == PlayCard(card="noble")
    assert bot.last.tried == 1 and bot.last.playouts == 0


def test_root_never_pits_an_early_stop_against_its_rule_bot() -> None:
    """Ending a step or passing up a choice is no challenger in Root's paired
    comparison: where the rule bot would act rather than stop, with one
    action beside stopping, the search plays the rule bot's action without
    comparing anything."""
    from boardgames_tui.games.root.actions import Done
    from boardgames_tui.games.root.bots import RootBot

    game = registry.get_game("root")
    state = game.setup([Seat(name="P1"), Seat(name="P2")], None, 3)
    rule = RootBot(seed=3)
    found = 0
    while not game.is_over(state) and found < 3:
        legal = game.legal_actions(state)
        choice = rule.choose(game, state, legal)
        if Done() in legal and len(legal) == 2 and choice != Done():
            assert not profile_of(game).paired_challenger(state, Done())
            assert profile_of(game).paired_challenger(state, choice)
            view = game.view(state, game.to_act(state))
            bot = SearchBot(seed=found, budget=Budget(seconds=None, playouts=8))
            assert bot.choose(game, view, legal) == choice
            assert bot.last.tried == 1
            found += 1
        game.apply(state, choice, legal)
    assert found == 3
