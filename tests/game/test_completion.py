"""The engine's fast win-shape tests agree with the shanten module on random hands."""

from __future__ import annotations

import random

import pytest

from mahjongkit.game.completion import is_regular_ready, winning_tiles
from mahjongkit.rules.ruleset import Form, get_ruleset
from mahjongkit.shanten import shanten, waits


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
    forms = get_ruleset(ruleset).forms
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
