"""A game's search profile: how the search bots (:mod:`.ismcts`) play it.

The Game contract holds the rules, persistence, what a seat sees
(``view``, ``determinize``) and how a seat stands (``evaluate``).  How the
search spends its playouts on a game is the search's business: its
parameters and hooks are a :class:`SearchProfile`, declared by each game
beside its bots (``games/<game>/search_profile.py``) and named by the
game's class (``Game.search_profile``), one attribute instead of a dozen.
A game that names none is searched with the defaults.  What each value
was chosen by is in docs/bots.md.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from ..game import Action, Game, GameState

S = TypeVar("S", bound=GameState)
A = TypeVar("A", bound=Action)

#: How many standard errors of the paired differences another action must
#: beat the playout bot's choice by in the paired comparison, unless a
#: game's profile says otherwise.
PAIRED_MARGIN = 1.0


def _any_action(state: Any, action: Any) -> bool:
    return True


def _no_rounds(state: Any) -> int | None:
    return None


def _no_turns(state: Any) -> Hashable | None:
    return None


def _no_owner(state: Any) -> int | None:
    return None


def _no_free_play(state: Any, legal: list[Any]) -> Any | None:
    return None


@dataclass(frozen=True, kw_only=True)
class SearchProfile(Generic[S, A]):
    """The search's parameters and hooks for one game (every one optional).

    The hooks are plain functions of the game's state (the search calls
    them thousands of times a move); they must stay pure and quick, and
    read nothing of the state a seat's ``view`` would hide beyond what
    ``determinize`` dealt."""

    #: A difference in the evaluation that is a clear but not decisive
    #: lead: the search squashes its values by it.
    evaluate_scale: float = 10.0
    #: About how many playouts a typical machine runs in a second of this
    #: game (``benchmarks/search_bot.py`` measures it).  A search bot's
    #: playout cap is this times its time budget, so that it plays equally
    #: well on a slow machine, only slower.
    search_rate: int = 300
    #: The rate at tables whose playouts cost more, as (seats, playouts a
    #: second) pairs; a table not named has ``search_rate``.  A playout that
    #: plays every other seat's turn (``answer_every_seat``) costs more the
    #: more seats there are: at the rate of a smaller table a bigger one's
    #: turn would outrun its level's time (Root at four seats).
    seat_rates: tuple[tuple[int, int], ...] = ()
    #: How well a seat stands, as the search scores its playouts and its
    #: prior (the greedy bot keeps ``Game.evaluate``).  None: the game's
    #: ``evaluate``.  A game gives its own where the search must look
    #: further than a one-step player does (Tyrants: what the deck and the
    #: sites held will still bring).
    evaluate: Callable[[S, int], float] | None = None
    #: One of ``Game.own_bots`` (by name) that plays the game well and
    #: cheaply: the search lets it finish a turn in its playouts, instead
    #: of the generic quick greedy policy, and tries its choice first at
    #: the root.  It reads the sampled state the search plays on, which
    #: holds nothing the searching seat may not see beyond what
    #: ``determinize`` dealt.  None: the generic policy.
    playout_bot: str | None = None
    #: A count that moves on each time a round of play ends (every seat has
    #: had its turns), or None for a game searched without rounds.  With a
    #: :attr:`playout_bot`, a playout lets that bot play every seat until
    #: the count moves on, and only then scores the position: where a turn
    #: is one small step (an assignment, a crystal), the end of the round
    #: is the first position that says what the step was worth.  None: the
    #: mover finishes the turn and the next seat answers with one.
    playout_round: Callable[[S], int | None] = _no_rounds
    #: With a :attr:`playout_bot` and several seats, how many of the root's
    #: actions the search compares on shared samples instead of growing a
    #: tree (``SearchBot.paired_rollouts``): the playout bot's choice and
    #: the prior's best after it, each played on the same samples, the
    #: playout bot finishing the turn and the next seat answering (with
    #: rounds, :attr:`playout_round`, the playout bot playing every seat to
    #: the round's end).  Comparing them on the same draws (common random
    #: numbers) keeps the answering turns' swings out of their differences.
    #: 0: the tree.
    paired_width: int = 0
    #: Without rounds, who answers the mover's turn in a playout (the tree's
    #: and the paired comparison's): False, the next seat alone; True, every
    #: other seat in turn, one turn each, until the mover is to act again.
    #: At three players or more the next seat alone leaves the others
    #: unplayed, and with them whatever is decided at the start of the
    #: mover's next turn (Root: a dominance win, checked at the start of
    #: Birdsong).  With two seats both are the same.
    answer_every_seat: bool = False
    #: The fewest seats at which :attr:`paired_width` applies; with fewer
    #: the tree is searched.
    paired_seats: int = 2
    #: In that comparison, how many standard errors of the paired
    #: differences another action must beat the playout bot's choice by.
    paired_margin: float = PAIRED_MARGIN
    #: Whether an action may stand against the playout bot's choice in
    #: that comparison (it is one of the prior's best).  Every action may
    #: by default; a game keeps out the early stops its rule bot would not
    #: make, which the comparison's noise otherwise lets through now and
    #: then.
    paired_challenger: Callable[[S, A], bool] = _any_action
    #: Which turn a position is in, from what every seat sees (a round and
    #: the seat to act, a count of turns begun), or None when the game
    #: cannot say.  A search bot with a budget per turn
    #: (``Budget.turn_seconds``) knows by it that its decisions belong to
    #: the same turn, and shares the turn's budget among them; None: each
    #: decision has the turn's budget divided by :attr:`turn_decisions`.
    turn_of: Callable[[S], Hashable | None] = _no_turns
    #: Whose turn a position is in, or None where the seat to act says it.
    #: A game in which a seat decides during another seat's turn (Tyrants'
    #: forced discards, chosen by the discarding seat) names the seat whose
    #: turn it is: a playout then finishes that turn through the other
    #: seat's decision (the playout bot makes it), instead of scoring the
    #: position in the middle of the turn, and the search bot does not count
    #: its own decision out of turn as a turn of its own (``turn_of``).
    #: None by default: a turn ends when another seat is to act.
    turn_owner: Callable[[S], int | None] = _no_owner
    #: A first guess of how many decisions a turn asks the search to make
    #: (those with a real choice); the bot then learns it from its own turns.
    turn_decisions: float = 4.0
    #: An action among the legal ones that is as good as any other now and
    #: that the search plays without searching, or None.  A game names, from
    #: its own data, the plays whose order does not matter (Tyrants: a card
    #: that only adds power or influence is played sooner or later in every
    #: turn, and when changes nothing).
    free_play: Callable[[S, list[A]], A | None] = _no_free_play

    def __post_init__(self) -> None:
        if self.evaluate_scale <= 0:
            raise ValueError("A search profile's evaluate_scale must be above zero.")
        if self.search_rate < 1:
            raise ValueError("A search profile's search_rate must be at least 1.")
        if any(rate < 1 for _, rate in self.seat_rates):
            raise ValueError("A search profile's seat_rates must be at least 1.")
        if self.paired_width < 0:
            raise ValueError("A search profile's paired_width must not be negative.")
        if self.turn_decisions < 1:
            raise ValueError("A search profile's turn_decisions must be at least 1.")
        if self.paired_width > 1 and self.playout_bot is None:
            raise ValueError("A search profile's paired comparison needs a playout_bot.")

    def rate(self, seats: int | None = None) -> int:
        """Playouts a second at a table of ``seats`` (None: ``search_rate``)."""
        return dict(self.seat_rates).get(seats, self.search_rate) if seats else self.search_rate


#: The profile of a game that names none.
DEFAULT_PROFILE: SearchProfile[Any, Any] = SearchProfile()


def profile_of(game: Game[Any, Any]) -> SearchProfile[Any, Any]:
    """The search profile ``game`` names (``Game.search_profile``), or the
    defaults."""
    profile = game.search_profile
    if profile is None:
        return DEFAULT_PROFILE
    if not isinstance(profile, SearchProfile):
        raise TypeError(
            f"{type(game).__name__}.search_profile is a {type(profile).__name__}, "
            "not a SearchProfile"
        )
    return profile


def search_evaluate(game: Game[Any, Any]) -> Callable[[Any, int], float]:
    """How the search scores a seat's standing in ``game``: its profile's
    ``evaluate``, or the game's own."""
    evaluate = profile_of(game).evaluate
    return game.evaluate if evaluate is None else evaluate


def searchable(game: Game[Any, Any]) -> bool:
    """Whether the search bots can play ``game``: it shows everything, or it
    can sample what it hides (it defines its own ``determinize``)."""
    return not game.hidden_information or type(game).determinize is not Game.determinize
