"""One seat's observation as planes over the 34 kinds of tile, and its legal actions as a
mask over the engine's action indexes (`mahjongkit.game.actions`), as NumPy arrays.

The planes are made as bytes by `mahjongkit.game.planes` (standard-library only, so
the compiled build compiles it with the engine), from the seat's own `Observation` (what
the engine lets the seat know, and nothing else), so they can show no other seat's
concealed tiles, and from the match around the hand (`MatchView`). docs/env.md lists
every plane; `PLANES` names them in order.

>>> import random
>>> from mahjongkit.game.state import HandState
>>> hand = HandState.new("mcr", random.Random(5))
>>> planes = encode(hand.observation(0))
>>> planes.shape, planes.dtype, ENCODING_VERSION
((158, 34), dtype('float32'), 2)
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
from mahjongkit.game.planes import (
    BUCKET,
    BUCKETS,
    ENCODING_VERSION,
    LONE_HAND,
    NUM_PLANES,
    PLANES,
    RECENT,
    RELATIVE,
    SCALAR_CAP,
    SCORE_UNIT,
    MatchView,
    SeatBlocks,
    mask_of,
    match_view,
    planes_of,
    state_planes,
    write_mask,
)
from mahjongkit.game.state import HandState
from mahjongkit.tiles import NUM_KINDS

DTYPES = ("float32", "int8")
"""The dtypes the planes come in."""


_SHAPE = (NUM_PLANES, NUM_KINDS)
_INT8 = np.dtype(np.int8)
_NUMPY_DTYPES = {name: np.dtype(name) for name in DTYPES}


def _bad_dtype(dtype: str) -> ValueError:
    return ValueError(f"the planes' dtype is one of {', '.join(DTYPES)}, not {dtype!r}")


def encode(
    obs: Observation,
    dtype: str = "float32",
    match: MatchView = LONE_HAND,
    blocks: SeatBlocks | None = None,
) -> npt.NDArray[Any]:
    """The planes (`NUM_PLANES` x 34) of a seat's observation (not a spectator's), in a
    match that stands as ``match`` says (by default a hand alone: `LONE_HAND`).
    ``blocks``, kept by a table from one decision to the next, saves writing again the
    planes of the seats whose melds and discards have not changed (`SeatBlocks`)."""
    flat = np.frombuffer(planes_of(obs, match, blocks), dtype=np.int8)
    planes = flat.reshape(NUM_PLANES, NUM_KINDS)
    kind = _NUMPY_DTYPES.get(dtype)  # looked up here, not in a helper: every decision
    if kind is None:
        raise _bad_dtype(dtype)
    return planes.astype(kind)  # the caller's own copy, in the dtype asked


def encode_seat(
    hand: HandState,
    seat: int,
    dtype: str = "float32",
    match: MatchView = LONE_HAND,
    blocks: SeatBlocks | None = None,
) -> npt.NDArray[Any]:
    """`encode` of ``hand.observation(seat)``, the same planes, read from the hand without
    building the `Observation` (`mahjongkit.game.planes.state_planes`): the environments'
    way at every decision.

    >>> import random
    >>> from mahjongkit.game.state import HandState
    >>> hand = HandState.new("mcr", random.Random(5))
    >>> bool((encode_seat(hand, 1) == encode(hand.observation(1))).all())
    True
    """
    planes = np.ndarray(_SHAPE, _INT8, state_planes(hand, seat, match, blocks))
    kind = _NUMPY_DTYPES.get(dtype)  # looked up here, not in a helper: every decision
    if kind is None:
        raise _bad_dtype(dtype)
    return planes.astype(kind)  # the caller's own copy, in the dtype asked


def seat_mask(hand: HandState, seat: int) -> npt.NDArray[np.int8]:
    """`action_mask` of ``hand.observation(seat)``, from the seat's legal actions alone."""
    return np.frombuffer(mask_of(hand.legal_actions(seat)), _INT8)


def encode_batch(
    observations: Sequence[Observation],
    out: npt.NDArray[Any],
    matches: Sequence[MatchView] | None = None,
    blocks: Sequence[SeatBlocks | None] | None = None,
) -> None:
    """The planes of several seats' observations written into ``out[:n]`` (``out`` being
    ``[rows, NUM_PLANES, 34]``, rows >= n), each exactly as `encode` gives it with the
    `MatchView` of the same place in ``matches`` (by default every hand alone) and the
    `SeatBlocks` of its table in ``blocks``.

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
    if matches is not None and len(matches) != n:
        raise ValueError(f"{len(matches)} match views for {n} observations")
    if blocks is not None and len(blocks) != n:
        raise ValueError(f"{len(blocks)} seat blocks for {n} observations")
    written = b"".join(
        [
            planes_of(
                obs,
                matches[k] if matches is not None else LONE_HAND,
                blocks[k] if blocks is not None else None,
            )
            for k, obs in enumerate(observations)
        ]
    )
    out[:n] = np.frombuffer(written, dtype=np.int8).reshape(n, NUM_PLANES, NUM_KINDS)


def action_mask(obs: Observation) -> npt.NDArray[np.int8]:
    """1 at the index of every legal action of the seat, 0 elsewhere (`NUM_ACTIONS`)."""
    return np.frombuffer(write_mask(obs), dtype=np.int8)


__all__ = [
    "BUCKET",
    "BUCKETS",
    "DTYPES",
    "ENCODING_VERSION",
    "LONE_HAND",
    "NUM_ACTIONS",
    "NUM_PLANES",
    "PLANES",
    "RECENT",
    "RELATIVE",
    "SCALAR_CAP",
    "SCORE_UNIT",
    "MatchView",
    "SeatBlocks",
    "action_mask",
    "encode",
    "encode_batch",
    "encode_seat",
    "match_view",
    "seat_mask",
]
