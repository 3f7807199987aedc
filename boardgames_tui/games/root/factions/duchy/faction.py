"""The Underground Duchy as the shared rules see it (Law 12): its
:class:`DuchyFaction`, its answers (setup in a corner, the turn's steps and
their options, the Burrow, its place off the map, joined to every tunnel),
the handlers of its decisions (``decisions.py``), its subscriptions (its
tunnels back to the supply, the Price of Failure when its buildings are
removed) and its standing for the search.  Its rules are in the parts beside
it:

- ``assembly.py``: setup, tunnels, Birdsong's recruits, the Assembly (build,
  recruit, move, battle, dig);
- ``parliament.py``: Parliament, every minister's action;
- ``crowns.py``: Sway, Evening's revealed cards and draws, the crowns and
  the Price of Failure.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Final

from boardgames_tui.engine.game import Action, Event

from ... import core
from ...actions import DONE, Battle, ChooseCorner, Move, Recruit
from ...core import clearing_name
from ...events import Happening, PiecesRemoved, RemovalsSettled, Subscriber
from ...faction import Faction, handles
from ...model import Player, RootState, Step
from ...plan import RulePlan
from ...standing import board_standing
from .actions import (
    ACTIONS,
    BuildDuchy,
    Dig,
    Minister,
    ReturnMinister,
    Reveal,
    Spend,
    Sway,
    Warriors,
)
from .assembly import (
    assembly_options,
    birdsong,
    build,
    build_options,
    dig_move,
    dig_options_warriors,
    has_assembly_options,
    perform_assembly,
    setup,
    tunnels,
)
from .board import DUCHY_BUILDINGS, action_text, duchy
from .bot import DuchyPlan
from .crowns import (
    evening_draws,
    price_of_failure,
    return_minister,
    return_revealed,
    reveal,
    reveal_options,
    revealed_fate,
    start_sway,
    sway_options,
)
from .decisions import (
    Banker,
    Brigadier,
    BrigadierBattles,
    BrigadierMoves,
    Captain,
    DigUp,
    Failure,
    FailureChoice,
    Foremole,
    Marshal,
    Mayor,
    Swaying,
)
from .parliament import (
    banker_options,
    has_parliament_options,
    mayor_choices,
    minister_action,
    offered_minister,
    parliament_options,
    spend,
    use_minister,
)
from .state import BURROW, DUCHY, Duchy, me


class DuchyFaction(Faction):
    number = DUCHY
    key = "duchy"
    name = "Underground Duchy"
    short = "Duchy"
    letter = "H"
    reach = 8
    mark = "D"
    colour = "#3d7fd9"
    ruler_word = "duchy"
    piece_marks: ClassVar[dict[str, str]] = {"citadel": "C", "market": "M", "tunnel": "T"}
    player_class = Duchy
    actions = ACTIONS
    building_kinds = DUCHY_BUILDINGS
    token_kinds = ("tunnel",)
    crafts_with = duchy().crafts_with
    daylight_steps = ("assembly", "parliament", "sway")
    checked_steps = frozenset({"assembly"})
    evening_steps = ("evening_craft",)
    setup_steps = ("duchy_corner",)
    off_map = (BURROW,)
    step_done: ClassVar[dict[str, str]] = {
        "assembly": "End the Assembly",
        "parliament": "End Parliament",
        "sway": "Sway no minister",
        "evening_craft": "Craft no more",
    }
    step_prompts: ClassVar[dict[str, str]] = {
        "duchy_corner": "choose the corner where the Duchy surfaces.",
        "assembly": "Assembly: take up to two actions (build, recruit, move, battle, dig).",
        "parliament": "Parliament: take each swayed minister's action once.",
        "sway": "Sway: you may sway one minister.",
        "evening_craft": "Evening: craft with your citadels and markets.",
    }

    def new_player(self) -> Player:
        board = duchy()
        return Duchy(
            faction=DUCHY,
            warriors=board.warriors,
            tunnels=board.tunnels,
            unswayed=[m.name for m in board.ministers],
        )

    # setup
    def setup(self, state: RootState) -> list[Event]:
        corners = core.corner_choices(state, DUCHY)
        if len(corners) == 1:
            return setup(state, corners[0])
        state.step = "duchy_corner"
        return []

    def setup_options(self, state: RootState) -> list[Action]:
        return [ChooseCorner(clearing=c) for c in core.corner_choices(state, DUCHY)]

    def setup_do(self, state: RootState, action: Action) -> list[Event]:
        assert isinstance(action, ChooseCorner)
        state.step = "setup"
        return setup(state, action.clearing)

    # the turn
    def birdsong(self, state: RootState) -> list[Event]:
        return birdsong(state)

    def enter(self, state: RootState, step: Step) -> list[Event]:
        if step == "assembly":
            state.actions_left = 2
        elif step == "evening_craft":
            return return_revealed(state)
        return []

    def step_options(self, state: RootState, step: Step) -> list[Action]:
        if step == "assembly":
            return assembly_options(state)
        if step == "parliament":
            return parliament_options(state)
        if step == "sway":
            return sway_options(state)
        assert step == "evening_craft", step
        return list[Action](core.craft_options(state, DUCHY))

    def has_step_options(self, state: RootState, step: Step) -> bool:
        if step == "assembly":
            return has_assembly_options(state)
        if step == "parliament":
            return has_parliament_options(state)
        return super().has_step_options(state, step)

    def do_step(self, state: RootState, step: Step, action: Action) -> list[Event]:
        if step == "assembly":
            return perform_assembly(state, action)
        if step == "parliament":
            assert isinstance(action, Minister)
            return use_minister(state, action.name)
        assert step == "sway" and isinstance(action, Sway), (step, action)
        return start_sway(state, action.minister)

    def evening_draws(self, state: RootState) -> int:
        return evening_draws(state)

    def describe(self, state: RootState, action: Action) -> str | None:
        match action:
            case ChooseCorner():
                return f"Surface in {clearing_name(state, action.clearing)}"
            case Recruit():
                return "Recruit a warrior into the Burrow"
            case BuildDuchy():
                return (
                    f"Reveal {core.card_name(action.card)} to build a {action.building} in "
                    f"{clearing_name(state, action.clearing)}; {revealed_fate(action.card)}"
                )
            case Dig():
                moved = (
                    f", moving the tunnel from {clearing_name(state, action.replace)}"
                    if action.replace
                    else ""
                )
                return f"Dig: spend {core.card_name(action.card)} for a tunnel in {clearing_name(state, action.clearing)}{moved}"
            case Warriors():
                return f"Bring {action.count} warrior{'s' if action.count != 1 else ''} up from the Burrow"
            case Minister():
                m = duchy().minister(action.name)
                return f"{m.name}: {action_text(m.action)}"
            case Spend():
                return f"Banker: spend {core.card_name(action.card)} for a point"
            case Sway():
                m = duchy().minister(action.minister)
                return f"Sway the {m.name} ({m.rank}, reveal {duchy().cards_to_sway(m)} cards)"
            case Reveal():
                return f"Reveal {core.card_name(action.card)}: {revealed_fate(action.card)}"
            case ReturnMinister():
                return f"Return the {action.name} (its crown leaves the game)"
        return None

    def prompt(self, state: RootState) -> str | None:
        if state.stack:
            p = state.stack[-1]
            if isinstance(p, Swaying):
                need = duchy().cards_to_sway(duchy().minister(p.minister))
                return f"Sway the {p.minister}: reveal card {len(p.revealed) + 1} of {need}."
            return None
        if state.step == "assembly":
            n = state.actions_left
            return f"Assembly, {n} action{'s' if n != 1 else ''} left."
        return None

    # reactions
    def subscriptions(self) -> Mapping[type[Happening], Subscriber]:
        return {PiecesRemoved: removed, RemovalsSettled: settled}

    # the common rules, bent
    def neighbours(self, state: RootState, number: int) -> frozenset[int]:
        """Along the paths, and between the Burrow and each tunnel (12.2.2)."""
        if number == BURROW:
            return frozenset(tunnels(state))
        if "tunnel" in state.clearings[number].tokens:
            return state.woodland.neighbours(number, BURROW, (number,))
        return state.woodland.neighbours(number)

    def place_name(self, state: RootState, number: int) -> str:
        return "the Burrow"

    def public_cards(self, state: RootState) -> list[int]:
        return list(me(state).revealed)

    def standing(self, state: RootState) -> float:
        return standing(state) + WEIGHTS["swayed"] * len(me(state).swayed)

    def plan(self) -> RulePlan:
        return DuchyPlan()

    def reasons(self, before: RootState, after: RootState, seat: int) -> list[str]:
        """The ministers a move sways."""
        old, new = before.players[seat], after.players[seat]
        assert isinstance(old, Duchy) and isinstance(new, Duchy)
        return [f"sways the {m}" for m in new.swayed if m not in old.swayed]

    # old saves
    legacy_key: ClassVar[str | None] = "duchy"

    def migrate(
        self, data: dict[str, Any], clearings: list[dict[str, Any]], table: list[int]
    ) -> dict[str, Any]:
        """Its state held by name (``duchy``, with ``failure`` beside it), its
        pieces in a clearing as ``moles`` and ``tunnel``; its setup's old step
        (``duchy_setup``): the faction before it in setup order has set up."""
        for c in clearings:
            n = c.pop("moles", 0)
            if n:
                c["warriors"][str(DUCHY)] = n
            c["tokens"] += ["tunnel"] * bool(c.pop("tunnel", False))
        if data.get("step") == "duchy_setup":
            before = table[: table.index(DUCHY)]
            data["step"], data["setting_up"] = "setup", before[-1] if before else -1
        return {**data.pop("duchy"), "faction": DUCHY, "failure": data.pop("failure", False)}


# ----------------------------------------------------------------- reactions
def removed(state: RootState, e: PiecesRemoved) -> list[Event]:
    """Its tunnels go back to the supply; a building removed costs the
    Price of Failure once the event is over (12.2.3)."""
    if e.faction != DUCHY or not e.piece:
        return []
    if e.piece == "tunnel":
        me(state).tunnels += 1
    else:
        me(state).failure = True
    return []


def settled(state: RootState, e: RemovalsSettled) -> list[Event]:
    """The Price of Failure, once per event that removed buildings (12.2.3)."""
    d = me(state)
    if state.over:
        d.failure = False
    elif d.failure:
        d.failure = False
        state.stack.append(Failure(faction=DUCHY))
    return []


# ------------------------------------------------------------- the decisions
def _failure(state: RootState, p: Failure) -> list[Event]:
    state.stack.pop()
    return price_of_failure(state)


def _failure_choice(state: RootState, p: FailureChoice, action: Action) -> list[Event]:
    assert isinstance(action, ReturnMinister)
    state.stack.pop()
    return return_minister(state, action.name)


def _moves(state: RootState, p: Marshal | BrigadierMoves) -> list[Action]:
    return [*core.moves(state, DUCHY), DONE]


def _move(state: RootState, p: Marshal | BrigadierMoves, action: Action) -> list[Event]:
    state.stack.pop()
    if isinstance(action, Move):
        return core.do_move(state, DUCHY, action)
    return []


def _battles(state: RootState, p: Captain | BrigadierBattles) -> list[Action]:
    return [*core.battle_actions(state, DUCHY), DONE]


def _battle(state: RootState, p: Captain | BrigadierBattles, action: Action) -> list[Event]:
    state.stack.pop()
    if isinstance(action, Battle):
        return core.start_battle(state, DUCHY, action.clearing, action.defender)
    return []


def _brigadier_options(state: RootState, p: Brigadier) -> list[Action]:
    return [*core.moves(state, DUCHY), *core.battle_actions(state, DUCHY), DONE]


def _brigadier(state: RootState, p: Brigadier, action: Action) -> list[Event]:
    state.stack.pop()
    if isinstance(action, Move):
        state.stack.append(BrigadierMoves(faction=DUCHY))
        return core.do_move(state, DUCHY, action)
    if isinstance(action, Battle):
        state.stack.append(BrigadierBattles(faction=DUCHY))
        return core.start_battle(state, DUCHY, action.clearing, action.defender)
    return []


def _foremole_options(state: RootState, p: Foremole) -> list[Action]:
    return [*build_options(state, any_suit=True), DONE]


def _foremole(state: RootState, p: Foremole, action: Action) -> list[Event]:
    state.stack.pop()
    if isinstance(action, BuildDuchy):
        return build(state, action)
    return []


def _banker_options(state: RootState, p: Banker) -> list[Action]:
    spends: list[Action] = list(banker_options(state, p))
    return [*spends, DONE] if p.spent else spends or [DONE]


def _banker(state: RootState, p: Banker, action: Action) -> list[Event]:
    if isinstance(action, Spend):
        return spend(state, p, action.card)
    state.stack.pop()
    return []


def _mayor_options(state: RootState, p: Mayor) -> list[Action]:
    return [*(offered_minister(m) for m in mayor_choices(state)), DONE]


def _mayor(state: RootState, p: Mayor, action: Action) -> list[Event]:
    state.stack.pop()
    if isinstance(action, Minister):
        events = [Event(text=f"The Mayor takes the action of the {action.name}.")]
        return events + minister_action(state, action.name)
    return []


def _dig_options(state: RootState, p: DigUp) -> list[Action]:
    return list(dig_options_warriors(state))


def _dig(state: RootState, p: DigUp, action: Action) -> list[Event]:
    assert isinstance(action, Warriors)
    return dig_move(state, p, action.count)


def _sway_options(state: RootState, p: Swaying) -> list[Action]:
    return list(reveal_options(state, p))


def _sway(state: RootState, p: Swaying, action: Action) -> list[Event]:
    assert isinstance(action, Reveal), action
    return reveal(state, p, action.card)


handles(Failure, run=_failure)
handles(
    FailureChoice,
    options=lambda s, p: [ReturnMinister(name=m) for m in p.ministers],
    decide=_failure_choice,
)
handles(Marshal, options=_moves, decide=_move)
handles(BrigadierMoves, options=_moves, decide=_move)
handles(Captain, options=_battles, decide=_battle)
handles(BrigadierBattles, options=_battles, decide=_battle)
handles(Brigadier, options=_brigadier_options, decide=_brigadier)
handles(Foremole, options=_foremole_options, decide=_foremole)
handles(Banker, options=_banker_options, decide=_banker)
handles(Mayor, options=_mayor_options, decide=_mayor)
handles(DigUp, options=_dig_options, decide=_dig)
handles(Swaying, options=_sway_options, decide=_sway)


# ------------------------------------------------------------------ standing
#: What the Duchy's standing counts for the search (``RootGame.evaluate``):
#: as the Marquise's (tunnels for tokens, the Burrow's warriors counted) and
#: its swayed ministers.  Fitted to the rule bots' games.
WEIGHTS: Final = {
    "vp": 0.7,
    "ruled": 0.9,
    "hand": 0.5,
    "warriors": 0.6,
    "tokens": 0.35,
    "crafted": 0.7,
    "swayed": 1.2,
}


def standing(state: RootState) -> float:
    return board_standing(state, DUCHY, WEIGHTS, "tunnel")
