"""What the Vagabond's listing (``rules.py``) reads or makes once: each
place's neighbouring clearings by map, and the actions it offers again and
again (an action is a frozen value every listing may share; each table is
bounded by the places, the factions, the deck, the items and the quests)."""

from __future__ import annotations

from functools import cache

from ...model import RootState
from .actions import Aid, Attack, DayLabor, PickItem, Quest, Slip, Walk
from .state import forest_number, is_forest


def next_to(state: RootState, place: int) -> tuple[int, ...]:
    """:func:`clearings_next_to` of a place: a forest's clearings or a
    clearing's neighbours along the paths, in number order, as the map in
    play keeps them (worked out once per map: every listing of his moves
    reads them)."""
    woodland = state.woodland
    if is_forest(place):
        return woodland.forest_clearings[forest_number(place)]
    return woodland.steps[place]


# Each walk offered, by its fields, made once (an action is a frozen value
# every listing may share); bounded by the places, the factions and the
# warriors.
@cache
def offered_walk(to: int, ally: int, count: int, sail: bool) -> Walk:
    return Walk(clearing=to, ally=ally, count=count, sail=sail)


# Each aid offered, by faction, card and item, made once (bounded by the
# factions, the deck and the items).
@cache
def offered_aid(faction: int, card: int, item: str) -> Aid:
    return Aid(faction=faction, card=card, item=item)


@cache
def offered_quests(q: int) -> tuple[Quest, Quest]:
    """A quest's two rewards offered, made once per quest (bounded by the quests)."""
    return Quest(quest=q, reward="vp"), Quest(quest=q, reward="cards")


# Each slip, item picked, Day Labor and attack offered, made once (bounded by
# the places, the items and their boxes, the deck and the factions).
@cache
def offered_slip(to: int, sail: bool) -> Slip:
    return Slip(to=to, sail=sail)


@cache
def offered_pick(item: str, box: str) -> PickItem:
    return PickItem(item=item, box=box)


@cache
def offered_day_labor(card: int) -> DayLabor:
    return DayLabor(card=card)


@cache
def offered_attack(clearing: int, defender: int, ally: int) -> Attack:
    return Attack(clearing=clearing, defender=defender, ally=ally)
