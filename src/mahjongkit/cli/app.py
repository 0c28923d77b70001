"""The Typer app and the entry point shared by every command module."""

from __future__ import annotations

import importlib
import sys

import typer

app = typer.Typer(
    name="mahjongkit",
    help="Play, score and simulate mahjong: MCR, club house rules and Taiwanese 16-tile.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

COMMAND_MODULES = (
    "analysis",
    "score",
    "rules",
    "game",
    "match",
    "fairness",
    "simulate",
    "web",
    "play",
)
"""Modules of ``mahjongkit.cli`` that register commands on `app`, in help order."""


def fail(message: str) -> typer.Exit:
    """Print an error message on stderr and return the exit to raise (code 2)."""
    print(f"error: {message}", file=sys.stderr)
    return typer.Exit(2)


def main() -> None:
    """Run the command line."""
    for name in COMMAND_MODULES:
        importlib.import_module(f"mahjongkit.cli.{name}")
    app()
