"""The quick path of ``mahjongkit``: plain ``score`` and ``waits`` answered without Typer
print the same bytes and exit with the same code as the Typer app, and anything the quick
path does not read with certainty goes to Typer."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.main import get_command
from typer.testing import CliRunner

import mahjongkit
import mahjongkit.cli.hand_commands  # registers the commands
from mahjongkit.cli.app import app
from mahjongkit.cli.quick import PLAIN_FORMS, answer, plain_call

SRC = str(Path(mahjongkit.__file__).parents[1])
HOUSE_RULES = str(Path(mahjongkit.__file__).parent / "rules" / "data" / "bp-club.toml")
SCORE = "123m456p789s11sEEE"
READY = "1112345678999m"

SAME_ANSWERS = [
    ("score", SCORE),
    ("score", SCORE, "--json"),
    ("score", "[123m2]456m789m1sEEE1s", "--self-drawn", "--seat", "S", "--prevalent=W"),
    ("score", "--flowers", "2", SCORE, "--last-of-kind", "--kong-replacement"),
    ("score", SCORE, "--ruleset", "mcr", "-r", "taiwanese"),  # the last one counts
    ("score", "123m456m789m123p456p55p", "-rtaiwanese", "--dealer", "--ting"),
    ("score", "123m456m789m123p456p55p", "--ruleset=taiwanese", "--dealer", "--dealer-streak=2"),
    ("score", "123m456m789m123p456p55p", "-r", "taiwanese", "--seat", "S", "--json"),
    ("score", "123m456p789s11sEE2m"),  # not a win
    ("score", "123m456p789s11sEEX"),  # bad hand text
    ("score", "123m456p789s"),  # too few tiles
    ("score", SCORE, "--ruleset", "nope"),  # unknown ruleset
    ("score", SCORE, "-r=mcr"),  # Click reads the ruleset "=mcr"
    ("score", SCORE, "--seat", "X"),
    ("score", "1f" + SCORE, "--flowers", "1"),  # flowers given twice
    ("score", SCORE, "--ruleset", "mcr", "--rules", "house.toml"),
    ("score", SCORE, "--rules", "no-such-file.toml"),
    ("score", SCORE, "--rules="),  # the path "", which is "."
    ("score", SCORE, "--rules", HOUSE_RULES, "--self-drawn"),
    ("score", "", "--json"),
    ("score", "-"),
    ("waits", READY),
    ("waits", READY, "--json", "--seat", "N", "--prevalent", "S"),
    ("waits", "123m456p789s1sEEE"),  # no waits: not ready
    ("waits", "1112345678999m" + "123p", "-r", "taiwanese"),
    ("waits", "123m456p789s11sEX"),
    ("waits", READY, "--ruleset", "nope"),
    ("waits", READY, "--seat", "--json"),  # Click reads the seat "--json"
]


def typer_answer(args: tuple[str, ...]) -> tuple[int, bytes, bytes]:
    result = CliRunner().invoke(app, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, result.stdout_bytes, result.stderr_bytes


def quick_answer(
    args: tuple[str, ...], capsysbinary: pytest.CaptureFixture[bytes]
) -> tuple[int, bytes, bytes]:
    call = plain_call(args)
    assert call is not None, "the quick path hands this to Typer"
    try:
        answer(call)
        code = 0
    except SystemExit as end:
        code = end.code if isinstance(end.code, int) else 1
    sys.stdout.flush()
    sys.stderr.flush()
    out, err = capsysbinary.readouterr()
    return code, out, err


@pytest.mark.parametrize("args", SAME_ANSWERS, ids=" ".join)
def test_the_quick_path_answers_as_typer_does(
    args: tuple[str, ...], capsysbinary: pytest.CaptureFixture[bytes]
) -> None:
    assert quick_answer(args, capsysbinary) == typer_answer(args)


def test_styles_on_a_forced_colour_output_are_the_same(
    capsysbinary: pytest.CaptureFixture[bytes], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FORCE_COLOR", "1")
    monkeypatch.delenv("NO_COLOR", raising=False)
    for args in (("score", SCORE), ("waits", READY)):
        code, out, err = quick_answer(args, capsysbinary)
        assert b"\x1b[1m" in out
        assert (code, out, err) == typer_answer(args)


@pytest.mark.parametrize(
    "args",
    [
        (),
        ("parse", SCORE),
        ("score",),  # no HAND: Typer's own message
        ("score", "--jsonl"),
        ("score", SCORE, "--help"),
        ("score", SCORE, "-h"),
        ("score", SCORE, SCORE),
        ("score", "--", SCORE),
        ("score", "-", SCORE),
        ("score", SCORE, "--seat"),  # no value
        ("score", SCORE, "--json=yes"),  # a flag takes no value
        ("score", SCORE, "--self"),  # Click completes no option
        ("score", SCORE, "--no-self-drawn"),
        ("score", SCORE, "-x"),
        ("waits", READY, "--self-drawn"),  # score's flag, not waits'
        ("waits", "--json"),
    ],
    ids=lambda args: " ".join(args) or "nothing",
)
def test_anything_uncertain_goes_to_typer(args: tuple[str, ...]) -> None:
    assert plain_call(args) is None


def test_options_read_as_click_reads_them() -> None:
    call = plain_call(["score", "-rmcr", "--seat=S", SCORE, "--seat", "W", "--rules=h.toml"])
    assert call is not None
    assert call.arguments == {"ruleset": "mcr", "seat": "W", "hand": SCORE, "rules": Path("h.toml")}


@pytest.mark.parametrize("command", sorted(PLAIN_FORMS))
def test_the_quick_path_reads_the_options_typer_declares(command: str) -> None:
    """Every option of the command but ``--help`` (and ``score --jsonl``, left to Typer) is
    read, as a flag or with a value, into the parameter Typer gives it."""
    declared = get_command(app).commands[command].params  # type: ignore[attr-defined]
    flags, values = {}, {}
    for param in declared:
        if param.param_type_name != "option" or param.name == "jsonl":
            continue
        for name in (*param.opts, *param.secondary_opts):
            (flags if param.is_flag else values)[name] = param.name
    form = PLAIN_FORMS[command]
    assert dict(form.flags) == flags
    assert dict(form.values) == values


def run_entry(entry: str, args: tuple[str, ...], marker: Path) -> tuple[int, bytes, bytes, str]:
    """Exit code, stdout and stderr of a fresh process running ``mahjongkit ARGS`` through
    ``entry``'s ``main``, and whether it imported Typer (written to ``marker`` at exit)."""
    code = (
        "import atexit, sys\n"
        f"atexit.register(lambda: open({str(marker)!r}, 'w').write(str('typer' in sys.modules)))\n"
        f"from {entry} import main\n"
        "main()\n"
    )
    env = {**os.environ, "PYTHONPATH": SRC}
    env.pop("FORCE_COLOR", None)
    done = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, env=env)
    return done.returncode, done.stdout, done.stderr, marker.read_text()


@pytest.mark.parametrize(
    "args",
    [("score", SCORE), ("waits", READY, "--json"), ("score", SCORE, "--ruleset", "nope")],
    ids=" ".join,
)
def test_the_console_entry_answers_as_the_typer_app_without_loading_typer(
    args: tuple[str, ...], tmp_path: Path
) -> None:
    *quick, quick_typer = run_entry("mahjongkit.cli", args, tmp_path / "quick")
    *full, full_typer = run_entry("mahjongkit.cli.app", args, tmp_path / "full")
    assert quick == full
    assert (quick_typer, full_typer) == ("False", "True")
