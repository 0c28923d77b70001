"""mcr-gb against the reference calculator (PyMahjongGB 1.4.0) on random winning hands.

5,000 hands here (the shapes of `random_hands.SHAPES`: melds, kongs, seven pairs, knitted
forms, flowers, consistent situations); ``scripts/differential_mcr.py`` runs 200,000.
"""

from __future__ import annotations

import random

import pytest

from mahjongkit.scoring import score
from mahjongkit.scoring.mcr.random_hands import random_win

MahjongGB = pytest.importorskip("MahjongGB")

from peers.pymahjonggb import reference_score  # noqa: E402


def test_5000_random_wins_score_as_the_reference_calculator() -> None:
    rng = random.Random(20261121)
    differences = []
    for _ in range(5000):
        hand, situation = random_win(rng)
        result = score(hand, situation, "mcr-gb")
        expected = reference_score(hand, situation)
        if (result.total, result.fan_counts()) != expected:
            differences.append((str(hand), situation.to_dict(), result.fan_counts(), expected))
    assert differences == []


def test_the_random_hands_reach_every_fan() -> None:
    """The generator is worth its salt only if the rare fans come up too."""
    from mahjongkit.rules.catalogues.mcr import CATALOGUE

    rng = random.Random(1)
    seen: set[str] = set()
    for _ in range(20000):
        hand, situation = random_win(rng)
        seen |= set(score(hand, situation, "mcr-gb").fan_counts())
    assert {i.name for i in CATALOGUE if i.value("mcr-gb") is not None} - seen == set()
