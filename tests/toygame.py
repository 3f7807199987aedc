"""A tiny game for exercising the contract, hidden hands and the app shell.

"Sevens": a shuffled deck of cards 1-12, three cards dealt to each player
(hidden). On your turn you play a card (its value is added to your score),
draw a card (hand of at most 4), or roll a die for luck: you then keep the roll
(added to your score, it counts as your play) or let it go. The game ends when
every player has played ``plays`` times. Highest score wins; ties share.

It is not shipped: it lives in tests/ and is registered by the tests.
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
    copy_state,
)
from boardgames_tui.engine.data import action_data, state_data


class SevensOptions(BaseModel):
    plays: int = Field(default=3, ge=1, le=6, description="Plays per player")
    allow_roll: bool = Field(default=True, description="Allow rolling for luck")


@action_data
class Play(Action):
    kind: Literal["play"] = "play"
    card: int


@action_data
class Draw(Action):
    kind: Literal["draw"] = "draw"


@action_data
class Roll(Action):
    kind: Literal["roll"] = "roll"


@action_data
class Keep(Action):
    kind: Literal["keep"] = "keep"
    keep: bool


SevensAction = Annotated[Play | Draw | Roll | Keep, Field(discriminator="kind")]


@state_data
class SevensState(GameState):
    deck: list[int]
    hands: list[list[int]]
    scores: list[int]
    played: list[int]
    turn: int = 0
    rolled: int | None = None
    plays: int = 3
    allow_roll: bool = True


class Sevens(Game[SevensState, Action]):
    id = "sevens"
    title = "Sevens (test game)"
    min_players = 2
    max_players = 4
    Options = SevensOptions
    State = SevensState
    action_type = SevensAction
    hidden_information = True

    def setup(
        self, seats: list[Seat], options: BaseModel | dict[str, object] | None = None, seed: int = 0
    ) -> SevensState:
        self.check_seats(seats)
        opts = self.options(options)
        assert isinstance(opts, SevensOptions)
        rng = Rng.from_seed(seed)
        deck = list(range(1, 13))
        rng.shuffle(deck)
        hands = [[deck.pop() for _ in range(3)] for _ in seats]
        state = SevensState(
            seats=list(seats),
            rng=rng,
            deck=deck,
            hands=hands,
            scores=[0] * len(seats),
            played=[0] * len(seats),
            plays=opts.plays,
            allow_roll=opts.allow_roll,
        )
        state.opening.append(Event(text="Three cards are dealt to each player.", reveals=True))
        return state

    def legal_actions(self, state: SevensState) -> list[Action]:
        if self.is_over(state):
            return []
        if state.rolled is not None:
            return [Keep(keep=True), Keep(keep=False)]
        seat = state.turn
        actions: list[Action] = [Play(card=c) for c in sorted(set(state.hands[seat]))]
        if state.deck and len(state.hands[seat]) < 4:
            actions.append(Draw())
        if state.allow_roll:
            actions.append(Roll())
        return actions

    def perform(self, state: SevensState, action: Action) -> list[Event]:
        seat = state.turn
        name = state.seats[seat].name
        events: list[Event]
        if isinstance(action, Play):
            state.hands[seat].remove(action.card)
            state.scores[seat] += action.card
            state.played[seat] += 1
            events = [Event(text=f"{name} plays {action.card}.", seat=seat)]
            self._next(state)
        elif isinstance(action, Draw):
            state.hands[seat].append(state.deck.pop())
            events = [Event(text=f"{name} draws a card.", seat=seat, reveals=True)]
            self._next(state)
        elif isinstance(action, Roll):
            state.rolled = state.rng.randint(1, 6)
            events = [Event(text=f"{name} rolls {state.rolled}.", seat=seat)]
        else:
            assert isinstance(action, Keep)
            rolled = state.rolled or 0
            state.rolled = None
            if action.keep:
                state.scores[seat] += rolled
                state.played[seat] += 1
                events = [Event(text=f"{name} keeps the {rolled}.", seat=seat)]
            else:
                events = [Event(text=f"{name} lets the {rolled} go.", seat=seat)]
            self._next(state)
        return events

    def _next(self, state: SevensState) -> None:
        n = len(state.seats)
        for step in range(1, n + 1):
            candidate = (state.turn + step) % n
            if state.played[candidate] < state.plays:
                state.turn = candidate
                return

    def to_act(self, state: SevensState) -> int | None:
        return None if self.is_over(state) else state.turn

    def is_over(self, state: SevensState) -> bool:
        return all(p >= state.plays for p in state.played)

    def outcome(self, state: SevensState) -> Outcome:
        order = sorted(range(len(state.seats)), key=lambda s: -state.scores[s])
        best = state.scores[order[0]]
        results = []
        for seat, s in enumerate(state.seats):
            rank = 1 + sum(1 for other in state.scores if other > state.scores[seat])
            results.append(
                SeatResult(
                    seat=seat,
                    name=s.name,
                    score=state.scores[seat],
                    breakdown={"cards and rolls": state.scores[seat]},
                    rank=rank,
                )
            )
        winners = [seat for seat in order if state.scores[seat] == best]
        names = " and ".join(state.seats[w].name for w in winners)
        return Outcome(
            results=results, ranking=order, winners=winners, summary=f"{names} win with {best}."
        )

    def view(self, state: SevensState, seat: int | None) -> SevensState:
        copy = copy_state(state)
        copy.deck = [0] * len(copy.deck)
        copy.hands = [hand if i == seat else [0] * len(hand) for i, hand in enumerate(copy.hands)]
        return copy

    def describe(self, state: SevensState, action: Action) -> str:
        if isinstance(action, Play):
            return f"Play your {action.card}"
        if isinstance(action, Draw):
            return "Draw a card"
        if isinstance(action, Roll):
            return "Roll a die for luck"
        if isinstance(action, Keep):
            return f"Keep the roll of {state.rolled}" if action.keep else "Let the roll go"
        return action.kind

    def prompt(self, state: SevensState) -> str:
        seat = self.to_act(state)
        if seat is None:
            return "The game is over."
        name = state.seats[seat].name
        if state.rolled is not None:
            return f"{name}: keep the roll of {state.rolled}?"
        return f"{name}: play a card, draw, or roll."

    def progress(self, state: SevensState) -> str:
        return f"Play {min(state.played) + 1} of {state.plays}"


GAME = Sevens()
