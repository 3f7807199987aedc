"""The battle preview's numbers against hand-built positions, and against
the battles the engine then plays: no roll ever deals more than the preview
said, an ambush deals what it said, and the preview reads only what the
attacker may see (the defender's hand face down)."""

from __future__ import annotations

import re

from boardgames_tui.games.root import GAME
from boardgames_tui.games.root.actions import Battle, Decline, PlayAmbush
from boardgames_tui.ui.root.preview import outlook, words
from tests.games.root.pieces import cats_in

from .helpers import CATS, DUCHY, act, blank, craft_for, dice, give, put


def test_the_dice_are_capped_by_the_warriors_there() -> None:
    state = blank()
    put(state, 6, cats=2, moles=5)
    o = outlook(state, CATS, 6)
    assert (o.attacker_deals, o.defender_deals) == (2, 3)
    assert (o.attacker_warriors, o.defender_warriors) == (2, 5)
    assert not o.defenceless
    put(state, 6, cats=3)
    assert outlook(state, CATS, 6).attacker_deals == 3  # a die reads at most 3


def test_a_defender_without_warriors_is_defenceless() -> None:
    state = blank(turn=DUCHY, step="assembly")
    put(state, 2, cats=0, moles=3, buildings=("sawmill",), wood=1)
    o = outlook(state, DUCHY, 2)
    assert o.defenceless
    assert (o.attacker_deals, o.defender_deals) == (4, 0)
    assert o.defender_pieces == 2  # the sawmill and the wood
    assert "defenceless" in " ".join(words(o))


def test_crafted_effects_add_their_hits() -> None:
    state = blank()
    put(state, 6, cats=4, moles=2)
    craft_for(state, CATS, "bird-brutal-tactics")
    craft_for(state, DUCHY, "bird-sappers")
    craft_for(state, DUCHY, "bird-armorers")
    o = outlook(state, CATS, 6)
    assert (o.attacker_deals, o.defender_deals) == (4, 3)
    assert o.brutal_tactics and o.sappers and o.defender_armorers
    text = " ".join(words(o))
    assert "Brutal Tactics" in text and "Sappers" in text and "Armorers" in text


def test_an_ambush_is_a_possibility_only_when_the_defender_holds_cards() -> None:
    state = blank()
    put(state, 6, cats=2, moles=1)
    o = outlook(state, CATS, 6)
    assert not o.ambush_possible
    assert "No ambush: the Duchy holds no cards." in words(o)
    give(state, DUCHY, "fox-favor-of-the-foxes")  # any card: the attacker cannot tell which
    seen = GAME.view(state, state.seat_of[CATS])
    o = outlook(seen, CATS, 6)
    assert o.ambush_possible and o.ambush_hits == 2
    # Two warriors: an ambush would leave none to roll for.
    assert o.deals_after_ambush == 0
    assert "an ambush would deal 2 hits to you first, ending the battle." in " ".join(words(o))


def test_the_view_shows_nothing_of_the_defenders_hand() -> None:
    """The same words whether the defender's one card is an ambush or not."""
    texts = []
    for design in ("fox-ambush", "fox-favor-of-the-foxes"):
        state = blank()
        put(state, 6, cats=5, moles=1)
        give(state, DUCHY, design)
        seen = GAME.view(state, state.seat_of[CATS])
        texts.append(words(outlook(seen, CATS, 6)))
    assert texts[0] == texts[1]
    assert "then you deal up to 3" in " ".join(texts[0])


def test_scouting_party_and_a_cancelling_ambush() -> None:
    state = blank()
    put(state, 6, cats=4, moles=1)
    give(state, DUCHY, "fox-favor-of-the-foxes")
    give(state, CATS, "fox-ambush")
    o = outlook(state, CATS, 6)
    assert o.can_cancel
    assert "(you hold one to cancel it)" in " ".join(words(o))
    craft_for(state, CATS, "mouse-scouting-party")
    o = outlook(state, CATS, 6)
    assert o.scouted and not o.ambush_possible
    assert "Scouting Party: no ambush." in words(o)


def test_the_engine_deals_at_most_what_the_preview_says_and_the_best_roll_that() -> None:
    """Every roll, as the engine plays it (its dice line in the log): the
    hits dealt never pass the preview's, and the best roll deals exactly
    that, defenceless included."""
    for moles in (0, 1, 2, 4):
        for cats in (1, 2, 5):
            most = [0, 0]
            for high in range(4):
                for low in range(high + 1):
                    state = blank()
                    put(state, 6, cats=cats, moles=moles, buildings=("citadel",))
                    o = outlook(state, CATS, 6)
                    dice(state, high, low)
                    legal = GAME.legal_actions(state)
                    events = GAME.apply(state, Battle(clearing=6), legal)
                    line = next(e.text for e in events if e.text.startswith("Dice:"))
                    found = re.search(r"the Marquise deals (\d+), the Duchy (\d+)", line)
                    assert found is not None, line
                    dealt = int(found[1]) + ("extra hit" in line)
                    back = int(found[2])
                    assert dealt <= o.attacker_deals and back <= o.defender_deals
                    most = [max(most[0], dealt), max(most[1], back)]
            assert most == [o.attacker_deals, o.defender_deals], (cats, moles)


def test_an_ambush_deals_what_the_preview_said() -> None:
    state = blank()
    put(state, 6, cats=4, moles=1)
    (ambush,) = give(state, DUCHY, "fox-ambush")
    o = outlook(state, CATS, 6)
    dice(state, 0, 0)
    act(state, Battle(clearing=6))
    assert state.stack[-1].kind == "ambush"
    act(state, PlayAmbush(card=ambush))
    if state.stack and state.stack[-1].kind == "counter":
        act(state, Decline())
    assert cats_in(state.clearings[6]) == 4 - o.ambush_hits
