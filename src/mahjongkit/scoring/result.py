"""What scoring returns: each item with its points and what earned it, and the total.

>>> item = ScoreItem("pure_straight", "Pure Straight", "清龙", 16, 1, ("123m", "456m", "789m"))
>>> item.total, str(item)
(16, 'Pure Straight 16 (123m 456m 789m)')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from mahjongkit.hand import Hand
from mahjongkit.scoring.situation import Situation
from mahjongkit.shapes import Decomposition


class Outcome(Enum):
    """How a scored hand stands: a qualifying win, a win below the minimum, or no win."""

    WIN = "win"
    BELOW_MINIMUM = "below_minimum"
    NOT_A_WIN = "not_a_win"


@dataclass(frozen=True, slots=True)
class ScoreItem:
    """One fan (MCR) or scoring item (Taiwanese) in a breakdown.

    ``points`` is the value of one unit, ``count`` how many times it scores, and
    ``sources`` the sets or tiles that earned it, in notation.
    """

    id: str
    name: str
    chinese: str
    points: int
    count: int = 1
    sources: tuple[str, ...] = ()
    is_flower: bool = False

    @property
    def total(self) -> int:
        """Points times count."""
        return self.points * self.count

    def __str__(self) -> str:
        times = f" x{self.count}" if self.count > 1 else ""
        why = f" ({' '.join(self.sources)})" if self.sources else ""
        return f"{self.name} {self.points}{times}{why}"


@dataclass(frozen=True)
class Score:
    """The scored hand: the breakdown, the totals and whether it qualifies."""

    ruleset: str
    hand: Hand
    situation: Situation
    outcome: Outcome
    items: tuple[ScoreItem, ...] = ()
    minimum: int = 0
    decomposition: Decomposition | None = None
    notes: tuple[str, ...] = field(default=())

    @property
    def total(self) -> int:
        """Every item's points, flowers included."""
        return sum(i.total for i in self.items)

    @property
    def total_without_flowers(self) -> int:
        """The total that counts towards the minimum."""
        return sum(i.total for i in self.items if not i.is_flower)

    @property
    def is_win(self) -> bool:
        """True for a complete hand, whether or not it reaches the minimum."""
        return self.outcome is not Outcome.NOT_A_WIN

    @property
    def qualifies(self) -> bool:
        """True when the hand is a win that reaches the ruleset's minimum."""
        return self.outcome is Outcome.WIN

    def fan_counts(self) -> dict[str, int]:
        """Item names with their counts, as the reference calculator lists them."""
        out: dict[str, int] = {}
        for i in self.items:
            out[i.name] = out.get(i.name, 0) + i.count
        return out

    def to_json(self) -> dict[str, Any]:
        """The batch-contract object (docs/score-cases.md): ruleset, total, qualifies,
        outcome, totals, minimum, the fans with what earned them, and notes. Each fan
        carries its stable ``id`` (the catalogue's, which a renamed fan keeps) beside its
        display ``name``.

        >>> from mahjongkit.scoring import score
        >>> fan = score("2333m123456789p2m").to_json()["fans"][0]
        >>> fan["id"], fan["name"], fan["points"]
        ('pure_straight', 'Pure Straight', 16)
        """
        return {
            "ruleset": self.ruleset,
            "total": self.total,
            "qualifies": self.qualifies,
            "outcome": self.outcome.value,
            "total_without_flowers": self.total_without_flowers,
            "minimum": self.minimum,
            "fans": [
                {
                    "id": i.id,
                    "name": i.name,
                    "points": i.points,
                    "count": i.count,
                    "sources": list(i.sources),
                }
                for i in self.items
            ],
            "notes": list(self.notes),
        }
