"""Which fans count together: the seed reading (``mcr``, ``bp-club``) against the
reference's (``mcr-gb``), at every point where seed 002 states a combination the
reference calculator does not allow, or forbids one it allows.

Each case cites the seed line it rests on; under ``mcr`` it scores the seed's fans,
under ``mcr-gb`` the reference calculator's (checked against PyMahjongGB where it is
installed). The data is `mahjongkit.rules.combinations`.
"""

from __future__ import annotations

from typing import Any

import pytest

from mahjongkit.hand import Hand
from mahjongkit.rules.combinations import (
    BP_CLUB,
    REFERENCE,
    SEED,
    FanCombinations,
    Together,
    fan_combinations,
    read_table,
)
from mahjongkit.rules.ruleset import get_ruleset
from mahjongkit.scoring import Situation, score
from mahjongkit.scoring.mcr import CATALOGUE
from mahjongkit.scoring.principles import Implications, apply_implications

SELF: dict[str, Any] = {"self_drawn": True}
DISCARD: dict[str, Any] = {}

# (seed line, hand, situation, fans under mcr (seed), fans under mcr-gb (reference))
POINTS: list[tuple[str, str, dict[str, Any], dict[str, int], dict[str, int]]] = [
    # Fully Concealed Hand (which implies Self-Drawn) with a concealed special hand won
    # by self-draw; the reference implies it away and keeps Self-Drawn.
    ("002 line 94 (000 line 141, 001 line 114): Four Concealed Pungs, Fully Concealed",
     "111m222p333s444m55p", SELF,
     {"Four Concealed Pungs": 1, "Mixed Shifted Pungs": 1, "Fully Concealed Hand": 1,
      "Pung of Terminals or Honors": 1, "No Honors": 1, "Single Wait": 1},
     {"Four Concealed Pungs": 1, "Mixed Shifted Pungs": 1, "Pung of Terminals or Honors": 1,
      "No Honors": 1, "Single Wait": 1, "Self-Drawn": 1}),
    ("002 line 111 (000 line 160): Seven Pairs, Fully Concealed",
     "1122m3344p556677s", SELF,
     {"Seven Pairs": 1, "Fully Concealed Hand": 1, "No Honors": 1},
     {"Seven Pairs": 1, "No Honors": 1, "Self-Drawn": 1}),
    ("002 line 83 (000 line 131): Thirteen Orphans, Fully Concealed",
     "19m19p19sESWNCFP1m", SELF,
     {"Thirteen Orphans": 1, "Fully Concealed Hand": 1},
     {"Thirteen Orphans": 1, "Self-Drawn": 1}),
    ("002 line 78 (000 line 122): Nine Gates, Fully Concealed and no Pung of Terminals",
     "1112345678999m5m", SELF,
     {"Nine Gates": 1, "Fully Concealed Hand": 1, "Two Concealed Pungs": 1},
     {"Nine Gates": 1, "Two Concealed Pungs": 1, "Pung of Terminals or Honors": 1,
      "Self-Drawn": 1}),
    ("002 line 81 (000 line 126): Seven Shifted Pairs, Fully Concealed",
     "11223344556677m", SELF,
     {"Seven Shifted Pairs": 1, "Fully Concealed Hand": 1},
     {"Seven Shifted Pairs": 1, "Self-Drawn": 1}),
    ("002 line 113 (000 line 161): Greater Honors and Knitted Tiles, Fully Concealed",
     "147m25p36sESWNCFP", SELF,
     {"Greater Honors and Knitted Tiles": 1, "Fully Concealed Hand": 1},
     {"Greater Honors and Knitted Tiles": 1, "Self-Drawn": 1}),
    ("002 line 139 (000 line 199): Lesser Honors and Knitted Tiles, Fully Concealed",
     "147m258p36sESWNCF", SELF,
     {"Lesser Honors and Knitted Tiles": 1, "Fully Concealed Hand": 1},
     {"Lesser Honors and Knitted Tiles": 1, "Self-Drawn": 1}),
    # A wind pung earns Pung of Terminals or Honors beside the wind fans it earns.
    ("002 line 198 (lines 182-183, 197; 000 line 306): Seat Wind with Pung of Terminals",
     "[EEE1]123m456m789m55s", {"seat_wind": "E", "prevalent_wind": "S"},
     {"Pure Straight": 1, "Seat Wind": 1, "Pung of Terminals or Honors": 1,
      "One Voided Suit": 1, "Single Wait": 1},
     {"Pure Straight": 1, "Seat Wind": 1, "One Voided Suit": 1, "Single Wait": 1}),
    ("002 line 198 (lines 182-183, 197; 000 line 306): Prevalent Wind with Pung of Terminals",
     "[EEE1]123m456m789m55s", {"seat_wind": "S", "prevalent_wind": "E"},
     {"Pure Straight": 1, "Prevalent Wind": 1, "Pung of Terminals or Honors": 1,
      "One Voided Suit": 1, "Single Wait": 1},
     {"Pure Straight": 1, "Prevalent Wind": 1, "One Voided Suit": 1, "Single Wait": 1}),
    ("002 line 198: one East pung for the seat, the round and a Pung of Terminals",
     "[EEE1]123m456m789m55s", {"seat_wind": "E", "prevalent_wind": "E"},
     {"Pure Straight": 1, "Prevalent Wind": 1, "Seat Wind": 1,
      "Pung of Terminals or Honors": 1, "One Voided Suit": 1, "Single Wait": 1},
     {"Pure Straight": 1, "Prevalent Wind": 1, "Seat Wind": 1, "One Voided Suit": 1,
      "Single Wait": 1}),
    ("002 line 78: Nine Gates won on a discard, no Pung of Terminals or Honors at all",
     "1112345678999m5m", DISCARD,
     {"Nine Gates": 1, "Two Concealed Pungs": 1},
     {"Nine Gates": 1, "Two Concealed Pungs": 1, "Pung of Terminals or Honors": 1}),
    ("002 line 86: All Terminals with Double Pung (twice: 1s and 9s)",
     "[111m1][111p2][999s3]999m1s1s", DISCARD,
     {"All Terminals": 1, "Double Pung": 2, "Single Wait": 1},
     {"All Terminals": 1, "Single Wait": 1}),
    ("002 line 76: All Green with Half Flush",
     "[234s1][666s2]888sFFF22s", DISCARD,
     {"All Green": 1, "Half Flush": 1, "Dragon Pung": 1, "Two Concealed Pungs": 1,
      "Single Wait": 1},
     {"All Green": 1, "Dragon Pung": 1, "Two Concealed Pungs": 1, "Single Wait": 1}),
    ("002 line 76: All Green with Seven Pairs, no Tile Hog",
     "22223344668888s", DISCARD,
     {"All Green": 1, "Seven Pairs": 1, "Full Flush": 1, "All Simples": 1},
     {"All Green": 1, "Seven Pairs": 1, "Full Flush": 1, "Tile Hog": 2, "All Simples": 1}),
    ("002 line 86: All Terminals with Seven Pairs, no Tile Hog",
     "1111m99m11p99p11s99s", DISCARD,
     {"All Terminals": 1, "Seven Pairs": 1},
     {"All Terminals": 1, "Seven Pairs": 1, "Tile Hog": 1}),
    ("002 line 141: Knitted Straight, no Edge Wait",
     "258m14789s11369p7s", DISCARD,
     {"Knitted Straight": 1, "Concealed Hand": 1, "All Chows": 1},
     {"Knitted Straight": 1, "Concealed Hand": 1, "All Chows": 1, "Edge Wait": 1}),
    ("002 line 141: Knitted Straight, no Closed Wait",
     "258m14788s23469p3p", DISCARD,
     {"Knitted Straight": 1, "Concealed Hand": 1, "All Chows": 1},
     {"Knitted Straight": 1, "Concealed Hand": 1, "All Chows": 1, "Closed Wait": 1}),
]  # fmt: skip

# Where the seed and the reference already agree (pinned so that neither drifts).
AGREED: list[tuple[str, str, dict[str, Any], dict[str, int]]] = [
    ("002 line 86: All Terminals with Triple Pung",
     "[111m1][111p2][111s3]999m9p9p", DISCARD,
     {"All Terminals": 1, "Triple Pung": 1, "Single Wait": 1}),
    ("002 line 76: All Green with Full Flush",
     "[234s1][666s2]888s234s22s", DISCARD,
     {"All Green": 1, "Full Flush": 1, "Tile Hog": 1, "All Simples": 1, "Pure Double Chow": 1}),
    ("002 line 141 names Edge and Closed Wait only: Knitted Straight keeps Single Wait",
     "147m258p369s123m5s5s", DISCARD,
     {"Knitted Straight": 1, "Concealed Hand": 1, "All Chows": 1, "Single Wait": 1}),
    ("002 line 198: a wind that is neither seat nor round earns Pung of Terminals only",
     "[EEE1]123m456m789m55s", {"seat_wind": "S", "prevalent_wind": "S"},
     {"Pure Straight": 1, "Pung of Terminals or Honors": 1, "One Voided Suit": 1,
      "Single Wait": 1}),
    ("002 line 111: Seven Pairs won on a discard: neither concealment fan",
     "1122m3344p556677s", DISCARD,
     {"Seven Pairs": 1, "No Honors": 1}),
]  # fmt: skip


def _fans(hand: str, situation: dict[str, Any], ruleset: str) -> dict[str, int]:
    result = score(hand, Situation.from_dict(situation), ruleset)
    assert result.is_win, (hand, ruleset)
    return result.fan_counts()


def _ids(cases: list[Any]) -> list[str]:
    return [case[0].split(":")[0].replace(" ", "") + "-" + case[1] for case in cases]


@pytest.mark.parametrize(("line", "hand", "situation", "seed", "_ref"), POINTS, ids=_ids(POINTS))
def test_mcr_follows_the_seed(
    line: str, hand: str, situation: dict[str, Any], seed: dict[str, int], _ref: object
) -> None:
    assert _fans(hand, situation, "mcr") == seed, line


@pytest.mark.parametrize(("line", "hand", "situation", "_seed", "ref"), POINTS, ids=_ids(POINTS))
def test_mcr_gb_follows_the_reference(
    line: str, hand: str, situation: dict[str, Any], _seed: object, ref: dict[str, int]
) -> None:
    assert _fans(hand, situation, "mcr-gb") == ref, line


@pytest.mark.parametrize(("line", "hand", "situation", "fans"), AGREED, ids=_ids(AGREED))
def test_where_seed_and_reference_agree(
    line: str, hand: str, situation: dict[str, Any], fans: dict[str, int]
) -> None:
    assert _fans(hand, situation, "mcr") == fans == _fans(hand, situation, "mcr-gb"), line


def test_the_reference_answers_are_pymahjonggbs() -> None:
    """The ``mcr-gb`` answers above are what the reference calculator says."""
    pytest.importorskip("MahjongGB")
    from peers.pymahjonggb import reference_score

    for line, hand, situation, _seed, ref in POINTS:
        expected = reference_score(Hand.parse(hand), Situation.from_dict(situation))
        assert expected[1] == ref, line
    for line, hand, situation, fans in AGREED:
        expected = reference_score(Hand.parse(hand), Situation.from_dict(situation))
        assert expected[1] == fans, line


# -- bp-club (seed 001; 002 where the club's sheet is silent) -------------------------------

# (line, hand, situation, fans under bp-club without No Flower Tiles)
BP_POINTS: list[tuple[str, str, dict[str, Any], dict[str, int]]] = [
    ("001 line 114: Four Concealed Pungs, self-drawn, with Fully Concealed",
     "111m222p333s444m55p", SELF,
     {"Four Concealed Pungs": 1, "Mixed Shifted Pungs": 1, "Fully Concealed Hand": 1,
      "Pung of Terminals or Honors": 1, "No Honors": 1, "Single Wait": 1}),
    ("001 line 145 (exclusions: Concealed Hand, Single Wait) and 002 line 111: Seven Pairs, "
     "self-drawn, with Fully Concealed",
     "1122m3344p556677s", SELF,
     {"Seven Pairs": 1, "Fully Concealed Hand": 1, "No Honors": 1}),
    ("001 line 133 (exclusions: All Types, Concealed Hand, Single Wait) and 002 line 83: "
     "Thirteen Orphans, self-drawn, with Fully Concealed",
     "19m19p19sESWNCFP1m", SELF,
     {"Thirteen Orphans": 1, "Fully Concealed Hand": 1}),
    ("001 line 143: Pung of Terminals or Honors is for non-point winds: the seat wind's pung "
     "earns Seat Wind only",
     "[EEE1]123m456m789m55s", {"seat_wind": "E", "prevalent_wind": "E"},
     {"Pure Straight": 1, "Seat Wind": 1, "One Voided Suit": 1, "Single Wait": 1}),
    ("001 line 134 (exclusions: No Honors, Pung of Terminals, All Pungs) and 002 line 86: "
     "All Terminals with Double Pung",
     "[111m1][111p2][999s3]999m1s1s", DISCARD,
     {"All Terminals": 1, "Double Pung": 2, "Single Wait": 1}),
    ("001 line 108 (no exclusion) and 002 line 76: All Green with Half Flush",
     "[234s1][666s2]888sFFF22s", DISCARD,
     {"All Green": 1, "Half Flush": 1, "Dragon Pung": 1, "Two Concealed Pungs": 1,
      "Single Wait": 1}),
    ("001 line 7 (Seven Shifted Pairs deleted) and line 145: seven shifted pairs are still "
     "Seven Pairs",
     "11223344556677m", SELF,
     {"Seven Pairs": 1, "Full Flush": 1, "Fully Concealed Hand": 1}),
]  # fmt: skip


@pytest.mark.parametrize(("line", "hand", "situation", "fans"), BP_POINTS, ids=_ids(BP_POINTS))
def test_bp_club_follows_its_sheet(
    line: str, hand: str, situation: dict[str, Any], fans: dict[str, int]
) -> None:
    assert _fans(hand, situation, "bp-club") == {**fans, "No Flower Tiles": 1}, line


# -- the data --------------------------------------------------------------------------------


def test_each_ruleset_reads_its_own_combinations() -> None:
    assert fan_combinations(get_ruleset("mcr-gb")) is REFERENCE
    assert fan_combinations(get_ruleset("mcr")) is SEED
    assert fan_combinations(get_ruleset("bp-club")) == BP_CLUB


def test_the_seed_departs_from_the_reference_only_where_002_says_so() -> None:
    """002 lines 76-198: the fans whose entries differ, and nothing else."""
    changed = {
        fan
        for fan in REFERENCE.fans() | SEED.fans()
        if REFERENCE.implies.get(fan) != SEED.implies.get(fan)
        or REFERENCE.implies_on_own_sets.get(fan) != SEED.implies_on_own_sets.get(fan)
    }
    assert changed == {
        "four_concealed_pungs", "seven_pairs", "thirteen_orphans", "nine_gates",
        "seven_shifted_pairs", "greater_honors_and_knitted_tiles",
        "lesser_honors_and_knitted_tiles", "seat_wind", "prevalent_wind", "all_terminals",
        "all_green", "knitted_straight",
    }  # fmt: skip
    assert set(SEED.reasons) == changed
    assert {frozenset(rule.fans) for rule in SEED.together} == {
        frozenset({"all_green", "seven_pairs"}),
        frozenset({"all_terminals", "seven_pairs"}),
    }
    assert REFERENCE.together == ()


def test_bp_club_departs_from_the_seed_only_at_line_143() -> None:
    changed = {
        fan
        for fan in SEED.fans()
        if SEED.implies_on_own_sets.get(fan) != BP_CLUB.implies_on_own_sets.get(fan)
    }
    assert changed == {"seat_wind", "prevalent_wind"}
    assert BP_CLUB.implies == SEED.implies and BP_CLUB.together == SEED.together


def test_every_fan_named_is_in_the_catalogue() -> None:
    ids = {item.id for item in CATALOGUE}
    for reading in (REFERENCE, SEED, BP_CLUB):
        assert reading.fans() <= ids, reading.name


def test_a_reading_naming_an_unknown_fan_is_an_error() -> None:
    bad = SEED.changed(name="typo", implies={"all_green": ["half_flush", "tile_hogg"]})
    with pytest.raises(ValueError, match="'typo' name fans the mcr catalogue lacks: tile_hogg"):
        Implications.of(CATALOGUE, bad)


def test_the_readings_are_plain_tables_and_back() -> None:
    """A house-rules file could hold a reading: lists of fan ids, round-tripped."""
    for reading in (REFERENCE, SEED, BP_CLUB):
        table = reading.as_table()
        assert all(isinstance(f, str) for fans in table["implies"].values() for f in fans)
        assert FanCombinations.from_table(table, name="copy") == reading
    assert SEED != REFERENCE and hash(SEED) != hash(REFERENCE)


def test_a_house_table_changes_a_reading_by_name() -> None:
    """The intended ``[scoring.combinations]`` shape: fan names resolved to ids."""
    by_name = {item.name: item.id for item in CATALOGUE}
    table = {
        "base": "reference",
        "implies": {"All Green": ["One Voided Suit"]},
        "together": [{"fans": ["All Green", "Seven Pairs"], "implies": ["Tile Hog"]}],
    }
    club = read_table(table, name="club", resolve=by_name.__getitem__)
    assert club.implies["all_green"] == {"one_voided_suit"}
    assert club.implies["seven_pairs"] == REFERENCE.implies["seven_pairs"]
    assert club.together == (Together(frozenset({"all_green", "seven_pairs"}),
                                      frozenset({"tile_hog"})),)  # fmt: skip
    for bad, message in (
        ({"implies": {"All Green": "Half Flush"}}, "implies.All Green: a list of fans"),
        ({"implied": {}}, "implied: unknown key"),
        ({"together": [{"fans": ["All Green", "Seven Pairs"]}]}, "together\\[0\\]: a table"),
        ({"base": "gb"}, "base: unknown reading 'gb'"),
    ):
        with pytest.raises(ValueError, match=message):
            read_table(bad, name="club", resolve=by_name.__getitem__)


def test_fans_counted_together_imply_only_when_all_stand() -> None:
    """002 line 76: Tile Hog goes with All Green and Seven Pairs together, not with either."""
    tables = Implications.of(CATALOGUE, SEED)
    hog = ("tile_hog", (1,))
    both = [("all_green", ()), ("seven_pairs", ()), hog]
    assert apply_implications(both, tables) == both[:2]
    assert apply_implications([("all_green", ()), hog], tables) == [("all_green", ()), hog]
    assert apply_implications([("seven_pairs", ()), hog], tables) == [("seven_pairs", ()), hog]
