"""A rule-based Underwing bot, written from the rulebook's phases and reading
only the seat's view.

Each decision rates every legal action by a short list of priorities and
takes the best (ties broken by the bot's own RNG).  What the priorities read
is worked out once per decision (:class:`Plan`): for each egg the seat has
claimed, the cheapest way to fill its open element spaces with the crystals
the seat stores, and what is still missing.

- Phase 1: take a Field handler's element when one of the claimed eggs
  misses it, else draw at random.
- Phase 2: recall a handler from an egg that cannot be filled in the rounds
  left; claim an egg only when it can be filled (now from storage, or soon
  with a handler kept on the Field); send every other ready handler to the
  Field space whose elements (this round's and the next ones, as the handler
  moves on) the claimed eggs miss.
- Phase 3: complete the seat's own eggs first (a space at a time, a group
  when it fills a space in one placement), then put away spare crystals
  where they help nobody: never completing an opponent's egg, never hatching
  an unclaimed one in the wild.
- Trades: accept an offer that brings what the claimed eggs miss for what
  they do not need; never offer.
- Dragon effects: take, steal and choose what the claimed eggs miss, smash
  and destroy on opponents' eggs, claim and hatch the best egg.
- Solo (the seat plays alone against the Wild Forces): it claims an egg the
  Wild Forces' crystals would complete this round (their scan is fixed and
  what they hold is on the table), a dragon for nothing instead of a wild
  one; else the egg with the best points per crystal still missing, even
  one it cannot fill from storage (the Wild Forces fill claimed eggs too,
  and a handler on an egg still draws its random crystal), with a little
  for a new handler early and for the temperature balance late.  The
  search plays its solo playouts with it to the end of the game.

It copies no state: every rating reads the view.

Why one module: the rule bot is one strategy.  The plan worked out once per
decision (:class:`Plan`) and the rater's priorities for every phase, trade
and effect read the same weights and are tuned together against the arena;
split by phase, each part would import the plan and the others' constants
back, and a change of one priority could no longer be read beside the rest.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from typing import Any

from boardgames_tui.engine.bots.base import Bot
from boardgames_tui.engine.game import Action, Game, GameState

from .actions import (
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
)
from .cards import GainHandler, card
from .colours import COMPLETIONS, ELEMENTS, HOLDABLE, Element, norm
from .model import (
    FIELD,
    FIELD_INDEX,
    WILD_ORDER,
    Slot,
    UnderwingState,
    add_crystal,
    egg_complete,
)
from .score import warmth
from .solo import wild_target

#: Solo: the most crystals (rare ones counting 1.5) an egg may miss, once
#: the Wild Forces have placed, to be claimed (at most two a round left also
#: applies).  No limit measured best: 4 gave a median of 79.5 in 200 games,
#: 6 and none 82.
SOLO_CLAIM_LIMIT = 99.0
#: Solo: points added to an egg whose dragon brings a handler, while four
#: rounds or more are left (0, 4, 8: medians 80, 82, 80.5 in 200 games).
SOLO_HANDLER_BONUS = 4.0
#: Solo: in the last rounds, points added to (taken from) an egg whose
#: temperature brings the seat's dragons, nursery and claimed eggs nearer to
#: (farther from) a balance of warm and cool, worth +20 at the end (0, 3, 6,
#: 12: medians 82, 82.5, 82, 81 in 200 games).
SOLO_BALANCE_ROUNDS = 4
SOLO_BALANCE_BONUS = 6.0

#: Elements that random draws rarely bring (5 of 100 crystals each).
RARE: frozenset[Element] = frozenset({"black", "white"})


@cache
def rests(element: Element, contents: tuple[Element, ...]) -> tuple[tuple[Element, ...], ...]:
    """What a space of ``element`` holding ``contents`` still takes to be
    complete, one tuple per recipe it can still become, shortest first
    (empty when the space is complete)."""
    if contents in COMPLETIONS[element]:
        return ((),)
    found: list[tuple[Element, ...]] = []
    for recipe in COMPLETIONS[element]:
        rest = list(recipe)
        for e in contents:
            if e not in rest:
                break
            rest.remove(e)
        else:
            found.append(tuple(rest))
    found.sort(key=lambda r: (len(r), r))
    return tuple(found)


def plan_egg(
    card_id: int, fill: tuple[tuple[Element, ...], ...], avail: dict[Element, int]
) -> tuple[list[Element], int]:
    """The crystals an egg still misses once ``avail`` (changed: what the egg
    uses is taken out) has given what it can, space by space the recipe that
    misses fewest; and how many of its spaces are open (placements still to
    make)."""
    missing: list[Element] = []
    spaces = card(card_id).spaces
    open_spaces = 0
    for index, element in enumerate(spaces):
        options = rests(element, fill[index])
        if options == ((),):
            continue
        open_spaces += 1
        best: tuple[Element, ...] = options[0]
        best_key = (99, 99)
        for rest in options:
            short = _short(rest, avail)
            key = (short, len(rest))
            if key < best_key:
                best, best_key = rest, key
        for e in best:
            if avail[e] > 0:
                avail[e] -= 1
            else:
                missing.append(e)
    return missing, open_spaces


def _short(rest: tuple[Element, ...], avail: dict[Element, int]) -> int:
    """How many crystals of ``rest`` ``avail`` lacks."""
    if len(rest) == 1:
        return 0 if avail[rest[0]] > 0 else 1
    short = 0
    for e in set(rest):
        short += max(0, rest.count(e) - avail[e])
    return short


def weight(missing: list[Element]) -> float:
    """How hard the missing crystals are to come by: a rare one counts 1.5."""
    return sum(1.5 if e in RARE else 1.0 for e in missing)


class Plan:
    """What the seat's claimed eggs need, worked out once per decision."""

    __slots__ = ("allocated", "avail", "eggs", "me", "need", "rounds_left", "staff")

    def __init__(self, s: UnderwingState, me: int) -> None:
        self.me = me
        p = s.players[me]
        self.staff = s.staff(me)
        self.rounds_left = max(0, s.rounds - s.round)
        avail = dict(p.storage)
        eggs: list[tuple[int, list[Element], int]] = []
        claimed = [
            (i, slot)
            for i, slot in enumerate(s.grounds)
            if slot.claimant == me and slot.card is not None and not slot.wild
        ]
        # the eggs nearest completion get the stored crystals first
        order = sorted(
            claimed,
            key=lambda pair: len(plan_egg(pair[1].card, pair[1].fill, dict(avail))[0]),  # type: ignore[arg-type]
        )
        for i, slot in order:
            assert slot.card is not None
            missing, open_spaces = plan_egg(slot.card, slot.fill, avail)
            eggs.append((i, missing, open_spaces))
        self.eggs = eggs
        self.avail = avail
        need: dict[Element, float] = dict.fromkeys(ELEMENTS, 0.0)
        for _i, missing, _open in eggs:
            for e in missing:
                need[e] += 1.0
        self.need = need
        self.allocated = {e: p.storage[e] - avail[e] for e in ELEMENTS}

    def hopeless(self, slot: int) -> bool:
        """An egg that cannot be filled in the rounds left: it misses more
        than the Field handlers (at least one) can bring, or every handler
        sits on an egg and this one misses two or more."""
        claimed = len(self.eggs)
        for i, missing, _open in self.eggs:
            if i != slot:
                continue
            if not missing:
                return False
            w = weight(missing)
            spare = max(1, self.staff - claimed)
            if w > self.rounds_left * spare:
                return True
            if claimed >= self.staff and w >= 2:
                return max(self.eggs, key=lambda e: weight(e[1]))[0] == slot
        return False

    def keep_cost(self, storage: dict[Element, int], e: Element) -> float:
        """What it costs to give a crystal away: a lot when a claimed egg
        counts on it."""
        return 6.0 if storage[e] <= self.allocated[e] else 0.0


class _Grounds:
    """Just the grounds, for the Wild Forces' scan in a forecast."""

    __slots__ = ("grounds",)

    def __init__(self, grounds: list[Slot]) -> None:
        self.grounds = grounds


@cache
def _temp(card_id: int) -> int:
    """+1 for a warm dragon, -1 for a cool one, 0 for a neutral one."""
    t = card(card_id).temperature
    return 1 if t == "warm" else -1 if t == "cool" else 0


class UnderwingBot(Bot):
    """Fills the eggs it claims, with the Field's help."""

    name = "underwing"
    about = "rule-based: claims eggs it can fill, uses the Field"

    def pick(self, game: Game[Any, Any], view: GameState, legal: list[Action]) -> Action:
        assert isinstance(view, UnderwingState)
        if len(legal) == 1:
            return legal[0]
        seat = game.to_act(view)
        assert seat is not None
        rater = _Rater(view, seat)
        best = float("-inf")
        chosen: list[Action] = []
        for action in legal:
            value = rater.rate(action)
            if value > best:
                best, chosen = value, [action]
            elif value == best:
                chosen.append(action)
        return chosen[0] if len(chosen) == 1 else self.rng.choice(chosen)


class _Rater:
    """The priorities for one decision of one seat."""

    def __init__(self, s: UnderwingState, me: int) -> None:
        self.s = s
        self.me = me
        self.plan = Plan(s, me)
        self._claim: int | None | bool = False  # not worked out yet
        self._field: dict[Element, float] | None = None
        self._forecast: dict[int, tuple[tuple[Element, ...], ...]] | None = None

    # ------------------------------------------------------------- dispatch
    def rate(self, a: Action) -> float:
        s = self.s
        match a:
            case Place():
                return self.rate_place(a.slot, a.space, a.crystals)
            case StartGroup():
                return self.rate_start_group(a)
            case AddToGroup():
                return self.rate_add(a.element)
            case PlaceGroup():
                return self.rate_place_group()
            case AssignEgg():
                if s.solo:
                    return 80.0 if a.slot == self.solo_claim() else -20.0
                return 80.0 if a.slot == self.claim() else -20.0
            case AssignField():
                return 40.0 + self.field_value()[a.space]
            case RecallEgg():
                return 90.0 if self.plan.hopeless(a.slot) else -30.0
            case RecallField():
                return -10.0
            case Pass():
                return 0.0
            case Collect():
                return self.rate_collect(a.guaranteed)
            case RandomFirst():
                return -1.0
            case OfferTrade():
                return -100.0
            case TradeCancel():
                return 10.0
            case TradeAdd() | TradeSend():
                return -10.0
            case TradeAnswer():
                return self.rate_answer() if a.accept else 0.0
            case ChooseSlot():
                return self.rate_slot(a.slot)
            case ChooseSpace():
                job = s.jobs[-1] if s.jobs else None
                drawn = job.drawn if job is not None else None
                if drawn is None:
                    return 0.0
                return self.rate_scatter(a.slot, a.space, drawn)
            case ChooseCrystal():
                return self.rate_crystal(a.slot, a.element)
            case ChooseElement():
                need = self.plan.need[a.element]
                return 5.0 + 3.0 * min(need, 2.0) + (1.0 if a.element in RARE else 0.0)
            case ChooseSeat():
                return float(s.players[a.seat].stored())
            case Stop():
                return 0.0
        return 0.0

    # -------------------------------------------------------------- phase 1
    def rate_collect(self, guaranteed: bool) -> float:
        s = self.s
        if not guaranteed:
            return 5.0
        space = s.collect[0] if s.collect else None
        if space is None:
            return 6.0
        need = self.plan.need
        if need[space] > 0 or not any(need.values()):
            return 10.0
        return 4.0

    # -------------------------------------------------------------- phase 2
    def open_eggs(self) -> Iterator[tuple[int, Slot, int]]:
        """The eggs a handler may claim (tame, unclaimed, not complete): each
        slot's index, the slot and its card."""
        for i, slot in enumerate(self.s.grounds):
            if slot.card is None or slot.wild or slot.claimant is not None:
                continue
            if egg_complete(slot.card, slot.fill):
                continue
            yield i, slot, slot.card

    def claim(self) -> int | None:
        """The unclaimed egg worth claiming now, if any: fillable with what is
        stored, or (keeping a handler for the Field) missing little enough
        for the rounds left.  Best points per crystal missing."""
        if self._claim is not False:
            return self._claim
        plan = self.plan
        claimed = len(plan.eggs)
        spare_handler = claimed + 1 < plan.staff
        limit = min(plan.rounds_left, 3)
        best: int | None = None
        best_value = 0.0
        for i, slot, egg in self.open_eggs():
            missing, open_spaces = plan_egg(egg, slot.fill, dict(plan.avail))
            w = weight(missing)
            if w > 1 and not (spare_handler and w <= limit):
                continue
            value = card(egg).score / (1.0 + w + 0.3 * open_spaces)
            if value > best_value:
                best, best_value = i, value
        self._claim = best
        return best

    def forecast(self) -> dict[int, tuple[tuple[Element, ...], ...]]:
        """Solo: each egg's crystals once the Wild Forces have placed what
        they hold (their scan, as if the seat placed nothing in between)."""
        if self._forecast is not None:
            return self._forecast
        s = self.s
        wild = s.wild_forces
        grounds = [
            Slot(card=g.card, wild=g.wild, claimant=g.claimant, fill=g.fill) for g in s.grounds
        ]
        view = _Grounds(grounds)
        if wild is not None:
            for element in WILD_ORDER:
                for _ in range(wild.storage[element]):
                    target = wild_target(view, element)  # type: ignore[arg-type]
                    if target is None:
                        continue
                    slot = grounds[target.slot]
                    add_crystal(slot, target.space, element)
                    if slot.claimant is None and slot.complete:
                        slot.wild = True  # hatches in the wild: no more crystals
        self._forecast = {i: g.fill for i, g in enumerate(grounds)}
        return self._forecast

    def solo_claim(self) -> int | None:
        """Solo: the unclaimed egg worth claiming now.  The Wild Forces fill
        eggs too (claimed ones included), and an unclaimed egg they complete
        hatches in the wild: an egg their crystals complete this round is a
        dragon for nothing; otherwise points per crystal still missing."""
        if self._claim is not False:
            return self._claim
        s, plan = self.s, self.plan
        fills = self.forecast()
        rounds_left = plan.rounds_left
        net = warmth(tuple(s.players[self.me].dragons))
        for n in s.players[self.me].nursery:
            net += _temp(n.card)
        for slot in s.grounds:
            if slot.claimant == self.me and slot.card is not None and not slot.wild:
                net += _temp(slot.card)
        best: int | None = None
        best_value = 0.0
        for i, _slot, egg_id in self.open_eggs():
            egg = card(egg_id)
            after = fills[i]
            if egg_complete(egg_id, after):
                value = 1000.0 + egg.score
            else:
                missing, open_spaces = plan_egg(egg_id, after, dict(plan.avail))
                w = weight(missing)
                if w > SOLO_CLAIM_LIMIT or w > 2.0 * (rounds_left + 1):
                    continue
                worth = float(egg.score)
                if rounds_left >= 4 and any(isinstance(e, GainHandler) for e in egg.tame):
                    worth += SOLO_HANDLER_BONUS
                if rounds_left <= SOLO_BALANCE_ROUNDS:
                    t = _temp(egg_id)
                    if t and net:
                        worth += SOLO_BALANCE_BONUS if t * net < 0 else -SOLO_BALANCE_BONUS
                value = worth / (1.0 + w + 0.3 * open_spaces)
            if value > best_value:
                best, best_value = i, value
        self._claim = best
        return best

    def field_value(self) -> dict[Element, float]:
        """Each Field space by the elements it brings: this round's, then
        (a handler moves one space a round) the next two, for what the
        claimed eggs miss, or the open eggs' spaces when nothing is missed."""
        if self._field is not None:
            return self._field
        need = self.plan.need
        if not any(need.values()):
            need = dict.fromkeys(ELEMENTS, 0.0)
            for slot in self.s.grounds:
                if slot.card is None or slot.wild or slot.claimant not in (None, self.me):
                    continue
                for element in card(slot.card).spaces:
                    need[element] += 0.2
        values: dict[Element, float] = {}
        size = len(FIELD)
        for space in FIELD:
            at = FIELD_INDEX[space]
            value = need[space]
            if space != "white":
                value += 0.5 * need[FIELD[(at + 1) % size]] + 0.25 * need[FIELD[(at + 2) % size]]
            values[space] = value
        self._field = values
        return values

    # -------------------------------------------------------------- phase 3
    def own_value(
        self, slot: int, space: int, added: tuple[Element, ...], storage: dict[Element, int]
    ) -> float:
        """A placement of ``added`` on a space of the seat's own egg, by what
        the egg misses afterwards."""
        egg = self.s.grounds[slot]
        assert egg.card is not None
        fill = list(egg.fill)
        fill[space] = norm((*fill[space], *added))
        after = tuple(fill)
        if egg_complete(egg.card, after):
            return 150.0
        avail = dict(storage)
        for e in added:
            avail[e] -= 1
        missing, open_spaces = plan_egg(egg.card, after, avail)
        value = 100.0 - 10.0 * weight(missing) - 2.0 * open_spaces
        if after[space] in COMPLETIONS[card(egg.card).spaces[space]]:
            value += 8.0
        return value

    def rate_place(self, slot: int, space: int, crystals: tuple[Element, ...]) -> float:
        s = self.s
        egg = s.grounds[slot]
        assert egg.card is not None
        storage = s.players[self.me].storage
        if egg.claimant == self.me:
            return self.own_value(slot, space, crystals, storage)
        fill = list(egg.fill)
        fill[space] = norm((*fill[space], *crystals))
        after = tuple(fill)
        cost = sum(self.plan.keep_cost(storage, e) for e in crystals)
        if egg_complete(egg.card, after):
            return (-200.0 if egg.claimant is None else -150.0) - cost
        done = after[space] in COMPLETIONS[card(egg.card).spaces[space]]
        if egg.claimant is None:
            return 10.0 - cost - (2.0 if done else 0.0)
        return -8.0 - cost - (25.0 if done else 0.0)

    def rate_start_group(self, a: StartGroup) -> float:
        """A group is worth starting on the seat's own egg when the crystals
        stored fill the space with it in one placement."""
        s = self.s
        egg = s.grounds[a.slot]
        if egg.card is None or egg.claimant != self.me:
            return -60.0
        storage = s.players[self.me].storage
        element = card(egg.card).spaces[a.space]
        for rest in rests(element, egg.fill[a.space]):
            if len(rest) >= 2 and a.element in rest and _short(rest, storage) == 0:
                return self.own_value(a.slot, a.space, rest, storage) + 5.0
        return -60.0

    def _group(self) -> tuple[Element, tuple[Element, ...], bool] | None:
        s = self.s
        group = s.group
        if group is None:
            return None
        egg = s.grounds[group.slot]
        if egg.card is None:
            return None
        element = card(egg.card).spaces[group.space]
        held = norm((*egg.fill[group.space], *group.crystals))
        return element, held, egg.claimant == self.me

    def rate_add(self, e: Element) -> float:
        found = self._group()
        if found is None:
            return 0.0
        element, held, mine = found
        after = norm((*held, e))
        if not mine:
            return -10.0
        if after in COMPLETIONS[element]:
            return 10.0
        if after in HOLDABLE[element]:
            return 3.0
        return -5.0

    def rate_place_group(self) -> float:
        found = self._group()
        if found is None:
            return 0.0
        element, held, mine = found
        if not mine or held in COMPLETIONS[element]:
            return 20.0
        return 1.0

    # ---------------------------------------------------------------- trades
    def rate_answer(self) -> float:
        """Accept when what comes in is missed by the claimed eggs more than
        what goes out is counted on."""
        trade = self.s.trade
        if trade is None:
            return -1.0
        need = dict(self.plan.need)
        storage = self.s.players[self.me].storage
        gain = 0.0
        for e in trade.give:
            if need[e] > 0:
                gain += 2.0
                need[e] -= 1
            else:
                gain += 0.3
        left = dict(storage)
        for e in trade.ask:
            gain -= 3.0 if left[e] <= self.plan.allocated[e] else 0.3
            left[e] -= 1
        return 1.0 if gain > 0.5 else -1.0

    # --------------------------------------------------------------- effects
    def rate_slot(self, slot: int) -> float:
        s = self.s
        kind = s.jobs[-1].effect.kind if s.jobs else ""
        target = s.grounds[slot]
        score = card(target.card).score if target.card is not None else 0
        if kind == "claim_and_hatch":
            return 10.0 + score
        if kind == "banish_wild":
            return 1.0 + sum(1 for n in s.adjacent(slot) if s.grounds[n].claimant == self.me)
        # hatch_adjacent and the rest: the least loss
        return -1.0 - score

    def rate_scatter(self, slot: int, space: int, e: Element) -> float:
        s = self.s
        egg = s.grounds[slot]
        assert egg.card is not None
        fill = list(egg.fill)
        fill[space] = norm((*fill[space], e))
        after = tuple(fill)
        complete = egg_complete(egg.card, after)
        if egg.claimant == self.me:
            return 50.0 if complete else 20.0
        if complete:
            return -100.0 if egg.claimant is None else -50.0
        if egg.claimant is None:
            return 0.0
        return 1.0

    def rate_crystal(self, slot: int, e: Element) -> float:
        s = self.s
        kind = s.jobs[-1].effect.kind if s.jobs else ""
        owner = s.grounds[slot].claimant
        if owner == self.me:
            return -20.0
        if kind == "take_from_egg":
            base = 10.0 if owner is not None else 2.0
            return base + 2.0 * min(self.plan.need[e], 2.0)
        if kind == "destroy_elements":
            return 10.0 if owner is not None else -1.0
        return 10.0 if owner is not None else 5.0
