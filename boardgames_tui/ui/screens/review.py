"""A finished game's review on screen (``engine/review.py``): each seat's
standing over the game drawn as a plot (one line per seat in its colour,
its tag where it ends, the turns along the bottom), and under it the
turning points of the people's seats; Enter on one opens the replay just
before that move, from that seat's view.

The review is worked out in a thread worker (the kept one beside the save
is shown at once): the curve shows as soon as the game has been walked,
then a progress bar counts the moves judged; Esc stops it and leaves.  B
judges the bots' seats too (or, once they are, the people's alone).

Offered by the game-over screen and the Load screen for a finished save
(V); ``boardgames-tui review SAVE`` prints the same review as text.
"""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.color import Color
from textual.screen import Screen
from textual.widgets import Footer, OptionList, ProgressBar, Static
from textual.widgets.option_list import Option
from textual.worker import get_current_worker
from textual_plotext import PlotextPlot

from boardgames_tui.engine.printable import printable
from boardgames_tui.engine.replay import Replay
from boardgames_tui.engine.review import ReviewBudget, ReviewCancelled, ReviewError
from boardgames_tui.engine.review_cache import review_save
from boardgames_tui.engine.review_model import Review
from boardgames_tui.engine.review_text import (
    error_words,
    loss_words,
    summary_line,
    value_words,
)
from boardgames_tui.engine.savefile import SaveError

from ...review_plot import draw, seat_tags
from ..host import host
from ..settings import Settings
from ..widgets.hanging import Hanging

#: The theme variables behind each seat's colour, in the order the game's
#: own screen gives them (Underwing's and Tyrants' seat tags); Root's seats
#: take their factions' colours.
SEAT_THEME: dict[str, tuple[str, ...]] = {
    "underwing": ("primary", "accent", "success", "error", "secondary", "warning"),
    "tyrants": ("primary", "error", "success", "warning"),
}
DEFAULT_THEME = ("primary", "error", "success", "warning", "secondary", "accent")

RGB = tuple[int, int, int]


def faction_colours(replay: Replay) -> list[RGB] | None:
    """Root's seats' faction colours (None for another game, or a table
    whose factions cannot be read)."""
    if replay.game.id != "root":
        return None
    from ..root.look import faction_style

    state = replay.source.state
    colours: list[RGB] = []
    for seat in range(len(replay.source.seats)):
        try:
            colour = faction_style(state.faction_of(seat)).color  # type: ignore[attr-defined]
        except (AttributeError, KeyError):
            return None
        if colour is None:
            return None
        triplet = colour.get_truecolor()
        colours.append((triplet.red, triplet.green, triplet.blue))
    return colours


def point_entry(review: Review, index: int) -> Hanging:
    """A turning point in a few lines: who, when and what it lost; the move
    made; the search's move and why."""
    seat, number = divmod(index, 100)
    point = review.seats[seat].turning_points[number]
    tags = seat_tags([s.name for s in review.seats])
    head = Text(f"{printable(review.seats[seat].name)} · turn {point.turn}, move {point.index + 1}")
    head.append(" · lost ", style="dim")
    head.append(loss_words(review, point.loss), style="bold")
    head.append(f" ({error_words(review, point.error)})", style="dim")
    made = Text("played ", style="dim")
    made.append(printable(point.made))
    made.append(f" ({value_words(review, point.made_value)})", style="dim")
    best = Text("the search: ", style="dim")
    best.append(printable(point.preferred), style="bold")
    best.append(f" ({value_words(review, point.preferred_value)})", style="dim")
    rows: list[tuple[Text | str, Text]] = [
        (Text(tags[seat], style="bold"), head),
        ("", made),
        ("", best),
    ]
    if point.reason:
        rows.append(("", Text(f"why: {printable(point.reason)}", style="italic")))
    return Hanging(rows)


def nothing_to_list(review: Review) -> str:
    """Why the review lists no turning point."""
    if not any(seat.reviewed for seat in review.seats):
        return "Only the people's moves are judged, and every seat here is a bot's: B judges them."
    return "No move lost more against the search's choice than the samples' luck explains."


class ReviewScreen(Screen[None]):
    """The review of the finished save at ``path`` (see the module)."""

    CSS_PATH = "review.tcss"
    #: Below 30 rows the plot goes without its border (its own frame
    #: stays): two more rows for the curve.
    VERTICAL_BREAKPOINTS = [(0, "-short"), (30, "-tall")]
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "replay", "Replay there", priority=True),
        Binding("b", "bots(1)", "Bots too"),
        Binding("b", "bots(0)", "People only"),
        Binding("escape", "leave", "Back"),
    ]

    def __init__(
        self,
        path: Path,
        settings: Settings | None = None,
        *,
        bots: bool = False,
        budget: ReviewBudget | None = None,
    ) -> None:
        super().__init__()
        self.path = path
        self.settings = settings or Settings()
        self.bots = bots
        self.budget = budget or ReviewBudget()
        #: The review shown (the curve alone while the moves are judged).
        self.review: Review | None = None
        self.done = False
        self.replay: Replay | None = None
        self.colours: list[RGB] | None = None

    def compose(self) -> ComposeResult:
        yield Static(f"Review · {printable(self.path.name)}", id="review-title", markup=False)
        yield Static("Reading the save…", id="review-status", markup=False)
        yield ProgressBar(id="review-progress", show_eta=False)
        yield PlotextPlot(id="review-plot")
        yield OptionList(id="review-points")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#review-plot", PlotextPlot).border_title = "Standing after each turn"
        self.query_one("#review-points", OptionList).border_title = "Turning points"
        self.query_one("#review-progress", ProgressBar).display = False
        # The seats' colours are the theme's: drawn again with a new one.
        self.app.theme_changed_signal.subscribe(self, lambda _: self.draw_plot())
        self.start()

    # ---------------------------------------------------------- the worker
    def start(self) -> None:
        self.done = False
        self.refresh_bindings()
        self.query_one("#review-points", OptionList).clear_options()
        self.work_out(self.bots)

    @work(thread=True, exclusive=True, group="review", exit_on_error=False)
    def work_out(self, bots: bool) -> None:
        """Open the save and review it (or read the review kept beside it),
        telling the screen of the curve, the progress and the end."""
        worker = get_current_worker()

        def tell(*args: object) -> None:
            with contextlib.suppress(Exception):  # the app is closing
                self.app.call_from_thread(*args)  # type: ignore[arg-type]

        try:
            replay = self.replay or Replay.open(self.path)
            self.replay = replay
            tell(self.show_colours, faction_colours(replay))
            review = review_save(
                self.path,
                bots=bots,
                budget=self.budget,
                progress=lambda done, total: tell(self.show_progress, done, total),
                cancelled=lambda: worker.is_cancelled,
                curve=lambda reviewer: tell(self.show_review, reviewer.preview(), False),
                replay=replay,
            )
        except ReviewCancelled:
            return
        except (SaveError, ReviewError) as exc:
            tell(self.show_refusal, str(exc))
            return
        if not worker.is_cancelled:
            tell(self.show_review, review, True)

    # ------------------------------------------------------------- drawing
    def show_colours(self, colours: list[RGB] | None) -> None:
        self.colours = colours
        self.draw_plot()

    def seat_colours(self) -> list[RGB]:
        if self.colours is not None:
            return self.colours
        assert self.review is not None
        names = SEAT_THEME.get(self.review.game, DEFAULT_THEME)
        variables = self.app.theme_variables
        return [
            Color.parse(variables.get(names[i % len(names)], "white")).rgb
            for i in range(len(self.review.seats))
        ]

    def show_progress(self, done: int, total: int) -> None:
        if not self.is_attached:  # left while the worker was telling
            return
        bar = self.query_one("#review-progress", ProgressBar)
        bar.display = True
        bar.update(total=max(1, total), progress=done)
        self.query_one("#review-status", Static).update(
            f"Judging the moves against the search's: {done} of {total} · Esc stops"
        )

    def show_refusal(self, message: str) -> None:
        if not self.is_attached:
            return
        self.query_one("#review-status", Static).update(printable(message))
        self.notify(printable(message), title="No review", severity="error", timeout=10)

    def show_review(self, review: Review, final: bool) -> None:
        if not self.is_attached:
            return
        self.review = review
        self.query_one("#review-title", Static).update(
            f"Review · {review.title} · {review.turns} turns · {printable(self.path.name)}"
        )
        self.draw_plot()
        if not final:
            return
        self.done = True
        self.query_one("#review-progress", ProgressBar).display = False
        lines = [summary_line(review, seat) for seat in review.seats]
        self.query_one("#review-status", Static).update(printable(" · ".join(lines)))
        points = self.query_one("#review-points", OptionList)
        options: list[Option | None] = []
        for seat in review.seats:
            for number in range(len(seat.turning_points)):
                if options:
                    options.append(None)
                index = seat.seat * 100 + number
                options.append(Option(point_entry(review, index), id=str(index)))
        if options:
            points.set_options(options)
            points.highlighted = 0
            points.focus()
        else:
            points.set_options([Option(Text(nothing_to_list(review), style="dim"))])
        self.refresh_bindings()

    def draw_plot(self) -> None:
        if self.review is None or not self.is_attached:
            return
        plot = self.query_one("#review-plot", PlotextPlot)
        width, height = plot.content_size.width, plot.content_size.height
        draw(plot.plt, self.review, max(20, width), max(5, height), colours=self.seat_colours())
        plot.refresh()

    def on_resize(self) -> None:
        self.call_after_refresh(self.draw_plot)

    # ------------------------------------------------------------ the keys
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "replay":
            return True if self.done and self._point() is not None else None
        if action == "bots":
            # One key, two bindings: the footer shows the one that applies.
            wanted = bool(parameters[0]) if parameters else True
            return self.has_bots() and wanted != self.bots
        return True

    def has_bots(self) -> bool:
        review = self.review
        return review is not None and any(s.bot for s in review.seats)

    def _point(self) -> tuple[int, int] | None:
        """The highlighted turning point: its seat and the move's place."""
        review = self.review
        option = self.query_one("#review-points", OptionList).highlighted_option
        if review is None or option is None or option.id is None:
            return None
        seat, number = divmod(int(option.id), 100)
        return seat, review.seats[seat].turning_points[number].index

    @on(OptionList.OptionHighlighted, "#review-points")
    def _highlighted(self) -> None:
        self.refresh_bindings()

    @on(OptionList.OptionSelected, "#review-points")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_replay()

    def action_replay(self) -> None:
        """The replay just before the highlighted turning point's move,
        from that seat's view (Esc comes back here)."""
        found = self._point()
        if found is None or self.replay is None:
            return
        seat, index = found
        host(self).open_replay(self.replay, seat, index)

    def action_bots(self, bots: int = 1) -> None:
        """Judge the bots' seats too (``bots``), or the people's alone."""
        if not self.has_bots() or bool(bots) == self.bots:
            return
        self.bots = bool(bots)
        self.start()

    def action_leave(self) -> None:
        self.workers.cancel_group(self, "review")
        self.dismiss(None)


__all__ = ["ReviewScreen", "faction_colours", "point_entry"]
