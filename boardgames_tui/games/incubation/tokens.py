"""The Reserve and the treasures: where a player's tokens come from.

The spinner's pointers fill the treasures; a player's silver, water and
fire come from the Reserve or, when it has none left, from the richest
treasure (a ruling: the components are all there is); 5 silver change for
1 gold at once.  The rules (``rules.py``) call these.
"""

from __future__ import annotations

from .cards import SECTIONS
from .model import GOLD_VALUE, IncubationState, pointer_sections, section_name


def fill_spinner_treasures(state: IncubationState) -> list[str]:
    """Add a silver, a water and a fire from the Reserve to the sections the
    three pointers face.  A token the Reserve no longer has is not added."""
    added: list[str] = []
    for what, section in pointer_sections(state.spinner).items():
        if getattr(state.reserve, what) > 0:
            setattr(state.reserve, what, getattr(state.reserve, what) - 1)
            treasure = state.market[section]
            setattr(treasure, what, getattr(treasure, what) + 1)
            added.append(f"1 {what} to {section_name(section)}")
    return added


def make_change(state: IncubationState, seat: int) -> int:
    """Ruling: a player holding 5 silver changes them at once for 1 gold from
    the Reserve, while the Reserve has gold.  Returns the gold taken."""
    p = state.players[seat]
    changed = 0
    while p.silver >= GOLD_VALUE and state.reserve.gold > 0:
        p.silver -= GOLD_VALUE
        state.reserve.silver += GOLD_VALUE
        p.gold += 1
        state.reserve.gold -= 1
        changed += 1
    return changed


def richest_section(state: IncubationState, what: str) -> int | None:
    """The section holding the most ``what`` (silver, water or fire); on a tie
    the first clockwise from the coin pointer.  None when no section has any."""
    best: int | None = None
    most = 0
    for k in range(SECTIONS):
        section = (state.spinner + k) % SECTIONS
        have = int(getattr(state.market[section], what))
        if have > most:
            best, most = section, have
    return best


def draw_token(state: IncubationState, what: str) -> str | None:
    """Take one silver, water or fire for a player.  Ruling: from the Reserve;
    when the Reserve has none left, from the treasure holding the most of it
    (the components are all there is).  Returns where it came from, or None
    when there is none anywhere outside the players' hands and Incubators."""
    have = int(getattr(state.reserve, what))
    if have > 0:
        setattr(state.reserve, what, have - 1)
        return "reserve"
    section = richest_section(state, what)
    if section is None:
        return None
    treasure = state.market[section]
    setattr(treasure, what, int(getattr(treasure, what)) - 1)
    return section_name(section)


def take_silver(state: IncubationState, seat: int, amount: int) -> list[str]:
    """Take silver coins one at a time (see ``draw_token``), changing 5 silver
    for 1 gold as they come; returns where each coin came from."""
    p = state.players[seat]
    sources: list[str] = []
    for _ in range(amount):
        source = draw_token(state, "silver")
        if source is None:
            break
        p.silver += 1
        sources.append(source)
        make_change(state, seat)
    return sources


def sources_text(sources: list[str], amount: int) -> str:
    """`` (1 from the red treasure)`` for the tokens not from the Reserve."""
    parts = [f"1 from the {s} treasure" for s in sources if s != "reserve"]
    if len(sources) < amount:
        parts.append(f"{amount - len(sources)} not available")
    return f" ({', '.join(parts)})" if parts else ""
