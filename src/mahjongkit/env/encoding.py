"""One seat's observation as planes over the 34 kinds of tile, and its legal actions as a
mask over the engine's action indexes (`mahjongkit.game.actions`).

The planes are built from the seat's own `Observation` (what the engine lets the seat
know, and nothing else), so they can show no other seat's concealed tiles. Every plane
is a row of 34 columns, one per kind in the engine's order (1m..9m, 1p..9p, 1s..9s, E S W
N, C F P); a number that concerns no kind (a count of flowers, the tiles left in the
wall) fills its whole row. Seats are taken relative to the observer: 0 the observer, 1
the next in turn (on its right), 2 across, 3 the previous (on its left). docs/env.md
lists every plane; `PLANES` names them in order.

>>> import random
>>> from mahjongkit.game.state import HandState
>>> hand = HandState.new("mcr", random.Random(5))
>>> planes = encode(hand.observation(0))
>>> planes.shape, planes.dtype, ENCODING_VERSION
((107, 34), dtype('float32'), 1)
>>> int(planes[PLANES.index("own tiles >= 1")].sum()) <= 14
True
>>> int(action_mask(hand.observation(0)).sum()) == len(hand.legal_actions(0))
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from mahjongkit.game.actions import NUM_ACTIONS
from mahjongkit.game.observation import Observation
from mahjongkit.tiles import EAST, NUM_KINDS

ENCODING_VERSION = 1
"""Changes whenever a plane is added, removed, reordered or given another meaning."""

SCALAR_CAP = 127
"""A number filling a row is capped here, so every plane fits in ``int8``."""

RELATIVE = ("self", "next", "across", "previous")
"""The seats as the observer sees them (the observer, then in turn order)."""

RECENT = (1, 3, 6)
"""The discard recency planes: the kinds among a seat's last 1, 3 and 6 discards."""

_SEAT_PLANES = (
    *(f"melds >= {k}" for k in range(1, 5)),
    *(f"discards >= {k}" for k in range(1, 5)),
    "discards claimed",
    "discards thrown from the draw",
    *(f"discards among last {n}" for n in RECENT),
)
_SEAT_NUMBERS = (
    "concealed kongs",
    "flowers",
    "concealed tiles",
    "ting",
    "forfeited",
    "dealer",
    "wall part",
    "gives the tile answered",
    "threw the latest discard",
)


def _plane_names() -> tuple[str, ...]:
    names = [f"own tiles >= {k}" for k in range(1, 5)]
    names.append("own drawn tile")
    for r in RELATIVE:
        names += [f"{r}: {p}" for p in _SEAT_PLANES]
    names += [f"table discards >= {k}" for k in range(1, 5)]
    names += ["latest discard", "tile answered", "seat wind", "prevalent wind"]
    for r in RELATIVE:
        names += [f"{r}: {p}" for p in _SEAT_NUMBERS]
    names += ["wall live", "wall remaining", "dealer streak", "turn", "claim", "rob"]
    return tuple(names)


PLANES = _plane_names()
"""Every plane's name, in order (docs/env.md says what each holds)."""
NUM_PLANES = len(PLANES)

_OWN = 0
_DRAWN = 4
_SEAT = 5
_PER_SEAT = len(_SEAT_PLANES)
_TABLE = _SEAT + 4 * _PER_SEAT
_LATEST = _TABLE + 4
_ANSWERED = _LATEST + 1
_SEAT_WIND = _ANSWERED + 1
_PREVALENT = _SEAT_WIND + 1
_NUMBERS = _PREVALENT + 1
_PER_NUMBER = len(_SEAT_NUMBERS)
_GLOBAL = _NUMBERS + 4 * _PER_NUMBER
_PHASES = {"turn": _GLOBAL + 3, "claim": _GLOBAL + 4, "rob": _GLOBAL + 5}
assert _GLOBAL + 6 == NUM_PLANES

DTYPES = ("float32", "int8")
"""The dtypes the planes come in."""


_COUNT_ROWS = np.array(
    [
        _OWN,
        *(_SEAT + r * _PER_SEAT for r in range(4)),
        *(_SEAT + r * _PER_SEAT + 4 for r in range(4)),
        _TABLE,
    ]
)
"""The first of the four rows of each count: own tiles, each seat's melds, each seat's
discards, the table's discards (in the order `encode` gathers them)."""
_LEVELS = np.arange(1, 5)[None, :, None]
_COUNT_INDEX = (_COUNT_ROWS[:, None] + np.arange(4)[None, :]).ravel()
"""Every row a count fills, in gathering order (four per count)."""


_Parts = tuple[list[Sequence[int]], list[int], list[int], list[int], list[int]]
"""A seat's planes gathered in Python lists: the 13 counts over the kinds (own tiles,
each seat's melds, each seat's discards, the table's), the marks (rows, kinds), and the
numbers (rows, values)."""


def _gather(obs: Observation) -> _Parts:
    """What the planes of ``obs`` hold, in Python lists (see `_Parts`)."""
    seat = obs.seat
    if not 0 <= seat < 4:
        raise ValueError(f"planes are built for a seat 0..3, not {seat}")
    centre = obs.centre
    meld_counts: list[list[int]] = [[0] * NUM_KINDS for _ in range(4)]
    discard_counts: list[list[int]] = [[0] * NUM_KINDS for _ in range(4)]
    table = [0] * NUM_KINDS
    mark_rows: list[int] = []
    mark_kinds: list[int] = []
    number_rows: list[int] = []
    numbers: list[int] = []
    for s in range(4):
        r = (s - seat) % 4
        base = _SEAT + r * _PER_SEAT
        counts = meld_counts[r]
        for meld in obs.melds[s]:
            for t in meld.tiles:
                counts[t] += 1
        row = obs.discards[s] if not centre else ()
        counts = discard_counts[r]
        for t, claimed in row:
            counts[t] += 1
            if claimed:
                mark_rows.append(base + 8)
                mark_kinds.append(t)
            else:
                table[t] += 1
        drawn = obs.drawn_discards[s] if not centre else ()
        for (t, _), from_draw in zip(row, drawn, strict=False):
            if from_draw:
                mark_rows.append(base + 9)
                mark_kinds.append(t)
        for k, n in enumerate(RECENT):
            for t, _ in row[-n:]:
                mark_rows.append(base + 10 + k)
                mark_kinds.append(t)
        first = _NUMBERS + r * _PER_NUMBER
        values = (
            obs.hidden_kongs[s],
            len(obs.flowers[s]),
            obs.hand_sizes[s],
            obs.ting[s],
            obs.forfeited[s],
            s == 0,
            obs.wall_parts[s] if obs.wall_parts else 0,
            s == obs.claim_giver,
            s == obs.last_discarder,
        )
        for k, value in enumerate(values):
            if value:
                number_rows.append(first + k)
                numbers.append(int(value))
    for row_index, kind in (
        (_DRAWN, obs.last_tile),
        (_LATEST, obs.last_discard),
        (_ANSWERED, obs.claim_tile),
        (_SEAT_WIND, EAST + seat),
        (_PREVALENT, obs.prevalent_wind),
    ):
        if kind >= 0:
            mark_rows.append(row_index)
            mark_kinds.append(kind)
    number_rows += [_GLOBAL, _GLOBAL + 1, _GLOBAL + 2]
    numbers += [obs.wall_live, obs.wall_remaining, obs.dealer_streak]
    phase = _PHASES.get(obs.phase)
    if phase is not None:
        number_rows.append(phase)
        numbers.append(1)
    all_counts: list[Sequence[int]] = [obs.concealed, *meld_counts, *discard_counts]
    all_counts.append(obs.pond if centre else table)
    return all_counts, mark_rows, mark_kinds, number_rows, numbers


def encode(obs: Observation, dtype: str = "float32") -> npt.NDArray[Any]:
    """The planes (`NUM_PLANES` x 34) of a seat's observation (not a spectator's).

    Gathered in Python lists, then written as `encode_batch` writes a batch (a batch of
    one): the counts (1 where a kind's count is at least 1, 2, 3, 4, sent to NumPy as
    bytes), the marks (one kind in one row), the numbers (a whole row)."""
    if dtype not in DTYPES:
        raise ValueError(f"the planes' dtype is one of {', '.join(DTYPES)}, not {dtype!r}")
    planes = np.empty((NUM_PLANES, NUM_KINDS), dtype=dtype)
    encode_batch([obs], planes[None])
    return planes


def encode_batch(observations: Sequence[Observation], out: npt.NDArray[Any]) -> None:
    """The planes of several seats' observations written into ``out[:n]`` (``out`` being
    ``[rows, NUM_PLANES, 34]``, rows >= n): each exactly as `encode` gives it, the NumPy
    operations done once for the whole batch rather than once for each.

    >>> import random
    >>> from mahjongkit.game.state import HandState
    >>> hand = HandState.new("mcr", random.Random(5))
    >>> seen = [hand.observation(s) for s in range(4)]
    >>> out = np.zeros((4, NUM_PLANES, NUM_KINDS), dtype=np.int8)
    >>> encode_batch(seen, out)
    >>> all((out[s] == encode(seen[s], "int8")).all() for s in range(4))
    True
    """
    n = len(observations)
    if out.ndim != 3 or out.shape[0] < n or out.shape[1:] != (NUM_PLANES, NUM_KINDS):
        raise ValueError(f"out holds rows of {NUM_PLANES} x {NUM_KINDS} planes, not {out.shape}")
    counts: list[Sequence[int]] = []
    mark_at: list[int] = []
    mark_rows: list[int] = []
    mark_kinds: list[int] = []
    number_at: list[int] = []
    number_rows: list[int] = []
    numbers: list[int] = []
    for k, obs in enumerate(observations):
        c, mr, mk, nr, nv = _gather(obs)
        counts += c
        mark_at += [k] * len(mr)
        mark_rows += mr
        mark_kinds += mk
        number_at += [k] * len(nr)
        number_rows += nr
        numbers += nv
    planes = out[:n]
    planes.fill(0)
    if not n:
        return
    # A tile's count is 0..4: the counts go to NumPy as bytes, several times faster than
    # as lists of lists.
    counted = np.frombuffer(b"".join([bytes(c) for c in counts]), dtype=np.uint8)
    levels = counted.reshape(n, -1, 1, NUM_KINDS) >= _LEVELS
    planes[:, _COUNT_INDEX] = levels.reshape(n, -1, NUM_KINDS)
    planes[mark_at, mark_rows, mark_kinds] = 1
    planes[number_at, number_rows] = np.minimum(numbers, SCALAR_CAP)[:, None]


def action_mask(obs: Observation) -> npt.NDArray[np.int8]:
    """1 at the index of every legal action of the seat, 0 elsewhere (`NUM_ACTIONS`)."""
    mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
    for a in obs.legal_actions:
        mask[a.to_index()] = 1
    return mask


__all__ = [
    "DTYPES",
    "ENCODING_VERSION",
    "NUM_PLANES",
    "PLANES",
    "RECENT",
    "RELATIVE",
    "SCALAR_CAP",
    "action_mask",
    "encode",
    "encode_batch",
]
