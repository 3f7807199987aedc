"""The cards in assets/tyrants/cards.json: validated on load, the counts and
numbers of shared/facts/tyrants-cards.md (its tables parsed, so the data cannot
drift), each effect's keywords and numbers against the facts' shorthand, and
an English sentence for every card."""

from __future__ import annotations

import json
import re
from collections import Counter
from typing import Any, get_args

import pytest
from pydantic import ValidationError

from boardgames_tui.engine.assets import asset_path
from boardgames_tui.games.tyrants import effects as fx
from boardgames_tui.games.tyrants.cards import (
    HALF_DECKS,
    Card,
    CardSet,
    HalfDeck,
    card,
    describe,
    half_deck,
    load_cards,
    market_deck,
    starting_deck,
    supply_piles,
)

from .facts import cards_text, section

CARDS = load_cards()
HEADINGS = {
    "drow": "Drow — base game",
    "dragons": "Dragons — base game",
    "elementals": "Elementals — base game",
    "demons": "Demons — base game",
    "aberrations": "Aberrations (40 cards",
    "undead": "Undead (40 cards",
}
#: The base half-decks, whose facts rows are in the keyword shorthand the
#: tests below read back; the expansion's are checked against their own page
#: (test_tyrants_expansion.py).
BASE = ("drow", "dragons", "elementals", "demons")


def raw() -> dict[str, Any]:
    data = json.loads(asset_path("tyrants", "cards.json").read_text())
    assert isinstance(data, dict)
    return data


# ---------------------------------------------------------------------- counts
def test_the_piles_15_priestesses_15_house_guards_30_insane_outcasts() -> None:
    assert {c.name: c.copies for c in CARDS.piles} == {
        "Priestess of Lolth": 15,
        "House Guard": 15,
        "Insane Outcast": 30,
    }


def test_starting_cards_7_nobles_and_3_soldiers_a_player() -> None:
    assert {c.name: c.copies for c in CARDS.starting} == {"Noble": 7, "Soldier": 3}
    assert Counter(starting_deck()) == {"noble": 7, "soldier": 3}


@pytest.mark.parametrize("name", HALF_DECKS)
def test_each_half_deck_40_cards_20_designs(name: HalfDeck) -> None:
    cards = half_deck(name)
    assert sum(c.copies for c in cards) == 40
    assert len(cards) == 20


def test_market_deck_and_supply_piles() -> None:
    deck = market_deck(["drow", "dragons"])
    assert len(deck) == 80
    assert Counter(deck)["advocate"] == 4 and Counter(deck)["kobold"] == 3
    with pytest.raises(ValueError, match="once"):
        market_deck(["drow", "drow"])
    assert [c.name for c in supply_piles(["drow", "dragons"])] == [
        "Priestess of Lolth",
        "House Guard",
    ]
    assert [c.name for c in supply_piles(["elementals", "demons"])] == [
        "Priestess of Lolth",
        "House Guard",
        "Insane Outcast",
    ]


def test_ids_and_names_unique_and_found() -> None:
    every = CARDS.all_cards()
    assert len({c.id for c in every}) == len({c.name for c in every}) == len(every) == 125
    assert card("grazzt").name == "Graz'zt"


def test_the_insane_outcast_goes_back_to_its_pile() -> None:
    outcast = card("insane-outcast")
    assert outcast.back_to_supply and outcast.only_with == "demons"
    assert outcast.inner_circle_vp is None and outcast.aspect is None
    assert sum(c.back_to_supply for c in CARDS.all_cards()) == 1


# ----------------------------------------------------------------- validation
def test_the_file_is_validated() -> None:
    data = raw()
    data["half_decks"][0]["cards"][0]["copies"] = 3
    with pytest.raises(ValidationError, match="39 cards"):
        CardSet.model_validate(data)
    data = raw()
    data["half_decks"][0]["cards"][0]["effects"] = [{"kind": "summon_dragon"}]
    with pytest.raises(ValidationError):
        CardSet.model_validate(data)
    data = raw()
    data["starting"][0]["cost"] = 1
    with pytest.raises(ValidationError, match="cannot be recruited"):
        CardSet.model_validate(data)
    data = raw()
    data["half_decks"].reverse()
    with pytest.raises(ValidationError, match="in that order"):
        CardSet.model_validate(data)


def make(*effects: Any) -> Card:
    return Card.model_validate(
        {
            "id": "x",
            "name": "X",
            "copies": 1,
            "cost": 1,
            "deck_vp": 0,
            "minion": "drow",
            "effects": list(effects),
        }
    )


def test_effects_must_set_up_what_they_refer_to() -> None:
    at_spy = {"kind": "assassinate", "at": "spy_site"}
    with pytest.raises(ValidationError, match="assassinate needs spy site"):
        make(at_spy)
    make({"kind": "then", "first": [{"kind": "place_spy"}], "then": [at_spy]})
    make({"kind": "pay", "cost": {"kind": "return_own_spy"}, "effects": [at_spy]})
    with pytest.raises(ValidationError, match="spy site"):
        make({"kind": "pay", "cost": {"kind": "devour_card"}, "effects": [at_spy]})
    with pytest.raises(ValidationError, match="spy site"):
        make({"kind": "then", "first": [at_spy], "then": [{"kind": "place_spy"}]})
    with pytest.raises(ValidationError, match="promote_played needs end of turn"):
        make({"kind": "promote_played"})
    make({"kind": "at_end_of_turn", "effects": [{"kind": "promote_played"}]})
    near = {"kind": "give_outcast", "to": "an_opponent_near_deployed"}
    with pytest.raises(ValidationError, match="needs deployed"):
        make(near)
    make({"kind": "then", "first": [{"kind": "deploy", "count": 2}], "then": [near]})


def test_effect_models_refuse_nonsense() -> None:
    with pytest.raises(ValidationError, match="give 'per'"):
        fx.GainVP(every=3)
    with pytest.raises(ValidationError):
        fx.Choose(options=((fx.GainPower(amount=1),),))
    with pytest.raises(ValidationError, match="at least one effect"):
        fx.Choose(options=((fx.GainPower(amount=1),), ()))
    with pytest.raises(ValidationError):
        fx.Repeat(times=1, effects=(fx.Deploy(),))
    with pytest.raises(ValidationError):
        fx.GainPower(amount=0)


def kinds_of(union: object) -> set[str]:
    return {m.model_fields["kind"].default for m in get_args(get_args(union)[0])}


def test_every_kind_is_on_some_card() -> None:
    used = {p.kind for c in CARDS.all_cards() for p in fx.walk(c.effects)}
    assert used == kinds_of(fx.Effect) | kinds_of(fx.Condition) | kinds_of(fx.Cost)


# ------------------------------------------------------------ against the facts
def facts_rows(decks: tuple[str, ...] = HALF_DECKS) -> dict[str, list[dict[str, str]]]:
    text = cards_text()
    rows = {name: section(text, HEADINGS[name]) for name in decks}
    rows["piles"] = section(text, "Always-available piles")
    rows["starting"] = section(text, "Starting deck cards")
    return rows


def plain_name(name: str) -> str:
    return name.replace("’", "'")


def number(cell: str) -> int | None:
    return None if cell in ("–", "-", "—") else int(cell)


def test_every_card_as_in_the_facts_tables() -> None:
    ours = {"piles": CARDS.piles, "starting": CARDS.starting}
    ours |= {h.id: h.cards for h in CARDS.half_decks}
    per_box = {"piles": 1, "starting": 4}  # the facts give the starting cards for 4 players
    for group, rows in facts_rows().items():
        cards = {c.name: c for c in ours[group]}
        assert sorted(plain_name(r["card"]) for r in rows) == sorted(cards), group
        for row in rows:
            c = cards[plain_name(row["card"])]
            aspect = None if row["aspect"] == "-" else row["aspect"].lower()
            got = (
                c.copies * per_box.get(group, 1),
                c.cost,
                c.deck_vp,
                c.inner_circle_vp,
                c.aspect,
                c.minion,
            )
            want = (
                int(row["#"]),
                number(row["cost"]),
                int(row["deck VP"]),
                number(row["inner-circle VP"]),
                aspect,
                row["type"],
            )
            assert got == want, c.name


def test_the_facts_totals_restated() -> None:
    # The totals of shared/facts/README.md, for a checkout without the facts.
    assert sum(c.copies for h in CARDS.half_decks for c in h.cards) == 240
    assert sum(c.copies for c in CARDS.starting) * 4 == 40
    assert sum(c.copies for c in CARDS.piles) == 60
    guard, priestess = card("house-guard"), card("priestess-of-lolth")
    assert (guard.cost, guard.deck_vp, guard.inner_circle_vp) == (3, 1, 3)
    assert (priestess.cost, priestess.deck_vp, priestess.inner_circle_vp) == (2, 1, 2)
    assert all(0 < c.cost <= 8 for h in CARDS.half_decks for c in h.cards if c.cost)


# The facts' shorthand, read back into our kinds.  Patterns run in order and
# each match is cut out, so "[return own spy]" is a cost before "spy" is a spy.
SHORTHAND: tuple[tuple[str, str | None], ...] = (
    (r"\(DH text[^)]*\)", None),
    (r"\[return (?:own spy|any # own spies)\]", "return_own_spy"),
    (r"\[devour an? (?:hand|inner-circle) card\]", "devour_card"),
    (r"\[discard a hand card\]", "discard_card"),
    (r"return this to supply", "return_to_supply"),
    (r"if promoted/devoured it goes back to supply", None),
    (r"return 1 enemy (?:player troop/spy|spy)", "return_enemy"),
    (r"take up to 2 troops from any trophy halls.*?deploy them anywhere", "deploy_trophies"),
    (r"move whole deck to discard", "discard_deck"),
    (r"EOT:? promote", "promote_played"),
    (r"promote (?:top card of deck|1 card from discard)", "promote"),
    (r"(?:may )?devour 1 market card", "devour_market"),
    (r"recruit 1 \w+ card", "recruit_free"),
    (r"Insane Outcasts?", "give_outcast"),
    (r"focus\(\w+\)", "focus"),
    (r"if ≥\d+", "at_least"),
    (r"if enemy player troop there", "enemy_troop_at_spy_site"),
    (r"one of:", "choose"),
    (r"\d× choose:", "repeat"),
    (r"\+\d+ pow", "gain_power"),
    (r"\+\d+ inf", "gain_influence"),
    (r"\+\d+ VP", "gain_vp"),
    (r"\bdeploy", "deploy"),
    (r"\bassassinate", "assassinate"),
    (r"\bsupplant", "supplant"),
    (r"\bdraw", "draw"),
    (r"\bmove", "move_troop"),
    (r"\bspy\b|\bspies\b", "place_spy"),
)
#: Kinds the shorthand implies without a word of its own.
UNSAID = {"then", "if", "pay", "at_end_of_turn"}


def shorthand_kinds(text: str) -> set[str]:
    found: set[str] = set()
    for pattern, kind in SHORTHAND:
        if re.search(pattern, text):
            if kind is not None:
                found.add(kind)
            text = re.sub(pattern, " ", text)
    if "3× choose:" in text or "repeat" in found:
        found.add("choose")
    return found


def facts_effects() -> dict[str, str]:
    return {
        plain_name(row["card"]): row["effect (paraphrased keywords)"]
        for rows in facts_rows(BASE).values()
        for row in rows
    }


def test_each_effect_has_the_keywords_of_the_facts() -> None:
    for name, text in facts_effects().items():
        c = next(c for c in CARDS.all_cards() if c.name == name)
        ours = {p.kind for p in fx.walk(c.effects)} - UNSAID
        assert ours == shorthand_kinds(text), f"{name}: {text}"


TALLIES = {
    "2 sites you control": ("sites_controlled", 2),
    "3 white-troop trophies": ("white_trophies", 3),
    "site control marker held": ("control_markers", 1),
    "3 inner-circle cards": ("inner_circle_cards", 3),
    "site you totally control": ("sites_totally_controlled", 1),
}
SCOPES = {"": "presence", " anywhere": "anywhere"}


def shorthand_numbers(text: str) -> Counter[tuple[object, ...]]:
    """The numbered keywords of a shorthand line, as comparable tuples."""
    found: Counter[tuple[object, ...]] = Counter()
    not_placed = r"\[return (?:own spy|any # own spies)\]|return 1 enemy (?:player troop/)?spy"
    text = re.sub(rf"{not_placed}|\(DH text[^)]*\)", " ", text)
    for n in re.findall(r"\+(\d+) pow", text):
        found["gain_power", int(n)] += 1
    for n in re.findall(r"\+(\d+) inf", text):
        found["gain_influence", int(n)] += 1
    for n in re.findall(r"\bdraw (\d+)", text):
        found["draw", int(n)] += 1
    for n in re.findall(r"\bdeploy (\d+)", text):
        found["deploy", int(n)] += 1
    for verb, n, white, where in re.findall(
        r"\b(assassinate|supplant) (\d+) (white|troops?)"
        r"( anywhere| at that site| there| at each of those sites)?",
        text,
    ):
        scope = SCOPES.get(where, "spy_site")
        found[verb, int(n), white == "white", scope] += 1
    for n in re.findall(r"(\d+) spies", text):
        found["place_spy", int(n)] += 1
    for _ in re.findall(r"\bspy\b", text):
        found["place_spy", 1] += 1
    for up_to, n, aspect in re.findall(r"EOT:? promote (up to )?(\d+) (Obedience )?", text):
        found["promote_played", int(n), bool(up_to), aspect.strip().lower() or None] += 1
    for what in re.findall(r"\+1 VP per ([\w\s-]+?)(?: \(|;|$)", text):
        found[("gain_vp", *TALLIES[what.strip()])] += 1
    for n, tally in re.findall(r"if ≥(\d+) ([\w-]+ [\w-]+)", text):
        name = {
            "inner-circle cards": "inner_circle_cards",
            "player-troop trophies": "player_trophies",
        }
        found["at_least", name[tally], int(n)] += 1
    for aspect in re.findall(r"focus\((\w+)\)", text):
        found["focus", aspect] += 1
    return found


def our_numbers(c: Card) -> Counter[tuple[object, ...]]:
    found: Counter[tuple[object, ...]] = Counter()
    for p in fx.walk(c.effects):
        match p:
            case fx.GainPower(amount=n) | fx.GainInfluence(amount=n):
                found[p.kind, n] += 1
            case fx.Draw(count=n) | fx.Deploy(count=n) | fx.PlaceSpy(count=n):
                found[p.kind, n] += 1
            case fx.Assassinate() | fx.Supplant():
                found[p.kind, p.count, p.white_only, p.at] += 1
            case fx.PromotePlayed(count=n, up_to=up_to, aspect=aspect):
                found[p.kind, n, up_to, aspect] += 1
            case fx.GainVP(per=str(tally), every=every):
                found[p.kind, tally, every] += 1
            case fx.AtLeast(tally=tally, count=n):
                found[p.kind, tally, n] += 1
            case fx.Focus(aspect=aspect):
                found[p.kind, aspect] += 1
    return found


def test_each_effect_has_the_numbers_of_the_facts() -> None:
    for name, text in facts_effects().items():
        c = next(c for c in CARDS.all_cards() if c.name == name)
        assert our_numbers(c) == shorthand_numbers(text), f"{name}: {text}"


# ---------------------------------------------------------------------- words
@pytest.mark.parametrize("c", CARDS.all_cards(), ids=lambda c: c.id)
def test_every_card_has_a_sentence(c: Card) -> None:
    text = describe(c)
    assert text and text[0].isupper() and text.endswith(".")
    for leftover in ("{", "}", "_", "None", "  ", "..", "<", "kind"):
        assert leftover not in text, (c.name, text)
    assert text.count(".") == len(c.effects), text  # one sentence per top-level effect


def test_some_sentences() -> None:
    assert describe(card("noble")) == "Gain 1 influence."
    assert describe(card("spellspinner")) == (
        "Choose one: place a spy; or return one of your spies to supplant a troop at the spy's site."
    )
    assert describe(card("weaponmaster")) == (
        "Three times, choose one: deploy a troop; or assassinate a white troop."
    )
    assert describe(card("blue-dragon")) == (
        "At the end of your turn, promote up to 2 other cards you played this turn, "
        "then gain 1 VP for every 3 cards in your inner circle."
    )
    assert describe(card("imix")) == (
        "Gain 4 power. If you played another Malice card this turn or show one from your hand, "
        "gain 2 power."
    )
