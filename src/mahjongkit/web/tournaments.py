"""Tournament events at the web table: the organiser's pages and the JSON API behind them.

An event is created with a name, ruleset, rounds and tie rule; the answer carries its
organiser token, which every change must send in `EVENT_TOKEN_HEADER` (anyone with the
event's address reads it: seating, results, standings, exports). A table's result is
typed (final scores), taken from a club scoresheet kept hand by hand (the table's sheet,
made with its four names), or from a game played at the web table (linked by its id).
Refusals are `Refusal`\\ s with the event rules' stable codes (`events.EventError`).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Header, Request, Response
from fastapi.responses import FileResponse, JSONResponse, PlainTextResponse
from pydantic import BaseModel, ConfigDict, Field

from mahjongkit.errors import MahjongError
from mahjongkit.rules.ruleset import get_ruleset
from mahjongkit.tournament import exports, results, seated
from mahjongkit.tournament.events import MAX_ROUNDS, Event, EventError
from mahjongkit.tournament.standings import history, standings_json
from mahjongkit.web import sheets
from mahjongkit.web.models import Refusal
from mahjongkit.web.store import FINISHED, Store

STATIC = Path(__file__).parent / "static"
EVENT_TOKEN_HEADER = "X-Event-Token"
"""The header carrying an event's organiser token (a header: a form on another site
cannot send it)."""

router = APIRouter()
Token = Annotated[str | None, Header(alias=EVENT_TOKEN_HEADER)]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class EventRequest(_Model):
    """A new event."""

    name: str = Field(min_length=1, max_length=120)
    ruleset: str = Field(default="mcr", max_length=64)
    rounds: int = Field(ge=1, le=MAX_ROUNDS)
    session_minutes: int | None = Field(default=None, ge=1, le=1000)
    session_hands: int | None = Field(default=None, ge=1, le=1000)
    tie_rule: Literal["shared", "best_game", "head_to_head"] = "shared"


class PlayerRequest(_Model):
    """A player to register."""

    name: str = Field(min_length=1, max_length=80)
    club: str = Field(default="", max_length=80)
    ema_id: str = Field(default="", max_length=20)
    substitute: bool = False


class SeatingRequest(_Model):
    """Seat every round: with the generator (``seed``), or as typed (``text``: a round a
    line, tables split by ``|``), or as rounds of tables of player numbers."""

    seed: int | None = Field(default=None, ge=0, le=2**31)
    text: str | None = Field(default=None, max_length=20_000)
    rounds: list[list[list[int]]] | None = Field(default=None, max_length=MAX_ROUNDS)


class AbsentRequest(_Model):
    """An absentee and the substitute taking their seat in a round."""

    absent: int
    substitute: int


class PenaltyRequest(_Model):
    """A penalty: a seat (0-3, E S W N), points taken, a reason, table points taken."""

    seat: int = Field(ge=0, le=3)
    points: int = Field(default=0, ge=0, le=10**6)
    reason: str = Field(min_length=1, max_length=200)
    table_points: float = Field(default=0, ge=0, le=7)


class ResultRequest(_Model):
    """A table's final scores by seat (E S W N), and penalties given."""

    scores: list[int] = Field(min_length=4, max_length=4)
    penalties: list[PenaltyRequest] = Field(default_factory=list, max_length=20)


class GameLink(_Model):
    """A web table game whose result fills the table's scores."""

    game: str = Field(min_length=1, max_length=32)


def _store(request: Request) -> Store:
    store: Store = request.app.state.store
    return store


def _row(request: Request, event_id: str) -> dict[str, Any]:
    row = _store(request).load_event(event_id) if len(event_id) <= 32 else None
    if row is None:
        raise Refusal("not_found", f"no event {event_id[:32]!r}")
    return row


def _event(row: dict[str, Any]) -> Event:
    try:
        return Event.from_json(row["data"])
    except (MahjongError, KeyError, TypeError, ValueError) as err:
        raise Refusal("cannot_read_event", f"the event cannot be read: {err}") from None


def _refused(err: MahjongError) -> Refusal:
    return Refusal(getattr(err, "code", "refused"), str(err))


def _change(
    request: Request, event_id: str, token: str | None, change: Callable[[Event], Any]
) -> dict[str, Any]:
    """Apply ``change`` to the event if ``token`` is its organiser's; store it; answer the
    event as `shown`."""
    row = _row(request, event_id)
    if not token:
        raise Refusal(
            "event_token_required",
            f"only the event's organiser may change it: send its token in {EVENT_TOKEN_HEADER}",
        )
    if not sheets.holds(row["owner"], token):
        raise Refusal("wrong_event_token", "that is not this event's organiser token")
    event = _event(row)
    try:
        change(event)
    except EventError as err:
        raise _refused(err) from None
    if not _store(request).save_event(event.id, event.name, event.to_json(), seen=row["updated"]):
        raise Refusal(
            "event_changed",
            "the event changed while this change was made (another tab or device): "
            "look at it again and repeat the change",
        )
    return shown(event)


def shown(event: Event) -> dict[str, Any]:
    """The event as the pages read it: itself, its standings, and what is left to do."""
    seated = [r.number for r in event.rounds if r.tables]
    return {
        **event.to_json(),
        "standings": standings_json(event)["standings"],
        "seated_rounds": seated,
        "unit": get_ruleset(event.ruleset).scoring.unit,
        "place_points": get_ruleset(event.ruleset).place_points,
    }


# -- pages --------------------------------------------------------------------------------
@router.get("/events", include_in_schema=False)
def events_page() -> FileResponse:
    return FileResponse(STATIC / "events.html", media_type="text/html")


@router.get("/events/{event_id}", include_in_schema=False)
def event_page(event_id: str) -> FileResponse:
    return FileResponse(STATIC / "event.html", media_type="text/html")


@router.get("/events/{event_id}/print", include_in_schema=False)
def print_page(event_id: str) -> FileResponse:
    return FileResponse(STATIC / "event-print.html", media_type="text/html")


# -- the API ------------------------------------------------------------------------------
@router.post("/api/events")
def create_event(body: EventRequest, request: Request) -> dict[str, Any]:
    """A new event; the answer's ``token`` is its organiser's."""
    try:
        event = Event(
            secrets.token_hex(8),
            body.name,
            body.ruleset,
            body.rounds,
            body.session_minutes,
            body.session_hands,
            body.tie_rule,
        )
    except EventError as err:
        raise _refused(err) from None
    token = sheets.new_token()
    _store(request).save_event(event.id, event.name, event.to_json(), sheets.token_digest(token))
    return {"token": token, **shown(event)}


@router.get("/api/events")
def list_events(request: Request) -> list[dict[str, Any]]:
    """The latest events."""
    return _store(request).list_events()


@router.get("/api/events/{event_id}")
def get_event(event_id: str, request: Request) -> dict[str, Any]:
    return shown(_event(_row(request, event_id)))


@router.post("/api/events/{event_id}/players")
def register(event_id: str, body: PlayerRequest, request: Request, token: Token = None) -> Any:
    return _change(
        request,
        event_id,
        token,
        lambda e: e.register(body.name, body.club, body.ema_id, body.substitute),
    )


@router.post("/api/events/{event_id}/seating")
def seat(event_id: str, body: SeatingRequest, request: Request, token: Token = None) -> Any:
    """Seat every round (refused once a round has results)."""
    given = [x is not None for x in (body.seed, body.text, body.rounds)]
    if sum(given) != 1:
        raise Refusal("invalid_field", "send one of seed, text or rounds")

    def change(event: Event) -> None:
        if body.seed is not None:
            seated.seat_event(event, body.seed)
        elif body.text is not None:
            seated.set_rounds(event, seated.parse_seating(body.text))
        else:
            seated.set_rounds(event, body.rounds or [])

    return _change(request, event_id, token, change)


@router.post("/api/events/{event_id}/rounds/{number}/by-standings")
def seat_by_standings(event_id: str, number: int, request: Request, token: Token = None) -> Any:
    """Seat round ``number`` by the standings as they are (top tables together)."""
    return _change(request, event_id, token, lambda e: seated.seat_round_by_standings(e, number))


@router.post("/api/events/{event_id}/rounds/{number}/absent")
def absent(
    event_id: str, number: int, body: AbsentRequest, request: Request, token: Token = None
) -> Any:
    return _change(
        request, event_id, token, lambda e: e.replace(number, body.absent, body.substitute)
    )


@router.delete("/api/events/{event_id}/rounds/{number}/absent/{player}")
def back(event_id: str, number: int, player: int, request: Request, token: Token = None) -> Any:
    """Mark an absentee back in round ``number``: they take their seat from their
    substitute (an absentee stays absent when the round is seated again)."""
    return _change(request, event_id, token, lambda e: e.back(number, player))


@router.post("/api/events/{event_id}/rounds/{number}/tables/{table}/result")
def enter_result(
    event_id: str,
    number: int,
    table: int,
    body: ResultRequest,
    request: Request,
    token: Token = None,
) -> Any:
    """A table's final scores, typed."""
    penalties = [p.model_dump() for p in body.penalties]
    return _change(
        request,
        event_id,
        token,
        lambda e: results.enter_result(e, number, table, body.scores, "final", "", penalties),
    )


@router.post("/api/events/{event_id}/rounds/{number}/tables/{table}/penalty")
def add_penalty(
    event_id: str,
    number: int,
    table: int,
    body: PenaltyRequest,
    request: Request,
    token: Token = None,
) -> Any:
    return _change(
        request,
        event_id,
        token,
        lambda e: results.add_penalty(e, number, table, body.model_dump()),
    )


@router.delete("/api/events/{event_id}/rounds/{number}/tables/{table}/result")
def clear_result(
    event_id: str, number: int, table: int, request: Request, token: Token = None
) -> Any:
    return _change(request, event_id, token, lambda e: results.clear_result(e, number, table))


def _seats_of(event: Event, number: int, table: int) -> tuple[int, ...]:
    found = next((t for t in event.round(number).tables if t.number == table), None)
    if found is None:
        raise EventError("unknown_table", f"round {number} table {table} is not seated")
    return found.seats


@router.post("/api/events/{event_id}/rounds/{number}/tables/{table}/sheet")
def open_sheet(
    event_id: str, number: int, table: int, request: Request, token: Token = None
) -> dict[str, Any]:
    """A club scoresheet for the table, made with its four names in seat order, to keep
    hand by hand (/scoresheet/<id>); the table's result then comes from it (`from_sheet`).
    The answer carries the sheet's owner token."""
    store = _store(request)
    made: dict[str, str] = {}

    def change(event: Event) -> None:
        seats = _seats_of(event, number, table)
        sheet = sheets.new_sheet({"ruleset": event.ruleset, "players": event.names(seats)})
        sheet_id, sheet_token = secrets.token_hex(12), sheets.new_token()
        store.save_sheet(
            sheet_id,
            sheet.ruleset.name,
            list(sheet.players),
            [],
            sheets.token_digest(sheet_token),
        )
        made.update(sheet=sheet_id, sheet_token=sheet_token)
        event.round(number).links[table] = f"sheet:{sheet_id}"

    out = _change(request, event_id, token, change)
    return {**out, **made}


@router.post("/api/events/{event_id}/rounds/{number}/tables/{table}/from-sheet")
def from_sheet(
    event_id: str, number: int, table: int, request: Request, token: Token = None
) -> Any:
    """The table's result from its scoresheet's totals as they stand."""
    store = _store(request)

    def change(event: Event) -> None:
        link = event.round(number).links.get(table, "")
        if not link.startswith("sheet:"):
            raise EventError("no_sheet", f"round {number} table {table} has no scoresheet")
        sheet_id = link.removeprefix("sheet:")
        row = store.load_sheet(sheet_id)
        if row is None:
            raise EventError("no_sheet", f"the scoresheet {sheet_id!r} is gone")
        done = sheets.rebuild(row["ruleset"], row["players"], row["lines"])
        if not done.lines:
            raise EventError("sheet_empty", f"the scoresheet {sheet_id!r} has no hand yet")
        start = done.sheet.rules.starting_points
        scores = [s - start for s in done.sheet.scores]
        results.enter_result(event, number, table, scores, "sheet", sheet_id)

    return _change(request, event_id, token, change)


@router.post("/api/events/{event_id}/rounds/{number}/tables/{table}/game")
def from_game(
    event_id: str,
    number: int,
    table: int,
    body: GameLink,
    request: Request,
    token: Token = None,
) -> Any:
    """Link a game at the web table (the event's ruleset; its seats are the table's in
    order) to the table: once it is over, its final scores are the table's result (sent
    again to take them); until then the link is kept and the answer says ``pending``."""
    store = _store(request)
    pending: dict[str, bool] = {"pending": False}

    def change(event: Event) -> None:
        _seats_of(event, number, table)
        row = store.load_game(body.game)
        if row is None:
            raise EventError("no_game", f"no game {body.game!r} at this table")
        if row["ruleset"] != event.ruleset:
            played = row["ruleset"]
            raise EventError(
                "wrong_ruleset", f"game {body.game!r} is {played}, the event {event.ruleset}"
            )
        event.round(number).links[table] = f"game:{body.game}"
        if row["status"] != FINISHED:
            pending["pending"] = True
            return
        start = get_ruleset(event.ruleset).table.starting_points
        scores = [s - start for s in row["summary"]["scores"]]
        results.enter_result(event, number, table, scores, "game", body.game)

    out = _change(request, event_id, token, change)
    return {**out, **pending}


@router.get("/api/events/{event_id}/players/{number}")
def player_history(event_id: str, number: int, request: Request) -> dict[str, Any]:
    event = _event(_row(request, event_id))
    try:
        line = history(event, number)
    except EventError as err:
        raise _refused(err) from None
    return line.to_json(event, history=True)


@router.get("/api/events/{event_id}/standings")
def get_standings(event_id: str, request: Request) -> dict[str, Any]:
    return standings_json(_event(_row(request, event_id)))


def _download(text: str, name: str, media: str) -> Response:
    return PlainTextResponse(
        text, media_type=media, headers={"Content-Disposition": f'attachment; filename="{name}"'}
    )


@router.get("/api/events/{event_id}/standings.csv")
def standings_csv(event_id: str, request: Request) -> Response:
    event = _event(_row(request, event_id))
    return _download(exports.standings_csv(event), f"standings-{event.id}.csv", "text/csv")


@router.get("/api/events/{event_id}/results.csv")
def results_csv(event_id: str, request: Request) -> Response:
    event = _event(_row(request, event_id))
    return _download(exports.results_csv(event), f"results-{event.id}.csv", "text/csv")


@router.get("/api/events/{event_id}/ema.csv")
def ema_csv(event_id: str, request: Request) -> Response:
    event = _event(_row(request, event_id))
    return _download(exports.ema_csv(event), f"ema-{event.id}.csv", "text/csv")


@router.get("/api/events/{event_id}/export.json")
def export_json(event_id: str, request: Request) -> Response:
    event = _event(_row(request, event_id))
    return JSONResponse(
        exports.event_json(event),
        headers={"Content-Disposition": f'attachment; filename="event-{event.id}.json"'},
    )


def _pdf(data: bytes, name: str) -> Response:
    return Response(
        data,
        media_type="application/pdf",
        headers={"Content-Disposition": f'inline; filename="{name}"'},
    )


@router.get("/api/events/{event_id}/rounds/{number}/sheet.pdf")
def round_pdf(event_id: str, number: int, request: Request) -> Response:
    """Round ``number``'s seating and result sheet as a PDF (the ``pdf`` extra)."""
    from mahjongkit.web import tournament_pdf

    event = _event(_row(request, event_id))
    try:
        data = tournament_pdf.round_sheet(event, number)
    except EventError as err:
        raise _refused(err) from None
    except tournament_pdf.PdfUnavailable as err:
        raise Refusal("pdf_unavailable", str(err)) from None
    return _pdf(data, f"round-{number}-{event.id}.pdf")


@router.get("/api/events/{event_id}/standings.pdf")
def standings_pdf(event_id: str, request: Request) -> Response:
    from mahjongkit.web import tournament_pdf

    event = _event(_row(request, event_id))
    try:
        data = tournament_pdf.standings_sheet(event)
    except tournament_pdf.PdfUnavailable as err:
        raise Refusal("pdf_unavailable", str(err)) from None
    return _pdf(data, f"standings-{event.id}.pdf")


__all__ = ["EVENT_TOKEN_HEADER", "router", "shown"]
