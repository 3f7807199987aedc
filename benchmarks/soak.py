"""The soak: many seeded bot games of every game at every player count, in
several processes, checking after every action that nothing was created or
lost (each game's own conservation check, the ones its tests use), that a
legal action is always offered, and that every game ends.

It prints, per game and player count: games, exceptions, conservation
failures, games that did not end (unended and stalled), games whose table
ended them by agreement (listed; not failures), the longest stretch
without a score change in a game that ended, and the slowest game (with its
seed, so it can be replayed: ``boardgames-tui simulate GAME --players N
--seed SEED --games 1``, with the same bots).  The exit status is 1 if
anything failed.

Tables: every game at every player count with its default options, and
Tyrants with each of the fifteen pairings of its six half-decks, Root with
every table of two, three and four of its registered factions on Autumn,
Winter, Lake and Mountain (and the Marquise, the Eyrie and the Duchy once
more on each variant map with balanced suits) (the options' variants,
:data:`VARIANTS`), each a configuration of its own; a variant that names its
factions is played at one seat per faction.

A game that does not end: one whose scores have stood still for
``STALL_ACTIONS`` is handed to random bots in every seat from where it
stands.  If they end it, it is reported as *stalled*, with its seed, bots,
where it stood and the scores: the rules can end it, its bots had stopped
scoring (Root's greedy bots can: docs/rules/root.md, R-STALL); a stall is
not a failure unless ``--strict``.  If they do not, or if a game is still
scoring after ``MAX_ACTIONS``, it is *unended*, a failure.

A game its bots ended by agreement (a game whose bots agree play has
stopped for good, ``engine/agreement.py``: Root's at a standstill, the deck
and the discard pile empty and no score changed over a full round,
docs/rules/root.md, R-AGREE) ended by a rule of the table: it is counted
and listed as *ended by agreement*, not a failure.

Bots: every game has random bots; one game in ``--greedy-every`` (10) puts
the greedy bot in every other seat, since a greedy game costs many random
ones (up to 20 s for Root on this machine).

    uv run python benchmarks/soak.py                    # 10,000 games each
    uv run python benchmarks/soak.py --games 500 --jobs 2
    uv run python benchmarks/soak.py --game root --games 100
    uv run python benchmarks/soak.py --game root --variant map= --games 20
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import time
import traceback
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from common import ROOT  # noqa: F401  (puts the repository on sys.path)

from boardgames_tui.engine.bots import Bot, get_bot
from boardgames_tui.engine.game import Seat
from boardgames_tui.engine.registry import all_games, get_game

#: A game that has not ended after this many actions, its scores still
#: changing, is unended (a failure); so is a stalled one that random bots
#: do not end within as many more.
MAX_ACTIONS = 20_000
#: A game in which no seat's score has changed for this many actions has
#: stalled, and random bots take over to see whether it can end
#: (``play_one``).  Its bots may be declining every move that scores:
#: Root's greedy bot, one action deep, never spends a supporter on the
#: Alliance's first sympathy (worth nothing) nor flips a Corvid plot for one
#: point, and a Marquise swept off the map can do nothing.  Random play can
#: go long without a score too (every faction's dominance card activated,
#: the game waits for one to win by it: 2,596 actions at four seats in the
#: first 20 seeds), hence a window well above that.
STALL_ACTIONS = 5_000
#: How often (in actions) the scores are read to watch for a stall.
WATCH_EVERY = 100
#: The games ended by agreement listed per table at the end (all are counted).
AGREED_LISTED = 20
#: Seeds per task handed to a worker process.
CHUNK = 20

Check = Callable[[Any], None]
#: Given a game's first state, the check to make after each of its actions.
Starter = Callable[[Any], Check]


# ------------------------------------------------------- conservation checks
# Each raises AssertionError when something was created or lost.  They are
# the games' own inventories and the checks their whole-game tests make.
def _underwing() -> Starter:
    from tests.games.underwing.helpers import check

    return lambda state: check


def _incubation() -> Starter:
    from boardgames_tui.games.incubation.model import BOX, card_ids, inventory

    def check(state: Any) -> None:
        assert inventory(state) == BOX, inventory(state)
        eggs, objectives = card_ids(state)
        assert len(eggs) == len(set(eggs)) == BOX["eggs"], "egg cards"
        assert len(objectives) == len(set(objectives)) == BOX["objectives"], "objectives"

    return lambda state: check


def _tyrants() -> Starter:
    from boardgames_tui.games.tyrants.model import all_cards, inventory
    from tests.games.tyrants.test_tyrants_games import box

    def start(first: Any) -> Check:
        cards = all_cards(first)

        def check(state: Any) -> None:
            assert inventory(state) == box(state), inventory(state)
            assert all_cards(state) == cards, "the cards changed"

        return check

    return start


def _root() -> Starter:
    from boardgames_tui.games.root.factions.alliance import ALLIANCE
    from boardgames_tui.games.root.factions.corvids import CORVIDS
    from tests.games.root.alliance.test_root_alliance_games import conserved as with_alliance
    from tests.games.root.test_root_corvids_games import plots_conserved
    from tests.games.root.test_root_eyrie_games import conserved as any_table
    from tests.games.root.test_root_game import conserved

    # The default table of two (the Marquise and the Duchy) has the closer
    # check; a table with the Alliance counts their supporters and
    # officers, one with the Corvids their plots too.
    def start(state: Any) -> Callable[[Any], None]:
        if state.options.factions is None and len(state.players) == 2:
            return conserved
        table = with_alliance if ALLIANCE in state.factions else any_table
        if CORVIDS not in state.factions:
            return table

        def with_plots(state: Any) -> None:
            table(state)
            plots_conserved(state)

        return with_plots

    return start


CHECKS: dict[str, Callable[[], Starter]] = {
    "underwing": _underwing,
    "incubation": _incubation,
    "tyrants": _tyrants,
    "root": _root,
}


# --------------------------------------------------------------- variants
def _tyrants_pairings() -> list[dict[str, Any]]:
    import itertools

    from boardgames_tui.games.tyrants.cards import HALF_DECKS

    return [{"half_decks": pair} for pair in itertools.combinations(HALF_DECKS, 2)]


def _root_tables() -> list[dict[str, Any]]:
    """Every table of two, three and four of the registered factions (the
    default table, the Marquise and the Duchy, is the game's defaults)."""
    import itertools

    from boardgames_tui.games.root.faction import FACTIONS
    from boardgames_tui.games.root.woodland import DEFAULT_MAP, MAPS

    keys = [f.key for f in sorted(FACTIONS.values(), key=lambda f: f.letter)]
    found: list[dict[str, Any]] = [
        {"factions": table}
        for n in (2, 3, 4)
        for table in itertools.combinations(keys, n)
        if set(table) != {"marquise", "duchy"}
    ]
    # Every map beside Autumn with every table of two, three and four of
    # the registered factions (its suit markers dealt at random), and each
    # map once more with the base table of three and balanced suits.
    base = ("marquise", "eyrie", "duchy")
    for map_id in MAPS:
        if map_id == DEFAULT_MAP:
            continue
        found += [
            {"factions": table, "map": map_id}
            for n in (2, 3, 4)
            for table in itertools.combinations(keys, n)
        ]
        found.append({"factions": base, "map": map_id, "suits": "balanced"})
    return found


#: Options a game is soaked with besides its defaults, each a table of its own.
VARIANTS: dict[str, Callable[[], list[dict[str, Any]]]] = {
    "tyrants": _tyrants_pairings,
    "root": _root_tables,
}


def seat_counts(game: Any, variant: dict[str, Any] | None) -> range:
    """The player counts a table is soaked at: one per faction when the
    variant names them (Root), else every count the game allows."""
    named = (variant or {}).get("factions")
    if named is not None:
        return range(len(named), len(named) + 1)
    return range(game.min_players, game.max_players + 1)


def variant_name(options: dict[str, Any] | None) -> str:
    if not options:
        return ""
    return " ".join(
        f"{k}={','.join(v) if isinstance(v, (list, tuple)) else v}" for k, v in options.items()
    )


# ----------------------------------------------------------------- playing
@dataclass
class Stall:
    """A game whose scores stood still until the soak called it stalled, and
    which random bots in every seat then ended: a stalemate of its bots (none
    takes a move that scores), not a game the rules cannot end."""

    seed: int
    bots: str
    since: int
    """The action after which no seat's score changed."""
    at: int
    """The action at which it was called stalled (``since`` + the stall window)."""
    where: str
    """Where the game stood then (``Game.progress``)."""
    scores: tuple[float, ...]
    finished: int
    """The actions the random bots took to end it from there."""

    def text(self) -> str:
        scores = ", ".join(f"{s:g}" for s in self.scores)
        return (
            f"seed {self.seed} (bots {self.bots}) stalled: no score changed from action "
            f"{self.since:,} to {self.at:,} ({self.where}; the seats' scores {scores}); random "
            f"bots in every seat ended it {self.finished:,} actions later: the rules can end "
            f"it, its bots had stopped scoring"
        )


@dataclass
class Played:
    """What became of one game."""

    actions: int = 0
    exception: str = ""
    conservation: str = ""
    unended: str = ""
    """Why the game did not end, when it did not (empty when it did)."""
    stall: Stall | None = None
    agreed: str = ""
    """How the table ended the game by agreement, when it did (empty when
    it did not)."""
    flat: int = 0
    """The longest stretch of actions without a score change, in a game that
    ended by its own bots (read every ``WATCH_EVERY`` actions)."""


@dataclass
class Result:
    game: str
    players: int
    variant: str = ""
    games: int = 0
    actions: int = 0
    exceptions: list[str] = field(default_factory=list)
    conservation: list[str] = field(default_factory=list)
    unended: list[str] = field(default_factory=list)
    stalls: list[Stall] = field(default_factory=list)
    agreed: list[str] = field(default_factory=list)
    slowest: tuple[float, int] = (0.0, -1)  # seconds, seed
    flattest: tuple[int, int] = (0, -1)  # actions, seed

    def merge(self, other: Result) -> None:
        self.games += other.games
        self.actions += other.actions
        self.exceptions += other.exceptions
        self.conservation += other.conservation
        self.unended += other.unended
        self.stalls += other.stalls
        self.agreed += other.agreed
        self.slowest = max(self.slowest, other.slowest)
        self.flattest = max(self.flattest, other.flattest)

    def add(self, seed: int, played: Played, seconds: float) -> None:
        """One game's fate counted in."""
        self.games += 1
        self.actions += played.actions
        if played.exception:
            self.exceptions.append(f"seed {seed}, {played.exception}")
        if played.conservation:
            self.conservation.append(f"seed {seed}, {played.conservation}")
        if played.unended:
            self.unended.append(played.unended)
        if played.stall is not None:
            self.stalls.append(played.stall)
        if played.agreed:
            self.agreed.append(played.agreed)
        self.slowest = max(self.slowest, (seconds, seed))
        self.flattest = max(self.flattest, (played.flat, seed))


def bots_for(players: int, seed: int, greedy_every: int) -> list[str]:
    greedy = greedy_every > 0 and seed % greedy_every == 0
    return ["greedy" if greedy and (seed + i) % 2 == 0 else "random" for i in range(players)]


def scores(game: Any, state: Any) -> tuple[float, ...]:
    """Every seat's score as the game counts it in progress (``outcome``)."""
    return tuple(r.score for r in game.outcome(state).results)


def run(
    game: Any,
    state: Any,
    bots: list[Bot],
    check: Check | None,
    played: Played,
    *,
    limit: int,
    stall_actions: int,
) -> tuple[str, int, int]:
    """``state`` played on by ``bots``, checked after every action, until it
    ends ("ended"), a check fails ("broken"), ``limit`` more actions were
    played ("limit") or, with ``stall_actions``, no seat's score has changed
    for that many actions ("stalled").  Counts the actions in ``played``;
    returns how it stopped, the action after which the scores last changed
    and the longest stretch without a change (both read every
    ``WATCH_EVERY`` actions, and at the end)."""
    last = scores(game, state)
    since = start = played.actions
    flat = 0
    while not game.is_over(state):
        if played.actions - start >= limit:
            return "limit", since, flat
        seat = game.to_act(state)
        assert seat is not None, "nobody to act in a running game"
        legal = game.legal_actions(state)
        assert legal, "no legal action in a running game"
        game.apply(state, bots[seat].choose(game, state, legal), legal)
        played.actions += 1
        if check is not None:
            try:
                check(state)
            except AssertionError as exc:
                played.conservation = f"action {played.actions}: {exc!r}"
                return "broken", since, flat
        if played.actions % WATCH_EVERY == 0:
            now = scores(game, state)
            if now != last:
                last, since = now, played.actions
            flat = max(flat, played.actions - since)
            if stall_actions and played.actions - since >= stall_actions:
                return "stalled", since, flat
    if scores(game, state) == last:  # (else they changed after the last reading)
        flat = max(flat, played.actions - since)
    return "ended", since, flat


def play_one(
    game: Any,
    options: Any,
    seed: int,
    names: list[str],
    starter: Starter | None,
    *,
    bots: list[Bot] | None = None,
    max_actions: int = MAX_ACTIONS,
    stall_actions: int = STALL_ACTIONS,
) -> Played:
    """One seeded game of ``game`` by the bots ``names`` (or the given
    ``bots``, playing under those names), checked after every action.

    A game whose scores stand still for ``stall_actions`` actions is handed
    to random bots in every seat from where it stands: if they end it, it
    was a stalemate of its bots (``Played.stall``, reported, not a failure);
    if they do not either, the game is unended, as is one that has not
    ended after ``max_actions`` actions with its scores still moving."""
    played = Played()
    try:
        seats = [Seat(name=f"P{i + 1}", bot=name) for i, name in enumerate(names)]
        state = game.setup(seats, options, seed)
        if bots is None:
            bots = [get_bot(name, seed=seed * 31 + i, game=game) for i, name in enumerate(names)]
        check = starter(state) if starter is not None else None
        if check is not None:
            check(state)
        how, since, flat = run(
            game, state, bots, check, played, limit=max_actions, stall_actions=stall_actions
        )
        if how == "ended":
            played.flat = flat
            played.agreed = agreed(game, state, seed, names, played.actions)
        elif how == "limit":
            played.unended = (
                f"seed {seed} (bots {','.join(names)}) had not ended after {max_actions:,} "
                f"actions ({game.progress(state)}), its scores last changed at action "
                f"{since:,}"
            )
        elif how == "stalled":
            at, where, frozen = played.actions, game.progress(state), scores(game, state)
            randoms: list[Bot] = [
                get_bot("random", seed=seed * 31 + 1000 + i, game=game) for i in range(len(names))
            ]
            then, _, _ = run(
                game, state, randoms, check, played, limit=max_actions, stall_actions=0
            )
            if then == "ended":
                played.agreed = agreed(game, state, seed, names, played.actions)
                played.stall = Stall(
                    seed, ",".join(names), since, at, where, frozen, played.actions - at
                )
            elif then == "limit":
                played.unended = (
                    f"seed {seed} (bots {','.join(names)}) stalled from action {since:,} to "
                    f"{at:,} ({where}), and random bots in every seat had not ended it "
                    f"{max_actions:,} actions later ({game.progress(state)}): the rules may "
                    f"never end this game"
                )
    except Exception as exc:
        where = traceback.format_exception(exc)[-2].strip().splitlines()[0]
        played.exception = f"action {played.actions}: {exc!r} ({where})"
    return played


def agreed(game: Any, state: Any, seed: int, names: list[str], actions: int) -> str:
    """How the table ended a finished game by agreement, in words (its
    seed, bots, where it stood and the ranking); empty when it did not."""
    outcome = game.outcome(state)
    if not outcome.agreed:
        return ""
    return (
        f"seed {seed} (bots {','.join(names)}) ended by agreement at action {actions:,} "
        f"({game.progress(state)}): {outcome.summary}"
    )


Task = tuple[str, int, "dict[str, Any] | None", int, int, int]


def play_games(task: Task) -> Result:
    """Play seeds ``start`` .. ``start + count - 1`` of one configuration."""
    game_id, players, variant, start, count, greedy_every = task
    game = get_game(game_id)
    make_starter = CHECKS.get(game_id)
    starter = make_starter() if make_starter is not None else None
    options = game.options(variant)
    result = Result(game_id, players, variant_name(variant))
    for seed in range(start, start + count):
        started = time.perf_counter()
        played = play_one(game, options, seed, bots_for(players, seed, greedy_every), starter)
        result.add(seed, played, time.perf_counter() - started)
    return result


Config = tuple[str, int, "dict[str, Any] | None"]


def tasks(configs: list[Config], games: int, seed: int, greedy_every: int) -> Iterator[Task]:
    for game_id, players, variant in configs:
        for start in range(seed, seed + games, CHUNK):
            count = min(CHUNK, seed + games - start)
            yield (game_id, players, variant, start, count, greedy_every)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000, help="per game and player count")
    parser.add_argument("--seed", type=int, default=0, help="first seed (0)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes")
    parser.add_argument("--greedy-every", type=int, default=10, help="1 game in N has greedy bots")
    parser.add_argument(
        "--strict", action="store_true", help="count stalled games (bots' stalemates) as failures"
    )
    parser.add_argument("--game", help="only this game id")
    parser.add_argument("--players", type=int, help="only this player count")
    parser.add_argument(
        "--variant", default="", help="only the tables whose options contain this, e.g. map=lake"
    )
    args = parser.parse_args()
    configs: list[Config] = [
        (game.id, n, variant)
        for game in all_games()
        if args.game in (None, game.id)
        for variant in [None, *(VARIANTS[game.id]() if game.id in VARIANTS else [])]
        for n in seat_counts(game, variant)
        if args.players in (None, n) and args.variant in variant_name(variant)
    ]
    if not configs:
        parser.error("no game matches")
    print(
        f"soak: {args.games:,} games per game, player count and options, seeds {args.seed}-"
        f"{args.seed + args.games - 1}, {args.jobs} processes, greedy bots in 1 game in "
        f"{args.greedy_every}",
        flush=True,
    )
    results = {
        (game_id, players, variant_name(variant)): Result(game_id, players, variant_name(variant))
        for game_id, players, variant in configs
    }
    started = time.perf_counter()
    with multiprocessing.Pool(args.jobs) as pool:
        for part in pool.imap_unordered(
            play_games, tasks(configs, args.games, args.seed, args.greedy_every)
        ):
            total = results[(part.game, part.players, part.variant)]
            total.merge(part)
            if total.games == args.games:
                print(line(total), flush=True)
    elapsed = time.perf_counter() - started
    all_games_played = sum(r.games for r in results.values())
    failures = 0
    for result in results.values():
        for text in (result.exceptions + result.conservation + result.unended)[:5]:
            print(f"  {label(result)}: {text}")
        for stall in result.stalls[:5]:
            print(f"  {label(result)}: {stall.text()}")
        for text in result.agreed[:AGREED_LISTED]:
            print(f"  {label(result)}: {text}")
        if len(result.agreed) > AGREED_LISTED:
            print(
                f"  {label(result)}: ... {len(result.agreed) - AGREED_LISTED} more ended by agreement"
            )
        failures += failed(result, strict=args.strict)
    slowest = max(results.values(), key=lambda r: r.slowest)
    print(
        f"total: {all_games_played:,} games, "
        f"{sum(len(r.exceptions) for r in results.values())} exceptions, "
        f"{sum(len(r.conservation) for r in results.values())} conservation failures, "
        f"{sum(len(r.unended) for r in results.values())} unended, "
        f"{sum(len(r.agreed) for r in results.values())} ended by agreement (not failures), "
        f"{sum(len(r.stalls) for r in results.values())} stalled (bots' stalemates, "
        f"{'failures' if args.strict else 'not failures: --strict counts them'}); slowest game "
        f"{slowest.slowest[0]:.2f} s ({slowest.game} {slowest.players}p seed {slowest.slowest[1]}, "
        f"bots {','.join(bots_for(slowest.players, slowest.slowest[1], args.greedy_every))}); "
        f"{elapsed:.0f} s wall",
        flush=True,
    )
    return 1 if failures else 0


def failed(result: Result, *, strict: bool = False) -> int:
    """The games of a table that fail the soak: those that raised, broke a
    conservation check or did not end; with ``strict``, the stalled too."""
    stalled = len(result.stalls) if strict else 0
    return len(result.exceptions) + len(result.conservation) + len(result.unended) + stalled


def label(result: Result) -> str:
    """The table: game, player count and options (when not the defaults)."""
    return f"{result.game} {result.players}p" + (f" {result.variant}" if result.variant else "")


def line(result: Result) -> str:
    seconds, seed = result.slowest
    flat, flat_seed = result.flattest
    checked = "" if result.game in CHECKS else " (no conservation check for this game)"
    return (
        f"{label(result)}: {result.games:,} games, {result.actions:,} actions, "
        f"{len(result.exceptions)} exceptions, {len(result.conservation)} conservation failures, "
        f"{len(result.unended)} unended, {len(result.stalls)} stalled, "
        f"{len(result.agreed)} ended by agreement; slowest {seconds:.2f} s "
        f"(seed {seed}); longest scoreless stretch of an ended game {flat:,} actions "
        f"(seed {flat_seed}){checked}"
    )


if __name__ == "__main__":
    raise SystemExit(main())
