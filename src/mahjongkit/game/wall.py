"""The wall: shuffle, the physical build, dice and break, the deal, draws and replacements.

The four walls make a ring of stacks of two (top and bottom). Stacks are numbered
clockwise around the table, each player's wall from its right-hand end: East's wall,
then North's, West's and South's. The break is counted from the right-hand end of the
breaking player's wall (seed 000 line 39; seed 004 line 69); tiles are dealt and drawn
clockwise from the break, and replacements for kongs and flowers come from the other
side of the break, the back end (seed 000 lines 48, 64; seed 004 line 98).

A position is ``2 * stack + level`` (level 0 the top tile, 1 the bottom).

A per-seat wall (``wall_layout = "per_seat"``, the Botzone judge, main.cpp l.645-650) is
the shuffled set cut into four equal parts in position order, seat 0's first: a seat is
dealt from the end of its own part and draws from it (replacements too), going towards
its start, so the judge's shuffled tile list gives the same hands and draws here.

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
from typing import Self

from mahjongkit.errors import MahjongError
from mahjongkit.rules.play import PlayRules
from mahjongkit.rules.ruleset import Ruleset
from mahjongkit.tiles import FLOWERS, IS_FLOWER, NUM_KINDS, Tile

RING_SEATS = (0, 3, 2, 1)
"""Whose wall comes next going clockwise from East's: North's, West's, South's."""


class InvalidWallError(MahjongError, ValueError):
    """A wall that cannot be built: wrong tiles, wrong dice, or an arrangement that does
    not fit."""


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


class WallCount:
    """What every player can count of a wall: the tiles left in it, the tiles kept back
    when the hand is drawn, and in a per-seat wall the tiles left in each seat's part. The
    rules of play ask only these, whether a seat can still draw (`can_draw`); `Wall` is
    one, and a seat's position (`mahjongkit.game.position`) keeps one by counting the tiles
    it sees dealt and drawn.

    >>> count = WallCount(20, 16)
    >>> count.live, count.can_draw(0), count.can_draw_in_turn((0, 1, 2, 3, 0))
    (4, True, False)
    >>> WallCount(3, 0, (0, 1, 1, 1)).can_draw(0)
    False
    """

    __slots__ = ("_left", "remaining", "reserve")

    def __init__(self, remaining: int, reserve: int, parts: Sequence[int] = ()) -> None:
        self.remaining = remaining
        """Tiles left in the wall, the dead wall included."""
        self.reserve = reserve
        """Tiles that stay in the wall when the hand is drawn."""
        self._left: list[int] | None = list(parts) if parts else None
        """Per seat, the tiles left in its own part of a per-seat wall; None for a shared
        wall."""

    @classmethod
    def full(cls, rules: PlayRules) -> Self:
        """The count of a whole set before the deal."""
        size = len(_FULL_SETS[rules.uses_flowers])
        parts = [len(p) for p in _part_order(size)] if rules.wall_layout == "per_seat" else []
        return cls(size, rules.reserve_tiles, parts)

    @property
    def live(self) -> int:
        """Tiles that may still be drawn or taken as replacements before the hand is drawn
        (in a per-seat wall, in the four parts together)."""
        return self.remaining - self.reserve

    @property
    def parts_left(self) -> tuple[int, ...]:
        """Per seat, the tiles left in its own part of a per-seat wall; empty for a shared
        wall (everyone draws from the same live wall)."""
        left = self._left
        return () if left is None else (left[0], left[1], left[2], left[3])

    def can_draw(self, seat: int) -> bool:
        """True when ``seat`` may still draw a tile (a replacement too): the live wall is
        not empty, or in a per-seat wall the seat's own part is not."""
        left = self._left
        if left is None:
            return self.remaining > self.reserve
        return left[seat] > 0

    def can_draw_in_turn(self, seats: Sequence[int]) -> bool:
        """True when the wall holds a draw for each of ``seats`` in turn: a shared wall
        one live tile each, a per-seat wall as many in each seat's own part as it is named.

        >>> from mahjongkit.rules.ruleset import get_ruleset
        >>> wall = Wall.shuffled(get_ruleset("mcr"), random.Random(1))
        >>> wall.can_draw_in_turn((0, 1)), wall.parts_left
        (True, ())
        """
        left = self._left
        if left is None:
            return self.remaining - self.reserve >= len(seats)
        return all(left[s] >= seats.count(s) for s in seats)


class Wall(WallCount):
    """A built wall with its dice and break, and the tiles taken from it so far.

    The wall is mutable (tiles leave it); `copy` is cheap.
    """

    __slots__ = (
        "_back",
        "_bi",
        "_fi",
        "_front",
        "_parts",
        "_pi",
        "_taken",
        "break_stack",
        "dice",
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
        if rules.wall_layout == "per_seat":
            # Not broken: the dealer's part is simply the first (main.cpp l.645-650).
            self.thrower, self.break_stack = 0, 0
            self._parts: tuple[tuple[int, ...], ...] | None = _part_order(len(tiles))
            self._left = [len(part) for part in self._parts]
        else:
            self.thrower, self.break_stack = break_of(rules, dice)
            self._parts = None
            self._left = None
        self._pi = [0, 0, 0, 0]
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
        seat_draws: Sequence[Sequence[Tile]] = (),
        rng: random.Random | None = None,
    ) -> Wall:
        """A wall built so that the deal gives ``hands`` (East first, in the order dealt),
        the live wall then yields ``draws`` and the back end ``replacements``; a per-seat
        wall gives each seat ``seat_draws[seat]`` from its own part instead (its draws and
        replacements alike, in the order taken).

        The other tiles fill the rest, flowers deepest in the wall, so a test sees only
        the tiles it names until it runs past them; with ``rng``, shuffled with it instead
        (a wall whose past is known and whose future is not:
        `mahjongkit.game.sampling`).

        >>> from mahjongkit.rules.ruleset import get_ruleset
        >>> w = Wall.arranged(get_ruleset("mcr"), [[0] * 4 + [1] * 4 + [2] * 4 + [3, 4]],
        ...                   draws=[33], replacements=[34])
        >>> w.deal()[0][:3], w.draw(), w.draw_replacement()
        ([0, 0, 0], 33, 34)
        """
        rules = ruleset if isinstance(ruleset, PlayRules) else ruleset.play
        if dice is None:
            dice = [[1] * rules.dice_count for _ in range(rules.dice_throws)]
        if rules.wall_layout == "per_seat":
            if draws or replacements:
                raise InvalidWallError(
                    "a per-seat wall has no live end or back end: give seat_draws"
                )
            return cls._arranged_parts(rules, hands, seat_draws, dice, rng)
        if seat_draws:
            raise InvalidWallError("seat_draws are for a per-seat wall; give draws")
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
        rest = _rest(pool, rng)
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
        for pos, tile in zip(order, rest, strict=True):
            slots[pos] = tile
        tiles = [t for t in slots if t is not None]
        return cls(rules, tiles, dice)

    @classmethod
    def _arranged_parts(
        cls,
        rules: PlayRules,
        hands: Sequence[Sequence[Tile]],
        seat_draws: Sequence[Sequence[Tile]],
        dice: Sequence[Sequence[int]],
        rng: random.Random | None = None,
    ) -> Wall:
        """`arranged` for a per-seat wall."""
        size = len(full_set(rules.uses_flowers))
        parts = _part_order(size)
        plan = _part_deal_plan(rules.hand_size, size)
        if len(hands) > 4 or len(seat_draws) > 4:
            raise InvalidWallError("at most four hands and four seats' draws")
        pool: dict[Tile, int] = {}
        for t in full_set(rules.uses_flowers):
            pool[t] = pool.get(t, 0) + 1
        slots: list[Tile | None] = [None] * size

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
        for seat, draws in enumerate(seat_draws):
            free = parts[seat][len(plan[seat]) :]
            if len(draws) > len(free):
                raise InvalidWallError(f"seat {seat}'s part holds {len(free)} draws, not more")
            for pos, tile in zip(free, draws, strict=False):
                put(pos, tile)
        rest = _rest(pool, rng)
        # Free places in the order the four parts reach them, flowers last (deepest).
        order = [part[i] for i in range(len(parts[0])) for part in parts if slots[part[i]] is None]
        for pos, tile in zip(order, rest, strict=True):
            slots[pos] = tile
        return cls(rules, [t for t in slots if t is not None], dice)

    def copy(self) -> Wall:
        """An independent copy (the tile order is shared, it never changes)."""
        other = Wall.__new__(Wall)
        for name in (*WallCount.__slots__, *Wall.__slots__):
            setattr(other, name, getattr(self, name))
        other._taken = bytearray(self._taken)
        other._pi = list(self._pi)
        if self._left is not None:
            other._left = list(self._left)
        return other

    # -- the deal -------------------------------------------------------------------
    def _deal_positions(self) -> list[list[int]]:
        """The positions each seat is dealt, in the order taken."""
        return [list(p) for p in self._deal_plan()]

    def _deal_plan(self) -> tuple[tuple[int, ...], ...]:
        """The same, shared between walls broken at the same stack (it never changes)."""
        rules = self.rules
        if self._parts is not None:
            return _part_deal_plan(rules.hand_size, len(self.tiles))
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
        left = self._left
        if left is not None:
            for seat, hand in enumerate(hands):
                left[seat] -= len(hand)
        return hands

    # -- draws ----------------------------------------------------------------------
    def draw(self, seat: int = 0) -> Tile:
        """The next tile from the live end (clockwise from the break); in a per-seat wall,
        the next tile of ``seat``'s own part."""
        if self._left is not None:
            return self._draw_part(seat)
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

    def draw_replacement(self, seat: int = 0) -> Tile:
        """The next replacement tile from the back end, top tile of a stack first; in a
        per-seat wall, the next tile of ``seat``'s own part (main.cpp l.229, l.292, l.537:
        after a kong the seat draws again)."""
        if self._left is not None:
            return self._draw_part(seat)
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

    def _draw_part(self, seat: int) -> Tile:
        """The next tile of ``seat``'s part of a per-seat wall."""
        left, parts = self._left, self._parts
        assert left is not None and parts is not None
        if not 0 <= seat < 4:
            raise InvalidWallError(f"no seat {seat} (seats are 0..3)")
        if left[seat] <= 0:
            raise InvalidWallError(f"seat {seat}'s part of the wall is empty")
        taken, part = self._taken, parts[seat]
        i = self._pi[seat]
        while taken[part[i]]:
            i += 1
        pos = part[i]
        taken[pos] = 1
        self._pi[seat] = i + 1
        left[seat] -= 1
        self.remaining -= 1
        return self.tiles[pos]

    def untaken(self) -> list[Tile]:
        """The tiles still in the wall (in position order, for accounting)."""
        return [t for p, t in enumerate(self.tiles) if not self._taken[p]]

    def reshuffled(self, rng: random.Random) -> Wall:
        """A copy whose tiles still in the wall are shuffled again with ``rng``: the hand
        so far unchanged, the luck of the draws from here drawn anew.

        >>> from mahjongkit.rules.ruleset import get_ruleset
        >>> wall = Wall.shuffled(get_ruleset("mcr"), random.Random(7))
        >>> hands = wall.deal()
        >>> again = wall.reshuffled(random.Random(1))
        >>> sorted(again.untaken()) == sorted(wall.untaken()), again.remaining
        (True, 91)
        >>> again.untaken() != wall.untaken()
        True
        """
        other = self.copy()
        places = [p for p in range(len(self.tiles)) if not self._taken[p]]
        rest = [self.tiles[p] for p in places]
        rng.shuffle(rest)
        tiles = list(self.tiles)
        for p, t in zip(places, rest, strict=True):
            tiles[p] = t
        other.tiles = tuple(tiles)
        return other


def _rest(pool: dict[Tile, int], rng: random.Random | None) -> list[Tile]:
    """The tiles an arranged wall is not told where to put, in the order they fill its
    free places: flowers last, or shuffled with ``rng``."""
    rest = [t for t in sorted(pool) for _ in range(pool[t])]
    if rng is not None:
        rng.shuffle(rest)
        return rest
    return [t for t in rest if not IS_FLOWER[t]] + [t for t in rest if IS_FLOWER[t]]


_SORTED_SETS = {flowers: sorted(full_set(flowers)) for flowers in (True, False)}


@cache
def _ends(stacks: int, first: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The positions in drawing order from the live end and from the back end, for a
    ring of ``stacks`` stacks broken before stack ``first``."""
    front = tuple(2 * ((first + i) % stacks) + level for i in range(stacks) for level in (0, 1))
    back = tuple(2 * ((first - 1 - i) % stacks) + level for i in range(stacks) for level in (0, 1))
    return front, back


@cache
def _part_order(size: int) -> tuple[tuple[int, ...], ...]:
    """Each seat's positions of a per-seat wall of ``size`` tiles in the order taken: the
    seat's quarter of the positions, from its end (the judge deals and draws with
    ``pop_back``, main.cpp l.389-390, l.423-424).

    >>> [part[:2] for part in _part_order(136)]
    [(33, 32), (67, 66), (101, 100), (135, 134)]
    """
    part = size // 4
    return tuple(tuple(range(part * (seat + 1) - 1, part * seat - 1, -1)) for seat in range(4))


@cache
def _part_deal_plan(hand_size: int, size: int) -> tuple[tuple[int, ...], ...]:
    """The positions each seat is dealt from its part of a per-seat wall: the hand size
    each, the dealer one more (its first draw, main.cpp l.387, l.413-424)."""
    parts = _part_order(size)
    return tuple(part[: hand_size + (1 if seat == 0 else 0)] for seat, part in enumerate(parts))


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


__all__ = ["RING_SEATS", "InvalidWallError", "Wall", "WallCount", "break_of", "full_set"]
