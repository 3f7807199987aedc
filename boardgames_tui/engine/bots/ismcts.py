"""The search bot: information-set Monte Carlo tree search over the Game
contract alone (Cowling, Powley & Whitehouse 2012, "single observer" form).

Each playout starts from a full state drawn from what the bot's seat may see
(``game.determinize(view, seat, rng)``: unseen cards dealt at random, face-down
decks shuffled, a new random generator for the dice and draws to come).  It
walks down one tree shared by all those samples, choosing at every node among
the actions legal in *this* sample by UCB1 (an action's count of "was
available" replaces the parent's visit count, since an action may not be
offered in every sample); it adds one new node, lets the seat that made
that move finish its turn with a quick greedy policy (:mod:`.rollout`: in
a game whose turns are chains of small choices, the middle of a chain says
little), plays on at random for ``horizon`` actions (none by default), and
scores the position it reaches with the game's search evaluation for every
seat (its profile's ``evaluate``, by default ``game.evaluate``; a
finished game counts as a win, a loss or a shared win).  The rewards go back
up the path; each node keeps them per seat, so every seat picks its own best
moves in the tree.  At the root the actions are tried best first by a
one-step greedy estimate (the prior), which also adds to their UCB value,
and only the best few are searched at first, more as the playouts add up
(progressive widening).  After the playouts the bot takes the action tried
most often.

How the search plays a game is the game's :class:`~.profile.SearchProfile`
(its parameters and hooks), not the Game contract's business.

A game of one seat whose profile names a playout bot (solo Underwing) is
searched more simply: its few best root actions, each followed by that bot
to the end of the game on the same samples, are compared by the final
evaluation (:meth:`SearchBot.shared_rollouts`).  A game of several seats
may opt in to a like comparison (``SearchProfile.paired_width``: Root, Tyrants,
Underwing from three players): its few best root actions, each followed by
its playout bot finishing the turn and the next seat answering (or, in a
game with rounds, every seat playing to the round's end), on the same
samples (:meth:`SearchBot.paired_rollouts`).

The bot reads nothing but the view it is given; its randomness is its own.
The budget is a playout cap plus a time cap: the cap on playouts is what
makes play the same for the same seed on any machine, and the time cap only
stops a search that runs far longer than its level promises.

A level's budget is also one for the whole turn (``Budget.turn_seconds``: the
run of decisions the seat makes before another seat is to act).  The bot
knows its turn from the view (the profile's ``turn_of``), counts the
playouts and seconds the turn has spent, and gives each decision the rest
divided over the decisions it expects still to come (learnt from its own
turns, the profile's ``turn_decisions`` at first).  It spends nothing where
one action is legal, where every legal action leaves the same position (on
the sample the prior is taken on), or where the profile names a play whose
order does not matter (``free_play``); it searches actions that leave the
same position as one; and once the turn's budget is spent it plays the
playout bot's choice (without one, the greedy bot's) on its view.

Why one module: the search is one algorithm in one class.  The tree walk,
the root's prior and widening, the turn's budget and the two rollout
comparisons share the bot's generator, budget and statistics, and the tuning
constants sit beside the code that reads them (the tests set them on this
module); apart, each piece would reach back into :class:`SearchBot`.  The
playouts' own policies are already in :mod:`.rollout`, the levels in
:mod:`.levels` and each game's tuning in :mod:`.profile`.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any, ClassVar

from ..game import Action, Game, GameState, IllegalAction, copy_state
from ..rng import Rng
from .base import Bot
from .greedy import GreedyBot
from .profile import profile_of, search_evaluate
from .rollout import ROLLOUT_EPSILON, answer_turn, finish_game, finish_round, finish_turn

#: UCB1's exploration constant, times the spread of the rewards seen so far
#: (docs/bots.md, "Its constants", says what chose it).
EXPLORATION = 0.3
#: The least reward spread the exploration is scaled to.
MIN_SPREAD = 0.05
#: Random actions played after leaving the tree before the position is
#: scored.  None by default: the playout is cut at the new node and the
#: evaluation stands in for the rest (random steps only added noise; the
#: figures are in docs/bots.md, "Its constants").
HORIZON = 0
#: Most actions the rollout plays to finish the turn of the seat whose move
#: made the tree's new node (a greedy policy, :mod:`.rollout`), before the
#: position is scored.  A game with one seat has no turns to finish (the seat
#: is always to act): without a playout bot it is scored at the new node.
ROLLOUT = 24
#: A game of one seat with a playout bot (solo Underwing) is searched
#: otherwise (:meth:`SearchBot.shared_rollouts`): the root's best
#: ``SOLO_WIDTH`` actions, each followed by the playout bot to the end of the
#: game on the same samples, and the final evaluation (the score a solo game
#: is played for, bonuses that only the end decides included) picks one.
#: Such a playout costs several of a round's, so it counts ``SOLO_COST``
#: against the cap: 15 samples of 4 actions at the hard level.
SOLO_WIDTH = 4
SOLO_COST = 5
#: Most actions such a playout plays.
GAME_LIMIT = 5000
#: A game of several seats that opts in (``SearchProfile.paired_width``)
#: compares its root's best few actions on shared samples
#: (:meth:`SearchBot.paired_rollouts`): how often the playout bot plays a
#: random action in those playouts.
PAIRED_EPSILON = 0.0
#: The paired comparison stops before its cap, after at least
#: ``PAIRED_MIN_SAMPLES`` samples, once every other action is ``PAIRED_STOP``
#: standard errors of the paired differences or more below the playout bot's
#: choice (or exactly as good on every sample): the rest of the budget goes to
#: the turn's later decisions, where the choice is still open.
PAIRED_MIN_SAMPLES = 8
PAIRED_STOP = 1.0
#: A challenger replaces the playout bot's choice only on at least this many
#: samples: the spread of fewer paired differences says nothing (one sample has
#: none, so any gain on it would pass any margin), and a search cut short by
#: its clock keeps the playout bot's choice rather than one lucky playout's.
PAIRED_MIN_EVIDENCE = 3
#: Mixed into a sample's seed to seed the playout steps' own generator.
PAIRED_SALT = 0x9E3779B97F4A7C15
#: Most actions a playout plays to the end of the round with a game's
#: playout bot (``SearchProfile.playout_round``).
ROUND_LIMIT = 600
#: At the root the actions are tried best first by a one-step greedy
#: estimate (the prior), and only the ``WIDEN * sqrt(visits)`` best of them
#: (at least ``MIN_WIDTH``) are searched so far: more as the search goes on
#: (progressive widening).  0 searches every action from the start.
WIDEN = 1.5
MIN_WIDTH = 3
#: How much the prior adds to an action's UCB value, fading as it is visited.
PRIOR_WEIGHT = 1.0
#: A search stops at this many times its time budget even if playouts remain
#: (a slow machine plays as well, only slower, up to this point).
PATIENCE = 3.0
#: With a budget per turn, one decision may run this many times its share of
#: what the turn has left (never past the turn's end): the playout cap, not
#: the clock, is what normally ends it.
SHARE_PATIENCE = 1.5


def answer_mover(
    game: Game[Any, Any],
    state: GameState,
    seat: int,
    limit: int,
    rng: Rng,
    policy: Bot,
    epsilon: float,
    every_seat: bool,
    turn: Hashable | None = None,
) -> int:
    """After ``seat``'s turn in a playout, the next seat answers with its
    turn (:func:`.rollout.answer_turn`).  With ``every_seat``
    (``SearchProfile.answer_every_seat``) at three seats or more, the
    playout bot instead plays on for every seat, the mover too (an answer
    such as an ambush or a hit taken can cut the mover's turn short), until
    ``seat`` is to act in a turn begun after its own (``turn``, the
    profile's ``turn_of`` when it chose) whose first decision is its: the
    position scored is the one ``seat``'s next turn begins with, after
    whatever is decided at its start (Root: a dominance win).  At most
    ``limit`` actions a seat a turn are played.  Returns the actions
    played."""
    seats = len(state.seats)
    if not every_seat or seats < 3:
        return answer_turn(game, state, seat, limit, rng, policy, epsilon)
    turn_of = profile_of(game).turn_of
    seen: set[Hashable] = {turn}
    played = 0
    cap = 2 * limit * seats
    # A sample of the playout's own: nothing but ``perform`` changes it.
    legal_actions, perform, is_over, to_act = (
        game.next_actions,
        game.perform,
        game.is_over,
        game.to_act,
    )
    while played < cap and not is_over(state):
        who = to_act(state)
        if who is None:
            break
        marker = turn_of(state)
        if who == seat and marker is not None and marker not in seen:
            break
        seen.add(marker)
        moves = legal_actions(state)
        if not moves:
            break
        if len(moves) == 1:
            action = moves[0]
        elif epsilon and rng.random() < epsilon:
            action = moves[rng.randbelow(len(moves))]
        else:
            action = policy.pick(game, state, moves)
        perform(state, action)
        played += 1
    return played


@dataclass(frozen=True)
class Budget:
    """How much one decision may search.

    ``seconds`` is the time a move should take on a typical machine; the
    playout cap is the game's ``search_rate`` (its search profile's) times it
    (``playouts`` overrides
    that), and the search gives up at ``PATIENCE`` times ``seconds``.
    ``seconds=None`` with ``playouts`` set searches by the cap alone (tests,
    the arena: the same seed then always gives the same move).

    ``turn_seconds`` is what a whole turn may take: its playout cap is the
    ``search_rate`` times it (``turn_playouts`` overrides that), and it is
    a hard stop for the turn's searches.  ``turn_seconds=None`` with
    ``turn_playouts`` set shares the turn by the cap alone; both None: no
    budget per turn (every decision has its own).
    """

    seconds: float | None = 1.0
    playouts: int | None = None
    horizon: int = HORIZON
    rollout: int = ROLLOUT
    widen: float = WIDEN
    turn_seconds: float | None = None
    turn_playouts: int | None = None

    def cap(self, game: Game[Any, Any], seats: int | None = None) -> int:
        """The playouts one decision may run at a table of ``seats`` (the
        profile's rate there, :meth:`.profile.SearchProfile.rate`)."""
        if self.playouts is not None:
            return max(1, self.playouts)
        seconds = self.seconds if self.seconds is not None else 1.0
        return max(8, round(profile_of(game).rate(seats) * seconds))

    def time_cap(self) -> float | None:
        return None if self.seconds is None else self.seconds * PATIENCE

    def turn_cap(self, game: Game[Any, Any], seats: int | None = None) -> int | None:
        """The playouts a whole turn may run at a table of ``seats`` (None:
        no cap per turn)."""
        if self.turn_playouts is not None:
            return max(1, self.turn_playouts)
        if self.turn_seconds is None:
            return None
        return max(8, round(profile_of(game).rate(seats) * self.turn_seconds))

    def per_turn(self) -> bool:
        return self.turn_playouts is not None or self.turn_seconds is not None


@dataclass
class TurnSpend:
    """What the bot's current turn has spent so far: ``key`` is the seat and
    the profile's ``turn_of`` of the view."""

    key: tuple[int, Hashable]
    playouts: int = 0
    seconds: float = 0.0
    #: Decisions that ran playouts (or would have, had budget remained).
    searched: int = 0
    #: The seat decides in another seat's turn (the profile's
    #: ``turn_owner``: a forced discard): the record is not one of the
    #: seat's turns, whose decisions the bot counts to share a turn's budget.
    out_of_turn: bool = False


class Node:
    """One action's node in the shared tree: its children by action, how often
    it was visited and offered, and the rewards it earned for each seat."""

    __slots__ = ("avail", "children", "reward", "visits")

    def __init__(self, seats: int) -> None:
        self.children: dict[Action, Node] = {}
        self.visits = 0
        self.avail = 0
        self.reward = [0.0] * seats


@dataclass
class SearchStats:
    """What the last decision cost: playouts run, seconds, and whether the
    time cap cut it short."""

    playouts: int = 0
    seconds: float = 0.0
    timed_out: bool = False
    #: How many of the root's actions the search tried (widening keeps it
    #: below the number offered when playouts are few).
    tried: int = 0


class SearchBot(Bot):
    """Information-set MCTS with a playout cap and a time cap (see the module)."""

    name = "search"
    #: The level's budget; ``budget`` on an instance may replace it.
    BUDGET: ClassVar[Budget] = Budget()

    def __init__(self, seed: int = 0, budget: Budget | None = None) -> None:
        super().__init__(seed)
        self.budget = budget or self.BUDGET
        self.last = SearchStats()
        #: The turn being played and what it has spent (None: none yet).
        self.turn: TurnSpend | None = None
        #: Turns finished and the decisions they searched (the estimate of
        #: how many decisions a turn asks for).
        self.turns_done = 0
        self.searched_done = 0
        #: Told of every playout's end (None: nobody listens, the bots'
        #: case): the root action it began with, the position it was scored
        #: at, and in the comparisons on shared samples the sample's number
        #: (None in the tree).  The advice (:mod:`..advice`) counts the
        #: search's figures per move by it, and may stop the search by
        #: raising from it.
        self.watch: Callable[[Action, GameState, int | None], None] | None = None

    def unseen(self, legal: list[Action]) -> Action | None:
        """A forced move (one legal action) is played without a search, nor a view."""
        if len(legal) != 1:
            return None
        self.last = SearchStats()
        return legal[0]

    def pick(self, game: Game[Any, Any], view: GameState, legal: list[Action]) -> Action:
        self.last = SearchStats()
        if len(legal) == 1:
            return legal[0]
        seat = game.to_act(view)
        if seat is None:
            return self.rng.choice(legal)
        free: Action | None = profile_of(game).free_play(view, legal)
        if free is not None:
            return free
        if not self.budget.per_turn():
            return self.search(game, view, seat, legal)
        started = time.perf_counter()
        spend = self.turn_spend(game, view, seat)
        cap, time_cap = self.share(game, spend, len(view.seats))
        try:
            if cap < 1:
                return self.unsearched(game, view, legal)
            return self.search(game, view, seat, legal, cap, time_cap)
        finally:
            spend.playouts += self.last.playouts
            spend.seconds += time.perf_counter() - started
            # A decision the search settled without a playout (nothing stood
            # against the playout bot's choice) is not one the turn's budget
            # has to be kept for.
            if self.last.playouts or cap < 1:
                spend.searched += 1

    def unsearched(self, game: Game[Any, Any], view: GameState, legal: list[Action]) -> Action:
        """The move once the turn's budget is spent: the playout bot's choice
        on the view (without one, the greedy bot's), no sample drawn."""
        policy = self.policy(game)
        if policy is None:
            policy = GreedyBot(seed=self.rng.next_u64())
        return policy.pick(game, view, legal)

    # ----------------------------------------------------------- the turn
    def turn_spend(self, game: Game[Any, Any], view: GameState, seat: int) -> TurnSpend:
        """The record of the turn ``view`` is in: the current one, or a new
        one when the seat or the profile's ``turn_of`` has moved on (a view
        whose turn the game cannot name starts a new record every time).
        Decisions in another seat's turn (the profile's ``turn_owner``)
        have a record of their own, which is not counted among the seat's
        turns."""
        profile = profile_of(game)
        marker = profile.turn_of(view)
        spend = self.turn
        if spend is not None and marker is not None and spend.key == (seat, marker):
            return spend
        if spend is not None and spend.key[1] is not None and not spend.out_of_turn:
            self.turns_done += 1
            self.searched_done += spend.searched
        owner = profile.turn_owner(view)
        self.turn = TurnSpend(key=(seat, marker), out_of_turn=owner is not None and owner != seat)
        return self.turn

    def expected_left(self, game: Game[Any, Any], spend: TurnSpend) -> float:
        """How many decisions the turn should still ask the search for: the
        mean of the bot's finished turns (the profile's guess counting as
        one), less those made, and at least one.  A decision out of turn
        (a forced discard) expects none after it: it has a decision's cap."""
        guess = profile_of(game).turn_decisions
        if spend.out_of_turn:
            return 1.0
        if spend.key[1] is None:
            return guess
        mean = (self.searched_done + guess) / (self.turns_done + 1)
        return max(1.0, mean - spend.searched)

    def share(
        self, game: Game[Any, Any], spend: TurnSpend, seats: int | None = None
    ) -> tuple[int, float | None]:
        """This decision's playout cap and time cap: the level's for one
        decision, at most the turn's remainder divided over the decisions
        expected still, and never past the turn's end (0 playouts: the
        turn's budget is spent)."""
        budget = self.budget
        cap = budget.cap(game, seats)
        time_cap = budget.time_cap()
        left = self.expected_left(game, spend)
        turn_cap = budget.turn_cap(game, seats)
        if turn_cap is not None:
            cap = min(cap, max(0, int((turn_cap - spend.playouts) / left)))
        if budget.turn_seconds is not None:
            remaining = budget.turn_seconds - spend.seconds
            if remaining <= 0:
                return 0, 0.0
            limit = min(remaining, SHARE_PATIENCE * remaining / left)
            time_cap = limit if time_cap is None else min(time_cap, limit)
        return cap, time_cap

    # ---------------------------------------------------------------- search
    def search(
        self,
        game: Game[Any, Any],
        view: GameState,
        seat: int,
        legal: list[Action],
        cap: int | None = None,
        time_cap: float | None = None,
    ) -> Action:
        """The search for one decision, with the level's caps (or ``cap``
        playouts and ``time_cap`` seconds when the turn's budget sets them)."""
        rng = self.rng
        seats = len(view.seats)
        profile = profile_of(game)
        evaluate = search_evaluate(game)
        base = [evaluate(view, s) for s in range(seats)]
        budget = self.budget
        if cap is None:
            cap = budget.cap(game, seats)
            time_cap = budget.time_cap()
        horizon = budget.horizon
        rollout = budget.rollout
        started = time.perf_counter()
        deadline = None if time_cap is None else started + time_cap
        root = Node(seats)
        # The prior: each root action's one-step value on one sample, in the
        # rewards' units; the root's actions best first (ties in a random order).
        sample = game.determinize(view, seat, rng)
        scale = profile.evaluate_scale
        prior, distinct, twin = self.prior(game, sample, seat, legal, base[seat], scale)
        if len(distinct) == 1:
            # Every legal action leaves the same position: nothing to search.
            return distinct[0]
        # A game's own playing bot, when it has one, finishes the turns in
        # the playouts (in a game of one seat, the whole game), and its
        # choice is tried first at the root.
        policy = self.policy(game)
        if policy is not None:
            choice = policy.pick(game, sample, legal)
            prior[twin.get(choice, choice)] = 1.0
        order = list(distinct)
        rng.shuffle(order)
        order.sort(key=lambda a: -prior[a])
        if seats == 1 and policy is not None and rollout:
            return self.shared_rollouts(game, view, seat, order, policy, cap, deadline, started)
        if (
            seats >= max(2, profile.paired_seats)
            and policy is not None
            and rollout
            and profile.paired_width > 1
        ):
            return self.paired_rollouts(
                game, view, seat, order, policy, base, cap, deadline, started
            )
        widen = budget.widen
        bias = PRIOR_WEIGHT
        playouts = 0
        timed_out = False
        # Local names for the loop: it runs thousands of times a move (on
        # samples of its own, which nothing but ``perform`` changes).
        legal_actions, perform, is_over, to_act = (
            game.next_actions,
            game.perform,
            game.is_over,
            game.to_act,
        )
        log, sqrt = math.log, math.sqrt
        # UCB's exploration follows the spread of the rewards seen so far, so
        # that a game whose moves change the evaluation little is still
        # searched, not sampled evenly.
        low, high = 1.0, 0.0
        explore = EXPLORATION
        round_of = profile.playout_round
        watch = self.watch
        while playouts < cap:
            if deadline is not None and playouts and time.perf_counter() > deadline:
                timed_out = True
                break
            state = game.determinize(view, seat, rng)
            node = root
            path = [root]
            if widen > 0:
                width = max(MIN_WIDTH, int(widen * sqrt(playouts + 1)))
                actions = order[:width]
            else:
                actions = order
            actor = seat
            expanded = False
            first = actions[0]
            # Selection: down the tree while every action offered here has a node.
            while True:
                children = node.children
                untried = [a for a in actions if a not in children]
                if untried:
                    action = untried[0] if node is root else untried[rng.randbelow(len(untried))]
                    child = Node(seats)
                    child.avail = 1
                    children[action] = child
                    if node is root:
                        first = action
                    perform(state, action)
                    path.append(child)
                    expanded = True
                    break
                best_value = -1.0
                best_action = actions[0]
                for a in actions:
                    c = children[a]
                    c.avail += 1
                    value = c.reward[actor] / c.visits + explore * sqrt(log(c.avail) / c.visits)
                    if node is root:
                        value += bias * explore * prior[a] / c.visits
                    if value > best_value:
                        best_value, best_action = value, a
                if node is root:
                    first = best_action
                node = children[best_action]
                perform(state, best_action)
                path.append(node)
                if is_over(state):
                    break
                who = to_act(state)
                if who is None:
                    break
                actor = who
                actions = legal_actions(state)
            # Rollout: the mover finishes their turn greedily; then a few
            # random actions (none by default), then the evaluation.
            if expanded and rollout and seats > 1:
                start = None if policy is None else round_of(state)
                if policy is not None and start is not None:
                    finish_round(game, state, start, ROUND_LIMIT, policy)
                else:
                    mover_turn = profile.turn_of(state)
                    finish_turn(game, state, actor, rollout, rng, policy)
                    if policy is not None:
                        answer_mover(
                            game,
                            state,
                            actor,
                            rollout,
                            rng,
                            policy,
                            ROLLOUT_EPSILON,
                            profile.answer_every_seat,
                            mover_turn,
                        )
            steps = 0
            while steps < horizon and not is_over(state):
                moves = legal_actions(state)
                perform(state, moves[rng.randbelow(len(moves))])
                steps += 1
            rewards = self.rewards(game, state, base, scale)
            if watch is not None:
                watch(first, state, None)
            for r in rewards:
                if r < low:
                    low = r
                if r > high:
                    high = r
            explore = EXPLORATION * max(MIN_SPREAD, high - low)
            for n in path:
                n.visits += 1
                total = n.reward
                for s in range(seats):
                    total[s] += rewards[s]
            playouts += 1
        self.last = SearchStats(
            playouts=playouts,
            seconds=time.perf_counter() - started,
            timed_out=timed_out,
            tried=len(root.children),
        )
        return self.most_tried(root, legal, seat)

    def shared_rollouts(
        self,
        game: Game[Any, Any],
        view: GameState,
        seat: int,
        order: list[Action],
        policy: Bot,
        cap: int,
        deadline: float | None,
        started: float,
    ) -> Action:
        """A game of one seat: the first ``SOLO_WIDTH`` actions of ``order``
        (the playout bot's choice first) each played on the same samples,
        the playout bot playing the rest of the game after it; the action
        with the best total final evaluation (ties: the earlier).  Sharing
        the samples (common random numbers) compares the actions on the same
        draws, so their differences are not lost in the draws' noise."""
        candidates = order[:SOLO_WIDTH]
        width = len(candidates)
        totals = [0.0] * width
        playouts = 0
        timed_out = False
        perform, evaluate = game.perform, search_evaluate(game)
        watch = self.watch
        while not playouts or (playouts + width) * SOLO_COST <= cap:
            if deadline is not None and playouts and time.perf_counter() > deadline:
                timed_out = True
                break
            sample = game.determinize(view, seat, self.rng)
            for i, action in enumerate(candidates):
                state = copy_state(sample)
                perform(state, action)
                finish_game(game, state, GAME_LIMIT, policy)
                totals[i] += evaluate(state, seat)
                if watch is not None:
                    watch(action, state, playouts)
            playouts += width
        best = max(range(width), key=lambda i: (totals[i], -i))
        self.last = SearchStats(
            playouts=playouts,
            seconds=time.perf_counter() - started,
            timed_out=timed_out,
            tried=width,
        )
        return candidates[best]

    def paired_rollouts(
        self,
        game: Game[Any, Any],
        view: GameState,
        seat: int,
        order: list[Action],
        policy: Bot,
        base: list[float],
        cap: int,
        deadline: float | None,
        started: float,
    ) -> Action:
        """A game of several seats that opts in (``SearchProfile.paired_width``):
        the first ``paired_width`` actions of ``order`` (the playout bot's
        choice first, then those ``paired_challenger`` lets stand against
        it) each played on the same samples, the playout bot
        finishing the seat's turn and the next seat answering with its own
        (in a game with rounds, ``SearchProfile.playout_round``, every seat
        playing on to the round's end instead, as the tree's playouts do),
        with the same generators for the bots on every candidate; then the
        position is scored as the tree's playouts are.  An action replaces
        the playout bot's choice only when its mean reward is higher by more
        than the profile's ``paired_margin`` standard errors of the paired
        differences:
        the answering turn's swings are in both, not in their difference,
        and the margin keeps the best of several noisy means from being
        taken for better than it is.

        A decision in another seat's turn (the profile's ``turn_owner``: a
        card chosen for a forced discard) plays that turn to its end and
        then the seat's own next turn, and scores the position after it:
        what the seat kept in hand shows only when it plays it."""
        profile = profile_of(game)
        owner = profile.turn_owner(view)
        out_of_turn = owner is not None and owner != seat
        challenger = profile.paired_challenger
        challengers = [a for a in order[1:] if challenger(view, a)]
        candidates = [order[0], *challengers][: max(1, min(profile.paired_width, cap))]
        width = len(candidates)
        if width == 1:
            # Nothing stands against the playout bot's choice: no playouts.
            self.last = SearchStats(seconds=time.perf_counter() - started, tried=1)
            return candidates[0]
        totals = [0.0] * width
        # Differences from the playout bot's choice, sample by sample.
        diffs = [0.0] * width
        squares = [0.0] * width
        samples = 0
        timed_out = False
        rng = self.rng
        scale = profile.evaluate_scale
        limit = self.budget.rollout
        perform = game.perform
        round_of = profile.playout_round
        margin = profile.paired_margin
        turn = profile.turn_of(view)
        watch = self.watch
        while not samples or (samples + 1) * width <= cap:
            if deadline is not None and samples and time.perf_counter() > deadline:
                timed_out = True
                break
            sample = game.determinize(view, seat, rng)
            luck = rng.next_u64()
            first = 0.0
            for i, action in enumerate(candidates):
                state = copy_state(sample)
                policy.rng = Rng.from_seed(luck)
                steps = Rng.from_seed(luck ^ PAIRED_SALT)
                perform(state, action)
                start = round_of(state)
                if start is not None:
                    finish_round(game, state, start, ROUND_LIMIT, policy)
                else:
                    finish_turn(game, state, seat, limit, steps, policy, PAIRED_EPSILON)
                    answer_mover(
                        game,
                        state,
                        seat,
                        limit,
                        steps,
                        policy,
                        PAIRED_EPSILON,
                        profile.answer_every_seat,
                        turn,
                    )
                    if out_of_turn and not game.is_over(state):
                        finish_turn(game, state, seat, limit, steps, policy, PAIRED_EPSILON)
                reward = self.rewards(game, state, base, scale)[seat]
                totals[i] += reward
                if watch is not None:
                    watch(action, state, samples)
                if i == 0:
                    first = reward
                else:
                    diffs[i] += reward - first
                    squares[i] += (reward - first) ** 2
            samples += 1
            if samples >= PAIRED_MIN_SAMPLES and all(
                self.paired_out(diffs[i], squares[i], samples) for i in range(1, width)
            ):
                break
        best = 0
        for i in range(1, width):
            if totals[i] > totals[best] and self.paired_better(
                diffs[i], squares[i], samples, margin
            ):
                best = i
        self.last = SearchStats(
            playouts=samples * width,
            seconds=time.perf_counter() - started,
            timed_out=timed_out,
            tried=width,
        )
        return candidates[best]

    @staticmethod
    def prior(
        game: Game[Any, Any],
        sample: GameState,
        seat: int,
        legal: list[Action],
        base: float,
        scale: float,
    ) -> tuple[dict[Action, float], list[Action], dict[Action, Action]]:
        """Each action's one-step value for ``seat`` on ``sample``, squashed
        to 0..1 like the search's rewards (0.5: as good as the position
        now), and the legal actions less those that leave the same position
        as an earlier one (the same card played from two places, two
        targets that are one): the search compares positions, not names.
        The third part names, for each action left out, the kept one it
        equals."""
        values: dict[Action, float] = {}
        distinct: list[Action] = []
        twin: dict[Action, Action] = {}
        # The positions kept so far, by their value: only positions of equal
        # value are compared whole.
        kept: dict[float, list[tuple[GameState, Action]]] = {}
        evaluate = search_evaluate(game)
        for action in legal:
            trial = copy_state(sample)
            try:
                game.perform(trial, action)
            except IllegalAction:
                values[action] = 0.0
                distinct.append(action)
                continue
            value = 0.5 + 0.5 * math.tanh((evaluate(trial, seat) - base) / scale)
            values[action] = value
            same = kept.setdefault(value, [])
            match = next((a for other, a in same if trial == other), None)
            if match is not None:
                twin[action] = match
                continue
            same.append((trial, action))
            distinct.append(action)
        return values, distinct, twin

    @staticmethod
    def paired_better(diff: float, square: float, samples: int, margin: float) -> bool:
        """Whether a challenger's paired differences from the playout bot's
        choice (their sum and sum of squares over ``samples``) put it more
        than ``margin`` standard errors above it, on ``PAIRED_MIN_EVIDENCE``
        samples or more (the spread estimated from the samples, with
        ``samples - 1``): a gain seen on too few samples is no evidence."""
        if samples < PAIRED_MIN_EVIDENCE:
            return False
        mean = diff / samples
        spread = max(0.0, (square - samples * mean * mean) / (samples - 1))
        return mean > margin * math.sqrt(spread / samples)

    @staticmethod
    def paired_out(diff: float, square: float, samples: int) -> bool:
        """Whether a challenger's paired differences from the playout bot's
        choice (their sum and sum of squares over ``samples``) put it
        ``PAIRED_STOP`` standard errors or more below it: more samples would
        hardly make it the better."""
        mean = diff / samples
        spread = max(0.0, square / samples - mean * mean)
        return mean + PAIRED_STOP * math.sqrt(spread / samples) <= 0.0

    def policy(self, game: Game[Any, Any]) -> Bot | None:
        """The playout bot the game's search profile names, seeded from this
        bot's own generator (None when it names none)."""
        name = profile_of(game).playout_bot
        if name is None:
            return None
        bot: Bot = game.own_bots()[name](seed=self.rng.next_u64())
        return bot

    @staticmethod
    def rewards(
        game: Game[Any, Any], state: GameState, base: list[float], scale: float
    ) -> list[float]:
        """Each seat's reward, from 0 to 1, for where a playout ended: a win
        (shared among the winners) or a loss when the game is over with
        several players; otherwise how much better the search's evaluation
        (:func:`.profile.search_evaluate`) rates the seat than at the root,
        squashed by ``scale`` (the profile's ``evaluate_scale``)."""
        seats = len(base)
        if seats > 1 and game.is_over(state):
            winners = game.outcome(state).winners
            share = 1.0 / len(winners) if winners else 0.0
            return [share if s in winners else 0.0 for s in range(seats)]
        evaluate = search_evaluate(game)
        return [0.5 + 0.5 * math.tanh((evaluate(state, s) - base[s]) / scale) for s in range(seats)]

    @staticmethod
    def most_tried(root: Node, legal: list[Action], seat: int) -> Action:
        """The legal action with the most visits (then the best mean reward
        for ``seat``, then the first offered)."""
        best: Action = legal[0]
        best_key = (-1, -1.0)
        for action in legal:
            node = root.children.get(action)
            if node is None or node.visits == 0:
                continue
            key = (node.visits, node.reward[seat] / node.visits)
            if key > best_key:
                best, best_key = action, key
        return best
