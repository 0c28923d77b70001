"""Instant payments of seed 004, each with a hand calculation and the card's line."""

from __future__ import annotations

import pytest

from mahjongkit.money.instant import (
    Bouquet,
    bouquet_payments,
    bouquets,
    chasing_tiles,
    collect_pot,
    concealed_kong,
    dead_hand,
    flower_win,
    is_chase,
    may_show_west,
    return_pot,
    triple_dice,
)
from mahjongkit.money.settlement import POT, Payment, Reason, SettlementError, balances
from mahjongkit.notation import parse_tiles
from mahjongkit.rules.ruleset import get_ruleset
from mahjongkit.tiles import EAST, RED, WEST, parse_tile

LRC = get_ruleset("taiwanese-lrc").table
DXB = get_ruleset("taiwanese-dxb").table
MCR = get_ruleset("mcr").table


def net(payments: tuple[Payment, ...]) -> list[int]:
    return list(balances(payments))


def test_concealed_kong_collects_5_from_each_004_l105() -> None:
    """004 l.105, l.231: concealed kong, collect 5 pts from all players immediately."""
    assert net(concealed_kong(1, LRC)) == [-5, 15, -5, -5, 0]
    assert net(concealed_kong(1, DXB)) == [-5, 15, -5, -5, 0]


def test_concealed_kong_not_collected_with_wrong_tile_count_004_l439() -> None:
    """004 l.439: a player with an incorrect tile count cannot collect Kong money."""
    assert concealed_kong(1, LRC, may_collect=False) == ()


def test_mcr_has_no_instant_payments() -> None:
    assert concealed_kong(0, MCR) == ()
    assert chasing_tiles(0, EAST, MCR) == ()
    assert dead_hand(MCR) == ()
    assert triple_dice(0, (2, 2, 2), MCR) == ()


def test_mixed_bouquet_5_from_each_004_l208() -> None:
    """004 l.208: Mixed Bouquet, red and blue tiles 1-4: all players pay 5 immediately.

    Player 2 holds 1f 6f 3f and exposes 8f (numbers 1, 2, 3, 4 in both colours).
    """
    payments = bouquet_payments(2, parse_tiles("1f6f3f"), parse_tiles("1f6f3f8f"), LRC)
    assert net(payments) == [-5, -5, 15, -5, 0]
    assert {p.reason for p in payments} == {Reason.MIXED_BOUQUET}


def test_full_bouquet_10_from_each_004_l209() -> None:
    """004 l.209: Pure Garden / Full Bouquet, all of one colour 1-4: 10 from each."""
    payments = bouquet_payments(0, parse_tiles("5f6f7f"), parse_tiles("5f6f7f8f"), LRC)
    assert net(payments) == [30, -10, -10, -10, 0]


def test_a_player_can_collect_both_004_l209() -> None:
    """004 l.209 "(A player can collect both.)": a full bouquet then a mixed one.

    1f2f3f4f (full, 30 in all) then 5f: 5f 2f 3f 4f is a mixed bouquet (15 more).
    """
    first = bouquet_payments(3, parse_tiles("1f2f3f"), parse_tiles("1f2f3f4f"), LRC)
    second = bouquet_payments(3, parse_tiles("1f2f3f4f"), parse_tiles("1f2f3f4f5f"), LRC)
    assert net(first)[3] == 30 and net(second)[3] == 15
    assert bouquets(parse_tiles("1f2f3f4f5f")) == {Bouquet.FULL_BLUE, Bouquet.MIXED}


def test_no_bouquet_without_every_number_004_l208() -> None:
    """004 l.208-209: a bouquet is the tiles 1-4; three numbers of each colour are none."""
    assert bouquets(parse_tiles("1f2f3f5f6f7f")) == frozenset()
    assert bouquet_payments(0, (), parse_tiles("1f2f3f5f6f7f"), LRC) == ()
    with pytest.raises(SettlementError):
        bouquets([parse_tile("1m")])


def test_bouquet_money_not_collected_with_wrong_tile_count_004_l439() -> None:
    assert bouquet_payments(0, (), parse_tiles("1f2f3f4f"), LRC, may_collect=False) == ()


def test_seven_flowers_instant_self_drawn_win_20_004_l210() -> None:
    """004 l.210, l.384: 7 flowers, instant win, all three pay 20."""
    payments = flower_win(1, 7, LRC)
    assert net(payments) == [-20, 60, -20, -20, 0]
    assert {p.reason for p in payments} == {Reason.SEVEN_FLOWERS}


def test_eight_flowers_instant_self_drawn_win_40_004_l211() -> None:
    """004 l.211, l.390: 8 flowers, all three pay 40."""
    assert net(flower_win(0, 8, DXB)) == [120, -40, -40, -40, 0]
    with pytest.raises(SettlementError):
        flower_win(0, 6, LRC)


def test_chasing_honours_5_to_each_004_l406() -> None:
    """004 l.404-406: four of one dragon in a go-around: the first discarder pays 5 each."""
    discards = [(2, RED), (3, RED), (0, RED), (1, RED)]
    assert is_chase(discards)
    assert net(chasing_tiles(2, RED, LRC)) == [5, 5, -15, 5, 0]


def test_chasing_suit_tiles_10_to_each_004_l407() -> None:
    """004 l.407: suit tiles, 10 to each other player."""
    five_dots = parse_tile("5p")
    assert is_chase([(0, five_dots), (1, five_dots), (2, five_dots), (3, five_dots)])
    assert net(chasing_tiles(0, five_dots, LRC)) == [-30, 10, 10, 10, 0]


def test_not_a_chase() -> None:
    """004 l.404 "all 4 of the same tile are discarded in the same round": four discards of
    one tile by the four players in turn (no claim between); anything else is no chase."""
    assert not is_chase([(0, EAST), (2, EAST), (3, EAST), (1, EAST)])
    assert not is_chase([(0, EAST), (1, EAST), (2, EAST)])
    assert not is_chase([(0, EAST), (1, EAST), (2, EAST), (3, WEST)])


def test_west_wind_exception_004_l411() -> None:
    """004 l.409-411: the 4th West may be shown and kept; the chasers are paid 5."""
    assert may_show_west(WEST, LRC) and not may_show_west(EAST, LRC)
    assert net(chasing_tiles(1, WEST, LRC)) == [5, -15, 5, 5, 0]


def test_triple_dice_lrc_only_004_l344() -> None:
    """004 l.343-345: triple 1-5 pays the dealer 5 from each; 6-6-6 pays 10; LRC only."""
    assert net(triple_dice(2, (4, 4, 4), LRC)) == [-5, -5, 15, -5, 0]
    assert net(triple_dice(2, (6, 6, 6), LRC)) == [-10, -10, 30, -10, 0]
    assert triple_dice(2, (4, 4, 5), LRC) == ()
    assert triple_dice(2, (4, 4, 4), DXB) == ()
    with pytest.raises(SettlementError):
        triple_dice(0, (0, 0, 0), LRC)


def test_dead_hand_pot_004_l468() -> None:
    """004 l.468: each player places 5 in their corner (20 in play)."""
    assert net(dead_hand(LRC)) == [-5, -5, -5, -5, 20]


def test_pot_goes_to_next_self_draw_winner_004_l470() -> None:
    """004 l.470-472: collected by the next self-draw winner; carried over draws."""
    two_draws = dead_hand(LRC) + dead_hand(LRC)
    assert net(two_draws + collect_pot(3, 40)) == [-10, -10, -10, 30, 0]
    assert collect_pot(3, 0) == ()


def test_pot_returned_at_game_end() -> None:
    """Decision (card silent): an uncollected pot goes back to who put it in."""
    assert net(dead_hand(LRC) + return_pot(20, (5, 5, 5, 5))) == [0, 0, 0, 0, 0]
    with pytest.raises(SettlementError):
        return_pot(20, (5, 5, 5, 0))
    assert all(p.payer == POT for p in return_pot(20, (5, 5, 5, 5)))
