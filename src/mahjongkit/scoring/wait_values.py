"""What each wait of a ready hand is worth: the score if won on a discard and if self-drawn.

>>> values = wait_values("[123m2]456m789m1sEEE", None, "mcr")
>>> [(str(v), v.discard.total, v.self_drawn.total) for v in values]
[('1s', 23, 24)]
>>> to_json(values)["1s"]["discard"]
23
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from mahjongkit.errors import InvalidHandError
from mahjongkit.hand import Hand
from mahjongkit.rules.ruleset import Ruleset, get_ruleset
from mahjongkit.scoring import score
from mahjongkit.scoring.result import Score
from mahjongkit.scoring.situation import Situation
from mahjongkit.shanten import waits
from mahjongkit.tiles import Tile, tile_name


@dataclass(frozen=True, slots=True)
class WaitValue:
    """One wait and the hand's score when it arrives on a discard, and self-drawn."""

    tile: Tile
    discard: Score
    self_drawn: Score

    def __str__(self) -> str:
        return tile_name(self.tile)

    def to_json(self) -> dict[str, Any]:
        """``{"discard": n, "self_drawn": n, ...}``: totals and whether each qualifies."""
        return {
            "discard": self.discard.total,
            "self_drawn": self.self_drawn.total,
            "discard_qualifies": self.discard.qualifies,
            "self_drawn_qualifies": self.self_drawn.qualifies,
        }


def wait_values(
    hand: Hand | str,
    situation: Situation | None = None,
    ruleset: str | Ruleset = "mcr",
) -> list[WaitValue]:
    """Every wait of a ready hand (kinds it holds all four of left out) with its two scores.

    The situation's seat, prevalent wind, flowers and last-tile flags apply to every
    wait; whether the tile is self-drawn is what each value varies, and the flags of a
    particular win (kong replacement, robbing a kong) are left out, since they belong to
    one way of winning, not to the wait.
    """
    rules = get_ruleset(ruleset)
    if isinstance(hand, str):
        hand = Hand.parse(hand, size=rules.hand_size)
    if not hand.is_waiting:
        raise InvalidHandError(f"{hand} is not a waiting hand: it has {hand.tile_count} tiles")
    base = replace(situation or Situation(), kong_replacement=False, robbing_kong=False)
    on_discard = replace(base, self_drawn=False)
    drawn = replace(base, self_drawn=True)
    out = []
    for tile in waits(hand, rules=rules):
        complete = hand.with_tile(tile)
        out.append(
            WaitValue(tile, score(complete, on_discard, rules), score(complete, drawn, rules))
        )
    return out


def to_json(values: list[WaitValue]) -> dict[str, dict[str, Any]]:
    """Tile name -> the wait's values, in wait order."""
    return {str(v): v.to_json() for v in values}


__all__ = ["WaitValue", "to_json", "wait_values"]
