"""The uniform random bot: the game's own default player (`mahjongkit.game.players`).

>>> import random
>>> RandomBot(random.Random(0)).name
'random'
"""

from mahjongkit.game.players import RandomBot

__all__ = ["RandomBot"]
