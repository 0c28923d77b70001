"""A review in the web table, measured: how long a stored match's review takes through the
server, and how quickly the server answers other requests while it runs.

Serves the app on loopback (uvicorn, a SQLite file in a temporary folder), stores a
``--hands`` match of the efficient bots with a person's seat, asks for the person's
review (``POST /api/games/<id>/reviews``) at ``--samples`` a decision and polls it as the
page does, while a client asks for ``GET /api/rulesets`` every 50 ms; the same requests
are timed for as long before the review starts. Prints one JSON line: decisions, the
review's seconds, the polls seen, and the requests' latencies (p50, p99, max, in ms)
before and during the review. Timings on a shared machine are noisy: run it with
``nice``, and say so.

    .venv/bin/python scripts/review_server.py --hands 16 --samples 8
"""

from __future__ import annotations

import argparse
import json
import secrets
import statistics
import tempfile
import threading
import time
from pathlib import Path

import httpx
import uvicorn

from mahjongkit.web.app import create_app
from mahjongkit.web.store import Store
from mahjongkit.web.table import HUMAN, TableConfig, TableGame


def latencies(url: str, until: threading.Event) -> list[float]:
    """Milliseconds of each ``GET url`` made every 50 ms until ``until`` is set."""
    out = []
    with httpx.Client(timeout=30) as client:
        while not until.is_set():
            start = time.perf_counter()
            client.get(url).raise_for_status()
            out.append(1000 * (time.perf_counter() - start))
            time.sleep(0.05)
    return out


def summary(values: list[float]) -> dict[str, float]:
    ordered = sorted(values)
    return {
        "requests": len(ordered),
        "p50_ms": round(statistics.median(ordered), 1),
        "p99_ms": round(ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))], 1),
        "max_ms": round(ordered[-1], 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", default="mcr")
    parser.add_argument("--hands", type=int, default=16)
    parser.add_argument("--samples", type=int, default=8)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--port", type=int, default=8765)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp())
    store = Store(f"sqlite:///{folder / 'review.db'}")
    store.migrate()
    played = TableGame(
        TableConfig(args.ruleset, seed=args.seed, seats=("efficient",) * 4, hands=args.hands)
    )
    seats = (HUMAN, "efficient", "efficient", "efficient")
    config = TableConfig(args.ruleset, seed=args.seed, seats=seats, hands=args.hands)
    game_id = secrets.token_hex(6)
    tokens = {str(p): secrets.token_urlsafe(8) for p in range(4)}
    store.create_game(
        game_id, config.to_json(), tokens, played.summary(), played.stored_log, over=True
    )
    server = uvicorn.Server(
        uvicorn.Config(create_app(store), host="127.0.0.1", port=args.port, log_level="warning")
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.02)
    base = f"http://127.0.0.1:{args.port}"
    idle = threading.Event()
    timer = threading.Timer(10.0, idle.set)
    timer.start()
    before = latencies(base + "/api/rulesets", idle)
    busy = threading.Event()
    during: list[float] = []
    probe = threading.Thread(target=lambda: during.extend(latencies(base + "/api/rulesets", busy)))
    start = time.perf_counter()
    status = httpx.post(
        base + f"/api/games/{game_id}/reviews", json={"samples": args.samples}, timeout=30
    ).json()
    probe.start()
    polls = 0
    while status["status"] in ("queued", "running"):
        time.sleep(1.0)
        polls += 1
        status = httpx.get(base + f"/api/games/{game_id}/reviews/0", timeout=30).json()
    seconds = time.perf_counter() - start
    busy.set()
    probe.join()
    server.should_exit = True
    thread.join(10)
    print(
        json.dumps(
            {
                "ruleset": args.ruleset,
                "hands": args.hands,
                "samples": args.samples,
                "status": status["status"],
                "decisions": status["total"],
                "review_seconds": round(seconds, 1),
                "polls": polls,
                "before": summary(before),
                "during": summary(during),
            }
        )
    )


if __name__ == "__main__":
    main()
