"""Two small factions written for the tests, to sit a third and a fourth
player at the table before a third real faction exists: the Hares and the
Owls.  Each is a faction module and nothing else, as a real one is.

- Setup: choose a corner that is not another player's starting corner,
  diagonally opposite one if possible (as the Eyrie and the Duchy do), and put
  3 warriors there.
- Daylight ("hop"): up to two actions, each a move, a battle, or recruiting
  a warrior in the starting corner.
- Evening: draw 1.  They score only by removing pieces.
- The Owls bend the common rules where the Eyrie does: they break ties
  where they have a piece (Lords of the Forest), score 1 point for any item
  they craft (Disdain for Trade), deal an extra hit as attacker (the
  Commander) and score 1 more after a battle in which they removed a
  building or token (the Despot).  They craft with a building of their own,
  the nest, placed by hand in tests.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import ClassVar

from boardgames_tui.engine.data import state_data
from boardgames_tui.engine.game import Action, Event
from boardgames_tui.games.root import core
from boardgames_tui.games.root.actions import Battle, ChooseCorner, Move, Recruit
from boardgames_tui.games.root.factions.base import Faction, register, unregister
from boardgames_tui.games.root.model import Player, RootState, Step
from boardgames_tui.games.root.woodland import autumn

HARES = 90
OWLS = 91
WOODLAND = autumn()


@state_data
class Burrower(Player):
    corner: int = 0
    """The corner it started in."""


class Hares(Faction):
    number = HARES
    key = "hares"
    name = "Test Hares"
    short = "Hares"
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
        return [Event(text=f"The {self.short} start in {core.clearing_name(corner)}.")]

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
    counts_battle_removals = True
    daylight_steps = ("owl_hop",)
    setup_steps = ("owl_corner",)
    step_done: ClassVar[dict[str, str]] = {"owl_hop": "Stop hopping"}
    step_prompts: ClassVar[dict[str, str]] = {"owl_hop": "Hop: move, battle or recruit."}

    def item_vp(self, state: RootState, vp: int) -> int:
        return 1

    def extra_hits(self, state: RootState, side: str) -> int:
        return 1 if side == "attacker" else 0

    def after_battle(self, state: RootState, removed: int) -> list[Event]:
        return core.gain(state, self.number, 1, "spoils") if removed else []


@contextmanager
def extra_factions() -> Iterator[None]:
    """The Hares and the Owls registered for the length of a test."""
    register(Hares())
    register(Owls())
    try:
        yield
    finally:
        unregister(HARES)
        unregister(OWLS)
