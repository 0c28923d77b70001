"""Players that choose actions from observations: the `Bot` protocol and simple bots.

>>> sorted(BOTS)
['random']
"""

from __future__ import annotations

from mahjongkit.bots.base import Bot
from mahjongkit.bots.random_bot import RandomBot

BOTS = {"random": RandomBot}
"""Bot classes by name; each is built from a ``random.Random``."""

__all__ = ["BOTS", "Bot", "RandomBot"]
