"""``python -m boardgames_tui`` is the console script ``boardgames-tui``."""

from .cli import main

raise SystemExit(main())
