"""Random winning MCR hands with a consistent situation, for differential tests and benchmarks.

Every hand is a complete 14-tile hand (kongs counted as three) in one of the MCR shapes,
with declared melds (chows, pungs, melded and concealed kongs), flowers, and a situation
that can happen with it (no kong replacement without a kong, no robbed kong of a tile
the hand holds, no last-of-its-kind while holding another copy).

>>> import random
>>> hand, situation = random_win(random.Random(7))
>>> hand.is_waiting, hand.size
(False, 13)
"""

from __future__ import annotations

import random
from typing import Final

from mahjongkit.hand import CHOW, KONG, PUNG, Hand, Meld
from mahjongkit.scoring.situation import Situation
from mahjongkit.shapes import KNITTED_STRAIGHTS
from mahjongkit.tiles import HONORS, NUM_KINDS, TERMINALS_AND_HONORS, WINDS, Tile

SHAPES: Final = (
    ("regular", 55),
    ("one_suit", 10),
    ("themed", 18),
    ("seven_pairs", 6),
    ("knitted_straight", 4),
    ("honors_knitted", 2),
    ("thirteen_orphans", 2),
    ("nine_gates", 1),
    ("shifted_pairs", 1),
    ("terminal_chows", 1),
)
"""The shapes drawn, with their weights. A one-suit hand reaches the flush fans; a themed
hand draws its sets from a small pool of tiles (green, honours, terminals, 5s, evens,
lower/middle/upper, reversible, winds, dragons) so the rare fans come up too."""

_POOLS: Final[tuple[tuple[Tile, ...], ...]] = (
    (19, 20, 21, 23, 25, 32),  # green
    tuple(HONORS),
    (27, 28, 29, 30),
    (31, 32, 33),
    (0, 8, 9, 17, 18, 26),
    tuple(TERMINALS_AND_HONORS),
    tuple(t for t in range(27) if t % 9 in (2, 3, 4, 5, 6)),  # chows and pungs with a 5
    tuple(t for t in range(27) if t % 9 in (1, 3, 5, 7)),  # evens
    tuple(t for t in range(27) if t % 9 <= 2),
    tuple(t for t in range(27) if t % 9 <= 3),
    tuple(t for t in range(27) if 3 <= t % 9 <= 5),
    tuple(t for t in range(27) if t % 9 >= 5),
    tuple(t for t in range(27) if t % 9 >= 6),
    (9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, 26, 33),  # reversible
    (0, 1, 2, 3, 4, 5, 9, 10, 11, 12, 13, 14, 18, 19, 20, 21, 22, 23),  # shifts and triples
    (27, 28, 29, 30, 31, 32, 33, 0, 8, 4),
)


def _pick_set(
    rng: random.Random, tiles: list[Tile], weights: tuple[int, int, int] = (55, 35, 10)
) -> tuple[str, Tile]:
    kind = rng.choices(("chow", "pung", "kong"), weights)[0]
    if kind == "chow":
        pool = set(tiles)
        starts = [t for t in tiles if t < 27 and t % 9 <= 6 and {t + 1, t + 2} <= pool]
        if starts:
            return kind, rng.choice(starts)
        kind = "pung"
    return kind, rng.choice(tiles)


def _regular(
    rng: random.Random, tiles: list[Tile], weights: tuple[int, int, int] = (55, 35, 10)
) -> Hand | None:
    counts = [0] * NUM_KINDS
    melds: list[Meld] = []
    concealed: list[Tile] = []
    exposed_chance = rng.choice((0.0, 0.15, 0.4, 0.8))
    for _ in range(4):
        kind, t = _pick_set(rng, tiles, weights)
        _place_set(rng, kind, t, exposed_chance, counts, melds, concealed)
    return _with_pair(rng, tiles, counts, melds, concealed)


def _place_set(
    rng: random.Random,
    kind: str,
    t: Tile,
    exposed_chance: float,
    counts: list[int],
    melds: list[Meld],
    concealed: list[Tile],
) -> None:
    """Count one set and put it in the hand: a kong is declared (concealed half the
    time), a chow or pung is claimed with `exposed_chance`, else kept concealed."""
    body = (t, t + 1, t + 2) if kind == "chow" else (t,) * (4 if kind == "kong" else 3)
    for x in body:
        counts[x] += 1
    if kind == "kong":
        if rng.random() < 0.5:
            melds.append(Meld(KONG, t, concealed=True))
        else:
            melds.append(_exposed(rng, KONG, t))
    elif rng.random() < exposed_chance:
        melds.append(_exposed(rng, CHOW if kind == "chow" else PUNG, t))
    else:
        concealed += body


def _with_pair(
    rng: random.Random,
    tiles: list[Tile],
    counts: list[int],
    melds: list[Meld],
    concealed: list[Tile],
) -> Hand | None:
    """Add a pair drawn from `tiles` and pick the winning tile; None past four of a tile."""
    pair = rng.choice(tiles)
    counts[pair] += 2
    concealed += [pair, pair]
    if max(counts) > 4:
        return None
    return _with_winning_tile(rng, concealed, melds)


def _exposed(rng: random.Random, kind: object, t: Tile) -> Meld:
    if kind is CHOW:
        claimed = t + rng.randrange(3)
        return Meld(CHOW, t, claimed=claimed, source=1)
    source = rng.randrange(1, 4)
    if kind is KONG:
        return Meld(KONG, t, claimed=t, source=source, promoted=rng.random() < 0.3)
    return Meld(PUNG, t, claimed=t, source=source)


def _with_winning_tile(rng: random.Random, concealed: list[Tile], melds: list[Meld]) -> Hand:
    win = rng.choice(concealed)
    return Hand.from_tiles(concealed, tuple(melds), (), win)


def _seven_pairs(rng: random.Random, tiles: list[Tile]) -> Hand | None:
    pairs = [rng.choice(tiles) for _ in range(7)]
    if any(pairs.count(t) > 2 for t in pairs):
        return None
    return _with_winning_tile(rng, [t for t in pairs for _ in range(2)], [])


def _knitted_straight(rng: random.Random, tiles: list[Tile]) -> Hand | None:
    pattern = list(rng.choice(KNITTED_STRAIGHTS))
    counts = [0] * NUM_KINDS
    for t in pattern:
        counts[t] += 1
    kind, t = _pick_set(rng, tiles)
    melds: list[Meld] = []
    concealed = list(pattern)
    _place_set(rng, kind, t, 0.3, counts, melds, concealed)
    return _with_pair(rng, tiles, counts, melds, concealed)


def _honors_knitted(rng: random.Random) -> Hand | None:
    pattern = list(rng.choice(KNITTED_STRAIGHTS))
    suited = rng.randint(7, 9)
    tiles = rng.sample(pattern, suited) + rng.sample(list(HONORS), 14 - suited)
    return _with_winning_tile(rng, tiles, [])


def _thirteen_orphans(rng: random.Random) -> Hand | None:
    tiles = [*TERMINALS_AND_HONORS, rng.choice(TERMINALS_AND_HONORS)]
    return _with_winning_tile(rng, tiles, [])


def _terminal_chows(rng: random.Random) -> Hand | None:
    suit = rng.randrange(3)
    if rng.random() < 0.5:
        starts = [9 * suit, 9 * suit, 9 * suit + 6, 9 * suit + 6]
        pair = 9 * suit + 4
    else:
        a, b = (x for x in range(3) if x != suit)
        starts = [9 * a, 9 * a + 6, 9 * b, 9 * b + 6]
        pair = 9 * suit + 4
    melds = []
    concealed = [pair, pair]
    for t in starts:
        if rng.random() < 0.3:
            melds.append(_exposed(rng, CHOW, t))
        else:
            concealed += [t, t + 1, t + 2]
    return _with_winning_tile(rng, concealed, melds)


def _situation(rng: random.Random, hand: Hand) -> Situation:
    win = hand.winning_tile
    assert win is not None
    in_melds = sum(t == win for m in hand.melds for t in m.tiles)
    alone = hand.concealed[win] == 1
    self_drawn = rng.random() < 0.45
    has_kong = any(m.kind is KONG for m in hand.melds)
    kong_replacement = self_drawn and has_kong and rng.random() < 0.3
    last_wall_tile = rng.random() < 0.08
    robbing = (
        not self_drawn and alone and not in_melds and not last_wall_tile and rng.random() < 0.1
    )
    last_of_kind = alone and rng.random() < 0.15
    return Situation(
        self_drawn=self_drawn,
        kong_replacement=kong_replacement,
        robbing_kong=robbing,
        last_of_kind=last_of_kind,
        last_wall_tile=last_wall_tile,
        seat_wind=rng.choice(WINDS),
        prevalent_wind=rng.choice(WINDS),
        flowers=rng.choice((0, 0, 0, 1, 2, 3, 8)),
    )


def random_win(rng: random.Random) -> tuple[Hand, Situation]:
    """One random winning hand and a situation that can happen with it."""
    while True:
        shape = rng.choices([s for s, _ in SHAPES], [w for _, w in SHAPES])[0]
        if shape == "one_suit":
            suit = rng.randrange(3)
            tiles = list(range(9 * suit, 9 * suit + 9))
            if rng.random() < 0.5:
                tiles += rng.sample(list(HONORS), rng.randint(1, 3))
            hand = _regular(rng, tiles)
        elif shape == "regular":
            tiles = list(range(NUM_KINDS))
            if rng.random() < 0.3:
                tiles = rng.sample(tiles, rng.randint(5, 12))
            hand = _regular(rng, tiles)
        elif shape == "themed":
            weights = rng.choice(((55, 35, 10), (10, 60, 30), (0, 30, 70)))
            hand = _regular(rng, list(rng.choice(_POOLS)), weights)
        elif shape == "nine_gates":
            base = 9 * rng.randrange(3)
            gates = [base] * 3 + [base + r for r in range(1, 8)] + [base + 8] * 3
            extra = base + rng.randrange(9)
            hand = Hand.from_tiles([*gates, extra], (), (), extra)
        elif shape == "shifted_pairs":
            start = 9 * rng.randrange(3) + rng.randrange(3)
            hand = _with_winning_tile(rng, [start + r for r in range(7) for _ in range(2)], [])
        elif shape == "terminal_chows":
            hand = _terminal_chows(rng)
        elif shape == "seven_pairs":
            hand = _seven_pairs(rng, rng.sample(range(NUM_KINDS), rng.randint(5, 16)))
        elif shape == "knitted_straight":
            hand = _knitted_straight(rng, list(range(NUM_KINDS)))
        elif shape == "honors_knitted":
            hand = _honors_knitted(rng)
        else:
            hand = _thirteen_orphans(rng)
        if hand is not None:
            return hand, _situation(rng, hand)


__all__ = ["SHAPES", "random_win"]
