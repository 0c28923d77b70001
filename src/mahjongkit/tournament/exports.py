"""An event's standings and results as files: CSV, JSON, and the results table the
European Mahjong Association's ranking (MERS) is sent.

The EMA ranking takes from each certified tournament every player's final place, name,
EMA number and country, with their table points and points, and gives each a base rank
from 0 (last) to 1000 (first) (mahjong-europe.org/ranking/Basicsranking.html, "Base
rank"; its published tournament results list those columns). `ema_csv` writes them,
the base rank linear in the place, as that page describes; a player's name is split
into first and last name at its last space.

>>> from mahjongkit.tournament.events import Event
>>> from mahjongkit.tournament.results import enter_result
>>> event = Event("e", "Open", "mcr", 1)
>>> for name in ("Ann Lee", "Bo Chan", "Cy Wu", "Di Ng"): _ = event.register(name)
>>> event.set_round(1, [(1, 2, 3, 4)])
>>> _ = enter_result(event, 1, 1, [40, 10, -20, -30])
>>> print(ema_csv(event).splitlines()[1])
1,Lee,Ann,,,4,40,1000
"""

from __future__ import annotations

import csv
import io
from typing import Any

from mahjongkit.money.table_points import as_text
from mahjongkit.tournament.events import Event
from mahjongkit.tournament.standings import WINDS, standings, standings_json

EMA_COLUMNS = (
    "Place",
    "Last name",
    "First name",
    "EMA number",
    "Country",
    "Table points",
    "Points",
    "Base rank",
)


def standings_csv(event: Event) -> str:
    """The standings, one player a row."""
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(["rank", "number", "name", "club", "ema_id", "games", "table_points", "points"])
    for line in standings(event):
        w.writerow(
            [
                "" if line.rank is None else line.rank,
                line.player.number,
                line.name,
                line.player.club,
                line.player.ema_id,
                len(line.games),
                as_text(line.table_points),
                line.points,
            ]
        )
    return out.getvalue()


def results_csv(event: Event) -> str:
    """Every entered table's result, one seat a row."""
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(["round", "table", "seat", "number", "name", "score", "penalties", "source"])
    for rnd in event.rounds:
        for table in rnd.tables:
            result = rnd.results.get(table.number)
            if result is None:
                continue
            for seat, number in enumerate(table.seats):
                taken = sum(p.points for p in result.penalties if p.seat == seat)
                w.writerow(
                    [
                        rnd.number,
                        table.number,
                        WINDS[seat],
                        number,
                        event.player(number).name,
                        result.scores[seat],
                        taken,
                        result.source,
                    ]
                )
    return out.getvalue()


def event_json(event: Event) -> dict[str, Any]:
    """The whole event (players, seating, results) with its standings."""
    return {**event.to_json(), "standings": standings_json(event)["standings"]}


def split_name(name: str) -> tuple[str, str]:
    """(last name, first name) of a full name, split at its last space.

    >>> split_name("Ann Marie Lee"), split_name("小王")
    (('Lee', 'Ann Marie'), ('小王', ''))
    """
    first, _, last = name.rpartition(" ")
    return last, first


def base_rank(place: int, players: int) -> int:
    """The EMA base rank of a place: 1000 for first, 0 for last, linear between.

    >>> base_rank(1, 8), base_rank(8, 8), base_rank(4, 8)
    (1000, 0, 571)
    """
    if players <= 1:
        return 1000
    return round(1000 * (players - place) / (players - 1))


def ema_csv(event: Event) -> str:
    """The ranked players in the EMA ranking's columns (`EMA_COLUMNS`); substitutes are
    not ranked and not listed."""
    ranked = [line for line in standings(event) if line.rank is not None]
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(EMA_COLUMNS)
    for line in ranked:
        assert line.rank is not None
        last, first = split_name(line.name)
        w.writerow(
            [
                line.rank,
                last,
                first,
                line.player.ema_id,
                "",
                as_text(line.table_points),
                line.points,
                base_rank(line.rank, len(ranked)),
            ]
        )
    return out.getvalue()


__all__ = [
    "EMA_COLUMNS",
    "base_rank",
    "ema_csv",
    "event_json",
    "results_csv",
    "split_name",
    "standings_csv",
]
