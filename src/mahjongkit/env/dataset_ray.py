"""A dataset's records turned into rows on a Ray cluster (``mahjongkit dataset --engine
ray``, the ``ray`` extra; docs/scale.md).

The records are read here, in order, and handed out in batches of about `BATCH_HANDS`
hands, each batch a Ray task (`mahjongkit.sim.ray_engine.in_order`: a window of tasks
ahead, a lost task run again); the rows come back batch by batch in the records' order
and are written here, so the file holds exactly the rows ``--engine processes`` writes.
The cluster's nodes need the ``rl`` extra (NumPy) beside the ``ray`` one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any

from mahjongkit.sim.ray_engine import RETRIES, in_order, join_cluster

from .dataset import Item, RecordRows, Skipped, records_rows

BATCH_HANDS = 100
"""Hands per Ray task (the shards' `SHARD_HANDS`): seconds of work, about 57 MB of rows
to send back (100 MCR hands of random bots)."""


def batches(items: Iterable[Item], hands: int = BATCH_HANDS) -> Iterator[list[Item]]:
    """The records in order, cut into batches of at least ``hands`` hands (the last may
    hold fewer; a skipped record counts none).

    >>> skip = Skipped("x", "invalid_json", "not JSON")
    >>> [len(b) for b in batches([skip] * 5, hands=2)]
    [5]
    """
    batch: list[Item] = []
    count = 0
    for item in items:
        batch.append(item)
        if not isinstance(item, Skipped):
            count += len(item.hands)
        if count >= hands:
            yield batch
            batch, count = [], 0
    if batch:
        yield batch


def rows_on_ray(
    address: str | None = None,
    batch_hands: int = BATCH_HANDS,
    retries: int = RETRIES,
    stop: Callable[[], bool] = lambda: False,
) -> Callable[[Iterable[Item]], Iterator[RecordRows]]:
    """A turner of records into rows (`mahjongkit.env.dataset.build`'s ``rows``) whose work
    is done by the Ray cluster at ``address`` (None: ``RAY_ADDRESS``, else a cluster of
    this machine started for the run; ``auto``: the one ``ray start`` began here)."""

    def rows(items: Iterable[Item]) -> Iterator[RecordRows]:
        ray = join_cluster(address)
        jobs = ((batch,) for batch in batches(items, batch_hands))
        for done in in_order(
            ray, records_rows, jobs, retries=retries, stop=stop, failure=_unturned
        ):
            yield from done

    return rows


def _unturned(job: tuple[Any, ...]) -> str:
    batch: list[Item] = job[0]
    return f"the records from {batch[0].where} to {batch[-1].where} could not be turned into rows"


__all__ = ["BATCH_HANDS", "batches", "rows_on_ray"]
