"""The search's advice to the person deciding now: its three best moves,
each with its share of the search, how it should stand after it, and why.

:func:`advise` reads one seat's view and nothing else (the same contract as
a bot's ``pick``): it runs the search bot with the ``normal`` level's
playout cap for one decision (its playouts counted, not timed, so the same
view and seed always give the same advice), watching where every playout
ends (``SearchBot.watch``).  Per move it counts:

- **the share of the search**: in the tree, the share of the playouts that
  began with the move (its visits); in the comparisons on shared samples
  (Root, Tyrants, Underwing from three players, solo Underwing), the share
  of the samples on which the move did best (a tie shared), since there
  every candidate is played on every sample;
- **the figure**: the mean over its playouts of the game's ``measure``
  (:class:`AdviceProfile`), read as points ahead of the best other seat or
  as a chance to win, as each game chooses (its ``advice.py`` says why);
- **the reason**: the game's ``explain``, which compares the evaluation's
  parts before and after the move on one sample drawn from the view.

The first move listed is the one the search would play (its most visited,
or the comparison's pick); the others follow by share.  A decision with one
legal move is answered without searching.

A game says how it is advised in ``<its package>.advice`` (``PROFILE``, an
:class:`AdviceProfile`), found by the package of its Game class, so the
engine imports no game; a game without one is advised with points ahead
and a reason from its evaluation alone.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import import_module
from typing import Any, Generic, Literal, TypeVar

from .bots.ismcts import Budget, SearchBot
from .bots.levels import NormalBot
from .bots.profile import profile_of, search_evaluate
from .game import Action, Game, GameState, IllegalAction, copy_state
from .rng import Rng

S = TypeVar("S", bound=GameState)
A = TypeVar("A", bound=Action)

#: How many moves the advice lists.
TOP = 3

Kind = Literal["points", "chance"]


class AdviceCancelled(Exception):
    """The advice was asked to stop (``advise``'s ``cancelled``)."""


def plain_measure(game: Game[Any, Any], state: GameState, seat: int) -> float:
    """Points ahead: the search's evaluation of the seat (every game's is
    its standing less the best other's)."""
    return float(search_evaluate(game)(state, seat))


def chance_measure(game: Game[Any, Any], state: GameState, seat: int) -> float:
    """A playout's say on winning: the seat's share of the win in a
    finished game; otherwise its lead by the search's evaluation squashed
    to 0..1 by the game's ``evaluate_scale``, as the search squashes its
    rewards (level: 0.5; a clear lead, one scale: 0.88), a logistic curve
    of the lead, which is what a chance to win is where the evaluation was
    fitted to who wins (Root)."""
    if game.is_over(state):
        winners = game.outcome(state).winners
        return 1.0 / len(winners) if seat in winners else 0.0
    lead = search_evaluate(game)(state, seat)
    return 0.5 + 0.5 * math.tanh(lead / profile_of(game).evaluate_scale)


def plain_explain(
    game: Game[Any, Any], before: GameState, after: GameState, seat: int, action: Action
) -> str:
    """A reason from the evaluation alone: how much it moves."""
    evaluate = search_evaluate(game)
    change = evaluate(after, seat) - evaluate(before, seat)
    if abs(change) < 0.05:
        return "changes nothing the search counts yet: its worth shows later"
    return f"{'raises' if change > 0 else 'lowers'} your standing by {abs(change):.1f}"


@dataclass(frozen=True, kw_only=True)
class AdviceProfile(Generic[S, A]):
    """How a game is advised (every part optional)."""

    #: How the figure reads: "points" (points ahead of the best other seat)
    #: or "chance" (a chance to win, 0 to 1).
    kind: Kind = "points"
    #: A playout's figure where it ends (the game, the state, the seat).
    measure: Callable[[Game[Any, Any], S, int], float] = plain_measure
    #: Why the move: the game, the position before and after it (one sample
    #: drawn from the view), the seat and the move; "" when nothing stands
    #: out.  It must name only what the move itself settles (not a card the
    #: sample happened to deal).
    explain: Callable[[Game[Any, Any], S, S, int, A], str] = plain_explain
    #: Words for the figure, by the game (None: the defaults below).
    figure: Callable[[float, int], str] | None = None


DEFAULT_ADVICE: AdviceProfile[Any, Any] = AdviceProfile()


def advice_profile(game: Game[Any, Any]) -> AdviceProfile[Any, Any]:
    """The game's advice profile: ``PROFILE`` in the ``advice`` module of
    its package, or the defaults when it has none."""
    package = type(game).__module__.rpartition(".")[0]
    try:
        module = import_module(f"{package}.advice") if package else None
    except ModuleNotFoundError as exc:
        if exc.name != f"{package}.advice":
            raise
        module = None
    profile = getattr(module, "PROFILE", None)
    if profile is None:
        return DEFAULT_ADVICE
    if not isinstance(profile, AdviceProfile):
        raise TypeError(f"{package}.advice.PROFILE is not an AdviceProfile")
    return profile


@dataclass(frozen=True)
class Suggestion:
    """One move the search suggests."""

    action: Action
    #: The move in the game's words (``describe`` on the view).
    words: str
    #: Its share of the search, 0 to 1.
    share: float
    #: The mean of the game's measure over its playouts (points ahead, or a
    #: chance to win from 0 to 1); None when it was not searched.
    value: float | None
    #: The figure in words ("+2.5 points ahead", "62% to win").
    figure: str
    #: Why, in the game's words ("" when nothing stands out).
    reason: str


@dataclass(frozen=True)
class Advice:
    """The advice for ``seat``: up to three suggestions, best first."""

    seat: int
    kind: Kind
    suggestions: tuple[Suggestion, ...]
    #: Playouts the search ran (0: none was needed).
    playouts: int
    #: A word on the whole ("Only one move is legal here.", or "").
    note: str = ""
    #: Every legal move at the time (the suggestions are among them).
    legal: tuple[Action, ...] = field(default=(), repr=False)


def figure_words(kind: Kind, value: float | None, seats: int) -> str:
    """The default words for a figure."""
    if value is None:
        return ""
    if kind == "chance":
        return f"{round(100 * value)}% to win"
    if seats == 1:
        return f"about {value:.0f} points"
    if abs(value) < 0.05:
        return "level with the best other"
    return f"{value:+.1f} points {'ahead' if value > 0 else 'behind'}"


def normal_playouts(game: Game[Any, Any]) -> int:
    """The ``normal`` level's playout cap for one decision in ``game``."""
    return NormalBot.BUDGET.cap(game)


def advise(
    game: Game[Any, Any],
    view: GameState,
    seat: int,
    *,
    seed: int = 0,
    playouts: int | None = None,
    cancelled: Callable[[], bool] | None = None,
) -> Advice:
    """The advice for ``seat``, which decides now in ``view`` (its view:
    ``game.view(state, seat)``; nothing else is read).  ``playouts``
    replaces the ``normal`` level's cap (tests use a small one);
    ``cancelled`` is asked after each playout, and True stops the search
    (:class:`AdviceCancelled`)."""
    if game.to_act(view) != seat:
        raise ValueError(f"Seat {seat} is not the one deciding now.")
    profile = advice_profile(game)
    legal = list(game.legal_actions(view))
    if not legal:
        raise ValueError("There is no legal move to advise on.")
    seats = len(view.seats)
    words = profile.figure or (lambda value, n: figure_words(profile.kind, value, n))
    rng = Rng.from_seed(seed)
    sample = game.determinize(view, seat, Rng.from_seed(rng.next_u64()))
    if len(legal) == 1:
        only = legal[0]
        return Advice(
            seat=seat,
            kind=profile.kind,
            suggestions=(
                Suggestion(
                    action=only,
                    words=game.describe(view, only),
                    share=1.0,
                    value=None,
                    figure="",
                    reason=_reason(game, profile, sample, seat, only),
                ),
            ),
            playouts=0,
            note="Only one move is legal here: nothing to weigh.",
            legal=tuple(legal),
        )
    cap = playouts if playouts is not None else normal_playouts(game)
    bot = SearchBot(seed=rng.next_u64(), budget=Budget(seconds=None, playouts=cap))
    visits: dict[Action, int] = {}
    sums: dict[Action, float] = {}
    # The comparisons on shared samples: each sample's figures, by move.
    samples: dict[int, dict[Action, float]] = {}
    measure = profile.measure

    def watch(action: Action, state: GameState, number: int | None) -> None:
        if cancelled is not None and cancelled():
            raise AdviceCancelled
        value = measure(game, state, seat)
        visits[action] = visits.get(action, 0) + 1
        sums[action] = sums.get(action, 0.0) + value
        if number is not None:
            samples.setdefault(number, {})[action] = value

    bot.watch = watch
    choice = bot.search(game, view, seat, legal)
    share = _shares(visits, samples)
    if not share:
        # Every legal move leaves the same position: the search chose without
        # playouts.
        share = {choice: 1.0}
    ranked = sorted(share, key=lambda a: (a != choice, -share[a], -_mean(sums, visits, a)))
    suggestions = tuple(
        Suggestion(
            action=action,
            words=game.describe(view, action),
            share=share[action],
            value=_mean(sums, visits, action) if action in visits else None,
            figure=words(_mean(sums, visits, action), seats) if action in visits else "",
            reason=_reason(game, profile, sample, seat, action),
        )
        for action in ranked[:TOP]
    )
    note = "" if visits else "Nothing here needed weighing: the search chose at once."
    return Advice(
        seat=seat,
        kind=profile.kind,
        suggestions=suggestions,
        playouts=sum(visits.values()),
        note=note,
        legal=tuple(legal),
    )


def _mean(sums: dict[Action, float], visits: dict[Action, int], action: Action) -> float:
    count = visits.get(action, 0)
    return sums.get(action, 0.0) / count if count else -math.inf


def _shares(
    visits: dict[Action, int], samples: dict[int, dict[Action, float]]
) -> dict[Action, float]:
    """Each move's share: its share of the playouts in the tree; on shared
    samples, its share of the samples it did best on (ties shared)."""
    if not samples:
        total = sum(visits.values())
        return {a: n / total for a, n in visits.items()} if total else {}
    wins: dict[Action, float] = {a: 0.0 for a in visits}
    counted = 0
    for figures in samples.values():
        if len(figures) < len(visits):
            continue  # a sample cut short (cancelled between its moves)
        best = max(figures.values())
        top = [a for a, v in figures.items() if v == best]
        for a in top:
            wins[a] += 1.0 / len(top)
        counted += 1
    if not counted:
        return {}
    return {a: w / counted for a, w in wins.items()}


def _reason(
    game: Game[Any, Any],
    profile: AdviceProfile[Any, Any],
    sample: GameState,
    seat: int,
    action: Action,
) -> str:
    """The game's reason for ``action``, on a copy of ``sample``."""
    after = copy_state(sample)
    try:
        game.perform(after, action)
    except IllegalAction:
        return ""
    return profile.explain(game, sample, after, seat, action)


__all__ = [
    "TOP",
    "Advice",
    "AdviceCancelled",
    "AdviceProfile",
    "Suggestion",
    "advice_profile",
    "advise",
    "chance_measure",
    "figure_words",
    "normal_playouts",
    "plain_explain",
    "plain_measure",
]
