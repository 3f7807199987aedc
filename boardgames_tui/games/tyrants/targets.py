"""Where and at whom a Tyrants effect may act: the spaces a seat may deploy
to, the spaces in an effect's scope (presence, anywhere, the spy's site),
enemy troops and spies there, the sites for a spy, empty spaces, the
opponents near troops just deployed; and whether a condition (Focus, "at
least N", an enemy at the spy's site) holds when it is reached.

A part of the interpreter; ``resolve.py`` walks the job stack.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from boardgames_tui.engine.game import Event

from . import board as bd
from . import effects as fx
from .cards import card
from .model import (
    WHITE,
    TyrantsState,
    name,
    reach,
    tally,
)
from .pending import JobBase


# ----------------------------------------------------------------- targets
def in_play(state: TyrantsState) -> tuple[str, ...]:
    return bd.board_map(len(state.players), state.side).spaces


def deploy_targets(state: TyrantsState, seat: int) -> list[str]:
    """Spaces with presence and an empty troop space; anywhere with an empty
    troop space when the player has no troop on the board."""
    seen = reach(state, seat)
    return free_spaces(state, seen.spaces if seen.troops else in_play(state))


def free_spaces(state: TyrantsState, spaces: Sequence[str]) -> list[str]:
    """Those of ``spaces`` with an empty troop space, in their order (every
    piece moved lists each seat's deploys again)."""
    troops = state.troops
    capacity = _CAPACITY or _capacity()
    return [s for s in spaces if len(troops[s]) < capacity[s]]


#: Every space's capacity (``board.capacities``) as a plain dict, read
#: faster than through its read-only view; never changed.
_CAPACITY: dict[str, int] = {}


def _capacity() -> dict[str, int]:
    _CAPACITY.update(bd.capacities())
    return _CAPACITY


def where(state: TyrantsState, seat: int, scope: str, spy_site: str | None) -> Sequence[str]:
    """The spaces an effect's scope reaches, in the board's order."""
    if scope == "anywhere":
        return in_play(state)
    if scope == "spy_site":
        return [spy_site] if spy_site is not None else []
    return reach(state, seat).spaces


def enemy_troops(
    state: TyrantsState,
    seat: int,
    spaces: Sequence[str],
    white_only: bool = False,
    players_only: bool = False,
) -> list[tuple[str, int]]:
    """(space, colour) of every enemy troop colour at those spaces."""
    found: list[tuple[str, int]] = []
    troops = state.troops
    known = _ENEMIES
    mode = 1 if white_only else 2 if players_only else 0
    for space in spaces:
        here = troops[space]
        if not here:
            continue
        enemies = known.get((here, seat, mode))
        if enemies is None:
            enemies = _enemies(here, seat, mode)
        for colour in enemies:
            found.append((space, colour))
    return found


#: The enemy colours (:func:`_enemies`) by a space's troops, the seat and
#: which enemies: a few hundred are met in a game.
_ENEMIES: dict[tuple[tuple[int, ...], int, int], tuple[int, ...]] = {}


def _enemies(here: tuple[int, ...], seat: int, mode: int) -> tuple[int, ...]:
    """The colours of ``here`` (a space's troops) other than ``seat``'s,
    each once, sorted: every one (``mode`` 0), white only (1), the
    players' only (2)."""
    found = tuple(
        sorted(
            c
            for c in set(here)
            if c != seat and (mode != 1 or c == WHITE) and (mode != 2 or c != WHITE)
        )
    )
    if len(_ENEMIES) >= 1 << 16:
        _ENEMIES.clear()
    _ENEMIES[here, seat, mode] = found
    return found


def enemy_spies(state: TyrantsState, seat: int, spaces: Iterable[str]) -> list[tuple[str, int]]:
    found: list[tuple[str, int]] = []
    spies = state.spies  # the sites' only
    for space in spaces:
        here = spies.get(space)
        if here:
            found.extend((space, owner) for owner in sorted(set(here)) if owner != seat)
    return found


def spy_sites(state: TyrantsState, seat: int) -> list[str]:
    """Sites where ``seat`` may place a spy: any site in play without one of theirs."""
    if state.players[seat].spies <= 0:
        return []
    sites = bd.board_map(len(state.players), state.side).sites
    return [s for s in sites if seat not in state.spies[s]]


def own_spy_sites(state: TyrantsState, seat: int) -> list[str]:
    """The sites where ``seat`` has a spy, in order."""
    return sorted(s for s, who in state.spies.items() if seat in who)


def empty_spaces(state: TyrantsState, besides: str | None = None) -> list[str]:
    troops, capacity = state.troops, bd.capacities()
    return [s for s in in_play(state) if s != besides and len(troops[s]) < capacity[s]]


def distinct(cards: Iterable[str | None]) -> list[str]:
    """The cards named, each once, in order."""
    found = set(cards)
    found.discard(None)
    return sorted(found)  # type: ignore[arg-type]


def near_deployed(state: TyrantsState, seat: int, deployed: Iterable[str]) -> list[int]:
    """Opponents with a troop at or next to a space where a troop was just
    deployed (reading R-MOUTHER, ruling R-NEXT-TO)."""
    near: set[str] = set()
    links = bd.board_map(len(state.players), state.side).neighbours
    for space in deployed:
        near.add(space)
        near.update(links[space])
    return sorted({c for s in near for c in state.troops[s] if c not in (seat, WHITE)})


# -------------------------------------------------------------- conditions
def holds(state: TyrantsState, job: JobBase, condition: Any, events: list[Event]) -> bool:
    seat = job.seat
    if isinstance(condition, fx.AtLeast):
        return tally(state, seat, condition.tally) >= condition.count
    if isinstance(condition, fx.EnemyTroopAtSpySite):
        site = job.spy_site
        return site is not None and any(c not in (seat, WHITE) for c in state.troops[site])
    if isinstance(condition, fx.EnemySpyAtSpySite):
        site = job.spy_site
        return site is not None and any(o != seat for o in state.spies[site])
    assert isinstance(condition, fx.Focus)
    p = state.players[seat]
    for index, played in enumerate(p.played):
        if index != job.source and played is not None and card(played).aspect == condition.aspect:
            return True
    shown = next((c for c in p.hand if card(c).aspect == condition.aspect), None)
    if shown is None:
        return False
    events.append(
        Event(
            text=f"{name(state, seat)} shows {card(shown).name} from their hand for Focus.",
            seat=seat,
            reveals=True,
        )
    )
    return True


def others(state: TyrantsState, seat: int) -> list[int]:
    n = len(state.players)
    return [(seat + k) % n for k in range(1, n)]
