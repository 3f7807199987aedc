"""Underlings of Underwing's screen: the hatching grounds, the Field, the
players' mats, and a direct key for every decision.

Imported lazily (``ui/game_screens.py`` names ``screen:UnderwingScreen``)."""
