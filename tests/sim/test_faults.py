"""The simulator under faults, for real: a worker killed, the run stopped by a signal or
killed outright, then finished with ``--resume``: the statistics and the records file come
out byte for byte as the uninterrupted run's (the timing fields aside)."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from tests.sim.conftest import (
    RUN,
    SOURCE,
    Reference,
    Spawn,
    children,
    ended,
    simulate_here,
    wait_for_lines,
    whole_lines,
)

from mahjongkit.game.record import HandRecord, load_records, verify
from mahjongkit.sim import simulate


def _resumes_to_the_reference(path: Path, spawn: Spawn, reference: Reference) -> None:
    done = ended(spawn("--resume", str(path), "--json", "--workers", "2"))
    assert done.code == 0, done.err
    assert done.json() == reference.stats
    assert path.read_bytes() == reference.records


@pytest.mark.parametrize(
    ("sig", "workers", "group"),
    [
        (signal.SIGTERM, "2", False),  # `kill PID`
        (signal.SIGINT, "1", False),
        (signal.SIGINT, "2", True),  # Ctrl-C: the whole process group, workers too
    ],
)
def test_a_signal_stops_the_run_cleanly_and_resume_finishes_it(
    tmp_path: Path,
    spawn: Spawn,
    reference: Reference,
    sig: signal.Signals,
    workers: str,
    group: bool,
) -> None:
    path = tmp_path / "hands.jsonl"
    proc = spawn(*RUN, "--records", str(path), "--workers", workers, group=group)
    wait_for_lines(path, 12, proc)
    if group:
        os.killpg(proc.pid, sig)
    else:
        proc.send_signal(sig)
    done = ended(proc)
    assert done.code == 128 + sig, done.err
    assert f"stopped by {sig.name} after" in done.err
    assert f"simulate --resume {path}" in done.err
    partial = done.json()
    lines = whole_lines(path)
    assert partial["complete"] is False and partial["hands"] == len(lines) < 96
    assert path.read_bytes() == reference.records[: path.stat().st_size]
    _resumes_to_the_reference(path, spawn, reference)


def test_a_killed_run_resumes_without_its_torn_last_line(
    tmp_path: Path, spawn: Spawn, reference: Reference
) -> None:
    path = tmp_path / "hands.jsonl"
    proc = spawn(*RUN, "--records", str(path), "--workers", "2")
    wait_for_lines(path, 12, proc)
    proc.kill()
    ended(proc)
    # What a kill in the middle of a write leaves: the last line cut short.
    data = path.read_bytes()
    start = data.rstrip(b"\n").rfind(b"\n") + 1
    path.write_bytes(data[: start + (len(data) - start) // 2])
    _resumes_to_the_reference(path, spawn, reference)
    # The file is still a plain records file for the other commands.
    records = load_records(path)
    assert len(records) == 96
    assert verify(records[-1]) == []


def test_a_killed_worker_is_replaced_and_changes_nothing(
    tmp_path: Path, spawn: Spawn, reference: Reference
) -> None:
    path = tmp_path / "hands.jsonl"
    proc = spawn(*RUN, "--records", str(path), "--workers", "2")
    wait_for_lines(path, 8, proc)
    workers = children(proc.pid)
    assert workers
    for pid in workers:
        os.kill(pid, signal.SIGKILL)  # as the out-of-memory killer would
    done = ended(proc)
    assert done.code == 0, done.err
    assert "killed by SIGKILL" in done.err and "playing them again" in done.err
    assert done.json() == reference.stats
    assert path.read_bytes() == reference.records


KILL_ONE_WORKER = """
import json, multiprocessing, os, signal
from mahjongkit.sim import simulate
killed = []
def kill_the_workers(hands):
    if not killed:
        killed.extend(p.pid for p in multiprocessing.active_children())
        for pid in killed:
            os.kill(pid, signal.SIGKILL)
run = simulate("mcr", ("random",) * 4, hands=64, seed=2, workers=2, progress=kill_the_workers)
print(json.dumps([len(killed), run.stats.to_json(1.0)]))
"""


def test_a_library_run_does_not_wait_forever_for_a_killed_worker() -> None:
    done = subprocess.run(
        [sys.executable, "-c", KILL_ONE_WORKER],
        env={**os.environ, "PYTHONPATH": str(SOURCE)},
        capture_output=True,
        text=True,
        timeout=60,  # a parent waiting forever fails here
    )
    assert done.returncode == 0, done.stderr
    killed, stats = json.loads(done.stdout)
    assert killed == 2
    assert stats == simulate("mcr", ("random",) * 4, hands=64, seed=2).stats.to_json(1.0)


def test_a_worker_that_keeps_dying_stops_the_run_and_it_resumes(
    tmp_path: Path, spawn: Spawn, reference: Reference
) -> None:
    path = tmp_path / "hands.jsonl"
    proc = spawn(*RUN, "--records", str(path), "--workers", "2")
    wait_for_lines(path, 8, proc)
    deadline = time.monotonic() + 90
    while proc.poll() is None and time.monotonic() < deadline:
        for pid in children(proc.pid):
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        time.sleep(0.01)
    done = ended(proc, timeout=1)
    assert done.code == 1, done.err
    assert "died 3 times" in done.err and f"simulate --resume {path}" in done.err
    assert done.json()["complete"] is False
    whole_lines(path)
    _resumes_to_the_reference(path, spawn, reference)


def test_a_hand_with_no_line_is_played_again_for_the_statistics(
    tmp_path: Path, reference: Reference
) -> None:
    """A hand whose play raised an error leaves no line: resuming plays it again."""
    path = tmp_path / "hands.jsonl"
    lines = reference.records.splitlines(keepends=True)
    path.write_bytes(b"".join(lines[:5] + lines[6:40]))
    done = simulate_here("--resume", str(path), "--json")
    assert done.code == 0, done.err
    assert done.json() == reference.stats
    assert path.read_bytes() == b"".join(lines[:5] + lines[6:])


def test_resuming_a_finished_run_changes_nothing(tmp_path: Path, reference: Reference) -> None:
    path = tmp_path / "hands.jsonl"
    path.write_bytes(reference.records)
    done = simulate_here("--resume", str(path), "--json")
    assert done.code == 0, done.err
    assert done.json() == reference.stats
    assert path.read_bytes() == reference.records


def test_resume_takes_its_settings_from_the_file(tmp_path: Path, reference: Reference) -> None:
    path = tmp_path / "hands.jsonl"
    path.write_bytes(reference.records)
    done = simulate_here("--resume", str(path), "--seed", "3", "--duplicate")
    assert done.code == 2
    assert "leave out --seed, --duplicate" in done.err
    assert path.read_bytes() == reference.records


def test_resume_refuses_a_file_it_did_not_write(tmp_path: Path, reference: Reference) -> None:
    path = tmp_path / "hands.jsonl"
    first = json.loads(reference.records.splitlines()[0])
    record = HandRecord.from_json(first).dumps()  # a plain record: no "sim" field
    path.write_text(reference.records.decode().splitlines()[0] + "\n" + record + "\n")
    before = path.read_bytes()
    done = simulate_here("--resume", str(path))
    assert done.code == 2
    assert f"{path} line 2: no 'sim' field" in done.err
    assert path.read_bytes() == before
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    done = simulate_here("--resume", str(empty))
    assert done.code == 2 and "holds no hand" in done.err
    missing = tmp_path / "missing.jsonl"
    done = simulate_here("--resume", str(missing))
    assert done.code == 2 and f"cannot read {missing}" in done.err
