"""How the search's advice reads in Tyrants (:mod:`boardgames_tui.engine.advice`).

The figure is **points ahead**: the search's evaluation (VP now plus what
the deck and the control markers should still bring, less the best other
seat's), averaged over the playouts that began with the move.  A Tyrants
game is a VP race scored at the end, the search's playouts stop after the
opponent's answer, far from the end, and the players count VP on the
board as they go: a margin in VP says more than a chance would.

The reason compares the parts of the evaluation before and after the move:
control of sites (and what their markers give a turn), total control,
trophies, cards promoted or recruited, and the power and influence the move
brings now.
"""

from __future__ import annotations

from typing import Any

from boardgames_tui.engine.advice import AdviceProfile, plain_explain
from boardgames_tui.engine.game import Game

from . import board as bd
from .actions import Recruit, TyrantsAction
from .cards import card
from .model import TyrantsState, bmap, controller, total_control

#: Most reasons one move is given.
MOST = 2


def _site_reasons(before: TyrantsState, after: TyrantsState, seat: int) -> list[str]:
    reasons: list[str] = []
    for site in bmap(after).sites:
        was, now = controller(before, site), controller(after, site)
        name = bd.site(site).name
        marker = bd.site(site).control_marker is not None
        if now == seat and was != seat:
            if marker:
                gain = bd.marker_value(site, total_control(after, site, seat))
                reasons.append(
                    f"takes control of {name}: +{gain.influence} influence a turn"
                    + (f" and +{gain.vp} VP" if gain.vp else "")
                )
            else:
                reasons.append(f"takes control of {name}: +{bd.site(site).vp} VP at the end")
        elif was is not None and was != seat and now != was:
            reasons.append(f"breaks {after.seats[was].name}'s control of {name}")
        elif (
            now == seat
            and not total_control(before, site, seat)
            and total_control(after, site, seat)
        ):
            reasons.append(f"takes total control of {name}: +2 VP at the end")
        elif was == seat and now != seat:
            reasons.append(f"loses control of {name}")
    return reasons


def explain(
    game: Game[Any, Any],
    before: TyrantsState,
    after: TyrantsState,
    seat: int,
    action: TyrantsAction,
) -> str:
    """The move's reasons in Tyrants' words, the weightiest first."""
    reasons = _site_reasons(before, after, seat)
    old, new = before.players[seat], after.players[seat]
    trophies = sum(new.trophies.values()) - sum(old.trophies.values())
    if trophies > 0:
        reasons.append(
            f"takes {'a trophy' if trophies == 1 else f'{trophies} trophies'} (+1 VP each)"
        )
    for c in new.inner_circle[len(old.inner_circle) :]:
        data = card(c)
        gain = (data.inner_circle_vp or 0) - data.deck_vp
        reasons.append(f"promotes {data.name} to the inner circle (+{gain} VP)")
    if isinstance(action, Recruit):
        data = card(action.card)
        reasons.append(f"recruits {data.name} ({data.deck_vp} VP in your deck)")
    if new.vp > old.vp:
        reasons.append(f"+{new.vp - old.vp} VP now")
    gains = []
    if new.power > old.power:
        gains.append(f"+{new.power - old.power} power")
    if new.influence > old.influence:
        gains.append(f"+{new.influence - old.influence} influence")
    if gains:
        reasons.append(" and ".join(gains) + " to spend this turn")
    if not reasons:
        return plain_explain(game, before, after, seat, action)
    return "; ".join(reasons[:MOST])


PROFILE: AdviceProfile[TyrantsState, TyrantsAction] = AdviceProfile(kind="points", explain=explain)
