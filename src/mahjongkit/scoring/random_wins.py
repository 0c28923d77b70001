"""Random MCR wins for benchmarks: the names callers use, over the one generator.

The generator is `mahjongkit.scoring.mcr.random_hands` (shared with the differential
test) and the reference arguments come from `mahjongkit.scoring.mcr.reference`; this
module keeps the names ``random_win``, ``random_wins`` and ``to_reference_args`` for the
benchmarks that import them.

>>> import random
>>> hand, situation = random_win(random.Random(3))
>>> hand.is_waiting, "verbose" in to_reference_args(hand, situation)
(False, False)
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from mahjongkit.hand import Hand
from mahjongkit.scoring.mcr.random_hands import random_win
from mahjongkit.scoring.mcr.reference import reference_args
from mahjongkit.scoring.situation import Situation


def random_wins(rng: random.Random, count: int) -> Iterator[tuple[Hand, Situation]]:
    """``count`` random wins, one after another."""
    for _ in range(count):
        yield random_win(rng)


def to_reference_args(hand: Hand, situation: Situation) -> dict[str, Any]:
    """The arguments of ``MahjongGB.MahjongFanCalculator`` in its short (non-verbose) form."""
    args = reference_args(hand, situation)
    args.pop("verbose", None)
    return args


__all__ = ["random_win", "random_wins", "to_reference_args"]
