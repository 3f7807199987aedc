"""Root's part of the new-game setup: the faction each seat plays (or one
drawn at random), and the table's reach against the total recommended for
its player count (the Law's balancing guide: a warning, never a refusal).

The factions offered are the registry's (``games/root/factions``), in
setup-letter order, so a faction package that registers itself appears here.
The choices become the options the command line takes: the default table's
two factions at two seats are that table (``options.DEFAULT_TABLE``, seated
by its option); any other table is ``factions=...`` (``random`` in a place
left to chance) with ``seating=chosen``, so ``boardgames-tui new root`` with
the same words and seed starts the same game.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Label, Select, Static

from boardgames_tui.engine.game import SetupError
from boardgames_tui.games.root.faction import BY_KEY, FACTIONS
from boardgames_tui.games.root.game import MAX_SEATS
from boardgames_tui.games.root.options import DEFAULT_SEAT_OPTION, DEFAULT_TABLE, RootOptions
from boardgames_tui.games.root.reach import check_reach
from boardgames_tui.games.root.setup import RANDOM

#: What each seat is offered first: the default table as the options' default
#: seats it (its first faction in the seat its option names), then chance.
_FIRST_SEAT: int = RootOptions().marquise_seat
DEFAULT_PICKS: tuple[str, ...] = (
    tuple(DEFAULT_TABLE) if _FIRST_SEAT == 0 else tuple(reversed(DEFAULT_TABLE))
) + (RANDOM,) * (MAX_SEATS - 2)


def offered() -> list[tuple[str, str]]:
    """The select's choices: at random, then every playable faction with its
    reach, in setup-letter order."""
    factions = sorted(FACTIONS.values(), key=lambda f: f.letter)
    return [("At random", RANDOM)] + [(f"{f.name} (reach {f.reach})", f.key) for f in factions]


class FactionPicker(Vertical):
    """One faction select per seat and the reach line."""

    #: The options the picker sets in place of their rows in the form.
    replaces: ClassVar[tuple[str, ...]] = (DEFAULT_SEAT_OPTION,)

    DEFAULT_CSS = """
    FactionPicker {
        height: auto;
    }
    FactionPicker .faction-row {
        height: auto;
    }
    FactionPicker .faction-seat {
        width: 1fr;
        padding: 0 1 0 0;
    }
    FactionPicker .faction-choice {
        width: 40;
    }
    FactionPicker #reach-line {
        padding: 0 0 0 2;
        color: $text-muted;
    }
    FactionPicker #reach-line.-warn {
        color: $text-warning;
        text-style: bold;
    }
    """

    def __init__(self, names: Sequence[str], *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.names = list(names)

    def compose(self) -> ComposeResult:
        choices = offered()
        keys = [key for _, key in choices]
        yield Static("Factions", classes="setup-heading", markup=False)
        for i in range(MAX_SEATS):
            with Horizontal(classes="faction-row", id=f"faction-row-{i}"):
                yield Label(self._seat_label(i), classes="faction-seat", markup=False)
                pick = DEFAULT_PICKS[i] if DEFAULT_PICKS[i] in keys else RANDOM
                yield Select(
                    [(Text(label), key) for label, key in choices],
                    value=pick,
                    allow_blank=False,
                    id=f"faction-{i}",
                    classes="faction-choice",
                    compact=True,
                )
        # An option's help (the form's style): the words of the table's balance.
        yield Static("", id="reach-line", classes="option-help", markup=False)

    def on_mount(self) -> None:
        self.show_seats(self.names)

    def _seat_label(self, i: int) -> str:
        name = self.names[i].strip() if i < len(self.names) else ""
        return f"{name or f'Seat {i + 1}'} plays"

    # ------------------------------------------------------------ the seats
    def show_seats(self, names: Sequence[str]) -> None:
        """The seats' names, and one row per seat."""
        self.names = list(names)
        for i in range(MAX_SEATS):
            row = self.query_one(f"#faction-row-{i}")
            row.display = i < len(self.names)
            row.query_one(Label).update(self._seat_label(i))
        self._show_balance()

    def picks(self) -> list[str]:
        """Each seat's choice: a faction's key, or ``random``."""
        out = []
        for i in range(len(self.names)):
            value = self.query_one(f"#faction-{i}", Select).value
            out.append(value if isinstance(value, str) else RANDOM)
        return out

    def twice(self) -> str | None:
        """The refusal of a faction chosen for two seats, or None."""
        picks = self.picks()
        for i, key in enumerate(picks):
            if key != RANDOM and key in picks[i + 1 :]:
                j = picks.index(key, i + 1)
                name = BY_KEY[key].name if key in BY_KEY else key
                return (
                    f"Each faction sits at the table once: the {name} is chosen for "
                    f"{self._who(i)} and {self._who(j)}."
                )
        return None

    def _who(self, i: int) -> str:
        return self.names[i].strip() or f"seat {i + 1}"

    def balance(self) -> str:
        """The reach line: each chosen faction's reach, the total against
        the recommended one, and a warning below it."""
        picks = self.picks()
        if not 2 <= len(picks) <= MAX_SEATS:
            return ""
        named = [BY_KEY[k] for k in picks if k in BY_KEY]
        parts = " + ".join(f"{f.name} {f.reach}" for f in named)
        drawn = len(picks) - len(named)
        if drawn:
            chance = f"{drawn} drawn at random"
            parts = f"{parts} + {chance}" if parts else chance
        check = check_reach([k if k in BY_KEY else None for k in picks])
        words = check.words()
        if check.below:
            words = f"⚠ {words} The game can still start."
        return f"{parts}. {words}"

    def _show_balance(self) -> None:
        line = self.query_one("#reach-line", Static)
        refusal = self.twice()
        picks = self.picks()
        below = len(picks) >= 2 and check_reach([k if k in BY_KEY else None for k in picks]).below
        warn = refusal is not None or below
        line.update(f"⚠ {refusal}" if refusal else self.balance())
        line.set_class(warn, "-warn")

    @on(Select.Changed, ".faction-choice")
    def _picked(self) -> None:
        self._show_balance()

    # -------------------------------------------------------- to the game
    def values(self) -> dict[str, Any]:
        """The options these choices make (raises SetupError for a faction
        chosen twice)."""
        refusal = self.twice()
        if refusal is not None:
            raise SetupError(refusal)
        picks = self.picks()
        if sorted(picks) == sorted(DEFAULT_TABLE):
            # The default table, as the options have always said it.
            seat = picks.index(DEFAULT_TABLE[0])
            return {"factions": None, DEFAULT_SEAT_OPTION: seat, "seating": "random"}
        return {"factions": tuple(picks), "seating": "chosen"}
