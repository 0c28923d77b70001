"""Fast tests of whether concealed tiles make a winning shape, or wait for one tile.

The game engine asks these after every discard, so they work on count vectors, each
suit's answers looked up in a table filled as suits are met; a shape that passes is then
scored (`mahjongkit.scoring.score`), which decides whether a win can be declared. Whether
a suit splits into sets (and a pair) is `mahjongkit.shapes`' answer, the one splitter's.

>>> from mahjongkit.notation import parse_tiles
>>> from mahjongkit.tiles import tiles_to_counts
>>> is_regular_complete(tiles_to_counts(parse_tiles("11123455678999m")[:14]), 4)
True
>>> is_regular_ready(tiles_to_counts(parse_tiles("1112345678999m")), 4)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from mahjongkit.errors import InvalidHandError
from mahjongkit.hand import Hand, Meld
from mahjongkit.shapes import (
    KNITTED_STRAIGHTS,
    Form,
    honor_split,
    is_complete,
    pair_rank_class,
    sets_and_pair,
    sets_only,
)
from mahjongkit.tiles import NUM_KINDS

_SETS = 1
"""Bit: the tiles split into sets only."""
_PAIR = 2
"""Bit: the tiles split into sets and exactly one pair."""


@cache
def _suit(key: tuple[int, ...], chows: bool) -> int:
    """Bits of what one suit's tiles split into (``_SETS``, ``_PAIR``): a suit's nine
    counts (``chows``), or the seven honours' counts (no chows).

    >>> _suit((1, 1, 1, 2, 0, 0, 0, 0, 0), True), _suit((3, 2, 0, 0, 0, 0, 0), False)
    (2, 2)
    """
    n = sum(key)
    if not chows:
        honours = honor_split(bytes(key).decode("latin-1"))
        if honours is None:
            return 0
        pairs, _, _ = honours
        return (_SETS if pairs == 0 else 0) | (_PAIR if pairs == 1 else 0)
    if n % 3 == 0:
        return _SETS if sets_only(key) else 0
    if n % 3 == 2:
        return _PAIR if sets_and_pair(list(key), pair_rank_class(key)) else 0
    return 0


@dataclass(slots=True)
class SuitFacts:
    """What the engine needs of one suit's counts (nine suited ranks, or the seven
    honours), each mask a bit per rank. Kept per suit and never changed (not frozen: one
    is made for nearly every new suit met, and a frozen dataclass is slower to make)."""

    splits: int
    """What the suit splits into now: bits ``_SETS``, ``_PAIR``."""
    to_pair: int
    """The ranks whose addition makes it sets and a pair (a rank held four times is never
    added)..."""
    to_sets: int
    """...and those whose addition makes it sets alone."""
    knit: tuple[int, int, int]
    """How many distinct tiles it holds of the 1-4-7, 2-5-8 and 3-6-9 classes (knitted
    straights); (0, 0, 0) for the honours."""
    knit_most: int
    """The most distinct tiles of one knitted class."""
    odd: int
    """How many ranks it holds an odd number of times."""
    orphans: int
    """How many distinct terminals (or honours) it holds."""
    most: int
    """The most copies of one rank."""
    tiles: int
    """How many tiles it holds."""
    pungs: int
    """The ranks it holds two or more of: a discard of them can be punged."""
    chows: int
    """The ranks a discard of which would make a chow with its tiles."""


FourFacts = tuple[SuitFacts, SuitFacts, SuitFacts, SuitFacts]
"""The `SuitFacts` of the three suits and the honours, in that order."""


@cache
def _info(key: tuple[int, ...]) -> SuitFacts:
    """The `SuitFacts` of one suit's counts."""
    chows = len(key) == 9
    now = _suit(key, chows)
    pair_mask = sets_mask = 0
    n = sum(key)
    # One tile more makes sets alone of 3k + 2 tiles, sets and a pair of 3k + 1, neither
    # of 3k. A tile can only join a set or the pair within two ranks of a tile held (of
    # the same kind, among the honours): any other stays single. So only those ranks are
    # tried, and none when the count rules both out.
    if n % 3:
        held = 0
        for i, c in enumerate(key):
            if c:
                held |= 1 << i
        near = (held | held << 1 | held << 2 | held >> 1 | held >> 2) if chows else held
        counts = list(key)
        for i, c in enumerate(counts):
            if c >= 4 or not near >> i & 1:
                continue
            counts[i] += 1
            bits = _suit(tuple(counts), chows)
            counts[i] -= 1
            if bits & _PAIR:
                pair_mask |= 1 << i
            if bits & _SETS:
                sets_mask |= 1 << i
    knit = (0, 0, 0)
    pungs = chowable = 0
    for i, c in enumerate(key):
        if c >= 2:
            pungs |= 1 << i
        if chows and (
            (i >= 2 and key[i - 2] and key[i - 1])
            or (1 <= i <= 7 and key[i - 1] and key[i + 1])
            or (i <= 6 and key[i + 1] and key[i + 2])
        ):
            chowable |= 1 << i
    if chows:
        knit = (
            (key[0] > 0) + (key[3] > 0) + (key[6] > 0),
            (key[1] > 0) + (key[4] > 0) + (key[7] > 0),
            (key[2] > 0) + (key[5] > 0) + (key[8] > 0),
        )
        orphans = (key[0] > 0) + (key[8] > 0)
    else:
        orphans = len(key) - key.count(0)
    return SuitFacts(
        splits=now,
        to_pair=pair_mask,
        to_sets=sets_mask,
        knit=knit,
        knit_most=max(knit),
        odd=key.count(1) + key.count(3),
        orphans=orphans,
        most=max(key),
        tiles=n,
        pungs=pungs,
        chows=chowable,
    )


def _infos(counts: tuple[int, ...] | list[int]) -> FourFacts:
    c = counts if type(counts) is tuple else tuple(counts)
    return _info(c[0:9]), _info(c[9:18]), _info(c[18:27]), _info(c[27:34])


SUIT_OF: tuple[int, ...] = tuple(min(t // 9, 3) for t in range(NUM_KINDS))
"""Each tile's suit: 0..2 the suits, 3 the honours."""
KEY_STEP: tuple[int, ...] = tuple(5 ** (t - 9 * SUIT_OF[t]) for t in range(NUM_KINDS))
"""What one copy of each tile adds to its suit's key (see `suit_keys`)."""
_HONOR_KEY = 5**9
"""Added to the honours' key so that no honours key equals a suit's."""

SuitKeys = tuple[int, int, int, int]


def suit_keys(counts: tuple[int, ...] | list[int]) -> list[int]:
    """Each suit's counts as one integer (base 5, the rank's digit its count): the engine
    keeps these up to date tile by tile, so a hand's waits need no slicing or hashing of
    count vectors. A hand's keys are equal exactly when its counts are.

    >>> from mahjongkit.notation import parse_tiles
    >>> from mahjongkit.tiles import tiles_to_counts
    >>> suit_keys(tiles_to_counts(parse_tiles("11m2p")))[:2]
    [2, 5]
    """
    keys = [0, 0, 0, _HONOR_KEY]
    for t in range(NUM_KINDS):
        c = counts[t]
        if c:
            keys[SUIT_OF[t]] += c * KEY_STEP[t]
    return keys


@cache
def _keyed(key: int) -> SuitFacts:
    """The `SuitFacts` of a suit given by its key."""
    size = 9
    if key >= _HONOR_KEY:
        key -= _HONOR_KEY
        size = 7
    digits = []
    for _ in range(size):
        key, d = divmod(key, 5)
        digits.append(d)
    return _info(tuple(digits))


def _counts_of(keys: SuitKeys) -> tuple[int, ...]:
    counts: list[int] = []
    for x, key in enumerate(keys):
        size = 9
        if x == 3:
            key -= _HONOR_KEY
            size = 7
        for _ in range(size):
            key, d = divmod(key, 5)
            counts.append(d)
    return tuple(counts)


def _regular_mask(infos: FourFacts) -> int:
    """The tiles completing 3n+1 concealed tiles in the regular form.

    One suit takes the tile; then every suit must split into sets but one, which splits
    into sets and the pair. So at most two suits may fail to split into sets now: one
    alone must become sets and a pair; of two, one must hold its pair already and the
    other become sets. (A suit of sets given one more tile can be neither.)
    """
    bad = bad2 = -1
    for x in range(4):
        if not infos[x].splits & _SETS:
            if bad < 0:
                bad = x
            elif bad2 < 0:
                bad2 = x
            else:
                return 0
    if bad < 0:
        return 0
    if bad2 < 0:
        return infos[bad].to_pair << 9 * bad
    mask = 0
    if infos[bad2].splits & _PAIR:
        mask |= infos[bad].to_sets << 9 * bad
    if infos[bad].splits & _PAIR:
        mask |= infos[bad2].to_sets << 9 * bad2
    return mask


def regular_waits(counts: tuple[int, ...] | list[int], sets_needed: int) -> int:
    """The tiles that would make ``sets_needed`` sets and a pair, as a bitmask over the
    34 kinds (a tile already held four times never counts).

    >>> from mahjongkit.notation import parse_tiles
    >>> from mahjongkit.tiles import tiles_to_counts
    >>> mask = regular_waits(tiles_to_counts(parse_tiles("1112345678999m")), 4)
    >>> [t + 1 for t in range(34) if mask >> t & 1]
    [1, 2, 3, 4, 5, 6, 7, 8, 9]
    """
    if sum(counts) != 3 * sets_needed + 1:
        return 0
    return _regular_mask(_infos(counts))


@cache
def _removals(key: int) -> tuple[int, int, int, int]:
    """For the suit given by its key, as bitmasks over its ranks: the held ranks whose
    removal leaves it sets alone; sets and a pair; a suit one tile from sets and a pair;
    a suit one tile from sets alone."""
    digits = key - _HONOR_KEY if key >= _HONOR_KEY else key
    sets = pair = to_pair = to_sets = 0
    for r in range(9 if key < _HONOR_KEY else 7):
        if digits % 5:
            info = _keyed(key - 5**r)
            if info.splits & _SETS:
                sets |= 1 << r
            if info.splits & _PAIR:
                pair |= 1 << r
            if info.to_pair:
                to_pair |= 1 << r
            if info.to_sets:
                to_sets |= 1 << r
        digits //= 5
    return sets, pair, to_pair, to_sets


def ready_after_discard(keys: SuitKeys, sets_needed: int) -> int:
    """The tiles whose discard leaves the hand (given by its `suit_keys`, 3n+2 tiles)
    one tile from ``sets_needed`` sets and a pair, as a bitmask: the Ting discards.

    Only the suit a tile leaves changes. A hand one tile from sets and a pair has one or
    two suits that are not sets alone (see `_regular_mask`): with the other three suits
    fixed, which discards from a suit qualify follows from what each removal leaves of
    that suit (`_removals`), without trying them one by one.

    >>> from mahjongkit.notation import parse_tiles
    >>> from mahjongkit.tiles import tiles_to_counts
    >>> k = suit_keys(tiles_to_counts(parse_tiles("11123455678999m")[:14]))
    >>> mask = ready_after_discard((k[0], k[1], k[2], k[3]), 4)
    >>> [t + 1 for t in range(34) if mask >> t & 1]
    [1, 2, 3, 4, 5, 6, 7, 8, 9]
    """
    infos = (_keyed(keys[0]), _keyed(keys[1]), _keyed(keys[2]), _keyed(keys[3]))
    broken = [x for x in range(4) if not infos[x].splits & _SETS]
    # Four suits not sets alone stay three or more after any discard: nothing is ready.
    if len(broken) > 3 or (
        infos[0].tiles + infos[1].tiles + infos[2].tiles + infos[3].tiles != 3 * sets_needed + 2
    ):
        return 0
    out = 0
    # With three such suits, only a discard from one of them can leave two.
    for x in broken if len(broken) == 3 else range(4):
        others = [y for y in broken if y != x]
        if len(others) > 2:
            continue
        sets, pair, to_pair, to_sets = _removals(keys[x])
        if not others:
            # The suit alone is left not sets: it must then be one tile from sets and a pair.
            mask = to_pair & ~sets
        elif len(others) == 1:
            b = infos[others[0]]
            # Left sets: the other suit must be one tile from sets and a pair; left not
            # sets: one of the two holds the pair, the other is one tile from sets.
            mask = sets if b.to_pair else 0
            if b.splits & _PAIR:
                mask |= to_sets & ~sets
            if b.to_sets:
                mask |= pair
        else:
            b, b2 = infos[others[0]], infos[others[1]]
            ok = (b2.splits & _PAIR and b.to_sets) or (b.splits & _PAIR and b2.to_sets)
            mask = sets if ok else 0
        out |= mask << 9 * x
    return out


def is_regular_complete(counts: tuple[int, ...] | list[int], sets_needed: int) -> bool:
    """True when the concealed counts make ``sets_needed`` sets and a pair."""
    if sum(counts) != 3 * sets_needed + 2:
        return False
    pairs = 0
    for info in _infos(counts):
        now = info.splits
        if now & _SETS:
            continue
        if now & _PAIR:
            pairs += 1
            if pairs > 1:
                return False
            continue
        return False
    return pairs == 1


def is_regular_ready(counts: tuple[int, ...] | list[int], sets_needed: int) -> bool:
    """True when one more tile would make ``sets_needed`` sets and a pair."""
    return regular_waits(counts, sets_needed) != 0


_REGULAR_ONLY = frozenset({Form.REGULAR})
_KNITTED_ONLY = frozenset({Form.KNITTED_STRAIGHT})


@cache
def _plan(forms: frozenset[Form]) -> tuple[bool, frozenset[Form], frozenset[Form], int]:
    """For a ruleset's forms: the regular form or not, the special forms without melds
    and with melds, and which cheap test each special form needs (bits of `_NEEDS`)."""
    special = forms - _REGULAR_ONLY
    needs = 0
    for i, form in enumerate(_NEEDS):
        if form in special:
            needs |= 1 << i
    return Form.REGULAR in forms, special, special & _KNITTED_ONLY, needs


_NEEDS = (
    Form.SEVEN_PAIRS,
    Form.NICO_NICO,
    Form.THIRTEEN_ORPHANS,
    Form.SIXTEEN_ORPHANS,
    Form.HONORS_AND_KNITTED,
    Form.KNITTED_STRAIGHT,
)
_SEVEN, _NICO, _ORPHANS13, _ORPHANS16, _HONORS_KNITTED, _KNITTED = (1 << i for i in range(6))


def winning_tiles(
    counts: tuple[int, ...], melds: tuple[Meld, ...], forms: frozenset[Form], hand_size: int
) -> int:
    """The tiles that would complete a waiting hand, as a bitmask over the 34 kinds.

    Exact for every form: the regular form from the per-suit tables, the others checked
    by `mahjongkit.shapes` when a cheap necessary condition says they are possible.

    >>> from mahjongkit.notation import parse_tiles
    >>> from mahjongkit.tiles import tiles_to_counts
    >>> mask = winning_tiles(tiles_to_counts(parse_tiles("1112345678999m")), (),
    ...                      frozenset({Form.REGULAR}), 13)
    >>> [t + 1 for t in range(34) if mask >> t & 1]
    [1, 2, 3, 4, 5, 6, 7, 8, 9]
    """
    keys = suit_keys(counts)
    return waits_by_keys((keys[0], keys[1], keys[2], keys[3]), melds, forms, hand_size)


def claim_masks(keys: SuitKeys) -> tuple[int, int]:
    """The discards the hand with these `suit_keys` could pung (it holds two or more)
    and could chow (it holds the two other tiles of a chow), as bitmasks.

    >>> from mahjongkit.notation import parse_tiles
    >>> from mahjongkit.tiles import tiles_to_counts
    >>> k = suit_keys(tiles_to_counts(parse_tiles("1134m")))
    >>> pungs, chows = claim_masks((k[0], k[1], k[2], k[3]))
    >>> [t + 1 for t in range(34) if pungs >> t & 1], [t + 1 for t in range(34) if chows >> t & 1]
    ([1], [2, 5])
    """
    a, b, c, d = _keyed(keys[0]), _keyed(keys[1]), _keyed(keys[2]), _keyed(keys[3])
    pungs = a.pungs | b.pungs << 9 | c.pungs << 18 | d.pungs << 27
    return pungs, a.chows | b.chows << 9 | c.chows << 18


def waits_by_keys(
    keys: SuitKeys, melds: Sequence[Meld], forms: frozenset[Form], hand_size: int
) -> int:
    """`winning_tiles` of the hand whose concealed tiles have these `suit_keys`."""
    wins, _, _ = hand_masks(keys, melds, forms, hand_size)
    return wins


def hand_masks(
    keys: SuitKeys, melds: Sequence[Meld], forms: frozenset[Form], hand_size: int
) -> tuple[int, int, int]:
    """What a hand of 3n+1 concealed tiles (given by its `suit_keys`) could do with one
    more tile, as bitmasks over the 34 kinds: win on it (as `winning_tiles`), pung it,
    chow it (see `claim_masks`). One pass over the suits' tables answers all three.

    >>> from mahjongkit.notation import parse_tiles
    >>> from mahjongkit.tiles import tiles_to_counts
    >>> k = suit_keys(tiles_to_counts(parse_tiles("1112345678999m")))
    >>> wins, pungs, chows = hand_masks((k[0], k[1], k[2], k[3]), (), frozenset({Form.REGULAR}), 13)
    >>> wins == (1 << 9) - 1, [t + 1 for t in range(34) if pungs >> t & 1]
    (True, [1, 9])
    """
    a, b, c, d = _keyed(keys[0]), _keyed(keys[1]), _keyed(keys[2]), _keyed(keys[3])
    pungs = a.pungs | b.pungs << 9 | c.pungs << 18 | d.pungs << 27
    chows = a.chows | b.chows << 9 | c.chows << 18
    regular, special, with_melds, needs = _plan(forms)
    mask = 0
    # Three suits or more that are not sets alone wait on nothing (see `_regular_mask`).
    if (
        regular
        and (a.splits & _SETS) + (b.splits & _SETS) + (c.splits & _SETS) + (d.splits & _SETS) >= 2
        and a.tiles + b.tiles + c.tiles + d.tiles == 3 * (hand_size // 3 - len(melds)) + 1
    ):
        mask = _regular_mask((a, b, c, d))
    if melds:
        if (
            not with_melds
            or a.knit_most + b.knit_most + c.knit_most < 8
            or not _near_knitted(a.knit, b.knit, c.knit)
        ):
            return mask, pungs, chows
        special = with_melds
        work = list(_counts_of(keys))
        tried = _knitted_tiles(work)
    else:
        tried = _special_tiles(needs, (a, b, c, d), keys) if needs else 0
        if not tried:
            return mask, pungs, chows
        work = list(_counts_of(keys))
    declared = tuple(melds)
    for t in range(NUM_KINDS):
        if not tried >> t & 1 or mask >> t & 1 or work[t] >= 4:
            continue
        work[t] += 1
        try:
            hand = Hand(tuple(work), declared, (), t)
        except InvalidHandError:  # a fifth copy counting the melds: it cannot arrive
            hand = None
        if hand is not None and is_complete(hand, special):
            mask |= 1 << t
        work[t] -= 1
    return mask, pungs, chows


_KNIT_ORDERS = ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))


_EVERY_TILE = (1 << NUM_KINDS) - 1


def _special_tiles(needs: int, infos: FourFacts, keys: SuitKeys) -> int:
    """The tiles worth trying as the winning tile of a waiting hand without melds in the
    special forms named by ``needs`` (cheap necessary conditions), as a bitmask; 0 when
    none of the forms is possible.

    Seven pairs end with every count even, so only a tile held an odd number of times can
    complete them; Nico Nico (pairs and one pung) only a tile already held; a knitted
    straight only the tiles `_knitted_tiles` names. The other forms try every tile.
    """
    m, p, s, h = infos
    if needs & _ORPHANS13 and m.orphans + p.orphans + s.orphans + h.orphans >= 12:
        return _EVERY_TILE
    if needs & _ORPHANS16 and h.orphans >= 6:
        return _EVERY_TILE
    if (
        needs & _HONORS_KNITTED
        and max(m.most, p.most, s.most, h.most) == 1
        and _knitted_only(m.knit, p.knit, s.knit)
    ):
        return _EVERY_TILE
    tried = 0
    # A knitted straight takes one class from each suit: the best classes bound it.
    if (
        needs & _KNITTED
        and m.knit_most + p.knit_most + s.knit_most >= 8
        and _near_knitted(m.knit, p.knit, s.knit)
    ):
        tried = _knitted_tiles(_counts_of(keys))
    if needs & (_SEVEN | _NICO):
        odd = m.odd + p.odd + s.odd + h.odd
        seven, nico = needs & _SEVEN and odd == 1, needs & _NICO and odd <= 2
        if seven or nico:
            counts = _counts_of(keys)
            if seven:
                tried |= sum(1 << t for t in range(NUM_KINDS) if counts[t] & 1)
            if nico:
                tried |= sum(1 << t for t in range(NUM_KINDS) if counts[t])
    return tried


def _knitted_tiles(counts: Sequence[int]) -> int:
    """The tiles that can complete a knitted straight hand with these concealed tiles, as
    a bitmask (a superset: each is then checked): the one tile a knitted straight lacks,
    or, beside a knitted straight held whole, a tile that makes a set or the pair with
    the tiles left (it pairs a tile left, or lies within two ranks of one in its suit).

    >>> from mahjongkit.notation import parse_tiles
    >>> from mahjongkit.tiles import tiles_to_counts
    >>> mask = _knitted_tiles(tiles_to_counts(parse_tiles("147m258p36s1122z")))
    >>> [t for t in range(34) if mask >> t & 1]  # 9s completes the straight
    [26]
    """
    out = 0
    for pattern in KNITTED_STRAIGHTS:
        missing = [t for t in pattern if not counts[t]]
        if len(missing) == 1:
            out |= 1 << missing[0]
        elif not missing:
            for t in range(NUM_KINDS):
                if counts[t] > (t in pattern):
                    if t >= 27:
                        out |= 1 << t
                    else:
                        low = t - t % 9
                        for u in range(max(low, t - 2), min(low + 8, t + 2) + 1):
                            out |= 1 << u
    return out


@cache
def _near_knitted(
    a: tuple[int, int, int], b: tuple[int, int, int], c: tuple[int, int, int]
) -> bool:
    """At least 8 of the nine tiles of some knitted straight (1-4-7, 2-5-8, 3-6-9 in
    three different suits), given each suit's count of distinct tiles per class."""
    return any(a[o[0]] + b[o[1]] + c[o[2]] >= 8 for o in _KNIT_ORDERS)


@cache
def _knitted_only(
    a: tuple[int, int, int], b: tuple[int, int, int], c: tuple[int, int, int]
) -> bool:
    """Every suited tile belongs to one knitted straight (honours and knitted tiles)."""
    suited = sum(a) + sum(b) + sum(c)
    return any(a[o[0]] + b[o[1]] + c[o[2]] == suited for o in _KNIT_ORDERS)


__all__ = [
    "KEY_STEP",
    "SUIT_OF",
    "FourFacts",
    "SuitFacts",
    "SuitKeys",
    "claim_masks",
    "hand_masks",
    "is_regular_complete",
    "is_regular_ready",
    "ready_after_discard",
    "regular_waits",
    "suit_keys",
    "waits_by_keys",
    "winning_tiles",
]
