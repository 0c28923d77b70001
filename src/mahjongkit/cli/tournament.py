"""The ``tournament`` commands: an event's seating, and its standings
(`mahjongkit.cli.tournament_events`).

``mahjongkit tournament seat --players 24 --rounds 6 [--seed S] [--json]`` prints a
seating round by round and table by table with each seat's wind, how many times pairs
meet again (repeats) against the fewest any seating can have, and how evenly every
player's seat winds are spread (`mahjongkit.tournament.seating`).
"""

from __future__ import annotations

import json
from typing import Annotated

import typer

from mahjongkit.cli.app import SEED, app, fail, whole_number_option
from mahjongkit.cli.tournament_events import standings_command
from mahjongkit.tournament.seating import (
    MAX_PLAYERS,
    MAX_ROUNDS,
    WINDS,
    Seating,
    SeatingError,
    seat,
)

tournament_app = typer.Typer(
    help="Tournaments: seat an event's players over its rounds; an event's standings.",
    no_args_is_help=True,
)
app.add_typer(tournament_app, name="tournament")


def seating_lines(seating: Seating) -> list[str]:
    """The seating in words: a summary, then every round's tables with their winds."""
    bounds = seating.bounds
    rounds = len(seating.rounds)
    subs = seating.substitutes
    lines = [
        f"{seating.players} players"
        + (f" and {len(subs)} substitute seat{'s' if len(subs) > 1 else ''}" if subs else "")
        + f", {rounds} round{'s' if rounds > 1 else ''}, seed {seating.seed}",
        f"repeats: {seating.repeats} (lower bound {bounds.repeats}: {bounds.reason}); "
        f"most meetings of one pair: {seating.max_meetings} (lower bound {bounds.max_meetings})",
        f"seat winds: each player's most and least held wind differ by at most "
        f"{seating.wind_spread} (best possible {seating.ideal_wind_spread})",
    ]
    if subs:
        lines.append("substitute seats: " + " ".join(_name(seating, p) for p in subs))
    for meeting in seating.repeated_pairs():
        a, b = meeting.players
        lines.append(f"  {_name(seating, a)} and {_name(seating, b)} meet {meeting.times} times")
    width = len(str(seating.seats)) + (1 if subs else 0)
    for number, tables in enumerate(seating.rounds, 1):
        lines.append(f"round {number}")
        for table_number, table in enumerate(tables, 1):
            seats = "  ".join(
                f"{wind} {_name(seating, p):>{width}}" for wind, p in zip(WINDS, table, strict=True)
            )
            lines.append(f"  table {table_number:>{len(str(len(tables)))}}  {seats}")
    return lines


def _name(seating: Seating, player: int) -> str:
    return f"S{player - seating.players}" if player > seating.players else str(player)


@tournament_app.command("seat")
def seat_command(
    players: Annotated[
        int,
        typer.Option(
            help="Players (4..1000); substitutes fill the last table up to four.",
            parser=whole_number_option("players", 4, MAX_PLAYERS),
        ),
    ],
    rounds: Annotated[
        int,
        typer.Option(help="Rounds (1..40).", parser=whole_number_option("rounds", 1, MAX_ROUNDS)),
    ],
    seed: Annotated[
        int, typer.Option(help="Seed of the seating: the same seed, the same seating.", parser=SEED)
    ] = 0,
    as_json: Annotated[bool, typer.Option("--json", help="Print the seating as JSON.")] = False,
) -> None:
    """Seat players over the rounds so that pairs meet again as seldom as possible, with
    every player's seat winds spread over East, South, West and North."""
    try:
        seating = seat(players, rounds, seed)
    except SeatingError as err:
        raise fail(str(err)) from None
    if as_json:
        print(json.dumps(seating.to_dict(), indent=1))
    else:
        print("\n".join(seating_lines(seating)))


tournament_app.command("standings")(standings_command)
