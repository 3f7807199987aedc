"""The main phase: play cards, deploy, assassinate, return an enemy spy,
recruit, in any order (rulebook, turn paragraph; facts, basic actions)."""

from __future__ import annotations

import pytest

from boardgames_tui.engine.game import IllegalAction
from boardgames_tui.games.tyrants import GAME
from boardgames_tui.games.tyrants import actions as a
from boardgames_tui.games.tyrants.model import WHITE, free
from boardgames_tui.games.tyrants.ops import add_troop

from .helpers import ANA, BEN, act, put, spy, table


def legal(state):  # type: ignore[no-untyped-def]
    return GAME.legal_actions(state)


def test_deploy_costs_one_power_needs_presence_and_an_empty_space() -> None:
    s = table(power=1)
    deploys = {x.space for x in legal(s) if isinstance(x, a.Deploy)}
    assert deploys == {"eryndlyn", "erynd-kana-a", "erynd-llace"}  # araum-erynd is full
    act(s, a.Deploy(space="erynd-llace"))
    assert s.players[ANA].power == 0 and s.troops["erynd-llace"] == (ANA,)
    assert not any(isinstance(x, a.Deploy) for x in legal(s))


def test_with_no_troop_on_the_board_deploy_anywhere_empty() -> None:
    s = table(power=1, standard_troops=False)
    deploys = {x.space for x in legal(s) if isinstance(x, a.Deploy)}
    assert "menzoberranzan" in deploys and "araumycos" not in deploys  # full of whites
    assert deploys == {space for space in s.troops if free(s, space) > 0}


def test_with_an_empty_barracks_deploying_gives_1_vp_instead() -> None:
    s = table(power=2)
    s.players[ANA].troops = 0
    assert not any(isinstance(x, a.Deploy) for x in legal(s))
    act(s, a.DeployForVP())
    assert (s.players[ANA].vp, s.players[ANA].power, s.vp_supply) == (1, 1, 119)


def test_a_card_deploy_with_an_empty_barracks_gives_vp_per_troop() -> None:
    s = table(hand=["mercenary-squad"])
    s.players[ANA].troops = 1
    act(s, a.PlayCard(card="mercenary-squad"), a.Deploy(space="erynd-llace"))
    assert s.players[ANA].troops == 0 and s.players[ANA].vp == 2 and not s.jobs
    assert s.end_reason  # the last troop was deployed


def test_assassinate_costs_three_power_and_fills_the_trophy_hall() -> None:
    s = table(power=2)
    assert not any(isinstance(x, a.Assassinate) for x in legal(s))
    s.players[ANA].power = 3
    targets = {(x.space, x.colour) for x in legal(s) if isinstance(x, a.Assassinate)}
    assert targets == {("eryndlyn", BEN), ("araum-erynd", WHITE)}
    act(s, a.Assassinate(space="araum-erynd", colour=WHITE))
    assert s.players[ANA].trophies == {"white": 1} and s.players[ANA].power == 0


def test_return_an_enemy_spy_costs_three_power_and_needs_presence() -> None:
    s = table(power=3)
    spy(s, "eryndlyn", BEN)
    spy(s, "menzoberranzan", BEN)  # no presence there
    returns = [x for x in legal(s) if isinstance(x, a.ReturnSpy)]
    assert returns == [a.ReturnSpy(site="eryndlyn", owner=BEN)]
    act(s, returns[0])
    assert s.players[BEN].spies == 4 and s.players[ANA].power == 0


def test_a_spy_gives_presence_at_its_site_only() -> None:
    s = table(power=3, standard_troops=False)
    put(s, "llacerellyn", ANA)  # so Ana has a troop on the board
    put(s, "menzoberranzan", BEN)
    spy(s, "menzoberranzan", ANA)
    targets = {(x.space, x.colour) for x in legal(s) if isinstance(x, a.Assassinate)}
    assert ("menzoberranzan", BEN) in targets and ("menzoberranzan", WHITE) in targets
    assert not any(space.startswith("chasm-menzo") for space, _ in targets)
    deploys = {x.space for x in legal(s) if isinstance(x, a.Deploy)}
    assert "menzoberranzan" in deploys and "chasm-menzo-b" not in deploys


def test_recruit_from_the_market_refills_it_at_once() -> None:
    s = table(influence=3)
    s.market[0] = "blackguard"
    top = s.market_deck[-1]
    act(s, a.Recruit(card="blackguard"))
    assert s.players[ANA].discard == ["blackguard"] and s.players[ANA].influence == 0
    assert len(s.market) == 6 and s.market[-1] == top


def test_recruit_from_the_always_available_piles() -> None:
    s = table(influence=5, options={"half_decks": ("drow", "demons")})
    recruits = {x.card for x in legal(s) if isinstance(x, a.Recruit)}
    assert {"priestess-of-lolth", "house-guard"} <= recruits
    assert "insane-outcast" not in recruits  # ruling R-OUTCAST-PILE
    act(s, a.Recruit(card="house-guard"))
    assert s.piles["house-guard"] == 14 and s.players[ANA].influence == 2


def test_cards_cost_their_influence() -> None:
    s = table(influence=2)
    s.market = ["bounty-hunter", "advocate"]
    recruits = {x.card for x in legal(s) if isinstance(x, a.Recruit)}
    assert "advocate" in recruits and "bounty-hunter" not in recruits
    with pytest.raises(IllegalAction):
        GAME.apply(s, a.Recruit(card="bounty-hunter"))


def test_play_in_any_order_and_unspent_power_and_influence_are_lost() -> None:
    s = table(hand=["noble", "soldier", "soldier"], deck=["noble"] * 5)
    act(s, a.PlayCard(card="soldier"), a.Deploy(space="erynd-llace"), a.PlayCard(card="noble"))
    act(s, a.PlayCard(card="soldier"))
    assert (s.players[ANA].power, s.players[ANA].influence) == (1, 1)
    act(s, a.EndTurn())
    assert (s.players[ANA].power, s.players[ANA].influence) == (0, 0)


def test_cards_not_played_are_discarded_at_the_end_of_the_turn() -> None:
    s = table(hand=["noble", "soldier"], deck=["advocate"] * 5)
    act(s, a.PlayCard(card="noble"), a.EndTurn())
    assert sorted(s.players[ANA].discard) == ["noble", "soldier"]
    assert s.players[ANA].hand == ["advocate"] * 5


def test_a_choice_whose_cost_cannot_be_paid_does_nothing() -> None:
    s = table(hand=["watcher-of-thay"])
    act(s, a.PlayCard(card="watcher-of-thay"), a.ChooseOption(option=1))
    assert not s.jobs and s.players[ANA].influence == 0  # no spy on the board to return


def test_an_effect_with_no_target_is_lost() -> None:
    s = table(hand=["blackguard"], standard_troops=False)
    put(s, "llacerellyn", ANA)
    events = act(s, a.PlayCard(card="blackguard"), a.ChooseOption(option=1))
    assert not s.jobs and "nothing to assassinate" in events[-1].text


def test_no_spy_in_the_barracks_means_no_spy_is_placed() -> None:
    s = table(hand=["infiltrator"])
    s.players[ANA].spies = 0
    act(s, a.PlayCard(card="infiltrator"))
    assert not s.jobs and s.players[ANA].power == 0


def test_move_never_puts_a_troop_back_where_it_was() -> None:
    s = table(hand=["cleric-of-laogzed"])
    act(s, a.PlayCard(card="cleric-of-laogzed"), a.PickTroop(space="eryndlyn", colour=BEN))
    destinations = {x.space for x in legal(s)}
    assert "eryndlyn" not in destinations and "erynd-llace" in destinations


def test_a_full_board_leaves_nothing_to_move() -> None:
    s = table(hand=["cleric-of-laogzed"])
    for space in s.troops:
        while free(s, space) > 0:
            add_troop(s, space, WHITE)  # not conserved: this position only tests legality
    act(s, a.PlayCard(card="cleric-of-laogzed"))
    assert not s.jobs
