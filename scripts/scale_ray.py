"""Measure how self-play scales on this machine: ``--workers 1`` against 2 processes, and
a one-node Ray cluster of 1 CPU against one of 2 CPUs, for the random and efficient bots,
with the cluster's start-up time (docs/scale.md). Every run is checked against the
one-process run's statistics.

Run: ``nice -n 10 python scripts/scale_ray.py [random_hands] [efficient_hands]``.
"""

from __future__ import annotations

import os
import sys
import time

import ray

from mahjongkit.sim.ray_engine import RayEngine
from mahjongkit.sim.run import RunSettings, play_run


def timed(settings: RunSettings, **how: object) -> tuple[float, dict[str, object]]:
    start = time.perf_counter()
    run = play_run(settings, **how)  # type: ignore[arg-type]
    seconds = time.perf_counter() - start
    assert run.failure == "", run.failure
    return seconds, run.stats.to_json(0)


def main() -> None:
    hands = {"random": int(sys.argv[1]) if len(sys.argv) > 1 else 1200}
    hands["efficient"] = int(sys.argv[2]) if len(sys.argv) > 2 else 300
    print(f"load average at start: {os.getloadavg()}")
    runs = {bots: RunSettings("mcr", (bots,) * 4, seed=1, hands=n) for bots, n in hands.items()}
    expected = {}
    for bots, settings in runs.items():
        one, expected[bots] = timed(settings, workers=1)
        two, stats = timed(settings, workers=2)
        assert stats == expected[bots]
        print(
            f"{bots}: {settings.hands} hands, --workers 1 {one:.1f} s, --workers 2 {two:.1f} s,"
            f" speed-up {one / two:.2f}x"
        )
    on_ray: dict[tuple[int, str], float] = {}
    for cpus in (1, 2):
        start = time.perf_counter()
        ray.init(num_cpus=cpus, include_dashboard=False, log_to_driver=False)
        # The first tasks start the node's worker processes (each imports the library):
        # part of the start-up, timed with it.
        timed(
            RunSettings("mcr", ("random",) * 4, seed=0, hands=40 * cpus),
            engine=RayEngine(shard_hands=20),
        )
        print(f"ray, one node of {cpus} CPU(s): start-up {time.perf_counter() - start:.1f} s")
        for bots, settings in runs.items():
            seconds, stats = timed(settings, engine=RayEngine())
            assert stats == expected[bots]
            on_ray[cpus, bots] = seconds
            print(
                f"  {bots}: {settings.hands} hands in {seconds:.1f} s"
                f" ({settings.hands / seconds:.0f} hands/s)"
            )
        ray.shutdown()
    for bots in runs:
        print(f"ray speed-up, 2 CPUs against 1, {bots}: {on_ray[1, bots] / on_ray[2, bots]:.2f}x")
    print(f"load average at end: {os.getloadavg()}")


if __name__ == "__main__":
    main()
