"""Incubation's panels, each one widget drawing its own text: the Market
(a ring of eight sections around the spinner), the dice, the egg decks, the
players with their incubators, and the objectives on offer.

The screen hands each panel a :class:`Board` (the state, who acts, what is
legal, what the player has pointed at) and the panel redraws; a click on a
part of a panel posts :class:`IncubationPanel.Picked`.  Colours come from
component classes styled in ``incubation.tcss``.  The base panel is in
``panel.py``, the Market in ``market.py``.
"""

from __future__ import annotations

from functools import cache

from rich.style import Style
from rich.text import Text
from textual.message import Message
from textual.reactive import reactive

from boardgames_tui.games.incubation.actions import ClaimObjective, PlaceToken
from boardgames_tui.games.incubation.cards import (
    ColourSet,
    DistinctColours,
    Dragons,
    EggCard,
    ObjectiveCard,
    SameColour,
    egg,
    load_cards,
    objective,
)
from boardgames_tui.games.incubation.model import DECKS, IncubationState, Incubator, top_card
from boardgames_tui.games.incubation.queries import claimable, free_dice, fulfilled_by, paired
from boardgames_tui.games.incubation.score import score

from ..kit.drawing import pad, seg
from .choices import current_die, decision
from .look import FACE_GLYPH, FIRE, GOLD, LETTERS, SILVER, WATER, face_effect
from .panel import Board, IncubationPanel


# ------------------------------------------------------------------ names
@cache
def longest_egg_name() -> int:
    """The longest egg's name, in cells (the card set never changes)."""
    return max(len(egg.name) for egg in load_cards().eggs)


def fitted_egg_name(panel: IncubationPanel, card: EggCard, least: int, taken: int) -> str:
    """``card``'s name in the column the line leaves it (``taken``: the cells
    of the rest of the line), at least ``least`` cells and at most the
    longest name's: whole where it fits (at 80 columns every name does),
    else cut with an ellipsis, so that a cut name reads as cut."""
    width = max(least, min(panel.content_width - taken, longest_egg_name()))
    name = card.name if len(card.name) <= width else card.name[: width - 1] + "…"
    return f"{name:<{width}}"


# ------------------------------------------------------------------- dice
class DicePanel(IncubationPanel):
    """The two dice: each face and what it does, which dice are kept and which
    reroll, which die is chosen and which are used."""

    def line_count(self, board: Board) -> int:
        return 2 if self.compact else 3

    def reads(self, board: Board) -> object:
        state = board.state
        selection = board.selection
        return (
            tuple(state.dice),
            tuple(state.used),
            decision(state),
            board.live,
            selection.die,
            tuple(sorted(selection.marked)),
        )

    def lines(self, board: Board) -> list[Text]:
        state = board.state
        step = decision(state)
        out: list[Text] = []
        if not state.dice:
            note = "Not rolled yet."
            if board.live and step == "roll":
                note += " Enter rolls both dice."
            out = [seg(f" {note}", self.st("inc--dim"))]
            out += [Text("")] * (1 if self.compact else 2)
            return out
        pair = paired(state)
        chosen = current_die(state, board.selection.die) if step == "dice" else None
        free = free_dice(state)
        for die, face in enumerate(state.dice):
            used = state.used[die] if die < len(state.used) else False
            line = Text()
            mark = "▶" if board.live and chosen is not None and (die == chosen or pair) else " "
            line.append(mark, style=self.st("inc--marker"))
            live = board.live and step in ("reroll", "dice") and (step == "reroll" or not used)
            line.append_text(self.key(str(die + 1), live))
            line.append(" ")
            line.append(
                f"{FACE_GLYPH[face]} {face:<5}",
                style=self.st("inc--chest" if face == "chest" else f"inc--{face}")
                if face != "coin"
                else self.st("inc--silver"),
            )
            line.append(" ")
            if step == "reroll":
                if die in board.selection.marked:
                    line.append("↻ reroll", style=self.st("inc--flash"))
                else:
                    line.append("✓ keep  ")
                line.append("  ")
                line.append(face_effect(face, False, short=self.compact), style=self.st("inc--dim"))
            elif face == "chest":
                line.append("spent   ", style=self.st("inc--dim"))
                both = state.dice.count("chest") == 2
                line.append(
                    "two chests: collect a section" if both else "turned the spinner",
                    style=self.st("inc--dim"),
                )
            elif used:
                line.append("used", style=self.st("inc--dim"))
            else:
                line.append("free    ")
                effect = face_effect(face, pair, short=self.compact)
                if self.compact:
                    effect += ", or an egg"
                if pair and die != free[0]:
                    # A pair gives its 3 once, for both dice: the second
                    # die's line says so rather than read as 3 more.
                    effect = f"with die {free[0] + 1}, or an egg"
                elif pair:
                    effect = f"both: {effect}"
                line.append(effect, style=self.st("inc--dim"))
            out.append(line)
        if not self.compact:
            out.append(self.note(state, step, pair, free))
        return out

    def note(self, state: IncubationState, step: str, pair: bool, free: list[int]) -> Text:
        if step == "reroll":
            text = "You may reroll one or both dice, once."
        elif step == "double_chest":
            text = "Two chests: collect every treasure of one section."
        elif step == "dice" and pair:
            text = "A pair: used together they give 3; either may take an egg instead."
        elif step == "dice":
            text = "Each die: its action, or an egg into an empty incubator."
        else:
            text = ""
        return seg(f" {text}", self.st("inc--dim"))

    def click_target(self, x: int, y: int) -> Message | None:
        assert self.board is not None
        return self.Picked(self, y) if self.board.state.dice and y in (0, 1) else None


# ------------------------------------------------------------------ decks
class DecksPanel(IncubationPanel):
    """The three face-up egg decks: size and top card."""

    def line_count(self, board: Board) -> int:
        return DECKS

    def reads(self, board: Board) -> object:
        state = board.state
        return (
            tuple((len(state.decks[deck]), top_card(state, deck)) for deck in range(DECKS)),
            board.live and decision(state) in ("starting_egg", "dice"),
        )

    def lines(self, board: Board) -> list[Text]:
        state = board.state
        step = decision(state)
        live = board.live and step in ("starting_egg", "dice")
        out: list[Text] = []
        for deck in range(DECKS):
            line = Text(" ")
            card_id = top_card(state, deck)
            line.append_text(self.key(str(deck + 1), live and card_id is not None))
            size = len(state.decks[deck])
            label = f" {size:>2} " if self.compact else f" {size:>2} cards  "
            line.append(label, style=self.st("inc--dim") if not size else Style())
            if card_id is None:
                line.append("empty", style=self.st("inc--dim"))
            else:
                line.append_text(self.egg_line(egg(card_id), line.cell_len))
            out.append(line)
        return out

    def egg_line(self, card: EggCard, used: int = 0) -> Text:
        """The egg's colours, name, needs and VP, after ``used`` cells of
        the line."""
        text = self.egg_chips(card, align=True)
        after = self.amount(WATER, card.water, "water")
        after.append(" ")
        after.append_text(self.amount(FIRE, card.fire, "fire"))
        after.append(f" {card.vp}VP" if self.compact else f"  {card.vp} VP")
        taken = used + text.cell_len + 2 + after.cell_len
        text.append(f" {fitted_egg_name(self, card, 13 if self.compact else 18, taken)} ")
        text.append_text(after)
        return text

    def click_target(self, x: int, y: int) -> Message | None:
        return self.Picked(self, y) if 0 <= y < DECKS else None


# ---------------------------------------------------------------- players
class PlayersPanel(IncubationPanel):
    """Every player: score, coins, dragons, objectives, and both incubators
    with the egg, what it needs and the tokens on it."""

    #: Every player's dragons shown even when four or five share 80 columns.
    full: reactive[bool] = reactive(False, layout=True)

    def lines_per_player(self, board: Board) -> int:
        """Four lines each (name, two incubators, dragons); three when four or
        five players share 80 columns (the dragons then go in a count),
        unless ``full``."""
        return 3 if self.compact and not self.full and len(board.state.players) >= 4 else 4

    def line_count(self, board: Board) -> int:
        return self.lines_per_player(board) * len(board.state.players)

    def reads(self, board: Board) -> object:
        state = board.state
        placing = board.live and decision(state) == "place"
        return (
            tuple(
                (
                    tuple((inc.egg, inc.water, inc.fire) for inc in p.incubators),
                    p.silver,
                    p.gold,
                    tuple(p.dragons),
                    tuple(p.objectives),
                )
                for p in state.players
            ),
            tuple((seat.name, seat.is_bot) for seat in state.seats),
            board.to_act,
            placing,
            placing and tuple(a.incubator for a in board.legal if isinstance(a, PlaceToken)),
            self.full,
        )

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        #: Each seat's lines and what they were drawn from: a move changes
        #: one player's lines (or two: the turn passing), not every one's.
        self._seats: dict[int, tuple[object, list[Text]]] = {}

    def notify_style_update(self) -> None:
        self._seats.clear()
        super().notify_style_update()

    def lines(self, board: Board) -> list[Text]:
        state = board.state
        out: list[Text] = []
        placing = board.live and decision(state) == "place"
        targets = {a.incubator for a in board.legal if isinstance(a, PlaceToken)}
        short = self.lines_per_player(board) == 3
        shape = (self.compact, short, self.content_width)
        for seat, p in enumerate(state.players):
            active = seat == board.to_act
            live = frozenset(targets) if placing and active else frozenset()
            key = (
                shape,
                tuple((inc.egg, inc.water, inc.fire) for inc in p.incubators),
                p.silver,
                p.gold,
                tuple(p.dragons),
                tuple(p.objectives),
                state.seats[seat].name,
                state.seats[seat].is_bot,
                score(state, seat),
                active,
                live,
            )
            kept = self._seats.get(seat)
            if kept is None or kept[0] != key:
                kept = self._seats[seat] = (
                    key,
                    self.player_lines(state, seat, active, live, short),
                )
            out.extend(kept[1])
        return out

    def player_lines(
        self, state: IncubationState, seat: int, active: bool, live: frozenset[int], short: bool
    ) -> list[Text]:
        """``seat``'s lines: the name and score, each incubator (``live``:
        those the token in hand may go to), the dragons and objectives."""
        p = state.players[seat]
        out: list[Text] = []
        head = Text()
        head.append("▶ " if active else "  ", style=self.st("inc--marker"))
        name = state.seats[seat].name
        if state.seats[seat].is_bot:
            name += " (bot)"
        head.append(f" {name} ", style=self.st("inc--active") if active else Style(bold=True))
        head.append(f"  {score(state, seat)} VP", style=Style(bold=True))
        head.append("   ")
        head.append(SILVER, style=self.st("inc--silver"))
        head.append(f" {p.silver}" if self.compact else f" {p.silver} silver  ")
        head.append(" " if self.compact else "")
        head.append(GOLD, style=self.st("inc--gold"))
        head.append(f" {p.gold}" if self.compact else f" {p.gold} gold")
        if short:
            head.append(f"  {len(p.dragons)}dr", style=self.st("inc--dim"))
            if p.objectives:
                head.append(f" ★{len(p.objectives)}", style=self.st("inc--ok"))
        out.append(head)
        for slot, inc in enumerate(p.incubators):
            out.append(self.incubator_line(seat, slot, inc, slot in live))
        if not short:
            out.append(self.owned_line(state, seat))
        return out

    def incubator_line(self, seat: int, slot: int, inc: Incubator, live: bool) -> Text:
        # An incubator that may take the token in hand is marked, not only lit.
        line = Text(" " if self.compact else "  ")
        if live:
            line = seg("▸" if self.compact else " ▸", self.st("inc--marker"))
        line.append_text(self.key(str(slot + 1), live))
        line.append(" ")
        if inc.egg is None:
            line.append("empty incubator", style=self.st("inc--dim"))
        else:
            card = egg(inc.egg)
            line.append_text(self.egg_chips(card, align=not self.compact))
            after = self.needs(WATER, inc.water, card.water, "water", not self.compact)
            after.append(" " if self.compact else "  ")
            after.append_text(self.needs(FIRE, inc.fire, card.fire, "fire", not self.compact))
            if not self.compact:
                after.append(f"  {card.vp} VP", style=self.st("inc--dim"))
            taken = line.cell_len + 2 + after.cell_len
            line.append(f" {fitted_egg_name(self, card, 12 if self.compact else 18, taken)} ")
            line.append_text(after)
        if live:
            start = 1 if self.compact else 2
            line.stylize(self.st("inc--cursor"), start, start + 3)
        return line

    def owned_line(self, state: IncubationState, seat: int) -> Text:
        """The dragons hatched (one chip each) and the objectives claimed."""
        p = state.players[seat]
        line = Text("     " if not self.compact else "  ")
        if p.dragons:
            for dragon_id in p.dragons:
                line.append_text(self.egg_chips(egg(dragon_id)))
                line.append(" ")
            vp = sum(egg(d).vp for d in p.dragons)
            if self.compact:
                line.append(f"{vp}VP", style=self.st("inc--dim"))
            else:
                count = f"{len(p.dragons)} dragon" + ("s" if len(p.dragons) > 1 else "")
                line.append(f"{count}, {vp} VP", style=self.st("inc--dim"))
        else:
            line.append("no dragons yet", style=self.st("inc--dim"))
        if p.objectives:
            line.append("  ★ ", style=self.st("inc--ok"))
            if self.compact:
                line.append(str(len(p.objectives)))
            else:
                line.append(", ".join(objective(o).name for o in p.objectives))
        return line

    def click_target(self, x: int, y: int) -> Message | None:
        assert self.board is not None
        seat, line = divmod(y, self.lines_per_player(self.board))
        if seat < len(self.board.state.players) and line in (1, 2):
            return self.Picked(self, line - 1, seat)
        return None


# ------------------------------------------------------------- objectives
class ObjectivesPanel(IncubationPanel):
    """The objectives on offer, what each needs, and who meets it now."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._needs: dict[str, Text] = {}

    def notify_style_update(self) -> None:
        self._needs.clear()
        super().notify_style_update()

    def line_count(self, board: Board) -> int:
        return max(1, len(board.state.objectives))

    def reads(self, board: Board) -> object:
        state = board.state
        # (What may be claimed shows only while objectives are being
        # claimed: not read, and not a reason to draw again, at any other
        # decision.)
        live = board.live and decision(state) == "objective"
        return (
            tuple(state.objectives),
            tuple((tuple(p.dragons), p.coin_worth) for p in state.players),
            tuple(seat.name for seat in state.seats),
            board.to_act,
            live,
            live and tuple(a.objective for a in board.legal if isinstance(a, ClaimObjective)),
        )

    def lines(self, board: Board) -> list[Text]:
        state = board.state
        live = board.live and decision(state) == "objective"
        claims = {a.objective for a in board.legal if isinstance(a, ClaimObjective)}
        mine = set(claimable(state, board.to_act)) if board.to_act is not None else set()
        out: list[Text] = []
        cards = [objective(o) for o in state.objectives]
        needs = [self.requirements(card) for card in cards]
        longest_name = max((len(card.name) for card in cards), default=0)
        longest_need = max((len(need) for need in needs), default=0)
        for index, card in enumerate(cards):
            who = fulfilled_by(state, card.id)
            line = Text(" ")
            line.append_text(self.key(str(index + 1), live and card.id in claims))
            met = board.to_act in who
            line.append(" ✓ " if met else "   ", style=self.st("inc--ok"))
            need = pad(needs[index], longest_need)
            name = seg(f"{card.name:<{longest_name}}", Style(bold=True))
            if self.compact:
                # What it needs first: the name is what gets cut.
                line.append_text(need)
                line.append("  ")
                line.append_text(name)
            else:
                line.append_text(name)
                line.append("  ")
                line.append_text(need)
                if who:
                    mark = "you may claim" if card.id in mine and live else "met by "
                    if not (card.id in mine and live):
                        mark += ", ".join(state.seats[s].name for s in who)
                    line.append(f"  {mark}", style=self.st("inc--ok"))
            out.append(line)
        if not out:
            out.append(seg(" No objective is left.", self.st("inc--dim")))
        return out

    def requirements(self, card: ObjectiveCard) -> Text:
        """What an objective needs, in a few words and colour chips (made
        once for each card, until the colours change: do not change it)."""
        text = self._needs.get(card.id)
        if text is None:
            text = self._needs[card.id] = self._requirements(card)
        return text

    def _requirements(self, card: ObjectiveCard) -> Text:
        text = Text()
        for number, req in enumerate(card.requires):
            if number:
                text.append(" + ")
            if isinstance(req, SameColour):
                text.append(f"{req.count} of one colour")
            elif isinstance(req, ColourSet):
                for colour in req.colours:
                    text.append_text(self.chip(LETTERS[colour], colour))
            elif isinstance(req, DistinctColours):
                text.append(f"{req.count} colours")
            elif isinstance(req, Dragons):
                if req.min_vp:
                    text.append(f"{req.count} of {req.min_vp}+VP")
                else:
                    text.append(f"{req.count} dragons")
            else:
                text.append(f"coins {req.worth}VP")
        return text

    def click_target(self, x: int, y: int) -> Message | None:
        assert self.board is not None
        return self.Picked(self, y) if 0 <= y < len(self.board.state.objectives) else None


# ------------------------------------------------------- footer and picker
__all__ = ["DecksPanel", "DicePanel", "ObjectivesPanel", "PlayersPanel"]
