"""The Vagabond's relationships (Law 9.2.9): Aid moving a marker along the
Allied track, the points each step scores, Allied warriors (their hits,
and hostility after a battle that spent more of them than of his items),
the Hostile box and infamy, heard as subscriptions to the shared events;
and coalitions (Law 9.2.8)."""

from __future__ import annotations

from boardgames_tui.engine.game import Action, Event

from ... import core
from ...cards import DominanceEffect
from ...events import BattleEnded, PiecesRemoved
from ...model import HIDDEN, RootState, card_of
from .actions import Coalition
from .board import board
from .state import ALLIED, HOSTILE, INDIFFERENT, VAGABOND, me

#: Coalitions are formed only at a table of this many players or more.
COALITION_PLAYERS = 4

WORDS = {
    INDIFFERENT: "Indifferent",
    1: "Friendly",
    2: "Cordial",
    ALLIED: "Allied",
    HOSTILE: "Hostile",
}


def word(level: int) -> str:
    return WORDS[level]


def aided(state: RootState, faction: int) -> list[Event]:
    """An Aid to a faction: toward its next step (Law 9.2.9.1), or 2 points
    when allied (9.2.9.2.1); a hostile one's marker stays (9.2.9.3.3)."""
    v = me(state)
    level = v.relations.get(faction, INDIFFERENT)
    if level == HOSTILE:
        return []
    if level == ALLIED:
        return core.gain(state, VAGABOND, board().allied_aid_vp, "aid")
    step = board().relationship_steps[level]
    v.aided[faction] = v.aided.get(faction, 0) + 1
    if v.aided[faction] < step.aids:
        return []
    v.aided[faction] = 0
    v.relations[faction] = level + 1
    events = [
        Event(
            text=f"The Vagabond's relationship with the {core.name(faction)} improves: "
            f"{word(level + 1)}."
        )
    ]
    return events + core.gain(state, VAGABOND, step.vp, "relationships")


def removed(state: RootState, e: PiecesRemoved) -> list[Event]:
    """Law 9.2.9.3: his removing a warrior of a non-hostile faction makes it
    hostile; in battle on his turn, each piece of a hostile faction he removes
    scores one more point (infamy, 9.2.9.3.1), but the warrior that made it
    hostile.  A warrior of an ally fighting as his is removed by the other
    side, never by him."""
    if e.by != VAGABOND or e.faction == VAGABOND:
        return []
    v = me(state)
    if e.faction not in v.relations:
        return []
    events: list[Event] = []
    pieces = e.warriors or 1
    if v.relations[e.faction] != HOSTILE:
        if not e.warriors:
            return []
        v.relations[e.faction] = HOSTILE
        v.aided.pop(e.faction, None)
        events.append(
            Event(text=f"{core.the(e.faction, 'is', start=True)} now hostile to the Vagabond.")
        )
        pieces -= 1
    if pieces and state.battle is not None and state.turn == VAGABOND:
        events += core.gain(state, VAGABOND, pieces, "infamy")
    return events


def battle_ended(state: RootState, e: BattleEnded) -> list[Event]:
    """Law 9.2.9.2.4: more hits taken on allied warriors than on his items
    in the battle: that faction becomes hostile."""
    if e.attacker != VAGABOND:
        return []
    v = me(state)
    ally, v.ally = v.ally, -1
    events: list[Event] = []
    if ally >= 0 and v.ally_hits > v.item_hits and v.relations.get(ally) != HOSTILE:
        v.relations[ally] = HOSTILE
        events.append(
            Event(
                text=f"The {core.name(ally)} lost more warriors than the Vagabond items: "
                "they are now hostile."
            )
        )
    v.ally_hits = v.item_hits = 0
    return events


# --------------------------------------------------------------- coalitions
def coalition_targets(state: RootState) -> list[int]:
    """Law 9.2.8: the player with the fewest points but him (any of the tied),
    not in a coalition, without an activated dominance card."""
    others = [p for p in state.players if p.faction != VAGABOND]
    if not others:
        return []
    low = min(p.vp for p in others)
    return [
        p.faction for p in others if p.vp == low and p.partner == HIDDEN and p.dominance == HIDDEN
    ]


def coalition_options(state: RootState) -> list[Action]:
    """With four players or more, a dominance card in hand (and 10 points,
    as for any activation) forms a coalition instead of a win by rule."""
    v = me(state)
    if len(state.players) < COALITION_PLAYERS or v.dominance != HIDDEN:
        return []
    if core.DOMINANCE_CARDS.isdisjoint(v.hand):
        return []
    cards = [
        c
        for c in core.distinct(v.hand)
        if c != HIDDEN and isinstance(e := card_of(c).effect, DominanceEffect) and v.vp >= e.min_vp
    ]
    return [Coalition(card=c, faction=f) for c in cards for f in coalition_targets(state)]


def coalition(state: RootState, action: Action) -> list[Event]:
    assert isinstance(action, Coalition), action
    v = me(state)
    core.take_from_hand(v, action.card)
    v.dominance = action.card
    v.partner = action.faction
    state.player(action.faction).partner = VAGABOND
    if v.relations.get(action.faction) == HOSTILE:
        v.relations[action.faction] = INDIFFERENT
    return [
        Event(
            text=f"The Vagabond activates {core.card_name(action.card)} and forms a coalition "
            f"with the {core.name(action.faction)}: he scores no more, and wins if they win.",
            reveals=True,
        )
    ]
