"""The Vagabond's decisions on the stack (a part of the save format): the
items Refresh turns face up, the items hits damage, the item Aid takes, the
items the Ranger's Hideout repairs and the items the item limit removes.
Their handlers are in ``faction.py``."""

from __future__ import annotations

from typing import ClassVar, Literal

from boardgames_tui.engine.data import action_data

from ...model import Decision, InClearing, decision


@decision
@action_data
class Refreshing(Decision):
    """Refresh (Law 9.4.1): ``count`` more exhausted items to turn face up
    (asked only when he has more face down than that)."""

    kind: Literal["vagabond_refresh"] = "vagabond_refresh"
    count: int

    asks: ClassVar[str] = "Refresh: choose an exhausted item to turn face up."
    doing: ClassVar[str] = "refreshing items"


@decision
@action_data
class ItemHits(InClearing):
    """Hits to take (Law 9.2.7), or items to damage (Law 9.2.2.1), in
    ``clearing``: each damages an undamaged item of his choice, or (in a
    battle with allied warriors as his) removes one of them."""

    kind: Literal["vagabond_hits"] = "vagabond_hits"
    count: int
    by: int

    asks: ClassVar[str] = "Taking hits: choose an item to damage."
    doing: ClassVar[str] = "taking hits"


@decision
@action_data
class TakeCrafted(Decision):
    """Aid (Law 9.5.4): he may take one item from ``target``'s Crafted Items box."""

    kind: Literal["vagabond_take"] = "vagabond_take"
    target: int

    asks: ClassVar[str] = "Aid: take an item from their Crafted Items box?"
    done: ClassVar[str] = "Take no item"
    doing: ClassVar[str] = "choosing an item to take"


@decision
@action_data
class Repairing(Decision):
    """The Ranger's Hideout: ``count`` more damaged items to repair."""

    kind: Literal["vagabond_repairs"] = "vagabond_repairs"
    count: int

    asks: ClassVar[str] = "Hideout: choose a damaged item to repair."
    doing: ClassVar[str] = "repairing items"
    ends_step: ClassVar[bool] = True


@decision
@action_data
class ItemLimit(Decision):
    """The item limit (Law 9.6.4): items to remove from the game."""

    kind: Literal["vagabond_limit"] = "vagabond_limit"
    count: int

    asks: ClassVar[str] = "Over the item limit: choose an item to remove from the game."
    doing: ClassVar[str] = "removing items over the limit"
