"""The Underground Duchy's decisions on the stack (a part of the save
format): the Price of Failure (the marker the engine works through, and the
minister to return when several tie), each minister's action in Parliament,
the Dig's warriors and the sway under way.  Their handlers are in
``faction.py``."""

from __future__ import annotations

from typing import Any, ClassVar, Literal

from boardgames_tui.engine.data import action_data

from ...model import Decision, InClearing, decision


@decision
@action_data
class Failure(Decision):
    """Law 12.2.3: Duchy buildings were removed by the event just over."""

    kind: Literal["failure"] = "failure"

    automatic: ClassVar[bool] = True


@decision
@action_data
class FailureChoice(Decision):
    """The Price of Failure: which of the swayed ministers of highest rank
    (``ministers``) returns."""

    kind: Literal["failure_choice"] = "failure_choice"
    ministers: tuple[str, ...]

    asks: ClassVar[str] = "The Price of Failure: choose which minister returns."
    doing: ClassVar[str] = "choosing the minister who returns"
    FROM_RECORD: ClassVar[dict[str, str]] = {"ministers": "names"}


@decision
@action_data
class Marshal(Decision):
    kind: Literal["move"] = "move"

    asks: ClassVar[str] = "Marshal: take a move."
    done: ClassVar[str] = "Take no move"


@decision
@action_data
class Captain(Decision):
    kind: Literal["battle_choice"] = "battle_choice"

    asks: ClassVar[str] = "Captain: start a battle."
    done: ClassVar[str] = "Start no battle"


@decision
@action_data
class Brigadier(Decision):
    """Up to ``up_to`` moves, or up to ``up_to`` battles (not a mix)."""

    kind: Literal["brigadier"] = "brigadier"
    up_to: int

    asks: ClassVar[str] = "Brigadier: take up to two moves, or start up to two battles."
    done: ClassVar[str] = "Neither move nor battle"
    FROM_RECORD: ClassVar[dict[str, str]] = {"up_to": "count"}


@decision
@action_data
class BrigadierMoves(Decision):
    kind: Literal["brigadier_moves"] = "brigadier_moves"

    asks: ClassVar[str] = "Brigadier: a second move?"
    done: ClassVar[str] = "Take no second move"


@decision
@action_data
class BrigadierBattles(Decision):
    kind: Literal["brigadier_battles"] = "brigadier_battles"

    asks: ClassVar[str] = "Brigadier: a second battle?"
    done: ClassVar[str] = "Start no second battle"


@decision
@action_data
class Foremole(Decision):
    kind: Literal["foremole"] = "foremole"

    asks: ClassVar[str] = "Foremole: reveal any card to build in a clearing you rule."
    done: ClassVar[str] = "Build nothing"


@decision
@action_data
class Banker(Decision):
    """Cards spent so far (``spent``), all of one suit (``suit``, once a card
    not a bird was spent; "" before), birds wild."""

    kind: Literal["banker"] = "banker"
    spent: int = 0
    suit: str = ""

    asks: ClassVar[str] = "Banker: spend cards of one suit for a point each."
    done: ClassVar[str] = "Spend no more cards"
    doing: ClassVar[str] = "spending cards with the Banker"

    @classmethod
    def from_record(cls, record: dict[str, Any]) -> dict[str, Any]:
        names = record["names"]
        return {
            "kind": record["kind"],
            "faction": record["faction"],
            "spent": record["count"],
            "suit": names[0] if names else "",
        }


@decision
@action_data
class Mayor(Decision):
    kind: Literal["mayor"] = "mayor"

    asks: ClassVar[str] = "Mayor: take the action of a swayed squire or noble."
    done: ClassVar[str] = "Copy no minister"
    doing: ClassVar[str] = "choosing the Mayor's action"


@decision
@action_data
class DigUp(InClearing):
    """The Dig's move: how many warriors come up from the Burrow into
    ``clearing``, the new tunnel's."""

    kind: Literal["dig"] = "dig"

    asks: ClassVar[str] = "Dig: how many warriors come up from the Burrow?"
    doing: ClassVar[str] = "bringing warriors up a new tunnel"


@decision
@action_data
class Swaying(Decision):
    """Swaying ``minister``: the cards revealed toward it so far."""

    kind: Literal["sway"] = "sway"
    minister: str
    revealed: tuple[int, ...] = ()

    ends_step: ClassVar[bool] = True
    asks: ClassVar[str] = "Sway: reveal the next card."
    doing: ClassVar[str] = "revealing cards to sway a minister"
    FROM_RECORD: ClassVar[dict[str, str]] = {"minister": "names[0]", "revealed": "numbers"}
