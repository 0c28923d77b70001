"""Benchmark: MCR scoring throughput on random winning hands, next to PyMahjongGB's.

Both calculators score the same seeded random wins (the generator of the differential
test: melds, kongs, seven pairs, knitted forms, flowers and situation flags) in one run;
the ratio is ours over theirs (target: at least 0.1, within 10x of the C++ calculator).
Every hand is new to the scorer: the caches it keeps (per suit, per run of sets, per
breakdown item) start from a single warm-up hand. The two calculators take turns on
blocks of hands, so a change in the machine's load weighs on both alike.

Usage: python benchmarks/bench_scoring_mcr.py [HANDS] [SEED]
"""

from __future__ import annotations

import random
import sys
import time

from mahjongkit.rules.ruleset import get_ruleset
from mahjongkit.scoring import score
from mahjongkit.scoring.mcr.random_hands import random_win
from mahjongkit.scoring.mcr.reference import reference_args

BLOCK = 250
"""Hands per turn."""


def main(argv: list[str]) -> int:
    count = int(argv[0]) if argv else 5000
    seed = int(argv[1]) if len(argv) > 1 else 20240601
    rng = random.Random(seed)
    wins = [random_win(rng) for _ in range(count)]
    rules = get_ruleset("mcr-gb")
    score(*random_win(random.Random(seed + 1)), rules)  # warm the imports and tables

    try:
        from MahjongGB import MahjongFanCalculator
    except ImportError:
        start = time.perf_counter()
        for hand, situation in wins:
            score(hand, situation, rules)
        ours = count / (time.perf_counter() - start)
        print(f"mahjongkit MCR scoring: {ours:,.0f} hands/s ({count} random wins, seed {seed})")
        print("PyMahjongGB is not installed: no ratio")
        return 0
    arguments = []
    for hand, situation in wins:
        args = reference_args(hand, situation)
        del args["verbose"]  # the short form: totals only, as a judge calls it
        arguments.append(args)
    MahjongFanCalculator(**arguments[0])
    mine = peer = 0.0
    for at in range(0, count, BLOCK):
        start = time.perf_counter()
        for hand, situation in wins[at : at + BLOCK]:
            score(hand, situation, rules)
        middle = time.perf_counter()
        for args in arguments[at : at + BLOCK]:
            MahjongFanCalculator(**args)
        peer += time.perf_counter() - middle
        mine += middle - start
    ours, theirs = count / mine, count / peer

    print(f"random MCR wins: {count} (seed {seed}), ruleset mcr-gb")
    print(f"mahjongkit score():            {ours:>12,.0f} hands/s")
    print(f"PyMahjongGB MahjongFanCalculator: {theirs:>9,.0f} hands/s")
    print(f"ratio mahjongkit / PyMahjongGB: {ours / theirs:.3f} (target >= 0.1)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
