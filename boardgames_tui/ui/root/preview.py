"""A battle's outlook before it is chosen: the most hits each side can deal
(and so the other take), whether the defender is defenceless, and what an
ambush would do, from public information only.

The state passed in is the attacker's view: the defender's hand is face
down, so an ambush is named as a possibility whenever the defender holds a
card at all (as the engine asks the defender then), never as a fact.
Nothing here imports Textual: the screen shows these lines and the tests
check the numbers against hand-built positions.
"""

from __future__ import annotations

from dataclasses import dataclass

from boardgames_tui.games.root import core
from boardgames_tui.games.root.cards import AmbushEffect, deck
from boardgames_tui.games.root.faction import FACTIONS
from boardgames_tui.games.root.model import RootState

from .reading import where

#: A die's highest face (Root's dice read 0 to 3).
TOP_ROLL = 3


@dataclass(frozen=True)
class Outlook:
    """What a battle can do, as the attacker may know it before starting."""

    attacker: int
    clearing: int
    defender: int
    #: Warriors and all pieces (warriors, buildings, tokens) of each side there.
    attacker_warriors: int
    defender_warriors: int
    attacker_pieces: int
    defender_pieces: int
    #: The most hits each side can deal: its die (at most 3, and at most its
    #: warriors there), the defenceless hit, Brutal Tactics, Sappers.
    attacker_deals: int
    defender_deals: int
    #: The defender has no warriors there: one extra hit for the attacker.
    defenceless: bool
    #: Crafted battle effects each side may use (public).
    brutal_tactics: bool
    sappers: bool
    attacker_armorers: bool
    defender_armorers: bool
    #: The attacker's Scouting Party: the defender may not ambush.
    scouted: bool
    #: The defender holds a card, and no Scouting Party stops ambushes:
    #: an ambush is possible (never known before it is played).
    ambush_possible: bool
    #: How many hits an ambush deals first.
    ambush_hits: int
    #: The attacker holds a matching ambush to cancel one (its own hand).
    can_cancel: bool
    #: The most hits the attacker's die deals after an ambush (0: the
    #: ambush would end the battle).
    deals_after_ambush: int
    #: The clearing in a few words.
    where: str = ""


def outlook(state: RootState, attacker: int, clearing: int, defender: int = -1) -> Outlook:
    """The outlook of ``attacker`` battling ``defender`` in ``clearing``,
    read from ``state`` as the attacker sees it (-1: the enemy there, the
    first in setup order when there are several)."""
    if defender < 0:
        enemies = [f for f in state.factions if f != attacker]
        there = [f for f in enemies if core.has_pieces(state, f, clearing)]
        defender = min(there or enemies, key=lambda f: FACTIONS[f].letter)
    mine = core.warriors(state, attacker, clearing)
    theirs = core.warriors(state, defender, clearing)
    me, them = state.player(attacker), state.player(defender)
    brutal = core.has_effect(me, "brutal_tactics")
    sappers = core.has_effect(them, "sappers")
    # How each side deals hits there (its warriors, as a faction counts them).
    defenceless = FACTIONS[defender].defenceless(state, clearing)
    deals = min(TOP_ROLL, FACTIONS[attacker].hit_cap(state, clearing))
    deals += int(defenceless) + int(brutal)
    back = min(TOP_ROLL, FACTIONS[defender].hit_cap(state, clearing)) + int(sappers)
    scouted = core.has_effect(me, "scouting_party")
    hits = ambush_hits()
    cancel = bool(core.ambush_cards(state, attacker, clearing))
    after = min(TOP_ROLL, max(0, mine - hits))
    return Outlook(
        attacker=attacker,
        clearing=clearing,
        defender=defender,
        attacker_warriors=mine,
        defender_warriors=theirs,
        attacker_pieces=_pieces(state, attacker, clearing),
        defender_pieces=_pieces(state, defender, clearing),
        attacker_deals=deals,
        defender_deals=back,
        defenceless=defenceless,
        brutal_tactics=brutal,
        sappers=sappers,
        attacker_armorers=core.has_effect(me, "armorers"),
        defender_armorers=core.has_effect(them, "armorers"),
        scouted=scouted,
        ambush_possible=bool(them.hand) and not scouted,
        ambush_hits=hits,
        can_cancel=cancel,
        deals_after_ambush=after + int(defenceless) + int(brutal) if after else 0,
        where=where(state, clearing),
    )


def ambush_hits() -> int:
    """The hits an ambush card deals (every one in the deck deals the same)."""
    return max(e.hits for c in deck() if isinstance(e := c.effect, AmbushEffect))


def _pieces(state: RootState, faction: int, clearing: int) -> int:
    """Every piece of ``faction`` a hit could remove there."""
    return core.warriors(state, faction, clearing) + sum(
        core.removable(state, faction, clearing).values()
    )


def _hits(n: int) -> str:
    return "1 hit" if n == 1 else f"{n} hits"


def words(o: Outlook, here: bool = False) -> list[str]:
    """The outlook in a few short sentences, for the attacker (``here``:
    the cursor is on the clearing, so it is not named)."""
    enemy = core.name(o.defender)
    the = core.the  # (the defender with its verb, as the log writes it)
    place = "here" if here else f"in {o.where}"
    first = (
        f"Battle {place}: you deal up to {_hits(o.attacker_deals)}, "
        f"the {enemy} up to {o.defender_deals}."
    )
    extras: list[str] = []
    if o.defenceless:
        extras.append(
            f"{the(o.defender, 'is', start=True)} defenceless (no warriors): 1 extra hit."
        )
    if o.brutal_tactics:
        extras.append(f"Brutal Tactics: 1 more ({the(o.defender, 'scores')} 1).")
    if o.sappers:
        extras.append(f"{enemy} Sappers: 1 more on you.")
    if o.attacker_armorers:
        extras.append("Your Armorers can ignore the rolled hits on you.")
    if o.defender_armorers:
        extras.append(f"{enemy} Armorers can ignore your rolled hits.")
    if o.ambush_possible:
        then = (
            "ending the battle"
            if not o.deals_after_ambush
            else f"then you deal up to {o.deals_after_ambush}"
        )
        ambush = (
            f"{the(o.defender, 'holds', start=True)} cards: an ambush would deal {_hits(o.ambush_hits)} "
            f"to you first, {then}"
        )
        ambush += " (you hold one to cancel it)." if o.can_cancel else "."
        extras.append(ambush)
    elif o.scouted:
        extras.append("Scouting Party: no ambush.")
    else:
        extras.append(f"No ambush: {the(o.defender, 'holds')} no cards.")
    return [first, *extras]
