"""Compare mcr-gb scoring with PyMahjongGB on many random winning hands.

Usage: ``python scripts/differential_mcr.py [COUNT] [SEED]`` (default 200000, seed 2026).
Prints every difference (up to 20) and a summary line; exits 1 when any total or fan
multiset differs.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

import MahjongGB

from mahjongkit.scoring import score
from mahjongkit.scoring.mcr.random_hands import random_win

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the repository: peers/
from peers.pymahjonggb import reference_args, total_and_counts


def main(count: int = 200_000, seed: int = 2026) -> int:
    """Score ``count`` random wins both ways; return the number of differences."""
    rng = random.Random(seed)
    differences = 0
    mine = peer = 0.0
    started = time.perf_counter()
    for n in range(count):
        hand, situation = random_win(rng)
        args = reference_args(hand, situation)
        t0 = time.perf_counter()
        fans = MahjongGB.MahjongFanCalculator(**args)  # timed alone: the peer's own work
        t1 = time.perf_counter()
        result = score(hand, situation, "mcr-gb")
        t2 = time.perf_counter()
        expected = total_and_counts(fans)
        peer += t1 - t0
        mine += t2 - t1
        got = (result.total, result.fan_counts())
        if got != expected:
            differences += 1
            if differences <= 20:
                print(f"#{n} {hand} {situation.to_dict()}")
                print(f"  mahjongkit {got}\n  reference  {expected}")
    elapsed = time.perf_counter() - started
    print(
        f"{count} random wins (seed {seed}): {differences} differences in total or fans; "
        f"{elapsed:.0f}s; mahjongkit {count / mine:.0f} hands/s, "
        f"PyMahjongGB {count / peer:.0f} hands/s (ratio {peer / mine:.3f})"
    )
    return differences


if __name__ == "__main__":
    args = [int(a) for a in sys.argv[1:3]]
    sys.exit(1 if main(*args) else 0)
