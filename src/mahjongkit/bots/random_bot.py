"""The uniform random bot: the game's own default player (`mahjongkit.game.players`).

>>> RandomBot().name
'random'
"""

from mahjongkit.game.players import RandomBot

__all__ = ["RandomBot"]
