"""The Eyrie Dynasties (Law 7): setup (a roost and six warriors in a corner,
a leader and its two Loyal Viziers), Birdsong (Emergency Orders, Add to the
Decree, A New Roost), Daylight (crafting with roosts, then the Decree
resolved column by column), Turmoil, the four leaders, the Roosts track and
Evening, Lords of the Forest and Disdain for Trade.

The state is :class:`.state.Eyrie`.  The turn's steps and the decisions
the Eyrie push on the stack, by name (the screen and the bots read them):

- setup steps ``eyrie_corner`` (:class:`ChooseCorner`, only when more than
  one corner may be taken) and ``eyrie_leader`` (:class:`ChooseLeader`);
- Birdsong: the shared ``birdsong`` step begins with Emergency Orders
  (automatic; the ``emergency_orders`` marker when Better Burrow Bank's
  target is asked first), then ``add_to_decree`` (the ``decree_card`` decision:
  :class:`AddToDecree` one or two cards, ``Done`` after the first) and
  ``new_roost`` (automatic, or the ``roost_site`` decision:
  :class:`PlaceRoost` when several clearings tie for fewest warriors);
- Daylight: ``craft`` (the shared :class:`Craft`, with roosts) and
  ``resolve`` (the Decree: :class:`DecreeRecruit`, the shared
  :class:`Move` and :class:`Battle`, :class:`BuildRoost`, and
  :class:`Turmoil` for a card that cannot be carried out; no ``Done``
  until the Decree is resolved);
- Turmoil's ``choose_leader`` decision (:class:`ChooseLeader`), after
  which Daylight ends;
- Evening: ``score_roosts`` (automatic), then the shared draw and discard.

The Decree's rules are in ``decree.py``; this module is the faction the
shared rules ask, with the handlers of its decisions and its subscriptions
(a roost back to the supply; the Despot's point after a battle in which it
removed a building or token, counted as its pieces are removed).  For the
screen and the bots, ``decree`` has
``column_cards`` (a column with its vizier), ``can_be_done`` (whether a
card could be carried out now), ``resolve_options``, ``roost_points``,
``evening_draws``, ``birds_in_decree`` and the tables ``ROOST_POINTS``,
``ROOST_DRAWS``, ``VIZIER_COLUMNS`` and ``LEADER_TEXT``."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import ClassVar, Final

from boardgames_tui.engine.game import Action, Event

from ... import core
from ...actions import Battle, ChooseCorner, Move, Sail
from ...card_effects import BankTarget
from ...core import clearing_name
from ...events import BattleEnded, Happening, PiecesRemoved, Subscriber
from ...faction import Faction, handles
from ...model import Player, RootState, Step
from ...plan import RulePlan
from . import decree
from .actions import (
    ACTIONS,
    AddToDecree,
    BuildRoost,
    ChooseLeader,
    DecreeRecruit,
    PlaceRoost,
    Turmoil,
)
from .bot import EyriePlan
from .decisions import DecreeCard, EmergencyOrders, LeaderChoice, RoostSite
from .decree import (
    ROOSTS,
    WARRIORS,
    card_text,
    evening_draws,
    roost_points,
    roosts_on_map,
)
from .state import DECREE_COLUMNS, EYRIE, LEADERS, Eyrie, me


class EyrieFaction(Faction):
    number = EYRIE
    key = "eyrie"
    name = "Eyrie Dynasties"
    short = "Eyrie"
    plural = True
    letter = "B"
    reach = 7
    mark = "E"
    colour = "#48c9b0"
    ruler_word = "eyrie"
    #: A roost is written N (a nest): R is the Marquise's recruiter.
    piece_marks: ClassVar[dict[str, str]] = {"roost": "N"}
    player_class = Eyrie
    actions = ACTIONS
    building_kinds = ("roost",)
    crafts_with = ("roost",)
    birdsong_steps = ("add_to_decree", "new_roost")
    daylight_steps = ("craft", "resolve")
    checked_steps = frozenset({"resolve"})
    evening_steps = ("score_roosts",)
    setup_steps = ("eyrie_corner", "eyrie_leader")
    wins_ties = True
    step_done: ClassVar[dict[str, str]] = {
        "craft": "Craft no more",
        "resolve": "End Daylight",
    }
    step_prompts: ClassVar[dict[str, str]] = {
        "eyrie_corner": "choose the corner clearing for your first roost.",
        "eyrie_leader": "choose your first leader.",
        "add_to_decree": "Birdsong: add one or two cards to the Decree.",
        "new_roost": "Birdsong: A New Roost.",
        "craft": "Daylight: craft with your roosts.",
        "score_roosts": "Evening: score your roosts.",
        "resolve": "Daylight: resolve the Decree.",
    }

    def new_player(self) -> Player:
        return Eyrie(faction=EYRIE, warriors=WARRIORS, roosts=ROOSTS)

    # ---------------------------------------------------------------- setup
    def setup(self, state: RootState) -> list[Event]:
        corners = core.corner_choices(state, EYRIE)
        if len(corners) == 1:
            events = decree.place_start(state, corners[0])
            state.step = "eyrie_leader"
            return events
        state.step = "eyrie_corner"
        return []

    def setup_options(self, state: RootState) -> list[Action]:
        if state.step == "eyrie_corner":
            return [ChooseCorner(clearing=c) for c in core.corner_choices(state, EYRIE)]
        return [ChooseLeader(leader=leader) for leader in LEADERS]

    def setup_do(self, state: RootState, action: Action) -> list[Event]:
        if isinstance(action, ChooseCorner):
            state.step = "eyrie_leader"
            return decree.place_start(state, action.clearing)
        assert isinstance(action, ChooseLeader), action
        eyrie = me(state)
        eyrie.leaders = [leader for leader in LEADERS if leader != action.leader]
        state.step = "setup"
        return decree.take_office(state, action.leader)

    def start_corner(self, state: RootState) -> int:
        return me(state).corner

    # ----------------------------------------------------------------- turn
    def birdsong(self, state: RootState) -> list[Event]:
        """Emergency Orders (7.4.1), after the "start of Birdsong" effects:
        when Better Burrow Bank waits for its target, once it is drawn."""
        if state.stack and isinstance(state.stack[-1], BankTarget):
            marker = EmergencyOrders(faction=EYRIE)
            state.stack.insert(len(state.stack) - 1, marker)
            return []
        return decree.emergency_orders(state)

    def enter(self, state: RootState, step: Step) -> list[Event]:
        if step == "add_to_decree":
            eyrie = me(state)
            eyrie.added = []
            if eyrie.hand:
                state.stack.append(DecreeCard(faction=EYRIE))
            return []
        if step == "new_roost":
            return decree.new_roost(state)
        if step == "resolve":
            return decree.start_resolving(state)
        if step == "score_roosts":
            return core.gain(state, EYRIE, roost_points(state), "roosts")
        return []

    def step_options(self, state: RootState, step: Step) -> list[Action]:
        if step == "craft":
            return list[Action](core.craft_options(state, EYRIE))
        if step == "resolve":
            return decree.resolve_options(state)
        return []

    def has_step_options(self, state: RootState, step: Step) -> bool:
        if step == "resolve":
            # Every card left has an action or a Turmoil of its own.
            return me(state).column < len(DECREE_COLUMNS)
        return super().has_step_options(state, step)

    def may_end_step(self, state: RootState, step: Step) -> bool:
        return step != "resolve" or me(state).column >= len(DECREE_COLUMNS)

    def do_step(self, state: RootState, step: Step, action: Action) -> list[Event]:
        assert step == "resolve", (step, action)
        return decree.resolve(state, action)

    def evening_draws(self, state: RootState) -> int:
        return evening_draws(state)

    # ---------------------------------------------------------------- words
    def describe(self, state: RootState, action: Action) -> str | None:
        match action:
            case ChooseLeader():
                return f"Choose the {action.leader.capitalize()} as leader ({decree.LEADER_TEXT[action.leader]})"
            case AddToDecree():
                return f"Add {core.card_name(action.card)} to the Decree's {DECREE_COLUMNS[action.column].capitalize()} column"
            case PlaceRoost():
                return (
                    f"A New Roost: a roost and warriors in {clearing_name(state, action.clearing)}"
                )
            case DecreeRecruit():
                n = 2 if me(state).leader == "charismatic" else 1
                return f"Decree, Recruit: {core.plural(n, 'warrior')} at the roost in {clearing_name(state, action.clearing)}"
            case BuildRoost():
                return f"Decree, Build: a roost in {clearing_name(state, action.clearing)}"
            case Turmoil():
                column = me(state).column
                if column >= len(DECREE_COLUMNS):
                    return f"{card_text(action.card)} cannot be carried out: fall into turmoil"
                what = DECREE_COLUMNS[column].capitalize()
                return f"{what} with {card_text(action.card)} cannot be done: fall into turmoil"
            case ChooseCorner() if state.setting_up == EYRIE:
                return f"Place the first roost and six warriors in {clearing_name(state, action.clearing)}"
            case Move() if decree.resolving(state):
                return (
                    f"Decree, Move: {core.plural(action.count, 'warrior')} from "
                    f"{clearing_name(state, action.origin)} to {clearing_name(state, action.to)}"
                    + (" on the Ferry (draw a card)" if isinstance(action, Sail) else "")
                )
            case Battle() if decree.resolving(state):
                found = core.defenders(state, EYRIE, action.clearing)
                them = action.defender if action.defender >= 0 else (found or [-1])[0]
                if them < 0:
                    return None  # the shared words
                return f"Decree, Battle: the {core.name(them)} in {clearing_name(state, action.clearing)}"
        return None

    def prompt(self, state: RootState) -> str | None:
        if decree.resolving(state):
            eyrie = me(state)
            left = ", ".join(card_text(c) for c in eyrie.todo)
            column = DECREE_COLUMNS[eyrie.column].capitalize()
            return f"Resolve the Decree: {column}, still to do: {left}."
        return None

    # -------------------------------------------------------------- reactions
    def subscriptions(self) -> Mapping[type[Happening], Subscriber]:
        return {PiecesRemoved: removed, BattleEnded: battle_ended}

    # ------------------------------------------------- the common rules, bent
    def item_vp(self, state: RootState, vp: int) -> int:
        """Disdain for Trade (7.2.3): an item scores 1, except under the
        Builder (7.8.1)."""
        return vp if me(state).leader == "builder" else 1

    def extra_hits(self, state: RootState, side: str) -> int:
        """The Commander (7.8.3): an extra hit as attacker."""
        return 1 if side == "attacker" and me(state).leader == "commander" else 0

    def public_cards(self, state: RootState) -> list[int]:
        """The Decree is face up (the viziers are not deck cards)."""
        return [c for column in me(state).decree for c in column]

    def standing(self, state: RootState) -> float:
        """Fitted as the Marquise's and the Duchy's were (logistic regression
        on who won 600 rule-bot games against either of them, every turn's
        start, in their standings' units; ``benchmarks/root_eyrie_evaluate.py``
        and docs/bots.md): points, roosts on the map, bird cards in the
        Decree (the viziers included: a Decree with birds is carried out
        more surely) and its deck cards.  Cards in hand, warriors and
        clearings ruled fitted below zero beside the roosts and are left out."""
        eyrie = me(state)
        w = STANDING
        return (
            w["vp"] * eyrie.vp
            + w["roosts"] * roosts_on_map(state)
            + w["birds"] * decree.birds_in_decree(eyrie)
            + w["decree"] * sum(len(column) for column in eyrie.decree)
        )

    def plan(self) -> RulePlan:
        return EyriePlan()


#: The Eyrie's standing for the search (``RootGame.evaluate``), fitted to
#: the rule bots' games and rounded (docs/bots.md, "The Eyrie's rule bot").
STANDING: Final = {"vp": 1.15, "roosts": 0.35, "birds": 0.75, "decree": 0.05}


# ----------------------------------------------------------------- reactions
def removed(state: RootState, e: PiecesRemoved) -> list[Event]:
    """A roost removed goes back to the track; an enemy building or token
    the Eyrie remove in a battle they fight is counted for the Despot."""
    if e.faction == EYRIE and e.piece == "roost":
        me(state).roosts += 1
    b = state.battle
    fought = b is not None and EYRIE in (b.attacker, b.defender)
    if e.piece and e.by == EYRIE and e.faction != EYRIE and fought:
        assert b is not None
        b.removed[EYRIE] = b.removed.get(EYRIE, 0) + 1
    return []


def battle_ended(state: RootState, e: BattleEnded) -> list[Event]:
    """The Despot (7.8.4): one extra point for a battle in which the Eyrie
    removed at least one enemy building or token."""
    b = state.battle
    if EYRIE not in (e.attacker, e.defender) or b is None:
        return []
    if b.removed.get(EYRIE, 0) and me(state).leader == "despot":
        return core.gain(state, EYRIE, 1, "Despot")
    return []


# ------------------------------------------------------------- the decisions
def _emergency(state: RootState, p: EmergencyOrders) -> list[Event]:
    state.stack.pop()
    return decree.emergency_orders(state)


def _decree_card(state: RootState, p: DecreeCard, action: Action) -> list[Event]:
    if isinstance(action, AddToDecree):
        events = decree.add_to_decree(state, action.card, action.column)
        if len(me(state).added) >= 2 or not decree.add_options(state):
            state.stack.pop()
        return events
    state.stack.pop()
    return []


def _roost_site(state: RootState, p: RoostSite, action: Action) -> list[Event]:
    assert isinstance(action, PlaceRoost)
    state.stack.pop()
    return decree.place_roost_and_warriors(state, action.clearing)


def _leader(state: RootState, p: LeaderChoice, action: Action) -> list[Event]:
    assert isinstance(action, ChooseLeader)
    state.stack.pop()
    return decree.choose_leader(state, action.leader)


handles(EmergencyOrders, run=_emergency)
handles(DecreeCard, options=lambda s, p: decree.add_options(s), decide=_decree_card)
handles(
    RoostSite,
    options=lambda s, p: [PlaceRoost(clearing=n) for n in decree.roost_sites(s)],
    decide=_roost_site,
)


#: Each leader offered, made once (bounded by the four leaders).
@cache
def _leader_choice(leader: str) -> ChooseLeader:
    return ChooseLeader(leader=leader)


handles(
    LeaderChoice,
    options=lambda s, p: [_leader_choice(leader) for leader in me(s).leaders],
    decide=_leader,
)
