"""Reach, the Law's balancing guide for choosing factions: each faction's
reach (its package's ``reach``) and the total a table of so many players is
recommended to reach at least.  A guide, never a rule: a table below it may
still play (the setup screen warns, the opening says so)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from .faction import BY_KEY, FACTIONS

#: The recommended total reach by player count, for the Autumn map (the
#: Root rules app's reach calculator; facts, section 1).
RECOMMENDED: Final[dict[int, int]] = {2: 17, 3: 18, 4: 21, 5: 25, 6: 28}


def reach_of(key: str) -> int:
    """A playable faction's reach, by its key."""
    return BY_KEY[key].reach


def reaches() -> dict[str, int]:
    """Every playable faction's reach by key, highest first."""
    return {f.key: f.reach for f in sorted(FACTIONS.values(), key=lambda f: (-f.reach, f.key))}


def recommended(players: int) -> int:
    """The total reach recommended for ``players`` players."""
    return RECOMMENDED[players]


@dataclass(frozen=True)
class ReachCheck:
    """A table's reach against the recommended total.  With places left to
    chance, ``low`` and ``high`` are the least and most the drawn factions
    can make; with none, both are the total."""

    players: int
    low: int
    high: int
    recommended: int

    @property
    def below(self) -> bool:
        """Whether the table is sure to fall below the recommended total."""
        return self.high < self.recommended

    @property
    def may_fall_below(self) -> bool:
        return self.low < self.recommended

    def words(self) -> str:
        """One sentence for the table."""
        total = str(self.low) if self.low == self.high else f"{self.low} to {self.high}"
        need = f"the {self.recommended} recommended for {self.players} players"
        if self.below:
            return f"Reach {total}: below {need}; the factions may be uneven."
        if self.may_fall_below:
            return f"Reach {total}: the factions drawn may fall below {need}."
        return f"Reach {total}: at least {need}."


def check_reach(keys: Sequence[str | None], players: int | None = None) -> ReachCheck:
    """The reach of a table whose places name a faction's key, or None (or
    an unknown key) for a place left to chance, drawn from the playable
    factions nobody named."""
    players = len(keys) if players is None else players
    named = [k for k in keys if k is not None and k in BY_KEY]
    fixed = sum(reach_of(k) for k in named)
    left = sorted(f.reach for k, f in BY_KEY.items() if k not in named)
    drawn = len(keys) - len(named)
    low = fixed + sum(left[:drawn])
    high = fixed + sum(left[len(left) - drawn :]) if drawn else fixed
    return ReachCheck(players, low, high, recommended(players))
