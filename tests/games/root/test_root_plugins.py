"""Root's factions are plug-ins (issue 47): the shared rules and the shared
screen name no faction and import no faction package; a faction written
outside the package (the tests' Hares) plays a four-seat table through the
public registration alone; the events a faction subscribes to are announced
where they happen; a faction bends battle and movement through its answers;
the decisions on the stack are typed values handled through their table and
read back, old shape or new, from a save; and the map is the state's."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator, Mapping
from dataclasses import field
from pathlib import Path
from typing import Any, ClassVar

import pytest
from pydantic import ValidationError

from boardgames_tui.engine.bots import get_bot
from boardgames_tui.engine.data import state_data
from boardgames_tui.engine.game import Event, Seat, SetupError
from boardgames_tui.engine.rng import Rng
from boardgames_tui.games.root import GAME, core
from boardgames_tui.games.root.actions import Battle, Move
from boardgames_tui.games.root.events import (
    BattleBegun,
    BattleEnded,
    CardCrafted,
    CardDiscarded,
    Happening,
    PhaseBegun,
    PiecesRemoved,
    RemovalsSettled,
    RulerChanged,
    Subscriber,
    TurnEnded,
    WarriorsMoved,
)
from boardgames_tui.games.root.faction import FACTIONS, HANDLERS, register, unregister
from boardgames_tui.games.root.factions.duchy import DUCHY
from boardgames_tui.games.root.factions.eyrie import EYRIE
from boardgames_tui.games.root.factions.marquise import CATS
from boardgames_tui.games.root.model import (
    DECISION_CLASSES,
    HIDDEN,
    Decision,
    Player,
    RootState,
    from_records,
)
from boardgames_tui.games.root.options import RootOptions
from boardgames_tui.games.root.removal import Hits
from boardgames_tui.ui.root.faction_ui import SCREENS

from .hares import HARES, OWLS, Burrower, Hares, extra_factions
from .helpers import act, blank, dice, put
from .test_root_seats import conserved

PACKAGE = Path(__file__).resolve().parents[3] / "boardgames_tui"
SHARED = [PACKAGE / "games" / "root", PACKAGE / "ui" / "root"]
#: The one shared module that names the default table (and so two factions'
#: keys and the option of the save format): see its docstring.
DEFAULT_TABLE_MODULE = PACKAGE / "games" / "root" / "options.py"


def shared_sources() -> Iterator[Path]:
    """Root's shared modules and stylesheet: everything under games/root and
    ui/root but the faction packages (and the registration in them)."""
    for top in SHARED:
        for path in sorted(top.rglob("*")):
            if path.suffix not in (".py", ".tcss") or "factions" in path.relative_to(top).parts:
                continue
            yield path


def faction_words() -> set[str]:
    """Every registered faction's key, names and classes (engine and screen)."""
    words: set[str] = set()
    for fac in FACTIONS.values():
        words |= {fac.key, fac.name, fac.short, type(fac).__name__, fac.player_class.__name__}
    words |= {type(s).__name__ for s in SCREENS.values()}
    return words - {"Player", "FactionScreen"}


# ---------------------------------------------------------- the shared code
def test_the_shared_code_names_no_faction() -> None:
    with extra_factions():
        words = faction_words()
    assert {"marquise", "Underground Duchy", "Eyrie", "EyrieFaction", "Hares"} <= words
    found = []
    pattern = re.compile(r"\b(" + "|".join(map(re.escape, sorted(words))) + r")\b", re.I)
    for path in shared_sources():
        if path == DEFAULT_TABLE_MODULE:
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for hit in pattern.findall(line):
                found.append(f"{path.relative_to(PACKAGE)}:{number}: {hit}")
    assert not found, "\n".join(found)


def test_the_default_tables_module_names_only_its_table() -> None:
    """options.py names the two factions of the default table (the save
    format's option and its legacy first player), and no other."""
    text = DEFAULT_TABLE_MODULE.read_text(encoding="utf-8")
    others = {f.key for f in FACTIONS.values()} - {"marquise", "duchy"}
    assert not any(re.search(rf"\b{k}\b", text, re.I) for k in others)


def test_no_shared_module_imports_a_faction_package() -> None:
    """Only the registrations (the packages' ``__init__``) import the
    factions; a shared rules or screen module never does."""
    for path in shared_sources():
        if path.suffix != ".py" or path.name == "__init__.py":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                module = node.module or ""
                names = [a.name for a in node.names]
                assert "factions" not in module.split("."), f"{path}: from {module}"
                assert not (module == "" and "factions" in names), f"{path} imports factions"
            elif isinstance(node, ast.Import):
                assert not any(".factions" in a.name for a in node.names), path


def test_the_registration_is_one_line_per_faction() -> None:
    """Each side's registration imports the faction packages beside it, a
    line each, and nothing else."""
    for side in ("games", "ui"):
        init = PACKAGE / side / "root" / "factions" / "__init__.py"
        tree = ast.parse(init.read_text(encoding="utf-8"))
        imports = [n for n in tree.body if isinstance(n, (ast.Import, ast.ImportFrom))]
        imports = [
            n for n in imports if not (isinstance(n, ast.ImportFrom) and n.module == "__future__")
        ]
        assert all(isinstance(n, ast.ImportFrom) and n.level == 1 and not n.module for n in imports)
        names = [(alias.name, alias.lineno) for n in imports for alias in n.names]
        packages = sorted(p.name for p in init.parent.iterdir() if (p / "__init__.py").is_file())
        assert sorted(name for name, _ in names) == packages, side
        assert len({line for _, line in names}) == len(names), side


# ------------------------------------------------- a faction from outside
SEATS = [Seat(name=n) for n in ("Ana", "Ben", "Cy", "Di")]


@pytest.mark.parametrize("seed", [3, 4])
def test_a_four_seat_table_with_the_hares_plays_to_its_end(seed: int) -> None:
    """The Hares, written in the tests and registered through the public
    registration alone, at a table of four with the Marquise, the Eyrie
    and the Duchy: the rule bot plays every seat to the end, every
    component conserved after every action."""
    with extra_factions():
        state = GAME.setup(SEATS, {"factions": "marquise,eyrie,duchy,hares"}, seed)
        numbers = list(state.factions)
        assert sorted(numbers) == sorted([CATS, EYRIE, DUCHY, HARES])
        bots = [GAME.own_bots()["root"](seed=seed * 10 + i) for i in range(4)]
        for _ in range(20_000):
            if GAME.is_over(state):
                break
            seat = GAME.to_act(state)
            assert seat is not None
            legal = GAME.legal_actions(state)
            assert legal and all(GAME.describe(state, a) for a in legal)
            GAME.apply(state, bots[seat].choose(GAME, state, legal), legal)
            conserved(state, numbers)
        assert state.over and state.winner >= 0
        outcome = GAME.outcome(state)
        assert sorted(r.seat for r in outcome.results) == [0, 1, 2, 3]
        # A save of the four-seat game round-trips (the Hares' state too).
        again = GAME.load_state(GAME.dump_state(state))
        assert GAME.dump_state(again) == GAME.dump_state(state)


# ------------------------------------------------------------- the events
LISTENERS = 92


class Listeners(Hares):
    """A faction that only listens: every happening it hears, recorded."""

    number = LISTENERS
    key = "listeners"
    name = "Test Listeners"
    short = "Listeners"
    letter = "E"
    daylight_steps = ("listen",)
    setup_steps = ("listen_corner",)
    heard: ClassVar[list[Happening]] = []

    def subscriptions(self) -> Mapping[type[Happening], Subscriber]:
        kinds = (
            PiecesRemoved,
            RemovalsSettled,
            WarriorsMoved,
            BattleBegun,
            BattleEnded,
            RulerChanged,
            CardCrafted,
            CardDiscarded,
            PhaseBegun,
            TurnEnded,
        )
        return dict.fromkeys(kinds, self.hear)

    def hear(self, state: RootState, happening: Happening) -> list[Event]:
        self.heard.append(happening)
        return []


def test_every_event_is_announced_where_it_happens() -> None:
    """A seeded game with a faction subscribed to every event: each kind is
    heard, and what it says matches the game (a ruler changed is one, a
    move's warriors arrived)."""
    Listeners.heard = []
    register(Listeners())
    try:
        state = GAME.setup(SEATS[:3], {"factions": "marquise,duchy,listeners"}, 5)
        bots = [get_bot("random", seed=50 + i) for i in range(3)]
        while not GAME.is_over(state) and state.turn_number < 40:
            seat = GAME.to_act(state)
            assert seat is not None
            legal = GAME.legal_actions(state)
            before = {n: core.ruler(state, n) for n in core.clearings(state)}
            heard = len(Listeners.heard)
            GAME.apply(state, bots[seat].choose(GAME, state, legal), legal)
            after = {n: core.ruler(state, n) for n in core.clearings(state)}
            changed = {n for n in before if before[n] != after[n]}
            told = [h for h in Listeners.heard[heard:] if isinstance(h, RulerChanged)]
            if not state.over:
                assert {h.clearing for h in told} == changed
                assert all(
                    (h.before, h.after) == (before[h.clearing], after[h.clearing]) for h in told
                )
    finally:
        unregister(LISTENERS)
    kinds = {type(h) for h in Listeners.heard}
    assert {
        PiecesRemoved,
        RemovalsSettled,
        WarriorsMoved,
        BattleBegun,
        BattleEnded,
        RulerChanged,
        PhaseBegun,
        TurnEnded,
        CardDiscarded,
    } <= kinds, kinds
    phases = {h.phase for h in Listeners.heard if isinstance(h, PhaseBegun)}
    assert phases == {"birdsong", "daylight", "evening"}


def bare(factions: str, turn: int, step: str) -> RootState:
    """A table of these factions with an empty Woodland and empty hands,
    ``turn``'s faction in ``step`` with three actions."""
    state = GAME.setup(SEATS[: len(factions.split(","))], {"factions": factions}, 1)
    for p in state.players:
        state.draw_pile += p.hand
        p.hand.clear()
    state.stack.clear()
    state.setting_up = -1
    state.turn, state.step, state.actions_left, state.turn_number = turn, step, 3, 1
    state.clearings = [type(c)() for c in state.clearings]
    return state


def test_removals_are_told_with_who_removed_them() -> None:
    """Hits in a battle: the defender's warrior and building removed, by the
    attacker, then the removals settle; the battle's beginning and end."""
    Listeners.heard = []
    register(Listeners())
    try:
        state = bare("marquise,duchy,listeners", CATS, "actions")
        put(state, 5, cats=3, moles=1, buildings=("citadel",))
        dice(state, 3, 0)
        act(state, Battle(clearing=5))
        while state.battle is not None and not state.over:
            act(state, GAME.legal_actions(state)[-1])
    finally:
        unregister(LISTENERS)
    heard = Listeners.heard
    removed = [h for h in heard if isinstance(h, PiecesRemoved)]
    assert removed == [
        PiecesRemoved(faction=DUCHY, place=5, warriors=1, by=CATS),
        PiecesRemoved(faction=DUCHY, place=5, piece="citadel", by=CATS),
    ]
    settled = [i for i, h in enumerate(heard) if isinstance(h, RemovalsSettled)]
    assert settled and settled[0] > heard.index(removed[-1])
    assert heard.index(BattleBegun(attacker=CATS, defender=DUCHY, clearing=5)) == 0
    assert BattleEnded(attacker=CATS, defender=DUCHY, clearing=5) in heard


# ------------------------------------------------------ the faction answers
SENTRIES = 93


class Sentries(Hares):
    """A faction that bends movement and battle through its answers: no
    enemy warrior leaves a clearing where a Sentry stands (as a snare), it
    deals hits as if it had three warriors (as a Vagabond's swords), and it
    takes hits on its supply first (as a Vagabond's items)."""

    number = SENTRIES
    key = "sentries"
    name = "Test Sentries"
    short = "Sentries"
    letter = "G"
    bends_moving = True
    daylight_steps = ("watch",)
    setup_steps = ("sentry_corner",)
    absorbed: ClassVar[list[int]] = []

    def forbids_moving(self, state: RootState, faction: int, origin: int, to: int) -> bool:
        return core.warriors(state, SENTRIES, origin) > 0

    def hit_cap(self, state: RootState, number: int) -> int:
        return 3

    def defenceless(self, state: RootState, number: int) -> bool:
        return False

    def take_hits(self, state: RootState, number: int, hits: int, by: int) -> list[Event] | None:
        self.absorbed.append(hits)
        return [Event(text=f"The Sentries shrug off {hits} hits.")]


def test_a_faction_may_keep_others_from_moving_and_fight_its_own_way() -> None:
    Sentries.absorbed = []
    register(Sentries())
    try:
        state = bare("marquise,duchy,sentries", CATS, "actions")
        core.add_warriors(state, CATS, 5, 2)
        core.add_warriors(state, CATS, 1, 2)
        core.add_warriors(state, SENTRIES, 5, 1)
        moves = GAME.legal_actions(state)
        assert not any(isinstance(a, Move) and a.origin == 5 for a in moves)
        assert any(isinstance(a, Move) and a.origin == 1 for a in moves)
        dice(state, 3, 2)
        act(state, Battle(clearing=5))
        while state.battle is not None and not state.over:
            act(state, GAME.legal_actions(state)[-1])
        # Not defenceless with one warrior, it dealt 2 rolled hits (its cap
        # of 3, the low die 2) and took the Marquise's 2 its own way.
        assert Sentries.absorbed == [2]
        assert core.warriors(state, SENTRIES, 5) == 1
        assert core.warriors(state, CATS, 5) == 0
    finally:
        unregister(SENTRIES)


# --------------------------------------------------------- the decisions
def test_every_decision_is_a_frozen_value_with_its_handler() -> None:
    for kind, cls in DECISION_CLASSES.items():
        assert cls.__dataclass_params__.frozen, kind  # type: ignore[attr-defined]
        handler = HANDLERS[kind]
        if cls.automatic:
            assert handler.run is not None and handler.options is None
        else:
            assert handler.options is not None and handler.decide is not None


def test_a_saved_stack_reads_back_its_decisions_and_refuses_a_stranger() -> None:
    state = blank(turn=DUCHY, step="assembly", actions=2)
    state.stack.append(Hits(faction=CATS, clearing=5, count=2, by=DUCHY))
    data = GAME.dump_state(state)
    assert data["stack"] == [
        {"kind": "hits", "faction": CATS, "clearing": 5, "count": 2, "by": DUCHY}
    ]
    assert GAME.load_state(data).stack == state.stack
    with pytest.raises(ValidationError):
        GAME.load_state({**data, "stack": [{"kind": "hits", "faction": 0, "clearing": "x"}]})
    with pytest.raises((ValidationError, ValueError)):
        GAME.load_state({**data, "stack": [{"kind": "no_such_decision", "faction": 0}]})


OLD_RECORDS: list[tuple[dict[str, Any], dict[str, Any]]] = [
    (
        {"kind": "battle_effects", "faction": 1, "names": ["attacker"]},
        {"side": "attacker"},
    ),
    ({"kind": "hits", "faction": 1, "clearing": 5, "count": 2, "by": 0}, {"count": 2, "by": 0}),
    ({"kind": "pay_wood", "faction": 0, "clearing": 3, "count": 2, "names": ["sawmill"]}, {}),
    ({"kind": "place_wood", "faction": 0, "count": 1, "numbers": [2, 4]}, {"spots": (2, 4)}),
    ({"kind": "sway", "faction": 1, "names": ["Captain"], "numbers": [7]}, {"revealed": (7,)}),
    ({"kind": "banker", "faction": 1, "count": 1, "names": ["fox"]}, {"spent": 1, "suit": "fox"}),
    ({"kind": "failure_choice", "faction": 1, "names": ["Captain", "Marshal"]}, {}),
    ({"kind": "roost_site", "faction": 2, "numbers": [3, 6]}, {"sites": (3, 6)}),
    ({"kind": "brigadier", "faction": 1, "count": 2}, {"up_to": 2}),
]


@pytest.mark.parametrize(("record", "fields"), OLD_RECORDS)
def test_an_old_untyped_decision_is_read_in_its_kinds_fields(
    record: dict[str, Any], fields: dict[str, Any]
) -> None:
    old = {"clearing": 0, "count": 0, "by": -1, "names": [], "numbers": [], **record}
    assert set(old) == Decision.RECORD
    state = blank()
    data = {**GAME.dump_state(state), "stack": from_records([old], strict=False)}
    (decision,) = GAME.load_state(data).stack
    assert decision.kind == record["kind"]
    for name, value in fields.items():
        assert getattr(decision, name) == value
    # and read straight from the old record too (a state loaded directly)
    (again,) = GAME.load_state({**GAME.dump_state(state), "stack": [old]}).stack
    assert again == decision


# ------------------------------------------------------------------ the map
def test_the_map_is_the_states_named_in_the_options() -> None:
    state = GAME.setup(SEATS[:2], None, 1)
    assert state.options.map == "autumn" and state.woodland.map == "Autumn"
    assert len(state.clearings) == len(state.woodland.numbers) + 1
    data = GAME.dump_state(state)
    assert data["options"]["map"] == "autumn" and "woodland" not in data
    # an older state, without the option, is on Autumn
    older = {**data, "options": {k: v for k, v in data["options"].items() if k != "map"}}
    assert GAME.load_state(older).woodland is state.woodland
    with pytest.raises(SetupError, match="map"):
        GAME.options({"map": "moon"})
    assert RootOptions.model_fields["map"].json_schema_extra == {
        "command_line": "autumn, winter, lake, mountain, random",
    }


def test_owls_and_hares_words_stay_in_their_package() -> None:
    """The test factions' own words never reach the shared code either."""
    with extra_factions():
        assert FACTIONS[OWLS].short == "Owls" and FACTIONS[HARES].key == "hares"
    assert OWLS not in FACTIONS and HARES not in FACTIONS


# ----------------------------------------------------- hidden parts of a state
HOARDERS = 94


@state_data
class Hoard(Burrower):
    stash: list[int] = field(default_factory=list)
    """Cards kept face down (as the supporters)."""


class Hoarders(Hares):
    """A faction with a face-down stack of cards besides its hand."""

    number = HOARDERS
    key = "hoarders"
    name = "Test Hoarders"
    short = "Hoarders"
    letter = "I"
    player_class = Hoard
    daylight_steps = ("hoard",)
    setup_steps = ("hoard_corner",)

    def new_player(self) -> Player:
        return Hoard(faction=self.number, warriors=20)

    def hide(self, view: RootState, player: Player) -> None:
        assert isinstance(player, Hoard)
        player.stash = [HIDDEN] * len(player.stash)

    def face_down(self, player: Player) -> list[list[int]]:
        assert isinstance(player, Hoard)
        return [player.stash]


def test_a_face_down_stack_is_hidden_and_dealt_again_by_the_search() -> None:
    register(Hoarders())
    try:
        state = GAME.setup(SEATS[:3], {"factions": "marquise,duchy,hoarders"}, 2)
        hoard = state.player(HOARDERS)
        assert isinstance(hoard, Hoard)
        hoard.stash = [state.draw_pile.pop(), state.draw_pile.pop()]
        mine = state.seat(HOARDERS)
        other = (mine + 1) % 3
        seen = GAME.view(state, other).player(HOARDERS)
        assert isinstance(seen, Hoard) and seen.stash == [HIDDEN, HIDDEN]
        own = GAME.view(state, mine).player(HOARDERS)
        assert isinstance(own, Hoard) and own.stash == hoard.stash
        sample = GAME.determinize(GAME.view(state, other), other, Rng.from_seed(7))
        dealt = sample.player(HOARDERS)
        assert isinstance(dealt, Hoard) and HIDDEN not in dealt.stash
        cards = sample.draw_pile + sample.discard + dealt.stash
        for p in sample.players:
            cards += p.hand
        assert sorted(cards) == list(range(54))
        viewer = sample.players[other].hand
        assert not set(dealt.stash) & set(viewer)
    finally:
        unregister(HOARDERS)


def test_a_faction_may_not_take_another_ones_pieces_or_places() -> None:
    class Thieves(Hares):
        number = 95
        key = "thieves"
        building_kinds = ("sawmill",)

    class Squatters(Hares):
        number = 96
        key = "squatters"
        off_map = (0,)

    class Settlers(Hares):
        number = 97
        key = "settlers"
        off_map = (5,)

    for cls in (Thieves, Squatters, Settlers):
        with pytest.raises(ValueError, match="taken|sawmill"):
            register(cls())
        assert cls.number not in FACTIONS
