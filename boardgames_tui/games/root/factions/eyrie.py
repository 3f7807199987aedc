"""The Eyrie Dynasties (Law 7): setup (a roost and six warriors in a corner,
a leader and its two Loyal Viziers), Birdsong (Emergency Orders, Add to the
Decree, A New Roost), Daylight (crafting with roosts, then the Decree
resolved column by column), Turmoil, the four leaders, the Roosts track and
Evening, Lords of the Forest and Disdain for Trade.

The state is :class:`..model.Eyrie`.  The turn's steps and the decisions
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

The Decree's rules are in ``eyrie_decree.py``; this module is the faction
the shared rules ask.  For the screen and the bots, ``eyrie_decree`` has
``column_cards`` (a column with its vizier), ``can_be_done`` (whether a
card could be carried out now), ``resolve_options``, ``roost_points``,
``evening_draws``, ``birds_in_decree`` and the tables ``ROOST_POINTS``,
``ROOST_DRAWS``, ``VIZIER_COLUMNS`` and ``LEADER_TEXT``."""

from __future__ import annotations

from typing import ClassVar, Final

from boardgames_tui.engine.game import Action, Event

from .. import core
from ..actions import (
    AddToDecree,
    Battle,
    BuildRoost,
    ChooseCorner,
    ChooseLeader,
    DecreeRecruit,
    Move,
    PlaceRoost,
    Turmoil,
)
from ..core import clearing_name
from ..model import (
    DECREE_COLUMNS,
    EYRIE,
    LEADERS,
    Eyrie,
    Pending,
    Player,
    RootState,
    Step,
)
from . import eyrie_decree as decree
from .base import Faction, register
from .eyrie_decree import (
    ROOSTS,
    WARRIORS,
    card_text,
    evening_draws,
    me,
    roost_points,
    roosts_on_map,
)


class EyrieFaction(Faction):
    number = EYRIE
    key = "eyrie"
    name = "Eyrie Dynasties"
    short = "Eyrie"
    letter = "B"
    reach = 7
    mark = "E"
    colour = "#48c9b0"
    ruler_word = "eyrie"
    #: A roost is written N (a nest): R is the Marquise's recruiter.
    piece_marks: ClassVar[dict[str, str]] = {"roost": "N"}
    player_class = Eyrie
    building_kinds = ("roost",)
    crafts_with = ("roost",)
    birdsong_steps = ("add_to_decree", "new_roost")
    daylight_steps = ("craft", "resolve")
    evening_steps = ("score_roosts",)
    setup_steps = ("eyrie_corner", "eyrie_leader")
    pending_kinds = ("decree_card", "roost_site", "choose_leader")
    automatic_kinds = ("emergency_orders",)
    ends_step_kinds = ("choose_leader",)
    wins_ties = True
    counts_battle_removals = True
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
    pending_done: ClassVar[dict[str, str]] = {"decree_card": "Add no second card"}
    pending_prompts: ClassVar[dict[str, str]] = {
        "decree_card": "Birdsong: add a card to the Decree (one or two, at most one bird).",
        "roost_site": "A New Roost: choose the clearing for a roost and three warriors.",
        "choose_leader": "Turmoil: choose your new leader.",
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
        if state.stack and state.stack[-1].kind == "bank_target":
            marker = Pending(kind="emergency_orders", faction=EYRIE)
            state.stack.insert(len(state.stack) - 1, marker)
            return []
        return decree.emergency_orders(state)

    def automatic(self, state: RootState, p: Pending) -> list[Event]:
        assert p.kind == "emergency_orders", p.kind
        return decree.emergency_orders(state)

    def enter(self, state: RootState, step: Step) -> list[Event]:
        if step == "add_to_decree":
            eyrie = me(state)
            eyrie.added = []
            if eyrie.hand:
                state.stack.append(Pending(kind="decree_card", faction=EYRIE))
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

    def pending_options(self, state: RootState, p: Pending) -> list[Action]:
        if p.kind == "decree_card":
            return decree.add_options(state)
        if p.kind == "roost_site":
            return [PlaceRoost(clearing=n) for n in decree.roost_sites(state)]
        assert p.kind == "choose_leader", p.kind
        return [ChooseLeader(leader=leader) for leader in me(state).leaders]

    def do_pending(self, state: RootState, p: Pending, action: Action) -> list[Event]:
        if p.kind == "decree_card":
            if isinstance(action, AddToDecree):
                events = decree.add_to_decree(state, action.card, action.column)
                if len(me(state).added) >= 2 or not decree.add_options(state):
                    state.stack.pop()
                return events
            state.stack.pop()
            return []
        state.stack.pop()
        if p.kind == "roost_site":
            assert isinstance(action, PlaceRoost)
            return decree.place_roost_and_warriors(state, action.clearing)
        assert isinstance(action, ChooseLeader)
        return decree.choose_leader(state, action.leader)

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
                return f"A New Roost: a roost and warriors in {clearing_name(action.clearing)}"
            case DecreeRecruit():
                n = 2 if me(state).leader == "charismatic" else 1
                return f"Decree, Recruit: {core.plural(n, 'warrior')} at the roost in {clearing_name(action.clearing)}"
            case BuildRoost():
                return f"Decree, Build: a roost in {clearing_name(action.clearing)}"
            case Turmoil():
                column = me(state).column
                if column >= len(DECREE_COLUMNS):
                    return f"{card_text(action.card)} cannot be carried out: fall into turmoil"
                what = DECREE_COLUMNS[column].capitalize()
                return f"{what} with {card_text(action.card)} cannot be done: fall into turmoil"
            case ChooseCorner() if state.setting_up == EYRIE:
                return f"Place the first roost and six warriors in {clearing_name(action.clearing)}"
            case Move() if decree.resolving(state):
                return (
                    f"Decree, Move: {core.plural(action.count, 'warrior')} from "
                    f"{clearing_name(action.origin)} to {clearing_name(action.to)}"
                )
            case Battle() if decree.resolving(state):
                found = core.defenders(state, EYRIE, action.clearing)
                them = action.defender if action.defender >= 0 else (found or [-1])[0]
                if them < 0:
                    return None  # the shared words
                return f"Decree, Battle: the {core.name(them)} in {clearing_name(action.clearing)}"
        return None

    def prompt(self, state: RootState) -> str | None:
        if decree.resolving(state):
            eyrie = me(state)
            left = ", ".join(card_text(c) for c in eyrie.todo)
            column = DECREE_COLUMNS[eyrie.column].capitalize()
            return f"Resolve the Decree: {column}, still to do: {left}."
        return None

    # ------------------------------------------------- the common rules, bent
    def removed_piece(self, state: RootState, number: int, piece: str) -> None:
        if piece == "roost":
            me(state).roosts += 1

    def item_vp(self, state: RootState, vp: int) -> int:
        """Disdain for Trade (7.2.3): an item scores 1, except under the
        Builder (7.8.1)."""
        return vp if me(state).leader == "builder" else 1

    def extra_hits(self, state: RootState, side: str) -> int:
        """The Commander (7.8.3): an extra hit as attacker."""
        return 1 if side == "attacker" and me(state).leader == "commander" else 0

    def after_battle(self, state: RootState, removed: int) -> list[Event]:
        """The Despot (7.8.4): one extra point for a battle in which the
        Eyrie removed at least one enemy building or token."""
        if removed and me(state).leader == "despot":
            return core.gain(state, EYRIE, 1, "Despot")
        return []

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


#: The Eyrie's standing for the search (``RootGame.evaluate``), fitted to
#: the rule bots' games and rounded (docs/bots.md, "The Eyrie's rule bot").
STANDING: Final = {"vp": 1.15, "roosts": 0.35, "birds": 0.75, "decree": 0.05}

EYRIE_FACTION: Final = register(EyrieFaction())

__all__ = ["EYRIE_FACTION", "EyrieFaction"]
