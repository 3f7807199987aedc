"""RootGame: the Game contract over ``flow`` (the turn) and ``core`` (the
Woodland's rules), with each seat's view of the hidden cards."""

from __future__ import annotations

from typing import Any, ClassVar, Final

from pydantic import BaseModel

from boardgames_tui.engine.data import shallow
from boardgames_tui.engine.game import (
    Action,
    Event,
    Game,
    Outcome,
    Seat,
    SetupError,
    copy_state,
)
from boardgames_tui.engine.rng import Rng

from . import agreement, core, flow, turn
from .actions import EndByAgreement
from .cards import deck
from .faction import BY_KEY, FACTIONS, action_type
from .model import HIDDEN, WIN_VP, RootState, from_records
from .options import DEFAULT_TABLE, RootOptions, first_as_played
from .search_profile import PROFILE
from .setup import known_factions, new_game

MAX_SEATS: Final = 4
"""The most seats the engine plays (the factions named in the options)."""


def migrate_state(data: Any) -> Any:
    """A snapshot of an older shape in today's: its decisions typed
    (``model.from_records``, lenient), and one written while the state held the factions
    by name (the default table's two, each under its own key, with
    ``seat_of``; a clearing's pieces by name) with one player per seat,
    warriors by faction and tokens by kind: each faction of that table
    brings its own part up to date (``Faction.migrate``).  Anything else is
    returned as it is (validation then judges it)."""
    if isinstance(data, dict) and isinstance(data.get("stack"), list):
        data = {**data, "stack": from_records(data["stack"], strict=False)}
    if not isinstance(data, dict) or "players" in data:
        return data
    old = [f for f in FACTIONS.values() if f.legacy_key is not None and f.legacy_key in data]
    if not old:
        return data
    try:
        data = dict(data)
        table = sorted((f.number for f in old), key=lambda n: FACTIONS[n].letter)
        seat_of = data.pop("seat_of", None)
        if seat_of is None:
            # The default seating: the default table's first faction in seat 1.
            first, second = (BY_KEY[key].number for key in DEFAULT_TABLE)
            seat_of = {first: 1, second: 0}
        clearings = [{**c, "warriors": {}, "tokens": []} for c in data.get("clearings", [])]
        found = {n: FACTIONS[n].migrate(data, clearings, table) for n in table}
        for c in clearings:
            c["tokens"] = sorted(c["tokens"])
        players: list[Any] = [None] * len(found)
        for number, player in found.items():
            players[seat_of[number]] = player
        data["players"] = players
        data["clearings"] = clearings
        battle = data.get("battle")
        if isinstance(battle, dict) and "defending" not in battle:
            other = next(f for f in table if f != battle["attacker"])
            data["battle"] = {**battle, "defending": other}
    except (KeyError, TypeError, IndexError, AttributeError, StopIteration, ValueError):
        return data
    return data


class _Seats:
    """The most seats the playable factions fill, read on every access."""

    def __get__(self, obj: object, owner: type | None = None) -> int:
        return min(MAX_SEATS, len(FACTIONS))


class _ActionType:
    """The registered actions' union, read on every access (made again only
    when a faction registers)."""

    def __get__(self, obj: object, owner: type | None = None) -> Any:
        return action_type()


class RootGame(Game[RootState, Action]):
    id: ClassVar[str] = "root"
    title: ClassVar[str] = "Root"
    min_players: ClassVar[int] = 2
    #: Two to four seats (Law 5.1), each faction sitting once: as many as
    #: the playable factions fill, read from the registry every time (a
    #: faction package that registers itself adds a seat, up to
    #: :data:`MAX_SEATS`).  The default table is two seats
    #: (``options.DEFAULT_TABLE``); a bigger one names its factions (the
    #: ``factions`` option, ``random`` in a place left to chance).
    max_players: ClassVar[int] = _Seats()  # type: ignore[assignment]
    Options: ClassVar[type[BaseModel]] = RootOptions
    State: ClassVar[type[RootState]] = RootState
    #: Every registered faction's actions and the shared ones (the save
    #: format), read from the registry every time.
    action_type: ClassVar[Any] = _ActionType()
    hidden_information: ClassVar[bool] = True

    def setup(
        self,
        seats: list[Seat],
        options: BaseModel | dict[str, Any] | None = None,
        seed: int = 0,
    ) -> RootState:
        opts = self.options(options)
        assert isinstance(opts, RootOptions)
        self.check_seats(seats)
        state = new_game(seats, opts, seed)
        state.opening += turn.settle(state)
        return state

    def check_seats(self, seats: list[Seat]) -> None:
        """Two to four seats, no more than the playable factions, each with
        a name of its own; a refusal says which factions there are."""
        n = len(seats)
        if not self.min_players <= n <= MAX_SEATS:
            raise SetupError(f"Root is for {self.min_players} to {MAX_SEATS} players, not {n}.")
        if n > len(FACTIONS):
            raise SetupError(
                f"Root has {len(FACTIONS)} factions to seat, not {n}: {known_factions()}."
            )
        super().check_seats(seats)

    def seat_sides(self, options: BaseModel, seats: int) -> list[str]:
        """The faction each seat plays: the default table's first in the seat
        ``marquise_seat`` names, its second in the other.  A table that named
        its factions seated as it chose says each named one; seated at random
        by the seed (or a place left to chance), the options alone do not say
        who plays what."""
        assert isinstance(options, RootOptions)
        if options.factions is not None:
            if options.seating != "chosen" or len(options.factions) != seats:
                return [""] * seats
            return [BY_KEY[k].short if k in BY_KEY else "" for k in options.factions]
        first, second = (BY_KEY[key].short for key in DEFAULT_TABLE)
        return [first if seat == options.marquise_seat else second for seat in range(seats)]

    def saved_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """A save that does not record the first player was played with the
        default table's first faction first (ruling R-FIRST)."""
        return first_as_played(options)

    def saved_state(self, state: Any) -> Any:
        """A snapshot from before the seats list: see :func:`migrate_state`."""
        return migrate_state(state)

    def load_state(self, data: Any) -> RootState:
        """A snapshot whose options do not record the first player: the
        default table's first faction's (ruling R-FIRST), as in
        :meth:`saved_options`; one from before the seats list, brought up to
        date (:func:`migrate_state`)."""
        data = migrate_state(data)
        if isinstance(data, dict) and isinstance(data.get("options"), dict):
            data = {**data, "options": first_as_played(data["options"])}
        return super().load_state(data)

    def legal_actions(self, state: RootState) -> list[Action]:
        return turn.legal_actions(state)

    def next_actions(self, state: RootState) -> list[Action]:
        """The list the last ``perform`` made to see that the position is a
        real decision (``RootState.offered``), else listed now."""
        return turn.next_actions(state)

    def perform(self, state: RootState, action: Action) -> list[Event]:
        if action.__class__ is EndByAgreement:
            return agreement.end(state)
        return turn.perform(state, action)

    def check(self, state: RootState, action: Action) -> None:
        """An end by agreement, never listed, when the table may agree now
        (ruling R-AGREE); any other action as the contract checks it."""
        if action.__class__ is EndByAgreement:
            agreement.check(state, self.to_act(state))
            return
        super().check(state, action)

    def agreement(self, state: RootState, seat: int) -> Action | None:
        """The proposal to end the game by agreement, on ``seat``'s own turn
        (ruling R-AGREE)."""
        return agreement.proposal(state, seat, self.to_act(state))

    def bots_agree(self, state: RootState) -> bool:
        """Root's bots agree at a standstill: the deck and the discard pile
        empty and no score changed over ``agreement.ROUNDS`` full rounds
        (ruling R-AGREE)."""
        return agreement.standstill(state)

    def to_act(self, state: RootState) -> int | None:
        return turn.to_act(state)

    def is_over(self, state: RootState) -> bool:
        return state.over

    def outcome(self, state: RootState) -> Outcome:
        if state.agreed:
            return agreement.outcome(state)
        results = agreement.seat_results(state)
        by_score = sorted(results, key=lambda r: -r.score)
        if state.winner >= 0:
            winner = state.seat(state.winner)
            # A coalition partner of the winner wins too (Law 9.2.8).
            winners = [winner] + [
                i for i, p in enumerate(state.players) if p.partner == state.winner
            ]
            ranking = winners + [r.seat for r in by_score if r.seat not in winners]
            how = (
                "wins by dominance"
                if state.player(state.winner).dominance != HIDDEN
                else f"reaches {WIN_VP} points and wins"
            )
            summary = f"{state.seats[winner].name} ({FACTIONS[state.winner].name}) {how}."
        else:
            ranking = [r.seat for r in by_score]
            top = by_score[0].score
            if by_score[1].score == top:
                winners = [r.seat for r in by_score if r.score == top]
                summary = f"No one has reached {WIN_VP} points; the score is tied."
            else:
                winners = ranking[:1]
                summary = f"No one has reached {WIN_VP} points; {by_score[0].name} leads."
            if not state.over:
                winners = []
        first = winners or ranking[:1]
        for r in results:
            if r.seat in first:
                r.rank = 1
            else:
                ahead = sum(1 for o in results if o.seat not in first and o.score > r.score)
                r.rank = len(first) + 1 + ahead
        return Outcome(results=results, ranking=ranking, winners=winners, summary=summary)

    #: How the search bots play Root (``search_profile.py``).
    search_profile = PROFILE

    def own_bots(self) -> dict[str, type[Any]]:
        """The rule-based bot that plays every faction by its goals."""
        from .bots import RootBot

        return {RootBot.name: RootBot}

    def evaluate(self, state: RootState, seat: int) -> float:
        """Points first; then what makes points later, each faction by its
        own weights (its package's ``standing``: clearings ruled, warriors
        on the map, cards in hand and crafted, its own pieces and boards),
        against the best placed of the others (a coalition partner is none
        of them, and its win is the faction's own: Law 9.2.8).  Each
        faction's weights were fitted to who won the rule bots' games
        (docs/bots.md, ``benchmarks/root_evaluate.py``)."""
        faction = state.faction_of(seat)
        if state.winner >= 0:
            # A coalition partner of the winner wins too (Law 9.2.8).
            won = state.winner in (faction, state.player(faction).partner)
            return 1000.0 if won else -1000.0
        mine = FACTIONS[faction].standing(state)
        return mine - max(FACTIONS[e].standing(state) for e in core.enemies(state, faction))

    def view(self, state: RootState, seat: int | None) -> RootState:
        """The state as ``seat`` sees it: the other hands face down except the
        cards this seat has seen there, the deck face down, and the dice to
        come unknown."""
        seen = copy_state(state)
        seen.rng = Rng.from_seed(0)
        seen.draw_pile = [HIDDEN] * len(state.draw_pile)
        _hide_hands(seen, seat)
        return seen

    def glance(self, state: RootState, seat: int | None) -> RootState:
        """:meth:`view` for a reader that neither changes it nor keeps it (a
        bot's choice): equal to the view, but what every seat sees (the
        clearings, the discard pile, the stack, the battle, the seat's own
        faction ...) is the state's own; the other seats are new objects
        sharing their fields with the state's, each hidden field replaced
        as in the view.  A bot's choice looks at thousands of positions:
        copying the Woodland for each was most of the view's cost."""
        seen = shallow(state)
        seen.rng = Rng.from_seed(0)
        seen.draw_pile = [HIDDEN] * len(state.draw_pile)
        # The clearings are the state's own, and so are their rulers; the
        # seats are in the state's order, so is each faction's seat (a
        # value replaced, never changed in place: ``RootState.player``).
        seen.kept_rulers = state.kept_rulers
        seen.seat_index = state.seat_index
        # Hiding a seat's cards puts new values in its fields (``_hide_hands``,
        # ``Faction.hide``), changing none in place.
        seen.players = [
            p if seat is not None and i == seat else shallow(p) for i, p in enumerate(state.players)
        ]
        _hide_hands(seen, seat)
        return seen

    def determinize(self, view: RootState, seat: int, rng: Rng) -> RootState:
        """A full state ``seat`` could be in, seeing ``view``: the cards it has
        not seen anywhere (the deck's cards, less those in its hand, on the
        discard pile, crafted, revealed, available or activated, and those it
        knows in the other hands and in a faction's face-down cards)
        shuffled and dealt face down into the other hands, the factions'
        face-down cards (``Faction.face_down``) and the draw pile; then each
        faction fills what else of its own it hid (``Faction.determinize``);
        a new random generator for the dice."""
        state = copy_state(view)
        state.rng = Rng.from_seed(rng.next_u64())
        seen: set[int] = set(state.discard) | set(state.available)
        for player in state.players:
            fac = FACTIONS[player.faction]
            seen.update(fac.public_cards(state))
            seen.update(c for c in player.hand if c != HIDDEN)
            for cards in fac.face_down(player):
                seen.update(c for c in cards if c != HIDDEN)
            seen.update(player.crafted)
            if player.dominance != HIDDEN:
                seen.add(player.dominance)
        with_dominance = len(state.players) >= 3
        pool = [
            i
            for i, c in enumerate(deck())
            if (with_dominance or c.kind != "dominance") and i not in seen
        ]
        state.rng.shuffle(pool)
        order = turn.setup_order(state)
        for number in order:
            player = state.player(number)
            for cards in (player.hand, *FACTIONS[number].face_down(player)):
                for i, c in enumerate(cards):
                    if c == HIDDEN:
                        cards[i] = pool.pop()
        state.draw_pile = [c if c != HIDDEN else pool.pop() for c in state.draw_pile]
        for number in order:
            FACTIONS[number].determinize(state, seat, state.rng)
        return state

    def describe(self, state: RootState, action: Action) -> str:
        if action.__class__ is EndByAgreement:
            return agreement.WORDS
        return flow.describe(state, action)

    def prompt(self, state: RootState) -> str:
        return flow.prompt(state)

    def progress(self, state: RootState) -> str:
        return flow.progress(state)


def _hide_hands(seen: RootState, seat: int | None) -> None:
    """Turn face down, in ``seen`` (a view being made, each seat but
    ``seat``'s its own copy), what ``seat`` may not see of the other seats:
    their hands but the cards it has seen there, and what each faction hides
    of its own (``Faction.hide``)."""
    viewer = seen.faction_of(seat) if seat is not None else -1
    for i, player in enumerate(seen.players):
        if i == seat:
            continue
        hand = player.hand
        shown = player.seen_by.get(viewer) if player.seen_by else None
        if player.known or shown:
            visible = set(player.known)
            if shown:
                visible.update(shown)
            known = sorted(c for c in visible if c in hand)
        else:
            # Nothing of this hand was seen (most hands): all face down.
            known = []
        player.hand = known + [HIDDEN] * (len(hand) - len(known))
        player.known = known
        player.seen_by = {}
        FACTIONS[player.faction].hide(seen, player)
