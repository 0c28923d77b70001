"""Tables filled before a benchmark times anything, so it measures what a long run sees.

The engine and the bots look up each suit's facts in tables filled the first time a
suit's counts are met (`mahjongkit.completion`, `mahjongkit.suit_tables`). A training or
simulation run of thousands of hands spends nearly all its time with them filled; a fresh
process fills them in its first few thousand hands, which run slower. The benchmarks of
whole hands therefore first play `WARM_HANDS` hands of random self-play untimed (other
seeds than the hands they time), and `bench_env` times a fresh process's first pass too
(its "a fresh process's first hands" row): both speeds are in the report.
"""

from __future__ import annotations

import os

from mahjongkit.sim import simulate

WARM_HANDS = int(os.environ.get("BENCH_WARM_HANDS", "2000"))
"""Hands played before timing: after them a hand of random self-play meets about one
suit or two not met before, against about ten a hand in a fresh process's first 500.
``BENCH_WARM_HANDS`` sets it (``report.py --quick``: 200)."""


def warm_tables(ruleset: str, bot: str = "random", hands: int = WARM_HANDS) -> None:
    """Play ``hands`` hands of four ``bot`` bots in ``ruleset``, untimed, to fill the
    tables (seeds from 10**6: the timed passes' hands are others)."""
    simulate(ruleset, (bot,) * 4, hands=hands, seed=10**6)
