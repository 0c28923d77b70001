"""Why a decision cost points, as a player says it: small typed reasons with a stable code.

Each reason has a ``code`` (stable: a web page translates by it), its parameters, and an
English sentence (``str(reason)``, `Reason.text`). `Reason.to_json` gives ``{"code": ...,
"text": ..., **parameters}``, the parameters as plain JSON values.

>>> reason = MissedWin(points=12)
>>> str(reason)
'passed on a win of 12 points'
>>> reason.to_json()
{'code': 'missed_win', 'text': 'passed on a win of 12 points', 'points': 12}
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar

from mahjongkit.game.events import SEAT_NAMES


class Reason:
    """A reason a decision cost points (see the module docstring)."""

    code: ClassVar[str] = ""

    @property
    def text(self) -> str:
        raise NotImplementedError

    def __str__(self) -> str:
        return self.text

    def params(self) -> dict[str, Any]:
        """The reason's parameters as plain JSON values."""
        out: dict[str, Any] = {}
        for f in fields(self):  # type: ignore[arg-type]
            out[f.name] = _plain(getattr(self, f.name))
        return out

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, "text": self.text, **self.params()}


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    if hasattr(value, "to_json"):
        return value.to_json()
    if isinstance(value, float):
        return round(value, 4)
    return value


@dataclass(frozen=True)
class Shanten(Reason):
    """Two different discards: the shanten and the unseen useful tiles each leaves
    (``slower`` when the chosen one leaves more shanten, or as many and fewer useful
    tiles: a slower hand).

    >>> str(Shanten("W", 3, 31, "C", 3, 35, True)).split("; ")[1]
    'C leaves shanten 3 with 35 useful tiles (a slower hand)'
    """

    code: ClassVar[str] = "shanten"
    chosen_tile: str
    chosen_shanten: int
    chosen_useful: int
    preferred_tile: str
    preferred_shanten: int
    preferred_useful: int
    slower: bool

    @property
    def text(self) -> str:
        return (
            f"{self.chosen_tile} leaves shanten {self.chosen_shanten} with"
            f" {self.chosen_useful} useful tiles; {self.preferred_tile} leaves shanten"
            f" {self.preferred_shanten} with {self.preferred_useful} useful tiles"
            + (" (a slower hand)" if self.slower else "")
        )


@dataclass(frozen=True)
class MissedWin(Reason):
    """The seat could declare a win (of ``points``) and did not."""

    code: ClassVar[str] = "missed_win"
    points: int

    @property
    def text(self) -> str:
        return f"passed on a win of {self.points} points"


@dataclass(frozen=True)
class BelowMinimum(Reason):
    """The seat's hand was complete with the tile, but the win scored ``points``, under
    the ruleset's ``minimum`` (MCR: 8 points, 000 l.98): it could not declare it.

    >>> str(BelowMinimum(tile="5m", points=6, minimum=8))
    'a win on 5m was worth only 6 points, under the minimum of 8: it could not be declared'
    """

    code: ClassVar[str] = "below_minimum"
    tile: str
    points: int
    minimum: int

    @property
    def text(self) -> str:
        return (
            f"a win on {self.tile} was worth only {self.points} points, under the minimum"
            f" of {self.minimum}: it could not be declared"
        )


@dataclass(frozen=True)
class Threat:
    """An opponent that looks ready, as the seat could tell: its ``seat``, the chance it
    holds a ready hand (``ready``, the defender bot's threat: 1 once it called Ting) and
    whether it called."""

    seat: int
    ready: float
    ting: bool

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "ready": round(self.ready, 4), "ting": self.ting}

    @property
    def text(self) -> str:
        name = SEAT_NAMES[self.seat]
        if self.ting:
            return f"{name} called Ting"
        return f"{name} may be ready (about {round(100 * self.ready)}%)"


@dataclass(frozen=True)
class Danger(Reason):
    """Two different discards while an opponent looks ready: the chance each deals in
    (``chosen_chance``, ``preferred_chance``: the defender bot's estimate, see
    docs/review.md).

    >>> str(Danger((Threat(2, 1.0, True),), "5m", 0.11, "E", 0.006))
    'W called Ting; 5m deals in about 11.0% of the time, E about 0.6%'
    """

    code: ClassVar[str] = "danger"
    threats: tuple[Threat, ...]
    chosen_tile: str
    chosen_chance: float
    preferred_tile: str
    preferred_chance: float

    @property
    def text(self) -> str:
        who = ", ".join(t.text for t in self.threats)
        return (
            f"{who}; {self.chosen_tile} deals in about {100 * self.chosen_chance:.1f}% of"
            f" the time, {self.preferred_tile} about {100 * self.preferred_chance:.1f}%"
        )


PLANS = {
    "none": "no fan to play for",
    "plain": "a plain win",
    "special_forms": "Knitted or Orphans",
    "seven_pairs": "Seven Pairs",
    "all_pungs": "All Pungs",
    "half_flush": "a Half Flush",
    "full_flush": "a Full Flush",
    "mixed_straight": "a Mixed Straight",
    "pure_straight": "a Pure Straight",
    "mixed_triple_chow": "a Mixed Triple Chow",
    "mixed_shifted_chows": "Mixed Shifted Chows",
    "pure_shifted_chows": "Pure Shifted Chows",
}
"""The scorer's plans (`mahjongkit.bots.scorer.PLAN_NAMES`) in English."""


@dataclass(frozen=True)
class Value(Reason):
    """Two actions that keep hands of different value (``chosen``, ``preferred``: a
    discard by its tile, a claim or a pass as the action reads): the best plan within
    reach after each (``chosen_plan``, ``preferred_plan``: the scorer bot's plans, MCR fans
    such as a flush or a straight, Taiwanese sheet items on a plain win, `PLANS`) and its
    points as the scorer reckons them (counted from the nearer hand's distance, a step
    further discounted by the scorer's ``Q``).

    >>> str(Value("3s", "pure_straight", 6.4, "5m", "full_flush", 24.0))
    '3s keeps a Pure Straight within reach (about 6 points); 5m a Full Flush (about 24): value lost'
    """

    code: ClassVar[str] = "value"
    chosen: str
    chosen_plan: str
    chosen_points: float
    preferred: str
    preferred_plan: str
    preferred_points: float

    @property
    def text(self) -> str:
        lost = self.chosen_points < self.preferred_points
        return (
            f"{self.chosen} keeps {PLANS.get(self.chosen_plan, self.chosen_plan)} within"
            f" reach (about {round(self.chosen_points)} points); {self.preferred}"
            f" {PLANS.get(self.preferred_plan, self.preferred_plan)} (about"
            f" {round(self.preferred_points)}): value {'lost' if lost else 'kept'}"
        )


CODES = tuple(r.code for r in (Shanten, MissedWin, BelowMinimum, Danger, Value))
"""Every reason's code."""

__all__ = [
    "CODES",
    "PLANS",
    "BelowMinimum",
    "Danger",
    "MissedWin",
    "Reason",
    "Shanten",
    "Threat",
    "Value",
]
