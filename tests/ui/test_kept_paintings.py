"""A one-line part shown again with what it showed before gives back its
rows as Textual painted them then, not painted again (issue 49: the prompt,
the hint and the key bar go back to what they showed on most moves), and
the rows given back are those Textual paints for it now."""

from __future__ import annotations

from typing import Any

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.geometry import Region
from textual.selection import Selection
from textual.strip import Strip

from boardgames_tui.ui.widgets.keybar import KeyBar
from boardgames_tui.ui.widgets.laid_out import Line
from boardgames_tui.ui.widgets.text_line import update_text


class Parts(App[None]):
    CSS = """
    #hint { height: 2; text-wrap: wrap; text-overflow: ellipsis; padding: 0 1;
            color: $text-muted; }
    #hint.-loud { color: $error; text-style: bold; }
    #prompt { height: 1; text-wrap: nowrap; text-overflow: ellipsis; }
    """
    BINDINGS = [
        Binding("x", "flip", "Flip"),
        Binding("y", "other", "Other side"),
        Binding("z", "third", "Third"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.side = 0

    def compose(self) -> ComposeResult:
        yield Line(id="prompt", markup=False)
        yield Line(id="hint", markup=False)
        yield KeyBar()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "other":
            return self.side == 1
        if action == "third":
            return None if self.side == 1 else True
        return True

    def action_flip(self) -> None:
        self.side = 1 - self.side
        self.screen.refresh_bindings()


HINTS = [
    "Enter: play the card at the cursor · ←→↑↓: move · Tab: the Field · a rather"
    " long hint that takes its second row",
    "The log has the focus: ↑ ↓ scroll · Esc: back to the board, where Enter acts",
]


def shown(part: Any) -> list[Strip]:
    """The rows ``part`` gives now for its whole region."""
    return list(part.render_lines(Region(0, 0, *part.size)))


def painted_afresh(part: Any) -> list[Strip]:
    """The rows Textual paints for ``part`` now (its kept paintings forgotten)."""
    part._paintings = None
    part.notify_style_update()
    made = part.paintings_made
    rows = shown(part)
    assert part.paintings_made == made + 1
    return rows


async def test_a_line_shown_again_gives_back_its_painting() -> None:
    app = Parts()
    async with app.run_test(size=(60, 8)) as pilot:
        hint = app.query_one("#hint", Line)
        # (A text is kept from its second showing: the first may never come
        # back.)
        for text in [*HINTS, *HINTS]:
            update_text(hint, text)
            await pilot.pause()
        made, given = hint.paintings_made, hint.paintings_given
        update_text(hint, HINTS[0])
        await pilot.pause()
        assert (hint.paintings_made, hint.paintings_given) == (made, given + 1)
        again = shown(hint)
        assert "".join(s.text for s in again[0]).strip().startswith("Enter: play")
        assert again == painted_afresh(hint)

        # Styled again: painted afresh, in the new style, and kept as such.
        hint.add_class("-loud")
        await pilot.pause()
        loud = shown(hint)
        assert loud != again
        for text in [HINTS[1], HINTS[0], HINTS[1]]:
            update_text(hint, text)
            await pilot.pause()
        made = hint.paintings_made
        update_text(hint, HINTS[0])
        await pilot.pause()
        assert hint.paintings_made == made
        assert shown(hint) == loud == painted_afresh(hint)


async def test_a_line_selected_is_painted_with_its_selection() -> None:
    app = Parts()
    async with app.run_test(size=(60, 8)) as pilot:
        prompt = app.query_one("#prompt", Line)
        for name in ["Ann", "Ben", "Ann"]:
            update_text(prompt, f"{name}: choose an action")
            await pilot.pause()
        plain = shown(prompt)
        update_text(prompt, "Ben: choose an action")
        await pilot.pause()
        prompt.screen.selections = {prompt: Selection(None, None)}  # (all of it)
        update_text(prompt, "Ann: choose an action")
        await pilot.pause()
        assert shown(prompt) != plain
        assert shown(prompt) == painted_afresh(prompt)


async def test_the_key_bar_back_to_its_keys_gives_back_their_painting() -> None:
    app = Parts()
    async with app.run_test(size=(60, 8)) as pilot:
        bar = app.query_one(KeyBar)
        first = shown(bar)
        for _ in range(2):
            await pilot.press("x")
            await pilot.pause()
        await pilot.press("x")
        await pilot.pause()
        other = shown(bar)
        assert other != first
        made, given = bar.paintings_made, bar.paintings_given
        await pilot.press("x")
        await pilot.pause()
        assert (bar.paintings_made, bar.paintings_given) == (made, given + 1)
        again = shown(bar)
        assert again == first == painted_afresh(bar)
        assert bar.drawn_keys()[:2] == ["x", "z"]
