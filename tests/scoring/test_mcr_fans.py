"""Every MCR fan: a hand that earns it and a near miss that does not (mcr-gb values).

Each row names the fan, the seed line that defines it (002 unless noted), a hand with
its situation that scores the fan, and a similar winning hand that must not.
"""

from __future__ import annotations

from typing import Any

import pytest

from mahjongkit.rules.catalogues.mcr import CATALOGUE
from mahjongkit.scoring import Situation, score

S: dict[str, Any] = {"self_drawn": True}
D: dict[str, Any] = {}

# fan id, seed line, positive hand, its situation, near miss, its situation
CASES: list[tuple[str, str, str, dict[str, Any], str, dict[str, Any]]] = [
    ("big_four_winds", "002 line 71", "[EEE1][SSS2]WWWNNN55m", D, "[EEE1][SSS2]WWW555mNN", D),
    ("big_three_dragons", "002 line 73", "[CCC1][FFF2]PPP234m55p", D, "[CCC1][FFF2]234m567pPP", D),
    ("all_green", "002 line 75", "[234s1]234s666s888sFF", D, "[234s1]234s666s888sCC", D),
    ("nine_gates", "002 line 77", "1112345678999m5m", D, "[111m1]2345678999m5m", D),
    ("four_kongs", "002 line 79", "[1111m1][2222p1][3333s1][EEEE1]5m5m", D,
     "[1111m1][2222p1][3333s1]EEE5m5m", D),
    ("seven_shifted_pairs", "002 line 80", "1122334455667m7m", D, "1122334455668m8m", D),
    ("thirteen_orphans", "002 line 82", "19m19p19sESWNCFPP", D, "[111m1]999pEEESSSNN", D),
    ("all_terminals", "002 line 85", "[111m1][999m1]111p999s1s1s", D,
     "[111m1][999m1]111pEEE1s1s", D),
    ("little_four_winds", "002 line 87", "[EEE1][SSS2]WWW555mNN", D, "[EEE1][SSS2]WWW555mCC", D),
    ("little_three_dragons", "002 line 89", "[CCC1][FFF2]234m567pPP", D,
     "[CCC1][FFF2]234m567pEE", D),
    ("all_honors", "002 line 91", "[EEE1][SSS2]WWWCCCPP", D, "[EEE1][SSS2]WWWCCC9m9m", D),
    ("four_concealed_pungs", "002 line 93", "111m222p333s5m5mEEE", S, "111m222p333s5m5mEEE", D),
    ("pure_terminal_chows", "002 line 95", "1122337788995m5m", D, "1122337788996m6m", D),
    ("quadruple_chow", "002 line 98", "[234s1][234s1]223344s5p5p", D,
     "[234s1][234s1]234345s5p5p", D),
    ("four_pure_shifted_pungs", "002 line 100", "[111m1][222m1]333444m5p5p", D,
     "[111m1][222m1]333555m5p5p", D),
    ("four_pure_shifted_chows", "002 line 103", "[123m1][234m1]345456m9p9p", D,
     "[123m1][234m1]345567m9p9p", D),
    ("three_kongs", "002 line 105", "[1111m1][2222p1][3333s1]456m5p5p", D,
     "[1111m1][2222p1]333s456m5p5p", D),
    ("all_terminals_and_honors", "002 line 107", "[111m1][999p1]EEE111sCC", D,
     "[111m1][999p1]EEE123sCC", D),
    ("seven_pairs", "002 line 110", "1133m5577p99sEECC", D, "123m123p123s99sEEE", D),
    ("greater_honors_and_knitted_tiles", "002 line 112", "147m25p36sESWNCFP", D,
     "147m258p36sESWNCF", D),
    ("all_even_pungs", "002 line 114", "[222m1][444p1]666s888s2p2p", D,
     "[222m1][444p1]666s888s5p5p", D),
    ("full_flush", "002 line 116", "[123m1]345567789m1m1m", D, "[123m1]345567789m1p1p", D),
    ("pure_triple_chow", "002 line 118", "[123m1]123123m456p9s9s", D,
     "[123m1]123234m456p9s9s", D),
    ("pure_shifted_pungs", "002 line 120", "[111m1]222333m456p9s9s", D,
     "[111m1]222444m456p9s9s", D),
    ("upper_tiles", "002 line 122", "[777m1]888p999s789m7s7s", D, "[777m1]888p999s678m7s7s", D),
    ("middle_tiles", "002 line 124", "[444m1]555p666s456m4s4s", D, "[444m1]555p666s345m4s4s", D),
    ("lower_tiles", "002 line 126", "[111m1]222p333s123m1s1s", D, "[111m1]222p333s234m1s1s", D),
    ("pure_straight", "002 line 129", "123456789m123p5s5s", D, "123456m123789p5s5s", D),
    ("three_suited_terminal_chows", "002 line 130", "123789m123789p5s5s", D,
     "123789m123789p6s6s", D),
    ("pure_shifted_chows", "002 line 132", "[123m1]234345m567p9s9s", D,
     "[123m1]234456m567p9s9s", D),
    ("all_five", "002 line 133", "[345m1][555p1]456s456m5s5s", D,
     "[345m1][555p1]456s456m6s6s", D),
    ("triple_pung", "002 line 135", "[222m1][222p1]222s456m9s9s", D,
     "[222m1][222p1]333s456m9s9s", D),
    ("three_concealed_pungs", "002 line 136", "[123m1]222p333s444m9s9s", S,
     "[123m1][222p1]333s444m9s9s", S),
    ("lesser_honors_and_knitted_tiles", "002 line 138", "147m258p36sESWNCF", D,
     "147m25p36sESWNCFP", D),
    ("knitted_straight", "002 line 140", "147m258p369s123m5s5s", D, "147m258p36sESWNCF", D),
    ("upper_four", "002 line 142", "[666m1][777p1]888s678m9s9s", D,
     "[666m1][777p1]888s567m9s9s", D),
    ("lower_four", "002 line 144", "[111m1][222p1]333s234m4s4s", D,
     "[111m1][222p1]333s345m4s4s", D),
    ("big_three_winds", "002 line 146", "[EEE1][SSS2]WWW456m9s9s", D,
     "[EEE1][SSS2]CCC456m9s9s", D),
    ("mixed_straight", "002 line 148", "123m456p789s234m5s5s", D, "123m456p678s234m5s5s", D),
    ("reversible_tiles", "002 line 149", "[123p1][444p1]345p888sPP", D,
     "[123p1][444p1]345p777sPP", D),
    ("mixed_triple_chow", "002 line 151", "123m123p123s456m5s5s", D, "123m123p234s456m5s5s", D),
    ("mixed_shifted_pungs", "002 line 152", "[222m1][333p1]444s456m9s9s", D,
     "[222m1][333p1]555s456m9s9s", D),
    ("chicken_hand", "002 line 153", "[234m1][456p1][678s3]CC222p", D,
     "[234m1][456p1][678s3]CC222p", S),
    ("last_tile_draw", "002 line 154", "[123m1]456p789s234m5s5s", {**S, "last_wall_tile": True},
     "[123m1]456p789s234m5s5s", S),
    ("last_tile_claim", "002 line 156", "[123m1]456p789s234m5s5s", {"last_wall_tile": True},
     "[123m1]456p789s234m5s5s", {**S, "last_wall_tile": True}),
    ("out_with_replacement_tile", "002 line 157", "[1111m1]456p789s234m5s5s",
     {**S, "kong_replacement": True}, "[1111m1]456p789s234m5s5s", S),
    ("robbing_the_kong", "002 line 159", "[123p1]456p789s5s5s24m3m", {"robbing_kong": True},
     "[123p1]456p789s5s5s24m3m", D),
    ("two_concealed_kongs", "002 line 161", "[1111m][2222p]333s456m9s9s", D,
     "[1111m][2222p1]333s456m9s9s", D),
    ("all_pungs", "002 line 164", "[111m1][222p1]333s555m9s9s", D,
     "[111m1][222p1]333s567m9s9s", D),
    ("half_flush", "002 line 165", "[123m1]456m789mEEE5m5m", D, "[123m1]456m789pEEE5m5m", D),
    ("mixed_shifted_chows", "002 line 166", "123m234p345s567m9s9s", D,
     "123m234p456s567m9s9s", D),
    ("all_types", "002 line 168", "123m456p789sEEECC", D, "123m456p789sEEE5s5s", D),
    ("melded_hand", "002 line 170", "[123m1][456p1][789s1][EEE1]5m5m", D,
     "[123m1][456p1][789s1][EEE1]5m5m", S),
    ("two_dragons_pungs", "002 line 172", "[CCC1][FFF1]123m456p9s9s", D,
     "[CCC1][EEE1]123m456p9s9s", D),
    ("outside_hand", "002 line 174", "[123m1][789p1]111s999mEE", D,
     "[123m1][789p1]111s888mEE", D),
    ("fully_concealed_hand", "002 line 175", "123m456p789s234m5s5s", S,
     "123m456p789s234m5s5s", D),
    ("two_melded_kongs", "002 line 177", "[1111m1][2222p1]333s456m9s9s", D,
     "[1111m1]222p333s456m9s9s", D),
    ("last_tile", "002 line 179", "[123p1]456p789s5s5s24m3m", {"last_of_kind": True},
     "[123p1]456p789s5s5s24m3m", D),
    ("dragon_pung", "002 line 181", "[CCC1]123m456p789s5s5s", D, "[999m1]123m456p789s5s5s", D),
    ("prevalent_wind", "002 line 182", "[SSS1]123m456p789s5s5s", {"prevalent_wind": "S"},
     "[SSS1]123m456p789s5s5s", D),
    ("seat_wind", "002 line 183", "[WWW1]123m456p789s5s5s", {"seat_wind": "W"},
     "[WWW1]123m456p789s5s5s", D),
    ("concealed_hand", "002 line 184", "123m456p789s234m5s5s", D, "123m456p789s234m5s5s", S),
    ("all_chows", "002 line 185", "[123m1]456p789s234m5s5s", D, "[123m1]456p789s234mEE", D),
    ("tile_hog", "002 line 187", "[123m1]111m456p789s5s5s", D, "[123m1]999m456p789s5s5s", D),
    ("double_pung", "002 line 188", "[222m1][222p1]456s789m5s5s", D,
     "[222m1][333p1]456s789m5s5s", D),
    ("two_concealed_pungs", "002 line 189", "[123m1][456p1]222s333m5s5s", D,
     "[123m1][456p1]222s55s333m", D),
    ("concealed_kong", "002 line 190", "[1111m]234p567s789m5s5s", D,
     "[1111m1]234p567s789m5s5s", D),
    ("all_simples", "002 line 191", "[234m1]456p678s345m5s5s", D, "[234m1]456p789s345m5s5s", D),
    ("pure_double_chow", "002 line 193", "[234m1]234m678p345s5s5s", D,
     "[234m1]345m678p345s5s5s", D),
    ("mixed_double_chow", "002 line 194", "[234m1]234p678p456s9s9s", D,
     "[234m1]345p678p456s9s9s", D),
    ("short_straight", "002 line 195", "[234m1]567m789p456s9s9s", D,
     "[234m1]678m789p456s9s9s", D),
    ("two_terminal_chows", "002 line 196", "[123m1]789m456p456s9s9s", D,
     "[123m1]678m456p456s9s9s", D),
    ("pung_of_terminals_or_honors", "002 line 197", "[999m1]123m456p789s5s5s", D,
     "[888m1]123m456p789s5s5s", D),
    ("melded_kong", "002 line 199", "[1111m1]234p567s789m5s5s", D,
     "[111m1]234p567s789m5s5s", D),
    ("one_voided_suit", "002 line 200", "[123m1]456m789p234p5p5p", D,
     "[123m1]456m789p234s5p5p", D),
    ("no_honors", "002 line 201", "[123m1][999m1]789p234s5p5p", D,
     "[123m1][999m1]789p234sEE", D),
    ("edge_wait", "002 line 202", "[456p1][789s1][111s1]55m123m", D,
     "[456p1][789s1][111s1]55m234m", D),
    ("closed_wait", "002 line 204", "[456p1][789s1][111s1]55m132m", D,
     "[456p1][789s1][111s1]55m342m", D),
    ("single_wait", "002 line 206", "[456p1][789s1][111s1]123m5m5m", D,
     "[456p1][789s1][111s1]1234m1m", D),
    ("self_drawn", "002 line 208", "[123m1]456p789s234m5s5s", S, "[123m1]456p789s234m5s5s", D),
    ("flower_tiles", "002 line 209", "[123m1]456p789s234m5s5s", {"flowers": 2},
     "[123m1]456p789s234m5s5s", D),
    ("concealed_kong_and_melded_kong", "002 line 178", "[1111m][2222p1]333s456m9s9s", D,
     "[1111m][2222p]333s456m9s9s", D),
]  # fmt: skip


def _fans(hand: str, situation: dict[str, Any]) -> set[str]:
    return {item.id for item in score(hand, Situation.from_dict(situation), "mcr-gb").items}


def test_every_fan_has_a_case() -> None:
    scored = {i.id for i in CATALOGUE if i.value("mcr-gb") is not None}
    assert {case[0] for case in CASES} == scored


@pytest.mark.parametrize(("fan", "seed", "hand", "situation", "_h", "_s"), CASES)
def test_the_fan_scores(
    fan: str, seed: str, hand: str, situation: dict[str, Any], _h: str, _s: dict[str, Any]
) -> None:
    assert fan in _fans(hand, situation), f"{fan} ({seed}) in {hand}"


@pytest.mark.parametrize(("fan", "seed", "_h", "_s", "near", "situation"), CASES)
def test_the_near_miss_does_not(
    fan: str, seed: str, _h: str, _s: dict[str, Any], near: str, situation: dict[str, Any]
) -> None:
    result = score(near, Situation.from_dict(situation), "mcr-gb")
    assert result.is_win
    assert fan not in {item.id for item in result.items}, f"{fan} ({seed}) in {near}"


def test_every_catalogue_item_has_one_detector_or_set_pattern() -> None:
    """One small detector per fan (the set patterns are data for the principles);
    Chicken Hand is the absence of every other fan, judged by the scorer."""
    from mahjongkit.scoring.mcr.detectors import CHOW_PATTERNS, DETECTORS, PUNG_PATTERNS

    names = [fan for fan, _, _ in DETECTORS] + [p.item for p in CHOW_PATTERNS + PUNG_PATTERNS]
    assert len(names) == len(set(names))
    assert set(names) | {"chicken_hand"} == {item.id for item in CATALOGUE}
