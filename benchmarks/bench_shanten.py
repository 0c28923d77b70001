"""Throughput of shanten and waits on random 13- and 16-tile hands, against PyMahjongGB.

Measures, on the same random 13-tile hands in the same run:
- our `shanten` over all MCR forms vs PyMahjongGB's ``MahjongShanten`` (target: 2x);
- our `waits` vs PyMahjongGB's wait scan, its fan calculator asked about each of the
  34 tiles (target: 4x), on random hands and on near-ready hands (mostly ready);
and our throughput on random 16-tile hands (Taiwanese forms), which has no peer.

Each timing is the best of several passes (the machine is shared and noisy). The tables
fill lazily; they are warmed on other random hands first, and the cold first pass is
printed too. Run: ``python benchmarks/bench_shanten.py [hands] [--json]`` (``--json``: a
last line of figures for ``benchmarks/report.py``).
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from figures import Figures
from mahjongkit.shanten import shanten, waits
from mahjongkit.tiles import NUM_KINDS

GB_NAMES = (
    [f"W{r}" for r in range(1, 10)]
    + [f"B{r}" for r in range(1, 10)]
    + [f"T{r}" for r in range(1, 10)]
    + ["F1", "F2", "F3", "F4", "J1", "J2", "J3"]
)
PASSES = 5


def random_hands(rng: random.Random, n: int, size: int) -> list[list[int]]:
    wall = [t for t in range(NUM_KINDS) for _ in range(4)]
    return [sorted(rng.sample(wall, size)) for _ in range(n)]


def near_ready_hands(rng: random.Random, n: int) -> list[list[int]]:
    """Four sets and a pair, less one tile: ready unless the sets share a dead wait."""
    out = []
    while len(out) < n:
        left = [4] * NUM_KINDS
        tiles: list[int] = []
        while len(tiles) < 12:
            t = rng.randrange(NUM_KINDS)
            group = [t, t + 1, t + 2] if t < 27 and t % 9 <= 6 and rng.random() < 0.6 else [t] * 3
            if all(left[u] >= group.count(u) for u in group):
                for u in group:
                    left[u] -= 1
                tiles += group
        pair = rng.randrange(NUM_KINDS)
        if left[pair] >= 2:
            tiles += [pair, pair]
            tiles.remove(rng.choice(tiles))
            out.append(sorted(tiles))
    return out


def counts_of(tiles: Sequence[int]) -> tuple[int, ...]:
    counts = [0] * NUM_KINDS
    for t in tiles:
        counts[t] += 1
    return tuple(counts)


def seconds(run: Callable[[Any], object], items: Sequence[Any]) -> float:
    start = time.perf_counter()
    for item in items:
        run(item)
    return time.perf_counter() - start


def best_rate(run: Callable[[Any], object], items: Sequence[Any]) -> float:
    """Calls per second, best of `PASSES` passes."""
    return len(items) / min(seconds(run, items) for _ in range(PASSES))


def paired(
    ours: Callable[[Any], object],
    our_items: Sequence[Any],
    theirs: Callable[[Any], object],
    their_items: Sequence[Any],
) -> tuple[float, float, float]:
    """Our rate, their rate and the median ratio of passes run back to back.

    Alternating the two keeps a burst of load from other processes from landing on one
    side only.
    """
    ratios, mine, other = [], [], []
    for _ in range(PASSES):
        a = seconds(ours, our_items) / len(our_items)
        b = seconds(theirs, their_items) / len(their_items)
        mine.append(a)
        other.append(b)
        ratios.append(b / a)
    return 1 / min(mine), 1 / min(other), sorted(ratios)[len(ratios) // 2]


def report(label: str, rate: float) -> None:
    print(f"  {label:<48} {rate:>12,.0f} hands/s  ({1e6 / rate:8.2f} us/hand)")


def main() -> None:
    figures = Figures.from_argv(__file__)
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 20_000
    rng = random.Random(2024)
    hands13 = [counts_of(h) for h in random_hands(rng, n, 13)]
    ready13 = [counts_of(h) for h in near_ready_hands(rng, n // 4)]
    hands16 = [counts_of(h) for h in random_hands(rng, n // 2, 16)]
    warm = [counts_of(h) for h in random_hands(rng, 3 * n, 13)]

    start = time.perf_counter()
    for c in hands13:
        shanten(c)
    cold = len(hands13) / (time.perf_counter() - start)
    for c in warm:
        shanten(c)
        waits(c)
    for c in ready13:
        waits(c)

    print(f"random 13-tile hands: {len(hands13)}; near-ready: {len(ready13)}")
    report("shanten, all MCR forms (cold tables, first pass)", cold)
    figures.add("shanten, random 13-tile hands, cold tables", "hands/s", cold)
    alone = {}  # the figures without a peer, reported where PyMahjongGB is missing
    for label, run, items, measure in (
        ("shanten, all MCR forms", shanten, hands13, "shanten, random 13-tile hands"),
        ("waits, random hands", waits, hands13, "waits, random 13-tile hands"),
        ("waits, near-ready hands", waits, ready13, "waits, near-ready 13-tile hands"),
    ):
        alone[measure] = best_rate(run, items)
        report(label, alone[measure])

    print(f"random 16-tile hands: {len(hands16)} (Taiwanese LRC forms; no peer)")
    for c in hands16:
        waits(c)
    for label, run in (("shanten, all Taiwanese forms", shanten), ("waits, random hands", waits)):
        rate = best_rate(run, hands16)
        report(label, rate)
        figures.add(f"{label.split(',')[0]}, random 16-tile hands (Taiwanese)", "hands/s", rate)

    try:
        import MahjongGB  # type: ignore[import-not-found]
    except ImportError:
        print("PyMahjongGB not installed: no ratios")
        for measure, rate in alone.items():
            figures.add(measure, "hands/s", rate)
        figures.emit()
        return

    def gb_tiles(counts: tuple[int, ...]) -> tuple[str, ...]:
        return tuple(GB_NAMES[t] for t in range(NUM_KINDS) for _ in range(counts[t]))

    gb13 = [gb_tiles(c) for c in hands13]
    gb_ready = [gb_tiles(c) for c in ready13]

    def gb_shanten(tiles: tuple[str, ...]) -> int:
        return int(MahjongGB.MahjongShanten((), tiles))

    def gb_scan(tiles: tuple[str, ...]) -> list[str]:
        found = []
        for name in GB_NAMES:
            try:
                MahjongGB.MahjongFanCalculator((), tiles, name, 0, False, False, False, False, 0, 0)
            except TypeError:
                continue
            found.append(name)
        return found

    print("PyMahjongGB 1.4.0 on the same 13-tile hands, passes alternating with ours")
    few = max(1, len(hands13) // 10)
    rows = [
        ("shanten vs MahjongShanten", paired(shanten, hands13, gb_shanten, gb13), 2),
        (
            f"waits vs 34-call scan, random hands ({few})",
            paired(waits, hands13[:few], gb_scan, gb13[:few]),
            4,
        ),
        (
            "waits vs 34-call scan, near-ready hands",
            paired(waits, ready13, gb_scan, gb_ready),
            4,
        ),
    ]
    measures = (
        ("shanten, random 13-tile hands", "PyMahjongGB MahjongShanten"),
        ("waits, random 13-tile hands", "PyMahjongGB, 34-call scan"),
        ("waits, near-ready 13-tile hands", "PyMahjongGB, 34-call scan"),
    )
    for (label, (mine, theirs, ratio), target), (measure, peer) in zip(rows, measures, strict=True):
        figures.add(measure, "hands/s", mine, peer=peer, theirs=theirs, ratio=ratio)
        print(f"  {label}")
        report("    ours", mine)
        report("    PyMahjongGB", theirs)
        verdict = "met" if ratio >= target else "NOT met"
        median = f"median of {PASSES} paired passes"
        print(f"    ratio ({median}): {ratio:.1f}x  (target {target}x: {verdict})")
    figures.emit()


if __name__ == "__main__":
    main()
