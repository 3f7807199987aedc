"""Every action a Tyrants player can take: small frozen dataclasses tagged by
``kind``.  The same target action serves a basic action of the main phase and
an effect being resolved (an ``Assassinate`` is a 3-power action when nothing
is pending, and a card's assassination when a card asks for one); the rules
read which from the state.

Colours are seat indices, or ``model.WHITE`` (-1) for white troops.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, TypeVar

from pydantic import Field

from boardgames_tui.engine.data import action_data
from boardgames_tui.engine.game import Action


@action_data
class PlaceStartTroop(Action):
    """Setup: put a first troop on a start site no other player has taken."""

    kind: Literal["place_start_troop"] = "place_start_troop"
    site: str


@action_data
class PlayCard(Action):
    """Play a card from the hand; while a card asks for one, from the market
    or the inner circle as if from the hand."""

    kind: Literal["play_card"] = "play_card"
    card: str


@action_data
class Deploy(Action):
    """Put a troop from the barracks on an empty troop space of ``space``."""

    kind: Literal["deploy"] = "deploy"
    space: str


@action_data
class DeployForVP(Action):
    """Deploy with an empty barracks: 1 VP instead (the 1-power action)."""

    kind: Literal["deploy_for_vp"] = "deploy_for_vp"


@action_data
class Assassinate(Action):
    kind: Literal["assassinate"] = "assassinate"
    space: str
    colour: int


@action_data
class Supplant(Action):
    kind: Literal["supplant"] = "supplant"
    space: str
    colour: int


@action_data
class ReturnTroop(Action):
    """Send another player's troop back to their barracks."""

    kind: Literal["return_troop"] = "return_troop"
    space: str
    colour: int


@action_data
class ReturnSpy(Action):
    """Send another player's spy back to their barracks."""

    kind: Literal["return_spy"] = "return_spy"
    site: str
    owner: int


@action_data
class PlaceSpy(Action):
    kind: Literal["place_spy"] = "place_spy"
    site: str


@action_data
class PickTroop(Action):
    """First step of a move: the enemy troop to move."""

    kind: Literal["pick_troop"] = "pick_troop"
    space: str
    colour: int


@action_data
class MoveTo(Action):
    """Second step of a move, or where a troop taken from a trophy hall goes."""

    kind: Literal["move_to"] = "move_to"
    space: str


@action_data
class TakeTrophy(Action):
    """Take a troop of ``colour`` from ``hall``'s trophy hall."""

    kind: Literal["take_trophy"] = "take_trophy"
    hall: int
    colour: int


@action_data
class Recruit(Action):
    """Recruit a card from the market or an always-available pile."""

    kind: Literal["recruit"] = "recruit"
    card: str


@action_data
class DevourMarket(Action):
    kind: Literal["devour_market"] = "devour_market"
    card: str


@action_data
class Promote(Action):
    """Promote a card into the inner circle (from the play area or the discard
    pile; ``pile`` names it when the card may come from several places)."""

    kind: Literal["promote"] = "promote"
    card: str
    pile: Literal["played", "hand", "discard"] | None = None


@action_data
class MakeDiscard(Action):
    """Choose the opponent who must discard a card."""

    kind: Literal["make_discard"] = "make_discard"
    seat: int


@action_data
class RecruitDevoured(Action):
    """Recruit the top card of the devoured pile (Ghost), for its cost or,
    while a card recruits without paying, free."""

    kind: Literal["recruit_devoured"] = "recruit_devoured"
    card: str


@action_data
class GiveOutcast(Action):
    kind: Literal["give_outcast"] = "give_outcast"
    seat: int


@action_data
class ChooseOption(Action):
    kind: Literal["choose_option"] = "choose_option"
    option: int


@action_data
class ReturnOwnSpy(Action):
    """Pay a cost: take one of your spies back from ``site``."""

    kind: Literal["return_own_spy"] = "return_own_spy"
    site: str


@action_data
class DevourCard(Action):
    """Pay a cost: devour a card of your hand or inner circle."""

    kind: Literal["devour_card"] = "devour_card"
    card: str


@action_data
class DiscardCard(Action):
    """Pay a cost, or answer a forced discard: discard a card from your hand."""

    kind: Literal["discard_card"] = "discard_card"
    card: str


@action_data
class Stop(Action):
    """Decline an optional cost or stop an "up to" effect."""

    kind: Literal["stop"] = "stop"


@action_data
class EndTurn(Action):
    kind: Literal["end_turn"] = "end_turn"


TyrantsAction = (
    PlaceStartTroop
    | PlayCard
    | Deploy
    | DeployForVP
    | Assassinate
    | Supplant
    | ReturnTroop
    | ReturnSpy
    | PlaceSpy
    | PickTroop
    | MoveTo
    | TakeTrophy
    | Recruit
    | DevourMarket
    | Promote
    | MakeDiscard
    | RecruitDevoured
    | GiveOutcast
    | ChooseOption
    | ReturnOwnSpy
    | DevourCard
    | DiscardCard
    | Stop
    | EndTurn
)

ACTION_TYPE = Annotated[TyrantsAction, Field(discriminator="kind")]
T = TypeVar("T", bound=Action)

#: Every action offered so far, by its class and field values.
_OFFERED: dict[tuple[object, ...], Any] = {}
#: Each class's fields after ``kind``, in order.
_FIELDS: dict[type, tuple[str, ...]] = {
    cls: tuple(f for f in cls.__dataclass_fields__ if f != "kind") for cls in TyrantsAction.__args__
}


def offer(cls: type[T], *values: object) -> T:
    """The action ``cls(**fields)`` with its fields (after ``kind``) in
    order: the one made the last time it was offered.  Actions never change,
    so the lists of legal actions share them; the positions of a game offer
    the same few hundred again and again, and making one costs more than
    looking it up."""
    key = (cls, *values)
    found: T | None = _OFFERED.get(key)
    if found is None:
        fields: dict[str, Any] = dict(zip(_FIELDS[cls], values, strict=True))
        found = _OFFERED[key] = cls(**fields)
    return found
