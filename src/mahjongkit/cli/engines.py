"""The options that choose where a run's hands are played: ``--engine processes`` (the
``--workers`` processes of this machine) or ``--engine ray`` (a Ray cluster, the ``ray``
extra: docs/scale.md), shared by ``simulate`` and ``botzone-match``."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from mahjongkit.cli.app import whole_number_option
from mahjongkit.sim.workers import Engine

ENGINES = ("processes", "ray")

EngineOption = Annotated[
    str,
    typer.Option(
        help="Where to play: processes (--workers on this machine) or ray (a Ray cluster,"
        " the ray extra; the same results either way).",
    ),
]
AddressOption = Annotated[
    str | None,
    typer.Option(
        help="With --engine ray, the cluster to join: auto (the one `ray start` began on this"
        " machine) or HOST:PORT (default: RAY_ADDRESS, else a cluster of this machine"
        " started for the run).",
    ),
]
ShardHandsOption = Annotated[
    int,
    typer.Option(
        help="With --engine ray, hands per Ray task.",
        parser=whole_number_option("shard-hands", 1, 10**6),
    ),
]
ShardRecordsOption = Annotated[
    str | None,
    typer.Option(
        help="With --engine ray, each task writes its hands' records lines to"
        " FOLDER/shard-FIRST-LAST.jsonl (a folder every node can reach, or an fsspec URL"
        " such as s3://bucket/run with fsspec installed); the files in name order are"
        " the run's records file.",
        metavar="FOLDER",
    ),
]


def engine_of(
    engine: str,
    address: str | None,
    shard_hands: int,
    shard_records: str | None,
    settings: dict[str, Any],
    env: dict[str, str] | None = None,
) -> Engine | None:
    """The engine the options name (None: the processes of ``--workers``); `ValueError`
    naming the option that is wrong."""
    if engine not in ENGINES:
        raise ValueError(f"unknown --engine {engine!r}; known: {', '.join(ENGINES)}")
    if engine == "processes":
        for name, given in (("--address", address), ("--shard-records", shard_records)):
            if given is not None:
                raise ValueError(f"{name} goes with --engine ray")
        return None
    from mahjongkit.sim.ray_engine import SHARD_HANDS, RayEngine

    ray = RayEngine(
        address,
        shard_hands=shard_hands or SHARD_HANDS,
        shard_records=shard_records,
        settings=settings,
        env=env,
    )
    ray.check()
    return ray


__all__ = [
    "ENGINES",
    "AddressOption",
    "EngineOption",
    "ShardHandsOption",
    "ShardRecordsOption",
    "engine_of",
]
