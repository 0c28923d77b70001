"""The game's contract with its players: the `Bot` protocol, and the uniform player that
sits where no other is given.

A bot sees only an `Observation` (its own tiles, the table, its legal actions) and must
be deterministic given its own seeded ``random.Random``. The stronger bots live above the
game (`mahjongkit.bots`), and turning their names into bots is the adapters' work.

>>> import random
>>> from mahjongkit.game.state import HandState
>>> state = HandState.new("mcr", random.Random(3))
>>> bot = RandomBot(random.Random(0))
>>> bot.act(state.observation(0)) in state.legal_actions(0)
True
>>> isinstance(bot, Bot)
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
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


BotFactory = Callable[[random.Random], Bot]
"""Makes a bot from the generator a match draws for its seat (a bot class is one)."""


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


__all__ = ["Bot", "BotFactory", "RandomBot"]
