"""The faction modules.  Each registers a :class:`.base.Faction` with the
shared rules when imported; ``flow`` imports every one of them,
which makes them playable.  A long faction's rules may sit in parts
beside its module (``duchy_assembly.py`` ...), which only its module imports."""
