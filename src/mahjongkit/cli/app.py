"""The Typer app and the entry point shared by every command module."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable

import typer

from mahjongkit.errors import InvalidNumberError
from mahjongkit.inputs import SEEDS, decimal_number, whole_number

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
    "dataset",
    "web",
    "play",
    "botzone",
    "botzone_log",
)
"""Modules of ``mahjongkit.cli`` that register commands on `app`, in help order."""


def whole_number_option(field: str, low: int, high: int) -> Callable[[str | int], int]:
    """The parser of a numeric option: a whole number in the ASCII digits 0-9 within
    ``low..high`` (`mahjongkit.inputs.whole_number`); anything else is a usage error naming
    the option, never a traceback nor a guess (``²``, ``٣``).

    >>> whole_number_option("hands", 1, 100)("12")
    12
    """

    def parse(text: str | int) -> int:
        try:
            return whole_number(text, field, low, high)
        except InvalidNumberError as err:
            raise typer.BadParameter(str(err)) from None

    return parse


def decimal_option(field: str, low: float, high: float) -> Callable[[str | float], float]:
    """The parser of a decimal option: ASCII digits with an optional decimal point, within
    ``low..high`` (`mahjongkit.inputs.decimal_number`); anything else is a usage error.

    >>> decimal_option("hours", 0.5, 48)("1.5")
    1.5
    """

    def parse(text: str | float) -> float:
        try:
            return decimal_number(text, field, low, high)
        except InvalidNumberError as err:
            raise typer.BadParameter(str(err)) from None

    return parse


def seconds_option(field: str, high: float) -> Callable[[str | float], float]:
    """The parser of an option in seconds: digits with an optional decimal point, 0..high."""
    return decimal_option(field, 0, high)


SEED = whole_number_option("seed", *SEEDS)
"""Seeds: any whole number of at most 100 digits."""

HANDS = whole_number_option("hands", 1, 10**6)
"""A number of hands to stop after: 1 to a million."""


def fail(message: str) -> typer.Exit:
    """Print an error message on stderr and return the exit to raise (code 2)."""
    print(f"error: {message}", file=sys.stderr)
    return typer.Exit(2)


def main() -> None:
    """Run the command line."""
    for name in COMMAND_MODULES:
        importlib.import_module(f"mahjongkit.cli.{name}")
    app()
