"""The board in assets/tyrants/board.json: validated on load, the published
numbers, symmetric neighbours, connected sections, the maps by player count,
and the same facts as shared/facts (parsed, so the data cannot drift)."""

from __future__ import annotations

import json
import re
from collections import deque

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import ValidationError

from boardgames_tui.engine.assets import asset_path
from boardgames_tui.games.tyrants import board as b

from .facts import board_json, cards_text, need_facts, section


def connected(spaces: set[str], links: dict[str, tuple[str, ...]]) -> bool:
    """Whether ``spaces`` form one piece using only links among themselves."""
    start = next(iter(spaces))
    seen = {start}
    todo = deque([start])
    while todo:
        for n in links[todo.popleft()]:
            if n in spaces and n not in seen:
                seen.add(n)
                todo.append(n)
    return seen == spaces


def all_links() -> dict[str, tuple[str, ...]]:
    return {s.id: s.neighbours for s in b.board().sites} | {
        r.id: r.neighbours for r in b.board().route_spaces
    }


def test_26_sites_53_route_spaces_87_site_troop_spaces() -> None:
    board = b.board()
    assert len(board.sites) == 26
    assert len(board.route_spaces) == 53
    assert sum(s.troop_spaces for s in board.sites) == 87
    assert {s.section for s in board.sites} == {"A", "centre", "B"}
    assert {r.section for r in board.route_spaces} == {"A", "centre", "B"}


def test_40_white_troops() -> None:
    board = b.board()
    whites = sum(s.white_troops for s in board.sites) + sum(
        r.white_troops for r in board.route_spaces
    )
    assert whites == b.WHITE_TROOPS == 40
    assert sum(b.setup_whites(4).values()) == 40


def test_neighbours_are_symmetric() -> None:
    links = all_links()
    for space, near in links.items():
        for other in near:
            assert space in links[other], (space, other)


def test_the_loader_refuses_one_way_neighbours_and_unknown_spaces() -> None:
    data = json.loads(asset_path("tyrants", "board.json").read_text())
    data["sites"][0]["neighbours"].append("araum-chasm")
    with pytest.raises(ValidationError, match="not the other way round"):
        b.Board.model_validate(data)
    data = json.loads(asset_path("tyrants", "board.json").read_text())
    data["route_spaces"][0]["neighbours"][0] = "nowhere"
    with pytest.raises(ValidationError, match="unknown neighbour"):
        b.Board.model_validate(data)
    data = json.loads(asset_path("tyrants", "board.json").read_text())
    data["sites"][0]["white_troops"] = 9
    with pytest.raises(ValidationError, match="more white troops"):
        b.Board.model_validate(data)


@pytest.mark.parametrize("name", b.SECTIONS)
def test_each_section_is_connected_on_its_own(name: str) -> None:
    spaces = {s for s in all_links() if b.section_of(s) == name}
    assert connected(spaces, all_links())


@pytest.mark.parametrize(
    ("players", "side", "sites", "routes", "whites"),
    [(2, "A", 15, 32, 25), (3, "A", 21, 42, 32), (3, "B", 20, 43, 33), (4, "A", 26, 53, 40)],
)
def test_maps_by_player_count(
    players: int, side: b.Side, sites: int, routes: int, whites: int
) -> None:
    m = b.board_map(players, side)
    assert (len(m.sites), len(m.route_spaces)) == (sites, routes)
    assert sum(b.setup_whites(players, side).values()) == whites
    assert connected(set(m.spaces), dict(m.neighbours))
    for space, near in m.neighbours.items():
        assert all(n in m for n in near)
        assert all(space in m.neighbours[n] for n in near)


def test_two_players_use_the_centre_three_the_centre_and_a_side() -> None:
    assert b.sections_in_play(2) == {"centre"}
    assert b.sections_in_play(3, "A") == {"centre", "A"}
    assert b.sections_in_play(3, "B") == {"centre", "B"}
    assert b.sections_in_play(4) == {"A", "centre", "B"}
    assert b.board_map(2, "B") == b.board_map(2, "A")
    assert b.board_map(4, "B").sites == b.board_map(4, "A").sites
    for players in (1, 5):
        with pytest.raises(ValueError, match="2-4 players"):
            b.sections_in_play(players)


def test_spaces_of_sections_out_of_play_are_no_neighbours() -> None:
    # Mantol-Derith (centre) touches a route space of side A towards The Wormwrithings.
    assert "mant-worm" in b.site("mantol-derith").neighbours
    assert "mant-worm" not in b.neighbours("mantol-derith", 2)
    assert "mant-worm" in b.neighbours("mantol-derith", 3, "A")
    assert "mant-worm" not in b.neighbours("mantol-derith", 3, "B")
    assert "mant-worm" in b.neighbours("mantol-derith", 4)


def test_routes_join_two_sites_forty_connections() -> None:
    routes = b.routes()
    assert len(routes) == 40
    assert sorted(len(r.spaces) for r in routes).count(0) == 1
    (direct,) = [r for r in routes if not r.spaces]
    assert direct.ends == ("gauntlgrym", "the-wormwrithings")
    on_routes = [s for r in routes for s in r.spaces]
    assert sorted(on_routes) == sorted(r.id for r in b.board().route_spaces)
    for r in b.board().route_spaces:
        assert len(r.neighbours) == 2


def test_start_sites_and_markers() -> None:
    assert [b.site(s).name for s in b.start_sites(4)] == [
        "Jhachalkhyn",
        "Mantol-Derith",
        "Skullport",
        "Eryndlyn",
        "Ched Nasad",
        "Chaulssin",
    ]
    assert len(b.start_sites(2)) == 4
    assert "jhachalkhyn" in b.start_sites(3, "A") and "chaulssin" not in b.start_sites(3, "A")
    assert "chaulssin" in b.start_sites(3, "B") and "jhachalkhyn" not in b.start_sites(3, "B")
    markers = {b.site(s).name: b.marker_value(s, True).vp for s in b.marker_sites(4)}
    assert markers == {
        "Gauntlgrym": 1,
        "Ch'chitl": 1,
        "Menzoberranzan": 2,
        "Araumycos": 3,
        "Tsenviilyq": 1,
        "The Phaerlin": 1,
        "Ss'zuraass'nee": 1,
    }
    for s in b.marker_sites(4):
        assert b.marker_value(s, False) == b.MarkerSide(influence=1, vp=0)
        assert b.marker_value(s, True).influence == 1
    with pytest.raises(KeyError):
        b.marker_value("skullport", True)


def test_presence_from_troops_and_spies() -> None:
    # A troop on a route space: there, and both ends.
    assert b.presence(["bling-mant"], [], 2) == {"bling-mant", "blingdenstone", "mantol-derith"}
    # A troop at a site: the site and the route spaces leaving it, not the sites beyond.
    assert b.presence(["blingdenstone"], [], 2) == {"blingdenstone", "bling-mant"}
    # A spy: its own site only.
    assert b.presence([], ["blingdenstone"], 2) == {"blingdenstone"}
    # Gauntlgrym and The Wormwrithings touch directly.
    assert "the-wormwrithings" in b.presence(["gauntlgrym"], [], 4)


@given(st.data())
def test_presence_covers_own_spaces_and_stays_on_the_map(data: st.DataObject) -> None:
    players, side = data.draw(st.sampled_from([(2, "A"), (3, "A"), (3, "B"), (4, "A")]))
    m = b.board_map(players, side)
    troops = data.draw(st.sets(st.sampled_from(m.spaces), max_size=8))
    spies = data.draw(st.sets(st.sampled_from(m.sites), max_size=5))
    found = b.presence(troops, spies, players, side)
    assert troops | spies <= found <= set(m.spaces)
    for t in troops:
        assert set(m.neighbours[t]) <= found


# ----------------------------------------------------------- against the facts
def test_the_numbers_of_the_facts_pages() -> None:
    readme = (need_facts() / "README.md").read_text()
    got = re.search(r"(\d+) sites and (\d+) route troop spaces in three sections", readme)
    assert got and (int(got[1]), int(got[2])) == (26, 53)
    got = re.search(r"(\d+) white troops at setup", readme)
    assert got and int(got[1]) == 40
    text = cards_text()
    got = re.search(r"Totals: (\d+) site troop spaces \+ (\d+) route spaces; (\d+) white", text)
    assert got and tuple(map(int, got.groups())) == (87, 53, 40)
    got = re.search(
        r"base-2 = (\d+) locations \((\d+) sites \+ (\d+) routes, centre\), "
        r"base-3a/3b = (\d+), base-4 = (\d+)",
        text,
    )
    assert got
    locations2, sites2, routes2, locations3, locations4 = map(int, got.groups())
    assert (len(b.board_map(2).sites), len(b.board_map(2).route_spaces)) == (sites2, routes2)
    assert len(b.board_map(2).spaces) == locations2
    assert len(b.board_map(3, "A").spaces) == len(b.board_map(3, "B").spaces) == locations3
    assert len(b.board_map(4).spaces) == locations4
    got = re.search(
        r"placed on every space marked X .*?\((\d+) in the centre section alone\)", text
    )
    assert got and sum(b.setup_whites(2).values()) == int(got[1])


def test_every_site_as_in_the_facts_table() -> None:
    rows = section(cards_text(), "2. Board")
    assert len(rows) == 26
    sections = {"A (side)": "A", "centre": "centre", "B (side)": "B"}
    for row in rows:
        s = b.site_by_name(row["site"])
        assert s.section == sections[row["section"]]
        assert s.troop_spaces == int(row["troop spaces"])
        assert s.white_troops == int(row["white troops at setup"])
        assert s.vp == int(row["VP (control)"])
        assert s.start == (row["start site"] == "yes")
        marker = row["control marker: influence / total-control VP"]
        if marker == "—":
            assert s.control_marker is None
        else:
            got = re.fullmatch(r"(\d+) inf / \+(\d+) VP \(and (\d+) inf\)", marker)
            assert got and s.control_marker is not None
            assert s.control_marker.control == b.MarkerSide(influence=int(got[1]), vp=0)
            assert s.control_marker.total_control == b.MarkerSide(
                influence=int(got[3]), vp=int(got[2])
            )


def test_the_same_graph_as_the_facts_json() -> None:
    facts = board_json()
    names = {s.name: s.id for s in b.board().sites}

    def slug(space: str) -> str:
        if space in names:
            return names[space]
        return re.sub(r"[^a-z0-9]+", "-", space.lower().replace("'", "")).strip("-")

    sections = {1: "A", 2: "centre", 3: "B"}
    sites = facts["sites"]
    routes = facts["route_spaces"]
    assert isinstance(sites, list) and isinstance(routes, list)
    for fs in sites:
        s = b.site(names[fs["name"]])
        assert (s.section, s.troop_spaces, s.white_troops, s.vp, s.start) == (
            sections[fs["section"]],
            fs["troop_spaces"],
            fs["white_troops"],
            fs["vp"],
            fs["start_site"],
        )
        assert set(s.neighbours) == {slug(n) for n in fs["neighbors"]}
    assert len(routes) == len(b.board().route_spaces)
    for fr in routes:
        r = b.route_space(slug(fr["id"]))
        assert (r.section, r.white_troops) == (sections[fr["section"]], fr["white_troops"])
        assert set(r.neighbours) == {slug(n) for n in fr["neighbors"]}


def test_a_map_is_hashable_and_cached() -> None:
    assert b.board_map(3, "B") is b.board_map(3, "B")
    assert len({b.board_map(2), b.board_map(2, "B"), b.board_map(4)}) == 2
