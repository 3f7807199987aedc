"""The Underground Duchy's Parliament (Law 12.5.2): which swayed ministers
could act now, their actions (the Foremole's build anywhere, the Captain's
battle, the Marshal's move, the Brigadier's moves or battles, the Banker's
cards spent for points, the Mayor copying a squire or noble, the lords'
points for tunnels and buildings).

A part of the Duchy's rules; ``faction.py`` is the faction the shared rules ask.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import cache

from boardgames_tui.engine.game import Action, Event

from ... import core
from ...model import RootState, card_of
from .actions import Minister, Spend
from .assembly import can_build
from .board import (
    Battles,
    BuildAnywhere,
    CashIn,
    CopyMinister,
    Moves,
    MovesOrBattles,
    ScoreIfAllTunnels,
    ScorePerBuilding,
    duchy,
)
from .decisions import Banker, Brigadier, Captain, Foremole, Marshal, Mayor
from .state import DUCHY, me

# ---------------------------------------------------------------- Parliament
MAYOR_COPIES = ("squire", "noble")


def possible(
    state: RootState, minister: str, depth: int = 0, known: dict[str, bool] | None = None
) -> bool:
    """Whether a minister's action could do anything now.  ``known``: the
    answers found so far for this position (whether the Duchy could build
    anywhere, battle, move), shared by the ministers one listing asks about."""
    if known is None:
        known = {}
    act = duchy().minister(minister).action
    match act:
        case BuildAnywhere():
            return _asked(known, "build", lambda: can_build(state, any_suit=True))
        case Battles():
            return _asked(known, "battle", lambda: core.can_battle(state, DUCHY))
        case Moves():
            return _asked(known, "move", lambda: core.can_move(state, DUCHY))
        case MovesOrBattles():
            return _asked(known, "move", lambda: core.can_move(state, DUCHY)) or _asked(
                known, "battle", lambda: core.can_battle(state, DUCHY)
            )
        case CashIn():
            return bool(me(state).hand)
        case CopyMinister():
            return depth == 0 and bool(mayor_choices(state, known))
        case ScoreIfAllTunnels() | ScorePerBuilding():
            return True


def _asked(known: dict[str, bool], question: str, answer: Callable[[], bool]) -> bool:
    found = known.get(question)
    if found is None:
        found = known[question] = answer()
    return found


def mayor_choices(state: RootState, known: dict[str, bool] | None = None) -> list[str]:
    """The Mayor takes the action of any swayed squire or noble, except its
    own (ruling R-MAYOR-SELF)."""
    board = duchy()
    if known is None:
        known = {}
    return [
        m
        for m in me(state).swayed
        if board.minister(m).rank in MAYOR_COPIES
        and not isinstance(board.minister(m).action, CopyMinister)
        and possible(state, m, depth=1, known=known)
    ]


def parliament_options(state: RootState) -> list[Action]:
    d = me(state)
    known: dict[str, bool] = {}
    return [
        offered_minister(m)
        for m in d.swayed
        if f"minister:{m}" not in d.used and possible(state, m, known=known)
    ]


# Each minister and each spend offered, made once (an action is a frozen
# value every listing may share); bounded by the ministers and the deck.
@cache
def offered_minister(name: str) -> Minister:
    return Minister(name=name)


@cache
def _spend(card: int) -> Spend:
    return Spend(card=card)


def has_parliament_options(state: RootState) -> bool:
    """Whether :func:`parliament_options` lists anything, found without listing."""
    d = me(state)
    known: dict[str, bool] = {}
    return any(f"minister:{m}" not in d.used and possible(state, m, known=known) for m in d.swayed)


def use_minister(state: RootState, minister: str) -> list[Event]:
    me(state).used.append(f"minister:{minister}")
    return [Event(text=lambda: f"Parliament: the {minister} acts.")] + minister_action(
        state, minister
    )


def minister_action(state: RootState, minister: str) -> list[Event]:
    act = duchy().minister(minister).action
    match act:
        case BuildAnywhere():
            state.stack.append(Foremole(faction=DUCHY))
        case Battles():
            state.stack.append(Captain(faction=DUCHY))
        case Moves():
            state.stack.append(Marshal(faction=DUCHY))
        case MovesOrBattles():
            state.stack.append(Brigadier(faction=DUCHY, up_to=act.up_to))
        case CashIn():
            state.stack.append(Banker(faction=DUCHY))
        case CopyMinister():
            state.stack.append(Mayor(faction=DUCHY))
        case ScoreIfAllTunnels():
            if me(state).tunnels == 0:
                return core.gain(state, DUCHY, act.vp, minister)
            return [Event(text=f"Not every tunnel is on the map: the {minister} scores nothing.")]
        case ScorePerBuilding():
            return core.gain(state, DUCHY, act.vp_each * core.on_map(state, act.building), minister)
    return []


def banker_options(state: RootState, pending: Banker) -> list[Spend]:
    suit = pending.suit or None
    return [
        _spend(c)
        for c in core.distinct(me(state).hand)
        if suit is None or card_of(c).suit in ("bird", suit)
    ]


def spend(state: RootState, pending: Banker, card: int) -> list[Event]:
    """The Banker: each card spent (all of one suit, birds wild) scores 1."""
    discarded = core.discard_from_hand(state, DUCHY, card)
    suit = card_of(card).suit
    chosen = suit if suit != "bird" and not pending.suit else pending.suit
    state.stack[-1] = replace(pending, suit=chosen, spent=pending.spent + 1)
    events = [Event(text=f"The Banker spends {core.card_name(card)}."), *discarded]
    return events + core.gain(state, DUCHY, 1, "Banker")
