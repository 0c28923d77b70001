"""Storage: the migration on an empty database, and a game resumed after a restart (issue 8),
each on SQLite and on PostgreSQL (the `db_url` fixture of conftest.py)."""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import inspect, text
from sqlalchemy.engine import make_url

from mahjongkit.bots.defender import DefenderBot
from mahjongkit.game.actions import Action
from mahjongkit.game.observation import Observation
from mahjongkit.game.players import Decision
from mahjongkit.web.store import Store
from mahjongkit.web.table import HUMAN, TableConfig, TableGame

ws_client = pytest.importorskip("websockets.sync.client")


def test_the_migration_applies_to_an_empty_database(db_url: str) -> None:
    """Issue 8, deliver 1 and 9: Alembic builds the schema from nothing, and again is a no-op."""
    store = Store(db_url)
    store.migrate()
    store.migrate()
    tables = set(inspect(store.engine).get_table_names())
    assert {"games", "scoresheets", "events", "reviews", "alembic_version"} <= tables
    with store.engine.connect() as c:
        assert c.execute(text("select version_num from alembic_version")).scalar() == "0004"
    store.save_sheet("x", "mcr", ["A", "B", "C", "D"], [{"kind": "draw"}])
    assert store.list_sheets()[0]["hands"] == 1
    store.save_review("g", 1, 2, 8, {"hands": []})
    store.save_review("g", 1, 3, 1, {"hands": [{"seat": 2}]})  # a newer review replaces it
    assert store.load_review("g", 1) == {
        "hands": 3,
        "samples": 1,
        "data": {"hands": [{"seat": 2}]},
        "created": store.load_review("g", 1)["created"],  # type: ignore[index]
    }
    store.engine.dispose()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


CHOSEN_SEEDS = """
import sys, uvicorn
from mahjongkit.web.app import create_app
from mahjongkit.bots.defender import DefenderBot
from mahjongkit.game.actions import Action
from mahjongkit.game.observation import Observation
from mahjongkit.game.players import Decision
from mahjongkit.web.store import Store
store = Store(sys.argv[1])
store.migrate()
print(sys.argv[1])
print(f"http://127.0.0.1:{sys.argv[2]}/", flush=True)
app = create_app(store, chosen_seeds=True)
uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[2]), log_level="warning")
"""
"""A server process as ``mahjongkit serve`` starts one, but letting a new table's request
name its seed (as the in-process test server does)."""


class Serve:
    """``mahjongkit serve`` as its own process (``chosen_seeds``: the same app started by
    `CHOSEN_SEEDS`)."""

    def __init__(self, db: str, *extra: str, chosen_seeds: bool = False) -> None:
        self.port = free_port()
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        command = [
            str(Path(sys.executable).parent / "mahjongkit"),
            "serve",
            "--port",
            str(self.port),
            "--db",
            db,
            *extra,
        ]
        if chosen_seeds:
            command = [sys.executable, "-c", CHOSEN_SEEDS, db, str(self.port)]
        if shutil.which("setpriv"):  # the server dies with the tests, even a killed pytest
            command = ["setpriv", "--pdeathsig=SIGKILL", "--", *command]
        self.process = subprocess.Popen(
            command,
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

    def kill(self) -> None:
        """End the server at once, as a crash would (SIGKILL: no shutdown)."""
        self.process.kill()
        self.process.wait(10)


def test_a_game_in_progress_survives_a_restart(db_url: str) -> None:
    """Issue 8, deliver 5: stop the server mid-hand; the new one resumes the same view."""
    first = Serve(db_url)
    try:
        database = make_url(db_url).database  # a SQLite file's path, a PostgreSQL name
        assert database and database in first.banner[0]
        assert f":{first.port}/" in first.banner[1]
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
    second = Serve(db_url)
    try:
        with ws_client.connect(f"ws://127.0.0.1:{second.port}{path}") as ws:
            resumed = json.loads(ws.recv(timeout=10))["view"]
        assert resumed == view
        games = httpx.get(second.url + "/api/games").json()
        assert [g["status"] for g in games if g["id"] == made["id"]] == ["playing"]
    finally:
        second.stop()


def person(view: dict[str, Any], k: int) -> str:
    """The person's ``k``-th decision: one of their legal actions, picked by ``k`` alone,
    so a reference run can make the same ones."""
    legal: list[str] = view["you"]["legal_actions"]
    return legal[(k * 7919 + 3) % len(legal)]


def play_socket(url: str, k: int, stop: int | None) -> tuple[dict[str, Any], int]:
    """Play the person's seat over the table's socket from decision ``k`` until the match
    is over or ``stop`` decisions are made; the last view and the decisions made."""
    with ws_client.connect(url) as ws:
        view: dict[str, Any] = json.loads(ws.recv(timeout=10))["view"]
        while not view["over"] and (stop is None or k < stop):
            if view["phase"] == "between":
                ws.send(json.dumps({"type": "next"}))
            else:
                ws.send(json.dumps({"type": "action", "action": person(view, k)}))
                k += 1
            message = json.loads(ws.recv(timeout=60))
            assert message["type"] == "state", message
            view = message["view"]
    return view, k


class Forgetful(DefenderBot):
    """A defender never given the hand's history: after a restart it would know only
    what it sees from then on."""

    def act(self, observation: Observation, decision: Decision) -> Action:
        return super().act(observation, decision._replace(history=lambda: ()))


def play_table(config: TableConfig, stop: int = -1, forget: bool = False) -> tuple[str, int]:
    """The table played to its end in this process, the person deciding by `person`: its
    record, and the person's first decision in the second hand after 20 of its actions.
    At decision ``stop`` the table is rebuilt from its stored actions, as a new server
    rebuilds it, with `Forgetful` defenders if ``forget``."""
    game = TableGame(config)
    made, second = 0, -1
    while not game.over:
        if game.between_hands:
            game.next_hand()
            continue
        if second < 0 and game.match.hand_number == 2 and len(game.state.history) >= 20:
            second = made
        if made == stop:
            game = TableGame(config, game.hand_logs)
            if forget:
                game.bots = {p: Forgetful() for p in game.bots}
        game.act(0, person(game.view(0), made))
        made += 1
    return json.dumps(game.record()), second


def test_a_killed_server_s_game_plays_on_as_if_never_stopped(db_url: str) -> None:
    """Issue 16, deliver 4: bots decide from the decision they are asked and the hand's
    history alone, so a game whose server is killed mid-hand, resumed by a new server on
    the same database, ends exactly as the same game played without a stop (the
    reference: the same table in this process, the person making the same decisions).
    The stop is one where what the defenders remember of the hand decides: defenders that
    forgot it would play on differently."""
    config = TableConfig(
        "taiwanese-lrc",
        seed=10,  # its walls derived from the seed (a chosen seed), committed to
        seats=(HUMAN, "defender", "defender", "defender"),
        hands=2,
        claim_timeout=600,
        turn_timeout=0,
    )
    reference, stop = play_table(config)
    assert stop > 0 and play_table(config, stop, forget=True)[0] != reference
    first = Serve(db_url, chosen_seeds=True)
    try:
        made = httpx.post(first.url + "/api/tables", json=config.to_request(), timeout=10).json()
        path = f"/ws/tables/{made['id']}?token={made['seats'][0]['token']}"
        before, k = play_socket(f"ws://127.0.0.1:{first.port}{path}", 0, stop)
    finally:
        first.kill()
    assert k == stop and before["hand_number"] == 2 and before["phase"] != "between"
    second = Serve(db_url, chosen_seeds=True)
    try:
        view, k = play_socket(f"ws://127.0.0.1:{second.port}{path}", k, None)
        assert view["over"]
        record = httpx.get(second.url + f"/api/games/{made['id']}/record", timeout=10).json()
    finally:
        second.stop()
    assert record == json.loads(reference)


def test_a_database_migrates_and_stores(db_url: str) -> None:
    """Issue 8, deliver 1: ``--db postgresql://...`` works with the same migrations."""
    store = Store(db_url)
    store.migrate()
    store.create_game("g1", {"ruleset": "mcr", "names": list("ABCD"), "seats": []}, {}, {})
    store.save_game("g1", [[(0, 5)]], {"hands": 0}, over=False)
    assert store.load_game("g1")["log"] == [[[0, 5]]]  # type: ignore[index]
    assert [g["id"] for g in store.list_games()] == ["g1"]
    store.engine.dispose()


def test_a_house_rules_file_is_offered_and_needed_to_resume(tmp_path: Path, db_url: str) -> None:
    """Issue 8, deliver 2: the rulesets offered include house-rules files given to serve; a
    table under one cannot resume on a server without the file, and says why."""
    rules = tmp_path / "our-club.toml"
    rules.write_text(
        'name = "our-club"\nbase = "mcr"\ntitle = "Our club"\n[scoring]\nminimum_points = 6\n'
    )
    first = Serve(db_url, "--house-rules", str(rules))
    try:
        names = [r["name"] for r in httpx.get(first.url + "/api/rulesets").json()]
        assert "our-club" in names
        made = httpx.post(first.url + "/api/tables", json={"ruleset": "our-club"}).json()
    finally:
        first.stop()
    second = Serve(db_url)
    try:
        reply = httpx.get(second.url + f"/api/tables/{made['id']}")
        assert reply.status_code == 409 and "our-club" in reply.json()["error"]["message"]
    finally:
        second.stop()
