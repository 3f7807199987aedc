"""The Marquise de Cat's board, in ``assets/root/marquise.json``, validated by
pydantic when first loaded: 25 warriors, 8 wood, the keep, and three building
tracks (sawmills, workshops, recruiters) of six spaces each.  A space is one
building of its kind: the wood it costs, the points it scores when placed,
and the extra card it lets the Marquise draw in Evening while it is on the
map.

A track's spaces are in the order the buildings leave it: with ``k``
buildings of a kind on the map, spaces ``0 .. k-1`` are uncovered.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Final, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, model_validator

from boardgames_tui.engine.assets import asset_path

CatBuilding = Literal["sawmill", "workshop", "recruiter"]
CAT_BUILDINGS: Final[tuple[CatBuilding, ...]] = ("sawmill", "workshop", "recruiter")


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class CatSpace(_Frozen):
    """One space of a Marquise building track: the building placed from it
    costs ``wood``, scores ``vp`` when placed, and once it is gone the space's
    ``draws`` card icons add to the Marquise's Evening draw."""

    wood: int = Field(ge=0)
    vp: int = Field(ge=0)
    draws: int = Field(default=0, ge=0)


class CatTrack(_Frozen):
    """A Marquise building track; the first space's building is placed at setup."""

    building: CatBuilding
    spaces: tuple[CatSpace, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _check(self) -> CatTrack:
        if self.spaces[0].wood or self.spaces[0].vp:
            raise ValueError(f"{self.building}: the first space (placed at setup) is free")
        woods = [s.wood for s in self.spaces]
        if woods != sorted(woods):
            raise ValueError(f"{self.building}: wood costs never fall along the track")
        return self


class MarquiseBoard(_Frozen):
    """The Marquise de Cat's pieces and building tracks."""

    about: str
    warriors: int = Field(ge=1)
    wood: int = Field(ge=1)
    keep: int = Field(ge=1, le=1)
    base_draws: int = Field(ge=1)
    crafts_with: tuple[CatBuilding, ...]
    tracks: tuple[CatTrack, ...]

    @model_validator(mode="after")
    def _check(self) -> MarquiseBoard:
        if tuple(t.building for t in self.tracks) != CAT_BUILDINGS:
            raise ValueError("one track each for sawmills, workshops and recruiters, in order")
        return self

    def track(self, building: CatBuilding) -> CatTrack:
        return self.tracks[CAT_BUILDINGS.index(building)]

    def buildings(self, building: CatBuilding) -> int:
        """How many buildings of the kind the Marquise has in all."""
        return len(self.track(building).spaces)

    def next_space(self, building: CatBuilding, on_map: int) -> CatSpace | None:
        """The space the next building of the kind comes from, given how many are
        on the map; None when every one is out."""
        spaces = self.track(building).spaces
        if not 0 <= on_map <= len(spaces):
            raise ValueError(f"{on_map} {building}s cannot be on the map")
        return spaces[on_map] if on_map < len(spaces) else None

    def uncovered(self, on_map: Mapping[CatBuilding, int]) -> tuple[CatSpace, ...]:
        """The spaces left empty by the buildings on the map, of every track."""
        shown: tuple[CatSpace, ...] = ()
        for building, n in on_map.items():
            spaces = self.track(building).spaces
            if not 0 <= n <= len(spaces):
                raise ValueError(f"{n} {building}s cannot be on the map")
            shown += spaces[:n]
        return shown

    def evening_draws(self, on_map: Mapping[CatBuilding, int]) -> int:
        """Cards drawn in Evening: one plus every card icon uncovered."""
        return self.base_draws + sum(s.draws for s in self.uncovered(on_map))


_ADAPTER: TypeAdapter[MarquiseBoard] = TypeAdapter(MarquiseBoard)


@lru_cache(maxsize=1)
def marquise() -> MarquiseBoard:
    """The Marquise's board, read and validated once."""
    text = asset_path("root", "marquise.json").read_text(encoding="utf-8")
    return _ADAPTER.validate_json(text)
