"""The toy game (``tests/toygame.py``, Sevens) with a board screen of its own,
built on the screen kit alone: a hand drawn on the kit's ``Drawing`` with the
kit's cursor, keys as a ``KeyMap``, the layout's slots declared."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import ClassVar, cast

from rich.text import Text
from textual import on
from textual.binding import Binding, BindingType
from textual.widget import Widget

from boardgames_tui.engine.game import Action
from boardgames_tui.ui.kit.choice import KeyKind, KeyMap, Pick, among, match
from boardgames_tui.ui.kit.cursor import BoardCursor
from boardgames_tui.ui.kit.drawing import Drawing, seg
from boardgames_tui.ui.kit.keys import BACK, UNDO
from boardgames_tui.ui.screens.game import GAME_SCREEN_CSS, GameScreen
from tests.toygame import Play, SevensState


@dataclass(frozen=True)
class Here:
    state: SevensState
    legal: Sequence[Action]
    cursor: int


def hand(here: Here) -> list[int]:
    return sorted(here.state.hands[here.state.turn])


def card_at(here: Here, place: int) -> Pick:
    cards = hand(here)
    if not 0 <= place < len(cards):
        return Pick(reason=f"Your hand has {len(cards)} cards.")
    return match(here.legal, Play(card=cards[place]), f"The {cards[place]} cannot be played now.")


def hint(here: Here) -> str:
    if here.state.rolled is not None:
        return f"K: keep the {here.state.rolled} or let it go"
    enter = card_at(here, here.cursor)
    at = f"Enter: play the {enter.single.card} · " if isinstance(enter.single, Play) else ""
    return f"{at}1-4: play that card · D: draw · R: roll"


KEYMAP: KeyMap[Here] = KeyMap(
    decision=lambda here: "rolled" if here.state.rolled is not None else "play",
    kinds=[
        KeyKind("card", ("play",), card_at, dim=True),
        KeyKind("at", ("play",), lambda h: card_at(h, h.cursor)),
        KeyKind(
            "draw",
            ("play",),
            lambda h: among(h.legal, lambda a: a.kind == "draw", "The deck is empty."),
        ),
        KeyKind(
            "roll", ("play",), lambda h: among(h.legal, lambda a: a.kind == "roll", "No rolling.")
        ),
        KeyKind(
            "keep",
            ("rolled",),
            lambda h: among(h.legal, lambda a: a.kind == "keep", "No roll.", title="The roll"),
        ),
    ],
    hint=hint,
    explain=lambda here, key: f"{key.upper()} does nothing now. Keys: {hint(here)}.",
)


class HandView(Drawing, BoardCursor, can_focus=True):
    """The hand of the player to act, the card at the cursor reversed."""

    DEFAULT_CSS = "HandView { height: 3; border: round $primary; } HandView > .hand--cursor { text-style: reverse; }"
    COMPONENT_CLASSES: ClassVar[set[str]] = {"hand--cursor"}
    PARTIAL: ClassVar[frozenset[str]] = frozenset({"hand--cursor"})
    #: The cards drawn, lowest first (set by the screen).
    cards: tuple[int, ...] = ()

    def place_count(self) -> int:
        return len(self.cards)

    def render(self) -> Text:
        line = Text()
        for place, card in enumerate(self.cards):
            line.append_text(
                seg(
                    f" {card} ",
                    self.st("hand--cursor") if place == self.cursor else self.rich_style,
                )
            )
        return line


class SevensScreen(GameScreen):
    CSS_PATH = [str(GAME_SCREEN_CSS)]  # type: ignore[assignment]
    KEYS: ClassVar[list[BindingType]] = [
        *(Binding(str(n), f"take('card', {n - 1})", f"Card {n}") for n in range(1, 5)),
        Binding("enter", "take('at')", "Play"),
        Binding("d", "take('draw')", "Draw"),
        Binding("r", "take('roll')", "Roll"),
        Binding("k", "take('keep')", "Keep?"),
        Binding("left", "point(-1)", "Cursor", show=False),
        Binding("right", "point(1)", "Cursor", show=False),
        UNDO,
        BACK,
    ]
    KEYMAP = KEYMAP
    TITLES: ClassVar[dict[str, str]] = {
        "#hand": "Your hand",
        "#actions": "All actions",
        "#log": "Log",
    }

    def board_parts(self) -> Iterable[Widget]:
        yield HandView(id="hand")

    def here(self) -> Here:
        state = cast(SevensState, self.session.state)
        return Here(state, self.legal(), self.query_one(HandView).cursor)

    def refresh_view(self) -> None:
        super().refresh_view()
        view = self.query_one(HandView)
        view.cards = tuple(hand(self.here()))
        view.place_cursor(view.cursor)
        view.refresh()
        self.draw_hint()

    def action_point(self, delta: int) -> None:
        self.query_one(HandView).move_cursor(delta)

    @on(HandView.CursorMoved, "#hand")
    def _pointed(self) -> None:
        self.draw_hint()
