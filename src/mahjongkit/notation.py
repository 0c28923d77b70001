"""The one strict notation for tiles, melds and hands, compatible with the MCR Helper app.

Suited tiles are digits before their suit letter (``123m`` characters, ``456p`` dots,
``789s`` bamboo); honours are ``E S W N`` and ``C F P`` (red, green, white dragons) or
``1z..7z`` in Tenhou order; flowers ``1f..8f``. Melds stand in brackets with an optional
claim digit: ``[123m2]`` (the 2m was claimed), ``[555p3]`` (claimed from the right),
``[EEEE]`` (concealed kong), ``[5555p5]`` (kong promoted from a pung claimed from the left);
``[567m,2]`` is accepted too. In a complete hand the last tile written is the winning tile
(a complete hand written to end with a flower or a meld is refused, not guessed at).
Unicode glyphs from the Mahjong Tiles block are accepted wherever a tile is.

This module is the whole grammar, reading text into plain parts (`MeldText`,
`HandText`) and writing them back; `mahjongkit.hand` makes its values of them
(`mahjongkit.hand.parse_hand`), so the grammar knows nothing of the values above it.

>>> format_tiles(parse_tiles("3z12m"))
'W12m'
>>> read_meld("[567m,2]")
MeldText(kind='chow', tile=4, concealed=False, claimed=5, source=1, promoted=False)
>>> format_meld("chow", 4, 5, 1, False)
'[567m2]'
>>> read_hand("123m45")
Traceback (most recent call last):
...
mahjongkit.errors.InvalidNotationError: digits with no suit letter at position 4 in '123m45'
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from mahjongkit.errors import InvalidNotationError
from mahjongkit.tiles import (
    GLYPHS,
    HONOR_LETTERS,
    NAMES,
    NUM_KINDS,
    RANK,
    SUIT,
    SUITS,
    TENHOU_HONORS,
    Tile,
)

_GLYPH_TILE = {g: t for t, g in enumerate(GLYPHS)}
_SUIT_BASE = {"m": 0, "p": 9, "s": 18}


def _read_tiles(text: str, start: int, stop: str) -> tuple[list[tuple[Tile, int]], int, str]:
    """Read tiles from ``start`` until a character in ``stop`` or the end.

    Returns the tiles with the position each was written at, the position reached and any
    trailing digits that had no suit letter (the claim digit inside a meld).
    """
    tiles: list[tuple[Tile, int]] = []
    digits: list[int] = []
    i = start
    while i < len(text) and text[i] not in stop:
        ch = text[i]
        if ch.isdigit() and ch.isascii():
            digits.append(i)
        elif ch in "mpszf":
            if not digits:
                raise InvalidNotationError(f"suit letter {ch!r} with no digits before it", text, i)
            for pos in digits:
                rank = int(text[pos])
                limit = {"z": 7, "f": 8}.get(ch, 9)
                if not 1 <= rank <= limit:
                    ten = rank == 0 and pos > 0 and text[pos - 1] == "1"
                    why = "no 10s in mahjong" if ten else ""
                    raise InvalidNotationError(
                        f"rank {rank} is not a tile of {ch!r} (1..{limit})"
                        + (f"; {why}" if why else ""),
                        text,
                        pos,
                    )
                if ch == "z":
                    tile = TENHOU_HONORS[rank - 1]
                elif ch == "f":
                    tile = NUM_KINDS + rank - 1
                else:
                    tile = _SUIT_BASE[ch] + rank - 1
                tiles.append((tile, pos))
            digits = []
        elif ch in HONOR_LETTERS:
            if digits:
                break
            tiles.append((27 + HONOR_LETTERS.index(ch), i))
        elif ch in _GLYPH_TILE:
            if digits:
                break
            tiles.append((_GLYPH_TILE[ch], i))
        elif ch.isspace() or ch == ",":
            if digits:
                break
        else:
            raise InvalidNotationError(f"unknown character {ch!r}", text, i)
        i += 1
    trailing = "".join(text[p] for p in digits)
    return tiles, i, trailing


def parse_tiles(text: str) -> list[Tile]:
    """A list of tiles in the order written (no melds), e.g. for waits or a wall.

    >>> parse_tiles("19m E 5z")
    [0, 8, 27, 33]
    """
    tiles, end, trailing = _read_tiles(text, 0, "")
    if trailing:
        raise InvalidNotationError("digits with no suit letter", text, end - len(trailing))
    return [t for t, _ in tiles]


class MeldText(NamedTuple):
    """A meld as the notation writes it: its kind (``"chow"``, ``"pung"``, ``"kong"``), its
    lowest tile, and the claim its digit tells (see `mahjongkit.hand.Meld`)."""

    kind: str
    tile: Tile
    concealed: bool = False
    claimed: Tile | None = None
    source: int | None = None
    promoted: bool = False

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """The meld's tiles in order."""
        if self.kind == "chow":
            return (self.tile, self.tile + 1, self.tile + 2)
        return (self.tile,) * (4 if self.kind == "kong" else 3)


def _meld_from(text: str, tiles: list[tuple[Tile, int]], digit: str, where: int) -> MeldText:
    kinds = [t for t, _ in tiles]
    if any(t >= NUM_KINDS for t in kinds):
        raise InvalidNotationError("a flower cannot be in a meld", text, where)
    claim = int(digit) if digit else None
    ordered = sorted(kinds)
    first = ordered[0] if ordered else 0
    if len(kinds) == 3 and len(set(kinds)) == 1:
        kind = "pung"
    elif len(kinds) == 4 and len(set(kinds)) == 1:
        kind = "kong"
    elif (
        len(kinds) == 3
        and SUIT[first] < 3
        and ordered == [first, first + 1, first + 2]
        and RANK[first] <= 7
    ):
        kind = "chow"
    else:
        shown = text[where : text.index("]", where) + 1] if "]" in text[where:] else text[where:]
        raise InvalidNotationError(f"{shown} is not a chow, pung or kong", text, where)
    if len(digit) > 1:
        raise InvalidNotationError("a meld takes one claim digit", text, where)
    if kind == "chow":
        if claim is not None and not 1 <= claim <= 3:
            raise InvalidNotationError("a chow's claim digit is 1, 2 or 3", text, where)
        if claim is None:
            return MeldText("chow", first)
        return MeldText("chow", first, claimed=first + claim - 1, source=1)
    if kind == "pung":
        if claim is not None and not 1 <= claim <= 3:
            raise InvalidNotationError("a pung's claim digit is 1, 2 or 3", text, where)
        return MeldText("pung", first, claimed=None if claim is None else first, source=claim)
    if claim is None:
        return MeldText("kong", first, concealed=True)
    if claim not in (1, 2, 3, 5, 6, 7):
        raise InvalidNotationError(
            "a kong's claim digit is 1, 2, 3, or 5, 6, 7 when promoted", text, where
        )
    promoted = claim > 4
    return MeldText(
        "kong", first, claimed=first, source=claim - 4 if promoted else claim, promoted=promoted
    )


def read_meld(text: str) -> MeldText:
    """One meld in bracket notation (`mahjongkit.hand.parse_meld` makes it a `Meld`).

    >>> read_meld("[7s8s9s,1]").claimed, read_meld("[777z]").kind
    (24, 'pung')
    >>> read_meld("[124m]")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    mahjongkit.errors.InvalidNotationError: [124m] is not a chow, pung or kong at position 0 ...
    """
    text_stripped = text.strip()
    if not (text_stripped.startswith("[") and text_stripped.endswith("]")):
        raise InvalidNotationError("a meld is written in brackets", text, 0)
    meld, end = _parse_bracket(text_stripped, 0)
    if end != len(text_stripped):
        raise InvalidNotationError("text after the meld", text, end)
    return meld


def _parse_bracket(text: str, start: int) -> tuple[MeldText, int]:
    tiles, i, trailing = _read_tiles(text, start + 1, "[]")
    if i >= len(text) or text[i] != "]":
        if i < len(text) and text[i] != "[":
            raise InvalidNotationError("unexpected character in a meld", text, i)
        raise InvalidNotationError("unclosed bracket", text, start)
    return _meld_from(text, tiles, trailing, start), i + 1


class HandText(NamedTuple):
    """A hand as the notation writes it: its melds, its flowers and its concealed tiles,
    each concealed tile in the order written (a complete hand's last is its winning tile)."""

    melds: tuple[MeldText, ...]
    flowers: tuple[Tile, ...]
    concealed: tuple[Tile, ...]
    last: str = "tile"
    """What was written last: ``"tile"`` (a concealed tile), ``"flower"`` or ``"meld"``."""


def read_hand(text: str) -> HandText:
    """A hand's melds in brackets, flowers and concealed tiles, in the order written; no
    tile five times. Whether they make a hand of 13 or 16 tiles is for
    `mahjongkit.hand.parse_hand` to say.

    >>> written = read_hand("1f[123m2]45p")
    >>> [m.tiles for m in written.melds], written.flowers, written.concealed
    ([(0, 1, 2)], (34,), (12, 13))
    >>> read_hand("11111m3456789p")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    mahjongkit.errors.InvalidNotationError: a fifth copy of 1m at position 4 ...
    """
    melds: list[MeldText] = []
    flowers: list[Tile] = []
    concealed: list[Tile] = []
    copies = [0] * NUM_KINDS
    last = "tile"
    i = 0
    while i < len(text):
        if text[i] == "[":
            meld, i = _parse_bracket(text, i)
            for t in meld.tiles:
                copies[t] += 1
                if copies[t] > 4:
                    raise InvalidNotationError(f"a fifth copy of {NAMES[t]}", text, i - 1)
            melds.append(meld)
            last = "meld"
            continue
        if text[i] == "]":
            raise InvalidNotationError("']' with no '[' before it", text, i)
        tiles, i, trailing = _read_tiles(text, i, "[]")
        if trailing:
            raise InvalidNotationError("digits with no suit letter", text, i - len(trailing))
        for t, pos in tiles:
            if t >= NUM_KINDS:
                if t in flowers:
                    raise InvalidNotationError(f"flower {NAMES[t]} twice", text, pos)
                flowers.append(t)
                last = "flower"
                continue
            copies[t] += 1
            if copies[t] > 4:
                raise InvalidNotationError(f"a fifth copy of {NAMES[t]}", text, pos)
            concealed.append(t)
            last = "tile"
    if not concealed and not melds:
        raise InvalidNotationError("no tiles", text, 0)
    return HandText(tuple(melds), tuple(flowers), tuple(concealed), last)


def format_written(written: HandText) -> str:
    """A hand's parts in the canonical order: flowers, melds, then the concealed tiles in
    the order written, so that the last concealed tile is written last.

    >>> format_written(read_hand("123m456p789s11sEEE1f"))
    '1f123m456p78911sEEE'
    """
    melds = "".join(
        format_meld(m.kind, m.tile, m.claimed, m.source, m.promoted) for m in written.melds
    )
    return format_tiles(written.flowers) + melds + format_tiles(written.concealed)


def format_meld(
    kind: str, tile: Tile, claimed: Tile | None, source: int | None, promoted: bool
) -> str:
    """A meld in bracket notation: its tiles, then the digit that tells the claim (a chow's
    claimed tile 1..3, a pung's or kong's source 1..3, plus 4 when promoted; none for a
    concealed kong or an unknown claim).

    >>> format_meld("pung", 27, 27, 3, False), format_meld("kong", 13, 13, 2, True)
    ('[EEE3]', '[5555p6]')
    """
    size = 3 if kind != "kong" else 4
    tiles = (tile, tile + 1, tile + 2) if kind == "chow" else (tile,) * size
    if SUIT[tile] < 3:
        body = "".join(str(RANK[t]) for t in tiles) + SUITS[SUIT[tile]]
    else:
        body = NAMES[tile] * len(tiles)
    digit = ""
    if kind == "chow":
        if claimed is not None:
            digit = str(claimed - tile + 1)
    elif source is not None:
        digit = str(source + (4 if promoted else 0))
    return f"[{body}{digit}]"


def format_tiles(tiles: Iterable[Tile]) -> str:
    """Tiles in compact notation, in the order given, grouping runs of one suit.

    >>> format_tiles([0, 1, 2, 9, 27, 27, 34, 39])
    '123m1pEE16f'
    """
    out: list[str] = []
    pending: list[str] = []
    pending_suit = ""
    for t in tiles:
        if t < 27 or t >= NUM_KINDS:
            suit = SUITS[t // 9] if t < 27 else "f"
            rank = str(RANK[t]) if t < 27 else str(t - NUM_KINDS + 1)
            if pending and suit != pending_suit:
                out.append("".join(pending) + pending_suit)
                pending = []
            pending.append(rank)
            pending_suit = suit
        else:
            if pending:
                out.append("".join(pending) + pending_suit)
                pending = []
            out.append(HONOR_LETTERS[t - 27])
    if pending:
        out.append("".join(pending) + pending_suit)
    return "".join(out)


def format_glyphs(tiles: Iterable[Tile]) -> str:
    """Tiles as Unicode mahjong glyphs.

    >>> format_glyphs([27]) == "\\U0001F000"
    True
    """
    return "".join(GLYPHS[t] for t in tiles)


__all__ = [
    "HandText",
    "MeldText",
    "format_glyphs",
    "format_meld",
    "format_tiles",
    "format_written",
    "parse_tiles",
    "read_hand",
    "read_meld",
]
