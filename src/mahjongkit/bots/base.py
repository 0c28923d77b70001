"""The `Bot` protocol, as the game defines it (`mahjongkit.game.players`)."""

from mahjongkit.game.players import Bot, BotFactory

__all__ = ["Bot", "BotFactory"]
