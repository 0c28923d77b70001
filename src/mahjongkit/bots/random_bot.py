"""A bot that picks uniformly among the legal actions, with its own seeded generator.

>>> import random
>>> from mahjongkit.game.state import HandState
>>> state = HandState.new("mcr", random.Random(3))
>>> bot = RandomBot(random.Random(0))
>>> bot.act(state.observation(0)) in state.legal_actions(0)
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from mahjongkit.game.actions import Action
from mahjongkit.game.observation import Observation


class RandomBot:
    """Uniform among legal actions; deterministic given ``rng``."""

    name = "random"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def act(self, observation: Observation) -> Action:
        """A uniformly chosen legal action."""
        return self.choose(observation.legal_actions)

    def choose(self, legal: Sequence[Action]) -> Action:
        """The same choice from the legal actions alone (the simulator's fast path: this
        bot needs nothing else of the observation)."""
        return legal[self.rng.randrange(len(legal))]


__all__ = ["RandomBot"]
