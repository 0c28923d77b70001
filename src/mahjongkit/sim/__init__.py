"""Self-play simulation: many hands between bots, on several processes, with statistics.

>>> from mahjongkit.sim import simulate
>>> simulate("mcr", ("random",) * 4, hands=2, seed=3).stats.hands
2
"""

from __future__ import annotations

from mahjongkit.sim.run import Run, RunSettings, play_run, simulate
from mahjongkit.sim.selfplay import HandJob, HandOutcome, hand_seed, jobs, play_job
from mahjongkit.sim.stats import Stats, mean_interval, paired_gains

__all__ = [
    "HandJob",
    "HandOutcome",
    "Run",
    "RunSettings",
    "Stats",
    "hand_seed",
    "jobs",
    "mean_interval",
    "paired_gains",
    "play_job",
    "play_run",
    "simulate",
]
