"""The engine's fast win-shape tests agree with the shanten module on random hands."""

from __future__ import annotations

import random

import pytest

from mahjongkit.completion import (
    is_regular_ready,
    ready_after_discard,
    regular_waits,
    suit_keys,
    winning_tiles,
)
from mahjongkit.errors import InvalidHandError
from mahjongkit.hand import CHOW, PUNG, Hand, Meld
from mahjongkit.notation import parse_tiles
from mahjongkit.rules.ruleset import Form, get_ruleset
from mahjongkit.shanten import shanten, waits
from mahjongkit.shapes import KNITTED_STRAIGHTS, is_complete
from mahjongkit.tiles import tiles_to_counts


def random_counts(rng: random.Random, size: int, near: bool) -> tuple[int, ...]:
    wall = [t for t in range(34) for _ in range(4)]
    counts = [0] * 34
    if near:
        # Sets and a pair less one tile: mostly ready hands.
        tiles: list[int] = []
        while len(tiles) < size - 2:
            start = rng.randrange(27)
            if rng.random() < 0.5 and start % 9 <= 6:
                tiles += [start, start + 1, start + 2]
            else:
                tiles += [rng.randrange(34)] * 3
        tiles = tiles[: size - 2] + [rng.randrange(34)] * 2
        tiles.pop(rng.randrange(len(tiles)))
        tiles.append(rng.randrange(34))
        for t in tiles:
            counts[t] += 1
        if max(counts) <= 4:
            return tuple(counts)
        counts = [0] * 34
    for t in rng.sample(wall, size):
        counts[t] += 1
    return tuple(counts)


@pytest.mark.parametrize(("ruleset", "size"), [("mcr", 13), ("taiwanese-lrc", 16)])
def test_winning_tiles_match_the_shanten_modules_waits(ruleset: str, size: int) -> None:
    forms = get_ruleset(ruleset).scoring.forms
    rng = random.Random(size)
    for i in range(600):
        counts = random_counts(rng, size, near=i % 2 == 0)
        mask = winning_tiles(counts, (), forms, size)
        expected = waits(counts, 0, forms)
        assert [t for t in range(34) if mask >> t & 1] == sorted(expected), counts


def test_ready_for_ting_is_the_regular_forms_shanten_zero() -> None:
    rng = random.Random(7)
    for i in range(600):
        counts = random_counts(rng, 16, near=i % 2 == 0)
        assert is_regular_ready(counts, 5) == (shanten(counts, 0, [Form.REGULAR]) == 0)


def brute_force_waits(
    counts: tuple[int, ...], melds: tuple[Meld, ...], forms: frozenset[Form]
) -> list[int]:
    """Every tile (not held four times) whose addition makes a complete shape."""
    out = []
    for t in range(34):
        if counts[t] >= 4:
            continue
        work = list(counts)
        work[t] += 1
        try:
            hand = Hand(tuple(work), melds, (), t)
        except InvalidHandError:
            continue
        if is_complete(hand, forms):
            out.append(t)
    return out


@pytest.mark.parametrize("ruleset", ["mcr", "bp-club", "taiwanese-lrc", "taiwanese-dxb"])
def test_winning_tiles_with_melds_match_a_tile_by_tile_search(ruleset: str) -> None:
    """Hands with declared melds (where only the knitted straight among the special
    forms can still be made) and without, ready ones mostly, per ruleset."""
    rules = get_ruleset(ruleset)
    size = 16 if ruleset.startswith("taiwanese") else 13
    rng = random.Random(ruleset)
    for i in range(300):
        melds = tuple(
            Meld(CHOW, 9 * rng.randrange(3) + rng.randrange(7))
            if rng.random() < 0.5
            else Meld(PUNG, rng.randrange(34))
            for _ in range(i % 3)
        )
        counts = random_counts(rng, size - 3 * len(melds), near=i % 4 != 0)
        total = list(counts)
        for m in melds:
            for t in m.tiles:
                total[t] += 1
        if max(total) > 4:
            continue
        mask = winning_tiles(counts, melds, rules.scoring.forms, size)
        expected = brute_force_waits(counts, melds, rules.scoring.forms)
        # A fifth copy cannot arrive: the engine never asks about it.
        assert [t for t in range(34) if mask >> t & 1 and total[t] < 4] == expected, (
            counts,
            melds,
        )


def test_knitted_straight_waits_with_a_meld() -> None:
    """147m258p36s9s + a pung: the knitted straight and its pair wait (MCR)."""
    counts = tiles_to_counts(parse_tiles("147m258p36s55s"))
    mask = winning_tiles(counts, (Meld(PUNG, 27),), get_ruleset("mcr").scoring.forms, 13)
    assert [t for t in range(34) if mask >> t & 1] == parse_tiles("9s")


def near_knitted_counts(rng: random.Random, size: int) -> tuple[int, ...]:
    """A knitted straight, most of it, with tiles beside it (often near its tiles)."""
    pattern = rng.choice(KNITTED_STRAIGHTS)
    kept = [t for t in pattern if rng.random() < 0.9]
    counts = [0] * 34
    for t in kept:
        counts[t] += 1
    while sum(counts) < size:
        t = rng.randrange(34) if rng.random() < 0.5 else rng.choice(kept or [0])
        t = min(33, max(0, t + rng.randint(-2, 2) * (t < 27)))
        if counts[t] < 4:
            counts[t] += 1
    while sum(counts) > size:
        t = rng.randrange(34)
        counts[t] -= counts[t] > 0
    return tuple(counts)


def test_waits_near_a_knitted_straight_match_a_tile_by_tile_search() -> None:
    """The knitted straight's waits are tried only on the tiles `_knitted_tiles` names
    (MCR, seed 000 line 200: the knitted straight with a set and a pair, or a meld and a pair)."""
    forms = get_ruleset("mcr").scoring.forms
    rng = random.Random(147)
    for i in range(400):
        melds = (Meld(PUNG, 27 + rng.randrange(7)),) if i % 3 == 0 else ()
        counts = near_knitted_counts(rng, 13 - 3 * len(melds))
        if melds and counts[melds[0].tile]:
            continue
        mask = winning_tiles(counts, melds, forms, 13)
        assert [t for t in range(34) if mask >> t & 1] == brute_force_waits(counts, melds, forms), (
            counts,
            melds,
        )


def test_regular_waits_skip_a_tile_held_four_times() -> None:
    counts = tiles_to_counts(parse_tiles("1111m234p567s99s"))
    assert regular_waits(counts, 4) == 0


@pytest.mark.parametrize("size", [14, 17])
def test_ting_discards_match_a_discard_by_discard_search(size: int) -> None:
    """The Ting discards (seed 004 line 496) are those leaving a regular-form wait."""
    rng = random.Random(size * 3)
    sets = size // 3
    for i in range(600):
        counts = random_counts(rng, size, near=i % 3 != 0)
        k = suit_keys(counts)
        mask = ready_after_discard((k[0], k[1], k[2], k[3]), sets)
        expected = []
        for t in range(34):
            if counts[t]:
                work = list(counts)
                work[t] -= 1
                if regular_waits(work, sets):
                    expected.append(t)
        assert [t for t in range(34) if mask >> t & 1] == expected, counts


def paired_counts(rng: random.Random, size: int) -> tuple[int, ...]:
    """Pairs, and for a 16-tile hand a pung, with one tile changed: near seven pairs
    or Nico Nico, where only some tiles are worth trying as the winning tile."""
    kinds = rng.sample(range(34), 8)
    if size == 13:
        tiles = [t for t in kinds[:6] for _ in range(2)] + [kinds[6]]
    else:
        tiles = [t for t in kinds[:7] for _ in range(2)] + [kinds[7]] * 2
    if rng.random() < 0.5:
        tiles[rng.randrange(len(tiles))] = rng.randrange(34)
    counts = [0] * 34
    for t in tiles:
        counts[t] += 1
    return tuple(counts)


@pytest.mark.parametrize(("ruleset", "size"), [("mcr", 13), ("taiwanese-lrc", 16)])
def test_winning_tiles_match_a_tile_by_tile_search_near_pairs(ruleset: str, size: int) -> None:
    """Seven pairs and Nico Nico are tried on the tiles they can end with only; every
    other tile must complete nothing (seed 000 line 290, seed 004 line 336)."""
    forms = get_ruleset(ruleset).scoring.forms
    rng = random.Random(size + 1)
    for _ in range(400):
        counts = paired_counts(rng, size)
        if max(counts) > 4:
            continue
        mask = winning_tiles(counts, (), forms, size)
        expected = []
        for t in range(34):
            if counts[t] < 4:
                work = list(counts)
                work[t] += 1
                if is_complete(Hand(tuple(work), (), (), t), forms):
                    expected.append(t)
        assert [t for t in range(34) if mask >> t & 1] == expected, counts
