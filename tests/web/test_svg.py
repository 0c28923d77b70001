"""Tile faces are drawn, not typed: each of the 42 tiles reads without any CJK font and
has a name a screen reader says (docs/web.md, "Tiles are drawn by")."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from itertools import combinations

from mahjongkit.svg import tile_label, tile_svg
from mahjongkit.tiles import NAMES, NUM_TILES, RANK, SUIT

SVG = "{http://www.w3.org/2000/svg}"


def visible(svg: str) -> str:
    """What a reader without a CJK font sees of a drawing: no title, no label, no data
    attribute, and no text with a character outside ASCII (it may show as empty boxes)."""
    svg = re.sub(r"<title>.*?</title>", "", svg)
    svg = re.sub(r' (aria-label|data-tile)="[^"]*"', "", svg)
    return re.sub(r"<text[^>]*>[^<]*[^\x00-\x7f][^<]*</text>", "", svg)


def test_the_42_faces_differ_without_any_font_beyond_ascii() -> None:
    faces = {NAMES[t]: visible(tile_svg(t)) for t in range(NUM_TILES)}
    assert len(faces) == 42
    for (a, fa), (b, fb) in combinations(faces.items(), 2):
        assert fa != fb, (a, b)
    for name, face in faces.items():
        assert face.isascii(), name  # no glyph outside ASCII is drawn at all
        ET.fromstring(face)  # still a well-formed image


def test_suit_marks_are_drawn_shapes() -> None:
    """Dots are circles, bamboo sticks are strokes, the characters' mark is a path; the
    only text on a suited tile is the characters' rank digit."""
    wan = None
    for tile in range(27):
        root = ET.fromstring(tile_svg(tile))
        texts = [e.text for e in root.iter(SVG + "text")]
        paths = [e.attrib["d"] for e in root.iter(SVG + "path")]
        circles = list(root.iter(SVG + "circle"))
        rank, suit = RANK[tile], SUIT[tile]
        if suit == 0:
            assert texts == [str(rank)] and len(paths) == 1, NAMES[tile]
            wan = wan or paths[0]
            assert paths[0] == wan  # the same mark on every rank
        elif suit == 1:
            assert texts == [] and paths == [], NAMES[tile]
            assert len(circles) == (3 if rank == 1 else 2 * rank), NAMES[tile]  # ring and eye
        else:
            assert texts == [], NAMES[tile]
            if rank > 1:  # one stick per subpath, drawn green or red
                sticks = sum(d.count("M") for d in paths[:-1])
                assert sticks == rank, NAMES[tile]


def test_every_tile_has_an_accessible_name_and_its_notation() -> None:
    labels = [tile_label(t) for t in range(NUM_TILES)]
    assert len(set(labels)) == NUM_TILES
    assert labels[13] == "5 of dots" and labels[18] == "1 of bamboo"
    assert labels[8] == "9 of characters" and labels[27] == "East wind"
    assert labels[31:34] == ["Red dragon", "Green dragon", "White dragon"]
    assert labels[34] == "Plum (flower 1)" and labels[41] == "Winter (season 4)"
    for tile in range(NUM_TILES):
        svg = tile_svg(tile)
        root = ET.fromstring(svg)
        assert root.attrib["aria-label"] == labels[tile] and root.attrib["role"] == "img"
        face = root.find(SVG + "g")
        assert face is not None and face.attrib["data-tile"] == NAMES[tile]
        assert face.attrib["aria-label"] == labels[tile]
        title = face.find(SVG + "title")
        assert title is not None and title.text == labels[tile]


def test_faces_stay_small() -> None:
    """The page loads all 43 images at once (`/api/tiles`)."""
    sizes = [len(tile_svg(t).encode()) for t in range(NUM_TILES)]
    assert max(sizes) < 2500 and sum(sizes) < 50_000
