"""Nothing on the Incubation screen is cut off at 120x40 (nor the footer at
80x24): the Market's legend fits its frame, and the footer gives up the keys
every screen has (F1 lists them all) before a decision's own keys or Quit."""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

import pytest

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.engine.bots import get_bot
from boardgames_tui.engine.game import Seat
from boardgames_tui.engine.session import Session
from boardgames_tui.games.incubation.cards import load_cards
from boardgames_tui.games.incubation.model import IncubationState
from boardgames_tui.ui.incubation.market import MarketRing
from boardgames_tui.ui.incubation.widgets import DecksPanel, PlayersPanel
from boardgames_tui.ui.widgets.keybar import KeyBar
from tests.ui.helpers import screen_text

from .helpers import screen_of

AppFactory = Callable[..., BoardgamesApp]


async def test_the_market_legend_fits_at_120x40(new_app: AppFactory) -> None:
    session = Session.new(
        "incubation", [Seat(name="Ana"), Seat(name="Ben")], seed=5, autosave=False
    )
    app = new_app(session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await screen_of(app, pilot)
        market = screen.query_one(MarketRing)
        assert market.board is not None and not market.compact
        lines = market.lines(market.board)
        legend = lines[-1].plain
        assert "pointer" in legend and "…" not in legend, legend
        assert max(line.cell_len for line in lines) <= market.content_region.width


@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
async def test_the_footer_fits_and_keeps_the_decisions_keys(
    new_app: AppFactory, size: tuple[int, int]
) -> None:
    session = Session.new(
        "incubation", [Seat(name="Ana"), Seat(name="Ben")], seed=12, autosave=False
    )
    app = new_app(session=session)
    bots = [get_bot("random", seed) for seed in range(2)]
    width = size[0]
    seen: set[str] = set()
    async with app.run_test(size=size) as pilot:
        screen = await screen_of(app, pilot)
        bar = screen.query_one(KeyBar)
        for _ in range(250):
            if session.is_over:
                break
            await pilot.pause()
            text = bar.render().plain
            assert all(len(row) <= width for row in text.split("\n")), text
            assert "^q Quit" in text, text
            own = [
                active.binding.description
                for active in screen.active_bindings.values()
                if active.binding.show
                and active.binding.group is None
                and active.binding.action.partition("(")[0] not in KeyBar.GIVE_WAY
                and active.binding.action not in ("app.quit", "quit")
            ]
            for description in own:
                assert description in text, (description, text)
            seen.add(session.state.step)  # type: ignore[attr-defined]
            seat = session.to_act
            assert seat is not None
            screen.play(bots[seat].choose(session.game, session.state))
    # The long footers were met: choosing a section of the Market among them.
    assert {"roll", "reroll", "dice", "objective"} <= seen


@pytest.mark.parametrize("theme", ["textual-dark", "textual-light", "ansi-dark", "ansi-light"])
async def test_the_mystery_chip_has_a_background_in_every_theme(
    new_app: AppFactory, theme: str
) -> None:
    from boardgames_tui.ui.incubation.widgets import DecksPanel

    session = Session.new(
        "incubation", [Seat(name="Ana"), Seat(name="Ben")], seed=1, autosave=False
    )
    app = new_app(session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        app.theme = theme
        await screen_of(app, pilot)
        panel = app.screen.query_one(DecksPanel)
        chip = panel.chip("?", "mystery")
        style = chip.get_style_at_offset(app.console, 1)
        assert style.bgcolor is not None and not style.bgcolor.is_default, (theme, style)
        assert style.color is not None and not style.color.is_default, (theme, style)
        assert style.bgcolor != style.color


@pytest.mark.parametrize("players", [2, 3, 4])
async def test_every_egg_name_is_whole_at_80x24(new_app: AppFactory, players: int) -> None:
    """Issue 45, item 13: at 80 columns the egg decks cut names at 13 cells
    ("Marigold Flar") and the incubators at 12 ("Marigold Fla"), with no
    mark.  The name column takes the room the line leaves (every egg's name
    fits there at 80 columns): each egg on the decks and in an incubator is
    drawn with its whole name, whichever egg it is."""
    names = ["Ana", "Ben", "Cy", "Dee"][:players]
    session = Session.new("incubation", [Seat(name=n) for n in names], seed=5, autosave=False)
    app = new_app(session=session)
    state = cast(IncubationState, session.state)
    eggs = sorted(load_cards().eggs, key=lambda e: -len(e.name))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await screen_of(app, pilot)
        decks, seats = screen.query_one(DecksPanel), screen.query_one(PlayersPanel)
        assert decks.compact and seats.compact
        # The longest names, on top of every deck and in every incubator.
        for batch in range(0, 6, 3):
            shown = eggs[batch : batch + 3]
            for deck, card in enumerate(shown):
                state.decks[deck] = [*state.decks[deck], card.id]
            for p in state.players:
                for slot, inc in enumerate(p.incubators):
                    inc.egg = shown[slot].id
            screen.refresh_view()
            await pilot.pause()
            text = screen_text(app)
            for card in shown:
                assert card.name in text, (card.name, text)
            for panel in (decks, seats):
                for line in panel.lines(panel.board):  # type: ignore[arg-type]
                    assert line.cell_len <= panel.content_region.width, line.plain
