"""The Winter, Lake and Mountain maps (Law 16.2) and the suit markers
(Law 16.1.1): each map's data against the facts (shared/facts/root-maps.json,
restated here as an independent table), the map and the suits as setup
options, and each paragraph of the variant maps' rules on small hand-made
states of its map."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from pydantic import ValidationError

from boardgames_tui.engine.assets import asset_path
from boardgames_tui.engine.bots import get_bot
from boardgames_tui.engine.game import Seat, SetupError
from boardgames_tui.games.root import GAME
from boardgames_tui.games.root.actions import ClearPath, Move, Sail
from boardgames_tui.games.root.bots import SAIL_BONUS, RootBot
from boardgames_tui.games.root.factions.duchy import DUCHY
from boardgames_tui.games.root.factions.marquise import CATS, KEEP_CORNERS, keep_worth
from boardgames_tui.games.root.map_rules import balanced_layouts, deal_suits, map_rng
from boardgames_tui.games.root.model import RootState
from boardgames_tui.games.root.options import RootOptions
from boardgames_tui.games.root.woodland import MAPS, SUITS, WoodlandMap, played_map, woodland
from tests.games.root.helpers import SEATS, act, blank, done, give, put
from tests.games.root.pieces import duchy_of, marquise_of
from tests.games.root.test_root_eyrie_games import conserved

# name, building slots (a ruin's included), ruin, corner, paths
Row = tuple[str, int, bool, str | None, set[int]]
FACTS: dict[str, dict[str, object]] = {
    "winter": {
        "clearings": {
            1: ("Mound", 1, False, "top-left", {10, 11, 5}),
            2: ("Moor", 1, False, "top-right", {12, 6, 7}),
            3: ("Hedge", 2, False, "bottom-right", {8, 12, 7}),
            4: ("Spire", 2, False, "bottom-left", {9, 10, 11}),
            5: ("Trench", 2, False, None, {1, 6}),
            6: ("Pit", 2, False, None, {2, 5}),
            7: ("Ford", 1, False, None, {2, 3}),
            8: ("Dale", 2, True, None, {9, 3, 12}),
            9: ("Rock", 2, True, None, {8, 11, 4}),
            10: ("Drift", 1, False, None, {1, 4}),
            11: ("Wade", 3, True, None, {1, 4, 9}),
            12: ("Bend", 3, True, None, {8, 2, 3}),
        },
        "opposite": {(1, 3), (2, 4)},
        "river": {(7, 12), (10, 11), (11, 12)},
        "forests": [
            {1, 10, 11},
            {1, 2, 5, 6, 11, 12},
            {2, 12, 7},
            {10, 11, 4},
            {9, 11, 4},
            {8, 9, 11, 12},
            {8, 3, 12},
            {3, 12, 7},
        ],
        "forest_pairs": {(1, 2), (1, 4), (2, 3), (2, 6), (3, 8), (4, 5), (5, 6), (6, 7), (7, 8)},
    },
    "lake": {
        "clearings": {
            1: ("Gulf", 2, False, "bottom-right", {9, 5}),
            2: ("Den", 1, False, "top-left", {8, 10, 7}),
            3: ("Grove", 1, False, "bottom-left", {8, 9, 12}),
            4: ("Shade", 1, False, "top-right", {5, 6}),
            5: ("Yard", 3, True, None, {1, 11, 4}),
            6: ("Vert", 2, False, None, {11, 4, 7}),
            7: ("Prairie", 1, False, None, {11, 2, 10, 6}),
            8: ("Lawn", 1, False, None, {10, 2, 3}),
            9: ("Alley", 1, False, None, {1, 3, 12}),
            10: ("Shoal", 3, True, None, {8, 2, 7}),
            11: ("Bay", 3, True, None, {5, 6, 7}),
            12: ("Marsh", 3, True, None, {9, 3}),
        },
        "opposite": {(1, 2), (3, 4)},
        "river": {(1, 10), (1, 11), (1, 12), (10, 11), (10, 12), (11, 12)},
        "forests": [
            {8, 2, 10},
            {2, 10, 7},
            {10, 11, 7},
            {11, 6, 7},
            {11, 4, 5, 6},
            {8, 10, 3, 12},
            {9, 3, 12},
            {1, 12, 9},
            {1, 11, 5},
        ],
        "forest_pairs": {
            (1, 2),
            (1, 6),
            (2, 3),
            (3, 4),
            (3, 6),
            (3, 9),
            (4, 5),
            (5, 9),
            (6, 7),
            (6, 8),
            (7, 8),
            (8, 9),
        },
    },
    "mountain": {
        "clearings": {
            1: ("Slope", 2, False, "top-left", {8, 9}),
            2: ("Peak", 2, False, "top-right", {11, 6}),
            3: ("Crest", 2, False, "bottom-right", {11, 6}),
            4: ("Drain", 2, False, "bottom-left", {8, 12}),
            5: ("Mine", 1, False, None, {10, 11}),
            6: ("Ridge", 1, False, None, {2, 3}),
            7: ("Cliff", 1, False, None, {12}),
            8: ("Brim", 1, False, None, {1, 4}),
            9: ("Ledge", 3, True, None, {1, 10, 12}),
            10: ("Pass", 2, True, None, {9, 11, 12, 5}),
            11: ("Valley", 3, True, None, {10, 2, 3, 5}),
            12: ("Ramp", 3, True, None, {9, 10, 4, 7}),
        },
        "opposite": {(1, 3), (2, 4)},
        "river": {(2, 10), (4, 10)},
        "forests": [
            {8, 1, 9},
            {9, 10, 5},
            {9, 10, 12},
            {10, 11, 12},
            {10, 11, 5},
            {2, 11, 5},
            {2, 11, 6},
            {11, 3, 6},
            {8, 9, 4, 12},
            {11, 3, 12, 7},
        ],
        "forest_pairs": {
            (1, 9),
            (2, 3),
            (2, 5),
            (3, 4),
            (3, 9),
            (4, 5),
            (4, 10),
            (5, 6),
            (6, 7),
            (7, 8),
            (8, 10),
        },
    },
}
CLOSED = {(2, 5), (3, 7), (5, 9), (6, 11), (8, 9), (11, 12)}
#: A layout of the suit markers for hand-made states: fox 1-4, rabbit 5-8, mouse 9-12.
LAYOUT = ["fox"] * 4 + ["rabbit"] * 4 + ["mouse"] * 4


def pairs(found: object) -> set[tuple[int, int]]:
    assert isinstance(found, (list, tuple, set))
    return {(min(a, b), max(a, b)) for a, b in found}


# ------------------------------------------------------------------- data
@pytest.mark.parametrize("map_id", ["winter", "lake", "mountain"])
def test_each_map_matches_the_facts(map_id: str) -> None:
    """Paths, rivers, slots, ruins, corners and forests, clearing by clearing."""
    m = woodland(map_id)
    facts = FACTS[map_id]
    rows = facts["clearings"]
    assert isinstance(rows, dict)
    assert m.numbers == tuple(range(1, 13))
    for c in m.clearings:
        name, slots, ruin, corner, paths = rows[c.number]
        assert (c.name, c.building_slots, c.ruin, c.corner) == (name, slots, ruin, corner)
        assert set(c.paths) == paths, c.name
        assert c.suit is None  # no suit printed: the markers are dealt
    assert set(m.opposite_corners) == facts["opposite"]
    assert pairs(m.river) == facts["river"]
    assert [set(f.clearings) for f in m.forests] == facts["forests"]
    assert pairs(m.forest_adjacency) == facts["forest_pairs"]
    assert len(m.ruins()) == 4
    assert sum(c.building_slots for c in m.clearings) == (23 if map_id == "mountain" else 22)


def test_what_each_variant_map_adds() -> None:
    winter, lake, mountain = (woodland(m) for m in ("winter", "lake", "mountain"))
    assert winter.river_divides_forests and not woodland("autumn").river_divides_forests
    assert lake.coastal == (1, 10, 11, 12) and lake.lake_ring == (10, 11, 1, 12)
    assert lake.ferry == 1 and lake.clearing(1).corner is not None  # the coastal corner
    assert pairs(mountain.closed_paths) == CLOSED
    assert mountain.tower == 10 and mountain.clearing(10).name == "Pass"
    assert len(mountain.paths()) == 15  # 21 printed, 6 closed


@pytest.mark.parametrize("map_id", ["winter", "mountain"])
def test_forest_adjacency_follows_the_dividing_lines(map_id: str) -> None:
    """The listed forest pairs are those one path apart, counting Winter's
    river and the Mountain's closed paths as dividing lines (16.2.1, 16.2.3.II)."""
    listed = woodland(map_id)
    derived = WoodlandMap.model_validate({**listed.model_dump(), "forest_adjacency": ()})
    for f in listed.forests:
        assert derived.forest_neighbours(f.number) == listed.forest_neighbours(f.number)


def test_the_lake_links_every_coastal_clearing() -> None:
    """16.2.2.II-III: the lake is rivers linking each coastal clearing to each
    other one (not paths: no move crosses it but the Ferry's); the coastal
    clearings are those touching it."""
    lake = woodland("lake")
    for n in lake.numbers:
        others = set(lake.coastal) - {n}
        assert lake.river_neighbours(n) == (others if lake.is_coastal(n) else set())
        assert not others & lake.neighbours(n) or not lake.is_coastal(n)
    # every forest touching the lake has two coastal clearings on its shore
    for f in (3, 6, 8, 9):
        assert len(set(lake.forests[f - 1].clearings) & set(lake.coastal)) == 2


def test_lake_coastal_forests_are_adjacent_around_the_lake() -> None:
    """16.2.2.IV: each coastal forest is adjacent to its two neighbours around
    the lake, and forests across the lake are not adjacent."""
    lake = woodland("lake")
    coastal = [3, 6, 8, 9]  # N, Heart of Oak, SE, E
    for f in coastal:
        assert len(lake.forest_neighbours(f) & set(coastal)) == 2
    assert 8 not in lake.forest_neighbours(3)  # across the lake
    assert 6 not in lake.forest_neighbours(9)


def test_a_bad_map_file_is_refused_with_a_sentence() -> None:
    data = json.loads(asset_path("root", "mountain.json").read_text())
    data["closed_paths"].append([9, 10])  # also an open path
    with pytest.raises(ValidationError, match="also an open path"):
        WoodlandMap.model_validate(data)
    lake = json.loads(asset_path("root", "lake.json").read_text())
    with pytest.raises(ValidationError, match="not coastal"):
        WoodlandMap.model_validate({**lake, "ferry": 2})
    lake["clearings"][0]["suit"] = "fox"
    with pytest.raises(ValidationError, match="every clearing or on none"):
        WoodlandMap.model_validate(lake)


def test_a_map_without_printed_suits_needs_its_markers() -> None:
    with pytest.raises(ValueError, match="prints no suits"):
        played_map("winter")
    with pytest.raises(ValueError, match="dealt at setup"):
        _ = woodland("winter").suits


# ---------------------------------------------------------------- options
def test_the_map_and_the_suits_are_options() -> None:
    assert RootOptions().map == "autumn" and RootOptions().dealt_suits == "printed"
    assert RootOptions(map="Winter").map == "winter"
    assert RootOptions(map="lake").dealt_suits == "random"
    assert RootOptions(suits="balanced").dealt_suits == "balanced"
    with pytest.raises(ValidationError, match="there is no map 'moon'"):
        RootOptions(map="moon")
    with pytest.raises(ValidationError, match="only the Autumn map prints"):
        RootOptions(map="mountain", suits="printed")
    choices = RootOptions.option_choices("map")
    assert choices is not None and [v for _, v in choices] == [*MAPS, "random"]
    with pytest.raises(SetupError, match="no map"):
        GAME.options({"map": "moon"})


def test_old_saves_are_autumn_as_printed() -> None:
    """A save from before the map was an option names none: Autumn, its
    suits printed, no Ferry, no closed path."""
    state = GAME.setup(SEATS, {}, seed=3)
    data = GAME.dump_state(state)
    for key in ("markers", "cleared_paths", "ferry"):
        data.pop(key)
    data["options"].pop("map")
    data["options"].pop("suits")
    loaded = GAME.load_state(data)
    assert loaded.woodland is woodland("autumn")
    assert loaded.markers == [] and loaded.ferry == 0


@pytest.mark.parametrize("map_id", MAPS)
def test_the_map_suits_and_ferry_are_saved(map_id: str) -> None:
    state = GAME.setup(SEATS, {"map": map_id, "suits": "random"}, seed=8)
    loaded = GAME.load_state(json.loads(json.dumps(GAME.dump_state(state))))
    assert loaded.options.map == map_id
    assert loaded.markers == state.markers and len(loaded.markers) == 12
    assert loaded.woodland.suits == state.woodland.suits
    assert loaded.ferry == (1 if map_id == "lake" else 0)


def test_a_map_at_random_is_drawn_from_the_seed() -> None:
    drawn = {GAME.setup(SEATS, {"map": "random"}, seed=s).options.map for s in range(24)}
    assert drawn == set(MAPS)
    again = GAME.setup(SEATS, {"map": "random"}, seed=5)
    assert again.options.map == GAME.setup(SEATS, {"map": "random"}, seed=5).options.map


def test_a_seed_deals_the_same_hands_on_every_map() -> None:
    """The map's own draws come from a stream of their own: the factions,
    the deck and the first player of a seed are those of Autumn."""
    autumn = GAME.setup(SEATS, {}, seed=11)
    for map_id in ("winter", "lake", "mountain"):
        other = GAME.setup(SEATS, {"map": map_id}, seed=11)
        assert [p.hand for p in other.players] == [p.hand for p in autumn.players]
        assert other.turn == autumn.turn


# ----------------------------------------------------------- suit markers
@pytest.mark.parametrize("map_id", ["winter", "lake", "mountain"])
def test_the_twelve_markers_cover_the_clearings(map_id: str) -> None:
    """16.1.1: shuffle the twelve suit markers (four of each) and put one on
    each clearing; the seed decides, and different seeds deal differently."""
    layouts = set()
    for seed in range(6):
        state = GAME.setup(SEATS, {"map": map_id}, seed=seed)
        assert Counter(state.markers) == dict.fromkeys(SUITS, 4)
        assert [state.woodland.suit_of(n) for n in state.woodland.numbers] == state.markers
        assert state.markers == GAME.setup(SEATS, {"map": map_id}, seed=seed).markers
        layouts.add(tuple(state.markers))
    assert len(layouts) > 1
    assert any(
        e.text.startswith(f"The game is played on the {map_id.capitalize()}") for e in state.opening
    )


def test_autumn_keeps_its_printed_suits_unless_the_table_deals_them() -> None:
    printed = GAME.setup(SEATS, {}, seed=2)
    assert printed.markers == [] and printed.woodland is woodland("autumn")
    dealt = GAME.setup(SEATS, {"suits": "random"}, seed=2)
    assert Counter(dealt.markers) == dict.fromkeys(SUITS, 4)
    assert dealt.woodland.suits != woodland("autumn").suits or dealt.markers == [
        woodland("autumn").suit_of(n) for n in range(1, 13)
    ]


@pytest.mark.parametrize("map_id", MAPS)
def test_balanced_suits_never_share_a_path(map_id: str) -> None:
    """The table's choice beside the Law: no two clearings joined by a path
    (a closed path too) share a suit; every such layout may come."""
    board = woodland(map_id)
    layouts = balanced_layouts(map_id)
    assert layouts and len(set(layouts)) == len(layouts)
    assert len(layouts) == {"autumn": 72, "winter": 180, "lake": 96, "mountain": 12}[map_id]
    for seed in range(4):
        suits = deal_suits(RootOptions(map=map_id, suits="balanced"), map_rng(seed))
        assert Counter(suits) == dict.fromkeys(SUITS, 4)
        for a, b in (*board.paths(), *board.closed_paths):
            assert suits[a - 1] != suits[b - 1]


# ------------------------------------------------------ hand-made states
def on(map_id: str, turn: int = CATS, step: str = "actions", actions: int = 3) -> RootState:
    """The Marquise (seat 0) and the Duchy on an empty map, suits fox 1-4,
    rabbit 5-8, mouse 9-12, empty hands; ``turn``'s faction in ``step``."""
    state = blank(turn, step, actions, map_id=map_id)
    state.markers = list(LAYOUT)  # type: ignore[arg-type]
    state.woodland = played_map(map_id, state.markers)
    return state


def test_winter_river_is_still_not_a_path() -> None:
    """16.2.1: the river divides forests; it joins no clearings for a move."""
    state = on("winter")
    put(state, 10, cats=2)
    targets = {a.to for a in GAME.legal_actions(state) if isinstance(a, Move)}
    assert targets == {1, 4}  # not 11 across the river
    assert state.woodland.forest_neighbours(1) == {2, 4}  # NW and W across the river


def sails(state: RootState) -> list[Sail]:
    return [a for a in GAME.legal_actions(state) if isinstance(a, Sail)]


def test_the_ferry_sails_to_any_other_coastal_clearing() -> None:
    """16.2.2.V: pieces moving from the Ferry's coastal clearing may cross to
    any other coastal clearing, ignoring adjacency; the Ferry goes with them
    and the mover draws a card."""
    state = on("lake")
    assert state.ferry == 1  # 16.2.2.I: the coastal corner
    put(state, 1, cats=3)
    assert {a.to for a in sails(state)} == {10, 11, 12}
    hand = len(marquise_of(state).hand)
    act(state, Sail(origin=1, to=11, count=2))
    assert state.clearings[11].warriors == {CATS: 2} and state.clearings[1].warriors == {CATS: 1}
    assert state.ferry == 11
    assert len(marquise_of(state).hand) == hand + 1


def test_the_ferry_once_per_turn() -> None:
    state = on("lake")
    put(state, 1, cats=3)
    act(state, Sail(origin=1, to=10, count=3))
    assert not sails(state)  # the Ferry is at 10 with them, used this turn
    assert {a.to for a in GAME.legal_actions(state) if isinstance(a, Move)} == {2, 7, 8}


def test_the_ferry_needs_rule_of_origin_or_destination() -> None:
    """You still must rule the origin or destination (4.2.1)."""
    state = on("lake")
    put(state, 1, cats=1, moles=2)
    put(state, 12, moles=1)
    put(state, 10, cats=1)
    assert {a.to for a in sails(state)} == {10}  # rules 10, not 1, 11 nor 12
    put(state, 11, cats=1)
    assert {a.to for a in sails(state)} == {10, 11}


def test_the_ferry_only_from_its_clearing() -> None:
    state = on("lake")
    put(state, 12, cats=2)
    assert not sails(state)
    state.ferry = 12
    assert {a.to for a in sails(state)} == {1, 10, 11}


def test_every_faction_takes_the_ferry() -> None:
    """The Duchy's moves are the shared ones: it sails too, and draws."""
    state = on("lake", turn=DUCHY, step="assembly", actions=2)
    put(state, 1, moles=2)
    hand = len(duchy_of(state).hand)
    act(state, Sail(origin=1, to=12, count=1))
    assert state.ferry == 12 and len(duchy_of(state).hand) == hand + 1


def test_the_ferry_cannot_be_battled() -> None:
    """The Ferry is no piece: alone it stands in no battle."""
    state = on("lake")
    put(state, 1, cats=2)
    assert not any(
        a.kind == "battle" and getattr(a, "clearing", 0) == 1 for a in GAME.legal_actions(state)
    )


def test_closed_paths_join_no_clearings() -> None:
    """16.2.3.II: clearings linked by a closed path are not adjacent."""
    state = on("mountain")
    put(state, 5, cats=2)
    assert {a.to for a in GAME.legal_actions(state) if isinstance(a, Move)} == {10, 11}


def clearings_offered(state: RootState) -> set[tuple[int, int]]:
    return {(a.a, a.b) for a in GAME.legal_actions(state) if isinstance(a, ClearPath)}


def test_clearing_a_path() -> None:
    """16.2.3.III: once per turn in Daylight, spend a card (any suit) with a
    piece in either clearing: the marker leaves the game, the clearings are
    adjacent from then on, and the player scores a point."""
    state = on("mountain")
    put(state, 5, cats=1)
    assert not clearings_offered(state)  # no card to spend
    (card,) = give(state, CATS, "rabbit-smuggler-s-trail")
    assert clearings_offered(state) == {(2, 5), (5, 9)}
    act(state, ClearPath(a=5, b=9, card=card))
    assert marquise_of(state).vp == 1 and marquise_of(state).points == {"closed path cleared": 1}
    assert card in state.discard and card not in marquise_of(state).hand
    assert state.cleared_paths == [(5, 9)]
    assert state.woodland.adjacent(5, 9) and not state.woodland.closed_between(5, 9)
    give(state, CATS, "fox-anvil")
    assert not clearings_offered(state)  # once per turn
    loaded = GAME.load_state(GAME.dump_state(state))
    assert loaded.woodland.adjacent(5, 9)


def test_clearing_a_path_only_in_daylight() -> None:
    state = on("mountain", step="birdsong")
    put(state, 5, cats=1)
    give(state, CATS, "fox-anvil")
    assert not clearings_offered(state)
    state.step = "evening_start"
    assert not clearings_offered(state)


def test_the_pass_scores_its_ruler_at_the_end_of_evening() -> None:
    """16.2.3.IV: at the end of a player's Evening, ruling the Pass scores a
    point; the other player's rule of it scores nothing on this turn."""
    state = on("mountain", step="discard")
    put(state, 10, cats=1)
    put(state, 9, moles=1)
    while state.turn == CATS:
        done(state)
    assert marquise_of(state).points.get("the Pass") == 1
    assert duchy_of(state).vp == 0
    put(state, 10, moles=2)  # the Duchy rules the Pass now
    while state.turn == DUCHY and not state.over:
        act(state, GAME.legal_actions(state)[-1])
    assert duchy_of(state).points.get("the Pass") == 1
    assert marquise_of(state).points.get("the Pass") == 1


def test_corners_are_each_maps_own() -> None:
    """Setups that use corners use the map's corners: on the Lake, 1 (bottom
    right) is opposite 2 (top left), so the Duchy, setting up after the
    Marquise kept in 1, takes 2."""
    state = GAME.setup(SEATS, {"map": "lake", "marquise_seat": 0}, seed=4)
    keeps = GAME.legal_actions(state)
    assert sorted(a.clearing for a in keeps) == [1, 2, 3, 4]  # type: ignore[attr-defined]
    act(state, next(a for a in keeps if a.clearing == 1))  # type: ignore[attr-defined]
    while state.setting_up == CATS:
        act(state, GAME.legal_actions(state)[0])
    # The Duchy had one corner to take, and took it by itself.
    assert [n for n in (1, 2, 3, 4) if state.clearings[n].warriors.get(DUCHY)] == [2]


# ------------------------------------------------------------------ bots
MIXES = ["marquise,duchy", "marquise,eyrie", "duchy,eyrie", "marquise,eyrie,duchy"]


def play_out(map_id: str, factions: str, seed: int, bot: str, turn_limit: int = 0) -> RootState:
    """A game of ``factions`` on ``map_id`` between bots, every thing
    counted after every action."""
    names = factions.split(",")
    seats = [Seat(name=f"P{i}") for i in range(len(names))]
    options = {"map": map_id, "factions": factions, "turn_limit": turn_limit}
    state = GAME.setup(seats, options, seed=seed)
    bots = [
        RootBot(seed=seed + i) if bot == "root" else get_bot(bot, seed=seed + i)
        for i in range(len(names))
    ]
    steps = 0
    while not GAME.is_over(state):
        steps += 1
        assert steps < 20_000
        seat = GAME.to_act(state)
        assert seat is not None
        legal = GAME.legal_actions(state)
        assert legal
        GAME.apply(state, bots[seat].choose(GAME, GAME.view(state, seat), legal), legal)
        conserved(state)
    return state


@pytest.mark.parametrize("map_id", ["winter", "lake", "mountain"])
@pytest.mark.parametrize("factions", MIXES)
def test_random_games_on_every_map_conserve_everything(map_id: str, factions: str) -> None:
    state = play_out(map_id, factions, seed=sum(map(ord, map_id + factions)) % 97, bot="random")
    assert state.winner >= 0 or state.ended_by_limit


@pytest.mark.parametrize("map_id", ["winter", "lake", "mountain"])
def test_the_rule_bots_play_every_map(map_id: str) -> None:
    """The rule bot plays every faction on every map; on the Mountain it
    clears paths, on the Lake it sails."""
    state = play_out(map_id, "marquise,eyrie,duchy", seed=2, bot="root", turn_limit=24)
    assert sum(p.vp for p in state.players) > 0
    if map_id == "mountain":
        assert state.cleared_paths
        assert any(p.points.get("closed path cleared") for p in state.players)


def test_the_rule_bot_rates_the_ferry_and_a_path() -> None:
    """A sail is the move it is and a card more; a path is a point for a
    card it would rather not keep, never an ambush."""
    bot = RootBot(seed=0)
    lake = on("lake")
    put(lake, 1, cats=3)
    move = Move(origin=1, to=9, count=1)
    sail = Sail(origin=1, to=12, count=1)
    plain = bot.rate_move(lake, CATS, Move(origin=1, to=12, count=1))
    assert bot.rate(lake, CATS, sail) == plain + SAIL_BONUS
    assert bot.rate(lake, CATS, move) == bot.rate_move(lake, CATS, move)
    mountain = on("mountain")
    put(mountain, 5, cats=1)
    (ambush,) = give(mountain, CATS, "fox-ambush")
    (boot,) = give(mountain, CATS, "rabbit-smuggler-s-trail")
    assert bot.rate(mountain, CATS, ClearPath(a=5, b=9, card=ambush)) < 0
    assert bot.rate(mountain, CATS, ClearPath(a=5, b=9, card=boot)) > 0


def test_the_keeps_measured_worth_is_autumns_only() -> None:
    """The search's evaluation reads Autumn's measured corners on Autumn;
    on another map, the room to build near the corner."""
    autumn = GAME.setup(SEATS, {}, seed=1)
    assert [keep_worth(autumn, c) for c in (1, 2, 3, 4)] == [KEEP_CORNERS[c] for c in (1, 2, 3, 4)]
    lake = on("lake")
    board = lake.woodland
    for corner in board.corners():
        room = board.open_slots[corner] + sum(board.open_slots[n] for n in board.neighbours(corner))
        assert keep_worth(lake, corner) == 0.25 * room
