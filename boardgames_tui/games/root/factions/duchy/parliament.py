"""The Underground Duchy's Parliament (Law 12.5.2): which swayed ministers
could act now, their actions (the Foremole's build anywhere, the Captain's
battle, the Marshal's move, the Brigadier's moves or battles, the Banker's
cards spent for points, the Mayor copying a squire or noble, the lords'
points for tunnels and buildings).

A part of the Duchy's rules; ``faction.py`` is the faction the shared rules ask.
"""

from __future__ import annotations

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
    question = _question(minister)
    if question == _ALWAYS:
        return True
    if question == _CASH_IN:
        return bool(me(state).hand)
    if question == _COPY:
        return depth == 0 and bool(mayor_choices(state, known))
    if question == _MOVE_OR_BATTLE:
        return _asked(state, known, _MOVE) or _asked(state, known, _BATTLE)
    return _asked(state, known, question)


# What :func:`possible` asks about a minister's action.
_BUILD, _BATTLE, _MOVE, _MOVE_OR_BATTLE, _CASH_IN, _COPY, _ALWAYS = (
    "build",
    "battle",
    "move",
    "move or battle",
    "cash in",
    "copy",
    "always",
)


# A minister's question, by name, worked out once from the Duchy's board
# (bounded by its ministers).
@cache
def _question(minister: str) -> str:
    match duchy().minister(minister).action:
        case BuildAnywhere():
            return _BUILD
        case Battles():
            return _BATTLE
        case Moves():
            return _MOVE
        case MovesOrBattles():
            return _MOVE_OR_BATTLE
        case CashIn():
            return _CASH_IN
        case CopyMinister():
            return _COPY
        case ScoreIfAllTunnels() | ScorePerBuilding():
            return _ALWAYS
    raise AssertionError(minister)


def _asked(state: RootState, known: dict[str, bool], question: str) -> bool:
    """Whether the Duchy could build anywhere, battle or move, found once a
    listing (``known``)."""
    found = known.get(question)
    if found is None:
        if question == _BUILD:
            found = can_build(state, any_suit=True)
        elif question == _BATTLE:
            found = core.can_battle(state, DUCHY)
        else:
            found = core.can_move(state, DUCHY)
        known[question] = found
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
