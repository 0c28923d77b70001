"""A table's result: the checks a typed result must pass, the table points it gives, and
penalties with their reasons.

Under MCR money only moves between the four players, so a table's final scores sum to
zero (002 l.218-221 ranks on them); table points are 4/2/1/0 by score, ties sharing the
places' points (002 l.220-221), computed by the money rules (`money.table_points`). A
ruleset without table points (Taiwanese: the highest score wins, 003 l.59) gives none.

>>> from mahjongkit.tournament.events import Event
>>> event = Event("e", "E", "mcr", 1)
>>> for name in "ABCD": _ = event.register(name)
>>> event.set_round(1, [(1, 2, 3, 4)])
>>> result = enter_result(event, 1, 1, [30, 30, -20, -40])
>>> [str(p) for p in seat_table_points(event, result)]
['3', '3', '1', '0']
>>> enter_result(event, 1, 1, [30, 30, -20, -30])
Traceback (most recent call last):
...
mahjongkit.tournament.events.EventError: round 1 table 1: the scores sum to 10, not 0 (mcr)
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from mahjongkit.money.table_points import table_points
from mahjongkit.rules.ruleset import get_ruleset
from mahjongkit.tournament.events import SEATS, Event, EventError, Penalty, TableResult

SOURCES = ("final", "sheet", "game")
"""Where a table's result comes from: typed final scores, a club scoresheet kept hand by
hand, or a game played at the web table."""
MAX_SCORE = 10**6
MAX_REASON = 200


def zero_sum(ruleset: str) -> bool:
    """Whether a table's scores must sum to zero: the MCR family's, whose points only move
    between the players (002 l.218-221); other rulesets may pay into a pot.

    >>> zero_sum("mcr"), zero_sum("taiwanese-lrc")
    (True, False)
    """
    return get_ruleset(ruleset).place_points is not None


def _int(value: Any, what: str, bound: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise EventError("invalid_field", f"{what} must be a whole number, not {value!r}")
    if not -bound <= value <= bound:
        raise EventError("invalid_field", f"{what} must be within ±{bound}, not {value}")
    return value


def check_scores(event: Event, where: str, scores: Sequence[Any]) -> tuple[int, ...]:
    """Four whole scores; under MCR summing to zero (``scores_not_zero_sum``)."""
    if len(scores) != SEATS:
        raise EventError("not_four_scores", f"{where}: {len(scores)} scores, not 4")
    out = tuple(_int(s, f"{where}: a score", MAX_SCORE) for s in scores)
    if zero_sum(event.ruleset) and sum(out) != 0:
        raise EventError(
            "scores_not_zero_sum",
            f"{where}: the scores sum to {sum(out)}, not 0 ({event.ruleset})",
        )
    return out


def check_penalty(where: str, data: Any) -> Penalty:
    """A penalty as sent: ``seat`` 0-3, ``points`` taken (> 0), a ``reason``, and
    optional ``table_points`` taken (a multiple of 1/2, at most 7)."""
    if isinstance(data, Penalty):
        data = data.to_json()
    if not isinstance(data, dict):
        raise EventError("invalid_field", f"{where}: a penalty is an object")
    seat = data.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < SEATS:
        raise EventError("invalid_field", f"{where}: a penalty's seat must be 0..3")
    points = _int(data.get("points", 0), f"{where}: a penalty's points", MAX_SCORE)
    if points < 0:
        raise EventError("invalid_field", f"{where}: a penalty takes points, not {points}")
    reason = data.get("reason")
    if not isinstance(reason, str) or not reason.strip():
        raise EventError("penalty_without_reason", f"{where}: a penalty needs its reason")
    if len(reason) > MAX_REASON:
        raise EventError("invalid_field", f"{where}: the reason is over {MAX_REASON} characters")
    raw = data.get("table_points", 0)
    if isinstance(raw, bool) or not isinstance(raw, int | float):
        raise EventError("invalid_field", f"{where}: a penalty's table points must be a number")
    tp = Fraction(str(raw))
    if tp < 0 or tp > 7 or (tp * 2).denominator != 1:
        raise EventError("invalid_field", f"{where}: table points taken must be 0..7 in halves")
    if points == 0 and tp == 0:
        raise EventError("invalid_field", f"{where}: a penalty takes points or table points")
    return Penalty(seat, points, " ".join(reason.split()), tp)


def enter_result(
    event: Event,
    round_number: int,
    table_number: int,
    scores: Sequence[Any],
    source: str = "final",
    link: str = "",
    penalties: Sequence[Any] = (),
) -> TableResult:
    """Enter (or correct) a table's result: scores by seat, E S W N as seated."""
    rnd = event.round(round_number)
    where = f"round {round_number} table {table_number}"
    if not any(t.number == table_number for t in rnd.tables):
        raise EventError("unknown_table", f"{where} is not seated")
    if source not in SOURCES:
        raise EventError("invalid_field", f"{where}: source {source!r} is not one of {SOURCES}")
    result = TableResult(
        check_scores(event, where, scores),
        source,
        link,
        tuple(check_penalty(where, p) for p in penalties),
    )
    rnd.results[table_number] = result
    return result


def add_penalty(event: Event, round_number: int, table_number: int, penalty: Any) -> TableResult:
    """Add a penalty to a table whose result is entered."""
    rnd = event.round(round_number)
    where = f"round {round_number} table {table_number}"
    result = rnd.results.get(table_number)
    if result is None:
        raise EventError("no_result", f"{where} has no result yet: enter it first")
    done = TableResult(
        result.scores,
        result.source,
        result.link,
        (*result.penalties, check_penalty(where, penalty)),
    )
    rnd.results[table_number] = done
    return done


def clear_result(event: Event, round_number: int, table_number: int) -> None:
    """Take a table's result away (entered at the wrong table)."""
    event.round(round_number).results.pop(table_number, None)


def seat_table_points(event: Event, result: TableResult) -> tuple[Fraction, ...]:
    """Each seat's table points for a result (002 l.220-221), penalties' table points
    taken off; all 0 under a ruleset without table points."""
    places = get_ruleset(event.ruleset).place_points
    no_points = [Fraction(0)] * SEATS
    points = no_points if places is None else list(table_points(result.scores, places))
    for p in result.penalties:
        points[p.seat] -= p.table_points
    return tuple(points)


def seat_totals(result: TableResult) -> tuple[int, ...]:
    """Each seat's points for the standings: the score less the penalties' points.

    >>> seat_totals(TableResult((10, 0, -5, -5), penalties=(Penalty(0, 30, "late"),)))
    (-20, 0, -5, -5)
    """
    totals = list(result.scores)
    for p in result.penalties:
        totals[p.seat] -= p.points
    return tuple(totals)


__all__ = [
    "SOURCES",
    "add_penalty",
    "check_penalty",
    "check_scores",
    "clear_result",
    "enter_result",
    "seat_table_points",
    "seat_totals",
    "zero_sum",
]
