"""RootGame: the Game contract over ``flow`` (the turn) and ``core`` (the
Woodland's rules), with each seat's view of the hidden cards."""

from __future__ import annotations

from typing import Any, ClassVar, Final

from pydantic import BaseModel

from boardgames_tui.engine.game import (
    Action,
    Event,
    Game,
    Outcome,
    Seat,
    SeatResult,
    SetupError,
    copy_state,
)
from boardgames_tui.engine.rng import Rng

from . import core, flow
from .actions import ACTION_TYPE
from .cards import deck
from .factions.base import BY_KEY, FACTIONS
from .model import (
    CATS,
    DUCHY,
    HIDDEN,
    SHORT_NAMES,
    WIN_VP,
    RootOptions,
    RootState,
    first_as_played,
)
from .search_profile import PROFILE
from .setup import known_factions

MAX_SEATS: Final = 4
"""The most seats the engine plays (the factions named in the options)."""

_OLD_SETUP_STEPS = ("keep", "start_sawmill", "start_workshop", "start_recruiter")


def migrate_state(data: Any) -> Any:
    """A snapshot written while the state held the two factions by name
    (``cats``, ``duchy``, ``seat_of``; a clearing's ``cats``, ``moles``,
    ``wood``, ``keep`` and ``tunnel``) in today's shape: one player per seat,
    warriors by faction and tokens by kind.  Anything else is returned as it
    is (validation then judges it)."""
    if not isinstance(data, dict) or "players" in data or "cats" not in data:
        return data
    try:
        data = dict(data)
        seat_of = data.pop("seat_of", [1, 0])
        cats = {**data.pop("cats"), "faction": CATS, "hospitals": data.pop("hospitals", {})}
        duchy = {**data.pop("duchy"), "faction": DUCHY, "failure": data.pop("failure", False)}
        players: list[Any] = [None, None]
        players[seat_of[CATS]] = cats
        players[seat_of[DUCHY]] = duchy
        data["players"] = players
        clearings = []
        for c in data.get("clearings", []):
            c = dict(c)
            counts = {CATS: c.pop("cats", 0), DUCHY: c.pop("moles", 0)}
            tokens = (
                ["wood"] * c.pop("wood", 0)
                + ["keep"] * bool(c.pop("keep", False))
                + ["tunnel"] * bool(c.pop("tunnel", False))
            )
            c["warriors"] = {str(f): n for f, n in counts.items() if n}
            c["tokens"] = sorted(tokens)
            clearings.append(c)
        data["clearings"] = clearings
        battle = data.get("battle")
        if isinstance(battle, dict) and "defending" not in battle:
            data["battle"] = {**battle, "defending": 1 - battle["attacker"]}
        if data.get("step") in _OLD_SETUP_STEPS:
            data["setting_up"] = CATS
        elif data.get("step") == "duchy_setup":
            data["step"], data["setting_up"] = "setup", CATS
    except (KeyError, TypeError, IndexError, AttributeError):
        return data
    return data


class _Seats:
    """The most seats the playable factions fill, read on every access."""

    def __get__(self, obj: object, owner: type | None = None) -> int:
        return min(MAX_SEATS, len(FACTIONS))


class RootGame(Game[RootState, Action]):
    id: ClassVar[str] = "root"
    title: ClassVar[str] = "Root"
    min_players: ClassVar[int] = 2
    #: Two to four seats (Law 5.1), each faction sitting once: as many as
    #: the playable factions fill, read from the registry every time (two
    #: with the Marquise and the Duchy; a faction module that registers
    #: itself adds a seat, up to :data:`MAX_SEATS`).  The default table is
    #: the Marquise and the Duchy; a bigger one names its factions (the
    #: ``factions`` option, ``random`` in a place left to chance).
    max_players: ClassVar[int] = _Seats()  # type: ignore[assignment]
    Options: ClassVar[type[BaseModel]] = RootOptions
    State: ClassVar[type[RootState]] = RootState
    action_type: ClassVar[Any] = ACTION_TYPE
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
        state = flow.new_game(seats, opts, seed)
        state.opening += flow.settle(state)
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
        """The faction each seat plays: ``marquise_seat`` has the Marquise,
        the other seat the Duchy.  A table that named its factions seated
        as it chose says each named one; seated at random by the seed (or a
        place left to chance), the options alone do not say who plays what."""
        assert isinstance(options, RootOptions)
        if options.factions is not None:
            if options.seating != "chosen" or len(options.factions) != seats:
                return [""] * seats
            return [BY_KEY[k].short if k in BY_KEY else "" for k in options.factions]
        return [
            SHORT_NAMES[CATS if seat == options.marquise_seat else DUCHY] for seat in range(seats)
        ]

    def saved_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """A save that does not record the first player was played with the
        Marquise first (ruling R-FIRST)."""
        return first_as_played(options)

    def saved_state(self, state: Any) -> Any:
        """A snapshot from before the seats list: see :func:`migrate_state`."""
        return migrate_state(state)

    def load_state(self, data: Any) -> RootState:
        """A snapshot whose options do not record the first player: the
        Marquise's (ruling R-FIRST), as in :meth:`saved_options`; one from
        before the seats list, brought up to date (:func:`migrate_state`)."""
        data = migrate_state(data)
        if isinstance(data, dict) and isinstance(data.get("options"), dict):
            data = {**data, "options": first_as_played(data["options"])}
        return super().load_state(data)

    def legal_actions(self, state: RootState) -> list[Action]:
        return flow.legal_actions(state)

    def perform(self, state: RootState, action: Action) -> list[Event]:
        return flow.perform(state, action)

    def to_act(self, state: RootState) -> int | None:
        return flow.to_act(state)

    def is_over(self, state: RootState) -> bool:
        return state.over

    def outcome(self, state: RootState) -> Outcome:
        results = []
        for seat, player in enumerate(state.players):
            results.append(
                SeatResult(
                    seat=seat,
                    # The name with the faction it plays: the results
                    # say who was which.
                    name=f"{state.seats[seat].name} ({core.name(player.faction)})",
                    score=player.vp,
                    breakdown=dict(sorted(player.points.items())),
                )
            )
        by_score = sorted(results, key=lambda r: -r.score)
        if state.winner >= 0:
            winner = state.seat(state.winner)
            winners = [winner]
            ranking = [winner] + [r.seat for r in by_score if r.seat != winner]
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
        """The rule-based bot that plays either faction by its goals."""
        from .bots import RootBot

        return {RootBot.name: RootBot}

    def evaluate(self, state: RootState, seat: int) -> float:
        """Points first; then what makes points later, each faction by its
        own weights (its module's ``standing``): for the Marquise and the
        Duchy, clearings ruled, warriors on the map, cards in hand and
        crafted, the Marquise's wood on the map and her keep's corner, the
        Duchy's swayed ministers and tunnels; against the best placed of
        the others.

        The two factions' weights were fitted (logistic regression) to who
        won 1,200 games of the rule bot against itself, at the start of
        every turn, and rounded; on 900 other such games they tell the
        winner somewhat better than the earlier hand-set weights did
        (``benchmarks/root_evaluate.py``).  Buildings on the map add
        nothing beyond the points they brought and what they make; a Duchy
        point is worth less than a Marquise point, the Duchy's warriors and
        cards in hand more than hers.  The keep's corner is the one choice
        whose worth shows only over the whole game: with the rule bot on
        both sides the Marquise won half her games with the keep in Quarry
        and about a quarter in Weald, while a round later the positions look
        alike."""
        faction = state.faction_of(seat)
        if state.winner >= 0:
            return 1000.0 if state.winner == faction else -1000.0
        mine = FACTIONS[faction].standing(state)
        return mine - max(FACTIONS[e].standing(state) for e in core.enemies(state, faction))

    def view(self, state: RootState, seat: int | None) -> RootState:
        """The state as ``seat`` sees it: the other hands face down except the
        cards this seat has seen there, the deck face down, and the dice to
        come unknown."""
        seen = copy_state(state)
        seen.rng = Rng.from_seed(0)
        seen.draw_pile = [HIDDEN] * len(state.draw_pile)
        viewer = state.faction_of(seat) if seat is not None else -1
        for i, player in enumerate(seen.players):
            if seat is not None and i == seat:
                continue
            visible = set(player.known) | set(player.seen_by.get(viewer, ()))
            known = sorted(c for c in visible if c in player.hand)
            player.hand = known + [HIDDEN] * (len(player.hand) - len(known))
            player.known = known
            player.seen_by = {}
            FACTIONS[player.faction].hide(seen, player)
        return seen

    def determinize(self, view: RootState, seat: int, rng: Rng) -> RootState:
        """A full state ``seat`` could be in, seeing ``view``: the cards it has
        not seen anywhere (the deck's cards, less those in its hand, on the
        discard pile, crafted, revealed, available or activated, and those it
        knows in the other hands) shuffled and dealt face down into the other
        hands and the draw pile; a new random generator for the dice."""
        state = copy_state(view)
        state.rng = Rng.from_seed(rng.next_u64())
        seen: set[int] = set(state.discard) | set(state.available)
        for player in state.players:
            seen.update(FACTIONS[player.faction].public_cards(state))
            seen.update(c for c in player.hand if c != HIDDEN)
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
        for number in flow.setup_order(state):
            player = state.player(number)
            for i, c in enumerate(player.hand):
                if c == HIDDEN:
                    player.hand[i] = pool.pop()
        state.draw_pile = [c if c != HIDDEN else pool.pop() for c in state.draw_pile]
        return state

    def describe(self, state: RootState, action: Action) -> str:
        return flow.describe(state, action)

    def prompt(self, state: RootState) -> str:
        return flow.prompt(state)

    def progress(self, state: RootState) -> str:
        return flow.progress(state)
