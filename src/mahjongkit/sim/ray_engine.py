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
from typing import Any

from mahjongkit.sim.errors import RunFailedError, WorkerLostError
from mahjongkit.sim.records import record_line
from mahjongkit.sim.selfplay import HandJob, HandOutcome
from mahjongkit.sim.shards import Shard, ShardResult, play_shard, shards_of_jobs

SHARD_HANDS = 100
"""Hands per Ray task: enough that a task's own cost (milliseconds) is small beside it."""

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

    def _ray(self) -> Any:
        ray = _import_ray()
        if not ray.is_initialized():
            try:
                ray.init(
                    address=self.address,
                    include_dashboard=False,
                    log_to_driver=False,
                    configure_logging=False,
                )
            except Exception as err:  # Ray's own errors: no cluster there, a version mismatch
                where = self.address or "RAY_ADDRESS or this machine"
                raise RunFailedError(
                    f"cannot start or join the Ray cluster ({where}): {err}"
                ) from None
        return ray

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
        ray = self._ray()
        keep = keep_records or self.shard_records is not None
        shards = shards_of_jobs(
            ruleset, lineup, seed, todo, size=self.shard_hands, keep_records=keep
        )
        options: dict[str, Any] = {"max_retries": self.retries, "retry_exceptions": False}
        if self.env:
            options["runtime_env"] = {"env_vars": self.env}
        task = ray.remote(**options)(_play)
        window = 2 * max(1, int(ray.cluster_resources().get("CPU", 1)))
        given: list[Shard] = []  # shards handed out, in hand order, until handed back
        running: dict[Any, Shard] = {}  # task references, until they finish
        done: dict[int, ShardResult] = {}  # finished shards by first hand: the reorder buffer
        upcoming = next(shards, None)
        try:
            while upcoming is not None or given:
                if stop():
                    return
                while upcoming is not None and len(given) < window:
                    ref = task.remote(upcoming, self.shard_records, self.settings, keep_records)
                    running[ref] = upcoming
                    given.append(upcoming)
                    upcoming = next(shards, None)
                ready, _ = ray.wait(list(running), num_returns=1, timeout=POLL)
                for ref in ready:
                    shard = running.pop(ref)
                    try:
                        done[shard.first] = ray.get(ref)
                    except Exception as err:  # lost beyond its retries, or raised (no retry)
                        why = (str(err).strip().splitlines() or [""])[-1]
                        raise WorkerLostError(
                            f"hands {shard.first}-{shard.last} could not be played on the Ray"
                            f" cluster ({type(err).__name__}: {why}); the run stops"
                        ) from None
                while given and given[0].first in done:
                    yield from done.pop(given.pop(0).first).outcomes
        finally:
            for ref in running:
                ray.cancel(ref, force=True)


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


__all__ = ["POLL", "RETRIES", "SHARD_HANDS", "RayEngine", "write_shard_records"]
