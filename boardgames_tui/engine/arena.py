"""The arena: bots play many seeded games against each other, rotating seats,
in several processes, and each bot's strength is reported as a win rate with
its 95% confidence interval, a mean score and the seconds it takes a move.

Game ``i`` is set up with seed ``seed + i``; seat ``j`` is played by bot
``(i + j) mod len(bots)`` of the list, seeded from the game's seed and the
seat, so every bot plays every seat in turn.  The search bots play by their
playout caps alone here (no clock), so a run is the same for the same seed on
any machine and with any number of workers; only the seconds differ.

``simulate`` (one bot in every seat) plays its games through the same loop
(:func:`play_one`).
"""

from __future__ import annotations

import math
import os
import time
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field, replace
from typing import Any

from pydantic import BaseModel

from .bots import Bot, SearchBot, get_bot
from .game import Game, Outcome, Seat, SetupError
from .registry import get_game

#: More actions than any game takes: a game past this is reported as stuck.
ACTION_LIMIT = 20000
#: z for a 95% interval.
Z95 = 1.959963984540054


@dataclass(frozen=True)
class ArenaSpec:
    """What to play: a game, the bots (one per seat, rotated), how many games."""

    game_id: str
    bots: tuple[str, ...]
    games: int
    seed: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    #: Multiplies the search bots' playout caps (1: their level's budget).
    budget_scale: float = 1.0


@dataclass
class SeatRecord:
    bot: str
    score: int
    win: float
    moves: int
    seconds: float
    playouts: int


@dataclass
class GameRecord:
    index: int
    seed: int
    actions: int
    seats: list[SeatRecord]
    #: The game's end as the rules scored it (its summary, its winners).
    outcome: Outcome


@dataclass
class BotStats:
    """One bot name's results over the run (all the seats it played)."""

    bot: str
    #: Seats this bot held per game (several copies of a bot in one game).
    copies: int
    games: int = 0
    wins: float = 0.0
    score_total: int = 0
    seats_played: int = 0
    moves: int = 0
    seconds: float = 0.0
    playouts: int = 0
    #: Seat index -> (games, wins) for this bot in that seat.
    by_seat: dict[int, list[float]] = field(default_factory=dict)

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)

    @property
    def mean_score(self) -> float:
        return self.score_total / self.seats_played if self.seats_played else 0.0

    @property
    def seconds_per_move(self) -> float:
        return self.seconds / self.moves if self.moves else 0.0


def wilson(wins: float, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (ties count as shares)."""
    if games <= 0:
        return (0.0, 1.0)
    p = wins / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    # At p = 0 or 1 a bound is exactly 0 or 1; rounding would leave 0.99999...
    low = 0.0 if wins <= 0 else max(0.0, centre - half)
    high = 1.0 if wins >= games else min(1.0, centre + half)
    return (low, high)


def seat_bots(spec: ArenaSpec, index: int) -> list[str]:
    """The bot in each seat of game ``index``: the list rotated by the index."""
    n = len(spec.bots)
    return [spec.bots[(index + seat) % n] for seat in range(n)]


def make_bot(
    name: str, seed: int, game: Game[Any, Any], scale: float = 1.0, seats: int | None = None
) -> Bot:
    """Bot ``name`` as the arena plays it: a search bot by its playout caps
    at a table of ``seats`` (a decision's and, with a budget per turn, the
    turn's; times ``scale``) alone, with no clock, so its moves depend on
    the seed only."""
    bot = get_bot(name, seed=seed, game=game)
    if isinstance(bot, SearchBot):
        budget = bot.budget
        cap = max(1, round(budget.cap(game, seats) * scale))
        turn_cap = budget.turn_cap(game, seats)
        turn = None if turn_cap is None else max(1, round(turn_cap * scale))
        bot.budget = replace(
            budget, seconds=None, playouts=cap, turn_seconds=None, turn_playouts=turn
        )
    return bot


def play_one(spec: ArenaSpec, index: int) -> GameRecord:
    """Game ``index`` of the run, start to end: the one loop in which bots
    play a game headless (the arena's runs and ``simulate``)."""
    game = get_game(spec.game_id)
    names = seat_bots(spec, index)
    seed = spec.seed + index
    seats = [Seat(name=f"P{i + 1}", bot=name) for i, name in enumerate(names)]
    state = game.setup(seats, spec.options or None, seed)
    bots = [
        make_bot(name, seed * 31 + i, game, spec.budget_scale, len(names))
        for i, name in enumerate(names)
    ]
    moves = [0] * len(names)
    seconds = [0.0] * len(names)
    playouts = [0] * len(names)
    actions = 0
    while not game.is_over(state):
        if actions >= ACTION_LIMIT:
            raise RuntimeError(f"{game.title}, seed {seed}: no end after {ACTION_LIMIT} actions")
        seat = game.to_act(state)
        assert seat is not None
        legal = game.next_actions(state)  # the state is this loop's own
        bot = bots[seat]
        started = time.perf_counter()
        action = bot.choose(game, state, legal)
        seconds[seat] += time.perf_counter() - started
        moves[seat] += 1
        if isinstance(bot, SearchBot):
            playouts[seat] += bot.last.playouts
        game.apply(state, action, legal)
        actions += 1
    outcome = game.outcome(state)
    share = 1.0 / len(outcome.winners) if outcome.winners else 0.0
    scores = {r.seat: r.score for r in outcome.results}
    return GameRecord(
        index=index,
        seed=seed,
        actions=actions,
        seats=[
            SeatRecord(
                bot=name,
                score=scores[i],
                win=share if i in outcome.winners else 0.0,
                moves=moves[i],
                seconds=seconds[i],
                playouts=playouts[i],
            )
            for i, name in enumerate(names)
        ],
        outcome=outcome,
    )


def _play_many(spec: ArenaSpec, indices: list[int]) -> list[GameRecord]:
    return [play_one(spec, i) for i in indices]


def run(
    spec: ArenaSpec,
    workers: int | None = None,
    progress: Callable[[GameRecord], None] | None = None,
) -> list[GameRecord]:
    """Play the run's games in ``workers`` processes (default: the machine's
    cores; 1 plays them here) and return their records in game order."""
    check(spec)
    workers = max(1, min(workers or os.cpu_count() or 1, spec.games))
    records: list[GameRecord] = []
    if workers == 1:
        for index in range(spec.games):
            record = play_one(spec, index)
            records.append(record)
            if progress is not None:
                progress(record)
        return records
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(play_one, spec, i) for i in range(spec.games)]
        for future in futures:
            record = future.result()
            records.append(record)
            if progress is not None:
                progress(record)
    return records


def check(spec: ArenaSpec) -> None:
    """Raise ValueError with a sentence when the run cannot be played."""
    from .bots import bots_for

    game = get_game(spec.game_id)
    if spec.games < 1:
        raise ValueError("The arena needs at least one game.")
    if not spec.bots:
        raise ValueError("The arena needs at least one bot.")
    players = len(spec.bots)
    seats = [Seat(name=f"P{i + 1}") for i in range(players)]
    try:
        game.check_seats(seats)
    except SetupError as exc:
        # The game's own words (Root names its factions), one bot a seat.
        raise ValueError(f"{exc} ({players} bots were given, one per seat.)") from None
    known = bots_for(game)
    for name in spec.bots:
        if name not in known:
            raise ValueError(
                f"There is no bot {name!r} for {game.title} (bots: {', '.join(known)})."
            )
    if spec.budget_scale <= 0:
        raise ValueError("The budget scale must be above zero.")
    options: BaseModel = game.options(spec.options or None)
    # The table itself, set up once: a game refuses seats its options cannot
    # seat (Root's players beyond its factions) with a sentence (SetupError).
    game.setup(seats, options, spec.seed)


def summarize(spec: ArenaSpec, records: Iterable[GameRecord]) -> list[BotStats]:
    """Each distinct bot's results, in the order the bots were listed.

    A bot listed several times (one hard against three greedy) counts a game
    as won when any of its copies won it; its parity is copies / players."""
    stats: dict[str, BotStats] = {}
    for name in spec.bots:
        if name not in stats:
            stats[name] = BotStats(bot=name, copies=spec.bots.count(name))
    for record in records:
        won: dict[str, float] = {}
        for seat, s in enumerate(record.seats):
            st = stats[s.bot]
            st.score_total += s.score
            st.seats_played += 1
            st.moves += s.moves
            st.seconds += s.seconds
            st.playouts += s.playouts
            won[s.bot] = won.get(s.bot, 0.0) + s.win
            games_wins = st.by_seat.setdefault(seat, [0.0, 0.0])
            games_wins[0] += 1
            games_wins[1] += s.win
        for name, win in won.items():
            stats[name].games += 1
            stats[name].wins += win
    return list(stats.values())


def report(spec: ArenaSpec, records: list[GameRecord], elapsed: float) -> str:
    """The run's table, as printed by ``boardgames-tui arena``."""
    game = get_game(spec.game_id)
    players = len(spec.bots)
    lines = [
        f"{len(records)} games of {game.title}, {players} player{'s' if players != 1 else ''}, "
        f"seeds {spec.seed}-{spec.seed + len(records) - 1}, seats rotating"
        + (f", search budgets x{spec.budget_scale:g}" if spec.budget_scale != 1 else "")
        + f"; {elapsed:.0f} s",
        f"{'bot':<10} {'win rate':>8}  {'95% CI':<13} {'parity':>6}  {'mean score':>10}  "
        f"{'s/move':>7}  {'playouts/move':>13}  by seat",
    ]
    for st in summarize(spec, records):
        low, high = st.interval
        parity = st.copies / players
        per_move = st.playouts / st.moves if st.moves and st.playouts else 0
        seats = " ".join(
            f"{seat + 1}:{w / g:.0%}" for seat, (g, w) in sorted(st.by_seat.items()) if g
        )
        lines.append(
            f"{st.bot:<10} {st.win_rate:>8.1%}  {low:>5.1%}-{high:<6.1%} {parity:>6.0%}  "
            f"{st.mean_score:>10.1f}  {st.seconds_per_move:>7.3f}  "
            f"{(f'{per_move:.0f}' if per_move else '-'):>13}  {seats}"
        )
    if players == 1:
        scores = sorted(r.seats[0].score for r in records)
        median = _median(scores)
        lines.append(f"solo: median score {median:g}, lowest {scores[0]}, highest {scores[-1]}")
    return "\n".join(lines)


def _median(values: list[int]) -> float:
    n = len(values)
    mid = n // 2
    return float(values[mid]) if n % 2 else (values[mid - 1] + values[mid]) / 2
