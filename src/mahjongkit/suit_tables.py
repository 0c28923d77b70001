"""Per-suit tables for shanten: each suit's counts map once to a small entry of facts.

A suit (nine counts) or the honours (seven counts) is keyed by its count tuple, which
packs the suit into one hashable value. Its entry holds everything the hand forms need
from that suit: the *block vector* of the standard form (below) as a class id, pairs,
terminals, knitted-straight tiles, and its neighbours one tile up or down. Entries and
the combination of two block vectors are computed the first time they are asked for
and kept: a hand is then analysed by four look-ups and a few additions, never a search.

The block vector ``g`` of a group of tiles gives, for ``m`` blocks (0..5) and ``p``
pairs (0 or 1), the most value ``2 * sets + partial sets`` that ``m`` blocks can take
from the group while also setting aside ``p`` pair. The standard-form shanten of a hand
that needs ``n`` more sets is then ``2n - max(g[n][0], g[n][1] + 1)`` for the vector of
the whole hand, and vectors of disjoint groups combine by a max-plus convolution.

>>> tables = SuitTables()
>>> entry = tables.suit((1, 1, 1, 0, 0, 0, 0, 0, 1))  # 1238 of one suit
>>> tables.vector(entry.cls)[2:4]  # one block: a set (value 2); no pair possible
(2, -64)
>>> tables.shanten_of(entry.cls, 1)  # needs a pair beside its set: one tile away
0
"""

from __future__ import annotations

from typing import Final

NEG: Final = -64
"""Value of an impossible block choice (far below any reachable value)."""
BLOCKS: Final = 6
"""Block counts 0..5: four sets for 13-tile hands, five for 16-tile hands."""
_LEN: Final = 2 * BLOCKS

# Rank triples of sixteen orphans: three tiles of a suit at least three ranks apart.
SIXTEEN_TRIPLES: Final = tuple(
    (a, b, c) for a in range(9) for b in range(a + 3, 9) for c in range(b + 3, 9)
)


_SIXTEEN_MASKS: Final[tuple[int, ...]] = tuple(
    1 << a | 1 << b | 1 << c for a, b, c in SIXTEEN_TRIPLES
)
"""The ranks of each of `SIXTEEN_TRIPLES` as the bits of a mask."""
_HOW_MANY: Final[tuple[int, ...]] = tuple(bin(m).count("1") for m in range(512))
"""``_HOW_MANY[mask]``: how many ranks the mask holds."""

_RANKS: Final = tuple(tuple(r for r in range(9) if m >> r & 1) for m in range(512))
"""``_RANKS[mask]``: the ranks (0..8) whose bits the mask sets."""


_KNITS: Final = tuple(
    tuple(sum(m >> r & 1 for r in (j, j + 3, j + 6)) for j in range(3)) for m in range(512)
)
"""``_KNITS[mask]``: how many of the ranks ``j, j + 3, j + 6`` the mask holds, j = 0..2."""


def _layout(mask: int) -> tuple[int, ...]:
    """The ranks of a shape (see `_shape`) whose ranks held are the mask's bits: the
    rank whose count goes in each place, -1 for an empty rank kept between groups."""
    out: list[int] = []
    gap = 0
    for r in range(9):
        if not mask >> r & 1:
            gap += 1
            continue
        if out:
            out.extend((-1, -1) if gap >= 2 else (-1,) * gap)
        out.append(r)
        gap = 0
    return tuple(out)


_LAYOUTS: Final = tuple(_layout(m) for m in range(512))
_ALONE: Final = tuple(
    sum(1 << r for r in range(9) if m >> r & 1 and not m & ~(1 << r) & (0x1F << r >> 2))
    for m in range(512)
)
"""``_ALONE[mask]``: the held ranks with no other held rank within two."""


def _shape(key: tuple[int, ...]) -> tuple[int, ...]:
    """A suit's counts as far as the standard form can tell: a block spans three ranks
    at most, so a lone tile with no other within two ranks adds nothing, runs of two or
    more empty ranks part groups that never meet (two stand for any such run), and no
    block cares where in the suit it lies.

    >>> _shape((1, 0, 0, 0, 2, 3, 0, 1, 0))
    (2, 3, 0, 1)
    >>> _shape((0, 1, 1, 0, 0, 0, 0, 1, 1))
    (1, 1, 0, 0, 1, 1)
    """
    held = ones = 0
    for r, c in enumerate(key):
        if c:
            held |= 1 << r
            if c == 1:
                ones |= 1 << r
    keep = held & ~(_ALONE[held] & ones)
    return tuple([key[r] if r >= 0 else 0 for r in _LAYOUTS[keep]])


def _parts(shape: tuple[int, ...]) -> list[tuple[int, ...]]:
    """A shape's groups, split where two empty ranks part them.

    >>> _parts((2, 0, 1, 0, 0, 3, 1))
    [(2, 0, 1), (3, 1)]
    """
    out = []
    start = 0
    for i in range(1, len(shape)):
        if shape[i] == 0 and shape[i - 1] == 0:
            out.append(shape[start : i - 1])
            start = i + 1
    out.append(shape[start:])
    return out


def _mask(key: tuple[int, ...]) -> int:
    """The bits of the ranks held at least once."""
    m = 0
    for r, c in enumerate(key):
        if c:
            m |= 1 << r
    return m


def _paired_mask(key: tuple[int, ...]) -> int:
    """The bits of the ranks held at least twice (Sixteen Orphans' pair)."""
    m = 0
    for r, c in enumerate(key):
        if c >= 2:
            m |= 1 << r
    return m


def _empty_vector() -> tuple[int, ...]:
    return tuple(0 if i % 2 == 0 else NEG for i in range(_LEN))


class SuitEntry:
    """The facts of one suit (or of the honours) that every hand form needs."""

    __slots__ = (
        "cls",
        "discard_regular",
        "end_pair",
        "ends",
        "gains",
        "hist",
        "key",
        "kinds",
        "kmax",
        "knit",
        "knit_rest",
        "knit_rest_entries",
        "minus",
        "minus_cls",
        "minus_groups",
        "minus_some",
        "near",
        "pair_any",
        "pairs",
        "plus",
        "plus_cls",
        "plus_groups",
        "plus_some",
        "sixteen",
        "sixteen_down",
        "sixteen_pair",
        "sixteen_up",
        "tiles",
    )

    def __init__(self, key: tuple[int, ...]) -> None:
        if min(key) < 0 or max(key) > 4:
            raise ValueError(f"tile counts must be 0..4, not {key}")
        self.key = key
        self.tiles = sum(key)
        self.cls = 0
        count = key.count
        n0, n1, n2, n3, n4 = count(0), count(1), count(2), count(3), count(4)
        self.pairs = n2 + n3 + 2 * n4
        self.kinds = len(key) - n0
        self.pair_any = n2 + n3 + n4 > 0
        self.hist = (n0, n1, n2, n3, n4)
        # Terminals (1 and 9) of a suit; for the honours every kind is an "end".
        if len(key) == 9:
            a, b = key[0], key[8]
            self.ends = (a > 0) + (b > 0)
            self.end_pair = a >= 2 or b >= 2
            # Ranks a new tile can join a held one at: two ranks either way (a chow).
            held = _mask(key)
            self.near = _RANKS[(held | held << 1 | held << 2 | held >> 1 | held >> 2) & 0x1FF]
            self.knit: tuple[int, ...] = _KNITS[held]
            self.kmax = max(self.knit)
        else:
            self.ends = self.kinds
            self.end_pair = self.pair_any
            self.near = _RANKS[_mask(key)]  # among the honours, the same kind only
            self.knit = ()
            self.kmax = 0
        self.knit_rest: tuple[int, ...] = ()
        """`SuitTables.knit_classes`, once asked for (empty until then)."""
        self.knit_rest_entries: tuple[SuitEntry, ...] | None = None
        """`SuitTables.knit_rests`: the entries whose classes are ``knit_rest``."""
        self.sixteen = 0
        self.sixteen_pair = NEG
        self.sixteen_up: tuple[tuple[int, int] | None, ...] = ()
        """`SuitTables.sixteen_up`, once asked for (empty until then)."""
        self.sixteen_down: tuple[tuple[int, int] | None, ...] = ()
        """`SuitTables.sixteen_down`, once asked for (empty until then)."""
        self.plus: list[SuitEntry | None] | None = None
        self.minus: list[SuitEntry | None] | None = None
        self.minus_some: list[SuitEntry | None] | None = None
        """`SuitTables.minus_one` answers, by rank (``None`` where not asked yet)."""
        self.plus_some: list[SuitEntry | None] | None = None
        """`SuitTables.plus_one` answers, by rank (``None`` where not asked yet)."""
        self.plus_cls: tuple[int, ...] | None = None
        """`SuitTables.plus_classes`: the block-vector class one tile up, per rank."""
        self.minus_cls: tuple[int, ...] | None = None
        """`SuitTables.minus_classes`: the block-vector class one tile down, per rank."""
        self.plus_groups: tuple[tuple[int, int], ...] = ()
        """`SuitTables._plus_groups`: each class one tile up, with its ranks as a bit mask."""
        self.minus_groups: tuple[tuple[int, tuple[int, ...]], ...] = ()
        """`SuitTables._minus_groups`: each class one tile down, with its ranks."""
        self.gains: dict[int, tuple[int, ...]] | None = None
        """`SuitTables.regular_gains` answers (ask that method, which keys them)."""
        self.discard_regular: dict[int, tuple[int, ...]] | None = None
        """`SuitTables.regular_discards` answers (ask that method, which keys them)."""


class SuitTables:
    """Lazily filled tables of suit entries, block vectors and their combinations.

    One instance serves a whole program; every value it stores is a pure function of its
    key, so filling it lazily changes nothing but speed.
    """

    def __init__(self) -> None:
        self.suits: dict[tuple[int, ...], SuitEntry] = {}
        self.honor_entries: dict[tuple[int, ...], SuitEntry] = {}
        self._vec_suit: dict[tuple[int, ...], tuple[int, ...]] = {}
        self._vec_honor: dict[tuple[int, ...], tuple[int, ...]] = {}
        self._shape_suit: dict[tuple[int, ...], tuple[int, ...]] = {}
        self._shape_honor: dict[tuple[int, ...], tuple[int, ...]] = {}
        self._class_of: dict[tuple[int, ...], int] = {}
        self._suit_class: dict[tuple[int, ...], int] = {}
        self._honor_class: dict[tuple[int, ...], int] = {}
        """The class of a suit's counts (of the honours', or any counts read without
        chows), by the counts: one look-up where the vector and its class are two."""
        self._shape_class: dict[tuple[int, ...], int] = {}
        """The class of a suit's shape (see `_shape`)."""
        self._vectors: list[tuple[int, ...]] = []
        self.shanten_table: list[tuple[int, ...]] = []
        """``shanten_table[cls][n]``: standard-form shanten needing ``n`` more sets."""
        self._combined: list[list[int]] = []
        """`combine`'s answers: ``_combined[a][b]`` is the class of ``a`` with ``b`` (-1, or
        past the end of the row, until asked). There are some hundred and thirty classes
        in all: a row a class is small, and a look-up in it costs a tenth of a dict's."""
        self._sixteen: dict[int, tuple[int, int]] = {}
        """Sixteen Orphans counts of a suit, by its held and paired ranks' bits."""

    # -- block vectors --------------------------------------------------------------
    def _class(self, vector: tuple[int, ...]) -> int:
        cls = self._class_of.get(vector)
        if cls is None:
            cls = len(self._vectors)
            self._class_of[vector] = cls
            self._vectors.append(vector)
            self._combined.append([])
            self.shanten_table.append(
                tuple(2 * n - max(vector[2 * n], vector[2 * n + 1] + 1) for n in range(BLOCKS))
            )
        return cls

    def _class_of_key(self, key: tuple[int, ...], chows: bool) -> int:
        """The class of a group's counts, read with chows or without, kept."""
        memo = self._suit_class if chows else self._honor_class
        cls = memo.get(key)
        if cls is None:
            if chows:
                # The shape read once (see `_block_vector`), and its class kept: most new
                # counts share the shape of counts met before.
                shape = _shape(key)
                cls = self._shape_class.get(shape)
                if cls is None:
                    cls = self._shape_class[shape] = self._class(self._shape_block_vector(shape))
            else:
                cls = self._class(self._block_vector(key, chows))
            memo[key] = cls
        return cls

    def vector(self, cls: int) -> tuple[int, ...]:
        """The block vector of a class: ``vector[2 * m + p]``."""
        return self._vectors[cls]

    def shanten_of(self, cls: int, sets_needed: int) -> int:
        """Standard-form shanten of the tiles of a class that still need ``sets_needed``."""
        return self.shanten_table[cls][sets_needed]

    def _block_vector(self, key: tuple[int, ...], chows: bool) -> tuple[int, ...]:
        memo = self._vec_suit if chows else self._vec_honor
        found = memo.get(key)
        if found is not None:
            return found
        # Many keys share a shape (see `_shape`): the vector is worked out once a shape.
        if chows:
            found = self._shape_block_vector(_shape(key))
        else:
            shape = tuple(sorted(c for c in key if c >= 2))
            found = self._shape_honor.get(shape)
            if found is None:
                found = self._shape_honor[shape] = self._shape_vector(shape, False)
        memo[key] = found
        return found

    def _shape_block_vector(self, shape: tuple[int, ...]) -> tuple[int, ...]:
        """The block vector of a suit's shape (see `_shape`), kept by the shape."""
        found = self._shape_suit.get(shape)
        if found is not None:
            return found
        # A suit read from 9 down to 1 makes the same blocks (a chow read backwards is a
        # chow): the reversed shape's vector, when that was met first.
        found = self._shape_suit.get(shape[::-1])
        if found is None:
            parts = _parts(shape)
            if len(parts) > 1:
                # Groups two empty ranks apart never share a block: their vectors
                # combine as those of two suits do.
                cls = self._class(self._block_vector(parts[0], True))
                for part in parts[1:]:
                    cls = self.combine(cls, self._class(self._block_vector(part, True)))
                found = self._vectors[cls]
            else:
                found = self._shape_vector(shape, True)
        self._shape_suit[shape] = found
        return found

    def _shape_vector(self, key: tuple[int, ...], chows: bool) -> tuple[int, ...]:
        """The block vector of a group of counts, by the block of its lowest tile."""
        size = len(key)
        i = 0
        while i < size and key[i] == 0:
            i += 1
        if i == size:
            return _empty_vector()
        # The block containing the lowest tile: (tiles taken, value, blocks used, is the
        # pair); the lowest tile may also stay single. Values of real choices are never
        # negative, so anything below zero is impossible (written NEG at the end).
        c = key[i]
        choices: list[tuple[tuple[int, ...], int, int, bool]] = [((i,), 0, 0, False)]
        if c >= 2:
            choices.append(((i, i), 0, 0, True))
            choices.append(((i, i), 1, 1, False))
        if c >= 3:
            choices.append(((i, i, i), 2, 1, False))
        if chows:
            if i + 1 < size and key[i + 1]:
                choices.append(((i, i + 1), 1, 1, False))
                if i + 2 < size and key[i + 2]:
                    choices.append(((i, i + 1, i + 2), 2, 1, False))
            if i + 2 < size and key[i + 2]:
                choices.append(((i, i + 2), 1, 1, False))
        best = [NEG] * _LEN
        counts = list(key)
        for taken, value, blocks, pair in choices:
            for t in taken:
                counts[t] = counts[t] - 1
            vec = self._block_vector(tuple(counts), chows)
            for t in taken:
                counts[t] = counts[t] + 1
            if pair:
                # The pair of the hand takes no block: from no pair to one pair.
                for dst in range(1, _LEN, 2):
                    got = vec[dst - 1] + value
                    if got > best[dst]:
                        best[dst] = got
            else:
                shift = 2 * blocks
                for dst in range(shift, _LEN):
                    got = vec[dst - shift] + value
                    if got > best[dst]:
                        best[dst] = got
        for dst in range(2, _LEN):
            if best[dst - 2] > best[dst]:
                best[dst] = best[dst - 2]
        return tuple([v if v >= 0 else NEG for v in best])

    def combine(self, a: int, b: int) -> int:
        """The class of the block vector of two disjoint groups (of classes ``a`` and
        ``b``) together, kept: the one place a combination is looked up.

        >>> tables = SuitTables()
        >>> one, two = tables.suit((1, 1, 1) + (0,) * 6).cls, tables.honors((2,) + (0,) * 6).cls
        >>> tables.shanten_of(tables.combine(one, two), 1)  # a set and a pair: complete
        -1
        """
        row = self._combined[a]
        if b < len(row):
            found = row[b]
            if found >= 0:
                return found
        return self._combine_new(a, b)

    def _combine_new(self, a: int, b: int) -> int:
        """`combine` of two classes not combined before, kept both ways round (two
        groups the other way round give the same vector)."""
        va, vb = self._vectors[a], self._vectors[b]
        out = [NEG] * _LEN
        for m in range(BLOCKS):
            for m1 in range(m + 1):
                m2 = m - m1
                a0, a1, b0, b1 = va[2 * m1], va[2 * m1 + 1], vb[2 * m2], vb[2 * m2 + 1]
                if a0 > NEG and b0 > NEG and a0 + b0 > out[2 * m]:
                    out[2 * m] = a0 + b0
                if a1 > NEG and b0 > NEG and a1 + b0 > out[2 * m + 1]:
                    out[2 * m + 1] = a1 + b0
                if a0 > NEG and b1 > NEG and a0 + b1 > out[2 * m + 1]:
                    out[2 * m + 1] = a0 + b1
        cls = self._class(tuple(out))
        for x, y in ((a, b), (b, a)):
            row = self._combined[x]
            if len(row) <= y:
                row.extend([-1] * (y + 1 - len(row)))
            row[y] = cls
        return cls

    def combine_all(self, a: int, b: int, c: int, d: int) -> int:
        """The class of four disjoint groups together: ``a`` with ``b``, then with ``c``,
        then with ``d`` (a hand's three suits and its honours, say).

        >>> tables = SuitTables()
        >>> one = tables.suit((1, 1, 1) + (0,) * 6).cls
        >>> tables.combine_all(one, one, one, tables.honors((2,) + (0,) * 6).cls) == (
        ...     tables.combine(tables.combine(tables.combine(one, one), one),
        ...                    tables.honors((2,) + (0,) * 6).cls))
        True
        """
        return self.combine(self.combine(self.combine(a, b), c), d)

    # -- entries --------------------------------------------------------------------
    def suit(self, key: tuple[int, ...]) -> SuitEntry:
        """The entry of one suit's nine counts."""
        entry = self.suits.get(key)
        if entry is None:
            entry = SuitEntry(key)
            entry.cls = self._class_of_key(key, True)
            entry.sixteen = -1  # see `fill_sixteen`: only 16-tile hands ask
            self.suits[key] = entry
        return entry

    def groups_of(
        self, counts: tuple[int, ...]
    ) -> tuple[SuitEntry, SuitEntry, SuitEntry, SuitEntry]:
        """The entries of 34 counts' three suits and honours (`suit`, `honors`).

        >>> [e.tiles for e in SuitTables().groups_of((1,) * 9 + (0,) * 24 + (2,))]
        [9, 0, 0, 2]
        """
        suits, honours = self.suits, self.honor_entries
        k0, k1, k2, kh = counts[0:9], counts[9:18], counts[18:27], counts[27:34]
        return (
            suits.get(k0) or self.suit(k0),
            suits.get(k1) or self.suit(k1),
            suits.get(k2) or self.suit(k2),
            honours.get(kh) or self.honors(kh),
        )

    def fill_sixteen(self, entry: SuitEntry) -> SuitEntry:
        """Fill a suit entry's Sixteen Orphans counts (``sixteen`` is -1 until then): the
        most ranks of one triple three ranks apart it holds, and that most among the
        triples holding a pair (`NEG` if none).

        >>> tables = SuitTables()
        >>> entry = tables.fill_sixteen(tables.suit((2, 0, 0, 1, 0, 0, 0, 0, 0)))
        >>> entry.sixteen, entry.sixteen_pair
        (2, 2)
        """
        if entry.sixteen < 0:
            key = entry.key
            entry.sixteen, entry.sixteen_pair = self.sixteen_counts(_mask(key), _paired_mask(key))
        return entry

    def sixteen_up(self, entry: SuitEntry) -> tuple[tuple[int, int] | None, ...]:
        """Per rank, the Sixteen Orphans counts (``sixteen``, ``sixteen_pair``) of the
        group with one more tile of that rank (``None`` past four), read from the ranks
        held without building the entries: a suit's by its bit masks, the honours' by the
        kinds held and whether one is paired.

        >>> tables = SuitTables()
        >>> tables.sixteen_up(tables.suit((1,) + (0,) * 8))[:4]
        ((1, 1), (1, -64), (1, -64), (2, -64))
        """
        if not entry.sixteen_up:
            key = entry.key
            out: list[tuple[int, int] | None] = []
            if len(key) == 9:
                held, pairs = _mask(key), _paired_mask(key)
                for r, c in enumerate(key):
                    bit = 1 << r
                    out.append(
                        None
                        if c >= 4
                        else self.sixteen_counts(held | bit, pairs | bit if c else pairs)
                    )
            else:
                for c in key:
                    kinds = entry.kinds + (c == 0)
                    out.append(None if c >= 4 else (kinds, kinds if entry.pair_any or c else NEG))
            entry.sixteen_up = tuple(out)
        return entry.sixteen_up

    def sixteen_down(self, entry: SuitEntry) -> tuple[tuple[int, int] | None, ...]:
        """Per rank, the Sixteen Orphans counts of the group with one tile fewer of that
        rank (``None`` where none is held), read as `sixteen_up` reads one more.

        >>> tables = SuitTables()
        >>> tables.sixteen_down(tables.suit((2, 0, 0, 1) + (0,) * 5))[:4]
        ((2, -64), None, None, (1, 1))
        """
        if not entry.sixteen_down:
            key = entry.key
            out: list[tuple[int, int] | None] = []
            if len(key) == 9:
                held, pairs = _mask(key), _paired_mask(key)
                for r, c in enumerate(key):
                    bit = 1 << r
                    out.append(
                        None
                        if not c
                        else self.sixteen_counts(
                            held & ~bit if c == 1 else held, pairs & ~bit if c == 2 else pairs
                        )
                    )
            else:
                paired = entry.hist[2] + entry.hist[3] + entry.hist[4]
                for c in key:
                    kinds = entry.kinds - (c == 1)
                    out.append(None if not c else (kinds, kinds if paired > (c == 2) else NEG))
            entry.sixteen_down = tuple(out)
        return entry.sixteen_down

    def sixteen_counts(self, held: int, pairs: int) -> tuple[int, int]:
        """`fill_sixteen`'s two counts of a suit by the bits of its ranks held and of its
        ranks held twice or more: a caller can read a neighbour's without its entry.

        >>> SuitTables().sixteen_counts(0b1001, 0b1)
        (2, 2)
        """
        found = self._sixteen.get(held << 9 | pairs)
        if found is None:
            best, best_pair = 0, NEG
            for mask in _SIXTEEN_MASKS:
                have = _HOW_MANY[held & mask]
                if have > best:
                    best = have
                if pairs & mask and have > best_pair:
                    best_pair = have
            found = self._sixteen[held << 9 | pairs] = (best, best_pair)
        return found

    def honors(self, key: tuple[int, ...]) -> SuitEntry:
        """The entry of the seven honour counts."""
        entry = self.honor_entries.get(key)
        if entry is None:
            entry = SuitEntry(key)
            entry.cls = self._class_of_key(key, False)
            entry.sixteen = entry.kinds
            entry.sixteen_pair = entry.kinds if entry.pair_any else NEG
            self.honor_entries[key] = entry
        return entry

    def _neighbours(self, entry: SuitEntry, step: int) -> list[SuitEntry | None]:
        make = self.suit if len(entry.key) == 9 else self.honors
        out: list[SuitEntry | None] = []
        for r, c in enumerate(entry.key):
            n = c + step
            if 0 <= n <= 4:
                out.append(make((*entry.key[:r], n, *entry.key[r + 1 :])))
            else:
                out.append(None)
        return out

    def plus(self, entry: SuitEntry) -> list[SuitEntry | None]:
        """The entries with one more tile of each rank (``None`` past four copies)."""
        if entry.plus is None:
            entry.plus = self._neighbours(entry, 1)
        return entry.plus

    def regular_gains(self, entry: SuitEntry, other: int, sets_needed: int) -> tuple[int, ...]:
        """Ranks of this group whose arrival lowers the standard-form shanten of a hand
        made of this group and tiles of class ``other`` (the rest of the hand), needing
        ``sets_needed`` more sets; a rank held four times never gains.

        >>> tables = SuitTables()
        >>> empty = tables.honors((0,) * 7)
        >>> tables.regular_gains(tables.suit((3, 1, 1, 1, 1, 1, 1, 1, 3)), empty.cls, 4)
        (0, 1, 2, 3, 4, 5, 6, 7, 8)
        """
        gains = entry.gains
        if gains is None:
            gains = entry.gains = {}
        code = other << 3 | sets_needed  # the rest of the hand, and its sets to make (0..5)
        found = gains.get(code)
        if found is None:
            # ``self.combine`` called, not kept in a local: the compiled build calls a
            # method it knows natively, a bound method through the interpreter.
            table = self.shanten_table
            current = table[self.combine(other, entry.cls)][sets_needed]
            ranks = 0
            for g, same in entry.plus_groups or self._plus_groups(entry):
                if table[self.combine(other, g)][sets_needed] < current:
                    ranks |= same
            found = gains[code] = _RANKS[ranks]
        return found

    def regular_discards(self, entry: SuitEntry, other: int, sets_needed: int) -> tuple[int, ...]:
        """Standard-form shanten, per rank of this group, of the hand made of this group
        and tiles of class ``other`` after one tile of that rank is discarded (99 for a
        rank not held), needing ``sets_needed`` more sets.

        >>> tables = SuitTables()
        >>> empty = tables.honors((0,) * 7)
        >>> tables.regular_discards(tables.suit((1, 1, 1, 0, 0, 0, 0, 0, 1)), empty.cls, 1)
        (1, 1, 1, 99, 99, 99, 99, 99, 0)
        """
        known = entry.discard_regular
        if known is None:
            known = entry.discard_regular = {}
        code = other << 3 | sets_needed  # as in `regular_gains`
        found = known.get(code)
        if found is None:
            table = self.shanten_table
            values = [99] * len(entry.key)
            for less, same in entry.minus_groups or self._minus_groups(entry):
                value = table[self.combine(other, less)][sets_needed]
                for r in same:
                    values[r] = value
            found = known[code] = tuple(values)
        return found

    def knit_classes(self, entry: SuitEntry) -> tuple[int, ...]:
        """The block-vector classes of `knit_rests`, without building their entries.

        >>> tables = SuitTables()
        >>> entry = tables.suit((2, 1, 0, 1, 0, 0, 1, 0, 0))
        >>> tables.knit_classes(entry) == tuple(e.cls for e in tables.knit_rests(entry))
        True
        """
        if not entry.knit_rest:
            rest = []
            for j in range(3):
                counts = list(entry.key)
                for r in (j, j + 3, j + 6):
                    if counts[r]:
                        counts[r] = counts[r] - 1
                rest.append(self._class(self._block_vector(tuple(counts), True)))
            entry.knit_rest = tuple(rest)
        return entry.knit_rest

    def knit_rests(self, entry: SuitEntry) -> tuple[SuitEntry, ...]:
        """The suit's entries after setting aside one tile of each held rank of the
        knitted run ``j, j + 3, j + 6`` (the suit's part of a knitted straight), for
        ``j`` = 0, 1, 2.

        >>> tables = SuitTables()
        >>> [e.key[:7] for e in tables.knit_rests(tables.suit((2, 1, 0, 1, 0, 0, 1, 0, 0)))]
        [(1, 1, 0, 0, 0, 0, 0), (2, 0, 0, 1, 0, 0, 1), (2, 1, 0, 1, 0, 0, 1)]
        """
        if entry.knit_rest_entries is None:
            out = []
            for j in range(3):
                counts = list(entry.key)
                for r in (j, j + 3, j + 6):
                    if counts[r]:
                        counts[r] = counts[r] - 1
                out.append(self.suit(tuple(counts)))
            entry.knit_rest_entries = tuple(out)
        return entry.knit_rest_entries

    def _plus_groups(self, entry: SuitEntry) -> tuple[tuple[int, int], ...]:
        """The ranks of `plus_classes` by the class they lead to (the ranks as the bits of
        a mask), leaving out ranks that keep the group's class (they never lower shanten)."""
        grown = entry.plus_cls or self.plus_classes(entry)
        groups: dict[int, int] = {}
        own = entry.cls
        for r in entry.near:
            g = grown[r]
            if g >= 0 and g != own:
                groups[g] = groups.get(g, 0) | 1 << r
        entry.plus_groups = tuple(groups.items())
        return entry.plus_groups

    def _minus_groups(self, entry: SuitEntry) -> tuple[tuple[int, tuple[int, ...]], ...]:
        """The held ranks of `minus_classes` by the class a discard of them leaves."""
        fewer = entry.minus_cls or self.minus_classes(entry)
        groups: dict[int, list[int]] = {}
        for r, less in enumerate(fewer):
            if less >= 0:
                groups.setdefault(less, []).append(r)
        entry.minus_groups = tuple((g, tuple(same)) for g, same in groups.items())
        return entry.minus_groups

    def plus_classes(self, entry: SuitEntry) -> tuple[int, ...]:
        """The block-vector class with one more tile of each rank (``-1`` past four): the
        standard form's side of `plus`, without building whole entries.

        >>> tables = SuitTables()
        >>> entry = tables.suit((4,) + (0,) * 8)
        >>> grown = tables.plus_classes(entry)
        >>> grown[0], grown[1] == tables.suit((4, 1) + (0,) * 7).cls
        (-1, True)
        """
        if entry.plus_cls is None:
            key = entry.key
            near = entry.near
            # A tile with no other within reach joins no block: the class stays.
            chows = len(key) == 9
            get = (self._suit_class if chows else self._honor_class).get
            out = [entry.cls] * len(key)
            work = list(key)  # each neighbour's counts made from one list: faster
            for r in near:
                c = key[r]
                if c < 4:
                    work[r] = c + 1
                    k = tuple(work)
                    work[r] = c
                    cls = get(k)
                    out[r] = self._class_of_key(k, chows) if cls is None else cls
            for r, c in enumerate(key):
                if c >= 4:
                    out[r] = -1
            entry.plus_cls = tuple(out)
        return entry.plus_cls

    def minus_classes(self, entry: SuitEntry) -> tuple[int, ...]:
        """The block-vector class with one tile fewer of each rank (``-1`` where there
        is none): the standard form's side of `minus`, without building whole entries.

        >>> tables = SuitTables()
        >>> entry = tables.suit((2, 1) + (0,) * 7)
        >>> tables.minus_classes(entry)[:3] == (tables.suit((1, 1) + (0,) * 7).cls,
        ...     tables.suit((2,) + (0,) * 8).cls, -1)
        True
        """
        if entry.minus_cls is None:
            key = entry.key
            chows = len(key) == 9
            get = (self._suit_class if chows else self._honor_class).get
            out = [-1] * len(key)
            work = list(key)  # each neighbour's counts made from one list: faster
            for r, c in enumerate(key):
                if c:
                    work[r] = c - 1
                    k = tuple(work)
                    work[r] = c
                    cls = get(k)
                    out[r] = self._class_of_key(k, chows) if cls is None else cls
            entry.minus_cls = tuple(out)
        return entry.minus_cls

    def minus_one(self, entry: SuitEntry, rank: int) -> SuitEntry:
        """The entry with one tile fewer of this rank, which the group must hold: built
        alone where a caller needs a few ranks, not all (as `minus` builds them).

        >>> tables = SuitTables()
        >>> tables.minus_one(tables.suit((2, 1) + (0,) * 7), 1).key[:3]
        (2, 0, 0)
        """
        every = entry.minus
        if every is not None:
            found = every[rank]
            if found is not None:
                return found
        some = entry.minus_some
        if some is None:
            some = entry.minus_some = [None] * len(entry.key)
        found = some[rank]
        if found is None:
            found = some[rank] = self._moved(entry.key, rank, -1)
        return found

    def plus_one(self, entry: SuitEntry, rank: int) -> SuitEntry:
        """The entry with one tile more of this rank, of which the group holds three at
        most: built alone and kept by the group, as `minus_one` keeps one fewer (the look
        two draws ahead adds the same tiles to the same groups turn after turn).

        >>> tables = SuitTables()
        >>> tables.plus_one(tables.suit((2, 1) + (0,) * 7), 1).key[:3]
        (2, 2, 0)
        """
        every = entry.plus
        if every is not None:
            found = every[rank]
            if found is not None:
                return found
        some = entry.plus_some
        if some is None:
            some = entry.plus_some = [None] * len(entry.key)
        found = some[rank]
        if found is None:
            found = some[rank] = self._moved(entry.key, rank, 1)
        return found

    def _moved(self, key: tuple[int, ...], rank: int, step: int) -> SuitEntry:
        """The entry of ``key`` with ``step`` (1 or -1) tiles more of ``rank``: what
        `plus_one` and `minus_one` keep."""
        c = key[rank] + step
        if c < 0:
            raise ValueError(f"no tile of rank {rank} in {key}")
        if c > 4:
            raise ValueError(f"four of rank {rank} held already in {key}")
        work = list(key)
        work[rank] = c
        moved = tuple(work)
        return self.suit(moved) if len(key) == 9 else self.honors(moved)

    def minus(self, entry: SuitEntry) -> list[SuitEntry | None]:
        """The entries with one tile fewer of each rank (``None`` where there is none)."""
        if entry.minus is None:
            entry.minus = self._neighbours(entry, -1)
        return entry.minus


__all__ = ["BLOCKS", "NEG", "SIXTEEN_TRIPLES", "SuitEntry", "SuitTables"]
