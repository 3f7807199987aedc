"""The Woodland Alliance on Root's screen, a faction screen package: their
board in the side panel (``panel.py``: bases, officers, the sympathy track
with its costs and points, the supporters by suit for their own seat and
their count for the others), their keys (V revolt, K spread sympathy,
Q mobilize, Z organize; their recruit and their training of officers under
R: letters no other faction's screen part uses) and their words,
with the Outrage decision's public words on the hand-off screen.
Importing the package registers it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from rich.text import Text

from boardgames_tui.engine.game import Action
from boardgames_tui.games.root.factions.alliance.decisions import Outrage, SupportersOver
from boardgames_tui.games.root.factions.alliance.faction import operations_left
from boardgames_tui.games.root.factions.alliance.rules import (
    bases_on_board,
    spread_cost,
    spread_targets,
    sympathetic,
)
from boardgames_tui.games.root.factions.alliance.state import SYMPATHY, me
from boardgames_tui.games.root.model import Decision, RootState

from ...asks import actions_left
from ...choices import cannot_place
from ...faction_ui import Clauses, FactionScreen, HelpLine, LetterKey, register_screen
from ...reading import where
from .panel import alliance_board, alliance_compact


def revolt_cause(state: RootState, clearing: int) -> str:
    """Why V does nothing at the cursor."""
    here = where(state, clearing)
    suit = state.woodland.suits.get(clearing)
    if suit is None or not sympathetic(state, clearing):
        return f"A revolt needs a sympathetic clearing: {here} is not."
    if suit not in bases_on_board(state):
        return f"The {suit} base is already on the map: no second {suit} revolt."
    return f"A revolt in {here} spends two {suit} supporters (birds count): too few."


def spread_cause(state: RootState, clearing: int) -> str:
    """Why K does nothing at the cursor."""
    here = where(state, clearing)
    if clearing not in state.woodland.suits:
        return f"Sympathy goes only in a clearing: {here} has no suit."
    if sympathetic(state, clearing):
        return f"{here} is sympathetic already: one token per clearing."
    if me(state).sympathy <= 0:
        return "Every sympathy token is on the map."
    forbidden = cannot_place(state, clearing)
    if forbidden:
        return forbidden
    if clearing not in spread_targets(state):
        return f"Sympathy spreads next to a sympathetic clearing: {here} is not."
    cost = spread_cost(state, clearing)
    suit = state.woodland.suits[clearing]
    return f"Sympathy in {here} costs {cost} {suit} supporters (birds count): too few."


def organize_cause(state: RootState, clearing: int) -> str:
    """Why Z does nothing at the cursor."""
    here = where(state, clearing)
    if SYMPATHY in state.clearings[clearing].tokens:
        return f"{here} is sympathetic already."
    return f"Organize turns an Alliance warrior in {here} into sympathy: there is none."


class AllianceScreen(FactionScreen):
    key = "alliance"
    order = 4
    keys: ClassVar[tuple[LetterKey, ...]] = (
        LetterKey(
            "v",
            ("revolt",),
            "Revolt",
            "revolt",
            "The Alliance revolt in Birdsong, in a sympathetic clearing.",
            35,
            cause=revolt_cause,
        ),
        LetterKey(
            "k",
            ("spread_sympathy",),
            "Sympathy",
            "spread sympathy",
            "The Alliance spread sympathy in Birdsong.",
            36,
            cause=spread_cause,
        ),
        LetterKey(
            "q",
            ("mobilize",),
            "Mobilize",
            "mobilize",
            "The Alliance mobilize supporters in Daylight.",
            75,
        ),
        LetterKey(
            "z",
            ("organize",),
            "Organize",
            "organize",
            "The Alliance organize in Evening, with an officer's action.",
            77,
            cause=organize_cause,
        ),
    )
    key_kinds: ClassVar[dict[str, tuple[str, ...]]] = {"r": ("recruit_at_base", "train")}
    clauses: ClassVar[Clauses] = Clauses(
        when={
            "m": "in the Alliance's Evening, by their officers",
            "b": "in the Alliance's Evening, by their officers",
            "r": "the Alliance recruit at a base in Evening and train officers in Daylight",
            "c": "the Alliance craft with sympathy in Daylight",
        },
        help={
            "R": "the Alliance: at the base at the cursor in Evening; in Daylight, "
            "train an officer with a card matching a base"
        },
    )
    help_lines: ClassVar[tuple[HelpLine, ...]] = (
        HelpLine("V", "Revolt in the sympathetic clearing at the cursor (the Alliance)", 6),
        HelpLine("K", "Spread sympathy to the clearing at the cursor (the Alliance)", 6),
        HelpLine("Q", "Mobilize: a card from the hand to the supporters (the Alliance)", 10),
        HelpLine("Z", "Organize: a warrior at the cursor becomes sympathy (the Alliance)", 10),
    )
    step_words: ClassVar[dict[str, str]] = {
        "revolt": "Birdsong, revolt",
        "spread_sympathy": "Birdsong, spreading sympathy",
        "alliance_daylight": "Daylight",
    }
    situations: ClassVar[dict[str, str]] = {
        "revolt": "in Birdsong (revolt)",
        "spread_sympathy": "spreading sympathy",
        "alliance_daylight": "in Daylight",
        "operations": "in Military Operations",
    }
    token_words: ClassVar[dict[str, str]] = {SYMPATHY: "sympathy"}

    def panel(self, panel: Any, board: Any) -> list[Text] | None:
        return alliance_board(panel, board)

    def compact(self, panel: Any, board: Any) -> list[Text] | None:
        return alliance_compact(panel, board)

    def title_step(self, state: RootState) -> str | None:
        if state.step == "operations":
            left = operations_left(state)
            return f"Alliance: Evening, {left} operation{'s' if left != 1 else ''} left"
        return None

    def situation(self, state: RootState) -> str | None:
        if state.step == "operations" and operations_left(state) <= 0:
            return "has no officers' actions left"
        return None

    def left_undone(self, state: RootState, legal: Sequence[Action]) -> str | None:
        """The officers' operations left in Evening."""
        if state.step == "operations":
            return actions_left(operations_left(state), "operation")
        return None

    def waiting(self, state: RootState, p: Decision, here: str) -> str | None:
        if isinstance(p, Outrage):
            return (
                f"Outrage in {here}: give the Woodland Alliance a card matching it "
                "for their supporters."
            )
        if isinstance(p, SupportersOver):
            return "The Alliance's last base is gone: they discard supporters down to five."
        return None


ALLIANCE_SCREEN = register_screen(AllianceScreen())
