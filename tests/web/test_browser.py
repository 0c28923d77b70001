"""End-to-end: the pages driven in headless Chromium against a real server (issue 8)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("playwright")

PHONE = {"width": 390, "height": 844}


def play_until_over(page: Any, timeout_s: float = 60) -> int:
    """Click through a hand: win when offered, else discard the drawn tile or pass."""
    import time

    clicks = 0
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if page.locator('[data-testid="match-result"]:visible').count():
            return clicks
        win = page.locator('[data-testid="action"][data-action="win"]')
        passing = page.locator('[data-testid="action"][data-action="pass"]')
        discards = page.locator('[data-testid="hand-tile"][data-action]')
        if win.count():
            win.first.click()
        elif passing.count():
            passing.first.click()
        elif discards.count():
            discards.last.click()
        else:
            page.wait_for_timeout(50)
            continue
        clicks += 1
        page.wait_for_timeout(30)
    raise AssertionError("the hand did not end in time")


def test_play_a_whole_hand_against_bots(server: Any, browser: Any, screenshots: Path) -> None:
    """Issue 8, deliver 2: from the lobby, a one-hand match against three bots to its end."""
    page = browser.new_page(viewport={"width": 1100, "height": 900})
    page.goto(server.url + "/")
    page.select_option('[data-testid="ruleset-select"]', "mcr")
    page.select_option('[data-testid="hands-select"]', "1")
    assert page.locator('[data-testid="seat-kind-0"]').input_value() == "human"
    page.click('[data-testid="new-game"]')
    page.wait_for_selector('[data-testid="hand-tile"]')
    tiles = page.locator('[data-testid="hand-tile"]')
    assert tiles.count() in (13, 14)
    assert all(t for t in tiles.evaluate_all("els => els.map(e => e.dataset.tile)"))
    page.screenshot(path=str(screenshots / "table-desktop.png"), full_page=True)
    clicks = play_until_over(page)
    assert clicks > 0
    page.wait_for_selector('[data-testid="match-result"]')
    rows = page.locator('[data-testid="final-table"] tr')
    assert rows.count() == 5
    page.screenshot(path=str(screenshots / "table-match-over.png"), full_page=True)
    page.close()
