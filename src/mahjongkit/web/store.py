"""Stored games and scoresheets: SQLAlchemy over SQLite (the default) or PostgreSQL.

The schema is Alembic's (``migrations/``, shipped in the package) and `Store.migrate`
brings any database, an empty one included, up to date. Values are kept as JSON text so
one schema serves every database.

>>> store = Store("sqlite://")
>>> store.migrate()
>>> store.save_sheet("s1", "mcr", ["A", "B", "C", "D"], [])
>>> store.load_sheet("s1")["players"]
['A', 'B', 'C', 'D']
"""

from __future__ import annotations

import json
import os
from collections.abc import Collection
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from sqlalchemy import (
    Column,
    DateTime,
    Engine,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    event,
    insert,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.pool import StaticPool

from mahjongkit.web.models import HUMAN

metadata = MetaData()

games = Table(
    "games",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("ruleset", String(64), nullable=False),
    Column("config", Text, nullable=False),
    Column("tokens", Text, nullable=False),
    Column("log", Text, nullable=False),
    Column("summary", Text, nullable=False),
    Column("status", String(16), nullable=False),
    Column("created", DateTime, nullable=False),
    Column("updated", DateTime, nullable=False),
)
"""One row per table: its configuration, seat tokens, each hand's decisions, a summary."""

scoresheets = Table(
    "scoresheets",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("ruleset", String(64), nullable=False),
    Column("players", Text, nullable=False),
    Column("lines", Text, nullable=False),
    Column("created", DateTime, nullable=False),
    Column("updated", DateTime, nullable=False),
    Column("owner", String(64), nullable=True, index=True),
)
"""One row per club scoresheet: the four names, the lines as entered, and the SHA-256 of
its owner token (``None`` for a sheet stored before sheets had owners, until claimed)."""


events = Table(
    "events",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("name", String(200), nullable=False),
    Column("data", Text, nullable=False),
    Column("owner", String(64), nullable=False),
    Column("created", DateTime, nullable=False),
    Column("updated", DateTime, nullable=False),
)
"""One row per tournament event: the event as JSON (`mahjongkit.tournament.events.Event`)
and the SHA-256 of its organiser token."""


reviews = Table(
    "reviews",
    metadata,
    Column("game", String(32), primary_key=True),
    Column("player", Integer, primary_key=True),
    Column("hands", Integer, nullable=False),
    Column("samples", Integer, nullable=False),
    Column("data", Text, nullable=False),
    Column("created", DateTime, nullable=False),
)
"""One row per game and player reviewed: how many of the game's hands were finished
then, the samples a decision, and the review as JSON (`mahjongkit.web.reviews`)."""


def database_url(text: str) -> str:
    """A database URL from what a person typed: a URL as it is, a plain path as SQLite.

    >>> database_url("postgresql://u@h/db")
    'postgresql://u@h/db'
    >>> database_url("/tmp/games.db")
    'sqlite:////tmp/games.db'
    """
    if "://" in text:
        return text
    return f"sqlite:///{Path(text).expanduser().resolve()}"


def default_url() -> str:
    """The database used when none is named: ``$MAHJONGKIT_DB`` (a URL or a SQLite file
    path), else ``mahjongkit.db`` in the user's data directory (``$XDG_DATA_HOME`` or
    ``~/.local/share``)."""
    if os.environ.get("MAHJONGKIT_DB"):
        return database_url(os.environ["MAHJONGKIT_DB"])
    base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    path = base / "mahjongkit" / "mahjongkit.db"
    return f"sqlite:///{path}"


def sqlite_path(url: str) -> Path | None:
    """The file of a SQLite URL (``None`` for other databases or memory)."""
    prefix = "sqlite:///"
    if url.startswith(prefix) and len(url) > len(prefix):
        return Path(url[len(prefix) :])
    return None


def _write_ahead(connection: Any, record: Any) -> None:
    """A SQLite file keeps a write-ahead log: a stored move costs one flush to disk
    rather than several (13 ms to 1 ms a save, measured; still flushed at every commit,
    ``synchronous=FULL``, so a stored move survives a crash of the machine too)."""
    cursor = connection.cursor()
    cursor.execute("pragma journal_mode=wal")
    cursor.execute("pragma synchronous=full")
    cursor.close()


def _now() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


PLAYING = "playing"
FINISHED = "finished"
ABANDONED = "abandoned"
"""A table's status: being played, over, or closed because no one acted on it for the
server's ``abandon_seconds`` (`Store.abandon_idle`)."""


class TableClosed(Exception):
    """A change to a table closed as abandoned (or one not stored): not stored."""


class Store:
    """The database of one server."""

    def __init__(self, url: str) -> None:
        for plain in ("postgres://", "postgresql://"):
            # psycopg 3 (the ``postgres`` extra) rather than SQLAlchemy's default psycopg2.
            if url.startswith(plain):
                url = "postgresql+psycopg://" + url[len(plain) :]
        self.url = url
        path = sqlite_path(url)
        if path is not None:
            path.parent.mkdir(parents=True, exist_ok=True)
        if url.startswith("sqlite"):
            extra: dict[str, Any] = {"connect_args": {"check_same_thread": False}}
            if path is None:  # one shared in-memory database
                extra["poolclass"] = StaticPool
            self.engine: Engine = create_engine(url, **extra)
            if path is not None:
                event.listen(self.engine, "connect", _write_ahead)
        else:
            self.engine = create_engine(url, pool_pre_ping=True)

    def migrate(self) -> None:
        """Apply every Alembic migration not yet applied."""
        from alembic import command
        from alembic.config import Config

        config = Config()
        config.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
        with self.engine.begin() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, "head")

    # -- games ------------------------------------------------------------------------
    def create_game(
        self,
        game_id: str,
        config: dict[str, Any],
        tokens: dict[str, str],
        summary: dict[str, Any],
        log: list[Any] | None = None,
        over: bool = False,
    ) -> None:
        """Store a new table, with the decisions already taken (the bots' before the
        first person's), in one transaction: the table exists with them or not at all."""
        now = _now()
        with self.engine.begin() as c:
            c.execute(
                insert(games).values(
                    id=game_id,
                    ruleset=config["ruleset"],
                    config=json.dumps(config),
                    tokens=json.dumps(tokens),
                    log=json.dumps(log or []),
                    summary=json.dumps(summary),
                    status=FINISHED if over else PLAYING,
                    created=now,
                    updated=now,
                )
            )

    def save_game(self, game_id: str, log: list[Any], summary: dict[str, Any], over: bool) -> None:
        """Store a table's decisions so far (each hand's, with its wall's seed and salt)
        and its summary. Raises `TableClosed` for a table closed as abandoned: it stays
        closed."""
        with self.engine.begin() as c:
            done = c.execute(
                update(games)
                .where(games.c.id == game_id, games.c.status != ABANDONED)
                .values(
                    log=json.dumps(log),
                    summary=json.dumps(summary),
                    status=FINISHED if over else PLAYING,
                    updated=_now(),
                )
            )
        if done.rowcount != 1:
            raise TableClosed(f"table {game_id!r} is closed (abandoned) or not stored")

    def abandon_idle(self, seconds: float) -> list[str]:
        """Close as abandoned every table with people still being played whose last
        stored change is more than ``seconds`` old; the ids closed. (A table of bots only
        plays itself to its end.)

        >>> store = Store("sqlite://")
        >>> store.migrate()
        >>> store.create_game("g", {"ruleset": "mcr", "seats": ["human"]}, {}, {})
        >>> store.abandon_idle(3600), store.abandon_idle(0), store.load_game("g")["status"]
        ([], ['g'], 'abandoned')
        """
        before = _now() - timedelta(seconds=seconds)
        idle = select(games.c.id, games.c.config).where(
            games.c.status == PLAYING, games.c.updated <= before
        )
        with self.engine.begin() as c:
            people = [
                row.id
                for row in c.execute(idle)
                if HUMAN in json.loads(row.config).get("seats", [HUMAN])
            ]
            if not people:
                return []
            closed = c.execute(
                update(games)
                .where(games.c.id.in_(people), games.c.status == PLAYING, games.c.updated <= before)
                .values(status=ABANDONED)
                .returning(games.c.id)
            )
            return sorted(row.id for row in closed)

    def load_game(self, game_id: str) -> dict[str, Any] | None:
        """A stored table, or ``None``."""
        with self.engine.connect() as c:
            row = c.execute(select(games).where(games.c.id == game_id)).first()
        if row is None:
            return None
        return {
            "id": row.id,
            "ruleset": row.ruleset,
            "config": json.loads(row.config),
            "tokens": json.loads(row.tokens),
            "log": json.loads(row.log),
            "summary": json.loads(row.summary),
            "status": row.status,
            "created": row.created.isoformat(),
            "updated": row.updated.isoformat(),
        }

    def list_games(self, limit: int = 200) -> list[dict[str, Any]]:
        """The latest tables first, without their secrets."""
        query = select(
            games.c.id,
            games.c.ruleset,
            games.c.config,
            games.c.summary,
            games.c.status,
            games.c.created,
            games.c.updated,
        )
        with self.engine.connect() as c:
            rows = c.execute(query.order_by(games.c.updated.desc()).limit(limit)).all()
        out = []
        for row in rows:
            config = json.loads(row.config)
            out.append(
                {
                    "id": row.id,
                    "ruleset": row.ruleset,
                    "names": config["names"],
                    "seats": config["seats"],
                    "summary": json.loads(row.summary),
                    "status": row.status,
                    "created": row.created.isoformat(),
                    "updated": row.updated.isoformat(),
                }
            )
        return out

    def game_ids(self, status: str | None = None) -> list[str]:
        """The ids of every stored table (of ``status`` only, when given), oldest first:
        all of them, where `list_games` gives the latest few.

        >>> store = Store("sqlite://")
        >>> store.migrate()
        >>> store.create_game("g", {"ruleset": "mcr"}, {}, {}, over=True)
        >>> store.game_ids(FINISHED), store.game_ids(PLAYING)
        (['g'], [])
        """
        query = select(games.c.id)
        if status is not None:
            query = query.where(games.c.status == status)
        with self.engine.connect() as c:
            return [row.id for row in c.execute(query.order_by(games.c.created, games.c.id))]

    def playing_games(self) -> list[tuple[str, dict[str, Any]]]:
        """Every table still being played, as (id, configuration)."""
        query = select(games.c.id, games.c.config).where(games.c.status == PLAYING)
        with self.engine.connect() as c:
            return [(row.id, json.loads(row.config)) for row in c.execute(query)]

    # -- scoresheets ------------------------------------------------------------------
    def save_sheet(
        self,
        sheet_id: str,
        ruleset: str,
        players: list[str],
        lines: list[dict[str, Any]],
        owner: str | None = None,
    ) -> None:
        """Create or replace a scoresheet's lines; ``owner`` (its token's digest) is stored
        when the sheet is created."""
        now = _now()
        with self.engine.begin() as c:
            exists = c.execute(select(scoresheets.c.id).where(scoresheets.c.id == sheet_id)).first()
            if exists is None:
                c.execute(
                    insert(scoresheets).values(
                        id=sheet_id,
                        ruleset=ruleset,
                        players=json.dumps(players),
                        lines=json.dumps(lines),
                        created=now,
                        updated=now,
                        owner=owner,
                    )
                )
            else:
                c.execute(
                    update(scoresheets)
                    .where(scoresheets.c.id == sheet_id)
                    .values(lines=json.dumps(lines), updated=now)
                )

    def load_sheet(self, sheet_id: str) -> dict[str, Any] | None:
        """A stored scoresheet, or ``None``."""
        with self.engine.connect() as c:
            row = c.execute(select(scoresheets).where(scoresheets.c.id == sheet_id)).first()
        if row is None:
            return None
        return {
            "id": row.id,
            "ruleset": row.ruleset,
            "players": json.loads(row.players),
            "lines": json.loads(row.lines),
            "owner": row.owner,
            "created": row.created.isoformat(),
            "updated": row.updated.isoformat(),
        }

    def claim_sheet(self, sheet_id: str, owner: str) -> bool:
        """Give a sheet stored without an owner the owner ``owner`` (a token's digest);
        ``False`` if it has one already (or does not exist)."""
        with self.engine.begin() as c:
            done = c.execute(
                update(scoresheets)
                .where(scoresheets.c.id == sheet_id, scoresheets.c.owner.is_(None))
                .values(owner=owner)
            )
        return bool(done.rowcount == 1)

    def list_sheets(
        self, owners: Collection[str] | None = None, limit: int = 200
    ) -> list[dict[str, Any]]:
        """The latest scoresheets first: those of ``owners`` (token digests), or all."""
        query = select(scoresheets)
        if owners is not None:
            query = query.where(scoresheets.c.owner.in_(list(owners)))
        with self.engine.connect() as c:
            rows = c.execute(query.order_by(scoresheets.c.updated.desc()).limit(limit)).all()
        return [
            {
                "id": r.id,
                "ruleset": r.ruleset,
                "players": json.loads(r.players),
                "hands": len(json.loads(r.lines)),
                "updated": r.updated.isoformat(),
            }
            for r in rows
        ]

    # -- reviews ----------------------------------------------------------------------
    def save_review(
        self, game_id: str, player: int, hands: int, samples: int, data: dict[str, Any]
    ) -> None:
        """Store a finished review of ``player`` in game ``game_id`` (``hands``: the
        game's finished hands it covers), replacing the one stored before.

        >>> store = Store("sqlite://")
        >>> store.migrate()
        >>> store.save_review("g", 0, 2, 8, {"hands": []})
        >>> store.save_review("g", 0, 3, 8, {"hands": [{}]})
        >>> review = store.load_review("g", 0)
        >>> review["hands"], review["data"], store.load_review("g", 1)
        (3, {'hands': [{}]}, None)
        """
        values = {"hands": hands, "samples": samples, "data": json.dumps(data), "created": _now()}
        where = (reviews.c.game == game_id, reviews.c.player == player)
        with self.engine.begin() as c:
            done = c.execute(update(reviews).where(*where).values(**values))
            if done.rowcount == 1:
                return
            try:
                with c.begin_nested():
                    c.execute(insert(reviews).values(game=game_id, player=player, **values))
            except IntegrityError:  # stored by another at the same moment: this one wins
                c.execute(update(reviews).where(*where).values(**values))

    def load_review(self, game_id: str, player: int) -> dict[str, Any] | None:
        """The stored review of ``player`` in game ``game_id`` (``hands``, ``samples``,
        ``data``, ``created``), or ``None``."""
        query = select(reviews).where(reviews.c.game == game_id, reviews.c.player == player)
        with self.engine.connect() as c:
            row = c.execute(query).first()
        if row is None:
            return None
        return {
            "hands": row.hands,
            "samples": row.samples,
            "data": json.loads(row.data),
            "created": row.created.isoformat(),
        }

    # -- tournament events ------------------------------------------------------------
    def save_event(
        self,
        event_id: str,
        name: str,
        data: dict[str, Any],
        owner: str | None = None,
        seen: str | None = None,
    ) -> bool:
        """Create an event (``owner``: its organiser token's digest) or store its change;
        with ``seen`` (the ``updated`` it was loaded with), only if no other change came
        in between: ``False`` (nothing stored) if one did.

        >>> store = Store("sqlite://")
        >>> store.migrate()
        >>> store.save_event("e", "Open", {"rounds": 3}, owner="d")
        True
        >>> store.load_event("e")["data"], [e["name"] for e in store.list_events()]
        ({'rounds': 3}, ['Open'])
        >>> store.save_event("e", "Open", {"rounds": 4}, seen="2000-01-01T00:00:00")
        False
        """
        now = _now()
        with self.engine.begin() as c:
            if owner is not None:
                c.execute(
                    insert(events).values(
                        id=event_id,
                        name=name,
                        data=json.dumps(data),
                        owner=owner,
                        created=now,
                        updated=now,
                    )
                )
                return True
            query = update(events).where(events.c.id == event_id)
            if seen is not None:
                query = query.where(events.c.updated == datetime.fromisoformat(seen))
            done = c.execute(query.values(name=name, data=json.dumps(data), updated=now))
            return bool(done.rowcount == 1)

    def load_event(self, event_id: str) -> dict[str, Any] | None:
        """A stored event (``data``, ``owner``...), or ``None``."""
        with self.engine.connect() as c:
            row = c.execute(select(events).where(events.c.id == event_id)).first()
        if row is None:
            return None
        return {
            "id": row.id,
            "name": row.name,
            "data": json.loads(row.data),
            "owner": row.owner,
            "created": row.created.isoformat(),
            "updated": row.updated.isoformat(),
        }

    def list_events(self, limit: int = 200) -> list[dict[str, Any]]:
        """The latest events first: id, name, last change."""
        query = select(events.c.id, events.c.name, events.c.updated)
        with self.engine.connect() as c:
            rows = c.execute(query.order_by(events.c.updated.desc()).limit(limit)).all()
        return [{"id": r.id, "name": r.name, "updated": r.updated.isoformat()} for r in rows]


__all__ = [
    "ABANDONED",
    "FINISHED",
    "PLAYING",
    "Store",
    "TableClosed",
    "default_url",
    "events",
    "games",
    "metadata",
    "reviews",
    "scoresheets",
    "sqlite_path",
]
