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
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from fastapi import FastAPI, HTTPException, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from fastapi.staticfiles import StaticFiles

from mahjongkit.bots import BOTS
from mahjongkit.errors import MahjongError
from mahjongkit.game.actions import Action
from mahjongkit.game.record import HandRecord, replay_states
from mahjongkit.game.state import HandState
from mahjongkit.money.settlement import PLAYERS
from mahjongkit.rules.ruleset import get_ruleset, ruleset_names
from mahjongkit.svg import tile_svg
from mahjongkit.tiles import NAMES, NUM_TILES, counts_to_tiles
from mahjongkit.web import sheets
from mahjongkit.web.store import Store
from mahjongkit.web.table import HUMAN, SPECTATOR, TableConfig, TableError, TableGame

STATIC = Path(__file__).parent / "static"
PAGES = {
    "table": "table.html",
    "scorer": "scorer.html",
    "scoresheet": "scoresheet.html",
    "history": "history.html",
    "replay": "replay.html",
}


@dataclass
class Room:
    """A table in memory: the game, the seat tokens and the players connected."""

    game_id: str
    game: TableGame
    tokens: list[str]
    sockets: dict[int, set[WebSocket]] = field(default_factory=dict)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    timer: asyncio.Task[None] | None = None

    def player_of(self, token: str) -> int | None:
        """The player holding ``token`` (compared in constant time)."""
        for p, t in enumerate(self.tokens):
            if secrets.compare_digest(t, token):
                return p
        return None


class Tables:
    """The tables of one server: in memory while in use, always in the store."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.rooms: dict[str, Room] = {}

    def create(self, config: TableConfig) -> Room:
        """A new table, stored."""
        game_id = secrets.token_hex(6)
        tokens = [secrets.token_urlsafe(16) for _ in range(PLAYERS)]
        game = TableGame(config)
        self.store.create_game(
            game_id, config.to_json(), {str(p): t for p, t in enumerate(tokens)}, game.summary()
        )
        room = Room(game_id, game, tokens)
        self.rooms[game_id] = room
        self.save(room)
        return room

    def get(self, game_id: str) -> Room:
        """The table, resumed from the store if it is not in memory."""
        room = self.rooms.get(game_id)
        if room is not None:
            return room
        row = self.store.load_game(game_id)
        if row is None:
            raise HTTPException(404, f"no table {game_id!r}")
        try:
            game = TableGame(TableConfig.from_json(row["config"]), row["log"])
        except MahjongError as err:  # e.g. a house-rules file this server was not given
            raise HTTPException(409, f"table {game_id!r} cannot be resumed: {err}") from None
        tokens = [row["tokens"][str(p)] for p in range(PLAYERS)]
        room = Room(game_id, game, tokens)
        self.rooms[game_id] = room
        return room

    def save(self, room: Room) -> None:
        """Store the table's decisions so far."""
        game = room.game
        self.store.save_game(room.game_id, game.stored_log, game.summary(), game.over)


def tile_images() -> dict[str, str]:
    """Every tile's SVG by its notation, and the back as ``back``."""
    images = {NAMES[t]: tile_svg(t) for t in range(NUM_TILES)}
    images["back"] = tile_svg(0, back=True)
    return images


def create_app(store: Store, *, chosen_seeds: bool = False) -> FastAPI:
    """The app over ``store`` (migrated by the caller).

    ``chosen_seeds`` lets a new table's request name its seed (for tests and
    reproductions); otherwise every table gets a secret random seed, since whoever knows
    the seed knows the walls."""
    app = FastAPI(title="mahjongkit", docs_url="/api/docs", redoc_url=None)
    tables = Tables(store)
    app.state.tables = tables
    app.state.store = store
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    # -- pages ------------------------------------------------------------------------
    def page(name: str) -> FileResponse:
        return FileResponse(STATIC / PAGES[name], media_type="text/html")

    @app.get("/", include_in_schema=False)
    def index() -> FileResponse:
        return page("table")

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
                    "uses_flowers": r.uses_flowers,
                }
            )
        return out

    @app.get("/api/bots")
    def bots() -> list[str]:
        return sorted(BOTS)

    # -- scoring ----------------------------------------------------------------------
    @app.post("/api/score")
    def score_hand(body: dict[str, Any]) -> dict[str, Any]:
        try:
            return sheets.score_breakdown(body)
        except (MahjongError, ValueError, TypeError, KeyError) as err:
            raise HTTPException(400, str(err)) from None

    # -- tables -----------------------------------------------------------------------
    @app.post("/api/tables")
    def create_table(body: dict[str, Any]) -> dict[str, Any]:
        try:
            config = _table_config(body, chosen_seeds)
        except (MahjongError, ValueError, TypeError, KeyError) as err:
            raise HTTPException(400, str(err)) from None
        room = tables.create(config)
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
        try:
            room = tables.get(game_id)
        except HTTPException:
            room = None
        player = room.player_of(token) if room is not None and token else None
        if watching:
            player = SPECTATOR
        # Accept, then close with a code the page can explain (a refused handshake can't).
        await websocket.accept()
        if room is None:
            await websocket.close(code=4404, reason="no such table")
            return
        if player is None or (player != SPECTATOR and room.game.config.seats[player] != HUMAN):
            await websocket.close(code=4403, reason="not a seat token of this table")
            return
        room.sockets.setdefault(player, set()).add(websocket)
        try:
            await websocket.send_json(_state_message(room, player))
            _schedule_timeout(room, tables)  # a resumed table's open window times out too
            while True:
                try:
                    message = await websocket.receive_json()
                except (ValueError, KeyError):
                    await websocket.send_json({"type": "error", "message": "send JSON objects"})
                    continue
                reply = await _handle(room, player, message, tables)
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
        return tables.get(game_id).game.record()

    @app.get("/api/games/{game_id}/replay/{hand}")
    def game_replay(game_id: str, hand: int) -> dict[str, Any]:
        game = tables.get(game_id).game
        if not 0 <= hand < len(game.hands):
            raise HTTPException(404, f"hand {hand} is not finished (finished: {len(game.hands)})")
        return _replay_frames(game, hand)

    # -- club scoresheets -------------------------------------------------------------
    @app.post("/api/sheets")
    def create_sheet(body: dict[str, Any]) -> dict[str, Any]:
        try:
            sheet = sheets.new_sheet(body)
        except (MahjongError, ValueError, TypeError, KeyError) as err:
            raise HTTPException(400, str(err)) from None
        sheet_id = secrets.token_hex(6)
        store.save_sheet(sheet_id, sheet.ruleset.name, list(sheet.players), [])
        return {"id": sheet_id, **sheets.sheet_json(sheet, [])}

    @app.get("/api/sheets")
    def list_sheets() -> list[dict[str, Any]]:
        return store.list_sheets()

    def load_sheet(sheet_id: str) -> dict[str, Any]:
        row = store.load_sheet(sheet_id)
        if row is None:
            raise HTTPException(404, f"no scoresheet {sheet_id!r}")
        return row

    @app.get("/api/sheets/{sheet_id}")
    def get_sheet(sheet_id: str) -> dict[str, Any]:
        row = load_sheet(sheet_id)
        sheet = sheets.rebuild(row["ruleset"], row["players"], row["lines"])
        return {"id": sheet_id, **sheets.sheet_json(sheet, row["lines"])}

    @app.post("/api/sheets/{sheet_id}/lines")
    def add_line(sheet_id: str, body: dict[str, Any]) -> dict[str, Any]:
        row = load_sheet(sheet_id)
        sheet = sheets.rebuild(row["ruleset"], row["players"], row["lines"])
        try:
            entry = sheets.add_line(sheet, body)
        except (MahjongError, ValueError, TypeError, KeyError) as err:
            raise HTTPException(400, str(err)) from None
        lines = [*row["lines"], entry]
        store.save_sheet(sheet_id, row["ruleset"], row["players"], lines)
        return {"id": sheet_id, **sheets.sheet_json(sheet, lines)}

    @app.post("/api/sheets/{sheet_id}/undo")
    def undo_line(sheet_id: str) -> dict[str, Any]:
        row = load_sheet(sheet_id)
        if not row["lines"]:
            raise HTTPException(400, "nothing to undo")
        lines = row["lines"][:-1]
        store.save_sheet(sheet_id, row["ruleset"], row["players"], lines)
        sheet = sheets.rebuild(row["ruleset"], row["players"], lines)
        return {"id": sheet_id, **sheets.sheet_json(sheet, lines)}

    @app.get("/api/sheets/{sheet_id}/export.csv")
    def sheet_csv(sheet_id: str) -> Response:
        row = load_sheet(sheet_id)
        sheet = sheets.rebuild(row["ruleset"], row["players"], row["lines"])
        return PlainTextResponse(
            sheet.to_csv(),
            media_type="text/csv",
            headers={"Content-Disposition": f'attachment; filename="scoresheet-{sheet_id}.csv"'},
        )

    @app.get("/api/sheets/{sheet_id}/export.json")
    def sheet_export(sheet_id: str) -> Response:
        row = load_sheet(sheet_id)
        sheet = sheets.rebuild(row["ruleset"], row["players"], row["lines"])
        return JSONResponse(
            sheet.to_json(),
            headers={"Content-Disposition": f'attachment; filename="scoresheet-{sheet_id}.json"'},
        )

    return app


def _table_config(body: dict[str, Any], chosen_seeds: bool) -> TableConfig:
    """A new table's configuration from a request: blank names take the seat's wind, the
    seed is the server's own unless the server lets players choose it."""
    names = body.get("names") or []
    names = [
        str(names[p]).strip()[:24] if p < len(names) and str(names[p]).strip() else default
        for p, default in enumerate(("East", "South", "West", "North"))
    ]
    seed = body.get("seed")
    chosen_seed = seed is not None and chosen_seeds
    chosen = ("seats", "hands", "claim_timeout", "turn_timeout")
    settings = {k: body[k] for k in chosen if k in body}
    return TableConfig.from_json(
        {
            **settings,
            "ruleset": get_ruleset(str(body.get("ruleset", "mcr"))).name,
            "seed": seed if chosen_seed else secrets.randbits(63),
            # Each hand's wall from its own secret seed, committed to before the deal;
            # derived from a chosen seed, still committed to (mahjongkit.game.fairness).
            "walls": "derived" if chosen_seed else "secret",
            "names": names,
        }
    )


def _state_message(room: Room, player: int) -> dict[str, Any]:
    return {"type": "state", "table": room.game_id, "view": room.game.view(player)}


async def _handle(room: Room, player: int, message: Any, tables: Tables) -> dict[str, Any] | None:
    """Do what a player's message asks; the reply to send them (errors), if any."""
    if not isinstance(message, dict):
        return {"type": "error", "message": "a message is a JSON object with a 'type'"}
    kind = message.get("type")
    if kind == "ping":
        return {"type": "pong"}
    if kind == "state":
        return _state_message(room, player)
    if player == SPECTATOR:
        return {"type": "error", "message": "a spectator watches: only 'state' and 'ping'"}
    async with room.lock:
        game = room.game
        try:
            if kind == "action":
                text = message.get("action")
                index = message.get("index")
                if isinstance(text, str):
                    action = Action.parse(text)
                elif isinstance(index, int) and not isinstance(index, bool):
                    action = Action.from_index(index)
                else:
                    raise TableError("an action message needs 'action' (notation) or 'index'")
                game.act(player, action)
            elif kind == "next":
                game.next_hand()
            else:
                raise TableError(f"unknown message type {kind!r}")
        except MahjongError as err:
            return {"type": "error", "message": str(err)}
        tables.save(room)
    await broadcast(room, tables)
    return None


async def broadcast(room: Room, tables: Tables) -> None:
    """Send each connected player their view; (re)start the timer of the decision asked."""
    for player, sockets in list(room.sockets.items()):
        message = _state_message(room, player)
        for ws in list(sockets):
            try:
                await ws.send_json(message)
            except Exception:  # a socket that closed while we sent: forget it
                sockets.discard(ws)
    _schedule_timeout(room, tables)


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
    await asyncio.sleep(seconds)
    async with room.lock:
        changed = room.game.time_out(key)
        if changed:
            tables.save(room)
    if changed:
        room.timer = None
        with contextlib.suppress(Exception):
            await broadcast(room, tables)


def _replay_frames(game: TableGame, hand: int) -> dict[str, Any]:
    """Every step of a finished hand with all the tiles shown (the hand is over)."""
    match_hand = game.hands[hand]
    record: HandRecord = match_hand.record
    deal = match_hand.deal
    frames = []
    seen = 0
    steps = [(-1, -1), *record.actions]
    for (seat, index), state in zip(steps, replay_states(record), strict=False):
        events = [str(e) for e in state.events[seen:]]
        seen = len(state.events)
        frames.append(
            {
                "action": None if seat < 0 else f"{'ESWN'[seat]} {Action.from_index(index)}",
                "events": events,
                "players": _full_view(state, deal.player_at),
                "wall_live": max(state.wall.live, 0),
                "ended": state.result is not None,
            }
        )
    return {
        "hand": hand,
        "round": deal.label(),
        "names": list(game.config.names),
        "winds": ["ESWN"[deal.seat_of(p)] for p in range(PLAYERS)],
        "frames": frames,
        "result": game.hands[hand].record.result,
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


__all__ = ["Room", "Tables", "broadcast", "create_app", "tile_images"]
