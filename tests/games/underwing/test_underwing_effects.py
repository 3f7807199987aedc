"""Special Effects and Wild Dragons (rulebook): every effect kind of the deck's
vocabulary, resolved from a hand-built position, and rulings R-SCATTER,
R-SEALED, R-LOSE-HANDLER, R-CLAIM-HATCH, R-UP-TO, R-SHORTAGE."""

from __future__ import annotations

from boardgames_tui.engine import Event
from boardgames_tui.games.underwing import GAME
from boardgames_tui.games.underwing.actions import (
    ChooseCrystal,
    ChooseElement,
    ChooseSeat,
    ChooseSlot,
    ChooseSpace,
    Stop,
)
from boardgames_tui.games.underwing.cards import (
    BanishWild,
    ClaimAndHatch,
    CollectChosen,
    CollectElements,
    DestroyElements,
    ElementEveryRound,
    EveryoneDiscards,
    EveryoneLosesHandler,
    GainHandler,
    HatchAdjacent,
    ScareHandlers,
    ScatterElements,
    SmashElements,
    StealElements,
    TakeFromEgg,
    card,
)
from boardgames_tui.games.underwing.effects import RESOLVERS
from boardgames_tui.games.underwing.model import Job, UnderwingState

from .helpers import (
    check,
    clear_slot,
    decisions,
    empty_storages,
    fill,
    fill_egg,
    find_card,
    give,
    new_game,
    phase,
    play,
    put_card,
    run,
    texts,
    with_spaces,
)

RED_ORANGE = with_spaces("red", "orange")  # its own wild effect: scare handlers
BLUE_GREEN = with_spaces("blue", "green")
YELLOW_YELLOW = with_spaces("yellow", "yellow")
ORIGIN = 5  # row 2, column 2 of a 4x4 grid: neighbours 1, 4, 6, 9


def board() -> UnderwingState:
    """Four players, empty grounds but for a wild dragon at ORIGIN, and Ana
    about to place a yellow on the egg in the far corner (so play stops there
    once the effect under test is resolved)."""
    state = new_game(4)
    empty_storages(state)
    for slot in range(len(state.grounds)):
        clear_slot(state, slot)
    phase(state, 3, 0)
    put_card(state, ORIGIN, find_card(lambda c: c.legendary), wild=True)
    put_card(state, 15, YELLOW_YELLOW)
    give(state, 0, "yellow")
    return state


def resolve(state: UnderwingState, effect: object, seat: int = 0) -> list[Event]:
    state.jobs.append(
        Job(effect=effect, seat=seat, origin=ORIGIN, left=getattr(effect, "count", 1))
    )
    return run(state)


def done(state: UnderwingState) -> None:
    assert not state.jobs
    assert GAME.to_act(state) == 0 and state.phase == 3
    check(state)


def test_every_kind_has_one_resolver() -> None:
    import dataclasses
    from typing import get_args

    from boardgames_tui.games.underwing.model import JobEffect

    def kind_of(m: type) -> str:
        if dataclasses.is_dataclass(m):
            return next(str(f.default) for f in dataclasses.fields(m) if f.name == "kind")
        return str(m.model_fields["kind"].default)  # type: ignore[attr-defined]

    kinds = {kind_of(m) for m in get_args(get_args(JobEffect)[0])}
    assert set(RESOLVERS) == kinds


# ------------------------------------------------------------------ wild effects
def test_scatter_named_elements_onto_adjacent_eggs() -> None:
    # "If a Dragon hatches in the wild and causes Elements to scatter to
    # adjacent Eggs, those Elements can be placed on their matching color OR as
    # a partially complete combination."
    state = board()
    put_card(state, 1, with_spaces("red", "purple", "purple"))
    put_card(state, 10, with_spaces("red", "red"))  # not adjacent
    put_card(state, 6, with_spaces("red", "red", "red"), claimant=1)
    fill_egg(state, 6)  # complete: sealed (R-SEALED)
    resolve(state, ScatterElements(element="red", count=2))
    # identical spaces of one egg are offered once
    assert decisions(state) == [
        ChooseSpace(slot=1, space=0),
        ChooseSpace(slot=1, space=1),
    ]
    assert GAME.prompt(state) == "Ana: choose where the scattered red lands"
    play(state, ChooseSpace(slot=1, space=1))  # a red towards a purple
    assert decisions(state) == [
        ChooseSpace(slot=1, space=0),
        ChooseSpace(slot=1, space=2),
    ]
    play(state, ChooseSpace(slot=1, space=0))
    assert state.grounds[1].fill == (("red",), ("red",), ())
    done(state)


def test_a_scattered_element_can_hatch_an_unclaimed_egg_in_the_wild() -> None:
    state = board()
    put_card(state, 1, RED_ORANGE)
    put_card(state, 4, BLUE_GREEN, claimant=2)
    fill(state, 1, 1, "orange")
    resolve(state, ScatterElements(element="red", count=1))
    assert decisions(state) == [ChooseSpace(slot=1, space=0)]
    events = play(state, ChooseSpace(slot=1, space=0))
    assert state.grounds[1].wild  # the egg is complete and unclaimed
    assert "hatches in the wild" in texts(events)
    # ... and its own red ribbon resolves: Cy's handler flees the egg next to it
    assert "Cy's handler flees" not in texts(events)  # 1 and 4 are not adjacent
    assert state.grounds[4].claimant == 2
    done(state)


def test_a_scattered_element_with_nowhere_to_go_stays_in_the_bag() -> None:
    state = board()
    put_card(state, 1, BLUE_GREEN)
    bag = dict(state.bag)
    events = resolve(state, ScatterElements(element="red", count=1))
    assert "stays in the bag" in texts(events)
    assert state.bag == bag
    done(state)


def test_a_random_scatter_and_a_missing_named_element() -> None:
    state = board()
    put_card(state, 1, with_spaces("black", "black"))
    state.bag["red"] += state.bag["white"]
    state.bag["white"] = 0
    # R-SHORTAGE: no white in the bag, so a random element scatters instead
    resolve(state, ScatterElements(element="white", count=1))
    while state.jobs:
        options = decisions(state)
        play(state, options[0])
    done(state)
    state = board()
    put_card(state, 4, with_spaces("black", "black"))
    resolve(state, ScatterElements(count=3))
    while state.jobs:
        play(state, decisions(state)[0])
    assert 1 <= len(state.grounds[4].crystals()) <= 3 or state.grounds[4].wild
    done(state)


def test_hatch_adjacent_unclaimed_eggs() -> None:
    state = board()
    put_card(state, 1, RED_ORANGE)
    put_card(state, 4, BLUE_GREEN)
    put_card(state, 6, with_spaces("red", "red"), claimant=1)  # claimed: safe
    fill(state, 4, 0, "blue")
    resolve(state, HatchAdjacent(count=1))
    assert decisions(state) == [ChooseSlot(slot=1), ChooseSlot(slot=4)]
    play(state, ChooseSlot(slot=4))
    assert state.grounds[4].wild and not state.grounds[1].wild
    assert state.grounds[4].fill == ()  # its crystal went back to the bag
    done(state)

    state = board()
    put_card(state, 1, RED_ORANGE)
    put_card(state, 4, BLUE_GREEN)
    resolve(state, HatchAdjacent(count=2))  # no more eggs than the count: all hatch
    while state.jobs:
        play(state, decisions(state)[0])  # the hatched dragons' own effects
    assert state.grounds[1].wild and state.grounds[4].wild
    done(state)


def test_scare_handlers_off_adjacent_eggs() -> None:
    state = board()
    put_card(state, 1, RED_ORANGE, claimant=1)
    put_card(state, 4, BLUE_GREEN, claimant=2)
    fill_egg(state, 4)  # complete: the handler stays (R-SEALED)
    put_card(state, 10, YELLOW_YELLOW, claimant=3)  # not adjacent
    events = resolve(state, ScareHandlers())
    assert state.grounds[1].claimant is None and state.players[1].break_room == 1
    assert state.grounds[4].claimant == 2 and state.grounds[10].claimant == 3
    assert "Bo's handler flees" in texts(events)
    done(state)


def test_smash_elements_on_adjacent_eggs() -> None:
    state = board()
    put_card(state, 1, with_spaces("red", "purple", "purple"))
    put_card(state, 10, with_spaces("red", "red"))
    fill(state, 1, 1, "red")
    fill(state, 1, 0, "red")
    fill(state, 10, 0, "red")
    resolve(state, SmashElements(count=3))
    options = decisions(state)
    assert options == [
        ChooseCrystal(slot=1, space=0, element="red"),
        ChooseCrystal(slot=1, space=1, element="red"),
    ]
    assert Stop() not in options  # the wild dragon's effect is not optional
    play(state, options[0])
    play(state, ChooseCrystal(slot=1, space=1, element="red"))
    assert state.grounds[1].crystals() == [] and state.grounds[10].crystals() == ["red"]
    done(state)


def test_everyone_loses_a_handler_but_never_the_last() -> None:
    # R-LOSE-HANDLER: from the Ready Room, else the Break Room, else the Field,
    # else an open claimed egg; never the last handler, never a nursery one.
    state = board()
    ana, bo, cy, di = state.players
    bo.ready, bo.field = 1, ["red"]
    cy.ready, cy.tracker = 0, 5
    cy.field = ["blue"]
    di.ready, di.break_room = 0, 0
    di.field = ["green"]
    put_card(state, 1, RED_ORANGE)
    di.ready = 1
    put_card(state, 1, RED_ORANGE, claimant=3)
    resolve(state, EveryoneLosesHandler())
    assert ana.ready == 1 and ana.tracker == 5
    assert bo.ready == 0 and bo.field == ["red"]
    assert cy.field == ["blue"]  # the last one stays
    assert di.field == [] and state.grounds[1].claimant == 3
    done(state)


def test_everyone_discards_random_stored_elements() -> None:
    state = board()
    give(state, 0, "yellow", "yellow")
    give(state, 1, "red", "blue")
    give(state, 2, "green")
    resolve(state, EveryoneDiscards(count=2))
    assert state.players[0].storage["yellow"] == 1
    assert state.players[1].stored() == 0 and state.players[2].stored() == 0
    done(state)


# ------------------------------------------------------------------ tame effects
def test_gain_handler_reports_to_the_ready_room() -> None:
    # "If a Dragon card grants a player an additional Handler, that Handler
    # should report to the Ready Room immediately"
    state = board()
    resolve(state, GainHandler())
    assert state.players[0].ready == 3 and state.staff(0) == 3
    state.players[0].tracker = 0
    state.players[0].ready += 0
    events = resolve(state, GainHandler())
    assert "no handler left" in texts(events)


def test_collect_named_elements() -> None:
    state = board()
    resolve(state, CollectElements(element="purple", count=2))
    assert state.players[0].storage["purple"] == 2
    done(state)


def test_collect_chosen_elements() -> None:
    state = board()
    resolve(state, CollectChosen(count=2))
    assert ChooseElement(element="white") in decisions(state)
    play(state, ChooseElement(element="white"))
    play(state, ChooseElement(element="black"))
    assert state.players[0].storage["white"] == 1 and state.players[0].storage["black"] == 1
    done(state)


def test_an_element_every_round() -> None:
    state = board()
    resolve(state, ElementEveryRound(element="black"))
    resolve(state, ElementEveryRound())
    assert state.players[0].perks == ["black", None]


def test_take_elements_from_eggs_up_to_the_count() -> None:
    state = board()
    put_card(state, 10, with_spaces("red", "red"))
    put_card(state, 12, BLUE_GREEN, claimant=1)
    fill_egg(state, 12)  # sealed
    fill(state, 10, 0, "red")
    resolve(state, TakeFromEgg(count=2))
    assert decisions(state) == [ChooseCrystal(slot=10, space=0, element="red"), Stop()]
    play(state, ChooseCrystal(slot=10, space=0, element="red"))
    # nothing left to take: the effect ends
    assert state.players[0].storage["red"] == 1
    done(state)
    state = board()
    put_card(state, 10, with_spaces("red", "red"))
    fill(state, 10, 0, "red")
    resolve(state, TakeFromEgg(count=1))
    play(state, Stop())  # R-UP-TO: "up to" effects may stop early
    assert state.grounds[10].crystals() == ["red"]
    done(state)


def test_claim_and_hatch_a_small_unclaimed_egg() -> None:
    # R-CLAIM-HATCH: the egg hatches for the player at once; a new egg takes its
    # space at once.
    state = board()
    small = find_card(lambda c: c.score <= 4 and [e.kind for e in c.tame] == ["collect_elements"])
    big = find_card(lambda c: c.score >= 10)
    put_card(state, 10, small)
    put_card(state, 11, big)
    put_card(state, 12, RED_ORANGE, claimant=1)
    fill(state, 10, 0, card(small).spaces[0])
    top = state.deck[0]
    resolve(state, ClaimAndHatch(max_score=4))
    assert decisions(state) == [ChooseSlot(slot=10)] or ChooseSlot(slot=10) in decisions(state)
    assert ChooseSlot(slot=11) not in decisions(state)
    assert ChooseSlot(slot=12) not in decisions(state)
    events = play(state, ChooseSlot(slot=10))
    ana = state.players[0]
    assert ana.dragons == [small] and ana.score == card(small).score
    assert state.grounds[10].card == top
    assert card(small).name in texts(events)
    done(state)


def test_destroy_elements_anywhere() -> None:
    state = board()
    put_card(state, 14, with_spaces("red", "red", "red"))
    fill(state, 14, 0, "red")
    fill(state, 14, 1, "red")
    resolve(state, DestroyElements(count=3))
    assert Stop() in decisions(state)
    play(state, ChooseCrystal(slot=14, space=0, element="red"))
    play(state, ChooseCrystal(slot=14, space=1, element="red"))
    assert state.grounds[14].crystals() == []
    done(state)


def test_steal_stored_elements_from_one_player() -> None:
    state = board()
    give(state, 2, "black", "white")
    resolve(state, StealElements(count=2))
    assert decisions(state) == [ChooseSeat(seat=2)]
    play(state, ChooseSeat(seat=2))
    assert GAME.prompt(state).startswith("Ana: steal elements from Cy")
    play(state, ChooseElement(element="white"))
    play(state, ChooseElement(element="black"))
    assert state.players[0].storage["white"] == 1 and state.players[2].stored() == 0
    done(state)


def test_banish_a_wild_dragon() -> None:
    # "Wild Dragons remain in their location ... and cannot be removed from
    # play unless a Special Effect allows for this to happen."
    state = board()
    dragon = state.grounds[ORIGIN].card
    top = state.deck[0]
    resolve(state, BanishWild())
    assert decisions(state) == [ChooseSlot(slot=ORIGIN)]
    play(state, ChooseSlot(slot=ORIGIN))
    assert state.removed == [dragon]
    assert state.grounds[ORIGIN].card == top and not state.grounds[ORIGIN].wild
    done(state)


def test_effects_with_nothing_to_act_on_end_quietly() -> None:
    state = board()
    put_card(state, ORIGIN, find_card(lambda c: c.legendary))  # an egg, not a dragon
    put_card(state, 15, YELLOW_YELLOW, claimant=1)
    for effect in (
        BanishWild(),
        ClaimAndHatch(max_score=3),
        TakeFromEgg(count=2),
        DestroyElements(count=2),
        StealElements(count=1),
        SmashElements(count=2),
        ScareHandlers(),
    ):
        resolve(state, effect)
        assert not state.jobs, effect
    done(state)
