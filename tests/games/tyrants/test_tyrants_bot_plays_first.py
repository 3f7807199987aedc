"""The rule bot plays its cards first (issue 49): in the main phase with a
card to play it rates the cards alone (``TyrantsBot.play_first``), without a
look at the position when the list tells it all.  That picks what rating
every action would, because a card rates at least ``MAIN_CEILING`` and every
other main-phase action below it: bounded here from the board and the cards,
and checked at every main-phase decision of whole games."""

from __future__ import annotations

import pytest

from boardgames_tui.engine.rng import Rng
from boardgames_tui.games.tyrants import GAME
from boardgames_tui.games.tyrants import actions as a
from boardgames_tui.games.tyrants import board as bd
from boardgames_tui.games.tyrants.bot_plan import FODDER, MARKER_WORTH, TOTAL_MARKER_TURNS, Plan
from boardgames_tui.games.tyrants.bots import MAIN_CEILING, TyrantsBot, play_kind
from boardgames_tui.games.tyrants.cards import load_cards
from tests.games.tyrants.helpers import seats


def test_every_other_main_phase_action_rates_below_a_card_to_play() -> None:
    """Upper bounds of ``rate_main`` for what is not a card to play, from
    ``Plan``'s formulas at their largest over every board and card."""
    worths, reaches, progress = [], [], []
    for players, side in ((2, "A"), (3, "A"), (3, "B"), (4, "A")):
        bmap = bd.board_map(players, side)  # type: ignore[arg-type]
        for site_id in bmap.sites:
            s = bd.site(site_id)
            marker = s.control_marker
            value = s.vp + (MARKER_WORTH if marker else 0.0)
            total = 2.0 + (marker.total_control.vp * TOTAL_MARKER_TURNS if marker else 0.0)
            worths.append(value + total)
            progress.append(0.3 * s.vp + 0.25 * s.vp + 0.8)
        top_vp = max(bd.site(s).vp for s in bmap.sites)
        degree = max(len(n) for n in bmap.neighbours.values())
        reaches.append((1 + degree) * (0.2 + 0.03 * top_vp))
    # A site's worth runs from -(value + total) to value + total.
    change = 2 * max(worths)
    deploy = 0.1 + change + max(reaches) + max(progress)
    assassinate = (1.0 + change + 0.2) / 3.0
    return_spy = (0.05 + change) / 3.0 - 0.2
    recruit = 10.0 + max(
        (c.cost or 0) * 1.4 + c.deck_vp + 0.2 * (c.inner_circle_vp or 0) + 1.0 + 1.0
        for c in load_cards().all_cards()
    )
    for bound in (deploy, assassinate, return_spy, recruit, 1.0, 0.0):
        assert bound < MAIN_CEILING


def test_a_card_that_pays_with_the_hand_is_weak_only_if_an_insane_outcast() -> None:
    """What ``play_first`` reads from the list alone: the one weak card
    that pays with the hand is the Insane Outcast."""
    paying_weak = [c for c in FODDER if play_kind(c)[0]]
    assert paying_weak == ["insane-outcast"]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_cards_first_pick_what_rating_every_action_picks(players: int) -> None:
    for seed in range(3):
        state = GAME.setup(seats(players), None, seed)
        bots = [TyrantsBot(seed=seed * 7 + i) for i in range(players)]
        checked = 0
        while not GAME.is_over(state):
            seat = GAME.to_act(state)
            assert seat is not None
            legal = GAME.legal_actions(state)
            if type(legal[-1]) is a.EndTurn and any(isinstance(x, a.PlayCard) for x in legal):
                view = GAME.glance(state, seat)
                plan = Plan(view, seat)
                rates = [bots[seat].rate_main(plan, x) for x in legal]
                best = max(rates)
                expected = [x for x, r in zip(legal, rates, strict=True) if r == best]
                assert all(
                    (r >= MAIN_CEILING) == isinstance(x, a.PlayCard)
                    for x, r in zip(legal, rates, strict=True)
                )
                probe = TyrantsBot(seed=0)
                probe.rng = Rng(seed=0, state=bots[seat].rng.state)
                seen = probe.play_first(legal, view.players[seat].hand)
                assert seen in expected
                blind = TyrantsBot(seed=0)
                blind.rng = Rng(seed=0, state=bots[seat].rng.state)
                quick = blind.play_first(legal)
                assert quick is None or quick is seen
                checked += 1
            GAME.apply(state, bots[seat].choose(GAME, state, legal), legal)
        assert checked > 20
