"""The game screen's help, panels, results, leaving, and command palette.

A part of :class:`~boardgames_tui.ui.screens.game.GameScreen` (see
``game_core.py``): the help screen (the keys, with :data:`PICKER_KEYS`,
which the footer does not show, and the rules), the log and table panels,
the results, going back to the menu (asking first when Escape has nothing
left to close) and the commands the palette offers for the game.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from textual.widget import Widget

from ..commands import GameCommand
from ..widgets import GameLog
from .dialogs import ConfirmDialog
from .game_core import ScreenCore
from .gameover import GameOverChoice, GameOverScreen
from .help import HelpScreen, headings, rules_markdown, screen_keys

#: Keys the footer does not show, for the help screen.
PICKER_KEYS = [
    ("↑ / ↓", "Move through the actions"),
    ("Enter", "Take the highlighted action"),
    ("1 … 9", "Take the numbered action"),
    ("Tab", "Move between the panels"),
    ("Ctrl+P", "Command palette (save, undo, rules …)"),
    ("F5", "Bot pace: how long each bot move stays in view (instant, normal, slow)"),
    ("F6", "While bots play: skip to your turn (they play on without pausing)"),
    ("?", "What would the bot do? The search's three best moves for you, with why"),
]


class Menus(ScreenCore):
    """Help, the side panels, the results, the way back to the menu, and
    the palette's commands."""

    if TYPE_CHECKING:
        # Defined by the other parts of GameScreen; offered here.
        @property
        def has_bots(self) -> bool: ...
        @property
        def can_skip(self) -> bool: ...
        def action_save(self) -> None: ...
        def action_undo(self) -> None: ...
        def action_pace(self) -> None: ...
        def action_skip(self) -> None: ...
        def action_advice(self) -> None: ...
        def action_toggle_advice(self) -> None: ...

    def help_screen(self, query: str = "") -> HelpScreen:
        keys = screen_keys(self) + PICKER_KEYS
        return HelpScreen(self.game, keys, query=query)

    def action_help(self) -> None:
        self.app.push_screen(self.help_screen())

    def show_rules(self, section: str) -> None:
        self.app.push_screen(self.help_screen(query=section))

    def _toggle_panel(self, name: str) -> None:
        panel = self.part(f"#{name}", Widget)
        if panel is None:
            return
        if panel.has_focus:
            self.picker.focus()
            return
        self.set_class(name == "table", "-side-table")
        panel.focus()

    def action_log(self) -> None:
        self._toggle_panel("log")

    def action_show_log(self) -> None:
        self.set_class(False, "-side-table")
        if log := self.part("#log", GameLog):
            log.focus()

    def action_table(self) -> None:
        self._toggle_panel("table")

    def action_results(self) -> None:
        if not self.session.is_over:
            return
        self.app.push_screen(
            GameOverScreen(self.game.title, self.session.outcome()), callback=self._after_results
        )

    def _after_results(self, choice: GameOverChoice | None) -> None:
        if choice == "review":
            self.open_review()
        elif choice == "menu":
            self.call_after_refresh(self.action_menu)
        else:
            self.action_show_log()

    def open_review(self) -> None:
        """The finished game's review (``screens/review.py``) from its save;
        Esc there comes back to the results."""
        from .review import ReviewScreen

        path = self.session.path or self.watched
        if path is None or not self.session.is_over:
            self.notify("This game has no save to review.", title="No review", severity="warning")
            return
        self.app.push_screen(
            ReviewScreen(path, self.settings), callback=lambda _: self.action_results()
        )

    def action_menu(self) -> None:
        """Back to the main menu; the game is already saved (if its last
        save failed, after asking)."""
        self.confirm_leave(self._leave)

    def ask_leave(self) -> None:
        """Escape with nothing left to close: ask before leaving for the menu
        (Esc, Esc, the habit of dismissing things, no longer leaves the game
        unasked; a second Esc answers "Stay")."""

        def answered(leave: bool | None) -> None:
            if leave:
                self.action_menu()

        question = "Leave this game for the main menu? It is saved: Continue brings it back."
        self.app.push_screen(ConfirmDialog(question, yes="Leave", no="Stay"), answered)

    def _leave(self) -> None:
        self.workers.cancel_group(self, "bot")
        if self.is_current:
            # Saved already (confirm_leave): let the game go before the menu
            # shows, or it reads the save as open in another window.
            self._move_shown()
            self.release_lock()
            self.dismiss(None)

    # ------------------------------------------------------ command palette
    def game_commands(self) -> list[GameCommand]:
        commands = [
            GameCommand("Save", "Write the save file now", self.action_save),
            GameCommand("Undo", "Take back your last move", self.action_undo),
            GameCommand("Help", "Keys and the rules of the game", self.action_help),
            GameCommand("Show log", "Everything that happened so far", self.action_show_log),
            GameCommand(
                "Main menu", "Leave this game (it is saved) for the menu", self.action_menu
            ),
        ]
        if not self.read_only and not self.session.is_over:
            commands.append(
                GameCommand(
                    "What would the bot do?",
                    "The search's three best moves for the person deciding (?)",
                    self.action_advice,
                )
            )
            on = self.session.advice_on
            commands.append(
                GameCommand(
                    f"Turn advice {'off' if on else 'on'}",
                    "Whether this table is offered the search's advice (kept in its save)",
                    self.action_toggle_advice,
                )
            )
        if self.has_bots:
            commands.append(
                GameCommand(
                    "Bot pace",
                    "How long each bot move stays in view: instant, normal, slow (F5)",
                    self.action_pace,
                )
            )
        if self.can_skip:
            commands.append(
                GameCommand(
                    "Skip to my turn", "The bots play on without pausing (F6)", self.action_skip
                )
            )
        if self.session.is_over:
            commands.append(GameCommand("Results", "The final scores", self.action_results))
        rules = rules_markdown(self.game.id)
        if rules:
            for heading in headings(rules):
                commands.append(
                    GameCommand(
                        f"Rules: {heading}",
                        "Open the rules help at this section",
                        partial(self.show_rules, heading),
                    )
                )
        return commands
