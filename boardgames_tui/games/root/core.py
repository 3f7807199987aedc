"""The core rules of the Woodland as functions over a :class:`RootState`: rule
of a clearing, placing and moving pieces, drawing and discarding, scoring,
taking hits and removing pieces (with the Field Hospitals and Price of Failure
triggers they set off), crafting, and every step of a battle.

The functions change the state in place and return the events to log.  A
decision that interrupts them (the pieces to remove, an ambush) is pushed on
``state.stack`` as a :class:`Pending`; the turn driver (``flow.py``) asks for it
and calls back here.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from itertools import combinations_with_replacement
from typing import Final

from boardgames_tui.engine.game import Event

from .actions import Battle as BattleAction
from .actions import Craft, Move
from .cards import (
    AmbushEffect,
    DominanceEffect,
    FavorEffect,
    ItemEffect,
    deck,
)
from .factions.base import FACTIONS, OWNER
from .model import (
    BURROW,
    HIDDEN,
    WIN_VP,
    Battle,
    Pending,
    Player,
    RootState,
    card_of,
)
from .woodland import SUITS, autumn

WOODLAND: Final = autumn()
CLEARINGS: Final[tuple[int, ...]] = WOODLAND.numbers
CLEARING_SET: Final[frozenset[int]] = frozenset(CLEARINGS)


def plural(count: int, word: str) -> str:
    """``1 point``, ``2 points``: a count and its noun."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def name(number: int) -> str:
    """A faction's short name ("Marquise")."""
    return FACTIONS[number].short


def clearing_name(number: int) -> str:
    if number == BURROW:
        return "the Burrow"
    c = WOODLAND.clearing(number)
    return f"{c.name} ({c.number}, {c.suit})"


def card_name(number: int) -> str:
    if number == HIDDEN:
        return "a face-down card"
    c = card_of(number)
    return f"{c.name} ({c.suit})"


def enemies(state: RootState, number: int) -> list[int]:
    """The other factions at the table, in turn order after this one (every
    other player is an enemy: there are no coalitions without the Vagabond)."""
    seats = state.players
    i = state.seat(number)
    return [seats[(i + k) % len(seats)].faction for k in range(1, len(seats))]


# ------------------------------------------------------------------ the map
def neighbours(state: RootState, number: int, place: int) -> frozenset[int]:
    """Where a faction may step from a place: along paths, or as its module
    says (the Duchy also between the Burrow and each tunnel, 12.2.2)."""
    return FACTIONS[number].neighbours(state, place)


def suit_of(number: int) -> str | None:
    return WOODLAND.suit_of(number)


def matches(card_suit: str, number: int) -> bool:
    """Whether a card of this suit matches a clearing: its own suit, or a bird
    card (wild) for any clearing with a suit.  The Burrow has no suit, so no
    card matches it."""
    clearing_suit = suit_of(number)
    if clearing_suit is None:
        return False
    return card_suit == "bird" or card_suit == clearing_suit


def warriors(state: RootState, number: int, place: int) -> int:
    return state.clearings[place].warriors.get(number, 0)


def add_warriors(state: RootState, number: int, place: int, n: int) -> None:
    state.clearings[place].set_warriors(number, warriors(state, number, place) + n)


def buildings_of(state: RootState, number: int, place: int) -> list[str]:
    kinds = FACTIONS[number].building_kinds
    return [b for b in state.clearings[place].buildings if b in kinds]


def tokens_of(state: RootState, number: int, place: int) -> list[str]:
    kinds = FACTIONS[number].token_kinds
    return [t for t in state.clearings[place].tokens if t in kinds]


def has_pieces(state: RootState, number: int, place: int) -> bool:
    c = state.clearings[place]
    if number in c.warriors:
        return True
    fac = FACTIONS[number]
    if c.buildings:
        kinds = fac.building_kinds
        if any(b in kinds for b in c.buildings):
            return True
    if c.tokens:
        kinds = fac.token_kinds
        return any(t in kinds for t in c.tokens)
    return False


def on_map(state: RootState, building: str) -> int:
    return sum(state.clearings[n].buildings.count(building) for n in CLEARINGS)


def tokens_on_map(state: RootState, token: str) -> int:
    return sum(state.clearings[n].tokens.count(token) for n in CLEARINGS)


def free_slots(state: RootState, number: int) -> int:
    if number not in CLEARING_SET:
        return 0
    used = len(state.clearings[number].buildings)
    return WOODLAND.open_slots_at_setup(number) - used


def ruler(state: RootState, number: int) -> int | None:
    """Who rules a clearing (Law 2.5): the most warriors plus buildings there;
    a tie (or nobody) rules nobody, unless one of the tied has Lords of the
    Forest; a place off the map is ruled by the faction whose place it is
    (the Duchy's Burrow, 12.2.2)."""
    if number not in CLEARING_SET:
        for p in state.players:
            if number in FACTIONS[p.faction].off_map:
                return p.faction
        return None
    c = state.clearings[number]
    score = c.warriors
    if c.buildings:
        score = score.copy()
        for b in c.buildings:
            owner = OWNER.get(b)
            if owner is not None:
                score[owner] = score.get(owner, 0) + 1
    n = len(score)
    if n < 2:
        # One faction's pieces at most (a count is never 0).
        for f in score:
            return f
        return None
    if n == 2:
        (f, x), (g, y) = score.items()
        if x != y:
            return f if x > y else g
        top = [f, g]
    else:
        best = max(score.values())
        top = [f for f, v in score.items() if v == best]
        if len(top) == 1:
            return top[0]
    lords = [f for f in top if FACTIONS[f].wins_ties]
    return lords[0] if len(lords) == 1 else None


def rules(state: RootState, number: int, place: int) -> bool:
    return ruler(state, place) == number


def ruled(state: RootState, number: int) -> list[int]:
    """The clearings a faction rules (the Duchy's include the Burrow)."""
    found = [n for n in CLEARINGS if rules(state, number, n)]
    found += FACTIONS[number].off_map
    return found


def may_place(state: RootState, number: int, place: int) -> bool:
    """Whether a faction may place pieces there: a place off the map only
    its own (the Burrow), a clearing unless another faction forbids it (the
    keep's clearing, 6.2.1)."""
    if place not in CLEARING_SET:
        return place in FACTIONS[number].off_map
    return not any(
        FACTIONS[p.faction].forbids_placing(state, number, place)
        for p in state.players
        if p.faction != number
    )


def corner_choices(state: RootState, number: int) -> list[int]:
    """The corners a faction that starts in one may take (Law 5.1 with the
    factions' setup, 12.3.3 for the Duchy): none that is another player's
    starting corner, and one diagonally opposite a starting corner if any is."""
    taken = [
        c
        for p in state.players
        if p.faction != number and (c := FACTIONS[p.faction].start_corner(state))
    ]
    free = [c for c in WOODLAND.corners() if c not in taken]
    across = [c for c in free if any(WOODLAND.opposite_corner(t) == c for t in taken)]
    return across or free


def places(number: int) -> tuple[int, ...]:
    """Where a faction's warriors may stand: its places off the map, then the clearings."""
    off_map = FACTIONS[number].off_map
    return (*off_map, *CLEARINGS) if off_map else CLEARINGS


# ----------------------------------------------------------- cards, hands
def take_from_hand(player: Player, card: int) -> None:
    player.hand.remove(card)
    if card in player.known:
        player.known.remove(card)
    if player.seen_by:
        for seen in player.seen_by.values():
            if card in seen:
                seen.remove(card)


def distinct(cards: Iterable[int]) -> list[int]:
    """One card of each design (two copies of a card are the same choice)."""
    seen: set[str] = set()
    out: list[int] = []
    for c in cards:
        key = card_of(c).id if c != HIDDEN else "hidden"
        if key not in seen:
            seen.add(key)
            out.append(c)
    return out


DOMINANCE_CARDS: Final[frozenset[int]] = frozenset(
    i for i, c in enumerate(deck()) if isinstance(c.effect, DominanceEffect)
)


def is_dominance(card: int) -> bool:
    return card in DOMINANCE_CARDS


def to_discard(state: RootState, card: int) -> None:
    """A spent or discarded card goes to the discard pile; a dominance card
    goes beside the map, available (Law 3.3.3)."""
    if is_dominance(card):
        state.available.append(card)
    else:
        state.discard.append(card)


def draw(state: RootState, number: int, n: int) -> list[Event]:
    """Draw ``n`` cards, shuffling the discard pile into a new deck when the
    deck runs out (and drawing fewer when both are empty)."""
    player = state.player(number)
    got = 0
    for _ in range(n):
        if not state.draw_pile:
            if not state.discard:
                break
            state.draw_pile = state.discard
            state.discard = []
            state.rng.shuffle(state.draw_pile)
        player.hand.append(state.draw_pile.pop())
        got += 1
    if not got:
        return [Event(text=f"{name(number)} draws nothing: the deck and discard pile are empty.")]
    word = "card" if got == 1 else "cards"
    return [
        Event(text=f"{name(number)} draws {got} {word}.", seat=state.seat(number), reveals=True)
    ]


def discard_from_hand(state: RootState, number: int, card: int) -> None:
    take_from_hand(state.player(number), card)
    to_discard(state, card)


def gain(state: RootState, number: int, vp: int, source: str) -> list[Event]:
    """Score ``vp`` points; reaching 30 wins the game at once.  A player who
    activated a dominance card scores nothing (Law 3.3.1)."""
    if vp <= 0 or state.over:
        return []
    player = state.player(number)
    if player.dominance != HIDDEN:
        return []
    player.vp += vp
    player.points[source] = player.points.get(source, 0) + vp
    events = [
        Event(
            text=f"{name(number)} scores {plural(vp, 'point')} ({source}): "
            f"{plural(player.vp, 'point')} in all."
        )
    ]
    if player.vp >= WIN_VP:
        state.winner = number
        state.stack.clear()
        state.battle = None
        state.step = "over"
        events.append(Event(text=f"{name(number)} reaches {WIN_VP} points and wins!"))
    return events


def lose(state: RootState, number: int, vp: int, source: str) -> list[Event]:
    """Lose points (the Eyrie's Humiliate), never below 0: the score track
    starts at 0 (ruling R-LOSE)."""
    player = state.player(number)
    n = min(vp, player.vp)
    if n <= 0 or state.over:
        return []
    player.vp -= n
    player.points[source] = player.points.get(source, 0) - n
    return [
        Event(
            text=f"{name(number)} loses {plural(n, 'point')} ({source}): "
            f"{plural(player.vp, 'point')} in all."
        )
    ]


def has_effect(player: Player, kind: str) -> bool:
    return any(card_of(c).kind == kind for c in player.crafted)


def crafted_card(player: Player, kind: str) -> int:
    for c in player.crafted:
        if card_of(c).kind == kind:
            return c
    raise KeyError(kind)


def discard_crafted(state: RootState, number: int, kind: str) -> int:
    player = state.player(number)
    c = crafted_card(player, kind)
    player.crafted.remove(c)
    state.discard.append(c)
    return c


# ------------------------------------------------------------------ moving
def moves(state: RootState, number: int) -> list[Move]:
    """Every move: any number of warriors from one clearing to an adjacent
    one, ruling the origin or the destination."""
    out: list[Move] = []
    clearings = state.clearings
    step = FACTIONS[number].neighbours
    for origin in places(number):
        n = clearings[origin].warriors.get(number)
        if not n:
            continue
        rules_origin = ruler(state, origin) == number
        for to in sorted(step(state, origin)):
            if rules_origin or ruler(state, to) == number:
                out.extend(Move(origin=origin, to=to, count=k) for k in range(1, n + 1))
    return out


def can_move(state: RootState, number: int) -> bool:
    for origin in places(number):
        if warriors(state, number, origin):
            if rules(state, number, origin):
                if neighbours(state, number, origin):
                    return True
            elif any(rules(state, number, to) for to in neighbours(state, number, origin)):
                return True
    return False


def do_move(state: RootState, number: int, move: Move) -> list[Event]:
    add_warriors(state, number, move.origin, -move.count)
    add_warriors(state, number, move.to, move.count)
    return [
        Event(
            text=f"{name(number)} moves {plural(move.count, 'warrior')} from {clearing_name(move.origin)} "
            f"to {clearing_name(move.to)}."
        )
    ]


# ------------------------------------------------------------------ removing
def remove_warriors(state: RootState, number: int, place: int, n: int) -> None:
    if n <= 0:
        return
    add_warriors(state, number, place, -n)
    state.player(number).warriors += n
    FACTIONS[number].removed_warriors(state, place, n)


def remove_piece(state: RootState, number: int, place: int, piece: str, by: int) -> list[Event]:
    """Remove one building or token; the enemy who removed it scores 1."""
    c = state.clearings[place]
    if piece in c.tokens:
        c.remove_token(piece)
    else:
        c.buildings.remove(piece)
    FACTIONS[number].removed_piece(state, place, piece)
    b = state.battle
    if (
        b is not None
        and by != number
        and by in (b.attacker, b.defender)
        and FACTIONS[by].counts_battle_removals
    ):
        b.removed[by] = b.removed.get(by, 0) + 1
    events = [Event(text=f"{name(number)}'s {piece} in {clearing_name(place)} is removed.")]
    if by >= 0 and by != number:
        events += gain(state, by, 1, "removing pieces")
    return events


def removable(state: RootState, number: int, place: int) -> Counter[str]:
    return Counter(buildings_of(state, number, place) + tokens_of(state, number, place))


def take_hits(state: RootState, number: int, place: int, hits: int, by: int) -> list[Event]:
    """Take hits in a clearing: warriors first, then buildings and tokens,
    chosen by the player taking them when there is a choice."""
    if hits <= 0:
        return []
    n = min(hits, warriors(state, number, place))
    events: list[Event] = []
    if n:
        remove_warriors(state, number, place, n)
        events.append(
            Event(
                text=f"{name(number)} loses {n} warrior{'s' if n > 1 else ''} in {clearing_name(place)}."
            )
        )
    return events + hit_pieces(state, number, place, hits - n, by)


def hit_pieces(state: RootState, number: int, place: int, hits: int, by: int) -> list[Event]:
    """The hits left after the warriors: remove buildings and tokens, asking
    the player which when the choice matters."""
    events: list[Event] = []
    while hits > 0 and not state.over:
        pieces = removable(state, number, place)
        if not pieces:
            break
        if len(pieces) > 1 and hits < sum(pieces.values()):
            state.stack.append(
                Pending(kind="hits", faction=number, clearing=place, count=hits, by=by)
            )
            break
        piece = sorted(pieces)[0]
        events += remove_piece(state, number, place, piece, by)
        hits -= 1
    return events


def flush(state: RootState) -> None:
    """After an event that removed pieces: each faction pushes what the
    removal triggers (the Price of Failure, Field Hospitals), in reverse
    setup order, so that the faction first in setup order decides first."""
    factions = sorted(state.factions, key=lambda f: FACTIONS[f].letter, reverse=True)
    if state.over:
        for f in factions:
            FACTIONS[f].clear_removal(state)
        return
    for f in factions:
        FACTIONS[f].after_removal(state)


# ------------------------------------------------------------------ crafting
def crafting_pieces(state: RootState, number: int) -> Counter[str]:
    """Crafting pieces not yet activated this turn, by clearing suit."""
    kinds = FACTIONS[number].crafts_with
    have: Counter[str] = Counter()
    for n in CLEARINGS:
        c = state.clearings[n]
        k = sum(1 for b in c.buildings if b in kinds) + sum(1 for t in c.tokens if t in kinds)
        if k:
            have[suit_of(n) or ""] += k
    used = Counter(u[6:] for u in state.player(number).used if u.startswith("craft:"))
    return Counter({s: have[s] - used[s] for s in SUITS if have[s] - used[s] > 0})


def craft_payments(state: RootState, number: int, card: int) -> list[tuple[str, ...]]:
    """Every way (by the suits of the pieces activated) to pay for a card."""
    c = card_of(card)
    if not c.craftable:
        return []
    have = crafting_pieces(state, number)
    need: Counter[str] = Counter(c.cost)
    anys = need.pop("any", 0)
    if any(have[s] < k for s, k in need.items()):
        return []
    left = have - Counter(dict(need))
    fixed = tuple(s for s, k in sorted(need.items()) for _ in range(k))
    out: list[tuple[str, ...]] = []
    for extra in combinations_with_replacement(SUITS, anys):
        if all(left[s] >= k for s, k in Counter(extra).items()):
            out.append(tuple(sorted(fixed + extra)))
    return sorted(set(out))


def can_craft(state: RootState, number: int, card: int) -> bool:
    c = card_of(card)
    player = state.player(number)
    match c.effect:
        case ItemEffect():
            if state.items.get(c.effect.item, 0) <= 0:
                return False
        case AmbushEffect():
            return False
        case FavorEffect():
            pass
        case _:
            if c.persistent and any(card_of(o).id == c.id for o in player.crafted):
                return False
    return bool(craft_payments(state, number, card))


def craft(state: RootState, number: int, card: int, using: tuple[str, ...]) -> list[Event]:
    player = state.player(number)
    take_from_hand(player, card)
    player.used.extend(f"craft:{s}" for s in using)
    c = card_of(card)
    events = [Event(text=f"{name(number)} crafts {c.name}.")]
    e = c.effect
    if isinstance(e, ItemEffect):
        state.items[e.item] -= 1
        player.items.append(e.item)
        state.discard.append(card)
        events += gain(state, number, FACTIONS[number].item_vp(state, e.vp), "crafting")
    elif isinstance(e, FavorEffect):
        state.discard.append(card)
        events += favor(state, number, e.suit)
    else:
        player.crafted.append(card)
    return events


def craft_options(state: RootState, number: int) -> list[Craft]:
    """Every card in hand a faction may craft now, with each way to pay."""
    out: list[Craft] = []
    for c in distinct(state.player(number).hand):
        if can_craft(state, number, c):
            out += [Craft(card=c, using=u) for u in craft_payments(state, number, c)]
    return out


def favor(state: RootState, number: int, suit: str) -> list[Event]:
    """Remove every enemy piece in every clearing of the suit."""
    events: list[Event] = []
    others = enemies(state, number)
    for n in WOODLAND.of_suit(suit):
        for enemy in others:
            k = warriors(state, enemy, n)
            if k:
                remove_warriors(state, enemy, n, k)
                events.append(
                    Event(text=f"{name(enemy)} loses {k} warriors in {clearing_name(n)}.")
                )
            for piece in sorted(removable(state, enemy, n).elements()):
                events += remove_piece(state, enemy, n, piece, number)
                if state.over:
                    return events
    flush(state)
    return events


# -------------------------------------------------------------------- battle
def defenders(
    state: RootState, number: int, place: int, others: list[int] | None = None
) -> list[int]:
    """The enemies a faction may battle in a clearing: those with pieces there."""
    if others is None:
        others = enemies(state, number)
    return [e for e in others if has_pieces(state, e, place)]


def battle_targets(state: RootState, number: int) -> list[int]:
    """Clearings where a faction may start a battle: its warriors there, and
    an enemy piece to fight."""
    others = enemies(state, number)
    return [
        n for n in CLEARINGS if warriors(state, number, n) and defenders(state, number, n, others)
    ]


def battle_actions(state: RootState, number: int) -> list[BattleAction]:
    """Every battle a faction may start: one per clearing, naming the
    defender only where more than one enemy could be attacked."""
    out: list[BattleAction] = []
    others = enemies(state, number)
    for n in CLEARINGS:
        if not warriors(state, number, n):
            continue
        found = defenders(state, number, n, others)
        if len(found) == 1:
            out.append(BattleAction(clearing=n))
        else:
            out += [BattleAction(clearing=n, defender=d) for d in found]
    return out


def start_battle(state: RootState, attacker: int, place: int, defender: int = -1) -> list[Event]:
    if defender < 0:
        (defender,) = defenders(state, attacker, place)
    state.battle = Battle(attacker=attacker, clearing=place, defending=defender)
    state.stack.append(Pending(kind="battle", faction=attacker, clearing=place))
    return [Event(text=f"{name(attacker)} battles {name(defender)} in {clearing_name(place)}.")]


def ambush_cards(state: RootState, number: int, place: int) -> list[int]:
    return distinct(
        c
        for c in state.player(number).hand
        if c != HIDDEN
        and isinstance(card_of(c).effect, AmbushEffect)
        and matches(card_of(c).suit, place)
    )


def battle_effects(state: RootState, side: str) -> list[str]:
    """Battle effects a side may still use, after the roll."""
    b = state.battle
    assert b is not None
    faction = b.attacker if side == "attacker" else b.defender
    player = state.player(faction)
    out: list[str] = []
    if (
        side == "attacker"
        and has_effect(player, "brutal_tactics")
        and "brutal_tactics" not in b.used
    ):
        out.append("brutal_tactics")
    if side == "defender" and has_effect(player, "sappers"):
        out.append("sappers")
    incoming = b.defender_hits if side == "attacker" else b.attacker_hits
    if has_effect(player, "armorers") and incoming > 0:
        out.append("armorers")
    return out


def defender_may_go_first(state: RootState) -> bool:
    """Law 4.3.3: "If both want to use effects, the attacker chooses who uses
    them first."  The attacker, asked first, may hand the first turn to the
    defender while both may use an effect and it has used none itself.

    Whether it has used one shows in the battle: Brutal Tactics is recorded
    in ``used``, and Armorers (offered only when the roll gave the defender
    hits) leaves the defender's rolled hits at 0.  The stage is "defender"
    only while the attacker decides before the defender."""
    b = state.battle
    if b is None or b.stage != "defender" or not battle_effects(state, "defender"):
        return False
    if "brutal_tactics" in b.used:
        return False
    rolled = min(b.rolled[1], warriors(state, b.defender, b.clearing)) if b.rolled else 0
    return b.defender_hits == rolled


def defender_first(state: RootState) -> list[Event]:
    """The attacker lets the defender use battle effects first: the defender
    decides now, the attacker after (see :func:`battle_step`)."""
    b = state.battle
    assert b is not None
    b.stage = "attacker_after"
    state.stack.append(Pending(kind="battle_effects", faction=b.defender, names=["defender"]))
    return [Event(text=f"{name(b.attacker)} lets the {name(b.defender)} use battle effects first.")]


def use_battle_effect(state: RootState, side: str, effect: str) -> list[Event]:
    b = state.battle
    assert b is not None
    faction = b.attacker if side == "attacker" else b.defender
    events: list[Event] = []
    if effect == "brutal_tactics":
        b.used.append(effect)
        b.extra_attacker += 1
        events.append(Event(text="Brutal Tactics: the attacker deals an extra hit."))
        events += gain(state, b.defender, 1, "Brutal Tactics")
    elif effect == "sappers":
        discard_crafted(state, faction, "sappers")
        b.extra_defender += 1
        events.append(Event(text="Sappers: the defender discards them to deal an extra hit."))
    elif effect == "armorers":
        discard_crafted(state, faction, "armorers")
        if side == "attacker":
            b.defender_hits = 0
        else:
            b.attacker_hits = 0
        events.append(
            Event(text=f"Armorers: {name(faction)} ignores the rolled hits it would take.")
        )
    return events


def battle_step(state: RootState) -> list[Event]:
    """Carry the battle on top of the stack one stage further, pushing the
    next decision when one is needed."""
    b = state.battle
    assert b is not None
    att, dfd, where = b.attacker, b.defender, b.clearing
    events: list[Event] = []
    if b.stage == "ambush":
        scouted = has_effect(state.player(att), "scouting_party")
        b.stage = "roll"
        if not scouted and state.player(dfd).hand:
            # Asked whenever a hidden card could allow it, so a refusal shows nothing.
            b.stage = "ambush_asked"
            state.stack.append(Pending(kind="ambush", faction=dfd, clearing=where))
    elif b.stage == "counter":
        b.stage = "ambush_hits"
        if ambush_cards(state, att, where):
            b.stage = "counter_asked"
            state.stack.append(Pending(kind="counter", faction=att, clearing=where))
    elif b.stage == "ambush_hits":
        hits = card_of(b.ambush).effect
        assert isinstance(hits, AmbushEffect)
        events += [Event(text=f"The ambush deals {hits.hits} hits to the {name(att)}.")]
        events += take_hits(state, att, where, hits.hits, dfd)
        b.stage = "ambush_flush"
        if not warriors(state, att, where):
            b.stage = "ambush_rout"
    elif b.stage == "ambush_flush":
        flush(state)
        b.stage = "roll"
    elif b.stage == "ambush_rout":
        flush(state)
        events.append(Event(text="The attacker has no warriors left there: the battle ends."))
        b.stage = "end"
    elif b.stage == "roll":
        x, y = state.rng.randint(0, 3), state.rng.randint(0, 3)
        high, low = max(x, y), min(x, y)
        b.rolled = [high, low]
        b.attacker_hits = min(high, warriors(state, att, where))
        b.defender_hits = min(low, warriors(state, dfd, where))
        text = f"Dice: {high} and {low}; the {name(att)} deals {b.attacker_hits}, the {name(dfd)} {b.defender_hits}."
        if not warriors(state, dfd, where):
            b.extra_attacker += 1
            text += " The defender is defenceless: 1 extra hit."
        for side, who in (("attacker", att), ("defender", dfd)):
            bonus = FACTIONS[who].extra_hits(state, side)
            if bonus:
                if side == "attacker":
                    b.extra_attacker += bonus
                else:
                    b.extra_defender += bonus
                text += f" The {name(who)} deals {plural(bonus, 'extra hit')}."
        events.append(Event(text=text))
        b.stage = "attacker"
    elif b.stage == "attacker":
        b.stage = "defender"
        if battle_effects(state, "attacker"):
            state.stack.append(Pending(kind="battle_effects", faction=att, names=["attacker"]))
    elif b.stage == "defender":
        b.stage = "hits_defender"
        if battle_effects(state, "defender"):
            state.stack.append(Pending(kind="battle_effects", faction=dfd, names=["defender"]))
    elif b.stage == "attacker_after":
        # The defender went first (defender_first): now the attacker.
        b.stage = "hits_defender"
        if battle_effects(state, "attacker"):
            state.stack.append(Pending(kind="battle_effects", faction=att, names=["attacker"]))
    elif b.stage == "hits_defender":
        b.stage = "hits_attacker"
        events += take_hits(state, dfd, where, b.attacker_hits + b.extra_attacker, att)
    elif b.stage == "hits_attacker":
        b.stage = "flush"
        events += take_hits(state, att, where, b.defender_hits + b.extra_defender, dfd)
    elif b.stage == "flush":
        b.stage = "end"
        flush(state)
    elif b.stage == "end":
        for who in (att, dfd):
            events += FACTIONS[who].after_battle(state, b.removed.get(who, 0))
        state.battle = None
        top = state.stack.pop()
        assert top.kind == "battle"
    return events
