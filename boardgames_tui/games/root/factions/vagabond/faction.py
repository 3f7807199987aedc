"""The Vagabond (Law 9): the faction the shared rules ask, the handlers of
his decisions and his subscriptions.

The turn's steps, by name (the screen and the bots read them):

- setup steps ``vagabond_character`` (:class:`ChooseCharacter`) and
  ``vagabond_forest`` (:class:`StartIn`);
- Birdsong: Refresh at its start (automatic, or the ``vagabond_refresh``
  decision when more items are face down than he may turn up), then
  ``slip`` (:class:`Slip`, or Done);
- Daylight: ``wander``, his actions in any order and number (Walk, Attack,
  Explore, Aid, Quest, Strike, Repair, the shared Craft, his character's
  special action, Coalition);
- Evening: ``rest`` (An Evening's Rest, then the item limit, before the
  shared draw and discard: see docs/rules/root.md), then the shared draw and
  discard.

His pawn is a token of his (``pawn``) that never rules, is never removed
(``lasting``) and stands in a clearing or in a forest, his places off the
map (nobody rules them)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import replace
from typing import ClassVar, Final

from boardgames_tui.engine.game import Action, Event

from ... import core
from ...actions import DONE, Craft, Done
from ...events import BattleEnded, CardCrafted, Happening, PiecesRemoved, Subscriber
from ...faction import FACTIONS, Faction, handles
from ...model import Player, RootState, Step, card_of
from ...plan import RulePlan
from . import relations, rules, satchel
from .actions import (
    ACTIONS,
    Aid,
    AllyTakesHit,
    Attack,
    ChooseCharacter,
    Coalition,
    DayLabor,
    Explore,
    Hideout,
    PickItem,
    Quest,
    Repair,
    Slip,
    StartIn,
    Steal,
    Strike,
    Walk,
)
from .board import board, quest
from .decisions import ItemHits, ItemLimit, Refreshing, Repairing, TakeCrafted
from .offered import offered_pick, offered_slip
from .state import FORESTS, PAWN, VAGABOND, Vagabond, is_forest, me

#: The setup choice that draws the character at random.
RANDOM_CHARACTER = "random"


class VagabondFaction(Faction):
    number = VAGABOND
    key = "vagabond"
    name = "Vagabond"
    short = "Vagabond"
    letter = "E"
    reach = 5
    mark = "V"
    colour = "#9b9da0"
    ruler_word = ""
    piece_marks: ClassVar[dict[str, str]] = {PAWN: "V"}
    player_class = Vagabond
    actions = ACTIONS
    token_kinds = (PAWN,)
    lasting = (PAWN,)
    off_map = FORESTS
    rules_places = False
    dominance_wins = False
    birdsong_steps = ("slip",)
    daylight_steps = ("wander",)
    evening_steps = ("rest",)
    setup_steps = ("vagabond_character", "vagabond_forest")
    step_done: ClassVar[dict[str, str]] = {"slip": "Do not slip", "wander": "End Daylight"}
    step_prompts: ClassVar[dict[str, str]] = {
        "vagabond_character": "choose your character.",
        "vagabond_forest": "choose the forest your pawn starts in.",
        "slip": "Birdsong: slip into an adjacent clearing or forest?",
        "wander": "Daylight: exhaust items to take actions.",
        "rest": "Evening: rest.",
    }

    def new_player(self) -> Player:
        return Vagabond(faction=VAGABOND)

    # ---------------------------------------------------------------- setup
    def setup(self, state: RootState) -> list[Event]:
        events = rules.prepare(state)
        state.step = "vagabond_character"
        return events

    def setup_options(self, state: RootState) -> list[Action]:
        if state.step == "vagabond_character":
            keys = [c.key for c in board().characters]
            return [ChooseCharacter(character=k) for k in (*keys, RANDOM_CHARACTER)]
        return [StartIn(place=f) for f in rules.forests(state)]

    def setup_do(self, state: RootState, action: Action) -> list[Event]:
        if isinstance(action, ChooseCharacter):
            state.step = "vagabond_forest"
            key = action.character
            if key == RANDOM_CHARACTER:
                key = state.rng.choice(tuple(c.key for c in board().characters))
            return rules.choose_character(state, key)
        assert isinstance(action, StartIn), action
        state.step = "setup"
        return rules.start_in(state, action.place)

    # ----------------------------------------------------------------- turn
    def birdsong(self, state: RootState) -> list[Event]:
        me(state).aided.clear()
        return rules.refresh(state)

    def enter(self, state: RootState, step: Step) -> list[Event]:
        if step == "rest":
            return rules.rest(state) + rules.item_limit(state)
        return []

    def step_options(self, state: RootState, step: Step) -> list[Action]:
        if step == "slip":
            if "slip" in me(state).used:
                return []  # one Slip a Birdsong
            slips: list[Action] = [offered_slip(t, False) for t in rules.slip_targets(state)]
            here = me(state).place
            return slips + [offered_slip(t, True) for t in rules.ferry_stops(state, here)]
        if step == "wander":
            return rules.daylight_options(state)
        return []

    def do_step(self, state: RootState, step: Step, action: Action) -> list[Event]:
        if isinstance(action, Slip):
            me(state).used.append("slip")
            return rules.slip(state, action.to, action.sail)
        return rules.daylight(state, action)

    def effect_battles(self, state: RootState) -> list[Action] | None:
        """Command Warren: a battle in his clearing, exhausting no sword
        (docs/rules/root.md, R-VB-CARDS)."""
        return rules.attack_options(state, free=True)

    def effect_moves(self, state: RootState) -> list[Action] | None:
        """The Cobbler: a move exhausting no boots but the one into hostile
        warriors (9.2.9.3.2)."""
        return rules.walk_options(state, free=True)

    def effect_act(self, state: RootState, action: Action) -> list[Event] | None:
        if isinstance(action, Attack):
            return rules.attack(state, action, free=True)
        assert isinstance(action, Walk), action
        return rules.walk(state, action, free=True)

    def evening_draws(self, state: RootState) -> int:
        """Law 9.6.2: one, plus one per coins face up on its track."""
        return 1 + satchel.on_track(me(state), "coins")

    # ---------------------------------------------------------------- words
    def describe(self, state: RootState, action: Action) -> str | None:
        v = me(state)
        where = core.clearing_name
        match action:
            case ChooseCharacter() if action.character == RANDOM_CHARACTER:
                return "Play a character drawn at random"
            case ChooseCharacter():
                c = board().character(action.character)
                return f"Play the {c.name} ({', '.join(c.items)}; {c.action_name}: {c.text})"
            case StartIn():
                return f"Start in {where(state, action.place)}"
            case Slip() if action.sail:
                return (
                    f"Slip across the lake on the Ferry to {where(state, action.to)} (draw a card)"
                )
            case Slip():
                return f"Slip into {where(state, action.to)}"
            case Walk():
                boots = rules.boots_to(state, action.clearing)
                if state.step == "evening_start":
                    boots -= 1  # the Cobbler's move
                verb = "Sail on the Ferry" if action.sail else "Move"
                cost = f"{boots} boots" if boots else "no boots"
                text = f"{verb} to {where(state, action.clearing)} ({cost}"
                text += ", draw a card)" if action.sail else ")"
                if action.ally >= 0:
                    text += (
                        f" with {core.plural(action.count, core.name(action.ally) + ' warrior')}"
                    )
                return text
            case Attack():
                cost = "Command Warren" if state.step == "daylight_start" else "a sword"
                text = f"Battle the {core.name(action.defender)} ({cost})"
                if action.ally >= 0:
                    text += f" with the allied {core.name(action.ally)} warriors"
                return text
            case Explore():
                return "Explore the ruin (a torch): an item and 1 point"
            case Aid():
                return (
                    f"Aid the {core.name(action.faction)}: give {core.card_name(action.card)}, "
                    f"exhaust a {action.item}"
                )
            case Quest():
                spec = quest(action.quest)
                gets = "score points" if action.reward == "vp" else "draw 2 cards"
                return f"Quest: {spec.name} ({' and '.join(spec.items)}), then {gets}"
            case Strike():
                whose = core.name(action.faction)
                what = f"the {whose}'s {action.piece}" if action.piece else f"a {whose} warrior"
                return f"Strike (a crossbow): {what}"
            case Repair():
                return f"Repair a {action.item} (a hammer)"
            case Steal():
                return f"Steal (a torch): a random card from the {core.name(action.faction)}"
            case DayLabor():
                return (
                    f"Day Labor (a torch): take {core.card_name(action.card)} from the discard pile"
                )
            case Hideout():
                return "Hideout (a torch): repair three items and end Daylight"
            case Coalition():
                return (
                    f"Activate {core.card_name(action.card)}: a coalition with the "
                    f"{core.name(action.faction)}"
                )
            case PickItem():
                return f"{action.item.capitalize()} ({satchel_word(action.box)})"
            case AllyTakesHit():
                return "Take the hit on an allied warrior"
            case Craft() if state.turn == VAGABOND:
                return f"Craft {core.card_name(action.card)} ({core.plural(len(action.using), 'hammer')})"
        del v
        return None

    # -------------------------------------------------------------- reactions
    def subscriptions(self) -> Mapping[type[Happening], Subscriber]:
        return {
            PiecesRemoved: relations.removed,
            BattleEnded: relations.battle_ended,
            CardCrafted: crafted,
        }

    # ------------------------------------------------- the common rules, bent
    def place_name(self, state: RootState, number: int) -> str:
        return rules.place_name(state, number)

    def hit_cap(self, state: RootState, number: int) -> int:
        """Law 9.2.6: his undamaged swords; with allied warriors as his, their
        warriors too (9.2.9.2.3)."""
        v = me(state)
        cap = satchel.undamaged(v, "sword")
        if v.ally >= 0 and state.battle is not None and state.battle.attacker == VAGABOND:
            cap += core.warriors(state, v.ally, number)
        return cap

    def defenceless(self, state: RootState, number: int) -> bool:
        """Law 9.2.4: no undamaged sword."""
        return not satchel.undamaged(me(state), "sword")

    def routed(self, state: RootState, number: int) -> bool:
        """His pawn always remains (Law 4.3.1.2: no attacking warriors or pawns)."""
        return False

    def take_hits(self, state: RootState, number: int, hits: int, by: int) -> list[Event] | None:
        return damage_items(state, number, hits, by)

    def all_removed(self, state: RootState, number: int, by: int) -> list[Event]:
        """Law 9.2.2.1: a "remove all enemy pieces" effect in his clearing
        damages three of his items."""
        if me(state).place != number:
            return []
        events = [Event(text="The Vagabond cannot be removed: he damages three items.")]
        return events + damage_items(state, number, 3, by)

    def crafting_pieces(self, state: RootState) -> Counter[str] | None:
        return rules.crafting_pieces(state)

    # ------------------------------------------------------------- the bots
    def standing(self, state: RootState) -> float:
        """Fitted as the other factions' were (logistic regression on who won
        4,000 rule-bot games against the Marquise, the Eyrie, the Duchy and
        the Alliance, every turn's start, in their standings' units;
        ``benchmarks/root_faction_evaluate.py --faction vagabond``,
        docs/bots.md): points, the items he can use (:func:`usable_items`)
        and cards in hand.  Damaged items, relationship steps, hostile
        factions and quests done are left out (docs/bots.md, "His standing,
        fitted").  In a coalition, his partner's standing (docs/bots.md,
        "`hard` as the Vagabond at four seats")."""
        v = me(state)
        if v.partner >= 0:
            # In a coalition he scores no more and wins when his partner
            # wins (Law 9.2.8): he stands as well as his partner does.
            return FACTIONS[v.partner].standing(state)
        w = STANDING
        return w["vp"] * v.vp + w["items"] * usable_items(v) + w["hand"] * len(v.hand)

    def reasons(self, before: RootState, after: RootState, seat: int) -> list[str]:
        """What a move did for him: an item found, a quest done, a
        relationship improved, a faction made hostile, a coalition."""
        old, new = before.players[seat], after.players[seat]
        if not isinstance(old, Vagabond) or not isinstance(new, Vagabond):
            return []
        out: list[str] = []
        if len(new.ruin_items) < len(old.ruin_items):
            out.append("explores a ruin")
        out += [f"completes {quest(q).name}" for q in new.done_quests if q not in old.done_quests]
        for f, level in sorted(new.relations.items()):
            was = old.relations.get(f, level)
            if level != was:
                out.append(f"the {core.name(f)}: {relations.word(level).lower()}")
        if new.partner >= 0 and old.partner < 0:
            out.append(f"a coalition with the {core.name(new.partner)}")
        return out

    def plan(self) -> RulePlan:
        from .bot import VagabondPlan

        return VagabondPlan()


def satchel_word(box: str) -> str:
    return {
        satchel.READY: "face up",
        satchel.EXHAUSTED: "exhausted",
        satchel.DAMAGED: "damaged",
        satchel.DAMAGED_DOWN: "damaged, exhausted",
        "crafted": "crafted",
    }[box]


# ----------------------------------------------------------------- reactions
def crafted(state: RootState, e: CardCrafted) -> list[Event]:
    """Law 9.2.1 and 9.5.8: the hammers exhausted; an item crafted goes face
    up to his Satchel or track (taking it is never worse than leaving it in
    a box no one may take from: see docs/rules/root.md)."""
    if e.faction != VAGABOND:
        return []
    v = me(state)
    satchel.exhaust(v, *["hammer"] * len(card_of(e.card).cost))
    while v.items:
        satchel.gain(v, v.items.pop())
    return []


# -------------------------------------------------------------- taking hits
def hit_choices(state: RootState, place: int) -> list[Action]:
    v = me(state)
    out: list[Action] = [offered_pick(i, b) for i, b in satchel.hittable(v)]
    b = state.battle
    if (
        v.ally >= 0
        and b is not None
        and b.attacker == VAGABOND
        and core.warriors(state, v.ally, place)
    ):
        out.append(AllyTakesHit())
    return out


def damage_items(state: RootState, place: int, hits: int, by: int) -> list[Event]:
    """Each hit damages an undamaged item of his choice (asked when the
    choice matters); with none left, the hits left are ignored (Law 9.2.7)."""
    events: list[Event] = []
    while hits > 0:
        choices = hit_choices(state, place)
        if not choices:
            break
        if len(choices) > 1:
            state.stack.append(ItemHits(faction=VAGABOND, clearing=place, count=hits, by=by))
            break
        events += take_one(state, place, choices[0], by)
        hits -= 1
    return events


def take_one(state: RootState, place: int, action: Action, by: int) -> list[Event]:
    v = me(state)
    if isinstance(action, AllyTakesHit):
        v.ally_hits += 1
        events = [Event(text=f"An allied {core.name(v.ally)} warrior takes the hit.")]
        return events + core.remove_warriors(state, v.ally, place, 1, by)
    assert isinstance(action, PickItem), action
    satchel.damage(v, action.item, action.box)
    v.item_hits += 1
    return [Event(text=f"The Vagabond's {action.item} is damaged.")]


# ------------------------------------------------------------- the decisions
def count_down(state: RootState, p: Refreshing | Repairing | ItemLimit, more: bool) -> None:
    """One of ``p.count`` items chosen: the decision asks for the next while
    there are more to choose (and something left to choose from), else ends."""
    if p.count > 1 and more:
        state.stack[-1] = replace(p, count=p.count - 1)
    else:
        state.stack.pop()


def _hits(state: RootState, p: ItemHits, action: Action) -> list[Event]:
    state.stack.pop()
    events = take_one(state, p.clearing, action, p.by)
    return events + damage_items(state, p.clearing, p.count - 1, p.by)


def _refresh_options(state: RootState, p: Refreshing) -> list[Action]:
    return [offered_pick(i, b) for i, b in satchel.face_down(me(state))]


def _refresh(state: RootState, p: Refreshing, action: Action) -> list[Event]:
    assert isinstance(action, PickItem), action
    v = me(state)
    satchel.refresh(v, action.item, action.box)
    count_down(state, p, bool(satchel.face_down(v)))
    return [Event(text=f"Refresh: the Vagabond turns a {action.item} face up.")]


def _take_options(state: RootState, p: TakeCrafted) -> list[Action]:
    items = sorted(set(state.player(p.target).items))
    return [*(PickItem(item=i, box="crafted") for i in items), DONE]


def _take(state: RootState, p: TakeCrafted, action: Action) -> list[Event]:
    state.stack.pop()
    if isinstance(action, Done):
        return []
    assert isinstance(action, PickItem), action
    return rules.take_crafted(state, p.target, action.item)


def _repair_options(state: RootState, p: Repairing) -> list[Action]:
    found = satchel.broken(me(state))
    return [PickItem(item=i, box=b) for i, b in found] if found else [DONE]


def _repair(state: RootState, p: Repairing, action: Action) -> list[Event]:
    if isinstance(action, Done):
        state.stack.pop()
        return []
    assert isinstance(action, PickItem), action
    v = me(state)
    satchel.repair(v, action.item, action.box)
    count_down(state, p, bool(satchel.broken(v)))
    return [Event(text=f"Hideout: the Vagabond repairs a {action.item}.")]


def usable_items(v: Vagabond) -> int:
    """The items his strength is: those he can use, undamaged and face up,
    and the exhausted ones his next Refresh turns face up.  An action
    exhausts the items it names (9.5.1: "Exhaust one boots to move"), so an
    exhausted item does nothing until Refresh turns it up (9.4.1: "Flip two
    exhausted items face up for each tea face up on the Refresh Track ...
    Then flip up three more exhausted items"); an exhausted tea is off its
    track and flips none; a damaged item does nothing until repaired."""
    return len(v.ready) + min(len(v.exhausted), satchel.refreshes(v))


def _limit_options(state: RootState, p: ItemLimit) -> list[Action]:
    return [PickItem(item=i, box=b) for i, b in satchel.countable(me(state))]


def _limit(state: RootState, p: ItemLimit, action: Action) -> list[Event]:
    assert isinstance(action, PickItem), action
    events = rules.drop(state, action.item, action.box)
    count_down(state, p, True)
    return events


#: The Vagabond's standing for the search (``RootGame.evaluate``), fitted to
#: the rule bots' games on the items he can use and rounded (docs/bots.md,
#: "The Vagabond's rule bot": 1.52, 0.71 and 0.21, standard deviations 0.03,
#: 0.13 and 0.20; the former 1.6, 0.1 and 0.4, fitted on 600 games counting
#: every undamaged item, are outside the first two's ranges).
STANDING: Final = {"vp": 1.5, "items": 0.7, "hand": 0.2}


handles(ItemHits, options=lambda s, p: hit_choices(s, p.clearing), decide=_hits)
handles(Refreshing, options=_refresh_options, decide=_refresh)
handles(TakeCrafted, options=_take_options, decide=_take)
handles(Repairing, options=_repair_options, decide=_repair)
handles(ItemLimit, options=_limit_options, decide=_limit)

__all__ = ["VagabondFaction", "is_forest"]
