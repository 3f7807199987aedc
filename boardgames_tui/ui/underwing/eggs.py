"""A card of the hatching grounds as lines of text, for the grid
(:class:`.grounds.GroundsView`) to put side by side: its frame (heavy at the
cursor, double round a wild dragon, dashed round an empty space), its score
and temperature, its name, its element spaces (what lies there, empty /
part-filled / filled), its ribbons when there is room, who claimed it; the
cursor and the live marks (where Enter does something now) on it.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.style import Style
from rich.text import Text
from textual.widget import Widget

from boardgames_tui.games.underwing.cards import card
from boardgames_tui.games.underwing.colours import Element
from boardgames_tui.games.underwing.model import Slot

from ..kit.drawing import fit, seg
from .drawing import Board, UnderwingDrawing
from .grid import GridLayout, ribbon_lines
from .look import SPACE_WIDTH, shown_contents, space_state


class EggPictures(UnderwingDrawing):
    """The pictures of the grid's cards (a mixin of the grid, which has the
    board and the cursor)."""

    board: Board | None
    #: The grid's cursor: the card pointed at and what of it (the grid's
    #: reactive).
    cursor: tuple[int, int]

    @property
    def slot(self) -> int:
        """The card pointed at."""
        return self.cursor[0]

    @property
    def item(self) -> int:
        """What of it: -1 the card itself, else one of its element spaces."""
        return self.cursor[1]

    def _card(self, slot: int, layout: GridLayout, height: int) -> list[Text]:
        assert self.board is not None
        state = self.board.state
        s = state.grounds[slot]
        # The cursor shows only while the grid has the focus: then Enter acts
        # here, and nowhere else shows a selection.
        here = slot == self.slot and self.has_cursor
        inner = layout.inner
        lines: list[Text] = [self._top_made(s, layout.outer, here)]
        body: list[Text] = []
        if s.card is None:
            body.append(seg(" no egg: the draw pile is empty", self.st("uw--dim")))
        elif s.wild:
            c = card(s.card)
            name = seg("▸" if here and self.item < 0 else " ", self.st("uw--marker"))
            name.append(c.name, style=self.st("uw--wild") + Style(bold=True))
            if here:
                name.stylize(self.st("uw--cursor"), 1)
            if slot in self.board.live_slots:
                name.stylize(self.st("uw--live"), 1)
            body.append(name)
            body.append(seg(" WILD DRAGON", self.st("uw--wild") + Style(bold=True)))
        else:
            body.append(self._name_line(slot, s, here))
            body += self._spaces(slot, s, layout, here)
        if layout.ribbons:
            ribbons = ribbon_lines(s, inner - 1)
            while len(body) < height - 2 - len(ribbons):
                body.append(seg("░" * inner if s.wild else "", self.st("uw--wild")))
            for kind, words in ribbons:
                body.append(seg(" " + words, self.st("uw--ok" if kind == "tame" else "uw--wild")))
        while len(body) < height - 2:
            filler = "░" * inner if s.wild else ""
            body.append(seg(filler, self.st("uw--wild") if s.wild else Style()))
        side = self._side(s, here)
        for line in body[: height - 2]:
            made, key = self._made(("side", line.plain, tuple(line.spans), line.style, side, inner))
            text = made.get(key)
            if text is None:
                text = made[key] = seg(side[0], side[1])
                text.append_text(fit(line, inner))
                text.append(side[0], style=side[1])
            lines.append(text)
        lines.append(self._bottom_made(slot, s, layout.outer, here))
        return lines

    # (A move changes the live marks on a few cards, or the cursor: their
    # frames, their top and bottom lines and their framed lines read as
    # before, and are taken as made, by what they show.)
    def _top_made(self, s: Slot, outer: int, here: bool) -> Text:
        made, key = self._made(("top", s.card, s.wild, here, outer))
        line = made.get(key)
        if line is None:
            line = made[key] = self._top(s, outer, here)
        return line

    def _bottom_made(self, slot: int, s: Slot, outer: int, here: bool) -> Text:
        assert self.board is not None
        claimant = s.claimant
        claimed = (
            None
            if claimant is None
            else (self.board.tags[claimant], self.board.state.seats[claimant].name, claimant)
        )
        made, key = self._made(
            ("bottom", s.card is None, s.wild, s.is_egg, s.complete, claimed, here, outer)
        )
        line = made.get(key)
        if line is None:
            line = made[key] = self._bottom(slot, s, outer, here)
        return line

    def _frame(self, s: Slot, here: bool) -> tuple[str, str, str, str, str, Style]:
        """Corners, rule and style of a card's frame: heavy at the cursor,
        double round a wild dragon, dashed round an empty space."""
        if here:
            return "┏", "┓", "┗", "┛", "━", self.st("uw--border-cursor")
        if s.wild:
            return "╔", "╗", "╚", "╝", "═", self.st("uw--wild")
        if s.card is None:
            return "╭", "╮", "╰", "╯", "┄", self.st("uw--dim")
        return "╭", "╮", "╰", "╯", "─", self.st("uw--border")

    def _side(self, s: Slot, here: bool) -> tuple[str, Style]:
        if here:
            return "┃", self.st("uw--border-cursor")
        if s.wild:
            return "║", self.st("uw--wild")
        if s.card is None:
            return "┆", self.st("uw--dim")
        return "│", self.st("uw--border")

    def _top(self, s: Slot, outer: int, here: bool) -> Text:
        tl, tr, _, _, rule, style = self._frame(s, here)
        text = seg(tl + rule, style)
        if s.card is None:
            text.append(rule * (outer - 3), style=style)
            text.append(tr, style=style)
            return text
        c = card(s.card)
        left = seg(f" {c.score} ", self.st("uw--score"))
        word = "WILD" if s.wild else c.temperature
        right = Text(f" {word} ")
        if outer - 5 - left.cell_len - right.cell_len < 0:
            right = Text(word)
        right.stylize(self.st("uw--wild") + Style(bold=True) if s.wild else self.st("uw--dim"))
        gap = outer - 4 - left.cell_len - right.cell_len
        text.append_text(left)
        text.append(rule * max(0, gap), style=style)
        text.append_text(right)
        text.append(rule + tr, style=style)
        return fit(text, outer)

    def _bottom(self, slot: int, s: Slot, outer: int, here: bool) -> Text:
        assert self.board is not None
        _, _, bl, br, rule, style = self._frame(s, here)
        text = seg(bl + rule, style)
        label = Text()
        if s.is_egg and s.claimant is not None:
            label.append(" ")
            label.append_text(self.tag(s.claimant))
            if s.complete:
                label.append(" ✓ nurturing ", style=self.st("uw--ok"))
            else:
                label.append(f" {self.board.state.seats[s.claimant].name} ")
        elif s.is_egg and s.complete:
            label.append(" complete ", style=self.st("uw--ok"))
        label.truncate(outer - 4)
        text.append_text(label)
        text.append(rule * (outer - 3 - label.cell_len), style=style)
        text.append(br, style=style)
        return text

    #: Lines of cards as made before, by what they show and the theme (a
    #: card drawn again for a live mark or the cursor keeps its other lines;
    #: the styles come from the palette, which changes with the theme only).
    _made_lines: dict[tuple[object, ...], Text] | None = None

    def _made(
        self, key: tuple[object, ...]
    ) -> tuple[dict[tuple[object, ...], Text], tuple[object, ...]]:
        made = self._made_lines
        if made is None or len(made) > 1024:
            made = self._made_lines = {}
        assert isinstance(self, Widget)
        return made, (*key, self.app.theme)

    def _name_line(self, slot: int, s: Slot, here: bool) -> Text:
        assert self.board is not None and s.card is not None
        pointed = here and self.item < 0
        made, key = self._made(("name", s.card, pointed, slot in self.board.live_slots))
        line = made.get(key)
        if line is None:
            line = made[key] = seg("▸" if pointed else " ", self.st("uw--marker"))
            line.append(card(s.card).name, style=self.st("uw--name"))
            if slot in self.board.live_slots:
                line.stylize(self.st("uw--live"), 1)
            if pointed:
                line.stylize(self.st("uw--cursor"), 1)
        return line

    def _spaces(self, slot: int, s: Slot, layout: GridLayout, here: bool) -> list[Text]:
        assert self.board is not None and s.card is not None
        spaces = card(s.card).spaces
        live = self.board.live_spaces
        lines: list[Text] = []
        for start in range(0, len(spaces), layout.per_line):
            cells = tuple(
                (
                    spaces[index],
                    tuple(s.fill[index]),
                    here and self.item == index,
                    (slot, index) in live,
                )
                for index in range(start, min(start + layout.per_line, len(spaces)))
            )
            made, key = self._made(("spaces", cells))
            line = made.get(key)
            if line is None:
                line = made[key] = Text()
                for element, contents, pointed, lively in cells:
                    line.append("▸" if pointed else " ", style=self.st("uw--marker"))
                    line.append_text(self.space_cell(element, contents, pointed, lively))
            lines.append(line)
        return lines

    def space_cell(
        self, element: Element, contents: Sequence[Element], pointed: bool, live: bool
    ) -> Text:
        """``♥R·`` empty, ``✦P◐r`` part-filled with red, ``✦P✓rb`` filled."""
        cell = self.chip(element)
        cell.append(space_state(element, contents))
        shown = shown_contents(element, contents)
        room = SPACE_WIDTH - 3
        for crystal in shown[: room if len(shown) <= room else room - 1]:
            cell.append_text(self.crystal(crystal))
        if len(shown) > room:
            cell.append("+")
        cell = fit(cell, SPACE_WIDTH)
        if live:
            cell.stylize(self.st("uw--live"))
        if pointed:
            cell.stylize(self.st("uw--cursor"))
        return cell


__all__ = ["EggPictures"]
