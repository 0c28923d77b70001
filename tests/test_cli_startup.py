"""Start-up: a command loads only the modules it uses, and help still lists every command."""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

import mahjongkit
from mahjongkit.cli.app import COMMAND_HOMES, COMMAND_MODULES, app

# Packages the hand-analysis and scoring commands never need.
HEAVY = (
    "mahjongkit.sim",
    "mahjongkit.web",
    "mahjongkit.env",
    "mahjongkit.game.match_state",
    "mahjongkit.bots",
    "mahjongkit.botzone",
    "mahjongkit.playing",
    "fastapi",
    "sqlalchemy",
    "pydantic",  # Typer 0.29 imports it at every start (pyproject.toml's cli extra)
    "rich",  # ~40 ms: these commands print with mahjongkit.cli.text
    "typer",  # ~60 ms with its Click: mahjongkit.cli.quick reads these plain forms
)

SRC = str(Path(mahjongkit.__file__).parents[1])


def loaded_after(*argv: str) -> set[str]:
    """The modules a fresh process holds after running ``mahjongkit ARGV`` through `main`."""
    code = (
        "import sys\n"
        f"sys.argv = ['mahjongkit', *{list(argv)!r}]\n"
        "from mahjongkit.cli import main\n"
        "try:\n    main()\nexcept SystemExit as end:\n    assert not end.code, end.code\n"
        "print(' '.join(sys.modules), file=sys.stderr)\n"
    )
    env = {**os.environ, "PYTHONPATH": SRC}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
    assert done.returncode == 0, done.stderr
    return set(done.stderr.split())


@pytest.mark.parametrize(
    "argv",
    [
        ("score", "123m456p789s11sEEE"),
        ("waits", "1112345678999m"),
        ("waits", "--json", "1112345678999m"),
    ],
)
def test_score_and_waits_load_no_simulator_web_match_env_or_typer(argv: tuple[str, ...]) -> None:
    loaded = loaded_after(*argv)
    heavy = sorted(m for m in loaded if m.startswith(HEAVY))
    assert heavy == []


def test_every_command_has_its_home_and_help_lists_them_all() -> None:
    assert set(COMMAND_HOMES.values()) == set(COMMAND_MODULES)
    for name in COMMAND_MODULES:
        importlib.import_module(f"mahjongkit.cli.{name}")
    registered = {c.name for c in app.registered_commands} | {g.name for g in app.registered_groups}
    assert registered == set(COMMAND_HOMES)
    env = {**os.environ, "PYTHONPATH": SRC, "COLUMNS": "200"}
    cmd = [sys.executable, "-c", "from mahjongkit.cli import main; main()", "--help"]
    shown = subprocess.run(cmd, capture_output=True, text=True, env=env).stdout
    for command in COMMAND_HOMES:
        assert f" {command} " in shown, command


def test_a_first_mcr_score_works_out_only_the_runs_of_its_hand() -> None:
    """The set-pattern tables fill as runs are met: after one hand, a few entries, not the
    ~9,700 runs of two or three sets that were once worked out on the first score."""
    code = (
        "from mahjongkit.rules.ruleset import get_ruleset\n"
        "from mahjongkit.scoring import score\n"
        "from mahjongkit.scoring.mcr import scorer\n"
        "rules = get_ruleset('mcr')\n"
        "score('123m456p789s11sEEE', None, rules)\n"
        "s = rules.scoring\n"
        "plan = scorer._plan(s.column, s.removed_items, s.item_values,"
        " scorer.fan_combinations(rules))\n"
        "print(len(plan.combined))\n"
    )
    env = {**os.environ, "PYTHONPATH": SRC}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
    assert done.returncode == 0, done.stderr
    assert int(done.stdout) < 100
