"""The Corvids' plot tokens (Law 13.2.2, 13.4.2, 13.5.2, 13.5.4, 13.7):
placing one face down, flipping one and its flip effect (a bomb, an
extortion), the snare's hold on enemies, the raid's warriors when a raid is
removed, swapping two by a Trick, and an enemy's Exposure (13.2.4) with
its window."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import replace

from boardgames_tui.engine.game import Action, Event

from ... import core
from ...actions import DECLINE, Decline
from ...events import PiecesRemoved, announce
from ...faction import FACTIONS
from ...model import RootState, card_of
from .actions import Expose, FlipPlot, PlacePlot, PlaceWarrior, Trick
from .decisions import CorvidWarriors, ExposureChance
from .state import CORVIDS, FACE_DOWN, PLOTS, face_up, me, plot_at


def _at(state: RootState, clearing: int) -> str:
    return core.clearing_name(state, clearing)


# --------------------------------------------------------------- placing
def plot_cost(state: RootState) -> int:
    """The next plot's warriors: one, plus one per plot placed this turn."""
    return 1 + me(state).placed


def plot_options(state: RootState) -> list[PlacePlot]:
    """Plot (13.5.2): in a clearing with no plot token, where they may place
    and have the warriors the cost asks, a type still in the supply."""
    corvids = me(state)
    kinds = sorted(set(corvids.supply))
    if not kinds:
        return []
    cost = plot_cost(state)
    return [
        PlacePlot(clearing=n, plot=k)
        for n in state.woodland.numbers
        if core.warriors(state, CORVIDS, n) >= cost
        and plot_at(state, n) is None
        and core.may_place(state, CORVIDS, n)
        for k in kinds
    ]


def place_plot(state: RootState, action: PlacePlot) -> list[Event]:
    corvids = me(state)
    cost = plot_cost(state)
    events = core.remove_warriors(state, CORVIDS, action.clearing, cost, CORVIDS)
    corvids.supply.remove(action.plot)
    corvids.plots[action.clearing] = action.plot
    corvids.placed += 1
    state.clearings[action.clearing].add_token(FACE_DOWN)
    return [
        Event(
            text=f"The Corvids remove {core.plural(cost, 'warrior')} to place a face-down "
            f"plot in {_at(state, action.clearing)}."
        ),
        *events,
    ]


# --------------------------------------------------------------- flipping
def flip_options(state: RootState) -> list[FlipPlot]:
    """Flip Plots (13.4.2): a face-down plot in a clearing with a Corvid warrior."""
    places = state.clearings
    return [
        FlipPlot(clearing=n)
        for n in sorted(me(state).plots)
        if FACE_DOWN in places[n].tokens and places[n].warriors.get(CORVIDS)
    ]


def flip(state: RootState, clearing: int) -> list[Event]:
    """Turn the plot face up, score one point per face-up plot on the map
    (the new one included), then its flip effect."""
    kind = me(state).plots.pop(clearing)
    place = state.clearings[clearing]
    place.remove_token(FACE_DOWN)
    place.add_token(kind)
    events = [Event(text=f"The Corvids flip the plot in {_at(state, clearing)}: a {kind}.")]
    events += core.gain(state, CORVIDS, face_up(state), "flipping plots")
    if state.over:
        return events
    if kind == "bomb":
        events += bomb(state, clearing)
    elif kind == "extortion":
        events += extort(state, clearing)
    return events


def bomb(state: RootState, clearing: int) -> list[Event]:
    """Remove every enemy piece there (a point per building or token), then
    the bomb itself (back to the supply); what the removals set off follows."""
    events = [Event(text=f"The bomb goes off in {_at(state, clearing)}.")]
    events += core.remove_enemy_pieces(state, CORVIDS, clearing)
    if state.over:
        return events
    state.clearings[clearing].remove_token("bomb")
    events += announce(
        state, PiecesRemoved(faction=CORVIDS, place=clearing, piece="bomb", by=CORVIDS)
    )
    return events + core.flush(state)


def extort(state: RootState, clearing: int) -> list[Event]:
    """A card at random from each enemy with faction pieces there."""
    corvids = me(state)
    events: list[Event] = []
    two = len(state.players) == 2
    for enemy in core.enemies(state, CORVIDS):
        victim = state.player(enemy)
        if not victim.hand or not core.has_pieces(state, enemy, clearing):
            continue
        card = victim.hand[state.rng.randbelow(len(victim.hand))]
        core.take_from_hand(victim, card)
        corvids.hand.append(card)
        if two:
            corvids.known.append(card)
        else:
            corvids.seen_by.setdefault(enemy, []).append(card)
        events.append(
            Event(
                text=f"Extortion: the Corvids take a card at random from the {core.name(enemy)}.",
                reveals=True,
            )
        )
    return events


# ------------------------------------------------------------- the snare
def snared(state: RootState, clearing: int) -> bool:
    """A face-up snare there (13.7.2)."""
    return "snare" in state.clearings[clearing].tokens


# --------------------------------------------------------------- removal
def removed(state: RootState, e: PiecesRemoved) -> list[Event]:
    """A plot of theirs leaves the map: back to the supply; a raid (face up
    or down, but not by Exposure, which has taken it back already) places a
    warrior in each adjacent clearing (13.7.4)."""
    if e.faction != CORVIDS or not e.piece:
        return []
    corvids = me(state)
    if e.piece == FACE_DOWN:
        found = corvids.plots.pop(e.place, None)
        if found is None:
            return []
        kind = found
    elif e.piece in PLOTS:
        kind = e.piece
    else:
        return []
    corvids.supply.append(kind)
    corvids.supply.sort()
    if kind != "raid" or not core.on_the_map(state, e.place):
        return []
    spots = tuple(
        n for n in sorted(state.woodland.neighbours(e.place)) if core.may_place(state, CORVIDS, n)
    )
    head = f"The plot removed from {_at(state, e.place)} was a raid"
    return [Event(text=f"{head}."), *place_warriors(state, spots, "raid")]


def place_warriors(state: RootState, spots: tuple[int, ...], why: str) -> list[Event]:
    """A warrior in each of the clearings; when the supply is short, the
    Corvids choose where the ones they have go."""
    corvids = me(state)
    if not spots:
        return []
    if corvids.warriors >= len(spots):
        return put(state, spots)
    if corvids.warriors <= 0:
        return [Event(text="The Corvids have no warriors left to place.")]
    state.stack.append(
        CorvidWarriors(faction=CORVIDS, count=corvids.warriors, spots=spots, why=why)
    )
    return []


def put(state: RootState, spots: tuple[int, ...]) -> list[Event]:
    corvids = me(state)
    for n in spots:
        core.add_warriors(state, CORVIDS, n, 1)
        corvids.warriors -= 1
    names = ", ".join(_at(state, n) for n in spots)
    return [Event(text=f"The Corvids place {core.plural(len(spots), 'warrior')}: {names}.")]


def warrior_options(state: RootState, p: CorvidWarriors) -> list[Action]:
    return [PlaceWarrior(clearing=n) for n in p.spots]


def warrior_chosen(state: RootState, p: CorvidWarriors, action: Action) -> list[Event]:
    assert isinstance(action, PlaceWarrior)
    clearing = action.clearing
    events = put(state, (clearing,))
    spots = tuple(n for n in p.spots if n != clearing)
    count = p.count - 1
    if count <= 0 or not spots or me(state).warriors <= 0:
        state.stack.pop()
    elif count >= len(spots):
        state.stack.pop()
        events += put(state, spots)
    else:
        state.stack[-1] = replace(p, count=count, spots=spots)
    return events


# ----------------------------------------------------------------- trick
def trick_options(state: RootState) -> list[Trick]:
    """Trick (13.5.4): two plots on the map, both face up or both face down."""
    places = state.clearings
    down = sorted(n for n in state.woodland.numbers if FACE_DOWN in places[n].tokens)
    up = sorted(n for n in state.woodland.numbers if any(t in PLOTS for t in places[n].tokens))
    out: list[Trick] = []
    for group in (down, up):
        out += [Trick(first=a, second=b) for i, a in enumerate(group) for b in group[i + 1 :]]
    return out


def trick(state: RootState, action: Trick) -> list[Event]:
    a, b = action.first, action.second
    corvids = me(state)
    first, second = plot_at(state, a), plot_at(state, b)
    assert first is not None and second is not None
    if first == FACE_DOWN:
        corvids.plots[a], corvids.plots[b] = corvids.plots[b], corvids.plots[a]
        how = "face-down"
    else:
        state.clearings[a].remove_token(first)
        state.clearings[b].remove_token(second)
        state.clearings[a].add_token(second)
        state.clearings[b].add_token(first)
        how = "face-up"
    return [
        Event(
            text=f"Trick: the Corvids swap the {how} plots in {_at(state, a)} and {_at(state, b)}."
        )
    ]


# -------------------------------------------------------------- exposure
def exposable(state: RootState, enemy: int) -> list[int]:
    """The clearings with a face-down plot where ``enemy`` has faction pieces."""
    places = state.clearings
    return [
        n
        for n in state.woodland.numbers
        if FACE_DOWN in places[n].tokens and core.has_pieces(state, enemy, n)
    ]


def open_window(
    state: RootState, when: str, near: Collection[int] | None = None, at: int | None = None
) -> list[Event]:
    """Each enemy with pieces in a clearing holding a face-down plot may
    expose (the first in turn order after the Corvids decides first);
    ``near``: only those with pieces in one of these clearings (a window
    after an action, for the enemies the action gave a new chance).  The
    chances go on top of the stack, or at ``at`` (beneath what the action
    set off, so that they come once it is over, Law 1.4.2)."""
    if CORVIDS not in state.factions:
        return []
    found = [
        e
        for e in core.enemies(state, CORVIDS)
        if exposable(state, e) and (near is None or any(core.has_pieces(state, e, n) for n in near))
    ]
    chances = [ExposureChance(faction=e, when=when) for e in reversed(found)]
    if at is None:
        state.stack.extend(chances)
    else:
        state.stack[at:at] = chances
    return []


def window_after(state: RootState, action: Action, at: int) -> list[Event]:
    """The window a Corvid action opens (docs/rules/root.md,
    R-CORVID-EXPOSURE): a plot placed or two face-down plots swapped, for
    the enemies there; a plot flipped while another they could flip is
    still face down, for the enemies where those are."""
    if state.over:
        return []
    places = state.clearings
    if isinstance(action, PlacePlot):
        return open_window(state, "plot", (action.clearing,), at)
    if isinstance(action, Trick) and FACE_DOWN in places[action.first].tokens:
        return open_window(state, "trick", (action.first, action.second), at)
    if isinstance(action, FlipPlot):
        next_flips = [a.clearing for a in flip_options(state)]
        if next_flips:
            return open_window(state, "flip", next_flips, at)
    return []


def expose_options(state: RootState, p: ExposureChance) -> list[Action]:
    hand = core.distinct(c for c in state.player(p.faction).hand if c >= 0)
    out: list[Action] = [
        Expose(clearing=n, card=c, plot=k)
        for n in exposable(state, p.faction)
        for c in hand
        if core.matches(state, card_of(c).suit, n)
        for k in PLOTS
    ]
    return [*out, DECLINE]


def expose(state: RootState, p: ExposureChance, action: Action) -> list[Event]:
    guesser = p.faction
    if isinstance(action, Decline):
        state.stack.pop()
        return []
    assert isinstance(action, Expose)
    corvids = me(state)
    player = state.player(guesser)
    two = len(state.players) == 2
    at = _at(state, action.clearing)
    events = [
        Event(
            text=f"Exposure: {core.the(guesser, 'shows')} the Corvids a card and "
            f"{'name' if FACTIONS[guesser].plural else 'names'} the plot in {at} a {action.plot}."
        )
    ]
    if corvids.plots.get(action.clearing) == action.plot:
        # Right: the plot is removed (a point) and its effect ignored.
        corvids.plots.pop(action.clearing)
        corvids.supply.append(action.plot)
        corvids.supply.sort()
        seen = player.known if two else player.seen_by.setdefault(CORVIDS, [])
        if action.card not in seen:
            seen.append(action.card)
        events.append(Event(text=f"Right: {core.the(guesser, 'removes')} the {action.plot}."))
        events += core.remove_piece(state, CORVIDS, action.clearing, FACE_DOWN, guesser)
        events += core.flush(state)
    else:
        core.take_from_hand(player, action.card)
        corvids.hand.append(action.card)
        if two:
            corvids.known.append(action.card)
        else:
            corvids.seen_by.setdefault(guesser, []).append(action.card)
        events.append(
            Event(
                text=f"Wrong: {core.the(guesser, 'gives')} the Corvids the card "
                f"{'they' if FACTIONS[guesser].plural else 'it'} showed."
            )
        )
    if not state.over and state.stack and state.stack[-1] == p and not exposable(state, guesser):
        state.stack.pop()
    return events
