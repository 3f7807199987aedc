"""A row drawn by ``TextRows`` is what Rich's and Textual's own steps draw
(issue 49): ``text_strips`` makes in one pass what ``Segment.apply_style``,
``Strip.apply_offsets`` and ``Strip.adjust_cell_length`` make one after the
other, piece by piece and style by style (the offsets are what the mouse's
text selection reads), and makes one strip a row, not three."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from rich.style import Style
from rich.text import Text
from textual.app import App, ComposeResult
from textual.strip import Strip
from textual.widget import Widget

from boardgames_tui.ui.widgets import text_rows
from boardgames_tui.ui.widgets.text_rows import TextRows, library_strips, text_strips


class Words(TextRows, Widget):
    DEFAULT_CSS = "Words { height: 4; }"


class Cut(TextRows, Widget):
    DEFAULT_CSS = "Cut { height: 4; text-overflow: ellipsis; background: red; color: yellow; }"


class Parts(App[None]):
    def compose(self) -> ComposeResult:
        yield Words()
        yield Cut()


def lines() -> Iterator[Text]:
    """Lines of every kind a board draws: plain, spanned, spans that
    overlap and nest, a style on the whole, wide characters, characters
    joined into one (a span ending inside), a line too long for the row,
    an empty one, a link and a meta style."""
    yield Text("")
    yield Text("plain words")
    yield Text("a whole line in bold", style="bold")
    spanned = Text("Bag ")
    spanned.append("3", style="red on blue")
    spanned.append(" ")
    spanned.append("2", style=Style(color="green", italic=True))
    spanned.append("  │  Draw pile 12 eggs", style="dim")
    yield spanned
    nested = Text("cursor over a live space here", style="cyan")
    nested.stylize("reverse", 3, 20)
    nested.stylize("underline", 7, 12)
    nested.stylize("bold magenta", 10, 25)
    yield nested
    yield Text("wide 龍 dragons 卵 and eggs", style="green")
    joined = Text("joined 👨\u200d👩\u200d👧 and ❤\ufe0f here, and on and on and on")
    joined.stylize("bold", 9, 14)
    yield joined
    long = Text("a line far too long for the row it is drawn on " * 3)
    long.stylize("bold", 5, 60)
    yield long
    linked = Text("a link ")
    linked.append("here", style=Style(link="https://example.org"))
    yield linked
    meta = Text("clicked ")
    meta.append("there", style=Style.from_meta({"@click": "app.bell"}))
    yield meta
    yield Text("▶ 1  Ana  12 pts ◆ Egg Token", style=Style(bgcolor="black"))


def pieces(strip: Strip) -> list[tuple[str, Style | None, object, dict[str, object]]]:
    return [
        (text, style, control, {} if style is None else style.meta)
        for text, style, control in strip
    ]


@pytest.mark.parametrize("width", [1, 12, 40, 80])
async def test_a_row_is_drawn_as_rich_and_textual_draw_it(width: int) -> None:
    app = Parts()
    async with app.run_test(size=(100, 10)):
        for widget in (app.query_one(Words), app.query_one(Cut)):
            base = widget.rich_style
            ellipsis = widget.styles.text_overflow == "ellipsis"
            for bases in (base, Style()):
                for first in (0, 7):
                    drawn = text_strips(list(lines()), widget, width, bases, first)
                    cut = []
                    for line in lines():
                        if line.cell_len > width:
                            line = line.copy()
                            line.truncate(width, overflow="ellipsis" if ellipsis else "crop")
                        cut.append(line)
                    wanted = library_strips(
                        cut,
                        app.console,
                        width,
                        bases,
                        Style.from_color(bgcolor=bases.bgcolor),
                        first,
                    )
                    assert [pieces(s) for s in drawn] == [pieces(s) for s in wanted]
                    assert [s.cell_length for s in drawn] == [width] * len(wanted)
                    assert [s.text for s in drawn] == [s.text for s in wanted]


async def test_a_row_is_one_strip(monkeypatch: pytest.MonkeyPatch) -> None:
    """One strip made a row (Textual's steps make three: each strip made
    holds seven caches of its own), each place's style made once, and a
    piece drawn again at its place adds no styles again."""
    app = Parts()
    async with app.run_test(size=(100, 10)):
        widget = app.query_one(Words)
        made = [0]
        places = [0]
        init = Strip.__init__
        from_meta = Style.from_meta.__func__  # type: ignore[attr-defined]

        def counted(self: Strip, *args: object, **kwargs: object) -> None:
            made[0] += 1
            init(self, *args, **kwargs)  # type: ignore[arg-type]

        def counted_meta(cls: type[Style], meta: dict[str, object] | None) -> Style:
            places[0] += 1
            return from_meta(cls, meta)  # type: ignore[no-any-return]

        monkeypatch.setattr(Strip, "__init__", counted)
        monkeypatch.setattr(Style, "from_meta", classmethod(counted_meta))
        text_rows._PLACES.clear()
        text_rows._SUMS.clear()
        rows = [Text("one"), Text("two two"), Text("three")]
        text_strips(rows, widget, 40, widget.rich_style, 50)
        assert made[0] == len(rows)
        assert places[0] == len(rows)  # (one piece a row, at its own place)
        places[0] = 0
        sums = [0]
        add = Style.__add__

        def counted_add(self: Style, other: Style | None) -> Style:
            sums[0] += 1
            return add(self, other)

        monkeypatch.setattr(Style, "__add__", counted_add)
        base = widget.rich_style
        sums[0] = 0
        text_strips(rows, widget, 40, base, 50)
        assert places[0] == 0
        assert sums[0] == 0


async def test_a_line_moved_to_another_row_is_not_rendered_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A line drawn on one row and then on another (a mat below one that
    grew) is rendered by Rich once: the second row takes its pieces, at
    their new places, and reads as Textual's steps draw it there."""
    app = Parts()
    async with app.run_test(size=(100, 10)):
        widget = app.query_one(Cut)
        base = widget.rich_style
        rendered = [0]
        render = Text.render

        def counted(self: Text, *args: object, **kwargs: object) -> object:
            rendered[0] += 1
            return render(self, *args, **kwargs)  # type: ignore[arg-type]

        monkeypatch.setattr(Text, "render", counted)
        seen: dict[tuple[object, ...], text_rows.Pieces] = {}
        moved = list(lines())
        text_strips(moved, widget, 30, base, 0, seen)
        assert rendered[0] == len(moved)
        drawn = text_strips(moved, widget, 30, base, 3, seen)
        assert rendered[0] == len(moved)
        cut = []
        for line in moved:
            if line.cell_len > 30:
                line = line.copy()
                line.truncate(30, overflow="ellipsis")
            cut.append(line)
        blank = Style.from_color(bgcolor=base.bgcolor)
        wanted = library_strips(cut, app.console, 30, base, blank, 3)
        assert [pieces(s) for s in drawn] == [pieces(s) for s in wanted]
