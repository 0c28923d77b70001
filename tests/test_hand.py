"""Meld and Hand values: validation, immutability, notation and evaluable repr."""

from __future__ import annotations

import dataclasses

import pytest

from mahjongkit.errors import InvalidHandError
from mahjongkit.hand import CHOW, HAND_SIZES, KONG, PUNG, Hand, Meld, MeldKind
from mahjongkit.tiles import FLOWERS, NUM_KINDS, parse_tile


def t(name: str) -> int:
    return parse_tile(name)


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: Meld(CHOW, t("8m")), "no chow starts at 8m"),
        (lambda: Meld(CHOW, t("E")), "no chow starts at E"),
        (lambda: Meld(CHOW, t("1m"), concealed=True), "concealed chow"),
        (lambda: Meld(CHOW, t("1m"), claimed=t("4m"), source=1), "not in the chow"),
        (lambda: Meld(CHOW, t("1m"), claimed=t("1m"), source=2), "only from the left"),
        (lambda: Meld(PUNG, t("5p"), claimed=t("6p"), source=1), "is not 5p"),
        (lambda: Meld(PUNG, t("5p"), concealed=True), "only a kong can be a concealed"),
        (lambda: Meld(KONG, t("5p"), concealed=True, source=1), "claimed from no one"),
        (lambda: Meld(PUNG, t("5p"), source=4), "source 4"),
        (lambda: Meld(PUNG, t("5p"), promoted=True), "only an exposed kong"),
        (lambda: Meld(KONG, t("5p"), concealed=True, promoted=True), "only an exposed kong"),
        (lambda: Meld(PUNG, 40), "not a playing tile"),
    ],
)
def test_impossible_melds_are_refused(make: object, message: str) -> None:
    with pytest.raises(InvalidHandError, match=message):
        make()  # type: ignore[operator]


def test_meld_values() -> None:
    meld = Meld(KONG, t("5p"), claimed=t("5p"), source=2, promoted=True)
    assert meld.tiles == (t("5p"),) * 4 and meld.kind.size == 4
    assert str(meld) == "[5555p6]" and Meld.parse(str(meld)) == meld
    assert eval(repr(meld)) == meld
    assert Meld.parse("[345s3]").tiles == (t("3s"), t("4s"), t("5s"))
    assert MeldKind.CHOW.size == MeldKind.PUNG.size == 3
    assert hash(Meld.parse("[EEE1]")) == hash(Meld.parse("[EEE1]"))


def test_hand_values_are_frozen_and_hashable() -> None:
    hand = Hand.parse("1f[123m2]456p789s1sEEE1s")
    with pytest.raises(dataclasses.FrozenInstanceError):
        hand.melds = ()  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        hand.melds[0].tile = 3  # type: ignore[misc]
    assert {hand: 1}[Hand.parse(str(hand))] == 1
    assert eval(repr(hand)) == hand


def test_hand_facts() -> None:
    hand = Hand.parse("1f[123m2]456p789s1sEEE1s")
    assert (hand.size, hand.tile_count, hand.is_waiting) == (13, 14, False)
    assert hand.winning_tile == t("1s") and hand.flowers == (FLOWERS[0],)
    assert len(hand.concealed) == NUM_KINDS and sum(hand.concealed) == 11
    assert hand.all_counts()[t("1m")] == 1 and hand.all_counts()[t("1s")] == 2
    assert not hand.is_concealed
    assert Hand.parse("[EEEE]147m258p369s11s").is_concealed  # a concealed kong
    assert Hand.parse("[1111m][2222m][3333m][4444m]5m").tile_count == 13  # kongs as 3
    assert HAND_SIZES == (13, 16)


def test_with_tile_and_without_winning_tile() -> None:
    waiting = Hand.parse("1112345678999m")
    won = waiting.with_tile(t("5m"))
    assert won.winning_tile == t("5m") and str(won) == "1112345678999m5m"
    assert won.without_winning_tile() == waiting
    assert waiting.without_winning_tile() is waiting
    with pytest.raises(InvalidHandError, match="already has its last tile"):
        won.with_tile(t("1p"))


def test_glyphs_draw_melds_and_the_last_tile_apart() -> None:
    hand = Hand.parse("[123m2]456p789s1sEEE1s")
    parts = hand.glyphs().split(" ")
    assert parts[0] == "\U0001f007\U0001f008\U0001f009" and parts[-1] == "\U0001f010"


def counts(text: str) -> tuple[int, ...]:
    return Hand.parse(text).concealed


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: Hand((0,) * 33), "34 slots"),
        (lambda: Hand(counts("1112345678999m"), (Meld.parse("[111m1]"),)), "copies of 1m"),
        (lambda: Hand((5,) + (0,) * 33), "copies of 1m"),
        (lambda: Hand.from_tiles([0] * 3), "fit no hand"),
        (lambda: Hand(counts("1112345678999m"), winning_tile=t("5m")), "has no last tile"),
        (lambda: Hand(counts("1112345678999m5m")), "needs a last tile"),
        (lambda: Hand(counts("1112345678999m5m"), winning_tile=t("E")), "among the concealed"),
        (
            lambda: Hand(counts("1112345678999m"), flowers=(t("E"),)),
            "is not a flower",
        ),
        (
            lambda: Hand(counts("1112345678999m"), flowers=(FLOWERS[1], FLOWERS[0])),
            "distinct and sorted",
        ),
        (
            lambda: Hand.from_tiles(
                [t("E")], tuple(Meld.parse(f"[{n}{n}{n}m1]") for n in range(1, 7))
            ),
            "fit no hand",
        ),
    ],
)
def test_impossible_hands_are_refused(make: object, message: str) -> None:
    with pytest.raises(InvalidHandError, match=message):
        make()  # type: ignore[operator]
