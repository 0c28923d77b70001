"""The wall: shuffle, the physical build, dice and break, the deal, draws and replacements.

The four walls make a ring of stacks of two (top and bottom). Stacks are numbered
clockwise around the table, each player's wall from its right-hand end: East's wall,
then North's, West's and South's. The break is counted from the right-hand end of the
breaking player's wall (seed 000 line 39; seed 004 line 69); tiles are dealt and drawn
clockwise from the break, and replacements for kongs and flowers come from the other
side of the break, the back end (seed 000 lines 48, 64; seed 004 line 98).

A position is ``2 * stack + level`` (level 0 the top tile, 1 the bottom).

>>> import random
>>> from mahjongkit.rules.ruleset import get_ruleset
>>> wall = Wall.shuffled(get_ruleset("mcr"), random.Random(7))
>>> len(wall.tiles), wall.remaining
(144, 144)
>>> hands = wall.deal()
>>> [len(h) for h in hands], wall.remaining
([14, 13, 13, 13], 91)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache

from mahjongkit.errors import MahjongError
from mahjongkit.rules.play import PlayRules
from mahjongkit.rules.ruleset import Ruleset
from mahjongkit.tiles import FLOWERS, IS_FLOWER, NUM_KINDS, Tile

RING_SEATS = (0, 3, 2, 1)
"""Whose wall comes next going clockwise from East's: North's, West's, South's."""


class InvalidWallError(MahjongError, ValueError):
    """A wall that cannot be built: wrong tiles, wrong dice, or an arrangement that does
    not fit."""


def _shuffle(rng: random.Random, tiles: list[Tile]) -> None:
    """``rng.shuffle(tiles)``, step for step the same draws from the generator and the same
    order, written out: each step of `random.Random.shuffle` makes two Python calls
    (``_randbelow``), and a wall has 144 steps.

    >>> a, b = list(range(144)), list(range(144))
    >>> random.Random(3).shuffle(a); _shuffle(random.Random(3), b); a == b
    True
    """
    getrandbits = rng.getrandbits
    for i, n, k in _shuffle_steps(len(tiles)):
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        tiles[i], tiles[j] = tiles[j], tiles[i]


@cache
def _shuffle_steps(size: int) -> tuple[tuple[int, int, int], ...]:
    """`_shuffle`'s steps: the place filled, how many places it draws from, and the bits
    drawn for that (as `random.Random._randbelow` draws them)."""
    return tuple((i, i + 1, (i + 1).bit_length()) for i in range(size - 1, 0, -1))


def full_set(uses_flowers: bool = True) -> list[Tile]:
    """The tiles of a set in order: four of each of the 34 kinds, then the 8 flowers.

    >>> len(full_set()), len(full_set(False))
    (144, 136)
    """
    return list(_FULL_SETS[uses_flowers])


_FULL_SETS = {
    flowers: (*(t for t in range(NUM_KINDS) for _ in range(4)), *(FLOWERS if flowers else ()))
    for flowers in (False, True)
}


class Wall:
    """A built wall with its dice and break, and the tiles taken from it so far.

    The wall is mutable (tiles leave it); `copy` is cheap.
    """

    __slots__ = (
        "_back",
        "_bi",
        "_fi",
        "_front",
        "_taken",
        "break_stack",
        "dice",
        "remaining",
        "reserve",
        "rules",
        "thrower",
        "tiles",
    )

    def __init__(
        self, rules: PlayRules, tiles: Sequence[Tile], dice: Sequence[Sequence[int]]
    ) -> None:
        expected = _SORTED_SETS[rules.uses_flowers]
        if len(tiles) != len(expected) or sorted(tiles) != expected:
            raise InvalidWallError(
                f"a wall needs exactly the {len(expected)} tiles of the set, each once"
            )
        dice_t = tuple(tuple(int(d) for d in throw) for throw in dice)
        if len(dice_t) != rules.dice_throws or any(
            len(throw) != rules.dice_count or not all(1 <= d <= 6 for d in throw)
            for throw in dice_t
        ):
            raise InvalidWallError(
                f"dice must be {rules.dice_throws} throw(s) of {rules.dice_count} dice 1..6,"
                f" not {dice}"
            )
        self._build(rules, tuple(tiles), dice_t)

    def _build(
        self, rules: PlayRules, tiles: tuple[Tile, ...], dice: tuple[tuple[int, ...], ...]
    ) -> None:
        """Set the wall up from tiles and dice known to be right."""
        self.rules = rules
        self.tiles: tuple[Tile, ...] = tiles
        self.dice: tuple[tuple[int, ...], ...] = dice
        self.thrower, self.break_stack = break_of(rules, dice)
        self._front, self._back = _ends(len(self.tiles) // 2, self.break_stack)
        self._taken = bytearray(len(self.tiles))
        self._fi = 0
        self._bi = 0
        self.remaining = len(self.tiles)
        self.reserve = rules.reserve_tiles

    # -- construction ---------------------------------------------------------------
    @classmethod
    def shuffled(cls, ruleset: Ruleset | PlayRules, rng: random.Random) -> Wall:
        """A wall shuffled and its dice thrown with ``rng`` (never the global generator)."""
        rules = ruleset if isinstance(ruleset, PlayRules) else ruleset.play
        tiles = full_set(rules.uses_flowers)
        if type(rng) is random.Random:
            _shuffle(rng, tiles)
        else:
            rng.shuffle(tiles)
        dice = tuple(
            tuple(rng.randint(1, 6) for _ in range(rules.dice_count))
            for _ in range(rules.dice_throws)
        )
        # The shuffled set and thrown dice are right by construction: no checks needed.
        wall = cls.__new__(cls)
        wall._build(rules, tuple(tiles), dice)
        return wall

    @classmethod
    def arranged(
        cls,
        ruleset: Ruleset | PlayRules,
        hands: Sequence[Sequence[Tile]],
        draws: Sequence[Tile] = (),
        replacements: Sequence[Tile] = (),
        dice: Sequence[Sequence[int]] | None = None,
    ) -> Wall:
        """A wall built so that the deal gives ``hands`` (East first, in the order dealt),
        the live wall then yields ``draws`` and the back end ``replacements``.

        The other tiles fill the rest, flowers deepest in the wall, so a test sees only
        the tiles it names until it runs past them.

        >>> from mahjongkit.rules.ruleset import get_ruleset
        >>> w = Wall.arranged(get_ruleset("mcr"), [[0] * 4 + [1] * 4 + [2] * 4 + [3, 4]],
        ...                   draws=[33], replacements=[34])
        >>> w.deal()[0][:3], w.draw(), w.draw_replacement()
        ([0, 0, 0], 33, 34)
        """
        rules = ruleset if isinstance(ruleset, PlayRules) else ruleset.play
        if dice is None:
            dice = [[1] * rules.dice_count for _ in range(rules.dice_throws)]
        probe = cls(rules, full_set(rules.uses_flowers), dice)
        plan = probe._deal_positions()
        size = len(probe.tiles)
        slots: list[Tile | None] = [None] * size
        pool: dict[Tile, int] = {}
        for t in full_set(rules.uses_flowers):
            pool[t] = pool.get(t, 0) + 1
        if len(hands) > 4:
            raise InvalidWallError("at most four hands")

        def put(pos: int, tile: Tile) -> None:
            if pool.get(tile, 0) <= 0:
                raise InvalidWallError(f"the arrangement uses tile {tile} more than the set has")
            pool[tile] -= 1
            slots[pos] = tile

        for seat, hand in enumerate(hands):
            if len(hand) > len(plan[seat]):
                raise InvalidWallError(f"seat {seat} is dealt {len(plan[seat])} tiles, not more")
            for pos, tile in zip(plan[seat], hand, strict=False):
                put(pos, tile)
        taken = bytearray(size)
        for seat_plan in probe._deal_positions():
            for p in seat_plan:
                taken[p] = 1
        front = [p for p in probe._front if not taken[p]]
        back = [p for p in probe._back if not taken[p]]
        if len(draws) + len(replacements) > len(front):
            raise InvalidWallError("more draws and replacements than the wall holds")
        for pos, tile in zip(front, draws, strict=False):
            put(pos, tile)
        used_front = set(front[: len(draws)])
        back_free = [p for p in back if p not in used_front]
        for pos, tile in zip(back_free, replacements, strict=False):
            put(pos, tile)
        rest = [t for t in sorted(pool) for _ in range(pool[t])]
        plain = [t for t in rest if not IS_FLOWER[t]]
        flowers = [t for t in rest if IS_FLOWER[t]]
        # Fill free positions from both ends inwards, flowers last (deepest).
        free_front = [p for p in front if slots[p] is None]
        free_back = [p for p in back if slots[p] is None]
        free_deal = [p for seat_plan in plan for p in seat_plan if slots[p] is None]
        order: list[int] = free_deal
        seen = set(order)
        i = j = 0
        while i < len(free_front) or j < len(free_back):
            for source, k in ((free_front, i), (free_back, j)):
                if k < len(source) and source[k] not in seen:
                    order.append(source[k])
                    seen.add(source[k])
            i += 1
            j += 1
        order += [p for p in range(size) if slots[p] is None and p not in seen]
        for pos, tile in zip(order, plain + flowers, strict=True):
            slots[pos] = tile
        tiles = [t for t in slots if t is not None]
        return cls(rules, tiles, dice)

    def copy(self) -> Wall:
        """An independent copy (the tile order is shared, it never changes)."""
        other = Wall.__new__(Wall)
        for name in Wall.__slots__:
            setattr(other, name, getattr(self, name))
        other._taken = bytearray(self._taken)
        return other

    # -- the deal -------------------------------------------------------------------
    def _deal_positions(self) -> list[list[int]]:
        """The positions each seat is dealt, in the order taken."""
        return [list(p) for p in self._deal_plan()]

    def _deal_plan(self) -> tuple[tuple[int, ...], ...]:
        """The same, shared between walls broken at the same stack (it never changes)."""
        rules = self.rules
        return _deal_plan(
            rules.deal_one_and_three, rules.hand_size, len(self.tiles) // 2, self.break_stack
        )

    @staticmethod
    def _plan_deal(one_and_three: bool, hand_size: int, front: tuple[int, ...]) -> list[list[int]]:
        """Each seat's positions, taken along ``front`` (the live end's order)."""
        plan: list[list[int]] = [[], [], [], []]
        if one_and_three:
            # 4-4-4 (two stacks at a time), then the dealer takes the top of the first and
            # third stacks, South the bottom of the first, West the top of the second,
            # North its bottom (seed 000 line 44).
            k = 0
            for _ in range(3):
                for seat in range(4):
                    plan[seat] += front[k : k + 4]
                    k += 4
            s1, s2, s3 = k, k + 2, k + 4
            plan[0] += [front[s1], front[s3]]
            plan[1].append(front[s1 + 1])
            plan[2].append(front[s2])
            plan[3].append(front[s2 + 1])
            extra = hand_size - 13
            if extra:
                raise InvalidWallError("the one-and-three deal is for 13-tile hands")
        else:
            # Four at a time to the hand size, then the dealer one more (seed 004 lines 74-75).
            k = 0
            for _ in range(hand_size // 4):
                for seat in range(4):
                    plan[seat] += front[k : k + 4]
                    k += 4
            rest = hand_size % 4
            if rest:
                for seat in range(4):
                    plan[seat] += front[k : k + rest]
                    k += rest
            plan[0].append(front[k])
        return plan

    def deal(self) -> list[list[Tile]]:
        """Deal the hands (the dealer one tile more), taking the tiles from the wall."""
        hands: list[list[Tile]] = []
        taken, tiles = self._taken, self.tiles
        for seat_plan in self._deal_plan():
            for p in seat_plan:
                taken[p] = 1
            hands.append([tiles[p] for p in seat_plan])
        self.remaining -= sum(len(h) for h in hands)
        return hands

    # -- draws ----------------------------------------------------------------------
    @property
    def live(self) -> int:
        """Tiles that may still be drawn or taken as replacements before the hand is drawn."""
        return self.remaining - self.reserve

    def draw(self) -> Tile:
        """The next tile from the live end (clockwise from the break)."""
        if self.remaining <= self.reserve:
            raise InvalidWallError("the live wall is empty")
        taken, front = self._taken, self._front
        i = self._fi
        while taken[front[i]]:
            i += 1
        pos = front[i]
        taken[pos] = 1
        self._fi = i + 1
        self.remaining -= 1
        return self.tiles[pos]

    def draw_replacement(self) -> Tile:
        """The next replacement tile from the back end, top tile of a stack first."""
        if self.live <= 0:
            raise InvalidWallError("the live wall is empty")
        taken, back = self._taken, self._back
        i = self._bi
        while taken[back[i]]:
            i += 1
        pos = back[i]
        taken[pos] = 1
        self._bi = i + 1
        self.remaining -= 1
        return self.tiles[pos]

    def untaken(self) -> list[Tile]:
        """The tiles still in the wall (in position order, for accounting)."""
        return [t for p, t in enumerate(self.tiles) if not self._taken[p]]


_SORTED_SETS = {flowers: sorted(full_set(flowers)) for flowers in (True, False)}


@cache
def _ends(stacks: int, first: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The positions in drawing order from the live end and from the back end, for a
    ring of ``stacks`` stacks broken before stack ``first``."""
    front = tuple(2 * ((first + i) % stacks) + level for i in range(stacks) for level in (0, 1))
    back = tuple(2 * ((first - 1 - i) % stacks) + level for i in range(stacks) for level in (0, 1))
    return front, back


@cache
def _deal_plan(
    one_and_three: bool, hand_size: int, stacks: int, first: int
) -> tuple[tuple[int, ...], ...]:
    """The positions each seat is dealt, in the order taken (see `Wall._plan_deal`)."""
    plan = Wall._plan_deal(one_and_three, hand_size, _ends(stacks, first)[0])
    return tuple(tuple(p) for p in plan)


def break_of(rules: PlayRules, dice: Sequence[Sequence[int]]) -> tuple[int, int]:
    """The seat that breaks the wall and the first stack of the live wall.

    MCR (seed 000 lines 36-40): the dealer's throw counted counterclockwise from the
    dealer (5 or 9: the dealer) chooses who throws again; the two sums together count the
    stacks from the right-hand end of that player's wall. One throw (seed 001 line 20,
    seed 004 line 69): the sum counts both the wall and the stacks.

    >>> from mahjongkit.rules.ruleset import get_ruleset
    >>> mcr = get_ruleset("mcr").play
    >>> break_of(mcr, [[3, 4], [2, 2]])   # 7: West throws; 11 stacks into West's wall
    (2, 47)
    """
    first = sum(dice[0])
    thrower = (first - 1) % 4
    count = first + (sum(dice[1]) if len(dice) > 1 else 0)
    stacks = 4 * rules.wall_stacks_per_side
    start = RING_SEATS.index(thrower) * rules.wall_stacks_per_side
    return thrower, (start + count) % stacks


__all__ = ["RING_SEATS", "InvalidWallError", "Wall", "break_of", "full_set"]
