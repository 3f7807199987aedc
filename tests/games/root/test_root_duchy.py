"""The Underground Duchy, paragraph by paragraph of Law 12
(shared/rules/root-underground-duchy.txt), from hand-built positions."""

from __future__ import annotations

import pytest

from boardgames_tui.games.root import GAME, core
from boardgames_tui.games.root.actions import DONE, Battle, Craft, Move, Recruit, UseEffect
from boardgames_tui.games.root.factions import duchy
from boardgames_tui.games.root.factions.duchy import BURROW, DUCHY
from boardgames_tui.games.root.factions.duchy.actions import (
    BuildDuchy,
    Dig,
    Minister,
    Reveal,
    Spend,
    Sway,
    Warriors,
)
from boardgames_tui.games.root.factions.marquise import CATS
from boardgames_tui.games.root.model import RootState
from tests.games.root.pieces import cats_in, duchy_of, marquise_of, moles_in, tunnel_in

from .helpers import SEATS, act, blank, craft_for, dice, done, give, kinds, put


# ------------------------------------------------------------------ 12.3 setup
def test_setup_surfaces_opposite_the_keep() -> None:
    state = GAME.setup(SEATS, {"marquise_seat": 0}, seed=3)
    act(state, GAME.legal_actions(state)[0])  # the keep in Hill (1)
    assert marquise_of(state).keep == 1
    for _ in range(3):
        act(state, GAME.legal_actions(state)[0])
    # 12.3.3: the corner diagonally opposite the keep: Weald (3).
    assert moles_in(state.clearings[3]) == 2 and tunnel_in(state.clearings[3])
    for n in (6, 7, 11):
        assert moles_in(state.clearings[n]) == 2
    assert duchy_of(state).warriors == 20 - 8
    assert duchy_of(state).tunnels == 2
    assert len(duchy_of(state).unswayed) == 9 and not duchy_of(state).swayed
    assert state.turn_number == 1


def test_setup_draws_three_each_from_a_deck_without_dominance() -> None:
    state = GAME.setup(SEATS, None, seed=5)
    assert len(marquise_of(state).hand) == 3 and len(duchy_of(state).hand) == 3
    cards = state.draw_pile + marquise_of(state).hand + duchy_of(state).hand
    assert len(cards) == 50
    assert all(core.card_of(c).kind != "dominance" for c in cards)


# -------------------------------------------------------------- 12.4 Birdsong
@pytest.mark.parametrize("citadels,recruits", [(0, 1), (1, 2), (2, 4), (3, 6)])
def test_birdsong_recruits_by_citadels_on_the_map(citadels: int, recruits: int) -> None:
    state = blank(turn=CATS, step="discard")
    for n in (2, 5, 7)[:citadels]:
        put(state, n, moles=1, buildings=("citadel",))
    done(state)  # the Marquise ends her turn; the Duchy's Birdsong
    assert state.turn == DUCHY
    assert moles_in(state.clearings[BURROW]) == recruits


def test_birdsong_recruits_no_more_than_the_supply() -> None:
    state = blank(turn=CATS, step="discard")
    put(state, 2, moles=18, buildings=("citadel",))
    put(state, 5, buildings=("citadel",))
    done(state)
    assert moles_in(state.clearings[BURROW]) == 2 and duchy_of(state).warriors == 0


# -------------------------------------------------------------- 12.5.1 Assembly
def test_assembly_two_actions_in_any_order_and_number() -> None:
    state = blank(turn=DUCHY, step="assembly", actions=2)
    hold_daylight(state)
    put(state, 3, moles=1, tunnel=True)
    act(state, Recruit())
    act(state, Recruit())
    assert moles_in(state.clearings[BURROW]) == 2
    assert state.actions_left == 0
    assert GAME.legal_actions(state) == [UseEffect(effect="codebreakers"), DONE]


def test_build_reveals_a_matching_card_in_a_ruled_clearing() -> None:
    state = blank(turn=DUCHY, step="assembly", actions=2)
    put(state, 5, moles=1)  # rabbit, ruled
    put(state, 8, moles=1, cats=1)  # fox, not ruled
    fox, rabbit, bird = give(state, DUCHY, "fox-anvil", "rabbit-bake-sale", "bird-crossbow")
    builds = {(a.card, a.clearing) for a in GAME.legal_actions(state) if isinstance(a, BuildDuchy)}
    assert builds == {(rabbit, 5), (bird, 5)}
    act(state, BuildDuchy(card=bird, clearing=5, building="market"))
    assert state.clearings[5].buildings == ["market"]
    assert duchy_of(state).revealed == [bird]
    assert duchy_of(state).vp == 0  # building scores nothing


def test_no_duchy_piece_may_be_placed_at_the_keep() -> None:
    state = blank(turn=DUCHY, step="assembly", actions=2)
    put(state, 4, moles=3, keep=True)  # Haven, rabbit, ruled by the Duchy
    give(state, DUCHY, "rabbit-bake-sale")
    assert not any(
        isinstance(a, BuildDuchy | Dig) and a.clearing == 4 for a in GAME.legal_actions(state)
    )


def test_dig_places_a_tunnel_and_brings_up_to_four_warriors() -> None:
    state = blank(turn=DUCHY, step="assembly", actions=2)
    put(state, BURROW, moles=6)
    (fox,) = give(state, DUCHY, "fox-anvil")
    digs = [a for a in GAME.legal_actions(state) if isinstance(a, Dig)]
    assert {a.clearing for a in digs} == {1, 6, 8, 12}  # fox clearings, none ruled needed
    act(state, Dig(card=fox, clearing=8))
    assert fox in state.discard and tunnel_in(state.clearings[8])
    assert GAME.legal_actions(state) == [Warriors(count=k) for k in (4, 3, 2, 1, 0)]
    act(state, Warriors(count=4))
    assert moles_in(state.clearings[8]) == 4 and moles_in(state.clearings[BURROW]) == 2
    assert BURROW in core.neighbours(state, DUCHY, 8)


def test_with_all_tunnels_out_dig_moves_one_and_the_burrow_follows() -> None:
    state = blank(turn=DUCHY, step="assembly", actions=2)
    for n in (1, 2, 3):
        put(state, n, tunnel=True)
    (fox,) = give(state, DUCHY, "fox-anvil")
    digs = [a for a in GAME.legal_actions(state) if isinstance(a, Dig)]
    assert digs and all(a.replace in (1, 2, 3) for a in digs)
    act(state, Dig(card=fox, clearing=12, replace=2))
    assert duchy.tunnels(state) == (1, 3, 12)
    assert core.neighbours(state, DUCHY, BURROW) == {1, 3, 12}


# ------------------------------------------------------------ 12.5.2 Parliament
def hold_daylight(state: RootState) -> None:
    """Codebreakers can be used at any point of Daylight, so no Daylight step
    passes by itself: a test can look at the state after an action."""
    craft_for(state, DUCHY, "mouse-codebreakers")


def parliament(*swayed: str) -> RootState:
    state = blank(turn=DUCHY, step="parliament")
    hold_daylight(state)
    duchy_of(state).swayed = list(swayed)
    duchy_of(state).unswayed = [m for m in duchy_of(state).unswayed if m not in swayed]
    return state


def test_each_swayed_minister_acts_once() -> None:
    state = parliament("Earl of Stone", "Baron of Dirt")
    put(state, 2, moles=1, buildings=("citadel", "market"))
    put(state, 5, moles=1, buildings=("citadel",))
    act(state, Minister(name="Earl of Stone"))
    assert duchy_of(state).vp == 2
    assert Minister(name="Earl of Stone") not in GAME.legal_actions(state)
    act(state, Minister(name="Baron of Dirt"))
    assert duchy_of(state).vp == 3


def test_the_duchess_of_mud_needs_every_tunnel_out() -> None:
    state = parliament("Duchess of Mud")
    put(state, 1, tunnel=True)
    put(state, 2, tunnel=True)
    put(state, 5, moles=1)
    give(state, DUCHY, "fox-anvil")
    act(state, Minister(name="Duchess of Mud"))
    assert duchy_of(state).vp == 0
    state = parliament("Duchess of Mud")
    for n in (1, 2, 3):
        put(state, n, tunnel=True)
    act(state, Minister(name="Duchess of Mud"))
    assert duchy_of(state).vp == 2


def test_the_foremole_builds_with_any_card_anywhere_ruled() -> None:
    state = parliament("Foremole")
    put(state, 5, moles=1)  # rabbit
    (fox,) = give(state, DUCHY, "fox-anvil")
    act(state, Minister(name="Foremole"))
    act(state, BuildDuchy(card=fox, clearing=5, building="citadel"))
    assert state.clearings[5].buildings == ["citadel"]
    assert duchy_of(state).revealed == [fox]


def test_the_captain_battles_and_the_marshal_moves() -> None:
    state = parliament("Captain", "Marshal")
    put(state, 5, moles=2, cats=1)
    dice(state, 1, 0)
    act(state, Minister(name="Captain"))
    act(state, Battle(clearing=5))
    assert cats_in(state.clearings[5]) == 0
    act(state, Minister(name="Marshal"))
    act(state, Move(origin=5, to=1, count=2))
    assert moles_in(state.clearings[1]) == 2


def test_the_brigadier_two_moves_or_two_battles_not_a_mix() -> None:
    state = parliament("Brigadier")
    put(state, 5, moles=3, cats=1)
    act(state, Minister(name="Brigadier"))
    act(state, Move(origin=5, to=1, count=1))
    assert "battle" not in kinds(state)  # a move first: moves only
    act(state, Move(origin=5, to=2, count=1))
    assert moles_in(state.clearings[1]) == 1 and moles_in(state.clearings[2]) == 1
    assert GAME.legal_actions(state) == [UseEffect(effect="codebreakers"), DONE]


def test_the_banker_spends_one_suit_with_birds_wild() -> None:
    state = parliament("Banker")
    fox, bird, mouse = give(state, DUCHY, "fox-anvil", "bird-crossbow", "mouse-sword")
    act(state, Minister(name="Banker"))
    assert DONE not in GAME.legal_actions(state)  # at least one card
    act(state, Spend(card=fox))
    assert set(GAME.legal_actions(state)) == {Spend(card=bird), DONE}
    act(state, Spend(card=bird))
    assert duchy_of(state).vp == 2
    assert duchy_of(state).hand == [mouse]


def test_the_mayor_copies_a_noble() -> None:
    state = parliament("Banker", "Mayor")
    give(state, DUCHY, "fox-anvil", "fox-root-tea")
    act(state, Minister(name="Banker"))
    act(state, Spend(card=duchy_of(state).hand[0]))
    done(state)
    act(state, Minister(name="Mayor"))
    assert GAME.legal_actions(state) == [Minister(name="Banker"), DONE]
    act(state, Minister(name="Banker"))
    act(state, Spend(card=duchy_of(state).hand[0]))
    assert duchy_of(state).vp == 2


def test_the_mayor_copies_a_squire_but_not_itself_or_a_lord() -> None:
    state = parliament("Captain", "Mayor", "Earl of Stone")
    put(state, 5, moles=2, cats=2)
    act(state, Minister(name="Mayor"))
    assert GAME.legal_actions(state) == [Minister(name="Captain"), DONE]
    dice(state, 1, 0)
    act(state, Minister(name="Captain"))
    act(state, Battle(clearing=5))
    assert cats_in(state.clearings[5]) == 1
    # The Captain has not acted yet: it still may.
    assert Minister(name="Captain") in GAME.legal_actions(state)


# ----------------------------------------------------------------- 12.5.3 Sway
def test_sway_reveals_cards_each_matched_by_a_different_clearing() -> None:
    state = blank(turn=DUCHY, step="sway")
    put(state, 1, moles=1)  # fox
    put(state, 5, tunnel=True)  # rabbit: a tunnel is a Duchy piece
    fox1, fox2, rabbit = give(state, DUCHY, "fox-anvil", "fox-root-tea", "rabbit-bake-sale")
    sways = {a.minister for a in GAME.legal_actions(state) if isinstance(a, Sway)}
    assert sways == {"Foremole", "Captain", "Marshal"}  # squires: two cards
    act(state, Sway(minister="Captain"))
    assert set(GAME.legal_actions(state)) == {
        Reveal(card=fox1),
        Reveal(card=fox2),
        Reveal(card=rabbit),
    }
    act(state, Reveal(card=fox1))
    # One fox clearing only: the second fox card cannot be matched.
    assert GAME.legal_actions(state) == [Reveal(card=rabbit)]
    act(state, Reveal(card=rabbit))
    assert duchy_of(state).swayed == ["Captain"] and duchy_of(state).vp == 1
    # Sway ends Daylight; in Evening the revealed cards came back, seen.
    assert state.step != "sway"
    assert {fox1, rabbit} <= set(duchy_of(state).known)


def test_a_reveal_says_whether_the_card_comes_back_as_evening_then_does() -> None:
    """Issue 45, item 6: a bird revealed for a sway is discarded in Evening
    (12.6.1), which cost a player their only Ambush unwarned.  Each choice
    that reveals a card (a sway's card, the Assembly's build) says what
    becomes of it, and Evening then does what it said."""
    state = blank(turn=DUCHY, step="sway")
    put(state, 1, moles=1)  # fox
    put(state, 5, tunnel=True)  # rabbit
    fox, ambush = give(state, DUCHY, "fox-anvil", "bird-ambush")
    act(state, Sway(minister="Captain"))
    words = {a.card: GAME.describe(state, a) for a in GAME.legal_actions(state)}
    assert words == {
        fox: "Reveal Anvil (fox): it comes back to the hand in Evening",
        ambush: "Reveal Ambush! (bird): a bird revealed is discarded in Evening, not returned",
    }
    act(state, Reveal(card=ambush))
    act(state, Reveal(card=fox))
    # The sway ended Daylight: Evening did what the words said.
    assert fox in duchy_of(state).hand and ambush in state.discard
    assert ambush not in duchy_of(state).hand


@pytest.mark.parametrize("card", ["rabbit-bake-sale", "bird-crossbow"])
def test_a_build_says_what_becomes_of_the_card_it_reveals(card: str) -> None:
    state = blank(turn=DUCHY, step="assembly", actions=2)
    put(state, 5, moles=1)  # rabbit, ruled
    (revealed,) = give(state, DUCHY, card)
    build = BuildDuchy(card=revealed, clearing=5, building="market")
    assert build in GAME.legal_actions(state)
    words = GAME.describe(state, build)
    comes_back = card.startswith("rabbit")
    assert words.endswith(
        "it comes back to the hand in Evening"
        if comes_back
        else "a bird revealed is discarded in Evening, not returned"
    ), words
    act(state, build)
    while state.step != "evening_craft":
        done(state)
    assert (revealed in duchy_of(state).hand) == comes_back
    assert (revealed in state.discard) == (not comes_back)


def test_sway_is_not_offered_when_the_clearings_cannot_pay() -> None:
    state = blank(turn=DUCHY, step="sway")
    put(state, 1, moles=1)
    put(state, BURROW, moles=5)  # the Burrow has no suit: it matches no card
    give(state, DUCHY, "rabbit-bake-sale", "mouse-sword")
    assert not any(isinstance(a, Sway) for a in GAME.legal_actions(state))


def test_a_bird_matches_any_clearing_with_a_piece() -> None:
    state = blank(turn=DUCHY, step="sway")
    for n in (1, 2, 5, 8):
        put(state, n, moles=1)
    give(state, DUCHY, "bird-crossbow", "bird-sappers", "fox-anvil", "fox-root-tea")
    sways = {a.minister for a in GAME.legal_actions(state) if isinstance(a, Sway)}
    assert "Earl of Stone" in sways  # fox, fox, bird, bird over fox, fox, mouse, rabbit


def test_swaying_needs_a_crown_of_the_rank() -> None:
    state = blank(turn=DUCHY, step="sway")
    for n in (1, 2, 5, 8):
        put(state, n, moles=1)
    give(state, DUCHY, "bird-crossbow", "bird-sappers", "fox-anvil", "fox-root-tea")
    duchy_of(state).retired = ["lord", "lord", "lord"]
    sways = {a.minister for a in GAME.legal_actions(state) if isinstance(a, Sway)}
    assert not sways & {"Earl of Stone", "Baron of Dirt", "Duchess of Mud"}
    assert "Brigadier" in sways


def test_sway_scores_by_rank() -> None:
    state = blank(turn=DUCHY, step="sway")
    for n in (1, 2, 5, 8):
        put(state, n, moles=1)
    cards = give(state, DUCHY, "bird-crossbow", "bird-sappers", "fox-anvil", "mouse-sword")
    act(state, Sway(minister="Baron of Dirt"))
    for c in cards:
        if Reveal(card=c) in GAME.legal_actions(state):
            act(state, Reveal(card=c))
    assert duchy_of(state).swayed == ["Baron of Dirt"] and duchy_of(state).vp == 3


# --------------------------------------------------------------- 12.6 Evening
def test_evening_discards_revealed_birds_and_returns_the_rest() -> None:
    state = blank(turn=DUCHY, step="evening_start")
    bird, fox = give(state, DUCHY, "bird-crossbow", "fox-anvil")
    duchy_of(state).hand.clear()
    duchy_of(state).revealed = [bird, fox]
    done(state)
    assert bird in state.discard
    assert fox in duchy_of(state).hand and fox in duchy_of(state).known
    assert not duchy_of(state).revealed


def test_evening_crafts_with_citadels_and_markets() -> None:
    state = blank(turn=DUCHY, step="evening_craft")
    put(state, 1, moles=1, buildings=("citadel",))
    put(state, 8, moles=1, buildings=("market",))
    (steel,) = give(state, DUCHY, "fox-foxfolk-steel")
    act(state, Craft(card=steel, using=("fox", "fox")))
    assert duchy_of(state).vp == 2 and duchy_of(state).items == ["sword"]


@pytest.mark.parametrize("markets,draws", [(0, 1), (1, 2), (3, 4)])
def test_evening_draws_one_plus_one_per_market(markets: int, draws: int) -> None:
    state = blank(turn=DUCHY, step="evening_craft")
    for n in (2, 5, 7)[:markets]:
        put(state, n, moles=1, buildings=("market",))
    done(state)
    assert len(duchy_of(state).hand) == draws
