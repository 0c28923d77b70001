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
    """Lines 350-352, 342: Nico Nico with a kong, won on a discard by West (not the
    dealer, line 320); Base Point last."""
    for ruleset, total in (("taiwanese-lrc", 63), ("taiwanese", 63), ("taiwanese-dxb", 68)):
        result = run(
            "score", "1111m3344p6688s777sEE", "--ruleset", ruleset, "--seat", "W", "--json"
        )
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


DEALER_TILE = "East Seat / Dealer tile"
HAND = "123m456m789m123p456pEE"


def names_of(*flags: str) -> set[str]:
    result = run("score", HAND, "--ruleset", "taiwanese-lrc", *flags, "--json")
    assert result.exit_code == 0, result.output
    return {f["name"] for f in json.loads(result.stdout)["fans"]}


def test_the_seat_wind_and_the_dealer_follow_from_each_other() -> None:
    """Line 320: the dealer sits East. East implies the dealer and the dealer implies East,
    on the command line as in the batch."""
    assert DEALER_TILE in names_of()  # East by default, so the dealer
    assert DEALER_TILE in names_of("--seat", "E")
    assert DEALER_TILE in names_of("--dealer")
    assert DEALER_TILE not in names_of("--seat", "S")
    assert DEALER_TILE in names_of("--seat", "S", "--discarder-is-dealer")
    lines = [
        {"hand": HAND, "seat_wind": "E"},
        {"hand": HAND, "dealer": True, "flowers": "5f"},  # 5f is East's (line 207)
        {"hand": HAND, "seat_wind": "W"},
    ]
    batch = "\n".join(json.dumps(x) for x in lines) + "\n"
    result = run("score", "--jsonl", "-r", "taiwanese-lrc", stdin=batch)
    answers = [json.loads(line) for line in result.stdout.splitlines()]
    assert [DEALER_TILE in {f["name"] for f in a["fans"]} for a in answers] == [True, True, False]
    assert "Flower of player's seat" in {f["name"] for f in answers[1]["fans"]}


def test_a_dealer_not_east_or_discarding_to_himself_is_refused() -> None:
    """Line 320: contradicting seat wind and dealer, or the dealer as both the winner and
    the discarder, is an error naming what is wrong, never a guess."""
    for flags, message in (
        (("--dealer", "--seat", "S"), "dealer is true but seat_wind is S"),
        (("--discarder-is-dealer",), "winner sits East, so is the dealer"),
        (("--dealer", "--discarder-is-dealer"), "to himself"),
    ):
        result = run("score", HAND, "--ruleset", "taiwanese-lrc", *flags)
        assert result.exit_code == 2
        assert message in result.output
    lines = [
        {"hand": HAND, "dealer": True, "seat_wind": "W"},
        {"hand": HAND, "dealer": False},
        {"hand": HAND, "dealer": False, "seat_wind": "E"},
        {"hand": HAND, "dealer": True, "discarder_is_dealer": True},
        {"hand": HAND, "dealer": False, "seat_wind": "N"},
    ]
    batch = "\n".join(json.dumps(x) for x in lines) + "\n"
    result = run("score", "--jsonl", "-r", "taiwanese-lrc", stdin=batch)
    answers = [json.loads(line) for line in result.stdout.splitlines()]
    assert [a.get("error", {}).get("code") for a in answers] == [
        "invalid_situation",
        "invalid_situation",
        "invalid_situation",
        "invalid_situation",
        None,
    ]
    assert "seat_wind is W" in answers[0]["error"]["message"]
    assert "dealer is false but seat_wind is E" in answers[1]["error"]["message"]


def test_breakdown_speaks_of_items_and_counts_the_whole_total() -> None:
    """A Taiwanese breakdown lists items, not fans, and its minimum counts the whole total
    (flowers included), so the text does not speak of a total without flowers."""
    out = run("score", "-r", "taiwanese-lrc", "123m456m789m555p789s1s1s", "--flowers", "1f").output
    assert out.splitlines()[3].startswith("item")
    assert "without flowers" not in out
