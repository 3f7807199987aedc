"""The item supply at the start of a game, in ``assets/root/items.json``,
validated by pydantic when first loaded."""

from __future__ import annotations

from functools import lru_cache

from pydantic import BaseModel, ConfigDict, TypeAdapter, model_validator

from boardgames_tui.engine.assets import asset_path

from .cards import ITEMS, Item


class Items(BaseModel):
    """The whole file: how many of each item the supply starts with."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    about: str
    item_supply: dict[Item, int]

    @model_validator(mode="after")
    def _check(self) -> Items:
        if tuple(self.item_supply) != ITEMS or min(self.item_supply.values()) < 1:
            raise ValueError(f"the supply lists every item once, in order: {', '.join(ITEMS)}")
        return self


_ADAPTER: TypeAdapter[Items] = TypeAdapter(Items)


@lru_cache(maxsize=1)
def items() -> Items:
    """The item supply's file, read and validated once."""
    text = asset_path("root", "items.json").read_text(encoding="utf-8")
    return _ADAPTER.validate_json(text)


def item_supply() -> dict[Item, int]:
    """The items at the start of the game (a fresh dict each call)."""
    return dict(items().item_supply)
