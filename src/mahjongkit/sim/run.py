"""A self-play run: its hands played on one or several processes, merged in hand order.

Hands are cut into chunks of consecutive hands; each worker process plays whole chunks
and the chunks come back in order, so the statistics (and any records) are the same for
any number of workers.

>>> run = simulate("mcr", ("random",) * 4, hands=3, seed=1)
>>> run.stats.hands, len(run.outcomes)
(3, 3)
>>> simulate("mcr", ("random",) * 4, hands=3, seed=1).outcomes == run.outcomes
True
"""

from __future__ import annotations

import multiprocessing
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from mahjongkit.bots import BOTS
from mahjongkit.rules.ruleset import get_ruleset
from mahjongkit.sim.selfplay import HandJob, HandOutcome, jobs, play_job
from mahjongkit.sim.stats import Stats

CHUNK = 8
"""Hands per chunk sent to a worker: small enough for a smooth progress bar."""


@dataclass(frozen=True)
class Run:
    """A finished run: its statistics, every hand's outcome in order, the time it took."""

    stats: Stats
    outcomes: tuple[HandOutcome, ...]
    seconds: float


_Task = tuple[str, tuple[str, ...], int, tuple[HandJob, ...], bool]


def _play_chunk(task: _Task) -> list[HandOutcome]:
    ruleset, lineup, seed, chunk, keep = task
    return [play_job(ruleset, lineup, seed, job, keep_record=keep) for job in chunk]


def simulate(
    ruleset: str,
    lineup: Sequence[str],
    *,
    hands: int,
    seed: int = 0,
    workers: int = 1,
    duplicate: bool = False,
    keep_records: bool = False,
    progress: Callable[[int], None] | None = None,
) -> Run:
    """Play ``hands`` hands (walls; four hands each with ``duplicate``) between the bots.

    ``lineup`` names four bots (line-up position 0 sits East on the first rotation);
    ``progress`` is called with the number of hands just finished.
    """
    name = get_ruleset(ruleset).name
    names = tuple(lineup)
    if len(names) != 4:
        raise ValueError(f"a table needs four bots, not {len(names)}")
    for bot in names:
        if bot not in BOTS:
            raise ValueError(f"unknown bot {bot!r}; known: {', '.join(sorted(BOTS))}")
    if workers < 1:
        raise ValueError(f"workers must be at least 1, not {workers}")
    todo = jobs(hands, duplicate)
    chunks = [tuple(todo[i : i + CHUNK]) for i in range(0, len(todo), CHUNK)]
    tasks: list[_Task] = [(name, names, seed, c, keep_records) for c in chunks]
    stats = Stats(name, names)
    outcomes: list[HandOutcome] = []
    start = time.perf_counter()

    def take(done: list[HandOutcome]) -> None:
        for out in done:
            stats.add(out)
        outcomes.extend(done)
        if progress is not None:
            progress(len(done))

    if workers == 1 or len(tasks) <= 1:
        for task in tasks:
            take(_play_chunk(task))
    else:
        with multiprocessing.get_context("fork").Pool(workers) as pool:
            for done in pool.imap(_play_chunk, tasks):
                take(done)
    return Run(stats, tuple(outcomes), time.perf_counter() - start)


__all__ = ["CHUNK", "Run", "simulate"]
