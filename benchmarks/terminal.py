"""Run a program in a real pseudo-terminal, type into it and time what it draws.

Pilot (Textual's test driver) sleeps between keys, which puts a floor under
every key; a pseudo-terminal measures what a player waits for: from the byte of
a key written to the terminal until the program stops drawing.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from collections.abc import Sequence

#: The program is done drawing when it has written nothing for this long.
QUIET = 0.08


class Terminal:
    """A program in a pseudo-terminal of ``cols`` x ``rows``."""

    def __init__(
        self, argv: Sequence[str], cols: int, rows: int, env: dict[str, str] | None = None
    ):
        self.master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        full_env = dict(os.environ, TERM="xterm-256color", COLUMNS=str(cols), LINES=str(rows))
        full_env.pop("NO_COLOR", None)
        # A player's Python keeps its compiled bytecode after the first start;
        # a program that compiles every module at every start measures the
        # compiler, not the program.
        full_env.pop("PYTHONDONTWRITEBYTECODE", None)
        full_env.update(env or {})
        self.started = time.perf_counter()
        self.proc = subprocess.Popen(
            list(argv),
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=full_env,
            start_new_session=True,
            close_fds=True,
        )
        os.close(slave)
        self.output = bytearray()

    def read(self, timeout: float) -> bytes:
        """What the program writes within ``timeout`` seconds (answering the
        terminal queries Textual sends, as a terminal would)."""
        ready, _, _ = select.select([self.master], [], [], timeout)
        if not ready:
            return b""
        try:
            chunk = os.read(self.master, 65536)
        except OSError:
            return b""
        self.output += chunk
        if b"\x1b[6n" in chunk:  # cursor position report
            os.write(self.master, b"\x1b[1;1R")
        return chunk

    def wait_for(self, marker: bytes, timeout: float = 30.0) -> float:
        """Seconds from start until ``marker`` appears in the output."""
        deadline = time.perf_counter() + timeout
        while marker not in self.output:
            if time.perf_counter() > deadline:
                tail = self.output[-400:].decode("utf-8", "replace")
                raise TimeoutError(f"{marker!r} never appeared; last output: {tail!r}")
            self.read(0.05)
        return time.perf_counter() - self.started

    def settle(self, quiet: float = 0.5) -> None:
        """Read until the program has been silent for ``quiet`` seconds."""
        while self.read(quiet):
            pass

    def press(self, key: bytes, quiet: float = QUIET, timeout: float = 5.0) -> float:
        """Seconds from writing ``key`` until the program stops drawing (0 if
        it drew nothing at all)."""
        sent = time.perf_counter()
        os.write(self.master, key)
        last = None
        deadline = sent + timeout
        while time.perf_counter() < deadline:
            if self.read(quiet):
                last = time.perf_counter()
            elif last is not None or time.perf_counter() - sent > 1.0:
                break
        return 0.0 if last is None else last - sent

    def cpu_seconds(self) -> float:
        """CPU time (user + system) the program has used so far: on a shared
        machine it moves far less with the load than the time on the clock."""
        with open(f"/proc/{self.proc.pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def close(self) -> None:
        if self.proc.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(3)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
        os.close(self.master)


def python(*args: str) -> list[str]:
    """This interpreter (the project's environment) running ``args``."""
    return [sys.executable, *args]
