"""The Underground Duchy (Law 12): its faction, registered with the shared
rules, which answers for the Duchy's steps and decisions (Birdsong, the
Assembly, Parliament, Sway, Evening's revealed cards and draws), the Burrow
(its own place off the map) and the Price of Failure.  The rules it answers
with are in parts beside it, every name re-exported here:

- ``duchy_assembly``: setup, tunnels, Birdsong's recruits, the Assembly
  (build, recruit, move, battle, dig);
- ``duchy_parliament``: Parliament, every minister's action;
- ``duchy_crowns``: Sway, Evening's revealed cards and draws, the crowns and
  the Price of Failure.

The parts import one another, never this module."""

from __future__ import annotations

from typing import ClassVar, Final

from boardgames_tui.engine.game import Action, Event

from .. import core
from ..actions import (
    DONE,
    Battle,
    BuildDuchy,
    ChooseCorner,
    Dig,
    Minister,
    Move,
    Recruit,
    ReturnMinister,
    Reveal,
    Spend,
    Sway,
    Warriors,
)
from ..core import WOODLAND, clearing_name
from ..model import (
    BURROW,
    DUCHY,
    DUCHY_BUILDING_KINDS,
    Duchy,
    Pending,
    Player,
    RootState,
    Step,
)
from ..tracks import (
    action_text,
    duchy,
)
from .base import Faction, register
from .duchy_assembly import (
    DIG_WARRIORS,
    assembly_options,
    birdsong,
    build,
    build_options,
    dig,
    dig_move,
    dig_options,
    dig_options_warriors,
    has_assembly_options,
    on_map,
    perform_assembly,
    setup,
    tunnels,
)
from .duchy_crowns import (
    RANK_ORDER,
    crowns_left,
    evening_draws,
    highest_swayed,
    most_revealable,
    price_of_failure,
    return_minister,
    return_revealed,
    reveal,
    reveal_options,
    revealable,
    start_sway,
    sway_capacity,
    sway_options,
)
from .duchy_parliament import (
    MAYOR_COPIES,
    banker_options,
    mayor_choices,
    minister_action,
    parliament_options,
    possible,
    spend,
    use_minister,
)

__all__ = [
    "BATTLE_KINDS",
    "DIG_WARRIORS",
    "DUCHY_FACTION",
    "DuchyFaction",
    "MAYOR_COPIES",
    "MOVE_KINDS",
    "RANK_ORDER",
    "WEIGHTS",
    "assembly_options",
    "has_assembly_options",
    "banker_options",
    "birdsong",
    "build",
    "build_options",
    "crowns_left",
    "dig",
    "dig_move",
    "dig_options",
    "dig_options_warriors",
    "evening_draws",
    "highest_swayed",
    "mayor_choices",
    "minister_action",
    "most_revealable",
    "on_map",
    "parliament_options",
    "perform_assembly",
    "possible",
    "price_of_failure",
    "return_minister",
    "return_revealed",
    "reveal",
    "reveal_options",
    "revealable",
    "setup",
    "spend",
    "standing",
    "start_sway",
    "sway_capacity",
    "sway_options",
    "tunnels",
    "use_minister",
]


# ------------------------------------------------------------ the module
MOVE_KINDS: Final = ("move", "brigadier_moves")
BATTLE_KINDS: Final = ("battle_choice", "brigadier_battles")


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
    building_kinds = DUCHY_BUILDING_KINDS
    token_kinds = ("tunnel",)
    crafts_with = duchy().crafts_with
    daylight_steps = ("assembly", "parliament", "sway")
    evening_steps = ("evening_craft",)
    setup_steps = ("duchy_corner",)
    off_map = (BURROW,)
    pending_kinds = (
        "failure_choice",
        "move",
        "brigadier_moves",
        "battle_choice",
        "brigadier_battles",
        "brigadier",
        "foremole",
        "banker",
        "mayor",
        "dig",
        "sway",
    )
    automatic_kinds = ("failure",)
    ends_step_kinds = ("sway",)
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
    pending_done: ClassVar[dict[str, str]] = {
        "move": "Take no move",
        "brigadier_moves": "Take no second move",
        "battle_choice": "Start no battle",
        "brigadier_battles": "Start no second battle",
        "brigadier": "Neither move nor battle",
        "foremole": "Build nothing",
        "banker": "Spend no more cards",
        "mayor": "Copy no minister",
    }
    pending_prompts: ClassVar[dict[str, str]] = {
        "failure_choice": "The Price of Failure: choose which minister returns.",
        "move": "Marshal: take a move.",
        "brigadier": "Brigadier: take up to two moves, or start up to two battles.",
        "brigadier_moves": "Brigadier: a second move?",
        "brigadier_battles": "Brigadier: a second battle?",
        "battle_choice": "Captain: start a battle.",
        "foremole": "Foremole: reveal any card to build in a clearing you rule.",
        "banker": "Banker: spend cards of one suit for a point each.",
        "mayor": "Mayor: take the action of a swayed squire or noble.",
        "dig": "Dig: how many warriors come up from the Burrow?",
        "sway": "Sway: reveal the next card.",
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
        return super().has_step_options(state, step)

    def do_step(self, state: RootState, step: Step, action: Action) -> list[Event]:
        if step == "assembly":
            return perform_assembly(state, action)
        if step == "parliament":
            assert isinstance(action, Minister)
            return use_minister(state, action.name)
        assert step == "sway" and isinstance(action, Sway), (step, action)
        return start_sway(state, action.minister)

    def pending_options(self, state: RootState, p: Pending) -> list[Action]:
        k = p.kind
        if k == "failure_choice":
            return [ReturnMinister(name=m) for m in p.names]
        if k in MOVE_KINDS:
            return [*core.moves(state, DUCHY), DONE]
        if k in BATTLE_KINDS:
            return [*core.battle_actions(state, DUCHY), DONE]
        if k == "brigadier":
            return [*core.moves(state, DUCHY), *core.battle_actions(state, DUCHY), DONE]
        if k == "foremole":
            return [*build_options(state, any_suit=True), DONE]
        if k == "banker":
            spends: list[Action] = list(banker_options(state, p))
            return [*spends, DONE] if p.count else spends or [DONE]
        if k == "mayor":
            return [*(Minister(name=m) for m in mayor_choices(state)), DONE]
        if k == "dig":
            return list(dig_options_warriors(state))
        assert k == "sway", k
        return list(reveal_options(state, p))

    def do_pending(self, state: RootState, p: Pending, action: Action) -> list[Event]:
        k = p.kind
        if k == "failure_choice":
            assert isinstance(action, ReturnMinister)
            state.stack.pop()
            return return_minister(state, action.name)
        if k in MOVE_KINDS:
            state.stack.pop()
            if isinstance(action, Move):
                return core.do_move(state, DUCHY, action)
            return []
        if k in BATTLE_KINDS:
            state.stack.pop()
            if isinstance(action, Battle):
                return core.start_battle(state, DUCHY, action.clearing, action.defender)
            return []
        if k == "brigadier":
            state.stack.pop()
            if isinstance(action, Move):
                state.stack.append(Pending(kind="brigadier_moves", faction=DUCHY))
                return core.do_move(state, DUCHY, action)
            if isinstance(action, Battle):
                state.stack.append(Pending(kind="brigadier_battles", faction=DUCHY))
                return core.start_battle(state, DUCHY, action.clearing, action.defender)
            return []
        if k == "foremole":
            state.stack.pop()
            if isinstance(action, BuildDuchy):
                return build(state, action)
            return []
        if k == "banker":
            if isinstance(action, Spend):
                return spend(state, p, action.card)
            state.stack.pop()
            return []
        if k == "mayor":
            state.stack.pop()
            if isinstance(action, Minister):
                events = [Event(text=f"The Mayor takes the action of the {action.name}.")]
                return events + minister_action(state, action.name)
            return []
        if k == "dig":
            assert isinstance(action, Warriors)
            return dig_move(state, p, action.count)
        assert k == "sway" and isinstance(action, Reveal), (k, action)
        return reveal(state, p, action.card)

    def automatic(self, state: RootState, p: Pending) -> list[Event]:
        return price_of_failure(state)

    def evening_draws(self, state: RootState) -> int:
        return evening_draws(state)

    def describe(self, state: RootState, action: Action) -> str | None:
        match action:
            case ChooseCorner():
                return f"Surface in {clearing_name(action.clearing)}"
            case Recruit():
                return "Recruit a warrior into the Burrow"
            case BuildDuchy():
                return f"Reveal {core.card_name(action.card)} to build a {action.building} in {clearing_name(action.clearing)}"
            case Dig():
                moved = (
                    f", moving the tunnel from {clearing_name(action.replace)}"
                    if action.replace
                    else ""
                )
                return f"Dig: spend {core.card_name(action.card)} for a tunnel in {clearing_name(action.clearing)}{moved}"
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
                return f"Reveal {core.card_name(action.card)}"
            case ReturnMinister():
                return f"Return the {action.name} (its crown leaves the game)"
        return None

    def prompt(self, state: RootState) -> str | None:
        if state.stack:
            p = state.stack[-1]
            if p.kind == "sway":
                need = duchy().cards_to_sway(duchy().minister(p.names[0]))
                return f"Sway the {p.names[0]}: reveal card {len(p.numbers) + 1} of {need}."
            return None
        if state.step == "assembly":
            n = state.actions_left
            return f"Assembly, {n} action{'s' if n != 1 else ''} left."
        return None

    # the common rules, bent
    def neighbours(self, state: RootState, number: int) -> frozenset[int]:
        """Along the paths, and between the Burrow and each tunnel (12.2.2)."""
        return WOODLAND.neighbours(number, tunnels(state))

    def forbids_placing(self, state: RootState, faction: int, number: int) -> bool:
        return number == BURROW

    def removed_piece(self, state: RootState, number: int, piece: str) -> None:
        if piece == "tunnel":
            state.duchy.tunnels += 1
        else:
            state.duchy.failure = True

    def after_removal(self, state: RootState) -> None:
        """The Price of Failure, once per event that removed buildings (12.2.3)."""
        if state.duchy.failure:
            state.duchy.failure = False
            state.stack.append(Pending(kind="failure", faction=DUCHY))

    def clear_removal(self, state: RootState) -> None:
        state.duchy.failure = False

    def public_cards(self, state: RootState) -> list[int]:
        return list(state.duchy.revealed)

    def standing(self, state: RootState) -> float:
        return standing(state) + WEIGHTS["swayed"] * len(state.duchy.swayed)


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
    player = state.duchy
    w = WEIGHTS
    warriors = tokens = 0
    for c in state.clearings:
        warriors += c.warriors.get(DUCHY, 0)
        tokens += "tunnel" in c.tokens
    return (
        w["vp"] * player.vp
        + w["ruled"] * len(core.ruled(state, DUCHY))
        + w["hand"] * len(player.hand)
        + w["warriors"] * warriors
        + w["tokens"] * tokens
        + w["crafted"] * len(player.crafted)
    )


DUCHY_FACTION = register(DuchyFaction())
