"""The ``mahjongkit match`` command and its JSON contract."""

from __future__ import annotations

import importlib
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from mahjongkit.cli.app import COMMAND_MODULES, app

for _name in COMMAND_MODULES:  # as `main` does: every command registered
    importlib.import_module(f"mahjongkit.cli.{_name}")

runner = CliRunner()


@pytest.mark.parametrize("ruleset", ["mcr", "bp-club", "taiwanese-lrc", "taiwanese-dxb"])
def test_match_json_contract(ruleset: str) -> None:
    result = runner.invoke(app, ["match", "--ruleset", ruleset, "--seed", "3", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["ruleset"] == ruleset
    assert isinstance(data["hands"], list) and data["hands"]
    assert len(data["final_scores"]) == 4 and all(isinstance(s, int) for s in data["final_scores"])
    assert len(data["table_points"]) == 4 and sum(data["table_points"]) == pytest.approx(7)
    hand = data["hands"][0]
    assert {"result", "payments", "wins", "penalties", "record"} <= set(hand)


def test_match_verify_round_trip(tmp_path: Path) -> None:
    out = tmp_path / "match.json"
    played = runner.invoke(
        app,
        [
            "match",
            "--ruleset",
            "taiwanese-lrc",
            "--seed",
            "2",
            "--max-hands",
            "5",
            "--out",
            str(out),
        ],
    )
    assert played.exit_code == 0, played.output
    assert "final scores" in played.stdout and "table points" in played.stdout
    checked = runner.invoke(app, ["match", "--verify", str(out)])
    assert checked.exit_code == 0, checked.output
    assert json.loads(checked.stdout) == {"hands": 5, "verified": True, "mismatches": []}
    data = json.loads(out.read_text())
    data["hands"][0]["payments"].append({"payer": 0, "payee": 1, "amount": 5, "reason": "win"})
    out.write_text(json.dumps(data))
    bad = runner.invoke(app, ["match", "--verify", str(out)])
    assert bad.exit_code == 1
    assert "hand 1: the payments differ" in json.loads(bad.stdout)["mismatches"]


def test_match_bad_input_exit_2() -> None:
    result = runner.invoke(app, ["match", "--ruleset", "nope"])
    assert result.exit_code == 2
    result = runner.invoke(app, ["match", "--bots", "random,random,random,random,random"])
    assert result.exit_code == 2 and "one to four names" in result.output
    result = runner.invoke(app, ["match", "--bots", "random,nobody"])
    assert result.exit_code == 2 and "nobody" in result.output
