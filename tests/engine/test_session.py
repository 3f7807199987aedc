"""Sessions: apply, autosave, undo and its limits, bots."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from boardgames_tui.engine import IllegalAction, Seat, SetupError, registry
from boardgames_tui.engine.game import copy_state
from boardgames_tui.engine.registry import UnknownGame
from boardgames_tui.engine.session import Session, UndoError
from tests.toygame import Draw, Keep, Play, Roll


def two(bot: str | None = None) -> list[Seat]:
    return [Seat(name="Ana"), Seat(name="Ben", bot=bot)]


def new(saves_dir: Path, seats: list[Seat] | None = None, **options: object) -> Session:
    return Session.new("sevens", seats or two(), options or None, seed=5, saves_dir=saves_dir)


def test_new_session_is_saved_at_once(saves_dir: Path) -> None:
    session = new(saves_dir)
    assert session.path is not None and session.path.exists()
    assert json.loads(session.path.read_text())["actions"] == []


def test_every_action_is_autosaved(saves_dir: Path) -> None:
    session = new(saves_dir)
    assert session.path is not None
    for count in range(1, 4):
        session.apply(session.legal_actions()[0])
        assert len(json.loads(session.path.read_text())["actions"]) == count


def test_a_save_put_off_is_written_by_save_now(saves_dir: Path) -> None:
    session = new(saves_dir)
    assert session.path is not None
    session.apply(session.legal_actions()[0], save=False)
    assert session.save_pending
    assert json.loads(session.path.read_text())["actions"] == []
    assert session.save_now()
    assert not session.save_pending and not session.save_now()
    assert len(json.loads(session.path.read_text())["actions"]) == 1
    # A save of any kind to the game's own file writes what was put off.
    session.apply(session.legal_actions()[0], save=False)
    session.save()
    assert not session.save_pending
    assert len(json.loads(session.path.read_text())["actions"]) == 2


def test_no_autosave_when_asked(tmp_path: Path) -> None:
    session = Session.new("sevens", two(), seed=1, saves_dir=tmp_path, autosave=False)
    session.apply(session.legal_actions()[0])
    assert session.path is None and list(tmp_path.iterdir()) == []


def test_illegal_action_changes_nothing(saves_dir: Path) -> None:
    session = new(saves_dir)
    assert session.path is not None
    before = session.path.read_bytes()
    with pytest.raises(IllegalAction):
        session.apply(Play(card=99))
    assert session.actions == [] and session.path.read_bytes() == before


def test_unknown_game_and_bad_seats() -> None:
    with pytest.raises(UnknownGame, match="no game called"):
        Session.new("chess", two(), autosave=False)
    with pytest.raises(SetupError, match="2 to 4 players"):
        Session.new("sevens", [Seat(name="Solo")], autosave=False)
    with pytest.raises(SetupError, match="same name"):
        Session.new("sevens", [Seat(name="A"), Seat(name="A")], autosave=False)
    with pytest.raises(SetupError, match="plays"):
        Session.new("sevens", two(), {"plays": 0}, autosave=False)


def test_undo_refused_after_a_roll(saves_dir: Path) -> None:
    # A roll reveals something random: undo stops there.
    session = new(saves_dir)
    session.apply(Roll())
    assert not session.can_undo()
    with pytest.raises(UndoError, match="random"):
        session.undo()


def test_undo_refused_across_a_hand_off(saves_dir: Path) -> None:
    session = new(saves_dir)
    play = next(a for a in session.legal_actions() if isinstance(a, Play))
    session.apply(play)  # Ana plays; Ben decides next: a hand-off in a hidden-hand game
    assert session.to_act == 1
    with pytest.raises(UndoError, match="hand-off"):
        session.undo()


def test_undo_refused_after_a_draw(saves_dir: Path) -> None:
    session = new(saves_dir)
    session.apply(Draw())
    with pytest.raises(UndoError):
        session.undo()


def test_nothing_to_undo(saves_dir: Path) -> None:
    with pytest.raises(UndoError, match="Nothing"):
        new(saves_dir).undo()


def test_undo_replays_and_saves(saves_dir: Path) -> None:
    # Without hidden information, undo goes back one person's action.
    from boardgames_tui.engine import registry
    from tests.toygame import Sevens

    class OpenSevens(Sevens):
        id = "open-sevens"
        hidden_information = False

    registry.register(OpenSevens())
    try:
        session = Session.new(
            "open-sevens", two(), {"allow_roll": False}, seed=5, saves_dir=saves_dir
        )
        play = next(a for a in session.legal_actions() if isinstance(a, Play))
        before = copy_state(session.state)
        session.apply(play)
        session_said = " ".join(e.text for e in session.log if e.action_index == 0)
        assert session.can_undo()
        assert session.undo() == 1
        assert session.state == before and session.actions == []
        assert [entry.action_index for entry in session.log if not entry.undo] == [-1]
        assert [entry.text for entry in session.log if entry.undo] == [
            f"Ben took back Ana's move: {session_said}"  # Ben decides now
        ]
        assert session.path is not None
        assert json.loads(session.path.read_text())["actions"] == []
    finally:
        registry.unregister("open-sevens")


def test_undo_takes_back_the_bot_moves_after_yours(saves_dir: Path) -> None:
    from boardgames_tui.engine import registry
    from tests.toygame import Sevens

    class OpenSevens(Sevens):
        id = "open-sevens"
        hidden_information = False

    registry.register(OpenSevens())
    try:
        session = Session.new(
            "open-sevens", two(bot="random"), {"allow_roll": False}, seed=8, saves_dir=saves_dir
        )
        play = next(a for a in session.legal_actions() if isinstance(a, Play))
        session.apply(play)
        assert session.bot_to_act
        action, events = session.play_bot()
        if isinstance(action, Draw):
            assert not session.can_undo()  # the bot drew: a card was revealed
        else:
            assert events and session.undo() == 2
            assert session.actions == [] and session.to_act == 0
    finally:
        registry.unregister("open-sevens")


def test_bot_plays_only_its_seat(saves_dir: Path) -> None:
    session = new(saves_dir, two(bot="random"))
    with pytest.raises(ValueError, match="no bot"):
        session.play_bot()
    session.apply(next(a for a in session.legal_actions() if isinstance(a, Play)))
    action, _ = session.play_bot()
    assert action in (session.actions[-1],)


def test_log_lists_events_with_their_action(saves_dir: Path) -> None:
    session = new(saves_dir)
    session.apply(Roll())
    session.apply(Keep(keep=True))
    assert [entry.action_index for entry in session.log] == [-1, 0, 1]
    assert session.log[0].text == "Three cards are dealt to each player."
    assert session.log[1].text.startswith("Ana rolls")


def test_queries(saves_dir: Path) -> None:
    session = new(saves_dir)
    assert session.to_act == 0 and not session.is_over and not session.bot_to_act
    assert session.prompt().startswith("Ana")
    assert session.progress() == "Play 1 of 3"
    assert session.describe(Draw()) == "Draw a card"
    view = session.view(0)
    assert view.hands[1] == [0, 0, 0]  # type: ignore[attr-defined]


def test_whole_game_then_outcome(saves_dir: Path) -> None:
    session = new(saves_dir, [Seat(name="A", bot="random"), Seat(name="B", bot="random")])
    while not session.is_over:
        session.play_bot()
    outcome = session.outcome()
    assert outcome.winners and outcome.summary
    assert session.to_save().progress == "Finished" and session.to_save().finished
    with pytest.raises(IllegalAction, match="over"):
        session.apply(Draw())


def test_sevens_view_hides_other_hands_and_the_deck() -> None:
    from tests.toygame import GAME

    state = GAME.setup(two(), None, 3)
    view = GAME.view(state, 0)
    assert view.hands[0] == state.hands[0]
    assert view.hands[1] == [0] * len(state.hands[1])
    assert set(view.deck) == {0} and len(view.deck) == len(state.deck)


# ------------------------------------------------------- undo in hot-seat play
def tally(saves_dir: Path, names: str = "Ana,Ben", **options: object) -> Session:
    """The open-information Tally game (tests/ui/tally.py): add 1-3, or draw."""
    from tests.ui.tally import GAME

    registry.register(GAME)
    seats = [
        Seat(name=n.removesuffix("*"), bot="random" if n.endswith("*") else None)
        for n in names.split(",")
    ]
    return Session.new("tally", seats, {"rounds": 8, **options}, seed=3, saves_dir=saves_dir)


@pytest.fixture(autouse=False)
def tally_registered() -> Iterator[None]:
    yield
    registry.unregister("tally")


def add(session: Session, amount: int) -> None:
    from tests.ui.tally import Add

    session.apply(Add(amount=amount))


def test_undo_takes_back_the_deciders_own_last_action(
    saves_dir: Path, tally_registered: None
) -> None:
    session = tally(saves_dir)
    add(session, 1)  # Ana
    add(session, 2)  # Ben
    add(session, 3)  # Ana
    assert session.to_act == 1  # Ben decides: his last action is 2 back, past Ana's
    plan = session.undo_plan()
    assert (plan.count, plan.by, plan.seats, plan.others) == (2, 1, (1, 0), (0,))
    assert plan.question == "Undo Ana's move too?"
    assert plan.note == "Ben took back 2 moves: Ana adds 3. / Ben adds 2."
    assert session.undo(plan) == 2
    assert session.to_act == 1 and len(session.actions) == 1
    notes = [entry for entry in session.log if entry.undo]
    assert [(n.text, n.seat, n.action_index) for n in notes] == [(plan.note, 1, 0)]
    assert session.log[-1] == notes[0]  # after what is left of the game


def test_undo_with_nothing_of_the_deciders_asks_about_the_last_person(
    saves_dir: Path, tally_registered: None
) -> None:
    session = tally(saves_dir)
    add(session, 1)  # Ana; Ben decides and has done nothing yet
    plan = session.undo_plan()
    assert (plan.count, plan.by, plan.others) == (1, 1, (0,))
    assert plan.question == "Undo Ana's move?"
    # The log names whose move it was, not only who asked.
    assert plan.note == "Ben took back Ana's move: Ana adds 1."


def test_undo_note_names_every_other_mover(saves_dir: Path, tally_registered: None) -> None:
    session = tally(saves_dir, "Ana,Ben*,Cy")  # Ben is a bot
    add(session, 1)  # Ana
    add(session, 2)  # the bot, for this test
    assert session.to_act == 2  # Cy decides and has done nothing yet
    plan = session.undo_plan()
    assert (plan.count, plan.by, plan.others) == (2, 2, (0,))
    assert plan.note == "Cy took back 2 moves of Ana and Ben: Ben adds 2. / Ana adds 1."
    add(session, 3)  # Cy
    add(session, 1)  # Ana
    add(session, 2)  # the bot; Cy decides again, her own move is three back
    plan = session.undo_plan()
    assert plan.by == 2 and plan.count == 3
    assert plan.note.startswith("Cy took back 3 moves: ")  # her own among them


def test_undo_of_ones_own_move_asks_nothing(saves_dir: Path, tally_registered: None) -> None:
    session = tally(saves_dir, "Ana,Ben*")  # Ben is a bot
    add(session, 1)  # Ana
    add(session, 2)  # the bot, for this test
    plan = session.undo_plan()
    assert (plan.count, plan.by, plan.others, plan.question) == (2, 0, (), None)
    assert plan.note.startswith("Ana took back 2 moves: ")
    # While the bot decides, undo is the last person's: no question either.
    add(session, 3)
    assert session.bot_to_act
    plan = session.undo_plan()
    assert (plan.count, plan.by, plan.question) == (1, 0, None)


def test_undo_asks_about_several_people(saves_dir: Path, tally_registered: None) -> None:
    session = tally(saves_dir, "Ana,Ben,Cleo")
    for amount in (1, 2, 3, 1, 2):  # Ana Ben Cleo Ana Ben; Cleo decides
        add(session, amount)
    plan = session.undo_plan()
    assert plan.count == 3 and plan.others == (1, 0)
    assert plan.question == "Undo Ben's move and Ana's move too?"


def test_undo_never_crosses_a_draw(saves_dir: Path, tally_registered: None) -> None:
    from tests.ui.tally import DrawBonus

    session = tally(saves_dir)
    add(session, 1)  # Ana
    session.apply(DrawBonus())  # Ben draws: random
    add(session, 2)  # Ana; Ben decides, his draw cannot be undone
    plan = session.undo_plan()
    assert (plan.count, plan.question) == (1, "Undo Ana's move?")
    session.undo(plan)
    with pytest.raises(UndoError, match="random"):
        session.undo_plan()


def test_a_stale_plan_is_refused(saves_dir: Path, tally_registered: None) -> None:
    session = tally(saves_dir)
    add(session, 1)
    plan = session.undo_plan()
    add(session, 2)
    with pytest.raises(UndoError, match="moved on"):
        session.undo(plan)
    assert len(session.actions) == 2


def test_undo_notes_stay_in_the_log_until_undone_past(
    saves_dir: Path, tally_registered: None
) -> None:
    session = tally(saves_dir)
    add(session, 1)  # Ana
    add(session, 2)  # Ben
    add(session, 3)  # Ana; Ben decides
    session.undo()  # Ben's 2 and Ana's 3
    add(session, 1)  # Ben
    add(session, 1)  # Ana
    first = [e for e in session.log if e.undo]
    assert len(first) == 1 and session.log[-1].text == "Ana adds 1."
    session.undo()  # Ben decides again: his 1 and Ana's 1
    notes = [e for e in session.log if e.undo]
    assert notes[0] == first[0] and len(notes) == 2
    assert [e.action_index for e in notes] == [0, 0]
    assert session.log[-2:] == notes
    session.undo()  # Ben has nothing left: Ana's first move (after a question)
    assert session.actions == []
    assert [e.action_index for e in session.log if e.undo] == [-1]


def test_closes_undo_foretells_undos_barrier() -> None:
    """``closes_undo`` (asked before a move) says what undo finds after it:
    across a Root game's first moves (draws, rolls, reveals and hand-offs
    among them), each prediction matches, and asking changes nothing."""
    from boardgames_tui.games.root.bots import RootBot

    session = Session.new(
        "root",
        [Seat(name="Ana"), Seat(name="Ben")],
        {"first": "marquise"},
        seed=7,
        autosave=False,
    )
    bots = [RootBot(seed=1), RootBot(seed=2)]
    seen = set()
    for _ in range(120):
        seat = session.to_act
        if seat is None:
            break
        action = bots[seat].choose(session.game, session.state)
        before = session.state.rng.state, len(session.actions)
        predicted = session.closes_undo(action)
        assert (session.state.rng.state, len(session.actions)) == before
        session.apply(action)
        assert predicted == session._steps[-1].barrier, session.describe(action)
        seen.add(predicted)
    assert seen == {True, False}
