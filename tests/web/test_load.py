"""Load: tables of bots played outside the request (and on after a kill), idle and
finished tables out of memory, spectators who never hold the players up, and a bounded
run of the kill -9 soak (issue 17)."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from mahjongkit.web.limits import Limits
from mahjongkit.web.store import Store
from mahjongkit.web.table import TableConfig, TableGame

from .conftest import Server
from .test_durability import PERSON, connect, create, recv, wait_for

ws_client = pytest.importorskip("websockets.sync.client")


@pytest.fixture
def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'web.db'}"


@pytest.fixture
def server(db: str) -> Any:
    s = Server(db).start()
    yield s
    s.stop()


def test_a_table_of_bots_is_answered_before_it_is_played(server: Server) -> None:
    """Deliver 3: the request creating a table of four bots returns before the match is
    played (it used to play all its hands inside the request); the match then plays to
    its end in the background, as the same table played at once."""
    # Defenders take about a second over a whole match, a random bot's match a few
    # milliseconds: time enough for the answer to come first only with the old code gone.
    config = TableConfig("mcr", seed=8, seats=("defender",) * 4)
    made = create(server, **config.to_request())
    summary = httpx.get(server.url + f"/api/tables/{made['id']}").json()
    assert not summary["over"] and summary["hands"] < 16
    wait_for(lambda: httpx.get(server.url + f"/api/games/{made['id']}/record").json()["over"], 60)
    record = httpx.get(server.url + f"/api/games/{made['id']}/record").json()
    assert record == json.loads(json.dumps(TableGame(config).record()))


def test_idle_and_finished_tables_leave_memory_and_come_back(db: str) -> None:
    """Deliver 3: a table no one is connected to leaves memory after the idle time, a
    finished one as soon as no one is connected, and no more than ``kept_tables`` idle
    ones stay; each is loaded again when asked for, as it was. Reading the history or a
    record does not bring a table back into memory."""
    server = Server(db, idle_seconds=0.5, kept_tables=3).start()
    try:
        made = create(server, seed=9, hands=1, **PERSON)
        with connect(server, made) as ws:
            view = recv(ws)["view"]
            time.sleep(1.2)
            assert made["id"] in server.tables.rooms  # connected: kept
        wait_for(lambda: made["id"] not in server.tables.rooms, 10)
        with connect(server, made) as ws:
            assert recv(ws)["view"] == view
        bots = create(server, seed=10, hands=1, seats=["random"] * 4)
        wait_for(lambda: bots["id"] not in server.tables.rooms, 30)
        games = httpx.get(server.url + "/api/games").json()
        assert {g["id"]: g["status"] for g in games}[bots["id"]] == "finished"
        record = httpx.get(server.url + f"/api/games/{bots['id']}/record").json()
        replay = httpx.get(server.url + f"/api/games/{bots['id']}/replay/0").json()
        assert record["over"] and replay["frames"]
        assert bots["id"] not in server.tables.rooms
        many = [create(server, seed=s, hands=1, **PERSON)["id"] for s in range(6)]
        assert len(set(many) & set(server.tables.rooms)) <= 3
    finally:
        server.stop()


def slow_spectator(port: int, game_id: str, asks: int) -> socket.socket:
    """A spectator that asks for the table's state ``asks`` times and never reads the
    answers, with a tiny receive window: soon the server cannot send it anything."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)
    sock.connect(("127.0.0.1", port))
    sock.sendall(
        (
            f"GET /ws/tables/{game_id}?watch=1 HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
            "Upgrade: websocket\r\nConnection: Upgrade\r\n"
            "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        ).encode()
    )
    answer = b""
    while b"\r\n\r\n" not in answer:
        answer += sock.recv(1)
    assert answer.startswith(b"HTTP/1.1 101"), answer
    payload = b'{"type":"state"}'
    frame = bytes([0x81, 0x80 | len(payload), 0, 0, 0, 0]) + payload  # masked with zeros
    sock.sendall(frame * asks)
    return sock


def test_a_spectator_who_does_not_read_never_holds_the_players_up(db: str) -> None:
    """Deliver 3: players are sent their view first and a spectator too slow to take
    theirs is dropped after ``send_timeout``; before, the players' messages waited
    behind it for as long as it did not read. (The rate limit is lifted: this spectator
    stands for one that reads slowly, not for one that floods.)"""
    flood = 10**6
    limits = Limits(messages_per_second=flood, message_burst=flood, flood_messages=flood)
    server = Server(db, send_timeout=0.5, limits=limits).start()
    try:
        made = create(server, seed=11, **PERSON)
        sock = slow_spectator(server.port, made["id"], asks=3000)
        wait_for(
            lambda: httpx.get(server.url + f"/api/tables/{made['id']}").json()["watching"] == 1
        )
        moves = 0
        with connect(server, made) as ws:
            view = recv(ws)["view"]
            while moves < 200 and not view["over"]:
                if view["phase"] == "between":
                    ws.send(json.dumps({"type": "next"}))
                else:
                    ws.send(
                        json.dumps({"type": "action", "action": view["you"]["legal_actions"][0]})
                    )
                view = recv(ws, timeout=5)["view"]
                moves += 1
        summary = httpx.get(server.url + f"/api/tables/{made['id']}").json()
        assert summary["watching"] == 0
        sock.close()
    finally:
        server.stop()


def test_a_table_of_bots_plays_on_after_a_kill(tmp_path: Path) -> None:
    """Deliver 3: a table of bots whose server is killed mid-match is played on by the
    next server on the same database, to the record of the same table played at once."""
    from .test_store import Serve

    # Hands enough that the first server is still playing when it is killed: four
    # defenders' hands take a few milliseconds each, and four were over before the kill.
    config = TableConfig("taiwanese-lrc", seed=12, seats=("defender",) * 4, hands=32)
    db = f"sqlite:///{tmp_path / 'bots.db'}"
    first = Serve(db, chosen_seeds=True)
    try:
        made = httpx.post(first.url + "/api/tables", json=config.to_request(), timeout=30).json()
        wait_for(
            lambda: httpx.get(first.url + f"/api/tables/{made['id']}").json()["hands"] >= 1, 60
        )
    finally:
        first.kill()
    status = {g["id"]: g for g in Store(db).list_games()}[made["id"]]
    assert status["status"] == "playing", status
    second = Serve(db, chosen_seeds=True)
    try:
        wait_for(
            lambda: httpx.get(second.url + f"/api/games/{made['id']}/record").json()["over"], 120
        )
        record = httpx.get(second.url + f"/api/games/{made['id']}/record").json()
    finally:
        second.stop()
    assert record == json.loads(json.dumps(TableGame(config).record()))


def test_the_soak_s_kill_check_holds_on_a_few_matches() -> None:
    """Deliver 7, bounded: scripts/soak_server.py kills the server (SIGKILL) at random
    moments while two tables are played through their sockets; every answered move is
    still there after each restart and each record equals the uninterrupted game's."""
    script = Path(__file__).parents[2] / "scripts" / "soak_server.py"
    command = [sys.executable, str(script), "--tables", "2", "--hands", "1", "--kill"]
    command += ["--kill-every", "12"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    report = json.loads(done.stdout)
    checks = report["checks"]
    assert report["kills"] >= 1 and checks["records_equal"] == 2, report
    assert checks["states_checked"] > report["kills"] and not checks["answered_moves_lost"]
