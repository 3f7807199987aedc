"""The 90-card deck in assets/underwing/dragons.json: validated on load, fits
the published composition (shared/facts/README.md), and documented in
docs/rules/underwing.md (the tables there are checked against the data)."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import get_args

import pytest
from pydantic import ValidationError

from boardgames_tui.engine.assets import asset_path
from boardgames_tui.games.underwing.cards import (
    Card,
    Deck,
    TameEffect,
    WildEffect,
    card_text,
    deck,
    effect_text,
)
from boardgames_tui.games.underwing.colours import COOL, ELEMENTS, LETTER, WARM

DOC = Path(__file__).resolve().parents[3] / "docs" / "rules" / "underwing.md"


def kinds_of(union: object) -> set[str]:
    members = get_args(get_args(union)[0])
    return {m.model_fields["kind"].default for m in members}


def test_ninety_unique_cards() -> None:
    cards = deck()
    assert len(cards) == 90
    assert len({c.id for c in cards}) == 90
    assert len({c.name for c in cards}) == 90


def test_the_file_is_validated() -> None:
    data = json.loads(asset_path("underwing", "dragons.json").read_text())
    data["cards"][0]["score"] = 25
    with pytest.raises(ValidationError):
        Deck.model_validate(data)
    data = json.loads(asset_path("underwing", "dragons.json").read_text())
    data["cards"][0]["tame"] = [{"kind": "hatch_adjacent", "count": 1}]  # a wild effect
    with pytest.raises(ValidationError):
        Deck.model_validate(data)


def test_temperatures_about_a_third_each() -> None:
    counts = Counter(c.temperature for c in deck())
    assert set(counts) == {"cool", "neutral", "warm"}
    assert all(27 <= n <= 33 for n in counts.values()), counts


def test_temperature_follows_the_colours() -> None:
    # Our design rule: warm (cool) when the warm (cool) spaces outnumber the
    # others by at least a third of the spaces; otherwise neutral.
    for c in deck():
        net = sum(e in WARM for e in c.spaces) - sum(e in COOL for e in c.spaces)
        expected = "neutral" if abs(net) * 3 < len(c.spaces) else "warm" if net > 0 else "cool"
        assert c.temperature == expected, c.name


def test_sixteen_legendary_and_the_colour_scheme_families() -> None:
    cards = deck()
    assert sum(c.legendary for c in cards) == 16
    families = Counter(c.family for c in cards)
    assert families == {
        "tertiary": 23,
        "monochromatic": 20,
        "legendary": 16,
        "complementary": 12,
        "triadic": 11,
        "tetradic": 4,
        "harmonic": 4,
    }
    for c in cards:
        assert c.legendary == (c.family == "legendary")
        if c.legendary:
            assert "black" in c.spaces or "white" in c.spaces


def test_scores_rise_with_the_element_spaces() -> None:
    by_spaces: dict[int, list[int]] = {}
    for c in deck():
        by_spaces.setdefault(len(c.spaces), []).append(c.score)
    assert sorted(by_spaces) == list(range(2, 9))
    assert min(min(v) for v in by_spaces.values()) == 3
    assert max(max(v) for v in by_spaces.values()) == 20
    lows = [min(by_spaces[n]) for n in range(2, 9)]
    highs = [max(by_spaces[n]) for n in range(2, 9)]
    assert lows == sorted(lows) and highs == sorted(highs)
    # the facts' rough bands: 2-3 spaces 3-5 points (we allow 6), 6-8 spaces 12-20
    assert all(s <= 6 for n in (2, 3) for s in by_spaces[n])
    assert all(s >= 12 for n in (6, 7, 8) for s in by_spaces[n])


def test_every_element_used_black_and_white_rarer() -> None:
    counts = Counter(e for c in deck() for e in c.spaces)
    assert set(counts) == set(ELEMENTS)
    common = min(counts[e] for e in ELEMENTS if e not in ("black", "white"))
    assert counts["black"] < common and counts["white"] < common
    assert counts["white"] < counts["black"]


def test_every_effect_kind_is_on_some_card() -> None:
    cards = deck()
    tame = Counter(e.kind for c in cards for e in c.tame)
    wild = Counter(e.kind for c in cards for e in c.wild)
    assert set(tame) == kinds_of(TameEffect)
    assert set(wild) == kinds_of(WildEffect)
    # published proportions: a handler on about a third of the cards; wild
    # effects adding elements on about half, hatching adjacent eggs on a third
    assert 25 <= tame["gain_handler"] <= 35
    assert 40 <= wild["scatter_elements"] <= 50
    assert 25 <= wild["hatch_adjacent"] <= 35


def composition_tables(cards: tuple[Card, ...]) -> list[str]:
    """The lines of the composition tables in docs/rules/underwing.md."""
    lines = []
    families = Counter(c.family for c in cards)
    for family, n in families.most_common():
        temps = Counter(c.temperature for c in cards if c.family == family)
        lines.append(f"| {family} | {n} | {temps['warm']} | {temps['neutral']} | {temps['cool']} |")
    for n in range(2, 9):
        scores = [c.score for c in cards if len(c.spaces) == n]
        lines.append(f"| {n} | {len(scores)} | {min(scores)}-{max(scores)} |")
    spaces = Counter(e for c in cards for e in c.spaces)
    for e in ELEMENTS:
        lines.append(f"| {e} | {spaces[e]} |")
    for kind, n in Counter(e.kind for c in cards for e in c.tame).most_common():
        lines.append(f"| tame | {kind} | {n} |")
    for wild, n in Counter(e.kind for c in cards for e in c.wild).most_common():
        lines.append(f"| wild | {wild} | {n} |")
    return lines


def test_the_rules_notes_document_the_deck() -> None:
    text = DOC.read_text()
    missing = [line for line in composition_tables(deck()) if line not in text]
    assert not missing, "docs/rules/underwing.md is out of date:\n" + "\n".join(missing)


def card_rows(cards: tuple[Card, ...]) -> list[str]:
    """The rows of the card list in docs/rules/underwing.md."""
    return [
        f"| {c.id} | {c.name} | {c.family} | {c.temperature} | {c.score} | "
        f"{''.join(LETTER[e] for e in c.spaces)} | "
        f"{'; '.join(effect_text(e) for e in c.tame)} | "
        f"{'; '.join(effect_text(e) for e in c.wild)} |"
        for c in cards
    ]


def test_the_rules_notes_list_every_card() -> None:
    text = DOC.read_text()
    missing = [line for line in card_rows(deck()) if line not in text]
    assert not missing, "docs/rules/underwing.md is out of date:\n" + "\n".join(missing)


def test_every_effect_has_words() -> None:
    for c in deck():
        assert c.name in card_text(c)
        for e in (*c.tame, *c.wild):
            assert effect_text(e) and "_" not in effect_text(e)
