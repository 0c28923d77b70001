"""Table points (seed 002 l.218-221) and standings over several games."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mahjongkit.money.table_points import TablePointsError, as_number, standings, table_points

F = Fraction


def test_places_4_2_1_0_002_l220() -> None:
    """002 l.220: 4, 2, 1 and 0 table points by score."""
    assert table_points([-5, 40, 12, 3]) == (0, 4, 2, 1)


def test_tie_for_first_3_3_1_0_002_l221() -> None:
    """002 l.221: a tie for highest score: 3 each, then 1 and 0."""
    assert table_points([20, 20, 0, -40]) == (3, 3, 1, 0)


def test_tie_for_second_4_15_15_0_002_l221() -> None:
    """002 l.221: a tie for second: 4, 1.5, 1.5, 0."""
    assert table_points([30, 0, 0, -30]) == (4, F(3, 2), F(3, 2), 0)


def test_tie_for_third_4_2_05_05_002_l221() -> None:
    """002 l.221 prints "4,5 ... 2,5 ... 0" for a tie for third, which breaks its own
    sharing rule; "in logical fashion" (same line) gives 4, 2, 0.5, 0.5."""
    assert table_points([30, 10, -20, -20]) == (4, 2, F(1, 2), F(1, 2))


def test_three_and_four_way_ties_in_logical_fashion_002_l221() -> None:
    assert table_points([5, 5, 5, -15]) == (F(7, 3), F(7, 3), F(7, 3), 0)
    assert table_points([9, -3, -3, -3]) == (4, 1, 1, 1)
    assert table_points([0, 0, 0, 0]) == (F(7, 4),) * 4


def test_standings_tie_break_total_score_002_l219() -> None:
    """002 l.219: highest table points wins; ties broken by total regular points."""
    rows = standings([[30, 10, -10, -30], [-30, 10, -10, 30]])
    assert [(r.player, r.rank) for r in rows] == [(1, 1), (0, 2), (3, 2), (2, 4)]
    assert rows[0].table_points == 4 and rows[0].score == 20


def test_bad_input() -> None:
    with pytest.raises(TablePointsError):
        table_points([1, 2, 3])
    with pytest.raises(TablePointsError):
        standings([])


def test_json_numbers() -> None:
    assert [as_number(p) for p in table_points([30, 0, 0, -30])] == [4, 1.5, 1.5, 0]


scores = st.lists(st.integers(-300, 300), min_size=4, max_size=4)


@given(scores)
def test_table_points_always_sum_to_7_002_l219(s: list[int]) -> None:
    assert sum(table_points(s)) == 7


@given(scores)
def test_higher_score_never_fewer_points(s: list[int]) -> None:
    tp = table_points(s)
    for a in range(4):
        for b in range(4):
            if s[a] > s[b]:
                assert tp[a] > tp[b]
            elif s[a] == s[b]:
                assert tp[a] == tp[b]


@given(st.lists(scores, min_size=1, max_size=5))
def test_standings_total_14_per_two_games(games: list[list[int]]) -> None:
    rows = standings(games)
    assert sum(r.table_points for r in rows) == 7 * len(games)
    assert sorted(r.player for r in rows) == [0, 1, 2, 3]
