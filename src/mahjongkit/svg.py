"""Tiles, melds and hands drawn as SVG, for notebooks and the web table.

Each tile is a small ivory face with its rank and suit (characters red, dots blue, bamboo
green), its Chinese character for honours and flowers; a tile back is plain green.
Standard library only: the drawing is text.

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

_SUIT_MARK = ("萬", "筒", "條")
_SUIT_COLOUR = ("#b3261e", "#1f4fa8", "#1d7a3a")
_HONOUR = ("東", "南", "西", "北", "中", "發", "")
_HONOUR_COLOUR = ("#222", "#222", "#222", "#222", "#b3261e", "#1d7a3a", "#1f4fa8")
_FLOWER = ("梅", "蘭", "菊", "竹", "春", "夏", "秋", "冬")
_NUMERAL = ("一", "二", "三", "四", "五", "六", "七", "八", "九")


def _face(tile: Tile, x: float, y: float, back: bool = False) -> str:
    """One tile as an SVG group at (x, y)."""
    w, h = TILE_WIDTH, TILE_HEIGHT
    if back:
        return (
            f'<g data-tile="back" transform="translate({x},{y})">'
            f'<rect x="0.5" y="0.5" width="{w - 1}" height="{h - 1}" rx="4" '
            'fill="#2e7d5b" stroke="#1b4d37"/></g>'
        )
    name = NAMES[tile]
    parts = [
        f'<g data-tile="{name}" transform="translate({x},{y})">',
        f"<title>{name}</title>",
        f'<rect x="0.5" y="0.5" width="{w - 1}" height="{h - 1}" rx="4" '
        'fill="#fbf8ee" stroke="#8a8170"/>',
    ]
    suit = SUIT[tile]
    text = (
        '<text x="{x}" y="{y}" font-size="{s}" text-anchor="middle" fill="{c}" {extra}>{t}</text>'
    )
    font = 'font-family="serif" font-weight="bold"'
    if suit < 3:
        colour = _SUIT_COLOUR[suit]
        numeral = _NUMERAL[RANK[tile] - 1] if suit == 0 else str(RANK[tile])
        y = 21 if suit == 0 else 19  # room for the corner index above a Chinese numeral
        parts.append(
            text.format(x=w / 2, y=y, s=14 if suit == 0 else 15, c=colour, extra=font, t=numeral)
        )
        parts.append(text.format(x=w / 2, y=35, s=12, c=colour, extra=font, t=_SUIT_MARK[suit]))
    elif suit == 3:
        i = tile - 27
        if _HONOUR[i]:
            parts.append(
                text.format(x=w / 2, y=28, s=20, c=_HONOUR_COLOUR[i], extra=font, t=_HONOUR[i])
            )
        else:  # the white dragon: an empty blue frame
            parts.append(
                f'<rect x="7" y="11" width="{w - 14}" height="{h - 17}" rx="2" fill="none" '
                f'stroke="{_HONOUR_COLOUR[i]}" stroke-width="2"/>'
            )
    else:
        i = tile - 34
        colour = "#7a3e9d" if i < 4 else "#b35c00"
        parts.append(text.format(x=w / 2, y=24, s=17, c=colour, extra=font, t=_FLOWER[i]))
        parts.append(
            text.format(
                x=w / 2, y=36, s=9, c=colour, extra='font-family="sans-serif"', t=str(i % 4 + 1)
            )
        )
    # A corner index in Latin letters keeps the tile readable without a CJK font.
    if suit != 1 and suit != 2:
        parts.append(
            f'<text x="3" y="9" font-size="8" fill="#555" font-family="sans-serif">{name}</text>'
        )
    parts.append("</g>")
    return "".join(parts)


def _svg(body: str, width: float, label: str) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}" height="{TILE_HEIGHT}" '
        f'viewBox="0 0 {width:g} {TILE_HEIGHT}" role="img" aria-label="{escape(label)}">'
        f"{body}</svg>"
    )


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
    body: list[str] = []
    x = 0.0
    first = True
    for group in groups:
        tiles = list(group)
        if not tiles:
            continue
        if not first:
            x += 3 * GAP
        first = False
        for t in tiles:
            body.append(_face(t, x, 0))
            x += TILE_WIDTH + GAP
    width = max(x - GAP, 0.0) if body else 0.0
    return _svg("".join(body), width, label)


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
    "GAP",
    "TILE_HEIGHT",
    "TILE_WIDTH",
    "HandTiles",
    "MeldTiles",
    "groups_svg",
    "hand_svg",
    "meld_svg",
    "tile_svg",
    "tiles_svg",
]
