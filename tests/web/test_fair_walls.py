"""The web table's walls committed to before each hand and revealed after it (issue 17,
deliver 6; 000 l.28 "thoroughly and randomly mixed", 004 l.66): the commitment in every
view from the deal, the seed and salt in no message or answer before the hand ends, then
in the result, the stored game and the replay page, which checks them itself."""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")

from fastapi.testclient import TestClient

from mahjongkit.game.wall_check import check_walls
from mahjongkit.web.app import create_app
from mahjongkit.web.limits import Limits
from mahjongkit.web.store import Store
from mahjongkit.web.table import TableConfig, TableGame

from ..conftest import DATA


def secrets_of(store: Store, game_id: str, hand: int) -> tuple[str, str]:
    """Hand ``hand``'s (from 1) seed and salt as the server stored them."""
    row = store.load_game(game_id)
    assert row is not None
    entry = row["log"][hand - 1]
    return entry["seed"], entry["salt"]


def test_a_whole_match_never_shows_a_hand_s_seed_or_salt_before_it_ends(tmp_path: Path) -> None:
    """Every message to the person and to a spectator, and every API answer, while each of
    two hands is played: the hand's seed and salt are in none of them; its commitment is
    in every view from the deal; after the hand the result reveals values that hash to
    the commitment published at the deal."""
    store = Store(f"sqlite:///{tmp_path / 'fair.db'}")
    store.migrate()
    # No chosen seeds: the secure random source. The person answers as fast as the
    # server sends, faster than the default rate a socket may send at (test_input.py
    # tests that limit), so this table's rate is out of reach.
    unlimited = Limits(messages_per_second=10**6, message_burst=10**6)
    client = TestClient(create_app(store, limits=unlimited))
    made = client.post(
        "/api/tables",
        json={
            "ruleset": "mcr",
            "seats": ["human", "random", "random", "random"],
            "hands": 2,
            "claim_timeout": 600,
            "turn_timeout": 0,
        },
    ).json()
    game_id, token = made["id"], made["seats"][0]["token"]
    rng = random.Random(3)
    messages: list[tuple[int, str]] = []  # (hand, the message's text)
    published: dict[int, str] = {}

    def answers(hand: int) -> None:
        for url in (
            f"/api/tables/{game_id}",
            "/api/games",
            f"/api/games/{game_id}/record",
            f"/api/games/{game_id}/replay/{hand - 1}",  # the hand in play: not finished
        ):
            messages.append((hand, client.get(url).text))

    # One event loop for both sockets (the client's own, while it is entered): each
    # socket's session would otherwise run the app on a loop of its own, and the view
    # the person's loop sends the spectator could wake no one (asyncio is not
    # thread-safe), leaving spectator.receive_json() waiting for ever.
    with (
        client,
        client.websocket_connect(f"/ws/tables/{game_id}?token={token}") as person,
        client.websocket_connect(f"/ws/tables/{game_id}?watch") as spectator,
    ):
        view = person.receive_json()["view"]
        watched = spectator.receive_json()["view"]
        results = 0
        while True:
            hand = view["hand_number"]
            messages += [(hand, json.dumps(view)), (hand, json.dumps(watched))]
            if view["phase"] not in ("between", "over"):
                for seen in (view, watched):
                    commitment = seen["commitment"]
                    assert set(commitment) == {"scheme", "ruleset", "hand", "sha256"}
                    assert published.setdefault(hand, commitment["sha256"]) == commitment["sha256"]
                answers(hand)
            else:
                results += 1
                revealed = view["last_hand"]["commitment"]
                assert watched["last_hand"]["commitment"] == revealed
                assert revealed["sha256"] == published[hand] and revealed["hand"] == hand
                text = (
                    f"mahjongkit-wall/1\nruleset mcr\nhand {hand}\n"
                    f"seed {revealed['seed']}\nsalt {revealed['salt']}\n"
                )
                assert hashlib.sha256(text.encode()).hexdigest() == published[hand]
                assert (revealed["seed"], revealed["salt"]) == secrets_of(store, game_id, hand)
                if view["phase"] == "over":
                    break
            if view["phase"] == "between":
                person.send_json({"type": "next"})
            elif view["you"]["legal_actions"]:
                legal = view["you"]["legal_actions"]
                wins = [a for a in legal if a == "win"]
                person.send_json({"type": "action", "action": (wins or [rng.choice(legal)])[0]})
            else:  # a spectator's 'state' while the bots are done and no one is asked
                raise AssertionError(f"nothing to do at {view['phase']}")
            view = person.receive_json()["view"]
            watched = spectator.receive_json()["view"]
    assert results == 2 and len(published) == 2
    for hand in (1, 2):
        seed, salt = secrets_of(store, game_id, hand)
        before = [text for h, text in messages if h == hand]
        assert len(before) > 20
        leaks = [t for t in before if seed in t or salt in t]
        # Only the hand's own result (shown once it is over) may hold them.
        mark = f'"last_hand": {{"hand_number": {hand}'
        assert all(mark in t for t in leaks), leaks[:1]
    record = client.get(f"/api/games/{game_id}/record").json()
    assert [c.status for c in check_walls(record)] == ["ok", "ok"]


def test_a_restarted_server_deals_the_same_committed_wall(tmp_path: Path) -> None:
    """The seed and salt are stored with the hand before anyone sees its commitment, so a
    server started again on the same database shows the same hand and commitment."""
    db = f"sqlite:///{tmp_path / 'restart.db'}"
    store = Store(db)
    store.migrate()
    first = TestClient(create_app(store))
    made = first.post("/api/tables", json={"ruleset": "taiwanese-lrc", "seats": ["human"] * 4})
    game_id, token = made.json()["id"], made.json()["seats"][0]["token"]
    with first.websocket_connect(f"/ws/tables/{game_id}?token={token}") as ws:
        before = ws.receive_json()["view"]
    again = TestClient(create_app(Store(db)))
    with again.websocket_connect(f"/ws/tables/{game_id}?token={token}") as ws:
        after = ws.receive_json()["view"]
    assert after == before and after["commitment"]["sha256"]
    row = store.load_game(game_id)
    assert row is not None and row["config"]["walls"] == "secret"
    assert set(row["log"][0]) == {"seed", "salt", "actions"}


def test_old_stored_tables_still_load_and_a_chosen_seed_still_commits() -> None:
    """tests/data/web-games-v1.json (stored before commitments, each hand's actions
    alone): they load, their walls from the match's generator, with no commitment; a table
    whose seed was chosen derives each hand's seed from it and commits all the same."""
    for stored in json.loads((DATA / "web-games-v1.json").read_text()):
        config = TableConfig.from_json(stored["config"])
        assert config.walls == "match"
        game = TableGame(config, stored["log"])
        assert "commitment" not in game.view(0)
        assert game.stored_log == stored["log"]
        for hand in range(len(game.hands)):
            assert game.wall_proof(hand)["check"]["status"] == "seeded"
    config = TableConfig("mcr", seed=11, seats=("human",) * 4)
    game = TableGame(config)
    again = TableGame(config)
    assert game.view(0)["commitment"] == again.view(0)["commitment"]
    stored = game.stored_log
    assert TableGame(config, stored).view(0) == game.view(0)
    secret = TableConfig("mcr", seed=11, seats=("human",) * 4, walls="secret")
    assert TableGame(secret).view(0)["commitment"] != TableGame(secret).view(0)["commitment"]
    with pytest.raises(Exception, match="stored hand 1 has no wall seed and salt"):
        TableGame(secret, [[]])


def replay_page(server: Any, browser: Any, viewport: dict[str, int], route: Any = None) -> Any:
    """A finished bot game's replay page on ``viewport``, its wall proof shown."""
    import httpx

    made = httpx.post(
        server.url + "/api/tables",
        json={"ruleset": "mcr", "seats": ["random"] * 4, "hands": 1},
        timeout=20,
    ).json()
    page = browser.new_page(viewport=viewport)
    if route is not None:
        page.route("**/api/games/*/replay/0", route)
    page.goto(f"{server.url}/replay/{made['id']}")
    page.wait_for_selector('[data-testid="proof-browser"][data-ok]')
    return page


def test_the_replay_page_checks_the_commitment_itself(
    server: Any, browser: Any, screenshots: Path
) -> None:
    """The page hashes the revealed seed and salt with the browser's own SHA-256 and
    shows the server's recomputation of the deal; on a desktop and on a phone."""
    pytest.importorskip("playwright")
    for name, viewport in (
        ("replay-fairness-desktop", {"width": 1100, "height": 1200}),
        ("replay-fairness-phone", {"width": 390, "height": 844}),
    ):
        page = replay_page(server, browser, viewport)
        assert page.locator('[data-testid="proof-browser"]').get_attribute("data-ok") == "true"
        assert page.locator('[data-testid="proof-server"]').get_attribute("data-status") == "ok"
        assert len(page.locator('[data-testid="proof-seed"]').inner_text()) == 64
        assert page.locator('[data-testid="proof-deal"] .deal-row').count() == 4
        page.locator('[data-testid="wall-proof"]').scroll_into_view_if_needed()
        page.screenshot(path=str(screenshots / f"{name}.png"), full_page=True)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= viewport["width"], f"{name}: the page is {width}px wide"
        page.close()

    def tamper(route: Any) -> None:  # a server that reveals another seed than it committed
        data = route.fetch().json()
        seed = data["fairness"]["commitment"]["seed"]
        data["fairness"]["commitment"]["seed"] = ("1" if seed[0] != "1" else "2") + seed[1:]
        route.fulfill(json=data)

    page = replay_page(server, browser, {"width": 1100, "height": 900}, tamper)
    verdict = page.locator('[data-testid="proof-browser"]')
    assert verdict.get_attribute("data-ok") == "false"
    assert "not to the commitment" in verdict.inner_text()
    page.close()
