"""How well Root's ``evaluate`` tells whether the Woodland Alliance will win,
and (with ``--fit``) the Alliance's standing weights fitted as the other
factions' were: logistic regression on who won the rule bot's games against
itself.  It is ``root_faction_evaluate.py --faction alliance``: the rule bot
plays every seat of ``--tables`` (the Alliance against the Marquise, the
Duchy and the Eyrie) for ``--games`` games a table; at the start of every
turn the Alliance's counts (points, sympathy on the map, bases, officers,
supporters up to eight, cards in hand, warriors on the map) and the best
placed enemy's standing are read; ``--fit`` fits on the even seeds and the
evaluation is judged on the odd seeds.

    uv run python benchmarks/root_alliance_evaluate.py --games 300 --seed 100000 --fit
"""

from __future__ import annotations

from root_faction_evaluate import main

if __name__ == "__main__":
    main("alliance")
