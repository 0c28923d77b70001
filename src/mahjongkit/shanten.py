"""Shanten, waits, useful tiles and discards of 13- and 16-tile hands, from per-suit tables.

Shanten is how many tiles a hand is from being ready: ``0`` is ready (waiting), ``-1``
complete. It is computed per hand form (see `Form`) and overall as the least over the
forms a ruleset admits. Every function takes a `Hand`, or for hot loops a 34-slot tuple
of concealed counts and the number of declared melds.

Shanten counts shapes: like the Chinese Official Mahjong Helper (and PyMahjongGB), the
standard form does not ask whether the tiles it needs are still in the wall, so a hand
waiting only on a tile it holds all four of still counts as ready. `waits` and
`useful_tiles` leave such kinds out: they list tiles that can still arrive.

>>> hand = Hand.parse("1112345678999m")
>>> shanten(hand), format_tiles(waits(hand))
(0, '123456789m')
>>> shanten(Hand.parse("[123m2]45p66p789s1sEE"))
1
>>> [(f.value, n) for f, n in shanten_by_form(Hand.parse("19m19p19sESWNCF5p")).items()][:3]
[('regular', 8), ('seven_pairs', 6), ('thirteen_orphans', 1)]
>>> [str(d) for d in discards(Hand.parse("1112345678999m5p"))][:2]
['discard 5p: shanten 0, 23 useful (123456789m)', 'discard 2m: shanten 0, 3 useful (5p)']
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import permutations
from typing import Final, Protocol, cast

from mahjongkit.errors import InvalidHandError
from mahjongkit.hand import Hand, Meld
from mahjongkit.notation import format_tiles
from mahjongkit.shapes import MCR_FORMS, TAIWANESE_FORMS, Form
from mahjongkit.suit_tables import SuitEntry, SuitTables
from mahjongkit.tiles import NAMES, NUM_KINDS, TERMINALS_AND_HONORS, Tile

TABLES: Final = SuitTables()
"""The shared lazily filled tables (pure functions of their keys)."""

_DEFAULT_FORMS: Final = {13: frozenset(MCR_FORMS), 16: TAIWANESE_FORMS}
# Enum members as module names: looking one up on its class costs ten times as much, and
# the forms are compared at every hand read.
_F_REGULAR: Final = Form.REGULAR
_F_SEVEN_PAIRS: Final = Form.SEVEN_PAIRS
_F_THIRTEEN_ORPHANS: Final = Form.THIRTEEN_ORPHANS
_F_HONORS_AND_KNITTED: Final = Form.HONORS_AND_KNITTED
_F_KNITTED_STRAIGHT: Final = Form.KNITTED_STRAIGHT
_F_NICO_NICO: Final = Form.NICO_NICO
_F_SIXTEEN_ORPHANS: Final = Form.SIXTEEN_ORPHANS
_ONLY_13: Final = frozenset({Form.SEVEN_PAIRS, Form.HONORS_AND_KNITTED, Form.KNITTED_STRAIGHT})
_ONLY_16: Final = frozenset({Form.NICO_NICO, Form.SIXTEEN_ORPHANS})
_NO_MELDS: Final = frozenset(
    {
        Form.SEVEN_PAIRS,
        Form.THIRTEEN_ORPHANS,
        Form.HONORS_AND_KNITTED,
        Form.NICO_NICO,
        Form.SIXTEEN_ORPHANS,
    }
)
# Cheap forms first, so the costly ones can be skipped once they cannot do better.
_ORDER: Final = (
    Form.REGULAR,
    Form.SEVEN_PAIRS,
    Form.THIRTEEN_ORPHANS,
    Form.HONORS_AND_KNITTED,
    Form.NICO_NICO,
    Form.SIXTEEN_ORPHANS,
    Form.KNITTED_STRAIGHT,
)
_PERMS: Final = tuple(permutations(range(3)))
_ORPHANS: Final = TERMINALS_AND_HONORS
_IS_ORPHAN: Final = tuple(t in _ORPHANS for t in range(NUM_KINDS))
_CHOW_STARTS: Final = tuple(t for t in range(27) if t % 9 <= 6)
_NONE: Final = 99
"""Shanten reported by a form that cannot apply (never returned by the public API)."""


class _Rulebook(Protocol):
    """What shanten reads of a ruleset: its name, hand size and winning forms."""

    @property
    def name(self) -> str: ...

    @property
    def hand_size(self) -> int: ...

    @property
    def scoring(self) -> _Forms: ...


class _Forms(Protocol):
    @property
    def forms(self) -> frozenset[Form]: ...


Rules = _Rulebook | Iterable[Form] | None
"""Which forms count: a ruleset (`mahjongkit.rules.Ruleset`), the forms themselves, or
``None`` for the default of the hand size (MCR forms for 13 tiles, Taiwanese LRC forms
for 16). Shanten sits below the rules, so a ruleset's name is resolved by the caller."""


@dataclass(frozen=True, slots=True)
class DiscardOption:
    """One discard of a hand holding a tile too many, and what it leaves.

    ``useful`` are the tiles that would then lower shanten, ``useful_count`` how many of
    them are still unseen (four per kind, less the hand's own and any visible ones).
    """

    tile: Tile
    shanten: int
    useful: tuple[Tile, ...]
    useful_count: int

    def __str__(self) -> str:
        return (
            f"discard {NAMES[self.tile]}: shanten {self.shanten}, "
            f"{self.useful_count} useful ({format_tiles(self.useful)})"
        )


# -- input --------------------------------------------------------------------------


@lru_cache(maxsize=256)
def _forms_for(forms: frozenset[Form], size: int, melds: int) -> tuple[Form, ...]:
    """The forms of ``forms`` a hand of this size with this many melds can take."""
    out = []
    for form in _ORDER:
        if form not in forms:
            continue
        if (size == 16 and form in _ONLY_13) or (size == 13 and form in _ONLY_16):
            continue
        if melds and form in _NO_MELDS:
            continue
        if form is _F_KNITTED_STRAIGHT and melds > 1:
            continue
        out.append(form)
    return tuple(out)


def _resolve_forms(rules: Rules, size: int) -> frozenset[Form]:
    if isinstance(rules, frozenset):
        return rules
    if rules is None:
        return _DEFAULT_FORMS[size]
    if isinstance(rules, str):
        raise TypeError(f"pass the ruleset itself (get_ruleset({rules!r})), not its name")
    if not hasattr(rules, "scoring"):
        return frozenset(rules)
    book = cast(_Rulebook, rules)
    if book.hand_size != size:
        raise InvalidHandError(
            f"a {size}-tile hand under {book.name}, whose hands have {book.hand_size}"
        )
    return book.scoring.forms


def _prepare(
    hand: Hand | Sequence[int], melds: int | Sequence[Meld]
) -> tuple[tuple[int, ...], int, tuple[int, ...], int, int]:
    """Concealed counts, meld count, held counts (melds included), hand size, tile count."""
    if isinstance(hand, Hand):
        if melds:
            raise InvalidHandError("give the melds in the Hand, not beside it")
        counts = hand.concealed
        return counts, len(hand.melds), hand.all_counts(), hand.size, hand.tile_count
    counts = tuple(hand)
    if len(counts) != NUM_KINDS or min(counts) < 0 or max(counts) > 4:
        raise InvalidHandError(f"concealed counts must be {NUM_KINDS} numbers 0..4")
    if isinstance(melds, int):
        n_melds, held = melds, counts
    else:
        n_melds = len(melds)
        totals = list(counts)
        for meld in melds:
            for t in meld.tiles:
                totals[t] = totals[t] + 1
        held = tuple(totals)
        if max(held) > 4:
            raise InvalidHandError("more than four copies of a tile, melds included")
    total = sum(counts) + 3 * n_melds
    size = 13 if total in (13, 14) else 16 if total in (16, 17) else 0
    if not size or not 0 <= n_melds <= size // 3:
        raise InvalidHandError(
            f"{sum(counts)} concealed tiles and {n_melds} melds fit no hand (13 or 16, or one more)"
        )
    return counts, n_melds, held, size, total


# -- the forms ----------------------------------------------------------------------


def _regular(es: Sequence[SuitEntry], melds: int, size: int) -> int:
    cls = TABLES.combine_all(es[0].cls, es[1].cls, es[2].cls, es[3].cls)
    return TABLES.shanten_table[cls][size // 3 - melds]


def _knitted_straight(es: Sequence[SuitEntry], melds: int, bound: int, floor: int = -1) -> int:
    """Least over the six knitted straights of (tiles missing + shanten of the rest).

    ``floor`` is a lower bound of the rest's shanten: the whole hand's shanten when it
    needs as few sets as the rest does (fewer tiles never bring a hand closer).
    """
    e0, e1, e2, eh = es
    k0, k1, k2 = e0.knit, e1.knit, e2.knit
    best = _NONE
    r0 = e0.knit_rest or TABLES.knit_classes(e0)
    r1 = e1.knit_rest or TABLES.knit_classes(e1)
    r2 = e2.knit_rest or TABLES.knit_classes(e2)
    for a, b, c in _PERMS:
        missing = 9 - k0[a] - k1[b] - k2[c]
        # Skip straights that cannot beat the bound even with the best possible rest.
        if missing + floor >= min(best, bound):
            continue
        cls = TABLES.combine_all(r0[a], r1[b], r2[c], eh.cls)
        value = missing + TABLES.shanten_table[cls][1 - melds]
        if value < best:
            best = value
    return best


def _knitted_max(es: Sequence[SuitEntry]) -> int:
    """The most tiles of one knitted straight the hand holds."""
    (a0, a1, a2), (b0, b1, b2), (c0, c1, c2) = es[0].knit, es[1].knit, es[2].knit
    return max(a0 + b1 + c2, a0 + b2 + c1, a1 + b0 + c2, a1 + b2 + c0, a2 + b0 + c1, a2 + b1 + c0)


def _nico_nico(es: Sequence[SuitEntry]) -> int:
    """Seven pairs + one pung (seed 004 line 348); four alike are two pairs (line 351)."""
    n1 = n2 = n3 = n4 = 0
    for e in es:
        h = e.hist
        n1 += h[1]
        n2 += h[2]
        n3 += h[3]
        n4 += h[4]
    return _nico_of(n1, n2, n3, n4)


def _nico_of(n1: int, n2: int, n3: int, n4: int) -> int:
    """`_nico_nico` of a hand holding ``n1`` kinds once, ``n2`` twice, and so on (worked
    out at each call: a few sums, cheaper compiled than a cache's look-up).

    >>> _nico_of(2, 7, 0, 0), _nico_of(0, 7, 1, 0)  # seven pairs and two singles; a pung
    (1, -1)
    """
    v2, v1 = n2 + n3 + 2 * n4, n1 + n3
    used = _pair_slots(v2, v1)  # pung of a kind not held
    if n1:
        used = max(used, 1 + _pair_slots(v2, v1 - 1))
    if n2:
        used = max(used, 2 + _pair_slots(v2 - 1, v1))
    if n3:
        used = max(used, 3 + _pair_slots(v2 - 1, v1 - 1))
    if n4:  # the fourth copy of the pung's kind can be in no pair
        used = max(used, 3 + _pair_slots(v2 - 2, v1))
    return 16 - used


def _nico_gains(n1: int, n2: int, n3: int, n4: int, now: int) -> list[bool]:
    """By how many of a kind a hand holding ``n1`` kinds once, ``n2`` twice, ... holds
    (0 to 4): whether one more tile of such a kind brings Nico Nico below ``now`` (its
    `_nico_of`). A list: the compiled build boxes a fixed-length tuple anew at each
    look-up by a variable index.

    >>> _nico_gains(2, 7, 0, 0, _nico_of(2, 7, 0, 0))  # seven pairs, two singles
    [False, True, True, False, False]
    """
    return [
        _nico_of(n1 + 1, n2, n3, n4) < now,
        n1 > 0 and _nico_of(n1 - 1, n2 + 1, n3, n4) < now,
        n2 > 0 and _nico_of(n1, n2 - 1, n3 + 1, n4) < now,
        n3 > 0 and _nico_of(n1, n2, n3 - 1, n4 + 1) < now,
        False,  # a kind held four times takes no fifth
    ]


def _pair_slots(v2: int, v1: int) -> int:
    """The tiles Nico Nico's seven pair slots take from ``v2`` pairs and ``v1`` singles
    held, best first: a held pair (2 tiles), then a single (1)."""
    if v2 >= 7:
        return 14
    return 2 * v2 + min(7 - v2, v1)


def _orphans_16(counts: Sequence[int]) -> int:
    """13 orphans + one more orphan as the pair + any set (seed 004 line 356)."""
    base = 0
    rest = list(counts)
    spare = []  # the orphans held more than once
    for t in _ORPHANS:
        c = rest[t]
        if c:
            base += 1
            rest[t] = c - 1
            if c > 1:
                spare.append(t)
    # A pung of x, and a pair from a spare orphan; beside an orphan pung the same orphan
    # cannot also be the pair (that would be five).
    if len(spare) > 1:
        best = min(max(rest), 3) + 1
    elif spare:
        s = spare[0]
        # The most of another kind: the spare's count set aside for the while.
        held = rest[s]
        rest[s] = 0
        best = max(min(held, 3), min(max(rest), 3) + 1)
        rest[s] = held
    else:
        best = min(max(rest), 3)
    if best >= 4:
        return 12 - base  # a pung and a pair: the most a set and a pair can add
    # A chow, whose tiles of rank 1 or 9 may be the same orphan as the pair's: a chow
    # holds one orphan at most, so only a lone spare orphan held once can be short.
    lone = spare[0] if len(spare) == 1 and rest[spare[0]] == 1 else -1
    for x in _CHOW_STARTS:
        value = (rest[x] > 0) + (rest[x + 1] > 0) + (rest[x + 2] > 0)
        if spare and not x <= lone <= x + 2:
            value += 1
        if value > best:
            best = value
            if best == 4:
                break
    return 16 - base - best


def _fill_sixteen(es: Sequence[SuitEntry]) -> None:
    """The suits' Sixteen Orphans counts filled where not yet (the honours' are filled
    with their entry: `SuitTables.honors`)."""
    if es[0].sixteen < 0 or es[1].sixteen < 0 or es[2].sixteen < 0:
        for e in (es[0], es[1], es[2]):
            TABLES.fill_sixteen(e)


def _sixteen_orphans(es: Sequence[SuitEntry]) -> int:
    """Three tiles of each suit three ranks apart, every honour, a pair (seed 004 l. 358)."""
    _fill_sixteen(es)
    e0, e1, e2, e3 = es
    base = e0.sixteen + e1.sixteen + e2.sixteen + e3.sixteen
    # Two at a time: the compiled build compares two ints in place, but calls the
    # built-in for more.
    bonus = 1 + max(
        max(e0.sixteen_pair - e0.sixteen, e1.sixteen_pair - e1.sixteen),
        max(e2.sixteen_pair - e2.sixteen, e3.sixteen_pair - e3.sixteen),
    )
    return 16 - base - max(0, bonus)


def _sixteen_orphans_less(es: Sequence[SuitEntry], tile: Tile) -> int:
    """`_sixteen_orphans` of the hand with one ``tile`` fewer, which it holds: the tile's
    group read from its `SuitTables.sixteen_down`, without building the group's entry.

    >>> es = group_entries(Hand.parse("147m258p369sESWNCFPE").concealed)
    >>> _sixteen_orphans_less(es, 0), _sixteen_orphans(_replace(es, 0, -1))
    (0, 0)
    """
    _fill_sixteen(es)
    group, rank = (tile // 9, tile % 9) if tile < 27 else (3, tile - 27)
    down = TABLES.sixteen_down(es[group])[rank]
    if down is None:
        raise ValueError(f"no tile {tile} to discard")
    base = bonus = 0
    for g in range(4):
        if g == group:
            have, have_pair = down
        else:
            have, have_pair = es[g].sixteen, es[g].sixteen_pair
        base += have
        if have_pair - have + 1 > bonus:
            bonus = have_pair - have + 1
    return 16 - base - bonus


def _value(form: Form, es: Sequence[SuitEntry], melds: int, size: int, bound: int) -> int:
    """One form's shanten; forms that can only cost more than ``bound`` may return more."""
    e0, e1, e2, eh = es
    if form is _F_REGULAR:
        return _regular(es, melds, size)
    if form is _F_SEVEN_PAIRS:
        return 6 - e0.pairs - e1.pairs - e2.pairs - eh.pairs
    if form is _F_THIRTEEN_ORPHANS:
        kinds = e0.ends + e1.ends + e2.ends + eh.ends
        if size == 13:
            pair = e0.end_pair or e1.end_pair or e2.end_pair or eh.end_pair
            return (12 if pair else 13) - kinds
        if 16 - kinds - 4 >= bound:  # at best a set and a pair beside the orphans
            return _NONE
        return _orphans_16(e0.key + e1.key + e2.key + eh.key)
    if form is _F_HONORS_AND_KNITTED:
        return 13 - _knitted_max(es) - eh.kinds
    if form is _F_KNITTED_STRAIGHT:
        return _knitted_straight(es, melds, bound)
    if form is _F_NICO_NICO:
        return _nico_nico(es)
    return _sixteen_orphans(es)


def _least(es: Sequence[SuitEntry], melds: int, size: int, forms: tuple[Form, ...]) -> int:
    best = _NONE
    for form in forms:
        value = _value(form, es, melds, size, best)
        if value < best:
            best = value
    return best


# -- public API ---------------------------------------------------------------------


def shanten(
    hand: Hand | Sequence[int], melds: int | Sequence[Meld] = 0, rules: Rules = None
) -> int:
    """The hand's shanten over the forms the rules admit: ``-1`` complete, ``0`` ready.

    ``hand`` is a `Hand` or 34 concealed counts (then ``melds`` is the number of melds or
    the melds themselves). A hand with its last tile counts as it stands (-1 if complete).

    >>> shanten(Hand.parse("1199m1199p1199sE"))  # seven pairs, ready
    0
    >>> counts = Hand.parse("1199m1199p1199sE").concealed
    >>> shanten(counts), shanten(counts, rules=[Form.REGULAR])
    (0, 3)
    """
    if rules is None and type(hand) is tuple and type(melds) is int and len(hand) == NUM_KINDS:
        # The hot path of bots and the game engine: counts and a meld count, MCR forms.
        # The table look-ups check the counts (an entry exists only for counts 0..4).
        try:
            value = _mcr_least(hand, melds)
            if value == _NONE and sum(hand) + 3 * melds in (16, 17) and 0 <= melds <= 5:
                forms = _forms_for(TAIWANESE_FORMS, 16, melds)
                value = _least(group_entries(hand), melds, 16, forms)
        except ValueError:
            value = _NONE
        if value != _NONE:
            return value
    counts, n_melds, _, size, _ = _prepare(hand, melds)
    forms = _forms_for(_resolve_forms(rules, size), size, n_melds)
    if not forms:
        raise InvalidHandError("no hand form of the rules applies to this hand")
    return _least(group_entries(counts), n_melds, size, forms)


def _mcr_least(counts: tuple[int, ...], melds: int) -> int:
    """`_least` over all MCR forms, written out with bounds that leave the knitted forms
    unread when they cannot come closer: the one path that must be fast.

    Returns ``_NONE`` for a hand that is not of 13 tiles (or 14), for the caller to
    check properly.

    Kept for its measured gain: against `_least` over the same forms, side by side in
    interleaved runs, `shanten` of random 13-tile hands is 1.8x as fast and `waits` 1.7x
    on the compiled build (1.6x and 1.7x on the Python source).
    """
    e0, e1, e2, eh = group_entries(counts)
    return _mcr_least_of(e0, e1, e2, eh, melds)


def _mcr_least_of(e0: SuitEntry, e1: SuitEntry, e2: SuitEntry, eh: SuitEntry, melds: int) -> int:
    """`_mcr_least` of the four groups' entries (``_NONE`` unless of 13 tiles or 14)."""
    if e0.tiles + e1.tiles + e2.tiles + eh.tiles + 3 * melds not in (13, 14) or not (
        0 <= melds <= 4
    ):
        return _NONE
    cls = TABLES.combine_all(e0.cls, e1.cls, e2.cls, eh.cls)
    best: int = TABLES.shanten_table[cls][4 - melds]
    if melds == 0:
        value = 6 - e0.pairs - e1.pairs - e2.pairs - eh.pairs
        if value < best:
            best = value
        value = 13 - e0.ends - e1.ends - e2.ends - eh.ends
        if e0.end_pair or e1.end_pair or e2.end_pair or eh.end_pair:
            value -= 1
        if value < best:
            best = value
    kmax = e0.kmax + e1.kmax + e2.kmax
    floor = TABLES.shanten_table[cls][1 - melds] if melds <= 1 else _NONE
    if (melds == 0 and 13 - kmax - eh.kinds < best) or 9 - kmax + floor < best:
        knitted = _knitted_max((e0, e1, e2))
        if melds == 0:
            value = 13 - knitted - eh.kinds
            if value < best:
                best = value
        if 9 - knitted + floor < best:
            value = _knitted_straight((e0, e1, e2, eh), melds, best, floor)
            if value < best:
                best = value
    return best


def shanten_by_form(
    hand: Hand | Sequence[int], melds: int | Sequence[Meld] = 0, rules: Rules = None
) -> dict[Form, int]:
    """Shanten in each form the rules admit and the hand can take (melds rule some out).

    >>> {f.value: n for f, n in shanten_by_form(Hand.parse("[123m2]45p66p789s1sEE")).items()}
    {'regular': 1, 'knitted_straight': 5}
    """
    counts, n_melds, _, size, _ = _prepare(hand, melds)
    forms = _forms_for(_resolve_forms(rules, size), size, n_melds)
    es = group_entries(counts)
    values = {form: _value(form, es, n_melds, size, _NONE) for form in forms}
    return {form: values[form] for form in Form if form in values}


def _replace(es: tuple[SuitEntry, ...], tile: Tile, step: int) -> tuple[SuitEntry, ...] | None:
    group, rank = (tile // 9, tile % 9) if tile < 27 else (3, tile - 27)
    near = TABLES.plus(es[group]) if step > 0 else TABLES.minus(es[group])
    entry = near[rank]
    if entry is None:
        return None
    return (*es[:group], entry, *es[group + 1 :])


def _candidates(counts: Sequence[int], forms: Iterable[Form]) -> list[Tile]:
    """Tiles that could change the shanten of these forms."""
    if any(f is not _F_REGULAR for f in forms):
        return list(range(NUM_KINDS))
    # The standard form only gains from a tile that joins a held one: the same honour, or
    # a suited tile at most two ranks from a held tile of its suit.
    out = []
    for t in range(NUM_KINDS):
        if t >= 27:
            if counts[t]:
                out.append(t)
            continue
        low, high = t - t % 9, t - t % 9 + 8
        if any(counts[u] for u in range(max(low, t - 2), min(high, t + 2) + 1)):
            out.append(t)
    return out


def _rest_classes(classes: Sequence[int]) -> tuple[int, int, int, int]:
    """For each of the four groups, the class of the other three combined (four
    combinations in all, the two halves shared)."""
    c01, c23 = TABLES.combine(classes[0], classes[1]), TABLES.combine(classes[2], classes[3])
    return (
        TABLES.combine(classes[1], c23),
        TABLES.combine(classes[0], c23),
        TABLES.combine(c01, classes[3]),
        TABLES.combine(c01, classes[2]),
    )


def _improving(
    counts: tuple[int, ...],
    n_melds: int,
    held: Sequence[int],
    size: int,
    forms: tuple[Form, ...],
    target: int,
) -> list[Tile]:
    """The live tiles whose arrival brings the hand's shanten down to ``target``.

    Only forms already at ``target + 1`` can get there with one tile.
    """
    es = group_entries(counts)
    values = {f: _value(f, es, n_melds, size, target + 2) for f in forms}
    best = min(values.values())
    if best != target + 1:
        return []
    live_forms = tuple(f for f in forms if values[f] == best)
    out = []
    if live_forms == (_F_REGULAR,):
        # The common case: one combination per candidate, with the other three groups
        # combined once beforehand.
        table = TABLES.shanten_table
        others = _rest_classes([e.cls for e in es])
        need = size // 3 - n_melds
        for group, entry in enumerate(es):
            plus = entry.plus or TABLES.plus(entry)
            other = others[group]
            base = 9 * group
            for rank in entry.near:
                grown = plus[rank]
                if grown is None or held[base + rank] >= 4:
                    continue
                if table[TABLES.combine(other, grown.cls)][need] <= target:
                    out.append(base + rank)
        return out
    if size == 16 and _READ_BY_GROUP.issuperset(live_forms):
        # Read form by form, not tile by tile: Nico Nico and Sixteen Orphans as close.
        useful = _useful_16_kinds(es, n_melds, live_forms)
        return [t for t in range(NUM_KINDS) if useful[t] and held[t] < 4]
    for t in _candidates(counts, live_forms):
        if held[t] >= 4:
            continue  # all four copies are in the hand: none can arrive
        nxt = _replace(es, t, 1)
        if nxt is not None and _least(nxt, n_melds, size, live_forms) <= target:
            out.append(t)
    return out


def _waiting(
    hand: Hand | Sequence[int], melds: int | Sequence[Meld], rules: Rules
) -> tuple[tuple[int, ...], int, tuple[int, ...], int, tuple[Form, ...]]:
    counts, n_melds, held, size, total = _prepare(hand, melds)
    if total != size:
        raise InvalidHandError(
            f"a {total}-tile hand is not waiting: waits and useful tiles are of {size} tiles"
        )
    forms = _forms_for(_resolve_forms(rules, size), size, n_melds)
    if not forms:
        raise InvalidHandError("no hand form of the rules applies to this hand")
    return counts, n_melds, held, size, forms


def waits(
    hand: Hand | Sequence[int], melds: int | Sequence[Meld] = 0, rules: Rules = None
) -> list[Tile]:
    """The tile kinds that complete a waiting hand, leaving out kinds it holds all four of.

    >>> format_tiles(waits(Hand.parse("[111s1]2345678999s")))
    '124578s'
    >>> waits(Hand.parse("123456789m1111p"))  # ready in shape, but its wait is dead
    []
    """
    if rules is None and type(hand) is tuple and type(melds) is int and len(hand) == NUM_KINDS:
        # The hot path: counts and a meld count, default forms. Not ready: no waits.
        try:
            value = _mcr_least(hand, melds)
        except ValueError:
            value = _NONE
        if value != _NONE and sum(hand) + 3 * melds == 13:
            if value != 0:
                return []
            return _improving(hand, melds, hand, 13, _forms_for(MCR_FORMS, 13, melds), -1)
    counts, n_melds, held, size, forms = _waiting(hand, melds, rules)
    return _improving(counts, n_melds, held, size, forms, -1)


def useful_tiles(
    hand: Hand | Sequence[int], melds: int | Sequence[Meld] = 0, rules: Rules = None
) -> list[Tile]:
    """The tile kinds that would lower a waiting hand's shanten (a ready hand: its waits).

    >>> format_tiles(useful_tiles(Hand.parse("[123m2]45p66p789s1sEE")))
    '345678p123sE'
    """
    counts, n_melds, held, size, forms = _waiting(hand, melds, rules)
    es = group_entries(counts)
    current = _least(es, n_melds, size, forms)
    return _improving(counts, n_melds, held, size, forms, current - 1)


def discards(
    hand: Hand | Sequence[int],
    melds: int | Sequence[Meld] = 0,
    rules: Rules = None,
    visible: Sequence[int] | None = None,
) -> list[DiscardOption]:
    """Every discard of a hand holding one tile too many, best first.

    Each option gives the shanten after the discard, the tiles that would then lower it,
    and how many of those are unseen: four of each kind less the hand's own (the discard
    included, as it lies on the table) and ``visible`` (34 counts of tiles seen
    elsewhere). Ordered by shanten, then most unseen useful tiles, then tile order.

    >>> [str(d) for d in discards(Hand.parse("123m456p789s11sEEC"))][:2]
    ['discard C: shanten 0, 4 useful (1sE)', 'discard 1s: shanten 1, 15 useful (123sEC)']
    """
    counts, n_melds, held, size, total = _prepare(hand, melds)
    if total != size + 1:
        raise InvalidHandError(f"a {total}-tile hand has no tile too many to discard")
    seen = tuple(visible) if visible is not None else (0,) * NUM_KINDS
    if len(seen) != NUM_KINDS or min(seen) < 0:
        raise InvalidHandError(f"visible tiles must be {NUM_KINDS} counts")
    for t in range(NUM_KINDS):
        if held[t] + seen[t] > 4:
            raise InvalidHandError(f"{held[t] + seen[t]} copies of {NAMES[t]} held and seen")
    forms = _forms_for(_resolve_forms(rules, size), size, n_melds)
    if not forms:
        raise InvalidHandError("no hand form of the rules applies to this hand")
    options = []
    for d in range(NUM_KINDS):
        if not counts[d]:
            continue
        after = (*counts[:d], counts[d] - 1, *counts[d + 1 :])
        value = _least(group_entries(after), n_melds, size, forms)
        useful = tuple(_improving(after, n_melds, held, size, forms, value - 1))
        unseen = sum(4 - held[t] - seen[t] for t in useful)
        options.append(DiscardOption(d, value, useful, unseen))
    options.sort(key=lambda o: (o.shanten, -o.useful_count, o.tile))
    return options


# -- batched evaluation (bots) -----------------------------------------------------

GroupEntries = tuple[SuitEntry, SuitEntry, SuitEntry, SuitEntry]
"""The table entries of a hand's three suits and its honours, in that order."""


def group_entries(counts: Sequence[int]) -> GroupEntries:
    """The four groups' table entries of 34 concealed counts, read once so that a
    caller trying many changes to one group can keep the other three.

    >>> [e.tiles for e in group_entries(Hand.parse("1112345678999m5p").concealed)]
    [13, 1, 0, 0]
    """
    return TABLES.groups_of(counts if type(counts) is tuple else tuple(counts))


def shanten_of_entries(es: GroupEntries, melds: int, rules: Rules = None) -> int:
    """`shanten` of the hand whose groups have these entries (see `group_entries`).

    >>> shanten_of_entries(group_entries(Hand.parse("1112345678999m").concealed), 0)
    0
    """
    if rules is None:
        value = _mcr_least_of(es[0], es[1], es[2], es[3], melds)
        if value != _NONE:
            return value
    total = es[0].tiles + es[1].tiles + es[2].tiles + es[3].tiles + 3 * melds
    size = 13 if total in (13, 14) else 16 if total in (16, 17) else 0
    if not size or not 0 <= melds <= size // 3:
        raise InvalidHandError(f"{total - 3 * melds} concealed tiles and {melds} melds fit no hand")
    forms = _forms_for(_resolve_forms(rules, size), size, melds)
    if not forms:
        raise InvalidHandError("no hand form of the rules applies to this hand")
    return _least(es, melds, size, forms)


def discard_shanten(
    counts: Sequence[int], melds: int, rules: Rules = None, es: GroupEntries | None = None
) -> list[int]:
    """Shanten after discarding each kind, for all 34 kinds at once: ``out[t]`` is
    ``shanten`` of the counts with one ``t`` fewer, or 99 for a kind not held. Each
    discard changes one group's entry only, read from that entry's neighbours.

    >>> out = discard_shanten(Hand.parse("1112345678999m5p").concealed, 0)
    >>> out[0], out[9 + 4], out[9]
    (1, 0, 99)
    """
    if es is None:
        es = group_entries(counts)
    if rules is None:
        fast = _mcr_discards(es, melds)
        if fast is not None:
            return fast
    out = [_NONE] * NUM_KINDS
    for group in range(4):
        entry = es[group]
        if not entry.tiles:
            continue
        fewer = entry.minus or TABLES.minus(entry)
        base = 9 * group
        for rank, less in enumerate(fewer):
            if less is None:
                continue
            nxt = list(es)
            nxt[group] = less
            out[base + rank] = shanten_of_entries((nxt[0], nxt[1], nxt[2], nxt[3]), melds, rules)
    return out


_KNIT_TILES: Final = tuple(
    tuple((9 * suit + j, 9 * suit + j + 3, 9 * suit + j + 6) for j in range(3)) for suit in range(3)
)
"""``_KNIT_TILES[suit][j]``: the suit's tiles of ranks ``j + 1, j + 4, j + 7``."""


def _mcr_useful(es: GroupEntries, melds: int) -> set[Tile] | None:
    """`useful_tiles` of a waiting-size MCR hand, named form by form (the standard
    form, Seven Pairs, Thirteen Orphans, Honors and Knitted, Knitted Straight) instead
    of trying every tile; ``None`` for a hand of another size."""
    e0, e1, e2, eh = es
    if e0.tiles + e1.tiles + e2.tiles + eh.tiles + 3 * melds != 13 or not 0 <= melds <= 4:
        return None
    table = TABLES.shanten_table
    whole = TABLES.combine_all(e0.cls, e1.cls, e2.cls, eh.cls)
    regular = table[whole][4 - melds]
    least = regular
    pairs = orphans = knitted = _NONE
    end_pair = False
    if melds == 0:
        pairs = 6 - e0.pairs - e1.pairs - e2.pairs - eh.pairs
        end_pair = e0.end_pair or e1.end_pair or e2.end_pair or eh.end_pair
        orphans = (12 if end_pair else 13) - e0.ends - e1.ends - e2.ends - eh.ends
        knitted = 13 - _knitted_max(es) - eh.kinds
        least = min(least, pairs, orphans, knitted)
    straights: list[tuple[int, int, int, tuple[SuitEntry, ...]]] = []
    if melds <= 1:
        # The rest of a knitted straight is no closer than the whole hand.
        floor = table[whole][1 - melds]
        rests: tuple[tuple[SuitEntry, ...], ...] = ()
        for a, b, c in _PERMS:
            missing = 9 - e0.knit[a] - e1.knit[b] - e2.knit[c]
            if missing + floor > least:
                continue
            if not rests:
                rests = (TABLES.knit_rests(e0), TABLES.knit_rests(e1), TABLES.knit_rests(e2))
            rest = (rests[0][a], rests[1][b], rests[2][c], eh)
            cls = TABLES.combine_all(rest[0].cls, rest[1].cls, rest[2].cls, eh.cls)
            value = missing + table[cls][1 - melds]
            if value <= least:
                if value < least:
                    least = value
                    straights = []
                straights.append((a, b, c, rest))
    out: set[Tile] = set()
    flat = e0.key + e1.key + e2.key + eh.key
    groups_to_read: list[tuple[Sequence[SuitEntry], int]] = []
    if regular == least:
        groups_to_read.append((es, 4 - melds))
    if pairs == least:  # a single becomes a pair, or a pung four alike (two pairs)
        out.update(t for t in range(NUM_KINDS) if flat[t] == 1 or flat[t] == 3)
    if orphans == least:  # a new orphan kind, or the pair when there is none
        out.update(t for t in _ORPHANS if not end_pair or not flat[t])
    if knitted == least:  # a new honour kind, or a suit tile that lengthens the knit
        out.update(t for t in range(27, NUM_KINDS) if not flat[t])
        # An unheld tile of run j of a suit lengthens the longest knit exactly when a
        # longest knit takes run j of that suit.
        k = (e0.knit, e1.knit, e2.knit)
        sums = [k[0][a] + k[1][b] + k[2][c] for a, b, c in _PERMS]
        most = max(sums)
        for perm, total in zip(_PERMS, sums, strict=True):
            if total == most:
                for suit in range(3):
                    out.update([t for t in _KNIT_TILES[suit][perm[suit]] if not flat[t]])
    for a, b, c, others in straights:
        # A missing tile of the straight, or one that brings the rest closer.
        for suit, j in ((0, a), (1, b), (2, c)):
            out.update([t for t in _KNIT_TILES[suit][j] if not flat[t]])
        groups_to_read.append((others, 1 - melds))
    for groups, need in groups_to_read:
        # Tiles that lower the standard-form shanten of these four groups.
        beside = _rest_classes([g.cls for g in groups])
        for group in range(4):
            ranks = TABLES.regular_gains(groups[group], beside[group], need)
            out.update([9 * group + r for r in ranks])
    return {t for t in out if flat[t] < 4}


def _mcr_discards(es: GroupEntries, melds: int) -> list[int] | None:
    """`discard_shanten` of a 14-tile MCR hand: `_mcr_least_of` per discard, with the
    sums over the three groups a discard leaves alone taken once (``None`` for a hand of
    another size)."""
    e0, e1, e2, eh = es
    if e0.tiles + e1.tiles + e2.tiles + eh.tiles + 3 * melds != 14 or not 0 <= melds <= 4:
        return None
    table = TABLES.shanten_table
    others = _rest_classes((e0.cls, e1.cls, e2.cls, eh.cls))
    pairs = e0.pairs + e1.pairs + e2.pairs + eh.pairs
    ends = e0.ends + e1.ends + e2.ends + eh.ends
    kmax = e0.kmax + e1.kmax + e2.kmax
    end_pairs = e0.end_pair + e1.end_pair + e2.end_pair + eh.end_pair
    need = 4 - melds
    out = [_NONE] * NUM_KINDS
    for group in range(4):
        entry = es[group]
        if not entry.tiles:
            continue
        fewer = entry.minus or TABLES.minus(entry)
        other = others[group]
        p_rest, e_rest, k_rest = pairs - entry.pairs, ends - entry.ends, kmax - entry.kmax
        end_pair_rest = end_pairs - entry.end_pair > 0
        base = 9 * group
        for rank, less in enumerate(fewer):
            if less is None:
                continue
            row = table[TABLES.combine(other, less.cls)]
            best: int = row[need]
            if melds == 0:
                value = 6 - p_rest - less.pairs
                if value < best:
                    best = value
                value = 13 - e_rest - less.ends
                if end_pair_rest or less.end_pair:
                    value -= 1
                if value < best:
                    best = value
            k = k_rest + less.kmax if group < 3 else k_rest
            honours = less.kinds if group == 3 else eh.kinds
            floor = row[1 - melds] if melds <= 1 else _NONE
            if (melds == 0 and 13 - k - honours < best) or 9 - k + floor < best:
                nxt = list(es)
                nxt[group] = less
                after = (nxt[0], nxt[1], nxt[2], nxt[3])
                knitted = _knitted_max(after)
                if melds == 0:
                    value = 13 - knitted - honours
                    if value < best:
                        best = value
                if 9 - knitted + floor < best:
                    value = _knitted_straight(after, melds, best, floor)
                    if value < best:
                        best = value
            out[base + rank] = best
    return out


_NO_DISCARD: Final = {9: (_NONE,) * 9, 7: (_NONE,) * 7}
"""`SuitTables.regular_discards` of a group holding no tile, by the group's length."""


def discard_ties(
    es: GroupEntries, melds: int, allowed: Collection[Tile] | None = None
) -> tuple[int, list[Tile], tuple[int, ...]] | None:
    """The least shanten a discard of ``allowed`` (default: any held kind) leaves a
    hand with a tile too many, under the default forms of its size (see `shanten`), the
    discards that leave it, in tile order, and the standard-form shanten after each
    discard (34 values, 99 for a kind not held); ``None`` for a hand of another size.

    The standard form is read per group from `SuitTables.regular_discards`, kept for
    the group and the class of the other three; the other forms are read one discard at
    a time only when a bound says they could reach the least.

    >>> hand = Hand.parse("1112345678999m5p").concealed
    >>> least, ties, regular = discard_ties(group_entries(hand), 0)
    >>> least, format_tiles(ties), regular[13]
    (0, '258m5p', 0)
    """
    e0, e1, e2, eh = es
    total = e0.tiles + e1.tiles + e2.tiles + eh.tiles + 3 * melds
    if total == 17 and 0 <= melds <= 5:
        need = 5 - melds
    elif total == 14 and 0 <= melds <= 4:
        need = 4 - melds
    else:
        return None
    whole, regular = _regular_discards(e0, e1, e2, eh, need)
    if allowed is None:
        # The least of ``regular``, read from the whole hand: the best blocks of a hand
        # of a tile too many leave a tile out unless they complete it, so some discard
        # leaves the hand as far as it is, and none leaves it closer; from a complete
        # hand, every discard leaves it ready.
        least = max(TABLES.shanten_table[whole][need], 0)
    else:
        least = _NONE
        for t in allowed:
            if regular[t] < least:
                least = regular[t]
    after: Sequence[int] = regular
    if total == 17:
        # Taiwanese forms: all but the standard one are of concealed hands only.
        if melds == 0:
            after = _taiwanese_discards(es, regular, least, allowed)
            if after is not regular:
                least = _lowest(after, allowed)
        melds = 5  # no MCR form below
    # The other forms only where a bound over every discard lets them reach the least
    # (a discard never adds a pair, an orphan or a knitted tile, nor brings the rest of
    # the hand closer).
    if melds <= 1:
        if melds == 0 and (
            6 - e0.pairs - e1.pairs - e2.pairs - eh.pairs <= least
            or 12 - e0.ends - e1.ends - e2.ends - eh.ends <= least
        ):
            after = _pairs_and_orphans(es, regular)
        kmax = e0.kmax + e1.kmax + e2.kmax
        floor = TABLES.shanten_table[whole][1 - melds]
        if (melds == 0 and 13 - kmax - eh.kinds <= least) or 9 - kmax + floor <= least:
            after = _knitted_discards(es, melds, least, after, floor)
        if after is not regular:
            least = _lowest(after, allowed)
    # Read from a list: the compiled build reads a sequence's items through the generic
    # protocol, a list's unboxed.
    values: list[int] = list(after)
    if allowed is None:
        ties = [t for t in range(NUM_KINDS) if values[t] == least]
    else:
        ties = sorted(t for t in allowed if values[t] == least)
    return least, ties, regular


def _lowest(values: Sequence[int], allowed: Collection[Tile] | None = None) -> int:
    """The least of ``values`` (of the kinds ``allowed``, default all), read from a list
    (the compiled build reads a list's items unboxed, a sequence's through the generic
    protocol)."""
    items: list[int] = list(values)
    least = _NONE
    if allowed is None:
        for v in items:
            if v < least:
                least = v
    else:
        for t in allowed:
            if items[t] < least:
                least = items[t]
    return least


def _regular_discards(
    e0: SuitEntry, e1: SuitEntry, e2: SuitEntry, eh: SuitEntry, need: int
) -> tuple[int, tuple[int, ...]]:
    """The class of the four groups together, and the standard-form shanten after each
    discard (34 values, 99 for a kind not held) needing ``need`` more sets."""
    c0, c1, c2, c3 = e0.cls, e1.cls, e2.cls, eh.cls
    c01, c23 = TABLES.combine(c0, c1), TABLES.combine(c2, c3)
    whole = TABLES.combine(c01, c23)
    # Each group beside the other three (a group holding nothing has no discard).
    p0 = TABLES.regular_discards(e0, TABLES.combine(c1, c23), need) if e0.tiles else _NO_DISCARD[9]
    p1 = TABLES.regular_discards(e1, TABLES.combine(c0, c23), need) if e1.tiles else _NO_DISCARD[9]
    p2 = TABLES.regular_discards(e2, TABLES.combine(c01, c3), need) if e2.tiles else _NO_DISCARD[9]
    p3 = TABLES.regular_discards(eh, TABLES.combine(c01, c2), need) if eh.tiles else _NO_DISCARD[7]
    return whole, p0 + p1 + p2 + p3


def _taiwanese_discards(
    es: GroupEntries,
    regular: tuple[int, ...],
    least: int,
    allowed: Collection[Tile] | None = None,
) -> Sequence[int]:
    """Per discard of a 17-tile hand without melds, the least of ``regular`` and the
    other Taiwanese forms, each read only when its value for the whole hand (which no
    discard lowers) comes within the least so far (``least``, of ``regular``; for
    Thirteen Orphans, the dearest to read, of the other forms too, over the discards
    ``allowed``, default any); ``regular`` itself when none does. Exact at the least
    and for the discards that make it, all `discard_ties` reads: a discard above it may
    be left above its value."""
    e0, e1, e2, eh = es
    n1 = e0.hist[1] + e1.hist[1] + e2.hist[1] + eh.hist[1]
    n2 = e0.hist[2] + e1.hist[2] + e2.hist[2] + eh.hist[2]
    n3 = e0.hist[3] + e1.hist[3] + e2.hist[3] + eh.hist[3]
    n4 = e0.hist[4] + e1.hist[4] + e2.hist[4] + eh.hist[4]
    nico = _nico_of(n1, n2, n3, n4)
    whole_sixteen = _sixteen_orphans(es)
    orphans = 12 - e0.ends - e1.ends - e2.ends - eh.ends  # at best a set and a pair beside
    if nico > least and whole_sixteen > least and orphans > least:
        return regular  # no other form comes within the least (two thirds of the hands)
    keys = e0.key + e1.key + e2.key + eh.key
    out: list[int] = []
    if nico <= least:
        out = list(regular)
        # Nico Nico reads only how many kinds are held once, twice, ...: a discard
        # moves one kind down a step. (A list: the compiled build boxes a fixed-length
        # tuple anew at each look-up by a variable index.)
        by_count = [
            _NONE,
            _nico_of(n1 - 1, n2, n3, n4),
            _nico_of(n1 + 1, n2 - 1, n3, n4) if n2 else _NONE,
            _nico_of(n1, n2 + 1, n3 - 1, n4) if n3 else _NONE,
            _nico_of(n1, n2, n3 + 1, n4 - 1) if n4 else _NONE,
        ]
        for t in range(NUM_KINDS):
            value = by_count[keys[t]]
            if value < out[t]:
                out[t] = value
    # A discard leaves each form at its whole-hand value or above: only discards not
    # already at that value can gain.
    if whole_sixteen <= least:
        if not out:
            out = list(regular)
        for t in range(NUM_KINDS):
            if keys[t] and out[t] > whole_sixteen:
                value = _sixteen_orphans_less(es, t)
                if value < out[t]:
                    out[t] = value
    if orphans <= least and out:
        least = min(least, _lowest(out, allowed))
    if orphans <= least:
        whole_orphans = _orphans_16(keys)
        if whole_orphans <= least:
            if not out:
                out = list(regular)
            counts = list(keys)
            for t in range(NUM_KINDS):
                if keys[t] and out[t] > whole_orphans:
                    counts[t] = counts[t] - 1
                    value = _orphans_16(counts)
                    counts[t] = counts[t] + 1
                    if value < out[t]:
                        out[t] = value
    return out if out else regular


def special_16_floor(es: GroupEntries) -> int:
    """A bound under the shanten that Nico Nico, Thirteen Orphans and Sixteen Orphans
    give any 16-tile hand without melds left by a discard from this 17-tile one (of
    group entries ``es``): each form's value for the whole hand, which no discard lowers
    (as `discard_ties` reads them).

    >>> special_16_floor(group_entries(Hand.parse("1112345678999m55pE").concealed))
    4
    """
    e0, e1, e2, eh = es
    n1 = e0.hist[1] + e1.hist[1] + e2.hist[1] + eh.hist[1]
    n2 = e0.hist[2] + e1.hist[2] + e2.hist[2] + eh.hist[2]
    n3 = e0.hist[3] + e1.hist[3] + e2.hist[3] + eh.hist[3]
    n4 = e0.hist[4] + e1.hist[4] + e2.hist[4] + eh.hist[4]
    # Thirteen Orphans: the orphan kinds held, and at most a set and a pair beside them.
    orphans = 12 - e0.ends - e1.ends - e2.ends - eh.ends
    return min(min(_nico_of(n1, n2, n3, n4), orphans), _sixteen_orphans(es))


def _pairs_and_orphans(es: GroupEntries, regular: Sequence[int]) -> list[int]:
    """Per discard of a 14-tile hand without melds, the least of ``regular``, Seven
    Pairs and Thirteen Orphans."""
    keys = es[0].key + es[1].key + es[2].key + es[3].key
    pairs = es[0].pairs + es[1].pairs + es[2].pairs + es[3].pairs
    ends = es[0].ends + es[1].ends + es[2].ends + es[3].ends
    end_pairs = sum(1 for t in _ORPHANS if keys[t] >= 2)
    out = list(regular)
    for t in range(NUM_KINDS):
        c = keys[t]
        if not c:
            continue
        value = 7 - pairs if c == 2 or c == 4 else 6 - pairs
        if _IS_ORPHAN[t]:
            orphans = 13 - ends + (c == 1) - (end_pairs - (c == 2) > 0)
        else:
            orphans = 13 - ends - (end_pairs > 0)
        if orphans < value:
            value = orphans
        if value < out[t]:
            out[t] = value
    return out


_KNIT_RANKS: Final = tuple(
    tuple(frozenset(9 * g + r for r in (j, j + 3, j + 6)) for j in range(3)) for g in range(3)
)
"""``_KNIT_RANKS[suit][j]``: the tiles of ranks ``j + 1, j + 4, j + 7`` of the suit."""
_KNIT_SETS: Final = tuple(
    _KNIT_RANKS[0][a] | _KNIT_RANKS[1][b] | _KNIT_RANKS[2][c] for a, b, c in _PERMS
)
"""The tiles of each knitted straight, in `_PERMS` order."""


def _knitted_discards(
    es: GroupEntries, melds: int, least: int, after: Sequence[int], floor: int
) -> Sequence[int]:
    """``after`` lowered, per discard of a 14-tile hand with at most one meld, to Honors
    and Knitted and Knitted Straight where they come within ``least``; ``floor`` is the
    whole hand's standard-form shanten needing one set less than it has melds to go.
    ``after`` itself when neither form comes within ``least``."""
    e0, e1, e2, eh = es
    k0, k1, k2 = e0.knit, e1.knit, e2.knit
    sums = [k0[a] + k1[b] + k2[c] for a, b, c in _PERMS]
    most = max(sums)
    kinds = eh.kinds
    honours = melds == 0 and 13 - most - kinds <= least
    if not honours and 9 - most + floor > least:
        return after  # the caller's bound holds for the best suits apart, not together
    keys = e0.key + e1.key + e2.key + eh.key
    held = [t for t in range(NUM_KINDS) if keys[t]]
    out = list(after)
    if honours:
        # A discard lowers a knit (or the honour kinds) only when it is the last copy.
        dropped: dict[int, int] = {}
        for t in held:
            c = keys[t]
            if t >= 27:
                value = 13 - most - kinds + (c == 1)
            elif c == 1:
                g, j = t // 9, t % 9 % 3
                # The longest knit without run j of suit g: kept per (g, j).
                best = dropped.get(3 * g + j)
                if best is None:
                    best = dropped[3 * g + j] = max(
                        s - (p[g] == j) for p, s in zip(_PERMS, sums, strict=True)
                    )
                value = 13 - kinds - best
            else:
                value = 13 - most - kinds
            if value < out[t]:
                out[t] = value
    if 9 - most + floor > least:
        return out
    table = TABLES.shanten_table
    need = 1 - melds
    rests = (TABLES.knit_rests(e0), TABLES.knit_rests(e1), TABLES.knit_rests(e2))
    for perm, total, knits in zip(_PERMS, sums, _KNIT_SETS, strict=True):
        missing = 9 - total
        if missing + floor > least:
            continue
        a, b, c = perm
        r0, r1, r2 = rests[0][a], rests[1][b], rests[2][c]
        # The rest's shanten first: no discard brings it closer, and most straights end
        # here, before each discard's value is read.
        whole = TABLES.combine_all(r0.cls, r1.cls, r2.cls, eh.cls)
        rest = table[whole][need]
        if missing + rest > least:
            continue
        _, regular = _regular_discards(r0, r1, r2, eh, need)
        for t in held:
            # The last copy of a knitted tile leaves the rest as it is, one tile more
            # missing; any other discard leaves the knit and comes out of the rest.
            value = missing + 1 + rest if keys[t] == 1 and t in knits else missing + regular[t]
            if value < out[t]:
                out[t] = value
    return out


def useful_count_of_entries(
    es: GroupEntries,
    melds: int,
    unseen: Sequence[int],
    rules: Rules = None,
    known: int | None = None,
) -> int:
    """``sum(unseen[t] for t in useful_tiles(counts, melds, rules))`` of the hand whose
    groups have these entries, each candidate tile read from its group's neighbours.
    ``known`` is the hand's shanten when the caller has it already.

    >>> es = group_entries(Hand.parse("1112345678999m").concealed)
    >>> useful_count_of_entries(es, 0, (1,) * 34)
    9
    """
    if rules is None:
        tiles = _mcr_useful(es, melds)
        if tiles is not None:
            return sum(map(unseen.__getitem__, tiles))
    current = shanten_of_entries(es, melds, rules) if known is None else known
    total = es[0].tiles + es[1].tiles + es[2].tiles + es[3].tiles + 3 * melds
    size = 13 if total in (13, 14) else 16
    forms = _forms_for(_resolve_forms(rules, size), size, melds)
    # As in `_improving`: one tile lowers a form by one at most, so only the forms
    # already at the hand's shanten are asked about each tile.
    live = tuple(f for f in forms if _value(f, es, melds, size, current + 1) == current)
    out = 0
    if size == 16 and _READ_BY_GROUP.issuperset(live):
        return _useful_16(es, melds, unseen, live)
    for group in range(4):
        entry = es[group]
        grown = entry.plus or TABLES.plus(entry)
        base = 9 * group
        for rank, more in enumerate(grown):
            n = unseen[base + rank]
            if not n or more is None:
                continue
            nxt = list(es)
            nxt[group] = more
            if _least((nxt[0], nxt[1], nxt[2], nxt[3]), melds, size, live) < current:
                out += n
    return out


def _useful_16_closer(es: GroupEntries, regular: int, least: int, unseen: Sequence[int]) -> int:
    """`useful_count_of_entries` of a 16-tile hand without melds whose shanten ``least``
    is below its standard form's (``regular``), read by `_useful_16` when Thirteen
    Orphans is not as close; -1 when it is (the caller then asks the general path)."""
    bound = least + 1
    live = [_F_REGULAR] if regular == least else []
    if _value(_F_THIRTEEN_ORPHANS, es, 0, 16, bound) == least:
        return -1
    if _nico_nico(es) == least:
        live.append(_F_NICO_NICO)
    if _sixteen_orphans(es) == least:
        live.append(_F_SIXTEEN_ORPHANS)
    return _useful_16(es, 0, unseen, tuple(live))


def _useful_16_nico(es: GroupEntries, least: int, unseen: Sequence[int]) -> list[int] | None:
    """Of a 17-tile hand without melds (of group entries ``es``) whose discards leave it
    at best ``least``: per kind, the unseen copies of Nico Nico's useful tiles after its
    discard, where that leaves Nico Nico at ``least`` (-1 elsewhere, and for a kind not
    held): `useful_count_of_entries` of that hand where its standard form is not at
    ``least`` too (the caller's to check). None when Thirteen or Sixteen Orphans could be
    as close after some discard (neither comes closer for a discard, as `discard_ties`
    reads them). Nico Nico's useful tiles are read by how many of a kind the hand holds
    (`_useful_16`): the discards that hold a kind as many times share them, less or plus
    the discarded kind's own copies.

    >>> hand = Hand.parse("1122m3344p5566sEESWN").concealed  # seven pairs, three winds
    >>> found = _useful_16_nico(group_entries(hand), 1, (2,) * 34)
    >>> found[28]  # South thrown: the seven pairs' kinds (a pung), West and North (a pair)
    18
    >>> found[27]  # East thrown: one pair fewer, Nico Nico further
    -1
    """
    e0, e1, e2, eh = es
    if 12 - e0.ends - e1.ends - e2.ends - eh.ends <= least or _sixteen_orphans(es) <= least:
        return None
    keys = e0.key + e1.key + e2.key + eh.key
    # Read as a tuple: the compiled build reads a sequence's items through the generic
    # protocol (a tuple is passed on as it is).
    seen: tuple[int, ...] = tuple(unseen)
    held = [0, 0, 0, 0, 0]  # kinds held none, once, twice, ... times
    sums = [0, 0, 0, 0, 0]  # and their unseen copies
    for t in range(NUM_KINDS):
        c = keys[t]
        # Not ``+=``: the compiled build adds to a list's item through the interpreter.
        held[c] = held[c] + 1
        sums[c] = sums[c] + seen[t]
    out = [-1] * NUM_KINDS
    for c in range(1, 5):
        if not held[c]:
            continue
        n = list(held)  # after the discard of a kind held ``c`` times
        n[c] = n[c] - 1
        n[c - 1] = n[c - 1] + 1
        n1, n2, n3, n4 = n[1], n[2], n[3], n[4]
        now = _nico_of(n1, n2, n3, n4)
        if now != least:
            continue
        better = _nico_gains(n1, n2, n3, n4, now)
        shared = 0
        for k in range(4):
            if better[k]:
                shared += sums[k]
        for t in range(NUM_KINDS):
            if keys[t] == c:
                # The discarded kind moves from ``c`` copies held to ``c - 1``.
                out[t] = shared
                if better[c]:
                    out[t] = out[t] - seen[t]
                if better[c - 1]:
                    out[t] = out[t] + seen[t]
    return out


_READ_BY_GROUP: Final = frozenset({_F_REGULAR, _F_NICO_NICO, _F_SIXTEEN_ORPHANS})
"""The 16-tile forms whose useful tiles `_useful_16` reads without trying each tile."""


def _useful_16(es: GroupEntries, melds: int, unseen: Sequence[int], live: tuple[Form, ...]) -> int:
    """`useful_count_of_entries` of a 16-tile hand whose forms at its shanten are among
    the standard form, Nico Nico and Sixteen Orphans (`_useful_16_kinds`)."""
    keys = es[0].key + es[1].key + es[2].key + es[3].key
    useful = _useful_16_kinds(es, melds, live)
    out = 0
    seen: tuple[int, ...] = tuple(unseen)  # as in `_useful_16_nico`
    for t in range(NUM_KINDS):
        if useful[t] and keys[t] < 4:
            out += seen[t]
    return out


def _useful_16_kinds(es: GroupEntries, melds: int, live: tuple[Form, ...]) -> list[bool]:
    """Per kind, whether a tile of it brings a 16-tile hand closer, where its forms at
    its shanten (``live``) are among the standard form, Nico Nico and Sixteen Orphans
    (a kind held four times included: the caller leaves it out): the standard form's
    gains group by group, Nico Nico's by how many of a kind the hand holds, Sixteen
    Orphans' from each group's entry one tile up."""
    keys = es[0].key + es[1].key + es[2].key + es[3].key
    useful = [False] * NUM_KINDS
    if _F_REGULAR in live:
        others = _rest_classes((es[0].cls, es[1].cls, es[2].cls, es[3].cls))
        for group in range(4):
            base = 9 * group
            for rank in TABLES.regular_gains(es[group], others[group], 5 - melds):
                useful[base + rank] = True
    if _F_NICO_NICO in live:
        h0, h1, h2, h3 = es[0].hist, es[1].hist, es[2].hist, es[3].hist
        n1 = h0[1] + h1[1] + h2[1] + h3[1]
        n2 = h0[2] + h1[2] + h2[2] + h3[2]
        n3 = h0[3] + h1[3] + h2[3] + h3[3]
        n4 = h0[4] + h1[4] + h2[4] + h3[4]
        now = _nico_of(n1, n2, n3, n4)
        better = _nico_gains(n1, n2, n3, n4, now)
        for t in range(NUM_KINDS):
            if better[keys[t]]:
                useful[t] = True
    if _F_SIXTEEN_ORPHANS in live:
        # 16 - sum(sixteen) - max(0, bonus): a tile changes its own group's terms only.
        # (Spelled out, two at a time: the compiled build calls the built-ins through
        # the interpreter for a generator or more than two ints.)
        _fill_sixteen(es)
        e0, e1, e2, e3 = es
        total = e0.sixteen + e1.sixteen + e2.sixteen + e3.sixteen
        b0, b1 = e0.sixteen_pair - e0.sixteen + 1, e1.sixteen_pair - e1.sixteen + 1
        b2, b3 = e2.sixteen_pair - e2.sixteen + 1, e3.sixteen_pair - e3.sixteen + 1
        b01, b23 = max(max(0, b0), b1), max(max(0, b2), b3)
        now = 16 - total - max(b01, b23)
        # The other three groups' bonus, by group.
        beside = [max(max(0, b1), b23), max(max(0, b0), b23), max(b01, b3), max(b01, b2)]
        for group in range(4):
            entry = es[group]
            rest = total - entry.sixteen
            bonus = beside[group]
            base = 9 * group
            for rank, up in enumerate(entry.sixteen_up or TABLES.sixteen_up(entry)):
                if up is None:
                    continue
                more, more_pair = up
                gained = more_pair - more + 1
                if 16 - rest - more - (gained if gained > bonus else bonus) < now:
                    useful[base + rank] = True
    return useful


def regular_shanten(counts: Sequence[int], sets_needed: int) -> int:
    """Standard-form shanten of any group of tiles (34 counts) that needs ``sets_needed``
    more sets and a pair: a smaller group than a full hand counts its missing tiles (a
    bot weighing a plan reads the tiles the plan keeps).

    >>> regular_shanten((1, 1, 1) + (0,) * 31, 1)  # 123m needs a pair: one tile away
    0
    """
    e0, e1, e2, eh = group_entries(counts)
    return TABLES.shanten_of(TABLES.combine_all(e0.cls, e1.cls, e2.cls, eh.cls), sets_needed)


def pungs_shanten(counts: Sequence[int], sets_needed: int) -> int:
    """`regular_shanten` towards pungs only (All Pungs): each suit read without chows.

    >>> pungs_shanten((3, 3, 3, 3, 1) + (0,) * 29, 4)
    0
    >>> pungs_shanten((1, 1, 1) + (0,) * 31, 1)  # three singles, no chow
    2
    """
    cls = -1
    for start, end in ((0, 9), (9, 18), (18, 27), (27, NUM_KINDS)):
        group = TABLES.honors(tuple(counts[start:end])).cls
        cls = group if cls < 0 else TABLES.combine(cls, group)
    return TABLES.shanten_of(cls, sets_needed)


def unseen_count(
    tiles: Iterable[Tile], held: Sequence[int], visible: Sequence[int] | None = None
) -> int:
    """How many copies of these kinds are neither held nor visible.

    >>> unseen_count([0, 27], Hand.parse("1112345678999m").all_counts())
    5
    """
    seen = visible if visible is not None else (0,) * NUM_KINDS
    return sum(max(0, 4 - held[t] - seen[t]) for t in tiles)


__all__ = [
    "TAIWANESE_FORMS",
    "DiscardOption",
    "GroupEntries",
    "discard_shanten",
    "discard_ties",
    "discards",
    "group_entries",
    "pungs_shanten",
    "regular_shanten",
    "shanten",
    "shanten_by_form",
    "shanten_of_entries",
    "special_16_floor",
    "unseen_count",
    "useful_count_of_entries",
    "useful_tiles",
    "waits",
]
