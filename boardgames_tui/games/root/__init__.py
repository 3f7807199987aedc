"""Root: the Underground Duchy against the Marquise de Cat on the Autumn map.

So far only the components, as data: :mod:`.woodland` (the map and pure map
helpers), :mod:`.cards` (the 54-card deck and its effect vocabulary) and
:mod:`.tracks` (the factions' boards, the ministers and the item supply).  The
state, the rules and the ``GAME`` come with the engine.
"""
