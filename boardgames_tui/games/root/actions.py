"""Every choice a Root player makes, as a small frozen action tagged by ``kind``.

An action names only the choice; what it means comes from the state (the step
of the turn, or the decision on top of the stack): a ``Move`` is a march in
the Marquise's Daylight, a Marshal's move in the Duchy's Parliament, a
Cobbler's move at the start of Evening.  Cards are card numbers.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from boardgames_tui.engine.data import action_data
from boardgames_tui.engine.game import Action


@action_data
class Done(Action):
    """End the current step, or decline an optional choice (skipped by the
    engine when it is the only choice)."""

    kind: Literal["done"] = "done"


@action_data
class Decline(Action):
    """Decline a choice that a hidden card might have allowed (an ambush, a
    field hospital): always asked, so declining shows nothing of the hand."""

    kind: Literal["decline"] = "decline"


# ------------------------------------------------------------------ setup
@action_data
class ChooseKeep(Action):
    kind: Literal["keep"] = "keep"
    clearing: int


@action_data
class PlaceStart(Action):
    """Setup: place the Marquise's first building of a kind."""

    kind: Literal["place_start"] = "place_start"
    building: str
    clearing: int


# ------------------------------------------------------------ the Woodland
@action_data
class Move(Action):
    kind: Literal["move"] = "move"
    origin: int
    to: int
    count: int


@action_data
class Battle(Action):
    """Start a battle in a clearing; ``defender`` names the faction attacked
    when more than one enemy has pieces there (-1: the only one)."""

    kind: Literal["battle"] = "battle"
    clearing: int
    defender: int = -1


@action_data
class PlayAmbush(Action):
    kind: Literal["ambush"] = "ambush"
    card: int


@action_data
class UseEffect(Action):
    """Use a crafted persistent card (its effect kind): Royal Claim, Stand and
    Deliver!, Codebreakers, Brutal Tactics, Armorers, Sappers."""

    kind: Literal["effect"] = "effect"
    effect: str
    target: int = -1
    """The other faction an effect is used on, when there are several
    (-1: the only other one)."""


@action_data
class DefenderFirst(Action):
    """In a battle where both sides may use an effect, the attacker lets the
    defender use theirs first, and decides on its own after (Law 4.3.3)."""

    kind: Literal["defender_first"] = "defender_first"


@action_data
class TaxCollector(Action):
    kind: Literal["tax_collector"] = "tax_collector"
    clearing: int


@action_data
class Remove(Action):
    """Taking hits: remove a building or token of this kind."""

    kind: Literal["remove"] = "remove"
    piece: str


@action_data
class Hospital(Action):
    """Field Hospitals: spend this card to bring the removed warriors to the keep."""

    kind: Literal["hospital"] = "hospital"
    card: int


@action_data
class Craft(Action):
    """Craft a card, activating crafting pieces in clearings of these suits."""

    kind: Literal["craft"] = "craft"
    card: int
    using: tuple[str, ...]


@action_data
class Discard(Action):
    kind: Literal["discard"] = "discard"
    card: int


@action_data
class ChooseCorner(Action):
    """Setup: the corner a faction starts in, when more than one is open."""

    kind: Literal["corner"] = "corner"
    clearing: int


@action_data
class ActivateDominance(Action):
    """Daylight, with 10 points or more: activate a dominance card (Law 3.3.1)."""

    kind: Literal["activate_dominance"] = "activate_dominance"
    card: int


@action_data
class TakeDominance(Action):
    """Daylight: take an available dominance card by spending a card of its
    suit (Law 3.3.3)."""

    kind: Literal["take_dominance"] = "take_dominance"
    card: int
    spend: int


# ------------------------------------------------------------- the Marquise
@action_data
class PlaceAt(Action):
    """Place a piece (wood at a sawmill, a warrior at a recruiter) when the
    supply cannot fill every one."""

    kind: Literal["place_at"] = "place_at"
    clearing: int


@action_data
class Recruit(Action):
    kind: Literal["recruit"] = "recruit"


@action_data
class BuildCats(Action):
    kind: Literal["build_cats"] = "build_cats"
    building: str
    clearing: int


@action_data
class PayWood(Action):
    kind: Literal["pay_wood"] = "pay_wood"
    clearing: int


@action_data
class Overwork(Action):
    kind: Literal["overwork"] = "overwork"
    card: int
    clearing: int


@action_data
class ExtraAction(Action):
    """Spend a bird card for one more action."""

    kind: Literal["extra_action"] = "extra_action"
    card: int


# --------------------------------------------------------------- the Duchy
@action_data
class BuildDuchy(Action):
    """Reveal a card to place a citadel or a market."""

    kind: Literal["build_duchy"] = "build_duchy"
    card: int
    clearing: int
    building: str


@action_data
class Dig(Action):
    """Spend a card to place a tunnel (moving one from ``replace`` first when
    all three are out; 0 when one is in the supply)."""

    kind: Literal["dig"] = "dig"
    card: int
    clearing: int
    replace: int = 0


@action_data
class Warriors(Action):
    """How many warriors (the Dig's move out of the Burrow)."""

    kind: Literal["warriors"] = "warriors"
    count: int


@action_data
class Minister(Action):
    """Take a swayed minister's Parliament action (or, for the Mayor, the
    minister whose action it takes)."""

    kind: Literal["minister"] = "minister"
    name: str


@action_data
class Spend(Action):
    """The Banker: spend this card for a point."""

    kind: Literal["spend"] = "spend"
    card: int


@action_data
class Sway(Action):
    kind: Literal["sway"] = "sway"
    minister: str


@action_data
class Reveal(Action):
    """Reveal this card toward the minister being swayed."""

    kind: Literal["reveal"] = "reveal"
    card: int


@action_data
class ReturnMinister(Action):
    """The Price of Failure: the swayed minister of highest rank to return."""

    kind: Literal["return_minister"] = "return_minister"
    name: str


# ---------------------------------------------------------------- the Eyrie
@action_data
class ChooseLeader(Action):
    """The Eyrie choose their leader (at setup, and when deposed in Turmoil)."""

    kind: Literal["leader"] = "leader"
    leader: str


@action_data
class AddToDecree(Action):
    """Birdsong: add this card from the hand to a Decree column (0 recruit,
    1 move, 2 battle, 3 build)."""

    kind: Literal["add_to_decree"] = "add_to_decree"
    card: int
    column: int


@action_data
class PlaceRoost(Action):
    """A New Roost: the clearing (among those with the fewest warriors)."""

    kind: Literal["new_roost"] = "new_roost"
    clearing: int


@action_data
class DecreeRecruit(Action):
    """Resolve a Recruit card of the Decree: a warrior at the roost here.
    (A Move or Battle card is resolved by the shared ``Move`` and ``Battle``.)"""

    kind: Literal["decree_recruit"] = "decree_recruit"
    clearing: int


@action_data
class BuildRoost(Action):
    """Resolve a Build card of the Decree: a roost here."""

    kind: Literal["build_roost"] = "build_roost"
    clearing: int


@action_data
class Turmoil(Action):
    """Resolve a Decree card that cannot be carried out (a deck card's
    number, or ``model.VIZIER``): fall into turmoil."""

    kind: Literal["turmoil"] = "turmoil"
    card: int


RootAction = (
    Done
    | Decline
    | ChooseKeep
    | PlaceStart
    | Move
    | Battle
    | PlayAmbush
    | UseEffect
    | DefenderFirst
    | TaxCollector
    | Remove
    | Hospital
    | Craft
    | Discard
    | ChooseCorner
    | ActivateDominance
    | TakeDominance
    | PlaceAt
    | Recruit
    | BuildCats
    | PayWood
    | Overwork
    | ExtraAction
    | BuildDuchy
    | Dig
    | Warriors
    | Minister
    | Spend
    | Sway
    | Reveal
    | ReturnMinister
    | ChooseLeader
    | AddToDecree
    | PlaceRoost
    | DecreeRecruit
    | BuildRoost
    | Turmoil
)

ACTION_TYPE = Annotated[RootAction, Field(discriminator="kind")]

DONE = Done()
DECLINE = Decline()
