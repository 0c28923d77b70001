"""The scoring principles: which of the patterns found in one reading of a hand may count together.

Seed 002 (lines 213-217) states five principles; here each is data plus one mechanism:

- **implied** (line 213): which item implies which is data, a reading of the fan
  combinations (`mahjongkit.rules.combinations`, one per ruleset; an item's own
  ``implies`` where a catalogue has no such reading), read into `Implications`;
  `apply_implications` walks the table from the top and lets every item still standing
  remove what it implies. An item removed this way implies nothing itself.
- **identical patterns** (line 214), **account once** (line 216) and **separation**
  (line 215): `combine_sets` forms the multi-set patterns (fans made of two, three or four
  chows, or of pungs) over the sets of a reading: a four-set pattern takes all the sets;
  otherwise a three-set pattern takes three and the set left over may combine once with
  one of them; otherwise two-set patterns, at most one per set beyond the first of each
  related group (the related sets form a forest), repeats dropped first.
- **free choice** (line 217): the scorer tries every reading and keeps the best total.

>>> same = SetPattern("double", 2, lambda t, pair: t[0] == t[1])
>>> combine_sets((5, 5, 5), PatternTable((same,)), None)  # three equal sets: two doubles
[('double', (0, 1)), ('double', (0, 2))]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from itertools import combinations, combinations_with_replacement
from operator import itemgetter
from types import MappingProxyType

from mahjongkit.rules.catalogues import Catalogue
from mahjongkit.rules.combinations import FanCombinations

Sources = tuple[int, ...]
"""Indices of the sets (or other parts) of a reading that earned a pattern."""
Found = tuple[str, Sources]
"""One counted pattern: its item id and what earned it."""


@dataclass(frozen=True, slots=True)
class SetPattern:
    """A pattern made of ``arity`` sets of one kind.

    ``matches(tiles, pair)`` gets the key tiles of the sets in ascending order (a chow's
    lowest tile, a pung's tile) and the pair's tile (``None`` when there is none); it
    reads the pair only for a ``with_pair`` pattern.
    """

    item: str
    arity: int
    matches: Callable[[tuple[int, ...], int | None], bool]
    with_pair: bool = False
    """The pattern also takes the pair (Pure Terminal Chows' pair of 5s)."""


def _components(n: int, edges: Iterable[tuple[int, int]]) -> int:
    parent = list(range(n))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    count = n
    for a, b in edges:
        ra, rb = root(a), root(b)
        if ra != rb:
            parent[ra] = rb
            count -= 1
    return count


class PatternTable:
    """Set patterns of one kind in priority order, and which of them first fits each run
    of key tiles met. Patterns that do not read the pair are remembered by the run alone
    (and may be worked out in advance); those that do are tried each time.

    >>> same = SetPattern("double", 2, lambda t, pair: t[0] == t[1])
    >>> table = PatternTable((same,))
    >>> table.prefill((1, 2), (2,))
    >>> table.first((1, 1), None), table.first((1, 2), None)
    (0, -1)
    """

    __slots__ = ("_fits", "_pair_patterns", "_plain_patterns", "lowest_pair_arity", "patterns")

    def __init__(self, patterns: Iterable[SetPattern]) -> None:
        self.patterns = tuple(patterns)
        self._pair_patterns: dict[int, tuple[int, ...]] = {}
        """Per arity, the positions of the patterns that read the pair."""
        self._plain_patterns: dict[int, tuple[tuple[int, SetPattern], ...]] = {}
        """Per arity, the patterns that do not read the pair, with their positions."""
        for i, p in enumerate(self.patterns):
            if p.with_pair:
                self._pair_patterns[p.arity] = (*self._pair_patterns.get(p.arity, ()), i)
            else:
                self._plain_patterns[p.arity] = (*self._plain_patterns.get(p.arity, ()), (i, p))
        self.lowest_pair_arity = min(self._pair_patterns, default=5)
        """The fewest sets a pattern reading the pair takes: shorter runs never read it."""
        self._fits: dict[tuple[int, ...], int] = {}

    def first(self, run: tuple[int, ...], pair: int | None) -> int:
        """The position of the first pattern that fits these sets, -1 for none."""
        fit = self._fits.get(run)
        if fit is None:
            if len(self._fits) > 1 << 17:
                self._fits.clear()
            fit = self._fits[run] = next(
                (i for i, p in self._plain_patterns.get(len(run), ()) if p.matches(run, pair)), -1
            )
        for i in self._pair_patterns.get(len(run), ()):
            if 0 <= fit < i:
                break
            if self.patterns[i].matches(run, pair):
                return i
        return fit

    def fits_by_run(self, arity: int) -> Mapping[tuple[int, ...], int]:
        """The first fits remembered so far, by run, for runs of ``arity`` sets when no
        pattern of that size reads the pair (their fit is the run's alone); otherwise
        nothing, so that every such run goes through `first`."""
        return _NOTHING if arity in self._pair_patterns else self._fits

    def reads_pair(self, run: tuple[int, ...], pair: int | None) -> bool:
        """Whether the patterns `combine_sets` finds over this run depend on the pair."""
        if len(run) > self.lowest_pair_arity:
            return True
        if len(run) not in self._pair_patterns:
            return False
        fit = self.first(run, pair)
        return fit >= 0 and self.patterns[fit].with_pair

    def prefill(self, keys: Iterable[int], arities: Iterable[int] = (2, 3)) -> None:
        """Work out every sorted run of ``arity`` key tiles drawn from ``keys`` (repeats
        allowed)."""
        keys = sorted(keys)
        for arity in arities:
            for run in combinations_with_replacement(keys, arity):
                self.first(run, None)


def combine_sets(tiles: tuple[int, ...], table: PatternTable, pair: int | None) -> list[Found]:
    """The multi-set patterns that count together over sets of one kind.

    ``table`` holds the patterns in priority order (the first that fits wins a place);
    indices in the result refer to positions in ``tiles``, which must be sorted.

    >>> run = SetPattern("run", 3, lambda t, p: t[0] + 1 == t[1] == t[2] - 1)
    >>> same = SetPattern("double", 2, lambda t, p: t[0] == t[1])
    >>> combine_sets((1, 2, 3, 3), PatternTable((run, same)), None)  # the fourth set: once
    [('run', (0, 1, 2)), ('double', (2, 3))]
    """
    n = len(tiles)
    if n < 2:
        return []
    patterns = table.patterns
    first = table.first
    if n == 4 and (fit := first(tiles, pair)) >= 0:
        return [(patterns[fit].item, (0, 1, 2, 3))]
    # Runs of two or three sets are met in every reading: where no pattern of their size
    # reads the pair, their first fit is a lookup (`PatternTable.fits_by_run`), not a call.
    if n >= 3:
        known = table.fits_by_run(3)
        for trio, left_over in _trios(n):
            run = (tiles[trio[0]], tiles[trio[1]], tiles[trio[2]])
            known_fit = known.get(run)
            fit = first(run, pair) if known_fit is None else known_fit
            if fit >= 0:
                found: list[Found] = [(patterns[fit].item, trio)]
                # account once: the set left over combines with one set of the trio, once
                for free in left_over:
                    best: tuple[int, tuple[int, int]] | None = None
                    for used in trio:
                        a, b = (used, free) if used < free else (free, used)
                        fit = first((tiles[a], tiles[b]), pair)
                        if fit >= 0 and (best is None or fit < best[0]):
                            best = (fit, (a, b))
                    if best is not None:
                        found.append((patterns[best[0]].item, best[1]))
                return found
    known = table.fits_by_run(2)
    pairs: list[Found] = []
    for a, b in combinations(range(n), 2):
        duo = (tiles[a], tiles[b])
        known_fit = known.get(duo)
        fit = first(duo, pair) if known_fit is None else known_fit
        if fit >= 0:
            pairs.append((patterns[fit].item, (a, b)))
    if len(pairs) < 2:
        return pairs  # one pattern links two sets: within any limit
    # account once: the related sets may be linked by at most (sets - groups) patterns
    limit = n - _components(n, (s for _, s in pairs))  # type: ignore[misc]
    if len(pairs) > limit:
        pairs = _drop_repeats(pairs, limit, [p.item for p in patterns if p.arity == 2])
    return pairs


@cache
def _trios(n: int) -> tuple[tuple[tuple[int, int, int], tuple[int, ...]], ...]:
    """Every three of ``n`` sets in order, with the sets left over."""
    return tuple(
        (trio, tuple(i for i in range(n) if i not in trio)) for trio in combinations(range(n), 3)
    )


def _drop_repeats(pairs: list[Found], limit: int, priority: list[str]) -> list[Found]:
    """Keep ``limit`` patterns: repeats of one pattern go first, the lowest in priority first.

    Identical patterns (002 line 214): a pattern counted twice loses its repeat before a
    different pattern is given up.
    """
    kept = list(pairs)
    for allowed in (1, 0):
        for item in reversed(priority):
            while len(kept) > limit:
                same = [i for i, (it, _) in enumerate(kept) if it == item]
                if len(same) <= allowed:
                    break
                del kept[same[-1]]
    return kept


Rule = tuple[frozenset[str], frozenset[str]]
"""A "together" rule: the fans that must all count, and the fans they then imply."""


@dataclass(frozen=True, slots=True)
class Implications:
    """The implied principle as lookup tables, built once per reading of the combinations.

    ``order`` is each item's position in the table; ``implies`` and ``on_sets`` hold what
    each item implies outright and what only on its own sets; ``together`` holds, under
    the first of its fans in table order, each rule that fans counted together imply
    others; ``impliers`` are the items with anything in these tables.
    """

    order: Mapping[str, int]
    implies: Mapping[str, frozenset[str]]
    on_sets: Mapping[str, frozenset[str]]
    impliers: frozenset[str]
    together: Mapping[str, tuple[Rule, ...]] = field(default_factory=dict)

    @classmethod
    def of(cls, catalogue: Catalogue, combinations: FanCombinations | None = None) -> Implications:
        """The tables of a catalogue: its items' own ``implies``, or a reading of the
        combinations (`mahjongkit.rules.combinations`), which must name only its items."""
        order = {item.id: n for n, item in enumerate(catalogue)}
        if combinations is None:
            implies = {item.id: item.implies for item in catalogue}
            on_sets = {item.id: item.implies_on_sets for item in catalogue}
            rules: dict[str, tuple[Rule, ...]] = {}
        else:
            unknown = combinations.fans().difference(order)
            if unknown:
                raise ValueError(
                    f"the fan combinations {combinations.name!r} name fans the "
                    f"{catalogue.family} catalogue lacks: {', '.join(sorted(unknown))}"
                )
            none: frozenset[str] = frozenset()
            implies = {fan: combinations.implies.get(fan, none) for fan in order}
            on_sets = {fan: combinations.implies_on_own_sets.get(fan, none) for fan in order}
            rules = {}
            for rule in combinations.together:
                first = min(rule.fans, key=order.__getitem__)
                rules[first] = (*rules.get(first, ()), (rule.fans, rule.implies))
        return cls(
            order=order,
            implies=implies,
            on_sets=on_sets,
            impliers=frozenset(i for i in order if implies[i] or on_sets[i] or i in rules),
            together=rules,
        )


_NOTHING: Mapping[tuple[int, ...], int] = MappingProxyType({})
"""No fits remembered (`PatternTable.fits_by_run` where the pair matters)."""

_item_of = itemgetter(0)
"""The item id of a pattern found."""


def apply_implications(found: list[Found], implications: Implications) -> list[Found]:
    """Remove every pattern implied by one that still stands, walking the table from the top.

    An item implied away by one above it implies nothing itself (where Four Concealed
    Pungs implies Fully Concealed Hand, Self-Drawn stays); an item may also imply one
    above it in the table. Fans counted together imply theirs once the walk is done, if
    they all still stand. What stands keeps its order in ``found``.

    >>> from mahjongkit.rules.catalogues import Item
    >>> cat = Catalogue("demo", (Item("a", "A", "", (), frozenset("b")),
    ...     Item("b", "B", "", (), frozenset("c")), Item("c", "C", "", ())))
    >>> apply_implications([("c", ()), ("b", ()), ("a", ())], Implications.of(cat))
    [('c', ()), ('a', ())]
    """
    ids = set(map(_item_of, found))
    impliers = ids & implications.impliers
    if not impliers:
        return found
    implies = implications.implies
    on_sets = implications.on_sets
    together = implications.together
    if len(impliers) == 1:
        # one item implies: nothing can imply it away first
        (item_id,) = impliers
        if on_sets[item_id].isdisjoint(ids) and item_id not in together:
            outright = implies[item_id]
            return (
                [f for f in found if f[0] not in outright]
                if not outright.isdisjoint(ids)
                else found
            )
    order = implications.order
    gone: set[str] = set()
    """Items removed outright, every time they were found."""
    gone_once: list[Found] = []
    """Patterns removed on their sets: that one time only."""
    pending: list[Rule] = []
    """The "together" rules of the items met standing, settled after the walk."""
    for item_id in sorted(impliers, key=order.__getitem__):
        if item_id in gone:
            continue
        if item_id in together:
            pending += together[item_id]
        outright = implies[item_id] & ids
        on_its_sets = on_sets[item_id] & ids
        if not outright and not on_its_sets:
            continue
        if gone_once or on_its_sets:
            standing = [src for f, src in found if f == item_id]
            if gone_once:
                standing = [src for src in standing if (item_id, src) not in gone_once]
                if not standing:
                    continue
        gone |= outright
        if on_its_sets:
            for other, other_sources in found:
                if other in on_its_sets and other not in gone:
                    for src in standing:
                        if src is other_sources or set(other_sources).issubset(src):
                            gone_once.append((other, other_sources))
                            break
    for fans, implied in pending:
        if fans <= ids and fans.isdisjoint(gone):
            gone |= implied & ids
    if not gone and not gone_once:
        return found
    if not gone_once:
        return [f for f in found if f[0] not in gone]
    return [f for f in found if f[0] not in gone and f not in gone_once]


__all__ = [
    "Found",
    "Implications",
    "PatternTable",
    "SetPattern",
    "Sources",
    "apply_implications",
    "combine_sets",
]
