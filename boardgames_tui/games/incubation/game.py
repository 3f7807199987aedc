"""IncubationGame: the Game contract over ``rules`` and ``score``."""

from __future__ import annotations

from collections import Counter
from typing import Any, ClassVar

from pydantic import BaseModel

from boardgames_tui.engine.game import Event, Game, Outcome, Seat, SetupError, copy_state
from boardgames_tui.engine.rng import Rng

from . import legal, queries, rules, score, words
from .actions import ActionType, IncubationAction, IncubationOptions
from .cards import Coins, DistinctColours, Dragons, SameColour, egg, objective
from .model import OBJECTIVE_VP, IncubationState
from .search_profile import PROFILE


class IncubationGame(Game[IncubationState, IncubationAction]):
    id: ClassVar[str] = "incubation"
    title: ClassVar[str] = "Incubation"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 5
    Options: ClassVar[type[BaseModel]] = IncubationOptions
    State: ClassVar[type[IncubationState]] = IncubationState
    action_type: ClassVar[Any] = ActionType
    hidden_information: ClassVar[bool] = False

    def setup(
        self,
        seats: list[Seat],
        options: BaseModel | dict[str, Any] | None = None,
        seed: int = 0,
    ) -> IncubationState:
        self.check_seats(seats)
        opts = self.options(options)
        assert isinstance(opts, IncubationOptions)
        if opts.first_player >= len(seats):
            raise SetupError(
                f"The first player must be one of the {len(seats)} seats "
                f"(1 to {len(seats)}), not {opts.first_player + 1}."
            )
        return rules.setup_game(seats, opts, seed)

    def legal_actions(self, state: IncubationState) -> list[IncubationAction]:
        return legal.legal_actions(state)

    def check(self, state: IncubationState, action: IncubationAction) -> None:
        legal.check(state, action)

    def perform(self, state: IncubationState, action: IncubationAction) -> list[Event]:
        return rules.perform(state, action)

    def to_act(self, state: IncubationState) -> int | None:
        return queries.to_act(state)

    def is_over(self, state: IncubationState) -> bool:
        return state.step == "over"

    def outcome(self, state: IncubationState) -> Outcome:
        return score.outcome(state)

    def evaluate(self, state: IncubationState, seat: int) -> float:
        """How well ``seat`` stands, for bots: VP so far (coins, dragons,
        objectives); each egg in an Incubator by the share of its tokens placed
        (from half its VP to 0.95 of it); and half an objective's VP times the
        progress toward the objective on offer it is closest to.  Relative to
        the best opponent."""
        if state.step == "over":
            totals = [r.score for r in score.outcome(state).results]
            others = [t for i, t in enumerate(totals) if i != seat]
            return float(totals[seat] - (max(others) if others else 0))
        offered = [objective(o) for o in state.objectives]
        standing: list[float] = []
        for s, p in enumerate(state.players):
            value = float(score.score(state, s))
            for inc in p.incubators:
                if inc.egg is not None:
                    card = egg(inc.egg)
                    placed = min(inc.water, card.water) + min(inc.fire, card.fire)
                    value += card.vp * (0.5 + 0.45 * placed / card.needs)
            counted = [d for d in queries.dragons_of(p) if d.kind != "hybrid"]
            wild = sum(1 for d in counted if d.kind == "mystery")
            by_colour = Counter(d.colours[0] for d in counted if d.kind == "plain")
            best = 0.0
            for goal in offered:
                shares: list[float] = []
                for req in goal.requires:
                    if isinstance(req, Coins):
                        shares.append(min(1.0, p.coin_worth / req.worth))
                    elif isinstance(req, Dragons):
                        have = sum(1 for d in counted if d.vp >= req.min_vp)
                        shares.append(min(1.0, have / req.count))
                    elif isinstance(req, SameColour):
                        most = max(by_colour.values(), default=0)
                        shares.append(min(1.0, (most + wild) / req.count))
                    elif isinstance(req, DistinctColours):
                        shares.append(min(1.0, (len(by_colour) + wild) / req.count))
                    else:
                        need = Counter(req.colours)
                        missing = sum(max(0, n - by_colour[c]) for c, n in need.items())
                        have_set = len(req.colours) - max(0, missing - wild)
                        shares.append(have_set / len(req.colours))
                best = max(best, sum(shares) / len(shares))
            value += 0.5 * OBJECTIVE_VP * best
            standing.append(value)
        others_v = [v for i, v in enumerate(standing) if i != seat]
        return standing[seat] - (max(others_v) if others_v else 0.0)

    #: How the search bots play Incubation (``search_profile.py``).
    search_profile = PROFILE

    def determinize(self, view: IncubationState, seat: int, rng: Rng) -> IncubationState:
        """Only each egg deck's top card is face up: the cards under the tops
        were dealt at random into the three decks, so they are pooled (sorted,
        so their order in ``view`` does not matter), shuffled and dealt back,
        each deck keeping its size and its top.  The state gets a new random
        generator for the dice."""
        state = copy_state(view)
        state.rng = Rng.from_seed(rng.next_u64())
        pool = sorted(card for deck in state.decks for card in deck[:-1])
        state.rng.shuffle(pool)
        for deck in state.decks:
            if len(deck) > 1:
                under = len(deck) - 1
                deck[:-1] = pool[:under]
                del pool[:under]
        return state

    def describe(self, state: IncubationState, action: IncubationAction) -> str:
        return words.describe(state, action)

    def prompt(self, state: IncubationState) -> str:
        return words.prompt(state)

    def progress(self, state: IncubationState) -> str:
        return words.progress(state)
