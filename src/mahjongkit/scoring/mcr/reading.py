"""One reading of a winning MCR hand: the typed context every fan detector looks at.

A `Reading` is one way to see the hand (a decomposition into sets and a pair, or one of
the special shapes) together with the facts of the whole hand (`HandFacts`): its tile
counts, the situation after the facts that follow from the tiles have been derived, and
whether the hand waited on one tile alone.

>>> from mahjongkit.hand import Hand
>>> facts = HandFacts.of(Hand.parse("123m456p789s111sEE"), Situation(), None)
>>> facts.win, facts.unique_wait
(27, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache, reduce
from itertools import compress
from operator import itemgetter, or_
from typing import Final

from mahjongkit.errors import InvalidSituationError
from mahjongkit.hand import CHOW as MELD_CHOW
from mahjongkit.hand import KONG, Hand, Meld
from mahjongkit.hand import PUNG as MELD_PUNG
from mahjongkit.notation import format_tiles
from mahjongkit.scoring.situation import Situation
from mahjongkit.shapes import (
    pair_rank_class,
    sets_and_pair,
    sets_only,
)
from mahjongkit.tiles import (
    FLOWERS,
    IS_GREEN,
    IS_REVERSIBLE,
    IS_TERMINAL,
    IS_TERMINAL_OR_HONOR,
    NAMES,
    NUM_KINDS,
    RANK,
    WINDS,
    Tile,
)

CHOW, PUNG, KONG_SET = 0, 1, 2
"""Set kinds inside a reading (small ints for speed)."""

SetInfo = tuple[int, int, bool, bool]
"""A set of a reading: (kind, tile, exposed, declared). ``tile`` is a chow's lowest tile;
``exposed`` means claimed from another player; ``declared`` means a meld (a concealed kong
is declared but not exposed)."""

PAIR_REF = 8
"""Source index of the pair."""
KNITTED_REF = 9
"""Source index of the knitted straight."""
TILE_REF = 16
"""Source index ``TILE_REF + t`` names the tile ``t`` (a Tile Hog, the winning tile)."""


TILE_CLASSES: Final[dict[str, frozenset[Tile]]] = {
    "green": frozenset(t for t in range(NUM_KINDS) if IS_GREEN[t]),
    "reversible": frozenset(t for t in range(NUM_KINDS) if IS_REVERSIBLE[t]),
    "terminals": frozenset(t for t in range(NUM_KINDS) if IS_TERMINAL[t]),
    "honors": frozenset(range(27, NUM_KINDS)),
    "terminals_and_honors": frozenset(t for t in range(NUM_KINDS) if IS_TERMINAL_OR_HONOR[t]),
    "simples": frozenset(t for t in range(27) if not IS_TERMINAL[t]),
    "upper": frozenset(t for t in range(27) if 7 <= RANK[t] <= 9),
    "middle": frozenset(t for t in range(27) if 4 <= RANK[t] <= 6),
    "lower": frozenset(t for t in range(27) if 1 <= RANK[t] <= 3),
    "upper_four": frozenset(t for t in range(27) if 6 <= RANK[t] <= 9),
    "lower_four": frozenset(t for t in range(27) if 1 <= RANK[t] <= 4),
}
"""Classes of tiles a whole hand may keep to (All Green, Upper Tiles, ...)."""

CLASS_BIT: Final = {name: 1 << n for n, name in enumerate(TILE_CLASSES)}
"""Each tile class as one bit of `HandFacts.classes`."""

_CLASS_BITS: Final = tuple(
    sum(CLASS_BIT[name] for name, tiles in TILE_CLASSES.items() if t in tiles)
    for t in range(NUM_KINDS)
)
"""Per tile, the classes it belongs to."""

GROUP_BIT: Final = tuple(1 << (t // 9 if t < 27 else 3 if t < 31 else 4) for t in range(NUM_KINDS))
"""Per tile, its group as a bit: characters 1, dots 2, bamboo 4, winds 8, dragons 16."""

_ALL_CLASSES: Final = (1 << len(TILE_CLASSES)) - 1

_TILE_BITS: Final = tuple(
    GROUP_BIT[t] | (_ALL_CLASSES & ~_CLASS_BITS[t]) << 8 for t in range(NUM_KINDS)
)
"""Per tile, its group bit and, above bit 8, the classes it is not in: one OR over the
hand's tiles gives its groups and the classes some tile of it is not in."""

_SUITS_MISSING: Final = tuple(3 - bin(bits).count("1") for bits in range(8))

ALWAYS, TILE_HOG, NINE_GATES_SHAPE, KONGS, CONCEALED_PUNGS, PUNG_FANS, PAIR_FANS, PACKS = (
    1 << n for n in range(8)
)
"""What a reading holds that some detector group needs before it can find anything, as
bits of `Reading.features` (see `detectors.GROUP_NEEDS`): a tile held four times; one
suit concealed; a kong; two concealed pungs; four pungs or a pung of terminals or
honours; no pung, or an honour pair; a pair of terminals, honours or 5s, or an even
pair beside no chow. `ALWAYS` is in every reading."""

_PUNG_FEATURES: Final = tuple(PUNG_FANS if IS_TERMINAL_OR_HONOR[t] else 0 for t in range(NUM_KINDS))
_PAIR_FEATURES: Final = tuple(
    (PAIR_FANS if t >= 27 else 0) | (PACKS if IS_TERMINAL_OR_HONOR[t] or RANK[t] == 5 else 0)
    for t in range(NUM_KINDS)
)
_EVEN_PAIR_FEATURES: Final = tuple(PACKS if RANK[t] % 2 == 0 else 0 for t in range(NUM_KINDS))
"""A pair's features beside no chow."""

_first: Final = itemgetter(0)
_second: Final = itemgetter(1)


@dataclass(slots=True)
class HandFacts:
    """What holds for every reading of one hand: tiles, situation, wait, flowers.

    Read-only by convention: not frozen, because scoring builds one per hand in its hot
    path and a frozen dataclass is several times slower to build.
    """

    hand: Hand
    win: Tile
    standing: tuple[int, ...]
    """Concealed tile counts, the winning tile included."""
    counts: tuple[int, ...]
    """Every tile of the hand, melds included (kongs as four)."""
    exposed_melds: int
    kong_tiles: frozenset[Tile]
    meld_sets: tuple[SetInfo, ...]
    """The declared melds as sets of a reading, in the hand's order."""
    self_drawn: bool
    kong_involved: bool
    last_of_kind: bool
    last_wall_tile: bool
    seat_wind: Tile
    prevalent_wind: Tile
    flower_count: int
    flower_tiles: tuple[Tile, ...] | None
    present: tuple[Tile, ...]
    """The kinds of tile in the hand, ascending."""
    classes: int
    """The tile classes (`TILE_CLASSES`) every tile of the hand belongs to, as bits."""
    groups: int
    """The suits, winds and dragons the hand holds, as bits (`GROUP_BIT`)."""
    suits_missing: int
    """How many of the three suits the hand lacks."""
    has_honors: bool
    features: int
    """The hand's features (`TILE_HOG`, `NINE_GATES_SHAPE`, and `ALWAYS`)."""
    waited_alone: bool | None = None
    """Whether the hand waited on its winning tile alone, once a wait detector has asked
    (`unique_wait`)."""

    @property
    def before(self) -> tuple[int, ...]:
        """The concealed tiles before the winning tile arrived."""
        before = list(self.standing)
        before[self.win] -= 1
        return tuple(before)

    @property
    def unique_wait(self) -> bool:
        """The hand (without its last tile) waited on exactly one tile, counting the regular
        and seven-pairs shapes, as the reference calculator does. The hand is complete in
        sets and a pair (a reading in sets asks)."""
        if self.waited_alone is None:
            self.waited_alone = _waited_alone(
                self.standing, self.win, 13 - 3 * len(self.hand.melds)
            )
        return self.waited_alone

    @classmethod
    def of(
        cls, hand: Hand, situation: Situation, flowers: tuple[Tile, ...] | int | None
    ) -> HandFacts:
        """Check the situation against the hand and derive what follows from the tiles.

        Raises `InvalidSituationError` for a situation that cannot happen with this hand.
        """
        win = hand.winning_tile
        if win is None:
            raise ValueError("a waiting hand has no reading")
        standing = hand.concealed
        melded_win = exposed_melds = 0
        counts = standing
        kong_tiles: frozenset[Tile] = frozenset()
        meld_sets: tuple[SetInfo, ...] = ()
        if hand.melds:
            all_tiles = list(standing)
            sets = []
            kongs = []
            for meld in hand.melds:
                kind, t = meld.kind, meld.tile
                if kind is MELD_CHOW:
                    all_tiles[t] += 1
                    all_tiles[t + 1] += 1
                    all_tiles[t + 2] += 1
                    melded_win += t <= win <= t + 2
                    set_kind = CHOW
                else:
                    size = 3 if kind is MELD_PUNG else 4
                    all_tiles[t] += size
                    melded_win += size if t == win else 0
                    set_kind = PUNG if kind is MELD_PUNG else KONG_SET
                    if size == 4:
                        kongs.append(t)
                exposed_melds += not meld.concealed
                sets.append((set_kind, t, not meld.concealed, True))
            counts = tuple(all_tiles)
            kong_tiles = frozenset(kongs)
            meld_sets = tuple(sets)
        s = situation
        if s.kong_replacement or s.robbing_kong or s.last_of_kind or s.flower_replacement:
            _check_situation(s, win, standing[win], melded_win, bool(kong_tiles))
        flower_tiles: tuple[Tile, ...] | None
        if isinstance(flowers, int):
            flower_count, flower_tiles = flowers, None
        elif flowers is None:
            flower_count, flower_tiles = 0, ()
        else:
            flower_count, flower_tiles = len(flowers), tuple(sorted(flowers))
        present = tuple(compress(range(NUM_KINDS), counts))
        bits = reduce(or_, map(_TILE_BITS.__getitem__, present))
        groups = bits & 0xFF
        suits_missing = _SUITS_MISSING[groups & 7]
        features = ALWAYS
        if 4 in counts and counts.count(4) > len(kong_tiles):
            features |= TILE_HOG  # a tile held four times, not as a kong
        if suits_missing == 2 and not hand.melds:
            features |= NINE_GATES_SHAPE
        return cls(
            hand,
            win,
            standing,
            counts,
            exposed_melds,
            kong_tiles,
            meld_sets,
            s.self_drawn or s.kong_replacement or s.flower_replacement,
            s.kong_replacement or s.robbing_kong,
            # Last Tile follows from the tiles when the melds show the other three copies.
            s.last_of_kind or (melded_win == 3 and standing[win] == 1),
            s.last_wall_tile,
            s.seat_wind,
            s.prevalent_wind,
            flower_count,
            flower_tiles,
            present,
            _ALL_CLASSES & ~(bits >> 8),
            groups,
            suits_missing,
            groups > 7,
            features,
        )

    @property
    def seat(self) -> int:
        """The seat as 0..3 (East..North)."""
        return WINDS.index(self.seat_wind)


def _check_situation(
    s: Situation, win: Tile, concealed_copies: int, melded_win: int, has_kong: bool
) -> None:
    """Refuse a situation that cannot happen with the hand."""
    name = NAMES[win]
    if s.kong_replacement and s.robbing_kong:
        raise InvalidSituationError(
            "a win cannot be both on a kong replacement tile and by robbing a kong"
        )
    if s.flower_replacement and (s.kong_replacement or s.robbing_kong):
        raise InvalidSituationError(
            "a win on a flower's replacement tile is neither a kong replacement nor a "
            "robbed kong: it counts as self-drawn only (002 lines 158, 210)"
        )
    if s.robbing_kong and s.self_drawn:
        raise InvalidSituationError(
            "robbing a kong is a win on another player's tile, not self-drawn (002 line 160)"
        )
    if s.kong_replacement and not has_kong:
        raise InvalidSituationError(
            "won on a kong replacement tile, but the hand declares no kong (002 line 157)"
        )
    if s.robbing_kong and (melded_win or concealed_copies > 1):
        raise InvalidSituationError(
            f"robbing a kong of {name}, but the hand holds another {name}: the robbed "
            "tile is the fourth of its kind (002 line 159)"
        )
    if s.robbing_kong and s.last_wall_tile:
        raise InvalidSituationError(
            "robbing a kong on the last tile of the wall: no kong can be added with no "
            "replacement tile left, and Robbing the Kong does not combine with Last Tile "
            "Draw or Claim (002 line 160)"
        )
    if s.last_of_kind and concealed_copies > 1:
        raise InvalidSituationError(
            f"{name} cannot be the last of its kind: the hand holds another {name} "
            "concealed (002 line 179)"
        )


@dataclass(slots=True)
class Reading:
    """One reading of the hand: a shape, its sets and pair, and the hand's facts.

    ``kind`` is ``regular``, ``knitted`` (knitted straight + a set + a pair), ``pairs``,
    ``shifted_pairs``, ``orphans`` or ``honors_knitted``.
    ``chows``/``pungs`` hold the sorted key tiles of the chows and of the pungs and kongs,
    ``chow_sets``/``pung_sets`` their indices in ``sets``. ``form_fans`` are the fans the
    shape itself earns (found by the shape's recogniser). Read-only by convention, like
    `HandFacts`.
    """

    kind: str
    facts: HandFacts
    sets: tuple[SetInfo, ...] = ()
    pair: Tile | None = None
    knitted: tuple[Tile, ...] = ()
    chows: tuple[Tile, ...] = ()
    chow_sets: tuple[int, ...] = ()
    pungs: tuple[Tile, ...] = ()
    pung_sets: tuple[int, ...] = ()
    pung_items: tuple[tuple[Tile, int], ...] = ()
    """The pungs and kongs as (key tile, index in ``sets``), sorted."""
    concealed_pung_sets: tuple[int, ...] = ()
    """The concealed pungs and kongs, a pung completed by a discard not counted."""
    melded_kongs: int = 0
    concealed_kongs: int = 0
    kongs: tuple[tuple[int, bool], ...] = ()
    """The kongs as (index in ``sets``, exposed), in the order of ``pung_sets``."""
    form_fans: tuple[tuple[str, tuple[int, ...]], ...] = ()
    features: int = -1
    """What the reading holds that detector groups need (`ALWAYS`, `TILE_HOG`, ...); a
    special shape has its hand's features. Every bit by default: a reading built
    without them runs every group."""
    wait: str | None = None
    """Which wait the winning tile completed, once the wait detectors have looked."""

    @classmethod
    def of_sets(
        cls,
        kind: str,
        facts: HandFacts,
        sets: tuple[SetInfo, ...],
        pair: Tile,
        knitted: tuple[Tile, ...] = (),
        form_fans: tuple[tuple[str, tuple[int, ...]], ...] = (),
    ) -> Reading:
        """A reading of sets and a pair; derives the chows, pungs and concealed pungs.

        ``sets`` lists the hand's melds first, then the concealed sets ascending (as
        `regular_splits` gives them).
        """
        win = facts.win
        discard = not facts.self_drawn
        features = facts.features | _PAIR_FEATURES[pair]
        if not facts.meld_sets:
            # All concealed, ascending: no kongs, nothing exposed, nothing to sort.
            chow_tiles: list[Tile] = []
            chow_sets: list[int] = []
            pung_tiles: list[Tile] = []
            pung_sets: list[int] = []
            for i, (k, t, _, _) in enumerate(sets):
                if k == CHOW:
                    chow_tiles.append(t)
                    chow_sets.append(i)
                    if discard and t <= win <= t + 2:
                        discard = False  # the winning tile may complete the chow instead
                else:
                    pung_tiles.append(t)
                    pung_sets.append(i)
                    features |= _PUNG_FEATURES[t]
            all_pungs = concealed = tuple(pung_sets)
            if discard and win in pung_tiles:
                # a pung completed by a discard is exposed (002 line 189)
                concealed = tuple([p for p in pung_sets if sets[p][1] != win])
            if len(concealed) > 1:
                features |= CONCEALED_PUNGS
            if not pung_tiles or len(pung_tiles) == 4:
                features |= PAIR_FANS if not pung_tiles else PUNG_FANS
            if not chow_tiles:
                features |= _EVEN_PAIR_FEATURES[pair]
            return cls(
                kind,
                facts,
                sets,
                pair,
                knitted,
                tuple(chow_tiles),
                tuple(chow_sets),
                tuple(pung_tiles),
                all_pungs,
                tuple(zip(pung_tiles, pung_sets, strict=True)),
                concealed,
                0,
                0,
                (),
                form_fans,
                features,
            )
        chows: list[tuple[Tile, int]] = []
        pungs: list[tuple[Tile, int]] = []
        win_in_chow = False
        for i, (k, t, _, declared) in enumerate(sets):
            if k == CHOW:
                chows.append((t, i))
                if t <= win <= t + 2 and not declared:
                    win_in_chow = True
            else:
                pungs.append((t, i))
        # the melds come in the hand's order; the concealed sets ascend already
        chows.sort()
        pungs.sort()
        # A pung completed by a discard is exposed, unless the winning tile can be read as
        # part of a concealed chow instead (002 line 189; free choice, 002 line 217).
        discard_pung = discard and not win_in_chow
        concealed_list = []
        melded_kongs = concealed_kongs = 0
        kongs = []
        for t, i in pungs:
            k, _, exposed, _ = sets[i]
            if k == KONG_SET:
                kongs.append((i, exposed))
                if exposed:
                    melded_kongs += 1
                    continue
                concealed_kongs += 1
            elif exposed or (discard_pung and t == win):
                continue
            concealed_list.append(i)
        for t, _ in pungs:
            features |= _PUNG_FEATURES[t]
        if len(concealed_list) > 1:
            features |= CONCEALED_PUNGS
        if not pungs or len(pungs) == 4:
            features |= PAIR_FANS if not pungs else PUNG_FANS
        if not chows:
            features |= _EVEN_PAIR_FEATURES[pair]
        if kongs:
            features |= KONGS
        # positional: a call with fifteen keywords costs more than the rest of this method
        return cls(
            kind,
            facts,
            sets,
            pair,
            knitted,
            tuple(map(_first, chows)),
            tuple(map(_second, chows)),
            tuple(map(_first, pungs)),
            tuple(map(_second, pungs)),
            tuple(pungs),
            tuple(concealed_list),
            melded_kongs,
            concealed_kongs,
            tuple(kongs),
            form_fans,
            features,
        )

    def source_text(self, ref: int) -> str:
        """The notation of one source by its reference: a set, the pair (`PAIR_REF`), the
        knitted straight (`KNITTED_REF`), a tile (`TILE_REF` + tile). Only the sources a
        breakdown names are put in notation."""
        if ref < PAIR_REF:
            kind, tile, _, declared = self.sets[ref]
            # a reading lists the hand's melds first, in the hand's order
            return _meld_text(self.facts.hand.melds[ref]) if declared else _SET_TEXT[kind][tile]
        if ref == PAIR_REF:
            pair = self.pair
            assert pair is not None, "only a reading with a pair names it"
            return _PAIR_TEXT[pair]
        if ref == KNITTED_REF:
            return format_tiles(self.knitted)
        return NAMES[ref - TILE_REF]


def _meld_text(m: Meld) -> str:
    kind = m.kind
    code = CHOW if kind is MELD_CHOW else PUNG if kind is MELD_PUNG else KONG_SET
    return _meld_text_of(code, m.tile, m.concealed, m.claimed, m.source, m.promoted)


@lru_cache(maxsize=4096)
def _meld_text_of(
    kind: int, tile: Tile, concealed: bool, claimed: Tile | None, source: int | None, promoted: bool
) -> str:
    """A meld's notation, remembered by its fields (a meld hashes slowly)."""
    meld_kind = MELD_CHOW if kind == CHOW else MELD_PUNG if kind == PUNG else KONG
    return str(Meld(meld_kind, tile, concealed, claimed, source, promoted))


_SET_TEXT: Final = (
    tuple(format_tiles((t, t + 1, t + 2)) if t < 27 and t % 9 < 7 else "" for t in range(34)),
    tuple(format_tiles((t,) * 3) for t in range(34)),
    tuple(format_tiles((t,) * 4) for t in range(34)),
)
"""The notation of a concealed chow, pung and kong by its key tile."""

_PAIR_TEXT: Final = tuple(format_tiles((t, t)) for t in range(NUM_KINDS))


SuitWaits = tuple[int, tuple[int, ...], tuple[int, ...]]
"""What one suit brings to a wait: the part it plays as it is (`_SETS`, `_PAIR`,
`_LOOSE`), the ranks that, added, leave it sets only, and those that leave it sets and
a pair."""


@lru_cache(maxsize=1 << 16)
def _suit_waits(kinds: str) -> SuitWaits:
    """`SuitWaits` of one suit whose nine counts ``kinds`` holds, a character each (the
    key the garbage collector need not visit). A suit of 3k+2 tiles can only become
    sets, one of 3k+1 sets and the pair."""
    shape = tuple(kinds.encode("latin-1"))
    return (_suit_part(shape), *_suit_completions(shape))


@lru_cache(maxsize=1 << 16)
def _suit_shape(counts: tuple[int, ...]) -> tuple[bool, bool]:
    """For the nine counts of one suit: (splits into sets, splits into sets and a pair)."""
    size = sum(counts)
    if size % 3 == 0:
        return sets_only(counts), False
    if size % 3 == 1:
        return False, False
    return False, sets_and_pair(list(counts), pair_rank_class(counts))


@lru_cache(maxsize=1 << 16)
def _suit_completions(counts: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """For the nine counts of one suit: the ranks (0..8) whose tile, added, leaves the suit
    splitting into sets only, and those that leave it splitting into sets and a pair.

    Its size says which: a suit of 3k+2 tiles can only become sets, one of 3k+1 sets and
    a pair (whose rank class moves with the rank added, see `pair_rank_class`).
    """
    size = sum(counts)
    if size % 3 == 0:
        return (), ()
    work = list(counts)
    padded = (0, 0, *counts, 0, 0)
    pair_class = pair_rank_class(counts)
    found = []
    for r in range(9):
        if not any(padded[r : r + 5]):
            continue  # a lone tile joins no set and no pair
        work[r] += 1
        to_sets = size % 3 == 2
        ok = sets_only(work) if to_sets else sets_and_pair(work, (pair_class + 2 * r) % 3)
        work[r] -= 1
        if ok:
            found.append(r)
    return (tuple(found), ()) if size % 3 == 2 else ((), tuple(found))


_SETS, _PAIR, _LOOSE = 0, 1, 2
"""The part a group of tiles (a suit, the honours) plays in a complete hand."""


def _honor_part(bad: int, pairs: int) -> int:
    """The part the honours play: sets only, sets and the pair, or none (a loose tile)."""
    if bad:
        return _LOOSE
    return _SETS if pairs == 0 else _PAIR if pairs == 1 else _LOOSE


@lru_cache(maxsize=1 << 16)
def _suit_part(counts: tuple[int, ...]) -> int:
    """The part one suit's nine counts can play in a complete hand."""
    sets_ok, pair_ok = _suit_shape(counts)
    return _SETS if sets_ok else _PAIR if pair_ok else _LOOSE


def waiting_tiles(counts: tuple[int, ...], n_tiles: int) -> frozenset[Tile]:
    """The tiles that complete a waiting hand of ``n_tiles`` concealed tiles.

    Regular shape (sets and a pair) and, for 13 tiles, seven pairs. A tile whose four
    copies are all in the hand still counts as a wait: the reference calculator judges
    the shape, not what is left to draw. Each suit is judged on its own: a complete hand
    has every group splitting into sets, and exactly one of them holding the pair too;
    so the tile goes to the one group that cannot stand as it is, or to any group when
    all can.

    >>> from mahjongkit.notation import parse_tiles
    >>> from mahjongkit.tiles import tiles_to_counts
    >>> sorted(NAMES[t] for t in waiting_tiles(tiles_to_counts(parse_tiles("1112345678999m")), 13))
    ['1m', '2m', '3m', '4m', '5m', '6m', '7m', '8m', '9m']
    >>> [NAMES[t] for t in waiting_tiles(tiles_to_counts(parse_tiles("123m456p789sEEES")), 13)]
    ['S']
    """
    found = set()
    if n_tiles == 13 and counts.count(1) + counts.count(3) == 1:
        found.add(counts.index(1) if 1 in counts else counts.index(3))
    honors = counts[27:]
    bad = honors.count(1) + honors.count(4)
    pairs = honors.count(2)
    try:
        kinds = bytes(counts[:27]).decode("latin-1")
    except ValueError:  # a count below zero
        return _searched_waits(counts, found, bad, pairs)
    suits = (_suit_waits(kinds[:9]), _suit_waits(kinds[9:18]), _suit_waits(kinds[18:]))
    parts = [suits[0][0], suits[1][0], suits[2][0], _honor_part(bad, pairs)]
    loose = parts.count(_LOOSE)
    if loose > 1:
        return frozenset(found)  # one tile mends one group at most
    paired = parts.count(_PAIR)
    for g, part in enumerate(parts):
        if loose and part != _LOOSE:
            continue  # the tile must go to the group that cannot stand
        # the group becomes sets beside one pair elsewhere, or the pair beside none
        pair_elsewhere = paired - (part == _PAIR)
        if g < 3:
            _, to_sets, to_pair = suits[g]
            ranks = to_sets if pair_elsewhere == 1 else to_pair if pair_elsewhere == 0 else ()
            if ranks:
                found.update(map(_SUIT_BASES[g].__add__, ranks))
            continue
        _honor_waits(honors, bad, pairs, pair_elsewhere, found)
    return frozenset(found)


_SUIT_BASES: Final = (0, 9, 18)


def _honor_waits(
    honors: tuple[int, ...], bad: int, pairs: int, pair_elsewhere: int, found: set[Tile]
) -> None:
    """Add the honours that complete the hand, the pair being elsewhere or not."""
    for i, c in enumerate(honors):
        if c % 3 == 1:
            becomes = _honor_part(bad - 1, pairs + 1)
        elif c % 3 == 2:
            becomes = _honor_part(bad, pairs - 1)
        else:
            continue  # a third or a fourth copy of a set's tile leaves a loose tile
        if (becomes, pair_elsewhere) in ((_SETS, 1), (_PAIR, 0)):
            found.add(27 + i)


def _searched_waits(
    counts: tuple[int, ...], found: set[Tile], bad: int, pairs: int
) -> frozenset[Tile]:
    """`waiting_tiles` for counts beyond the shape tables (a suit of more than thirteen
    tiles, or a count below zero): each suit searched rank by rank."""
    suits = (counts[0:9], counts[9:18], counts[18:27])
    parts = [_suit_part(suits[0]), _suit_part(suits[1]), _suit_part(suits[2])]
    parts.append(_honor_part(bad, pairs))
    loose = parts.count(_LOOSE)
    if loose > 1:
        return frozenset(found)
    paired = parts.count(_PAIR)
    for g, part in enumerate(parts):
        if loose and part != _LOOSE:
            continue
        pair_elsewhere = paired - (part == _PAIR)
        if g < 3:
            to_sets, to_pair = _suit_completions(suits[g])
            ranks = to_sets if pair_elsewhere == 1 else to_pair if pair_elsewhere == 0 else ()
            found.update(9 * g + r for r in ranks)
            continue
        _honor_waits(counts[27:], bad, pairs, pair_elsewhere, found)
    return frozenset(found)


def _waited_alone(standing: tuple[int, ...], win: Tile, n_tiles: int) -> bool:
    """Whether a hand complete in sets and a pair waited on its winning tile ``win``
    alone, before it (`waiting_tiles` of one tile).

    The suits and honours the winning tile left alone stand as they do in the complete
    hand; when its own suit cannot stand without it, only that suit could have taken a
    tile, and its completions say which: the pair lies elsewhere unless this suit holds
    it. Otherwise every group could have taken one: all the waits are worked out.
    """
    before = list(standing)
    before[win] -= 1
    if win < 27:
        base = win - RANK[win] + 1
        part, to_sets, to_pair = _suit_waits(bytes(before[base : base + 9]).decode("latin-1"))
        if part == _LOOSE:
            holds_pair = sum(standing[base : base + 9]) % 3 == 2
            if (to_pair if holds_pair else to_sets) != (win - base,):
                return False
            if n_tiles == 13 and before.count(1) + before.count(3) == 1:
                return (before.index(1) if 1 in before else before.index(3)) == win
            return True
    return len(waiting_tiles(tuple(before), n_tiles)) == 1


def flower_of_seat(seat: int) -> tuple[Tile, Tile]:
    """The two flowers of a seat (0 East): ``1f``/``5f`` for East."""
    return FLOWERS[seat], FLOWERS[seat + 4]


__all__ = [
    "ALWAYS",
    "CHOW",
    "CLASS_BIT",
    "GROUP_BIT",
    "KNITTED_REF",
    "KONG_SET",
    "PAIR_REF",
    "PUNG",
    "TILE_CLASSES",
    "TILE_REF",
    "HandFacts",
    "Reading",
    "SetInfo",
    "waiting_tiles",
]
