"""The whole-path save fuzzer, long: seeded mutations of real saves (numbers
of every size, every field's type, dates, unicode, truncation, nesting, keys,
bytes; tests/engine/save_mutations.py), each alone in a saves folder, through
`saves`, `load` and `continue` as the command line runs them, then batches of
them in the Load screen.  Counts what went wrong (must be 0: a traceback, a
hang, text printed raw, a refusal that does not name its file, the list and
loading disagreeing, a file changed) and prints files/s beside the same path
run on the valid saves in the same run.

    uv run python benchmarks/save_fuzz.py [--files N] [--seed S] [--screens B]
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import io
import json
import tempfile
import time
from pathlib import Path
from typing import Any

from common import report

from boardgames_tui.engine import registry
from boardgames_tui.engine.saves import SaveError
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
    before = {p.name: fingerprint(p) for p in folder.iterdir()}
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
    if {p.name: fingerprint(p) for p in folder.iterdir()} != before:
        problems.append(f"{folder.name}: a file was changed")
    return problems


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--files", type=int, default=5000, help="mutated files (default 5000)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the mutations (default 0)")
    parser.add_argument(
        "--screens", type=int, default=4, help="Load screen batches of 25 files (default 4)"
    )
    args = parser.parse_args()
    registry.register(SEVENS)
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


if __name__ == "__main__":
    main()
