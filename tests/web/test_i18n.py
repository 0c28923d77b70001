"""Every string a player reads has its translations: each t("…") key, each data-t* text of
the table, replay and history pages (and the shared scripts), the constants those pages
translate at use, and the server's words they translate (payment reasons, end reasons,
ruleset titles, bot kinds) is in the page's catalogue parts in both Chinese scripts; a
catalogue key no page uses any more fails too. Fan names come from the server, in both
scripts, from the catalogues' Chinese names (`mahjongkit.web.hanzi`). The unit a hand's
points are counted in is the ruleset's (番 under MCR, 台 on the Taiwanese sheets, in
either script): a translation says {unit}, never 番 or 台, and the server sends the unit."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import httpx
import pytest

from mahjongkit.bots import BOTS
from mahjongkit.money.settlement import Reason
from mahjongkit.rules.catalogues import mcr, taiwanese
from mahjongkit.rules.ruleset import get_ruleset, ruleset_names
from mahjongkit.web import sheets
from mahjongkit.web.hanzi import PAIRS, SHARED, simplified, traditional, unmapped
from mahjongkit.web.table import TableConfig

STATIC = Path(__file__).parents[2] / "src" / "mahjongkit" / "web" / "static"
LANGS = ("zh-Hans", "zh-Hant")

PAGES = (
    "table",
    "replay",
    "review",
    "history",
    "scorer",
    "scoresheet",
    "events",
    "event",
    "event-print",
)
PARTS = tuple(sorted(p.stem for p in (STATIC / "i18n").glob("*.json")))
"""The pages; each one's files are its own HTML and the scripts it loads (`page_files`),
its catalogue parts those named on its root element (`page_parts`)."""
# Constants holding English keys that a page translates at use: every string value of
# the named object or array (an object's keys are not text).
CONSTANTS = {
    "table.js": (
        "CLOSED",
        "PACES",
        "WIND_NAMES",
        "NARRATION",
        "REASONS",
        "END_REASONS",
        "REFUSALS",
        "WIND_LETTERS",
    ),
    "common.js": ("BOT_KINDS", "TILE_WORDS"),
    "replay.html": ("SAYS", "says", "WINDS"),
    "board.js": ("WIND_LETTERS",),
    "review.js": ("ACTIONS", "REASONS", "PLANS", "SEAT_WINDS"),
    "history.html": ("STATUS",),
    "builder.js": ("MODE_HINTS", "MELD_LABELS"),
    "scorer.html": ("VERDICT",),
    "scoresheet.html": ("ROUNDS", "KINDS"),
    "standings.js": ("PLACES",),
    "event.html": ("WIND_NAMES", "SOURCES", "TIE_RULES"),
    "event-print.html": ("WIND_NAMES",),
}
# Lists of [id, English key] pairs: the second of each pair is text, the first is not.
PAIR_CONSTANTS = {
    "builder.js": ("MODES", "EXAMPLES"),
    "scorer.html": ("FLAGS",),
    "scoresheet.html": ("SITUATION",),
}
STRING = r'"((?:[^"\\]|\\.)*)"'
CALL = re.compile(r"\bt(?:r)?\(\s*" + STRING)


def _unescape(text: str) -> str:
    return str(json.loads(f'"{text}"'))


class _Tagged(HTMLParser):
    """The data-t texts and data-t-* attribute values of a page."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.keys: set[str] = set()
        self._open: list[tuple[str, list[str]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        for name in ("data-t-title", "data-t-placeholder", "data-t-aria-label"):
            if found.get(name):
                self.keys.add(str(found[name]))
        if "data-t" in found:
            self._open.append((tag, []))
        elif self._open:
            raise AssertionError(f"<{tag}> inside a data-t element: its whole text is one string")

    def handle_data(self, data: str) -> None:
        if self._open:
            self._open[-1][1].append(data)

    def handle_endtag(self, tag: str) -> None:
        if self._open and self._open[-1][0] == tag:
            self.keys.add(" ".join("".join(self._open.pop()[1]).split()))


def _block(source: str, name: str) -> str:
    """The text of `const name = {…}` or `[…]`, brackets balanced."""
    at = re.search(rf"\b{re.escape(name)}\s*[=:]\s*([{{\[])", source)
    assert at, f"no constant {name}"
    depth, i = 0, at.start(1)
    for j in range(i, len(source)):
        depth += (source[j] in "{[" and 1) or 0
        depth -= (source[j] in "}]" and 1) or 0
        if depth == 0:
            return source[i : j + 1]
    raise AssertionError(f"{name} is not closed")


def constant_values(source: str, name: str) -> set[str]:
    """The string values of a constant (an object's quoted keys, followed by ':', left out)."""
    block = _block(source, name)
    return {
        _unescape(m.group(1))
        for m in re.finditer(STRING, block)
        if not block[m.end() :].lstrip().startswith(":")
    }


def constant_keys(source: str, name: str) -> set[str]:
    """The quoted or bare keys of a constant object."""
    block = _block(source, name)
    return {m.group(1) or m.group(2) for m in re.finditer(r'(?:"([^"]+)"|(\w+))\s*:', block)}


def keys_of(file: str) -> set[str]:
    """Every translation key a static file uses."""
    source = (STATIC / file).read_text(encoding="utf-8")
    keys = {_unescape(m.group(1)) for m in CALL.finditer(source)}
    if file.endswith(".html"):
        parser = _Tagged()
        parser.feed(source)
        keys |= parser.keys
    for name in CONSTANTS.get(file, ()):
        keys |= constant_values(source, name)
    for name in PAIR_CONSTANTS.get(file, ()):
        pairs = re.finditer(
            r"\[\s*" + STRING + r"\s*,\s*" + STRING + r"\s*\]", _block(source, name)
        )
        keys |= {_unescape(m.group(2)) for m in pairs}
    return keys


def ruleset_titles() -> set[str]:
    return {get_ruleset(name).title for name in ruleset_names()}


def page_files(page: str) -> tuple[str, ...]:
    """The page's HTML and every script of ours it loads, so a new script is checked too."""
    source = (STATIC / f"{page}.html").read_text(encoding="utf-8")
    return (f"{page}.html", *re.findall(r'<script src="/static/([\w.-]+\.js)"', source))


def page_parts(page: str) -> tuple[str, ...]:
    source = (STATIC / f"{page}.html").read_text(encoding="utf-8")
    found = re.search(r'<html lang="en" data-i18n="([a-z ]+)">', source)
    assert found, f"{page}.html names no catalogue parts"
    return tuple(found.group(1).split())


def used_by_page(page: str) -> set[str]:
    """Every key the page shows: its files' keys, and the rulesets' titles (every page
    names rulesets)."""
    keys = set().union(*(keys_of(f) for f in page_files(page)))
    return keys | ruleset_titles()


def catalogue(part: str) -> dict[str, dict[str, str]]:
    path = STATIC / "i18n" / f"{part}.json"
    return dict(json.loads(path.read_text(encoding="utf-8"))) if path.exists() else {}


@pytest.mark.parametrize("page", PAGES)
def test_every_string_of_a_page_has_both_translations(page: str) -> None:
    have: dict[str, dict[str, str]] = {}
    for part in page_parts(page):
        have |= catalogue(part)
    missing = sorted(
        k for k in used_by_page(page) if not all(have.get(k, {}).get(lang) for lang in LANGS)
    )
    assert not missing, f"{page} ({' '.join(page_parts(page))}) has no translation for: {missing}"


@pytest.mark.parametrize("part", PARTS)
def test_no_catalogue_key_is_stale(part: str) -> None:
    used = set().union(*(used_by_page(p) for p in PAGES if part in page_parts(p)))
    stale = sorted(set(catalogue(part)) - used)
    assert not stale, f"{part}.json keys no page loading it uses any more: {stale}"


UNIT = "{unit}"
UNIT_CHARACTERS = re.compile("[番台臺]")
NAMED = {"Scorer", "scorer", "mahjongkit — scorer"}
"""Names that keep their 番 or 台 whatever the ruleset (the scorer page's and the scorer
bot's: 算番器, 算台器), with the rulesets' titles (国标麻将…番表, 台湾十六张)."""
PLACES = re.compile("台[湾灣]")
"""台 in a place name (台湾, 台灣), not the unit."""
ABOUT_THE_HANDS_POINTS = re.compile(r"\b(points?|pts|fans?|minimum)\b", re.IGNORECASE)
"""Keys that speak of a hand's points: each translation says {unit}, unless listed in
`NOT_THE_HANDS_POINTS`."""
NOT_THE_HANDS_POINTS = {
    "Points to each other player": "a penalty on the scoresheet: money (分), not 番 or 台",
    "Total points": "a tournament's sum of game scores (比赛分), not 番 or 台",
    "Points taken": "a tournament penalty off the game score (扣分)",
    "Penalty: {name} −{points} ({reason})": "a tournament penalty off the game score (罚分)",
}
ALSO_THE_HANDS_POINTS = {("replay", "{name} wins {n}"), ("scorer", "Score")}
"""Keys whose English leaves the unit out, their translations not: the replay's outcome
("和 8 番"), the scorer's button (算番, 算台; the table's "Score" is a player's 得分)."""


def placeholders(text: str) -> list[str]:
    """The {name} placeholders of a text, sorted, {unit} (filled by i18n.js) left out."""
    return sorted(p for p in re.findall(r"\{\w+\}", text) if p != UNIT)


@pytest.mark.parametrize("part", PARTS)
def test_catalogue_files_are_sorted_and_keep_placeholders(part: str) -> None:
    """A translation has the key's placeholders, and may add {unit} (the ruleset's 番 or
    台, filled by i18n.js), no other."""
    have = catalogue(part)
    assert list(have) == sorted(have), f"{part}.json keys are not sorted"
    for key, entry in have.items():
        assert set(entry) == set(LANGS), f"{part}.json {key!r}: languages {sorted(entry)}"
        assert UNIT not in key, f"{part}.json {key!r}: an English key never names the unit"
        for lang in LANGS:
            assert placeholders(entry[lang]) == placeholders(key), f"{part}.json {key!r} {lang}"


def about_the_hands_points(part: str, key: str) -> bool:
    """Whether a key speaks of a hand's points (table points are the match's, not 番)."""
    if (part, key) in ALSO_THE_HANDS_POINTS:
        return True
    if key in NOT_THE_HANDS_POINTS or "table point" in key.lower():
        return False
    return bool(ABOUT_THE_HANDS_POINTS.search(key))


def test_the_unit_is_the_rulesets_never_the_scripts() -> None:
    """Issue 18, deliver 6: an MCR game counts 番 and a Taiwanese game 台 in either script,
    so no translation hard-wires 番 or 台 (a Taiwanese game read in 简体中文 said 番):
    every translation speaking of a hand's points says {unit}, which i18n.js fills from
    the ruleset's unit; 番 and 台 stay only in names."""
    titles = ruleset_titles()
    hard_wired, unitless = [], []
    for part in PARTS:
        for key, entry in catalogue(part).items():
            for lang in LANGS:
                text = entry[lang]
                if key not in NAMED | titles and UNIT_CHARACTERS.search(PLACES.sub("", text)):
                    hard_wired.append(f"{part} {key!r} {lang}: {text}")
                if about_the_hands_points(part, key) and UNIT not in text:
                    unitless.append(f"{part} {key!r} {lang}: {text}")
    assert not hard_wired, "番 or 台 where {unit} belongs:\n" + "\n".join(hard_wired)
    assert not unitless, "a hand's points without {unit}:\n" + "\n".join(unitless)
    known = {(part, key) for part in PARTS for key in catalogue(part)}
    assert known >= ALSO_THE_HANDS_POINTS, "a listed key no catalogue has any more"
    assert set(NOT_THE_HANDS_POINTS) <= {key for _, key in known}, "a listed key is gone"


BREAKDOWN_HEADERS = ("Fan", "Points", "From", "Total")


def test_a_breakdown_is_headed_alike_on_every_page() -> None:
    """The fan breakdown's headers read the same wherever a breakdown is shown (the
    table's overlay said 台數項目 where the scorer said 牌型): {unit}型, {unit}数."""
    for key in BREAKDOWN_HEADERS:
        found = {part: catalogue(part)[key] for part in PARTS if key in catalogue(part)}
        assert len(found) >= 2, key
        assert len({json.dumps(v, sort_keys=True) for v in found.values()}) == 1, (key, found)
    fan = catalogue("scorer")["Fan"]
    assert all(fan[lang] in catalogue("scoresheet")["fans of {hand}"][lang] for lang in LANGS)


def test_the_unit_rule_finds_what_it_should() -> None:
    assert ABOUT_THE_HANDS_POINTS.search("{n} pts, below {min}")
    assert ABOUT_THE_HANDS_POINTS.search("Waits (a win needs {min} points):")
    assert about_the_hands_points("scoresheet", "fans of {hand}")
    assert about_the_hands_points("table", "Fan")
    assert about_the_hands_points("replay", "{name} wins {n}")
    assert not about_the_hands_points("replay", "{outcome}. Scores after the hand: {scores}")
    assert not about_the_hands_points("table", "Table points: {a} for 1st, {b} for 2nd")
    assert not about_the_hands_points("scoresheet", "Points to each other player")
    assert not about_the_hands_points("table", "Score")
    assert UNIT_CHARACTERS.search(PLACES.sub("", "{n} 台，不足 {min} 台"))
    assert not UNIT_CHARACTERS.search(PLACES.sub("", "台湾十六张（LRC 计分表）"))


@pytest.mark.parametrize(("ruleset", "unit"), [("mcr", "fan"), ("taiwanese-lrc", "tai")])
def test_the_server_sends_the_rulesets_unit(server: Any, ruleset: str, unit: str) -> None:
    """The pages learn the unit from the server: each ruleset listed, the table's view,
    the replay and the scoresheet carry it, decided by the rules (`ScoringRules.unit`)."""
    listed = httpx.get(server.url + "/api/rulesets", timeout=10).json()
    units = {r["name"]: r["unit"] for r in listed}
    assert units == {name: get_ruleset(name).scoring.unit for name in ruleset_names()}
    assert {units[n] for n in ("mcr", "mcr-gb", "bp-club", "botzone")} == {"fan"}
    assert {units[n] for n in ("taiwanese-lrc", "taiwanese-dxb")} == {"tai"}
    room = server.tables.create(TableConfig(ruleset, seed=2, seats=("efficient",) * 4, hands=1))
    assert room.game.view(0)["unit"] == unit
    replay = httpx.get(server.url + f"/api/games/{room.game_id}/replay/0", timeout=10).json()
    assert replay["unit"] == unit
    sheet = sheets.new_sheet({"ruleset": ruleset, "players": ["A", "B", "C", "D"]})
    assert sheets.sheet_json(sheet, [])["unit"] == unit


def test_server_words_the_pages_translate_are_all_known() -> None:
    table = (STATIC / "table.js").read_text(encoding="utf-8")
    # Every payment reason the server sends has its words on the result overlay.
    assert {r.value for r in Reason} <= constant_keys(table, "REASONS")
    # The fixed reasons a hand ends without a winner (game.state's draws).
    assert {"the wall is exhausted", "no tile left to replace"} <= constant_keys(
        table, "END_REASONS"
    )
    # Every bot the lobby offers.
    common = (STATIC / "common.js").read_text(encoding="utf-8")
    assert set(BOTS) <= constant_keys(common, "BOT_KINDS")


def test_every_page_loads_the_translations_first() -> None:
    for page in PAGES:
        source = (STATIC / f"{page}.html").read_text(encoding="utf-8")
        assert page_parts(page)[0] == "common", page
        i18n, common = source.find("/static/i18n.js"), source.find("/static/common.js")
        assert 0 < i18n < common, f"{page}.html loads i18n.js after common.js"
        scripts = "".join((STATIC / f).read_text() for f in page_files(page)[1:])
        assert "await I18N.ready" in source + scripts, page


def test_fan_names_convert_between_the_scripts_with_nothing_unmapped() -> None:
    assert len({p[0] for p in PAIRS}) == len({p[1] for p in PAIRS}) == len(PAIRS)
    assert not SHARED & set("".join(PAIRS))
    for item in mcr.CATALOGUE.items:  # simplified characters
        assert not unmapped(item.chinese), (item.id, unmapped(item.chinese))
        assert simplified(traditional(item.chinese)) == item.chinese, item.id
    for item in taiwanese.CATALOGUE.items:  # traditional characters
        assert not unmapped(item.chinese), (item.id, unmapped(item.chinese))
        assert traditional(simplified(item.chinese)) == item.chinese, item.id
    assert traditional("九莲宝灯") == "九蓮寶燈" and simplified("槓上開花") == "杠上开花"


def test_fan_names_reach_the_pages_in_each_language() -> None:
    from mahjongkit.hand import parse_hand
    from mahjongkit.scoring import score
    from mahjongkit.web.sheets import items_json

    items = items_json(score(parse_hand("[123m2]456p789s1sEEE1s"), ruleset=get_ruleset("mcr")))
    assert all(set(i["names"]) == {"en", "zh-Hans", "zh-Hant"} for i in items)
    assert all(i["names"]["zh-Hans"] == i["chinese"] for i in items)  # MCR: simplified
    names = {i["names"]["en"]: i["names"]["zh-Hant"] for i in items}
    assert names["Pung of Terminals or Honors"] == "么九刻" and "單釣將" in names.values()
