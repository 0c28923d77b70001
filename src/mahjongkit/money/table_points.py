"""Tournament table points: 4/2/1/0 after each game, ties sharing, and standings over games.

Seed 002 l.219-221: 7 table points per game, 4/2/1/0 by score; players with equal scores
split the points of the places they span, "in logical fashion" for every case. Points
are exact fractions, so they always sum to 7.

>>> [str(p) for p in table_points([120, -40, 30, -110])]
['4', '1', '2', '0']
>>> [str(p) for p in table_points([50, 50, 10, -110])]
['3', '3', '1', '0']
>>> [str(p) for p in table_points([90, 5, 5, -100])]
['4', '3/2', '3/2', '0']
>>> [str(p) for p in table_points([90, 20, -55, -55])]
['4', '2', '1/2', '1/2']

Only the MCR family plays for table points (`Ruleset.place_points`: 002 is an MCR
tournament's rules); a Taiwanese game is won by the highest score (003 l.59), and its
`place_points` are ``None``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from mahjongkit.errors import MahjongError
from mahjongkit.rules.ruleset import PLACE_POINTS


class TablePointsError(MahjongError, ValueError):
    """Scores that do not make a four-player game."""


@dataclass(frozen=True, slots=True)
class Placing:
    """Players level on score at the end of a game, and the places they hold together
    (1 is first): alone, one place; tied, the places they span, whose points they share."""

    players: tuple[int, ...]
    score: int
    places: tuple[int, ...]
    place_points: tuple[int, ...]
    """The table points of those places (002 l.220)."""
    share: Fraction
    """Each player's table points: the place points' mean (002 l.221)."""


def placings(scores: Sequence[int], places: Sequence[int] = PLACE_POINTS) -> tuple[Placing, ...]:
    """One game's final scores ranked, best first, players on equal scores together with
    the places they span and the table points they share (002 l.220-221): a tie for
    second shares 2+1 = 3, 1.5 each.

    >>> [(p.players, p.places, p.place_points, str(p.share)) for p in placings([90, 5, 5, -100])]
    [((0,), (1,), (4,), '4'), ((1, 2), (2, 3), (2, 1), '3/2'), ((3,), (4,), (0,), '0')]
    """
    if len(scores) != len(places):
        raise TablePointsError(f"{len(places)} scores needed, not {len(scores)}")
    order = sorted(range(len(scores)), key=lambda p: -scores[p])
    out: list[Placing] = []
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and scores[order[j + 1]] == scores[order[i]]:
            j += 1
        held = tuple(places[i : j + 1])
        out.append(
            Placing(
                tuple(sorted(order[i : j + 1])),
                scores[order[i]],
                tuple(range(i + 1, j + 2)),
                held,
                Fraction(sum(held), len(held)),
            )
        )
        i = j + 1
    return tuple(out)


def table_points(
    scores: Sequence[int], places: Sequence[int] = PLACE_POINTS
) -> tuple[Fraction, ...]:
    """Each player's table points for one game's final scores (002 l.220-221).

    Tied players share the mean of the place points they span: a tie for first gets
    (4+2)/2 = 3 each, for second (2+1)/2 = 1.5, for third (1+0)/2 = 0.5, three tied for
    first (4+2+1)/3 = 7/3.
    """
    out = [Fraction(0)] * len(scores)
    for placing in placings(scores, places):
        for p in placing.players:
            out[p] = placing.share
    return tuple(out)


@dataclass(frozen=True, slots=True)
class Standing:
    """One player's line in the standings over several games."""

    player: int
    table_points: Fraction
    score: int
    rank: int


def standings(games: Sequence[Sequence[int]]) -> tuple[Standing, ...]:
    """Standings after several games of the same four players, best first: by total table
    points, then total score as the tie-break (002 l.219). Players still level share a rank.

    >>> [(s.player, str(s.table_points), s.score, s.rank)
    ...  for s in standings([[30, 10, -10, -30], [-30, 10, -10, 30]])]
    [(1, '4', 20, 1), (0, '4', 0, 2), (3, '4', 0, 2), (2, '2', -20, 4)]
    """
    if not games:
        raise TablePointsError("standings need at least one game")
    n = len(games[0])
    if any(len(g) != n for g in games):
        raise TablePointsError("every game needs the same number of players")
    tp = [Fraction(0)] * n
    total = [0] * n
    for g in games:
        for p, pts in enumerate(table_points(g)):
            tp[p] += pts
            total[p] += g[p]
    order = sorted(range(n), key=lambda p: (-tp[p], -total[p], p))
    out: list[Standing] = []
    for place, p in enumerate(order):
        if out and (tp[p], total[p]) == (out[-1].table_points, out[-1].score):
            rank = out[-1].rank
        else:
            rank = place + 1
        out.append(Standing(p, tp[p], total[p], rank))
    return tuple(out)


def as_number(points: Fraction) -> int | float:
    """A fraction for JSON: an int when whole, else a float (``3/2`` -> ``1.5``).

    >>> as_number(Fraction(3)), as_number(Fraction(3, 2))
    (3, 1.5)
    """
    return int(points) if points.denominator == 1 else float(points)


def as_text(points: Fraction) -> str:
    """A share of table points as a player writes it: a decimal where it ends (1.5,
    1.75), else the fraction (three tied for first share 7 as 7/3 each).

    >>> [as_text(Fraction(n, d)) for n, d in ((3, 1), (3, 2), (7, 4), (7, 3))]
    ['3', '1.5', '1.75', '7/3']
    """
    d = points.denominator
    while d % 2 == 0:
        d //= 2
    while d % 5 == 0:
        d //= 5
    return str(points) if d != 1 else f"{float(points):g}"


__all__ = [
    "PLACE_POINTS",
    "Placing",
    "Standing",
    "TablePointsError",
    "as_number",
    "as_text",
    "placings",
    "standings",
    "table_points",
]
