"""The rule-based Tyrants bot (``tyrants``): legal whole games with 2, 3 and
4 players, the same game for the same seed, only its view read, and its
priorities in small built positions."""

from __future__ import annotations

import pytest

from boardgames_tui.engine.bots import about, bot_names, get_bot
from boardgames_tui.engine.data import to_json
from boardgames_tui.engine.game import copy_state
from boardgames_tui.engine.rng import Rng
from boardgames_tui.games.tyrants import GAME
from boardgames_tui.games.tyrants import actions as a
from boardgames_tui.games.tyrants.bots import TyrantsBot
from boardgames_tui.games.tyrants.model import WHITE, TyrantsState, controller, sites_controlled
from boardgames_tui.games.tyrants.ops import remove_troop

from .helpers import ANA, BEN, act, put, seats, spy, table


def play_out(n: int, seed: int, options: dict[str, object] | None = None) -> list[str]:
    """A whole game with every seat the rule bot, each action checked to be
    legal; the actions, in order."""
    state = GAME.setup(seats(n), options, seed)
    bots = [TyrantsBot(seed=seed * 10 + s) for s in range(n)]
    moves: list[str] = []
    for _ in range(5_000):
        if GAME.is_over(state):
            break
        seat = GAME.to_act(state)
        assert seat is not None
        legal = GAME.legal_actions(state)
        action = bots[seat].choose(GAME, state, legal)
        assert action in legal
        moves.append(repr(action))
        GAME.apply(state, action, legal)
    assert GAME.is_over(state), "the game did not end"
    outcome = GAME.outcome(state)
    assert outcome.results[outcome.winners[0]].score > 0
    return moves


@pytest.mark.parametrize(
    ("n", "seed", "options"),
    [
        (2, 0, None),
        (2, 5, {"half_decks": ("elementals", "demons")}),
        (3, 1, {"side": "B", "half_decks": ("drow", "demons")}),
        (4, 2, {"half_decks": ("dragons", "elementals")}),
    ],
)
def test_whole_games_are_legal_and_end(n: int, seed: int, options: dict[str, object]) -> None:
    assert len(play_out(n, seed, options)) > 50


def test_same_seed_same_game() -> None:
    assert play_out(2, 3) == play_out(2, 3)


def test_offered_for_tyrants_with_a_line() -> None:
    assert "tyrants" in bot_names(GAME)
    assert isinstance(get_bot("tyrants", seed=1, game=GAME), TyrantsBot)
    assert "rule-based" in about("tyrants", GAME)


def test_it_beats_greedy() -> None:
    """Four games, each bot in each seat twice: the rule bot wins them all
    (it won 20 of 20 on seeds 0-19 when written)."""
    wins = 0
    for seed in range(4):
        mine = seed % 2
        state = GAME.setup(seats(2), None, seed)
        bots = [
            TyrantsBot(seed=seed) if s == mine else get_bot("greedy", seed=seed) for s in range(2)
        ]
        while not GAME.is_over(state):
            seat = GAME.to_act(state)
            assert seat is not None
            GAME.apply(state, bots[seat].choose(GAME, state))
        wins += GAME.outcome(state).winners == [mine]
    assert wins == 4


def rearranged(state: TyrantsState) -> TyrantsState:
    """The same position with everything the player to act cannot see
    changed: every other player's hand and deck dealt again from the same
    cards, the seat's own deck and the market deck in another order, another
    random generator."""
    other = copy_state(state)
    seat = GAME.to_act(state)
    rng = Rng.from_seed(99)
    other.rng = Rng.from_seed(12345)
    rng.shuffle(other.market_deck)
    for s, p in enumerate(other.players):
        if s == seat:
            rng.shuffle(p.deck)
            continue
        pool = p.hand + p.deck
        rng.shuffle(pool)
        p.hand, p.deck = pool[: len(p.hand)], pool[len(p.hand) :]
    return other


def test_reads_only_its_view() -> None:
    state = GAME.setup(seats(2), None, 4)
    bots = [TyrantsBot(seed=4), TyrantsBot(seed=5)]
    differed = compared = 0
    for _ in range(400):
        if GAME.is_over(state):
            break
        seat = GAME.to_act(state)
        assert seat is not None
        other = rearranged(state)
        differed += to_json(other) != to_json(state)
        view = GAME.view(state, seat)
        seen = to_json(view)
        mine = TyrantsBot(seed=7).choose(GAME, state)
        assert TyrantsBot(seed=7).choose(GAME, other) == mine
        TyrantsBot(seed=7).pick(GAME, view, GAME.legal_actions(view))
        assert to_json(view) == seen, "the bot changed its view"
        compared += 1
        GAME.apply(state, bots[seat].choose(GAME, state))
    assert compared == 400 and differed > 300


# --------------------------------------------------------------- priorities
def choose(state: TyrantsState, seed: int = 0) -> a.TyrantsAction:
    action = TyrantsBot(seed=seed).choose(GAME, state)
    assert isinstance(action, a.TyrantsAction)
    return action


def test_plays_its_cards_before_anything_else() -> None:
    s = table(hand=["noble", "soldier"], power=3, influence=3)
    assert isinstance(choose(s), a.PlayCard)


def test_takes_a_site_when_one_troop_suffices() -> None:
    # Eryndlyn is tied (Ana 1, Ben 1): one more troop of Ana's takes its 3 VP.
    s = table(power=1)
    for seed in range(5):
        assert choose(s, seed) == a.Deploy(space="eryndlyn")
    act(s, a.Deploy(space="eryndlyn"))
    assert controller(s, "eryndlyn") == ANA


def test_a_card_deploys_where_it_takes_control_too() -> None:
    s = table(hand=["mercenary-squad"])
    act(s, a.PlayCard(card="mercenary-squad"))
    assert choose(s) == a.Deploy(space="eryndlyn")


def test_assassinates_where_it_breaks_a_control() -> None:
    # Ben holds Eryndlyn 2 to 1; the Blackguard's assassination of one of
    # his troops there beats its 2 power, and takes the right troop.
    s = table(hand=["blackguard"])
    put(s, "eryndlyn", BEN)
    act(s, a.PlayCard(card="blackguard"))
    assert choose(s) == a.ChooseOption(option=1)
    act(s, a.ChooseOption(option=1))
    assert choose(s) == a.Assassinate(space="eryndlyn", colour=BEN)


def test_spends_three_power_on_an_assassination_that_breaks_control() -> None:
    # Eryndlyn full, Ben 2 to Ana's 1: no deploy takes it, killing one of
    # Ben's troops there ends his control (a trophy and his 3 VP).
    s = table(power=3)
    put(s, "eryndlyn", BEN)
    assert choose(s) == a.Assassinate(space="eryndlyn", colour=BEN)
    # With one troop enough to take a site, a deploy for 1 power comes first.
    s = table(power=3)
    assert choose(s) == a.Deploy(space="eryndlyn")


def test_buys_the_affordable_card_it_values_most() -> None:
    s = table(influence=5)
    s.market = ["kobold", "advocate", "bounty-hunter", "doppelganger", "severin-silrajin", "imix"]
    assert choose(s) == a.Recruit(card="doppelganger")
    s.players[ANA].influence = 2
    # Two influence: the Advocate (it also promotes) over a Kobold and the
    # Priestess of Lolth.
    assert choose(s) == a.Recruit(card="advocate")


def test_late_in_the_game_it_buys_vp() -> None:
    # Market deck nearly gone: deck VP counts more than what a card does.
    s = table(influence=5)
    s.market = ["kobold", "watcher-of-thay", "bounty-hunter", "blackguard", "red-dragon", "imix"]
    s.market_deck = s.market_deck[:2]
    assert choose(s) == a.Recruit(card="bounty-hunter")  # 2 deck VP
    s.market = ["kobold", "watcher-of-thay", "blackguard", "red-dragon", "imix", "advocate"]
    assert choose(s) == a.Recruit(card="watcher-of-thay")  # 2 deck VP for 3


def test_ends_the_turn_when_nothing_is_left() -> None:
    s = table()
    assert choose(s) == a.EndTurn()


def test_promotes_a_starting_card_early_and_the_best_scorer_late() -> None:
    def promoting(late: bool) -> a.TyrantsAction:
        s = table(hand=["wyrmspeaker", "noble", "deathblade"], deck=["noble"] * 5)
        s.players[BEN].deck = ["noble"] * 5
        if late:
            s.market_deck = s.market_deck[:1]
        act(s, a.PlayCard(card="wyrmspeaker"), a.PlayCard(card="noble"))
        act(s, a.PlayCard(card="deathblade"))
        while s.jobs:  # Deathblade's two assassinations
            act(s, choose(s))
        act(s, a.EndTurn())
        assert {x for x in GAME.legal_actions(s)} == {
            a.Promote(card="noble"),
            a.Promote(card="deathblade"),
        }
        return choose(s)

    assert promoting(late=False) == a.Promote(card="noble")
    assert promoting(late=True) == a.Promote(card="deathblade")  # 6 in the circle, 3 in the deck


def test_a_spy_breaks_an_opponents_total_control() -> None:
    # Ben fills Llacerellyn (2 spaces): total control, +2 VP; Ana's spy there
    # takes the +2 away.
    s = table(hand=["spy-master"])
    put(s, "llacerellyn", BEN, 2)
    act(s, a.PlayCard(card="spy-master"))
    assert choose(s) == a.PlaceSpy(site="llacerellyn")


def test_returns_a_spy_only_where_it_blocks_total_control() -> None:
    s = table(power=3)
    put(s, "eryndlyn", ANA, 2)  # Ana 3, Ben 1 at Eryndlyn's 3 spaces: no
    remove_troop(s, "eryndlyn", BEN)  # Ben's troop gone: Ana fills it
    s.players[BEN].troops += 1
    spy(s, "eryndlyn", BEN)
    assert choose(s) == a.ReturnSpy(site="eryndlyn", owner=BEN)
    s2 = table(power=3)
    spy(s2, "kanaglym", BEN)
    assert not isinstance(choose(s2), a.ReturnSpy)


def test_pays_with_a_starting_card_not_a_good_one() -> None:
    # Mind Flayer: devour a hand card to assassinate or gain 3 influence.
    s = table(
        hand=["mind-flayer", "noble", "deathblade"], options={"half_decks": ("drow", "demons")}
    )
    assert choose(s) == a.PlayCard(card="mind-flayer")  # while the Noble is there
    act(s, a.PlayCard(card="mind-flayer"))
    assert choose(s) == a.DevourCard(card="noble")


def test_first_troop_goes_away_from_the_opponent() -> None:
    state = GAME.setup(seats(2), {"first_player": 0}, 3)
    act(state, a.PlaceStartTroop(site="eryndlyn"))
    site = choose(state)
    assert isinstance(site, a.PlaceStartTroop) and site.site != "eryndlyn"


def test_moves_enemy_troops_where_they_cost_the_opponent_most() -> None:
    # Cleric of Laogzed: move an enemy troop.  Ben's troop leaves Eryndlyn
    # (Ana takes it, 3 VP) for a space where it takes nothing for Ben.
    s = table(hand=["cleric-of-laogzed"])
    act(s, a.PlayCard(card="cleric-of-laogzed"))
    assert choose(s) == a.PickTroop(space="eryndlyn", colour=BEN)
    act(s, a.PickTroop(space="eryndlyn", colour=BEN))
    act(s, choose(s))
    assert controller(s, "eryndlyn") == ANA
    assert sites_controlled(s, BEN) == ["ched-nasad"]
    # Without Ben at Eryndlyn, the white troop next door goes to Ched Nasad,
    # where it ties Ben's troop: his 3 VP are gone.
    s = table(hand=["cleric-of-laogzed"])
    remove_troop(s, "eryndlyn", BEN)
    s.players[BEN].troops += 1
    act(s, a.PlayCard(card="cleric-of-laogzed"))  # the only troop it can move
    assert s.jobs[-1].holding == ("araum-erynd", WHITE)
    assert choose(s) == a.MoveTo(space="ched-nasad")
