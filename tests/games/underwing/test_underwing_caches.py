"""The rules keep answers about eggs and storages in caches (placements per
egg and holding, the offers per table).  Whatever the caches hold, the lists
must be those worked out from scratch: checked here against a plain
reference, through whole games, on copies and after hand-made changes."""

from __future__ import annotations

from boardgames_tui.engine.bots import get_bot
from boardgames_tui.engine.game import Action, copy_state
from boardgames_tui.games.underwing import GAME
from boardgames_tui.games.underwing.actions import Place, StartGroup
from boardgames_tui.games.underwing.cards import card
from boardgames_tui.games.underwing.colours import group_moves, stock_of
from boardgames_tui.games.underwing.model import UnderwingState
from boardgames_tui.games.underwing.placing import placement_options
from boardgames_tui.games.underwing.score import temperature_bonuses

from .helpers import bot_game, give, new_game, phase, with_spaces


def reference(state: UnderwingState, seat: int) -> list[Action]:
    """Placements as the rulebook reads (R-COMBINATION), with no cache: per
    egg, per distinct space, the crystals that fit, then the group starts."""
    storage = state.players[seat].storage
    stock = stock_of(storage)
    found: list[Action] = []
    if not any(storage.values()):
        return found
    for index, s in enumerate(state.grounds):
        if s.card is None or s.wild:
            continue
        seen = set()
        for space, element in enumerate(card(s.card).spaces):
            if (element, s.fill[space]) in seen:
                continue
            seen.add((element, s.fill[space]))
            singles, starts = group_moves(element, s.fill[space], stock)
            found += [Place(slot=index, space=space, crystals=(e,)) for e in singles]
            found += [StartGroup(slot=index, space=space, element=e) for e in starts]
    return found


def test_placements_match_the_reference_through_whole_games() -> None:
    checked = 0
    for seed in range(6):
        state = bot_game(n=2 + seed % 3, seed=seed)
        bot = get_bot("random", seed=seed)
        while not GAME.is_over(state):
            if state.phase == 3 and state.group is None and not state.jobs:
                seat = state.current()
                assert placement_options(state, seat) == reference(state, seat)
                trial = copy_state(state)  # a copy shares the eggs' contents
                assert placement_options(trial, seat) == reference(trial, seat)
                checked += 1
            GAME.apply(state, bot.choose(GAME, state))
    assert checked > 100


def test_placements_follow_hand_made_changes_to_eggs_and_storage() -> None:
    state = new_game(2, seed=3)
    phase(state, 3)
    seat = state.current()
    give(state, seat, "red")
    before = placement_options(state, seat)
    assert before == reference(state, seat)
    # The same slot gets another card with the very same contents object:
    # the cached moves of that slot must go.
    slot = next(i for i, s in enumerate(state.grounds) if len(s.fill) == 2)
    state.grounds[slot].card = with_spaces("red", "red")
    on_red = placement_options(state, seat)
    assert on_red == reference(state, seat)
    assert any(getattr(a, "slot", None) == slot for a in on_red)
    state.grounds[slot].card = with_spaces("blue", "blue")
    assert not any(getattr(a, "slot", None) == slot for a in placement_options(state, seat))
    assert placement_options(state, seat) == reference(state, seat)
    # A second red: groups of two reds become possible where a space takes them.
    give(state, seat, "red", "purple")
    assert placement_options(state, seat) == reference(state, seat)
    # A crystal lands on the egg (its contents are replaced).
    state.grounds[slot].card = with_spaces("red", "red")
    assert placement_options(state, seat) == reference(state, seat)
    state.grounds[slot].with_space(0, ["red"])
    assert placement_options(state, seat) == reference(state, seat)


def reference_evaluate(state: UnderwingState, seat: int) -> float:
    """The bots' evaluation as its docstring defines it, with no cache."""
    if state.over:
        return GAME.evaluate(state, seat)  # scored from the outcome, no cache
    bonuses = temperature_bonuses(state)
    standing: list[float] = []
    for s, p in enumerate(state.players):
        value = float(p.score + sum(bonuses[s].values()))
        value += sum(0.9 * card(n.card).score for n in p.nursery)
        value += 0.3 * p.stored() + 2.0 * state.staff(s) + 0.4 * len(p.field)
        standing.append(value)
    for slot in state.grounds:
        if slot.claimant is None or not slot.is_egg:
            continue
        assert slot.card is not None
        egg = card(slot.card)
        done = 0.0
        for index in range(len(egg.spaces)):
            if slot.space_complete(index):
                done += 1.0
            elif slot.fill[index]:
                done += 0.4
        standing[slot.claimant] += egg.score * (0.1 + 0.6 * done / len(egg.spaces))
    wild = sum(1 for slot in state.grounds if slot.wild) / max(1, len(state.grounds))
    rivals = [v for i, v in enumerate(standing) if i != seat]
    mine = standing[seat] - (max(rivals) if rivals else 0.0)
    return mine - 40.0 * wild * wild


def test_evaluate_is_its_plain_definition_to_the_last_bit_through_whole_games() -> None:
    """Greedy play (the yardstick of the bots) must not move: the cached
    evaluation gives the very same float for every seat at every position of
    greedy games, solo included."""
    checked = 0
    for seed, players in enumerate((1, 2, 3, 4, 5)):
        state = bot_game(n=players, seed=seed)
        bot = get_bot("greedy", seed=seed)
        while not GAME.is_over(state):
            for seat in range(players):
                assert GAME.evaluate(state, seat) == reference_evaluate(state, seat)
                checked += 1
            GAME.apply(state, bot.choose(GAME, state))
    assert checked > 1000
