"""The records file written as hands end: never replacing a file unasked, whole lines only
on a full disk, output paths checked before the first hand, no hand kept in memory."""

from __future__ import annotations

import importlib.util
import resource
from collections import Counter
from pathlib import Path

import pytest
from tests.sim.conftest import RUN, Reference, Spawn, ended, simulate_here, whole_lines

from mahjongkit.game.record import load_records
from mahjongkit.sim import simulate
from mahjongkit.sim.records import RecordsFile, read_run
from mahjongkit.sim.run import RunSettings, play_run

LIMIT = 40_000
"""Bytes a file may grow to in the full-disk test: a handful of records."""


def test_an_existing_records_file_is_never_replaced_unasked(tmp_path: Path) -> None:
    path = tmp_path / "hands.jsonl"
    path.write_text("last week's run\n")
    done = simulate_here("--hands", "2", "--bots", "random", "--records", str(path))
    assert done.code == 2
    assert f"{path} exists" in done.err and "--overwrite" in done.err and "--resume" in done.err
    assert done.out == ""
    assert path.read_text() == "last week's run\n"
    done = simulate_here("--hands", "2", "--bots", "random", "--records", str(path), "--overwrite")
    assert done.code == 0, done.err
    assert len(load_records(path)) == 2


def test_a_missing_folder_is_reported_before_the_first_hand(tmp_path: Path) -> None:
    missing = tmp_path / "nowhere"
    for option, name in (("--records", "hands.jsonl"), ("--plot", "fans.png")):
        done = simulate_here("--hands", "3", "--bots", "random", option, str(missing / name))
        assert done.code == 2
        assert done.out == ""  # no hand was played
        if option == "--plot" and importlib.util.find_spec("matplotlib") is None:
            assert "needs matplotlib" in done.err
        else:
            assert f"folder {missing} does not exist" in done.err
    assert not missing.exists()
    done = simulate_here("--hands", "3", "--plot", str(tmp_path))
    assert done.code == 2 and done.out == ""


def _small_files() -> None:
    """In the child: files may not grow past `LIMIT` (writes then fail with EFBIG; Python
    ignores SIGXFSZ, so the process is not killed)."""
    resource.setrlimit(resource.RLIMIT_FSIZE, (LIMIT, LIMIT))


def test_a_full_disk_keeps_whole_lines_and_the_run_resumes(
    tmp_path: Path, spawn: Spawn, reference: Reference
) -> None:
    path = tmp_path / "hands.jsonl"
    done = ended(spawn(*RUN, "--records", str(path), preexec=_small_files))
    assert done.code == 1, done.err
    assert "cannot write hand" in done.err and "File too large" in done.err
    assert f"simulate --resume {path}" in done.err
    assert done.json()["complete"] is False
    written = path.read_bytes()
    assert 0 < len(written) <= LIMIT
    lines = whole_lines(path)  # the hand that did not fit left nothing behind
    assert len(load_records(path)) == len(lines) == done.json()["hands"]
    assert reference.records.startswith(written)
    # Room again: the run finishes as if nothing had happened.
    resumed = simulate_here("--resume", str(path), "--json")
    assert resumed.code == 0, resumed.err
    assert resumed.json() == reference.stats
    assert path.read_bytes() == reference.records


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full")
def test_no_space_left_is_a_clear_error() -> None:
    done = simulate_here(
        "--hands", "3", "--bots", "random", "--records", "/dev/full", "--overwrite"
    )
    assert done.code == 1
    assert "cannot write hand 0's record to /dev/full: No space left on device" in done.err
    assert "no hand was recorded" in done.err


def test_a_streamed_run_keeps_no_hand_in_memory(tmp_path: Path) -> None:
    settings = RunSettings("mcr", ("random",) * 4, seed=4, hands=24)
    path = tmp_path / "hands.jsonl"
    with RecordsFile.create(path, settings) as records:
        run = play_run(settings, workers=2, keep_records=True, on_hand=records.add)
    assert run.complete and run.stats.hands == 24
    assert run.outcomes == ()  # each hand went to the file, none was kept
    # The statistics are counts, not lists of hands.
    assert isinstance(run.stats.win_totals, Counter)
    assert len(run.stats.error_messages) <= 20
    assert read_run(path).lines == 24
    kept = simulate("mcr", ("random",) * 4, hands=24, seed=4, keep_records=True)
    assert kept.stats.to_json(1.0) == run.stats.to_json(1.0)
    assert path.read_text().count("\n") == len(kept.outcomes)
