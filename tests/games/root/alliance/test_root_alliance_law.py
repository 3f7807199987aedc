"""The Woodland Alliance, paragraph by paragraph of the Law (chapter 8):
setup, Guerrilla War, the Supporters stack, removing bases, sympathy,
Revolt, Spread Sympathy with Martial Law, Craft, Mobilize, Train, Military
Operations and the Evening draw."""

from __future__ import annotations

from boardgames_tui.games.root import GAME, core
from boardgames_tui.games.root.actions import DONE, Battle, Craft, Decline, Discard, Move
from boardgames_tui.games.root.factions.alliance import (
    ALLIANCE,
    SYMPATHY,
    TRACK_COST,
    TRACK_VP,
)
from boardgames_tui.games.root.factions.alliance.actions import (
    DiscardSupporter,
    Mobilize,
    Organize,
    RecruitAtBase,
    Revolt,
    SpreadSympathy,
    Train,
)
from boardgames_tui.games.root.factions.duchy import DUCHY
from boardgames_tui.games.root.factions.marquise import CATS
from boardgames_tui.games.root.model import card_of
from tests.games.root.helpers import act, dice, done
from tests.games.root.pieces import alliance_of, duchy_of
from tests.games.root.tables import deal, legal, put, table

from .helpers import base, blank, officers, supporters, sympathy


# ------------------------------------------------------------------- 8.3
def test_setup_ten_warriors_three_bases_ten_sympathy_three_supporters() -> None:
    """8.3.1-8.3.4: a supply of 10 warriors, the 3 bases on the board, the
    10 sympathy tokens on the track, 3 cards face down on the stack; nothing
    on the map."""
    state = table("alliance,marquise", seed=4)
    while state.setting_up >= 0:  # the Marquise choose where her keep goes
        act(state, legal(state)[0])
    alliance = alliance_of(state)
    assert alliance.warriors == 10 and alliance.officers == 0
    assert alliance.sympathy == 10
    assert len(alliance.supporters) == 3 and len(alliance.hand) == 3
    assert not set(alliance.supporters) & set(alliance.hand)
    for n in state.woodland.numbers:
        assert not core.has_pieces(state, ALLIANCE, n)
    assert core.on_map(state, "fox base") == 0


# ------------------------------------------------------------------ 8.2.2
def test_guerrilla_war_the_alliance_defending_deals_the_higher_roll() -> None:
    """8.2.2: as defender the Alliance deal the higher roll, the attacker the
    lower; attacking, the usual way round."""
    state = blank(turn=CATS, step="actions")
    state.actions_left = 3
    put(state, 5, CATS, 3)
    put(state, 5, ALLIANCE, 3)
    dice(state, 3, 1)
    act(state, Battle(clearing=5))
    while state.battle is not None:
        act(state, legal(state)[-1])  # no ambush (none held)
    assert core.warriors(state, CATS, 5) == 0  # 3 hits from the Alliance
    assert core.warriors(state, ALLIANCE, 5) == 2  # 1 hit from the Marquise


def test_guerrilla_war_attacking_the_alliance_deal_the_higher_roll_as_usual() -> None:
    state = blank(step="operations")
    officers(state, 1)
    state.actions_left = 1
    put(state, 5, CATS, 3)
    put(state, 5, ALLIANCE, 3)
    dice(state, 3, 1)
    act(state, Battle(clearing=5))
    while state.battle is not None:
        act(state, legal(state)[-1])
    assert core.warriors(state, CATS, 5) == 0
    assert core.warriors(state, ALLIANCE, 5) == 2


# ------------------------------------------------------------------ 8.2.3
def test_supporters_are_spent_only_for_their_suit_birds_wild_suited_first() -> None:
    """8.2.3 with 2.1.1: a fox clearing takes fox supporters or birds, never
    rabbit ones; the suited card goes before the bird."""
    state = blank(step="spread_sympathy")
    supporters(state, "rabbit-cobbler", "rabbit-root-tea")
    assert SpreadSympathy(clearing=1) not in legal(state)  # Hill is fox
    assert SpreadSympathy(clearing=5) in legal(state)  # Creek is rabbit
    (bird,) = supporters(state, "bird-crossbow")
    (fox,) = supporters(state, "fox-anvil")
    act(state, SpreadSympathy(clearing=1))
    alliance = alliance_of(state)
    assert fox not in alliance.supporters and bird in alliance.supporters
    assert fox in state.discard


def test_supporters_do_not_count_against_the_hand() -> None:
    """8.2.3: five cards in hand and five supporters: no discard in Evening."""
    state = blank(step="operations")
    deal(state, ALLIANCE, "fox-anvil", "fox-root-tea", "mouse-sword", "rabbit-bake-sale")
    supporters(state, "fox-tax-collector", "fox-tax-collector", "mouse-codebreakers")
    supporters(state, "rabbit-cobbler", "bird-crossbow")
    done(state)  # End Military Operations: the draw
    assert len(alliance_of(state).hand) == 5
    assert not any(isinstance(a, Discard) for a in legal(state))
    assert len(alliance_of(state).supporters) == 5


def test_the_stack_holds_five_without_a_base_and_the_card_gained_is_discarded() -> None:
    """8.2.3.I: with no base, a sixth supporter is discarded; with a base the
    stack has no limit."""
    state = blank(step="alliance_daylight")
    supporters(state, *["fox-tax-collector"] * 3, "mouse-codebreakers", "rabbit-cobbler")
    (card, _) = deal(state, ALLIANCE, "fox-anvil", "bird-sappers")  # the second keeps Daylight open
    act(state, Mobilize(card=card))
    assert len(alliance_of(state).supporters) == 5 and card in state.discard
    base(state, 1)
    (card, _) = deal(state, ALLIANCE, "fox-root-tea", "bird-armorers")
    act(state, Mobilize(card=card))
    assert len(alliance_of(state).supporters) == 6 and card in alliance_of(state).supporters


# ------------------------------------------------------------------ 8.2.4
def test_removing_a_base_discards_its_suit_and_birds_and_half_the_officers() -> None:
    """8.2.4: a removed base takes its suit's supporters and the birds, and
    half the officers, rounded up; with another base on the map the stack
    keeps the rest, however many."""
    state = blank(turn=CATS, step="actions")
    state.actions_left = 3
    base(state, 1)
    base(state, 5, 1)
    officers(state, 3)
    fox = supporters(state, "fox-anvil", "fox-root-tea")
    bird = supporters(state, "bird-crossbow")
    rest = supporters(state, *["rabbit-cobbler"] * 2, "mouse-sword", "mouse-codebreakers")
    rest += supporters(state, "mouse-travel-gear", "rabbit-bake-sale")
    put(state, 1, CATS, 2)
    dice(state, 2, 0)
    act(state, Battle(clearing=1))
    while state.battle is not None:
        act(state, legal(state)[-1])
    alliance = alliance_of(state)
    assert core.on_map(state, "fox base") == 0
    assert sorted(alliance.supporters) == sorted(rest)
    assert set(fox + bird) <= set(state.discard)
    assert alliance.officers == 1  # 3 - ceil(3 / 2)
    assert alliance.warriors == 10 - 1 - 1  # the Creek warrior and the officer left
    assert core.ruler(state, 1) == CATS


def test_the_last_base_removed_cuts_the_stack_to_five_by_the_alliances_choice() -> None:
    """8.2.4: no base left and more than five supporters: discard down to
    five, the Alliance choosing."""
    state = blank(turn=CATS, step="actions")
    state.actions_left = 3
    base(state, 1)
    officers(state, 2)
    keep = supporters(state, *["rabbit-cobbler"] * 2, "mouse-sword", "mouse-codebreakers")
    keep += supporters(state, "mouse-travel-gear", "rabbit-bake-sale", "mouse-root-tea")
    put(state, 1, CATS, 2)
    dice(state, 2, 0)
    act(state, Battle(clearing=1))
    while state.battle is not None and GAME.to_act(state) == state.seat(CATS):
        act(state, legal(state)[-1])
    assert GAME.to_act(state) == state.seat(ALLIANCE)
    options = legal(state)
    assert all(isinstance(a, DiscardSupporter) for a in options)
    assert alliance_of(state).officers == 1
    act(state, DiscardSupporter(card=keep[0]))
    act(state, DiscardSupporter(card=keep[2]))
    assert len(alliance_of(state).supporters) == 5
    assert keep[0] in state.discard and keep[2] in state.discard


# ------------------------------------------------------------------ 8.2.5
def test_one_sympathy_token_per_clearing() -> None:
    """8.2.5.I: neither Spread Sympathy nor Organize targets a sympathetic clearing."""
    state = blank(step="spread_sympathy")
    sympathy(state, 1)
    supporters(state, *["fox-tax-collector"] * 3, "rabbit-cobbler", "mouse-sword")
    targets = {a.clearing for a in legal(state) if isinstance(a, SpreadSympathy)}
    assert 1 not in targets and targets <= {5, 9, 10}
    state.step = "operations"
    officers(state, 1)
    put(state, 1, ALLIANCE, 2)
    put(state, 9, ALLIANCE, 1)
    organize = {a.clearing for a in legal(state) if isinstance(a, Organize)}
    assert organize == {9}


# ------------------------------------------------------------------ 8.4.1
def test_revolt_removes_every_enemy_piece_and_places_base_warriors_and_officer() -> None:
    """8.4.1: two supporters of the suit; every enemy piece removed (a point
    per building and token); the base, a warrior per sympathetic clearing of
    its suit (this one too), and an officer."""
    state = blank(factions="alliance,marquise,eyrie,duchy")
    sympathy(state, 8, 1, 6)  # Meadow, Hill, Mountain: fox
    put(state, 8, CATS, 2, "sawmill", "wood")
    put(state, 8, 2, 1, "roost")
    put(state, 8, DUCHY, 1)
    spent = supporters(state, "fox-anvil", "bird-crossbow")
    supporters(state, "rabbit-cobbler")
    act(state, Revolt(clearing=8))
    c = state.clearings[8]
    assert c.warriors == {ALLIANCE: 3} and c.buildings == ["fox base"]
    assert c.tokens == [SYMPATHY]
    alliance = alliance_of(state)
    assert alliance.vp == 3  # sawmill, wood, roost
    assert alliance.officers == 1 and alliance.warriors == 10 - 3 - 1
    assert set(spent) <= set(state.discard) and len(alliance.supporters) == 1


def test_revolt_needs_its_base_on_the_board_two_supporters_and_sympathy() -> None:
    state = blank()
    sympathy(state, 1, 5)
    supporters(state, "fox-anvil", "rabbit-cobbler")
    assert not any(isinstance(a, Revolt) for a in legal(state))  # one of each suit
    supporters(state, "bird-crossbow")
    assert {a.clearing for a in legal(state) if isinstance(a, Revolt)} == {1, 5}
    base(state, 12)  # the fox base is on the map
    assert {a.clearing for a in legal(state) if isinstance(a, Revolt)} == {5}
    assert Revolt(clearing=9) not in legal(state)  # Dune is not sympathetic


def test_revolt_sets_off_field_hospitals_and_the_price_of_failure() -> None:
    """Section 5 of the facts: a revolt removes Marquise warriors (Field
    Hospitals) and Duchy buildings (the Price of Failure)."""
    state = blank(factions="alliance,marquise,duchy")
    put(state, 2, CATS, 0, "keep")
    put(state, 5, CATS, 2)
    put(state, 5, DUCHY, 1, "market")
    duchy = duchy_of(state)
    duchy.swayed = ["Captain"]
    deal(state, DUCHY, "fox-anvil")
    sympathy(state, 5)
    supporters(state, "rabbit-cobbler", "rabbit-bake-sale")
    deal(state, CATS, "rabbit-root-tea")
    act(state, Revolt(clearing=5))
    assert alliance_of(state).vp == 1  # the market
    assert [p.kind for p in state.stack] == ["failure", "hospital"]
    act(state, Decline())  # no Field Hospitals: the Price of Failure follows
    assert duchy.swayed == [] and duchy.hand == []


def test_no_revolt_or_sympathy_where_the_keep_is() -> None:
    """The Keep (6.2.1 with 8.4): no other player places pieces there, so
    sympathy never reaches the keep's clearing and no revolt happens there."""
    state = blank(step="spread_sympathy")
    put(state, 2, CATS, 0, "keep")
    supporters(state, *["mouse-sword"] * 1, "bird-crossbow", "mouse-codebreakers")
    assert SpreadSympathy(clearing=2) not in legal(state)
    sympathy(state, 5)
    assert SpreadSympathy(clearing=2) not in legal(state)


# ------------------------------------------------------------------ 8.4.2
def test_spread_sympathy_anywhere_first_then_next_to_sympathy() -> None:
    state = blank(step="spread_sympathy")
    supporters(state, "bird-crossbow", "bird-sappers", "bird-armorers")
    assert {a.clearing for a in legal(state) if isinstance(a, SpreadSympathy)} == set(
        state.woodland.numbers
    )
    act(state, SpreadSympathy(clearing=5))
    targets = {a.clearing for a in legal(state) if isinstance(a, SpreadSympathy)}
    assert targets == {1, 2}


def test_spread_sympathy_follows_the_tracks_costs_and_points() -> None:
    """8.4.2.II-III: the cost above the token and the points of the space
    uncovered, token after token (1,1,1,2,2,2,3,3,3,3 and 0,1,1,1,2,2,3,4,4,4)."""
    state = blank(step="spread_sympathy")
    base(state, 3)  # a base: the stack has no limit
    supporters(state, *(["bird-crossbow"] * 1), *(["fox-tax-collector"] * 3))
    alliance = alliance_of(state)
    alliance.supporters += [c for c in state.draw_pile if card_of(c).suit != "bird"]
    state.draw_pile = [c for c in state.draw_pile if card_of(c).suit == "bird"]
    order = [5, 1, 2, 10, 9, 12, 4, 8, 7, 11]
    scored = []
    for i, n in enumerate(order):
        before_cards, before_vp = len(alliance.supporters), alliance.vp
        act(state, SpreadSympathy(clearing=n))
        assert before_cards - len(alliance.supporters) == TRACK_COST[i]
        scored.append(alliance.vp - before_vp)
    assert scored == list(TRACK_VP)
    assert alliance.sympathy == 0
    assert not any(isinstance(a, SpreadSympathy) for a in legal(state))


def test_martial_law_three_enemy_warriors_cost_one_more() -> None:
    """8.4.2.II.a: three warriors of another player there: one supporter more."""
    state = blank(step="spread_sympathy")
    put(state, 1, CATS, 2)
    supporters(state, "fox-anvil")
    assert SpreadSympathy(clearing=1) in legal(state)
    put(state, 1, CATS, 1)
    assert SpreadSympathy(clearing=1) not in legal(state)
    supporters(state, "fox-root-tea")
    act(state, SpreadSympathy(clearing=1))
    assert alliance_of(state).supporters == []


def test_birdsong_revolts_before_it_spreads() -> None:
    """8.4: Revolt, then Spread Sympathy; once spreading, no more revolts."""
    state = blank()
    sympathy(state, 5)
    supporters(state, "rabbit-cobbler", "rabbit-bake-sale", "fox-anvil", "bird-crossbow")
    assert Revolt(clearing=5) in legal(state)
    done(state)
    assert state.step == "spread_sympathy"
    assert not any(isinstance(a, Revolt) for a in legal(state))


# -------------------------------------------------------------------- 8.5
def test_craft_with_sympathy_tokens() -> None:
    """8.5.1: sympathy tokens are the crafting pieces, each once a turn."""
    state = blank(step="alliance_daylight")
    sympathy(state, 1, 8)
    (card,) = deal(state, ALLIANCE, "mouse-sword")  # costs two foxes
    crafts = [a for a in legal(state) if isinstance(a, Craft)]
    assert crafts == [Craft(card=card, using=("fox", "fox"))]
    act(state, crafts[0])
    assert "sword" in alliance_of(state).items


def test_mobilize_moves_a_card_from_the_hand_to_the_stack() -> None:
    state = blank(step="alliance_daylight")
    card, other = deal(state, ALLIANCE, "fox-anvil", "bird-sappers")
    act(state, Mobilize(card=card))
    assert alliance_of(state).supporters == [card] and alliance_of(state).hand == [other]


def test_train_spends_a_card_matching_a_base_on_the_map_for_an_officer() -> None:
    """8.5.3: a card matching the printed suit of a base on the map (birds
    wild); the officer comes from the supply."""
    state = blank(step="alliance_daylight")
    fox, rabbit, bird = deal(state, ALLIANCE, "fox-anvil", "rabbit-cobbler", "bird-crossbow")
    assert not any(isinstance(a, Train) for a in legal(state))  # no base
    base(state, 1)
    trains = {a.card for a in legal(state) if isinstance(a, Train)}
    assert trains == {fox, bird}
    act(state, Train(card=fox))
    alliance = alliance_of(state)
    assert alliance.officers == 1 and alliance.warriors == 9 and fox in state.discard
    alliance.warriors = 0
    assert not any(isinstance(a, Train) for a in legal(state))
    assert rabbit in alliance.hand


# -------------------------------------------------------------------- 8.6
def test_military_operations_as_many_as_the_officers() -> None:
    """8.6.1: move, battle, recruit and organize, up to the officers."""
    state = blank(step="spread_sympathy")
    base(state, 1, 2)
    officers(state, 2)
    put(state, 5, CATS, 1)
    done(state)  # Birdsong over; Daylight has nothing to do: Military Operations
    assert state.step == "operations" and state.actions_left == 2
    kinds = {type(a) for a in legal(state)}
    assert {Move, RecruitAtBase, Organize} <= kinds
    act(state, RecruitAtBase(clearing=1))
    assert core.warriors(state, ALLIANCE, 1) == 3
    act(state, Organize(clearing=1))
    assert SYMPATHY in state.clearings[1].tokens and core.warriors(state, ALLIANCE, 1) == 2
    assert legal(state) == [DONE] or state.step != "operations"


def test_organize_costs_no_supporters_and_ignores_martial_law() -> None:
    """8.6.1.IV: a warrior removed, a token placed, the track's points."""
    state = blank(step="operations")
    officers(state, 1)
    state.actions_left = 1
    sympathy(state, 9)
    put(state, 1, ALLIANCE, 1)
    put(state, 1, CATS, 4)
    act(state, Organize(clearing=1))
    alliance = alliance_of(state)
    assert alliance.supporters == [] and alliance.warriors == 10 - 1
    assert core.warriors(state, ALLIANCE, 1) == 0 and SYMPATHY in state.clearings[1].tokens
    assert alliance.vp == TRACK_VP[1]


def test_recruit_places_a_warrior_at_any_base() -> None:
    state = blank(step="operations")
    officers(state, 2)
    base(state, 1)
    base(state, 7)
    state.actions_left = 2
    sites = {a.clearing for a in legal(state) if isinstance(a, RecruitAtBase)}
    assert sites == {1, 7}


def test_evening_draws_one_and_one_per_base() -> None:
    """8.6.2: one card, and one per base on the map."""
    state = blank(step="operations")
    base(state, 1)
    base(state, 7)
    done(state)
    assert len(alliance_of(state).hand) == 3


# ---------------------------------------------------------------- advice
def test_the_advice_reads_a_revolt_as_a_base_raised_and_an_officer_trained() -> None:
    from boardgames_tui.engine.game import copy_state
    from boardgames_tui.games.root.faction import FACTIONS

    state = blank()
    sympathy(state, 5)
    supporters(state, "rabbit-cobbler", "rabbit-bake-sale")
    before = copy_state(state)
    act(state, Revolt(clearing=5))
    seat = state.seat(ALLIANCE)
    assert FACTIONS[ALLIANCE].reasons(before, state, seat) == [
        "raises the rabbit base",
        "trains 1 officer",
    ]


def test_guerrilla_war_lets_the_attacker_hand_the_defender_the_first_effects() -> None:
    """4.3.3 with 8.2.2: both sides may use an effect (Brutal Tactics, Sappers)
    and the Alliance defend with the higher roll: the attacker may still let
    the defender go first (the defender's roll read the Alliance's way)."""
    from boardgames_tui.games.root.actions import DefenderFirst
    from tests.games.root.helpers import craft_for

    state = blank(turn=CATS, step="actions")
    state.actions_left = 3
    put(state, 5, CATS, 3)
    put(state, 5, ALLIANCE, 3)
    craft_for(state, CATS, "bird-brutal-tactics")
    craft_for(state, ALLIANCE, "bird-sappers")
    dice(state, 3, 1)
    act(state, Battle(clearing=5))
    assert state.battle is not None
    assert (state.battle.attacker_hits, state.battle.defender_hits) == (1, 3)
    assert DefenderFirst() in legal(state)
