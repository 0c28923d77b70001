"""The notation of DESIGN.md: every example parses and round-trips; bad input is a clear
`InvalidNotationError` quoting the input and the offending position."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjongkit.errors import InvalidNotationError
from mahjongkit.hand import CHOW, KONG, PUNG, Hand, Meld, parse_hand, parse_meld
from mahjongkit.notation import format_glyphs, format_tiles, parse_tiles
from mahjongkit.tiles import FLOWERS, NUM_KINDS, RANK, SUIT, parse_tile


def names(text: str) -> list[str]:
    return [format_tiles([t]) for t in parse_tiles(text)]


# -- every example of DESIGN.md ------------------------------------------------------


def test_suited_tiles_are_digits_before_their_suit() -> None:
    assert names("123m") == ["1m", "2m", "3m"]
    assert names("456p") == ["4p", "5p", "6p"]
    assert names("789s") == ["7s", "8s", "9s"]


def test_honours_as_letters_and_in_tenhou_order() -> None:
    assert names("ESWN") == ["E", "S", "W", "N"]
    assert names("CFP") == ["C", "F", "P"]  # red, green, white dragons
    assert names("1234567z") == ["E", "S", "W", "N", "P", "F", "C"]  # 5z white, 7z red


def test_flowers() -> None:
    assert parse_tiles("1234f5678f") == list(FLOWERS)


@pytest.mark.parametrize(
    ("text", "kind", "claimed", "source", "concealed", "promoted"),
    [
        ("[123m2]", CHOW, "2m", 1, False, False),  # the 2m was claimed
        ("[555p3]", PUNG, "5p", 3, False, False),  # claimed from the right
        ("[555p1]", PUNG, "5p", 1, False, False),  # ... from the left
        ("[EEEE]", KONG, None, None, True, False),  # concealed kong
        ("[5555p5]", KONG, "5p", 1, False, True),  # promoted from a pung from the left
        ("[5555p6]", KONG, "5p", 2, False, True),
        ("[5555p7]", KONG, "5p", 3, False, True),
        ("[5555p2]", KONG, "5p", 2, False, False),
        ("[567m,2]", CHOW, "6m", 1, False, False),  # the comma form
    ],
)
def test_design_meld_examples(
    text: str,
    kind: object,
    claimed: str | None,
    source: int | None,
    concealed: bool,
    promoted: bool,
) -> None:
    meld = parse_meld(text)
    assert meld.kind is kind
    assert meld.claimed == (None if claimed is None else parse_tile(claimed))
    assert (meld.source, meld.concealed, meld.promoted) == (source, concealed, promoted)
    assert parse_meld(str(meld)) == meld
    assert str(meld) == text.replace(",", "")


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("[567m,2]EEE5z5zP234s9p9p", "[567m2]9p234sEEEPPP9p"),
        ("1f[123m2]456p789s1sEEE1s", "1f[123m2]456p1789sEEE1s"),
        ("1112345678999m", "1112345678999m"),
        ("1112345678999m5m", "1112345678999m5m"),  # the last tile is the winning tile
        ("[EEEE]147m258p369s11s", "[EEEE]147m258p1369s1s"),
        ("19m19p19sESWNCFPP", "19m19p19sESWNCFPP"),
        ("5f6f[5555p5][123m2]456m789mEE", "56f[5555p5][123m2]456789mEE"),
        ("123m456m789m123p45pEE", "123456789m12345pEE"),  # 16 tiles
        ("\U0001f007\U0001f008\U0001f009 456p789s1sEEE1s", "123m456p1789sEEE1s"),  # glyphs
        # the examples of docs/notation.md
        ("[123m2]456p789sEEE1s1s", "[123m2]456p1789sEEE1s"),
        ("15f[EEEE]123m456p789s11p", "15f[EEEE]123m1456p789s1p"),
    ],
)
def test_hands_parse_and_round_trip(text: str, canonical: str) -> None:
    hand = parse_hand(text)
    assert str(hand) == canonical
    assert parse_hand(str(hand)) == hand
    assert eval(repr(hand)) == hand


def test_a_kong_without_a_digit_is_concealed() -> None:
    """An exposed kong is written with the seat it came from; ``[5555p]`` is concealed."""
    assert parse_meld("[5555p]").concealed
    assert not parse_meld("[5555p1]").concealed


def test_the_last_tile_written_wins() -> None:
    hand = parse_hand("1112345678999m5m")
    assert hand.winning_tile == parse_tile("5m")
    assert parse_hand("1112345678999m").winning_tile is None


def test_glyph_rendering_parses_back() -> None:
    tiles = parse_tiles("19m19p19sESWNCFP")
    assert parse_tiles(format_glyphs(tiles)) == tiles


def test_size_insists_on_one_hand_size() -> None:
    assert parse_hand("123m456m789m123p45pEE", size=16).size == 16
    with pytest.raises(InvalidNotationError, match="fit no hand"):
        parse_hand("123m456m789m123p45pEE", size=13)
    with pytest.raises(ValueError, match="13 or 16"):
        parse_hand("1112345678999m", size=14)


# -- every bad-input class of the issue -----------------------------------------------


@pytest.mark.parametrize(
    ("text", "reason", "position"),
    [
        # unknown characters
        ("1x23m456p789s1sEEE", "unknown character 'x'", 1),
        ("123m456p789s1sEEE!", "unknown character '!'", 17),
        ("123M456p789s1sEEE", "unknown character 'M'", 3),
        # a digit with no suit
        ("123m45", "digits with no suit letter", 4),
        ("123m456p789s1sEE5", "digits with no suit letter", 16),
        ("123m456p789s1sE5E", "digits with no suit letter", 15),
        # a suit letter with no digit
        ("m123456789p123s", "suit letter 'm' with no digits before it", 0),
        # 0 or 10 ranks
        ("0m123456789p123s", "rank 0 is not a tile of 'm'", 0),
        ("10m23456789p123s", "no 10s in mahjong", 1),
        ("123m456p789s8zEEE", "rank 8 is not a tile of 'z'", 12),
        ("9f1112345678999m", "rank 9 is not a tile of 'f'", 0),
        # a fifth copy of a tile
        ("11111m23456789p", "a fifth copy of 1m", 4),
        ("[1111m]1m23456789p", "a fifth copy of 1m", 7),
        ("[EEE1]EE123456789p", "a fifth copy of E", 7),
        # malformed melds
        ("[124m]123456789p1s", "[124m] is not a chow, pung or kong", 0),
        ("[55m]123456789p12s", "[55m] is not a chow, pung or kong", 0),
        ("[EFP]123456789p1s", "[EFP] is not a chow, pung or kong", 0),
        ("[1f1f1f]123456789p1s", "a flower cannot be in a meld", 0),
        ("[123m4]456p789s1sEEE", "a chow's claim digit is 1, 2 or 3", 0),
        ("[555p4]456p789s1sEEE", "a pung's claim digit is 1, 2 or 3", 0),
        ("[5555p4]456p789s1sEEE", "a kong's claim digit", 0),
        ("[123m12]456p789s1sEEE", "one claim digit", 0),
        ("[123m456p789s1sEEE", "unclosed bracket", 0),
        ("[123m[456p]789s1sEEE", "unclosed bracket", 0),
        ("123m456p789s1sEEE[", "unclosed bracket", 17),
        ("123m]456p789s1sEEE", "']' with no '[' before it", 4),
        # too many melds
        ("[111m][222m][333m][444m][555m][666m]E", "6 melds are too many (at most 5)", None),
        # a flower twice
        ("1f1f1112345678999m", "flower 1f twice", 2),
        # a tile count that fits no hand
        ("123m", "3 tiles (kongs counted as 3) fit no hand", None),
        ("1112345678999m12p", "15 tiles (kongs counted as 3) fit no hand", None),
        ("", "no tiles", 0),
        ("1f2f", "no tiles", 0),
    ],
)
def test_bad_input_is_a_clear_error(text: str, reason: str, position: int | None) -> None:
    with pytest.raises(InvalidNotationError) as caught:
        parse_hand(text)
    err = caught.value
    assert isinstance(err, ValueError)
    assert reason in err.reason
    assert err.text == text and repr(text) in str(err)
    assert err.position == position
    if position is not None:
        assert f"at position {position}" in str(err)


def test_too_many_melds_for_a_13_tile_hand() -> None:
    with pytest.raises(InvalidNotationError, match="5 melds are too many"):
        parse_hand("[111m][222m][333m][444m][555m]E", size=13)
    assert len(parse_hand("[111m][222m][333m][444m][555m]E").melds) == 5  # 16-tile


# -- round trip of random valid hands -------------------------------------------------


@st.composite
def hands(draw: st.DrawFn) -> Hand:
    size = draw(st.sampled_from([13, 16]))
    left = [4] * NUM_KINDS
    melds: list[Meld] = []
    for _ in range(draw(st.integers(0, size // 3))):
        kind = draw(st.sampled_from([CHOW, PUNG, KONG]))
        if kind is CHOW:
            t = draw(st.sampled_from([t for t in range(27) if RANK[t] <= 7]))
            if not all(left[u] for u in (t, t + 1, t + 2)):
                continue
            for u in (t, t + 1, t + 2):
                left[u] -= 1
            claimed = draw(st.sampled_from([None, t, t + 1, t + 2]))
            melds.append(Meld(CHOW, t, claimed=claimed, source=None if claimed is None else 1))
            continue
        t = draw(st.integers(0, NUM_KINDS - 1))
        if left[t] < kind.size:
            continue
        left[t] -= kind.size
        if kind is KONG and draw(st.booleans()):
            melds.append(Meld(KONG, t, concealed=True))
            continue
        # An exposed kong is written with the seat it came from: no digit means concealed.
        source = draw(st.sampled_from([1, 2, 3] if kind is KONG else [None, 1, 2, 3]))
        promoted = kind is KONG and source is not None and draw(st.booleans())
        claimed = None if source is None else t
        melds.append(Meld(kind, t, claimed=claimed, source=source, promoted=promoted))
    pool = [t for t in range(NUM_KINDS) for _ in range(left[t])]
    winning = draw(st.booleans())
    n = size - 3 * len(melds) + winning
    tiles = draw(st.permutations(pool).map(lambda p: list(p[:n])))
    flowers = tuple(draw(st.sets(st.sampled_from(FLOWERS))))
    return Hand.from_tiles(tiles, tuple(melds), flowers, tiles[-1] if winning else None)


@settings(max_examples=300, deadline=None)
@given(hands())
def test_random_valid_hands_round_trip(hand: Hand) -> None:
    text = str(hand)
    assert parse_hand(text) == hand
    assert parse_hand(text, size=hand.size) == hand
    assert eval(repr(hand)) == hand
    for meld in hand.melds:
        assert parse_meld(str(meld)) == meld


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, NUM_KINDS - 1), max_size=20))
def test_format_tiles_round_trips_in_order(tiles: list[int]) -> None:
    assert parse_tiles(format_tiles(tiles)) == tiles
    assert all(SUIT[t] <= 3 for t in tiles)


@pytest.mark.parametrize(
    ("text", "item", "canonical"),
    [
        ("123m456p789s11sEEE1f", "a flower", "1f123m456p78911sEEE"),
        ("1s123m456p789sE[EEE1]", "a meld", "[EEE1]1s123m456p789sE"),
        ("123m456p789sEE[CCC2]", "a meld", "[CCC2]123m456p789sEE"),
    ],
)
def test_a_complete_hand_ending_with_a_flower_or_meld_has_no_winning_tile(
    text: str, item: str, canonical: str
) -> None:
    """The last tile written wins; a flower or meld written after it is refused with the
    hand rewritten, never read as winning on the last concealed tile."""
    with pytest.raises(InvalidNotationError, match=f"not {item}; .*'{re.escape(canonical)}'"):
        parse_hand(text)
    written = parse_hand(canonical)
    assert str(written) == str(parse_hand(str(written)))
    assert parse_hand("1112345678999m1f").winning_tile is None  # waiting: no winning tile
