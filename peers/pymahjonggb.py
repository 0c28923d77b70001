"""The peer MCR calculator: a hand and situation scored by PyMahjongGB (a dev dependency).

PyMahjongGB 1.4.0 (``import MahjongGB``) binds the Chinese Official Mahjong Helper's fan
calculator, the Botzone judge. The differential tests and the scoring benchmark compare
``mcr-gb`` with it; it is imported only when called.

>>> from mahjongkit.hand import Hand
>>> reference_args(Hand.parse("[123m2]456p789s1sEEE1s"), Situation())["pack"]
(('CHI', 'W2', 2),)
"""

from __future__ import annotations

from typing import Any

from mahjongkit.hand import CHOW, PUNG, Hand
from mahjongkit.scoring.situation import Situation
from mahjongkit.tiles import WINDS, Tile


def reference_tile(tile: Tile) -> str:
    """The calculator's code of a tile: ``W1`` characters, ``B1`` dots, ``T1`` bamboo,
    ``F1..F4`` winds, ``J1..J3`` dragons (red, green, white).

    >>> reference_tile(0), reference_tile(27), reference_tile(33)
    ('W1', 'F1', 'J3')
    """
    if tile < 27:
        return f"{'WBT'[tile // 9]}{tile % 9 + 1}"
    if tile < 31:
        return f"F{tile - 26}"
    return f"J{tile - 30}"


def reference_args(hand: Hand, situation: Situation) -> dict[str, Any]:
    """The keyword arguments of ``MahjongGB.MahjongFanCalculator`` for a complete hand."""
    win = hand.winning_tile
    if win is None:
        raise ValueError("the hand has no winning tile")
    packs = []
    for m in hand.melds:
        if m.kind is CHOW:
            offer = m.claimed - m.tile + 1 if m.claimed is not None else 1
            packs.append(("CHI", reference_tile(m.tile + 1), offer))
        elif m.kind is PUNG:
            packs.append(("PENG", reference_tile(m.tile), m.source or 1))
        else:
            packs.append(("GANG", reference_tile(m.tile), 0 if m.concealed else m.source or 1))
    standing = list(hand.concealed)
    standing[win] -= 1
    tiles = tuple(reference_tile(t) for t in range(34) for _ in range(standing[t]))
    flowers = situation.flower_count or len(hand.flowers)
    return {
        "pack": tuple(packs),
        "hand": tiles,
        "winTile": reference_tile(win),
        "flowerCount": flowers,
        "isSelfDrawn": situation.self_drawn
        or situation.kong_replacement
        or situation.flower_replacement,
        "is4thTile": situation.last_of_kind,
        "isAboutKong": situation.kong_replacement or situation.robbing_kong,
        "isWallLast": situation.last_wall_tile,
        "seatWind": WINDS.index(situation.seat_wind),
        "prevalentWind": WINDS.index(situation.prevalent_wind),
        "verbose": True,
    }


def reference_score(hand: Hand, situation: Situation) -> tuple[int, dict[str, int]]:
    """The peer calculator's total and fan counts (by English name) for a complete hand.

    Raises ``ImportError`` when PyMahjongGB is not installed and ``TypeError`` (the
    calculator's error) for a hand it rejects.
    """
    import MahjongGB  # type: ignore[import-not-found]  # the optional dev extra

    return total_and_counts(MahjongGB.MahjongFanCalculator(**reference_args(hand, situation)))


def total_and_counts(fans: Any) -> tuple[int, dict[str, int]]:
    """The total and fan counts (by English name) of the calculator's answer."""
    total = sum(points * count for points, count, _, _ in fans)
    counts: dict[str, int] = {}
    for _, count, _, name in fans:
        counts[name] = counts.get(name, 0) + count
    return total, counts


__all__ = ["reference_args", "reference_score", "reference_tile", "total_and_counts"]
