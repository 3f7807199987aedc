"""Tyrants of the Underdark's own screen: the Underdark map, the cards and
the houses (imported lazily by ``ui.game_screens``)."""
