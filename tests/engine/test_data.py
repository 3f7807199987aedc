"""Plain state data: declared with ``state_data``/``action_data``, copied by
``clone`` (what can change is copied, what cannot is shared), and turned into
JSON and back through pydantic."""

from __future__ import annotations

import dataclasses
from typing import Literal

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import ValidationError

from boardgames_tui.engine.data import (
    NO_CLONE,
    action_data,
    clone,
    from_json,
    shallow,
    state_data,
    to_json,
)
from boardgames_tui.engine.game import Action, Event, GameState, Seat
from boardgames_tui.engine.rng import Rng


@action_data
class Move(Action):
    kind: Literal["move"] = "move"
    to: int


@state_data
class Part:
    counts: dict[str, int] = dataclasses.field(default_factory=dict)
    marks: list[list[int]] = dataclasses.field(default_factory=list)


@state_data
class SpecialPart(Part):
    extra: list[int] = dataclasses.field(default_factory=list)


@state_data
class Node:
    value: int = 0
    children: list[Node] = dataclasses.field(default_factory=list)


@state_data
class Table(GameState):
    parts: list[Part]
    best: Part | None = None
    last: Move | None = None
    history: tuple[int, ...] = ()
    tree: Node = dataclasses.field(default_factory=Node)
    scratch: list[int] = dataclasses.field(default_factory=list, compare=False, metadata=NO_CLONE)


def table() -> Table:
    return Table(
        seats=[Seat(name="Ana"), Seat(name="Ben")],
        rng=Rng.from_seed(3),
        opening=[Event(text="Setup.")],
        parts=[Part(counts={"a": 1}, marks=[[1, 2], []]), SpecialPart(extra=[9])],
        best=Part(counts={"b": 2}),
        last=Move(to=4),
        history=(1, 2),
        tree=Node(value=1, children=[Node(value=2, children=[Node(value=3)])]),
        scratch=[7],
    )


def test_a_clone_is_equal_and_independent() -> None:
    original = table()
    copy = clone(original)
    assert copy == original  # the opening is not compared
    copy.parts[0].counts["a"] = 5
    copy.parts[0].marks[0].append(3)
    assert isinstance(copy.parts[1], SpecialPart)
    copy.parts[1].extra.append(10)  # type: ignore[attr-defined]
    assert copy.best is not None
    copy.best.counts["b"] = 0
    copy.tree.children[0].children[0].value = 30
    copy.rng.next_u64()
    assert original == table(), "changing the copy never changes the original"


def test_a_clone_shares_what_cannot_change_and_drops_the_log() -> None:
    original = table()
    copy = clone(original)
    assert copy.last is original.last and copy.history is original.history
    assert copy.seats[0] is original.seats[0]
    assert copy.parts[0] is not original.parts[0]
    assert copy.opening == [] and original.opening, "a copy never carries the log"
    assert copy.scratch == [], "a field marked NO_CLONE starts again from its default"


def test_a_shallow_copy_holds_the_same_parts_and_drops_the_log() -> None:
    original = table()
    copy = shallow(original)
    assert copy == original and copy is not original
    assert copy.parts is original.parts and copy.tree is original.tree
    assert copy.scratch == [] and original.scratch == [7], "NO_CLONE: the default"
    copy.parts = [Part()]  # a field set on the copy is the copy's alone
    assert original == table()
    move = Move(to=1)
    assert shallow(move) is move, "a value needs no copy"


def test_actions_are_values() -> None:
    assert Move(to=1) == Move(to=1) and Move(to=1) != Move(to=2)
    assert len({Move(to=1), Move(to=1)}) == 1
    with pytest.raises(dataclasses.FrozenInstanceError):
        Move(to=1).to = 2  # type: ignore[misc]


def test_json_round_trip_and_validation() -> None:
    original = table()
    original.parts = original.parts[:1]  # JSON knows the declared class only
    data = to_json(original)
    assert "opening" in data and data["last"] == {"kind": "move", "to": 4}
    again = from_json(Table, data)
    assert again == original
    assert to_json(Move(to=3)) == {"kind": "move", "to": 3}
    with pytest.raises(ValidationError):
        from_json(Move, {"kind": "move", "to": "far"})
    with pytest.raises(ValidationError):
        from_json(Table, {**data, "parts": "none"})


@given(st.lists(st.dictionaries(st.text(max_size=3), st.integers()), max_size=5))
def test_any_parts_clone_equal(counts: list[dict[str, int]]) -> None:
    state = table()
    state.parts = [Part(counts=c) for c in counts]
    copy = clone(state)
    assert copy == state
    for part in copy.parts:
        part.counts["new"] = 1
    assert [p.counts for p in state.parts] == counts


@state_data
class Cell:
    """A part whose fields all hold values: lists of it are copied inline."""

    owner: int | None = None
    marks: tuple[str, ...] = ()


@state_data
class MarkedCell(Cell):
    notes: list[str] = dataclasses.field(default_factory=list)


@state_data
class Board(GameState):
    cells: list[Cell]


def test_a_list_of_value_parts_is_copied_part_by_part() -> None:
    original = Board(
        seats=[Seat(name="Ana")],
        rng=Rng.from_seed(1),
        cells=[Cell(owner=1, marks=("x",)), MarkedCell(notes=["n"]), Cell()],
    )
    copy = clone(original)
    assert copy == original
    assert all(a is not b for a, b in zip(copy.cells, original.cells, strict=True))
    assert copy.cells[0].marks is original.cells[0].marks  # a value is shared
    assert type(copy.cells[1]) is MarkedCell  # a subclass keeps its own copy
    copy.cells[0].owner = 2
    copy.cells[1].notes.append("m")  # type: ignore[attr-defined]
    assert original.cells[0].owner == 1 and original.cells[1].notes == ["n"]  # type: ignore[attr-defined]
