"""A game in play: its state, the action log, undo, bots and autosave."""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from .bots import Bot, get_bot
from .game import (
    Action,
    Event,
    Game,
    GameState,
    IllegalAction,
    Outcome,
    Seat,
    SetupError,
    copy_state,
)
from .paths import default_saves_dir
from .printable import printable
from .registry import UnknownGame, get_game
from .save_text import KeptMoves, assemble
from .savefile import (
    FORMAT,
    VERSION,
    SaveError,
    SaveFile,
    check_replayed,
    new_save_path,
    now,
    read_move,
    read_save,
    stamp,
    write_save,
)

#: What the log adds to a move taken on the search's advice.
ADVISED = "(on advice)"


class UndoError(Exception):
    """Nothing may be undone now.  The message says why."""


@dataclass(slots=True)
class LogEntry:
    """One line of the game log: the event's text, who it concerns, and which
    action (its index in the log) produced it; -1 for what setup did.  A value,
    never changed (not declared frozen: a frozen dataclass is built several
    times slower, and replaying a save builds one per event)."""

    text: str
    seat: int | None
    action_index: int
    #: A note that moves were taken back (after action ``action_index``).
    undo: bool = False


@dataclass(frozen=True)
class UndoPlan:
    """What one undo would take back, so that a screen can ask before doing it.

    ``count`` actions go, the last ``count`` of the log (bot moves included);
    ``seats`` says who took each of them, oldest first.  ``by`` is the person
    undoing: the one deciding now, or, when a bot or nobody decides, the last
    person who acted.  ``others`` are the other people whose actions go too:
    when there are any, ``question`` asks about them ("Undo Ben's move too?"),
    and the screen should ask it first.  ``note`` is what the log will say."""

    count: int
    length: int  # how many actions the log held when this was planned
    by: int | None
    seats: tuple[int | None, ...]
    others: tuple[int, ...]
    question: str | None
    note: str


@dataclass(slots=True)
class _Step:
    """What the session remembers of each applied action (never changed)."""

    seat: int | None  # who took it
    human: bool  # a person (not a bot) took it
    barrier: bool  # hidden or random information was revealed, or hands changed


class Session:
    """The state, the action log, and everything done to them.

    Build with :meth:`new` or :meth:`load`; ``apply`` is the only way the state
    changes, and every change is autosaved when the session has a path.
    """

    def __init__(
        self,
        game: Game[Any, Any],
        seats: list[Seat],
        options: BaseModel,
        seed: int,
        *,
        path: Path | None = None,
        created: datetime | None = None,
        state: GameState | None = None,
    ) -> None:
        """``state``: a position of this game already reached (a replay's),
        taken as it is, with an empty log; by default the game is set up."""
        self.game = game
        self.seats = list(seats)
        self.options = options
        self.seed = seed
        self.path = path
        self.created = created or now()
        self.updated = self.created
        self.actions: list[Action] = []
        self.log: list[LogEntry] = []
        self._steps: list[_Step] = []
        #: Each action's part of the save file, made once (``save_text``).
        self._kept = KeptMoves()
        #: Notes in the log about what undo took back (not in the save file).
        self._undo_notes: list[LogEntry] = []
        self._bots: dict[int, Bot] = {}
        #: This position's legal actions, listed once (None: not listed yet).
        self._legal: list[Action] | None = None
        #: An action was applied with its save put off (see ``apply``).
        self.save_pending = False
        #: The actions (by index) a person took on the search's advice.
        self.advised: set[int] = set()
        #: Whether this table is offered the search's advice (a setting
        #: kept in its save).
        self.advice_on = True
        self.state: GameState = self._fresh_state() if state is None else state

    def _fresh_state(self) -> GameState:
        """The state after setup, with setup's own events starting the log
        (moved out of the state, so that it never travels with copies)."""
        state: GameState = self.game.setup(self.seats, self.options, self.seed)
        self.log = [LogEntry(e.text, e.seat, -1) for e in state.opening]
        state.opening = []
        self._legal = None
        return state

    # ------------------------------------------------------------ building
    @classmethod
    def new(
        cls,
        game_id: str,
        seats: list[Seat],
        options: BaseModel | dict[str, Any] | None = None,
        seed: int | None = None,
        *,
        saves_dir: Path | None = None,
        autosave: bool = True,
    ) -> Session:
        """A new game.  Raises UnknownGame or SetupError with a player's sentence."""
        game = get_game(game_id)
        opts = game.options(options)
        if seed is None:
            seed = secrets.randbits(48)
        path = None
        if autosave:
            path = new_save_path(saves_dir or default_saves_dir(), game.id)
        session = cls(game, seats, opts, seed, path=path)
        session._autosave()
        return session

    @classmethod
    def load(
        cls, path: Path, *, on_step: Callable[[int, Session], object] | None = None
    ) -> Session:
        """Load, validate and replay a save; raises SaveError, never touches the file.

        ``on_step(count, session)`` is called after setup (count 0) and
        after each action replayed, with the session being loaded (a replay
        keeps some of its states); it reads the session and changes nothing."""
        save = read_save(path)
        name = printable(path.name)
        try:
            game = get_game(save.game)
        except UnknownGame:
            raise SaveError(
                f"{name} is a game this version does not know ({save.game!r})."
            ) from None
        try:
            options = game.options(game.saved_options(save.options))
            session = cls(game, save.seats, options, save.seed, path=path, created=save.created)
        except SetupError as exc:
            raise SaveError(f"{name} has settings the game refuses: {exc}") from None
        except Exception as exc:  # a hand-edited file can upset setup in any way
            raise SaveError(f"{name} cannot be set up again: {exc}.") from None
        if any(index >= len(save.actions) for index in save.advised):
            raise SaveError(
                f"{name} is damaged: it marks a move it does not hold as taken on advice."
            )
        session.advised = set(save.advised)
        session.advice_on = save.advice
        if on_step is not None:
            on_step(0, session)
        actions: list[Action] = []  # each read as it is replayed: the first bad one stops
        for number, data in enumerate(save.actions, start=1):
            actions.append(action := read_move(game, data, name, number))
            try:
                session._apply(action)
                if on_step is not None:
                    on_step(number, session)
            except IllegalAction as exc:
                raise SaveError(
                    f"{name} does not replay: move {number} is not allowed ({exc})."
                ) from None
            except Exception as exc:
                raise SaveError(f"{name} does not replay: move {number} fails ({exc}).") from None
        written = check_replayed(name, game, save, session.state, actions, session.is_over)
        session._kept.made(session.actions, written)
        session.updated = save.updated
        return session

    # ------------------------------------------------------------- queries
    @property
    def game_id(self) -> str:
        return self.game.id

    @property
    def to_act(self) -> int | None:
        return self.game.to_act(self.state)

    @property
    def is_over(self) -> bool:
        return bool(self.game.is_over(self.state))

    @property
    def bot_to_act(self) -> bool:
        seat = self.to_act
        return seat is not None and self.seats[seat].is_bot

    def legal_actions(self) -> list[Action]:
        """The deciding seat's legal actions, listed once per position."""
        return list(self._legal_now())

    def _legal_now(self) -> list[Action]:
        if self._legal is None:
            self._legal = (
                [] if self.game.is_over(self.state) else self.game.legal_actions(self.state)
            )
        return self._legal

    def describe(self, action: Action) -> str:
        return self.game.describe(self.state, action)

    def prompt(self) -> str:
        return self.game.prompt(self.state)

    def progress(self) -> str:
        return self.game.progress(self.state)

    def outcome(self) -> Outcome:
        return self.game.outcome(self.state)

    def view(self, seat: int | None) -> GameState:
        seen: GameState = self.game.view(self.state, seat)
        return seen

    # -------------------------------------------------------------- acting
    def apply(self, action: Action, *, save: bool = True, advised: bool = False) -> list[Event]:
        """Apply an action for the seat to act; raises IllegalAction (nothing changes).

        ``advised``: a person took it on the search's advice (the log says so).

        The game is autosaved at once, or, with ``save=False``, when
        :meth:`save_now` is called: a screen shows the move first and writes
        it straight after (the write waits for the disk, about as long as a
        whole frame), and calls ``save_now`` before anything else reads or
        leaves the game."""
        if advised:
            self.advised.add(len(self.actions))
        try:
            events = self._apply(action)
        except BaseException:
            self.advised.discard(len(self.actions))
            raise
        if save:
            self._autosave()
        elif self.path is not None:
            self.save_pending = True
        return events

    def save_now(self) -> bool:
        """Write the save an ``apply(..., save=False)`` put off, if any; raises
        SaveError (the move stands, still to be saved).  True if it wrote."""
        if not self.save_pending:
            return False
        if self.path is None:  # the save file was taken away (a watching window)
            self.save_pending = False
            return False
        self.save()
        return True

    def follow(self, actions: list[Action], updated: datetime) -> None:
        """Play ``actions`` that another window wrote to this game's save
        (sitting at other seats), as loading would: nothing is saved."""
        for action in actions:
            self._apply(action)
        self.updated = updated

    def _apply(self, action: Action) -> list[Event]:
        seat = self.to_act
        rng_before = self.state.rng.state
        index = len(self.actions)
        # A move on advice that the log would not mention (it changes
        # nothing the log tells, as a trade put together step by step):
        # the line that marks it says what it was.  Words taken before
        # the move, as the picker offered it; in an open game only, since
        # a hidden-hand game's words for a move may name a card in a hand.
        words = (
            self.game.describe(self.state, action)
            if index in self.advised and not self.game.hidden_information
            else None
        )
        events = self.game.apply(self.state, action, self._legal_now())
        self._legal = None
        barrier = self._is_barrier(seat, rng_before, events, self.state)
        human = seat is None or self.seats[seat].bot is None
        self.actions.append(action)
        self._steps.append(_Step(seat, human, barrier))
        entries = [LogEntry(e.text, e.seat, index) for e in events]
        if index in self.advised:
            if entries:
                first = entries[0]
                entries[0] = LogEntry(f"{first.text} {ADVISED}", first.seat, index)
            elif words:
                entries = [LogEntry(f"{self._name(seat)}: {words} {ADVISED}", seat, index)]
            else:
                entries = [LogEntry(f"{self._name(seat)} moved {ADVISED}.", seat, index)]
        self.log += entries
        return events

    def _is_barrier(
        self, seat: int | None, rng_before: object, events: list[Event], after: GameState
    ) -> bool:
        """Whether a step just taken may not be undone across: it rolled,
        drew or revealed, or (hidden hands) passed the game to another seat."""
        if after.rng.state != rng_before or any(e.reveals for e in events):
            return True
        if self.game.hidden_information:
            nxt = self.game.to_act(after)
            return nxt is not None and nxt != seat
        return False

    def closes_undo(self, action: Action) -> bool:
        """Whether taking ``action`` now could not be undone (it draws, rolls,
        reveals or hands the game over): tried on a copy, nothing changes.
        The answer is the same undo gives after the move, so a screen may ask
        before such a move rather than refuse to undo it after."""
        trial = copy_state(self.state)
        seat = self.to_act
        rng_before = trial.rng.state
        try:
            events = self.game.apply(trial, action, self._legal_now())
        except IllegalAction:
            return False
        return self._is_barrier(seat, rng_before, events, trial)

    def bot(self, seat: int) -> Bot:
        if seat not in self._bots:
            name = self.seats[seat].bot
            if name is None:
                raise ValueError(f"{self.seats[seat].name} is not a bot")
            self._bots[seat] = get_bot(name, seed=self.seed * 31 + seat, game=self.game)
        return self._bots[seat]

    def choose_bot_action(self) -> Action:
        """The bot's choice for the seat to act (not applied).  Safe in a thread:
        it reads a copy of the state."""
        seat = self.to_act
        if seat is None or not self.seats[seat].is_bot:
            raise ValueError("no bot is to act")
        return self.bot(seat).choose(self.game, copy_state(self.state), self.legal_actions())

    def play_bot(self) -> tuple[Action, list[Event]]:
        action = self.choose_bot_action()
        return action, self.apply(action)

    # ---------------------------------------------------------------- undo
    # Undo takes back the last action of the person deciding now; reaching it
    # may take back another person's actions too, which the screen asks about
    # first (UndoPlan.question).  It never goes back across a step that
    # revealed something hidden or random, nor, in a game with hidden hands,
    # across a change of player (both are "barriers").
    def recap(self, seat: int) -> list[LogEntry]:
        """What happened since ``seat`` last acted: the log's lines of the
        actions taken after its last one (all of them if it has not acted
        yet), undo notes included, oldest first.  The log is public, so a
        recap is too."""
        last = max((i for i, step in enumerate(self._steps) if step.seat == seat), default=-1)
        return [entry for entry in self.log if entry.action_index > last]

    def undo_plan(self) -> UndoPlan:
        """What :meth:`undo` would take back now; raises UndoError with the
        reason when nothing may be undone."""
        if not self.actions:
            raise UndoError("Nothing to undo yet.")
        reachable: list[int] = []  # action indices undo may reach, newest first
        blocked = False
        for index in range(len(self._steps) - 1, -1, -1):
            if self._steps[index].barrier:
                blocked = True
                break
            reachable.append(index)
        people = [i for i in reachable if self._steps[i].human]
        if not people:
            if blocked:
                raise UndoError(
                    "Can't undo: something hidden or random has been revealed since (a draw, a roll or a hand-off)."
                )
            raise UndoError("Nothing of yours to undo.")
        decider = self.to_act
        if decider is not None and self.seats[decider].is_bot:
            decider = None
        own = [i for i in people if self._steps[i].seat == decider] if decider is not None else []
        target = own[0] if own else people[0]
        by = decider if decider is not None else self._steps[target].seat
        seats = tuple(step.seat for step in self._steps[target:])
        others: list[int] = []
        for step in reversed(self._steps[target:]):
            if step.human and step.seat is not None and step.seat != by and step.seat not in others:
                others.append(step.seat)
        count = len(self.actions) - target
        return UndoPlan(
            count=count,
            length=len(self.actions),
            by=by,
            seats=seats,
            others=tuple(others),
            question=self._undo_question(by, seats, others),
            note=self._undo_note(by, target),
        )

    def _name(self, seat: int | None) -> str:
        return self.seats[seat].name if seat is not None else "The game"

    def _undo_question(
        self, by: int | None, seats: tuple[int | None, ...], others: list[int]
    ) -> str | None:
        """ "Undo Ben's move too?" when other people's actions would go."""
        if not others:
            return None
        parts = []
        for seat in others:
            moves = sum(1 for s in seats if s == seat)
            parts.append(f"{self._name(seat)}'s " + ("move" if moves == 1 else f"{moves} moves"))
        whose = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
        too = " too" if by in seats else ""
        return f"Undo {whose}{too}?"

    def _undo_note(self, by: int | None, target: int) -> str:
        """The log's line: who undid what.  In an open game, the moves
        themselves, newest first, in the log's words.  In a game with
        hidden hands, only who took back how many: the line is read by
        every seat (the log, the next hand-off's recap), and a taken-back
        move's words may name a card that goes back into a hand (a card
        spent, played or revealed); even its kind may tell what the hand
        holds (an overwork needs a card of the clearing's suit, a craft
        the card crafted).  What was public before the move is all the
        line may say, and nobody else saw the move: undo never crosses a
        hand-off there."""
        count = len(self.actions) - target
        moves = []
        if not self.game.hidden_information:
            texts: dict[int, list[str]] = {}
            for entry in self.log:
                if entry.action_index >= target and not entry.undo:
                    texts.setdefault(entry.action_index, []).append(entry.text)
            for index in range(len(self.actions) - 1, target - 1, -1):
                said = " ".join(texts.get(index, [])).strip()
                moves.append(said or f"{self._name(self._steps[index].seat)}'s move")
        what = "a move" if count == 1 else f"{count} moves"
        movers = [self._steps[index].seat for index in range(target, len(self.actions))]
        if by not in movers:
            # Only others' moves go: say whose, so the line is not read as
            # the asker taking back a move of their own.
            names = list(dict.fromkeys(self._name(seat) for seat in movers))
            whose = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
            what = (
                f"{whose}'s {what.removeprefix('a ')}" if len(names) == 1 else f"{what} of {whose}"
            )
        if not moves:
            return f"{self._name(by)} took back {what}."
        return f"{self._name(by)} took back {what}: " + " / ".join(moves)

    def can_undo(self) -> bool:
        try:
            self.undo_plan()
        except UndoError:
            return False
        return True

    def undo(self, plan: UndoPlan | None = None) -> int:
        """Carry out ``plan`` (default: :meth:`undo_plan` now) by replaying the
        log without its last ``plan.count`` actions, and note in the log what
        was taken back.  Raises UndoError if the game has moved on since the
        plan was made.  Returns how many actions were removed."""
        if plan is None:
            plan = self.undo_plan()
        elif plan.length != len(self.actions) or plan != self.undo_plan():
            raise UndoError("The game has moved on since; undo again if you still want to.")
        kept = self.actions[: len(self.actions) - plan.count]
        self.actions, self._steps = [], []
        self.state = self._fresh_state()
        for action in kept:
            self._apply(action)
        last = len(kept) - 1
        self.advised = {i for i in self.advised if i <= last}
        self._undo_notes = [n for n in self._undo_notes if n.action_index <= last]
        self._undo_notes.append(LogEntry(plan.note, plan.by, last, undo=True))
        self._restore_notes()
        self._autosave()
        return plan.count

    def _restore_notes(self) -> None:
        """Put the undo notes back into the replayed log, each after the
        events of the action it follows."""
        log: list[LogEntry] = []
        notes = sorted(self._undo_notes, key=lambda n: n.action_index)
        for entry in self.log:
            while notes and notes[0].action_index < entry.action_index:
                log.append(notes.pop(0))
            log.append(entry)
        log.extend(notes)
        self.log = log

    # --------------------------------------------------------------- saves
    def to_save(self) -> SaveFile:
        """The save's content, every action dumped again (what ``save_text``
        makes from kept parts)."""
        return self._save_file([self.game.dump_action(a) for a in self.actions])

    def _save_file(self, actions: list[dict[str, Any]]) -> SaveFile:
        return SaveFile(
            format=FORMAT,
            version=VERSION,
            game=self.game.id,
            seats=self.seats,
            options=self.options.model_dump(mode="json"),
            seed=self.seed,
            actions=actions,
            state=self.game.dump_state(self.state),
            created=self.created,
            updated=self.updated,
            progress=self.progress() if not self.is_over else "Finished",
            finished=self.is_over,
            advised=sorted(self.advised),
            advice=self.advice_on,
        )

    def save_text(self) -> str:
        """The save file's text: ``to_save().model_dump_json(indent=1)``,
        byte for byte, but each action's part made once and kept."""
        head = self._save_file([]).model_dump_json(indent=1)
        return assemble(head, self._kept.texts(self.game, self.actions))

    def saved_moves(self) -> Sequence[dict[str, Any]]:
        """The log as the save holds it (each action's JSON data), kept:
        to be read, never changed."""
        return self._kept.data(self.game, self.actions)

    def save(self, path: Path | None = None) -> Path:
        """Write the save (atomically) to ``path`` or the session's own path."""
        target = path or self.path
        if target is None:
            raise SaveError("This game has no save file; give a path.")
        self.updated = stamp(self.created)
        write_save(target, self.save_text())
        if self.path is None:
            self.path = target
        if target == self.path:
            self.save_pending = False
        return target

    def _autosave(self) -> None:
        if self.path is not None:
            self.save()
