"""Battle, every step (facts README "Core" and root-cards.md section 2): the
defender's ambush and the attacker's cancelling ambush, two dice 0-3, the
attacker dealing the higher and the defender the lower, each capped by its
warriors there, +1 hit on a defenceless defender, the battle cards, hits
taken warriors first and chosen by the one taking them, 1 point per enemy
building or token; and what removing pieces sets off: the Price of Failure
(Law 12.2.3) and Field Hospitals."""

from __future__ import annotations

import pytest

from boardgames_tui.games.root import GAME
from boardgames_tui.games.root.actions import (
    DECLINE,
    DONE,
    Battle,
    Craft,
    DefenderFirst,
    PlayAmbush,
    Remove,
    UseEffect,
)
from boardgames_tui.games.root.factions.duchy import BURROW, DUCHY
from boardgames_tui.games.root.factions.duchy.actions import ReturnMinister
from boardgames_tui.games.root.factions.marquise import CATS
from boardgames_tui.games.root.factions.marquise.actions import Hospital
from tests.games.root.pieces import cats_in, duchy_of, marquise_of, moles_in, tunnel_in, wood_in

from .helpers import (
    act,
    battle_with_effects_on_both_sides,
    blank,
    craft_for,
    dice,
    give,
    kinds,
    put,
)


def test_a_plain_battle_dice_caps_and_points() -> None:
    state = blank(turn=DUCHY, step="assembly", actions=2)
    put(state, 5, moles=3, cats=2, buildings=("sawmill",))
    dice(state, 3, 1)
    act(state, Battle(clearing=5))
    # The attacker deals 3 (the higher die): two warriors, then the sawmill.
    assert cats_in(state.clearings[5]) == 0
    assert state.clearings[5].buildings == []
    assert duchy_of(state).vp == 1
    # The defender deals 1 (the lower die).
    assert moles_in(state.clearings[5]) == 2
    assert state.battle is None and not state.stack
    assert state.actions_left == 1


def test_rolled_hits_are_capped_by_warriors_there() -> None:
    state = blank(turn=DUCHY, step="assembly", actions=2)
    put(state, 5, moles=1, cats=3)
    dice(state, 3, 3)
    act(state, Battle(clearing=5))
    assert cats_in(state.clearings[5]) == 2  # 3 rolled, 1 warrior: 1 hit
    assert moles_in(state.clearings[5]) == 0  # 3 rolled, 3 warriors: 3 hits, 1 to take


def test_a_defenceless_defender_takes_an_extra_hit() -> None:
    state = blank(turn=CATS, step="actions")
    put(state, 2, cats=1, buildings=("citadel", "market"))
    dice(state, 3, 2)
    act(state, Battle(clearing=2))
    # 1 rolled hit (capped by one warrior) + 1 for no defending warriors.
    assert state.clearings[2].buildings == []
    assert marquise_of(state).vp == 2
    assert cats_in(state.clearings[2]) == 1  # no defending warriors: no hits back


def test_the_defender_chooses_which_building_or_token_goes() -> None:
    state = blank(turn=CATS, step="actions")
    put(state, 2, cats=1, buildings=("citadel", "market"), tunnel=True)
    dice(state, 0, 0)
    act(state, Battle(clearing=2))
    # 0 rolled + 1 defenceless: the Duchy decides, in the Marquise's turn.
    assert GAME.to_act(state) == state.seat_of[DUCHY]
    assert GAME.legal_actions(state) == [
        Remove(piece="citadel"),
        Remove(piece="market"),
        Remove(piece="tunnel"),
    ]
    act(state, Remove(piece="tunnel"))
    assert state.clearings[2].buildings == ["citadel", "market"]
    assert not tunnel_in(state.clearings[2]) and duchy_of(state).tunnels == 3
    assert marquise_of(state).vp == 1
    assert GAME.to_act(state) == state.seat_of[CATS]


def test_warriors_go_before_buildings() -> None:
    state = blank(turn=CATS, step="actions")
    put(state, 2, cats=2, moles=1, buildings=("citadel",))
    dice(state, 1, 0)
    act(state, Battle(clearing=2))
    assert moles_in(state.clearings[2]) == 0
    assert state.clearings[2].buildings == ["citadel"]
    assert marquise_of(state).vp == 0


# ------------------------------------------------------------------ ambush
def test_an_ambush_deals_two_hits_and_can_end_the_battle() -> None:
    state = blank(turn=DUCHY, step="assembly", actions=2)
    put(state, 1, moles=2, cats=1)  # Hill is a fox clearing
    (ambush,) = give(state, CATS, "fox-ambush")
    before = state.rng.state
    act(state, Battle(clearing=1))
    assert GAME.to_act(state) == state.seat_of[CATS]
    assert GAME.legal_actions(state) == [PlayAmbush(card=ambush), DECLINE]
    act(state, PlayAmbush(card=ambush))
    assert moles_in(state.clearings[1]) == 0
    assert state.battle is None
    assert state.rng.state == before  # no dice: the battle ended
    assert ambush in state.discard
    assert GAME.to_act(state) == state.seat_of[DUCHY]


def test_the_attacker_may_cancel_an_ambush_with_a_matching_one() -> None:
    state = blank(turn=DUCHY, step="assembly", actions=2)
    put(state, 1, moles=2, cats=1)
    (ambush,) = give(state, CATS, "fox-ambush")
    (answer,) = give(state, DUCHY, "bird-ambush")
    dice(state, 2, 0)
    act(state, Battle(clearing=1))
    act(state, PlayAmbush(card=ambush))
    assert GAME.to_act(state) == state.seat_of[DUCHY]
    assert GAME.legal_actions(state) == [PlayAmbush(card=answer), DONE]
    act(state, PlayAmbush(card=answer))
    # Both ambushes discarded; the dice decide.
    assert {ambush, answer} <= set(state.discard)
    assert cats_in(state.clearings[1]) == 0
    assert moles_in(state.clearings[1]) == 2


def test_an_ambush_must_match_the_clearing_but_birds_match_any() -> None:
    state = blank(turn=DUCHY, step="assembly", actions=2)
    put(state, 1, moles=2, cats=1)  # fox
    rabbit, bird = give(state, CATS, "rabbit-ambush", "bird-ambush")
    act(state, Battle(clearing=1))
    assert GAME.legal_actions(state) == [PlayAmbush(card=bird), DECLINE]


def test_the_defender_is_asked_even_without_an_ambush() -> None:
    # Hot-seat privacy: a defender holding cards is always asked, so the
    # attacker learns nothing from the question.
    state = blank(turn=DUCHY, step="assembly", actions=2)
    put(state, 1, moles=2, cats=1)
    give(state, CATS, "mouse-sword")
    act(state, Battle(clearing=1))
    assert GAME.to_act(state) == state.seat_of[CATS]
    assert GAME.legal_actions(state) == [DECLINE]
    act(state, DECLINE)
    assert state.battle is None


def test_scouting_party_shuts_out_ambushes() -> None:
    state = blank(turn=DUCHY, step="assembly", actions=2)
    put(state, 1, moles=2, cats=1)
    give(state, CATS, "bird-ambush")
    craft_for(state, DUCHY, "mouse-scouting-party")
    dice(state, 1, 0)
    act(state, Battle(clearing=1))
    assert state.battle is None  # nobody was asked
    assert cats_in(state.clearings[1]) == 0


# ------------------------------------------------------------ battle cards
def test_armorers_ignore_the_rolled_hits() -> None:
    state = blank(turn=DUCHY, step="assembly", actions=2)
    put(state, 5, moles=3, cats=3)
    armorers = craft_for(state, CATS, "bird-armorers")
    dice(state, 3, 2)
    act(state, Battle(clearing=5))
    assert GAME.to_act(state) == state.seat_of[CATS]
    assert UseEffect(effect="armorers") in GAME.legal_actions(state)
    act(state, UseEffect(effect="armorers"))
    assert armorers in state.discard and not marquise_of(state).crafted
    assert cats_in(state.clearings[5]) == 3
    assert moles_in(state.clearings[5]) == 1


def test_sappers_deal_an_extra_hit_for_the_defender() -> None:
    state = blank(turn=DUCHY, step="assembly", actions=2)
    put(state, 5, moles=3, cats=1)
    craft_for(state, CATS, "bird-sappers")
    dice(state, 0, 0)
    act(state, Battle(clearing=5))
    act(state, UseEffect(effect="sappers"))
    assert moles_in(state.clearings[5]) == 2
    assert not marquise_of(state).crafted


def test_brutal_tactics_an_extra_hit_and_a_point_for_the_defender() -> None:
    state = blank(turn=CATS, step="actions")
    put(state, 5, cats=2, moles=3)
    craft_for(state, CATS, "bird-brutal-tactics")
    dice(state, 1, 0)
    act(state, Battle(clearing=5))
    assert GAME.to_act(state) == state.seat_of[CATS]
    act(state, UseEffect(effect="brutal_tactics"))
    assert moles_in(state.clearings[5]) == 1
    assert duchy_of(state).vp == 1
    assert marquise_of(state).crafted  # it stays


# Law 4.3.3: "If both want to use effects, the attacker chooses who uses them
# first."
def test_the_attacker_may_let_the_defender_use_effects_first() -> None:
    state = battle_with_effects_on_both_sides()
    # Both may use an effect: the attacker decides, and may go second.
    assert GAME.to_act(state) == state.seat_of[DUCHY]
    assert GAME.legal_actions(state) == [
        UseEffect(effect="brutal_tactics"),
        DefenderFirst(),
        DONE,
    ]
    act(state, DefenderFirst())
    assert GAME.to_act(state) == state.seat_of[CATS]
    assert GAME.legal_actions(state) == [UseEffect(effect="armorers"), DONE]
    act(state, UseEffect(effect="armorers"))
    # Then the attacker, knowing the defender's choice; no order to choose again.
    assert GAME.to_act(state) == state.seat_of[DUCHY]
    assert GAME.legal_actions(state) == [UseEffect(effect="brutal_tactics"), DONE]
    act(state, UseEffect(effect="brutal_tactics"))
    assert state.battle is None
    assert cats_in(state.clearings[5]) == 2  # the rolled hits ignored, the extra hit dealt
    assert moles_in(state.clearings[5]) == 2
    assert marquise_of(state).vp == 1  # Brutal Tactics: the defender scores


def test_an_attacker_who_goes_first_finishes_before_the_defender() -> None:
    state = blank(turn=CATS, step="actions")
    put(state, 5, cats=3, moles=3)
    craft_for(state, CATS, "bird-brutal-tactics")
    craft_for(state, CATS, "bird-armorers")
    craft_for(state, DUCHY, "bird-sappers")
    dice(state, 2, 1)
    act(state, Battle(clearing=5))
    assert DefenderFirst() in GAME.legal_actions(state)
    act(state, UseEffect(effect="brutal_tactics"))
    # Having used an effect, the attacker has gone first: it may go on,
    # but no longer hand the first turn to the defender.
    assert GAME.legal_actions(state) == [UseEffect(effect="armorers"), DONE]
    act(state, DONE)
    assert GAME.to_act(state) == state.seat_of[DUCHY]
    assert GAME.legal_actions(state) == [UseEffect(effect="sappers"), DONE]
    act(state, UseEffect(effect="sappers"))
    assert state.battle is None
    assert moles_in(state.clearings[5]) == 0  # 2 rolled + 1 extra
    assert cats_in(state.clearings[5]) == 1  # 1 rolled + 1 extra


def test_no_order_to_choose_when_one_side_has_no_effect() -> None:
    state = blank(turn=CATS, step="actions")
    put(state, 5, cats=2, moles=3)
    craft_for(state, CATS, "bird-brutal-tactics")
    craft_for(state, DUCHY, "bird-armorers")
    dice(state, 0, 0)  # no rolled hits for the Duchy's Armorers to ignore
    act(state, Battle(clearing=5))
    assert GAME.legal_actions(state) == [UseEffect(effect="brutal_tactics"), DONE]


# --------------------------------------------------------- Price of Failure
def test_the_price_of_failure_returns_the_highest_minister() -> None:
    state = blank(turn=CATS, step="actions")
    put(state, 2, cats=2, buildings=("citadel",))
    duchy_of(state).swayed = ["Captain", "Marshal", "Banker"]
    duchy_of(state).unswayed.remove("Captain")
    duchy_of(state).unswayed.remove("Marshal")
    duchy_of(state).unswayed.remove("Banker")
    hand = give(state, DUCHY, "fox-anvil", "mouse-sword")
    dice(state, 1, 0)
    act(state, Battle(clearing=2))
    act(state, DECLINE)  # the Duchy holds cards: it is asked about an ambush
    assert duchy_of(state).swayed == ["Captain", "Marshal"]
    assert "Banker" in duchy_of(state).unswayed
    assert duchy_of(state).retired == ["noble"]
    assert len(duchy_of(state).hand) == 1 and len(set(hand) & set(state.discard)) == 1


def test_the_price_of_failure_with_two_ministers_of_the_top_rank() -> None:
    state = blank(turn=CATS, step="actions")
    put(state, 2, cats=2, buildings=("citadel", "market"))
    duchy_of(state).swayed = ["Captain", "Marshal"]
    duchy_of(state).unswayed = [
        m for m in duchy_of(state).unswayed if m not in duchy_of(state).swayed
    ]
    dice(state, 3, 0)
    act(state, Battle(clearing=2))
    # Two buildings removed at once: one Price of Failure, the Duchy's choice.
    assert GAME.to_act(state) == state.seat_of[DUCHY]
    assert GAME.legal_actions(state) == [
        ReturnMinister(name="Captain"),
        ReturnMinister(name="Marshal"),
    ]
    act(state, ReturnMinister(name="Marshal"))
    assert duchy_of(state).swayed == ["Captain"]
    assert duchy_of(state).retired == ["squire"]
    assert GAME.to_act(state) == state.seat_of[CATS]


def test_an_ambush_that_takes_a_duchy_building_costs_a_minister_at_once() -> None:
    # The ambush's hits are a removal of their own (Law 4.3.1.II: "The
    # defender deals two hits immediately"): its Price of Failure is paid
    # before any dice.  They reach a building only after the last attacking
    # warrior, so the battle then ends: one minister, never a second.
    state = blank(turn=DUCHY, step="assembly", actions=2)
    put(state, 1, moles=1, cats=2, buildings=("citadel",))  # Hill: fox
    duchy_of(state).swayed = ["Captain", "Banker"]
    duchy_of(state).unswayed = [
        m for m in duchy_of(state).unswayed if m not in duchy_of(state).swayed
    ]
    (ambush,) = give(state, CATS, "fox-ambush")
    give(state, DUCHY, "fox-anvil", "mouse-sword")
    act(state, Battle(clearing=1))
    assert PlayAmbush(card=ambush) in GAME.legal_actions(state)
    texts = [e.text for e in GAME.apply(state, PlayAmbush(card=ambush))]
    assert any("Price of Failure" in t for t in texts)
    assert not any(t.startswith("Dice") for t in texts)
    assert moles_in(state.clearings[1]) == 0 and state.clearings[1].buildings == []
    assert marquise_of(state).vp == 1
    assert duchy_of(state).swayed == ["Captain"] and duchy_of(state).retired == ["noble"]
    assert len(duchy_of(state).hand) == 1  # the random discard
    assert state.battle is None and not state.stack
    assert GAME.to_act(state) == state.seat_of[DUCHY] and state.actions_left == 1


def test_a_removed_crown_is_gone_for_good() -> None:
    from boardgames_tui.games.root.factions import duchy

    state = blank()
    duchy_of(state).retired = ["lord", "lord"]
    duchy_of(state).swayed = ["Earl of Stone"]
    assert duchy.crowns_left(state, "lord") == 0
    assert duchy.crowns_left(state, "noble") == 3


def test_losing_a_tunnel_costs_no_price() -> None:
    state = blank(turn=CATS, step="actions")
    put(state, 2, cats=2, tunnel=True)
    duchy_of(state).swayed = ["Captain"]
    give(state, DUCHY, "fox-anvil")
    dice(state, 1, 0)
    act(state, Battle(clearing=2))
    act(state, DECLINE)
    assert duchy_of(state).swayed == ["Captain"] and len(duchy_of(state).hand) == 1


# ----------------------------------------------------------- Field Hospitals
def test_field_hospitals_during_the_duchys_turn() -> None:
    state = blank(turn=DUCHY, step="assembly", actions=2)
    put(state, 1, keep=True, cats=1)
    put(state, 5, cats=2, moles=4)  # Creek is a rabbit clearing
    tea, travel = give(state, CATS, "mouse-root-tea", "rabbit-a-visit-to-friends")
    dice(state, 3, 0)
    act(state, Battle(clearing=5))
    act(state, DECLINE)  # no ambush
    assert GAME.to_act(state) == state.seat_of[CATS]
    assert GAME.legal_actions(state) == [Hospital(card=travel), DECLINE]
    act(state, Hospital(card=travel))
    assert cats_in(state.clearings[1]) == 3
    assert cats_in(state.clearings[5]) == 0
    assert marquise_of(state).hand == [tea]
    assert GAME.to_act(state) == state.seat_of[DUCHY]


def test_no_field_hospitals_without_the_keep() -> None:
    state = blank(turn=DUCHY, step="assembly", actions=2)
    put(state, 5, cats=2, moles=4)
    give(state, CATS, "rabbit-a-visit-to-friends")
    dice(state, 3, 0)
    act(state, Battle(clearing=5))
    act(state, DECLINE)
    assert not state.stack and GAME.to_act(state) == state.seat_of[DUCHY]


def test_removing_the_keep_scores_and_ends_field_hospitals() -> None:
    state = blank(turn=DUCHY, step="assembly", actions=2)
    put(state, 1, keep=True, cats=1, moles=3)
    give(state, CATS, "fox-anvil")
    dice(state, 3, 0)
    act(state, Battle(clearing=1))
    act(state, DECLINE)
    assert marquise_of(state).keep == 0 and marquise_of(state).keep_removed
    assert duchy_of(state).vp == 1
    assert not state.stack


# --------------------------------------------------------------- favors
def test_a_favor_removes_every_enemy_piece_in_its_clearings() -> None:
    state = blank(turn=DUCHY, step="evening_craft")
    put(state, 2, buildings=("citadel",))
    put(state, 7, buildings=("market",))
    put(state, 9, buildings=("citadel",))
    put(state, 11, cats=2, wood=1, buildings=("sawmill",), moles=1)  # mouse
    put(state, 7, cats=1)  # mouse
    put(state, 1, cats=1)  # fox: untouched
    (favor,) = give(state, DUCHY, "mouse-favor-of-the-mice")
    act(state, Craft(card=favor, using=("mouse", "mouse", "mouse")))
    assert cats_in(state.clearings[11]) == 0 and wood_in(state.clearings[11]) == 0
    assert state.clearings[11].buildings == []
    assert moles_in(state.clearings[11]) == 1
    assert cats_in(state.clearings[7]) == 0
    assert cats_in(state.clearings[1]) == 1
    assert duchy_of(state).vp == 2
    assert favor in state.discard


def test_the_burrow_is_no_battlefield() -> None:
    state = blank(turn=DUCHY, step="assembly", actions=2)
    put(state, BURROW, moles=3)
    put(state, 3, cats=1, tunnel=True)
    assert "battle" not in kinds(state) or all(
        a.clearing != BURROW for a in GAME.legal_actions(state) if isinstance(a, Battle)
    )


@pytest.mark.parametrize("high,low", [(3, 0), (2, 2), (0, 0)])
def test_dice_are_the_only_randomness_of_a_battle(high: int, low: int) -> None:
    state = blank(turn=DUCHY, step="assembly", actions=2)
    put(state, 5, moles=3, cats=3)
    dice(state, high, low)
    act(state, Battle(clearing=5))
    assert cats_in(state.clearings[5]) == 3 - high
    assert moles_in(state.clearings[5]) == 3 - low
