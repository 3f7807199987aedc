"""The Woodland Alliance's own actions (a part of the save format); they
also take the shared ones (``Move`` and ``Battle`` in Military Operations,
``Craft`` in Daylight).

An action that spends supporters names the clearing, not the cards: the
rules spend cards of the clearing's own suit first, and birds only for what
is left (ruling R-ALLIANCE-SPEND in docs/rules/root.md)."""

from __future__ import annotations

from typing import Literal

from boardgames_tui.engine.data import action_data
from boardgames_tui.engine.game import Action


@action_data
class Revolt(Action):
    """Birdsong (8.4.1): revolt in this sympathetic clearing."""

    kind: Literal["revolt"] = "revolt"
    clearing: int


@action_data
class SpreadSympathy(Action):
    """Birdsong (8.4.2): place a sympathy token here, spending supporters."""

    kind: Literal["spread_sympathy"] = "spread_sympathy"
    clearing: int


@action_data
class Mobilize(Action):
    """Daylight (8.5.2): this card from the hand onto the Supporters stack."""

    kind: Literal["mobilize"] = "mobilize"
    card: int


@action_data
class Train(Action):
    """Daylight (8.5.3): spend this card (matching a base on the map) for an officer."""

    kind: Literal["train"] = "train"
    card: int


@action_data
class Organize(Action):
    """Military Operations (8.6.1.IV): a warrior here becomes a sympathy token."""

    kind: Literal["organize"] = "organize"
    clearing: int


@action_data
class RecruitAtBase(Action):
    """Military Operations (8.6.1.III): a warrior at the base in this clearing."""

    kind: Literal["recruit_at_base"] = "recruit_at_base"
    clearing: int


@action_data
class GiveSupporter(Action):
    """Outrage (8.2.6): the outraged player adds this card from their hand to
    the Supporters stack."""

    kind: Literal["give_supporter"] = "give_supporter"
    card: int


@action_data
class DiscardSupporter(Action):
    """A base lost and none left (8.2.4): discard this supporter (down to five)."""

    kind: Literal["discard_supporter"] = "discard_supporter"
    card: int


ACTIONS: tuple[type[Action], ...] = (
    Revolt,
    SpreadSympathy,
    Mobilize,
    Train,
    Organize,
    RecruitAtBase,
    GiveSupporter,
    DiscardSupporter,
)
