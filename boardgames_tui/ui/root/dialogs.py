"""Root's dialogs are the kit's, in Root's look (``root.tcss``: wider, the
title set apart): choosing among the few legal actions a key or a pointer
stands for, the text of the cards the person at the terminal may see, and
every board whole (where the side shows them short).

Also here: those texts themselves (every card one may read; the hand
Codebreakers looked at), Textual-free apart from the dialog classes.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from textual import events
from textual.css.scalar import Scalar
from textual.widget import Widget
from textual.widgets import Label

from boardgames_tui.engine.game import Action
from boardgames_tui.games.root import core
from boardgames_tui.games.root.faction import FACTIONS
from boardgames_tui.games.root.model import HIDDEN, RootState

from ..kit.dialogs import ChoiceDialog as KitChoiceDialog
from ..kit.dialogs import TextDialog
from .board import Board, RootPalette
from .faction_ui import DialogKeys
from .look import by_setup_order, numbers, owners
from .side_panel import BOARDS_KEY, SidePanel
from .words import card_text

CSS = str(Path(__file__).with_name("root.tcss"))


class ChoiceDialog(KitChoiceDialog):
    """The kit's choice among a few legal actions (the ways to build here,
    how many warriors to move ...), styled by Root's stylesheet; and, where
    a faction's keys name the choices (a track's columns, say R M B U),
    those letters take them too, as the hint that led here said."""

    CSS_PATH = CSS

    def __init__(
        self,
        title: str,
        choices: Sequence[tuple[Action, str]],
        default: int | None = 0,
        note: str = "",
        letters: DialogKeys | None = None,
    ) -> None:
        super().__init__(title, choices, default, note)
        #: The letters that take a choice, and their words for the key line.
        self.letters = letters

    def on_mount(self) -> None:
        super().on_mount()
        keys = self.query_one("#choice-keys", Label)
        # (The kit's line offers 1-9 whatever the count: the digits there are.)
        words = str(keys.content).replace("1-9", numbers(min(len(self.choices), 9)))
        if self.letters is not None:
            words = f"{self.letters.words} · {words}"
        keys.update(words)

    def on_key(self, event: events.Key) -> None:
        if self.letters is None:
            return
        action = self.letters.keys.get(event.key)
        if action is not None:
            event.stop()
            self.dismiss(action)


class FittedText(TextDialog):
    """The kit's text dialog in Root's look (ids ``cards-box`` ...), its
    scroll made no taller than the screen leaves it: the box may take 90%
    of the screen's height (``root.tcss``), and the scroll the box's rows
    less its border, title and keys' line, so that the keys' line that
    closes it stays in sight at 80x24 (the stylesheet's most, 30 rows,
    where there is more room)."""

    CSS_PATH = CSS

    #: The scroll's most rows, from the stylesheet (read at the first fit).
    most: Scalar | None = None

    def on_mount(self) -> None:
        super().on_mount()
        # (After the first layout: the title's and the keys' rows known.)
        self.call_after_refresh(self.fit)

    def on_resize(self) -> None:
        self.fit()

    def fit(self) -> None:
        """Cap the scroll at the rows the box leaves it at this size."""
        box = self.query_one("#cards-box", Widget)
        scroll = self.query_one("#cards-scroll", Widget)
        if self.most is None:
            self.most = scroll.styles.max_height
        limit = box.styles.max_height
        screen = self.size.height - sum(
            child.outer_size.height for child in self.children if child.styles.dock != "none"
        )
        if limit is None or screen <= 0:
            return
        room = int(limit.resolve(self.size.with_height(screen), self.app.size))
        room -= box.styles.gutter.height
        for child in box.children:
            if child is not scroll and child.display:
                room -= child.outer_size.height + child.styles.margin.height
        most = self.most
        cap = max(1, room)
        if most is not None:
            cap = min(cap, int(most.resolve(self.size, self.app.size)))
        scroll.styles.max_height = cap


class CardsDialog(FittedText):
    """The cards the person at the terminal may read, in full: the kit's
    text dialog under Root's ids (``cards-box`` ...), closed by Esc, Enter
    or H (the key that opens it)."""

    def __init__(self, title: str, text: str) -> None:
        super().__init__(
            title, text, key="h", keys="Esc, H or Enter: back to the Woodland", prefix="cards"
        )
        #: The cards' text, as shown.
        self.text = text


class DetailDialog(FittedText):
    """The lines under the map read whole (a battle's outlook, a clearing's
    words) where they are cut: the kit's text dialog in Root's look,
    closed by Esc, Enter or F2 (the key that opens it)."""

    def __init__(self, title: str, text: str) -> None:
        super().__init__(
            title, text, key="f2", keys="Esc, Enter or F2: back · ↑ ↓: scroll", prefix="cards"
        )
        #: The text, as shown.
        self.text = text


class BoardsDialog(FittedText):
    """Every faction's board whole, drawn by its screen package as the side
    panel draws it where there is room (a :class:`SidePanel` made
    ``whole``, from the frame the side shows: nothing the side would not
    show), in Root's look; closed by Esc, Enter or F3 (the key that opens
    it)."""

    def __init__(self, board: Board) -> None:
        super().__init__(
            "Every board, whole",
            "",
            key=BOARDS_KEY,
            keys="Esc, Enter or F3: back · ↑ ↓: scroll",
            prefix="cards",
        )
        #: The frame the boards are drawn from.
        self.board = board

    def on_mount(self) -> None:
        self.query_one("#cards-body").remove()
        panel = SidePanel(whole=True, id="boards-whole")
        self.query_one("#cards-scroll").mount(panel)
        self.mount(RootPalette())
        panel.show(self.board)
        super().on_mount()


def cards_text(state: RootState, viewer: int | None, over: bool) -> str:
    """The text of every card the person at ``viewer`` may read (every hand
    once the game is ``over``): their hand, cards seen in the other hands,
    crafted cards and the cards each faction shows in its play area
    (``Faction.public_cards``)."""
    parts: list[str] = []
    for faction in by_setup_order(state.factions):
        player = state.player(faction)
        who = core.name(faction)
        seat = state.seat(faction)
        if seat == viewer or over:
            parts.append(f"Your hand ({who}):" if seat == viewer else f"{owners(who)} hand:")
            parts += [f"  {card_text(c)}" for c in player.hand if c != HIDDEN] or ["  (empty)"]
        else:
            known = [c for c in player.hand if c != HIDDEN]
            if known:
                parts.append(f"Seen in the {owners(who)} hand:")
                parts += [f"  {card_text(c)}" for c in known]
        if player.crafted:
            parts.append(f"Crafted by the {who}:")
            parts += [f"  {card_text(c)}" for c in player.crafted]
    for faction in by_setup_order(state.factions):
        shown = FACTIONS[faction].public_cards(state)
        if shown:
            parts.append(f"Revealed by the {FACTIONS[faction].short} this turn:")
            parts += [f"  {card_text(c)}" for c in shown]
    return "\n".join(parts) or "No cards to read."


def looked_at_hand(state: RootState, viewer: int, target: int = -1) -> CardsDialog:
    """The enemy's hand as Codebreakers showed it to ``viewer``'s faction
    (``target``: the faction looked at; -1: the only other one)."""
    me = state.faction_of(viewer)
    enemy = target if target >= 0 else next(f for f in state.factions if f != me)
    seen = [c for c in state.player(enemy).hand if c != HIDDEN]
    who = core.name(enemy)
    lines = [f"  {card_text(c)}" for c in seen] or ["  (no cards)"]
    text = "\n".join([f"The {owners(who)} hand, as Codebreakers shows it:", *lines])
    return CardsDialog(f"Codebreakers: the {owners(who)} hand", text)
