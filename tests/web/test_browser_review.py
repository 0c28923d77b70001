"""The review page (issue 23): a stored game's review asked for from the page, followed
while it is played, then its summary, the decisions, and the table at a decision with the
played and the preferred tile marked, in English and Chinese, at a desktop and a phone
size (screenshots in tests/web/screenshots/, for looking at)."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import httpx
import pytest

pytest.importorskip("playwright")

from tests.web.test_browser import DESKTOP, PHONE
from tests.web.test_browser_i18n import assert_all_chinese
from tests.web.test_review_api import SHORT, stored_game

WIDTH = "() => document.documentElement.scrollWidth"


def a_mistaken_discard(review: dict[str, Any]) -> dict[str, Any]:
    """A decision where the player threw another tile than the reviewer's."""
    for d in review["hands"][0]["decisions"]:
        if (
            not d["agrees"]
            and d["chosen"].startswith("discard")
            and d["preferred"].startswith("discard")
        ):
            return dict(d)
    raise AssertionError("no discard the reviewer would have thrown otherwise")


def check_decision(page: Any, d: dict[str, Any]) -> None:
    """The decision's table: the played tile and the preferred one marked in the player's
    hand, every candidate listed with its mean, the played and preferred rows marked."""
    page.click(f'[data-testid="decision-item"][data-step="{d["step"]}"]')
    chosen, preferred = d["chosen"].split()[1], d["preferred"].split()[1]
    page.wait_for_selector("#board .mark-chosen")
    assert page.locator("#board .mark-chosen").get_attribute("data-tile") == chosen
    assert page.locator("#board .mark-preferred").get_attribute("data-tile") == preferred
    rows = page.locator('[data-testid="candidate"]')
    assert rows.count() == len(d["candidates"])
    assert page.locator("tr.chosen").get_attribute("data-action") == d["chosen"]
    assert page.locator("tr.preferred").get_attribute("data-action") == d["preferred"]
    best = max(d["candidates"], key=lambda c: c["mean"])
    assert rows.first.get_attribute("data-action") == best["action"] == d["preferred"]
    assert page.locator('[data-testid="decision-reasons"] li').count() >= 1


@pytest.fixture(scope="module")
def reviewed(server: Any) -> dict[str, Any]:
    """A stored game, its review not yet asked for (the first test asks from the page)."""
    game_id, _ = stored_game(server.store, seed=SHORT[0])
    return {"id": game_id}


def test_the_review_page_shows_each_decision_with_the_table_marked(
    server: Any, browser: Any, screenshots: Path, reviewed: dict[str, Any]
) -> None:
    game_id = reviewed["id"]
    page = browser.new_page(viewport=DESKTOP)
    page.goto(server.url + "/history")
    link = page.locator(f'[data-game="{game_id}"] [data-testid="review-link"]')
    assert link.get_attribute("href") == f"/review/{game_id}"
    page.goto(server.url + f"/replay/{game_id}")
    page.wait_for_selector('[data-testid="replay-seat-0"]')  # the replay's board, shared
    assert page.get_attribute('[data-testid="review-link"]', "href") == f"/review/{game_id}"
    page.goto(server.url + f"/review/{game_id}?samples=1")  # the page asks for the review
    page.wait_for_selector('[data-testid="decision-item"]', timeout=60_000)
    review = server.store.load_review(game_id, 1)["data"]
    decisions = review["hands"][0]["decisions"]
    assert page.locator('[data-testid="decision-item"]').count() == len(decisions)
    assert page.locator('[data-testid="review-player"]').input_value() == "1"  # the person
    agreement = sum(d["agrees"] for d in decisions) / len(decisions)
    assert f"{round(100 * agreement)}%" in page.inner_text('[data-testid="summary-agreement"]')
    clear = page.locator(".decisions li.clear").count()
    assert clear == sum(d["clear"] for d in decisions)
    d = a_mistaken_discard(review)
    check_decision(page, d)
    assert page.evaluate(WIDTH) <= DESKTOP["width"]
    page.screenshot(path=str(screenshots / "review-en-desktop.png"), full_page=True)
    page.set_viewport_size(PHONE)
    check_decision(page, d)
    page.screenshot(path=str(screenshots / "review-en-phone.png"), full_page=True)
    assert page.evaluate(WIDTH) <= PHONE["width"]
    # A claim decision: the discard it is about ringed in its thrower's pond.
    claim = next(x for x in decisions if x["chosen"] == "pass")
    page.click(f'[data-testid="decision-item"][data-step="{claim["step"]}"]')
    page.wait_for_selector("#board .mark-claim")
    assert page.locator("#board .mark-claim").count() == 1
    assert page.locator("#board .mark-chosen").count() == 0
    # The next and previous mistakes: every decision not as the reviewer's, in order.
    mistakes = [x["step"] for x in decisions if not x["agrees"]]
    page.click(f'[data-testid="decision-item"][data-step="{mistakes[0]}"]')
    page.click('[data-testid="next-mistake"]')
    current = page.locator(".decisions li.current").get_attribute("data-step")
    assert current == str(mistakes[1])
    page.click('[data-testid="prev-mistake"]')
    assert page.locator(".decisions li.current").get_attribute("data-step") == str(mistakes[0])
    page.close()


@pytest.mark.parametrize(
    ("locale", "lang"),
    [
        ("zh-CN", "zh-Hans"),
        pytest.param("zh-TW", "zh-Hant", marks=pytest.mark.slow),
    ],
)
def test_the_review_page_in_chinese(
    server: Any, browser: Any, screenshots: Path, reviewed: dict[str, Any], locale: str, lang: str
) -> None:
    """Every word in Chinese: the reasons (the reviewer's English sentences) said again
    from the decision's figures, the actions, the summary."""
    game_id = reviewed["id"]
    context = browser.new_context(viewport=DESKTOP, locale=locale)
    page = context.new_page()
    page.goto(server.url + f"/review/{game_id}?samples=1")  # asked for, or stored already
    page.wait_for_selector('[data-testid="decision-item"]', timeout=60_000)
    review = server.store.load_review(game_id, 1)["data"]
    d = a_mistaken_discard(review)
    check_decision(page, d)
    assert_all_chinese(page, lang)
    assert "向" in page.inner_text('[data-testid="decision-reasons"]')  # 向听: shanten
    page.screenshot(path=str(screenshots / f"review-{lang}-desktop.png"), full_page=True)
    page.set_viewport_size(PHONE)
    check_decision(page, d)
    assert_all_chinese(page, lang)
    assert page.evaluate(WIDTH) <= PHONE["width"]
    page.screenshot(path=str(screenshots / f"review-{lang}-phone.png"), full_page=True)
    context.close()


@pytest.mark.parametrize(
    ("locale", "said"),
    [
        pytest.param("en-GB", "Dangerous: East looks ready", id="en"),
        pytest.param("zh-TW", "像是聽牌了", marks=pytest.mark.slow, id="zh-Hant"),
    ],
)
def test_reasons_as_objects_a_rating_and_a_summary_are_shown(
    server: Any, browser: Any, reviewed: dict[str, Any], locale: str, said: str
) -> None:
    """The reviewer's richer output: a reason as ``{"code", "text", ...parameters}`` said
    in the reader's language from its parameters, its ``text`` where the page has no words
    for the code or a parameter is missing; a hand's ``rating``; the game's ``summary``
    with the win and deal-in rates beside the bots'."""
    from tests.web.test_review_api import finished

    game_id = reviewed["id"]
    if server.store.load_review(game_id, 1) is None:
        httpx.post(server.url + f"/api/games/{game_id}/reviews", json={"samples": 1}, timeout=10)
        finished(server, game_id, 1)
    review = copy.deepcopy(server.store.load_review(game_id, 1)["data"])
    d = a_mistaken_discard(review)
    c, p = d["chosen_discard"], d["preferred_discard"]
    reasons = [
        {
            "code": "shanten",
            "text": "(English)",
            "chosen_tile": c["tile"],
            "chosen_shanten": 2,
            "chosen_useful": 20,
            "preferred_tile": p["tile"],
            "preferred_shanten": 1,
            "preferred_useful": 30,
            "slower": True,
        },
        {
            "code": "danger",
            "text": "(English)",
            "threats": [{"seat": 0, "ready": 0.4, "ting": False}],
            "chosen_tile": "5m",
            "chosen_chance": 0.25,
            "preferred_tile": "E",
            "preferred_chance": 0.004,
        },
        {"code": "value", "text": "Keeps fewer fans within reach"},  # no parameters
        {"code": "something_new", "text": "A reason the page has no words for"},
    ]
    for decision in review["hands"][0]["decisions"]:
        if decision["step"] == d["step"]:
            decision["reasons"] = reasons
    review["hands"][0]["rating"] = 7.5
    review["summary"] = {
        "agreement": 0.5,
        "win_rate": 0.25,
        "deal_in_rate": 0.125,
        "bot": {"bot": "efficient", "hands": 8, "win_rate": 0.24, "deal_in_rate": 0.13},
    }
    server.store.save_review(game_id, 2, 1, 1, review)
    context = browser.new_context(viewport=DESKTOP, locale=locale)
    page = context.new_page()
    page.goto(server.url + f"/review/{game_id}?player=2&samples=1")
    page.click(f'[data-testid="decision-item"][data-step="{d["step"]}"]')
    shown = page.locator('[data-testid="decision-reasons"] li').all_inner_texts()
    assert len(shown) == 4, shown
    assert shown[0].startswith("A slower hand: " if locale == "en-GB" else "牌變慢了")
    assert said in shown[1] and "25.0%" in shown[1] and "0.4%" in shown[1]
    assert shown[2:] == ["Keeps fewer fans within reach", "A reason the page has no words for"]
    assert "7.5" in page.inner_text('[data-testid="hand-rating-badge"]')
    assert page.inner_text('[data-testid="hand-rating"]') == "7.5"
    assert "50%" in page.inner_text('[data-testid="summary-agreement"]')
    assert "25%" in page.inner_text('[data-testid="summary-win-rate"]')
    assert "24%" in page.inner_text('[data-testid="summary-win-rate"]')
    assert "13%" in page.inner_text('[data-testid="summary-deal-in-rate"]')
    context.close()
