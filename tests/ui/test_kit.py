"""The screen kit's parts, each on its own: the board cursor reactive, the
key map (keys bound to kinds of action, mapped only to legal actions, with
the reason a key cannot be used), the two dialogs, the drawing base's style
cache and the key bar's give-way order."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar, Self, cast

import pytest
from rich.text import Text
from textual import on
from textual.app import App, ComposeResult
from textual.widget import Widget
from textual.widgets import Label, Static

from boardgames_tui.engine import registry
from boardgames_tui.engine.game import Action, Seat
from boardgames_tui.engine.session import Session
from boardgames_tui.ui.kit.choice import KeyKind, KeyMap, Pick, among, match
from boardgames_tui.ui.kit.cursor import BoardCursor
from boardgames_tui.ui.kit.dialogs import ChoiceDialog, ChoicePicker, TextDialog
from boardgames_tui.ui.kit.drawing import Drawing, Pictured, PicturedLines
from boardgames_tui.ui.screens.handoff import HandoffScreen
from boardgames_tui.ui.widgets.keybar import KeyBar
from tests.toygame import Draw, Keep, Play, Roll, SevensState
from tests.ui.helpers import messages, wait_until
from tests.ui.toy_screen import HandView, SevensScreen


# ------------------------------------------------------------ the key map
@dataclass
class Here:
    step: str
    legal: list[Action]
    cursor: int = 0


def pick_card(here: Here, number: int) -> Pick:
    return match(here.legal, Play(card=number), lambda: f"Card {number} cannot be played now.")


def pick_draw(here: Here) -> Pick:
    return among(here.legal, lambda a: a.kind == "draw", "There is nothing to draw.")


def pick_keep(here: Here) -> Pick:
    return among(here.legal, lambda a: a.kind == "keep", "Nothing to keep.", title="Keep?")


KEYS: KeyMap[Here] = KeyMap(
    decision=lambda here: here.step,
    kinds=[
        KeyKind("card", steps=("play",), pick=pick_card, dim=True),
        KeyKind("draw", steps=("play",), pick=pick_draw),
        KeyKind("keep", steps=("keep",), pick=pick_keep, when="Keep or not after a roll."),
        KeyKind("point", shown=lambda here: len(here.legal) > 1),
    ],
    hint=lambda here: "1-9: play that card · D: draw" if here.step == "play" else "",
    explain=lambda here, key: f"{key.upper()} does nothing now. Keys: {KEYS.hint(here)}.",
)


def test_a_key_maps_to_the_legal_action_of_its_kind() -> None:
    here = Here("play", [Play(card=3), Play(card=5), Draw()])
    assert KEYS.pick(here, "card", 5).single == Play(card=5)
    assert KEYS.pick(here, "draw").actions == (Draw(),)
    # Several legal actions of one kind: all of them, for the dialog.
    two = KEYS.pick(Here("keep", [Keep(keep=True), Keep(keep=False)]), "keep")
    assert two.actions == (Keep(keep=True), Keep(keep=False)) and two.title == "Keep?"
    assert two.single is None


def test_a_key_never_makes_a_move_that_is_not_legal_and_says_why() -> None:
    here = Here("play", [Play(card=3)])
    pick = KEYS.pick(here, "card", 4)
    assert not pick and pick.actions == ()
    assert pick.reason == "Card 4 cannot be played now."
    assert KEYS.pick(Here("play", [Roll()]), "draw").reason == "There is nothing to draw."
    assert KEYS.explain(here, "x") == ("X does nothing now. Keys: 1-9: play that card · D: draw.")


def test_the_reason_a_key_cannot_be_used() -> None:
    play = Here("play", [Play(card=3), Draw()])
    assert KEYS.why_not(play, "keep") == "Keep or not after a roll."  # out of its time
    assert KEYS.why_not(play, "card", 4) == "Card 4 cannot be played now."  # its pick's reason
    assert KEYS.why_not(play, "card", 3) == ""  # it can be used
    assert KEYS.why_not(Here("play", [Roll()]), "draw") == "There is nothing to draw."


def test_a_key_is_shown_dimmed_or_hidden_by_its_decision() -> None:
    play = Here("play", [Play(card=3), Draw()])
    assert KEYS.check(play, "card", (3,)) is True
    assert KEYS.check(play, "card", (4,)) is None  # dimmed: its card is not playable
    assert KEYS.check(play, "keep") is False  # another decision's key: hidden
    assert KEYS.check(play, "point") is True
    assert KEYS.check(Here("play", [Draw()]), "point") is False  # ``shown`` says no
    assert "card" in KEYS and "roll" not in KEYS


def test_a_cursor_key_stands_for_no_action() -> None:
    try:
        KEYS.pick(Here("play", []), "point")
    except ValueError as error:
        assert "moves the cursor" in str(error)
    else:
        raise AssertionError("a cursor key picked an action")


# ------------------------------------------------------------- the cursor
class Ring(BoardCursor):
    WRAP: ClassVar[bool] = True

    def place_count(self) -> int:
        return 8


class Track(BoardCursor):
    def place_count(self) -> int:
        return 5


class CursorApp(App[None]):
    def __init__(self) -> None:
        super().__init__()
        self.moves: list[tuple[str, int]] = []
        self.chosen: list[int] = []

    def compose(self) -> ComposeResult:
        yield Ring(id="ring")
        yield Track(id="track")

    @on(BoardCursor.CursorMoved, "#ring")
    def _ring(self, message: BoardCursor.CursorMoved) -> None:
        assert message.control is self.query_one(Ring)
        self.moves.append(("ring", message.cursor))

    @on(Track.CursorMoved, "#track")
    def _track(self, message: Track.CursorMoved) -> None:
        self.moves.append(("track", message.cursor))

    @on(Track.Activated, "#track")
    def _chosen(self, message: Track.Activated) -> None:
        self.chosen.append(message.cursor)


async def test_the_cursor_reactive_validates_and_posts_its_message() -> None:
    app = CursorApp()
    async with app.run_test() as pilot:
        ring, track = app.query_one(Ring), app.query_one(Track)
        ring.move_cursor(-1)  # a ring wraps round
        track.cursor = 9  # a track is clamped
        track.cursor = -3
        await pilot.pause()
        assert (ring.cursor, track.cursor) == (7, 0)
        assert app.moves == [("ring", 7), ("track", 4), ("track", 0)]
        track.place_cursor(2)  # placed by the screen: no message
        track.cursor = 2  # not a change: no message
        track.activate()
        await pilot.pause()
        assert track.cursor == 2
        assert app.moves == [("ring", 7), ("track", 4), ("track", 0)]
        assert app.chosen == [2]


# ------------------------------------------------------------- the dialogs
class DialogApp(App[None]):
    def __init__(self) -> None:
        super().__init__()
        self.answers: list[object] = []

    def compose(self) -> ComposeResult:
        yield Static("table")


async def test_the_choice_dialog_returns_the_chosen_action() -> None:
    app = DialogApp()
    choices: list[tuple[Action, str]] = [(Play(card=1), "Play 1"), (Play(card=2), "Play 2")]
    async with app.run_test() as pilot:
        app.push_screen(ChoiceDialog("Which card?", choices), app.answers.append)
        await pilot.pause()
        await pilot.press("2")
        await wait_until(pilot, lambda: len(app.answers) == 1)
        app.push_screen(ChoiceDialog("Which card?", choices), app.answers.append)
        await pilot.pause()
        await pilot.press("enter")
        await wait_until(pilot, lambda: len(app.answers) == 2)
        app.push_screen(ChoiceDialog("Which card?", choices, default=None), app.answers.append)
        await pilot.pause()
        await pilot.press("escape")
        await wait_until(pilot, lambda: len(app.answers) == 3)
    assert app.answers == [Play(card=2), Play(card=1), None]


async def test_the_text_dialog_shows_its_text_and_closes_on_its_key() -> None:
    app = DialogApp()
    async with app.run_test() as pilot:
        dialog = TextDialog("Card", "Deals 2 damage.", key="c")
        app.push_screen(dialog, app.answers.append)
        await pilot.pause()
        body = dialog.query_one("#text-body", Static)
        assert str(body.render()) == "Deals 2 damage."
        assert "Esc, Enter or C: close" in str(dialog.query_one("#text-keys").render())
        await pilot.press("c")
        await wait_until(pilot, lambda: app.answers == [None])
        # Another key closes it too; a keys' line of its own.
        cards = TextDialog(
            "Cards", "Ambush", key="h", also=("space",), keys="Esc: back", prefix="cards"
        )
        app.push_screen(cards, app.answers.append)
        await pilot.pause()
        assert str(cards.query_one("#cards-keys").render()) == "Esc: back"
        assert cards.query_one("#cards-scroll").has_focus
        await pilot.press("x")  # not one of its keys
        await pilot.pause()
        assert app.answers == [None]
        await pilot.press("space")
        await wait_until(pilot, lambda: app.answers == [None, None])


async def test_the_text_dialog_has_a_note_under_its_title_only_when_given() -> None:
    app = DialogApp()
    async with app.run_test() as pilot:
        plain = TextDialog("Card", "Deals 2 damage.", key="c")
        app.push_screen(plain, app.answers.append)
        await pilot.pause()
        assert not plain.query("#text-note")
        await pilot.press("escape")
        await wait_until(pilot, lambda: app.answers == [None])
        noted = TextDialog("Noble", "+1 influence.", key="c", note="Cost 1 · Amb", prefix="card")
        app.push_screen(noted, app.answers.append)
        await pilot.pause()
        ids = [child.id for child in noted.query_one("#card-box").children]
        assert ids == ["card-title", "card-note", "card-scroll", "card-keys"]
        assert str(noted.query_one("#card-note", Static).render()) == "Cost 1 · Amb"


# ------------------------------------------------------- drawing, key bar
class Swatch(Drawing, Static):
    COMPONENT_CLASSES: ClassVar[set[str]] = {"sw--mark"}
    PARTIAL: ClassVar[frozenset[str]] = frozenset({"sw--mark"})
    DEFAULT_CSS = "Swatch > .sw--mark { text-style: reverse; color: $primary; }"


async def test_drawing_caches_styles_until_the_theme_changes() -> None:
    app = DialogApp()
    async with app.run_test() as pilot:
        swatch = Swatch("x")
        await app.mount(swatch)
        first = swatch.st("sw--mark")
        assert first.reverse and first is swatch.st("sw--mark")
        app.theme = "nord" if app.theme != "nord" else "gruvbox"
        await pilot.pause()
        again = swatch.st("sw--mark")
        assert again.reverse and again.color != first.color  # looked up again
        assert swatch.on_screen and not swatch.has_cursor


def test_the_key_bar_takes_its_give_way_order() -> None:
    assert KeyBar().give_way == KeyBar.GIVE_WAY
    # (The bots' pace gives way first in every bar, the advice just before
    # the help.)
    assert KeyBar(give_way=("cards", "help")).give_way == ("pace", "cards", "advice", "help")


# ------------------------------------------------ a whole screen on the kit
async def test_a_screen_built_on_the_kit_plays_by_its_key_map(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The toy game's screen (tests/ui/toy_screen.py) declares its parts and
    keys only: the kit lays it out, plays a key's one legal action, asks
    among several, dims a key with nothing to do and says why a key does
    nothing."""
    from boardgames_tui.app import make_app

    monkeypatch.setitem(registry._parts, "sevens", ("tests.ui.toy_screen:SevensScreen", ""))
    seats = [Seat(name="Ana"), Seat(name="Ben")]
    session = Session.new("sevens", seats, seed=3, saves_dir=tmp_path)
    app = make_app(tmp_path, session=session, seed=1, bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, HandoffScreen))
        await pilot.press("enter")  # the hand-off cover of hidden hands
        await wait_until(pilot, lambda: isinstance(app.screen, SevensScreen))
        screen = cast(SevensScreen, app.screen)
        await wait_until(pilot, lambda: screen.live)
        # The slots, filled as declared.
        assert screen.query_one("#play #board #hand", HandView).border_title == "Your hand"
        assert screen.query_one("#play #side #actions").border_title == "All actions"
        assert len(screen.query(KeyBar)) == 1
        state = cast(SevensState, session.state)
        cards = sorted(state.hands[0])
        assert str(screen.query_one("#hint", Static).render()).startswith(
            f"Enter: play the {cards[0]} · 1-4"
        )
        # The cursor moves; the hint follows.
        await pilot.press("right")
        assert screen.query_one(HandView).cursor == 1
        assert f"Enter: play the {cards[1]}" in str(screen.query_one("#hint", Static).render())
        # A fourth card's key is dimmed (three cards in hand); K is hidden.
        # (The card keys are bound as take('card', n): checked as "card".)
        assert screen.check_action("take", ("card", 3)) is None
        assert screen.check_action("take", ("card", 0)) is True
        assert screen.check_action("card", (3,)) is None
        assert screen.check_action("keep", ()) is False
        await pilot.press("k")
        await pilot.pause()
        assert "K does nothing now. Keys: Enter: play the" in messages(app)
        await pilot.press("2")  # one legal action: played
        assert session.actions[-1] == Play(card=cards[1])


async def test_several_legal_actions_for_one_key_open_the_kit_dialog(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from boardgames_tui.app import make_app

    monkeypatch.setitem(registry._parts, "sevens", ("tests.ui.toy_screen:SevensScreen", ""))
    seats = [Seat(name="Ana"), Seat(name="Ben", bot="random")]
    session = Session.new("sevens", seats, seed=3, saves_dir=tmp_path)
    app = make_app(tmp_path, session=session, seed=1, bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, SevensScreen))
        screen = cast(SevensScreen, app.screen)
        await wait_until(pilot, lambda: screen.live)
        await pilot.press("r")
        assert session.actions[-1] == Roll()
        await pilot.press("k")  # keep the roll, or let it go: which?
        await wait_until(pilot, lambda: isinstance(app.screen, ChoiceDialog))
        await pilot.press("2")
        await wait_until(pilot, lambda: len(session.actions) >= 2)
        assert session.actions[1] == Keep(keep=False)


class PlainChoice(ChoiceDialog):
    """A game's own look for the kit's dialog."""


async def test_a_screen_may_open_its_own_subclass_of_the_choice_dialog(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from boardgames_tui.app import make_app

    monkeypatch.setitem(registry._parts, "sevens", ("tests.ui.toy_screen:SevensScreen", ""))
    monkeypatch.setattr(SevensScreen, "CHOICE_DIALOG", PlainChoice)
    seats = [Seat(name="Ana"), Seat(name="Ben", bot="random")]
    session = Session.new("sevens", seats, seed=3, saves_dir=tmp_path)
    app = make_app(tmp_path, session=session, seed=1, bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, SevensScreen))
        screen = cast(SevensScreen, app.screen)
        await wait_until(pilot, lambda: screen.live)
        await pilot.press("r")
        await pilot.press("k")
        await wait_until(pilot, lambda: isinstance(app.screen, PlainChoice))
        await pilot.press("1")
        await wait_until(pilot, lambda: len(session.actions) >= 2)
        assert session.actions[1] == Keep(keep=True)


class Score(PicturedLines, Widget):
    """Two lines: a title and a number that the test changes."""

    def __init__(self) -> None:
        super().__init__()
        self.number = 0
        self.repaints: list[object] = []

    def picture(self) -> Text:
        return Text(f"Score\n{self.number}")

    def refresh(self, *regions: object, **kwargs: object) -> Self:
        self.repaints.append(regions)
        return super().refresh(*regions, **kwargs)  # type: ignore[arg-type]


class Words(Pictured, Widget):
    """Words that wrap at ten columns, on up to three lines."""

    DEFAULT_CSS = "Words { width: 10; height: auto; max-height: 3; }"

    def __init__(self) -> None:
        super().__init__()
        self.words = "one"

    def picture(self) -> Text:
        return Text(self.words)


async def test_a_pictured_part_says_when_it_will_be_another_height() -> None:
    """Its lines wrapped at its width, within its max-height: what lies
    beside it is drawn for the size it will have, once (issue 49)."""
    app = DialogApp()
    async with app.run_test() as pilot:
        words = Words()
        await app.mount(words)
        await pilot.pause()
        assert words.outer_size.height == 1
        words.words = "two"
        assert words.redraw() is False  # another line, as high
        words.words = "a line that wraps"
        assert words.redraw() is True
        await pilot.pause()
        assert words.outer_size.height == 2
        words.words = "a line that wraps on and on and on"
        assert words.redraw() is True
        await pilot.pause()
        assert words.outer_size.height == 3  # (held at its max-height)
        words.words = "a line that wraps on and on and on and on and on"
        assert words.redraw() is False  # longer, held at three all the same
        assert words.redraw() is False  # reads as before


async def test_a_pictured_part_repaints_only_the_rows_that_changed() -> None:
    app = DialogApp()
    async with app.run_test() as pilot:
        score = Score()
        await app.mount(score)
        await pilot.pause()
        assert score.text_rows() == [Text("Score"), Text("0")]
        score.repaints.clear()
        score.redraw()  # reads as before: nothing repainted
        assert score.repaints == []
        score.number = 7
        score.redraw()  # one row of two repainted
        assert len(score.repaints) == 1 and len(score.repaints[0]) == 1  # type: ignore[arg-type]
        assert [str(line) for line in score.text_rows()] == ["Score", "7"]


def test_the_choice_framework_imports_no_textual() -> None:
    """A game's ``choices.py`` builds on ``kit/choice.py`` and stays free of
    Textual (its tests call it directly): importing them pulls no Textual in."""
    code = (
        "import sys\n"
        "import boardgames_tui.ui.kit.choice, boardgames_tui.ui.incubation.choices\n"
        "assert not [m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')], 'Textual'\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


# ------------------------------------------------------------ board facts
def test_board_facts_are_keyword_only_and_subclassed_with_a_games_own() -> None:
    from dataclasses import dataclass

    from boardgames_tui.ui.kit.board import BoardFacts

    @dataclass(kw_only=True)
    class Facts(BoardFacts[list[int]]):
        cursor: int  # a field without a default after the base's defaults

    facts = Facts(state=[1, 2], cursor=2, live=True)
    assert (facts.state, facts.cursor, facts.live, facts.viewer) == ([1, 2], 2, True, None)
    assert facts.legal == () and facts.changed == frozenset()
    with pytest.raises(TypeError):
        Facts([1, 2], 2)  # type: ignore[misc]


def test_a_box_layout_finds_the_box_at_a_cell_and_its_centre() -> None:
    from boardgames_tui.ui.kit.board import BoxLayout

    layout = BoxLayout(width=40, height=10, box_w=9, box_h=3, boxes={"a": (0, 0), "b": (20, 5)})
    assert layout.box_at(0, 0) == "a" and layout.box_at(8, 2) == "a"
    assert layout.box_at(9, 0) is None and layout.box_at(8, 3) is None
    assert layout.box_at(28, 7) == "b" and layout.box_at(29, 7) is None
    assert layout.centre("a") == (4, 1) and layout.centre("b") == (24, 6)


def test_a_screen_with_a_key_map_must_say_what_it_reads() -> None:
    """A GameScreen that sets KEYMAP without here() is refused when the
    class is made, not at the first key press."""
    from boardgames_tui.ui.screens.game import GameScreen

    with pytest.raises(TypeError, match="sets KEYMAP, so it defines here"):

        class Forgetful(GameScreen):
            KEYMAP = SevensScreen.KEYMAP

    class Plain(GameScreen):  # no key map: nothing to read
        pass

    assert Plain.KEYMAP is None


async def test_the_choice_dialog_offers_only_the_digits_it_has() -> None:
    """Issue 45, item 10: a dialog of three choices offered "1-9" in its
    words and every digit in its footer; 4 to 9 did nothing.  It offers
    the digits of its choices, and those work."""
    app = DialogApp()
    choices: list[tuple[Action, str]] = [(Play(card=n), f"Play {n}") for n in (1, 2, 3)]
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(ChoiceDialog("Which card?", choices), app.answers.append)
        await pilot.pause()
        dialog = app.screen
        assert "1-3: choose" in str(dialog.query_one("#choice-keys", Label).render())
        picker = dialog.query_one(ChoicePicker)
        assert [picker.check_action("pick", (n,)) for n in range(1, 10)] == [True] * 3 + [False] * 6
        await pilot.press("3")
        await wait_until(pilot, lambda: len(app.answers) == 1)
    assert app.answers == [Play(card=3)]


async def test_each_person_finds_the_boards_cursor_where_they_left_it(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Nothing of the last person crosses the hand-off, their cursor
    neither: the person handed the table finds each board's cursor where
    they left it (where it stood at the start, the first time), never where
    the last person pointed (which a decision with no place to pick kept)."""
    from boardgames_tui.app import make_app

    monkeypatch.setitem(registry._parts, "sevens", ("tests.ui.toy_screen:SevensScreen", ""))
    seats = [Seat(name="Ana"), Seat(name="Ben")]
    session = Session.new("sevens", seats, seed=3, saves_dir=tmp_path)
    app = make_app(tmp_path, session=session, seed=1, bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:

        async def handed(seat: int) -> HandView:
            await wait_until(pilot, lambda: isinstance(app.screen, HandoffScreen))
            await pilot.press("enter")
            await wait_until(pilot, lambda: isinstance(app.screen, SevensScreen))
            screen = cast(SevensScreen, app.screen)
            await wait_until(pilot, lambda: screen.live and screen.viewer == seat)
            return screen.query_one(HandView)

        hand = await handed(0)
        assert hand.cursor == 0
        await pilot.press("right", "right")
        assert hand.cursor == 2
        await pilot.press("d")  # Ana draws: the turn passes to Ben
        hand = await handed(1)
        assert hand.cursor == 0  # his own (the start), not Ana's third card
        await pilot.press("right")
        assert hand.cursor == 1
        await pilot.press("d")
        hand = await handed(0)
        assert hand.cursor == 2  # where Ana left it
        await pilot.press("1")  # she plays her lowest card
        hand = await handed(1)
        assert hand.cursor == 1  # where Ben left it
