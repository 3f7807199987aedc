"""Final scoring: dragon points plus the temperature bonus; the winner.

"The two players who end the game with the most NET 'warm' and 'cool' Dragons
(i.e., the difference between the two, greater than zero) each score a bonus of
+15 Dragon Points ... Any player who ends the game with a perfect temperature
balance ... receives +20 Dragon Points. If there is a tie for the most number of
'warm' or 'cool' Dragons, all players who meet the bonus requirement receive
its full value."
"""

from __future__ import annotations

from functools import lru_cache

from boardgames_tui.engine.game import Outcome, SeatResult

from .cards import card
from .model import (
    BALANCE_BONUS,
    NO_WILD_BONUS,
    TEMPERATURE_COOL_BONUS,
    TEMPERATURE_WARM_BONUS,
    UnderwingState,
)

#: Solo titles: "In order to win solo mode and attain a legendary epithet, the
#: Dragonlord must achieve one of the following Dragon Point totals before time
#: expires".  Each is the least total for the title; everything below 75 is
#: The Breaker of Eggs (ruling R-SOLO-TITLE).
SOLO_TITLES: tuple[tuple[int, str], ...] = (
    (0, "The Breaker of Eggs"),
    (75, "The Master Eggsecutioner"),
    (100, "The Wrangler of Whelps"),
    (125, "The Duke/Duchess of Drakes"),
    (150, "The Rider of Wyverns"),
    (170, "The Commander of Wyrms"),
    (190, "The Overlord of Underwing"),
    (215, "The Legendary Dragonlord"),
)
#: The least total that wins solo mode: the first epithet after The Breaker of Eggs.
SOLO_WIN = SOLO_TITLES[1][0]


def solo_title(total: int) -> str:
    """The title a solo total earns (ruling R-SOLO-TITLE)."""
    found = SOLO_TITLES[0][1]
    for least, title in SOLO_TITLES:
        if total >= least:
            found = title
    return found


def next_title(total: int) -> tuple[int, str] | None:
    """The next title up from ``total`` and the points it needs, if any."""
    for least, title in SOLO_TITLES:
        if total < least:
            return least, title
    return None


def net_warmth(state: UnderwingState, seat: int) -> int:
    """Warm dragons minus cool dragons (neutral ones count for neither)."""
    return warmth(tuple(state.players[seat].dragons))


@lru_cache(maxsize=1 << 12)
def warmth(dragons: tuple[int, ...]) -> int:
    """:func:`net_warmth` of these hatched dragons (cached: a player's
    dragons change only when one hatches)."""
    temps = [card(c).temperature for c in dragons]
    return temps.count("warm") - temps.count("cool")


def temperature_bonuses(state: UnderwingState) -> list[dict[str, int]]:
    """Each seat's bonuses: 'warm bonus', 'cool bonus', 'balance bonus'.

    Ruling R-BALANCE: a player needs at least one hatched dragon for the
    balance bonus (no dragons is no balance).  Solo: "Net 'warm' and 'cool'
    bonuses DO NOT apply in solo play; however, a perfect balance of dragons is
    still worth +20 Dragon Points." """
    if not state.temperature_bonus:
        return [{} for _ in state.players]
    found = _bonuses(tuple(tuple(p.dragons) for p in state.players), state.solo)
    return [dict(seat) for seat in found]


def bonus_totals(state: UnderwingState) -> tuple[int, ...]:
    """Each seat's temperature bonuses added up (what a bot's evaluation
    counts; cached with the bonuses themselves)."""
    if not state.temperature_bonus:
        return (0,) * len(state.players)
    return _bonus_totals(tuple(tuple(p.dragons) for p in state.players), state.solo)


@lru_cache(maxsize=1 << 12)
def _bonus_totals(dragons: tuple[tuple[int, ...], ...], solo: bool) -> tuple[int, ...]:
    return tuple(sum(value for _name, value in seat) for seat in _bonuses(dragons, solo))


@lru_cache(maxsize=1 << 12)
def _bonuses(
    dragons: tuple[tuple[int, ...], ...], solo: bool
) -> tuple[tuple[tuple[str, int], ...], ...]:
    """:func:`temperature_bonuses` for the seats' hatched dragons, as values
    (cached: they change only when a dragon hatches)."""
    bonuses: list[dict[str, int]] = [{} for _ in dragons]
    nets = [warmth(hatched) for hatched in dragons]
    if solo:
        if nets[0] == 0 and dragons[0]:
            bonuses[0]["balance bonus"] = BALANCE_BONUS
        return tuple(tuple(b.items()) for b in bonuses)
    warmest = max(nets)
    coolest = min(nets)
    for seat, net in enumerate(nets):
        if net > 0 and net == warmest:
            bonuses[seat]["warm bonus"] = TEMPERATURE_WARM_BONUS
        if net < 0 and net == coolest:
            bonuses[seat]["cool bonus"] = TEMPERATURE_COOL_BONUS
        if net == 0 and dragons[seat]:
            bonuses[seat]["balance bonus"] = BALANCE_BONUS
    return tuple(tuple(b.items()) for b in bonuses)


def breakdown(state: UnderwingState, seat: int, bonuses: dict[str, int]) -> dict[str, int]:
    result = {"dragons": state.players[seat].score}
    result.update(bonuses)
    if state.solo and not state.doom and not any(s.wild for s in state.grounds):
        # "If the Hatching Grounds contain no wild Dragons at the conclusion of
        # the game, the player is granted a bonus of +15 Dragon Points."
        result["no wild dragons bonus"] = NO_WILD_BONUS
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
    if state.solo:
        return solo_outcome(state, results, totals[0])
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
        summary = f"{names[0]} is the Great Dragonlord with {points(best)}."
    else:
        summary = f"{' and '.join(names)} share the title of Great Dragonlord with {points(best)}."
    return Outcome(results=results, ranking=ranking, winners=winners, summary=summary)


def solo_outcome(state: UnderwingState, results: list[SeatResult], total: int) -> Outcome:
    """The end of a solo game: the title the total earns (ruling R-SOLO-TITLE);
    a win from The Master Eggsecutioner up.  "If at any time the Hatching
    Grounds become filled with Wild Dragons, the Dragonlord has failed and play
    immediately ends": no title, no win."""
    who = state.seats[0].name
    if state.doom:
        return Outcome(
            results=results,
            ranking=[0],
            winners=[],
            summary=f"The hatching grounds filled with wild dragons: {who} has failed as "
            f"Dragonlord ({points(total)}), and the Great Hatching never happens. For shame!",
        )
    title = solo_title(total)
    upper = next_title(total)
    if total < SOLO_WIN:
        # not won: no epithet earned, so the title is not presented as one
        summary = (
            f"With {points(total)} {who} earns no epithet and stays {title}: "
            f"the solo game is lost. {SOLO_WIN} points earn the first epithet, "
            f"{SOLO_TITLES[1][1]}."
        )
    else:
        summary = f"{who} wins as {title} with {points(total)}."
        if upper is not None:
            summary += f" The next title, {upper[1]}, needs {upper[0]}."
    winners = [0] if total >= SOLO_WIN else []
    return Outcome(results=results, ranking=[0], winners=winners, summary=summary)


def points(total: int) -> str:
    """``1 point``, ``58 points``."""
    return f"{total} point{'' if total == 1 else 's'}"
