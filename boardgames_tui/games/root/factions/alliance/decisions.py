"""The Woodland Alliance's decisions on the stack (a part of the save
format): Outrage owed (a marker worked out once it is on top) and the card
an outraged player gives (asked of that player),
and the supporters discarded down to five once the last base is gone.
Their handlers are in ``faction.py``."""

from __future__ import annotations

from typing import ClassVar, Literal

from boardgames_tui.engine.data import action_data

from ...model import Decision, InClearing, decision


@decision
@action_data
class OutrageDue(InClearing):
    """Law 8.2.6's trigger: ``faction`` owes Outrage for ``clearing``, worked
    out when it reaches the top of the stack (what the hand holds then: a
    matching card to give, the :class:`Outrage` decision; none, the hand
    shown and a card drawn)."""

    kind: Literal["outrage_due"] = "outrage_due"

    automatic: ClassVar[bool] = True


@decision
@action_data
class Outrage(InClearing):
    """Law 8.2.6, asked of the player (``faction``) who removed a sympathy
    token or moved warriors into a sympathetic ``clearing``, holding a card
    that matches it: the card they add to the Supporters stack."""

    kind: Literal["outrage"] = "outrage"

    asks: ClassVar[str] = (
        "Outrage: give the Woodland Alliance a card matching the clearing for their supporters."
    )
    doing: ClassVar[str] = "paying for Outrage"


@decision
@action_data
class SupportersOver(Decision):
    """Law 8.2.4: with no base left on the map, the Alliance discard
    supporters down to five (asked only when the choice matters)."""

    kind: Literal["supporters_over"] = "supporters_over"

    asks: ClassVar[str] = "Your last base is gone: discard supporters down to five."
    doing: ClassVar[str] = "discarding supporters"
