"""Benchmark: MCR scoring throughput on random winning hands, next to PyMahjongGB's.

Both calculators score the same seeded random wins (the generator of the differential
test: melds, kongs, seven pairs, knitted forms, flowers and situation flags) in one run;
the ratio is ours over theirs (target: at least 0.1, within 10x of the C++ calculator).
Every hand is new to the scorer: the caches it keeps (per suit, per run of sets, per
breakdown item) start from a single warm-up hand. The hands are scored in five passes
over consecutive fifths; within a pass the two calculators take turns on blocks of
hands, and the ratio printed is the median of the passes'. Times are the process's CPU
time (`time.process_time`), so waiting for a core held by another process counts for
neither; a burst of load still weighs on both alike and on one pass only.

Usage: python benchmarks/bench_scoring_mcr.py [HANDS] [SEED] [--json]
(``--json``: a last line of figures for ``benchmarks/report.py``)
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

from figures import Figures
from mahjongkit.rules.ruleset import get_ruleset
from mahjongkit.scoring import score
from mahjongkit.scoring.mcr.random_hands import random_win

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the repository: peers/
from peers.pymahjonggb import reference_args

BLOCK = 50
"""Hands per turn."""
PASSES = 5


def main(argv: list[str]) -> int:
    figures = Figures("bench_scoring_mcr", argv)
    measure = "score(), random MCR wins (mcr-gb)"
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
        figures.add(measure, "hands/s", ours)
        figures.emit()
        return 0
    arguments = []
    for hand, situation in wins:
        args = reference_args(hand, situation)
        del args["verbose"]  # the short form: totals only, as a judge calls it
        arguments.append(args)
    MahjongFanCalculator(**arguments[0])
    mine = peer = 0.0
    ratios = []
    size = -(-count // PASSES)
    for first in range(0, count, size):
        pass_mine = pass_peer = 0.0
        for at in range(first, min(first + size, count), BLOCK):
            end = min(at + BLOCK, first + size, count)
            start = time.process_time()
            for hand, situation in wins[at:end]:
                score(hand, situation, rules)
            middle = time.process_time()
            for args in arguments[at:end]:
                MahjongFanCalculator(**args)
            pass_peer += time.process_time() - middle
            pass_mine += middle - start
        ratios.append(pass_peer / pass_mine)
        mine += pass_mine
        peer += pass_peer
    ours, theirs = count / mine, count / peer

    print(f"random MCR wins: {count} (seed {seed}), ruleset mcr-gb")
    print(f"mahjongkit score():            {ours:>12,.0f} hands/s")
    print(f"PyMahjongGB MahjongFanCalculator: {theirs:>9,.0f} hands/s")
    print(f"ratio per pass: {' '.join(f'{r:.3f}' for r in ratios)}")
    print(
        f"ratio mahjongkit / PyMahjongGB: {statistics.median(ratios):.3f} median of "
        f"{len(ratios)} passes, {ours / theirs:.3f} overall (target >= 0.1)"
    )
    peer = "PyMahjongGB MahjongFanCalculator"
    figures.add(measure, "hands/s", ours, peer, theirs, statistics.median(ratios))
    figures.emit()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
