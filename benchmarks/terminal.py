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
from typing import NamedTuple

#: The program is done drawing when it has written nothing for this long.
QUIET = 0.08
#: Reads closer together than this are one burst of writes (one frame): see
#: ``screen_keys.py`` for why this gap.
FRAME_GAP = 0.006


class StillDrawing(RuntimeError):
    """The program never stopped drawing within the time allowed."""


class Drawn(NamedTuple):
    """What a program drew for a key: each read from the terminal, as the
    seconds from the key and the bytes read."""

    reads: tuple[tuple[float, int], ...]

    @property
    def first(self) -> float:
        """Seconds from the key until the first byte drawn (0 if none)."""
        return self.reads[0][0] if self.reads else 0.0

    @property
    def last(self) -> float:
        """Seconds from the key until the last read (0 if none)."""
        return self.reads[-1][0] if self.reads else 0.0

    def bursts(self, gap: float = FRAME_GAP) -> int:
        """How many bursts of writes it came in: reads less than ``gap``
        seconds apart are one burst."""
        times = [t for t, _ in self.reads]
        return sum(1 for i, t in enumerate(times) if i == 0 or t - times[i - 1] >= gap)


def thread_run_ns(pid: int) -> dict[int, tuple[int, int]] | None:
    """Each live thread of ``pid``'s run time so far and its time waiting
    for a core when it could run, in nanoseconds (the first two figures of
    ``/proc/PID/task/TID/schedstat``), or None where the kernel does not
    keep them."""
    times: dict[int, tuple[int, int]] = {}
    try:
        tids = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return None
    for tid in tids:
        try:
            with open(f"/proc/{pid}/task/{tid}/schedstat") as stat:
                ran, waited = stat.read().split()[:2]
            times[int(tid)] = (int(ran), int(waited))
        except FileNotFoundError:
            continue  # the thread ended between the listing and the read
        except (OSError, ValueError):
            return None
    return times or None


class CpuReading(NamedTuple):
    """A program's CPU time at one moment: each thread's run time and wait
    for a core in ns (None where the kernel does not give them) and the
    process's ticks."""

    threads: dict[int, tuple[int, int]] | None
    ticks: float

    def since(self, before: CpuReading) -> tuple[float, str]:
        """Seconds of CPU from ``before`` to this reading, and the clock's
        name: ``schedstat`` (the threads' run times in ns; a thread that
        began in between counts whole, one that ended in between loses what
        it ran after ``before``) or ``ticks`` (user + system, in the
        kernel's clock ticks)."""
        if self.threads is not None and before.threads is not None:
            ran = sum(
                ns[0] - before.threads.get(tid, (0, 0))[0] for tid, ns in self.threads.items()
            )
            return ran / 1e9, "schedstat"
        return self.ticks - before.ticks, "ticks"

    def waited_since(self, before: CpuReading) -> float | None:
        """Seconds the program's threads waited for a core, ready to run,
        from ``before`` to this reading (summed over threads: two waiting
        at once count twice), or None without ``schedstat``."""
        if self.threads is None or before.threads is None:
            return None
        zero = (0, 0)
        return sum(ns[1] - before.threads.get(t, zero)[1] for t, ns in self.threads.items()) / 1e9


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

    def settle(self, quiet: float = 0.5, limit: float | None = None) -> None:
        """Read until the program has been silent for ``quiet`` seconds; with
        ``limit``, raise :class:`StillDrawing` if it is still drawing after
        that many seconds (a screen that redraws itself for ever)."""
        start = time.perf_counter()
        mark = len(self.output)
        while self.read(quiet):
            if limit is not None and time.perf_counter() - start > limit:
                drawn = len(self.output) - mark
                raise StillDrawing(f"still drawing after {limit:g} s ({drawn:,} bytes)")

    def send(self, key: bytes, quiet: float = 0.2, limit: float | None = None) -> None:
        """Type ``key``, untimed, and read until the program has been silent
        for ``quiet`` seconds (a key that draws nothing costs no more;
        ``limit``: as :meth:`settle`'s)."""
        os.write(self.master, key)
        self.settle(quiet, limit)

    def press(self, key: bytes, quiet: float = QUIET, timeout: float = 5.0) -> float:
        """Seconds from writing ``key`` until the program stops drawing (0 if
        it drew nothing at all)."""
        return self.press_drawn(key, quiet, timeout).last

    def press_drawn(self, key: bytes, quiet: float = QUIET, timeout: float = 5.0) -> Drawn:
        """What the program drew for ``key``: each read's time from writing
        the key and its size, until it has drawn nothing for ``quiet``
        seconds (or drew nothing at all within a second)."""
        sent = time.perf_counter()
        os.write(self.master, key)
        reads: list[tuple[float, int]] = []
        deadline = sent + timeout
        while time.perf_counter() < deadline:
            chunk = self.read(quiet)
            if chunk:
                reads.append((time.perf_counter() - sent, len(chunk)))
            elif reads or time.perf_counter() - sent > 1.0:
                break
        return Drawn(tuple(reads))

    def cpu_seconds(self) -> float:
        """CPU time (user + system) the program has used so far: on a shared
        machine it moves far less with the load than the time on the clock.
        In the kernel's ticks (``SC_CLK_TCK``, usually 10 ms): :meth:`cpu`
        is finer where the kernel keeps run times per thread."""
        with open(f"/proc/{self.proc.pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def cpu(self) -> CpuReading:
        """The program's CPU time so far, by the finest clock the kernel
        gives: each thread's run time in nanoseconds
        (``/proc/PID/task/TID/schedstat``), else the process's ticks."""
        return CpuReading(thread_run_ns(self.proc.pid), self.cpu_seconds())

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
