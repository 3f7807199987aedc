"""Another window, as a separate process: it takes the lock of a save (as a
game screen does), says LOCKED, then obeys lines on its stdin:

- ``move``: load the save, make the first legal move, write it (MOVED n);
- ``release``: give the lock back (RELEASED);
- ``check``: look at the lock file as a playing window does (KEPT,
  RETAKEN, LOST or UNSAFE);
- end of input: exit (the lock goes with the process).

    python -m tests.engine.lockholder SAVE
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from boardgames_tui.engine import registry
from boardgames_tui.engine.lock import LockState, SaveLock
from boardgames_tui.engine.session import Session
from tests.toygame import GAME as SEVENS
from tests.ui.tally import GAME as TALLY

ROOT = Path(__file__).resolve().parents[2]


def main(path: Path) -> None:
    registry.register(TALLY)
    registry.register(SEVENS)
    lock = SaveLock(path)
    if not lock.acquire():
        print("BUSY", flush=True)
        return
    print("LOCKED", flush=True)
    for line in sys.stdin:
        command = line.strip()
        if command == "move":
            session = Session.load(path)
            session.apply(session.legal_actions()[0])
            print(f"MOVED {len(session.actions)}", flush=True)
        elif command == "check":
            state: LockState = lock.check()
            print(state.name, flush=True)
        elif command == "release":
            lock.release()
            print("RELEASED", flush=True)


class Holder:
    """The other process, seen from a test."""

    def __init__(self, save: Path) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tests.engine.lockholder", str(save)],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        self.first = self.read()

    @property
    def pid(self) -> int:
        return self.process.pid

    def read(self) -> str:
        assert self.process.stdout is not None
        return self.process.stdout.readline().strip()

    def send(self, command: str) -> str:
        assert self.process.stdin is not None
        self.process.stdin.write(command + "\n")
        self.process.stdin.flush()
        return self.read()

    def close(self) -> None:
        if self.process.poll() is None:
            assert self.process.stdin is not None
            self.process.stdin.close()
            self.process.wait(10)
        if self.process.stdout is not None:
            self.process.stdout.close()


if __name__ == "__main__":
    main(Path(sys.argv[1]))
