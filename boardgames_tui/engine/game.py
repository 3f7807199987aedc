"""The Game contract every game implements.

The shape follows OpenSpiel's ``State`` and boardgame.io's game objects: a game is
a set of pure-ish functions over a state made of plain slotted dataclasses (see
:mod:`.data`).  ``apply`` changes the state in place and returns events for the
log; everything random comes from the state's own
:class:`~boardgames_tui.engine.rng.Rng`.  Pydantic checks what enters the
program: options, a save file's state and actions.

A decision with several steps is a chain of single choices: the state carries
whatever is pending, and ``legal_actions`` answers for it, so a screen or a bot
never composes a move the engine has not offered.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import field
from typing import Any, ClassVar, Generic, TypeVar

from pydantic import BaseModel, ConfigDict, Field, GetCoreSchemaHandler, ValidationError
from pydantic_core import core_schema

from .data import NO_CLONE, action_data, clone, from_json, state_data, to_json
from .rng import Rng


class IllegalAction(Exception):
    """An action the rules do not allow now.  The message is for a player."""


class SetupError(ValueError):
    """Seats or options a game cannot be set up with.  The message is for a player."""


class Seat(BaseModel):
    """A place at the table: who sits there, and which bot plays it (None: a person)."""

    model_config = ConfigDict(frozen=True)

    name: str
    bot: str | None = None

    @property
    def is_bot(self) -> bool:
        return self.bot is not None


@action_data
class Action:
    """Base of every game's actions.  Each game declares subclasses with
    ``@action_data`` and a ``kind: Literal[...]`` field, and lists them in a
    discriminated union (``action_type``) that pydantic validates saves with."""

    kind: str


class Event:
    """What happened, for the game log.

    ``text`` is the sentence, or a function that makes it when it is first
    read (:attr:`text`): the loops that never read the log (a bot's
    playouts, the arena, ``simulate``) then build no words.  Such a
    function reads only values fixed when the event was made (numbers,
    names, the map), never the state, which has moved on by the time the
    log, a save or a replay reads it: the words are the same whenever they
    are read.

    ``reveals`` marks an event that showed hidden information (a card turned
    from a deck, a hand dealt); the session will not undo across it.  Draws from
    the state's RNG are detected by the session itself.

    A value that is made, read and never changed; compared by its words,
    seat and ``reveals``.  Not a frozen dataclass: one is built several
    times slower, and every action of every simulated game builds some.
    """

    __slots__ = ("_text", "seat", "reveals")

    def __init__(
        self, *, text: str | Callable[[], str], seat: int | None = None, reveals: bool = False
    ) -> None:
        self._text = text
        self.seat = seat
        self.reveals = reveals

    @property
    def text(self) -> str:
        """The sentence (made now, and kept, when it was given as a function)."""
        text = self._text
        if isinstance(text, str):
            return text
        made = self._text = text()
        return made

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Event)
        return (self.text, self.seat, self.reveals) == (other.text, other.seat, other.reveals)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Event(text={self.text!r}, seat={self.seat!r}, reveals={self.reveals!r})"

    @classmethod
    def __get_pydantic_core_schema__(
        cls, source: Any, handler: GetCoreSchemaHandler
    ) -> core_schema.CoreSchema:
        """Validated from and written as its three fields (the words made)."""
        fields = core_schema.typed_dict_schema(
            {
                "text": core_schema.typed_dict_field(core_schema.str_schema()),
                "seat": core_schema.typed_dict_field(
                    core_schema.nullable_schema(core_schema.int_schema()), required=False
                ),
                "reveals": core_schema.typed_dict_field(core_schema.bool_schema(), required=False),
            }
        )
        made = core_schema.no_info_after_validator_function(lambda d: cls(**d), fields)
        return core_schema.json_or_python_schema(
            json_schema=made,
            python_schema=core_schema.union_schema([core_schema.is_instance_schema(cls), made]),
            serialization=core_schema.plain_serializer_function_ser_schema(
                lambda e: {"text": e.text, "seat": e.seat, "reveals": e.reveals}
            ),
        )


class SeatResult(BaseModel):
    seat: int
    name: str
    score: int
    breakdown: dict[str, int] = Field(default_factory=dict)
    rank: int = 1


class Outcome(BaseModel):
    """The end of a game: every seat's score with its breakdown, the ranking
    (seat indices, best first, with the rulebook's tie-breakers applied), the
    winners (several on a shared victory, none when everybody loses) and a
    sentence summing it up; ``agreed`` when the table ended it by agreement
    (``engine/agreement.py``: no winner, ranked by points)."""

    results: list[SeatResult]
    ranking: list[int]
    winners: list[int]
    summary: str = ""
    agreed: bool = False


@state_data
class GameState:
    """Fields every game state has.  A game's own state subclasses this with
    ``@state_data`` (its parts too): plain slotted dataclasses, cheap to read,
    change and copy; pydantic validates them when a save is loaded.

    ``opening`` holds what setup did that players should read in the log (the
    first draws, a dealt market).  The session moves it into its log and empties
    it; a copy never carries it.
    """

    seats: list[Seat]
    rng: Rng
    opening: list[Event] = field(default_factory=list, compare=False, metadata=NO_CLONE)


S = TypeVar("S", bound=GameState)
A = TypeVar("A", bound=Action)


def offered(action: Action, legal: Sequence[Action]) -> bool:
    """Whether ``action`` is in ``legal``: found by identity first (a bot or
    a screen picks the very object the list holds), then by equality among
    the actions of its class (a replayed save's actions are new objects),
    and only then by plain equality with every action."""
    for item in legal:
        if item is action:
            return True
    cls = action.__class__
    for item in legal:
        if item.__class__ is cls and item == action:
            return True
    return action in legal


def copy_state(state: S) -> S:
    """An independent, equal copy of a state (without the opening events)."""
    return clone(state)


class Game(ABC, Generic[S, A]):
    """One game's rules.  Subclasses set the class attributes and implement the
    abstract methods; ``apply`` checks legality before calling ``perform``."""

    id: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    #: The game's options: a pydantic model whose every field has a default.
    Options: ClassVar[type[BaseModel]]
    #: The concrete state model, for loading snapshots.
    State: ClassVar[type[GameState]]
    #: The action type: usually ``Annotated[A1 | A2 | ..., Field(discriminator="kind")]``.
    action_type: ClassVar[Any]
    #: True when seats hold information the others may not see (hands).
    hidden_information: ClassVar[bool] = False

    # ----------------------------------------------------------------- setup
    def options(self, options: BaseModel | dict[str, Any] | None = None) -> BaseModel:
        """The game's Options model from a model, a dict or nothing (defaults)."""
        if options is None:
            return self.Options()
        if isinstance(options, self.Options):
            return options
        if isinstance(options, BaseModel):
            options = options.model_dump()
        try:
            return self.Options.model_validate(options)
        except ValidationError as exc:
            first = exc.errors()[0]
            where = ".".join(str(p) for p in first["loc"]) or "options"
            raise SetupError(f"Option {where}: {first['msg']}.") from None

    def saved_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """A save's options as this version reads them, before they are
        validated.  A game whose rules changed since a save was written can
        mark the older save's options here (by an option it could not have
        held), so that the save replays under the rules it was played by; a
        game whose option's default changed says what a save that does not
        record the option was played with.  By default, the options as they
        are."""
        return options

    def saved_state(self, state: Any) -> Any:
        """A save's state snapshot (JSON data) as this version reads it,
        before it is validated and compared with the replayed game: a game
        whose state changed shape since a save was written brings the older
        shape up to date here.  By default, the snapshot as it is."""
        return state

    def seat_sides(self, options: BaseModel, seats: int) -> list[str]:
        """The side each seat plays, in a word ("Duchy"), for games whose
        seats have sides (Root's factions), from the options alone: the save
        lists name them beside the players.  Empty words by default."""
        return [""] * seats

    def check_seats(self, seats: list[Seat]) -> None:
        n = len(seats)
        if not self.min_players <= n <= self.max_players:
            if self.min_players == self.max_players:
                need = f"{self.min_players}"
            else:
                need = f"{self.min_players} to {self.max_players}"
            raise SetupError(f"{self.title} is for {need} players, not {n}.")
        names = [s.name.strip() for s in seats]
        if any(not name for name in names):
            raise SetupError("Every seat needs a name.")
        if len(set(names)) != len(names):
            raise SetupError("Two seats have the same name.")

    @abstractmethod
    def setup(
        self,
        seats: list[Seat],
        options: BaseModel | dict[str, Any] | None = None,
        seed: int = 0,
    ) -> S:
        """A new game.  Implementations start with ``check_seats`` and ``options``."""

    # ------------------------------------------------------------------ play
    @abstractmethod
    def legal_actions(self, state: S) -> list[A]:
        """Every action the deciding seat may take now; never empty while running."""

    def next_actions(self, state: S) -> list[A]:
        """:meth:`legal_actions` of a state that nothing but :meth:`perform`
        (or :meth:`apply`) has changed since it was made, loaded or copied:
        the loops that own their state (a bot's playouts, the arena and
        ``simulate``) ask this, and a game may answer from what its last
        ``perform`` found out about the position (Root keeps the list it
        made to see that a step could not end by itself).  Never for a state
        changed by hand (a test's position): ask :meth:`legal_actions`."""
        return self.legal_actions(state)

    @abstractmethod
    def perform(self, state: S, action: A) -> list[Event]:
        """Carry out an action already known to be legal."""

    def check(self, state: S, action: A) -> None:
        """Raise IllegalAction unless the action is legal now.  Games may override
        this for sharper messages or when listing every action is costly."""
        if action not in self.legal_actions(state):
            raise IllegalAction(f"That is not allowed now: {self.describe(state, action)}.")

    def apply(self, state: S, action: A, legal: Sequence[A] | None = None) -> list[Event]:
        """Check the action, then change the state in place; return the events.

        ``legal`` is this position's ``legal_actions`` when the caller already
        holds them (a session, a bot): an action found in that list needs no
        other check; any other goes to :meth:`check`, which has the last word
        (a game may accept forms its list does not offer, such as old saves')."""
        if self.is_over(state):
            raise IllegalAction("The game is over.")
        if legal is None or not offered(action, legal):
            self.check(state, action)
        return self.perform(state, action)

    def lookahead_values(
        self, state: S, seat: int, actions: Sequence[A], luck: int | None = None
    ) -> list[float]:
        """How ``seat`` stands (:meth:`evaluate`) after each of ``actions``,
        each played on its own copy of ``state``; ``-inf`` for an action
        :meth:`perform` refuses.  What a bot looking one action ahead
        compares; ``state`` is left as it was.  Each copy's generator starts
        from ``luck`` (a bot's own draw, so that it learns nothing of the
        game's dice), or with None is a copy of ``state``'s.

        A game may override this with a quicker way to the very same
        numbers (a narrower copy, an evaluation that reuses the parts of
        ``state`` an action leaves alone), never with different ones."""
        values: list[float] = []
        for action in actions:
            trial = copy_state(state)
            if luck is not None:
                trial.rng = Rng.from_seed(luck)
            try:
                self.perform(trial, action)
            except IllegalAction:
                values.append(float("-inf"))
                continue
            values.append(self.evaluate(trial, seat))
        return values

    @abstractmethod
    def to_act(self, state: S) -> int | None:
        """The index of the seat that decides now, or None when the game is over."""

    def actor(self, state: S, action: A) -> int | None:
        """The seat that makes ``action`` now: the seat to act, unless the
        game lets another seat step in (Underwing's trade offers, which any
        person may open while the game waits for another).  A window sitting
        at some seats only (``engine/seating.py``) makes only its seats'."""
        return self.to_act(state)

    @abstractmethod
    def is_over(self, state: S) -> bool: ...

    def agreement(self, state: S, seat: int) -> A | None:
        """The action by which ``seat`` proposes now to end the game by
        agreement (``engine/agreement.py``), carried out once the table has
        agreed; None when it may not (by default: the game has no end by
        agreement).  ``apply`` accepts it though no list offers it."""
        return None

    def bots_agree(self, state: S) -> bool:
        """Whether the game's bots accept, here, a proposal to end the game
        by agreement (and, every seat a bot, propose it): the game's own
        test of a position where play has stopped for good.  Asked before
        every bot's choice: it must be quick.  By default, never."""
        return False

    @abstractmethod
    def outcome(self, state: S) -> Outcome: ...

    def evaluate(self, state: S, seat: int) -> float:
        """How well ``seat`` stands now, higher is better; used by bots.

        The default is the seat's score in ``outcome(state)`` minus the best
        other seat's score (every game here can score a game in progress).
        Games override it with something cheaper or sharper; it must stay pure
        and quick, since a bot calls it once per legal action."""
        scores = {r.seat: r.score for r in self.outcome(state).results}
        others = [score for other, score in scores.items() if other != seat]
        return float(scores.get(seat, 0) - (max(others) if others else 0))

    #: How the search bots play this game: their parameters and hooks, an
    #: ``engine.bots.profile.SearchProfile`` declared beside the game's
    #: bots (None: the search's defaults).  Typed as ``object`` here: the
    #: contract does not know the search, whose module reads this through
    #: ``profile_of`` (and refuses anything but a profile).
    search_profile: ClassVar[object] = None
    #: For a game one person plays alone: the titles its rulebook gives a
    #: final score, as (least score, title) from the lowest; ``simulate``
    #: with one player counts the games that earned each.  Empty: none.
    solo_titles: ClassVar[tuple[tuple[int, str], ...]] = ()

    def determinize(self, view: S, seat: int, rng: Rng) -> S:
        """A full state consistent with what ``seat`` sees in ``view``, drawn
        with ``rng``: hidden cards dealt from the unseen ones, face-down decks
        shuffled, and a new random generator for the dice and draws to come.
        Search bots play their simulations on these.

        The result must depend only on what ``seat`` may see (the same view
        and the same ``rng`` give the same state), so an unseen card's order in
        ``view`` must not matter.  An open-information game whose decks are
        all face up needs only the default, which copies the view and gives it
        a generator drawn from ``rng``; a game with face-down decks or hidden
        hands overrides it."""
        if self.hidden_information:
            raise TypeError(f"{self.title} hides information: it must define its own determinize()")
        state = copy_state(view)
        state.rng = Rng.from_seed(rng.next_u64())
        return state

    def own_bots(self) -> dict[str, type[Any]]:
        """Bots written for this game alone (name -> a ``engine.bots.Bot``
        subclass), offered beside the generic ones."""
        return {}

    def view(self, state: S, seat: int | None) -> S:
        """The state as ``seat`` may see it, to be read and never changed.

        An open-information game shows everything: the state itself, no copy.
        A game with ``hidden_information`` overrides this with a copy in which
        what ``seat`` may not see is hidden."""
        if self.hidden_information:
            raise TypeError(f"{self.title} hides information: it must define its own view()")
        return state

    def glance(self, state: S, seat: int | None) -> S:
        """:meth:`view` for a reader that neither changes it nor keeps it
        past the state's next change (a bot choosing one action): equal to
        the view, but a game may share with the state the parts every seat
        sees instead of copying them.  By default, the view."""
        return self.view(state, seat)

    @abstractmethod
    def describe(self, state: S, action: A) -> str:
        """A sentence for the action picker and the log."""

    def prompt(self, state: S) -> str:
        """What the deciding seat is asked, in words."""
        seat = self.to_act(state)
        if seat is None:
            return "The game is over."
        return f"{state.seats[seat].name} to play."

    def progress(self, state: S) -> str:
        """Where the game stands (round, turn), for the save list and the header."""
        return ""

    # ----------------------------------------------------------- persistence
    def parse_action(self, data: Any) -> A:
        """An action from its JSON form (:meth:`dump_action`); raises
        ``pydantic.ValidationError`` for anything that is not one."""
        result: A = from_json(self.action_type, data)
        return result

    def parse_actions(self, data: Sequence[Any]) -> list[A]:
        """Actions from a list of their JSON forms, validated in one pass (a
        save's whole log); raises ``pydantic.ValidationError``, whose first
        error's location starts with the index of the first bad action."""
        result: list[A] = from_json(list[self.action_type], data)  # type: ignore[name-defined]
        return result

    def dump_action(self, action: A) -> Any:
        """An action's JSON form, for the save file."""
        return to_json(action, self.action_type)

    def load_state(self, data: Any) -> S:
        """A state from its JSON form (:meth:`dump_state`), validated by pydantic."""
        state: S = from_json(self.State, data)
        return state

    def dump_state(self, state: S) -> dict[str, Any]:
        """A state's JSON form, for the save file's snapshot (without the
        opening events, which the session keeps in its log)."""
        data: dict[str, Any] = to_json(state, self.State)
        data.pop("opening", None)
        return data
