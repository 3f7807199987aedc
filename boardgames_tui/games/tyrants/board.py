"""The Underdark board: 26 sites and 53 route spaces in three sections, loaded
once from ``assets/tyrants/board.json`` and validated by pydantic.

Every site and every route space is a *space* of one graph, named by its id.
A site holds several troop spaces; a route space holds one troop.  Two spaces
are neighbours when they are one step apart on the printed board: a route
space touches the next route space of its route, or the site at its end; a
site touches the route spaces that leave it (and, once, another site directly:
Gauntlgrym and The Wormwrithings share no route space).  Ruling R-ADJACENT in
``docs/rules/tyrants.md`` explains why.

Everything here is pure: the helpers read the board and the ids the caller
passes, never a game state.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from types import MappingProxyType
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from boardgames_tui.engine.assets import asset_path

Section = Literal["A", "centre", "B"]
Side = Literal["A", "B"]

SECTIONS: tuple[Section, ...] = ("A", "centre", "B")
PLAYER_COUNTS = (2, 3, 4)
#: Components: "40 white troops" over the whole board; 40 troops and 5 spies a player.
WHITE_TROOPS = 40
TROOPS_PER_PLAYER = 40
SPIES_PER_PLAYER = 5


class MarkerSide(BaseModel):
    """One side of a site control marker: what its holder gains."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    influence: int = Field(ge=0)
    vp: int = Field(ge=0)


class ControlMarker(BaseModel):
    """A site control marker: the side for control and the side for total control."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    control: MarkerSide
    total_control: MarkerSide


class Site(BaseModel):
    """A site: its troop spaces, the white troops set on it, its VP for control."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    name: str
    section: Section
    troop_spaces: int = Field(ge=1)
    white_troops: int = Field(ge=0)
    vp: int = Field(ge=0)
    start: bool = False
    control_marker: ControlMarker | None = None
    neighbours: tuple[str, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _whites_fit(self) -> Site:
        if self.white_troops > self.troop_spaces:
            raise ValueError(f"{self.id}: more white troops than troop spaces")
        return self


class RouteSpace(BaseModel):
    """One troop space on a route between two sites."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    section: Section
    white_troops: int = Field(ge=0, le=1)
    neighbours: tuple[str, str]


class Board(BaseModel):
    """The whole board: every site and route space of the three sections."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    about: str = ""
    sites: tuple[Site, ...]
    route_spaces: tuple[RouteSpace, ...]

    @model_validator(mode="after")
    def _one_graph(self) -> Board:
        ids = [s.id for s in self.sites] + [r.id for r in self.route_spaces]
        if len(set(ids)) != len(ids):
            raise ValueError("space ids must be unique across sites and route spaces")
        if len({s.name for s in self.sites}) != len(self.sites):
            raise ValueError("site names must be unique")
        links = {s.id: s.neighbours for s in self.sites} | {
            r.id: r.neighbours for r in self.route_spaces
        }
        for space, near in links.items():
            if len(set(near)) != len(near) or space in near:
                raise ValueError(f"{space}: a neighbour is listed twice or is the space itself")
            for other in near:
                if other not in links:
                    raise ValueError(f"{space}: unknown neighbour {other!r}")
        for space, near in links.items():
            for other in near:
                if space not in links[other]:
                    raise ValueError(f"{space} lists {other} but not the other way round")
        return self


@lru_cache(maxsize=1)
def board() -> Board:
    """The board, read and validated once."""
    text = asset_path("tyrants", "board.json").read_text(encoding="utf-8")
    return Board.model_validate_json(text)


@lru_cache(maxsize=1)
def _sites() -> Mapping[str, Site]:
    return MappingProxyType({s.id: s for s in board().sites})


@lru_cache(maxsize=1)
def _routes() -> Mapping[str, RouteSpace]:
    return MappingProxyType({r.id: r for r in board().route_spaces})


@lru_cache(maxsize=1)
def capacities() -> Mapping[str, int]:
    """How many troops fit on every space of the board (a site's troop
    spaces, 1 on a route space): read on every look for a free space."""
    found = {r.id: 1 for r in board().route_spaces} | {s.id: s.troop_spaces for s in board().sites}
    return MappingProxyType(found)


@lru_cache(maxsize=1)
def site_vps() -> Mapping[str, int]:
    """Every site's VP for control."""
    return MappingProxyType({s.id: s.vp for s in board().sites})


def is_site(space: str) -> bool:
    return space in _sites()


def site(space: str) -> Site:
    """The site with this id (KeyError for a route space or an unknown id)."""
    return _sites()[space]


def route_space(space: str) -> RouteSpace:
    """The route space with this id (KeyError for a site or an unknown id)."""
    return _routes()[space]


def site_by_name(name: str) -> Site:
    """The site with this printed name."""
    for s in board().sites:
        if s.name == name:
            return s
    raise KeyError(name)


def section_of(space: str) -> Section:
    return site(space).section if is_site(space) else route_space(space).section


def white_troops(space: str) -> int:
    """White troops set on this space at setup."""
    return site(space).white_troops if is_site(space) else route_space(space).white_troops


def troop_spaces(space: str) -> int:
    """How many troops fit: a site's troop spaces, or 1 for a route space."""
    return capacities().get(space, 1)


def sections_in_play(players: int, side: Side = "A") -> frozenset[Section]:
    """Setup: "For a two-player game, use only the center section; for a
    four-player game, use all three sections; for a three-player game, choose
    one of the side sections to use."  ``side`` matters with 3 players only."""
    if players == 2:
        return frozenset({"centre"})
    if players == 3:
        return frozenset({"centre", side})
    if players == 4:
        return frozenset(SECTIONS)
    raise ValueError(f"Tyrants of the Underdark is for 2-4 players, not {players}")


@dataclass(frozen=True, slots=True)
class BoardMap:
    """The part of the board in play for one player count (and side, with 3).

    ``neighbours`` leaves out spaces of sections not in play: a route space
    of side A that touches a centre site is not there in a 2-player game.
    ``spaces`` is every space in play, the sites, then the route spaces;
    ``index`` each one's place in it (to put a set of spaces in that order).
    """

    players: int
    side: Side | None
    sections: frozenset[Section]
    sites: tuple[str, ...]
    route_spaces: tuple[str, ...]
    neighbours: Mapping[str, tuple[str, ...]] = field(hash=False)
    spaces: tuple[str, ...] = ()
    index: Mapping[str, int] = field(hash=False, default_factory=dict)

    def in_order(self, spaces: Iterable[str]) -> list[str]:
        """``spaces`` (all in play) in the order of :attr:`spaces`."""
        return sorted(spaces, key=self.index.__getitem__)

    def __contains__(self, space: object) -> bool:
        return space in self.neighbours


@lru_cache(maxsize=8)
def board_map(players: int, side: Side = "A") -> BoardMap:
    """The map for this many players; ``side`` is the side section used by 3."""
    sections = sections_in_play(players, side)
    sites = tuple(s.id for s in board().sites if s.section in sections)
    routes = tuple(r.id for r in board().route_spaces if r.section in sections)
    in_play = set(sites) | set(routes)
    links = {s.id: s.neighbours for s in board().sites} | {
        r.id: r.neighbours for r in board().route_spaces
    }
    neighbours = {
        space: tuple(n for n in links[space] if n in in_play) for space in (*sites, *routes)
    }
    return BoardMap(
        players=players,
        side=side if players == 3 else None,
        sections=sections,
        sites=sites,
        route_spaces=routes,
        neighbours=MappingProxyType(neighbours),
        spaces=sites + routes,
        index=MappingProxyType({space: i for i, space in enumerate(sites + routes)}),
    )


def neighbours(space: str, players: int, side: Side = "A") -> tuple[str, ...]:
    """The spaces in play one step from ``space``."""
    return board_map(players, side).neighbours[space]


@lru_cache(maxsize=8)
def start_sites(players: int, side: Side = "A") -> tuple[str, ...]:
    """The black sites in play, where each player places a first troop
    (looked at for every start site at every first troop's listing)."""
    return tuple(s for s in board_map(players, side).sites if site(s).start)


def setup_whites(players: int, side: Side = "A") -> dict[str, int]:
    """White troops at setup on every space in play that gets any."""
    return {
        space: white_troops(space)
        for space in board_map(players, side).spaces
        if white_troops(space) > 0
    }


def marker_sites(players: int, side: Side = "A") -> tuple[str, ...]:
    """The sites in play that carry a site control marker."""
    return tuple(s for s in board_map(players, side).sites if site(s).control_marker is not None)


def marker_value(space: str, total_control: bool) -> MarkerSide:
    """What the marker of this site gives its holder: the control side, or the
    total-control side.  KeyError when the site has no marker."""
    marker = site(space).control_marker
    if marker is None:
        raise KeyError(f"{space} has no site control marker")
    return marker.total_control if total_control else marker.control


@dataclass(frozen=True, slots=True)
class Route:
    """Two sites and the route spaces between them, in order from ``ends[0]``."""

    ends: tuple[str, str]
    spaces: tuple[str, ...]


@lru_cache(maxsize=1)
def routes() -> tuple[Route, ...]:
    """Every connection between two sites: a chain of route spaces, or none
    (two sites that touch directly)."""
    found: list[Route] = []
    for start in board().sites:
        for first in start.neighbours:
            chain: list[str] = []
            previous, here = start.id, first
            while not is_site(here):
                chain.append(here)
                previous, here = (
                    here,
                    next(n for n in route_space(here).neighbours if n != previous),
                )
            if start.id < here:
                found.append(Route(ends=(start.id, here), spaces=tuple(chain)))
    return tuple(found)


def presence(
    troops: Iterable[str], spies: Iterable[str], players: int, side: Side = "A"
) -> frozenset[str]:
    """The spaces where a player has presence, given the spaces holding one of
    their troops and the sites holding one of their spies.

    Presence: "at a site or route space where you have a troop or a spy, or one
    adjacent to a space where you have a troop".  A spy gives presence at its
    own site only (ruling R-ADJACENT).
    """
    near = board_map(players, side).neighbours
    mine = set(troops)
    found = mine | set(spies)
    for space in mine:
        found.update(near[space])
    return frozenset(found)
