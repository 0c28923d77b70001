"""Tiles as small integers, with their properties in tables computed once at import.

A tile is an ``int``: 0..8 characters 1-9 (``m``), 9..17 dots (``p``), 18..26 bamboo
(``s``), 27..30 the winds East South West North, 31..33 the dragons red, green, white
(``C F P``), and 34..41 the eight flowers (``1f``..``8f``: plum, orchid,
chrysanthemum, bamboo, spring, summer, autumn, winter).

>>> tile_name(0), tile_name(27), tile_name(33), tile_name(FLOWERS[0])
('1m', 'E', 'P', '1f')
>>> parse_tile("5p"), parse_tile("W"), parse_tile("5z")
(13, 29, 33)
>>> IS_TERMINAL[parse_tile("9s")], IS_HONOR[parse_tile("C")]
(True, True)
"""

from __future__ import annotations

from typing import Final

from mahjongkit.errors import InvalidNotationError

Tile = int
"""A tile kind: 0..33 for the 34 playing tiles, 34..41 for the flowers."""

NUM_KINDS: Final = 34
NUM_TILES: Final = 42

SUITS: Final = "mps"
"""Suit letters in tile order: characters, dots, bamboo."""
HONOR_LETTERS: Final = "ESWNCFP"
"""East South West North, then the red (C), green (F) and white (P) dragons."""
TENHOU_HONORS: Final = (27, 28, 29, 30, 33, 32, 31)
"""``1z..7z`` in Tenhou order: E S W N, then white, green, red."""

EAST, SOUTH, WEST, NORTH = 27, 28, 29, 30
RED, GREEN, WHITE = 31, 32, 33

WINDS: Final = (EAST, SOUTH, WEST, NORTH)
DRAGONS: Final = (RED, GREEN, WHITE)
HONORS: Final = WINDS + DRAGONS
SUITED: Final = tuple(range(27))
KINDS: Final = tuple(range(NUM_KINDS))
FLOWERS: Final = tuple(range(34, 42))
"""``1f..4f`` plum, orchid, chrysanthemum, bamboo; ``5f..8f`` the four seasons."""
TERMINALS: Final = (0, 8, 9, 17, 18, 26)
TERMINALS_AND_HONORS: Final = TERMINALS + HONORS

#: The suit of a playing tile (0, 1, 2) or 3 for honours, 4 for flowers.
SUIT: Final[tuple[int, ...]] = tuple(min(t // 9, 3) if t < 34 else 4 for t in range(NUM_TILES))
#: The rank 1..9 of a suited tile, 0 for honours and flowers.
RANK: Final[tuple[int, ...]] = tuple(t % 9 + 1 if t < 27 else 0 for t in range(NUM_TILES))
IS_SUITED: Final[tuple[bool, ...]] = tuple(t < 27 for t in range(NUM_TILES))
IS_HONOR: Final[tuple[bool, ...]] = tuple(27 <= t < 34 for t in range(NUM_TILES))
IS_WIND: Final[tuple[bool, ...]] = tuple(27 <= t < 31 for t in range(NUM_TILES))
IS_DRAGON: Final[tuple[bool, ...]] = tuple(31 <= t < 34 for t in range(NUM_TILES))
IS_FLOWER: Final[tuple[bool, ...]] = tuple(t >= 34 for t in range(NUM_TILES))
IS_TERMINAL: Final[tuple[bool, ...]] = tuple(t in TERMINALS for t in range(NUM_TILES))
IS_TERMINAL_OR_HONOR: Final[tuple[bool, ...]] = tuple(
    t in TERMINALS_AND_HONORS for t in range(NUM_TILES)
)
#: All Green: 2 3 4 6 8 of bamboo and the green dragon.
IS_GREEN: Final[tuple[bool, ...]] = tuple(
    t in (19, 20, 21, 23, 25, GREEN) for t in range(NUM_TILES)
)
#: Reversible Tiles: 1234589 dots, 245689 bamboo and the white dragon look the same upside down.
IS_REVERSIBLE: Final[tuple[bool, ...]] = tuple(
    t in (9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, 26, WHITE) for t in range(NUM_TILES)
)


def _name(t: int) -> str:
    if t < 27:
        return f"{t % 9 + 1}{SUITS[t // 9]}"
    if t < 34:
        return HONOR_LETTERS[t - 27]
    return f"{t - 33}f"


NAMES: Final[tuple[str, ...]] = tuple(_name(t) for t in range(NUM_TILES))

# Unicode Mahjong Tiles block: winds, dragons (red, green, white), characters, bamboo, dots,
# then plum, orchid, bamboo, chrysanthemum, and the four seasons.
_GLYPH_CODE = (
    [0x1F007 + r for r in range(9)]
    + [0x1F019 + r for r in range(9)]
    + [0x1F010 + r for r in range(9)]
    + [0x1F000, 0x1F001, 0x1F002, 0x1F003, 0x1F004, 0x1F005, 0x1F006]
    + [0x1F022, 0x1F023, 0x1F025, 0x1F024, 0x1F026, 0x1F027, 0x1F028, 0x1F029]
)
GLYPHS: Final[tuple[str, ...]] = tuple(chr(c) for c in _GLYPH_CODE)
_FROM_GLYPH: Final = {g: t for t, g in enumerate(GLYPHS)}
_FROM_NAME: Final = {n: t for t, n in enumerate(NAMES)}
_FROM_NAME.update({f"{i + 1}z": t for i, t in enumerate(TENHOU_HONORS)})


def tile_name(tile: Tile) -> str:
    """The notation of one tile: ``'5m'``, ``'E'``, ``'3f'``.

    >>> tile_name(4)
    '5m'
    """
    return NAMES[tile]


def tile_glyph(tile: Tile) -> str:
    """The Unicode mahjong glyph of a tile.

    >>> tile_glyph(parse_tile("E")) == "\\U0001F000"
    True
    """
    return GLYPHS[tile]


def parse_tile(text: str) -> Tile:
    """One tile from its notation (``'5m'``, ``'E'``, ``'5z'``, ``'2f'``) or its glyph.

    >>> parse_tile("1s"), parse_tile("7z"), parse_tile("\\U0001F006")
    (18, 31, 33)
    >>> parse_tile("0m")
    Traceback (most recent call last):
    ...
    mahjongkit.errors.InvalidNotationError: not a tile in '0m'
    """
    tile = _FROM_NAME.get(text)
    if tile is None:
        tile = _FROM_GLYPH.get(text)
    if tile is None:
        raise InvalidNotationError("not a tile", text)
    return tile


def seat_flowers(seat: int) -> tuple[Tile, Tile]:
    """The two flowers belonging to a seat (0 East .. 3 North): flower n is seat (n-1) mod 4.

    >>> [tile_name(f) for f in seat_flowers(1)]
    ['2f', '6f']
    """
    return FLOWERS[seat], FLOWERS[seat + 4]


def tiles_to_counts(tiles: list[Tile] | tuple[Tile, ...]) -> tuple[int, ...]:
    """A 34-slot count vector from a list of playing tiles.

    >>> tiles_to_counts([0, 0, 33])[0], tiles_to_counts([0, 0, 33])[33]
    (2, 1)
    """
    counts = [0] * NUM_KINDS
    for t in tiles:
        counts[t] += 1
    return tuple(counts)


def counts_to_tiles(counts: tuple[int, ...] | list[int]) -> list[Tile]:
    """The sorted tiles of a 34-slot count vector.

    >>> counts_to_tiles(tiles_to_counts([5, 1, 5]))
    [1, 5, 5]
    """
    return [t for t in range(NUM_KINDS) for _ in range(counts[t])]


def wind_of(name: str) -> Tile:
    """A wind from its letter or word (``'E'``, ``'east'``), as used for seat and prevalent wind.

    >>> wind_of("S") == SOUTH, wind_of("north") == NORTH
    (True, True)
    """
    key = name.strip().upper()[:1]
    if (
        not key
        or key not in "ESWN"
        or (
            len(name.strip()) > 1 and name.strip().lower() not in ("east", "south", "west", "north")
        )
    ):
        raise InvalidNotationError("not a wind (E, S, W or N)", name)
    return WINDS["ESWN".index(key)]
