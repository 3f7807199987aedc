"""The registration: every faction Root plays, one line each.  Importing a
faction's package registers it with the shared rules (``faction.register``);
the game's package (``games/root/__init__.py``) imports this module, so
every faction here is playable wherever Root is.  A new faction is its
package beside these and one line here (and, for its screen, one line in
``ui/root/factions/__init__.py``)."""

from __future__ import annotations

from . import (
    alliance,  # noqa: F401 - registers the faction
    corvids,  # noqa: F401 - registers the faction
    duchy,  # noqa: F401 - registers the faction
    eyrie,  # noqa: F401 - registers the faction
    marquise,  # noqa: F401 - registers the faction
    vagabond,  # noqa: F401 - registers the faction
)
