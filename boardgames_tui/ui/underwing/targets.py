"""What Underwing's cursor points at, and what is being decided.

- :func:`decision`: what the screen groups the decision at hand as (a
  trade, Phase 1's collecting, an effect ...), which the keys are shown for.
- :class:`Target`: an egg of the grounds, one of its element spaces, or a
  Field space; :func:`clamp` keeps it pointing at something that exists.
- :func:`live_targets` and :func:`first_live`: where Enter does something
  now (the board underlines them; a new decision's cursor goes to the first).
- :func:`where`: a target in words.

Nothing here imports Textual: :mod:`.choices` and the board's parts read it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from boardgames_tui.engine.game import Action
from boardgames_tui.games.underwing.actions import (
    AssignEgg,
    AssignField,
    ChooseCrystal,
    ChooseSlot,
    ChooseSpace,
    Collect,
    Place,
    RecallEgg,
    RecallField,
    StartGroup,
)
from boardgames_tui.games.underwing.cards import card
from boardgames_tui.games.underwing.colours import Element
from boardgames_tui.games.underwing.model import UnderwingState

Decision = Literal[
    "over",
    "trade",
    "answer",
    "collect",
    "assign",
    "place",
    "group",
    "effect",
]

#: Effect kinds decided by pointing at an egg, at a space, or by naming an
#: element or a player.
SLOT_EFFECTS = frozenset({"claim_and_hatch", "banish_wild", "hatch_adjacent"})
SPACE_EFFECTS = frozenset({"scatter_elements"})
CRYSTAL_EFFECTS = frozenset({"take_from_egg", "destroy_elements", "smash_elements"})


def decision(state: UnderwingState) -> Decision:
    """What is being decided now, as the screen groups it."""
    if state.over:
        return "over"
    if state.trade is not None:
        return "answer" if state.trade.sent else "trade"
    if state.jobs:
        return "effect"
    if state.group is not None:
        return "group"
    if state.phase == 1:
        return "collect"
    if state.phase == 2:
        return "assign"
    return "place"


def effect_kind(state: UnderwingState) -> str:
    """The kind of the dragon effect being decided ("" when none)."""
    return state.jobs[-1].effect.kind if state.jobs and state.trade is None else ""


# ------------------------------------------------------------------ targets
@dataclass(frozen=True)
class Target:
    """What the cursor points at: an egg on the grid (``space`` None: the
    card itself) or one of its element spaces, or a Field space."""

    slot: int | None = None
    space: int | None = None
    field: Element | None = None

    @property
    def on_field(self) -> bool:
        return self.field is not None


def clamp(state: UnderwingState, target: Target) -> Target:
    """``target`` made to point at something that exists: the grounds change
    under the cursor (an egg taken and replaced by one with fewer element
    spaces, a smaller grid), so a space past the card's end becomes the card
    itself and a slot past the grid's end the first slot."""
    if target.field is not None:
        return target
    slot = target.slot
    if slot is None or not 0 <= slot < len(state.grounds):
        return Target(slot=0 if state.grounds else None)
    if target.space is None:
        return target
    s = state.grounds[slot]
    count = len(card(s.card).spaces) if s.card is not None and not s.wild else 0
    if not 0 <= target.space < count:
        return Target(slot=slot)
    return target


def canonical_space(state: UnderwingState, slot: int, space: int) -> int:
    """The engine offers identical element spaces of one egg (same element,
    same contents) once, as the leftmost: the space standing for ``space``."""
    s = state.grounds[slot]
    if s.card is None or s.wild:
        return space
    spaces = card(s.card).spaces
    if not 0 <= space < len(spaces):
        return space
    for index in range(space):
        if spaces[index] == spaces[space] and s.fill[index] == s.fill[space]:
            return index
    return space


# -------------------------------------------------------------- the table
def live_targets(
    state: UnderwingState, legal: Sequence[Action]
) -> tuple[set[int], set[tuple[int, int]], set[Element]]:
    """Eggs, element spaces and Field spaces where Enter does something now
    (every identical space of an egg counts, not only the one the engine
    lists)."""
    slots: set[int] = set()
    spaces: set[tuple[int, int]] = set()
    fields: set[Element] = set()
    listed: set[tuple[int, int]] = set()
    crystal_spaces: set[tuple[int, int]] = set()
    for a in legal:
        if isinstance(a, AssignEgg | RecallEgg | ChooseSlot):
            slots.add(a.slot)
        elif isinstance(a, Place | ChooseSpace | StartGroup):
            listed.add((a.slot, a.space))
        elif isinstance(a, ChooseCrystal):
            crystal_spaces.add((a.slot, a.space))
        elif isinstance(a, AssignField | RecallField):
            fields.add(a.space)
        elif isinstance(a, Collect) and a.guaranteed and state.collect:
            fields.add(state.collect[0])
    for slot in {s for s, _ in listed}:
        grounds = state.grounds[slot]
        if grounds.card is None:
            continue
        for space in range(len(card(grounds.card).spaces)):
            if (slot, canonical_space(state, slot, space)) in listed:
                spaces.add((slot, space))
    return slots, spaces | crystal_spaces, fields


def first_live(state: UnderwingState, legal: Sequence[Action]) -> Target | None:
    """The first place on the grid (left to right, top to bottom) where Enter
    does something, for a cursor that points at nothing useful."""
    slots, spaces, _ = live_targets(state, legal)
    if slots:
        return Target(slot=min(slots))
    if spaces:
        slot, space = min(spaces)
        return Target(slot=slot, space=space)
    return None


# -------------------------------------------------------------- reasons
def where(state: UnderwingState, target: Target) -> str:
    if target.field is not None:
        return f"the {target.field} Field space"
    assert target.slot is not None
    s = state.grounds[target.slot]
    if s.card is None:
        return "an empty space of the grounds"
    c = card(s.card)
    what = "dragon" if s.wild else "egg"
    if target.space is None or s.wild:
        return f"the {c.name} {what}"
    return f"the {c.spaces[target.space]} space of the {c.name} {what}"


__all__ = [
    "CRYSTAL_EFFECTS",
    "SLOT_EFFECTS",
    "SPACE_EFFECTS",
    "Decision",
    "Target",
    "canonical_space",
    "clamp",
    "decision",
    "effect_kind",
    "first_live",
    "live_targets",
    "where",
]
