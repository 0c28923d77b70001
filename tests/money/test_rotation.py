"""Seating, dealer rotation and the prevalent wind per ruleset."""

from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import given
from hypothesis import strategies as st

from mahjongkit.money.rotation import Deal, draw_seats, first_deal, next_deal, seating_order
from mahjongkit.rules.ruleset import get_ruleset

MCR = get_ruleset("mcr").table
LRC = get_ruleset("taiwanese-lrc").table
CLASSICAL = replace(LRC, dealer_keeps_on_draw=True)


def test_mcr_deal_passes_every_hand_16_hands_000_l24() -> None:
    """000 l.24: the dealer changes after each hand; 4 hands a round; 001 l.44: regardless
    of a win or loss."""
    deal: Deal | None = first_deal()
    seen = []
    winners_cycle = [(0,), (), (1,), (2,)]
    while deal is not None:
        seen.append((deal.prevalent, deal.dealer))
        deal = next_deal(deal, winners=winners_cycle[len(seen) % 4], rules=MCR)
    assert seen == [(r, d) for r in range(4) for d in range(4)]


def test_taiwanese_dealer_keeps_on_win_004_l134() -> None:
    """003 l.55, 004 l.62, l.134: the dealer retains East when winning; streak counts."""
    d = first_deal()
    for n in range(1, 4):
        nd = next_deal(d, winners=(0,), rules=LRC)
        assert nd is not None
        d = nd
        assert (d.dealer, d.dealer_streak) == (0, n)


def test_lrc_deal_passes_on_draw_004_l466() -> None:
    """004 l.134, l.466: the deal passes to the right when no one wins; the die goes."""
    d = replace(first_deal(), dealer_streak=2)
    nd = next_deal(d, winners=(), rules=LRC)
    assert nd is not None and (nd.dealer, nd.dealer_streak) == (1, 0)


def test_classical_dealer_keeps_on_draw_003_l137() -> None:
    """003 l.55, l.137: East keeps the deal after a draw (the switch); the die stays."""
    d = replace(first_deal(), dealer_streak=2)
    nd = next_deal(d, winners=(), rules=CLASSICAL)
    assert nd is not None and (nd.dealer, nd.dealer_streak) == (0, 2)


def test_deal_passes_when_another_wins_004_l134() -> None:
    d = next_deal(replace(first_deal(), dealer_streak=3), winners=(2,), rules=LRC)
    assert d is not None and (d.dealer, d.dealer_streak) == (1, 0)


def test_dealer_among_several_winners_keeps_the_deal_004_l134() -> None:
    """004 l.134 "The Dealer retains the East seat if they win the hand": a dealer who is
    one of several winners on one discard (004 l.456) won, and keeps the deal."""
    d = next_deal(first_deal(), winners=(0, 2), rules=LRC)
    assert d is not None and d.dealer == 0 and d.dealer_streak == 1


def test_round_changes_when_first_dealer_gets_deal_again_003_l55() -> None:
    """003 l.55: a round can have more than four deals; it changes when the player who
    first held East in the round receives the deal again."""
    d: Deal | None = first_deal()
    rounds = []
    # Dealer wins twice each deal, then loses: six hands per deal.
    while d is not None:
        rounds.append(d.prevalent)
        won = (d.dealer,) if d.dealer_streak < 2 else ((d.dealer + 1) % 4,)
        d = next_deal(d, winners=won, rules=LRC)
    assert rounds == [r for r in range(4) for _ in range(12)]


def test_false_win_replays_with_same_dealer_and_die_004_l480() -> None:
    """004 l.480: the round is void; same dealer, die unchanged."""
    d = Deal(number=5, dealer=2, prevalent=1, dealer_streak=3, round_dealer=0)
    nd = next_deal(d, winners=(), rules=LRC, void=True)
    assert nd == replace(d, number=6)


def test_seats_from_the_wind_draw_000_l24() -> None:
    """000 l.24, 001 l.13-15, 004 l.53-55: each draws a wind; seeded, so reproducible."""
    drawn = draw_seats(random.Random(7))
    assert sorted(drawn) == [0, 1, 2, 3]
    assert draw_seats(random.Random(7)) == drawn
    order = seating_order(drawn)
    assert [drawn[order[p]] for p in range(4)] == [0, 1, 2, 3]


def test_seat_winds_follow_the_dealer() -> None:
    d = Deal(dealer=3)
    assert [d.seat_of(p) for p in range(4)] == [1, 2, 3, 0]
    assert [d.player_at(s) for s in range(4)] == [3, 0, 1, 2]


@given(st.lists(st.sampled_from([(), (0,), (1,), (2,), (3,), (1, 3)]), max_size=300))
def test_taiwanese_rounds_only_advance(results: list[tuple[int, ...]]) -> None:
    d: Deal | None = first_deal()
    last = 0
    for w in results:
        if d is None:
            break
        assert d.prevalent >= last
        last = d.prevalent
        d = next_deal(d, winners=w, rules=LRC)
