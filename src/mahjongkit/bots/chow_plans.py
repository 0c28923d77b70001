"""The `scorer` bot's MCR chow plans: three chows that make a fan, and how far a hand is
from them.

A plan is a fan of three chows (Mixed and Pure Straight, Mixed Triple Chow, Mixed and
Pure Shifted Chows) and its points; a hand is as far from it as the tiles its chows miss
plus the shanten of the rest (a set and a pair). The scorer asks `chow_value` of every
hand it values, so the plans are read once here, and the module is compiled with the
play loop (setup.py).

>>> len(CHOW_PLANS), CHOW_PLANS[6]
(70, ('pure_straight', 16, (0, 3, 6)))
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import permutations
from typing import Final

from mahjongkit.hand import CHOW, Meld
from mahjongkit.shanten import TABLES, group_entries
from mahjongkit.suit_tables import SuitEntry


def _chow_plans() -> tuple[tuple[str, int, tuple[int, int, int]], ...]:
    plans: list[tuple[str, int, tuple[int, int, int]]] = []
    for a, b, c in permutations(range(3)):
        plans.append(("mixed_straight", 8, (9 * a, 9 * b + 3, 9 * c + 6)))
    for s in range(3):
        plans.append(("pure_straight", 16, (9 * s, 9 * s + 3, 9 * s + 6)))
    for r in range(7):
        plans.append(("mixed_triple_chow", 8, (r, 9 + r, 18 + r)))
    for a, b, c in permutations(range(3)):
        for r in range(5):
            plans.append(("mixed_shifted_chows", 6, (9 * a + r, 9 * b + r + 1, 9 * c + r + 2)))
    for s in range(3):
        for r in range(5):
            plans.append(("pure_shifted_chows", 16, (9 * s + r, 9 * s + r + 1, 9 * s + r + 2)))
        for r in range(3):
            plans.append(("pure_shifted_chows", 16, (9 * s + r, 9 * s + r + 2, 9 * s + r + 4)))
    return tuple(plans)


CHOW_PLANS: Final = _chow_plans()
"""(fan, points, the three chows by their lowest tile) of the MCR chow plans."""


class ChowPlan:
    """A chow plan read once: what `chow_value` asks of it for every hand."""

    __slots__ = ("name", "needs", "overlap", "points", "starts")

    def __init__(self, name: str, points: int, starts: tuple[int, int, int]) -> None:
        self.name = name
        """The fan it plays for (`CHOW_PLANS`)."""
        self.points = points
        self.starts = starts
        tiles = [t for s in starts for t in (s, s + 1, s + 2)]
        self.needs: tuple[tuple[int, int], ...] = tuple(
            (t, tiles.count(t)) for t in sorted(set(tiles))
        )
        """(tile, copies) the three chows take: one of each tile but where they overlap
        (a Pure Shifted Chow's 123 234 345 takes two 2s and three 3s)."""
        self.overlap = len(self.needs) < 9
        """Some tile lies in two of its chows (only Pure Shifted Chows)."""


PLANS: Final = tuple(ChowPlan(name, pts, starts) for name, pts, starts in CHOW_PLANS)
"""`CHOW_PLANS` read, in their order."""


def chow_value(
    counts: tuple[int, ...],
    melds: Sequence[Meld],
    sets: int,
    unseen: Sequence[int],
    floor: int,
    minimum: int,
    q: float,
) -> tuple[float, str]:
    """The best of the chow plans' values ``q ** (d + 1) * worth`` for a waiting-size
    hand (``counts`` concealed, ``melds`` declared, ``sets`` more to make), ``d`` the
    plan's missing tiles plus the shanten of the rest, at least ``floor``; a plan with a
    missing tile all out (none ``unseen``) is dead, and a plan under the ``minimum``
    counts 8/11 of its points (it needs a second fan). With the value, the best plan's
    fan (``"none"`` when no plan is open).

    The plans are read in `CHOW_PLANS` order, and a plan is left out once its missing
    tiles alone cannot beat the best value so far. That is not quite a bound (the rest
    may be complete with its pair, one step less than its missing tiles), so the order is
    kept: it decides which plans count. The missing tiles are counted first, per chow,
    and the tiles the plan leaves only for the plans not left out.

    >>> hand = (1, 1, 1, 0, 0, 0, 0, 0, 0) * 3 + (2, 2) + (0,) * 5  # 123m 123p 123s EE SS
    >>> value, fan = chow_value(hand, (), 4, (4,) * 34, 0, 8, 0.4)
    >>> round(value, 4), fan  # a Mixed Triple Chow, missing nothing: 0.4 * 8
    (3.2, 'mixed_triple_chow')
    """
    chows = tuple([x.tile for x in melds if x.kind is CHOW])
    # Each chow's missing tiles (by its lowest tile), and whether one of them is all
    # out (none unseen): the plan is dead.
    held = [1 if c > 0 else 0 for c in counts]
    gone = [c == 0 and u == 0 for c, u in zip(counts, unseen, strict=True)]
    chow_missing = [3 - held[s] - held[s + 1] - held[s + 2] for s in range(27)]
    chow_dead = [gone[s] or gone[s + 1] or gone[s + 2] for s in range(27)]
    # What a plan missing k tiles could be worth per point, at best (k up to 5).
    reach = [q ** (max(k, floor) + 1) for k in range(6)]
    # The hand's groups, read once: a plan's rest is its suits less its chows' tiles.
    e0, e1, e2, eh = group_entries(counts)
    suits = (e0, e1, e2)
    honours = eh.cls
    best, name = 0.0, "none"
    open_plans = _open_plans(chows, len(melds) - len(chows), sets, minimum)
    for plan, worth, done, rest_sets, needs in open_plans:
        starts = plan.starts
        if done:
            missing, dead = _missing(counts, unseen, needs)
        else:
            a, b, c = starts
            missing = chow_missing[a] + chow_missing[b] + chow_missing[c]
            dead = chow_dead[a] or chow_dead[b] or chow_dead[c]
            if plan.overlap and not dead and missing <= 5 and reach[missing] * worth > best:
                # Chows sharing a tile: their own missing tiles were a floor (a tile
                # held once that two of them take is short once more).
                missing, dead = _missing(counts, unseen, needs)
        if dead or missing > 5 or reach[missing] * worth <= best:
            continue
        d = max(missing + _rest_shanten(suits, starts, done, honours, rest_sets), floor)
        v = q ** (d + 1) * worth
        if v > best:
            best, name = v, plan.name
    return best, name


def _rest_shanten(
    suits: tuple[SuitEntry, ...],
    starts: tuple[int, int, int],
    done: tuple[int, ...],
    honours: int,
    sets: int,
) -> int:
    """`mahjongkit.shanten.regular_shanten` of what a plan leaves of the hand (its three
    suits' entries ``suits`` and its honours' class): each chow not ``done`` takes what
    it finds of its tiles, read a tile at a time from the suit's entries."""
    rest = list(suits)
    for s in starts:
        if s in done:
            continue
        g = s // 9
        entry = rest[g]
        for rank in range(s % 9, s % 9 + 3):
            if entry.key[rank]:
                entry = TABLES.minus_one(entry, rank)
        rest[g] = entry
    return TABLES.shanten_of(
        TABLES.combine_all(rest[0].cls, rest[1].cls, rest[2].cls, honours), sets
    )


@lru_cache(maxsize=1024)
def _open_plans(
    chows: tuple[int, ...], others: int, sets: int, minimum: int
) -> tuple[tuple[ChowPlan, float, tuple[int, ...], int, tuple[tuple[int, int], ...]], ...]:
    """The chow plans a hand with these declared chows (their lowest tiles) and
    ``others`` declared sets, needing ``sets`` more, may still make, in their order: each
    with its worth (its points, 8/11 of them under the ``minimum``: it needs a second
    fan), the plan's chows already declared, the sets it leaves to make and the (tile,
    copies) its other chows take. A plan is closed by two declared sets that do not fit it
    (two declared chows of the same start both count as the plan's)."""
    out = []
    for plan in PLANS:
        done = tuple([s for s in plan.starts if s in chows])
        extra = others + sum([1 for c in chows if c not in plan.starts])
        rest_sets = sets - (3 - len(done))
        if rest_sets >= 0 and extra <= 1:
            pts = plan.points
            worth = float(pts) if pts >= minimum else pts * 8 / 11
            out.append((plan, worth, done, rest_sets, _needs(plan, done)))
    return tuple(out)


def _needs(plan: ChowPlan, done: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """(tile, copies) the chows of a plan not already declared (``done``) take."""
    if not done:
        return plan.needs
    tiles = [t for s in plan.starts if s not in done for t in (s, s + 1, s + 2)]
    return tuple((t, tiles.count(t)) for t in sorted(set(tiles)))


def _missing(
    counts: Sequence[int], unseen: Sequence[int], needs: tuple[tuple[int, int], ...]
) -> tuple[int, bool]:
    """The tiles a chow plan misses of what its chows still take (``needs``: tile and
    copies), and whether one of them is all out."""
    missing = 0
    dead = False
    for t, n in needs:
        short = n - counts[t]
        if short > 0:
            missing += short
            if not unseen[t]:
                dead = True
    return missing, dead


__all__ = ["CHOW_PLANS", "PLANS", "ChowPlan", "chow_value"]
