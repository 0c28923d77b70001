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

from functools import cache, lru_cache

from mahjongkit.errors import InvalidHandError
from mahjongkit.hand import Hand, Meld
from mahjongkit.rules.ruleset import MCR_FORMS, Form
from mahjongkit.shanten import shanten
from mahjongkit.shapes import is_complete
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


@lru_cache(maxsize=1 << 16)
def winning_tiles(
    counts: tuple[int, ...], melds: tuple[Meld, ...], forms: frozenset[Form], hand_size: int
) -> int:
    """The tiles that would complete a waiting hand, as a bitmask over the 34 kinds.

    Exact for every form: the regular form from the per-suit caches, the others checked
    by `mahjongkit.shapes` when a cheap test says they are possible.

    >>> from mahjongkit.notation import parse_tiles
    >>> from mahjongkit.tiles import tiles_to_counts
    >>> mask = winning_tiles(tiles_to_counts(parse_tiles("1112345678999m")), (),
    ...                      frozenset({Form.REGULAR}), 13)
    >>> [t + 1 for t in range(34) if mask >> t & 1]
    [1, 2, 3, 4, 5, 6, 7, 8, 9]
    """
    # Most hands are not ready at all; the shanten tables say so fastest (the MCR forms
    # are the hot path; a smaller MCR form set is covered by them).
    if hand_size == 13 and forms <= MCR_FORMS:
        if shanten(counts, len(melds)) > 0:
            return 0
    elif shanten(counts, len(melds), forms) > 0:
        return 0
    sets_needed = hand_size // 3 - len(melds)
    mask = 0
    work = list(counts)
    if Form.REGULAR in forms and is_regular_ready(counts, sets_needed):
        for t in range(NUM_KINDS):
            if work[t] < 4:
                work[t] += 1
                if is_regular_complete(work, sets_needed):
                    mask |= 1 << t
                work[t] -= 1
    special = forms - {Form.REGULAR}
    if melds:
        special &= {Form.KNITTED_STRAIGHT}
    if special and _special_possible(counts, special, bool(melds)):
        for t in range(NUM_KINDS):
            if mask >> t & 1 or work[t] >= 4:
                continue
            work[t] += 1
            try:
                hand = Hand(tuple(work), melds, (), t)
            except InvalidHandError:  # a fifth copy counting the melds: it cannot arrive
                hand = None
            if hand is not None and is_complete(hand, special):
                mask |= 1 << t
            work[t] -= 1
    return mask


_ORPHANS = TERMINALS_AND_HONORS
_HONORS = tuple(range(27, NUM_KINDS))
_KNIT_ORDERS = ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))


def _special_possible(counts: tuple[int, ...], forms: frozenset[Form], melds: bool) -> bool:
    """A cheap necessary condition on a waiting hand for the special forms."""
    if melds:
        return _near_knitted(counts)
    if Form.SEVEN_PAIRS in forms or Form.NICO_NICO in forms:
        odd = 0
        for c in counts:
            odd += c & 1
        if (Form.SEVEN_PAIRS in forms and odd == 1) or (Form.NICO_NICO in forms and odd <= 2):
            return True
    if Form.THIRTEEN_ORPHANS in forms:
        orphans = 0
        for t in _ORPHANS:
            if counts[t]:
                orphans += 1
        if orphans >= 12:
            return True
    if Form.SIXTEEN_ORPHANS in forms:
        honors = 0
        for t in _HONORS:
            if counts[t]:
                honors += 1
        if honors >= 6:
            return True
    if Form.HONORS_AND_KNITTED in forms and max(counts) == 1 and _near_knitted(counts, 0):
        return True
    return Form.KNITTED_STRAIGHT in forms and _near_knitted(counts)


def _near_knitted(counts: tuple[int, ...], need: int = 8) -> bool:
    """At least ``need`` of the nine tiles of some knitted straight (1-4-7, 2-5-8, 3-6-9
    in three different suits), and no suited tile outside it when ``need`` is 0."""
    per = []
    for suit in (0, 9, 18):
        row = []
        for k in (0, 1, 2):
            row.append(
                (counts[suit + k] > 0) + (counts[suit + k + 3] > 0) + (counts[suit + k + 6] > 0)
            )
        per.append(row)
    if need == 0:
        # Honours and knitted tiles: every suited tile belongs to one knitted straight.
        suited = sum(per[0]) + sum(per[1]) + sum(per[2])
        return any(per[0][o[0]] + per[1][o[1]] + per[2][o[2]] == suited for o in _KNIT_ORDERS)
    return any(per[0][o[0]] + per[1][o[1]] + per[2][o[2]] >= need for o in _KNIT_ORDERS)


__all__ = ["is_regular_complete", "is_regular_ready", "winning_tiles"]
