"""The listings made quicker in issue 49's ninth round against the plain
readings of the rules they replaced, after every action of whole random
games at tables of every faction: the crafting pieces counted for a craft
listing, the clearings with a free slot, the Duchy's sways (crowns left by
rank) and the Eyrie's Decree (the clearings its cards left match)."""

from __future__ import annotations

from boardgames_tui.engine.bots import get_bot
from boardgames_tui.engine.game import Seat
from boardgames_tui.games.root import GAME, core
from boardgames_tui.games.root.crafting import _counted
from boardgames_tui.games.root.factions.duchy import DUCHY
from boardgames_tui.games.root.factions.duchy.actions import Sway
from boardgames_tui.games.root.factions.duchy.board import duchy
from boardgames_tui.games.root.factions.duchy.crowns import (
    crowns_left,
    most_revealable,
    sway_capacity,
    sway_options,
)
from boardgames_tui.games.root.factions.duchy.state import me as duchy_of
from boardgames_tui.games.root.factions.eyrie import EYRIE
from boardgames_tui.games.root.factions.eyrie.decree import _matching
from boardgames_tui.games.root.model import RootState
from boardgames_tui.games.root.woodland import SUITS

TABLES = (
    "marquise,duchy",
    "marquise,eyrie,duchy",
    "marquise,eyrie,duchy,vagabond",
    "alliance,corvids,marquise",
    "eyrie,alliance,vagabond",
    "corvids,marquise,duchy",
)


def plain_sways(state: RootState) -> list[str]:
    """The sways as the rules read (Law 12.5.3): a minister whose rank has
    a crown left and whose cards the hand can reveal, in number order."""
    board = duchy()
    d = duchy_of(state)
    best = most_revealable(d.hand, sway_capacity(state))
    return [
        m
        for m in sorted(d.unswayed, key=lambda m: board.minister(m).number)
        if crowns_left(state, board.minister(m).rank) > 0
        and best >= board.cards_to_sway(board.minister(m))
    ]


def check(state: RootState) -> int:
    """Each quicker reading against the plain one; the checks made."""
    checked = 0
    numbers = list(state.woodland.numbers)
    assert core.with_free_slot(state, numbers) == [
        n for n in numbers if core.free_slots(state, n) > 0
    ]
    for p in state.players:
        f = p.faction
        assert _counted(state, f) == tuple(sorted(core.crafting_pieces(state, f).items()))
        checked += 2
    if DUCHY in state.factions:
        assert [a.minister for a in sway_options(state) if isinstance(a, Sway)] == plain_sways(
            state
        )
        checked += 1
    if EYRIE in state.factions:
        on_map = state.woodland.suits
        choices: list[set[str]] = [{"bird"}, {"fox", "bird"}, set(SUITS)]
        choices += [{str(s)} for s in SUITS]
        for suits in choices:
            assert _matching(state, suits) == {
                n for n in numbers if any(core.fits(on_map, s, n) for s in suits)
            }
            checked += 1
    return checked


def test_the_quicker_listings_read_as_the_rules_do_at_every_table() -> None:
    checked = 0
    for seed, factions in enumerate(TABLES):
        players = len(factions.split(","))
        state = GAME.setup([Seat(name=n) for n in "ABCD"[:players]], {"factions": factions}, seed)
        bots = [get_bot("random", seed=seed * 7 + i, game=GAME) for i in range(players)]
        while not GAME.is_over(state):
            legal = GAME.next_actions(state)
            seat = GAME.to_act(state)
            assert seat is not None
            GAME.apply(state, bots[seat].choose(GAME, state, legal), legal)
            checked += check(state)
    assert checked > 10_000
