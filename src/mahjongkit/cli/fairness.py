"""The ``verify-wall`` command: check each hand's wall against its commitment.

``mahjongkit verify-wall RECORD`` reads a match or hand record (a JSON object, a JSON list
or JSON Lines, as ``replay`` and ``verify`` read them; ``-`` for standard input) and, for
each hand, hashes the revealed seed and salt again, rebuilds the wall and the deal from
the seed, and replays the recorded play on it (`mahjongkit.game.wall_check`). It prints a
line per hand, ``OK`` or exactly what differs, and exits with 1 when any hand fails.
``mahjongkit verify-wall GAME_ID --db URL`` checks a game stored by the web table.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from mahjongkit.cli.app import app, fail
from mahjongkit.errors import MahjongError
from mahjongkit.game.wall_check import WallCheck, check_walls


def read_json_items(text: str, source: str) -> Any:
    """One JSON value, or the values of JSON Lines as a list (a bad line is named).

    >>> read_json_items('{"a": 1}\\n{"a": 2}\\n', "x")
    [{'a': 1}, {'a': 2}]
    """
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        pass
    items = []
    for n, line in enumerate(text.splitlines(), 1):
        if line.strip():
            try:
                items.append(json.loads(line))
            except json.JSONDecodeError as err:
                raise ValueError(f"{source} line {n}: not JSON ({err.msg})") from None
    return items


def stored_record(game_id: str, db: str) -> dict[str, Any]:
    """The record of a game stored by the web table (its finished hands)."""
    try:
        from mahjongkit.web.store import Store, database_url
        from mahjongkit.web.table import TableConfig, TableGame
    except ImportError as err:
        raise ValueError(
            f"--db needs the web extra: pip install 'mahjongkit[web]' ({err})"
        ) from None
    store = Store(database_url(db))
    row = store.load_game(game_id)
    if row is None:
        raise ValueError(f"no stored game {game_id!r} in {db}")
    return TableGame(TableConfig.from_json(row["config"]), row["log"]).record()


def _line(check: WallCheck) -> str:
    """One hand's verdict as printed."""
    c = check.commitment
    if check.status == "ok" and c is not None:
        return f"hand {check.hand}: OK  commitment {c.commitment}  seed {c.seed}  salt {c.salt}"
    if check.status == "seeded":
        return (
            f"hand {check.hand}: SEEDED  no commitment; the wall is its seed's shuffle"
            " (the seed was not committed to in advance)"
        )
    return f"hand {check.hand}: {check.status.upper()}  " + "; ".join(check.problems)


@app.command("verify-wall")
def verify_wall_command(
    record: Annotated[
        str,
        typer.Argument(
            help="A match or hand record file (JSON or JSON Lines; - for stdin), or with"
            " --db a stored game's id."
        ),
    ],
    db: Annotated[
        str | None,
        typer.Option(help="Read the game RECORD names from this database (URL or SQLite file)."),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the verdicts as JSON.")] = False,
) -> None:
    """Check each hand's wall: the revealed seed and salt against the commitment, and the
    recorded wall, deal and draws against the seed's."""
    try:
        if db is not None:
            data: Any = stored_record(record, db)
        else:
            text = sys.stdin.read() if record == "-" else Path(record).read_text(encoding="utf-8")
            data = read_json_items(text, record)
        checks = check_walls(data)
    except (OSError, ValueError, MahjongError) as err:
        raise fail(f"{record}: {err}") from None
    if not checks:
        raise fail(f"{record}: no hands to check")
    failed = [c for c in checks if not c.passed]
    if as_json:
        print(json.dumps({"hands": [c.to_json() for c in checks], "failed": len(failed)}))
    else:
        for check in checks:
            print(_line(check))
        print(f"{len(checks) - len(failed)} of {len(checks)} hands verified")
    if failed:
        raise typer.Exit(1)


__all__ = ["read_json_items", "stored_record", "verify_wall_command"]
