"""Fuzzing the table's WebSocket against a real server (issue 17): whatever a player or a
spectator sends (any text, any JSON, near-valid messages, binary frames, deep nesting),
the answer is an error with a code, a state or a pong, never a server error, and the
socket stays open. Bounded and reproducible: explicit examples, derandomized."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

ws_client = pytest.importorskip("websockets.sync.client")

FUZZ = settings(
    max_examples=250,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**30), 10**30)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
keys = st.sampled_from(["type", "action", "index", "token", "view", ""])
kinds = st.sampled_from(["action", "next", "state", "ping", "pong", "error", "", "ACTION"])
actions = st.sampled_from(
    ["pass", "win", "pung", "kong 5m", "chow 123m", "discard 1m", "discard E", "ting 9p", "x", ""]
) | st.text(max_size=30)
near_valid = st.fixed_dictionaries(
    {"type": kinds},
    optional={
        "action": actions | json_values,
        "index": st.integers(-5, 2000) | json_values,
    },
) | st.dictionaries(keys, json_values, max_size=4)
nested = st.integers(1, 6000).flatmap(
    lambda n: st.sampled_from(["[" * n, '{"a":' * n, "[" * n + "]" * n])
)
frames = (
    near_valid.map(json.dumps)
    | json_values.map(json.dumps)
    | st.text(max_size=200)
    | nested
    | st.binary(max_size=64)
    | st.integers(4000, 9000).map(lambda n: " " * n)
)


class Seat:
    """One connection kept across examples; a closed one fails the example that closed it."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        assert self.recv()["type"] == "state"

    def recv(self) -> dict[str, Any]:
        message: dict[str, Any] = json.loads(self.ws.recv(timeout=20))
        return message

    def exchange(self, frame: str | bytes) -> dict[str, Any]:
        self.ws.send(frame)
        return self.recv()

    def drain(self) -> None:
        """Read what the table sent (states after a move) up to the answer to a ping."""
        self.ws.send(json.dumps({"type": "ping"}))
        while (message := self.recv()) != {"type": "pong"}:
            check(message)


@pytest.fixture(scope="module")
def sockets(unlimited_server: Any) -> Iterator[tuple[Seat, Seat]]:
    """A seated person and a spectator at a table with no timeouts (so nothing arrives
    but the answers and the states after a move)."""
    body = {"seats": ["human", "random", "random", "random"], "seed": 4, "hands": 16}
    body |= {"claim_timeout": 600, "turn_timeout": 0}
    made = httpx.post(unlimited_server.url + "/api/tables", json=body, timeout=10).json()
    base = f"ws://127.0.0.1:{unlimited_server.port}/ws/tables/{made['id']}"
    token = made["seats"][0]["token"]
    with (
        ws_client.connect(f"{base}?token={token}", max_size=None) as seat,
        ws_client.connect(f"{base}?watch=1", max_size=None) as watcher,
    ):
        yield Seat(seat), Seat(watcher)


def check(reply: dict[str, Any]) -> None:
    assert reply["type"] in {"error", "state", "pong"}, reply
    if reply["type"] == "error":
        assert reply["code"] != "server_error", reply
        assert isinstance(reply["code"], str) and reply["message"], reply


@FUZZ
@given(frame=frames)
def test_a_seat_gets_an_answer_to_anything(sockets: tuple[Seat, Seat], frame: str | bytes) -> None:
    seat, watcher = sockets
    check(seat.exchange(frame))
    watcher.drain()  # after a move the table took, the spectator is told too


@FUZZ
@given(frame=frames)
def test_a_spectator_gets_an_answer_to_anything(
    sockets: tuple[Seat, Seat], frame: str | bytes
) -> None:
    _, watcher = sockets
    reply = watcher.exchange(frame)
    check(reply)
    assert reply["type"] != "error" or reply["code"] != "refused"  # a spectator never acts


def test_both_sockets_are_still_open_after_the_fuzzing(sockets: tuple[Seat, Seat]) -> None:
    for who in sockets:
        assert who.exchange(json.dumps({"type": "ping"})) == {"type": "pong"}
