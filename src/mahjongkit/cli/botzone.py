"""The Botzone commands: ``botzone-bot``, one of the project's bots as a Botzone program;
``botzone-match``, a local judge playing Botzone programs and the project's bots.

``mahjongkit botzone-bot --bot defender`` reads Botzone's JSON input on stdin and writes
its answer (`mahjongkit.botzone.program`); ``--keep-running`` stays alive for the next
request, Botzone's long-running mode. docs/botzone.md has the protocol and the upload.

``mahjongkit botzone-match --bots defender,scorer --walls 500 --duplicate`` plays the
``botzone`` table (the judge's rules) with the simulator's machinery (`mahjongkit.sim`):
each wall four times with ``--duplicate``, each player once in each seat (24 times with
``--seatings 24``, every seating, as the IJCAI competitions play a wall); a player named
``botzone:COMMAND`` is a program (`mahjongkit.botzone.external`). It prints each player's
points per hand with a 95% interval, wins, deal-ins and penalties; ``--records`` writes
the simulator's records, ``--logs`` the hands as Botzone logs (the corpus's text,
`mahjongkit.botzone.logs.to_botzone_log`; a hand ended by a penalty has no such log and
is left out, counted).
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any

import typer

from mahjongkit.bots import BOTS
from mahjongkit.botzone.external import SUB_TIME_LIMIT, TIME_LIMIT
from mahjongkit.botzone.logs import to_botzone_log
from mahjongkit.botzone.program import run
from mahjongkit.botzone.seat import RULESET
from mahjongkit.cli.app import SEED, app, fail, whole_number_option
from mahjongkit.cli.engines import (
    AddressOption,
    EngineOption,
    ShardHandsOption,
    ShardRecordsOption,
    engine_of,
)
from mahjongkit.cli.game import bot_names
from mahjongkit.cli.progress import progress_bar
from mahjongkit.errors import MahjongError
from mahjongkit.game.record import HandRecord
from mahjongkit.money.table_points import table_points
from mahjongkit.sim.records import RecordsFile
from mahjongkit.sim.run import RunSettings, play_run
from mahjongkit.sim.selfplay import HandOutcome
from mahjongkit.sim.signals import StopSignals
from mahjongkit.sim.stats import mean_interval


@app.command("botzone-bot")
def botzone_bot_command(
    bot: Annotated[
        str, typer.Option(help=f"The bot that answers: {', '.join(sorted(BOTS))}.")
    ] = "defender",
    keep_running: Annotated[
        bool,
        typer.Option(
            "--keep-running",
            help="Botzone's long-running mode: after each answer, print"
            " >>>BOTZONE_REQUEST_KEEP_RUNNING<<< and read the next request.",
        ),
    ] = False,
    seed: Annotated[
        int | None,
        typer.Option(
            help="The bot's chance (default: drawn once, then carried in Botzone's data).",
            parser=SEED,
        ),
    ] = None,
) -> None:
    """Answer the Botzone judge (Chinese Standard Mahjong) as one of the project's bots."""
    if bot not in BOTS:
        raise fail(f"unknown bot {bot!r}; known: {', '.join(sorted(BOTS))}")
    raise typer.Exit(run(bot, keep_running, seed=seed))


# -- botzone-match: a local judge ----------------------------------------------------------


@dataclass
class Standing:
    """One line-up position's results over a run: hands, points (the judge's scores),
    wins, deal-ins (the discarder of a win), penalties (hands its offence ended)."""

    bot: str
    hands: int = 0
    points: int = 0
    wins: int = 0
    deal_ins: int = 0
    penalties: int = 0
    by_wall: dict[int, int] = field(default_factory=dict)
    """Points on each wall (its four hands with ``--duplicate``)."""


def standings(bots: tuple[str, ...]) -> list[Standing]:
    """Empty standings of a line-up."""
    return [Standing(bot) for bot in bots]


def count(table: list[Standing], out: HandOutcome) -> None:
    """Add one hand to the standings. The judge's scores tell who dealt in and who
    offended: on a discard the discarder pays 8 + fans (at least 16), the others 8
    (main.cpp l.146-170); an offender pays 30, the others get 10 (l.72-88)."""
    if out.kind == "error":
        return
    points = out.points
    losers = [s for s in range(4) if s not in out.winners]
    giver = min(losers, key=lambda s: points[s]) if out.kind == "win" and losers else -1
    for seat in range(4):
        row = table[out.entrant[seat]]
        row.hands += 1
        row.points += points[seat]
        row.by_wall[out.wall] = row.by_wall.get(out.wall, 0) + points[seat]
        if seat in out.winners:
            row.wins += 1
        elif seat == giver and not out.self_drawn and points[seat] < -8:
            row.deal_ins += 1
        if out.kind == "penalty" and points[seat] < 0:
            row.penalties += 1


IJCAI_PLACES = (4, 3, 2, 1)
"""The IJCAI duplicate's ranking of a wall: its 24 hands' scores summed, the players
ranked 4/3/2/1 (the IJCAI 2020 rules PDF in ailab-pku/Chinese-Standard-Mahjong, rule 9);
players level share the places they span, as table points do (002 l.221)."""


def rank_points(table: list[Standing]) -> list[float]:
    """Each position's IJCAI rank points over the walls played.

    >>> walls = ({0: 30, 1: -5}, {0: -10, 1: 5}, {0: 0, 1: 0}, {0: -20, 1: 0})
    >>> rank_points([Standing(name, by_wall=w) for name, w in zip("abcd", walls)])
    [5.0, 6.0, 5.5, 3.5]
    """
    total = [0.0] * len(table)
    for wall in table[0].by_wall:
        shares = table_points([row.by_wall.get(wall, 0) for row in table], IJCAI_PLACES)
        for p, share in enumerate(shares):
            total[p] += float(share)
    return total


def summary(table: list[Standing], per_wall: int) -> list[dict[str, Any]]:
    """Each position's results, its points per hand with a 95% interval over the walls
    (``per_wall`` hands each: a duplicate wall's hands together, the deal's luck shared;
    one hand a wall otherwise); with the IJCAI duplicate (24 a wall) its rank points."""
    out = []
    ranks = rank_points(table) if per_wall == 24 else None
    for position, row in enumerate(table):
        per = per_wall
        values = [v / per for v in row.by_wall.values()]
        mean, low, high = mean_interval(values)
        out.append(
            {
                "position": position + 1,
                "bot": row.bot,
                "hands": row.hands,
                "points": row.points,
                "points_per_hand": mean,
                "interval": [low, high],
                "wins": row.wins,
                "deal_ins": row.deal_ins,
                "penalties": row.penalties,
            }
        )
        if ranks is not None:
            out[-1]["rank_points"] = ranks[position]
    return out


@app.command("botzone-match")
def botzone_match_command(
    bots: Annotated[
        str,
        typer.Option(
            help="Four players, East first on the first wall: the project's bots by name or"
            " Botzone programs as botzone:COMMAND; the last fills the seats left."
        ),
    ],
    walls: Annotated[
        int,
        typer.Option(help="Walls to play.", parser=whole_number_option("walls", 1, 10**7)),
    ] = 100,
    duplicate: Annotated[
        bool,
        typer.Option(
            "--duplicate",
            help="Play every wall four times, the players turned one seat each time, so each"
            " plays each seat's part of the wall once.",
        ),
    ] = False,
    seatings: Annotated[
        int,
        typer.Option(
            help="With --duplicate, the seatings of each wall: 4 (the players turned round the"
            " seats) or 24 (every permutation, as the IJCAI competitions play a wall).",
            parser=whole_number_option("seatings", 4, 24),
        ),
    ] = 4,
    seed: Annotated[int, typer.Option(help="Seed of the walls and bots.", parser=SEED)] = 0,
    records: Annotated[
        Path | None,
        typer.Option(help="Write every hand's record here (the simulator's JSON lines)."),
    ] = None,
    overwrite: Annotated[
        bool, typer.Option("--overwrite", help="Replace an existing --records or --logs file.")
    ] = False,
    logs: Annotated[
        Path | None,
        typer.Option(
            help="Write every hand as a Botzone log here (the corpus's text format, in the"
            " order played; a hand ended by a penalty has none and is left out)."
        ),
    ] = None,
    workers: Annotated[
        int,
        typer.Option(
            help="Processes to play on (the same results as one).",
            parser=whole_number_option("workers", 1, 256),
        ),
    ] = 1,
    engine: EngineOption = "processes",
    address: AddressOption = None,
    shard_hands: ShardHandsOption = 100,
    shard_records: ShardRecordsOption = None,
    time_limit: Annotated[
        float,
        typer.Option(help="Seconds a program's run may take (Botzone's Python limit: 6)."),
    ] = TIME_LIMIT,
    sub_time_limit: Annotated[
        float,
        typer.Option(
            help="Seconds a request to a program kept running may take (Botzone's Python limit: 4)."
        ),
    ] = SUB_TIME_LIMIT,
    as_json: Annotated[bool, typer.Option("--json", help="Print the results as JSON.")] = False,
) -> None:
    """Botzone-rules matches (the botzone table) between programs: points, wins, deal-ins
    and penalties of each player, with 95% intervals."""
    try:
        if not (time_limit > 0 and sub_time_limit > 0):
            raise ValueError("--time-limit and --sub-time-limit must be above 0")
        # Read by every ExternalBot, in this process and the workers (botzone.external).
        os.environ["MAHJONGKIT_BOTZONE_TIME_LIMIT"] = str(time_limit)
        os.environ["MAHJONGKIT_BOTZONE_SUB_TIME_LIMIT"] = str(sub_time_limit)
        settings = RunSettings(
            RULESET, tuple(bot_names(bots)), seed, walls, duplicate, seatings
        ).checked()
        if logs is not None and logs.exists() and not overwrite:
            raise ValueError(f"{logs} exists (--overwrite replaces it)")
        writer = (
            RecordsFile.create(records, settings, overwrite=overwrite)
            if records is not None
            else None
        )
        playing = engine_of(
            engine,
            address,
            shard_hands,
            shard_records,
            settings.to_json(),
            {
                "MAHJONGKIT_BOTZONE_TIME_LIMIT": str(time_limit),
                "MAHJONGKIT_BOTZONE_SUB_TIME_LIMIT": str(sub_time_limit),
            },
        )
        log_file = logs.open("w", encoding="utf-8") if logs is not None else None
    except (MahjongError, ValueError, OSError) as err:
        raise fail(str(err)) from None
    table = standings(settings.bots)
    logs_left_out = 0

    def on_hand(out: HandOutcome) -> None:
        nonlocal logs_left_out
        if writer is not None:
            writer.add(out)
        if log_file is not None and out.record:
            try:
                record = HandRecord.from_json(json.loads(out.record))
                log_file.write(to_botzone_log(record, "text", f"{settings.seed}-{out.index}"))
            except MahjongError:
                logs_left_out += 1

    with (
        StopSignals() as stop,
        writer if writer is not None else contextlib.nullcontext(),
        log_file if log_file is not None else contextlib.nullcontext(),
        progress_bar("playing", settings.total) as advance,
    ):
        run = play_run(
            settings,
            workers=workers,
            engine=playing,
            keep_records=writer is not None or log_file is not None,
            on_hand=on_hand,
            progress=advance,
            stop=stop,
            keep_outcomes=True,
        )
    for out in run.outcomes:
        count(table, out)
    stats = run.stats
    data = {
        "ruleset": settings.ruleset,
        "walls": walls,
        "duplicate": duplicate,
        "seatings": seatings if duplicate else 1,
        "seed": seed,
        "hands": stats.hands,
        "wins": stats.wins,
        "draws": stats.draws,
        "penalties": stats.penalties,
        "errors": stats.errors,
        "logs_left_out": logs_left_out,
        "players": summary(table, seatings if duplicate else 1),
        "seconds": round(run.seconds, 2),
        "complete": run.complete,
        "error_messages": stats.error_messages,
    }
    if as_json:
        print(json.dumps(data))
    else:
        print("\n".join(_lines(data)))
    if not run.complete:
        print(f"error: stopped after {stats.hands} of {run.planned} hands", file=sys.stderr)
        raise typer.Exit(stop.exit_code if stop() else 1)


def _lines(data: dict[str, Any]) -> list[str]:
    hands = max(int(data["hands"]), 1)
    out = [
        f"{data['ruleset']}: {data['walls']} walls"
        + (f", duplicate ({data['seatings']} seatings)" if data["duplicate"] else "")
        + f", {data['hands']} hands, seed {data['seed']}: wins {data['wins']}"
        f" ({100 * int(data['wins']) / hands:.1f}%), draws {data['draws']},"
        f" penalties {data['penalties']}, errors {data['errors']}",
        "player  points/hand [95% interval]       points   wins  deal-ins  penalties  bot",
    ]
    for p in data["players"]:
        low, high = p["interval"]
        out.append(
            f"P{p['position']}      {p['points_per_hand']:+7.3f} [{low:+7.3f}, {high:+7.3f}]"
            f"  {p['points']:+8d}  {p['wins']:5d}  {p['deal_ins']:8d}  {p['penalties']:9d}"
            f"  {p['bot']}"
        )
    if data["players"] and "rank_points" in data["players"][0]:
        ranks = ", ".join(f"P{p['position']} {p['rank_points']:g}" for p in data["players"])
        out.append(f"IJCAI rank points (4/3/2/1 a wall, ties sharing): {ranks}")
    out.append(f"{data['seconds']} s")
    if data["logs_left_out"]:
        out.append(f"logs: {data['logs_left_out']} hands ended by a penalty have no Botzone log")
    out.extend(f"error: {m}" for m in data["error_messages"])
    return out
