"""Direct keys, the cursor and clicks to Root's legal actions.

A player points at a clearing and presses Enter, or presses a key (M move,
B battle, U build, R recruit, C craft ... and each faction's own keys).
Every function here answers with the engine's own legal actions that match:
one (play it), several (choose among just those) or none, with the reason in
a player's words.  Nothing here builds a move the engine has not offered,
and nothing here imports Textual: the screen calls these and the tests call
them directly.

The state passed in is the deciding seat's view (the other hand face down):
the reasons read only what that player may see.

The keys themselves are data for the screen kit (``kit/choice.py``): each
direct key a :class:`~.faction_ui.LetterKey` (its letter, action kinds, words
and ``when``, the time it may be used), the shared ones here and each
faction's in its screen package (``ui/root/factions/``), which also adds its
action kinds and words to the shared keys; and :func:`keymap`, the kit's key
map the screen checks and picks through, reading a :class:`Here`.  Nothing
here names a faction: a faction's decisions are asked of its screen part.

A key's pick and its reason are the two answers to one question (what
does this key do here?): the picks ask the reasons when they find nothing
and the reasons read the picks' sets, so they stay together.  What both
read of the legal actions (the kind of decision, the clearing an action
names, a place in words, where warriors may move) is :mod:`.reading`'s.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Final

from boardgames_tui.engine.game import Action
from boardgames_tui.games.root import core
from boardgames_tui.games.root.actions import Move, Sail
from boardgames_tui.games.root.battle import Ambush, BattleEffects, CounterAmbush
from boardgames_tui.games.root.model import HIDDEN, RootState, card_of
from boardgames_tui.games.root.removal import Hits

from ..kit.choice import KeyKind, KeyMap, Pick
from .faction_ui import (
    VERSION,
    FactionScreen,
    LetterKey,
    at_table,
    in_order,
    screen_of,
)
from .here import Here
from .look import choices_words, list_words, numbers
from .reading import (
    clearing_of,
    deciding,
    decision,
    destinations,
    listed,
    moves_from,
    of_kinds,
    where,
)

#: The shared direct keys, each with the words its sentence is made of when
#: factions add theirs (``when``: the sentence without them): the lead, the
#: joint between factions' words and the last joint.
SHARED_KEYS: Final[tuple[tuple[LetterKey, tuple[str, str, str] | None], ...]] = (
    (
        LetterKey("m", ("move",), "Move", "move", "Moves are taken in Daylight.", 10),
        ("Moves are taken ", ", ", ", and "),
    ),
    (
        LetterKey("b", ("battle",), "Battle", "battle", "Battles are started in Daylight.", 20),
        ("Battles are started ", ", ", ", and "),
    ),
    (
        LetterKey("u", (), "Build", "build", "Buildings are built in Daylight.", 30),
        ("", ", ", ", "),
    ),
    (
        LetterKey(
            "r", ("recruit",), "Recruit", "recruit", "Warriors are recruited in Daylight.", 60
        ),
        ("", "; ", "; "),
    ),
    (
        LetterKey("c", ("craft",), "Craft", "craft", "Cards are crafted with crafting pieces.", 70),
        ("", ", ", ", "),
    ),
    (
        LetterKey(
            "e",
            ("effect", "tax_collector"),
            "Effect",
            "card effect",
            "Crafted cards are used at their own times (Birdsong, Daylight, in battle).",
            90,
        ),
        None,
    ),
    (
        LetterKey(
            "n", ("done", "decline"), "Done", "done", "N ends a step or declines a choice.", 200
        ),
        None,
    ),
)

#: Keys that act on the clearing at the cursor (besides a faction's own,
#: which say so by a ``cause`` at the cursor).
SHARED_AT_CURSOR: Final = frozenset({"m", "b", "u"})

_MADE: dict[str, object] = {}


def _made(name: str, make: Callable[[], object]) -> object:
    """What is made from the registry, made again after a registration."""
    if _MADE.get("version") != VERSION[0]:
        _MADE.clear()
        _MADE["version"] = VERSION[0]
    found = _MADE.get(name)
    if found is None:
        found = _MADE[name] = make()
    return found


def seated(state: RootState | None) -> list[FactionScreen]:
    """The screen parts of the factions at the table, in the order their
    words stand (``None``: every registered one, for a table not yet set)."""
    screens = in_order()
    if state is None:
        return screens
    return [s for s in screens if s.number in state.factions]


def _sentence(
    key: LetterKey, form: tuple[str, str, str] | None, screens: Sequence[FactionScreen]
) -> str:
    """A shared key's ``when``: its lead and the words of each faction of
    ``screens``, joined."""
    parts = [s.clauses.when[key.letter] for s in screens if key.letter in s.clauses.when]
    if form is None or not parts:
        return key.when
    lead, joint, last = form
    text = lead + joint.join(parts[:-1]) + (last if len(parts) > 1 else "") + parts[-1]
    return text[:1].upper() + text[1:] + "."


def _letter_keys() -> tuple[LetterKey, ...]:
    out: list[LetterKey] = []
    for key, form in SHARED_KEYS:
        added = tuple(k for s in in_order() for k in s.key_kinds.get(key.letter, ()))
        out.append(replace(key, kinds=key.kinds + added, when=_sentence(key, form, in_order())))
    out += [k for s in in_order() for k in s.keys]
    return tuple(sorted(out, key=lambda k: k.order))


def letter_keys() -> tuple[LetterKey, ...]:
    """Every direct key, the shared ones and each faction's, in the footer's order."""
    found = _made("letters", _letter_keys)
    assert isinstance(found, tuple)
    return found


def when_at(state: RootState, letter: str) -> str | None:
    """When a key may be used, in the words of the factions at the table
    only: a shared key's sentence made of theirs; a faction's own key its
    ``when`` when that faction is seated (None: no faction here uses it)."""
    for key, form in SHARED_KEYS:
        if key.letter == letter:
            return _sentence(key, form, seated(state))
    owners = [s for s in in_order() if any(k.letter == letter for k in s.keys)]
    if owners and not any(s.number in state.factions for s in owners):
        return None
    return key_of(letter).when


def key_kinds() -> dict[str, tuple[str, ...]]:
    """Direct keys -> the action kinds they stand for."""
    return {k.letter: k.kinds for k in letter_keys()}


def key_of(letter: str) -> LetterKey:
    return next(k for k in letter_keys() if k.letter == letter)


def at_cursor() -> frozenset[str]:
    """Keys that act on the clearing at the cursor."""
    return SHARED_AT_CURSOR | {k.letter for k in letter_keys() if k.cause is not None}


def action_of(letter: str) -> str:
    """The key map's kind a direct key is bound to (its footer word)."""
    return key_of(letter).footer.lower()


def letter_of(action: str) -> str:
    """The direct key bound to a key map's kind."""
    return next(k.letter for k in letter_keys() if k.footer.lower() == action)


def _key_kind(key: LetterKey) -> KeyKind[Here]:
    """A direct key as the kit's data: shown while its action is legal
    somewhere now (hidden otherwise: the key falls through to the reason),
    picking its legal actions (at the cursor for M, B, U and a faction's
    keys at the cursor), with the time it may be used (``when``) for the
    reason it cannot."""
    letter, kinds = key.letter, key.kinds
    return KeyKind(
        action_of(letter),
        # (a faction's own decision may give a letter a meaning of its own)
        pick=lambda h: _first(
            faction_pick(h, letter),
            lambda: with_key(h.state, h.legal, letter, h.cursor),
        ),
        shown=lambda h: not h.legal_kinds.isdisjoint(kinds) or faction_pick(h, letter) is not None,
        when=key.when,
        board=True,
    )


def faction_pick(here: Here, letter: str) -> Pick | None:
    """What a letter stands for in a decision of a faction at the table that
    gives it a meaning of its own (None: none does)."""
    for screen in at_table(here.state):
        found = screen.pick(here, letter)
        if found is not None:
            return found
    return None


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


# ------------------------------------------------------------------ moving
def move_to(state: RootState, legal: Sequence[Action], origin: int, to: int) -> Pick:
    """The moves from ``origin`` to ``to``: one per number of warriors."""
    found = sorted((m for m in moves_from(legal, origin) if m.to == to), key=lambda m: -m.count)
    here, there = where(state, origin), where(state, to)
    if found:
        how = "Sail on the Ferry" if isinstance(found[0], Sail) else "Move"
        return Pick(tuple(found), "", f"{how} from {here} to {there}: how many?")
    targets = destinations(legal, origin)
    return Pick(
        (),
        f"Warriors cannot move from {here} to {there}"
        + (f"; they may go to {_names(state, targets)}." if targets else "."),
    )


# ------------------------------------------------------------------- keys
def at(state: RootState, legal: Sequence[Action], clearing: int) -> Pick:
    """Enter (or a second click) on a clearing: the legal actions there,
    moves aside (M chooses a destination)."""
    found = [a for a in legal if clearing_of(a) == clearing and not isinstance(a, Move)]
    here = where(state, clearing)
    if found:
        return Pick(tuple(found), "", f"In {here}")
    if moves_from(legal, clearing):
        return Pick((), f"M moves warriors from {here}: nothing else to do there.")
    spots = sorted({c for a in legal if (c := clearing_of(a)) is not None and c != clearing})
    if spots:
        return Pick((), f"Nothing to do in {here}; point at {_names(state, spots)}.")
    return Pick((), f"Nothing here: choose from a list (Enter or {numbers(min(len(legal), 9))}).")


def with_key(state: RootState, legal: Sequence[Action], key: str, clearing: int) -> Pick:
    """A direct key: its legal actions (at the cursor for a key that acts there)."""
    letter = key_of(key)
    found = of_kinds(legal, letter.kinds)
    word = letter.word
    here = [a for a in found if clearing_of(a) == clearing]
    if key in at_cursor() or (key == "r" and here):
        # (R where a recruit names a clearing: at the cursor's, when one may)
        if here:
            return Pick(tuple(here), "", f"{word.capitalize()}: {where(state, clearing)}")
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
        return Pick((), choices_words(len(items)))
    return Pick((items[number - 1],))


# ----------------------------------------------------------------- reasons
#: What the player is doing in each shared step (a faction's own: its
#: screen part's ``situations``).
SITUATIONS: Final[dict[str, str]] = {
    "birdsong": "in Birdsong",
    "daylight_start": "at the start of Daylight",
    "evening_start": "at the start of Evening",
    "discard": "discarding down to five",
}


def situation(state: RootState) -> str:
    """What is being decided now, in a few words."""
    f = deciding(state)
    if state.stack:
        return f"{core.the(f, 'is', start=True)} {state.stack[-1].doing}"
    owner = screen_of(state.setting_up if state.setting_up >= 0 else state.turn)
    own = owner.situation(state)
    if own is not None:
        return f"{core.the(f, start=True)} {own}"
    step = state.step
    words = SITUATIONS.get(step) or owner.situations.get(step, "deciding")
    return f"{core.the(f, 'is', start=True)} {words}"


def faction_cause(state: RootState, key: str, clearing: int) -> str | None:
    """Why a key does nothing at the cursor in a faction's own step, as the
    faction's screen part says (None: the usual reasons)."""
    for screen in at_table(state):
        found = screen.cause(state, key, clearing)
        if found is not None:
            return found
    return None


def why_not(state: RootState, legal: Sequence[Action], key: str, clearing: int) -> str:
    """Why a key does nothing now: its action is not taken at this time, or
    not in the clearing at the cursor (and where it is possible instead)."""
    letter = key_of(key)
    found = of_kinds(legal, letter.kinds)
    if not found:
        when = when_at(state, key)
        if when is None:
            return f"{key.upper()} does nothing at this table: no faction here has a use for it."
        if letter.reason is not None:
            return letter.reason(state)
        own = faction_cause(state, key, clearing)
        if own is not None:
            return own
        if key == "n":
            return "There is no step to end or choice to decline now: choose one of the options."
        return f"{situation(state)}. {when}".strip()
    spots = sorted({c for a in found if (c := clearing_of(a)) is not None})
    elsewhere = f" Possible in {_names(state, spots)}." if spots else ""
    return _cause(state, key, clearing) + elsewhere


def _forbidden(state: RootState, clearing: int) -> str:
    """Why the deciding faction may not place pieces in a clearing."""
    for screen in at_table(state):
        words = screen.forbids(state, clearing)
        if words is not None:
            return words
    return f"No pieces may be placed in {where(state, clearing)}."


def _cause(state: RootState, key: str, clearing: int) -> str:
    """Why a key's action is not possible in the clearing at the cursor."""
    me = deciding(state)
    here = where(state, clearing)
    mine = core.warriors(state, me, clearing)
    own = faction_cause(state, key, clearing)
    if own is not None:
        return own
    on_map = core.on_the_map(state, clearing)
    if key == "b":
        if not on_map:
            return f"There are no battles in {here}."
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
    if not on_map:
        return f"Nothing is built in {here}."
    suit = core.suit_of(state, clearing) or ""
    hand = [c for c in state.player(me).hand if c != HIDDEN]
    if key == "u":
        if not core.rules(state, me, clearing):
            return f"You do not rule {here}."
        if core.free_slots(state, clearing) <= 0:
            return f"{here} has no free building slot."
        if not core.may_place(state, me, clearing):
            return _forbidden(state, clearing)
        lacks = screen_of(me).lacks(state, key, clearing)
        if lacks is not None:
            return lacks
        if not any(core.matches(state, card_of(c).suit, clearing) for c in hand):
            return f"No card in your hand matches {here}'s suit ({suit})."
        return f"Nothing to build in {here} now."
    letter = key_of(key)
    if letter.cause is not None:
        return letter.cause(state, clearing)
    return f"Not possible in {here}."


def cannot_place(state: RootState, clearing: int) -> str | None:
    """Why the deciding faction may not place pieces in a clearing (None: it may)."""
    if core.may_place(state, deciding(state), clearing):
        return None
    return _forbidden(state, clearing)


def no_matching_card(state: RootState, clearing: int) -> str | None:
    """That no card of the deciding faction's hand matches a clearing (None: one does)."""
    hand = [c for c in state.player(deciding(state)).hand if c != HIDDEN]
    if any(core.matches(state, card_of(c).suit, clearing) for c in hand):
        return None
    suit = core.suit_of(state, clearing) or ""
    return f"No card in your hand matches {where(state, clearing)}'s suit ({suit})."


def _names(state: RootState, spots: Sequence[int]) -> str:
    names = [where(state, n) for n in spots]
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
            f"Moving from {where(state, moving_from)}: point at a clearing marked ◆ "
            f"({_names(state, targets)}) and press Enter · Esc: cancel"
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
        enter = f"Enter: {core.plural(len(pick.actions), 'choice')} in {where(state, clearing)}"
    elif moves_from(legal, clearing):
        enter = f"M: move from {where(state, clearing)}"
    else:
        enter = f"{where(state, clearing)}: nothing to do here"
    return " · ".join(p for p in (enter, end) if p)


# --------------------------------------------------------------- hand-offs
def player_name(state: RootState, names: Sequence[str], faction: int) -> str:
    """A seat's name with the faction it plays: ``Ben (<its short name>)``."""
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
    spot = p.place or (battle.clearing if battle is not None else 0)
    here = where(state, spot) if spot else "the battle"
    if isinstance(p, Ambush) and battle is not None:
        attacker = player_name(state, names, battle.attacker)
        return f"{attacker} attacks you in {here}: will you play an ambush?"
    if isinstance(p, CounterAmbush) and battle is not None:
        defender = player_name(state, names, battle.defender)
        return f"{defender} ambushes your attack in {here}: will you cancel it?"
    if isinstance(p, BattleEffects):
        if order_offered:
            b = state.battle
            side = (b.defender if p.faction == b.attacker else b.attacker) if b else p.faction
            other = core.name(side)
            return (
                f"The battle in {here}: use your battle effects first, or let the {other} go first?"
            )
        return f"The battle in {here}: will you use a battle effect?"
    if isinstance(p, Hits):
        by = f" from the {core.name(p.by)}" if p.by in state.factions else ""
        hits = f"{p.count} hit" if p.count == 1 else f"{p.count} hits"
        return f"You take {hits}{by} in {here}: choose the pieces you lose."
    return screen_of(p.faction).waiting(state, p, here) or ""


# ------------------------------------------------------------ the key map
def _hint(h: Here) -> str:
    """The hint line: a faction's own for its decision, else the usual one
    between what the factions at the table begin and end it with."""
    screens = at_table(h.state)
    for screen in screens:
        own = screen.hint(h)
        if own is not None:
            return own
    parts = [screen.hint_parts(h.state, h.legal) for screen in screens]
    usual = hint(h.state, h.legal, h.cursor, h.describe, h.moving_from, h.asks_first)
    return " · ".join(p for p in (*(b for b, _ in parts), usual, *(e for _, e in parts)) if p)


def _choose(h: Here, number: int) -> Pick:
    """A digit: what a faction's own decision makes of it, else the list's
    choice, else (a decision on the map) that action of the action list on
    screen, which numbers them."""
    for screen in at_table(h.state):
        own = screen.choose(h, number)
        if own is not None:
            return own
    if decision(h.legal) == "map" and h.numbered:
        items = h.numbered
        if not 1 <= number <= min(len(items), 9):
            return Pick((), list_words(len(items)))
        return Pick((items[number - 1],))
    return choose(h.legal, number)


def _digits_shown(h: Here) -> bool:
    """The digits mean something: a list decision, or the action list on screen."""
    return decision(h.legal) == "list" or bool(h.numbered)


def _keymap() -> KeyMap[Here]:
    return KeyMap(
        decision=lambda h: decision(h.legal),
        kinds=[
            # (Every key acts at the Woodland: none while a list has the focus.)
            KeyKind("act", ("map", "list"), board=True),
            # (The digits: a list decision's choices, or the action list's
            # numbers wherever it is on screen.)
            KeyKind("choose", (), _choose, shown=_digits_shown, board=True),
            *(_key_kind(k) for k in letter_keys()),
        ],
        hint=_hint,
        explain=explain,
    )


def keymap() -> KeyMap[Here]:
    """Root's keys as the kit's data: Enter (``act``) and the digits
    (``choose``, in a list decision) besides the direct keys.  The decision
    is ``map`` or ``list`` (``decision``); the hint and the reasons are the
    functions above."""
    found = _made("keymap", _keymap)
    assert isinstance(found, KeyMap)
    return found
