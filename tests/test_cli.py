"""The command line: listing, simulating and refusing bad arguments, without Textual."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from boardgames_tui import __version__
from boardgames_tui.cli import main
from boardgames_tui.engine import Seat
from boardgames_tui.engine.session import Session

ROOT = Path(__file__).resolve().parent.parent
COMMANDS = ["new", "load", "replay", "continue", "games", "saves", "serve", "simulate", "arena"]


def run_cli(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "boardgames_tui", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=60,
    )


def test_version_and_help_do_not_import_textual() -> None:
    code = (
        "import sys\n"
        "from boardgames_tui.cli import main\n"
        "for argv in (['--version'], ['--help'], ['games'], ['saves', '--saves', sys.argv[1]]):\n"
        "    try:\n"
        "        main(argv)\n"
        "    except SystemExit:\n"
        "        pass\n"
        "assert 'textual' not in sys.modules, 'textual imported'\n"
        "assert 'rich' not in sys.modules, 'rich imported'\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code, str(ROOT / "no-such-folder")],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr


def test_version() -> None:
    result = run_cli("--version")
    assert result.returncode == 0 and result.stdout.strip() == f"boardgames-tui {__version__}"


@pytest.mark.parametrize("argv", [["--help"], *([command, "--help"] for command in COMMANDS)])
def test_help_reads_as_written(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """Every command's help prints, its per cent signs single (argparse
    formats an argument's help, not a description)."""
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    assert exit_info.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith("usage: ") and "%%" not in out and "%(" not in out
    # A line of what the command does, between the usage and the options
    # (issue 45.16: `load --help` and `continue --help` had none).
    _, _, after_usage = out.partition("\n\n")
    assert after_usage and not after_usage.startswith(("options:", "positional")), out


@pytest.mark.parametrize(
    "argv",
    [
        ["--frobnicate"],
        ["bogus"],
        ["new"],
        ["load"],
        ["simulate", "sevens"],
        ["simulate", "sevens", "--players", "two"],
    ],
)
def test_wrong_arguments_print_usage_and_exit_2(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: boardgames-tui")
    assert "error:" in err.splitlines()[-1]


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (["new", "chess", "--players", "A,B"], "no game called"),
        (["new", "sevens", "--players", "A"], "2 to 4 players"),
        (["new", "sevens", "--players", "A,,B"], "names separated by commas"),
        (["new", "sevens", "--players", "A,B", "--bot", "C=random"], "not among the players"),
        (["new", "sevens", "--players", "A,B", "--bot", "B=genius"], "no bot"),
        (["new", "sevens", "--players", "A,B", "--option", "speed=3"], "no option 'speed'"),
        (["new", "sevens", "--players", "A,B", "--option", "plays"], "KEY=VALUE"),
        (["new", "sevens", "--players", "A,B", "--option", "plays=99"], "plays"),
        (["simulate", "sevens", "--players", "2", "--games", "0"], "at least 1"),
        (["simulate", "sevens", "--players", "5"], "2 to 4 players, not 5"),
        (["simulate", "sevens", "--players", "2", "--bot", "genius"], "no bot 'genius'"),
        (["continue"], "no unfinished game"),
    ],
)
def test_bad_requests_are_one_line_errors(
    argv: list[str], fragment: str, capsys: pytest.CaptureFixture[str], saves_dir: Path
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: boardgames-tui")
    last = err.strip().splitlines()[-1]
    assert last.startswith("boardgames-tui: error:") and fragment in last


@pytest.mark.parametrize("command", ["new", "simulate"])
def test_an_unknown_game_prints_the_commands_usage_and_the_games(
    command: str, capsys: pytest.CaptureFixture[str], saves_dir: Path
) -> None:
    players = "A,B" if command == "new" else "2"
    assert main([command, "nosuchgame", "--players", players]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"usage: boardgames-tui {command} ")
    assert "games:" in err
    listed = [line.split()[0] for line in err.split("games:\n")[1].splitlines()[:-1]]
    assert {"underwing", "incubation", "sevens"} <= set(listed)
    assert "Underlings of Underwing (1-6 players)" in err
    last = err.strip().splitlines()[-1]
    assert last.startswith("boardgames-tui: error:") and "no game called 'nosuchgame'" in last


def test_load_of_a_damaged_file_is_a_clear_message(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    assert main(["load", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "bad.json" in err and "Traceback" not in err
    assert bad.read_text() == "{not json"


def test_games_lists_every_game_with_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["games"]) == 0
    out = capsys.readouterr().out
    assert "sevens" in out and "Sevens (test game)" in out and "--option plays=" in out


def test_saves_lists_good_and_damaged(saves_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["saves"]) == 0
    assert "No saves" in capsys.readouterr().out
    session = Session.new("sevens", [Seat(name="Ana"), Seat(name="Ben")], seed=1)
    (saves_dir / "zz-broken.json").write_text("{")
    assert main(["saves", "--saves", str(saves_dir)]) == 0
    out = capsys.readouterr().out
    assert session.path is not None and session.path.name in out
    assert "Sevens (test game) · Ana, Ben" in out
    assert "zz-broken.json  DAMAGED" in out


def test_simulate_prints_outcomes_and_rates(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "sevens", "--players", "3", "--games", "5", "--seed", "7"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert [line.split(":")[0] for line in lines[:5]] == [f"seed {s}" for s in range(7, 12)]
    assert "games/s" in lines[5] and "actions/s" in lines[5]
    assert lines[6].startswith("wins by seat:")


def test_simulate_solo_counts_the_titles_earned(capsys: pytest.CaptureFixture[str]) -> None:
    """`simulate underwing --players 1` ends with how many games earned each
    solo title: every title listed, the counts those of the scores shown."""
    from boardgames_tui.games.underwing.score import SOLO_TITLES, solo_title

    games = ["simulate", "underwing", "--players", "1", "--bot", "greedy", "--games", "6"]
    assert main(games) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    scores = [int(line.split("P1=")[1].split(";")[0]) for line in lines[:6]]
    table = lines[lines.index("titles earned:") + 1 :]
    assert len(table) == len(SOLO_TITLES)
    counts = {line.split("+  ")[1].rsplit(None, 1)[0]: int(line.split()[-1]) for line in table}
    assert list(counts) == [title for _, title in SOLO_TITLES]
    assert counts == {
        title: sum(1 for s in scores if solo_title(s) == title) for _, title in SOLO_TITLES
    }
    assert sum(counts.values()) == 6


def test_simulate_plays_the_arenas_games(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """`simulate` has no bot-play loop of its own: each game is the arena's
    (``arena.play_one``, one bot in every seat), and the lines it prints are
    that game's seed, actions, scores and summary."""
    from boardgames_tui.engine import arena

    played: list[arena.GameRecord] = []
    original = arena.play_one

    def spy(spec: arena.ArenaSpec, index: int) -> arena.GameRecord:
        assert spec.bots == ("random",) * 3
        record = original(spec, index)
        played.append(record)
        return record

    monkeypatch.setattr(arena, "play_one", spy)
    assert main(["simulate", "sevens", "--players", "3", "--games", "4", "--seed", "5"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert [r.seed for r in played] == [5, 6, 7, 8]
    for line, record in zip(lines[:4], played, strict=True):
        scores = " ".join(f"P{i + 1}={s.score}" for i, s in enumerate(record.seats))
        assert line == (
            f"seed {record.seed}: {record.actions} actions; {scores}; {record.outcome.summary}"
        )
    wins = [sum(1 for r in played if r.seats[i].win) for i in range(3)]
    assert lines[5] == "wins by seat: " + " ".join(f"P{i + 1}={w}" for i, w in enumerate(wins))


def test_simulate_is_deterministic(capsys: pytest.CaptureFixture[str]) -> None:
    main(["simulate", "sevens", "--players", "2", "--games", "3"])
    first = capsys.readouterr().out.splitlines()[:3]
    main(["simulate", "sevens", "--players", "2", "--games", "3"])
    assert capsys.readouterr().out.splitlines()[:3] == first


def hand_edit(path: Path) -> None:
    data = json.loads(path.read_text())
    data["state"]["scores"][0] += 50
    path.write_text(json.dumps(data))


def sevens(seed: int) -> Session:
    session = Session.new("sevens", [Seat(name="Ana"), Seat(name="Ben")], seed=seed)
    session.apply(session.legal_actions()[0])
    return session


def test_saves_runs_the_checks_load_runs(
    saves_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    session = sevens(1)
    assert session.path is not None
    hand_edit(session.path)
    assert main(["saves"]) == 0
    out = capsys.readouterr().out
    assert f"{session.path.name}  DAMAGED: " in out and "does not match" in out
    assert main(["load", str(session.path)]) == 2
    assert "does not match" in capsys.readouterr().err


def test_continue_skips_a_newest_save_that_does_not_load(
    saves_dir: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from boardgames_tui import cli

    older = sevens(1)
    newer = sevens(2)
    assert older.path is not None and newer.path is not None
    hand_edit(newer.path)
    os.utime(older.path, (1_000_000, 1_000_000))
    opened: list[Session | None] = []
    monkeypatch.setattr(cli, "_run_app", lambda saves, session=None: opened.append(session) or 0)
    assert main(["continue"]) == 0
    assert [s.path for s in opened if s is not None] == [older.path]
    err = capsys.readouterr().err
    assert f"skipping {newer.path.name}" in err and "does not match" in err


def test_new_writes_its_save_at_the_first_action(
    saves_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from boardgames_tui import cli

    opened: list[Session] = []
    monkeypatch.setattr(cli, "_run_app", lambda saves, session=None: opened.append(session) or 0)
    assert main(["new", "sevens", "--players", "Ana,Ben", "--seed", "3"]) == 0
    (session,) = opened
    assert session.path is not None and session.path.parent == saves_dir
    assert list(saves_dir.iterdir()) == []  # quit now: nothing left behind
    session.apply(session.legal_actions()[0])
    assert session.path.exists()


def test_a_reader_that_goes_away_ends_the_output_quietly() -> None:
    """``simulate ... | head``: no traceback when the pipe closes early."""
    proc = subprocess.Popen(
        [
            sys.executable,
            "-u",
            "-m",
            "boardgames_tui",
            "simulate",
            "incubation",
            "--players",
            "2",
            "--games",
            "40",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=Path(__file__).resolve().parent.parent,
    )
    assert proc.stdout is not None and proc.stderr is not None
    assert proc.stdout.readline().startswith(b"seed 0:")
    proc.stdout.close()
    err = proc.stderr.read()
    assert proc.wait(timeout=120) == 0
    assert b"Traceback" not in err and b"BrokenPipe" not in err


def test_an_option_of_several_values_is_typed_with_commas(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Tyrants' half-decks from the command line, as `games` shows them:
    comma-separated or as a JSON list; a first player left to chance."""
    from boardgames_tui.cli import _game_options
    from boardgames_tui.engine.registry import get_game

    assert main(["games"]) == 0
    out = capsys.readouterr().out
    assert "--option half_decks=… (default drow,dragons)" in out
    assert "--option first_player=… (default at random)" in out
    tyrants = get_game("tyrants")
    for typed in ("elementals,demons", "elementals, demons", '["elementals", "demons"]'):
        options = tyrants.options(_game_options("tyrants", {"half_decks": typed}))
        assert options.half_decks == ("elementals", "demons")
    assert (
        tyrants.options(_game_options("tyrants", {"first_player": "default"})).first_player is None
    )


def test_roots_first_player_is_random_unless_named(capsys: pytest.CaptureFixture[str]) -> None:
    """Root's first player, as `games` lists it: drawn at random (the Law:
    "Determine the starting player and seating order randomly") unless
    ``--option first=marquise`` or ``duchy`` names one."""
    from boardgames_tui.cli import _game_options
    from boardgames_tui.engine.game import SetupError
    from boardgames_tui.engine.registry import get_game

    assert main(["games"]) == 0
    out = capsys.readouterr().out
    assert "--option first=… (default at random)" in out
    root = get_game("root")
    for typed, first in (("random", None), ("default", None), ("duchy", "duchy")):
        options = root.options(_game_options("root", {"first": typed}))
        assert options.model_dump()["first"] == first
    with pytest.raises(SetupError, match="first"):
        root.options(_game_options("root", {"first": "cats"}))


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("half_decks=drow", "half_decks"),
        ("half_decks=drow,drow", "two different half-decks"),
        ("half_decks=drow,giants", "half_decks"),
        ("half_decks=[drow", "is not a list"),
    ],
)
def test_a_bad_list_option_is_refused_with_a_sentence(typed: str, said: str) -> None:
    result = run_cli("simulate", "tyrants", "--players", "2", "--games", "1", "--option", typed)
    assert result.returncode != 0
    assert said in result.stderr and "Traceback" not in result.stderr


def test_simulate_rates_read_well_for_slow_bots() -> None:
    from boardgames_tui.cli import _rate

    assert _rate(25.66, "games/s", "game") == "25.7 games/s"
    assert _rate(6174.2, "actions/s", "action") == "6174 actions/s"
    assert _rate(1 / 67.87, "games/s", "game") == "67.9 s/game"


def test_games_says_what_the_command_line_takes(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["games"]) == 0
    out = capsys.readouterr().out
    tyrants = next(line for line in out.splitlines() if "--option first_player=" in line)
    assert "On the command line: a seat index from 0." in tyrants
    limit = next(line for line in out.splitlines() if "--option turn_limit=" in line)
    assert "The setup screen does not offer it." in limit


def test_a_status_line_at_once_on_a_terminal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 45.15: opening a game took seconds of nothing on a busy
    machine; a line says what is under way at once, on a terminal only."""
    from boardgames_tui import cli

    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    cli._status("Setting up Root…")
    assert capsys.readouterr().err == "Setting up Root…"
    cli._status_done()
    assert capsys.readouterr().err == cli.WIPE_LINE
    cli._status_done()  # once only
    assert capsys.readouterr().err == ""
    monkeypatch.setattr(sys.stderr, "isatty", lambda: False)
    cli._status("Setting up Root…")
    cli._status_done()
    assert capsys.readouterr().err == ""


class QuitAtOnce:
    """An app that ends as a person quitting it does."""

    fatal_message = ""
    return_code = 0

    def __init__(self, fail: str = "") -> None:
        self.fail = fail

    def run(self) -> None:
        if self.fail:
            self.fatal_message = self.fail


@pytest.mark.parametrize("fail", ["", "boardgames-tui: the save could not be written."])
def test_the_status_line_is_wiped_when_the_app_ends(
    fail: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Issue 45: after quitting, the terminal showed "Setting up Root…"
    above the prompt.  The line stays while the game opens; when the app
    ends it is wiped (the cursor is still on it: the terminal comes back
    from the app's screen to where it was), before any message."""
    from boardgames_tui import app as app_module
    from boardgames_tui import cli

    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    monkeypatch.setattr(app_module, "make_app", lambda **kwargs: QuitAtOnce(fail))
    code = cli.main(["--saves", str(tmp_path), "new", "sevens", "--players", "Ana,Ben"])
    assert code == 0
    err = capsys.readouterr().err
    assert err.startswith("Setting up Sevens (test game)…" + cli.WIPE_LINE)
    assert err.removeprefix("Setting up Sevens (test game)…" + cli.WIPE_LINE) == (
        f"{fail}\n" if fail else ""
    )
    # A refusal after the line: wiped first, the usage on lines of its own.
    code = cli.main(["--saves", str(tmp_path), "load", str(tmp_path / "none.json")])
    err = capsys.readouterr().err
    assert code == 2 and not err.startswith("Opening")
