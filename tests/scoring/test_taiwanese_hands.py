"""Whole hands added up item by item on both sheets, and properties of every breakdown.

Line numbers are those of seed ``004_23ad4b5675410971.txt`` (the LRC/DXB card).
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjongkit.hand import Hand
from mahjongkit.rules.ruleset import get_ruleset
from mahjongkit.scoring import score
from mahjongkit.scoring.situation import Situation
from mahjongkit.scoring.taiwanese import CATALOGUE, SWITCHES, engine
from mahjongkit.scoring.taiwanese.generate import random_winning_hand
from mahjongkit.shapes import decompositions
from mahjongkit.tiles import NUM_KINDS, SUIT

HANDS: list[tuple[str, str, dict[str, Any], dict[str, list[tuple[str, int]]]]] = [
    (
        # South seat, East round; red dragons claimed; 234 in all three suits; pung of 7s;
        # self-drawn 5m on the pair. 2f is South's flower (line 207), 5f is East's.
        "sister sheungs, self-drawn",
        "[CCC2]234m234p234s777s5m5m",
        {"seat_wind": "S", "flowers": "2f5f", "self_drawn": True},
        {
            "lrc": [
                ("flower", 2),  # line 206: 1 each
                ("seat_flower", 1),  # line 207
                ("pong_of_dragons", 2),  # line 224
                ("three_sister_sheungs", 10),  # line 258
                ("good_eyes", 2),  # line 314: 55m
                ("self_draw", 1),  # line 321 (2m also completes: no single wait)
                ("base_point", 5),  # line 342
            ],
            "dxb": [
                ("flower", 2),
                ("seat_flower", 1),
                ("pong_of_dragons", 2),
                ("three_sister_sheungs", 15),
                ("good_eyes", 2),
                ("self_draw", 5),
                ("base_point", 5),
            ],
        },
    ),
    (
        # East dealer on his second consecutive win (die shows 2), concealed, self-drawn
        # on a single wait for 1s; plum (1f) is East's flower.
        "dealer, concealed pure complete sequence",
        "123m456m789m555p789s1s1s",
        {"dealer": True, "dealer_streak": 2, "flowers": "1f", "self_drawn": True},
        {
            "lrc": [
                ("no_honors", 1),  # line 201
                ("flower", 1),
                ("seat_flower", 1),
                ("pure_complete_sequence_concealed", 20),  # line 239
                ("two_sister_sheungs", 3),  # line 257: 789m + 789s
                ("terminal_sheung_set", 3),  # line 276: 123m + 789m
                ("true_single_wait", 2),  # line 317
                ("dealer_tile", 1),  # line 320
                ("self_draw_concealed_hand", 10),  # line 323
                ("dice_on_the_wall", 5),  # line 419: die 2 pays +5
                ("base_point", 5),
            ],
            "dxb": [
                ("no_honors", 1),
                ("flower", 1),
                ("seat_flower", 1),
                ("pure_complete_sequence_concealed", 20),
                ("two_sister_sheungs", 5),
                ("terminal_sheung_set", 5),
                ("true_single_wait", 2),
                ("self_draw_concealed_hand", 15),
                ("dice_on_the_wall", 5),
                ("base_point", 5),
            ],
        },
    ),
    (
        # West's Nico Nico holding four 1m as two pairs, won on a discarded East (single
        # wait); West is not the dealer (line 320).
        "Nico Nico with a kong",
        "1111m3344p6688s777sEE",
        {"seat_wind": "W"},
        {
            "lrc": [
                ("nico_nico", 40),  # line 350, first (line 347)
                ("nico_nico_one_kong", 10),  # line 351
                ("no_flowers", 1),  # line 200
                ("concealed_hand_discard", 5),  # line 292
                ("true_single_wait", 2),  # line 317
                ("base_point", 5),  # last (line 342)
            ],
            "dxb": [
                ("nico_nico", 40),
                ("nico_nico_one_kong", 10),
                ("no_flowers", 1),
                ("concealed_hand_discard", 10),
                ("true_single_wait", 2),
                ("base_point", 5),
            ],
        },
    ),
]


@pytest.mark.parametrize(
    ("hand", "situation", "expected", "column"),
    [
        pytest.param(h, s, e[c], c, id=f"{name}-{c}")
        for name, h, s, e in HANDS
        for c in ("lrc", "dxb")
    ],
)
def test_realistic_hand_adds_up(
    hand: str, situation: dict[str, Any], expected: list[tuple[str, int]], column: str
) -> None:
    """A scorer's count, item by item, equals the breakdown and its total."""
    result = score(Hand.parse(hand, size=16), Situation.from_dict(situation), f"taiwanese-{column}")
    assert [(i.id, i.total) for i in result.items] == expected
    assert result.total == sum(v for _, v in expected)
    assert result.qualifies


@settings(max_examples=150, deadline=None)
@given(st.integers(min_value=0, max_value=2**32 - 1), st.sampled_from(["lrc", "dxb"]))
def test_breakdown_sums_to_total_with_one_base_point_last(seed: int, column: str) -> None:
    """Lines 342, 347: every win ends with exactly one Base Point; items sum to the total."""
    hand, situation = random_winning_hand(random.Random(seed))
    rules = get_ruleset(f"taiwanese-{column}")
    result = score(hand, situation, rules)
    assert result.is_win
    assert result.total == sum(i.points * i.count for i in result.items)
    names = [i.id for i in result.items]
    assert names.count("base_point") == 1
    assert names[-1] == "base_point"
    for item in result.items:
        assert CATALOGUE[item.id].value(column) is not None, item.id  # only this sheet's lines
        assert item.total > 0
    specials = [n in {"nico_nico", "thirteen_orphans", "sixteen_orphans"} for n in names]
    assert specials == sorted(specials, reverse=True)  # special hands first (line 347)


SWITCH_VALUES = {s.key: s.choices or (0, 1, 2, 6) for s in SWITCHES if s.key != "minimum"}


@settings(max_examples=100, deadline=None)
@given(
    st.integers(min_value=0, max_value=2**32 - 1),
    st.sampled_from(["lrc", "dxb"]),
    st.fixed_dictionaries({k: st.sampled_from(v) for k, v in SWITCH_VALUES.items()}),
)
def test_every_switch_setting_keeps_one_base_point(
    seed: int, column: str, switches: dict[str, Any]
) -> None:
    """Line 342 under any table's switches: one Base Point, items summing to the total."""
    hand, situation = random_winning_hand(random.Random(seed))
    base = get_ruleset(f"taiwanese-{column}")
    result = score(hand, situation, base.changed(**switches))
    names = [i.id for i in result.items]
    assert names.count("base_point") == 1
    assert result.total == sum(i.total for i in result.items)


@settings(max_examples=300, deadline=None)
@given(st.integers(min_value=0, max_value=2**32 - 1), st.booleans(), st.booleans())
def test_single_wait_test_names_the_first_other_tile_that_completes(
    seed: int, every_tile: bool, ting: bool
) -> None:
    """The waits a single wait is judged by (`engine._waits`, from the completion tables)
    name the winning tile and the first other tile, of those tried, whose addition the
    splitter (`decompositions`) completes, as trying each tile in turn would."""
    hand, _ = random_winning_hand(random.Random(seed))
    forms = get_ruleset("taiwanese-lrc").scoring.forms_of(ting)
    win = hand.winning_tile
    assert win is not None
    before = hand.without_winning_tile()
    counts = before.all_counts()
    near = {
        u
        for t in range(NUM_KINDS)
        if before.concealed[t]
        for u in (range(t - 2, t + 3) if SUIT[t] < 3 else (t,))
        if (0 <= u < 27 and SUIT[u] == SUIT[t]) or u == t
    }
    tried = range(NUM_KINDS) if every_tile else sorted(near)
    others = [
        t
        for t in tried
        if t != win and counts[t] < 4 and decompositions(before.with_tile(t), forms)
    ]
    assert engine._waits(hand, forms, every_tile) == frozenset({win, *others[:1]})
