"""Solo rules, Phase 4 and Solo Scoring: hatching before discovery, a granted
handler (the Break Room, the Wild Forces' new handler, the grounds growing),
no handler deficiency, the "everyone" effects, the bonuses and the titles;
whole solo games.  Rulings R-SOLO-PHASE-4, R-SOLO-GAIN, R-SOLO-WILD-GAIN,
R-SOLO-GROW, R-SOLO-EVERYONE, R-SOLO-SCORE, R-SOLO-TITLE."""

from __future__ import annotations

import pytest

from boardgames_tui.engine import Event
from boardgames_tui.engine.bots import get_bot
from boardgames_tui.games.underwing import GAME
from boardgames_tui.games.underwing.cards import (
    EveryoneDiscards,
    EveryoneLosesHandler,
    GainHandler,
    StealElements,
    card,
    deck,
)
from boardgames_tui.games.underwing.effects import job_options, resolve
from boardgames_tui.games.underwing.model import (
    WILD_FORCES,
    HatchWild,
    Job,
    Nursling,
    UnderwingState,
)
from boardgames_tui.games.underwing.rules import advance, hatch_eggs
from boardgames_tui.games.underwing.score import SOLO_TITLES, solo_title
from boardgames_tui.games.underwing.table import gain_handlers
from boardgames_tui.games.underwing.tame import grow_grounds, wild_gains_handler

from .helpers import (
    check,
    empty_storages,
    fill_egg,
    find_card,
    give,
    new_game,
    phase,
    play,
    put_card,
    texts,
    wild_give,
)

GAINERS = [i for i, c in enumerate(deck()) if not c.legendary and c.tame == (GainHandler(count=1),)]
BIG = find_card(
    lambda c: not c.legendary and c.score >= 12 and [e.kind for e in c.tame] == ["collect_elements"]
)
PLAIN = find_card(lambda c: not c.legendary and [e.kind for e in c.tame] == ["collect_elements"])
WARM = [i for i, c in enumerate(deck()) if c.temperature == "warm" and not c.legendary]
COOL = [i for i, c in enumerate(deck()) if c.temperature == "cool" and not c.legendary]


def solo(seed: int = 0) -> UnderwingState:
    state = new_game(1, seed=seed)
    empty_storages(state)
    return state


def waiting(state: UnderwingState, index: int, completed: int = 1) -> None:
    """A completed egg in Ana's nursery, with one of her Ready handlers."""
    state.deck.remove(index)
    p = state.players[0]
    p.ready -= 1
    p.nursery.append(Nursling(card=index, round=completed))


def phase_four(state: UnderwingState) -> list[Event]:
    state.round = 2
    events: list[Event] = []
    hatch_eggs(state, events)
    advance(state, events)
    return events


def lines(events: list[Event]) -> list[str]:
    return [e.text for e in events]


# -------------------------------------------------------------------- phase 4
def test_solo_phase_four_hatches_then_discovers() -> None:
    # "During Phase 4: Hatch claimed Dragons from the Previous Round; Discover
    # new Eggs, filling the grounds from left to right, top to bottom"
    # (R-SOLO-PHASE-4: the other way round from the multiplayer Phase 4)
    state = solo()
    done = state.grounds[0].card
    assert done is not None
    put_card(state, 0, done, claimant=0)
    fill_egg(state, 0)
    waiting(state, PLAIN)
    top = state.deck[0]
    text = lines(phase_four(state))
    collected = text.index(f"Ana collects the completed {card(done).name} egg.")
    hatched = next(i for i, t in enumerate(text) if t.startswith(f"Ana's {card(PLAIN).name}"))
    found = text.index(f"A new egg is discovered: {card(top).name} (row 1, column 1).")
    assert collected < hatched < found
    assert "Egg Token" not in "\n".join(text)
    check(state)


def test_a_granted_handler_reports_to_the_break_room() -> None:
    # "If a new Handler is granted, that Handler reports to the Break Room."
    state = solo()
    assert gain_handlers(state, 0, 1) == 1
    p = state.players[0]
    assert (p.ready, p.break_room, p.tracker) == (2, 1, 2)
    multi = new_game(2)
    gain_handlers(multi, 0, 1)
    assert (multi.players[0].ready, multi.players[0].break_room) == (3, 0)


def test_a_granted_handler_brings_a_wild_handler_and_grows_the_grounds() -> None:
    # "The Wild Forces ALSO gain a Handler, and it is placed on the White space
    # ... When a new Handler is granted, the Hatching Ground grid expands ...
    # 3 Handlers: 3x2 Grid"; R-SOLO-GROW: every egg keeps its row and column
    state = solo()
    before = [s.card for s in state.grounds]
    waiting(state, GAINERS[0])
    text = lines(phase_four(state))
    name = card(GAINERS[0]).name
    start = next(i for i, t in enumerate(text) if t.startswith(f"Ana's {name} hatches"))
    assert text[start + 1 : start + 4] == [
        "Ana gains 1 handler (to the Break Room).",
        "The Wild Forces gain a handler on the White space.",
        "The hatching grounds grow to 3x2 (3 columns, 2 rows); every egg keeps its place.",
    ]
    assert text[start + 4].endswith("(row 1, column 3).")
    assert text[start + 5].endswith("(row 2, column 3).")
    assert (state.cols, state.rows) == (3, 2)
    assert [state.grounds[i].card for i in (0, 1, 3, 4)] == before
    assert all(s.is_egg for s in state.grounds)
    assert state.wild_forces is not None
    # four Wild handlers; the new one drew white next round, then moved on
    assert len(state.wild_forces.field) == 4 and state.wild_forces.tracker == 2
    assert state.wild_forces.storage["white"] == 1
    assert state.staff(0) == 3
    check(state)


def test_the_grounds_grow_to_3x2_3x3_and_4x3() -> None:
    # "3 Handlers: 3x2 Grid, 4 Handlers: 3x3 Grid, 5 Handlers: 4x3 Grid"; the
    # Wild Forces' handlers go on White, then counter-clockwise: Green, and
    # (Red being theirs already) Black
    state = solo()
    before = [s.card for s in state.grounds]
    events: list[Event] = []
    for _ in range(3):
        job = Job(effect=GainHandler(), seat=0, left=1)
        state.jobs.append(job)
        resolve(state, job, None, events)
    text = texts(events)
    assert text.index("grow to 3x2") < text.index("grow to 3x3") < text.index("grow to 4x3")
    assert "White is taken: the Wild Forces gain a handler on the Green space" in text
    assert "White is taken: the Wild Forces gain a handler on the Black space" in text
    assert (state.cols, state.rows) == (4, 3)
    assert [state.grounds[i].card for i in (0, 1, 4, 5)] == before
    assert sum(s.card is None for s in state.grounds) == 8  # until eggs are discovered
    assert state.wild_forces is not None and state.wild_forces.tracker == 0
    assert state.wild_forces.field == ["white", "orange", "blue", "black", "red", "green"]
    assert state.staff(0) == 5 and state.players[0].break_room == 3
    check(state)
    events = []
    state.phase = 4
    advance(state, events)  # the round ends: eggs are discovered
    assert texts(events).count("A new egg is discovered") == 8
    assert all(s.is_egg for s in state.grounds)
    check(state)


def test_the_wild_forces_gain_on_the_first_free_space_counter_clockwise_from_white() -> None:
    # "if White is occupied by the Wild Forces, the Handler should be placed on
    # the first available space counter-clockwise from White (i.e. placed on the
    # Green space; if Green is occupied, the Handler should be placed on the Red
    # space, etc.)" -- only the Wild Forces' own handlers count
    state = solo()
    wild = state.wild_forces
    assert wild is not None
    wild.field, wild.tracker = ["white"], 5
    state.players[0].field = ["green"]
    state.players[0].ready -= 1
    assert wild_gains_handler(state) == "green"
    assert wild_gains_handler(state) == "red"
    assert wild_gains_handler(state) == "black"
    assert wild_gains_handler(state) == "blue"
    assert wild.field == ["white", "blue", "black", "red", "green"]
    check(state)


def test_the_wild_forces_gain_nothing_with_their_tracker_empty() -> None:
    # R-SOLO-WILD-GAIN: six Wild handlers in all
    state = solo()
    wild = state.wild_forces
    assert wild is not None
    wild.field, wild.tracker = ["white", "orange", "yellow", "purple", "blue", "black"], 0
    assert wild_gains_handler(state) is None
    waiting(state, GAINERS[0])
    text = texts(phase_four(state))
    assert "The Wild Forces have no handler left to gain." in text
    assert len(wild.field) == 6
    check(state)


def test_no_handler_left_to_gain_grants_nothing() -> None:
    # the player's five are all on staff: no handler is granted, so the Wild
    # Forces gain none and the grounds stay as they are
    state = solo()
    p = state.players[0]
    p.ready += p.tracker
    p.tracker = 0
    waiting(state, GAINERS[0])
    text = texts(phase_four(state))
    assert "Ana has no handler left to gain." in text
    assert "Wild Forces gain" not in text and "grow" not in text
    assert (state.cols, state.rows) == (2, 2)
    assert state.wild_forces is not None and state.wild_forces.tracker == 3


def test_the_grounds_never_shrink() -> None:
    state = solo()
    grow_grounds(state, 3, 3)
    waiting(state, GAINERS[0])  # three handlers: 3x2 is smaller than 3x3
    text = texts(phase_four(state))
    assert "grow" not in text
    assert (state.cols, state.rows) == (3, 3)
    check(state)


def test_growing_keeps_the_slots_of_pending_jobs() -> None:
    state = solo()
    state.jobs = [Job(effect=HatchWild(slot=3), seat=WILD_FORCES, origin=3)]
    grow_grounds(state, 3, 2)
    job = state.jobs[0]
    assert job.origin == 4 and isinstance(job.effect, HatchWild) and job.effect.slot == 4
    assert state.adjacent(4) == [1, 3, 5]
    state.jobs = []


def test_no_handler_deficiency_in_solo() -> None:
    # "N.B.: Handlers are NOT auto-granted at 12 and 25 points (core game only)"
    state = solo()
    assert card(BIG).score >= 12
    waiting(state, BIG)
    text = texts(phase_four(state))
    assert "is granted" not in text
    assert state.players[0].score == card(BIG).score
    assert state.staff(0) == 2
    check(state)


# ----------------------------------------------------- the "everyone" effects
def test_everyone_effects_spare_the_wild_forces() -> None:
    # R-SOLO-EVERYONE: "everyone discards" and "everyone loses a handler" act
    # on the players; the Wild Forces are no player
    state = solo()
    phase(state, 3)
    give(state, 0, "red", "red")
    wild_give(state, "blue", "blue")
    state.players[0].ready += 1
    state.players[0].tracker -= 1
    events: list[Event] = []
    for effect in (EveryoneDiscards(count=2), EveryoneLosesHandler()):
        job = Job(effect=effect, seat=0, left=getattr(effect, "count", 1))
        state.jobs.append(job)
        resolve(state, job, None, events)
    assert state.players[0].stored() == 0 and state.staff(0) == 2
    wild = state.wild_forces
    assert wild is not None and wild.storage["blue"] == 2 and len(wild.field) == 3
    check(state)


def test_there_is_nobody_to_steal_from_in_solo() -> None:
    # R-NOTHING: "steal up to N from a player" has no other player to steal
    # from, and the Wild Forces hold nothing when tame dragons hatch
    state = solo()
    job = Job(effect=StealElements(count=2), seat=0, left=2)
    state.jobs.append(job)
    assert job_options(state, job) == []
    resolve(state, job, None, [])
    assert not state.jobs


# -------------------------------------------------------------------- scoring
def ended(hand: list[int], wild_dragon: bool = False, **options: object) -> UnderwingState:
    """A finished solo game where Ana hatched ``hand``."""
    state = new_game(1, **options)  # type: ignore[arg-type]
    for c in hand:
        if c in state.deck:
            state.deck.remove(c)
        else:
            slot = next(i for i, s in enumerate(state.grounds) if s.card == c)
            put_card(state, slot, state.deck[0])
            state.deck.remove(c)
    state.players[0].dragons = list(hand)
    state.players[0].score = sum(card(c).score for c in hand)
    if wild_dragon:
        put_card(state, 0, state.deck[0], wild=True)
    state.over = True
    check(state)
    return state


def breakdown(state: UnderwingState) -> dict[str, int]:
    return GAME.outcome(state).results[0].breakdown


def test_solo_keeps_the_balance_bonus_but_not_warm_or_cool() -> None:
    # "Net 'warm' and 'cool' bonuses DO NOT apply in solo play; however, a
    # perfect balance of dragons is still worth +20 Dragon Points."
    balanced = WARM[:2] + COOL[:2]
    score = sum(card(c).score for c in balanced)
    assert breakdown(ended(balanced, wild_dragon=True)) == {
        "dragons": score,
        "balance bonus": 20,
    }
    assert breakdown(ended(WARM[:3], wild_dragon=True)) == {
        "dragons": sum(card(c).score for c in WARM[:3])
    }
    assert breakdown(ended(COOL[:1], wild_dragon=True)) == {"dragons": card(COOL[0]).score}
    assert breakdown(ended([], wild_dragon=True)) == {"dragons": 0}  # R-BALANCE
    # the temperature option turns the balance bonus off
    assert "balance bonus" not in breakdown(
        ended(balanced, wild_dragon=True, temperature_bonus=False)
    )


def test_no_wild_dragon_left_is_worth_15() -> None:
    # "If the Hatching Grounds contain no wild Dragons at the conclusion of the
    # game, the player is granted a bonus of +15 Dragon Points."
    state = ended(WARM[:1])
    assert breakdown(state) == {"dragons": card(WARM[0]).score, "no wild dragons bonus": 15}
    assert GAME.outcome(state).results[0].score == card(WARM[0]).score + 15
    assert "no wild dragons bonus" not in breakdown(ended(WARM[:1], wild_dragon=True))


@pytest.mark.parametrize(
    ("total", "title"),
    [
        (0, "The Breaker of Eggs"),
        (59, "The Breaker of Eggs"),
        (60, "The Breaker of Eggs"),
        (74, "The Breaker of Eggs"),
        (75, "The Master Eggsecutioner"),
        (99, "The Master Eggsecutioner"),
        (100, "The Wrangler of Whelps"),
        (125, "The Duke/Duchess of Drakes"),
        (150, "The Rider of Wyverns"),
        (169, "The Rider of Wyverns"),
        (170, "The Commander of Wyrms"),
        (190, "The Overlord of Underwing"),
        (214, "The Overlord of Underwing"),
        (215, "The Legendary Dragonlord"),
        (400, "The Legendary Dragonlord"),
    ],
)
def test_the_title_table(total: int, title: str) -> None:
    # "In order to win solo mode and attain a legendary epithet, the Dragonlord
    # must achieve one of the following Dragon Point totals" -- R-SOLO-TITLE:
    # each number is the least total for its title; below 75 (60-74 included)
    # is The Breaker of Eggs, and only from 75 up is solo mode won
    assert solo_title(total) == title
    state = ended([], wild_dragon=True)
    state.players[0].score = total
    outcome = GAME.outcome(state)
    assert outcome.results[0].score == total
    assert title in outcome.summary
    if total >= 75:
        assert outcome.summary.startswith(f"Ana wins as {title} with {total} points.")
    else:
        assert outcome.summary.startswith(
            f"With {total} points Ana earns no epithet and stays {title}: the solo game is lost."
        )
    assert outcome.winners == ([0] if total >= 75 else [])
    assert outcome.ranking == [0]


def test_a_lost_solo_game_never_reads_as_a_title_won() -> None:
    # Issue 9: "Nobody wins. Ana is The Breaker of Eggs … 75 points earn the
    # first epithet" read as a contradiction.
    state = ended([], wild_dragon=True)
    state.players[0].score = 58
    summary = GAME.outcome(state).summary
    assert "Ana is The Breaker of Eggs" not in summary
    assert "earns no epithet" in summary and "lost" in summary
    assert "75 points earn the first epithet, The Master Eggsecutioner." in summary
    state.players[0].score = 1
    assert "With 1 point Ana" in GAME.outcome(state).summary


def test_the_titles_are_the_rulebooks() -> None:
    assert [least for least, _ in SOLO_TITLES] == [0, 75, 100, 125, 150, 170, 190, 215]


# ---------------------------------------------------------------- whole games
@pytest.mark.parametrize("seed", range(24))
def test_random_solo_games_conserve_everything_and_end(seed: int) -> None:
    state = new_game(1, seed=seed)
    bot = get_bot("random", seed=seed)
    steps = 0
    while not GAME.is_over(state):
        check(state)
        assert GAME.to_act(state) == 0  # the Wild Forces never hold the turn
        assert not state.jobs or state.jobs[-1].seat == 0
        assert state.phase != 4 or (state.wild_forces and state.wild_forces.stored() == 0)
        assert GAME.prompt(state)
        play(state, bot.choose(GAME, state))
        steps += 1
        assert steps < 2000
    check(state)
    assert GAME.to_act(state) is None
    assert state.doom or state.round == state.rounds == 12
    outcome = GAME.outcome(state)
    assert outcome.summary and outcome.ranking == [0]
