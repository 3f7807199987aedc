"""The game screen's help, results and command palette, made from the
screen: the help lists the keys its footer shows now, the game's keys it
does not spell out, the picker's, and what the window's mode is; the
palette offers the shared commands and one per heading of the rules."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import TYPE_CHECKING

from ..commands import GameCommand
from .agreement import COMMAND, COMMAND_HELP, offered, propose_end
from .help import HelpScreen, filter_markdown, headings, rules_markdown, screen_keys

if TYPE_CHECKING:
    from .game_core import ScreenCore


def help_screen(screen: ScreenCore, keys: Sequence[tuple[str, str]], query: str) -> HelpScreen:
    """The game's help: the keys (the footer's now, then ``keys``), a
    section on this window when its mode has one, and the rules."""
    listed = screen_keys(screen)
    # Ctrl+Z is in the footer only where it takes something back; the help
    # lists it always (where the screen has it).
    if not any(description == "Undo" for _, description in listed) and any(
        getattr(b, "action", None) == "undo" for b in screen.BINDINGS
    ):
        listed.append(("Ctrl+Z", "Undo"))
    shown = HelpScreen(screen.game, [*listed, *keys], query=query)
    about = screen.mode.help_lines()
    if about:
        title, _, rest = shown.source.partition("\n\n")
        shown.source = f"{title}\n\n" + "\n".join(about) + f"\n\n{rest}"
        shown.shown = filter_markdown(shown.source, query)
    return shown


def game_commands(screen: ScreenCore) -> list[GameCommand]:
    """The palette's commands for the game on ``screen``."""
    commands = [
        GameCommand("Save", "Write the save file now", screen.action_save),
        GameCommand("Undo", "Take back your last move", screen.action_undo),
        GameCommand("Help", "Keys and the rules of the game", screen.action_help),
        GameCommand("Show log", "Everything that happened so far", screen.action_show_log),
        GameCommand("All actions", "Every legal action as a list", screen.action_picker),
        GameCommand("Main menu", "Leave this game (it is saved) for the menu", screen.action_menu),
    ]
    session = screen.session
    if not screen.read_only and not session.is_over:
        commands.append(
            GameCommand(
                "What would the bot do?",
                "The search's three best moves for the person deciding (?)",
                screen.action_advice,
            )
        )
        on = session.advice_on
        commands.append(
            GameCommand(
                f"Turn advice {'off' if on else 'on'}",
                "Whether this table is offered the search's advice (kept in its save)",
                screen.action_toggle_advice,
            )
        )
    if screen.has_bots:
        commands.append(
            GameCommand(
                "Bot pace",
                "How long each bot move stays in view: instant, normal, slow (F5)",
                screen.action_pace,
            )
        )
    if screen.can_skip:
        commands.append(
            GameCommand(
                "Skip to my turn", "The bots play on without pausing (F6)", screen.action_skip
            )
        )
    if offered(screen) is not None:
        commands.append(GameCommand(COMMAND, COMMAND_HELP, partial(propose_end, screen)))
    if session.is_over:
        commands.append(GameCommand("Results", "The final scores", screen.action_results))
    rules = rules_markdown(screen.game.id)
    for heading in headings(rules) if rules else []:
        commands.append(
            GameCommand(
                f"Rules: {heading}",
                "Open the rules help at this section",
                partial(screen.show_rules, heading),
            )
        )
    return commands


__all__ = ["game_commands", "help_screen"]
