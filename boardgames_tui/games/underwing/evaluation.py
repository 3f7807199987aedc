"""Underwing's ``evaluate`` (:meth:`.game.UnderwingGame.evaluate`) in parts,
so that a look ahead can rate a position from the parts it shares with
another (:mod:`.lookahead`): the same sums as its docstring says, in the
same order (so the same floats), with what changes rarely looked up
(bonuses per seats' hatched dragons, an egg's worth per card and crystals).
"""

from __future__ import annotations

from functools import lru_cache

from . import score
from .cards import card
from .colours import Element
from .model import Player, UnderwingState, space_recipes


def standings(state: UnderwingState) -> tuple[list[float], int]:
    """Each seat's standing, and the number of wild dragons on the grounds."""
    bonuses = score.bonus_totals(state)
    staff = state.max_handlers
    standing = [
        seat_value(p, bonus, staff) for p, bonus in zip(state.players, bonuses, strict=True)
    ]
    wild = 0
    for slot in state.grounds:
        if slot.wild:
            wild += 1
        elif slot.claimant is not None and slot.card is not None:
            standing[slot.claimant] += egg_worth(slot.card, slot.fill)
    return standing, wild


def seat_value(p: Player, bonus: int, staff: int) -> float:
    """A seat's standing before its claimed eggs: dragon points and bonuses,
    the nursery, stored elements, handlers on staff and on the Field."""
    value = float(p.score + bonus)
    if p.nursery:
        value += sum(0.9 * card(n.card).score for n in p.nursery)
    return value + (0.3 * sum(p.storage.values()) + 2.0 * (staff - p.tracker) + 0.4 * len(p.field))


def rating(standing: list[float], wild: int, slots: int, seat: int) -> float:
    """``seat``'s standing less the best other's, less the wild penalty."""
    share = wild / max(1, slots)
    best: float | None = None  # the first highest other, as max() finds it
    for other, value in enumerate(standing):
        if other != seat and (best is None or value > best):
            best = value
    mine = standing[seat] - (best if best is not None else 0.0)
    return mine - 40.0 * share * share


@lru_cache(maxsize=1 << 14)
def egg_worth(card_id: int, fill: tuple[tuple[Element, ...], ...]) -> float:
    """What :meth:`UnderwingGame.evaluate` counts for a claimed egg: its
    dragon's points times 0.1, plus up to 0.6 by how complete its element
    spaces are (a full space 1, a started one 0.4).  A pure function of the
    card and its crystals, so positions share the answer."""
    egg = card(card_id)
    recipes = space_recipes(card_id)
    done = 0.0
    for index in range(len(egg.spaces)):
        if fill[index] in recipes[index]:
            done += 1.0
        elif fill[index]:
            done += 0.4
    return egg.score * (0.1 + 0.6 * done / len(egg.spaces))
