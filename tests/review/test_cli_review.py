"""``mahjongkit review``: a reviewed hand per line, JSON as documented, bad input named."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner, Result

import mahjongkit.cli.review  # noqa: F401  (registers the command)
from mahjongkit.cli.app import app

from .test_evaluation import short_hand


def run(*args: str) -> Result:
    return CliRunner().invoke(app, ["review", *args])


def records(tmp_path: Path, *lines: str) -> str:
    path = tmp_path / "hands.jsonl"
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return str(path)


def test_a_bad_line_is_named_and_the_other_hands_reviewed(tmp_path: Path) -> None:
    _, record = short_hand("taiwanese-lrc")
    path = records(tmp_path, record.dumps(), "not json", '{"format": 1}', "", record.dumps())
    result = run(path, "--seat", "0", "--samples", "1", "--json")
    assert result.exit_code == 1
    out = json.loads(result.stdout)
    assert [h["line"] for h in out["hands"]] == [1, 5]
    assert [(e["line"], e["code"]) for e in out["errors"]] == [
        (2, "invalid_json"),
        (3, "invalid_record"),
    ]
    hand, again = (
        {k: v for k, v in h.items() if k not in ("line", "seconds")} for h in out["hands"]
    )
    assert hand == again  # the same seed, the same review
    assert hand["seat"] == 0 and hand["decisions"]
    decision = hand["decisions"][0]
    assert set(decision) >= {
        "step",
        "chosen",
        "preferred",
        "loss",
        "loss_stderr",
        "samples",
        "candidates",
        "reasons",
        "clear",
    }
    assert out["points_lost"] == round(2 * hand["points_lost"], 3)

    text = run(path, "--seat", "0", "--samples", "1")
    assert text.exit_code == 1
    assert "hand on line 1 (taiwanese-lrc), seat 0 (E)" in text.stdout
    assert "line 2: invalid_json" in text.stderr


def test_bad_arguments_say_what_is_wrong(tmp_path: Path) -> None:
    missing = run(str(tmp_path / "nowhere.jsonl"))
    assert missing.exit_code == 2 and "nowhere.jsonl: cannot read it" in missing.stderr
    _, record = short_hand("taiwanese-lrc")
    path = records(tmp_path, record.dumps())
    seat = run(path, "--seat", "4")
    assert seat.exit_code == 2 and "seat" in seat.stderr
    bot = run(path, "--bot", "clever")
    assert bot.exit_code == 2 and "unknown bot 'clever'" in bot.stderr
    empty = records(tmp_path, "")
    assert "no hand records" in run(empty).stderr


def test_a_budget_is_shared_by_the_decisions(tmp_path: Path) -> None:
    _, record = short_hand("taiwanese-lrc")
    result = run(records(tmp_path, record.dumps()), "--budget", "0.5", "--json")
    assert result.exit_code == 0
    out = json.loads(result.stdout)
    assert out["samples"] is None and out["budget"] == 0.5
    decisions = out["hands"][0]["decisions"]
    assert decisions and all(d["samples"] >= 2 for d in decisions)
