"""The ASGI app: pages, the JSON API, and the table's WebSocket.

Each table seat has a secret token; a WebSocket connects with it and acts only for that
seat. Every message to a player is that player's view (`TableGame.view`), so no message
carries another player's concealed tiles or the wall. Bots act on the server. A claim
window a person has not answered closes after the table's timeout as a pass. Every
decision is stored at once, so a restarted server resumes each game where it was, and
its bots play on as they would have without the restart.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
import secrets
import threading
import time
from collections import OrderedDict, deque
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path as FilePath
from typing import Annotated, Any, TypeVar

from fastapi import Depends, FastAPI, HTTPException, Path, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import TypeAdapter

from mahjongkit.bots import BOTS
from mahjongkit.errors import MahjongError
from mahjongkit.game.actions import Action
from mahjongkit.game.events import Event, EventKind
from mahjongkit.game.record import HandRecord, replay_states
from mahjongkit.game.state import HandState
from mahjongkit.money.settlement import PLAYERS
from mahjongkit.rules.catalogues import catalogue_of
from mahjongkit.rules.ruleset import get_ruleset, ruleset_names
from mahjongkit.scoring.fields import situation_fields
from mahjongkit.svg import tile_svg
from mahjongkit.tiles import NAMES, NUM_TILES, counts_to_tiles
from mahjongkit.web import errors, sheets, tournaments
from mahjongkit.web.hanzi import item_names
from mahjongkit.web.limits import BodyLimit, Flood, Limits, OpenTables, origin_allowed
from mahjongkit.web.models import (
    REVIEW_REQUEST,
    SCORE_REQUEST,
    SHEET_LINE,
    SHEET_REQUEST,
    TABLE_MESSAGE,
    TABLE_REQUEST,
    ActionMessage,
    Message,
    PingMessage,
    Refusal,
    ReviewStatus,
    StateMessage,
    TableRequest,
    parse,
)
from mahjongkit.web.reviews import Reviews
from mahjongkit.web.store import ABANDONED, Store, TableClosed
from mahjongkit.web.stored import first_person, player_hands
from mahjongkit.web.table import (
    HUMAN,
    SPECTATOR,
    TableConfig,
    TableError,
    TableGame,
    default_names,
    event_line,
    named,
)

T = TypeVar("T")

STATIC = FilePath(__file__).parent / "static"
PAGES = {
    "table": "table.html",
    "scorer": "scorer.html",
    "scoresheet": "scoresheet.html",
    "history": "history.html",
    "replay": "replay.html",
    "review": "review.html",
}

NOT_A_SEAT = 4403
"""The close code of a table socket opened without a seat token of the table."""
NO_TABLE = 4404
"""The close code of a socket to a table that does not exist."""
OTHER_SITE = 4406
"""The close code of a socket opened by a page of another site (its ``Origin``)."""
FLOODED = 4429
"""The close code of a socket that kept sending far past its rate."""
WATCHERS_FULL = 4503
"""The close code of a spectator's socket to a table watched by as many as it allows."""
ABANDONED_TABLE = 4410
"""The close code of a socket to a table closed as abandoned (`Tables.abandon_idle`)."""

SEAT_TOKEN = re.compile(r"[A-Za-z0-9_-]{1,64}")
"""What a seat token looks like (`secrets.token_urlsafe`); anything else holds no seat."""
SHEET_TOKEN_HEADER = "X-Sheet-Token"
"""The header carrying a scoresheet's owner token (a header, so a form on another site
cannot send it)."""
MAX_SHEET_TOKENS = 50
"""The most owner tokens one request may present to list its sheets."""

log = logging.getLogger(__name__)


SEND_TIMEOUT = 5.0
"""Seconds a socket may take to take a message; a slower one is dropped, not waited for."""

IDLE_SECONDS = 300.0
"""Seconds a table with no one connected stays in memory (it is loaded again on demand)."""

KEPT_TABLES = 200
"""Tables with no one connected kept in memory at most (the least recently used go first)."""

BOT_TABLES = 4
"""Tables of bots played at once, a few moves each in turn (the others wait their turn)."""

BOT_SLICE = 0.005
"""Seconds of bots' moves between two yields to the other tables and requests."""

SPECTATOR_BATCH = 50
"""Spectators sent a view at once before the server turns to other work."""

ABANDON_SECONDS = 24 * 3600.0
"""Seconds a table with people may go without a stored change (a move, the next hand)
before it is closed as abandoned."""

log = logging.getLogger("mahjongkit.web")


class NotSaved(Exception):
    """The database did not store a change, so the change was not made."""


@dataclass(eq=False)
class Room:
    """A table in memory: the game, the seat tokens and the players connected."""

    game_id: str
    game: TableGame
    tokens: list[str]
    sockets: dict[int, set[WebSocket]] = field(default_factory=dict)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    timer: asyncio.Task[None] | None = None
    used: float = field(default_factory=time.monotonic)
    """When someone last used the table (the last socket left, a request read it)."""
    bots_playing: bool = False
    """True while the table of bots is in the bots' queue (it stays in memory)."""
    watched: str = ""
    """The latest view the spectators are to be sent (as sent)."""
    watchers_task: asyncio.Task[None] | None = None
    closing: set[asyncio.Task[None]] = field(default_factory=set)
    """Sockets being closed for being too slow."""

    def player_of(self, token: str) -> int | None:
        """The player holding ``token`` (compared in constant time)."""
        for p, t in enumerate(self.tokens):
            if secrets.compare_digest(t, token):
                return p
        return None

    @property
    def connected(self) -> bool:
        """True while any socket (a player's or a spectator's) is open on the table."""
        return any(self.sockets.values())


class Tables:
    """The tables of one server: always in the store, in memory while in use.

    A change counts once it is stored (`commit`). A table no one is connected to is
    dropped from memory when it is over, after ``idle_seconds``, or when more than
    ``kept`` such tables are in memory, and loaded again when asked for. Tables of bots
    are played by one background task (`play_bots`), a few moves at a time, so a request
    never waits for a whole match."""

    def __init__(
        self,
        store: Store,
        *,
        idle_seconds: float = IDLE_SECONDS,
        kept: int = KEPT_TABLES,
        send_timeout: float = SEND_TIMEOUT,
        abandon_seconds: float = ABANDON_SECONDS,
    ) -> None:
        self.store = store
        self.abandon_seconds = abandon_seconds
        self._abandon_checked = time.monotonic()
        self.rooms: dict[str, Room] = {}
        self.idle_seconds = idle_seconds
        self.kept = kept
        self.send_timeout = send_timeout
        self._guard = threading.Lock()  # the sync routes run in threads
        self._loop: asyncio.AbstractEventLoop | None = None
        self._bots_waiting: deque[str] = deque()
        self._bots_wake: asyncio.Event | None = None
        self._finished: OrderedDict[str, TableGame] = OrderedDict()

    # -- memory -----------------------------------------------------------------------
    def create(self, config: TableConfig) -> Room:
        """A new table, stored (with the bots' first moves) before it is answered.
        Raises `NotSaved` if the store refuses it; a table of bots is queued for play."""
        game_id = secrets.token_hex(6)
        tokens = [secrets.token_urlsafe(16) for _ in range(PLAYERS)]
        game = self._build(config)
        try:
            self.store.create_game(
                game_id,
                config.to_json(),
                {str(p): t for p, t in enumerate(tokens)},
                game.summary(),
                game.stored_log,
                game.over,
            )
        except Exception as err:
            log.warning("table not created: %s", err)
            raise NotSaved("the table was not stored (the database refused it)") from None
        room = Room(game_id, game, tokens)
        with self._guard:
            self.rooms[game_id] = room
            self._trim()
        if not game.has_people:
            self._queue_bots(room)
        return room

    def get(self, game_id: str) -> Room:
        """The table, loaded from the store if it is not in memory."""
        with self._guard:
            room = self.rooms.get(game_id)
            if room is None:
                game, tokens = self._load(game_id, playable=True)
                room = Room(game_id, game, tokens)
                self.rooms[game_id] = room
                self._trim()
            room.used = time.monotonic()
            return room

    def peek(self, game_id: str) -> TableGame:
        """The table's game to read, without keeping it in memory when it is not (a
        few finished ones are kept, for the replay page's requests)."""
        with self._guard:
            room = self.rooms.get(game_id)
            if room is not None:
                return room.game
            game = self._finished.pop(game_id, None)
            if game is None:
                game = self._load(game_id)[0]
            if game.over:
                self._finished[game_id] = game
                while len(self._finished) > PEEKED:
                    self._finished.popitem(last=False)
            return game

    def _load(self, game_id: str, playable: bool = False) -> tuple[TableGame, list[str]]:
        """The stored table; ``playable``: refused (410) if it was closed as abandoned."""
        try:
            row = self.store.load_game(game_id)
        except Exception as err:
            log.warning("table %s not loaded: %s", game_id, err)
            raise HTTPException(503, "the database is unavailable; try again") from None
        if row is None:
            raise HTTPException(404, f"no table {game_id!r}")
        if playable and row["status"] == ABANDONED:
            raise HTTPException(410, {"code": "table_abandoned", "message": CLOSED_AS_ABANDONED})
        try:
            game = self._build(TableConfig.from_json(row["config"]), row["log"])
        except MahjongError as err:  # e.g. a house-rules file this server was not given
            raise HTTPException(409, f"table {game_id!r} cannot be resumed: {err}") from None
        return game, [row["tokens"][str(p)] for p in range(PLAYERS)]

    @staticmethod
    def _build(config: TableConfig, logs: Sequence[Any] = ()) -> TableGame:
        """The game of ``config`` after ``logs``; a table of bots waits for `play_bots`."""
        people = HUMAN in config.seats
        return TableGame(config, logs or (), advance=people)

    def evict(self, now: float | None = None) -> list[str]:
        """Drop from memory the tables no one is connected to that are over or idle,
        and the least recently used beyond ``kept``; the ids dropped."""
        now = time.monotonic() if now is None else now
        with self._guard:
            dropped = []
            for game_id, room in list(self.rooms.items()):
                if room.connected or room.bots_playing or room.lock.locked():
                    room.used = now
                elif room.game.over or now - room.used >= self.idle_seconds:
                    dropped.append(self._drop(game_id))
            return dropped + self._trim()

    def _trim(self) -> list[str]:
        """Drop the least recently used idle tables beyond ``kept`` (under the guard)."""
        idle = [
            room
            for room in self.rooms.values()
            if not (room.connected or room.bots_playing or room.lock.locked())
        ]
        extra = len(idle) - self.kept
        if extra <= 0:
            return []
        idle.sort(key=lambda room: room.used)
        return [self._drop(room.game_id) for room in idle[:extra]]

    def _drop(self, game_id: str) -> str:
        room = self.rooms.pop(game_id)
        if room.timer is not None:
            room.timer.cancel()
            room.timer = None
        return game_id

    def _adopt(self, room: Room) -> None:
        """Before changing ``room``: make sure it is the table's one copy in memory (a
        socket may hold a room dropped an instant after it was loaded)."""
        with self._guard:
            current = self.rooms.setdefault(room.game_id, room)
        if current is not room:
            raise TableError("this table was reloaded by the server: reconnect")
        room.used = time.monotonic()

    # -- changes ----------------------------------------------------------------------
    def commit(self, room: Room, change: Callable[[TableGame], T]) -> T:
        """Make ``change`` to the table's game and store it: only then does it count.

        When the store refuses, the game is rebuilt from the decisions stored before
        (as a restarted server would load it), so memory and the database agree, and
        `NotSaved` is raised. No await happens between the change and the save, so no
        one is ever shown a change that is not stored. Call it holding ``room.lock``."""
        self._adopt(room)
        game = room.game
        before = game.stored_log
        try:
            result = change(game)
        except BaseException:
            if game.stored_log != before:  # a change half made: undo it
                room.game = self._build(game.config, before)
            raise
        try:
            self.save(room)
        except TableClosed:  # closed as abandoned an instant ago: it stays closed
            with self._guard:
                if self.rooms.get(room.game_id) is room:
                    self._drop(room.game_id)
            raise TableError(CLOSED_AS_ABANDONED) from None
        except Exception as err:
            log.warning("table %s: change not stored: %s", room.game_id, err)
            room.game = self._build(game.config, before)
            raise NotSaved("the database did not store it, so it did not happen") from None
        return result

    def save(self, room: Room) -> None:
        """Store the table's decisions so far."""
        game = room.game
        self.store.save_game(room.game_id, game.stored_log, game.summary(), game.over)

    # -- background work --------------------------------------------------------------
    @asynccontextmanager
    async def running(self, app: FastAPI) -> AsyncIterator[None]:
        """The server's lifespan: the bots' player and the sweeper of idle tables run
        while it serves; tables of bots left unfinished by a stop are played on."""
        self._loop = asyncio.get_running_loop()
        self._bots_wake = asyncio.Event()
        try:
            playing = await asyncio.to_thread(self.store.playing_games)
        except Exception as err:  # the server still serves; the tables wait for a restart
            log.warning("unfinished tables of bots not resumed: %s", err)
            playing = []
        for game_id, config in playing:
            if HUMAN not in config.get("seats", [HUMAN]) and game_id not in self._bots_waiting:
                self._bots_waiting.append(game_id)
        if self._bots_waiting:
            self._bots_wake.set()
        tasks = [
            asyncio.create_task(self.play_bots(), name="bots"),
            asyncio.create_task(self._sweep(), name="sweep"),
        ]
        try:
            yield
        finally:
            for task in tasks:
                task.cancel()
            for task in tasks:
                with contextlib.suppress(asyncio.CancelledError):
                    await task

    def _queue_bots(self, room: Room) -> None:
        """Queue a table of bots for `play_bots` (from any thread)."""
        room.bots_playing = True
        if self._loop is None:
            self._bots_waiting.append(room.game_id)  # started when the server is
            return
        self._loop.call_soon_threadsafe(self._wake_bots, room.game_id)

    def _wake_bots(self, game_id: str) -> None:
        self._bots_waiting.append(game_id)
        if self._bots_wake is not None:
            self._bots_wake.set()

    async def play_bots(self) -> None:
        """Play the tables of bots: up to `BOT_TABLES` at once, in turn, each a slice of
        moves (stored, then shown) before yielding to the rest of the server."""
        assert self._bots_wake is not None
        active: deque[str] = deque()
        while True:
            while len(active) < BOT_TABLES and self._bots_waiting:
                active.append(self._bots_waiting.popleft())
            if not active:
                self._bots_wake.clear()
                await self._bots_wake.wait()
                continue
            game_id = active.popleft()
            try:
                more = await self._bots_slice(game_id)
            except Exception as err:  # the table waits; the others play on
                log.warning("table %s: bots' moves not made: %s", game_id, err)
                more = True
                await asyncio.sleep(1.0)
            if more:
                active.append(game_id)
            await asyncio.sleep(0)

    async def _bots_slice(self, game_id: str) -> bool:
        room = self.get(game_id)
        room.bots_playing = True
        async with room.lock:
            more = self.commit(room, _bots_moves)
        if not more:
            room.bots_playing = False
        await broadcast(room, self)
        return more

    async def _sweep(self) -> None:
        while True:
            shortest = min(self.idle_seconds, self.abandon_seconds)
            await asyncio.sleep(min(5.0, max(shortest / 2, 0.05)))
            self.evict()
            if time.monotonic() - self._abandon_checked >= min(60.0, self.abandon_seconds / 4):
                self._abandon_checked = time.monotonic()
                try:
                    await self.abandon_idle()
                except Exception as err:  # the database is away: next time
                    log.warning("abandoned tables not closed: %s", err)

    async def abandon_idle(self) -> list[str]:
        """Close as abandoned the tables with people that no one has acted on for
        ``abandon_seconds`` (`Store.abandon_idle`): out of memory, no longer open, and
        anyone still connected is told (`ABANDONED_TABLE`); the ids closed."""
        closed = await asyncio.to_thread(self.store.abandon_idle, self.abandon_seconds)
        for game_id in closed:
            with self._guard:
                room = self.rooms.get(game_id)
                if room is not None:
                    self._drop(game_id)
            if room is not None:
                for ws in [ws for sockets in room.sockets.values() for ws in sockets]:
                    with contextlib.suppress(Exception):
                        await ws.close(code=ABANDONED_TABLE, reason="closed as abandoned")
        return closed


CLOSED_AS_ABANDONED = "this table was closed as abandoned: no one played at it for too long"

PEEKED = 8
"""Finished games kept for reading though no one is at their table (the replay page)."""


def _bots_moves(game: TableGame) -> bool:
    """The bots' moves for one slice (`BOT_SLICE`); True when they have more to make."""
    deadline = time.perf_counter() + BOT_SLICE
    while game.advance(limit=1):
        if time.perf_counter() >= deadline:
            return True
    return False


def tile_images() -> dict[str, str]:
    """Every tile's SVG by its notation, and the back as ``back``."""
    images = {NAMES[t]: tile_svg(t) for t in range(NUM_TILES)}
    images["back"] = tile_svg(0, back=True)
    return images


async def json_body(request: Request) -> bytes:
    """A POST's body, which must be JSON: a form of another site cannot send that type."""
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/json":
        raise Refusal("json_required", "send the body as JSON (Content-Type: application/json)")
    return await request.body()


JsonBody = Annotated[bytes, Depends(json_body)]


def read(adapter: TypeAdapter[T], body: bytes) -> T:
    """``body`` read by ``adapter`` (a `models` adapter); raises the `Refusal`."""
    value = parse(adapter, body)
    if isinstance(value, Refusal):
        raise value
    return value


def client_of(request: Request) -> str:
    """The address a request came from, to count what one client opens."""
    return request.client.host if request.client else "unknown"


def create_app(
    store: Store,
    *,
    chosen_seeds: bool = False,
    limits: Limits | None = None,
    idle_seconds: float = IDLE_SECONDS,
    kept_tables: int = KEPT_TABLES,
    send_timeout: float = SEND_TIMEOUT,
    abandon_seconds: float = ABANDON_SECONDS,
) -> FastAPI:
    """The app over ``store`` (migrated by the caller), within ``limits`` (`Limits`'
    defaults when not given).

    ``chosen_seeds`` lets a new table's request name its seed (for tests and
    reproductions); otherwise every table gets a secret random seed, since whoever knows
    the seed knows the walls. ``idle_seconds``, ``kept_tables``, ``send_timeout`` and
    ``abandon_seconds`` are `Tables`'."""
    limits = limits or Limits()
    tables = Tables(
        store,
        idle_seconds=idle_seconds,
        kept=kept_tables,
        send_timeout=send_timeout,
        abandon_seconds=abandon_seconds,
    )
    reviews = Reviews(store, limits)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        async with tables.running(app):
            try:
                yield
            finally:
                reviews.close()

    app = FastAPI(title="mahjongkit", docs_url="/api/docs", redoc_url=None, lifespan=lifespan)
    errors.install(app)
    app.add_middleware(BodyLimit, limit=limits.body_bytes)
    app.state.tables = tables
    app.state.store = store
    app.state.limits = limits
    app.state.reviews = reviews

    def table_open(game_id: str) -> bool:
        room = tables.rooms.get(game_id)
        return room is not None and not room.game.over

    opened = OpenTables(limits, table_open)
    app.state.open_tables = opened
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    app.include_router(tournaments.router)

    # -- pages ------------------------------------------------------------------------
    def page(name: str) -> FileResponse:
        return FileResponse(STATIC / PAGES[name], media_type="text/html")

    @app.get("/", include_in_schema=False)
    def index() -> FileResponse:
        return page("table")

    @app.get("/favicon.ico", include_in_schema=False)
    def favicon() -> FileResponse:
        return FileResponse(STATIC / "favicon.svg", media_type="image/svg+xml")

    @app.get("/table/{game_id}", include_in_schema=False)
    def table_page(game_id: str) -> FileResponse:
        return page("table")

    @app.get("/scorer", include_in_schema=False)
    def scorer_page() -> FileResponse:
        return page("scorer")

    @app.get("/scoresheet", include_in_schema=False)
    def scoresheet_page() -> FileResponse:
        return page("scoresheet")

    @app.get("/scoresheet/{sheet_id}", include_in_schema=False)
    def scoresheet_one(sheet_id: str) -> FileResponse:
        return page("scoresheet")

    @app.get("/history", include_in_schema=False)
    def history_page() -> FileResponse:
        return page("history")

    @app.get("/replay/{game_id}", include_in_schema=False)
    def replay_page(game_id: str) -> FileResponse:
        return page("replay")

    @app.get("/review/{game_id}", include_in_schema=False)
    def review_page(game_id: str) -> FileResponse:
        return page("review")

    # -- reference data ---------------------------------------------------------------
    @app.get("/api/tiles")
    def tiles() -> dict[str, str]:
        return tile_images()

    @app.get("/api/rulesets")
    def rulesets() -> list[dict[str, Any]]:
        out = []
        for name in ruleset_names():
            r = get_ruleset(name)
            out.append(
                {
                    "name": r.name,
                    "title": r.title,
                    "hand_size": r.hand_size,
                    "scoring": r.scoring.family,
                    "unit": r.scoring.unit,
                    "uses_flowers": r.uses_flowers,
                    "situation_fields": list(situation_fields(r)),
                }
            )
        return out

    @app.get("/api/bots")
    def bots() -> list[str]:
        return sorted(BOTS)

    # -- scoring ----------------------------------------------------------------------
    @app.post("/api/score")
    def score_hand(body: JsonBody) -> dict[str, Any]:
        request = read(SCORE_REQUEST, body)
        try:
            return sheets.score_breakdown(request)
        except (MahjongError, ValueError) as err:
            raise Refusal("refused", str(err)) from None

    # -- tables -----------------------------------------------------------------------
    @app.post("/api/tables")
    def create_table(body: JsonBody, request: Request) -> dict[str, Any]:
        try:
            config = _table_config(read(TABLE_REQUEST, body), chosen_seeds)
        except MahjongError as err:
            raise Refusal("refused", str(err)) from None
        place = opened.reserve(client_of(request))
        try:
            room = tables.create(config)
        except NotSaved as err:
            opened.release(place)
            raise Refusal("not_saved", f"{err}; try again") from None
        except BaseException:
            opened.release(place)
            raise
        opened.opened(place, room.game_id)
        seats = []
        for p, kind in enumerate(config.seats):
            seat: dict[str, Any] = {"player": p, "kind": kind, "name": config.names[p]}
            if kind == HUMAN:
                seat["token"] = room.tokens[p]
                seat["url"] = f"/table/{room.game_id}#token={room.tokens[p]}"
            seats.append(seat)
        return {"id": room.game_id, "seats": seats, "watch_url": f"/table/{room.game_id}#watch"}

    @app.get("/api/tables/{game_id}")
    def table_summary(game_id: str) -> dict[str, Any]:
        room = tables.get(game_id)
        cfg = room.game.config
        return {
            "id": game_id,
            "ruleset": cfg.ruleset,
            "names": list(cfg.names),
            "seats": list(cfg.seats),
            "connected": [bool(room.sockets.get(p)) for p in range(PLAYERS)],
            "watching": len(room.sockets.get(SPECTATOR, ())),
            **room.game.summary(),
        }

    @app.websocket("/ws/tables/{game_id}")
    async def table_socket(websocket: WebSocket, game_id: str) -> None:
        token = websocket.query_params.get("token", "")
        watching = not token and websocket.query_params.get("watch") is not None
        # Accept, then close with a code the page can explain (a refused handshake can't).
        await websocket.accept()
        origin = websocket.headers.get("origin")
        if not origin_allowed(origin, websocket.headers.get("host"), limits.allowed_origins):
            await websocket.close(code=OTHER_SITE, reason="a page of another site")
            return
        try:
            room = tables.get(game_id)
        except HTTPException as err:
            if err.status_code == 410:
                await websocket.close(code=ABANDONED_TABLE, reason="closed as abandoned")
                return
            room = None
        if room is None:
            await websocket.close(code=NO_TABLE, reason="no such table")
            return
        player = room.player_of(token) if SEAT_TOKEN.fullmatch(token) else None
        if watching:
            player = SPECTATOR
            if len(room.sockets.get(SPECTATOR, ())) >= limits.spectators_per_table:
                await websocket.close(code=WATCHERS_FULL, reason="as many watch as may")
                return
        if player is None or (player != SPECTATOR and room.game.config.seats[player] != HUMAN):
            await websocket.close(code=NOT_A_SEAT, reason="not a seat token of this table")
            return
        room.sockets.setdefault(player, set()).add(websocket)
        flood = Flood(limits)
        try:
            await websocket.send_json(_state_message(room, player))
            _schedule_timeout(room, tables)  # a resumed table's open window times out too
            while True:
                frame = await websocket.receive()
                if frame["type"] == "websocket.disconnect":
                    break
                admitted = flood.admit()
                if admitted is None:
                    await websocket.close(code=FLOODED, reason="too many messages")
                    break
                if admitted:
                    reply = await _answer(room, player, frame, tables, limits)
                else:
                    reply = _error(
                        "rate_limited",
                        f"at most {limits.messages_per_second:g} messages a second: "
                        "this one was not read",
                    )
                if reply is not None:
                    await websocket.send_json(reply)
        except WebSocketDisconnect:
            pass
        finally:
            room.sockets.get(player, set()).discard(websocket)

    # -- stored games -----------------------------------------------------------------
    @app.get("/api/games")
    def list_games() -> list[dict[str, Any]]:
        return store.list_games()

    @app.get("/api/games/{game_id}/record")
    def game_record(game_id: str) -> dict[str, Any]:
        return tables.peek(game_id).record()

    @app.get("/api/games/{game_id}/replay/{hand}")
    def game_replay(game_id: str, hand: int) -> dict[str, Any]:
        game = tables.peek(game_id)
        if not 0 <= hand < len(game.hands):
            raise HTTPException(404, f"hand {hand} is not finished (finished: {len(game.hands)})")
        return _replay_frames(game, hand)

    # -- reviews of stored games (mahjongkit.web.reviews) ----------------------------
    @app.post("/api/games/{game_id}/reviews", response_model=ReviewStatus)
    def start_review(game_id: str, body: JsonBody, request: Request) -> ReviewStatus:
        """Review a player's decisions in the game's finished hands: the review stored,
        the one under way, or a new one started in the background."""
        asked = read(REVIEW_REQUEST, body)
        samples = limits.review_samples if asked.samples is None else asked.samples
        if samples > limits.review_samples_max:
            raise Refusal(
                "invalid_field",
                f"samples: at most {limits.review_samples_max} a decision on this server",
            )
        game = tables.peek(game_id)
        if not game.hands:
            raise Refusal("nothing_to_review", f"game {game_id!r} has no finished hand yet")
        player = first_person(game) if asked.player is None else asked.player
        hands = player_hands(game, player)
        return reviews.start(game_id, player, hands, samples=samples, client=client_of(request))

    @app.get("/api/games/{game_id}/reviews/{player}", response_model=ReviewStatus)
    def review_status(
        game_id: str, player: Annotated[int, Path(ge=0, le=PLAYERS - 1)]
    ) -> ReviewStatus:
        """A review's progress (decisions done of all), and the review once done."""
        found = reviews.status(game_id, player)
        if found is None:
            tables.peek(game_id)  # no such game: not_found
            raise Refusal(
                "review_not_started",
                f"no review of player {player} in game {game_id!r}: ask for one "
                f"(POST /api/games/{game_id}/reviews)",
            )
        return found

    # -- club scoresheets -------------------------------------------------------------
    def sheet_row(sheet_id: str) -> dict[str, Any]:
        row = store.load_sheet(sheet_id) if len(sheet_id) <= 32 else None
        if row is None:
            raise Refusal("not_found", f"no scoresheet {sheet_id[:32]!r}")
        return row

    def owned_row(sheet_id: str, request: Request) -> dict[str, Any]:
        """The sheet, if the request holds its owner token (`SHEET_TOKEN_HEADER`)."""
        row = sheet_row(sheet_id)
        token = request.headers.get(SHEET_TOKEN_HEADER)
        if row["owner"] is None:
            raise Refusal(
                "sheet_unclaimed",
                "this sheet was stored before sheets had owners: claim it first "
                f"(POST /api/sheets/{sheet_id}/claim)",
            )
        if not token:
            raise Refusal(
                "sheet_token_required",
                f"only the sheet's owner may change it: send its token in {SHEET_TOKEN_HEADER}",
            )
        if not sheets.holds(row["owner"], token):
            raise Refusal("wrong_sheet_token", "that is not this sheet's owner token")
        return row

    def rebuilt(row: dict[str, Any], lines: list[dict[str, Any]]) -> sheets.Rebuilt:
        try:
            return sheets.rebuild(row["ruleset"], row["players"], lines)
        except MahjongError as err:  # e.g. a house-rules file this server was not given
            raise Refusal("cannot_rebuild", f"the sheet cannot be read: {err}") from None

    def shown(sheet_id: str, row: dict[str, Any], done: sheets.Rebuilt) -> dict[str, Any]:
        return {
            "id": sheet_id,
            "owned": row["owner"] is not None,
            "ignored": done.ignored,
            **sheets.sheet_json(done.sheet, done.lines),
        }

    @app.post("/api/sheets")
    def create_sheet(body: JsonBody) -> dict[str, Any]:
        request = read(SHEET_REQUEST, body)
        try:
            sheet = sheets.new_sheet(request)
        except MahjongError as err:
            raise Refusal("refused", str(err)) from None
        sheet_id = secrets.token_hex(12)
        token = sheets.new_token()
        store.save_sheet(
            sheet_id, sheet.ruleset.name, list(sheet.players), [], sheets.token_digest(token)
        )
        row = {"owner": token}
        return {"token": token, **shown(sheet_id, row, sheets.Rebuilt(sheet, [], []))}

    @app.get("/api/sheets")
    def list_sheets(request: Request) -> list[dict[str, Any]]:
        """The sheets whose owner tokens the request presents (comma-separated in
        `SHEET_TOKEN_HEADER`): there is no list of everyone's sheets."""
        presented = request.headers.get(SHEET_TOKEN_HEADER, "")
        tokens = [t.strip() for t in presented.split(",") if t.strip()]
        if len(tokens) > MAX_SHEET_TOKENS:
            raise Refusal("too_many_tokens", f"present at most {MAX_SHEET_TOKENS} tokens")
        if not tokens:
            return []
        return store.list_sheets({sheets.token_digest(t) for t in tokens})

    @app.get("/api/sheets/{sheet_id}")
    def get_sheet(sheet_id: str) -> dict[str, Any]:
        row = sheet_row(sheet_id)
        return shown(sheet_id, row, rebuilt(row, row["lines"]))

    @app.post("/api/sheets/{sheet_id}/claim")
    def claim_sheet(sheet_id: str, body: JsonBody) -> dict[str, Any]:
        """A sheet stored before sheets had owners gets one: the first to claim it."""
        sheet_row(sheet_id)
        token = sheets.new_token()
        if not store.claim_sheet(sheet_id, sheets.token_digest(token)):
            raise Refusal("sheet_owned", "this sheet has an owner already")
        row = sheet_row(sheet_id)
        return {"token": token, **shown(sheet_id, row, rebuilt(row, row["lines"]))}

    @app.post("/api/sheets/{sheet_id}/lines")
    def add_line(sheet_id: str, body: JsonBody, request: Request) -> dict[str, Any]:
        row = owned_row(sheet_id, request)
        line = read(SHEET_LINE, body)
        done = rebuilt(row, row["lines"])
        if line.lines_seen is not None and line.lines_seen != len(done.lines):
            raise Refusal(
                "sheet_changed",
                f"the sheet has {len(done.lines)} lines, not the {line.lines_seen} this line "
                "was added after (sent twice, or changed elsewhere): look at it again",
            )
        try:
            entry = sheets.add_line(done.sheet, line)
        except MahjongError as err:
            raise Refusal("refused", str(err)) from None
        lines = [*row["lines"], entry]
        store.save_sheet(sheet_id, row["ruleset"], row["players"], lines)
        return shown(sheet_id, row, sheets.Rebuilt(done.sheet, [*done.lines, entry], done.ignored))

    @app.post("/api/sheets/{sheet_id}/undo")
    def undo_line(sheet_id: str, request: Request) -> dict[str, Any]:
        row = owned_row(sheet_id, request)
        if not row["lines"]:
            raise Refusal("nothing_to_undo", "the sheet has no line to undo")
        lines = row["lines"][:-1]
        store.save_sheet(sheet_id, row["ruleset"], row["players"], lines)
        return shown(sheet_id, row, rebuilt(row, lines))

    @app.get("/api/sheets/{sheet_id}/export.csv")
    def sheet_csv(sheet_id: str) -> Response:
        row = sheet_row(sheet_id)
        return PlainTextResponse(
            rebuilt(row, row["lines"]).sheet.to_csv(),
            media_type="text/csv",
            headers={"Content-Disposition": f'attachment; filename="scoresheet-{sheet_id}.csv"'},
        )

    @app.get("/api/sheets/{sheet_id}/export.json")
    def sheet_export(sheet_id: str) -> Response:
        row = sheet_row(sheet_id)
        return JSONResponse(
            rebuilt(row, row["lines"]).sheet.to_json(),
            headers={"Content-Disposition": f'attachment; filename="scoresheet-{sheet_id}.json"'},
        )

    return app


def _table_config(request: TableRequest, chosen_seeds: bool) -> TableConfig:
    """A new table's configuration from a request (read strictly by `TableRequest`): a
    blank name is the player's own, not a wind (`default_names`), the seed is the
    server's own unless the server lets players choose it."""
    default = TableConfig(get_ruleset(request.ruleset).name)
    chosen_seed = request.seed is not None and chosen_seeds
    seed = request.seed if chosen_seed and request.seed is not None else secrets.randbits(63)
    seats = tuple(request.seats) if request.seats is not None else default.seats
    # Help with your hand: on against bots, off among people, unless the request says.
    help = request.help if request.help is not None else any(s != HUMAN for s in seats)
    return TableConfig(
        default.ruleset,
        seed,
        seats,
        default_names(seats, request.names),
        request.hands,
        default.claim_timeout if request.claim_timeout is None else request.claim_timeout,
        default.turn_timeout if request.turn_timeout is None else request.turn_timeout,
        # Each hand's wall from its own secret seed, committed to before the deal;
        # derived from a chosen seed, still committed to (mahjongkit.game.fairness).
        "derived" if chosen_seed else "secret",
        help,
    )


def _state_message(room: Room, player: int) -> dict[str, Any]:
    return {"type": "state", "table": room.game_id, "view": room.game.view(player)}


def _error(code: str, message: str) -> dict[str, Any]:
    """A table socket's refusal (the socket stays open)."""
    return {"type": "error", "code": code, "message": message}


async def _answer(
    room: Room, player: int, frame: Mapping[str, Any], tables: Tables, limits: Limits
) -> dict[str, Any] | None:
    """The reply to one frame a player or spectator sent: read within the limits, then
    done (`_handle`). Nothing in a frame closes the socket."""
    text = frame.get("text")
    if text is None:
        return _error("not_text", "send each message as JSON text, not binary")
    if len(text) > limits.message_bytes or len(text.encode()) > limits.message_bytes:
        return _error("message_too_large", f"a message is at most {limits.message_bytes} bytes")
    message = parse(TABLE_MESSAGE, text)
    if isinstance(message, Refusal):
        return _error(message.code, message.message)
    try:
        return await _handle(room, player, message, tables)
    except Exception:  # a fault of the server's own: the player's socket carries on
        log.exception("table %s: a message failed", room.game_id)
        return _error("server_error", "the server failed to do that; the table is as it was")


async def _handle(
    room: Room, player: int, message: Message, tables: Tables
) -> dict[str, Any] | None:
    """Do what a player's message asks; the reply to send them (errors), if any."""
    if isinstance(message, PingMessage):
        return {"type": "pong"}
    if isinstance(message, StateMessage):
        return _state_message(room, player)
    if player == SPECTATOR:
        return _error("spectator", "a spectator watches: only 'state' and 'ping'")
    async with room.lock:
        try:
            if isinstance(message, ActionMessage):
                if message.action is not None:
                    action = Action.parse(message.action)
                else:
                    action = Action.from_index(message.index or 0)
                tables.commit(room, lambda game: game.act(player, action))
            else:
                tables.commit(room, TableGame.next_hand)
        except NotSaved as err:
            return _error("not_saved", f"{err}: try again")
        except MahjongError as err:
            return _error("refused", str(err))
    await broadcast(room, tables)
    return None


async def broadcast(room: Room, tables: Tables) -> None:
    """Send each connected player their view, then the spectators theirs; (re)start the
    timer of the decision asked.

    Each distinct view is made and written once, from the game as it is at the call (a
    stored state: see `Tables.commit`). The players are sent theirs first; the
    spectators are sent the latest view by the room's own task, a batch at a time, so
    however many watch, the players are not kept waiting. A socket that does not take a
    message within ``send_timeout`` is dropped, not waited for."""
    sends = []
    for player, sockets in list(room.sockets.items()):
        if player != SPECTATOR and sockets:
            text = _dumps(_state_message(room, player))
            sends += [_send(room, player, ws, text, tables.send_timeout) for ws in list(sockets)]
    if room.sockets.get(SPECTATOR):
        room.watched = _dumps(_state_message(room, SPECTATOR))
        if room.watchers_task is None or room.watchers_task.done():
            room.watchers_task = asyncio.create_task(_send_watchers(room, tables.send_timeout))
    _schedule_timeout(room, tables)
    await asyncio.gather(*sends)


def _dumps(message: dict[str, Any]) -> str:
    """A message as sent (as Starlette's ``send_json`` writes it)."""
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


async def _send(room: Room, player: int, ws: WebSocket, text: str, timeout: float) -> None:
    """Send ``text``; a socket closed, or too slow to take it, is forgotten and closed."""
    try:
        await asyncio.wait_for(ws.send_text(text), timeout)
    except Exception:
        room.sockets.get(player, set()).discard(ws)
        task = asyncio.create_task(_close(ws, timeout))
        room.closing.add(task)
        task.add_done_callback(room.closing.discard)


async def _close(ws: WebSocket, timeout: float) -> None:
    with contextlib.suppress(Exception):
        await asyncio.wait_for(ws.close(code=1008, reason="too slow to follow the table"), timeout)


async def _send_watchers(room: Room, timeout: float) -> None:
    """Send the spectators the latest view until they all have it (a spectator may miss
    a view that a newer one replaced: each view is the whole table)."""
    sent = ""
    while room.watched is not sent:
        sent = room.watched
        watchers = list(room.sockets.get(SPECTATOR, ()))
        for i in range(0, len(watchers), SPECTATOR_BATCH):
            batch = watchers[i : i + SPECTATOR_BATCH]
            await asyncio.gather(*(_send(room, SPECTATOR, ws, sent, timeout) for ws in batch))


def _schedule_timeout(room: Room, tables: Tables) -> None:
    game = room.game
    if room.timer is not None and not room.timer.done():
        if room.timer.get_name() == repr(game.decision_key):
            return
        room.timer.cancel()
        room.timer = None
    seconds = game.timeout
    if seconds is not None:
        key = game.decision_key
        room.timer = asyncio.create_task(_expire(room, tables, key, seconds), name=repr(key))


async def _expire(room: Room, tables: Tables, key: tuple[int, int], seconds: float) -> None:
    """The decision of ``key`` runs out of time: stored, then shown. If the store
    refuses, the decision stays open and its time starts again."""
    await asyncio.sleep(seconds)
    async with room.lock:
        try:
            changed = tables.commit(room, lambda game: game.time_out(key))
        except (NotSaved, TableError):
            changed = False
            room.timer = None
            _schedule_timeout(room, tables)
    if changed:
        room.timer = None
        with contextlib.suppress(Exception):
            await broadcast(room, tables)


def _replay_move(event: Event, player_at: Callable[[int], int]) -> dict[str, Any]:
    """An event of a replay as the page narrates it in the reader's language: its kind, the
    player, the tile, the player a claimed tile or a won discard came from, a Ting."""
    giver: int | None = None
    if event.kind in (EventKind.PUNG, EventKind.KONG):
        giver = player_at(event.detail & 3)
    elif event.kind is EventKind.CHOW:
        giver = player_at((event.seat - 1) % PLAYERS)  # a chow is from the left
    elif event.kind is EventKind.WIN and (event.detail & 3) != event.seat:
        giver = player_at(event.detail & 3)
    return {
        "kind": event.kind.value,
        "player": player_at(event.seat) if event.seat >= 0 else None,
        "tile": NAMES[event.tile] if event.tile >= 0 else None,
        "from": giver,
        "ting": event.kind is EventKind.DISCARD and event.detail == 1,
    }


def _replay_frames(game: TableGame, hand: int) -> dict[str, Any]:
    """Every step of a finished hand with all the tiles shown (the hand is over).

    Players are named as at the table, with their wind (``"Ann (E) discard 5p"``); each
    frame's ``actor`` is the table position that acted. Step 0 is the deal: its events
    leave out the tiles dealt one by one (the hands are in ``players``) and keep the
    flowers set aside and replaced. ``wins`` gives each winner's hand and the fans it
    scored, from the record's result."""
    match_hand = game.hands[hand]
    record: HandRecord = match_hand.record
    deal = match_hand.deal
    names = game.config.names
    frames = []
    seen = 0
    steps = [(-1, -1), *record.actions]
    for (seat, index), state in zip(steps, replay_states(record), strict=False):
        # Each player named as at the table, the seat wind beside the name; the deal's
        # tiles are in ``players``, not a line each.
        events = [
            event_line(e, lambda s: names[deal.player_at(s)])
            for e in state.events[seen:]
            if e.kind is not EventKind.DEAL
        ]
        moves = [
            _replay_move(e, deal.player_at)
            for e in state.events[seen:]
            if e.kind is not EventKind.DEAL
        ]
        seen = len(state.events)
        action = None if seat < 0 else f"{'ESWN'[seat]} {Action.from_index(index)}"
        frames.append(
            {
                "action": action and named(action, names[deal.player_at(seat)]),
                "actor": None if seat < 0 else deal.player_at(seat),
                "events": events,
                "moves": moves,
                "players": _full_view(state, deal.player_at),
                "wall_live": max(state.wall.live, 0),
                "ended": state.result is not None,
            }
        )
    result = record.result
    known = {i.name: i.chinese for i in catalogue_of(game.ruleset.scoring.family).items}
    wins = []
    for win in result.get("scores", []):
        wins.append(
            {
                "player": deal.player_at(win["seat"]),
                "hand": win["hand"],
                "total": win["total"],
                "items": [
                    {"name": name, "names": item_names(name, known.get(name, "")), "points": points}
                    for name, points in win["items"]
                ],
                "self_drawn": result.get("discarder") is None,
                "discarder": (
                    None if result.get("discarder") is None else deal.player_at(result["discarder"])
                ),
            }
        )
    return {
        "hand": hand,
        "round": deal.label(),
        "names": list(names),
        "winds": ["ESWN"[deal.seat_of(p)] for p in range(PLAYERS)],
        "dealer": deal.player_at(0),
        "frames": frames,
        "result": result,
        "wins": wins,
        "minimum": game.ruleset.scoring.minimum_points,
        "unit": game.ruleset.scoring.unit,
        "payments": [p.to_json() for p in match_hand.money.payments],
        "scores_after": list(match_hand.scores_after),
        "fairness": game.wall_proof(hand),  # the wall's commitment, checked (docs/fairness.md)
    }


def _full_view(state: HandState, player_at: Callable[[int], int]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = [{} for _ in range(PLAYERS)]
    for seat in range(PLAYERS):
        out[player_at(seat)] = {
            "wind": "ESWN"[seat],
            "concealed": [NAMES[t] for t in counts_to_tiles(state.concealed[seat])],
            "melds": [str(m) for m in state.melds[seat]],
            "flowers": [NAMES[f] for f in state.flowers[seat]],
            "discards": [NAMES[t] for t in state.discards[seat]],
        }
    return out


__all__ = ["NotSaved", "Room", "Tables", "broadcast", "create_app", "tile_images"]
