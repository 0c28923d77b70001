"""The entry point of ``mahjongkit``: the plain forms of ``score`` and ``waits`` answered
without loading Typer, everything else handed to the Typer app.

Typer, its Click and Rich take about 60 ms to import, more than these two commands need
for all the rest of their work. So `main` reads ``score HAND`` and ``waits HAND`` with
their options here, with the standard library, and calls the same functions the Typer
commands call (`mahjongkit.cli.score.score_command`,
`mahjongkit.cli.analysis.waits_command`): the output and the exit code are the same
either way. Anything it does not read with certainty goes to the Typer app unchanged:
``--help``, an unknown or misspelt option, ``--``, an option without its value, a
missing or second HAND, ``score --jsonl``, every other command, and shell completion.

>>> plain_call(["waits", "--json", "1112345678999m"])
PlainCall(command='waits', arguments={'as_json': True, 'hand': '1112345678999m'})
>>> plain_call(["waits", "1112345678999m", "--help"]) is None
True
"""

from __future__ import annotations

import errno
import gc
import importlib
import os
import sys
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from pathlib import Path

_RULESET = {"--ruleset": "ruleset", "-r": "ruleset"}


class PlainForm(NamedTuple):
    """The arguments of a command that `main` reads itself: the function doing the work
    (``module:function``), options taking a value and flags, each with the parameter it
    sets, and the parameters that are file paths. A HAND is always required here
    (``score`` without one goes to Typer). (Named tuples, not dataclasses, in this module:
    a frozen dataclass takes about 1 ms to make at import.)"""

    work: str
    values: Mapping[str, str]
    flags: Mapping[str, str]
    paths: tuple[str, ...] = ()


PLAIN_FORMS = {
    "score": PlainForm(
        "mahjongkit.cli.score:score_command",
        values={
            **_RULESET,
            "--rules": "rules",
            "--seat": "seat",
            "--prevalent": "prevalent",
            "--flowers": "flowers",
            "--tiles-on-table": "tiles_on_table",
            "--dealer-streak": "dealer_streak",
        },
        flags={
            f"--{name.replace('_', '-')}": name
            for name in (
                "self_drawn",
                "kong_replacement",
                "robbing_kong",
                "last_of_kind",
                "last_wall_tile",
                "flower_replacement",
                "dealer",
                "discarder_is_dealer",
                "ting",
                "heavenly",
                "earthly",
            )
        }
        | {"--json": "as_json"},
        paths=("rules",),
    ),
    "waits": PlainForm(
        "mahjongkit.cli.analysis:waits_command",
        values={**_RULESET, "--seat": "seat", "--prevalent": "prevalent"},
        flags={"--json": "as_json"},
    ),
}
"""The commands answered without Typer, and how their arguments read (as Typer declares
them in `mahjongkit.cli.hand_commands`; ``score --jsonl`` is left to Typer)."""


class PlainCall(NamedTuple):
    """A command read from the arguments: its name and the keyword arguments of its work."""

    command: str
    arguments: dict[str, Any]


def plain_call(args: Sequence[str]) -> PlainCall | None:
    """The call that the arguments ``args`` (``sys.argv[1:]``) make, read as Click would
    read them (options anywhere, ``--option value``, ``--option=value``, ``-rVALUE``, the
    last of a repeated option), or None where Typer must read them.

    >>> plain_call(["score", "-rmcr", "123m456p789s11sEEE", "--seat=S"])  # doctest: +ELLIPSIS
    PlainCall(command='score', arguments={'ruleset': 'mcr', 'hand': '123m...', 'seat': 'S'})
    >>> plain_call(["score", "--jsonl"]) is None
    True
    """
    if not args or args[0] not in PLAIN_FORMS:
        return None
    form = PLAIN_FORMS[args[0]]
    arguments: dict[str, Any] = {}
    rest = list(args[1:])
    while rest:
        arg = rest.pop(0)
        if arg == "-" or not arg.startswith("-"):  # Click too reads a lone "-" as an argument
            if "hand" in arguments:
                return None
            arguments["hand"] = arg
            continue
        if arg[:2] == "-r" and len(arg) > 2:  # the one short option: -rmcr, -r=mcr is "=mcr"
            name, equals, value = "-r", "=", arg[2:]
        else:
            name, equals, value = arg.partition("=")
        if name in form.flags and not equals:
            arguments[form.flags[name]] = True
        elif name in form.values and (equals or rest):
            parameter = form.values[name]
            text = value if equals else rest.pop(0)
            arguments[parameter] = _file(text) if parameter in form.paths else text
        else:
            return None
    return PlainCall(args[0], arguments) if "hand" in arguments else None


def _file(text: str) -> Path:
    """The path a file option names (pathlib imported only then: with what it imports,
    about 3 ms)."""
    from pathlib import Path

    return Path(text)


def answer(call: PlainCall) -> None:
    """Run ``call`` as the Typer app would run it: Ctrl-C exits with code 130 and a closed
    output pipe with code 1, both without a traceback."""
    module, function = PLAIN_FORMS[call.command].work.split(":")
    work = getattr(importlib.import_module(module), function)
    try:
        work(**call.arguments)
    except KeyboardInterrupt:
        raise SystemExit(130) from None
    except OSError as err:
        if err.errno != errno.EPIPE:
            raise
        # Nothing more can reach the reader: say nothing when the output is flushed at exit.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        raise SystemExit(1) from None


def main() -> None:
    """Run the command line."""
    call = plain_call(sys.argv[1:])
    if call is None or any(name.endswith("_COMPLETE") for name in os.environ):
        from mahjongkit.cli.app import main as run_app  # Typer: shell completion is its own

        run_app()
    else:
        # One answer, then the process ends: collecting reference cycles while the scorer's
        # modules load only slows the start (about 5 ms of it); the exit frees everything.
        gc.disable()
        answer(call)
