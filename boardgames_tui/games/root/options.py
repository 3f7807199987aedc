"""Who plays what, on which map: :class:`RootOptions`, a table's options as
the setup screen, the command line and the save file write them.

The factions a table may name are the registered ones (``faction.py``'s
``register``, which enters each key here, :data:`FACTION_KEYS`), so a
faction package that registers itself is offered everywhere without a word
here.

Why the default table is named here: a game that names no factions is the
table Root had before any faction was a plug-in, two seats with the
:data:`DEFAULT_TABLE`'s factions, the first's seat given by the option
``marquise_seat``; and a save that does not record the first player was
played with that faction first (ruling R-FIRST).  Those words are the save
format's and the command line's, kept so that every earlier save and
command plays as before; this module is the one shared module that names
them (with the registration lines in ``factions/__init__.py``).
"""

from __future__ import annotations

from typing import Any, Final, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, field_validator

from .woodland import DEFAULT_MAP, MAPS

#: The ``map`` option's word for a map drawn from the game's seed at setup.
RANDOM_MAP: Final = "random"

#: The table of a game that names no factions: the first faction sits in
#: the seat ``marquise_seat`` names, the second in the other.
DEFAULT_TABLE: Final[tuple[str, str]] = ("marquise", "duchy")
#: The option that seats the default table (the setup screen's table part
#: stands in for its row).
DEFAULT_SEAT_OPTION: Final = "marquise_seat"

#: The registered factions, by key: (setup letter, short name), filled by
#: ``faction.register`` (the options check a key against it, and the setup
#: screen offers these as the first player).
FACTION_KEYS: dict[str, tuple[str, str]] = {}


def first_choices() -> list[tuple[str, str]]:
    """The factions that may be named to go first, in setup-letter order,
    as the setup screen offers them: (short name, key)."""
    return [(short, key) for key, (_, short) in sorted(FACTION_KEYS.items(), key=_letter)]


def _letter(item: tuple[str, tuple[str, str]]) -> str:
    return item[1][0]


class RootOptions(BaseModel):
    """Who plays what.  Every field has a default: the first seat plays the
    default table's second faction (one person learning it against a bot
    playing the first), and the first player is drawn at random from the
    game's seed (Law 5.1.1: "Determine the starting player and seating
    order randomly.")."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    marquise_seat: int = Field(
        default=1,
        ge=0,
        le=1,
        title="Marquise de Cat",
        description="Who plays the Marquise de Cat; the other seat plays the Underground Duchy.",
        json_schema_extra={"command_line": "a seat index from 0"},
    )
    first: str | None = Field(
        default=None,
        title="First player",
        description="The faction that takes the first turn: chosen at random unless one is named.",
        json_schema_extra={
            "none": "At random",
            "command_line": "a faction's key, or random",
        },
    )
    factions: tuple[str, ...] | None = Field(
        default=None,
        json_schema_extra={"setup": False, "command_line": "faction keys, comma-separated"},
        description=(
            "The factions at the table, one per seat, dealt to the seats at random "
            "(Law 5.1.1); none named: the Marquise and the Duchy, seated by marquise_seat."
        ),
    )
    seating: Literal["random", "chosen"] = Field(
        default="random",
        json_schema_extra={"setup": False, "command_line": "random or chosen"},
        description=(
            "With factions named: random deals them to the seats at random (Law 5.1.1); "
            "chosen seats each player at the faction named in its place."
        ),
    )
    turn_limit: int = Field(
        default=0,
        ge=0,
        json_schema_extra={"setup": False},  # for simulations only
        description=(
            "For simulations only, never a rule of the game: stop after this many turns "
            "(0: no limit, the game ends only at 30 points)."
        ),
    )
    map: str = Field(
        default=DEFAULT_MAP,
        title="Map",
        description=(
            "The map the game is played on: Autumn, Winter, Lake or Mountain, "
            "or one drawn at random."
        ),
        json_schema_extra={"command_line": ", ".join((*MAPS, RANDOM_MAP))},
    )
    suits: Literal["printed", "random", "balanced"] | None = Field(
        default=None,
        title="Suits",
        description=(
            "The clearings' suits: printed (Autumn only), the twelve suit markers dealt "
            "at random (Law 16.1.1), or dealt so that no two adjacent clearings share a suit."
        ),
        json_schema_extra={
            "none": "As the map has them",
            "command_line": "printed, random or balanced (default: printed on Autumn, "
            "random on the others)",
        },
    )

    @classmethod
    def option_choices(cls, name: str) -> list[tuple[str, str]] | None:
        """The setup screen's choices for the first player (the registered
        factions) and for the map (the maps, or one at random): the form
        offers a select of them."""
        if name == "first":
            return first_choices()
        if name == "map":
            return [*((m.capitalize(), m) for m in MAPS), ("At random", RANDOM_MAP)]
        return None

    @field_validator("factions", mode="before")
    @classmethod
    def _split_factions(cls, value: object) -> object:
        """The command line's comma-separated keys: one word per seat."""
        if isinstance(value, str):
            return tuple(w.strip().lower() for w in value.split(",") if w.strip())
        return value

    @field_validator("first", mode="before")
    @classmethod
    def _random_is_none(cls, value: object) -> object:
        """``random`` (the command line's word) is the default: no faction named."""
        if isinstance(value, str):
            value = value.strip().lower()
            return None if value == "random" else value
        return value

    @field_validator("first")
    @classmethod
    def _known_faction(cls, value: str | None) -> str | None:
        if value is not None and value not in FACTION_KEYS:
            known = ", ".join(key for _, key in first_choices())
            raise ValueError(f"there is no faction {value!r} (the factions are {known})")
        return value

    @field_validator("map", mode="before")
    @classmethod
    def _map_word(cls, value: object) -> object:
        """The command line's word, in any case."""
        return value.strip().lower() if isinstance(value, str) else value

    @field_validator("map")
    @classmethod
    def _known_map(cls, value: str) -> str:
        if value not in MAPS and value != RANDOM_MAP:
            known = ", ".join((*MAPS, RANDOM_MAP))
            raise ValueError(f"there is no map {value!r} (the maps are {known})")
        return value

    @field_validator("suits")
    @classmethod
    def _printed_needs_autumn(cls, value: str | None, info: ValidationInfo) -> str | None:
        """Only Autumn prints suits: another map's are always dealt."""
        chosen = info.data.get("map", DEFAULT_MAP)
        if value == "printed" and chosen != DEFAULT_MAP:
            where = (
                "a map drawn at random"
                if chosen == RANDOM_MAP
                else f"the {str(chosen).capitalize()} map"
            )
            raise ValueError(
                f"only the Autumn map prints its suits; on {where} they are dealt "
                "(random or balanced)"
            )
        return value

    @property
    def dealt_suits(self) -> Literal["printed", "random", "balanced"]:
        """How the suits come: as named, else printed on Autumn and dealt at
        random on a map that prints none (Law 16.1.1)."""
        if self.suits is not None:
            return self.suits
        return "printed" if self.map == DEFAULT_MAP else "random"


def first_as_played(options: dict[str, Any]) -> dict[str, Any]:
    """Saved options (or a saved state's) as they were played: the default
    table's first faction took the first turn until the first player was
    drawn at random, so a save that does not record ``first`` was played
    with it first.  A save recording ``first`` (null: drawn at random) is
    kept as it is."""
    if "first" in options:
        return options
    return {**options, "first": DEFAULT_TABLE[0]}
