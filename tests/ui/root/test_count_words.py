"""Every hint and reason of Root's keys that counts or numbers things reads
right for one and for none (issue 45, item 2): "1: a card", never "1-1: a
card"; "There is 1 choice", never "There are 1 choices"; no range ending in
0.  Read over positions of every faction (tables of two, three and four
seats the bots play into), at every place of the map, for the hint, every
digit (with the action list numbering none, one, two and many actions) and
every direct key; and over the Eyrie's Decree with a hand of one card and
of none.  Textual-free: the key map is read as the screen reads it."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import replace

import pytest

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.engine.session import Session
from boardgames_tui.games.root.bots import RootBot
from boardgames_tui.games.root.faction import FACTIONS
from boardgames_tui.games.root.factions.eyrie.state import EYRIE
from boardgames_tui.games.root.model import RootState
from boardgames_tui.ui.kit.choice import Pick
from boardgames_tui.ui.root import choices, preview
from boardgames_tui.ui.root.choices import keymap, letter_keys
from boardgames_tui.ui.root.dialogs import ChoiceDialog
from boardgames_tui.ui.root.here import Here
from boardgames_tui.ui.root.look import numbers
from boardgames_tui.ui.root.widgets import below
from tests.ui.helpers import wait_until

from .helpers import ana_marquise_against_a_bot, state_of
from .test_offered_keys import session_after
from .test_stray_enter import to_the_marquise_daylight

#: Tables that between them seat every faction, at two, three and four seats.
TABLES = (
    "marquise,eyrie",
    "duchy,vagabond,corvids",
    "marquise,eyrie,alliance,corvids",
    "eyrie,duchy,alliance,vagabond",
)

#: Counts and ranges that read wrong: a range from a number to itself
#: ("1-1") or to none ("1-0"), one of a plural ("1 cards", "1 choices"),
#: "are 1".
WRONG = (
    re.compile(r"\b(\d+)-\1\b"),
    re.compile(r"\b\d+-0\b"),
    re.compile(r"(?<![\d(,.-])\b1 (?:[a-z]+ )?(?:cards|choices|actions|warriors|hits|plots)\b"),
    re.compile(r"\bare 1(?=[ .,:])"),
)


def wrong(text: str) -> list[str]:
    return [m.group(0) for pattern in WRONG for m in pattern.finditer(text)]


def test_the_wrong_forms_are_caught() -> None:
    """The patterns catch what they are for, and pass what reads right."""
    assert wrong("1-1: a card of your hand") == ["1-1"]
    assert wrong("There are 1 choices: 1-1.") == ["1-1", "1 choices", "are 1"]
    assert wrong("The action list holds 0 actions: 1-0.") == ["1-0"]
    assert not wrong("1-3: a card · 1: a card · There is 1 choice: 1. · Gulf (1, rabbit)")
    assert [numbers(n) for n in (0, 1, 2, 9)] == ["", "1", "1-2", "1-9"]


def positions(factions: str, seed: int, moves: int, every: int) -> Iterator[Session]:
    """A bot-played game, every ``every`` moves (the same session, read
    before the game goes on)."""
    session = session_after(factions, seed, 0)
    bots = [RootBot(seed=seed + i) for i in range(len(session.seats))]
    for count in range(moves):
        if session.is_over:
            break
        if count % every == 0:
            yield session
        seat = session.to_act
        assert seat is not None
        session.apply(bots[seat].choose(session.game, session.state))


def texts(session: Session) -> list[str]:
    """What the keys say in this position, to the deciding seat, at every
    place: the hint, every digit's reason and every direct key's."""
    seat = session.to_act
    assert seat is not None
    state: RootState = session.view(seat)  # type: ignore[assignment]
    legal = session.legal_actions()
    kinds = keymap()
    said: list[str] = []
    for cursor in (*state.woodland.numbers, *below(state)):
        for numbered in ((), tuple(legal[:1]), tuple(legal[:2]), tuple(legal)):
            here = Here(state, legal, cursor, None, session.describe, None, numbered)
            said.append(kinds.hint(here))
            said += [choices.explain(here, str(n)) for n in range(0, 10)]
        here = Here(state, legal, cursor, None, session.describe)
        said += [choices.explain(here, k.letter) for k in letter_keys()]
    return said


@pytest.mark.parametrize("factions", TABLES)
def test_no_count_reads_wrong_for_any_faction(factions: str) -> None:
    seen: dict[str, list[str]] = {}
    for session in positions(factions, seed=3, moves=240, every=12):
        for text in texts(session):
            found = wrong(text)
            if found:
                seen.setdefault(text, found)
    assert not seen, seen


def _adding_to_the_decree() -> Session:
    """The Eyrie adding a card to their Decree (the bots' game)."""
    for session in positions("eyrie,alliance", seed=1, moves=120, every=1):
        state = state_of(session)
        if state.stack and state.stack[-1].kind == "decree_card":
            return session
    raise AssertionError("the Eyrie never added to their Decree")


@pytest.mark.parametrize("cards", [0, 1, 2])
def test_the_eyrie_hint_counts_the_hand(cards: int) -> None:
    """ "1: a card of your hand" with one card; no digits with none."""
    session = _adding_to_the_decree()
    seat = session.to_act
    assert seat is not None
    state: RootState = session.view(seat)  # type: ignore[assignment]
    eyrie = state.player(EYRIE)
    hand = list(eyrie.hand)
    assert len(hand) >= 2
    eyrie.hand[:] = hand[:cards]
    here = Here(state, session.legal_actions(), 1, None, session.describe)
    hint = keymap().hint(here)
    assert not wrong(hint), hint
    if cards:
        assert hint.startswith(f"{numbers(cards)}: a card of your hand"), hint
    else:
        assert "of your hand" not in hint, hint
    reason = keymap().pick(here, "choose", 5).reason
    expected = "no cards" if not cards else f"{numbers(cards)}."
    assert expected in reason and not wrong(reason), reason


@pytest.mark.parametrize("defender", sorted(FACTIONS), ids=lambda f: FACTIONS[f].key)
def test_the_outlook_agrees_with_every_factions_name(defender: int) -> None:
    """ "The Duchy holds cards", "The Corvids hold cards": the verbs agree
    with a name that is a plural, in every sentence the outlook may say."""
    o = preview.Outlook(
        attacker=-1, clearing=1, defender=defender, attacker_warriors=3,
        defender_warriors=0, attacker_pieces=3, defender_pieces=1, attacker_deals=3,
        defender_deals=0, defenceless=True, brutal_tactics=True, sappers=True,
        attacker_armorers=True, defender_armorers=True, scouted=False,
        ambush_possible=True, ambush_hits=2, can_cancel=False, deals_after_ambush=1,
        where="Hill (1)",
    )  # fmt: skip
    name = FACTIONS[defender].short
    text = (
        " ".join(preview.words(o))
        + " "
        + " ".join(preview.words(replace(o, ambush_possible=False)))
    )
    plural = FACTIONS[defender].plural  # (the log's rule: `core.the`)
    for one, many in (("is", "are"), ("holds", "hold"), ("scores", "score")):
        assert f"{name} {many if plural else one} " in text, text
        assert f"{name} {one if plural else many} " not in text, text


async def test_the_dialog_and_the_list_offer_the_digits_there_are(
    new_app: Callable[..., BoardgamesApp],
) -> None:
    """A choice of two offers 1-2 (the kit's line said 1-9); the action
    list focused offers as many digits as it holds, up to nine."""
    app = new_app(session=ana_marquise_against_a_bot())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await to_the_marquise_daylight(app, pilot)
        legal = screen.legal()
        screen.play_pick(Pick((legal[0], legal[1]), "", "Choose"))
        await wait_until(pilot, lambda: isinstance(app.screen, ChoiceDialog))
        await pilot.pause()
        keys = str(app.screen.query_one("#choice-keys").render())
        assert "1-2:" in keys and "1-9" not in keys, keys
        await pilot.press("escape")
        await wait_until(pilot, lambda: app.screen is screen)
        await pilot.press("a")
        await pilot.pause()
        count = min(len(screen.picker.actions), 9)
        assert f" · {numbers(count)}: play that one" in screen.hint_text()
