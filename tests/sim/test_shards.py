"""The shard contract without any engine: shards played in any order and merged by hand
index are the one-process run; shard records in name order are its records file, and the
``dataset`` command reads their folder as that file."""

from __future__ import annotations

import importlib
import random
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from mahjongkit.cli.app import COMMAND_MODULES, app
from mahjongkit.sim.ray_engine import write_shard_records
from mahjongkit.sim.records import RecordsFile
from mahjongkit.sim.run import RunSettings, play_run
from mahjongkit.sim.selfplay import HandJob, job_at
from mahjongkit.sim.shards import (
    Shard,
    in_hand_order,
    play_shard,
    shards_of_jobs,
)

BOTS = ("random",) * 4


@pytest.mark.parametrize("seatings", [4, 24])
def test_shards_in_any_order_merge_into_the_one_process_run(seatings: int) -> None:
    settings = RunSettings("mcr", BOTS, seed=9, hands=2, duplicate=True, seatings=seatings)
    here = play_run(settings, keep_outcomes=True, keep_records=True)
    todo = [job_at(i, True, seatings) for i in range(settings.total)]
    shards = list(shards_of_jobs("mcr", BOTS, 9, todo, size=3, keep_records=True))
    assert [s.hands for s in shards][:2] == [3, 3]
    played = [play_shard(s) for s in shards]
    random.Random(1).shuffle(played)
    assert tuple(in_hand_order(played, shards)) == here.outcomes
    assert sum(p.stats().hands for p in played) == here.stats.hands


def test_a_resumed_runs_gap_starts_a_new_shard_and_a_foreign_hand_is_refused() -> None:
    todo = [job_at(i, False) for i in (0, 1, 2, 5, 6)]
    assert [(s.first, s.last) for s in shards_of_jobs("mcr", BOTS, 1, todo, size=10)] == [
        (0, 2),
        (5, 6),
    ]
    with pytest.raises(ValueError, match="hand 3 is not one of a run's hands"):
        list(shards_of_jobs("mcr", BOTS, 1, [HandJob(3, 7, 0)], size=2))


def test_a_sized_callable_is_asked_as_each_shard_starts() -> None:
    """A pool sizes its chunks to the pace it sees: ``size`` as a callable is read anew
    for each shard, and a gap still starts a new one."""
    sizes = iter([2, 5, 1, 3, 4])
    todo = [job_at(i, False) for i in (*range(8), 10, 11, 12, 13)]
    shards = shards_of_jobs("mcr", BOTS, 1, todo, size=lambda: next(sizes))
    assert [(s.first, s.last) for s in shards] == [(0, 1), (2, 6), (7, 7), (10, 12), (13, 13)]


def test_a_missing_shard_is_named() -> None:
    shards = [Shard("mcr", BOTS, 1, 0, 1), Shard("mcr", BOTS, 1, 2, 3)]
    with pytest.raises(ValueError, match="hands 2-3 were never played"):
        list(in_hand_order([play_shard(shards[0])], shards))


def test_shard_records_folder_is_the_records_file_and_a_dataset_source(tmp_path: Path) -> None:
    numpy = pytest.importorskip("numpy")
    settings = RunSettings("mcr", BOTS, seed=3, hands=5).checked()
    with RecordsFile.create(tmp_path / "run.jsonl", settings) as records:
        play_run(settings, keep_records=True, on_hand=records.add)
    shards = list(
        shards_of_jobs(
            "mcr", BOTS, 3, (job_at(i, False) for i in range(5)), size=2, keep_records=True
        )
    )
    for shard in reversed(shards):
        write_shard_records(str(tmp_path / "shards"), play_shard(shard), settings.to_json())
    files = sorted((tmp_path / "shards").iterdir())
    assert b"".join(f.read_bytes() for f in files) == (tmp_path / "run.jsonl").read_bytes()
    for name in COMMAND_MODULES:
        importlib.import_module(f"mahjongkit.cli.{name}")
    outs: list[str] = []
    columns: list[dict[str, Any]] = []
    for source in ("run.jsonl", "shards"):
        out = tmp_path / f"{source}.npz"
        result = CliRunner().invoke(app, ["dataset", str(tmp_path / source), "--out", str(out)])
        assert result.exit_code == 0, result.output
        outs.append(result.stdout.split(": ", 1)[1].split(" (")[0])  # timing aside
        arrays = numpy.load(out)
        columns.append({k: arrays[k] for k in arrays.files if k != "record"})
    assert outs[0] == outs[1]
    assert columns[0].keys() == columns[1].keys()
    assert all((columns[0][k] == columns[1][k]).all() for k in columns[0])
