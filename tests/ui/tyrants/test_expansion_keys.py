"""The Aberrations' and Undead's decisions on the Tyrants screen's keys: who
must discard is a numbered choice, the devoured pile's open top card is a
card line Enter recruits, a card is pointed at where it lies (the market or
the inner circle for a card played from there, the hand, the played cards or
the discard pile for a promotion, the played cards for "devour this card"),
the digits answer a forced discard, and the hint says whose discard it is and
what N means for an Ambassador.  Then, over seeded games of the two decks,
the keys stand only for legal actions and reach every one."""

from __future__ import annotations

from boardgames_tui.engine.game import Action
from boardgames_tui.games.tyrants import GAME
from boardgames_tui.games.tyrants import actions as a
from boardgames_tui.games.tyrants.model import TyrantsState
from boardgames_tui.ui.tyrants import choices
from boardgames_tui.ui.tyrants.choices import Pointer
from tests.games.tyrants.helpers import ANA, BEN, CAL, act, play, spy, table

from .test_choices import positions, reachable

EXPANSION = {"half_decks": ("aberrations", "undead")}


def legal(state: TyrantsState) -> list[Action]:
    return list(GAME.legal_actions(state))


def enter(state: TyrantsState, pointer: Pointer) -> tuple[Action, ...]:
    return choices.at(state, legal(state), pointer).actions


def rows_of(state: TyrantsState, seat: int) -> list[Pointer]:
    return choices.card_rows(state, seat, legal(state))


def deploy_two(state: TyrantsState) -> None:
    act(state, a.Deploy(space="erynd-llace"), a.Deploy(space="llacerellyn"))


def test_who_must_discard_is_a_numbered_choice() -> None:
    s = table(3, hand=["cranium-rats", "noble"], options=EXPANSION)
    s.players[BEN].hand = ["noble"] * 4
    s.players[CAL].hand = ["soldier"] * 5
    play(s, "cranium-rats", done=False)
    deploy_two(s)
    found = legal(s)
    assert found == [a.MakeDiscard(seat=BEN), a.MakeDiscard(seat=CAL)]
    assert choices.numbered(s, found, 1).actions == (a.MakeDiscard(seat=CAL),)
    rows = rows_of(s, ANA)
    assert rows[:2] == [Pointer("choice", "0"), Pointer("choice", "1")]
    assert enter(s, rows[0]) == (a.MakeDiscard(seat=BEN),)
    assert "1-2: choose" in choices.hint(s, found, rows[0])


def ghost_opened(influence: int = 3) -> TyrantsState:
    s = table(hand=["ghost"], influence=influence, options=EXPANSION)
    s.devoured = ["noble", "wight"]
    spy(s, "kanaglym", ANA)
    play(s, "ghost", a.ChooseOption(option=1), a.ReturnOwnSpy(site="kanaglym"))
    return s


def test_the_devoured_top_card_is_a_card_line_enter_recruits() -> None:
    s = ghost_opened()
    rows = rows_of(s, ANA)
    top = Pointer("devoured", "wight")
    # Shown right after the market's six cards, before the piles.
    assert rows.index(top) == max(i for i, r in enumerate(rows) if r.zone == "market") + 1
    assert enter(s, top) == (a.RecruitDevoured(card="wight"),)
    assert ("devoured", "wight") in choices.live_cards(s, legal(s))
    assert "Tab: the market" in choices.hint(s, legal(s), Pointer("space", "eryndlyn"))
    assert "Enter: recruit Wight from the devoured pile" in choices.hint(s, legal(s), top)
    # Too dear: Enter says why.
    poor = ghost_opened(influence=2)
    pick = choices.at(poor, legal(poor), top)
    assert not pick.actions and pick.reason == "Wight costs 3 influence; you have 2."
    # Closed (another turn, or no Ghost): no line.
    s = table(hand=["noble"], options=EXPANSION)
    s.devoured = ["wight"]
    assert not any(r.zone == "devoured" for r in rows_of(s, ANA))


def test_a_free_recruit_takes_the_devoured_top_card_at_its_line() -> None:
    s = table(hand=["ghost", "conjurer"], options=EXPANSION)
    s.devoured = ["wight"]
    spy(s, "kanaglym", ANA)
    spy(s, "ched-nasad", ANA)
    play(s, "ghost", a.ChooseOption(option=1), a.ReturnOwnSpy(site="kanaglym"))
    play(s, "conjurer", a.ChooseOption(option=1), a.ReturnOwnSpy(site="ched-nasad"), done=False)
    assert enter(s, Pointer("devoured", "wight")) == (a.RecruitDevoured(card="wight"),)


def test_a_card_played_from_the_market_is_pointed_at_in_the_market() -> None:
    s = table(hand=["ulitharid"], options=EXPANSION)
    play(s, "ulitharid", done=False)
    options = legal(s)
    assert options and all(isinstance(o, a.PlayCard) for o in options)
    first = options[0]
    assert isinstance(first, a.PlayCard)
    slot = s.market.index(first.card)
    assert enter(s, Pointer("market", first.card, slot)) == (first,)
    # Not in the hand, and the digits are no hand cards now.
    assert "1-9" not in choices.hint(s, options, Pointer("market", first.card, slot))


def test_a_card_played_from_the_inner_circle_is_pointed_at_there() -> None:
    s = table(hand=["elder-brain"], deck=["noble"], options=EXPANSION)
    s.players[ANA].inner_circle = ["spectator"]
    play(s, "elder-brain", done=False)
    rows = rows_of(s, ANA)
    inner = Pointer("inner", "spectator", 0)
    assert inner in rows
    assert enter(s, inner) == (a.PlayCard(card="spectator"),)


def test_necromancer_promotes_from_where_each_card_lies() -> None:
    s = table(hand=["necromancer", "spectator"], discard=["wight"], options=EXPANSION)
    play(s, "necromancer", a.ChooseOption(option=1), done=False)
    rows = rows_of(s, ANA)
    played = Pointer("played", "necromancer", 0)
    hand = Pointer("hand", "spectator", 0)
    discard = Pointer("discard", "wight", 0)
    assert {played, hand, discard} <= set(rows)
    assert enter(s, played) == (a.Promote(card="necromancer", pile="played"),)
    assert enter(s, hand) == (a.Promote(card="spectator", pile="hand"),)
    assert enter(s, discard) == (a.Promote(card="wight", pile="discard"),)
    assert choices.numbered(s, legal(s), 0).actions == (a.Promote(card="spectator", pile="hand"),)


def test_devour_this_card_is_pointed_at_among_the_played_cards() -> None:
    s = table(hand=["skeletal-horde"], options=EXPANSION)
    play(s, "skeletal-horde", done=False)
    deploy_two(s)
    assert legal(s) == [a.DevourCard(card="skeletal-horde"), a.Stop()]
    played = Pointer("played", "skeletal-horde", 0)
    assert enter(s, played) == (a.DevourCard(card="skeletal-horde"),)
    assert "Enter: devour Skeletal Horde to pay" in choices.hint(s, legal(s), played)


def test_a_forced_discard_has_its_hint_and_its_digits() -> None:
    s = table(3, hand=["cranium-rats", "noble"], options=EXPANSION)
    s.players[BEN].hand = ["noble", "spectator", "soldier", "wight"]
    s.players[CAL].hand = ["soldier"] * 4
    play(s, "cranium-rats", done=False)
    deploy_two(s)
    act(s, a.MakeDiscard(seat=BEN))
    assert s.jobs[-1].kind == "discard" and GAME.to_act(s) == BEN
    found = legal(s)
    pointer = Pointer("hand", "spectator", 1)
    text = choices.hint(s, found, pointer, cards=True)
    assert text.startswith("Ben: choose a card to discard (Cranium Rats made you)")
    assert "Enter: discard Spectator" in text and "1-9: that card of your hand" in text
    assert choices.numbered(s, found, 3).actions == (a.DiscardCard(card="wight"),)
    # Ben's panel shows Ben's hand; Ana's own hand is never in Ben's rows.
    assert [r.key for r in rows_of(s, BEN) if r.zone == "hand"] == s.players[BEN].hand


def test_neogis_discard_at_the_end_of_the_turn_takes_digits() -> None:
    s = table(3, hand=["neogi"], options=EXPANSION)
    s.players[BEN].hand = ["noble", "spectator"]
    s.players[CAL].hand = ["soldier"]
    play(s, "neogi", done=False)
    while not isinstance(legal(s)[0], a.EndTurn):
        act(s, legal(s)[0])
    act(s, a.EndTurn())
    assert s.phase == "ending" and GAME.to_act(s) == BEN
    found = legal(s)
    assert choices.numbered(s, found, 1).actions == (a.DiscardCard(card="spectator"),)
    assert choices.hint(s, found, None).startswith("Ben: choose a card to discard (Neogi made you)")


def test_an_ambassador_discarded_asks_with_n_meaning_leave_it() -> None:
    s = table(hand=["cranium-rats"], options=EXPANSION)
    s.players[BEN].hand = ["ambassador", "noble", "noble", "soldier"]
    play(s, "cranium-rats", done=False)
    deploy_two(s)
    act(s, a.DiscardCard(card="ambassador"))
    found = legal(s)
    assert found == [a.Promote(card="ambassador", pile="discard"), a.Stop()]
    rows = rows_of(s, BEN)
    pointer = Pointer("discard", "ambassador", 0)
    assert pointer in rows
    assert enter(s, pointer) == (found[0],)
    text = choices.hint(s, found, pointer, cards=True)
    assert "Enter: promote Ambassador instead of discarding it" in text
    assert "N: leave it discarded" in text and "N: stop" not in text


#: Seeded games of the two decks whose positions, together, hold their new
#: decisions (who discards, a forced discard, the devoured pile, playing from
#: elsewhere, devouring the played card, promoting from the hand).
EXPANSION_GAMES = [
    (3, 12, ("aberrations", "undead")),
    (4, 7, ("aberrations", "undead")),
    (2, 5, ("undead", "drow")),
]


def test_keys_reach_every_decision_of_the_two_decks() -> None:
    kinds: set[str] = set()
    for players, seed, decks in EXPANSION_GAMES:
        for state, found in positions(players, seed, decks, every=2, limit=500):
            keyed = reachable(state, found)
            assert keyed <= set(found), "a key stands for an action that is not legal"
            missing = set(found) - keyed
            assert not missing, f"no key reaches {missing}"
            kinds.update(x.kind for x in found)
    assert {"make_discard", "discard_card", "devour_card", "promote"} <= kinds, kinds


def test_c_shows_every_card_of_the_two_decks_in_full() -> None:
    """C's dialog for each of the forty designs: the name as its title, the
    cost, aspect and both VP, and the effect in words with every part of it
    (no card falls back to an empty or placeholder text)."""
    from boardgames_tui.games.tyrants.cards import half_deck
    from boardgames_tui.games.tyrants.effect_words import describe
    from boardgames_tui.ui.tyrants.dialogs import CardDialog

    designs = [c for deck in ("aberrations", "undead") for c in half_deck(deck)]
    assert len(designs) == 40
    for c in designs:
        dialog = CardDialog(c.id)
        assert dialog.title_text == c.name
        assert dialog.body == describe(c.effects) and dialog.body.endswith(".")
        assert "None" not in dialog.body and "?" not in dialog.body
        assert f"cost {c.cost}" in str(dialog.note) and f"{c.deck_vp} VP" in str(dialog.note)
    # The devoured pile's top card, under the map, reads like a market card's.
    s = ghost_opened()
    assert choices.at(s, legal(s), Pointer("devoured", "wight")).title == "Wight"


def test_the_hand_off_says_what_waits_for_the_discarding_player() -> None:
    s = table(3, hand=["cranium-rats", "noble"], options=EXPANSION)
    s.players[BEN].hand = ["ambassador", "spectator", "soldier", "wight"]
    s.players[CAL].hand = ["soldier"] * 4
    play(s, "cranium-rats", done=False)
    deploy_two(s)
    assert choices.waiting_words(s, ANA) == ""
    act(s, a.MakeDiscard(seat=BEN))
    assert (
        choices.waiting_words(s, BEN)
        == "Ana's Cranium Rats makes you discard a card of your choice."
    )
    act(s, a.DiscardCard(card="ambassador"))
    assert (
        choices.waiting_words(s, BEN)
        == "Your Ambassador was discarded: you may promote it instead."
    )
    act(s, a.Stop())
    # Back to Ana's own turn: nothing to explain.
    assert GAME.to_act(s) == ANA and choices.waiting_words(s, ANA) == ""
