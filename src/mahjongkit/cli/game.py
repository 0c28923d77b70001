"""The ``hand`` and ``replay`` commands: play one hand between bots; verify records.

``mahjongkit hand --ruleset mcr --seed 7 --bots random --json`` prints the hand's record
(one JSON object); without ``--json`` it prints the events and the result.
``mahjongkit replay FILE --verify --json`` replays every record in FILE (a JSON object,
a JSON list or JSON Lines) and prints ``{"records": n, "verified": n, "mismatches": [...]}``.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Annotated, Any

import typer

from mahjongkit.bots import Bot
from mahjongkit.botzone.external import bot_of
from mahjongkit.cli.app import SEED, app, fail
from mahjongkit.errors import MahjongError
from mahjongkit.game.events import Event
from mahjongkit.game.record import load_records, record_of, verify
from mahjongkit.game.runner import play_hand
from mahjongkit.game.state import HandState
from mahjongkit.rules.ruleset import get_ruleset
from mahjongkit.tiles import wind_of


def bot_names(spec: str) -> list[str]:
    """The four seats' bot names from one to four names separated by commas, East first;
    the last name fills the seats left (every command with ``--bots`` reads it so).

    >>> bot_names("random")
    ['random', 'random', 'random', 'random']
    >>> bot_names("scorer, efficient")
    ['scorer', 'efficient', 'efficient', 'efficient']
    """
    names = [n.strip() for n in spec.split(",") if n.strip()]
    if not 1 <= len(names) <= 4:
        raise ValueError(f"--bots needs one to four names separated by commas, not {len(names)}")
    return names + [names[-1]] * (4 - len(names))


BOTS_HELP = (
    "Bot names separated by commas, East first; the last fills the seats left. A Botzone"
    " program is botzone:COMMAND (botzone ruleset)."
)


def make_bots(spec: str) -> list[Bot]:
    """Four bots from a ``--bots`` spec (see `bot_names`)."""
    bots: list[Bot] = []
    for name in bot_names(spec):
        bots.append(bot_of(name))
    return bots


def play_one(ruleset: str, seed: int, bots: str = "random", prevalent: str = "E") -> HandState:
    """One hand from a seed: the wall shuffled with it, the hand of that seed for the
    bots' decisions."""
    rules = get_ruleset(ruleset)
    state = HandState.new(rules, random.Random(seed), wind_of(prevalent))
    play_hand(state, make_bots(bots), seed)
    return state


@app.command("hand")
def hand_command(
    ruleset: Annotated[str, typer.Option(help="Ruleset name or alias.")] = "mcr",
    seed: Annotated[int, typer.Option(help="Seed of the shuffle, dice and bots.", parser=SEED)] = 0,
    bots: Annotated[str, typer.Option(help=BOTS_HELP)] = "random",
    prevalent: Annotated[str, typer.Option(help="Prevalent wind: E, S, W or N.")] = "E",
    as_json: Annotated[bool, typer.Option("--json", help="Print the record as JSON.")] = False,
) -> None:
    """Play one hand between four bots and print its record."""
    try:
        state = play_one(ruleset, seed, bots, prevalent)
    except (MahjongError, ValueError) as err:
        raise fail(str(err)) from None
    record = record_of(state, seed=seed)
    if as_json:
        print(json.dumps(record.to_json()))
        return
    for index in record.events:
        print(Event.from_index(index))
    print(json.dumps(record.result))


@app.command("replay")
def replay_command(
    path: Annotated[Path, typer.Argument(help="Records: a JSON object, list, or JSON Lines.")],
    check: Annotated[bool, typer.Option("--verify", help="Check every step.")] = True,
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary as JSON.")] = False,
) -> None:
    """Replay hand records and report those that do not reproduce exactly."""
    try:
        records = load_records(path)
    except (OSError, MahjongError) as err:
        raise fail(f"{path}: {err}") from None
    mismatches: list[dict[str, Any]] = []
    verified = 0
    for n, record in enumerate(records):
        problems = verify(record) if check else []
        if problems:
            mismatches.append({"record": n, "seed": record.seed, "problems": problems})
            if not as_json:
                print(f"record {n} (seed {record.seed}): {'; '.join(problems)}")
        else:
            verified += 1
    summary = {"records": len(records), "verified": verified, "mismatches": mismatches}
    if as_json:
        print(json.dumps(summary))
    else:
        print(f"{verified} of {len(records)} records replay exactly")
    if mismatches:
        raise typer.Exit(1)


__all__ = ["BOTS_HELP", "bot_names", "hand_command", "make_bots", "play_one", "replay_command"]
