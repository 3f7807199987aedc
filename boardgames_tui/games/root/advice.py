"""How the search's advice reads in Root (:mod:`boardgames_tui.engine.advice`).

The figure is a **chance to win**: over the move's playouts, the seat's
lead by the search's evaluation where each ends, on a logistic curve
(``engine.advice.chance_measure``; a finished game by who won).  Root is a race to 30 points in which points come late and unevenly
(a faction's own scoring comes in bursts) and the board says more than
the score track; its evaluation was fitted to who wins (docs/bots.md,
"Root: ... a fitted ``evaluate``"), so being ahead by it is what predicts a
win, where points ahead would read the score track alone.

The reason compares the parts of that evaluation before and after the move:
points, clearings ruled, enemy warriors removed, buildings and tokens
placed, cards crafted, and what the faction's own package says of it
(``Faction.reasons``).  It reads the state through the
rules' public helpers and the factions' answers.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from boardgames_tui.engine.advice import AdviceProfile, chance_measure, plain_explain
from boardgames_tui.engine.game import Action, Game

from .cards import card
from .clearings import clearing_name, name, ruler
from .faction import FACTIONS, OWNER
from .model import RootState

#: Most reasons one move is given.
MOST = 2


def _pieces(state: RootState, faction: int) -> tuple[int, Counter[tuple[str, int]]]:
    """The faction's warriors on the map, and its buildings by kind and
    clearing."""
    warriors = 0
    buildings: Counter[tuple[str, int]] = Counter()
    for number in state.woodland.numbers:
        c = state.clearings[number]
        warriors += c.warriors.get(faction, 0)
        for b in c.buildings:
            if OWNER.get(b) == faction:
                buildings[(b, number)] += 1
    return warriors, buildings


def _clearings(state: RootState, numbers: list[int]) -> str:
    """Two clearings by name, more by their count."""
    if len(numbers) > 2:
        return f"{len(numbers)} clearings"
    return " and ".join(clearing_name(state, n) for n in numbers)


def explain(
    game: Game[Any, Any], before: RootState, after: RootState, seat: int, action: Action
) -> str:
    """The move's reasons in Root's words, the weightiest first."""
    reasons: list[str] = []
    faction = after.faction_of(seat)
    old, new = before.players[seat], after.players[seat]
    if new.vp > old.vp:
        reasons.append(f"+{new.vp - old.vp} victory point{'s' if new.vp - old.vp > 1 else ''}")
    numbers = after.woodland.numbers
    gained = [n for n in numbers if ruler(after, n) == faction and ruler(before, n) != faction]
    lost = [n for n in numbers if ruler(before, n) == faction and ruler(after, n) != faction]
    if gained:
        reasons.append(f"takes rule of {_clearings(after, gained)}")
    for enemy in (p.faction for p in after.players if p.faction != faction):
        was, _ = _pieces(before, enemy)
        now, _ = _pieces(after, enemy)
        if now < was:
            count = was - now
            reasons.append(
                f"removes {count} {name(enemy)} warrior{'s' if count > 1 else ''} from the map"
            )
    _, built_before = _pieces(before, faction)
    _, built_after = _pieces(after, faction)
    for kind, number in built_after - built_before:
        reasons.append(f"builds a {kind} in {clearing_name(after, number)}")
    for c in new.crafted[len(old.crafted) :]:
        reasons.append(f"crafts {card(c).name}")
    reasons += FACTIONS[faction].reasons(before, after, seat)
    if lost and before.turn_number > 0:
        reasons.append(f"gives up rule of {_clearings(after, lost)}")
    if not reasons:
        return plain_explain(game, before, after, seat, action)
    return "; ".join(reasons[:MOST])


PROFILE: AdviceProfile[RootState, Action] = AdviceProfile(
    kind="chance", measure=chance_measure, explain=explain
)
