"""Every item of both Taiwanese sheets: a hand that scores it and a near miss that doesn't.

Each case names the line of seed ``004_23ad4b5675410971.txt`` (the card) it rests on.
An item printed with a dash in one column must never appear on that sheet.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import pytest

from mahjongkit.hand import Hand
from mahjongkit.rules.ruleset import Ruleset, get_ruleset
from mahjongkit.scoring import Score, score
from mahjongkit.scoring.situation import Situation
from mahjongkit.scoring.taiwanese import CATALOGUE, triple_dice_payment

RULESETS = {"lrc": "taiwanese-lrc", "dxb": "taiwanese-dxb"}


def rules(column: str, **options: Any) -> Ruleset:
    """The ruleset of a column with some switches set."""
    base = get_ruleset(RULESETS[column])
    return base.changed(**options)


def scored(
    hand: str, column: str, situation: dict[str, Any] | None = None, **options: Any
) -> Score:
    """Score a hand in notation on one sheet."""
    sit = Situation.from_dict(situation or {}, strict=True)
    return score(Hand.parse(hand, size=16), sit, rules(column, **options))


def ids(result: Score) -> list[str]:
    """The item ids of a breakdown, in order."""
    return [i.id for i in result.items]


def points(result: Score) -> dict[str, int]:
    """Item id -> total points of that item."""
    return {i.id: i.total for i in result.items}


class Case(NamedTuple):
    item: str
    line: str
    hand: str
    situation: dict[str, Any]
    miss: str
    miss_situation: dict[str, Any]
    options: dict[str, Any] = {}  # noqa: RUF012  (never mutated; a NamedTuple default)


ALL_CHOWS = "123m456m789m123p456p5s5s"
HONOR_CHOWS = "123m456m789m123p456pEE"
SELF = {"self_drawn": True}
F2 = {"flowers": "2f"}

CASES = [
    Case("no_flowers", "200", HONOR_CHOWS, {}, HONOR_CHOWS, F2),
    Case("no_honors", "201", ALL_CHOWS, F2, HONOR_CHOWS, F2),
    Case(
        "no_flowers_no_honors",
        "202",
        "111m456m789m123p456p5s5s",
        {},
        "111m456m789m123p456p5s5s",
        F2,
    ),
    Case(
        "all_sheung_no_flowers_no_honors", "203, 301", ALL_CHOWS, {}, "111m456m789m123p456p5s5s", {}
    ),
    Case(
        "no_terminals_no_honors_dxb",
        "204",
        "234m456m678m234p456p5s5s",
        {},
        "234m456m678m234p789p5s5s",
        {},
    ),
    Case("flower", "206", HONOR_CHOWS, F2, HONOR_CHOWS, {}),
    Case("seat_flower", "207", HONOR_CHOWS, {"flowers": "1f5f"}, HONOR_CHOWS, F2),
    Case(
        "mixed_bouquet",
        "208",
        HONOR_CHOWS,
        {"flowers": "1f3f4f6f"},
        HONOR_CHOWS,
        {"flowers": "1f3f6f"},
        {"bouquets_in_hand_score": True},
    ),
    Case(
        "pure_garden",
        "209",
        HONOR_CHOWS,
        {"flowers": "5f6f7f8f"},
        HONOR_CHOWS,
        {"flowers": "1f6f7f8f"},
        {"bouquets_in_hand_score": True},
    ),
    Case(
        "seven_flowers",
        "210",
        HONOR_CHOWS,
        {"flowers": "1f2f3f4f5f6f7f", **SELF},
        HONOR_CHOWS,
        {"flowers": "1f2f3f4f5f6f", **SELF},
    ),
    Case(
        "eight_flowers",
        "211",
        HONOR_CHOWS,
        {"flowers": "1f2f3f4f5f6f7f8f", **SELF},
        HONOR_CHOWS,
        {"flowers": "1f2f3f4f5f6f7f", **SELF},
    ),
    Case("pong_of_winds", "213", "[SSS1]123m456m789m123p5s5s", {}, "123m456m789m123p456pSS", {}),
    Case(
        "seat_wind_pong",
        "214",
        "[SSS1]123m456m789m123p5s5s",
        {"seat_wind": "S"},
        "[SSS1]123m456m789m123p5s5s",
        {"seat_wind": "W"},
    ),
    Case(
        "round_wind_pong",
        "215",
        "[SSS1]123m456m789m123p5s5s",
        {"prevalent_wind": "S"},
        "[SSS1]123m456m789m123p5s5s",
        {},
    ),
    Case(
        "little_three_winds",
        "216",
        "[EEE1][SSS2]123m456m789mWW",
        {},
        "[EEE1][SSS2]123m456m789m5p5p",
        {},
    ),
    Case(
        "big_three_winds",
        "217",
        "[EEE1][SSS2][WWW3]123m456m5p5p",
        {},
        "[EEE1][SSS2]123m456m789mWW",
        {},
    ),
    Case(
        "little_four_winds",
        "218",
        "[EEE1][SSS2][WWW3]123m456mNN",
        {},
        "[EEE1][SSS2][WWW3]123m456m5p5p",
        {},
    ),
    Case(
        "big_four_winds",
        "219",
        "[EEE1][SSS2][WWW3][NNN1]123m5p5p",
        {},
        "[EEE1][SSS2][WWW3]123m456mNN",
        {},
    ),
    Case("pong_of_dragons", "224", "[CCC1]123m456m789m123p5p5p", {}, "123m456m789m123p456pCC", {}),
    Case(
        "little_dragons",
        "225",
        "[CCC1][FFF2]123m456m789mPP",
        {},
        "[CCC1][FFF2]123m456m789m5p5p",
        {},
    ),
    Case(
        "big_dragons", "226", "[CCC1][FFF2][PPP3]123m456m5p5p", {}, "[CCC1][FFF2]123m456m789mPP", {}
    ),
    Case("open_kong", "229", "[5555p1]123m456m789m123s9s9s", {}, "[555p1]123m456m789m123s9s9s", {}),
    Case(
        "concealed_kong",
        "231",
        "[5555p]123m456m789m123s9s9s",
        {},
        "[5555p1]123m456m789m123s9s9s",
        {},
    ),
    Case(
        "mixed_complete_sequence_exposed",
        "235",
        "[123m1]456p789s234s555sEE",
        {},
        "[123m1]456p678s234s555sEE",
        {},
    ),
    Case(
        "mixed_complete_sequence_concealed",
        "237",
        "123m456p789s234s555sEE",
        {},
        "[123m1]456p789s234s555sEE",
        {},
    ),
    Case(
        "pure_complete_sequence_exposed",
        "238",
        "[123m1]456m789m234s555sEE",
        {},
        "[123m1]456m678m234s555sEE",
        {},
    ),
    Case(
        "pure_complete_sequence_concealed",
        "239",
        "123m456m789m234s555sEE",
        {},
        "[123m1]456m789m234s555sEE",
        {},
    ),
    Case(
        "two_sequential_pongs",
        "242",
        "[222m1][333m1]456p789s123sEE",
        {},
        "[222m1][444m1]456p789s123sEE",
        {},
    ),
    Case(
        "three_sequential_pongs",
        "244",
        "[222m1][333m1][444m1]789s123sEE",
        {},
        "[222m1][333m1][555m1]789s123sEE",
        {},
    ),
    Case(
        "four_sequential_pongs",
        "246",
        "[222m1][333m1][444m1][555m1]123sEE",
        {},
        "[222m1][333m1][444m1][666m1]123sEE",
        {},
    ),
    Case(
        "five_sequential_pongs",
        "247",
        "[222m1][333m1][444m1][555m1][666m1]EE",
        {},
        "[222m1][333m1][444m1][555m1][777m1]EE",
        {},
    ),
    Case("two_brother_sheungs", "249", "123m123m456p789s555sEE", {}, "123m234m456p789s555sEE", {}),
    Case(
        "three_brother_sheungs",
        "253",
        "[123m1][123m1][123m1]456p789sEE",
        {},
        "[123m1][123m1][234m1]456p789sEE",
        {},
    ),
    Case(
        "four_brother_sheungs",
        "255",
        "[123m1][123m1][123m1][123m1]456pEE",
        {},
        "[123m1][123m1][123m1][234m1]456pEE",
        {},
    ),
    Case("two_sister_sheungs", "257", "345m345p789s111s555pEE", {}, "345m456p789s111s555pEE", {}),
    Case("three_sister_sheungs", "258", "345m345p345s111s789sEE", {}, "345m345p456s111s789sEE", {}),
    Case(
        "four_sister_sheungs",
        "259",
        "[345m1][345m1][345p1][345s1]111sEE",
        {},
        "[345m1][345m1][345p1][456s1]111sEE",
        {},
    ),
    Case(
        "five_sister_sheungs",
        "260",
        "[345m1][345m1][345p1][345p1][345s1]EE",
        {},
        "[345m1][345m1][345p1][345p1][456s1]EE",
        {},
    ),
    Case(
        "two_sister_pongs",
        "263",
        "[999m1][999p1]123s456s789sEE",
        {},
        "[999m1][888p1]123s456s789sEE",
        {},
    ),
    Case(
        "three_sister_pongs",
        "264",
        "[999m1][999p1][999s1]123s456sEE",
        {},
        "[999m1][999p1][888s1]123s456sEE",
        {},
    ),
    Case(
        "two_concealed_pongs", "267", "222m777p123s456s789sEE", {}, "[222m1]777p123s456s789sEE", {}
    ),
    Case(
        "three_concealed_pongs", "268", "222m777p999s123s456sEE", {}, "222m777p99s123s456sEE9s", {}
    ),
    Case(
        "four_concealed_pongs", "269", "222m777p999s555s123sEE", {}, "[222m1]777p999s555s123sEE", {}
    ),
    Case(
        "five_concealed_pongs",
        "270",
        "222m777p999s555s111sEE",
        SELF,
        "[222m1]777p999s555s111sEE",
        SELF,
    ),
    Case(
        "five_concealed_pongs_no_kong_no_self_draw",
        "271",
        "222m777p999s555s111sEE",
        {},
        "222m777p999s555s111sEE",
        SELF,
    ),
    Case(
        "no_terminal_tiles",
        "273",
        "234m456m678m234p456p5s5s",
        {},
        "234m456m678m234p789p5s5s",
        {},
        {"dxb_no_terminals": "both"},
    ),
    Case(
        "terminal_pong_set",
        "274",
        "[111m1][999m1]123p456s789sEE",
        {},
        "[111m1][999p1]123p456s789sEE",
        {},
    ),
    Case(
        "two_terminal_pong_sets",
        "275",
        "[111m1][999m1][111p1][999p1]123sEE",
        {},
        "[111m1][999m1][111p1][888p1]123sEE",
        {},
    ),
    Case("terminal_sheung_set", "276", "123m789m456p555s222sEE", {}, "123m678m456p555s222sEE", {}),
    Case(
        "two_terminal_pure_sheung_sets",
        "277",
        "[123m1][789m1]123m789m555sEE",
        {},
        "[123m1][789m1]123m678m555sEE",
        {},
    ),
    Case(
        "two_terminal_mixed_sheung_sets",
        "278",
        "123m789m123p789p555sEE",
        {},
        "123m789m123p678p555sEE",
        {},
    ),
    Case("step_up_sheungs", "284", "123m234p345s999s555pEE", {}, "123m234m345m999s555pEE", {}),
    Case("four_in_two_ways", "288", "456m666m123p789s555sEE", {}, "456m777m123p789s555sEE", {}),
    Case("four_in_three_ways", "289", "456m678m123p789s555s66m", {}, "456m678m123p789s555s99m", {}),
    Case("four_in_four_ways", "290", "456m456m567m678m555sEE", {}, "456m456m567m789m555sEE", {}),
    Case("concealed_hand_discard", "292, 324", HONOR_CHOWS, {}, HONOR_CHOWS, SELF),
    Case(
        "fully_exposed_hand_discard",
        "293, 326",
        "[123m1][456m1][789p1][EEE1][555s1]9s9s",
        {},
        "[123m1][456m1][789p1][EEE1][555s1]9s9s",
        SELF,
    ),
    Case("semi_pure_hand", "294", "123m456m789m111mEEENN", {}, "123m456m789m111m999m5m5m", {}),
    Case("pure_suit_hand", "295", "123m456m789m111m999m5m5m", {}, "123m456m789m111mEEENN", {}),
    Case("two_suits_hand", "296", "123m456m789m123p456p5p5p", F2, "123m456m789m123p456p5s5s", F2),
    Case(
        "two_suits_no_flower_no_honor",
        "297",
        "123m456m789m123p456p5p5p",
        {},
        "123m456m789m123p456p5p5p",
        F2,
    ),
    Case(
        "all_five_suits_hand", "298", "[EEE1]123m456p789s234sCC", {}, "[EEE1]123m456p789s234sSS", {}
    ),
    Case(
        "all_pong_hand",
        "299",
        "[111m1][222p1][333s1][EEE1][999m1]CC",
        {},
        "[111m1][222p1][333s1][EEE1][789m1]CC",
        {},
    ),
    Case("all_sheung_hand", "300", HONOR_CHOWS, {}, "123m456m789m123p555pEE", {}),
    Case(
        "neighbours_hand",
        "302",
        "[111m1][222m1][333m1][444m1][555m1]66m",
        {},
        "[111m1][222m1][333m1][444m1][555m1]88m",
        {},
    ),
    Case(
        "pure_honor_hand",
        "303",
        "[EEE1][SSS1][WWW1][CCC1][FFF1]PP",
        {},
        "[EEE1][SSS1][WWW1][CCC1][111m1]PP",
        {},
    ),
    Case(
        "terminals_with_honors", "304", "123m789m111p999sEEECC", {}, "123m789m111p999sEEE5p5p", {}
    ),
    Case(
        "terminals_no_honors", "305", "123m789m111p999s789p1s1s", {}, "123m789m111p999s456p1s1s", {}
    ),
    Case("jade_hand", "309", "[FFF1]123s456s789s222s8s8s", {}, "[FFF1]123m456s789s222s8s8s", {}),
    Case("ruby_hand", "310", "[CCC1]123m456m789m222m8m8m", {}, "[CCC1]123m456m789m222p8m8m", {}),
    Case("diamond_hand", "311", "[PPP1]123p456p789p222p8p8p", {}, "[PPP1]123p456p789p222s8p8p", {}),
    Case(
        "sapphire_hand", "312", "[PPP1]123m456m789m222m8m8m", {}, "[CCC1]123m456m789m222m8m8m", {}
    ),
    Case("good_eyes", "314", ALL_CHOWS, {}, "123m456m789m123p456p6s6s", {}),
    Case("calling_by_pairs", "316", "123m456m789m123p55sEE5s", {}, HONOR_CHOWS, {}),
    Case("true_single_wait", "317", HONOR_CHOWS, {}, "123m456m789m555sEE234p", {}),
    Case("false_single_wait", "318", "123m456m789m555s12333p", {}, HONOR_CHOWS, {}),
    Case("dealer_tile", "320", HONOR_CHOWS, {"dealer": True}, HONOR_CHOWS, {"seat_wind": "S"}),
    Case("self_draw", "321", "[123m1]456m789m123p456pEE", SELF, "[123m1]456m789m123p456pEE", {}),
    Case(
        "self_draw_flower_wall",
        "322",
        "[123m1]456m789m123p456pEE",
        {"flower_replacement": True, **SELF, **F2},
        "[123m1]456m789m123p456pEE",
        {**SELF, **F2},
    ),
    Case("self_draw_concealed_hand", "323", HONOR_CHOWS, SELF, "[123m1]456m789m123p456pEE", SELF),
    Case(
        "self_draw_fully_exposed",
        "325",
        "[123m1][456m1][789p1][EEE1][555s1]9s9s",
        SELF,
        "[123m1][456m1][789p1][EEE1][555s1]9s9s",
        {},
    ),
    Case(
        "robbing_kong",
        "327",
        "123m456m789m555sEE12p3p",
        {"robbing_kong": True},
        "123m456m789m555sEE12p3p",
        {},
    ),
    Case(
        "self_drawn_kong_chain",
        "328",
        "[5555p]123m456m789m123sEE",
        {"kong_replacement": True, **SELF},
        "[5555p1]123m456m789m123sEE",
        {"kong_replacement": True, **SELF},
    ),
    Case(
        "human_hand", "329", HONOR_CHOWS, {"tiles_on_table": 3}, HONOR_CHOWS, {"tiles_on_table": 5}
    ),
    Case(
        "win_within_7",
        "330",
        HONOR_CHOWS,
        {"tiles_on_table": 6},
        HONOR_CHOWS,
        {"tiles_on_table": 8},
    ),
    Case(
        "win_within_10",
        "331",
        HONOR_CHOWS,
        {"tiles_on_table": 9},
        HONOR_CHOWS,
        {"tiles_on_table": 11},
    ),
    Case("seabed_hand", "332", HONOR_CHOWS, {"last_wall_tile": True, **SELF}, HONOR_CHOWS, SELF),
    Case(
        "earthly_hand",
        "333",
        HONOR_CHOWS,
        {"earthly": True, "discarder_is_dealer": True, "seat_wind": "S"},
        HONOR_CHOWS,
        {"discarder_is_dealer": True, "seat_wind": "S"},
    ),
    Case(
        "heavenly_hand",
        "334",
        HONOR_CHOWS,
        {"heavenly": True, "dealer": True, **SELF},
        HONOR_CHOWS,
        {"dealer": True, **SELF},
    ),
    Case("calling", "337", HONOR_CHOWS, {"ting": True}, HONOR_CHOWS, {}),
    Case("nico_nico", "350", "1122m3344p5566s777sEE", {}, "1122m3344p5567s777sEE", {}),
    Case("nico_nico_one_kong", "351", "1111m3344p5566s777sEE", {}, "1122m3344p5566s777sEE", {}),
    Case("nico_nico_two_kongs", "352", "1111m3333p5566s777sEE", {}, "1111m3344p5566s777sEE", {}),
    Case("thirteen_orphans", "356", "19m19p19sESWNCFP123mE", {}, "19m19p19sESWNCF5p123mE", {}),
    Case(
        "thirteen_orphans_all_terminals",
        "355",
        "19m19p19sESWNCFP123mE",
        {},
        HONOR_CHOWS,
        {},
    ),
    Case("sixteen_orphans", "358", "147m258p369sESWNCFPP", {}, "147m258p368sESWNCFPP", {}),
    Case(
        "chicken_hand",
        "360",
        "[123m1][345p1]789s222sWW67s5s",
        {"flowers": "2f", "seat_wind": "W"},  # not the dealer (line 320), not his flower
        "[123m1][345p1]789s222sWW67s5s",
        {"flowers": "3f", "seat_wind": "W"},  # West's own flower: 2 points (line 207)
    ),
    Case("all_step_up_hand", "362", "123m234p345s456m567pEE", {}, "123m234p345s456m678pEE", {}),
    Case(
        "all_step_up_same_suit", "363", "123m234m345m456m567mEE", {}, "123m234p345m456m567mEE", {}
    ),
    Case(
        "dice_on_the_wall",
        "417-423",
        HONOR_CHOWS,
        {"dealer": True, "dealer_streak": 2},
        HONOR_CHOWS,
        {"dealer_streak": 2, "seat_wind": "S"},
    ),
    Case("base_point", "342", HONOR_CHOWS, {}, "123m456m789m123p456pE5s", {}),
]

HAND_ITEMS = {i.id for i in CATALOGUE} - {"triple_dice", "triple_six"}


def test_every_hand_item_has_a_case() -> None:
    """Every item of section 4 and the special hands (004 lines 197-363) is tested here."""
    assert {c.item for c in CASES} == HAND_ITEMS


def _params() -> list[Any]:
    out = []
    for case in CASES:
        for column in ("lrc", "dxb"):
            out.append(pytest.param(case, column, id=f"{case.item}-{column}-line{case.line}"))
    return out


@pytest.mark.parametrize(("case", "column"), _params())
def test_item_scores_on_its_sheet_only(case: Case, column: str) -> None:
    """004 card line in the id: the hand scores the item where the column prints a value."""
    result = scored(case.hand, column, case.situation, **case.options)
    on_sheet = CATALOGUE[case.item].value(column) is not None
    assert (case.item in ids(result)) is on_sheet, [str(i) for i in result.items]
    if on_sheet:
        assert result.is_win


@pytest.mark.parametrize(("case", "column"), _params())
def test_near_miss_does_not_score_the_item(case: Case, column: str) -> None:
    """004 card line in the id: the near-miss hand lacks what the line asks for."""
    result = scored(case.miss, column, case.miss_situation, **case.options)
    assert case.item not in ids(result), [str(i) for i in result.items]


def test_triple_dice_is_an_lrc_instant_payment() -> None:
    """004 lines 343-345: triple 1-5 pays 5, 6-6-6 pays 10, LRC only; no triple pays nothing."""
    assert triple_dice_payment((4, 4, 4), "taiwanese-lrc") == 5
    assert triple_dice_payment((6, 6, 6), "taiwanese-lrc") == 10
    assert triple_dice_payment((4, 4, 5), "taiwanese-lrc") == 0
    assert triple_dice_payment((6, 6, 6), "taiwanese-dxb") == 0
