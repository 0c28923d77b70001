"""Hands played on worker processes and handed back in hand order.

The hands are cut into shards (`mahjongkit.sim.shards`) of consecutive hands, called
chunks here, `CHUNK` hands at first and then about `CHUNK_SECONDS` of play each at the
pace the last chunk showed; each worker has `IN_FLIGHT` chunks at a time, the next one
waiting in its pipe while it plays one, so it never waits for the parent between chunks.
Another engine (Ray,
`mahjongkit.sim.ray_engine`) can play the shards instead: see `Engine`.

Chunks finished ahead of the next one due wait in a reorder buffer of at most
``(IN_FLIGHT + 1) * workers`` chunks (no chunk further ahead is handed out), so memory does
not grow with the run. A worker that dies (killed by the out-of-memory killer, say) is seen
within `POLL` seconds: its chunks are played again on a new worker, with the same result, since
every hand is a pure function of the run seed and its number; a chunk whose worker dies
`ATTEMPTS` times stops the run with `WorkerLostError`.

>>> from mahjongkit.sim.selfplay import jobs
>>> outs = list(play_in_order("mcr", ("random",) * 4, 1, jobs(20, False), workers=2))
>>> [o.index for o in outs] == list(range(20))
True
"""

from __future__ import annotations

import contextlib
import heapq
import multiprocessing
import os
import signal
import time
from collections.abc import Callable, Generator, Iterable, Iterator
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess
from typing import Protocol

from mahjongkit.sim.errors import WorkerLostError
from mahjongkit.sim.selfplay import HandJob, HandOutcome, play_job
from mahjongkit.sim.shards import Shard, play_shard, shards_of_jobs

CHUNK = 8
"""Hands in each of a run's first chunks, and the fewest in any: small enough for a smooth
progress bar."""

CHUNK_SECONDS = 0.1
"""About how long a chunk should take a worker: once a chunk has come back, the next are
sized to it (at least `CHUNK`, at most `MOST_HANDS` hands), so quick bots go in chunks
large enough that sending them costs little beside playing them, and slow bots' chunks
stay small."""

MOST_HANDS = 128
"""The most hands in a chunk."""

IN_FLIGHT = 2
"""Chunks given to a worker at a time: with one, a worker that sent its outcomes waited for
the parent to read them and send the next chunk (on two cores, for its turn on one)."""

ATTEMPTS = 3
"""How many times a chunk is given to a worker before its worker's deaths stop the run."""

POLL = 0.5
"""Seconds between looks at the stop request while waiting for the workers."""

_Chunk = Shard


class Engine(Protocol):
    """Somewhere else to play a run's hands: the outcomes of its hands ``todo`` in hand
    order (`mahjongkit.sim.shards.in_hand_order`), as `play_in_order` hands them back."""

    def outcomes(
        self,
        ruleset: str,
        lineup: tuple[str, ...],
        seed: int,
        todo: Iterable[HandJob],
        *,
        keep_records: bool,
        stop: Callable[[], bool],
        warn: Callable[[str], None] | None,
    ) -> Iterator[HandOutcome]: ...


def _never() -> bool:
    return False


def play_in_order(
    ruleset: str,
    lineup: tuple[str, ...],
    seed: int,
    todo: Iterable[HandJob],
    *,
    workers: int = 1,
    keep_records: bool = False,
    stop: Callable[[], bool] = _never,
    warn: Callable[[str], None] | None = None,
    engine: Engine | None = None,
) -> Generator[HandOutcome, None, None]:
    """The outcomes of the hands ``todo`` (in hand order), in that order.

    With an ``engine`` (Ray, say) it plays them and ``workers`` is not used. With one
    worker the hands are played here, one by one. ``stop`` is asked between hands
    (or while waiting for the workers): when it answers true no more hands are given out
    and the outcomes end early. ``warn`` hears of each worker that died.
    """
    if workers < 1:
        raise ValueError(f"workers must be at least 1, not {workers}")
    if engine is not None:
        outcomes = engine.outcomes(
            ruleset, lineup, seed, todo, keep_records=keep_records, stop=stop, warn=warn
        )
        try:
            yield from outcomes
        finally:
            close = getattr(outcomes, "close", None)
            if close is not None:
                close()
        return
    if workers == 1:
        for job in todo:
            if stop():
                return
            yield play_job(ruleset, lineup, seed, job, keep_record=keep_records)
        return
    pool = _Pool(ruleset, lineup, seed, keep_records, workers, warn)
    try:
        chunks = shards_of_jobs(
            ruleset, lineup, seed, todo, size=pool.chunk_hands, keep_records=keep_records
        )
        yield from pool.outcomes(chunks, stop)
    finally:
        pool.close()


def _serve(conn: Connection, parent: int, inherited: list[Connection]) -> None:
    """A worker: play each chunk it is sent, send back its outcomes; end with the parent.

    ``inherited``: the parent's ends of the pipes, which the fork copied; closed, so that
    once the parent is gone nobody holds them and a send fails rather than waits."""
    # Ctrl-C reaches the whole process group: the parent alone decides to stop.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    for end in inherited:
        end.close()
    while True:
        # The parent killed: nobody to play for, nor to read outcomes, a chunk waiting or not.
        if os.getppid() != parent:
            return
        if not conn.poll(POLL):
            continue
        try:
            chunk: _Chunk | None = conn.recv()
        except EOFError:
            return
        if chunk is None:
            return
        try:
            conn.send(list(play_shard(chunk).outcomes))
        except OSError:  # the parent is gone
            return


class _Worker:
    """One worker process, its end of the pipe and the chunk it is playing."""

    def __init__(self, process: BaseProcess, conn: Connection) -> None:
        self.process = process
        self.conn = conn
        self.chunks: list[int] = []
        """The chunks it has been given and not sent back, in the order it plays them."""
        self.sent: dict[int, float] = {}
        """When each of them was sent (`time.perf_counter`)."""
        self.last = 0.0
        """When it last sent outcomes back: the chunk after began then, if it was there."""


def _death(process: BaseProcess) -> str:
    code = process.exitcode
    if code is not None and code < 0:
        return f"killed by {signal.Signals(-code).name}"
    return f"exited with status {code}"


class _Pool:
    """Worker processes fed chunk by chunk, replaced when they die."""

    def __init__(
        self,
        ruleset: str,
        lineup: tuple[str, ...],
        seed: int,
        keep_records: bool,
        size: int,
        warn: Callable[[str], None] | None,
    ) -> None:
        self.task = (ruleset, lineup, seed, keep_records)
        self.size = size
        self.warn = warn
        self.workers: list[_Worker] = []
        self.context = multiprocessing.get_context("fork")
        self.pace = 0.0
        """Seconds a hand took in the chunk that came back last (0: none yet)."""

    def chunk_hands(self) -> int:
        """Hands for the next chunk: about `CHUNK_SECONDS` of play at the last chunk's pace.

        >>> pool = _Pool("mcr", ("random",) * 4, 1, False, 2, None)
        >>> pool.chunk_hands()  # nothing played yet
        8
        >>> pool.pace = 0.0005; pool.chunk_hands()  # quick bots: 2,000 hands a second
        128
        >>> pool.pace = 0.004; pool.chunk_hands()
        25
        >>> pool.pace = 0.5; pool.chunk_hands()  # a slow bot's chunks stay small
        8
        """
        if self.pace <= 0:
            return CHUNK
        return max(CHUNK, min(MOST_HANDS, int(CHUNK_SECONDS / self.pace)))

    def _start(self) -> None:
        mine, theirs = self.context.Pipe()
        inherited = [mine] + [w.conn for w in self.workers]
        process = self.context.Process(
            target=_serve, args=(theirs, os.getpid(), inherited), daemon=True
        )
        process.start()
        theirs.close()
        self.workers.append(_Worker(process, mine))

    def outcomes(self, chunks: Iterator[_Chunk], stop: Callable[[], bool]) -> Iterator[HandOutcome]:
        window = (IN_FLIGHT + 1) * self.size
        playing: dict[int, _Chunk] = {}  # chunks given out, by number, until they come back
        done: dict[int, list[HandOutcome]] = {}  # the reorder buffer
        again: list[int] = []  # chunks whose worker died, to give out first
        tries: dict[int, int] = {}
        numbered = enumerate(chunks)
        upcoming = next(numbered, None)
        due = 0  # the next chunk to hand back
        for _ in range(self.size):
            self._start()
        while upcoming is not None or playing or done:
            if stop():
                return
            for depth in range(1, IN_FLIGHT + 1):
                for worker in self.workers:
                    if len(worker.chunks) >= depth:
                        continue
                    if again:
                        number = heapq.heappop(again)
                    elif upcoming is not None and upcoming[0] < due + window:
                        number, chunk = upcoming
                        playing[number] = chunk
                        upcoming = next(numbered, None)
                    else:
                        break
                    tries[number] = tries.get(number, 0) + 1
                    worker.chunks.append(number)
                    worker.sent[number] = time.perf_counter()
                    with contextlib.suppress(OSError):  # it died: seen below
                        worker.conn.send(playing[number])
            busy = [w.conn for w in self.workers if w.chunks]
            ready = wait(busy + [w.process.sentinel for w in self.workers], POLL)
            for worker in self.workers:
                if worker.chunks and worker.conn in ready:
                    number = worker.chunks[0]
                    try:
                        done[number] = worker.conn.recv()
                    except (EOFError, OSError):
                        continue  # it died: seen below
                    now = time.perf_counter()
                    hands = len(done[number])
                    if hands:
                        began = max(worker.sent.pop(number), worker.last)
                        self.pace = (now - began) / hands
                    worker.last = now
                    worker.chunks.pop(0)
                    del playing[number], tries[number]
            for worker in [w for w in self.workers if not w.process.is_alive()]:
                self._bury(worker, playing, again, tries)
            while due in done:
                yield from done.pop(due)
                due += 1

    def _bury(
        self, worker: _Worker, playing: dict[int, _Chunk], again: list[int], tries: dict[int, int]
    ) -> None:
        """A dead worker: its chunks go back to be played again, a new worker takes its place."""
        self.workers.remove(worker)
        worker.conn.close()
        for n, number in enumerate(worker.chunks):
            if n:  # waiting in its pipe, never played: not held against it
                tries[number] -= 1
                heapq.heappush(again, number)
                continue
            chunk = playing[number]
            hands = f"hands {chunk.first}-{chunk.last}"
            how = _death(worker.process)
            if tries[number] >= ATTEMPTS:
                raise WorkerLostError(
                    f"the worker playing {hands} died {tries[number]} times (last {how},"
                    f" process {worker.process.pid}); the run stops"
                )
            if self.warn is not None:
                self.warn(
                    f"worker process {worker.process.pid} {how} while playing {hands};"
                    " playing them again on a new worker"
                )
            heapq.heappush(again, number)
        self._start()

    def close(self) -> None:
        """Stop every worker (ended, stopped or failed run alike)."""
        for worker in self.workers:
            if worker.process.is_alive():
                worker.process.terminate()
        for worker in self.workers:
            worker.process.join()
            worker.conn.close()
        self.workers = []


__all__ = [
    "ATTEMPTS",
    "CHUNK",
    "CHUNK_SECONDS",
    "IN_FLIGHT",
    "MOST_HANDS",
    "POLL",
    "Engine",
    "play_in_order",
]
