"""After the game: every seat's standing over the game, and the turning
points of the people's seats, with what the search would have played.

A review reads a finished save (:class:`~.replay.Replay`; an unfinished
game is never reviewed, :class:`ReviewError`: its curve and its moves
would tell what the hands hold) and gives a :class:`Review`:

- **The curve**: for every seat, its standing at the end of every turn
  (the replay's turns, ``Replay.turn_starts``), judged from that seat's own
  view at that moment as the search's evaluation sees it: the mean of the
  advice's ``measure`` (:class:`~.advice.AdviceProfile`: points ahead of the
  best other seat, or a chance to win in Root) over :data:`CURVE_SAMPLES`
  states drawn from the view by ``Game.determinize`` with fixed seeds.  The
  final hands are never read: two positions that differ only in what the
  seat could not see give the same point.
- **The turning points**: every move of a reviewed seat (a person's; a
  bot's only when asked) with a choice is put to the search's advice
  (:func:`~.advice.advise`, from the seat's view before the move, with a
  share of the ``normal`` level's budget, as a ``normal`` bot shares its
  turn's playouts among the turn's decisions).  Where the move made is not
  the search's choice (nor one leaving the same position), both are played
  on the same samples of what the seat could not see, each followed as the
  search's comparisons follow a move (the game's playout bot finishing the
  turn and the next seat answering; with rounds, every seat to the
  round's end; alone, to the game's end), and the difference of the mean
  measure where they end is what the move lost.  The three moves of each
  seat that lost most are its turning points, each with the move made,
  the search's move, its reason in the advice's words and both figures.

Every seed comes from the save's own seed and the move's place, and every
search is counted in playouts, not timed: the same save gives the same
review on any machine.  :class:`Reviewer` walks the game once (the curve
is ready at once) and judges the moves one by one, reporting progress and
stopping when asked (:class:`ReviewCancelled`).  The review is data
(:mod:`.review_model`); :mod:`.review_cache`
keeps a review beside its save; :mod:`.review_text` puts it in words.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any

from .advice import AdviceCancelled, AdviceProfile, advice_profile, advise
from .bots.base import Bot
from .bots.ismcts import (
    GAME_LIMIT,
    PAIRED_EPSILON,
    PAIRED_SALT,
    ROUND_LIMIT,
    SOLO_COST,
    answer_mover,
)
from .bots.levels import NormalBot
from .bots.profile import profile_of
from .bots.rollout import finish_game, finish_round, finish_turn
from .game import Action, Game, GameState, IllegalAction, copy_state
from .replay import Replay
from .review_model import Review, SeatReview, TurningPoint
from .rng import Rng

#: States drawn from a seat's view for each point of its curve.
CURVE_SAMPLES = 8
#: How many turning points each reviewed seat gets.
TURNING_POINTS = 3
#: The fewest playouts one decision's advice runs, however many decisions
#: share its turn.
MIN_SHARE = 8
#: The fewest samples the move made and the search's move are compared on.
MIN_SAMPLES = 4
#: A loss below this (in the measure's units) is no loss: the two moves are
#: as good as each other on the samples.
NO_LOSS = 1e-9
#: A move is a turning point only where it lost more than this many
#: standard errors of the paired differences: a smaller loss is within
#: what the samples' luck explains (the search's own rule,
#: ``SearchProfile.paired_margin``, is one).
MARGIN = 1.0


class ReviewError(Exception):
    """A save that cannot be reviewed; the message is for a player."""


class ReviewCancelled(Exception):
    """The review was asked to stop (``cancelled`` said so)."""


@dataclass(frozen=True)
class ReviewBudget:
    """How much a review searches.  Each decision's advice runs the playouts
    a ``normal`` bot would have for it: its share of the turn's
    (``turn_playouts``, None: the ``normal`` level's for a turn) among the
    seat's decisions in that turn, at most ``playouts`` (None: the
    ``normal`` level's cap for one decision) and at least
    :data:`MIN_SHARE`.  The comparison of the move made with the search's
    costs about half as much again.  Tests give a small counted budget."""

    playouts: int | None = None
    turn_playouts: int | None = None
    curve_samples: int = CURVE_SAMPLES

    def cap(self, game: Game[Any, Any]) -> int:
        return self.playouts if self.playouts is not None else NormalBot.BUDGET.cap(game)

    def turn_cap(self, game: Game[Any, Any]) -> int:
        if self.turn_playouts is not None:
            return self.turn_playouts
        turn = NormalBot.BUDGET.turn_cap(game)
        return turn if turn is not None else self.cap(game)

    def share(self, game: Game[Any, Any], decisions: int) -> int:
        """The playouts of one decision's advice among ``decisions`` in its turn."""
        cap = self.cap(game)
        return max(min(cap, MIN_SHARE), min(cap, self.turn_cap(game) // max(1, decisions)))

    def key(self, game: Game[Any, Any]) -> str:
        """What the budget is, for a cached review to be matched by."""
        return f"{self.cap(game)}/{self.turn_cap(game)}/{self.curve_samples}"


def seed_of(base: int, *parts: int) -> int:
    """A seed drawn from ``base`` and ``parts`` (the same always)."""
    rng = Rng.from_seed(base)
    for part in parts:
        rng = Rng.from_seed(rng.next_u64() ^ part)
    return rng.next_u64()


def standing(game: Game[Any, Any], state: GameState, seat: int, seed: int, samples: int) -> float:
    """How ``seat`` stands in ``state`` from its own view, as the search's
    evaluation sees it: the advice's measure, averaged over ``samples``
    states drawn from the view (the same view and seed: the same figure,
    whatever the seat cannot see)."""
    view = game.view(state, seat)
    measure = advice_profile(game).measure
    rng = Rng.from_seed(seed)
    total = 0.0
    for _ in range(samples):
        sample = game.determinize(view, seat, Rng.from_seed(rng.next_u64()))
        total += measure(game, sample, seat)
    return total / samples


def _play_on(
    game: Game[Any, Any],
    state: GameState,
    seat: int,
    policy: Bot | None,
    steps: Rng,
    turn: Hashable | None,
    out_of_turn: bool,
) -> None:
    """After ``seat``'s move on a sample, play on as the search's
    comparisons on shared samples do: alone, the playout bot to the game's
    end; in a game with rounds, every seat to the round's end; else the
    seat finishes its turn and the next seat answers (without a playout
    bot, the seat finishes its turn greedily, as the tree's rollouts do)."""
    profile = profile_of(game)
    if policy is not None and len(state.seats) == 1:
        finish_game(game, state, GAME_LIMIT, policy)
        return
    start = None if policy is None else profile.playout_round(state)
    if policy is not None and start is not None:
        finish_round(game, state, start, ROUND_LIMIT, policy)
        return
    limit = NormalBot.BUDGET.rollout
    finish_turn(game, state, seat, limit, steps, policy, PAIRED_EPSILON)
    if policy is None:
        return
    every = profile.answer_every_seat
    answer_mover(game, state, seat, limit, steps, policy, PAIRED_EPSILON, every, turn)
    if out_of_turn and not game.is_over(state):
        finish_turn(game, state, seat, limit, steps, policy, PAIRED_EPSILON)


@dataclass(frozen=True)
class Compared:
    """Moves compared on shared samples: each one's mean measure where its
    playouts ended, and the standard error of the first's lead over the
    second (from their differences sample by sample)."""

    means: list[float]
    error: float
    samples: int


def compare(
    game: Game[Any, Any],
    view: GameState,
    seat: int,
    moves: list[Action],
    *,
    seed: int,
    samples: int,
    cancelled: Callable[[], bool] | None = None,
) -> Compared:
    """Each of ``moves`` (legal for ``seat`` in its ``view``) played on the
    same ``samples`` states drawn from the view, with the same luck for the
    bots after it (:func:`_play_on`), and measured where its playouts end."""
    profile = profile_of(game)
    measure = advice_profile(game).measure
    rng = Rng.from_seed(seed)
    policy: Bot | None = None
    if profile.playout_bot is not None:
        policy = game.own_bots()[profile.playout_bot](seed=rng.next_u64())
    turn = profile.turn_of(view)
    owner = profile.turn_owner(view)
    out_of_turn = owner is not None and owner != seat
    totals = [0.0] * len(moves)
    diffs: list[float] = []
    for _ in range(samples):
        if cancelled is not None and cancelled():
            raise ReviewCancelled
        sample = game.determinize(view, seat, rng)
        luck = rng.next_u64()
        figures: list[float] = []
        for move in moves:
            state = copy_state(sample)
            if policy is not None:
                policy.rng = Rng.from_seed(luck)
            game.perform(state, move)
            _play_on(
                game, state, seat, policy, Rng.from_seed(luck ^ PAIRED_SALT), turn, out_of_turn
            )
            figures.append(measure(game, state, seat))
        for i, figure in enumerate(figures):
            totals[i] += figure
        if len(figures) > 1:
            diffs.append(figures[0] - figures[1])
    error = 0.0
    if len(diffs) > 1:
        mean = math.fsum(diffs) / len(diffs)
        spread = math.fsum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1)
        error = math.sqrt(spread / len(diffs))
    return Compared([total / samples for total in totals], error, samples)


def _same_position(
    game: Game[Any, Any], view: GameState, seat: int, first: Action, second: Action, seed: int
) -> bool:
    """Whether the two moves leave the same position (on one sample drawn
    from the view): the same card played from two places, two targets that
    are one."""
    if first == second:
        return True
    sample = game.determinize(view, seat, Rng.from_seed(seed))
    after: list[GameState] = []
    for move in (first, second):
        trial = copy_state(sample)
        try:
            game.perform(trial, move)
        except IllegalAction:
            return False
        after.append(trial)
    return after[0] == after[1]


@dataclass(frozen=True)
class Decision:
    """A move of a reviewed seat that had a choice: where, whose, which."""

    index: int
    seat: int
    turn: int
    state: GameState
    made: Action
    #: How many such decisions the seat had in this turn (its share of
    #: the turn's budget).
    in_turn: int = 1


@dataclass(frozen=True)
class Judgement:
    """What the search made of one decision."""

    decision: Decision
    agreed: bool
    point: TurningPoint | None


class Reviewer:
    """A finished game's review, in two steps: making it walks the game
    once (the curve is ready then, :attr:`curves`), and :meth:`run` judges
    the reviewed seats' moves one by one."""

    def __init__(
        self,
        replay: Replay,
        *,
        bots: bool = False,
        budget: ReviewBudget | None = None,
        cancelled: Callable[[], bool] | None = None,
    ) -> None:
        if not replay.finished:
            raise ReviewError(
                "The game is not finished: it is reviewed once it is over "
                "(before, the review would tell what the hands hold)."
            )
        self.replay = replay
        self.game = replay.game
        self.budget = budget or ReviewBudget()
        self.cancelled = cancelled
        self.profile: AdviceProfile[Any, Any] = advice_profile(self.game)
        seats = replay.source.seats
        self.reviewed = [i for i, s in enumerate(seats) if bots or not s.is_bot]
        # (The finished game's last position may start a "turn" of its
        # own, nobody to act: it is no turn.)
        starts = [t for t in replay.turn_starts() if t < replay.length] or [0]
        self.turn_ends = [*starts[1:], replay.length]
        self.decisions: list[Decision] = []
        self.curves: list[list[float]] = [[] for _ in seats]
        self._walk()

    @property
    def total(self) -> int:
        """How many moves :meth:`run` judges."""
        return len(self.decisions)

    def _stop(self) -> None:
        if self.cancelled is not None and self.cancelled():
            raise ReviewCancelled

    def _walk(self) -> None:
        game, replay = self.game, self.replay
        seed = replay.source.seed
        actions = replay.source.actions
        state = replay.state_at(0)
        ends = set(self.turn_ends)
        seats = len(self.curves)
        samples = self.budget.curve_samples
        found: list[Decision] = []
        turn = 1
        for index in range(len(actions) + 1):
            if index in ends:
                self._stop()
                for s in range(seats):
                    self.curves[s].append(
                        standing(game, state, s, seed_of(seed, index, s), samples)
                    )
                turn += 1
            if index == len(actions):
                break
            action = actions[index]
            decision = self._decision(state, index, turn, action)
            if decision is not None:
                found.append(decision)
            game.apply(state, action)
        per_turn = Counter((d.seat, d.turn) for d in found)
        self.decisions = [
            Decision(d.index, d.seat, d.turn, d.state, d.made, per_turn[(d.seat, d.turn)])
            for d in found
        ]

    def _decision(self, state: GameState, index: int, turn: int, action: Action) -> Decision | None:
        """The move at ``index`` as a decision to judge, or None: not a
        reviewed seat's own, no choice among the moves the advice weighs,
        or a move the advice leaves to the player (Underwing's trade
        openings)."""
        game = self.game
        seat = game.to_act(state)
        if seat is None or seat not in self.reviewed or game.actor(state, action) != seat:
            return None
        view = game.view(state, seat)
        weighs = self.profile.weighs
        if not weighs(view, action):
            return None
        legal = game.legal_actions(view)
        weighed = [a for a in legal if game.actor(view, a) == seat and weighs(view, a)]
        if len(weighed) < 2:
            return None
        return Decision(index, seat, turn, copy_state(state), action)

    def judge(self, decision: Decision) -> Judgement:
        """What the search makes of one decision (see the module)."""
        game, seat = self.game, decision.seat
        seed = seed_of(self.replay.source.seed, decision.index, seat)
        view = game.view(decision.state, seat)
        made = decision.made
        if profile_of(game).free_play(view, [made]) is made:
            # A play the game names order-free (Tyrants: a card that only
            # adds power or influence) is as good now as any other move:
            # the search itself plays it without searching.
            return Judgement(decision, True, None)
        share = self.budget.share(game, decision.in_turn)
        try:
            advice = advise(game, view, seat, seed=seed, playouts=share, cancelled=self.cancelled)
        except AdviceCancelled:
            raise ReviewCancelled from None
        best = advice.suggestions[0]
        if _same_position(game, view, seat, best.action, made, seed):
            return Judgement(decision, True, None)
        words = game.describe(view, made)
        if words == best.words:
            # Two moves the game words alike (two spaces of one colour on
            # an egg): a turning point would read "played X, prefers X".
            return Judgement(decision, False, None)
        cost = SOLO_COST if len(view.seats) == 1 else 1
        compared = compare(
            game,
            view,
            seat,
            [best.action, made],
            seed=seed,
            samples=max(MIN_SAMPLES, share // (4 * cost)),
            cancelled=self.cancelled,
        )
        preferred, played = compared.means
        if preferred - played <= max(NO_LOSS, MARGIN * compared.error):
            # Not a loss the samples' luck cannot explain.
            return Judgement(decision, False, None)
        point = TurningPoint(
            seat=seat,
            index=decision.index,
            turn=decision.turn,
            made=words,
            preferred=best.words,
            reason=best.reason,
            made_move=game.dump_action(made),
            preferred_move=game.dump_action(best.action),
            made_value=played,
            preferred_value=preferred,
            error=compared.error,
            samples=compared.samples,
        )
        return Judgement(decision, False, point)

    def run(self, progress: Callable[[int, int], None] | None = None) -> Review:
        """Judge every decision (``progress(done, total)`` after each) and
        give the review."""
        total = self.total
        if progress is not None:
            progress(0, total)
        judged: Counter[int] = Counter()
        agreed: Counter[int] = Counter()
        points: dict[int, list[TurningPoint]] = {s: [] for s in self.reviewed}
        for done, decision in enumerate(self.decisions, start=1):
            self._stop()
            judgement = self.judge(decision)
            judged[decision.seat] += 1
            if judgement.agreed:
                agreed[decision.seat] += 1
            if judgement.point is not None:
                points[decision.seat].append(judgement.point)
            if progress is not None:
                progress(done, total)
        return self._review(judged, agreed, points)

    def preview(self) -> Review:
        """The review before any move is judged: the curve alone."""
        return self._review(Counter(), Counter(), {})

    def _review(
        self,
        judged: Counter[int],
        agreed: Counter[int],
        points: dict[int, list[TurningPoint]],
    ) -> Review:
        worst = {
            seat: sorted(found, key=lambda p: (-p.loss, p.index))[:TURNING_POINTS]
            for seat, found in points.items()
        }
        seats = [
            SeatReview(
                seat=i,
                name=seat.name,
                bot=seat.bot,
                curve=self.curves[i],
                reviewed=i in worst,
                judged=judged[i],
                agreed=agreed[i],
                turning_points=worst.get(i, []),
            )
            for i, seat in enumerate(self.replay.source.seats)
        ]
        return Review(
            game=self.game.id,
            title=self.game.title,
            kind=self.profile.kind,
            turn_ends=self.turn_ends,
            seats=seats,
            playouts=self.budget.cap(self.game),
            curve_samples=self.budget.curve_samples,
        )


def review(
    replay: Replay,
    *,
    bots: bool = False,
    budget: ReviewBudget | None = None,
    progress: Callable[[int, int], None] | None = None,
    cancelled: Callable[[], bool] | None = None,
) -> Review:
    """The review of the finished game ``replay`` (see the module): the
    people's seats judged, and the bots' too with ``bots``."""
    return Reviewer(replay, bots=bots, budget=budget, cancelled=cancelled).run(progress)


__all__ = [
    "CURVE_SAMPLES",
    "TURNING_POINTS",
    "ReviewBudget",
    "ReviewCancelled",
    "ReviewError",
    "Reviewer",
    "compare",
    "review",
    "seed_of",
    "standing",
]
