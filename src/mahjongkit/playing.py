"""Playing from Python: one hand, or a whole match, between bots named or given.

The front door's `play_hand` and `play_match` (``import mahjongkit``). Bots are given as
``"scorer,efficient"`` (one to four names separated by commas, East first, the last
filling the seats left, as the command line's ``--bots``), or as a list of one to four
names, bot classes or bots. A seed decides everything: the same seed and bots play the
same game as ``mahjongkit hand`` and ``mahjongkit match`` do.

>>> state = play_hand("mcr", bots="scorer,efficient", seed=3)
>>> state.result.winners, state.result.scores[0].total
((3,), 24)
>>> play_hand("mcr", bots="clever")
Traceback (most recent call last):
...
ValueError: unknown bot 'clever'; known: defender, efficient, random, scorer, searcher
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from mahjongkit.bots import BOTS
from mahjongkit.game.match import Match, MatchRecord
from mahjongkit.game.players import Bot, BotFactory
from mahjongkit.game.runner import play_hand as run_hand
from mahjongkit.game.state import HandState
from mahjongkit.rules.ruleset import Ruleset, get_ruleset
from mahjongkit.tiles import wind_of

Entrant = str | Bot | BotFactory
"""A seat's player: a bot's name (`mahjongkit.bots.BOTS`), a bot class (or any maker of
a bot from nothing), or a bot."""
Entrants = str | Sequence[Entrant]
"""Four seats' players: names separated by commas, or a list of one to four entrants;
the last fills the seats left."""


def line_up(bots: Entrants) -> list[Entrant]:
    """The four seats' entrants, East first; the last one given fills the seats left.

    >>> line_up("scorer, efficient")
    ['scorer', 'efficient', 'efficient', 'efficient']
    >>> line_up([])
    Traceback (most recent call last):
    ...
    ValueError: give one to four bots, East first, not 0
    """
    if isinstance(bots, str):
        given: list[Entrant] = [n.strip() for n in bots.split(",") if n.strip()]
    else:
        given = list(bots)
    if not 1 <= len(given) <= 4:
        raise ValueError(f"give one to four bots, East first, not {len(given)}")
    for entrant in given:
        if isinstance(entrant, str) and entrant not in BOTS:
            raise ValueError(f"unknown bot {entrant!r}; known: {', '.join(sorted(BOTS))}")
    return given + [given[-1]] * (4 - len(given))


def _maker(entrant: Entrant) -> Bot | BotFactory:
    """A bot as given, or the maker of the bot of this name (a bot class is a maker too:
    it has a bot's ``name`` and ``act``, so it is told apart as a class)."""
    return BOTS[entrant] if isinstance(entrant, str) else entrant


def play_hand(
    ruleset: str | Ruleset = "mcr",
    bots: Entrants = "random",
    seed: int = 0,
    *,
    prevalent_wind: str = "E",
) -> HandState:
    """One hand between four bots, played to its end; returns its final state (print it
    for the table, `mahjongkit.game.record.record_of` for its record).

    The wall is shuffled with ``random.Random(seed)``, and the bots draw their chances
    from each decision of the hand of that seed: the hand ``mahjongkit hand --seed``
    plays.
    """
    rules = get_ruleset(ruleset)
    state = HandState.new(rules, random.Random(seed), wind_of(prevalent_wind))
    seated: list[Bot] = []
    for entrant in line_up(bots):
        maker = _maker(entrant)
        if isinstance(maker, type) or not isinstance(maker, Bot):
            maker = maker()
        seated.append(maker)
    run_hand(state, seated, seed)
    return state


def play_match(
    ruleset: str | Ruleset = "mcr",
    bots: Entrants = "random",
    seed: int = 0,
    *,
    max_hands: int | None = None,
    time_limit: float | None = None,
) -> MatchRecord:
    """A game between four entrants (seated by the wind-tile draw) to its end: the game's
    rounds, ``max_hands`` or ``time_limit`` seconds; returns its record (the match
    ``mahjongkit match --seed`` plays).

    >>> record = play_match("taiwanese-lrc", bots="efficient", seed=4, max_hands=2)
    >>> len(record.hands), sum(record.final_scores)
    (2, 8000)
    """
    entrants = [_maker(e) for e in line_up(bots)]
    # `Match.play` is the bot loop over `MatchState` (mahjongkit.game.runner).
    return Match(ruleset, seed, entrants, max_hands=max_hands, time_limit=time_limit).play()


__all__ = ["Entrant", "Entrants", "line_up", "play_hand", "play_match"]
