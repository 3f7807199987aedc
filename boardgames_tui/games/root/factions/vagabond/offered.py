"""What the Vagabond's listing (``rules.py``) reads or makes once: each
place's neighbouring clearings by map, and the actions it offers again and
again (an action is a frozen value every listing may share; each table is
bounded by the places, the factions, the deck, the items and the quests)."""

from __future__ import annotations

from functools import cache

from ...model import RootState
from .actions import Aid, Quest, Walk
from .state import forest_number, is_forest

#: :func:`clearings_next_to` of each place, by the map (by its identity,
#: the map kept beside them so that no other takes it) and place: read by
#: every listing of his moves.
_NEXT_TO: dict[tuple[int, int], tuple[object, tuple[int, ...]]] = {}


def next_to(state: RootState, place: int) -> tuple[int, ...]:
    woodland = state.woodland
    found = _NEXT_TO.get((id(woodland), place))
    if found is None:
        if is_forest(place):
            forest = forest_number(place)
            near = sorted(next(f.clearings for f in woodland.forests if f.number == forest))
        else:
            near = sorted(woodland.neighbours(place))
        found = _NEXT_TO[id(woodland), place] = (woodland, tuple(near))
    return found[1]


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
