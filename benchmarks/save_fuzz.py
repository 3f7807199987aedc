"""The whole-path save fuzzer, long: seeded mutations of real saves (numbers
of every size, every field's type, dates, unicode, truncation, nesting, keys,
bytes; tests/engine/save_mutations.py), each alone in a saves folder, through
`saves`, `load` and `continue` as the command line runs them, then batches of
them in the Load screen.  Counts what went wrong (must be 0: a traceback, a
hang, text printed raw, a refusal that does not name its file, the list and
loading disagreeing, a file changed) and prints files/s beside the same path
run on the valid saves in the same run.

Then the hostile shapes at the size limit (issue 46): files just under 16 MB
made to cost the most to read (millions of small invalid items, as many
lists and objects as a save may hold, structures nested deep, a million
keys, numbers of 4,299 digits, one huge string...), each through ``saves``
and ``load`` in a process of its own: its time and peak memory beside a
valid save of the same size (a real game padded with spaces) measured the
same way in the same run.  Target: the worst within 5 s and 500 MB.

    uv run python benchmarks/save_fuzz.py [--files N] [--seed S] [--screens B]
    uv run python benchmarks/save_fuzz.py --shapes-only
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import io
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from common import ROOT, report

from boardgames_tui.engine import registry
from boardgames_tui.engine.savefile import MAX_BYTES, SaveError
from boardgames_tui.engine.session import Session
from tests.engine.save_mutations import (
    RandomChooser,
    check_whole_path,
    fingerprint,
    mutate,
    recorded_saves,
    shown_badly,
)
from tests.toygame import GAME as SEVENS

#: Saves to mutate: the small test game and every real game, mid-play.
GAMES = [
    ("sevens", 3, 8),
    ("incubation", 2, 40),
    ("underwing", 3, 60),
    ("tyrants", 2, 30),
    ("root", 2, 30),
]
#: The valid save the shapes are made from and measured beside: a long
#: Underwing game (six seats, played to its end by random bots).
SHAPE_GAME = [("underwing", 6, 20_000)]


def run_path(
    folder: Path, contents: list[bytes], problems: list[str], labels: list[str]
) -> tuple[float, int]:
    """Each file through the whole path; seconds taken and how many loaded."""
    loaded = 0
    started = time.perf_counter()
    for number, (data, label) in enumerate(zip(contents, labels, strict=True)):
        case = folder / f"case-{number}"
        case.mkdir()
        path = case / "mutated.json"
        path.write_bytes(data)
        verdict = check_whole_path(path)
        loaded += verdict.loaded
        problems.extend(f"{label}: {p}" for p in verdict.problems)
    return time.perf_counter() - started, loaded


def saves_in(folder: Path) -> dict[str, Any]:
    """The files of a folder and their contents, but for the index of
    checked saves that a listing keeps beside them (not a save)."""
    from boardgames_tui.engine.save_index import INDEX_NAME

    return {p.name: fingerprint(p) for p in folder.iterdir() if p.name != INDEX_NAME}


async def load_screen(folder: Path, contents: list[bytes]) -> list[str]:
    """A folder of mutated files in the Load screen: it opens and lists each
    with loading's verdict, shows no name raw, refuses the damaged ones, and
    changes no file."""
    from rich.console import Console
    from textual.widgets import OptionList

    from boardgames_tui.app import make_app
    from boardgames_tui.ui.screens.load import LoadScreen

    problems: list[str] = []
    for number, data in enumerate(contents):
        (folder / f"mutated-{number:03}.json").write_bytes(data)
    before = saves_in(folder)
    expected: dict[str, bool] = {}
    for path in folder.glob("*.json"):
        try:
            Session.load(path)
            expected[path.name] = True
        except SaveError:
            expected[path.name] = False
    app = make_app(folder, bot_delay=0)
    app.animation_level = "none"
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("l")
        for _ in range(200):
            if isinstance(app.screen, LoadScreen):
                break
            await pilot.pause(0.05)
        screen = app.screen
        if not isinstance(screen, LoadScreen):
            return [f"{folder.name}: the Load screen did not open ({type(screen).__name__})"]
        if {i.path.name: i.ok for i in screen.saves} != expected:
            problems.append(f"{folder.name}: the Load screen's verdicts differ from loading's")
        options = screen.query_one("#saves", OptionList)
        for index in range(options.option_count):
            console = Console(width=200, file=io.StringIO(), record=True)
            console.print(options.get_option_at_index(index).prompt)
            if (bad := shown_badly(console.export_text())) is not None:
                problems.append(f"{folder.name}: entry {index} shows {bad} raw")
        for index, info in enumerate(list(screen.saves)):
            if info.ok:
                continue
            options.highlighted = index
            await pilot.press("enter")
            await pilot.pause()
            if not isinstance(app.screen, LoadScreen):
                problems.append(f"{info.path.name}: choosing a damaged save left the Load screen")
                break
    problems.extend(f"{folder.name}: crash {type(e).__name__}: {e}" for e in app.crashes)
    if saves_in(folder) != before:
        problems.append(f"{folder.name}: a file was changed")
    return problems


# ------------------------------------------------------ shapes at the limit
#: How close to the size limit the shapes are made.
SHAPE_BYTES = MAX_BYTES - 4096
#: What a child process does with one file: the path one command takes
#: (``saves`` and the Load screen's check: the list, each save replayed;
#: ``continue``: the list, then the newest loaded; the menu's Continue: the
#: newest unfinished save that loads; ``load``, ``replay`` and ``sit``:
#: loading), then its time (the work alone) and peak memory (the process's
#: high-water mark, as the system counts it).
CHILD = """
import json, sys, time
from pathlib import Path
from boardgames_tui.engine.savefile import SaveError
from boardgames_tui.engine.saves import latest_save, list_saves
from boardgames_tui.engine.session import Session
command, path = sys.argv[1], Path(sys.argv[2])
start = time.perf_counter()
verdict = "loaded"
try:
    if command == "saves":
        [info] = list_saves(path.parent)
        verdict = info.error or verdict
    elif command == "menu":
        found = latest_save(path.parent, unfinished=True)
        verdict = "offered" if found is not None else "not offered"
    else:
        if command == "continue":
            [info] = list_saves(path.parent, replay=False)
            if info.error:
                raise SaveError(info.error)
        Session.load(path)
except SaveError as exc:
    verdict = str(exc)
seconds = time.perf_counter() - start
with open("/proc/self/status") as status:
    peak = next(int(line.split()[1]) for line in status if line.startswith("VmHWM:"))
print(json.dumps({"seconds": seconds, "mb": peak / 1024, "verdict": verdict}))
"""
#: The commands measured on each file.
COMMANDS = ("saves", "load", "continue", "menu")


def filled(save: dict[str, Any], where: str, item: str, *, between: str = ",") -> bytes:
    """``save`` with the JSON text at ``where`` ("actions", or a new key of
    the state) a list of ``item`` repeated up to the size limit."""
    copy = json.loads(json.dumps(save))
    if where == "actions":
        copy["actions"] = "@@"
    else:
        copy["state"][where] = "@@"
    text = json.dumps(copy)
    room = SHAPE_BYTES - len(text) - 2
    count = max(1, room // (len(item) + len(between)))
    return text.replace('"@@"', "[" + between.join([item] * count) + "]").encode()


def padded(text: bytes) -> bytes:
    """A file's text padded with spaces (valid JSON) to the size limit."""
    return text + b" " * max(0, SHAPE_BYTES - len(text))


def deep(save: dict[str, Any], depth: int) -> bytes:
    """Objects nested ``depth`` deep, as many as the count of lists and
    objects allows, in the state; padded to the limit."""
    from boardgames_tui.engine.savefile import MAX_CONTAINERS

    copy = json.loads(json.dumps(save))
    copy["state"]["deep"] = "@@"
    text = json.dumps(copy)
    one = '{"a": ' * depth + "0" + "}" * depth
    count = (MAX_CONTAINERS - text.count("{") - text.count("[") - 10) // depth
    return padded(text.replace('"@@"', "[" + ",".join([one] * count) + "]").encode())


def wide(save: dict[str, Any]) -> bytes:
    copy = json.loads(json.dumps(save))
    copy["state"]["wide"] = "@@"
    text = json.dumps(copy)
    count = (SHAPE_BYTES - len(text)) // 14
    keys = ",".join(f'"k{i:08d}":0' for i in range(count))
    return text.replace('"@@"', "{" + keys + "}").encode()


def just_under_the_count(save: dict[str, Any]) -> bytes:
    from boardgames_tui.engine.savefile import MAX_CONTAINERS

    copy = json.loads(json.dumps(save))
    copy["actions"] = "@@"
    text = json.dumps(copy)
    count = MAX_CONTAINERS - text.count("{") - text.count("[") - 10
    return padded(text.replace('"@@"', "[" + ",".join(['{"kind": "x"}'] * count) + "]").encode())


def shapes(save: dict[str, Any]) -> dict[str, bytes]:
    """The hostile shapes, each just under the size limit."""
    move = json.dumps(save["actions"][0])
    name = dict(save, seats=[dict(save["seats"][0], name="@@"), *save["seats"][1:]])
    return {
        "5 million empty moves": filled(save, "actions", "{}"),
        "8 million zeros as moves": filled(save, "actions", "0"),
        "as many one-key moves as a save may hold": just_under_the_count(save),
        "well-formed moves (its first, again and again)": filled(save, "actions", move),
        "objects nested 900 deep, as many as allowed": deep(save, 900),
        "a million keys in one object": wide(save),
        "numbers of 4,299 digits": filled(save, "junk", "9" * 4299),
        "5 million one-letter strings": filled(save, "junk", '"a"'),
        "3 million escaped characters in strings": filled(save, "junk", '"\\u00e9"'),
        "one 15 MB seat name": json.dumps(name)
        .replace('"@@"', '"' + "A" * (SHAPE_BYTES - len(json.dumps(name))) + '"')
        .encode(),
    }


def through_a_child(command: str, path: Path) -> dict[str, Any]:
    """One command's path on ``path`` in a process of its own (a fresh
    folder's index each time: nothing remembered from another run)."""
    for stale in path.parent.iterdir():
        if stale != path:
            stale.unlink()
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    done = subprocess.run(
        [sys.executable, "-c", CHILD, command, str(path)],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise SystemExit(f"{path.name} ({command}): {done.stderr[-600:]}")
    found: dict[str, Any] = json.loads(done.stdout)
    return found


def worst(path: Path) -> dict[str, Any]:
    """Every command's path on ``path``: the slowest's time, the largest's
    memory, and the verdict of ``load``."""
    runs = {command: through_a_child(command, path) for command in COMMANDS}
    slow = max(runs, key=lambda c: runs[c]["seconds"])
    big = max(runs, key=lambda c: runs[c]["mb"])
    return {
        "seconds": runs[slow]["seconds"],
        "slowest": slow,
        "mb": runs[big]["mb"],
        "largest": big,
        "verdict": runs["load"]["verdict"],
    }


def run_shapes(root: Path, valid_save: dict[str, Any]) -> None:
    """Each shape and the valid save of the same size, every command's path
    in a process of its own."""
    rows: list[tuple[str, dict[str, Any]]] = []
    text = json.dumps(valid_save, indent=1).encode()
    cases = {
        "valid save, as written": text,
        "valid save padded with spaces to the size": padded(text),
        **shapes(valid_save),
    }
    print(f"  (each: the slowest and the largest of {', '.join(COMMANDS)})")
    for number, (label, data) in enumerate(cases.items()):
        folder = root / f"shape-{number}"
        folder.mkdir()
        path = folder / "shape.json"
        path.write_bytes(data)
        found = worst(path)
        rows.append((label, found))
        verdict = found["verdict"]
        verdict = verdict if verdict == "loaded" else verdict.removeprefix("shape.json ")[:60]
        print(
            f"  {label:<48} {len(data) / 2**20:4.1f} MB: {found['seconds']:5.2f} s "
            f"({found['slowest']}), peak {found['mb']:4.0f} MB ({found['largest']}); {verdict}",
            flush=True,
        )
    _, base = rows[1]
    hostile = rows[2:]
    slowest = max(hostile, key=lambda r: r[1]["seconds"])
    largest = max(hostile, key=lambda r: r[1]["mb"])
    same_size = f"a valid save of the same size {base['seconds']:.2f} s, {base['mb']:.0f} MB"
    report(
        f"hostile shapes at the size limit, the slowest ({slowest[0]}, {slowest[1]['slowest']})",
        slowest[1]["seconds"],
        "s",
        same_size,
        "5 s",
    )
    report(
        f"hostile shapes at the size limit, the largest ({largest[0]}, {largest[1]['largest']})",
        largest[1]["mb"],
        "MB peak",
        same_size,
        "500 MB",
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--files", type=int, default=5000, help="mutated files (default 5000)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the mutations (default 0)")
    parser.add_argument(
        "--screens", type=int, default=4, help="Load screen batches of 25 files (default 4)"
    )
    parser.add_argument(
        "--shapes-only", action="store_true", help="only the hostile shapes at the size limit"
    )
    args = parser.parse_args()
    registry.register(SEVENS)
    if args.shapes_only:
        with tempfile.TemporaryDirectory() as tmp:
            root = Path(tmp)
            (root / "originals").mkdir()
            print("Hostile shapes at the size limit (saves + load, a process each):")
            run_shapes(root, recorded_saves(root / "originals", SHAPE_GAME)[0])
        return
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        (root / "originals").mkdir()
        originals: list[dict[str, Any]] = recorded_saves(root / "originals", GAMES)
        valid = [json.dumps(o, indent=1).encode() for o in originals]
        choose = RandomChooser(args.seed)
        kinds: collections.Counter[str] = collections.Counter()
        mutated: list[bytes] = []
        labels: list[str] = []
        for number in range(args.files):
            mutation = mutate(choose.choice(originals), choose)
            kinds[mutation.what.split()[0]] += 1
            mutated.append(mutation.data)
            labels.append(f"file {number} (seed {args.seed}): {mutation.what[:120]}")

        problems: list[str] = []
        (root / "valid").mkdir()
        base_count = max(len(valid), min(200, args.files // 10))
        base_contents = [valid[i % len(valid)] for i in range(base_count)]
        base_time, base_loaded = run_path(
            root / "valid", base_contents, problems, [f"valid {i}" for i in range(base_count)]
        )
        if base_loaded != base_count:
            problems.append(f"only {base_loaded} of {base_count} valid saves loaded")
        (root / "mutated").mkdir()
        fuzz_time, loaded = run_path(root / "mutated", mutated, problems, labels)

        screen_problems: list[str] = []
        screen_files = 0
        for batch in range(args.screens):
            folder = root / f"screen-{batch}"
            folder.mkdir()
            contents = [mutate(choose.choice(originals), choose).data for _ in range(25)]
            contents.append(valid[batch % len(valid)])
            screen_files += len(contents)
            screen_problems += asyncio.run(load_screen(folder, contents))

    print(
        f"{args.files} mutated files (seed {args.seed}): {loaded} loaded, "
        f"{args.files - loaded} refused; mutations: "
        + ", ".join(f"{kind} {count}" for kind, count in sorted(kinds.items()))
    )
    print(f"Load screen: {screen_files} files in {args.screens} folders")
    found = problems + screen_problems
    print(f"problems: {len(found)} (must be 0)")
    for line in found[:20]:
        print(f"  {line}")
    report(
        "saves + load + continue on a mutated file",
        args.files / fuzz_time,
        "files/s",
        f"the same path on valid saves {base_count / base_time:.1f} files/s",
    )
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        (root / "originals").mkdir()
        print("Hostile shapes at the size limit (saves + load, a process each):")
        run_shapes(root, recorded_saves(root / "originals", SHAPE_GAME)[0])


if __name__ == "__main__":
    main()
