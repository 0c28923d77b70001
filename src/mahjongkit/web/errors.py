"""How the JSON API refuses: ``{"error": {"code", "message"}}`` with a 4xx (or 503) status.

Every refusal has a stable ``code`` a client may act on (docs/web.md lists them) and a
message for a person. A `Refusal` takes its status from its code; an `HTTPException`
raised anywhere (no such table, a route that does not exist) gets a code from its
status; a request FastAPI itself could not read becomes ``invalid_field``.
"""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from mahjongkit.web.models import Refusal

STATUS = {
    "json_required": 415,
    "body_too_large": 413,
    "not_found": 404,
    "sheet_token_required": 401,
    "wrong_sheet_token": 403,
    "sheet_unclaimed": 409,
    "sheet_owned": 409,
    "cannot_rebuild": 409,
    "sheet_changed": 409,
    "event_token_required": 401,
    "wrong_event_token": 403,
    "round_has_results": 409,
    "table_has_result": 409,
    "event_changed": 409,
    "pdf_unavailable": 501,
    "too_many_tables": 429,
    "server_full": 503,
    "not_saved": 503,
    "nothing_to_review": 409,
    "review_not_started": 404,
    "too_many_reviews": 429,
    "reviews_busy": 503,
}
"""The status of each refusal code that is not a plain 400."""

CODES = {
    400: "bad_request",
    401: "unauthorized",
    403: "forbidden",
    404: "not_found",
    405: "method_not_allowed",
    409: "conflict",
    413: "body_too_large",
    415: "json_required",
    429: "too_many_requests",
    503: "unavailable",
}
"""The code of an `HTTPException` raised with a status and a message only."""


def error_response(status: int, code: str, message: str) -> JSONResponse:
    """The JSON API's refusal."""
    return JSONResponse({"error": {"code": code, "message": message}}, status_code=status)


def install(app: FastAPI) -> None:
    """Answer every refusal of ``app`` in the one shape."""

    async def refused(request: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, Refusal)
        return error_response(STATUS.get(exc.code, 400), exc.code, exc.message)

    async def http_error(request: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, StarletteHTTPException)
        detail: Any = exc.detail
        if isinstance(detail, dict) and "code" in detail:
            code, message = str(detail["code"]), str(detail.get("message", ""))
        else:
            code, message = CODES.get(exc.status_code, f"http_{exc.status_code}"), str(detail)
        response = error_response(exc.status_code, code, message)
        if exc.headers:
            response.headers.update(exc.headers)
        return response

    async def unreadable(request: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, RequestValidationError)
        first = exc.errors()[0] if exc.errors() else {"loc": (), "msg": "unreadable request"}
        where = ".".join(str(part)[:40] for part in first.get("loc", ()))
        return error_response(400, "invalid_field", f"{where}: {first.get('msg', '')}")

    app.add_exception_handler(Refusal, refused)
    app.add_exception_handler(StarletteHTTPException, http_error)
    app.add_exception_handler(RequestValidationError, unreadable)


__all__ = ["CODES", "STATUS", "error_response", "install"]
