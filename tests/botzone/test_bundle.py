"""The Botzone bundle (scripts/botzone_bundle.py): one file that runs with the standard
library alone, in an isolated interpreter (``python3 -I``) that has no mahjongkit
installed, from an empty directory."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BASE_PYTHON = Path(sys.base_prefix) / "bin" / "python3"
"""The interpreter the project's environment was made from: no mahjongkit in it."""

DEAL = "1 0 0 0 0 W1 W2 W3 W5 W6 W7 B2 B4 B9 T1 T5 J1 J1"


def bundle(tmp_path: Path, *options: str) -> Path:
    out = tmp_path / "bot.py"
    script = ROOT / "scripts" / "botzone_bundle.py"
    done = subprocess.run(
        [sys.executable, str(script), "--out", str(out), *options],
        capture_output=True,
        text=True,
        check=True,
    )
    assert str(out) in done.stdout
    return out


def isolated(tmp_path: Path, *args: str, stdin: str) -> subprocess.CompletedProcess[str]:
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin")}  # no PYTHONPATH
    return subprocess.run(
        [str(BASE_PYTHON), "-I", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        timeout=60,
    )


@pytest.fixture(scope="module")
def run_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("botzone")
    assert BASE_PYTHON.exists()
    probe = isolated(path, "-c", "import mahjongkit", stdin="")
    assert "No module named 'mahjongkit'" in probe.stderr  # the package is not there
    return path


def test_the_bundle_answers_in_simple_mode(run_dir: Path) -> None:
    path = bundle(run_dir, "--bot", "defender")
    given = {"requests": ["0 0 1", DEAL, "2 F3"], "responses": ["PASS", "PASS"]}
    done = isolated(run_dir, path.name, stdin=json.dumps(given) + "\n")
    assert done.returncode == 0, done.stderr
    reply = json.loads(done.stdout)
    assert reply["response"].startswith("PLAY ")
    assert json.loads(reply["data"])["bot"] == "defender"
    assert done.stderr == ""


def test_the_bundle_keeps_running(run_dir: Path) -> None:
    path = bundle(run_dir, "--bot", "efficient", "--keep-running")
    lines = [json.dumps({"requests": ["0 1 0"], "responses": []}), json.dumps(DEAL)]
    lines += [json.dumps("3 0 DRAW"), json.dumps("3 0 PLAY J1")]
    done = isolated(run_dir, path.name, stdin="\n".join(lines) + "\n")
    assert done.returncode == 0, done.stderr
    out = done.stdout.splitlines()
    assert out[1::2] == [">>>BOTZONE_REQUEST_KEEP_RUNNING<<<"] * 4
    answers = [json.loads(line)["response"] for line in out[::2]]
    assert answers[:3] == ["PASS"] * 3
    assert answers[3] == "PASS" or answers[3].startswith("PENG ")  # the pung of J1, or not


def _old_python() -> str | None:
    """A working Python 3 older than 3.11 on this machine, if any (on PATH or pyenv's)."""
    for version in ("3.6", "3.7", "3.8", "3.9", "3.10"):
        found = [shutil.which(f"python{version}")]
        found += sorted(Path("/root/.pyenv/versions").glob(f"{version}.*/bin/python3"))
        for candidate in filter(None, found):
            probe = subprocess.run([str(candidate), "-c", "pass"], capture_output=True)
            if probe.returncode == 0:
                return str(candidate)
    return None


def test_an_older_python_still_answers_legally(run_dir: Path) -> None:
    """Under a Python too old for the package (Botzone offers python3.6), the bundle
    says so on stderr and stays legal: it throws what it draws, and passes otherwise."""
    old = _old_python()
    if old is None:
        pytest.skip("no Python older than 3.11 here")
    path = bundle(run_dir, "--bot", "scorer")
    for last, answer in [("2 T4", "PLAY T4"), ("3 1 PLAY W1", "PASS")]:
        given = {"requests": ["0 0 1", DEAL, last], "responses": ["PASS", "PASS"]}
        done = subprocess.run(
            [old, "-I", path.name],
            input=json.dumps(given) + "\n",
            capture_output=True,
            text=True,
            cwd=run_dir,
            env={"PATH": os.environ.get("PATH", "/usr/bin:/bin")},
            timeout=60,
        )
        assert json.loads(done.stdout)["response"] == answer
        assert "needs Python 3.11+" in done.stderr
