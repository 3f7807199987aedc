"""The Eyrie Dynasties (Law 7), a test per paragraph from a hand-built
position: setup, the faction's abilities (crafting with roosts, Lords of the
Forest, Disdain for Trade), Birdsong (Emergency Orders, Add to the Decree, A
New Roost), the Roosts track and Evening, and how the Eyrie meet the
Marquise and the Duchy (the keep, Field Hospitals, ambushes, the Price of
Failure, favors, the view).  The Decree, Turmoil and the leaders are in
``test_root_eyrie_decree.py``."""

from __future__ import annotations

from boardgames_tui.games.root import GAME, core
from boardgames_tui.games.root.actions import (
    DONE,
    Battle,
    ChooseCorner,
    Craft,
    Decline,
    Move,
    PlayAmbush,
    UseEffect,
)
from boardgames_tui.games.root.faction import FACTIONS
from boardgames_tui.games.root.factions.duchy import DUCHY
from boardgames_tui.games.root.factions.eyrie import EYRIE, LEADERS, VIZIER, Eyrie
from boardgames_tui.games.root.factions.eyrie.actions import (
    AddToDecree,
    ChooseLeader,
    DecreeRecruit,
    PlaceRoost,
    Turmoil,
)
from boardgames_tui.games.root.factions.eyrie.decree import (
    ROOST_DRAWS,
    ROOST_POINTS,
    can_be_done,
    column_cards,
)
from boardgames_tui.games.root.factions.marquise import CATS
from boardgames_tui.games.root.factions.marquise.actions import (
    BuildCats,
    ChooseKeep,
    Hospital,
    PlaceStart,
)
from tests.games.root.pieces import CLEARINGS, duchy_of, eyrie_of, marquise_of, tunnel_in
from tests.games.root.tables import begin, deal, legal, put, table

from .eyrie_helpers import blank, decree
from .helpers import act, card_ids, dice


# ------------------------------------------------------------------ 7.3 setup
def test_setup_opposite_the_keep_a_roost_six_warriors_then_a_leader_and_viziers() -> None:
    """7.3.2: "Place 1 roost and 6 warriors in a corner clearing that is not
    the starting corner clearing of another player and, if possible, is
    diagonally opposite from a starting corner clearing."  7.3.3-7.3.5: a
    leader, the others face up, the viziers in its columns, 6 roosts left."""
    state = table("marquise,eyrie")
    act(state, ChooseKeep(clearing=1))
    while state.setting_up == CATS:
        first = legal(state)[0]
        assert isinstance(first, PlaceStart)
        act(state, first)
    eyrie = eyrie_of(state)
    assert state.setting_up == EYRIE and state.step == "eyrie_leader"
    assert state.clearings[3].buildings == ["roost"] and core.warriors(state, EYRIE, 3) == 6
    assert eyrie.warriors == 14 and eyrie.roosts == 6 and eyrie.corner == 3
    assert legal(state) == [ChooseLeader(leader=x) for x in LEADERS]
    act(state, ChooseLeader(leader="despot"))
    assert eyrie.leader == "despot" and eyrie.leaders == ["builder", "charismatic", "commander"]
    assert [column_cards(eyrie, i) for i in range(4)] == [[], [VIZIER], [], [VIZIER]]
    assert state.setting_up == -1 and state.turn_number == 1


def test_with_no_starting_corner_the_eyrie_choose_theirs_and_the_duchy_takes_the_opposite() -> None:
    """Setup letter B before the Duchy's H: no corner is taken yet, so the
    Eyrie choose any; the Duchy then takes the one diagonally opposite."""
    state = table("duchy,eyrie")
    assert state.setting_up == EYRIE and state.step == "eyrie_corner"
    assert legal(state) == [ChooseCorner(clearing=c) for c in (1, 2, 3, 4)]
    act(state, ChooseCorner(clearing=2))
    act(state, ChooseLeader(leader="builder"))
    assert state.clearings[2].buildings == ["roost"]
    assert tunnel_in(state.clearings[4]) and core.warriors(state, DUCHY, 4) == 2


def test_three_factions_the_eyrie_take_the_corner_opposite_the_keep() -> None:
    state = table("duchy,marquise,eyrie")
    act(state, ChooseKeep(clearing=2))
    while state.setting_up == CATS:
        act(state, legal(state)[0])
    assert state.clearings[4].buildings == ["roost"]
    act(state, ChooseLeader(leader="charismatic"))
    assert state.setting_up == DUCHY
    assert legal(state) == [ChooseCorner(clearing=1), ChooseCorner(clearing=3)]


# ---------------------------------------------------------------- 7.2 abilities
def test_crafting_with_roosts() -> None:
    """7.2.1 / 7.5.1: the Eyrie craft by activating roosts, once each."""
    state = blank()
    put(state, 1, EYRIE, 1, "roost")  # Hill, fox
    (anvil, steel) = deal(state, EYRIE, "fox-anvil", "fox-foxfolk-steel")
    assert Craft(card=anvil, using=("fox",)) in legal(state)
    assert not any(isinstance(a, Craft) and a.card == steel for a in legal(state))  # needs two


def test_lords_of_the_forest_rule_ties_where_the_eyrie_have_a_piece() -> None:
    """7.2.2: "The Eyrie rule a clearing when tied for most combined
    warriors and buildings there, and they have at least one Eyrie piece
    there."""
    state = blank("marquise,eyrie,duchy")
    put(state, 5, CATS, 1)
    put(state, 5, EYRIE, 1)
    assert core.ruler(state, 5) == EYRIE
    put(state, 6, CATS, 1, "sawmill")
    put(state, 6, EYRIE, 1, "roost")
    assert core.ruler(state, 6) == EYRIE
    put(state, 6, DUCHY, 3)
    assert core.ruler(state, 6) == DUCHY
    put(state, 7, CATS, 1)
    put(state, 7, DUCHY, 1)
    assert core.ruler(state, 7) is None


def test_disdain_for_trade_an_item_scores_one_but_the_builder_scores_it_in_full() -> None:
    """7.2.3: "Whenever the Eyrie craft an item, they ignore the listed
    victory points and instead score only one victory point."  7.8.1: the
    Builder ignores Disdain for Trade."""
    for leader, points in (("commander", 1), ("builder", 2)):
        state = blank(leader=leader)
        put(state, 1, EYRIE, 1, "roost")
        (anvil,) = deal(state, EYRIE, "fox-anvil")  # an item listing 2 points
        act(state, Craft(card=anvil, using=("fox",)))
        assert eyrie_of(state).items == ["hammer"]
        assert eyrie_of(state).points == {"crafting": points}


# ---------------------------------------------------------------- 7.4 Birdsong
def test_emergency_orders_draw_a_card_with_an_empty_hand() -> None:
    """7.4.1: "If you have no cards in your hand, draw one card."."""
    state = blank(step="birdsong")
    put(state, 1, EYRIE, 1, "roost")
    begin(state, "birdsong")
    assert len(eyrie_of(state).hand) == 1
    state = blank(step="birdsong")
    put(state, 1, EYRIE, 1, "roost")
    deal(state, EYRIE, "fox-anvil")
    begin(state, "birdsong")
    assert len(eyrie_of(state).hand) == 1


def test_add_to_the_decree_one_or_two_cards_at_most_one_bird() -> None:
    """7.4.2: "You must add one or two cards to the Decree, but only one card
    added may be a bird card.  You may play each card to any column"."""
    state = blank(step="birdsong")
    put(state, 1, EYRIE, 1, "roost")
    crossbow, sappers, anvil = deal(state, EYRIE, "bird-crossbow", "bird-sappers", "fox-anvil")
    begin(state, "add_to_decree")
    first = legal(state)
    assert DONE not in first  # at least one card
    assert len(first) == 3 * 4 and AddToDecree(card=sappers, column=3) in first
    act(state, AddToDecree(card=crossbow, column=2))
    second = legal(state)
    assert DONE in second and AddToDecree(card=anvil, column=0) in second
    assert not any(isinstance(a, AddToDecree) and a.card == sappers for a in second)
    act(state, AddToDecree(card=anvil, column=2))
    eyrie = eyrie_of(state)
    assert eyrie.decree == [[], [], [crossbow, anvil], []] and eyrie.hand == [sappers]
    assert state.step != "add_to_decree"


def test_add_to_the_decree_a_single_card_then_done() -> None:
    state = blank(step="birdsong")
    put(state, 1, EYRIE, 1, "roost")
    anvil, steel = deal(state, EYRIE, "fox-anvil", "fox-foxfolk-steel")
    begin(state, "add_to_decree")
    act(state, AddToDecree(card=anvil, column=1))
    act(state, DONE)
    assert eyrie_of(state).decree[1] == [anvil] and eyrie_of(state).hand == [steel]


def test_a_new_roost_in_the_clearing_with_fewest_warriors_never_the_keep() -> None:
    """7.4.3: "If you have no roosts on the map, place a roost and three
    warriors in a clearing with the fewest warriors where all those pieces
    can be placed."  The keep's clearing (6.2.1) cannot take them."""
    state = blank(step="birdsong")
    put(state, 1, CATS, 0, "keep")
    for n in CLEARINGS:
        if n not in (1, 7):
            put(state, n, CATS, 1)
    put(state, 12, EYRIE, 2)
    begin(state, "new_roost")
    assert state.clearings[7].buildings == ["roost"] and core.warriors(state, EYRIE, 7) == 3
    assert eyrie_of(state).roosts == 6 and eyrie_of(state).warriors == 15


def test_a_new_roost_where_clearings_tie_the_eyrie_choose_and_place_what_warriors_they_have() -> (
    None
):
    """A tie for fewest warriors is the Eyrie's choice; with two warriors
    left they place the two (Law 1.5.4: "the maximum number possible")."""
    state = blank(step="birdsong")
    for n in CLEARINGS:
        if n not in (5, 8):
            put(state, n, CATS, 2)
    put(state, 8, CATS, 0, "sawmill", "workshop")  # Meadow's two slots are full
    put(state, 9, EYRIE, 0)
    eyrie_of(state).warriors = 2
    put(state, 2, CATS, 0, "recruiter")
    state.clearings[2].warriors.pop(CATS)  # Quarry: no warriors, one slot free
    marquise_of(state).warriors += 2
    begin(state, "new_roost")
    assert state.stack[-1].kind == "roost_site"
    assert legal(state) == [PlaceRoost(clearing=2), PlaceRoost(clearing=5)]
    act(state, PlaceRoost(clearing=5))
    assert state.clearings[5].buildings == ["roost"] and core.warriors(state, EYRIE, 5) == 2
    assert eyrie_of(state).warriors == 0


def test_no_new_roost_while_one_is_on_the_map() -> None:
    state = blank(step="birdsong")
    put(state, 3, EYRIE, 0, "roost")
    begin(state, "new_roost")
    assert core.on_map(state, "roost") == 1 and eyrie_of(state).warriors == 20


# ----------------------------------------------------------- 7.5.2 the Decree
# ------------------------------------------------------------- 7.6 Evening
def test_the_roosts_track_scores_and_draws_in_evening() -> None:
    """7.6.1: "Score the victory points listed on the rightmost empty space
    of your Roosts track."  7.6.2: one card plus the draw bonuses."""
    assert ROOST_POINTS == (0, 0, 1, 2, 3, 4, 4, 5)
    assert ROOST_DRAWS == (1, 1, 1, 2, 2, 2, 3, 3)
    for roosts, points, cards in ((1, 0, 1), (3, 2, 2), (6, 4, 3), (7, 5, 3)):
        state = blank(leader="builder")
        for n in (1, 2, 3, 4, 5, 7, 8)[:roosts]:
            put(state, n, EYRIE, 0, "roost")
        eyrie = eyrie_of(state)
        eyrie.leader = "despot"  # viziers: Move and Build, with nothing to move
        eyrie.decree = [[], [], [], []]
        eyrie.column = 4
        state.step = "resolve"
        begin(state, "evening_start")
        assert eyrie.vp == points and len(eyrie.hand) == cards


def test_a_full_turn_birdsong_to_evening() -> None:
    """Emergency Orders, a card to the Decree, crafting, the Decree, Evening."""
    state = blank(step="birdsong", leader="builder")  # viziers: Recruit and Move
    put(state, 1, EYRIE, 2, "roost")
    put(state, 5, EYRIE, 0, "roost")
    state.draw_pile.sort(key=lambda c: c in card_ids("fox-anvil", 2))  # drawn first
    begin(state, "birdsong")
    eyrie = eyrie_of(state)
    (card,) = eyrie.hand
    assert card in card_ids("fox-anvil", 2)
    act(state, AddToDecree(card=card, column=3))
    assert state.step == "resolve" and eyrie.column == 0  # no craft possible
    act(state, DecreeRecruit(clearing=5))
    act(state, Move(origin=1, to=10, count=2))
    assert legal(state) == [Turmoil(card=card)]  # Hill has the roost already
    act(state, Turmoil(card=card))
    assert eyrie.deposed == ["builder"] and state.stack[-1].kind == "choose_leader"
    act(state, ChooseLeader(leader="despot"))
    assert eyrie.points == {"roosts": 1}  # two roosts, in Evening


# --------------------------------------------------- the others meet the Eyrie
def test_field_hospitals_and_the_ambush_when_the_eyrie_attack_the_marquise() -> None:
    state = blank(leader="builder")
    put(state, 2, CATS, 0, "keep")
    put(state, 5, CATS, 2)
    put(state, 5, EYRIE, 3)
    (ambush, card) = deal(state, CATS, "rabbit-ambush", "rabbit-bake-sale")
    state.clearings[5].warriors[EYRIE] = 3
    eyrie = eyrie_of(state)
    eyrie.leader = "charismatic"  # viziers: Recruit (no roost: turmoil) and Battle
    eyrie.column, eyrie.todo, state.step = 2, [VIZIER], "resolve"
    dice(state, 3, 0)
    act(state, Battle(clearing=5))
    assert state.stack[-1].kind == "ambush" and GAME.to_act(state) == state.seat(CATS)
    act(state, PlayAmbush(card=ambush))
    assert core.warriors(state, EYRIE, 5) == 1
    assert state.stack[-1].kind == "hospital"
    act(state, Hospital(card=card))
    # The Eyrie's one warrior left dealt one hit: it goes to the keep.
    assert core.warriors(state, CATS, 2) == 1 and core.warriors(state, CATS, 5) == 1


def test_the_price_of_failure_when_the_eyrie_remove_a_duchy_building() -> None:
    state = blank("duchy,eyrie", leader="commander")
    put(state, 7, DUCHY, 0, "citadel")
    put(state, 7, EYRIE, 2)
    duchy = duchy_of(state)
    duchy.unswayed.remove("Captain")
    duchy.swayed.append("Captain")
    eyrie = eyrie_of(state)
    eyrie.column, eyrie.todo, state.step = 2, [VIZIER], "resolve"
    dice(state, 1, 0)
    act(state, Battle(clearing=7))
    assert "Captain" in duchy.unswayed and duchy.retired == ["squire"]
    assert eyrie.points == {"removing pieces": 1}


def test_the_decree_is_public_the_hand_is_not() -> None:
    state = blank("marquise,eyrie,duchy", leader="commander")
    (kept,) = deal(state, EYRIE, "fox-anvil")
    (shown,) = decree(state, 2, "mouse-sword")
    for seat in range(3):
        view = GAME.view(state, seat)
        seen = view.player(EYRIE)
        assert isinstance(seen, Eyrie)
        assert seen.decree[2] == [shown] and seen.leader == "commander"
        if seat != state.seat(EYRIE):
            assert kept not in seen.hand
    assert shown in FACTIONS[EYRIE].public_cards(state)


def test_a_decline_is_asked_whatever_the_eyrie_hold() -> None:
    """The Marquise attacks the Eyrie, whose hand is hidden: the ambush is
    asked whenever it holds a card (a refusal shows nothing)."""
    state = blank(leader="commander")
    state.turn, state.step, state.actions_left = CATS, "actions", 3
    put(state, 5, EYRIE, 1)
    put(state, 5, CATS, 2)
    deal(state, EYRIE, "fox-anvil")
    act(state, Battle(clearing=5))
    assert state.stack[-1].kind == "ambush" and Decline() in legal(state)


def test_the_eyrie_defend_with_an_ambush() -> None:
    """The Eyrie as defender (Law 4.3.1): the ambush is theirs to play."""
    state = blank(leader="commander")
    state.turn, state.step, state.actions_left = CATS, "actions", 3
    put(state, 5, EYRIE, 2, "roost")
    put(state, 5, CATS, 3)
    (ambush,) = deal(state, EYRIE, "rabbit-ambush")
    dice(state, 2, 1)
    act(state, Battle(clearing=5))
    assert GAME.to_act(state) == state.seat(EYRIE)
    act(state, PlayAmbush(card=ambush))
    # Two hits from the ambush, then 1 rolled hit each way (the Commander's
    # extra hit is for attacking only).
    assert core.warriors(state, CATS, 5) == 0 and core.warriors(state, EYRIE, 5) == 1
    assert state.clearings[5].buildings == ["roost"] and ambush in state.discard


def test_lords_of_the_forest_keep_the_marquise_from_building_in_a_tie() -> None:
    """Facts, section 5: a tie the Eyrie rule is no clearing of the Marquise's
    for her Build; the Eyrie may move out of it."""
    state = blank(leader="commander")
    state.turn, state.step, state.actions_left = CATS, "actions", 3
    put(state, 5, CATS, 1)
    put(state, 5, EYRIE, 1)
    put(state, 10, CATS, 1)
    builds = {a.clearing for a in legal(state) if isinstance(a, BuildCats)}
    assert 10 in builds and 5 not in builds
    assert Move(origin=5, to=1, count=1) in core.moves(state, EYRIE)
    assert Move(origin=5, to=1, count=1) not in core.moves(state, CATS)


def test_a_favor_removes_roosts_and_scores_each() -> None:
    state = blank(leader="commander")
    put(state, 5, EYRIE, 2, "roost")
    put(state, 10, EYRIE, 0, "roost")
    put(state, 1, EYRIE, 1, "roost")  # fox: untouched
    core.favor(state, CATS, "rabbit")
    assert core.on_map(state, "roost") == 1 and eyrie_of(state).roosts == 6
    assert marquise_of(state).points == {"removing pieces": 2}
    assert core.warriors(state, EYRIE, 5) == 0 and eyrie_of(state).warriors == 19


def test_whether_a_decree_card_can_be_done_is_asked_per_column() -> None:
    """For the screen and the bots: each column's cards, can they be done now."""
    state = blank(leader="commander")
    put(state, 5, EYRIE, 1, "roost")  # Creek, rabbit
    put(state, 1, CATS, 1)  # Hill, fox
    (fox,) = deal(state, EYRIE, "fox-anvil")
    (rabbit,) = deal(state, EYRIE, "rabbit-bake-sale")
    assert can_be_done(state, 0, rabbit) and not can_be_done(state, 0, fox)
    assert can_be_done(state, 1, rabbit) and not can_be_done(state, 1, fox)
    assert can_be_done(state, 1, VIZIER)
    assert not can_be_done(state, 2, VIZIER)  # no enemy beside an Eyrie warrior
    assert not can_be_done(state, 3, rabbit)  # Creek has its roost


def test_emergency_orders_come_after_better_burrow_banks_draw() -> None:
    """Better Burrow Bank acts "at start of Birdsong", before Birdsong's
    first step (7.4.1): with three at the table its target is asked first,
    and the card it draws leaves the hand no longer empty."""
    state = blank("marquise,eyrie,duchy", step="birdsong")
    put(state, 1, EYRIE, 1, "roost")
    (bank,) = deal(state, EYRIE, "rabbit-better-burrow-bank")
    eyrie_of(state).hand.remove(bank)
    eyrie_of(state).crafted.append(bank)
    begin(state, "birdsong")
    assert state.stack[-1].kind == "bank_target" and eyrie_of(state).hand == []
    act(state, UseEffect(effect="better_burrow_bank", target=DUCHY))
    assert len(eyrie_of(state).hand) == 1  # the bank's card, and no emergency draw
    assert len(duchy_of(state).hand) == 1
    # With the hand empty and no bank, Emergency Orders draw at once.
    state = blank("marquise,eyrie,duchy", step="birdsong")
    put(state, 1, EYRIE, 1, "roost")
    begin(state, "birdsong")
    assert len(eyrie_of(state).hand) == 1 and state.stack[-1].kind == "decree_card"
