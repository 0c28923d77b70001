"""The Typer app that every command module registers on, and its entry point."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable

import typer

from mahjongkit.cli.text import fail as fail  # every command's exit on bad input
from mahjongkit.errors import InvalidNumberError
from mahjongkit.inputs import SEEDS, decimal_number, whole_number

app = typer.Typer(
    name="mahjongkit",
    help="Play, score and simulate mahjong: MCR, club house rules and Taiwanese 16-tile.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


@app.callback()
def _group() -> None:
    """Keep ``mahjongkit COMMAND`` a group of commands when only one command is loaded."""


COMMAND_MODULES = (
    "hand_commands",
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
    "tournament",
    "review",
)
"""Modules of ``mahjongkit.cli`` that register commands on `app`, in help order."""

COMMAND_HOMES = {
    **dict.fromkeys(("parse", "shanten", "waits", "discard", "score"), "hand_commands"),
    "rules": "rules",
    "hand": "game",
    "replay": "game",
    "match": "match",
    "verify-wall": "fairness",
    "simulate": "simulate",
    "watch": "simulate",
    "dataset": "dataset",
    "serve": "web",
    "play": "play",
    "botzone-bot": "botzone",
    "botzone-match": "botzone",
    "botzone-log": "botzone_log",
    "tournament": "tournament",
    "review": "review",
}
"""The module of `COMMAND_MODULES` that registers each command: running one command loads
only its module (``score`` never imports the simulator or the web table), so it starts fast."""


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


def load_commands(args: list[str]) -> None:
    """Register the commands that the arguments ``args`` (``sys.argv[1:]``) can run: the
    named command's module alone, or every module when no command is named (``--help``, an
    unknown command), so help and Typer's "no such command" see all of them."""
    home = COMMAND_HOMES.get(args[0]) if args else None
    for name in (home,) if home else COMMAND_MODULES:
        importlib.import_module(f"mahjongkit.cli.{name}")


def main() -> None:
    """Run the command line through Typer: every command line but the plain forms of
    ``score`` and ``waits``, which the console entry point (`mahjongkit.cli.quick.main`)
    answers without loading Typer."""
    load_commands(sys.argv[1:])
    app()
