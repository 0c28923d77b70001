"""``mahjongkit score``: one hand explained, every flag, house-rules files, the JSONL batch."""

from __future__ import annotations

import importlib
import importlib.util
import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from mahjongkit.cli.app import COMMAND_MODULES, app
from mahjongkit.cli.score import ERROR_CODES, MAX_LINE_BYTES, answer_line
from mahjongkit.rules.catalogues import catalogue_of

for _name in COMMAND_MODULES:
    if importlib.util.find_spec(f"mahjongkit.cli.{_name}") is not None:
        importlib.import_module(f"mahjongkit.cli.{_name}")

# Pure Straight 16 with a pung of East (seat and prevalent wind by default).
HAND = "[123m2]456m789m1sEEE1s"


def run(*args: str, stdin: str | None = None) -> Result:
    argv = list(args)
    if len(app.registered_commands) + len(app.registered_groups) < 2:
        argv = argv[1:]  # a one-command Typer app takes no command name
    return CliRunner().invoke(app, argv, input=stdin)


def score_json(*args: str) -> dict[str, Any]:
    result = run("score", *args, "--json")
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.stdout)
    return data


def fans(data: dict[str, Any]) -> dict[str, int]:
    return {f["name"]: f["count"] for f in data["fans"]}


def test_single_hand_breakdown() -> None:
    result = run("score", HAND)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "\U0001f000" in out  # the East wind glyph
    assert "Pure Straight" in out
    assert "[123m2] 456m 789m" in out  # the sets that earned it
    assert "total" in out
    assert "qualifies" in out


def test_json_has_the_contract_fields() -> None:
    data = score_json(HAND)
    assert data["ruleset"] == "mcr"
    assert data["hand"] == "[123m2]456789m1sEEE1s"
    assert isinstance(data["total"], int)
    assert data["qualifies"] is True
    assert data["total"] == sum(f["points"] * f["count"] for f in data["fans"])
    assert fans(data)["Pure Straight"] == 1


@pytest.mark.parametrize(
    ("ruleset", "hand", "family"),
    [("mcr", HAND, "mcr"), ("taiwanese-dxb", "1111m3344p6688s777sEE", "taiwanese")],
)
def test_json_fans_carry_their_catalogue_ids(ruleset: str, hand: str, family: str) -> None:
    """Each fan names its stable catalogue id beside its display name, so a reader can
    tell fans apart however they are named or translated."""
    data = score_json(hand, "--ruleset", ruleset)
    catalogue = catalogue_of(family)
    assert data["fans"]
    for fan in data["fans"]:
        assert list(fan)[:2] == ["id", "name"]
        assert fan["id"] in catalogue and catalogue[fan["id"]].name == fan["name"], fan


def test_self_drawn() -> None:
    assert "Self-Drawn" not in fans(score_json(HAND))
    assert fans(score_json(HAND, "--self-drawn"))["Self-Drawn"] == 1


def test_kong_replacement() -> None:
    data = score_json("[SSSS1]456m789m1sEEE1s", "--self-drawn", "--kong-replacement")
    assert "Out with Replacement Tile" in fans(data)


def test_robbing_kong() -> None:
    assert "Robbing The Kong" in fans(score_json("[123m2]456m789mEE23s1s", "--robbing-kong"))


def test_last_of_kind() -> None:
    assert "Last Tile" in fans(score_json("[123m2]456m789mEE23s1s", "--last-of-kind"))


def test_last_wall_tile_drawn_and_claimed() -> None:
    assert "Last Tile Draw" in fans(score_json(HAND, "--last-wall-tile", "--self-drawn"))
    assert "Last Tile Claim" in fans(score_json(HAND, "--last-wall-tile"))


def test_seat_and_prevalent_wind() -> None:
    east = fans(score_json(HAND))
    assert east.get("Seat Wind") == 1
    assert east.get("Prevalent Wind") == 1
    south = fans(score_json(HAND, "--seat", "S", "--prevalent", "S"))
    assert "Seat Wind" not in south
    assert "Prevalent Wind" not in south
    assert fans(score_json(HAND, "--seat", "S"))["Prevalent Wind"] == 1


def test_flowers_as_count_and_as_tiles() -> None:
    assert fans(score_json(HAND, "--flowers", "2"))["Flower Tiles"] == 2
    data = score_json(HAND, "--flowers", "1f6f")
    assert fans(data)["Flower Tiles"] == 2
    assert data["total"] == data["total_without_flowers"] + 2


def test_taiwanese_flags_reach_the_situation() -> None:
    data = score_json(
        "[123m2][456p1]789s111sEEE5p5p",
        "--ruleset",
        "taiwanese-lrc",
        "--flower-replacement",
        "--flowers",
        "3f",
        "--self-drawn",
        "--dealer",
        "--ting",
        "--tiles-on-table",
        "20",
        "--dealer-streak",
        "2",
    )
    assert data["ruleset"] == "taiwanese-lrc"
    assert data["situation"] == {
        "self_drawn": True,
        "flowers": "3f",
        "flower_replacement": True,
        "dealer": True,
        "ting": True,
        "tiles_on_table": 20,
        "dealer_streak": 2,
    }


def test_taiwanese_discard_flags_reach_the_situation() -> None:
    data = score_json(
        "[123m2][456p1]789s111sEEE5p5p",
        "--ruleset",
        "taiwanese-dxb",
        "--seat",
        "N",
        "--discarder-is-dealer",
    )
    assert data["situation"] == {"seat_wind": "N", "discarder_is_dealer": True}


def test_heavenly_and_earthly_flags_reach_the_situation() -> None:
    hand = "123m456p789s111sEEE5p5p"
    heavenly = score_json(hand, "-r", "taiwanese", "--heavenly", "--dealer", "--self-drawn")
    assert heavenly["situation"]["heavenly"] is True
    earthly = score_json(
        hand, "-r", "taiwanese", "--earthly", "--seat", "S", "--discarder-is-dealer"
    )
    assert earthly["situation"]["earthly"] is True


def test_ruleset_choice_changes_values() -> None:
    """Two concealed kongs: 6 under mcr-gb, 8 under mcr (seed 002 line 162)."""
    hand = "[EEEE][5555p]123m789s9s9s"
    gb = {f["name"]: f["points"] for f in score_json(hand, "--ruleset", "mcr-gb")["fans"]}
    seeds = {f["name"]: f["points"] for f in score_json(hand, "--ruleset", "mcr")["fans"]}
    assert gb["Two Concealed Kongs"] == 6
    assert seeds["Two Concealed Kongs"] == 8


def test_not_a_win_is_an_outcome_not_an_error() -> None:
    data = score_json("123m456m789m1sEEE2s")
    assert data["outcome"] == "not_a_win"
    assert data["qualifies"] is False
    assert data["fans"] == []
    result = run("score", "123m456m789m1sEEE2s")
    assert result.exit_code == 0
    assert "not a winning hand" in result.stdout


def test_rules_file(tmp_path: Path) -> None:
    path = tmp_path / "club.toml"
    path.write_text('name = "club"\nbase = "mcr"\n[scoring.fans]\n"Pure Straight" = 30\n')
    data = score_json(HAND, "--rules", str(path))
    assert data["ruleset"] == "club"
    assert {f["name"]: f["points"] for f in data["fans"]}["Pure Straight"] == 30


def test_bp_club_by_name() -> None:
    data = score_json(HAND, "--ruleset", "bp-club", "--seat", "S")
    assert data["ruleset"] == "bp-club"
    assert data["minimum"] == 5
    assert "Prevalent Wind" not in fans(data)  # seed 001 line 45


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("score", "[123m2]456m789m1sEEE1x"), "position"),
        (("score", "123m456m789m"), "tiles"),
        (("score", "11111m456m789m1sEE"), "fifth copy"),
        (("score", HAND, "--ruleset", "nope"), "unknown ruleset 'nope'"),
        (("score", HAND, "--seat", "X"), "seat_wind"),
        (("score", HAND, "--flowers", "9"), "flowers"),
        (("score", HAND, "--flowers", "1m"), "flowers"),
        (("score", "1f" + HAND, "--flowers", "2f"), "once"),
        (("score", HAND, "--self-drawn", "--robbing-kong"), ""),
        (("score", HAND, "--kong-replacement"), ""),
        (("score", HAND, "--ruleset", "mcr", "--rules", "x.toml"), "not both"),
        (("score", HAND, "--rules", "/nonexistent/club.toml"), "/nonexistent/club.toml"),
        (("score",), "HAND"),
        (("score", HAND, "--jsonl"), "stdin"),
    ],
)
def test_bad_input_exits_2_without_traceback(args: tuple[str, ...], words: str) -> None:
    result = run(*args)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert result.stderr.startswith("error: ")
    assert words in result.stderr
    assert result.stdout == ""


def test_bad_rules_file_names_file_and_key(tmp_path: Path) -> None:
    path = tmp_path / "club.toml"
    path.write_text('name = "club"\nbase = "mcr"\n[scoring]\nremoved = ["No Such Fan"]\n')
    result = run("score", HAND, "--rules", str(path))
    assert result.exit_code == 2
    assert f"{path}: scoring.removed: unknown item 'No Such Fan'" in result.stderr


def test_jsonl_answers_every_line_in_order() -> None:
    lines = [
        json.dumps({"id": "good", "hand": HAND, "self_drawn": True}),
        "",
        "{not json",
        json.dumps({"hand": "123m456m789m1sEEE2s"}),
        json.dumps({"hand": HAND, "ruleset": "nope"}),
        json.dumps({"hand": HAND, "self_drawn": "yes"}),
        json.dumps([HAND]),
        json.dumps({"hand": "[123m2]456m789m1sEEE1x"}),
        json.dumps({"hand": "11111m456m789m1sEE"}),
        json.dumps({"self_drawn": True}),
        json.dumps({"hand": HAND, "self_drawn": True, "robbing_kong": True}),
        json.dumps({"hand": HAND, "ruleset": "mcr-gb", "expect": {"x": 1}, "source": "s"}),
        json.dumps({"hand": HAND, "ruleset": "bp-club", "seat_wind": "S", "flowers": "2f"}),
    ]
    result = run("score", "--jsonl", stdin="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output
    answers = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(answers) == len(lines)
    codes = [a["error"]["code"] if "error" in a else a["outcome"] for a in answers]
    assert codes == [
        "win",
        "blank_line",
        "invalid_json",
        "not_a_win",
        "unknown_ruleset",
        "invalid_situation",
        "invalid_json",
        "invalid_notation",
        "invalid_notation",
        "invalid_case",
        "invalid_situation",
        "win",
        "win",
    ]
    first = answers[0]
    assert first["id"] == "good"
    assert first["ruleset"] == "mcr"
    assert {f["name"]: f["count"] for f in first["fans"]}["Self-Drawn"] == 1
    for answer in answers:
        if "error" in answer:
            assert set(answer["error"]) == {"code", "message"}
            assert answer["error"]["message"]
        else:
            assert {"ruleset", "total", "qualifies", "fans"} <= set(answer)
            for fan in answer["fans"]:
                assert {"name", "points", "count"} <= set(fan)
    assert answers[11]["ruleset"] == "mcr-gb"
    assert answers[12]["ruleset"] == "bp-club"
    assert {f["name"] for f in answers[12]["fans"]} >= {"Flower Tiles", "Seat Flower"}


def test_jsonl_default_ruleset_from_flags(tmp_path: Path) -> None:
    path = tmp_path / "club.toml"
    path.write_text('name = "club"\nbase = "mcr-gb"\n')
    stdin = json.dumps({"hand": HAND}) + "\n" + json.dumps({"hand": HAND, "ruleset": "mcr"})
    result = run("score", "--jsonl", "--rules", str(path), stdin=stdin)
    assert [json.loads(x)["ruleset"] for x in result.stdout.splitlines()] == ["club", "mcr"]
    result = run("score", "--jsonl", "--ruleset", "bp-club", stdin=json.dumps({"hand": HAND}))
    assert json.loads(result.stdout)["ruleset"] == "bp-club"


def test_jsonl_reads_the_corpus_format() -> None:
    """A line of the MCR corpora (README: the score-case fields) scores as its expectation."""
    case = {
        "id": "greenbook-000",
        "hand": "[EEE2][SSSS1]55mWWWNNN",
        "self_drawn": True,
        "kong_replacement": False,
        "robbing_kong": False,
        "last_of_kind": False,
        "last_wall_tile": False,
        "seat_wind": "E",
        "prevalent_wind": "E",
        "flowers": 0,
        "expect": {"mcr-gb": {"total": 98}, "mcr": {"total": 98}},
    }
    result = run("score", "--jsonl", "--ruleset", "mcr-gb", stdin=json.dumps(case) + "\n")
    answer = json.loads(result.stdout)
    assert answer["total"] == 98
    assert {f["name"] for f in answer["fans"]} == {
        "Big Four Winds",
        "Half Flush",
        "Two Concealed Pungs",
        "Melded Kong",
        "Self-Drawn",
    }


def test_waits_show_the_points_of_every_wait() -> None:
    """Issue 3: ``mahjongkit waits`` gains, for every wait, the points on a discard and
    self-drawn; they are what ``score`` gives for the completed hand."""
    result = run("waits", "[123m2]456m789m1sEEE", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["waits"] == ["1s"]
    discard = score_json("[123m2]456m789m1sEEE1s")["total"]
    drawn = score_json("[123m2]456m789m1sEEE1s", "--self-drawn")["total"]
    assert data["points"]["1s"]["discard"] == discard
    assert data["points"]["1s"]["self_drawn"] == drawn
    human = run("waits", "1112345678999m", "--ruleset", "bp-club", "--seat", "S")
    assert human.exit_code == 0, human.output
    assert "self-drawn" in human.stdout
    assert "bp-club" in human.stdout


# -- pathological lines: every one answered, the batch goes on, every answer strict JSON --

TAIWANESE = "123m456m789m123p456p5s5s"


def strict_answers(stdout: bytes) -> list[dict[str, Any]]:
    """The answer lines, each checked to be UTF-8 strict JSON (no NaN, no Infinity)."""

    def refuse(name: str) -> None:
        raise AssertionError(f"{name} in an answer")

    answers = []
    for line in stdout.decode("utf-8").split("\n")[:-1]:
        answer = json.loads(line, parse_constant=refuse)
        assert isinstance(answer, dict)
        answers.append(answer)
    return answers


PATHOLOGICAL = [
    ('{"id": "deep", "x": ' + "[" * 1500 + "]" * 1500 + "}", "too_deep"),
    ("[" * 100_000, "too_deep"),
    ('{"id": "n", "x": ' + "9" * 4400 + "}", "number_too_large"),
    ('{"id": "\\ud800", "hand": "' + HAND + '"}', "invalid_text"),
    ('{"id": "ok", "hand": "' + HAND + '", "note": "\\udfff"}', "invalid_text"),
    (
        json.dumps({"hand": TAIWANESE, "ruleset": "taiwanese-dxb"})[:-1]
        + ', "dealer_streak": '
        + "9" * 4300
        + "}",
        "number_too_large",
    ),
    (
        json.dumps({"hand": TAIWANESE, "ruleset": "taiwanese-dxb", "dealer_streak": 10**50}),
        "invalid_number",
    ),
    (
        json.dumps({"hand": TAIWANESE, "ruleset": "taiwanese-dxb", "dealer_streak": 100}),
        "invalid_number",
    ),
    (
        json.dumps({"hand": TAIWANESE, "ruleset": "taiwanese-dxb", "tiles_on_table": 137}),
        "invalid_number",
    ),
    ('{"id": NaN}', "invalid_json"),
    ('{"id": 1, "hand": "' + HAND + '", "x": -Infinity}', "invalid_json"),
    ('{"id": 1e400}', "number_too_large"),
    (json.dumps({"hand": HAND, "flowers": "\u0663"}), "invalid_number"),
    (json.dumps({"hand": HAND, "flowers": "\u00b2"}), "invalid_number"),
    (json.dumps({"hand": HAND, "flowers": "9" * 5000}), "invalid_number"),
    (json.dumps({"hand": HAND, "flowers": True}), "invalid_situation"),
]


@pytest.mark.parametrize(("line", "code"), PATHOLOGICAL, ids=[c for _, c in PATHOLOGICAL])
def test_a_pathological_line_is_answered_and_the_batch_goes_on(line: str, code: str) -> None:
    good = json.dumps({"id": "after", "hand": HAND})
    stdin = (line + "\n" + good + "\n").encode("utf-8", "surrogatepass")
    result = CliRunner().invoke(app, ["score", "--jsonl"], input=stdin)
    assert result.exit_code == 0, result.output
    first, after = strict_answers(result.stdout_bytes)
    assert first["error"]["code"] == code, first
    assert code in ERROR_CODES
    assert after["id"] == "after" and after["total"] == 23


def test_bytes_that_are_not_utf8_and_overlong_lines_are_answered() -> None:
    good = json.dumps({"id": "after", "hand": HAND}).encode()
    stdin = b'{"id": "\xff"}\n' + b"x" * (MAX_LINE_BYTES + 10) + b"\n" + good + b"\n"
    result = CliRunner().invoke(app, ["score", "--jsonl"], input=stdin)
    codes = [a.get("error", {}).get("code") for a in strict_answers(result.stdout_bytes)]
    assert codes == ["invalid_text", "line_too_long", None]


def test_an_answer_that_cannot_be_written_is_answered_with_an_error() -> None:
    """The write is guarded too: an answer no strict JSON can carry becomes an error line,
    with its id when the id can be written."""
    too_long = json.loads(answer_line({"id": "c", "total": 10**5000}))
    assert too_long["id"] == "c"
    assert too_long["error"]["code"] == "unwritable_answer"
    not_a_number = json.loads(answer_line({"id": 1, "total": float("nan")}))
    assert not_a_number["error"]["code"] == "unwritable_answer"
    bad_id = answer_line({"id": "\ud800", "total": 1})
    assert json.loads(bad_id) == {"error": json.loads(bad_id)["error"]}
    bad_id.encode("utf-8")


def test_every_error_code_is_documented() -> None:
    doc = (Path(__file__).parent.parent / "docs" / "score-cases.md").read_text()
    for code in ERROR_CODES:
        assert f"| `{code}` |" in doc, code


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("--flowers", "\u00b2"), "flowers must be written in the digits 0-9"),
        (("--flowers", "\u0663"), "flowers must be written in the digits 0-9"),
        (("--flowers", "9" * 5000), "flowers must be 0..8, not a 5000-digit number"),
        (
            ("--ruleset", "taiwanese-dxb", "--dealer-streak", "9" * 4300),
            "dealer_streak must be 0..99",
        ),
        (
            ("--ruleset", "taiwanese-dxb", "--dealer-streak", "\u0663"),
            "dealer_streak must be written",
        ),
        (
            ("--ruleset", "taiwanese-dxb", "--tiles-on-table", "\u00b2"),
            "tiles_on_table must be written",
        ),
        (
            ("--ruleset", "taiwanese-dxb", "--tiles-on-table", "137"),
            "tiles_on_table must be 0..136",
        ),
        (("--ruleset", "taiwanese-dxb", "--tiles-on-table", "-1"), "tiles_on_table must be 0..136"),
    ],
)
def test_numbers_on_the_command_line_are_ascii_digits_in_range(
    args: tuple[str, ...], words: str
) -> None:
    hand = TAIWANESE if "taiwanese-dxb" in args else HAND
    result = run("score", hand, *args)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert words in result.stderr
    assert result.stdout == ""
