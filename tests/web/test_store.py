"""Storage: the migration on an empty database, and a game resumed after a restart (issue 8)."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import inspect, text

from mahjongkit.web.store import Store

ws_client = pytest.importorskip("websockets.sync.client")


def test_the_migration_applies_to_an_empty_database(tmp_path: Path) -> None:
    """Issue 8, deliver 1 and 9: Alembic builds the schema from nothing, and again is a no-op."""
    db = tmp_path / "empty.db"
    store = Store(f"sqlite:///{db}")
    store.migrate()
    store.migrate()
    tables = set(inspect(store.engine).get_table_names())
    assert {"games", "scoresheets", "alembic_version"} <= tables
    with store.engine.connect() as c:
        assert c.execute(text("select version_num from alembic_version")).scalar() == "0001"
    store.save_sheet("x", "mcr", ["A", "B", "C", "D"], [{"kind": "draw"}])
    assert store.list_sheets()[0]["hands"] == 1


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Serve:
    """``mahjongkit serve`` as its own process."""

    def __init__(self, db: str, *extra: str) -> None:
        self.port = free_port()
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        self.process = subprocess.Popen(
            [
                str(Path(sys.executable).parent / "mahjongkit"),
                "serve",
                "--port",
                str(self.port),
                "--db",
                db,
                *extra,
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            env=env,
            text=True,
        )
        assert self.process.stdout is not None
        self.banner = [self.process.stdout.readline(), self.process.stdout.readline()]
        deadline = time.monotonic() + 30
        while True:
            try:
                httpx.get(self.url + "/api/bots", timeout=1)
                break
            except httpx.TransportError:
                if time.monotonic() > deadline or self.process.poll() is not None:
                    raise RuntimeError(f"the server did not start: {self.banner}") from None
                time.sleep(0.1)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(10)


def test_a_game_in_progress_survives_a_restart(tmp_path: Path) -> None:
    """Issue 8, deliver 5: stop the server mid-hand; the new one resumes the same view."""
    db = tmp_path / "resume.db"
    first = Serve(f"sqlite:///{db}")
    try:
        assert str(db) in first.banner[0] and f":{first.port}/" in first.banner[1]
        made = httpx.post(
            first.url + "/api/tables", json={"seed": 9, "hands": 2, "ruleset": "bp-club"}
        ).json()
        token = made["seats"][0]["token"]
        path = f"/ws/tables/{made['id']}?token={token}"
        with ws_client.connect(f"ws://127.0.0.1:{first.port}{path}") as ws:
            view: dict[str, Any] = json.loads(ws.recv(timeout=10))["view"]
            for _ in range(4):
                legal = view["you"]["legal_actions"]
                ws.send(json.dumps({"type": "action", "action": legal[-1]}))
                view = json.loads(ws.recv(timeout=10))["view"]
    finally:
        first.stop()
    assert not view["over"]
    second = Serve(f"sqlite:///{db}")
    try:
        with ws_client.connect(f"ws://127.0.0.1:{second.port}{path}") as ws:
            resumed = json.loads(ws.recv(timeout=10))["view"]
        assert resumed == view
        games = httpx.get(second.url + "/api/games").json()
        assert [g["status"] for g in games if g["id"] == made["id"]] == ["playing"]
    finally:
        second.stop()


POSTGRES = os.environ.get("MAHJONGKIT_TEST_POSTGRES")
"""A PostgreSQL URL to test against (a scratch database: the test drops its tables)."""


@pytest.mark.skipif(not POSTGRES, reason="set MAHJONGKIT_TEST_POSTGRES to a scratch database")
def test_postgresql_migrates_and_stores() -> None:
    """Issue 8, deliver 1: ``--db postgresql://...`` works with the same migrations."""
    pytest.importorskip("psycopg")
    assert POSTGRES is not None
    store = Store(POSTGRES)
    with store.engine.begin() as c:
        for table in ("games", "scoresheets", "alembic_version"):
            c.execute(text(f"drop table if exists {table}"))
    store.migrate()
    store.create_game("g1", {"ruleset": "mcr", "names": list("ABCD"), "seats": []}, {}, {})
    store.save_game("g1", [[(0, 5)]], {"hands": 0}, over=False)
    assert store.load_game("g1")["log"] == [[[0, 5]]]  # type: ignore[index]
    assert [g["id"] for g in store.list_games()] == ["g1"]


def test_a_house_rules_file_is_offered_and_needed_to_resume(tmp_path: Path) -> None:
    """Issue 8, deliver 2: the rulesets offered include house-rules files given to serve; a
    table under one cannot resume on a server without the file, and says why."""
    rules = tmp_path / "our-club.toml"
    rules.write_text(
        'name = "our-club"\nbase = "mcr"\ntitle = "Our club"\n[scoring]\nminimum_points = 6\n'
    )
    db = f"sqlite:///{tmp_path / 'club.db'}"
    first = Serve(db, "--house-rules", str(rules))
    try:
        names = [r["name"] for r in httpx.get(first.url + "/api/rulesets").json()]
        assert "our-club" in names
        made = httpx.post(first.url + "/api/tables", json={"ruleset": "our-club"}).json()
    finally:
        first.stop()
    second = Serve(db)
    try:
        reply = httpx.get(second.url + f"/api/tables/{made['id']}")
        assert reply.status_code == 409 and "our-club" in reply.json()["detail"]
    finally:
        second.stop()
