"""The scorer's and the scoresheet's hand built by clicking tiles (issue 18, deliver 8):
melds claimed or concealed, flowers, the winning tile, each part removable, refusals
named; the notation explained one click away; the catalogues cover every string."""

from __future__ import annotations

from pathlib import Path
from typing import Any

STATIC = Path(__file__).resolve().parents[2] / "src" / "mahjongkit" / "web" / "static"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}


def shots(page: Any, folder: Path, name: str) -> None:
    """``name``-phone.png and ``name``-desktop.png of the page as it is: the tests click on
    a phone, the page is then widened to a desktop for its second picture."""
    page.set_viewport_size(PHONE)
    page.screenshot(path=str(folder / f"{name}-phone.png"), full_page=True)
    page.set_viewport_size(DESKTOP)
    page.screenshot(path=str(folder / f"{name}-desktop.png"), full_page=True)


def open_scorer(browser: Any, server: Any, viewport: dict[str, int], ruleset: str) -> Any:
    """The scorer under ``ruleset``."""
    page = watched(browser.new_page(viewport=viewport))
    page.goto(server.url + "/scorer")
    page.wait_for_selector('[data-testid="palette-tile"]')
    page.select_option('[data-testid="ruleset-select"]', ruleset)
    return page


def watched(page: Any) -> Any:
    """``page``, failing the test when it closes if a script on it threw."""
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.on("close", lambda _: assert_no_errors(errors))
    return page


def assert_no_errors(errors: list[str]) -> None:
    assert not errors, errors


def click(page: Any, *tiles: str) -> None:
    for tile in tiles:
        page.click(f'[data-testid="palette-tile"][data-tile="{tile}"]')


def mode(page: Any, name: str, concealed: bool | None = None) -> None:
    page.check(f'[data-testid="mode-{name}"]')
    if concealed is not None:
        page.check(f'[data-testid="meld-{"concealed" if concealed else "claimed"}"]')


def hand_text(page: Any) -> str:
    text: str = page.input_value('[data-testid="hand-input"]')
    return text


def message(page: Any) -> str:
    text: str = page.inner_text('[data-testid="builder-message"]')
    return text


def test_an_mcr_hand_clicked_with_a_claimed_chow_a_concealed_kong_and_a_flower(
    server: Any, browser: Any, screenshots: Path
) -> None:
    page = open_scorer(browser, server, PHONE, "mcr")
    click(page, "1f")  # a flower goes with the flowers whatever is being built
    mode(page, "chow", concealed=False)
    click(page, "1m")
    mode(page, "kong", concealed=True)
    click(page, "E")
    mode(page, "tile")
    click(page, "4m", "5m", "6m", "7m", "8m", "9m", "5p", "5p")
    # The fourteenth tile (the kong counted as three) completes the hand: the winning tile.
    assert hand_text(page) == "1f[123m][EEEE]456789m5p5p"
    parts = page.locator('[data-testid="part"]')
    assert parts.evaluate_all("els => els.map(e => e.dataset.part)") == [
        "flower",
        "meld",
        "meld",
        *["tile"] * 7,
        "winning",
    ]
    assert "claimed chow" in page.inner_text('[data-testid="hand-preview"]')
    assert "on a discard" in page.inner_text('[data-testid="hand-preview"]')
    page.check('[data-testid="self_drawn"]')  # the winning tile says how it came
    assert "self-drawn" in page.inner_text('[data-testid="hand-preview"]')
    page.uncheck('[data-testid="self_drawn"]')
    assert "concealed kong" in page.inner_text('[data-testid="hand-preview"]')
    page.click('[data-testid="score-button"]')
    page.wait_for_selector('[data-testid="score-total"]')
    fans = page.locator('[data-testid="fan"]').evaluate_all("els => els.map(e => e.dataset.fan)")
    # Pure Straight 16, Prevalent and Seat Wind 2+2 (East's kong), Concealed Kong 2, Pung of
    # Terminals or Honors 1, One Voided Suit 1, Single Wait 1, a flower 1: as the library says.
    assert {"pure_straight", "concealed_kong", "flower_tiles", "single_wait"} <= set(fans)
    assert page.inner_text('[data-testid="score-total"]') == "26"
    shots(page, screenshots, "scorer-clicked")
    page.close()


def test_a_taiwanese_17_tile_hand_clicked(server: Any, browser: Any, screenshots: Path) -> None:
    page = open_scorer(browser, server, PHONE, "taiwanese-lrc")
    click(page, "1f")
    mode(page, "chow", concealed=False)
    click(page, "2s")
    mode(page, "pung", concealed=False)
    click(page, "9p")
    mode(page, "chow", concealed=True)  # a concealed chow is concealed tiles
    click(page, "1m", "4m", "7m")
    mode(page, "tile")
    click(page, "5s")
    mode(page, "winning")
    click(page, "5s")
    assert hand_text(page) == "1f[234s][999p]123m456m789m5s5s"
    assert page.inner_text('[data-testid="tile-count"]').startswith("17")
    page.click('[data-testid="score-button"]')
    page.wait_for_selector('[data-testid="score-total"]')
    assert int(page.inner_text('[data-testid="score-total"]')) > 0
    fans = page.locator('[data-testid="fan"]').evaluate_all("els => els.map(e => e.dataset.fan)")
    assert "base_point" in fans
    # An eighteenth tile is refused with the hand's size under the ruleset.
    mode(page, "tile")
    click(page, "3p")
    assert "at most 17 tiles under taiwanese-lrc" in message(page)
    assert hand_text(page) == "1f[234s][999p]123m456m789m5s5s"
    page.screenshot(path=str(screenshots / "scorer-taiwanese-clicked-phone.png"), full_page=True)
    page.close()


def test_each_refusal_names_what_cannot_be(server: Any, browser: Any, screenshots: Path) -> None:
    page = open_scorer(browser, server, PHONE, "mcr")
    mode(page, "pung", concealed=False)
    click(page, "5p")
    mode(page, "tile")
    click(page, "5p")
    click(page, "5p")  # a fifth
    assert "A fifth 5 of dots" in message(page)
    assert hand_text(page) == "[555p]5p"
    mode(page, "chow")
    click(page, "E")
    assert "winds and dragons cannot make one" in message(page)
    click(page, "8m")
    assert "lowest tile" in message(page)
    click(page, "1f")
    click(page, "1f")
    assert "one of each flower" in message(page)
    assert hand_text(page) == "1f[555p]5p"
    mode(page, "kong", concealed=False)
    for tile in ("1m", "2m", "3m", "4m"):
        click(page, tile)
    assert "at most 14 tiles under mcr" in message(page)
    assert hand_text(page) == "1f[555p][1111m][2222m][3333m]5p"
    shots(page, screenshots, "scorer-refused")
    # A valid click clears the message.
    mode(page, "tile")
    click(page, "9s")
    assert message(page) == ""
    page.close()


def test_flowers_and_tiles_on_the_table_only_where_the_ruleset_has_them(
    server: Any, browser: Any
) -> None:
    page = open_scorer(browser, server, DESKTOP, "botzone")
    assert not page.is_visible('[data-testid="palette-tile"][data-tile="1f"]')
    page.fill('[data-testid="hand-input"]', "1f123m")
    assert "botzone is played without flowers" in message(page)
    page.select_option('[data-testid="ruleset-select"]', "mcr")
    assert page.is_visible('[data-testid="palette-tile"][data-tile="1f"]')
    assert message(page) == ""
    assert not page.is_visible('[data-testid="tiles-on-table"]')  # Taiwanese only
    page.select_option('[data-testid="ruleset-select"]', "taiwanese-dxb")
    page.fill('[data-testid="hand-input"]', "[234s1][999p2]123m456m789m5s5s")
    page.fill('[data-testid="tiles-on-table"]', "30")
    page.click('[data-testid="score-button"]')
    page.wait_for_selector('[data-testid="score-total"]')
    assert page.inner_text('[data-testid="error"]') == ""
    page.close()


def test_parts_removed_by_click_and_keyboard_and_typing_rebuilds_the_tiles(
    server: Any, browser: Any
) -> None:
    page = open_scorer(browser, server, DESKTOP, "mcr")
    page.fill('[data-testid="hand-input"]', "12f[123m2][EEEE]456m789m5p5p")
    parts = page.locator('[data-testid="part"]')
    assert parts.evaluate_all("els => els.map(e => e.dataset.part)") == [
        "flower",
        "flower",
        "meld",
        "meld",
        *["tile"] * 7,
        "winning",
    ]
    page.click('[data-testid="part"][data-part="meld"] >> nth=0')  # the chow, in one click
    assert hand_text(page) == "12f[EEEE]456m789m5p5p"
    page.focus('[data-testid="part"][data-part="flower"] >> nth=1')
    page.keyboard.press("Delete")
    assert hand_text(page) == "1f[EEEE]456m789m5p5p"
    page.click('[data-testid="part"][data-part="tile"] >> nth=1')  # the 5m: 4m and 6m stay one run
    assert hand_text(page) == "1f[EEEE]46m789m5p5p"
    page.focus('[data-testid="part"][data-part="winning"]')
    page.keyboard.press("Enter")
    assert hand_text(page) == "1f[EEEE]46m789m5p"
    page.click('[data-testid="builder-back"]')
    assert hand_text(page) == "1f[EEEE]46m789m"
    page.click('[data-testid="builder-clear"]')
    assert hand_text(page) == ""
    assert parts.count() == 0
    # Text the tiles cannot show yet: a click says so and changes nothing; once the text
    # is a hand again the tiles follow it.
    page.fill('[data-testid="hand-input"]', "12")
    click(page, "E")
    assert "not yet a hand" in message(page) and hand_text(page) == "12"
    page.fill('[data-testid="hand-input"]', "12m")
    assert parts.count() == 2 and message(page) == ""
    click(page, "3m")
    assert hand_text(page) == "123m"
    page.close()


def test_the_notation_help_opens_with_examples_as_tiles(
    server: Any, browser: Any, screenshots: Path
) -> None:
    page = open_scorer(browser, server, PHONE, "mcr")
    help_box = page.locator('[data-testid="notation-help"]')
    assert not help_box.locator(".examples").is_visible()
    help_box.locator("summary").click()
    assert help_box.locator(".examples").is_visible()
    assert help_box.locator("code", has_text="[EEEE]").count() == 1
    assert help_box.locator(".tile").count() > 20
    shots(page, screenshots, "scorer-help")
    page.close()


def test_the_scoresheet_takes_a_clicked_hand(server: Any, browser: Any, screenshots: Path) -> None:
    page = watched(browser.new_page(viewport=PHONE))
    page.goto(server.url + "/scoresheet")
    page.select_option('[data-testid="ruleset-select"]', "mcr")
    for i, name in enumerate(("Ann", "Bo", "Cy", "Di")):
        page.fill(f'[data-testid="player-name-{i}"]', name)
    page.click('[data-testid="new-sheet"]')
    page.wait_for_selector('[data-testid="add-line"]')
    page.locator('[data-testid="notation-help"] summary').click()
    assert page.locator('[data-testid="notation-help"] .examples').is_visible()
    page.select_option('[data-testid="winner"]', "0")
    page.select_option('[data-testid="discarder"]', "")
    page.locator('[data-testid="hand-tiles"] summary').click()
    mode(page, "chow", concealed=False)
    click(page, "1m")
    mode(page, "kong", concealed=True)
    click(page, "E")
    mode(page, "tile")
    click(page, "4m", "5m", "6m", "7m", "8m", "9m", "5p", "5p")
    assert page.input_value('[data-testid="line-hand"]') == "[123m][EEEE]456789m5p5p"
    assert "self-drawn" in page.inner_text('[data-testid="hand-preview"]')
    page.click('[data-testid="add-line"]')
    page.wait_for_function("document.querySelectorAll('[data-testid=sheet-line]').length == 1")
    assert page.input_value('[data-testid="line-hand"]') == ""  # cleared, the tiles too
    assert page.locator('[data-testid="part"]').count() == 0
    page.locator('[data-testid="line-breakdown"] summary').last.click()
    fans = page.locator('[data-testid="line-fan"]').evaluate_all(
        "els => els.map(e => e.dataset.fan)"
    )
    assert "pure_straight" in fans and "self_drawn" in fans
    shots(page, screenshots, "scoresheet-clicked")
    page.close()


def test_the_scorer_in_chinese(server: Any, browser: Any, screenshots: Path) -> None:
    """With a Chinese browser the page's strings come from the catalogues (i18n.js): the
    modes, the builder's messages, the help, the situation options, the verdict."""
    context = browser.new_context(viewport=PHONE, locale="zh-CN")
    page = watched(context.new_page())
    page.goto(server.url + "/scorer")
    page.wait_for_selector('[data-testid="palette-tile"]')
    assert page.inner_text('[data-testid="score-button"]') == "算番"
    assert "吃" in page.inner_text("label:has([data-testid=mode-chow])")
    assert "自摸" in page.inner_text("label:has([data-testid=self_drawn])")
    assert "手牌怎么写" in page.inner_text('[data-testid="notation-help"] summary')
    mode(page, "chow", concealed=False)
    click(page, "E")
    assert "风牌和箭牌不能组成顺子" in message(page)
    page.fill('[data-testid="hand-input"]', "[123m2][EEEE]456m789m5p5p")
    page.click('[data-testid="score-button"]')
    page.wait_for_selector('[data-testid="score-total"]')
    assert "和了" in page.inner_text('[data-testid="score-result"]')
    assert "清龙" in page.inner_text('[data-testid="fan"][data-fan="pure_straight"]')
    assert page.evaluate("() => [...I18N.missing]") == []  # every string translated
    page.screenshot(path=str(screenshots / "scorer-zh-phone.png"), full_page=True)
    context.close()
