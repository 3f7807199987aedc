"""The Underground Duchy (Law 12): setup, Birdsong's recruits into the Burrow,
Assembly (build, recruit, move, battle, dig), Parliament (every minister),
Sway, Evening's revealed cards and draws, the Burrow (its own place off the
map) and the Price of Failure."""

from __future__ import annotations

from collections import Counter
from typing import ClassVar, Final

from boardgames_tui.engine.game import Action, Event

from .. import core
from ..actions import (
    DONE,
    Battle,
    BuildDuchy,
    ChooseCorner,
    Dig,
    Minister,
    Move,
    Recruit,
    ReturnMinister,
    Reveal,
    Spend,
    Sway,
    Warriors,
)
from ..core import CLEARINGS, WOODLAND, clearing_name
from ..model import (
    BURROW,
    DUCHY,
    DUCHY_BUILDING_KINDS,
    HIDDEN,
    Duchy,
    Pending,
    Player,
    RootState,
    Step,
    card_of,
)
from ..tracks import (
    Battles,
    BuildAnywhere,
    CashIn,
    CopyMinister,
    DuchyBuilding,
    Moves,
    MovesOrBattles,
    Rank,
    ScoreIfAllTunnels,
    ScorePerBuilding,
    action_text,
    duchy,
)
from .base import Faction, register

DIG_WARRIORS = 4


# -------------------------------------------------------------------- setup
def setup(state: RootState, corner: int) -> list[Event]:
    """Two warriors and a tunnel in the corner, and two warriors in each
    clearing adjacent to it (where the Duchy may place)."""
    d = state.duchy
    core.add_warriors(state, DUCHY, corner, 2)
    state.clearings[corner].add_token("tunnel")
    d.tunnels -= 1
    d.warriors -= 2
    near = [n for n in sorted(WOODLAND.neighbours(corner)) if core.may_place(state, DUCHY, n)]
    for n in near:
        core.add_warriors(state, DUCHY, n, 2)
        d.warriors -= 2
    where = ", ".join(clearing_name(n) for n in near)
    return [
        Event(
            text=f"The Duchy surfaces in {clearing_name(corner)} with two warriors and a tunnel, "
            f"and two warriors in each of {where}."
        )
    ]


def tunnels(state: RootState) -> tuple[int, ...]:
    """The clearings with a tunnel."""
    return tuple(n for n in CLEARINGS if "tunnel" in state.clearings[n].tokens)


# ------------------------------------------------------------------ Birdsong
def on_map(state: RootState) -> dict[DuchyBuilding, int]:
    return {b: core.on_map(state, b) for b in DUCHY_BUILDING_KINDS}


def birdsong(state: RootState) -> list[Event]:
    """12.4: one warrior, plus one per warrior icon showing, into the Burrow."""
    want = duchy().birdsong_recruits(on_map(state))
    n = min(want, state.duchy.warriors)
    state.duchy.warriors -= n
    core.add_warriors(state, DUCHY, BURROW, n)
    short = f" (the supply had only {n})" if n < want else ""
    return [
        Event(text=f"The Duchy places {n} warrior{'s' if n != 1 else ''} in the Burrow{short}.")
    ]


# ------------------------------------------------------------------ Assembly
def build_options(state: RootState, any_suit: bool) -> list[BuildDuchy]:
    """Reveal a card to place a citadel or market in a clearing the Duchy
    rules (matching the card, unless the Foremole builds)."""
    kinds = [b for b in DUCHY_BUILDING_KINDS if core.on_map(state, b) < duchy().buildings(b)]
    if not kinds:
        return []
    spots = [
        n
        for n in CLEARINGS
        if core.rules(state, DUCHY, n)
        and core.free_slots(state, n) > 0
        and core.may_place(state, DUCHY, n)
    ]
    out: list[BuildDuchy] = []
    for c in core.distinct(state.duchy.hand):
        suit = card_of(c).suit
        for n in spots:
            if any_suit or core.matches(suit, n):
                out += [BuildDuchy(card=c, clearing=n, building=b) for b in kinds]
    return out


def build(state: RootState, action: BuildDuchy) -> list[Event]:
    core.take_from_hand(state.duchy, action.card)
    state.duchy.revealed.append(action.card)
    state.clearings[action.clearing].buildings.append(action.building)
    return [
        Event(
            text=f"The Duchy reveals {core.card_name(action.card)} and builds a {action.building} "
            f"in {clearing_name(action.clearing)}.",
            reveals=True,
        )
    ]


def dig_options(state: RootState) -> list[Dig]:
    """Spend a card to place a tunnel in a matching clearing without one
    (moving a tunnel from the map first when all three are out, 12.2.4)."""
    d = state.duchy
    have = tunnels(state)
    out: list[Dig] = []
    spots = [n for n in CLEARINGS if n not in have and core.may_place(state, DUCHY, n)]
    for c in core.distinct(d.hand):
        suit = card_of(c).suit
        for n in spots:
            if core.matches(suit, n):
                if d.tunnels > 0:
                    out.append(Dig(card=c, clearing=n))
                else:
                    out += [Dig(card=c, clearing=n, replace=t) for t in have]
    return out


def dig(state: RootState, action: Dig) -> list[Event]:
    d = state.duchy
    core.discard_from_hand(state, DUCHY, action.card)
    events: list[Event] = []
    if action.replace:
        state.clearings[action.replace].remove_token("tunnel")
        d.tunnels += 1
        events.append(
            Event(text=f"The Duchy takes up its tunnel in {clearing_name(action.replace)}.")
        )
    state.clearings[action.clearing].add_token("tunnel")
    d.tunnels -= 1
    events.append(
        Event(
            text=f"The Duchy spends {core.card_name(action.card)} to dig a tunnel in "
            f"{clearing_name(action.clearing)}."
        )
    )
    if core.warriors(state, DUCHY, BURROW):
        state.stack.append(Pending(kind="dig", faction=DUCHY, clearing=action.clearing))
    return events


def dig_options_warriors(state: RootState) -> list[Warriors]:
    most = min(DIG_WARRIORS, core.warriors(state, DUCHY, BURROW))
    return [Warriors(count=k) for k in range(most, -1, -1)]


def dig_move(state: RootState, pending: Pending, count: int) -> list[Event]:
    state.stack.pop()
    core.add_warriors(state, DUCHY, BURROW, -count)
    core.add_warriors(state, DUCHY, pending.clearing, count)
    return [
        Event(
            text=f"{count} warriors come up from the Burrow into {clearing_name(pending.clearing)}."
        )
    ]


def assembly_options(state: RootState) -> list[Action]:
    if state.actions_left <= 0:
        return []
    out: list[Action] = []
    out += build_options(state, any_suit=False)
    if state.duchy.warriors > 0:
        out.append(Recruit())
    out += core.moves(state, DUCHY)
    out += core.battle_actions(state, DUCHY)
    out += dig_options(state)
    return out


def perform_assembly(state: RootState, action: Action) -> list[Event]:
    state.actions_left -= 1
    if isinstance(action, BuildDuchy):
        return build(state, action)
    if isinstance(action, Recruit):
        state.duchy.warriors -= 1
        core.add_warriors(state, DUCHY, BURROW, 1)
        return [Event(text="The Duchy recruits a warrior into the Burrow.")]
    if isinstance(action, Battle):
        return core.start_battle(state, DUCHY, action.clearing, action.defender)
    if isinstance(action, Dig):
        return dig(state, action)
    assert isinstance(action, Move)
    return core.do_move(state, DUCHY, action)


# ---------------------------------------------------------------- Parliament
MAYOR_COPIES = ("squire", "noble")


def possible(state: RootState, minister: str, depth: int = 0) -> bool:
    """Whether a minister's action could do anything now."""
    act = duchy().minister(minister).action
    match act:
        case BuildAnywhere():
            return bool(build_options(state, any_suit=True))
        case Battles():
            return bool(core.battle_targets(state, DUCHY))
        case Moves():
            return core.can_move(state, DUCHY)
        case MovesOrBattles():
            return core.can_move(state, DUCHY) or bool(core.battle_targets(state, DUCHY))
        case CashIn():
            return bool(state.duchy.hand)
        case CopyMinister():
            return depth == 0 and bool(mayor_choices(state))
        case ScoreIfAllTunnels() | ScorePerBuilding():
            return True


def mayor_choices(state: RootState) -> list[str]:
    """The Mayor takes the action of any swayed squire or noble, except its
    own (ruling R-MAYOR-SELF)."""
    board = duchy()
    return [
        m
        for m in state.duchy.swayed
        if board.minister(m).rank in MAYOR_COPIES
        and not isinstance(board.minister(m).action, CopyMinister)
        and possible(state, m, depth=1)
    ]


def parliament_options(state: RootState) -> list[Action]:
    return [
        Minister(name=m)
        for m in state.duchy.swayed
        if f"minister:{m}" not in state.duchy.used and possible(state, m)
    ]


def use_minister(state: RootState, minister: str) -> list[Event]:
    state.duchy.used.append(f"minister:{minister}")
    return [Event(text=f"Parliament: the {minister} acts.")] + minister_action(state, minister)


def minister_action(state: RootState, minister: str) -> list[Event]:
    act = duchy().minister(minister).action
    match act:
        case BuildAnywhere():
            state.stack.append(Pending(kind="foremole", faction=DUCHY))
        case Battles():
            state.stack.append(Pending(kind="battle_choice", faction=DUCHY))
        case Moves():
            state.stack.append(Pending(kind="move", faction=DUCHY))
        case MovesOrBattles():
            state.stack.append(Pending(kind="brigadier", faction=DUCHY, count=act.up_to))
        case CashIn():
            state.stack.append(Pending(kind="banker", faction=DUCHY))
        case CopyMinister():
            state.stack.append(Pending(kind="mayor", faction=DUCHY))
        case ScoreIfAllTunnels():
            if state.duchy.tunnels == 0:
                return core.gain(state, DUCHY, act.vp, minister)
            return [Event(text=f"Not every tunnel is on the map: the {minister} scores nothing.")]
        case ScorePerBuilding():
            return core.gain(state, DUCHY, act.vp_each * core.on_map(state, act.building), minister)
    return []


def banker_options(state: RootState, pending: Pending) -> list[Spend]:
    suit = pending.names[0] if pending.names else None
    return [
        Spend(card=c)
        for c in core.distinct(state.duchy.hand)
        if suit is None or card_of(c).suit in ("bird", suit)
    ]


def spend(state: RootState, pending: Pending, card: int) -> list[Event]:
    """The Banker: each card spent (all of one suit, birds wild) scores 1."""
    core.discard_from_hand(state, DUCHY, card)
    suit = card_of(card).suit
    if suit != "bird" and not pending.names:
        pending.names.append(suit)
    pending.count += 1
    events = [Event(text=f"The Banker spends {core.card_name(card)}.")]
    return events + core.gain(state, DUCHY, 1, "Banker")


# --------------------------------------------------------------------- Sway
def sway_capacity(state: RootState) -> Counter[str]:
    """Suited clearings with a Duchy piece, by suit: each lets one matching
    card be revealed."""
    have: Counter[str] = Counter()
    for n in CLEARINGS:
        if core.has_pieces(state, DUCHY, n):
            have[core.suit_of(n) or ""] += 1
    return have


def most_revealable(cards: list[int], capacity: Counter[str]) -> int:
    """The most of these cards that can be revealed at once, each matching a
    different clearing (birds match any)."""
    suits = Counter(card_of(c).suit for c in cards if c != HIDDEN)
    birds = suits.pop("bird", 0)
    return min(
        sum(capacity.values()),
        sum(min(k, capacity[s]) for s, k in suits.items()) + birds,
    )


def revealable(cards: list[int], capacity: Counter[str]) -> bool:
    return most_revealable(cards, capacity) == len(cards)


def sway_options(state: RootState) -> list[Action]:
    board = duchy()
    d = state.duchy
    cap = sway_capacity(state)
    best = most_revealable(d.hand, cap)
    return [
        Sway(minister=m)
        for m in sorted(d.unswayed, key=lambda m: board.minister(m).number)
        if crowns_left(state, board.minister(m).rank) > 0
        and best >= board.cards_to_sway(board.minister(m))
    ]


def start_sway(state: RootState, minister: str) -> list[Event]:
    state.stack.append(Pending(kind="sway", faction=DUCHY, names=[minister]))
    return [Event(text=f"The Duchy sets out to sway the {minister}.")]


def reveal_options(state: RootState, pending: Pending) -> list[Reveal]:
    board = duchy()
    need = board.cards_to_sway(board.minister(pending.names[0]))
    cap = sway_capacity(state)
    chosen = list(pending.numbers)
    hand = state.duchy.hand
    out: list[Reveal] = []
    for c in core.distinct(hand):
        with_c = [*chosen, c]
        if not revealable(with_c, cap):
            continue
        rest = list(hand)
        rest.remove(c)
        if most_revealable(with_c + rest, cap) >= need:
            out.append(Reveal(card=c))
    return out


def reveal(state: RootState, pending: Pending, card: int) -> list[Event]:
    """Reveal a card toward the sway; with the last one, sway the minister
    and score the crown space it uncovers (12.5.3)."""
    board = duchy()
    d = state.duchy
    minister = board.minister(pending.names[0])
    core.take_from_hand(d, card)
    d.revealed.append(card)
    pending.numbers.append(card)
    events = [Event(text=f"The Duchy reveals {core.card_name(card)}.", reveals=True)]
    if len(pending.numbers) < board.cards_to_sway(minister):
        return events
    state.stack.pop()
    vp = board.sway_vp(minister.rank, crowns_left(state, minister.rank))
    d.unswayed.remove(minister.name)
    d.swayed.append(minister.name)
    events.append(
        Event(text=f"The Duchy sways the {minister.name} and places a {minister.rank}'s crown.")
    )
    return events + core.gain(state, DUCHY, vp, "swaying ministers")


# ------------------------------------------------------------------- Evening
def return_revealed(state: RootState) -> list[Event]:
    """12.6.1: revealed bird cards are discarded, the rest go back to hand
    (where the Marquise has seen them)."""
    d = state.duchy
    if not d.revealed:
        return []
    birds = [c for c in d.revealed if card_of(c).suit == "bird"]
    rest = [c for c in d.revealed if card_of(c).suit != "bird"]
    for c in birds:
        core.to_discard(state, c)
    d.hand.extend(rest)
    d.known.extend(rest)
    d.revealed.clear()
    return [
        Event(
            text=f"The Duchy discards {len(birds)} revealed bird card{'s' if len(birds) != 1 else ''} "
            f"and takes {len(rest)} revealed card{'s' if len(rest) != 1 else ''} back."
        )
    ]


def evening_draws(state: RootState) -> int:
    return duchy().evening_draws(on_map(state))


# ------------------------------------------------------- Price of Failure
RANK_ORDER: Final[dict[str, int]] = {"squire": 0, "noble": 1, "lord": 2}


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
        core.discard_from_hand(state, DUCHY, card)
        events.append(
            Event(text=f"The Duchy discards {core.card_name(card)} at random.", reveals=True)
        )
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


# ------------------------------------------------------------ the module
MOVE_KINDS: Final = ("move", "brigadier_moves")
BATTLE_KINDS: Final = ("battle_choice", "brigadier_battles")


class DuchyFaction(Faction):
    number = DUCHY
    key = "duchy"
    name = "Underground Duchy"
    short = "Duchy"
    letter = "H"
    reach = 8
    player_class = Duchy
    building_kinds = DUCHY_BUILDING_KINDS
    token_kinds = ("tunnel",)
    crafts_with = duchy().crafts_with
    daylight_steps = ("assembly", "parliament", "sway")
    evening_steps = ("evening_craft",)
    setup_steps = ("duchy_corner",)
    off_map = (BURROW,)
    pending_kinds = (
        "failure_choice",
        "move",
        "brigadier_moves",
        "battle_choice",
        "brigadier_battles",
        "brigadier",
        "foremole",
        "banker",
        "mayor",
        "dig",
        "sway",
    )
    automatic_kinds = ("failure",)
    ends_step_kinds = ("sway",)
    step_done: ClassVar[dict[str, str]] = {
        "assembly": "End the Assembly",
        "parliament": "End Parliament",
        "sway": "Sway no minister",
        "evening_craft": "Craft no more",
    }
    step_prompts: ClassVar[dict[str, str]] = {
        "duchy_corner": "choose the corner where the Duchy surfaces.",
        "assembly": "Assembly: take up to two actions (build, recruit, move, battle, dig).",
        "parliament": "Parliament: take each swayed minister's action once.",
        "sway": "Sway: you may sway one minister.",
        "evening_craft": "Evening: craft with your citadels and markets.",
    }
    pending_done: ClassVar[dict[str, str]] = {
        "move": "Take no move",
        "brigadier_moves": "Take no second move",
        "battle_choice": "Start no battle",
        "brigadier_battles": "Start no second battle",
        "brigadier": "Neither move nor battle",
        "foremole": "Build nothing",
        "banker": "Spend no more cards",
        "mayor": "Copy no minister",
    }
    pending_prompts: ClassVar[dict[str, str]] = {
        "failure_choice": "The Price of Failure: choose which minister returns.",
        "move": "Marshal: take a move.",
        "brigadier": "Brigadier: take up to two moves, or start up to two battles.",
        "brigadier_moves": "Brigadier: a second move?",
        "brigadier_battles": "Brigadier: a second battle?",
        "battle_choice": "Captain: start a battle.",
        "foremole": "Foremole: reveal any card to build in a clearing you rule.",
        "banker": "Banker: spend cards of one suit for a point each.",
        "mayor": "Mayor: take the action of a swayed squire or noble.",
        "dig": "Dig: how many warriors come up from the Burrow?",
        "sway": "Sway: reveal the next card.",
    }

    def new_player(self) -> Player:
        board = duchy()
        return Duchy(
            faction=DUCHY,
            warriors=board.warriors,
            tunnels=board.tunnels,
            unswayed=[m.name for m in board.ministers],
        )

    # setup
    def setup(self, state: RootState) -> list[Event]:
        corners = core.corner_choices(state, DUCHY)
        if len(corners) == 1:
            return setup(state, corners[0])
        state.step = "duchy_corner"
        return []

    def setup_options(self, state: RootState) -> list[Action]:
        return [ChooseCorner(clearing=c) for c in core.corner_choices(state, DUCHY)]

    def setup_do(self, state: RootState, action: Action) -> list[Event]:
        assert isinstance(action, ChooseCorner)
        state.step = "setup"
        return setup(state, action.clearing)

    # the turn
    def birdsong(self, state: RootState) -> list[Event]:
        return birdsong(state)

    def enter(self, state: RootState, step: Step) -> list[Event]:
        if step == "assembly":
            state.actions_left = 2
        elif step == "evening_craft":
            return return_revealed(state)
        return []

    def step_options(self, state: RootState, step: Step) -> list[Action]:
        if step == "assembly":
            return assembly_options(state)
        if step == "parliament":
            return parliament_options(state)
        if step == "sway":
            return sway_options(state)
        assert step == "evening_craft", step
        return list[Action](core.craft_options(state, DUCHY))

    def do_step(self, state: RootState, step: Step, action: Action) -> list[Event]:
        if step == "assembly":
            return perform_assembly(state, action)
        if step == "parliament":
            assert isinstance(action, Minister)
            return use_minister(state, action.name)
        assert step == "sway" and isinstance(action, Sway), (step, action)
        return start_sway(state, action.minister)

    def pending_options(self, state: RootState, p: Pending) -> list[Action]:
        k = p.kind
        if k == "failure_choice":
            return [ReturnMinister(name=m) for m in p.names]
        if k in MOVE_KINDS:
            return [*core.moves(state, DUCHY), DONE]
        if k in BATTLE_KINDS:
            return [*core.battle_actions(state, DUCHY), DONE]
        if k == "brigadier":
            return [*core.moves(state, DUCHY), *core.battle_actions(state, DUCHY), DONE]
        if k == "foremole":
            return [*build_options(state, any_suit=True), DONE]
        if k == "banker":
            spends: list[Action] = list(banker_options(state, p))
            return [*spends, DONE] if p.count else spends or [DONE]
        if k == "mayor":
            return [*(Minister(name=m) for m in mayor_choices(state)), DONE]
        if k == "dig":
            return list(dig_options_warriors(state))
        assert k == "sway", k
        return list(reveal_options(state, p))

    def do_pending(self, state: RootState, p: Pending, action: Action) -> list[Event]:
        k = p.kind
        if k == "failure_choice":
            assert isinstance(action, ReturnMinister)
            state.stack.pop()
            return return_minister(state, action.name)
        if k in MOVE_KINDS:
            state.stack.pop()
            if isinstance(action, Move):
                return core.do_move(state, DUCHY, action)
            return []
        if k in BATTLE_KINDS:
            state.stack.pop()
            if isinstance(action, Battle):
                return core.start_battle(state, DUCHY, action.clearing, action.defender)
            return []
        if k == "brigadier":
            state.stack.pop()
            if isinstance(action, Move):
                state.stack.append(Pending(kind="brigadier_moves", faction=DUCHY))
                return core.do_move(state, DUCHY, action)
            if isinstance(action, Battle):
                state.stack.append(Pending(kind="brigadier_battles", faction=DUCHY))
                return core.start_battle(state, DUCHY, action.clearing, action.defender)
            return []
        if k == "foremole":
            state.stack.pop()
            if isinstance(action, BuildDuchy):
                return build(state, action)
            return []
        if k == "banker":
            if isinstance(action, Spend):
                return spend(state, p, action.card)
            state.stack.pop()
            return []
        if k == "mayor":
            state.stack.pop()
            if isinstance(action, Minister):
                events = [Event(text=f"The Mayor takes the action of the {action.name}.")]
                return events + minister_action(state, action.name)
            return []
        if k == "dig":
            assert isinstance(action, Warriors)
            return dig_move(state, p, action.count)
        assert k == "sway" and isinstance(action, Reveal), (k, action)
        return reveal(state, p, action.card)

    def automatic(self, state: RootState, p: Pending) -> list[Event]:
        return price_of_failure(state)

    def evening_draws(self, state: RootState) -> int:
        return evening_draws(state)

    def describe(self, state: RootState, action: Action) -> str | None:
        match action:
            case ChooseCorner():
                return f"Surface in {clearing_name(action.clearing)}"
            case Recruit():
                return "Recruit a warrior into the Burrow"
            case BuildDuchy():
                return f"Reveal {core.card_name(action.card)} to build a {action.building} in {clearing_name(action.clearing)}"
            case Dig():
                moved = (
                    f", moving the tunnel from {clearing_name(action.replace)}"
                    if action.replace
                    else ""
                )
                return f"Dig: spend {core.card_name(action.card)} for a tunnel in {clearing_name(action.clearing)}{moved}"
            case Warriors():
                return f"Bring {action.count} warrior{'s' if action.count != 1 else ''} up from the Burrow"
            case Minister():
                m = duchy().minister(action.name)
                return f"{m.name}: {action_text(m.action)}"
            case Spend():
                return f"Banker: spend {core.card_name(action.card)} for a point"
            case Sway():
                m = duchy().minister(action.minister)
                return f"Sway the {m.name} ({m.rank}, reveal {duchy().cards_to_sway(m)} cards)"
            case Reveal():
                return f"Reveal {core.card_name(action.card)}"
            case ReturnMinister():
                return f"Return the {action.name} (its crown leaves the game)"
        return None

    def prompt(self, state: RootState) -> str | None:
        if state.stack:
            p = state.stack[-1]
            if p.kind == "sway":
                need = duchy().cards_to_sway(duchy().minister(p.names[0]))
                return f"Sway the {p.names[0]}: reveal card {len(p.numbers) + 1} of {need}."
            return None
        if state.step == "assembly":
            n = state.actions_left
            return f"Assembly, {n} action{'s' if n != 1 else ''} left."
        return None

    # the common rules, bent
    def neighbours(self, state: RootState, number: int) -> frozenset[int]:
        """Along the paths, and between the Burrow and each tunnel (12.2.2)."""
        return WOODLAND.neighbours(number, tunnels(state))

    def forbids_placing(self, state: RootState, faction: int, number: int) -> bool:
        return number == BURROW

    def removed_piece(self, state: RootState, number: int, piece: str) -> None:
        if piece == "tunnel":
            state.duchy.tunnels += 1
        else:
            state.duchy.failure = True

    def after_removal(self, state: RootState) -> None:
        """The Price of Failure, once per event that removed buildings (12.2.3)."""
        if state.duchy.failure:
            state.duchy.failure = False
            state.stack.append(Pending(kind="failure", faction=DUCHY))

    def clear_removal(self, state: RootState) -> None:
        state.duchy.failure = False

    def public_cards(self, state: RootState) -> list[int]:
        return list(state.duchy.revealed)

    def standing(self, state: RootState) -> float:
        return standing(state) + WEIGHTS["swayed"] * len(state.duchy.swayed)


#: What the Duchy's standing counts for the search (``RootGame.evaluate``):
#: as the Marquise's (tunnels for tokens, the Burrow's warriors counted) and
#: its swayed ministers.  Fitted to the rule bots' games.
WEIGHTS: Final = {
    "vp": 0.7,
    "ruled": 0.9,
    "hand": 0.5,
    "warriors": 0.6,
    "tokens": 0.35,
    "crafted": 0.7,
    "swayed": 1.2,
}


def standing(state: RootState) -> float:
    player = state.duchy
    w = WEIGHTS
    warriors = tokens = 0
    for c in state.clearings:
        warriors += c.warriors.get(DUCHY, 0)
        tokens += "tunnel" in c.tokens
    return (
        w["vp"] * player.vp
        + w["ruled"] * len(core.ruled(state, DUCHY))
        + w["hand"] * len(player.hand)
        + w["warriors"] * warriors
        + w["tokens"] * tokens
        + w["crafted"] * len(player.crafted)
    )


DUCHY_FACTION = register(DuchyFaction())
