"""The README's command-line examples are real output: each ``$ mahjongkit ...`` line of
its "Analysing a hand" block, run now, prints what the README shows under it."""

from __future__ import annotations

import importlib
import shlex
from pathlib import Path

import pytest
from typer.testing import CliRunner

from mahjongkit.cli.app import COMMAND_MODULES, app

README = Path(__file__).resolve().parents[1] / "README.md"


def examples() -> list[tuple[str, str]]:
    """Each example command of the block, with the lines the README shows after it."""
    text = README.read_text(encoding="utf-8")
    start = text.index("```console\n$ mahjongkit parse")
    block = text[start : text.index("```", start + 10)].splitlines()[1:]
    found: list[tuple[str, list[str]]] = []
    for line in block:
        if line.startswith("$ "):
            found.append((line[2:], []))
        elif found:
            found[-1][1].append(line)
    return [
        (command, "\n".join(shown).strip("\n"))
        for command, shown in found
        if command.startswith("mahjongkit ")
    ]


@pytest.mark.parametrize(("command", "shown"), examples(), ids=lambda x: str(x)[:40])
def test_a_readme_example_prints_what_the_readme_shows(command: str, shown: str) -> None:
    for name in COMMAND_MODULES:
        importlib.import_module(f"mahjongkit.cli.{name}")
    result = CliRunner().invoke(app, shlex.split(command)[1:], env={"NO_COLOR": "1"})
    assert (result.stdout + result.stderr).strip("\n") == shown
