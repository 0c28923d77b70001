"""The situation of an MCR win: impossible situations, derived facts, outcomes, rulesets."""

from __future__ import annotations

import pytest

from mahjongkit.errors import InvalidSituationError
from mahjongkit.hand import Hand
from mahjongkit.rules.ruleset import get_ruleset
from mahjongkit.scoring import Outcome, Situation, score

PLAIN = "[123p1]456p789s5s5s24m3m"


@pytest.mark.parametrize(
    ("hand", "situation", "why"),
    [
        (PLAIN, Situation(self_drawn=True, kong_replacement=True), "no kong (002 line 157)"),
        (PLAIN, Situation(self_drawn=True, robbing_kong=True), "robbing is on a discard, 160"),
        (PLAIN, Situation(kong_replacement=True, robbing_kong=True), "both kong wins"),
        ("[333m1]456p789s5s5s24m3m", Situation(robbing_kong=True), "a 3m in a meld, 159"),
        ("[123p1]456p789s5s5s33m3m", Situation(robbing_kong=True), "a 3m concealed, 159"),
        (PLAIN, Situation(robbing_kong=True, last_wall_tile=True), "no kong on the last tile"),
        ("[123p1]456p789s5s5s33m3m", Situation(last_of_kind=True), "holds a 3m (002 179)"),
        ("[123p1]456p789s24m3m5s5s", Situation(last_of_kind=True), "pair of 5s held, 179"),
    ],
)
def test_impossible_situations_are_errors(hand: str, situation: Situation, why: str) -> None:
    with pytest.raises(InvalidSituationError):
        score(hand, situation, "mcr")


def test_flowers_in_the_hand_and_the_situation_must_agree() -> None:
    """002 line 209: a point per flower, counted once whether written in the hand or
    given in the situation; a count that disagrees with the hand is an error."""
    with pytest.raises(InvalidSituationError):
        score("1f2f" + PLAIN, Situation(flowers=3), "mcr")
    assert score("1f2f" + PLAIN, Situation(flowers=2), "mcr").fan_counts()["Flower Tiles"] == 2
    assert score("1f2f" + PLAIN, Situation(), "mcr").fan_counts()["Flower Tiles"] == 2


def test_last_of_its_kind_follows_from_three_copies_in_the_melds() -> None:
    """002 line 179: the other three in exposed sets make the winning tile the last."""
    result = score("[345m1][345m2][345m3]5p5p34m5m", Situation(), "mcr-gb")
    assert "last_tile" in {i.id for i in result.items}


def test_a_kong_replacement_win_is_self_drawn() -> None:
    """002 line 157: the replacement tile comes from the wall."""
    result = score("[1111m1]456p789s234m5s5s", Situation(kong_replacement=True), "mcr-gb")
    ids = {i.id for i in result.items}
    assert "out_with_replacement_tile" in ids
    assert "self_drawn" not in ids  # implied (002 line 158)


def test_kong_replacement_on_the_last_tile_scores_both() -> None:
    """002 lines 154 and 157: a kong declared with one tile left, its replacement the
    last tile of the wall, scores Last Tile Draw and Out with Replacement Tile."""
    result = score(
        "[1111m1]456p789s234m5s5s",
        Situation(self_drawn=True, kong_replacement=True, last_wall_tile=True),
        "mcr-gb",
    )
    assert {"out_with_replacement_tile", "last_tile_draw"} <= {i.id for i in result.items}


def test_a_pung_completed_by_a_discard_is_not_concealed() -> None:
    """002 line 189: Two Concealed Pungs counts pungs made without claiming."""
    discard = score("[123m1][456p1]222s55s333m", Situation(), "mcr-gb")
    drawn = score("[123m1][456p1]222s55s333m", Situation(self_drawn=True), "mcr-gb")
    assert "two_concealed_pungs" not in {i.id for i in discard.items}
    assert "two_concealed_pungs" in {i.id for i in drawn.items}


def test_the_winning_tile_read_in_a_chow_keeps_the_pung_concealed() -> None:
    """002 line 217 (free choice): 3m completes 123m, so 333m stays concealed."""
    ids = {i.id for i in score("[456p1]12333m555s9s9s3m", Situation(), "mcr-gb").items}
    assert "two_concealed_pungs" in ids


def test_waits_count_only_on_one_tile_alone() -> None:
    """002 lines 203, 205, 207: no wait fan when the hand waited on two tiles."""
    single = score("[456p1][789s1][111s1]123m5m5m", Situation(), "mcr-gb")
    two_way = score("[456p1][789s1][111s1]1234m1m", Situation(), "mcr-gb")
    assert "single_wait" in {i.id for i in single.items}
    assert not {"single_wait", "edge_wait", "closed_wait"} & {i.id for i in two_way.items}


def test_not_a_win_is_an_outcome() -> None:
    result = score("123m456p789s1234s5s", Situation(), "mcr")
    assert result.outcome is Outcome.NOT_A_WIN
    assert not result.qualifies
    waiting = score(Hand.parse("123m456p789s1234s"), Situation(), "mcr")
    assert waiting.outcome is Outcome.NOT_A_WIN


def test_below_the_minimum_is_an_outcome_and_flowers_do_not_count() -> None:
    """002 line 209: flowers never count towards the 8-point minimum."""
    result = score("[234m1]456p678s345m5s5s", Situation(flowers=8), "mcr")
    assert result.total == 4 + 8
    assert result.total_without_flowers == 4
    assert result.outcome is Outcome.BELOW_MINIMUM


def test_two_concealed_kongs_and_mixed_kongs_differ_by_ruleset() -> None:
    """002 line 162 / 000 line 237 (8) and 002 line 178 / 000 line 264 (6) vs the rulebook."""
    two = "[1111m][2222p]333s456m9s9s"
    mixed = "[1111m][2222p1]333s456m9s9s"
    assert score(two, Situation(), "mcr").total - score(two, Situation(), "mcr-gb").total == 2
    assert score(mixed, Situation(), "mcr").total - score(mixed, Situation(), "mcr-gb").total == 1


def test_a_removed_fan_neither_scores_nor_excludes() -> None:
    """001 line 45: with Prevalent Wind deleted, the wind pung scores as an honours pung."""
    rules = get_ruleset("mcr").changed(removed_items=frozenset({"prevalent_wind"}))
    hand = "[SSS1]123m456p789s5s5s"
    fans = score(hand, Situation(prevalent_wind=28), rules).fan_counts()
    assert "Prevalent Wind" not in fans
    assert fans["Pung of Terminals or Honors"] == 1


def test_a_removed_set_pattern_lets_smaller_patterns_count() -> None:
    """001 line 7 (fans deleted from the table) with 002 lines 151 and 194: without Mixed
    Triple Chow, the three chows count as Mixed Double Chows."""
    rules = get_ruleset("mcr").changed(removed_items=frozenset({"mixed_triple_chow"}))
    fans = score("123m123p123s456m5s5s", Situation(), rules).fan_counts()
    assert fans.get("Mixed Double Chow") == 2


def test_bp_club_flower_items_when_priced() -> None:
    """001 lines 77-80: No Flower Tiles 1, Flower Tile 1 each, a set 2, seat flower 1."""
    rules = get_ruleset("mcr").changed(
        item_values=(("flower_or_season_set", 2), ("no_flower_tiles", 1), ("seat_flower", 1))
    )
    none = score(PLAIN, Situation(), rules).fan_counts()
    assert none.get("No Flower Tiles") == 1
    some = score("1f2f3f4f6f" + PLAIN, Situation(seat_wind=28), rules)
    fans = some.fan_counts()
    assert fans["Flower Tiles"] == 5
    assert fans["Flower or Season Set"] == 1
    assert fans["Seat Flower"] == 2  # 2f and 6f belong to South
    assert "No Flower Tiles" not in fans
    assert some.total_without_flowers == score(PLAIN, Situation(), "mcr").total


def test_without_the_combined_kong_fan_both_kong_fans_score() -> None:
    """001 lines 127-128: the club has no combined fan; a melded and a concealed kong
    score Melded Kong and Concealed Kong (a deleted fan neither scores nor excludes)."""
    rules = get_ruleset("mcr").changed(removed_items=frozenset({"concealed_kong_and_melded_kong"}))
    fans = score("[1111m][2222p1]333s456m9s9s", Situation(), rules).fan_counts()
    assert fans.get("Melded Kong") == 1
    assert fans.get("Concealed Kong") == 1
    full = score("[1111m][2222p1]333s456m9s9s", Situation(), "mcr").fan_counts()
    assert "Melded Kong" not in full
    assert full["Concealed Kong and Melded Kong"] == 1


def test_a_win_on_a_flower_replacement_is_self_drawn() -> None:
    """002 line 210: going out on a flower's replacement tile counts as Self-Drawn."""
    result = score(PLAIN, Situation(flower_replacement=True), "mcr-gb")
    assert "self_drawn" in {i.id for i in result.items}


def test_a_flower_replacement_is_not_a_kong_replacement() -> None:
    """002 line 158: a flower drawn after a kong, then won on: Self-Drawn, not Out with
    Replacement Tile; asking for both is an error."""
    with pytest.raises(InvalidSituationError):
        score(
            "[1111m1]456p789s234m5s5s",
            Situation(flower_replacement=True, kong_replacement=True),
            "mcr-gb",
        )
