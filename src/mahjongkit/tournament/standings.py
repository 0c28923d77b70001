"""Live standings of an event and each player's history.

Players are ranked by table points, then total points (002 l.219), then the event's tie
rule (`events.TIE_RULES`); players level on all of them share a rank. Only entered
results count; a substitute's games are shown but not ranked, and an absentee gets
nothing from the round they missed.

>>> from mahjongkit.tournament.events import Event
>>> from mahjongkit.tournament.results import enter_result
>>> event = Event("e", "E", "mcr", 1)
>>> for name in "ABCD": _ = event.register(name)
>>> event.set_round(1, [(1, 2, 3, 4)])
>>> _ = enter_result(event, 1, 1, [30, 30, -20, -40])
>>> [(s.rank, s.name, str(s.table_points), s.points) for s in standings(event)]
[(1, 'A', '3', 30), (1, 'B', '3', 30), (3, 'C', '1', -20), (4, 'D', '0', -40)]
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from mahjongkit.money.table_points import as_number, as_text
from mahjongkit.tournament.events import Event, Player
from mahjongkit.tournament.results import seat_table_points, seat_totals

WINDS = ("E", "S", "W", "N")


@dataclass(frozen=True, slots=True)
class Game:
    """One game of a player's history."""

    round: int
    table: int
    seat: int
    opponents: tuple[int, ...]
    score: int
    points: int
    """The score less penalties."""
    table_points: Fraction
    penalties: tuple[str, ...]
    source: str

    def to_json(self, event: Event) -> dict[str, Any]:
        """The game as JSON, opponents by name."""
        return {
            "round": self.round,
            "table": self.table,
            "seat": WINDS[self.seat],
            "opponents": event.names(self.opponents),
            "score": self.score,
            "points": self.points,
            "table_points": as_number(self.table_points),
            "table_points_text": as_text(self.table_points),
            "penalties": list(self.penalties),
            "source": self.source,
        }


@dataclass(slots=True)
class Line:
    """A player's line in the standings."""

    player: Player
    games: list[Game] = field(default_factory=list)
    absent: list[int] = field(default_factory=list)
    rank: int | None = None

    @property
    def name(self) -> str:
        return self.player.name

    @property
    def table_points(self) -> Fraction:
        return sum((g.table_points for g in self.games), Fraction(0))

    @property
    def points(self) -> int:
        return sum(g.points for g in self.games)

    @property
    def best_game(self) -> int | None:
        return max((g.points for g in self.games), default=None)

    def to_json(self, event: Event, history: bool = False) -> dict[str, Any]:
        """The line as JSON; with ``history``, each game."""
        out: dict[str, Any] = {
            "rank": self.rank,
            "number": self.player.number,
            "name": self.name,
            "club": self.player.club,
            "ema_id": self.player.ema_id,
            "substitute": self.player.substitute,
            "games": len(self.games),
            "table_points": as_number(self.table_points),
            "table_points_text": as_text(self.table_points),
            "points": self.points,
            "absent": self.absent,
        }
        if history:
            out["history"] = [g.to_json(event) for g in self.games]
        return out


def lines(event: Event) -> list[Line]:
    """Every player's games so far, in registration order."""
    out = {p.number: Line(p) for p in event.players}
    for rnd in event.rounds:
        for absent in rnd.replaced:
            out[absent].absent.append(rnd.number)
        for table in rnd.tables:
            result = rnd.results.get(table.number)
            if result is None:
                continue
            tps = seat_table_points(event, result)
            totals = seat_totals(result)
            for seat, number in enumerate(table.seats):
                out[number].games.append(
                    Game(
                        rnd.number,
                        table.number,
                        seat,
                        tuple(n for n in table.seats if n != number),
                        result.scores[seat],
                        totals[seat],
                        tps[seat],
                        tuple(
                            f"{p.points} ({p.reason})" for p in result.penalties if p.seat == seat
                        ),
                        result.source,
                    )
                )
    return list(out.values())


def _head_to_head(line: Line, level: list[Line]) -> Fraction:
    """Table points won in games against the other players level with ``line``."""
    rivals = {other.player.number for other in level if other is not line}
    return sum((g.table_points for g in line.games if rivals & set(g.opponents)), Fraction(0))


def standings(event: Event) -> list[Line]:
    """The ranked lines, best first, then the substitutes (unranked) by points."""
    all_lines = lines(event)
    ranked = [line for line in all_lines if not line.player.substitute]
    subs = [line for line in all_lines if line.player.substitute]

    def main_key(line: Line) -> tuple[Fraction, int]:
        return (-line.table_points, -line.points)

    ranked.sort(key=lambda line: (*main_key(line), line.player.number))
    # Groups level on table points and total points, decided by the tie rule.
    out: list[Line] = []
    i = 0
    while i < len(ranked):
        j = i
        while j + 1 < len(ranked) and main_key(ranked[j + 1]) == main_key(ranked[i]):
            j += 1
        group = ranked[i : j + 1]
        tie = _tie_key(event.tie_rule, group)
        group.sort(key=lambda line: (tie(line), line.player.number))
        for k, line in enumerate(group):
            if k and tie(line) == tie(group[k - 1]):
                line.rank = group[k - 1].rank
            else:
                line.rank = i + k + 1
        out.extend(group)
        i = j + 1
    subs.sort(key=lambda line: (*main_key(line), line.player.number))
    return out + subs


def _tie_key(rule: str, group: list[Line]) -> Callable[[Line], tuple[Any, ...]]:
    """The sort key (smaller first) the event's tie rule orders a level group by."""
    if rule == "best_game":
        return lambda line: (-(line.best_game if line.best_game is not None else -(10**9)),)
    if rule == "head_to_head":
        scores = {id(line): _head_to_head(line, group) for line in group}
        return lambda line: (-scores[id(line)],)
    return lambda line: ()


def history(event: Event, number: int) -> Line:
    """One player's line with their games."""
    player = event.player(number)
    return next(line for line in standings(event) if line.player is player)


def standings_json(event: Event) -> dict[str, Any]:
    """The standings as the API and ``mahjongkit tournament standings --json`` give them."""
    played = sum(len(r.results) for r in event.rounds)
    tables = sum(len(r.tables) for r in event.rounds)
    return {
        "event": {"id": event.id, "name": event.name, "ruleset": event.ruleset},
        "tie_rule": event.tie_rule,
        "tables_entered": played,
        "tables_seated": tables,
        "standings": [line.to_json(event) for line in standings(event)],
    }


__all__ = ["WINDS", "Game", "Line", "history", "lines", "standings", "standings_json"]
