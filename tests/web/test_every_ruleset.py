"""A whole hand of every ruleset, played through the page as a player plays it (issue 18,
done-when): from the lobby, against bots, at the instant pace, on a desktop and a phone,
in English and in Chinese. On the way, what the player must be able to tell from the
screen is checked against what the server sent the page (its WebSocket messages, recorded,
never used to act): every opponent's discards in their pond (or the centre's), the claimed
tile of each meld turned towards the player it came from, flowers apart; at the end the
result with every fan and payment, and the score change equal to the payments listed.

`make test` plays each ruleset once, the viewport and language taken in turn (`rotation`);
the rest of the matrix is slow. All 24 hands:
``PYTHONPATH=src pytest -m "slow or not slow" -s tests/web/test_every_ruleset.py`` (``-s``
prints how each hand went). Screenshots (mid-hand, the first claim prompt, the result) go
to ``tests/web/screenshots/every_ruleset/<ruleset>-<size>-<lang>-*.png``."""

from __future__ import annotations

import json
import re
import time
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from mahjongkit.rules import get_ruleset, ruleset_names

pytest.importorskip("playwright")

RULESETS = ruleset_names()
"""Every ruleset of the rulebook (`mahjongkit rules list`): MCR and its Chinese-language
values, both Taiwanese sheets (whose discards lie in the centre, 003 l.45), and the
packaged house rules (bp-club, botzone)."""
VIEWPORTS = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
LOCALES = {"en": "en-US", "zh": "zh-CN"}
LANGUAGES = {"en": "en", "zh": "zh-Hans"}
"""The page's language (`I18N.lang`) for each browser locale."""
NAMES = ("Ann", "Bo", "Cy", "Di")
MIN_POND_TILE = 20
"""The narrowest a pond tile may be drawn (px) to be told apart on a phone."""


def rotation(i: int) -> tuple[str, str]:
    """The viewport and language the i-th ruleset is played in by `make test`: each
    viewport, each language and each pairing of the two comes round in turn.

    >>> [rotation(i) for i in range(4)]
    [('desktop', 'en'), ('phone', 'zh'), ('desktop', 'zh'), ('phone', 'en')]
    """
    return ("desktop", "phone")[i % 2], ("en", "zh")[(i + i // 2) % 2]


def matrix() -> list[Any]:
    out = []
    for i, ruleset in enumerate(RULESETS):
        for size in VIEWPORTS:
            for lang in LOCALES:
                marks = [] if rotation(i) == (size, lang) else [pytest.mark.slow]
                out.append(pytest.param(ruleset, size, lang, marks=marks))
    return out


# What the page shows, read in one go (a tile is a span with ``data-tile``; its drawing
# inside names the tile again): per seat on screen its player's pond, melds and
# flowers, with where each pond tile is drawn; the centre's pond; the result overlay.
READ_SCREEN = """() => {
  const tiles = (root, sel) => [...root.querySelectorAll(sel)].map((e) => e.dataset.tile);
  const seats = {};
  for (const box of document.querySelectorAll('.board [data-testid^="seat-"]')) {
    const pond = box.querySelector('.seat-pond');
    const shown = pond && !pond.hidden && pond.offsetParent !== null;
    seats[box.dataset.testid.slice(5)] = {
      pond: pond ? tiles(pond, ':scope > [data-tile]') : [],
      claimed: pond ? [...pond.querySelectorAll(':scope > [data-tile]')].map((e) =>
        e.classList.contains('claimed')) : [],
      pondShown: Boolean(shown),
      pondBoxes: shown ? [...pond.querySelectorAll(':scope > [data-tile]')].map((e) => {
        const r = e.getBoundingClientRect();
        return [r.left, r.right, r.width, r.height];
      }) : [],
      last: pond ? [...pond.querySelectorAll(':scope > [data-tile]')].findIndex((e) =>
        e.dataset.testid === 'last-discard') : -1,
      melds: [...box.querySelectorAll('.melds > .meld')].map((g) => ({
        tiles: tiles(g, 'span[data-tile]'),
        turned: [...g.querySelectorAll('span[data-tile]')].findIndex((e) =>
          e.classList.contains('turned')),
        turnedCount: g.querySelectorAll('.turned').length,
      })),
      flowers: tiles(box, '.flowers > span[data-tile]'),
      score: (box.querySelector('.seat-head .score') || {}).textContent,
      place: box.id.replace('pos-', ''),
      dealer: box.querySelectorAll('.seat-head .dealer').length,
      count: (box.querySelector('[data-testid="concealed-count"] .count') || {}).textContent,
    };
  }
  const area = document.querySelector('[data-testid="pond"]');
  return {
    seats,
    centre: area && !area.hidden ? tiles(area, '#pond > [data-tile]') : null,
    width: document.documentElement.clientWidth,
    scrollWidth: document.documentElement.scrollWidth,
    height: window.innerHeight,
    wall: (document.querySelector('[data-testid="centre-wall"]') || {}).textContent || '',
    dead: (document.querySelector('[data-testid="centre-dead"]') || {}).textContent || '',
    hand: (() => {
      const r = document.querySelector('[data-testid="hand"]').getBoundingClientRect();
      return [r.top, r.bottom];
    })(),
    announced: document.querySelector('[data-testid="announce"]').textContent,
  };
}"""

READ_RESULT = """() => {
  const box = document.querySelector('[data-testid="hand-result"]');
  const cells = (row) => [...row.querySelectorAll('td')].map((c) => c.textContent.trim());
  return {
    shown: Boolean(box && !box.hidden),
    title: (document.getElementById('result-title') || {}).textContent || '',
    wins: [...box.querySelectorAll('[data-testid="win"]')].map((w) => ({
      fans: [...w.querySelectorAll('[data-testid="fan"]')].map(cells),
      total: (w.querySelector('[data-testid="breakdown-total"]') || {}).textContent,
      winning: w.querySelectorAll('[data-testid="win-hand"] .winning').length,
    })),
    payments: [...box.querySelectorAll('[data-testid="payment"]')].map((p) => p.textContent),
    net: [...box.querySelectorAll('[data-testid="net"] tr')].slice(1).map(cells),
  };
}"""

I18N_STATE = """async () => {
  if (!window.I18N) return null;
  await window.I18N.ready;
  return {lang: window.I18N.lang, missing: [...window.I18N.missing].sort()};
}"""


class Wire:
    """The views the server sent the page, as the page received them (recorded only)."""

    def __init__(self, page: Any) -> None:
        self.views: list[dict[str, Any]] = []
        page.on("websocket", self._opened)

    def _opened(self, ws: Any) -> None:
        ws.on("framereceived", self._frame)

    def _frame(self, payload: Any) -> None:
        try:
            msg = json.loads(payload)
        except (TypeError, ValueError):
            return
        if isinstance(msg, dict) and msg.get("type") == "state":
            self.views.append(msg["view"])

    @property
    def latest(self) -> dict[str, Any]:
        assert self.views, "the table sent no view"
        return self.views[-1]


def check_language(page: Any, lang: str, where: str) -> None:
    """Once the page's translation exists (`I18N`), the browser's language is chosen and
    every string the page has shown so far has a translation."""
    state = page.evaluate(I18N_STATE)
    if state is None:  # not translated yet: the hand is still played
        return
    assert state["lang"] == LANGUAGES[lang], f"{where}: language {state['lang']}"
    assert state["missing"] == [], f"{where}: untranslated: {state['missing']}"


def relative(view: dict[str, Any], giver: int, taker: int) -> int:
    """Where ``giver`` sits seen from ``taker``: 1 on the right, 2 opposite, 3 on the left."""
    winds = "ESWN"
    at = [winds.index(p["wind"]) for p in view["players"]]
    return (at[giver] - at[taker]) % 4


def check_table(screen: dict[str, Any], view: dict[str, Any], at_turn: bool) -> list[str]:
    """What the screen shows of each seat against the view the page was sent; the
    differences, as a player would name them (empty: none). ``at_turn``: the player is
    deciding, so the table is on screen and still."""
    wrong = []
    me = view["player"]
    centre = view["pond"] is not None
    if centre:
        if screen["centre"] is None:
            wrong.append("the centre's discards are not shown")
        elif Counter(screen["centre"]) != Counter(view["pond"]):
            wrong.append(f"centre pond {screen['centre']} is not {view['pond']}")
    if at_turn:
        if screen["scrollWidth"] > screen["width"]:
            wrong.append(f"the table is {screen['scrollWidth']} px wide on a {screen['width']}")
        top, bottom = screen["hand"]
        if top < 0 or bottom > screen["height"] + 1:
            wrong.append(f"your hand is off screen ({top:.0f}-{bottom:.0f})")
        if not screen["announced"].strip():
            wrong.append("your decision is not announced")
    numbers = f"{screen['wall']} {screen['dead']}"
    if str(view["wall_live"]) not in re.findall(r"\d+", screen["wall"]) or (
        view["dead_wall"] and str(view["dead_wall"]) not in re.findall(r"\d+", screen["dead"])
    ):
        wrong.append(f"the wall shows {numbers!r}, not {view['wall_live']}/{view['dead_wall']}")
    for p, info in enumerate(view["players"]):
        seat = screen["seats"].get(str(p))
        name = info["name"]
        if seat is None:
            wrong.append(f"{name} has no seat on screen")
            continue
        # You at the bottom, the next player on the right, opposite at the top.
        place = ("bottom", "right", "top", "left")[relative(view, p, me)]
        if seat["place"] != place:
            wrong.append(f"{name} sits at the {seat['place']}, not the {place}")
        if seat["dealer"] != int(info["dealer"]):
            wrong.append(f"{name}'s dealer mark is wrong")
        if not centre:
            sent = [d[0] for d in info["discards"]]
            if seat["pond"] != sent:
                wrong.append(f"{name}'s pond shows {seat['pond']}, not {sent}")
            if seat["claimed"] != [bool(d[1]) for d in info["discards"]]:
                wrong.append(f"{name}'s claimed discards are not marked")
            if at_turn and p != me:
                if sent and not seat["pondShown"]:
                    wrong.append(f"{name}'s pond is hidden")
                for left, right, width, height in seat["pondBoxes"]:
                    if left < 0 or right > screen["width"] + 0.5:
                        wrong.append(f"{name}'s pond runs off the screen ({left}-{right})")
                        break
                    if width < MIN_POND_TILE or height < MIN_POND_TILE:
                        wrong.append(f"{name}'s pond tiles are {width:.0f}x{height:.0f} px")
                        break
            if at_turn and view["last_discarder"] == p and seat["last"] != len(sent) - 1:
                wrong.append(f"{name}'s last discard is not marked")
        elif seat["pond"]:
            wrong.append(f"{name} has a pond of their own at a centre-discards table")
        if seat["flowers"] != info["flowers"]:
            wrong.append(f"{name}'s flowers show {seat['flowers']}, not {info['flowers']}")
        if p != me and re.findall(r"\d+", seat["count"] or "") != [str(info["hand_size"])]:
            wrong.append(f"{name}'s hand shows {seat['count']}, not {info['hand_size']} tiles")
        melds = [m for m in info["meld_sets"]]
        shown = seat["melds"][: len(melds)]
        if len(seat["melds"]) != len(melds) + info["hidden_kongs"]:
            wrong.append(f"{name} shows {len(seat['melds'])} melds, not {len(melds)}")
        for meld, drawn in zip(melds, shown, strict=False):
            if meld["face_down"]:
                if drawn["tiles"].count("back") != 2:
                    wrong.append(f"{name}'s concealed kong is not shown face down")
                continue
            if Counter(drawn["tiles"]) != Counter(meld["tiles"]):
                wrong.append(f"{name}'s meld shows {drawn['tiles']}, not {meld['tiles']}")
                continue
            if meld["claimed"] is None or meld["from"] is None:
                continue
            if drawn["turnedCount"] != 1 or drawn["tiles"][drawn["turned"]] != meld["claimed"]:
                wrong.append(f"{name}'s meld {drawn['tiles']} does not turn {meld['claimed']}")
                continue
            # The claimed tile lies towards the giver: left end, middle, right end; the
            # player opposite is seen from across the table, so their left is your right.
            side = relative(view, meld["from"], p)
            if relative(view, p, view["player"]) == 2:
                side = {3: 1, 2: 2, 1: 3}[side]
            at = {3: 0, 2: 1, 1: len(drawn["tiles"]) - 1}[side]
            if drawn["turned"] != at:
                giver = view["players"][meld["from"]]["name"]
                wrong.append(
                    f"{name}'s meld {drawn['tiles']} turns tile {drawn['turned']}, not "
                    f"{at}, towards {giver}"
                )
    return wrong


def settle_table(page: Any, wire: Wire, at_turn: bool) -> dict[str, Any]:
    """Check the screen against the newest view, giving the page a moment to catch up
    with a message just received; the view checked."""
    wrong: list[str] = []
    for _ in range(20):
        view = wire.latest
        wrong = check_table(page.evaluate(READ_SCREEN), view, at_turn)
        if not wrong:
            return view
        page.wait_for_timeout(50)
    raise AssertionError("; ".join(wrong) + f" (wall {seed_of(wire)})")


def seed_of(wire: Wire) -> str:
    """The revealed seed of the hand on show, to replay a failure with."""
    for view in reversed(wire.views):
        last = view.get("last_hand") or {}
        if last.get("commitment"):
            return f"seed {last['commitment'].get('seed')}"
    return "seed not yet revealed"


class Player:
    """Plays the bottom seat with what a player uses: taps on a phone, keys on a desktop
    (and a click where a key is not enough), following the hand's help."""

    def __init__(self, page: Any, touch: bool) -> None:
        self.page = page
        self.touch = touch

    def press(self, locator: Any, key: str | None = None) -> bool:
        """Press a button (the last match): by its key on a desktop, by touch on a phone.
        The page may replace the button as a message arrives: then look again."""
        if not locator.count():
            return False
        try:
            if key and not self.touch:
                self.page.keyboard.press(key)
            elif self.touch:
                locator.last.tap(timeout=1500)
            else:
                locator.last.click(timeout=1500)
        except Exception:
            return False
        return True

    def discard(self, drawn: Any) -> bool:
        """Throw the tile the hand's help puts first (else the last tile one may throw):
        tapped on a phone; on a desktop moved to with → and thrown with Enter, once it
        has the focus (the hand may have ended meanwhile, and the result's first
        button has the focus then)."""
        tile = self.page.evaluate(
            """() => { const first = document.querySelector('[data-testid="help-discard"]');
            return first ? first.dataset.tile : null; }"""
        )
        wanted = f"discard {tile}" if tile else None
        if self.touch:
            chosen = self.page.locator(f'[data-testid="hand-tile"][data-action="{wanted}"]')
            return self.press(chosen if wanted and chosen.count() else drawn)
        at, target, n = self.page.evaluate(HAND_FOCUS, wanted)
        if n == 0:
            return False
        for _ in range((target - at) % n if at >= 0 else target + 1):
            self.page.keyboard.press("ArrowRight")
        focused = self.page.evaluate("() => document.activeElement.dataset.action || ''")
        if not focused.startswith("discard "):
            return False
        self.page.keyboard.press("Enter")
        return True


HAND_FOCUS = """(wanted) => {
  const buttons = [...document.querySelectorAll('#hand button[data-action]')];
  const actions = buttons.map((b) => b.dataset.action);
  const target = actions.includes(wanted) ? actions.indexOf(wanted) : buttons.length - 1;
  return [buttons.indexOf(document.activeElement), target, buttons.length];
}"""
"""Where the focus is among the tiles one may throw, where the wanted one is (else the
last), and how many there are: the → presses between the two."""


def action(page: Any, kind: str) -> Any:
    return page.locator(f'[data-testid="action"][data-action^="{kind}"]')


@pytest.mark.parametrize(("ruleset", "size", "lang"), matrix())
def test_a_whole_hand_of_every_ruleset_through_the_page(
    server: Any, browser: Any, screenshots: Path, ruleset: str, size: str, lang: str
) -> None:
    """Issue 18, done-when: a whole hand of ``ruleset`` played through the page only, in
    ``lang`` on a ``size`` screen; what the player must tell from the screen is there."""
    phone = size == "phone"
    folder = screenshots / "every_ruleset"
    folder.mkdir(exist_ok=True)
    shot = folder / f"{ruleset}-{size}-{lang}"
    context = browser.new_context(
        viewport=VIEWPORTS[size], locale=LOCALES[lang], is_mobile=phone, has_touch=phone
    )
    page = context.new_page()
    wire = Wire(page)
    player = Player(page, touch=phone)
    try:
        # The lobby: the ruleset, one hand, names for the four seats, three bots.
        page.goto(server.url + "/")
        option = f'[data-testid="ruleset-select"] option[value="{ruleset}"]'
        page.wait_for_selector(option, state="attached")
        check_language(page, lang, "lobby")
        page.select_option('[data-testid="ruleset-select"]', ruleset)
        page.select_option('[data-testid="hands-select"]', "1")
        for i, name in enumerate(NAMES):
            page.fill(f'[data-testid="seat-name-{i}"]', name)
        for i in (1, 2, 3):
            page.select_option(f'[data-testid="seat-kind-{i}"]', "efficient")
        page.locator('[data-testid="new-game"]').click()
        page.wait_for_selector('[data-testid="hand-tile"]')
        page.select_option('[data-testid="pace"]', "0")  # instant: the bots at once
        page.locator('[data-testid="centre"]').click()  # the keys go to the table again
        hand = get_ruleset(ruleset).hand_size
        assert page.locator('[data-testid="hand-tile"]').count() in (hand, hand + 1)
        first = settle_table(page, wire, at_turn=False)
        start = [p["score"] for p in first["players"]]
        shown_start = page.evaluate(READ_SCREEN)["seats"]
        assert [shown_start[str(p)]["score"] for p in range(4)] == [str(s) for s in start]
        seen = play(page, wire, player, shot)
        check_result(page, wire, start, shot, LANGUAGES[lang])
        print(summary(wire.latest, seen))  # shown with -s, and with a failure
        check_language(page, lang, "table")
        # Every action named: a discard whose tile the table does not show (older centre
        # discards) is "discards a tile", never a "?".
        assert "?" not in page.locator('[data-testid="recent"]').inner_text()
        # The match is over (one hand): the result, closed to see the table, comes back.
        page.locator('[data-testid="see-table"]').click()
        assert page.locator('[data-testid="hand-result"]').is_hidden()
        page.locator('[data-testid="show-result"]').click()
        page.locator('[data-testid="match-result"]').wait_for()
    finally:
        context.close()


def play(page: Any, wire: Wire, player: Player, shot: Path, timeout_s: float = 60) -> Counter[str]:
    """To the hand's end: win when offered; claim a discard when offered (kong, pung,
    chow), else pass; on your turn throw the tile the hand's help advises. At each
    decision the table is checked; the first claim prompt and a table well into the
    hand are photographed.
    Returns how many turns and claim prompts the player had."""
    shots = {"mid": shot.with_name(shot.name + "-mid.png")}
    shots["claim"] = shot.with_name(shot.name + "-claim.png")
    seen: Counter[str] = Counter()
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if page.locator('[data-testid="hand-result"]:visible').count():
            return seen
        drawn = page.locator('[data-testid="hand-tile"][data-action]')
        claim = page.locator('[data-testid="claim-window"]:visible')
        acted = False
        if claim.count():
            seen["claim prompts"] += 1
            settle_table(page, wire, at_turn=True)
            if "claim" in shots:
                page.screenshot(path=str(shots.pop("claim")))
            acted = (
                player.press(action(page, "win"), "w")
                or player.press(action(page, "kong"), "k")
                or player.press(action(page, "pung"), "u")
                or player.press(action(page, "chow"), "c")
                or player.press(action(page, "pass"), "p")
            )
        elif drawn.count():
            seen["turns"] += 1
            view = settle_table(page, wire, at_turn=True)
            discarded = sum(len(p["discards"]) for p in view["players"])
            if "mid" in shots and (discarded >= 12 or seen["turns"] >= 6):
                page.screenshot(path=str(shots.pop("mid")))
            acted = player.press(action(page, "win"), "w") or player.discard(drawn)
        if not acted:
            page.wait_for_timeout(40)
            continue
        page.wait_for_timeout(30)
    page.screenshot(path=str(shot.with_name(shot.name + "-stuck.png")))
    stuck = page.evaluate(
        """() => ({focus: document.activeElement.outerHTML.slice(0, 120),
        actions: [...document.querySelectorAll('[data-testid="action"]')].map((b) =>
          b.dataset.action), playing, phase: latest && latest.phase,
        legal: latest && latest.you.legal_actions})"""
    )
    raise AssertionError(f"the hand did not end in time ({seed_of(wire)}): {stuck}")


def check_result(page: Any, wire: Wire, start: list[int], shot: Path, language: str) -> None:
    """The result overlay: each win with its fans and total, every payment with its
    amount and the players it names, and each player's change equal to the payments
    listed and to the change of their score at the table. Fan names are in ``language``
    where the server sends them translated (``names``)."""
    page.wait_for_function("document.getElementById('result-title') !== null")
    page.wait_for_timeout(100)  # the newest view drawn behind the overlay
    view = settle_table(page, wire, at_turn=False)
    last = view["last_hand"]
    assert last is not None, "the hand ended without a result"
    seen = page.evaluate(READ_RESULT)
    title = page.locator("#result-title").bounding_box()
    size = page.viewport_size
    assert title and title["y"] >= 0 and title["y"] + title["height"] <= size["height"], (
        "the result's headline is off screen"
    )
    page.screenshot(path=str(shot.with_name(shot.name + "-result.png")))
    where = f"({seed_of(wire)}, {last['kind']})"
    assert seen["shown"] and seen["title"].strip(), f"no result headline {where}"
    assert len(seen["wins"]) == len(last["wins"]), where
    # Several winners on one discard (Taiwanese tables): a headline each, one dialog name.
    assert page.locator("#result-title").count() == 1, where
    assert page.locator("h2.win-title").count() == len(last["wins"]), where
    for drawn, win in zip(seen["wins"], last["wins"], strict=True):
        assert drawn["total"] == str(win["total"]), where
        assert drawn["winning"] >= 1, f"the winning tile is not set apart {where}"
        assert len(drawn["fans"]) == len(win["items"]) >= 1, where
        for row, item in zip(drawn["fans"], win["items"], strict=True):
            count = item.get("count", 1)
            points = f"{item['points']}×{count}" if count > 1 else str(item["points"])
            assert row[0] and row[1] == points, f"{row} for {item} {where}"
            name = (item.get("names") or {}).get(language) or item["name"]
            if language == "en" or item.get("names"):
                assert name in row[0], f"{row[0]!r} does not name {name!r} {where}"
    payments = last["payments"]
    assert len(seen["payments"]) == len(payments), f"{seen['payments']} {where}"
    me = view["player"]
    names = [p["name"] for p in view["players"]]
    paid = [0, 0, 0, 0]
    for text, p in zip(seen["payments"], payments, strict=True):
        assert str(p["amount"]) in text, f"{text!r} for {p} {where}"
        for side in ("payer", "payee"):
            if isinstance(p[side], int) and p[side] != me:
                assert names[p[side]] in text, f"{text!r} does not name the {side} {where}"
        if isinstance(p["payer"], int):
            paid[p["payer"]] -= p["amount"]
        if isinstance(p["payee"], int):
            paid[p["payee"]] += p["amount"]
    after = last["scores_after"]
    change = [after[i] - start[i] for i in range(4)]
    assert change == paid == last["net"], f"change {change}, payments {paid} {where}"
    shown_net = [row[1] for row in seen["net"]]
    assert shown_net == [(f"+{n}" if n > 0 else str(n)) for n in paid], where
    assert [row[2] for row in seen["net"]] == [str(s) for s in after], where
    # The seats show the scores after the hand and, at the end of the match, after what
    # closes it (a Taiwanese dead-hand pot still on the table is returned, 004 l.462-472).
    final = list(after)
    closing = (view.get("final") or {}).get("closing_payments", [])
    listed = page.locator('[data-testid="closing-payment"]').all_inner_texts()
    assert len(listed) == len(closing), f"{listed} for {closing} {where}"
    for p in closing:
        if isinstance(p["payer"], int):
            final[p["payer"]] -= p["amount"]
        if isinstance(p["payee"], int):
            final[p["payee"]] += p["amount"]
    scores = page.evaluate(READ_SCREEN)["seats"]
    assert [scores[str(p)]["score"] for p in range(4)] == [str(s) for s in final], where


def summary(view: dict[str, Any], seen: Counter[str]) -> str:
    """How the hand went, for the test's output: its end, the melds laid down (each
    checked), the player's turns and claim prompts."""
    last = view["last_hand"] or {}
    names = [p["name"] for p in view["players"]]
    wins = [f"{names[w['player']]} {w['total']}" for w in last.get("wins", [])]
    melds = sum(len(p["meld_sets"]) for p in view["players"])
    claimed = sum(1 for p in view["players"] for m in p["meld_sets"] if m["claimed"])
    return (
        f"{view['ruleset']}: {last.get('kind')} {', '.join(wins)}; {melds} melds "
        f"({claimed} claimed); {seen['turns']} turns, {seen['claim prompts']} claim prompts"
    )
