"""The Eyrie Dynasties on Root's screen, a faction screen package: their
board in the side panel, whole or short (``drawing.py``, from the facts in ``facts.py``:
the Decree, what comes next and what Turmoil would cost, the leaders, the
roosts track), their keys (``keys.py``: T for Turmoil; R M B U and the
digits while adding to the Decree) and their words.  Importing the package
registers it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from rich.text import Text

from boardgames_tui.engine.game import Action
from boardgames_tui.games.root.model import RootState

from ....kit.choice import Pick
from ...faction_ui import Clauses, DialogKeys, FactionScreen, HelpLine, LetterKey, register_screen
from ...here import Here
from . import facts, keys
from .drawing import eyrie_board, eyrie_compact


class EyrieScreen(FactionScreen):
    key = "eyrie"
    order = 3
    keys: ClassVar[tuple[LetterKey, ...]] = (
        LetterKey(
            "t",
            ("turmoil",),
            "Turmoil",
            "fall into turmoil",
            "The Eyrie fall into Turmoil in Daylight, when a Decree card cannot be carried out.",
            120,
            reason=keys.turmoil_reason,
        ),
    )
    key_kinds: ClassVar[dict[str, tuple[str, ...]]] = {
        "u": ("build_roost",),
        "r": ("decree_recruit",),
    }
    clauses: ClassVar[Clauses] = Clauses(
        when={
            "m": "by the Eyrie's Decree",
            "b": "by the Eyrie's Decree",
            "u": "the Eyrie by their Decree",
            "r": "the Eyrie by their Decree",
        },
        help={"R": "the Eyrie: at the roost at the cursor, by their Decree"},
    )
    help_lines: ClassVar[tuple[HelpLine, ...]] = (
        HelpLine(
            "R M B U",
            "The Eyrie adding to their Decree: that column (Recruit, Move, Battle, Build), "
            "then the card; 1-9 a card of the hand, then its column",
            14,
        ),
        HelpLine("T", "Fall into Turmoil: a Decree card cannot be carried out (the Eyrie)", 15),
    )
    step_words: ClassVar[dict[str, str]] = {
        "eyrie_corner": "Setup",
        "eyrie_leader": "Setup",
        "add_to_decree": "Birdsong, adding to the Decree",
        "new_roost": "Birdsong, a new roost",
        "craft": "Daylight, crafting",
        "resolve": "Daylight, resolving the Decree",
        "score_roosts": "Evening",
    }
    situations: ClassVar[dict[str, str]] = {
        "eyrie_corner": "setting up",
        "eyrie_leader": "setting up",
        "craft": "crafting",
        "resolve": "resolving the Decree",
        "score_roosts": "scoring roosts",
    }

    def panel(self, panel: Any, board: Any) -> list[Text] | None:
        return eyrie_board(panel, board)

    def compact(self, panel: Any, board: Any) -> list[Text] | None:
        return eyrie_compact(panel, board)

    def cards_text(self, state: RootState) -> str:
        return facts.cards_text(state)

    def pick(self, here: Here, letter: str) -> Pick | None:
        return keys.column_pick(here.legal, letter)

    def choose(self, here: Here, number: int) -> Pick | None:
        return keys.card_pick(here.state, here.legal, number)

    def dialog_keys(self, actions: Sequence[Action]) -> DialogKeys | None:
        return keys.column_keys(actions)

    def hint(self, here: Here) -> str | None:
        return keys.hint(here)

    def hint_parts(self, state: RootState, legal: Sequence[Action]) -> tuple[str, str]:
        return keys.decree_prefix(state, legal), keys.decree_suffix(legal)

    def cause(self, state: RootState, key: str, clearing: int) -> str | None:
        return keys.cause(state, key, clearing)


EYRIE_SCREEN = register_screen(EyrieScreen())
