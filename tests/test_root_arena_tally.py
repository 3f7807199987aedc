"""The Root arena's game records (``benchmarks/root_arena_factions.py --out``)
and their pooling (``benchmarks/root_arena_tally.py``): what is counted as a
bot's win, by faction and by seat, which games pool, and a stopped run
carried on."""

from __future__ import annotations

import json
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"
if str(BENCHMARKS) not in sys.path:
    sys.path.insert(0, str(BENCHMARKS))

import root_arena_factions as factions  # noqa: E402
import root_arena_tally as tally  # noqa: E402

from boardgames_tui.engine import arena  # noqa: E402
from boardgames_tui.engine.registry import get_game  # noqa: E402

FOUR = "marquise,eyrie,alliance,vagabond"
NAMES = ["Marquise", "Eyrie", "Alliance", "Vagabond"]


def four_seat_game(seed: int, winners: dict[int, float], commit: str = "abc1234") -> dict[str, Any]:
    """A four-seat record as the arena seats it: hard rotates one seat a game
    from the first (game ``seed`` of a run from 0), the factions as named."""
    hard_seat = (-seed) % 4
    return {
        "bots": ["hard", "root", "root", "root"],
        "factions": FOUR,
        "map": "autumn",
        "seating": "chosen",
        "budget": 1.0,
        "commit": commit,
        "seed": seed,
        "actions": 200,
        "seats": [
            {
                "bot": "hard" if i == hard_seat else "root",
                "faction": NAMES[i],
                "score": 30 if i in winners else 10,
                "win": winners.get(i, 0.0),
                "moves": 50,
                "seconds": 1.0,
                "playouts": 100,
            }
            for i in range(4)
        ],
    }


def write(path: Path, games: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(g) + "\n" for g in games))
    return path


def test_a_four_seat_tally_counts_shares_by_faction_and_seat(tmp_path: Path) -> None:
    games = [
        four_seat_game(0, {0: 1.0}),  # hard in seat 1 (Marquise) wins
        four_seat_game(1, {0: 1.0}),  # hard in seat 4 (Vagabond); the Marquise wins
        four_seat_game(2, {2: 0.5, 3: 0.5}),  # hard in seat 3 (Alliance), a coalition
        four_seat_game(3, {1: 1.0}),  # hard in seat 2 (Eyrie) wins
        four_seat_game(4, {3: 1.0}),  # hard in seat 1 again; the Vagabond wins
    ]
    (t,) = tally.tally(tally.load([write(tmp_path / "four.jsonl", games)]), "hard")
    assert (t.games, t.wins, t.parity) == (5, 2.5, 0.25)
    assert t.by_faction == {
        "Marquise": [2, 1.0],
        "Vagabond": [1, 0.0],
        "Alliance": [1, 0.5],
        "Eyrie": [1, 1.0],
    }
    assert t.by_seat == {0: [2, 1.0], 3: [1, 0.0], 2: [1, 0.5], 1: [1, 1.0]}
    text = tally.describe(t, "hard")
    assert "seeds 0-4" in text
    assert "2.5 of 5 (50.0%, " in text
    assert "parity 25%" in text
    # The rule bots' copies share the games hard did not win.
    (r,) = tally.tally(games, "root")
    assert (r.games, r.wins, r.parity) == (5, 2.5, 0.75)


def test_a_game_held_twice_counts_once_and_a_disagreeing_copy_is_refused(
    tmp_path: Path,
) -> None:
    first = write(tmp_path / "a.jsonl", [four_seat_game(0, {0: 1.0}), four_seat_game(1, {1: 1.0})])
    again = write(tmp_path / "b.jsonl", [four_seat_game(1, {1: 1.0}, commit="def5678")])
    (t,) = tally.tally(tally.load([first, again]), "hard")
    assert t.games == 2
    other = write(tmp_path / "c.jsonl", [four_seat_game(1, {2: 1.0}, commit="def5678")])
    with pytest.raises(ValueError, match="seed 1 at this table is already held"):
        tally.load([first, other])


def test_tables_do_not_pool(tmp_path: Path) -> None:
    budget = four_seat_game(5, {0: 1.0}) | {"budget": 0.25}
    lake = four_seat_game(5, {0: 1.0}) | {"map": "lake"}
    path = write(tmp_path / "mixed.jsonl", [four_seat_game(5, {0: 1.0}), budget, lake])
    tallies = tally.tally(tally.load([path]), "hard")
    assert [t.games for t in tallies] == [1, 1, 1]
    assert "budget x0.25" in tally.describe(tallies[1], "hard")


def test_games_at_other_playout_caps_do_not_pool(tmp_path: Path) -> None:
    """The same bots at the same table and budget, but at other caps (a
    level's rate at four seats changed between the runs): tallied apart,
    and a seed held at both caps with different results is no conflict."""
    at_85 = [four_seat_game(s, {0: 1.0}) | {"caps": [["hard", 85, 289]]} for s in range(4)]
    at_200 = [four_seat_game(s, {3: 1.0}) | {"caps": [["hard", 200, 680]]} for s in range(2)]
    unknown = [four_seat_game(0, {2: 1.0})]
    path = write(tmp_path / "caps.jsonl", at_85 + at_200 + unknown)
    tallies = tally.tally(tally.load([path]), "hard")
    assert [(t.games, t.wins) for t in tallies] == [(4, 1.0), (2, 1.0), (1, 0.0)]
    texts = [tally.describe(t, "hard") for t in tallies]
    assert "caps hard 85/289" in texts[0]
    assert "caps hard 200/680" in texts[1]
    assert "caps not recorded" in texts[2]


def test_a_line_that_is_not_a_record_is_named(tmp_path: Path) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text(json.dumps(four_seat_game(0, {0: 1.0})) + "\n{not json\n")
    with pytest.raises(ValueError, match=r"bad.jsonl, line 2: not a game record"):
        tally.load([path])


def test_seed_ranges_and_the_seeds_option() -> None:
    assert tally.seed_ranges([5, 0, 1, 2, 7, 8, 2]) == "0-2, 5, 7-8"
    assert tally.seed_ranges([]) == ""
    assert tally.parse_seeds("20-79") == range(20, 80)
    with pytest.raises(ValueError, match="a range such as 0-39"):
        tally.parse_seeds("20")
    with pytest.raises(ValueError, match="ends before it starts"):
        tally.parse_seeds("9-3")


def two_games() -> arena.ArenaSpec:
    """Two games of random against the rule bot, the Marquise and the Duchy
    seated as named, from seed 3."""
    options = (
        get_game("root")
        .options({"factions": "marquise,duchy", "map": "autumn", "seating": "chosen"})
        .model_dump()
    )
    return arena.ArenaSpec(
        game_id="root", bots=("random", "root"), games=2, seed=3, options=options
    )


def test_a_played_game_written_read_back_and_skipped_on_resume(tmp_path: Path) -> None:
    spec = two_games()
    table = factions.table_key(spec, "marquise,duchy", "autumn", "chosen")
    path = tmp_path / "two.jsonl"
    records = [arena.play_one(spec, i) for i in range(2)]
    with path.open("a") as out:
        for record in records:
            out.write(json.dumps(factions.game_line(record, table, "abc1234")) + "\n")
    # The seeds held for this table, and none for another table, nor for
    # the same table at other caps.
    assert factions.done_seeds(path, table) == {3, 4}
    assert factions.done_seeds(path, table | {"budget": 0.5}) == set()
    assert factions.done_seeds(path, table | {"caps": [["hard", 85, 289]]}) == set()
    assert factions.done_seeds(tmp_path / "none.jsonl", table) == set()
    (t,) = tally.tally(tally.load([path]), "root")
    assert t.games == 2
    assert t.wins == sum(s.win for r in records for s in r.seats if s.bot == "root")
    # Seating chosen: the first seat is the Marquise whoever sits there.
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    assert [[s["faction"] for s in g["seats"]] for g in lines] == [["Marquise", "Duchy"]] * 2
    assert [[s["bot"] for s in g["seats"]] for g in lines] == [
        ["random", "root"],
        ["root", "random"],
    ]


def test_a_search_bots_caps_are_the_arenas_at_the_table() -> None:
    """The caps a record names are those ``arena.make_bot`` plays by at the
    table's size: at four seats Root's own rate (``seat_rates``)."""
    game = get_game("root")
    spec = arena.ArenaSpec(game_id="root", bots=("hard", "root", "root", "root"), games=1)
    bot = arena.make_bot("hard", 0, game, 1.0, 4)
    assert factions.playout_caps(spec) == [
        ["hard", bot.budget.playouts, bot.budget.turn_playouts]  # type: ignore[attr-defined]
    ]
    two = arena.ArenaSpec(game_id="root", bots=("hard", "root"), games=1)
    assert factions.playout_caps(two) != factions.playout_caps(spec)
    assert (
        factions.playout_caps(arena.ArenaSpec(game_id="root", bots=("root", "root"), games=1)) == []
    )


def test_fixed_seats_play_each_seed_with_the_bots_where_named(tmp_path: Path) -> None:
    spec = two_games()
    fixed = [factions.play(spec, i, rotate=False) for i in range(2)]
    assert [r.seed for r in fixed] == [3, 4]
    assert [[s.bot for s in r.seats] for r in fixed] == [["random", "root"]] * 2
    # The game of seed 4 is the same as a run's from seed 4.
    alone = factions.play(replace(spec, seed=4), 0, rotate=False)
    assert alone.actions == fixed[1].actions
    assert [s.score for s in alone.seats] == [s.score for s in fixed[1].seats]
    table = factions.table_key(spec, "marquise,duchy", "autumn", "chosen", rotate=False)
    assert table["fixed"] is True
    assert "fixed" not in factions.table_key(spec, "marquise,duchy", "autumn", "chosen")


def test_faction_of_a_result_name() -> None:
    assert factions.faction_of("P1 (Marquise)") == "Marquise"
    assert factions.faction_of("P3 (Woodland Alliance)") == "Woodland Alliance"
