"""The Underground Duchy on Root's screen, a faction screen package: the
Burrow under the Woodland and its board in the side panel (``panel.py``),
its keys (D dig, S sway, P a minister; its building under U) and its words.
Importing the package registers it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from rich.text import Text

from boardgames_tui.engine.game import Action
from boardgames_tui.games.root.factions.duchy.decisions import FailureChoice
from boardgames_tui.games.root.model import Decision, RootState

from ...asks import actions_left
from ...choices import cannot_place, no_matching_card
from ...faction_ui import Clauses, FactionScreen, HelpLine, LetterKey, register_screen
from ...reading import where
from .panel import burrow_detail, burrow_line, duchy_board, duchy_compact


def dig_cause(state: RootState, clearing: int) -> str:
    """Why D does nothing at the cursor."""
    here = where(state, clearing)
    if "tunnel" in state.clearings[clearing].tokens:
        return f"There is already a tunnel in {here}."
    return (
        cannot_place(state, clearing)
        or no_matching_card(state, clearing)
        or f"No tunnel can be dug in {here} now."
    )


class DuchyScreen(FactionScreen):
    key = "duchy"
    order = 2
    keys: ClassVar[tuple[LetterKey, ...]] = (
        LetterKey(
            "d", ("dig",), "Dig", "dig", "The Duchy digs in its Assembly.", 40, cause=dig_cause
        ),
        LetterKey(
            "s",
            ("sway",),
            "Sway",
            "sway",
            "The Duchy sways a minister at the end of its Daylight.",
            100,
        ),
        LetterKey(
            "p",
            ("minister",),
            "Minister",
            "minister",
            "The Duchy takes its swayed ministers' actions in Parliament.",
            110,
        ),
    )
    key_kinds: ClassVar[dict[str, tuple[str, ...]]] = {"u": ("build_duchy",)}
    clauses: ClassVar[Clauses] = Clauses(
        when={
            "m": "the Duchy's Assembly, by the Marshal and the Brigadier",
            "b": "the Duchy's Assembly, by the Captain and the Brigadier",
            "u": "the Duchy in its Assembly (and with the Foremole)",
            "r": "the Duchy recruits in its Assembly",
            "c": "the Duchy in Evening",
        },
        help={"↑ ↓ ← →": "the Burrow lies under the map"},
    )
    help_lines: ClassVar[tuple[HelpLine, ...]] = (
        HelpLine("D", "Dig a tunnel in the clearing at the cursor (the Duchy)", 6),
        HelpLine("S", "Sway a minister (the Duchy)", 12),
        HelpLine("P", "Take a swayed minister's action in Parliament (the Duchy)", 13),
    )
    step_words: ClassVar[dict[str, str]] = {
        "parliament": "Daylight, Parliament",
        "sway": "Daylight, swaying",
        "evening_craft": "Evening, crafting",
    }
    situations: ClassVar[dict[str, str]] = {
        "assembly": "in the Assembly",
        "parliament": "in Parliament",
        "sway": "swaying",
        "evening_craft": "crafting in Evening",
    }
    token_words: ClassVar[dict[str, str]] = {"tunnel": "a tunnel"}

    def panel(self, panel: Any, board: Any) -> list[Text] | None:
        return duchy_board(panel, board)

    def compact(self, panel: Any, board: Any) -> list[Text] | None:
        return duchy_compact(panel, board)

    def place_line(self, drawing: Any, board: Any, place: int) -> Text | None:
        return burrow_line(drawing, board)

    def place_detail(self, drawing: Any, board: Any, place: int) -> Text | None:
        return burrow_detail(board)

    def title_step(self, state: RootState) -> str | None:
        if state.step != "assembly":
            return None
        if state.actions_left <= 0:
            return "Duchy: Daylight, Assembly done"
        return f"Duchy: Daylight, Assembly {2 - state.actions_left + 1} of 2"

    def situation(self, state: RootState) -> str | None:
        if state.step == "assembly" and state.actions_left <= 0:
            return "has no actions left"
        return None

    def left_undone(self, state: RootState, legal: Sequence[Action]) -> str | None:
        """The Assembly's actions left; a minister that could be swayed."""
        if state.step == "assembly":
            return actions_left(state.actions_left, "Assembly action")
        if state.step == "sway":
            return "A minister could still be swayed; the turn goes on to Evening."
        return None

    def waiting(self, state: RootState, p: Decision, here: str) -> str | None:
        if isinstance(p, FailureChoice):
            return (
                "The Price of Failure: a Duchy building was removed; "
                "choose the minister who returns."
            )
        return None


DUCHY_SCREEN = register_screen(DuchyScreen())
