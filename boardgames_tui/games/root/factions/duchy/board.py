"""The Underground Duchy's board, in ``assets/root/duchy.json``, validated by
pydantic when first loaded: 20 warriors, 3 tunnels, two building tracks of
three spaces (citadels uncover warrior icons for Birdsong, markets uncover
card icons for Evening), the crowns by rank and the nine ministers, whose
Parliament actions are a small vocabulary of typed models tagged by
``kind``.

A track's spaces are in the order the buildings leave it: with ``k``
buildings of a kind on the map, spaces ``0 .. k-1`` are uncovered.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from functools import cached_property, lru_cache
from typing import Annotated, Final, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, model_validator

from boardgames_tui.engine.assets import asset_path

DuchyBuilding = Literal["citadel", "market"]
DUCHY_BUILDINGS: Final[tuple[DuchyBuilding, ...]] = ("citadel", "market")
Rank = Literal["squire", "noble", "lord"]
RANKS: Final[tuple[Rank, ...]] = ("squire", "noble", "lord")


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class DuchySpace(_Frozen):
    """One space of a Duchy building track: once its building is on the map the
    space shows ``recruits`` warrior icons (Birdsong) and ``draws`` card icons
    (Evening).  Duchy buildings score no points."""

    recruits: int = Field(default=0, ge=0)
    draws: int = Field(default=0, ge=0)


class DuchyTrack(_Frozen):
    building: DuchyBuilding
    spaces: tuple[DuchySpace, ...] = Field(min_length=1)


class RankSpec(_Frozen):
    """A rank of ministers: how many cards swaying one of them reveals, and the
    points printed on each crown space of that rank (one crown per space)."""

    rank: Rank
    cards_to_reveal: int = Field(ge=1)
    crowns: tuple[int, ...] = Field(min_length=1)


# ------------------------------------------------------------ minister actions
class _Action(_Frozen):
    pass


class BuildAnywhere(_Action):
    """Reveal ``reveal`` card(s) of any suit to place a citadel or a market in any
    clearing the Duchy rules, whether its suit matches or not."""

    kind: Literal["build_anywhere"] = "build_anywhere"
    reveal: int = Field(default=1, ge=1)


class Battles(_Action):
    """Start ``count`` battle(s)."""

    kind: Literal["battle"] = "battle"
    count: int = Field(default=1, ge=1)


class Moves(_Action):
    """Take ``count`` move(s)."""

    kind: Literal["move"] = "move"
    count: int = Field(default=1, ge=1)


class MovesOrBattles(_Action):
    """Take up to ``up_to`` moves, or start up to ``up_to`` battles (not a mix)."""

    kind: Literal["moves_or_battles"] = "moves_or_battles"
    up_to: int = Field(default=2, ge=1)


class CashIn(_Action):
    """Spend one or more cards, all of one suit, to score ``vp_per_card`` points
    for each."""

    kind: Literal["cash_in"] = "cash_in"
    vp_per_card: int = Field(default=1, ge=1)


class CopyMinister(_Action):
    """Take the action of any swayed minister of one of ``ranks``."""

    kind: Literal["copy_minister"] = "copy_minister"
    ranks: tuple[Rank, ...] = Field(min_length=1)


class ScoreIfAllTunnels(_Action):
    """Score ``vp`` points if every tunnel of the Duchy is on the map."""

    kind: Literal["score_if_all_tunnels"] = "score_if_all_tunnels"
    vp: int = Field(ge=1)


class ScorePerBuilding(_Action):
    """Score ``vp_each`` points for each ``building`` of the Duchy on the map."""

    kind: Literal["score_per_building"] = "score_per_building"
    building: DuchyBuilding
    vp_each: int = Field(default=1, ge=1)


AnyMinisterAction = (
    BuildAnywhere
    | Battles
    | Moves
    | MovesOrBattles
    | CashIn
    | CopyMinister
    | ScoreIfAllTunnels
    | ScorePerBuilding
)
MinisterAction = Annotated[AnyMinisterAction, Field(discriminator="kind")]


class Minister(_Frozen):
    """A minister card: its number (I-IX), name, rank and Parliament action."""

    number: int = Field(ge=1)
    name: str = Field(min_length=1)
    rank: Rank
    action: MinisterAction


class DuchyBoard(_Frozen):
    """The Underground Duchy's pieces, building tracks, crowns and ministers."""

    about: str
    warriors: int = Field(ge=1)
    tunnels: int = Field(ge=1)
    base_recruits: int = Field(ge=1)
    base_draws: int = Field(ge=1)
    crafts_with: tuple[DuchyBuilding, ...]
    tracks: tuple[DuchyTrack, ...]
    ranks: tuple[RankSpec, ...]
    ministers: tuple[Minister, ...]

    @model_validator(mode="after")
    def _check(self) -> DuchyBoard:
        if tuple(t.building for t in self.tracks) != DUCHY_BUILDINGS:
            raise ValueError("one track each for citadels and markets, in order")
        if tuple(r.rank for r in self.ranks) != RANKS:
            raise ValueError("ranks are squire, noble, lord, in order")
        if [m.number for m in self.ministers] != list(range(1, len(self.ministers) + 1)):
            raise ValueError("ministers are numbered 1, 2, 3, ... in order")
        if len({m.name for m in self.ministers}) != len(self.ministers):
            raise ValueError("minister names must be unique")
        crowns = {r.rank: len(r.crowns) for r in self.ranks}
        if Counter(m.rank for m in self.ministers) != crowns:
            raise ValueError("each rank has as many crowns as ministers")
        ranks = [RANKS.index(m.rank) for m in self.ministers]
        if ranks != sorted(ranks):
            raise ValueError("ministers are listed squires first, then nobles, then lords")
        return self

    def track(self, building: DuchyBuilding) -> DuchyTrack:
        return self.tracks[DUCHY_BUILDINGS.index(building)]

    def buildings(self, building: DuchyBuilding) -> int:
        """How many buildings of the kind the Duchy has in all."""
        return len(self.track(building).spaces)

    def uncovered(self, on_map: Mapping[DuchyBuilding, int]) -> tuple[DuchySpace, ...]:
        """The spaces left empty by the buildings on the map, of every track."""
        shown: tuple[DuchySpace, ...] = ()
        for building, n in on_map.items():
            spaces = self.track(building).spaces
            if not 0 <= n <= len(spaces):
                raise ValueError(f"{n} {building}s cannot be on the map")
            shown += spaces[:n]
        return shown

    def birdsong_recruits(self, on_map: Mapping[DuchyBuilding, int]) -> int:
        """Warriors placed in the Burrow in Birdsong: one plus one per warrior
        icon showing (Law 12.4)."""
        return self.base_recruits + sum(s.recruits for s in self.uncovered(on_map))

    def evening_draws(self, on_map: Mapping[DuchyBuilding, int]) -> int:
        """Cards drawn in Evening: one plus one per card icon showing (Law 12.6.3)."""
        return self.base_draws + sum(s.draws for s in self.uncovered(on_map))

    def rank(self, rank: Rank) -> RankSpec:
        return self.ranks[RANKS.index(rank)]

    def minister(self, name: str) -> Minister:
        try:
            return self._by_name[name]
        except KeyError:
            raise KeyError(name) from None

    # Built on first use, a plain attribute (see the map's ``_adjacency``):
    # the rules and the bots ask for a minister by name thousands of times.
    @cached_property
    def _by_name(self) -> dict[str, Minister]:
        found: dict[str, Minister] = {}
        for m in self.ministers:
            found.setdefault(m.name, m)
        return found

    def cards_to_sway(self, minister: Minister) -> int:
        """Cards to reveal to sway a minister (Law 12.5.3: "the numbers of cards
        listed on the chosen minister")."""
        return self.rank(minister.rank).cards_to_reveal

    def crowns(self) -> int:
        return sum(len(r.crowns) for r in self.ranks)

    def sway_vp(self, rank: Rank, crowns_left: int) -> int:
        """Points for swaying a minister of a rank with ``crowns_left`` crowns of
        that rank still on the board: those of the space the crown leaves.  Crowns
        leave a rank's spaces from the first."""
        crowns = self.rank(rank).crowns
        if not 1 <= crowns_left <= len(crowns):
            raise ValueError(f"no {rank} crown left to take")
        return crowns[len(crowns) - crowns_left]


_ADAPTER: TypeAdapter[DuchyBoard] = TypeAdapter(DuchyBoard)


@lru_cache(maxsize=1)
def duchy() -> DuchyBoard:
    """The Duchy's board, read and validated once."""
    text = asset_path("root", "duchy.json").read_text(encoding="utf-8")
    return _ADAPTER.validate_json(text)


# ------------------------------------------------------------------- words
def _times(n: int, one: str, many: str) -> str:
    return one if n == 1 else f"{n} {many}"


def _points(n: int) -> str:
    return "1 point" if n == 1 else f"{n} points"


def action_text(action: AnyMinisterAction) -> str:
    """A minister's Parliament action as a clause in the project's own words."""
    match action:
        case BuildAnywhere():
            cards = _times(action.reveal, "a card", "cards")
            return (
                f"reveal {cards} of any suit to place a citadel or a market in any clearing "
                "you rule, whatever its suit"
            )
        case Battles():
            return f"start {_times(action.count, 'a battle', 'battles')}"
        case Moves():
            return f"take {_times(action.count, 'a move', 'moves')}"
        case MovesOrBattles():
            return f"take up to {action.up_to} moves, or start up to {action.up_to} battles"
        case CashIn():
            return (
                f"spend any number of cards (at least one), all of one suit, to score "
                f"{_points(action.vp_per_card)} for each"
            )
        case CopyMinister():
            ranks = " or ".join(action.ranks)
            return f"take the action of any swayed {ranks}"
        case ScoreIfAllTunnels():
            return f"score {_points(action.vp)} if all your tunnels are on the map"
        case ScorePerBuilding():
            return f"score {_points(action.vp_each)} for each of your {action.building}s on the map"


def minister_text(m: Minister) -> str:
    """A minister as one English sentence: rank, what swaying costs and scores,
    and its Parliament action."""
    board = duchy()
    rank = board.rank(m.rank)
    scores = sorted(set(rank.crowns))
    vp = _points(scores[0]) if len(scores) == 1 else f"{scores[0]}-{scores[-1]} points"
    return (
        f"{m.name} ({m.rank}): sway by revealing {rank.cards_to_reveal} cards for {vp}; "
        f"in Parliament, {action_text(m.action)}."
    )
