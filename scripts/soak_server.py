"""Load and fault soak of the web server: tables played through the WebSocket, kill -9.

    .venv/bin/python scripts/soak_server.py --tables 20 --hands 4 --kill
    .venv/bin/python scripts/soak_server.py --tables 4 --baseline 20 --create-loop 120
    .venv/bin/python scripts/soak_server.py --tables 1 --spectators 500 --hands 1
    .venv/bin/python scripts/soak_server.py --finished 20

It starts the server as its own process (SQLite in a temporary folder unless ``--db URL``
names a database, e.g. a scratch PostgreSQL one; the server lets a new table choose its
seed) and plays ``--tables`` tables at once. Each table has two people's seats, played by
this script through their sockets, and two of the server's bots. A person's action is a
pure function of what their seat is shown (a hash of the view picks a legal action), and
the seats act one at a time (the lowest asked first), so a table's whole game is a
function of its seed: the same table played in this process (`reference`) must give the
same views step by step and the same final record.

``--kill``: the server is killed (SIGKILL) at random moments (after a random number of
answered moves, ``--kill-every`` on average, whatever is in flight) and started again on the
same database; every table reconnects and checks that every move it was answered for is
still there (the views it is shown are those of the step it was at, or of the next when
a move was in flight), plays on, and at the end its record must equal the reference's.

``--create-loop S``: a client creates tables (one person, three bots, never connected)
as fast as the server answers for S seconds, after ``--baseline`` seconds without it;
the players' latency in both phases and the server's memory are reported.

``--spectators N``: N spectators watch the first table.

``--finished N``: N tables of four bots, played to their end by the server; the server's
RSS before and after. ``--retained N``: the same with the server's tables in this
process, the memory still held after the matches traced (``tracemalloc``) per match.

Prints one JSON object: tables, moves, moves/s, errors, latency p50/p99 (ms; by phase
with ``--create-loop``), the server's RSS (MB), kills and the checks made.
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import json
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import WebSocketException

from mahjongkit.web.table import HUMAN, TableConfig, TableGame

RULESETS = ("mcr", "taiwanese-lrc", "bp-club")
SEATS = (HUMAN, "defender", HUMAN, "random")
PEOPLE = tuple(p for p, kind in enumerate(SEATS) if kind == HUMAN)


# -- the server -----------------------------------------------------------------------
def serve(db: str, port: int, options: dict[str, Any]) -> None:
    """The server process (``--serve``): the app with chosen seeds, under uvicorn."""
    import uvicorn

    from mahjongkit.web.app import create_app
    from mahjongkit.web.limits import Limits
    from mahjongkit.web.store import Store

    store = Store(db)
    store.migrate()
    limits = Limits(**options.pop("limits", {}))
    app = create_app(store, chosen_seeds=True, limits=limits, **options)
    uvicorn.run(app, host="127.0.0.1", port=port, log_level="error")


class Server:
    """The server as a process of its own, started again on the same port and database."""

    def __init__(self, db: str, options: dict[str, Any]) -> None:
        self.db = db
        self.options = options
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port: int = s.getsockname()[1]
        self.process: subprocess.Popen[bytes] | None = None
        self.kills = 0

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        command = [sys.executable, __file__, "--serve", self.db, str(self.port)]
        command += ["--options", json.dumps(self.options)]
        self.process = subprocess.Popen(command)
        deadline = time.monotonic() + 60
        while True:
            try:
                httpx.get(self.url + "/api/bots", timeout=1)
                return
            except httpx.TransportError:
                if time.monotonic() > deadline or self.process.poll() is not None:
                    raise RuntimeError("the server did not start") from None
                time.sleep(0.05)

    def kill(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()
        self.kills += 1

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(10)

    def rss_mb(self) -> float:
        """The server's resident memory now (MB)."""
        assert self.process is not None
        try:
            for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
        except OSError:
            pass
        return 0.0


# -- the people's seats -----------------------------------------------------------------
def canonical(view: dict[str, Any]) -> str:
    return json.dumps(view, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def digest(views: list[dict[str, Any]]) -> str:
    """The state of a table as its people's seats are shown it."""
    return hashlib.sha256("\n".join(canonical(v) for v in views).encode()).hexdigest()[:16]


def decide(views: list[dict[str, Any]]) -> tuple[int, dict[str, Any]] | None:
    """Who of the people acts now and the message they send (``None``: the match is over)."""
    for i, view in enumerate(views):
        legal = view["you"]["legal_actions"]
        if legal:
            pick = int(hashlib.sha256(canonical(view).encode()).hexdigest(), 16) % len(legal)
            return i, {"type": "action", "action": legal[pick]}
    if views[0]["over"]:
        return None
    if views[0]["phase"] == "between":
        return 0, {"type": "next"}
    raise RuntimeError(f"no one is asked to act (phase {views[0]['phase']})")


def config_of(index: int, seed: int, hands: int) -> TableConfig:
    return TableConfig(
        RULESETS[index % len(RULESETS)],
        seed=seed + index,
        seats=SEATS,
        hands=hands,
        claim_timeout=600,
        turn_timeout=0,
    )


def reference(config: TableConfig) -> tuple[list[str], dict[str, Any]]:
    """The table played in this process: each step's digest, and the final record."""
    game = TableGame(TableConfig.from_json(config.to_json()))  # as the server reads it
    steps = []
    while True:
        views = [json.loads(json.dumps(game.view(p))) for p in PEOPLE]
        steps.append(digest(views))
        choice = decide(views)
        if choice is None:
            return steps, json.loads(json.dumps(game.record()))
        i, message = choice
        if message["type"] == "next":
            game.next_hand()
        else:
            game.act(PEOPLE[i], message["action"])


@dataclass
class Table:
    """One table as this script plays it."""

    config: TableConfig
    game_id: str = ""
    tokens: list[str] = field(default_factory=list)
    step: int = 0
    seen: list[tuple[int, str]] = field(default_factory=list)
    """(step, digest) of every state shown: each answer and each reconnection."""
    lost: list[str] = field(default_factory=list)
    done: bool = False


@dataclass
class Stats:
    latencies: list[tuple[float, float]] = field(default_factory=list)
    """(when, seconds) of every answered move."""
    errors: list[str] = field(default_factory=list)
    moves: int = 0


async def recv_view(ws: ClientConnection) -> dict[str, Any]:
    message = json.loads(await asyncio.wait_for(ws.recv(), 120))
    if message.get("type") != "state":
        raise RuntimeError(f"answered {message}")
    view: dict[str, Any] = message["view"]
    return view


async def play(server: Server, table: Table, stats: Stats, stop: float | None) -> None:
    """Play the table's people until the match is over, reconnecting after a kill."""
    base = f"ws://127.0.0.1:{server.port}/ws/tables/{table.game_id}?token="
    # What each person's seat was last shown and answered (None: not read since the last
    # move): after a kill, the views shown again must be these, or the next step's when a
    # move was in flight. A kill between a move's answer and the other seat's view leaves
    # that seat unknown, not stale.
    known: list[str | None] = [None] * len(PEOPLE)
    in_flight = False
    while not table.done:
        sockets: list[ClientConnection] = []
        try:
            for p in PEOPLE:
                sockets.append(await connect(base + table.tokens[p], max_size=None))
        except (TimeoutError, OSError, WebSocketException):
            for ws in sockets:
                await ws.close()
            await asyncio.sleep(0.2)
            continue
        try:
            views = [await recv_view(ws) for ws in sockets]
            now = digest(views)
            shown = [canonical(v) for v in views]
            if any(k is not None and k != v for k, v in zip(known, shown, strict=True)):
                if in_flight:
                    table.step += 1  # the move sent before the kill was stored
                else:
                    table.lost.append(f"step {table.step}: shown another state after reconnecting")
            table.seen.append((table.step, now))
            known = list(shown)
            in_flight = False
            while True:
                if stop is not None and time.monotonic() > stop:
                    table.done = True
                    break
                choice = decide(views)
                if choice is None:
                    table.done = True
                    break
                i, message = choice
                sent = time.monotonic()
                in_flight = True
                await sockets[i].send(json.dumps(message))
                views[i] = await recv_view(sockets[i])
                stats.latencies.append((sent, time.monotonic() - sent))
                known = [None] * len(PEOPLE)
                known[i] = canonical(views[i])
                in_flight = False
                table.step += 1
                stats.moves += 1
                for j, ws in enumerate(sockets):
                    if j != i:
                        views[j] = await recv_view(ws)
                        known[j] = canonical(views[j])
                table.seen.append((table.step, digest(views)))
        except (TimeoutError, OSError, WebSocketException):
            pass  # the server went away: reconnect
        except RuntimeError as err:
            stats.errors.append(f"{table.game_id}: {err}")
            table.done = True
        finally:
            for ws in sockets:
                await ws.close()


async def create(client: httpx.AsyncClient, config: TableConfig) -> dict[str, Any]:
    while True:
        try:
            reply = await client.post("/api/tables", json=config.to_request(), timeout=60)
        except httpx.TransportError:
            await asyncio.sleep(0.2)
            continue
        if reply.status_code != 200:
            raise RuntimeError(f"a new table was refused: {reply.status_code} {reply.text}")
        made: dict[str, Any] = reply.json()
        return made


async def new_table(client: httpx.AsyncClient, config: TableConfig) -> Table:
    made = await create(client, config)
    tokens = {s["player"]: s.get("token", "") for s in made["seats"]}
    return Table(config, made["id"], [tokens.get(p, "") for p in range(4)])


async def killer(server: Server, every: int, tables: list[Table], stats: Stats) -> None:
    """Kill the server (SIGKILL) after a random number of answered moves (``every`` on
    average, the tables playing at once), and start it again."""
    rng = random.Random(0)
    while True:
        at = stats.moves + rng.randint(max(1, every // 2), every * 3 // 2)
        while stats.moves < at:
            if all(t.done for t in tables):
                return
            await asyncio.sleep(rng.uniform(0, 0.02))
        await asyncio.to_thread(server.kill)
        await asyncio.to_thread(server.start)


LOOPING_CLIENT = "127.0.0.2"
"""The address the table-creating client connects from: another client than the
players (the server limits what one address opens)."""


async def create_loop(server: Server, until: float, made: list[int]) -> None:
    """Create tables (one person, three bots; no one ever connects) until ``until``, as
    fast as the server answers; ``made`` counts those created and those refused."""
    config = TableConfig("mcr", seats=(HUMAN, "random", "random", "random"))
    transport = httpx.AsyncHTTPTransport(local_address=LOOPING_CLIENT)
    async with httpx.AsyncClient(base_url=server.url, transport=transport) as client:
        while time.monotonic() < until:
            try:
                reply = await client.post("/api/tables", json=config.to_request(), timeout=60)
            except httpx.TransportError:
                await asyncio.sleep(0.2)
                continue
            if reply.status_code in (429, 503):
                made[1] += 1
                continue
            reply.raise_for_status()
            made[0] += 1


async def watch(server: Server, game_id: str, count: int, stop: asyncio.Event) -> list[str]:
    """``count`` spectators of the table, reading everything, until ``stop``."""
    url = f"ws://127.0.0.1:{server.port}/ws/tables/{game_id}?watch=1"
    errors: list[str] = []

    async def one() -> None:
        try:
            async with connect(url, max_size=None) as ws:
                while not stop.is_set():
                    with_timeout = asyncio.wait_for(ws.recv(), 0.5)
                    try:
                        await with_timeout
                    except TimeoutError:
                        continue
        except (OSError, WebSocketException) as err:
            errors.append(str(err))

    tasks = [asyncio.create_task(one()) for _ in range(count)]
    await asyncio.gather(*tasks)
    return errors


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000


def latency(values: list[float]) -> dict[str, float]:
    return {
        "moves": len(values),
        "p50_ms": round(percentile(values, 0.5), 2),
        "p99_ms": round(percentile(values, 0.99), 2),
    }


async def soak(args: argparse.Namespace, server: Server) -> dict[str, Any]:
    stats = Stats()
    rss: list[tuple[float, float]] = []
    started = time.monotonic()
    stop_at = None
    if args.create_loop:
        stop_at = started + args.baseline + args.create_loop
    async with httpx.AsyncClient(base_url=server.url) as client:
        tables = [
            await new_table(client, config_of(i, args.seed, args.hands)) for i in range(args.tables)
        ]
    done = asyncio.Event()

    async def sample() -> None:
        while not done.is_set():
            rss.append((time.monotonic(), server.rss_mb()))
            await asyncio.sleep(1)

    extra = [asyncio.create_task(sample())]
    watchers = None
    if args.spectators:
        watchers = asyncio.create_task(watch(server, tables[0].game_id, args.spectators, done))
        await asyncio.sleep(min(10, 1 + args.spectators / 100))  # let them connect
    made = [0, 0]
    if args.create_loop:
        loop_start = started + args.baseline

        async def later() -> None:
            await asyncio.sleep(max(0.0, loop_start - time.monotonic()))
            await create_loop(server, loop_start + args.create_loop, made)

        extra.append(asyncio.create_task(later()))
    killing = None
    if args.kill:
        killing = asyncio.create_task(killer(server, args.kill_every, tables, stats))

    async def keep_playing(table: Table) -> None:
        # With --create-loop a seat plays table after table until the loop ends.
        n = 0
        while True:
            await play(server, table, stats, stop_at)
            if stop_at is None or time.monotonic() > stop_at:
                return
            n += 1
            async with httpx.AsyncClient(base_url=server.url) as client:
                config = config_of(len(tables) + n * 1000, args.seed, args.hands)
                table = await new_table(client, config)

    await asyncio.gather(*(keep_playing(t) for t in tables))
    elapsed = time.monotonic() - started
    done.set()
    watcher_errors = await watchers if watchers is not None else []
    if killing is not None:
        await killing  # it ends once the tables are done, a kill under way restarted first
    for task in extra:
        task.cancel()
    report: dict[str, Any] = {
        "tables": args.tables,
        "hands": args.hands,
        "db": "postgresql" if server.db.startswith("postgres") else "sqlite",
        "moves": stats.moves,
        "seconds": round(elapsed, 1),
        "moves_per_s": round(stats.moves / elapsed, 1),
        "errors": stats.errors[:10],
        "error_count": len(stats.errors),
        "latency": latency([s for _, s in stats.latencies]),
        "rss_mb_max": round(max((m for _, m in rss), default=0.0), 1),
        "rss_mb_end": round(rss[-1][1], 1) if rss else 0.0,
    }
    if args.spectators:
        report["spectators"] = args.spectators
        report["spectator_errors"] = len(watcher_errors)
    if args.create_loop:
        loop_start = started + args.baseline
        idle = [s for t, s in stats.latencies if t < loop_start]
        busy = [s for t, s in stats.latencies if t >= loop_start]
        report["latency_idle"] = latency(idle)
        report["latency_create_loop"] = latency(busy)
        report["tables_created_in_loop"] = made[0]
        report["tables_refused_in_loop"] = made[1]
        report["rss_mb_idle_max"] = round(max((m for t, m in rss if t < loop_start), default=0), 1)
        report["rss_mb_loop"] = [round(m, 1) for t, m in rss if t >= loop_start][::10]
    if args.kill:
        report["kills"] = server.kills
        report["checks"] = check(server, tables)
    return report


def check(server: Server, tables: list[Table]) -> dict[str, Any]:
    """Every table against its uninterrupted reference, step by step and its record."""
    mismatched, lost, states = [], [], 0
    for table in tables:
        steps, record = reference(table.config)
        lost += table.lost
        for step, seen in table.seen:
            states += 1
            if step >= len(steps) or steps[step] != seen:
                mismatched.append(f"{table.game_id} step {step}")
                break
        stored = httpx.get(server.url + f"/api/games/{table.game_id}/record", timeout=60).json()
        if stored != record:
            mismatched.append(f"{table.game_id}: final record differs")
    return {
        "states_checked": states,
        "records_equal": len(tables) - sum("record" in m for m in mismatched),
        "mismatches": mismatched,
        "answered_moves_lost": lost,
    }


async def finished(args: argparse.Namespace, server: Server) -> dict[str, Any]:
    """Memory left by finished matches of four bots."""
    before = server.rss_mb()
    config = TableConfig("mcr", seed=args.seed, seats=("random",) * 4)
    ids = []
    async with httpx.AsyncClient(base_url=server.url) as client:
        for i in range(args.finished):
            made = await create(
                client, TableConfig.from_json({**config.to_json(), "seed": args.seed + i})
            )
            ids.append(made["id"])
        while True:
            games = (await client.get("/api/games")).json()
            if all(g["status"] == "finished" for g in games if g["id"] in ids):
                break
            await asyncio.sleep(0.5)
    await asyncio.sleep(float(server.options.get("idle_seconds", 0)) + 6)  # a sweep
    after = server.rss_mb()
    return {
        "finished_matches": args.finished,
        "rss_mb_before": round(before, 1),
        "rss_mb_after": round(after, 1),
        "kb_per_match": round((after - before) * 1024 / args.finished, 1),
    }


async def retained(count: int, seed: int) -> dict[str, Any]:
    """Memory a finished match of four bots leaves in the server (traced in this
    process, with the server's `Tables` over a SQLite file): after two matches to warm
    the caches, ``count`` more are played to their end; the memory still held after
    they are (the tables' own sweep done) is divided by ``count``."""
    import contextlib
    import gc
    import tracemalloc

    from mahjongkit.web.app import create_app
    from mahjongkit.web.store import Store

    with tempfile.TemporaryDirectory() as folder:
        store = Store(f"sqlite:///{folder}/retained.db")
        store.migrate()
        app = create_app(store, chosen_seeds=True)
        tables = app.state.tables
        running = getattr(tables, "running", None)
        life = running(app) if running else contextlib.nullcontext()

        async def play(n: int, first: int) -> None:
            ids = []
            for i in range(n):
                config = TableConfig("mcr", seed=first + i, seats=("random",) * 4)
                ids.append(await asyncio.to_thread(lambda c=config: tables.create(c).game_id))
            while any(g["status"] != "finished" for g in store.list_games() if g["id"] in ids):
                await asyncio.sleep(0.2)
            if hasattr(tables, "evict"):
                tables.evict()

        async with life:
            await play(2, seed + 10_000)
            gc.collect()
            tracemalloc.start()
            before = tracemalloc.get_traced_memory()[0]
            await play(count, seed)
            gc.collect()
            after = tracemalloc.get_traced_memory()[0]
            tracemalloc.stop()
    return {
        "finished_matches": count,
        "tables_in_memory": len(tables.rooms),
        "kb_per_match": round((after - before) / 1024 / count, 1),
    }


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--serve":
        options = json.loads(sys.argv[5]) if len(sys.argv) > 5 else {}
        serve(sys.argv[2], int(sys.argv[3]), options)
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=4)
    parser.add_argument("--hands", type=int, default=4, help="hands per match (1..16)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--db", help="database URL (default: SQLite in a temporary folder)")
    parser.add_argument("--kill", action="store_true", help="kill -9 the server at random")
    parser.add_argument(
        "--kill-every", type=int, default=200, help="answered moves between kills, on average"
    )
    parser.add_argument("--spectators", type=int, default=0)
    parser.add_argument("--create-loop", type=float, default=0.0, help="seconds")
    parser.add_argument("--baseline", type=float, default=20.0, help="seconds before the loop")
    parser.add_argument("--finished", type=int, default=0)
    parser.add_argument("--retained", type=int, default=0, help="matches (traced)")
    parser.add_argument("--idle-seconds", type=float)
    parser.add_argument("--kept-tables", type=int)
    parser.add_argument(
        "--limit",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a field of mahjongkit.web.limits.Limits for the server (repeatable), e.g."
        " spectators_per_table=500",
    )
    args = parser.parse_args()
    options: dict[str, Any] = {}
    if args.idle_seconds is not None:
        options["idle_seconds"] = args.idle_seconds
    if args.kept_tables is not None:
        options["kept_tables"] = args.kept_tables
    # The script's players answer at once, far faster than a person: the server's
    # message rate is lifted unless named (`--limit messages_per_second=20`).
    limits: dict[str, float] = {"messages_per_second": 10**6, "message_burst": 10**6}
    if args.limit:
        for item in args.limit:
            name, _, value = item.partition("=")
            limits[name.strip()] = float(value) if "." in value else int(value)
    options["limits"] = limits
    if args.retained:
        print(json.dumps(asyncio.run(retained(args.retained, args.seed)), indent=1))
        return
    with tempfile.TemporaryDirectory() as folder:
        db = args.db or f"sqlite:///{os.path.join(folder, 'soak.db')}"
        server = Server(db, options)
        server.start()
        try:
            if args.finished:
                report = asyncio.run(finished(args, server))
            else:
                report = asyncio.run(soak(args, server))
        finally:
            server.stop()
    print(json.dumps(report, indent=1))
    failed = report.get("error_count") or (
        args.kill and (report["checks"]["mismatches"] or report["checks"]["answered_moves_lost"])
    )
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
