"""docs/rules/root.md documents the components: its tables are made from the
data by the functions below and checked line by line (regenerate them with
``uv run python -m tests.games.root.test_root_docs``)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from boardgames_tui.games.root.cards import CARD_SUITS, ITEMS, Card, deck, designs, effect_text
from boardgames_tui.games.root.factions.duchy.board import DUCHY_BUILDINGS, action_text, duchy
from boardgames_tui.games.root.factions.marquise.board import CAT_BUILDINGS, marquise
from boardgames_tui.games.root.items import item_supply
from boardgames_tui.games.root.woodland import autumn

DOC = Path(__file__).resolve().parents[3] / "docs" / "rules" / "root.md"
LETTER = {"fox": "F", "rabbit": "R", "mouse": "M", "any": "?"}


def _nums(values: object) -> str:
    return ", ".join(str(v) for v in values)  # type: ignore[attr-defined]


def map_rows() -> list[str]:
    m = autumn()
    rows = [
        f"| {c.number} | {c.name} | {c.suit} | {c.building_slots} | {'ruin' if c.ruin else ''} | "
        f"{c.corner or ''} | {_nums(c.paths)} | {_nums(sorted(m.river_neighbours(c.number))) or ''} | "
        f"{_nums(m.forests_touching(c.number))} |"
        for c in m.clearings
    ]
    rows += [f"| {f.number} | {_nums(f.clearings)} |" for f in m.forests]
    return rows


def _cost(c: Card) -> str:
    return "".join(LETTER[s] for s in c.cost) or "-"


def _kind(c: Card) -> str:
    if c.persistent:
        return f"persistent: {c.kind}"
    return c.kind


def deck_rows() -> list[str]:
    cards = deck()
    rows = []
    for suit in CARD_SUITS:
        of_suit = [c for c in cards if c.suit == suit]
        k = Counter("persistent" if c.persistent else c.kind for c in of_suit)
        rows.append(
            f"| {suit} | {len(of_suit)} | {k['ambush']} | {k['dominance']} | {k['item']} | "
            f"{k['persistent']} | {k['favor']} |"
        )
    k = Counter("persistent" if c.persistent else c.kind for c in cards)
    rows.append(
        f"| all | {len(cards)} | {k['ambush']} | {k['dominance']} | {k['item']} | "
        f"{k['persistent']} | {k['favor']} |"
    )
    rows += [
        f"| {c.id} | {c.suit} | {c.name} | {c.count} | {_cost(c)} | {_kind(c)} | {effect_text(c)} |"
        for c in designs()
    ]
    return rows


def supply_rows() -> list[str]:
    supply = item_supply()
    cards = Counter(getattr(c.effect, "item", None) for c in deck() if c.kind == "item")
    return [f"| {item} | {supply[item]} | {cards[item]} |" for item in ITEMS]


def track_rows() -> list[str]:
    m = marquise()
    rows = [
        f"| {b} | {_nums(s.wood for s in m.track(b).spaces)} | "
        f"{_nums(s.vp for s in m.track(b).spaces)} | "
        f"{_nums(s.draws for s in m.track(b).spaces)} |"
        for b in CAT_BUILDINGS
    ]
    d = duchy()
    for b in DUCHY_BUILDINGS:
        spaces = d.track(b).spaces
        rows.append(
            f"| {b} | {_nums(s.recruits for s in spaces)} | {_nums(s.draws for s in spaces)} | "
            f"{_nums(d.birdsong_recruits({b: k}) for k in range(len(spaces) + 1))} | "
            f"{_nums(d.evening_draws({b: k}) for k in range(len(spaces) + 1))} |"
        )
    rows += [f"| {r.rank} | {r.cards_to_reveal} | {_nums(r.crowns)} |" for r in d.ranks]
    rows += [
        f"| {m.number} | {m.name} | {m.rank} | {d.cards_to_sway(m)} | {action_text(m.action)} |"
        for m in d.ministers
    ]
    return rows


def all_rows() -> list[str]:
    return map_rows() + deck_rows() + supply_rows() + track_rows()


def test_the_rules_notes_document_every_component() -> None:
    text = DOC.read_text(encoding="utf-8")
    missing = [line for line in all_rows() if line not in text.splitlines()]
    assert not missing, "docs/rules/root.md is out of date:\n" + "\n".join(missing)


def test_every_ruling_is_named_once() -> None:
    text = DOC.read_text(encoding="utf-8")
    rulings = [line.split("**")[1] for line in text.splitlines() if line.startswith("**Ruling ")]
    assert rulings and len(set(rulings)) == len(rulings)


def test_every_ruling_names_a_test() -> None:
    """Each ruling of play names the tests that pin it, and they exist."""
    import re

    text = DOC.read_text(encoding="utf-8")
    section = text[text.index("## Rulings of play") :]
    rulings = re.split(r"\n(?=\*\*Ruling )", section)[1:]
    assert len(rulings) >= 20
    tests = Path(__file__).parents[2]
    defined = set()
    for path in tests.rglob("test_*.py"):  # a faction's own folder, the soak's tests too
        defined |= set(
            re.findall(r"^(?:async )?def (test_\w+)", path.read_text(encoding="utf-8"), re.M)
        )
    for ruling in rulings:
        named = re.findall(r"`(?:test_root_\w+\.py::)?(test_\w+)`", ruling)
        assert named, ruling.splitlines()[0]
        missing = [n for n in named if n not in defined]
        assert not missing, f"{ruling.splitlines()[0]}: {missing}"


if __name__ == "__main__":
    print("\n".join(all_rows()))
