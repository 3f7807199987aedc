"""Battle (Law 4.3) as functions over a :class:`RootState`: where a faction
may start one and against whom, ambushes and the counter-ambush, the roll,
the battle effects a side may use and in which order, dealing the hits, and
the end.  ``battle_step`` carries the battle on top of ``state.stack`` one
stage further and pushes the next decision when one is needed.

Each side is asked how it fights (``Faction.hit_cap``: the most rolled hits
it deals there; ``defenceless``; ``take_hits``; ``extra_hits``), and a
battle's beginning and end are announced (``events.BattleBegun``,
``BattleEnded``) to the factions that react to them.  The decisions of a
battle (the :class:`BattleMarker` the engine works through, an
:class:`Ambush`, a :class:`CounterAmbush`, the :class:`BattleEffects`) and
their handlers are here.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import ClassVar, Literal

from boardgames_tui.engine.data import action_data
from boardgames_tui.engine.game import Action, Event

from .actions import DECLINE, DONE, DefenderFirst, PlayAmbush, UseEffect
from .actions import Battle as BattleAction
from .cards import (
    AmbushEffect,
)
from .clearings import (
    card_name,
    clearing_name,
    enemies,
    matches,
    name,
    plural,
    the,
)
from .events import BattleBegun, BattleEnded, announce, subscribed
from .faction import FACTIONS, OWNER, handles
from .hands import discard_crafted, discard_from_hand, distinct, gain, has_effect
from .model import (
    HIDDEN,
    Battle,
    Clearing,
    Decision,
    InClearing,
    RootState,
    card_of,
    decision,
)
from .removal import flush, take_hits


# -------------------------------------------------------------------- battle
def defenders(
    state: RootState, number: int, place: int, others: list[int] | None = None
) -> list[int]:
    """The enemies a faction may battle in a clearing: those with pieces there."""
    if others is None:
        others = enemies(state, number)
    present = _present(state.clearings[place])
    return [e for e in others if e in present]


def _present(c: Clearing) -> Collection[int | None]:
    """The factions with pieces in a clearing (``has_pieces`` for all of
    them at once): its warriors' and the owners of its buildings and tokens
    (a piece kind is one faction's, ``OWNER``; a kind no faction owns adds
    None, which no faction is), made in one go."""
    if not (c.buildings or c.tokens):
        return c.warriors
    owner = OWNER.get
    return {*c.warriors, *map(owner, c.buildings), *map(owner, c.tokens)}


def battle_targets(state: RootState, number: int) -> list[int]:
    """Clearings where a faction may start a battle: its warriors there, and
    an enemy piece to fight."""
    others = enemies(state, number)
    places = state.clearings
    return [
        n
        for n in state.woodland.numbers
        if places[n].warriors.get(number) and defenders(state, number, n, others)
    ]


def can_battle(state: RootState, number: int) -> bool:
    """Whether :func:`battle_targets` finds any clearing, answered at the
    first one (a listing that only asks whether a battle is there)."""
    others = enemies(state, number)
    if not others:
        return False
    places = state.clearings
    for n in state.woodland.numbers:
        if places[n].warriors.get(number) and defenders(state, number, n, others):
            return True
    return False


def battle_actions(state: RootState, number: int) -> list[BattleAction]:
    """Every battle a faction may start: one per clearing, naming the
    defender only where more than one enemy could be attacked."""
    out: list[BattleAction] = []
    others = enemies(state, number)
    places = state.clearings
    for n in state.woodland.numbers:
        c = places[n]
        present: Collection[int | None] = c.warriors
        if number not in present:
            continue
        if c.buildings or c.tokens:
            present = _present(c)
        found = [e for e in others if e in present]
        if len(found) == 1:
            out.append(_battle(n, -1))
        else:
            out += [_battle(n, d) for d in found]
    return out


#: Each battle offered, by clearing and defender (-1: the only one), made
#: once (an action is a frozen value every listing may share).
_BATTLES: dict[tuple[int, int], BattleAction] = {}


def _battle(clearing: int, defender: int) -> BattleAction:
    found = _BATTLES.get((clearing, defender))
    if found is None:
        found = _BATTLES[clearing, defender] = BattleAction(clearing=clearing, defender=defender)
    return found


def start_battle(state: RootState, attacker: int, place: int, defender: int = -1) -> list[Event]:
    if defender < 0:
        (defender,) = defenders(state, attacker, place)
    state.battle = Battle(attacker=attacker, clearing=place, defending=defender)
    state.stack.append(BattleMarker(faction=attacker, clearing=place))
    events = [
        Event(
            text=f"{the(attacker, 'battles', start=True)} the {name(defender)} in {clearing_name(state, place)}."
        )
    ]
    if not subscribed(BattleBegun):
        return events
    return events + announce(
        state, BattleBegun(attacker=attacker, defender=defender, clearing=place)
    )


def ambush_cards(state: RootState, number: int, place: int) -> list[int]:
    return distinct(
        c
        for c in state.player(number).hand
        if c != HIDDEN
        and isinstance(card_of(c).effect, AmbushEffect)
        and matches(state, card_of(c).suit, place)
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
    cap = FACTIONS[b.defender].hit_cap(state, b.clearing)
    rolled = min(rolls(state, b)[1], cap) if b.rolled else 0
    return b.defender_hits == rolled


def rolls(state: RootState, b: Battle) -> tuple[int, int]:
    """The attacker's roll and the defender's (Law 4.3.2: the higher to the
    attacker, unless the defender deals the higher, ``defends_with_higher_roll``)."""
    high, low = b.rolled
    if FACTIONS[b.defender].defends_with_higher_roll:
        return low, high
    return high, low


def defender_first(state: RootState) -> list[Event]:
    """The attacker lets the defender use battle effects first: the defender
    decides now, the attacker after (see :func:`battle_step`)."""
    b = state.battle
    assert b is not None
    b.stage = "attacker_after"
    state.stack.append(BattleEffects(faction=b.defender, side="defender"))
    return [
        Event(
            text=f"{the(b.attacker, 'lets', start=True)} the {name(b.defender)} use battle effects first."
        )
    ]


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


def _take_hits(state: RootState, number: int, place: int, hits: int, by: int) -> list[Event]:
    """A side takes hits: its own way, or the usual one."""
    own = FACTIONS[number].take_hits(state, place, hits, by)
    return own if own is not None else take_hits(state, number, place, hits, by)


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
            state.stack.append(Ambush(faction=dfd, clearing=where))
    elif b.stage == "counter":
        b.stage = "ambush_hits"
        if ambush_cards(state, att, where):
            b.stage = "counter_asked"
            state.stack.append(CounterAmbush(faction=att, clearing=where))
    elif b.stage == "ambush_hits":
        hits = card_of(b.ambush).effect
        assert isinstance(hits, AmbushEffect)
        events += [Event(text=f"The ambush deals {hits.hits} hits to the {name(att)}.")]
        events += _take_hits(state, att, where, hits.hits, dfd)
        b.stage = "ambush_flush"
        if FACTIONS[att].routed(state, where):
            b.stage = "ambush_rout"
    elif b.stage == "ambush_flush":
        events += flush(state)
        b.stage = "roll"
    elif b.stage == "ambush_rout":
        events += flush(state)
        events.append(Event(text="The attacker has no warriors left there: the battle ends."))
        b.stage = "end"
    elif b.stage == "roll":
        x, y = state.rng.randint(0, 3), state.rng.randint(0, 3)
        high, low = max(x, y), min(x, y)
        b.rolled = [high, low]
        mine, theirs = rolls(state, b)
        b.attacker_hits = min(mine, FACTIONS[att].hit_cap(state, where))
        b.defender_hits = min(theirs, FACTIONS[dfd].hit_cap(state, where))
        text = f"Dice: {high} and {low}; {the(att, 'deals')} {b.attacker_hits}, the {name(dfd)} {b.defender_hits}."
        if FACTIONS[dfd].defenceless(state, where):
            b.extra_attacker += 1
            text += " The defender is defenceless: 1 extra hit."
        for side, who in (("attacker", att), ("defender", dfd)):
            bonus = FACTIONS[who].extra_hits(state, side)
            if bonus:
                if side == "attacker":
                    b.extra_attacker += bonus
                else:
                    b.extra_defender += bonus
                text += f" {the(who, 'deals', start=True)} {plural(bonus, 'extra hit')}."
        events.append(Event(text=text))
        b.stage = "attacker"
    elif b.stage == "attacker":
        b.stage = "defender"
        if battle_effects(state, "attacker"):
            state.stack.append(BattleEffects(faction=att, side="attacker"))
    elif b.stage == "defender":
        b.stage = "hits_defender"
        if battle_effects(state, "defender"):
            state.stack.append(BattleEffects(faction=dfd, side="defender"))
    elif b.stage == "attacker_after":
        # The defender went first (defender_first): now the attacker.
        b.stage = "hits_defender"
        if battle_effects(state, "attacker"):
            state.stack.append(BattleEffects(faction=att, side="attacker"))
    elif b.stage == "hits_defender":
        b.stage = "hits_attacker"
        events += _take_hits(state, dfd, where, b.attacker_hits + b.extra_attacker, att)
    elif b.stage == "hits_attacker":
        b.stage = "flush"
        events += _take_hits(state, att, where, b.defender_hits + b.extra_defender, dfd)
    elif b.stage == "flush":
        b.stage = "end"
        events += flush(state)
    elif b.stage == "end":
        events += announce(state, BattleEnded(attacker=att, defender=dfd, clearing=where))
        state.battle = None
        if state.over:
            # A point scored at the battle's end won the game, which cleared
            # the stack and its battle marker.
            return events
        top = state.stack.pop()
        assert isinstance(top, BattleMarker)
    return events


# ------------------------------------------------------------ the decisions
@decision
@action_data
class BattleMarker(InClearing):
    """The battle in ``state.battle``, which the engine carries on stage by
    stage (``battle_step``) until it ends and this marker leaves the stack."""

    kind: Literal["battle"] = "battle"

    automatic: ClassVar[bool] = True


@decision
@action_data
class Ambush(InClearing):
    """The defender may play an ambush card matching the clearing (asked
    whenever a hidden card could allow it, so a refusal shows nothing)."""

    kind: Literal["ambush"] = "ambush"

    asks: ClassVar[str] = "You are attacked: play an ambush?"
    done: ClassVar[str] = "Play no ambush"
    doing: ClassVar[str] = "deciding on an ambush"


@decision
@action_data
class CounterAmbush(InClearing):
    """The attacker may cancel the defender's ambush with one of its own."""

    kind: Literal["counter"] = "counter"

    asks: ClassVar[str] = "You are ambushed: cancel it with an ambush of your own?"
    done: ClassVar[str] = "Let the ambush stand"
    doing: ClassVar[str] = "deciding on an answer to an ambush"


@decision
@action_data
class BattleEffects(Decision):
    """After the roll, one side (``side``: "attacker" or "defender") may use
    its crafted battle effects."""

    kind: Literal["battle_effects"] = "battle_effects"
    side: str

    asks: ClassVar[str] = "The dice are rolled: use a battle effect?"
    done: ClassVar[str] = "Use no more battle effects"
    doing: ClassVar[str] = "deciding on battle effects"

    FROM_RECORD: ClassVar[dict[str, str]] = {"side": "names[0]"}


def _run_battle(state: RootState, p: BattleMarker) -> list[Event]:
    return battle_step(state)


def _ambush_options(state: RootState, p: Ambush) -> list[Action]:
    return [*(PlayAmbush(card=c) for c in ambush_cards(state, p.faction, p.clearing)), DECLINE]


def _ambush(state: RootState, p: Ambush, action: Action) -> list[Event]:
    b = state.battle
    assert b is not None
    state.stack.pop()
    if isinstance(action, PlayAmbush):
        discarded = discard_from_hand(state, p.faction, action.card)
        b.ambush = action.card
        b.stage = "counter"
        text = f"{the(p.faction, 'springs', start=True)} an ambush: {card_name(action.card)}."
        return [Event(text=text, reveals=True), *discarded]
    b.stage = "roll"
    defender = p.faction
    return [Event(text=lambda: f"{the(defender, 'plays', start=True)} no ambush.")]


def _counter_options(state: RootState, p: CounterAmbush) -> list[Action]:
    return [*(PlayAmbush(card=c) for c in ambush_cards(state, p.faction, p.clearing)), DONE]


def _counter(state: RootState, p: CounterAmbush, action: Action) -> list[Event]:
    b = state.battle
    assert b is not None
    state.stack.pop()
    if isinstance(action, PlayAmbush):
        discarded = discard_from_hand(state, p.faction, action.card)
        b.stage = "roll"
        text = f"{the(p.faction, 'cancels', start=True)} the ambush with {card_name(action.card)}."
        return [Event(text=text, reveals=True), *discarded]
    b.stage = "ambush_hits"
    return []


def _effect_options(state: RootState, p: BattleEffects) -> list[Action]:
    uses: list[Action] = [UseEffect(effect=e) for e in battle_effects(state, p.side)]
    if p.side == "attacker" and defender_may_go_first(state):
        uses.append(DefenderFirst())
    return [*uses, DONE]


def _use_effect(state: RootState, p: BattleEffects, action: Action) -> list[Event]:
    if isinstance(action, UseEffect):
        return use_battle_effect(state, p.side, action.effect)
    state.stack.pop()
    if isinstance(action, DefenderFirst):
        return defender_first(state)
    return []


handles(BattleMarker, run=_run_battle)
handles(Ambush, options=_ambush_options, decide=_ambush)
handles(CounterAmbush, options=_counter_options, decide=_counter)
handles(BattleEffects, options=_effect_options, decide=_use_effect)
