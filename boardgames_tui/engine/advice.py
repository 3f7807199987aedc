"""The search's advice to the person deciding now: its best moves (up to
three), each with how the search rated it, how it should stand after it,
and why.

:func:`advise` reads one seat's view and nothing else (the same contract as
a bot's ``pick``): it runs the search bot with the ``normal`` level's
playout cap for one decision (its playouts counted, not timed, so the same
view and seed always give the same advice), watching where every playout
ends (``SearchBot.watch``).

It weighs the deciding seat's **own** moves only: a game may let another
seat step in while it waits (Underwing's trade offers, which any person may
open), and those are not the decider's to make (``Game.actor``).  A game
may leave out moves the search cannot judge (``AdviceProfile.weighs``, with
the words that say so: Underwing's trade openings, whose worth is another
person's answer and which the search finds worth what calling them off at
once is, so that it would advise opening a trade, then calling it off).
Per move it counts:

- **how the search rated it**: in the tree, the share of the playouts that
  began with the move (its visits: the search plays the move it tried
  most); in the comparisons on shared samples (Root, Tyrants, Underwing
  from three players, solo Underwing), on how many of the samples the move
  did best (every candidate is played on every sample);
- **the figure**: the mean over its playouts of the game's ``measure``
  (:class:`AdviceProfile`), read as points ahead of the best other seat or
  as a chance to win, as each game chooses (its ``advice.py`` says why);
- **the reason**: the game's ``explain``, which compares the evaluation's
  parts before and after the move on one sample drawn from the view.

The first move listed is the one the search would play (its most visited,
or the comparison's pick); the others follow by how the search rated them.
On shared samples the pick is not always the move best on most samples (the
search keeps its first idea unless another move is clearly better on
average; solo, it takes the best total by its own count): the note then
says so.  A
decision with one move to weigh is answered without searching.

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


def every_move(view: Any, action: Any) -> bool:
    """The advice weighs every move of the deciding seat's."""
    return True


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
    #: Whether the advice weighs a move of the deciding seat's (the view,
    #: the move): a game leaves out a move the search cannot judge.  Every
    #: move by default.
    weighs: Callable[[S, A], bool] = every_move
    #: What the advice says when it leaves out some of the seat's moves
    #: (why, in a sentence).
    left_out: str = ""


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
    #: Its share of the search, 0 to 1 (the order of the moves after the
    #: search's choice).
    share: float
    #: The mean of the game's measure over its playouts (points ahead, or a
    #: chance to win from 0 to 1); None when it was not searched.
    value: float | None
    #: The figure in words ("+2.5 points ahead", "62% to win").
    figure: str
    #: Why, in the game's words ("" when nothing stands out).
    reason: str
    #: How the search rated it, in words ("tried in 53% of 400 playouts",
    #: "best on 11 of 40 samples"; "" when it was not searched).
    rating: str = ""


@dataclass(frozen=True)
class Advice:
    """The advice for ``seat``: up to three suggestions, best first."""

    seat: int
    kind: Kind
    suggestions: tuple[Suggestion, ...]
    #: Playouts the search ran (0: none was needed).
    playouts: int
    #: A word on the whole: what the list is and how it is ordered, or
    #: why there is nothing to weigh; and what was left out, if anything.
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
    # The word says which way: the number is a distance ("0.3 points
    # behind", never "-0.3 points behind").
    return f"{abs(value):.1f} points {'ahead' if value > 0 else 'behind'}"


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
    # The seat's own moves (not another seat's stepping in), and of those
    # the ones the game's advice weighs.
    own = [a for a in legal if game.actor(view, a) == seat]
    if not own:
        raise ValueError("There is no move of the deciding seat's to advise on.")
    weighed = [a for a in own if profile.weighs(view, a)] or own
    left_out = profile.left_out if len(weighed) < len(own) and profile.left_out else ""
    seats = len(view.seats)
    words = profile.figure or (lambda value, n: figure_words(profile.kind, value, n))
    rng = Rng.from_seed(seed)
    sample = game.determinize(view, seat, Rng.from_seed(rng.next_u64()))
    if len(weighed) == 1:
        only = weighed[0]
        alone = (
            "Only one move is legal here: nothing to weigh."
            if len(legal) == 1
            else "Only one move is yours to weigh here: nothing to compare it with."
        )
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
            note=_joined(alone, left_out),
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
    choice = bot.search(game, view, seat, weighed)
    share = _shares(visits, samples)
    if not share:
        # Every move weighed leaves the same position: the search chose
        # without playouts.
        share = {choice: 1.0}
    ranked = sorted(share, key=lambda a: (a != choice, -share[a], -_mean(sums, visits, a)))
    ratings = _ratings(visits, samples)
    suggestions = tuple(
        Suggestion(
            action=action,
            words=game.describe(view, action),
            share=share[action],
            value=_mean(sums, visits, action) if action in visits else None,
            figure=words(_mean(sums, visits, action), seats) if action in visits else "",
            reason=_reason(game, profile, sample, seat, action),
            rating=ratings.get(action, ""),
        )
        for action in ranked[:TOP]
    )
    if not visits:
        note = "Nothing here needed weighing: the search chose at once."
    else:
        note = _order_note(choice, share, sums, visits, samples, seats)
    return Advice(
        seat=seat,
        kind=profile.kind,
        suggestions=suggestions,
        playouts=sum(visits.values()),
        note=_joined(note, left_out),
        legal=tuple(legal),
    )


def _joined(*sentences: str) -> str:
    return " ".join(s for s in sentences if s)


def _counted(samples: dict[int, dict[Action, float]], moves: int) -> list[dict[Action, float]]:
    """The samples every move was played on (one cut short by a cancel
    between its moves is not)."""
    return [figures for figures in samples.values() if len(figures) >= moves]


def _ratings(
    visits: dict[Action, int], samples: dict[int, dict[Action, float]]
) -> dict[Action, str]:
    """How the search rated each move, in plain words: the share of the
    tree's playouts it began, or on how many shared samples it did best
    (alone, and level with others)."""
    if not samples:
        total = sum(visits.values())
        return {
            a: f"tried in {round(100 * n / total)}% of {total} playouts" for a, n in visits.items()
        }
    counted = _counted(samples, len(visits))
    alone: dict[Action, int] = {a: 0 for a in visits}
    level: dict[Action, int] = {a: 0 for a in visits}
    for figures in counted:
        top = max(figures.values())
        leaders = [a for a, v in figures.items() if v == top]
        for a in leaders:
            if len(leaders) == 1:
                alone[a] += 1
            else:
                level[a] += 1
    of = f"of {len(counted)} sample{'s' if len(counted) != 1 else ''}"
    ratings: dict[Action, str] = {}
    for a in visits:
        if level[a] and alone[a]:
            ratings[a] = f"best on {alone[a]} and level best on {level[a]} {of}"
        elif level[a]:
            ratings[a] = f"level best on {level[a]} {of}"
        else:
            ratings[a] = f"best on {alone[a]} {of}"
    return ratings


def _order_note(
    choice: Action,
    share: dict[Action, float],
    sums: dict[Action, float],
    visits: dict[Action, int],
    samples: dict[int, dict[Action, float]],
    seats: int,
) -> str:
    """What the list is and why its first move comes first.  In the tree
    the search plays the move it tried most, the first by its share.  On
    shared samples it may not be the move best on most samples, and the
    note says why, from the search's rule: alone at the table, the best
    total by the search's own count of where each sample ends (which may
    weigh an end otherwise than the figure shown, as a game lost outright);
    at a table of several, its playout bot's first idea unless another move
    does better by more than the samples' luck explains."""
    if not samples:
        return "The moves the search tried most, its choice (the most tried) first."
    n = len(_counted(samples, len(visits)))
    head = (
        f"Each move was played out on the same {n} random samples of what cannot be "
        "known yet; the search's choice first"
    )
    others = [a for a in share if a != choice]
    if not others or share.get(choice, 0.0) >= max(share[a] for a in others):
        return head + ", then the others by how often they did best."
    if seats == 1:
        return head + (
            ": it has the best total over the samples by the search's own count of how "
            "each ends, though another move did best on more of them."
        )
    if _mean(sums, visits, choice) >= max(_mean(sums, visits, a) for a in others):
        return head + (
            ": it does best on average, though another move did best on more of the samples."
        )
    return head + (
        ": it keeps its first idea unless another move does clearly better on the same "
        "samples, and none did by enough to be sure."
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
    counted = _counted(samples, len(visits))
    for figures in counted:
        best = max(figures.values())
        top = [a for a, v in figures.items() if v == best]
        for a in top:
            wins[a] += 1.0 / len(top)
    if not counted:
        return {}
    return {a: w / len(counted) for a, w in wins.items()}


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
    "every_move",
    "figure_words",
    "normal_playouts",
    "plain_explain",
    "plain_measure",
]
