"""The log's sentences agree with the faction they are about (issue 51): a
faction's short name is singular (the Marquise, the Vagabond, the Duchy) or
collective, with a plural verb (the Eyrie, the Alliance, the Corvids:
``Faction.plural``), every sentence about a faction starts "The ...", and
a count agrees with its verb.  Scanned over the log lines and the action
descriptions of seeded random games at tables of every faction."""

from __future__ import annotations

import random
import re

import pytest

from boardgames_tui.engine.game import Seat
from boardgames_tui.games.root import GAME, core
from boardgames_tui.games.root.faction import FACTIONS

SINGULAR = "|".join(f.short for f in FACTIONS.values() if not f.plural and f.short)
COLLECTIVE = "|".join(f.short for f in FACTIONS.values() if f.plural)
NAMES = "|".join(f.short for f in FACTIONS.values() if f.short)
#: Verbs a plural subject takes in their singular form, and the reverse.
S_VERBS = "is|has|was|owes|adds|draws|shows|removes|gives|moves|scores|loses|battles|deals"
BARE_VERBS = "are|have|were|owe|add|draw|show|remove|give|move|score|lose|battle|deal"
WRONG = {
    "a collective name with a singular verb": rf"\b(?:the|The) (?:{COLLECTIVE}) (?:{S_VERBS})\b",
    "a singular name with a plural verb": rf"\b(?:the|The) (?:{SINGULAR}) (?:{BARE_VERBS})\b",
    "a faction's sentence without 'The'": rf"^(?:{NAMES}) (?:[a-z]+s|{BARE_VERBS})\b",
    "one of a count with a plural verb": r"\b1 [a-z]+ (?:of the [A-Za-z]+ )?(?:are|were)\b",
    "a count with a singular verb": r"\b(?:[02-9]|\d\d+) [a-z]+s (?:of the [A-Za-z]+ )?(?:is|was)\b",
    "a possessive before an article": r"'s an? ",
}

TABLES = (
    "marquise,eyrie,alliance,vagabond",
    "duchy,corvids,eyrie,alliance",
    "corvids,vagabond,marquise,duchy",
)


def words_of(mix: str, seed: int, steps: int = 600) -> list[str]:
    """The log lines and every legal action's words of a random game."""
    rng = random.Random(seed)
    seats = [Seat(name=f"P{i}") for i in range(len(mix.split(",")))]
    state = GAME.setup(seats, {"factions": mix, "seating": "chosen"}, seed)
    out: list[str] = []
    for _ in range(steps):
        legal = GAME.legal_actions(state)
        if state.over or not legal:
            break
        out += [GAME.describe(state, a) for a in legal]
        out += [e.text for e in GAME.apply(state, rng.choice(legal))]
    return out


def test_the_verb_agrees_with_the_faction() -> None:
    singular = next(n for n, f in FACTIONS.items() if f.short == "Marquise")
    collective = next(n for n, f in FACTIONS.items() if f.short == "Corvids")
    assert core.the(singular, "draws", start=True) == "The Marquise draws"
    assert core.the(collective, "draws", start=True) == "The Corvids draw"
    assert core.the(collective, "reaches") == "the Corvids reach"
    assert core.the(collective, "loses") == "the Corvids lose"
    assert core.the(collective, "has") == "the Corvids have"
    assert core.the(singular) == "the Marquise"


@pytest.mark.parametrize("mix", TABLES)
def test_no_log_line_of_a_random_game_breaks_the_agreement(mix: str) -> None:
    lines = {line for seed in range(2) for line in words_of(mix, seed)}
    assert len(lines) > 200
    bad = [
        (what, line)
        for line in sorted(lines)
        for what, pattern in WRONG.items()
        if re.search(pattern, line)
    ]
    assert not bad, bad[:10]
