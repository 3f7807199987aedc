"""Tyrants' dialogs, on the kit's: a card's whole text (:class:`CardDialog`),
and the tables behind a key: the score as it stands (V), the whole board in
words (O), one's own cards by zone (Y) and every house's discard pile and
inner circle (P).  Choosing among the few legal
actions a key stands for is the kit's ``ChoiceDialog``."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any, cast

from rich.text import Text

from boardgames_tui.engine.game import Game
from boardgames_tui.games.tyrants import board as bd
from boardgames_tui.games.tyrants.cards import card, describe
from boardgames_tui.games.tyrants.model import WHITE, TyrantsState, breakdowns, controller
from boardgames_tui.games.tyrants.ops import space_name

from ..kit.dialogs import ChoiceDialog, TextDialog
from .look import card_facts

CSS = str(Path(__file__).with_name("tyrants.tcss"))


class CardDialog(TextDialog):
    """A card in full: its name, a line of its cost, aspect and VP in the
    deck and in the inner circle, and its effect in words (the kit's text
    dialog, closed by Esc, Enter, C or Space)."""

    def __init__(self, card_id: str) -> None:
        c = card(card_id)
        super().__init__(
            c.name,
            describe(c),
            "c",
            also=("space",),
            keys="Esc, Enter or C: close",
            prefix="card",
            note=card_facts(c),
        )
        self.card_id = card_id


# ----------------------------------------------------- tables behind a key
#: The parts of final scoring, in the order the score table lists them.
SCORE_PARTS = ("sites", "total control", "trophies", "deck", "inner circle", "tokens")


def forecast(game: Game[Any, Any], state: TyrantsState) -> list[dict[str, int]]:
    """Each house's VP if the game ended now, by the game's own final scoring
    (``breakdowns``) counted on the view nobody's hand is in: only what every
    seat knows (every card a house owns was bought in the open or is a
    starting card, so its deck VP are public though the cards are hidden)."""
    public = state if game.is_over(state) else cast(TyrantsState, game.view(state, None))
    return breakdowns(public)


def score_text(game: Game[Any, Any], state: TyrantsState) -> Text:
    """The score as it stands, one house a line: the total first, then each
    part of final scoring that is not nothing."""
    parts = forecast(game, state)
    text = Text()
    ended = game.is_over(state)
    text.append(
        "Final scores." if ended else "If the game ended now (public information only):",
        style="bold",
    )
    order = sorted(range(len(parts)), key=lambda s: (-sum(parts[s].values()), s))
    for seat in order:
        total = sum(parts[seat].values())
        text.append(f"\n\n{state.seats[seat].name}: {total} VP", style="bold")
        text.append("\n  " + " · ".join(f"{part} {parts[seat][part]}" for part in SCORE_PARTS))
    if not ended:
        text.append(
            "\n\nSites: the VP of each site controlled; total control: 2 for each "
            "site held entirely; trophies: 1 each; deck: the deck VP of every card "
            "owned (deck, hand, discard pile); inner circle: its cards' VP; tokens: "
            "VP gained during play.",
            style="dim",
        )
    return text


def _cards(ids: Sequence[str]) -> str:
    """ "Noble ×4, Soldier ×3" in alphabetical order, or "none"."""
    if not ids:
        return "none"
    counts = Counter(card(c).name for c in ids)
    return ", ".join(name if n == 1 else f"{name} ×{n}" for name, n in sorted(counts.items()))


def own_cards_text(state: TyrantsState, seat: int) -> Text:
    """One seat's cards by zone, from that seat's own view: the deck counted
    by card (its order is not known), the discard pile, the inner circle,
    the hand and the cards played this turn."""
    p = state.players[seat]
    played = [c for c in p.played if c is not None]
    zones = [
        ("Hand", list(p.hand)),
        ("Played this turn", played),
        ("Deck", list(p.deck)),
        ("Discard pile", list(p.discard)),
        ("Inner circle", list(p.inner_circle)),
    ]
    text = Text()
    for i, (title, ids) in enumerate(zones):
        if i:
            text.append("\n\n")
        order = ", in no order" if title == "Deck" else ""
        text.append(f"{title} ({len(ids)}{order})", style="bold")
        text.append("\n" + _cards(ids))
    inner = sum(card(c).inner_circle_vp or 0 for c in p.inner_circle)
    deck = sum(card(c).deck_vp for c in p.deck + p.hand + p.discard + played)
    text.append(f"\n\nDeck VP {deck} · inner circle VP {inner}", style="dim")
    return text


def overview_text(state: TyrantsState, tags: Sequence[str]) -> Text:
    """The whole board in words: for each house the sites it controls and
    every space where it has troops or spies; then each site with its VP,
    troops by house and who controls it."""
    sites = list(bd.board_map(len(state.players), state.side).sites)
    spaces = bd.board_map(len(state.players), state.side).spaces
    text = Text()
    for seat, who in enumerate(state.seats):
        if seat:
            text.append("\n\n")
        text.append(f"{tags[seat]} {who.name}", style="bold")
        held = [bd.site(s).name for s in sites if controller(state, s) == seat]
        text.append("\n  controls: " + (", ".join(held) or "no site"))
        where = []
        for space in spaces:
            n = state.troops.get(space, ()).count(seat)
            if n:
                where.append(space_name(space) + (f" ({n})" if n > 1 else ""))
        text.append("\n  troops at: " + ("; ".join(where) or "nowhere"))
        spied = [bd.site(s).name for s in sites if seat in state.spies.get(s, [])]
        if spied:
            text.append("\n  spies at: " + ", ".join(spied))
    text.append("\n\nSites", style="bold")
    for s in sites:
        troops = state.troops.get(s, ())
        counts = Counter(troops)
        troops_by = " ".join(
            f"{'w' if c == WHITE else tags[c]}{n}"
            for c, n in sorted(counts.items(), key=lambda kv: (kv[0] == WHITE, kv[0]))
        )
        owner = controller(state, s)
        line = f"\n  {bd.site(s).name} ({bd.site(s).vp} VP): {troops_by or 'empty'}"
        line += f" · {state.seats[owner].name} controls" if owner is not None else ""
        text.append(line)
    return text


def piles_text(state: TyrantsState, tags: Sequence[str]) -> Text:
    """Every house's discard pile and inner circle, which every player may
    look at: from each player only those two piles are read (never a hand
    or a deck), so any seat's view, or the public one, gives the same text."""
    text = Text()
    for seat, who in enumerate(state.seats):
        if seat:
            text.append("\n\n")
        p = state.players[seat]
        text.append(f"{tags[seat]} {who.name}", style="bold")
        inner = sum(card(c).inner_circle_vp or 0 for c in p.inner_circle)
        text.append(f"\n  Discard pile ({len(p.discard)}): {_cards(p.discard)}")
        text.append(
            f"\n  Inner circle ({len(p.inner_circle)}, {inner} VP): {_cards(p.inner_circle)}"
        )
    return text


class OwnCardsDialog(TextDialog):
    """One seat's own cards: private, so it remembers whose they are (the
    screen closes it before anyone else could see it)."""

    def __init__(self, title: str, body: Text, key: str, seat: int) -> None:
        super().__init__(title, body, key, also=("q",))
        self.seat = seat


def table_dialog(title: str, body: Text, key: str) -> TextDialog:
    """A table behind a key (the score as it stands, the overview): the
    kit's text dialog, closed by Esc, Enter, Q or its own key."""
    return TextDialog(title, body, key, also=("q",))


__all__ = [
    "CardDialog",
    "ChoiceDialog",
    "OwnCardsDialog",
    "TextDialog",
    "forecast",
    "overview_text",
    "own_cards_text",
    "piles_text",
    "score_text",
    "table_dialog",
]
