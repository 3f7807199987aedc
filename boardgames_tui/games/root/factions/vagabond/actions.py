"""The Vagabond's own actions (a part of the save format); he also takes
the shared ``Battle``, ``Craft`` and ``Done``."""

from __future__ import annotations

from typing import Literal

from boardgames_tui.engine.data import action_data
from boardgames_tui.engine.game import Action


@action_data
class ChooseCharacter(Action):
    """Setup: the character card (Law 9.3.1)."""

    kind: Literal["character"] = "character"
    character: str


@action_data
class StartIn(Action):
    """Setup: the forest his pawn starts in (Law 9.3.2), by place."""

    kind: Literal["start_forest"] = "start_forest"
    place: int


@action_data
class Slip(Action):
    """Birdsong: move to an adjacent clearing or forest, exhausting nothing
    (``sail``: on the Lake's Ferry, to another coastal clearing)."""

    kind: Literal["slip"] = "slip"
    to: int
    sail: bool = False


@action_data
class Walk(Action):
    """Daylight's Move: to ``clearing``, an adjacent clearing, with ``count``
    warriors of the allied faction ``ally`` from his origin (-1: none); on
    the Lake, ``sail``: on the Ferry to another coastal clearing."""

    kind: Literal["walk"] = "walk"
    clearing: int
    ally: int = -1
    count: int = 0
    sail: bool = False


@action_data
class Attack(Action):
    """Daylight's Battle in his clearing: the defender, and the allied
    faction whose warriors there fight as his own (-1: none)."""

    kind: Literal["attack"] = "attack"
    clearing: int
    defender: int
    ally: int = -1


@action_data
class Explore(Action):
    kind: Literal["explore"] = "explore"


@action_data
class Aid(Action):
    """Give ``card`` to ``faction``, exhausting one ``item``."""

    kind: Literal["aid"] = "aid"
    faction: int
    card: int
    item: str


@action_data
class Quest(Action):
    """Complete a face-up quest; ``reward``: "vp" or "cards"."""

    kind: Literal["quest"] = "quest"
    quest: int
    reward: str


@action_data
class Strike(Action):
    """Remove an enemy warrior (``piece`` "") or, with none there, one of its
    buildings or tokens."""

    kind: Literal["strike"] = "strike"
    faction: int
    piece: str = ""


@action_data
class Repair(Action):
    """Exhaust a hammer to repair a damaged item (``box``: its face)."""

    kind: Literal["repair"] = "repair"
    item: str
    box: str


@action_data
class Steal(Action):
    """The Thief: a random card from a player in his clearing."""

    kind: Literal["steal"] = "steal"
    faction: int


@action_data
class DayLabor(Action):
    """The Tinker: a card matching his clearing from the discard pile."""

    kind: Literal["day_labor"] = "day_labor"
    card: int


@action_data
class Hideout(Action):
    """The Ranger: repair three items, then Daylight ends."""

    kind: Literal["hideout"] = "hideout"


@action_data
class PickItem(Action):
    """An item in a box (an answer to a decision: the one to refresh, damage,
    repair, take or remove)."""

    kind: Literal["pick_item"] = "pick_item"
    item: str
    box: str


@action_data
class AllyTakesHit(Action):
    """Take a hit on an allied warrior fighting as his."""

    kind: Literal["ally_hit"] = "ally_hit"


@action_data
class Coalition(Action):
    """Activate a dominance card to form a coalition with ``faction`` (Law 9.2.8)."""

    kind: Literal["coalition"] = "coalition"
    card: int
    faction: int


ACTIONS: tuple[type[Action], ...] = (
    ChooseCharacter,
    StartIn,
    Slip,
    Walk,
    Attack,
    Explore,
    Aid,
    Quest,
    Strike,
    Repair,
    Steal,
    DayLabor,
    Hideout,
    PickItem,
    AllyTakesHit,
    Coalition,
)
