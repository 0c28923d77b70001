"""The ``simulate`` command: many hands of self-play between bots, with statistics.

``mahjongkit simulate --ruleset mcr --hands 1000 --seed 1 --bots scorer,efficient``
(the last name fills the seats left) prints wins by seat and by bot, the self-draw
share, exhaustive draws, average points, points per bot, every fan's frequency and
hands per second. ``--json`` prints one object whose first keys are ``{"ruleset",
"hands", "wins", "draws", "self_drawn", "points_by_bot", "fans", "hands_per_second",
"errors"}``. ``--workers K`` plays on K processes with the same results as one;
``--duplicate`` plays each of the ``--hands`` walls four times, the line-up turned one
seat each time (so ``hands`` is four times ``--hands``). ``--records FILE.jsonl``
writes every hand's record, one per line, in hand order; ``--plot FILE.png`` draws the
fan frequencies and the points of the wins (needs the ``plot`` extra: matplotlib).

``mahjongkit watch --ruleset mcr --seed 7 --bots scorer,defender,efficient,random`` plays
one game between bots and prints it hand by hand, with each win's breakdown.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated

import typer

from mahjongkit.bots import factories
from mahjongkit.cli.app import HANDS, SEED, app, fail, whole_number_option
from mahjongkit.cli.game import BOTS_HELP, bot_names
from mahjongkit.errors import MahjongError
from mahjongkit.game.events import SEAT_NAMES
from mahjongkit.game.match import Match, MatchRecord
from mahjongkit.money.settlement import balances
from mahjongkit.sim.run import Run, simulate


def _run_with_bar(
    ruleset: str,
    lineup: tuple[str, ...],
    hands: int,
    seed: int,
    workers: int,
    duplicate: bool,
    keep: bool,
) -> Run:
    def run(progress: Callable[[int], None] | None = None) -> Run:
        return simulate(
            ruleset,
            lineup,
            hands=hands,
            seed=seed,
            workers=workers,
            duplicate=duplicate,
            keep_records=keep,
            progress=progress,
        )

    if not sys.stderr.isatty():
        return run()
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeRemainingColumn,
    )

    with Progress(
        TextColumn("simulating"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        transient=True,
    ) as bar:
        task = bar.add_task("hands", total=hands * (4 if duplicate else 1))
        return run(lambda n: bar.advance(task, n))


@app.command("simulate")
def simulate_command(
    ruleset: Annotated[str, typer.Option(help="Ruleset name or alias.")] = "mcr",
    hands: Annotated[
        int,
        typer.Option(
            help="Hands to play (walls, with --duplicate).",
            parser=whole_number_option("hands", 1, 10**9),
        ),
    ] = 100,
    seed: Annotated[
        int, typer.Option(help="Seed of the run: every hand's wall and bots.", parser=SEED)
    ] = 0,
    bots: Annotated[
        str,
        typer.Option(help=BOTS_HELP),
    ] = "efficient",
    workers: Annotated[
        int,
        typer.Option(help="Processes to play on.", parser=whole_number_option("workers", 1, 256)),
    ] = 1,
    duplicate: Annotated[
        bool, typer.Option("--duplicate", help="Play every wall four times, seats rotated.")
    ] = False,
    records: Annotated[
        Path | None, typer.Option(help="Write every hand's record here (JSON lines).")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the statistics as JSON.")] = False,
    plot: Annotated[
        Path | None, typer.Option(help="Draw fan frequencies and win points (PNG).")
    ] = None,
) -> None:
    """Self-play between bots: wins, draws, points per bot, fan frequencies, speed."""
    try:
        lineup = tuple(bot_names(bots))
        if hands < 1:
            raise ValueError(f"--hands must be at least 1, not {hands}")
        run = _run_with_bar(ruleset, lineup, hands, seed, workers, duplicate, records is not None)
    except (MahjongError, ValueError) as err:
        raise fail(str(err)) from None
    if records is not None:
        with records.open("w", encoding="utf-8") as f:
            for out in run.outcomes:
                if out.record:
                    f.write(out.record.strip() + "\n")
    if plot is not None:
        from mahjongkit.sim.plot import PlotUnavailableError, draw

        try:
            draw(run.stats, plot)
        except PlotUnavailableError as err:
            raise fail(str(err)) from None
    data = run.stats.to_json(run.seconds)
    data.update({"seed": seed, "duplicate": duplicate, "workers": workers})
    if as_json:
        print(json.dumps(data))
        return
    print("\n".join(run.stats.lines(run.seconds)))


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
        record = Match(ruleset, seed, factories(bot_names(bots)), max_hands=max_hands).play()
    except (MahjongError, ValueError) as err:
        raise fail(str(err)) from None
    print("\n".join(_watch_lines(record)))


__all__ = ["simulate_command", "watch_command"]
