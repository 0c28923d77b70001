"""Tiles: integer codes, names, glyphs and the property tables (DESIGN.md, Values)."""

from __future__ import annotations

import pytest

from mahjongkit.errors import InvalidNotationError
from mahjongkit.tiles import (
    EAST,
    FLOWERS,
    GLYPHS,
    HONORS,
    IS_DRAGON,
    IS_GREEN,
    IS_HONOR,
    IS_REVERSIBLE,
    IS_SUITED,
    IS_TERMINAL,
    IS_TERMINAL_OR_HONOR,
    IS_WIND,
    NAMES,
    NORTH,
    NUM_KINDS,
    NUM_TILES,
    RANK,
    RED,
    SOUTH,
    SUIT,
    TERMINALS,
    WHITE,
    counts_to_tiles,
    parse_tile,
    seat_flowers,
    tile_glyph,
    tile_name,
    tiles_to_counts,
    wind_of,
)


def test_every_tile_name_and_glyph_round_trips() -> None:
    assert len(set(NAMES)) == len(set(GLYPHS)) == NUM_TILES == 42
    for t in range(NUM_TILES):
        assert parse_tile(tile_name(t)) == t
        assert parse_tile(tile_glyph(t)) == t
        assert 0x1F000 <= ord(tile_glyph(t)) <= 0x1F02B  # the Mahjong Tiles block


def test_codes_follow_the_design_order() -> None:
    assert [tile_name(t) for t in (0, 8, 9, 17, 18, 26)] == ["1m", "9m", "1p", "9p", "1s", "9s"]
    assert "".join(tile_name(t) for t in HONORS) == "ESWNCFP"
    assert [tile_name(f) for f in FLOWERS] == [f"{n}f" for n in range(1, 9)]


def test_tenhou_honours_put_white_before_green_and_red() -> None:
    """DESIGN.md: 1z..7z in Tenhou order, 5z white, 6z green, 7z red."""
    assert [tile_name(parse_tile(f"{n}z")) for n in range(1, 8)] == list("ESWNPFC")


def test_glyphs_of_winds_dragons_and_flowers() -> None:
    assert tile_glyph(EAST) == "\U0001f000"
    assert tile_glyph(RED) == "\U0001f004" and tile_glyph(WHITE) == "\U0001f006"
    assert tile_glyph(parse_tile("1m")) == "\U0001f007"
    assert tile_glyph(parse_tile("1s")) == "\U0001f010"
    assert tile_glyph(parse_tile("1p")) == "\U0001f019"
    assert tile_glyph(parse_tile("5f")) == "\U0001f026"  # spring


@pytest.mark.parametrize("bad", ["0m", "10m", "8z", "9f", "m", "", "X", "1 m", "EE"])
def test_a_bad_tile_is_an_error_quoting_it(bad: str) -> None:
    with pytest.raises(InvalidNotationError) as err:
        parse_tile(bad)
    assert repr(bad) in str(err.value)


def test_property_tables() -> None:
    assert [t for t in range(NUM_TILES) if IS_TERMINAL[t]] == list(TERMINALS)
    assert sum(IS_HONOR) == 7 and sum(IS_WIND) == 4 and sum(IS_DRAGON) == 3
    assert sum(IS_SUITED) == 27 and sum(IS_TERMINAL_OR_HONOR) == 13
    assert "".join(tile_name(t) for t in range(NUM_KINDS) if IS_GREEN[t]) == "2s3s4s6s8sF"
    # Reversible Tiles: 1234589 dots, 245689 bamboo, white dragon (14 kinds).
    assert sum(IS_REVERSIBLE) == 14 and IS_REVERSIBLE[WHITE]
    assert not any(IS_HONOR[f] or IS_SUITED[f] for f in FLOWERS)
    assert SUIT[parse_tile("5p")] == 1 and RANK[parse_tile("5p")] == 5
    assert SUIT[EAST] == 3 and RANK[EAST] == 0 and SUIT[FLOWERS[0]] == 4


def test_flower_n_belongs_to_seat_n_minus_one_mod_four() -> None:
    """DESIGN.md: flower n belongs to seat (n-1) mod 4 (E S W N)."""
    for seat in range(4):
        own = [tile_name(f) for f in seat_flowers(seat)]
        assert own == [f"{seat + 1}f", f"{seat + 5}f"]


@pytest.mark.parametrize(
    ("text", "wind"), [("E", EAST), ("south", SOUTH), (" n ", NORTH), ("North", NORTH)]
)
def test_wind_of(text: str, wind: int) -> None:
    assert wind_of(text) == wind


@pytest.mark.parametrize("bad", ["", "X", "Eest", "C", "1z"])
def test_wind_of_rejects_what_is_not_a_wind(bad: str) -> None:
    with pytest.raises(InvalidNotationError):
        wind_of(bad)


def test_count_vectors_round_trip() -> None:
    tiles = [0, 0, 5, 33, 33, 33, 33]
    counts = tiles_to_counts(tiles)
    assert len(counts) == NUM_KINDS and counts[33] == 4
    assert counts_to_tiles(counts) == sorted(tiles)
