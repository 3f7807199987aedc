"""The registration of the factions' screen parts: every faction Root's
screen shows in its own way, one line each.  Importing a faction's screen
package registers it (``faction_ui.register_screen``); Root's screen package
(``ui/root/__init__.py``) imports this module, so each is known before the
screen is read.  A faction without a line here still plays, with a plain
board and no keys of its own."""

from __future__ import annotations

from . import (
    alliance,  # noqa: F401 - registers the faction's screen part
    corvids,  # noqa: F401 - registers the faction's screen part
    duchy,  # noqa: F401 - registers the faction's screen part
    eyrie,  # noqa: F401 - registers the faction's screen part
    marquise,  # noqa: F401 - registers the faction's screen part
    vagabond,  # noqa: F401 - registers the faction's screen part
)
