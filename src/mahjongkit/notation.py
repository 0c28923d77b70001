"""The one strict notation for tiles, melds and hands, compatible with the MCR Helper app.

Suited tiles are digits before their suit letter (``123m`` characters, ``456p`` dots,
``789s`` bamboo); honours are ``E S W N`` and ``C F P`` (red, green, white dragons) or
``1z..7z`` in Tenhou order; flowers ``1f..8f``. Melds stand in brackets with an optional
claim digit: ``[123m2]`` (the 2m was claimed), ``[555p3]`` (claimed from the right),
``[EEEE]`` (concealed kong), ``[5555p5]`` (kong promoted from a pung claimed from the left);
``[567m,2]`` is accepted too. In a complete hand the last tile written is the winning tile.
Unicode glyphs from the Mahjong Tiles block are accepted wherever a tile is.

>>> str(parse_hand("[567m,2]EEE5z5zP234s9p9p"))
'[567m2]9p234sEEEPPP9p'
>>> format_tiles(parse_tiles("3z12m"))
'W12m'
>>> parse_hand("123m45")
Traceback (most recent call last):
...
mahjongkit.errors.InvalidNotationError: digits with no suit letter at position 4 in '123m45'
"""

from __future__ import annotations

from collections.abc import Iterable

from mahjongkit.errors import InvalidHandError, InvalidNotationError
from mahjongkit.hand import CHOW, HAND_SIZES, KONG, PUNG, Hand, Meld
from mahjongkit.tiles import (
    GLYPHS,
    HONOR_LETTERS,
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


def _meld_from(text: str, tiles: list[tuple[Tile, int]], digit: str, where: int) -> Meld:
    kinds = [t for t, _ in tiles]
    if any(t >= NUM_KINDS for t in kinds):
        raise InvalidNotationError("a flower cannot be in a meld", text, where)
    claim = int(digit) if digit else None
    ordered = sorted(kinds)
    first = ordered[0] if ordered else 0
    if len(kinds) == 3 and len(set(kinds)) == 1:
        kind = PUNG
    elif len(kinds) == 4 and len(set(kinds)) == 1:
        kind = KONG
    elif (
        len(kinds) == 3
        and SUIT[first] < 3
        and ordered == [first, first + 1, first + 2]
        and RANK[first] <= 7
    ):
        kind = CHOW
    else:
        shown = text[where : text.index("]", where) + 1] if "]" in text[where:] else text[where:]
        raise InvalidNotationError(f"{shown} is not a chow, pung or kong", text, where)
    if len(digit) > 1:
        raise InvalidNotationError("a meld takes one claim digit", text, where)
    try:
        if kind is CHOW:
            if claim is not None and not 1 <= claim <= 3:
                raise InvalidNotationError("a chow's claim digit is 1, 2 or 3", text, where)
            return Meld(
                CHOW,
                first,
                claimed=None if claim is None else first + claim - 1,
                source=None if claim is None else 1,
            )
        if kind is PUNG:
            if claim is not None and not 1 <= claim <= 3:
                raise InvalidNotationError("a pung's claim digit is 1, 2 or 3", text, where)
            return Meld(PUNG, first, claimed=None if claim is None else first, source=claim)
        if claim is None:
            return Meld(KONG, first, concealed=True)
        if claim not in (1, 2, 3, 5, 6, 7):
            raise InvalidNotationError(
                "a kong's claim digit is 1, 2, 3, or 5, 6, 7 when promoted", text, where
            )
        promoted = claim > 4
        return Meld(
            KONG, first, claimed=first, source=claim - 4 if promoted else claim, promoted=promoted
        )
    except InvalidHandError as err:
        raise InvalidNotationError(str(err), text, where) from None


def parse_meld(text: str) -> Meld:
    """One meld in bracket notation.

    >>> str(parse_meld("[7s8s9s,1]")), str(parse_meld("[777z]"))
    ('[789s1]', '[CCC]')
    >>> parse_meld("[124m]")  # doctest: +ELLIPSIS
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


def _parse_bracket(text: str, start: int) -> tuple[Meld, int]:
    tiles, i, trailing = _read_tiles(text, start + 1, "[]")
    if i >= len(text) or text[i] != "]":
        if i < len(text) and text[i] != "[":
            raise InvalidNotationError("unexpected character in a meld", text, i)
        raise InvalidNotationError("unclosed bracket", text, start)
    return _meld_from(text, tiles, trailing, start), i + 1


def parse_hand(text: str, size: int | None = None) -> Hand:
    """A hand: melds in brackets, flowers and concealed tiles; the last tile wins.

    ``size`` (13 or 16) insists on one hand size; by default any size fits.

    >>> h = parse_hand("1f[123m2]456p789s1sEEE1s")
    >>> h.flowers, len(h.melds), h.size
    ((34,), 1, 13)
    >>> parse_hand("11112m3456789p")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    mahjongkit.errors.InvalidNotationError: ...
    """
    if size is not None and size not in HAND_SIZES:
        raise ValueError(f"hand size must be 13 or 16, not {size}")
    melds: list[Meld] = []
    flowers: list[Tile] = []
    concealed: list[tuple[Tile, int]] = []
    copies = [0] * NUM_KINDS
    i = 0
    while i < len(text):
        if text[i] == "[":
            meld, i = _parse_bracket(text, i)
            for t in meld.tiles:
                copies[t] += 1
                if copies[t] > 4:
                    raise InvalidNotationError(f"a fifth copy of {_name(t)}", text, i - 1)
            melds.append(meld)
            continue
        if text[i] == "]":
            raise InvalidNotationError("']' with no '[' before it", text, i)
        tiles, i, trailing = _read_tiles(text, i, "[]")
        if trailing:
            raise InvalidNotationError("digits with no suit letter", text, i - len(trailing))
        for t, pos in tiles:
            if t >= NUM_KINDS:
                if t in flowers:
                    raise InvalidNotationError(f"flower {_name(t)} twice", text, pos)
                flowers.append(t)
                continue
            copies[t] += 1
            if copies[t] > 4:
                raise InvalidNotationError(f"a fifth copy of {_name(t)}", text, pos)
            concealed.append((t, pos))
    if not concealed and not melds:
        raise InvalidNotationError("no tiles", text, 0)
    sizes_melds = max(HAND_SIZES if size is None else (size,)) // 3
    if len(melds) > sizes_melds:
        raise InvalidNotationError(f"{len(melds)} melds are too many (at most {sizes_melds})", text)
    count = len(concealed) + 3 * len(melds)
    sizes = HAND_SIZES if size is None else (size,)
    fit = next((s for s in sizes if count in (s, s + 1)), None)
    if fit is None:
        wanted = " or ".join(f"{s} or {s + 1}" for s in sizes)
        raise InvalidNotationError(
            f"{count} tiles (kongs counted as 3) fit no hand; a hand has {wanted}", text
        )
    if len(melds) > fit // 3:
        raise InvalidNotationError(f"{len(melds)} melds are too many for a {fit}-tile hand", text)
    winning = concealed[-1][0] if count == fit + 1 else None
    try:
        return Hand.from_tiles([t for t, _ in concealed], tuple(melds), tuple(flowers), winning)
    except InvalidHandError as err:
        raise InvalidNotationError(str(err), text) from None


def _name(tile: Tile) -> str:
    from mahjongkit.tiles import NAMES

    return NAMES[tile]


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
