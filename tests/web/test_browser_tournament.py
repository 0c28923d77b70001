"""An organiser runs a 3-round, 8-player event from the browser alone, in English on a
desktop and in Chinese on a phone (issue 24): creates it, registers the players and a
substitute, seats it, enters each table typed, on a club scoresheet hand by hand and
from a game played at the web table, replaces an absentee (marks them back, then absent
again), gives a penalty in the table's penalties part, and reads the standings, a
player's games (on a phone, the table points in view), the printable sheets and the EMA
export."""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("playwright")

from tests.web.test_browser import DESKTOP, PHONE
from tests.web.test_browser_i18n import ENGLISH

from mahjongkit.web.table import TableConfig

SEATING = "1 2 3 4 | 5 6 7 8\n1 5 2 6 | 3 7 4 8\n8 1 7 3 | 2 4 6 5"
PLAYERS = {
    "en": ["Ann Lee", "Bo Chan", "Cy Wu", "Di Ng", "Ed Ma", "Flo Li", "Gus Ho", "Hu Yu", "Sam"],
    "zh-Hans": ["小王", "老李", "阿张", "小陈", "老赵", "阿刘", "小孙", "老周", "替补甲"],
    "zh-Hant": ["小林", "老黃", "阿陳", "小吳", "老鄭", "阿蔡", "小許", "老謝", "替補乙"],
}
KEPT = ENGLISH.replace('"Enter"]', '"Enter", "JSON"]').replace(
    "[data-testid=language]", "[data-testid=language], [data-testid=event-link]"
)
"""Words the Chinese pages keep: the export formats' names, and the names organisers gave
their events (the English run's event is listed too)."""


def wait_count(page: Any, testid: str, n: int) -> None:
    page.wait_for_function(
        f"document.querySelectorAll('[data-testid=\"{testid}\"]').length === {n}", timeout=10_000
    )


def type_scores(page: Any, table: int, scores: list[int]) -> None:
    card = page.locator(f'[data-testid="table-card"][data-table="{table}"]')
    for input_, score in zip(
        card.locator('[data-testid="score-input"]').all(), scores, strict=True
    ):
        input_.fill(str(score))
    card.locator('[data-testid="save-result"]').click()
    card = page.locator(f'[data-testid="table-card"][data-table="{table}"]')
    card.locator('[data-testid="table-done"]').wait_for()


def choose_round(page: Any, number: int) -> None:
    page.select_option('[data-testid="round-select"]', str(number))


def no_english(page: Any, lang: str) -> None:
    if lang == "en":
        return
    assert page.evaluate("I18N.lang") == lang
    assert page.evaluate("[...I18N.missing]") == []
    assert page.evaluate(KEPT) == []


@pytest.mark.parametrize(
    ("locale", "lang", "viewport", "size"),
    [
        ("en-GB", "en", DESKTOP, "desktop"),
        ("zh-CN", "zh-Hans", PHONE, "phone"),
        pytest.param("zh-TW", "zh-Hant", DESKTOP, "desktop", marks=pytest.mark.slow),
        pytest.param("en-GB", "en", PHONE, "phone", marks=pytest.mark.slow),
        pytest.param("zh-CN", "zh-Hans", DESKTOP, "desktop", marks=pytest.mark.slow),
    ],
)
def test_an_organiser_runs_an_event_in_the_browser(
    server: Any,
    browser: Any,
    screenshots: Path,
    locale: str,
    lang: str,
    viewport: dict[str, int],
    size: str,
) -> None:
    names = PLAYERS[lang]
    shot = lambda what: page.screenshot(  # noqa: E731
        path=str(screenshots / f"tournament-{what}-{lang}-{size}.png"), full_page=True
    )
    context = browser.new_context(viewport=viewport, locale=locale)
    page = context.new_page()
    page.goto(server.url + "/events")
    page.wait_for_selector('[data-testid="event-ruleset"] option[value="mcr"]', state="attached")
    no_english(page, lang)
    title = {"en": "Spring Open", "zh-Hans": "春季公开赛", "zh-Hant": "春季公開賽"}[lang]
    page.fill('[data-testid="event-name"]', title)
    page.fill('[data-testid="event-rounds"]', "3")
    page.select_option('[data-testid="event-tie-rule"]', "best_game")
    shot("create")
    with page.expect_navigation():
        page.click('[data-testid="create-event-button"]')
    event_url = page.url
    page.wait_for_selector('[data-testid="register"]:visible')

    # Eight players and a substitute.
    for i, name in enumerate(names):
        page.fill('[data-testid="player-name"]', name)
        if i == 8:
            page.check('input[name="substitute"]')
        page.click('[data-testid="register-button"]')
        wait_count(page, "player-row", i + 1)
    no_english(page, lang)
    shot("players")

    # The seating, typed (as made by a generator or by hand).
    page.click('[data-testid="tab-seating"]')
    page.fill('[data-testid="seating-text"]', SEATING)
    page.click('[data-testid="seat-typed"]')
    wait_count(page, "seated-round", 3)
    no_english(page, lang)
    shot("seating")

    # Round 1: table 1 typed; table 2 kept hand by hand on its club scoresheet.
    page.click('[data-testid="tab-results"]')
    choose_round(page, 1)
    type_scores(page, 1, [30, 10, -10, -30])
    card = page.locator('[data-testid="table-card"][data-table="2"]')
    card.locator('[data-testid="open-sheet"]').click()
    sheet_url = page.locator('[data-testid="sheet-link"]').get_attribute("href")
    sheet = context.new_page()
    sheet.goto(server.url + sheet_url)
    sheet.wait_for_selector('[data-testid="add-line"]')
    sheet.select_option('[data-testid="winner"]', "1")
    sheet.select_option('[data-testid="discarder"]', "3")
    sheet.fill('[data-testid="points"]', "12")
    sheet.click('[data-testid="add-line"]')
    sheet.wait_for_selector('[data-testid="sheet-line"]')
    sheet.close()
    page.locator('[data-testid="from-sheet"]').click()
    page.locator('[data-testid="table-card"][data-table="2"] [data-testid="table-done"]').wait_for()
    typed = page.locator('[data-testid="table-card"][data-table="2"] [data-testid="score-input"]')
    assert [typed.nth(i).input_value() for i in range(4)] == ["-8", "36", "-8", "-20"]

    # Round 2: table 1 played at the web table (by four bots here), table 2 typed.
    room = server.tables.create(TableConfig("mcr", seed=5, seats=("efficient",) * 4, hands=1))
    page.wait_for_timeout(50)
    while server.store.load_game(room.game_id)["status"] != "finished":
        page.wait_for_timeout(100)
    choose_round(page, 2)
    page.locator('[data-testid="table-card"][data-table="1"] [data-testid="game-id"]').fill(
        room.game_id
    )
    page.locator('[data-testid="table-card"][data-table="1"] [data-testid="link-game"]').click()
    page.locator('[data-testid="table-card"][data-table="1"] [data-testid="table-done"]').wait_for()
    type_scores(page, 2, [10, 20, -10, -20])

    # Round 3: player 8 is absent, the substitute plays; a penalty at table 1.
    choose_round(page, 3)
    page.select_option('[data-testid="absent-select"]', "8")
    page.select_option('[data-testid="substitute-select"]', "9")
    page.click('[data-testid="absent-button"]')
    sub_seated = (
        "[...document.querySelectorAll('[data-table=\"1\"] .seat span')]"
        f".some(s => s.textContent === {names[8]!r})"
    )
    page.wait_for_function(sub_seated)
    # Marked back in the round, then absent again after all.
    page.locator('[data-testid="absentee"]').wait_for()
    shot("absent")
    page.click('[data-testid="absentee-back"]')
    page.wait_for_function(f"!({sub_seated})")
    assert page.locator('[data-testid="absentees"]').is_hidden()
    page.select_option('[data-testid="absent-select"]', "8")
    page.select_option('[data-testid="substitute-select"]', "9")
    page.click('[data-testid="absent-button"]')
    page.wait_for_function(sub_seated)
    type_scores(page, 1, [20, 10, 0, -30])
    # Table 2 opened at the web table: a seat's link for each of the four.
    page.locator('[data-testid="table-card"][data-table="2"] [data-testid="play-online"]').click()
    wait_count(page, "online-seat", 4)
    page.locator('[data-testid="take-game"]').click()
    page.wait_for_function("document.querySelector('[data-testid=error]').textContent !== ''")
    type_scores(page, 2, [10, 0, 20, -30])  # then played at the physical table after all
    # Penalties: a part of the card of their own, headed and said in a line.
    card = page.locator('[data-testid="table-card"][data-table="1"] [data-testid="penalties"]')
    assert card.locator("h3").inner_text() and card.locator("p").first.inner_text()
    card.locator('[data-testid="penalty-seat"]').select_option("3")
    card.locator('[data-testid="penalty-points"]').fill("10")
    card.locator('[data-testid="penalty-reason"]').fill("slow play" if lang == "en" else "出牌太慢")
    card.locator('[data-testid="penalty-button"]').click()
    page.locator('[data-testid="penalty"]').wait_for()
    assert page.inner_text('[data-testid="error"]') == ""
    no_english(page, lang)
    shot("results")

    # The standings: eight ranked, the substitute after them; a player's games.
    page.click('[data-testid="tab-standings"]')
    wait_count(page, "standing-row", 9)
    ranks = page.locator('[data-testid="standing-row"] td:first-child').all_inner_texts()
    assert (
        ranks[0] == "1" and ranks[-1] == {"en": "sub", "zh-Hans": "替补", "zh-Hant": "替補"}[lang]
    )
    page.locator('[data-testid="history-link"]', has_text=names[7]).click()
    wait_count(page, "history-row", 2)  # absent from round 3
    if size == "phone":  # the table points in view, nothing to scroll sideways
        right = viewport["width"]
        for cell in page.locator(
            '[data-testid="history-table-points"], [data-testid="history-row"] td:last-child'
        ).all():
            box = cell.bounding_box()
            assert box is not None and box["x"] + box["width"] <= right, box
        assert page.evaluate(
            "[...document.querySelectorAll('#history .wrap')]"
            ".every(w => w.scrollWidth <= w.clientWidth)"
        )
    no_english(page, lang)
    shot("standings")
    ema = page.request.get(
        server.url + page.locator('[data-testid="export-ema"]').get_attribute("href")
    )
    rows = list(csv.reader(io.StringIO(ema.text())))
    assert len(rows) == 9 and rows[1][0] == "1" and rows[1][7] == "1000"

    # The printable sheets: a page a round, then the standings.
    page.goto(event_url.split("#")[0] + "/print")
    wait_count(page, "round-sheet", 3)
    page.wait_for_selector('[data-testid="standings-sheet"]')
    no_english(page, lang)
    shot("print")
    page.emulate_media(media="print")
    assert page.locator("nav").is_hidden()
    shot("print-media")
    context.close()
