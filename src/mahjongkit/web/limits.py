"""The server's limits: what one client, one socket and one table may take of it.

`Limits` holds them (`create_app` takes one, ``mahjongkit serve`` sets each from an
option, docs/web.md lists the defaults). The pieces that keep them:

- `TokenBucket`: messages per second on one socket, with a burst;
- `Flood`: when a socket keeps sending past its rate, when to close it;
- `OpenTables`: open tables per client address and in all;
- `BodyLimit`: request bodies over the size are refused before they are read whole;
- `origin_allowed`: a table socket is opened from the server's own pages (or an origin
  the server names), so another site cannot open one with a visitor's browser.

>>> bucket = TokenBucket(rate=1.0, burst=2, clock=iter([0.0, 0.0, 0.0, 0.0, 1.0]).__next__)
>>> [bucket.take() for _ in range(4)]
[True, True, False, True]
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

from mahjongkit.web.models import Refusal


@dataclass(frozen=True, slots=True)
class Limits:
    """What the server allows; every value has a default suited to a club's server.

    ``tables_per_client``: unfinished tables in memory one client address may have
    opened; ``open_tables``: unfinished tables in memory in all; ``message_bytes``: the
    largest table message; ``messages_per_second`` and ``message_burst``: a socket's
    rate and the burst it may send at once; ``flood_messages``: messages refused for
    the rate (beyond a quarter of the rate) before the socket is closed;
    ``spectators_per_table``; ``body_bytes``: the largest request body;
    ``allowed_origins``: pages of other origins (``https://club.example``, or ``*``)
    allowed to open table sockets besides the server's own; ``reviews_at_once``:
    reviews of stored games queued or running in all (one is played at a time, in a
    background thread), ``reviews_per_client``: of them, those one client address may
    have asked for; ``review_samples``: samples a decision when a request names none,
    ``review_samples_max``: the most a request may name.
    """

    tables_per_client: int = 20
    open_tables: int = 1000
    message_bytes: int = 4096
    messages_per_second: float = 20.0
    message_burst: int = 40
    flood_messages: int = 100
    spectators_per_table: int = 50
    body_bytes: int = 65536
    allowed_origins: tuple[str, ...] = field(default=())
    reviews_at_once: int = 4
    reviews_per_client: int = 1
    review_samples: int = 8
    review_samples_max: int = 32

    def __post_init__(self) -> None:
        for name in (
            "reviews_at_once",
            "reviews_per_client",
            "review_samples",
            "review_samples_max",
            "tables_per_client",
            "open_tables",
            "message_bytes",
            "message_burst",
            "flood_messages",
            "body_bytes",
        ):
            if getattr(self, name) < 1:
                raise ValueError(f"{name} must be at least 1, not {getattr(self, name)}")
        if self.review_samples > self.review_samples_max:
            raise ValueError("review_samples cannot be above review_samples_max")
        if self.spectators_per_table < 0:
            raise ValueError("spectators_per_table cannot be negative")
        if not self.messages_per_second > 0:
            raise ValueError("messages_per_second must be above 0")


class TokenBucket:
    """``rate`` tokens a second up to ``burst``; each message takes one."""

    def __init__(
        self, rate: float, burst: float, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.rate = rate
        self.burst = burst
        self.clock = clock
        self.tokens = float(burst)
        self.last = clock()

    def take(self) -> bool:
        """Whether a token was left (and take it)."""
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


class Flood:
    """A socket's patience with messages refused for its rate: ``limits.flood_messages``
    of them, given back at a quarter of the rate. A client a little over its rate is
    answered with errors for ever; one far over it runs out and is closed."""

    def __init__(self, limits: Limits, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = TokenBucket(limits.messages_per_second, limits.message_burst, clock)
        self.patience = TokenBucket(limits.messages_per_second / 4, limits.flood_messages, clock)

    def admit(self) -> bool | None:
        """``True``: read the message; ``False``: refuse it (too fast); ``None``: close."""
        if self.rate.take():
            return True
        return False if self.patience.take() else None


class OpenTables:
    """Who opened each table still open (unfinished and in memory), to cap them per client
    address and in all. A place is reserved before the table is made, so requests at the
    same moment cannot pass the cap together."""

    def __init__(self, limits: Limits, is_open: Callable[[str], bool]) -> None:
        self.limits = limits
        self.is_open = is_open
        self.opener: dict[str, str] = {}
        self.lock = threading.Lock()
        self.pending = 0

    def reserve(self, client: str) -> str:
        """A place for a new table opened by ``client``; raises `Refusal` (code
        ``too_many_tables`` or ``server_full``) when there is none."""
        with self.lock:
            for key in [k for k in self.opener if not k.startswith("?")]:
                if not self.is_open(key):
                    del self.opener[key]
            if len(self.opener) >= self.limits.open_tables:
                raise Refusal(
                    "server_full",
                    f"the server has {self.limits.open_tables} open tables, its most; "
                    "try again when some have finished",
                )
            mine = sum(1 for c in self.opener.values() if c == client)
            if mine >= self.limits.tables_per_client:
                raise Refusal(
                    "too_many_tables",
                    f"you have {mine} open tables, the most one client may open; "
                    "finish or leave one first",
                )
            self.pending += 1
            key = f"?{self.pending}"
            self.opener[key] = client
            return key

    def opened(self, key: str, game_id: str) -> None:
        """The table reserved as ``key`` is made: count it under its id."""
        with self.lock:
            client = self.opener.pop(key, None)
            if client is not None:
                self.opener[game_id] = client

    def release(self, key: str) -> None:
        """The table reserved as ``key`` was not made."""
        with self.lock:
            self.opener.pop(key, None)

    def count(self, client: str | None = None) -> int:
        """Open tables (of ``client``)."""
        with self.lock:
            return sum(1 for c in self.opener.values() if client is None or c == client)


def origin_allowed(origin: str | None, host: str | None, allowed: tuple[str, ...]) -> bool:
    """Whether a socket opened from a page of ``origin`` may connect: no origin (not a
    browser), the server's own ``host``, or one of ``allowed`` (``*``: any).

    >>> origin_allowed("http://127.0.0.1:8000", "127.0.0.1:8000", ())
    True
    >>> origin_allowed("https://evil.example", "127.0.0.1:8000", ())
    False
    >>> origin_allowed("https://club.example", "mj.example", ("https://club.example/",))
    True
    >>> origin_allowed(None, "127.0.0.1:8000", ())
    True
    """
    if origin is None:
        return True
    wanted = origin.strip().rstrip("/").lower()
    if "*" in allowed or wanted in {a.strip().rstrip("/").lower() for a in allowed}:
        return True
    try:
        netloc = urlsplit(wanted).netloc
    except ValueError:
        return False
    return bool(netloc) and host is not None and netloc == host.strip().lower()


def error_body(code: str, message: str) -> bytes:
    """The JSON API's refusal: ``{"error": {"code", "message"}}``."""
    return json.dumps({"error": {"code": code, "message": message}}).encode()


Scope = dict[str, Any]
Receive = Callable[[], Any]
Send = Callable[[dict[str, Any]], Any]


class BodyLimit:
    """ASGI middleware: a request body over ``limit`` bytes is answered 413
    (``body_too_large``) without being read whole; a smaller one is passed on."""

    def __init__(self, app: Any, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers") or [])
        declared = headers.get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.limit):
            await self._refuse(send)
            return
        chunks: list[bytes] = []
        size = 0
        more = True
        while more:
            message = await receive()
            if message["type"] != "http.request":  # the client left
                await self.app(scope, _replay([message]), send)
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.limit:
                await self._refuse(send)
                return
            chunks.append(chunk)
            more = message.get("more_body", False)
        body = {"type": "http.request", "body": b"".join(chunks), "more_body": False}
        await self.app(scope, _replay([body], receive), send)

    async def _refuse(self, send: Send) -> None:
        body = error_body("body_too_large", f"a request body is at most {self.limit} bytes")
        await send(
            {
                "type": "http.response.start",
                "status": 413,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(body)).encode()),
                    (b"connection", b"close"),
                ],
            }
        )
        await send({"type": "http.response.body", "body": body})


def _replay(messages: list[dict[str, Any]], then: Receive | None = None) -> Receive:
    """A receive that gives ``messages`` first, then waits on ``then`` (the disconnect)."""
    queue = list(messages)

    async def receive() -> Any:
        if queue:
            return queue.pop(0)
        if then is not None:
            return await then()
        return {"type": "http.disconnect"}

    return receive


__all__ = [
    "BodyLimit",
    "Flood",
    "Limits",
    "OpenTables",
    "TokenBucket",
    "error_body",
    "origin_allowed",
]
