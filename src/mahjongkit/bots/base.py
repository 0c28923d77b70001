"""The `Bot` protocol and the `Decision` a bot is asked, as the game defines them
(`mahjongkit.game.players`)."""

from mahjongkit.game.players import Bot, BotFactory, Decision

__all__ = ["Bot", "BotFactory", "Decision"]
