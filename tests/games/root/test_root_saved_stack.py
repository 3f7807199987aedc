"""A saved stack of decisions is read by one decoder (``model.from_records``)
in two ways: strictly when the state is validated (an unknown kind, or an
old record its kind cannot read, is refused with a message), leniently while
an old save is brought up to date (``game.migrate_state``: such an entry is
left as it was, for validation to judge)."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from boardgames_tui.games.root import GAME
from boardgames_tui.games.root.game import migrate_state
from boardgames_tui.games.root.model import Decision, from_records

from .helpers import blank

#: An old record (the untyped shape) of a sway that names no minister: its
#: kind cannot read it (the minister is the first of its names).
UNREADABLE = {
    "kind": "sway",
    "faction": 1,
    "clearing": 0,
    "count": 0,
    "by": -1,
    "names": [],
    "numbers": [7],
}
UNKNOWN = {"kind": "no_such_decision", "faction": 0}
#: An old record its kind reads: a Brigadier with two to take.
READABLE = {**UNREADABLE, "kind": "brigadier", "count": 2, "names": [], "numbers": []}


def test_the_records_are_of_the_old_shape() -> None:
    assert set(UNREADABLE) == set(READABLE) == Decision.RECORD


def test_a_strict_read_refuses_an_unknown_kind_and_an_unreadable_record() -> None:
    with pytest.raises(ValueError, match="no decision of kind 'no_such_decision'"):
        from_records([UNKNOWN], strict=True)
    with pytest.raises(ValueError, match="a 'sway' decision the save cannot hold"):
        from_records([UNREADABLE], strict=True)


def test_a_lenient_read_leaves_them_as_they_were() -> None:
    stack: list[Any] = [UNKNOWN, UNREADABLE, "not a decision"]
    assert from_records(stack, strict=False) == stack


@pytest.mark.parametrize("strict", [True, False])
def test_both_read_an_old_record_in_its_kinds_fields(strict: bool) -> None:
    assert from_records([READABLE], strict=strict) == [
        {"kind": "brigadier", "faction": 1, "up_to": 2}
    ]


@pytest.mark.parametrize("strict", [True, False])
def test_both_leave_a_typed_entry_as_it_is(strict: bool) -> None:
    typed = {"kind": "brigadier", "faction": 1, "up_to": 2}
    assert from_records([typed], strict=strict) == [typed]


def test_bringing_a_save_up_to_date_tolerates_what_loading_then_refuses() -> None:
    data = {**GAME.dump_state(blank()), "stack": [UNREADABLE]}
    assert migrate_state(data)["stack"] == [UNREADABLE]
    with pytest.raises(ValidationError, match="cannot hold"):
        GAME.load_state(data)
    with pytest.raises(ValidationError, match="no decision of kind"):
        GAME.load_state({**data, "stack": [UNKNOWN]})
    (brigadier,) = GAME.load_state({**data, "stack": [READABLE]}).stack
    assert brigadier.kind == "brigadier" and brigadier.up_to == 2  # type: ignore[attr-defined]


#: The shared kinds' old records and the fields each reads from them: a
#: clearing's (battle, ambushes, hits) its ``clearing``, the battle
#: effects' side the first of its names.
SHARED_KINDS = [
    ("battle", {"clearing": 5}),
    ("ambush", {"clearing": 5}),
    ("counter", {"clearing": 5}),
    ("hits", {"clearing": 5, "count": 2, "by": 3}),
    ("battle_effects", {"side": "defender"}),
]


@pytest.mark.parametrize(("kind", "fields"), SHARED_KINDS)
def test_the_shared_kinds_read_their_old_records(kind: str, fields: dict[str, Any]) -> None:
    record = {
        "kind": kind,
        "faction": 1,
        "clearing": 5,
        "count": 2,
        "by": 3,
        "names": ["defender"],
        "numbers": [4],
    }
    data = {**GAME.dump_state(blank()), "stack": [record]}
    (entry,) = GAME.load_state(data).stack
    assert entry.kind == kind and entry.faction == 1
    assert {name: getattr(entry, name) for name in fields} == fields
    assert entry.place == fields.get("clearing", 0)
    assert GAME.dump_state(GAME.load_state(data))["stack"] == [
        {"kind": kind, "faction": 1, **fields}
    ]


def test_battle_effects_naming_no_side_cannot_be_held() -> None:
    record = {**UNREADABLE, "kind": "battle_effects", "names": []}
    with pytest.raises(ValueError, match="a 'battle_effects' decision the save cannot hold"):
        from_records([record], strict=True)
