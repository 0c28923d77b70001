"""The ``serve`` command: the web table, the scorer, the club scoresheet and stored games.

``mahjongkit serve [--host 127.0.0.1] [--port 8000] [--db URL]`` migrates the database
(SQLite in the user's data directory unless ``--db`` names one, e.g.
``postgresql://user@host/db``), prints where it is (a URL's password masked) and the
address, and serves until interrupted. ``--house-rules FILE`` adds a club's rules file to
the rulesets offered; the limit options set `mahjongkit.web.limits.Limits`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from mahjongkit.cli.app import app, decimal_option, fail, whole_number_option
from mahjongkit.errors import MahjongError


def shown_url(url: str) -> str:
    """A database URL to print: its password masked.

    >>> shown_url("postgresql+psycopg://mj:s3cret@db.example/mahjong")
    'postgresql+psycopg://mj:***@db.example/mahjong'
    >>> shown_url("sqlite:////tmp/games.db")
    'sqlite:////tmp/games.db'
    """
    try:
        from sqlalchemy.engine import make_url

        return make_url(url).render_as_string(hide_password=True)
    except Exception:  # not a URL SQLAlchemy reads: show no part that may be a secret
        return url.split("://", 1)[0] + "://…"


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
    tables_per_client: Annotated[
        int,
        typer.Option(
            help="Unfinished tables one client address may open.",
            parser=whole_number_option("tables-per-client", 1, 1000000),
        ),
    ] = 20,
    open_tables: Annotated[
        int,
        typer.Option(
            help="Unfinished tables in memory in all.",
            parser=whole_number_option("open-tables", 1, 1000000),
        ),
    ] = 1000,
    message_bytes: Annotated[
        int,
        typer.Option(
            help="The largest table message, in bytes.",
            parser=whole_number_option("message-bytes", 64, 1048576),
        ),
    ] = 4096,
    messages_per_second: Annotated[
        float,
        typer.Option(
            help="Messages a second one table socket may send.",
            parser=decimal_option("messages-per-second", 0.01, 1000000),
        ),
    ] = 20.0,
    message_burst: Annotated[
        int,
        typer.Option(
            help="Messages a table socket may send at once.",
            parser=whole_number_option("message-burst", 1, 1000000),
        ),
    ] = 40,
    flood_messages: Annotated[
        int,
        typer.Option(
            help="Messages refused for the rate before a socket is closed.",
            parser=whole_number_option("flood-messages", 1, 1000000),
        ),
    ] = 100,
    spectators_per_table: Annotated[
        int,
        typer.Option(
            help="Spectators one table may have.",
            parser=whole_number_option("spectators-per-table", 0, 1000000),
        ),
    ] = 50,
    body_bytes: Annotated[
        int,
        typer.Option(
            help="The largest request body, in bytes.",
            parser=whole_number_option("body-bytes", 256, 16777216),
        ),
    ] = 65536,
    abandon_hours: Annotated[
        float,
        typer.Option(
            help="Hours a table with people may go with no one acting before it is closed "
            "as abandoned.",
            parser=decimal_option("abandon-hours", 0.0001, 100000),
        ),
    ] = 24.0,
    reviews_at_once: Annotated[
        int,
        typer.Option(
            help="Reviews of stored games waiting or running in all (one runs at a time).",
            parser=whole_number_option("reviews-at-once", 1, 10000),
        ),
    ] = 4,
    reviews_per_client: Annotated[
        int,
        typer.Option(
            help="Reviews one client address may have waiting or running.",
            parser=whole_number_option("reviews-per-client", 1, 10000),
        ),
    ] = 1,
    review_samples: Annotated[
        int,
        typer.Option(
            help="Samples a decision of a review that names none.",
            parser=whole_number_option("review-samples", 1, 1000),
        ),
    ] = 8,
    review_samples_max: Annotated[
        int,
        typer.Option(
            help="The most samples a decision a review may ask for.",
            parser=whole_number_option("review-samples-max", 1, 1000),
        ),
    ] = 32,
    allowed_origin: Annotated[
        list[str] | None,
        typer.Option(
            "--allowed-origin",
            help="Another site whose pages may open table sockets, e.g. "
            "https://club.example (repeatable; * for any).",
        ),
    ] = None,
) -> None:
    """Serve the web table, the scorer page and the club scoresheet."""
    if review_samples > review_samples_max:
        raise fail("--review-samples cannot be above --review-samples-max")
    try:
        import uvicorn

        from mahjongkit.web.app import create_app
        from mahjongkit.web.limits import Limits
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
        reason = str(err).replace(url, shown_url(url))
        raise fail(f"cannot open the database {shown_url(url)}: {reason}") from None
    limits = Limits(
        tables_per_client=tables_per_client,
        open_tables=open_tables,
        message_bytes=message_bytes,
        messages_per_second=messages_per_second,
        message_burst=message_burst,
        flood_messages=flood_messages,
        spectators_per_table=spectators_per_table,
        body_bytes=body_bytes,
        allowed_origins=tuple(allowed_origin or ()),
        reviews_at_once=reviews_at_once,
        reviews_per_client=reviews_per_client,
        review_samples=review_samples,
        review_samples_max=review_samples_max,
    )
    path = sqlite_path(url)
    print(f"database: {path.resolve() if path else shown_url(store.url)}", flush=True)
    print(f"mahjongkit is serving on http://{host}:{port}/", flush=True)
    uvicorn.run(
        create_app(store, limits=limits, abandon_seconds=abandon_hours * 3600),
        host=host,
        port=port,
        log_level="warning",
        # A frame beyond this closes the socket (1009) before it is read whole; one between
        # --message-bytes and this is read and refused with an error, the socket kept.
        ws_max_size=max(65536, 16 * message_bytes),
    )


__all__ = ["serve_command"]
