"""Every action a player can take, as small frozen models tagged by ``kind``.

A decision with several steps (an effect with choices, a trade) is a chain of
these single choices; the state says what is being decided.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from boardgames_tui.engine.data import action_data
from boardgames_tui.engine.game import Action

from .colours import Element


# Phase 1 ---------------------------------------------------------------------
@action_data
class Collect(Action):
    """Take the guaranteed element of the next Field handler, or draw a random
    one instead."""

    kind: Literal["collect"] = "collect"
    guaranteed: bool


@action_data
class RandomFirst(Action):
    """Draw this round's random elements now, before deciding on the Field
    handlers' guaranteed ones (ruling R-DRAW-ORDER)."""

    kind: Literal["random_first"] = "random_first"


# Phase 2 ---------------------------------------------------------------------
@action_data
class AssignField(Action):
    """Send a Ready handler to a Field space."""

    kind: Literal["assign_field"] = "assign_field"
    space: Element


@action_data
class AssignEgg(Action):
    """Send a Ready handler to claim an unclaimed egg."""

    kind: Literal["assign_egg"] = "assign_egg"
    slot: int


@action_data
class RecallField(Action):
    """Recall a handler from the Field to the Break Room."""

    kind: Literal["recall_field"] = "recall_field"
    space: Element


@action_data
class RecallEgg(Action):
    """Recall a handler from a claimed egg to the Break Room."""

    kind: Literal["recall_egg"] = "recall_egg"
    slot: int


@action_data
class Pass(Action):
    """Make no more assignments this phase."""

    kind: Literal["pass"] = "pass"


# Phase 3 ---------------------------------------------------------------------
@action_data
class Place(Action):
    """Place one element on an element space of an egg: one placement.

    Saves written before ruling R-COMBINATION's chain may hold a Place of
    several crystals (a group completing the space); it is still accepted
    (:meth:`.game.UnderwingGame.check`) but never offered."""

    kind: Literal["place"] = "place"
    slot: int
    space: int
    crystals: tuple[Element, ...]


@action_data
class StartGroup(Action):
    """Begin a group of elements placed together on one element space (one
    placement, ruling R-COMBINATION) with its first element."""

    kind: Literal["start_group"] = "start_group"
    slot: int
    space: int
    element: Element


@action_data
class AddToGroup(Action):
    """Add one more element to the group being put together."""

    kind: Literal["add_to_group"] = "add_to_group"
    element: Element


@action_data
class PlaceGroup(Action):
    """Place the group on its space: one placement, however many elements."""

    kind: Literal["place_group"] = "place_group"


# Trading ---------------------------------------------------------------------
@action_data
class OfferTrade(Action):
    """``proposer`` starts putting a trade together with ``partner`` (ruling
    R-TRADE).  ``proposer`` None is the deciding seat: saves written before
    any seat could propose hold that form."""

    kind: Literal["offer_trade"] = "offer_trade"
    partner: int
    proposer: int | None = None


@action_data
class TradeAdd(Action):
    """Add one element to what you give or to what you ask for."""

    kind: Literal["trade_add"] = "trade_add"
    side: Literal["give", "ask"]
    element: Element


@action_data
class TradeSend(Action):
    kind: Literal["trade_send"] = "trade_send"


@action_data
class TradeCancel(Action):
    kind: Literal["trade_cancel"] = "trade_cancel"


@action_data
class TradeAnswer(Action):
    kind: Literal["trade_answer"] = "trade_answer"
    accept: bool


# Choices while resolving dragon effects -----------------------------------------
@action_data
class ChooseSlot(Action):
    kind: Literal["choose_slot"] = "choose_slot"
    slot: int


@action_data
class ChooseSpace(Action):
    kind: Literal["choose_space"] = "choose_space"
    slot: int
    space: int


@action_data
class ChooseCrystal(Action):
    kind: Literal["choose_crystal"] = "choose_crystal"
    slot: int
    space: int
    element: Element


@action_data
class ChooseElement(Action):
    kind: Literal["choose_element"] = "choose_element"
    element: Element


@action_data
class ChooseSeat(Action):
    kind: Literal["choose_seat"] = "choose_seat"
    seat: int


@action_data
class Stop(Action):
    """Take no more (an effect that says "up to")."""

    kind: Literal["stop"] = "stop"


UnderwingAction = (
    Collect
    | RandomFirst
    | AssignField
    | AssignEgg
    | RecallField
    | RecallEgg
    | Pass
    | Place
    | StartGroup
    | AddToGroup
    | PlaceGroup
    | OfferTrade
    | TradeAdd
    | TradeSend
    | TradeCancel
    | TradeAnswer
    | ChooseSlot
    | ChooseSpace
    | ChooseCrystal
    | ChooseElement
    | ChooseSeat
    | Stop
)

ACTION_TYPE = Annotated[UnderwingAction, Field(discriminator="kind")]
