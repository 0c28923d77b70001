"""Tiles, melds and hands drawn as SVG, for notebooks and the web table.

Each tile is drawn as on a real set, on an ivory face: dots as rings in their
traditional arrangements, bamboo as sticks (the one a bird), characters as the rank's digit
over a red 万 drawn in three strokes, winds as their letter over a compass needle pointing
their way, the red dragon 中 and the green dragon 发 drawn in strokes, the white dragon a
blue frame, and flowers and seasons as their number (in a red disc, a blue square) and a
picture. No tile needs a font beyond ASCII, so every tile reads without a CJK font; each
has its name in words (`tile_label`) as its title and ``aria-label``, and its notation
as ``data-tile``. A tile back is plain green. Standard library only: the drawing is
text. Pictures made of several rows (a whole table: `mahjongkit.game.picture`) are put
together from `tile_row`, `text_element` and `svg_document`.

Melds and hands are drawn from their tiles alone (`MeldTiles`, `HandTiles`), so the
drawing sits below `mahjongkit.hand`, whose values draw themselves with it.

>>> svg = tile_svg(parse_tile("5m"))
>>> svg.startswith("<svg") and 'data-tile="5m"' in svg, svg.isascii()
(True, True)
>>> "<title>5 of characters</title>" in svg
True
>>> from mahjongkit.hand import Hand
>>> hand_svg(Hand.parse("[123m2]456p789s1sEEE1s")).count("<g data-tile")
14
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from html import escape
from typing import Protocol

from mahjongkit.tiles import NAMES, RANK, SUIT, Tile, parse_tile


class MeldTiles(Protocol):
    """What a meld's drawing reads (`mahjongkit.hand.Meld` has it)."""

    @property
    def tiles(self) -> tuple[Tile, ...]: ...

    @property
    def concealed(self) -> bool: ...


class HandTiles(Protocol):
    """What a hand's drawing reads (`mahjongkit.hand.Hand` has it)."""

    @property
    def flowers(self) -> tuple[Tile, ...]: ...

    @property
    def melds(self) -> Sequence[MeldTiles]: ...

    @property
    def winning_tile(self) -> Tile | None: ...

    def concealed_tiles(self) -> list[Tile]: ...


TILE_WIDTH = 30
TILE_HEIGHT = 40
GAP = 2
"""Space between tiles; groups (melds, the last tile) are set apart by three gaps."""
BACK: Tile = -1
"""In `tile_row`: a tile drawn face down."""

_RED, _BLUE, _GREEN, _INK = "#b3261e", "#1f4fa8", "#1d7a3a", "#1b2233"
_IVORY = "#fbf8ee"
_SUIT_NAME = ("characters", "dots", "bamboo")
_WIND_NAME = ("East", "South", "West", "North")
_FLOWER_NAME = ("Plum", "Orchid", "Chrysanthemum", "Bamboo")
_SEASON_NAME = ("Spring", "Summer", "Autumn", "Winter")


def tile_label(tile: Tile) -> str:
    """A tile's name in words, as a screen reader says it (the drawing's title).

    >>> [tile_label(parse_tile(t)) for t in ("5p", "1s", "9m", "E", "C", "P", "1f", "8f")]
    ['5 of dots', '1 of bamboo', '9 of characters', 'East wind', 'Red dragon', 'White dragon', \
'Plum (flower 1)', 'Winter (season 4)']
    """
    suit = SUIT[tile]
    if suit < 3:
        return f"{RANK[tile]} of {_SUIT_NAME[suit]}"
    if suit == 3:
        i = tile - 27
        return f"{_WIND_NAME[i]} wind" if i < 4 else ("Red", "Green", "White")[i - 4] + " dragon"
    i = tile - 34
    if i < 4:
        return f"{_FLOWER_NAME[i]} (flower {i + 1})"
    return f"{_SEASON_NAME[i - 4]} (season {i - 3})"


def _n(v: float) -> str:
    return f"{round(v, 1):g}"


def _circle(x: float, y: float, r: float, paint: str) -> str:
    return f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(r)}" {paint}/>'


def _stroke(d: str, colour: str, width: float, cap: str = "round") -> str:
    return (
        f'<path d="{d}" fill="none" stroke="{colour}" stroke-width="{_n(width)}" '
        f'stroke-linecap="{cap}" stroke-linejoin="round"/>'
    )


# Dots: (x, y, colour index) per dot, in the arrangements of a real set; 0 blue, 1 green,
# 2 red. The one of dots is a single large medallion.
_DOT_COLOUR = (_BLUE, _GREEN, _RED)
_DOTS: tuple[tuple[float, tuple[tuple[float, float, int], ...]], ...] = (
    (9.5, ((15, 19, 0),)),
    (5.6, ((15, 10.5, 1), (15, 27.5, 0))),
    (4.8, ((8, 8, 0), (15, 19, 2), (22, 30, 1))),
    (5, ((9, 11, 0), (21, 11, 1), (9, 27, 1), (21, 27, 0))),
    (4.3, ((8.5, 8.5, 0), (21.5, 8.5, 1), (15, 19, 2), (8.5, 29.5, 1), (21.5, 29.5, 0))),
    (
        4.1,
        ((9.5, 7.5, 1), (20.5, 7.5, 1), (9.5, 20, 2), (20.5, 20, 2), (9.5, 30, 2), (20.5, 30, 2)),
    ),
    (
        3.6,
        (
            (7, 6.5, 1),
            (15, 9.5, 1),
            (23, 12.5, 1),
            (9.5, 21, 2),
            (20.5, 21, 2),
            (9.5, 30.5, 2),
            (20.5, 30.5, 2),
        ),
    ),
    (3.5, tuple((x, 6.5 + 8 * k, 0) for k in range(4) for x in (9.5, 20.5))),
    (3.4, tuple((x, 8 + 11 * k, k) for k in range(3) for x in (7.5, 15, 22.5))),
)


def _dots(rank: int) -> str:
    r, dots = _DOTS[rank - 1]
    parts: list[str] = []
    if rank == 1:  # the medallion: rings of blue, green and red
        parts.append(_circle(15, 19, 9.5, f'fill="{_IVORY}" stroke="{_BLUE}" stroke-width="2.4"'))
        parts.append(_circle(15, 19, 5.6, f'fill="none" stroke="{_GREEN}" stroke-width="2.2"'))
        parts.append(_circle(15, 19, 2.4, f'fill="{_RED}"'))
        return "".join(parts)
    for x, y, c in dots:
        colour = _DOT_COLOUR[c]
        parts.append(
            _circle(x, y, r * 0.72, f'fill="none" stroke="{colour}" stroke-width="{_n(r * 0.56)}"')
        )
        parts.append(_circle(x, y, r * 0.26, f'fill="{colour}"'))
    return "".join(parts)


# Bamboo: sticks as (x1, y1, x2, y2, red), in the arrangements of a real set.
_Stick = tuple[float, float, float, float, bool]
_TOP, _LOW = (4.5, 15), (23, 33.5)
_ROWS = ((3.8, 10.5), (15.7, 22.3), (27.5, 34.2))
"""Three rows of sticks (the seven and nine of bamboo)."""


def _column(x: float, rows: Sequence[tuple[float, float]], red: bool = False) -> list[_Stick]:
    return [(x, a, x, b, red) for a, b in rows]


_STICKS: tuple[tuple[_Stick, ...], ...] = (
    (),
    tuple(_column(15, (_TOP, _LOW))),
    tuple(_column(15, (_TOP,)) + _column(9, (_LOW,)) + _column(21, (_LOW,))),
    tuple(_column(9, (_TOP, _LOW)) + _column(21, (_TOP, _LOW))),
    tuple(
        _column(7.5, (_TOP, _LOW))
        + _column(22.5, (_TOP, _LOW))
        + _column(15, ((13.75, 24.25),), True)
    ),
    tuple(s for x in (7.5, 15, 22.5) for s in _column(x, (_TOP, _LOW))),
    tuple(
        _column(15, (_ROWS[0],), True) + [s for x in (7.5, 15, 22.5) for s in _column(x, _ROWS[1:])]
    ),
    (
        (6.5, 4.5, 6.5, 15, False),
        (10.5, 4.5, 14, 15, False),
        (19.5, 4.5, 16, 15, False),
        (23.5, 4.5, 23.5, 15, False),
        (6.5, 23, 6.5, 33.5, False),
        (14, 23, 10.5, 33.5, False),
        (16, 23, 19.5, 33.5, False),
        (23.5, 23, 23.5, 33.5, False),
    ),
    tuple(s for x in (7.5, 15, 22.5) for s in _column(x, _ROWS, x == 15)),
)

_BIRD = (
    # The one of bamboo: a bird on a branch.
    _stroke("M5 30Q14 27 26 30", "#7a5a2b", 1.6)
    + '<path d="M8 27Q4 31 3 36M9 27Q7 32 7.5 36M10 27Q10 32 12 35.5" fill="none" '
    f'stroke="{_GREEN}" stroke-width="1.4" stroke-linecap="round"/>'
    + f'<ellipse cx="14" cy="20" rx="6.5" ry="8" transform="rotate(35 14 20)" fill="{_GREEN}"/>'
    + '<path d="M10 17Q14 24 20 22Q15 20 10 17Z" fill="#0f4a22"/>'
    + _circle(19.5, 10.5, 4.2, f'fill="{_RED}"')
    + '<path d="M23.2 9.2L27.5 11.2L23.2 12.8Z" fill="#e0a100"/>'
    + _circle(20.3, 9.8, 1, f'fill="{_IVORY}"')
)


def _bamboo(rank: int) -> str:
    if rank == 1:
        return _BIRD
    green: list[str] = []
    red: list[str] = []
    nodes: list[str] = []
    for x1, y1, x2, y2, is_red in _STICKS[rank - 1]:
        (red if is_red else green).append(f"M{_n(x1)} {_n(y1)}L{_n(x2)} {_n(y2)}")
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        nodes.append(f"M{_n(mx - 1.9)} {_n(my)}h3.8")
    parts = [_stroke("".join(green), _GREEN, 3.6)]
    if red:
        parts.append(_stroke("".join(red), _RED, 3.6))
    parts.append(_stroke("".join(nodes), _IVORY, 0.9, "butt"))
    return "".join(parts)


_WAN = _stroke("M7.5 24.5H22.5M12.5 29H21Q21 35.5 16.5 35M12.5 24.5Q12.5 32 7 35.5", _RED, 2.4)
"""The characters' suit mark: 万 (the short form of 萬) drawn in three strokes."""


def _characters(rank: int) -> str:
    return (
        f'<text x="15" y="20" font-size="19" font-weight="bold" text-anchor="middle" '
        f'font-family="sans-serif" fill="{_INK}">{rank}</text>{_WAN}'
    )


# Winds: the letter, and a compass needle pointing the wind's way (north up).
_NEEDLE = (
    "M21 30.5L9.5 28.4V32.6Z",
    "M15 36.3L12.9 24.7H17.1Z",
    "M9 30.5L20.5 28.4V32.6Z",
    "M15 24.7L12.9 36.3H17.1Z",
)


def _wind(i: int) -> str:
    return (
        f'<text x="15" y="22" font-size="20" font-weight="bold" text-anchor="middle" '
        f'font-family="sans-serif" fill="{_INK}">{"ESWN"[i]}</text>'
        + _circle(15, 30.5, 5, f'fill="none" stroke="{_INK}" stroke-width="1.1"')
        + f'<path d="{_NEEDLE[i]}" fill="{_RED}"/>'
    )


_DRAGONS = (
    # 中 in red: a box and the stroke through it.
    _stroke("M15 4V36", _RED, 3.2) + f'<rect x="6.5" y="12" width="17" height="11" rx="1" '
    f'fill="none" stroke="{_RED}" stroke-width="3"/>',
    # 发 (the short form of 發) in green.
    _stroke(
        "M10 6Q9.5 11 8.5 13.5H24M17 4Q16.5 24 6 35M12.5 20H22Q18 30 11 34.5"
        "M14.5 24Q18 31 24.5 34.5M21 5.5L23 8.5",
        _GREEN,
        2.4,
    ),
    # The white dragon: an empty blue frame.
    f'<rect x="6" y="7" width="18" height="25" rx="1.5" fill="none" stroke="{_BLUE}" '
    'stroke-width="2.4"/><rect x="9.5" y="10.5" width="11" height="18" fill="none" '
    f'stroke="{_BLUE}" stroke-width="1"/>',
)


def _flower_mark(i: int) -> str:
    """The drawing of flower ``i`` (0..3 plum, orchid, chrysanthemum, bamboo; 4..7 the
    seasons), about the centre of the lower face."""
    cx, cy = 16, 24
    if i == 0:  # plum: five round petals
        petals = "".join(
            _circle(cx + 5 * _COS[k], cy + 5 * _SIN[k], 3.6, 'fill="#d9557a"')
            for k in range(0, 10, 2)
        )
        return petals + _circle(cx, cy, 2.2, 'fill="#f2c230"')
    if i == 1:  # orchid: long leaves and a small bloom
        return _stroke("M16 35Q9 28 6 20M16 35Q18 26 25 22M16 35Q14 27 15 17", _GREEN, 1.5) + (
            _circle(15, 15.5, 2.8, 'fill="#8e4fb3"') + _circle(15, 15.5, 1, 'fill="#f2c230"')
        )
    if i == 2:  # chrysanthemum: many thin petals
        rays = _spokes(2.5, 8, range(10))
        return _stroke(rays, "#e08a00", 2.4) + _circle(cx, cy, 2.6, 'fill="#b35c00"')
    if i == 3:  # bamboo: a cane with leaves
        return (
            _stroke("M13 35V13", _GREEN, 3)
            + _stroke("M11.4 22h3.2M11.4 29h3.2", _IVORY, 0.8, "butt")
            + (_stroke("M14 21Q20 15 25 16M14 27Q20 24 25 26M13 15Q9 12 6 14", _GREEN, 1.8))
        )
    if i == 4:  # spring: a sprout
        return _stroke("M16 35V22", _GREEN, 1.8) + (
            '<path d="M16 25Q8 25 7 17Q14 17 16 25ZM16 22Q18 13 26 13Q25 21 16 22Z" '
            f'fill="{_GREEN}"/>'
        )
    if i == 5:  # summer: the sun
        rays = _spokes(6.5, 9.5, range(10))
        return _stroke(rays, "#e08a00", 1.6) + _circle(cx, cy, 5, 'fill="#f2b705"')
    if i == 6:  # autumn: a falling leaf
        return '<path d="M8 32Q7 18 24 14Q26 30 8 32Z" fill="#c0561b"/>' + _stroke(
            "M8 32L19 21M6 35L8 32", "#7a3a10", 1.2
        )
    # winter: a snowflake
    arms = (
        "M16 15V33M8.2 19.5L23.8 28.5M8.2 28.5L23.8 19.5"
        "M13.5 15.5L16 18L18.5 15.5M13.5 32.5L16 30L18.5 32.5"
    )
    return _stroke(arms, "#3b7fc4", 1.6) + _circle(cx, cy, 2, 'fill="#3b7fc4"')


def _spokes(r1: float, r2: float, ks: Iterable[int], cx: float = 16, cy: float = 24) -> str:
    """Path data of segments from radius ``r1`` to ``r2`` about (cx, cy), at the k-th of
    ten directions (0 up, clockwise) for each k of ``ks``."""
    return "".join(
        f"M{_n(cx + r1 * _COS[k])} {_n(cy + r1 * _SIN[k])}"
        f"L{_n(cx + r2 * _COS[k])} {_n(cy + r2 * _SIN[k])}"
        for k in ks
    )


_COS = tuple(math.cos(math.pi * (k / 5 - 0.5)) for k in range(10))
_SIN = tuple(math.sin(math.pi * (k / 5 - 0.5)) for k in range(10))


def _flower(i: int) -> str:
    """A flower or season: its number in the corner (flowers in a red disc, seasons in a
    blue square) and its drawing."""
    number = i % 4 + 1
    badge = (
        _circle(7, 7, 5, f'fill="{_RED}"')
        if i < 4
        else f'<rect x="2" y="2" width="10" height="10" rx="1" fill="{_BLUE}"/>'
    )
    return (
        badge + f'<text x="7" y="10.6" font-size="10" font-weight="bold" text-anchor="middle" '
        f'font-family="sans-serif" fill="#fff">{number}</text>' + _flower_mark(i)
    )


def _art(tile: Tile) -> str:
    """What is drawn on a tile's face, in the 30 by 40 tile's coordinates."""
    suit = SUIT[tile]
    if suit == 0:
        return _characters(RANK[tile])
    if suit == 1:
        return _dots(RANK[tile])
    if suit == 2:
        return _bamboo(RANK[tile])
    if suit == 3:
        i = tile - 27
        return _wind(i) if i < 4 else _DRAGONS[i - 4]
    return _flower(tile - 34)


def _face(
    tile: Tile, x: float, y: float, back: bool = False, scale: float = 1.0, faded: bool = False
) -> str:
    """One tile as an SVG group at (x, y), drawn ``scale`` times its size, ``faded`` (as a
    claimed discard is) or not: a body, the face on it, and the face's drawing."""
    w, h = TILE_WIDTH, TILE_HEIGHT
    place = f"translate({x:g},{y:g})" + (f" scale({scale:g})" if scale != 1 else "")
    look = ' opacity="0.35"' if faded else ""
    if back:
        return (
            f'<g data-tile="back" transform="{place}"{look}>'
            f'<rect x="0.5" y="0.5" width="{w - 1}" height="{h - 1}" rx="4" '
            'fill="#2e7d5b" stroke="#1b4d37"/></g>'
        )
    label = tile_label(tile)
    return (
        f'<g data-tile="{NAMES[tile]}" role="img" aria-label="{label}" transform="{place}"{look}>'
        f"<title>{label}</title>"
        f'<rect x="0.5" y="0.5" width="{w - 1}" height="{h - 1}" rx="4" fill="#ddd3b8" '
        f'stroke="#8a8170"/><rect x="1" y="1" width="{w - 2}" height="{h - 4}" rx="3.5" '
        f'fill="{_IVORY}"/>{_art(tile)}</g>'
    )


def svg_document(body: str, width: float, height: float, label: str) -> str:
    """An SVG image of ``width`` by ``height`` holding the elements ``body``; ``label``
    names it for screen readers.

    >>> svg_document("", 10, 20, "empty")[:48]
    '<svg xmlns="http://www.w3.org/2000/svg" width="1'
    """
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}" height="{height:g}" '
        f'viewBox="0 0 {width:g} {height:g}" role="img" aria-label="{escape(label)}">'
        f"{body}</svg>"
    )


def _svg(body: str, width: float, label: str) -> str:
    return svg_document(body, width, TILE_HEIGHT, label)


def text_element(
    text: str, x: float, y: float, *, size: float = 12, bold: bool = False, colour: str = "#222"
) -> str:
    """A line of text whose baseline starts at (x, y), in a sans-serif font.

    >>> text_element("E <ting>", 0, 10)
    '<text x="0" y="10" font-size="12" fill="#222" font-family="sans-serif">E &lt;ting&gt;</text>'
    """
    weight = ' font-weight="bold"' if bold else ""
    return (
        f'<text x="{x:g}" y="{y:g}" font-size="{size:g}" fill="{colour}" '
        f'font-family="sans-serif"{weight}>{escape(text)}</text>'
    )


def tile_row(
    groups: Iterable[Iterable[Tile]],
    x: float,
    y: float,
    *,
    scale: float = 1.0,
    faded: Sequence[bool] = (),
) -> tuple[str, float]:
    """Groups of tiles in a row from (x, y), the groups set apart, ``scale`` times the
    tile size; a `BACK` is drawn face down, and the n-th tile of the row is faded where
    ``faded[n]`` is true. Returns the elements and the x where the row ends.

    >>> body, end = tile_row([[0, 1], [BACK]], 10, 0, faded=[False, True])
    >>> body.count("<g data-tile"), body.count('opacity="0.35"'), body.count('"back"'), end
    (3, 1, 1, 110.0)
    """
    body: list[str] = []
    step = (TILE_WIDTH + GAP) * scale
    start = x
    n = 0
    for group in groups:
        tiles = list(group)
        if not tiles:
            continue
        if body:
            x += 3 * GAP * scale
        for t in tiles:
            fade = n < len(faded) and faded[n]
            body.append(_face(t, x, y, back=t == BACK, scale=scale, faded=fade))
            x += step
            n += 1
    return "".join(body), (x - GAP * scale if body else start)


def tile_svg(tile: Tile, *, back: bool = False) -> str:
    """One tile (or a tile back) as a standalone SVG image.

    >>> 'data-tile="back"' in tile_svg(0, back=True)
    True
    """
    label = "tile back" if back else tile_label(tile)
    return _svg(_face(tile, 0, 0, back), TILE_WIDTH, label)


def groups_svg(groups: Iterable[Iterable[Tile]], label: str = "tiles") -> str:
    """Groups of tiles in a row, the groups set apart.

    >>> groups_svg([[0, 1], [27]]).count("<g data-tile")
    3
    """
    body, end = tile_row(groups, 0, 0)
    return _svg(body, end, label)


def tiles_svg(tiles: Iterable[Tile | str]) -> str:
    """Tiles in a row, given as tiles or in notation one by one.

    >>> tiles_svg(["1m", "E"]).count("<g data-tile")
    2
    """
    return groups_svg([[parse_tile(t) if isinstance(t, str) else t for t in tiles]])


def meld_svg(meld: MeldTiles) -> str:
    """A declared set; a concealed kong shows its two end tiles face down."""
    tiles = meld.tiles
    if not meld.concealed:
        return groups_svg([tiles], str(meld))
    body = "".join(
        _face(t, i * (TILE_WIDTH + GAP), 0, back=i in (0, 3)) for i, t in enumerate(tiles)
    )
    return _svg(body, 4 * TILE_WIDTH + 3 * GAP, str(meld))


def hand_svg(hand: HandTiles) -> str:
    """A hand: flowers, melds, the concealed tiles sorted, then the last tile apart."""
    concealed = hand.concealed_tiles()
    last: list[Tile] = []
    if hand.winning_tile is not None:
        concealed.remove(hand.winning_tile)
        last = [hand.winning_tile]
    groups: list[tuple[Tile, ...] | list[Tile]] = [list(hand.flowers)]
    groups += [m.tiles for m in hand.melds]
    groups += [concealed, last]
    return groups_svg(groups, str(hand))


__all__ = [
    "BACK",
    "GAP",
    "TILE_HEIGHT",
    "TILE_WIDTH",
    "HandTiles",
    "MeldTiles",
    "groups_svg",
    "hand_svg",
    "meld_svg",
    "svg_document",
    "text_element",
    "tile_label",
    "tile_row",
    "tile_svg",
    "tiles_svg",
]
