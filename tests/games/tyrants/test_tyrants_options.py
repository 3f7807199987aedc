"""The options: every field defaulted, two different half-decks, a side for 3 players."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from boardgames_tui.games.tyrants.options import TyrantsOptions


def test_defaults_drow_and_dragons_side_a_random_first_player() -> None:
    options = TyrantsOptions()
    assert options.half_decks == ("drow", "dragons")
    assert options.side == "A"
    assert options.first_player is None


def test_any_two_different_half_decks() -> None:
    options = TyrantsOptions.model_validate({"half_decks": ["elementals", "demons"], "side": "B"})
    assert options.half_decks == ("elementals", "demons") and options.side == "B"
    with pytest.raises(ValidationError, match="two different half-decks"):
        TyrantsOptions(half_decks=("drow", "drow"))
    for bad in (["drow"], ["drow", "dragons", "demons"], ["drow", "vampires"]):
        with pytest.raises(ValidationError):
            TyrantsOptions.model_validate({"half_decks": bad})


def test_side_and_first_player_are_checked() -> None:
    with pytest.raises(ValidationError):
        TyrantsOptions.model_validate({"side": "C"})
    assert TyrantsOptions(first_player=3).first_player == 3
    for bad in (-1, 4):
        with pytest.raises(ValidationError):
            TyrantsOptions(first_player=bad)
    with pytest.raises(ValidationError):
        TyrantsOptions.model_validate({"players": 3})


def test_options_round_trip_through_json() -> None:
    options = TyrantsOptions(half_decks=("demons", "drow"), side="B", first_player=1)
    assert TyrantsOptions.model_validate_json(options.model_dump_json()) == options
