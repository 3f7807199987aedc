"""The Eyrie Dynasties' decisions on the stack (a part of the save format):
Emergency Orders (a marker the engine works through), the cards added to the
Decree, the site of a new roost and the leader chosen after Turmoil.  Their
handlers are in ``faction.py``."""

from __future__ import annotations

from typing import ClassVar, Literal

from boardgames_tui.engine.data import action_data

from ...model import Decision, decision


@decision
@action_data
class EmergencyOrders(Decision):
    """Law 7.4.1, after the other "start of Birdsong" effects."""

    kind: Literal["emergency_orders"] = "emergency_orders"

    automatic: ClassVar[bool] = True


@decision
@action_data
class DecreeCard(Decision):
    kind: Literal["decree_card"] = "decree_card"

    asks: ClassVar[str] = "Birdsong: add a card to the Decree (one or two, at most one bird)."
    done: ClassVar[str] = "Add no second card"
    doing: ClassVar[str] = "adding to the Decree"


@decision
@action_data
class RoostSite(Decision):
    """A New Roost (Law 7.4.3): the clearings tied for fewest warriors."""

    kind: Literal["roost_site"] = "roost_site"
    sites: tuple[int, ...]

    asks: ClassVar[str] = "A New Roost: choose the clearing for a roost and three warriors."
    doing: ClassVar[str] = "choosing the site of a new roost"
    FROM_RECORD: ClassVar[dict[str, str]] = {"sites": "numbers"}


@decision
@action_data
class LeaderChoice(Decision):
    """Turmoil's new leader; Daylight ends once chosen."""

    kind: Literal["choose_leader"] = "choose_leader"

    ends_step: ClassVar[bool] = True
    asks: ClassVar[str] = "Turmoil: choose your new leader."
    doing: ClassVar[str] = "choosing a new leader"
