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

from .actions import Move
from .cards import (
    AmbushEffect,
    FavorEffect,
    ItemEffect,
)
from .model import (
    BURROW,
    CAT_BUILDING_KINDS,
    CATS,
    DUCHY,
    DUCHY_BUILDING_KINDS,
    HIDDEN,
    SHORT_NAMES,
    WIN_VP,
    Battle,
    Duchy,
    Pending,
    Player,
    RootState,
    card_of,
)
from .tracks import Rank, duchy, marquise
from .woodland import SUITS, autumn

WOODLAND: Final = autumn()
CLEARINGS: Final[tuple[int, ...]] = WOODLAND.numbers
RANK_ORDER: Final[dict[str, int]] = {"squire": 0, "noble": 1, "lord": 2}
TOKENS: Final[tuple[str, ...]] = ("wood", "keep", "tunnel")


def plural(count: int, word: str) -> str:
    """``1 point``, ``2 points``: a count and its noun."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def name(faction: int) -> str:
    return SHORT_NAMES[faction]


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


# ------------------------------------------------------------------ the map
def tunnels(state: RootState) -> tuple[int, ...]:
    return tuple(n for n in CLEARINGS if state.clearings[n].tunnel)


def neighbours(state: RootState, faction: int, number: int) -> frozenset[int]:
    """Where ``faction`` may step from a clearing: along paths, and for the
    Duchy between the Burrow and each tunnel (no other piece enters the Burrow,
    12.2.2)."""
    if faction == DUCHY:
        return WOODLAND.neighbours(number, tunnels(state))
    return WOODLAND.neighbours(number)


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


def warriors(state: RootState, faction: int, number: int) -> int:
    c = state.clearings[number]
    return c.cats if faction == CATS else c.moles


def add_warriors(state: RootState, faction: int, number: int, n: int) -> None:
    c = state.clearings[number]
    if faction == CATS:
        c.cats += n
    else:
        c.moles += n


def buildings_of(state: RootState, faction: int, number: int) -> list[str]:
    kinds = CAT_BUILDING_KINDS if faction == CATS else DUCHY_BUILDING_KINDS
    return [b for b in state.clearings[number].buildings if b in kinds]


def tokens_of(state: RootState, faction: int, number: int) -> list[str]:
    c = state.clearings[number]
    if faction == CATS:
        return ["wood"] * c.wood + (["keep"] if c.keep else [])
    return ["tunnel"] if c.tunnel else []


def has_pieces(state: RootState, faction: int, number: int) -> bool:
    return bool(
        warriors(state, faction, number)
        or buildings_of(state, faction, number)
        or tokens_of(state, faction, number)
    )


def on_map(state: RootState, building: str) -> int:
    return sum(state.clearings[n].buildings.count(building) for n in CLEARINGS)


def free_slots(state: RootState, number: int) -> int:
    if number == BURROW:
        return 0
    used = len(state.clearings[number].buildings)
    return WOODLAND.open_slots_at_setup(number) - used


def ruler(state: RootState, number: int) -> int | None:
    """Who rules a clearing: the most warriors plus buildings there; a tie (or
    nobody) rules nobody; the Duchy always rules the Burrow (12.2.2)."""
    if number == BURROW:
        return DUCHY
    c = state.clearings[number]
    cats = c.cats
    moles = c.moles
    for b in c.buildings:
        if b in DUCHY_BUILDING_KINDS:
            moles += 1
        else:
            cats += 1
    if cats > moles:
        return CATS
    if moles > cats:
        return DUCHY
    return None


def rules(state: RootState, faction: int, number: int) -> bool:
    return ruler(state, number) == faction


def ruled(state: RootState, faction: int) -> list[int]:
    """The clearings a faction rules (the Duchy's include the Burrow)."""
    found = [n for n in CLEARINGS if rules(state, faction, n)]
    if faction == DUCHY:
        found.append(BURROW)
    return found


def keep_clearing(state: RootState) -> int:
    return state.cats.keep


def may_place(state: RootState, faction: int, number: int) -> bool:
    """Only the Marquise may place pieces in the keep's clearing; only the
    Duchy may place pieces in the Burrow."""
    if number == BURROW:
        return faction == DUCHY
    return faction == CATS or state.cats.keep != number


# ----------------------------------------------------------- cards, hands
def take_from_hand(player: Player, card: int) -> None:
    player.hand.remove(card)
    if card in player.known:
        player.known.remove(card)


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


def draw(state: RootState, faction: int, n: int) -> list[Event]:
    """Draw ``n`` cards, shuffling the discard pile into a new deck when the
    deck runs out (and drawing fewer when both are empty)."""
    player = state.player(faction)
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
        return [Event(text=f"{name(faction)} draws nothing: the deck and discard pile are empty.")]
    word = "card" if got == 1 else "cards"
    return [
        Event(
            text=f"{name(faction)} draws {got} {word}.", seat=state.seat_of[faction], reveals=True
        )
    ]


def discard_from_hand(state: RootState, faction: int, card: int) -> None:
    take_from_hand(state.player(faction), card)
    state.discard.append(card)


def gain(state: RootState, faction: int, vp: int, source: str) -> list[Event]:
    """Score ``vp`` points; reaching 30 wins the game at once."""
    if vp <= 0 or state.over:
        return []
    player = state.player(faction)
    player.vp += vp
    player.points[source] = player.points.get(source, 0) + vp
    events = [
        Event(
            text=f"{name(faction)} scores {plural(vp, 'point')} ({source}): "
            f"{plural(player.vp, 'point')} in all."
        )
    ]
    if player.vp >= WIN_VP:
        state.winner = faction
        state.stack.clear()
        state.battle = None
        state.step = "over"
        events.append(Event(text=f"{name(faction)} reaches {WIN_VP} points and wins!"))
    return events


def has_effect(player: Player, kind: str) -> bool:
    return any(card_of(c).kind == kind for c in player.crafted)


def crafted_card(player: Player, kind: str) -> int:
    for c in player.crafted:
        if card_of(c).kind == kind:
            return c
    raise KeyError(kind)


def discard_crafted(state: RootState, faction: int, kind: str) -> int:
    player = state.player(faction)
    c = crafted_card(player, kind)
    player.crafted.remove(c)
    state.discard.append(c)
    return c


# ------------------------------------------------------------------ moving
def moves(state: RootState, faction: int) -> list[Move]:
    """Every move: any number of warriors from one clearing to an adjacent
    one, ruling the origin or the destination."""
    out: list[Move] = []
    places = (BURROW, *CLEARINGS) if faction == DUCHY else CLEARINGS
    for origin in places:
        n = warriors(state, faction, origin)
        if not n:
            continue
        rules_origin = rules(state, faction, origin)
        for to in sorted(neighbours(state, faction, origin)):
            if rules_origin or rules(state, faction, to):
                out.extend(Move(origin=origin, to=to, count=k) for k in range(1, n + 1))
    return out


def can_move(state: RootState, faction: int) -> bool:
    places = (BURROW, *CLEARINGS) if faction == DUCHY else CLEARINGS
    for origin in places:
        if warriors(state, faction, origin):
            if rules(state, faction, origin):
                if neighbours(state, faction, origin):
                    return True
            elif any(rules(state, faction, to) for to in neighbours(state, faction, origin)):
                return True
    return False


def do_move(state: RootState, faction: int, move: Move) -> list[Event]:
    add_warriors(state, faction, move.origin, -move.count)
    add_warriors(state, faction, move.to, move.count)
    return [
        Event(
            text=f"{name(faction)} moves {plural(move.count, 'warrior')} from {clearing_name(move.origin)} "
            f"to {clearing_name(move.to)}."
        )
    ]


# ------------------------------------------------------------------ removing
def remove_warriors(state: RootState, faction: int, number: int, n: int) -> None:
    if n <= 0:
        return
    add_warriors(state, faction, number, -n)
    state.player(faction).warriors += n
    if faction == CATS and number != BURROW:
        state.hospitals[number] = state.hospitals.get(number, 0) + n


def remove_piece(state: RootState, faction: int, number: int, piece: str, by: int) -> list[Event]:
    """Remove one building or token; the enemy who removed it scores 1."""
    c = state.clearings[number]
    if piece == "wood":
        c.wood -= 1
        state.cats.wood += 1
    elif piece == "keep":
        c.keep = False
        state.cats.keep = 0
        state.cats.keep_removed = True
    elif piece == "tunnel":
        c.tunnel = False
        state.duchy.tunnels += 1
    else:
        c.buildings.remove(piece)
        if faction == DUCHY:
            state.failure = True
    events = [Event(text=f"{name(faction)}'s {piece} in {clearing_name(number)} is removed.")]
    if by >= 0 and by != faction:
        events += gain(state, by, 1, "removing pieces")
    return events


def removable(state: RootState, faction: int, number: int) -> Counter[str]:
    return Counter(buildings_of(state, faction, number) + tokens_of(state, faction, number))


def take_hits(state: RootState, faction: int, number: int, hits: int, by: int) -> list[Event]:
    """Take hits in a clearing: warriors first, then buildings and tokens,
    chosen by the player taking them when there is a choice."""
    if hits <= 0:
        return []
    n = min(hits, warriors(state, faction, number))
    events: list[Event] = []
    if n:
        remove_warriors(state, faction, number, n)
        events.append(
            Event(
                text=f"{name(faction)} loses {n} warrior{'s' if n > 1 else ''} in {clearing_name(number)}."
            )
        )
    return events + hit_pieces(state, faction, number, hits - n, by)


def hit_pieces(state: RootState, faction: int, number: int, hits: int, by: int) -> list[Event]:
    """The hits left after the warriors: remove buildings and tokens, asking
    the player which when the choice matters."""
    events: list[Event] = []
    while hits > 0 and not state.over:
        pieces = removable(state, faction, number)
        if not pieces:
            break
        if len(pieces) > 1 and hits < sum(pieces.values()):
            state.stack.append(
                Pending(kind="hits", faction=faction, clearing=number, count=hits, by=by)
            )
            break
        piece = sorted(pieces)[0]
        events += remove_piece(state, faction, number, piece, by)
        hits -= 1
    return events


def flush(state: RootState) -> None:
    """After an event that removed pieces: the Price of Failure if any Duchy
    building went (once per event, 12.2.3), and a Field Hospitals decision per
    clearing that lost Marquise warriors (only while the keep is on the map)."""
    if state.over:
        state.failure = False
        state.hospitals.clear()
        return
    if state.failure:
        state.failure = False
        state.stack.append(Pending(kind="failure", faction=DUCHY))
    if state.hospitals:
        for number, n in sorted(state.hospitals.items(), reverse=True):
            if state.cats.keep and state.cats.hand:
                state.stack.append(Pending(kind="hospital", faction=CATS, clearing=number, count=n))
        state.hospitals.clear()


def hospital_cards(state: RootState, number: int) -> list[int]:
    suit = suit_of(number) or ""
    return distinct(c for c in state.cats.hand if card_of(c).suit in ("bird", suit))


def field_hospital(state: RootState, number: int, count: int, card: int) -> list[Event]:
    discard_from_hand(state, CATS, card)
    n = min(count, state.cats.warriors)
    keep = state.cats.keep
    state.cats.warriors -= n
    add_warriors(state, CATS, keep, n)
    return [
        Event(
            text=f"Marquise spends {card_name(card)}: Field Hospitals bring {n} warrior"
            f"{'s' if n != 1 else ''} from {clearing_name(number)} to the keep in {clearing_name(keep)}."
        )
    ]


# ------------------------------------------------------- Price of Failure
def crowns_left(state: RootState, rank: Rank) -> int:
    """Crowns of a rank still on the Duchy's board."""
    board = duchy()
    swayed = sum(1 for m in state.duchy.swayed if board.minister(m).rank == rank)
    retired = state.duchy.retired.count(rank)
    return len(board.rank(rank).crowns) - swayed - retired


def highest_swayed(d: Duchy) -> list[str]:
    if not d.swayed:
        return []
    board = duchy()
    top = max(RANK_ORDER[board.minister(m).rank] for m in d.swayed)
    return [m for m in d.swayed if RANK_ORDER[board.minister(m).rank] == top]


def price_of_failure(state: RootState) -> list[Event]:
    """12.2.3: a random card from the Duchy's hand is discarded, then the
    swayed minister of highest rank returns (the Duchy choosing among equals)
    and its crown leaves the game.  Runs the automatic part; pushes the choice."""
    d = state.duchy
    events = [Event(text="Duchy buildings were removed: the Price of Failure.")]
    if d.hand:
        card = d.hand[state.rng.randbelow(len(d.hand))]
        discard_from_hand(state, DUCHY, card)
        events.append(Event(text=f"The Duchy discards {card_name(card)} at random.", reveals=True))
    top = highest_swayed(d)
    if len(top) == 1:
        events += return_minister(state, top[0])
    elif top:
        state.stack.append(Pending(kind="failure_choice", faction=DUCHY, names=top))
    return events


def return_minister(state: RootState, minister: str) -> list[Event]:
    d = state.duchy
    rank = duchy().minister(minister).rank
    d.swayed.remove(minister)
    d.unswayed.append(minister)
    d.retired.append(rank)
    return [
        Event(
            text=f"The {minister} returns to the unswayed ministers; a {rank}'s crown leaves the game."
        )
    ]


# ------------------------------------------------------------------ crafting
def crafting_pieces(state: RootState, faction: int) -> Counter[str]:
    """Crafting pieces not yet activated this turn, by clearing suit."""
    kinds = marquise().crafts_with if faction == CATS else duchy().crafts_with
    have: Counter[str] = Counter()
    for n in CLEARINGS:
        k = sum(1 for b in state.clearings[n].buildings if b in kinds)
        if k:
            have[suit_of(n) or ""] += k
    used = Counter(u[6:] for u in state.player(faction).used if u.startswith("craft:"))
    return Counter({s: have[s] - used[s] for s in SUITS if have[s] - used[s] > 0})


def craft_payments(state: RootState, faction: int, card: int) -> list[tuple[str, ...]]:
    """Every way (by the suits of the pieces activated) to pay for a card."""
    c = card_of(card)
    if not c.craftable:
        return []
    have = crafting_pieces(state, faction)
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


def can_craft(state: RootState, faction: int, card: int) -> bool:
    c = card_of(card)
    player = state.player(faction)
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
    return bool(craft_payments(state, faction, card))


def craft(state: RootState, faction: int, card: int, using: tuple[str, ...]) -> list[Event]:
    player = state.player(faction)
    take_from_hand(player, card)
    player.used.extend(f"craft:{s}" for s in using)
    c = card_of(card)
    events = [Event(text=f"{name(faction)} crafts {c.name}.")]
    e = c.effect
    if isinstance(e, ItemEffect):
        state.items[e.item] -= 1
        player.items.append(e.item)
        state.discard.append(card)
        events += gain(state, faction, e.vp, "crafting")
    elif isinstance(e, FavorEffect):
        state.discard.append(card)
        events += favor(state, faction, e.suit)
    else:
        player.crafted.append(card)
    return events


def favor(state: RootState, faction: int, suit: str) -> list[Event]:
    """Remove every enemy piece in every clearing of the suit."""
    enemy = 1 - faction
    events: list[Event] = []
    for n in WOODLAND.of_suit(suit):
        k = warriors(state, enemy, n)
        if k:
            remove_warriors(state, enemy, n, k)
            events.append(Event(text=f"{name(enemy)} loses {k} warriors in {clearing_name(n)}."))
        for piece in sorted(removable(state, enemy, n).elements()):
            events += remove_piece(state, enemy, n, piece, faction)
            if state.over:
                return events
    flush(state)
    return events


# -------------------------------------------------------------------- battle
def battle_targets(state: RootState, faction: int) -> list[int]:
    """Clearings where a faction may start a battle: its warriors there, and
    an enemy piece to fight."""
    enemy = 1 - faction
    return [n for n in CLEARINGS if warriors(state, faction, n) and has_pieces(state, enemy, n)]


def start_battle(state: RootState, attacker: int, number: int) -> list[Event]:
    state.battle = Battle(attacker=attacker, clearing=number)
    state.stack.append(Pending(kind="battle", faction=attacker, clearing=number))
    return [
        Event(text=f"{name(attacker)} battles {name(1 - attacker)} in {clearing_name(number)}.")
    ]


def ambush_cards(state: RootState, faction: int, number: int) -> list[int]:
    return distinct(
        c
        for c in state.player(faction).hand
        if c != HIDDEN
        and isinstance(card_of(c).effect, AmbushEffect)
        and matches(card_of(c).suit, number)
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
        state.battle = None
        top = state.stack.pop()
        assert top.kind == "battle"
    return events
