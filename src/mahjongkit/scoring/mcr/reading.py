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
from functools import lru_cache

from mahjongkit.errors import InvalidSituationError
from mahjongkit.hand import KONG, Hand
from mahjongkit.notation import format_tiles
from mahjongkit.scoring.situation import Situation
from mahjongkit.tiles import FLOWERS, NAMES, NUM_KINDS, RANK, SUIT, WINDS, Tile

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


@dataclass(frozen=True, slots=True)
class HandFacts:
    """What holds for every reading of one hand: tiles, situation, wait, flowers."""

    hand: Hand
    win: Tile
    standing: tuple[int, ...]
    """Concealed tile counts, the winning tile included."""
    counts: tuple[int, ...]
    """Every tile of the hand, melds included (kongs as four)."""
    exposed_melds: int
    kong_tiles: frozenset[Tile]
    self_drawn: bool
    kong_involved: bool
    last_of_kind: bool
    last_wall_tile: bool
    seat_wind: Tile
    prevalent_wind: Tile
    flower_count: int
    flower_tiles: tuple[Tile, ...] | None
    unique_wait: bool
    """The hand (without its last tile) waited on exactly one tile, counting the regular
    and seven-pairs shapes, as the reference calculator does."""

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
        melded = [0] * NUM_KINDS
        for meld in hand.melds:
            for t in meld.tiles:
                melded[t] += 1
        counts = tuple(a + b for a, b in zip(standing, melded, strict=True))
        has_kong = any(m.kind is KONG for m in hand.melds)
        s = situation
        name = NAMES[win]
        if s.kong_replacement and s.robbing_kong:
            raise InvalidSituationError(
                "a win cannot be both on a kong replacement tile and by robbing a kong"
            )
        if s.robbing_kong and s.self_drawn:
            raise InvalidSituationError(
                "robbing a kong is a win on another player's tile, not self-drawn (002 line 160)"
            )
        if s.kong_replacement and not has_kong:
            raise InvalidSituationError(
                "won on a kong replacement tile, but the hand declares no kong (002 line 157)"
            )
        if s.robbing_kong and (melded[win] or standing[win] > 1):
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
        if s.last_of_kind and standing[win] > 1:
            raise InvalidSituationError(
                f"{name} cannot be the last of its kind: the hand holds another {name} "
                "concealed (002 line 179)"
            )
        # Last Tile follows from the tiles when the melds show the other three copies.
        last_of_kind = s.last_of_kind or (melded[win] == 3 and standing[win] == 1)
        flower_tiles: tuple[Tile, ...] | None
        if isinstance(flowers, int):
            flower_count, flower_tiles = flowers, None
        elif flowers is None:
            flower_count, flower_tiles = 0, ()
        else:
            flower_count, flower_tiles = len(flowers), tuple(sorted(flowers))
        n_standing = sum(standing) - 1
        before = list(standing)
        before[win] -= 1
        waits = waiting_tiles(tuple(before), n_standing)
        return cls(
            hand=hand,
            win=win,
            standing=standing,
            counts=counts,
            exposed_melds=sum(1 for m in hand.melds if not m.concealed),
            kong_tiles=frozenset(m.tile for m in hand.melds if m.kind is KONG),
            self_drawn=s.self_drawn or s.kong_replacement,
            kong_involved=s.kong_replacement or s.robbing_kong,
            last_of_kind=last_of_kind,
            last_wall_tile=s.last_wall_tile,
            seat_wind=s.seat_wind,
            prevalent_wind=s.prevalent_wind,
            flower_count=flower_count,
            flower_tiles=flower_tiles,
            unique_wait=len(waits) == 1,
        )

    @property
    def seat(self) -> int:
        """The seat as 0..3 (East..North)."""
        return WINDS.index(self.seat_wind)


@dataclass(frozen=True, slots=True)
class Reading:
    """One reading of the hand: a shape, its sets and pair, and the hand's facts.

    ``kind`` is ``regular``, ``knitted`` (knitted straight + a set + a pair), ``pairs``,
    ``shifted_pairs``, ``orphans``, ``honors_knitted`` or ``nine_gates``.
    ``chows``/``pungs`` hold the sorted key tiles of the chows and of the pungs and kongs,
    ``chow_sets``/``pung_sets`` their indices in ``sets``. ``form_fans`` are the fans the
    shape itself earns (found by the shape's recogniser).
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
    concealed_pungs: int = 0
    """Concealed pungs and kongs, a pung completed by a discard not counted."""
    melded_kongs: int = 0
    concealed_kongs: int = 0
    unique_wait: bool = False
    form_fans: tuple[tuple[str, tuple[int, ...]], ...] = ()

    @classmethod
    def of_sets(
        cls,
        kind: str,
        facts: HandFacts,
        sets: tuple[SetInfo, ...],
        pair: Tile,
        knitted: tuple[Tile, ...] = (),
        unique_wait: bool = False,
        form_fans: tuple[tuple[str, tuple[int, ...]], ...] = (),
    ) -> Reading:
        """A reading of sets and a pair; derives the chows, pungs and concealed pungs."""
        chows = sorted((s[1], i) for i, s in enumerate(sets) if s[0] == CHOW)
        pungs = sorted((s[1], i) for i, s in enumerate(sets) if s[0] != CHOW)
        win = facts.win
        # A pung completed by a discard is exposed, unless the winning tile can be read as
        # part of a concealed chow instead (002 line 189; free choice, 002 line 217).
        discard_pung = not facts.self_drawn and not any(
            not s[3] and s[0] == CHOW and s[1] <= win <= s[1] + 2 for s in sets
        )
        concealed = 0
        melded_kongs = concealed_kongs = 0
        for k, t, exposed, _ in sets:
            if k == PUNG:
                if not exposed and not (discard_pung and t == win):
                    concealed += 1
            elif k == KONG_SET:
                if exposed:
                    melded_kongs += 1
                else:
                    concealed_kongs += 1
                    concealed += 1
        return cls(
            kind=kind,
            facts=facts,
            sets=sets,
            pair=pair,
            knitted=knitted,
            chows=tuple(t for t, _ in chows),
            chow_sets=tuple(i for _, i in chows),
            pungs=tuple(t for t, _ in pungs),
            pung_sets=tuple(i for _, i in pungs),
            concealed_pungs=concealed,
            melded_kongs=melded_kongs,
            concealed_kongs=concealed_kongs,
            unique_wait=unique_wait,
            form_fans=form_fans,
        )

    def source_text(self, ref: int) -> str:
        """The notation of one source: a set, the pair, the knitted straight or a tile."""
        if ref >= TILE_REF:
            return NAMES[ref - TILE_REF]
        if ref == PAIR_REF:
            return format_tiles((self.pair, self.pair)) if self.pair is not None else ""
        if ref == KNITTED_REF:
            return format_tiles(self.knitted)
        kind, tile, _, declared = self.sets[ref]
        if declared:
            for meld in self.facts.hand.melds:
                if (
                    meld.tile == tile
                    and (meld.kind is KONG) == (kind == KONG_SET)
                    and ((meld.kind.value == "chow") == (kind == CHOW))
                ):
                    return str(meld)
        if kind == CHOW:
            return format_tiles((tile, tile + 1, tile + 2))
        return format_tiles((tile,) * (4 if kind == KONG_SET else 3))


def _is_regular(counts: list[int], sets: int) -> bool:
    """True when ``counts`` splits into ``sets`` sets and a pair (no tile cap)."""
    for p in range(NUM_KINDS):
        if counts[p] >= 2:
            counts[p] -= 2
            ok = _only_sets(counts, 0)
            counts[p] += 2
            if ok:
                return True
    return False


def _only_sets(counts: list[int], start: int) -> bool:
    t = start
    while t < NUM_KINDS and counts[t] == 0:
        t += 1
    if t == NUM_KINDS:
        return True
    c = counts[t]
    if c >= 3:
        counts[t] -= 3
        ok = _only_sets(counts, t)
        counts[t] += 3
        if ok:
            return True
    if SUIT[t] < 3 and RANK[t] <= 7 and counts[t + 1] and counts[t + 2]:
        counts[t] -= 1
        counts[t + 1] -= 1
        counts[t + 2] -= 1
        ok = _only_sets(counts, t)
        counts[t] += 1
        counts[t + 1] += 1
        counts[t + 2] += 1
        return ok
    return False


@lru_cache(maxsize=1 << 16)
def waiting_tiles(counts: tuple[int, ...], n_tiles: int) -> frozenset[Tile]:
    """The tiles that complete a waiting hand of ``n_tiles`` concealed tiles.

    Regular shape (sets and a pair) and, for 13 tiles, seven pairs. A tile whose four
    copies are all in the hand still counts as a wait: the reference calculator judges
    the shape, not what is left to draw.

    >>> from mahjongkit.notation import parse_tiles
    >>> from mahjongkit.tiles import tiles_to_counts
    >>> sorted(NAMES[t] for t in waiting_tiles(tiles_to_counts(parse_tiles("1112345678999m")), 13))
    ['1m', '2m', '3m', '4m', '5m', '6m', '7m', '8m', '9m']
    """
    work = list(counts)
    sets = n_tiles // 3
    found = set()
    if n_tiles == 13:
        odd = [t for t in range(NUM_KINDS) if counts[t] % 2]
        if len(odd) == 1:
            found.add(odd[0])
    for t in range(NUM_KINDS):
        near = counts[t] or (
            SUIT[t] < 3
            and any(
                0 <= t + d < NUM_KINDS and SUIT[t + d] == SUIT[t] and counts[t + d]
                for d in (-2, -1, 1, 2)
            )
        )
        if not near or t in found:
            continue
        work[t] += 1
        if _is_regular(work, sets):
            found.add(t)
        work[t] -= 1
    return frozenset(found)


def flower_of_seat(seat: int) -> tuple[Tile, Tile]:
    """The two flowers of a seat (0 East): ``1f``/``5f`` for East."""
    return FLOWERS[seat], FLOWERS[seat + 4]


__all__ = [
    "CHOW",
    "KNITTED_REF",
    "KONG_SET",
    "PAIR_REF",
    "PUNG",
    "TILE_REF",
    "HandFacts",
    "Reading",
    "SetInfo",
    "waiting_tiles",
]
