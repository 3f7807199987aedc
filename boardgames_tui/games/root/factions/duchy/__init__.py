"""The Underground Duchy (Law 12), a faction package: its number, the Burrow
and its state (``state.py``), its board and ministers (``board.py``, from
``assets/root/duchy.json``), its actions and decisions (``actions.py``,
``decisions.py``), its rules (``assembly.py``, ``parliament.py``,
``crowns.py``), the faction the shared rules ask, its handlers and
subscriptions (``faction.py``), its rule bot's plan (``bot.py``).  Importing
the package registers it."""

from __future__ import annotations

from ...faction import register
from .assembly import (
    DIG_WARRIORS,
    assembly_options,
    birdsong,
    build,
    build_options,
    dig,
    dig_move,
    dig_options,
    dig_options_warriors,
    has_assembly_options,
    on_map,
    perform_assembly,
    setup,
    tunnels,
)
from .crowns import (
    RANK_ORDER,
    crowns_left,
    evening_draws,
    highest_swayed,
    most_revealable,
    price_of_failure,
    return_minister,
    return_revealed,
    reveal,
    reveal_options,
    revealable,
    start_sway,
    sway_capacity,
    sway_options,
)
from .faction import WEIGHTS, DuchyFaction, standing
from .parliament import (
    MAYOR_COPIES,
    banker_options,
    mayor_choices,
    minister_action,
    parliament_options,
    possible,
    spend,
    use_minister,
)
from .state import BURROW, DUCHY, Duchy, me

DUCHY_FACTION = register(DuchyFaction())

__all__ = [
    "BURROW",
    "DIG_WARRIORS",
    "DUCHY",
    "DUCHY_FACTION",
    "MAYOR_COPIES",
    "RANK_ORDER",
    "WEIGHTS",
    "Duchy",
    "DuchyFaction",
    "assembly_options",
    "banker_options",
    "birdsong",
    "build",
    "build_options",
    "crowns_left",
    "dig",
    "dig_move",
    "dig_options",
    "dig_options_warriors",
    "evening_draws",
    "has_assembly_options",
    "highest_swayed",
    "mayor_choices",
    "me",
    "minister_action",
    "most_revealable",
    "on_map",
    "parliament_options",
    "perform_assembly",
    "possible",
    "price_of_failure",
    "return_minister",
    "return_revealed",
    "reveal",
    "reveal_options",
    "revealable",
    "setup",
    "spend",
    "standing",
    "start_sway",
    "sway_capacity",
    "sway_options",
    "tunnels",
    "use_minister",
]
