"""The Corvid Conspiracy's own actions (a part of the save format); they also
take the shared ones (``Move``, ``Battle``, ``Craft``, ``Decline``)."""

from __future__ import annotations

from typing import Literal

from boardgames_tui.engine.data import action_data
from boardgames_tui.engine.game import Action


@action_data
class Scatter(Action):
    """Setup (Law 13.3.2): a warrior in this clearing, of a suit not yet scattered to."""

    kind: Literal["corvid_scatter"] = "corvid_scatter"
    clearing: int


@action_data
class FlipPlot(Action):
    """Birdsong: flip the face-down plot in this clearing face up."""

    kind: Literal["flip_plot"] = "flip_plot"
    clearing: int


@action_data
class RecruitCorvids(Action):
    """Birdsong: spend this card to place a warrior in each clearing of the
    suit (the card's, or the one chosen for a bird)."""

    kind: Literal["corvid_recruit"] = "corvid_recruit"
    card: int
    suit: str


@action_data
class PlacePlot(Action):
    """Daylight's Plot: remove warriors here to place a plot of this type face down."""

    kind: Literal["place_plot"] = "place_plot"
    clearing: int
    plot: str


@action_data
class Trick(Action):
    """Daylight's Trick: swap the plots in two clearings (both face up or both face down)."""

    kind: Literal["trick"] = "trick"
    first: int
    second: int


@action_data
class PlaceWarrior(Action):
    """A warrior in this clearing, when the supply cannot fill every clearing
    a recruit or a raid reaches."""

    kind: Literal["corvid_warrior"] = "corvid_warrior"
    clearing: int


@action_data
class Expose(Action):
    """Exposure (Law 13.2.4): show the Corvids this card and name the type
    of the face-down plot in this clearing."""

    kind: Literal["expose"] = "expose"
    clearing: int
    card: int
    plot: str


ACTIONS: tuple[type[Action], ...] = (
    Scatter,
    FlipPlot,
    RecruitCorvids,
    PlacePlot,
    Trick,
    PlaceWarrior,
    Expose,
)
