"""Pending decisions are typed values (``pending.py``): one frozen job per
kind, validated where a save brings them in, and handled through tables
from kind to handler (``decision_options.OPTIONS``/``TARGETS``,
``answers.ANSWERS``/``TARGETS``, ``resolve.STARTS``) that cover every kind."""

from __future__ import annotations

import dataclasses
import typing

import pytest
from pydantic import ValidationError

from boardgames_tui.engine.data import from_json, to_json
from boardgames_tui.games.tyrants import GAME, answers, decision_options, resolve, target_options
from boardgames_tui.games.tyrants import effects as fx
from boardgames_tui.games.tyrants.actions import (
    Assassinate,
    ChooseOption,
    Deploy,
    PlayCard,
    TyrantsAction,
)
from boardgames_tui.games.tyrants.pending import (
    JOB_TYPE,
    ActJob,
    ChooseJob,
    DiscardJob,
    ListJob,
    PayJob,
    RepeatJob,
    evolve,
    make,
    saved_jobs,
)

from .helpers import ANA, act, table

JOBS = [
    ListJob(seat=0, card="noble", at=1),
    RepeatJob(seat=1, card="drow-negotiator", path=(0, 0), left=2),
    ChooseJob(seat=2, card="advocate", source=3, at=0, spy_site="eryndlyn"),
    PayJob(seat=3, card="spy-master", at=1, done=2, origin="market"),
    ActJob(seat=0, card="noble", left=3, holding=("eryndlyn", -1), site="x", hall=1),
    DiscardJob(seat=1, card="noble", forcer=0, deployed=("a", "b"), removed=(0, -1)),
]


@pytest.mark.parametrize("job", JOBS, ids=[j.kind for j in JOBS])
def test_every_kind_of_job_goes_through_a_save_and_back(job: object) -> None:
    data = to_json(job, JOB_TYPE)
    assert data["kind"] == job.kind  # type: ignore[attr-defined]
    assert from_json(JOB_TYPE, data) == job


def test_jobs_are_frozen_and_a_step_makes_a_new_one() -> None:
    job = ActJob(seat=0, card="noble", left=2)
    with pytest.raises(dataclasses.FrozenInstanceError):
        job.left = 1  # type: ignore[misc]
    later = evolve(job, left=1, deployed=("eryndlyn",))
    assert (job.left, job.deployed) == (2, ())
    assert later == ActJob(seat=0, card="noble", left=1, deployed=("eryndlyn",))
    child = make(ChooseJob, later, path=(1, 0), at=3)
    assert child == ChooseJob(seat=0, card="noble", path=(1, 0), at=3, deployed=("eryndlyn",))


@pytest.mark.parametrize(
    ("data", "where"),
    [
        ({"kind": "vote", "seat": 0, "card": "noble"}, "does not match any of the expected tags"),
        ({"kind": "act", "seat": 0, "card": "no-such-card"}, "no card is called"),
        ({"kind": "act", "seat": 7, "card": "noble"}, "seat"),
        ({"kind": "list", "seat": 0, "card": "noble", "at": -1}, "at"),
        ({"kind": "act", "card": "noble"}, "seat"),
        ({"kind": "act", "seat": 0, "card": "noble", "holding": ["x"]}, "holding"),
        ({"kind": "pay", "seat": 0, "card": "noble", "done": "two"}, "done"),
    ],
)
def test_a_damaged_job_is_refused_where_it_enters(data: dict[str, object], where: str) -> None:
    with pytest.raises(ValidationError) as refused:
        from_json(JOB_TYPE, data)
    assert where in str(refused.value)


def test_a_snapshot_with_a_damaged_decision_is_refused() -> None:
    state = table(hand=["advocate"])
    act(state, PlayCard(card="advocate"))
    data = GAME.dump_state(state)
    assert data["jobs"][-1]["kind"] == "choose"
    data["jobs"][-1]["kind"] = "chose"
    with pytest.raises(ValidationError):
        GAME.load_state(data)


def test_a_snapshot_from_before_the_types_keeps_each_kinds_fields() -> None:
    """Saves written before the decisions were typed held every field on
    every job; each keeps its own kind's (the other fields held defaults)."""
    every = {
        "left": 0,
        "spy_site": None,
        "deployed": [],
        "holding": None,
        "done": 0,
        "path": [],
        "source": 1,
        "at": 0,
    }
    old = {
        "jobs": [
            {"kind": "list", "seat": 0, "card": "advocate", **every, "at": 1},
            {"kind": "choose", "seat": 0, "card": "advocate", **every},
        ],
        "players": [{"end_of_turn": [{"kind": "list", "seat": 0, "card": "noble", **every}]}],
    }
    new = saved_jobs(old)
    assert new["jobs"][0] == {
        "kind": "list",
        "seat": 0,
        "card": "advocate",
        "path": [],
        "source": 1,
        "at": 1,
        "spy_site": None,
        "deployed": [],
    }
    assert "left" not in new["jobs"][1] and "done" not in new["jobs"][1]
    assert "holding" not in new["players"][0]["end_of_turn"][0]
    jobs = from_json(list[JOB_TYPE], new["jobs"])
    assert jobs == [
        ListJob(seat=0, card="advocate", source=1, at=1),
        ChooseJob(seat=0, card="advocate", source=1),
    ]
    assert saved_jobs("not a state") == "not a state"


def _leaves(tp: object) -> set[type]:
    """The classes of a union (annotated or not)."""
    found: set[type] = set()
    for arg in typing.get_args(tp):
        if isinstance(arg, type):
            found.add(arg)
        elif typing.get_args(arg):
            found |= _leaves(arg)
    return found


def test_the_tables_cover_every_kind() -> None:
    """Every decision kind has a lister and a handler; every effect is
    either begun by a starter or asks for targets, whose lister is there;
    every action a target can be answered with has its handler."""
    decisions = {ChooseJob, PayJob, ActJob, DiscardJob}
    assert set(decision_options.OPTIONS) == decisions == set(answers.ANSWERS)
    effects = {e for e in _leaves(fx.Effect) if issubclass(e, fx._Part)}
    structure = {fx.Choose, fx.Then, fx.If, fx.Pay, fx.AtEndOfTurn, fx.Repeat, fx.WhenDiscarded}
    targeted = effects - set(resolve.STARTS)
    assert structure <= set(resolve.STARTS)
    assert targeted | {fx.ForceDiscard, fx.Promote, fx.GiveOutcast} == set(target_options.TARGETS)
    answered = _leaves(TyrantsAction)
    main_only = {"place_start_troop", "deploy_for_vp", "end_turn", "choose_option"}
    main_only |= {"devour_card", "discard_card"}  # a cost paid or a forced discard
    expected = {k for k in answered if k.__dataclass_fields__["kind"].default not in main_only}
    assert set(answers.TARGETS) == expected


def test_a_choice_then_a_target_go_through_their_handlers() -> None:
    """An Advocate's choice leads to its option; a deploy's target to the troop."""
    state = table(hand=["advocate"], power=1)
    act(state, PlayCard(card="advocate"))
    assert isinstance(state.jobs[-1], ChooseJob)
    assert GAME.legal_actions(state) == [ChooseOption(option=0), ChooseOption(option=1)]
    act(state, ChooseOption(option=0))
    assert not state.jobs or not isinstance(state.jobs[-1], ChooseJob)
    main = table(power=4)
    act(main, Deploy(space="erynd-llace"))
    assert main.troops["erynd-llace"] == (ANA,)
    assert Assassinate(space="ched-nasad", colour=1) not in GAME.legal_actions(main)
