"""An end by agreement at a table of a screen per seat (docs/rules/root.md,
R-AGREE, "At a screen per seat"): the proposer's window proposes and waits,
showing who has answered; every other window asks its own seat, behind a
cover of public facts; all accept and the game ends in every window; one
refuses and play goes on in every window, told who refused; the proposer
may withdraw; bots answer as at one terminal; a window closed meanwhile
asks again when it opens."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest

from boardgames_tui.engine import lock as lock_module
from boardgames_tui.engine.agreement_table import question_path, read_question
from boardgames_tui.engine.game import Seat
from boardgames_tui.engine.savefile import read_save
from boardgames_tui.engine.session import Session
from boardgames_tui.games.root import agreement as root_agreement
from boardgames_tui.games.root.actions import EndByAgreement
from boardgames_tui.ui.screens.agreement import COMMAND, AgreementAsk, AgreementWait
from boardgames_tui.ui.screens.dialogs import ConfirmDialog
from boardgames_tui.ui.screens.gameover import GameOverScreen
from boardgames_tui.ui.screens.handoff import HandoffScreen
from tests.ui.helpers import past_the_cover, picture_text, wait_until

from .seats import FOLLOW_WAIT, Window, windows
from .test_agreement import hand_words, on_a_turn

pytestmark = pytest.mark.skipif(not lock_module.ENFORCED, reason="no fcntl here")

PEOPLE = ["Ana", "Ben", "Cy"]


def table(saves_dir: Path, bots: Sequence[str] = ()) -> tuple[Path, int]:
    """A game of three saved at a decision of the person whose turn it is:
    its save and that seat."""
    seats = [Seat(name=n, bot="random" if n in bots else None) for n in PEOPLE]
    session = on_a_turn(saves_dir, seats)
    assert session.path is not None and session.to_act is not None
    return session.path, session.to_act


def shown(window: Window) -> str:
    """The window's whole picture as text (drawn in its own app's context:
    several apps run in one test)."""
    with window.app._context():
        return picture_text(window.app)


def says(seen: str, name: str, answer: str) -> bool:
    """The proposer's cover shows ``name``'s points and ``answer``."""
    return any(f"· {name} (" in line and line.endswith(f"— {answer}") for line in lines(seen))


def lines(seen: str) -> list[str]:
    return [line.strip(" ║") for line in seen.splitlines()]


def by_seat(wins: list[Window], names: Sequence[str]) -> dict[str, Window]:
    return dict(zip(names, wins, strict=True))


async def propose(window: Window) -> None:
    """The palette's "End by agreement", confirmed."""
    found = next((c for c in window.screen.game_commands() if c.name == COMMAND), None)
    assert found is not None, "the command is offered at the proposer's own screen"
    with window.app._context():
        found.run()
    await wait_until(window.pilot, lambda: isinstance(window.app.screen, ConfirmDialog))
    dialog = window.app.screen
    assert isinstance(dialog, ConfirmDialog)
    assert "Each other player is asked at their own screen." in dialog.question
    await window.pilot.press("y")


async def asked(window: Window) -> AgreementAsk:
    await wait_until(window.pilot, lambda: isinstance(window.app.screen, AgreementAsk), FOLLOW_WAIT)
    await window.pilot.pause()
    cover = window.app.screen
    assert isinstance(cover, AgreementAsk)
    return cover


async def waiting(window: Window) -> AgreementWait:
    await wait_until(
        window.pilot, lambda: isinstance(window.app.screen, AgreementWait), FOLLOW_WAIT
    )
    await window.pilot.pause()
    cover = window.app.screen
    assert isinstance(cover, AgreementWait)
    return cover


async def ended_in(wins: Sequence[Window]) -> None:
    for window in wins:
        await wait_until(
            window.pilot, lambda w=window: isinstance(w.app.screen, GameOverScreen), FOLLOW_WAIT
        )
        await window.pilot.pause()
        assert "Ended by agreement: nobody wins." in shown(window)
        assert window.session.is_over and window.session.outcome().agreed


async def play_goes_on(wins: Sequence[Window], said: str, moves: int) -> None:
    for window in wins:
        await wait_until(window.pilot, lambda w=window: said in w.messages(), FOLLOW_WAIT)
        await wait_until(
            window.pilot,
            lambda w=window: not isinstance(w.app.screen, (AgreementAsk, AgreementWait)),
            FOLLOW_WAIT,
        )
        assert not window.session.is_over and len(window.session.actions) == moves


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_two_windows_propose_accept_and_the_game_ends_in_both(
    saves_dir: Path, size: tuple[int, int]
) -> None:
    """Ana and Ben at windows of their own, Cy's seat free (nobody sits
    there yet): Cy answers when Cy's window opens."""
    save, proposer = table(saves_dir)
    others = [PEOPLE[(proposer + k) % 3] for k in (1, 2)]
    first, second = PEOPLE[proposer], others[0]
    async with windows(saves_dir, save, [first], [second], size=size) as wins:
        win = by_seat(wins, [first, second])
        await propose(win[first])
        wait = await waiting(win[first])
        seen = shown(win[first])
        assert f"{first}, you propose to end the game by agreement" in seen
        assert says(seen, second, "not answered yet") and says(seen, first, "proposes")
        cover = await asked(win[second])
        assert cover.player == second and not cover.pass_to
        seen = shown(win[second])
        assert f"{first} proposes to end the game by agreement" in seen
        assert "Pass to" not in seen and f"{second}, do you agree?" in seen
        session = win[second].session
        for seat in range(3):  # public facts only: no card of any hand
            for card in hand_words(session, seat):
                assert card not in seen
        await win[second].pilot.press("y")
        await wait_until(win[first].pilot, lambda: says(shown(win[first]), second, "accepts"))
        assert win[first].app.screen is wait and not win[first].session.is_over
        # The last person sits down and answers.
        async with windows(saves_dir, save, [others[1]], size=size) as (third,):
            cover = await asked(third)
            assert cover.player == others[1]
            await third.pilot.press("y")
            await ended_in([win[first], win[second], third])
    saved = Session.load(save)
    assert saved.is_over and isinstance(saved.actions[-1], EndByAgreement)
    assert not question_path(save).exists()  # the question went with the game


async def test_three_windows_one_refuses_and_play_goes_on_in_all(saves_dir: Path) -> None:
    save, proposer = table(saves_dir)
    order = [PEOPLE[(proposer + k) % 3] for k in range(3)]
    moves = len(read_save(save).actions)
    async with windows(saves_dir, save, *([n] for n in order)) as wins:
        win = by_seat(wins, order)
        await propose(win[order[0]])
        await waiting(win[order[0]])
        await asked(win[order[1]])
        await asked(win[order[2]])
        await win[order[2]].pilot.press("n")
        said = f"{order[2]} declines to end the game by agreement: play goes on."
        await play_goes_on([win[order[0]], win[order[1]]], said, moves)
        await play_goes_on([win[order[2]]], "You declined to end the game by agreement", moves)
        # The refusal closed the question for the window that had not answered.
        assert not isinstance(win[order[1]].app.screen, AgreementAsk)
        question = read_question(save)
        assert question is not None and question.refused_by == PEOPLE.index(order[2])
        # The proposer plays on.
        assert win[order[0]].screen.can_act
        assert len(read_save(save).actions) == moves


async def test_the_proposer_withdraws(saves_dir: Path) -> None:
    save, proposer = table(saves_dir)
    order = [PEOPLE[(proposer + k) % 3] for k in range(3)]
    moves = len(read_save(save).actions)
    async with windows(saves_dir, save, [order[0]], [order[1]]) as wins:
        win = by_seat(wins, order[:2])
        await propose(win[order[0]])
        await waiting(win[order[0]])
        await asked(win[order[1]])
        await win[order[0]].pilot.press("w")
        said = f"{order[0]} withdraws the proposal to end the game by agreement: play goes on."
        await play_goes_on([win[order[1]]], said, moves)
        await play_goes_on([win[order[0]]], "You withdrew the proposal", moves)


async def test_a_window_closed_mid_question_asks_again_when_it_opens(saves_dir: Path) -> None:
    """Ben's window closes with the question unanswered, and the proposer's
    too: both open again where they were, Ben answers, the game ends."""
    save, proposer = table(saves_dir)
    order = [PEOPLE[(proposer + k) % 3] for k in range(3)]
    async with windows(saves_dir, save, [order[0]], [order[1]], [order[2]]) as wins:
        win = by_seat(wins, order)
        await propose(win[order[0]])
        await asked(win[order[1]])
        await asked(win[order[2]])
        await win[order[2]].pilot.press("y")
        await wait_until(
            win[order[0]].pilot,
            lambda: says(shown(win[order[0]]), order[2], "accepts"),
            FOLLOW_WAIT,
        )
    question = read_question(save)
    assert question is not None and question.waiting(Session.load(save).seats) == [
        PEOPLE.index(order[1])
    ]
    async with windows(saves_dir, save, [order[1]], [order[0]]) as wins:
        win = by_seat(wins, [order[1], order[0]])
        await waiting(win[order[0]])
        cover = await asked(win[order[1]])
        assert cover.player == order[1]
        await win[order[1]].pilot.press("y")
        await ended_in(wins)


async def test_bots_at_the_table_decline_before_a_standstill(saves_dir: Path) -> None:
    save, proposer = table(saves_dir, bots=["Cy"])
    name = PEOPLE[proposer]
    other = next(n for n in PEOPLE if n not in (name, "Cy"))
    moves = len(read_save(save).actions)
    async with windows(saves_dir, save, [name], [other]) as wins:
        win = by_seat(wins, [name, other])
        found = next(c for c in win[name].screen.game_commands() if c.name == COMMAND)
        with win[name].app._context():
            found.run()
        await wait_until(win[name].pilot, lambda: "Cy declines" in win[name].messages())
        assert "the bots accept only once the deck" in win[name].messages()
        await win[other].pilot.pause(0.5)
        assert not isinstance(win[other].app.screen, AgreementAsk)
        assert read_question(save) is None
        assert len(read_save(save).actions) == moves


async def test_bots_at_a_standstill_accept_and_the_people_decide(
    saves_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At a standstill (stood in for here: the rule's own tests make one)
    the bot accepts at once, as at one terminal, and the proposer's window
    says so; the other person's answer ends the game."""
    monkeypatch.setattr(root_agreement, "standstill", lambda state: True)
    save, proposer = table(saves_dir, bots=["Cy"])
    name = PEOPLE[proposer]
    other = next(n for n in PEOPLE if n not in (name, "Cy"))
    async with windows(saves_dir, save, [name], [other]) as wins:
        win = by_seat(wins, [name, other])
        await propose(win[name])
        await waiting(win[name])
        assert says(shown(win[name]), "Cy", "accepts (a bot)")
        await asked(win[other])
        await win[other].pilot.press("y")
        await ended_in(wins)


async def test_two_people_at_the_proposers_window_pass_it_first(saves_dir: Path) -> None:
    """The proposer and another person sit at one window, the third at
    another: the other person at the proposer's window answers behind a
    "Pass to" cover over the proposer's; the third at their own screen."""
    save, proposer = table(saves_dir)
    order = [PEOPLE[(proposer + k) % 3] for k in range(3)]
    async with windows(saves_dir, save, [order[0], order[1]], [order[2]]) as (both, third):
        await past_the_cover(both.pilot)  # the window's own hand-off, to the proposer
        await propose(both)
        cover = await asked(both)
        assert cover.player == order[1] and cover.pass_to
        assert f"Pass to {order[1]} — {order[0]} proposes" in shown(both)
        await both.pilot.press("y")
        await waiting(both)
        assert says(shown(both), order[1], "accepts")
        await asked(third)
        await third.pilot.press("y")
        await ended_in([both, third])


async def test_a_refusal_at_the_proposers_window_passes_it_back(saves_dir: Path) -> None:
    """The other person at the proposer's window refuses: as at one
    terminal, a cover passes the window back to the proposer, saying who
    declined; the third window is told too."""
    save, proposer = table(saves_dir)
    order = [PEOPLE[(proposer + k) % 3] for k in range(3)]
    moves = len(read_save(save).actions)
    async with windows(saves_dir, save, [order[0], order[1]], [order[2]]) as (both, third):
        await past_the_cover(both.pilot)
        await propose(both)
        await asked(both)
        await asked(third)
        await both.pilot.press("n")
        said = f"{order[1]} declines to end the game by agreement: play goes on."
        await wait_until(both.pilot, lambda: isinstance(both.app.screen, HandoffScreen))
        await both.pilot.pause()
        seen = shown(both)
        assert f"Pass to {order[0]}" in seen and said in seen
        await both.pilot.press("enter")
        await play_goes_on([third], said, moves)  # (the cover said it at the proposer's)
        await wait_until(both.pilot, lambda: both.app.screen is both.screen)
        assert not both.session.is_over and len(both.session.actions) == moves
        assert both.screen.can_act and both.screen.viewer == PEOPLE.index(order[0])
