"""The card's notes as rules, the table options and switches, and impossible situations.

Line numbers are those of seed ``004_23ad4b5675410971.txt`` (the LRC/DXB card).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from mahjongkit.errors import InvalidSituationError
from mahjongkit.hand import Hand
from mahjongkit.rules.ruleset import Ruleset, get_ruleset
from mahjongkit.scoring import Outcome, Score, score
from mahjongkit.scoring.situation import Situation

RULESETS = {"lrc": "taiwanese-lrc", "dxb": "taiwanese-dxb"}
HONOR_CHOWS = "123m456m789m123p456pEE"
NICO = "1122m3344p5566s777sEE"


def rules(column: str, **options: Any) -> Ruleset:
    base = get_ruleset(RULESETS[column])
    return base.changed(**options)


def scored(
    hand: str, column: str, situation: dict[str, Any] | None = None, **options: Any
) -> Score:
    sit = Situation.from_dict(situation or {}, strict=True)
    return score(Hand.parse(hand, size=16), sit, rules(column, **options))


def pts(result: Score) -> dict[str, int]:
    return {i.id: i.total for i in result.items}


# -- notes on the card --------------------------------------------------------------
@pytest.mark.parametrize("column", ["lrc", "dxb"])
def test_all_sheung_fifteen_is_awarded_once(column: str) -> None:
    """Lines 203 and 301: 'includes the 5 pts above — awarded once, do not duplicate'."""
    p = pts(scored("123m456m789m123p456p5s5s", column))
    assert p["all_sheung_no_flowers_no_honors"] == 15
    for gone in ("all_sheung_hand", "no_flowers_no_honors", "no_flowers", "no_honors"):
        assert gone not in p


@pytest.mark.parametrize("column", ["lrc", "dxb"])
def test_a_ladder_scores_its_top_rung_only_lines_216_219(column: str) -> None:
    """Lines 216-219 are rungs of one ladder: Big Four Winds (60 LRC, 80 DXB) is the only
    wind combination scored. Its rungs are implied in a chain (Big Four -> Little Four ->
    Big Three -> Little Three), so an implied rung still removes the rungs below it."""
    p = pts(scored("EEESSSWWWNNN123m5p5p", column))
    assert p["big_four_winds"] == {"lrc": 60, "dxb": 80}[column]
    rungs = ("little_four_winds", "big_three_winds", "little_three_winds")
    assert not set(rungs) & set(p)


def test_no_flower_no_honor_five_replaces_the_ones() -> None:
    """Lines 200-202: by default the 5 replaces the two 1s; the switch adds all three."""
    hand = "111m456m789m123p456p5s5s"
    assert {"no_flowers", "no_honors"}.isdisjoint(pts(scored(hand, "lrc")))
    p = pts(scored(hand, "lrc", lets_start_cumulative=True))
    assert (p["no_flowers"], p["no_honors"], p["no_flowers_no_honors"]) == (1, 1, 5)


@pytest.mark.parametrize("column", ["lrc", "dxb"])
def test_both_complete_sequences_can_be_collected(column: str) -> None:
    """Line 234: 'A player can collect points for both' (mixed and pure)."""
    p = pts(scored("123m456m789m456p789sEE", column))
    assert "pure_complete_sequence_concealed" in p
    assert "mixed_complete_sequence_concealed" in p


def test_a_discard_inside_the_sequence_makes_it_partially_concealed() -> None:
    """Lines 396-398: a discard completing the run is Partially Concealed."""
    p = pts(scored("123m45p789s234s555sEE6p", "lrc"))
    assert p["mixed_complete_sequence_exposed"] == 5
    assert "mixed_complete_sequence_concealed" not in p
    drawn = pts(scored("123m45p789s234s555sEE6p", "lrc", {"self_drawn": True}))
    assert drawn["mixed_complete_sequence_concealed"] == 10


def test_concealed_sequence_literal_reading_needs_the_self_drawn_tile_in_it() -> None:
    """Line 396 read literally (switch complete_sequence_concealed = self_drawn_completion)."""
    hand = "123m456p789s234s555sEE"
    assert "mixed_complete_sequence_concealed" in pts(scored(hand, "lrc"))
    literal = pts(scored(hand, "lrc", complete_sequence_concealed="self_drawn_completion"))
    assert "mixed_complete_sequence_exposed" in literal


def test_both_bouquets_can_be_collected_and_are_paid_at_once_by_default() -> None:
    """Line 209: 'A player can collect both'; lines 208-209: all players pay immediately."""
    sit = {"flowers": "1f2f3f4f5f"}
    default = scored(HONOR_CHOWS, "lrc", sit)
    assert {"mixed_bouquet", "pure_garden"}.isdisjoint(pts(default))
    assert any("Pure Garden" in n for n in default.notes)
    assert any("Mixed Bouquet" in n for n in default.notes)
    counted = pts(scored(HONOR_CHOWS, "lrc", sit, bouquets_in_hand_score=True))
    assert (counted["pure_garden"], counted["mixed_bouquet"]) == (10, 5)
    apart = pts(
        scored(HONOR_CHOWS, "lrc", sit, bouquets_in_hand_score=True, bouquets_share_flowers=False)
    )
    assert "pure_garden" in apart
    assert "mixed_bouquet" not in apart


@pytest.mark.parametrize("column", ["lrc", "dxb"])
def test_special_hand_first_and_base_point_last(column: str) -> None:
    """Line 347: Special Hand points first; line 342: Base Point always last."""
    result = scored(NICO, column, {"self_drawn": True})
    assert result.items[0].id == "nico_nico"
    assert result.items[-1].id == "base_point"
    assert [i.id for i in result.items].count("base_point") == 1


def test_good_eyes_in_nico_nico_needs_a_winning_258() -> None:
    """Line 353: holding pairs of 2/5/8 is not enough; the winning tile must be one."""
    assert "good_eyes" not in pts(scored(NICO, "lrc"))  # pairs of 2m and 5s, won on E
    assert pts(scored("1122m3344p6677s888s55s", "lrc"))["good_eyes"] == 2  # won on 5s


@pytest.mark.parametrize("column", ["lrc", "dxb"])
def test_no_calling_in_nico_nico(column: str) -> None:
    """Lines 336, 349: Calling / Closing is not permitted in Nico Nico."""
    with pytest.raises(InvalidSituationError, match="Nico Nico"):
        scored(NICO, column, {"ting": True})


def test_calling_with_a_hand_that_also_reads_as_sets_scores_the_sets() -> None:
    """Line 336: with Ting the Nico Nico reading is dropped, the set reading stays."""
    hand = "112233m445566p77sEEE"  # seven pairs + pung, and also sheungs + pair
    plain = scored(hand, "lrc")
    calling = scored(hand, "lrc", {"ting": True})
    assert plain.items[0].id == "nico_nico"
    assert "nico_nico" not in pts(calling)
    assert pts(calling)["calling"] == 5


def test_no_calling_in_orphan_hands() -> None:
    """Line 336 (and 355): no Calling in Orphan hands."""
    with pytest.raises(InvalidSituationError):
        scored("19m19p19sESWNCFP123mE", "dxb", {"ting": True})


def test_chicken_hand_is_twenty_five() -> None:
    """Line 360: a win of only 1 point before Base Point is 20 + 5 = 25 (LRC only). West
    wins (not the dealer, line 320) with a flower not his seat's (line 207)."""
    hand, sit = "[123m1][345p1]789s222sWW67s5s", {"flowers": "2f", "seat_wind": "W"}
    lrc = scored(hand, "lrc", sit)
    assert [(i.id, i.total) for i in lrc.items] == [("chicken_hand", 20), ("base_point", 5)]
    assert lrc.total == 25
    assert scored(hand, "dxb", sit).total == 1 + 5


@pytest.mark.parametrize(("flowers", "total"), [("1f2f3f4f5f6f7f", 20), ("1f2f3f4f5f6f7f8f", 40)])
def test_seven_and_eight_flowers_award_no_other_points(flowers: str, total: int) -> None:
    """Lines 210-211, 384, 390: an instant win, no other points awarded."""
    result = scored(HONOR_CHOWS, "lrc", {"flowers": flowers, "self_drawn": True})
    assert result.total == total
    assert len(result.items) == 1
    with_base = scored(
        HONOR_CHOWS, "lrc", {"flowers": flowers, "self_drawn": True}, flower_win_base_point=True
    )
    assert with_base.total == total + 5


def test_an_open_kong_counts_as_a_concealed_pong() -> None:
    """Lines 228 and 266: 1x Open Kong = 1x Concealed Pong."""
    hand = "[5555p1]222m777s123s456sEE"
    assert "two_concealed_pongs" not in pts(scored(hand, "lrc"))  # 222m, 777s + kong = 3
    assert pts(scored(hand, "lrc"))["three_concealed_pongs"] == 10
    off = pts(scored(hand, "lrc", open_kong_counts_as_concealed_pong=False))
    assert off["two_concealed_pongs"] == 5


def test_a_discard_completing_a_pong_leaves_it_exposed() -> None:
    """Line 266: 'Any tile drawn from the Wall counts as Concealed' - a discard does not."""
    hand = "222m777p99s123s456sEE9s"
    assert "two_concealed_pongs" in pts(scored(hand, "lrc"))
    assert "three_concealed_pongs" in pts(scored(hand, "lrc", {"self_drawn": True}))


def test_kongs_do_not_break_a_concealed_hand() -> None:
    """Lines 230, 292, 323: no tiles exposed except Flowers & Kongs."""
    hand = "[5555p1]123m456m789m123sEE"
    assert "concealed_hand_discard" in pts(scored(hand, "lrc"))
    strict = pts(scored(hand, "lrc", open_kong_breaks_concealed=True))
    assert "concealed_hand_discard" not in strict
    promoted = pts(scored("[5555p5]123m456m789m123sEE", "lrc", open_kong_breaks_concealed=True))
    assert "concealed_hand_discard" in promoted  # line 230: a self-drawn kong on the pong


def test_step_up_suits_switch() -> None:
    """Line 280 'must use all 3 suits' (default) vs line 284 'any suit combination'."""
    hand = "123m234m345m999s555pEE"
    assert "step_up_sheungs" not in pts(scored(hand, "lrc"))
    assert pts(scored(hand, "lrc", step_up_suits="any"))["step_up_sheungs"] == 5


@pytest.mark.parametrize(
    ("how", "expected"),
    [
        ("higher", {"no_terminals_no_honors_dxb": 8}),
        ("both", {"no_terminals_no_honors_dxb": 8, "no_terminal_tiles": 5}),
        ("terminals_section", {"no_terminal_tiles": 5}),
    ],
)
def test_the_two_dxb_no_terminal_lines(how: str, expected: dict[str, int]) -> None:
    """Lines 204 and 273: DXB prints the same condition twice (8 and 5)."""
    p = pts(scored("234m456m678m234p456p5s5s", "dxb", dxb_no_terminals=how))
    got = {k: v for k, v in p.items() if k in ("no_terminals_no_honors_dxb", "no_terminal_tiles")}
    assert got == expected


def test_lrc_has_only_the_terminals_section_line() -> None:
    """Line 204 is DXB only; LRC scores line 273's 5."""
    p = pts(scored("234m456m678m234p456p5s5s", "lrc"))
    assert p["no_terminal_tiles"] == 5
    assert "no_terminals_no_honors_dxb" not in p


def test_four_in_ways_with_and_without_the_pair() -> None:
    """Lines 286-290: 66 + 456 + 678 is 3 ways when the pair counts, else 2."""
    hand = "456m678m123p789s555s66m"
    assert "four_in_three_ways" in pts(scored(hand, "lrc"))
    assert "four_in_two_ways" in pts(scored(hand, "lrc", four_in_ways_pair_counts=False))


def test_single_wait_by_reading_switch() -> None:
    """Line 317 'only 1 specific tile' (default) vs any pair/edge/closed reading."""
    hand = "123m456m789m555s12344p"  # 1234p waits on 1p and 4p; won on the 44p pair
    assert "true_single_wait" not in pts(scored(hand, "lrc"))
    assert "true_single_wait" in pts(scored(hand, "lrc", single_wait_by_reading=True))


def test_kong_chain_length_switch() -> None:
    """Line 328 'chain of Kongs, all self-drawn': how many self-drawn kongs it takes."""
    hand, sit = "[5555p]123m456m789m123sEE", {"kong_replacement": True, "self_drawn": True}
    assert "self_drawn_kong_chain" in pts(scored(hand, "lrc", sit))
    longer = pts(scored(hand, "lrc", sit, kong_chain_length=2))
    assert "self_drawn_kong_chain" not in longer
    assert longer["self_draw_flower_wall"] == 5


def test_thirteen_orphans_dxb_bonus_switch() -> None:
    """Line 355: DXB adds +10 if 1s & 9s are present in all 3 suits."""
    hand = "19m19p19sESWNCFP123mE"
    assert pts(scored(hand, "dxb"))["thirteen_orphans_all_terminals"] == 10
    assert "thirteen_orphans_all_terminals" not in pts(
        scored(hand, "dxb", thirteen_orphans_dxb_bonus=False)
    )


# -- table options (lines 20-26) ----------------------------------------------------
@pytest.mark.parametrize(
    ("hand", "combination", "pong", "each"),
    [
        ("EEESSS123m456p789sWW", "little_three_winds", "pong_of_winds", 1),  # 216 over 213
        ("EEESSSWWW123m456p5s5s", "big_three_winds", "pong_of_winds", 1),  # 217 over 213
        ("CCCFFF123m456p789sPP", "little_dragons", "pong_of_dragons", 2),  # 225 over 224
        ("CCCFFFPPP123m456p5s5s", "big_dragons", "pong_of_dragons", 2),  # 226 over 224
    ],
)
@pytest.mark.parametrize("column", ["lrc", "dxb"])
def test_honour_combinations_and_their_pongs_switch(
    hand: str, combination: str, pong: str, each: int, column: str
) -> None:
    """Lines 213-226: a combination is defined by its pongs ("2x Pongs of Winds + ...")
    without saying it includes their 1x Pong lines, so by default they still score;
    `honour_sets_score_their_pongs = false` lets the combination replace them. West in an
    East round: the pong of East keeps its round-wind +1 (line 215) either way."""
    sit = {"seat_wind": "W"}
    both = pts(scored(hand, column, sit))
    pongs = 2 if combination.startswith("little") else 3
    assert both[pong] == each * pongs and combination in both
    alone = pts(scored(hand, column, sit, honour_sets_score_their_pongs=False))
    assert pong not in alone and alone[combination] == both[combination]
    assert alone.get("round_wind_pong") == both.get("round_wind_pong")
    if "winds" in combination:
        assert alone["round_wind_pong"] == 1


@pytest.mark.parametrize("column", ["lrc", "dxb"])
@pytest.mark.parametrize(
    ("situation", "fully_exposed"),
    [({}, "fully_exposed_hand_discard"), ({"self_drawn": True}, "self_draw_fully_exposed")],
)
def test_fully_exposed_hand_and_true_single_wait_switch(
    column: str, situation: dict[str, Any], fully_exposed: str
) -> None:
    """Lines 293, 325-326: a Fully Exposed Hand has only the pair's tile concealed, so it
    always waits on one tile (line 317). Both score by default (no exclusion printed);
    `fully_exposed_single_wait = false` counts the wait inside the Fully Exposed line."""
    hand = "[123m1][456p1][789s1][EEE2][CCC3]5m5m"
    sit = {"seat_wind": "S", **situation}
    both = pts(scored(hand, column, sit))
    assert fully_exposed in both and both["true_single_wait"] == 2
    alone = pts(scored(hand, column, sit, fully_exposed_single_wait=False))
    assert alone[fully_exposed] == both[fully_exposed] and "true_single_wait" not in alone
    # A hand that is not fully exposed keeps its single wait under the switch (line 317).
    partly = "[123m1][456p1][789s1][EEE2]CCC5m5m"
    assert pts(scored(partly, column, sit, fully_exposed_single_wait=False))["true_single_wait"]


@pytest.mark.parametrize("column", ["lrc", "dxb"])
def test_seabed_and_self_draw_switch(column: str) -> None:
    """Lines 321, 332: the Seabed Hand's tile is the last picked from the Wall, always a
    self-draw. Self Draw from the Wall scores with it by default (no exclusion printed);
    `seabed_with_self_draw = false` lets Seabed replace it. A concealed hand's Self Draw
    with a Concealed Hand (line 323) is another line and stays."""
    sit = {"self_drawn": True, "last_wall_tile": True, "seat_wind": "S"}
    exposed = "[123m1]456m789m123p456pEE"
    both = pts(scored(exposed, column, sit))
    assert both["self_draw"] == {"lrc": 1, "dxb": 5}[column]
    assert both["seabed_hand"] == {"lrc": 10, "dxb": 20}[column]
    alone = pts(scored(exposed, column, sit, seabed_with_self_draw=False))
    assert "self_draw" not in alone and alone["seabed_hand"] == both["seabed_hand"]
    concealed = pts(scored(HONOR_CHOWS, column, sit, seabed_with_self_draw=False))
    assert "self_draw_concealed_hand" in concealed and "seabed_hand" in concealed


@pytest.mark.parametrize("column", ["lrc", "dxb"])
def test_nico_nico_won_on_its_pong_and_calling_by_pairs_switch(column: str) -> None:
    """Lines 316, 347-350: a Nico Nico won on the tile that makes its pong (777s here)
    scores Calling by Pairs by default, other points counting as normal (line 347);
    `nico_nico_calling_by_pairs = false` does not. Won on its pair, nothing changes."""
    on_pong = "1122m3344p5566sEE777s"
    sit = {"seat_wind": "S"}
    both = pts(scored(on_pong, column, sit))
    assert both["nico_nico"] == 40 and both["calling_by_pairs"] == 2
    alone = pts(scored(on_pong, column, sit, nico_nico_calling_by_pairs=False))
    assert alone["nico_nico"] == 40 and "calling_by_pairs" not in alone
    on_pair = pts(scored(NICO, column, sit, nico_nico_calling_by_pairs=False))
    assert on_pair["true_single_wait"] == 2
    # A regular hand calling by pairs keeps the item under the switch.
    regular = "123m456m789m123p55sEE5s"
    assert pts(scored(regular, column, sit, nico_nico_calling_by_pairs=False))["calling_by_pairs"]


@pytest.mark.parametrize(("wind", "minimum"), [("E", 22), ("S", 22), ("W", 24), ("N", 26)])
def test_dxb_minimum_by_prevalent_wind(wind: str, minimum: int) -> None:
    """Lines 23, 199: DXB suggestion East 22, South 22, West 24, North 26."""
    result = scored(HONOR_CHOWS, "dxb", {"prevalent_wind": wind}, minimum="dxb")
    assert result.minimum == minimum
    assert result.outcome is (Outcome.WIN if result.total >= minimum else Outcome.BELOW_MINIMUM)


def test_lrc_minimum_and_no_minimum_by_default() -> None:
    """Line 23: LRC suggestion East 20, 18 after a win; none unless agreed."""
    assert scored(HONOR_CHOWS, "lrc").minimum == 0
    low = scored("[123m1][345p1]789s222sWW67s5s", "dxb", minimum="lrc")
    assert (low.minimum, low.outcome) == (20, Outcome.BELOW_MINIMUM)
    assert scored(HONOR_CHOWS, "lrc", minimum="lrc-after-win").minimum == 18


def test_ting_not_in_play() -> None:
    """Line 24: whether Calling / Ting is in play is agreed at the table."""
    with pytest.raises(InvalidSituationError, match="not in play"):
        scored(HONOR_CHOWS, "lrc", {"ting": True}, ting_in_play=False)


def test_dealer_streak_bonus_and_cap() -> None:
    """Lines 415-423: die 1..5 pays 3, 5, 7, 9, 11; lines 25, 432: DXB suggests a cap of 6."""
    for die, bonus in [(1, 3), (2, 5), (3, 7), (4, 9), (5, 11), (8, 17)]:
        p = pts(scored(HONOR_CHOWS, "dxb", {"dealer": True, "dealer_streak": die}))
        assert p["dice_on_the_wall"] == bonus
    capped = pts(scored(HONOR_CHOWS, "dxb", {"dealer": True, "dealer_streak": 8}, die_cap=6))
    assert capped["dice_on_the_wall"] == 13


def test_dealer_pays_the_die_bonus_when_giving_the_winning_tile() -> None:
    """Line 428: a dealer giving the winning tile pays the die bonus too."""
    sit = {"discarder_is_dealer": True, "dealer_streak": 3, "seat_wind": "S"}
    assert pts(scored(HONOR_CHOWS, "lrc", sit))["dice_on_the_wall"] == 7


def test_unknown_switch_value_is_an_error() -> None:
    """Every switch checks its value."""
    with pytest.raises(InvalidSituationError, match="step_up_suits"):
        rules("lrc", step_up_suits="two")


def test_house_rules_file_sets_the_table_options(tmp_path: Path) -> None:
    """Lines 20-26 agreed in a house-rules TOML file."""
    from mahjongkit.rules.house import load_house_rules

    path = tmp_path / "dubai-club.toml"
    path.write_text(
        'name = "dubai-club"\nbase = "taiwanese-dxb"\n\n[play]\nting_in_play = false\n'
        '[table]\ndie_cap = 6\n[scoring.sheet]\nminimum = "dxb"\nstep_up_suits = "any"\n'
        '[scoring.fans]\n"Good Eyes" = 3\n'
    )
    club = load_house_rules(path)
    opts = club.scoring.sheet
    assert opts is not None
    assert (opts.minimum, club.play.ting_in_play, club.table.die_cap) == ("dxb", False, 6)
    result = score(Hand.parse("123m234p345s999s555p5m5m", size=16), Situation(), club)
    p = pts(result)
    assert (p["step_up_sheungs"], p["good_eyes"], result.minimum) == (5, 3, 22)


# -- situations that cannot happen ---------------------------------------------------
@pytest.mark.parametrize(
    ("situation", "message"),
    [
        ({"earthly": True, "dealer": True, "discarder_is_dealer": False}, "dealer cannot"),
        ({"heavenly": True, "dealer": True}, "never won on a discard"),
        ({"heavenly": True, "self_drawn": True, "seat_wind": "S"}, "only East"),
        ({"earthly": True, "seat_wind": "S"}, "discarder_is_dealer"),
        ({"earthly": True, "seat_wind": "S", "self_drawn": True}, "first discard"),
        ({"robbing_kong": True, "self_drawn": True}, "not self-drawn"),
        ({"kong_replacement": True, "self_drawn": True}, "no kong"),
        ({"flower_replacement": True, "self_drawn": True}, "no flower"),
        ({"last_wall_tile": True}, "Seabed"),
        ({"dealer": True, "seat_wind": "S"}, "dealer is true but seat_wind is S"),
        ({"dealer": False}, "dealer is false but seat_wind is E"),
        ({"dealer": False, "seat_wind": "E"}, "East is the dealer"),
        ({"dealer": True, "discarder_is_dealer": True}, "to himself"),
        ({"discarder_is_dealer": True}, "winner sits East, so is the dealer"),
        ({"discarder_is_dealer": True, "self_drawn": True, "seat_wind": "S"}, "self-drawn"),
        ({"heavenly": True, "dealer": True, "self_drawn": True, "ting": True}, "Heavenly"),
    ],
)
def test_impossible_situations_are_errors(situation: dict[str, Any], message: str) -> None:
    """Lines 333-334 (earthly / heavenly), 327, 332, 320, and the like."""
    with pytest.raises(InvalidSituationError, match=message):
        scored(HONOR_CHOWS, "lrc", situation)


def test_heavenly_hand_with_a_claimed_set_is_an_error() -> None:
    """Line 334: a dealt hand has no claimed sets."""
    with pytest.raises(InvalidSituationError, match="claimed"):
        scored(
            "[123m1]456m789m123p456pEE",
            "lrc",
            {"heavenly": True, "dealer": True, "self_drawn": True},
        )


def test_robbing_a_kong_of_a_tile_the_winner_holds_twice_is_an_error() -> None:
    """Line 124: the robbed tile is the 4th, added to someone's exposed pung."""
    with pytest.raises(InvalidSituationError, match="robbing_kong"):
        scored(HONOR_CHOWS, "lrc", {"robbing_kong": True})


def test_tiles_on_table_below_the_winners_own_declared_tiles_is_an_error() -> None:
    """Lines 329-331 count discarded/declared tiles; the winner's melds are among them."""
    with pytest.raises(InvalidSituationError, match="tiles_on_table"):
        scored("[123m1][456m1]789m123p456pEE", "lrc", {"tiles_on_table": 4})


def test_flowers_in_hand_and_situation_must_agree() -> None:
    """Flowers may be written in the hand or given in the situation, not both differently."""
    hand = Hand.parse("1f123m456m789m123p456pEE", size=16)
    with pytest.raises(InvalidSituationError, match="flowers"):
        score(hand, Situation(flowers=(35,)), "taiwanese-lrc")
    assert score(hand, Situation(), "taiwanese-lrc").fan_counts()["Flower of player's seat"] == 1


def test_a_thirteen_tile_hand_is_not_taiwanese() -> None:
    """Seed 003 line 7: five sets and a pair, seventeen tiles at the win."""
    from mahjongkit.errors import InvalidHandError

    with pytest.raises(InvalidHandError, match="16 tiles"):
        score(Hand.parse("123m456m789m123pEE"), Situation(), "taiwanese-lrc")


def test_flowers_toward_the_minimum_switch() -> None:
    """Lines 23 and 206: flower points count towards the minimum unless the table says not."""
    hand = Hand.parse(HONOR_CHOWS, size=16)
    sit = Situation.from_dict({"flowers": "2f3f"})
    total = score(hand, sit, "taiwanese-lrc").total  # 2 of it from the flowers
    table = rules("lrc", minimum_points=total)
    assert score(hand, sit, table).outcome is Outcome.WIN
    strict = rules("lrc", flowers_count_toward_minimum=False, minimum_points=total)
    assert score(hand, sit, strict).outcome is Outcome.BELOW_MINIMUM


def test_a_house_price_for_an_item_the_sheet_lacks_scores() -> None:
    """004 line 320: East Seat / Dealer tile is on the LRC sheet only; a DXB table that
    prices it in its house rules ([scoring.fans] may price an item the base lacks) scores it."""
    house = replace(
        get_ruleset("taiwanese-dxb").changed(item_values=(("dealer_tile", 1),)),
        name="dxb-with-dealer-tile",
    )
    hand = Hand.parse("123m456m789m123p456p5s5s", size=16)
    situation = Situation(dealer=True, self_drawn=True)
    assert "dealer_tile" not in pts(score(hand, situation, "taiwanese-dxb"))
    assert pts(score(hand, situation, house))["dealer_tile"] == 1
