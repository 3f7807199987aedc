"""The Corvids' and the Vagabond's standings for the search (``Faction.standing``,
read by ``RootGame.evaluate``), fitted to who won the rule bots' games
(``benchmarks/root_faction_evaluate.py``, docs/bots.md): each counts what the
fit kept, by its weight, and nothing the fit left out."""

from __future__ import annotations

import pytest

from boardgames_tui.games.root.faction import FACTIONS
from boardgames_tui.games.root.factions.corvids import CORVIDS
from boardgames_tui.games.root.factions.corvids.faction import WEIGHTS as CORVID_WEIGHTS
from boardgames_tui.games.root.factions.marquise import CATS
from boardgames_tui.games.root.factions.vagabond import VAGABOND
from boardgames_tui.games.root.factions.vagabond.faction import STANDING as VAGABOND_WEIGHTS
from boardgames_tui.games.root.model import RootState
from tests.games.root.pieces import corvids_of, vagabond_of
from tests.games.root.tables import deal, put

from .corvid_helpers import blank as corvid_table
from .corvid_helpers import plot
from .vagabond_helpers import blank as vagabond_table
from .vagabond_helpers import items


def corvid_standing(state: RootState) -> float:
    return FACTIONS[CORVIDS].standing(state)


def test_the_corvids_standing_counts_points_cards_warriors_face_down_plots_and_crafted() -> None:
    state = corvid_table()
    empty = corvid_standing(state)
    corvids_of(state).vp = 2
    deal(state, CORVIDS, "fox-ambush")
    put(state, 1, CORVIDS, 2)
    plot(state, 1, "bomb")
    corvids_of(state).crafted.append(0)
    w = CORVID_WEIGHTS
    expected = 2 * w["vp"] + w["hand"] + 2 * w["warriors"] + w["down"] + w["crafted"]
    assert corvid_standing(state) - empty == pytest.approx(expected)


def test_the_corvids_standing_leaves_out_face_up_plots_and_clearings_ruled() -> None:
    """A face-up plot has scored its points already, and rule comes with the
    warriors counted: neither adds to the standing."""
    state = corvid_table()
    put(state, 1, CORVIDS, 1)
    before = corvid_standing(state)
    plot(state, 1, "snare", up=True)
    assert corvid_standing(state) == before
    put(state, 2, CORVIDS, 1)  # a warrior that rules a second clearing
    assert corvid_standing(state) - before == pytest.approx(CORVID_WEIGHTS["warriors"])


def test_the_vagabonds_standing_counts_points_whole_items_and_cards_only() -> None:
    """Damaged items, relationships and quests done add nothing beyond the
    points they brought."""
    state = vagabond_table()
    items(state, "boots")
    before = FACTIONS[VAGABOND].standing(state)
    v = vagabond_of(state)
    v.vp = 3
    items(state, "boots", "sword", exhausted=("torch",), damaged=("tea",))
    deal(state, VAGABOND, "fox-ambush")
    v.relations[CATS] = 2
    v.done_quests.append(0)
    w = VAGABOND_WEIGHTS
    expected = 3 * w["vp"] + 2 * w["items"] + w["hand"]
    assert FACTIONS[VAGABOND].standing(state) - before == pytest.approx(expected)


def vagabond_standing(state: RootState) -> float:
    return FACTIONS[VAGABOND].standing(state)


def test_the_vagabonds_standing_counts_the_exhausted_items_his_next_refresh_turns_up() -> None:
    """An exhausted item does nothing until Refresh turns it face up (Law
    9.4.1: "Flip two exhausted items face up for each tea face up on the
    Refresh Track ... Then flip up three more exhausted items"): with no
    tea, three of five exhausted swords count, the two more nothing."""
    state = vagabond_table()
    items(state)
    empty = vagabond_standing(state)
    items(state, exhausted=("sword",) * 3)
    three = vagabond_standing(state)
    assert three - empty == pytest.approx(3 * VAGABOND_WEIGHTS["items"])
    items(state, exhausted=("sword",) * 5)
    assert vagabond_standing(state) == pytest.approx(three)
    items(state, "sword", exhausted=("sword",) * 5)
    assert vagabond_standing(state) - three == pytest.approx(VAGABOND_WEIGHTS["items"])


def test_an_exhausted_tea_turns_up_no_more_and_costs_what_it_did() -> None:
    """A tea face up on its track turns two more exhausted items up; once
    exhausted it is off the track (9.2.5.1), turns none up and waits to be
    turned up itself: the standing falls by what he can no longer use."""
    state = vagabond_table()
    items(state, "tea", exhausted=("boots",) * 5)
    on_track = vagabond_standing(state)  # the tea and the five boots (3 + 2)
    items(state, exhausted=("tea", *("boots",) * 5))
    spent = vagabond_standing(state)  # three of six turned up
    assert on_track - spent == pytest.approx(3 * VAGABOND_WEIGHTS["items"])


def test_damaged_items_face_up_or_down_count_nothing() -> None:
    state = vagabond_table()
    items(state, "boots")
    before = vagabond_standing(state)
    items(state, "boots", damaged=("sword",), damaged_down=("crossbow", "torch"))
    assert vagabond_standing(state) == pytest.approx(before)
