"""Numbers and JSON/TOML from people, read strictly by one helper (`mahjongkit.inputs`):
the records `replay` and `match --verify` read, house-rules files and every numeric
option of the command line refuse what they cannot carry, with a clear error."""

from __future__ import annotations

import importlib
import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from mahjongkit.cli.app import COMMAND_MODULES, app
from mahjongkit.cli.play import read_action
from mahjongkit.errors import InvalidDataError, InvalidNumberError
from mahjongkit.game.record import InvalidRecordError, load_records, record_of
from mahjongkit.inputs import MAX_DEPTH, read_json, read_toml, whole_number, write_json
from mahjongkit.rules.house import HouseRulesError, load_house_rules

for _name in COMMAND_MODULES:
    importlib.import_module(f"mahjongkit.cli.{_name}")


def run(*args: str) -> Result:
    return CliRunner().invoke(app, list(args))


def said(result: Result) -> str:
    """The error output with Rich's box and line breaks taken away."""
    return " ".join(re.sub(r"[│╭╮╰╯─]", " ", result.stderr).split())


NUMBERS: list[tuple[object, str]] = [
    ("²", "written in the digits 0-9"),
    ("٣", "written in the digits 0-9"),
    ("3.0", "written in the digits 0-9"),
    ("", "written in the digits 0-9"),
    ("9" * 5000, "must be 0..8, not a 5000-digit number"),
    ("-1", "must be 0..8, not -1"),
    (True, "whole number 0..8, not True"),
    (2.0, "whole number 0..8, not 2.0"),
    (None, "whole number 0..8, not None"),
    (10**5000, "must be 0..8, not a number of over 100 digits"),
]


@pytest.mark.parametrize(("raw", "words"), NUMBERS, ids=[f"n{i}" for i in range(len(NUMBERS))])
def test_whole_numbers_are_ascii_digits_or_integers_in_range(raw: object, words: str) -> None:
    with pytest.raises(InvalidNumberError, match=re.escape(words)) as caught:
        whole_number(raw, "flowers", 0, 8)
    assert caught.value.field == "flowers"
    assert whole_number(" 8 ", "flowers", 0, 8) == 8


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("[" * 1000 + "]" * 1000, "too_deep"),
        ("[" * 100_000, "too_deep"),
        ("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), "too_deep"),
        ("9" * 4400, "number_too_large"),
        ("-" + "9" * 101, "number_too_large"),
        ("1e400", "number_too_large"),
        ('{"id": NaN}', "invalid_json"),
        ("[Infinity]", "invalid_json"),
        ('{"\\udc80": 1}', "invalid_text"),
        ('["\\ud800"]', "invalid_text"),
        ("{", "invalid_json"),
    ],
)
def test_json_is_read_strictly(text: str, code: str) -> None:
    with pytest.raises(InvalidDataError) as caught:
        read_json(text)
    assert caught.value.code == code
    assert read_json("[" * MAX_DEPTH + "]" * MAX_DEPTH) is not None
    assert read_json('"\\ud83c\\udc04"') == "\U0001f004"  # a pair is a character


def test_json_written_is_strict() -> None:
    for value in (float("nan"), float("inf"), 10**5000, "\ud800", {"x": object()}):
        with pytest.raises(InvalidDataError) as caught:
            write_json(value)
        assert caught.value.code == "unwritable"


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("a = " + "[" * 5000 + "]" * 5000, "too_deep"),
        ("a = " + "9" * 5000, "number_too_large"),
        ("a = " + "9" * 200, "number_too_large"),
        ("a = nan", "number_too_large"),
        ("a = [", "invalid_toml"),
    ],
)
def test_toml_is_read_strictly(text: str, code: str) -> None:
    with pytest.raises(InvalidDataError) as caught:
        read_toml(text)
    assert caught.value.code == code


@pytest.mark.parametrize(
    "body",
    [
        'name = "club"\nbase = "mcr"\nx = ' + "[" * 5000 + "]" * 5000,
        'name = "club"\nbase = "mcr"\n[scoring]\nminimum_points = ' + "9" * 5000,
    ],
)
def test_a_house_rules_file_too_deep_or_too_large_is_a_clear_error(
    tmp_path: Path, body: str
) -> None:
    path = tmp_path / "club.toml"
    path.write_text(body)
    with pytest.raises(HouseRulesError, match=str(path)):
        load_house_rules(path)
    result = run("score", "[123m2]456m789m1sEEE1s", "--rules", str(path))
    assert result.exit_code == 2
    assert "Traceback" not in result.output and str(path) in result.stderr


def _record_line() -> dict[str, object]:
    from mahjongkit.cli.game import play_one

    return record_of(play_one("mcr", 3), seed=3).to_json()


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda line: line.replace('"seed": 3', '"seed": ' + "9" * 4400), "4400 digits"),
        (lambda line: line.replace('"seed": 3', '"seed": NaN'), "NaN is not JSON"),
        (lambda line: line.replace('"seed": 3', '"seed": ' + "[" * 2000 + "]" * 2000), "deeper"),
        (lambda line: line.replace('"ruleset": "mcr"', '"ruleset": "\\ud800"'), "surrogate"),
        (lambda line: line.replace('"seed": 3', '"seed": true'), "seed must be"),
        (lambda line: line.replace('"dealer_streak": 0', '"dealer_streak": 10000'), "0..99"),
        (lambda line: line.replace('"dice": [[', '"dice": [[7, '), "dice must be 1..6"),
    ],
)
def test_replay_refuses_a_pathological_record_clearly(tmp_path: Path, change, words: str) -> None:  # type: ignore[no-untyped-def]
    good = json.dumps(_record_line())
    path = tmp_path / "records.jsonl"
    path.write_text(good + "\n" + change(good) + "\n", encoding="utf-8", errors="surrogatepass")
    with pytest.raises(InvalidRecordError, match=re.escape(words)):
        load_records(path)
    result = run("replay", str(path))
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output and words in result.stderr


def test_replay_refuses_bytes_that_are_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "records.jsonl"
    path.write_bytes(json.dumps(_record_line()).encode() + b"\n\xff\n")
    result = run("replay", str(path))
    assert result.exit_code == 2 and "not UTF-8" in result.stderr


@pytest.mark.parametrize(
    "body", [b"[" * 100_000, b'{"hands": [], "x": NaN}', b'{"hands": "\xff"}', b"9" * 5000]
)
def test_match_verify_refuses_a_pathological_file_clearly(tmp_path: Path, body: bytes) -> None:
    path = tmp_path / "match.json"
    path.write_bytes(body)
    result = run("match", "--verify", str(path))
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output and str(path) in result.stderr


@pytest.mark.parametrize(
    "args",
    [
        ("hand", "--seed", "²"),
        ("hand", "--seed", "٣"),
        ("hand", "--seed", "9" * 5000),
        ("match", "--seed", "٣"),
        ("match", "--max-hands", "0"),
        ("match", "--time-limit", "nan"),
        ("match", "--time-limit", "1e9"),
        ("watch", "--max-hands", "²"),
        ("simulate", "--hands", "٣"),
        ("simulate", "--workers", "9" * 5000),
        ("play", "--hands", "²"),
        ("serve", "--port", "65536"),
        ("serve", "--tables-per-client", "٣"),
        ("serve", "--spectators-per-table", "²"),
        ("serve", "--messages-per-second", "nan"),
        ("serve", "--abandon-hours", "0"),
    ],
)
def test_numeric_options_are_ascii_digits_in_range(args: tuple[str, ...]) -> None:
    result = run(*args)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert f"Invalid value for '{args[1]}'" in said(result)
    assert re.search(r"must be (written in the digits 0-9|[0-9.]+\.\.|at most)", said(result))


def test_a_typed_choice_is_ascii_digits() -> None:
    legal = ["discard 1m", "discard 5p"]
    assert read_action("2", legal) == "discard 5p"
    for text in ("²", "٣", "9" * 5000, "3"):
        with pytest.raises(InvalidNumberError):
            read_action(text, legal)
