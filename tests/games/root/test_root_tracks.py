"""The factions' boards and the item supply in assets/root/ (marquise.json,
duchy.json, items.json), against the Duchy's rules
(shared/rules/root-underground-duchy.txt) and the facts (shared/facts/README.md,
root-cards.md sections 3 and 4), restated here."""

from __future__ import annotations

import json
from typing import get_args

import pytest
from pydantic import ValidationError

from boardgames_tui.engine.assets import asset_path
from boardgames_tui.games.root.cards import ITEMS, ItemEffect, deck
from boardgames_tui.games.root.factions.duchy import BURROW
from boardgames_tui.games.root.factions.duchy.board import (
    RANKS,
    CopyMinister,
    DuchyBoard,
    DuchySpace,
    MinisterAction,
    ScorePerBuilding,
    action_text,
    duchy,
    minister_text,
)
from boardgames_tui.games.root.factions.marquise.board import CAT_BUILDINGS, MarquiseBoard, marquise
from boardgames_tui.games.root.items import Items, item_supply, items
from boardgames_tui.games.root.woodland import autumn


def raw(name: str) -> dict[str, object]:
    data: dict[str, object] = json.loads(asset_path("root", f"{name}.json").read_text())
    return data


#: Each file's model, by its name in assets/root/.
MODELS = {"items": Items, "marquise": MarquiseBoard, "duchy": DuchyBoard}


def test_loaded_once() -> None:
    assert marquise() is marquise() and duchy() is duchy() and items() is items()


# ------------------------------------------------------------------ supply
def test_the_item_supply() -> None:
    # the issue and the facts (LAW setup step 5): 2 boots, 2 bags, 1 crossbow,
    # 1 hammer, 2 swords, 2 tea, 2 coins
    assert item_supply() == {
        "boots": 2,
        "bag": 2,
        "crossbow": 1,
        "hammer": 1,
        "sword": 2,
        "tea": 2,
        "coins": 2,
    }
    assert sum(item_supply().values()) == 12
    supply = item_supply()
    supply["boots"] = 0
    assert item_supply()["boots"] == 2, "each call is a fresh copy"


def test_every_item_card_names_an_item_of_the_supply() -> None:
    items = {c.effect.item for c in deck() if isinstance(c.effect, ItemEffect)}
    assert items == set(ITEMS) == set(item_supply())


# ---------------------------------------------------------------- Marquise
def test_the_marquise_pieces() -> None:
    m = marquise()
    assert (m.warriors, m.wood, m.keep) == (25, 8, 1)
    assert [m.buildings(b) for b in CAT_BUILDINGS] == [6, 6, 6]
    assert m.crafts_with == ("workshop",)


def test_the_marquise_tracks() -> None:
    m = marquise()
    for b in CAT_BUILDINGS:
        assert [s.wood for s in m.track(b).spaces] == [0, 1, 2, 3, 3, 4]
    assert [s.vp for s in m.track("sawmill").spaces] == [0, 1, 2, 3, 4, 5]
    assert [s.vp for s in m.track("workshop").spaces] == [0, 2, 2, 3, 4, 5]
    assert [s.vp for s in m.track("recruiter").spaces] == [0, 1, 2, 3, 3, 4]
    assert [s.draws for s in m.track("recruiter").spaces] == [0, 0, 1, 0, 1, 0]
    assert not any(s.draws for b in ("sawmill", "workshop") for s in m.track(b).spaces)


def test_the_marquise_builds_and_draws() -> None:
    m = marquise()
    # the first of each kind is placed at setup; the second costs 1 wood
    second = m.next_space("workshop", 1)
    assert second is not None and (second.wood, second.vp) == (1, 2)
    assert m.next_space("sawmill", 6) is None
    with pytest.raises(ValueError):
        m.next_space("sawmill", 7)
    # extra draws from the 3rd and the 5th recruiter
    assert [m.evening_draws({"recruiter": k}) for k in range(7)] == [1, 1, 1, 2, 2, 3, 3]
    assert m.evening_draws({"recruiter": 3, "sawmill": 6, "workshop": 6}) == 2


# ------------------------------------------------------------------- Duchy
def test_the_duchy_pieces() -> None:
    d = duchy()
    # Law 12.3.1 "From supplies of 20 warriors and 3 tunnel tokens"; 12.3.4
    # "3 citadels and 3 markets"; 12.3.5-6: 9 ministers, 9 crowns
    assert (d.warriors, d.tunnels) == (20, 3)
    assert (d.buildings("citadel"), d.buildings("market")) == (3, 3)
    assert len(d.ministers) == 9 and d.crowns() == 9
    assert d.crafts_with == ("citadel", "market")  # Law 12.2.1


def test_citadels_bring_warriors_markets_bring_cards() -> None:
    d = duchy()
    # facts: 1, 2, 4 or 6 warriors with 0-3 citadels; 1 card plus 1 per market
    assert [d.birdsong_recruits({"citadel": k}) for k in range(4)] == [1, 2, 4, 6]
    assert [d.evening_draws({"market": k}) for k in range(4)] == [1, 2, 3, 4]
    assert d.birdsong_recruits({"citadel": 1, "market": 3}) == 2
    assert d.evening_draws({"market": 1, "citadel": 3}) == 2
    assert [s.recruits for s in d.track("citadel").spaces] == [1, 2, 2]
    with pytest.raises(ValueError):
        d.birdsong_recruits({"citadel": 4})


def test_duchy_spaces_carry_no_points() -> None:
    # Law 12.5.1 Build names no points; the facts: "Building scores no VP"
    assert "vp" not in DuchySpace.model_fields
    data = raw("duchy")
    data["tracks"][0]["spaces"][0]["vp"] = 1  # type: ignore[index]
    with pytest.raises(ValidationError, match="vp"):
        DuchyBoard.model_validate(data)


def test_the_burrow() -> None:
    # Law 12.2.2: an unsuited clearing adjacent to each clearing with a tunnel
    assert BURROW not in autumn().numbers
    with pytest.raises(KeyError):
        autumn().suit_of(BURROW)
    assert autumn().neighbours(BURROW, BURROW, joined={2, 8, 9}) == {2, 8, 9}


def test_ranks_and_crowns() -> None:
    d = duchy()
    assert [(r.rank, r.cards_to_reveal, r.crowns) for r in d.ranks] == [
        ("squire", 2, (1, 1, 1)),
        ("noble", 3, (2, 2, 2)),
        ("lord", 4, (3, 3, 3)),
    ]
    assert [d.sway_vp(r, left) for r in RANKS for left in (3, 2, 1)] == [1, 1, 1, 2, 2, 2, 3, 3, 3]
    with pytest.raises(ValueError):
        d.sway_vp("lord", 0)
    # swaying all nine scores 18
    assert sum(sum(r.crowns) for r in d.ranks) == 18


def test_the_nine_ministers() -> None:
    d = duchy()
    assert [(m.number, m.name, m.rank, m.action.kind) for m in d.ministers] == [
        (1, "Foremole", "squire", "build_anywhere"),
        (2, "Captain", "squire", "battle"),
        (3, "Marshal", "squire", "move"),
        (4, "Brigadier", "noble", "moves_or_battles"),
        (5, "Banker", "noble", "cash_in"),
        (6, "Mayor", "noble", "copy_minister"),
        (7, "Duchess of Mud", "lord", "score_if_all_tunnels"),
        (8, "Baron of Dirt", "lord", "score_per_building"),
        (9, "Earl of Stone", "lord", "score_per_building"),
    ]
    assert [d.cards_to_sway(m) for m in d.ministers] == [2, 2, 2, 3, 3, 3, 4, 4, 4]
    mayor = d.minister("Mayor").action
    assert isinstance(mayor, CopyMinister) and mayor.ranks == ("squire", "noble")
    baron, earl = d.minister("Baron of Dirt").action, d.minister("Earl of Stone").action
    assert isinstance(baron, ScorePerBuilding) and baron.building == "market"
    assert isinstance(earl, ScorePerBuilding) and earl.building == "citadel"
    assert d.minister("Duchess of Mud").action.model_dump() == {
        "kind": "score_if_all_tunnels",
        "vp": 2,
    }
    with pytest.raises(KeyError):
        d.minister("Queen")


def test_every_action_kind_is_on_a_minister() -> None:
    kinds = {m.model_fields["kind"].default for m in get_args(get_args(MinisterAction)[0])}
    assert {m.action.kind for m in duchy().ministers} == kinds


def test_every_minister_is_described_in_a_sentence() -> None:
    texts = [minister_text(m) for m in duchy().ministers]
    assert len(set(texts)) == 9
    for m, text in zip(duchy().ministers, texts, strict=True):
        assert text.startswith(f"{m.name} ({m.rank}): sway by revealing "), text
        assert action_text(m.action) in text and text.endswith("."), text
        assert "_" not in text and "None" not in text, text
    assert "2 cards for 1 point;" in texts[0]
    assert "4 cards for 3 points;" in texts[8]
    assert "any swayed squire or noble" in texts[5]
    assert "up to 2 moves, or start up to 2 battles" in texts[3]


@pytest.mark.parametrize(
    ("name", "change", "message"),
    [
        ("items", lambda d: d["item_supply"].pop("tea"), "every item"),
        ("items", lambda d: d["item_supply"].__setitem__("torch", 1), "torch"),
        ("items", lambda d: d["item_supply"].__setitem__("tea", 0), "every item"),
        ("marquise", lambda d: d["tracks"][0]["spaces"][0].__setitem__("wood", 1), "free"),
        ("marquise", lambda d: d["tracks"][0]["spaces"][2].__setitem__("wood", 0), "never fall"),
        ("marquise", lambda d: d["tracks"].reverse(), "in order"),
        ("duchy", lambda d: d["tracks"].pop(), "citadels and markets"),
        ("duchy", lambda d: d["ranks"].reverse(), "squire, noble, lord"),
        ("duchy", lambda d: d["ranks"][0]["crowns"].pop(), "as many crowns"),
        ("duchy", lambda d: d["ministers"][0].__setitem__("rank", "lord"), "crowns|squires first"),
        ("duchy", lambda d: d["ministers"][0].__setitem__("number", 10), "numbered"),
        ("duchy", lambda d: d["ministers"][1].__setitem__("name", "Foremole"), "unique"),
        ("duchy", lambda d: d["ministers"][1]["action"].__setitem__("kind", "dig"), "dig"),
        ("duchy", lambda d: d.__setitem__("burrow", True), "burrow"),
    ],
)
def test_the_file_is_validated(name: str, change: object, message: str) -> None:
    model = MODELS[name]
    data = raw(name)
    model.model_validate(data)
    change(data)  # type: ignore[operator]
    with pytest.raises(ValidationError, match=message):
        model.model_validate(data)
