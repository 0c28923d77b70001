"""``mahjongkit parse / shanten / waits / discard``: output, the JSON contracts, bad input."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest
from typer.testing import CliRunner, Result

import mahjongkit.cli.hand_commands  # noqa: F401  (registers the commands)
from mahjongkit.cli.app import app


def run(*args: str) -> Result:
    return CliRunner().invoke(app, list(args))


def as_json(*args: str) -> Any:
    result = run(*args, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_shanten_json_contract() -> None:
    data = as_json("shanten", "[123m2]45p66p789s1sEE")
    assert data == {"shanten": 1, "forms": {"regular": 1, "knitted_straight": 5}}


def test_shanten_json_names_every_mcr_form_of_a_concealed_hand() -> None:
    data = as_json("shanten", "1199m1199p1199sE")
    assert data["shanten"] == 0
    assert set(data["forms"]) == {
        "regular",
        "seven_pairs",
        "thirteen_orphans",
        "honors_and_knitted",
        "knitted_straight",
    }


def test_shanten_of_a_complete_hand_is_minus_one() -> None:
    assert as_json("shanten", "1112345678999m5m")["shanten"] == -1


def test_waits_json_contract_in_canonical_notation() -> None:
    data = as_json("waits", "1112345678999m")
    assert data["waits"] == ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m"]
    # Honours are letters; 5z..7z input still prints canonical P F C.
    assert as_json("waits", "19m19p19sESWN5z6z7z")["waits"][-3:] == ["C", "F", "P"]
    assert as_json("waits", "123m456p789s1sEE5s")["waits"] == []  # not ready


def test_taiwanese_ruleset_option() -> None:
    data = as_json("shanten", "--ruleset", "taiwanese-lrc", "147m258p369sESWNCFP")
    assert data["forms"]["sixteen_orphans"] == 0
    assert (
        "sixteen_orphans"
        not in as_json("shanten", "-r", "taiwanese-dxb", "147m258p369sESWNCFP")["forms"]
    )
    waits = as_json("waits", "-r", "taiwanese", "123m456m789m123p45pEE")["waits"]
    assert waits == ["3p", "6p"]


def test_parse_json_and_text() -> None:
    data = as_json("parse", "1f[567m,2]EEE5z5zP234s9p9p")
    assert data["hand"] == "1f[567m2]9p234sEEEPPP9p"
    assert data["melds"] == ["[567m2]"] and data["flowers"] == ["1f"]
    assert data["last_tile"] == "9p" and data["size"] == 13
    text = run("parse", "[123m2]45p66p789s1sEE")
    assert text.exit_code == 0 and "\U0001f007" in text.stdout  # the 1m glyph


def test_human_output_shows_glyphs_and_values() -> None:
    result = run("shanten", "[123m2]45p66p789s1sEE")
    assert result.exit_code == 0
    assert "1 shanten" in result.stdout and "regular" in result.stdout
    assert "\U0001f000" in result.stdout  # East
    waits = run("waits", "1112345678999m")
    assert "waits on" in waits.stdout and "\U0001f00f" in waits.stdout  # 9m
    none = run("waits", "123m456p789s1sEE5s")
    assert "no waits" in none.stdout and "1 shanten" in none.stdout


def test_discard_json_and_visible_tiles() -> None:
    data = as_json("discard", "123m456p789s11sEEC")
    best = data["discards"][0]
    assert best == {"tile": "C", "shanten": 0, "useful": ["1s", "E"], "useful_count": 4}
    seen = as_json("discard", "123m456p789s11sEEC", "--visible", "EE")["discards"][0]
    assert seen["useful_count"] == 2
    assert len(data["discards"]) == 12  # one per kind held


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("shanten", "123m45"), "digits with no suit letter at position 4"),
        (("waits", "1x23m"), "unknown character 'x'"),
        (("parse", "10m123456789p123s"), "no 10s"),
        (("shanten", "11111m23456789p"), "fifth copy of 1m"),
        (("shanten", "[124m]123456789p1s"), "[124m] is not a chow, pung or kong"),
        (("shanten", "123m"), "fit no hand"),
        (("shanten", "-r", "nonsense", "1112345678999m"), "unknown ruleset"),
        (("shanten", "-r", "taiwanese", "1112345678999m"), "fit no hand"),
        (("waits", "1112345678999m5m"), "not waiting"),
        (("discard", "1112345678999m"), "no tile too many"),
        (("discard", "123m456p789s11sEEC", "--visible", "EEE"), "copies of E"),
        (("discard", "123m456p789s11sEEC", "--visible", "1f"), "flower"),
    ],
)
def test_bad_input_exits_2_with_the_message_on_stderr(args: tuple[str, ...], message: str) -> None:
    result = run(*args)
    assert result.exit_code == 2
    assert message in result.stderr
    assert "Traceback" not in result.output + result.stderr
    assert result.stdout == ""


def test_the_installed_command_prints_no_traceback() -> None:
    """The real entry point, as a user runs it."""
    cmd = [sys.executable, "-c", "from mahjongkit.cli import main; main()"]
    bad = subprocess.run([*cmd, "waits", "--json", "123m45"], capture_output=True, text=True)
    assert bad.returncode == 2
    assert bad.stderr.startswith("error: digits with no suit letter")
    assert "Traceback" not in bad.stderr and bad.stdout == ""
    good = subprocess.run([*cmd, "waits", "--json", "1112345678999m"], capture_output=True)
    assert good.returncode == 0 and json.loads(good.stdout)["waits"][0] == "1m"
