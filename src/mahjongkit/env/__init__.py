"""Reinforcement-learning environments on the engine (the ``rl`` extra: NumPy, Gymnasium,
PettingZoo): `aec_env` (PettingZoo AEC), `parallel_env` (PettingZoo Parallel), and the
observation planes they give (`encode`, `ENCODING_VERSION`). docs/env.md describes them.
"""

from __future__ import annotations

from .aec import MahjongAEC, aec_env
from .encoding import ENCODING_VERSION, NUM_PLANES, PLANES, action_mask, encode
from .parallel import MahjongParallel, parallel_env
from .table import AGENTS

__all__ = [
    "AGENTS",
    "ENCODING_VERSION",
    "NUM_PLANES",
    "PLANES",
    "MahjongAEC",
    "MahjongParallel",
    "action_mask",
    "aec_env",
    "encode",
    "parallel_env",
]
