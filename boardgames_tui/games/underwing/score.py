"""Final scoring: dragon points plus the temperature bonus; the winner.

"The two players who end the game with the most NET 'warm' and 'cool' Dragons
(i.e., the difference between the two, greater than zero) each score a bonus of
+15 Dragon Points ... Any player who ends the game with a perfect temperature
balance ... receives +20 Dragon Points. If there is a tie for the most number of
'warm' or 'cool' Dragons, all players who meet the bonus requirement receive
its full value."
"""

from __future__ import annotations

from boardgames_tui.engine.game import Outcome, SeatResult

from .cards import card
from .model import BALANCE_BONUS, TEMPERATURE_COOL_BONUS, TEMPERATURE_WARM_BONUS, UnderwingState


def net_warmth(state: UnderwingState, seat: int) -> int:
    """Warm dragons minus cool dragons (neutral ones count for neither)."""
    temps = [card(c).temperature for c in state.players[seat].dragons]
    return temps.count("warm") - temps.count("cool")


def temperature_bonuses(state: UnderwingState) -> list[dict[str, int]]:
    """Each seat's bonuses: 'warm bonus', 'cool bonus', 'balance bonus'.

    Ruling R-BALANCE: a player needs at least one hatched dragon for the
    balance bonus (no dragons is no balance)."""
    bonuses: list[dict[str, int]] = [{} for _ in state.players]
    if not state.temperature_bonus:
        return bonuses
    nets = [net_warmth(state, seat) for seat in range(state.n)]
    warmest = max(nets)
    coolest = min(nets)
    for seat, net in enumerate(nets):
        if net > 0 and net == warmest:
            bonuses[seat]["warm bonus"] = TEMPERATURE_WARM_BONUS
        if net < 0 and net == coolest:
            bonuses[seat]["cool bonus"] = TEMPERATURE_COOL_BONUS
        if net == 0 and state.players[seat].dragons:
            bonuses[seat]["balance bonus"] = BALANCE_BONUS
    return bonuses


def breakdown(state: UnderwingState, seat: int, bonuses: dict[str, int]) -> dict[str, int]:
    result = {"dragons": state.players[seat].score}
    result.update(bonuses)
    return result


def outcome(state: UnderwingState) -> Outcome:
    """Scores, ranking (highest first; equal scores share a rank, listed in
    seat order) and winners.  Ruling R-TIE: players tied on the highest total
    share the victory.  When the grounds filled with wild dragons, nobody wins."""
    bonuses = temperature_bonuses(state)
    parts = [breakdown(state, seat, bonuses[seat]) for seat in range(state.n)]
    totals = [sum(p.values()) for p in parts]
    ranking = sorted(range(state.n), key=lambda s: (-totals[s], s))
    results = [
        SeatResult(
            seat=seat,
            name=state.seats[seat].name,
            score=totals[seat],
            breakdown=parts[seat],
            rank=1 + sum(1 for t in totals if t > totals[seat]),
        )
        for seat in range(state.n)
    ]
    if state.doom:
        return Outcome(
            results=results,
            ranking=ranking,
            winners=[],
            summary="The hatching grounds filled with wild dragons: every tamer is exiled and "
            "nobody wins.",
        )
    best = max(totals)
    winners = [s for s in ranking if totals[s] == best]
    names = [state.seats[s].name for s in winners]
    if len(winners) == 1:
        summary = f"{names[0]} is the Great Dragonlord with {best} points."
    else:
        summary = f"{' and '.join(names)} share the title of Great Dragonlord with {best} points."
    return Outcome(results=results, ranking=ranking, winners=winners, summary=summary)
