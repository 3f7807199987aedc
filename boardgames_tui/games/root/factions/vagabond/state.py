"""The Vagabond's number, his places (the map's forests) and his state (a
part of the save format)."""

from __future__ import annotations

from dataclasses import field
from typing import Final

from boardgames_tui.engine.data import state_data

from ...model import Player, RootState

#: The Vagabond's faction number in the state.
VAGABOND: Final = 4
#: The Vagabond's pawn: a piece that is not a warrior (Law 9.2.2), kept with
#: the tokens of the place he stands in (tokens do not count for rule).
PAWN: Final = "pawn"
#: The forests as places: forest ``k`` of the map is place ``FOREST_BASE + k``
#: (above every map's clearings).  Only the Vagabond stands in a forest.
FOREST_BASE: Final = 12
#: The most forests a map may have.
MOST_FORESTS: Final = 12
FORESTS: Final = tuple(range(FOREST_BASE + 1, FOREST_BASE + MOST_FORESTS + 1))
#: Items only a Vagabond has (besides the supply's).
TORCH: Final = "torch"
#: Items kept face up on a track of their own (Law 9.2.5.1), three at most each.
TRACK_ITEMS: Final = ("tea", "coins", "bag")
TRACK_SPACES: Final = 3
#: Relationship markers: 0 Indifferent, 1 and 2 the next spaces, 3 Allied;
#: HOSTILE the Hostile box.
INDIFFERENT: Final = 0
ALLIED: Final = 3
HOSTILE: Final = -1


@state_data
class Vagabond(Player):
    """The Vagabond (Law 9).  Everything here is public but the hand.

    His items by state: ``ready`` face up and undamaged (tea, coins and bags
    of these on their tracks, up to three each; the rest in the Satchel),
    ``exhausted`` face down in the Satchel, ``damaged`` face up in the
    Damaged box, ``damaged_down`` face down there.  Each list is sorted."""

    character: str = ""
    """The character card (a key of the board's characters; "" before setup)."""
    place: int = 0
    """Where his pawn stands: a clearing, or a forest (see :data:`FOREST_BASE`)."""
    ready: list[str] = field(default_factory=list)
    exhausted: list[str] = field(default_factory=list)
    damaged: list[str] = field(default_factory=list)
    damaged_down: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    """Items removed from the game (over the item limit)."""
    quests: list[int] = field(default_factory=list)
    """The three face-up quests, by number (their index in the board's list)."""
    quest_deck: list[int] = field(default_factory=list)
    """Quests not yet drawn (sorted: a new quest is drawn at random)."""
    done_quests: list[int] = field(default_factory=list)
    """Completed quests, in his play area."""
    ruins: list[int] = field(default_factory=list)
    """Clearings with a ruin still on the map."""
    ruin_items: list[str] = field(default_factory=list)
    """Items still under the ruins (sorted; which ruin holds which is
    unknown to everyone, so the one taken is drawn at random)."""
    relations: dict[int, int] = field(default_factory=dict)
    """Each other faction's relationship marker (:data:`INDIFFERENT` ..
    :data:`ALLIED`, or :data:`HOSTILE`)."""
    aided: dict[int, int] = field(default_factory=dict)
    """Aids this turn toward each faction's next relationship step."""
    ally_hits: int = 0
    """In a battle with allied warriors: hits taken on them."""
    item_hits: int = 0
    """... and on his items."""
    ally: int = -1
    """The allied faction whose warriors fight as his in the battle (-1: none)."""


def me(state: RootState) -> Vagabond:
    """The Vagabond's state."""
    return state.player(VAGABOND)  # type: ignore[return-value]


def is_forest(place: int) -> bool:
    return FOREST_BASE < place <= FOREST_BASE + MOST_FORESTS


def forest_number(place: int) -> int:
    """A forest place's forest (the map's numbering)."""
    return place - FOREST_BASE
