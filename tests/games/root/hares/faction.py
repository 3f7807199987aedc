"""The Hares and the Owls as the shared rules see them: their factions, and
the Owls' subscriptions (the spoils of a battle in which they removed a
building or token)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from boardgames_tui.engine.game import Action, Event
from boardgames_tui.games.root import core
from boardgames_tui.games.root.actions import Battle, ChooseCorner, Move, Recruit
from boardgames_tui.games.root.events import BattleEnded, Happening, PiecesRemoved, Subscriber
from boardgames_tui.games.root.faction import Faction
from boardgames_tui.games.root.model import Player, RootState, Step

from .state import HARES, OWLS, Burrower


class Hares(Faction):
    number = HARES
    key = "hares"
    name = "Test Hares"
    short = "Hares"
    plural = True
    letter = "D"
    reach = 5
    mark = "H"
    colour = "#8fbc5a"
    ruler_word = "hares"
    player_class = Burrower
    daylight_steps = ("hop",)
    setup_steps = ("hare_corner",)
    step_done: ClassVar[dict[str, str]] = {"hop": "Stop hopping"}
    step_prompts: ClassVar[dict[str, str]] = {"hop": "Hop: move, battle or recruit."}

    def new_player(self) -> Player:
        return Burrower(faction=self.number, warriors=20)

    def me(self, state: RootState) -> Burrower:
        player = state.player(self.number)
        assert isinstance(player, Burrower)
        return player

    def place(self, state: RootState, corner: int) -> list[Event]:
        self.me(state).corner = corner
        core.add_warriors(state, self.number, corner, 3)
        self.me(state).warriors -= 3
        return [Event(text=f"The {self.short} start in {core.clearing_name(state, corner)}.")]

    def setup(self, state: RootState) -> list[Event]:
        corners = core.corner_choices(state, self.number)
        if len(corners) == 1:
            return self.place(state, corners[0])
        state.step = self.setup_steps[0]
        return []

    def setup_options(self, state: RootState) -> list[Action]:
        return [ChooseCorner(clearing=c) for c in core.corner_choices(state, self.number)]

    def setup_do(self, state: RootState, action: Action) -> list[Event]:
        assert isinstance(action, ChooseCorner)
        state.step = "setup"
        return self.place(state, action.clearing)

    def start_corner(self, state: RootState) -> int:
        return self.me(state).corner

    def enter(self, state: RootState, step: Step) -> list[Event]:
        state.actions_left = 2
        return []

    def step_options(self, state: RootState, step: Step) -> list[Action]:
        if state.actions_left <= 0:
            return []
        out: list[Action] = [*core.craft_options(state, self.number)]
        out += core.moves(state, self.number)
        out += core.battle_actions(state, self.number)
        if self.me(state).warriors and core.may_place(state, self.number, self.me(state).corner):
            out.append(Recruit())
        return out

    def do_step(self, state: RootState, step: Step, action: Action) -> list[Event]:
        state.actions_left -= 1
        if isinstance(action, Move):
            return core.do_move(state, self.number, action)
        if isinstance(action, Battle):
            return core.start_battle(state, self.number, action.clearing, action.defender)
        assert isinstance(action, Recruit)
        self.me(state).warriors -= 1
        core.add_warriors(state, self.number, self.me(state).corner, 1)
        return [Event(text=f"The {self.short} recruit a warrior.")]

    def describe(self, state: RootState, action: Action) -> str | None:
        if isinstance(action, Recruit):
            return f"Recruit a {self.short} warrior in the starting corner"
        return None


class Owls(Hares):
    number = OWLS
    key = "owls"
    name = "Test Owls"
    short = "Owls"
    letter = "F"
    reach = 4
    mark = "O"
    colour = "#b07cc6"
    ruler_word = "owls"
    piece_marks: ClassVar[dict[str, str]] = {"nest": "N"}
    wins_ties = True
    building_kinds = ("nest",)
    crafts_with = ("nest",)
    daylight_steps = ("owl_hop",)
    setup_steps = ("owl_corner",)
    step_done: ClassVar[dict[str, str]] = {"owl_hop": "Stop hopping"}
    step_prompts: ClassVar[dict[str, str]] = {"owl_hop": "Hop: move, battle or recruit."}

    def item_vp(self, state: RootState, vp: int) -> int:
        return 1

    def extra_hits(self, state: RootState, side: str) -> int:
        return 1 if side == "attacker" else 0

    def subscriptions(self) -> Mapping[type[Happening], Subscriber]:
        return {PiecesRemoved: counted, BattleEnded: spoils}


def counted(state: RootState, e: PiecesRemoved) -> list[Event]:
    """An enemy building or token the Owls remove in a battle they fight."""
    b = state.battle
    fought = b is not None and OWLS in (b.attacker, b.defender)
    if fought and b is not None and e.piece and e.by == OWLS and e.faction != OWLS:
        b.removed[OWLS] = b.removed.get(OWLS, 0) + 1
    return []


def spoils(state: RootState, e: BattleEnded) -> list[Event]:
    """A point after a battle in which the Owls removed a building or token."""
    b = state.battle
    if b is not None and OWLS in (e.attacker, e.defender) and b.removed.get(OWLS, 0):
        return core.gain(state, OWLS, 1, "spoils")
    return []
