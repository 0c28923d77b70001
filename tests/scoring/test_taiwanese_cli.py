"""``mahjongkit score`` with the Taiwanese sheets: item names as printed on the card.

Line numbers are those of seed ``004_23ad4b5675410971.txt``.
"""

from __future__ import annotations

import importlib
import importlib.util
import json

from typer.testing import CliRunner, Result

from mahjongkit.cli.app import COMMAND_MODULES, app

for _name in COMMAND_MODULES:
    if importlib.util.find_spec(f"mahjongkit.cli.{_name}") is not None:
        importlib.import_module(f"mahjongkit.cli.{_name}")


def run(*args: str, stdin: str | None = None) -> Result:
    argv = list(args)
    if len(app.registered_commands) + len(app.registered_groups) < 2:
        argv = argv[1:]
    return CliRunner().invoke(app, argv, input=stdin)


def test_one_hand_on_both_sheets() -> None:
    """Lines 350-352, 342: Nico Nico with a kong, won on a discard; Base Point last."""
    for ruleset, total in (("taiwanese-lrc", 63), ("taiwanese", 63), ("taiwanese-dxb", 68)):
        result = run("score", "1111m3344p6688s777sEE", "--ruleset", ruleset, "--json")
        assert result.exit_code == 0, result.output
        data = json.loads(result.stdout)
        names = [f["name"] for f in data["fans"]]
        assert names[:2] == ["Nico Nico", "Nico Nico + 1 Kong"]
        assert names[-1] == "Base Point"
        assert data["total"] == total


def test_jsonl_batch_answers_every_line() -> None:
    """The batch contract for both sheets, with an impossible situation as an error line."""
    lines = [
        {
            "hand": "123m456m789m555p789s1s1s",
            "ruleset": "taiwanese-lrc",
            "dealer": True,
            "dealer_streak": 2,
            "flowers": "1f",
            "self_drawn": True,
        },
        {
            "hand": "123m456m789m555p789s1s1s",
            "ruleset": "taiwanese-dxb",
            "dealer": True,
            "dealer_streak": 2,
            "flowers": "1f",
            "self_drawn": True,
        },
        {"hand": "1122m3344p5566s777sEE", "ruleset": "taiwanese-dxb", "ting": True},
        {
            "hand": "123m456m789m123p456pEE",
            "ruleset": "taiwanese-lrc",
            "earthly": True,
            "dealer": True,
        },
    ]
    result = run("score", "--jsonl", stdin="\n".join(json.dumps(x) for x in lines) + "\n")
    assert result.exit_code == 0, result.output
    answers = [json.loads(line) for line in result.stdout.splitlines()]
    assert [a.get("total") for a in answers[:2]] == [52, 60]
    assert "East Seat / Dealer tile" in {f["name"] for f in answers[0]["fans"]}  # line 320
    assert "East Seat / Dealer tile" not in {f["name"] for f in answers[1]["fans"]}  # line 320
    assert answers[2]["error"]["code"] == "invalid_situation"  # line 349
    assert answers[3]["error"]["code"] == "invalid_situation"  # line 333


def test_breakdown_speaks_of_items_and_counts_the_whole_total() -> None:
    """A Taiwanese breakdown lists items, not fans, and its minimum counts the whole total
    (flowers included), so the text does not speak of a total without flowers."""
    out = run("score", "-r", "taiwanese-lrc", "123m456m789m555p789s1s1s", "--flowers", "1f").output
    assert out.splitlines()[3].startswith("item")
    assert "without flowers" not in out
