"""A review (:mod:`.review`) in plain words: each figure as the advice
words it, a seat's judged moves in a line, each turning point in a few
lines, and the whole as the text ``boardgames-tui review`` prints."""

from __future__ import annotations

from .advice import advice_profile, figure_words
from .registry import get_game
from .review_model import Review, SeatReview, TurningPoint


def value_words(review: Review, value: float) -> str:
    """A figure in the advice's words ("2.5 points ahead", "62% to win")."""
    profile = advice_profile(get_game(review.game))
    seats = len(review.seats)
    if profile.figure is not None:
        return profile.figure(value, seats)
    return figure_words(review.kind, value, seats)


def loss_words(review: Review, loss: float) -> str:
    """What a move lost, in the measure's units ("2.5 points", "12% of
    the chance to win")."""
    if review.kind == "chance":
        return f"{round(100 * loss)}% of the chance to win"
    return f"{loss:.1f} point{'' if round(loss, 1) == 1 else 's'}"


def error_words(review: Review, error: float) -> str:
    """The samples' luck in a figure ("± 1.2", "± 7%")."""
    if review.kind == "chance":
        return f"± {round(100 * error)}%"
    return f"± {error:.1f}"


def summary_line(review: Review, seat: SeatReview) -> str:
    """A seat's judged moves in a line ("Ana: 23 moves judged; the search's
    own choice in 14")."""
    if not seat.reviewed:
        who = f"a bot ({seat.bot})" if seat.bot else "not reviewed"
        return f"{seat.name}: {who}, not judged"
    if not seat.judged:
        return f"{seat.name}: no move with a choice to judge"
    moves = "move" if seat.judged == 1 else "moves"
    return f"{seat.name}: {seat.judged} {moves} judged; the search's own choice in {seat.agreed}"


def point_lines(review: Review, point: TurningPoint) -> list[str]:
    """A turning point in a few lines of plain text."""
    name = review.seats[point.seat].name
    reason = f" ({point.reason})" if point.reason else ""
    return [
        f"Turn {point.turn}, move {point.index + 1}: {name} played {point.made}"
        f" [{value_words(review, point.made_value)}]",
        f"  The search prefers: {point.preferred}{reason}"
        f" [{value_words(review, point.preferred_value)}]",
        f"  Lost: {loss_words(review, point.loss)} ({error_words(review, point.error)},"
        f" on {point.samples} samples)",
    ]


def review_text(review: Review) -> str:
    """The review's turning points as text, seat by seat."""
    lines = [f"Review of {review.title}: {review.turns} turns"]
    for seat in review.seats:
        lines.append("")
        lines.append(summary_line(review, seat))
        if seat.reviewed and seat.judged and not seat.turning_points:
            lines.append("  No move lost anything against the search's choice.")
        for point in seat.turning_points:
            lines.extend("  " + line for line in point_lines(review, point))
    return "\n".join(lines)


__all__ = ["error_words", "loss_words", "point_lines", "review_text", "summary_line", "value_words"]
