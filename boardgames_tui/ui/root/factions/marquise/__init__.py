"""The Marquise de Cat on Root's screen, a faction screen package: her board
in the side panel (``panel.py``), her keys (O overwork and X an extra
action; her building under U) and her words.  Importing the package
registers it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from rich.text import Text

from boardgames_tui.engine.game import Action
from boardgames_tui.games.root.factions.marquise.decisions import FieldHospitals
from boardgames_tui.games.root.factions.marquise.state import me
from boardgames_tui.games.root.model import Decision, RootState

from ...asks import actions_left
from ...choices import no_matching_card
from ...faction_ui import Clauses, FactionScreen, HelpLine, LetterKey, register_screen
from ...reading import where
from .panel import marquise_board, marquise_compact

SETUP_STEPS = ("keep", "start_sawmill", "start_workshop", "start_recruiter")


def overwork_cause(state: RootState, clearing: int) -> str:
    """Why O does nothing at the cursor."""
    here = where(state, clearing)
    if "sawmill" not in state.clearings[clearing].buildings:
        return f"There is no sawmill in {here}."
    return no_matching_card(state, clearing) or f"No wood left in the supply to overwork {here}."


class MarquiseScreen(FactionScreen):
    key = "marquise"
    order = 1
    keys: ClassVar[tuple[LetterKey, ...]] = (
        LetterKey(
            "o",
            ("overwork",),
            "Overwork",
            "overwork",
            "The Marquise overworks in Daylight.",
            50,
            cause=overwork_cause,
        ),
        LetterKey(
            "x",
            ("extra_action",),
            "Extra",
            "extra action",
            "The Marquise spends a bird card for an extra action in Daylight.",
            80,
        ),
    )
    key_kinds: ClassVar[dict[str, tuple[str, ...]]] = {"u": ("build_cats",)}
    clauses: ClassVar[Clauses] = Clauses(
        when={
            "m": "in the Marquise's Daylight",
            "b": "in the Marquise's Daylight",
            "u": "The Marquise builds in Daylight",
            "r": "The Marquise recruits once in Daylight",
            "c": "The Marquise crafts at the start of Daylight",
        }
    )
    help_lines: ClassVar[tuple[HelpLine, ...]] = (
        HelpLine("O", "Overwork the sawmill at the cursor (the Marquise)", 7),
        HelpLine("X", "Spend a bird card for an extra action (the Marquise)", 10),
    )
    step_words: ClassVar[dict[str, str]] = {
        **dict.fromkeys(SETUP_STEPS, "Setup"),
        "craft": "Daylight, crafting",
    }
    situations: ClassVar[dict[str, str]] = {
        **dict.fromkeys(SETUP_STEPS, "setting up"),
        "craft": "crafting",
        "actions": "in Daylight",
    }
    token_words: ClassVar[dict[str, str]] = {"keep": "the keep"}

    def panel(self, panel: Any, board: Any) -> list[Text] | None:
        return marquise_board(panel, board)

    def compact(self, panel: Any, board: Any) -> list[Text] | None:
        return marquise_compact(panel, board)

    def title_step(self, state: RootState) -> str | None:
        if state.step == "actions":
            left = state.actions_left
            return f"Marquise: Daylight, {left} action{'s' if left != 1 else ''} left"
        return None

    def situation(self, state: RootState) -> str | None:
        if state.step == "actions" and state.actions_left <= 0:
            return "has no actions left"
        return None

    def left_undone(self, state: RootState, legal: Sequence[Action]) -> str | None:
        """Her actions left (none left: an extra action is a card's cost,
        which X asks about, not work left)."""
        if state.step == "actions":
            return actions_left(state.actions_left)
        return None

    def waiting(self, state: RootState, p: Decision, here: str) -> str | None:
        if isinstance(p, FieldHospitals):
            fell = "a warrior" if p.count == 1 else f"{p.count} warriors"
            return (
                f"Field Hospitals: {fell} fell in {here}; spend a matching card "
                "to bring them to the keep?"
            )
        return None

    def lacks(self, state: RootState, key: str, clearing: int) -> str | None:
        here = where(state, clearing)
        return f"Not enough wood in {here} and the clearings you rule connected to it."

    def forbids(self, state: RootState, clearing: int) -> str | None:
        if me(state).keep == clearing:
            return (
                f"The keep is in {where(state, clearing)}: only the Marquise places pieces there."
            )
        return None


MARQUISE_SCREEN = register_screen(MarquiseScreen())
