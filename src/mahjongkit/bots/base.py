"""The `Bot` protocol: a player that picks one legal action from what it may know.

A bot sees only an `Observation` (its own tiles, the table, its legal actions) and must
be deterministic given its own seeded ``random.Random``.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from mahjongkit.game.actions import Action
from mahjongkit.game.observation import Observation


@runtime_checkable
class Bot(Protocol):
    """Chooses an action; ``observation.legal_actions`` is never empty when asked."""

    name: str

    def act(self, observation: Observation) -> Action:
        """One of ``observation.legal_actions``."""
        ...


__all__ = ["Bot"]
