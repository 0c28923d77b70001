"""A run's hands played on a Ray cluster (the ``ray`` extra; docs/scale.md).

The run is cut into shards of `SHARD_HANDS` hands (`mahjongkit.sim.shards`), each a Ray
task. Tasks are handed out a window ahead of the next shard due (twice the cluster's CPUs),
their results taken as they finish (``ray.wait``) and handed back in hand order, so the
statistics and records are exactly those of ``--workers 1``. A task whose worker process
or node is lost is played again by Ray (`RETRIES` times), with the same result: a shard is
a pure function of its arguments. With ``shard_records`` each task also writes its hands'
records lines to ``FOLDER/shard-FIRST-LAST.jsonl`` (a local folder, or any fsspec URL
when ``fsspec`` is installed): the files in name order are the run's records file.

This is the only module that imports Ray.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace
from typing import Any, TypeVar

from mahjongkit.sim.errors import RunFailedError, WorkerLostError
from mahjongkit.sim.records import record_line
from mahjongkit.sim.selfplay import HandJob, HandOutcome
from mahjongkit.sim.shards import Shard, ShardResult, play_shard, shards_of_jobs

SHARD_HANDS = 100
"""Hands per Ray task: enough that a task's own cost (milliseconds) is small beside it."""

R = TypeVar("R")

RETRIES = 3
"""How many times Ray plays a shard again when its worker process or node is lost."""

POLL = 0.5
"""Seconds between looks at the stop request while waiting for the tasks."""


def write_shard_records(folder: str, result: ShardResult, settings: dict[str, Any]) -> str:
    """Write the shard's records lines to ``folder`` (a path, or an fsspec URL when fsspec
    is installed); the file's name."""
    name = f"{result.shard.name}.jsonl"
    data = "".join(record_line(out, settings) for out in result.outcomes if out.record)
    if "://" in folder:
        try:
            import fsspec
        except ImportError:
            raise ValueError(
                f"writing records to {folder} needs fsspec (pip install fsspec)"
            ) from None
        with fsspec.open(f"{folder.rstrip('/')}/{name}", "w") as f:
            f.write(data)
        return name
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, name)
    part = f"{path}.{os.getpid()}.part"
    with open(part, "w", encoding="utf-8") as f:
        f.write(data)
    os.replace(part, path)  # a task played again replaces the file whole
    return name


def _play(
    shard: Shard, folder: str | None, settings: dict[str, Any], send_records: bool
) -> ShardResult:
    """A Ray task: play the shard, write its records where asked; the records travel back
    only when the driver wants them."""
    result = play_shard(shard)
    if folder is not None:
        write_shard_records(folder, result, settings)
    if send_records:
        return result
    return ShardResult(result.shard, tuple(_without_record(o) for o in result.outcomes))


class RayEngine:
    """Play runs on the Ray cluster at ``address`` (None: a cluster started here, or the
    one ``RAY_ADDRESS`` names; ``auto``: the one started on this machine by ``ray start``).

    ``shard_records`` names a folder (or URL) for each shard's records lines, with the
    run's ``settings`` (`RunSettings.to_json`) in each line; ``env`` holds environment
    variables the tasks need (a Botzone program's time limits).
    """

    def __init__(
        self,
        address: str | None = None,
        *,
        shard_hands: int = SHARD_HANDS,
        shard_records: str | None = None,
        settings: dict[str, Any] | None = None,
        retries: int = RETRIES,
        env: dict[str, str] | None = None,
    ) -> None:
        if shard_hands < 1:
            raise ValueError(f"a shard holds at least one hand, not {shard_hands}")
        if shard_records is not None and settings is None:
            raise ValueError("shard records need the run's settings")
        self.address = address
        self.shard_hands = shard_hands
        self.shard_records = shard_records
        self.settings = settings or {}
        self.retries = retries
        self.env = dict(env or {})

    def check(self) -> None:
        """`ValueError` when Ray is not installed (before a run starts)."""
        _import_ray()

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
    ) -> Iterator[HandOutcome]:
        """The outcomes of the hands ``todo``, in hand order (`mahjongkit.sim.workers.Engine`);
        `WorkerLostError` when a shard's task is lost more than ``retries`` times or raises
        (a shard records folder that cannot be written, say), `RunFailedError` when the
        cluster cannot be joined."""
        ray = join_cluster(self.address)
        keep = keep_records or self.shard_records is not None
        shards = shards_of_jobs(
            ruleset, lineup, seed, todo, size=self.shard_hands, keep_records=keep
        )
        jobs = ((s, self.shard_records, self.settings, keep_records) for s in shards)
        for result in in_order(
            ray, _play, jobs, retries=self.retries, env=self.env, stop=stop, failure=_unplayed
        ):
            yield from result.outcomes


def in_order(
    ray: Any,
    function: Callable[..., R],
    jobs: Iterable[tuple[Any, ...]],
    *,
    retries: int = RETRIES,
    env: dict[str, str] | None = None,
    stop: Callable[[], bool] = lambda: False,
    failure: Callable[[tuple[Any, ...]], str] = lambda job: "a task failed",
) -> Iterator[R]:
    """``function(*job)`` for each of ``jobs``, run as Ray tasks on the cluster ``ray`` has
    joined, results given back in the jobs' order: tasks are handed out a window ahead of
    the next result due (twice the cluster's CPUs), taken as they finish (``ray.wait``)
    and held until their turn. A task whose worker process or node is lost is run again
    (``retries`` times): a job must be a pure function of its arguments. `WorkerLostError`
    when one is lost beyond its retries or raises, saying which (``failure`` of the job:
    "hands 0-99 could not be played"); nothing more once ``stop`` answers True."""
    options: dict[str, Any] = {"max_retries": retries, "retry_exceptions": False}
    if env:
        options["runtime_env"] = {"env_vars": env}
    task = ray.remote(**options)(function)
    window = 2 * max(1, int(ray.cluster_resources().get("CPU", 1)))
    given: list[int] = []  # jobs handed out, by number, until handed back
    running: dict[Any, tuple[int, tuple[Any, ...]]] = {}  # task references, until they finish
    done: dict[int, R] = {}  # finished jobs by number: the reorder buffer
    numbered = enumerate(jobs)
    upcoming = next(numbered, None)
    try:
        while upcoming is not None or given:
            if stop():
                return
            while upcoming is not None and len(given) < window:
                running[task.remote(*upcoming[1])] = upcoming
                given.append(upcoming[0])
                upcoming = next(numbered, None)
            ready, _ = ray.wait(list(running), num_returns=1, timeout=POLL)
            for ref in ready:
                number, job = running.pop(ref)
                try:
                    done[number] = ray.get(ref)
                except Exception as err:  # lost beyond its retries, or raised (no retry)
                    why = (str(err).strip().splitlines() or [""])[-1]
                    raise WorkerLostError(
                        f"{failure(job)} on the Ray cluster"
                        f" ({type(err).__name__}: {why}); the run stops"
                    ) from None
            while given and given[0] in done:
                yield done.pop(given.pop(0))
    finally:
        for ref in running:
            ray.cancel(ref, force=True)


def _unplayed(job: tuple[Any, ...]) -> str:
    shard: Shard = job[0]
    return f"hands {shard.first}-{shard.last} could not be played"


def join_cluster(address: str | None) -> Any:
    """The ``ray`` module, joined to the cluster at ``address`` (as `RayEngine` says) if
    this process has not joined one; `RunFailedError` when it cannot."""
    ray = _import_ray()
    if not ray.is_initialized():
        try:
            ray.init(
                address=address,
                include_dashboard=False,
                log_to_driver=False,
                configure_logging=False,
            )
        except Exception as err:  # Ray's own errors: no cluster there, a version mismatch
            where = address or "RAY_ADDRESS or this machine"
            raise RunFailedError(f"cannot start or join the Ray cluster ({where}): {err}") from None
    return ray


def _import_ray() -> Any:
    try:
        import ray
    except ImportError as err:
        raise ValueError(f"--engine ray needs Ray: pip install 'mahjongkit[ray]' ({err})") from None
    return ray


def _without_record(out: HandOutcome) -> HandOutcome:
    if not out.record:
        return out
    return replace(out, record="")


__all__ = [
    "POLL",
    "RETRIES",
    "SHARD_HANDS",
    "RayEngine",
    "in_order",
    "join_cluster",
    "write_shard_records",
]
