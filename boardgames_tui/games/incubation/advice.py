"""How the search's advice reads in Incubation (:mod:`boardgames_tui.engine.advice`).

The figure is **points ahead** of the best other player by the search's
evaluation (VP in coins, dragons and objectives, eggs by how far their
Incubators are filled, half an objective by the progress toward it),
averaged over the move's playouts.  Incubation is a race for VP that every
player can count on the table, and the search's playouts stop at the end
of the turn, far from the last round: a margin in VP reads as the game is
played, where a chance to win would be a guess from one turn ahead.

The reason compares the evaluation's parts before and after the move: an
egg hatched (its dragon's VP), an egg taken into an Incubator, water and
fire placed toward an egg (and whether it is then ready to hatch), coins
and objectives claimed.
"""

from __future__ import annotations

from typing import Any

from boardgames_tui.engine.advice import AdviceProfile, plain_explain
from boardgames_tui.engine.game import Game

from .actions import IncubationAction
from .cards import egg, objective
from .model import IncubationState

#: Most reasons one move is given.
MOST = 2


def explain(
    game: Game[Any, Any],
    before: IncubationState,
    after: IncubationState,
    seat: int,
    action: IncubationAction,
) -> str:
    """The move's reasons in Incubation's words, the weightiest first."""
    reasons: list[str] = []
    old, new = before.players[seat], after.players[seat]
    for d in new.dragons[len(old.dragons) :]:
        card = egg(d)
        reasons.append(f"hatches {card.name}: +{card.vp} VP")
    for o in new.objectives[len(old.objectives) :]:
        reasons.append(f"claims the objective {objective(o).name}: +5 VP")
    for was, now in zip(old.incubators, new.incubators, strict=True):
        if now.egg is None:
            continue
        card = egg(now.egg)
        if was.egg != now.egg:
            reasons.append(f"takes the {card.name} egg into an Incubator ({card.vp} VP)")
            continue
        placed = (min(now.water, card.water) + min(now.fire, card.fire)) - (
            min(was.water, card.water) + min(was.fire, card.fire)
        )
        if placed > 0:
            ready = now.water >= card.water and now.fire >= card.fire
            tail = (
                ": ready to hatch"
                if ready
                else f" ({card.needs - min(now.water, card.water) - min(now.fire, card.fire)} to go)"
            )
            reasons.append(f"feeds the {card.name} egg{tail}")
    coins = new.coin_worth - old.coin_worth
    if coins > 0:
        reasons.append(f"+{coins} VP in coins")
    if not reasons:
        return plain_explain(game, before, after, seat, action)
    return "; ".join(reasons[:MOST])


PROFILE: AdviceProfile[IncubationState, IncubationAction] = AdviceProfile(
    kind="points", explain=explain
)
