"""Hands as frozen values: melds (declared sets) and the hand that holds them.

>>> hand = Hand.parse("[123m2]456p789s1sEEE1s")
>>> str(hand), hand.size, hand.winning_tile == parse_tile("1s")
('[123m2]456p1789sEEE1s', 13, True)
>>> Meld.parse("[EEEE]").concealed
True
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from enum import Enum

from mahjongkit.errors import InvalidHandError, InvalidNotationError
from mahjongkit.notation import (
    MeldText,
    format_meld,
    format_tiles,
    format_written,
    read_hand,
    read_meld,
)
from mahjongkit.tiles import (
    FLOWERS,
    IS_FLOWER,
    NAMES,
    NUM_KINDS,
    RANK,
    SUIT,
    Tile,
    counts_to_tiles,
    parse_tile,  # noqa: F401  (used by the doctests above)
    tile_glyph,
)

HAND_SIZES = (13, 16)
"""The two hand sizes: 13 tiles (MCR) and 16 tiles (Taiwanese), one more at a win."""


class MeldKind(Enum):
    """The three kinds of set: a chow (run of three), a pung (three alike), a kong (four)."""

    CHOW = "chow"
    PUNG = "pung"
    KONG = "kong"

    @property
    def size(self) -> int:
        """Tiles in the set: 3, 3 or 4."""
        return 4 if self is MeldKind.KONG else 3


CHOW, PUNG, KONG = MeldKind.CHOW, MeldKind.PUNG, MeldKind.KONG


@dataclass(frozen=True, slots=True)
class Meld:
    """A declared set: exposed after a claim, or a concealed kong.

    ``tile`` is the lowest tile of a chow or the tile of a pung/kong. ``claimed`` is the
    claimed tile and ``source`` the seat it came from (1 left, 2 opposite, 3 right), both
    ``None`` where unknown or for a concealed kong. ``promoted`` marks a kong made by
    adding a self-drawn tile to an exposed pung.

    >>> m = Meld.parse("[5555p6]")
    >>> m.kind, m.promoted, m.source, m.concealed
    (<MeldKind.KONG: 'kong'>, True, 2, False)
    >>> Meld.parse("[345s3]").claimed == parse_tile("5s")
    True
    """

    kind: MeldKind
    tile: Tile
    concealed: bool = False
    claimed: Tile | None = None
    source: int | None = None
    promoted: bool = False

    def __post_init__(self) -> None:
        if not 0 <= self.tile < NUM_KINDS:
            raise InvalidHandError(f"a meld of tile {self.tile} (not a playing tile)")
        name = NAMES[self.tile]
        if self.kind is CHOW:
            if SUIT[self.tile] > 2 or RANK[self.tile] > 7:
                raise InvalidHandError(f"no chow starts at {name}")
            if self.concealed:
                raise InvalidHandError("a concealed chow is not a meld")
            if self.claimed is not None and self.claimed not in self.tiles:
                raise InvalidHandError(f"claimed tile {NAMES[self.claimed]} is not in the chow")
            if self.source not in (None, 1):
                raise InvalidHandError("a chow is claimed only from the left (source 1)")
        else:
            if self.claimed is not None and self.claimed != self.tile:
                raise InvalidHandError(f"claimed tile {NAMES[self.claimed]} is not {name}")
            if self.concealed and (self.kind is not KONG or self.source is not None):
                raise InvalidHandError("only a kong can be a concealed meld, claimed from no one")
            if self.source is not None and self.source not in (1, 2, 3):
                raise InvalidHandError(f"source {self.source} is not 1, 2 or 3")
        if self.promoted and (self.kind is not KONG or self.concealed):
            raise InvalidHandError("only an exposed kong can be promoted")

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """The tiles of the set in order."""
        t = self.tile
        if self.kind is CHOW:
            return (t, t + 1, t + 2)
        return (t, t, t, t) if self.kind is KONG else (t, t, t)

    def __str__(self) -> str:
        return format_meld(self.kind.value, self.tile, self.claimed, self.source, self.promoted)

    def __repr__(self) -> str:
        return f"Meld.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Meld:
        """A meld from its bracket notation, e.g. ``[123m2]``, ``[EEE1]``, ``[5555p]``."""
        return parse_meld(text)

    def glyphs(self) -> str:
        """The meld drawn with Unicode tile glyphs."""
        return "".join(tile_glyph(t) for t in self.tiles)

    def _repr_svg_(self) -> str:
        """The meld drawn as SVG (notebooks show it); see `mahjongkit.svg`."""
        from mahjongkit.svg import meld_svg  # here: a command line draws no SVG (3 ms)

        return meld_svg(self)


@dataclass(frozen=True, slots=True)
class Hand:
    """A player's hand: concealed tile counts, declared melds, flowers, last tile.

    ``concealed`` is a 34-slot count tuple that includes ``winning_tile``, the last tile
    written (the winning tile of a complete hand, the drawn tile of a hand about to
    discard; ``None`` for a waiting hand). A hand holds 13 or 16 tiles, or one more,
    counting each kong as three.

    >>> h = Hand.parse("1112345678999m")
    >>> h.tile_count, h.winning_tile, h.is_waiting
    (13, None, True)
    >>> Hand.parse("1112345678999m5m").is_waiting
    False
    """

    concealed: tuple[int, ...]
    melds: tuple[Meld, ...] = ()
    flowers: tuple[Tile, ...] = ()
    winning_tile: Tile | None = None
    _size: int = field(default=0, init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        if len(self.concealed) != NUM_KINDS:
            raise InvalidHandError(f"concealed counts must have {NUM_KINDS} slots")
        totals = list(self.concealed)
        for meld in self.melds:
            for t in meld.tiles:
                totals[t] += 1
        for t, n in enumerate(totals):
            if n > 4 or self.concealed[t] < 0:
                raise InvalidHandError(f"{n} copies of {NAMES[t]} (at most 4)")
        for f in self.flowers:
            if not IS_FLOWER[f]:
                raise InvalidHandError(f"{NAMES[f]} is not a flower")
        if len(set(self.flowers)) != len(self.flowers) or list(self.flowers) != sorted(
            self.flowers
        ):
            raise InvalidHandError("flowers must be distinct and sorted")
        if self.winning_tile is not None and not (
            0 <= self.winning_tile < NUM_KINDS and self.concealed[self.winning_tile]
        ):
            raise InvalidHandError("the winning tile must be among the concealed tiles")
        count = self.tile_count
        size = next((s for s in HAND_SIZES if count in (s, s + 1)), 0)
        if not size:
            raise InvalidHandError(
                f"{count} tiles (kongs counted as 3) fit no hand: 13 or 16, or one more"
            )
        if len(self.melds) > size // 3:
            raise InvalidHandError(f"{len(self.melds)} melds is too many for a {size}-tile hand")
        if (count == size) != (self.winning_tile is None):
            which = "needs a last tile" if count > size else "has no last tile"
            raise InvalidHandError(f"a {count}-tile hand {which}")
        object.__setattr__(self, "_size", size)

    # -- construction ---------------------------------------------------------------
    @classmethod
    def parse(cls, text: str, size: int | None = None) -> Hand:
        """A hand from its notation; ``size`` (13 or 16) insists on one hand size."""
        return parse_hand(text, size=size)

    @classmethod
    def from_tiles(
        cls,
        tiles: list[Tile] | tuple[Tile, ...],
        melds: tuple[Meld, ...] = (),
        flowers: tuple[Tile, ...] = (),
        winning_tile: Tile | None = None,
    ) -> Hand:
        """A hand from a list of concealed tiles (the winning tile included)."""
        counts = [0] * NUM_KINDS
        for t in tiles:
            counts[t] += 1
        return cls(tuple(counts), tuple(melds), tuple(sorted(flowers)), winning_tile)

    # -- facts ----------------------------------------------------------------------
    @property
    def size(self) -> int:
        """13 or 16: the size of the hand between turns."""
        return self._size

    @property
    def tile_count(self) -> int:
        """Concealed tiles plus three for each meld (a kong counts as three)."""
        return sum(self.concealed) + 3 * len(self.melds)

    @property
    def is_waiting(self) -> bool:
        """True for a hand of exactly its size (13 or 16): it waits for a tile."""
        return self.winning_tile is None

    @property
    def is_concealed(self) -> bool:
        """True when no meld was claimed (concealed kongs keep a hand concealed)."""
        return all(m.concealed for m in self.melds)

    def concealed_tiles(self) -> list[Tile]:
        """The concealed tiles, sorted."""
        return counts_to_tiles(self.concealed)

    def all_counts(self) -> tuple[int, ...]:
        """Counts of every tile in the hand, melds included (kongs as four)."""
        totals = list(self.concealed)
        for meld in self.melds:
            for t in meld.tiles:
                totals[t] += 1
        return tuple(totals)

    def without_winning_tile(self) -> Hand:
        """The waiting hand before the last tile arrived."""
        if self.winning_tile is None:
            return self
        counts = list(self.concealed)
        counts[self.winning_tile] -= 1
        return Hand(tuple(counts), self.melds, self.flowers, None)

    def with_tile(self, tile: Tile) -> Hand:
        """This waiting hand with ``tile`` added as its last tile."""
        if self.winning_tile is not None:
            raise InvalidHandError("the hand already has its last tile")
        counts = list(self.concealed)
        counts[tile] += 1
        return Hand(tuple(counts), self.melds, self.flowers, tile)

    # -- rendering ------------------------------------------------------------------
    def _ordered_tiles(self) -> Iterator[Tile]:
        counts = list(self.concealed)
        if self.winning_tile is not None:
            counts[self.winning_tile] -= 1
        yield from counts_to_tiles(counts)
        if self.winning_tile is not None:
            yield self.winning_tile

    def __str__(self) -> str:
        flowers = format_tiles(self.flowers)
        melds = "".join(str(m) for m in self.melds)
        concealed = list(self._ordered_tiles())
        if self.winning_tile is not None:
            body = format_tiles(concealed[:-1]) + format_tiles(concealed[-1:])
        else:
            body = format_tiles(concealed)
        return flowers + melds + body

    def __repr__(self) -> str:
        return f"Hand.parse({str(self)!r})"

    def glyphs(self) -> str:
        """The hand drawn with Unicode glyphs: flowers, melds, concealed tiles, last tile."""
        parts = ["".join(tile_glyph(f) for f in self.flowers)]
        parts += [m.glyphs() for m in self.melds]
        tiles = list(self._ordered_tiles())
        if self.winning_tile is not None:
            parts += ["".join(tile_glyph(t) for t in tiles[:-1]), tile_glyph(tiles[-1])]
        else:
            parts.append("".join(tile_glyph(t) for t in tiles))
        return " ".join(p for p in parts if p)

    def _repr_svg_(self) -> str:
        """The hand drawn as SVG (notebooks show it); see `mahjongkit.svg`."""
        from mahjongkit.svg import hand_svg  # here: a command line draws no SVG (3 ms)

        return hand_svg(self)


def parse_meld(text: str) -> Meld:
    """One meld in bracket notation (`mahjongkit.notation.read_meld`).

    >>> str(parse_meld("[7s8s9s,1]")), str(parse_meld("[777z]"))
    ('[789s1]', '[CCC]')
    """
    return _meld_of(read_meld(text), text)


def _meld_of(written: MeldText, text: str) -> Meld:
    """The `Meld` of a meld as written in ``text``."""
    try:
        return Meld(
            MeldKind(written.kind),
            written.tile,
            written.concealed,
            written.claimed,
            written.source,
            written.promoted,
        )
    except InvalidHandError as err:
        raise InvalidNotationError(str(err), text) from None


def parse_hand(text: str, size: int | None = None) -> Hand:
    """A hand: melds in brackets, flowers and concealed tiles; the last tile wins.

    ``size`` (13 or 16) insists on one hand size; by default any size fits.

    >>> h = parse_hand("1f[123m2]456p789s1sEEE1s")
    >>> h.flowers, len(h.melds), h.size
    ((34,), 1, 13)
    >>> parse_hand("11112m3456789p")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    mahjongkit.errors.InvalidNotationError: ...
    """
    if size is not None and size not in HAND_SIZES:
        raise ValueError(f"hand size must be 13 or 16, not {size}")
    written = read_hand(text)
    sizes = HAND_SIZES if size is None else (size,)
    melds = len(written.melds)
    if melds > max(sizes) // 3:
        raise InvalidNotationError(f"{melds} melds are too many (at most {max(sizes) // 3})", text)
    count = len(written.concealed) + 3 * melds
    fit = next((s for s in sizes if count in (s, s + 1)), None)
    if fit is None:
        wanted = " or ".join(f"{s} or {s + 1}" for s in sizes)
        raise InvalidNotationError(
            f"{count} tiles (kongs counted as 3) fit no hand; a hand has {wanted}", text
        )
    if melds > fit // 3:
        raise InvalidNotationError(f"{melds} melds are too many for a {fit}-tile hand", text)
    if count == fit + 1 and written.last != "tile":
        # The last tile written is the winning (or drawn) tile: a flower or a meld written
        # after it leaves the hand without one, and we do not guess which tile was meant.
        item = "a flower" if written.last == "flower" else "a meld"
        raise InvalidNotationError(
            f"a complete hand ends with its winning tile, not {item}; write flowers and "
            f"melds first, as in {format_written(written)!r} (if its last tile wins)",
            text,
        )
    winning = written.concealed[-1] if count == fit + 1 else None
    try:
        return Hand.from_tiles(
            list(written.concealed),
            tuple(_meld_of(m, text) for m in written.melds),
            written.flowers,
            winning,
        )
    except InvalidHandError as err:
        raise InvalidNotationError(str(err), text) from None


__all__ = [
    "CHOW",
    "FLOWERS",
    "HAND_SIZES",
    "KONG",
    "PUNG",
    "Hand",
    "Meld",
    "MeldKind",
    "parse_hand",
    "parse_meld",
]
