"""An option's text made for a move's list (issue 49): its description
wrapped as :func:`textwrap.wrap` wraps it (plain words filled greedily, the
others by textwrap itself), and its Textual text made only when the list
draws or measures it, not for the options never on screen."""

from __future__ import annotations

import textwrap

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.text import Text
from textual.content import Content

from boardgames_tui.ui.widgets import ActionPicker
from boardgames_tui.ui.widgets.option_text import (
    option_plain,
    option_text,
    option_text_of,
    plain_words,
    wrapped,
)
from boardgames_tui.ui.widgets.prompt import Prompt
from tests.toygame import Play
from tests.ui.test_action_picker import PickerApp

PIECES = ["Claim", "the", "a", "(3)", "→", "李雷", "egg:", "x-y", "--", "wildfire-dragon"]
PIECES += ["supercalifragilisticexpialidocious", " ", "  ", "\t", "\n", ""]


@settings(max_examples=400, deadline=None)
@given(
    pieces=st.lists(
        st.tuples(st.sampled_from(PIECES), st.sampled_from([" ", " ", "", "  "])), max_size=14
    ),
    width=st.integers(min_value=1, max_value=40),
)
def test_a_description_wraps_as_textwrap_wraps_it(
    pieces: list[tuple[str, str]], width: int
) -> None:
    description = "".join(piece + gap for piece, gap in pieces)
    assert wrapped(description, width) == (
        textwrap.wrap(description, width, break_long_words=True) or [""]
    )


@settings(max_examples=200, deadline=None)
@given(
    words=st.lists(st.sampled_from([*PIECES, "\x07", "\r"]), max_size=10),
    number=st.integers(min_value=1, max_value=12),
    width=st.integers(min_value=1, max_value=40),
)
def test_an_option_text_is_its_parts_appended(words: list[str], number: int, width: int) -> None:
    """Made whole, an option's text is the text its parts appended one by
    one make: the number dim, each wrapped line after it indented."""
    description = " ".join(words)
    lines = wrapped(description, width)
    parts = Text(end="")
    parts.append(f"{number:>2} " if number <= 9 else "   ", style="dim")
    parts.append(lines[0])
    for line in lines[1:]:
        parts.append("\n   " + line)
    made = option_text(number, description, width)
    assert (made.plain, made.spans, made.end, made.style) == (
        parts.plain,
        parts.spans,
        parts.end,
        parts.style,
    )
    # The list's prompt, whose text is made when first asked, reads as it.
    prompt = Prompt.later(option_plain(number, description, width), option_text_of, None)
    assert str(prompt) == made.plain
    later = prompt.text
    assert (later.plain, later.spans, later.end, later.style) == (
        parts.plain,
        parts.spans,
        parts.end,
        parts.style,
    )
    assert str(prompt) == made.plain


def test_plain_words_are_only_words_textwrap_fills_greedily() -> None:
    assert plain_words("Send the offer: green, orange for nothing", 12) == [
        "Send", "the", "offer:", "green,", "orange", "for", "nothing",
    ]  # fmt: skip
    for description in ("a  b", " a b", "a b ", "a-b c", "a\tb", "", "a supercalifragilistic"):
        assert plain_words(description, 12) is None, description


async def test_options_off_screen_are_not_made_into_textual_text(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    made: list[str] = []
    from_rich_text = Content.from_rich_text

    def counted(text, console=None):  # type: ignore[no-untyped-def]
        made.append(str(text))
        return from_rich_text(text, console=console)

    monkeypatch.setattr(Content, "from_rich_text", counted)
    app = PickerApp()
    async with app.run_test(size=(60, 20)) as pilot:
        picker = app.query_one(ActionPicker)
        await pilot.pause()
        made.clear()
        # Forty short options, eight rows on screen (the list is 10 high,
        # its border takes two): the others are never drawn nor measured
        # the long way (each fits its row), and those shown are drawn
        # without Textual's text too (``option_rows.py``).
        picker.set_actions([(Play(card=i), f"Take card {i}") for i in range(40)])
        await pilot.pause()
        assert picker.option_count == 40
        assert made == []
        assert picker._option_rows.made == 8
