"""The Aberrations and Undead half-decks: the data against
shared/facts/tyrants-expansion-cards.md, the rule patterns they add (forced
discards chosen by the discarding seat, reactions to an opponent's discard,
cards played from the market or the inner circle, the devoured pile as a
market, trophy-hall troops deployed again), every pairing of the six
half-decks conserving every component, and the views of a forced discard.

Each card's own test is in test_tyrants_every_card.py."""

from __future__ import annotations

import itertools
import json
from collections import Counter
from typing import Any

import pytest

from boardgames_tui.engine.bots import Bot, Budget, get_bot
from boardgames_tui.engine.bots.ismcts import SearchBot
from boardgames_tui.engine.data import to_json
from boardgames_tui.engine.rng import Rng
from boardgames_tui.games.tyrants import GAME
from boardgames_tui.games.tyrants import actions as a
from boardgames_tui.games.tyrants.board import troop_spaces
from boardgames_tui.games.tyrants.cards import HALF_DECKS, half_deck, supply_piles
from boardgames_tui.games.tyrants.model import (
    TyrantsState,
    all_cards,
    controller,
    inventory,
    score_breakdown,
)
from boardgames_tui.games.tyrants.options import TyrantsOptions

from .facts import expansion_text, section
from .helpers import ANA, BEN, CAL, act, play, seats, spy, table

EXPANSION = {"half_decks": ("aberrations", "undead")}
PAIRINGS = list(itertools.combinations(HALF_DECKS, 2))


# ------------------------------------------------------------------- the data
@pytest.mark.parametrize(
    ("deck", "heading", "deck_vp", "circle_vp"),
    [("aberrations", "3. Aberrations", 66, 152), ("undead", "4. Undead", 55, 131)],
)
def test_the_expansion_decks_as_in_the_facts(
    deck: Any, heading: str, deck_vp: int, circle_vp: int
) -> None:
    cards = half_deck(deck)
    assert sum(c.copies for c in cards) == 40 and len(cards) == 20
    assert sum(c.copies * c.deck_vp for c in cards) == deck_vp
    assert sum(c.copies * (c.inner_circle_vp or 0) for c in cards) == circle_vp
    assert Counter(c.aspect for c in cards for _ in range(c.copies)) == {
        "ambition": 10,
        "conquest": 10,
        "guile": 10,
        "malice": 10,
    }
    rows = section(expansion_text(), heading)
    ours = {c.name: c for c in cards}
    assert sorted(r["card"] for r in rows) == sorted(ours)
    for row in rows:
        c = ours[row["card"]]
        vp = tuple(int(v) for v in row["VP"].split("/"))
        want = (int(row["#"]), int(row["cost"]), vp, row["aspect"].lower(), row["type"].lower())
        got = (c.copies, c.cost, (c.deck_vp, c.inner_circle_vp), c.aspect, c.minion)
        assert got == want, c.name


def test_fifteen_pairings_and_the_outcasts_only_with_demons() -> None:
    assert len(PAIRINGS) == 15
    for pair in PAIRINGS:
        options = TyrantsOptions(half_decks=pair)
        assert options.half_decks == pair
        names = [c.name for c in supply_piles(pair)]
        assert ("Insane Outcast" in names) == ("demons" in pair)
    state = GAME.setup(seats(2), {"half_decks": ["aberrations", "undead"]}, 3)
    assert len(state.market) + len(state.market_deck) == 80
    assert "insane-outcast" not in state.piles


# ---------------------------------------------------------- forced discards
def forcing(n: int = 2, **kw: Any) -> TyrantsState:
    """Ana holds a Cranium Rats (and what ``hand`` adds); Ben holds ``ben``."""
    ben = kw.pop("ben")
    s = table(n, hand=["cranium-rats", *kw.pop("hand", ())], options=EXPANSION, **kw)
    s.players[BEN].hand = list(ben)
    return s


def rats(s: TyrantsState) -> None:
    play(
        s, "cranium-rats", a.Deploy(space="erynd-llace"), a.Deploy(space="llacerellyn"), done=False
    )


def test_the_discarding_seat_decides_and_the_turn_comes_back() -> None:
    s = forcing(ben=["noble", "soldier", "spectator", "wight"])
    rats(s)
    assert GAME.to_act(s) == BEN and s.current == ANA
    assert GAME.prompt(s) == "Ben: discard a card of your choice (Cranium Rats of Ana)."
    assert [GAME.describe(s, x) for x in GAME.legal_actions(s)] == [
        "Discard Noble.",
        "Discard Soldier.",
        "Discard Spectator.",
        "Discard Wight.",
    ]
    events = act(s, a.DiscardCard(card="wight"))
    assert s.players[BEN].discard == ["wight"] and GAME.to_act(s) == ANA and not s.jobs
    assert [e.reveals for e in events if "discards" in e.text] == [True]


def test_a_reaction_needs_an_opponent_to_force_the_discard() -> None:
    # Paying an Insane Outcast's cost with a Grimlock: the owner's own choice, no draw.
    s = table(
        hand=["insane-outcast", "grimlock"],
        deck=["noble", "noble"],
        options={"half_decks": ("demons", "aberrations")},
    )
    play(s, "insane-outcast", a.DiscardCard(card="grimlock"))
    assert s.players[ANA].hand == [] and s.players[ANA].deck == ["noble", "noble"]
    # The end-of-turn discard is no forced discard either.
    s = table(hand=["grimlock"], deck=["noble"] * 5, options=EXPANSION)
    act(s, a.EndTurn())
    assert s.players[ANA].discard == ["grimlock"] and len(s.players[ANA].hand) == 5


def test_reactions_chain_until_a_card_without_one() -> None:
    """Ruling R-REACTION-CHAIN: Umber Hulk's discard is itself forced by an
    opponent, so it may be answered; the chain ends with a Grimlock."""
    s = forcing(
        hand=["umber-hulk", "noble"],
        ben=["umber-hulk", "grimlock", "noble", "noble"],
    )
    s.players[BEN].deck = ["soldier", "spectator"]
    rats(s)
    act(s, a.DiscardCard(card="umber-hulk"))  # Ben: Ana must discard
    assert GAME.to_act(s) == ANA
    act(s, a.DiscardCard(card="umber-hulk"))  # Ana: Ben must discard again
    assert GAME.to_act(s) == BEN
    act(s, a.DiscardCard(card="grimlock"))  # Ben draws 2: the chain ends
    assert not s.jobs and GAME.to_act(s) == ANA
    assert s.players[ANA].hand == ["noble"] and s.players[ANA].discard == ["umber-hulk"]
    assert s.players[BEN].discard == ["umber-hulk", "grimlock"]
    assert sorted(s.players[BEN].hand) == ["noble", "noble", "soldier", "spectator"]


def test_neogi_at_the_end_of_the_turn_and_an_umber_hulk_answer() -> None:
    s = table(hand=["neogi", "noble"], deck=["soldier"] * 5, options=EXPANSION)
    s.players[BEN].hand = ["umber-hulk"]
    play(
        s,
        "neogi",
        *(a.Deploy(space=x) for x in ("erynd-llace", "llacerellyn", "llacerellyn", "erynd-kana-a")),
    )
    act(s, a.EndTurn())  # Ben's one card goes at once; Ana, with one card, too
    assert s.players[BEN].discard == ["umber-hulk"]
    assert s.players[ANA].hand == ["soldier"] * 5 and "noble" in s.players[ANA].discard
    assert s.current == BEN and s.phase == "main"


def test_an_empty_hand_discards_nothing() -> None:
    s = table(3, hand=["neogi"], options=EXPANSION)
    s.players[CAL].hand = ["noble"]
    play(
        s,
        "neogi",
        *(a.Deploy(space=x) for x in ("erynd-llace", "llacerellyn", "llacerellyn", "erynd-kana-a")),
    )
    events = act(s, a.EndTurn())
    assert any(e.text == "Ben has no card to discard." for e in events)
    assert s.players[CAL].discard == ["noble"] and s.current == BEN


# ----------------------------------------------------------- views and bots
def pending_discard(hand: list[str]) -> TyrantsState:
    s = forcing(ben=hand)
    rats(s)
    assert GAME.to_act(s) == BEN
    return s


def dump(state: TyrantsState) -> str:
    return json.dumps(to_json(state), sort_keys=True)


def test_a_forced_discard_hides_the_hand_from_the_others() -> None:
    one = pending_discard(["grimlock", "noble", "noble", "wight"])
    two = pending_discard(["ambassador", "soldier", "noble", "wight"])
    one.players[BEN].deck, two.players[BEN].deck = ["ambassador", "soldier"], ["grimlock", "noble"]
    for seat in (ANA, None):
        assert dump(GAME.view(one, seat)) == dump(GAME.view(two, seat))
        assert GAME.prompt(GAME.view(one, seat)) == GAME.prompt(GAME.view(two, seat))
    mine = GAME.view(one, BEN)
    assert sorted(mine.players[BEN].hand) == ["grimlock", "noble", "noble", "wight"]
    assert GAME.legal_actions(mine) == GAME.legal_actions(one)


def test_a_determinization_deals_the_discarding_hand_from_the_unseen_cards() -> None:
    """Ana's search, while Ben must discard: Ben's hand is dealt from what Ana
    has not seen (his hand and deck together), by the size she sees."""
    s = pending_discard(["grimlock", "noble", "noble", "wight"])
    s.players[BEN].deck = ["ambassador", "soldier"]
    view = GAME.view(s, ANA)
    pool = Counter(["grimlock", "noble", "noble", "wight", "ambassador", "soldier"])
    hands = set()
    for seed in range(12):
        dealt = GAME.determinize(view, ANA, Rng.from_seed(seed))
        ben = dealt.players[BEN]
        assert len(ben.hand) == 4 and Counter(ben.hand + ben.deck) == pool
        assert GAME.legal_actions(dealt) == [a.DiscardCard(card=c) for c in sorted(set(ben.hand))]
        hands.add(tuple(sorted(ben.hand)))
    assert len(hands) > 1


@pytest.mark.parametrize("bot", ["tyrants", "greedy", "search"])
def test_the_bots_make_the_out_of_turn_decisions(bot: str) -> None:
    s = pending_discard(["umber-hulk", "house-guard", "wight", "spectator"])
    chooser: Bot = (
        SearchBot(seed=1, budget=Budget(seconds=None, playouts=24))
        if bot == "search"
        else get_bot(bot, seed=1, game=GAME)
    )
    legal = GAME.legal_actions(s)
    choice = chooser.choose(GAME, GAME.view(s, BEN), legal)
    assert choice in legal
    if bot == "tyrants":
        assert choice == a.DiscardCard(card="umber-hulk")  # it answers: Ana discards


# -------------------------------------------------- trophies, the piles, play
def test_a_trophy_deployed_again_leaves_the_hall_and_its_vp() -> None:
    s = table(hand=["lich"], options=EXPANSION)
    s.players[BEN].trophies = {"0": 1, "white": 2}
    s.players[ANA].troops -= 1
    s.whites_in_box -= 2
    before = score_breakdown(s, BEN)["trophies"]
    play(
        s,
        "lich",
        a.PlaceSpy(site="ched-nasad"),
        a.TakeTrophy(hall=BEN, colour=ANA),
        a.MoveTo(space="ched-nasad"),
        a.Stop(),
    )
    assert score_breakdown(s, BEN)["trophies"] == before - 1 == 2
    assert s.troops["ched-nasad"].count(ANA) == 1 and s.players[ANA].troops == 38


def test_a_card_played_from_elsewhere_stays_where_its_own_effect_sends_it() -> None:
    """Ruling R-PLAY-FROM: Ulitharid's Carrion Crawler goes into the market,
    not the devoured pile; Elder Brain's Skeletal Horde, devoured, does not
    come back to the inner circle."""
    s = table(hand=["ulitharid"], options=EXPANSION)
    s.market_deck.extend(s.market)
    s.market = ["carrion-crawler", "lich", "vampire", "aboleth", "neogi", "elder-brain"]
    play(s, "ulitharid", a.DevourMarket(card="lich"))
    assert s.devoured == ["lich"] and "carrion-crawler" in s.market and len(s.market) == 6
    assert s.players[ANA].power == 3 and s.players[ANA].played == ["ulitharid", None]
    s = table(hand=["elder-brain"], deck=["noble"], options=EXPANSION)
    s.players[ANA].inner_circle = ["skeletal-horde"]
    play(
        s,
        "elder-brain",
        a.PlayCard(card="skeletal-horde"),
        a.Deploy(space="erynd-llace"),
        a.Deploy(space="llacerellyn"),
        a.DevourCard(card="skeletal-horde"),
        *(a.Deploy(space=x) for x in ("llacerellyn", "erynd-kana-a", "erynd-kana-b")),
    )
    assert s.players[ANA].inner_circle == ["noble"] and s.devoured == ["skeletal-horde"]


def test_a_free_recruit_may_take_the_open_devoured_card() -> None:
    s = table(hand=["ghost", "conjurer"], options=EXPANSION)
    s.devoured = ["wight"]
    for site in ("kanaglym", "skullport"):
        spy(s, site, ANA)
    play(s, "ghost", a.ChooseOption(option=1), a.ReturnOwnSpy(site="kanaglym"))
    play(
        s,
        "conjurer",
        a.ChooseOption(option=1),
        a.ReturnOwnSpy(site="skullport"),
        a.RecruitDevoured(card="wight"),
        a.Stop(),
    )
    assert s.players[ANA].discard == ["wight"] and s.devoured == []


def test_one_site_means_a_site() -> None:
    """Ruling R-ONE-SITE: "all at one site" never picks a route space."""
    s = table(hand=["death-tyrant"], options=EXPANSION)
    play(s, "death-tyrant", done=False)
    assert GAME.legal_actions(s) == [a.Assassinate(space="eryndlyn", colour=BEN), a.Stop()]


# -------------------------------------------------------- every pairing
def box(state: TyrantsState) -> dict[str, int]:
    counts = {"vp": 120, "white": 40}
    for seat in range(len(state.players)):
        counts[f"troops {seat}"] = 40
        counts[f"spies {seat}"] = 5
    return counts


@pytest.mark.parametrize("pair", PAIRINGS, ids=["+".join(p) for p in PAIRINGS])
def test_every_pairing_conserves_everything(pair: tuple[str, str]) -> None:
    """A seeded game at 2, 3 and 4 players on each pairing, the rule bot (which
    plays every card) beside random bots, checked after every action and cut
    after 400 actions: the market turns over fast enough by then for the new
    cards to come out."""
    for n in (2, 3, 4):
        state = GAME.setup(seats(n), {"half_decks": pair}, 40 + n)
        bots = [
            get_bot("tyrants" if i % 2 == 0 else "random", seed=n * 10 + i, game=GAME)
            for i in range(n)
        ]
        cards = all_cards(state)
        for _ in range(400):
            if GAME.is_over(state):
                break
            seat = GAME.to_act(state)
            assert seat is not None
            legal = GAME.legal_actions(state)
            action = bots[seat].choose(GAME, GAME.view(state, seat), legal)
            assert "not in this game" not in GAME.describe(state, action)
            GAME.apply(state, action, legal)
            assert inventory(state) == box(state), action
            assert all_cards(state) == cards, action
            assert all(len(o) <= troop_spaces(sp) for sp, o in state.troops.items())
            assert all(h == controller(state, site) for site, h in state.markers.items())
            assert all(p.troops >= 0 and p.spies >= 0 for p in state.players)
