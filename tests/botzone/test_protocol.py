"""Botzone's tile names, requests and answers: every form the judge writes parses and is
written back as it was; anything else is refused with a code and the offending word."""

from __future__ import annotations

import pytest

from mahjongkit.botzone.protocol import (
    TILE_NAMES,
    Answer,
    BotzoneProtocolError,
    Request,
    format_answer,
    format_request,
    parse_answer,
    parse_request,
    parse_tile_name,
    tile_name,
)
from mahjongkit.tiles import NAMES, NUM_KINDS, parse_tile


def test_tile_names_are_the_judges() -> None:
    """W characters (m), B dots (p), T bamboo (s), F1..F4 E S W N, J1..J3 C F P, H1..H8
    flowers (main.cpp l.550-560)."""
    assert len(set(TILE_NAMES)) == 42
    pairs = {"W1": "1m", "W9": "9m", "B1": "1p", "B5": "5p", "T1": "1s", "T9": "9s"}
    pairs |= {"F1": "E", "F2": "S", "F3": "W", "F4": "N", "J1": "C", "J2": "F", "J3": "P"}
    for botzone, ours in pairs.items():
        assert parse_tile_name(botzone) == parse_tile(ours)
        assert tile_name(parse_tile(ours)) == botzone
    assert [parse_tile_name(f"H{i}") for i in range(1, 9)] == list(range(NUM_KINDS, 42))
    for tile in range(42):
        assert parse_tile_name(tile_name(tile)) == tile, NAMES[tile]


@pytest.mark.parametrize(
    "word", ["W0", "W10", "w1", "F5", "J4", "H9", "H0", "1m", "", " W1", "B", 3]
)
def test_bad_tile_names_are_named(word: object) -> None:
    with pytest.raises(BotzoneProtocolError) as caught:
        parse_tile_name(word)  # type: ignore[arg-type]
    assert caught.value.code == "bad-tile"
    assert repr(word) in str(caught.value)


REQUESTS = [
    "0 0 0",
    "0 3 2",
    "1 0 0 0 0 W1 W2 W3 W5 W6 W7 B2 B4 B9 T1 T5 J1 J1",
    "1 1 0 2 0 W1 W2 W3 W5 W6 W7 B2 B4 B9 T1 T5 J1 J1 H3 H1 H7",
    "2 T5",
    "2 H4",
    "3 0 DRAW",
    "3 1 BUHUA H8",
    "3 2 PLAY F4",
    "3 3 PENG J3",
    "3 0 CHI B2 W9",
    "3 1 CHI T8 T9",
    "3 2 GANG",
    "3 3 BUGANG W5",
]


@pytest.mark.parametrize("line", REQUESTS)
def test_requests_round_trip(line: str) -> None:
    request = parse_request(line)
    assert format_request(request) == line
    assert parse_request(f"  {line}\n") == request


def test_requests_read_as_the_judge_means_them() -> None:
    assert parse_request("0 3 2") == Request("START", 3, numbers=(2,))
    deal = parse_request(REQUESTS[3])
    assert deal.numbers == (1, 0, 2, 0) and len(deal.tiles) == 16
    assert parse_request("3 0 CHI B2 W9") == Request("CHI", 0, (parse_tile("2p"), parse_tile("9m")))


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ("", "empty"),
        ("4 0 0", "starts 0, 1, 2 or 3"),
        ("0 4 0", "the seat is 0..3"),
        ("0 0 x", "quan"),
        ("0 0", "takes 2 words"),
        ("1 0 0 0 0 W1 W2", "13 tiles"),
        ("1 0 0 0 0 W1 W2 W3 W5 W6 W7 B2 B4 B9 T1 T5 J1 H1", "flower"),
        ("1 0 0 0 0 W1 W2 W3 W5 W6 W7 B2 B4 B9 T1 T5 J1 J1 H1", "names 0 flowers"),
        ("1 0 0 0 0 W1 W2 W3 W5 W6 W7 B2 B4 B9 T1 T5 J1 X1", "'X1' is no Botzone tile"),
        ("2", "takes 1 words"),
        ("2 Z9", "'Z9'"),
        ("3 1 SKIP", "'SKIP' is no move"),
        ("3 1 PLAY", "PLAY takes 1 tiles"),
        ("3 1 PLAY H1", "flower"),
        ("3 1 DRAW W1", "DRAW takes 0 tiles"),
        ("3 1 CHI W1 W5", "middle tile"),
        ("3 1 CHI F2 W5", "middle tile"),
        ("3 1 BUHUA W1", "BUHUA shows a flower"),
        ("3 x PLAY W1", "the seat"),
        ("3 ٣ PLAY W1", "the seat"),
    ],
)
def test_bad_requests_are_named(line: str, words: str) -> None:
    with pytest.raises(BotzoneProtocolError) as caught:
        parse_request(line)
    assert caught.value.code == "bad-request"
    assert words in str(caught.value)


ANSWERS = ["PASS", "HU", "PLAY W1", "GANG J2", "GANG", "BUGANG T7", "PENG F1", "CHI B8 B9"]


@pytest.mark.parametrize("line", ANSWERS)
def test_answers_round_trip(line: str) -> None:
    answer = parse_answer(line)
    assert format_answer(answer) == str(answer) == line


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ("", "empty"),
        ("pass", "'pass' is no answer"),
        ("PLAY", "PLAY takes 1 tiles"),
        ("PASS W1", "PASS takes 0 tiles"),
        ("GANG W1 W1", "GANG takes 0 or 1"),
        ("PENG", "PENG takes 1"),
        ("CHI W2", "CHI takes 2"),
        ("CHI W9 W1", "middle tile"),
        ("PLAY H1", "flower"),
        ("PLAY W0", "'W0' is no Botzone tile"),
    ],
)
def test_bad_answers_are_named(line: str, words: str) -> None:
    with pytest.raises(BotzoneProtocolError) as caught:
        parse_answer(line)
    assert caught.value.code == "bad-answer"
    assert words in str(caught.value)


def test_answers_that_cannot_be_written_are_refused() -> None:
    with pytest.raises(BotzoneProtocolError, match="bad-answer"):
        format_answer(Answer("PLAY"))
    with pytest.raises(BotzoneProtocolError, match="bad-answer"):
        format_answer(Answer("SKIP"))
