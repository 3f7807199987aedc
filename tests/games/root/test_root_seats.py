"""Two to four seats, any factions (Law 5.1 and 3.3), with the small factions
written for the tests (``hares.py``) at the table beside the Marquise and the
Duchy: setup in setup-letter order with the corners the Law gives, random
seating and first player, turns round the table, the dominance cards in the
deck with three players or more, activating, winning by and taking a
dominance card, battles and the decisions they cause between any two seats,
and random games of three and four seats that conserve every component."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from boardgames_tui.engine import Seat, SetupError
from boardgames_tui.engine.bots import get_bot
from boardgames_tui.games.root import GAME, core, turn
from boardgames_tui.games.root.actions import (
    DONE,
    ActivateDominance,
    Battle,
    ChooseCorner,
    Craft,
    Discard,
    TakeDominance,
    UseEffect,
)
from boardgames_tui.games.root.cards import deck
from boardgames_tui.games.root.faction import FACTIONS
from boardgames_tui.games.root.factions.duchy import DUCHY
from boardgames_tui.games.root.factions.marquise import CATS
from boardgames_tui.games.root.factions.marquise.actions import ChooseKeep, Hospital, PlaceStart
from boardgames_tui.games.root.model import HIDDEN, RootState
from tests.games.root.pieces import CLEARINGS, duchy_of, marquise_of, tunnel_in

from .conservation import cards_in_game, items_at_start, items_everywhere, play_out
from .hares import HARES, OWLS, extra_factions
from .helpers import act, card_ids, craft_for, dice, give, put
from .tables import SEATS, cleared, table


@pytest.fixture(autouse=True)
def _factions() -> Iterator[None]:
    with extra_factions():
        yield


def blank(factions: str, turn: int, step: str, actions: int = 2) -> RootState:
    """A table of these factions with everything in the supplies, empty
    hands, an empty Woodland; ``turn``'s faction in ``step``."""
    state = cleared(factions, turn, step)
    state.actions_left = actions
    return state


def put_warriors(state: RootState, faction: int, clearing: int, n: int) -> None:
    core.add_warriors(state, faction, clearing, n)
    state.player(faction).warriors -= n


def keep_then_buildings(state: RootState, keep: int) -> None:
    act(state, ChooseKeep(clearing=keep))
    while state.setting_up == CATS:
        first = GAME.legal_actions(state)[0]
        assert isinstance(first, PlaceStart)
        act(state, first)


# ------------------------------------------------------------------ setup
def test_three_factions_set_up_in_setup_letter_order_in_the_corners_the_law_gives() -> None:
    """Law 5.1: the Marquise (A) first, the Hares (D), then the Duchy (H);
    each of the later two takes a corner that is no one's starting corner,
    diagonally opposite one where possible (12.3.3)."""
    state = table("duchy,hares,marquise")
    assert state.setting_up == CATS and state.step == "keep"
    assert GAME.to_act(state) == state.seat(CATS)
    keep_then_buildings(state, 1)
    # The Hares had one corner opposite a starting corner: Weald (3).
    assert core.warriors(state, HARES, 3) == 3
    # The Duchy: Quarry and Haven are both free and neither is opposite a
    # starting corner, so it chooses.
    assert state.setting_up == DUCHY and state.step == "duchy_corner"
    assert GAME.to_act(state) == state.seat(DUCHY)
    assert GAME.legal_actions(state) == [ChooseCorner(clearing=2), ChooseCorner(clearing=4)]
    act(state, ChooseCorner(clearing=4))
    assert tunnel_in(state.clearings[4]) and core.warriors(state, DUCHY, 4) == 2
    assert state.setting_up == -1 and state.turn_number == 1 and state.step != "setup"


def test_four_factions_set_up_in_order_each_in_its_own_corner() -> None:
    state = table("owls,duchy,marquise,hares")
    keep_then_buildings(state, 2)
    assert core.warriors(state, HARES, 4) == 3  # opposite the keep
    assert state.setting_up == OWLS  # letter F: Hill or Weald, its choice
    assert GAME.legal_actions(state) == [ChooseCorner(clearing=1), ChooseCorner(clearing=3)]
    act(state, ChooseCorner(clearing=1))
    # The Duchy (H) has one corner left, opposite the Owls'.
    assert tunnel_in(state.clearings[3])
    assert state.turn_number == 1


def test_seating_and_the_first_player_are_drawn_from_the_seed() -> None:
    """Law 5.1.1: "Determine the starting player and seating order randomly."."""
    seatings = {}
    firsts = set()
    for seed in range(30):
        state = table("marquise,hares,duchy", seed)
        seatings[seed] = tuple(state.factions)
        firsts.add(state.turn)
        again = table("marquise,hares,duchy", seed)
        assert tuple(again.factions) == seatings[seed] and again.turn == state.turn
    assert len(set(seatings.values())) == 6, "every seating comes up"
    assert firsts == {CATS, HARES, DUCHY}
    assert "seated at random" in table("marquise,hares,duchy").opening[0].text


def test_turns_go_round_the_table() -> None:
    state = table("marquise,hares,duchy", 3)
    keep_then_buildings(state, 1)
    act(state, GAME.legal_actions(state)[0])  # the Duchy's corner
    turns = [state.turn]
    while len(turns) < 7:
        legal = GAME.legal_actions(state)
        act(state, DONE if DONE in legal else legal[0])
        if state.turn != turns[-1]:
            turns.append(state.turn)
    seat = state.seat(turns[0])
    expected = [state.players[(seat + k) % 3].faction for k in range(7)]
    assert turns == expected


def test_a_table_is_named_right_or_refused_with_a_reason() -> None:
    with pytest.raises(SetupError, match="no faction 'bats'"):
        table("marquise,bats")
    with pytest.raises(SetupError, match="once"):
        table("duchy,duchy")
    with pytest.raises(SetupError, match="one faction per player"):
        GAME.setup(SEATS[:3], {"factions": "marquise,duchy"}, 0)
    with pytest.raises(SetupError, match="2 to 4 players"):
        GAME.setup([*SEATS, Seat(name="Eve")], {"factions": "marquise,duchy,hares,owls"}, 0)
    with pytest.raises(SetupError, match="not at the table"):
        table("hares,owls", first="marquise")


# ---------------------------------------------------------------- dominance
def test_the_dominance_cards_stay_in_the_deck_with_three_players() -> None:
    """Law 5.1.2: with two players the dominance cards are removed."""
    dominance = {i for i, c in enumerate(deck()) if c.kind == "dominance"}
    three = table("marquise,hares,duchy")
    assert sorted(cards_in_game(three)) == list(range(54))
    two = table("marquise,duchy")
    assert set(cards_in_game(two)) == set(range(54)) - dominance


def test_a_dominance_card_is_activated_in_daylight_with_ten_points() -> None:
    """Law 3.3.1: with at least 10 points, in Daylight, activate it; from then
    on the player scores no points."""
    state = blank("marquise,hares,duchy", HARES, "hop")
    (card,) = give(state, HARES, "fox-dominance")
    hares = state.player(HARES)
    hares.vp = 9
    assert not any(isinstance(a, ActivateDominance) for a in GAME.legal_actions(state))
    hares.vp = 10
    act(state, ActivateDominance(card=card))
    assert hares.dominance == card and card not in hares.hand
    assert core.gain(state, HARES, 3, "removing pieces") == [] and hares.vp == 10
    assert not any(isinstance(a, ActivateDominance) for a in GAME.legal_actions(state))


def test_dominance_wins_at_the_start_of_birdsong_by_ruling_three_clearings_of_its_suit() -> None:
    state = blank("marquise,hares,duchy", HARES, "discard")
    hares = state.player(HARES)
    (hares.dominance,) = card_ids("fox-dominance")
    for n in (1, 6):  # Hill and Mountain: two fox clearings
        put_warriors(state, HARES, n, 1)
    turn.enter(state, "birdsong")
    assert not state.over
    put_warriors(state, HARES, 8, 2)  # Meadow, a third
    put(state, 8, cats=1)
    events = turn.enter(state, "birdsong")
    assert state.winner == HARES and state.over
    assert "wins by dominance" in events[-1].text
    assert "wins by dominance" in GAME.outcome(state).summary
    assert GAME.outcome(state).winners == [state.seat(HARES)]


def test_the_bird_dominance_wins_with_two_opposite_corners() -> None:
    state = blank("marquise,hares,duchy", HARES, "discard")
    (state.player(HARES).dominance,) = card_ids("bird-dominance")
    for n in (1, 2):  # Hill and Quarry are not opposite
        put_warriors(state, HARES, n, 1)
    turn.enter(state, "birdsong")
    assert not state.over
    put_warriors(state, HARES, 3, 1)  # Weald, opposite Hill
    turn.enter(state, "birdsong")
    assert state.winner == HARES


def test_a_discarded_dominance_card_is_available_and_taken_with_a_card_of_its_suit() -> None:
    """Law 3.3.3: a dominance card discarded goes beside the map; in Daylight a
    player may take it by spending a card of its suit (birds are wild, but the
    bird dominance asks for a bird)."""
    state = blank("marquise,hares,duchy", HARES, "discard")
    hares = state.player(HARES)
    fox_dominance, bird_dominance = give(state, HARES, "fox-dominance", "bird-dominance")
    give(state, HARES, "fox-anvil", "rabbit-bake-sale", "mouse-sword", "bird-sappers")
    give(state, HARES, "rabbit-cobbler")
    act(state, Discard(card=fox_dominance))
    act(state, Discard(card=bird_dominance))
    assert state.available == [fox_dominance, bird_dominance]
    assert fox_dominance not in state.discard
    state.turn, state.step = HARES, "hop"
    takes = {(a.card, a.spend) for a in GAME.legal_actions(state) if isinstance(a, TakeDominance)}
    (anvil,) = [c for c in hares.hand if deck()[c].id == "fox-anvil"]
    (sappers,) = [c for c in hares.hand if deck()[c].id == "bird-sappers"]
    assert takes == {(fox_dominance, anvil), (fox_dominance, sappers), (bird_dominance, sappers)}
    act(state, TakeDominance(card=bird_dominance, spend=sappers))
    assert bird_dominance in hares.hand and bird_dominance in hares.known
    assert state.available == [fox_dominance] and sappers in state.discard


# ------------------------------------------------- battles between any seats
def test_a_battle_names_the_defender_where_two_enemies_stand() -> None:
    state = blank("marquise,hares,duchy", HARES, "hop")
    put_warriors(state, HARES, 5, 2)
    put(state, 5, cats=1, moles=1)
    put(state, 6, cats=1)
    put_warriors(state, HARES, 6, 1)
    battles = {a for a in GAME.legal_actions(state) if isinstance(a, Battle)}
    assert battles == {
        Battle(clearing=5, defender=CATS),
        Battle(clearing=5, defender=DUCHY),
        Battle(clearing=6),
    }
    assert (
        GAME.describe(state, Battle(clearing=5, defender=DUCHY))
        == "Battle the Duchy in Creek (5, rabbit)"
    )
    dice(state, 3, 0)
    act(state, Battle(clearing=5, defender=DUCHY))
    assert core.warriors(state, DUCHY, 5) == 0 and core.warriors(state, CATS, 5) == 1


def test_field_hospitals_and_the_ambush_are_asked_of_the_seat_attacked() -> None:
    """The Hares attack the Marquise: the Marquise's seat, not the one whose
    turn it is, decides the ambush and Field Hospitals (6.2.2)."""
    state = blank("marquise,hares,duchy", HARES, "hop")
    put(state, 1, keep=True)
    put(state, 5, cats=2)
    put_warriors(state, HARES, 5, 3)
    (card,) = give(state, CATS, "rabbit-bake-sale")
    dice(state, 3, 0)
    act(state, Battle(clearing=5))
    assert state.stack[-1].kind == "ambush"
    assert GAME.to_act(state) == state.seat(CATS) != state.seat(HARES)
    act(state, GAME.legal_actions(state)[-1])  # no ambush
    assert state.stack[-1].kind == "hospital"
    assert GAME.to_act(state) == state.seat(CATS)
    act(state, Hospital(card=card))
    assert core.warriors(state, CATS, 1) == 2 and state.turn == HARES


def test_the_price_of_failure_follows_a_building_removed_by_any_faction() -> None:
    state = blank("marquise,hares,duchy", HARES, "hop")
    put(state, 7, buildings=("citadel",))
    put_warriors(state, HARES, 7, 2)
    duchy = duchy_of(state)
    duchy.unswayed.remove("Captain")
    duchy.swayed.append("Captain")
    dice(state, 2, 0)
    act(state, Battle(clearing=7))
    assert "Captain" in duchy.unswayed and duchy.retired == ["squire"]
    assert state.player(HARES).points == {"removing pieces": 1}


def test_lords_of_the_forest_rule_a_tie_where_they_have_a_piece() -> None:
    """Law 2.5 with the Eyrie's Lords of the Forest (here the test Owls)."""
    state = blank("marquise,owls,duchy", CATS, "actions")
    put(state, 5, cats=1)
    put_warriors(state, OWLS, 5, 1)
    assert core.ruler(state, 5) == OWLS
    put(state, 5, moles=2)
    assert core.ruler(state, 5) == DUCHY
    put(state, 6, cats=1, moles=1)
    assert core.ruler(state, 6) is None


def test_card_effects_on_another_player_name_it_with_three_at_the_table() -> None:
    state = blank("marquise,hares,duchy", CATS, "birdsong")
    craft_for(state, CATS, "fox-stand-and-deliver")
    put(state, 5, cats=1)  # a march to stop at in Daylight
    (taken,) = give(state, DUCHY, "fox-anvil")
    assert UseEffect(effect="stand_and_deliver", target=DUCHY) in GAME.legal_actions(state)
    assert not any(
        isinstance(a, UseEffect) and a.target == HARES for a in GAME.legal_actions(state)
    )
    act(state, UseEffect(effect="stand_and_deliver", target=DUCHY))
    assert marquise_of(state).hand == [taken] and state.step == "actions"
    # The Duchy saw which card left its hand; the Hares did not.
    assert marquise_of(GAME.view(state, state.seat(DUCHY))).hand == [taken]
    assert marquise_of(GAME.view(state, state.seat(HARES))).hand == [HIDDEN]


def test_codebreakers_show_a_hand_to_its_user_alone() -> None:
    state = blank("marquise,hares,duchy", CATS, "actions", actions=3)
    craft_for(state, CATS, "mouse-codebreakers")
    put(state, 5, cats=1)  # a march to stop at in Daylight
    give(state, HARES, "fox-anvil", "mouse-sword")
    act(state, UseEffect(effect="codebreakers", target=HARES))
    hand = sorted(state.player(HARES).hand)
    assert sorted(GAME.view(state, state.seat(CATS)).player(HARES).hand) == hand
    assert GAME.view(state, state.seat(DUCHY)).player(HARES).hand == [HIDDEN, HIDDEN]


# ------------------------------------------------------------ random games
def conserved(state: RootState, factions: list[int]) -> None:
    assert sorted(cards_in_game(state)) == list(range(54))
    for f in factions:
        player = state.player(f)
        on_map = sum(c.warriors.get(f, 0) for c in state.clearings)
        assert player.warriors >= 0
        assert on_map + player.warriors == FACTIONS[f].new_player().warriors
        assert set(player.known) <= set(player.hand)
        for seen in player.seen_by.values():
            assert set(seen) <= set(player.hand)
    if state.setting_up < 0:
        assert items_everywhere(state) == items_at_start(state)
    assert all(n > 0 for c in state.clearings for n in c.warriors.values())
    assert all(core.free_slots(state, n) >= 0 for n in CLEARINGS)


@pytest.mark.parametrize(
    ("factions", "seed"),
    [
        ("marquise,hares,duchy", 5),
        ("hares,duchy,owls", 6),
        ("marquise,hares,owls,duchy", 7),
        ("marquise,eyrie,vagabond,duchy", 8),
    ],
)
def test_random_games_of_three_and_four_seats_conserve_everything(factions: str, seed: int) -> None:
    state = table(factions, seed, turn_limit=60)
    numbers = list(state.factions)
    bots = [get_bot("random", seed=seed * 7 + i) for i in range(len(numbers))]

    def checked(state: RootState) -> None:
        conserved(state, numbers)
        for viewer in range(len(numbers)):
            view = GAME.view(state, viewer)
            for i, p in enumerate(view.players):
                if i != viewer:
                    assert len(p.hand) == len(state.players[i].hand)
                    assert all(
                        c == HIDDEN
                        or c in state.players[i].known + sum(state.players[i].seen_by.values(), [])
                        for c in p.hand
                    )

    play_out(state, bots, limit=20_000, label=f"{factions} seed {seed}", words=False, check=checked)
    outcome = GAME.outcome(state)
    assert sorted(r.seat for r in outcome.results) == list(range(len(numbers)))


@pytest.mark.parametrize(
    "factions",
    ["marquise,hares,duchy", "owls,marquise,duchy,hares", "vagabond,eyrie,duchy,marquise"],
)
def test_the_rule_bot_plays_every_seat_of_a_bigger_table(factions: str) -> None:
    """The rule bot (the search's playouts) reads its enemies from the table,
    so it plays any seat of any mix."""
    from boardgames_tui.games.root.bots import RootBot

    state = table(factions, 11, turn_limit=16)
    bots = [RootBot(seed=i) for i in range(len(state.players))]
    while not GAME.is_over(state):
        seat = GAME.to_act(state)
        assert seat is not None
        legal = GAME.legal_actions(state)
        GAME.apply(state, bots[seat].pick(GAME, GAME.view(state, seat), legal), legal)
        conserved(state, list(state.factions))
    assert state.ended_by_limit or state.winner >= 0
    assert marquise_of(state).vp + duchy_of(state).vp > 0


# ------------------------------------------- a faction's own rules, plugged in
def test_a_faction_says_what_its_crafted_items_score() -> None:
    """The Eyrie's Disdain for Trade (7.2.3) is a faction module's answer: the
    test Owls score 1 for an item whose card lists 2."""
    state = blank("marquise,owls,duchy", OWLS, "owl_hop")
    put(state, 1, buildings=("nest",))  # Hill, a fox clearing
    (anvil,) = give(state, OWLS, "fox-anvil")
    act(state, Craft(card=anvil, using=("fox",)))
    owls = state.player(OWLS)
    assert owls.items == ["hammer"] and owls.points == {"crafting": 1}


def test_a_faction_deals_its_extra_hits_and_scores_after_a_battle() -> None:
    """The Commander's extra hit and the Despot's point (7.8) are a faction
    module's answers: the Owls roll 1 and 0 against a lone Duchy warrior with
    a citadel, and with their extra hit take both; they score the citadel,
    and one more for removing a building in the battle."""
    state = blank("marquise,owls,duchy", OWLS, "owl_hop")
    put(state, 7, moles=1, buildings=("citadel",))
    put_warriors(state, OWLS, 7, 2)
    dice(state, 1, 0)
    act(state, Battle(clearing=7))
    assert core.warriors(state, DUCHY, 7) == 0 and state.clearings[7].buildings == []
    assert state.player(OWLS).points == {"removing pieces": 1, "spoils": 1}
    # Without a building or token removed, no extra point.
    put(state, 9, moles=2)
    put_warriors(state, OWLS, 9, 1)
    dice(state, 1, 0)
    act(state, Battle(clearing=9))
    assert core.warriors(state, DUCHY, 9) == 0
    assert state.player(OWLS).points == {"removing pieces": 1, "spoils": 1}


def test_points_lost_stop_at_zero() -> None:
    state = blank("marquise,owls,duchy", OWLS, "owl_hop")
    owls = state.player(OWLS)
    owls.vp = 2
    core.lose(state, OWLS, 3, "Humiliate")
    assert owls.vp == 0 and owls.points == {"Humiliate": -2}
    assert core.lose(state, OWLS, 1, "Humiliate") == []
