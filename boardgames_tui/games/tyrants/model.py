"""The state of a game of Tyrants of the Underdark, and what can be read off it.

Cards are held by id (``cards.card(id)`` gives the design); copies of a card
are interchangeable, so piles are plain lists of ids.  A deck's top card is
its LAST element.  Troops are held by colour: a seat index, or :data:`WHITE`.

Everything a turn still has to decide lives on ``jobs`` (the effect being
resolved, last on top; its entries are in ``pending.py``, the walk through
them in ``resolve.py``).  Site control markers follow
control, so their holders are kept in ``markers`` and refreshed the moment
control changes, between the steps of an effect (ruling R-MARKER in
``docs/rules/tyrants.md``; after every action under rules 1).
"""

from __future__ import annotations

import dataclasses
from bisect import bisect_left
from collections import Counter
from collections.abc import Mapping
from functools import lru_cache
from typing import Annotated, Any, Literal

from pydantic import Field

from boardgames_tui.engine.data import NO_CLONE, state_data
from boardgames_tui.engine.game import GameState

from . import board as bd
from .actions import TyrantsAction
from .board import Side
from .cards import HalfDeck, deck_vps, inner_circle_vps
from .pending import JOB_TYPE, ListJob

#: The colour of the neutral troops.
WHITE = -1
#: Cards in the market deck once the first six are face up (two half-decks of 40).
MARKET_DECK_START = 74
#: VP tokens in the box: 40 of 1 VP and 16 of 5 VP (facts, components).
VP_TOKENS = 40 * 1 + 16 * 5

Phase = Literal["placing", "main", "ending", "over"]
#: The troops on a space or the spies at a site, by colour.
Pieces = tuple[int, ...]


@state_data
class PlayerState:
    """A player's cards, barracks, trophy hall and what they gained this turn.

    In a view (``TyrantsGame.view``) another player's hand and deck are
    empty, their sizes are in ``hidden_hand`` and ``hidden_deck``, and the
    cards themselves, in no order, are in ``unseen``.
    """

    deck: list[str] = dataclasses.field(default_factory=list)
    hand: list[str] = dataclasses.field(default_factory=list)
    discard: list[str] = dataclasses.field(default_factory=list)
    #: Cards played this turn, in order; a card promoted or put back on its
    #: pile before the end of the turn leaves a None, so indices stay put.
    played: list[str | None] = dataclasses.field(default_factory=list)
    inner_circle: list[str] = dataclasses.field(default_factory=list)
    troops: int = bd.TROOPS_PER_PLAYER
    spies: int = bd.SPIES_PER_PLAYER
    #: Trophy hall: troops by colour (a seat index as a string, or "white").
    trophies: dict[str, int] = dataclasses.field(default_factory=dict)
    vp: int = 0
    power: int = 0
    influence: int = 0
    #: "At end of turn" effects waiting for step 1 of this turn's end.
    end_of_turn: list[ListJob] = dataclasses.field(default_factory=list)
    hidden_hand: int = 0
    hidden_deck: int = 0
    unseen: list[str] = dataclasses.field(default_factory=list)

    def hand_size(self) -> int:
        return len(self.hand) + self.hidden_hand

    def deck_size(self) -> int:
        return len(self.deck) + self.hidden_deck

    def owned(self) -> list[str]:
        """Every card in the deck, hand, discard pile and play area (not the
        inner circle): what deck VP counts."""
        played = [c for c in self.played if c is not None]
        return self.deck + self.hand + self.discard + played + self.unseen


def trophy_key(colour: int) -> str:
    return "white" if colour == WHITE else str(colour)


def trophy_colour(key: str) -> int:
    return WHITE if key == "white" else int(key)


@state_data
class TyrantsState(GameState):
    players: list[PlayerState]
    side: Side = "A"
    half_decks: tuple[HalfDeck, HalfDeck] = ("drow", "dragons")
    #: Troops on every space in play, by colour (order means nothing).  A
    #: space's troops are a tuple, replaced whenever they change
    #: (``ops.add_troop``, ``ops.remove_troop``): copies of the state share
    #: them, and a site's control is looked up by them (:func:`control_of`).
    troops: dict[str, Pieces] = dataclasses.field(default_factory=dict)
    #: Spies on every site in play, by seat (a tuple, as the troops).
    spies: dict[str, Pieces] = dataclasses.field(default_factory=dict)
    #: Who holds each site control marker in play (None: on its site).
    markers: dict[str, int | None] = dataclasses.field(default_factory=dict)
    #: Markers whose influence the player to act has had this turn.
    markers_paid: list[str] = dataclasses.field(default_factory=list)
    #: White troops of the box not on the board nor in a trophy hall.
    whites_in_box: int = 0
    market: list[str] = dataclasses.field(default_factory=list)
    market_deck: list[str] = dataclasses.field(default_factory=list)
    #: Always-available piles: card id -> copies left.
    piles: dict[str, int] = dataclasses.field(default_factory=dict)
    #: Cards devoured: out of the game, face up, the last one on top.
    devoured: list[str] = dataclasses.field(default_factory=list)
    #: Until the end of this turn the top devoured card counts as a market
    #: card (Ghost).
    devoured_open: bool = False
    vp_supply: int = VP_TOKENS
    first_player: int = 0
    current: int = 0
    round: int = 1
    phase: Phase = "placing"
    #: Seats still to place their first troop, in order.
    placing: list[int] = dataclasses.field(default_factory=list)
    jobs: list[JOB_TYPE] = dataclasses.field(default_factory=list)
    #: Why the end was triggered ("" while it is not).
    end_reason: str = ""
    #: The rules the game is played by (``options.RULES``).  Setup writes
    #: it; a snapshot saved before it existed was played by rules 1.
    rules: int = 1
    #: The actions for the decision on top, as the walk that stopped at it
    #: listed them (``resolve.run``), so that ``legal_actions`` need not
    #: list them again; None when not listed.  Every action clears it; it is
    #: neither saved nor copied nor compared.
    offered: Annotated[list[TyrantsAction] | None, Field(exclude=True)] = dataclasses.field(
        default=None, compare=False, metadata=NO_CLONE
    )
    #: A troop has moved at a site with a control marker since the markers
    #: last followed control (``ops.add_troop``, ``ops.remove_troop``): only then does
    #: ``ops.sync_markers`` look at the markers' sites again.  Neither saved
    #: nor copied nor compared: the markers follow control at the end of
    #: every action, and copies are made between actions.
    troops_moved: Annotated[bool, Field(exclude=True)] = dataclasses.field(
        default=False, compare=False, metadata=NO_CLONE
    )
    #: Each seat's :class:`Reach` as the board stands, worked out when first
    #: asked for; a troop or spy moved clears its seat's (:func:`moved`,
    #: called by ``ops``) and every seat's actions on the board.  Neither
    #: saved nor copied nor compared (typed ``Any`` for pydantic, which
    #: never reads it).
    reaches: Annotated[dict[int, Any], Field(exclude=True)] = dataclasses.field(
        default_factory=dict, compare=False, metadata=NO_CLONE
    )


# ------------------------------------------------------------------ queries
def name(state: TyrantsState, seat: int) -> str:
    return state.seats[seat].name


def colour_name(state: TyrantsState, colour: int) -> str:
    return "white" if colour == WHITE else name(state, colour)


def bmap(state: TyrantsState) -> bd.BoardMap:
    return bd.board_map(len(state.players), state.side)


def free(state: TyrantsState, space: str) -> int:
    """Empty troop spaces left at ``space``."""
    return bd.capacities()[space] - len(state.troops[space])


def has_troops_on_board(state: TyrantsState, seat: int) -> bool:
    return any(seat in occupants for occupants in state.troops.values())


class Reach:
    """Where a seat stands on the board: the spaces of its troops
    (``troops``), the sites of its spies (``spies``), where it has presence
    (``near``) and the same in the board's order (``spaces``).  Read by
    every listing of the actions and every rule-bot decision, so kept per
    seat on the state, and when a troop or spy of its own moves worked out
    again from the one before (:func:`moved`), not from the whole board."""

    __slots__ = ("board", "near", "spaces", "spies", "troops")

    def __init__(self, state: TyrantsState, seat: int) -> None:
        #: The main phase's actions on the board (``rules.BoardActions``),
        #: listed when first asked.
        self.board: Any = None
        self.troops = tuple([s for s, occ in state.troops.items() if seat in occ])
        self.spies = tuple([s for s, who in state.spies.items() if seat in who])
        self.near = bd.presence(self.troops, self.spies, len(state.players), state.side)
        self.spaces = tuple(bmap(state).in_order(self.near))

    def after(self, state: TyrantsState, space: str, change: int) -> Reach:
        """This reach once ``change`` (:data:`TROOP_JOINS` and the others)
        happened at ``space``: equal to one worked out afresh.  A piece that
        joins adds its space (and a troop's neighbours) where they fall in
        the board's order; one that leaves can only take presence away, so
        the spaces left keep their order."""
        order = bmap(state)
        rank = order.index
        troops, spies, near, spaces = self.troops, self.spies, self.near, self.spaces
        if change == TROOP_JOINS:
            troops = _inserted(troops, space, rank)
            new = [s for s in (space, *order.neighbours[space]) if s not in near]
            if new:
                near = near.union(new)
                spaces = tuple(sorted((*spaces, *new), key=rank.__getitem__))
        elif change == SPY_JOINS:
            spies = _inserted(spies, space, rank)
            if space not in near:
                near = near.union((space,))
                spaces = _inserted(spaces, space, rank)
        else:
            if change == TROOP_LEAVES:
                troops = tuple([s for s in troops if s != space])
            else:
                spies = tuple([s for s in spies if s != space])
            near = bd.presence(troops, spies, len(state.players), state.side)
            if len(near) != len(spaces):
                spaces = tuple([s for s in spaces if s in near])
        found = Reach.__new__(Reach)
        found.board = None
        found.troops, found.spies, found.near, found.spaces = troops, spies, near, spaces
        return found


def _inserted(spaces: tuple[str, ...], space: str, rank: Mapping[str, int]) -> tuple[str, ...]:
    """``spaces`` (in the board's order, ``rank``) with ``space`` put in its place."""
    at = bisect_left(spaces, rank[space], key=rank.__getitem__)
    return (*spaces[:at], space, *spaces[at:])


#: What moved (:func:`moved`): a troop onto a space where its seat had none,
#: off the last space where it had one, a spy placed, a spy returned.
TROOP_JOINS, TROOP_LEAVES, SPY_JOINS, SPY_LEAVES = range(4)


def reach(state: TyrantsState, seat: int) -> Reach:
    """``seat``'s :class:`Reach` as the board stands."""
    found: Reach | None = state.reaches.get(seat)
    if found is None:
        found = state.reaches[seat] = Reach(state, seat)
    return found


def moved(state: TyrantsState, colour: int, space: str, change: int | None) -> None:
    """A piece of ``colour`` has moved at ``space``: that seat's reach
    changes by ``change`` (None: a troop still on the space it came to or
    left, where the seat's troops were or still are, changes nothing), and
    the actions on the board (the targets and free spaces) are out of date
    for every seat with presence at ``space``, and for a seat with no troop
    on the board (which may deploy anywhere): a seat's deploys,
    assassinations and spies to return are all at spaces where it has
    presence, so a piece moved elsewhere changes none of them.  A white
    troop changes no seat's reach."""
    reaches = state.reaches
    if not reaches:
        return
    if change is not None:
        seen = reaches.get(colour)
        if seen is not None:
            reaches[colour] = seen.after(state, space, change)
    for seen in reaches.values():
        if seen.board is not None and (space in seen.near or not seen.troops):
            seen.board = None


def troop_spaces_of(state: TyrantsState, seat: int) -> tuple[str, ...]:
    """The spaces holding a troop of ``seat``, in the board's order."""
    return reach(state, seat).troops


def presence(state: TyrantsState, seat: int) -> frozenset[str]:
    """Where ``seat`` has presence: a troop or spy there, or a troop next door."""
    return reach(state, seat).near


def controller(state: TyrantsState, site: str) -> int | None:
    """The seat controlling ``site``: more troops there than any other single
    colour, white counting as a colour (ruling R-WHITE).  None for nobody."""
    return control_of(state.troops[site])


@lru_cache(maxsize=1 << 16)
def control_of(troops: Pieces) -> int | None:
    """The seat that ``troops`` (a site's, by colour) give control: see
    :func:`controller`.  Worked out once for each arrangement met (a site's
    troops change a few times a turn and are read at every step: markers
    follow control, evaluations count the sites held); a few thousand are
    met in a game, the least recently read go first."""
    counts: dict[int, int] = {}
    for colour in troops:
        counts[colour] = counts.get(colour, 0) + 1
    best, most, tied = None, 0, False
    for colour, n in counts.items():
        if n > most:
            best, most, tied = colour, n, False
        elif n == most:
            tied = True
    if tied or best == WHITE:
        return None
    return best


def total_control(state: TyrantsState, site: str, seat: int) -> bool:
    """Every troop space holds ``seat``'s troops and no other player's spy is there."""
    occupants = state.troops[site]
    if len(occupants) != bd.capacities()[site] or any(c != seat for c in occupants):
        return False
    return all(s == seat for s in state.spies[site])


def sites_controlled(state: TyrantsState, seat: int) -> list[str]:
    return [s for s in bmap(state).sites if controller(state, s) == seat]


def sites_totally_controlled(state: TyrantsState, seat: int) -> list[str]:
    return [s for s in bmap(state).sites if total_control(state, s, seat)]


def trophies_of(p: PlayerState, white: bool) -> int:
    return sum(n for k, n in p.trophies.items() if (k == "white") == white)


def tally(state: TyrantsState, seat: int, what: str) -> int:
    """The things a card counts (``effects.Tally``)."""
    p = state.players[seat]
    if what == "sites_controlled":
        return len(sites_controlled(state, seat))
    if what == "sites_totally_controlled":
        return len(sites_totally_controlled(state, seat))
    if what == "control_markers":
        return sum(1 for holder in state.markers.values() if holder == seat)
    if what == "inner_circle_cards":
        return len(p.inner_circle)
    if what == "white_trophies":
        return trophies_of(p, white=True)
    if what == "player_trophies":
        return trophies_of(p, white=False)
    if what == "trophies":
        return sum(p.trophies.values())
    if what == "spies_placed":
        return sum(who.count(seat) for who in state.spies.values())
    raise ValueError(f"unknown tally {what!r}")


def board_vp(state: TyrantsState) -> tuple[list[int], list[int]]:
    """Every seat's site VP (for each site it controls) and the number of
    sites it controls totally."""
    sites = [0] * len(state.players)
    totals = [0] * len(state.players)
    troops, spies, capacity, vp = state.troops, state.spies, bd.capacities(), bd.site_vps()
    for s in bmap(state).sites:
        occupants = troops[s]
        seat = control_of(occupants)
        if seat is not None:
            sites[seat] += vp[s]
            count = len(occupants)
            if count == capacity[s] and occupants.count(seat) == count:
                spied = spies[s]
                if spied.count(seat) == len(spied):
                    totals[seat] += 1
    return sites, totals


def deck_vp(p: PlayerState) -> int:
    """The deck VP of every card ``p`` owns (:meth:`PlayerState.owned`)."""
    vp = deck_vps()
    found = sum(map(vp.__getitem__, p.deck)) + sum(map(vp.__getitem__, p.hand))
    found += sum(map(vp.__getitem__, p.discard)) + sum(map(vp.__getitem__, p.unseen))
    return found + sum(vp[c] for c in p.played if c is not None)


def inner_circle_vp(p: PlayerState) -> int:
    return sum(map(inner_circle_vps().__getitem__, p.inner_circle))


def breakdowns(state: TyrantsState) -> list[dict[str, int]]:
    """Final scoring for every seat: site VP for each site controlled, +2 per
    site totally controlled, 1 per troop in the trophy hall, deck VP of every
    card owned (deck, hand, discard), inner-circle VP, VP tokens."""
    sites, totals = board_vp(state)
    return [
        {
            "sites": sites[seat],
            "total control": 2 * totals[seat],
            "trophies": sum(p.trophies.values()),
            "deck": deck_vp(p),
            "inner circle": inner_circle_vp(p),
            "tokens": p.vp,
        }
        for seat, p in enumerate(state.players)
    ]


def score_breakdown(state: TyrantsState, seat: int) -> dict[str, int]:
    return breakdowns(state)[seat]


def scores(state: TyrantsState) -> list[int]:
    """Every seat's total of :func:`breakdowns` (without its parts: the
    evaluations read it at every step of a search)."""
    sites, totals = board_vp(state)
    return [
        sites[seat]
        + 2 * totals[seat]
        + sum(p.trophies.values())
        + deck_vp(p)
        + inner_circle_vp(p)
        + p.vp
        for seat, p in enumerate(state.players)
    ]


def game_left(state: TyrantsState) -> float:
    """About how much of the game is still to come, 1 to 0: the market deck
    left, or the troops left in the emptiest barracks (either running out
    ends the game), whichever is nearer its end."""
    market = len(state.market_deck) / MARKET_DECK_START
    troops = min(p.troops for p in state.players) / (bd.TROOPS_PER_PLAYER - 1)
    return max(0.0, min(1.0, market, troops))


# ------------------------------------------------------------ conservation
def inventory(state: TyrantsState) -> dict[str, int]:
    """Every component counted where it lies; constant over a game
    (``box(state)`` gives the totals)."""
    counts: dict[str, int] = {"vp": state.vp_supply, "white": state.whites_in_box}
    for seat, p in enumerate(state.players):
        counts[f"troops {seat}"] = counts.get(f"troops {seat}", 0) + p.troops
        counts[f"spies {seat}"] = p.spies
        counts["vp"] += p.vp
        for key, n in p.trophies.items():
            colour = trophy_colour(key)
            tag = "white" if colour == WHITE else f"troops {colour}"
            counts[tag] = counts.get(tag, 0) + n
    for occupants in state.troops.values():
        for colour in occupants:
            tag = "white" if colour == WHITE else f"troops {colour}"
            counts[tag] = counts.get(tag, 0) + 1
    for who in state.spies.values():
        for seat in who:
            counts[f"spies {seat}"] += 1
    return counts


def all_cards(state: TyrantsState) -> Counter[str]:
    """Every card wherever it lies, with the piles' copies."""
    found: Counter[str] = Counter(state.market)
    found.update(state.market_deck)
    found.update(state.devoured)
    for card_id, n in state.piles.items():
        found[card_id] += n
    for p in state.players:
        found.update(p.owned())
        found.update(p.inner_circle)
    return found
