"""The JSON API and the table's WebSocket against a real server on loopback (issue 8)."""

from __future__ import annotations

import json
import random
from typing import Any

import httpx
import pytest

from mahjongkit.hand import Meld
from mahjongkit.rules.ruleset import ruleset_names
from mahjongkit.tiles import NAMES, counts_to_tiles
from mahjongkit.web.table import TableConfig, TableGame

ws_client = pytest.importorskip("websockets.sync.client")


def ws_url(server: Any, game_id: str, token: str) -> str:
    return f"ws://127.0.0.1:{server.port}/ws/tables/{game_id}?token={token}"


def recv(ws: Any) -> dict[str, Any]:
    message: dict[str, Any] = json.loads(ws.recv(timeout=10))
    return message


def create(server: Any, **body: Any) -> dict[str, Any]:
    reply = httpx.post(server.url + "/api/tables", json=body, timeout=10)
    assert reply.status_code == 200, reply.text
    data: dict[str, Any] = reply.json()
    return data


def test_rulesets_offer_every_registered_ruleset(server: Any) -> None:
    """Issue 8, deliver 2: every registered ruleset is offered."""
    names = [r["name"] for r in httpx.get(server.url + "/api/rulesets").json()]
    assert names == ruleset_names()


def test_tiles_are_drawn_by_the_library(server: Any) -> None:
    tiles = httpx.get(server.url + "/api/tiles").json()
    assert len(tiles) == 43 and tiles["5m"].startswith("<svg") and "back" in tiles


def test_pages_are_served(server: Any) -> None:
    for path in ("/", "/scorer", "/scoresheet", "/history", "/replay/x", "/static/table.js"):
        assert httpx.get(server.url + path).status_code == 200, path


def test_a_bad_table_is_refused(server: Any) -> None:
    bad = [{"ruleset": "nope"}, {"seats": ["human", "bogus", "random", "random"]}, {"hands": 0}]
    for body in bad:
        reply = httpx.post(server.url + "/api/tables", json=body)
        assert reply.status_code == 400, body


def test_only_a_seat_token_opens_the_table(server: Any) -> None:
    """Issue 8, deliver 6: each seat has a secret token; no token, no seat."""
    made = create(server, seats=["human", "random", "random", "random"], seed=1)
    for token in ("", "wrong"):
        with ws_client.connect(ws_url(server, made["id"], token)) as ws:
            with pytest.raises(Exception) as err:
                ws.recv(timeout=5)
            assert "4403" in str(err.value)
    assert "token" not in json.dumps(httpx.get(server.url + f"/api/tables/{made['id']}").json())
    assert all("token" not in row for row in httpx.get(server.url + "/api/games").json())


def test_bad_and_illegal_messages_get_an_error_and_the_connection_stays(server: Any) -> None:
    """Issue 8, deliver 6: a bad or illegal message is answered with an error; the seat
    can go on playing on the same connection."""
    made = create(server, seats=["human", "random", "random", "random"], seed=2, hands=1)
    seat = made["seats"][0]
    with ws_client.connect(ws_url(server, made["id"], seat["token"])) as ws:
        view = recv(ws)["view"]
        legal = view["you"]["legal_actions"]
        assert legal, "the dealer discards first"
        for message in ("not json", json.dumps([1]), json.dumps({"type": "dance"})):
            ws.send(message)
            assert recv(ws)["type"] == "error"
        not_held = next(
            f"discard {t}" for t in ("1m", "9p", "E", "C", "5s") if f"discard {t}" not in legal
        )
        for action in (not_held, "pung", "discard 0x"):
            ws.send(json.dumps({"type": "action", "action": action}))
            reply = recv(ws)
            assert reply["type"] == "error", action
        assert "not among the concealed tiles" in reply_to(ws, not_held)["message"]
        ws.send(json.dumps({"type": "action", "index": 9999}))
        assert recv(ws)["type"] == "error"
        ws.send(json.dumps({"type": "ping"}))
        assert recv(ws) == {"type": "pong"}
        # A win declared without a winning hand is no error but the rules' to settle
        # (000 l.98): the declarer may not win this hand, and still discards.
        assert "win" not in legal
        ws.send(json.dumps({"type": "action", "action": "win"}))
        declared = recv(ws)
        assert declared["type"] == "state" and "false-win" in declared["view"]["log"][-1]
        assert declared["view"]["you"]["legal_actions"] == legal
        ws.send(json.dumps({"type": "action", "action": legal[-1]}))
        after = recv(ws)
        assert after["type"] == "state"
        assert after["view"]["log"] != view["log"]


def reply_to(ws: Any, action: str) -> dict[str, Any]:
    """The server's answer to ``action`` sent on ``ws``."""
    ws.send(json.dumps({"type": "action", "action": action}))
    reply: dict[str, Any] = recv(ws)
    return reply


def _keys(value: Any, path: str = "") -> set[str]:
    out: set[str] = set()
    if isinstance(value, dict):
        for k, v in value.items():
            out.add(f"{path}.{k}")
            out |= _keys(v, f"{path}.{k}")
    elif isinstance(value, list):
        for v in value:
            out |= _keys(v, f"{path}[]")
    return out


def test_no_message_carries_another_seats_concealed_tiles(server: Any) -> None:
    """Issue 8, deliver 6 and 9: two people and two bots play a whole hand over WebSockets;
    every message to a seat holds that seat's own concealed tiles only (checked against the
    server's state), no wall, and others' draws hidden in the log."""
    made = create(
        server, seats=["human", "random", "human", "random"], seed=5, hands=1, claim_timeout=600
    )
    game_id = made["id"]
    tokens = {s["player"]: s["token"] for s in made["seats"] if "token" in s}
    game: TableGame = server.tables.get(game_id).game
    rng = random.Random(0)
    allowed_paths: set[str] | None = None
    with (
        ws_client.connect(ws_url(server, game_id, tokens[0])) as ws0,
        ws_client.connect(ws_url(server, game_id, tokens[2])) as ws2,
        ws_client.connect(watch_url(server, game_id)) as watcher,
    ):
        sockets = {0: ws0, 2: ws2}
        views = {p: recv(ws)["view"] for p, ws in sockets.items()}
        watched = recv(watcher)["view"]
        for _ in range(500):
            _check_spectator_view(watched, game)
            for p, v in views.items():
                text = json.dumps(v)
                assert 'wall"' not in text.replace("wall_live", "").replace('dead_wall"', "")
                if game.in_play:
                    seat = game.seat_of(p)
                    own = sorted(NAMES[t] for t in counts_to_tiles(game.state.concealed[seat]))
                    you = v["you"]
                    shown = you["concealed"] + ([you["last_tile"]] if you["last_tile"] else [])
                    assert sorted(shown) == own
                    for line in v["log"]:
                        if " draw " in line and not line.startswith(v["players"][p]["name"]):
                            assert " draw ?" in line, line
                paths = {k for k in _keys(v) if not k.startswith(".last_hand")}
                assert not any("concealed" in k for k in paths - {".you.concealed"})
                allowed_paths = paths if allowed_paths is None else allowed_paths | paths
            if views[0]["over"]:
                break
            movers = [p for p, v in views.items() if v["you"]["legal_actions"]]
            assert movers, "someone must be able to act"
            p = movers[0]
            action = rng.choice(views[p]["you"]["legal_actions"])
            sockets[p].send(json.dumps({"type": "action", "action": action}))
            views = {q: recv(ws)["view"] for q, ws in sockets.items()}
            watched = recv(watcher)["view"]
        else:
            pytest.fail("the hand did not end")
    assert allowed_paths is not None and ".you.concealed" in allowed_paths


def watch_url(server: Any, game_id: str) -> str:
    return f"ws://127.0.0.1:{server.port}/ws/tables/{game_id}?watch=1"


def _check_spectator_view(view: dict[str, Any], game: TableGame) -> None:
    """A spectator's view: no concealed tile, no action, every draw and concealed kong
    hidden, no one shown as asked about a discard."""
    assert view["player"] is None
    assert view["you"] == {"concealed": [], "last_tile": None, "legal_actions": []}
    assert not view["claim_open"]
    for line in view["log"]:
        if " draw " in line:
            assert " draw ?" in line, line
    if game.in_play and game.state.phase.value != "turn":
        assert not any(p["to_act"] for p in view["players"])
    for p in view["players"]:
        assert not any(Meld.parse(m).concealed for m in p["melds"])


def test_a_spectator_watches_and_cannot_act(server: Any) -> None:
    """A table can be watched without a seat (the `watch_url` of a new table): the state
    comes after every change, any other message is refused, and the table goes on."""
    made = create(server, seed=2, hands=1)
    assert made["watch_url"] == f"/table/{made['id']}#watch"
    with ws_client.connect(watch_url(server, made["id"])) as ws:
        view = recv(ws)["view"]
        _check_spectator_view(view, server.tables.get(made["id"]).game)
        for message in ({"type": "action", "action": "pass"}, {"type": "next"}):
            ws.send(json.dumps(message))
            assert "spectator" in recv(ws)["message"]
        ws.send(json.dumps({"type": "state"}))
        assert recv(ws)["view"] == view
        summary = httpx.get(server.url + f"/api/tables/{made['id']}").json()
        assert summary["watching"] == 1


def test_a_reconnecting_player_gets_the_full_current_view(server: Any) -> None:
    """Issue 8, deliver 6: reconnecting shows exactly the view before."""
    made = create(server, seats=["human", "random", "random", "random"], seed=7, hands=1)
    url = ws_url(server, made["id"], made["seats"][0]["token"])
    with ws_client.connect(url) as ws:
        view = recv(ws)["view"]
        ws.send(json.dumps({"type": "action", "action": view["you"]["legal_actions"][0]}))
        before = recv(ws)["view"]
    with ws_client.connect(url) as ws:
        assert recv(ws)["view"] == before


def _claim_seed() -> int:
    """A seed where the person (discarding their drawn tile) is asked about a discard."""
    for seed in range(200):
        game = TableGame(TableConfig("mcr", seed, hands=1))
        for _ in range(60):
            if game.claim_open or not game.in_play:
                break
            game.act(0, game.view(0)["you"]["legal_actions"][0])
        if game.claim_open:
            return seed
    raise AssertionError("no seed gives a claim window")


def test_the_claim_window_closes_by_the_tables_timeout(server: Any) -> None:
    """Issue 8, deliver 2: an unanswered claim window closes after the timeout as a pass."""
    seed = _claim_seed()
    made = create(server, seed=seed, hands=1, claim_timeout=1)
    with ws_client.connect(ws_url(server, made["id"], made["seats"][0]["token"])) as ws:
        view = recv(ws)["view"]
        for _ in range(60):
            if view["claim_open"]:
                break
            ws.send(json.dumps({"type": "action", "action": view["you"]["legal_actions"][0]}))
            view = recv(ws)["view"]
        assert view["claim_open"] and "pass" in view["you"]["legal_actions"]
        after = recv(ws)["view"]  # sent by the server when the window times out
        assert not after["claim_open"] or after["log"] != view["log"]


def test_an_absent_persons_turn_times_out(server: Any) -> None:
    """Issue 8: a person who leaves does not stall the table; their drawn tile is discarded
    after the table's turn timeout and the bots play on."""
    made = create(server, seed=1, hands=1, turn_timeout=1, claim_timeout=1)
    with ws_client.connect(ws_url(server, made["id"], made["seats"][0]["token"])) as ws:
        view = recv(ws)["view"]
        assert view["phase"] == "turn" and view["turn_timeout"] == 1
        drawn = view["you"]["last_tile"]
        after = recv(ws)["view"]  # sent by the server when the turn times out
        assert view["players"][0]["discards"] == []
        first = after["players"][0]["discards"][0]
        assert first[0] == drawn and first[2] is True  # thrown as drawn (maybe claimed)
        assert after["log"] != view["log"]
    bad = httpx.post(server.url + "/api/tables", json={"turn_timeout": -1}, timeout=10)
    assert bad.status_code == 400 and "turn_timeout" in bad.json()["error"]["message"]


def test_a_table_of_bots_plays_itself_and_is_stored(stored_server: Any) -> None:
    """Issue 8, deliver 5: a finished game is in the database with its record."""
    server = stored_server
    made = create(server, seats=["random"] * 4, seed=3, hands=2)
    row = next(g for g in httpx.get(server.url + "/api/games").json() if g["id"] == made["id"])
    assert row["status"] == "finished" and row["summary"]["hands"] == 2
    record = httpx.get(server.url + f"/api/games/{made['id']}/record").json()
    assert len(record["hands"]) == 2
    frames = httpx.get(server.url + f"/api/games/{made['id']}/replay/1").json()["frames"]
    assert frames[-1]["ended"] and not frames[0]["ended"]
    assert httpx.get(server.url + f"/api/games/{made['id']}/replay/2").status_code == 404


def test_an_unfinished_games_record_hides_the_seed(server: Any) -> None:
    """Issue 8, deliver 6: the match seed would give away the walls still to come."""
    made = create(server, seed=12, hands=2)
    record = httpx.get(server.url + f"/api/games/{made['id']}/record").json()
    assert record["seed"] is None and record["hands"] == []


# -- the scorer and the scoresheet refuse alike (issue 18) -----------------------------------
def sheet_of(server: Any, ruleset: str) -> tuple[str, dict[str, str]]:
    body = {"ruleset": ruleset, "players": ["Ann", "Bo", "Cy", "Di"]}
    made = httpx.post(server.url + "/api/sheets", json=body, timeout=10).json()
    return f"{server.url}/api/sheets/{made['id']}", {"X-Sheet-Token": made["token"]}


def refusal_of(reply: httpx.Response, status: int = 400) -> tuple[str, str]:
    assert reply.status_code == status, reply.text
    error = reply.json()["error"]
    return error["code"], error["message"]


def test_the_sheet_refuses_a_win_below_the_rulesets_least(server: Any) -> None:
    """Issue 18: MCR 5 points and Taiwanese 0 points were taken; the least is the ruleset's
    minimum (002 l.59) or the Base Point every Taiwanese win carries (004 l.342)."""
    for ruleset, typed, least in (("mcr", 5, 8), ("taiwanese-lrc", 0, 5)):
        sheet, mine = sheet_of(server, ruleset)
        line = {"kind": "win", "winner": 1, "discarder": 3, "points": typed}
        code, message = refusal_of(httpx.post(sheet + "/lines", json=line, headers=mine))
        assert code == "below_minimum" and f"at least {least} points" in message
        assert httpx.get(sheet).json()["lines"] == []
        line["points"] = least
        assert httpx.post(sheet + "/lines", json=line, headers=mine).status_code == 200


def test_the_same_add_sent_twice_makes_one_line(server: Any) -> None:
    """Issue 18: a second Add duplicated the line. The page sends how many lines it saw; a
    line sent for a sheet that has changed since is refused (409 ``sheet_changed``)."""
    sheet, mine = sheet_of(server, "mcr")
    line = {"kind": "penalty", "offender": 2, "points": 5, "lines_seen": 0}
    assert len(httpx.post(sheet + "/lines", json=line, headers=mine).json()["lines"]) == 1
    code, _ = refusal_of(httpx.post(sheet + "/lines", json=line, headers=mine), 409)
    assert code == "sheet_changed" and len(httpx.get(sheet).json()["lines"]) == 1
    line["lines_seen"] = 1
    assert len(httpx.post(sheet + "/lines", json=line, headers=mine).json()["lines"]) == 2


def test_an_entered_hand_on_the_sheet_scores_as_the_scorer_does(server: Any) -> None:
    """Issue 18: an entered hand took no flowers nor situation and showed no breakdown. The
    sheet's line and the scorer give the same fans for the same hand and situation."""
    sheet, mine = sheet_of(server, "taiwanese-dxb")
    hand = "[123m2]456m789p234s555sEE"
    line = {"kind": "win", "winner": 0, "hand": hand, "flowers": "1f", "ting": True}
    shown = httpx.post(sheet + "/lines", json=line, headers=mine).json()
    breakdown = shown["lines"][0]["breakdown"]
    # Ann deals first: East, self-drawn (no discarder), as the scorer is told.
    body = {"ruleset": "taiwanese-dxb", "hand": hand, "flowers": "1f", "ting": True}
    scorer = httpx.post(server.url + "/api/score", json={**body, "self_drawn": True}).json()
    assert breakdown["items"] == scorer["items"] and breakdown["total"] == scorer["total"]
    assert {"calling", "flower", "base_point"} <= {i["id"] for i in breakdown["items"]}
    assert shown["lines"][0]["entry"]["points"] == scorer["total"]
    assert "ting" in shown["situation_fields"]


def test_situation_fields_a_ruleset_lacks_are_refused_by_the_scorer_and_the_sheet(
    server: Any,
) -> None:
    """Issue 18: Heavenly and Ting under MCR were silently ignored, and flowers given as
    tiles and as a count taken without a word; both are refused, by the scorer and the
    sheet alike. ``/api/rulesets`` says which fields each ruleset asks."""
    hand = "[123m2]456p789s1sEEE1s"
    asked = {
        r["name"]: r["situation_fields"] for r in httpx.get(server.url + "/api/rulesets").json()
    }
    assert "heavenly" not in asked["mcr"] and "ting" not in asked["mcr"]
    assert {"heavenly", "ting", "dealer_streak"} <= set(asked["taiwanese-lrc"])
    assert "flowers" not in asked["botzone"]
    sheet, mine = sheet_of(server, "mcr")
    cases = (
        ({"hand": hand, "heavenly": True, "ting": True}, "not_in_ruleset", "heavenly, ting"),
        ({"hand": "12f" + hand, "flowers": 2}, "flowers_twice", "12f"),
    )
    for body, code, named in cases:
        scored = refusal_of(httpx.post(server.url + "/api/score", json=body))
        line = {"kind": "win", "winner": 0, **body}
        assert refusal_of(httpx.post(sheet + "/lines", json=line, headers=mine)) == scored
        assert scored[0] == code and named in scored[1]
    assert httpx.get(sheet).json()["lines"] == []
