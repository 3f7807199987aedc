"""Tyrants' dialogs: choosing among the few legal actions a key stands for,
a card's whole text, and the tables behind a key: the score as it stands
(V), the whole board in words (O) and one's own cards by zone (Y)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any, ClassVar, cast

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from boardgames_tui.engine.game import Action, Game
from boardgames_tui.games.tyrants import board as bd
from boardgames_tui.games.tyrants.cards import card, describe
from boardgames_tui.games.tyrants.model import WHITE, TyrantsState, breakdowns, controller
from boardgames_tui.games.tyrants.ops import space_name

from ..messages import ActionChosen
from ..widgets import ActionPicker
from .look import card_facts

CSS = str(Path(__file__).with_name("tyrants.tcss"))


class ChoiceDialog(ModalScreen[Action | None]):
    """A short list of legal actions (the troops to assassinate at a site,
    the ways to use a card): Enter or a digit takes one, Escape none."""

    CSS_PATH = CSS
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Back")]

    def __init__(self, title: str, choices: Sequence[tuple[Action, str]]) -> None:
        super().__init__()
        self.title_text = title
        self.choices = list(choices)

    def compose(self) -> ComposeResult:
        with Vertical(id="choice-box"):
            yield Label(self.title_text, id="choice-title", markup=False)
            yield ActionPicker(id="choice-list")
            yield Label("Enter or 1-9: choose · Esc: back", id="choice-keys", markup=False)

    def on_mount(self) -> None:
        picker = self.query_one("#choice-list", ActionPicker)
        picker.set_actions(self.choices)
        picker.focus()

    @on(ActionChosen, "#choice-list")
    def _chosen(self, event: ActionChosen) -> None:
        event.stop()
        self.dismiss(event.action)

    def action_cancel(self) -> None:
        self.dismiss(None)


class CardDialog(ModalScreen[None]):
    """A card in full: name, cost, aspect, VP in the deck and in the inner
    circle, and its effect in words."""

    CSS_PATH = CSS
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,enter,c,space", "close", "Close"),
    ]

    def __init__(self, card_id: str) -> None:
        super().__init__()
        self.card_id = card_id

    def compose(self) -> ComposeResult:
        c = card(self.card_id)
        with Vertical(id="card-box"):
            yield Label(Text(c.name, style="bold"), id="card-name", markup=False)
            yield Static(card_facts(c), id="card-facts", markup=False)
            yield Static(describe(c), id="card-text", markup=False)
            yield Label("Esc, Enter or C: close", id="card-keys", markup=False)

    def action_close(self) -> None:
        self.dismiss(None)


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
            n = state.troops.get(space, []).count(seat)
            if n:
                where.append(space_name(space) + (f" ({n})" if n > 1 else ""))
        text.append("\n  troops at: " + ("; ".join(where) or "nowhere"))
        spied = [bd.site(s).name for s in sites if seat in state.spies.get(s, [])]
        if spied:
            text.append("\n  spies at: " + ", ".join(spied))
    text.append("\n\nSites", style="bold")
    for s in sites:
        troops = state.troops.get(s, [])
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


class TextDialog(ModalScreen[None]):
    """A table behind a key (the score as it stands, the overview, one's own
    cards): a title, a scrolling text, Esc to close."""

    CSS_PATH = CSS
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,enter,q", "close", "Close")]

    def __init__(self, title: str, body: Text, key: str) -> None:
        super().__init__()
        self.title_text = title
        self.body = body
        self.key = key

    def compose(self) -> ComposeResult:
        with Vertical(id="text-box"):
            yield Label(Text(self.title_text, style="bold"), id="text-title", markup=False)
            with VerticalScroll(id="text-scroll"):
                yield Static(self.body, id="text-body", markup=False)
            yield Label(
                f"Esc, Enter or {self.key.upper()}: close · ↑ ↓: scroll",
                id="text-keys",
                markup=False,
            )

    def on_mount(self) -> None:
        self.query_one("#text-scroll").focus()

    def on_key(self, event: events.Key) -> None:
        if event.key == self.key:
            event.stop()
            self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)


class OwnCardsDialog(TextDialog):
    """One seat's own cards: private, so it remembers whose they are (the
    screen closes it before anyone else could see it)."""

    def __init__(self, title: str, body: Text, key: str, seat: int) -> None:
        super().__init__(title, body, key)
        self.seat = seat
