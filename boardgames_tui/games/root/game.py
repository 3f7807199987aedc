"""RootGame: the Game contract over ``flow`` (the turn) and ``core`` (the
Woodland's rules), with each seat's view of the hidden cards."""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import BaseModel

from boardgames_tui.engine.game import Action, Event, Game, Outcome, Seat, SeatResult, copy_state
from boardgames_tui.engine.rng import Rng

from . import core, flow
from .actions import ACTION_TYPE
from .cards import deck
from .model import (
    CATS,
    DUCHY,
    FACTION_NAMES,
    HIDDEN,
    KEEP_CORNERS,
    SHORT_NAMES,
    WIN_VP,
    RootOptions,
    RootState,
    first_as_played,
)
from .search_profile import PROFILE

#: What each faction's standing counts in :meth:`RootGame.evaluate`, by
#: faction (CATS, DUCHY): victory points, clearings ruled, cards in hand,
#: warriors on the map (the Burrow's too), tokens on the map (the
#: Marquise's wood, the Duchy's tunnels), persistent cards crafted, and the
#: Duchy's swayed ministers.  Fitted to the rule bots' games (see there).
STANDING: tuple[dict[str, float], dict[str, float]] = (
    {"vp": 1.0, "ruled": 0.9, "hand": 0.1, "warriors": 0.2, "tokens": 0.45, "crafted": 1.6},
    {
        "vp": 0.7,
        "ruled": 0.9,
        "hand": 0.5,
        "warriors": 0.6,
        "tokens": 0.35,
        "crafted": 0.7,
        "swayed": 1.2,
    },
)


class RootGame(Game[RootState, Action]):
    id: ClassVar[str] = "root"
    title: ClassVar[str] = "Root: the Duchy and the Marquise"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    Options: ClassVar[type[BaseModel]] = RootOptions
    State: ClassVar[type[RootState]] = RootState
    action_type: ClassVar[Any] = ACTION_TYPE
    hidden_information: ClassVar[bool] = True

    def setup(
        self,
        seats: list[Seat],
        options: BaseModel | dict[str, Any] | None = None,
        seed: int = 0,
    ) -> RootState:
        self.check_seats(seats)
        opts = self.options(options)
        assert isinstance(opts, RootOptions)
        state = flow.new_game(seats, opts, seed)
        state.opening += flow.settle(state)
        return state

    def seat_sides(self, options: BaseModel, seats: int) -> list[str]:
        """The faction each seat plays: ``marquise_seat`` has the Marquise,
        the other seat the Duchy."""
        assert isinstance(options, RootOptions)
        return [
            SHORT_NAMES[CATS if seat == options.marquise_seat else DUCHY] for seat in range(seats)
        ]

    def saved_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """A save that does not record the first player was played with the
        Marquise first (ruling R-FIRST)."""
        return first_as_played(options)

    def load_state(self, data: Any) -> RootState:
        """A snapshot whose options do not record the first player: the
        Marquise's (ruling R-FIRST), as in :meth:`saved_options`."""
        if isinstance(data, dict) and isinstance(data.get("options"), dict):
            data = {**data, "options": first_as_played(data["options"])}
        return super().load_state(data)

    def legal_actions(self, state: RootState) -> list[Action]:
        return flow.legal_actions(state)

    def perform(self, state: RootState, action: Action) -> list[Event]:
        return flow.perform(state, action)

    def to_act(self, state: RootState) -> int | None:
        return flow.to_act(state)

    def is_over(self, state: RootState) -> bool:
        return state.over

    def outcome(self, state: RootState) -> Outcome:
        results = []
        for faction in (CATS, DUCHY):
            seat = state.seat_of[faction]
            player = state.player(faction)
            results.append(
                SeatResult(
                    seat=seat,
                    # The name with the faction it plays: the results
                    # say who was which.
                    name=f"{state.seats[seat].name} ({core.name(faction)})",
                    score=player.vp,
                    breakdown=dict(sorted(player.points.items())),
                )
            )
        results.sort(key=lambda r: r.seat)
        if state.winner >= 0:
            winners = [state.seat_of[state.winner]]
            ranking = [winners[0], 1 - winners[0]]
            summary = (
                f"{state.seats[winners[0]].name} ({FACTION_NAMES[state.winner]}) reaches "
                f"{WIN_VP} points and wins."
            )
        else:
            by_score = sorted(results, key=lambda r: -r.score)
            ranking = [r.seat for r in by_score]
            if by_score[0].score == by_score[1].score:
                winners = ranking[:]
                summary = f"No one has reached {WIN_VP} points; the score is tied."
            else:
                winners = ranking[:1]
                summary = f"No one has reached {WIN_VP} points; {by_score[0].name} leads."
            if not state.over:
                winners = []
        for r in results:
            r.rank = 1 if r.seat in winners or (not winners and r.seat == ranking[0]) else 2
        return Outcome(results=results, ranking=ranking, winners=winners, summary=summary)

    #: How the search bots play Root (``search_profile.py``).
    search_profile = PROFILE

    def own_bots(self) -> dict[str, type[Any]]:
        """The rule-based bot that plays either faction by its goals."""
        from .bots import RootBot

        return {RootBot.name: RootBot}

    def evaluate(self, state: RootState, seat: int) -> float:
        """Points first; then what makes points later, each faction by its
        own weights (:data:`STANDING`): clearings ruled, warriors on the map,
        cards in hand and crafted, the Marquise's wood on the map and her
        keep's corner, the Duchy's swayed ministers and tunnels.

        The weights were fitted (logistic regression) to who won 1,200
        games of the rule bot against itself, at the start of every turn,
        and rounded; on 900 other such games they tell the winner somewhat
        better than the earlier hand-set weights did
        (``benchmarks/root_evaluate.py``).  Buildings on the map add
        nothing beyond the points they brought and what they make; a Duchy
        point is worth less than a Marquise point, the Duchy's warriors and
        cards in hand more than hers.  The keep's corner is the one choice
        whose worth shows only over the whole game: with the rule bot on
        both sides the Marquise won half her games with the keep in Quarry
        and about a quarter in Weald, while a round later the positions look
        alike."""
        faction = state.faction_of(seat)
        if state.winner >= 0:
            return 1000.0 if state.winner == faction else -1000.0

        def standing(f: int) -> float:
            player = state.player(f)
            w = STANDING[f]
            warriors = tokens = 0
            for c in state.clearings:
                warriors += c.cats if f == CATS else c.moles
                tokens += c.wood if f == CATS else c.tunnel
            value = (
                w["vp"] * player.vp
                + w["ruled"] * len(core.ruled(state, f))
                + w["hand"] * len(player.hand)
                + w["warriors"] * warriors
                + w["tokens"] * tokens
                + w["crafted"] * len(player.crafted)
            )
            if f == CATS:
                value += KEEP_CORNERS.get(state.cats.keep, 0.0)
            else:
                value += w["swayed"] * len(state.duchy.swayed)
            return value

        return standing(faction) - standing(1 - faction)

    def view(self, state: RootState, seat: int | None) -> RootState:
        """The state as ``seat`` sees it: the other hand face down except the
        cards this seat has seen there, the deck face down, and the dice to
        come unknown."""
        seen = copy_state(state)
        seen.rng = Rng.from_seed(0)
        seen.draw_pile = [HIDDEN] * len(state.draw_pile)
        for faction in (CATS, DUCHY):
            if seat is not None and state.seat_of[faction] == seat:
                continue
            player = seen.player(faction)
            known = sorted(c for c in player.known if c in player.hand)
            player.hand = known + [HIDDEN] * (len(player.hand) - len(known))
            player.known = known
        return seen

    def determinize(self, view: RootState, seat: int, rng: Rng) -> RootState:
        """A full state ``seat`` could be in, seeing ``view``: the cards it has
        not seen anywhere (the deck's cards, less those in its hand, on the
        discard pile, crafted, revealed, and those it knows in the other
        hand) shuffled and dealt face down into the other hand and the draw
        pile; a new random generator for the dice."""
        state = copy_state(view)
        state.rng = Rng.from_seed(rng.next_u64())
        seen: set[int] = set(state.discard) | set(state.duchy.revealed)
        for faction in (CATS, DUCHY):
            player = state.player(faction)
            seen.update(c for c in player.hand if c != HIDDEN)
            seen.update(player.crafted)
        pool = [i for i, c in enumerate(deck()) if c.kind != "dominance" and i not in seen]
        state.rng.shuffle(pool)
        for faction in (CATS, DUCHY):
            player = state.player(faction)
            for i, c in enumerate(player.hand):
                if c == HIDDEN:
                    player.hand[i] = pool.pop()
        state.draw_pile = [c if c != HIDDEN else pool.pop() for c in state.draw_pile]
        return state

    def describe(self, state: RootState, action: Action) -> str:
        return flow.describe(state, action)

    def prompt(self, state: RootState) -> str:
        return flow.prompt(state)

    def progress(self, state: RootState) -> str:
        return flow.progress(state)
