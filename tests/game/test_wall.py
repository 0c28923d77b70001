"""The wall: tiles, shuffle, the build, dice and break, the deal, replacements."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest

from mahjongkit.game.events import EventKind
from mahjongkit.game.state import HandState
from mahjongkit.game.wall import (
    RING_SEATS,
    InvalidWallError,
    Wall,
    break_of,
    full_set,
)
from mahjongkit.rules.ruleset import get_ruleset

MCR = get_ruleset(get_ruleset("mcr")).play
TW = get_ruleset(get_ruleset("taiwanese-lrc")).play


def test_144_tiles_with_flowers_136_without_seed_000_line_5() -> None:
    assert Counter(full_set()) == Counter(
        {**{t: 4 for t in range(34)}, **{f: 1 for f in range(34, 42)}}
    )
    rules = replace(MCR, uses_flowers=False, wall_stacks_per_side=17)
    wall = Wall.shuffled(rules, random.Random(1))
    assert len(wall.tiles) == 136 and not any(t >= 34 for t in wall.tiles)


def test_shuffle_is_seeded_by_the_injected_generator() -> None:
    a = Wall.shuffled(MCR, random.Random(42))
    b = Wall.shuffled(MCR, random.Random(42))
    c = Wall.shuffled(MCR, random.Random(43))
    assert (a.tiles, a.dice) == (b.tiles, b.dice)
    assert a.tiles != c.tiles


def test_a_wall_must_hold_exactly_the_set() -> None:
    tiles = full_set()
    tiles[0] = 1
    with pytest.raises(InvalidWallError, match="each once"):
        Wall(MCR, tiles, [[1, 1], [1, 1]])
    with pytest.raises(InvalidWallError, match="dice"):
        Wall(MCR, full_set(), [[7, 1], [1, 1]])


@pytest.mark.parametrize(
    ("first", "thrower"),
    [(5, 0), (9, 0), (2, 1), (6, 1), (10, 1), (3, 2), (7, 2), (11, 2), (4, 3), (8, 3), (12, 3)],
)
def test_first_throw_chooses_the_second_thrower_seed_000_line_36(first: int, thrower: int) -> None:
    dice = [[first - 1, 1] if first > 2 else [1, 1], [1, 1]]
    assert break_of(MCR, dice)[0] == thrower


def test_break_counts_both_throws_from_the_right_end_of_the_throwers_wall_seed_000_line_39() -> (
    None
):
    # 3+4 = 7: West throws again; 7 + 2+2 = 11 stacks from the right end of West's wall.
    thrower, first_live = break_of(MCR, [[3, 4], [2, 2]])
    assert thrower == 2
    assert first_live == RING_SEATS.index(2) * 18 + 11


def test_one_throw_counts_wall_and_stacks_seed_001_line_20_and_004_line_69() -> None:
    one = replace(MCR, dice_throws=1)
    assert break_of(one, [[2, 3]]) == (0, 5)  # 5: the dealer's own wall, 5 stacks in
    bp_club = get_ruleset("bp-club").play  # its file sets dice_throws = 1
    assert (bp_club.dice_throws, bp_club.dice_count) == (1, 2)
    assert break_of(bp_club, [[2, 3]]) == (0, 5)
    thrower, first = break_of(TW, [[1, 2, 3]])  # 6: South's wall (counting E=1, 5, 9...)
    assert thrower == 1 and first == RING_SEATS.index(1) * 18 + 6


def test_mcr_deal_4_4_4_then_one_and_three_seed_000_line_44() -> None:
    wall = Wall(MCR, full_set(), [[1, 1], [1, 1]])
    front = wall._front
    plan = wall._deal_positions()
    assert [len(p) for p in plan] == [14, 13, 13, 13]
    assert plan[0][:4] == list(front[0:4]) and plan[1][:4] == list(front[4:8])
    # After 48 tiles (24 stacks): dealer top of stacks 25 and 27, South the bottom of 25,
    # West the top of 26, North its bottom.
    assert plan[0][-2:] == [front[48], front[52]]
    assert plan[1][-1] == front[49] and plan[2][-1] == front[50] and plan[3][-1] == front[51]
    wall.deal()
    assert wall.draw() == wall.tiles[front[53]]  # the bottom of the third stack


def test_taiwanese_deal_four_at_a_time_to_16_dealer_17_seed_004_line_74() -> None:
    wall = Wall.shuffled(TW, random.Random(3))
    hands = wall.deal()
    assert [len(h) for h in hands] == [17, 16, 16, 16]
    assert wall.remaining == 144 - 65


def test_replacements_come_from_the_back_end_seed_000_line_48() -> None:
    wall = Wall(MCR, full_set(), [[1, 1], [1, 1]])
    wall.deal()
    back = wall._back
    assert wall.draw_replacement() == wall.tiles[back[0]]  # top of the last stack first
    assert wall.draw_replacement() == wall.tiles[back[1]]


def test_the_reserve_is_not_drawn_seed_001_line_42_and_003_line_141() -> None:
    assert get_ruleset(get_ruleset("bp-club")).play.reserve_tiles == 14
    assert TW.reserve_tiles == 16 and MCR.reserve_tiles == 0
    wall = Wall.shuffled(TW, random.Random(0))
    wall.deal()
    while wall.live:
        wall.draw()
    assert wall.remaining == 16
    with pytest.raises(InvalidWallError):
        wall.draw_replacement()


def test_arranged_wall_deals_and_draws_the_named_tiles() -> None:
    hands = [[0] * 4 + [1] * 4 + [2] * 4 + [3, 4], [5] * 4 + [6] * 4 + [7] * 4 + [8]]
    wall = Wall.arranged(MCR, hands, draws=[33, 34], replacements=[9])
    dealt = wall.deal()
    assert sorted(dealt[0]) == sorted(hands[0]) and sorted(dealt[1]) == sorted(hands[1])
    assert [wall.draw(), wall.draw(), wall.draw_replacement()] == [33, 34, 9]
    with pytest.raises(InvalidWallError, match="more than the set"):
        Wall.arranged(MCR, [[0] * 5])


def test_copy_is_independent() -> None:
    wall = Wall.shuffled(MCR, random.Random(9))
    wall.deal()
    other = wall.copy()
    other.draw()
    assert other.remaining == wall.remaining - 1


def test_shuffled_wall_equals_a_checked_wall() -> None:
    """The shuffled wall skips the checks of a given wall, but is the same wall."""
    rules = get_ruleset("taiwanese-lrc")
    wall = Wall.shuffled(rules, random.Random(11))
    again = Wall(wall.rules, wall.tiles, wall.dice)
    assert (again.tiles, again.dice, again.break_stack, again.thrower) == (
        wall.tiles,
        wall.dice,
        wall.break_stack,
        wall.thrower,
    )
    assert again.deal() == wall.deal()


PER_SEAT = get_ruleset("botzone").play


def test_a_per_seat_wall_is_four_parts_each_dealt_and_drawn_from_its_end() -> None:
    """``wall_layout = "per_seat"`` (the Botzone judge, main.cpp l.645-650, l.386-424):
    seat s owns positions 34s..34s+33 and takes them from the last; no dice, no break."""
    tiles = full_set(False)
    random.Random(3).shuffle(tiles)
    wall = Wall(PER_SEAT, tiles, ())
    hands = wall.deal()
    for seat in range(4):
        part = tiles[34 * seat : 34 * seat + 34][::-1]
        assert hands[seat] == part[: 14 if seat == 0 else 13]
    assert wall.parts_left == (20, 21, 21, 21) and wall.live == 83
    assert wall.draw(2) == tiles[68 + 33 - 13]
    assert wall.draw_replacement(2) == tiles[68 + 33 - 14]  # a replacement: the same part
    assert wall.parts_left == (20, 21, 19, 21)
    assert wall.can_draw_in_turn((2, 3)) and not wall.can_draw_in_turn([2] * 20)
    with pytest.raises(InvalidWallError, match="dice"):
        Wall(PER_SEAT, tiles, [[1, 1]])


def test_a_seat_with_an_empty_part_draws_nothing_though_others_hold_tiles() -> None:
    wall = Wall.arranged(PER_SEAT, [], seat_draws=[[], [5, 6]])
    wall.deal()
    for _ in range(20):
        wall.draw(0)
    assert not wall.can_draw(0) and wall.can_draw(1) and wall.parts_left == (0, 21, 21, 21)
    with pytest.raises(InvalidWallError, match="seat 0's part of the wall is empty"):
        wall.draw(0)
    assert [wall.draw(1), wall.draw(1)] == [5, 6]


def test_a_per_seat_wall_with_flowers_replaces_them_from_the_seats_own_part() -> None:
    """With flowers a part is 36 tiles, and a flower's replacement comes from the seat's
    own part (the judge's BUHUA, main.cpp l.425-433)."""
    rules = get_ruleset("mcr").changed(dice_throws=0, wall_layout="per_seat")
    # South is dealt the plum (1f); its replacement is the orchid (2f), replaced by 8m.
    wall = Wall.arranged(rules, [[], [34] + [0] * 3], seat_draws=[[], [35, 7]])
    state = HandState(rules, wall)
    assert state.flowers == [[], [34, 35], [], []]
    replaced = [e.tile for e in state.events if e.kind is EventKind.DRAW and e.seat == 1]
    assert replaced == [35, 7]
    assert state.wall.parts_left == (36 - 14, 36 - 15, 36 - 13, 36 - 13)


def test_arranging_a_per_seat_wall_takes_seat_draws_only() -> None:
    with pytest.raises(InvalidWallError, match="give seat_draws"):
        Wall.arranged(PER_SEAT, [], draws=[1])
    with pytest.raises(InvalidWallError, match="for a per-seat wall"):
        Wall.arranged(MCR, [], seat_draws=[[1]])
    with pytest.raises(InvalidWallError, match="holds 20 draws"):
        Wall.arranged(PER_SEAT, [], seat_draws=[[1] * 21])


def test_a_per_seat_copy_is_independent() -> None:
    wall = Wall.shuffled(PER_SEAT, random.Random(2))
    wall.deal()
    other = wall.copy()
    other.draw(3)
    assert wall.parts_left == (20, 21, 21, 21) and other.parts_left == (20, 21, 21, 20)


@pytest.mark.parametrize("ruleset", ["taiwanese-lrc", "botzone"])
def test_a_reshuffled_wall_keeps_the_hand_so_far_and_draws_anew(ruleset: str) -> None:
    """`Wall.reshuffled`: what was dealt and drawn stays taken, the rest is shuffled again
    (the same tiles, another order), and drawing from the copy leaves the original whole."""
    wall = Wall.shuffled(get_ruleset(ruleset), random.Random(3))
    wall.deal()
    for n in range(10):
        wall.draw(n % 4)
    untaken, remaining = wall.untaken(), wall.remaining
    again = wall.reshuffled(random.Random(4))
    assert sorted(again.untaken()) == sorted(untaken) and again.remaining == remaining
    assert again.untaken() != untaken
    drawn = [again.draw(n % 4) for n in range(20)]
    before = wall.copy()
    assert drawn != [before.draw(n % 4) for n in range(20)]
    assert wall.untaken() == untaken and wall.remaining == remaining
    assert Counter(drawn) + Counter(again.untaken()) == Counter(untaken)
