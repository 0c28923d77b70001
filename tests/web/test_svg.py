"""Tile drawings stay readable without a CJK font (docs/web.md, "Tiles are drawn by")."""

from __future__ import annotations

import re

from mahjongkit.svg import tile_svg
from mahjongkit.tiles import NAMES, NUM_TILES, SUIT


def test_every_tile_shows_its_notation_in_latin_text() -> None:
    """Every tile carries its notation as a Latin corner index (dots and bamboo too: their
    digit alone would leave the suit to colour and a CJK character)."""
    for tile in range(NUM_TILES):
        texts = re.findall(r"<text[^>]*>([^<]*)</text>", tile_svg(tile))
        name = NAMES[tile]
        assert name in texts, name
        if SUIT[tile] in (1, 2):
            assert name[0] in texts, name
