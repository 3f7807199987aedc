"""A deterministic random number generator whose whole state is plain data.

The generator is SplitMix64: its entire state is one 64-bit integer, so it lives
as a field of every game state, is saved with it, and the same seed and the same
actions always give the same game.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

from .data import state_data

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
#: Bound -> the largest multiple of it below 2**64 (draws at or above it are
#: drawn again, so that every result is equally likely).
_LIMITS: dict[int, int] = {}


@state_data
class Rng:
    """SplitMix64. ``seed`` is where it started, ``state`` where it is now."""

    seed: int = 0
    state: int = 0

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        seed &= _MASK
        return cls(seed=seed, state=seed)

    def next_u64(self) -> int:
        self.state = (self.state + _GOLDEN) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def randbelow(self, n: int) -> int:
        """A uniform integer in ``[0, n)``, without modulo bias.  The draw is
        :meth:`next_u64`'s, written out here (a random bot and every shuffle
        call this at every step)."""
        limit = _LIMITS.get(n)
        if limit is None:
            if n <= 0:
                raise ValueError("randbelow needs a positive bound")
            limit = (1 << 64) - ((1 << 64) % n)
            if len(_LIMITS) < 4096:
                _LIMITS[n] = limit
        while True:
            z = self.state = (self.state + _GOLDEN) & _MASK
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            x = z ^ (z >> 31)
            if x < limit:
                return x % n

    def randint(self, low: int, high: int) -> int:
        """A uniform integer in ``[low, high]``."""
        return low + self.randbelow(high - low + 1)

    def random(self) -> float:
        """A uniform float in ``[0, 1)``."""
        return (self.next_u64() >> 11) / float(1 << 53)

    def choice(self, items: Sequence[T]) -> T:
        if not items:
            raise IndexError("cannot choose from an empty sequence")
        return items[self.randbelow(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates, in place: the draws :meth:`randbelow` makes, written
        out (a deck is shuffled every few turns of every simulated game)."""
        state = self.state
        limits = _LIMITS
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            limit = limits.get(n)
            if limit is None:
                limit = (1 << 64) - ((1 << 64) % n)
                if len(limits) < 4096:
                    limits[n] = limit
            while True:
                z = state = (state + _GOLDEN) & _MASK
                z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
                x = z ^ (z >> 31)
                if x < limit:
                    break
            j = x % n
            items[i], items[j] = items[j], items[i]
        self.state = state

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        pool = list(items)
        self.shuffle(pool)
        return pool[:k]
