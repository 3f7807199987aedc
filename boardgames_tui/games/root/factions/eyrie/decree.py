"""The Eyrie's rules (Law 7) as functions over a :class:`RootState`: the
Roosts track, setup, Birdsong (Emergency Orders, Add to the Decree, A New
Roost), resolving the Decree column by column, Turmoil and the leaders.
A part of the Eyrie's rules; ``faction.py`` is the faction the shared rules ask."""

from __future__ import annotations

from typing import Final

from boardgames_tui.engine.game import Action, Event

from ... import core
from ...actions import DONE, Battle, Move
from ...core import clearing_name
from ...model import CARD_SUITS, RootState, card_of
from ...turn import advance
from .actions import AddToDecree, BuildRoost, DecreeRecruit, Turmoil
from .decisions import LeaderChoice, RoostSite
from .state import DECREE_COLUMNS, EYRIE, LEADERS, VIZIER, Eyrie, me

WARRIORS: Final = 20
ROOSTS: Final = 7
#: The Roosts track (facts, section 2): by roosts on the map (0-7), the
#: points scored each Evening (the rightmost empty space's, Law 7.6.1) and
#: the cards drawn (one plus the draw icons uncovered, 7.6.2).
ROOST_POINTS: Final[tuple[int, ...]] = (0, 0, 1, 2, 3, 4, 4, 5)
ROOST_DRAWS: Final[tuple[int, ...]] = (1, 1, 1, 2, 2, 2, 3, 3)
#: The columns (indexes of ``DECREE_COLUMNS``) each leader's viziers go to.
VIZIER_COLUMNS: Final[dict[str, tuple[int, int]]] = {
    "builder": (0, 1),
    "charismatic": (0, 2),
    "commander": (1, 2),
    "despot": (1, 3),
}
LEADER_TEXT: Final[dict[str, str]] = {
    "builder": "viziers on Recruit and Move; items crafted score in full",
    "charismatic": "viziers on Recruit and Battle; each Recruit places two warriors",
    "commander": "viziers on Move and Battle; an extra hit as attacker",
    "despot": "viziers on Move and Build; a point more for a battle that removes a building or token",
}
COLUMNS: Final = len(DECREE_COLUMNS)


def suit(card: int) -> str:
    return "bird" if card == VIZIER else card_of(card).suit


def card_text(card: int) -> str:
    return "a Loyal Vizier (bird)" if card == VIZIER else core.card_name(card)


def column_cards(eyrie: Eyrie, column: int) -> list[int]:
    """A Decree column's cards: its vizier (if the leader's) and its deck cards."""
    vizier = [VIZIER] if column in VIZIER_COLUMNS.get(eyrie.leader, ()) else []
    return vizier + eyrie.decree[column]


def birds_in_decree(eyrie: Eyrie) -> int:
    """Bird cards in the Decree, the viziers included (Law 7.7.1)."""
    return sum(suit(c) == "bird" for i in range(COLUMNS) for c in column_cards(eyrie, i))


def roosts_on_map(state: RootState) -> int:
    return core.on_map(state, "roost")


def roost_points(state: RootState) -> int:
    return ROOST_POINTS[roosts_on_map(state)]


def evening_draws(state: RootState) -> int:
    return ROOST_DRAWS[roosts_on_map(state)]


def has_roost(state: RootState, number: int) -> bool:
    return "roost" in state.clearings[number].buildings


# -------------------------------------------------------------------- setup
def place_start(state: RootState, corner: int) -> list[Event]:
    """Law 7.3.2: a roost and six warriors in the starting corner."""
    eyrie = me(state)
    eyrie.corner = corner
    core.add_building(state, corner, "roost")
    eyrie.roosts -= 1
    core.add_warriors(state, EYRIE, corner, 6)
    eyrie.warriors -= 6
    return [
        Event(text=f"The Eyrie place a roost and six warriors in {clearing_name(state, corner)}.")
    ]


def take_office(state: RootState, leader: str) -> list[Event]:
    """A leader takes office; the viziers go to its two columns."""
    eyrie = me(state)
    eyrie.leader = leader
    columns = " and ".join(DECREE_COLUMNS[i].capitalize() for i in VIZIER_COLUMNS[leader])
    return [
        Event(text=f"The {leader.capitalize()} leads the Eyrie; the Loyal Viziers go to {columns}.")
    ]


# ----------------------------------------------------------------- Birdsong
def emergency_orders(state: RootState) -> list[Event]:
    """Law 7.4.1: with no cards in hand, draw one."""
    if me(state).hand:
        return []
    return [Event(text="Emergency Orders: the Eyrie have no cards.")] + core.draw(state, EYRIE, 1)


def add_options(state: RootState) -> list[Action]:
    """Law 7.4.2: one or two cards, at most one of them a bird, to any columns."""
    eyrie = me(state)
    bird_added = any(CARD_SUITS[c] == "bird" for c in eyrie.added)
    cards = [c for c in core.distinct(eyrie.hand) if not (bird_added and CARD_SUITS[c] == "bird")]
    out: list[Action] = [a for c in cards for a in _additions(c)]
    if eyrie.added:
        out.append(DONE)
    return out


#: Each card's additions to the Decree, one per column, made once (an action
#: is a frozen value every listing may share).
_ADDITIONS: dict[int, tuple[AddToDecree, ...]] = {}


def _additions(card: int) -> tuple[AddToDecree, ...]:
    found = _ADDITIONS.get(card)
    if found is None:
        found = _ADDITIONS[card] = tuple(AddToDecree(card=card, column=i) for i in range(COLUMNS))
    return found


def add_to_decree(state: RootState, card: int, column: int) -> list[Event]:
    eyrie = me(state)
    core.take_from_hand(eyrie, card)
    eyrie.decree[column].append(card)
    eyrie.added.append(card)
    return [
        Event(
            text=lambda: (
                f"The Eyrie add {core.card_name(card)} to the Decree's "
                f"{DECREE_COLUMNS[column].capitalize()} column."
            ),
            reveals=True,
        )
    ]


def roost_sites(state: RootState) -> list[int]:
    """Law 7.4.3: the clearings with the fewest warriors where a roost and
    warriors may be placed (a free slot, no other player's ban)."""
    open_ = [
        n
        for n in state.woodland.numbers
        if core.free_slots(state, n) > 0
        and not has_roost(state, n)
        and core.may_place(state, EYRIE, n)
    ]
    if not open_:
        return []
    count = {n: sum(state.clearings[n].warriors.values()) for n in open_}
    fewest = min(count.values())
    return [n for n in open_ if count[n] == fewest]


def new_roost(state: RootState) -> list[Event]:
    """A New Roost, when no roost is on the map: by itself where one
    clearing answers, else the Eyrie choose among those that tie."""
    if roosts_on_map(state) or me(state).roosts <= 0:
        return []
    sites = roost_sites(state)
    if not sites:
        return [Event(text="A New Roost: no clearing can take a roost.")]
    if len(sites) == 1:
        return place_roost_and_warriors(state, sites[0])
    state.stack.append(RoostSite(faction=EYRIE, sites=tuple(sites)))
    return []


def place_roost_and_warriors(state: RootState, number: int) -> list[Event]:
    eyrie = me(state)
    core.add_building(state, number, "roost")
    eyrie.roosts -= 1
    n = min(3, eyrie.warriors)
    core.add_warriors(state, EYRIE, number, n)
    eyrie.warriors -= n
    return [
        Event(
            text=f"A New Roost: the Eyrie place a roost and {core.plural(n, 'warrior')} "
            f"in {clearing_name(state, number)}."
        )
    ]


# ------------------------------------------------------------------ Daylight
def resolving(state: RootState) -> bool:
    """Whether the Eyrie are resolving their Decree (no decision pending)."""
    return (
        state.turn == EYRIE
        and state.step == "resolve"
        and not state.stack
        and state.setting_up < 0
        and me(state).column < COLUMNS
    )


def next_column(eyrie: Eyrie) -> None:
    """On to the next column with cards (past the last: every one resolved)."""
    while not eyrie.todo and eyrie.column < COLUMNS:
        eyrie.column += 1
        if eyrie.column < COLUMNS:
            eyrie.todo = column_cards(eyrie, eyrie.column)


def start_resolving(state: RootState) -> list[Event]:
    eyrie = me(state)
    eyrie.column = 0
    eyrie.todo = column_cards(eyrie, 0)
    next_column(eyrie)
    return []


def _suits_left(eyrie: Eyrie) -> set[str]:
    return {suit(c) for c in eyrie.todo}


def _matching(state: RootState, suits: set[str]) -> set[int]:
    """The clearings a card of these suits matches (``core.fits`` of each
    suit, found for every clearing at once): a bird matches every clearing."""
    on_map = state.woodland.suits
    if "bird" in suits:
        return set(on_map)
    return {n for n, found in on_map.items() if found in suits}


def recruit_sites(state: RootState, suits: set[str]) -> list[int]:
    """Recruit (Law 7.5.2): a clearing with a roost matching a card left."""
    if me(state).warriors <= 0:
        return []
    matching = _matching(state, suits)
    found = [n for n in state.woodland.numbers if n in matching and has_roost(state, n)]
    # core.may_place of each, the factions that may forbid it asked once.
    return core.placeable(state, EYRIE, found)


def build_sites(state: RootState, suits: set[str]) -> list[int]:
    """Build (Law 7.5.2): a matching clearing the Eyrie rule, with no roost,
    a free slot and no ban on placing there."""
    if me(state).roosts <= 0:
        return []
    matching = _matching(state, suits)
    found = [
        n
        for n in state.woodland.numbers
        if n in matching
        and not has_roost(state, n)
        and core.free_slots(state, n) > 0
        and core.rules(state, EYRIE, n)
    ]
    # core.may_place of each, the factions that may forbid it asked once.
    return core.placeable(state, EYRIE, found)


def column_options(state: RootState, suits: set[str], column: int | None = None) -> list[Action]:
    """What cards of these suits allow in a column (the one being resolved
    unless named), in the position as it stands."""
    if column is None:
        column = me(state).column
    if column == 0:
        return [_in_clearing(DecreeRecruit, n) for n in recruit_sites(state, suits)]
    if column == 1:
        # Only the marches from a clearing a card left matches are listed.
        return list(core.moves(state, EYRIE, _matching(state, suits).__contains__))
    if column == 2:
        matching = _matching(state, suits)
        return [b for b in core.battle_actions(state, EYRIE) if b.clearing in matching]
    return [_in_clearing(BuildRoost, n) for n in build_sites(state, suits)]


#: The Decree's recruits and roosts offered, by kind and clearing, each made
#: once (an action is a frozen value every listing may share).
_IN_CLEARING: dict[tuple[type[Action], int], Action] = {}


def _in_clearing(kind: type[DecreeRecruit] | type[BuildRoost], clearing: int) -> Action:
    found = _IN_CLEARING.get((kind, clearing))
    if found is None:
        found = _IN_CLEARING[kind, clearing] = kind(clearing=clearing)
    return found


def can_be_done(state: RootState, column: int, card: int) -> bool:
    """Whether a Decree card (a deck card or ``VIZIER``) in this column could
    be carried out now, for the screen and the bots: the action its column
    asks in a clearing its suit matches."""
    return bool(column_options(state, {suit(card)}, column))


def _where(action: Action) -> int:
    if isinstance(action, Move):
        return action.origin
    assert isinstance(action, (Battle, DecreeRecruit, BuildRoost)), action
    return action.clearing


def resolve_options(state: RootState) -> list[Action]:
    """The Decree's column being resolved: an action for any card left, in
    any order, and Turmoil for each card (by suit) that cannot be done now."""
    eyrie = me(state)
    if eyrie.column >= COLUMNS:
        return []
    suits = _suits_left(eyrie)
    out = column_options(state, suits)
    on_map = state.woodland.suits
    where = {a.origin if isinstance(a, Move) else _where(a) for a in out}
    done_somewhere = {s for s in suits if any(core.fits(on_map, s, n) for n in where)}
    for s in sorted(suits - done_somewhere):
        card = next(c for c in eyrie.todo if suit(c) == s)
        out.append(Turmoil(card=card))
    return out


def spend(state: RootState, eyrie: Eyrie, number: int) -> int:
    """The card an action in this clearing resolves: one of the clearing's
    own suit if any is left (a bird, wild, is kept for later), else a bird."""
    own = core.suit_of(state, number)
    for wanted in (own, "bird"):
        for c in eyrie.todo:
            if suit(c) == wanted:
                eyrie.todo.remove(c)
                return c
    raise AssertionError(f"no card left for {clearing_name(state, number)}")


def resolve(state: RootState, action: Action) -> list[Event]:
    eyrie = me(state)
    if isinstance(action, Turmoil):
        fall = [
            Event(
                text=f"The Eyrie cannot carry out {DECREE_COLUMNS[eyrie.column].capitalize()} "
                f"with {card_text(action.card)}."
            )
        ]
        return fall + turmoil(state)
    card = spend(state, eyrie, _where(action))
    events: list[Event] = []
    short = False
    if isinstance(action, DecreeRecruit):
        wanted = 2 if eyrie.leader == "charismatic" else 1
        n = min(wanted, eyrie.warriors)
        short = n < wanted
        core.add_warriors(state, EYRIE, action.clearing, n)
        eyrie.warriors -= n
        events.append(
            Event(
                text=f"Decree, Recruit ({card_text(card)}): the Eyrie place {core.plural(n, 'warrior')} "
                f"in {clearing_name(state, action.clearing)}."
            )
        )
    elif isinstance(action, Move):
        events.append(Event(text=lambda: f"Decree, Move ({card_text(card)})."))
        events += core.do_move(state, EYRIE, action)
    elif isinstance(action, BuildRoost):
        core.add_building(state, action.clearing, "roost")
        eyrie.roosts -= 1
        events.append(
            Event(
                text=f"Decree, Build ({card_text(card)}): a roost in {clearing_name(state, action.clearing)}."
            )
        )
    next_column(eyrie)
    if short:
        # The Charismatic with one warrior left places it, then falls (FAQ).
        events.append(Event(text="The Recruit could not place both warriors."))
        return events + turmoil(state)
    if isinstance(action, Battle):
        events.append(Event(text=lambda: f"Decree, Battle ({card_text(card)})."))
        events += core.start_battle(state, EYRIE, action.clearing, action.defender)
    return events


# ------------------------------------------------------------------- Turmoil
def turmoil(state: RootState) -> list[Event]:
    """Law 7.7: humiliate, purge, depose; then Daylight ends (once the new
    leader is chosen, when there is a choice)."""
    eyrie = me(state)
    events = [Event(text="The Eyrie fall into turmoil.")]
    events += core.lose(state, EYRIE, birds_in_decree(eyrie), "turmoil")
    purged = [c for column in eyrie.decree for c in column]
    for c in purged:
        core.to_discard(state, c)
    eyrie.decree = [[] for _ in range(COLUMNS)]
    eyrie.todo = []
    eyrie.column = COLUMNS
    if purged:
        events.append(
            Event(
                text=f"Purge: {core.plural(len(purged), 'card')} of the Decree {'is' if len(purged) == 1 else 'are'} discarded."
            )
        )
    old = eyrie.leader
    eyrie.deposed.append(old)
    eyrie.leader = ""
    events.append(Event(text=f"The {old.capitalize()} is deposed."))
    if not eyrie.leaders:
        eyrie.leaders = list(LEADERS)
        eyrie.deposed = []
        events.append(Event(text="A New Clutch: every leader is face up again."))
    if len(eyrie.leaders) == 1 and not state.over:
        events += choose_leader(state, eyrie.leaders[0])
        return events + advance(state)
    if not state.over:
        state.stack.append(LeaderChoice(faction=EYRIE))
    return events


def choose_leader(state: RootState, leader: str) -> list[Event]:
    eyrie = me(state)
    eyrie.leaders.remove(leader)
    return take_office(state, leader)
