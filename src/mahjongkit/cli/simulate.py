"""The ``simulate`` command: many hands of self-play between bots, with statistics.

``mahjongkit simulate --ruleset mcr --hands 1000 --seed 1 --bots scorer,efficient``
(the last name fills the seats left) prints wins by seat and by bot, the self-draw
share, exhaustive draws, average points, points per bot, every fan's frequency and
hands per second. ``--json`` prints one object whose first keys are ``{"ruleset",
"hands", "wins", "draws", "self_drawn", "points_by_bot", "fans", "hands_per_second",
"errors"}``. ``--workers K`` plays on K processes with the same results as one, and
``--engine ray [--address HOST:PORT]`` on a Ray cluster (docs/scale.md), the same again;
``--duplicate`` plays each of the ``--hands`` walls four times, the line-up turned one
seat each time (so ``hands`` is four times ``--hands``). ``--records FILE.jsonl``
writes every hand's record as the hand ends, one per line, in hand order (an existing
file is refused unless ``--overwrite``); ``--resume FILE.jsonl`` finishes a stopped
run from its records file, with the statistics and the file an uninterrupted run would
have given. SIGINT (Ctrl-C) or SIGTERM stops a run cleanly: the statistics of the hands
played, the records written, how to resume, exit status 128 + the signal's number.
``--plot FILE.png`` draws the fan frequencies and the points of the wins (needs the
``plot`` extra: matplotlib). Output paths are checked before the first hand.

``mahjongkit watch --ruleset mcr --seed 7 --bots scorer,defender,efficient,random`` plays
one game between bots and prints it hand by hand, with each win's breakdown.
"""

from __future__ import annotations

import contextlib
import json
import sys
from pathlib import Path
from typing import Annotated

import typer

from mahjongkit.botzone.external import bot_of
from mahjongkit.cli.app import HANDS, SEED, app, fail, whole_number_option
from mahjongkit.cli.engines import (
    AddressOption,
    EngineOption,
    ShardHandsOption,
    ShardRecordsOption,
    engine_of,
)
from mahjongkit.cli.game import BOTS_HELP, bot_names
from mahjongkit.cli.progress import progress_bar
from mahjongkit.errors import MahjongError
from mahjongkit.game.events import SEAT_NAMES
from mahjongkit.game.match import Match, MatchRecord
from mahjongkit.money.settlement import balances
from mahjongkit.sim import plot as plotting
from mahjongkit.sim.records import RecordsFile, Resumed, read_run
from mahjongkit.sim.run import Run, RunSettings, play_run
from mahjongkit.sim.signals import StopSignals
from mahjongkit.sim.workers import Engine


def _warn(message: str) -> None:
    print(f"warning: {message}", file=sys.stderr)


def _run_with_bar(
    settings: RunSettings,
    workers: int,
    records: RecordsFile | None,
    resumed: Resumed | None,
    stop: StopSignals,
    engine: Engine | None = None,
) -> Run:
    with progress_bar("simulating", settings.total) as advance:
        return play_run(
            settings,
            workers=workers,
            engine=engine,
            keep_records=records is not None,
            recorded=resumed.recorded() if resumed is not None else (),
            todo=resumed.todo() if resumed is not None else None,
            on_hand=records.add if records is not None else None,
            progress=advance,
            stop=stop,
            warn=_warn,
        )


def _settings(
    ruleset: str | None, hands: int | None, seed: int | None, bots: str | None, duplicate: bool
) -> RunSettings:
    """A new run's settings from the options, their defaults filled in."""
    if hands is not None and hands < 1:
        raise ValueError(f"--hands must be at least 1, not {hands}")
    return RunSettings(
        ruleset or "mcr",
        tuple(bot_names(bots or "efficient")),
        0 if seed is None else seed,
        100 if hands is None else hands,
        duplicate,
    ).checked()


def _stopped_message(run: Run, stop: StopSignals, records: RecordsFile | None) -> str:
    """Why the run stopped early, what it kept and how to finish it."""
    done = f"after {run.stats.hands} of {run.planned} hands"
    if run.failure:
        why = f"{run.failure}; stopped {done}"
    else:
        why = f"stopped by {stop.received.name if stop.received else 'request'} {done}"
    if records is not None and records.last < 0:
        return (
            f"{why}: no hand was recorded in {records.path}; start the run again"
            " (--overwrite replaces the file)"
        )
    if records is None:
        return (
            f"{why}: the statistics are those hands'. Without --records the run cannot be"
            " resumed: give --records FILE to be able to"
        )
    return (
        f"{why}: {records.path} holds their records; finish the run with"
        f" `mahjongkit simulate --resume {records.path}`"
    )


_HELP = (
    "Self-play between bots: wins, draws, points per bot, fan frequencies, speed.\n\n"
    "Ctrl-C or SIGTERM stops the run cleanly: the statistics of the hands played are printed"
    ' (with "complete": false), the records written stay, and the exit status is 128 + the'
    " signal's number. A records file that cannot be written (a full disk) stops the run"
    " with exit status 1, the file cut back to its last whole line. Either way"
    " --resume FILE finishes the run. Output paths are checked before the first hand."
)


@app.command("simulate", help=_HELP)
def simulate_command(
    ruleset: Annotated[
        str | None, typer.Option(help="Ruleset name or alias (default mcr).")
    ] = None,
    hands: Annotated[
        int | None,
        typer.Option(
            help="Hands to play (walls, with --duplicate; default 100).",
            parser=whole_number_option("hands", 1, 10**9),
        ),
    ] = None,
    seed: Annotated[
        int | None,
        typer.Option(help="Seed of the run: every hand's wall and bots (default 0).", parser=SEED),
    ] = None,
    bots: Annotated[
        str | None,
        typer.Option(help=BOTS_HELP + " (default efficient)"),
    ] = None,
    workers: Annotated[
        int,
        typer.Option(
            help="Processes to play on (the same results as one). A worker that dies is"
            " replaced and its hands played again; after 3 deaths on the same hands the"
            " run stops (exit status 1).",
            parser=whole_number_option("workers", 1, 256),
        ),
    ] = 1,
    engine: EngineOption = "processes",
    address: AddressOption = None,
    shard_hands: ShardHandsOption = 100,
    shard_records: ShardRecordsOption = None,
    duplicate: Annotated[
        bool, typer.Option("--duplicate", help="Play every wall four times, seats rotated.")
    ] = False,
    records: Annotated[
        Path | None,
        typer.Option(
            help="Write every hand's record here (JSON lines) as the hand ends, each line"
            " whole or absent; the file must not exist (see --overwrite). It is what"
            " --resume finishes a stopped run from."
        ),
    ] = None,
    overwrite: Annotated[
        bool, typer.Option("--overwrite", help="Replace an existing --records file.")
    ] = False,
    resume: Annotated[
        Path | None,
        typer.Option(
            help="Finish the run whose --records file this is (its settings are read"
            " from it; a torn last line is left out): the statistics and the file come"
            " out as an uninterrupted run's.",
            metavar="FILE",
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the statistics as JSON.")] = False,
    plot: Annotated[
        Path | None, typer.Option(help="Draw fan frequencies and win points (PNG).")
    ] = None,
) -> None:
    """Self-play between bots: wins, draws, points per bot, fan frequencies, speed."""
    resumed: Resumed | None = None
    try:
        if resume is not None:
            options = {
                "--ruleset": ruleset is not None,
                "--hands": hands is not None,
                "--seed": seed is not None,
                "--bots": bots is not None,
                "--duplicate": duplicate,
                "--records": records is not None,
                "--overwrite": overwrite,
            }
            given = [name for name, on in options.items() if on]
            if given:
                raise ValueError(
                    f"--resume reads the run's settings from {resume}: leave out {', '.join(given)}"
                )
            resumed = read_run(resume)
            settings = resumed.settings
        else:
            settings = _settings(ruleset, hands, seed, bots, duplicate)
        if workers < 1:
            raise ValueError(f"--workers must be at least 1, not {workers}")
        playing = engine_of(engine, address, shard_hands, shard_records, settings.to_json())
        if plot is not None:
            plotting.check(plot)
        writer: RecordsFile | None = None
        if resumed is not None:
            writer = RecordsFile.resume(resumed)
        elif records is not None:
            writer = RecordsFile.create(records, settings, overwrite=overwrite)
    except (MahjongError, ValueError) as err:
        raise fail(str(err)) from None
    with StopSignals() as stop, writer if writer is not None else contextlib.nullcontext():
        run = _run_with_bar(settings, workers, writer, resumed, stop, playing)
    data = run.stats.to_json(run.seconds, run.played)
    data.update(
        {
            "seed": settings.seed,
            "duplicate": settings.duplicate,
            "workers": workers,
            "complete": run.complete,
        }
    )
    if as_json:
        print(json.dumps(data))
    else:
        print("\n".join(run.stats.lines(run.seconds, run.played)))
    if not run.complete:
        print(f"error: {_stopped_message(run, stop, writer)}", file=sys.stderr)
        raise typer.Exit(stop.exit_code if stop() else 1)
    if plot is not None:
        try:
            plotting.draw(run.stats, plot)
        except (MahjongError, OSError) as err:
            raise fail(str(err)) from None


def _watch_lines(record: MatchRecord) -> list[str]:
    """The game hand by hand: who won what, how, with which fans; running scores."""
    players = ", ".join(f"player {p} {name}" for p, name in enumerate(record.bots))
    out = [f"{record.ruleset.name}, seed {record.seed}: {players}"]
    for i, h in enumerate(record.hands, 1):
        deal = h.deal
        head = f"hand {i:>2} {deal.label()}, dealer player {deal.dealer}:"
        result = h.record.result
        if result["kind"] != "win":
            out.append(
                f"{head} {result['kind']}" + (f" ({result['reason']})" if result["reason"] else "")
            )
        for sc in result.get("scores", []):
            seat = sc["seat"]
            player = deal.player_at(seat)
            giver = result["discarder"]
            how = (
                "self-drawn"
                if giver is None
                else f"on player {deal.player_at(giver)}'s discard"
                + (" (robbing the kong)" if result["robbed_kong"] else "")
            )
            out.append(
                f"{head} player {player} ({record.bots[player]}, {SEAT_NAMES[seat]}) wins"
                f" {sc['total']} {how} with {result['winning_tile']}: {sc['hand']}"
            )
            out.append("    " + ", ".join(f"{name} {pts}" for name, pts in sc["items"]))
        net = balances(h.money.payments)
        out.append(
            "    money "
            + " ".join(f"{n:+d}" for n in net[:4])
            + "  -> scores "
            + " ".join(str(x) for x in h.scores_after)
        )
    out.append("final scores: " + " ".join(str(x) for x in record.final_scores))
    return out


@app.command("watch")
def watch_command(
    ruleset: Annotated[str, typer.Option(help="Ruleset name or alias.")] = "mcr",
    seed: Annotated[
        int, typer.Option(help="Seed of the seating, walls and bots.", parser=SEED)
    ] = 7,
    bots: Annotated[str, typer.Option(help=BOTS_HELP)] = "scorer,defender,efficient,random",
    max_hands: Annotated[
        int | None,
        typer.Option("--max-hands", help="Stop after this many hands.", parser=HANDS),
    ] = None,
) -> None:
    """Play one game between bots and print it hand by hand, each win's fans."""
    try:
        record = Match(
            ruleset, seed, [bot_of(n) for n in bot_names(bots)], max_hands=max_hands
        ).play()
    except (MahjongError, ValueError) as err:
        raise fail(str(err)) from None
    print("\n".join(_watch_lines(record)))


__all__ = ["simulate_command", "watch_command"]
