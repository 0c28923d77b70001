"""The facts a suit entry holds (mahjongkit.suit_tables) match their plain definitions.

The entries are filled from bit masks and lazily; each fact is checked here against a
direct reading of the nine (or seven) counts.
"""

from __future__ import annotations

import random
from functools import cache

from mahjongkit.suit_tables import NEG, SIXTEEN_TRIPLES, SuitTables


def random_key(rng: random.Random, size: int) -> tuple[int, ...]:
    counts = [0] * size
    for _ in range(rng.randrange(15)):
        r = rng.randrange(size)
        if counts[r] < 4:
            counts[r] += 1
    return tuple(counts)


def test_suit_entry_facts_match_their_definitions() -> None:
    tables = SuitTables()
    rng = random.Random(1)
    for _ in range(2000):
        key = random_key(rng, 9)
        e = tables.suit(key)
        assert e.tiles == sum(key)
        assert e.pairs == sum(c // 2 for c in key)
        assert e.kinds == sum(1 for c in key if c)
        assert e.hist == tuple(sum(1 for c in key if c == n) for n in range(5))
        assert e.ends == (key[0] > 0) + (key[8] > 0)
        assert e.end_pair == (key[0] >= 2 or key[8] >= 2)
        assert e.near == tuple(
            r for r in range(9) if any(key[u] for u in range(max(0, r - 2), min(9, r + 3)))
        )
        assert e.knit == tuple(sum(1 for r in (j, j + 3, j + 6) if key[r]) for j in range(3))
        assert e.kmax == max(e.knit)
        have = [sum(1 for r in t if key[r]) for t in SIXTEEN_TRIPLES]
        assert tables.fill_sixteen(e).sixteen == max(have)
        paired = [
            h for h, t in zip(have, SIXTEEN_TRIPLES, strict=True) if any(key[r] >= 2 for r in t)
        ]
        assert e.sixteen_pair == max(paired, default=NEG)
        assert tables.knit_classes(e) == tuple(x.cls for x in tables.knit_rests(e))


def test_honour_entry_facts_match_their_definitions() -> None:
    tables = SuitTables()
    rng = random.Random(2)
    for _ in range(500):
        key = random_key(rng, 7)
        e = tables.honors(key)
        assert e.ends == e.kinds == sum(1 for c in key if c)
        assert e.end_pair == e.pair_any == any(c >= 2 for c in key)
        assert e.near == tuple(r for r in range(7) if key[r])


def test_regular_discards_are_the_standard_shanten_after_each_discard() -> None:
    tables = SuitTables()
    rng = random.Random(3)
    empty = tables.honors((0,) * 7)
    for _ in range(300):
        key = random_key(rng, 9)
        e = tables.suit(key)
        need = rng.randrange(5)
        got = tables.regular_discards(e, empty.cls, need)
        for r in range(9):
            if not key[r]:
                assert got[r] == 99
                continue
            less = tables.suit((*key[:r], key[r] - 1, *key[r + 1 :]))
            assert got[r] == tables.shanten_of(tables.combine(empty.cls, less.cls), need)


def test_plus_and_minus_classes_are_the_classes_of_the_neighbours() -> None:
    tables = SuitTables()
    rng = random.Random(4)
    for _ in range(500):
        e = (
            tables.suit(random_key(rng, 9))
            if rng.random() < 0.8
            else tables.honors(random_key(rng, 7))
        )
        plus = [-1 if x is None else x.cls for x in tables.plus(e)]
        minus = [-1 if x is None else x.cls for x in tables.minus(e)]
        assert list(tables.plus_classes(e)) == plus
        assert list(tables.minus_classes(e)) == minus


@cache
def plain_vector(key: tuple[int, ...], chows: bool) -> tuple[int, ...]:
    """The block vector by the plain search over the block of the lowest tile."""
    tiles = [r for r, c in enumerate(key) for _ in range(c)]
    if not tiles:
        return tuple(0 if i % 2 == 0 else NEG for i in range(12))
    i = tiles[0]
    best = [NEG] * 12

    def less(*ranks: int) -> tuple[int, ...]:
        out = list(key)
        for r in ranks:
            out[r] -= 1
        return tuple(out)

    options = [(less(i), 0, 0, False)]
    if key[i] >= 2:
        options += [(less(i, i), 0, 0, True), (less(i, i), 1, 1, False)]
    if key[i] >= 3:
        options.append((less(i, i, i), 2, 1, False))
    if chows and i + 1 < len(key) and key[i + 1]:
        options.append((less(i, i + 1), 1, 1, False))
        if i + 2 < len(key) and key[i + 2]:
            options.append((less(i, i + 1, i + 2), 2, 1, False))
    if chows and i + 2 < len(key) and key[i + 2]:
        options.append((less(i, i + 2), 1, 1, False))
    for rest, value, blocks, pair in options:
        vec = plain_vector(rest, chows)
        for m in range(blocks, 6):
            for p in (0, 1):
                src = vec[2 * (m - blocks) + p]
                dst = 2 * m + 1 if pair else 2 * m + p
                if src > NEG and not (pair and p) and src + value > best[dst]:
                    best[dst] = src + value
    for m in range(1, 6):
        for p in (0, 1):
            best[2 * m + p] = max(best[2 * m + p], best[2 * (m - 1) + p])
    return tuple(best)


def test_block_vectors_by_shape_match_the_plain_search() -> None:
    """Vectors are worked out once per shape (lone tiles dropped, wide gaps narrowed);
    every key's vector is still that of the plain search."""
    tables = SuitTables()
    rng = random.Random(5)
    for _ in range(300):
        key = random_key(rng, 9)
        assert tables.vector(tables.suit(key).cls) == plain_vector(key, True), key
        honours = random_key(rng, 7)
        assert tables.vector(tables.honors(honours).cls) == plain_vector(honours, False)


def test_a_suit_read_backwards_has_the_vector_of_the_plain_search() -> None:
    """A shape's vector may be taken from its reversed shape met first (chows read the
    same from either end); each key's vector is still that of the plain search."""
    tables = SuitTables()
    rng = random.Random(9)
    for _ in range(300):
        key = random_key(rng, 9)
        for counts in (key, key[::-1]):
            assert tables.vector(tables.suit(counts).cls) == plain_vector(counts, True), counts


def test_two_groups_combine_to_the_same_class_either_way_round() -> None:
    """`SuitTables.combine` keeps one answer for both orders: worked out each way in
    tables of their own, the two agree."""
    rng = random.Random(13)
    for _ in range(100):
        one, two = SuitTables(), SuitTables()
        a, b = random_key(rng, 9), random_key(rng, 9)
        ab = one.vector(one.combine(one.suit(a).cls, one.suit(b).cls))
        ba = two.vector(two.combine(two.suit(b).cls, two.suit(a).cls))
        assert ab == ba == one.vector(one.combine(one.suit(b).cls, one.suit(a).cls)), (a, b)


def test_nine_counts_read_without_chows_keep_their_own_class() -> None:
    """The same nine counts as a suit (chows) and read as honours are (All Pungs, see
    `mahjongkit.shanten.pungs_shanten`) are kept apart: 123 is a set only with chows."""
    tables = SuitTables()
    key = (1, 1, 1, 0, 0, 0, 0, 0, 0)
    with_chows, without = tables.suit(key), tables.honors(key)
    assert tables.shanten_of(with_chows.cls, 1) == 0  # a set, and a pair to find
    assert tables.shanten_of(without.cls, 1) == 2  # three singles
    assert tables.suit(key).cls != tables.honors(key).cls
