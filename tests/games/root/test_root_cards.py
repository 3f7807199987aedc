"""The 54-card deck in assets/root/deck.json: validated on load, equal card by
card to the facts (shared/facts/root-cards.md section 1, restated here), and
every card described in words."""

from __future__ import annotations

import json
from collections import Counter
from typing import get_args

import pytest
from pydantic import ValidationError

from boardgames_tui.engine.assets import asset_path
from boardgames_tui.games.root.cards import (
    CARD_SUITS,
    ITEMS,
    PERSISTENT_KINDS,
    CardEffect,
    Deck,
    DominanceEffect,
    FavorEffect,
    ItemEffect,
    Persistent,
    card,
    cost_text,
    deck,
    describe,
    design,
    designs,
)

# The facts' table: suit, name, copies, cost (F fox, R rabbit, M mouse, ? any),
# kind, and for items the item and its points.
FACTS: list[tuple[str, str, int, str, str, str, int]] = [
    ("bird", "Ambush!", 2, "", "ambush", "", 0),
    ("bird", "Dominance", 1, "", "dominance", "", 0),
    ("bird", "Armorers", 2, "F", "armorers", "", 0),
    ("bird", "Sappers", 2, "M", "sappers", "", 0),
    ("bird", "Brutal Tactics", 2, "FF", "brutal_tactics", "", 0),
    ("bird", "Royal Claim", 1, "????", "royal_claim", "", 0),
    ("bird", "Woodland Runners", 1, "R", "item", "boots", 1),
    ("bird", "Birdy Bindle", 1, "M", "item", "bag", 1),
    ("bird", "Crossbow", 1, "F", "item", "crossbow", 1),
    ("bird", "Arms Trader", 1, "FF", "item", "sword", 2),
    ("fox", "Ambush!", 1, "", "ambush", "", 0),
    ("fox", "Dominance", 1, "", "dominance", "", 0),
    ("fox", "Stand and Deliver!", 2, "MMM", "stand_and_deliver", "", 0),
    ("fox", "Tax Collector", 3, "FRM", "tax_collector", "", 0),
    ("fox", "Favor of the Foxes", 1, "FFF", "favor", "", 0),
    ("fox", "Gently Used Knapsack", 1, "M", "item", "bag", 1),
    ("fox", "Root Tea", 1, "M", "item", "tea", 2),
    ("fox", "Travel Gear", 1, "R", "item", "boots", 1),
    ("fox", "Protection Racket", 1, "RR", "item", "coins", 3),
    ("fox", "Foxfolk Steel", 1, "FF", "item", "sword", 2),
    ("fox", "Anvil", 1, "F", "item", "hammer", 2),
    ("rabbit", "Ambush!", 1, "", "ambush", "", 0),
    ("rabbit", "Dominance", 1, "", "dominance", "", 0),
    ("rabbit", "Command Warren", 2, "RR", "command_warren", "", 0),
    ("rabbit", "Better Burrow Bank", 2, "RR", "better_burrow_bank", "", 0),
    ("rabbit", "Cobbler", 2, "RR", "cobbler", "", 0),
    ("rabbit", "Favor of the Rabbits", 1, "RRR", "favor", "", 0),
    ("rabbit", "Smuggler's Trail", 1, "M", "item", "bag", 1),
    ("rabbit", "Root Tea", 1, "M", "item", "tea", 2),
    ("rabbit", "A Visit to Friends", 1, "R", "item", "boots", 1),
    ("rabbit", "Bake Sale", 1, "RR", "item", "coins", 3),
    ("mouse", "Ambush!", 1, "", "ambush", "", 0),
    ("mouse", "Dominance", 1, "", "dominance", "", 0),
    ("mouse", "Scouting Party", 2, "MM", "scouting_party", "", 0),
    ("mouse", "Codebreakers", 2, "M", "codebreakers", "", 0),
    ("mouse", "Favor of the Mice", 1, "MMM", "favor", "", 0),
    ("mouse", "Mouse-in-a-Sack", 1, "M", "item", "bag", 1),
    ("mouse", "Root Tea", 1, "M", "item", "tea", 2),
    ("mouse", "Travel Gear", 1, "R", "item", "boots", 1),
    ("mouse", "Investments", 1, "RR", "item", "coins", 3),
    ("mouse", "Sword", 1, "FF", "item", "sword", 2),
    ("mouse", "Crossbow", 1, "F", "item", "crossbow", 1),
]
LETTER = {"fox": "F", "rabbit": "R", "mouse": "M", "any": "?"}


def kinds_of(union: object) -> set[str]:
    return {m.model_fields["kind"].default for m in get_args(get_args(union)[0])}


def raw() -> dict[str, list[dict[str, object]]]:
    data: dict[str, list[dict[str, object]]] = json.loads(
        asset_path("root", "deck.json").read_text()
    )
    return data


def test_loaded_once() -> None:
    assert designs() is designs() and deck() is deck()


def test_every_design_as_the_facts_say() -> None:
    rows = []
    for c in designs():
        e = c.effect
        item, vp = (e.item, e.vp) if isinstance(e, ItemEffect) else ("", 0)
        cost = "".join(LETTER[s] for s in c.cost)
        rows.append((c.suit, c.name, c.count, cost, c.kind, item, vp))
    assert rows == FACTS


def test_fifty_four_cards_fourteen_fourteen_thirteen_thirteen() -> None:
    cards = deck()
    assert len(cards) == 54 == sum(row[2] for row in FACTS)
    assert Counter(c.suit for c in cards) == {"bird": 14, "fox": 14, "rabbit": 13, "mouse": 13}
    assert [card(i) for i in range(54)] == list(cards)
    assert len({c.id for c in designs()}) == len(designs()) == 42


def test_five_ambushes_and_four_dominance_cards() -> None:
    cards = deck()
    ambush = Counter(c.suit for c in cards if c.kind == "ambush")
    assert ambush == {"bird": 2, "fox": 1, "rabbit": 1, "mouse": 1}
    dominance = [c for c in cards if c.kind == "dominance"]
    assert sorted(c.suit for c in dominance) == sorted(CARD_SUITS)
    for c in dominance:
        assert isinstance(c.effect, DominanceEffect) and c.effect.min_vp == 10
        assert c.effect.goal == ("opposite_corners" if c.suit == "bird" else "three_of_suit")
    assert all(not c.craftable and c.cost == () for c in cards if c.kind in ("ambush", "dominance"))


def test_twenty_items_twenty_two_persistent_three_favors() -> None:
    kinds = Counter("persistent" if c.persistent else c.kind for c in deck() if c.kind != "ambush")
    assert kinds == {"item": 20, "persistent": 22, "favor": 3, "dominance": 4}


def test_items_by_item_with_their_cost_and_points() -> None:
    items = [c for c in deck() if isinstance(c.effect, ItemEffect)]
    by_item = Counter(c.effect.item for c in items if isinstance(c.effect, ItemEffect))
    assert by_item == {
        "boots": 4,
        "bag": 4,
        "tea": 3,
        "coins": 3,
        "sword": 3,
        "crossbow": 2,
        "hammer": 1,
    }
    assert set(by_item) == set(ITEMS)
    # every card of an item costs and scores the same
    expected = {
        "boots": ("R", 1),
        "bag": ("M", 1),
        "tea": ("M", 2),
        "coins": ("RR", 3),
        "sword": ("FF", 2),
        "crossbow": ("F", 1),
        "hammer": ("F", 2),
    }
    for c in items:
        assert isinstance(c.effect, ItemEffect)
        cost = "".join(LETTER[s] for s in c.cost)
        assert (cost, c.effect.vp) == expected[c.effect.item], c.id


def test_the_persistent_effects_and_favors() -> None:
    persistent = {c.name: c.kind for c in designs() if c.persistent}
    assert persistent == {
        "Armorers": "armorers",
        "Sappers": "sappers",
        "Brutal Tactics": "brutal_tactics",
        "Royal Claim": "royal_claim",
        "Stand and Deliver!": "stand_and_deliver",
        "Tax Collector": "tax_collector",
        "Command Warren": "command_warren",
        "Better Burrow Bank": "better_burrow_bank",
        "Cobbler": "cobbler",
        "Scouting Party": "scouting_party",
        "Codebreakers": "codebreakers",
    }
    assert set(persistent.values()) == PERSISTENT_KINDS
    favors = [c for c in designs() if isinstance(c.effect, FavorEffect)]
    assert [(c.name, c.effect.suit) for c in favors if isinstance(c.effect, FavorEffect)] == [
        ("Favor of the Foxes", "fox"),
        ("Favor of the Rabbits", "rabbit"),
        ("Favor of the Mice", "mouse"),
    ]


def test_royal_claim_costs_four_of_any_suit() -> None:
    c = design("bird-royal-claim")
    assert c.cost == ("any",) * 4 and c.cost_counts() == {"any": 4}
    assert cost_text(c) == "4 of any suit"
    assert cost_text(design("fox-tax-collector")) == "1 fox, 1 rabbit and 1 mouse"
    with pytest.raises(KeyError):
        design("bird-nothing")


def test_when_persistent_effects_are_used() -> None:
    persistent = [(c.name, c.effect) for c in designs() if isinstance(c.effect, Persistent)]
    assert [c.name for c in designs() if c.persistent] == [name for name, _ in persistent]
    assert {name: e.timing for name, e in persistent} == {
        "Armorers": "battle",
        "Sappers": "battle",
        "Brutal Tactics": "battle",
        "Royal Claim": "Birdsong",
        "Stand and Deliver!": "Birdsong",
        "Tax Collector": "Daylight",
        "Command Warren": "start of Daylight",
        "Better Burrow Bank": "start of Birdsong",
        "Cobbler": "start of Evening",
        "Scouting Party": "battle",
        "Codebreakers": "Daylight",
    }
    assert {name for name, e in persistent if e.discard_to_use} == {
        "Armorers",
        "Sappers",
        "Royal Claim",
    }
    assert {name for name, e in persistent if e.once_per_turn} == {"Tax Collector", "Codebreakers"}


def test_every_effect_kind_is_on_some_card() -> None:
    assert {c.kind for c in designs()} == kinds_of(CardEffect)


def test_every_card_is_described_in_a_sentence() -> None:
    sentences = [describe(c) for c in designs()]
    assert len(set(sentences)) == len(sentences)
    for c, text in zip(designs(), sentences, strict=True):
        assert text.startswith(f"{c.name} ({c.suit}"), text
        assert text.endswith(".") and text.count(".") == 1 + c.name.count("."), text
        assert "_" not in text and "None" not in text and "  " not in text, text
        assert (f", one of {c.count} in the deck)" in text) == (c.count > 1), text
        assert "copies" not in text, text
        if c.craftable:
            assert f"craft with {cost_text(c)}" in text, text
        else:
            assert "cannot be crafted" in text, text
        if isinstance(c.effect, ItemEffect):
            assert c.effect.item in text and f"score {c.effect.vp} point" in text, text
    assert describe(design("bird-ambush")).count("any clearing") == 1
    assert "in a fox clearing" in describe(design("fox-ambush"))
    assert "opposite corner" in describe(design("bird-dominance"))
    assert "three mouse clearings" in describe(design("mouse-dominance"))
    assert "every rabbit clearing" in describe(design("rabbit-favor-of-the-rabbits"))


@pytest.mark.parametrize(
    ("index", "change", "message"),
    [
        (0, {"cost": ["fox"]}, "no cost"),
        (2, {"cost": []}, "no cost"),
        (5, {"cost": ["any", "fox"]}, "any suit"),
        (2, {"cost": ["bird"]}, "cost"),
        (2, {"id": "bird-armourers"}, "the id is the suit and the name"),
        (2, {"count": 0}, "count"),
        (2, {"effect": {"kind": "plunder"}}, "plunder"),
        (2, {"effect": {"kind": "armorers", "hits": 3}}, "hits"),
        (1, {"effect": {"kind": "dominance", "min_vp": 10, "goal": "three_of_suit"}}, "bird"),
        (14, {"effect": {"kind": "favor", "suit": "mouse"}}, "favor"),
        (16, {"effect": {"kind": "item", "item": "tea", "vp": 4}}, "vp"),
        (16, {"effect": {"kind": "item", "item": "torch", "vp": 1}}, "item"),
    ],
)
def test_the_file_is_validated(index: int, change: dict[str, object], message: str) -> None:
    data = raw()
    Deck.model_validate(data)
    data["cards"][index].update(change)
    with pytest.raises(ValidationError, match=message):
        Deck.model_validate(data)


def test_card_ids_are_unique() -> None:
    data = raw()
    data["cards"].append(data["cards"][2])
    with pytest.raises(ValidationError, match="unique"):
        Deck.model_validate(data)
