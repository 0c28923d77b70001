"""The server's input boundary against a real server (issue 17): strict models, clear
refusals with stable codes, a socket that survives any message, the limits, and
scoresheets with an owner token."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from typer.testing import CliRunner

from mahjongkit.cli.app import COMMAND_MODULES
from mahjongkit.cli.app import app as cli_app
from mahjongkit.web.limits import Limits
from mahjongkit.web.store import Store

ws_client = pytest.importorskip("websockets.sync.client")
ws_exceptions = pytest.importorskip("websockets.exceptions")

PERSON = ["human", "random", "random", "random"]


def recv(ws: Any) -> dict[str, Any]:
    message: dict[str, Any] = json.loads(ws.recv(timeout=10))
    return message


def table(server: Any, **body: Any) -> dict[str, Any]:
    reply = httpx.post(server.url + "/api/tables", json={"seats": PERSON, **body}, timeout=10)
    assert reply.status_code == 200, reply.text
    made: dict[str, Any] = reply.json()
    return made


def seat_url(server: Any, made: dict[str, Any]) -> str:
    return f"ws://127.0.0.1:{server.port}/ws/tables/{made['id']}?token={made['seats'][0]['token']}"


def refused(reply: httpx.Response, status: int, code: str) -> str:
    """The refusal's message, after checking its status, shape and code."""
    assert reply.status_code == status, reply.text
    error = reply.json()["error"]
    assert error["code"] == code, error
    assert isinstance(error["message"], str) and error["message"]
    message: str = error["message"]
    return message


def close_code(url: str, **connect: Any) -> int:
    """The code the server closes a fresh socket with (before any state)."""
    with (
        ws_client.connect(url, **connect) as ws,
        pytest.raises(ws_exceptions.ConnectionClosed) as closed,
    ):
        ws.recv(timeout=10)
    assert closed.value.rcvd is not None
    code: int = closed.value.rcvd.code
    return code


# -- strict models ------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"hands": 1.9}, "hands"),  # was played as 1 hand
        ({"claim_timeout": True}, "claim_timeout"),  # was 1 second
        ({"hands": "2"}, "hands"),
        ({"turn_timeout": 0.5}, "turn_timeout"),
        ({"names": ["x" * 25]}, "names.0"),
        ({"names": ["a\nb"]}, "names.0"),
        ({"seats": ["human", "bogus", "random", "random"]}, "seats"),
        ({"seats": ["human"] * 5}, "seats"),
        ({"colour": "red"}, "colour"),
        ({"seed": 10**30}, "seed"),
    ],
)
def test_table_settings_are_read_strictly(server: Any, body: dict[str, Any], field: str) -> None:
    """Issue 17: ``"hands": 1.9`` and ``"claim_timeout": true`` were coerced silently."""
    reply = httpx.post(server.url + "/api/tables", json=body, timeout=10)
    assert refused(reply, 400, "invalid_field").startswith(field + ":")


def test_every_refusal_has_the_one_shape(server: Any) -> None:
    """A refusal is ``{"error": {"code", "message"}}`` whatever refused it."""
    url = server.url
    refused(httpx.get(url + "/api/tables/nope"), 404, "not_found")
    refused(httpx.get(url + "/api/nothing-here"), 404, "not_found")
    refused(httpx.post(url + "/api/tables", content=b"{"), 415, "json_required")
    headers = {"content-type": "application/json"}
    refused(httpx.post(url + "/api/tables", content=b"{", headers=headers), 400, "invalid_json")
    refused(httpx.post(url + "/api/tables", content=b"[]", headers=headers), 400, "invalid_shape")
    refused(httpx.post(url + "/api/tables", json={"ruleset": "nope"}), 400, "refused")
    refused(httpx.post(url + "/api/score", json={"hand": "123m"}), 400, "refused")
    refused(
        httpx.post(url + "/api/score", json={"hand": "1m", "flowers": "٣"}), 400, "invalid_field"
    )
    streak = {"hand": "[123m2]456p789s1sEEE1s", "ruleset": "taiwanese-dxb", "dealer_streak": 10**5}
    refused(httpx.post(url + "/api/score", json=streak), 400, "invalid_field")


# -- the table socket ---------------------------------------------------------------------
def test_a_deeply_nested_message_is_answered_and_the_socket_stays(server: Any) -> None:
    """Issue 17: ``'[' * 100000`` raised RecursionError and dropped the connection."""
    made = table(server, seed=1, hands=1)
    with ws_client.connect(seat_url(server, made), max_size=None) as ws:
        recv(ws)
        for text in ("[" * 100000, "[" * 3000, '{"type": ' + "[" * 2000 + "}"):
            ws.send(text)
            reply = recv(ws)
            assert reply["type"] == "error" and reply["code"] in {
                "invalid_json",
                "message_too_large",
            }, reply
        ws.send(json.dumps({"type": "ping"}))
        assert recv(ws) == {"type": "pong"}


def test_bad_messages_get_coded_errors_and_the_socket_stays(server: Any) -> None:
    made = table(server, seed=1, hands=1)
    with ws_client.connect(seat_url(server, made)) as ws:
        recv(ws)
        cases = {
            "not json": "invalid_json",
            "[1]": "invalid_shape",
            '{"type": "dance"}': "unknown_type",
            "{}": "unknown_type",
            '{"type": "ping", "extra": 1}': "invalid_field",
            '{"type": "action", "index": true}': "invalid_field",
            '{"type": "action", "action": "pung", "index": 1}': "invalid_field",
            '{"type": "action", "action": "discard 0x"}': "refused",
            '{"type": "action", "index": 1e3}': "invalid_field",
            "NaN": "invalid_shape",
            " " * 5000: "message_too_large",
        }
        for text, code in cases.items():
            ws.send(text)
            reply = recv(ws)
            assert (reply["type"], reply["code"]) == ("error", code), (text[:40], reply)
            assert reply["message"]
        ws.send(b"\x00binary")
        assert recv(ws)["code"] == "not_text"
        ws.send(json.dumps({"type": "state"}))
        assert recv(ws)["type"] == "state"


def test_a_non_ascii_token_is_refused_not_a_server_error(server: Any) -> None:
    """Issue 17: ``token=é`` answered HTTP 500 (compare_digest of a non-ASCII str)."""
    made = table(server, seed=1, hands=1)
    base = f"ws://127.0.0.1:{server.port}/ws/tables/{made['id']}?token="
    for token in ("%C3%A9", "%F0%9F%80%84" * 3, "a" * 200, "%00"):
        assert close_code(base + token) == 4403, token


def test_the_socket_checks_the_pages_origin(server: Any, make_server: Any) -> None:
    """Issue 17: a page of another site could open a table socket with a visitor's
    browser. The server's own pages, a client with no Origin, and an origin the server
    names may; others are closed with 4406 (the page explains it)."""
    made = table(server, seed=1, hands=1)
    url = seat_url(server, made)
    assert close_code(url, origin="https://evil.example") == 4406
    with ws_client.connect(url, origin=f"http://127.0.0.1:{server.port}") as ws:
        assert recv(ws)["type"] == "state"
    with ws_client.connect(url) as ws:
        assert recv(ws)["type"] == "state"
    club = make_server(limits=Limits(allowed_origins=("https://club.example",)))
    made = table(club, seed=1, hands=1)
    with ws_client.connect(seat_url(club, made), origin="https://club.example") as ws:
        assert recv(ws)["type"] == "state"
    assert close_code(seat_url(club, made), origin="https://other.example") == 4406
    assert "4406" in (Path(__file__).parents[2] / "src/mahjongkit/web/static/table.js").read_text()


# -- limits -----------------------------------------------------------------------------------
@pytest.fixture
def tight(make_server: Any) -> Any:
    """A server with small limits."""
    limits = Limits(
        message_bytes=512,
        messages_per_second=0.01,
        message_burst=3,
        flood_messages=3,
        spectators_per_table=1,
        body_bytes=2048,
    )
    return make_server(limits=limits)


@pytest.fixture
def capped(make_server: Any) -> Any:
    """A server of three open tables, two a client."""
    return make_server(limits=Limits(tables_per_client=2, open_tables=3))


def test_open_tables_are_capped_per_client_and_in_all(capped: Any) -> None:
    """Issue 17: 3,000 tables in 120 s. An unfinished table counts against its opener;
    a finished one (a table of bots plays itself out) does not."""
    tight = capped
    for _ in range(3):
        table(tight, seats=["random"] * 4, hands=1)
    table(tight, seed=1)
    table(tight, seed=2)
    reply = httpx.post(tight.url + "/api/tables", json={"seats": PERSON})
    assert "open tables" in refused(reply, 429, "too_many_tables")
    opened = tight.app.state.open_tables
    opened.reserve("another client")  # a third table by someone else fills the server
    reply = httpx.post(tight.url + "/api/tables", json={"seats": PERSON})
    refused(reply, 503, "server_full")


def test_a_socket_past_its_rate_is_answered_then_closed(tight: Any) -> None:
    """Messages past the rate are answered ``rate_limited`` (the socket kept); a client
    that keeps on is closed with 4429."""
    made = table(tight, seed=3)
    with ws_client.connect(seat_url(tight, made)) as ws:
        recv(ws)
        for _ in range(3):  # the burst
            ws.send(json.dumps({"type": "ping"}))
            assert recv(ws) == {"type": "pong"}
        for _ in range(3):  # patience
            ws.send(json.dumps({"type": "ping"}))
            assert recv(ws)["code"] == "rate_limited"
        ws.send(json.dumps({"type": "ping"}))
        with pytest.raises(ws_exceptions.ConnectionClosed) as closed:
            recv(ws)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4429


def test_message_size_and_spectators_are_limited(tight: Any) -> None:
    made = httpx.post(tight.url + "/api/tables", json={"seats": ["random"] * 4, "hands": 1})
    game_id = made.json()["id"]
    watch = f"ws://127.0.0.1:{tight.port}/ws/tables/{game_id}?watch=1"
    with ws_client.connect(watch) as first:
        recv(first)
        first.send("x" * 513)
        assert recv(first)["code"] == "message_too_large"
        assert close_code(watch) == 4503


def test_request_bodies_are_limited(tight: Any) -> None:
    big = {"seats": PERSON, "names": ["a"] * 4, "pad": "x" * 4000}
    refused(httpx.post(tight.url + "/api/tables", json=big), 413, "body_too_large")

    def chunks() -> Iterator[bytes]:  # no Content-Length: read until the limit
        yield b'{"hand": "'
        for _ in range(100):
            yield b"1m" * 50
        yield b'"}'

    reply = httpx.post(
        tight.url + "/api/score", content=chunks(), headers={"content-type": "application/json"}
    )
    refused(reply, 413, "body_too_large")


def test_the_cli_defaults_are_the_limits_defaults() -> None:
    """docs/web.md lists one set of defaults: `serve`'s options and `Limits` agree."""
    from mahjongkit.cli.web import serve_command

    defaults = Limits()
    params = serve_command.__wrapped__ if hasattr(serve_command, "__wrapped__") else serve_command
    import inspect

    for name, param in inspect.signature(params).parameters.items():
        if hasattr(defaults, name) and name != "allowed_origins":
            assert param.default == getattr(defaults, name), name


# -- scoresheets ------------------------------------------------------------------------------
def new_sheet(server: Any) -> dict[str, Any]:
    reply = httpx.post(server.url + "/api/sheets", json={"players": ["A", "B", "C", "D"]})
    assert reply.status_code == 200, reply.text
    made: dict[str, Any] = reply.json()
    return made


def test_a_sheet_is_changed_only_with_its_owner_token(server: Any) -> None:
    """Issue 17: a sheet had no owner and accepted a cross-site ``POST .../undo``."""
    made = new_sheet(server)
    sheet = f"{server.url}/api/sheets/{made['id']}"
    token = made["token"]
    line = {"kind": "win", "winner": 1, "discarder": 3, "points": 12}
    refused(httpx.post(sheet + "/lines", json=line), 401, "sheet_token_required")
    wrong = {"X-Sheet-Token": "not-it"}
    refused(httpx.post(sheet + "/lines", json=line, headers=wrong), 403, "wrong_sheet_token")
    mine = {"X-Sheet-Token": token}
    assert httpx.post(sheet + "/lines", json=line, headers=mine).json()["scores"] == [
        -8,
        36,
        -8,
        -20,
    ]
    # What a form on another site can send: no header, a form body.
    form = httpx.post(sheet + "/undo", data={"x": "1"}, headers={"Origin": "https://evil.example"})
    assert form.status_code == 401
    assert len(httpx.get(sheet).json()["lines"]) == 1
    assert httpx.post(sheet + "/undo", headers=mine).json()["lines"] == []
    # Reading needs the id only: a club shares the link.
    assert httpx.get(sheet).json()["owned"] is True


def test_no_one_lists_everyones_sheets(server: Any) -> None:
    """Issue 17: ``GET /api/sheets`` listed every sheet; it lists the presented tokens' only."""
    first, second = new_sheet(server), new_sheet(server)
    assert httpx.get(server.url + "/api/sheets").json() == []
    listed = httpx.get(server.url + "/api/sheets", headers={"X-Sheet-Token": first["token"]}).json()
    assert [s["id"] for s in listed] == [first["id"]]
    both = ",".join([first["token"], second["token"]])
    listed = httpx.get(server.url + "/api/sheets", headers={"X-Sheet-Token": both}).json()
    assert {s["id"] for s in listed} == {first["id"], second["id"]}
    assert all("owner" not in s and "token" not in s for s in listed)


def test_a_sheet_stored_before_owners_is_read_then_claimed_once(server: Any) -> None:
    """A sheet from before owners reads and exports as before; the first claim owns it."""
    server.store.save_sheet("0ld5eed", "mcr", ["A", "B", "C", "D"], [{"kind": "draw"}])
    sheet = f"{server.url}/api/sheets/0ld5eed"
    assert httpx.get(sheet).json()["owned"] is False
    assert httpx.get(sheet + "/export.csv").status_code == 200
    line = {"kind": "draw"}
    refused(
        httpx.post(sheet + "/lines", json=line, headers={"X-Sheet-Token": "x"}),
        409,
        "sheet_unclaimed",
    )
    claim = httpx.post(sheet + "/claim", json={})
    assert claim.status_code == 200 and claim.json()["owned"] is True
    refused(httpx.post(sheet + "/claim", json={}), 409, "sheet_owned")
    mine = {"X-Sheet-Token": claim.json()["token"]}
    assert len(httpx.post(sheet + "/lines", json=line, headers=mine).json()["lines"]) == 2


def test_a_huge_number_is_refused_at_entry_and_stored_ones_never_break_exports(
    server: Any,
) -> None:
    """Issue 17: a line with a 4,300-digit ``points`` made the sheet's exports answer 500."""
    made = new_sheet(server)
    sheet = f"{server.url}/api/sheets/{made['id']}"
    mine = {"X-Sheet-Token": made["token"]}
    huge = '{"kind": "win", "winner": 1, "points": ' + "9" * 4300 + "}"
    headers = {**mine, "content-type": "application/json"}
    reply = httpx.post(sheet + "/lines", content=huge, headers=headers)
    assert reply.status_code == 400 and reply.json()["error"]["code"] in {
        "invalid_field",
        "invalid_json",
    }
    for points in (10**7, -1):
        line = {"kind": "penalty", "offender": 0, "points": points}
        refused(httpx.post(sheet + "/lines", json=line, headers=mine), 400, "invalid_field")
    # Lines stored before lines were bounded: left out, named, the rest still exports.
    stored = [
        {"kind": "win", "winner": 1, "discarder": 3, "points": 12},
        {"kind": "win", "winner": 1, "discarder": None, "points": int("9" * 4300)},
        {"kind": "penalty", "offender": 0, "points": "x"},
        {"kind": "what"},
    ]
    server.store.save_sheet(made["id"], "mcr", ["A", "B", "C", "D"], stored)
    shown = httpx.get(sheet).json()
    assert [i["line"] for i in shown["ignored"]] == [2, 3, 4]
    assert shown["scores"] == [-8, 36, -8, -20]
    assert httpx.get(sheet + "/export.csv").status_code == 200
    assert httpx.get(sheet + "/export.json").json()["scores"] == [-8, 36, -8, -20]
    assert httpx.post(sheet + "/undo", headers=mine).status_code == 200


def test_the_migration_keeps_sheets_stored_before_owners(tmp_path: Path) -> None:
    """A database at the first schema keeps its sheets, with no owner, after migrating."""
    from alembic import command
    from alembic.config import Config

    store = Store(f"sqlite:///{tmp_path / 'old.db'}")
    config = Config()
    config.set_main_option(
        "script_location", str(Path(__file__).parents[2] / "src/mahjongkit/web/migrations")
    )
    with store.engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0001")
        connection.exec_driver_sql(
            "insert into scoresheets values ('s1', 'mcr', '[\"A\",\"B\",\"C\",\"D\"]', '[]',"
            " '2026-01-01 00:00:00', '2026-01-01 00:00:00')"
        )
    store.migrate()
    row = store.load_sheet("s1")
    assert row is not None and row["owner"] is None and row["players"] == ["A", "B", "C", "D"]
    assert store.claim_sheet("s1", "d" * 64) and not store.claim_sheet("s1", "e" * 64)


# -- serve ------------------------------------------------------------------------------------
def test_serve_never_prints_the_database_password() -> None:
    """Issue 17: with PostgreSQL, ``serve`` printed the password."""
    for name in COMMAND_MODULES:
        __import__(f"mahjongkit.cli.{name}")
    result = CliRunner().invoke(
        cli_app, ["serve", "--db", "postgresql://mj:s3cret-pw@127.0.0.1:1/mahjong"]
    )
    assert result.exit_code != 0
    assert "s3cret-pw" not in result.output and "mj:***@127.0.0.1" in result.output
