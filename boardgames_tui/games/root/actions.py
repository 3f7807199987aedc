"""The choices every Root faction makes, as small frozen actions tagged by
``kind``; each faction's own actions are its package's (``Faction.actions``),
and the save format is all of them (``faction.action_type``).

An action names only the choice; what it means comes from the state (the step
of the turn, or the decision on top of the stack): a ``Move`` is a march in a
faction's Daylight, a move a decision offers, a Cobbler's move at the start of
Evening.  Cards are card numbers.
"""

from __future__ import annotations

from typing import Literal

from boardgames_tui.engine.data import action_data
from boardgames_tui.engine.game import Action


@action_data
class Done(Action):
    """End the current step, or decline an optional choice (skipped by the
    engine when it is the only choice)."""

    kind: Literal["done"] = "done"


@action_data
class EndByAgreement(Action):
    """End the game by agreement, proposed by the player whose turn it is
    and accepted by every other (ruling R-AGREE, ``agreement.py``): never
    in a list of legal actions, taken from the palette or by bots at a
    standstill."""

    kind: Literal["agreed_end"] = "agreed_end"


@action_data
class Decline(Action):
    """Decline a choice that a hidden card might have allowed (an ambush, a
    field hospital): always asked, so declining shows nothing of the hand."""

    kind: Literal["decline"] = "decline"


# ------------------------------------------------------------ the Woodland
@action_data
class Move(Action):
    kind: Literal["move"] = "move"
    origin: int
    to: int
    count: int


@action_data
class Sail(Move):
    """A move on the Lake's Ferry (Law 16.2.2.V): from the coastal clearing
    with the Ferry to another coastal clearing, ignoring adjacency; the
    Ferry goes with the warriors and the mover draws a card.  A kind of
    ``Move``, so every faction that takes moves takes it the same way."""

    kind: Literal["sail"] = "sail"  # type: ignore[assignment]


@action_data
class DrawFirst(Action):
    """The Lake's Ferry: its card drawn before what the move set off (the
    mover orders the two, the FAQ on Law 16.2.2.V)."""

    kind: Literal["draw_first"] = "draw_first"


@action_data
class ClearPath(Action):
    """The Mountain: spend a card to remove the closed-path marker between
    two clearings and score a point (Law 16.2.3.III)."""

    kind: Literal["clear_path"] = "clear_path"
    a: int
    b: int
    card: int


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
class Recruit(Action):
    kind: Literal["recruit"] = "recruit"


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


#: The actions every faction may take (each faction's own are its package's,
#: registered with it: ``Faction.actions``).
SHARED_ACTIONS: tuple[type[Action], ...] = (
    Done,
    Decline,
    Move,
    Battle,
    PlayAmbush,
    UseEffect,
    DefenderFirst,
    TaxCollector,
    Remove,
    Craft,
    Discard,
    ChooseCorner,
    ActivateDominance,
    TakeDominance,
    Recruit,
    Sail,
    DrawFirst,
    ClearPath,
    EndByAgreement,
)

DONE = Done()
DECLINE = Decline()
#: The one recruit offered (a frozen value every listing may share).
RECRUIT = Recruit()
