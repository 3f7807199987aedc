"""The Underground Duchy's own actions (a part of the save format); it also
takes the shared ones (``Move``, ``Battle``, ``Recruit``, ``ChooseCorner``,
``Craft`` ...)."""

from __future__ import annotations

from typing import Literal

from boardgames_tui.engine.data import action_data
from boardgames_tui.engine.game import Action


@action_data
class BuildDuchy(Action):
    """Reveal a card to place a citadel or a market."""

    kind: Literal["build_duchy"] = "build_duchy"
    card: int
    clearing: int
    building: str


@action_data
class Dig(Action):
    """Spend a card to place a tunnel (moving one from ``replace`` first when
    all three are out; 0 when one is in the supply)."""

    kind: Literal["dig"] = "dig"
    card: int
    clearing: int
    replace: int = 0


@action_data
class Warriors(Action):
    """How many warriors (the Dig's move out of the Burrow)."""

    kind: Literal["warriors"] = "warriors"
    count: int


@action_data
class Minister(Action):
    """Take a swayed minister's Parliament action (or, for the Mayor, the
    minister whose action it takes)."""

    kind: Literal["minister"] = "minister"
    name: str


@action_data
class Spend(Action):
    """The Banker: spend this card for a point."""

    kind: Literal["spend"] = "spend"
    card: int


@action_data
class Sway(Action):
    kind: Literal["sway"] = "sway"
    minister: str


@action_data
class Reveal(Action):
    """Reveal this card toward the minister being swayed."""

    kind: Literal["reveal"] = "reveal"
    card: int


@action_data
class ReturnMinister(Action):
    """The Price of Failure: the swayed minister of highest rank to return."""

    kind: Literal["return_minister"] = "return_minister"
    name: str


ACTIONS: tuple[type[Action], ...] = (
    BuildDuchy,
    Dig,
    Warriors,
    Minister,
    Spend,
    Sway,
    Reveal,
    ReturnMinister,
)
