"""Settlement of wins, per ruleset family, each checked against a hand calculation."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mahjongkit.money.settlement import (
    POT,
    Payment,
    Reason,
    SettlementError,
    Win,
    balances,
    die_bonus,
    settle,
)
from mahjongkit.rules.builtin import MCR_TABLE, TAIWANESE_TABLE
from mahjongkit.rules.ruleset import get_ruleset
from mahjongkit.rules.table import TableRules

MCR = get_ruleset("mcr").table
LRC = get_ruleset("taiwanese-lrc").table
DXB = get_ruleset("taiwanese-dxb").table


def net(payments: tuple[Payment, ...]) -> list[int]:
    return list(balances(payments)[:4])


# --- MCR: 000 l.333-343, 002 l.61-66, 001 l.57-60 -------------------------------------


def test_mcr_discard_win_000_l333() -> None:
    """000 l.333: the discarder pays 8 + points, the other two pay 8 each.

    Player 1 wins 12 points on player 3's discard: 3 pays 20, 0 and 2 pay 8; 1 gets 36.
    """
    payments = settle([Win(winner=1, points=12, discarder=3)], MCR)
    assert net(payments) == [-8, 36, -8, -20]
    assert {(p.payer, p.amount) for p in payments} == {(3, 20), (0, 8), (2, 8)}
    assert all(p.reason is Reason.WIN and p.payee == 1 for p in payments)


def test_mcr_self_drawn_win_000_l335() -> None:
    """000 l.335 / 002 l.64: self-drawn, each of the three pays 8 + points.

    Player 2 self-draws 9 points: each pays 17, player 2 gets 51.
    """
    assert net(settle([Win(2, 9)], MCR)) == [-17, -17, 51, -17]


def test_mcr_robbed_kong_declarer_pays_as_discarder_003_l131() -> None:
    """A robbed kong's declarer pays as the discarder (issue rule; 003 l.131 by analogy).

    Player 0 robs player 1's kong for 16 points (8 of them Robbing the Kong): 1 pays 24.
    """
    payments = settle([Win(0, 16, discarder=1, robbed_kong=True)], MCR)
    assert net(payments) == [40, -24, -8, -8]
    assert not any(p.reason is Reason.ROBBED_KONG for p in payments)


def test_mcr_exhaustive_draw_pays_nothing_000_l343() -> None:
    """000 l.343: exhaustive draw, no one pays."""
    assert settle([], MCR) == ()


def test_mcr_base_payment_is_a_table_value_002_l61() -> None:
    """The 8 of 002 l.61 is the ruleset's value: a house rule may set another."""
    house = replace(MCR, base_payment=5)
    assert net(settle([Win(1, 10, discarder=0)], house)) == [-15, 25, -5, -5]
    assert net(settle([Win(1, 10)], house)) == [-15, 45, -15, -15]


def test_mcr_one_winner_per_hand_000_l334() -> None:
    """000 l.334 / 001 l.49: only the nearest after the discarder wins; two wins is an error."""
    with pytest.raises(SettlementError, match="one winner"):
        settle([Win(1, 8, discarder=0), Win(2, 8, discarder=0)], MCR)


# --- Taiwanese: 004 l.124, l.413-432, l.454-460 ------------------------------------------


def test_taiwanese_discarder_pays_the_total_004() -> None:
    """The discarder alone pays the winner's total (the card's rule, issue 6).

    Player 2 wins 33 (28 + base 5) on player 0's discard; not the dealer: 0 pays 33.
    """
    assert net(settle([Win(2, 33, discarder=0)], LRC, dealer=1)) == [-33, 0, 33, 0]


def test_taiwanese_self_drawn_each_pays_the_total() -> None:
    """Self-drawn: each of the three pays the total (issue 6's rule for 003/004; the pot of
    004 l.470 goes to the self-draw winner alike). Player 3 self-draws 21: gets 63."""
    assert net(settle([Win(3, 21)], LRC, dealer=0)) == [-21, -21, -21, 63]


def test_taiwanese_all_pay_switch() -> None:
    """Issue 6's switch for tables where all pay (`all_pay_on_discard`, docs/rules/money.md):
    a discard win is then paid by all three, as a self-draw is."""
    all_pay = replace(LRC, all_pay_on_discard=True)
    assert net(settle([Win(2, 10, discarder=0)], all_pay, dealer=1)) == [-10, -10, 30, -10]


def test_taiwanese_robbed_kong_declarer_pays_the_hand_004_l124_l327() -> None:
    """004 l.124: the declarer "pays an additional 10 pts ... (See also Winning Tile in
    Scoring)": the 10 of Win by Robbing a Kong (l.327), inside the hand's 25 that he pays
    as the discarder (003 l.131). Player 1 robs player 3's kong for 25: 3 pays 25."""
    assert LRC.robbed_kong_extra == 0
    payments = settle([Win(1, 25, discarder=3, robbed_kong=True)], LRC, dealer=0)
    assert net(payments) == [0, 25, 0, -25]
    assert [p.reason for p in payments] == [Reason.WIN]


def test_taiwanese_robbed_kong_extra_switch_004_l124() -> None:
    """The other reading of 004 l.124, a switch: the 10 is paid on top of the hand."""
    twice = replace(LRC, robbed_kong_extra=10)
    payments = settle([Win(1, 25, discarder=3, robbed_kong=True)], twice, dealer=0)
    assert net(payments) == [0, 35, 0, -35]
    assert [p.reason for p in payments] == [Reason.WIN, Reason.ROBBED_KONG]


def test_taiwanese_multiple_winners_paid_from_discarders_right_004_l458() -> None:
    """004 l.456-458: up to three winners; start with the discarder's right, then the next.

    Player 2 discards; players 0 (20) and 1 (12) win. Order: 3 is not a winner, then 0,
    then 1 -> 0 is paid first.
    """
    payments = settle([Win(1, 12, discarder=2), Win(0, 20, discarder=2)], LRC, dealer=3)
    assert [p.payee for p in payments] == [0, 1]
    assert net(payments) == [20, 12, -32, 0]


def test_taiwanese_three_winners_order_004_l456() -> None:
    """Three winners on player 1's discard are paid 2, 3, 0 in that order."""
    wins = [Win(0, 5, discarder=1), Win(3, 6, discarder=1), Win(2, 7, discarder=1)]
    assert [p.payee for p in settle(wins, LRC, dealer=1)][:3] == [2, 3, 0]


def test_taiwanese_several_winners_need_one_discard_004_l460() -> None:
    """004 l.460: multiple winners apply to discarded tiles only, not self-draws."""
    with pytest.raises(SettlementError):
        settle([Win(0, 5), Win(1, 5)], LRC)
    with pytest.raises(SettlementError):
        settle([Win(0, 5, discarder=2), Win(1, 5, discarder=3)], LRC)


@pytest.mark.parametrize(("streak", "bonus"), [(1, 3), (2, 5), (3, 7), (4, 9), (5, 11)])
def test_die_on_the_wall_values_004_l417(streak: int, bonus: int) -> None:
    """004 l.415-422: die shows 1..5 -> +3, +5, +7, +9, +11."""
    assert die_bonus(streak, LRC) == bonus


def test_die_needs_a_previous_dealer_win_004_l415() -> None:
    """004 l.415: the die is placed only after the dealer has won a hand as dealer."""
    assert die_bonus(0, LRC) == 0
    assert net(settle([Win(0, 20)], LRC, dealer=0, dealer_streak=0)) == [60, -20, -20, -20]


def test_dealer_self_draw_with_die_each_pays_the_bonus_004_l417() -> None:
    """Dealer 0 with the die showing 2 self-draws 20: each pays 20 + 5 = 25."""
    payments = settle([Win(0, 20)], LRC, dealer=0, dealer_streak=2)
    assert net(payments) == [75, -25, -25, -25]
    assert sum(p.amount for p in payments if p.reason is Reason.DIE_ON_THE_WALL) == 15


def test_dealer_gives_winning_tile_pays_die_bonus_004_l428() -> None:
    """004 l.428: the dealer who gives the winning tile pays the winner the die bonus too.

    Dealer 2 (die showing 3) discards to player 0 winning 15: 2 pays 15 + 7 = 22.
    """
    assert net(settle([Win(0, 15, discarder=2)], LRC, dealer=2, dealer_streak=3)) == [
        22,
        0,
        -22,
        0,
    ]


def test_non_dealer_discard_no_die_bonus_004_l428() -> None:
    """Only the dealer pays the die bonus; a non-dealer discarder pays the total alone."""
    assert net(settle([Win(0, 15, discarder=3)], LRC, dealer=2, dealer_streak=3)) == [
        15,
        0,
        0,
        -15,
    ]


def test_forgotten_die_forfeits_bonus_but_still_pays_004_l430() -> None:
    """004 l.430: a forgotten die: no bonus on the dealer's win, still paid to others."""
    assert net(settle([Win(1, 10)], LRC, dealer=1, dealer_streak=2, die_placed=False)) == [
        -10,
        30,
        -10,
        -10,
    ]
    assert net(
        settle([Win(0, 10, discarder=1)], LRC, dealer=1, dealer_streak=2, die_placed=False)
    ) == [15, -15, 0, 0]


def test_die_no_limit_by_default_cap_option_004_l432() -> None:
    """004 l.432: no limit should be set; DXB suggests a cap at 6 (l.25): the die stops."""
    assert die_bonus(8, LRC) == 17
    assert die_bonus(8, DXB) == 17
    assert die_bonus(8, replace(DXB, die_cap=6)) == 13
    capped = get_ruleset("taiwanese-dxb").changed(die_cap=6).table
    assert die_bonus(6, capped) == die_bonus(7, capped) == 13


def test_mcr_has_no_die() -> None:
    assert net(settle([Win(0, 8)], MCR, dealer=0, dealer_streak=4)) == [48, -16, -16, -16]


def test_payment_validation() -> None:
    with pytest.raises(SettlementError):
        Payment(0, 5, 1, Reason.WIN)
    with pytest.raises(SettlementError):
        Payment(0, 1, 0, Reason.WIN)
    with pytest.raises(SettlementError):
        Win(0, 8, discarder=0)
    with pytest.raises(SettlementError):
        Win(0, 8, robbed_kong=True)
    with pytest.raises(SettlementError):
        Win(0, -1)


def test_payment_json_round_trip() -> None:
    for p in (Payment(1, 0, 8, Reason.WIN), Payment(2, POT, 5, Reason.DEAD_HAND)):
        assert Payment.from_json(p.to_json()) == p


def test_payment_schemes_are_distinct() -> None:
    assert MCR_TABLE.win_payments == "base_and_points" and TAIWANESE_TABLE.win_payments == "total"


wins_strategy = st.builds(
    lambda winner, points, source, robbed: Win(
        winner,
        points,
        None if source == winner else source,
        robbed and source != winner,
    ),
    st.integers(0, 3),
    st.integers(0, 300),
    st.integers(0, 3),
    st.booleans(),
)


@given(
    wins_strategy,
    st.integers(0, 3),
    st.integers(0, 9),
    st.booleans(),
    st.sampled_from([MCR, LRC, DXB, replace(LRC, all_pay_on_discard=True)]),
)
def test_every_settlement_sums_to_zero(
    win: Win, dealer: int, streak: int, placed: bool, rules: TableRules
) -> None:
    payments = settle([win], rules, dealer=dealer, dealer_streak=streak, die_placed=placed)
    assert sum(balances(payments)) == 0
    assert all(p.payee == win.winner for p in payments)
    assert balances(payments)[win.winner] >= win.points


@given(st.integers(0, 3), st.lists(st.integers(0, 90), min_size=3, max_size=3), st.integers(0, 5))
def test_multiple_winners_sum_to_zero(discarder: int, points: list[int], streak: int) -> None:
    winners = [(discarder + k) % 4 for k in (1, 2, 3)]
    wins = [Win(w, p, discarder) for w, p in zip(winners, points, strict=True)]
    payments = settle(wins, LRC, dealer=0, dealer_streak=streak)
    assert sum(balances(payments)) == 0
    assert balances(payments)[discarder] <= -sum(points)
