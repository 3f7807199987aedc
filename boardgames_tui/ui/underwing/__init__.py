"""Underlings of Underwing's screen: the hatching grounds, the Field, the
players' mats, and a direct key for every decision.

Imported lazily (``ui/game_screens.py`` names ``screen:UnderwingScreen``).

Its board parts, each one widget drawing its own text, by module:

- :mod:`.drawing`: :class:`Board` (one frame's facts), the palette and the
  drawing base every part shares (the kit's ``Drawing``).
- :mod:`.grounds`: :class:`GroundsView`, the hatching grounds with its
  cursor over the cards and their element spaces, a reactive clamped by its
  validator (:mod:`.grid` lays it out).
- :mod:`.table`: :class:`CardDetail` (what the cursor points at, in words),
  :class:`SupplyLine` (the bag, the draw pile) and :class:`FieldRing` (the
  Field as a clockwise ring, with the kit's board cursor).
- :mod:`.mats`: :class:`PlayerMats` (every player's mat) and
  :class:`UnderwingPicker` (the action list).

The screen hands each a :class:`Board` and they redraw; they report to it
with messages nested in them (``GroundsView.TargetChanged``,
``FieldRing.CursorMoved``, ``PlayerMats.SeatPicked`` ...), each carrying
its widget as ``control``.
"""
