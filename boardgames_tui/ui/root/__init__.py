"""Root's screen: the shared parts (the Woodland, the side panel, the keys,
the setup's table) and each faction's screen package, registered here."""

from . import factions as _factions  # noqa: F401 - registers every faction's screen part
