"""The ``simulate`` command run for real: in this process, or as a process of its own to
stop, kill or starve of disk, and an uninterrupted run to compare with."""

from __future__ import annotations

import importlib
import importlib.util
import json
import os
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import mahjongkit
from mahjongkit.cli.app import COMMAND_MODULES, app

SOURCE = Path(mahjongkit.__file__).resolve().parents[1]
MAIN = "from mahjongkit.cli.app import main; main()"

RUN = ("--hands", "96", "--seed", "11", "--bots", "random", "--json")
"""The run the fault tests stop part-way: long enough to stop, quick to finish."""

TIMING = ("hands_per_second", "workers")
"""The output fields that depend on how the run was played, not on its hands."""


@dataclass(frozen=True)
class Ended:
    """A finished command: its exit code and what it printed."""

    code: int
    out: str
    err: str

    def json(self) -> dict[str, Any]:
        """Its ``--json`` statistics without the timing fields."""
        data = json.loads(self.out)
        for key in TIMING:
            data.pop(key)
        return dict(data)


def simulate_here(*args: str) -> Ended:
    """``mahjongkit simulate ARGS`` in this process."""
    for name in COMMAND_MODULES:
        if importlib.util.find_spec(f"mahjongkit.cli.{name}") is not None:
            importlib.import_module(f"mahjongkit.cli.{name}")
    result = CliRunner().invoke(app, ["simulate", *args])
    return Ended(result.exit_code, result.stdout, result.stderr)


Spawn = Callable[..., "subprocess.Popen[str]"]


@pytest.fixture
def spawn() -> Iterator[Spawn]:
    """Start ``mahjongkit simulate ARGS`` as a process of its own (``preexec`` runs in it
    before the command; ``group``: in a process group of its own, with its workers); any
    still running at the end of the test is killed."""
    started: list[subprocess.Popen[str]] = []

    def start(
        *args: str, preexec: Callable[[], None] | None = None, group: bool = False
    ) -> subprocess.Popen[str]:
        proc = subprocess.Popen(
            [sys.executable, "-c", MAIN, "simulate", *args],
            env={**os.environ, "PYTHONPATH": str(SOURCE)},
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            preexec_fn=preexec,
            start_new_session=group,  # its own process group, as a terminal's job
        )
        started.append(proc)
        return proc

    yield start
    for proc in started:
        if proc.poll() is None:
            proc.kill()
        proc.communicate()


def ended(proc: subprocess.Popen[str], timeout: float = 90) -> Ended:
    """Wait for a started command (a hang fails the test after ``timeout`` seconds)."""
    out, err = proc.communicate(timeout=timeout)
    return Ended(proc.returncode, out, err)


def wait_for_lines(path: Path, lines: int, proc: subprocess.Popen[str]) -> None:
    """Wait until the records file holds ``lines`` whole lines (or fail if the run ends)."""
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        if path.exists() and path.read_bytes().count(b"\n") >= lines:
            return
        assert proc.poll() is None, f"the run ended first: {proc.communicate()}"
        time.sleep(0.02)
    raise AssertionError(f"{path} never reached {lines} lines")


def children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (Linux /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        # pid (name) state ppid ...: the name may hold spaces, so read after its ')'.
        if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
            found.append(int(entry.name))
    return found


def whole_lines(path: Path) -> list[dict[str, Any]]:
    """The records file's lines, each checked to be whole JSON."""
    data = path.read_bytes()
    assert data == b"" or data.endswith(b"\n")
    return [json.loads(line) for line in data.splitlines()]


@dataclass(frozen=True)
class Reference:
    """The uninterrupted run: its records file's bytes and its statistics."""

    records: bytes
    stats: dict[str, Any]


@pytest.fixture(scope="session")
def reference(tmp_path_factory: pytest.TempPathFactory) -> Reference:
    """`RUN` played through with ``--records``, in this process."""
    path = tmp_path_factory.mktemp("reference") / "hands.jsonl"
    done = simulate_here(*RUN, "--records", str(path))
    assert done.code == 0, done.err
    return Reference(path.read_bytes(), done.json())
