"""The Marquise de Cat as the shared rules see her (Law 6): her
:class:`MarquiseFaction`, its answers (setup, the turn's steps, the keep
that keeps others from placing, what her standing is to the search) and her
subscriptions: Field Hospitals when her warriors fall, wood and the keep
back to the supply when they are removed."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any, ClassVar, Final

from boardgames_tui.engine.game import Action, Event

from ... import core
from ...actions import Decline, Recruit
from ...events import Happening, PiecesRemoved, RemovalsSettled, Subscriber
from ...faction import Faction
from ...model import Player, RootState, Step
from ...plan import RulePlan
from ...standing import board_standing
from .actions import (
    ACTIONS,
    BuildCats,
    ChooseKeep,
    ExtraAction,
    Hospital,
    Overwork,
    PayWood,
    PlaceAt,
    PlaceStart,
)
from .board import CAT_BUILDINGS, marquise
from .bot import MarquisePlan
from .decisions import FieldHospitals
from .rules import (
    START_STEPS,
    action_options,
    birdsong,
    choose_keep,
    evening_draws,
    has_action_options,
    keep_options,
    next_space,
    perform_action,
    place_start,
    start_options,
)
from .state import CATS, Marquise, keep_worth, me


class MarquiseFaction(Faction):
    number = CATS
    key = "marquise"
    name = "Marquise de Cat"
    short = "Marquise"
    letter = "A"
    reach = 10
    mark = "C"
    colour = "#d2691e"
    ruler_word = "cats"
    piece_marks: ClassVar[dict[str, str]] = {
        "sawmill": "S",
        "workshop": "W",
        "recruiter": "R",
        "keep": "K",
        "wood": "w",
    }
    player_class = Marquise
    actions = ACTIONS
    building_kinds = CAT_BUILDINGS
    token_kinds = ("wood", "keep")
    crafts_with = marquise().crafts_with
    daylight_steps = ("craft", "actions")
    checked_steps = frozenset({"actions"})
    setup_steps = ("keep", *START_STEPS)
    step_done: ClassVar[dict[str, str]] = {"craft": "Craft no more", "actions": "End Daylight"}
    step_prompts: ClassVar[dict[str, str]] = {
        "keep": "choose the corner clearing for your keep.",
        "start_sawmill": "place your first sawmill in or next to the keep.",
        "start_workshop": "place your first workshop in or next to the keep.",
        "start_recruiter": "place your first recruiter in or next to the keep.",
        "craft": "Daylight: craft with your workshops.",
    }

    def new_player(self) -> Player:
        board = marquise()
        return Marquise(faction=CATS, warriors=board.warriors, wood=board.wood)

    # setup
    def setup(self, state: RootState) -> list[Event]:
        state.step = "keep"
        return []

    def setup_options(self, state: RootState) -> list[Action]:
        if state.step == "keep":
            return keep_options(state)
        return list(start_options(state))

    def setup_do(self, state: RootState, action: Action) -> list[Event]:
        if isinstance(action, ChooseKeep):
            return choose_keep(state, action.clearing)
        assert isinstance(action, PlaceStart)
        return place_start(state, action)

    def start_corner(self, state: RootState) -> int:
        return me(state).keep

    # the turn
    def birdsong(self, state: RootState) -> list[Event]:
        return birdsong(state)

    def enter(self, state: RootState, step: Step) -> list[Event]:
        if step == "actions":
            state.actions_left = 3
        return []

    def step_options(self, state: RootState, step: Step) -> list[Action]:
        if step == "craft":
            return list[Action](core.craft_options(state, CATS))
        return action_options(state)

    def has_step_options(self, state: RootState, step: Step) -> bool:
        if step == "actions":
            return has_action_options(state)
        return super().has_step_options(state, step)

    def do_step(self, state: RootState, step: Step, action: Action) -> list[Event]:
        assert step == "actions", (step, action)
        return perform_action(state, action)

    def evening_draws(self, state: RootState) -> int:
        return evening_draws(state)

    def describe(self, state: RootState, action: Action) -> str | None:
        at = core.clearing_name
        match action:
            case Decline() if state.stack and isinstance(state.stack[-1], FieldHospitals):
                return "Spend no card for Field Hospitals"
            case ChooseKeep():
                return f"Place the keep in {at(state, action.clearing)}"
            case PlaceStart():
                return f"Place the first {action.building} in {at(state, action.clearing)}"
            case Hospital():
                return f"Field Hospitals: spend {core.card_name(action.card)} to bring the warriors to the keep"
            case PlaceAt():
                top = state.stack[-1] if state.stack else None
                piece = getattr(top, "piece", "piece")
                what = "wood" if piece == "wood" else f"a {piece}"
                return f"Place {what} in {at(state, action.clearing)}"
            case Recruit():
                return "Recruit: a warrior at each recruiter"
            case BuildCats():
                space = next_space(state, action.building)
                cost = space.wood if space else 0
                vp = space.vp if space else 0
                return f"Build a {action.building} in {at(state, action.clearing)} ({cost} wood, {core.plural(vp, 'point')})"
            case PayWood():
                return f"Pay wood from {at(state, action.clearing)}"
            case Overwork():
                return f"Overwork: spend {core.card_name(action.card)} for wood at the sawmill in {at(state, action.clearing)}"
            case ExtraAction():
                return f"Spend {core.card_name(action.card)} for an extra action"
        return None

    def prompt(self, state: RootState) -> str | None:
        if state.step == "actions" and not state.stack:
            n = state.actions_left
            return f"Daylight, {n} action{'s' if n != 1 else ''} left."
        return None

    # reactions
    def subscriptions(self) -> Mapping[type[Happening], Subscriber]:
        return {PiecesRemoved: removed, RemovalsSettled: settled}

    # the common rules, bent
    def forbids_placing(self, state: RootState, faction: int, number: int) -> bool:
        """The keep: no other player may place pieces in its clearing (6.2.1)."""
        return me(state).keep == number

    def forbidden_places(self, state: RootState, faction: int) -> Collection[int]:
        """The keep's clearing (:meth:`forbids_placing`), named at once."""
        return (me(state).keep,)

    def standing(self, state: RootState) -> float:
        return standing(state) + keep_worth(state, me(state).keep)

    def plan(self) -> RulePlan:
        return MarquisePlan()

    # old saves
    legacy_key: ClassVar[str | None] = "cats"

    def migrate(
        self, data: dict[str, Any], clearings: list[dict[str, Any]], table: list[int]
    ) -> dict[str, Any]:
        """Her state held by name (``cats``, with ``hospitals`` beside it), her
        pieces in a clearing as ``cats``, ``wood`` and ``keep``; a setup step
        of hers with nobody named setting up."""
        for c in clearings:
            n = c.pop("cats", 0)
            if n:
                c["warriors"][str(CATS)] = n
            c["tokens"] += ["wood"] * c.pop("wood", 0) + ["keep"] * bool(c.pop("keep", False))
        if data.get("step") in self.setup_steps:
            data["setting_up"] = CATS
        return {**data.pop("cats"), "faction": CATS, "hospitals": data.pop("hospitals", {})}


# ----------------------------------------------------------------- reactions
def removed(state: RootState, e: PiecesRemoved) -> list[Event]:
    """Her pieces leave the map: warriors are noted for Field Hospitals (in
    a clearing), wood goes back to the supply, the keep is gone for good."""
    if e.faction != CATS:
        return []
    cats = me(state)
    if e.warriors:
        if core.on_the_map(state, e.place):
            cats.hospitals[e.place] = cats.hospitals.get(e.place, 0) + e.warriors
    elif e.piece == "wood":
        cats.wood += 1
    elif e.piece == "keep":
        cats.keep = 0
        cats.keep_removed = True
    return []


def settled(state: RootState, e: RemovalsSettled) -> list[Event]:
    """Field Hospitals: a decision per clearing that lost warriors, while
    the keep is on the map, the Marquise may place pieces there and holds a
    card (6.2.2); none once the game is over."""
    cats = me(state)
    if state.over:
        cats.hospitals.clear()
        return []
    if cats.hospitals:
        for number, n in sorted(cats.hospitals.items(), reverse=True):
            if cats.keep and cats.hand and core.may_place(state, CATS, cats.keep):
                state.stack.append(FieldHospitals(faction=CATS, clearing=number, count=n))
        cats.hospitals.clear()
    return []


# ------------------------------------------------------------------ standing
#: What the Marquise's standing counts for the search (``RootGame.evaluate``):
#: victory points, clearings ruled, cards in hand, warriors on the map, wood
#: on the map, persistent cards crafted.  Fitted to the rule bots' games.
WEIGHTS: Final = {
    "vp": 1.0,
    "ruled": 0.9,
    "hand": 0.1,
    "warriors": 0.2,
    "tokens": 0.45,
    "crafted": 1.6,
}


def standing(state: RootState) -> float:
    return board_standing(state, CATS, WEIGHTS, "wood")
