"""Privacy after undo, in every game: the log's line about moves taken
back says only what was public before them.

In a game with hidden hands (Tyrants, Root) a move taken back may put a
card back into a hand (a card played, spent or revealed), and the log is
read by every seat (its panel, the next hand-off's recap): the line says
who took back how many moves, never their words (which may name the card)
nor the card.  Open games (Underwing, Incubation) keep the moves' words:
everybody saw them.  Each table is played by people moving as the greedy
bot would or at random, taking moves back now and then."""

from __future__ import annotations

from typing import Any

import pytest

from boardgames_tui.engine.bots import get_bot
from boardgames_tui.engine.game import Seat
from boardgames_tui.engine.rng import Rng
from boardgames_tui.engine.session import LogEntry, Session
from boardgames_tui.games.root.model import HIDDEN, RootState, card_of
from boardgames_tui.games.tyrants.cards import card
from boardgames_tui.games.tyrants.model import TyrantsState

NAMES = ("Ana", "Ben", "Cleo", "Dan")
TABLES: list[tuple[str, int, dict[str, Any]]] = [
    ("underwing", 1, {}),
    ("underwing", 3, {}),
    ("incubation", 2, {}),
    ("tyrants", 2, {}),
    ("tyrants", 3, {"half_decks": ("aberrations", "undead")}),
    ("root", 2, {"factions": ("marquise", "duchy"), "seating": "chosen"}),
    ("root", 2, {"factions": ("marquise", "eyrie"), "seating": "chosen"}),
    ("root", 3, {"factions": ("marquise", "duchy", "eyrie"), "seating": "chosen"}),
]
IDS = [f"{g}-{n}p-{i}" for i, (g, n, _) in enumerate(TABLES)]


def hand_names(session: Session) -> set[str]:
    """The names of the cards in every hand (none in an open game)."""
    state = session.state
    if isinstance(state, TyrantsState):
        return {card(c).name for p in state.players for c in p.hand}
    if isinstance(state, RootState):
        return {card_of(c).name for p in state.players for c in p.hand if c != HIDDEN}
    return set()


def check_undo(session: Session, seen: dict[str, int]) -> None:
    """Take back what undo would now, and check the log's line about it."""
    plan = session.undo_plan()
    target = len(session.actions) - plan.count
    undone = [e.text for e in session.log if e.action_index >= target and not e.undo]
    session.undo(plan)
    (note,) = [e for e in session.log if e.undo and e.text == plan.note][-1:]
    assert isinstance(note, LogEntry)
    mover = session.seats[plan.by].name if plan.by is not None else "The game"
    if session.game.hidden_information:
        moves = "a move" if plan.count == 1 else f"{plan.count} moves"
        # Only who took back how many: nothing of the moves' words...
        assert note.text.startswith(f"{mover} took back "), note.text
        assert note.text.endswith(f"{moves}."), note.text
        for text in undone:
            assert text not in note.text, note.text
        # ... and no card a hand holds, named anywhere in it.
        leaked = {name for name in hand_names(session) if name in note.text}
        assert not leaked, f"{leaked} in {note.text!r}"
        # No seat's recap (the next hand-off's) holds the moves' words, but
        # where the game as it stands says the same.
        kept = {e.text for e in session.log if not e.undo}
        for seat in range(len(session.seats)):
            for line in (e.text for e in session.recap(seat)):
                assert line in kept or not any(text in line for text in undone), line
        seen["hidden"] += 1
        seen["named"] += any(n in t for n in hand_names(session) for t in undone)
    else:
        # Everybody saw the moves: the line says what they were.
        for text in undone:
            assert text in note.text, note.text
        seen["open"] += 1


@pytest.mark.parametrize(("game_id", "players", "options"), TABLES, ids=IDS)
def test_a_line_about_moves_taken_back_says_only_what_was_public(
    game_id: str, players: int, options: dict[str, Any]
) -> None:
    seen = {"hidden": 0, "open": 0, "named": 0}
    for seed in range(3):
        session = Session.new(
            game_id,
            [Seat(name=n) for n in NAMES[:players]],
            options,
            seed=seed,
            autosave=False,
        )
        rng = Rng.from_seed(seed)
        greedy = get_bot("greedy", seed=seed, game=session.game)
        for _ in range(160):
            if session.is_over:
                break
            legal = session.legal_actions()
            if rng.randbelow(3):
                seat = session.to_act
                action = greedy.pick(session.game, session.view(seat), legal)
            else:
                action = legal[rng.randbelow(len(legal))]
            session.apply(action)
            if session.can_undo() and not rng.randbelow(3):
                check_undo(session, seen)
    assert seen["hidden"] + seen["open"] > 20, seen
    if session.game.hidden_information:
        # Some of the moves taken back named a card that went back to a hand.
        assert seen["named"] > 0, seen
