"""Players that choose actions from observations: the `Bot` protocol and simple bots.

>>> sorted(BOTS)
['defender', 'efficient', 'random', 'scorer']
"""

from __future__ import annotations

import random
from collections.abc import Callable

from mahjongkit.bots.base import Bot
from mahjongkit.bots.random_bot import RandomBot


def _tiers() -> dict[str, Callable[[random.Random], Bot]]:
    # Imported here: the stronger bots read the game package, which imports this one.
    from mahjongkit.bots.defender import DefenderBot
    from mahjongkit.bots.efficient import EfficientBot
    from mahjongkit.bots.scorer import ScorerBot

    return {"efficient": EfficientBot, "scorer": ScorerBot, "defender": DefenderBot}


BOTS: dict[str, Callable[[random.Random], Bot]] = {"random": RandomBot}
"""Bot classes by name, weakest first; each is built from a ``random.Random``."""
BOTS.update(_tiers())

__all__ = ["BOTS", "Bot", "RandomBot"]
