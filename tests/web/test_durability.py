"""Durability: a change counts once it is stored, and a change the database refuses is
not made (issue 17).

The faults are injected into the real SQLite store: while `Faults.on`, every statement
that writes raises ``sqlite3.OperationalError("database or disk is full")`` from
SQLAlchemy's ``before_cursor_execute`` hook. The error is raised inside the real
transaction, at the point the driver would raise it on a full disk or a lost database,
and SQLAlchemy wraps it and rolls the transaction back exactly as it does for the
driver's own error, so the server sees what it would see then.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import event

from mahjongkit.web.table import HUMAN, TableConfig, TableGame

from .conftest import Server

ws_client = pytest.importorskip("websockets.sync.client")


class Faults:
    """A switch that makes the store's writes fail (``updates_only``: its updates, so a
    new table is still stored)."""

    def __init__(self, server: Server) -> None:
        self.on = False
        self.updates_only = False
        self.refused = 0
        event.listen(server.store.engine, "before_cursor_execute", self.check)

    def check(self, conn: Any, cursor: Any, statement: str, *args: Any) -> None:
        refused = ("UPDATE",) if self.updates_only else ("INSERT", "UPDATE")
        if self.on and statement.lstrip().upper().startswith(refused):
            self.refused += 1
            raise sqlite3.OperationalError("database or disk is full")


@pytest.fixture
def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'web.db'}"


@pytest.fixture
def faulty(db: str) -> Iterator[tuple[Server, Faults]]:
    server = Server(db).start()
    yield server, Faults(server)
    server.stop()


def create(server: Server, **body: Any) -> dict[str, Any]:
    reply = httpx.post(server.url + "/api/tables", json=body, timeout=30)
    assert reply.status_code == 200, reply.text
    made: dict[str, Any] = reply.json()
    return made


def connect(server: Server, made: dict[str, Any], seat: int = 0) -> Any:
    token = made["seats"][seat]["token"]
    return ws_client.connect(f"ws://127.0.0.1:{server.port}/ws/tables/{made['id']}?token={token}")


def recv(ws: Any, timeout: float = 10) -> dict[str, Any]:
    message: dict[str, Any] = json.loads(ws.recv(timeout=timeout))
    return message


def stored_log(server: Server, game_id: str) -> list[list[tuple[int, int]]]:
    row = server.store.load_game(game_id)
    assert row is not None
    hands = [hand["actions"] if isinstance(hand, dict) else hand for hand in row["log"]]
    return [[(s, i) for s, i in actions] for actions in hands]


def memory_log(server: Server, game_id: str) -> list[list[tuple[int, int]]]:
    """The table's moves as the server holds them, read on the server's own event loop:
    between two of its changes, never inside one (a change, its save and, refused, its
    undo run there without a pause; read from this thread, a bots' slice could be caught
    made and not yet undone)."""
    loop = server.tables._loop
    assert loop is not None, "the server is not serving"

    async def read() -> list[list[tuple[int, int]]]:
        return [list(hand) for hand in server.tables.rooms[game_id].game.hand_logs]

    return asyncio.run_coroutine_threadsafe(read(), loop).result(timeout=10)


def wait_for(check: Callable[[], bool], seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


PERSON = {"seats": [HUMAN, "random", "random", "random"], "turn_timeout": 0}


def test_a_move_the_database_refuses_is_not_played_and_the_socket_stays(
    faulty: tuple[Server, Faults], db: str
) -> None:
    """Deliver 2: a failed save answers the player with ``not_saved``, the move is not
    made (memory, database and a restarted server agree), the socket stays open, and the
    same move made again once the database is back counts."""
    server, faults = faulty
    made = create(server, seed=4, hands=2, **PERSON)
    with connect(server, made) as ws:
        view = recv(ws)["view"]
        move = view["you"]["legal_actions"][0]
        faults.on = True
        ws.send(json.dumps({"type": "action", "action": move}))
        refused = recv(ws)
        assert refused["type"] == "error" and refused["code"] == "not_saved", refused
        ws.send(json.dumps({"type": "state"}))
        assert recv(ws)["view"] == view
        faults.on = False
        assert memory_log(server, made["id"]) == stored_log(server, made["id"])
        ws.send(json.dumps({"type": "action", "action": move}))
        after = recv(ws)["view"]
        assert after != view and memory_log(server, made["id"]) == stored_log(server, made["id"])
    server.stop()
    again = Server(db).start()
    try:
        with connect(again, made) as ws:
            assert recv(ws)["view"] == after
    finally:
        again.stop()


def test_next_hand_the_database_refuses_is_not_dealt(faulty: tuple[Server, Faults]) -> None:
    """Deliver 2: ``next`` is stored before the new hand is shown."""
    server, faults = faulty
    made = create(server, seed=5, hands=2, **PERSON)
    with connect(server, made) as ws:
        view = recv(ws)["view"]
        while view["phase"] != "between":
            ws.send(json.dumps({"type": "action", "action": view["you"]["legal_actions"][-1]}))
            view = recv(ws)["view"]
        faults.on = True
        ws.send(json.dumps({"type": "next"}))
        assert recv(ws).get("code") == "not_saved"
        ws.send(json.dumps({"type": "state"}))
        assert recv(ws)["view"] == view
        faults.on = False
        assert memory_log(server, made["id"]) == stored_log(server, made["id"])
        ws.send(json.dumps({"type": "next"}))
        assert recv(ws)["view"]["hand_number"] == view["hand_number"] + 1


def test_a_time_out_the_database_refuses_waits_for_it(faulty: tuple[Server, Faults]) -> None:
    """Deliver 2: a timed-out turn is played for the person only once it is stored;
    while the database refuses, the turn stays theirs (and its time starts again)."""
    server, faults = faulty
    made = create(server, seed=6, hands=1, seats=PERSON["seats"], turn_timeout=1)
    with connect(server, made) as ws:
        view = recv(ws)["view"]
        assert view["turn_timeout"] == 1 and view["you"]["legal_actions"]
        faults.on = True
        wait_for(lambda: faults.refused >= 1, 10)
        ws.send(json.dumps({"type": "state"}))
        assert recv(ws)["view"] == view
        assert memory_log(server, made["id"]) == stored_log(server, made["id"])
        faults.on = False
        timed_out = recv(ws, timeout=10)["view"]
        assert timed_out != view
        assert memory_log(server, made["id"]) == stored_log(server, made["id"])


def test_a_table_the_database_refuses_is_not_created(faulty: tuple[Server, Faults]) -> None:
    """Deliver 2: a new table is answered only once stored; refused, the answer says so
    (503) and nothing of it stays in memory."""
    server, faults = faulty
    before = set(server.tables.rooms)
    faults.on = True
    reply = httpx.post(server.url + "/api/tables", json={"seed": 1, **PERSON}, timeout=30)
    faults.on = False
    error = reply.json()["error"]
    assert reply.status_code == 503 and error["code"] == "not_saved", error
    assert "not stored" in error["message"]
    assert set(server.tables.rooms) == before
    assert httpx.get(server.url + "/api/games").json() == []


def test_bots_moves_the_database_refuses_wait_and_the_match_plays_on(
    faulty: tuple[Server, Faults],
) -> None:
    """Deliver 2 and 3: a table of bots is answered at once and played in the
    background; while the database refuses, its bots' moves are not made (memory and
    database agree); once it is back, the match ends as it would have."""
    server, faults = faulty
    config = TableConfig("mcr", seed=7, seats=("random",) * 4, hands=8)
    faults.on = faults.updates_only = True  # from the first of the bots' moves
    made = create(server, **config.to_request())
    time.sleep(1.5)  # the bots try, and are refused
    room = server.tables.rooms[made["id"]]
    assert faults.refused and not room.game.over
    assert memory_log(server, made["id"]) == stored_log(server, made["id"])
    faults.on = False
    wait_for(lambda: bool(httpx.get(server.url + f"/api/games/{made['id']}/record").json()["over"]))
    record = httpx.get(server.url + f"/api/games/{made['id']}/record").json()
    assert record == json.loads(json.dumps(TableGame(config).record()))
