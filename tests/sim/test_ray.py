"""The Ray engine on a two-node Ray cluster of this machine (one CPU a node): the same
statistics and byte-identical records as ``--workers 1``, shard records that make the
records file in name order, and a worker killed in the middle of a shard whose shard is
played again. One cluster serves the whole file: its start-up is most of the time."""

from __future__ import annotations

import os
import signal
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from tests.sim.conftest import SOURCE, simulate_here

ray = pytest.importorskip("ray")
cluster_utils = pytest.importorskip("ray.cluster_utils")

from mahjongkit.sim.ray_engine import RayEngine  # noqa: E402
from mahjongkit.sim.run import RunSettings, play_run  # noqa: E402

RUN = ("--hands", "240", "--seed", "21", "--bots", "random", "--json")


@pytest.fixture(scope="module")
def cluster() -> Iterator[object]:
    """A head node and a worker node on 127.0.0.1, one CPU each, this process their driver."""
    # The nodes' worker processes import this source tree, not an installed copy.
    old = os.environ.get("PYTHONPATH")
    os.environ["PYTHONPATH"] = str(SOURCE) + (os.pathsep + old if old else "")
    auth = os.environ.get("RAY_AUTH_MODE")
    os.environ["RAY_AUTH_MODE"] = "disabled"  # a private cluster of this machine
    nodes = cluster_utils.Cluster(
        initialize_head=True,
        head_node_args={"num_cpus": 1, "include_dashboard": False},
    )
    nodes.add_node(num_cpus=1)
    ray.init(address=nodes.address, log_to_driver=False, configure_logging=False)
    try:
        yield nodes
    finally:
        ray.shutdown()
        nodes.shutdown()
        for name, value in (("PYTHONPATH", old), ("RAY_AUTH_MODE", auth)):
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


def test_simulate_on_two_nodes_is_one_process_byte_for_byte(
    cluster: object, tmp_path: Path
) -> None:
    one = simulate_here(*RUN, "--workers", "1", "--records", str(tmp_path / "one.jsonl"))
    on_ray = simulate_here(
        *RUN,
        "--engine",
        "ray",
        "--shard-hands",
        "50",
        "--records",
        str(tmp_path / "ray.jsonl"),
        "--shard-records",
        str(tmp_path / "shards"),
    )
    assert one.code == on_ray.code == 0, on_ray.err
    assert on_ray.json() == one.json()
    records = (tmp_path / "one.jsonl").read_bytes()
    assert (tmp_path / "ray.jsonl").read_bytes() == records
    shards = sorted((tmp_path / "shards").iterdir())
    assert [p.name for p in shards][:2] == [
        "shard-000000000000-000000000049.jsonl",
        "shard-000000000050-000000000099.jsonl",
    ]
    assert len(shards) == 5
    assert b"".join(p.read_bytes() for p in shards) == records


def _task_processes() -> list[int]:
    """The Ray worker processes playing a shard now (their title names the task)."""
    found = []
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            title = Path(f"/proc/{pid}/cmdline").read_bytes()
        except OSError:
            continue
        if title.startswith(b"ray::_play"):
            found.append(int(pid))
    return found


def test_a_worker_killed_mid_shard_is_replaced_with_the_same_results(cluster: object) -> None:
    settings = RunSettings("mcr", ("random",) * 4, seed=4, hands=60, duplicate=True)
    killed: list[int] = []
    lock = threading.Lock()

    def progress(n: int) -> None:
        # The first shard is in: the next ones are being played; kill one of their players.
        with lock:
            if killed:
                return
            for pid in _task_processes():
                os.kill(pid, signal.SIGKILL)
                killed.append(pid)
                return

    engine = RayEngine(shard_hands=30)
    on_ray = play_run(settings, engine=engine, keep_outcomes=True, progress=progress)
    here = play_run(settings, keep_outcomes=True)
    assert killed, "no shard was being played when the first came back"
    assert on_ray.failure == ""
    assert on_ray.outcomes == here.outcomes
    assert on_ray.stats.to_json(0) == here.stats.to_json(0)


def test_a_shard_that_cannot_write_its_records_stops_the_run_naming_it(
    cluster: object, tmp_path: Path
) -> None:
    (tmp_path / "taken").write_text("a file, not a folder")
    settings = RunSettings("mcr", ("random",) * 4, seed=4, hands=3)
    engine = RayEngine(shard_records=str(tmp_path / "taken"), settings=settings.to_json())
    run = play_run(settings, engine=engine)
    assert run.stats.hands == 0
    assert "hands 0-2 could not be played on the Ray cluster" in run.failure
    assert "FileExistsError" in run.failure or "NotADirectoryError" in run.failure


def test_a_dataset_made_on_two_nodes_is_the_one_made_here(cluster: object, tmp_path: Path) -> None:
    pytest.importorskip("pyarrow")
    from tests.env.test_dataset import dataset_command, simulated

    path = simulated(tmp_path, "mcr", 30, seed=5)
    lines = path.read_text().splitlines()
    lines.insert(12, '{"format": "mahjongkit-hand/2", "wall"')  # a bad line: named, skipped
    path.write_text("\n".join(lines) + "\n")
    here = dataset_command(str(path), "--out", str(tmp_path / "here.parquet"))
    on_ray = dataset_command(
        str(path), "--out", str(tmp_path / "ray.parquet"), "--engine", "ray", "--shard-hands", "4"
    )
    assert here.exit_code == on_ray.exit_code == 0, on_ray.output
    assert f"{path} line 13: invalid_json" in on_ray.stderr
    assert on_ray.stderr == here.stderr
    assert "records 30, hands 30" in on_ray.stdout and "skipped 1" in on_ray.stdout
    counts = on_ray.stdout.split(": ", 1)[1].split("(")[0]  # the file and time aside
    assert counts == here.stdout.split(": ", 1)[1].split("(")[0]
    assert (tmp_path / "ray.parquet").read_bytes() == (tmp_path / "here.parquet").read_bytes()
