"""The Gymnasium spaces of every environment: the planes with the action mask, and the
engine's action indexes.

>>> observation_space("int8")["observation"].shape
(158, 34)
>>> action_space().n
np.int64(167)
"""

from __future__ import annotations

import numpy as np
from gymnasium import spaces

from mahjongkit.game.actions import NUM_ACTIONS
from mahjongkit.tiles import NUM_KINDS

from .encoding import NUM_PLANES, SCALAR_CAP


def observation_space(dtype: str = "float32") -> spaces.Dict:
    """``observation``: the planes (`NUM_PLANES` x 34, 0..`SCALAR_CAP`);
    ``action_mask``: 0 or 1 per action index, ``int8``."""
    return spaces.Dict(
        {
            "observation": spaces.Box(0, SCALAR_CAP, (NUM_PLANES, NUM_KINDS), np.dtype(dtype)),
            "action_mask": spaces.Box(0, 1, (NUM_ACTIONS,), np.int8),
        }
    )


def action_space() -> spaces.Discrete:
    """One action index (`mahjongkit.game.actions`): 0..NUM_ACTIONS-1."""
    return spaces.Discrete(NUM_ACTIONS)
