"""The replay (issue 18, deliver 8): the API's frames named as at the table, the deal in
one step, each win's fans; the page's autoplay, breakdown and phone layout."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import httpx
import pytest

from mahjongkit.web.table import TableConfig

NAMES = ("Ann", "Bo", "Cy", "Di")
PHONE = {"width": 390, "height": 844}
DOCS = Path(__file__).parent.parent.parent / "docs" / "images"


def won_hand() -> TableConfig:
    """A one-hand table of bots whose hand is won (self-drawn by Bo, seat S, 8 points)."""
    return TableConfig("mcr", seed=2, seats=("efficient",) * 4, hands=1, names=NAMES)


def replay(server: Any, config: TableConfig) -> tuple[str, dict[str, Any]]:
    room = server.tables.create(config)
    game_id = room.game_id
    reply = httpx.get(server.url + f"/api/games/{game_id}/replay/0", timeout=10)
    assert reply.status_code == 200, reply.text
    data: dict[str, Any] = reply.json()
    return game_id, data


def test_the_frames_name_the_players_and_the_deal_is_one_step(server: Any) -> None:
    _, data = replay(server, won_hand())
    assert data["names"] == list(NAMES) and data["dealer"] == data["winds"].index("E")
    first = data["frames"][0]
    # The hands dealt are on the board; no "deal" line per tile, the flowers kept.
    assert not any(" deal " in e for e in first["events"])
    assert all(re.match(r"^(Ann|Bo|Cy|Di) \([ESWN]\) (flower|draw) ", e) for e in first["events"])
    assert first["actor"] is None and first["action"] is None
    assert [len(p["concealed"]) for p in first["players"]].count(14) == 1
    for frame in data["frames"][1:]:
        actor = frame["actor"]
        wind = data["winds"][actor]
        assert frame["action"].startswith(f"{NAMES[actor]} ({wind}) ")
        for line in frame["events"]:
            assert re.match(r"^(Ann|Bo|Cy|Di) \([ESWN]\) ", line), line


def test_each_win_has_its_fans_from_the_record(server: Any) -> None:
    game_id, data = replay(server, won_hand())
    game = server.tables.peek(game_id)
    record = game.hands[0].record.result
    assert record["kind"] == "win" and data["frames"][-1]["ended"]
    assert len(data["wins"]) == len(record["scores"]) == 1
    win, scored = data["wins"][0], record["scores"][0]
    assert win["player"] == game.hands[0].deal.player_at(scored["seat"])
    assert [(i["name"], i["points"]) for i in win["items"]] == [tuple(i) for i in scored["items"]]
    assert sum(i["points"] for i in win["items"]) == win["total"] == scored["total"]
    assert win["self_drawn"] is (record["discarder"] is None)
    assert data["minimum"] == 8


# -- the page ------------------------------------------------------------------------------
def open_replay(server: Any, browser: Any, viewport: dict[str, int]) -> tuple[Any, dict[str, Any]]:
    game_id, data = replay(server, won_hand())
    page = browser.new_page(viewport=viewport)
    page.goto(server.url + f"/replay/{game_id}")
    page.wait_for_selector('[data-testid="replay-seat-0"]')
    return page, data


def step_of(page: Any) -> int:
    text = page.locator('[data-testid="replay-step"]').inner_text()
    match = re.match(r"step (\d+) of", text)
    assert match, text
    return int(match.group(1))


def test_the_page_shows_the_deal_names_and_plays_by_itself(server: Any, browser: Any) -> None:
    page, data = open_replay(server, browser, {"width": 1100, "height": 900})
    said = page.locator('[data-testid="replay-action"]').inner_text()
    assert said.startswith(f"The deal: {NAMES[data['dealer']]} deals") and " deal " not in said
    names = page.locator('[data-testid="replay-name"]').all_inner_texts()
    winds = page.locator('[data-testid="replay-wind"]').all_inner_texts()
    assert names == list(NAMES) and winds == data["winds"]
    page.select_option('[data-testid="replay-speed"]', "400")
    page.click('[data-testid="replay-play"]')
    page.wait_for_function(
        "() => /^step ([3-9]|\\d\\d)/.test(document.querySelector('[data-testid=replay-step]')"
        ".textContent)"
    )
    page.click('[data-testid="replay-play"]')  # pause
    paused = step_of(page)
    page.wait_for_timeout(1000)
    assert step_of(page) == paused > 2
    play = page.locator('[data-testid="replay-play"]')
    assert play.get_attribute("aria-pressed") == "false"
    page.locator("h1").click()  # the focus off the buttons: Space is the page's key
    page.keyboard.press(" ")
    assert play.get_attribute("aria-pressed") == "true"
    page.wait_for_function(
        f"() => !/^step {paused} of/.test("
        "document.querySelector('[data-testid=replay-step]').textContent)"
    )
    page.keyboard.press(" ")
    assert play.get_attribute("aria-pressed") == "false"
    page.close()


@pytest.mark.parametrize(
    ("viewport", "name"), [({"width": 1100, "height": 900}, "desktop"), (PHONE, "phone")]
)
def test_the_win_shows_its_fans_and_fits_the_screen(
    server: Any, browser: Any, screenshots: Path, viewport: dict[str, int], name: str
) -> None:
    page, data = open_replay(server, browser, viewport)
    width = "() => document.documentElement.scrollWidth"
    assert page.evaluate(width) <= viewport["width"]  # the deal: nothing cut off either
    page.click('[data-testid="replay-last"]')
    win = data["wins"][0]
    rows = page.locator('[data-testid="replay-fans"] tr')
    assert rows.count() == len(win["items"]) + 1
    assert rows.first.inner_text().split("\t")[0] == win["items"][0]["name"]
    assert page.locator('[data-testid="replay-total"]').inner_text() == str(win["total"])
    assert page.locator(".win-tile").get_attribute("data-tile") == data["result"]["winning_tile"]
    assert page.locator('[data-testid="wall-proof"]').is_visible()  # the fairness panel stays
    # Nothing is cut off: the page is no wider than the screen.
    assert page.evaluate(width) <= viewport["width"]
    page.screenshot(path=str(screenshots / f"replay-win-{name}.png"), full_page=name == "phone")
    page.close()
