"""The README's command-line examples are real output: each ``$ mahjongkit ...`` line of
its console blocks that analyses or scores a hand given on the line, run now, prints what
the README shows under it."""

from __future__ import annotations

import importlib
import shlex
from pathlib import Path

import pytest
from typer.testing import CliRunner

from mahjongkit.cli.app import COMMAND_MODULES, app

README = Path(__file__).resolve().parents[1] / "README.md"


CHECKED = ("parse", "shanten", "waits", "discard", "score")
"""The commands whose examples are checked: a hand on the line, nothing else read."""


def examples() -> list[tuple[str, str]]:
    """Each checked example command, with the lines the README shows after it."""
    found: list[tuple[str, list[str]]] = []
    inside = False
    for line in README.read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            inside = line == "```console"
            found.append(("", []))  # a block's end ends the last command's output
        elif inside and line.startswith("$ "):
            found.append((line[2:], []))
        elif inside:
            found[-1][1].append(line)
    return [
        (command, "\n".join(shown).strip("\n"))
        for command, shown in found
        if command.split(" ")[:2][-1] in CHECKED
        and command.startswith("mahjongkit ")
        and not any(c in command for c in "|>")
    ]


EXAMPLES = examples()


@pytest.mark.parametrize(("command", "shown"), EXAMPLES, ids=[c for c, _ in EXAMPLES])
def test_a_readme_example_prints_what_the_readme_shows(command: str, shown: str) -> None:
    for name in COMMAND_MODULES:
        importlib.import_module(f"mahjongkit.cli.{name}")
    result = CliRunner().invoke(app, shlex.split(command)[1:], env={"NO_COLOR": "1"})
    assert (result.stdout + result.stderr).strip("\n") == shown
