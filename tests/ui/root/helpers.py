"""Sessions and key drivers for the Root screen tests: seeded positions
reached by the Root bot, the keys a person presses for a given legal
action, and the text on screen (for the privacy scans)."""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import Any, cast

from textual.pilot import Pilot

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.engine.game import Action, Seat
from boardgames_tui.engine.session import Session
from boardgames_tui.games.root.actions import Move
from boardgames_tui.games.root.bots import RootBot
from boardgames_tui.games.root.factions.duchy import BURROW
from boardgames_tui.games.root.model import HIDDEN, RootState, card_of
from boardgames_tui.games.root.woodland import autumn
from boardgames_tui.ui.root import choices
from boardgames_tui.ui.root.choices import clearing_of, decision, key_kinds
from boardgames_tui.ui.root.screen import RootScreen
from boardgames_tui.ui.root.widgets import below, forest_places, step
from tests.games.root.pieces import duchy_of
from tests.ui import helpers
from tests.ui.helpers import picture_text, screen_text, wait_until, yes_if_asked

ARROWS = ("up", "down", "left", "right")


def new_session(
    names: tuple[str, str] = ("Ana", "Ben"),
    seed: int = 3,
    bots: tuple[str | None, str | None] = (None, None),
    saves_dir: Path | None = None,
    first: str | None = "marquise",
) -> Session:
    """A new game; the Marquise takes the first turn unless ``first`` says
    otherwise (the seeded positions these tests play to were found with her
    first; by default the first player is drawn at random)."""
    seats = [Seat(name=n, bot=b) for n, b in zip(names, bots, strict=True)]
    return Session.new(
        "root",
        seats,
        {"first": first},
        seed=seed,
        saves_dir=saves_dir,
        autosave=saves_dir is not None,
    )


def ana_marquise_against_a_bot() -> Session:
    """Ana plays the Marquise, first, against Ben, the greedy bot (seed 3)."""
    return Session.new(
        "root",
        [Seat(name="Ana"), Seat(name="Ben", bot="greedy")],
        {"marquise_seat": 0, "first": "marquise"},
        seed=3,
        autosave=False,
    )


def played(session: Session, moves: int, seed: int = 1) -> Session:
    """``session`` after ``moves`` actions chosen by the Root bot for both
    seats (fewer if the game ends)."""
    return helpers.played_by(session, [RootBot(seed=seed), RootBot(seed=seed + 1)], moves)


def in_the_assembly(seed: int = 4) -> Session:
    """Ana (the Duchy, a person) in her Assembly with two actions left and a
    move of several warriors open to her; Ben (the Marquise) is the Root bot."""
    session = new_session(seed=seed, bots=(None, "root"))
    bots = [RootBot(seed=1), RootBot(seed=2)]
    while True:
        state = state_of(session)
        if session.to_act == 0 and state.step == "assembly" and not state.stack:
            moves = [a for a in session.legal_actions() if isinstance(a, Move) and a.count > 1]
            if moves and state.actions_left == 2:
                return session
        seat = session.to_act
        assert seat is not None
        session.apply(bots[seat].choose(session.game, session.state))


def state_of(session: Session) -> RootState:
    return cast(RootState, session.state)


async def screen_of(app: BoardgamesApp, pilot: Pilot[Any]) -> RootScreen:
    return await helpers.screen_of(app, pilot, RootScreen)


async def on_the_table(pilot: Pilot[Any]) -> None:
    await helpers.on_the_table(pilot, RootScreen)


async def whole_boards(app: BoardgamesApp, pilot: Pilot[Any]) -> str:
    """Every board whole, as F3 shows them (where the side shows some
    short), in plain text; the dialog closed again."""
    from boardgames_tui.ui.root.dialogs import BoardsDialog
    from boardgames_tui.ui.root.side_panel import SidePanel

    await pilot.press("f3")
    await wait_until(pilot, lambda: isinstance(app.screen, BoardsDialog))
    await pilot.pause()
    text = app.screen.query_one("#boards-whole", SidePanel).render().plain
    await pilot.press("escape")
    await wait_until(pilot, lambda: isinstance(app.screen, RootScreen))
    return text


# ------------------------------------------------------------------- keys
def arrows(start: int, goal: int, burrow: bool = True, state: RootState | None = None) -> list[str]:
    """The arrow keys that take the Woodland's cursor from ``start`` to
    ``goal`` (through the Burrow only with ``burrow``: the Duchy at the
    table); with ``state``, on its map, among its places (the forests too)."""
    board = autumn() if state is None else state.woodland
    under = ((BURROW,) if burrow else ()) if state is None else below(state)
    forests = None if state is None else forest_places(state)
    paths: dict[int, list[str]] = {start: []}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        if here == goal:
            return paths[here]
        for key in ARROWS:
            there = step(board, here, key, under, forests)
            if there is not None and there not in paths:
                paths[there] = [*paths[here], key]
                queue.append(there)
    raise AssertionError(f"no arrow path from {start} to {goal}")


def pick_keys(actions: list[Action], action: Action) -> list[str]:
    """In a choice dialog listing ``actions``: the keys that take ``action``."""
    index = actions.index(action)
    if index < 9:
        return [str(index + 1)]
    # (Home first: a list of moves that cannot be undone starts with none
    # highlighted.)
    return ["home", *(["down"] * index), "enter"]


def keys_for(screen: RootScreen, action: Action) -> list[str]:
    """The keys a person presses to take ``action`` from where the screen
    stands now (the cursor where it is, no dialog open), with the "y" that
    answers the question a move asks first (a step ended with work left, a
    card spent from the hand, a move that cannot be undone taken by Enter
    where the screen put the cursor)."""
    keys = _keys_for(screen, action)
    asks = screen.left_undone(action) is not None or bool(screen.spent_card(action))
    if asks and keys[-1] != "y":
        keys.append("y")
    return keys


def _keys_for(screen: RootScreen, action: Action) -> list[str]:
    legal = screen.legal()
    state = screen.shown_state()
    assert action in legal
    if decision(legal) == "list":
        items = choices.listed(legal)
        index = items.index(action)
        if index < 9:
            return [str(index + 1)]
        return ["enter", "home", *(["down"] * index), "enter"]
    if isinstance(action, Move):
        keys = [*arrows(screen.cursor, action.origin, state=state), "m"]
        first = choices.destinations(legal, action.origin)[0]
        keys += [*arrows(first, action.to, state=state), "enter"]
        counts = list(choices.move_to(state, legal, action.origin, action.to).actions)
        return keys + (pick_keys(counts, action) if len(counts) > 1 else [])
    place = clearing_of(action)
    if place is not None:
        path = arrows(screen.cursor, place, state=state)
        keys = [*path, "enter"]
        found = list(choices.at(state, legal, place).actions)
        if len(found) > 1:
            return keys + pick_keys(found, action)
        if not path and not screen.aimed and screen.closes_undo(action):
            keys.append("y")  # Enter where the screen put the cursor asks first
        return keys
    letter = next(k for k, kinds in key_kinds().items() if action.kind in kinds)
    found = list(choices.with_key(state, legal, letter, screen.cursor).actions)
    return [letter] + (pick_keys(found, action) if len(found) > 1 else [])


async def play_answering(window: Any, action: Action) -> None:
    """A window's move (``tests/ui/seats.Window``), answering yes to the
    question it asks first (a card spent from the hand, a step ended with
    work left), as the person at that window would."""
    from boardgames_tui.ui.screens.dialogs import ConfirmDialog

    if window.play(action):
        return
    await wait_until(window.pilot, lambda: isinstance(window.app.screen, ConfirmDialog))
    await window.pilot.press("y")


# ------------------------------------------------------------ the screen
def side(app: BoardgamesApp) -> str:
    """The side panel's text, every line (scrolled or not)."""
    screen = app.screen
    assert isinstance(screen, RootScreen)
    return str(screen.query_one("#boards").render())


async def take(pilot: Pilot[Any], app: BoardgamesApp, action: Action) -> None:
    """Press the keys for ``action`` and wait until it is taken."""
    screen = await screen_of(app, pilot)
    session = screen.session
    before = len(session.actions)
    await pilot.press(*keys_for(screen, action))
    await wait_until(pilot, lambda: len(session.actions) > before)
    assert session.actions[before] == action
    await pilot.pause()


def secret_names(state: RootState, viewer: int | None, shown_log: str) -> set[str]:
    """Names of cards in a hand the person at the terminal may not see, and
    that nothing public shows (the log, crafted and revealed cards, a card
    seen there, the viewer's own hand)."""
    public: set[str] = set()
    for faction in (0, 1):
        player = state.player(faction)
        public |= {card_of(c).name for c in player.crafted + player.known}
        if state.seat_of[faction] == viewer:
            public |= {card_of(c).name for c in player.hand}
    public |= {card_of(c).name for c in duchy_of(state).revealed}
    secret: set[str] = set()
    for faction in (0, 1):
        if state.seat_of[faction] == viewer:
            continue
        for c in state.player(faction).hand:
            if c == HIDDEN:
                continue
            name = card_of(c).name
            if name not in public and name not in shown_log:
                secret.add(name)
    return secret


# ---------------------------------------------------------------- privacy
#: What a seat may not see, named: (state, the seat at the screen or None
#: behind a hand-off, the log's text) -> card names that must not show.
Secrets = Callable[[RootState, "int | None", str], set[str]]


def assert_private(
    app: BoardgamesApp, session: Session, viewer: int | None, secrets: Secrets = secret_names
) -> None:
    """The whole picture shows none of the card names ``secrets`` keeps from
    ``viewer`` (None: behind a hand-off)."""
    log = " ".join(entry.text for entry in session.log)
    text = picture_text(app)
    leaked = [n for n in secrets(state_of(session), viewer, log) if n in text]
    assert not leaked, leaked


async def scan_hot_seat(
    app: BoardgamesApp, pilot: Pilot[Any], session: Session, secrets: Secrets, steps: int, seed: int
) -> set[int]:
    """Play ``steps`` random legal actions hot-seat, scanning every frame:
    the hand-off screen shows none of ``secrets(state, None, log)``, the
    table none of the seat's, and the card texts (H, read once per seat)
    and a hand seen shown by itself none either.  The seats whose card
    texts were read, back."""
    from boardgames_tui.ui.root.dialogs import CardsDialog
    from boardgames_tui.ui.screens.handoff import HandoffScreen, PauseScreen

    shown = (HandoffScreen, RootScreen, CardsDialog, PauseScreen)
    chooser = random.Random(seed)
    checked: set[int] = set()
    for _ in range(steps):
        if session.is_over:
            break
        await wait_until(pilot, lambda: isinstance(app.screen, shown))
        await pilot.pause()
        state = state_of(session)
        log = " ".join(entry.text for entry in session.log)
        if isinstance(app.screen, CardsDialog):
            # A hand seen (Codebreakers) is shown by itself, to the seat that saw it.
            assert not [n for n in secrets(state, session.to_act, log) if n in app.screen.text]
            await pilot.press("escape")
            continue
        if isinstance(app.screen, HandoffScreen | PauseScreen):
            # (the pause after an answer in another's turn covers the table too)
            text = picture_text(app)
            assert not [n for n in secrets(state, None, log) if n in text]
            await pilot.press("enter")
            continue
        screen = app.screen
        assert isinstance(screen, RootScreen)
        viewer = screen.viewer
        assert viewer == session.to_act
        leaked = [n for n in secrets(state, viewer, log) if n in screen_text(app)]
        assert not leaked, (leaked, viewer, session.prompt())
        if viewer is not None and viewer not in checked:
            checked.add(viewer)
            await pilot.press("h")
            await wait_until(pilot, lambda: isinstance(app.screen, CardsDialog))
            dialog = app.screen
            assert isinstance(dialog, CardsDialog)
            assert not [n for n in secrets(state, viewer, log) if n in dialog.text]
            await pilot.press("escape")
            await wait_until(pilot, lambda s=screen: app.screen is s)
        action = chooser.choice(session.legal_actions())
        before = len(session.actions)
        screen.play(action)  # (a card spent or a step ended with work left: asked)
        await yes_if_asked(pilot, lambda n=before: len(session.actions) > n)
    return checked
