"""The Vagabond's board, in ``assets/root/vagabond.json``, validated by
pydantic when first loaded: the characters (starting items, special
action), the items under the ruins, the quests and the Relationships
chart."""

from __future__ import annotations

from functools import lru_cache
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, model_validator

from boardgames_tui.engine.assets import asset_path

from ...cards import ITEMS

Kit = Literal["boots", "bag", "crossbow", "hammer", "sword", "tea", "coins", "torch"]
#: Every item a Vagabond may hold: the supply's and the torch.
KIT: tuple[str, ...] = (*ITEMS, "torch")


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Character(_Frozen):
    key: str
    name: str
    items: tuple[Kit, ...] = Field(min_length=1)
    action: Literal["steal", "day_labor", "hideout"]
    action_name: str
    text: str


class Quest(_Frozen):
    name: str
    suit: Literal["fox", "rabbit", "mouse"]
    items: tuple[Kit, Kit]


class Step(_Frozen):
    aids: int = Field(ge=1)
    vp: int = Field(ge=0)


class Board(_Frozen):
    about: str
    characters: tuple[Character, ...] = Field(min_length=1)
    ruin_items: tuple[Kit, ...]
    quests: tuple[Quest, ...] = Field(min_length=3)
    relationship_steps: tuple[Step, ...] = Field(min_length=1)
    allied_aid_vp: int

    @model_validator(mode="after")
    def _check(self) -> Board:
        keys = [c.key for c in self.characters]
        if len(set(keys)) != len(keys):
            raise ValueError("a character is listed twice")
        if any(c.items.count("torch") != 1 for c in self.characters):
            raise ValueError("every character starts with one torch")
        return self

    def character(self, key: str) -> Character:
        for c in self.characters:
            if c.key == key:
                return c
        raise KeyError(f"no character {key!r}")


_ADAPTER: TypeAdapter[Board] = TypeAdapter(Board)


@lru_cache(maxsize=1)
def board() -> Board:
    """The Vagabond's board, read and validated once."""
    return _ADAPTER.validate_json(asset_path("root", "vagabond.json").read_text(encoding="utf-8"))


def quest(number: int) -> Quest:
    return board().quests[number]
