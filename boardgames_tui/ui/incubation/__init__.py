"""Incubation's screen: the market spinner, the dice, the egg decks, every
player's incubators, the objectives, and a direct key for every decision.

Imported lazily (``ui/game_screens.py`` names ``screen:IncubationScreen``)."""
