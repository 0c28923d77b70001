"""The shard contract: a run cut into shards of consecutive hands, played anywhere.

A shard is ``(ruleset, bots, seed, first hand, last hand, duplicate)`` (and the wall's
seatings): playing it (`play_shard`) is a pure function of those arguments, since every
hand is a pure function of the run's seed and its number. So shards may be played in any
order, on any process or machine, and played again when their player is lost; putting
their outcomes back in hand order (`in_hand_order`) gives exactly the one-process run,
statistics and records alike. The process pool (`mahjongkit.sim.workers`) and the Ray
engine (`mahjongkit.sim.ray_engine`) both play shards.

>>> shards = list(cut_shards("mcr", ("random",) * 4, 1, range(5), size=2))
>>> [(s.first, s.last) for s in shards]
[(0, 1), (2, 3), (4, 4)]
>>> played = [play_shard(s) for s in reversed(shards)]
>>> [o.index for o in in_hand_order(played, shards)]
[0, 1, 2, 3, 4]
>>> one = play_shard(Shard("mcr", ("random",) * 4, 1, 0, 4))
>>> one.outcomes == tuple(in_hand_order(played, shards))
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from mahjongkit.sim.selfplay import HandJob, HandOutcome, job_at, play_job
from mahjongkit.sim.stats import Stats


@dataclass(frozen=True, slots=True)
class Shard:
    """Hands ``first`` to ``last`` (both included) of a run; ``keep_records`` asks for each
    hand's record too.

    >>> Shard("mcr", ("random",) * 4, 7, 8, 11, duplicate=True).jobs()[1]
    HandJob(index=9, wall=2, rotation=1)
    """

    ruleset: str
    bots: tuple[str, ...]
    seed: int
    first: int
    last: int
    duplicate: bool = False
    seatings: int = 4
    keep_records: bool = False

    @property
    def hands(self) -> int:
        """How many hands the shard plays."""
        return self.last - self.first + 1

    def jobs(self) -> list[HandJob]:
        """The shard's hands, in order."""
        return [job_at(i, self.duplicate, self.seatings) for i in range(self.first, self.last + 1)]

    @property
    def name(self) -> str:
        """The shard's name in a folder of shard records: sorted names are hand order.

        >>> Shard("mcr", ("random",) * 4, 1, 100, 199).name
        'shard-000000000100-000000000199'
        """
        return f"shard-{self.first:012d}-{self.last:012d}"


@dataclass(frozen=True, slots=True)
class ShardResult:
    """A played shard: its outcomes in hand order (with records when it kept them)."""

    shard: Shard
    outcomes: tuple[HandOutcome, ...]

    def stats(self) -> Stats:
        """The shard's own statistics."""
        stats = Stats(self.shard.ruleset, self.shard.bots)
        for out in self.outcomes:
            stats.add(out)
        return stats


def play_shard(shard: Shard) -> ShardResult:
    """Play the shard's hands: the same outcomes wherever and however often it is played."""
    return ShardResult(
        shard,
        tuple(
            play_job(shard.ruleset, shard.bots, shard.seed, job, keep_record=shard.keep_records)
            for job in shard.jobs()
        ),
    )


def cut_shards(
    ruleset: str,
    bots: tuple[str, ...],
    seed: int,
    hands: Iterable[int],
    *,
    size: int,
    duplicate: bool = False,
    seatings: int = 4,
    keep_records: bool = False,
) -> Iterator[Shard]:
    """Shards of at most ``size`` hands over the hand numbers ``hands`` (rising; a gap, as
    in a resumed run, starts a new shard)."""
    if size < 1:
        raise ValueError(f"a shard holds at least one hand, not {size}")
    first = last = -1
    for index in hands:
        if first >= 0 and (index != last + 1 or last - first + 1 >= size):
            yield Shard(ruleset, bots, seed, first, last, duplicate, seatings, keep_records)
            first = -1
        if first < 0:
            first = index
        last = index
    if first >= 0:
        yield Shard(ruleset, bots, seed, first, last, duplicate, seatings, keep_records)


def shards_of_jobs(
    ruleset: str,
    bots: tuple[str, ...],
    seed: int,
    todo: Iterable[HandJob],
    *,
    size: int | Callable[[], int],
    keep_records: bool = False,
) -> Iterator[Shard]:
    """Shards of at most ``size`` hands over a run's hands to play (`job_at`'s, with or
    without duplicate, rising); `ValueError` for a hand that is not one of a run's. A
    callable ``size`` is asked as each shard starts (a pool sizes its chunks so).

    >>> from mahjongkit.sim.selfplay import jobs
    >>> [(s.first, s.last, s.duplicate) for s in shards_of_jobs(
    ...     "mcr", ("random",) * 4, 1, jobs(3, True)[5:], size=4)]
    [(5, 8, True), (9, 11, True)]
    """
    if not callable(size) and size < 1:
        raise ValueError(f"a shard holds at least one hand, not {size}")
    sized = size if callable(size) else lambda: size
    most = 1
    first = last = -1
    duplicate, seatings = False, 4
    for job in todo:
        # Hand 0 is the same hand with or without duplicate; any other hand says which.
        dup = job.rotation != 0 or job.wall != job.index or job.seatings != 4
        if job != job_at(job.index, dup, job.seatings):
            raise ValueError(f"hand {job.index} is not one of a run's hands: {job!r}")
        if first >= 0 and (job.index != last + 1 or last - first + 1 >= most):
            yield Shard(ruleset, bots, seed, first, last, duplicate, seatings, keep_records)
            first = -1
        if first < 0:
            first = job.index
            most = max(1, sized())
            duplicate, seatings = dup, job.seatings
        duplicate = duplicate or dup
        last = job.index
    if first >= 0:
        yield Shard(ruleset, bots, seed, first, last, duplicate, seatings, keep_records)


def in_hand_order(results: Iterable[ShardResult], shards: Iterable[Shard]) -> Iterator[HandOutcome]:
    """The outcomes of ``results`` (in any order) in the order of ``shards``: each shard's
    outcomes as soon as it and every shard before it are in."""
    waiting: dict[int, ShardResult] = {}
    it = iter(results)
    for shard in shards:
        while shard.first not in waiting:
            result = next(it, None)
            if result is None:
                raise ValueError(f"hands {shard.first}-{shard.last} were never played")
            waiting[result.shard.first] = result
        yield from waiting.pop(shard.first).outcomes


__all__ = [
    "Shard",
    "ShardResult",
    "cut_shards",
    "in_hand_order",
    "play_shard",
    "shards_of_jobs",
]
