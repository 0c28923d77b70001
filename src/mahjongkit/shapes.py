"""Every way a complete hand splits into sets, pairs and singles (its decompositions).

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

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from enum import Enum
from itertools import pairwise, permutations

from mahjongkit.hand import CHOW, KONG, PUNG, Hand, Meld, MeldKind
from mahjongkit.notation import format_tiles
from mahjongkit.tiles import HONORS, NUM_KINDS, RANK, SUIT, TERMINALS_AND_HONORS, Tile


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


def _set_partitions(counts: list[int], start: int = 0) -> Iterator[list[tuple[MeldKind, Tile]]]:
    """Every distinct split of ``counts`` into pungs and chows (kongs are never concealed sets).

    At the lowest tile left, the number of pungs there (0 or 1) fixes how many chows start
    there, so each multiset of sets comes out once.
    """
    t = start
    while t < NUM_KINDS and counts[t] == 0:
        t += 1
    if t == NUM_KINDS:
        yield []
        return
    c = counts[t]
    for pungs in (1, 0) if c >= 3 else (0,):
        chows = c - 3 * pungs
        if chows:
            if SUIT[t] > 2 or RANK[t] > 7 or counts[t + 1] < chows or counts[t + 2] < chows:
                continue
            counts[t + 1] -= chows
            counts[t + 2] -= chows
        counts[t] = 0
        for rest in _set_partitions(counts, t + 1):
            yield [(PUNG, t)] * pungs + [(CHOW, t)] * chows + rest
        counts[t] = c
        if chows:
            counts[t + 1] += chows
            counts[t + 2] += chows


def _melds_as_groups(melds: Iterable[Meld]) -> tuple[Group, ...]:
    return tuple(Group(m.kind, m.tile, m.concealed, m) for m in melds)


def _regular(counts: list[int], melds: tuple[Group, ...], sets: int) -> Iterator[Decomposition]:
    if sum(counts) != 3 * (sets - len(melds)) + 2:
        return
    for p in range(NUM_KINDS):
        if counts[p] < 2:
            continue
        counts[p] -= 2
        for split in _set_partitions(counts):
            groups = melds + tuple(Group(k, t, True) for k, t in split)
            yield Decomposition(Form.REGULAR, groups, (p,))
        counts[p] += 2


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
            for split in _set_partitions(rest):
                groups = tuple(Group(k, t, True) for k, t in split)
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
    "Decomposition",
    "Group",
    "decompositions",
    "is_complete",
]
