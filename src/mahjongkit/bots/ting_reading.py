"""Reading a called hand: how likely a tile is to complete a hand that called Ting.

Under Taiwanese rules a ready hand is called aloud and its waits stay hidden; the
discards lie in the centre, so what a player knows of a called hand is what it saw that
seat throw, in order, the tile it called on, its melds and the tiles still unseen
(`features`). The chance a tile completes the hand (`wait_chance`) is a logistic reading
of those, fitted on defenders' play (`scripts/ting_reader.py`: the waits of called hands
in 150 matches of four defenders, checked on 50 others): Brier score 0.0522 against
0.0539 for the defender's own `danger` and 0.0543 for the base rate alone, AUC 0.747
against 0.681 (the figures in docs/bots.md, "Reading a called hand").

>>> thrown = [27, 0, 8, 12, 4]          # East, 1 man, 9 man, 4 pin, then Ting on 5 man
>>> unseen = [4] * 34
>>> on_neighbour = wait_chance(unseen, thrown, 4, (), 5)  # 6 man: next to the Ting tile
>>> thrown_before = wait_chance(unseen, thrown, 4, (), 0)  # 1 man: it threw one
>>> on_neighbour > 0.08 > 0.01 > thrown_before
True
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from typing import Final

from mahjongkit.bots.defender import TAIWANESE_DEAL_IN
from mahjongkit.bots.hand_view import HandView
from mahjongkit.game.events import Event, EventKind
from mahjongkit.hand import Meld

CHANCE_UNITS: Final = 8.0
"""The defender's `mahjongkit.bots.defender.danger` counts in units of about one time in
eight: a chance read here is worth that many of its units."""

FEATURES: Final = (
    "1 or 9",
    "2 or 8",
    "3 or 7",
    "4 or 6",
    "5",
    "honour",
    "one unseen",
    "two unseen",
    "three unseen",
    "thrown before its Ting",
    "suji below thrown",
    "suji above thrown",
    "both suji thrown",
    "suji of a terminal-side tile thrown",
    "next to the Ting tile",
    "two from the Ting tile",
    "a neighbour thrown",
    "one two away thrown",
    "share of its throws in the suit",
    "none of its throws in the suit",
    "its first five throws in the suit",
    "in the one suit of its melds",
    "outside the one suit of its melds",
    "melds",
    "neighbours unseen",
    "tiles two away unseen",
    "shapes round it unseen",
    "throws before its Ting",
    "throws since its Ting",
)
"""What `features` gives of a tile against a called hand, in order."""

WEIGHTS: Final = (
    -3.756,
    -0.572,
    -0.391,
    -0.19,
    -0.27,
    -0.246,
    -2.087,
    -0.611,
    -0.288,
    -0.153,
    -3.526,
    -0.455,
    -0.475,
    -0.083,
    -0.664,
    0.492,
    0.411,
    -0.558,
    -0.418,
    0.117,
    0.024,
    0.016,
    -0.234,
    0.088,
    0.172,
    0.336,
    0.09,
    0.212,
    2.61,
    1.028,
)
"""The logistic reading: the intercept, then one weight per `FEATURES` (fitted by
`scripts/ting_reader.py --train 200-349`, Taiwanese LRC)."""


def features(
    unseen: Sequence[int], thrown: Sequence[int], ting: int, melds: Sequence[Meld], tile: int
) -> list[float]:
    """What the table shows of ``tile`` against a called hand (`FEATURES`, in order): the
    tiles still ``unseen`` by the reading seat, the called seat's discards in order
    (``thrown``; ``ting`` the index of the one it called Ting with) and its ``melds``.

    >>> row = dict(zip(FEATURES, features([4] * 34, [27, 0, 5], 2, (), 2)))  # 3 man
    >>> row["suji above thrown"], row["next to the Ting tile"], row["3 or 7"]
    (1.0, 0.0, 1.0)
    """
    before = thrown[: ting + 1]
    called_on = thrown[ting]
    bits = 0
    for t in before:
        bits |= 1 << t
    suited = tile < 27
    rank = tile % 9 if suited else -1
    kind = min(rank, 8 - rank) if suited else 5

    def same_suit(t: int) -> bool:
        return suited and 0 <= t < 27 and t // 9 == tile // 9

    def seen(t: int) -> bool:
        return same_suit(t) and bool(bits >> t & 1)

    def left(step: int) -> float:
        return unseen[tile + step] / 4 if same_suit(tile + step) else 0.0

    below = suited and rank >= 3 and seen(tile - 3)
    above = suited and rank <= 5 and seen(tile + 3)
    in_suit = sum(1 for t in before if same_suit(t))
    suits = {m.tile // 9 for m in melds if m.tile < 27}
    one_suit = len(suits) == 1
    row = [1.0 if kind == k else 0.0 for k in range(6)]
    row += [1.0 if unseen[tile] == n else 0.0 for n in (1, 2, 3)]
    row += [
        float(bits >> tile & 1),
        float(below),
        float(above),
        float(below and above),
        float((below or above) and kind == 0),
        float(same_suit(called_on) and abs(called_on - tile) == 1),
        float(same_suit(called_on) and abs(called_on - tile) == 2),
        float(seen(tile - 1) or seen(tile + 1)),
        float(seen(tile - 2) or seen(tile + 2)),
        in_suit / max(1, len(before)),
        float(suited and in_suit == 0),
        sum(1 for t in before[:5] if same_suit(t)) / 5,
        float(one_suit and suited and tile // 9 in suits),
        float(one_suit and not (suited and tile // 9 in suits)),
        len(melds) / 5,
        left(-1) + left(1),
        left(-2) + left(2),
        min(left(-1), left(-2)) + min(left(1), left(2)) + min(left(-1), left(1)),
        len(before) / 20,
        (len(thrown) - len(before)) / 10,
    ]
    return row


def wait_chance(
    unseen: Sequence[int],
    thrown: Sequence[int],
    ting: int,
    melds: Sequence[Meld],
    tile: int,
    weights: Sequence[float] = WEIGHTS,
) -> float:
    """The chance ``tile`` completes the called hand (`features` names the arguments)."""
    row = features(unseen, thrown, ting, melds, tile)
    z = weights[0] + sum(w * x for w, x in zip(weights[1:], row, strict=True))
    return 1 / (1 + math.exp(-z))


def thrown_in_order(history: Iterable[object], seat: int) -> tuple[list[int], int]:
    """``seat``'s discards in ``history`` (events, other items skipped) in order, and the
    index of the one it called Ting with (-1: it has not called).

    >>> from mahjongkit.game.events import Event, EventKind
    >>> events = [Event(EventKind.DISCARD, 1, 5), Event(EventKind.DISCARD, 2, 7),
    ...           Event(EventKind.DISCARD, 1, 9, 1)]
    >>> thrown_in_order(events, 1)
    ([5, 9], 1)
    """
    thrown: list[int] = []
    ting = -1
    for item in history:
        if isinstance(item, Event) and item.kind is EventKind.DISCARD and item.seat == seat:
            if item.detail:
                ting = len(thrown)
            thrown.append(item.tile)
    return thrown, ting


def discard_penalty(
    view: HandView,
    history: Sequence[object],
    is_safe: Callable[[int, int], bool],
    tiles: Iterable[int],
    weights: Sequence[float] = WEIGHTS,
) -> dict[int, float]:
    """The danger cost in points of discarding each of ``tiles`` against the hands that
    called Ting, read from ``history`` (the events the seat saw, in order), as the
    defender prices it (`TAIWANESE_DEAL_IN` a unit, `CHANCE_UNITS` units a chance) with
    this reading in place of its `danger`. ``is_safe(seat, tile)``: the tiles a called
    hand can no longer win on (it passed them), which cost nothing from it."""
    obs = view.obs
    called = []
    for seat in range(4):
        if seat != obs.seat and obs.ting[seat]:
            thrown, ting = thrown_in_order(history, seat)
            if ting >= 0:
                called.append((seat, thrown, ting))
    penalty = {}
    for tile in tiles:
        units = 0.0
        for seat, thrown, ting in called:
            if not is_safe(seat, tile):
                chance = wait_chance(view.unseen, thrown, ting, obs.melds[seat], tile, weights)
                units += CHANCE_UNITS * chance
        penalty[tile] = TAIWANESE_DEAL_IN * units
    return penalty


__all__ = [
    "CHANCE_UNITS",
    "FEATURES",
    "WEIGHTS",
    "discard_penalty",
    "features",
    "thrown_in_order",
    "wait_chance",
]
