"""The Vagabond (Law 9), a test per paragraph: setup (9.3), his abilities
(9.2: crafting with hammers, Lone Wanderer and full removal, Nimble,
Defenseless, items and tracks, the rolled-hit cap, hits as damaged items),
relationships (9.2.9: Aid's steps, Allied warriors, Hostile, infamy),
Birdsong (9.4: Refresh, Slip), Daylight (9.5: Move, Battle, Explore, Aid,
Quest, Strike, Repair, Craft, the characters' special actions) and Evening
(9.6).  Coalitions and the interactions with the Marquise and the Duchy are
in ``test_root_vagabond_table.py``."""

from __future__ import annotations

from collections import Counter

import pytest

from boardgames_tui.engine.game import IllegalAction
from boardgames_tui.games.root import GAME, core
from boardgames_tui.games.root.actions import DONE, Battle, Craft, Done
from boardgames_tui.games.root.factions.marquise import CATS
from boardgames_tui.games.root.factions.vagabond import (
    ALLIED,
    HOSTILE,
    INDIFFERENT,
    VAGABOND,
)
from boardgames_tui.games.root.factions.vagabond import rules as vrules
from boardgames_tui.games.root.factions.vagabond.actions import (
    Aid,
    AllyTakesHit,
    Attack,
    ChooseCharacter,
    DayLabor,
    Explore,
    Hideout,
    PickItem,
    Quest,
    Repair,
    Slip,
    StartIn,
    Steal,
    Strike,
    Walk,
)
from boardgames_tui.games.root.factions.vagabond.board import board, quest
from boardgames_tui.games.root.factions.vagabond.decisions import (
    ItemHits,
    ItemLimit,
    Refreshing,
    TakeCrafted,
)
from boardgames_tui.games.root.factions.vagabond.satchel import (
    DAMAGED,
    DAMAGED_DOWN,
    EXHAUSTED,
    READY,
    item_limit,
    refreshes,
)
from tests.games.root.pieces import vagabond_of
from tests.games.root.tables import begin, deal, legal, put, table

from .helpers import act, dice, done
from .vagabond_helpers import blank, forest, items, pawn_at


# -------------------------------------------------------------------- setup
def test_setup_character_forest_quests_ruins_and_relationships() -> None:
    """Law 9.3: a character, the pawn in any forest, three quests face up,
    an item under each ruin, every other faction Indifferent; the
    character's starting items face up (tea, coins and bags on tracks)."""
    state = table("marquise,vagabond", seed=2)
    while state.setting_up != VAGABOND:
        GAME.apply(state, legal(state)[0])
    assert sorted(a.character for a in legal(state)) == ["random", "ranger", "thief", "tinker"]
    act(state, ChooseCharacter(character="tinker"))
    assert legal(state) == [StartIn(place=forest(n)) for n in range(1, 8)]
    act(state, StartIn(place=forest(3)))
    v = vagabond_of(state)
    assert v.character == "tinker" and v.ready == sorted(["boots", "torch", "bag", "hammer"])
    assert v.place == forest(3) and pawn_at(state, forest(3))
    assert len(v.quests) == 3 and len(v.quest_deck) == 12
    assert v.ruins == [6, 10, 11, 12] and sorted(v.ruin_items) == [
        "bag",
        "boots",
        "hammer",
        "sword",
    ]
    assert v.relations == {CATS: INDIFFERENT}


def test_a_character_may_be_drawn_at_random() -> None:
    drawn = set()
    for seed in range(8):
        state = table("marquise,vagabond", seed=seed)
        while state.setting_up != VAGABOND:
            GAME.apply(state, legal(state)[0])
        act(state, ChooseCharacter(character="random"))
        drawn.add(vagabond_of(state).character)
    assert drawn == {"thief", "tinker", "ranger"}


def test_setup_order_is_the_setup_letters() -> None:
    """Law 5.1.7: the Marquise (A), the Eyrie (B), the Vagabond, the Duchy (H)."""
    state = table("duchy,vagabond,eyrie,marquise", seed=4)
    order = []
    while state.setting_up >= 0:
        if state.setting_up not in order:
            order.append(state.setting_up)
        GAME.apply(state, legal(state)[0])
    assert order == [CATS, 2, VAGABOND, 1]


# ------------------------------------------------------------------ 9.2.1
def test_hammers_craft_as_his_clearings_suit_and_an_item_goes_to_him() -> None:
    """Law 9.2.1 and 9.5.8: every hammer matches his clearing; crafting
    exhausts them; he takes the item crafted face up and scores it."""
    state = blank(place=1)  # Hill, fox
    items(state, "hammer", "boots")
    (anvil,) = deal(state, VAGABOND, "fox-anvil")  # fox: a hammer, 2 points
    (tea,) = deal(state, VAGABOND, "rabbit-root-tea")  # mouse: not here
    crafts = [a for a in legal(state) if isinstance(a, Craft)]
    assert crafts == [Craft(card=anvil, using=("fox",))]
    act(state, crafts[0])
    v = vagabond_of(state)
    assert v.exhausted == ["hammer"] and v.ready == ["boots", "hammer"] and v.items == []
    assert v.vp == 2 and state.items["hammer"] == 0
    assert tea in v.hand


def test_a_card_of_two_suits_cannot_be_crafted_with_hammers() -> None:
    """FAQ: all his hammers are one suit, so Tax Collector (fox, rabbit, mouse) is out."""
    state = blank(place=1)
    items(state, "hammer", "hammer", "hammer")
    deal(state, VAGABOND, "fox-tax-collector")
    assert not [a for a in legal(state) if isinstance(a, Craft)]


# ------------------------------------------------------------------ 9.2.2
def test_the_pawn_neither_rules_nor_keeps_others_from_ruling() -> None:
    """Law 9.2.2: the pawn is not a warrior."""
    state = blank(place=5)
    assert core.ruler(state, 5) is None
    put(state, 5, CATS, 1)
    assert core.ruler(state, 5) == CATS
    assert core.ruler(state, forest(1)) is None
    assert forest(1) not in core.ruled(state, VAGABOND)


def test_hits_never_remove_the_pawn_and_are_ignored_with_nothing_to_damage() -> None:
    """Law 9.2.2 and 9.2.7: with no undamaged item, hits are ignored."""
    state = blank(place=5, turn=CATS, step="actions")
    items(state, damaged=("sword",))
    put(state, 5, CATS, 3)
    dice(state, 3, 0)
    state.actions_left = 3
    act(state, Battle(clearing=5))
    assert pawn_at(state, 5) and state.battle is None
    assert vagabond_of(state).damaged == ["sword"]


def test_a_favor_damages_three_of_his_items_instead_of_removing_him() -> None:
    """Law 9.2.2.1: Favor of the Foxes in his fox clearing."""
    state = blank(place=1, turn=CATS, step="craft")
    items(state, "boots", "sword", "torch", "tea")
    put(state, 1, CATS, 0, "workshop")
    put(state, 6, CATS, 0, "workshop")
    put(state, 8, CATS, 0, "workshop")
    (favor,) = deal(state, CATS, "fox-favor-of-the-foxes")
    act(state, Craft(card=favor, using=("fox", "fox", "fox")))
    assert pawn_at(state, 1)
    assert isinstance(state.stack[-1], ItemHits) and state.stack[-1].count == 3
    for item in ("tea", "torch", "boots"):
        act(state, PickItem(item=item, box=READY))
    assert vagabond_of(state).damaged == ["boots", "tea", "torch"]
    assert vagabond_of(state).ready == ["sword"]


# ------------------------------------------------------------------ 9.2.3
def test_nimble_he_moves_whoever_rules() -> None:
    """Law 9.2.3: the Marquise rules both his origin and his destination."""
    state = blank(place=5)
    items(state, "boots")
    put(state, 5, CATS, 2)
    put(state, 1, CATS, 2)
    act(state, Walk(clearing=1))
    assert vagabond_of(state).place == 1 and vagabond_of(state).exhausted == ["boots"]


# ------------------------------------------------------------------ 9.2.4
@pytest.mark.parametrize("sword", ["none", "damaged"])
def test_without_an_undamaged_sword_he_is_defenceless(sword: str) -> None:
    """Law 9.2.4: the attacker deals an extra hit."""
    state = blank(place=5, turn=CATS, step="actions")
    items(state, "boots", "tea", damaged=("sword",) if sword == "damaged" else ())
    put(state, 5, CATS, 3)
    dice(state, 1, 1)
    state.actions_left = 3
    act(state, Battle(clearing=5))
    b = state.battle
    assert b is not None and b.extra_attacker == 1 and b.defender_hits == 0


# ------------------------------------------------------------------ 9.2.6
def test_his_rolled_hits_are_capped_by_undamaged_swords_face_up_or_down() -> None:
    state = blank(place=5)
    items(state, "sword", "boots", exhausted=("sword",), damaged=("sword",))
    put(state, 5, CATS, 3)
    dice(state, 3, 0)
    act(state, Attack(clearing=5, defender=CATS))
    # One sword exhausted to battle; two undamaged (face up or down): two hits.
    assert core.warriors(state, CATS, 5) == 1


# ------------------------------------------------------------------ 9.2.7
def test_each_hit_damages_an_item_of_his_choice_keeping_its_face() -> None:
    state = blank(place=5, turn=CATS, step="actions")
    items(state, "sword", "boots", exhausted=("torch",))
    put(state, 5, CATS, 3)
    dice(state, 2, 0)
    state.actions_left = 3
    act(state, Battle(clearing=5))
    top = state.stack[-1]
    assert isinstance(top, ItemHits) and top.count == 2
    assert set(legal(state)) == {
        PickItem(item="boots", box=READY),
        PickItem(item="sword", box=READY),
        PickItem(item="torch", box=EXHAUSTED),
    }
    act(state, PickItem(item="torch", box=EXHAUSTED))
    act(state, PickItem(item="boots", box=READY))
    v = vagabond_of(state)
    assert v.damaged == ["boots"] and v.damaged_down == ["torch"] and v.ready == ["sword"]


# ---------------------------------------------------------------- 9.2.5.1
def test_tracks_give_refresh_draws_and_the_item_limit() -> None:
    """Law 9.2.5.1, 9.4.1, 9.6.2, 9.6.4: only face-up track items count."""
    state = blank()
    items(state, "tea", "tea", "coins", "bag", exhausted=("tea", "coins"))
    v = vagabond_of(state)
    assert refreshes(v) == 3 + 2 * 2
    assert GAME and core  # imports used
    from boardgames_tui.games.root.faction import FACTIONS

    assert FACTIONS[VAGABOND].evening_draws(state) == 2
    assert item_limit(v) == 6 + 2


# ------------------------------------------------------------- 9.2.9.1
def test_aid_improves_a_relationship_by_the_aids_of_one_turn() -> None:
    """Law 9.2.9.1: one Aid to Friendly (1 point), two in one turn to the
    next (2 points), three to Allied (2 points); aids do not carry over."""
    state = blank(place=5)  # Creek, rabbit
    items(state, *["boots"] * 6)
    put(state, 5, CATS, 1)
    cards = deal(state, VAGABOND, *["rabbit-root-tea", "rabbit-cobbler", "rabbit-cobbler"])
    v = vagabond_of(state)
    act(state, Aid(faction=CATS, card=cards[0], item="boots"))
    assert v.relations[CATS] == 1 and v.vp == 1
    act(state, Aid(faction=CATS, card=cards[1], item="boots"))
    assert v.relations[CATS] == 1 and v.aided[CATS] == 1
    # A new turn: the Aid given does not count toward the next step.
    v.aided.clear()
    act(state, Aid(faction=CATS, card=cards[2], item="boots"))
    assert v.relations[CATS] == 1
    more = deal(state, VAGABOND, "rabbit-smuggler-s-trail")
    act(state, Aid(faction=CATS, card=more[0], item="boots"))
    assert v.relations[CATS] == 2 and v.vp == 3


def test_each_aid_to_an_ally_scores_two() -> None:
    """Law 9.2.9.2.1."""
    state = blank(place=5)
    items(state, "boots")
    put(state, 5, CATS, 1)
    vagabond_of(state).relations[CATS] = ALLIED
    (card,) = deal(state, VAGABOND, "bird-crossbow")  # a bird matches
    act(state, Aid(faction=CATS, card=card, item="boots"))
    assert vagabond_of(state).vp == 2


# ------------------------------------------------------------- 9.2.9.2
def test_he_moves_with_allied_warriors_from_his_origin() -> None:
    """Law 9.2.9.2.2."""
    state = blank(place=5)
    items(state, "boots")
    put(state, 5, CATS, 3)
    vagabond_of(state).relations[CATS] = ALLIED
    assert Walk(clearing=1, ally=CATS, count=3) in legal(state)
    act(state, Walk(clearing=1, ally=CATS, count=2))
    assert core.warriors(state, CATS, 1) == 2 and core.warriors(state, CATS, 5) == 1


def test_he_attacks_with_allied_warriors_and_hits_on_them_can_make_them_hostile() -> None:
    """Law 9.2.9.2.3 and 9.2.9.2.4: their warriors raise his cap; more hits
    taken on them than on his items makes them hostile after the battle;
    never against that same faction."""
    state = blank(factions="marquise,vagabond,duchy", place=5)
    items(state, "sword", "boots")
    put(state, 5, CATS, 2)
    put(state, 5, 1, 3)
    vagabond_of(state).relations[CATS] = ALLIED
    assert Attack(clearing=5, defender=CATS, ally=CATS) not in legal(state)
    dice(state, 3, 2)
    act(state, Attack(clearing=5, defender=1, ally=CATS))
    assert core.warriors(state, 1, 5) == 0  # cap: his sword and two cats
    top = state.stack[-1]
    assert isinstance(top, ItemHits) and AllyTakesHit() in legal(state)
    act(state, AllyTakesHit())
    act(state, AllyTakesHit())
    assert core.warriors(state, CATS, 5) == 0
    assert vagabond_of(state).relations[CATS] == HOSTILE


# ------------------------------------------------------------- 9.2.9.3
def test_removing_a_warrior_makes_a_faction_hostile_buildings_do_not() -> None:
    """Law 9.2.9.3 (and the FAQ: buildings and tokens alone do not)."""
    state = blank(place=5)
    items(state, "crossbow", "crossbow", "boots")
    put(state, 5, CATS, 0, "sawmill")
    act(state, Strike(faction=CATS, piece="sawmill"))
    v = vagabond_of(state)
    assert v.relations[CATS] == INDIFFERENT and v.vp == 1
    put(state, 5, CATS, 1)
    act(state, Strike(faction=CATS))
    assert v.relations[CATS] == HOSTILE and v.vp == 1  # Strike earns no infamy


def test_infamy_in_battle_on_his_turn_but_the_warrior_that_made_them_hostile() -> None:
    """Law 9.2.9.3.1: three warriors removed, the first makes them hostile,
    the other two score a point each; a building removed: 1 + 1."""
    state = blank(place=5)
    items(state, "sword", "sword", "sword", "sword")
    put(state, 5, CATS, 3, "sawmill")
    dice(state, 3, 0)
    act(state, Attack(clearing=5, defender=CATS))
    v = vagabond_of(state)
    assert v.relations[CATS] == HOSTILE
    assert v.points == {"infamy": 2}
    dice(state, 1, 0)
    act(state, Attack(clearing=5, defender=CATS))
    assert v.points == {"infamy": 3, "removing pieces": 1}


def test_moving_into_hostile_warriors_costs_another_boots_slip_does_not() -> None:
    """Law 9.2.9.3.2 and 9.4.2."""
    state = blank(place=5)
    items(state, "boots")
    put(state, 1, CATS, 1)
    vagabond_of(state).relations[CATS] = HOSTILE
    assert Walk(clearing=1) not in legal(state) and Walk(clearing=2) in legal(state)
    items(state, "boots", "boots", "boots")
    act(state, Walk(clearing=1))
    assert vagabond_of(state).exhausted == ["boots", "boots"]
    state.step = "slip"
    vrules.put_pawn(state, 5)
    assert Slip(to=1) in legal(state)


def test_aid_to_a_hostile_faction_takes_items_but_moves_no_marker() -> None:
    """Law 9.2.9.3.3."""
    state = blank(place=5)
    items(state, "tea")
    put(state, 5, CATS, 1)
    v = vagabond_of(state)
    v.relations[CATS] = HOSTILE
    state.player(CATS).items = ["sword", "boots"]
    state.items["sword"] -= 1
    state.items["boots"] -= 1
    (card,) = deal(state, VAGABOND, "rabbit-cobbler")
    act(state, Aid(faction=CATS, card=card, item="tea"))
    assert isinstance(state.stack[-1], TakeCrafted)
    assert legal(state) == [
        PickItem(item="boots", box="crafted"),
        PickItem(item="sword", box="crafted"),
        DONE,
    ]
    act(state, PickItem(item="sword", box="crafted"))
    assert v.relations[CATS] == HOSTILE and v.vp == 0
    assert state.player(CATS).items == ["boots"] and v.ready == ["sword"]
    assert card in state.player(CATS).hand and v.exhausted == ["tea"]


# ------------------------------------------------------------------ 9.4
def test_refresh_turns_up_three_plus_two_per_tea_and_asks_when_more_are_down() -> None:
    state = blank(step="birdsong")
    items(state, "tea", exhausted=("boots", "sword", "torch"), damaged_down=("hammer",))
    state.step = "evening"
    begin(state, "birdsong")
    v = vagabond_of(state)
    # Five turn up (3 + 2 for the tea): all four, without asking.
    assert (
        v.exhausted == []
        and v.damaged == ["hammer"]
        and sorted(v.ready) == ["boots", "sword", "tea", "torch"]
    )
    state = blank(step="birdsong")
    items(state, exhausted=("boots", "sword", "torch", "crossbow"))
    begin(state, "birdsong")
    assert isinstance(state.stack[-1], Refreshing) and state.stack[-1].count == 3
    for item in ("boots", "sword", "torch"):
        act(state, PickItem(item=item, box=EXHAUSTED))
    assert vagabond_of(state).exhausted == ["crossbow"]


def test_slip_goes_to_an_adjacent_clearing_or_forest_for_free() -> None:
    """Law 9.4.2 and the forests' adjacency (Law 2.2's forests: separated
    by a single path)."""
    state = blank(step="slip", place=forest(1))  # between Hill, Quarry, Creek, Beach
    items(state)
    targets = {a.to for a in legal(state) if isinstance(a, Slip)}
    assert targets == {1, 2, 5, 10, forest(2), forest(3)}
    put(state, 9, CATS, 1)  # a Marquise move to stop at in her turn
    act(state, Slip(to=forest(2)))
    assert vagabond_of(state).place == forest(2)
    assert state.step != "slip"  # one Slip: Birdsong is over


def test_forests_adjacent_by_one_path_make_the_nine_pairs_of_the_autumn_map() -> None:
    state = blank()
    pairs = {
        tuple(sorted((f - 12, g - 12)))
        for f in vrules.forests(state)
        for g in vrules.forests_adjacent(state, f)
    }
    assert pairs == {(1, 2), (1, 3), (2, 3), (2, 4), (3, 5), (3, 6), (4, 7), (5, 7), (5, 6)}


# ------------------------------------------------------------------ 9.5.1
def test_he_moves_only_into_clearings_and_from_a_forest_into_one_around_it() -> None:
    state = blank(place=forest(6))  # Weald, Mountain, Waterfall
    items(state, "boots", "boots")
    assert {a.clearing for a in legal(state) if isinstance(a, Walk)} == {3, 6, 11}
    act(state, Walk(clearing=6))
    assert {a.clearing for a in legal(state) if isinstance(a, Walk)} == {2, 3, 11}


def test_he_never_moves_or_slips_into_the_burrow() -> None:
    """Section 5: non-Duchy pieces never enter the Burrow."""
    state = blank(factions="duchy,vagabond", place=5)
    items(state, "boots")
    put(state, 5, 1, 0, "tunnel")
    moves = {a.clearing for a in legal(state) if isinstance(a, Walk)}
    assert 0 not in moves
    state.step = "slip"
    assert 0 not in {a.to for a in legal(state) if isinstance(a, Slip)}


# ------------------------------------------------------------------ 9.5.2
def test_battle_exhausts_a_sword_and_needs_one() -> None:
    state = blank(place=5)
    put(state, 5, CATS, 1)
    items(state, exhausted=("sword",))
    assert not [a for a in legal(state) if isinstance(a, Attack)]
    items(state, "sword")
    dice(state, 0, 0)
    act(state, Attack(clearing=5, defender=CATS))
    assert vagabond_of(state).exhausted == ["sword"]


# ------------------------------------------------------------------ 9.5.3
def test_explore_takes_the_ruins_item_scores_and_removes_the_ruin() -> None:
    state = blank(place=6)  # Mountain, a ruin
    items(state, "torch", "boots")
    free = core.free_slots(state, 6)
    act(state, Explore())
    v = vagabond_of(state)
    assert v.vp == 1 and 6 not in v.ruins and 6 in state.ruins_gone
    assert len(v.ruin_items) == 3 and len(v.ready) == 2 and v.exhausted == ["torch"]
    assert core.free_slots(state, 6) == free + 1
    items(state, "torch")
    assert Explore() not in legal(state)


# ------------------------------------------------------------------ 9.5.4
def test_aid_needs_a_matching_card_and_a_player_with_pieces_there() -> None:
    state = blank(place=5)  # rabbit
    items(state, "boots")
    deal(state, VAGABOND, "fox-anvil")
    put(state, 5, CATS, 1)
    assert not [a for a in legal(state) if isinstance(a, Aid)]
    (card,) = deal(state, VAGABOND, "rabbit-cobbler")
    assert [a for a in legal(state) if isinstance(a, Aid)] == [
        Aid(faction=CATS, card=card, item="boots")
    ]
    state.clearings[5].set_warriors(CATS, 0)
    assert not [a for a in legal(state) if isinstance(a, Aid)]


def test_a_card_given_by_aid_is_seen_by_him_alone() -> None:
    state = blank(factions="marquise,vagabond,duchy", place=5)
    items(state, "boots")
    put(state, 5, CATS, 1)
    (card,) = deal(state, VAGABOND, "rabbit-cobbler")
    act(state, Aid(faction=CATS, card=card, item="boots"))
    cats = state.player(CATS)
    assert cats.seen_by == {VAGABOND: [card]} and card not in cats.known
    duchy_view = GAME.view(state, state.seat(1)).player(CATS)
    mine = GAME.view(state, state.seat(VAGABOND)).player(CATS)
    assert card not in duchy_view.hand and card in mine.hand


# ------------------------------------------------------------------ 9.5.5
def test_quest_exhausts_its_items_replaces_it_and_scores_or_draws() -> None:
    state = blank(place=5)  # rabbit
    v = vagabond_of(state)
    rabbit = [i for i, q in enumerate(board().quests) if q.suit == "rabbit"]
    v.quest_deck = sorted(set(v.quest_deck) | set(v.quests))
    v.quests = rabbit[:3]
    for q in v.quests:
        v.quest_deck.remove(q)
    first = v.quests[0]
    items(state, *quest(first).items, *quest(v.quests[1]).items, "boots", "boots")
    act(state, Quest(quest=first, reward="vp"))
    assert first in v.done_quests and first not in v.quests and len(v.quests) == 3
    assert v.vp == 1 and Counter(v.exhausted) == Counter(quest(first).items)
    second = rabbit[1]
    hand = len(v.hand)
    act(state, Quest(quest=second, reward="cards"))
    assert len(v.hand) == hand + 2 and v.vp == 1
    v.done_quests.append(rabbit[2])
    v.quests[0] = rabbit[3]
    items(state, *quest(rabbit[3]).items, "boots", "boots")
    act(state, Quest(quest=rabbit[3], reward="vp"))
    assert v.vp == 1 + 4  # the fourth rabbit quest done


def test_a_quest_of_another_suit_or_without_its_items_is_not_offered() -> None:
    state = blank(place=1)  # fox
    v = vagabond_of(state)
    items(state, "torch", "sword", "crossbow", "tea", "coins", "boots", "bag", "hammer")
    offered = {a.quest for a in legal(state) if isinstance(a, Quest)}
    assert offered == {q for q in v.quests if quest(q).suit == "fox"}
    items(state)
    assert not [a for a in legal(state) if isinstance(a, Quest)]


# ------------------------------------------------------------------ 9.5.6
def test_strike_removes_a_warrior_first_then_another_piece() -> None:
    state = blank(place=5)
    items(state, "crossbow")
    put(state, 5, CATS, 1, "sawmill")
    assert [a for a in legal(state) if isinstance(a, Strike)] == [Strike(faction=CATS)]
    act(state, Strike(faction=CATS))
    assert core.warriors(state, CATS, 5) == 0 and vagabond_of(state).exhausted == ["crossbow"]


# ------------------------------------------------------------------ 9.5.7
def test_repair_exhausts_a_hammer_and_keeps_the_items_face() -> None:
    state = blank()
    items(state, "hammer", "boots", damaged=("tea",), damaged_down=("boots",))
    act(state, Repair(item="boots", box=DAMAGED_DOWN))
    v = vagabond_of(state)
    assert v.exhausted == ["boots", "hammer"] and v.damaged == ["tea"]
    items(state, "hammer", "boots", damaged=("tea",))
    act(state, Repair(item="tea", box=DAMAGED))
    assert v.ready == ["boots", "tea"]


# ------------------------------------------------------------------ 9.5.9
def test_the_thief_steals_a_random_card_from_a_player_in_his_clearing() -> None:
    state = blank(place=5)
    items(state, "torch", "boots")
    put(state, 5, CATS, 1)
    (card,) = deal(state, CATS, "fox-anvil")
    act(state, Steal(faction=CATS))
    v = vagabond_of(state)
    assert v.hand == [card] and state.player(CATS).hand == [] and v.exhausted == ["torch"]


def test_the_tinker_takes_a_matching_card_from_the_discard_pile() -> None:
    state = blank(place=5, character="tinker")
    items(state, "torch", "boots")
    fox, rabbit, bird = (
        deal(state, CATS, d)[0] for d in ("fox-anvil", "rabbit-cobbler", "bird-crossbow")
    )
    state.player(CATS).hand.clear()
    state.discard = [fox, rabbit, bird]
    assert {a.card for a in legal(state) if isinstance(a, DayLabor)} == {rabbit, bird}
    act(state, DayLabor(card=rabbit))
    assert vagabond_of(state).hand == [rabbit] and state.discard == [fox, bird]


def test_the_rangers_hideout_repairs_three_and_ends_daylight() -> None:
    state = blank(character="ranger")
    put(state, 1, CATS, 2)
    items(state, "torch", "boots", damaged=("sword", "tea"), damaged_down=("hammer", "crossbow"))
    act(state, Hideout())
    for item, box in (("sword", DAMAGED), ("tea", DAMAGED), ("hammer", DAMAGED_DOWN)):
        act(state, PickItem(item=item, box=box))
    v = vagabond_of(state)
    assert v.damaged_down == ["crossbow"] and "sword" in v.ready and "hammer" in v.exhausted
    assert state.turn == CATS  # his Daylight ended, then his Evening


def test_special_actions_need_a_torch() -> None:
    state = blank(character="ranger")
    items(state, exhausted=("torch",))
    assert Hideout() not in legal(state)


# ------------------------------------------------------------------- 9.6
def test_evenings_rest_in_a_forest_repairs_everything_face_up() -> None:
    state = blank(place=forest(2), step="evening_start")
    items(state, damaged=("sword",), damaged_down=("boots",))
    begin(state, "rest")
    v = vagabond_of(state)
    assert v.ready == ["boots", "sword"] and not v.damaged and not v.damaged_down
    state = blank(place=5, step="evening_start")
    items(state, damaged=("sword",))
    begin(state, "rest")
    assert vagabond_of(state).damaged == ["sword"]


def test_the_item_limit_removes_items_of_his_choice_from_the_game() -> None:
    """Law 9.6.4: eight items in the Satchel, no bag on its track: two go."""
    state = blank(place=5, step="evening_start")
    items(
        state,
        "boots",
        "boots",
        "sword",
        "sword",
        "torch",
        "hammer",
        "crossbow",
        "tea",
        "tea",
        "tea",
    )
    # Three teas on their track do not count: seven in the Satchel.
    begin(state, "rest")
    top = state.stack[-1]
    assert isinstance(top, ItemLimit) and top.count == 1
    assert PickItem(item="tea", box=READY) not in legal(state)
    act(state, PickItem(item="crossbow", box=READY))
    assert vagabond_of(state).removed == ["crossbow"] and not state.stack


def test_done_ends_daylight() -> None:
    state = blank()
    items(state)
    assert legal(state)[-1] == DONE and isinstance(legal(state)[-1], Done)
    done(state)
    assert state.step != "wander"


def test_an_illegal_vagabond_action_is_refused_and_changes_nothing() -> None:
    state = blank(place=5)
    items(state)
    before = repr(state)
    with pytest.raises(IllegalAction):
        GAME.apply(state, Explore())
    assert repr(state) == before


def test_the_advice_says_what_a_move_did_for_him() -> None:
    """His words in the advice: a ruin explored, a relationship improved."""
    from boardgames_tui.engine.game import copy_state
    from boardgames_tui.games.root.faction import FACTIONS

    state = blank(place=6)
    items(state, "torch", "boots", "tea")
    put(state, 6, CATS, 1)
    (card,) = deal(state, VAGABOND, "fox-anvil")
    before = copy_state(state)
    act(state, Explore())
    act(state, Aid(faction=CATS, card=card, item="tea"))
    seat = state.seat(VAGABOND)
    words = FACTIONS[VAGABOND].reasons(before, state, seat)
    assert words == ["explores a ruin", "the Marquise: friendly"]


def test_an_ambush_never_ends_his_battle_his_pawn_remains() -> None:
    """Law 4.3.1.2: "If no attacking warriors or pawns remain, end the
    battle immediately": his pawn always remains, whatever the ambush
    damaged."""
    from boardgames_tui.games.root.actions import PlayAmbush

    state = blank(place=5)
    items(state, "sword", "sword", "boots", "torch")
    put(state, 5, CATS, 2)
    (ambush,) = deal(state, CATS, "bird-ambush")
    dice(state, 1, 0)
    act(state, Attack(clearing=5, defender=CATS))
    act(state, PlayAmbush(card=ambush))
    # Two hits, his choice: the boots and the sword he battled with.
    act(state, PickItem(item="boots", box=READY))
    act(state, PickItem(item="sword", box=EXHAUSTED))
    # The battle went on to the roll: his one undamaged sword dealt a hit.
    assert core.warriors(state, CATS, 5) == 1
    assert pawn_at(state, 5) and vagabond_of(state).damaged_down == ["sword"]
