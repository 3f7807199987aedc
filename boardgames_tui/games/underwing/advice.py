"""How the search's advice reads in Underwing (:mod:`boardgames_tui.engine.advice`).

The figure is **points ahead** of the best other tamer (the evaluation at
the end of the round the playouts run to: dragon points and bonuses, eggs
by how complete they are, the nursery), and with one player the **points**
the solo search's playouts end the game with (a game lost to a full
grounds counts 0).  Underwing is scored in dragon points at the end and a
round's placements move them a little at a time: a margin in points
follows that, where a chance to win would say "about even" for most of the
game.

The reason compares the evaluation's parts before and after the move: eggs
claimed, element spaces completed on the seat's eggs (a complete egg goes
to the nursery at the round's end and hatches at the end of the next),
eggs of others completed, eggs hatched wild, points, stored elements and
the Field.
"""

from __future__ import annotations

from typing import Any

from boardgames_tui.engine.advice import AdviceProfile, figure_words, plain_explain
from boardgames_tui.engine.game import Game

from .actions import OfferTrade, UnderwingAction
from .cards import card
from .evaluation import standings
from .model import Slot, UnderwingState

#: Most reasons one move is given.
MOST = 2


def measure(game: Game[Any, Any], state: UnderwingState, seat: int) -> float:
    """Points ahead of the best other seat by the evaluation; solo, the
    score (a lost game counts 0, not the evaluation's -1000)."""
    if len(state.players) == 1:
        if state.over:
            return 0.0 if state.doom else float(game.outcome(state).results[0].score)
        standing, _ = standings(state)
        return standing[0]
    return float(game.evaluate(state, seat))


def figure(value: float, seats: int) -> str:
    if seats == 1:
        return f"about {value:.0f} points at the end"
    return figure_words("points", value, seats)


def same_places(before: UnderwingState, after: UnderwingState) -> list[tuple[Slot, Slot]]:
    """Each space of the grounds before a move beside the same space after
    it.  Solo, a move may grow the grounds (a new column on the right, a new
    row at the bottom: ruling R-SOLO-GROW), and a space's number changes
    with the width; its row and column do not."""
    pairs: list[tuple[Slot, Slot]] = []
    for index, old in enumerate(before.grounds):
        row, col = divmod(index, before.cols)
        pairs.append((old, after.grounds[row * after.cols + col]))
    return pairs


def _egg_reasons(before: UnderwingState, after: UnderwingState, seat: int) -> list[str]:
    reasons: list[str] = []
    for old, new in same_places(before, after):
        if new.card is None or new.card != old.card:
            continue
        name = card(new.card).name
        if new.wild and not old.wild:
            reasons.append(f"hatches the {name} egg in the wild")
            continue
        if not new.is_egg:
            continue
        if new.claimant == seat and old.claimant != seat:
            reasons.append(f"claims the {name} egg ({card(new.card).score} points)")
        filled = [
            i for i in range(len(new.fill)) if new.space_complete(i) and not old.space_complete(i)
        ]
        if not filled:
            continue
        spaces = card(new.card).spaces
        what = " and ".join(f"the {spaces[i]}" for i in filled)
        what += " space" if len(filled) == 1 else " spaces"
        if new.claimant == seat:
            tail = ": the egg is complete and hatches next round" if new.complete else ""
            reasons.append(f"completes {what} of your {name} egg{tail}")
        elif new.claimant is not None:
            reasons.append(f"completes {what} of {after.seats[new.claimant].name}'s {name} egg")
    return reasons


def explain(
    game: Game[Any, Any],
    before: UnderwingState,
    after: UnderwingState,
    seat: int,
    action: UnderwingAction,
) -> str:
    """The move's reasons in Underwing's words, the weightiest first."""
    reasons = _egg_reasons(before, after, seat)
    old, new = before.players[seat], after.players[seat]
    if new.score > old.score:
        reasons.append(f"+{new.score - old.score} dragon points")
    stored = sum(new.storage.values()) - sum(old.storage.values())
    if stored > 0:
        reasons.append(f"stores {stored} element{'s' if stored > 1 else ''} for later")
    if len(new.field) > len(old.field):
        reasons.append("puts a handler on the Field")
    if not reasons:
        return plain_explain(game, before, after, seat, action)
    return "; ".join(reasons[:MOST])


def weighs(view: UnderwingState, action: UnderwingAction) -> bool:
    """Every move but opening a trade.  A trade's worth is the other
    person's answer, which the search cannot foresee; and an open trade may
    be called off at once, so the search finds opening one worth what
    calling it off and playing on is worth, and would advise opening a
    trade, then calling it off, round and round.  Once a trade is open, its
    steps (what to give and ask, sending it, calling it off, an answer) are
    weighed as any move."""
    return not isinstance(action, OfferTrade)


PROFILE: AdviceProfile[UnderwingState, UnderwingAction] = AdviceProfile(
    kind="points",
    measure=measure,
    explain=explain,
    figure=figure,
    weighs=weighs,
    left_out="Opening a trade is left to you: its worth is in the other player's answer.",
)
