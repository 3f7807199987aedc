"""Opening, from the menu, a game that is played at a screen per seat.

While some of a game's seats sit in windows of their own (``boardgames-tui
sit``, a seat's link), no window holds the save's own lock: the menu's
Continue and the Load screen find the seats' locks instead
(:func:`~boardgames_tui.engine.saves.seats_taken`).  Opening the game "on
one screen" there would play every seat, hands and all, against the seats'
windows; what a table expects of another screen is to join it.  So it is
offered to sit at a free seat (a person's seat nobody sits at) or to watch
the table: the board and the log, no hand, following the seats' moves,
making none.  Either way the window follows the save as the seats' windows
do (``game_seated.py``), and leaving it comes back to the menu.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.screen import Screen

from boardgames_tui.engine.savefile import SaveError
from boardgames_tui.engine.seating import SeatError, claim_seats, watching
from boardgames_tui.engine.session import Session

from ..settings import Settings
from .dialogs import ChooseGameDialog


def seats_words(names: list[str]) -> str:
    """ "open at 2 seats: Ana, Ben" (the list's and the menu's words)."""
    count = "1 seat" if len(names) == 1 else f"{len(names)} seats"
    return f"open at {count}: {', '.join(names)}"


def offer_table(screen: Screen[Any], settings: Settings, path: Path, taken: list[int]) -> None:
    """Ask whether to sit at a free seat of the game at ``path`` (``taken``:
    the seats sitting in windows now) or watch it, and open it so."""
    try:
        session = Session.load(path)
    except SaveError as exc:
        screen.notify(str(exc), title="Can't load", severity="error", timeout=10)
        return
    seats = session.seats
    names = [seats[i].name for i in taken if i < len(seats)]
    free = [i for i, seat in enumerate(seats) if not seat.is_bot and i not in taken]
    choices = [(f"sit:{i}", f"Sit at {seats[i].name}'s seat") for i in free]
    choices.append(("watch", "Watch the table: the board and the log, no hand"))
    title = (
        f"{path.name} is {seats_words(names)}, each at a screen of its own; "
        "its moves are made there."
    )

    def chosen(answer: str | None) -> None:
        if answer is None:
            return
        open_at(screen, settings, path, None if answer == "watch" else int(answer[4:]))

    screen.app.push_screen(ChooseGameDialog(title, choices), callback=chosen)


def open_at(screen: Screen[Any], settings: Settings, path: Path, seat: int | None) -> None:
    """Open the game at ``path`` sitting at ``seat`` (None: watching), over
    ``screen``; a seat taken meanwhile is one sentence and opens nothing."""
    from ..game_screens import seated_screen

    try:
        session = Session.load(path)
    except SaveError as exc:
        screen.notify(str(exc), title="Can't load", severity="error", timeout=10)
        return
    if seat is None:
        claim = watching(path)
    else:
        try:
            claim = claim_seats(path, session.seats, (seat,))
        except SeatError as exc:
            screen.notify(str(exc), title="Seat taken", severity="warning", timeout=10)
            return
    screen.app.push_screen(seated_screen(session, path, claim, settings, ends_app=False))
