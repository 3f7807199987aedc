"""The Eyrie Dynasties' own actions (a part of the save format); they also
take the shared ones (``Move`` and ``Battle`` in their Decree, ``Craft``,
``ChooseCorner`` ...)."""

from __future__ import annotations

from typing import Literal

from boardgames_tui.engine.data import action_data
from boardgames_tui.engine.game import Action


@action_data
class ChooseLeader(Action):
    """The Eyrie choose their leader (at setup, and when deposed in Turmoil)."""

    kind: Literal["leader"] = "leader"
    leader: str


@action_data
class AddToDecree(Action):
    """Birdsong: add this card from the hand to a Decree column (0 recruit,
    1 move, 2 battle, 3 build)."""

    kind: Literal["add_to_decree"] = "add_to_decree"
    card: int
    column: int


@action_data
class PlaceRoost(Action):
    """A New Roost: the clearing (among those with the fewest warriors)."""

    kind: Literal["new_roost"] = "new_roost"
    clearing: int


@action_data
class DecreeRecruit(Action):
    """Resolve a Recruit card of the Decree: a warrior at the roost here.
    (A Move or Battle card is resolved by the shared ``Move`` and ``Battle``.)"""

    kind: Literal["decree_recruit"] = "decree_recruit"
    clearing: int


@action_data
class BuildRoost(Action):
    """Resolve a Build card of the Decree: a roost here."""

    kind: Literal["build_roost"] = "build_roost"
    clearing: int


@action_data
class Turmoil(Action):
    """Resolve a Decree card that cannot be carried out (a deck card's
    number, or ``state.VIZIER``): fall into turmoil."""

    kind: Literal["turmoil"] = "turmoil"
    card: int


ACTIONS: tuple[type[Action], ...] = (
    ChooseLeader,
    AddToDecree,
    PlaceRoost,
    DecreeRecruit,
    BuildRoost,
    Turmoil,
)
