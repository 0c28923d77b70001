"""Fuzzing the JSON Lines batch of ``mahjongkit score --jsonl`` (bounded, reproducible:
derandomized, no example database): any mix of arbitrary JSON values, arbitrary text and
bytes, the pathological lines of docs/score-cases.md and good cases gets exactly one
strict-JSON UTF-8 answer per line, good cases scored right with their ids echoed."""

from __future__ import annotations

import io
import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mahjongkit.cli.score import ERROR_CODES, run_batch
from mahjongkit.rules.ruleset import get_ruleset

FUZZ = settings(
    max_examples=120,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

GOOD = [  # (case, its total) -- scored once here, by the same scorer, below
    ({"hand": "[123m2]456m789m1sEEE1s"}, 23),
    ({"hand": "[123m2]456m789m1sEEE1s", "self_drawn": True}, None),
    ({"hand": "123m456m789m123p456p5s5s", "ruleset": "taiwanese-dxb", "dealer_streak": 2}, None),
]

PATHOLOGICAL = [
    b"[" * 100_000,
    b'{"id": "deep", "x": ' + b"[" * 1500 + b"]" * 1500 + b"}",
    b'{"id": 1, "x": ' + b"9" * 4400 + b"}",
    b'{"id": "\\ud800"}',
    b'{"id": NaN}',
    b'{"id": 1e400}',
    b'{"hand": "123m456m789m123p456p5s5s", "ruleset": "taiwanese-dxb", "dealer_streak": '
    + b"9" * 4300
    + b"}",
    b'{"hand": "[123m2]456m789m1sEEE1s", "flowers": "\xd9\xa3"}',
    b'{"id": "\xff"}',
    b"",
    b"   ",
]

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
case_like = st.fixed_dictionaries(
    {"hand": st.sampled_from(["[123m2]456m789m1sEEE1s", "123m456p789s11sEEE1f", "x"])},
    optional={
        "id": json_values,
        "flowers": json_values,
        "dealer_streak": json_values,
        "tiles_on_table": json_values,
        "seat_wind": json_values,
        "self_drawn": json_values,
        "ruleset": st.sampled_from(["mcr", "taiwanese-dxb", "nope"]) | json_values,
    },
)


def encoded(value: Any) -> bytes:
    return json.dumps(value, allow_nan=True).encode("utf-8", "surrogatepass")


lines = st.one_of(
    json_values.map(encoded),
    case_like.map(encoded),
    st.text(max_size=60).map(lambda t: t.replace("\n", " ").encode("utf-8", "surrogatepass")),
    st.binary(max_size=60).map(lambda b: b.replace(b"\n", b" ")),
    st.sampled_from(PATHOLOGICAL),
    st.tuples(st.sampled_from(range(len(GOOD))), st.text(max_size=10)).map(
        lambda pair: ("good", pair[0], pair[1])
    ),
)


def refuse(name: str) -> None:
    raise AssertionError(f"{name} in an answer")


def batch(data: bytes) -> list[dict[str, Any]]:
    out = io.BytesIO()
    run_batch(io.BytesIO(data), out, get_ruleset("mcr"))
    answers = []
    for line in out.getvalue().decode("utf-8").split("\n")[:-1]:  # strict UTF-8
        answer = json.loads(line, parse_constant=refuse)  # strict JSON
        assert isinstance(answer, dict)
        answers.append(answer)
    return answers


EXPECTED = [batch(encoded(case) + b"\n")[0] for case, _ in GOOD]


def test_the_good_cases_are_scored() -> None:
    assert EXPECTED[0]["total"] == GOOD[0][1]
    assert all("error" not in answer for answer in EXPECTED)


@FUZZ
@given(st.lists(lines, min_size=1, max_size=8))
def test_every_line_gets_one_strict_answer(items: list[Any]) -> None:
    raw: list[bytes] = []
    for item in items:
        if isinstance(item, tuple):
            _, n, ident = item
            raw.append(encoded({"id": ident, **GOOD[n][0]}))
        else:
            raw.append(item)
    answers = batch(b"\n".join(raw) + b"\n")
    assert len(answers) == len(raw)
    for item, answer in zip(items, answers, strict=True):
        if "error" in answer:
            assert set(answer["error"]) == {"code", "message"}
            assert answer["error"]["code"] in ERROR_CODES
            assert answer["error"]["code"] != "internal_error", answer
        if isinstance(item, tuple):
            _, n, ident = item
            assert answer == {"id": ident, **EXPECTED[n]}
