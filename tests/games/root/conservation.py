"""Where every card and item of a game of Root is, for the conservation
tests (``table_conserved``: what every table keeps), and random games
played out with a check after every action.

Cards: the deck, the discard pile, the dominance cards beside the map, the
hands, the crafted cards, what each faction keeps in sight (the Decree)
and face down (the Supporters stack), and the dominance cards in play.
Items: the supply, each faction's Crafted Items box, and, with the
Vagabond at the table, his items in every state, those removed from the
game and those still under the ruins; and what the game began with (the
supply, plus the Vagabond's ruin items and his character's starting items).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

from boardgames_tui.engine.bots.base import Bot
from boardgames_tui.games.root import GAME, core
from boardgames_tui.games.root.faction import FACTIONS
from boardgames_tui.games.root.factions.vagabond import PAWN, VAGABOND, Vagabond
from boardgames_tui.games.root.factions.vagabond.board import board
from boardgames_tui.games.root.factions.vagabond.satchel import all_items
from boardgames_tui.games.root.items import item_supply
from boardgames_tui.games.root.model import HIDDEN, RootState


def items_everywhere(state: RootState) -> Counter[str]:
    found: Counter[str] = Counter(state.items)
    for p in state.players:
        found.update(p.items)
        if isinstance(p, Vagabond):
            found.update(all_items(p) + p.removed + p.ruin_items)
    return +found


def items_at_start(state: RootState) -> Counter[str]:
    start: Counter[str] = Counter(item_supply())
    if VAGABOND in state.factions:
        v = state.player(VAGABOND)
        assert isinstance(v, Vagabond)
        start.update(board().ruin_items[: len(state.woodland.ruins())])
        if v.character:
            start.update(board().character(v.character).items)
    return +start


def cards_in_game(state: RootState) -> list[int]:
    """Every card in the game, wherever it is (twice if it is in two places)."""
    cards = state.draw_pile + state.discard + state.available
    for p in state.players:
        faction = FACTIONS[p.faction]
        cards += p.hand + p.crafted + faction.public_cards(state)
        for face_down in faction.face_down(p):
            cards += face_down
        if p.dominance != HIDDEN:
            cards.append(p.dominance)
    return cards


def cards_conserved(state: RootState) -> None:
    """Every card of the deck somewhere, once (the dominance cards out of
    the game at two seats, Law 5.1.2)."""
    cards = cards_in_game(state)
    assert len(cards) == len(set(cards)), "a card is in two places"
    assert len(cards) == (54 if len(state.players) >= 3 else 50)


def warriors_conserved(state: RootState) -> None:
    """Each faction's warriors on the map, in its supply and (the
    Alliance's) in the Officers box: as many as it began with; and no hand
    is known to hold a card it does not."""
    for p in state.players:
        on_map = sum(c.warriors.get(p.faction, 0) for c in state.clearings)
        out = on_map + getattr(p, "officers", 0)
        assert p.warriors >= 0 and out + p.warriors == FACTIONS[p.faction].new_player().warriors
        assert set(p.known) <= set(p.hand)


def vagabond_conserved(state: RootState) -> None:
    """With the Vagabond at the table, once he has his character: every
    item, every quest and his ruins somewhere, once, and his pawn at his
    place."""
    v = state.player(VAGABOND)
    assert isinstance(v, Vagabond)
    if state.setting_up >= 0 and not v.character:
        return
    assert items_everywhere(state) == items_at_start(state)
    assert sorted(v.quests + v.quest_deck + v.done_quests) == list(range(len(board().quests)))
    pawns = [n for n, c in enumerate(state.clearings) if PAWN in c.tokens]
    assert pawns == ([v.place] if v.place else [])
    assert sorted(v.ruins + state.ruins_gone) == list(state.woodland.ruins())


def table_conserved(state: RootState) -> None:
    """What every table keeps: every card, warrior and item somewhere, once
    (with the Vagabond, his quests, ruins and pawn too); no warriors counted
    as none in a clearing; no clearing with more buildings than slots."""
    cards_conserved(state)
    warriors_conserved(state)
    assert all(n > 0 for c in state.clearings for n in c.warriors.values())
    assert all(core.free_slots(state, n) >= 0 for n in state.woodland.numbers)
    if VAGABOND in state.factions:
        vagabond_conserved(state)
    else:
        assert items_everywhere(state) == items_at_start(state)


def play_out(
    state: RootState,
    bots: Sequence[Bot],
    *,
    limit: int,
    label: str,
    check: Callable[[RootState], None] | None = None,
    words: bool | None = None,
) -> RootState:
    """``state`` played to its end, each seat's move chosen by its bot from
    the seat's view.  Every position has a legal move; ``check`` checks the
    position after every action; with ``words`` (by default when there is
    a ``check``) each move has words and the position a prompt (for the log
    and the screen).  Fails (naming ``label``) when the game has not ended
    within ``limit`` actions."""
    if words is None:
        words = check is not None
    actions = 0
    while not GAME.is_over(state):
        actions += 1
        assert actions < limit, f"{label}: no end in sight"
        seat = GAME.to_act(state)
        assert seat is not None
        legal = GAME.legal_actions(state)
        assert legal
        if words:
            assert all(GAME.describe(state, a) for a in legal)
            assert GAME.prompt(state)
        GAME.apply(state, bots[seat].choose(GAME, GAME.view(state, seat), legal), legal)
        if check is not None:
            check(state)
    return state
