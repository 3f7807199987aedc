"""A deterministic random number generator whose whole state is plain data.

The generator is SplitMix64: its entire state is one 64-bit integer, so it lives
as a field of every game state, is saved with it, and the same seed and the same
actions always give the same game.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from struct import Struct
from typing import TypeVar

from .data import state_data

T = TypeVar("T")

_MASK = (1 << 64) - 1
_TOP = 1 << 64
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
        """Fisher-Yates, in place, with the draws :meth:`randbelow` makes:
        the whole shuffle's draws are worked out at once (:func:`_draws`,
        a deck is shuffled every few turns of every simulated game), and
        only when one of them might be rejected (a chance in 2**58 or so)
        are they drawn one by one, as :meth:`randbelow` does."""
        size = len(items)
        if size < 2:
            return
        state = self.state
        drawn = _draws(state, size - 1)
        if max(drawn) >= _TOP - size:
            # A draw may be rejected (each bound's limit is above 2**64 less
            # the bound): it is made again from the next state, so every
            # later one moves on by one: all drawn one by one instead.
            for i in range(size - 1, 0, -1):
                j = self.randbelow(i + 1)
                items[i], items[j] = items[j], items[i]
            return
        i = size
        for x in drawn:
            j = x % i
            i -= 1
            items[i], items[j] = items[j], items[i]
        self.state = (state + (size - 1) * _GOLDEN) & _MASK

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        pool = list(items)
        self.shuffle(pool)
        return pool[:k]


def _limit(n: int) -> int:
    """The largest multiple of ``n`` at or below 2**64 (kept in :data:`_LIMITS`)."""
    limit = (1 << 64) - ((1 << 64) % n)
    if len(_LIMITS) < 4096:
        _LIMITS[n] = limit
    return limit


#: The lanes of :func:`_draws` for a count: (each lane's 1, the steps
#: 1..count of the golden gamma, the low 64 bits of each lane, the reader).
_LANES: dict[int, tuple[int, int, int, Struct]] = {}
#: Bits a lane takes: a 64-bit value times a 64-bit constant fits.
_LANE = 128


def _lanes(count: int) -> tuple[int, int, int, Struct]:
    found = _LANES.get(count)
    if found is None:
        ones = sum(1 << (_LANE * k) for k in range(count))
        steps = sum(((k + 1) * _GOLDEN) << (_LANE * k) for k in range(count))
        found = _LANES[count] = (ones, steps, ones * _MASK, Struct("<" + "Q8x" * count))
    return found


def _draws(state: int, count: int) -> tuple[int, ...]:
    """The next ``count`` outputs of SplitMix64 from ``state`` (the
    :meth:`Rng.next_u64` of each of ``state + k * gamma``), worked out
    together: each in its own 128-bit lane of one integer, so that each
    step of the mix is one operation on all of them instead of one on each
    (a shift brings the next lane's low bits into this lane's high half,
    which the mask then clears; a product fits its lane)."""
    ones, steps, low, reader = _lanes(count)
    z = (state * ones + steps) & low
    z = ((z ^ ((z >> 30) & low)) * 0xBF58476D1CE4E5B9) & low
    z = ((z ^ ((z >> 27) & low)) * 0x94D049BB133111EB) & low
    z ^= (z >> 31) & low
    drawn: tuple[int, ...] = reader.unpack(z.to_bytes(16 * count, "little"))
    return drawn
