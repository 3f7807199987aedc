"""The core rules of the Woodland as functions over a :class:`RootState`,
gathered under one name (``core.ruler``, ``core.battle_step``) for the
factions, the turn driver, the bots and the screen.  They live in parts:

- ``clearings``: the names, the map, whose pieces stand where, rule of a
  clearing, placing, corners, moving;
- ``hands``: cards in hand, the deck and the discard pile, scoring and
  losing points, crafted effects;
- ``removal``: taking hits and removing pieces (announced, so that what
  they set off is each faction's own subscription);
- ``crafting``: paying for a card and crafting it;
- ``battle``: every step of a battle.

The functions change the state in place and return the events to log.  A
decision that interrupts them (the pieces to remove, an ambush) is pushed on
``state.stack`` as a :class:`~.model.Decision` of its kind; the turn driver
(``turn.py``) asks for it through its kind's handler.  The parts import one
another, never this module.
"""

from __future__ import annotations

from .battle import (
    ambush_cards,
    battle_actions,
    battle_effects,
    battle_step,
    battle_targets,
    can_battle,
    defender_first,
    defender_may_go_first,
    defenders,
    start_battle,
    use_battle_effect,
)
from .clearings import (
    add_building,
    add_warriors,
    buildings_of,
    buildings_on_map,
    can_move,
    card_name,
    clearing_name,
    clearings,
    corner_choices,
    enemies,
    fits,
    has_pieces,
    matches,
    may_place,
    moves,
    name,
    neighbours,
    on_map,
    on_the_map,
    placeable,
    places,
    plural,
    remove_building,
    ruled,
    ruled_clearings,
    ruler,
    rules,
    suit_of,
    the,
    tokens_of,
    tokens_on_map,
    warriors,
)
from .crafting import (
    can_craft,
    craft,
    craft_options,
    craft_payments,
    crafting_pieces,
    favor,
)
from .hands import (
    DOMINANCE_CARDS,
    crafted_card,
    discard_crafted,
    discard_from_hand,
    distinct,
    draw,
    gain,
    has_effect,
    is_dominance,
    lose,
    take_from_hand,
    to_discard,
)
from .map_rules import do_move
from .model import card_of
from .removal import (
    flush,
    hit_pieces,
    removable,
    removable_count,
    remove_enemy_pieces,
    remove_piece,
    remove_warriors,
    take_hits,
)
from .slots import free_slots, with_free_slot

__all__ = [
    "DOMINANCE_CARDS",
    "add_building",
    "add_warriors",
    "ambush_cards",
    "battle_actions",
    "battle_effects",
    "battle_step",
    "battle_targets",
    "buildings_of",
    "can_battle",
    "can_craft",
    "can_move",
    "card_name",
    "card_of",
    "clearing_name",
    "clearings",
    "corner_choices",
    "craft",
    "craft_options",
    "craft_payments",
    "crafted_card",
    "crafting_pieces",
    "defender_first",
    "defender_may_go_first",
    "defenders",
    "discard_crafted",
    "discard_from_hand",
    "distinct",
    "do_move",
    "draw",
    "enemies",
    "favor",
    "fits",
    "flush",
    "free_slots",
    "with_free_slot",
    "gain",
    "has_effect",
    "has_pieces",
    "hit_pieces",
    "is_dominance",
    "lose",
    "matches",
    "may_place",
    "moves",
    "name",
    "neighbours",
    "on_map",
    "buildings_on_map",
    "on_the_map",
    "placeable",
    "places",
    "plural",
    "the",
    "removable",
    "removable_count",
    "remove_enemy_pieces",
    "remove_building",
    "remove_piece",
    "remove_warriors",
    "ruled",
    "ruled_clearings",
    "ruler",
    "rules",
    "start_battle",
    "suit_of",
    "take_from_hand",
    "take_hits",
    "to_discard",
    "tokens_of",
    "tokens_on_map",
    "use_battle_effect",
    "warriors",
]
