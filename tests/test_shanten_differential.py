"""Shanten, useful tiles and waits against PyMahjongGB, the Chinese Official Mahjong
Helper's algorithms (the Botzone MCR judge), on random 13-tile hands.

Skipped where PyMahjongGB is not installed. Shanten, per form and overall, must be
equal on every hand. One documented convention differs and is removed from PyMahjongGB's
answers before comparing: waits and useful tiles here leave out kinds the hand holds all
four of (melds included), which PyMahjongGB's useful tiles may list and its fan
calculator accepts as a fifth copy when the other four are in melds.
"""

from __future__ import annotations

import random

import pytest

from mahjongkit.hand import CHOW, KONG, PUNG, Hand, Meld
from mahjongkit.rules.ruleset import Form
from mahjongkit.shanten import shanten, shanten_by_form, useful_tiles, waits
from mahjongkit.tiles import NUM_KINDS

MahjongGB = pytest.importorskip("MahjongGB")

# PyMahjongGB names: W characters, B dots, T bamboo, F1..F4 winds, J1..J3 red green white.
GB_NAMES = (
    [f"W{r}" for r in range(1, 10)]
    + [f"B{r}" for r in range(1, 10)]
    + [f"T{r}" for r in range(1, 10)]
    + ["F1", "F2", "F3", "F4", "J1", "J2", "J3"]
)
GB_INDEX = {name: t for t, name in enumerate(GB_NAMES)}
GB_FORMS = {
    Form.REGULAR: "RegularShanten",
    Form.SEVEN_PAIRS: "SevenPairsShanten",
    Form.THIRTEEN_ORPHANS: "ThirteenOrphansShanten",
    Form.HONORS_AND_KNITTED: "HonorsAndKnittedTilesShanten",
    Form.KNITTED_STRAIGHT: "KnittedStraightShanten",
}
HANDS = 20_000
"""Random hands compared in full; half are dealt with melds."""


def deal(rng: random.Random, n_melds: int) -> Hand:
    """A 13-tile hand from a shuffled set of 136: ``n_melds`` real melds, then tiles."""
    left = [4] * NUM_KINDS
    melds: list[Meld] = []
    while len(melds) < n_melds:
        kind = rng.choice((CHOW, PUNG, PUNG, KONG))
        if kind is CHOW:
            t = rng.randrange(27)
            if t % 9 > 6 or not all(left[u] for u in (t, t + 1, t + 2)):
                continue
            for u in (t, t + 1, t + 2):
                left[u] -= 1
            melds.append(Meld(CHOW, t, claimed=t + rng.randrange(3), source=1))
        else:
            t = rng.randrange(NUM_KINDS)
            if left[t] < kind.size:
                continue
            left[t] -= kind.size
            concealed = kind is KONG and rng.random() < 0.5
            source = None if concealed else rng.randrange(1, 4)
            melds.append(Meld(kind, t, concealed=concealed, claimed=source and t, source=source))
    wall = [t for t in range(NUM_KINDS) for _ in range(left[t])]
    tiles = rng.sample(wall, 13 - 3 * n_melds)
    return Hand.from_tiles(tiles, tuple(melds))


def gb_packs(hand: Hand) -> tuple[tuple[str, str, int], ...]:
    packs = []
    for m in hand.melds:
        if m.kind is CHOW:
            offer = 1 if m.claimed is None else m.claimed - m.tile + 1
            packs.append(("CHI", GB_NAMES[m.tile + 1], offer))
        elif m.kind is PUNG:
            packs.append(("PENG", GB_NAMES[m.tile], m.source or 1))
        else:
            packs.append(("GANG", GB_NAMES[m.tile], 0 if m.concealed else m.source or 1))
    return tuple(packs)


def gb_tiles(hand: Hand) -> tuple[str, ...]:
    return tuple(GB_NAMES[t] for t in hand.concealed_tiles())


def test_shanten_and_useful_tiles_agree_on_20000_random_hands() -> None:
    rng = random.Random(20_000)
    compared = {"overall": 0, "forms": 0, "useful": 0, "with_melds": 0}
    for i in range(HANDS):
        hand = deal(rng, rng.randrange(1, 5) if i % 2 else 0)
        compared["with_melds"] += bool(hand.melds)
        tiles = gb_tiles(hand)
        theirs = MahjongGB.MahjongShanten(gb_packs(hand), tiles)
        assert shanten(hand) == theirs, str(hand)
        assert shanten(hand.concealed, len(hand.melds)) == theirs, str(hand)
        compared["overall"] += 1
        ours = shanten_by_form(hand)
        held = hand.all_counts()
        for form, name in GB_FORMS.items():
            if form not in ours:
                # A form the hand cannot take: PyMahjongGB refuses it too (but for
                # knitted straight, which allows one meld).
                with pytest.raises(TypeError):
                    getattr(MahjongGB, name)(tiles)
                continue
            value, useful = getattr(MahjongGB, name)(tiles)
            assert ours[form] == value, (str(hand), form)
            compared["forms"] += 1
            live = sorted(GB_INDEX[u] for u in useful if held[GB_INDEX[u]] < 4)
            assert useful_tiles(hand, rules=[form]) == live, (str(hand), form)
            compared["useful"] += 1
    assert compared["overall"] == HANDS and compared["with_melds"] == HANDS // 2
    assert compared["forms"] == compared["useful"] > 3 * HANDS
    print(f"compared with PyMahjongGB: {compared}")


def near_ready(rng: random.Random) -> Hand:
    """A hand built from four sets and a pair, one tile removed and maybe one swapped."""
    while True:
        left = [4] * NUM_KINDS
        sets: list[tuple[object, int]] = []
        while len(sets) < 4:
            if rng.random() < 0.5:
                t = rng.randrange(27)
                if t % 9 <= 6 and all(left[u] for u in (t, t + 1, t + 2)):
                    for u in (t, t + 1, t + 2):
                        left[u] -= 1
                    sets.append((CHOW, t))
            else:
                t = rng.randrange(NUM_KINDS)
                if left[t] >= 3:
                    left[t] -= 3
                    sets.append((PUNG, t))
        pair = rng.randrange(NUM_KINDS)
        if left[pair] < 2:
            continue
        left[pair] -= 2
        n_melds = rng.choice((0, 0, 1, 2, 3, 4))
        melds = tuple(Meld(kind, t) for kind, t in sets[:n_melds])  # type: ignore[arg-type]
        concealed = [pair, pair]
        for kind, t in sets[n_melds:]:
            concealed += [t, t + 1, t + 2] if kind is CHOW else [t] * 3
        concealed.remove(rng.choice(concealed))
        if rng.random() < 0.3:
            concealed.remove(rng.choice(concealed))
            concealed.append(rng.choice([u for u in range(NUM_KINDS) if left[u]]))
        try:
            return Hand.from_tiles(concealed, melds)
        except ValueError:
            continue


def gb_waits(hand: Hand) -> list[int]:
    """PyMahjongGB's wait scan: the fan calculator asked about each of the 34 tiles."""
    packs, tiles = gb_packs(hand), gb_tiles(hand)
    found = []
    for t in range(NUM_KINDS):
        try:
            MahjongGB.MahjongFanCalculator(
                packs, tiles, GB_NAMES[t], 0, False, False, False, False, 0, 0
            )
        except TypeError as err:
            assert str(err) in ("ERROR_NOT_WIN", "ERROR_TILE_COUNT_GREATER_THAN_4")
            continue
        found.append(t)
    return found


def test_waits_agree_with_the_fan_calculator_scan_on_near_ready_hands() -> None:
    rng = random.Random(34)
    ready = 0
    for _ in range(5_000):
        hand = near_ready(rng)
        held = hand.all_counts()
        expected = [t for t in gb_waits(hand) if held[t] < 4]
        assert waits(hand) == expected, str(hand)
        ready += bool(expected)
    assert ready > 2_000
    print(f"waits compared on 5000 near-ready hands, {ready} of them ready")
