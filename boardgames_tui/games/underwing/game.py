"""Underlings of Underwing behind the Game contract."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from pydantic import BaseModel

from boardgames_tui.engine.game import Event, Game, IllegalAction, Outcome, Seat, copy_state
from boardgames_tui.engine.rng import Rng

from . import lookahead, placing, rules, score, table, trading
from .actions import (
    ACTION_TYPE,
    AddToGroup,
    AssignEgg,
    AssignField,
    ChooseCrystal,
    ChooseElement,
    ChooseSeat,
    ChooseSlot,
    ChooseSpace,
    Collect,
    OfferTrade,
    Pass,
    Place,
    PlaceGroup,
    RandomFirst,
    RecallEgg,
    RecallField,
    StartGroup,
    Stop,
    TradeAdd,
    TradeAnswer,
    TradeCancel,
    TradeSend,
    UnderwingAction,
)
from .cards import card
from .evaluation import (
    rating,
    standings,
)
from .model import UnderwingOptions, UnderwingState
from .search_profile import PROFILE

PHASE_NAMES = {
    1: "element collection",
    2: "assign handlers",
    3: "place elements",
    4: "hatching",
}


class UnderwingGame(Game[UnderwingState, UnderwingAction]):
    id = "underwing"
    title = "Underlings of Underwing"
    min_players = 1
    max_players = 6
    Options: ClassVar[type[BaseModel]] = UnderwingOptions
    State = UnderwingState
    action_type = ACTION_TYPE
    hidden_information = False

    # ------------------------------------------------------------------ setup
    def setup(
        self,
        seats: list[Seat],
        options: BaseModel | dict[str, Any] | None = None,
        seed: int = 0,
    ) -> UnderwingState:
        self.check_seats(seats)
        opts = self.options(options)
        assert isinstance(opts, UnderwingOptions)
        return rules.new_state(seats, opts, seed)

    # ------------------------------------------------------------------- play
    def legal_actions(self, state: UnderwingState) -> list[UnderwingAction]:
        return rules.legal_actions(state)  # type: ignore[return-value]

    def perform(self, state: UnderwingState, action: UnderwingAction) -> list[Event]:
        return rules.perform(state, action)

    def check(self, state: UnderwingState, action: UnderwingAction) -> None:
        """The legal actions, plus two forms saves from earlier versions hold
        and the list no longer offers: a trade offer without its proposer
        (the deciding seat's, ruling R-TRADE) and a placement of several
        crystals at once (now built one crystal at a time, ruling
        R-COMBINATION)."""
        if isinstance(action, OfferTrade) and action.proposer is None:
            seat = trading.decider(state)
            full = OfferTrade(partner=action.partner, proposer=seat)
            allowed = seat is not None and full in rules.legal_actions(state)
        elif isinstance(action, Place) and len(action.crystals) != 1:
            allowed = placing.may_place(state, action)
        else:
            allowed = action in rules.legal_actions(state)
        if not allowed:
            raise IllegalAction(f"That is not allowed now: {self.describe(state, action)}.")

    def lookahead_values(
        self,
        state: UnderwingState,
        seat: int,
        actions: Sequence[UnderwingAction],
        luck: int | None = None,
    ) -> list[float]:
        """The default's numbers, found more cheaply for the actions that
        change little (:mod:`.lookahead`): a trade or group step leaves
        everything :meth:`evaluate` reads as it was, and a placement that
        sets off nothing more is played on a narrow copy and rated from the
        position's own standings."""
        return lookahead.values(self, state, seat, actions, luck)

    def to_act(self, state: UnderwingState) -> int | None:
        return trading.decider(state)

    def actor(self, state: UnderwingState, action: UnderwingAction) -> int | None:
        """A trade offer is opened by its proposer (ruling R-TRADE: anyone
        may, while the game waits for a person); every other action by the
        seat to act."""
        if isinstance(action, OfferTrade) and action.proposer is not None:
            return action.proposer
        return trading.decider(state)

    def is_over(self, state: UnderwingState) -> bool:
        return state.over

    def outcome(self, state: UnderwingState) -> Outcome:
        return score.outcome(state)

    def evaluate(self, state: UnderwingState, seat: int) -> float:
        """How well ``seat`` stands, for bots: dragon points and temperature
        bonuses so far; claimed eggs by how complete they are (up to 0.7 of the
        dragon's points); eggs in the nursery at 0.9; a little for stored
        elements, handlers on staff and handlers on the Field.  Relative to the
        best opponent (solo: absolute), less a penalty that grows as wild
        dragons fill the grounds, since a full grounds loses the game for all."""
        if state.over:
            if state.doom:
                return -1000.0
            totals = [r.score for r in score.outcome(state).results]
            others = [t for i, t in enumerate(totals) if i != seat]
            return float(totals[seat] - (max(others) if others else 0))
        standing, wild = standings(state)
        return rating(standing, wild, len(state.grounds), seat)

    solo_titles = score.SOLO_TITLES
    #: How the search bots play Underwing (``search_profile.py``).
    search_profile = PROFILE

    def own_bots(self) -> dict[str, type[Any]]:
        """The rule-based bot that claims the eggs it can fill and uses the Field."""
        from .bots import UnderwingBot

        return {UnderwingBot.name: UnderwingBot}

    def determinize(self, view: UnderwingState, seat: int, rng: Rng) -> UnderwingState:
        """Everything is on the table except the order of the face-down draw
        pile and the draws to come: the pile is shuffled (from its sorted
        cards, so its order in ``view`` does not matter) and the state gets a
        new random generator."""
        state = copy_state(view)
        state.rng = Rng.from_seed(rng.next_u64())
        state.deck.sort()
        state.rng.shuffle(state.deck)
        return state

    # ------------------------------------------------------------------ words
    def describe(self, state: UnderwingState, action: UnderwingAction) -> str:
        return describe(state, action)

    def prompt(self, state: UnderwingState) -> str:
        return prompt(state)

    def progress(self, state: UnderwingState) -> str:
        if state.over:
            if state.doom:
                return f"Round {state.round} of {state.rounds} · the wild dragons won"
            return f"Game over after round {state.round}"
        return f"Round {state.round} of {state.rounds} · phase {state.phase}"


def _seat(state: UnderwingState, seat: int) -> str:
    if 0 <= seat < len(state.seats):
        return state.seats[seat].name
    return f"seat {seat + 1}"


def _slot(state: UnderwingState, slot: int) -> str:
    if 0 <= slot < len(state.grounds) and state.grounds[slot].card is not None:
        return table.egg_name(state, slot)
    return f"space {slot + 1} of the grounds"


def _space(state: UnderwingState, slot: int, space: int) -> str:
    if 0 <= slot < len(state.grounds):
        s = state.grounds[slot]
        if s.card is not None and 0 <= space < len(card(s.card).spaces):
            return f"the {card(s.card).spaces[space]} space of {_slot(state, slot)}"
    return f"space {space + 1} of {_slot(state, slot)}"


def describe(state: UnderwingState, action: UnderwingAction) -> str:
    job = state.jobs[-1] if state.jobs else None
    kind = job.effect.kind if job else ""
    if isinstance(action, Collect):
        space = state.collect[0] if state.collect else "the Field element"
        if action.guaranteed:
            return f"Collect {space} from the Field"
        return f"Draw a random element instead of {space}"
    if isinstance(action, RandomFirst):
        seat = state.current()
        count = rules.randoms_owed(state, seat) if 0 <= seat < state.n else 0
        return (
            f"Draw your {count} random element{'s' if count != 1 else ''} first, "
            "then decide on the Field's"
        )
    if isinstance(action, AssignField):
        return f"Send a handler to the {action.space} Field space"
    if isinstance(action, AssignEgg):
        return f"Claim {_slot(state, action.slot)}"
    if isinstance(action, RecallField):
        return f"Recall the handler on the {action.space} Field space to the Break Room"
    if isinstance(action, RecallEgg):
        return f"Recall the handler on {_slot(state, action.slot)} to the Break Room"
    if isinstance(action, Pass):
        return "Pass: make no more assignments this round"
    if isinstance(action, Place):
        return f"Place {' + '.join(action.crystals)} on {_space(state, action.slot, action.space)}"
    if isinstance(action, StartGroup):
        where = _space(state, action.slot, action.space)
        return f"Put {action.element} on {where} together with more elements (one placement)"
    if isinstance(action, AddToGroup):
        group = state.group
        if group is not None:
            return f"Add {action.element} to {' + '.join(group.crystals)}"
        return f"Add {action.element} to the group"
    if isinstance(action, PlaceGroup):
        group = state.group
        if group is not None:
            where = _space(state, group.slot, group.space)
            return f"Place {' + '.join(group.crystals)} on {where} (one placement)"
        return "Place the group (one placement)"
    if isinstance(action, OfferTrade):
        if action.proposer is None:
            return f"Offer a trade to {_seat(state, action.partner)}"
        return f"{_seat(state, action.proposer)} offers a trade to {_seat(state, action.partner)}"
    if isinstance(action, TradeAdd):
        if action.side == "give":
            return f"Offer to give {action.element}"
        return f"Ask for {action.element}"
    if isinstance(action, TradeSend):
        words = trading.trade_words(state.trade) if state.trade else "the trade"
        return f"Send the offer: {words}"
    if isinstance(action, TradeCancel):
        return "Call the trade off"
    if isinstance(action, TradeAnswer):
        who = _seat(state, state.trade.proposer) if state.trade else "the"
        words = f" ({trading.trade_words(state.trade)})" if state.trade else ""
        return f"{'Accept' if action.accept else 'Decline'} {who}'s trade{words}"
    if isinstance(action, ChooseSlot):
        verb = {
            "claim_and_hatch": "Claim and hatch",
            "banish_wild": "Banish",
            "hatch_adjacent": "Hatch in the wild:",
        }.get(kind, "Choose")
        return f"{verb} {_slot(state, action.slot)}"
    if isinstance(action, ChooseSpace):
        drawn = job.drawn if job and job.drawn else "the element"
        return f"Scatter {drawn} onto {_space(state, action.slot, action.space)}"
    if isinstance(action, ChooseCrystal):
        verb = {"take_from_egg": "Take", "destroy_elements": "Destroy"}.get(kind, "Smash")
        return f"{verb} {action.element} on {_space(state, action.slot, action.space)}"
    if isinstance(action, ChooseElement):
        if kind == "steal_elements" and job and job.victim is not None:
            return f"Steal {action.element} from {_seat(state, job.victim)}"
        return f"Take {action.element} from the bag"
    if isinstance(action, ChooseSeat):
        return f"Steal from {_seat(state, action.seat)}"
    assert isinstance(action, Stop)
    return "Take no more"


def prompt(state: UnderwingState) -> str:
    seat = trading.decider(state)
    if seat is None:
        return "The game is over."
    who = state.seats[seat].name
    trade = state.trade
    if trade is not None:
        if trade.sent:
            return (
                f"{who}: accept or decline {_seat(state, trade.proposer)}'s offer "
                f"({trading.trade_words(trade)})"
            )
        return f"{who}: put a trade together with {_seat(state, trade.partner)}"
    if state.jobs:
        job = state.jobs[-1]
        effect = job.effect
        more = f"{job.left} more" if job.left > 1 else "one more"
        asks = {
            "scatter_elements": f"choose where the scattered {job.drawn} lands",
            "hatch_adjacent": f"choose an adjacent egg to hatch in the wild ({more})",
            "claim_and_hatch": (
                f"choose an unclaimed egg worth up to {getattr(effect, 'max_score', 0)} "
                f"to claim and hatch"
            ),
            "take_from_egg": f"take elements from eggs ({more} at most)",
            "destroy_elements": f"destroy elements on eggs ({more} at most)",
            "smash_elements": f"choose an element the wild dragon smashes ({more})",
            "collect_chosen": f"choose an element from the bag ({more})",
            "banish_wild": "choose a wild dragon to banish",
            "steal_elements": (
                "choose a player to steal from"
                if job.victim is None
                else f"steal elements from {_seat(state, job.victim)} ({more} at most)"
            ),
        }
        return f"{who}: {asks.get(effect.kind, 'decide')}"
    group = state.group
    if group is not None:
        where = _space(state, group.slot, group.space)
        return f"{who}: add to {' + '.join(group.crystals)} on {where}, or place it"
    if state.phase == 1 and state.collect:
        ask = f"{who}: take the guaranteed {state.collect[0]} or draw a random element"
        if not state.randoms_drawn and rules.randoms_owed(state, seat) > 0:
            ask += " (or draw your random ones first)"
        return ask
    if state.phase == 2:
        return f"{who}: assign or recall a handler, or pass"
    left = placing.still_to_place(state, seat)
    return f"{who}: place {left} more element{'s' if left != 1 else ''}"
