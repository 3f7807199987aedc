"""The Corvid Conspiracy's setup and turn (Law 13.3-13.6): Scatter, Birdsong
(craft with plots, flip plots, recruit in every clearing of a suit),
Daylight's three actions (move, plot, battle, trick), Evening's Exert and
draw.  The plots themselves are in ``plots.py``."""

from __future__ import annotations

from boardgames_tui.engine.game import Action, Event

from ... import core
from ...actions import Battle, Move
from ...model import RootState, card_of
from ...woodland import SUITS
from .actions import PlacePlot, RecruitCorvids, Scatter, Trick
from .plots import place_plot, place_warriors, plot_options, trick, trick_options
from .state import CORVIDS, me


# ----------------------------------------------------------------- setup
def scattered_suits(state: RootState) -> set[str]:
    suits = state.woodland.suits
    return {suits[n] for n in state.woodland.numbers if core.warriors(state, CORVIDS, n)}


def scatter_options(state: RootState) -> list[Action]:
    """Scatter (13.3.2): a warrior in a clearing of each suit, where they may
    place (never the keep's clearing)."""
    done = scattered_suits(state)
    suits = state.woodland.suits
    return [
        Scatter(clearing=n)
        for n in state.woodland.numbers
        if suits[n] not in done and core.may_place(state, CORVIDS, n)
    ]


def scatter(state: RootState, clearing: int) -> list[Event]:
    core.add_warriors(state, CORVIDS, clearing, 1)
    me(state).warriors -= 1
    events = [
        Event(text=f"The Corvids scatter a warrior to {core.clearing_name(state, clearing)}.")
    ]
    if not scatter_options(state):
        state.step = "setup"
    return events


# --------------------------------------------------------------- recruit
def recruit_spots(state: RootState, suit: str) -> tuple[int, ...]:
    """The clearings of a suit where they may place."""
    return tuple(n for n in state.woodland.of_suit(suit) if core.may_place(state, CORVIDS, n))


def recruit_options(state: RootState) -> list[Action]:
    """Recruit (13.4.3), once per turn: spend a card for a warrior in every
    clearing of its suit (a bird: a suit of their choice)."""
    corvids = me(state)
    if "recruit" in corvids.used or corvids.warriors <= 0:
        return []
    out: list[Action] = []
    for c in core.distinct(corvids.hand):
        suit = card_of(c).suit
        for s in SUITS if suit == "bird" else (suit,):
            if recruit_spots(state, s):
                out.append(RecruitCorvids(card=c, suit=s))
    return out


def recruit(state: RootState, action: RecruitCorvids) -> list[Event]:
    corvids = me(state)
    corvids.used.append("recruit")
    events = [
        Event(
            text=f"The Corvids spend {core.card_name(action.card)} to recruit in every {action.suit} clearing."
        )
    ]
    events += core.discard_from_hand(state, CORVIDS, action.card)
    return events + place_warriors(state, recruit_spots(state, action.suit), "recruit")


# ------------------------------------------------------------ the actions
def action_options(state: RootState) -> list[Action]:
    """Daylight's actions (13.5), the same for Exert (13.6.1)."""
    out: list[Action] = []
    out += core.battle_actions(state, CORVIDS)
    out += core.moves(state, CORVIDS)
    out += plot_options(state)
    out += trick_options(state)
    return out


def has_action_options(state: RootState) -> bool:
    return bool(
        core.battle_targets(state, CORVIDS)
        or core.can_move(state, CORVIDS)
        or plot_options(state)
        or trick_options(state)
    )


def perform_action(state: RootState, action: Action) -> list[Event]:
    if isinstance(action, Move):
        return core.do_move(state, CORVIDS, action)
    if isinstance(action, Battle):
        return core.start_battle(state, CORVIDS, action.clearing, action.defender)
    if isinstance(action, PlacePlot):
        return place_plot(state, action)
    assert isinstance(action, Trick), action
    return trick(state, action)


# ----------------------------------------------------------------- evening
def evening_draws(state: RootState) -> int:
    """Draw (13.6.2): none after Exert; else one, plus one per face-up extortion."""
    if me(state).exerted:
        return 0
    places = state.clearings
    return 1 + sum(places[n].tokens.count("extortion") for n in state.woodland.numbers)
