"""The Eyrie's Decree resolved column by column (Law 7.5.2), Turmoil (7.7)
and the four leaders (7.8), a test per paragraph from a hand-built
position."""

from __future__ import annotations

from boardgames_tui.games.root import core
from boardgames_tui.games.root.actions import DONE, Battle, Move
from boardgames_tui.games.root.factions.duchy import DUCHY
from boardgames_tui.games.root.factions.eyrie import EYRIE, LEADERS, VIZIER
from boardgames_tui.games.root.factions.eyrie.actions import (
    BuildRoost,
    ChooseLeader,
    DecreeRecruit,
    Turmoil,
)
from boardgames_tui.games.root.factions.eyrie.decree import column_cards
from boardgames_tui.games.root.factions.marquise import CATS
from tests.games.root.pieces import eyrie_of, marquise_of
from tests.games.root.tables import legal, put

from .eyrie_helpers import blank, decree, resolve_now
from .helpers import act, dice


def test_the_decree_is_resolved_left_to_right_every_card_and_no_done_until_then() -> None:
    """7.5.2: "You must resolve the Decree, starting with the leftmost column
    and moving right.  In each column, you must resolve all of its cards,
    but in any order."  The Builder's viziers sit in Recruit and Move."""
    state = blank(leader="builder")  # viziers: Recruit and Move
    put(state, 1, EYRIE, 2, "roost")  # Hill, fox
    put(state, 2, EYRIE, 1, "roost")  # Quarry, mouse
    (mouse,) = decree(state, 0, "mouse-sword")
    resolve_now(state)
    eyrie = eyrie_of(state)
    assert eyrie.column == 0 and sorted(eyrie.todo) == sorted([VIZIER, mouse])
    options = legal(state)
    assert DONE not in options
    assert options == [DecreeRecruit(clearing=1), DecreeRecruit(clearing=2)]
    # In Hill (fox) only the vizier (a bird) will do; the mouse card is kept.
    act(state, DecreeRecruit(clearing=1))
    assert eyrie.todo == [mouse] and core.warriors(state, EYRIE, 1) == 3
    assert legal(state) == [DecreeRecruit(clearing=2)]
    act(state, DecreeRecruit(clearing=2))
    # Move: the vizier; Battle and Build are empty and pass (FAQ: an empty
    # column is no turmoil).
    assert eyrie.column == 1 and eyrie.todo == [VIZIER]
    assert all(isinstance(a, Move) for a in legal(state))
    act(state, Move(origin=1, to=5, count=3))
    # Every column resolved: Daylight ends, Evening scores two roosts.
    assert eyrie.column == 4 and eyrie.points == {"roosts": 1}


def test_recruit_places_a_warrior_at_a_matching_roost() -> None:
    """Recruit: "Place a warrior in any clearing with a roost whose suit
    matches the card suit."."""
    state = blank(leader="despot")  # viziers: Move and Build
    put(state, 1, EYRIE, 0, "roost")  # fox
    put(state, 7, EYRIE, 0, "roost")  # mouse
    decree(state, 0, "rabbit-bake-sale")
    resolve_now(state)
    assert legal(state) == [Turmoil(card=eyrie_of(state).todo[0])]
    state = blank(leader="despot")
    put(state, 1, EYRIE, 0, "roost")
    put(state, 7, EYRIE, 0, "roost")
    decree(state, 0, "mouse-sword")
    resolve_now(state)
    assert legal(state) == [DecreeRecruit(clearing=7)]
    act(state, DecreeRecruit(clearing=7))
    assert core.warriors(state, EYRIE, 7) == 1 and eyrie_of(state).warriors == 19


def test_move_out_of_a_matching_clearing_the_same_warrior_back_and_forth() -> None:
    """Move: "Move from any clearing whose suit matches the card suit." The
    FAQ: the same warrior may move back and forth for several Move cards."""
    state = blank(leader="charismatic")  # viziers: Recruit and Battle
    put(state, 1, EYRIE, 1, "roost")  # Hill, fox; the vizier recruits there
    put(state, 5, EYRIE, 1)  # Creek, rabbit
    decree(state, 1, "rabbit-bake-sale", "fox-anvil")
    resolve_now(state)
    act(state, DecreeRecruit(clearing=1))
    eyrie = eyrie_of(state)
    assert eyrie.column == 1
    origins = {a.origin for a in legal(state) if isinstance(a, Move)}
    assert origins == {1, 5}  # Hill for the fox card, Creek for the rabbit
    act(state, Move(origin=5, to=1, count=1))
    assert {a.origin for a in legal(state) if isinstance(a, Move)} == {1}
    act(state, Move(origin=1, to=5, count=1))
    assert core.warriors(state, EYRIE, 5) == 1 and eyrie.column == 2  # the Battle vizier


def test_battle_in_a_matching_clearing() -> None:
    """Battle: "Initiate a battle in any clearing whose suit matches the card
    suit."  The Despot's viziers (Move, Build) leave Battle to the card."""
    state = blank(leader="builder")
    put(state, 5, EYRIE, 2)  # Creek, rabbit
    put(state, 5, CATS, 1)
    put(state, 8, EYRIE, 2)  # Meadow, fox
    put(state, 8, CATS, 1)
    eyrie = eyrie_of(state)
    eyrie.leader = "despot"
    decree(state, 2, "fox-anvil")
    decree(state, 3, "bird-crossbow")
    resolve_now(state)
    # Move (the vizier): move a warrior from Creek to Hill and back is fine.
    act(state, Move(origin=5, to=1, count=1))
    assert eyrie.column == 2
    assert [a for a in legal(state) if isinstance(a, Battle)] == [Battle(clearing=8)]
    dice(state, 1, 0)
    act(state, Battle(clearing=8))
    assert core.warriors(state, CATS, 8) == 0
    # Build: the bird card and the vizier, in clearings the Eyrie rule.
    assert eyrie.column == 3
    builds = {a.clearing for a in legal(state) if isinstance(a, BuildRoost)}
    # Two birds (the card and the vizier): Hill, Meadow, and Creek, where
    # the Eyrie tie the Marquise and rule by Lords of the Forest.
    assert builds == {1, 5, 8}
    assert Battle(clearing=5) not in legal(state)


def test_build_a_roost_in_a_matching_ruled_clearing_with_no_roost() -> None:
    """Build: "Place a roost in any clearing you rule whose suit matches the
    card suit and which has no roost."."""
    state = blank(leader="commander")  # viziers: Move and Battle
    put(state, 5, EYRIE, 1, "roost")  # Creek, rabbit, a roost already
    put(state, 10, EYRIE, 1)  # Beach, rabbit
    put(state, 3, EYRIE, 1)  # Weald, rabbit
    put(state, 3, CATS, 2)  # ruled by the Marquise
    put(state, 12, EYRIE, 1)  # Glade, fox
    put(state, 5, CATS, 1)
    (card,) = decree(state, 3, "rabbit-bake-sale")
    resolve_now(state)
    eyrie = eyrie_of(state)
    # Move (vizier) from Glade to Beach; Battle (vizier) in Creek.
    act(state, Move(origin=12, to=10, count=1))
    dice(state, 0, 0)
    act(state, Battle(clearing=5))
    assert eyrie.column == 3 and eyrie.todo == [card]
    assert legal(state) == [BuildRoost(clearing=10)]
    act(state, BuildRoost(clearing=10))
    assert state.clearings[10].buildings == ["roost"] and eyrie.roosts == 5


def test_the_keep_bars_roosts_and_recruits_but_not_moves() -> None:
    """The keep (6.2.1): no roost, New Roost or Eyrie recruit in its clearing."""
    state = blank(leader="despot")
    put(state, 1, CATS, 0, "keep")
    put(state, 1, EYRIE, 2, "roost")  # a roost there from before the keep, by hand
    put(state, 9, EYRIE, 2)
    decree(state, 0, "fox-anvil")
    decree(state, 3, "fox-foxfolk-steel")
    resolve_now(state)
    assert legal(state) == [Turmoil(card=eyrie_of(state).todo[0])]
    state.clearings[1].buildings.clear()
    eyrie_of(state).roosts += 1
    eyrie = eyrie_of(state)
    eyrie.todo, eyrie.column = [], 1
    eyrie.todo = column_cards(eyrie, 1)
    assert Move(origin=9, to=1, count=1) in legal(state)
    act(state, Move(origin=9, to=1, count=2))
    assert eyrie.column == 3
    # Build with the fox card: the Eyrie rule Hill (fox), but the keep bars it.
    options = legal(state)
    assert BuildRoost(clearing=1) not in options
    assert any(isinstance(a, Turmoil) for a in options)


def test_a_bird_card_matches_any_clearing_and_the_burrow_is_never_reached() -> None:
    state = blank("duchy,eyrie", leader="builder")
    put(state, 4, DUCHY, 0, "tunnel")
    put(state, 4, EYRIE, 1)
    resolve_now(state)  # the Builder's viziers: Recruit (no roost: turmoil) and Move
    eyrie = eyrie_of(state)
    assert legal(state) == [Turmoil(card=VIZIER)]
    eyrie.column, eyrie.todo = 1, [VIZIER]
    moves = [a for a in legal(state) if isinstance(a, Move)]
    assert {a.to for a in moves} == {8, 9, 12}  # along paths only


# --------------------------------------------------------------- 7.7 Turmoil
def test_turmoil_humiliate_purge_depose_rest() -> None:
    """7.7: a card that cannot be done: lose a point per bird card in the
    Decree, viziers included (7.7.1); discard the Decree but the viziers
    (7.7.2); the leader face down and a new one from those face up, the
    viziers to its columns (7.7.3); Daylight ends (7.7.4)."""
    state = blank("marquise,eyrie,duchy", leader="commander")  # viziers: Move and Battle
    put(state, 1, EYRIE, 1, "roost")
    recruit = decree(state, 0, "fox-anvil", "bird-crossbow")
    build = decree(state, 3, "rabbit-bake-sale", "bird-sappers", "bird-dominance")
    eyrie = eyrie_of(state)
    eyrie.vp = 7
    resolve_now(state)
    act(state, DecreeRecruit(clearing=1))
    act(state, DecreeRecruit(clearing=1))
    # Move: the vizier moves from Hill to Creek.
    act(state, Move(origin=1, to=5, count=1))
    # Battle: the vizier with no one to fight.
    assert legal(state) == [Turmoil(card=VIZIER)]
    act(state, Turmoil(card=VIZIER))
    assert eyrie.vp == 7 - 5  # three birds in the Decree and the two viziers
    assert eyrie.decree == [[], [], [], []]
    assert set(recruit + build[:2]) <= set(state.discard)
    assert build[2] in state.available  # a dominance card goes beside the map
    assert eyrie.deposed == ["commander"] and eyrie.leader == ""
    assert state.stack[-1].kind == "choose_leader"
    assert legal(state) == [ChooseLeader(leader=x) for x in ("builder", "charismatic", "despot")]
    act(state, ChooseLeader(leader="despot"))
    assert eyrie.leader == "despot" and eyrie.leaders == ["builder", "charismatic"]
    assert [column_cards(eyrie, i) for i in range(4)] == [[], [VIZIER], [], [VIZIER]]
    assert state.step == "discard" or state.turn != EYRIE  # Evening came at once
    assert eyrie.points.get("roosts", 0) == 0  # one roost scores 0


def test_turmoil_may_be_chosen_for_an_impossible_card_while_others_remain() -> None:
    """In any order: a card that cannot be done may be resolved first."""
    state = blank(leader="builder")
    put(state, 1, EYRIE, 1, "roost")
    fox, rabbit = decree(state, 0, "fox-anvil", "rabbit-bake-sale")
    resolve_now(state)
    options = legal(state)
    assert DecreeRecruit(clearing=1) in options and Turmoil(card=rabbit) in options
    assert Turmoil(card=fox) not in options


def test_a_new_clutch_when_no_leader_is_face_up() -> None:
    """7.7.3: "If you must choose a new leader but none are face up, flip
    them all face up." (The one just deposed too.)"""
    state = blank(leader="commander")
    eyrie = eyrie_of(state)
    eyrie.leaders = []
    eyrie.deposed = ["builder", "charismatic", "despot"]
    resolve_now(state)  # the Commander's Move vizier has no warrior to move
    act(state, Turmoil(card=VIZIER))
    assert eyrie.leaders == list(LEADERS) and eyrie.deposed == []
    assert legal(state) == [ChooseLeader(leader=x) for x in LEADERS]
    act(state, ChooseLeader(leader="commander"))
    assert eyrie.leader == "commander"


def test_with_one_leader_face_up_it_takes_office_without_a_question() -> None:
    state = blank(leader="commander")
    eyrie = eyrie_of(state)
    eyrie.leaders = ["builder"]
    eyrie.deposed = ["charismatic", "despot"]
    resolve_now(state)
    act(state, Turmoil(card=VIZIER))
    assert eyrie.leader == "builder"
    assert not any(p.kind == "choose_leader" for p in state.stack)
    assert state.turn_number > 1 or state.step == "discard"  # Evening came at once


def test_humiliation_stops_at_zero() -> None:
    """R-EYRIE-HUMILIATE (R-LOSE): the score track starts at 0."""
    state = blank(leader="commander")
    eyrie = eyrie_of(state)
    eyrie.vp = 1
    eyrie.points = {"crafting": 1}
    resolve_now(state)
    act(state, Turmoil(card=VIZIER))
    assert eyrie.vp == 0 and eyrie.points == {"crafting": 1, "turmoil": -1}


def test_humiliation_takes_nothing_from_a_dominance_player() -> None:
    """Law 3.3.1: activating a dominance card takes the score marker off the
    track, so Humiliate has nothing to move; the points kept stay as they
    were (they no longer count)."""
    state = blank(leader="commander")
    eyrie = eyrie_of(state)
    eyrie.vp = 12
    eyrie.points = {"crafting": 12}
    eyrie.dominance = 0
    resolve_now(state)
    act(state, Turmoil(card=VIZIER))
    assert eyrie.vp == 12 and eyrie.points == {"crafting": 12}


# ----------------------------------------------------------------- 7.8 leaders
def test_the_charismatic_recruits_two_and_with_one_left_places_it_then_falls() -> None:
    """7.8.2: "Whenever you take a Recruit action, you must place two
    warriors instead of one."  FAQ: with one warrior left, "Place one"
    and fall into turmoil."""
    state = blank(leader="charismatic")  # viziers: Recruit and Battle
    put(state, 1, EYRIE, 0, "roost")
    resolve_now(state)
    act(state, DecreeRecruit(clearing=1))
    assert core.warriors(state, EYRIE, 1) == 2
    state = blank(leader="charismatic")
    put(state, 1, EYRIE, 0, "roost")
    eyrie = eyrie_of(state)
    core.add_warriors(state, EYRIE, 9, 19)
    eyrie.warriors = 1
    eyrie.vp = 5
    resolve_now(state)
    act(state, DecreeRecruit(clearing=1))
    assert core.warriors(state, EYRIE, 1) == 1 and eyrie.warriors == 0
    assert eyrie.vp == 3 and eyrie.deposed == ["charismatic"]


def test_the_commander_deals_an_extra_hit_as_attacker_only() -> None:
    """7.8.3: "In battle as attacker, you deal an extra hit."."""
    state = blank(leader="commander")
    put(state, 5, EYRIE, 3)
    put(state, 5, CATS, 3)
    resolve_now(state)
    act(state, Move(origin=5, to=1, count=1))
    dice(state, 1, 0)
    act(state, Battle(clearing=5))
    assert core.warriors(state, CATS, 5) == 1  # 1 rolled + 1 extra
    # As defender, no extra hit.
    state = blank(leader="commander")
    state.turn, state.step = CATS, "actions"
    state.actions_left = 3
    put(state, 5, EYRIE, 3)
    put(state, 5, CATS, 3)
    dice(state, 2, 1)
    act(state, Battle(clearing=5))
    assert core.warriors(state, CATS, 5) == 2 and core.warriors(state, EYRIE, 5) == 1


def test_the_despot_scores_one_more_once_per_battle() -> None:
    """7.8.4: "Whenever you remove at least one enemy building or token in
    battle, you score one extra victory point"; FAQ: not one per piece."""
    state = blank(leader="despot")  # viziers: Move and Build
    put(state, 8, EYRIE, 3)  # Meadow, fox
    put(state, 8, CATS, 0, "sawmill", "wood")
    put(state, 4, EYRIE, 1)
    decree(state, 2, "fox-anvil")
    resolve_now(state)
    act(state, Move(origin=4, to=9, count=1))
    dice(state, 2, 0)
    act(state, Battle(clearing=8))
    # Defenceless: 2 rolled + 1 extra = the sawmill and the wood and nothing more.
    assert state.clearings[8].buildings == [] and state.clearings[8].tokens == []
    assert eyrie_of(state).points == {"removing pieces": 2, "Despot": 1}


def test_the_despots_point_after_a_battle_may_win_the_game() -> None:
    """The Despot's extra point, scored once the battle is over, reaching 30
    wins at once (Law 3.1) and the battle ends with the game."""
    state = blank(leader="despot")
    put(state, 8, EYRIE, 3)  # Meadow, fox
    put(state, 8, CATS, 0, "sawmill", "wood")
    put(state, 4, EYRIE, 1)
    decree(state, 2, "fox-anvil")
    eyrie_of(state).vp = 27
    resolve_now(state)
    act(state, Move(origin=4, to=9, count=1))
    dice(state, 2, 0)
    act(state, Battle(clearing=8))  # 2 for the pieces, 1 for the Despot
    assert state.winner == EYRIE and eyrie_of(state).vp == 30
    assert state.battle is None and state.stack == []


def test_removing_a_roost_scores_for_the_remover_and_returns_it() -> None:
    state = blank(leader="commander")
    state.turn, state.step, state.actions_left = CATS, "actions", 3
    put(state, 5, EYRIE, 0, "roost")
    put(state, 5, CATS, 2)
    dice(state, 1, 0)
    act(state, Battle(clearing=5))
    assert state.clearings[5].buildings == [] and eyrie_of(state).roosts == 7
    assert marquise_of(state).points == {"removing pieces": 1}
