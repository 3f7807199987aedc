"""The Textual user interface: screens, shared widgets and the game-screen lookup.

Only this package and ``boardgames_tui.app`` import textual and rich.
"""
