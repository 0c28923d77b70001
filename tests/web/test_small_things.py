"""Small things players notice (issue 18, deliver 9): names that stay with the player, not
the wind; tables no one plays on closed as abandoned; a watch link for games in play; a
favicon. Against a real server on loopback; the pages in headless Chromium."""

from __future__ import annotations

import json
import re
import time
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest

from mahjongkit.web.limits import Limits
from mahjongkit.web.store import Store
from mahjongkit.web.table import HUMAN, SPECTATOR, TableConfig, TableGame

from .conftest import Server

ws_client = pytest.importorskip("websockets.sync.client")
ws_exceptions = pytest.importorskip("websockets.exceptions")

WINDS = {"East", "South", "West", "North"}
PEOPLE_AND_BOTS = [HUMAN, "defender", "random", "random"]
ABANDONED = "abandoned"
"""A table's status once closed as abandoned, in the store and the history."""
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1100, "height": 900}


def create(server: Server, **body: Any) -> dict[str, Any]:
    reply = httpx.post(server.url + "/api/tables", json=body, timeout=30)
    assert reply.status_code == 200, reply.text
    made: dict[str, Any] = reply.json()
    return made


def seat_url(server: Server, made: dict[str, Any], seat: int = 0) -> str:
    token = made["seats"][seat]["token"]
    return f"ws://127.0.0.1:{server.port}/ws/tables/{made['id']}?token={token}"


def wait_for(check: Callable[[], bool], seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


def status(server: Server, game_id: str) -> str:
    row = server.store.load_game(game_id)
    assert row is not None
    return str(row["status"])


# -- names that stay with the player ------------------------------------------------------
def test_blank_names_are_the_players_own_not_winds(server: Server) -> None:
    """A blank name is "Player 1" for a person and the bot's name for a bot (numbered when
    bots of a kind share the table), in the table's answer, its summary and the history."""
    made = create(server, seats=PEOPLE_AND_BOTS, names=["", "", "Bo"], hands=1, turn_timeout=0)
    expected = ["Player 1", "Defender (bot)", "Bo", "Random 4 (bot)"]
    assert [s["name"] for s in made["seats"]] == expected
    summary = httpx.get(server.url + f"/api/tables/{made['id']}").json()
    assert summary["names"] == expected
    row = next(g for g in httpx.get(server.url + "/api/games").json() if g["id"] == made["id"])
    assert row["names"] == expected


def test_after_the_deal_rotates_each_name_stays_with_its_player() -> None:
    """Seats rotate after a hand (MCR: the deal passes every hand), so a wind as a name
    would sit at another wind; the view names each player as before, the wind apart."""
    game = TableGame(TableConfig("mcr", seed=4, seats=("random",) * 4, hands=2))
    assert game.over and len(game.hands) == 2
    first, second = (hand.deal for hand in game.hands)
    assert [first.seat_of(p) for p in range(4)] != [second.seat_of(p) for p in range(4)]
    view = game.view(0)
    assert [p["name"] for p in view["players"]] == ["Player 1", "Player 2", "Player 3", "Player 4"]
    assert not {p["name"] for p in view["players"]} & WINDS


def test_the_replay_names_players_as_the_table_does(server: Server) -> None:
    """Every step of the replay names its player with the seat wind beside the name, as
    the table's log does ("Bo (E) draw 5m"), in a hand after the deal moved."""
    names = ["Ann", "Bo", "Cy", "Di"]
    made = create(server, seats=["random"] * 4, names=names, seed=5, hands=2)
    wait_for(lambda: status(server, made["id"]) == "finished")
    data = httpx.get(server.url + f"/api/games/{made['id']}/replay/1").json()
    winds = data["winds"]
    assert data["names"] == names
    assert winds != ["E", "S", "W", "N"]  # the second hand: the deal has moved
    heads = [f"{names[p]} ({winds[p]}) " for p in range(4)]
    steps = [f["action"] for f in data["frames"] if f["action"]]
    lines = steps + [e for f in data["frames"] for e in f["events"] if not e.startswith("table")]
    assert steps and all(any(line.startswith(h) for h in heads) for line in lines), lines[:5]
    claims = [line for line in lines if " from " in line]
    assert all(re.search(r" from (Ann|Bo|Cy|Di) \([ESWN]\)", line) for line in claims), claims
    dealer = names[winds.index("E")]
    assert any(line.startswith(f"{dealer} (E) ") for line in steps)


def test_a_claim_names_the_discarder_by_name_too() -> None:
    """ "Cy (W) pung 5m from Bo (S)": the player a tile was claimed from is named, not
    only their wind, in the table's log and the replay alike."""
    names = ("Ann", "Bo", "Cy", "Di")
    pattern = re.compile(
        r"^(Ann|Bo|Cy|Di) \([ESWN]\) (pung|kong) \S+ from (Ann|Bo|Cy|Di) \([ESWN]\)$"
    )
    for seed in range(40):
        config = TableConfig("mcr", seed=seed, seats=("random",) * 4, names=names, hands=2)
        game = TableGame(config, advance=False)
        while game.advance(limit=1) and len(game.hands) < 2:
            claims = [line for line in game.view(SPECTATOR)["log"] if " from " in line]
            if claims and len(game.hands) == 1:
                assert all(pattern.match(line) for line in claims), claims
                return
    raise AssertionError("no claim in the second hand of 40 matches")


def test_terminal_play_names_the_bots_by_name_not_wind() -> None:
    """``mahjongkit play`` named its bots "Bot S", "Bot W", "Bot N", winds they leave."""
    from typer.testing import CliRunner

    from mahjongkit.cli.app import COMMAND_MODULES, app

    for name in COMMAND_MODULES:  # every command, as the installed `mahjongkit` has them
        __import__(f"mahjongkit.cli.{name}")
    command = ["play", "--seed", "4", "--hands", "1", "--bots", "defender"]
    result = CliRunner().invoke(app, command, input="1\n" * 400)
    assert result.exit_code == 0, result.output
    assert "Defender 2 (bot)" in result.output and "Bot S" not in result.output


def test_stored_games_keep_the_names_they_were_stored_with(server: Server) -> None:
    """A table stored when blank names were winds still shows those names."""
    config = TableConfig("mcr", seed=3, names=("East", "South", "West", "North"), hands=1)
    config_json = config.to_json()
    game = TableGame(config)
    server.store.create_game(
        "0ld0ld0ld0ld", config_json, {str(p): f"t{p}" for p in range(4)}, game.summary()
    )
    summary = httpx.get(server.url + "/api/tables/0ld0ld0ld0ld").json()
    assert summary["names"] == ["East", "South", "West", "North"]


# -- abandoned tables -----------------------------------------------------------------------
def test_a_table_no_one_plays_on_is_closed_as_abandoned(make_server: Any) -> None:
    """With a short timeout: the person still connected is told (close code 4410), the
    store's status is "abandoned", the history lists it so, the table no longer counts
    as open, and a person coming back to it is told it is closed."""
    server = make_server(abandon_seconds=1.0, limits=Limits(tables_per_client=1))
    made = create(server, seats=PEOPLE_AND_BOTS, seed=1, turn_timeout=0)
    again = httpx.post(server.url + "/api/tables", json={"seats": PEOPLE_AND_BOTS}, timeout=30)
    assert again.json()["error"]["code"] == "too_many_tables"  # the table is open
    with ws_client.connect(seat_url(server, made)) as ws:
        assert json.loads(ws.recv(timeout=10))["type"] == "state"
        with pytest.raises(ws_exceptions.ConnectionClosed) as closed:
            ws.recv(timeout=15)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4410
    assert status(server, made["id"]) == ABANDONED
    row = next(g for g in httpx.get(server.url + "/api/games").json() if g["id"] == made["id"])
    assert row["status"] == "abandoned"
    assert made["id"] not in server.tables.rooms
    gone = httpx.get(server.url + f"/api/tables/{made['id']}")
    assert gone.status_code == 410 and gone.json()["error"]["code"] == "table_abandoned"
    with (
        ws_client.connect(seat_url(server, made)) as ws,
        pytest.raises(ws_exceptions.ConnectionClosed) as closed,
    ):
        ws.recv(timeout=10)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4410
    create(server, seats=PEOPLE_AND_BOTS)  # no longer counted as open


def test_a_move_after_the_table_was_closed_is_refused_and_it_stays_closed(
    make_server: Any,
) -> None:
    """A move that arrives as the table is closed (here closed in the store, before the
    server's sweep has seen it) is refused, not stored, and the table leaves memory."""
    server = make_server(abandon_seconds=3600.0)  # the sweep does not look for a minute
    made = create(server, seats=PEOPLE_AND_BOTS, seed=1, turn_timeout=0)
    with ws_client.connect(seat_url(server, made)) as ws:
        view = json.loads(ws.recv(timeout=10))["view"]
        assert server.store.abandon_idle(0) == [made["id"]]
        ws.send(json.dumps({"type": "action", "action": view["you"]["legal_actions"][0]}))
        reply = json.loads(ws.recv(timeout=10))
        assert reply["type"] == "error" and "abandoned" in reply["message"], reply
    assert made["id"] not in server.tables.rooms
    assert status(server, made["id"]) == ABANDONED
    assert httpx.get(server.url + f"/api/tables/{made['id']}").status_code == 410


def test_serve_closes_abandoned_tables_after_its_abandon_hours(tmp_path: Path) -> None:
    """``mahjongkit serve --abandon-hours`` as its own process: 0.0002 h is 0.72 s."""
    from .test_store import Serve

    serve = Serve(f"sqlite:///{tmp_path / 'serve.db'}", "--abandon-hours", "0.0002")
    try:
        made = httpx.post(serve.url + "/api/tables", json={"seats": PEOPLE_AND_BOTS}).json()

        def listed() -> str:
            games = httpx.get(serve.url + "/api/games").json()
            return str(next(g["status"] for g in games if g["id"] == made["id"]))

        assert listed() == "playing"
        wait_for(lambda: listed() == ABANDONED, 20)
    finally:
        serve.stop()


def test_a_table_being_played_is_not_abandoned(make_server: Any) -> None:
    """Each move is a stored change, so a table played slower than the timeout's length
    in all, but faster than it move by move, stays open."""
    server = make_server(abandon_seconds=2.0)
    made = create(server, seats=PEOPLE_AND_BOTS, seed=2, hands=1, turn_timeout=0)
    started = time.monotonic()
    with ws_client.connect(seat_url(server, made)) as ws:
        view = json.loads(ws.recv(timeout=10))["view"]
        while time.monotonic() - started < 3 and view["phase"] not in ("between", "over"):
            time.sleep(0.5)
            legal = view["you"]["legal_actions"]
            action = "pass" if "pass" in legal else legal[0]
            ws.send(json.dumps({"type": "action", "action": action}))
            view = json.loads(ws.recv(timeout=10))["view"]
    assert status(server, made["id"]) != ABANDONED


def test_only_tables_with_people_are_abandoned_and_they_stay_closed(db_url: str) -> None:
    """A table of bots plays itself to its end; a closed table's late change is refused
    (`TableClosed`, so the server does not count it) and the table stays closed. On
    SQLite and PostgreSQL."""
    from mahjongkit.web.store import TableClosed

    store = Store(db_url)
    store.migrate()
    store.create_game("bots", {"ruleset": "mcr", "seats": ["random"] * 4}, {}, {})
    store.create_game("people", {"ruleset": "mcr", "seats": PEOPLE_AND_BOTS}, {}, {})
    assert store.abandon_idle(3600) == []
    assert store.abandon_idle(0) == ["people"]
    with pytest.raises(TableClosed):
        store.save_game("people", [], {}, over=False)
    assert store.load_game("people")["status"] == ABANDONED  # type: ignore[index]
    assert store.load_game("bots")["status"] == "playing"  # type: ignore[index]
    store.engine.dispose()


# -- the favicon ----------------------------------------------------------------------------
def test_the_favicon_is_a_tile_and_every_page_links_it(server: Server) -> None:
    reply = httpx.get(server.url + "/favicon.ico")
    assert reply.status_code == 200
    assert reply.headers["content-type"].startswith("image/svg+xml")
    svg = ET.fromstring(reply.text)
    assert svg.tag.endswith("svg") and svg.get("viewBox") == "0 0 64 64"
    for page in ("/", "/history", "/scorer", "/scoresheet", "/replay/x", "/table/abc"):
        html = httpx.get(server.url + page).text
        assert '<link rel="icon" href="/favicon.ico" type="image/svg+xml">' in html, page


# -- the pages ------------------------------------------------------------------------------
def test_history_has_a_watch_link_for_games_in_play_and_shows_abandoned_ones(
    make_server: Any, browser: Any, screenshots: Path
) -> None:
    """The history page: a game in play has a watch link that opens the table as a
    spectator; an abandoned one is shown so, without it; the table page tells a person
    coming back that their table is closed. Screenshots on a desktop and a phone."""
    server = make_server(abandon_seconds=1.0)
    old = create(server, seats=PEOPLE_AND_BOTS, seed=3, turn_timeout=0)
    wait_for(lambda: status(server, old["id"]) == ABANDONED, 15)
    server.tables.abandon_seconds = 3600.0  # the table in play stays open while shown
    live = create(server, seats=PEOPLE_AND_BOTS, names=["Ann"], seed=4, turn_timeout=0)
    for viewport, suffix in ((DESKTOP, "desktop"), (PHONE, "phone")):
        page = browser.new_page(viewport=viewport)
        page.goto(server.url + "/history")
        row = page.locator(f'[data-testid="game-row"][data-game="{live["id"]}"]')
        row.wait_for()
        assert "Ann, Defender (bot), Random 3 (bot), Random 4 (bot)" in row.inner_text()
        watch = row.locator('[data-testid="watch-link"]')
        assert watch.get_attribute("href") == f"/table/{live['id']}#watch"
        gone = page.locator(f'[data-testid="game-row"][data-game="{old["id"]}"]')
        assert gone.locator('[data-testid="game-status"]').inner_text().startswith("abandoned")
        assert gone.locator('[data-testid="watch-link"]').count() == 0
        page.screenshot(path=str(screenshots / f"history-{suffix}.png"), full_page=True)
        watch.click()
        page.wait_for_selector('[data-testid="seat-0"]')
        assert "Ann" in page.locator('[data-testid="seat-0"]').inner_text()
        page.screenshot(path=str(screenshots / f"table-watching-{suffix}.png"), full_page=True)
        page.goto("about:blank")  # a new load: only the address's fragment changes
        page.goto(server.url + live["seats"][0]["url"])
        page.wait_for_selector('[data-testid="hand-tile"]')
        assert "Defender (bot)" in page.locator("#board").inner_text()
        page.screenshot(path=str(screenshots / f"table-names-{suffix}.png"), full_page=True)
        page.goto(server.url + f"/table/{old['id']}#token={old['seats'][0]['token']}")
        page.wait_for_function(
            "document.getElementById('table-error').textContent.includes('abandoned')"
        )
        assert "closed" in page.locator("#status").inner_text()
        page.screenshot(path=str(screenshots / f"table-abandoned-{suffix}.png"), full_page=True)
        page.close()


def test_the_lobby_leaves_names_blank_and_shows_each_default(
    server: Any, browser: Any, screenshots: Path
) -> None:
    """The lobby no longer fills in winds: each blank name shows the name it will take."""
    page = browser.new_page(viewport=PHONE)
    page.goto(server.url + "/")
    page.wait_for_selector('[data-testid="seat-name-3"]')
    assert page.locator('[data-testid="seat-name-1"]').input_value() == ""
    page.select_option('[data-testid="seat-kind-1"]', "human")
    holders = [
        page.locator(f'[data-testid="seat-name-{i}"]').get_attribute("placeholder")
        for i in range(4)
    ]
    assert holders[:2] == ["Player 1", "Player 2"] and all(h and "(bot)" in h for h in holders[2:])
    page.screenshot(path=str(screenshots / "lobby-names-phone.png"), full_page=True)
    page.close()
