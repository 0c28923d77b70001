"""Random MCR winning hands with consistent situations, for differential tests and benchmarks.

Every call takes an injected `random.Random`, so a seed reproduces the hands. The hands
cover every MCR form (sets and a pair with exposed chows, pungs, melded, promoted and
concealed kongs; seven pairs; thirteen orphans; honours and knitted tiles; knitted
straight), flowers, and situation flags that can happen together: a kong replacement
only with a kong and self-drawn, robbing a kong only on a discard of a tile the winner
holds no other copy of, last of its kind only when no other copy is concealed.
`to_reference_args` turns one into the arguments of PyMahjongGB's
``MahjongFanCalculator`` (the reference calculator).

>>> import random
>>> rng = random.Random(3)
>>> wins = [random_win(rng) for _ in range(200)]
>>> all(not hand.is_waiting and hand.size == 13 for hand, _ in wins)
True
>>> args = to_reference_args(*wins[0])
>>> sorted(args) == sorted(REFERENCE_ARGS)
True
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from mahjongkit.hand import CHOW, KONG, PUNG, Hand, Meld, MeldKind
from mahjongkit.scoring.situation import Situation
from mahjongkit.shapes import KNITTED_STRAIGHTS
from mahjongkit.tiles import (
    FLOWERS,
    HONORS,
    NUM_KINDS,
    RANK,
    SUIT,
    TERMINALS_AND_HONORS,
    WINDS,
    Tile,
)

FORM_WEIGHTS: tuple[tuple[str, float], ...] = (
    ("regular", 0.86),
    ("seven_pairs", 0.07),
    ("thirteen_orphans", 0.01),
    ("honors_and_knitted", 0.02),
    ("knitted_straight", 0.04),
)
"""How often each form is drawn: mostly sets and a pair, every special form present."""

REFERENCE_ARGS = (
    "pack",
    "hand",
    "winTile",
    "flowerCount",
    "isSelfDrawn",
    "is4thTile",
    "isAboutKong",
    "isWallLast",
    "seatWind",
    "prevalentWind",
)
"""The keyword arguments of ``MahjongGB.MahjongFanCalculator`` (besides ``verbose``)."""


def random_win(rng: random.Random) -> tuple[Hand, Situation]:
    """One random complete MCR hand (13 tiles + the winning tile) and a situation for it."""
    while True:
        form = rng.choices([f for f, _ in FORM_WEIGHTS], [w for _, w in FORM_WEIGHTS])[0]
        built = _BUILDERS[form](rng)
        if built is not None:
            tiles, melds = built
            hand = _finish(rng, tiles, melds)
            if hand is not None:
                return hand, random_situation(rng, hand)


def random_wins(rng: random.Random, count: int) -> Iterator[tuple[Hand, Situation]]:
    """``count`` random wins, one after another."""
    for _ in range(count):
        yield random_win(rng)


# -- the forms ---------------------------------------------------------------------------


def _pool(rng: random.Random) -> list[Tile]:
    """The tiles a regular hand draws its sets from: one, two or three suits, with or
    without honours, so flushes and one-suit patterns come up often."""
    suits = rng.sample(range(3), rng.choice((1, 1, 2, 2, 3, 3, 3)))
    kinds = [t for t in range(27) if SUIT[t] in suits]
    roll = rng.random()
    if roll < 0.35 or not kinds:
        kinds += list(HONORS)
    elif roll < 0.5:
        kinds += list(rng.sample(HONORS, 3))
    return kinds


def _regular(rng: random.Random) -> tuple[list[Tile], list[Meld]] | None:
    kinds = _pool(rng)
    counts = [0] * NUM_KINDS
    chow_rate = rng.choice((0.0, 0.3, 0.6, 0.9))
    kong_rate = rng.choice((0.0, 0.0, 0.15, 0.5))
    sets: list[tuple[MeldKind, Tile]] = []
    for _ in range(60):
        if len(sets) == 4:
            break
        tile = rng.choice(kinds)
        if rng.random() < chow_rate and SUIT[tile] < 3:
            start = tile - min(RANK[tile] - 1, rng.randrange(3))
            start = min(start, start - RANK[start] + 7)
            if all(counts[start + k] < 4 for k in range(3)):
                for k in range(3):
                    counts[start + k] += 1
                sets.append((CHOW, start))
        else:
            kind = KONG if rng.random() < kong_rate else PUNG
            if counts[tile] + kind.size <= 4:
                counts[tile] += kind.size
                sets.append((kind, tile))
    if len(sets) < 4:
        return None
    pairs = [t for t in kinds if counts[t] <= 2]
    if not pairs:
        return None
    pair = rng.choice(pairs)
    declared_rate = rng.choice((0.0, 0.25, 0.5, 0.9))
    melds: list[Meld] = []
    concealed: list[Tile] = [pair, pair]
    for kind, tile in sets:
        if kind is KONG:
            melds.append(_kong(rng, tile))
        elif rng.random() < declared_rate:
            melds.append(_exposed(rng, kind, tile))
        else:
            concealed += [tile, tile + 1, tile + 2] if kind is CHOW else [tile] * 3
    return concealed, melds


def _kong(rng: random.Random, tile: Tile) -> Meld:
    roll = rng.random()
    if roll < 0.4:
        return Meld(KONG, tile, concealed=True)
    return Meld(KONG, tile, claimed=tile, source=rng.randint(1, 3), promoted=roll > 0.8)


def _exposed(rng: random.Random, kind: MeldKind, tile: Tile) -> Meld:
    if kind is CHOW:
        return Meld(CHOW, tile, claimed=tile + rng.randrange(3), source=1)
    return Meld(PUNG, tile, claimed=tile, source=rng.randint(1, 3))


def _seven_pairs(rng: random.Random) -> tuple[list[Tile], list[Meld]] | None:
    kinds = _pool(rng)
    if len(kinds) < 7:
        return None
    tiles: list[Tile] = []
    if rng.random() < 0.1:  # a pair twice (four alike) is still seven pairs
        chosen = rng.sample(kinds, 6)
        chosen.append(chosen[0])
    elif rng.random() < 0.1 and SUIT[kinds[0]] < 3:  # seven shifted pairs
        suit = rng.choice([s for s in range(3) if 9 * s in kinds] or [0])
        start = 9 * suit + rng.randrange(3)
        chosen = list(range(start, start + 7))
    else:
        chosen = rng.sample(kinds, 7)
    for t in chosen:
        tiles += [t, t]
    return tiles, []


def _thirteen_orphans(rng: random.Random) -> tuple[list[Tile], list[Meld]] | None:
    tiles = list(TERMINALS_AND_HONORS)
    tiles.append(rng.choice(TERMINALS_AND_HONORS))
    return tiles, []


def _honors_and_knitted(rng: random.Random) -> tuple[list[Tile], list[Meld]] | None:
    straight = rng.choice(KNITTED_STRAIGHTS)
    honors = list(HONORS) if rng.random() < 0.2 else rng.sample(HONORS, rng.randint(5, 7))
    suited = rng.sample(straight, 14 - len(honors))
    return [*suited, *honors], []


def _knitted_straight(rng: random.Random) -> tuple[list[Tile], list[Meld]] | None:
    tiles = list(rng.choice(KNITTED_STRAIGHTS))
    counts = [0] * NUM_KINDS
    for t in tiles:
        counts[t] += 1
    melds: list[Meld] = []
    tile = rng.randrange(NUM_KINDS)
    if rng.random() < 0.5 and SUIT[tile] < 3 and RANK[tile] <= 7:
        if rng.random() < 0.3:
            melds.append(_exposed(rng, CHOW, tile))
        else:
            tiles += [tile, tile + 1, tile + 2]
        for k in range(3):
            counts[tile + k] += 1
    else:
        if rng.random() < 0.3:
            melds.append(_exposed(rng, PUNG, tile))
        else:
            tiles += [tile] * 3
        counts[tile] += 3
    pair = rng.randrange(NUM_KINDS)
    tiles += [pair, pair]
    counts[pair] += 2
    if max(counts) > 4:
        return None
    return tiles, melds


_BUILDERS: dict[str, Any] = {
    "regular": _regular,
    "seven_pairs": _seven_pairs,
    "thirteen_orphans": _thirteen_orphans,
    "honors_and_knitted": _honors_and_knitted,
    "knitted_straight": _knitted_straight,
}


def _finish(rng: random.Random, tiles: list[Tile], melds: list[Meld]) -> Hand | None:
    winning = rng.choice(tiles)
    flowers: tuple[Tile, ...] = ()
    if rng.random() < 0.25:  # flowers written in the hand (the situation gives none then)
        flowers = tuple(sorted(rng.sample(FLOWERS, _flower_count(rng))))
    try:
        return Hand.from_tiles(tiles, tuple(melds), flowers, winning)
    except ValueError:
        return None


def _flower_count(rng: random.Random) -> int:
    return rng.choice((1, 1, 1, 2, 2, 3, 4, 5, 8))


def random_situation(rng: random.Random, hand: Hand) -> Situation:
    """A situation that can happen with ``hand`` (a complete hand)."""
    win = hand.winning_tile
    if win is None:
        raise ValueError("a waiting hand has no situation of a win")
    self_drawn = rng.random() < 0.4
    has_kong = any(m.kind is KONG for m in hand.melds)
    kong_replacement = self_drawn and has_kong and rng.random() < 0.25
    # Robbing a kong: the tile was added to another player's pung, so the winner holds
    # no other copy of it anywhere.
    robbing = not self_drawn and hand.all_counts()[win] == 1 and rng.random() < 0.1
    # The last of its kind: the other copies were seen (discarded or in the winner's own
    # exposed sets), so none of them is concealed in the winner's hand.
    last_of_kind = robbing or (hand.concealed[win] == 1 and rng.random() < 0.2)
    last_wall = not kong_replacement and not robbing and rng.random() < 0.08
    return Situation(
        self_drawn=self_drawn,
        kong_replacement=kong_replacement,
        robbing_kong=robbing,
        last_of_kind=last_of_kind,
        last_wall_tile=last_wall,
        seat_wind=rng.choice(WINDS),
        prevalent_wind=rng.choice(WINDS),
        flowers=0 if hand.flowers or rng.random() < 0.8 else _flower_count(rng),
    )


# -- the reference calculator -------------------------------------------------------------

_SUIT_LETTER = "WBT"  # characters (wan), dots (bing), bamboo (tiao)


def reference_tile(tile: Tile) -> str:
    """A tile in PyMahjongGB's notation: ``W1``..``W9`` (also B, T), ``F1``..``F4``, ``J1``..``J3``.

    >>> reference_tile(0), reference_tile(13), reference_tile(28), reference_tile(33)
    ('W1', 'B5', 'F2', 'J3')
    """
    if tile < 27:
        return f"{_SUIT_LETTER[tile // 9]}{tile % 9 + 1}"
    if tile < 31:
        return f"F{tile - 26}"
    return f"J{tile - 30}"


def to_reference_args(hand: Hand, situation: Situation) -> dict[str, Any]:
    """The keyword arguments of ``MahjongGB.MahjongFanCalculator`` for a complete hand."""
    if hand.winning_tile is None:
        raise ValueError("the reference calculator scores complete hands only")
    packs = []
    for meld in hand.melds:
        if meld.kind is CHOW:
            offer = 1 if meld.claimed is None else meld.claimed - meld.tile + 1
            packs.append(("CHI", reference_tile(meld.tile + 1), offer))
        elif meld.kind is PUNG:
            packs.append(("PENG", reference_tile(meld.tile), meld.source or 1))
        else:
            offer = 0 if meld.concealed else (meld.source or 1)
            packs.append(("GANG", reference_tile(meld.tile), offer))
    counts = list(hand.concealed)
    counts[hand.winning_tile] -= 1
    standing = tuple(reference_tile(t) for t in range(NUM_KINDS) for _ in range(counts[t]))
    return {
        "pack": tuple(packs),
        "hand": standing,
        "winTile": reference_tile(hand.winning_tile),
        "flowerCount": situation.flower_count or len(hand.flowers),
        "isSelfDrawn": situation.self_drawn,
        "is4thTile": situation.last_of_kind,
        "isAboutKong": situation.kong_replacement or situation.robbing_kong,
        "isWallLast": situation.last_wall_tile,
        "seatWind": WINDS.index(situation.seat_wind),
        "prevalentWind": WINDS.index(situation.prevalent_wind),
    }


__all__ = [
    "FORM_WEIGHTS",
    "REFERENCE_ARGS",
    "random_situation",
    "random_win",
    "random_wins",
    "reference_tile",
    "to_reference_args",
]
