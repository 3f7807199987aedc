"""Incubation's options and actions: what the table sets before the game,
and every decision a player makes (one small value each).

The rules (``rules.py``) offer and carry out these actions; the words for
them are in ``words.py``.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from boardgames_tui.engine.data import action_data
from boardgames_tui.engine.game import Action


# ------------------------------------------------------------------ options
class IncubationOptions(BaseModel):
    """Setup 7: "The player who most recently ate an egg starts the game."
    The table says who (``first_player``, a seat index) or lets chance decide."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    first_player: int = Field(
        default=0,
        ge=0,
        le=4,
        title="First player",
        description="The player who most recently ate an egg: they play first.",
        json_schema_extra={"command_line": "a seat index from 0"},
    )
    random_first_player: bool = Field(
        default=False,
        title="Random first player",
        description="Let chance choose the first player instead.",
    )


# ------------------------------------------------------------------ actions
@action_data
class ChooseStartingEgg(Action):
    """Setup 8: take the top card of a deck into an Incubator."""

    kind: Literal["choose_starting_egg"] = "choose_starting_egg"
    deck: int


@action_data
class RollDice(Action):
    kind: Literal["roll_dice"] = "roll_dice"


@action_data
class RerollDice(Action):
    """Reroll the listed dice (0, 1 or both) once."""

    kind: Literal["reroll_dice"] = "reroll_dice"
    dice: tuple[int, ...]


@action_data
class KeepDice(Action):
    kind: Literal["keep_dice"] = "keep_dice"


@action_data
class CollectTreasure(Action):
    """Two chests: collect every treasure of one section."""

    kind: Literal["collect_treasure"] = "collect_treasure"
    section: int


@action_data
class UseDice(Action):
    """Carry out the action of one die, or of both when they show the same face."""

    kind: Literal["use_dice"] = "use_dice"
    dice: tuple[int, ...]


@action_data
class TakeEgg(Action):
    """Use a non-chest die to take the top card of a deck into an empty Incubator."""

    kind: Literal["take_egg"] = "take_egg"
    die: int
    deck: int


@action_data
class PlaceToken(Action):
    """Put the next token in hand on one of the Incubators that need it."""

    kind: Literal["place_token"] = "place_token"
    incubator: int


@action_data
class PlaceExcess(Action):
    """Too many resources: add the excess to the treasure of one section."""

    kind: Literal["place_excess"] = "place_excess"
    section: int


@action_data
class ClaimObjective(Action):
    kind: Literal["claim_objective"] = "claim_objective"
    objective: str


@action_data
class DeclineObjective(Action):
    kind: Literal["decline_objective"] = "decline_objective"


IncubationAction = (
    ChooseStartingEgg
    | RollDice
    | RerollDice
    | KeepDice
    | CollectTreasure
    | UseDice
    | TakeEgg
    | PlaceToken
    | PlaceExcess
    | ClaimObjective
    | DeclineObjective
)
ActionType = Annotated[IncubationAction, Field(discriminator="kind")]
