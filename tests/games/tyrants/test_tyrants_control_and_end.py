"""Control, total control and the site control markers; the end of the turn
in the published order; the end of the game and final scoring."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from boardgames_tui.engine.data import to_json
from boardgames_tui.engine.game import copy_state
from boardgames_tui.games.tyrants import GAME
from boardgames_tui.games.tyrants import actions as a
from boardgames_tui.games.tyrants.model import (
    WHITE,
    TyrantsState,
    controller,
    score_breakdown,
    total_control,
)

from .helpers import ANA, BEN, CAL, act, clear, put, spy, table


def site(state: TyrantsState, space: str, *colours: int) -> None:
    clear(state, space)
    for colour in colours:
        put(state, space, colour)


# ----------------------------------------------------------------- control
def test_control_is_more_troops_than_any_other_single_colour_white_included() -> None:
    s = table()
    site(s, "menzoberranzan", WHITE, WHITE, ANA)
    assert controller(s, "menzoberranzan") is None  # white has more
    site(s, "menzoberranzan", WHITE, WHITE, ANA, ANA)
    assert controller(s, "menzoberranzan") is None  # a tie
    site(s, "menzoberranzan", WHITE, WHITE, ANA, ANA, ANA, BEN)
    assert controller(s, "menzoberranzan") == ANA
    site(s, "menzoberranzan", ANA, BEN)
    assert controller(s, "menzoberranzan") is None
    site(s, "menzoberranzan")
    assert controller(s, "menzoberranzan") is None


def test_total_control_fills_every_space_and_allows_no_enemy_spy() -> None:
    s = table()
    site(s, "llacerellyn", ANA)
    assert not total_control(s, "llacerellyn", ANA)  # one space still empty
    put(s, "llacerellyn", ANA)
    spy(s, "llacerellyn", ANA)
    assert total_control(s, "llacerellyn", ANA)  # her own spy is no enemy
    spy(s, "llacerellyn", BEN)
    assert not total_control(s, "llacerellyn", ANA)
    assert controller(s, "llacerellyn") == ANA


def test_a_marker_follows_control_and_gives_influence_at_once_on_your_turn() -> None:
    s = table(power=2)
    put(s, "chasm-menzo-b", ANA)
    site(s, "menzoberranzan", WHITE)
    act(s, a.Deploy(space="menzoberranzan"))
    assert s.markers["menzoberranzan"] is None  # tied with white
    act(s, a.Deploy(space="menzoberranzan"))
    assert s.markers["menzoberranzan"] == ANA and s.players[ANA].influence == 1


def test_a_marker_gives_its_influence_once_a_turn() -> None:
    s = table(power=7)
    put(s, "chasm-menzo-b", ANA)
    site(s, "menzoberranzan", ANA, BEN)
    act(s, a.Deploy(space="menzoberranzan"))
    assert s.players[ANA].influence == 1
    put(s, "menzoberranzan", BEN)  # Ben draws level: the marker goes back ...
    act(s, a.Deploy(space="chasm-menzo-a"))
    assert s.markers["menzoberranzan"] is None
    act(s, a.Assassinate(space="menzoberranzan", colour=BEN))  # ... and comes back
    assert s.markers["menzoberranzan"] == ANA and s.players[ANA].influence == 1


def test_marker_influence_at_the_start_of_the_holders_turn() -> None:
    s = table(deck=["noble"] * 5)
    site(s, "menzoberranzan", BEN, BEN, WHITE)
    act(s, a.EndTurn())  # the marker is Ben's once anything happens
    assert s.current == BEN and s.markers["menzoberranzan"] == BEN
    assert s.players[BEN].influence == 1


def test_marker_vp_at_the_end_of_the_turn_only_with_total_control() -> None:
    s = table(deck=["noble"] * 5)
    site(s, "tsenviilyq", ANA, ANA, ANA)
    act(s, a.EndTurn())
    assert s.players[ANA].vp == 1
    s = table(deck=["noble"] * 5)
    site(s, "tsenviilyq", ANA, ANA, ANA)
    spy(s, "tsenviilyq", BEN)
    act(s, a.EndTurn())
    assert s.players[ANA].vp == 0 and s.markers["tsenviilyq"] == ANA


@given(st.lists(st.sampled_from([WHITE, ANA, BEN, CAL]), max_size=6))
def test_control_property(colours: list[int]) -> None:
    s = table(3, standard_troops=False)
    s.troops["menzoberranzan"] = tuple(colours)
    s.reaches.clear()
    s.troops_moved = True
    counts = {c: colours.count(c) for c in set(colours)}
    winners = [c for c, n in counts.items() if all(n > m for d, m in counts.items() if d != c)]
    expected = winners[0] if winners and winners[0] != WHITE else None
    assert controller(s, "menzoberranzan") == expected
    full = len(colours) == 6 and len(counts) == 1
    for seat in (ANA, BEN, CAL):
        assert total_control(s, "menzoberranzan", seat) == (full and colours[0] == seat)


# -------------------------------------------------------------- end of turn
def test_end_of_turn_promotes_then_discards_then_draws_five() -> None:
    # Deck empty: the five cards drawn come from the discard pile, which by
    # then holds the hand and the played cards, but not the promoted one.
    s = table(hand=["wyrmspeaker", "noble", "soldier", "house-guard"])
    for c in ("wyrmspeaker", "noble", "soldier"):
        act(s, a.PlayCard(card=c))
    act(s, a.EndTurn(), a.Promote(card="soldier"))
    p = s.players[ANA]
    assert p.inner_circle == ["soldier"]
    assert sorted(p.hand) == ["house-guard", "noble", "wyrmspeaker"] and p.discard == []


def test_draw_five_reshuffles_the_discard_pile_when_the_deck_runs_out() -> None:
    s = table(hand=["noble"], deck=["soldier", "soldier"], discard=["advocate"] * 4)
    act(s, a.EndTurn())
    p = s.players[ANA]
    assert sorted(p.hand) == ["advocate"] * 3 + ["soldier"] * 2
    assert len(p.deck) + len(p.discard) == 2


def test_markers_pay_vp_after_the_promotions() -> None:
    s = table(hand=["blue-dragon", "noble", "soldier"], deck=["noble"] * 5)
    s.players[ANA].inner_circle = ["noble"]
    site(s, "tsenviilyq", ANA, ANA, ANA)
    for c in ("noble", "soldier", "blue-dragon"):
        act(s, a.PlayCard(card=c))
    events = act(s, a.EndTurn(), a.Promote(card="noble"), a.Promote(card="soldier"))
    texts = [e.text for e in events]
    promote = max(i for i, t in enumerate(texts) if "promotes" in t)
    marker = next(i for i, t in enumerate(texts) if "total control" in t)
    draws = next(i for i, t in enumerate(texts) if "draws" in t)
    assert promote < marker < draws
    assert s.players[ANA].vp == 1 + 1  # Blue Dragon: 3 inner-circle cards; the marker: 1


# ---------------------------------------------------------------- the end
def test_the_last_troop_ends_the_game_when_the_round_is_complete() -> None:
    s = table(3, deck=["noble"] * 10)
    for p in s.players:
        p.deck = ["noble"] * 10
    act(s, a.EndTurn())
    s.players[BEN].troops = 1
    s.players[BEN].power = 1
    act(s, a.Deploy(space="ched-llace-a"))
    assert s.end_reason and s.phase == "main"
    act(s, a.EndTurn())
    assert s.current == CAL and not GAME.is_over(s)  # Cal still plays
    act(s, a.EndTurn())
    assert GAME.is_over(s) and GAME.to_act(s) is None and GAME.legal_actions(s) == []


def test_the_last_player_of_the_round_ends_the_game_at_once() -> None:
    s = table(2, deck=["noble"] * 10)
    s.players[BEN].deck = ["noble"] * 10
    act(s, a.EndTurn())
    s.players[BEN].troops = 1
    s.players[BEN].power = 1
    act(s, a.Deploy(space="ched-llace-a"), a.EndTurn())
    assert GAME.is_over(s)


def test_the_market_deck_running_out_ends_the_game_and_the_market_shrinks() -> None:
    s = table(influence=10, deck=["noble"] * 5)
    s.players[BEN].deck = ["noble"] * 5
    s.market_deck = ["deathblade"]
    s.market = ["advocate", "blackguard"]
    act(s, a.Recruit(card="advocate"))
    assert s.end_reason and s.market == ["blackguard", "deathblade"] and s.market_deck == []
    act(s, a.Recruit(card="blackguard"))
    assert s.market == ["deathblade"]
    act(s, a.EndTurn(), a.EndTurn())
    assert GAME.is_over(s)


def test_final_scoring_breakdown() -> None:
    s = table(deck=[])
    p = s.players[ANA]
    site(s, "llacerellyn", ANA, ANA)  # 2 VP, total control: +2
    site(s, "kanaglym", ANA, BEN, ANA)  # 3 VP
    site(s, "eryndlyn", ANA, BEN)  # tied: nothing
    p.trophies = {"1": 2, "white": 3}
    p.deck, p.hand, p.discard = ["bounty-hunter"], ["insane-outcast"], ["deathblade", "noble"]
    p.inner_circle = ["advocate", "noble"]
    p.vp = 4
    assert score_breakdown(s, ANA) == {
        "sites": 5,
        "total control": 2,
        "trophies": 5,
        "deck": 2 - 1 + 3 + 0,
        "inner circle": 2 + 1,
        "tokens": 4,
    }
    results = GAME.outcome(s).results
    assert results[ANA].score == 5 + 2 + 5 + 4 + 3 + 4
    assert results[ANA].breakdown == score_breakdown(s, ANA)


# -------------------------------------------------------------- hidden cards
def dump(state: TyrantsState) -> str:
    return json.dumps(to_json(state), sort_keys=True)


def mid_game(seed: int = 3) -> TyrantsState:
    from boardgames_tui.engine.bots import get_bot

    from .helpers import seats

    s = GAME.setup(seats(3), None, seed)
    bot = get_bot("random", seed=seed)
    for _ in range(150):
        GAME.apply(s, bot.choose(GAME, s))
    return s


def test_the_view_hides_hands_and_every_decks_order() -> None:
    s = mid_game()
    seat = GAME.to_act(s)
    assert seat is not None
    view = GAME.view(s, seat)
    for other, (p, q) in enumerate(zip(s.players, view.players, strict=True)):
        assert q.hand_size() == p.hand_size() and q.deck_size() == p.deck_size()
        assert q.discard == p.discard and q.inner_circle == p.inner_circle
        if other == seat:
            assert q.hand == p.hand and q.deck == sorted(p.deck)
        else:
            assert q.hand == [] and q.deck == [] and q.unseen == sorted(p.hand + p.deck)
    assert view.market == s.market and view.market_deck == sorted(s.market_deck)
    assert dump(s) != dump(view)


def test_states_differing_only_in_hidden_cards_look_the_same() -> None:
    s = mid_game()
    seat = GAME.to_act(s)
    assert seat is not None
    other = copy_state(s)
    them = other.players[(seat + 1) % 3]
    assert them.hand and them.deck
    them.hand[0], them.deck[-1] = them.deck[-1], them.hand[0]
    other.rng.shuffle(them.deck)
    other.rng.shuffle(other.players[seat].deck)
    other.rng.shuffle(other.market_deck)
    other.rng.next_u64()  # where the generator stands is hidden too
    assert dump(GAME.view(s, seat)) == dump(GAME.view(other, seat))
    assert GAME.legal_actions(GAME.view(other, seat)) == GAME.legal_actions(s)
