"""Victory: "Each player totals the Victory Points from their Objective cards and
hatched Dragon Eggs, as well as any Silver and Gold coin tokens."  Tie breaker:
most completed Objective cards, then most hatched Dragon Eggs; then the players
share the victory."""

from __future__ import annotations

from boardgames_tui.engine.game import Outcome, SeatResult

from .cards import egg
from .model import GOLD_VALUE, OBJECTIVE_VP, IncubationState


def breakdown(state: IncubationState, seat: int) -> dict[str, int]:
    """VP by source: dragons, objectives, silver (1 each), gold (5 each)."""
    p = state.players[seat]
    return {
        "dragons": sum(egg(d).vp for d in p.dragons),
        "objectives": OBJECTIVE_VP * len(p.objectives),
        "silver": p.silver,
        "gold": GOLD_VALUE * p.gold,
    }


def score(state: IncubationState, seat: int) -> int:
    return sum(breakdown(state, seat).values())


def rank_key(state: IncubationState, seat: int) -> tuple[int, int, int]:
    """Higher is better: VP, then objectives, then hatched eggs."""
    p = state.players[seat]
    return (score(state, seat), len(p.objectives), len(p.dragons))


def outcome(state: IncubationState) -> Outcome:
    seats = range(len(state.seats))
    keys = {s: rank_key(state, s) for s in seats}
    ranking = sorted(seats, key=lambda s: (tuple(-k for k in keys[s]), s))
    results = []
    for s in seats:
        rank = 1 + sum(1 for o in seats if keys[o] > keys[s])
        results.append(
            SeatResult(
                seat=s,
                name=state.seats[s].name,
                score=keys[s][0],
                breakdown=breakdown(state, s),
                rank=rank,
            )
        )
    best = keys[ranking[0]]
    winners = [s for s in ranking if keys[s] == best]
    names = [state.seats[s].name for s in winners]
    if len(winners) == 1:
        summary = f"{names[0]} wins with {best[0]} VP."
    else:
        summary = f"{', '.join(names[:-1])} and {names[-1]} share the victory with {best[0]} VP."
    return Outcome(results=results, ranking=list(ranking), winners=winners, summary=summary)
