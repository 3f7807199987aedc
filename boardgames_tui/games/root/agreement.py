"""Ruling R-AGREE: a game of Root ends by agreement (docs/rules/root.md).

The player whose turn it is may propose, at any decision of their turn,
that the table end the game; when every other player accepts, it ends
with no winner, the seats ranked by points (``engine/agreement.py``).
Bots accept at a *standstill* and decline otherwise; a table of bots
only proposes it there (``Bot.choose``), so a simulation ends such a game.

A standstill names no faction: the deck and the discard pile are empty
and no seat's score has changed over :data:`ROUNDS` full rounds.  The
state keeps the record (``RootState.quiet``), taken at the start of every turn
(:func:`note_turn`): while the deck and the discard pile are both empty,
the turn number at which the scores were last found different and those
scores; empty otherwise (so a game that never runs out of cards keeps it
empty, and its saves are as they were).
"""

from __future__ import annotations

from typing import Final

from boardgames_tui.engine.agreement import agreed_outcome
from boardgames_tui.engine.game import Action, Event, IllegalAction, Outcome, SeatResult

from . import core
from .actions import EndByAgreement
from .model import RootState

#: The full rounds (a turn per seat) without a card to draw and without a
#: score that make a standstill.  Random play at the soak's tables with the
#: faction that keeps spare cards as supporters often empties the
#: deck and the discard pile for a while and then scores again: in 240
#: seeded games (four tables of three and four factions on the four maps)
#: the longest such quiet that ended in a score was under ten rounds, those
#: ended by a card discarded ran to 13 rounds and once to 32
#: (docs/rules/root.md, R-AGREE).
ROUNDS: Final = 20

#: The one proposal (an action names only the choice: the proposer is the
#: player whose turn it is).
PROPOSAL = EndByAgreement()

#: The proposal in words (the picker's and the log's).
WORDS = "End the game by agreement (no winner, ranked by points)"

#: What a bot at the table answers a proposal made before a standstill.
NOT_YET = (
    "the bots accept only once the deck and the discard pile are empty and "
    f"no score has changed over {ROUNDS} full rounds"
)


def note_turn(state: RootState) -> None:
    """At the start of a turn: keep the record of a standstill
    (``RootState.quiet``): cleared while the deck or the discard pile holds
    a card; else begun again, with this turn's number and the scores,
    whenever the scores differ from those it holds."""
    if state.draw_pile or state.discard:
        if state.quiet:
            state.quiet = []
        return
    scores = [p.vp for p in state.players]
    if state.quiet[1:] != scores:
        state.quiet = [state.turn_number, *scores]


def standstill(state: RootState) -> bool:
    """Whether the game is at a standstill: at the start of each of the
    last turns, :data:`ROUNDS` full rounds of them (a turn per seat), and
    now, the deck and the discard pile were empty and every seat's score
    the same.  Cheap when it is not (the record is empty in almost every
    game)."""
    quiet = state.quiet
    if not quiet or state.draw_pile or state.discard or state.over:
        return False
    if state.turn_number - quiet[0] < ROUNDS * len(state.players):
        return False
    return quiet[1:] == [p.vp for p in state.players]


def proposal(state: RootState, seat: int, acting: int | None) -> Action | None:
    """The proposal ``seat`` may make now, ``acting`` being the seat that
    decides: on its own turn (setup over, the decision its own), else None."""
    if state.over or state.setting_up >= 0 or state.step == "setup":
        return None
    if seat != acting or state.seat(state.turn) != seat:
        return None
    return PROPOSAL


def check(state: RootState, acting: int | None) -> None:
    """Raise IllegalAction unless the table may end the game by agreement
    now, ``acting`` being the seat that decides: proposed on the proposer's
    own turn, and every bot at the table accepting (every person's consent
    is the screen's to ask)."""
    seat = acting
    if seat is None or proposal(state, seat, acting) is None:
        raise IllegalAction("Only the player whose turn it is may propose to end the game.")
    bots = [i for i, s in enumerate(state.seats) if s.is_bot and i != seat]
    if bots and not standstill(state):
        names = ", ".join(state.seats[i].name for i in bots)
        raise IllegalAction(f"{names} decline{'s' if len(bots) == 1 else ''}: {NOT_YET}.")


def seat_results(state: RootState) -> list[SeatResult]:
    """Every seat's points, named with the faction it plays."""
    return [
        SeatResult(
            seat=seat,
            # The name with the faction it plays: the results say who was which.
            name=f"{state.seats[seat].name} ({core.name(player.faction)})",
            score=player.vp,
            breakdown=dict(sorted(player.points.items())),
        )
        for seat, player in enumerate(state.players)
    ]


def outcome(state: RootState) -> Outcome:
    """The outcome of the game the table agreed to end."""
    return agreed_outcome(seat_results(state))


def end(state: RootState) -> list[Event]:
    """The table agreed: the game is over, logged with its ranking."""
    proposer = state.seats[state.seat(state.turn)].name
    state.agreed = True
    state.step = "over"
    summary = outcome(state).summary
    return [
        Event(text=f"{proposer} proposes to end the game by agreement; every player accepts."),
        Event(text=summary),
    ]
