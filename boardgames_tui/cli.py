"""The command line: argument parsing, and the commands that need no screen.

``--help``, ``--version``, ``games``, ``saves`` and ``simulate`` never import
Textual; only the commands that open the app do.

Why one module: the parser and the commands are read side by side (each
subcommand's arguments, then the short function that runs it), and the work
they start (the app, sessions, saves, simulation) lives in other modules,
imported late so that ``--help`` and listing games stay fast.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn, get_args, get_origin

from . import __version__

if TYPE_CHECKING:
    from datetime import datetime

    from .engine.replay import Replay
    from .engine.seating import SeatClaim
    from .engine.session import Session

PROG = "boardgames-tui"


class UsageError(Exception):
    """Arguments that parse but make no sense; reported like argparse's errors."""


class _Parser(argparse.ArgumentParser):
    #: The commands' own parsers, by name (on the top-level parser).
    commands: dict[str, argparse.ArgumentParser]

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        self.exit(2, f"{self.prog}: error: {message}\n")


def build_parser() -> _Parser:
    parser = _Parser(
        prog=PROG,
        description="Pass-and-play tabletop games at one terminal. With no command, opens the menu.",
    )
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    parser.add_argument(
        "--saves",
        metavar="DIR",
        type=Path,
        help="folder for save files (default: $BOARDGAMES_TUI_SAVES or ./saves)",
    )
    # --saves may also come after the command; SUPPRESS keeps the global value then.
    common = _Parser(add_help=False)
    common.add_argument(
        "--saves", metavar="DIR", type=Path, default=argparse.SUPPRESS, help="folder for save files"
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    new = sub.add_parser(
        "new",
        help="start a new game",
        description="Start a new game of GAME at once, the main menu beneath it; it is "
        "saved in the saves folder after every move.",
        parents=[common],
    )
    new.add_argument("game", help="game id (see `games`)")
    new.add_argument("--players", required=True, help="comma-separated names, e.g. Ana,Ben")
    new.add_argument(
        "--bot",
        action="append",
        default=[],
        metavar="NAME=BOT",
        help="let a bot play NAME's seat (e.g. Ben=hard); repeatable. " + _bot_lines(),
    )
    new.add_argument("--seed", type=int, help="seed for a reproducible game")
    new.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a game option (see `games`); repeatable",
    )

    load = sub.add_parser(
        "load",
        help="resume a saved game from a file",
        description="Resume a saved game where it was left. A save that does not load is "
        "refused in one sentence (exit status 2), and the file is left as it is.",
        parents=[common],
    )
    load.add_argument(
        "file", type=Path, metavar="SAVE", help="the save file (or its name in the saves folder)"
    )

    replay = sub.add_parser(
        "replay",
        help="replay a saved game move by move, read-only",
        description="Open a save, finished or not, read-only at its start: arrows step a "
        "move, PgUp/PgDn a turn, Home/End the ends. Nothing is written and no lock is "
        "taken, so a window playing the game is not disturbed. A game with hidden hands "
        "shows no hand until it is over; then W shows any seat's, or every hand.",
        parents=[common],
    )
    replay.add_argument(
        "file", type=Path, metavar="SAVE", help="the save file (or its name in the saves folder)"
    )

    sit = sub.add_parser(
        "sit",
        help="sit at some seats of a saved game: a screen per seat",
        description="Open a saved game in this window at your own seat(s) only: it shows "
        "your hand and never another's, moves only for your seats, and follows the moves "
        "made in the other windows (each sitting at its own seats) within a second. "
        "The save is written after every move; close the window at any time and sit again.",
        parents=[common],
    )
    sit.add_argument(
        "file", type=Path, metavar="SAVE", help="the save file (or its name in the saves folder)"
    )
    sit.add_argument(
        "--seat",
        action="append",
        default=[],
        required=True,
        metavar="NAME",
        help="the seat to sit at, by its player's name; repeat to sit at several "
        "(they hand off between them as on one screen)",
    )
    review = sub.add_parser(
        "review",
        help="a finished game's review: each seat's standing, its turning points",
        description="A finished game's review: each seat's standing after every turn, as the "
        "search's evaluation judges it from that seat's view at the time, and the three moves "
        "of each person's seat that lost most against what the search would have played (the "
        "move, the search's, its reason and what was lost). It is kept beside the save "
        "(.SAVE.review) until the save or the program changes. An unfinished game is never "
        "reviewed.",
        parents=[common],
    )
    review.add_argument(
        "file", type=Path, metavar="SAVE", help="the save file (or its name in the saves folder)"
    )
    review.add_argument("--plot", action="store_true", help="draw the standings as a text plot")
    review.add_argument("--bots", action="store_true", help="judge the bots' moves too")
    sub.add_parser(
        "continue",
        help="resume the most recently played save",
        description="Resume the unfinished game played most recently in the saves "
        "folder ($BOARDGAMES_TUI_SAVES, else ./saves), with the main menu beneath it; "
        "a newer save that does not load is skipped, saying why.",
        parents=[common],
    )
    sub.add_parser(
        "games",
        help="list the games and their options",
        description="List every game: its id (for `new`), its title, how many players "
        "it takes, and its options with their defaults.",
    )
    sub.add_parser(
        "saves",
        help="list the save files",
        description="List the saves in the saves folder, one a line: the name that "
        "`load`, `replay`, `sit` and `review` take, the game, the players, how far it "
        "has got and when it was played (a damaged one says why).",
        parents=[common],
    )

    serve = sub.add_parser(
        "serve",
        help="play in a web browser (a tablet passed around the table)",
        description="Serve the games to a web browser: each tab opened at the address gets "
        "its own table, on the same saves folder as the terminal. Needs the serve extra: "
        "pip install 'boardgames-tui[serve]'.",
        parents=[common],
    )
    serve.add_argument(
        "--host",
        default="127.0.0.1",
        help="address to listen on (default 127.0.0.1: this computer only; "
        "0.0.0.0 lets other devices in with the link serve prints, which holds a secret "
        "token: anyone with the link can play and read the saves)",
    )
    serve.add_argument("--port", type=int, default=8000, help="port to listen on (default 8000)")
    serve.add_argument(
        "--token",
        help="the secret the link must carry (default: $BOARDGAMES_TUI_TOKEN, else a new "
        "one when --host lets other devices in; none on this computer alone)",
    )
    serve.add_argument(
        "--table",
        action="append",
        default=[],
        type=Path,
        metavar="SAVE",
        help="a saved game to play at a screen per seat: prints a link (and a QR code) per "
        "person's seat, each the key to that seat alone; repeatable",
    )
    serve.add_argument(
        "--max-tables",
        type=int,
        default=8,
        metavar="N",
        help="how many tables (browser tabs) may be open at once (default 8)",
    )

    sim = sub.add_parser(
        "simulate",
        help="let bots play games headless and print figures",
        description="One bot plays every seat of seeded games, headless; prints each "
        "game's scores, games and actions per second, and wins by seat (with one "
        "player, the median score and the titles earned). Search bots play by their "
        "playout cap alone, as in `arena`, so a run is the same for the same seed.",
    )
    sim.add_argument("game", help="game id (see `games`)")
    sim.add_argument("--players", type=int, required=True, help="number of players")
    sim.add_argument("--games", type=int, default=10, help="how many games (default 10)")
    sim.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
    sim.add_argument("--bot", default="random", help="which bot plays every seat (default random)")
    sim.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a game option; repeatable",
    )
    sim.add_argument("--quiet", action="store_true", help="print only the totals")

    arena = sub.add_parser(
        "arena",
        help="measure bots against each other: win rates with 95%% intervals",
        description=(
            "Bots play seeded games against each other, one bot per seat, seats rotating "
            "from game to game; prints each bot's win rate with a 95% confidence interval, "
            "mean score and seconds per move. The search bots play by their playout cap "
            "alone, so a run is the same for the same seed. " + _bot_lines()
        ),
    )
    arena.add_argument("game", help="game id (see `games`)")
    arena.add_argument(
        "--bots", required=True, help="one bot per seat, comma-separated, e.g. hard,greedy"
    )
    arena.add_argument("--games", type=int, default=20, help="how many games (default 20)")
    arena.add_argument("--seed", type=int, default=0, help="seed of the first game (default 0)")
    arena.add_argument(
        "--workers", type=int, help="processes to play in (default: the machine's cores)"
    )
    arena.add_argument(
        "--budget",
        type=float,
        default=1.0,
        metavar="SCALE",
        help="multiply the search bots' playout caps, e.g. 0.25 for a quick run (default 1)",
    )
    arena.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a game option; repeatable",
    )
    arena.add_argument("--quiet", action="store_true", help="print only the table")
    parser.commands = dict(sub.choices)
    return parser


# ----------------------------------------------------------------- helpers
#: The generic bots in a few words, for the help (kept here, not imported
#: from ``engine.bots.levels``, so that ``--help`` stays light).
BOT_HELP = (
    "random: any legal move; greedy: looks one step ahead; easy: greedy, with slips; "
    "normal: searches, most turns under 1 s, up to 2 s; hard: searches longer, most turns "
    "under 2 s, up to 4 s (a game may add its own, e.g. root)."
)


def _bot_lines() -> str:
    return "Bots: " + BOT_HELP


def _pairs(items: Sequence[str], what: str) -> dict[str, str]:
    result: dict[str, str] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key.strip() or not value.strip():
            raise UsageError(f"{what} must look like KEY=VALUE, not {item!r}")
        result[key.strip()] = value.strip()
    return result


def _game_options(game_id: str, raw: dict[str, str]) -> dict[str, Any]:
    from .engine.registry import get_game

    game = get_game(game_id)
    fields = game.Options.model_fields
    for key in raw:
        if key not in fields:
            known = ", ".join(fields) or "none"
            raise UsageError(f"{game.title} has no option {key!r} (options: {known})")
    options: dict[str, Any] = {}
    for key, value in raw.items():
        options[key] = _option_value(key, fields[key].annotation, value)
    return options


def _is_sequence(annotation: Any) -> bool:
    """Whether an option's type (or, for ``X | None``, X) is a tuple or list."""
    kinds = [annotation, *get_args(annotation)]
    return any(k in (tuple, list) or get_origin(k) in (tuple, list) for k in kinds)


def _option_value(key: str, annotation: Any, value: str) -> Any:
    """What ``--option KEY=VALUE`` gives the game's options: None for
    "default" or "none"; for an option holding several values, the values
    separated by commas (``half_decks=elementals,demons``) or a JSON list;
    otherwise the text, which the game's options check and convert."""
    if value.lower() in ("default", "none"):
        return None
    if value.startswith("["):
        try:
            return json.loads(value)
        except ValueError:
            raise UsageError(f"--option {key}: {value!r} is not a list (try a,b)") from None
    if _is_sequence(annotation):
        return [part.strip() for part in value.split(",")]
    return value


def _shown_default(field: Any) -> str:
    """An option's default in the words `games` lists it with."""
    default = field.default
    if default is None:
        extra = field.json_schema_extra
        named = extra.get("none") if isinstance(extra, dict) else None
        return named.lower() if isinstance(named, str) else "by player count"
    if isinstance(default, (tuple, list)):
        return ",".join(str(v) for v in default)
    return str(default)


def _seats(players: str, bots: dict[str, str], game_id: str) -> list[Any]:
    from .engine.bots import bot_names
    from .engine.game import Seat
    from .engine.registry import get_game

    known = bot_names(get_game(game_id))

    from .engine.savefile import MAX_NAME

    names = [name.strip() for name in players.split(",")]
    if any(not name for name in names):
        raise UsageError("--players needs names separated by commas, e.g. Ana,Ben")
    if any(len(name) > MAX_NAME for name in names):
        raise UsageError(f"a player's name is at most {MAX_NAME} characters")
    for name, bot in bots.items():
        if name not in names:
            raise UsageError(f"--bot names {name!r}, who is not among the players")
        if bot not in known:
            raise UsageError(f"there is no bot {bot!r} (bots: {', '.join(known)})")
    return [Seat(name=name, bot=bots.get(name)) for name in names]


#: A status line is on the terminal, to be wiped when the app is done.
_status_shown = False

#: Back to the line's start, and the line wiped.
WIPE_LINE = "\r\x1b[K"


def _status(words: str) -> None:
    """A line on the terminal at once, before the slow work of opening a game
    (issue 45.15: seconds of nothing on a busy machine); only where a person
    reads it (the terminal, not a pipe).  The cursor stays on it, so that
    :func:`_status_done` wipes it when the app is over (the terminal comes
    back from the app's screen to where it was): the shell's prompt takes
    its place, no "Setting up Root…" left behind."""
    global _status_shown
    if sys.stderr.isatty():
        from .engine.printable import printable

        print(printable(words), end="", file=sys.stderr, flush=True)
        _status_shown = True


def _status_done() -> None:
    """Wipe the status line, if one shows (before anything else is printed)."""
    global _status_shown
    if _status_shown:
        print(WIPE_LINE, end="", file=sys.stderr, flush=True)
        _status_shown = False


def _title(game_id: str) -> str:
    from .engine.registry import UnknownGame, game_info

    try:
        return game_info(game_id).title
    except UnknownGame:
        return game_id


def _run_app(
    saves: Path | None,
    session: Session | None = None,
    replay: Replay | None = None,
    seated: SeatClaim | None = None,
) -> int:
    """Run the app; its exit status is 1 when it ended on an error (it has
    then printed one sentence and logged the traceback in the saves folder)."""
    from .app import make_app

    game_id = session.game_id if session is not None else replay.game.id if replay else ""
    if game_id:
        # The game's screen is imported now, while the status line shows
        # (seconds on a busy machine), not behind the app's blank screen.
        from .ui.game_screens import screen_class

        screen_class(game_id)
    app = make_app(saves_dir=saves, session=session, replay=replay, seated=seated)
    try:
        app.run()
    except Exception as exc:  # the terminal itself failed: still one sentence
        _status_done()
        from .ui.screens.crash import write_crash_log

        log = write_crash_log(app.settings.saves_dir, exc)
        print(
            f"{PROG}: Something went wrong; the game is saved.\nDetails for a bug report: {log}",
            file=sys.stderr,
        )
        return 1
    _status_done()
    if app.fatal_message:
        print(app.fatal_message, file=sys.stderr)
    return app.return_code or 0


def _players(game: Any) -> str:
    if game.min_players == game.max_players:
        return f"{game.min_players}"
    return f"{game.min_players}-{game.max_players}"


def _games_list() -> str:
    """The games, one a line, for an error about a game id."""
    from .engine.registry import game_ids, get_game

    lines = ["games:"]
    for game_id in game_ids():
        try:
            game = get_game(game_id)
        except Exception:  # a game being written may not import yet
            continue
        lines.append(f"  {game.id:<12} {game.title} ({_players(game)} players)")
    return "\n".join(lines)


# ---------------------------------------------------------------- commands
def cmd_games() -> int:
    from .engine.registry import all_games

    for game in all_games():
        print(f"{game.id:<12} {game.title} ({_players(game)} players)")
        for name, field in game.Options.model_fields.items():
            shown = _shown_default(field)
            about = f" — {field.description}" if field.description else ""
            extra = field.json_schema_extra if isinstance(field.json_schema_extra, dict) else {}
            if isinstance(extra.get("command_line"), str):
                about += f" On the command line: {extra['command_line']}."
            if extra.get("setup", True) is False:
                about += " The setup screen does not offer it."
            print(f"{'':<14}--option {name}=… (default {shown}){about}")
    return 0


def _when(moment: datetime | None) -> str:
    """A save's last-played time in local time, "?" when there is none (or
    the system cannot place it)."""
    if moment is None:
        return "?"
    try:
        return moment.astimezone().strftime("%Y-%m-%d %H:%M")
    except (ValueError, OverflowError, OSError):
        return "?"


def cmd_saves(saves: Path | None) -> int:
    """The save files, one a line.  Everything taken from a file or a file
    name is printed with its control characters escaped: a name is never a
    way to send the terminal an escape sequence."""
    from .engine.paths import default_saves_dir
    from .engine.printable import printable
    from .engine.saves import list_saves

    folder = saves or default_saves_dir()
    infos = list_saves(folder)
    if not infos:
        print(f"No saves in {printable(str(folder))}.")
        return 0
    for info in infos:
        name = printable(info.path.name)
        where = (
            f"  (open in another window: {printable(info.open_elsewhere)})"
            if info.open_elsewhere
            else ""
        )
        if info.seated:
            where += f"  ({printable(_seats_words(info.seated_names()))})"
        if info.error:
            print(f"{name}  DAMAGED: {printable(info.error)}{where}")
        else:
            seats = printable(", ".join(info.seats))
            print(
                f"{name}  {printable(info.title)} · {seats} · {printable(info.progress)} · {_when(info.updated)}{where}"
            )
    return 0


def cmd_new(args: argparse.Namespace) -> int:
    from .engine.paths import default_saves_dir
    from .engine.saves import new_session_path
    from .engine.session import Session

    bots = _pairs(args.bot, "--bot")
    seats = _seats(args.players, bots, args.game)
    options = _game_options(args.game, _pairs(args.option, "--option"))
    _status(f"Setting up {_title(args.game)}…")
    session = Session.new(args.game, seats, options, seed=args.seed, autosave=False)
    # Saved at the first action: no file if the game is left before it.
    session.path = new_session_path(args.saves or default_saves_dir(), session.game_id)
    return _run_app(args.saves, session)


def _refusal(error: Exception) -> str:
    """A save's refusal as printed: one line, control characters escaped
    (a message may quote a name from the file)."""
    from .engine.printable import printable

    return printable(str(error))


def _seats_words(names: list[str]) -> str:
    count = "1 seat" if len(names) == 1 else f"{len(names)} seats"
    return f"open at {count}: {', '.join(names)}"


def _open(saves: Path | None, session: Session, path: Path) -> int:
    """Play ``session`` (read from ``path``) on one screen; or, while some
    of its seats sit in windows of their own (a screen per seat), watch
    it: one screen would play every seat, hands and all, against theirs."""
    from .engine.seat_files import seats_taken
    from .engine.seating import watching

    if seats_taken(path):
        return _run_app(saves, session, seated=watching(path))
    return _run_app(saves, session)


def _save_path(given: Path, saves: Path | None) -> Path:
    """The save a command names, found and checked as every command finds
    and checks one (``engine.saves.find_save``: the path as given, else that
    name in the saves folder; a link, a folder or a FIFO refused in the same
    words).  Raises UsageError: a refused save is reported with the
    command's usage and exit status 2, whichever command it was."""
    from .engine.save_folder import find_save
    from .engine.savefile import SaveError

    try:
        return find_save(given, saves)
    except SaveError as exc:
        raise UsageError(_refusal(exc)) from None


def _loaded(path: Path) -> Session:
    """The game in the save at ``path``; a save that does not load is a
    UsageError (its one sentence, the usage, exit status 2)."""
    from .engine.savefile import SaveError
    from .engine.session import Session

    try:
        return Session.load(path)
    except SaveError as exc:
        raise UsageError(_refusal(exc)) from None


def cmd_load(args: argparse.Namespace) -> int:
    """Resume a saved game; a missing or damaged save is one sentence with
    the usage (exit status 2), as for every command that takes a save."""
    path = _save_path(args.file, args.saves)
    _status(f"Opening {path.name}…")
    return _open(args.saves, _loaded(path), path)


#: Seconds ``sit`` waits for a window at its seat that is closing.
SIT_WAIT = 3.0


def cmd_sit(args: argparse.Namespace) -> int:
    """A window at some seats of a saved game; an unknown save or seat, or
    a seat already taken, is one sentence (exit status 2)."""
    from .engine.seating import SeatError, claim_seats, find_seats

    path = _save_path(args.file, args.saves)
    _status(f"Opening {path.name}…")
    session = _loaded(path)
    try:
        seats = find_seats(session.seats, args.seat)
        # A window at the seat that is still closing (a phone's page opened
        # again at once) gets a moment to end.
        claim = claim_seats(path, session.seats, seats, wait=SIT_WAIT)
    except SeatError as exc:
        raise UsageError(_refusal(exc)) from None
    try:
        return _run_app(args.saves, session, seated=claim)
    finally:
        claim.release()


def cmd_replay(args: argparse.Namespace) -> int:
    """Replay a save read-only; a missing or damaged file is a usage error
    (its one sentence, exit status 2)."""
    from .engine.replay import Replay
    from .engine.savefile import SaveError

    path = _save_path(args.file, args.saves)
    _status(f"Opening {path.name}…")
    try:
        replay = Replay.open(path)
    except SaveError as exc:
        raise UsageError(_refusal(exc)) from None
    return _run_app(args.saves, replay=replay)


def cmd_review(args: argparse.Namespace) -> int:
    """Print a finished save's review; a save that does not load or a game
    not finished is one sentence (exit status 2)."""
    from .engine.review import ReviewError
    from .engine.savefile import SaveError
    from .review_plot import print_review

    path = _save_path(args.file, args.saves)
    try:
        print_review(path, plot=args.plot, bots=args.bots)
    except (SaveError, ReviewError) as exc:
        raise UsageError(_refusal(exc)) from None
    return 0


def cmd_continue(args: argparse.Namespace) -> int:
    """The most recently played unfinished game that loads; a newer one that
    does not is skipped, saying why."""
    from .engine.paths import default_saves_dir
    from .engine.printable import printable
    from .engine.savefile import SaveError
    from .engine.saves import list_saves
    from .engine.session import Session

    # Each candidate is replayed once, by loading it: finished games never are.
    for info in list_saves(args.saves, replay=False):
        if info.finished:
            continue
        if not info.ok:
            print(f"{PROG}: skipping {_refusal(SaveError(info.error))}", file=sys.stderr)
            continue
        try:
            session = Session.load(info.path)
        except SaveError as exc:
            print(f"{PROG}: skipping {_refusal(exc)}", file=sys.stderr)
            continue
        _status(f"Opening {info.path.name}…")
        return _open(args.saves, session, info.path)
    folder = printable(str(args.saves or default_saves_dir()))
    raise UsageError(f"there is no unfinished game to continue in {folder}")


def cmd_serve(args: argparse.Namespace) -> int:
    from .serve import ServeError, serve

    tables = [_save_path(table, args.saves) for table in args.table]
    try:
        serve(
            args.host,
            args.port,
            args.saves,
            token=args.token,
            max_tables=args.max_tables,
            table_saves=tables,
        )
    except ServeError as exc:
        print(f"{PROG}: {exc}", file=sys.stderr)
        return exc.status
    return 0


def cmd_simulate(args: argparse.Namespace) -> int:
    from .engine import arena
    from .engine.game import Seat
    from .engine.registry import get_game

    game = get_game(args.game)
    if args.games < 1:
        raise UsageError("--games must be at least 1")
    options = game.options(_game_options(args.game, _pairs(args.option, "--option")))
    # The player count, in the game's own words (raises SetupError).
    game.check_seats([Seat(name=f"P{i + 1}") for i in range(args.players)])
    # The arena's games with one bot in every seat: its loop, its seeds, its
    # bots (a search bot by its playout cap, no clock).
    spec = arena.ArenaSpec(
        game_id=args.game,
        bots=(args.bot,) * args.players,
        games=args.games,
        seed=args.seed,
        options=options.model_dump(),
    )
    try:
        arena.check(spec)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    total_actions = 0
    wins = [0] * args.players
    agreed = 0  # games the bots ended by agreement (engine/agreement.py)
    solo_scores: list[int] = []

    def tally(record: arena.GameRecord) -> None:
        nonlocal total_actions, agreed
        total_actions += record.actions
        outcome = record.outcome
        agreed += outcome.agreed
        for winner in outcome.winners:
            wins[winner] += 1
        solo_scores.append(outcome.results[0].score)
        if not args.quiet:
            scores = " ".join(f"{r.name}={r.score}" for r in outcome.results)
            print(f"seed {record.seed}: {record.actions} actions; {scores}; {outcome.summary}")

    started = time.perf_counter()
    arena.run(spec, workers=1, progress=tally)
    elapsed = time.perf_counter() - started
    print(
        f"{args.games} games of {game.title} ({args.players} player{'s' if args.players != 1 else ''}, {args.bot} bots): "
        f"{elapsed:.2f} s, {_rate(args.games / elapsed, 'games/s', 'game')}, "
        f"{_rate(total_actions / elapsed, 'actions/s', 'action')}, "
        f"{total_actions / args.games:.0f} actions/game"
    )
    print("wins by seat: " + " ".join(f"P{i + 1}={w}" for i, w in enumerate(wins)))
    if agreed:
        print(f"ended by agreement (no winner): {agreed}")
    if args.players == 1:
        ordered = sorted(solo_scores)
        middle = len(ordered) // 2
        median = (
            ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2
        )
        print(f"scores: median {median:g}, lowest {ordered[0]}, highest {ordered[-1]}")
        if game.solo_titles:
            print("titles earned:")
            for title, count in _titles_earned(game.solo_titles, solo_scores):
                print(f"  {title:<34} {count:>5}")
    return 0


def _rate(per_second: float, unit: str, one: str) -> str:
    """ "25.7 games/s", or for a slow bot "67.9 s/game" rather than "0.0 games/s"."""
    if per_second >= 1:
        return f"{per_second:.1f} {unit}" if per_second < 100 else f"{per_second:.0f} {unit}"
    return f"{1 / per_second:.1f} s/{one}" if per_second > 0 else f"- {unit}"


def _titles_earned(titles: tuple[tuple[int, str], ...], scores: list[int]) -> list[tuple[str, int]]:
    """How many of ``scores`` earned each title (the highest reached), as
    ("75+  The Master Eggsecutioner", count), every title listed."""
    counts = [0] * len(titles)
    for total in scores:
        reached = [i for i, (least, _) in enumerate(titles) if total >= least]
        counts[reached[-1] if reached else 0] += 1
    return [(f"{least:>4}+  {title}", counts[i]) for i, (least, title) in enumerate(titles)]


def cmd_arena(args: argparse.Namespace) -> int:
    from .engine import arena
    from .engine.registry import get_game

    game = get_game(args.game)
    bots = tuple(name.strip() for name in args.bots.split(","))
    if any(not name for name in bots):
        raise UsageError("--bots needs bot names separated by commas, e.g. hard,greedy")
    if args.workers is not None and args.workers < 1:
        raise UsageError("--workers must be at least 1")
    options = game.options(_game_options(args.game, _pairs(args.option, "--option")))
    spec = arena.ArenaSpec(
        game_id=args.game,
        bots=bots,
        games=args.games,
        seed=args.seed,
        options=options.model_dump(),
        budget_scale=args.budget,
    )
    try:
        arena.check(spec)
    except ValueError as exc:
        raise UsageError(str(exc)) from None

    def show(record: arena.GameRecord) -> None:
        if args.quiet:
            return
        seats = " ".join(f"{s.bot}={s.score}{'*' if s.win else ''}" for s in record.seats)
        print(f"game {record.index + 1} (seed {record.seed}): {record.actions} actions; {seats}")

    started = time.perf_counter()
    records = arena.run(spec, workers=args.workers, progress=show)
    print(arena.report(spec, records, time.perf_counter() - started))
    return 0


def _usage_errors() -> tuple[type[Exception], ...]:
    """The errors reported with the command's usage.  Imported only when an
    error reaches ``main`` (an ``except`` clause's classes are looked up only
    then): the menu's first frame needs neither pydantic nor the engine."""
    from .engine.game import SetupError
    from .engine.registry import UnknownGame

    return (UsageError, UnknownGame, SetupError)


def _save_errors() -> tuple[type[Exception], ...]:
    from .engine.savefile import SaveError

    return (SaveError,)


def main(argv: Sequence[str] | None = None) -> int:
    if not (sys.argv[1:] if argv is None else argv):
        # The menu, as a player starts it: nothing to parse, and a parser of
        # every command costs more than its first frame can spare.
        return _run_app(None)
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        if args.command is None:
            return _run_app(args.saves)
        if args.command == "games":
            return cmd_games()
        if args.command == "saves":
            return cmd_saves(args.saves)
        if args.command == "new":
            return cmd_new(args)
        if args.command == "load":
            return cmd_load(args)
        if args.command == "continue":
            return cmd_continue(args)
        if args.command == "replay":
            return cmd_replay(args)
        if args.command == "review":
            return cmd_review(args)
        if args.command == "sit":
            return cmd_sit(args)
        if args.command == "simulate":
            return cmd_simulate(args)
        if args.command == "serve":
            return cmd_serve(args)
        if args.command == "arena":
            return cmd_arena(args)
    except _usage_errors() as exc:
        from .engine.registry import UnknownGame

        _status_done()
        # The usage of the command that was given, not the top level's.
        parser.commands.get(args.command, parser).print_usage(sys.stderr)
        if isinstance(exc, UnknownGame):
            print(_games_list(), file=sys.stderr)
        print(f"{PROG}: error: {exc}", file=sys.stderr)
        return 2
    except _save_errors() as exc:
        _status_done()
        print(f"{PROG}: {exc}", file=sys.stderr)
        return 1
    except BrokenPipeError:
        # The reader went away (``simulate ... | head``): stop quietly, as
        # command-line tools do, and keep Python from complaining at exit.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    parser.error(f"unknown command {args.command!r}")


if __name__ == "__main__":
    raise SystemExit(main())
