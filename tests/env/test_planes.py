"""Encoding version 2 plane by plane: every plane of random play in every ruleset against
a plain rebuild from the observation and the match (written here from docs/env.md, plane
by name), and the planes version 2 added on scripted positions: the discards' order by
six, the scores, the hand's number and the hands left."""

from __future__ import annotations

import random

import numpy as np
import pytest
from tests.game.conftest import table

from mahjongkit.env import PLANES, aec_env, encode
from mahjongkit.env.encoding import ENCODING_VERSION, MatchView, match_view
from mahjongkit.game.match_state import MatchState
from mahjongkit.game.observation import Observation
from mahjongkit.money.rotation import Deal
from mahjongkit.rules.ruleset import Ruleset
from mahjongkit.tiles import EAST, NAMES

from .conftest import RULESETS, label

RELATIVE = ("self", "next", "across", "previous")


def rebuilt(obs: Observation, match: MatchView) -> np.ndarray:
    """The planes as docs/env.md describes them, each set by its name."""
    out = np.zeros((len(PLANES), 34), dtype=np.int64)

    def count(name: str, counts: list[int] | tuple[int, ...]) -> None:
        for k in range(1, 5):
            out[PLANES.index(f"{name} >= {k}")] = [int(c >= k) for c in counts]

    def number(name: str, value: int) -> None:
        out[PLANES.index(name)] = min(max(value, 0), 127)

    centre = bool(obs.pond)
    count("own tiles", obs.concealed)
    table_discards = [0] * 34
    for s in range(4):
        who = RELATIVE[(s - obs.seat) % 4]
        melds = [0] * 34
        for meld in obs.melds[s]:
            for t in meld.tiles:
                melds[t] += 1
        count(f"{who}: melds", melds)
        row = () if centre else obs.discards[s]
        drawn = () if centre else obs.drawn_discards[s]
        count(f"{who}: discards", [sum(1 for t, _ in row if t == k) for k in range(34)])
        for n in (1, 3, 6):
            for t, _ in row[len(row) - n :] if n < len(row) else row:
                out[PLANES.index(f"{who}: discards among last {n}"), t] = 1
        for i, (t, claimed) in enumerate(row):
            span = ("1-6", "7-12", "13-18", "19+")[min(i // 6, 3)]
            out[PLANES.index(f"{who}: discards {span}"), t] += 1
            if claimed:
                out[PLANES.index(f"{who}: discards {span} claimed"), t] = 1
            else:
                table_discards[t] += 1
            if i < len(drawn) and drawn[i]:
                out[PLANES.index(f"{who}: discards {span} from the draw"), t] = 1
        number(f"{who}: concealed kongs", obs.hidden_kongs[s])
        number(f"{who}: flowers", len(obs.flowers[s]))
        number(f"{who}: concealed tiles", obs.hand_sizes[s])
        number(f"{who}: ting", int(obs.ting[s]))
        number(f"{who}: forfeited", int(obs.forfeited[s]))
        number(f"{who}: dealer", int(s == 0))
        number(f"{who}: wall part", obs.wall_parts[s] if obs.wall_parts else 0)
        number(f"{who}: gives the tile answered", int(s == obs.claim_giver))
        number(f"{who}: threw the latest discard", int(s == obs.last_discarder))
        number(f"{who}: points ahead", match.scores[s] // 8)
        number(f"{who}: points behind", -match.scores[s] // 8)
    count("table discards", list(obs.pond) if centre else table_discards)
    for name, kind in (
        ("own drawn tile", obs.last_tile),
        ("latest discard", obs.last_discard),
        ("tile answered", obs.claim_tile),
        ("seat wind", EAST + obs.seat),
        ("prevalent wind", obs.prevalent_wind),
    ):
        if kind >= 0:
            out[PLANES.index(name), kind] = 1
    number("wall live", obs.wall_live)
    number("wall remaining", obs.wall_remaining)
    number("dealer streak", obs.dealer_streak)
    for phase in ("turn", "claim", "rob"):
        number(phase, int(obs.phase == phase))
    number("hand number", match.hand_number)
    number("hands left", match.hands_left)
    number("dealer in round", match.dealer_in_round)
    return out


@pytest.mark.parametrize("ruleset", RULESETS, ids=label)
def test_every_plane_of_random_play_is_as_documented(ruleset: str | Ruleset) -> None:
    rng = random.Random(11)
    env = aec_env(ruleset, seed=11, episode="match", max_hands=3, dtype="int8")
    env.reset()
    checked = 0
    for agent in env.agent_iter():
        obs, _, terminated, _, _ = env.last()
        if terminated:
            env.step(None)
            continue
        state = env.table.state
        player = int(agent[-1])
        seen = state.observation(player)
        if checked % 3 == 0:
            assert np.array_equal(obs["observation"], rebuilt(seen, match_view(state))), checked
        checked += 1
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]).tolist())))
    assert checked > 100


def marked(planes: np.ndarray, name: str) -> list[str]:
    row = planes[PLANES.index(name)]
    return [NAMES[t] if v == 1 else f"{NAMES[t]}={v}" for t, v in enumerate(row) if v]


def test_the_discards_order_planes_take_them_six_at_a_time() -> None:
    hand = table("mcr", ["1112345678999mE", "1112345678999p", "1112345678999s", "EESSWWNNCCFFP"])
    assert ENCODING_VERSION == 2
    thrown = []
    while len(thrown) < 8:  # East throws what it draws, the others likewise
        seat = hand.turn if hand.phase.value == "turn" else hand.to_act()[0]
        legal = hand.legal_actions(seat)
        if hand.phase.value != "turn":
            hand.apply(seat, next(a for a in legal if str(a) == "pass"))
            continue
        drawn = hand.last_tile
        discard = next(a for a in legal if a.tile == drawn and str(a).startswith("discard"))
        if seat == 0:
            thrown.append(NAMES[hand.last_tile])
        hand.apply(seat, discard)
    planes = encode(hand.observation(1), "int8")  # South sees East as "previous"
    first, later = sorted(set(thrown[:6])), sorted(set(thrown[6:]))
    assert sorted(t.split("=")[0] for t in marked(planes, "previous: discards 1-6")) == first
    assert sorted(marked(planes, "previous: discards 7-12")) == later
    assert sorted(marked(planes, "previous: discards 1-6 from the draw")) == first
    assert marked(planes, "previous: discards 1-6 claimed") == []
    assert marked(planes, "previous: discards 13-18") == []


def test_the_match_planes_show_the_scores_by_seat_and_where_the_match_stands() -> None:
    # The second hand of four, player 1 dealing (the round's first dealer was player 0).
    state = MatchState("mcr", 5, seating=(0, 1, 2, 3), max_hands=4, first=Deal(1, 1, 0, 0, 0))
    state.scores = [-12, 40, -8, -20]  # by player
    view = match_view(state)
    assert view == MatchView((40, -8, -20, -12), 1, 2, 1)  # by seat: player 1 is East
    planes = encode(state.observation(3), "int8", view)  # player 3 sits West
    assert set(planes[PLANES.index("self: points behind")]) == {2}  # 20 // 8
    assert set(planes[PLANES.index("self: points ahead")]) == {0}
    assert set(planes[PLANES.index("next: points behind")]) == {1}  # North, player 0: 12 // 8
    assert set(planes[PLANES.index("across: points ahead")]) == {5}  # East: 40 // 8
    assert set(planes[PLANES.index("previous: points behind")]) == {1}  # South: 8 // 8
    assert set(planes[PLANES.index("hand number")]) == {1}
    assert set(planes[PLANES.index("hands left")]) == {2}
    assert set(planes[PLANES.index("dealer in round")]) == {1}
    alone = encode(state.observation(3), "int8")
    assert not alone[PLANES.index("hand number") :].any()


def test_a_match_episode_carries_the_scores_into_the_next_hand() -> None:
    rng = random.Random(2)
    # Taiwanese: random play wins hands (an MCR hand needs 8 points), and pays as it goes.
    env = aec_env("taiwanese-lrc", seed=2, episode="match", max_hands=3, dtype="int8")
    env.reset()
    seen: set[tuple[int, int]] = set()
    for agent in env.agent_iter():
        obs, _, terminated, _, _ = env.last()
        if terminated:
            env.step(None)
            continue
        state = env.table.state
        player = int(agent[-1])
        seat = state.seat_of(player)
        planes = obs["observation"]
        score = state.scores[player] - 2000
        ahead = int(planes[PLANES.index("self: points ahead"), 0])
        behind = int(planes[PLANES.index("self: points behind"), 0])
        assert (ahead, behind) == (min(max(score, 0) // 8, 127), min(max(-score, 0) // 8, 127))
        number = int(planes[PLANES.index("hand number"), 0])
        assert number + int(planes[PLANES.index("hands left"), 0]) == 2
        assert bool(planes[PLANES.index("self: dealer"), 0]) == (seat == 0)
        seen.add((number, ahead + behind))
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]).tolist())))
    assert {n for n, _ in seen} == {0, 1, 2} and any(p for n, p in seen if n)
