"""Tiles, melds and hands drawn as SVG, for notebooks and the web table.

Each tile is a small ivory face with its rank and suit (characters red, dots blue, bamboo
green), its Chinese character for honours and flowers, and its notation in Latin letters
in the corner, so that it reads without a CJK font; a tile back is plain green.
Standard library only: the drawing is text. Pictures made of several rows (a whole table:
`mahjongkit.game.picture`) are put together from `tile_row`, `text_element` and
`svg_document`.

Melds and hands are drawn from their tiles alone (`MeldTiles`, `HandTiles`), so the
drawing sits below `mahjongkit.hand`, whose values draw themselves with it.

>>> svg = tile_svg(parse_tile("5m"))
>>> svg.startswith("<svg") and 'data-tile="5m"' in svg and "萬" in svg
True
>>> from mahjongkit.hand import Hand
>>> hand_svg(Hand.parse("[123m2]456p789s1sEEE1s")).count("<g data-tile")
14
"""

from __future__ import annotations

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

_SUIT_MARK = ("萬", "筒", "條")
_SUIT_COLOUR = ("#b3261e", "#1f4fa8", "#1d7a3a")
_HONOUR = ("東", "南", "西", "北", "中", "發", "")
_HONOUR_COLOUR = ("#222", "#222", "#222", "#222", "#b3261e", "#1d7a3a", "#1f4fa8")
_FLOWER = ("梅", "蘭", "菊", "竹", "春", "夏", "秋", "冬")
_NUMERAL = ("一", "二", "三", "四", "五", "六", "七", "八", "九")


def _face(
    tile: Tile, x: float, y: float, back: bool = False, scale: float = 1.0, faded: bool = False
) -> str:
    """One tile as an SVG group at (x, y), drawn ``scale`` times its size, ``faded`` (as a
    claimed discard is) or not."""
    w, h = TILE_WIDTH, TILE_HEIGHT
    place = f"translate({x:g},{y:g})" + (f" scale({scale:g})" if scale != 1 else "")
    look = ' opacity="0.35"' if faded else ""
    if back:
        return (
            f'<g data-tile="back" transform="{place}"{look}>'
            f'<rect x="0.5" y="0.5" width="{w - 1}" height="{h - 1}" rx="4" '
            'fill="#2e7d5b" stroke="#1b4d37"/></g>'
        )
    name = NAMES[tile]
    parts = [
        f'<g data-tile="{name}" transform="{place}"{look}>',
        f"<title>{name}</title>",
        f'<rect x="0.5" y="0.5" width="{w - 1}" height="{h - 1}" rx="4" '
        'fill="#fbf8ee" stroke="#8a8170"/>',
    ]
    suit = SUIT[tile]
    text = (
        '<text x="{x}" y="{y}" font-size="{s}" text-anchor="middle" fill="{c}" {extra}>{t}</text>'
    )
    font = 'font-family="serif" font-weight="bold"'
    # The tile's notation in Latin letters, in the corner, keeps it readable without a
    # CJK font: on every tile (on dots and bamboo too, whose digit alone would leave the
    # suit to colour and a CJK mark), large enough to read on a discard drawn smaller.
    if suit < 3:
        colour = _SUIT_COLOUR[suit]
        numeral = _NUMERAL[RANK[tile] - 1] if suit == 0 else str(RANK[tile])
        parts.append(text.format(x=w / 2, y=25, s=14, c=colour, extra=font, t=numeral))
        parts.append(text.format(x=w / 2, y=37, s=11, c=colour, extra=font, t=_SUIT_MARK[suit]))
    elif suit == 3:
        i = tile - 27
        colour = _HONOUR_COLOUR[i]
        if _HONOUR[i]:
            parts.append(text.format(x=w / 2, y=33, s=18, c=colour, extra=font, t=_HONOUR[i]))
        else:  # the white dragon: an empty blue frame
            parts.append(
                f'<rect x="8" y="15" width="{w - 16}" height="{h - 20}" rx="2" fill="none" '
                f'stroke="{colour}" stroke-width="2"/>'
            )
    else:
        i = tile - 34
        colour = "#7a3e9d" if i < 4 else "#b35c00"
        parts.append(text.format(x=w / 2, y=29, s=15, c=colour, extra=font, t=_FLOWER[i]))
        parts.append(
            text.format(
                x=w / 2, y=38, s=8, c=colour, extra='font-family="sans-serif"', t=str(i % 4 + 1)
            )
        )
    parts.append(
        f'<text x="2.5" y="10.5" font-size="10" font-weight="bold" fill="{colour}" '
        f'font-family="sans-serif">{name}</text>'
    )
    parts.append("</g>")
    return "".join(parts)


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
    label = "tile back" if back else NAMES[tile]
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
    "tile_row",
    "tile_svg",
    "tiles_svg",
]
