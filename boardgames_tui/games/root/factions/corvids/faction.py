"""The Corvid Conspiracy as the shared rules see them (Law 13): their
:class:`CorvidsFaction`, its answers (setup, the turn's steps and their
options, Nimble, the snare that keeps enemies from placing and moving out,
Embedded Agents, the face-down plots hidden from the other seats and dealt
again in the search's samples), the handlers of their decisions and their
subscription: a plot removed goes back to the supply, a raid placing its
warriors."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import ClassVar, Final

from boardgames_tui.engine.game import Action, Event
from boardgames_tui.engine.rng import Rng

from ... import core
from ...events import Happening, PiecesRemoved, Subscriber
from ...faction import Faction, handles
from ...model import Player, RootState, Step
from ...plan import RulePlan
from .actions import (
    ACTIONS,
    Expose,
    FlipPlot,
    PlacePlot,
    PlaceWarrior,
    RecruitCorvids,
    Scatter,
    Trick,
)
from .bot import CorvidsPlan
from .decisions import CorvidWarriors, ExposureChance
from .plots import (
    expose,
    expose_options,
    flip,
    flip_options,
    open_window,
    plot_cost,
    removed,
    snared,
    warrior_chosen,
    warrior_options,
    window_after,
)
from .rules import (
    action_options,
    evening_draws,
    has_action_options,
    perform_action,
    recruit,
    recruit_options,
    scatter,
    scatter_options,
)
from .state import COPIES, CORVIDS, FACE_DOWN, PLOTS, UNKNOWN, WARRIORS, Corvids, me

#: Their own steps.
CRAFT: Final = "corvid_craft"
FLIP: Final = "flip"
RECRUIT: Final = "corvid_recruit"
ACTIONS_STEP: Final = "corvid_actions"
EXERT: Final = "exert"
EXPOSURE: Final = "exposure"


class CorvidsFaction(Faction):
    number = CORVIDS
    key = "corvids"
    name = "Corvid Conspiracy"
    short = "Corvids"
    plural = True
    letter = "I"
    reach = 3
    mark = "V"
    colour = "#925da5"
    ruler_word = "corvids"
    piece_marks: ClassVar[dict[str, str]] = {
        FACE_DOWN: "P",
        "bomb": "B",
        "extortion": "X",
        "raid": "R",
        "snare": "S",
    }
    player_class = Corvids
    actions = ACTIONS
    token_kinds = (FACE_DOWN, *PLOTS)
    crafts_with = (FACE_DOWN, *PLOTS)
    birdsong_steps = (CRAFT, FLIP, RECRUIT)
    daylight_steps = (ACTIONS_STEP,)
    checked_steps = frozenset({ACTIONS_STEP, EXERT})
    evening_steps = (EXERT, EXPOSURE)
    setup_steps = ("scatter",)
    bends_moving = True
    moves_freely = True
    step_done: ClassVar[dict[str, str]] = {
        CRAFT: "Craft no more",
        FLIP: "Flip no more plots",
        RECRUIT: "Do not recruit",
        ACTIONS_STEP: "End Daylight",
        EXERT: "Draw instead (no Exert)",
        EXPOSURE: "Go on to the draw",
    }
    step_prompts: ClassVar[dict[str, str]] = {
        "scatter": "Scatter: place a warrior in a clearing of each suit.",
        CRAFT: "Birdsong: craft with your plots (face up or down).",
        FLIP: "Birdsong: flip face-down plots where you have warriors.",
        RECRUIT: "Birdsong: spend a card to recruit in every clearing of its suit.",
        EXERT: "Evening: Exert (one more action, and draw no card), or draw.",
        EXPOSURE: "Evening: the enemies' chance to expose your plots.",
    }

    def new_player(self) -> Player:
        supply = sorted(k for k in PLOTS for _ in range(COPIES))
        return Corvids(faction=CORVIDS, warriors=WARRIORS, supply=supply)

    # setup
    def setup(self, state: RootState) -> list[Event]:
        state.step = "scatter"
        if not scatter_options(state):
            state.step = "setup"
        return []

    def setup_options(self, state: RootState) -> list[Action]:
        return scatter_options(state)

    def setup_do(self, state: RootState, action: Action) -> list[Event]:
        assert isinstance(action, Scatter)
        return scatter(state, action.clearing)

    # the turn
    def birdsong(self, state: RootState) -> list[Event]:
        corvids = me(state)
        corvids.placed = 0
        corvids.exerted = False
        return open_window(state, "birdsong")

    def enter(self, state: RootState, step: Step) -> list[Event]:
        if step == ACTIONS_STEP:
            state.actions_left = 3
        elif step == EXPOSURE:
            return open_window(state, "evening")
        return []

    def step_options(self, state: RootState, step: Step) -> list[Action]:
        if step == CRAFT:
            return list[Action](core.craft_options(state, CORVIDS))
        if step == FLIP:
            return list[Action](flip_options(state))
        if step == RECRUIT:
            return recruit_options(state)
        if step == ACTIONS_STEP:
            return action_options(state) if state.actions_left > 0 else []
        if step == EXERT:
            return [] if me(state).exerted else action_options(state)
        return []

    def has_step_options(self, state: RootState, step: Step) -> bool:
        if step == ACTIONS_STEP:
            return state.actions_left > 0 and has_action_options(state)
        if step == EXERT:
            return not me(state).exerted and has_action_options(state)
        return super().has_step_options(state, step)

    def do_step(self, state: RootState, step: Step, action: Action) -> list[Event]:
        if isinstance(action, RecruitCorvids):
            return recruit(state, action)
        if step == EXERT:
            me(state).exerted = True
            # The Evening's window follows at once (the EXPOSURE step).
            return [Event(text="The Corvids exert: one more action, and no draw this Evening.")] + (
                perform_action(state, action)
            )
        mark = len(state.stack)
        if isinstance(action, FlipPlot):
            events = flip(state, action.clearing)
        else:
            assert step == ACTIONS_STEP, (step, action)
            state.actions_left -= 1
            events = perform_action(state, action)
        return events + window_after(state, action, mark)

    def evening_draws(self, state: RootState) -> int:
        return evening_draws(state)

    def describe(self, state: RootState, action: Action) -> str | None:
        at = core.clearing_name
        match action:
            case Scatter():
                return f"Scatter a warrior to {at(state, action.clearing)}"
            case FlipPlot():
                kind = me(state).plots.get(action.clearing, UNKNOWN)
                word = "the plot" if kind == UNKNOWN else f"the {kind}"
                return f"Flip {word} in {at(state, action.clearing)}"
            case RecruitCorvids():
                return f"Recruit: spend {core.card_name(action.card)} for a warrior in every {action.suit} clearing"
            case PlacePlot():
                cost = plot_cost(state)
                return (
                    f"Plot: a face-down {action.plot} in {at(state, action.clearing)} "
                    f"({core.plural(cost, 'warrior')})"
                )
            case Trick():
                return f"Trick: swap the plots in {at(state, action.first)} and {at(state, action.second)}"
            case PlaceWarrior():
                return f"Place a warrior in {at(state, action.clearing)}"
            case Expose():
                return (
                    f"Expose: show {core.card_name(action.card)} and name the plot in "
                    f"{at(state, action.clearing)} a {action.plot}"
                )
        return None

    def prompt(self, state: RootState) -> str | None:
        if state.step == ACTIONS_STEP and not state.stack and state.turn == CORVIDS:
            n = state.actions_left
            return (
                f"Daylight, {n} action{'s' if n != 1 else ''} left "
                f"(a plot costs {core.plural(plot_cost(state), 'warrior')})."
            )
        return None

    # reactions
    def subscriptions(self) -> Mapping[type[Happening], Subscriber]:
        return {PiecesRemoved: removed}

    # the common rules, bent
    def forbids_placing(self, state: RootState, faction: int, number: int) -> bool:
        """A face-up snare: no enemy piece may be placed there (13.7.2)."""
        return snared(state, number)

    def forbids_moving(self, state: RootState, faction: int, origin: int, to: int) -> bool:
        """A face-up snare: no enemy piece may be moved from there (13.7.2)."""
        return snared(state, origin)

    def extra_hits(self, state: RootState, side: str) -> int:
        """Embedded Agents (13.2.5): defending where a face-down plot of theirs is."""
        b = state.battle
        if side != "defender" or b is None:
            return 0
        return 1 if FACE_DOWN in state.clearings[b.clearing].tokens else 0

    # what others may see
    def hide(self, view: RootState, player: Player) -> None:
        assert isinstance(player, Corvids)
        player.plots = dict.fromkeys(player.plots, UNKNOWN)
        player.supply = [UNKNOWN] * len(player.supply)

    def determinize(self, state: RootState, seat: int, rng: Rng) -> None:
        """The face-down plots and the supply dealt at random from the plot
        types not face up on the map."""
        corvids = me(state)
        if state.faction_of(seat) == CORVIDS:
            return
        pool = Counter({k: COPIES for k in PLOTS})
        places = state.clearings
        for n in state.woodland.numbers:
            for t in places[n].tokens:
                if t in PLOTS:
                    pool[t] -= 1
        for k in corvids.plots.values():
            if k != UNKNOWN:
                pool[k] -= 1
        for k in corvids.supply:
            if k != UNKNOWN:
                pool[k] -= 1
        left = sorted(pool.elements())
        rng.shuffle(left)
        for n in sorted(corvids.plots):
            if corvids.plots[n] == UNKNOWN:
                corvids.plots[n] = left.pop()
        corvids.supply = sorted(k if k != UNKNOWN else left.pop() for k in corvids.supply)

    # the bots
    def standing(self, state: RootState) -> float:
        return standing(state)

    def plan(self) -> RulePlan:
        return CorvidsPlan()


# ------------------------------------------------------------------ standing
#: What the Corvids' standing counts for the search (``RootGame.evaluate``):
#: victory points, cards in hand, warriors on the map, face-down plots on
#: the map, persistent cards crafted.  Fitted as the other factions' were
#: (logistic regression on who won 600 rule-bot games against the
#: Marquise, the Eyrie, the Duchy and the Alliance, every turn's start, in
#: the enemies' units; ``benchmarks/root_faction_evaluate.py --faction
#: corvids``, docs/bots.md); clearings ruled and face-up plots fitted at or
#: below zero beside the warriors and the points they scored, and are left out.
WEIGHTS: Final = {
    "vp": 1.25,
    "hand": 2.1,
    "warriors": 1.35,
    "down": 1.6,
    "crafted": 0.9,
}


def standing(state: RootState) -> float:
    player = me(state)
    w = WEIGHTS
    warriors = down = 0
    for n in state.woodland.numbers:
        c = state.clearings[n]
        warriors += c.warriors.get(CORVIDS, 0)
        down += c.tokens.count(FACE_DOWN)
    return (
        w["vp"] * player.vp
        + w["hand"] * len(player.hand)
        + w["warriors"] * warriors
        + w["down"] * down
        + w["crafted"] * len(player.crafted)
    )


handles(ExposureChance, options=expose_options, decide=expose)
handles(CorvidWarriors, options=warrior_options, decide=warrior_chosen)
