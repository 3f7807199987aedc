"""The Woodland Alliance (Law 8): setup (ten warriors, three bases on the
board, ten sympathy tokens on the track, three supporters face down),
Birdsong (Revolt, then Spread Sympathy), Daylight (Craft with sympathy,
Mobilize, Train), Evening (Military Operations up to the officers, then
the draw), Guerrilla War, the Supporters stack and Outrage.

The state is :class:`.state.Alliance`.  The turn's steps and the decisions
the Alliance push on the stack, by name (the screen and the bots read them):

- Birdsong: ``revolt`` (:class:`Revolt`, any number of times) and
  ``spread_sympathy`` (:class:`SpreadSympathy`, any number of times);
- Daylight: ``alliance_daylight`` (the shared :class:`Craft` with sympathy
  tokens, :class:`Mobilize`, :class:`Train`, in any order and number);
- Evening: ``operations`` (the shared :class:`Move` and :class:`Battle`,
  :class:`RecruitAtBase`, :class:`Organize`, as many as the officers), then
  the shared draw (one card and one per base on the map) and discard;
- the ``outrage`` decision, asked of the player who owes a card
  (:class:`GiveSupporter`), and ``supporters_over``
  (:class:`DiscardSupporter`) once the last base is gone.

Outrage and the bases' and tokens' return are subscriptions to the shared
rules' events (a sympathy token removed, warriors moved into a sympathetic
clearing, a base removed): the shared rules name no faction."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar, Final

from boardgames_tui.engine.game import Action, Event

from ... import core
from ...actions import Battle, Move
from ...core import clearing_name
from ...events import Happening, PiecesRemoved, Subscriber, WarriorsMoved
from ...faction import Faction, handles
from ...model import HIDDEN, Player, RootState, Step
from ...plan import RulePlan
from . import rules
from .actions import (
    ACTIONS,
    DiscardSupporter,
    GiveSupporter,
    Mobilize,
    Organize,
    RecruitAtBase,
    Revolt,
    SpreadSympathy,
    Train,
)
from .bot import AlliancePlan
from .decisions import Outrage, OutrageDue, SupportersOver
from .state import (
    ALLIANCE,
    BASE_SUITS,
    BASES,
    STACK_LIMIT,
    SYMPATHY,
    SYMPATHY_TOKENS,
    TRACK_VP,
    WARRIORS,
    Alliance,
    me,
)

#: The supporters drawn at setup (8.3.4).
SETUP_SUPPORTERS: Final = 3
#: A Military Operation taken this turn, as ``Player.used`` counts it.
OPERATION: Final = "operation"


class AllianceFaction(Faction):
    number = ALLIANCE
    key = "alliance"
    name = "Woodland Alliance"
    short = "Alliance"
    plural = True
    letter = "C"
    reach = 3
    mark = "A"
    colour = "#6ab04c"
    ruler_word = "alliance"
    #: A base is B; a sympathy token Y (S is the Marquise's sawmill).
    piece_marks: ClassVar[dict[str, str]] = {
        "fox base": "B",
        "mouse base": "B",
        "rabbit base": "B",
        SYMPATHY: "Y",
    }
    player_class = Alliance
    actions = ACTIONS
    building_kinds = tuple(BASES.values())
    token_kinds = (SYMPATHY,)
    crafts_with = (SYMPATHY,)
    birdsong_steps = ("revolt", "spread_sympathy")
    daylight_steps = ("alliance_daylight",)
    evening_steps = ("operations",)
    defends_with_higher_roll = True
    step_done: ClassVar[dict[str, str]] = {
        "revolt": "Revolt no more",
        "spread_sympathy": "End Birdsong",
        "alliance_daylight": "End Daylight",
        "operations": "End Military Operations",
    }
    step_prompts: ClassVar[dict[str, str]] = {
        "revolt": "Birdsong: revolt in a sympathetic clearing (two supporters), or go on.",
        "spread_sympathy": "Birdsong: spread sympathy, spending supporters.",
        "alliance_daylight": "Daylight: craft with sympathy, mobilize supporters, train officers.",
        "operations": "Evening: Military Operations (move, battle, recruit, organize).",
    }

    def new_player(self) -> Player:
        return Alliance(faction=ALLIANCE, warriors=WARRIORS, sympathy=SYMPATHY_TOKENS)

    # ---------------------------------------------------------------- setup
    def setup(self, state: RootState) -> list[Event]:
        """8.3: the pieces are in the supply (``new_player``); three cards
        drawn face down onto the Supporters stack."""
        alliance = me(state)
        before = len(alliance.hand)
        events = core.draw(state, ALLIANCE, SETUP_SUPPORTERS)
        drawn = alliance.hand[before:]
        del alliance.hand[before:]
        alliance.supporters.extend(drawn)
        events.append(
            Event(text=f"The Alliance take {core.plural(len(drawn), 'supporter')} face down.")
        )
        return events

    # ----------------------------------------------------------------- turn
    def enter(self, state: RootState, step: Step) -> list[Event]:
        if step == "operations":
            state.actions_left = operations_left(state)
        return []

    def step_options(self, state: RootState, step: Step) -> list[Action]:
        if step == "revolt":
            return [Revolt(clearing=n) for n in rules.revolt_sites(state)]
        if step == "spread_sympathy":
            return [SpreadSympathy(clearing=n) for n in rules.spread_options(state)]
        if step == "alliance_daylight":
            out: list[Action] = list(core.craft_options(state, ALLIANCE))
            out += [Mobilize(card=c) for c in rules.mobilize_options(state)]
            out += [Train(card=c) for c in rules.train_options(state)]
            return out
        if step == "operations":
            return operation_options(state)
        return []

    def do_step(self, state: RootState, step: Step, action: Action) -> list[Event]:
        match action:
            case Revolt():
                return rules.revolt(state, action.clearing)
            case SpreadSympathy():
                return rules.spread(state, action.clearing)
            case Mobilize():
                return rules.mobilize(state, action.card)
            case Train():
                return rules.train(state, action.card)
        assert step == "operations", (step, action)
        me(state).used.append(OPERATION)
        state.actions_left = operations_left(state)
        match action:
            case Move():
                return core.do_move(state, ALLIANCE, action)
            case Battle():
                return core.start_battle(state, ALLIANCE, action.clearing, action.defender)
            case RecruitAtBase():
                return rules.recruit(state, action.clearing)
            case Organize():
                return rules.organize(state, action.clearing)
        raise AssertionError(action)

    def evening_draws(self, state: RootState) -> int:
        return rules.evening_draws(state)

    # ---------------------------------------------------------------- words
    def describe(self, state: RootState, action: Action) -> str | None:
        match action:
            case Revolt():
                return f"Revolt in {clearing_name(state, action.clearing)} (2 supporters)"
            case SpreadSympathy():
                cost = rules.spread_cost(state, action.clearing)
                vp = TRACK_VP[rules.placed(state)]
                return (
                    f"Spread sympathy to {clearing_name(state, action.clearing)} "
                    f"({core.plural(cost, 'supporter')}, {core.plural(vp, 'point')})"
                )
            case Mobilize():
                return f"Mobilize {core.card_name(action.card)} onto the Supporters stack"
            case Train():
                return f"Spend {core.card_name(action.card)} to train an officer"
            case RecruitAtBase():
                return f"Recruit a warrior at the base in {clearing_name(state, action.clearing)}"
            case Organize():
                vp = TRACK_VP[rules.placed(state)]
                return (
                    f"Organize: a warrior in {clearing_name(state, action.clearing)} becomes "
                    f"sympathy ({core.plural(vp, 'point')})"
                )
            case GiveSupporter():
                return f"Give {core.card_name(action.card)} to the Alliance's supporters"
            case DiscardSupporter():
                return f"Discard the supporter {core.card_name(action.card)}"
        return None

    def prompt(self, state: RootState) -> str | None:
        if state.stack or state.turn != ALLIANCE or state.step != "operations":
            return None
        left = operations_left(state)
        return (
            f"Evening: Military Operations, {core.plural(left, 'action')} left "
            "(move, battle, recruit, organize)."
        )

    # -------------------------------------------------------------- reactions
    def subscriptions(self) -> Mapping[type[Happening], Subscriber]:
        return {PiecesRemoved: removed, WarriorsMoved: moved}

    # ------------------------------------------------- the common rules, bent
    # --------------------------------------------------- what others may see
    def hide(self, view: RootState, player: Player) -> None:
        """The supporters are face down (8.2.3): another seat sees how many."""
        assert isinstance(player, Alliance)
        player.supporters = [HIDDEN] * len(player.supporters)

    def face_down(self, player: Player) -> list[list[int]]:
        assert isinstance(player, Alliance)
        return [player.supporters]

    # ------------------------------------------------------------- the bots
    def standing(self, state: RootState) -> float:
        """Fitted as the other factions' were (logistic regression on who won
        900 rule-bot games against the Marquise, the Duchy and the Eyrie,
        every turn's start, in their standings' units;
        ``benchmarks/root_alliance_evaluate.py``): points, officers,
        supporters (up to eight), cards in hand, warriors on the map, and
        the little that sympathy and bases on the map add beside them."""
        alliance = me(state)
        w = STANDING
        warriors = sum(c.warriors.get(ALLIANCE, 0) for c in state.clearings)
        return (
            w["vp"] * alliance.vp
            + w["sympathy"] * rules.placed(state)
            + w["bases"] * len(rules.bases_on_map(state))
            + w["officers"] * alliance.officers
            + w["supporters"] * min(len(alliance.supporters), 8)
            + w["hand"] * len(alliance.hand)
            + w["warriors"] * warriors
        )

    def plan(self) -> RulePlan:
        return AlliancePlan()

    def reasons(self, before: RootState, after: RootState, seat: int) -> list[str]:
        """What a move did for the Alliance: a base raised, officers trained,
        supporters gained."""
        old, new = before.players[seat], after.players[seat]
        if not isinstance(old, Alliance) or not isinstance(new, Alliance):
            return []
        out = [
            f"raises the {suit} base"
            for suit in rules.bases_on_map(after)
            if suit not in rules.bases_on_map(before)
        ]
        if new.officers > old.officers:
            out.append(f"trains {core.plural(new.officers - old.officers, 'officer')}")
        if len(new.supporters) > len(old.supporters):
            gained = len(new.supporters) - len(old.supporters)
            out.append(f"gains {core.plural(gained, 'supporter')}")
        return out


#: The Alliance's standing for the search (``RootGame.evaluate``), fitted to
#: the rule bots' games and rounded (docs/rules/root.md, "The Alliance's rule bot").
STANDING: Final = {
    "vp": 1.15,
    "sympathy": 0.05,
    "bases": 0.15,
    "officers": 2.15,
    "supporters": 1.95,
    "hand": 0.7,
    "warriors": 0.45,
}


def operations_left(state: RootState) -> int:
    """8.6.1: actions up to the number of officers (those there now: an
    officer lost with a base is one action fewer)."""
    alliance = me(state)
    return max(0, alliance.officers - alliance.used.count(OPERATION))


def operation_options(state: RootState) -> list[Action]:
    if operations_left(state) <= 0:
        return []
    out: list[Action] = []
    out += core.moves(state, ALLIANCE)
    out += core.battle_actions(state, ALLIANCE)
    out += [RecruitAtBase(clearing=n) for n in rules.recruit_sites(state)]
    out += [Organize(clearing=n) for n in rules.organize_sites(state)]
    return out


# ----------------------------------------------------------------- reactions
def removed(state: RootState, e: PiecesRemoved) -> list[Event]:
    """A sympathy token back to the track, Outrage when another player
    removed it (8.2.6); a base back to the board, and its losses (8.2.4)."""
    if e.faction != ALLIANCE or not e.piece:
        return []
    if e.piece == SYMPATHY:
        me(state).sympathy += 1
        if e.by >= 0 and e.by != ALLIANCE:
            return rules.outrage(state, e.by, e.place)
        return []
    suit = BASE_SUITS.get(e.piece)
    if suit is not None:
        return rules.base_removed(state, suit)
    return []


def moved(state: RootState, e: WarriorsMoved) -> list[Event]:
    """Outrage (8.2.6): another player moved warriors into a sympathetic
    clearing.  Warriors another player forces along (``e.by``: the
    Vagabond's allies, 9.2.9.2.2) move "exactly as if that player were
    choosing" (1.5.5), so their owner is the mover and pays: the Alliance's
    own warriors owe nothing (the FAQ's ruling since the 8th printing)."""
    mover = e.faction
    if mover == ALLIANCE or e.count <= 0 or not core.on_the_map(state, e.to):
        return []
    if not rules.sympathetic(state, e.to):
        return []
    return rules.outrage(state, mover, e.to)


# ------------------------------------------------------------- the decisions
def _give(state: RootState, p: Outrage, action: Action) -> list[Event]:
    assert isinstance(action, GiveSupporter)
    return rules.give_supporter(state, p, action.card)


def _over_options(state: RootState, p: SupportersOver) -> list[Action]:
    return [DiscardSupporter(card=c) for c in core.distinct(me(state).supporters)]


def _over(state: RootState, p: SupportersOver, action: Action) -> list[Event]:
    assert isinstance(action, DiscardSupporter)
    alliance = me(state)
    alliance.supporters.remove(action.card)
    core.to_discard(state, action.card)
    if len(alliance.supporters) <= STACK_LIMIT or rules.bases_on_map(state):
        state.stack.pop()
    return [Event(text=f"The Alliance discard the supporter {core.card_name(action.card)}.")]


handles(
    Outrage,
    options=lambda s, p: [GiveSupporter(card=c) for c in rules.outrage_cards(s, p)],
    decide=_give,
)
handles(OutrageDue, run=rules.settle_outrage)
handles(SupportersOver, options=_over_options, decide=_over)
