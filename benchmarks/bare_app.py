"""The baseline for the screen benchmarks: a bare Textual app (Header, a
Static, Footer) that redraws its Static on Enter.  It draws ``READY`` once up."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.widgets import Footer, Header, Static


class BareApp(App[None]):
    BINDINGS = [Binding("enter", "count", "Count"), Binding("ctrl+q", "quit", "Quit")]

    def __init__(self) -> None:
        super().__init__()
        self.count = 0

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("READY 0", id="text")
        yield Footer()

    def action_count(self) -> None:
        self.count += 1
        self.query_one("#text", Static).update(f"READY {self.count}")


if __name__ == "__main__":
    BareApp().run()
