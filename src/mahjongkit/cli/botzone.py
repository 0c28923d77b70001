"""The ``botzone-bot`` command: one of the project's bots as a Botzone program.

``mahjongkit botzone-bot --bot defender`` reads Botzone's JSON input on stdin and writes
its answer (`mahjongkit.botzone.program`); ``--keep-running`` stays alive for the next
request, Botzone's long-running mode. docs/botzone.md has the protocol and the upload.
"""

from __future__ import annotations

from typing import Annotated

import typer

from mahjongkit.bots import BOTS
from mahjongkit.botzone.program import run
from mahjongkit.cli.app import SEED, app, fail


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
