"""The Botzone bot program, driven by the local judge (conftest): every answer legal over
many hands, in Botzone's simple mode (one run a request, the whole history each time,
``data`` carried over) and its long-running mode (one process, a request a line);
malformed input gets a clear error on stderr and a safe answer."""

from __future__ import annotations

import io
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from mahjongkit.botzone.program import KEEP_RUNNING, Player, run

from .conftest import Program, play_hand

SRC = str(Path(__file__).resolve().parents[2] / "src")


def simple_mode(bot: str) -> Program:
    """A program run afresh for every request, as Botzone runs one in simple mode: the
    whole history in, one answer and ``data`` out, ``data`` given back next time."""
    data: dict[int, str] = {}

    def program(seat: int, requests: list[str], responses: list[str]) -> str:
        given = {"requests": requests, "responses": responses}
        if seat in data:
            given["data"] = data[seat]  # type: ignore[assignment]
        out, err = io.StringIO(), io.StringIO()
        assert run(bot, stdin=io.StringIO(json.dumps(given) + "\n"), stdout=out, stderr=err) == 0
        assert err.getvalue() == "", err.getvalue()
        reply = json.loads(out.getvalue())
        data[seat] = reply["data"]
        assert json.loads(reply["data"])["bot"] == bot
        return str(reply["response"])

    return program


def long_running(bot: str, seed: int) -> Program:
    """One player a seat kept for the whole hand, as in Botzone's long-running mode: the
    whole history once, then one request at a time."""
    players: dict[int, Player] = {}

    def program(seat: int, requests: list[str], responses: list[str]) -> str:
        player = players.get(seat)
        if player is None:
            player = players[seat] = Player(bot, seed + seat)
            player.replay(requests, responses)
        else:
            assert responses[-1] == str(player.last)
            player.next_request(requests[-1])
        return str(player.answer())

    return program


@pytest.mark.parametrize("bot", ["defender", "scorer", "efficient", "random"])
def test_every_answer_is_legal_in_simple_mode(bot: str) -> None:
    rng = random.Random(bot)
    others = ["random", "efficient", "scorer"]
    for hand in range(2):
        programs = [simple_mode(bot)] + [simple_mode(others[(hand + i) % 3]) for i in range(3)]
        play_hand(rng, programs[hand % 4 :] + programs[: hand % 4])


def test_every_answer_is_legal_in_long_running_mode() -> None:
    rng = random.Random(5)
    names = ["defender", "scorer", "efficient", "random"]
    for hand in range(48):
        bots = names[hand % 4 :] + names[: hand % 4]
        play_hand(rng, [long_running(b, hand) for b in bots])


def test_the_bots_claim_and_win_through_the_program() -> None:
    """The answers the bots give cover Botzone's kinds, compound claims among them."""
    seen: set[str] = set()
    rng = random.Random(11)
    for hand in range(12):
        play_hand(
            rng,
            [long_running("efficient", hand)] * 4,
            on_answer=lambda seat, answer, actions, talk: seen.add(answer.split()[0]),
        )
    assert {"PLAY", "PASS", "PENG", "HU"} <= seen


def test_the_seed_rides_in_data() -> None:
    """Simple mode: a run given a former run's ``data`` plays with its seed, so a game's
    runs make one player."""
    given = {
        "requests": ["0 1 0", "1 0 0 0 0 W1 W2 W3 W5 W6 W7 B2 B4 B9 T1 T5 J1 J1", "3 0 DRAW"],
        "responses": ["PASS", "PASS"],
        "data": json.dumps({"bot": "random", "seed": 42}),
    }
    out = io.StringIO()
    run("random", stdin=io.StringIO(json.dumps(given)), stdout=out, stderr=io.StringIO())
    assert json.loads(json.loads(out.getvalue())["data"])["seed"] == 42


# -- malformed input -------------------------------------------------------------------


def answer_to(text: str, keep_running: bool = False) -> tuple[list[str], str]:
    out, err = io.StringIO(), io.StringIO()
    assert run("defender", keep_running, io.StringIO(text), out, err, seed=1) == 0
    return out.getvalue().splitlines(), err.getvalue()


DEAL = "1 0 0 0 0 W1 W2 W3 W5 W6 W7 B2 B4 B9 T1 T5 J1 J1"


@pytest.mark.parametrize(
    ("given", "answer", "words"),
    [
        ("not json", "PASS", "bad-input: the input is a JSON object"),
        ("[1, 2]", "PASS", "bad-input"),
        ('{"requests": "0 0 0", "responses": []}', "PASS", "'requests' is a non-empty list"),
        ('{"requests": ["0 0 0"], "responses": ["PASS"]}', "PASS", "one answer per request"),
        ('{"requests": ["0 0 0", 5], "responses": ["PASS"]}', "PASS", "a line of text, not 5"),
        ('{"requests": ["0 0 0", "9 9"], "responses": ["PASS"]}', "PASS", "bad-request"),
        # A draw whose history cannot be: the discard of the tile drawn is still legal.
        (
            json.dumps({"requests": ["0 0 0", "2 W4"], "responses": ["PASS"]}),
            "PLAY W4",
            "bad-history",
        ),
        (
            json.dumps({"requests": ["0 0 0", DEAL, "2 W4"], "responses": ["PASS", "PLAY"]}),
            "PLAY W4",
            "bad-answer: PLAY takes 1 tiles",
        ),
    ],
)
def test_malformed_input_gets_an_error_and_a_safe_answer(
    given: str, answer: str, words: str
) -> None:
    lines, err = answer_to(given + "\n")
    assert json.loads(lines[0])["response"] == answer
    assert words in err
    if words:
        assert err.startswith("mahjongkit botzone-bot: ")


def test_long_running_mode_answers_line_by_line() -> None:
    first = {"requests": ["0 0 0", DEAL], "responses": ["PASS"]}
    text = "\n".join([json.dumps(first), json.dumps("2 W4"), json.dumps("3 1 DRAW"), "oops", ""])
    lines, err = answer_to(text, keep_running=True)
    answers = [json.loads(line)["response"] for line in lines if line != KEEP_RUNNING]
    assert lines.count(KEEP_RUNNING) == 4 and lines[1] == KEEP_RUNNING
    assert answers[:3] == ["PASS", answers[1], "PASS"] and answers[1].startswith("PLAY ")
    assert answers[3] == "PASS" and "bad-request" in err  # 'oops' is no request


def test_the_command_runs_long_running_over_pipes() -> None:
    """The real command, in a process kept running: the judge writes a request, reads the
    answer and the keep-running line, writes the next."""
    env = {**os.environ, "PYTHONPATH": SRC}
    code = "import sys; from mahjongkit.cli import main; sys.argv[0] = 'mahjongkit'; main()"
    command = [sys.executable, "-c", code, "botzone-bot", "--bot", "scorer", "--keep-running"]
    with subprocess.Popen(
        command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env
    ) as process:
        assert process.stdin is not None and process.stdout is not None

        def ask(value: object) -> str:
            assert process.stdin is not None and process.stdout is not None
            process.stdin.write(json.dumps(value) + "\n")
            process.stdin.flush()
            answer = json.loads(process.stdout.readline())["response"]
            assert process.stdout.readline().strip() == KEEP_RUNNING
            return str(answer)

        assert ask({"requests": ["0 0 0"], "responses": []}) == "PASS"
        assert ask(DEAL) == "PASS"
        assert ask("2 F3").startswith("PLAY ")
        process.stdin.close()
        assert process.wait(timeout=30) == 0


def test_an_unknown_bot_is_named() -> None:
    err = io.StringIO()
    assert run("clever", stdin=io.StringIO(""), stdout=io.StringIO(), stderr=err) == 2
    assert "unknown bot 'clever'; known: defender, efficient, random, scorer" in err.getvalue()
