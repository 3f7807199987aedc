"""Help: the keys of the screen that asked, and the game's rules help from
``assets/<game>/help.md`` when the game has one.  Typing in the filter shows
only the sections that mention the words."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Footer, Input, Markdown

from boardgames_tui.engine.assets import asset_path
from boardgames_tui.engine.game import Game

_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")


def rules_markdown(game_id: str) -> str | None:
    """The game's rules help (Markdown), or None when it has none."""
    path = asset_path(game_id, "help.md")
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None


def sections(markdown: str) -> list[tuple[str, str]]:
    """Split Markdown at its headings: ``(heading, text)`` pairs, the text
    including its heading line.  Text before the first heading has heading ""."""
    result: list[tuple[str, list[str]]] = [("", [])]
    fenced = False
    for line in markdown.splitlines():
        if line.lstrip().startswith(("```", "~~~")):
            fenced = not fenced
        match = None if fenced else _HEADING.match(line)
        if match:
            result.append((match.group(2), [line]))
        else:
            result[-1][1].append(line)
    return [(title, "\n".join(lines)) for title, lines in result if "".join(lines).strip()]


def headings(markdown: str) -> list[str]:
    return [title for title, _ in sections(markdown) if title]


_KEY_NAMES = {
    "escape": "Esc",
    "enter": "Enter",
    "slash": "/",
    "space": "Space",
    "tab": "Tab",
    "up": "↑",
    "down": "↓",
    "left": "←",
    "right": "→",
    "pageup": "PgUp",
    "pagedown": "PgDn",
    "home": "Home",
    "end": "End",
}


def key_name(key: str) -> str:
    """``ctrl+z`` -> ``Ctrl+Z``, ``f1`` -> ``F1``, ``escape`` -> ``Esc``."""
    parts = key.split("+")
    named = [_KEY_NAMES.get(p, p.upper() if len(p) <= 3 else p.capitalize()) for p in parts]
    return "+".join(p.capitalize() if i < len(named) - 1 else p for i, p in enumerate(named))


def screen_keys(screen: Screen[Any]) -> list[tuple[str, str]]:
    """The keys shown in a screen's footer now, grouped by what they do."""
    grouped: dict[tuple[str, str], list[str]] = {}
    for key, active in screen.active_bindings.items():
        binding = active.binding
        if not binding.show or not binding.description or binding.system:
            continue
        grouped.setdefault((binding.action, binding.description), []).append(key_name(key))
    return [(" / ".join(keys), description) for (_, description), keys in grouped.items()]


def keys_markdown(keys: Iterable[tuple[str, str]]) -> str:
    rows = [f"- **{key}** — {what}" for key, what in keys]
    if not rows:
        return ""
    return "\n".join(["## Keys", "", *rows])


def filter_markdown(markdown: str, query: str) -> str:
    """Only the sections mentioning every word of ``query``."""
    words = query.lower().split()
    if not words:
        return markdown
    kept = [text for _, text in sections(markdown) if all(w in text.lower() for w in words)]
    if not kept:
        return f"*No section mentions “{query.strip()}”.*"
    return "\n\n".join(kept)


#: Seconds of no typing in Find before the help is filtered.
FILTER_PAUSE = 0.2


class HelpScreen(Screen[None]):
    """Keys and rules.  ``/`` focuses the filter; Escape (or F1) closes."""

    CSS_PATH = "help.tcss"
    BINDINGS = [
        Binding("escape,f1", "close", "Close"),
        Binding("slash", "find", "Find"),
    ]

    def __init__(
        self,
        game: Game[Any, Any] | None = None,
        keys: Iterable[tuple[str, str]] = (),
        *,
        about: str = "",
        query: str = "",
    ) -> None:
        super().__init__()
        self.game = game
        self.initial_query = query
        parts: list[str] = []
        title = f"{game.title} — help" if game is not None else "boardgames-tui — help"
        parts.append(f"# {title}")
        if about:
            parts.append(about)
        keys_md = keys_markdown(keys)
        if keys_md:
            parts.append(keys_md)
        if game is not None:
            rules = rules_markdown(game.id)
            if rules is None:
                parts.append(f"## Rules\n\n*There is no rules help for {game.title} yet.*")
            else:
                parts.append(rules)
        self.source = "\n\n".join(parts)
        #: The Markdown on display (the source, filtered), and the filtering
        #: waiting for typing to pause.
        self.shown = filter_markdown(self.source, query)
        self._refilter: Timer | None = None

    def compose(self) -> ComposeResult:
        yield Input(
            self.initial_query,
            placeholder="Find in help: type words, Enter to read",
            id="help-find",
            compact=True,
        )
        with VerticalScroll(id="help-body"):
            yield Markdown(self.shown, id="help-text")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#help-body", VerticalScroll).focus()

    @on(Input.Changed, "#help-find")
    def _typed(self) -> None:
        # The help is filtered once typing pauses: drawing a long help again
        # on every key kept the keys typed from showing (one key late, on a
        # busy machine several).
        if self._refilter is not None:
            self._refilter.stop()
        self._refilter = self.set_timer(FILTER_PAUSE, self._filter)

    async def _filter(self) -> None:
        self._refilter = None
        shown = filter_markdown(self.source, self.query_one("#help-find", Input).value)
        if shown != self.shown:
            self.shown = shown
            await self.query_one("#help-text", Markdown).update(shown)
            self.query_one("#help-body", VerticalScroll).scroll_home(animate=False)

    @on(Input.Submitted, "#help-find")
    async def _read(self) -> None:
        if self._refilter is not None:
            self._refilter.stop()
        await self._filter()
        self.query_one("#help-body", VerticalScroll).focus()

    def action_find(self) -> None:
        self.query_one("#help-find", Input).focus()

    def action_close(self) -> None:
        find = self.query_one("#help-find", Input)
        if self.focused is find and find.value:
            find.value = ""
            return
        self.dismiss(None)
