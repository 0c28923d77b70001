"""Fuzzing the JSON API against a real server (issue 17): any body to POST /api/tables,
/api/score, /api/sheets and a sheet's lines, claim and undo is answered 2xx, or 4xx with
``{"error": {"code", "message"}}``, never 5xx; and the sheet still reads and exports
after whatever was accepted. Bounded and reproducible: explicit examples, derandomized."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

FUZZ = settings(
    max_examples=150,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)

numbers = (
    st.integers(-(10**6), 10**6)
    | st.integers(-(10**40), 10**40)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.booleans()
    | st.none()
)
scalars = numbers | st.text(max_size=30)
json_values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=10), inner, max_size=5)
    ),
    max_leaves=15,
)
winning = st.sampled_from(
    ["[123m2]456p789s1sEEE1s", "123m456p789s11sEEE", "19m19p19s1234567ESWNC1m", "22334455667788p"]
)
hands = st.text(alphabet="0123456789mpsfESWNCFP[] ", max_size=40) | winning
players = st.integers(-1, 4) | scalars


def near(fields: dict[str, Any]) -> Any:
    """Objects with the model's own keys (any subset) and values around the right ones."""
    return st.fixed_dictionaries({}, optional=fields) | st.dictionaries(
        st.sampled_from([*fields, "extra"]), json_values, max_size=6
    )


# Seats never all bots: a table of bots plays its whole match in the request.
seat_kinds = st.sampled_from(["human", "HUMAN", "", "nobody", "random "]) | scalars
table_bodies = near(
    {
        "ruleset": st.sampled_from(["mcr", "taiwanese-dxb", "nope", ""]) | scalars,
        "seats": st.lists(seat_kinds, min_size=0, max_size=5),
        "names": st.lists(st.text(max_size=30) | scalars, max_size=5),
        "hands": numbers,
        "claim_timeout": numbers,
        "turn_timeout": numbers,
        "seed": numbers,
    }
)
score_typed = st.fixed_dictionaries(
    {"hand": winning},
    optional={
        "ruleset": st.sampled_from(["mcr", "taiwanese-dxb", "taiwanese"]),
        "self_drawn": st.booleans(),
        "seat_wind": st.sampled_from(["E", "S", "W", "N"]),
        "prevalent_wind": st.sampled_from(["E", "S", "W", "N"]),
        "flowers": st.integers(0, 8),
        "dealer_streak": st.integers(0, 99),
        "tiles_on_table": st.integers(0, 144),
        "last_wall_tile": st.booleans(),
    },
)
score_bodies = score_typed | near(
    {
        "hand": hands | scalars,
        "ruleset": st.sampled_from(["mcr", "taiwanese-dxb", "taiwanese", "nope"]),
        "self_drawn": st.booleans() | scalars,
        "seat_wind": st.sampled_from(["E", "S", "W", "N", "X"]) | numbers,
        "prevalent_wind": st.sampled_from(["E", "S", "W", "N"]) | numbers,
        "flowers": st.integers(-2, 10) | st.text(alphabet="0123456789f ", max_size=10) | scalars,
        "dealer": st.booleans() | st.none(),
        "discarder_is_dealer": st.booleans(),
        "tiles_on_table": numbers,
        "dealer_streak": numbers,
        "ting": st.booleans(),
    }
)
sheet_bodies = near(
    {
        "ruleset": st.sampled_from(["mcr", "taiwanese-dxb", "nope"]),
        "players": st.lists(st.text(max_size=30) | scalars, max_size=5),
    }
)
seat = st.integers(0, 3)
line_typed = st.one_of(
    st.fixed_dictionaries(
        {"kind": st.just("win"), "winner": seat},
        optional={
            "discarder": seat | st.none(),
            "points": st.integers(0, 10**6),
            "hand": winning,
        },
    ),
    st.just({"kind": "draw"}),
    st.fixed_dictionaries({"kind": st.just("false_win"), "offender": seat}),
    st.fixed_dictionaries(
        {"kind": st.just("penalty"), "offender": seat, "points": st.integers(1, 10**6)},
        optional={"reason": st.text(max_size=60)},
    ),
)
line_bodies = (
    line_typed
    | line_typed
    | near(
        {
            "kind": st.sampled_from(["win", "draw", "false_win", "penalty", "nope"]) | scalars,
            "winner": players,
            "discarder": players,
            "offender": players,
            "points": numbers,
            "hand": hands | scalars,
            "reason": st.text(max_size=80) | scalars,
        }
    )
)


def raw(values: Any) -> Any:
    """A body as bytes: JSON of ``values``, or any bytes, or any text."""
    return (
        values.map(lambda v: json.dumps(v).encode())
        | st.binary(max_size=200)
        | st.text(max_size=200).map(lambda t: t.encode("utf-8", "surrogatepass"))
    )


@pytest.fixture(scope="module")
def client(unlimited_server: Any) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=unlimited_server.url, timeout=30) as c:
        yield c


@pytest.fixture(scope="module")
def sheet(client: httpx.Client) -> dict[str, Any]:
    made: dict[str, Any] = client.post("/api/sheets", json={"players": list("ABCD")}).json()
    return made


def answered(reply: httpx.Response) -> None:
    """2xx, or a 4xx refusal in the one shape; never a server error."""
    assert reply.status_code < 500, (reply.status_code, reply.text[:300])
    if reply.status_code >= 400:
        error = reply.json()["error"]
        assert isinstance(error["code"], str) and isinstance(error["message"], str), error


def post(client: httpx.Client, url: str, body: bytes, **headers: str) -> httpx.Response:
    return client.post(url, content=body, headers={"content-type": "application/json", **headers})


@FUZZ
@given(body=raw(table_bodies))
def test_tables(client: httpx.Client, body: bytes) -> None:
    answered(post(client, "/api/tables", body))


@FUZZ
@given(body=raw(score_bodies))
def test_score(client: httpx.Client, body: bytes) -> None:
    answered(post(client, "/api/score", body))


@FUZZ
@given(body=raw(sheet_bodies))
def test_new_sheets(client: httpx.Client, body: bytes) -> None:
    reply = post(client, "/api/sheets", body)
    answered(reply)
    if reply.status_code == 200:
        assert client.get(f"/api/sheets/{reply.json()['id']}/export.csv").status_code == 200


@FUZZ
@given(body=raw(line_bodies), undo=st.booleans(), claim=st.booleans())
def test_sheet_lines(
    client: httpx.Client, sheet: dict[str, Any], body: bytes, undo: bool, claim: bool
) -> None:
    url = f"/api/sheets/{sheet['id']}"
    mine = {"X-Sheet-Token": sheet["token"]}
    answered(post(client, url + "/lines", body, **mine))
    answered(post(client, url + "/lines", body))  # no token
    if claim:
        answered(post(client, url + "/claim", body))
    if undo:
        answered(client.post(url + "/undo", headers=mine))
    for read in ("", "/export.csv", "/export.json"):
        assert client.get(url + read).status_code == 200
