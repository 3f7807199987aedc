"""The results: rank, player and total first, the parts of the score after,
and all of it on screen at 80x24 and 120x40, for every game's breakdown
(Root's seven parts included: its Score column had been off screen)."""

from __future__ import annotations

import pytest
from textual.app import App

from boardgames_tui.engine.game import Outcome, SeatResult
from boardgames_tui.ui.screens.gameover import GameOverScreen
from boardgames_tui.ui.widgets.score_table import ScoreTable, ordinal, packed, part_label
from tests.ui.helpers import screen_lines

ROOT = Outcome(
    results=[
        SeatResult(
            seat=0,
            name="Ana",
            score=31,
            rank=1,
            breakdown={
                "Banker": 4,
                "Baron of Dirt": 1,
                "Earl of Stone": 2,
                "crafting": 4,
                "removing pieces": 4,
                "swaying ministers": 16,
            },
        ),
        SeatResult(
            seat=1,
            name="Ben",
            score=9,
            rank=2,
            breakdown={"buildings": 3, "crafting": 1, "removing pieces": 5},
        ),
    ],
    ranking=[0, 1],
    winners=[0],
    summary="Ana (Underground Duchy) reaches 30 points and wins.",
)
TYRANTS = Outcome(
    results=[
        SeatResult(
            seat=seat,
            name=name,
            score=score,
            rank=rank,
            breakdown={
                "sites": score - 20,
                "total control": 2,
                "trophies": 2,
                "deck": 13,
                "inner circle": 3,
                "tokens": 0,
            },
        )
        for seat, name, score, rank in [
            (0, "Ana", 27, 3),
            (1, "Ben", 36, 2),
            (2, "Cy", 25, 4),
            (3, "Dee", 45, 1),
        ]
    ],
    ranking=[3, 1, 0, 2],
    winners=[3],
    summary="Dee wins with 45 VP.",
)


class Results(App[None]):
    def __init__(self, outcome: Outcome) -> None:
        super().__init__()
        self.outcome = outcome

    def on_mount(self) -> None:
        self.push_screen(GameOverScreen("Root", self.outcome))


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
@pytest.mark.parametrize("outcome", [ROOT, TYRANTS], ids=["root", "tyrants"])
async def test_totals_come_first_and_every_part_is_on_screen(
    size: tuple[int, int], outcome: Outcome
) -> None:
    app = Results(outcome)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.pause()
        table = app.screen.query_one(ScoreTable)
        labels = [str(column.label) for column in table.columns.values()]
        assert labels[:3] == ["Rank", "Player", "Score"]
        assert table.virtual_size.width <= table.size.width  # nothing to scroll to
        text = "\n".join(screen_lines(app))
        header = next(line for line in screen_lines(app) if "Rank" in line)
        assert header.index("Player") < header.index("Score")
        for result in outcome.results:
            row = next(line for line in screen_lines(app) if f" {ordinal(result.rank)} " in line)
            assert result.name in row
            assert f" {result.score} " in row  # the total on the player's line
            for part, value in result.breakdown.items():
                assert part_label(part) in text
                if table.parts_wrapped:
                    assert f"{part_label(part)} {value}" in text


async def test_parts_are_columns_where_they_fit_and_wrapped_where_not() -> None:
    """Tyrants' six parts are columns at 120 columns, wrapped at 80 (and
    again columns after growing back); Root's seven never fit as columns."""
    app = Results(TYRANTS)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert not app.screen.query_one(ScoreTable).parts_wrapped
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.pause()
        assert app.screen.query_one(ScoreTable).parts_wrapped
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        await pilot.pause()
        assert not app.screen.query_one(ScoreTable).parts_wrapped
    app = Results(ROOT)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert app.screen.query_one(ScoreTable).parts_wrapped


def test_packed_never_splits_a_pair() -> None:
    pairs = ["Swaying ministers 16", "Crafting 4", "Removing pieces 4", "Banker 4"]
    assert packed(pairs, 34) == [
        "Swaying ministers 16 · Crafting 4",
        "Removing pieces 4 · Banker 4",
    ]
    assert packed(pairs, 10) == pairs
