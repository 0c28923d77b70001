"""An event's rounds from a seating: the generator's (`tournament.seating.seat`), or one
the organiser types or pastes (made with another program, or by hand).

The one place that reads the generator's seating is `tables_from_seating`: a seating of
players 0..P-1, each round a list of tables of four in seat order (E, S, W, N), becomes
the event's rounds of tables of player numbers.

>>> parse_seating("1 2 3 4 | 5 6 7 8\\n8 7 6 5 | 4 3 2 1")
[[(1, 2, 3, 4), (5, 6, 7, 8)], [(8, 7, 6, 5), (4, 3, 2, 1)]]
>>> tables_from_seating([[(0, 1, 2, 3)]], [11, 12, 13, 14])
[[(11, 12, 13, 14)]]
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Sequence
from typing import Any

from mahjongkit.tournament.events import SEATS, Event, EventError


def tables_from_seating(seating: Any, numbers: Sequence[int]) -> list[list[tuple[int, ...]]]:
    """The generator's seating (its ``rounds``, or the rounds themselves) with player
    ``i`` read as ``numbers[i]``."""
    rounds = getattr(seating, "rounds", seating)
    try:
        return [[tuple(numbers[int(i)] for i in table) for table in rnd] for rnd in rounds]
    except (IndexError, TypeError, ValueError) as err:
        raise EventError("bad_seating", f"the seating does not fit the event: {err}") from None


def seat_event(event: Event, seed: int = 0) -> None:
    """Seat every round of the event with the generator, its entrants in registration
    order. Refused when a round has results (``round_has_results``)."""
    entrants = [p.number for p in event.entrants()]
    if len(entrants) % SEATS:
        raise EventError(
            "players_not_multiple_of_four",
            f"{len(entrants)} entrants: register substitutes or players to make a multiple of 4",
        )
    try:
        seating = importlib.import_module("mahjongkit.tournament.seating")
    except ImportError:
        raise EventError(
            "seating_unavailable", "this installation has no seating generator"
        ) from None
    made = seating.seat(len(entrants), event.rounds_planned, seed=seed)
    set_rounds(event, tables_from_seating(made, entrants))


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


__all__ = ["parse_seating", "seat_event", "set_rounds", "tables_from_seating"]
