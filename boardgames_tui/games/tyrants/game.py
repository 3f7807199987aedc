"""Tyrants of the Underdark behind the Game contract."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from pydantic import BaseModel

from boardgames_tui.engine.data import shallow
from boardgames_tui.engine.game import (
    Event,
    Game,
    IllegalAction,
    Outcome,
    Seat,
    SeatResult,
    SetupError,
    copy_state,
    offered,
)
from boardgames_tui.engine.rng import Rng

from . import rules
from .actions import ACTION_TYPE, TyrantsAction
from .model import TyrantsState, breakdowns, scores
from .options import TyrantsOptions
from .outlook import lead
from .pending import saved_jobs
from .search_profile import PROFILE

#: Lists of cards sorted (:func:`in_order`), by the cards as they lay.
_SORTED: dict[tuple[str, ...], list[str]] = {}


def in_order(cards: list[str]) -> list[str]:
    """``cards`` sorted, for a glance (which nobody changes or keeps): the
    market deck and the hidden cards a glance sorts stay the same for many
    actions (the market deck changes when a card is turned, another
    player's cards when they play), and a sort of seventy cards costs more
    than finding it again by the cards."""
    key = tuple(cards)
    found = _SORTED.get(key)
    if found is None:
        if len(_SORTED) >= 1 << 12:
            _SORTED.clear()
        found = _SORTED[key] = sorted(key)
    return found


class TyrantsGame(Game[TyrantsState, TyrantsAction]):
    id: ClassVar[str] = "tyrants"
    title: ClassVar[str] = "Tyrants of the Underdark"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    Options: ClassVar[type[BaseModel]] = TyrantsOptions
    State: ClassVar[type[TyrantsState]] = TyrantsState
    action_type: ClassVar[Any] = ACTION_TYPE
    hidden_information: ClassVar[bool] = True

    def setup(
        self,
        seats: list[Seat],
        options: BaseModel | dict[str, Any] | None = None,
        seed: int = 0,
    ) -> TyrantsState:
        self.check_seats(seats)
        opts = self.options(options)
        assert isinstance(opts, TyrantsOptions)
        if opts.first_player is not None and opts.first_player >= len(seats):
            raise SetupError(
                f"The first player must be one of the {len(seats)} seats "
                f"(0 to {len(seats) - 1}), not {opts.first_player}."
            )
        return rules.setup_game(seats, opts, seed)

    # The rules' own functions, called without a step between (every
    # simulated action lists, acts and asks who is to act through them).
    legal_actions = staticmethod(rules.legal_actions)
    next_actions = staticmethod(rules.legal_actions)
    perform = staticmethod(rules.perform)
    to_act = staticmethod(rules.to_act)

    def apply(
        self,
        state: TyrantsState,
        action: TyrantsAction,
        legal: Sequence[TyrantsAction] | None = None,
    ) -> list[Event]:
        """The contract's :meth:`Game.apply`, asking the state and the rules
        directly (a step less at every simulated action)."""
        if state.phase == "over":
            raise IllegalAction("The game is over.")
        if legal is None:
            self.check(state, action)
        else:
            # Found by identity first, here (a bot picks the very object
            # the list holds), then as ``offered`` finds it.
            for item in legal:
                if item is action:
                    break
            else:
                if not offered(action, legal):
                    self.check(state, action)
        return rules.perform(state, action)

    def check(self, state: TyrantsState, action: TyrantsAction) -> None:
        """As the contract's, with the rulebook's reason when there is one
        (a start site another player has taken: ruling R-START)."""
        reason = rules.check(state, action)
        if reason is not None:
            raise IllegalAction(reason)
        super().check(state, action)

    def saved_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """A save written before the ``rules`` option was played by rules 1:
        it replays under them (ruling R-RULES)."""
        return options if "rules" in options else {**options, "rules": 1}

    def saved_state(self, state: Any) -> Any:
        """A snapshot written while every job held every field (before the
        decisions were typed, ``pending.py``): each job keeps the fields of
        its kind (the others held their defaults)."""
        return saved_jobs(state)

    def is_over(self, state: TyrantsState) -> bool:
        return state.phase == "over"

    def outcome(self, state: TyrantsState) -> Outcome:
        """Final scoring with every seat's breakdown; "If there's a tie for
        most, the tied players each win" (ruling R-TIE)."""
        results = [
            SeatResult(
                seat=seat, name=state.seats[seat].name, score=sum(parts.values()), breakdown=parts
            )
            for seat, parts in enumerate(breakdowns(state))
        ]
        ranking = sorted(range(len(results)), key=lambda s: (-results[s].score, s))
        for r in results:
            r.rank = 1 + sum(1 for o in results if o.score > r.score)
        best = results[ranking[0]].score
        winners = [s for s in ranking if results[s].score == best]
        names = " and ".join(state.seats[s].name for s in winners)
        if len(winners) > 1:
            summary = f"{names} tie with {best} VP: the tied players each win."
        else:
            summary = f"{names} wins with {best} VP."
        return Outcome(results=results, ranking=ranking, winners=winners, summary=summary)

    def evaluate(self, state: TyrantsState, seat: int) -> float:
        """The seat's VP now (as final scoring would count them) plus half a
        point for each unspent power and influence and a quarter for each card
        still in hand, minus the best opponent's VP."""
        return lead(state, seat, [float(v) for v in scores(state)])

    def view(self, state: TyrantsState, seat: int | None) -> TyrantsState:
        """A copy in which ``seat`` sees its own hand and no deck's order: its
        own deck and the market deck sorted; every other player's hand and
        deck taken away, their sizes kept, the cards pooled unordered in
        ``unseen``.  The random generator is replaced too: with it a seat
        could work out how a deck will be shuffled."""
        seen = copy_state(state)
        seen.rng = Rng.from_seed(0)
        seen.market_deck.sort()
        for other, p in enumerate(seen.players):
            if other == seat:
                p.deck.sort()
                continue
            p.unseen = sorted(p.unseen + p.hand + p.deck)
            p.hidden_hand += len(p.hand)
            p.hidden_deck += len(p.deck)
            p.hand = []
            p.deck = []
        return seen

    def glance(self, state: TyrantsState, seat: int | None) -> TyrantsState:
        """:meth:`view` for a reader that neither changes it nor keeps it (a
        bot's choice): equal to the view, but what every seat sees (the
        board, the market, the piles, the jobs, each player's discard pile,
        play area and inner circle) is the state's own; only the lists the
        view hides or sorts are new.  The board being the state's, so are
        the seats' reaches (``model.reach``), worked out once for both."""
        seen = shallow(state)
        seen.rng = Rng.from_seed(0)
        seen.market_deck = in_order(state.market_deck)
        seen.reaches = state.reaches
        players = []
        for other, p in enumerate(state.players):
            q = shallow(p)
            if other == seat:
                q.deck = in_order(p.deck)
            else:
                q.unseen = in_order(p.unseen + p.hand + p.deck)
                q.hidden_hand = p.hidden_hand + len(p.hand)
                q.hidden_deck = p.hidden_deck + len(p.deck)
                q.hand = []
                q.deck = []
            players.append(q)
        seen.players = players
        return seen

    def own_bots(self) -> dict[str, type[Any]]:
        """The rule-based bot that plays every card, takes sites and buys well."""
        from .bots import TyrantsBot

        return {TyrantsBot.name: TyrantsBot}

    #: How the search bots play Tyrants (``search_profile.py``).
    search_profile = PROFILE

    def determinize(self, view: TyrantsState, seat: int, rng: Rng) -> TyrantsState:
        """A full state ``seat`` could be in, seeing ``view``: its own deck and
        the market deck shuffled; every other player's unseen cards shuffled
        and dealt into their hand and deck by the sizes the view shows; a new
        random generator.  Cards are sorted before each shuffle, so how the
        view lists them does not matter."""
        state = copy_state(view)
        state.rng = Rng.from_seed(rng.next_u64())
        shuffle = state.rng.shuffle
        state.market_deck.sort()
        shuffle(state.market_deck)
        for other, p in enumerate(state.players):
            if other == seat:
                p.deck.sort()
                shuffle(p.deck)
                continue
            if not (p.unseen or p.hidden_hand or p.hidden_deck):
                continue
            pool = sorted(p.unseen + p.hand + p.deck)
            shuffle(pool)
            hand_size, deck_size = len(p.hand) + p.hidden_hand, len(p.deck) + p.hidden_deck
            p.hand = pool[:hand_size]
            p.deck = pool[hand_size : hand_size + deck_size]
            p.unseen, p.hidden_hand, p.hidden_deck = [], 0, 0
        return state

    def describe(self, state: TyrantsState, action: TyrantsAction) -> str:
        return rules.describe(state, action)

    def prompt(self, state: TyrantsState) -> str:
        return rules.prompt(state)

    def progress(self, state: TyrantsState) -> str:
        return rules.progress(state)
