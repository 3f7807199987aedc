"""The faction modules.  Each registers a :class:`.base.Faction` with the
shared rules when imported; ``flow`` imports every one of them (:data:`ALL`
there), which makes them playable."""
