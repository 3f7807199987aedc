"""The small moves every rule and effect is made of: drawing, refilling the
market, deploying, assassinating, returning, spies, promoting, devouring, VP.

Each returns the events it caused.  None of them checks legality: the rules
(``rules.py``) and the interpreter (``resolve.py``) offer only what is allowed.
"""

from __future__ import annotations

from boardgames_tui.engine.game import Event

from . import board as bd
from . import said
from .cards import MARKET_SIZE, card
from .model import (
    SPY_JOINS,
    SPY_LEAVES,
    TROOP_JOINS,
    TROOP_LEAVES,
    WHITE,
    Pieces,
    TyrantsState,
    colour_name,
    control_of,
    moved,
    name,
    total_control,
    trophy_key,
)

# ------------------------------------------------------------------ words
#: A site's name, or a route space in words (``said.space_name``).
space_name = said.space_name


def card_name(card_id: str) -> str:
    return card(card_id).name


_plural = said.plural


# ------------------------------------------------------------ game end
def trigger_end(state: TyrantsState, reason: str) -> list[Event]:
    """The end is triggered: the round finishes, then the game ends."""
    if state.end_reason:
        return []
    state.end_reason = reason
    return [Event(text=f"The end is near: {reason}. The round is finished, then the game ends.")]


# --------------------------------------------------------------- cards
def draw(state: TyrantsState, seat: int, count: int) -> list[Event]:
    """Draw ``count`` cards, shuffling the discard pile into the deck when it
    runs out; fewer when both are empty."""
    events: list[Event] = []
    draw_into(state, seat, count, events)
    return events


def draw_into(state: TyrantsState, seat: int, count: int, events: list[Event]) -> None:
    """:func:`draw`, its events added to ``events`` (every turn's end draws)."""
    p = state.players[seat]
    deck = p.deck
    if 0 < count <= len(deck):
        # Enough cards: the top ``count``, the top one first, at once.
        p.hand += deck[: -count - 1 : -1]
        del deck[-count:]
        events.append(said.draws(state.seats[seat].name, count, seat))
        return
    drawn = 0
    while drawn < count:
        if not deck:
            if not p.discard:
                break
            deck = p.deck = p.discard
            p.discard = []
            state.rng.shuffle(deck)
            events.append(said.shuffles(state.seats[seat].name, seat))
        # What the deck holds of the rest, the top one first, at once.
        take = min(count - drawn, len(deck))
        p.hand += deck[: -take - 1 : -1]
        del deck[-take:]
        drawn += take
    if drawn:
        events.append(said.draws(state.seats[seat].name, drawn, seat))


def refill_market(state: TyrantsState) -> list[Event]:
    """Fill the market back to six from the market deck; the end is
    triggered when the market deck runs out (ruling R-MARKET-END)."""
    events: list[Event] = []
    while len(state.market) < MARKET_SIZE and state.market_deck:
        new = state.market_deck.pop()
        state.market.append(new)
        events.append(said.turned(new))
    if not state.market_deck:
        events += trigger_end(state, "the market deck has run out")
    return events


def _marker_moved(site: str, who: str | None, seat: int | None) -> Event:
    """The event of a control marker taken by ``who`` (at ``seat``), or put
    back on its site (None)."""
    if who is None:
        return Event(text=lambda: f"The {bd.site(site).name} control marker goes back to its site.")
    return Event(text=lambda: f"{who} takes the {bd.site(site).name} control marker.", seat=seat)


def to_inner_circle(state: TyrantsState, seat: int, card_id: str) -> list[Event]:
    """Promote: the card joins the inner circle (an Insane Outcast goes back
    to its pile instead)."""
    who = state.seats[seat].name
    if card(card_id).back_to_supply:
        state.piles[card_id] = state.piles.get(card_id, 0) + 1
        return [
            Event(
                text=lambda: f"{who} promotes {card_name(card_id)}: it goes back to its pile.",
                seat=seat,
            )
        ]
    state.players[seat].inner_circle.append(card_id)
    return [
        Event(
            text=lambda: f"{who} promotes {card_name(card_id)} to their inner circle.",
            seat=seat,
        )
    ]


def devour(state: TyrantsState, seat: int, card_id: str, where: str) -> list[Event]:
    """Remove a card from the game (an Insane Outcast goes back to its pile)."""
    if card(card_id).back_to_supply:
        state.piles[card_id] = state.piles.get(card_id, 0) + 1
    else:
        state.devoured.append(card_id)
    who = state.seats[seat].name
    return [Event(text=lambda: f"{who} devours {card_name(card_id)} from {where}.", seat=seat)]


def give_outcast(state: TyrantsState, giver: int, taker: int) -> list[Event]:
    """An Insane Outcast from its pile into the taker's discard pile (none
    when the pile is empty)."""
    if state.piles.get("insane-outcast", 0) <= 0:
        return [Event(text="The Insane Outcast pile is empty.", seat=giver)]
    state.piles["insane-outcast"] -= 1
    state.players[taker].discard.append("insane-outcast")
    return [
        Event(
            text=f"{name(state, taker)} puts an Insane Outcast into their discard pile.", seat=giver
        )
    ]


def gain_vp(state: TyrantsState, seat: int, amount: int, why: str) -> list[Event]:
    if amount <= 0:
        return []
    state.players[seat].vp += amount
    state.vp_supply -= amount
    who = state.seats[seat].name
    return [Event(text=lambda: f"{who} gains {amount} VP {why}.", seat=seat)]


# ---------------------------------------------------------------- board
def deploy(state: TyrantsState, seat: int, space: str) -> list[Event]:
    """A troop from the barracks onto ``space``; with an empty barracks 1 VP
    instead (facts: "deploy with empty barracks: gain 1 VP instead")."""
    p = state.players[seat]
    if p.troops == 0:
        return gain_vp(state, seat, 1, "instead of deploying (empty barracks)")
    p.troops -= 1
    add_troop(state, space, seat)
    who = state.seats[seat].name
    events = [said.deploys(who, space, seat)]
    if p.troops == 0:
        events += trigger_end(state, f"{name(state, seat)} deployed their last troop")
    return events


def add_troop(state: TyrantsState, space: str, colour: int) -> None:
    """A troop of ``colour`` onto ``space`` (its troops are replaced: the
    tuples are shared with copies of the state)."""
    here = state.troops[space]
    state.troops[space] = here + (colour,)
    moved(state, colour, space, None if colour in here else TROOP_JOINS)
    if space in state.markers:
        state.troops_moved = True


def remove_troop(state: TyrantsState, space: str, colour: int) -> None:
    """A troop of ``colour`` off ``space`` (the first of that colour)."""
    left = state.troops[space] = without(state.troops[space], colour)
    moved(state, colour, space, None if colour in left else TROOP_LEAVES)
    if space in state.markers:
        state.troops_moved = True


def without(pieces: Pieces, colour: int) -> Pieces:
    """``pieces`` less the first of ``colour`` (ValueError when none is there)."""
    at = pieces.index(colour)
    return pieces[:at] + pieces[at + 1 :]


def assassinate(state: TyrantsState, seat: int, space: str, colour: int) -> list[Event]:
    remove_troop(state, space, colour)
    hall = state.players[seat].trophies
    key = trophy_key(colour)
    hall[key] = hall.get(key, 0) + 1
    who = state.seats[seat].name
    whom = "a white troop" if colour == WHITE else f"a troop of {name(state, colour)}"
    return [Event(text=lambda: f"{who} assassinates {whom} at {space_name(space)}.", seat=seat)]


def return_troop(state: TyrantsState, seat: int, space: str, colour: int) -> list[Event]:
    remove_troop(state, space, colour)
    state.players[colour].troops += 1
    who, whose = state.seats[seat].name, state.seats[colour].name
    return [
        Event(
            text=lambda: (
                f"{who} returns a troop of {whose} from {space_name(space)} to its barracks."
            ),
            seat=seat,
        )
    ]


def place_spy(state: TyrantsState, seat: int, site: str) -> list[Event]:
    state.players[seat].spies -= 1
    here = state.spies[site]
    state.spies[site] = here + (seat,)
    moved(state, seat, site, None if seat in here else SPY_JOINS)
    who = state.seats[seat].name
    return [Event(text=lambda: f"{who} places a spy at {space_name(site)}.", seat=seat)]


def return_spy(state: TyrantsState, seat: int, site: str, owner: int) -> list[Event]:
    left = state.spies[site] = without(state.spies[site], owner)
    moved(state, owner, site, None if owner in left else SPY_LEAVES)
    state.players[owner].spies += 1
    who = state.seats[seat].name
    whose = "their own spy" if owner == seat else f"a spy of {name(state, owner)}"
    return [Event(text=lambda: f"{who} returns {whose} from {space_name(site)}.", seat=seat)]


def move_troop(state: TyrantsState, seat: int, start: str, colour: int, end: str) -> list[Event]:
    remove_troop(state, start, colour)
    add_troop(state, end, colour)
    who, whose = state.seats[seat].name, colour_name(state, colour)
    return [
        Event(
            text=lambda: (
                f"{who} moves a {whose} troop from {space_name(start)} to {space_name(end)}."
            ),
            seat=seat,
        )
    ]


# -------------------------------------------------------------- markers
def sync_markers(state: TyrantsState, turn_starts: bool = False) -> list[Event]:
    """Markers follow control: "take the marker when you gain control (from
    map or previous holder); return it to the map when control becomes tied".
    The player to act gains a marker's influence once a turn, at once when
    they take it during their turn (facts: "starts immediately on the turn
    you take it").  Control changes only when a troop moves
    (``state.troops_moved``), and a marker is owed influence only when it
    changes hands or a turn starts (``turn_starts``): otherwise there is
    nothing to look at (at a turn's start with no troop moved, the markers
    already follow control: every action ends here).  Only a troop moved at
    a site with a marker counts: control elsewhere moves no marker."""
    events: list[Event] = []
    moved = state.troops_moved
    if not moved and not turn_starts:
        return events
    state.troops_moved = False
    changed = False
    troops = state.troops
    for site, holder in state.markers.items() if moved else ():
        now = control_of(troops[site])
        if now != holder:
            changed = True
            state.markers[site] = now
            events.append(_marker_moved(site, None if now is None else name(state, now), now))
    if (changed or turn_starts) and state.phase in ("main", "ending"):
        seat = state.current
        for site, holder in state.markers.items():
            if holder == seat and site not in state.markers_paid:
                state.markers_paid.append(site)
                gain = bd.marker_value(site, total_control(state, site, seat)).influence
                state.players[seat].influence += gain
                events.append(said.marker_paid(state.seats[seat].name, gain, site, seat))
    return events
