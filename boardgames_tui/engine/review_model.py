"""What a review (:mod:`.review`) is, as data: each seat's curve and its
turning points.  Kept beside the save as JSON (:mod:`.review_cache`),
validated when read back."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

Kind = Literal["points", "chance"]


class TurningPoint(BaseModel):
    """One move that lost standing against the search's choice."""

    model_config = ConfigDict(frozen=True)

    seat: int
    #: The move's place in the game: how many moves were made before it
    #: (the replay at this position shows the table the seat chose from).
    index: int
    #: The turn it was made in (1: the first).
    turn: int
    #: The move made, in the game's words.
    made: str
    #: The move the search prefers, and the advice's reason for it.
    preferred: str
    reason: str
    #: Both moves as the save writes moves (``Game.dump_action``).
    made_move: Any = None
    preferred_move: Any = None
    #: Each move's mean measure over the samples they were compared on.
    made_value: float
    preferred_value: float
    #: The standard error of the difference (the samples' luck), and how
    #: many samples the two moves were compared on.
    error: float
    samples: int

    @property
    def loss(self) -> float:
        return self.preferred_value - self.made_value


class SeatReview(BaseModel):
    """One seat: its curve and, when reviewed, its turning points."""

    model_config = ConfigDict(frozen=True)

    seat: int
    name: str
    bot: str | None = None
    #: Its standing at the end of each turn (``Review.turn_ends``).
    curve: list[float]
    #: Whether its moves were judged (a person's; a bot's when asked).
    reviewed: bool = False
    #: Moves with a choice judged, and of them those where the seat played
    #: the search's choice (or a move leaving the same position).
    judged: int = 0
    agreed: int = 0
    #: The moves that lost most, the worst first.
    turning_points: list[TurningPoint] = []


class Review(BaseModel):
    """A finished game's review."""

    model_config = ConfigDict(frozen=True)

    game: str
    title: str
    #: "points": points ahead of the best other seat (alone: points);
    #: "chance": a chance to win, 0 to 1.
    kind: Kind
    #: The position (moves made) at the end of each turn.
    turn_ends: list[int]
    seats: list[SeatReview]
    #: The most playouts one decision's advice ran, and the samples each
    #: curve point was averaged over.
    playouts: int
    curve_samples: int

    @property
    def turns(self) -> int:
        return len(self.turn_ends)

    def turn_of(self, index: int) -> int:
        """The turn (1: the first) in which the move at ``index`` was made."""
        return next((t + 1 for t, end in enumerate(self.turn_ends) if index < end), self.turns)

    def only(self, seats: set[int]) -> Review:
        """The review with only ``seats`` reviewed (the others' judgements
        dropped, their curves kept)."""
        kept = [
            s
            if s.seat in seats
            else s.model_copy(
                update={"reviewed": False, "judged": 0, "agreed": 0, "turning_points": []}
            )
            for s in self.seats
        ]
        return self.model_copy(update={"seats": kept})


__all__ = ["Kind", "Review", "SeatReview", "TurningPoint"]
