"""Simplified and traditional Chinese for the scoring catalogues' names.

The MCR catalogue names its fans in simplified characters (mainland usage), the Taiwanese
one in traditional: each page language needs both. `PAIRS` maps exactly the characters
the catalogues use that differ between the scripts, `SHARED` those written alike; a
test checks every catalogue name converts both ways with no character left unmapped.
A terminology difference (和 / 胡, 番 / 台) is not a script difference and stays.

>>> traditional("九莲宝灯"), simplified("八仙過海")
('九蓮寶燈', '八仙过海')
>>> item_names("Pure Straight", "清龙")
{'en': 'Pure Straight', 'zh-Hans': '清龙', 'zh-Hant': '清龍'}
"""

from __future__ import annotations

PAIRS = (
    *("于於", "会會", "单單", "双雙", "对對", "将將", "带帶", "归歸", "抢搶", "捞撈", "断斷"),
    *("无無", "灯燈", "组組", "绝絕", "绿綠", "节節", "莲蓮", "边邊", "连連", "钓釣", "顺順"),
    *("风風", "齐齊", "龙龍", "张張", "门門", "开開", "宝寶", "杠槓", "幺么", "呖嚦", "条條"),
    *("独獨", "纯純", "听聽", "庄莊", "过過", "鸡雞", "个個", "内內", "两兩", "掷擲", "红紅"),
    *("蓝藍", "补補", "钻鑽", "杂雜"),
)
"""Simplified, then traditional, as the catalogues write them (幺 / 么: Taiwan's usage)."""

SHARED = frozenset(
    "一七三上不中九二五人仙位倒元全八六刻前副十同合和咕喜四回圈地大天套妙字家小少嵌平底"
    "手推摸明星春暗月本步正求海混清牌番相碰箭缺老胡自般色花逢配靠高搭"
    "假出分半子接石翠翡豹跨非"
)
"""Characters the catalogues write alike in both scripts."""

_TO_TRADITIONAL = {pair[0]: pair[1] for pair in PAIRS}
_TO_SIMPLIFIED = {pair[1]: pair[0] for pair in PAIRS}


def traditional(text: str) -> str:
    """``text`` in traditional characters; a character outside the map stays as it is."""
    return "".join(_TO_TRADITIONAL.get(ch, ch) for ch in text)


def simplified(text: str) -> str:
    """``text`` in simplified characters; a character outside the map stays as it is."""
    return "".join(_TO_SIMPLIFIED.get(ch, ch) for ch in text)


def unmapped(text: str) -> set[str]:
    """The characters of ``text`` neither mapped nor known to be written alike.

    >>> unmapped("清龙"), unmapped("麻将")
    (set(), {'麻'})
    """
    known = SHARED | _TO_TRADITIONAL.keys() | _TO_SIMPLIFIED.keys()
    return {ch for ch in text if ch not in known}


def item_names(english: str, chinese: str) -> dict[str, str]:
    """A fan's or scoring item's name in each page language, from its catalogue names:
    the Chinese in both scripts (either script in, as its catalogue writes it), English
    where the catalogue gives no Chinese name."""
    if not chinese:
        return {"en": english, "zh-Hans": english, "zh-Hant": english}
    return {"en": english, "zh-Hans": simplified(chinese), "zh-Hant": traditional(chinese)}


__all__ = ["PAIRS", "SHARED", "item_names", "simplified", "traditional", "unmapped"]
