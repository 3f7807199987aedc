"""A saved game replayed move by move, read-only.

:meth:`Replay.open` reads a save (finished or not) the way loading does,
with the same one-sentence refusal for a damaged file, but never takes its
lock and never writes it: a window may be playing the game meanwhile.
:meth:`Replay.at` gives the game as it stood after any number of its
actions, as a :class:`ReplaySession` (a session with no save file that
refuses every change), built from the nearest state kept on the way
(every :data:`KEEP_EVERY` actions) and the actions after it.

A turn is the game's own: its search profile's ``turn_of`` (the round and
the seat to act, a count of turns begun), else the seat to act;
:meth:`Replay.turn_starts` lists the positions where one begins.

Whose view a replay shows is its rule too, from the game's contract
(:meth:`Replay.views`): a replay cannot know who is looking, and a game not
over may be going on in another window, so an unfinished game with hidden
hands is replayed as the whole table saw it (:data:`NO_HAND`), never from
a seat's side; a finished one may show any seat's hand, or every hand
(:data:`EVERY_HAND`).  A position's session keeps to the view it was made
for, whichever seat its ``view`` is asked for.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from pathlib import Path
from typing import Any

from .bots.profile import profile_of
from .game import Action, Event, Game, GameState, IllegalAction, copy_state
from .savefile import SaveError
from .session import Session, UndoError, UndoPlan

#: A replay keeps the state after every this many actions.
KEEP_EVERY = 16
#: Whose view a replay shows, besides a seat's (its number): only what the
#: whole table saw, and (a finished game) every hand open.
NO_HAND = -1
EVERY_HAND = -2


class ReplaySession(Session):
    """One position of a replay: the game after its first ``count``
    actions, with their log.  It has no save file and refuses to change:
    moves, undo and saving raise.  ``shown`` is the view it was made for (a
    seat, :data:`NO_HAND` or :data:`EVERY_HAND`, one of
    :meth:`Replay.views`): its ``view`` is that seat's whichever seat is
    asked for (another seat gets what the whole table saw), or with every
    hand open the whole state."""

    def __init__(
        self, source: Session, count: int, state: GameState, *, shown: int = NO_HAND
    ) -> None:
        super().__init__(
            source.game,
            source.seats,
            source.options,
            source.seed,
            created=source.created,
            state=state,
        )
        self.updated = source.updated
        self.shown = shown
        self.actions = source.actions[:count]
        self.log = [entry for entry in source.log if entry.action_index < count]
        self._steps = source._steps[:count]

    @property
    def open_hands(self) -> bool:
        """Every hand is shown (a finished game's replay)."""
        return self.shown == EVERY_HAND

    def view(self, seat: int | None) -> GameState:
        if self.open_hands:
            return self.state
        return super().view(seat if seat == self.shown else None)

    def apply(self, action: Action, *, save: bool = True, advised: bool = False) -> list[Event]:
        raise IllegalAction("This is a replay: no move can be made in it.")

    def undo(self, plan: UndoPlan | None = None) -> int:
        raise UndoError("This is a replay: nothing can be undone in it.")

    def save(self, path: Path | None = None) -> Path:
        raise SaveError("This is a replay: it is never saved.")


def turn_key(game: Game[Any, Any], state: GameState) -> Hashable:
    """Which turn ``state`` is in: the game's search profile's ``turn_of``,
    else the seat to act."""
    key = profile_of(game).turn_of(state)
    return game.to_act(state) if key is None else key


class Replay:
    """A saved game to step through.  Build with :meth:`open`."""

    def __init__(self, source: Session, kept: dict[int, GameState], turns: Sequence[int]) -> None:
        self.source = source
        self._kept = kept
        self._turns = list(turns)
        #: The last position built, to step on from it.
        self._last: tuple[int, GameState] | None = None

    @classmethod
    def open(cls, path: Path) -> Replay:
        """Read and check the save at ``path`` as loading does (raises
        SaveError with the same sentence); nothing is written, no lock taken."""
        kept: dict[int, GameState] = {}
        turns: list[int] = []
        last: list[Hashable] = []

        def step(count: int, session: Session) -> None:
            state = session.state
            if count % KEEP_EVERY == 0:
                kept[count] = copy_state(state)
            key = turn_key(session.game, state)
            if not last or key != last[0]:
                turns.append(count)
                last[:] = [key]

        source = Session.load(path, on_step=step)
        source.path = None  # never written, whatever is asked of it
        return cls(source, kept, turns)

    # ------------------------------------------------------------ queries
    @property
    def game(self) -> Game[Any, Any]:
        return self.source.game

    @property
    def length(self) -> int:
        """How many actions the game has."""
        return len(self.source.actions)

    @property
    def finished(self) -> bool:
        return self.source.is_over

    def views(self) -> list[int]:
        """The views this replay may show, the first the one it opens with:
        in an open game, the one view every seat has (:data:`NO_HAND`: no
        hand hides anything); with hidden hands, while the game is not over,
        only what the whole table saw (:data:`NO_HAND`: a replay cannot
        know who is looking, and the game may be going on elsewhere); once
        it is over, every hand (:data:`EVERY_HAND`), any seat's, or none."""
        if not self.game.hidden_information or not self.finished:
            return [NO_HAND]
        return [EVERY_HAND, *range(len(self.source.seats)), NO_HAND]

    def turn_starts(self) -> list[int]:
        """The positions (action counts) where a turn begins, 0 first."""
        return list(self._turns)

    def next_turn(self, count: int) -> int:
        """Where the turn after the one at ``count`` begins (the end if none)."""
        return next((t for t in self._turns if t > count), self.length)

    def previous_turn(self, count: int) -> int:
        """Where the turn at ``count`` begins, or the one before when
        ``count`` is its first position."""
        return max((t for t in self._turns if t < count), default=0)

    # ----------------------------------------------------------- positions
    def state_at(self, count: int) -> GameState:
        """A new copy of the state after the first ``count`` actions."""
        if not 0 <= count <= self.length:
            raise ValueError(f"a replay of {self.length} actions has no position {count}")
        base = max(k for k in self._kept if k <= count)
        start = self._kept[base]
        last = self._last
        if last is not None and base <= last[0] <= count:
            base, start = last
        state = copy_state(start)
        game = self.game
        for action in self.source.actions[base:count]:
            game.apply(state, action)
        self._last = (count, copy_state(state))
        return state

    def at(self, count: int, *, shown: int = NO_HAND) -> ReplaySession:
        """The game as it stood after its first ``count`` actions, seen as
        ``shown`` says (one of :meth:`views`; raises ValueError for another:
        a seat's hand or every hand, in a hidden-hand game not over)."""
        if shown not in self.views():
            if shown == EVERY_HAND or self.game.hidden_information:
                raise ValueError(
                    "a replay shows a hand only once the game is finished: "
                    "until then, only what the whole table saw"
                )
            raise ValueError(f"this replay has no view {shown}")
        return ReplaySession(self.source, count, self.state_at(count), shown=shown)
