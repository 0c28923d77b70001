"""The ``serve`` command: the web table, the scorer, the club scoresheet and stored games.

``mahjongkit serve [--host 127.0.0.1] [--port 8000] [--db URL]`` migrates the database
(SQLite in the user's data directory unless ``--db`` names one, e.g.
``postgresql://user@host/db``), prints where it is and the address, and serves until
interrupted. ``--house-rules FILE`` adds a club's rules file to the rulesets offered.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from mahjongkit.cli.app import app, fail, whole_number_option
from mahjongkit.errors import MahjongError


@app.command("serve")
def serve_command(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[
        int, typer.Option(help="Port to listen on.", parser=whole_number_option("port", 0, 65535))
    ] = 8000,
    db: Annotated[
        str | None,
        typer.Option(
            help="Database URL or SQLite file (default: a SQLite file in the user's data "
            "directory, or $MAHJONGKIT_DB)."
        ),
    ] = None,
    house_rules: Annotated[
        list[Path] | None,
        typer.Option("--house-rules", help="A house-rules TOML file to offer (repeatable)."),
    ] = None,
) -> None:
    """Serve the web table, the scorer page and the club scoresheet."""
    try:
        import uvicorn

        from mahjongkit.web.app import create_app
        from mahjongkit.web.store import Store, database_url, default_url, sqlite_path
    except ImportError as err:
        raise fail(
            f"the web table needs the web extra: pip install 'mahjongkit[web]' ({err})"
        ) from None
    from mahjongkit.rules.house import load_house_rules
    from mahjongkit.rules.ruleset import register

    for rules_file in house_rules or []:
        try:
            register(load_house_rules(rules_file), replace=True)
        except (OSError, MahjongError) as err:
            raise fail(f"{rules_file}: {err}") from None
    url = database_url(db) if db else default_url()
    try:
        store = Store(url)
        store.migrate()
    except Exception as err:
        raise fail(f"cannot open the database {url}: {err}") from None
    path = sqlite_path(url)
    print(f"database: {path.resolve() if path else url}", flush=True)
    print(f"mahjongkit is serving on http://{host}:{port}/", flush=True)
    uvicorn.run(create_app(store), host=host, port=port, log_level="warning")


__all__ = ["serve_command"]
