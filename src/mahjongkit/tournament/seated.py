"""An event's rounds from a seating: the generator's (`tournament.seating.seat`), or one
the organiser types or pastes (made with another program, or by hand).

The generator is called here only (`seat_event`, `seat_round_by_standings`), and its
seating read by `tables_from_seating` only: a seating of players 1..P (its ``rounds``:
each round a tuple of tables of four in seat order E, S, W, N) becomes the event's
rounds of tables of its entrants' numbers.

>>> parse_seating("1 2 3 4 | 5 6 7 8\\n8 7 6 5 | 4 3 2 1")
[[(1, 2, 3, 4), (5, 6, 7, 8)], [(8, 7, 6, 5), (4, 3, 2, 1)]]
>>> tables_from_seating([[(1, 2, 3, 4)]], [11, 12, 13, 14])
[[(11, 12, 13, 14)]]
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from mahjongkit.tournament import seating
from mahjongkit.tournament.events import Event, EventError


def tables_from_seating(seating: Any, numbers: Sequence[int]) -> list[list[tuple[int, ...]]]:
    """The generator's seating (its ``rounds``, or the rounds themselves) with its player
    ``i`` (from 1) read as ``numbers[i - 1]``."""
    rounds = getattr(seating, "rounds", seating)
    out: list[list[tuple[int, ...]]] = []
    for rnd in rounds:
        tables = []
        for table in rnd:
            if not all(1 <= int(i) <= len(numbers) for i in table):
                raise EventError("bad_seating", f"the seating's table {table} is not the event's")
            tables.append(tuple(numbers[int(i) - 1] for i in table))
        out.append(tables)
    return out


def seated_players(event: Event) -> list[int]:
    """The players a seating is made for: the entrants in registration order, then, where
    they are not a multiple of four, the first substitutes to fill the tables (the
    generator's substitute seats: the same substitute in the same seat all event long)."""
    entrants = [p.number for p in event.entrants()]
    subs = [p.number for p in event.players if p.substitute]
    if len(subs) < event.fill_ins():
        raise EventError(
            "substitutes_needed",
            f"{len(entrants)} entrants make tables of four with {event.fill_ins()} "
            f"substitutes: register {event.fill_ins() - len(subs)} more",
        )
    return entrants + subs[: event.fill_ins()]


def seat_event(event: Event, seed: int = 0) -> None:
    """Seat every round of the event with the generator (`seated_players`). Refused when a
    round has results (``round_has_results``)."""
    players = seated_players(event)
    made = seating.seat(len(event.entrants()), event.rounds_planned, seed=seed)
    set_rounds(event, tables_from_seating(made, players))


def seat_round_by_standings(event: Event, number: int) -> None:
    """Seat round ``number`` by the standings as they are (the top four at table 1, and
    so on), as some events do for the last round; seat winds go to whoever held them
    least in the rounds before."""
    from mahjongkit.tournament.standings import standings

    players = seated_players(event)
    index = {n: i + 1 for i, n in enumerate(players)}
    ranked = [line.player.number for line in standings(event) if line.rank is not None]
    order = [index[n] for n in ranked + players[len(ranked) :]]  # fill-ins last
    earlier: tuple[seating.Round, ...] = tuple(
        tuple(
            _four([index.get(n, n) for n in _original(event, r.number, t.seats)]) for t in r.tables
        )
        for r in event.rounds[: number - 1]
        if r.tables
    )
    entrants = len(event.entrants())
    before = seating.Seating(entrants, earlier) if earlier else None
    tables = seating.seat_by_standings(order, before)
    event.set_round(number, tables_from_seating([tables], players)[0])


def _four(seats: Sequence[int]) -> seating.Table:
    """A table's four seats, as the generator holds them."""
    east, south, west, north = seats
    return (east, south, west, north)


def _original(event: Event, number: int, seats: tuple[int, ...]) -> tuple[int, ...]:
    """A table's seats with the absentees back in their substitutes' places."""
    back = {sub: absent for absent, sub in event.round(number).replaced.items()}
    return tuple(back.get(n, n) for n in seats)


def set_rounds(event: Event, rounds: Sequence[Sequence[Sequence[int]]]) -> None:
    """Seat the event's rounds in order (all or none: a refused round changes nothing)."""
    if len(rounds) > len(event.rounds):
        raise EventError(
            "too_many_rounds", f"{len(rounds)} rounds given, the event has {len(event.rounds)}"
        )
    before = event.to_json()
    try:
        for number, tables in enumerate(rounds, 1):
            event.set_round(number, tables)
    except EventError:
        restored = Event.from_json(before)
        event.rounds = restored.rounds
        raise


def parse_seating(text: str) -> list[list[tuple[int, ...]]]:
    """A typed seating: one round a line, its tables separated by ``|`` (or ``;``), each
    table four player numbers in seat order E, S, W, N."""
    rounds: list[list[tuple[int, ...]]] = []
    for n, line in enumerate(text.strip().splitlines(), 1):
        if not line.strip():
            continue
        tables = []
        for part in re.split(r"[|;]", line):
            numbers = part.replace(",", " ").split()
            if not all(x.isdigit() for x in numbers):
                raise EventError("bad_seating", f"line {n}: {part.strip()!r} is not player numbers")
            tables.append(tuple(int(x) for x in numbers))
        rounds.append(tables)
    if not rounds:
        raise EventError("bad_seating", "the seating is empty")
    return rounds


__all__ = [
    "parse_seating",
    "seat_event",
    "seat_round_by_standings",
    "seated_players",
    "set_rounds",
    "tables_from_seating",
]
