"""The cards: 36 eggs, 10 objectives, two dice, as docs/rules/incubation.md tabulates."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest
from pydantic import TypeAdapter, ValidationError

from boardgames_tui.engine.assets import asset_path
from boardgames_tui.games.incubation.cards import (
    COLOURS,
    CardSet,
    EggCard,
    ObjectiveCard,
    Requirement,
    egg,
    load_cards,
    objective,
    objective_met,
    requirement_met,
)

CARDS = load_cards()


def test_assets_are_where_the_engine_looks() -> None:
    for name in ("eggs.json", "objectives.json", "dice.json"):
        assert asset_path("incubation", name).is_file()


def test_components_36_eggs_and_10_objectives() -> None:
    assert len(CARDS.eggs) == 36
    assert len(CARDS.objectives) == 10
    assert len({e.id for e in CARDS.eggs}) == 36
    assert len({e.name for e in CARDS.eggs}) == 36
    assert len({o.name for o in CARDS.objectives}) == 10


def test_egg_composition_24_plain_8_hybrid_4_mystery() -> None:
    kinds = Counter(e.kind for e in CARDS.eggs)
    assert kinds == {"plain": 24, "hybrid": 8, "mystery": 4}


def test_every_colour_has_three_plain_eggs_and_two_hybrids() -> None:
    plain = Counter(e.colours[0] for e in CARDS.eggs if e.kind == "plain")
    hybrid = Counter(c for e in CARDS.eggs if e.kind == "hybrid" for c in e.colours)
    assert plain == {c: 3 for c in COLOURS}
    assert hybrid == {c: 2 for c in COLOURS}


def test_hybrids_cross_neighbouring_sections() -> None:
    for e in CARDS.eggs:
        if e.kind == "hybrid":
            a, b = (COLOURS.index(c) for c in e.colours)
            assert (b - a) % len(COLOURS) in (1, len(COLOURS) - 1)


def test_needs_rise_with_vp() -> None:
    for kind in ("plain", "hybrid", "mystery"):
        eggs = sorted((e for e in CARDS.eggs if e.kind == kind), key=lambda e: e.needs)
        for a, b in zip(eggs, eggs[1:], strict=False):
            assert a.vp <= b.vp
            if a.needs < b.needs:
                assert a.vp < b.vp


def test_water_and_fire_needs_are_balanced() -> None:
    assert sum(e.water for e in CARDS.eggs) == sum(e.fire for e in CARDS.eggs)


def test_each_colour_has_a_small_a_medium_and_a_large_egg() -> None:
    for colour in COLOURS:
        needs = sorted(e.needs for e in CARDS.eggs if e.kind == "plain" and e.colours == (colour,))
        vps = sorted(e.vp for e in CARDS.eggs if e.kind == "plain" and e.colours == (colour,))
        assert needs == [2, 3, 5]
        assert vps == [2, 3, 6]


def test_dice_have_six_faces_with_every_symbol() -> None:
    for faces in CARDS.dice.dice:
        assert len(faces) == 6
        assert set(faces) == {"chest", "coin", "water", "fire"}


@pytest.mark.parametrize(
    "data",
    [
        {"kind": "plain", "colours": []},
        {"kind": "plain", "colours": ["red", "blue"]},
        {"kind": "hybrid", "colours": ["red"]},
        {"kind": "hybrid", "colours": ["red", "red"]},
        {"kind": "mystery", "colours": ["red"]},
        {"kind": "plain", "colours": ["red"], "water": 0, "fire": 0},
        {"kind": "plain", "colours": ["pink"]},
    ],
)
def test_bad_egg_cards_are_rejected(data: dict[str, object]) -> None:
    base: dict[str, object] = {"id": "X", "name": "X", "water": 1, "fire": 1, "vp": 2}
    with pytest.raises(ValidationError):
        EggCard.model_validate({**base, **data})


def test_a_card_set_must_be_complete() -> None:
    with pytest.raises(ValidationError):
        CardSet(eggs=CARDS.eggs[:-1], objectives=CARDS.objectives, dice=CARDS.dice)
    with pytest.raises(ValidationError):
        CardSet(eggs=CARDS.eggs, objectives=CARDS.objectives[:-1], dice=CARDS.dice)


def test_cards_are_loaded_once() -> None:
    assert load_cards() is load_cards()
    assert egg("E01").name == "Cinderling"
    assert objective("O01").name == "Twin Clutch"


def _smallest_fulfilling(card: ObjectiveCard) -> tuple[int, int] | None:
    """The fewest non-hybrid eggs (and the coins) that fulfil ``card``."""
    eggs = [e for e in CARDS.eggs if e.kind != "hybrid"]
    coins = max((r.worth for r in card.requires if r.kind == "coins"), default=0)
    for size in range(0, 5):
        for chosen in combinations(eggs, size):
            if objective_met(card, chosen, coins):
                return size, coins
    return None


@pytest.mark.parametrize("card", CARDS.objectives, ids=lambda c: c.name)
def test_every_objective_is_achievable(card: ObjectiveCard) -> None:
    """ "All achievable": at most 4 dragons and the coins a player can earn (the
    box holds 30 silver and 15 gold)."""
    found = _smallest_fulfilling(card)
    assert found is not None
    size, coins = found
    assert size <= 4 and coins <= 15


def test_objectives_are_not_met_by_nothing() -> None:
    for card in CARDS.objectives:
        assert not objective_met(card, [], 0)


def test_objective_texts_match_their_requirements() -> None:
    """The text on each card says what its requirements check."""
    for card in CARDS.objectives:
        for req in card.requires:
            number = getattr(req, "count", None) or getattr(req, "worth", None)
            if number is not None:
                assert str(number) in card.text
            for colour in getattr(req, "colours", ()):
                assert colour in card.text


# --- "Hybrid Eggs cannot help to complete Objective cards"; mystery eggs are wild.
_REQUIREMENT: TypeAdapter[Requirement] = TypeAdapter(Requirement)


def _req(data: dict[str, object]) -> Requirement:
    return _REQUIREMENT.validate_python(data)


def test_hybrids_never_count_for_objectives() -> None:
    hybrids = [e for e in CARDS.eggs if e.kind == "hybrid"]
    cases: list[dict[str, object]] = [
        {"kind": "dragons", "count": 1},
        {"kind": "same_colour", "count": 1},
        {"kind": "distinct_colours", "count": 1},
        {"kind": "colours", "colours": ["red"]},
    ]
    for data in cases:
        assert not requirement_met(_req(data), hybrids, 0)


def test_mystery_dragons_are_wild() -> None:
    mystery = egg("E33")
    red, red2, blue = egg("E01"), egg("E02"), egg("E13")
    same = _req({"kind": "same_colour", "count": 2})
    assert requirement_met(same, [red, mystery], 0)
    assert requirement_met(same, [mystery, egg("E34")], 0)
    assert not requirement_met(same, [red, blue], 0)
    triple = _req({"kind": "colours", "colours": ["red", "orange", "yellow"]})
    assert requirement_met(triple, [red, mystery, egg("E34")], 0)
    assert not requirement_met(triple, [red, red2, mystery], 0)
    distinct = _req({"kind": "distinct_colours", "count": 3})
    assert requirement_met(distinct, [red, blue, mystery], 0)
    assert not requirement_met(distinct, [red, red2, blue], 0)


def test_dragons_with_a_minimum_value_and_coins() -> None:
    elder = _req({"kind": "dragons", "count": 2, "min_vp": 5})
    assert requirement_met(elder, [egg("E03"), egg("E34")], 0)
    assert not requirement_met(elder, [egg("E03"), egg("E02")], 0)
    coins = _req({"kind": "coins", "worth": 10})
    assert requirement_met(coins, [], 10)
    assert not requirement_met(coins, [], 9)


def test_ruling_a_mystery_dragon_is_wild_for_each_objective_separately() -> None:
    hatched = [egg("E01"), egg("E19"), egg("E33")]  # red, black, mystery
    assert objective_met(objective("O01"), hatched, 0)  # mystery as red
    assert objective_met(objective("O06"), hatched, 0)  # mystery as white
