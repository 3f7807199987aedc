"""The Corvid Conspiracy on Root's screen, a faction screen package: their
board in the side panel (``panel.py``), their keys (F flip, J plot, I trick,
Y expose; their recruit under R) and their words, none of which names a
face-down plot's type to another seat.  Importing the package registers
it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from rich.text import Text

from boardgames_tui.engine.game import Action
from boardgames_tui.games.root.factions.corvids.decisions import CorvidWarriors, ExposureChance
from boardgames_tui.games.root.factions.corvids.state import FACE_DOWN, PLOTS, me
from boardgames_tui.games.root.model import Decision, RootState

from ...asks import actions_left
from ...faction_ui import Clauses, FactionScreen, HelpLine, LetterKey, register_screen
from ...reading import where
from .panel import corvids_board, corvids_compact


def flip_cause(state: RootState, clearing: int) -> str:
    here = where(state, clearing)
    if FACE_DOWN not in state.clearings[clearing].tokens:
        return f"There is no face-down plot in {here}."
    return f"A plot is flipped in Birdsong, where a Corvid warrior stands: not in {here} now."


def plot_cause(state: RootState, clearing: int) -> str:
    here = where(state, clearing)
    tokens = state.clearings[clearing].tokens
    if any(t == FACE_DOWN or t in PLOTS for t in tokens):
        return f"There is already a plot in {here}."
    cost = 1 + me(state).placed
    return (
        f"A plot in {here} needs {cost} Corvid warrior{'s' if cost != 1 else ''} there, "
        "a plot in the supply and a Daylight action (or Exert)."
    )


def expose_cause(state: RootState, clearing: int) -> str:
    here = where(state, clearing)
    if FACE_DOWN not in state.clearings[clearing].tokens:
        return f"There is no face-down plot in {here}."
    return (
        f"To expose the plot in {here}: a piece of yours there and a card of its suit "
        "(or a bird), in the Corvids' Birdsong or Evening window."
    )


class CorvidsScreen(FactionScreen):
    key = "corvids"
    order = 5
    keys: ClassVar[tuple[LetterKey, ...]] = (
        LetterKey(
            "f",
            ("flip_plot",),
            "Flip",
            "flip",
            "The Corvids flip face-down plots in Birdsong, where their warriors stand.",
            42,
            cause=flip_cause,
        ),
        LetterKey(
            "j",
            ("place_plot",),
            "Plot",
            "plot",
            "The Corvids place a face-down plot as a Daylight action (or Exert).",
            44,
            cause=plot_cause,
        ),
        LetterKey(
            "i",
            ("trick",),
            "Trick",
            "trick",
            "The Corvids swap two plots as a Daylight action (or Exert).",
            46,
        ),
        LetterKey(
            "y",
            ("expose",),
            "Expose",
            "expose",
            "Enemies expose a face-down plot in the windows of the Corvids' turn.",
            48,
            cause=expose_cause,
        ),
    )
    key_kinds: ClassVar[dict[str, tuple[str, ...]]] = {
        "r": ("corvid_recruit", "corvid_warrior"),
    }
    clauses: ClassVar[Clauses] = Clauses(
        when={
            "m": "in the Corvids' Daylight and Exert (Nimble: no rule needed)",
            "b": "in the Corvids' Daylight and Exert",
            "r": "the Corvids recruit once in Birdsong, in every clearing of a suit",
            "c": "the Corvids craft in Birdsong with their plots",
        },
    )
    help_lines: ClassVar[tuple[HelpLine, ...]] = (
        HelpLine("F", "Flip the face-down plot at the cursor (the Corvids)", 16),
        HelpLine("J", "Place a face-down plot at the cursor (the Corvids)", 17),
        HelpLine("I", "Trick: swap two plots (the Corvids)", 18),
        HelpLine(
            "Y",
            "Expose the Corvid plot at the cursor: show a matching card, name a type",
            19,
        ),
    )
    step_words: ClassVar[dict[str, str]] = {
        "scatter": "Setup",
        "corvid_craft": "Birdsong, crafting",
        "flip": "Birdsong, flipping plots",
        "corvid_recruit": "Birdsong, recruiting",
        "exert": "Evening, Exert",
        "exposure": "Evening, exposure",
    }
    situations: ClassVar[dict[str, str]] = {
        "scatter": "setting up",
        "corvid_craft": "crafting",
        "flip": "flipping plots",
        "corvid_recruit": "recruiting",
        "corvid_actions": "in Daylight",
        "exert": "deciding on Exert",
        "exposure": "waiting on the enemies' exposure",
    }
    token_words: ClassVar[dict[str, str]] = {
        FACE_DOWN: "a face-down plot",
        "bomb": "a bomb",
        "snare": "a snare",
        "extortion": "an extortion",
        "raid": "a raid",
    }

    def panel(self, panel: Any, board: Any) -> list[Text] | None:
        return corvids_board(panel, board)

    def compact(self, panel: Any, board: Any) -> list[Text] | None:
        return corvids_compact(panel, board)

    def title_step(self, state: RootState) -> str | None:
        if state.step == "corvid_actions":
            left = state.actions_left
            return f"Corvids: Daylight, {left} action{'s' if left != 1 else ''} left"
        return None

    def situation(self, state: RootState) -> str | None:
        if state.step == "corvid_actions" and state.actions_left <= 0:
            return "have no actions left"
        return None

    def left_undone(self, state: RootState, legal: Sequence[Action]) -> str | None:
        """Daylight's actions left; Exert and Exposure are choices, not work
        left (their "done" is the other answer)."""
        if state.step == "corvid_actions":
            return actions_left(state.actions_left)
        if state.step in ("exert", "exposure"):
            return ""
        return None

    def waiting(self, state: RootState, p: Decision, here: str) -> str | None:
        if isinstance(p, ExposureChance):
            return f"Exposure ({p.moment}): guess a face-down Corvid plot with a card as the stake?"
        if isinstance(p, CorvidWarriors):
            return "Too few Corvid warriors for every clearing: choose where they go."
        return None

    def forbids(self, state: RootState, clearing: int) -> str | None:
        if "snare" in state.clearings[clearing].tokens:
            return f"A Corvid snare is face up in {where(state, clearing)}: no enemy piece is placed there or moves out."
        return None


CORVIDS_SCREEN = register_screen(CorvidsScreen())
