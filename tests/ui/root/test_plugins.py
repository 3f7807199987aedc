"""A faction's screen part plugs into Root's screen (issue 47): its keys join
the key map and the help, its words the title and the reasons, its board the
side panel; a faction without one plays with the plain board and no keys of
its own."""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text

from boardgames_tui.engine.game import Seat
from boardgames_tui.games.root import GAME
from boardgames_tui.games.root.actions import Recruit
from boardgames_tui.games.root.model import RootState
from boardgames_tui.ui.root import choices
from boardgames_tui.ui.root.faction_ui import (
    Clauses,
    FactionScreen,
    HelpLine,
    LetterKey,
    register_screen,
    screen_of,
    unregister_screen,
)
from boardgames_tui.ui.root.keys import direct_keys
from boardgames_tui.ui.root.look import step_words
from tests.games.root.hares import HARES, extra_factions
from tests.ui.helpers import screen_text


class HaresScreen(FactionScreen):
    key = "hares"
    order = 9
    keys: ClassVar[tuple[LetterKey, ...]] = (
        LetterKey("0", ("recruit",), "Kits", "kits", "The Hares breed kits when they hop.", 150),
    )
    clauses: ClassVar[Clauses] = Clauses(
        when={"m": "when the Hares hop"}, help={"R": "the Hares: in their corner"}
    )
    help_lines: ClassVar[tuple[HelpLine, ...]] = (HelpLine("0", "Breed kits (the Hares)", 15),)
    step_words: ClassVar[dict[str, str]] = {"hop": "Daylight, hopping"}
    situations: ClassVar[dict[str, str]] = {"hop": "hopping"}

    def panel(self, panel: Any, board: Any) -> list[Text] | None:
        return [Text(f"Hares' burrows, {panel.who(board, HARES)}")]


def table() -> RootState:
    seats = [Seat(name=n) for n in ("Ana", "Ben", "Cy")]
    return GAME.setup(seats, {"factions": "marquise,hares,duchy", "seating": "chosen"}, 3)


def test_a_faction_without_a_screen_part_gets_the_plain_one() -> None:
    with extra_factions():
        assert type(screen_of(HARES)) is FactionScreen
        assert "0" not in choices.key_kinds()


def test_a_screen_part_adds_its_keys_words_and_help() -> None:
    with extra_factions():
        register_screen(HaresScreen())
        try:
            kinds = choices.key_kinds()
            assert kinds["0"] == ("recruit",)
            letters = [k.letter for k in choices.letter_keys()]
            assert letters[-2:] == ["0", "n"]  # its place in the footer
            assert "kits" in choices.keymap()
            move = choices.key_of("m").when
            assert move.startswith("Moves are taken ") and move.endswith(
                ", and when the Hares hop."
            )
            help_keys = dict(direct_keys())
            assert help_keys["0"] == "Breed kits (the Hares)"
            assert help_keys["R"].endswith("; the Hares: in their corner)")
            state = table()
            state.turn, state.step, state.setting_up, state.turn_number = HARES, "hop", -1, 2
            state.stack.clear()
            assert step_words(state) == "Hares: Daylight, hopping"
            assert choices.situation(state) == "The Hares are hopping"  # (a plural name)
            legal = [Recruit()]
            assert choices.with_key(state, legal, "0", 1).actions == (Recruit(),)
        finally:
            unregister_screen(HARES)
        assert "0" not in choices.key_kinds()


async def test_the_side_panel_draws_a_registered_board(new_app: Any) -> None:
    """Where the Hares' plain board stood (``test_three_seats``), their own."""
    from boardgames_tui.engine.session import Session
    from boardgames_tui.ui.screens.handoff import HandoffScreen
    from tests.ui.helpers import wait_until

    from .helpers import screen_of as open_screen
    from .helpers import state_of

    with extra_factions():
        register_screen(HaresScreen())
        try:
            seats = [Seat(name=n) for n in ("Ana", "Ben", "Cy")]
            options = {"factions": "marquise,hares,duchy", "seating": "chosen"}
            session = Session.new("root", seats, options, seed=1, autosave=False)
            while state_of(session).setting_up >= 0:
                session.apply(session.legal_actions()[0])
            app = new_app(session=session)
            async with app.run_test(size=(120, 40)) as pilot:
                await wait_until(pilot, lambda: isinstance(app.screen, HandoffScreen))
                await pilot.press("enter")
                await open_screen(app, pilot)
                shown = screen_text(app)
                assert "Hares' burrows, Hares (Ben)" in shown
                assert "Hares board" not in shown
        finally:
            unregister_screen(HARES)


def test_no_two_registered_keys_share_a_letter() -> None:
    """Any factions may sit at one table, and the screen binds every
    registered faction's keys at once: no faction's letter is another's, a
    shared key's, or one of the screen's own (the card texts, the list, the
    log, the results)."""
    from textual.binding import Binding

    from boardgames_tui.ui.root.faction_ui import SCREENS
    from boardgames_tui.ui.root.keys import KEYS

    assert len(SCREENS) >= 6
    letters = [k.letter for k in choices.letter_keys()]
    assert len(letters) == len(set(letters)), sorted(letters)
    bound = [
        key
        for b in KEYS
        if isinstance(b, Binding) and not b.action.startswith("take(")
        for key in b.key.split(",")
    ]
    assert not set(letters) & set(bound)
    help_keys = [line.key for s in SCREENS.values() for line in s.help_lines]
    assert len(help_keys) == len(set(help_keys)), sorted(help_keys)
    assert {k.upper() for k in letters} >= {k for k in help_keys if len(k) == 1 and k.isalpha()}
