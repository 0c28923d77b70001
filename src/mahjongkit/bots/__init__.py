"""Players that choose actions from observations: the `Bot` protocol and simple bots.

>>> sorted(BOTS)
['defender', 'efficient', 'random', 'scorer', 'searcher']
"""

from __future__ import annotations

from mahjongkit.game.players import Bot, BotFactory, Decision, RandomBot


def _tiers() -> dict[str, BotFactory]:
    # Imported here: the stronger bots read the game package, which imports this one.
    from mahjongkit.bots.defender import DefenderBot
    from mahjongkit.bots.efficient import EfficientBot
    from mahjongkit.bots.scorer import ScorerBot
    from mahjongkit.bots.searcher import SearcherBot

    return {
        "efficient": EfficientBot,
        "scorer": ScorerBot,
        "defender": DefenderBot,
        "searcher": SearcherBot,
    }


BOTS: dict[str, BotFactory] = {"random": RandomBot}
"""Bot classes by name, weakest first; each is built with no argument (chance, where a
bot leaves anything to it, comes from each `Decision`)."""
BOTS.update(_tiers())


def factories(names: list[str]) -> list[BotFactory]:
    """The bot classes of these names, in order, for a match to build.

    >>> [f.__name__ for f in factories(["random", "scorer"])]
    ['RandomBot', 'ScorerBot']
    >>> factories(["clever"])
    Traceback (most recent call last):
    ...
    ValueError: unknown bot 'clever'; known: defender, efficient, random, scorer, searcher
    """
    for name in names:
        if name not in BOTS:
            raise ValueError(f"unknown bot {name!r}; known: {', '.join(sorted(BOTS))}")
    return [BOTS[name] for name in names]


__all__ = ["BOTS", "Bot", "BotFactory", "Decision", "RandomBot", "factories"]
