"""Direct keys, the cursor and clicks to Root's legal actions.

A player points at a clearing and presses Enter, or presses a key (M move,
B battle, U build, D dig, R recruit, C craft ...).  Every function here
answers with the engine's own legal actions that match: one (play it),
several (choose among just those) or none, with the reason in a player's
words.  Nothing here builds a move the engine has not offered, and nothing
here imports Textual: the screen calls these and the tests call them
directly.

The state passed in is the deciding seat's view (the other hand face down):
the reasons read only what that player may see.

The keys themselves are data for the screen kit (``kit/choice.py``): each
direct key a :class:`LetterKey` (its letter, action kinds, words and
``when``, the time it may be used), and :data:`KEYMAP`, the kit's key map
the screen checks and picks through, reading a :class:`Here`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final, Literal

from boardgames_tui.engine.game import Action
from boardgames_tui.games.root import core
from boardgames_tui.games.root.actions import (
    Battle,
    BuildCats,
    BuildDuchy,
    BuildRoost,
    ChooseCorner,
    ChooseKeep,
    DecreeRecruit,
    Dig,
    Move,
    Overwork,
    PayWood,
    PlaceAt,
    PlaceRoost,
    PlaceStart,
    TaxCollector,
)
from boardgames_tui.games.root.model import BURROW, CATS, HIDDEN, RootState, card_of
from boardgames_tui.games.root.woodland import autumn

from ..kit.choice import KeyKind, KeyMap
from ..kit.choice import Pick as Pick  # (re-exported: the screen and the tests make one)
from . import eyrie_keys
from .here import Here as Here  # (re-exported: the screen and the tests make one)

Decision = Literal["over", "map", "list"]

#: Action kinds that name a clearing (a Move names its origin).
CLEARING_ACTIONS = (
    ChooseKeep,
    PlaceStart,
    Battle,
    TaxCollector,
    PlaceAt,
    BuildCats,
    PayWood,
    Overwork,
    BuildDuchy,
    Dig,
    ChooseCorner,
    PlaceRoost,
    DecreeRecruit,
    BuildRoost,
)


@dataclass(frozen=True)
class LetterKey:
    """A direct key's data: its letter, the action kinds it stands for,
    its name in the footer (and its screen action, in lower case) and in
    the hint, and when it may be used."""

    letter: str
    kinds: tuple[str, ...]
    footer: str
    word: str
    when: str


#: The direct keys, in the footer's order.
LETTER_KEYS: Final[tuple[LetterKey, ...]] = (
    LetterKey(
        "m",
        ("move",),
        "Move",
        "move",
        "Moves are taken in the Marquise's Daylight, the Duchy's Assembly, "
        "by the Marshal and the Brigadier, and by the Eyrie's Decree.",
    ),
    LetterKey(
        "b",
        ("battle",),
        "Battle",
        "battle",
        "Battles are started in the Marquise's Daylight, the Duchy's Assembly, "
        "by the Captain and the Brigadier, and by the Eyrie's Decree.",
    ),
    LetterKey(
        "u",
        ("build_cats", "build_duchy", "build_roost"),
        "Build",
        "build",
        "The Marquise builds in Daylight, the Duchy in its Assembly (and with the Foremole), "
        "the Eyrie by their Decree.",
    ),
    LetterKey("d", ("dig",), "Dig", "dig", "The Duchy digs in its Assembly."),
    LetterKey("o", ("overwork",), "Overwork", "overwork", "The Marquise overworks in Daylight."),
    LetterKey(
        "r",
        ("recruit", "decree_recruit"),
        "Recruit",
        "recruit",
        "The Marquise recruits once in Daylight; the Duchy recruits in its Assembly; "
        "the Eyrie by their Decree.",
    ),
    LetterKey(
        "c",
        ("craft",),
        "Craft",
        "craft",
        "The Marquise crafts at the start of Daylight, the Duchy in Evening.",
    ),
    LetterKey(
        "x",
        ("extra_action",),
        "Extra",
        "extra action",
        "The Marquise spends a bird card for an extra action in Daylight.",
    ),
    LetterKey(
        "e",
        ("effect", "tax_collector"),
        "Effect",
        "card effect",
        "Crafted cards are used at their own times (Birdsong, Daylight, in battle).",
    ),
    LetterKey(
        "s", ("sway",), "Sway", "sway", "The Duchy sways a minister at the end of its Daylight."
    ),
    LetterKey(
        "p",
        ("minister",),
        "Minister",
        "minister",
        "The Duchy takes its swayed ministers' actions in Parliament.",
    ),
    LetterKey(
        "t",
        ("turmoil",),
        "Turmoil",
        "fall into turmoil",
        "The Eyrie fall into Turmoil in Daylight, when a Decree card cannot be carried out.",
    ),
    LetterKey("n", ("done", "decline"), "Done", "done", "N ends a step or declines a choice."),
)

#: Direct keys -> the action kinds they stand for.
KEY_KINDS: Final[dict[str, tuple[str, ...]]] = {k.letter: k.kinds for k in LETTER_KEYS}

#: Keys that act on the clearing at the cursor.
AT_CURSOR: Final = frozenset({"m", "b", "u", "d", "o"})

#: A key's action in a few words (the hint line, the dialogs' titles).
KEY_WORD: Final[dict[str, str]] = {k.letter: k.word for k in LETTER_KEYS}

#: Each direct key's screen action (its footer word: ``move`` ... ``done``).
KEY_ACTION: Final[dict[str, str]] = {k.letter: k.footer.lower() for k in LETTER_KEYS}


def action_of(letter: str) -> str:
    """The screen action a direct key is bound to."""
    return KEY_ACTION[letter]


def _key_kind(key: LetterKey) -> KeyKind[Here]:
    """A direct key as the kit's data: shown while its action is legal
    somewhere now (hidden otherwise: the key falls through to the reason),
    picking its legal actions (at the cursor for M, B, U, D, O), with the
    time it may be used (``when``) for the reason it cannot."""
    letter, kinds = key.letter, key.kinds
    return KeyKind(
        action_of(letter),
        # (R M B U while the Eyrie add to their Decree: a column)
        pick=lambda h: _first(
            eyrie_keys.column_pick(h.legal, letter),
            lambda: with_key(h.state, h.legal, letter, h.cursor),
        ),
        shown=lambda h: (
            any(a.kind in kinds for a in h.legal)
            or eyrie_keys.column_pick(h.legal, letter) is not None
        ),
        when=key.when,
    )


def _first(own: Pick | None, usual: Callable[[], Pick]) -> Pick:
    """A faction's own pick for a key when it has one (even one that finds
    nothing: its reason stands), else the key's usual pick."""
    return own if own is not None else usual()


def explain(here: Here, key: str) -> str:
    """Why ``key`` (Enter, a digit, a letter) does nothing now."""
    if key in ("enter", "space"):
        return "Nothing to do now."
    if key.isdigit():
        return choose(here.legal, int(key)).reason
    return why_not(here.state, here.legal, key, here.cursor)


# ------------------------------------------------------------------ reading
def where(number: int) -> str:
    """A clearing in a few words: ``Creek (5)``; the Burrow."""
    if number == BURROW:
        return "the Burrow"
    return f"{autumn().clearing(number).name} ({number})"


def clearing_of(action: Action) -> int | None:
    """The clearing an action names (a move: where it starts), if any."""
    if isinstance(action, Move):
        return action.origin
    if isinstance(action, CLEARING_ACTIONS):
        return action.clearing
    return None


def decision(legal: Sequence[Action]) -> Decision:
    """``map`` when some legal action names a clearing (point at it),
    ``list`` when they are choices in a list (an ambush, a card, a minister,
    a piece to remove ...), ``over`` when nothing is legal."""
    if not legal:
        return "over"
    if any(clearing_of(a) is not None for a in legal):
        return "map"
    return "list"


def deciding(state: RootState) -> int:
    """The faction deciding now."""
    return state.stack[-1].faction if state.stack else state.turn


def of_kinds(legal: Sequence[Action], kinds: Sequence[str]) -> list[Action]:
    return [a for a in legal if a.kind in kinds]


def listed(legal: Sequence[Action]) -> list[Action]:
    """The choices of a list decision, numbered 1, 2, 3 ... in this order."""
    return list(legal) if decision(legal) == "list" else []


# ------------------------------------------------------------------ moving
def moves_from(legal: Sequence[Action], origin: int) -> list[Move]:
    return [a for a in legal if isinstance(a, Move) and a.origin == origin]


def destinations(legal: Sequence[Action], origin: int) -> list[int]:
    """Where warriors may move from ``origin``, in order."""
    return sorted({m.to for m in moves_from(legal, origin)})


def move_to(legal: Sequence[Action], origin: int, to: int) -> Pick:
    """The moves from ``origin`` to ``to``: one per number of warriors."""
    found = sorted((m for m in moves_from(legal, origin) if m.to == to), key=lambda m: -m.count)
    if found:
        return Pick(tuple(found), "", f"Move from {where(origin)} to {where(to)}: how many?")
    targets = destinations(legal, origin)
    return Pick(
        (),
        f"Warriors cannot move from {where(origin)} to {where(to)}"
        + (f"; they may go to {_names(targets)}." if targets else "."),
    )


# ------------------------------------------------------------------- keys
def at(state: RootState, legal: Sequence[Action], clearing: int) -> Pick:
    """Enter (or a second click) on a clearing: the legal actions there,
    moves aside (M chooses a destination)."""
    found = [a for a in legal if clearing_of(a) == clearing and not isinstance(a, Move)]
    if found:
        return Pick(tuple(found), "", f"In {where(clearing)}")
    if moves_from(legal, clearing):
        return Pick((), f"M moves warriors from {where(clearing)}: nothing else to do there.")
    spots = sorted({c for a in legal if (c := clearing_of(a)) is not None and c != clearing})
    if spots:
        return Pick((), f"Nothing to do in {where(clearing)}; point at {_names(spots)}.")
    return Pick((), "Nothing here: this decision is a choice from a list (Enter or 1-9).")


def with_key(state: RootState, legal: Sequence[Action], key: str, clearing: int) -> Pick:
    """A direct key: its legal actions (at the cursor for M, B, U, D, O)."""
    kinds = KEY_KINDS[key]
    found = of_kinds(legal, kinds)
    word = KEY_WORD[key]
    here = [a for a in found if clearing_of(a) == clearing]
    if key in AT_CURSOR or (key == "r" and here):
        # (R with the Eyrie's Decree: at the cursor's roost, when one may)
        if here:
            return Pick(tuple(here), "", f"{word.capitalize()}: {where(clearing)}")
        return Pick((), why_not(state, legal, key, clearing))
    if found:
        return Pick(tuple(found), "", f"{word.capitalize()}: choose")
    return Pick((), why_not(state, legal, key, clearing))


def choose(legal: Sequence[Action], number: int) -> Pick:
    """A digit in a list decision: the numbered choice."""
    items = listed(legal)
    if not items:
        return Pick((), "The digits choose from a list; here you point at a clearing.")
    if not 1 <= number <= len(items):
        return Pick((), f"There are {len(items)} choices: 1-{len(items)}.")
    return Pick((items[number - 1],))


# ----------------------------------------------------------------- reasons
def situation(state: RootState) -> str:
    """What is being decided now, in a few words."""
    f = deciding(state)
    who = core.name(f)
    if state.stack:
        kind = state.stack[-1].kind
        words = {
            "ambush": "deciding on an ambush",
            "counter": "deciding on an answer to an ambush",
            "battle_effects": "deciding on battle effects",
            "hits": "taking hits",
            "hospital": "deciding on Field Hospitals",
            "failure_choice": "choosing the minister who returns",
            "place_wood": "placing wood",
            "place_warrior": "placing warriors",
            "pay_wood": "paying wood for a building",
            "dig": "bringing warriors up a new tunnel",
            "sway": "revealing cards to sway a minister",
            "banker": "spending cards with the Banker",
            "mayor": "choosing the Mayor's action",
            "decree_card": "adding to the Decree",
            "roost_site": "choosing the site of a new roost",
            "choose_leader": "choosing a new leader",
        }
        return f"The {who} is {words.get(kind, 'deciding')}"
    step = state.step
    if step in ("actions", "assembly") and state.actions_left <= 0:
        return f"The {who} has no actions left"
    names = {
        "keep": "setting up",
        "start_sawmill": "setting up",
        "start_workshop": "setting up",
        "start_recruiter": "setting up",
        "birdsong": "in Birdsong",
        "daylight_start": "at the start of Daylight",
        "craft": "crafting",
        "actions": "in Daylight",
        "assembly": "in the Assembly",
        "parliament": "in Parliament",
        "sway": "swaying",
        "evening_start": "at the start of Evening",
        "evening_craft": "crafting in Evening",
        "discard": "discarding down to five",
        "eyrie_corner": "setting up",
        "eyrie_leader": "setting up",
        "resolve": "resolving the Decree",
        "score_roosts": "scoring roosts",
    }
    return f"The {who} is {names.get(step, 'deciding')}"


def why_not(state: RootState, legal: Sequence[Action], key: str, clearing: int) -> str:
    """Why a key does nothing now: its action is not taken at this time, or
    not in the clearing at the cursor (and where it is possible instead)."""
    found = of_kinds(legal, KEY_KINDS[key])
    if not found:
        if key == "t":
            return eyrie_keys.turmoil_reason(state)
        decree = eyrie_keys.cause(state, key, clearing)
        if decree is not None:
            return decree
        if key == "n":
            return "There is no step to end or choice to decline now: choose one of the options."
        when = KEYMAP.kinds[action_of(key)].when
        return f"{situation(state)}. {when}".strip()
    spots = sorted({c for a in found if (c := clearing_of(a)) is not None})
    elsewhere = f" Possible in {_names(spots)}." if spots else ""
    return _cause(state, key, clearing) + elsewhere


def _cause(state: RootState, key: str, clearing: int) -> str:
    """Why a key's action is not possible in the clearing at the cursor."""
    me = deciding(state)
    here = where(clearing)
    mine = core.warriors(state, me, clearing)
    decree = eyrie_keys.cause(state, key, clearing)
    if decree is not None:
        return decree
    if key == "b":
        if clearing == BURROW:
            return "There are no battles in the Burrow."
        if not mine:
            return f"You have no warriors in {here}."
        enemies = [f for f in core.enemies(state, me) if core.has_pieces(state, f, clearing)]
        if not enemies:
            others = [core.name(f) for f in core.enemies(state, me)]
            return f"There are no {' or '.join(others)} pieces in {here} to battle."
        return f"No battle in {here} now."
    if key == "m":
        if not mine:
            return f"You have no warriors in {here}."
        return f"You rule neither {here} nor a clearing next to it."
    if clearing == BURROW:
        return "Nothing is built in the Burrow."
    suit = core.suit_of(clearing) or ""
    hand = [c for c in state.player(me).hand if c != HIDDEN]
    if key == "u":
        if not core.rules(state, me, clearing):
            return f"You do not rule {here}."
        if core.free_slots(state, clearing) <= 0:
            return f"{here} has no free building slot."
        if not core.may_place(state, me, clearing):
            return f"The keep is in {here}: only the Marquise places pieces there."
        if me == CATS:
            return f"Not enough wood in {here} and the clearings you rule connected to it."
        if not any(core.matches(card_of(c).suit, clearing) for c in hand):
            return f"No card in your hand matches {here}'s suit ({suit})."
        return f"Nothing to build in {here} now."
    if key == "d":
        if state.clearings[clearing].tunnel:
            return f"There is already a tunnel in {here}."
        if not core.may_place(state, me, clearing):
            return f"The keep is in {here}: only the Marquise places pieces there."
        if not any(core.matches(card_of(c).suit, clearing) for c in hand):
            return f"No card in your hand matches {here}'s suit ({suit})."
        return f"No tunnel can be dug in {here} now."
    if key == "o":
        if "sawmill" not in state.clearings[clearing].buildings:
            return f"There is no sawmill in {here}."
        if not any(core.matches(card_of(c).suit, clearing) for c in hand):
            return f"No card in your hand matches {here}'s suit ({suit})."
        return f"No wood left in the supply to overwork {here}."
    return f"Not possible in {here}."


def _names(spots: Sequence[int]) -> str:
    names = [where(n) for n in spots]
    if len(names) > 4:
        names = [*names[:4], f"{len(spots) - 4} more"]
    return ", ".join(names)


# -------------------------------------------------------------------- hint
def hint(
    state: RootState,
    legal: Sequence[Action],
    clearing: int,
    describe: Callable[[Action], str],
    moving_from: int | None = None,
    asks_first: Callable[[Action], bool] | None = None,
) -> str:
    """The hint line: what Enter does at the cursor (or the numbered
    choices, or where a move may go), and what N does.  ``describe`` turns
    an action into words (the session's describe); ``asks_first`` says of
    an action whether Enter asks before taking it (it cannot be undone and
    the player did not point at it)."""
    step = decision(legal)
    if step == "over":
        return ""
    if moving_from is not None:
        targets = destinations(legal, moving_from)
        return (
            f"Moving from {where(moving_from)}: point at a clearing marked ◆ "
            f"({_names(targets)}) and press Enter · Esc: cancel"
        )
    done = of_kinds(legal, ("done", "decline"))
    end = f"N: {describe(done[0])}" if done else ""
    if step == "list":
        items = listed(legal)
        parts = [f"{i}: {describe(a)}" for i, a in enumerate(items[:9], start=1)]
        return "Press " + " · ".join(parts)
    pick = at(state, legal, clearing)
    if pick.single is not None:
        enter = f"Enter: {describe(pick.single)}"
        if asks_first is not None and asks_first(pick.single):
            enter += " (asks first: it cannot be undone)"
    elif pick.actions:
        enter = f"Enter: {len(pick.actions)} choices in {where(clearing)}"
    elif moves_from(legal, clearing):
        enter = f"M: move from {where(clearing)}"
    else:
        enter = f"{where(clearing)}: nothing to do here"
    return " · ".join(p for p in (enter, end) if p)


# --------------------------------------------------------------- hand-offs
def player_name(state: RootState, names: Sequence[str], faction: int) -> str:
    """A seat's name with the faction it plays: ``Ben (Marquise)``."""
    seat = state.seat(faction)
    name = names[seat] if 0 <= seat < len(names) else ""
    return f"{name} ({core.name(faction)})" if name else f"The {core.name(faction)}"


def waiting_line(state: RootState, names: Sequence[str], order_offered: bool = False) -> str:
    """The decision that waits for the seat the terminal passes to in the
    middle of a turn, in one line for the hand-off screen: everyone at the
    table reads it, so it says only what the table knows (where, who
    attacks, how many hits), never what a hand holds.  ``order_offered``:
    the attacker may let the defender use battle effects first.  Empty at
    the start of a turn."""
    if not state.stack:
        return ""
    p = state.stack[-1]
    battle = state.battle
    spot = p.clearing or (battle.clearing if battle is not None else 0)
    here = where(spot) if spot else "the battle"
    kind = p.kind
    if kind == "ambush" and battle is not None:
        attacker = player_name(state, names, battle.attacker)
        return f"{attacker} attacks you in {here}: will you play an ambush?"
    if kind == "counter" and battle is not None:
        defender = player_name(state, names, battle.defender)
        return f"{defender} ambushes your attack in {here}: will you cancel it?"
    if kind == "battle_effects":
        if order_offered:
            b = state.battle
            side = (b.defender if p.faction == b.attacker else b.attacker) if b else p.faction
            other = core.name(side)
            return (
                f"The battle in {here}: use your battle effects first, or let the {other} go first?"
            )
        return f"The battle in {here}: will you use a battle effect?"
    if kind == "hits":
        by = f" from the {core.name(p.by)}" if p.by in state.factions else ""
        hits = f"{p.count} hit" if p.count == 1 else f"{p.count} hits"
        return f"You take {hits}{by} in {here}: choose the pieces you lose."
    if kind == "hospital":
        fell = "a warrior" if p.count == 1 else f"{p.count} warriors"
        return (
            f"Field Hospitals: {fell} fell in {here}; spend a matching card "
            "to bring them to the keep?"
        )
    if kind == "failure_choice":
        return (
            "The Price of Failure: a Duchy building was removed; choose the minister who returns."
        )
    return ""


# ------------------------------------------------------------ the key map
#: Root's keys as the kit's data: Enter (``act``) and the digits (``choose``,
#: in a list decision) besides the direct keys.  The decision is ``map`` or
#: ``list`` (``decision``); the hint and the reasons are the functions above.
KEYMAP: Final[KeyMap[Here]] = KeyMap(
    decision=lambda h: decision(h.legal),
    kinds=[
        KeyKind("act", ("map", "list")),
        KeyKind(
            "choose",
            ("list",),
            lambda h, n: _first(
                eyrie_keys.card_pick(h.state, h.legal, n), lambda: choose(h.legal, n)
            ),
        ),
        *(_key_kind(k) for k in LETTER_KEYS),
    ],
    hint=lambda h: (
        eyrie_keys.hint(h)
        or " · ".join(
            p
            for p in (
                eyrie_keys.decree_prefix(h.state, h.legal),
                hint(h.state, h.legal, h.cursor, h.describe, h.moving_from, h.asks_first),
                eyrie_keys.decree_suffix(h.legal),
            )
            if p
        )
    ),
    explain=explain,
)
