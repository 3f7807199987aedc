"""The command palette on a game screen: Save, Undo, Help, Show log and one
"Rules: <section>" per heading of the game's rules help.

The provider asks the screen for its commands (``game_commands()``), so a
game's own screen adds commands by extending that list."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from textual.command import DiscoveryHit, Hit, Hits, Provider


@dataclass(frozen=True)
class GameCommand:
    name: str
    help: str
    run: Callable[[], Any]


@runtime_checkable
class HasGameCommands(Protocol):
    def game_commands(self) -> list[GameCommand]: ...


class GameCommands(Provider):
    def _commands(self) -> list[GameCommand]:
        screen = self.screen
        if isinstance(screen, HasGameCommands):
            return screen.game_commands()
        return []

    async def discover(self) -> Hits:
        for command in self._commands():
            yield DiscoveryHit(command.name, command.run, help=command.help)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for command in self._commands():
            score = matcher.match(command.name)
            if score > 0:
                yield Hit(score, matcher.highlight(command.name), command.run, help=command.help)
