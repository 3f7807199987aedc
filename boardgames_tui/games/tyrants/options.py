"""The options of a game of Tyrants of the Underdark; every field has a default.

Setup: "The game comes with four market decks (Drow, Dragons, Elemental, and
Demons); choose two for the game (Drow and Dragons are recommended for the
first game)"; "for a three-player game, choose one of the side sections to
use"; "Randomly determine the first player".

``rules`` says which reading of the rules the game is played by: 2, the full
rulebook's (ruling R-RULES in ``docs/rules/tyrants.md``), for every new game;
1 only for a game saved before the change, so that it replays as it was
played (``TyrantsGame.saved_options``).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from .board import Side
from .cards import HalfDeck

#: The rules new games are played by; 1 is the engine's reading before the
#: full rulebook settled start sites, moving a spy and control markers.
RULES: Literal[1, 2] = 2


class TyrantsOptions(BaseModel):
    """Half-decks in the market, the side section for 3 players, who starts."""

    model_config = ConfigDict(extra="forbid")

    half_decks: tuple[HalfDeck, HalfDeck] = Field(
        default=("drow", "dragons"),
        title="Half-decks",
        description="The two half-decks shuffled into the market deck.",
        json_schema_extra={"distinct": True},
    )
    side: Side = Field(
        default="A",
        title="Side section",
        description="With 3 players, the side section added to the centre (A or B).",
        json_schema_extra={"players": [3]},
    )
    first_player: int | None = Field(
        default=None,
        ge=0,
        le=3,
        title="First player",
        description="Who plays first: chosen at random unless a seat is named.",
        json_schema_extra={"none": "At random", "command_line": "a seat index from 0"},
    )
    rules: Literal[1, 2] = Field(
        default=RULES,
        title="Rules version",
        description="2: the full rulebook; 1: as games saved before it were played.",
        json_schema_extra={"setup": False},  # never on the setup screen
    )

    @model_validator(mode="after")
    def _two_different_half_decks(self) -> TyrantsOptions:
        if self.half_decks[0] == self.half_decks[1]:
            raise ValueError("choose two different half-decks")
        return self
