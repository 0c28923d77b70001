"""The review of a stored game in the web table (issue 23): asked for over the API, played
in the background with its progress polled, stored so it is not played again, and every
bad request refused with a stable code."""

from __future__ import annotations

import secrets
import time
from typing import Any

import httpx

from mahjongkit.review.hands import decisions_of
from mahjongkit.web.limits import Limits
from mahjongkit.web.reviews import review_hands
from mahjongkit.web.store import Store
from mahjongkit.web.stored import player_hands
from mahjongkit.web.table import HUMAN, TableConfig, TableGame

NAMES = ("Ann", "Bo", "Cy", "Di")
PEOPLE = ("efficient", HUMAN, "efficient", "efficient")
"""Bo, player 1, is the person at the table: the player reviewed by default."""


SHORT = (22, 21, 5)
"""Seeds of one-hand matches that end soon (8 to 11 decisions a player): quick reviews."""


def stored_game(store: Store, hands: int = 1, seed: int = SHORT[0]) -> tuple[str, TableGame]:
    """A finished match stored as the web table stores it, with a person at player 1 (the
    decisions are the efficient bot's, played for every seat)."""
    played = TableGame(TableConfig("mcr", seed=seed, seats=("efficient",) * 4, hands=hands))
    assert played.over
    config = TableConfig("mcr", seed=seed, seats=PEOPLE, hands=hands, names=NAMES)
    game_id = secrets.token_hex(6)
    tokens = {str(p): secrets.token_urlsafe(8) for p in range(4)}
    store.create_game(
        game_id, config.to_json(), tokens, played.summary(), played.stored_log, over=True
    )
    return game_id, TableGame(config, played.stored_log)


def ask(server: Any, game_id: str, body: dict[str, Any]) -> httpx.Response:
    return httpx.post(server.url + f"/api/games/{game_id}/reviews", json=body, timeout=10)


def finished(server: Any, game_id: str, player: int, seconds: float = 60) -> dict[str, Any]:
    """Poll the review until it is done; every answer on the way is consistent."""
    deadline = time.monotonic() + seconds
    while True:
        reply = httpx.get(server.url + f"/api/games/{game_id}/reviews/{player}", timeout=10)
        assert reply.status_code == 200, reply.text
        status: dict[str, Any] = reply.json()
        assert status["status"] in ("queued", "running", "done"), status
        if status["total"] is not None:
            assert 0 <= status["done"] <= status["total"]
        if status["status"] == "done":
            return status
        assert time.monotonic() < deadline, status
        time.sleep(0.1)


def test_a_review_is_played_in_the_background_and_stored(server: Any) -> None:
    game_id, game = stored_game(server.store)
    started = ask(server, game_id, {"samples": 1})
    assert started.status_code == 200, started.text
    first = started.json()
    # The first person at the table, by default; the game's one finished hand.
    assert (first["game"], first["player"], first["samples"], first["hands"]) == (game_id, 1, 1, 1)
    assert first["status"] in ("queued", "running", "done")
    done = finished(server, game_id, 1)
    hand = game.hands[0]
    decisions = sum(1 for _ in decisions_of(hand.record, hand.deal.seat_of(1)))
    assert done["done"] == done["total"] == decisions > 0
    review = done["review"]
    assert (review["game"], review["player"], review["samples"]) == (game_id, 1, 1)
    (reviewed,) = review["hands"]
    assert (reviewed["hand"], reviewed["seat"]) == (0, hand.deal.seat_of(1))
    assert len(reviewed["decisions"]) == decisions and review["errors"] == []
    assert all(d["samples"] == 1 for d in reviewed["decisions"])
    # Stored: asked again (a reload of the page), it is given from the store at once.
    assert server.store.load_review(game_id, 1)["data"] == review
    again = ask(server, game_id, {"samples": 1}).json()
    assert again["status"] == "done" and again["review"] == review


def test_progress_is_told_decision_by_decision(server: Any) -> None:
    _, game = stored_game(server.store)
    hands = player_hands(game, 0)
    told: list[tuple[int, int]] = []
    review = review_hands("g", 0, hands, samples=1, progress=lambda d, t: told.append((d, t)))
    total = len(review["hands"][0]["decisions"])
    assert told == [(done, total) for done in range(total + 1)]


def refused(reply: httpx.Response, status: int, code: str) -> str:
    assert reply.status_code == status, reply.text
    error = reply.json()["error"]
    assert error["code"] == code, error
    return str(error["message"])


def test_bad_requests_are_refused_with_stable_codes(server: Any) -> None:
    game_id, _ = stored_game(server.store)
    assert "no table 'nope'" in refused(ask(server, "nope", {}), 404, "not_found")
    status = httpx.get(server.url + "/api/games/nope/reviews/0", timeout=10)
    refused(status, 404, "not_found")
    not_yet = httpx.get(server.url + f"/api/games/{game_id}/reviews/2", timeout=10)
    assert "ask for one" in refused(not_yet, 404, "review_not_started")
    assert "player" in refused(ask(server, game_id, {"player": 4}), 400, "invalid_field")
    far = httpx.get(server.url + f"/api/games/{game_id}/reviews/9", timeout=10)
    refused(far, 400, "invalid_field")
    assert "at most 32" in refused(ask(server, game_id, {"samples": 33}), 400, "invalid_field")
    refused(ask(server, game_id, {"samples": 0}), 400, "invalid_field")
    refused(ask(server, game_id, {"seats": 1}), 400, "invalid_field")
    plain = httpx.post(server.url + f"/api/games/{game_id}/reviews", content="{}", timeout=10)
    refused(plain, 415, "json_required")
    # A table with no finished hand has nothing to review.
    room = server.tables.create(TableConfig("mcr", seed=1, seats=(HUMAN,) * 4))
    refused(ask(server, room.game_id, {}), 409, "nothing_to_review")


def from_address(address: str) -> httpx.Client:
    """A client whose requests come from ``address`` (another loopback address): another
    client to the server."""
    return httpx.Client(transport=httpx.HTTPTransport(local_address=address), timeout=10)


def test_a_client_cannot_start_unbounded_reviews(make_server: Any) -> None:
    """One review a client at a time, and a few in all: the next is refused (the same game
    and player asked again is the review under way, not a new one). The server stops
    with reviews under way: the one waiting is dropped."""
    server = make_server(limits=Limits(reviews_per_client=1, reviews_at_once=2))
    games = [stored_game(server.store, seed=s)[0] for s in SHORT]
    clients = [from_address(f"127.0.0.{n}") for n in (1, 2, 3)]
    url = server.url + "/api/games/{}/reviews"
    first = clients[0].post(url.format(games[0]), json={"samples": 1}).json()
    assert first["status"] in ("queued", "running")
    again = clients[0].post(url.format(games[0]), json={"samples": 1}).json()
    assert again["status"] in ("queued", "running")
    mine = clients[0].post(url.format(games[1]), json={"samples": 1})
    assert "wait for it" in refused(mine, 429, "too_many_reviews")
    other = clients[1].post(url.format(games[1]), json={"samples": 1, "player": 3})
    assert other.json()["status"] in ("queued", "running") and other.json()["player"] == 3
    full = clients[2].post(url.format(games[2]), json={"samples": 1})
    assert "try again" in refused(full, 503, "reviews_busy")
    for client in clients:
        client.close()


def test_serve_refuses_a_default_above_the_most(tmp_path: Any) -> None:
    from typer.testing import CliRunner

    import mahjongkit.cli.web  # noqa: F401  (registers the command)
    from mahjongkit.cli.app import app

    result = CliRunner().invoke(
        app, ["serve", "--db", str(tmp_path / "x.db"), "--review-samples", "40"]
    )
    assert result.exit_code == 2
    assert "--review-samples cannot be above --review-samples-max" in result.output
    assert not (tmp_path / "x.db").exists()


def test_a_review_under_way_when_the_server_stops_is_not_stored(server: Any) -> None:
    """The server stopping stops the review at its next hand: failed, said why, not kept."""
    from mahjongkit.web.reviews import Job, Reviews

    game_id, game = stored_game(server.store)
    reviews = Reviews(server.store, Limits())
    reviews.close()
    job = Job(game_id, 0, "127.0.0.1", 1, 1)
    reviews._run(job, player_hands(game, 0))
    assert job.status == "failed" and job.error is not None
    assert job.error.code == "server_stopped"
    assert server.store.load_review(game_id, 0) is None
