"""The Vagabond on Root's screen, a faction screen package: his board in the
side panel (``panel.py``: items by state, tracks, relationships, quests),
the map's forests as his places on the Woodland (his pawn drawn in his;
Enter on a forest slips into it or starts him there), his keys (W his
actions that exhaust items, as a list, Aid's many choices last; his Move
under M and his Battle under B, at the cursor, with his own reasons when
they do nothing: he has no warriors) and his words.  Importing the package
registers it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from rich.text import Text

from boardgames_tui.engine.game import Action
from boardgames_tui.games.root import core
from boardgames_tui.games.root.factions.vagabond.decisions import (
    ItemHits,
    ItemLimit,
    Refreshing,
    Repairing,
    TakeCrafted,
)
from boardgames_tui.games.root.factions.vagabond.rules import (
    boots_to,
    clearings_next_to,
    ferry_stops,
    slip_targets,
)
from boardgames_tui.games.root.factions.vagabond.state import VAGABOND, me
from boardgames_tui.games.root.model import Decision, RootState

from ....kit.choice import Pick
from ...faction_ui import Clauses, FactionScreen, HelpLine, LetterKey, register_screen
from ...here import Here
from ...reading import deciding, where
from .panel import forest_detail, forest_mark, forest_places, vagabond_board, vagabond_compact

WHEN = "The Vagabond exhausts items for it in his Daylight."


class VagabondScreen(FactionScreen):
    key = "vagabond"
    order = 4
    keys: ClassVar[tuple[LetterKey, ...]] = (
        LetterKey(
            "w",
            (
                "explore",
                "aid",
                "quest",
                "strike",
                "repair",
                "steal",
                "day_labor",
                "hideout",
                "coalition",
            ),
            "Items",
            "item action",
            "The Vagabond exhausts items to act in his Daylight.",
            41,
        ),
    )
    key_kinds: ClassVar[dict[str, tuple[str, ...]]] = {"m": ("walk", "slip"), "b": ("attack",)}
    clauses: ClassVar[Clauses] = Clauses(
        when={
            "m": "the Vagabond's Daylight (boots) and his Slip in Birdsong",
            "b": "the Vagabond's Daylight (a sword)",
            "c": "the Vagabond in Daylight (hammers)",
        },
        help={
            "M": "the Vagabond: point at the clearing (to slip: or the forest) to move to",
            "1 … 9": "the Vagabond's item choices",
        },
    )
    help_lines: ClassVar[tuple[HelpLine, ...]] = (
        HelpLine(
            "W",
            "The Vagabond's actions that exhaust items, as a list: explore, quest, strike, "
            "repair, his character's action, a coalition, then aid (a choice per card and item)",
            14,
        ),
    )
    step_words: ClassVar[dict[str, str]] = {
        "vagabond_character": "Setup",
        "vagabond_forest": "Setup",
        "slip": "Birdsong, Slip",
        "wander": "Daylight",
        "rest": "Evening, resting",
    }
    situations: ClassVar[dict[str, str]] = {
        "vagabond_character": "choosing a character",
        "vagabond_forest": "choosing a forest",
        "slip": "slipping",
        "wander": "in Daylight",
        "rest": "resting",
    }
    token_words: ClassVar[dict[str, str]] = {"pawn": "the Vagabond"}
    # (his Slip and his starting forest name the place they go to)
    place_fields: ClassVar[dict[str, str]] = {"slip": "to", "start_forest": "place"}

    def panel(self, panel: Any, board: Any) -> list[Text] | None:
        return vagabond_board(panel, board)

    def compact(self, panel: Any, board: Any) -> list[Text] | None:
        return vagabond_compact(panel, board)

    def forests(self, state: RootState, number: int) -> Mapping[int, int]:
        return forest_places(state)

    def place_mark(self, drawing: Any, board: Any, place: int) -> Text | None:
        return forest_mark(board, place)

    def place_detail(self, drawing: Any, board: Any, place: int) -> Text | None:
        return forest_detail(board, place)

    def places_below(self, state: RootState, number: int) -> tuple[int, ...]:
        """None: his places, the forests, are on the map."""
        return ()

    def left_undone(self, state: RootState, legal: Sequence[Action]) -> str | None:
        """Slipping is a choice (its "done" is not slipping); in Daylight,
        the shared words for what his items could still do."""
        if state.step == "slip":
            return ""
        return None

    def pick(self, here: Here, letter: str) -> Pick | None:
        """W: his item actions, Aid's last.  Aid is a choice per card and
        item (fifteen for a hand of three and five items face up, per
        faction aided): listed first, they pushed a quest or his special
        action past the digits (None: no item action now, the usual reason)."""
        if letter != "w":
            return None
        item = self.keys[0]
        found = [a for a in here.legal if a.kind in item.kinds]
        if not found:
            return None
        found.sort(key=lambda a: a.kind == "aid")
        return Pick(tuple(found), "", f"{item.word.capitalize()}: choose")

    def cause(self, state: RootState, key: str, clearing: int) -> str | None:
        """Why his Move (M) or Battle (B) does nothing at the cursor: he has
        no warriors, so the shared "You have no warriors in ..." would
        mislead; he battles where his pawn stands and moves from there to
        the place at the cursor (None: not his step, or another key)."""
        if key not in ("b", "m") or state.stack or deciding(state) != VAGABOND:
            return None
        if state.step not in ("wander", "slip"):
            return None
        place = me(state).place
        there, his = where(state, clearing), where(state, place)
        if key == "b":
            return self._no_battle(state, clearing) if state.step == "wander" else None
        if state.step == "slip":
            if clearing in slip_targets(state):
                return None
            return f"The Vagabond slips from {his} into a clearing or a forest next to it."
        if clearing == place:
            return f"The Vagabond is in {there}: point at the clearing he is to move to."
        if clearing not in (*clearings_next_to(state, place), *ferry_stops(state, place)):
            return f"The Vagabond moves from {his} to a clearing next to it; {there} is not."
        needed, ready = boots_to(state, clearing), me(state).ready.count("boots")
        if ready < needed:
            return (
                f"Moving to {there} exhausts {needed} boots (one more into a clearing with "
                f"warriors hostile to him); he has {ready} face up."
            )
        return None

    @staticmethod
    def _no_battle(state: RootState, clearing: int) -> str:
        """Why B does nothing at the cursor in his Daylight: what he lacks
        for a battle where he stands, else that he battles there only."""
        place = me(state).place
        there, his = where(state, clearing), where(state, place)
        if "sword" not in me(state).ready:
            return "A battle exhausts a sword: the Vagabond has none face up."
        if not any(core.has_pieces(state, f, place) for f in core.enemies(state, VAGABOND)):
            return f"No faction he may battle has a piece in {his}."
        if clearing != place:
            return f"The Vagabond battles where his pawn stands: in {his}, not {there}."
        return f"No battle in {his} now."

    def waiting(self, state: RootState, p: Decision, here: str) -> str | None:
        if isinstance(p, ItemHits):
            return f"The Vagabond takes hits in {here}: he chooses the items damaged."
        if isinstance(p, Refreshing):
            return "The Vagabond refreshes: he chooses the items turned face up."
        if isinstance(p, TakeCrafted):
            return "The Vagabond aided: he may take a crafted item."
        if isinstance(p, Repairing):
            return "Hideout: the Vagabond chooses the items repaired."
        if isinstance(p, ItemLimit):
            return "The Vagabond is over his item limit: he chooses the items removed."
        return None


VAGABOND_SCREEN = register_screen(VagabondScreen())
