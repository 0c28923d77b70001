"""The Botzone Chinese Standard Mahjong protocol: tile names, requests and answers.

Facts from the judge Botzone runs, ``judge/main.cpp`` of ailab-pku/Chinese-Standard-Mahjong
at commit 5e818212d833a74f0ed1f4e6fb24c5b533a48ef9 ("l.N" below), and its sample bot
``sample-bot-Botzone/sample.cpp`` there:

- tiles (l.550-560 ``str2tile``, l.564-580 the set): ``W1..W9`` characters, ``B1..B9``
  dots, ``T1..T9`` bamboo, ``F1..F4`` the winds E S W N, ``J1..J3`` the dragons C F P
  (the MCR Helper's honors 5..7), ``H1..H8`` flowers (l.392: any tile starting ``H``);
- requests, one line each, to every seat (l.636, l.400-410, l.432-443, l.455-485):
  ``0 seat quan``, ``1 f0 f1 f2 f3 <13 tiles> <flowers>``, ``2 X`` (the seat's own draw),
  ``3 p DRAW``, ``3 p BUHUA X``, ``3 p PLAY X``, ``3 p PENG X``, ``3 p CHI M X``,
  ``3 p GANG``, ``3 p BUGANG X`` (another seat's, or the seat's own, move);
- answers (l.179-378, ``checkInput*``): ``PASS``; on its own draw ``PLAY X``, ``GANG X``
  (concealed kong), ``BUGANG X``, ``HU``; to a discard ``HU``, ``PENG X``, ``CHI M X`` (M
  the chow's middle tile, X the tile then discarded), ``GANG``; to a promoted kong ``HU``.

Every parse is strict: a wrong word raises `BotzoneProtocolError` naming it and the line.

>>> parse_request("3 2 CHI B5 J1")
Request(kind='CHI', seat=2, tiles=(13, 31))
>>> format_request(parse_request("3 2 CHI B5 J1"))
'3 2 CHI B5 J1'
>>> format_answer(parse_answer("PENG T9"))
'PENG T9'
>>> parse_tile_name("W0")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
mahjongkit.botzone.protocol.BotzoneProtocolError: bad-tile: 'W0' is no Botzone tile (W1..W9, ...)
"""

from __future__ import annotations

from dataclasses import dataclass

from mahjongkit.errors import MahjongError
from mahjongkit.tiles import FLOWERS, NUM_KINDS, RANK, SUIT, Tile


class BotzoneProtocolError(MahjongError, ValueError):
    """A Botzone line (tile, request, answer, JSON input) that does not follow the
    protocol; ``code`` is stable (``bad-tile``, ``bad-request``, ``bad-answer``,
    ``bad-input``, ``bad-history``), the message names the offending word."""

    def __init__(self, code: str, message: str) -> None:
        self.code = code
        super().__init__(f"{code}: {message}")


_LETTERS = {"W": 0, "B": 9, "T": 18, "F": 27, "J": 31}
"""Each Botzone suit letter's first engine kind (characters m, dots p, bamboo s)."""
_SIZES = {"W": 9, "B": 9, "T": 9, "F": 4, "J": 3, "H": 8}
_TILE_HELP = "W1..W9, B1..B9, T1..T9, F1..F4, J1..J3, H1..H8"


def _name(tile: Tile) -> str:
    if tile >= NUM_KINDS:
        return f"H{tile - FLOWERS[0] + 1}"
    if tile >= 31:
        return f"J{tile - 30}"
    if tile >= 27:
        return f"F{tile - 26}"
    return "WBT"[SUIT[tile]] + str(RANK[tile])


TILE_NAMES = tuple(_name(t) for t in range(NUM_KINDS + len(FLOWERS)))
"""Botzone's name of each engine tile (kinds 0..33, then the flowers 34..41).

>>> TILE_NAMES[0], TILE_NAMES[9], TILE_NAMES[18], TILE_NAMES[27], TILE_NAMES[33], TILE_NAMES[34]
('W1', 'B1', 'T1', 'F1', 'J3', 'H1')
"""
_BY_NAME = {name: tile for tile, name in enumerate(TILE_NAMES)}


def parse_tile_name(word: str) -> Tile:
    """The engine tile of a Botzone tile name (``T5`` is 5s, kind 22)."""
    tile = _BY_NAME.get(word) if isinstance(word, str) else None
    if tile is None:
        raise BotzoneProtocolError("bad-tile", f"{word!r} is no Botzone tile ({_TILE_HELP})")
    return tile


def tile_name(tile: Tile) -> str:
    """Botzone's name of an engine tile (kinds and flowers)."""
    if type(tile) is not int or not 0 <= tile < len(TILE_NAMES):
        raise BotzoneProtocolError("bad-tile", f"{tile!r} is no tile (0..{len(TILE_NAMES) - 1})")
    return TILE_NAMES[tile]


def _any_tile(word: str, line: str, code: str) -> Tile:
    """A tile (flowers too) of a line, or an error naming both."""
    try:
        return parse_tile_name(word)
    except BotzoneProtocolError:
        raise BotzoneProtocolError(
            code, f"{word!r} is no Botzone tile ({_TILE_HELP}) in {line!r}"
        ) from None


def _playing(word: str, line: str, code: str) -> Tile:
    """A playing tile (no flower) of a line, or an error naming both."""
    tile = _any_tile(word, line, code)
    if tile >= NUM_KINDS:
        raise BotzoneProtocolError(code, f"{word} is a flower, not a playing tile, in {line!r}")
    return tile


def _middle(word: str, line: str, code: str) -> Tile:
    """A chow's middle tile: a suited tile of rank 2..8."""
    tile = _playing(word, line, code)
    if SUIT[tile] > 2 or not 2 <= RANK[tile] <= 8:
        raise BotzoneProtocolError(
            code, f"{word} cannot be a chow's middle tile (a suit tile 2..8) in {line!r}"
        )
    return tile


# -- requests ---------------------------------------------------------------------------

REQUEST_KINDS = (
    "START",
    "DEAL",
    "DRAW_SELF",
    "DRAW",
    "BUHUA",
    "PLAY",
    "PENG",
    "CHI",
    "GANG",
    "BUGANG",
)
"""A request's kinds: ``0`` START, ``1`` DEAL, ``2`` DRAW_SELF, and the ``3 p ...`` moves."""
_MOVE_TILES = {"DRAW": 0, "BUHUA": 1, "PLAY": 1, "PENG": 1, "CHI": 2, "GANG": 0, "BUGANG": 1}


@dataclass(frozen=True, slots=True)
class Request:
    """One Botzone request. ``seat`` is the seat it is about (START: the seat asked);
    ``tiles`` its tiles as engine tiles; START's ``quan`` and DEAL's flower counts are in
    ``numbers``."""

    kind: str
    seat: int = -1
    tiles: tuple[Tile, ...] = ()
    numbers: tuple[int, ...] = ()

    def __repr__(self) -> str:
        extra = f", numbers={self.numbers}" if self.numbers else ""
        return f"Request(kind={self.kind!r}, seat={self.seat}, tiles={self.tiles}{extra})"


def _number(word: str, line: str, what: str, high: int) -> int:
    if not (word.isascii() and word.isdigit()) or not 0 <= int(word) <= high:
        raise BotzoneProtocolError("bad-request", f"{what} is 0..{high}, not {word!r}, in {line!r}")
    return int(word)


def parse_request(line: str) -> Request:
    """A Botzone request line (words separated by single spaces, as the judge writes them;
    surrounding whitespace is ignored)."""
    if not isinstance(line, str):
        raise BotzoneProtocolError("bad-request", f"a request is a line of text, not {line!r}")
    words = line.split()
    if not words:
        raise BotzoneProtocolError("bad-request", "an empty request")
    head, rest = words[0], words[1:]

    def need(count: int) -> None:
        if len(rest) != count:
            raise BotzoneProtocolError(
                "bad-request",
                f"request {head} takes {count} words after it, not {len(rest)}: {line!r}",
            )

    if head == "0":
        need(2)
        seat = _number(rest[0], line, "the seat", 3)
        return Request("START", seat, numbers=(_number(rest[1], line, "the quan (wind)", 3),))
    if head == "1":
        if len(rest) < 17:
            raise BotzoneProtocolError(
                "bad-request", f"request 1 is 4 flower counts and 13 tiles at least: {line!r}"
            )
        counts = tuple(_number(w, line, "a flower count", 8) for w in rest[:4])
        tiles = tuple(_playing(w, line, "bad-request") for w in rest[4:17])
        flowers = tuple(_any_tile(w, line, "bad-request") for w in rest[17:])
        if len(flowers) != sum(counts) or any(f < NUM_KINDS for f in flowers):
            raise BotzoneProtocolError(
                "bad-request",
                f"request 1 names {sum(counts)} flowers by its counts, then {rest[17:]}: {line!r}",
            )
        return Request("DEAL", -1, tiles + flowers, counts)
    if head == "2":
        need(1)
        return Request("DRAW_SELF", -1, (_any_tile(rest[0], line, "bad-request"),))
    if head == "3":
        if len(rest) < 2:
            raise BotzoneProtocolError("bad-request", f"request 3 is '3 p MOVE ...': {line!r}")
        seat = _number(rest[0], line, "the seat", 3)
        move, words = rest[1], rest[2:]
        if move not in _MOVE_TILES:
            raise BotzoneProtocolError(
                "bad-request",
                f"{move!r} is no move ({', '.join(_MOVE_TILES)}) in {line!r}",
            )
        if len(words) != _MOVE_TILES[move]:
            raise BotzoneProtocolError(
                "bad-request", f"{move} takes {_MOVE_TILES[move]} tiles, not {len(words)}: {line!r}"
            )
        if move == "BUHUA":
            tile = _any_tile(words[0], line, "bad-request")
            if tile < NUM_KINDS:
                raise BotzoneProtocolError(
                    "bad-request", f"BUHUA shows a flower, not {words[0]}: {line!r}"
                )
            return Request(move, seat, (tile,))
        if move == "CHI":
            return Request(
                move,
                seat,
                (_middle(words[0], line, "bad-request"), _playing(words[1], line, "bad-request")),
            )
        return Request(move, seat, tuple(_playing(w, line, "bad-request") for w in words))
    raise BotzoneProtocolError(
        "bad-request", f"a request starts 0, 1, 2 or 3, not {head!r}: {line!r}"
    )


def format_request(request: Request) -> str:
    """The line of a `Request`, as the judge writes it."""
    kind = request.kind
    names = [tile_name(t) for t in request.tiles]
    if kind == "START":
        return f"0 {request.seat} {request.numbers[0]}"
    if kind == "DEAL":
        return " ".join(["1", *map(str, request.numbers), *names])
    if kind == "DRAW_SELF":
        return f"2 {names[0]}"
    if kind not in _MOVE_TILES:
        raise BotzoneProtocolError("bad-request", f"no request kind {kind!r}")
    return " ".join(["3", str(request.seat), kind, *names])


# -- answers ----------------------------------------------------------------------------

ANSWER_TILES = {"PASS": 0, "HU": 0, "PLAY": 1, "GANG": None, "BUGANG": 1, "PENG": 1, "CHI": 2}
"""Each answer word and the tiles after it (``GANG``: none to a discard, one, the kong's
tile, on the seat's own draw)."""


@dataclass(frozen=True, slots=True)
class Answer:
    """One Botzone answer: its word and its tiles (engine tiles: PLAY, GANG and BUGANG
    the tile, PENG the discard after the pung, CHI the middle tile then the discard)."""

    kind: str
    tiles: tuple[Tile, ...] = ()

    def __str__(self) -> str:
        return format_answer(self)


PASS_ANSWER = Answer("PASS")


def parse_answer(line: str) -> Answer:
    """A Botzone answer (the ``response`` a bot writes)."""
    if not isinstance(line, str):
        raise BotzoneProtocolError("bad-answer", f"an answer is a line of text, not {line!r}")
    words = line.split()
    if not words:
        raise BotzoneProtocolError("bad-answer", "an empty answer")
    head, rest = words[0], words[1:]
    if head not in ANSWER_TILES:
        raise BotzoneProtocolError(
            "bad-answer", f"{head!r} is no answer ({', '.join(ANSWER_TILES)}) in {line!r}"
        )
    count = ANSWER_TILES[head]
    if (count is None and len(rest) > 1) or (count is not None and len(rest) != count):
        wanted = "0 or 1" if count is None else str(count)
        raise BotzoneProtocolError(
            "bad-answer", f"{head} takes {wanted} tiles, not {len(rest)}: {line!r}"
        )
    if head == "CHI":
        return Answer(
            head, (_middle(rest[0], line, "bad-answer"), _playing(rest[1], line, "bad-answer"))
        )
    return Answer(head, tuple(_playing(w, line, "bad-answer") for w in rest))


def format_answer(answer: Answer) -> str:
    """The line of an `Answer`."""
    count = ANSWER_TILES.get(answer.kind, -1)
    if count == -1 or (count is not None and len(answer.tiles) != count):
        raise BotzoneProtocolError("bad-answer", f"no answer {answer.kind} {answer.tiles}")
    return " ".join([answer.kind, *(tile_name(t) for t in answer.tiles)])


__all__ = [
    "ANSWER_TILES",
    "PASS_ANSWER",
    "REQUEST_KINDS",
    "TILE_NAMES",
    "Answer",
    "BotzoneProtocolError",
    "Request",
    "format_answer",
    "format_request",
    "parse_answer",
    "parse_request",
    "parse_tile_name",
    "tile_name",
]
