"""The pages in Chinese, driven in headless Chromium: the language chosen from the
browser's locale, a whole hand played at the table against bots, no string left in
English and none missing from the catalogues, the switch back to English (issue 18,
deliver 6). Screenshots at a desktop and a phone size, for looking at."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("playwright")

from tests.web.test_browser import DESKTOP, PHONE, play_seat

ENGLISH = r"""() => {
  // Visible text with a run of four or more Latin letters: English left untranslated.
  // Not text: tile notation (5p, E), numbers, hex hashes, links shown as addresses, the
  // brand, the language names, the keyboard's own key names.
  const kept = new Set(["mahjongkit", "Python", "Botzone", "IJCAI", "Enter"]);
  const found = [];
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walk.nextNode(); node; node = walk.nextNode()) {
    const el = node.parentElement;
    if (!el || el.closest("script, style, code, .hex, .brand, [data-testid=language]")) continue;
    if (!el.getClientRects().length || getComputedStyle(el).visibility === "hidden") continue;
    const text = node.textContent.replace(/https?:\/\/\S+/g, " ").replace(/[0-9a-f]{8,}/g, " ");
    for (const word of text.match(/[A-Za-z]{4,}/g) || []) {
      if (!kept.has(word)) found.push(`${word} in "${node.textContent.trim().slice(0, 80)}"`);
    }
  }
  const title = document.title.replace("mahjongkit", "");
  if (/[A-Za-z]{4,}/.test(title)) found.push(`title ${document.title}`);
  return found;
}"""
NAMES = ["我", "小王", "老李", "阿张"]


def chinese_page(browser: Any, locale: str, viewport: dict[str, int]) -> Any:
    context = browser.new_context(viewport=viewport, locale=locale)
    context.add_init_script("localStorage.setItem('mjk-pace', '0')")
    return context.new_page()


def assert_all_chinese(page: Any, lang: str) -> None:
    page.wait_for_function("window.I18N && I18N.lang")
    page.evaluate("I18N.ready")
    assert page.evaluate("I18N.lang") == lang
    assert page.get_attribute("html", "lang") == lang
    assert page.evaluate("[...I18N.missing]") == []
    assert page.evaluate(ENGLISH) == []


@pytest.mark.parametrize(
    ("locale", "lang"),
    [
        # zh-CN whole hands are test_every_ruleset.py's; the replay and history: -m slow
        pytest.param("zh-CN", "zh-Hans", marks=pytest.mark.slow),
        ("zh-TW", "zh-Hant"),
    ],
)
def test_a_hand_at_the_table_in_chinese(
    server: Any, browser: Any, screenshots: Path, locale: str, lang: str
) -> None:
    page = chinese_page(browser, locale, DESKTOP)
    page.goto(server.url + "/")
    page.wait_for_selector('[data-testid="seat-kind-3"]')
    assert_all_chinese(page, lang)
    page.screenshot(path=str(screenshots / f"i18n-{lang}-lobby-desktop.png"))
    if lang == "zh-Hans":  # a new game from the lobby: blank bot names are the placeholders
        page.select_option('[data-testid="hands-select"]', "1")
        page.click('[data-testid="new-game"]')
        page.wait_for_selector('[data-testid="hand-tile"]')
        assert_all_chinese(page, lang)
        assert "（电脑）" in page.inner_text("#pos-right .seat-head .name")

    body = {"ruleset": "mcr", "seed": 2, "hands": 1, "seats": ["human"] + ["efficient"] * 3}
    made = page.request.post(server.url + "/api/tables", data=body | {"names": NAMES}).json()
    page.goto(server.url + made["seats"][0]["url"])
    page.wait_for_selector('[data-testid="hand-tile"]')
    assert_all_chinese(page, lang)
    mid = screenshots / f"i18n-{lang}-mid-desktop.png"
    win = screenshots / f"i18n-{lang}-result-desktop.png"
    play_seat(page, shots={"mid": mid, "win": win}, checks=False)
    assert_all_chinese(page, lang)  # the result overlay and the match's end
    page.screenshot(path=str(win))
    page.set_viewport_size(PHONE)
    page.screenshot(path=str(screenshots / f"i18n-{lang}-result-phone.png"))
    page.click('[data-testid="see-table"]')
    assert_all_chinese(page, lang)  # the table after the hand, log included
    page.locator("details summary").last.click()
    assert_all_chinese(page, lang)
    page.screenshot(path=str(screenshots / f"i18n-{lang}-table-phone.png"))

    page.goto(server.url + f"/replay/{made['id']}")
    page.wait_for_selector('[data-testid="replay-seat-0"]')
    page.click('[data-testid="replay-last"]')
    page.wait_for_selector('[data-testid="replay-result"]:visible')
    assert_all_chinese(page, lang)
    assert page.locator('[data-testid="proof-browser"]').get_attribute("data-ok") == "true"
    page.screenshot(path=str(screenshots / f"i18n-{lang}-replay-phone.png"), full_page=True)
    page.set_viewport_size(DESKTOP)
    page.click('[data-testid="replay-first"]')
    assert_all_chinese(page, lang)
    page.screenshot(path=str(screenshots / f"i18n-{lang}-replay-desktop.png"))

    page.goto(server.url + "/history")
    page.wait_for_selector('[data-testid="game-row"]')
    assert_all_chinese(page, lang)

    # The switch: English chosen, the page reloads in English and stays so.
    with page.expect_navigation():
        page.select_option('[data-testid="language"]', "en")
    page.wait_for_selector('[data-testid="game-row"]')
    assert page.evaluate("I18N.lang") == "en"
    assert page.get_attribute("html", "lang") == "en"
    assert page.inner_text("nav").split()[1:3] == ["Table", "Scorer"]
    assert "Stored games" in page.inner_text("h1")
    page.context.close()


def test_the_language_follows_the_browser_and_the_saved_choice(server: Any, browser: Any) -> None:
    for locale, lang in (
        ("zh-HK", "zh-Hant"),
        ("zh-SG", "zh-Hans"),
        ("fr-FR", "en"),
        ("en-GB", "en"),
    ):
        page = chinese_page(browser, locale, DESKTOP)
        page.goto(server.url + "/history")
        page.evaluate("I18N.ready")
        assert page.evaluate("I18N.lang") == lang, locale
        if lang != "en":
            assert page.inner_text("h1") != "Stored games"
        page.evaluate("localStorage.setItem('mjk-lang', 'zh-Hant')")
        page.reload()
        page.evaluate("I18N.ready")
        assert page.evaluate("I18N.lang") == "zh-Hant"
        page.context.close()


def test_the_unit_is_the_rulesets_in_either_script(
    server: Any, browser: Any, screenshots: Path
) -> None:
    """The unit a hand's points are counted in is the ruleset's, not the script's: a
    Taiwanese table read in 简体中文 says 台 (it said 番), the MCR scorer read in 繁體中文
    says 番 (it said 台); the scorer's button follows the ruleset chosen."""
    page = chinese_page(browser, "zh-CN", DESKTOP)
    body = {"ruleset": "taiwanese-lrc", "seed": 7, "hands": 1}  # a win (West, 13 points)
    body |= {"seats": ["human"] + ["efficient"] * 3, "names": NAMES}
    made = page.request.post(server.url + "/api/tables", data=body).json()
    page.goto(server.url + made["seats"][0]["url"])
    page.wait_for_selector('[data-testid="hand-tile"]')
    assert page.evaluate("[I18N.lang, I18N.unit, I18N.unitWord]") == ["zh-Hans", "tai", "台"]
    play_seat(page, checks=False)
    title = page.inner_text("#result-title")
    assert "和了" in title and title.split("，")[0].endswith(" 台"), title
    heads = page.locator('[data-testid="breakdown"] th').all_inner_texts()
    assert heads[:2] == ["台型", "台数"], heads
    assert "番" not in page.inner_text('[data-testid="win"]')
    assert_all_chinese(page, "zh-Hans")
    page.screenshot(path=str(screenshots / "i18n-unit-taiwanese-zh-Hans-desktop.png"))
    page.set_viewport_size(PHONE)
    page.screenshot(path=str(screenshots / "i18n-unit-taiwanese-zh-Hans-phone.png"))
    page.goto(server.url + f"/replay/{made['id']}")  # the replay: the game's unit too
    page.wait_for_selector('[data-testid="replay-seat-0"]')
    page.click('[data-testid="replay-last"]')
    page.wait_for_selector('[data-testid="replay-result"]:visible')
    said = page.inner_text('[data-testid="replay-result"]')
    assert " 和 13 台" in said and "番" not in said, said
    page.context.close()

    # The lobby's help note says what the chosen ruleset counts in.
    page = chinese_page(browser, "zh-TW", DESKTOP)
    page.goto(server.url + "/")
    page.wait_for_selector('[data-testid="seat-kind-3"]')
    note = ".help-switch-note"
    page.select_option('[data-testid="ruleset-select"]', "mcr")
    assert "能得多少番" in page.inner_text(note)
    page.select_option('[data-testid="ruleset-select"]', "taiwanese-dxb")
    assert "能得多少台" in page.inner_text(note)
    page.context.close()

    for viewport, size in ((DESKTOP, "desktop"), (PHONE, "phone")):
        page = chinese_page(browser, "zh-TW", viewport)
        page.goto(server.url + "/scorer")
        page.wait_for_selector('[data-testid="palette-tile"]')
        page.select_option('[data-testid="ruleset-select"]', "mcr")
        assert page.evaluate("[I18N.lang, I18N.unit]") == ["zh-Hant", "fan"]
        assert page.inner_text('[data-testid="score-button"]') == "算番"
        page.fill('[data-testid="hand-input"]', "[123m2]456p789s1sEEE1s")
        page.click('[data-testid="score-button"]')
        page.wait_for_selector('[data-testid="score-total"]')
        result = page.inner_text('[data-testid="score-result"]')
        heads = page.locator('[data-testid="breakdown"] th').all_inner_texts()
        assert heads[:2] == ["番型", "番數"] and "不算花" in result, (heads, result)
        assert "台" not in result, result
        assert page.evaluate("[...I18N.missing]") == []  # the palette's tile names too
        page.screenshot(path=str(screenshots / f"i18n-unit-scorer-mcr-zh-Hant-{size}.png"))
        # Another ruleset chosen: the button counts its unit.
        page.select_option('[data-testid="ruleset-select"]', "taiwanese-lrc")
        assert page.inner_text('[data-testid="score-button"]') == "算台"
        page.context.close()
