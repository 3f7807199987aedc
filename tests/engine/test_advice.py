"""The search's advice (``engine/advice.py``): only legal moves, read from
the deciding seat's view alone, answered without a search where one move is
legal, the same for the same seed; and the session's mark of a move taken on
advice and the table's setting, through undo, saves and loads."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from boardgames_tui.engine import registry
from boardgames_tui.engine.advice import (
    Advice,
    AdviceCancelled,
    advice_profile,
    advise,
)
from boardgames_tui.engine.bots import SearchBot, get_bot
from boardgames_tui.engine.data import to_json
from boardgames_tui.engine.game import Game, GameState, Seat, copy_state
from boardgames_tui.engine.registry import get_game
from boardgames_tui.engine.rng import Rng
from boardgames_tui.engine.session import ADVISED, Session
from tests.ui.tally import GAME as TALLY
from tests.ui.tally import Add

GAMES = ["underwing", "incubation", "tyrants", "root"]
#: A small search: the tests look at what the advice says, not how well.
PLAYOUTS = 24
PLAYERS = {"underwing": 3, "incubation": 3, "tyrants": 2, "root": 2}


def positions(game_id: str, steps: tuple[int, ...], seed: int = 5) -> list[GameState]:
    """The states a game of greedy bots reaches after ``steps`` actions."""
    game = get_game(game_id)
    seats = [Seat(name=f"P{i}") for i in range(PLAYERS[game_id])]
    state = game.setup(seats, game.options(), seed)
    bot = get_bot("greedy", seed=seed, game=game)
    found: list[GameState] = []
    for count in range(max(steps) + 1):
        if count in steps:
            found.append(copy_state(state))
        seat = game.to_act(state)
        if seat is None:
            break
        view = game.view(state, seat)
        game.apply(state, bot.pick(game, view, game.legal_actions(view)))
    return found


def advice_for(game: Game[Any, Any], state: GameState, seed: int = 7) -> Advice:
    seat = game.to_act(state)
    assert seat is not None
    return advise(game, game.view(state, seat), seat, seed=seed, playouts=PLAYOUTS)


def summary(advice: Advice) -> list[tuple[str, float, float | None, str, str]]:
    return [
        (to_json(s.action)["kind"], s.share, s.value, s.figure, s.reason)
        for s in advice.suggestions
    ] + [("actions", 0.0, None, repr([to_json(s.action) for s in advice.suggestions]), "")]


@pytest.mark.parametrize("game_id", GAMES)
def test_advice_lists_only_legal_moves(game_id: str) -> None:
    game = get_game(game_id)
    searched = 0
    for state in positions(game_id, (4, 25, 60)):
        seat = game.to_act(state)
        if seat is None:
            continue
        legal = game.legal_actions(state)
        advice = advice_for(game, state)
        assert advice.seat == seat
        assert 1 <= len(advice.suggestions) <= 3
        actions = [s.action for s in advice.suggestions]
        assert all(a in legal for a in actions)
        assert len(set(map(repr, actions))) == len(actions)
        for s in advice.suggestions:
            assert s.words == game.describe(state, s.action)
            assert 0.0 <= s.share <= 1.0
            assert s.reason  # every move gets a reason, in the game's words
        searched += advice.playouts > 0
    assert searched  # not every position was answered without a search


@pytest.mark.parametrize("game_id", GAMES)
def test_advice_reads_the_deciding_seats_view_alone(game_id: str) -> None:
    """Two positions that differ only in what the deciding seat cannot see
    (the other hands, the order of face-down decks, the dice to come) give
    the same advice."""
    game = get_game(game_id)
    compared = 0
    for state in positions(game_id, (6, 30)):
        seat = game.to_act(state)
        if seat is None:
            continue
        view = game.view(state, seat)
        # Another full position the seat cannot tell from this one.
        other = game.determinize(view, seat, Rng.from_seed(12345))
        assert game.to_act(other) == seat
        assert game.dump_state(other) != game.dump_state(state)
        assert summary(advice_for(game, other)) == summary(advice_for(game, state))
        compared += 1
    assert compared


@pytest.mark.parametrize("game_id", GAMES)
def test_advice_is_the_same_for_the_same_seed(game_id: str) -> None:
    game = get_game(game_id)
    (state,) = positions(game_id, (20,))
    assert summary(advice_for(game, state, seed=3)) == summary(advice_for(game, state, seed=3))


def one_move_position(game_id: str) -> GameState:
    game = get_game(game_id)
    for seed in range(1, 6):
        for state in positions(game_id, tuple(range(0, 120)), seed=seed):
            if game.to_act(state) is not None and len(game.legal_actions(state)) == 1:
                return state
    raise AssertionError(f"no decision with one legal move in {game_id}")


@pytest.mark.parametrize("game_id", GAMES)
def test_one_legal_move_is_said_without_searching(
    game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = get_game(game_id)
    state = one_move_position(game_id)

    def no_search(*args: object, **kwargs: object) -> object:
        raise AssertionError("the advice searched a decision with one legal move")

    monkeypatch.setattr(SearchBot, "search", no_search)
    advice = advice_for(game, state)
    assert advice.playouts == 0
    assert advice.note == "Only one move is legal here: nothing to weigh."
    (only,) = advice.suggestions
    assert only.action == game.legal_actions(state)[0]


def test_each_game_has_its_own_figure_and_reasons() -> None:
    kinds = {g: advice_profile(get_game(g)).kind for g in GAMES}
    assert kinds == {
        "underwing": "points",
        "incubation": "points",
        "tyrants": "points",
        "root": "chance",
    }


def test_the_advice_stops_when_cancelled() -> None:
    game = get_game("tyrants")
    (state,) = positions("tyrants", (30,))
    seat = game.to_act(state)
    assert seat is not None
    asked: list[int] = []

    def cancelled() -> bool:
        asked.append(1)
        return len(asked) > 3

    with pytest.raises(AdviceCancelled):
        advise(game, game.view(state, seat), seat, playouts=400, cancelled=cancelled)
    assert len(asked) == 4


def test_advice_for_a_seat_not_deciding_is_refused() -> None:
    game = get_game("tyrants")
    (state,) = positions("tyrants", (10,))
    seat = game.to_act(state)
    assert seat is not None
    other = 1 - seat
    with pytest.raises(ValueError, match="not the one deciding"):
        advise(game, game.view(state, other), other, playouts=PLAYOUTS)


# ------------------------------------------------------------ the session
@pytest.fixture
def tally() -> Iterator[None]:
    registry.register(TALLY)
    yield
    registry.unregister(TALLY.id)


def table(saves_dir: Path) -> Session:
    return Session.new(
        "tally", [Seat(name="Ana"), Seat(name="Ben")], {"rounds": 4}, seed=11, saves_dir=saves_dir
    )


def add(session: Session, advised: bool = False) -> None:
    session.apply(next(a for a in session.legal_actions() if isinstance(a, Add)), advised=advised)


@pytest.mark.usefixtures("tally")
def test_a_move_on_advice_is_marked_in_the_log_through_undo_and_load(saves_dir: Path) -> None:
    session = table(saves_dir)
    add(session, advised=True)  # Ana, on advice
    add(session)  # Ben
    marked = [e.text for e in session.log if e.action_index == 0]
    assert marked and marked[0].endswith(ADVISED)
    assert not any(ADVISED in e.text for e in session.log if e.action_index != 0)
    assert session.path is not None
    loaded = Session.load(session.path)
    assert [e.text for e in loaded.log] == [e.text for e in session.log]
    assert loaded.advised == {0}
    # Undo takes the mark with the move; the moves kept keep theirs.
    add(session, advised=True)  # Ana, on advice
    assert session.advised == {0, 2}
    session.undo()  # Ben takes back his move and Ana's after it
    assert session.advised == {0}
    assert [e.text for e in session.log if ADVISED in e.text and not e.undo] == marked[:1]


def test_the_tables_advice_setting_is_kept_in_its_save(saves_dir: Path) -> None:
    session = Session.new(
        "sevens", [Seat(name="Ana"), Seat(name="Ben")], seed=11, saves_dir=saves_dir
    )
    assert session.advice_on
    session.advice_on = False
    session.save()
    assert session.path is not None
    assert Session.load(session.path).advice_on is False


def test_a_save_marking_a_move_it_lacks_is_refused(saves_dir: Path) -> None:
    import json

    from boardgames_tui.engine.savefile import SaveError

    session = Session.new(
        "sevens", [Seat(name="Ana"), Seat(name="Ben")], seed=11, saves_dir=saves_dir
    )
    session.apply(session.legal_actions()[0])
    assert session.path is not None
    data = json.loads(session.path.read_text())
    data["advised"] = [5]
    session.path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="marks a move it does not hold"):
        Session.load(session.path)


# ------------------------------------------- every game, every table size
#: Every game at every table size it seats (solo Underwing included), with
#: the options that table needs; people at every seat (a person may open
#: Underwing's trades at any time, a bot only at its own decisions).
TABLES: list[tuple[str, int, dict[str, Any]]] = [
    *(("underwing", n, {}) for n in range(1, 7)),
    *(("incubation", n, {}) for n in range(2, 6)),
    *(("tyrants", n, {}) for n in range(2, 5)),
    ("root", 2, {}),
    ("root", 2, {"factions": ("marquise", "eyrie"), "seating": "chosen"}),
    ("root", 2, {"factions": ("duchy", "eyrie"), "seating": "chosen"}),
    ("root", 3, {"factions": ("marquise", "duchy", "eyrie"), "seating": "chosen"}),
]
TABLE_IDS = [f"{g}-{n}p-{i}" for i, (g, n, _) in enumerate(TABLES)]


def people_positions(
    game_id: str, players: int, options: dict[str, Any], seed: int, steps: tuple[int, ...]
) -> list[GameState]:
    """The positions a game of people reaches after ``steps`` actions
    (those it reaches before it ends), each person moving as the greedy bot
    would two times in three, else at random."""
    game = get_game(game_id)
    seats = [Seat(name=n) for n in ("Ana", "Ben", "Cleo", "Dan", "Eve", "Fay")[:players]]
    state = game.setup(seats, game.options(options), seed)
    rng = Rng.from_seed(seed)
    greedy = get_bot("greedy", seed=seed, game=game)
    found: list[GameState] = []
    for count in range(max(steps) + 1):
        if game.is_over(state):
            break
        if count in steps:
            found.append(copy_state(state))
        legal = game.legal_actions(state)
        if rng.randbelow(3):
            seat = game.to_act(state)
            action = greedy.pick(game, game.view(state, seat), legal)
        else:
            action = legal[rng.randbelow(len(legal))]
        game.apply(state, action, legal)
    return found


def check_advice(game: Game[Any, Any], state: GameState, advice: Advice) -> None:
    """What every piece of advice must be: the deciding seat's own legal
    moves, weighed by the game's profile, in words a player reads."""
    seat = game.to_act(state)
    legal = game.legal_actions(state)
    profile = advice_profile(game)
    own = [a for a in legal if game.actor(state, a) == seat]
    weighed = [a for a in own if profile.weighs(state, a)]
    assert advice.seat == seat
    assert 1 <= len(advice.suggestions) <= 3
    for s in advice.suggestions:
        assert s.action in legal
        # Only the deciding person's own moves: never another seat's
        # stepping in (Underwing: "Cleo offers a trade to Ana" for Ben).
        assert game.actor(state, s.action) == seat, s.words
        # Never a move the game's advice leaves out (a trade opened, to be
        # called off at once), while there is another.
        assert s.action in weighed or not weighed, s.words
        assert s.words == game.describe(state, s.action)
        # A figure says its direction in words, never with a minus sign too.
        assert not re.search(r"-\d[\d.]* points (behind|ahead)", s.figure), s.figure
        if advice.playouts:
            assert s.rating, s.words
    assert advice.note
    # The search's choice first; where another move was rated higher, the
    # note says why the choice still comes first.
    first, *rest = advice.suggestions
    if rest and first.share < max(s.share for s in rest):
        assert any(why in advice.note for why in WHY), advice.note
    shares = [s.share for s in rest]
    assert shares == sorted(shares, reverse=True)


#: The note's words for a choice that was not the move best on most samples.
WHY = ("though another move did best on more", "keeps its first idea unless another")


#: Positions along a game: every third up to the 150th.
EVERY_THIRD = tuple(range(0, 151, 3))


@pytest.mark.parametrize(("game_id", "players", "options"), TABLES, ids=TABLE_IDS)
def test_every_moves_reason_is_worked_out(
    game_id: str, players: int, options: dict[str, Any]
) -> None:
    """The reason of every move of the deciding seat, at many positions of
    every table size: never a fault (solo Underwing: a move that grows the
    grounds renumbers their spaces)."""
    game = get_game(game_id)
    explain = advice_profile(game).explain
    tried = 0
    for seed in range(3):
        for state in people_positions(game_id, players, options, seed, EVERY_THIRD):
            seat = game.to_act(state)
            assert seat is not None
            view = game.view(state, seat)
            sample = game.determinize(view, seat, Rng.from_seed(seed))
            for action in game.legal_actions(view):
                if game.actor(view, action) != seat:
                    continue
                after = copy_state(sample)
                game.perform(after, action)
                assert isinstance(explain(game, sample, after, seat, action), str)
                tried += 1
    assert tried > 50


@pytest.mark.parametrize(("game_id", "players", "options"), TABLES, ids=TABLE_IDS)
def test_the_advice_holds_at_many_positions(
    game_id: str, players: int, options: dict[str, Any]
) -> None:
    game = get_game(game_id)
    advised = 0
    for seed in range(2):
        for state in people_positions(game_id, players, options, seed, (3, 16, 30, 60, 110)):
            check_advice(game, state, advice_for(game, state, seed=seed))
            advised += 1
    assert advised >= 6


#: Moves followed on advice from each starting position: more than a trade
#: opened and called off takes to come round to the same position.
FOLLOWED = 12


@pytest.mark.parametrize(("game_id", "players", "options"), TABLES, ids=TABLE_IDS)
def test_following_the_advice_never_comes_round_again(
    game_id: str, players: int, options: dict[str, Any]
) -> None:
    """A person who plays the advice's first move, again and again while
    they decide, never comes back to a position they were in: the advice
    offers no move that undoes itself (Underwing's trade opened, then
    called off, then opened again)."""
    game = get_game(game_id)
    followed = 0
    for seed in range(2):
        for state in people_positions(game_id, players, options, seed, (5, 40, 100)):
            seat = game.to_act(state)
            seen = {json.dumps(game.dump_state(state), sort_keys=True)}
            for step in range(FOLLOWED):
                advice = advice_for(game, state, seed=step)
                check_advice(game, state, advice)
                game.apply(state, advice.suggestions[0].action)
                followed += 1
                if game.is_over(state) or game.to_act(state) != seat:
                    break
                here = json.dumps(game.dump_state(state), sort_keys=True)
                assert here not in seen, f"back to a position after {step + 1} moves on advice"
                seen.add(here)
    assert followed >= 6


@pytest.mark.parametrize(("game_id", "players", "options"), TABLES, ids=TABLE_IDS)
def test_a_move_on_advice_keeps_its_words_in_the_log(
    game_id: str, players: int, options: dict[str, Any]
) -> None:
    """The log says what a move taken on advice was, in every game: its
    events' words, marked; or, for a move the log would not mention (a
    trade put together step by step, a group of elements begun), the move
    as the picker offered it.  Never only "Ana moved" where the game is
    open; a game with hidden hands says no more of such a move than that
    (its words might name a card in a hand)."""
    game = get_game(game_id)
    marked = described = 0
    for seed in range(2):
        for state in people_positions(game_id, players, options, seed, EVERY_THIRD):
            seat = game.to_act(state)
            for action in game.legal_actions(state):
                if game.actor(state, action) != seat:
                    continue
                session = Session(
                    game, state.seats, game.options(options), seed, state=copy_state(state)
                )
                words = game.describe(state, action)
                events = session.apply(action, advised=True)
                lines = [e.text for e in session.log if e.action_index == 0]
                assert lines and ADVISED in lines[0], lines
                marked += 1
                if events:
                    assert lines[0] == f"{events[0].text} {ADVISED}"
                elif game.hidden_information:
                    assert lines == [f"{state.seats[seat].name} moved {ADVISED}."]
                else:
                    assert lines == [f"{state.seats[seat].name}: {words} {ADVISED}"]
                    described += 1
    assert marked > 50
    if game_id == "underwing" and players > 1:
        assert described  # the trades' steps, at least


def test_the_note_says_why_the_choice_comes_first() -> None:
    """Issue 45: the search's "choice" came first with 27% of the search
    while the second had 53%, unexplained.  Solo Underwing's search takes
    the best total by its own count, which is not always the move best on
    most samples: the note says so there (the full search, at positions of
    three seeded games)."""
    game = get_game("underwing")
    explained = 0
    for seed in range(3):
        for state in people_positions("underwing", 1, {}, seed, tuple(range(5, 120, 9))):
            seat = game.to_act(state)
            advice = advise(game, game.view(state, seat), seat, seed=seed)
            check_advice(game, state, advice)
            explained += any(why in advice.note for why in WHY)
    assert explained
