"""Help with your hand (issue 18, deliver 4): the table's switch, the values against the
library computed directly, and the help only ever in its own player's view."""

from __future__ import annotations

import json
import random
from typing import Any

import httpx
import pytest

from mahjongkit.game.observation import SPECTATOR
from mahjongkit.hand import Hand
from mahjongkit.rules.ruleset import get_ruleset
from mahjongkit.scoring import Situation
from mahjongkit.scoring.wait_values import wait_values
from mahjongkit.shanten import discards, shanten
from mahjongkit.tiles import EAST, NAMES, NUM_KINDS
from mahjongkit.web.hand_help import DISCARDS_SHOWN, _waits
from mahjongkit.web.table import HUMAN, TableConfig, TableError, TableGame

PHONE = {"width": 390, "height": 844}

ws_client = pytest.importorskip("websockets.sync.client")


def unseen_by(game: TableGame, seat: int) -> list[int]:
    """Copies of each kind ``seat`` has not seen, from the whole state: four, less its own
    tiles, every unclaimed discard (in rows or the centre) and every meld it can see
    (others' concealed kongs not)."""
    state = game.state
    seen = list(state.concealed[seat])
    for s in range(4):
        for m in state.melds[s]:
            if s == seat or not m.concealed:
                for t in m.tiles:
                    seen[t] += 1
    obs = game.match.observation(SPECTATOR)  # what lies on the table: the same for all
    for t, n in enumerate(obs.pond):  # a table whose discards lie in the centre
        seen[t] += n
    for ds in obs.discards:
        for t, claimed in ds:
            if not claimed:
                seen[t] += 1
    return [max(0, 4 - n) for n in seen]


def points(score: Any) -> dict[str, Any]:
    """A wait's points as the help gives them: MCR (and every ruleset here but those
    whose sheet says otherwise) counts no flower towards the minimum."""
    flowers_count = get_ruleset(score.ruleset).scoring.flowers_count_toward_minimum
    counted = sum(i.total for i in score.items if flowers_count or not i.is_flower)
    return {"total": score.total, "counted": counted, "qualifies": score.qualifies}


def expected_help(game: TableGame, player: int) -> dict[str, Any]:
    """The help for ``player`` computed from the library directly."""
    seat = game.seat_of(player)
    state = game.state
    rules = game.ruleset
    counts = tuple(state.concealed[seat])
    melds = tuple(state.melds[seat])
    unseen = unseen_by(game, seat)
    situation = Situation(
        seat_wind=EAST + seat,
        prevalent_wind=game.match.hand_deal.prevalent_wind,
        flowers=tuple(sorted(state.flowers[seat])),
        ting=bool(game.match.observation(player).ting[seat]),
        dealer_streak=game.match.observation(player).dealer_streak,
    )

    def waits_of(hand: Hand) -> list[dict[str, Any]]:
        out = []
        for v in wait_values(hand, situation, rules):
            out.append(
                {
                    "tile": NAMES[v.tile],
                    "unseen": unseen[v.tile],
                    "discard": points(v.discard),
                    "self_drawn": points(v.self_drawn),
                }
            )
        return out

    size = rules.hand_size
    held = sum(counts) + 3 * len(melds)
    out: dict[str, Any] = {"minimum": rules.scoring.minimum_points}
    if held == size:
        hand = Hand(counts, melds)
        out["shanten"] = shanten(hand, rules=rules)
        out["waits"] = waits_of(hand)
    else:
        last = next(t for t in range(NUM_KINDS) if counts[t])
        out["shanten"] = shanten(Hand(counts, melds, (), last), rules=rules)
        out["waits"] = []
    out["ready"] = out["shanten"] == 0
    legal = game.view(player)["you"]["legal_actions"]
    if held == size + 1 and any(a.startswith("discard") for a in legal):
        own = list(counts)
        for m in melds:
            for t in m.tiles:
                own[t] += 1
        visible = [4 - own[t] - unseen[t] for t in range(NUM_KINDS)]
        options = discards(
            Hand(counts, melds, (), next(t for t in range(NUM_KINDS) if counts[t])),
            rules=rules,
            visible=visible,
        )
        out["discards"] = []
        for o in options[:DISCARDS_SHOWN]:
            left = list(counts)
            left[o.tile] -= 1
            out["discards"].append(
                {
                    "tile": NAMES[o.tile],
                    "shanten": o.shanten,
                    "useful": [NAMES[t] for t in o.useful],
                    "useful_count": o.useful_count,
                    "waits": waits_of(Hand(tuple(left), melds)) if o.shanten == 0 else [],
                }
            )
    return out


def play_with_help(ruleset: str, seed: int) -> tuple[int, int]:
    """Player 0 plays by the help (its best discard, every win, no claims) against
    efficient bots; each help is checked against the library. (helps seen, with waits)."""
    config = TableConfig(ruleset, seed=seed, seats=(HUMAN, "efficient", "efficient", "efficient"))
    game = TableGame(config)
    checked = with_waits = 0
    while not game.over and checked < 400:
        if game.between_hands:
            game.next_hand()
            continue
        view = game.view(0)
        help = view["help"]
        assert help == expected_help(game, 0), (game.decision_key, help)
        checked += 1
        with_waits += bool(help["waits"]) or any(d["waits"] for d in help.get("discards", []))
        legal = view["you"]["legal_actions"]
        if "win" in legal:
            game.act(0, "win")
        elif "discards" in help:
            game.act(0, "discard " + help["discards"][0]["tile"])
        else:
            game.act(0, "pass" if "pass" in legal else legal[0])
    return checked, with_waits


@pytest.mark.parametrize(
    ("ruleset", "seed"), [("mcr", 11), ("taiwanese-lrc", 4), ("taiwanese-dxb", 2), ("bp-club", 3)]
)
def test_the_help_is_the_librarys_analysis_of_what_the_player_sees(ruleset: str, seed: int) -> None:
    checked, with_waits = play_with_help(ruleset, seed)
    assert checked > 20 and with_waits > 0


def test_an_mcr_wait_below_the_minimum_says_so() -> None:
    """A ready hand whose 1s on a discard is below MCR's 8 points (self-drawn it reaches
    them) and whose 4s qualifies either way: the help says so for each."""
    hand = Hand.parse("123m345p789s23s55p")
    situation = Situation(seat_wind=EAST + 1)
    waits = _waits(hand, situation, get_ruleset("mcr"), tuple([4] * NUM_KINDS))
    direct = {str(v): v for v in wait_values(hand, situation, "mcr")}
    assert [w["tile"] for w in waits] == list(direct) == ["1s", "4s"]
    for w in waits:
        v = direct[w["tile"]]
        assert w["discard"] == points(v.discard)
        assert w["self_drawn"] == points(v.self_drawn)
    assert [(w["discard"]["qualifies"], w["self_drawn"]["qualifies"]) for w in waits] == [
        (False, True),
        (True, True),
    ]
    assert waits[0]["discard"]["total"] < 8 <= waits[0]["self_drawn"]["total"]


def test_the_switch_off_gives_no_help_and_is_stored() -> None:
    config = TableConfig("mcr", seed=3, help=False)
    game = TableGame(config)
    assert game.in_play and "help" not in game.view(0)
    assert TableConfig.from_json(config.to_json()).help is False
    assert "help" in TableGame(TableConfig("mcr", seed=3)).view(0)


def test_old_stored_configurations_have_help_on_and_a_bad_switch_is_refused() -> None:
    old = {
        "ruleset": "mcr",
        "seed": 2,
        "seats": [HUMAN, "random", "random", "random"],
        "names": ["a", "b", "c", "d"],
        "hands": 1,
        "claim_timeout": 15.0,
        "turn_timeout": 90.0,
    }
    assert TableConfig.from_json(old).help is True
    assert "help" in TableGame(TableConfig.from_json(old)).view(0)
    with pytest.raises(TableError, match="help must be true or false"):
        TableConfig.from_json(old | {"help": "yes"})


def test_the_help_is_computed_once_per_decision() -> None:
    game = TableGame(TableConfig("mcr", seed=3))
    first = game.view(0)["help"]
    assert game.view(0)["help"] is first
    game.act(0, "discard " + first["discards"][0]["tile"])
    assert game.view(0)["help"] is not first


# -- over the server ---------------------------------------------------------------------
def create(server: Any, **body: Any) -> dict[str, Any]:
    reply = httpx.post(server.url + "/api/tables", json=body, timeout=10)
    assert reply.status_code == 200, reply.text
    data: dict[str, Any] = reply.json()
    return data


def recv(ws: Any) -> dict[str, Any]:
    message: dict[str, Any] = json.loads(ws.recv(timeout=10))
    return message


def test_the_help_defaults_on_against_bots_and_off_among_people(server: Any) -> None:
    def stored_help(**body: Any) -> bool:
        made = create(server, **body)
        return bool(server.tables.get(made["id"]).game.config.help)

    assert stored_help(seed=1, hands=1) is True
    assert stored_help(seed=1, hands=1, seats=[HUMAN] * 4) is False
    assert stored_help(seed=1, hands=1, seats=[HUMAN] * 4, help=True) is True
    assert stored_help(seed=1, hands=1, help=False) is False
    bad = httpx.post(server.url + "/api/tables", json={"help": "yes"}, timeout=10)
    assert bad.status_code == 400 and "help" in bad.text


@pytest.mark.parametrize("help", [True, False])
def test_each_message_carries_its_own_players_help_only(server: Any, help: bool) -> None:
    """Two people, two bots and a spectator through a whole hand: each person's message
    carries that person's help (as the server computes it from their observation), the
    spectator's none; with the switch off, no message carries any."""
    made = create(
        server,
        seats=[HUMAN, "random", HUMAN, "random"],
        seed=5,
        hands=1,
        claim_timeout=600,
        help=help,
    )
    game_id = made["id"]
    tokens = {s["player"]: s["token"] for s in made["seats"] if "token" in s}
    game: TableGame = server.tables.get(game_id).game
    base = f"ws://127.0.0.1:{server.port}/ws/tables/{game_id}"
    rng = random.Random(0)
    helped = 0
    with (
        ws_client.connect(f"{base}?token={tokens[0]}") as ws0,
        ws_client.connect(f"{base}?token={tokens[2]}") as ws2,
        ws_client.connect(f"{base}?watch=1") as watcher,
    ):
        sockets = {0: ws0, 2: ws2}
        views = {p: recv(ws)["view"] for p, ws in sockets.items()}
        watched = recv(watcher)["view"]
        for _ in range(500):
            assert "help" not in watched
            for p, v in views.items():
                if help and game.in_play:
                    assert v["help"] == expected_help(game, p)
                    helped += 1
                else:
                    assert "help" not in v
            if views[0]["over"]:
                break
            movers = [p for p, v in views.items() if v["you"]["legal_actions"]]
            p = movers[0]
            sockets[p].send(
                json.dumps(
                    {"type": "action", "action": rng.choice(views[p]["you"]["legal_actions"])}
                )
            )
            views = {q: recv(ws)["view"] for q, ws in sockets.items()}
            watched = recv(watcher)["view"]
        else:
            pytest.fail("the hand did not end")
    assert helped > 10 if help else helped == 0


# -- the page --------------------------------------------------------------------------
def play_until_ready(game: TableGame) -> dict[str, Any]:
    """Player 0 plays by the help until, on its turn, a discard leaves it ready with waits
    that score; the help then."""
    for _ in range(400):
        if game.between_hands:
            game.next_hand()
            continue
        view = game.view(0)
        help = view["help"]
        legal = view["you"]["legal_actions"]
        ready = [d for d in help.get("discards", []) if d["waits"]]
        if ready and "win" not in legal:
            return dict(help)
        if "win" in legal:
            game.act(0, "win")
        elif "discards" in help:
            game.act(0, "discard " + help["discards"][0]["tile"])
        else:
            game.act(0, "pass" if "pass" in legal else legal[0])
    raise AssertionError("player 0 never got ready")


def test_the_table_page_shows_the_help_under_the_hand(
    server: Any, browser: Any, screenshots: Any
) -> None:
    config = TableConfig("mcr", seed=11, seats=(HUMAN, "efficient", "efficient", "efficient"))
    room = server.tables.create(config)
    help = server.tables.commit(room, play_until_ready)
    for viewport, name in (({"width": 1100, "height": 900}, "desktop"), (PHONE, "phone")):
        page = browser.new_page(viewport=viewport)
        page.goto(server.url + f"/table/{room.game_id}#token={room.tokens[0]}")
        box = page.locator('[data-testid="hand-help"]')
        box.locator('[data-testid="help-shanten"]').wait_for()
        # Open where there is room; on a phone the summary alone, so the seat stays in view.
        opened = box.locator("details").evaluate("d => d.open")
        assert opened is (name == "desktop")
        if not opened:
            box.locator("summary").click()
        box.locator('[data-testid="help-discard"]').first.wait_for()
        assert box.get_attribute("aria-live") == "polite"
        assert box.locator('[data-testid="help-shanten"]').get_attribute("data-shanten") == str(
            help["shanten"]
        )
        shown = [d for d in help["discards"][:3]]
        assert box.locator('[data-testid="help-discard"]').evaluate_all(
            "els => els.map(e => e.dataset.tile)"
        ) == [d["tile"] for d in shown]
        waits = [(w["tile"], str(w["unseen"])) for d in shown for w in d["waits"]]
        rows = box.locator('[data-testid="help-wait"]')
        assert rows.evaluate_all("els => els.map(e => [e.dataset.tile, e.dataset.unseen])") == [
            list(w) for w in waits
        ]
        assert rows.first.locator("svg").count() == 1  # the tile drawn, from /api/tiles
        first = next(w for d in shown for w in d["waits"])
        text = rows.first.locator('[data-testid="help-points"]').inner_text()
        assert f"{first['discard']['total']} pts" in text
        width = page.evaluate("() => document.documentElement.scrollWidth")
        assert width <= viewport["width"], width
        page.screenshot(path=str(screenshots / f"table-help-{name}.png"), full_page=True)
        # Closed, it stays closed when the next view comes (here: asked for again).
        box.locator("summary").click()
        assert not rows.first.is_visible()
        page.evaluate("() => window.renderHandHelp({help: null})")
        page.evaluate(f"() => window.renderHandHelp({{help: {json.dumps(help)}}})")
        assert box.locator('[data-testid="help-shanten"]').is_visible()
        assert not rows.first.is_visible()
        page.close()
