"""Which situation fields a ruleset's scorer reads: a field it does not read is not part
of that ruleset, so asking for it (Heavenly Hand under MCR) is refused, not ignored.

>>> situation_fields("mcr")[:3]
('self_drawn', 'kong_replacement', 'robbing_kong')
>>> "heavenly" in situation_fields("mcr"), "heavenly" in situation_fields("taiwanese-lrc")
(False, True)
>>> not_in_ruleset({"heavenly": True, "ting": False, "self_drawn": True}, "mcr")
['heavenly']
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mahjongkit.rules.ruleset import Ruleset, get_ruleset

_MCR = (
    "self_drawn",
    "kong_replacement",  # 002 l.157
    "robbing_kong",  # 002 l.159
    "last_of_kind",  # 002 l.179
    "last_wall_tile",  # 002 l.154, 156
    "seat_wind",
    "prevalent_wind",
)
"""What the MCR fans ask beyond the tiles (Last Tile is MCR's alone)."""

_TAIWANESE = (
    "self_drawn",
    "kong_replacement",
    "robbing_kong",
    "last_wall_tile",  # 004 l.332, Seabed Hand
    "seat_wind",
    "prevalent_wind",
    "dealer",  # 004 l.320
    "discarder_is_dealer",
    "heavenly",  # 004 l.334
    "earthly",  # 004 l.333
    "tiles_on_table",  # 004 l.329-331
    "dealer_streak",  # 004 l.428, Dice on the Wall
)
"""What the Taiwanese card asks beyond the tiles."""

_FLOWERS = ("flowers", "flower_replacement")
"""Asked where the set has flowers (MCR: a flower's replacement counts as self-drawn,
002 l.158, 210)."""


def situation_fields(ruleset: str | Ruleset) -> tuple[str, ...]:
    """The situation fields the ruleset's scorer reads, in the order a page shows them:
    flowers only where the set has them, ``ting`` only where Calling is in play (004 l.24)."""
    rules = get_ruleset(ruleset)
    names = _MCR if rules.scoring.sheet is None else _TAIWANESE  # the fans, or a sheet
    if rules.uses_flowers:
        names = (*names, *_FLOWERS)
    if rules.play.ting_in_play:
        names = (*names, "ting")
    return names


def not_in_ruleset(given: Mapping[str, Any], ruleset: str | Ruleset) -> list[str]:
    """The fields of ``given`` that ask for something the ruleset does not have (set to
    anything but their default: false, 0, none), sorted. A field sent at its default asks
    nothing, so a page may send every field it has."""
    have = situation_fields(ruleset)
    return sorted(
        name
        for name, value in given.items()
        if name not in have and value not in (False, 0, None, "")
    )


__all__ = ["not_in_ruleset", "situation_fields"]
