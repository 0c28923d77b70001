"""``mahjongkit tournament standings EVENT [--db URL] [--json]``: an event's standings as
the web table stored them (docs/tournament-events.md).

EVENT is the event's id (the last part of its page's address, ``/events/<id>``) or its
exact name. ``--db`` names the database (a URL, or a SQLite file's path; by default the
web table's, ``$MAHJONGKIT_DB`` or ``mahjongkit.db`` in the user's data directory).
``--json`` prints what the API's ``/api/events/<id>/standings`` gives.

Exit codes: 0 standings printed; 2 no such database or event (named on stderr).

The ``tournament`` sub-app (``cli/tournament.py``) attaches `standings_command`.
"""

from __future__ import annotations

import json
from typing import Annotated, Any

import typer

from mahjongkit.cli.app import fail
from mahjongkit.tournament.events import Event
from mahjongkit.tournament.standings import standings_json


def load_event(db: str | None, name: str) -> Event:
    """The stored event with this id or exact name; exits with code 2 (`fail`) naming what is
    missing."""
    from sqlalchemy.exc import SQLAlchemyError  # the web extra's: `tournament seat` needs none

    from mahjongkit.web.store import Store, database_url, default_url, sqlite_path

    url = database_url(db) if db else default_url()
    path = sqlite_path(url)
    if path is not None and not path.is_file():
        raise fail(f"no database at {path}")
    try:
        store = Store(url)
        row = store.load_event(name) if len(name) <= 32 else None
        if row is None:
            named = [e for e in store.list_events(limit=10_000) if e["name"] == name]
            if len(named) > 1:
                ids = ", ".join(e["id"] for e in named)
                raise fail(f"{len(named)} events are named {name!r}: give its id ({ids})")
            row = store.load_event(named[0]["id"]) if named else None
    except SQLAlchemyError as err:
        raise fail(f"cannot read the events at {url}: {err}") from None
    if row is None:
        raise fail(f"no event {name!r} at {url}")
    return Event.from_json(row["data"])


def standings_command(
    event: Annotated[str, typer.Argument(help="The event's id (from its page) or its name.")],
    db: Annotated[
        str | None,
        typer.Option("--db", help="The web table's database: a URL or a SQLite file."),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the standings as JSON.")] = False,
) -> None:
    """Print an event's standings: table points, then total points, then its tie rule."""
    found = load_event(db, event)
    data = standings_json(found)
    if as_json:
        typer.echo(json.dumps(data, ensure_ascii=False, indent=2))
        return
    print_standings(data)


def print_standings(data: dict[str, Any]) -> None:
    """The standings as a table."""
    from rich.console import Console
    from rich.table import Table

    event = data["event"]
    table = Table(
        title=f"{event['name']} ({event['ruleset']}): "
        f"{data['tables_entered']} of {data['tables_seated']} tables entered",
    )
    for column in ("Rank", "Player", "Club", "Games", "Table points", "Points"):
        justify = "right" if column in {"Rank", "Games", "Table points", "Points"} else "left"
        table.add_column(column, justify=justify)  # type: ignore[arg-type]
    for line in data["standings"]:
        table.add_row(
            "sub" if line["rank"] is None else str(line["rank"]),
            line["name"],
            line["club"],
            str(line["games"]),
            line["table_points_text"],
            str(line["points"]),
        )
    Console().print(table)


__all__ = ["load_event", "print_standings", "standings_command"]
