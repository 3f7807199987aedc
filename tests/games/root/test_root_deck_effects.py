"""Every card of the deck in play: crafting (pieces once a turn, the item
supply), items, favors, and each persistent effect at its time (root-cards.md
section 1; the effect vocabulary in docs/rules/root.md)."""

from __future__ import annotations

from boardgames_tui.games.root import GAME, core
from boardgames_tui.games.root.actions import DECLINE, Battle, Craft, Move, TaxCollector, UseEffect
from boardgames_tui.games.root.cards import designs
from boardgames_tui.games.root.factions.duchy import BURROW, DUCHY
from boardgames_tui.games.root.factions.marquise import CATS
from boardgames_tui.games.root.flow import EFFECT_TEXT
from boardgames_tui.games.root.model import HIDDEN
from tests.games.root.pieces import cats_in, duchy_of, marquise_of, moles_in

from .helpers import act, blank, craft_for, dice, done, give, kinds, put


def test_every_kind_of_card_has_its_rule() -> None:
    handled = {"item", "ambush", "dominance", "favor"} | {
        "armorers",
        "sappers",
        "brutal_tactics",
        "royal_claim",
        "stand_and_deliver",
        "tax_collector",
        "command_warren",
        "better_burrow_bank",
        "cobbler",
        "scouting_party",
        "codebreakers",
    }
    assert {c.kind for c in designs()} == handled
    for kind in (
        "armorers",
        "sappers",
        "brutal_tactics",
        "royal_claim",
        "stand_and_deliver",
        "codebreakers",
    ):
        assert kind in EFFECT_TEXT


# ------------------------------------------------------------------ crafting
def test_an_item_not_in_the_supply_cannot_be_crafted() -> None:
    state = blank(turn=CATS, step="craft")
    put(state, 1, cats=1, buildings=("workshop",))
    (anvil,) = give(state, CATS, "fox-anvil")
    assert Craft(card=anvil, using=("fox",)) in GAME.legal_actions(state)
    state.items["hammer"] = 0
    assert not any(isinstance(a, Craft) for a in GAME.legal_actions(state))


def test_each_crafting_piece_once_a_turn() -> None:
    state = blank(turn=DUCHY, step="evening_craft")
    put(state, 1, moles=1, buildings=("citadel",))
    anvil, crossbow = give(state, DUCHY, "fox-anvil", "bird-crossbow")
    act(state, Craft(card=anvil, using=("fox",)))
    assert duchy_of(state).vp == 2
    assert Craft(card=crossbow, using=("fox",)) not in GAME.legal_actions(state)


def test_ambush_cards_cannot_be_crafted() -> None:
    state = blank(turn=DUCHY, step="evening_craft")
    put(state, 1, moles=1, buildings=("citadel", "market"))
    (ambush,) = give(state, DUCHY, "fox-ambush")
    assert not core.can_craft(state, DUCHY, ambush)


def test_royal_claim_pays_with_any_four_pieces() -> None:
    state = blank(turn=DUCHY, step="evening_craft")
    put(state, 2, moles=1, buildings=("citadel", "market"))  # mouse
    put(state, 5, moles=1, buildings=("citadel", "market"))  # rabbit
    put(state, 1, moles=1, buildings=("citadel",))  # fox
    (claim,) = give(state, DUCHY, "bird-royal-claim")
    ways = {a.using for a in GAME.legal_actions(state) if isinstance(a, Craft)}
    assert ways == {
        ("fox", "mouse", "mouse", "rabbit"),
        ("fox", "mouse", "rabbit", "rabbit"),
        ("mouse", "mouse", "rabbit", "rabbit"),
    }
    act(state, Craft(card=claim, using=("fox", "mouse", "mouse", "rabbit")))
    assert duchy_of(state).crafted == [claim]


def test_a_second_copy_of_a_persistent_card_cannot_be_crafted() -> None:
    state = blank(turn=DUCHY, step="evening_craft")
    put(state, 1, moles=1, buildings=("citadel", "market"))
    craft_for(state, DUCHY, "bird-armorers")
    (second,) = give(state, DUCHY, "bird-armorers")
    assert not core.can_craft(state, DUCHY, second)


# ------------------------------------------------------------------ Birdsong
def test_royal_claim_scores_every_clearing_ruled_the_burrow_too() -> None:
    state = blank(turn=CATS, step="discard")
    claim = craft_for(state, DUCHY, "bird-royal-claim")
    put(state, 1, moles=1)
    put(state, 2, moles=2, cats=1)
    put(state, 5, moles=1, cats=1)
    done(state)  # the Duchy's Birdsong
    assert UseEffect(effect="royal_claim") in GAME.legal_actions(state)
    act(state, UseEffect(effect="royal_claim"))
    assert duchy_of(state).vp == 3  # Hill, Quarry and the Burrow
    assert claim in state.discard and not duchy_of(state).crafted


def test_stand_and_deliver_takes_a_random_card_and_pays_a_point() -> None:
    state = blank(turn=DUCHY, step="discard")
    craft_for(state, CATS, "fox-stand-and-deliver")
    (taken,) = give(state, DUCHY, "mouse-sword")
    duchy_of(state).hand = [taken]
    state.discard = []
    # The Duchy ends its turn with one card (the draw happened on entering).
    done(state)
    assert state.turn == CATS
    act(state, UseEffect(effect="stand_and_deliver"))
    assert taken in marquise_of(state).hand and taken in marquise_of(state).known
    assert taken not in duchy_of(state).hand
    assert duchy_of(state).vp == 1
    assert UseEffect(effect="stand_and_deliver") not in GAME.legal_actions(state)


def test_better_burrow_bank_both_draw_at_the_start_of_birdsong() -> None:
    state = blank(turn=DUCHY, step="discard")
    craft_for(state, CATS, "rabbit-better-burrow-bank")
    craft_for(state, CATS, "bird-royal-claim")  # keeps her Birdsong open
    done(state)
    assert state.turn == CATS and state.step == "birdsong"
    assert len(marquise_of(state).hand) == 1 and len(duchy_of(state).hand) == 1


# ------------------------------------------------------------------ Daylight
def test_command_warren_a_battle_at_the_start_of_daylight() -> None:
    state = blank(turn=DUCHY, step="birdsong")
    craft_for(state, DUCHY, "rabbit-command-warren")
    put(state, 5, moles=2, cats=1)
    done(state)
    assert state.step == "daylight_start"
    assert GAME.legal_actions(state)[0] == Battle(clearing=5)
    dice(state, 1, 0)
    act(state, Battle(clearing=5))
    assert cats_in(state.clearings[5]) == 0
    assert state.step == "assembly" and state.actions_left == 2


def test_tax_collector_once_in_daylight() -> None:
    state = blank(turn=DUCHY, step="assembly", actions=2)
    craft_for(state, DUCHY, "fox-tax-collector")
    put(state, 5, moles=2)
    put(state, BURROW, moles=3)
    options = [a for a in GAME.legal_actions(state) if isinstance(a, TaxCollector)]
    assert options == [TaxCollector(clearing=5)]  # the Burrow is off the map
    act(state, TaxCollector(clearing=5))
    assert moles_in(state.clearings[5]) == 1 and len(duchy_of(state).hand) == 1
    assert state.actions_left == 2  # not an Assembly action
    assert "tax_collector" not in kinds(state)


def test_tax_collector_sets_off_field_hospitals() -> None:
    state = blank(turn=CATS, step="actions")
    craft_for(state, CATS, "fox-tax-collector")
    put(state, 1, keep=True, cats=1)
    put(state, 5, cats=2)
    (card,) = give(state, CATS, "rabbit-bake-sale")
    act(state, TaxCollector(clearing=5))
    assert state.stack and state.stack[-1].kind == "hospital"
    act(state, DECLINE)
    assert len(marquise_of(state).hand) == 2


def test_codebreakers_shows_the_hand_to_that_seat_only() -> None:
    state = blank(turn=CATS, step="actions")
    craft_for(state, CATS, "mouse-codebreakers")
    secret = give(state, DUCHY, "fox-anvil", "rabbit-bake-sale")
    cats_seat = state.seat_of[CATS]
    assert duchy_of(GAME.view(state, cats_seat)).hand == [HIDDEN, HIDDEN]
    act(state, UseEffect(effect="codebreakers"))
    assert sorted(duchy_of(GAME.view(state, cats_seat)).hand) == sorted(secret)
    assert "codebreakers" not in {getattr(a, "effect", "") for a in GAME.legal_actions(state)}


# ------------------------------------------------------------------ Evening
def test_cobbler_a_move_at_the_start_of_evening() -> None:
    state = blank(turn=CATS, step="actions", actions=0)
    craft_for(state, CATS, "rabbit-cobbler")
    put(state, 1, cats=2)
    done(state)
    assert state.step == "evening_start"
    act(state, Move(origin=1, to=5, count=2))
    assert cats_in(state.clearings[5]) == 2
