"""Battle (Law 4.3) as functions over a :class:`RootState`: where a faction
may start one and against whom, ambushes and the counter-ambush, the roll,
the battle effects a side may use and in which order, dealing the hits, and
the end.  ``battle_step`` carries the battle on top of ``state.stack`` one
stage further and pushes the next decision when one is needed.
"""

from __future__ import annotations

from boardgames_tui.engine.game import Event

from .actions import Battle as BattleAction
from .cards import (
    AmbushEffect,
)
from .clearings import (
    CLEARINGS,
    clearing_name,
    enemies,
    has_pieces,
    matches,
    name,
    plural,
    warriors,
)
from .factions.base import FACTIONS
from .hands import discard_crafted, distinct, gain, has_effect
from .model import (
    HIDDEN,
    Battle,
    Pending,
    RootState,
    card_of,
)
from .removal import flush, take_hits


# -------------------------------------------------------------------- battle
def defenders(
    state: RootState, number: int, place: int, others: list[int] | None = None
) -> list[int]:
    """The enemies a faction may battle in a clearing: those with pieces there."""
    if others is None:
        others = enemies(state, number)
    return [e for e in others if has_pieces(state, e, place)]


def battle_targets(state: RootState, number: int) -> list[int]:
    """Clearings where a faction may start a battle: its warriors there, and
    an enemy piece to fight."""
    others = enemies(state, number)
    clearings = state.clearings
    return [
        n
        for n in CLEARINGS
        if clearings[n].warriors.get(number) and defenders(state, number, n, others)
    ]


def battle_actions(state: RootState, number: int) -> list[BattleAction]:
    """Every battle a faction may start: one per clearing, naming the
    defender only where more than one enemy could be attacked."""
    out: list[BattleAction] = []
    others = enemies(state, number)
    clearings = state.clearings
    for n in CLEARINGS:
        if not clearings[n].warriors.get(number):
            continue
        found = defenders(state, number, n, others)
        if len(found) == 1:
            out.append(BattleAction(clearing=n))
        else:
            out += [BattleAction(clearing=n, defender=d) for d in found]
    return out


def start_battle(state: RootState, attacker: int, place: int, defender: int = -1) -> list[Event]:
    if defender < 0:
        (defender,) = defenders(state, attacker, place)
    state.battle = Battle(attacker=attacker, clearing=place, defending=defender)
    state.stack.append(Pending(kind="battle", faction=attacker, clearing=place))
    return [Event(text=f"{name(attacker)} battles {name(defender)} in {clearing_name(place)}.")]


def ambush_cards(state: RootState, number: int, place: int) -> list[int]:
    return distinct(
        c
        for c in state.player(number).hand
        if c != HIDDEN
        and isinstance(card_of(c).effect, AmbushEffect)
        and matches(card_of(c).suit, place)
    )


def battle_effects(state: RootState, side: str) -> list[str]:
    """Battle effects a side may still use, after the roll."""
    b = state.battle
    assert b is not None
    faction = b.attacker if side == "attacker" else b.defender
    player = state.player(faction)
    out: list[str] = []
    if (
        side == "attacker"
        and has_effect(player, "brutal_tactics")
        and "brutal_tactics" not in b.used
    ):
        out.append("brutal_tactics")
    if side == "defender" and has_effect(player, "sappers"):
        out.append("sappers")
    incoming = b.defender_hits if side == "attacker" else b.attacker_hits
    if has_effect(player, "armorers") and incoming > 0:
        out.append("armorers")
    return out


def defender_may_go_first(state: RootState) -> bool:
    """Law 4.3.3: "If both want to use effects, the attacker chooses who uses
    them first."  The attacker, asked first, may hand the first turn to the
    defender while both may use an effect and it has used none itself.

    Whether it has used one shows in the battle: Brutal Tactics is recorded
    in ``used``, and Armorers (offered only when the roll gave the defender
    hits) leaves the defender's rolled hits at 0.  The stage is "defender"
    only while the attacker decides before the defender."""
    b = state.battle
    if b is None or b.stage != "defender" or not battle_effects(state, "defender"):
        return False
    if "brutal_tactics" in b.used:
        return False
    rolled = min(b.rolled[1], warriors(state, b.defender, b.clearing)) if b.rolled else 0
    return b.defender_hits == rolled


def defender_first(state: RootState) -> list[Event]:
    """The attacker lets the defender use battle effects first: the defender
    decides now, the attacker after (see :func:`battle_step`)."""
    b = state.battle
    assert b is not None
    b.stage = "attacker_after"
    state.stack.append(Pending(kind="battle_effects", faction=b.defender, names=["defender"]))
    return [Event(text=f"{name(b.attacker)} lets the {name(b.defender)} use battle effects first.")]


def use_battle_effect(state: RootState, side: str, effect: str) -> list[Event]:
    b = state.battle
    assert b is not None
    faction = b.attacker if side == "attacker" else b.defender
    events: list[Event] = []
    if effect == "brutal_tactics":
        b.used.append(effect)
        b.extra_attacker += 1
        events.append(Event(text="Brutal Tactics: the attacker deals an extra hit."))
        events += gain(state, b.defender, 1, "Brutal Tactics")
    elif effect == "sappers":
        discard_crafted(state, faction, "sappers")
        b.extra_defender += 1
        events.append(Event(text="Sappers: the defender discards them to deal an extra hit."))
    elif effect == "armorers":
        discard_crafted(state, faction, "armorers")
        if side == "attacker":
            b.defender_hits = 0
        else:
            b.attacker_hits = 0
        events.append(
            Event(text=f"Armorers: {name(faction)} ignores the rolled hits it would take.")
        )
    return events


def battle_step(state: RootState) -> list[Event]:
    """Carry the battle on top of the stack one stage further, pushing the
    next decision when one is needed."""
    b = state.battle
    assert b is not None
    att, dfd, where = b.attacker, b.defender, b.clearing
    events: list[Event] = []
    if b.stage == "ambush":
        scouted = has_effect(state.player(att), "scouting_party")
        b.stage = "roll"
        if not scouted and state.player(dfd).hand:
            # Asked whenever a hidden card could allow it, so a refusal shows nothing.
            b.stage = "ambush_asked"
            state.stack.append(Pending(kind="ambush", faction=dfd, clearing=where))
    elif b.stage == "counter":
        b.stage = "ambush_hits"
        if ambush_cards(state, att, where):
            b.stage = "counter_asked"
            state.stack.append(Pending(kind="counter", faction=att, clearing=where))
    elif b.stage == "ambush_hits":
        hits = card_of(b.ambush).effect
        assert isinstance(hits, AmbushEffect)
        events += [Event(text=f"The ambush deals {hits.hits} hits to the {name(att)}.")]
        events += take_hits(state, att, where, hits.hits, dfd)
        b.stage = "ambush_flush"
        if not warriors(state, att, where):
            b.stage = "ambush_rout"
    elif b.stage == "ambush_flush":
        flush(state)
        b.stage = "roll"
    elif b.stage == "ambush_rout":
        flush(state)
        events.append(Event(text="The attacker has no warriors left there: the battle ends."))
        b.stage = "end"
    elif b.stage == "roll":
        x, y = state.rng.randint(0, 3), state.rng.randint(0, 3)
        high, low = max(x, y), min(x, y)
        b.rolled = [high, low]
        b.attacker_hits = min(high, warriors(state, att, where))
        b.defender_hits = min(low, warriors(state, dfd, where))
        text = f"Dice: {high} and {low}; the {name(att)} deals {b.attacker_hits}, the {name(dfd)} {b.defender_hits}."
        if not warriors(state, dfd, where):
            b.extra_attacker += 1
            text += " The defender is defenceless: 1 extra hit."
        for side, who in (("attacker", att), ("defender", dfd)):
            bonus = FACTIONS[who].extra_hits(state, side)
            if bonus:
                if side == "attacker":
                    b.extra_attacker += bonus
                else:
                    b.extra_defender += bonus
                text += f" The {name(who)} deals {plural(bonus, 'extra hit')}."
        events.append(Event(text=text))
        b.stage = "attacker"
    elif b.stage == "attacker":
        b.stage = "defender"
        if battle_effects(state, "attacker"):
            state.stack.append(Pending(kind="battle_effects", faction=att, names=["attacker"]))
    elif b.stage == "defender":
        b.stage = "hits_defender"
        if battle_effects(state, "defender"):
            state.stack.append(Pending(kind="battle_effects", faction=dfd, names=["defender"]))
    elif b.stage == "attacker_after":
        # The defender went first (defender_first): now the attacker.
        b.stage = "hits_defender"
        if battle_effects(state, "attacker"):
            state.stack.append(Pending(kind="battle_effects", faction=att, names=["attacker"]))
    elif b.stage == "hits_defender":
        b.stage = "hits_attacker"
        events += take_hits(state, dfd, where, b.attacker_hits + b.extra_attacker, att)
    elif b.stage == "hits_attacker":
        b.stage = "flush"
        events += take_hits(state, att, where, b.defender_hits + b.extra_defender, dfd)
    elif b.stage == "flush":
        b.stage = "end"
        flush(state)
    elif b.stage == "end":
        for who in (att, dfd):
            events += FACTIONS[who].after_battle(state, b.removed.get(who, 0))
        state.battle = None
        if state.over:
            # A point scored after the battle (the Despot's) won the game,
            # which cleared the stack and its battle marker.
            return events
        top = state.stack.pop()
        assert top.kind == "battle"
    return events
