"""The facts a suit entry holds (mahjongkit.suit_tables) match their plain definitions.

The entries are filled from bit masks and lazily; each fact is checked here against a
direct reading of the nine (or seven) counts.
"""

from __future__ import annotations

import random

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
        assert e.sixteen == max(have)
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
