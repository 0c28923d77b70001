"""Statistics of a self-play run, gathered hand by hand in hand order.

>>> from mahjongkit.sim.selfplay import HandOutcome
>>> stats = Stats("mcr", ("scorer", "random", "random", "random"))
>>> stats.add(HandOutcome(0, 0, 0, ("scorer", "random", "random", "random"), (0, 1, 2, 3),
...     "win", (0,), True, (10,), (("All Chows", "Self-Drawn"),), (54, -18, -18, -18)))
>>> stats.add(HandOutcome(1, 1, 0, ("scorer", "random", "random", "random"), (0, 1, 2, 3),
...     "draw"))
>>> j = stats.to_json(seconds=1.0)
>>> j["hands"], j["wins"], j["draws"], j["self_drawn"], j["points_by_bot"], j["fans"]
(2, 1, 1, 1, {'random': -54, 'scorer': 54}, {'All Chows': 1, 'Self-Drawn': 1})
>>> j["points_per_hand_by_bot"]
{'random': -9.0, 'scorer': 27.0}
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from mahjongkit.sim.selfplay import HandOutcome


@dataclass
class Stats:
    """Running totals of a run. `add` the outcomes in hand order."""

    ruleset: str
    lineup: tuple[str, ...]
    hands: int = 0
    wins: int = 0
    draws: int = 0
    voids: int = 0
    penalties: int = 0
    """Hands an offence ended (the ``botzone`` table's penalty: kind ``penalty``)."""
    self_drawn: int = 0
    errors: int = 0
    error_messages: list[str] = field(default_factory=list)
    wins_by_seat: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    wins_by_bot: Counter[str] = field(default_factory=Counter)
    wins_by_entrant: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    seats_by_bot: Counter[str] = field(default_factory=Counter)
    """Hands each bot name played, one per seat it filled."""
    points_by_bot: Counter[str] = field(default_factory=Counter)
    points_by_entrant: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    fans: Counter[str] = field(default_factory=Counter)
    win_totals: Counter[int] = field(default_factory=Counter)
    """How many winning scores had each total (the points distribution): a count per
    total, so a run of any length holds no more than the totals it saw."""

    def add(self, out: HandOutcome) -> None:
        """Count one hand."""
        self.hands += 1
        for name in out.bots:
            self.seats_by_bot[name] += 1
        if out.kind == "error":
            self.errors += 1
            if len(self.error_messages) < 20:
                self.error_messages.append(f"hand {out.index}: {out.error}")
            return
        if out.kind == "draw":
            self.draws += 1
        elif out.kind == "void":
            self.voids += 1
        elif out.kind == "penalty":
            self.penalties += 1
        else:
            self.wins += 1
            self.self_drawn += out.self_drawn
            for seat, total, fans in zip(out.winners, out.totals, out.fans, strict=True):
                self.wins_by_seat[seat] += 1
                self.wins_by_bot[out.bots[seat]] += 1
                self.wins_by_entrant[out.entrant[seat]] += 1
                self.win_totals[total] += 1
                for name in dict.fromkeys(fans):
                    self.fans[name] += 1
        for seat in range(4):
            self.points_by_bot[out.bots[seat]] += out.points[seat]
            self.points_by_entrant[out.entrant[seat]] += out.points[seat]

    def to_json(self, seconds: float, played: int | None = None) -> dict[str, Any]:
        """The run's summary; the first keys are the ``simulate --json`` contract.

        ``played`` hands (all by default; fewer for a resumed run) took ``seconds``.
        """
        played = self.hands if played is None else played
        names = sorted(set(self.lineup))
        per_hand = {
            n: round(self.points_by_bot[n] / self.seats_by_bot[n], 4)
            if self.seats_by_bot[n]
            else 0.0
            for n in names
        }
        return {
            "ruleset": self.ruleset,
            "hands": self.hands,
            "wins": self.wins,
            "draws": self.draws,
            "self_drawn": self.self_drawn,
            "points_by_bot": {n: self.points_by_bot[n] for n in names},
            "fans": dict(sorted(self.fans.items(), key=lambda kv: (-kv[1], kv[0]))),
            "hands_per_second": round(played / seconds, 2) if seconds > 0 else 0.0,
            "errors": self.errors,
            "bots": list(self.lineup),
            "voids": self.voids,
            "wins_by_seat": list(self.wins_by_seat),
            "wins_by_bot": {n: self.wins_by_bot[n] for n in names},
            "points_per_hand_by_bot": per_hand,
            "average_win_points": self.average_win_points(),
            "error_messages": list(self.error_messages),
            "penalties": self.penalties,
        }

    def average_win_points(self) -> float:
        """The mean total of the winning scores (3 decimals), 0.0 with none."""
        scores = self.win_totals.total()
        if not scores:
            return 0.0
        return round(sum(t * n for t, n in self.win_totals.items()) / scores, 3)

    def lines(self, seconds: float, played: int | None = None) -> list[str]:
        """The summary as text."""
        j = self.to_json(seconds, played)
        hands = max(self.hands, 1)
        out = [
            f"{self.ruleset}: {self.hands} hands, line-up {', '.join(self.lineup)}",
            f"wins {self.wins} ({100 * self.wins / hands:.1f}%), self-drawn {self.self_drawn}"
            f" ({100 * self.self_drawn / max(self.wins, 1):.1f}% of wins), exhaustive draws"
            f" {self.draws}, void {self.voids}, penalties {self.penalties}, errors {self.errors}",
            "wins by seat (E S W N): " + " ".join(str(w) for w in self.wins_by_seat),
            f"average points of a win: {j['average_win_points']}",
        ]
        for n in sorted(set(self.lineup)):
            seats = self.seats_by_bot[n]
            rate = 100 * self.wins_by_bot[n] / max(seats, 1)
            out.append(
                f"  {n:10s} wins {self.wins_by_bot[n]:6d} ({rate:5.1f}%"
                f" of its hands)  points {self.points_by_bot[n]:+8d}"
                f"  per hand {j['points_per_hand_by_bot'][n]:+.3f}"
            )
        out.append("fans (hands won with each):")
        for name, count in list(j["fans"].items()):
            out.append(f"  {count:7d}  {name}")
        out.append(f"{j['hands_per_second']} hands per second")
        for msg in self.error_messages:
            out.append(f"error: {msg}")
        return out


def mean_interval(values: Sequence[float], z: float = 1.96) -> tuple[float, float, float]:
    """Mean and the normal-approximation confidence interval of the mean.

    >>> mean_interval([1.0, 2.0, 3.0])
    (2.0, 0.868, 3.132)
    """
    n = len(values)
    if n == 0:
        return (0.0, 0.0, 0.0)
    mean = sum(values) / n
    if n == 1:
        return (mean, mean, mean)
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = z * math.sqrt(var / n)
    return (round(mean, 3), round(mean - half, 3), round(mean + half, 3))


def paired_gains(
    outcomes: Sequence[HandOutcome], control: Sequence[HandOutcome], entrant: int = 0
) -> list[float]:
    """Per wall, what line-up position ``entrant`` of a duplicate run gained at its seats
    over the bots of a control table on the same walls: in each of the wall's hands,
    its points at its seat minus the control table's points at that seat on that wall,
    averaged over the wall's hands (walls in order; a wall the control table did not
    play, or an error hand, is left out).

    The control table (a run on the same seed, one hand a wall) seats four of the bots
    the entrant is measured against. Bots that choose from the wall and their decisions'
    keys alone play the same hand wherever the entrant would have played as they do, so
    such hands add exactly 0, and what is measured is the entrant's own gain a hand. The
    duplicate estimator "the entrant minus the mean of the other three" measures 4/3 of
    that gain in a zero-sum ruleset (the others lose what it wins). It cancels as much
    luck: when the entrant sits in each seat once on a wall, the control table's points
    over the four seats sum to the wall's money left over (0 when every payment goes from
    one seat to another), so there the paired gain of a wall is exactly 3/4 of the
    duplicate estimate and its interval the same at that scale; the two part only on the
    walls where money leaves the table or comes into it.

    >>> from mahjongkit.sim.selfplay import HandOutcome
    >>> def out(rotation, entrant, points):
    ...     return HandOutcome(rotation, 0, rotation, ("b",) * 4, entrant, "win", points=points)
    >>> run = [out(0, (0, 1, 2, 3), (6, -2, -2, -2)), out(1, (3, 0, 1, 2), (-2, 0, 2, 0))]
    >>> paired_gains(run, [out(0, (0, 1, 2, 3), (3, -1, -1, -1))])
    [2.0]
    """
    base = {out.wall: out.points for out in control if out.kind != "error"}
    per_wall: dict[int, list[int]] = {}
    for out in outcomes:
        if out.kind == "error" or out.wall not in base or entrant not in out.entrant:
            continue
        seat = out.entrant.index(entrant)
        per_wall.setdefault(out.wall, []).append(out.points[seat] - base[out.wall][seat])
    return [sum(v) / len(v) for _, v in sorted(per_wall.items())]


__all__ = ["Stats", "mean_interval", "paired_gains"]
