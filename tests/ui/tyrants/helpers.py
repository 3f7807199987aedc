"""Sessions and key drivers for the Tyrants screen tests."""

from __future__ import annotations

from collections import deque
from pathlib import Path
from typing import Any, cast

from textual.pilot import Pilot

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.engine.bots import get_bot
from boardgames_tui.engine.game import Action, Seat
from boardgames_tui.engine.session import Session
from boardgames_tui.games.tyrants.model import TyrantsState
from boardgames_tui.ui.tyrants import choices
from boardgames_tui.ui.tyrants.choices import CARD_KINDS, CHOICE_KINDS, SPACE_KINDS
from boardgames_tui.ui.tyrants.layout import nearest
from boardgames_tui.ui.tyrants.screen import TyrantsScreen
from boardgames_tui.ui.tyrants.widgets import CardsPanel, MapView
from tests.ui import helpers

NAMES = ("Ana", "Ben", "Cy", "Dee")


def new_session(
    players: int,
    seed: int = 3,
    saves_dir: Path | None = None,
    half_decks: tuple[str, str] = ("drow", "dragons"),
) -> Session:
    return Session.new(
        "tyrants",
        [Seat(name=n) for n in NAMES[:players]],
        {"half_decks": half_decks},
        seed=seed,
        saves_dir=saves_dir,
        autosave=saves_dir is not None,
    )


def played(players: int, seed: int, moves: int, bot: str = "random") -> Session:
    """A session ``moves`` actions into a game of seeded bots."""
    bots = [get_bot(bot, seed * 7 + i) for i in range(players)]
    return helpers.played_by(new_session(players, seed), bots, moves)


def state_of(session: Session) -> TyrantsState:
    return cast(TyrantsState, session.state)


async def screen_of(app: BoardgamesApp, pilot: Pilot[Any]) -> TyrantsScreen:
    return await helpers.screen_of(app, pilot, TyrantsScreen)


def arrows_to(screen: TyrantsScreen, space: str) -> list[str]:
    """The arrow keys that take the map's cursor to ``space`` (breadth first
    over what each arrow does); AssertionError when no arrows get there."""
    return arrows_to_one(screen, {space})[1]


def arrows_to_one(screen: TyrantsScreen, spaces: set[str]) -> tuple[str, list[str]]:
    """The one of ``spaces`` fewest arrows away from the map's cursor, and
    those arrows (breadth first); AssertionError when no arrows get to any."""
    paths = arrow_paths(screen, stop=spaces)
    for space, keys in paths.items():  # (in the order found: the nearest first)
        if space in spaces:
            return space, keys
    raise AssertionError(f"no arrows lead from {screen.map.space} to {sorted(spaces)}")


def arrow_paths(screen: TyrantsScreen, stop: set[str] | None = None) -> dict[str, list[str]]:
    """The fewest arrows from the map's cursor to every space they reach,
    breadth first (so in the order of their length); with ``stop``, only
    until one of those spaces is reached."""
    view = screen.map
    plan = view.plan
    assert plan is not None
    every = view.spaces()
    start = view.space
    paths: dict[str, list[str]] = {start: []}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        if stop is not None and here in stop:
            break
        for key in ("up", "down", "left", "right"):
            there = nearest(plan, here, key, every)
            if there is not None and there not in paths:
                paths[there] = [*paths[here], key]
                queue.append(there)
    return paths


def keys_for(screen: TyrantsScreen, action: Action, turn: int) -> list[str]:
    """The keys a player presses to take ``action`` (never the action picker);
    a last digit answers the short list a key opens when it stands for several."""
    session = screen.session
    state = state_of(session)
    legal = session.legal_actions()
    kind = action.kind
    on_map = isinstance(screen.focused, MapView)
    if kind in CHOICE_KINDS:
        return [str(choices.choice_actions(legal).index(action) + 1)]
    if kind in choices.GLOBAL_KEYS and kind != "deploy_for_vp":
        return [choices.GLOBAL_KEYS[kind]]
    if kind == "deploy_for_vp":
        return ["d"]
    if kind in SPACE_KINDS:
        space = choices.space_of(action)
        assert space is not None
        keys = [] if on_map else ["tab"]
        keys += arrows_to(screen, space)
        key = SPACE_KINDS[kind] if turn % 2 else "enter"
        pick = choices.at_space(state, legal, space, None if key == "enter" else key)
        keys.append(key)
        if len(pick.actions) > 1:
            keys.append(str(pick.actions.index(action) + 1))
        return keys
    assert kind in CARD_KINDS, kind
    if kind == "play_card" and (turn % 5 or state.phase != "main"):
        hand = state.players[state.current].hand
        card = action.card
        return [str(hand.index(card) + 1)]
    panel = screen.cards
    rows = panel.rows
    zones = choices.zones_of(state, action)
    target = next(i for i, r in enumerate(rows) if r.zone in zones and r.key == action.card)
    keys = ["tab"] if not isinstance(screen.focused, CardsPanel) else []
    delta = target - panel.cursor
    keys += ["down" if delta > 0 else "up"] * abs(delta)
    if not delta and screen.unread:
        # A card the player has not pointed at: the first Enter only reads it.
        keys.append("enter")
    keys.append("enter")
    pick = choices.at(state, legal, rows[target])
    if len(pick.actions) > 1:
        keys.append(str(pick.actions.index(action) + 1))
    return keys
