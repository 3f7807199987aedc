""" "Tally": a tiny open-information game for the UI tests.

On your turn you add 1, 2 or 3 to your total, or draw a random bonus (1-6,
from the game's RNG, so undo stops there).  After ``rounds`` turns each, the
highest total wins (or the lowest, with ``goal="low"``).  Its options cover
the kinds of field the setup form generates controls for.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, Field

from boardgames_tui.engine import (
    Action,
    Event,
    Game,
    GameState,
    Outcome,
    Rng,
    Seat,
    SeatResult,
)
from boardgames_tui.engine.data import action_data, state_data


class TallyOptions(BaseModel):
    rounds: int = Field(default=2, ge=1, le=8, description="Turns per player")
    goal: Literal["high", "low"] = Field(default="high", description="Who wins")
    start: int | None = Field(default=None, ge=-50, le=50, description="Starting total (blank: 0)")
    draws: bool = Field(default=True, description="Allow drawing a bonus")


@action_data
class Add(Action):
    kind: Literal["add"] = "add"
    amount: int


@action_data
class DrawBonus(Action):
    kind: Literal["draw"] = "draw"


TallyAction = Annotated[Add | DrawBonus, Field(discriminator="kind")]


@state_data
class TallyState(GameState):
    added: list[int]
    drawn: list[int]
    turn: int = 0
    moves: int = 0
    rounds: int = 2
    goal: str = "high"
    start: int = 0
    draws: bool = True


class Tally(Game[TallyState, Action]):
    id = "tally"
    title = "Tally (test game)"
    min_players = 1
    max_players = 3
    Options = TallyOptions
    State = TallyState
    action_type = TallyAction
    hidden_information = False

    def setup(
        self, seats: list[Seat], options: BaseModel | dict[str, object] | None = None, seed: int = 0
    ) -> TallyState:
        self.check_seats(seats)
        opts = self.options(options)
        assert isinstance(opts, TallyOptions)
        return TallyState(
            seats=list(seats),
            rng=Rng.from_seed(seed),
            added=[0] * len(seats),
            drawn=[0] * len(seats),
            rounds=opts.rounds,
            goal=opts.goal,
            start=opts.start or 0,
            draws=opts.draws,
        )

    def legal_actions(self, state: TallyState) -> list[Action]:
        if self.is_over(state):
            return []
        actions: list[Action] = [Add(amount=n) for n in (1, 2, 3)]
        if state.draws:
            actions.append(DrawBonus())
        return actions

    def perform(self, state: TallyState, action: Action) -> list[Event]:
        seat = state.turn
        name = state.seats[seat].name
        if isinstance(action, Add):
            state.added[seat] += action.amount
            text = f"{name} adds {action.amount}."
        else:
            bonus = state.rng.randint(1, 6)
            state.drawn[seat] += bonus
            text = f"{name} draws a bonus of {bonus}."
        state.moves += 1
        state.turn = (state.turn + 1) % len(state.seats)
        return [Event(text=text, seat=seat)]

    def total(self, state: TallyState, seat: int) -> int:
        return state.start + state.added[seat] + state.drawn[seat]

    def to_act(self, state: TallyState) -> int | None:
        return None if self.is_over(state) else state.turn

    def is_over(self, state: TallyState) -> bool:
        return state.moves >= state.rounds * len(state.seats)

    def outcome(self, state: TallyState) -> Outcome:
        sign = -1 if state.goal == "low" else 1
        totals = [self.total(state, s) for s in range(len(state.seats))]
        order = sorted(range(len(totals)), key=lambda s: -sign * totals[s])
        best = totals[order[0]]
        results = [
            SeatResult(
                seat=s,
                name=seat.name,
                score=totals[s],
                breakdown={"start": state.start, "added": state.added[s], "drawn": state.drawn[s]},
                rank=1 + sum(1 for t in totals if sign * t > sign * totals[s]),
            )
            for s, seat in enumerate(state.seats)
        ]
        winners = [s for s in order if totals[s] == best]
        names = " and ".join(state.seats[w].name for w in winners)
        return Outcome(
            results=results, ranking=order, winners=winners, summary=f"{names} win with {best}."
        )

    def describe(self, state: TallyState, action: Action) -> str:
        if isinstance(action, Add):
            return f"Add {action.amount}"
        return "Draw a bonus (1-6)"

    def progress(self, state: TallyState) -> str:
        return f"Turn {min(state.moves // len(state.seats) + 1, state.rounds)} of {state.rounds}"


GAME = Tally()
