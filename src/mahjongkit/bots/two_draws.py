"""The `scorer` bot's look two draws ahead (Taiwanese): where each fast discard's useful
tiles lead.

The scorer, one or two steps from ready, weighs each of its fastest discards by its
useful tiles, each counted by its unseen copies times the unseen useful tiles of the
best hand it makes (`lead_totals`). That reads some twenty hands of a tile too many a
turn, so it is done here, compiled with the play loop (setup.py), and the hands those
share are read once: the hand left by discarding ``a`` then ``b`` after drawing ``u``
is the one left by discarding ``b`` then ``a``.

>>> from mahjongkit.hand import Hand
>>> hand = Hand.parse("12458m123p11223sE").concealed
>>> lead_totals(hand, 0, [27, 0], (2,) * 34, None, 2)
[168, 92]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from mahjongkit.bots.hand_view import (
    after_discard,
    discard_entries,
    least_discards,
    plus_entries,
    useful_kinds_of_ties,
    useful_of_ties,
)
from mahjongkit.rules.ruleset import Form
from mahjongkit.shanten import (
    GroupEntries,
    discard_ties,
    group_entries,
    special_16_floor,
    useful_tiles,
)
from mahjongkit.tiles import NUM_KINDS

KEPT: Final = 4096
"""How many hands' readings `Readings` keeps of each kind before it starts again."""


class Readings:
    """What `lead_totals` reads of a hand that the tiles unseen play no part in, kept
    from one decision to the next: a hand whose drawn tile is thrown away holds the same
    hands two draws ahead as at the turn before. Hands are keyed by their meld count and
    their groups' table entries (one entry per group's counts)."""

    __slots__ = ("ties", "useful")

    def __init__(self) -> None:
        self.useful: dict[tuple[object, ...], list[int]] = {}
        """A waiting-size hand's useful tiles."""
        self.ties: dict[tuple[object, ...], tuple[int, list[int], tuple[int, ...]]] = {}
        """A hand of a tile too many: `mahjongkit.shanten.discard_ties`."""


def lead_totals(
    counts: tuple[int, ...],
    melds: int,
    tiles: Sequence[int],
    unseen: Sequence[int],
    forms: frozenset[Form] | None,
    now: int,
    kept: Readings | None = None,
) -> list[int]:
    """For each discard of ``tiles`` from a hand holding a tile too many (each leaving
    shanten ``now``): the sum over its useful tiles of their unseen copies times the
    unseen useful tiles the best discards leave the hand with that tile (the first of
    `mahjongkit.bots.hand_view.least_discards`), if they bring it closer (else none).
    ``kept``: the readings kept from earlier decisions, if any (see `Readings`).
    """
    readings = Readings() if kept is None else kept
    if len(readings.useful) >= KEPT or len(readings.ties) >= KEPT:
        readings.useful.clear()
        readings.ties.clear()
    es = group_entries(counts)
    # The unseen useful tiles of the hand ``counts`` less ``a`` and ``b``, plus ``u``,
    # by ``(min(a, b) * 34 + max(a, b)) * 34 + u``.
    known: dict[int, int] = {}
    seen: tuple[int, ...] = tuple(unseen)  # read unboxed, see `useful_of_ties`
    out = []
    lesser = [discard_entries(es, tile) for tile in tiles]
    keys = [(melds, less[0], less[1], less[2], less[3]) for less in lesser]
    fresh = [(tiles[i], keys[i]) for i in range(len(keys)) if keys[i] not in readings.useful]
    if fresh and forms is None:
        _read_useful(es, melds, now, fresh, readings.ties, readings.useful)
    for i in range(len(keys)):  # by index, as in `_lead`
        tile, less, key = tiles[i], lesser[i], keys[i]
        useful = readings.useful.get(key)
        if useful is None:
            useful = readings.useful[key] = useful_tiles(after_discard(counts, tile), melds, forms)
        total = 0
        for u in useful:
            n = seen[u]
            if not n:
                continue
            if forms is None:
                grown = es if u == tile else plus_entries(less, u)
                w = _lead(grown, tile, u, melds, unseen, now, known, readings.ties)
            else:
                more = list(after_discard(counts, tile))
                more[u] = more[u] + 1
                least, _, leaves = least_discards(tuple(more), melds, unseen, forms)
                w = max(leaves) if least < now else 0
            total += n * w
        out.append(total)
    return out


def _read_useful(
    es: GroupEntries,
    melds: int,
    now: int,
    fresh: Sequence[tuple[int, tuple[object, ...]]],
    ties: dict[tuple[object, ...], tuple[int, list[int], tuple[int, ...]]],
    useful: dict[tuple[object, ...], list[int]],
) -> None:
    """Keep in ``useful``, under each key of ``fresh``, the useful tiles of the hand of
    entries ``es`` (of a tile too many, standard forms) after the discard of its tile
    (each leaving shanten ``now``) where the standard form alone is that close: its
    gains group by group, read for all of them at once (`useful_kinds_of_ties`), instead
    of trying each tile (`mahjongkit.shanten.useful_tiles`). The others are left to the
    caller."""
    if es[0].tiles + es[1].tiles + es[2].tiles + es[3].tiles + 3 * melds != 17:
        return
    if not melds and special_16_floor(es) <= now:
        return  # another form may be as close: its tiles count too
    _, _, regular = _ties(es, melds, ties)
    tiles = [t for t, _ in fresh]
    for (_, key), kinds in zip(
        fresh, useful_kinds_of_ties(es, tiles, regular, melds, now), strict=True
    ):
        if kinds is not None:
            useful[key] = kinds


def _ties(
    es: GroupEntries,
    melds: int,
    kept: dict[tuple[object, ...], tuple[int, list[int], tuple[int, ...]]],
) -> tuple[int, list[int], tuple[int, ...]]:
    """`mahjongkit.shanten.discard_ties` of the hand of entries ``es``, kept."""
    key = (melds, es[0], es[1], es[2], es[3])
    found = kept.get(key)
    if found is None:
        found = discard_ties(es, melds)
        if found is None:
            raise ValueError("no hand of a tile too many")
        kept[key] = found
    return found


def _lead(
    es: GroupEntries,
    tile: int,
    drawn: int,
    melds: int,
    unseen: Sequence[int],
    now: int,
    known: dict[int, int],
    kept: dict[tuple[object, ...], tuple[int, list[int], tuple[int, ...]]],
) -> int:
    """The most unseen useful tiles a best discard leaves the hand of entries ``es``
    (the hand less ``tile``, plus ``drawn``), if it brings the hand below ``now``;
    ``kept`` holds the hands' `discard_ties` read before."""
    least, ties, regular = _ties(es, melds, kept)
    if least >= now:
        return 0
    best = 0
    missing: list[int] = []
    codes: list[int] = []
    for d in ties:
        code = ((tile * NUM_KINDS + d if tile <= d else d * NUM_KINDS + tile) * NUM_KINDS) + drawn
        w = known.get(code, -1)
        if w < 0:
            missing.append(d)
            codes.append(code)
        elif w > best:
            best = w
    if missing:
        found = useful_of_ties(es, missing, regular, melds, unseen, None, least)
        # By index, not zip(..., strict=True): the compiled build calls that built-in
        # through the interpreter and makes a tuple of each pair.
        for i in range(len(codes)):
            w = found[i]
            known[codes[i]] = w
            if w > best:
                best = w
    return best


__all__ = ["Readings", "lead_totals"]
