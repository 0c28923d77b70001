"""What a bot reads from an observation: its own tiles, the tiles still unseen, shanten.

The helpers here are shared by the `efficient`, `scorer` and `defender` bots. They work
on 34-slot count tuples and a meld count, the hot path of `mahjongkit.shanten`.

>>> import random
>>> from mahjongkit.game.state import HandState
>>> obs = HandState.new("mcr", random.Random(3)).observation(0)
>>> view = HandView(obs)
>>> sum(view.counts), view.melds, view.sets_needed
(14, 0, 4)
>>> sum(view.unseen) + sum(view.counts) <= 136
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from mahjongkit.game.actions import Action, ActionKind
from mahjongkit.game.observation import Observation
from mahjongkit.hand import Meld
from mahjongkit.rules.ruleset import MCR_FORMS, Form, get_ruleset
from mahjongkit.shanten import (
    TABLES,
    TAIWANESE_FORMS,
    GroupEntries,
    _useful_16_closer,
    _useful_16_nico,
    discard_shanten,
    discard_ties,
    group_entries,
    shanten_of_entries,
    useful_count_of_entries,
)
from mahjongkit.suit_tables import SuitEntry
from mahjongkit.tiles import NUM_KINDS

_DEFAULT_FORMS: Final = {13: frozenset(MCR_FORMS), 16: TAIWANESE_FORMS}
"""The forms `mahjongkit.shanten` assumes when given ``None``, by hand size."""


def forms_argument(ruleset: str) -> frozenset[Form] | None:
    """The ``rules`` argument for `mahjongkit.shanten`: ``None`` (the fast default) when
    the ruleset admits the default forms of its hand size, else its forms."""
    rules = get_ruleset(ruleset)
    if rules.scoring.forms == _DEFAULT_FORMS.get(rules.hand_size):
        return None
    return rules.scoring.forms


class HandView:
    """One observation read once: own counts, melds, unseen tiles, the legal actions.

    The unseen tiles are counted the first time they are asked for: many decisions
    (a single best discard) never need them.
    """

    __slots__ = (
        "_unseen",
        "counts",
        "hand_size",
        "legal",
        "melds",
        "obs",
        "own_melds",
        "sets_needed",
    )

    def __init__(self, obs: Observation) -> None:
        self.obs = obs
        self.counts: tuple[int, ...] = obs.concealed
        self.own_melds: tuple[Meld, ...] = obs.melds[obs.seat]
        self.melds = len(self.own_melds)
        # The seat's own number of concealed tiles, as the table shows it (not summed).
        held = obs.hand_sizes[obs.seat]
        self.hand_size = 16 if held + 3 * self.melds >= 16 else 13
        self.sets_needed = self.hand_size // 3 - self.melds
        self.legal = obs.legal_actions
        self._unseen: tuple[int, ...] | None = None

    @property
    def unseen(self) -> tuple[int, ...]:
        """`unseen_counts` of the observation."""
        if self._unseen is None:
            self._unseen = unseen_counts(self.obs)
        return self._unseen


def unseen_counts(obs: Observation) -> tuple[int, ...]:
    """Copies of each tile the seat has not seen: four, less its own tiles (concealed and
    melded), every exposed meld and every discard lying on the table (in the rows, or in
    the pond of a centre table)."""
    pond = obs.pond
    if pond:
        seen = [a + b for a, b in zip(obs.concealed, pond, strict=True)]
    else:
        seen = list(obs.concealed)
    for ms in obs.melds:
        for m in ms:
            for t in m.tiles:
                # Not ``+=``: the compiled build adds to a list's item through the
                # interpreter.
                seen[t] = seen[t] + 1
    if not pond:
        for ds in obs.discards:
            for t, claimed in ds:
                if not claimed:
                    seen[t] = seen[t] + 1
    return tuple([_LEFT[c] for c in seen])


def discards_made(obs: Observation) -> int:
    """Discards made so far this hand, as the table shows them: the rows' tiles, or the
    pond's and the claimed tile of every declared meld (a centre table).

    >>> import random
    >>> from mahjongkit.game.state import HandState
    >>> discards_made(HandState.new("taiwanese-lrc", random.Random(3)).observation(1))
    0
    """
    if not obs.pond:
        return sum([len(ds) for ds in obs.discards])
    made = sum(obs.pond)
    for ms in obs.melds:
        for m in ms:
            if m.claimed is not None:
                made += 1
    return made


_LEFT: Final[tuple[int, ...]] = (4, 3, 2, 1, 0, 0, 0, 0, 0, 0)
"""Copies left unseen of a kind seen ``n`` times (never below none). Typed as a tuple of
any length: the compiled build keeps a tuple of fixed length unboxed and builds it anew
as a Python tuple at every look-up by a variable index (34 times a decision)."""


def live_useful(
    counts: tuple[int, ...],
    melds: int,
    unseen: Sequence[int],
    forms: frozenset[Form] | None,
    known: int | None = None,
) -> int:
    """Unseen copies of the tiles that would bring this waiting-size hand closer.

    The standard form is read straight from the suit tables; when another form of the
    ruleset is closer, the tiles `mahjongkit.shanten.useful_tiles` names count (Seven
    Pairs directly: its single tiles). ``known`` is the hand's shanten when the caller
    has it already. See `live_useful_of_entries`, which this reads the counts for.

    >>> nine_gates = (3, 1, 1, 1, 1, 1, 1, 1, 3) + (0,) * 25
    >>> live_useful(nine_gates, 0, (1,) * 34, None)  # waits on all nine, one of each unseen
    9
    """
    return live_useful_of_entries(group_entries(counts), melds, unseen, forms, known)


def live_useful_of_entries(
    es: GroupEntries,
    melds: int,
    unseen: Sequence[int],
    forms: frozenset[Form] | None,
    known: int | None = None,
) -> int:
    """`live_useful` of the hand whose groups have these table entries (see
    `mahjongkit.shanten.group_entries`): a caller trying several discards changes one
    group's entry (`discard_entries`) instead of reading the whole hand again.

    >>> from mahjongkit.shanten import group_entries
    >>> es = group_entries((3, 1, 1, 1, 1, 1, 1, 1, 3) + (0,) * 25)
    >>> live_useful_of_entries(es, 0, (1,) * 34, None)
    9
    """
    e0, e1, e2, eh = es
    tiles = e0.tiles + e1.tiles + e2.tiles + eh.tiles
    need = (16 if tiles + 3 * melds >= 16 else 13) // 3 - melds
    table = TABLES.shanten_table
    c01, c23 = TABLES.combine(e0.cls, e1.cls), TABLES.combine(e2.cls, eh.cls)
    current = table[TABLES.combine(c01, c23)][need]
    least = shanten_of_entries(es, melds, forms) if known is None else known
    if least < current:
        if melds == 0 and need == 4 and 6 - e0.pairs - e1.pairs - e2.pairs - eh.pairs == least:
            # Seven Pairs is the closer form: its useful tiles are the single ones (a
            # knitted form as close as well is not counted: a tie-break, not a rule).
            total = 0
            for base, entry in ((0, e0), (9, e1), (18, e2), (27, eh)):
                if entry.hist[1]:
                    for rank, c in enumerate(entry.key):
                        if c == 1:
                            total += unseen[base + rank]
            return total
        return useful_count_of_entries(es, melds, unseen, forms, least)
    total = 0
    for base, entry, other in (
        (0, e0, TABLES.combine(e1.cls, c23)),
        (9, e1, TABLES.combine(e0.cls, c23)),
        (18, e2, TABLES.combine(c01, eh.cls)),
        (27, eh, TABLES.combine(c01, e2.cls)),
    ):
        for rank in TABLES.regular_gains(entry, other, need):
            total += unseen[base + rank]
    return total


_REST: Final = tuple(
    tuple(tuple(x for x in range(4) if x not in (g, h)) for h in range(4)) for g in range(4)
)
"""``_REST[g][h]``: the two groups other than ``g`` and ``h``."""


def useful_after_discards(
    es: GroupEntries,
    tiles: Sequence[int],
    melds: int,
    unseen: Sequence[int],
    forms: frozenset[Form] | None,
    least: int,
) -> list[int]:
    """`live_useful_of_entries` after each discard of ``tiles``, every one of which
    leaves shanten ``least``: the classes of groups a discard leaves alone are combined
    once for all of them.

    >>> from mahjongkit.shanten import group_entries
    >>> es = group_entries((3, 1, 1, 1, 1, 1, 1, 1, 3, 1) + (0,) * 24)
    >>> useful_after_discards(es, [9], 0, (1,) * 34, None, 0)
    [9]
    """
    table = TABLES.shanten_table
    cls = [e.cls for e in es]
    pair = [[0] * 4 for _ in range(4)]
    for a in range(4):
        for b in range(a + 1, 4):
            pair[a][b] = pair[b][a] = TABLES.combine(cls[a], cls[b])
    three = []
    for g in range(4):
        h, a, b = (x for x in range(4) if x != g)
        three.append(TABLES.combine(cls[h], pair[a][b]))
    total_tiles = es[0].tiles + es[1].tiles + es[2].tiles + es[3].tiles - 1
    need = (16 if total_tiles + 3 * melds >= 16 else 13) // 3 - melds
    out = []
    shared: dict[int, int] = {}
    seen: tuple[int, ...] = tuple(unseen)  # as in `useful_of_ties`
    for t in tiles:
        g, rank = (t // 9, t % 9) if t < 27 else (3, t - 27)
        entry = es[g]
        if not entry.key[rank]:
            raise ValueError(f"no tile {t} to discard")
        less = TABLES.minus_one(entry, rank)
        other = three[g]
        if least < table[TABLES.combine(other, less.cls)][need]:
            # Another form is closer: read that form's tiles.
            out.append(live_useful_of_entries(discard_entries(es, t), melds, unseen, forms, least))
            continue
        base = 9 * g
        total = 0
        for r in TABLES.regular_gains(less, other, need):
            total += seen[base + r]
        # The other groups' useful tiles depend on this group's class only, which
        # discards of different tiles often share (two lone honours, say).
        code = less.cls << 2 | g  # the group and the class the discard leaves it
        found = shared.get(code)
        if found is None:
            # Its own name, an int: one that may be None is added through the interpreter.
            part = 0
            rest = _REST[g]
            for h in range(4):
                if h == g:
                    continue
                a, b = rest[h]
                c = TABLES.combine(pair[a][b], less.cls)
                base = 9 * h
                for r in TABLES.regular_gains(es[h], c, need):
                    part += seen[base + r]
            shared[code] = part
        else:
            part = found
        out.append(total + part)
    return out


_OTHERS: Final = ((1, 2, 3), (0, 2, 3), (0, 1, 3), (0, 1, 2))
"""The groups other than each group."""
_PAIR_OF: Final = ((-1, 0, 1, 2), (0, -1, 3, 4), (1, 3, -1, 5), (2, 4, 5, -1))
"""``_PAIR_OF[a][b]``: the index of groups ``a`` and ``b`` among the six pairs of groups."""
_BESIDE: Final = tuple(
    tuple(
        (h, _PAIR_OF[a][b]) for h in _OTHERS[g] for a, b in [tuple(x for x in _OTHERS[g] if x != h)]
    )
    for g in range(4)
)
"""For a group ``g``: each other group ``h`` with the pair index of the remaining two."""
_GROUP_PAIRS: Final[tuple[tuple[int, int], ...]] = ((0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3))
"""The six pairs of groups, in the order of their `_PAIR_OF` indices."""


def useful_of_ties(
    es: GroupEntries,
    tiles: Sequence[int],
    regular: Sequence[int],
    melds: int,
    unseen: Sequence[int],
    forms: frozenset[Form] | None,
    least: int,
) -> list[int]:
    """`useful_after_discards`, given ``regular``: the standard-form shanten after each
    discard, as `mahjongkit.shanten.discard_ties` gives it. A discard whose standard form
    is at ``least`` counts that form's useful tiles group by group; the groups it leaves
    alone depend only on the class it leaves its own group, shared between discards.

    >>> from mahjongkit.shanten import discard_ties, group_entries
    >>> es = group_entries((3, 1, 1, 1, 1, 1, 1, 1, 3, 1) + (0,) * 24)
    >>> least, ties, regular = discard_ties(es, 0)
    >>> useful_of_ties(es, [9], regular, 0, (1,) * 34, None, least)
    [9]
    """
    # Tuples of any length: the compiled build boxes a fixed-length tuple anew at each
    # look-up by a variable index.
    groups: tuple[SuitEntry, ...] = es
    cls: tuple[int, ...] = (es[0].cls, es[1].cls, es[2].cls, es[3].cls)
    held = es[0].tiles + es[1].tiles + es[2].tiles + es[3].tiles - 1
    need = (16 if held + 3 * melds >= 16 else 13) // 3 - melds
    out = []
    pairs: list[int] = []
    # The class of the three groups beside each group, read at its first tied discard.
    beside_class = [-1, -1, -1, -1]
    shared: dict[int, int] = {}
    singles = -1
    keys: tuple[int, ...] = ()
    seven = 0
    # Read as a tuple: the compiled build reads a sequence's items through the generic
    # protocol (a tuple is passed on as it is).
    seen: tuple[int, ...] = tuple(unseen)
    nico: list[int] | None = None
    for t in tiles:
        if regular[t] != least:  # another form is closer: read that form's tiles
            if need == 4 and melds == 0:
                if not keys:
                    keys = es[0].key + es[1].key + es[2].key + es[3].key
                    seven = 6 - es[0].pairs - es[1].pairs - es[2].pairs - es[3].pairs
                n = keys[t]
                if seven + (n == 2 or n == 4) == least:
                    # Seven Pairs, as `live_useful_of_entries` reads it: the single
                    # tiles left, which the discard changes by its own kind only.
                    if singles < 0:
                        singles = sum(seen[u] for u in range(NUM_KINDS) if keys[u] == 1)
                    out.append(singles - (n == 1) * seen[t] + (n == 2) * seen[t])
                    continue
                # Not Seven Pairs: `live_useful_of_entries` would read the standard form
                # (``regular[t]``, above the least) again only to come here.
                after = discard_entries(es, t)
                out.append(useful_count_of_entries(after, melds, unseen, forms, least))
                continue
            if need == 5 and melds == 0 and forms is None:
                if nico is None:
                    # Nico Nico alone at ``least``: read for every discard at once.
                    nico = _useful_16_nico(es, least, unseen) or []
                if nico and nico[t] >= 0:
                    out.append(nico[t])
                    continue
            after = discard_entries(es, t)
            if need == 5 and melds == 0 and forms is None:
                found = _useful_16_closer(after, regular[t], least, unseen)
                if found >= 0:
                    out.append(found)
                    continue
            out.append(live_useful_of_entries(after, melds, unseen, forms, least))
            continue
        if not pairs:
            for a, b in _GROUP_PAIRS:
                pairs.append(TABLES.combine(cls[a], cls[b]))
        if t < 27:
            g, rank = t // 9, t % 9
        else:
            g, rank = 3, t - 27
        # Only the tied ranks' entries one tile down are needed: built one by one.
        less = TABLES.minus_one(groups[g], rank)
        lc = less.cls
        beside = _BESIDE[g]
        other = beside_class[g]
        if other < 0:
            # The other three groups: one of them with the pair of the other two.
            h0, p0 = beside[0]
            other = beside_class[g] = TABLES.combine(cls[h0], pairs[p0])
        total = 0
        base = 9 * g
        for r in TABLES.regular_gains(less, other, need):
            total += seen[base + r]
        code = lc << 2 | g  # as in `useful_after_discards`
        read = shared.get(code)
        if read is None:
            part = 0
            for h, p in beside:
                base = 9 * h
                for r in TABLES.regular_gains(groups[h], TABLES.combine(pairs[p], lc), need):
                    part += seen[base + r]
            shared[code] = part
        else:
            part = read
        out.append(total + part)
    return out


def useful_kinds_of_ties(
    es: GroupEntries,
    tiles: Sequence[int],
    regular: Sequence[int],
    melds: int,
    least: int,
) -> list[list[int] | None]:
    """The tiles `useful_of_ties` counts after each discard of ``tiles`` (``regular``: as
    `mahjongkit.shanten.discard_ties` gives it), as kinds rather than unseen copies,
    where the standard form is at ``least`` after the discard; None where it is not.
    Where no other form is as close, these are the discard's
    `mahjongkit.shanten.useful_tiles`.

    >>> from mahjongkit.shanten import discard_ties, group_entries
    >>> es = group_entries((3, 1, 1, 1, 1, 1, 1, 1, 3, 1) + (0,) * 24)
    >>> least, ties, regular = discard_ties(es, 0)
    >>> useful_kinds_of_ties(es, [9], regular, 0, least)
    [[0, 1, 2, 3, 4, 5, 6, 7, 8]]
    """
    groups: tuple[SuitEntry, ...] = es
    cls: tuple[int, ...] = (es[0].cls, es[1].cls, es[2].cls, es[3].cls)
    held = es[0].tiles + es[1].tiles + es[2].tiles + es[3].tiles - 1
    need = (16 if held + 3 * melds >= 16 else 13) // 3 - melds
    out: list[list[int] | None] = []
    pairs: list[int] = []
    shared: dict[int, list[int]] = {}
    for t in tiles:
        if regular[t] != least:
            out.append(None)
            continue
        if not pairs:
            for a, b in _GROUP_PAIRS:
                pairs.append(TABLES.combine(cls[a], cls[b]))
        if t < 27:
            g, rank = t // 9, t % 9
        else:
            g, rank = 3, t - 27
        # As `useful_of_ties`: the discard's own group, then the three others, which
        # depend only on the class the discard leaves its group.
        less = TABLES.minus_one(groups[g], rank)
        lc = less.cls
        beside = _BESIDE[g]
        h0, p0 = beside[0]
        other = TABLES.combine(cls[h0], pairs[p0])
        base = 9 * g
        kinds = [base + r for r in TABLES.regular_gains(less, other, need)]
        code = lc << 2 | g
        part = shared.get(code)
        if part is None:
            part = []
            for h, p in beside:
                base = 9 * h
                for r in TABLES.regular_gains(groups[h], TABLES.combine(pairs[p], lc), need):
                    part.append(base + r)
            shared[code] = part
        kinds.extend(part)
        out.append(kinds)
    return out


def least_discards(
    counts: tuple[int, ...],
    melds: int,
    unseen: Sequence[int],
    forms: frozenset[Form] | None,
    allowed: frozenset[int] | None = None,
    es: GroupEntries | None = None,
) -> tuple[int, list[int], list[int]]:
    """The least shanten a discard (of ``allowed``, default any held kind) leaves a hand
    holding a tile too many, the discards that leave it (in tile order) and the unseen
    useful tiles each of them leaves. ``es``: the hand's `group_entries`, when the
    caller has them.

    The hand's groups are read from the tables once; every discard changes one group,
    so all shanten values come from that group's neighbours in one pass (under the
    default forms, the standard form's for all discards at once: `discard_ties`).

    >>> least_discards((1, 1, 1, 1) + (0,) * 8 + (2,) * 5 + (0,) * 17, 0, (1,) * 34, None)
    (0, [0, 3], [4, 4])
    """
    if es is None:
        es = group_entries(counts)
    found = discard_ties(es, melds, allowed) if forms is None else None
    if found is not None:
        least, best, regular = found
        return least, best, useful_of_ties(es, best, regular, melds, unseen, forms, least)
    after = discard_shanten(counts, melds, forms, es)
    least = 99
    best = []
    for t in range(NUM_KINDS):
        s = after[t]
        if s > least or s == 99 or (allowed is not None and t not in allowed):
            continue
        if s < least:
            least = s
            best = [t]
        else:
            best.append(t)
    return least, best, useful_after_discards(es, best, melds, unseen, forms, least)


def kept_shanten(es: GroupEntries, suit: int, honours: bool, sets: int) -> int:
    """`mahjongkit.shanten.regular_shanten` of the tiles of one ``suit`` (0, 1 or 2) of
    the hand whose groups have these entries, and of its honours if ``honours``: what a
    flush of that suit keeps, read from the groups' classes without building its tiles.

    >>> es = group_entries((1, 1, 1) + (0,) * 24 + (2,) + (0,) * 6)  # 123m EE
    >>> kept_shanten(es, 0, True, 1), kept_shanten(es, 0, False, 1), kept_shanten(es, 1, True, 1)
    (-1, 0, 1)
    """
    empty = TABLES.suit(_NO_SUIT).cls
    return TABLES.shanten_of(
        TABLES.combine_all(
            es[0].cls if suit == 0 else empty,
            es[1].cls if suit == 1 else empty,
            es[2].cls if suit == 2 else empty,
            es[3].cls if honours else TABLES.honors(_NO_HONOURS).cls,
        ),
        sets,
    )


_NO_SUIT: Final = (0,) * 9
_NO_HONOURS: Final = (0,) * 7


def discard_entries(es: GroupEntries, tile: int) -> GroupEntries:
    """The group entries of the hand with one ``tile`` fewer (which it must hold).

    >>> from mahjongkit.shanten import group_entries
    >>> [e.tiles for e in discard_entries(group_entries((1,) * 9 + (0,) * 25), 4)]
    [8, 0, 0, 0]
    """
    group, rank = (tile // 9, tile % 9) if tile < 27 else (3, tile - 27)
    entry = es[group]
    if not entry.key[rank]:
        raise ValueError(f"no tile {tile} to discard")
    # The one entry asked for, not all the group's neighbours (see `SuitTables.minus_one`).
    return with_entry(es, group, TABLES.minus_one(entry, rank))


def plus_entries(es: GroupEntries, tile: int) -> GroupEntries:
    """The group entries of the hand with one ``tile`` more (of which it holds three at
    most).

    >>> from mahjongkit.shanten import group_entries
    >>> [e.tiles for e in plus_entries(group_entries((1,) * 9 + (0,) * 25), 27)]
    [9, 0, 0, 1]
    """
    group, rank = (tile // 9, tile % 9) if tile < 27 else (3, tile - 27)
    entry = es[group]
    if entry.key[rank] >= 4:
        raise ValueError(f"four of tile {tile} held already")
    # The one entry asked for, not all the group's neighbours (see `SuitTables.plus_one`).
    return with_entry(es, group, TABLES.plus_one(entry, rank))


def with_entry(es: GroupEntries, group: int, entry: SuitEntry) -> GroupEntries:
    """``es`` with the entry of ``group`` (0-2 the suits, 3 the honours) replaced."""
    if group == 0:
        return entry, es[1], es[2], es[3]
    if group == 1:
        return es[0], entry, es[2], es[3]
    if group == 2:
        return es[0], es[1], entry, es[3]
    return es[0], es[1], es[2], entry


def after_discard(counts: tuple[int, ...], tile: int) -> tuple[int, ...]:
    """The counts with one ``tile`` fewer."""
    out = list(counts)  # a list changed and made a tuple: faster than joining slices
    out[tile] = out[tile] - 1
    return tuple(out)


def after_taking(counts: tuple[int, ...], tiles: Sequence[int]) -> tuple[int, ...]:
    """The counts with ``tiles`` removed (the hand's share of a claimed meld)."""
    out = list(counts)
    for t in tiles:
        out[t] = out[t] - 1
    return tuple(out)


_PUNG, _KONG, _CHOW = ActionKind.PUNG, ActionKind.KONG, ActionKind.CHOW
"""Enum members as module names: looking one up on its class costs ten times as much."""


def claim_tiles(action: Action, tile: int) -> tuple[int, ...]:
    """The concealed tiles a claim of ``tile`` uses."""
    k = action.kind
    if k is _PUNG:
        return (tile, tile)
    if k is _KONG:
        return (tile, tile, tile)
    if k is _CHOW:
        return tuple(x for x in (action.tile, action.tile + 1, action.tile + 2) if x != tile)
    return ()


__all__ = [
    "HandView",
    "after_discard",
    "after_taking",
    "claim_tiles",
    "discard_entries",
    "discards_made",
    "forms_argument",
    "kept_shanten",
    "least_discards",
    "live_useful",
    "live_useful_of_entries",
    "plus_entries",
    "unseen_counts",
    "useful_after_discards",
    "useful_kinds_of_ties",
    "useful_of_ties",
    "with_entry",
]
