"""A bot's look one action ahead (:meth:`UnderwingGame.lookahead_values`),
made cheap for the actions that change little, with the very numbers the
default gives (a full copy of the position, the action performed on it,
:meth:`UnderwingGame.evaluate`).

Most of the actions a bot tries change one or two small parts of the
position, and ``evaluate`` reads few of them:

- a trade step (opening an offer, adding an element to it) or a group step
  (starting one, adding a crystal to it) changes only the pending trade or
  group and a count of offers, none of which ``evaluate`` reads, and the
  game then waits at once: the value is the position's own;
- a placement changes the placer's storage and one egg, and when it sets
  off nothing more (no wild hatching, the placer has more to place) the
  game waits at once for the placer: only the standings of the seats it
  touched (the placer, the egg's claimant) are worked out again, by the
  same sums in the same order as ``evaluate``, from the egg's crystals
  after it (put together as :func:`.placing.lay` puts them) and the placer's
  storage less the placement's.  Whether the placer has more to place is
  known from the eggs that take a placement after one of the same
  crystals, save when the only such egg is the one placed on: that
  placement is played by the rules' own :func:`.placing.lay` on a narrow copy
  (a new top-level state sharing every part but those two,
  :func:`~boardgames_tui.engine.data.shallow`) to find out.

What one decision's placements share is found once (:class:`Standings`):
the position's standings, the eggs that take a placement after each kind
of placement, the placer's standing after it.  Anything else, and any
placement that could set off more, goes the default's way.
"""

from __future__ import annotations

from collections.abc import Sequence

from boardgames_tui.engine.data import clone, shallow
from boardgames_tui.engine.game import Game
from boardgames_tui.engine.rng import Rng

from . import score, trading
from .actions import AddToGroup, OfferTrade, Place, StartGroup, TradeAdd, UnderwingAction
from .colours import Element, norm
from .evaluation import egg_worth, rating, seat_value, standings
from .model import Slot, UnderwingState, egg_complete
from .placing import lay, placement_options, places_more, still_to_place


def values(
    game: Game[UnderwingState, UnderwingAction],
    state: UnderwingState,
    seat: int,
    actions: Sequence[UnderwingAction],
    luck: int | None = None,
) -> list[float]:
    """:meth:`~boardgames_tui.engine.game.Game.lookahead_values`' numbers."""
    if state.over:
        return Game.lookahead_values(game, state, seat, actions, luck)
    found: list[float] = []
    here: Standings | None = None
    placing = quick_placements(state)
    for action in actions:
        value: float | None = None
        if action.__class__ is Place:
            if placing:
                if here is None:
                    here = Standings(state)
                value = here.placement_value(state, action, seat)
        elif leaves_evaluation(state, action):
            if here is None:
                here = Standings(state)
            value = here.rating(here.standing, seat)
        if value is None:
            value = Game.lookahead_values(game, state, seat, [action], luck)[0]
        found.append(value)
    return found


def leaves_evaluation(state: UnderwingState, action: UnderwingAction) -> bool:
    """Whether performing ``action`` leaves everything ``evaluate`` reads as
    it was (the game not over).  :func:`.rules.perform` hands a trade action
    to :func:`.rules.do_trade` and, without effects being resolved, a group
    action to :func:`.rules.do_group`:

    - an offer lowers its proposer's offers left and opens the trade;
    - adding an element to a trade appends it to the trade's give or ask list;
    - starting a group notes it (its crystals stay in storage until placed);
    - adding a crystal to a group appends it to the group's list;

    and then :func:`.rules.advance` stops at once, a trade or a group being
    pending.  ``evaluate`` reads none of these."""
    cls = action.__class__
    if cls is OfferTrade:
        proposer = action.proposer  # type: ignore[union-attr]
        if proposer is None:
            proposer = trading.decider(state)
        return proposer is not None and 0 <= proposer < len(state.players)
    if cls is TradeAdd:
        return state.trade is not None
    if cls is StartGroup:
        return not state.jobs
    if cls is AddToGroup:
        return not state.jobs and state.group is not None
    return False


def quick_placements(state: UnderwingState) -> bool:
    """Whether a placement may set off nothing more here: Phase 3 with no
    trade, group or effect pending, and no Wild Forces (multiplayer)."""
    return (
        state.phase == 3
        and not state.jobs
        and state.trade is None
        and state.group is None
        and state.wild_forces is None
    )


def placement(
    state: UnderwingState,
    action: Place,
    rng: Rng | None = None,
    here: Standings | None = None,
) -> UnderwingState | None:
    """The position after a placement that sets off nothing more, on a
    narrow copy equal to the full one (given ``rng``, the full copy's
    generator; without it, the copy shares the position's, which nothing
    here draws from); None for any other placement.  ``here``, the
    position's :class:`Standings`, saves looking through the eggs again
    for each placement (:meth:`Standings.taking`).

    :func:`.rules.perform` hands a Place, with no trade and no effect
    pending, to :func:`.rules.place`: it makes the placement's changes
    (:func:`.placing.lay`: the placer's storage, the egg, the count of
    placements), tells them in words, and queues a wild hatching when the
    egg is complete and unclaimed.  When it queues nothing and the placer
    has more to place (:func:`.placing.places_more`), :func:`.rules.advance`
    in Phase 3, with no group pending and no Wild Forces to place
    (multiplayer), stops at once."""
    if not quick_placements(state):
        return None
    slot = action.slot
    grounds = state.grounds
    if not 0 <= slot < len(grounds):
        return None
    egg = grounds[slot]
    if egg.card is None or egg.wild:
        return None
    seat = state.current()
    trial = shallow(state)
    if rng is not None:
        trial.rng = rng
    trial.players = players = state.players[:]
    placer = players[seat] = shallow(players[seat])
    placer.storage = placer.storage.copy()
    trial.grounds = grounds = grounds[:]
    grounds[slot] = clone(egg)
    egg = lay(trial, seat, action)
    if egg.claimant is None and egg.complete:
        return None
    if (
        here is not None
        and still_to_place(trial, seat) > 0
        and here.taking(state, action.crystals) - {slot}
    ):
        return trial  # another egg, the same in both, takes a placement: places_more holds
    if not places_more(trial, seat):
        return None
    return trial


class Standings:
    """A position's parts of ``evaluate`` (:func:`.evaluation.standings`), kept to
    rate positions that differ from it in a few seats and eggs.  The
    position must not change while this is in use."""

    def __init__(self, state: UnderwingState) -> None:
        self.standing, self.wild = standings(state)
        self.slots = len(state.grounds)
        self.bonuses = score.bonus_totals(state)
        #: The seat whose placements are tried (Phase 3's placing player).
        self.placer = state.current()
        #: Per seat, the slots whose eggs count for it, in grounds order.
        self.eggs: list[list[int]] = [[] for _ in state.players]
        for index, s in enumerate(state.grounds):
            if not s.wild and s.claimant is not None and s.card is not None:
                self.eggs[s.claimant].append(index)
        #: Per placement's crystals: the eggs that would take a placement
        #: after it (:meth:`taking`), and the placer's standing after it
        #: when the egg is not the placer's (:meth:`after`).
        self._taking: dict[tuple[str, ...], frozenset[int]] = {}
        self._placer: dict[tuple[str, ...], float] = {}
        #: Per placement's crystals, the placer's standing before their eggs
        #: (:func:`.evaluation.seat_value` with the storage less them).
        self._placer_base: dict[tuple[str, ...], float] = {}
        #: Per seat, its standing before its eggs, the seat unchanged.
        self._base: dict[int, float] = {}
        #: Whether the placer has a placement left after one more
        #: (:func:`.placing.still_to_place` after a placement).
        self.more = still_to_place(state, self.placer) - 1 > 0

    def rating(self, standing: list[float], seat: int) -> float:
        return rating(standing, self.wild, self.slots, seat)

    def taking(self, state: UnderwingState, crystals: tuple[str, ...]) -> frozenset[int]:
        """The slots of ``state`` whose eggs the placer could place on
        with their storage less ``crystals`` (:func:`.placing.placement_options`).
        A placement changes one egg: any other egg of these takes a
        placement after it just the same, each egg's placements being a
        function of its slot, card, crystals and the storage alone."""
        found = self._taking.get(crystals)
        if found is None:
            after = shallow(state)
            after.players = players = state.players[:]
            placer = players[self.placer] = shallow(players[self.placer])
            placer.storage = storage = placer.storage.copy()
            for e in crystals:
                storage[e] -= 1  # type: ignore[index]
            options = placement_options(after, self.placer)
            found = self._taking[crystals] = frozenset(a.slot for a in options)  # type: ignore[attr-defined]
        return found

    def placement_value(self, state: UnderwingState, action: Place, seat: int) -> float | None:
        """``evaluate`` for ``seat`` after ``action`` on ``state``, a
        placement in a position :func:`quick_placements` allows, when it
        sets off nothing more and the game then waits for the placer (as
        :func:`placement` finds); None for any other placement."""
        slot = action.slot
        grounds = state.grounds
        if not 0 <= slot < len(grounds):
            return None
        egg = grounds[slot]
        card_id = egg.card
        if card_id is None or egg.wild or not 0 <= action.space < len(egg.fill):
            return None
        # the egg's crystals after it, as placing.lay puts them (Slot.with_space)
        fill = list(egg.fill)
        fill[action.space] = norm((*fill[action.space], *action.crystals))
        after = tuple(fill)
        if egg.claimant is None and egg_complete(card_id, after):
            return None  # a wild hatching
        if (
            not (self.more and self.taking(state, action.crystals) - {slot})
            # the placer's next placement, if any, is on this very egg
            and placement(state, action, here=self) is None
        ):
            return None
        return self.after(state, action, after, seat)

    def after(
        self,
        state: UnderwingState,
        action: Place,
        fill: tuple[tuple[Element, ...], ...],
        seat: int,
    ) -> float:
        """``seat``'s rating after ``action``, a placement that sets off
        nothing more, leaves the egg in its slot holding ``fill``: only the
        placer's storage and the egg's crystals differ from the position
        (not who claims it, nor any seat's dragons, so no bonus and no wild
        dragon changes), so only the placer's and the claimant's standings
        are summed again, each as ``evaluate`` sums it.  The placer's is the
        same for every placement of the same crystals on an egg that is not
        theirs (their storage and eggs alike)."""
        standing = self.standing[:]
        placer = self.placer
        slot = action.slot
        crystals = action.crystals
        grounds = state.grounds
        claimant = grounds[slot].claimant
        if claimant == placer:
            standing[placer] = self.eggs_added(
                self.placer_base(state, crystals), placer, grounds, slot, fill
            )
        else:
            mine = self._placer.get(crystals)
            if mine is None:
                mine = self._placer[crystals] = self.eggs_added(
                    self.placer_base(state, crystals), placer, grounds, -1, fill
                )
            standing[placer] = mine
            if claimant is not None:
                base = self._base.get(claimant)
                if base is None:
                    base = self._base[claimant] = seat_value(
                        state.players[claimant], self.bonuses[claimant], state.max_handlers
                    )
                standing[claimant] = self.eggs_added(base, claimant, grounds, slot, fill)
        return rating(standing, self.wild, self.slots, seat)

    def placer_base(self, state: UnderwingState, crystals: tuple[str, ...]) -> float:
        """The placer's standing before their eggs, with ``crystals`` gone
        from their storage (as :func:`.placing.lay` takes them)."""
        found = self._placer_base.get(crystals)
        if found is None:
            placer = shallow(state.players[self.placer])
            placer.storage = storage = placer.storage.copy()
            for e in crystals:
                storage[e] -= 1  # type: ignore[index]
            found = self._placer_base[crystals] = seat_value(
                placer, self.bonuses[self.placer], state.max_handlers
            )
        return found

    def eggs_added(
        self,
        value: float,
        seat: int,
        grounds: Sequence[Slot],
        slot: int,
        fill: tuple[tuple[Element, ...], ...],
    ) -> float:
        """``value`` plus the worth of each of ``seat``'s eggs, in grounds
        order (as ``evaluate`` adds them), the egg in ``slot`` holding ``fill``."""
        for index in self.eggs[seat]:
            s = grounds[index]
            value += egg_worth(s.card, fill if index == slot else s.fill)
        return value
