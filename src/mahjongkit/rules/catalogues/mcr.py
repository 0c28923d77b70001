"""The MCR fan table as data: the 81 fans, "Concealed Kong and Melded Kong", club flower items.

Each row: id, the reference calculator's English name, the Chinese name, the value per
column and the seed line that states it. Which fans imply which is not here: it is a
rule the rulesets differ on, read per ruleset from `mahjongkit.rules.combinations`.
Columns:

- ``mcr-gb``: the Chinese-language rulebook (Two Concealed Kongs 6, one concealed plus
  one melded kong 5), as PyMahjongGB and the Botzone judge compute;
- ``mcr``: the seed documents (Two Concealed Kongs 8, 002 line 162 and 000 line 237;
  one concealed plus one melded kong 6, 000 line 264 and 002 line 178);
- ``bp-club``: only the three flower items of the club sheet that MCR lacks (No Flower
  Tiles, Flower or Season Set, Seat Flower; 001 lines 77-80). They exist in no MCR
  column, so they score only where a ruleset prices them: a house-rules file over
  ``mcr`` enables them by giving them a value (``[scoring.fans]`` in ``bp-club.toml``,
  which becomes ``scoring.item_values``). Flower Tile (001 line 78) is MCR's Flower Tiles.

>>> CATALOGUE["two_concealed_kongs"].value("mcr-gb"), CATALOGUE["two_concealed_kongs"].value("mcr")
(6, 8)
>>> len([i for i in CATALOGUE if i.value("mcr-gb") is not None])
82
>>> CATALOGUE["seat_flower"].value("mcr") is None, CATALOGUE["seat_flower"].is_flower
(True, True)
"""

from __future__ import annotations

from typing import Final

from mahjongkit.rules.catalogues import Catalogue, Item

COLUMNS: Final = ("mcr-gb", "mcr", "bp-club")

# id, English name (reference calculator), Chinese name, mcr-gb value, seed line in 002.
_ROWS: Final[tuple[tuple[str, str, str, int, int], ...]] = (
    ("big_four_winds", "Big Four Winds", "大四喜", 88, 71),
    ("big_three_dragons", "Big Three Dragons", "大三元", 88, 73),
    ("all_green", "All Green", "绿一色", 88, 75),
    ("nine_gates", "Nine Gates", "九莲宝灯", 88, 77),
    ("four_kongs", "Four Kongs", "四杠", 88, 79),
    ("seven_shifted_pairs", "Seven Shifted Pairs", "连七对", 88, 80),
    ("thirteen_orphans", "Thirteen Orphans", "十三幺", 88, 82),
    ("all_terminals", "All Terminals", "清幺九", 64, 85),
    ("little_four_winds", "Little Four Winds", "小四喜", 64, 87),
    ("little_three_dragons", "Little Three Dragons", "小三元", 64, 89),
    ("all_honors", "All Honors", "字一色", 64, 91),
    ("four_concealed_pungs", "Four Concealed Pungs", "四暗刻", 64, 93),
    ("pure_terminal_chows", "Pure Terminal Chows", "一色双龙会", 64, 95),
    ("quadruple_chow", "Quadruple Chow", "一色四同顺", 48, 98),
    ("four_pure_shifted_pungs", "Four Pure Shifted Pungs", "一色四节高", 48, 100),
    ("four_pure_shifted_chows", "Four Pure Shifted Chows", "一色四步高", 32, 103),
    ("three_kongs", "Three Kongs", "三杠", 32, 105),
    ("all_terminals_and_honors", "All Terminals and Honors", "混幺九", 32, 107),
    ("seven_pairs", "Seven Pairs", "七对", 24, 110),
    ("greater_honors_and_knitted_tiles", "Greater Honors and Knitted Tiles", "七星不靠", 24, 112),
    ("all_even_pungs", "All Even Pungs", "全双刻", 24, 114),
    ("full_flush", "Full Flush", "清一色", 24, 116),
    ("pure_triple_chow", "Pure Triple Chow", "一色三同顺", 24, 118),
    ("pure_shifted_pungs", "Pure Shifted Pungs", "一色三节高", 24, 120),
    ("upper_tiles", "Upper Tiles", "全大", 24, 122),
    ("middle_tiles", "Middle Tiles", "全中", 24, 124),
    ("lower_tiles", "Lower Tiles", "全小", 24, 126),
    ("pure_straight", "Pure Straight", "清龙", 16, 129),
    ("three_suited_terminal_chows", "Three-Suited Terminal Chows", "三色双龙会", 16, 130),
    ("pure_shifted_chows", "Pure Shifted Chows", "一色三步高", 16, 132),
    ("all_five", "All Five", "全带五", 16, 133),
    ("triple_pung", "Triple Pung", "三同刻", 16, 135),
    ("three_concealed_pungs", "Three Concealed Pungs", "三暗刻", 16, 136),
    ("lesser_honors_and_knitted_tiles", "Lesser Honors and Knitted Tiles", "全不靠", 12, 138),
    ("knitted_straight", "Knitted Straight", "组合龙", 12, 140),
    ("upper_four", "Upper Four", "大于五", 12, 142),
    ("lower_four", "Lower Four", "小于五", 12, 144),
    ("big_three_winds", "Big Three Winds", "三风刻", 12, 146),
    ("mixed_straight", "Mixed Straight", "花龙", 8, 148),
    ("reversible_tiles", "Reversible Tiles", "推不倒", 8, 149),
    ("mixed_triple_chow", "Mixed Triple Chow", "三色三同顺", 8, 151),
    ("mixed_shifted_pungs", "Mixed Shifted Pungs", "三色三节高", 8, 152),
    ("chicken_hand", "Chicken Hand", "无番和", 8, 153),
    ("last_tile_draw", "Last Tile Draw", "妙手回春", 8, 154),
    ("last_tile_claim", "Last Tile Claim", "海底捞月", 8, 156),
    ("out_with_replacement_tile", "Out with Replacement Tile", "杠上开花", 8, 157),
    ("robbing_the_kong", "Robbing The Kong", "抢杠和", 8, 159),
    ("two_concealed_kongs", "Two Concealed Kongs", "双暗杠", 6, 161),
    ("all_pungs", "All Pungs", "碰碰和", 6, 164),
    ("half_flush", "Half Flush", "混一色", 6, 165),
    ("mixed_shifted_chows", "Mixed Shifted Chows", "三色三步高", 6, 166),
    ("all_types", "All Types", "五门齐", 6, 168),
    ("melded_hand", "Melded Hand", "全求人", 6, 170),
    ("two_dragons_pungs", "Two Dragons Pungs", "双箭刻", 6, 172),
    ("outside_hand", "Outside Hand", "全带幺", 4, 174),
    ("fully_concealed_hand", "Fully Concealed Hand", "不求人", 4, 175),
    ("two_melded_kongs", "Two Melded Kongs", "双明杠", 4, 177),
    ("last_tile", "Last Tile", "和绝张", 4, 179),
    ("dragon_pung", "Dragon Pung", "箭刻", 2, 181),
    ("prevalent_wind", "Prevalent Wind", "圈风刻", 2, 182),
    ("seat_wind", "Seat Wind", "门风刻", 2, 183),
    ("concealed_hand", "Concealed Hand", "门前清", 2, 184),
    ("all_chows", "All Chows", "平和", 2, 185),
    ("tile_hog", "Tile Hog", "四归一", 2, 187),
    ("double_pung", "Double Pung", "双同刻", 2, 188),
    ("two_concealed_pungs", "Two Concealed Pungs", "双暗刻", 2, 189),
    ("concealed_kong", "Concealed Kong", "暗杠", 2, 190),
    ("all_simples", "All Simples", "断幺", 2, 191),
    ("pure_double_chow", "Pure Double Chow", "一般高", 1, 193),
    ("mixed_double_chow", "Mixed Double Chow", "喜相逢", 1, 194),
    ("short_straight", "Short Straight", "连六", 1, 195),
    ("two_terminal_chows", "Two Terminal Chows", "老少副", 1, 196),
    ("pung_of_terminals_or_honors", "Pung of Terminals or Honors", "幺九刻", 1, 197),
    ("melded_kong", "Melded Kong", "明杠", 1, 199),
    ("one_voided_suit", "One Voided Suit", "缺一门", 1, 200),
    ("no_honors", "No Honors", "无字", 1, 201),
    ("edge_wait", "Edge Wait", "边张", 1, 202),
    ("closed_wait", "Closed Wait", "嵌张", 1, 204),
    ("single_wait", "Single Wait", "单钓将", 1, 206),
    ("self_drawn", "Self-Drawn", "自摸", 1, 208),
    ("flower_tiles", "Flower Tiles", "花牌", 1, 209),
    ("concealed_kong_and_melded_kong", "Concealed Kong and Melded Kong", "明暗杠", 5, 178),
)  # fmt: skip

_MCR_VALUES: Final = {"two_concealed_kongs": 8, "concealed_kong_and_melded_kong": 6}
"""Where the seed documents value a fan differently from the Chinese-language rulebook."""

VALUE_REASONS: Final = {
    "two_concealed_kongs": "002 line 162 (000 line 237): 8, upgraded from 6 by the WMO in "
    "2025; the Chinese-language rulebook says 6",
    "concealed_kong_and_melded_kong": "002 line 178 (000 line 264): one melded and one "
    "concealed kong are 6; the rulebook's combined fan is 5",
}
"""Why the ``mcr`` column values a fan differently from ``mcr-gb`` (for the docs)."""

_FLOWER_ITEMS: Final = (
    # id, name, Chinese name, bp-club value, seed line in 001
    ("no_flower_tiles", "No Flower Tiles", "无花", 1, 77),
    ("flower_or_season_set", "Flower or Season Set", "一套花", 2, 79),
    ("seat_flower", "Seat Flower", "本位花", 1, 80),
)


def _build() -> Catalogue:
    items: list[Item] = []
    for fan_id, name, chinese, value, line in _ROWS:
        mcr = _MCR_VALUES.get(fan_id, value)
        items.append(
            Item(
                fan_id,
                name,
                chinese,
                (("mcr-gb", value), ("mcr", mcr)),
                is_flower=fan_id == "flower_tiles",
                seed=f"002 line {line}",
            )
        )
    for fan_id, name, chinese, value, line in _FLOWER_ITEMS:
        items.append(
            Item(
                fan_id,
                name,
                chinese,
                (("bp-club", value),),
                is_flower=True,
                seed=f"001 line {line}",
            )
        )
    return Catalogue("mcr", tuple(items))


CATALOGUE: Final = _build()
"""The MCR catalogue in table order (the order exclusions are applied in)."""

FAN_INDEX: Final = {item.id: n for n, item in enumerate(CATALOGUE)}
"""Each fan's position in the table: a fan earlier in the table is weighed first."""
