"""The Corvid Conspiracy's rule bot (``games/root/plan.py``): flip for the
points and the effects, plot where warriors stand safe and the plot will do
its work, recruit where the suit spreads the most warriors, keep warriors
for the plots; and, for every other faction's bot, how an Exposure guess is
worth making from what the guesser may see."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, ClassVar

from ... import core
from ...actions import Done
from ...bots import card_value
from ...model import RootState, card_of
from ...plan import Rating, RulePlan
from .actions import Expose, FlipPlot, PlacePlot, PlaceWarrior, RecruitCorvids, Trick

if TYPE_CHECKING:
    from boardgames_tui.engine.game import Action

from .state import COPIES, CORVIDS, FACE_DOWN, PLOTS, UNKNOWN, Corvids


def _corvids(s: RootState) -> Corvids:
    return s.player(CORVIDS)  # type: ignore[return-value]


def _enemy_pieces(s: RootState, clearing: int) -> tuple[int, int]:
    """Enemy warriors and enemy buildings and tokens in a clearing."""
    c = s.clearings[clearing]
    warriors = sum(k for f, k in c.warriors.items() if f != CORVIDS)
    pieces = len(c.buildings) + len([t for t in c.tokens if t != FACE_DOWN and t not in PLOTS])
    return warriors, pieces


def rate_flip(s: RootState, me: int, a: FlipPlot) -> float:
    kind = _corvids(s).plots.get(a.clearing, UNKNOWN)
    value = 40.0
    warriors, pieces = _enemy_pieces(s, a.clearing)
    if kind == "bomb":
        value += 4 * pieces + warriors
    elif kind == "extortion":
        value += 3 * sum(
            1
            for e in core.enemies(s, CORVIDS)
            if s.player(e).hand and core.has_pieces(s, e, a.clearing)
        )
    elif kind == "snare":
        value += 2 if warriors or pieces else 0
    return value


def rate_plot(s: RootState, me: int, a: PlacePlot) -> float:
    """Where warriors stay safe: the cost leaves some behind, no enemy army
    stands there; a bomb where enemy buildings are, an extortion where
    enemies with cards stand."""
    corvids = _corvids(s)
    cost = 1 + corvids.placed
    mine = core.warriors(s, CORVIDS, a.clearing)
    warriors, pieces = _enemy_pieces(s, a.clearing)
    value = 14.0 - 4 * (cost - 1)
    if mine - cost <= 0:
        value -= 3
    if warriors > mine:
        value -= 4
    if a.plot == "bomb":
        value += 3 * pieces + 0.5 * warriors
    elif a.plot == "extortion":
        value += 2 if warriors or pieces else 0
    elif a.plot == "snare":
        value += 1.5 if warriors or pieces else 0
    else:
        value += 0.5 * len(s.woodland.neighbours(a.clearing))
    return value


def rate_recruit(s: RootState, me: int, a: RecruitCorvids) -> float:
    spots = [n for n in s.woodland.of_suit(a.suit) if core.may_place(s, CORVIDS, n)]
    return 6.0 + 2 * min(len(spots), _corvids(s).warriors) - card_value(a.card)


def rate_trick(s: RootState, me: int, a: Trick) -> float:
    """A swap that puts a bomb or an extortion where the enemies are."""
    plots = _corvids(s).plots
    first, second = plots.get(a.first), plots.get(a.second)
    if first is None or second is None or first == second:
        return -2.0
    gain = 0.0
    for here, there in ((a.first, second), (a.second, first)):
        warriors, pieces = _enemy_pieces(s, here)
        if there == "bomb":
            gain += 3 * pieces + 0.5 * warriors
    return gain - 6.0


def rate_warrior(s: RootState, me: int, a: PlaceWarrior) -> float:
    warriors, _ = _enemy_pieces(s, a.clearing)
    return 1.0 + warriors - 0.1 * core.warriors(s, CORVIDS, a.clearing)


def guess_odds(s: RootState) -> Counter[str]:
    """The plot types a face-down plot may be, from what every seat sees:
    two of each, less the face-up ones on the map."""
    pool = Counter({k: COPIES for k in PLOTS})
    for n in s.woodland.numbers:
        for t in s.clearings[n].tokens:
            if t in PLOTS:
                pool[t] -= 1
    return +pool


def rate_expose(s: RootState, me: int, a: Expose) -> float:
    """Worth it when the named type is likely enough: the point and the plot
    gone, against the card given away."""
    pool = guess_odds(s)
    total = sum(pool.values())
    if not total:
        return -10.0
    p = pool[a.plot] / total
    stake = card_value(a.card) + (1.5 if card_of(a.card).suit == "bird" else 0.0)
    prize = 1.0 + (2.5 if a.plot == "bomb" else 1.5)
    return 8 * (p * prize - (1 - p) * stake)


class CorvidsPlan(RulePlan):
    """The Corvids' own priorities."""

    spare: ClassVar[Mapping[str, float]] = {"snare": 1.0, "raid": 2.0, FACE_DOWN: 0.5}

    def rates(self) -> Mapping[type, Rating]:
        return {
            FlipPlot: rate_flip,
            PlacePlot: rate_plot,
            RecruitCorvids: rate_recruit,
            Trick: rate_trick,
            PlaceWarrior: rate_warrior,
        }

    def guest_rates(self) -> Mapping[type, Rating]:
        return {Expose: rate_expose}

    def ratings(
        self, s: RootState, legal: list[Action], card_value: Callable[[int], float]
    ) -> list[float | None] | None:
        """Exert only for a plot worth more than the Evening's cards (the
        draw is what keeps the recruits and the plots coming)."""
        if s.step != "exert" or s.stack:
            return None
        draws = 1 + sum(s.clearings[n].tokens.count("extortion") for n in s.woodland.numbers)
        out: list[float | None] = []
        for a in legal:
            if isinstance(a, PlacePlot):
                out.append(rate_plot(s, CORVIDS, a) - 6 * draws)
            else:
                out.append(0.0 if isinstance(a, Done) else -1.0)
        return out

    def guard(self, s: RootState, me: int, origin: int) -> int:
        """Keep a warrior with each face-down plot (to flip it)."""
        return 1 if FACE_DOWN in s.clearings[origin].tokens else 0
