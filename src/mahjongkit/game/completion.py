"""Fast tests of whether concealed tiles make a winning shape, or wait for one tile.

The game engine asks these on every turn, so they work on count vectors with per-suit
answers cached; a shape that passes is then scored (`mahjongkit.scoring.score`), which is
what decides whether a win can be declared.

>>> from mahjongkit.notation import parse_tiles
>>> from mahjongkit.tiles import tiles_to_counts
>>> is_regular_complete(tiles_to_counts(parse_tiles("11123455678999m")[:14]), 4)
True
>>> is_regular_ready(tiles_to_counts(parse_tiles("1112345678999m")), 4)
True
"""

from __future__ import annotations

from functools import cache

from mahjongkit.hand import Hand, Meld
from mahjongkit.rules.ruleset import Form
from mahjongkit.shapes import KNITTED_STRAIGHTS, is_complete
from mahjongkit.tiles import NUM_KINDS, TERMINALS_AND_HONORS

_SETS = 1
"""Bit: the tiles split into sets only."""
_PAIR = 2
"""Bit: the tiles split into sets and exactly one pair."""


def _split(counts: list[int], i: int, pair: bool, chows: bool) -> bool:
    while i < len(counts) and counts[i] == 0:
        i += 1
    if i == len(counts):
        return not pair
    c = counts[i]
    if c >= 3:
        counts[i] -= 3
        ok = _split(counts, i, pair, chows)
        counts[i] += 3
        if ok:
            return True
    if pair and c >= 2:
        counts[i] -= 2
        ok = _split(counts, i, False, chows)
        counts[i] += 2
        if ok:
            return True
    if chows and i + 2 < len(counts) and counts[i + 1] and counts[i + 2]:
        counts[i] -= 1
        counts[i + 1] -= 1
        counts[i + 2] -= 1
        ok = _split(counts, i, pair, chows)
        counts[i] += 1
        counts[i + 1] += 1
        counts[i + 2] += 1
        return ok
    return False


@cache
def _suit(key: tuple[int, ...], chows: bool) -> int:
    """Bits of what one suit's tiles split into (``_SETS``, ``_PAIR``)."""
    n = sum(key)
    counts = list(key)
    bits = 0
    if n % 3 == 0 and _split(counts, 0, False, chows):
        bits |= _SETS
    if n % 3 == 2 and _split(counts, 0, True, chows):
        bits |= _PAIR
    return bits


@cache
def _suit_after_one(key: tuple[int, ...], chows: bool) -> int:
    """Bits of what one suit can split into once one more of its tiles is added."""
    bits = 0
    counts = list(key)
    for i, c in enumerate(counts):
        if c >= 4:
            continue
        counts[i] += 1
        bits |= _suit(tuple(counts), chows)
        counts[i] -= 1
    return bits


def _parts(counts: tuple[int, ...] | list[int]) -> list[tuple[tuple[int, ...], bool]]:
    return [
        (tuple(counts[0:9]), True),
        (tuple(counts[9:18]), True),
        (tuple(counts[18:27]), True),
        (tuple(counts[27:34]), False),
    ]


def is_regular_complete(counts: tuple[int, ...] | list[int], sets_needed: int) -> bool:
    """True when the concealed counts make ``sets_needed`` sets and a pair."""
    if sum(counts) != 3 * sets_needed + 2:
        return False
    pairs = 0
    for key, chows in _parts(counts):
        if not sum(key):
            continue
        bits = _suit(key, chows)
        if bits & _SETS:
            continue
        if bits & _PAIR:
            pairs += 1
            if pairs > 1:
                return False
            continue
        return False
    return pairs == 1


def is_regular_ready(counts: tuple[int, ...] | list[int], sets_needed: int) -> bool:
    """True when one more tile would make ``sets_needed`` sets and a pair."""
    if sum(counts) != 3 * sets_needed + 1:
        return False
    parts = _parts(counts)
    now = [_suit(key, chows) if sum(key) else _SETS for key, chows in parts]
    for x, (key, chows) in enumerate(parts):
        after = _suit_after_one(key, chows)
        others = [b for y, b in enumerate(now) if y != x]
        if after & _PAIR and all(b & _SETS for b in others):
            return True
        if after & _SETS:
            pair_suits = [b for b in others if not b & _SETS]
            if len(pair_suits) == 1 and pair_suits[0] & _PAIR:
                return True
            if not pair_suits and any(b & _PAIR for b in others):
                return True
    return False


def could_be_complete(
    counts: tuple[int, ...] | list[int],
    melds: tuple[Meld, ...],
    last_tile: int,
    forms: frozenset[Form],
    hand_size: int,
) -> bool:
    """True when the concealed counts (the last tile included) and melds make a winning
    shape in one of ``forms``; exact, with the regular form answered from the caches."""
    sets_needed = hand_size // 3 - len(melds)
    if Form.REGULAR in forms and is_regular_complete(counts, sets_needed):
        return True
    if melds and Form.KNITTED_STRAIGHT not in forms:
        return False
    special = forms - {Form.REGULAR}
    if not special or not _special_possible(counts, special, bool(melds)):
        return False
    hand = Hand(tuple(counts), melds, (), last_tile)
    return is_complete(hand, special)


def _special_possible(
    counts: tuple[int, ...] | list[int], forms: frozenset[Form], melds: bool
) -> bool:
    """A cheap necessary condition for the special forms, so most hands skip the search."""
    if melds:
        return Form.KNITTED_STRAIGHT in forms and _has_knitted(counts)
    odd = sum(1 for c in counts if c % 2)
    if (Form.SEVEN_PAIRS in forms and odd == 0) or (Form.NICO_NICO in forms and odd <= 1):
        return True
    if Form.THIRTEEN_ORPHANS in forms and sum(1 for t in TERMINALS_AND_HONORS if counts[t]) >= 12:
        return True
    if Form.SIXTEEN_ORPHANS in forms and all(counts[t] for t in range(27, NUM_KINDS)):
        return True
    if Form.HONORS_AND_KNITTED in forms and max(counts) == 1:
        return True
    return Form.KNITTED_STRAIGHT in forms and _has_knitted(counts)


def _has_knitted(counts: tuple[int, ...] | list[int]) -> bool:
    return any(all(counts[t] for t in ks) for ks in KNITTED_STRAIGHTS)


__all__ = ["could_be_complete", "is_regular_complete", "is_regular_ready"]
