"""Every card design played at least once from a hand-built position, with its
exact result checked.

The position is ``helpers.table()``: Ana (to play) has a troop at Eryndlyn,
Ben one at Eryndlyn and one at Ched Nasad; Ana's presence reaches Ben's troop
at Eryndlyn and the white troop on ``araum-erynd``; she can deploy at
Eryndlyn (one space left), ``erynd-kana-a`` and ``erynd-llace``.  A decision
with exactly one possible target is taken without asking, so such steps do
not appear among the choices.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from boardgames_tui.games.tyrants import GAME
from boardgames_tui.games.tyrants import actions as a
from boardgames_tui.games.tyrants.cards import load_cards
from boardgames_tui.games.tyrants.model import WHITE, TyrantsState
from boardgames_tui.games.tyrants.ops import remove_troop

from .helpers import ANA, BEN, CAL, act, clear, count, play, put, spy, table

CASES: dict[str, Callable[[], None]] = {}
DEMONS = {"half_decks": ("drow", "demons")}


def case(card_id: str) -> Callable[[Callable[[], None]], Callable[[], None]]:
    def register(fn: Callable[[], None]) -> Callable[[], None]:
        assert card_id not in CASES
        CASES[card_id] = fn
        return fn

    return register


def ana(state: TyrantsState):  # type: ignore[no-untyped-def]
    return state.players[ANA]


def end_turn(state: TyrantsState, *choices: a.TyrantsAction) -> None:
    act(state, a.EndTurn(), *choices)
    assert state.current == BEN and state.phase == "main", GAME.prompt(state)


# ------------------------------------------------------------ piles, starting
@case("priestess-of-lolth")
def _priestess() -> None:
    s = table(hand=["priestess-of-lolth"])
    play(s, "priestess-of-lolth")
    assert (ana(s).influence, ana(s).power, ana(s).played) == (2, 0, ["priestess-of-lolth"])


@case("house-guard")
def _house_guard() -> None:
    s = table(hand=["house-guard"])
    play(s, "house-guard")
    assert (ana(s).power, ana(s).influence) == (2, 0)


@case("insane-outcast")
def _insane_outcast() -> None:
    s = table(hand=["insane-outcast", "noble"], options=DEMONS)
    pile = s.piles["insane-outcast"]
    play(s, "insane-outcast", a.DiscardCard(card="noble"))
    assert ana(s).discard == ["noble"] and ana(s).hand == []
    assert ana(s).played == [None] and s.piles["insane-outcast"] == pile + 1
    # Declining keeps it: it is discarded at the end of the turn.
    s = table(hand=["insane-outcast", "noble"], options=DEMONS)
    play(s, "insane-outcast", a.Stop())
    assert ana(s).played == ["insane-outcast"] and ana(s).hand == ["noble"]


@case("noble")
def _noble() -> None:
    s = table(hand=["noble"])
    play(s, "noble")
    assert ana(s).influence == 1


@case("soldier")
def _soldier() -> None:
    s = table(hand=["soldier"])
    play(s, "soldier")
    assert ana(s).power == 1


# ------------------------------------------------------------------- Drow
@case("advocate")
def _advocate() -> None:
    s = table(hand=["advocate"])
    play(s, "advocate", a.ChooseOption(option=0))
    assert ana(s).influence == 2
    s = table(hand=["advocate", "noble"])
    play(s, "noble")
    play(s, "advocate", a.ChooseOption(option=1))
    assert ana(s).influence == 1
    end_turn(s)  # the only other played card, the Noble, is promoted
    assert ana(s).inner_circle == ["noble"]
    assert sorted(ana(s).hand) == ["advocate"]


@case("spy-master")
def _spy_master() -> None:
    s = table(hand=["spy-master"])
    play(s, "spy-master", a.PlaceSpy(site="menzoberranzan"))
    assert s.spies["menzoberranzan"] == (ANA,) and ana(s).spies == 4


@case("advance-scout")
def _advance_scout() -> None:
    s = table(hand=["advance-scout"])
    play(s, "advance-scout")  # the one white troop in reach
    assert s.troops["araum-erynd"] == (ANA,) and ana(s).trophies == {"white": 1}
    assert ana(s).troops == 38


@case("blackguard")
def _blackguard() -> None:
    s = table(hand=["blackguard"])
    play(s, "blackguard", a.ChooseOption(option=1), a.Assassinate(space="eryndlyn", colour=BEN))
    assert s.troops["eryndlyn"] == (ANA,) and ana(s).trophies == {"1": 1}
    s = table(hand=["blackguard"])
    play(s, "blackguard", a.ChooseOption(option=0))
    assert ana(s).power == 2


@case("drow-negotiator")
def _drow_negotiator() -> None:
    s = table(hand=["drow-negotiator", "soldier"])
    ana(s).inner_circle = ["noble"] * 4
    play(s, "soldier")
    play(s, "drow-negotiator")
    assert ana(s).influence == 3
    end_turn(s)
    assert ana(s).inner_circle == ["noble"] * 4 + ["soldier"]
    s = table(hand=["drow-negotiator"])
    ana(s).inner_circle = ["noble"] * 3
    play(s, "drow-negotiator")
    assert ana(s).influence == 0


@case("infiltrator")
def _infiltrator() -> None:
    s = table(hand=["infiltrator"])
    play(s, "infiltrator", a.PlaceSpy(site="ched-nasad"))  # Ben has a troop there
    assert ana(s).power == 1 and s.spies["ched-nasad"] == (ANA,)
    s = table(hand=["infiltrator"])
    play(s, "infiltrator", a.PlaceSpy(site="menzoberranzan"))  # whites only
    assert ana(s).power == 0


@case("inquisitor")
def _inquisitor() -> None:
    s = table(hand=["inquisitor"])
    play(s, "inquisitor", a.ChooseOption(option=0))
    assert ana(s).influence == 2
    s = table(hand=["inquisitor"])
    play(
        s, "inquisitor", a.ChooseOption(option=1), a.Assassinate(space="araum-erynd", colour=WHITE)
    )
    assert ana(s).trophies == {"white": 1} and s.troops["araum-erynd"] == ()


@case("mercenary-squad")
def _mercenary_squad() -> None:
    s = table(hand=["mercenary-squad"])
    play(
        s,
        "mercenary-squad",
        a.Deploy(space="erynd-kana-a"),
        a.Deploy(space="erynd-kana-b"),  # presence grows with each troop
        a.Deploy(space="eryndlyn"),
    )
    assert count(s, "eryndlyn", ANA) == 2 and s.troops["erynd-kana-b"] == (ANA,)
    assert ana(s).troops == 36


@case("spellspinner")
def _spellspinner() -> None:
    s = table(hand=["spellspinner"])
    spy(s, "ched-nasad", ANA)
    play(s, "spellspinner", a.ChooseOption(option=1), a.ReturnOwnSpy(site="ched-nasad"))
    assert s.troops["ched-nasad"] == (ANA,) and ana(s).trophies == {"1": 1}
    assert ana(s).spies == 5 and s.spies["ched-nasad"] == ()


@case("bounty-hunter")
def _bounty_hunter() -> None:
    s = table(hand=["bounty-hunter"])
    play(s, "bounty-hunter")
    assert ana(s).power == 3


@case("chosen-of-lolth")
def _chosen_of_lolth() -> None:
    s = table(hand=["chosen-of-lolth", "noble"])
    play(s, "noble")
    play(s, "chosen-of-lolth")  # Ben's troop at Eryndlyn: the one player troop in reach
    assert s.troops["eryndlyn"] == (ANA,) and s.players[BEN].troops == 39
    end_turn(s)
    assert ana(s).inner_circle == ["noble"]


@case("underdark-ranger")
def _underdark_ranger() -> None:
    s = table(hand=["underdark-ranger"])
    put(s, "araumycos", ANA)
    remove_troop(s, "araumycos", WHITE)
    s.whites_in_box += 1
    play(
        s,
        "underdark-ranger",
        a.Assassinate(space="araumycos", colour=WHITE),
        a.Assassinate(space="araum-ched", colour=WHITE),
    )
    assert ana(s).trophies == {"white": 2} and count(s, "araumycos", WHITE) == 2


@case("doppelganger")
def _doppelganger() -> None:
    s = table(hand=["doppelganger"])
    play(s, "doppelganger", a.Supplant(space="eryndlyn", colour=BEN))
    assert sorted(s.troops["eryndlyn"]) == [ANA, ANA] and ana(s).trophies == {"1": 1}


@case("information-broker")
def _information_broker() -> None:
    s = table(hand=["information-broker"], deck=["noble", "soldier", "house-guard", "advocate"])
    spy(s, "menzoberranzan", ANA)
    play(s, "information-broker", a.ChooseOption(option=1), a.ReturnOwnSpy(site="menzoberranzan"))
    assert ana(s).hand == ["advocate", "house-guard", "soldier"] and ana(s).deck == ["noble"]


@case("master-of-melee-magthere")
def _master_of_melee() -> None:
    s = table(hand=["master-of-melee-magthere"])
    play(
        s,
        "master-of-melee-magthere",
        a.ChooseOption(option=1),
        a.Supplant(space="tsenviilyq", colour=WHITE),  # anywhere, no presence needed
    )
    assert sorted(s.troops["tsenviilyq"]) == [WHITE, WHITE, ANA]
    s = table(hand=["master-of-melee-magthere"])
    play(
        s,
        "master-of-melee-magthere",
        a.ChooseOption(option=0),
        a.Deploy(space="eryndlyn"),
        a.Deploy(space="erynd-llace"),
        a.Deploy(space="llacerellyn"),
        a.Deploy(space="llacerellyn"),
    )
    assert s.troops["llacerellyn"] == (ANA, ANA) and ana(s).troops == 35


@case("masters-of-sorcere")
def _masters_of_sorcere() -> None:
    s = table(hand=["masters-of-sorcere"])
    play(
        s,
        "masters-of-sorcere",
        a.ChooseOption(option=0),
        a.PlaceSpy(site="menzoberranzan"),
        a.PlaceSpy(site="araumycos"),
    )
    assert ana(s).spies == 3
    s = table(hand=["masters-of-sorcere"])
    spy(s, "araumycos", ANA)
    play(s, "masters-of-sorcere", a.ChooseOption(option=1), a.ReturnOwnSpy(site="araumycos"))
    assert ana(s).power == 4 and ana(s).spies == 5


@case("council-member")
def _council_member() -> None:
    s = table(hand=["council-member", "soldier"])
    play(s, "soldier")
    play(
        s,
        "council-member",
        a.PickTroop(space="eryndlyn", colour=BEN),
        a.MoveTo(space="menzoberranzan"),
        a.PickTroop(space="araum-erynd", colour=WHITE),
        a.MoveTo(space="kanaglym"),
    )
    assert s.troops["eryndlyn"] == (ANA,) and BEN in s.troops["menzoberranzan"]
    assert s.troops["kanaglym"] == (WHITE,) and s.troops["araum-erynd"] == ()
    end_turn(s)
    assert ana(s).inner_circle == ["soldier"]
    # "up to": she may stop after one, or before any.
    s = table(hand=["council-member"])
    play(s, "council-member", a.Stop())
    assert s.troops["eryndlyn"] == (ANA, BEN)


@case("deathblade")
def _deathblade() -> None:
    s = table(hand=["deathblade"])
    play(s, "deathblade", a.Assassinate(space="eryndlyn", colour=BEN))  # then the white one
    assert ana(s).trophies == {"1": 1, "white": 1}


@case("matron-mother")
def _matron_mother() -> None:
    s = table(hand=["matron-mother"], deck=["noble", "soldier"], discard=["house-guard"])
    play(s, "matron-mother", a.Promote(card="soldier"))
    assert ana(s).deck == [] and sorted(ana(s).discard) == ["house-guard", "noble"]
    assert ana(s).inner_circle == ["soldier"]


@case("weaponmaster")
def _weaponmaster() -> None:
    s = table(hand=["weaponmaster"])
    play(
        s,
        "weaponmaster",
        a.ChooseOption(option=1),  # the one white troop in reach
        a.ChooseOption(option=0),
        a.Deploy(space="araum-erynd"),
        a.ChooseOption(option=0),
        a.Deploy(space="eryndlyn"),
    )
    assert ana(s).trophies == {"white": 1} and ana(s).troops == 37
    assert s.troops["araum-erynd"] == (ANA,) and count(s, "eryndlyn", ANA) == 2


# ---------------------------------------------------------------- Dragons
@case("kobold")
def _kobold() -> None:
    s = table(hand=["kobold"])
    play(s, "kobold", a.ChooseOption(option=0), a.Deploy(space="erynd-llace"))
    assert s.troops["erynd-llace"] == (ANA,)
    s = table(hand=["kobold"])
    play(s, "kobold", a.ChooseOption(option=1))
    assert ana(s).trophies == {"white": 1}


@case("white-wyrmling")
def _white_wyrmling() -> None:
    s = table(hand=["white-wyrmling"])
    gone = s.market[0]
    deck = len(s.market_deck)
    play(
        s,
        "white-wyrmling",
        a.Deploy(space="erynd-llace"),
        a.Deploy(space="llacerellyn"),
        a.DevourMarket(card=gone),
    )
    assert ana(s).troops == 37 and s.devoured == [gone]
    assert len(s.market) == 6 and len(s.market_deck) == deck - 1


@case("black-wyrmling")
def _black_wyrmling() -> None:
    s = table(hand=["black-wyrmling"])
    play(s, "black-wyrmling")
    assert ana(s).influence == 1 and ana(s).trophies == {"white": 1}


@case("cult-fanatic")
def _cult_fanatic() -> None:
    s = table(hand=["cult-fanatic"])
    play(s, "cult-fanatic", a.Stop())
    assert ana(s).influence == 2 and s.devoured == []
    s = table(hand=["cult-fanatic"])
    gone = s.market[2]
    play(s, "cult-fanatic", a.DevourMarket(card=gone))
    assert s.devoured == [gone] and len(s.market) == 6


@case("dragon-cultist")
def _dragon_cultist() -> None:
    s = table(hand=["dragon-cultist"])
    play(s, "dragon-cultist", a.ChooseOption(option=0))
    assert ana(s).power == 2
    s = table(hand=["dragon-cultist"])
    play(s, "dragon-cultist", a.ChooseOption(option=1))
    assert ana(s).influence == 2


@case("watcher-of-thay")
def _watcher_of_thay() -> None:
    s = table(hand=["watcher-of-thay"])
    spy(s, "araumycos", ANA)
    play(s, "watcher-of-thay", a.ChooseOption(option=1), a.ReturnOwnSpy(site="araumycos"))
    assert ana(s).influence == 3
    s = table(hand=["watcher-of-thay"])
    play(s, "watcher-of-thay", a.ChooseOption(option=0), a.PlaceSpy(site="eryndlyn"))
    assert s.spies["eryndlyn"] == (ANA,)


@case("wyrmspeaker")
def _wyrmspeaker() -> None:
    s = table(hand=["wyrmspeaker", "noble", "soldier"])
    play(s, "noble")
    play(s, "soldier")
    play(s, "wyrmspeaker")
    assert ana(s).influence == 2
    end_turn(s, a.Promote(card="soldier"))
    assert ana(s).inner_circle == ["soldier"]


@case("cleric-of-laogzed")
def _cleric_of_laogzed() -> None:
    s = table(hand=["cleric-of-laogzed", "noble"])
    play(s, "noble")
    play(
        s,
        "cleric-of-laogzed",
        a.PickTroop(space="araum-erynd", colour=WHITE),
        a.MoveTo(space="chasmleap-bridge"),
    )
    assert s.troops["chasmleap-bridge"] == (WHITE,) and s.troops["araum-erynd"] == ()
    end_turn(s)
    assert ana(s).inner_circle == ["noble"]


@case("dragonclaw")
def _dragonclaw() -> None:
    s = table(hand=["dragonclaw"])
    ana(s).trophies = {"1": 4}
    s.players[BEN].troops -= 4
    play(s, "dragonclaw", a.Assassinate(space="eryndlyn", colour=BEN))
    assert ana(s).trophies == {"1": 5} and ana(s).power == 2
    s = table(hand=["dragonclaw"])
    ana(s).trophies = {"1": 4}
    play(s, "dragonclaw", a.Assassinate(space="araum-erynd", colour=WHITE))
    assert ana(s).power == 0


@case("enchanter-of-thay")
def _enchanter_of_thay() -> None:
    s = table(hand=["enchanter-of-thay"])
    spy(s, "araumycos", ANA)
    play(s, "enchanter-of-thay", a.ChooseOption(option=1), a.ReturnOwnSpy(site="araumycos"))
    assert ana(s).power == 4


@case("green-wyrmling")
def _green_wyrmling() -> None:
    s = table(hand=["green-wyrmling"])
    play(s, "green-wyrmling", a.PlaceSpy(site="ched-nasad"))
    assert ana(s).influence == 2
    s = table(hand=["green-wyrmling"])
    play(s, "green-wyrmling", a.PlaceSpy(site="araumycos"))
    assert ana(s).influence == 0


@case("blue-wyrmling")
def _blue_wyrmling() -> None:
    s = table(hand=["blue-wyrmling"])
    spy(s, "eryndlyn", BEN)
    play(s, "blue-wyrmling", a.ReturnSpy(site="eryndlyn", owner=BEN))
    assert ana(s).influence == 3 and s.spies["eryndlyn"] == () and s.players[BEN].spies == 5


@case("red-wyrmling")
def _red_wyrmling() -> None:
    s = table(hand=["red-wyrmling"])
    play(s, "red-wyrmling")
    assert (ana(s).power, ana(s).influence) == (2, 2)


@case("rath-modar")
def _rath_modar() -> None:
    s = table(hand=["rath-modar"], deck=["noble", "soldier", "advocate"])
    play(s, "rath-modar", a.PlaceSpy(site="kanaglym"))
    assert sorted(ana(s).hand) == ["advocate", "soldier"] and s.spies["kanaglym"] == (ANA,)


@case("white-dragon")
def _white_dragon() -> None:
    s = table(hand=["white-dragon"])
    put(s, "llacerellyn", ANA)
    put(s, "kanaglym", ANA)
    play(
        s,
        "white-dragon",
        a.Deploy(space="eryndlyn"),
        a.Deploy(space="erynd-llace"),
        a.Deploy(space="erynd-kana-a"),
    )
    # Eryndlyn (2 to 1), Llacerellyn, Kanaglym: 3 sites, 1 VP for every 2.
    assert ana(s).vp == 1 and s.vp_supply == 119


@case("black-dragon")
def _black_dragon() -> None:
    s = table(hand=["black-dragon"])
    ana(s).trophies = {"white": 2}
    play(s, "black-dragon", a.Supplant(space="menzoberranzan", colour=WHITE))
    assert ana(s).trophies == {"white": 3} and ana(s).vp == 1
    assert sorted(s.troops["menzoberranzan"]) == [WHITE, WHITE, ANA]


@case("green-dragon")
def _green_dragon() -> None:
    s = table(hand=["green-dragon"])
    play(s, "green-dragon", a.ChooseOption(option=0), a.PlaceSpy(site="ched-nasad"))
    assert s.troops["ched-nasad"] == (ANA,) and ana(s).trophies == {"1": 1} and ana(s).vp == 0
    s = table(hand=["green-dragon"])
    clear(s, "menzoberranzan")
    put(s, "menzoberranzan", ANA, 2)
    s.markers["menzoberranzan"] = ANA
    put(s, "kanaglym", BEN)
    spy(s, "kanaglym", ANA)
    play(s, "green-dragon", a.ChooseOption(option=1), a.ReturnOwnSpy(site="kanaglym"))
    assert s.troops["kanaglym"] == (ANA,) and s.spies["kanaglym"] == ()
    assert ana(s).trophies == {"1": 1} and ana(s).vp == 1  # one marker held


@case("severin-silrajin")
def _severin() -> None:
    s = table(hand=["severin-silrajin"])
    play(s, "severin-silrajin")
    assert ana(s).power == 5


@case("blue-dragon")
def _blue_dragon() -> None:
    s = table(hand=["blue-dragon", "noble", "soldier", "house-guard"])
    ana(s).inner_circle = ["noble"] * 4
    for c in ("noble", "soldier", "house-guard", "blue-dragon"):
        play(s, c)
    end_turn(s, a.Promote(card="soldier"), a.Promote(card="house-guard"))
    assert sorted(ana(s).inner_circle) == ["house-guard"] + ["noble"] * 4 + ["soldier"]
    assert ana(s).vp == 2  # 6 inner-circle cards, counted after the promotions


@case("red-dragon")
def _red_dragon() -> None:
    s = table(hand=["red-dragon"])
    put(s, "llacerellyn", ANA, 2)  # total control
    spy(s, "eryndlyn", BEN)
    play(
        s,
        "red-dragon",
        a.Supplant(space="eryndlyn", colour=BEN),
    )  # then Ben's spy: the one enemy spy in reach
    assert sorted(s.troops["eryndlyn"]) == [ANA, ANA] and s.spies["eryndlyn"] == ()
    assert ana(s).vp == 1


# -------------------------------------------------------------- Elementals
@case("black-earth-cultist")
def _black_earth_cultist() -> None:
    s = table(hand=["black-earth-cultist", "advocate", "noble"])
    play(s, "noble")
    play(s, "black-earth-cultist")  # shows the Advocate for Focus
    assert ana(s).influence == 3
    end_turn(s)
    assert ana(s).inner_circle == ["noble"]
    s = table(hand=["black-earth-cultist", "noble"])
    play(s, "black-earth-cultist")
    assert ana(s).influence == 0


@case("water-elemental")
def _water_elemental() -> None:
    s = table(hand=["water-elemental", "kobold"], deck=["noble"])
    play(s, "kobold", a.ChooseOption(option=1))
    play(s, "water-elemental", a.Deploy(space="araum-erynd"), a.Deploy(space="erynd-llace"))
    assert ana(s).hand == ["noble"]  # Focus: the Kobold was played


@case("air-elemental")
def _air_elemental() -> None:
    s = table(hand=["air-elemental"], deck=["noble"])
    spy(s, "tsenviilyq", ANA)
    play(
        s,
        "air-elemental",
        a.ChooseOption(option=1),
        a.ReturnOwnSpy(site="tsenviilyq"),
        a.Deploy(space="erynd-llace"),
        a.Deploy(space="llacerellyn"),
        a.Deploy(space="llacerellyn"),
    )
    assert s.troops["llacerellyn"] == (ANA, ANA) and ana(s).hand == []  # no Guile card


@case("crushing-wave-cultist")
def _crushing_wave() -> None:
    s = table(hand=["crushing-wave-cultist", "kobold"])
    play(s, "crushing-wave-cultist", a.Deploy(space="araum-erynd"), a.Deploy(space="erynd-llace"))
    assert ana(s).trophies == {"white": 1} and s.troops["araum-erynd"] == (ANA,)


@case("earth-elemental")
def _earth_elemental() -> None:
    s = table(hand=["earth-elemental", "advocate"], deck=["soldier"])
    play(s, "earth-elemental")
    assert ana(s).influence == 1 and s.players[BEN].troops == 39
    assert sorted(ana(s).hand) == ["advocate", "soldier"]


@case("fire-elemental")
def _fire_elemental() -> None:
    s = table(hand=["fire-elemental", "blackguard"], deck=["soldier"])
    play(s, "fire-elemental", a.ChooseOption(option=1))
    assert ana(s).influence == 2 and sorted(ana(s).hand) == ["blackguard", "soldier"]


@case("howling-hatred-cultist")
def _howling_hatred() -> None:
    s = table(hand=["howling-hatred-cultist", "spy-master"])
    play(s, "howling-hatred-cultist", a.ChooseOption(option=0), a.PlaceSpy(site="araumycos"))
    assert ana(s).power == 1
    s = table(hand=["howling-hatred-cultist"])
    spy(s, "araumycos", ANA)
    play(s, "howling-hatred-cultist", a.ChooseOption(option=1), a.ReturnOwnSpy(site="araumycos"))
    assert (ana(s).influence, ana(s).power) == (3, 0)


@case("air-elemental-myrmidon")
def _air_myrmidon() -> None:
    s = table(hand=["air-elemental-myrmidon", "noble", "kobold"])
    play(s, "noble")
    play(s, "kobold", a.ChooseOption(option=1))
    play(s, "air-elemental-myrmidon", a.PlaceSpy(site="kanaglym"))
    end_turn(s)  # only the Noble is an Obedience card
    assert ana(s).inner_circle == ["noble"]


@case("earth-elemental-myrmidon")
def _earth_myrmidon() -> None:
    s = table(hand=["earth-elemental-myrmidon", "kobold"])
    play(s, "kobold", a.ChooseOption(option=1))
    play(s, "earth-elemental-myrmidon")
    assert ana(s).influence == 2
    end_turn(s)
    assert ana(s).inner_circle == ["kobold"]


@case("eternal-flame-cultist")
def _eternal_flame() -> None:
    s = table(hand=["eternal-flame-cultist", "blackguard"])
    play(s, "eternal-flame-cultist", a.Assassinate(space="eryndlyn", colour=BEN))
    assert ana(s).power == 2 and ana(s).trophies == {"1": 1}


@case("fire-elemental-myrmidon")
def _fire_myrmidon() -> None:
    s = table(hand=["fire-elemental-myrmidon", "soldier"])
    play(s, "soldier")
    play(s, "fire-elemental-myrmidon")
    assert ana(s).power == 3
    end_turn(s)
    assert ana(s).inner_circle == ["soldier"]


@case("water-elemental-myrmidon")
def _water_myrmidon() -> None:
    s = table(hand=["water-elemental-myrmidon"])
    play(s, "water-elemental-myrmidon")
    assert ana(s).trophies == {"white": 1}
    end_turn(s)  # no other Obedience card played: nothing promoted
    assert ana(s).inner_circle == []


def _market(s: TyrantsState, *cards: str) -> None:
    s.market_deck.extend(s.market)
    s.market = list(cards)


@case("aerisi-kalinoth")
def _aerisi() -> None:
    s = table(hand=["aerisi-kalinoth"], options={"half_decks": ("drow", "elementals")})
    _market(s, "spy-master", "rath-modar", "kobold", "information-broker")
    play(s, "aerisi-kalinoth", a.PlaceSpy(site="kanaglym"))
    # Guile and cost 4 or less: the Spy Master (Rath Modar costs 6, the Broker 5).
    assert ana(s).power == 1 and ana(s).discard == ["spy-master"] and len(s.market) == 6


@case("gar-shatterkeel")
def _gar() -> None:
    s = table(hand=["gar-shatterkeel"], options={"half_decks": ("drow", "elementals")})
    _market(s, "kobold", "ettin", "mercenary-squad", "white-dragon")
    play(
        s,
        "gar-shatterkeel",
        a.Deploy(space="erynd-llace"),
        a.Deploy(space="llacerellyn"),
        a.Deploy(space="llacerellyn"),
        a.Recruit(card="ettin"),
    )
    assert ana(s).discard == ["ettin"] and ana(s).troops == 36


@case("marlos-urnrayle")
def _marlos() -> None:
    s = table(hand=["marlos-urnrayle", "noble"], options={"half_decks": ("drow", "elementals")})
    _market(s, "advocate", "blackguard")
    play(s, "noble")
    play(s, "marlos-urnrayle")  # the Advocate: the one Ambition card
    assert ana(s).influence == 2 and ana(s).discard == ["advocate"]
    end_turn(s)
    assert ana(s).inner_circle == ["noble"]


@case("vanifer")
def _vanifer() -> None:
    s = table(hand=["vanifer"], options={"half_decks": ("drow", "elementals")})
    _market(s, "blackguard", "bounty-hunter", "deathblade")
    play(
        s,
        "vanifer",
        a.Assassinate(space="eryndlyn", colour=BEN),
        a.Recruit(card="bounty-hunter"),
    )
    assert ana(s).trophies == {"1": 1} and ana(s).discard == ["bounty-hunter"]


@case("imix")
def _imix() -> None:
    s = table(hand=["imix", "deathblade"])
    play(s, "imix")
    assert ana(s).power == 6
    s = table(hand=["imix"])
    play(s, "imix")
    assert ana(s).power == 4


@case("ogremoch")
def _ogremoch() -> None:
    s = table(hand=["ogremoch", "advocate", "noble", "soldier"])
    play(s, "noble")
    play(s, "soldier")
    play(s, "ogremoch")  # shows the Advocate: a second promotion
    assert ana(s).influence == 3
    end_turn(s, a.Promote(card="noble"))
    assert sorted(ana(s).inner_circle) == ["noble", "soldier"]


@case("olhydra")
def _olhydra() -> None:
    s = table(hand=["olhydra", "kobold"])
    play(
        s,
        "olhydra",
        a.Supplant(space="araumycos", colour=WHITE),
        a.Deploy(space="erynd-llace"),
        a.Deploy(space="eryndlyn"),
    )
    assert count(s, "araumycos", ANA) == 1 and ana(s).troops == 36


@case("yan-c-bin")
def _yan_c_bin() -> None:
    s = table(hand=["yan-c-bin", "spy-master"])
    play(s, "yan-c-bin", a.PlaceSpy(site="ched-nasad"), a.PlaceSpy(site="menzoberranzan"))
    assert s.troops["ched-nasad"] == () and ana(s).trophies == {"1": 1}
    assert ana(s).spies == 3


# ------------------------------------------------------------------ Demons
@case("gibbering-mouther")
def _gibbering_mouther() -> None:
    s = table(hand=["gibbering-mouther"], options=DEMONS)
    play(s, "gibbering-mouther", a.Deploy(space="erynd-llace"), a.Deploy(space="llacerellyn"))
    # Ben has a troop at Eryndlyn, next to erynd-llace: he is the one choice.
    assert s.players[BEN].discard == ["insane-outcast"]
    s = table(hand=["gibbering-mouther"], options=DEMONS)
    remove_troop(s, "eryndlyn", BEN)
    s.players[BEN].troops += 1
    play(s, "gibbering-mouther", a.Deploy(space="erynd-kana-a"), a.Deploy(space="erynd-kana-b"))
    assert s.players[BEN].discard == []


@case("derro")
def _derro() -> None:
    s = table(hand=["derro"], options=DEMONS)
    play(s, "derro", a.Supplant(space="tsenviilyq", colour=WHITE))
    assert ana(s).discard == ["insane-outcast"] and s.piles["insane-outcast"] == 29


@case("hezrou")
def _hezrou() -> None:
    s = table(hand=["hezrou"], deck=["soldier", "house-guard"], options=DEMONS)
    play(s, "hezrou", a.PickTroop(space="eryndlyn", colour=BEN), a.MoveTo(space="kanaglym"))
    assert s.troops["kanaglym"] == (BEN,) and ana(s).inner_circle == ["house-guard"]


@case("mind-flayer")
def _mind_flayer() -> None:
    s = table(hand=["mind-flayer", "noble", "soldier"], options=DEMONS)
    play(s, "mind-flayer", a.DevourCard(card="noble"), a.ChooseOption(option=0))
    assert ana(s).influence == 3 and s.devoured == ["noble"] and ana(s).hand == ["soldier"]
    s = table(hand=["mind-flayer", "noble"], options=DEMONS)
    play(
        s,
        "mind-flayer",
        a.DevourCard(card="noble"),
        a.ChooseOption(option=1),
        a.Assassinate(space="eryndlyn", colour=BEN),
    )
    assert ana(s).trophies == {"1": 1}


@case("myconid-adult")
def _myconid_adult() -> None:
    s = table(3, hand=["myconid-adult"], options=DEMONS)
    play(s, "myconid-adult", a.GiveOutcast(seat=CAL))
    assert ana(s).influence == 2 and s.players[CAL].discard == ["insane-outcast"]


@case("night-hag")
def _night_hag() -> None:
    s = table(hand=["night-hag"], deck=["noble", "soldier", "advocate"], options=DEMONS)
    spy(s, "araumycos", ANA)
    play(s, "night-hag", a.ChooseOption(option=1), a.ReturnOwnSpy(site="araumycos"))
    assert sorted(ana(s).hand) == ["advocate", "soldier"]


@case("ettin")
def _ettin() -> None:
    s = table(hand=["ettin"], options=DEMONS)
    put(s, "erynd-llace", WHITE)
    play(
        s,
        "ettin",
        a.ChooseOption(option=1),
        a.Assassinate(space="erynd-llace", colour=WHITE),
    )  # then the one on araum-erynd, the only one left
    assert ana(s).trophies == {"white": 2}


@case("ghoul")
def _ghoul() -> None:
    s = table(3, hand=["ghoul"], options=DEMONS)
    play(s, "ghoul")
    assert ana(s).power == 2
    assert s.players[BEN].discard == s.players[CAL].discard == ["insane-outcast"]
    assert ana(s).discard == []


@case("jackalwere")
def _jackalwere() -> None:
    s = table(hand=["jackalwere"], options=DEMONS)
    spy(s, "araumycos", ANA)
    play(s, "jackalwere", a.ChooseOption(option=1), a.ReturnOwnSpy(site="araumycos"))
    assert (ana(s).power, ana(s).influence) == (2, 2)


@case("myconid-sovereign")
def _myconid_sovereign() -> None:
    s = table(hand=["myconid-sovereign", "noble"], options=DEMONS)
    play(s, "noble")
    play(s, "myconid-sovereign")  # Ben: the only opponent
    assert s.players[BEN].discard == ["insane-outcast"]
    end_turn(s)
    assert ana(s).inner_circle == ["noble"]


@case("glabrezu")
def _glabrezu() -> None:
    s = table(hand=["glabrezu", "insane-outcast"], options=DEMONS)
    pile = s.piles["insane-outcast"]
    play(
        s,
        "glabrezu",
        a.DevourCard(card="insane-outcast"),
        a.Assassinate(space="eryndlyn", colour=BEN),
    )  # then the white troop, the only one left
    # A devoured Insane Outcast goes back to its pile.
    assert s.piles["insane-outcast"] == pile + 1 and s.devoured == []
    assert ana(s).trophies == {"1": 1, "white": 1}


@case("nalfeshnee")
def _nalfeshnee() -> None:
    s = table(hand=["nalfeshnee"], discard=["advocate"], options=DEMONS)
    play(s, "nalfeshnee")  # the deck is empty: the discard pile is shuffled in first
    assert ana(s).influence == 3 and ana(s).inner_circle == ["advocate"]


@case("succubus")
def _succubus() -> None:
    s = table(hand=["succubus", "noble"], options=DEMONS)
    play(s, "succubus", a.DevourCard(card="noble"), a.PlaceSpy(site="ched-nasad"))
    assert s.troops["ched-nasad"] == () and ana(s).trophies == {"1": 1}


@case("vrock")
def _vrock() -> None:
    s = table(hand=["vrock"], options=DEMONS)
    spy(s, "araumycos", ANA)
    play(s, "vrock", a.ChooseOption(option=1), a.ReturnOwnSpy(site="araumycos"))
    assert ana(s).power == 5


@case("balor")
def _balor() -> None:
    s = table(hand=["balor", "noble"], options=DEMONS)
    play(
        s,
        "balor",
        a.DevourCard(card="noble"),
        a.Supplant(space="tsenviilyq", colour=WHITE),
        a.Deploy(space="llace-tsen"),
    )
    assert s.troops["llace-tsen"] == (ANA,) and ana(s).troops == 37


@case("grazzt")
def _grazzt() -> None:
    s = table(hand=["grazzt"], options=DEMONS)
    spy(s, "ched-nasad", ANA)
    spy(s, "tsenviilyq", ANA)
    play(
        s,
        "grazzt",
        a.ChooseOption(option=1),
        a.ReturnOwnSpy(site="ched-nasad"),
        a.ReturnOwnSpy(site="tsenviilyq"),
    )  # no spy left to return: the card is done
    assert s.troops["ched-nasad"] == (ANA,) and count(s, "tsenviilyq", ANA) == 1
    assert ana(s).trophies == {"1": 1, "white": 1} and ana(s).spies == 5


@case("marilith")
def _marilith() -> None:
    s = table(hand=["marilith", "soldier"], options=DEMONS)
    play(s, "marilith", a.DevourCard(card="soldier"))
    assert ana(s).power == 5 and s.devoured == ["soldier"]


@case("zuggtmoy")
def _zuggtmoy() -> None:
    s = table(hand=["zuggtmoy", "noble", "soldier"], options=DEMONS)
    ana(s).inner_circle = ["advocate"]
    play(s, "noble")
    play(s, "soldier")
    play(s, "zuggtmoy", a.DevourCard(card="advocate"))
    assert ana(s).influence == 4 and ana(s).inner_circle == [] and s.devoured == ["advocate"]
    end_turn(s, a.Promote(card="noble"), a.Promote(card="soldier"))
    assert sorted(ana(s).inner_circle) == ["noble", "soldier"]


@case("demogorgon")
def _demogorgon() -> None:
    s = table(3, hand=["demogorgon", "noble"], options=DEMONS)
    put(s, "erynd-llace", WHITE)
    play(
        s,
        "demogorgon",
        a.DevourCard(card="noble"),
        a.Supplant(space="erynd-llace", colour=WHITE),
    )  # the second supplant: the white troop on araum-erynd, the only one left
    assert s.troops["erynd-llace"] == (ANA,) and s.troops["araum-erynd"] == (ANA,)
    assert s.players[BEN].discard == ["insane-outcast"] * 2
    assert s.players[CAL].discard == ["insane-outcast"] * 2


@case("orcus")
def _orcus() -> None:
    s = table(hand=["orcus", "noble"], options=DEMONS)
    s.players[BEN].trophies = {"0": 1}
    s.players[ANA].troops -= 1
    play(
        s,
        "orcus",
        a.DevourCard(card="noble"),
        a.Assassinate(space="eryndlyn", colour=BEN),  # then the white one
        a.TakeTrophy(hall=BEN, colour=ANA),
        a.MoveTo(space="menzoberranzan"),
        a.TakeTrophy(hall=ANA, colour=WHITE),
        a.MoveTo(space="kanaglym"),
    )
    assert ANA in s.troops["menzoberranzan"] and s.troops["kanaglym"] == (WHITE,)
    assert s.players[BEN].trophies == {} and ana(s).trophies == {"1": 1}


# -------------------------------------------------------------- Aberrations
EXPANSION = {"half_decks": ("aberrations", "undead")}


def ben(state: TyrantsState):  # type: ignore[no-untyped-def]
    return state.players[BEN]


def deciding(state: TyrantsState) -> int | None:
    return GAME.to_act(state)


@case("grimlock")
def _grimlock() -> None:
    s = table(hand=["grimlock"], options=EXPANSION)
    play(s, "grimlock", a.Deploy(space="erynd-llace"))
    assert s.troops["erynd-llace"] == (ANA,) and ana(s).troops == 38
    # Made to discard it by an opponent: its owner draws 2.
    s = table(hand=["cranium-rats"], options=EXPANSION)
    ben(s).hand = ["grimlock", "noble", "noble", "soldier"]
    ben(s).deck = ["house-guard", "spectator", "noble"]
    play(
        s, "cranium-rats", a.Deploy(space="erynd-llace"), a.Deploy(space="llacerellyn"), done=False
    )
    assert deciding(s) == BEN  # Ben is the one opponent with more than 3 cards: he chooses
    act(s, a.DiscardCard(card="grimlock"))
    assert ben(s).discard == ["grimlock"] and ben(s).deck == ["house-guard"]
    assert sorted(ben(s).hand) == ["noble", "noble", "noble", "soldier", "spectator"]
    assert not s.jobs and deciding(s) == ANA


@case("cloaker")
def _cloaker() -> None:
    s = table(hand=["cloaker"], options=EXPANSION)
    play(s, "cloaker", a.ChooseOption(option=0), a.PlaceSpy(site="kanaglym"))
    assert s.spies["kanaglym"] == (ANA,)
    s = table(hand=["cloaker"], options=EXPANSION)
    spy(s, "ched-nasad", ANA)
    play(s, "cloaker", a.ChooseOption(option=1), a.ReturnOwnSpy(site="ched-nasad"))
    assert s.troops["ched-nasad"] == () and ana(s).trophies == {"1": 1} and ana(s).spies == 5


@case("cranium-rats")
def _cranium_rats() -> None:
    s = table(3, hand=["cranium-rats", "noble"], options=EXPANSION)
    ben(s).hand = ["noble"] * 4
    s.players[CAL].hand = ["soldier"] * 5
    play(
        s, "cranium-rats", a.Deploy(space="erynd-llace"), a.Deploy(space="llacerellyn"), done=False
    )
    assert GAME.legal_actions(s) == [a.MakeDiscard(seat=BEN), a.MakeDiscard(seat=CAL)]
    act(s, a.MakeDiscard(seat=CAL))  # all Soldiers: nothing to choose, it is done at once
    assert s.players[CAL].discard == ["soldier"] and len(s.players[CAL].hand) == 4
    assert ben(s).discard == [] and not s.jobs
    # "More than 3 cards": with 3, nobody has to discard.
    s = table(hand=["cranium-rats"], options=EXPANSION)
    ben(s).hand = ["noble"] * 3
    events = play(s, "cranium-rats", a.Deploy(space="erynd-llace"), a.Deploy(space="llacerellyn"))
    assert ben(s).hand == ["noble"] * 3 and any("no opponent" in e.text for e in events)


@case("ambassador")
def _ambassador() -> None:
    s = table(hand=["ambassador", "noble"], options=EXPANSION)
    play(s, "noble")
    play(s, "ambassador")
    end_turn(s)
    assert ana(s).inner_circle == ["noble"]
    # Discarded because of an opponent: its owner may promote it instead.
    for promote in (True, False):
        s = table(hand=["cranium-rats"], options=EXPANSION)
        ben(s).hand = ["ambassador", "noble", "noble", "soldier"]
        play(
            s,
            "cranium-rats",
            a.Deploy(space="erynd-llace"),
            a.Deploy(space="llacerellyn"),
            done=False,
        )
        act(s, a.DiscardCard(card="ambassador"))
        assert deciding(s) == BEN
        act(s, a.Promote(card="ambassador", pile="discard") if promote else a.Stop())
        assert ben(s).inner_circle == (["ambassador"] if promote else [])
        assert ben(s).discard == ([] if promote else ["ambassador"]) and not s.jobs


@case("chuul")
def _chuul() -> None:
    s = table(3, hand=["chuul"], options=EXPANSION)
    put(s, "ched-nasad", CAL)
    ben(s).hand = ["noble"] * 4
    s.players[CAL].hand = ["noble"] * 3  # at the site, but only 3 cards
    play(s, "chuul", a.PlaceSpy(site="ched-nasad"))
    assert ben(s).discard == ["noble"] and s.players[CAL].discard == []
    s = table(3, hand=["chuul"], options=EXPANSION)
    s.players[CAL].hand = ["noble"] * 5  # 5 cards, but no troop at the site
    ben(s).hand = ["noble"] * 5
    play(s, "chuul", a.PlaceSpy(site="ched-nasad"))
    assert s.players[CAL].discard == [] and ben(s).discard == ["noble"]


@case("gauth")
def _gauth() -> None:
    s = table(hand=["gauth"], options=EXPANSION)
    play(s, "gauth", a.ChooseOption(option=0))
    assert ana(s).influence == 2
    s = table(hand=["gauth"], deck=["soldier"], options=EXPANSION)
    ben(s).hand = ["noble", "noble", "soldier", "spectator"]
    play(s, "gauth", a.ChooseOption(option=1), done=False)
    assert ana(s).hand == ["soldier"] and deciding(s) == BEN
    assert GAME.legal_actions(s) == [
        a.DiscardCard(card="noble"),
        a.DiscardCard(card="soldier"),
        a.DiscardCard(card="spectator"),
    ]
    act(s, a.DiscardCard(card="noble"))
    assert sorted(ben(s).hand) == ["noble", "soldier", "spectator"]


@case("mindwitness")
def _mindwitness() -> None:
    s = table(hand=["mindwitness"], options=EXPANSION)
    ben(s).hand = ["noble"] * 4
    play(s, "mindwitness", a.Assassinate(space="eryndlyn", colour=BEN))
    assert ana(s).trophies == {"1": 1} and ben(s).discard == ["noble"]
    s = table(hand=["mindwitness"], options=EXPANSION)
    ben(s).hand = ["noble"] * 4
    play(s, "mindwitness", a.Assassinate(space="araum-erynd", colour=WHITE))
    assert ana(s).trophies == {"white": 1} and ben(s).discard == []


@case("nothic")
def _nothic() -> None:
    s = table(3, hand=["nothic"], deck=["soldier"], options=EXPANSION)
    spy(s, "kanaglym", ANA)
    ben(s).hand = ["noble"] * 4
    s.players[CAL].hand = ["soldier"] * 3
    play(s, "nothic", a.ChooseOption(option=1), a.ReturnOwnSpy(site="kanaglym"))
    assert ana(s).hand == ["soldier"] and ben(s).discard == ["noble"]
    assert s.players[CAL].discard == [] and ana(s).spies == 5


@case("brainwashed-slave")
def _brainwashed_slave() -> None:
    s = table(hand=["brainwashed-slave"], options=EXPANSION)
    spy(s, "kanaglym", ANA)
    play(s, "brainwashed-slave", a.ChooseOption(option=1), a.ReturnOwnSpy(site="kanaglym"))
    assert (ana(s).power, ana(s).influence) == (2, 2)


@case("intellect-devourer")
def _intellect_devourer() -> None:
    s = table(hand=["intellect-devourer"], options=EXPANSION)
    play(s, "intellect-devourer", a.ChooseOption(option=0))
    assert ana(s).influence == 3
    s = table(hand=["intellect-devourer"], options=EXPANSION)
    spy(s, "skullport", ANA)  # her own spy, far from her troops
    spy(s, "eryndlyn", BEN)
    play(
        s,
        "intellect-devourer",
        a.ChooseOption(option=1),
        a.ReturnSpy(site="skullport", owner=ANA),
        a.ReturnTroop(space="eryndlyn", colour=BEN),
    )
    assert s.spies["skullport"] == () and ana(s).spies == 5
    assert s.troops["eryndlyn"] == (ANA,) and ben(s).troops == 39 and s.spies["eryndlyn"] == (BEN,)
    s = table(hand=["intellect-devourer"], options=EXPANSION)
    act(s, a.PlayCard(card="intellect-devourer"), a.ChooseOption(option=1))
    assert a.ReturnTroop(space="eryndlyn", colour=ANA) in GAME.legal_actions(s)
    assert a.ReturnTroop(space="ched-nasad", colour=BEN) not in GAME.legal_actions(s)  # no presence
    act(s, a.ReturnTroop(space="eryndlyn", colour=ANA))
    # Her presence went with her troop: nothing left to return, the card is done.
    assert s.troops["eryndlyn"] == (BEN,) and ana(s).troops == 40 and not s.jobs


@case("spectator")
def _spectator() -> None:
    s = table(hand=["spectator"], options=EXPANSION)
    play(s, "spectator")
    assert (ana(s).power, ana(s).influence) == (2, 1)


@case("umber-hulk")
def _umber_hulk() -> None:
    s = table(hand=["umber-hulk"], options=EXPANSION)
    play(
        s,
        "umber-hulk",
        a.Deploy(space="erynd-llace"),
        a.Deploy(space="llacerellyn"),
        a.Deploy(space="llacerellyn"),
    )
    assert ana(s).troops == 36
    # Made to discard it by Ana: Ana discards a card of her choice in turn.
    s = table(hand=["cranium-rats", "noble", "spectator"], options=EXPANSION)
    ben(s).hand = ["umber-hulk", "noble", "noble", "soldier"]
    play(
        s, "cranium-rats", a.Deploy(space="erynd-llace"), a.Deploy(space="llacerellyn"), done=False
    )
    act(s, a.DiscardCard(card="umber-hulk"))
    assert deciding(s) == ANA and GAME.legal_actions(s) == [
        a.DiscardCard(card="noble"),
        a.DiscardCard(card="spectator"),
    ]
    act(s, a.DiscardCard(card="noble"))
    assert ana(s).discard == ["noble"] and ana(s).hand == ["spectator"] and not s.jobs


@case("beholder")
def _beholder() -> None:
    s = table(hand=["beholder"], options=EXPANSION)
    ana(s).trophies = {"white": 5}
    s.whites_in_box -= 5
    play(s, "beholder", a.Assassinate(space="eryndlyn", colour=BEN))
    assert ana(s).power == 2  # 6 troops in the hall, counted after the assassination
    s = table(hand=["beholder"], options=EXPANSION)
    play(s, "beholder", a.Assassinate(space="eryndlyn", colour=BEN))
    assert ana(s).power == 0


@case("puppeteer")
def _puppeteer() -> None:
    s = table(hand=["puppeteer", "soldier"], options=EXPANSION)
    play(s, "soldier")
    play(s, "puppeteer")
    assert ana(s).influence == 2
    end_turn(s)
    assert ana(s).inner_circle == ["soldier"]


@case("quaggoth")
def _quaggoth() -> None:
    s = table(hand=["quaggoth"], options=EXPANSION)
    put(s, "eryndlyn", ANA)  # Eryndlyn 2 to 1
    put(s, "kanaglym", ANA)
    put(s, "erynd-llace", WHITE)
    play(
        s,
        "quaggoth",
        a.Assassinate(space="araum-erynd", colour=WHITE),
    )  # 2 sites controlled: 2 white troops; the second is the only one left in reach
    assert ana(s).trophies == {"white": 2} and s.troops["erynd-llace"] == ()
    s = table(hand=["quaggoth"], options=EXPANSION)
    events = play(s, "quaggoth")  # Eryndlyn is tied: no site controlled
    assert ana(s).trophies == {} and any("nothing to assassinate" in e.text for e in events)


def _market(s: TyrantsState, *cards: str) -> None:
    s.market_deck.extend(s.market)
    s.market = list(cards)


@case("ulitharid")
def _ulitharid() -> None:
    s = table(hand=["ulitharid"], options=EXPANSION)
    _market(s, "spectator", "aboleth", "noble")
    s.market.remove("noble")
    deck = len(s.market_deck)
    play(s, "ulitharid")  # Spectator: the one market card costing 4 or less
    assert (ana(s).power, ana(s).influence) == (2, 1)
    assert s.devoured == ["spectator"] and ana(s).played == ["ulitharid", None]
    assert len(s.market) == 6 and len(s.market_deck) == deck - 5


@case("aboleth")
def _aboleth() -> None:
    s = table(hand=["aboleth"], options=EXPANSION)
    play(
        s,
        "aboleth",
        a.ChooseOption(option=0),
        a.PlaceSpy(site="kanaglym"),
        a.PlaceSpy(site="skullport"),
    )
    assert ana(s).spies == 3
    s = table(hand=["aboleth"], deck=["noble", "soldier", "spectator"], options=EXPANSION)
    spy(s, "kanaglym", ANA)
    spy(s, "skullport", ANA)
    play(s, "aboleth", a.ChooseOption(option=1))
    assert sorted(ana(s).hand) == ["soldier", "spectator"]


@case("death-tyrant")
def _death_tyrant() -> None:
    s = table(hand=["death-tyrant"], options=EXPANSION)
    put(s, "eryndlyn", WHITE)
    assert a.Assassinate(space="araum-erynd", colour=WHITE) not in act(
        s, a.PlayCard(card="death-tyrant")
    ) and a.Assassinate(space="araum-erynd", colour=WHITE) not in GAME.legal_actions(s)
    act(
        s,
        a.Assassinate(space="eryndlyn", colour=BEN),
        a.Assassinate(space="eryndlyn", colour=WHITE),
    )  # nothing left there but her own troop: done
    assert not s.jobs and ana(s).influence == 2 and s.troops["eryndlyn"] == (ANA,)
    assert ana(s).trophies == {"1": 1, "white": 1}


@case("elder-brain")
def _elder_brain() -> None:
    s = table(hand=["elder-brain"], deck=["noble"], options=EXPANSION)
    ana(s).inner_circle = ["spectator"]
    play(s, "elder-brain", a.PlayCard(card="spectator"))
    assert (ana(s).power, ana(s).influence) == (2, 1)
    assert sorted(ana(s).inner_circle) == ["noble", "spectator"]
    assert ana(s).played == ["elder-brain", None]


@case("neogi")
def _neogi() -> None:
    s = table(3, hand=["neogi"], options=EXPANSION)
    ben(s).hand = ["noble", "spectator"]  # fewer than 4: Neogi has no threshold
    s.players[CAL].hand = ["soldier"]
    play(
        s,
        "neogi",
        a.Deploy(space="erynd-llace"),
        a.Deploy(space="llacerellyn"),
        a.Deploy(space="llacerellyn"),
        a.Deploy(space="erynd-kana-a"),
    )
    assert ben(s).discard == []  # not yet: at the end of the turn
    act(s, a.EndTurn())
    assert deciding(s) == BEN
    act(s, a.DiscardCard(card="noble"))  # then Cal's only card goes at once
    assert ben(s).hand == ["spectator"] and s.players[CAL].hand == []
    assert s.players[CAL].discard == ["soldier"] and s.current == BEN


# ------------------------------------------------------------------- Undead
@case("carrion-crawler")
def _carrion_crawler() -> None:
    s = table(hand=["carrion-crawler"], options=EXPANSION)
    gone = s.market[1]
    deck = list(s.market_deck)
    play(s, "carrion-crawler", a.DevourMarket(card=gone))
    assert ana(s).power == 3 and s.devoured == [gone] and s.market[1] == "carrion-crawler"
    assert s.market_deck == deck and ana(s).played == [None]


@case("cultist-of-myrkul")
def _cultist_of_myrkul() -> None:
    s = table(hand=["cultist-of-myrkul"], options=EXPANSION)
    play(s, "cultist-of-myrkul", a.ChooseOption(option=0))
    assert ana(s).influence == 2
    s = table(hand=["cultist-of-myrkul", "noble", "soldier"], options=EXPANSION)
    play(s, "noble")
    play(s, "soldier")
    play(s, "cultist-of-myrkul", a.ChooseOption(option=1), a.DevourCard(card="cultist-of-myrkul"))
    assert s.devoured == ["cultist-of-myrkul"] and ana(s).played == ["noble", "soldier", None]
    end_turn(s, a.Promote(card="noble"), a.Promote(card="soldier"))
    assert sorted(ana(s).inner_circle) == ["noble", "soldier"]


@case("skeletal-horde")
def _skeletal_horde() -> None:
    s = table(hand=["skeletal-horde"], options=EXPANSION)
    play(
        s, "skeletal-horde", a.Deploy(space="erynd-llace"), a.Deploy(space="llacerellyn"), a.Stop()
    )
    assert ana(s).troops == 37 and ana(s).played == ["skeletal-horde"]
    s = table(hand=["skeletal-horde"], options=EXPANSION)
    play(
        s,
        "skeletal-horde",
        a.Deploy(space="erynd-llace"),
        a.Deploy(space="llacerellyn"),
        a.DevourCard(card="skeletal-horde"),
        a.Deploy(space="llacerellyn"),
        a.Deploy(space="erynd-kana-a"),
        a.Deploy(space="erynd-kana-b"),
    )
    assert ana(s).troops == 34 and ana(s).played == [None] and s.devoured == ["skeletal-horde"]


@case("vampire-spawn")
def _vampire_spawn() -> None:
    s = table(hand=["vampire-spawn"], options=EXPANSION)
    play(s, "vampire-spawn")  # Ben's troop at Eryndlyn: the one in reach
    assert ana(s).influence == 1 and s.troops["eryndlyn"] == (ANA,) and ben(s).troops == 39


@case("wraith")
def _wraith() -> None:
    s = table(hand=["wraith"], options=EXPANSION)
    play(s, "wraith", a.PlaceSpy(site="ched-nasad"), a.DevourCard(card="wraith"))
    assert s.troops["ched-nasad"] == () and ana(s).trophies == {"1": 1}
    assert s.devoured == ["wraith"]
    s = table(hand=["wraith"], options=EXPANSION)
    play(s, "wraith", a.PlaceSpy(site="ched-nasad"), a.Stop())
    assert s.troops["ched-nasad"] == (BEN,) and ana(s).played == ["wraith"]


@case("flesh-golem")
def _flesh_golem() -> None:
    s = table(hand=["flesh-golem"], options=EXPANSION)
    play(
        s,
        "flesh-golem",
        a.DevourCard(card="flesh-golem"),
        a.Assassinate(space="eryndlyn", colour=BEN),
    )
    assert ana(s).power == 2 and ana(s).trophies == {"1": 1} and s.devoured == ["flesh-golem"]


@case("ghost")
def _ghost() -> None:
    s = table(hand=["ghost"], influence=3, options=EXPANSION)
    s.devoured = ["noble", "wight", "spectator"]  # Spectator (4) on top: too dear
    spy(s, "kanaglym", ANA)
    play(s, "ghost", a.ChooseOption(option=1), a.ReturnOwnSpy(site="kanaglym"))
    assert a.RecruitDevoured(card="spectator") not in GAME.legal_actions(s)
    ana(s).influence = 7
    act(s, a.RecruitDevoured(card="spectator"), a.RecruitDevoured(card="wight"))
    assert ana(s).discard == ["spectator", "wight"] and ana(s).influence == 0
    assert s.devoured == ["noble"]  # a starting card has no cost: never recruited
    end_turn(s)
    assert not s.devoured_open


@case("minotaur-skeleton")
def _minotaur_skeleton() -> None:
    s = table(hand=["minotaur-skeleton"], options=EXPANSION)
    play(
        s,
        "minotaur-skeleton",
        a.ChooseOption(option=0),
        a.Deploy(space="erynd-llace"),
        a.Deploy(space="llacerellyn"),
        a.Deploy(space="llacerellyn"),
    )
    assert ana(s).troops == 36
    s = table(hand=["minotaur-skeleton"], options=EXPANSION)
    put(s, "araum-erynd", ANA)  # Araumycos (4 white troops) in reach
    play(
        s,
        "minotaur-skeleton",
        a.ChooseOption(option=1),
        a.DevourCard(card="minotaur-skeleton"),
        a.Assassinate(space="araumycos", colour=WHITE),
        a.Assassinate(space="araumycos", colour=WHITE),
        a.Assassinate(space="araumycos", colour=WHITE),
    )
    assert ana(s).trophies == {"white": 3} and s.troops["araumycos"] == (WHITE,)


@case("ravenous-zombies")
def _ravenous_zombies() -> None:
    s = table(hand=["ravenous-zombies"], options=EXPANSION)
    play(s, "ravenous-zombies")
    assert ana(s).power == 1 and ana(s).trophies == {"white": 1}


@case("wight")
def _wight() -> None:
    s = table(hand=["wight"], options=EXPANSION)
    play(s, "wight", a.ChooseOption(option=0))
    assert ana(s).power == 2
    s = table(hand=["wight", "noble"], options=EXPANSION)
    play(
        s,
        "wight",
        a.ChooseOption(option=1),
        a.DevourCard(card="noble"),
        a.Supplant(space="eryndlyn", colour=BEN),
    )
    assert s.troops["eryndlyn"] == (ANA, ANA) and s.devoured == ["noble"]


@case("banshee")
def _banshee() -> None:
    s = table(hand=["banshee"], options=EXPANSION)
    spy(s, "kanaglym", BEN)
    play(s, "banshee", a.PlaceSpy(site="kanaglym"))
    assert ana(s).power == 3
    s = table(hand=["banshee"], options=EXPANSION)
    play(s, "banshee", a.PlaceSpy(site="ched-nasad"))  # Ben's troop, but no spy
    assert ana(s).power == 0


@case("ogre-zombie")
def _ogre_zombie() -> None:
    s = table(hand=["ogre-zombie"], options=EXPANSION)
    play(s, "ogre-zombie", a.Supplant(space="skullport", colour=WHITE))
    assert sorted(s.troops["skullport"]) == [WHITE, ANA] and ana(s).trophies == {"white": 1}


@case("revenant")
def _revenant() -> None:
    s = table(hand=["revenant"], options=EXPANSION)
    ana(s).trophies = {"white": 6}
    s.whites_in_box -= 6
    play(s, "revenant", a.Assassinate(space="eryndlyn", colour=BEN))  # then the white one
    assert ana(s).inner_circle == ["revenant"] and ana(s).played == [None]
    s = table(hand=["revenant"], options=EXPANSION)
    ana(s).trophies = {"white": 5}
    s.whites_in_box -= 5
    play(s, "revenant", a.Assassinate(space="eryndlyn", colour=BEN))
    assert ana(s).inner_circle == [] and ana(s).played == ["revenant"]


@case("conjurer")
def _conjurer() -> None:
    s = table(hand=["conjurer"], options=EXPANSION)
    play(s, "conjurer", a.ChooseOption(option=0), a.PlaceSpy(site="kanaglym"))
    assert s.spies["kanaglym"] == (ANA,)
    s = table(hand=["conjurer"], options=EXPANSION)
    _market(s, "wight", "spectator")
    spy(s, "kanaglym", ANA)
    play(
        s,
        "conjurer",
        a.ChooseOption(option=1),
        a.ReturnOwnSpy(site="kanaglym"),
        a.Recruit(card="house-guard"),
        a.Recruit(card="wight"),
    )
    assert ana(s).discard == ["house-guard", "wight"] and s.piles["house-guard"] == 14
    assert "wight" not in s.market and len(s.market) == 6


@case("necromancer")
def _necromancer() -> None:
    s = table(hand=["necromancer", "spectator"], discard=["wight"], options=EXPANSION)
    play(s, "necromancer", a.ChooseOption(option=1), done=False)
    assert GAME.legal_actions(s) == [
        a.Promote(card="necromancer", pile="played"),
        a.Promote(card="spectator", pile="hand"),
        a.Promote(card="wight", pile="discard"),
    ]
    act(s, a.Promote(card="necromancer", pile="played"))
    assert ana(s).inner_circle == ["necromancer"] and ana(s).played == [None]
    s = table(hand=["necromancer", "spectator"], options=EXPANSION)
    play(s, "necromancer", a.ChooseOption(option=1), a.Promote(card="spectator", pile="hand"))
    assert ana(s).inner_circle == ["spectator"] and ana(s).hand == []
    s = table(hand=["necromancer"], options=EXPANSION)
    play(s, "necromancer", a.ChooseOption(option=0))
    assert ana(s).influence == 3


@case("death-knight")
def _death_knight() -> None:
    s = table(hand=["death-knight"], options=EXPANSION)
    ana(s).trophies = {"1": 4}
    ben(s).troops -= 4
    play(s, "death-knight", a.Supplant(space="eryndlyn", colour=BEN))
    assert ana(s).trophies == {"1": 5} and ana(s).vp == 1


@case("high-priest-of-myrkul")
def _high_priest() -> None:
    s = table(
        hand=["high-priest-of-myrkul", "ravenous-zombies", "vampire-spawn", "noble"],
        options=EXPANSION,
    )
    play(s, "noble")
    play(s, "ravenous-zombies")
    play(s, "vampire-spawn")  # Ben's troop at Eryndlyn, the one in reach
    play(s, "high-priest-of-myrkul")  # nothing left in reach to return
    act(s, a.EndTurn())
    assert a.Promote(card="noble") not in GAME.legal_actions(s)  # an Undead card only
    act(s, a.Promote(card="ravenous-zombies"), a.Promote(card="vampire-spawn"))
    assert sorted(ana(s).inner_circle) == ["ravenous-zombies", "vampire-spawn"]
    assert s.current == BEN


@case("mummy-lord")
def _mummy_lord() -> None:
    s = table(hand=["mummy-lord"], options=EXPANSION)
    ben(s).trophies = {"white": 1, "0": 1}
    s.whites_in_box -= 1
    ana(s).troops -= 1
    play(
        s,
        "mummy-lord",
        a.ChooseOption(option=1),  # Ben's white trophy: the one white troop in a hall
        a.MoveTo(space="skullport"),
        a.ChooseOption(option=0),
    )  # the white troop in reach
    assert ben(s).trophies == {"0": 1} and count(s, "skullport", WHITE) == 3
    assert ana(s).trophies == {"white": 1}


@case("lich")
def _lich() -> None:
    s = table(hand=["lich"], options=EXPANSION)
    ben(s).trophies = {"0": 2, "white": 1}
    ana(s).troops -= 2
    s.whites_in_box -= 1
    spy(s, "menzoberranzan", BEN)
    play(
        s,
        "lich",
        a.PlaceSpy(site="ched-nasad"),
        a.TakeTrophy(hall=BEN, colour=ANA),
        a.MoveTo(space="ched-nasad"),  # presence through the new spy
        a.TakeTrophy(hall=BEN, colour=WHITE),
        a.MoveTo(space="erynd-llace"),
    )
    assert sorted(s.troops["ched-nasad"]) == [ANA, BEN] and s.troops["erynd-llace"] == (WHITE,)
    assert ben(s).trophies == {"0": 1} and ana(s).troops == 37
    s = table(hand=["lich"], options=EXPANSION)
    ben(s).trophies = {"white": 1}
    s.whites_in_box -= 1
    play(s, "lich", a.PlaceSpy(site="kanaglym"))  # no other player's troop there
    assert ben(s).trophies == {"white": 1}


@case("vampire")
def _vampire() -> None:
    s = table(hand=["vampire"], options=EXPANSION)
    play(s, "vampire", a.ChooseOption(option=0), a.Supplant(space="eryndlyn", colour=BEN))
    assert s.troops["eryndlyn"] == (ANA, ANA)
    s = table(hand=["vampire"], discard=["wight", "noble"], options=EXPANSION)
    ana(s).inner_circle = ["noble"] * 5
    play(s, "vampire", a.ChooseOption(option=1), a.Promote(card="wight"))
    assert ana(s).vp == 2 and ana(s).discard == ["noble"]  # 6 cards in the inner circle


# ---------------------------------------------------------------- the tests
@pytest.mark.parametrize("card_id", sorted(CASES))
def test_card(card_id: str) -> None:
    CASES[card_id]()


def test_every_card_is_played_by_a_test() -> None:
    assert set(CASES) == {c.id for c in load_cards().all_cards()}
