"""The words players read (issue 33, defect 10): a route space in words a
player understands, never its id; plurals right; the end of a turn in a
sentence that needs no pronoun."""

from __future__ import annotations

from boardgames_tui.games.tyrants import GAME
from boardgames_tui.games.tyrants import actions as a
from boardgames_tui.games.tyrants import board as bd
from boardgames_tui.games.tyrants.ops import draw, space_name

from .helpers import ANA, act, table


def test_a_route_space_is_named_by_its_route_and_place_never_by_its_id() -> None:
    assert space_name("mant-menzo-a") == (
        "space 1 of the route from Mantol-Derith to Menzoberranzan"
    )
    assert space_name("mant-menzo-b") == (
        "space 2 of the route from Mantol-Derith to Menzoberranzan"
    )
    assert space_name("araum-erynd") == "the route between Araumycos and Eryndlyn"
    names = [space_name(r.id) for r in bd.board().route_spaces]
    assert len(set(names)) == len(names)  # each route space its own words
    for r in bd.board().route_spaces:
        assert r.id not in space_name(r.id) and "(" not in space_name(r.id)


def test_deploying_on_a_route_is_told_in_words() -> None:
    state = table(power=1)
    events = act(state, a.Deploy(space="erynd-kana-a"))
    text = events[0].text
    assert "erynd-kana-a" not in text
    assert text == "Ana deploys a troop at space 1 of the route from Eryndlyn to Kanaglym."
    assert GAME.describe(state, a.Deploy(space="erynd-kana-a")) == (
        "Deploy a troop at space 1 of the route from Eryndlyn to Kanaglym (1 power)."
    )


def test_the_end_of_a_turn_reads_well_and_plurals_are_right() -> None:
    state = table(deck=["noble"])
    events = act(state, a.EndTurn())
    texts = [e.text for e in events]
    assert "Ana ends the turn." in texts
    assert not any("their turn" in t for t in texts)
    state = table(deck=["noble"])
    assert draw(state, ANA, 1)[0].text == "Ana draws 1 card."
