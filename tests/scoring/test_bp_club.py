"""bp-club: the BP Mahjong Club house rules (seed 001_eda789097ed764a2.txt), line by line.

Every test names the line of seed 001 it checks. The ruleset is the shipped house-rules
file ``rules/data/bp-club.toml`` over ``mcr``.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from mahjongkit.errors import InvalidSituationError
from mahjongkit.rules.combinations import fan_combinations
from mahjongkit.rules.house import catalogue_of
from mahjongkit.rules.ruleset import Form, get_ruleset
from mahjongkit.scoring import Score, Situation, score

CATALOGUE = catalogue_of("mcr")

DATA = Path(__file__).resolve().parents[1] / "data"

BP = get_ruleset("bp-club")

TABLE = [
    # (line, fan as the reference calculator names it, points)
    (66, "Edge Wait", 1),
    (67, "Closed Wait", 1),
    (68, "Single Wait", 1),
    (70, "Last Tile Draw", 8),
    (71, "Last Tile Claim", 8),
    (72, "Out with Replacement Tile", 8),
    (73, "Robbing The Kong", 8),
    (74, "Last Tile", 4),
    (75, "Self-Drawn", 1),
    (77, "No Flower Tiles", 1),
    (78, "Flower Tiles", 1),
    (79, "Flower or Season Set", 2),
    (80, "Seat Flower", 1),
    (83, "Quadruple Chow", 48),
    (84, "Pure Triple Chow", 24),
    (85, "Pure Straight", 16),
    (86, "Mixed Straight", 8),
    (87, "Mixed Triple Chow", 8),
    (88, "Mixed Shifted Chows", 6),
    (89, "All Chows", 2),
    (90, "Pure Double Chow", 1),
    (91, "Mixed Double Chow", 1),
    (92, "Short Straight", 1),
    (93, "Two Terminal Chows", 1),
    (95, "All Five", 16),
    (96, "Upper Four", 12),
    (97, "Lower Four", 12),
    (98, "Reversible Tiles", 8),
    (99, "Chicken Hand", 8),
    (100, "Melded Hand", 6),
    (101, "All Types", 6),
    (102, "Outside Hand", 4),
    (103, "Fully Concealed Hand", 4),
    (104, "Concealed Hand", 2),
    (105, "All Simples", 2),
    (106, "No Honors", 1),
    (108, "All Green", 88),
    (109, "Full Flush", 24),
    (110, "Half Flush", 6),
    (111, "One Voided Suit", 1),
    (113, "Four Kongs", 88),
    (114, "Four Concealed Pungs", 64),
    (115, "Four Pure Shifted Pungs", 48),
    (116, "Three Kongs", 32),
    (117, "All Even Pungs", 24),
    (118, "Pure Shifted Pungs", 24),
    (119, "Triple Pung", 16),
    (120, "Three Concealed Pungs", 16),
    (121, "Mixed Shifted Pungs", 8),
    (122, "Two Concealed Kongs", 8),
    (123, "All Pungs", 6),
    (124, "Two Melded Kongs", 4),
    (125, "Double Pung", 2),
    (126, "Concealed Kong", 2),
    (127, "Two Concealed Pungs", 2),
    (128, "Melded Kong", 1),
    (131, "Big Four Winds", 88),
    (132, "Big Three Dragons", 88),
    (133, "Thirteen Orphans", 88),
    (134, "All Terminals", 64),
    (135, "Little Four Winds", 64),
    (136, "Little Three Dragons", 64),
    (137, "All Honors", 64),
    (138, "All Terminals and Honors", 32),
    (139, "Big Three Winds", 12),
    (140, "Two Dragons Pungs", 6),
    (141, "Dragon Pung", 2),
    (142, "Seat Wind", 2),
    (143, "Pung of Terminals or Honors", 1),
    (145, "Seven Pairs", 24),
]
"""The Points Table of seed 001, lines 64-145."""

FLOWER_ITEMS = {"No Flower Tiles", "Flower Tiles", "Flower or Season Set", "Seat Flower"}


def bp(hand: str, **situation: object) -> Score:
    return score(hand, Situation.from_dict(situation, strict=True), BP)


def mcr(hand: str, **situation: object) -> Score:
    return score(hand, Situation.from_dict(situation, strict=True), "mcr")


def test_bp_club_is_the_shipped_house_rules_file_over_mcr() -> None:
    """Seed 001 line 7: the MCR points table, trimmed; the file's base is mcr."""
    assert BP.name == "bp-club"
    assert BP.scoring.column == get_ruleset("mcr").scoring.column


@pytest.mark.parametrize(("line", "name", "points"), TABLE, ids=[f"l{t[0]}" for t in TABLE])
def test_every_fan_of_the_table_scores_its_points(line: int, name: str, points: int) -> None:
    """Seed 001 lines 64-145: the table's value of each fan."""
    values = CATALOGUE.values_for(BP)
    ids = [item.id for item in CATALOGUE if item.name == name]
    assert ids, f"line {line}: {name} is not in the catalogue"
    assert values.get(ids[0]) == points


def test_only_the_fans_in_the_table_score() -> None:
    """Seed 001 line 7 ("some ... MCR faans have been deleted") and line 45 (no Prevalent
    Wind): exactly the 70 items of the table score, the combined kong item among the deleted."""
    scoring = {CATALOGUE[i].name for i in CATALOGUE.values_for(BP)}
    assert scoring == {name for _, name, _ in TABLE}
    for deleted in (
        "Prevalent Wind",
        "Tile Hog",
        "Nine Gates",
        "Knitted Straight",
        "Upper Tiles",
        "Seven Shifted Pairs",
        "Concealed Kong and Melded Kong",
    ):
        assert deleted not in scoring


def test_flower_items_are_flower_items() -> None:
    """Seed 001 line 76: the flower points are excluded from the minimum."""
    for item in CATALOGUE:
        if item.name in FLOWER_ITEMS:
            assert item.is_flower, item.name


# A hand worth Two Dragons Pungs (6) and nothing else under MCR (a two-sided wait on 1m/4m).
SIX_POINTS = "[CCC1][FFF1]23m567p99s4m"


def test_five_point_minimum_line_43() -> None:
    """Seed 001 line 43: 5 points qualify (MCR needs 8)."""
    assert BP.scoring.minimum_points == 5
    assert mcr(SIX_POINTS).total == 6
    assert not mcr(SIX_POINTS).qualifies
    result = bp(SIX_POINTS)
    assert result.total_without_flowers == 6
    assert result.qualifies


def test_no_flower_tiles_line_77() -> None:
    """Seed 001 line 77: one point for a hand with no flower or season."""
    result = bp(SIX_POINTS)
    assert result.fan_counts() == {"Two Dragons Pungs": 1, "No Flower Tiles": 1}
    assert result.total == 7
    assert result.total_without_flowers == 6


def test_flower_tile_each_and_seat_flower_lines_78_80() -> None:
    """Seed 001 lines 78 and 80: 1 per flower, and 1 per flower of the seat (2f, 6f: South)."""
    result = bp(SIX_POINTS, seat_wind="S", flowers="2f6f")
    assert result.fan_counts() == {"Two Dragons Pungs": 1, "Flower Tiles": 2, "Seat Flower": 2}
    assert result.total == 10
    assert result.total_without_flowers == 6


def test_flower_set_line_79() -> None:
    """Seed 001 line 79: all four flowers (1234f) earn the set's 2 points beside the 4 flowers;
    1f is East's own flower (line 80)."""
    result = bp(SIX_POINTS, flowers="1f2f3f4f")
    counts = result.fan_counts()
    assert counts["Flower Tiles"] == 4
    assert counts["Flower or Season Set"] == 1
    assert counts["Seat Flower"] == 1
    assert "No Flower Tiles" not in counts
    assert result.total == 6 + 4 + 2 + 1


def test_season_set_line_79() -> None:
    """Seed 001 line 79: the four seasons (5678f) are a set too; 7f is West's (line 80)."""
    result = bp(SIX_POINTS, seat_wind="W", flowers="5f6f7f8f")
    counts = result.fan_counts()
    assert counts["Flower or Season Set"] == 1
    assert counts["Seat Flower"] == 1


# One point (a pung of East, not the seat's wind, South) under every table.
ONE_POINT = "[EEE2][123m1]456p78s99s6s"


def test_flowers_do_not_reach_the_minimum_line_76() -> None:
    """Seed 001 line 76: flower points are excluded from the minimum (and line 43)."""
    result = bp(ONE_POINT, seat_wind="S", prevalent_wind="S", flowers="1f3f5f7f")
    assert result.total_without_flowers == 1
    assert result.total >= 5
    assert not result.qualifies


def test_prevalent_wind_is_deleted_line_45() -> None:
    """Seed 001 line 45: no Prevalent Wind; a pung of the prevalent wind that is not the seat's
    is a non-point wind, so it earns Pung of Terminals or Honors (line 143)."""
    assert mcr(ONE_POINT, seat_wind="S", prevalent_wind="E").fan_counts()["Prevalent Wind"] == 1
    counts = bp(ONE_POINT, seat_wind="S", prevalent_wind="E").fan_counts()
    assert "Prevalent Wind" not in counts
    assert counts["Pung of Terminals or Honors"] == 1


def test_seat_wind_still_scores_line_142() -> None:
    """Seed 001 line 142: a pung of the seat's wind earns Seat Wind 2."""
    counts = bp(ONE_POINT, seat_wind="E", prevalent_wind="S").fan_counts()
    assert counts["Seat Wind"] == 1
    assert "Pung of Terminals or Honors" not in counts


def test_a_deleted_fan_does_not_exclude_line_96() -> None:
    """Seed 001 line 96 (Upper Four 6-9) with Upper Tiles deleted (line 7): a hand of 7-9 tiles
    earns Upper Four, which Upper Tiles would have excluded under MCR."""
    hand = "[789m1][789p1]789s888m9p9p"
    assert "Upper Tiles" in mcr(hand).fan_counts()
    assert "Upper Four" not in mcr(hand).fan_counts()
    counts = bp(hand).fan_counts()
    assert "Upper Tiles" not in counts
    assert counts["Upper Four"] == 1


def test_tile_hog_is_deleted_line_7() -> None:
    """Seed 001 line 7: Tile Hog is not in the table (MCR scores it 2)."""
    hand = "[123m1][123p1]2m2m456s77s2m"
    assert "Tile Hog" in mcr(hand).fan_counts()
    assert "Tile Hog" not in bp(hand).fan_counts()


def test_knitted_hands_do_not_win_line_41() -> None:
    """Seed 001 line 41: a win is sets and a pair, or a special hand of the table; the knitted
    hands are not in it."""
    assert Form.KNITTED_STRAIGHT not in BP.scoring.forms
    assert Form.HONORS_AND_KNITTED not in BP.scoring.forms
    hand = "147m258p369s123m5s5s"
    assert "Knitted Straight" in mcr(hand).fan_counts()
    assert not bp(hand).is_win


def test_seven_pairs_and_thirteen_orphans_win_lines_133_145() -> None:
    """Seed 001 lines 133 and 145: the two special hands of the table win."""
    assert "Seven Pairs" in bp("1199m1199p1199sEE").fan_counts()
    assert "Thirteen Orphans" in bp("19m19p19sESWNCFPP").fan_counts()


def test_one_melded_and_one_concealed_kong_lines_126_128() -> None:
    """Seed 001 lines 126 and 128: the table has no combined kong fan, so a melded plus a
    concealed kong earn Concealed Kong 2 and Melded Kong 1 (MCR: the combined fan, 6)."""
    hand = "[EEEE][5555p1]123m789s9s9s"
    assert mcr(hand).fan_counts().get("Concealed Kong and Melded Kong") == 1
    counts = bp(hand).fan_counts()
    assert "Concealed Kong and Melded Kong" not in counts
    assert counts["Concealed Kong"] == 1
    assert counts["Melded Kong"] == 1


def test_two_concealed_kongs_line_122() -> None:
    """Seed 001 line 122: Two Concealed Kongs 8, excluding Two Concealed Pungs."""
    result = bp("[EEEE][5555p]123m789s9s9s")
    items = {i.name: i for i in result.items}
    assert items["Two Concealed Kongs"].points == 8
    assert "Two Concealed Pungs" not in items


def test_win_on_a_flower_replacement_line_76() -> None:
    """Seed 001 line 76: a win on a flower's replacement tile earns Self-Drawn, not Out with
    Replacement Tile."""
    counts = bp(SIX_POINTS, self_drawn=True, flower_replacement=True, flowers="3f").fan_counts()
    assert counts["Self-Drawn"] == 1
    assert "Out with Replacement Tile" not in counts


def test_play_options_lines_20_42_43_52() -> None:
    """Seed 001 line 20 (one throw of two dice), line 42 (draw at seven stacks left),
    line 52 (an invalid claim forfeits the win), line 43 (a win below the minimum
    disqualifies), lines 57-61 (8 Extra Points)."""
    play = get_ruleset(BP).play
    assert (play.dice_throws, play.dice_count) == (1, 2)
    assert play.reserve_tiles == 14
    table = get_ruleset(BP).table
    assert table.invalid_claim_forfeits is True
    assert table.false_win == "disqualify"
    assert table.base_payment == 8


def _corpus() -> list[dict[str, object]]:
    cases = []
    for path in sorted(DATA.glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            case = json.loads(line)
            if "expect" in case and case.get("flowers") in (0, None):
                cases.append(case)
    return cases


def test_bp_club_equals_mcr_where_no_deleted_fan_scores() -> None:
    """Seed 001 line 7: the table is MCR's; where MCR's best reading uses no deleted fan (and
    no knitted form, no prevalent wind) and no pung of the seat's wind (line 143: it earns no
    Pung of Terminals or Honors here), bp-club gives the same total plus No Flower Tiles."""
    cases = _corpus()
    if not cases:
        pytest.skip("the MCR corpora are not in tests/data")
    kept = {CATALOGUE[i].name for i in CATALOGUE.values_for(BP)}
    checked = 0
    for case in cases:
        situation = Situation.from_dict(case)
        try:
            base = score(str(case["hand"]), situation, "mcr")
        except InvalidSituationError:
            continue  # a corpus line the scorer rejects is the MCR corpus tests' business
        fans = base.fan_counts()
        if not base.is_win or set(fans) - kept or {"Chicken Hand", "Seat Wind"} & set(fans):
            continue
        club = score(str(case["hand"]), situation, BP)
        assert club.total_without_flowers == base.total, case
        assert Counter(club.fan_counts())["No Flower Tiles"] == 1, case
        checked += 1
    assert checked > 100


SEED_EXCLUSIONS = [
    # (line, fan, fans the seed says it excludes that score under bp-club)
    (70, "Last Tile Draw", ["Self-Drawn"]),
    (72, "Out with Replacement Tile", ["Self-Drawn"]),
    (73, "Robbing The Kong", ["Last Tile"]),
    (95, "All Five", ["All Simples"]),
    (96, "Upper Four", ["No Honors"]),
    (97, "Lower Four", ["No Honors"]),
    (100, "Melded Hand", ["Single Wait"]),
    (103, "Fully Concealed Hand", ["Self-Drawn"]),
    (105, "All Simples", ["No Honors"]),
    (109, "Full Flush", ["No Honors"]),
    (
        113,
        "Four Kongs",
        [
            "Melded Kong",
            "Concealed Kong",
            "Two Melded Kongs",
            "Two Concealed Kongs",
            "Three Kongs",
            "All Pungs",
            "Single Wait",
        ],
    ),
    (
        114,
        "Four Concealed Pungs",
        ["All Pungs", "Three Concealed Pungs", "Two Concealed Pungs", "Concealed Hand"],
    ),
    (115, "Four Pure Shifted Pungs", ["All Pungs"]),
    (
        116,
        "Three Kongs",
        ["Melded Kong", "Concealed Kong", "Two Melded Kongs", "Two Concealed Kongs"],
    ),
    (117, "All Even Pungs", ["All Pungs", "All Simples"]),
    (122, "Two Concealed Kongs", ["Two Concealed Pungs"]),
    (131, "Big Four Winds", ["Big Three Winds", "Seat Wind", "Pung of Terminals or Honors"]),
    (132, "Big Three Dragons", ["Dragon Pung", "Two Dragons Pungs"]),
    (133, "Thirteen Orphans", ["All Types", "Concealed Hand", "Single Wait"]),
    (134, "All Terminals", ["No Honors", "Pung of Terminals or Honors", "All Pungs"]),
    (135, "Little Four Winds", ["Big Three Winds", "Pung of Terminals or Honors"]),
    (136, "Little Three Dragons", ["Two Dragons Pungs", "Dragon Pung"]),
    (137, "All Honors", ["All Pungs", "Pung of Terminals or Honors"]),
    (138, "All Terminals and Honors", ["Pung of Terminals or Honors", "All Pungs"]),
    (140, "Two Dragons Pungs", ["Dragon Pung"]),
    (145, "Seven Pairs", ["Concealed Hand", "Single Wait"]),
]
"""The exclusions written in seed 001's table (lines 66-145)."""


@pytest.mark.parametrize(
    ("line", "fan", "excluded"), SEED_EXCLUSIONS, ids=[f"l{e[0]}" for e in SEED_EXCLUSIONS]
)
def test_the_tables_exclusions_hold(line: int, fan: str, excluded: list[str]) -> None:
    """Seed 001 lines 66-145: each fan never counts together with the fans its note excludes."""
    by_name = {item.name: item.id for item in CATALOGUE}
    combinations = fan_combinations(BP)
    implies = combinations.implies.get(by_name[fan], frozenset())
    on_own_sets = combinations.implies_on_own_sets.get(by_name[fan], frozenset())
    implied = {CATALOGUE[i].name for i in implies | on_own_sets}
    assert set(excluded) <= implied


def test_mixed_triple_chow_excludes_mixed_double_chow_line_87() -> None:
    """Seed 001 line 87: a fourth chow of the same sequence pairs with its own suit's chow
    (Pure Double Chow), never as a Mixed Double Chow beside the Mixed Triple Chow."""
    for hand in ("123m123p123s123m5s5s", "[123m1][123p1][123s1][123p1]5s5s"):
        counts = bp(hand).fan_counts()
        assert counts["Mixed Triple Chow"] == 1
        assert counts["Pure Double Chow"] == 1
        assert "Mixed Double Chow" not in counts
