"""The table page's extras (issue 18, deliver 3, 4, 5): table points explained at the end
of a match, the optional sound, and the lobby's switch for help with your hand."""

from __future__ import annotations

import contextlib
import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import httpx
import pytest
from typer.testing import CliRunner

from mahjongkit.cli.app import COMMAND_MODULES, app
from mahjongkit.money.table_points import placings, table_points
from mahjongkit.web.table import HUMAN, TableConfig, TableGame

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}

ws_client = pytest.importorskip("websockets.sync.client")


def finished(ruleset: str, seed: int) -> TableGame:
    """A one-hand match of four efficient bots, played to its end."""
    game = TableGame(TableConfig(ruleset, seed=seed, seats=("efficient",) * 4, hands=1))
    assert game.over
    return game


# -- the ranking the server sends ------------------------------------------------------
def test_a_tie_for_second_shares_the_points_of_second_and_third() -> None:
    """MCR, a win on a discard: the two who did not discard pay 8 each and tie for second
    (002 l.221: 2+1 shared, 1.5 each); the ranking is the money package's."""
    game = finished("mcr", 0)
    assert game.scores == [-18, 34, -8, -8]
    final = game.view(0)["final"]
    ranking = final["ranking"]
    assert ranking["by"] == "table_points" and ranking["place_points"] == [4, 2, 1, 0]
    assert ranking["groups"] == [
        {"players": [1], "score": 34, "places": [1], "place_points": [4], "total": 4,
         "share": 4, "share_text": "4"},
        {"players": [2, 3], "score": -8, "places": [2, 3], "place_points": [2, 1], "total": 3,
         "share": 1.5, "share_text": "1.5"},
        {"players": [0], "score": -18, "places": [4], "place_points": [0], "total": 0,
         "share": 0, "share_text": "0"},
    ]  # fmt: skip
    assert final["table_points"] == [0, 4, 1.5, 1.5]


@pytest.mark.parametrize("ruleset", ["mcr", "bp-club", "taiwanese-lrc", "taiwanese-dxb"])
@pytest.mark.parametrize("seed", [1, 2, 8])
def test_the_ranking_is_the_money_packages_and_taiwanese_has_no_table_points(
    ruleset: str, seed: int
) -> None:
    game = finished(ruleset, seed)
    final = game.view(2)["final"]
    groups = final["ranking"]["groups"]
    expected = placings(game.scores)
    assert [g["players"] for g in groups] == [list(p.players) for p in expected]
    assert [g["places"] for g in groups] == [list(p.places) for p in expected]
    assert sorted(p for g in groups for p in g["players"]) == [0, 1, 2, 3]
    if ruleset.startswith("taiwanese"):  # 003 l.59: the highest score wins the game
        assert final["ranking"]["by"] == "score" and final["table_points"] is None
        assert all("share" not in g for g in groups)
    else:
        points = table_points(game.scores)
        assert final["ranking"]["by"] == "table_points"
        for g in groups:
            assert g["total"] == sum(g["place_points"])
            assert all(Fraction(g["share"]) == points[p] for p in g["players"])
        assert sum(final["table_points"]) == 7


def test_the_history_summary_follows_the_same_rule() -> None:
    assert finished("taiwanese-lrc", 1).summary()["table_points"] is None
    assert finished("mcr", 0).summary()["table_points"] == [0, 4, 1.5, 1.5]


# -- the help switch through the API ----------------------------------------------------
def create(server: Any, **body: Any) -> dict[str, Any]:
    reply = httpx.post(server.url + "/api/tables", json=body, timeout=10)
    assert reply.status_code == 200, reply.text
    data: dict[str, Any] = reply.json()
    return data


@pytest.mark.parametrize("help", [False, None])
def test_a_table_made_with_help_off_sends_no_help_to_anyone(server: Any, help: bool | None) -> None:
    """Help off: no view carries help, through a whole hand, and each says the table's
    help is off; left out, against bots it is on and says so."""
    body: dict[str, Any] = {"seats": [HUMAN, "efficient", HUMAN, "efficient"], "seed": 4}
    made = create(
        server, hands=1, claim_timeout=600, **body, **({} if help is None else {"help": help})
    )
    tokens = {s["player"]: s["token"] for s in made["seats"] if "token" in s}
    base = f"ws://127.0.0.1:{server.port}/ws/tables/{made['id']}"
    seen = 0
    with (
        ws_client.connect(f"{base}?token={tokens[0]}") as ws0,
        ws_client.connect(f"{base}?token={tokens[2]}") as ws2,
    ):
        sockets = {0: ws0, 2: ws2}
        views = {p: json.loads(ws.recv(timeout=10))["view"] for p, ws in sockets.items()}
        for _ in range(400):
            for v in views.values():
                assert v["help_on"] is (help is None)
                if v["phase"] not in ("between", "over"):
                    assert ("help" in v) is (help is None)
                seen += 1
            if views[0]["over"]:
                break
            p = next(p for p, v in views.items() if v["you"]["legal_actions"])
            legal = views[p]["you"]["legal_actions"]
            choice = "win" if "win" in legal else "pass" if "pass" in legal else legal[-1]
            sockets[p].send(json.dumps({"type": "action", "action": choice}))
            views = {q: json.loads(ws.recv(timeout=10))["view"] for q, ws in sockets.items()}
        else:
            pytest.fail("the hand did not end")
    assert seen > 20


# -- the page ---------------------------------------------------------------------------
def open_seat(server: Any, browser: Any, viewport: dict[str, int], body: dict[str, Any],
              init: str = "") -> tuple[Any, dict[str, Any]]:  # fmt: skip
    """A new table made through the API, opened at its first person's seat, the pace
    instant; ``init`` runs before the page's scripts."""
    context = browser.new_context(viewport=viewport)
    context.add_init_script("localStorage.setItem('mjk-pace', '0');" + init)
    page = context.new_page()
    made = page.request.post(server.url + "/api/tables", data=body).json()
    page.goto(server.url + made["seats"][0]["url"])
    page.wait_for_selector('[data-testid="hand-tile"]')
    return page, made


def play_to_the_end(page: Any, timeout_ms: float = 90_000) -> None:
    """Play the seat through the page: win when offered, else pass, else discard the
    drawn tile, and deal the next hand, until the match is over."""
    deadline = page.evaluate("performance.now()") + timeout_ms
    while page.evaluate("performance.now()") < deadline:
        if page.locator('[data-testid="match-result"]:visible').count():
            return
        for sel in (
            '[data-testid="action"][data-action="win"]',
            '[data-testid="action"][data-action="pass"]',
            '[data-testid="action"][data-action="next"]',
            '[data-testid="hand-tile"][data-action]',
        ):
            found = page.locator(sel)
            if found.count():
                with contextlib.suppress(Exception):  # replaced under the click: look again
                    found.last.click(timeout=1500)
                break
        page.wait_for_timeout(40)
    raise AssertionError("the match did not end in time")


@pytest.mark.parametrize(("ruleset", "seed"), [("mcr", 0), ("taiwanese-lrc", 2)])
def test_the_end_of_a_match_explains_ranks_and_table_points(
    server: Any, browser: Any, screenshots: Path, ruleset: str, seed: int
) -> None:
    """Deliver 5: at the end, each player's final score, rank and table points and how
    they were reached, as the server computed them; under Taiwanese rules, what ranks the
    players instead."""
    body = {"ruleset": ruleset, "seed": seed, "hands": 1, "seats": [HUMAN] + ["efficient"] * 3}
    page, made = open_seat(server, browser, DESKTOP, body)
    play_to_the_end(page)
    final = server.tables.get(made["id"]).game.view(0)["final"]
    box = page.locator('[data-testid="match-result"]')
    rows = box.locator('[data-testid="final-row"]')
    order = [p for g in final["ranking"]["groups"] for p in g["players"]]
    assert rows.evaluate_all("els => els.map(e => Number(e.dataset.player))") == order
    lines = box.locator('[data-testid="ranking-line"]').all_inner_texts()
    assert len(lines) == len(final["ranking"]["groups"])
    rule = box.locator('[data-testid="ranking-rule"]').inner_text()
    if ruleset == "mcr":
        shown = box.locator('[data-testid="final-table-points"]').all_inner_texts()
        by_player = {p: g["share_text"] for g in final["ranking"]["groups"] for p in g["players"]}
        assert shown == [by_player[p] for p in order]
        assert "4 for 1st, 2 for 2nd, 1 for 3rd, 0 for 4th" in rule
        assert any(len(g["players"]) > 1 for g in final["ranking"]["groups"])  # a tie
        for g, text in zip(final["ranking"]["groups"], lines, strict=True):
            if len(g["players"]) > 1:
                added = "+".join(map(str, g["place_points"]))
                assert f"they share {added} = {g['total']}, {g['share_text']} each" in text
            else:
                assert f"{g['share_text']} table point" in text, text
    else:
        assert box.locator('[data-testid="final-table-points"]').count() == 0
        assert "No table points" in rule and "highest score wins" in rule
        assert any("tied for 1st" in x or " 1st with " in x for x in lines), lines
    for size, viewport in (("desktop", DESKTOP), ("phone", PHONE)):
        page.set_viewport_size(viewport)
        assert box.locator("h2").bounding_box()["y"] < viewport["height"] / 2  # first
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= viewport["width"], width
        page.screenshot(path=str(screenshots / f"table-final-{ruleset}-{size}.png"))
    page.context.close()


def test_the_sound_switch_is_kept_and_play_goes_on_with_sound(
    server: Any, browser: Any, screenshots: Path
) -> None:
    """Deliver 3: the switch is off by default, kept in the browser, and with it on a
    whole hand plays to its end, a sound made for discards, claims or wins, and turns."""
    body = {"ruleset": "mcr", "seed": 3, "hands": 1, "seats": [HUMAN] + ["efficient"] * 3}
    page, made = open_seat(server, browser, DESKTOP, body)
    switch = page.locator('[data-testid="sound"]')
    assert not switch.is_checked() and page.evaluate("localStorage.getItem('mjk-sound')") is None
    page.locator('[data-testid="hand-tile"][data-action]').last.click()
    page.wait_for_timeout(300)
    assert page.evaluate("Object.values(window.MJK_SOUNDS).every(n => n === 0)")  # off: none
    switch.click()
    assert page.evaluate("localStorage.getItem('mjk-sound')") == "1"
    page.screenshot(
        path=str(screenshots / "table-sound-desktop.png"),
        clip={"x": 0, "y": 0, "width": 1280, "height": 140},
    )
    page.reload()
    page.wait_for_selector('[data-testid="hand-tile"]')
    assert page.locator('[data-testid="sound"]').is_checked()
    play_to_the_end(page)
    played = page.evaluate("window.MJK_SOUNDS")
    assert played["discard"] > 5 and played["turn"] > 2, played
    assert played["claim"] + played["win"] >= 1 or not page.locator('[data-testid="win"]').count()
    assert page.evaluate("window.MJK_SOUND.on()") is True
    assert page.evaluate("window.MJK_SOUND.state()") == "running"  # heard, not only counted
    phone = page.context.new_page()
    phone.set_viewport_size(PHONE)
    phone.goto(server.url + made["seats"][0]["url"].split("#")[0])
    phone.wait_for_selector('[data-testid="sound"]')
    assert phone.locator('[data-testid="sound"]').is_checked()  # kept per browser
    phone.locator('[data-testid="see-table"]').click()
    phone.screenshot(
        path=str(screenshots / "table-sound-phone.png"),
        clip={"x": 0, "y": 0, "width": 390, "height": 200},
    )
    phone.locator('[data-testid="sound"]').click()
    assert phone.evaluate("localStorage.getItem('mjk-sound')") == "0"
    page.context.close()


def test_the_lobby_help_switch_follows_the_seats_and_a_table_without_help_shows_none(
    server: Any, browser: Any, screenshots: Path
) -> None:
    """Deliver 4: on by default when a bot plays, off among people, the player's own choice
    once made; a table made with it off shows no help and says so."""
    for size, viewport in (("desktop", DESKTOP), ("phone", PHONE)):
        page = browser.new_page(viewport=viewport)
        page.add_init_script("localStorage.setItem('mjk-pace', '0')")
        page.goto(server.url + "/")
        switch = page.locator('[data-testid="help-switch"]')
        page.wait_for_selector('[data-testid="seat-kind-3"]')
        assert switch.is_checked()
        page.screenshot(path=str(screenshots / f"lobby-help-{size}.png"), full_page=True)
        for i in (1, 2, 3):
            page.select_option(f'[data-testid="seat-kind-{i}"]', "human")
        assert not switch.is_checked()
        page.select_option('[data-testid="seat-kind-3"]', "efficient")
        assert switch.is_checked()
        switch.uncheck()
        page.select_option('[data-testid="seat-kind-2"]', "efficient")
        assert not switch.is_checked()  # the player's choice stays
        page.close()
    page = browser.new_page(viewport=DESKTOP)
    page.add_init_script("localStorage.setItem('mjk-pace', '0')")
    page.goto(server.url + "/")
    page.locator('[data-testid="help-switch"]').uncheck()  # at once: kept once seats come
    page.wait_for_selector('[data-testid="seat-kind-3"]')
    assert not page.locator('[data-testid="help-switch"]').is_checked()
    page.select_option('[data-testid="hands-select"]', "1")
    page.click('[data-testid="new-game"]')
    page.wait_for_selector('[data-testid="hand-tile"][data-action]')
    table_id = page.url.rstrip("/").split("/")[-1]
    assert server.tables.get(table_id).game.config.help is False
    assert page.inner_text('[data-testid="help-state"]') == "Help off"
    assert page.locator('[data-testid="help-wait"], [data-testid="help-shanten"]').count() == 0
    page.close()
    page, _ = open_seat(server, browser, DESKTOP, {"seed": 5, "hands": 1})
    assert page.inner_text('[data-testid="help-state"]') == "Help on"
    page.locator('[data-testid="help-shanten"]').wait_for()
    page.context.close()


def test_terminal_play_ends_a_taiwanese_match_without_table_points() -> None:
    """``mahjongkit play`` prints the final scores from the same view: table points under
    MCR, none under a Taiwanese ruleset (it failed on the missing points)."""
    for name in COMMAND_MODULES:  # the commands register as their modules load
        __import__(f"mahjongkit.cli.{name}")
    for ruleset, last in (("mcr", " table"), ("taiwanese-lrc", "highest score wins")):
        argv = ["play", "--ruleset", ruleset, "--seed", "4", "--hands", "1"]
        result = CliRunner().invoke(app, argv, input="1\n" * 600)
        assert result.exit_code == 0, result.output
        assert last in result.output.splitlines()[-1]
