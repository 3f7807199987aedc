"""Direct keys (and clicks) to legal actions.

A key never builds a move of its own: each function here picks, among the
engine's legal actions, the ones the key stands for at what the cursor points
at, and when there are none says why in a player's words.  So a key can never
make a move the action picker would not offer.  Each returns the kit's
:class:`~boardgames_tui.ui.kit.choice.Pick`; the key map (``keys.py``) binds
the screen's keys to them.  Nothing here imports Textual: the screen calls
these and the tests call them directly.

What the cursor can point at (:class:`Pointer`): a space of the map (a site
or a route space), a numbered choice (an option of a card, a player to give
an Insane Outcast to or to make discard, a trophy to take), or a card: in
the hand, played this turn, in the market, the devoured pile's top card while
it counts as a market card (Ghost), the always-available piles, and, when a
card asks for them, in the discard pile or the inner circle.  A card is
pointed at where it lies: one played from the market or the inner circle
there, a promotion's card in the hand, the played cards or the discard pile,
"devour this card" among the played cards.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from boardgames_tui.engine.game import Action
from boardgames_tui.games.tyrants import board as bd
from boardgames_tui.games.tyrants import effects as fx
from boardgames_tui.games.tyrants.cards import card
from boardgames_tui.games.tyrants.decision_options import devoured_top
from boardgames_tui.games.tyrants.model import TyrantsState, free, presence
from boardgames_tui.games.tyrants.ops import space_name
from boardgames_tui.games.tyrants.resolve import effect_of
from boardgames_tui.games.tyrants.rules import (
    ASSASSINATE_COST,
    RETURN_SPY_COST,
    describe,
    prompt,
)

from ..kit.choice import Pick

Zone = Literal[
    "space", "choice", "hand", "played", "market", "devoured", "piles", "discard", "inner"
]
#: The card zones, in the order the cards panel lists them.
CARD_ZONES: tuple[Zone, ...] = (
    "choice",
    "hand",
    "played",
    "market",
    "devoured",
    "piles",
    "discard",
    "inner",
)


@dataclass(frozen=True)
class Pointer:
    """What the cursor points at: ``key`` is a space id, a card id, or the
    number of a choice; ``index`` tells copies of a card apart."""

    zone: Zone
    key: str
    index: int = 0


# ------------------------------------------------------------ what is where
#: Actions aimed at a space of the map, and the direct key of each family.
SPACE_KINDS = {
    "place_start_troop": "d",
    "deploy": "d",
    "move_to": "d",
    "assassinate": "x",
    "supplant": "x",
    "return_troop": "x",
    "pick_troop": "m",
    "place_spy": "s",
    "return_spy": "s",
    "return_own_spy": "s",
}
#: What each of those does, in the hint ("S return a spy": an enemy's).
SPACE_WORDS = {
    "place_start_troop": "place a troop",
    "deploy": "deploy",
    "move_to": "move it here",
    "assassinate": "assassinate",
    "supplant": "supplant",
    "return_troop": "return a troop",
    "pick_troop": "move a troop",
    "place_spy": "place a spy",
    "return_spy": "return a spy",
    "return_own_spy": "return your spy",
}
#: Actions aimed at a card.
CARD_KINDS = {
    "play_card",
    "recruit",
    "recruit_devoured",
    "devour_market",
    "promote",
    "devour_card",
    "discard_card",
}
#: Actions listed as numbered choices.
CHOICE_KINDS = {"choose_option", "give_outcast", "make_discard", "take_trophy"}
#: Actions with a key of their own, wherever the cursor is.
GLOBAL_KEYS = {"end_turn": "e", "stop": "n", "deploy_for_vp": "d"}


def space_of(action: Action) -> str | None:
    if action.kind not in SPACE_KINDS:
        return None
    return getattr(action, "space", None) or getattr(action, "site", None)


def card_of(action: Action) -> str | None:
    return getattr(action, "card", None) if action.kind in CARD_KINDS else None


def top_effect(state: TyrantsState) -> object | None:
    if not state.jobs:
        return None
    effect: object = effect_of(state.jobs[-1])
    return effect


def zones_of(state: TyrantsState, action: Action) -> frozenset[Zone]:
    """Where the card an action names is pointed at."""
    kind = action.kind
    effect = top_effect(state)
    if kind == "play_card":
        # A card played as if from the hand (Ulitharid, Elder Brain) lies
        # in the market or the inner circle.
        if isinstance(effect, fx.PlayFrom):
            return frozenset({"market"} if effect.source == "market" else {"inner"})
        return frozenset({"hand"})
    if kind == "discard_card":
        return frozenset({"hand"})
    if kind == "recruit":
        return frozenset({"market", "piles"})
    if kind == "recruit_devoured":
        return frozenset({"devoured"})
    if kind == "devour_market":
        return frozenset({"market"})
    if kind == "promote":
        pile = getattr(action, "pile", None)
        if pile is not None:
            return frozenset({PILE_ZONES[pile]})
        return frozenset({"discard"} if isinstance(effect, fx.Promote) else {"played"})
    if kind == "devour_card":
        cost = getattr(effect, "cost", None)
        if isinstance(cost, fx.DevourCard) and cost.source == "this":
            return frozenset({"played"})
        inner = isinstance(cost, fx.DevourCard) and cost.source == "inner_circle"
        return frozenset({"inner"} if inner else {"hand"})
    return frozenset()


#: Where a promotion that names its pile finds the card.
PILE_ZONES: dict[str, Zone] = {"played": "played", "hand": "hand", "discard": "discard"}


def choice_actions(legal: Sequence[Action]) -> list[Action]:
    return [a for a in legal if a.kind in CHOICE_KINDS]


def shows_zone(state: TyrantsState, legal: Sequence[Action], zone: Zone) -> bool:
    """The discard pile and the inner circle are listed only when a card asks
    for one of them."""
    if zone not in ("discard", "inner"):
        return True
    return any(zone in zones_of(state, a) for a in legal if a.kind in CARD_KINDS)


def card_rows(state: TyrantsState, seat: int | None, legal: Sequence[Action]) -> list[Pointer]:
    """Every card line of the cards panel, in order.  ``seat``: the person at
    the terminal, whose hand is shown (None: no hand is shown)."""
    rows: list[Pointer] = [Pointer("choice", str(i)) for i in range(len(choice_actions(legal)))]
    if seat is not None:
        rows += [Pointer("hand", c, i) for i, c in enumerate(state.players[seat].hand)]
    current = state.players[state.current]
    rows += [Pointer("played", c, i) for i, c in enumerate(current.played) if c is not None]
    rows += [Pointer("market", c, i) for i, c in enumerate(state.market)]
    top = devoured_top(state)
    if top is not None:
        rows.append(Pointer("devoured", top))
    rows += [Pointer("piles", c) for c, left in sorted(state.piles.items()) if left > 0]
    if seat is not None:
        p = state.players[seat]
        if shows_zone(state, legal, "discard"):
            rows += [Pointer("discard", c, i) for i, c in enumerate(p.discard)]
        if shows_zone(state, legal, "inner"):
            rows += [Pointer("inner", c, i) for i, c in enumerate(p.inner_circle)]
    return rows


# --------------------------------------------------------------------- keys
def _not_now(state: TyrantsState, what: str) -> str:
    return f"{what} is not a choice now. {prompt(state)}"


def at(state: TyrantsState, legal: Sequence[Action], pointer: Pointer | None) -> Pick:
    """Enter: every legal action at what the cursor points at."""
    if pointer is None:
        return Pick(reason=f"Point at something first. {prompt(state)}")
    if pointer.zone == "space":
        return at_space(state, legal, pointer.key)
    if pointer.zone == "choice":
        return numbered(state, legal, int(pointer.key))
    return at_card(state, legal, pointer)


def at_space(
    state: TyrantsState, legal: Sequence[Action], space: str, key: str | None = None
) -> Pick:
    """The actions at a space of the map; with ``key`` ("d", "x", "m", "s")
    only that family's."""
    found = tuple(
        a for a in legal if space_of(a) == space and (key is None or SPACE_KINDS[a.kind] == key)
    )
    name = space_name(space)
    if found:
        return Pick(found, title=f"At {name}")
    return Pick(reason=why_not_at(state, legal, space, key))


def why_not_at(state: TyrantsState, legal: Sequence[Action], space: str, key: str | None) -> str:
    """Why a key does nothing at a space, in a sentence."""
    name = space_name(space)
    seat = state.jobs[-1].seat if state.jobs else state.current
    main = state.phase == "main" and not state.jobs
    family = [
        a for a in legal if a.kind in SPACE_KINDS and (key is None or SPACE_KINDS[a.kind] == key)
    ]
    power = state.players[seat].power
    if key == "d":
        if state.phase == "placing":
            return f"{name} is not a free start site: place your first troop on a black start site with room."
        if not family:
            if main and state.players[seat].troops == 0:
                return "Your barracks are empty: D spends 1 power for 1 VP instead."
            if main:
                return f"Deploying costs 1 power; you have {power}."
            return _not_now(state, "Deploying")
        if free(state, space) == 0:
            return f"{name} has no empty troop space."
        return f"You have no presence at {name}: deploy next to your troops or spies."
    if key == "x":
        if not family:
            if main:
                return f"Assassinating costs {ASSASSINATE_COST} power; you have {power}."
            return _not_now(state, "Removing a troop")
        if not any(c != seat for c in state.troops.get(space, [])):
            return f"There is no enemy troop at {name}."
        if space not in presence(state, seat):
            return f"You have no presence at {name}."
        return f"No troop at {name} can be taken now."
    if key == "s":
        if not family:
            if main:
                return (
                    f"Returning an enemy spy costs {RETURN_SPY_COST} power (you have {power}); "
                    "spies are placed by cards."
                )
            return _not_now(state, "A spy")
        if not bd.is_site(space):
            return "Spies go on sites, not on route spaces."
        return f"No spy can be placed or returned at {name} now."
    if key == "m":
        if not family:
            return _not_now(state, "Moving a troop")
        return f"No enemy troop at {name} can be moved (you need presence there)."
    if not [a for a in legal if a.kind in SPACE_KINDS]:
        return f"Nothing happens on the map now. {prompt(state)}"
    return f"Nothing to do at {name} now. {prompt(state)}"


def at_card(state: TyrantsState, legal: Sequence[Action], pointer: Pointer) -> Pick:
    """The actions naming the card at the cursor, in its zone."""
    found = tuple(
        a for a in legal if card_of(a) == pointer.key and pointer.zone in zones_of(state, a)
    )
    name = card(pointer.key).name
    if found:
        return Pick(found, title=name)
    return Pick(reason=why_not_card(state, legal, pointer))


def why_not_card(state: TyrantsState, legal: Sequence[Action], pointer: Pointer) -> str:
    c = card(pointer.key)
    seat = state.jobs[-1].seat if state.jobs else state.current
    main = state.phase == "main" and not state.jobs
    influence = state.players[seat].influence
    if pointer.zone in ("market", "piles", "devoured"):
        if c.back_to_supply:
            return f"{c.name} cannot be recruited: it is given out by cards."
        if main and (c.cost or 0) > influence:
            return f"{c.name} costs {c.cost} influence; you have {influence}."
        return _not_now(state, f"Recruiting {c.name}")
    if pointer.zone == "hand":
        return _not_now(state, f"Playing {c.name}")
    if pointer.zone == "played":
        return f"{c.name} has been played this turn; it goes to your discard pile at the end of the turn."
    return _not_now(state, c.name)


def numbered(state: TyrantsState, legal: Sequence[Action], number: int) -> Pick:
    """A digit (from 0): the numbered choice when there is one to make, else
    the card at that place in the hand of the player deciding."""
    options = choice_actions(legal)
    if options:
        if 0 <= number < len(options):
            return Pick((options[number],))
        if len(options) == 1:
            return Pick(reason="There is 1 choice: press 1.")
        return Pick(reason=f"There are {len(options)} choices: 1 to {len(options)}.")
    if state.phase not in ("main", "ending"):
        # The end of a turn still asks for cards of a hand (Neogi's discard).
        return Pick(reason=_not_now(state, "A numbered choice"))
    seat = state.jobs[-1].seat if state.jobs else state.current
    hand = state.players[seat].hand
    if not 0 <= number < len(hand):
        if len(hand) == 1:
            return Pick(reason="Your hand has 1 card: press 1.")
        if not hand:
            return Pick(reason="Your hand is empty.")
        return Pick(reason=f"Your hand has {len(hand)} cards: 1 to {len(hand)}.")
    return at_card(state, legal, Pointer("hand", hand[number], number))


def direct(state: TyrantsState, legal: Sequence[Action], key: str, pointer: Pointer | None) -> Pick:
    """D, X, M, S at the cursor's space; E and N wherever it is."""
    if key == "e":
        found = tuple(a for a in legal if a.kind == "end_turn")
        return Pick(found) if found else Pick(reason=_not_now(state, "Ending the turn"))
    if key == "n":
        found = tuple(a for a in legal if a.kind == "stop")
        return Pick(found) if found else Pick(reason=_not_now(state, "Stopping"))
    if key == "d":
        vp = tuple(a for a in legal if a.kind == "deploy_for_vp")
        if vp:
            return Pick(vp)
    if pointer is None or pointer.zone != "space":
        return Pick(
            reason=f"Point at a space of the map first (Tab goes to the map). {prompt(state)}"
        )
    return at_space(state, legal, pointer.key, key)


def live_spaces(legal: Sequence[Action]) -> set[str]:
    """The spaces where Enter does something now."""
    return {s for a in legal if (s := space_of(a)) is not None}


def live_cards(state: TyrantsState, legal: Sequence[Action]) -> set[tuple[Zone, str]]:
    return {
        (zone, c) for a in legal if (c := card_of(a)) is not None for zone in zones_of(state, a)
    }


# -------------------------------------------------------------------- hints
def hint(
    state: TyrantsState,
    legal: Sequence[Action],
    pointer: Pointer | None,
    *,
    cards: bool = False,
    readable: bool = False,
) -> str:
    """The keys that matter now, in one line: what Enter does at the cursor
    first.  ``cards``: the cards panel has the focus (the map's keys still
    act on the map's cursor, and the hint says so); ``readable``: C has
    something to read at the cursor (a card's whole text, or words the
    detail has no room for), and only then does the hint offer it."""
    kinds = {a.kind for a in legal}
    parts: list[str] = []
    if "discard_card" in kinds and state.jobs and state.jobs[-1].kind == "discard":
        parts.append(forced_discard_words(state))
    pick = at(state, legal, pointer) if pointer is not None else Pick()
    if len(pick.actions) == 1:
        parts.append(f"Enter: {_short(state, pick.actions[0])}")
    elif pick.actions:
        parts.append(f"Enter: {len(pick.actions)} choices here")
    if choice_actions(legal):
        parts.append(f"1-{len(choice_actions(legal))}: choose")
    elif "hand" in _card_zones(state, legal):
        parts.append("1-9: that card of your hand")
    keys = []
    for key in "dxms":
        does = [w for k, w in SPACE_WORDS.items() if k in kinds and SPACE_KINDS[k] == key]
        if does:
            keys.append(f"{key.upper()} {' / '.join(does)}")
    if keys:
        parts.append(f"at the {'map cursor' if cards else 'cursor'}: {', '.join(keys)}")
    market = {"recruit", "recruit_devoured", "devour_market"} & kinds or (
        "market" in _card_zones(state, legal)
    )
    on_map = pointer is None or pointer.zone == "space"
    if market and on_map:
        parts.append("Tab: the market")
    elif on_map and _card_zones(state, legal) - {"hand", "market"}:
        # A card to choose among the played ones or the discard (a promote):
        # the cards panel, not the map, is where Enter takes it.
        parts.append("Tab: the cards")
    if "deploy_for_vp" in kinds:
        parts.append("D: 1 power for 1 VP")
    if "stop" in kinds:
        discarded = bool(state.jobs) and state.jobs[-1].origin == "discarded"
        # An Ambassador made to be discarded: N keeps it on the discard pile.
        parts.append("N: leave it discarded" if discarded else "N: stop")
    if "end_turn" in kinds:
        parts.append("E: end turn")
    if readable:
        parts.append("C: read all")
    return " · ".join(parts)


def pointed_words(pointer: Pointer) -> str:
    """What the cursor of the cards points at, in a word or two: a card's
    name ("Wyrmspeaker"), or a choice's number ("choice 2")."""
    if pointer.zone == "choice":
        return f"choice {int(pointer.key) + 1}"
    return card(pointer.key).name


def enter_words(state: TyrantsState, pick: Pick) -> str:
    """What Enter does with ``pick``, after "to": "recruit Wyrmspeaker",
    or "choose among 2" for several."""
    if len(pick.actions) == 1:
        text = _short(state, pick.actions[0]).rstrip(".")
        return text
    return f"choose among {len(pick.actions)}"


def forced_discard_words(state: TyrantsState) -> str:
    """Who discards and which card made them, for a forced discard on top:
    "Ben: choose a card to discard (Cranium Rats made you)"."""
    job = state.jobs[-1]
    return (
        f"{state.seats[job.seat].name}: choose a card to discard ({card(job.card).name} made you)"
    )


def _waiting_for(state: TyrantsState, seat: int) -> tuple[str, str, str] | None:
    """The decision ``seat`` makes in the middle of another player's turn,
    as (what kind: "discard" or "promote", whose card forced it ("Ben's " or
    ""), the card's name); None for a decision of its own turn."""
    if not state.jobs or state.jobs[-1].seat != seat:
        return None
    job = state.jobs[-1]
    name = card(job.card).name
    if job.kind == "discard":
        whose = f"{state.seats[job.forcer].name}'s " if job.forcer is not None else ""
        return "discard", whose, name
    if job.origin == "discarded" and job.kind == "act":
        return "promote", "", name
    return None


def waiting_words(state: TyrantsState, seat: int) -> str:
    """The line on the hand-off when the table passes to ``seat`` in the
    middle of another player's turn: the discard (or the reaction to one)
    that waits for them; "" when it is their own decision to make.  Public:
    what the prompt says once they are at the table."""
    match _waiting_for(state, seat):
        case ("discard", whose, name):
            return f"{whose}{name} makes you discard a card of your choice."
        case ("promote", _, name):
            return f"Your {name} was discarded: you may promote it instead."
    return ""


def waiting_phrase(state: TyrantsState, seat: int) -> str:
    """What ``seat`` decides in the middle of another player's turn, in words
    that follow its name for the windows that wait for it ("to choose a
    card to discard for Ben's Ghoul"); "" for a decision of its own turn.
    Public, as :func:`waiting_words` is: never a card of the hand."""
    match _waiting_for(state, seat):
        case ("discard", whose, name):
            return f"to choose a card to discard for {whose}{name}"
        case ("promote", _, name):
            return f"to decide whether to promote the discarded {name}"
    return ""


def _card_zones(state: TyrantsState, legal: Sequence[Action]) -> set[Zone]:
    return {z for a in legal if a.kind in CARD_KINDS for z in zones_of(state, a)}


def _short(state: TyrantsState, action: Action) -> str:
    text = describe(state, action)  # type: ignore[arg-type]
    if action.kind == "play_card":
        text = text.split(":")[0] + "."
    return text[0].lower() + text[1:] if text else text


#: The turn's actions paid for with power, and with influence.
POWER_KINDS = frozenset({"deploy", "assassinate", "return_spy"})
INFLUENCE_KINDS = frozenset({"recruit"})


def left_unused(state: TyrantsState, legal: Sequence[Action]) -> str:
    """What ending the turn now would leave unused, in words ("3 cards
    unplayed and 2 influence unspent"), or "" when nothing: the cards in
    hand, and power or influence that an action offered now could spend."""
    player = state.players[state.current]
    kinds = {action.kind for action in legal}
    parts = []
    if player.hand:
        count = len(player.hand)
        parts.append(f"{count} card{'s' if count != 1 else ''} unplayed")
    unspent = []
    if player.power and kinds & POWER_KINDS:
        unspent.append(f"{player.power} power")
    if player.influence and kinds & INFLUENCE_KINDS:
        unspent.append(f"{player.influence} influence")
    if unspent:
        parts.append(" and ".join(unspent) + " unspent")
    return " and ".join(parts)


def spends_from_hand(state: TyrantsState, action: Action, seat: int) -> str:
    """The name of the card ``action`` takes out of ``seat``'s hand, hidden
    from the others, to pay or answer for something (discarded, devoured
    from the hand, promoted from it); "" for any other action."""
    kind, chosen = action.kind, getattr(action, "card", None)
    if chosen is None or kind not in ("discard_card", "devour_card", "promote"):
        return ""
    if kind == "promote" and getattr(action, "pile", None) != "hand":
        return ""
    if kind == "devour_card" and chosen not in state.players[seat].hand:
        return ""
    return card(chosen).name
