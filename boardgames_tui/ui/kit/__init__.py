"""The screen kit: what every game's own screen is built from.

- :mod:`.layout` — :class:`BoardScreen`, the game screen's layout with named
  slots (board column, side panels, picker, log, key bar) that a game fills
  by declaring its widgets, and the wiring of the choice framework.
- :mod:`.drawing` — :class:`Drawing`, the base of board parts drawn as rich
  text (cached component styles, the cursor's focus), and text helpers.
- :mod:`.choice` — the choice framework: :class:`Pick`, :class:`KeyKind`,
  :class:`KeyMap` (keys bound to kinds of action, mapped only to the legal
  actions; Textual-free).
- :mod:`.cursor` — :class:`BoardCursor`, a board's cursor as a reactive
  (validated, watched, with nested messages carrying ``control``).
- :mod:`.dialogs` — :class:`ChoiceDialog` and :class:`TextDialog`.
- :mod:`.board` — :class:`BoardFacts` (one frame's facts for a board's
  parts) and :class:`BoxLayout` (a map's boxes for a widget's size);
  Textual-free.
- The key bar is ``ui/widgets/keybar.py``'s :class:`KeyBar` (``give_way``).

docs/architecture.md, "The screen kit", says how a game fills each part.
Import from the modules (``from boardgames_tui.ui.kit.choice import Pick``):
this package imports nothing, so the choice framework stays free of Textual
for a game's Textual-free ``choices.py``.
"""
