"""Reinforcement-learning environments on the engine (the ``rl`` extra: NumPy, Gymnasium,
PettingZoo): `aec_env` (PettingZoo AEC), `parallel_env` (PettingZoo Parallel),
``gymnasium.make("mahjongkit/Mahjong-v0", ...)`` (one learning seat against the project's
bots, `MahjongSingle`; ``gymnasium.make_vec`` of it), `VectorEnv` (many tables stepped
together, their decisions stacked), and the observation planes they give (`encode`,
`ENCODING_VERSION`). docs/env.md describes them.
"""

from __future__ import annotations

from .aec import MahjongAEC, aec_env
from .encoding import ENCODING_VERSION, NUM_PLANES, PLANES, action_mask, encode
from .parallel import MahjongParallel, parallel_env
from .single import ENV_ID, MahjongSingle, register
from .table import AGENTS
from .vector import VectorEnv

register()

__all__ = [
    "AGENTS",
    "ENCODING_VERSION",
    "ENV_ID",
    "NUM_PLANES",
    "PLANES",
    "MahjongAEC",
    "MahjongParallel",
    "MahjongSingle",
    "VectorEnv",
    "action_mask",
    "aec_env",
    "encode",
    "parallel_env",
]
