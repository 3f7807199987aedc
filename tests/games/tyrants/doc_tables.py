"""The tables of docs/rules/tyrants.md, made from the assets.

``test_tyrants_doc.py`` checks that every line made here is in the page; to
refresh the page after changing a JSON file, print them and paste:

    uv run python -m tests.games.tyrants.doc_tables
"""

from __future__ import annotations

import re
from collections import Counter
from typing import get_args

from boardgames_tui.games.tyrants import board as b
from boardgames_tui.games.tyrants import effects as fx
from boardgames_tui.games.tyrants.cards import Card, describe, load_cards

SECTION_NAME = {"A": "side A", "centre": "centre", "B": "side B"}
MAPS: tuple[tuple[int, b.Side], ...] = ((2, "A"), (3, "A"), (3, "B"), (4, "A"))


def _names(spaces: tuple[str, ...]) -> str:
    return ", ".join(b.site(s).name for s in spaces)


def site_rows() -> list[str]:
    rows = [
        "| Site | Section | Troop spaces | White troops | VP | Start | Marker (control / total control) |",
        "| --- | --- | --- | --- | --- | --- | --- |",
    ]
    for s in b.board().sites:
        marker = "—"
        if s.control_marker is not None:
            c, t = s.control_marker.control, s.control_marker.total_control
            marker = f"+{c.influence} influence / +{t.influence} influence, +{t.vp} VP"
        rows.append(
            f"| {s.name} | {SECTION_NAME[s.section]} | {s.troop_spaces} | {s.white_troops} | "
            f"{s.vp} | {'yes' if s.start else ''} | {marker} |"
        )
    return rows


def map_rows() -> list[str]:
    rows = [
        "| Players | Sections | Sites | Route spaces | White troops | Start sites | Marker sites |",
        "| --- | --- | --- | --- | --- | --- | --- |",
    ]
    for players, side in MAPS:
        m = b.board_map(players, side)
        label = f"{players} (side {side})" if players == 3 else str(players)
        sections = " + ".join(SECTION_NAME[s] for s in b.SECTIONS if s in m.sections)
        rows.append(
            f"| {label} | {sections} | {len(m.sites)} | {len(m.route_spaces)} | "
            f"{sum(b.setup_whites(players, side).values())} | "
            f"{_names(b.start_sites(players, side))} | {_names(b.marker_sites(players, side))} |"
        )
    return rows


def route_rows() -> list[str]:
    rows = ["| Between | Route spaces | White troops |", "| --- | --- | --- |"]
    for r in b.routes():
        whites = sum(b.white_troops(s) for s in r.spaces)
        spaces = ", ".join(f"`{s}`" for s in r.spaces) or "none (the sites touch)"
        rows.append(f"| {_names(r.ends).replace(', ', ' – ')} | {spaces} | {whites} |")
    return rows


def _vp(value: int | None) -> str:
    return "—" if value is None else str(value)


def card_rows(cards: tuple[Card, ...]) -> list[str]:
    rows = [
        "| Card | Copies | Cost | Deck VP | Inner-circle VP | Aspect | Effect |",
        "| --- | --- | --- | --- | --- | --- | --- |",
    ]
    for c in cards:
        aspect = fx.aspect_name(c.aspect) if c.aspect else "—"
        rows.append(
            f"| {c.name} | {c.copies} | {_vp(c.cost)} | {c.deck_vp} | {_vp(c.inner_circle_vp)} | "
            f"{aspect} | {describe(c)} |"
        )
    return rows


def deck_tables() -> dict[str, list[str]]:
    """Heading -> table lines, for the piles, the starting cards and each half-deck."""
    cards = load_cards()
    tables = {
        "Always-available piles": card_rows(cards.piles),
        "Starting cards (copies per player)": card_rows(cards.starting),
    }
    for half in cards.half_decks:
        tables[f"{half.name} (40 cards)"] = card_rows(half.cards)
    return tables


def _members(union: object) -> list[type[fx._Part]]:
    members = get_args(get_args(union)[0])
    return [m for m in members if isinstance(m, type)]


def vocabulary_rows() -> list[str]:
    """Every kind of the vocabulary: what it is, and on how many card designs."""
    used: Counter[str] = Counter()
    for c in load_cards().all_cards():
        used.update({part.kind for part in fx.walk(c.effects)})
    rows = ["| Kind | Family | What it does | Card designs |", "| --- | --- | --- | --- |"]
    families = (("effect", fx.Effect), ("condition", fx.Condition), ("cost", fx.Cost))
    for family, union in families:
        for model in _members(union):
            kind = model.model_fields["kind"].default
            doc = " ".join((model.__doc__ or "").split()).replace("``", "`")
            doc = re.sub(r":class:`(\w+)`", r"`\1`", doc)
            rows.append(f"| `{kind}` | {family} | {doc} | {used[kind]} |")
    return rows


def all_lines() -> list[str]:
    lines = site_rows() + map_rows() + route_rows() + vocabulary_rows()
    for table in deck_tables().values():
        lines += table
    return lines


def main() -> None:
    print("### Sites\n")
    print("\n".join(site_rows()))
    print("\n### Maps by player count\n")
    print("\n".join(map_rows()))
    print("\n### Routes\n")
    print("\n".join(route_rows()))
    print("\n### The effect vocabulary\n")
    print("\n".join(vocabulary_rows()))
    for heading, table in deck_tables().items():
        print(f"\n### {heading}\n")
        print("\n".join(table))


if __name__ == "__main__":
    main()
