"""The one hand splitter: every way concealed tiles split into sets and a pair, and every
way a complete hand reads (its decompositions) in each form.

A concealed set is a small int, its *set code* (`set_code`): twice its tile, plus one for
a chow. A *split* is the codes of its sets ascending, as bytes, and its pair's tile (-1
for none). Each suit is split on its own and remembered by its counts (`suit_splits`),
the honours by theirs (`honor_split`); a hand's splits join its suits' (`regular_splits`,
`set_splits`). Whether a suit splits at all is one walk up its ranks (`sets_only`,
`sets_and_pair`). The scorers, the waits of the
game engine (`mahjongkit.completion`) and the decompositions below all split this way.

The declared melds are fixed; the concealed tiles are split in every distinct way for
each form the ruleset admits (see `Form`). Scoring chooses the best decomposition.

>>> hand = Hand.parse("111222333m456p7p7p")
>>> [d.describe() for d in decompositions(hand)]
['111m 222m 333m 456p 77p', '123m 123m 123m 456p 77p']
>>> decompositions(Hand.parse("1199m1199p1199s1s"))
[]
>>> [d.form.value for d in decompositions(Hand.parse("1199m1199p1199sE1s"))]
[]
>>> [d.form.value for d in decompositions(Hand.parse("1199m1199p1199sEE"))]
['seven_pairs']
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from enum import Enum
from functools import lru_cache, partial
from itertools import pairwise, permutations, product
from operator import mul
from typing import Final

from mahjongkit.hand import CHOW, KONG, PUNG, Hand, Meld, MeldKind
from mahjongkit.notation import format_tiles
from mahjongkit.tiles import HONORS, NUM_KINDS, RANK, SUIT, TERMINALS_AND_HONORS, Tile

# -- sets as codes --------------------------------------------------------------------------


def set_code(tile: Tile, chow: bool) -> int:
    """A concealed pung (or a chow, by its lowest tile) as one int. Codes sort as the
    reference calculator meets the sets: by tile, a pung before a chow on the same tile.

    >>> set_code(4, False), set_code(4, True)
    (8, 9)
    """
    return 2 * tile + chow


Split = tuple[bytes, Tile]
"""A split of concealed tiles: its set codes ascending (`set_code`, a byte each) and its
pair's tile, or -1 for none."""


# -- one suit -------------------------------------------------------------------------------


def suit_sets(counts: Sequence[int], base: Tile) -> list[tuple[int, ...]]:
    """Every split of one suit's counts (or of a stretch of it; its first tile ``base``)
    into pungs and chows, as set codes in ascending order.

    On each rank, the chows starting there number its count (less the chows running
    through it) modulo 3, or three more: the rest of the count is pungs.

    >>> suit_sets((3, 3, 3), 0)
    [(1, 1, 1), (0, 2, 4)]
    """
    out: list[tuple[int, ...]] = []
    _walk_suit(counts, base, 0, 0, 0, (), out)
    return out


def _walk_suit(
    counts: Sequence[int],
    base: Tile,
    r: int,
    below: int,
    two_below: int,
    sets: tuple[int, ...],
    out: list[tuple[int, ...]],
) -> None:
    """`suit_sets` from rank ``r`` on, with ``below`` and ``two_below`` chows running into
    it; a plain function, as a nested one that calls itself would be a reference cycle
    left to the garbage collector on every call."""
    last_chow = len(counts) - 3  # the highest rank a chow can start on
    while r <= last_chow + 2:
        c = counts[r] - below - two_below
        if c:
            if c < 0:
                return
            chows = c % 3
            pung = 2 * (base + r)  # `set_code` of a pung; its chow is one more
            if c >= chows + 3 and r <= last_chow:  # three more chows instead of a pung
                _walk_suit(
                    counts, base, r + 1, chows + 3, below, sets + (pung + 1,) * (chows + 3), out
                )
            if chows and r > last_chow:
                return
            sets += (pung,) * (c // 3) + (pung + 1,) * chows
            below, two_below = chows, below
        else:
            below, two_below = 0, below
        r += 1
    if below == two_below == 0:
        out.append(sets)


def pair_rank_class(counts: Sequence[int]) -> int:
    """The rank (0, 1 or 2) modulo 3 of the pair in any split of a suit into sets and a
    pair: every set's ranks add up to a multiple of 3, so twice the pair's rank is the
    sum of all the ranks, modulo 3.

    >>> pair_rank_class((3, 0, 0, 2, 0, 0, 0, 0, 0))  # the pair of 4s
    0
    """
    total: int = sum(map(mul, range(9), counts))
    return 2 * total % 3


def _suit_splits(base: Tile, kinds: str) -> tuple[Split, ...]:
    """Every split of one suit (its first tile ``base``) into sets, and a pair if its size
    asks for one. Empty when it cannot.

    ``kinds`` holds the suit's nine counts, a character each (`suit_splits`). The same
    tiles split the same way wherever they lie, in any suit and moved up or down
    together: the splits of the stretch from the lowest tile to the highest are worked
    out once from the first rank of the characters (`_rank_splits`) and moved to where
    this suit holds them."""
    counts = kinds.encode("latin-1")
    stretch = counts.strip(b"\0")
    if not stretch:
        return _NO_TILES
    splits = _rank_splits(stretch)
    base += len(counts) - len(counts.lstrip(b"\0"))
    if not base or not splits:
        return splits
    moved = _MOVED[base]
    return tuple(
        [(codes.translate(moved), pair + base if pair >= 0 else -1) for codes, pair in splits]
    )


SUIT_SPLITS: Final = tuple(lru_cache(maxsize=1 << 15)(partial(_suit_splits, b)) for b in (0, 9, 18))
"""Per suit (the characters, the dots, the bamboos), every split of the suit's nine counts
given a character each (a string, which the garbage collector need not visit), each
remembered: ``SUIT_SPLITS[1](counts)`` splits the dots."""

_MOVED: Final = tuple(bytes((code + 2 * base) % 256 for code in range(256)) for base in range(27))
"""Per first tile, the table that moves set codes from the first rank of the characters."""

_NO_TILES: Final[tuple[Split, ...]] = ((b"", -1),)
"""The one split of a suit the hand lacks."""


@lru_cache(maxsize=1 << 15)
def _rank_splits(counts: bytes) -> tuple[Split, ...]:
    """`_suit_splits` of a stretch of tiles from the first rank of the first suit."""
    size = sum(counts)
    if size % 3 == 1:
        return ()
    work = list(counts)
    if size % 3 == 0:
        return tuple([(bytes(split), -1) for split in suit_sets(work, 0)])
    found: list[Split] = []
    for p in range(pair_rank_class(counts), len(counts), 3):
        if work[p] >= 2:
            work[p] -= 2
            found += [(bytes(split), p) for split in suit_sets(work, 0)]
            work[p] += 2
    return tuple(found)


@lru_cache(maxsize=1 << 12)
def honor_split(kinds: str) -> tuple[int, Tile, bytes] | None:
    """The honours' part of a split: (how many pairs, the pair's tile or -1, the pungs' set
    codes), or None when a lone or a fourth honour cannot be placed. ``kinds`` holds the
    seven counts, a character each.

    >>> honor_split("\\x03\\x02\\x00\\x00\\x00\\x00\\x00")
    (1, 28, b'6')
    """
    honors = kinds.encode("latin-1")
    if 1 in honors or 4 in honors:
        return None
    pair = 27 + honors.index(2) if 2 in honors else -1
    return honors.count(2), pair, bytes([2 * (27 + i) for i, c in enumerate(honors) if c == 3])


# -- the concealed tiles of a hand ----------------------------------------------------------


def regular_splits(counts: tuple[int, ...], sets: int) -> tuple[Split, ...]:
    """Every split of concealed ``counts`` into ``sets`` pungs/chows and a pair.

    The splits are listed in the order of their sets (a pung before a chow on the same
    tile), the order the reference calculator meets them in, which decides between
    readings of equal value. Each suit is split on its own (`SUIT_SPLITS`); its size
    modulo 3 says whether it holds the pair. The whole hand is not cached: hands rarely
    repeat, their suits often do.

    >>> from mahjongkit.tiles import tiles_to_counts
    >>> [(list(codes), pair) for codes, pair in
    ...     regular_splits(tiles_to_counts([0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3]), 3)]
    [([0, 2, 4], 3), ([1, 1, 1], 3), ([1, 3, 3], 0)]
    """
    return _splits(counts, sets, 1)


def set_splits(counts: tuple[int, ...]) -> tuple[Split, ...]:
    """Every split of concealed ``counts`` into pungs and chows alone (no pair).

    >>> from mahjongkit.tiles import tiles_to_counts
    >>> [list(codes) for codes, _ in set_splits(tiles_to_counts([0, 1, 2, 27, 27, 27]))]
    [[1, 54]]
    """
    size = sum(counts)
    return _splits(counts, size // 3, 0) if size % 3 == 0 else ()


def _splits(counts: tuple[int, ...], sets: int, pairs: int) -> tuple[Split, ...]:
    """`regular_splits` (one pair) or `set_splits` (none)."""
    if sum(counts) != 3 * sets + 2 * pairs:
        return ()
    # The counts as a string, a character per kind: its slices are the caches' keys.
    try:
        kinds = bytes(counts).decode("latin-1")
    except ValueError:
        return ()  # a count below zero
    honors = honor_split(kinds[27:])
    if honors is None:
        return ()  # a loose honour
    characters, dots, bamboos = SUIT_SPLITS
    first = characters(kinds[:9])
    second = dots(kinds[9:18]) if first else ()
    third = bamboos(kinds[18:27]) if second else ()
    if not third:
        return ()
    honor_pairs, honor_pair, honor_sets = honors
    if (first[0][1] >= 0) + (second[0][1] >= 0) + (third[0][1] >= 0) + honor_pairs != pairs:
        return ()
    # Each suit's codes ascend and the suits' codes follow one another: joined, they ascend.
    if len(first) == len(second) == len(third) == 1:
        (a, pa), (b, pb), (c_, pc) = first[0], second[0], third[0]
        return ((a + b + c_ + honor_sets, max(pa, pb, pc, honor_pair)),)
    found = [
        (a + b + c_ + honor_sets, max(pa, pb, pc, honor_pair))
        for (a, pa), (b, pb), (c_, pc) in product(first, second, third)
    ]
    found.sort()
    return tuple(found)


# -- whether a suit splits ------------------------------------------------------------------


def sets_only(counts: Sequence[int]) -> bool:
    """True when one suit's nine counts split into pungs and chows only.

    Three equal chows hold the tiles of three pungs, so some split has fewer than three
    chows starting on each rank: on the lowest rank left, as many as its count modulo 3.

    >>> sets_only((3, 1, 1, 1, 0, 0, 0, 0, 0)), sets_only((1, 1, 1, 1, 0, 0, 0, 0, 0))
    (True, False)
    """
    below = two_below = 0  # chows starting one and two ranks lower
    for c in counts:
        c -= below + two_below
        if c < 0:
            return False
        below, two_below = c % 3, below
    return below == two_below == 0


def sets_and_pair(work: list[int], pair_class: int) -> bool:
    """True when one suit's counts split into sets and a pair whose rank is ``pair_class``
    modulo 3 (`pair_rank_class`); ``work`` is changed and restored.

    >>> counts = [3, 1, 1, 1, 2, 0, 0, 0, 0]
    >>> sets_and_pair(counts, pair_rank_class(counts))
    True
    """
    for r in range(pair_class, 9, 3):
        if work[r] >= 2:
            work[r] -= 2
            ok = sets_only(work)
            work[r] += 2
            if ok:
                return True
    return False


# -- the decompositions of a complete hand --------------------------------------------------


class Form(Enum):
    """The shapes a complete hand can take; each ruleset says which of them win."""

    REGULAR = "regular"
    """Sets and a pair: 4 sets + pair (13-tile rulesets) or 5 sets + pair (16-tile)."""
    SEVEN_PAIRS = "seven_pairs"
    THIRTEEN_ORPHANS = "thirteen_orphans"
    """13-tile: the 13 terminals and honours + a pair. 16-tile (seed 004): + a set."""
    HONORS_AND_KNITTED = "honors_and_knitted"
    """MCR Lesser/Greater Honours and Knitted Tiles: 14 singles from a knitted straight
    and the honours."""
    KNITTED_STRAIGHT = "knitted_straight"
    """MCR Knitted Straight (147/258/369 in three suits) + a set + a pair."""
    NICO_NICO = "nico_nico"
    """Taiwanese (seed 004): seven pairs + one pung, fully concealed (17 tiles)."""
    SIXTEEN_ORPHANS = "sixteen_orphans"
    """Taiwanese LRC (seed 004): three unrelated tiles of each suit, one of each honour,
    and a pair."""


MCR_FORMS = frozenset(
    {
        Form.REGULAR,
        Form.SEVEN_PAIRS,
        Form.THIRTEEN_ORPHANS,
        Form.HONORS_AND_KNITTED,
        Form.KNITTED_STRAIGHT,
    }
)

TAIWANESE_FORMS = frozenset(
    {Form.REGULAR, Form.NICO_NICO, Form.THIRTEEN_ORPHANS, Form.SIXTEEN_ORPHANS}
)
"""The forms of Taiwanese LRC (seed 004); DXB has no Sixteen Orphans."""

ALL_FORMS = frozenset(Form)

KNITTED_STRAIGHTS: tuple[tuple[Tile, ...], ...] = tuple(
    tuple(
        sorted(
            9 * suit + rank - 1
            for suit, start in zip(order, (1, 2, 3), strict=True)
            for rank in (start, start + 3, start + 6)
        )
    )
    for order in permutations(range(3))
)
"""The six knitted straights: 1-4-7, 2-5-8, 3-6-9 spread over the three suits."""


@dataclass(frozen=True, slots=True)
class Group:
    """One set of a decomposition: a declared meld or a set formed by concealed tiles."""

    kind: MeldKind
    tile: Tile
    concealed: bool
    meld: Meld | None = None

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """The tiles of the set in order."""
        if self.kind is CHOW:
            return (self.tile, self.tile + 1, self.tile + 2)
        return (self.tile,) * self.kind.size

    @property
    def declared(self) -> bool:
        """True for a set that was declared (a claimed meld or a concealed kong)."""
        return self.meld is not None

    def __str__(self) -> str:
        return str(self.meld) if self.meld else format_tiles(self.tiles)


@dataclass(frozen=True, slots=True)
class Decomposition:
    """One reading of a complete hand.

    ``groups``: the sets, declared melds first then concealed sets in tile order.
    ``pairs``: the pair (one for set forms, seven for seven pairs and Nico Nico).
    ``singles``: the unpaired tiles of the orphan and knitted forms.
    ``knitted``: the nine tiles of a knitted straight, where the form has one.
    """

    form: Form
    groups: tuple[Group, ...] = ()
    pairs: tuple[Tile, ...] = ()
    singles: tuple[Tile, ...] = ()
    knitted: tuple[Tile, ...] = field(default=())

    @property
    def pair(self) -> Tile | None:
        """The single pair of a set form (``None`` for seven pairs)."""
        return self.pairs[0] if len(self.pairs) == 1 else None

    def describe(self) -> str:
        """A short text: the sets, then pairs and singles."""
        parts = [str(g) for g in self.groups]
        if self.knitted:
            parts.insert(0, format_tiles(self.knitted))
        parts += [format_tiles((p, p)) for p in self.pairs]
        if self.singles:
            parts.append(format_tiles(self.singles))
        return " ".join(parts)


_CONCEALED_GROUPS: Final = tuple(
    Group(CHOW if code % 2 else PUNG, code // 2, True) for code in range(2 * NUM_KINDS)
)
"""The concealed set of each code (`set_code`)."""


def _melds_as_groups(melds: Iterable[Meld]) -> tuple[Group, ...]:
    return tuple(Group(m.kind, m.tile, m.concealed, m) for m in melds)


def _regular(counts: list[int], melds: tuple[Group, ...], sets: int) -> Iterator[Decomposition]:
    # The splits by their pair, then their sets (`regular_splits` orders by the sets).
    splits = sorted(regular_splits(tuple(counts), sets - len(melds)), key=_pair_of)
    for codes, pair in splits:
        groups = melds + tuple([_CONCEALED_GROUPS[code] for code in codes])
        yield Decomposition(Form.REGULAR, groups, (pair,))


def _pair_of(split: Split) -> Tile:
    return split[1]


def _seven_pairs(counts: list[int]) -> Iterator[Decomposition]:
    if sum(counts) == 14 and all(c in (0, 2, 4) for c in counts):
        pairs = tuple(t for t in range(NUM_KINDS) for _ in range(counts[t] // 2))
        yield Decomposition(Form.SEVEN_PAIRS, pairs=pairs)


def _nico_nico(counts: list[int]) -> Iterator[Decomposition]:
    odd = [t for t in range(NUM_KINDS) if counts[t] % 2]
    if sum(counts) == 17 and len(odd) == 1 and counts[odd[0]] == 3:
        pung = odd[0]
        pairs = tuple(
            t for t in range(NUM_KINDS) for _ in range((counts[t] - 3 * (t == pung)) // 2)
        )
        yield Decomposition(Form.NICO_NICO, (Group(PUNG, pung, True),), pairs)


def _thirteen_orphans(counts: list[int], size: int) -> Iterator[Decomposition]:
    if sum(counts) != size + 1 or any(counts[t] == 0 for t in TERMINALS_AND_HONORS):
        return
    rest = counts[:]
    for t in TERMINALS_AND_HONORS:
        rest[t] -= 1
    for p in TERMINALS_AND_HONORS:
        if rest[p] == 0:
            continue
        rest[p] -= 1
        singles = tuple(t for t in TERMINALS_AND_HONORS if t != p)
        if size == 13:
            yield Decomposition(Form.THIRTEEN_ORPHANS, pairs=(p,), singles=singles)
        else:
            for codes, _ in set_splits(tuple(rest)):
                groups = tuple([_CONCEALED_GROUPS[code] for code in codes])
                yield Decomposition(Form.THIRTEEN_ORPHANS, groups, (p,), singles)
        rest[p] += 1


def _knitted_pattern(tile_set: Iterable[Tile]) -> tuple[Tile, ...] | None:
    """The knitted straight a set of suited tiles belongs to, if any."""
    tiles = set(tile_set)
    for pattern in KNITTED_STRAIGHTS:
        if tiles <= set(pattern):
            return pattern
    return None


def _honors_and_knitted(counts: list[int]) -> Iterator[Decomposition]:
    if sum(counts) != 14 or any(c > 1 for c in counts):
        return
    suited = [t for t in range(27) if counts[t]]
    if _knitted_pattern(suited) is not None:
        singles = tuple(t for t in range(NUM_KINDS) if counts[t])
        yield Decomposition(Form.HONORS_AND_KNITTED, singles=singles)


def _knitted_straight(
    counts: list[int], melds: tuple[Group, ...], size: int
) -> Iterator[Decomposition]:
    if size != 13 or len(melds) > 1:
        return
    for pattern in KNITTED_STRAIGHTS:
        if any(counts[t] == 0 for t in pattern):
            continue
        for t in pattern:
            counts[t] -= 1
        for d in _regular(counts, melds, 1):
            yield Decomposition(Form.KNITTED_STRAIGHT, d.groups, d.pairs, knitted=pattern)
        for t in pattern:
            counts[t] += 1


def _sixteen_orphans(counts: list[int]) -> Iterator[Decomposition]:
    doubles = [t for t in range(NUM_KINDS) if counts[t] == 2]
    if sum(counts) != 17 or len(doubles) != 1 or any(counts[t] == 0 for t in HONORS):
        return
    singles = tuple(t for t in range(NUM_KINDS) if counts[t])
    for suit in range(3):
        ranks = [RANK[t] for t in singles if SUIT[t] == suit]
        if len(ranks) != 3 or any(b - a < 3 for a, b in pairwise(ranks)):
            return
    yield Decomposition(Form.SIXTEEN_ORPHANS, pairs=(doubles[0],), singles=singles)


def decompositions(hand: Hand, forms: Iterable[Form] = ALL_FORMS) -> list[Decomposition]:
    """Every decomposition of a complete hand (its last tile included) in the given forms.

    An incomplete hand has none.

    >>> [d.form.value for d in decompositions(Hand.parse("19m19p19sESWNCFPP"))]
    ['thirteen_orphans']
    >>> [d.describe() for d in decompositions(Hand.parse("[EEEE]147m258p369s11s"))]
    ['147m258p369s [EEEE] 11s']
    """
    if hand.is_waiting:
        return []
    forms = frozenset(forms)
    size = hand.size
    counts = list(hand.concealed)
    melds = _melds_as_groups(hand.melds)
    found: list[Decomposition] = []
    if Form.REGULAR in forms:
        found += _regular(counts, melds, size // 3)
    if not melds:
        if size == 13 and Form.SEVEN_PAIRS in forms:
            found += _seven_pairs(counts)
        if Form.THIRTEEN_ORPHANS in forms:
            found += _thirteen_orphans(counts, size)
        if size == 13 and Form.HONORS_AND_KNITTED in forms:
            found += _honors_and_knitted(counts)
        if size == 16 and Form.NICO_NICO in forms:
            found += _nico_nico(counts)
        if size == 16 and Form.SIXTEEN_ORPHANS in forms:
            found += _sixteen_orphans(counts)
    if Form.KNITTED_STRAIGHT in forms:
        found += _knitted_straight(counts, melds, size)
    return found


def is_complete(hand: Hand, forms: Iterable[Form] = ALL_FORMS) -> bool:
    """True when the hand (with its last tile) is a winning shape in one of the forms.

    >>> is_complete(Hand.parse("1112345678999m1m"))
    True
    """
    return bool(decompositions(hand, forms))


__all__ = [
    "ALL_FORMS",
    "KNITTED_STRAIGHTS",
    "KONG",
    "SUIT_SPLITS",
    "Decomposition",
    "Group",
    "Split",
    "decompositions",
    "honor_split",
    "is_complete",
    "pair_rank_class",
    "regular_splits",
    "set_code",
    "set_splits",
    "sets_and_pair",
    "sets_only",
    "suit_sets",
]
