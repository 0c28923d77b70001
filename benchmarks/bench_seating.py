"""Seating: what `mahjongkit.tournament.seating.seat` reaches for a range of event sizes,
and how long it takes on one core.

``python benchmarks/bench_seating.py [SIZE...] [--json]`` (sizes as ``PLAYERSxROUNDS``; default the
table below). For each size it prints the repeats found against the proven lower bound,
the most meetings of one pair, the seat-wind spread against the best possible, and the
time of one `seat` call (seed 0, default effort). Targets (issue's): 24 x 6 and 100 x 8
with no repeat, in under 10 s and 60 s.
"""

from __future__ import annotations

import sys
import time

from figures import Figures
from mahjongkit.tournament.seating import seat

SIZES = [
    "8x2",
    "12x3",
    "16x5",
    "20x4",
    "20x5",
    "24x5",
    "24x6",
    "24x7",
    "24x8",
    "28x6",
    "28x9",
    "32x6",
    "32x8",
    "32x10",
    "40x8",
    "48x10",
    "60x10",
    "64x12",
    "100x8",
    "100x12",
    "200x10",
]


def main(sizes: list[str], figures: Figures) -> None:
    print(f"{'size':>8} {'repeats':>7} {'bound':>5} {'most':>4} {'winds':>5} {'seconds':>7}")
    for size in sizes:
        players, rounds = (int(x) for x in size.split("x"))
        start = time.perf_counter()
        seating = seat(players, rounds, seed=0)
        took = time.perf_counter() - start
        print(
            f"{size:>8} {seating.repeats:>7} {seating.bounds.repeats:>5} "
            f"{seating.max_meetings:>4} {seating.wind_spread:>3}/{seating.ideal_wind_spread}"
            f" {took:>7.2f}",
            flush=True,
        )
        measure = f"{size} seating, {seating.repeats} repeats (bound {seating.bounds.repeats})"
        figures.add(measure, "ms", took * 1000)
    figures.emit()


if __name__ == "__main__":
    found = Figures.from_argv(__file__)
    main(sys.argv[1:] or SIZES, found)
